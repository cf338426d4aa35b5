/* infer.c - the inference pass, shared by full recomputation and the KV cache.
 *
 * The linear layers run on packed weights (panels of 64 output columns, see
 * linear_pack): for each input k, a row of the panel is scaled by in[k] and
 * added into the outputs. Each output
 * is then a chain of fused multiply-adds over k = 0, 1, 2, ... and the chain is
 * the same whether 1 or 128 rows are computed at once; the AVX-512 kernels
 * below only do more chains side by side. The cached step (one row) reads
 * each weight once for one multiply-add, so its kernel keeps 16 independent
 * chains of 16 lanes in flight over four contiguous streams.
 */
#define _POSIX_C_SOURCE 200809L /* sched_yield */
#include "engine/infer.h"

#include <float.h>
#include <math.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/linear_i8.h"
#include "engine/ops.h"
#include "engine/quant.h"


#if defined(__AVX512F__)
#include <immintrin.h>
#define TS_AVX512 1
#elif defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#define TS_AVX2 1 /* the portable build (x86-64-v3) */
#endif

/* ---- the linear kernel ----
 * Weights are packed in panels of PANEL output columns: panel p holds, for
 * k = 0 .. IC-1, the PANEL weights of input k for its columns, contiguously
 * ([IC][PANEL]); the last panel may be narrower. A row of input then streams
 * through each panel front to back, which is what the hardware prefetcher
 * serves best.
 *
 * The weights may be float32 or bfloat16 (LinearW): the kernels load 16 of
 * them, widen them to float32 exactly (a bfloat16 is the upper half of a
 * float32) and do the same fused multiply-adds as for float32. So bfloat16's
 * full pass and cached step agree to the bit, as float32's do, and a cached
 * step reads 2 bytes a weight instead of 4. An int8 layer is computed in
 * integers instead (linear_i8.h: each input row rounded to int16, exact sums,
 * one float expression per output), which agrees to the bit just as well,
 * whichever kernel runs, and reads 1 byte a weight. */

enum { PANEL = 64 };

static size_t wprec_size(WeightPrec p) { return p == WPREC_FP32 ? 4 : 2; }

/* Bytes of a packed [OC, IC] matrix. */
static size_t packed_bytes(WeightPrec p, int IC, int OC)
{
    return p == WPREC_INT8 ? linear_i8_packed_bytes(IC, OC) : (size_t)IC * OC * wprec_size(p);
}

/* w [OC, IC] (the model file's layout) -> panels, element by element (es
 * bytes each, a constant where this is inlined) */
static inline void pack_panels(void *dst, const void *w, size_t es, int IC, int OC)
{
    for (int p0 = 0; p0 < OC; p0 += PANEL) {
        int width = OC - p0 < PANEL ? OC - p0 : PANEL;
        unsigned char *panel = (unsigned char *)dst + (size_t)p0 * IC * es;
        const unsigned char *src = (const unsigned char *)w + (size_t)p0 * IC * es;
        for (int j = 0; j < width; j++)
            for (int k = 0; k < IC; k++)
                memcpy(panel + ((size_t)k * width + j) * es, src + ((size_t)j * IC + k) * es, es);
    }
}


void linear_pack_any(void *dst, const void *w, WeightPrec prec, int IC, int OC)
{
    switch (prec) {
    case WPREC_BF16: pack_panels(dst, w, 2, IC, OC); break;
    case WPREC_INT8: linear_i8_pack(dst, w, IC, OC); break;
    default: pack_panels(dst, w, 4, IC, OC); break;
    }
}

void linear_pack(float *dst, const float *w, int IC, int OC)
{
    linear_pack_any(dst, w, WPREC_FP32, IC, OC);
}

/* Any rows x width block of one panel; the same arithmetic as the vector
 * kernels: out = sum over k ascending of fmaf(in[k], w[k], .) from 0, w
 * widened to float32 by WIDEN. A full panel keeps its sums in a local array
 * of constant size, which compilers hold in vector registers (the portable
 * build's kernel). */
#define PANEL_GENERIC(NAME, T, WIDEN)                                                              \
    static void NAME(float *out, int ldo, const float *in, int ldi, const void *pv, int width,     \
                     int rows, int IC)                                                             \
    {                                                                                              \
        const T *panel = (const T *)pv;                                                            \
        for (int r = 0; r < rows; r++) {                                                           \
            float acc[PANEL] = {0};                                                                \
            const float *x = in + (size_t)r * ldi;                                                 \
            if (width == PANEL) {                                                                  \
                for (int k = 0; k < IC; k++)                                                       \
                    for (int j = 0; j < PANEL; j++)                                                \
                        acc[j] = fmaf(x[k], WIDEN(panel[(size_t)k * PANEL + j]), acc[j]);          \
            } else {                                                                               \
                for (int k = 0; k < IC; k++)                                                       \
                    for (int j = 0; j < width; j++)                                                \
                        acc[j] = fmaf(x[k], WIDEN(panel[(size_t)k * width + j]), acc[j]);          \
            }                                                                                      \
            memcpy(out + (size_t)r * ldo, acc, (size_t)width * sizeof(float));                     \
        }                                                                                          \
    }
#define WIDEN_F32(v) (v)
PANEL_GENERIC(panel_generic_f32, float, WIDEN_F32)
PANEL_GENERIC(panel_generic_bf16, uint16_t, quant_bf16_float)

typedef void (*PanelGeneric)(float *out, int ldo, const float *in, int ldi, const void *panel,
                             int width, int rows, int IC);
static const PanelGeneric PANEL_GENERIC_OF[WPREC_COUNT] = {
    [WPREC_FP32] = panel_generic_f32,
    [WPREC_BF16] = panel_generic_bf16,
};

#ifdef TS_AVX512
/* Columns 16j .. 16j + 15 of the panel row that starts at element w, widened
 * to float32 */
static inline __m512 load16_f32(const void *p, size_t w, int j)
{
    return _mm512_loadu_ps((const float *)p + w + 16 * j);
}
static inline __m512 load16_bf16(const void *p, size_t w, int j)
{
    const uint16_t *h = (const uint16_t *)p + w + 16 * j;
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)h);
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(b), 16));
}

/* The loops over rows and column blocks below are unrolled completely, so
 * that every accumulator is a register of its own (gcc keeps an array of them
 * in memory otherwise, and stores it around each masked load). */
#define UNROLLED _Pragma("GCC unroll 32")

/* R rows x one full panel: 4R accumulators, so each weight load feeds R
 * multiply-adds (R = 6 uses 24 of the 32 vector registers). */
#define PANEL_ROWS(NAME, R, LOAD)                                                                  \
    static void NAME(float *out, int ldo, const float *in, int ldi, const void *panel, int IC)     \
    {                                                                                              \
        __m512 c[R][4];                                                                            \
        UNROLLED                                                                                   \
        for (int r = 0; r < R; r++)                                                                \
            UNROLLED                                                                               \
            for (int j = 0; j < 4; j++)                                                            \
                c[r][j] = _mm512_setzero_ps();                                                     \
        for (int k = 0; k < IC; k++) {                                                             \
            size_t w = (size_t)k * PANEL;                                                          \
            __m512 b0 = LOAD(panel, w, 0), b1 = LOAD(panel, w, 1);                                 \
            __m512 b2 = LOAD(panel, w, 2), b3 = LOAD(panel, w, 3);                                 \
            UNROLLED                                                                               \
            for (int r = 0; r < R; r++) {                                                          \
                __m512 a = _mm512_set1_ps(in[(size_t)r * ldi + k]);                                \
                c[r][0] = _mm512_fmadd_ps(a, b0, c[r][0]);                                         \
                c[r][1] = _mm512_fmadd_ps(a, b1, c[r][1]);                                         \
                c[r][2] = _mm512_fmadd_ps(a, b2, c[r][2]);                                         \
                c[r][3] = _mm512_fmadd_ps(a, b3, c[r][3]);                                         \
            }                                                                                      \
        }                                                                                          \
        UNROLLED                                                                                   \
        for (int r = 0; r < R; r++)                                                                \
            UNROLLED                                                                               \
            for (int j = 0; j < 4; j++)                                                            \
                _mm512_storeu_ps(out + (size_t)r * ldo + 16 * j, c[r][j]);                         \
    }

/* One row x NP full panels side by side, each `stride` bytes after the one
 * before: 4 NP independent chains. Four panels keep the multiply-adds busy
 * on a cached step; two take a last pair; one is a row of a short batch. */
#define PANEL_1ROW_N(NAME, LOAD, NP)                                                               \
    static void NAME(float *out, const float *in, const void *p0, size_t stride, int IC)           \
    {                                                                                              \
        const unsigned char *p = (const unsigned char *)p0;                                        \
        __m512 c[4 * (NP)];                                                                        \
        UNROLLED                                                                                   \
        for (int j = 0; j < 4 * (NP); j++)                                                         \
            c[j] = _mm512_setzero_ps();                                                            \
        for (int k = 0; k < IC; k++) {                                                             \
            size_t w = (size_t)k * PANEL;                                                          \
            __m512 a = _mm512_set1_ps(in[k]);                                                      \
            UNROLLED                                                                               \
            for (int j = 0; j < 4; j++)                                                            \
                UNROLLED                                                                           \
                for (int q = 0; q < (NP); q++)                                                     \
                    c[4 * q + j] = _mm512_fmadd_ps(a, LOAD(p + q * stride, w, j), c[4 * q + j]);   \
        }                                                                                          \
        UNROLLED                                                                                   \
        for (int j = 0; j < 4 * (NP); j++)                                                         \
            _mm512_storeu_ps(out + 16 * j, c[j]);                                                  \
    }

#define PANEL_KERNELS(SUFFIX, LOAD)                                                                \
    PANEL_ROWS(panel_6rows_##SUFFIX, 6, LOAD)                                                      \
    PANEL_ROWS(panel_4rows_##SUFFIX, 4, LOAD)                                                      \
    PANEL_1ROW_N(panel_1row_x2_##SUFFIX, LOAD, 2)                                                  \
    PANEL_1ROW_N(panel_1row_x4_##SUFFIX, LOAD, 4)                                                  \
    PANEL_1ROW_N(panel_1row_##SUFFIX, LOAD, 1)
PANEL_KERNELS(f32, load16_f32)
PANEL_KERNELS(bf16, load16_bf16)

/* Each precision's vector kernels. */
typedef struct {
    void (*rows6)(float *out, int ldo, const float *in, int ldi, const void *panel, int IC);
    void (*rows4)(float *out, int ldo, const float *in, int ldi, const void *panel, int IC);
    /* one row x 2, 4 or 1 panels, each stride bytes after the one before */
    void (*row1_x2)(float *out, const float *in, const void *p0, size_t stride, int IC);
    void (*row1_x4)(float *out, const float *in, const void *p0, size_t stride, int IC);
    void (*row1)(float *out, const float *in, const void *p0, size_t stride, int IC);
} PanelKernels;
static const PanelKernels PANEL_KERNELS_OF[WPREC_COUNT] = {
    [WPREC_FP32] = {.rows6 = panel_6rows_f32, .rows4 = panel_4rows_f32,
                    .row1_x2 = panel_1row_x2_f32,
                    .row1_x4 = panel_1row_x4_f32, .row1 = panel_1row_f32},
    [WPREC_BF16] = {.rows6 = panel_6rows_bf16, .rows4 = panel_4rows_bf16,
                    .row1_x2 = panel_1row_x2_bf16,
                    .row1_x4 = panel_1row_x4_bf16, .row1 = panel_1row_bf16},
};
#endif

#ifdef TS_AVX2
/* The portable build's kernel: one row x one full panel in 8 registers of 8
 * lanes, the weights widened as above; the same chains of fused
 * multiply-adds as panel_generic's, so the two give the same bits. */
static inline __m256 load8_f32(const void *p, size_t i)
{
    return _mm256_loadu_ps((const float *)p + i);
}
static inline __m256 load8_bf16(const void *p, size_t i)
{
    __m128i h = _mm_loadu_si128((const __m128i *)(const void *)((const uint16_t *)p + i));
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
}
#define PANEL_1ROW_AVX2(NAME, LOAD)                                                                \
    static void NAME(float *out, const float *in, const void *panel, int IC)                       \
    {                                                                                              \
        __m256 c[8];                                                                               \
        for (int j = 0; j < 8; j++)                                                                \
            c[j] = _mm256_setzero_ps();                                                            \
        for (int k = 0; k < IC; k++) {                                                             \
            __m256 a = _mm256_set1_ps(in[k]);                                                      \
            for (int j = 0; j < 8; j++)                                                            \
                c[j] = _mm256_fmadd_ps(a, LOAD(panel, (size_t)k * PANEL + 8 * j), c[j]);           \
        }                                                                                          \
        for (int j = 0; j < 8; j++)                                                                \
            _mm256_storeu_ps(out + 8 * j, c[j]);                                                   \
    }
PANEL_1ROW_AVX2(panel_1row_avx2_f32, load8_f32)
PANEL_1ROW_AVX2(panel_1row_avx2_bf16, load8_bf16)
typedef void (*PanelRow)(float *out, const float *in, const void *panel, int IC);
static const PanelRow PANEL_1ROW_AVX2_OF[WPREC_COUNT] = {
    [WPREC_FP32] = panel_1row_avx2_f32,
    [WPREC_BF16] = panel_1row_avx2_bf16,
};
#endif

/* Panel pi of w: its first element */
static const void *panel_at(const LinearW *w, int pi, int IC)
{
    return (const unsigned char *)w->panels + (size_t)pi * PANEL * IC * wprec_size(w->prec);
}

/* Columns [c0, c1) of rows 0..N-1: plus their bias (if any). */
static void add_bias(float *out, const float *bias, int N, int OC, int c0, int c1)
{
    for (int r = 0; r < N && bias; r++) {
        float *o = out + (size_t)r * OC;
        for (int j = c0; j < c1; j++)
            o[j] += bias[j];
    }
}

/* Rows 0..N-1 of panel pi's columns [p0, p0 + width), scaled and biased. */
static void linear_panel(float *out, const float *in, const LinearW *w, const float *bias, int N,
                         int IC, int OC, int pi)
{
    int p0 = pi * PANEL, width = OC - p0 < PANEL ? OC - p0 : PANEL, n = 0;
    const void *panel = panel_at(w, pi, IC);
#ifdef TS_AVX512
    const PanelKernels *k = &PANEL_KERNELS_OF[w->prec];
    if (width == PANEL) {
        for (; n + 6 <= N; n += 6)
            k->rows6(out + (size_t)n * OC + p0, OC, in + (size_t)n * IC, IC, panel, IC);
        for (; n + 4 <= N; n += 4)
            k->rows4(out + (size_t)n * OC + p0, OC, in + (size_t)n * IC, IC, panel, IC);
        for (; n < N; n++)
            k->row1(out + (size_t)n * OC + p0, in + (size_t)n * IC, panel, 0, IC);
    }
#elif defined(TS_AVX2)
    if (width == PANEL)
        for (; n < N; n++)
            PANEL_1ROW_AVX2_OF[w->prec](out + (size_t)n * OC + p0, in + (size_t)n * IC, panel, IC);
#endif
    if (n < N)
        PANEL_GENERIC_OF[w->prec](out + (size_t)n * OC + p0, OC, in + (size_t)n * IC, IC, panel,
                                  width, N - n, IC);
    add_bias(out, bias, N, OC, p0, p0 + width);
}

#ifdef TS_AVX512
/* One row of the first full panels, four side by side (then two): a cached
 * step is bound by them. A layer as long as the output layer is worth sharing
 * out among threads, when there are several. Returns how many panels it did. */
static int linear_row1(float *out, const float *in, const LinearW *w, int IC, int OC)
{
    const PanelKernels *k = &PANEL_KERNELS_OF[w->prec];
    size_t stride = (size_t)PANEL * IC * wprec_size(w->prec);
    int quads = OC / PANEL / 4;
    if (quads >= 8 && ts_threads() > 1 && !ts_in_parallel()) {
#pragma omp parallel for schedule(static)
        for (int q = 0; q < quads; q++)
            k->row1_x4(out + 4 * q * PANEL, in, panel_at(w, 4 * q, IC), stride, IC);
    } else {
        for (int q = 0; q < quads; q++)
            k->row1_x4(out + 4 * q * PANEL, in, panel_at(w, 4 * q, IC), stride, IC);
    }
    int done = 4 * quads;
    if (OC / PANEL - done >= 2) {
        k->row1_x2(out + done * PANEL, in, panel_at(w, done, IC), stride, IC);
        done += 2;
    }
    return done;
}
#endif

void linear_w(float *out, const float *in, const LinearW *w, const float *bias, int N, int IC,
              int OC)
{
    if (w->prec == WPREC_INT8) {
        linear_i8(out, in, w, bias, N, IC, OC);
        return;
    }
    int n_panels = (OC + PANEL - 1) / PANEL, first = 0;
#ifdef TS_AVX512
    if (N == 1)
        first = linear_row1(out, in, w, IC, OC);
#endif
    /* the rest on this thread (the full pass shares its rows out among the
     * threads before it gets here) */
    for (int pi = first; pi < n_panels; pi++)
        linear_panel(out, in, w, bias, N, IC, OC, pi);
    /* the columns the one-row kernels computed above */
    add_bias(out, bias, 1, OC, 0, first * PANEL);
}

void linear_t(float *out, const float *in, const float *wp, const float *bias, int N, int IC, int OC)
{
    LinearW w = {.prec = WPREC_FP32, .panels = wp, .scale = NULL};
    linear_w(out, in, &w, bias, N, IC, OC);
}

/* ---- state ---- */

size_t infer_cache_bytes_per_char(const ModelConfig *cfg)
{
    return 2 * (size_t)cfg->n_layer * (size_t)cfg->n_embd * sizeof(float);
}

int infer_init(Infer *s, const Model *m, TsErr *err)
{
    memset(s, 0, sizeof *s);
    s->m = m;
    const ModelConfig *cfg = &m->cfg;
    size_t L = (size_t)cfg->n_layer, C = (size_t)cfg->n_embd, V = (size_t)cfg->vocab_size;
    size_t T = (size_t)cfg->context, H = (size_t)cfg->n_head;
    s->ctx = cfg->context;
    s->ctx_pad = (cfg->context + 63) / 64 * 64;
    size_t Tp = (size_t)s->ctx_pad;
    size_t per_layer = 3 * C * C + C * C + 4 * C * C + 4 * C * C;
    /* the packed matrices: 4 bytes a weight in float32; in int8 1, and the
     * inputs padded to a multiple of 4, the outputs to one of 64 */
    int c = cfg->n_embd;
    size_t i8_bytes = L * (linear_i8_packed_bytes(c, 3 * c) + linear_i8_packed_bytes(c, c) +
                           linear_i8_packed_bytes(c, 4 * c) + linear_i8_packed_bytes(4 * c, c)) +
                      linear_i8_packed_bytes(c, cfg->vocab_size);
    size_t wt_floats = L * per_layer + C * V;
    if (wt_floats < (i8_bytes + 3) / 4)
        wt_floats = (i8_bytes + 3) / 4;
    struct {
        float **slot;
        size_t n;
    } want[] = {
        {&s->wt, wt_floats},
        {&s->k_cache, L * C * Tp},
        {&s->v_cache, L * T * C},
        {&s->x, T * C},
        {&s->xn, T * C},
        {&s->mean, T},
        {&s->rstd, T},
        {&s->qkv, T * 3 * C},
        {&s->atty, T * C},
        {&s->proj, T * C},
        {&s->h, T * 4 * C},
        {&s->hg, T * 4 * C},
        {&s->scores, T * H * T},
        {&s->part, T * 4 * C},
        {&s->att_last, L * H * T},
        {&s->logits, V},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        *want[i].slot = ts_alloc_floats(want[i].n, err);
        if (!*want[i].slot) {
            infer_free(s);
            return -1;
        }
    }
    infer_reload(s);
    return 0;
}

/* Layer l's slice of packed matrix P (one for wte), [OC, IC] in the model. */
static LinearW layer_w(const Infer *s, int P, int l, int IC, int OC)
{
    const LinearW *w = &s->lin[P];
    return (LinearW){
        .prec = w->prec,
        .panels = (const unsigned char *)w->panels + (size_t)l * packed_bytes(w->prec, IC, OC),
        .scale = w->scale ? w->scale + (size_t)l * OC : NULL,
    };
}

void infer_reload(Infer *s)
{
    const Model *m = s->m;
    ParamInfo t[P_COUNT];
    param_table(&m->cfg, t);
    unsigned char *at = (unsigned char *)s->wt;
    for (int P = 0; P < P_COUNT; P++) {
        if (!quant_is_matrix(P))
            continue;
        const ParamInfo *ti = &t[P];
        int layers = ti->ndim == 3 ? ti->shape[0] : 1;
        int OC = ti->shape[ti->ndim - 2], IC = ti->shape[ti->ndim - 1];
        const void *src = m->prec == WPREC_BF16   ? (const void *)m->q.bf16[P]
                          : m->prec == WPREC_INT8 ? (const void *)m->q.i8[P]
                                                  : (const void *)(m->params + ti->offset);
        s->lin[P] = (LinearW){.prec = m->prec,
                              .panels = at,
                              .scale = m->prec == WPREC_INT8 ? m->q.scale[P] : NULL};
        size_t es = m->prec == WPREC_INT8 ? 1 : wprec_size(m->prec);
        size_t per = packed_bytes(m->prec, IC, OC), src_per = (size_t)IC * OC * es;
        for (int l = 0; l < layers; l++)
            linear_pack_any(at + l * per, (const unsigned char *)src + l * src_per, m->prec, IC, OC);
        at += layers * per;
    }
    s->len = 0; /* the cached keys and values came from the old weights */
}

void infer_free(Infer *s)
{
    float *all[] = {s->wt, s->part, s->k_cache, s->v_cache, s->x,      s->xn,     s->mean,
                    s->rstd, s->qkv,   s->atty,    s->proj,   s->h,      s->hg,
                    s->scores, s->att_last, s->logits};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]);
    memset(s, 0, sizeof *s);
}

void infer_reset(Infer *s) { s->len = 0; }

void infer_truncate(Infer *s, int len)
{
    if (len >= 0 && len < s->len)
        s->len = len;
}

/* ---- the pass ---- */

/* Scores q . k[t] * scale of the W positions t0 .. t0 + W - 1 (W a multiple
 * of 16, at most 64, known where this is inlined, so the sums stay in
 * registers); the first m go to out. Each is a chain of fused multiply-adds
 * over the head's dimensions in order, whichever block it falls in. Reads past
 * the last position stay inside the cache's padding. */
static inline void score_block(float *out, int m, const float *q, const float *kt, int ctx_pad,
                               int t0, int hs, float scale, int W)
{
    float acc[64] = {0};
    for (int d = 0; d < hs; d++) {
        const float *kr = kt + (size_t)d * ctx_pad + t0;
        for (int j = 0; j < W; j++)
            acc[j] = fmaf(q[d], kr[j], acc[j]);
    }
    for (int j = 0; j < m; j++)
        out[j] = acc[j] * scale;
}

/* y[0 .. W) = sum over t < n of probs[t] v[t][0 .. W) (W = 16 or 32, known
 * where inlined), in four interleaved partial sums so that the additions need
 * not wait for each other; v has row stride C. */
static inline void weigh_values(float *y, const float *probs, const float *v, int n, int C, int W)
{
    float a0[32] = {0}, a1[32] = {0}, a2[32] = {0}, a3[32] = {0};
    int t = 0;
    for (; t + 4 <= n; t += 4, v += 4 * (size_t)C) {
        for (int j = 0; j < W; j++) {
            a0[j] = fmaf(probs[t], v[j], a0[j]);
            a1[j] = fmaf(probs[t + 1], v[C + j], a1[j]);
            a2[j] = fmaf(probs[t + 2], v[2 * C + j], a2[j]);
            a3[j] = fmaf(probs[t + 3], v[3 * C + j], a3[j]);
        }
    }
    /* the last one to three positions, each into its own partial sum */
    for (int j = 0; j < W; j++) {
        if (t < n)
            a0[j] = fmaf(probs[t], v[j], a0[j]);
        if (t + 1 < n)
            a1[j] = fmaf(probs[t + 1], v[C + j], a1[j]);
        if (t + 2 < n)
            a2[j] = fmaf(probs[t + 2], v[2 * C + j], a2[j]);
    }
    for (int j = 0; j < W; j++)
        y[j] = (a0[j] + a1[j]) + (a2[j] + a3[j]);
}

/* Attention of the query at absolute position p over cached positions 0..p,
 * for one layer and head. kt [hs][ctx_pad] holds the head's keys transposed,
 * vc the values (row stride C). y [hs] gets the weighted sum of values, probs
 * [p+1] the attention weights; part [4 hs] is scratch. Every number is
 * computed the same way for any p, so the full pass and the cached step agree
 * to the bit. */
static void attend(float *y, float *probs, float *part, const float *q, const float *kt,
                   int ctx_pad, const float *vc, int p, int C, int hs)
{
    int n = p + 1;
    float scale = 1.0f / sqrtf((float)hs);
    /* scores, 64 positions at a time, then the rest in 16s */
    int t0 = 0;
    for (; t0 + 64 <= n; t0 += 64)
        score_block(probs + t0, 64, q, kt, ctx_pad, t0, hs, scale, 64);
    switch ((n - t0 + 15) / 16) {
    case 1: score_block(probs + t0, n - t0, q, kt, ctx_pad, t0, hs, scale, 16); break;
    case 2: score_block(probs + t0, n - t0, q, kt, ctx_pad, t0, hs, scale, 32); break;
    case 3: score_block(probs + t0, n - t0, q, kt, ctx_pad, t0, hs, scale, 48); break;
    case 4: score_block(probs + t0, n - t0, q, kt, ctx_pad, t0, hs, scale, 64); break;
    default: break;
    }
    float maxv = ts_maxf(probs, n, -FLT_MAX);
    for (int t = 0; t < n; t++)
        probs[t] = ts_expf(probs[t] - maxv);
    /* the sum in 16 lanes, so the additions need not wait for each other */
    float lane[16] = {0};
    int t16 = 0;
    for (; t16 + 16 <= n; t16 += 16)
        for (int j = 0; j < 16; j++)
            lane[j] += probs[t16 + j];
    for (int j = 0; t16 + j < n; j++)
        lane[j] += probs[t16 + j];
    float sum = 0.0f;
    for (int j = 0; j < 16; j++)
        sum += lane[j];
    float inv = 1.0f / sum;
    for (int t = 0; t < n; t++)
        probs[t] *= inv;
    /* y = sum_t probs[t] v[t]: 32 or 16 dimensions at a time, with the
     * partial sums in registers */
    if (hs % 16 == 0) {
        int i0 = 0;
        for (; i0 + 32 <= hs; i0 += 32)
            weigh_values(y + i0, probs, vc + i0, n, C, 32);
        for (; i0 < hs; i0 += 16)
            weigh_values(y + i0, probs, vc + i0, n, C, 16);
        return;
    }
    /* any other head size: the same four partial sums, in memory */
    for (int i = 0; i < 4 * hs; i++)
        part[i] = 0.0f;
    for (int t = 0; t < n; t++) {
        const float *v = vc + (size_t)t * C;
        float *acc = part + (size_t)(t & 3) * hs;
        for (int i = 0; i < hs; i++)
            acc[i] = fmaf(probs[t], v[i], acc[i]);
    }
    for (int i = 0; i < hs; i++)
        y[i] = (part[i] + part[hs + i]) + (part[2 * hs + i] + part[3 * hs + i]);
}

/* Head h of row i (of n, starting at position s->len) in layer l, after that
 * layer's keys and values are in the cache. */
static void attend_head(Infer *s, int l, int i, int h, int n)
{
    const ModelConfig *cfg = &s->m->cfg;
    int C = cfg->n_embd, H = cfg->n_head, hs = C / H;
    size_t C3 = 3 * (size_t)C;
    const float *kc = s->k_cache + (size_t)l * C * s->ctx_pad;
    const float *vc = s->v_cache + (size_t)l * s->ctx * C;
    float *probs = i == n - 1 ? s->att_last + ((size_t)l * H + h) * s->ctx
                              : s->scores + ((size_t)i * H + h) * s->ctx;
    attend(s->atty + (size_t)i * C + h * hs, probs, s->part + ((size_t)i * H + h) * 4 * hs,
           s->qkv + i * C3 + h * hs, kc + (size_t)h * hs * s->ctx_pad, s->ctx_pad, vc + h * hs,
           s->len + i, C, hs);
}

/* ---- the full pass on several threads ---- */

/* Where the threads of a full pass wait for each other, twice a layer. The
 * waits are short, but libgomp's own barrier lets a waiting thread sleep
 * almost at once here, and waking it costs tens of microseconds each time;
 * so the threads spin, and only after a while give their core away (in case
 * there are more threads than cores). */
typedef struct {
    atomic_int arrived; /* threads at the barrier so far */
    atomic_int phase;   /* how many times everyone has arrived */
} PassBarrier;

static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static void pass_barrier(PassBarrier *b, int nt)
{
    if (nt <= 1)
        return;
    int phase = atomic_load_explicit(&b->phase, memory_order_relaxed);
    if (atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel) == nt - 1) {
        /* the last one in lets everyone go */
        atomic_store_explicit(&b->arrived, 0, memory_order_relaxed);
        atomic_store_explicit(&b->phase, phase + 1, memory_order_release);
        return;
    }
    for (long spins = 0; atomic_load_explicit(&b->phase, memory_order_acquire) == phase; spins++) {
        if (spins < 20000)
            cpu_relax();
        else
            sched_yield();
    }
}

/* Rows r0 .. r1 - 1 of the n new positions, through every layer: run by each
 * of nt threads (id is this one) on its own rows, or by one thread on all of
 * them. The rows meet only in attention, which reads every row's keys and
 * values, so two barriers a layer suffice and all else runs row by row. */
static void forward_rows(Infer *s, const int *tokens, int n, int r0, int r1, int id, int nt,
                         PassBarrier *bar)
{
    const ParamPtrs *w = &s->m->w;
    const ModelConfig *cfg = &s->m->cfg;
    int C = cfg->n_embd, H = cfg->n_head, L = cfg->n_layer, p0 = s->len, m = r1 - r0;
    float eps = s->m->num.ln_eps;
    size_t C3 = 3 * (size_t)C, C4 = 4 * (size_t)C;
    float *x = s->x + (size_t)r0 * C, *xn = s->xn + (size_t)r0 * C, *mean = s->mean + r0,
          *rstd = s->rstd + r0, *qkv = s->qkv + (size_t)r0 * C3, *atty = s->atty + (size_t)r0 * C,
          *proj = s->proj + (size_t)r0 * C, *h = s->h + (size_t)r0 * C4,
          *hg = s->hg + (size_t)r0 * C4;
    for (int i = r0; i < r1; i++) {
        const float *te = w->wte + (size_t)tokens[i] * C, *pe = w->wpe + (size_t)(p0 + i) * C;
        for (int c = 0; c < C; c++)
            s->x[(size_t)i * C + c] = te[c] + pe[c];
    }
    for (int l = 0; l < L; l++) {
        float *kc = s->k_cache + (size_t)l * C * s->ctx_pad;
        float *vc = s->v_cache + (size_t)l * s->ctx * C;
        layernorm_forward(xn, mean, rstd, x, w->ln1_w + l * C, w->ln1_b + l * C, eps, m, C);
        LinearW qkv_w = layer_w(s, P_QKV_W, l, C, (int)C3);
        linear_w(qkv, xn, &qkv_w, w->qkv_b + l * C3, m, C, (int)C3);
        for (int i = r0; i < r1; i++) {
            /* keys into their transposed slots: dimension c of position p0+i */
            const float *key = s->qkv + i * C3 + C;
            for (int c = 0; c < C; c++)
                kc[(size_t)c * s->ctx_pad + (size_t)(p0 + i)] = key[c];
            memcpy(vc + (size_t)(p0 + i) * C, s->qkv + i * C3 + 2 * C, (size_t)C * sizeof(float));
        }
        pass_barrier(bar, nt);
        /* every (position, head) has its own scratch, so threads never share;
         * later positions cost more, so the threads take turns */
        for (int ih = id; ih < n * H; ih += nt)
            attend_head(s, l, ih / H, ih % H, n);
        pass_barrier(bar, nt);
        LinearW attproj_w = layer_w(s, P_ATTPROJ_W, l, C, C);
        linear_w(proj, atty, &attproj_w, w->attproj_b + l * C, m, C, C);
        residual_forward(x, x, proj, (size_t)m * C);
        layernorm_forward(xn, mean, rstd, x, w->ln2_w + l * C, w->ln2_b + l * C, eps, m, C);
        LinearW fc_w = layer_w(s, P_FC_W, l, C, (int)C4);
        linear_w(h, xn, &fc_w, w->fc_b + l * C4, m, C, (int)C4);
        gelu_forward(hg, h, (size_t)m * C4, s->m->num.gelu);
        LinearW fcproj_w = layer_w(s, P_FCPROJ_W, l, (int)C4, C);
        linear_w(proj, hg, &fcproj_w, w->fcproj_b + l * C, m, (int)C4, C);
        residual_forward(x, x, proj, (size_t)m * C);
    }
}

const float *infer_forward(Infer *s, const int *tokens, int n)
{
    const ParamPtrs *w = &s->m->w;
    const ModelConfig *cfg = &s->m->cfg;
    int C = cfg->n_embd, V = cfg->vocab_size;
    /* the matrix products' multiply-adds, about: below some 2 million (a
     * tenth of a millisecond on one core, a class's tiny model's whole pass)
     * the threads would spend more time waiting for each other than working,
     * and far more on a busy machine */
    double macs = 12.0 * C * C * cfg->n_layer * n;
    if (n >= 8 && ts_threads() > 1 && macs >= 2e6) {
        /* many rows: each thread takes an even share of them */
        PassBarrier bar;
        atomic_init(&bar.arrived, 0);
        atomic_init(&bar.phase, 0);
#pragma omp parallel shared(bar)
        {
            int nt = ts_team_size(), id = ts_thread_id();
            forward_rows(s, tokens, n, n * id / nt, n * (id + 1) / nt, id, nt, &bar);
        }
    } else {
        forward_rows(s, tokens, n, 0, n, 0, 1, NULL);
    }
    /* only the last position's next-character scores are needed */
    const float *last = s->x + (size_t)(n - 1) * C;
    layernorm_forward(s->xn, s->mean, s->rstd, last, w->lnf_w, w->lnf_b, s->m->num.ln_eps, 1, C);
    linear_w(s->logits, s->xn, &s->lin[P_WTE], NULL, 1, C, V);
    s->len += n;
    return s->logits;
}

int infer_check_logits(const Infer *s, TsErr *err)
{
    /* x - x is 0 for every finite x and NaN for infinities and NaN; summed
     * in lanes, so the check costs a few microseconds */
    float lane[16] = {0};
    int V = s->m->cfg.vocab_size, i = 0;
    for (; i + 16 <= V; i += 16)
        for (int j = 0; j < 16; j++)
            lane[j] += s->logits[i + j] - s->logits[i + j];
    for (int j = 0; i + j < V; j++)
        lane[j] += s->logits[i + j] - s->logits[i + j];
    float sum = 0.0f;
    for (int j = 0; j < 16; j++)
        sum += lane[j];
    if (sum == 0.0f)
        return 0;
    return ts_fail(err, "the model produced non-finite scores at position %d", s->len - 1);
}
