/* modelcmp.h - two models' next characters side by side.
 *
 * Model A (the one the explorer or `probs` reads with) and model B (the
 * compare model: the class's own, another checkpoint, the same weights
 * rounded) read the same text, each through its own vocabulary, and each
 * gives a distribution over its own characters. The two are aligned by
 * character (code point), not by token id: each model's top candidates,
 * each with its probability and rank in the other model, and the
 * Kullback-Leibler divergence KL(A || B) = sum_c a(c) ln(a(c) / b(c)).
 *
 * When the vocabularies differ, the divergence is taken over the characters
 * both know, each distribution renormalised over them, and the probability
 * each model puts on characters the other lacks is reported beside it
 * (a_only, b_only): with the same vocabulary both are 0 and the divergence
 * is the plain one. Nothing here prints; the explorer (app) and `probs`
 * (cli) show it.
 */
#ifndef TS_MODELCMP_H
#define TS_MODELCMP_H

#include <stddef.h>
#include <stdint.h>

#include "engine/common.h"
#include "engine/vocab.h"

#define MODELCMP_TOP 8 /* candidates of each model described: the explorer's bars */

/* One candidate of one model's list. */
typedef struct {
    int id;           /* token id in its own model */
    uint32_t cp;      /* the character */
    float p;          /* its probability in its own model */
    int other_id;     /* its token id in the other model; -1: the other lacks it */
    float p_other;    /* its probability there (0 when lacking) */
    int rank_other;   /* its rank there, 1 = most probable, ties by the smaller id
                       * (sampler_sort's order); 0 when lacking */
} ModelCmpCand;

typedef struct {
    ModelCmpCand a[MODELCMP_TOP]; /* A's most probable characters, A's order */
    ModelCmpCand b[MODELCMP_TOP]; /* B's */
    int n_a, n_b;
    int shared;      /* characters both vocabularies hold */
    double kl;       /* KL(A || B) in nats over the shared characters (renormalised);
                      * HUGE_VAL when B gives 0 to a character A does not */
    double a_only;   /* A's probability on the characters B lacks */
    double b_only;   /* B's probability on the characters A lacks */
} ModelCmp;

/* Compare distribution pa (over va) with pb (over vb). order_a and order_b
 * are each model's ids by probability, descending (ties by the smaller id),
 * sorted at least as far as n_top (at most MODELCMP_TOP and each vocabulary's
 * size). Returns 0, or -1 with err (out of memory). */
int modelcmp_compute(ModelCmp *c, const Vocab *va, const float *pa, const int *order_a,
                     const Vocab *vb, const float *pb, const int *order_b, int n_top, TsErr *err);

/* The rank of id in distribution p over V characters: 1 + the characters
 * more probable, or as probable with a smaller id. */
int modelcmp_rank(const float *p, int V, int id);

/* Text in vocabulary `from` (token ids) as vocabulary `to` reads it: out[n]
 * gets each character's id in `to`. Returns 0, or -1 with err naming the
 * first character `to` lacks and `who` (the compare model's file). */
int modelcmp_map_text(const Vocab *from, const int *ids, size_t n, const Vocab *to, int *out,
                      const char *who, TsErr *err);

#endif
