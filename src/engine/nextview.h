/* nextview.h - the next character, as every view of it shows it.
 *
 * One function, nextview_compute, turns the text a Generator holds into
 * everything tangscope says about the character that comes next:
 *
 *   - the model's distribution: the softmax of the logits at temperature 1
 *     (probs), its entropy, the characters by probability (order);
 *   - the sampler's every stage for the given settings, with the text's
 *     window as the repetition penalty's recent text and the verse form's
 *     mask (the stages' kept counts and removed probability: stages);
 *   - the top NEXTVIEW_TOP candidates, each with its probability before and
 *     after the sampler and after each stage, and whether the form blocks it;
 *   - the training text: the longest suffix of the window the model reads
 *     that occurs in it, and how often each top candidate follows it.
 *
 * The explorer (app_predict), `tangscope probs`, the handouts of `demo` and
 * `lesson --print` (through the explorer) and the keystroke of `bench` all
 * call it, so they show the same numbers, computed one way. It draws nothing:
 * no random number is used and the text is left as it is.
 */
#ifndef TS_NEXTVIEW_H
#define TS_NEXTVIEW_H

#include <stddef.h>
#include <stdint.h>

#include "engine/common.h"
#include "engine/corpus.h"
#include "engine/form.h"
#include "engine/generate.h"
#include "engine/model.h"
#include "engine/sampler.h"

#define NEXTVIEW_TOP 8 /* candidates described in full: the explorer's bars */

/* One candidate for the next character. */
typedef struct {
    int id;                   /* token id */
    float p;                  /* the model's probability: probs[id] */
    float p_sampler;          /* after the whole sampler (ss->final[id]); 0 if the sampler
                               * left nothing */
    float stage[STAGE_COUNT]; /* after each stage, renormalised over what the stage keeps
                               * (sampler_stage_prob); all 0 if the sampler left nothing */
    int blocked;              /* the verse form does not allow it here */
    size_t corpus_count;      /* times it follows the suffix in the training text: counted
                               * for top[] only (0 from nextview_candidate) */
} NextCandidate;

/* The result. Buffers are owned by the view (nextview_init), except the
 * sampler's state, which is the caller's. Every field holds the last
 * nextview_compute until the next one. */
typedef struct {
    int V;                 /* the vocabulary's size */
    int ctx;               /* the model's context */
    SamplerState *ss;      /* the sampler's stages; not owned (a Generator's g.ss will do) */
    int model_ok;          /* 0: the model's scores were not finite numbers; then probs
                            * is all 0, n_top 0, sampler_ok 0 and no suffix is found */
    float *probs;          /* [V] softmax of the logits: the model at temperature 1 */
    int *order;            /* [V] token ids by probs, descending, ties by the smaller id
                            * (sampler_sort's order): its first n_sorted are in place */
    int n_sorted;
    double entropy;        /* of probs, in nats */
    int sampler_ok;        /* 0 if the sampler left no character (the form allows only
                            * characters of probability 0) */
    double blocked;        /* the form's share, the one "blocked" figure: the model's own
                            * probability (temperature 1, before the sampler) on the
                            * characters the form forbids here; 0 in free form */
    SamplerStages stages;  /* each stage's kept count and removed probability, both
                            * entropies; all 0 when sampler_ok is 0 */
    uint8_t *allowed;      /* [V] the verse form's mask (all 1 without a form) */
    int n_allowed;         /* characters it allows */
    NextCandidate top[NEXTVIEW_TOP];
    int n_top;             /* NEXTVIEW_TOP, or V when the vocabulary is smaller */
    /* the training text: the longest suffix of the window that occurs in it */
    size_t suffix_start;   /* index into the Generator's text where that suffix starts */
    size_t suffix_len;     /* its characters (0: none, then suffix_total counts every
                            * position of the training text) */
    size_t suffix_total;   /* its occurrences; all three 0 without a training text */
    uint32_t *context;     /* [ctx + 1] the window's code points, then a candidate's */
    /* what the model's part cost, for the explorer's timing row */
    long model_rows;       /* positions the model computed (0: its logits were current) */
    double model_ms;       /* and how long that took; 0 when model_rows is 0 */
} NextView;

/* Buffers for model m's vocabulary and context; the stages are run in ss
 * (sampler_init'ed for the same vocabulary), which must outlive the view.
 * Returns 0, or -1 with err (nextview_free is safe after either). */
int nextview_init(NextView *v, const Model *m, SamplerState *ss, TsErr *err);
void nextview_free(NextView *v);

/* The view of what comes after g's text: the model's logits (gen_logits,
 * which runs the model only if they are not current), the sampler with
 * settings set on them, with g's window as its recent text (gen_recent) and
 * form's mask (form NULL or free: no mask), top[] and, with a corpus (NULL:
 * none), the training text's counts. Sorts order as far as the top.
 * Returns 0, or -1 with err when the model's scores are not finite; the view
 * then holds no prediction (model_ok 0) but the form's mask. */
int nextview_compute(NextView *v, Generator *g, const SamplerSettings *set, const Form *form,
                     const Corpus *corpus, TsErr *err);

/* Count again how the training text continues g's window, for top[] (the
 * training text arrives later than the model in the explorer). corpus NULL
 * clears the counts. g must hold the text of the last nextview_compute. */
void nextview_count(NextView *v, const Generator *g, const Corpus *corpus);

/* Sort order further: its first n (at most V) in place. */
void nextview_sort(NextView *v, int n);

/* Any character's numbers, as top[] gives them (corpus_count 0). */
NextCandidate nextview_candidate(const NextView *v, int id);


#endif
