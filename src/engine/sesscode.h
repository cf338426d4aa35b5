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
 * The check digit c makes  sum_i d_i * 3^(n-i) + c  a multiple of 31, where
 * d_0 .. d_(n-1) are the digits before it. 31 is prime and 3 generates every
 * non-zero remainder mod 31, so every single mistyped digit and every swap of
 * two neighbouring digits changes the sum: each such typo is refused.
 *
 * The number packs its fields in mixed radix, the first field in the lowest
 * place (each field costs log2 of its radix in bits, never a whole byte):
 *   the model's fingerprint (radix 512); the form with the prompt's start
 *   (radix 14); the temperature (radix 23: 0.0 .. 2.0 in tenths, or a class
 *   that adds hundredths or the float's exact bits); whether anything else
 *   differs from the defaults (radix 2), and if so top-k, top-p, min-p, the
 *   repetition penalty, the punctuation switch, the context policy, wide ids,
 *   the number of poems and --max-chars; the seed (0..15 in one place, any
 *   64-bit seed in two more); the acrostic's heads; and last the prompt's
 *   token ids as a bijective base-8192 number (base 2^21 when the
 *   vocabulary is larger), whose length needs no field.
 * So a prompt of up to 10 characters, a temperature in tenths up to 2, top-k,
 * top-p, min-p and the penalty off and a seed up to 15 makes a code of at most
 * 32 characters; a setting off that path adds a few.
 *
 * Every value is stored exactly: the decoded settings are the same floats.
 * The code names the model only by a 9-bit fingerprint of its configuration,
 * vocabulary and weights (one model in 512 shares it); session_code_check
 * refuses a code whose fingerprint or token ids do not fit the model.
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
#define SESSION_CODE_MAX 900      /* digits (with the check digit) a code may have */
#define SESSION_FINGERPRINTS 512  /* the fingerprint is 0 .. 511 */
#define SESSION_DEFAULT_MAX_CHARS 200 /* generate's --max-chars when the code says nothing */

typedef struct {
    unsigned fingerprint;         /* session_code_fingerprint of the model */
    int prompt[SESSION_MAX_CHARS]; /* token ids */
    int n_prompt;
    FormKind form;
    int line_len;                 /* 5 or 7 (acrostic and jueju; 7 for free) */
    int heads[FORM_MAX_HEADS];    /* acrostic: token ids of the line openers */
    int n_heads;                  /* 1..FORM_MAX_HEADS for an acrostic, else 0 */
    int mid_text;                 /* 1: the prompt is read as a fragment (PROMPT_MID_TEXT) */
    SamplerSettings set;
    uint64_t seed;
    ContextPolicy policy;
    int poems;                    /* generate's -n, 1..10000 */
    int max_chars;                /* generate's --max-chars, 1..1000000 */
} SessionCode;

/* A code for the defaults: empty prompt, free form, the sampler's defaults,
 * seed 1, one poem of at most SESSION_DEFAULT_MAX_CHARS, at the start of a
 * poem, CONTEXT_SHIFT. */
void session_code_init(SessionCode *c, unsigned fingerprint);

/* The fingerprint of a model: a hash of its configuration, vocabulary and
 * weights, reduced to 0 .. SESSION_FINGERPRINTS - 1. */
unsigned session_code_fingerprint(const Model *m);

/* Write c as a code into out (size bytes, NUL-terminated). Returns the
 * code's length, or -1 with err if a field is out of range (an id below 0
 * or at 2^21 or more, more than SESSION_MAX_CHARS prompt characters, settings
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

/* Does the code fit model m: the same fingerprint, every id in the
 * vocabulary, the heads Han characters? Returns 0, or -1 with err. */
int session_code_check(const SessionCode *c, const Model *m, TsErr *err);

#endif
