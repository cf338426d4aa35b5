/* ops.c - forward and backward of every layer.
 *
 * Each backward quotes the forward line it differentiates. Loops that sum over
 * rows into a shared gradient (LayerNorm scale, biases, position embedding)
 * are parallelised over the columns instead, so no two threads add into the
 * same number and the result does not depend on the thread count. The large
 * matrix products go to BLAS (sgemm.c), or, when training in bfloat16, to
 * gemm_bf16.c.
 */
#include "engine/ops.h"

#include <float.h>
#include <stdlib.h>

#include "engine/sgemm.h"

#define GELU_K 0.7978845608028654f       /* sqrt(2/pi) */
#define GELU_RSQRT2 0.7071067811865476f  /* 1/sqrt(2) */
#define GELU_RSQRT2PI 0.3989422804014327f /* 1/sqrt(2 pi) */

/* Below this many numbers a loop runs on one thread: waking the others costs
 * more than the work (the inference step handles one position at a time).
 * The loops the inference pass calls test it outside the OpenMP region:
 * entering a region costs about 0.4 us even when an if-clause then keeps it
 * on one thread, and a cached step would pay that some 40 times; called
 * from inside a parallel region (the full pass's rows), they stay on the
 * calling thread. */
#define PAR_MIN 8192

/* ---- encoder ---- */

void encoder_forward(float *out, const int *tokens, const float *wte, const float *wpe, int B, int T,
                     int C)
{
#pragma omp parallel for schedule(static) if ((size_t)B * T * C > PAR_MIN)
    for (int bt = 0; bt < B * T; bt++) {
        const float *te = wte + (size_t)tokens[bt] * C;
        const float *pe = wpe + (size_t)(bt % T) * C;
        float *o = out + (size_t)bt * C;
        for (int c = 0; c < C; c++)
            o[c] = te[c] + pe[c];
    }
}

void encoder_backward(float *dwte, float *dwpe, const float *dout, const int *tokens, int B, int T,
                      int C)
{
    /* out[b,t] = wte[tokens[b,t]] + wpe[t]: scatter-add; serial because two
     * rows may hold the same token. */
    for (int bt = 0; bt < B * T; bt++) {
        float *dte = dwte + (size_t)tokens[bt] * C;
        const float *d = dout + (size_t)bt * C;
        for (int c = 0; c < C; c++)
            dte[c] += d[c];
    }
#pragma omp parallel for schedule(static) if ((size_t)B * T * C > PAR_MIN)
    for (int t = 0; t < T; t++) {
        float *dpe = dwpe + (size_t)t * C;
        for (int b = 0; b < B; b++) {
            const float *d = dout + ((size_t)b * T + t) * C;
            for (int c = 0; c < C; c++)
                dpe[c] += d[c];
        }
    }
}

/* ---- LayerNorm ---- */

static void layernorm_row(float *o, float *mean, float *rstd, const float *x, const float *w,
                          const float *b, float eps, int C)
{
    float m, v;
    TS_SUM_LANES(m, c, C, x[c]);
    m /= (float)C;
    TS_SUM_LANES(v, c, C, (x[c] - m) * (x[c] - m));
    v /= (float)C;
    float s = 1.0f / sqrtf(v + eps);
    for (int c = 0; c < C; c++)
        o[c] = (x[c] - m) * s * w[c] + b[c];
    *mean = m;
    *rstd = s;
}

void layernorm_forward(float *out, float *mean, float *rstd, const float *inp, const float *w,
                       const float *b, float eps, int N, int C)
{
    if ((size_t)N * C > PAR_MIN && !ts_in_parallel()) {
#pragma omp parallel for schedule(static)
        for (int n = 0; n < N; n++)
            layernorm_row(out + (size_t)n * C, mean + n, rstd + n, inp + (size_t)n * C, w, b, eps, C);
    } else {
        for (int n = 0; n < N; n++)
            layernorm_row(out + (size_t)n * C, mean + n, rstd + n, inp + (size_t)n * C, w, b, eps, C);
    }
}

void layernorm_backward(float *dinp, float *dw, float *db, const float *dout, const float *inp,
                        const float *w, const float *mean, const float *rstd, int N, int C)
{
    /* o = norm * w + b, norm = (x - mean) * rstd:
     * dx = rstd * (dnorm - mean(dnorm) - norm * mean(dnorm * norm)), dnorm = do * w */
#pragma omp parallel for schedule(static) if ((size_t)N * C > PAR_MIN)
    for (int n = 0; n < N; n++) {
        const float *x = inp + (size_t)n * C;
        const float *d = dout + (size_t)n * C;
        float m = mean[n], s = rstd[n];
        /* dnorm = d[c] w[c], norm = (x[c] - m) s */
        float dnorm_mean, dnorm_norm_mean;
        TS_SUM_LANES(dnorm_mean, c, C, d[c] * w[c]);
        TS_SUM_LANES(dnorm_norm_mean, c, C, (d[c] * w[c]) * ((x[c] - m) * s));
        dnorm_mean /= (float)C;
        dnorm_norm_mean /= (float)C;
        float *dx = dinp + (size_t)n * C;
        for (int c = 0; c < C; c++) {
            float norm = (x[c] - m) * s;
            float dnorm = d[c] * w[c];
            dx[c] += s * (dnorm - dnorm_mean - norm * dnorm_norm_mean);
        }
    }
    /* dw += sum_n do * norm, db += sum_n do; per column block, so deterministic. */
    enum { CB = 16 };
#pragma omp parallel for schedule(static) if ((size_t)N * C > PAR_MIN)
    for (int c0 = 0; c0 < C; c0 += CB) {
        int c1 = c0 + CB < C ? c0 + CB : C;
        for (int n = 0; n < N; n++) {
            const float *x = inp + (size_t)n * C;
            const float *d = dout + (size_t)n * C;
            for (int c = c0; c < c1; c++) {
                dw[c] += d[c] * (x[c] - mean[n]) * rstd[n];
                db[c] += d[c];
            }
        }
    }
}

/* ---- linear layers ----
 * BLAS runs single-threaded; the threads split the rows of each product
 * themselves. That keeps OpenMP and the BLAS library from fighting over the
 * cores, and every output number is computed by exactly one thread (except a
 * layer's weight gradient in bfloat16, which is summed in W_PARTS fixed parts
 * and then added up in part order). In bfloat16 the numbers are therefore the
 * same with any number of threads; in float32 the same thread count gives
 * the same numbers. */

/* BLAS itself must stay single-threaded, whoever links the engine: its own
 * threads would fight ours for the cores. Called outside parallel regions. */
static void blas_single_threaded(void) { sgemm_single_threaded(); }

static void split_range(int n, int *lo, int *hi)
{
    int nt = ts_team_size(), id = ts_thread_id();
    *lo = (int)((long)n * id / nt);
    *hi = (int)((long)n * (id + 1) / nt);
}

int bf16_products_init(Bf16Products *bp, int n_threads, const GemmShape *shapes, int n,
                       size_t part_floats, TsErr *err)
{
    memset(bp, 0, sizeof *bp);
    if (!gemm_bf16_available())
        return ts_fail(err, "bfloat16 products are turned off (TANGSCOPE_NO_BF16 is set)");
    if (n_threads <= 0)
        n_threads = ts_threads();
    bp->ws = ts_calloc((size_t)n_threads, sizeof *bp->ws, err);
    if (!bp->ws)
        return -1;
    bp->n_threads = n_threads;
    bp->part_floats = part_floats;
    if (bp->part_floats &&
        !(bp->partial = ts_alloc_floats((size_t)W_PARTS * bp->part_floats, err))) {
        bf16_products_free(bp);
        return -1;
    }
    for (int t = 0; t < n_threads; t++)
        for (int i = 0; i < n; i++)
            if (gemm_scratch_reserve(&bp->ws[t], shapes[i], err) != 0) {
                bf16_products_free(bp);
                return -1;
            }
    return 0;
}

void bf16_products_free(Bf16Products *bp)
{
    for (int t = 0; t < bp->n_threads; t++)
        gemm_scratch_free(&bp->ws[t]);
    free(bp->ws);
    free(bp->partial);
    memset(bp, 0, sizeof *bp);
}

bool bf16_products_ready(const Bf16Products *bp)
{
    return bp && bp->n_threads >= ts_threads();
}

/* Whether a product of this shape (M: the most rows a thread takes) runs in
 * bfloat16: decided before the parallel region, the same for every thread. */
static bool use_bf16(const Bf16Products *bp, int M, int N, int K, bool trans_a)
{
    GemmShape s = {M, N, K, trans_a};
    return bf16_products_ready(bp) && gemm_bf16_fits(&bp->ws[0], s);
}

/* The rows of a product go to the threads in pieces, taken in turn
 * (schedule(dynamic)): a thread that other programs slow down takes fewer of
 * them instead of holding the other one up at the end. A row's numbers do
 * not depend on which thread computes it. BLAS packs its operands anew in
 * every call, which costs more than the balance gains: it gets one piece a
 * thread. */
enum { ROW_PIECE = 192 }; /* two of gemm_bf16.c's blocks of 96 rows */

static int pieces(int n, int piece) { return (n + piece - 1) / piece; }

/* Piece c of n rows cut into pieces of `piece`: rows lo..hi. */
static void piece_rows(int c, int piece, int n, int *lo, int *hi)
{
    *lo = c * piece;
    *hi = n - *lo < piece ? n : *lo + piece;
}

static int row_piece(bool bf16, int n)
{
    int nt = ts_threads();
    return bf16 ? ROW_PIECE : n < 1 ? 1 : (n + nt - 1) / nt;
}

/* Rows r0..r1 of out [.,n] = a [.,k] . b: in bfloat16 with b already packed
 * in ws, or (ws NULL) by BLAS from b as stored, [k,n] or with trans_b [n,k]. */
static void product_rows(int r0, int r1, int n, int k, const float *a, const float *b, bool trans_b,
                         float *out, GemmScratch *ws)
{
    if (ws)
        gemm_bf16_packed(r1 - r0, n, k, a + (size_t)r0 * k, k, false, 0.0f, out + (size_t)r0 * n,
                         n, ws);
    else
        sgemm(false, trans_b, r1 - r0, n, k, 1.0f, a + (size_t)r0 * k, k, b, trans_b ? k : n, 0.0f,
              out + (size_t)r0 * n, n);
}

void matmul_forward(float *out, const float *inp, const float *w, const float *bias, int N, int IC,
                    int OC, const Bf16Products *bf16)
{
    blas_single_threaded();
    bool bf = use_bf16(bf16, ROW_PIECE, OC, IC, false);
    int piece = row_piece(bf, N), np = pieces(N, piece);
#pragma omp parallel if ((size_t)N * IC * OC > PAR_MIN)
    {
        GemmScratch *ws = bf ? &bf16->ws[ts_thread_id()] : NULL;
        if (bf)
            gemm_bf16_pack_b(IC, OC, w, IC, true, ws); /* w^T, once per thread */
#pragma omp for schedule(dynamic)
        for (int c = 0; c < np; c++) {
            int n0, n1;
            piece_rows(c, piece, N, &n0, &n1);
            product_rows(n0, n1, OC, IC, inp, w, true, out, ws); /* out = inp . w^T */
            for (int n = n0; bias && n < n1; n++) {
                float *o = out + (size_t)n * OC;
                for (int j = 0; j < OC; j++)
                    o[j] += bias[j];
            }
        }
    }
}

/* dw[lo..hi) += its parts (matmul_backward), in part order. */
static void add_parts(float *dw, const Bf16Products *bp, size_t lo, size_t hi)
{
    for (size_t i = lo; i < hi; i++) {
        float sum = bp->partial[i];
        for (int t = 1; t < W_PARTS; t++)
            sum += bp->partial[(size_t)t * bp->part_floats + i];
        dw[i] += sum;
    }
}

/* The output layer's weight gradient, dw [OC,IC] += dout^T inp, is large
 * (the vocabulary's rows) and is split by its rows: pieces of W_PIECE rows
 * in turn, each summed over all N inputs, so no thread sums a part that
 * another must add in. */
enum { W_PIECE = 480 };

void matmul_backward_dout16(float *dinp, float *dw, const uint16_t *dout16, const float *inp,
                            const float *w, int N, int IC, int OC, const Bf16Products *bf16)
{
    /* as matmul_backward, both products in bfloat16 from the rounded dout */
    int np = pieces(N, ROW_PIECE), wp = pieces(OC, W_PIECE);
#pragma omp parallel if ((size_t)N * IC * OC > PAR_MIN)
    {
        GemmScratch *ws = &bf16->ws[ts_thread_id()];
        gemm_bf16_pack_b(OC, IC, w, IC, false, ws); /* w, once per thread */
#pragma omp for schedule(dynamic) nowait
        for (int c = 0; c < np; c++) {
            int n0, n1;
            piece_rows(c, ROW_PIECE, N, &n0, &n1);
            gemm_bf16_a16_packed(n1 - n0, IC, OC, dout16 + (size_t)n0 * OC, OC, false, 0.0f,
                                 dinp + (size_t)n0 * IC, IC, ws);
        }
        gemm_bf16_pack_b(N, IC, inp, IC, false, ws); /* all of inp, once per thread */
#pragma omp for schedule(dynamic)
        for (int c = 0; c < wp; c++) {
            int o0, o1;
            piece_rows(c, W_PIECE, OC, &o0, &o1);
            gemm_bf16_a16_packed(o1 - o0, IC, N, dout16 + o0, OC, true, 1.0f, dw + (size_t)o0 * IC,
                                 IC, ws);
        }
    }
}

void matmul_backward(float *dinp, float *dw, float *dbias, const float *dout, const float *inp,
                     const float *w, int N, int IC, int OC, const Bf16Products *bf16)
{
    /* out = inp w^T + bias:  dinp = dout w,  dw += dout^T inp,  dbias += sum_n dout */
    blas_single_threaded();
    bool bf_dinp = use_bf16(bf16, ROW_PIECE, IC, OC, false);
    bool bf_dw = use_bf16(bf16, OC, IC, N, true) && (size_t)OC * IC <= bf16->part_floats;
    int piece = row_piece(bf_dinp, N), np = pieces(N, piece);
#pragma omp parallel if ((size_t)N * IC * OC > PAR_MIN)
    {
        int o0, o1;
        split_range(OC, &o0, &o1);
        GemmScratch *ws = bf16 ? &bf16->ws[ts_thread_id()] : NULL;
        if (bf_dinp)
            gemm_bf16_pack_b(OC, IC, w, IC, false, ws); /* w, once per thread */
#pragma omp for schedule(dynamic) nowait
        for (int c = 0; c < np; c++) {
            int r0, r1;
            piece_rows(c, piece, N, &r0, &r1);
            product_rows(r0, r1, IC, OC, dout, w, false, dinp, bf_dinp ? ws : NULL); /* dout . w */
        }
        if (bf_dw) {
            /* In bfloat16 the rows are cut into W_PARTS parts, taken in turn;
             * each part's sum over its rows goes to a partial gradient of its
             * own, so no two threads round and pack the same operand. Then
             * each thread adds its share of rows of dw from all parts, in
             * part order: the same numbers with any number of threads. (A
             * layer's gradient is small next to its inputs: splitting its
             * rows instead would have every thread pack all of inp.) */
#pragma omp for schedule(dynamic)
            for (int part = 0; part < W_PARTS; part++) {
                int k0 = (int)((long)N * part / W_PARTS), k1 = (int)((long)N * (part + 1) / W_PARTS);
                gemm_bf16(OC, IC, k1 - k0, dout + (size_t)k0 * OC, OC, true, inp + (size_t)k0 * IC,
                          IC, false, 0.0f, bf16->partial + (size_t)part * bf16->part_floats, IC, ws);
            }
            add_parts(dw, bf16, (size_t)o0 * IC, (size_t)o1 * IC);
        } else if (o1 > o0) {
            sgemm(true, false, o1 - o0, IC, N, 1.0f, dout + o0, OC, inp, IC, 1.0f,
                  dw + (size_t)o0 * IC, IC);
        }
        for (int n = 0; dbias && o1 > o0 && n < N; n++) {
            const float *d = dout + (size_t)n * OC;
            for (int j = o0; j < o1; j++)
                dbias[j] += d[j];
        }
    }
}

/* ---- attention ----
 * Per sequence and head, the scores, the weighted values and their gradients
 * are small matrix products on strided views into qkv (row stride 3C). BLAS
 * does whole squares even though the causal mask discards the upper triangle,
 * because a product at BLAS speed costs less than a loop that skips half the
 * work; the bfloat16 products (when training with them) skip the tiles that
 * the mask makes zero or unwanted (GemmTriangle). */

/* Softmax of row t over positions 0..t, each first multiplied by scale, zero
 * after: the causal mask. */
static void causal_softmax_row(float *row, int t, int T, float scale)
{
    for (int t2 = 0; t2 <= t; t2++)
        row[t2] *= scale;
    softmax_row(row, row, t + 1);
    for (int t2 = t + 1; t2 < T; t2++)
        row[t2] = 0.0f;
}

/* Whether attention's products run in bfloat16: those of T x T scores from
 * heads of hs, and those summing over T positions with A transposed. */
static bool attention_bf16(const Bf16Products *bp, int T, int hs)
{
    return use_bf16(bp, T, T, hs, false) && use_bf16(bp, T, hs, T, true);
}

void attention_forward(float *out, float *att, const float *qkv, int B, int T, int C, int H,
                       const Bf16Products *bf16)
{
    int hs = C / H, C3 = 3 * C;
    float scale = 1.0f / sqrtf((float)hs);
    bool bf = attention_bf16(bf16, T, hs);
    blas_single_threaded();
#pragma omp parallel for collapse(2) schedule(dynamic) if (B * H > 1)
    for (int b = 0; b < B; b++) {
        for (int h = 0; h < H; h++) {
            const float *q = qkv + (size_t)b * T * C3 + (size_t)h * hs;
            const float *k = q + C, *v = q + 2 * C;
            float *p = att + ((size_t)b * H + h) * T * T;
            float *y = out + (size_t)b * T * C + (size_t)h * hs;
            GemmScratch *ws = bf ? &bf16->ws[ts_thread_id()] : NULL;
            /* s = scale q k^T, then the causal softmax row by row (the bfloat16
             * product has no factor: the softmax applies it) */
            if (bf)
                gemm_bf16_tri(GEMM_C_LOWER, T, T, hs, q, C3, false, k, C3, true, 0.0f, p, T, ws);
            else
                sgemm(false, true, T, T, hs, scale, q, C3, k, C3, 0.0f, p, T);
            for (int t = 0; t < T; t++)
                causal_softmax_row(p + (size_t)t * T, t, T, bf ? scale : 1.0f);
            /* y = p v, into this head's columns of out */
            if (bf)
                gemm_bf16_tri(GEMM_A_LOWER, T, hs, T, p, T, false, v, C3, false, 0.0f, y, C, ws);
            else
                sgemm(false, false, T, hs, T, 1.0f, p, T, v, C3, 0.0f, y, C);
        }
    }
}

void attention_backward(float *dqkv, float *scratch, const float *dout, const float *qkv,
                        const float *att, int B, int T, int C, int H, const Bf16Products *bf16)
{
    int hs = C / H, C3 = 3 * C;
    float scale = 1.0f / sqrtf((float)hs);
    bool bf = attention_bf16(bf16, T, hs);
    /* the bfloat16 products have no factor: ds carries the scale instead */
    float ds_scale = bf ? scale : 1.0f, mm_scale = bf ? 1.0f : scale;
    blas_single_threaded();
#pragma omp parallel for collapse(2) schedule(dynamic) if (B * H > 1)
    for (int b = 0; b < B; b++) {
        for (int h = 0; h < H; h++) {
            size_t head = (size_t)b * T * C3 + (size_t)h * hs;
            const float *q = qkv + head, *k = q + C, *v = q + 2 * C;
            float *dq = dqkv + head, *dk = dq + C, *dv = dq + 2 * C;
            const float *p = att + ((size_t)b * H + h) * T * T;
            const float *dy = dout + (size_t)b * T * C + (size_t)h * hs;
            float *ds = scratch + ((size_t)b * H + h) * T * T;
            GemmScratch *ws = bf ? &bf16->ws[ts_thread_id()] : NULL;
            /* y = p v:  dp = dy v^T,  dv = p^T dy */
            if (bf) {
                gemm_bf16_tri(GEMM_C_LOWER, T, T, hs, dy, C, false, v, C3, true, 0.0f, ds, T, ws);
                gemm_bf16_tri(GEMM_A_UPPER, T, hs, T, p, T, true, dy, C, false, 0.0f, dv, C3, ws);
            } else {
                sgemm(false, true, T, T, hs, 1.0f, dy, C, v, C3, 0.0f, ds, T);
                sgemm(true, false, T, hs, T, 1.0f, p, T, dy, C, 0.0f, dv, C3);
            }
            /* p = softmax(s):  ds = p (dp - sum_j p_j dp_j), zero where masked */
            for (int t = 0; t < T; t++) {
                const float *prow = p + (size_t)t * T;
                float *drow = ds + (size_t)t * T;
                float weighted;
                TS_SUM_LANES(weighted, t2, t + 1, prow[t2] * drow[t2]);
                for (int t2 = 0; t2 <= t; t2++)
                    drow[t2] = prow[t2] * (drow[t2] - weighted) * ds_scale;
                for (int t2 = t + 1; t2 < T; t2++)
                    drow[t2] = 0.0f;
            }
            /* s = scale q k^T:  dq = scale ds k,  dk = scale ds^T q */
            if (bf) {
                gemm_bf16_tri(GEMM_A_LOWER, T, hs, T, ds, T, false, k, C3, false, 0.0f, dq, C3, ws);
                gemm_bf16_tri(GEMM_A_UPPER, T, hs, T, ds, T, true, q, C3, false, 0.0f, dk, C3, ws);
            } else {
                sgemm(false, false, T, hs, T, mm_scale, ds, T, k, C3, 0.0f, dq, C3);
                sgemm(true, false, T, hs, T, mm_scale, ds, T, q, C3, 0.0f, dk, C3);
            }
        }
    }
}

/* ---- GELU ---- */

static inline float gelu_tanh(float x)
{
    float u = GELU_K * (x + 0.044715f * x * x * x);
    return 0.5f * x * (1.0f + ts_tanhf(u));
}

static inline float gelu_erf(float x) { return 0.5f * x * (1.0f + erff(x * GELU_RSQRT2)); }

static void gelu_rows(float *out, const float *inp, size_t i0, size_t i1, GeluKind kind)
{
    if (kind == GELU_ERF) {
        for (size_t i = i0; i < i1; i++)
            out[i] = gelu_erf(inp[i]);
    } else {
        for (size_t i = i0; i < i1; i++)
            out[i] = gelu_tanh(inp[i]);
    }
}

void gelu_forward(float *out, const float *inp, size_t N, GeluKind kind)
{
    if (N > PAR_MIN && !ts_in_parallel()) {
        enum { CHUNK = 4096 };
        size_t chunks = (N + CHUNK - 1) / CHUNK;
#pragma omp parallel for schedule(static)
        for (size_t k = 0; k < chunks; k++)
            gelu_rows(out, inp, k * CHUNK, k * CHUNK + CHUNK < N ? k * CHUNK + CHUNK : N, kind);
    } else {
        gelu_rows(out, inp, 0, N, kind);
    }
}

/* y = 0.5 x (1 + tanh u), u = k (x + 0.044715 x^3):
 * dy/dx = 0.5 (1 + tanh u) + 0.5 x (1 - tanh^2 u) k (1 + 3 * 0.044715 x^2) */
static inline float gelu_tanh_slope(float x)
{
    float u = GELU_K * (x + 0.044715f * x * x * x);
    float th = ts_tanhf(u);
    float du = GELU_K * (1.0f + 3.0f * 0.044715f * x * x);
    return 0.5f * (1.0f + th) + 0.5f * x * (1.0f - th * th) * du;
}

/* y = 0.5 x (1 + erf(x / sqrt 2)):
 * dy/dx = 0.5 (1 + erf(x / sqrt 2)) + x exp(-x^2 / 2) / sqrt(2 pi) */
static inline float gelu_erf_slope(float x)
{
    return 0.5f * (1.0f + erff(x * GELU_RSQRT2)) + x * ts_expf(-0.5f * x * x) * GELU_RSQRT2PI;
}

void gelu_backward(float *dinp, const float *inp, const float *dout, size_t N, GeluKind kind)
{
#pragma omp parallel for schedule(static) if (N > PAR_MIN)
    for (size_t i = 0; i < N; i++) {
        float g = kind == GELU_ERF ? gelu_erf_slope(inp[i]) : gelu_tanh_slope(inp[i]);
        dinp[i] = g * dout[i];
    }
}

/* ---- residual ---- */

void residual_forward(float *out, const float *a, const float *b, size_t N)
{
    if (N > PAR_MIN && !ts_in_parallel()) {
#pragma omp parallel for schedule(static)
        for (size_t i = 0; i < N; i++)
            out[i] = a[i] + b[i];
    } else {
        for (size_t i = 0; i < N; i++)
            out[i] = a[i] + b[i];
    }
}

/* ---- softmax and loss ---- */

/* out[i] = e^(in[i] - max), the softmax before it is divided by the sum;
 * returns the sum and puts the max in *maxv. */
static float exp_row(float *out, const float *in, int V, float *maxv)
{
    float m = ts_maxf(in, V, -FLT_MAX);
    for (int i = 0; i < V; i++)
        out[i] = ts_expf(in[i] - m);
    float sum;
    TS_SUM_LANES(sum, i, V, out[i]);
    *maxv = m;
    return sum;
}

float softmax_row(float *out, const float *in, int V)
{
    float maxv, sum = exp_row(out, in, V, &maxv);
    float inv = 1.0f / sum;
    for (int i = 0; i < V; i++)
        out[i] *= inv;
    return logf(sum) + maxv;
}

/* One row of logits into probabilities; returns its loss. */
static float crossentropy_row(float *row, int target, int V)
{
    /* loss = log-sum-exp - target logit, read before the row turns into probabilities */
    float target_logit = row[target];
    return softmax_row(row, row, V) - target_logit;
}

void crossentropy_forward(float *losses, float *logits, const int *targets, int N, int V)
{
#pragma omp parallel for schedule(static) if ((size_t)N * V > PAR_MIN)
    for (int n = 0; n < N; n++)
        losses[n] = crossentropy_row(logits + (size_t)n * V, targets[n], V);
}

/* One row of probabilities into its gradient. */
static void crossentropy_row_backward(float *row, int target, float dloss, int V)
{
    for (int i = 0; i < V; i++)
        row[i] *= dloss;
    row[target] -= dloss;
}

void crossentropy_backward(float *probs, const int *targets, float dloss, int N, int V)
{
    /* loss = -log softmax(logits)[target]:  dlogits = (p - onehot(target)) dloss */
#pragma omp parallel for schedule(static) if ((size_t)N * V > PAR_MIN)
    for (int n = 0; n < N; n++)
        crossentropy_row_backward(probs + (size_t)n * V, targets[n], dloss, V);
}

void output_loss_bf16(float *losses, uint16_t *dlogits16, float *rows, const float *inp,
                      const float *wte, const int *targets, float dloss, int N, int C, int V,
                      const Bf16Products *bf16)
{
    int np = pieces(N, LOSS_ROWS);
#pragma omp parallel if ((size_t)N * C * V > PAR_MIN)
    {
        int id = ts_thread_id();
        GemmScratch *ws = &bf16->ws[id];
        float *work = rows + (size_t)id * LOSS_ROWS * V;
        gemm_bf16_pack_b(C, V, wte, C, true, ws); /* wte^T, once for all pieces */
#pragma omp for schedule(dynamic)
        for (int c = 0; c < np; c++) {
            int r, end;
            piece_rows(c, LOSS_ROWS, N, &r, &end);
            int m = end - r;
            /* logits = inp wte^T for these rows, then loss and gradient per row */
            gemm_bf16_packed(m, V, C, inp + (size_t)r * C, C, false, 0.0f, work, V, ws);
            for (int i = 0; i < m; i++) {
                int n = r + i, t = targets[n];
                float *row = work + (size_t)i * V, target_logit = row[t], maxv;
                uint16_t *d16 = dlogits16 + (size_t)n * V;
                /* crossentropy_row and crossentropy_row_backward, then the
                 * rounding, in fewer passes: the same operations in the same
                 * order, so the same numbers */
                float sum = exp_row(row, row, V, &maxv), inv = 1.0f / sum;
                losses[n] = logf(sum) + maxv - target_logit;
                bf16_round_scaled(d16, row, inv, dloss, (size_t)V);
                float g = row[t] * inv * dloss - dloss;
                bf16_round_floats(d16 + t, &g, 1);
            }
        }
    }
}

void crossentropy_forward_backward(float *losses, float *logits, const int *targets, float dloss,
                                   int N, int V)
{
#pragma omp parallel for schedule(static) if ((size_t)N * V > PAR_MIN)
    for (int n = 0; n < N; n++) {
        float *row = logits + (size_t)n * V;
        losses[n] = crossentropy_row(row, targets[n], V);
        crossentropy_row_backward(row, targets[n], dloss, V);
    }
}
