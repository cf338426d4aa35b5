/* ops.h - the layers of the GPT, one forward/backward pair each.
 *
 * Conventions: N = rows (batch x positions), B = batch, T = positions,
 * C = channels, H = heads, V = vocabulary. Every pointer has its shape in a
 * comment; no function allocates. Backward functions ADD into the gradients
 * of weights and of the residual stream (d-prefixed), so gradients from several
 * paths accumulate, and the caller zeroes them once per step. The input
 * gradient of a linear layer, of attention and of GELU has one path only: those
 * backward functions WRITE it, and need no zeroed buffer. Forward and backward
 * are deterministic for a given thread count (in bfloat16, for any thread
 * count: see the linear layers in ops.c).
 */
#ifndef TS_OPS_H
#define TS_OPS_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "engine/gemm_bf16.h"

/* x = wte[tokens] + wpe[position]                 out [B,T,C], tokens [B,T], wte [V,C], wpe [>=T,C] */
void encoder_forward(float *out, const int *tokens, const float *wte, const float *wpe, int B, int T,
                     int C);
void encoder_backward(float *dwte, float *dwpe, const float *dout, const int *tokens, int B, int T,
                      int C);

/* y = (x - mean) / sqrt(var + eps) * w + b        out, inp [N,C]; mean, rstd [N] saved; w, b [C]
 * (eps is the model's, ModelNumerics: 1e-5 for tangscope's and nanoGPT's) */
void layernorm_forward(float *out, float *mean, float *rstd, const float *inp, const float *w,
                       const float *b, float eps, int N, int C);
void layernorm_backward(float *dinp, float *dw, float *db, const float *dout, const float *inp,
                        const float *w, const float *mean, const float *rstd, int N, int C);

/* How the matrix products of training multiply (the linear layers and
 * attention take it). NULL: in float32 (BLAS). Otherwise with
 * inputs rounded to bfloat16 and float32 sums (gemm_bf16.h), when the scratch
 * covers every thread of the parallel region and has room for the product;
 * else in float32 after all. */
enum { W_PARTS = 4 }; /* the parts a layer's weight gradient is summed in (matmul_backward) */
typedef struct {
    int n_threads;    /* scratch for this many threads */
    GemmScratch *ws;  /* [n_threads] */
    float *partial;   /* [W_PARTS, part_floats]: a weight gradient summed in parts */
    size_t part_floats;
} Bf16Products;

/* Scratch for n_threads threads (n_threads <= 0: the engine's thread count)
 * with room for products of every shape in shapes[n] (M: the most rows one
 * call takes), and for the W_PARTS parts of the largest weight gradient
 * that matmul_backward sums in parts, part_floats floats each. */
int bf16_products_init(Bf16Products *bp, int n_threads, const GemmShape *shapes, int n,
                       size_t part_floats, TsErr *err);
void bf16_products_free(Bf16Products *bp);

/* out = inp w^T + bias                              out [N,OC], inp [N,IC], w [OC,IC], bias [OC] or NULL */
void matmul_forward(float *out, const float *inp, const float *w, const float *bias, int N, int IC,
                    int OC, const Bf16Products *bf16);
/* dinp = dout w (written);  dw += dout^T inp;  dbias += sum over rows of dout */
void matmul_backward(float *dinp, float *dw, float *dbias, const float *dout, const float *inp,
                     const float *w, int N, int IC, int OC, const Bf16Products *bf16);

/* True when bp covers every thread of a parallel region now. */
bool bf16_products_ready(const Bf16Products *bp);
/* matmul_backward without a bias, in bfloat16 from dout already rounded
 * (bf16_round_floats) [N,OC], for the output layer: its weight gradient is
 * split by rows, not summed in parts, and its numbers do not depend on the
 * number of threads. bf16 must be ready and have room. */
void matmul_backward_dout16(float *dinp, float *dw, const uint16_t *dout16, const float *inp,
                            const float *w, int N, int IC, int OC, const Bf16Products *bf16);

/* Causal multi-head self-attention.
 * qkv [B,T,3C] holds q | k | v per position; out [B,T,C]; att [B,H,T,T] keeps
 * the softmax probabilities (zero above the diagonal) for the backward pass and
 * for the explorer's attention view. */
void attention_forward(float *out, float *att, const float *qkv, int B, int T, int C, int H,
                       const Bf16Products *bf16);
/* dqkv [B,T,3C] written; scratch [B,H,T,T] */
void attention_backward(float *dqkv, float *scratch, const float *dout, const float *qkv,
                        const float *att, int B, int T, int C, int H, const Bf16Products *bf16);

/* Which GELU a model uses (the model file says, docs/model-format.md). */
typedef enum {
    GELU_TANH = 0, /* 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))): tangscope's own, GPT-2's */
    GELU_ERF = 1,  /* 0.5 x (1 + erf(x / sqrt 2)): exact, PyTorch's nn.GELU(), nanoGPT's */
    GELU_KINDS
} GeluKind;

/* y = gelu(x), the kind given                       out, inp [N] */
void gelu_forward(float *out, const float *inp, size_t N, GeluKind kind);
/* dinp = gelu'(inp) dout (written) */
void gelu_backward(float *dinp, const float *inp, const float *dout, size_t N, GeluKind kind);

/* out = a + b                                       [N] */
void residual_forward(float *out, const float *a, const float *b, size_t N);

/* Softmax and cross-entropy in one: logits [N,V] become probabilities in place;
 * losses [N] = -log p(target). targets [N]. */
void crossentropy_forward(float *losses, float *logits, const int *targets, int N, int V);
/* probs [N,V] become dlogits in place: (p - onehot(target)) * dloss. */
void crossentropy_backward(float *probs, const int *targets, float dloss, int N, int V);
/* Both, row by row while the row is in cache (training needs no
 * probabilities): logits [N,V] become dlogits, the same numbers as the two
 * calls above give. */
void crossentropy_forward_backward(float *losses, float *logits, const int *targets, float dloss,
                                   int N, int V);
/* For training in bfloat16, the tied output layer and the loss in one:
 * logits = inp wte^T (in bfloat16 products) LOSS_ROWS rows at a time into
 * rows [threads, LOSS_ROWS, V], where they stay in cache; then per row the
 * loss and its gradient, which goes to dlogits16 [N,V] rounded to bfloat16
 * (the rounding the products would apply, in half the bytes). The same
 * numbers as matmul_forward, crossentropy_forward_backward and rounding.
 * losses [N], inp [N,C], wte [V,C]; bf16 must be ready. */
enum { LOSS_ROWS = 24 };
void output_loss_bf16(float *losses, uint16_t *dlogits16, float *rows, const float *inp,
                      const float *wte, const int *targets, float dloss, int N, int C, int V,
                      const Bf16Products *bf16);

/* Softmax of one row into out (may equal in); returns the row's log-sum-exp,
 * log(sum_i e^in[i]). [V] */
float softmax_row(float *out, const float *in, int V);

/* e^x for float, vectorisable, within about 2 ulp for |x| < 87; deterministic
 * on every machine because it is ordinary float arithmetic. x is clamped to
 * [-87, 88] (+inf gives e^88, -inf e^-87); NaN gives NaN, so a model whose
 * numbers overflowed shows it in its scores (and 2^n below is never formed
 * from NaN, which would be undefined behaviour). */
static inline float ts_expf(float x)
{
    float in = x;
    /* written so that NaN fails both tests and becomes -87 */
    x = x > -87.0f ? x : -87.0f;
    x = x < 88.0f ? x : 88.0f;
    float n = (x * 1.44269504088896341f + 12582912.0f) - 12582912.0f; /* round(x / ln 2) */
    float r = x - n * 0.693145751953125f;                             /* ln 2, high part */
    r = r - n * 1.428606765330187e-06f;                               /* ln 2, low part */
    float p = 1.0f / 5040.0f;                                         /* e^r, |r| <= 0.35 */
    p = p * r + 1.0f / 720.0f;
    p = p * r + 1.0f / 120.0f;
    p = p * r + 1.0f / 24.0f;
    p = p * r + 1.0f / 6.0f;
    p = p * r + 0.5f;
    p = p * r + 1.0f;
    p = p * r + 1.0f;
    int32_t bits = ((int32_t)n + 127) << 23; /* 2^n */
    float scale;
    memcpy(&scale, &bits, sizeof scale);
    return in == in ? p * scale : in;
}

/* The largest of init and x[0..n), taken in 16 lanes so that every compiler
 * vectorises it (the maximum is the same in any order). */
static inline float ts_maxf(const float *x, int n, float init)
{
    float lane[16];
    for (int j = 0; j < 16; j++)
        lane[j] = init;
    int i = 0;
    for (; i + 16 <= n; i += 16)
        for (int j = 0; j < 16; j++)
            lane[j] = x[i + j] > lane[j] ? x[i + j] : lane[j];
    float m = init;
    for (; i < n; i++)
        m = x[i] > m ? x[i] : m;
    for (int j = 0; j < 16; j++)
        m = lane[j] > m ? lane[j] : m;
    return m;
}

/* total = the sum of TERM over I = 0 .. N-1, added in an order fixed by the
 * source, not by the compiler: lane j of 16 adds the terms of I = j, j + 16,
 * ... of the whole runs of 16, the terms after the last whole run go to lane
 * 0 in turn, and then 0 + lane 0 + lane 1 + ... + lane 15. That is the order
 * GCC gives `omp simd reduction(+)` on a CPU with AVX-512, with which the
 * bfloat16 recipe's reference model was trained; written out, a build for
 * AVX2 (whose omp simd would use 8 lanes) sums the same way, so the same
 * training gives the same bits on both (tests/e2e/train_portable.sh). TERM
 * may read I; it is evaluated once per I. */
enum { SUM_LANES = 16 };
#define TS_SUM_LANES(total, I, N, TERM)                                                            \
    do {                                                                                           \
        float lane_[SUM_LANES] = {0};                                                              \
        int run_ = 0, n_ = (N);                                                                    \
        for (; run_ + SUM_LANES <= n_; run_ += SUM_LANES)                                          \
            for (int j_ = 0; j_ < SUM_LANES; j_++) {                                               \
                int I = run_ + j_;                                                                 \
                lane_[j_] += (TERM);                                                               \
            }                                                                                      \
        for (int I = run_; I < n_; I++)                                                            \
            lane_[0] += (TERM);                                                                    \
        float sum_ = 0.0f;                                                                         \
        for (int j_ = 0; j_ < SUM_LANES; j_++)                                                     \
            sum_ += lane_[j_];                                                                     \
        (total) = sum_;                                                                            \
    } while (0)

static inline float ts_tanhf(float x) { return 1.0f - 2.0f / (ts_expf(2.0f * x) + 1.0f); }

#endif
