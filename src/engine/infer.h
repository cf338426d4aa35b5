/* infer.h - running the trained model: the full pass and the KV-cached step.
 *
 * Both paths are one function, infer_forward, on the same kernels. It reads n
 * new characters at positions len .. len+n-1, appends every layer's keys and
 * values to the cache, and returns the logits after the last one:
 *
 *   full pass (no cache):  infer_reset(s); infer_forward(s, window, n)
 *   cached step:           infer_forward(s, &next, 1)
 *
 * Every output number is computed in the same order whichever path asked for
 * it (a linear layer sums over its inputs in ascending order with fused
 * multiply-adds, or in int8 as exact integers; attention visits the positions
 * in order), so the two paths give bit-identical logits, and the same seed
 * writes the same text.
 *
 * The cache holds keys and values for `context` positions per layer:
 * 2 x layers x dims x 4 bytes per character (4 KB for the default model).
 * When it is full, the caller slides the window (see generate.h).
 */
#ifndef TS_INFER_H
#define TS_INFER_H

#include <stddef.h>

#include "engine/model.h"

/* One linear layer's weights as the kernels read them: packed by
 * linear_pack_any into panels of 64 output columns, each [IC][64] (int8:
 * [IC / 4][64][4], four inputs of a column side by side), in the model's
 * precision, so that one row of the input streams through them. */
typedef struct {
    WeightPrec prec;
    const void *panels;    /* [OC / 64 panels][IC][64] weights of prec */
    const float *scale;    /* WPREC_INT8: [OC] the scale of each output (row); else NULL */
} LinearW;

typedef struct {
    const Model *m;        /* not owned */
    int ctx;               /* positions the cache holds: the model's context */
    /* the weight matrices in the model's precision, packed (LinearW) at
     * infer_init and infer_reload: */
    float *wt;             /* one block holding them (room for float32) */
    LinearW lin[P_COUNT];  /* only the matrices: qkv_w [L, 3C, C], attproj_w [L, C, C],
                            * fc_w [L, 4C, C], fcproj_w [L, C, 4C], wte [V, C] the tied
                            * output layer */
    /* the KV cache */
    float *k_cache;        /* [L, H, hs, ctx_pad]  keys, each head's transposed, so that
                            * one query meets 16 keys per vector operation */
    float *v_cache;        /* [L, ctx, C]          values */
    int ctx_pad;           /* ctx rounded up to a multiple of 64 */
    int len;               /* positions cached so far */
    /* scratch for up to ctx new positions */
    float *x;              /* [ctx, C]   residual stream */
    float *xn;             /* [ctx, C]   LayerNorm output */
    float *mean, *rstd;    /* [ctx] */
    float *qkv;            /* [ctx, 3C] */
    float *atty;           /* [ctx, C] */
    float *proj;           /* [ctx, C] */
    float *h, *hg;         /* [ctx, 4C]  MLP hidden before and after GELU */
    float *scores;         /* [ctx, H, ctx] attention rows of each new position and head */
    float *part;           /* [ctx, H, 4 hs]  partial sums of weighted values, per position and head */
    float *att_last;       /* [L, H, ctx] attention of the last position read, per layer and head */
    float *logits;         /* [V]        logits after the last position read */
} Infer;

int infer_init(Infer *s, const Model *m, TsErr *err);
void infer_free(Infer *s);

/* The model's weights changed (a training step wrote them, or
 * model_set_precision rounded them): pack them again and forget the cache.
 * Allocates nothing; the weights are only read. */
void infer_reload(Infer *s);

/* Forget the cache (len = 0). */
void infer_reset(Infer *s);
/* Drop cached positions past len (taking characters back); len <= s->len.
 * The logits are not recomputed. */
void infer_truncate(Infer *s, int len);

/* Read tokens[0..n) at positions s->len .. s->len+n-1 (n >= 1, s->len + n <=
 * ctx). Returns the logits [V] after the last of them (s->logits). */
const float *infer_forward(Infer *s, const int *tokens, int n);

/* 0 if every logit of the last infer_forward is a finite number; else -1
 * with err "the model produced non-finite scores at position N", N being the
 * position of the last character read (s->len - 1; positions count from 0,
 * as the rows of the model format's forward pass do). Weights that are
 * finite but huge overflow to infinity, then NaN, inside the pass: such
 * scores must be caught here, never drawn from or shown. */
int infer_check_logits(const Infer *s, TsErr *err);

/* Bytes the KV cache takes per character, and for a full context. */
size_t infer_cache_bytes_per_char(const ModelConfig *cfg);

/* The linear layers' weights, packed for streaming: linear_pack turns w
 * [OC, IC] (the model file's layout) into panels of 64 output columns, each
 * [IC][64] contiguous; dst holds IC * OC floats. linear_pack_any does the
 * same for weights of any precision (bfloat16 as uint16_t, int8 as int8_t;
 * the scales need no packing); int8 panels hold four inputs of a column side
 * by side (linear_i8.h) and are only for linear_w. */
void linear_pack(float *dst, const float *w, int IC, int OC);
void linear_pack_any(void *dst, const void *w, WeightPrec prec, int IC, int OC);

/* out[n, o] = bias[o] + sum_k in[n, k] * w[o, k] for n < N, o < OC, from
 * packed weights; the sum runs over k ascending with fused multiply-adds
 * from zero, so a row gives the same bits alone or in a batch. bias may be
 * NULL. */
void linear_t(float *out, const float *in, const float *packed, const float *bias, int N, int IC,
              int OC);
/* The same for weights of any precision: a bfloat16 weight widened to
 * float32 exactly, then the same chain of fused multiply-adds; int8 in
 * integer arithmetic over the input row rounded to int16, as linear_i8.h
 * defines it. So a row gives the same bits alone or in a batch, on one
 * thread or several, in every precision and every build. */
void linear_w(float *out, const float *in, const LinearW *w, const float *bias, int N, int IC,
              int OC);

#endif
