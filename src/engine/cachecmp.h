/* cachecmp.h - the KV cache against no cache: the same text written twice.
 *
 * Two generators, one with the cache and one without, start from the same
 * text with the same settings, verse form, seed and context policy, and write
 * one character each per step. Each step says how long each took (the model's
 * passes and the whole step), what each wrote, whether their logits are
 * identical (the same bytes: every float's bits, so -0 against +0 or two
 * different NaNs count as a difference) and, as an extra figure, the largest
 * |difference| over the vocabulary. The paths run the same kernels in the same
 * order, so the logits are identical and the texts the same; a step that is
 * not shows it.
 *
 * `tangscope bench`, `tangscope demo` and the explorer's comparison (key b)
 * all measure through cachecmp_step.
 */
#ifndef TS_CACHECMP_H
#define TS_CACHECMP_H

#include <stddef.h>
#include <stdint.h>

#include "engine/form.h"
#include "engine/generate.h"
#include "engine/rng.h"
#include "engine/sampler.h"

typedef struct {
    Generator cached, full;  /* with the KV cache, and recomputing the window */
    Form form_cached, form_full; /* each run's place in the verse form */
    Rng rng_cached, rng_full;
    SamplerSettings set;
    int use_form;            /* 0: free text */
    int repeats;             /* each step's model pass is timed this many times and the
                              * fastest counts (a loaded machine's pauses fall on the
                              * others); 1 after cachecmp_init: timed once */
} CacheCompare;

typedef struct {
    double cached_s, full_s;             /* seconds for the step: the model and the sampler */
    double cached_model_s, full_model_s; /* ... of which the model's passes */
    int logits_identical;   /* 1: the logits the two sampled from are the same bytes */
    double max_logit_diff;  /* largest |cached - uncached| over those logits (NaN if either
                             * is NaN); 0 does not prove them identical (-0 and +0) */
    int token_cached, token_full; /* what each wrote */
} CompareStep;

/* Two logit vectors of n floats: returns 1 if they are the same bytes, else 0;
 * *max_diff gets the largest |a[i] - b[i]| (NaN where either is NaN). -0 and
 * +0 differ here though their difference is 0. */
int cachecmp_logits(const float *a, const float *b, size_t n, double *max_diff);

int cachecmp_init(CacheCompare *c, const Model *m, TsErr *err);
void cachecmp_free(CacheCompare *c);

/* Both generators start from prompt[0..n), read by `where`, in `form` (NULL:
 * free text, else a copy is taken at its current place), with the settings,
 * a fresh Rng seeded with `seed` each, and the context policy. */
int cachecmp_start(CacheCompare *c, const int *prompt, size_t n, PromptStart where,
                   const Form *form, const SamplerSettings *set, uint64_t seed,
                   ContextPolicy policy, TsErr *err);

/* One character from each; fills step. Each model's time is that of the
 * fastest of c->repeats passes over the same positions (the same logits
 * every time), the step's the fastest pass and the sampler's. Returns 0, or -1 with err when either
 * cannot write (the form allows nothing). */
int cachecmp_step(CacheCompare *c, CompareStep *step, TsErr *err);

/* A whole run from the start of a poem (free text): `chars` steps after
 * cachecmp_start(c, NULL, 0, PROMPT_POEM_START, NULL, set, seed, policy).
 * Fills the totals of the step times, the largest logit difference of any
 * step, whether the two wrote the same characters and whether their logits
 * were identical bytes at every step; at, if not NULL, gets each step's own
 * figures in the arrays it gives (CompareAt). */
typedef struct {
    double cached_s, full_s, cached_model_s, full_model_s;
    double max_logit_diff;
    int identical;        /* the same characters */
    int logits_identical; /* the same logit bytes at every step */
} CompareTotals;
/* Each step of a run on its own (bench's plot, the tests): every array NULL
 * (not wanted) or of [chars]. */
typedef struct {
    double *diff;             /* the step's largest |logit difference| */
    double *cached_s, *full_s; /* the step's seconds, model and sampler, as CompareStep */
} CompareAt;
int cachecmp_run(CacheCompare *c, int chars, const SamplerSettings *set, uint64_t seed,
                 ContextPolicy policy, CompareTotals *totals, const CompareAt *at, TsErr *err);

#endif
