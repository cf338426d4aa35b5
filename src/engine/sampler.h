/* sampler.h - from the model's scores to one chosen character, in stages.
 *
 * The chain: logits -> repetition penalty -> temperature -> softmax -> top-k
 * -> top-p -> min-p -> constraint mask -> renormalise -> pick. Every stage
 * writes its own buffer in SamplerState and leaves its input alone, so the
 * explorer can show each step (the bars before and after the sampler, what a
 * mask blocked); read a stage with sampler_stage_buffer, since a stage that
 * keeps everything is not copied (sampler_run). The random number is passed in (`coin`), which makes every
 * stage a pure function and the whole chain testable.
 *
 * The filters come before the mask, so the explorer shows how much of the
 * model's own distribution a form has to block. When the filters keep only
 * characters the mask blocks (top-k 1 or temperature 0 at the head of an
 * acrostic line), the mask wins: sampler_run runs the chain again with the
 * mask applied first, and the filters then choose among the allowed
 * characters (see sampler_run).
 */
#ifndef TS_SAMPLER_H
#define TS_SAMPLER_H

#include <stddef.h>
#include <stdint.h>

#include "engine/common.h"
#include "engine/vocab.h"

/* The smallest temperature that divides the logits; anything below it,
 * down to 0, is greedy (the top character). Dividing by less only comes
 * closer to greedy, and a tiny temperature overflows the logits to infinity
 * (1e-45, a denormal, has an infinite inverse), which would spread the
 * probability evenly over every character with a positive score instead.
 * The sampler applies it itself, so every caller behaves the same. */
#define SAMPLER_MIN_TEMPERATURE 0.001f

typedef struct {
    float temperature;        /* >= SAMPLER_MIN_TEMPERATURE divides the logits; below it,
                               * 0 included, greedy (the top character) */
    int top_k;                /* keep the k most probable; 0 = off */
    float top_p;              /* keep the smallest top set whose probability reaches p; 1 = off */
    float min_p;              /* keep characters with p >= min_p * p(top); 0 = off */
    float repetition_penalty; /* > 1 makes characters already in the text less likely; 1 = off */
    int penalize_punctuation; /* 0: the penalty leaves the state's exempt characters alone
                               * (， 。 and the newline, see sampler_exempt_punctuation), so
                               * lines and poems can still end; 1: it penalises them too */
} SamplerSettings;

/* ---- the chain's stages, in order ----
 *
 * sampler_stage_name gives the names `probs --json` writes ("model",
 * "repetition_penalty", "temperature", "top_k", "top_p", "min_p",
 * "form_mask", "final"); the enum follows them. The filters are the stages
 * from STAGE_TEMPERATURE + 1 up to STAGE_FORM_MASK - 1: each keeps a subset
 * of its input, and the last of them feeds the mask. */
typedef enum {
    STAGE_MODEL,
    STAGE_REPETITION_PENALTY,
    STAGE_TEMPERATURE,
    STAGE_TOP_K,
    STAGE_TOP_P,
    STAGE_MIN_P,
    STAGE_FORM_MASK,
    STAGE_FINAL,
    STAGE_COUNT
} SamplerStage;

/* ---- the settings, one row each ----
 *
 * Every front end reads this table: the options and --list-options of
 * `generate` and `probs`, `set NAME` in scripts and lessons, the sliders,
 * the session JSON, the session code, the stages line. Adding a setting: its
 * field in SamplerSettings, its id here, its row in SAMPLER_SETTINGS
 * (sampler.c), its stage (below), its labels (app/labels.c) and its tests.
 * A new id goes last: the session code (sesscode.h) names a setting by its
 * place in this table, so every row keeps its place. */
typedef enum {
    SET_TEMPERATURE,
    SET_TOP_K,
    SET_TOP_P,
    SET_MIN_P,
    SET_REPETITION_PENALTY,
    SET_COUNT
} SamplerSettingId;

typedef struct {
    const char *name;     /* "top-p": `set top-p`, the engine's messages; its words
                           * in po/ by it: msgctxt "setting top-p" and
                           * "setting-help top-p" (labels.h app_setting_word) */
    const char *flag;     /* "--top-p": the commands' option */
    const char *arg;      /* "P": its value as --help names it (the help's sentence
                           * for it, "setting-help NAME" in po/, uses the same letter) */
    const char *json;     /* "top_p": the key in every JSON the program writes */
    const char *range_msg; /* sampler_settings_check's message, a format with the value
                            * (%d for an integer, %g for a number): errtext translates it */
    size_t field;         /* offsetof(SamplerSettings, ...): an int if integer, else a float */
    int integer;          /* 1: an int (top-k) */
    double lo, hi;        /* the values it takes: lo..hi, or (lo, hi] with lo_open */
    int lo_open;
    double def;           /* sampler_defaults' value */
    double off;           /* the value at which it changes nothing (temperature: 1) */
    int reads_text;       /* 1: it acts on the text written so far (the penalty): `probs`
                           * applies it to PROMPT; the top-p exercise's request leaves it out */
    /* the slider (slider 0: none): its bar, the resolution values snap to,
     * and a key's step (sampler_setting_step): step_fn(value, +1 or -1), or
     * when that is NULL a fixed step */
    int slider;
    double bar_lo, bar_hi;
    int to_vocab;         /* 1: a value past the bar, up to the vocabulary size, is
                           * taken too (a slider's range, `set NAME`): top-k */
    int past_bar;         /* 1: a value past the bar, up to hi, is taken too: the
                           * penalty's bar ends at 3, `set repetition-penalty 5` holds */
    double resolution;
    double step;
    double (*step_fn)(double value, int dir);
    SamplerStage stage;   /* the stage it drives */
} SamplerSetting;

extern const SamplerSetting SAMPLER_SETTINGS[SET_COUNT];

/* The setting's value in s, as a double (an int field converted). */
double sampler_setting_get(const SamplerSettings *s, SamplerSettingId id);
/* Store v (an integer setting takes it rounded); no range check. */
void sampler_setting_set(SamplerSettings *s, SamplerSettingId id, double v);
/* Is the setting at its off value (it changes nothing)? */
int sampler_setting_off(const SamplerSettings *s, SamplerSettingId id);
/* Do a and b hold the same value of every setting of the table? */
int sampler_settings_same(const SamplerSettings *a, const SamplerSettings *b);
/* The setting whose name (`top-p`) or flag (`--top-p`) is word, or -1. */
int sampler_setting_find(const char *word);
/* One key press from v (dir > 0: up): the value the slider moves to,
 * before clamping. Most move by their step; top-k 1..10 one by one, then
 * by 5 to 50, then by 10; min-p by .01 up to .1, then by .05 (their rows'
 * step_fn). */
double sampler_setting_step(SamplerSettingId id, double v, int dir);

/* temperature 1, every filter off, punctuation exempt from the penalty */
SamplerSettings sampler_defaults(void);

/* Check ranges: temperature 0..100, top_k 0..1000000 (more than V keeps
 * everything), top_p (0, 1], min_p 0..1, repetition_penalty 1..100 (the
 * table's ranges). The message (the row's range_msg) begins with the
 * setting's name and gives its range as --help writes it, e.g. "top-p must
 * be a number in (0, 1], not 1.5"; a front end that calls the setting
 * otherwise (a flag, a slider) puts its own name in its place. */
int sampler_settings_check(const SamplerSettings *s, TsErr *err);

/* A replacement for the built-in top-p (a student's, stageprog.h): reads in
 * (top-k's output, [V]), writes out ([V]): each entry in[i] or 0. Returns 0,
 * or -1 with err, which stops the chain (sampler_run fails with it). */
typedef int (*SamplerTopPHook)(void *ctx, float *out, const float *in, int V,
                               const SamplerSettings *set, TsErr *err);

typedef struct {
    int V;
    float *model;     /* [V] softmax of the logits: filled by sampler_stages and gen_poem_steps only */
    float *penalized_probs; /* [V] softmax of penalized: filled by sampler_stages only */
    float *penalized; /* [V] logits after the repetition penalty */
    float *scaled;    /* [V] ... divided by the temperature */
    float *probs;     /* [V] softmax of scaled: the distribution before any filter */
    float *top_k;     /* [V] probs with everything outside the top k set to 0 */
    float *top_p;     /* [V] ... then outside the nucleus */
    float *min_p;     /* [V] ... then below min_p * max */
    float *masked;    /* [V] ... then the constraint's blocked characters set to 0 */
    float *final;     /* [V] masked, renormalised to sum 1: what `pick` draws from */
    uint8_t *exempt;  /* [V] 1 for characters the repetition penalty leaves alone unless
                       * penalize_punctuation is set; all 0 after sampler_init */
    int *scratch;     /* [2V] work space of top-k and top-p */
    int kept;         /* characters with final > 0 */
    float filtered;   /* probability mass (of probs) removed by top-k, top-p and min-p */
    float blocked;    /* probability mass (of probs) removed by the constraint mask from
                         what the filters kept; without mask_first,
                         filtered + blocked + sum(masked) = 1 (up to rounding) */
    unsigned skipped; /* bit k set: sampler_run left stage k's buffer unwritten, because
                       * the stage kept everything (a filter that is off, no mask): its
                       * output is the stage before it, and sampler_stage_buffer gives
                       * that; read a stage through it, not through its field */
    int penalized_is_logits; /* 1: the penalty was off and `penalized` was not written:
                              * it is the logits sampler_run read (sampler_stages,
                              * given them, writes it) */
    int mask_first;   /* 1 when the filters kept nothing the mask allows and the chain
                         was run with the mask first (sampler_run); the buffers from
                         scaled on then hold that second run */
    SamplerTopPHook top_p_hook; /* NULL: the built-in top-p (sampler_top_p); else this,
                                 * called with top_p_ctx, in its place */
    void *top_p_ctx;
} SamplerState;

/* Allocates every buffer for V tokens; sampler_free releases them (and is
 * safe on a state that sampler_init failed to fill). */
int sampler_init(SamplerState *s, int V, TsErr *err);
void sampler_free(SamplerState *s);
/* Mark ， 。 and the newline of vocabulary v (those it has) as exempt from
 * the repetition penalty, as llama.cpp leaves the newline alone: a penalty
 * that reached them would keep lines and poems from ending. v must be the
 * vocabulary the state's V belongs to. */
void sampler_exempt_punctuation(SamplerState *s, const Vocab *v);

/* The stages. Each reads `in` and writes `out` ([V] each); none allocates. */
/* logits of tokens in recent[0..n) are divided by penalty when positive, multiplied when negative;
 * a token that occurs several times is penalised once; ids outside [0, V) are ignored, and so are
 * ids with exempt[id] != 0 (exempt may be NULL: none) */
void sampler_repetition_penalty(float *out, const float *in, int V, const int *recent, size_t n,
                                float penalty, const uint8_t *exempt);
/* temperature >= SAMPLER_MIN_TEMPERATURE: out = in / temperature; below it
 * (0 included): out is the input with every entry but the first maximum set
 * to -INFINITY (greedy) */
void sampler_temperature(float *out, const float *in, int V, float temperature);
/* Numerically stable (the maximum is subtracted). Scores more than 87 below the
 * maximum (e^-87 ~ 1.6e-38), and -inf, get probability exactly 0. If every
 * score is -inf, out is all 0; if some are +inf, they share the probability. */
void sampler_softmax(float *out, const float *in, int V);
/* The one order every list of characters is shown in: does id a come before
 * id b, that is, is it more probable, or equally probable and a lower id? A
 * strict total order (for probabilities that are numbers), so a sorted list
 * is unique. sampler_sort, the ranks of the explorer and the pinyin input's
 * candidates all follow it. */
int sampler_before(const float *probs, int a, int b);
/* The entropy, in nats, of p[0..V) divided by its total sum (1 for a
 * distribution; 0 when sum is not above 0); terms with p 0 add nothing. */
double sampler_entropy(const float *p, int V, double sum);
/* order: ids sorted by in, descending (ties by id); computed by sampler_sort */
void sampler_sort(int *order, const float *probs, int V);
/* The same order, but only its first n entries: order[0..n) sorted as
 * sampler_sort would put them, order[n..V) unspecified. O(V log n). */
void sampler_sort_prefix(int *order, const float *probs, int V, int n);

/* top-k and top-p keep a prefix of "the order": the ids sorted by in,
 * descending, equal values by lower id first (sampler_sort's order). Neither
 * sorts: they find where the prefix ends by a radix search over the bits of
 * the probabilities (a histogram of the top bits, then of the next bits inside
 * the one bucket where the prefix ends, then of the last), a few passes over
 * the vocabulary whatever k or p is, where sorting a nucleus of thousands of
 * characters cost more than the model's step. The kept set is exactly the
 * sorted prefix, ties included. in holds probabilities (>= 0). */
/* keeps exactly the first k ids of the order (k <= 0 or k >= V: everything);
 * scratch [V] is work space */
void sampler_top_k(float *out, const float *in, int V, int k, int *scratch);
/* Keeps the shortest prefix of the order whose running sum reaches p * total,
 * at least one id; p >= 1 keeps everything. total is the sum of in added in id
 * order, the running sum is added in the order, both in double: so p is a
 * share of what top-k kept, and top-k then top-p behaves as if top-k's output
 * had been renormalised first. The search adds whole buckets at once, which
 * gives the same running sums because every probability of 2^-29 or more is a
 * multiple of 2^-52 and sums below 2 of such numbers are exact in double in
 * any order. When the nucleus reaches below 2^-29 (p within about 1e-5 of 1)
 * or in is not a distribution, it sorts instead (a radix sort, linear in V)
 * and walks the order, with the same result. scratch [2V] is work space. */
void sampler_top_p(float *out, const float *in, int V, float p, int *scratch);
/* keeps in[i] >= min_p * max(in); min_p 0 keeps everything */
void sampler_min_p(float *out, const float *in, int V, float min_p);
/* allowed == NULL keeps everything; else allowed[i] != 0 keeps token i */
void sampler_mask(float *out, const float *in, int V, const uint8_t *allowed);
/* out = in / sum(in); returns the sum (0 means nothing is left) */
float sampler_renormalise(float *out, const float *in, int V);
/* The token where the running sum of probs first exceeds coin (coin in [0,1)),
 * summing in id order; tokens with probability 0 are never chosen (coin 0 gives
 * the first token with probability > 0). Falls back to the last token with
 * probability > 0 (rounding), or -1 if every probability is 0. */
int sampler_pick(const float *probs, int V, float coin);

/* The whole chain. recent: the text so far (for the penalty); allowed: the
 * constraint mask or NULL. Fills final, kept, filtered and blocked, and the
 * buffer of every stage that changed something; a stage that kept everything
 * (a filter that is off, no mask) is left unwritten and read as the stage
 * before it (sampler_stage_buffer), so the default settings copy nothing.
 *
 * The mask wins over the filters: if the filters keep no character the mask
 * allows, the chain runs again from the penalised logits with the blocked
 * logits set to -inf before the temperature (mask_first = 1). The filters then
 * act on the model's distribution over the allowed characters, so temperature
 * 0 or top-k 1 picks the most probable allowed character and top-p takes the
 * nucleus of the allowed ones. filtered and blocked stay in units of the
 * model's unmasked distribution: blocked is all the mass the mask removes,
 * filtered the mass the second run's filters removed from the rest.
 *
 * Returns the chosen token, or -1 (err says so) only if the mask allows no
 * character, or only characters with probability 0, or (no mask) if the
 * logits leave no character at all (all -inf or NaN), or when the top-p
 * hook failed (err is then its message). */
int sampler_run(SamplerState *s, const SamplerSettings *set, const float *logits, const int *recent,
                size_t n_recent, const uint8_t *allowed, float coin, TsErr *err);

/* ---- the coin: where the random number landed ----
 *
 * sampler_pick walks the characters in id order, and the coin lands in the
 * interval of the character where the running sum first passes it. A class
 * sees the same distribution as one bar with the most probable character
 * first (ties by lower id, sampler_sort's order). Every character's interval
 * has the same length on both, so the coin's point moves with its
 * character's interval: on the ranked bar it lies as far into that
 * character's segment as it lay into its interval in id order. It lands on
 * the same character, and a uniform coin is uniform on the bar too. */
typedef struct {
    int id;       /* the character: what sampler_pick gives for the coin */
    int rank;     /* its place on the ranked bar, 1 = the most probable */
    double start; /* where its segment begins on the ranked bar: the
                   * probability of every character ranked above it */
    double at;    /* the coin's point on the ranked bar, in [start, start + probs[id]) */
} SamplerCoin;

/* Where coin (in [0, 1), the number sampler_run was given) lands on probs
 * (the final distribution sampler_run drew from). Returns 0, or -1 when every
 * probability is 0. */
int sampler_coin(const float *probs, int V, float coin, SamplerCoin *out);

/* ---- the chain stage by stage, for the explorer and `probs` ---- */

/* The stage's row: its name (`probs --json`), its key on the explorer's
 * stages line ('p'; 0: not on the line), its buffer and the setting that
 * drives it (-1: none). */
typedef struct {
    const char *name;     /* "top_p": probs --json; its column heading in po/ is
                           * msgctxt "stage top_p" (labels.h app_stage_word) */
    char head;
    size_t buffer;        /* offsetof(SamplerState, ...), a float * */
    int setting;          /* SamplerSettingId or -1 */
} SamplerStageInfo;

extern const SamplerStageInfo SAMPLER_STAGES[STAGE_COUNT];

const char *sampler_stage_name(SamplerStage stage);

typedef struct {
    int kept[STAGE_COUNT];      /* characters with probability > 0 after the stage */
    double sum[STAGE_COUNT];    /* the stage buffer's total (sampler_stage_prob divides by it) */
    double removed[STAGE_COUNT]; /* model probability (softmax of the logits) of the characters
                                  * this stage set to 0 while the stage before kept them */
    double removed_total;       /* model probability of the characters the final distribution
                                 * gives 0: the sum of removed[] (up to rounding) */
    double entropy_model;       /* of the model's distribution, in nats */
    double entropy_final;       /* of the final distribution, in nats */
} SamplerStages;

/* After sampler_run on the same logits: fills s->model and s->penalized_probs
 * and st. With mask_first the blocked characters leave at the temperature
 * stage (the chain ran with the mask first) and the mask removes nothing more. */
void sampler_stages(SamplerState *s, const float *logits, SamplerStages *st);
/* The stage's buffer ([V]); the filters' buffers are not renormalised. A
 * stage that kept everything in the last sampler_run gives the buffer of the
 * stage before it (SamplerState.skipped): the same numbers, not copied. */
const float *sampler_stage_buffer(const SamplerState *s, SamplerStage stage);
/* id's probability after the stage, renormalised over what the stage keeps
 * (the distribution the sampler would draw from if it stopped there); 0 if
 * the stage keeps nothing. */
float sampler_stage_prob(const SamplerState *s, const SamplerStages *st, SamplerStage stage, int id);

#endif
