/* generate.h - writing text: the model, the sampler, a verse form and the text so far.
 *
 * A Generator holds the text as token ids and keeps the model's view of it
 * current. Where the prompt stands, at the start of a poem or inside a text,
 * is decided here, by gen_start, for the explorer and every command alike
 * (PromptStart below).
 *
 * The window: the model reads at most `context` characters. When the text is
 * longer, the next character is predicted from the last `context` characters
 * only. With the cache on, the cache then no longer matches the window (its
 * positions start one later), so it is refilled from the window in one full
 * pass; from there it grows by single steps again. With the cache off, every
 * prediction is a full pass over the window. Both give the same logits.
 */
#ifndef TS_GENERATE_H
#define TS_GENERATE_H

#include <stddef.h>

#include "form.h"
#include "infer.h"
#include "model.h"
#include "rng.h"
#include "sampler.h"

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
 */
typedef enum { PROMPT_MID_TEXT = 0, PROMPT_POEM_START = 1 } PromptStart;

typedef struct {
    const Model *m;     /* not owned */
    Infer inf;
    SamplerState ss;
    int use_cache;      /* 1: KV cache; 0: recompute the window every step */
    int *text;          /* [cap] token ids: a newline, the prompt, what was written */
    size_t n, cap;
    size_t prefix;      /* 1 if text[0] is the newline the rule puts there, else 0 */
    PromptStart where;  /* the rule the text is read by (gen_start) */
    size_t cache_start; /* text index of the cache's position 0 */
    int have_logits;    /* inf.logits belong to the current text */
    long forward_rows;  /* positions computed so far (work done, for the explorer) */
} Generator;

int gen_init(Generator *g, const Model *m, int use_cache, TsErr *err);
void gen_free(Generator *g);

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

/* Switch the cache on or off; the next prediction uses the new path. */
void gen_set_cache(Generator *g, int use_cache);

/* Logits [V] for the character after the current text, or NULL with err
 * "the model produced non-finite scores at position N" (infer_check_logits)
 * when the model's numbers overflowed; asking again gives the same answer. */
const float *gen_logits(Generator *g, TsErr *err);
/* Append a character. Under PROMPT_MID_TEXT the first character of an empty
 * text takes the place of its newline (the cache starts again). */
int gen_append(Generator *g, int token, TsErr *err);
/* Take the last character back and return it; the cache forgets its position.
 * The last character of all leaves the empty text, a newline alone. Returns -1
 * when the text is already empty (or, without a newline in the vocabulary,
 * when its last character would leave nothing). */
int gen_pop(Generator *g);

/* Choose the next character with the sampler (and the form's mask, if form is
 * not NULL), append it and advance the form. Returns the token or -1 with err
 * set when nothing can be chosen or the model's scores are not finite. */
int gen_sample(Generator *g, const SamplerSettings *set, Form *form, Rng *rng, TsErr *err);

/* Write until a newline (not appended to the result's characters, but kept
 * in the text) or max_chars characters. Returns the number of characters
 * written, or -1 with err. */
int gen_poem(Generator *g, const SamplerSettings *set, Form *form, Rng *rng, int max_chars,
             TsErr *err);

/* Time writing `chars` characters from the start of a poem with the default
 * sampler and the given seed; newlines do not stop it (a benchmark of pure
 * decoding). Returns seconds, or a negative number with err set. */
double gen_timed(Generator *g, int chars, uint64_t seed, TsErr *err);

/* The text from index `from` (use g->prefix to skip the starting newline) as
 * UTF-8 in a new buffer (free it); newlines included as they are. */
char *gen_text_utf8(const Generator *g, size_t from);

#endif
