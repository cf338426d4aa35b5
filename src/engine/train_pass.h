/* train_pass.h - the full GPT pass over a batch of sequences, forward and backward.
 *
 * GptActs holds every intermediate the backward pass needs (and that the
 * explorer can show, such as the attention probabilities). One GptActs serves
 * any batch up to the B x T it was made for.
 */
#ifndef TS_TRAIN_PASS_H
#define TS_TRAIN_PASS_H

#include "engine/model.h"
#include "engine/ops.h"

typedef struct {
    int B, T; /* capacity */
    int C, L, H, V;
    /* forward */
    float *encoded;                    /* [B,T,C]      token + position embedding */
    float *ln1, *ln1_mean, *ln1_rstd;  /* [L,B,T,C], [L,B,T], [L,B,T] */
    float *qkv;                        /* [L,B,T,3C] */
    float *atty;                       /* [L,B,T,C]    attention output, heads side by side */
    float *att;                        /* [L,B,H,T,T]  attention probabilities */
    float *attproj;                    /* [L,B,T,C] */
    float *res2;                       /* [L,B,T,C]    residual stream after attention */
    float *ln2, *ln2_mean, *ln2_rstd;  /* [L,B,T,C], [L,B,T], [L,B,T] */
    float *fch;                        /* [L,B,T,4C]   MLP hidden, before GELU */
    float *fch_gelu;                   /* [L,B,T,4C]   ... after GELU */
    float *fcproj;                     /* [L,B,T,C] */
    float *res3;                       /* [L,B,T,C]    residual stream after the block */
    float *lnf, *lnf_mean, *lnf_rstd;  /* [B,T,C], [B,T], [B,T] */
    float *logits;                     /* [B,T,V]      logits; probabilities after a loss; then their gradient */
    float *losses;                     /* [B,T] */
    /* backward scratch */
    float *dres;                       /* [B,T,C]      gradient of the residual stream */
    float *dtmp;                       /* [B,T,C] */
    float *dqkv;                       /* [B,T,3C] */
    float *dfch, *dfch_gelu;           /* [B,T,4C] */
    float *datt_scratch;               /* [B,H,T,T] */
    int have_backward;
    Bf16Products *bf16;                /* matrix products in bfloat16; NULL: float32 */
    uint16_t *dlogits16;               /* [B,T,V]      with bf16 and backward: the logits' gradient, rounded */
    float *ce_rows;                    /* [threads,V]  ... and scratch rows for computing it */
} GptActs;

/* Allocate activations for batches up to B x T (T <= context). with_backward
 * also allocates the backward scratch. */
int gpt_acts_init(GptActs *a, const ModelConfig *cfg, int B, int T, int with_backward, TsErr *err);
void gpt_acts_free(GptActs *a);

/* on: from now on the matrix products (linear layers, output layer,
 * attention) multiply inputs rounded to bfloat16 and sum in float32 (ops.h),
 * with scratch for the engine's current thread count; fails when the CPU
 * cannot. off: in float32 again. */
int gpt_acts_set_bf16(GptActs *a, int on, TsErr *err);

/* Forward over tokens [B,T]. With targets [B,T], also computes the losses,
 * turns logits into probabilities, and returns the mean loss; without, leaves
 * raw logits and returns 0. B, T must fit the capacity and T <= context. */
float gpt_forward(const Model *m, GptActs *a, const int *tokens, const int *targets, int B, int T);

/* Backward after gpt_forward with targets: ADDS the gradient of the mean loss
 * into grads (laid out like the parameters). */
void gpt_backward(const Model *m, GptActs *a, const ParamPtrs *grads, const int *tokens,
                  const int *targets, int B, int T);

/* Both, as training runs them: returns the mean loss and ADDS its gradient
 * into grads, the same numbers as gpt_forward then gpt_backward. The loss and
 * the gradient of the logits are computed in one pass over each row, so the
 * logits never hold probabilities. */
float gpt_train_pass(const Model *m, GptActs *a, const ParamPtrs *grads, const int *tokens,
                     const int *targets, int B, int T);

#endif
