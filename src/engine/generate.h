/* generate.h - writing text: the model, the sampler, a verse form and the text so far.
 *
 * A Generator holds the text as token ids and keeps the model's view of it
 * current. Where the prompt stands, at the start of a poem or inside a text,
 * is decided here, by gen_start, for the explorer and every command alike
 * (PromptStart below).
 *
 * The window: the model reads at most `context` characters (its learned
 * positions end there). What it reads once the text is longer is the context
 * policy, the same for the cached and the uncached path, so both give the same
 * logits to the bit and write the same text:
 *
 *   CONTEXT_SHIFT (the default) - when the window is full and one more
 *     character comes, the window moves on to the newest half of the text:
 *     the last context/2 characters (at least one). The cached path forgets
 *     its cache and reads that half again in one full pass (the positions are
 *     learned, so cached keys cannot be moved as llama.cpp moves rotary ones;
 *     what stays the same is the idea: keep the newest half, go on cached).
 *     The window then grows by single cached steps until it is full again.
 *     Without the cache, every prediction is a full pass over the same
 *     window. The window's start depends on the text's length alone:
 *       start(n) = 0 while n <= context, else j x (context + 1 - half), with
 *       j = ceil((n - context) / (context + 1 - half)), half = context / 2,
 *     so taking characters back returns to the window they were read in.
 *     Cost: about one cached step per character plus a full pass over half a
 *     window every half window; the model sees between half and a whole
 *     window of text.
 *   CONTEXT_SLIDE - every prediction reads the last `context` characters.
 *     The model always sees a whole window, but past the context the cache
 *     helps nothing: its positions would all move by one each step, so every
 *     step is a full pass over the window, cached or not.
 *
 * Below the context both policies read the whole text, the same way.
 */
#ifndef TS_GENERATE_H
#define TS_GENERATE_H

#include <stddef.h>

#include "engine/form.h"
#include "engine/infer.h"
#include "engine/model.h"
#include "engine/rng.h"
#include "engine/sampler.h"

/* Where a prompt stands: the one rule by which the explorer and every command
 * (probs, generate, acrostic, jueju, demo) turn a prompt into what the model
 * reads.
 *
 *   PROMPT_POEM_START  the prompt opens a poem: the model reads a newline
 *                      before it, as before every poem of the training text.
 *                      The default everywhere.
 *   PROMPT_MID_TEXT    the prompt is a fragment from inside a text: the model
 *                      reads it as it is, with nothing before it (--mid-text).
 *                      This is what the training text's counts of a context,
 *                      wherever it occurs, compare with.
 *
 * Either way an empty text is a newline alone: with nothing else to read, the
 * model starts a poem. Under PROMPT_MID_TEXT that newline gives way to the
 * first character appended and comes back when the last one is taken back, so
 * the text the model reads is always the rule applied to the characters:
 *   POEM_START: newline, characters     MID_TEXT: characters (newline if none)
 * A vocabulary without a newline cannot start a poem (gen_start refuses
 * PROMPT_POEM_START); its empty mid-text is its first character alone
 * (gen_start_token), since a model always reads at least one.
 */
typedef enum { PROMPT_MID_TEXT = 0, PROMPT_POEM_START = 1 } PromptStart;

/* The character an empty text is (see above): the newline, or in a
 * vocabulary without one its first character, id 0. */
int gen_start_token(const Model *m);

/* What the model reads once the text is longer than its context (see above). */
typedef enum { CONTEXT_SHIFT = 0, CONTEXT_SLIDE = 1 } ContextPolicy;

/* One context shift: before predicting text[at] (with `at` characters of text),
 * the window moved to text[start .. at), read again in one pass. */
typedef struct {
    size_t at;
    size_t start;
} GenShift;

struct Generator;
/* A verse form's mask done otherwise (a student's constraint, app/stageprog.h):
 * called with the form's own mask in allowed[V] (form_allowed), where the
 * form is not free, before the sampler runs; it may change allowed. Returns
 * 0, or -1 with err (the caller then fails as for a mask that allows nothing). */
typedef int (*GenMaskHook)(void *ctx, const Form *form, const struct Generator *g,
                           uint8_t *allowed, TsErr *err);

typedef struct Generator {
    const Model *m;     /* not owned */
    Infer inf;
    SamplerState ss;
    GenMaskHook mask_hook; /* NULL: the form's own mask; else this, with mask_ctx, after it
                            * (gen_sample and nextview_compute) */
    void *mask_ctx;
    int use_cache;      /* 1: KV cache; 0: recompute the window every step */
    ContextPolicy policy; /* past the context (gen_set_policy); CONTEXT_SHIFT after gen_init */
    int *text;          /* [cap] token ids: a newline, the prompt, what was written */
    size_t n, cap;
    size_t prefix;      /* 1 if text[0] is the newline the rule puts there, else 0 */
    PromptStart where;  /* the rule the text is read by (gen_start) */
    size_t cache_start; /* text index of the cache's position 0 */
    int have_logits;    /* inf.logits belong to the current text */
    long forward_rows;  /* positions computed so far (work done, for the explorer) */
    int last_rows;      /* positions the last pass computed, its T: the current logits
                         * came from T new positions after inf.len - T cached ones */
    double model_s;     /* seconds in the model's passes since gen_init (gen_logits) */
    double sampler_s;   /* seconds in the sampler since gen_init (gen_sample) */
    float coin;         /* the uniform number in [0, 1) the last gen_sample gave the sampler;
                         * with ss.final, the distribution it drew from, sampler_coin says
                         * where it landed */
} Generator;

/* The one default set: the sampler settings and the seed that the explorer
 * and the writing commands (generate, acrostic, jueju) start from, so the same
 * prompt and seed write the same poem on the screen and on the command line:
 * temperature 0.8, top-k off, top-p 1 (off), min-p 0 (off), repetition
 * penalty 1 (off, and ， 。 and the newline exempt when it is on), seed 1. */
#define GEN_DEFAULT_SEED 1
SamplerSettings gen_default_settings(void);

/* The sampler state's exempt characters (ss.exempt) are ， 。 and the
 * newline: the repetition penalty leaves them alone unless the settings say
 * penalize_punctuation. */
int gen_init(Generator *g, const Model *m, int use_cache, TsErr *err);
void gen_free(Generator *g);

/* Choose the context policy; the next prediction uses it. */
void gen_set_policy(Generator *g, ContextPolicy policy);
/* "shift" -> CONTEXT_SHIFT, "slide" -> CONTEXT_SLIDE; returns -1 for anything
 * else. gen_policy_name is the reverse. */
int gen_policy_parse(const char *name, ContextPolicy *policy);
const char *gen_policy_name(ContextPolicy policy);

/* The window the next prediction reads: text[gen_window_start(g) .. g->n). */
size_t gen_window_start(const Generator *g);
/* The context shifts behind the window the next prediction reads, in the
 * order they happen: shift i for 0 <= i < gen_shift_count(g). A shift at `at`
 * belongs to the prediction made with `at` characters of text, so a text of
 * exactly `at` characters counts it already. Under CONTEXT_SLIDE there are
 * none (the window moves on by one every step instead). */
size_t gen_shift_count(const Generator *g);
GenShift gen_shift(const Generator *g, size_t i);

/* Start over with the prompt (token ids), read by the rule `where`: with
 * PROMPT_POEM_START, or when the prompt is empty, a newline goes first. The
 * only place a prompt becomes what the model reads. Fails if a newline is
 * needed and the vocabulary has none. */
int gen_start(Generator *g, const int *prompt, size_t n, PromptStart where, TsErr *err);
/* The model's weights changed (training wrote them): the next prediction
 * uses the new ones. The text stays; the cache is recomputed. The generator
 * only reads the model, so it can write samples between training steps
 * without changing the training. */
void gen_reload(Generator *g);

/* Read with another model of the same shape and vocabulary from now on (the
 * same weights rounded otherwise, model_set_precision): as gen_reload, the
 * text stays and the next prediction computes the cache again. */
void gen_set_model(Generator *g, const Model *m);

/* Switch the cache on or off; the next prediction uses the new path. */
void gen_set_cache(Generator *g, int use_cache);

/* Logits [V] for the character after the current text, or NULL with err
 * "the model produced non-finite scores at position N" (infer_check_logits)
 * when the model's numbers overflowed; asking again gives the same answer. */
const float *gen_logits(Generator *g, TsErr *err);
/* Compute the last pass again, exactly as gen_logits made it (the same
 * rows after the same cached ones, so the same logits to the bit), and
 * return its seconds; -1 if there is no pass to repeat (no logits yet).
 * For timing a pass several times and keeping the fastest: the counters
 * (forward_rows, model_s) do not count it. */
double gen_repeat_pass(Generator *g);
/* Append a character. Under PROMPT_MID_TEXT the first character of an empty
 * text takes the place of its newline (the cache starts again). */
int gen_append(Generator *g, int token, TsErr *err);
/* Take the last character back and return it; the cache forgets its position.
 * The last character of all leaves the empty text, its start character
 * alone (gen_start_token). Returns -1 when the text is already empty. */
int gen_pop(Generator *g);

/* The text the repetition penalty looks at for the next character: the
 * window the model reads, text[gen_window_start(g) .. n). *n gets its length.
 * gen_sample and the explorer's bars both use it. */
const int *gen_recent(const Generator *g, size_t *n);

/* The form's mask for the next character, by the mask hook where there is
 * one: allowed[V] filled; returns how many it allows, 0 (err: the form
 * allows nothing) or -1 (err: the hook failed). */
int gen_form_mask(const Generator *g, const Form *form, uint8_t *allowed, TsErr *err);

/* Choose the next character with the sampler (and the form's mask, if form is
 * not NULL), append it and advance the form. Returns the token or -1 with err
 * set when nothing can be chosen or the model's scores are not finite. */
int gen_sample(Generator *g, const SamplerSettings *set, Form *form, Rng *rng, TsErr *err);

/* Write until a newline (not appended to the result's characters, but kept
 * in the text) or max_chars characters. Returns the number of characters
 * written, or -1 with err. */
int gen_poem(Generator *g, const SamplerSettings *set, Form *form, Rng *rng, int max_chars,
             TsErr *err);

/* gen_poem, telling step about every character as it is written: g->ss.model
 * then holds the model's distribution for it (softmax of the logits) and
 * g->ss.final the sampler's; the character is the last of g->text. A step
 * that returns non-zero stops the poem (gen_poem_steps returns -1 with the
 * step's err). gen_poem is gen_poem_steps without a step. */
typedef int (*GenStepFn)(void *ctx, const Generator *g, int token, TsErr *err);
int gen_poem_steps(Generator *g, const SamplerSettings *set, Form *form, Rng *rng, int max_chars,
                   GenStepFn step, void *ctx, TsErr *err);

/* A Generator as it stands: its text, the window's cache and the logits of
 * the last pass, kept so that it can be put back later exactly as it was
 * (the explorer keeps one after each lesson step, so going back to a step
 * costs a copy instead of replaying the lesson). The settings and the
 * sampler's buffers are not part of it. */
typedef struct {
    int *text;          /* [n] */
    size_t n, prefix, cache_start;
    PromptStart where;
    int use_cache, have_logits, last_rows;
    ContextPolicy policy;
    long forward_rows;
    double model_s, sampler_s;
    float coin;
    int cache_len;      /* Infer.len */
    float *k_cache, *v_cache, *att_last, *logits; /* as Infer's, whole */
} GenSnapshot;

/* Take g into snap (allocating; snap starts zeroed or freed). Returns 0 or -1 with err. */
int gen_snapshot_take(const Generator *g, GenSnapshot *snap, TsErr *err);
/* Put snap back into g, a Generator of the same model. Returns 0 or -1 with err. */
int gen_snapshot_restore(Generator *g, const GenSnapshot *snap, TsErr *err);
void gen_snapshot_free(GenSnapshot *snap);

/* The text from index `from` (use g->prefix to skip the starting newline) as
 * UTF-8 in a new buffer (free it), as a plain-text output writes it
 * (vocab_written_cp): newlines included as they are, a control character a
 * vocabulary should never hold as its picture or U+FFFD. */
char *gen_text_utf8(const Generator *g, size_t from);

#endif
