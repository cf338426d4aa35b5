/* sesscode.h - a session as a short code a student can type: the prompt, the
 * sampler's settings, the seed and the verse form.
 *
 * The code is a number written in base 31 with the digits
 *     2 3 4 5 6 7 8 9 A B C D E F G H J K M N P Q R S T U V W X Y Z
 * (no 0, 1, I, L or O, which are read and heard as one another), most
 * significant digit first, then one check digit. Decoding takes lower case as
 * upper case and skips spaces and dashes, so "7KQ3-..." may be written in
 * groups.
 *
 * The check digit c makes  sum_i d_i * 3^(n-i) + c + 1  a multiple of 31,
 * where d_0 .. d_(n-1) are the digits before it. 31 is prime and 3 generates
 * every non-zero remainder mod 31, so every single mistyped digit and every
 * swap of two neighbouring digits changes the sum: each such typo is refused.
 * (The + 1 is this format's: codes of the first one, which stored token ids,
 * had none, so 30 in 31 of them are refused rather than misread.)
 *
 * The format: this is format 3, whose codes start with one 2, the digit 0
 * (a number never starts with 0, so format 2's codes, which had no mark,
 * never do; two 2s would be a format 4, refused as "made by a newer
 * tangscope"). Format 2's codes still open: decoding reads them by that
 * format's fields, which are format 3's but for the two marked (3) below.
 * docs/session-code.md describes both digit by digit.
 *
 * The number packs its fields in mixed radix, the first field in the lowest
 * place; a field's radix may depend on the fields before it, so a common
 * value costs few bits and a rare one more (a field of radix r costs log2 r
 * bits). In reading order, with what each costs:
 *   the model's fingerprint (3: XOR 341, so a code whose mark was
 *             dropped, or a format 2 code with one added, names
 *             another model)                                  9 bits
 *   the form: free (at a poem's start or mid-text)            2
 *             jueju 5/7, acrostic 5/7 (either start)          4.58
 *   the temperature: 0.0 .. 2.0 in tenths                     5.39
 *             0.00 .. 10.00 in hundredths                     11.97
 *             any other float: its exact bits                 34
 *   top-k, top-p, min-p, repetition penalty: all off           1
 *             else which are on                               4.91, plus each:
 *     top-k   the slider's steps 1..10, 15..50 by 5, 60..200 by 10: 6.04;
 *             1..1024: 12; up to 1000000: 21.93
 *     top-p   0.05 .. 0.95 by 0.05: 5.25; hundredths: 8.63; any: 34
 *     min-p   the slider's steps .01 .. .10 by .01, .15 .. 1 by .05: 5.81;
 *             thousandths: 11.97; any: 34
 *     penalty 1.05 .. 2.00 by 0.05: 5.32; hundredths up to 10: 11.81; any: 34
 *   punctuation penalized, context policy slide, -n, --max-chars,
 *   key steps (below), the later settings (3):
 *             all at their defaults                           1; else 7.6 or more
 *   the seed: below 16                                        5
 *             below 1000                                      12.52
 *             below 1000000                                   22.52
 *             any 64-bit seed                                 66.58
 *   an acrostic with a prompt: its heads' count (6) and its heads
 *   the prompt (or the acrostic's heads when there is no prompt), each
 *   character by its rank in the training text (charrank.h), in classes
 *   of ranks [0, 2), [2, 34), [34, 98), ... (each class starts at twice the
 *   last one's start + 30):  ， and 。                       4
 *             the next 32: 8; 64: 9; 128: 10; 256: 11; 512: 12;
 *             the next 1024 (ranks 994 .. 2017): 13
 *             the rest of the training text's 7311 characters: 16.37
 *             any other character (its code point): 24.09
 *   as a bijective number (each character one more than its fields), so its
 *   length needs no field.
 * 31 digits hold 31 x log2 31 = 153.58 bits, so the code has at most 33
 * characters, the mark included, when the parts add up to at most that (a character of c bits
 * adds up to log2(1 + 2^-c) to its c: 0.09 for ， and 。, next to nothing
 * for the others). So a code has at most 33 characters for a prompt of up to
 * 10 characters
 *   (a) from the 2,018 most frequent, in free form, with the temperature in
 *       tenths up to 2, the other settings off and a seed below 16 (with a
 *       jueju or an acrostic's heads: from the 994 most frequent);
 *   (b) from the 482 most frequent, in free form, with the temperature in
 *       tenths, one of top-k, top-p, min-p and the penalty on its steps and a
 *       seed below 1000 (e.g. --top-k 20 --seed 123);
 *   (c) from the 98 most frequent, in any form, with the temperature, top-k,
 *       top-p, min-p and the penalty each on its steps and a seed below 1000;
 *   (d) from the 34 most frequent, in any form, with every slider of the
 *       explorer on one of its steps and a seed below 1000000.
 * An acrostic's heads count as its prompt here (as `acrostic` and the
 * explorer's `a` make them). test_sesscode test_promise tries the worst cases
 * of each, and that the next class of ranks breaks each. Real prompts
 * mix common and rarer characters: a 10-character stretch of the validation
 * text costs 96 bits on the median, 110 at the 95th percentile.
 *
 * Key steps (the explorer's Space, digits, Enter, Backspace after the
 * prompt, SessionStep) ride in the rare settings: the bit that codes
 * without them hold as 0 says they follow, so every code made before them
 * reads as it did. They cost the draws before step 1 (5 bits below 16, else
 * 33), their count (9) and 2 bits a step, plus 4 for a pick's candidate and
 * 1 for an Enter (17 for one stopped by Esc): a prompt of 3 characters and
 * Enter has a code of about 20 characters however much Enter wrote. In
 * format 2 a bit followed them that it wrote as 0, for a later format (a
 * format 2 code with it set is "made by a newer tangscope").
 *
 * The later settings (3): the sampler's table (sampler.h SAMPLER_SETTINGS)
 * keeps its rows in their places, and the code names a setting by its
 * place. The first five (SESSION_CODE_BASE: temperature, top-k, top-p, min-p,
 * repetition penalty) are held as above; the rows after them, among the
 * rare settings after the key steps: a bit (all at their defaults), else
 * the list's length n - 6 (radix 27: the place after the last one not at
 * its default), which of the places 5 .. n - 2 are not at their default
 * (n - 6 bits; place n - 1 is), and each of those in place order, by one
 * encoding for all: hundredths up to 10 (1.58 + 9.97 bits), a whole number
 * below 2^32 (1.58 + 32) or a float's bits (1.58 + 32). A setting at its
 * default costs nothing, so a program with more settings writes the code a
 * program without them writes for a session that leaves them alone; a
 * program reading a code that sets one it has not reads the value, leaves
 * that setting out (its default, as it has none) and says so
 * (session_code_note). A new setting needs nothing here.
 *
 * Every value is stored exactly: the decoded settings are the same floats.
 * The prompt is held as characters (code points), not token ids, so reading
 * a code needs no model. The code names the model only by a 9-bit
 * fingerprint of its configuration, vocabulary and weights (one model in 512
 * shares it); session_code_check refuses a code whose fingerprint or
 * characters do not fit the model.
 */
#ifndef TS_SESSCODE_H
#define TS_SESSCODE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/common.h"
#include "engine/form.h"
#include "engine/generate.h"
#include "engine/model.h"
#include "engine/sampler.h"

#define SESSION_MAX_CHARS 128     /* prompt characters a code holds */
#define SESSION_CODE_MAX 1024     /* digits (with the check digit) a code may have */
#define SESSION_FINGERPRINTS 512  /* the fingerprint is 0 .. 511 */
#define SESSION_DEFAULT_MAX_CHARS 200 /* generate's --max-chars when the code says nothing */
#define SESSION_MAX_STEPS 512     /* key steps a code holds after its prompt */
#define SESSION_PICK_MAX 16       /* a pick step takes candidate 1 .. 16 */
#define SESSION_ENTER_MAX 65535   /* an Enter stopped after at most this many characters */
#define SESSION_CODE_BASE 5       /* the sampler settings format 2 holds: the table's first five */
#define SESSION_CODE_SETTINGS 32  /* the sampler settings a code of format 3 may hold */

/* The explorer's keys a code may hold after its prompt, replayed in order
 * when it is opened (app_session_open): a text of any length made from a
 * short prompt by these keys still has a short code. */
typedef enum {
    SESSION_STEP_DRAW,  /* Space: the sampler draws one character */
    SESSION_STEP_PICK,  /* a digit: candidate n (1 .. SESSION_PICK_MAX) */
    SESSION_STEP_ENTER, /* Enter: n 0 = the run went to its end; else Esc after n characters */
    SESSION_STEP_BACK,  /* Backspace */
    SESSION_STEP_KINDS
} SessionStepKind;

typedef struct {
    uint8_t kind;       /* SessionStepKind */
    uint16_t n;
} SessionStep;

typedef struct {
    unsigned fingerprint;         /* session_code_fingerprint of the model */
    uint32_t prompt[SESSION_MAX_CHARS]; /* code points */
    int n_prompt;
    FormKind form;
    int line_len;                 /* 5 or 7 (acrostic and jueju; 7 for free) */
    uint32_t heads[FORM_MAX_HEADS]; /* acrostic: code points of the line openers */
    int n_heads;                  /* 1..FORM_MAX_HEADS for an acrostic, else 0 */
    int mid_text;                 /* 1: the prompt is read as a fragment (PROMPT_MID_TEXT) */
    SamplerSettings set;
    uint64_t seed;
    ContextPolicy policy;
    int poems;                    /* generate's -n, 1..10000 */
    int max_chars;                /* generate's --max-chars, 1..1000000 */
    /* the key steps after the prompt (none in a code of the first formats) */
    uint32_t draws;               /* the generator's draws since the seed before step 1 */
    SessionStep steps[SESSION_MAX_STEPS];
    int n_steps;
    /* what decoding left out: settings the code sets that this program has
     * not (a code of a newer tangscope); they stay at their defaults */
    int unknown_setting;          /* the first one's place in the writer's table
                                   * (SET_COUNT or more), or -1: none */
    int n_unknown;                /* how many */
} SessionCode;

/* A code for the defaults: empty prompt, free form, the sampler's defaults,
 * seed 1, one poem of at most SESSION_DEFAULT_MAX_CHARS, at the start of a
 * poem, CONTEXT_SHIFT. */
void session_code_init(SessionCode *c, unsigned fingerprint);

/* The fingerprint of a model: a hash of its configuration, vocabulary and
 * weights, reduced to 0 .. SESSION_FINGERPRINTS - 1. */
unsigned session_code_fingerprint(const Model *m);

/* Write c as a code into out (size bytes, NUL-terminated). Returns the
 * code's length, or -1 with err if a field is out of range (a code point
 * that is no Unicode scalar value, more than SESSION_MAX_CHARS prompt characters, settings
 * sampler_settings_check refuses, ...) or out is too small (SESSION_CODE_MAX
 * + 1 bytes is always enough). */
int session_code_encode(const SessionCode *c, char *out, size_t size, TsErr *err);

/* Read a code from text[0..len) (any bytes; need not be NUL-terminated).
 * Returns 0 and fills out, or -1 with err saying what is wrong: a character
 * that is no digit of a code, a check digit that does not match (a typo), a
 * code too long, or fields no encoder writes. Never reads past len, never
 * writes past *out, for any input. Says nothing about the model: see
 * session_code_check. */
int session_code_decode(const char *text, size_t len, SessionCode *out, TsErr *err);

/* After session_code_decode: 0 when c holds every setting its code set;
 * else -1 with note saying in one line which setting was left at its default
 * (the code was made by a tangscope with more sampler settings). */
int session_code_note(const SessionCode *c, TsErr *note);

/* Does the code fit model m: the same fingerprint, every character in the
 * vocabulary, the heads Han characters? Returns 0, or -1 with err. */
int session_code_check(const SessionCode *c, const Model *m, TsErr *err);

#endif
