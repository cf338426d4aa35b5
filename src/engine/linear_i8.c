/* linear_i8.c - the int8 linear layer in integer arithmetic (linear_i8.h).
 *
 * Three kernels give the same integer sums, each the fastest this build's
 * CPU allows:
 *   AVX-512 VNNI  vpdpbusd multiplies 4 unsigned by 4 signed bytes and adds
 *                 them into an int32 lane. A q (int16) is split into bytes,
 *                 q = 256 hi + lo with lo 0..255 and hi -128..127, and
 *                 sum q w = 256 (sum (w + 128) hi - 128 sum hi) + sum lo w:
 *                 lo times the weights as they are, hi times the weights
 *                 offset by 128 (one exclusive or), so a weight is never
 *                 widened, and 64 of them meet 4 inputs per instruction pair.
 *   AVX2          vpmaddwd on the weights sign-extended to int16 (the
 *                 portable x86-64-v3 build, and AVX-512 without VNNI).
 *   plain C       the rest (aarch64).
 * The last panel of a layer is filled up to 64 columns with zeros, so that
 * every panel goes through the same kernel.
 */
#include "engine/linear_i8.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "engine/common.h"

#if defined(__AVX512VNNI__) && defined(__AVX512BW__)
#include <immintrin.h>
#define I8_VNNI 1
#elif defined(__AVX2__)
#include <immintrin.h>
#define I8_AVX2 1
#endif

enum {
    PANEL = 64,
    ROWS_MAX = 3,      /* rows rounded and multiplied together */
    MAX_CHUNKS = 32,   /* inputs up to 32 x 512 = 16,384: 4 x the widest model's 4,096 */
    ACT_BYTES = 65536, /* the rounded rows, 2 bytes an input, and one more row on the way */
};

_Static_assert(127LL * 32767 * I8_CHUNK < 2147483648LL, "a chunk's sum must fit an int32");
_Static_assert(I8_CHUNK % 4 == 0, "a chunk is whole groups of four inputs");

static int round4(int n) { return (n + 3) / 4 * 4; }

size_t linear_i8_packed_bytes(int IC, int OC)
{
    return (size_t)((OC + PANEL - 1) / PANEL) * PANEL * (size_t)round4(IC);
}

void linear_i8_pack(unsigned char *dst, const signed char *w, int IC, int OC)
{
    int IC4 = round4(IC);
    for (int p0 = 0; p0 < OC; p0 += PANEL) {
        unsigned char *panel = dst + (size_t)p0 * IC4;
        for (int g = 0; g < IC4 / 4; g++)
            for (int j = 0; j < PANEL; j++)
                for (int t = 0; t < 4; t++) {
                    int k = 4 * g + t;
                    signed char v = k < IC && p0 + j < OC ? w[(size_t)(p0 + j) * IC + k] : 0;
                    panel[((size_t)g * PANEL + j) * 4 + t] = (unsigned char)v;
                }
    }
}

/* ---- the rows of input, rounded ---- */

/* Up to ROWS_MAX rows, each rounded to int16 (q, or its bytes lo and hi with
 * VNNI: q = 256 hi + lo), with its scale. */
typedef struct {
    float scale[ROWS_MAX];
#ifdef I8_VNNI
    const uint8_t *lo[ROWS_MAX];
    const int8_t *hi[ROWS_MAX];
    int32_t hisum[ROWS_MAX][MAX_CHUNKS]; /* sum of hi over each chunk of inputs */
#else
    const int16_t *q[ROWS_MAX];
#endif
} I8Rows;

/* q[0 .. IC4) of a row x [IC]: rint((double)x[k] * (32767.0 / (double)max
 * |x|)), zeros past IC; returns the scale max |x| / 32767 (0 for a row of
 * zeros, NaN for a row holding an infinity or NaN: then q is all zeros). */
static float round_row(int16_t *q, const float *x, int IC, int IC4)
{
    /* max |x| by the bits of |x|, which order as the numbers do (and put
     * infinities and NaN above every finite number), so the loop vectorizes */
    uint32_t maxbits = 0;
    for (int k = 0; k < IC; k++) {
        uint32_t b;
        memcpy(&b, x + k, 4);
        b &= 0x7FFFFFFFu;
        maxbits = b > maxbits ? b : maxbits;
    }
    if (maxbits >= 0x7F800000u || maxbits == 0) {
        memset(q, 0, (size_t)IC4 * sizeof *q);
        return maxbits ? NAN : 0.0f;
    }
    float maxabs;
    memcpy(&maxabs, &maxbits, 4);
    /* |x| <= max |x| and inv is 32767 / max |x| within a part in 2^53, so
     * |x * inv| < 32767.5 and the rounded value is within -32767..32767 */
    double inv = 32767.0 / (double)maxabs;
    for (int k = 0; k < IC; k++)
        q[k] = (int16_t)(int32_t)rint((double)x[k] * inv);
    for (int k = IC; k < IC4; k++)
        q[k] = 0;
    return maxabs / 32767.0f;
}

/* Rounds R rows of in [R, IC] into buf: 2 * IC4 bytes a row, after as
 * many for one row's int16 on the way (VNNI). */
static void round_rows(I8Rows *x, unsigned char *buf, const float *in, int R, int IC, int IC4)
{
    for (int r = 0; r < R; r++) {
        unsigned char *row = buf + (size_t)(r + 1) * 2 * IC4;
        const float *xr = in + (size_t)r * IC;
#ifdef I8_VNNI
        int16_t *q = (int16_t *)(void *)buf;
        uint8_t *lo = row;
        int8_t *hi = (int8_t *)(row + IC4);
        x->scale[r] = round_row(q, xr, IC, IC4);
        for (int c = 0; c * I8_CHUNK < IC4; c++) {
            int k0 = c * I8_CHUNK, k1 = IC4 - k0 < I8_CHUNK ? IC4 : k0 + I8_CHUNK;
            int32_t s = 0;
            for (int k = k0; k < k1; k++) {
                int32_t v = q[k], l = v & 0xFF, h = (v - l) / 256; /* exact: floor(q / 256) */
                lo[k] = (uint8_t)l;
                hi[k] = (int8_t)h;
                s += h;
            }
            x->hisum[r][c] = s;
        }
        x->lo[r] = lo;
        x->hi[r] = hi;
#else
        int16_t *q = (int16_t *)(void *)row;
        x->q[r] = q;
        x->scale[r] = round_row(q, xr, IC, IC4);
#endif
    }
}

/* ---- the kernels: exact int32 sums over the groups g0 .. g1 - 1 (four
 * inputs each) of one chunk, for rows of x and columns of a panel ---- */

#if !defined(I8_VNNI) && !defined(I8_AVX2)
/* Input k of row r as rounded. */
static inline int32_t row_q(const I8Rows *x, int r, int k) { return x->q[r][k]; }

/* Any rows x a panel: acc [R][lda], row r's sums in acc + r * lda. */
static void sums_generic(int32_t *acc, int lda, const I8Rows *x, int R, const unsigned char *panel,
                         int g0, int g1)
{
    const signed char *p = (const signed char *)panel;
    for (int r = 0; r < R; r++) {
        int32_t s[PANEL] = {0};
        for (int g = g0; g < g1; g++) {
            int32_t q0 = row_q(x, r, 4 * g), q1 = row_q(x, r, 4 * g + 1);
            int32_t q2 = row_q(x, r, 4 * g + 2), q3 = row_q(x, r, 4 * g + 3);
            const signed char *wg = p + (size_t)g * PANEL * 4;
            for (int j = 0; j < PANEL; j++)
                s[j] += q0 * wg[4 * j] + q1 * wg[4 * j + 1] + q2 * wg[4 * j + 2] +
                        q3 * wg[4 * j + 3];
        }
        memcpy(acc + (size_t)r * lda, s, sizeof s);
    }
}
#endif

#ifdef I8_VNNI
#define UNROLLED _Pragma("GCC unroll 32")

/* acc += the products of the unsigned bytes of a and the signed bytes of b,
 * four to a lane. gcc copies the accumulators of the intrinsic
 * _mm512_dpbusd_epi32 on every use in the loops below (it does not keep the
 * sum in the register the instruction adds into), so it is written out. */
#if defined(__GNUC__)
#define DPBUSD(acc, a, b) __asm__("vpdpbusd %2, %1, %0" : "+v"(acc) : "v"(a), "vm"(b))
#else
#define DPBUSD(acc, a, b) ((acc) = _mm512_dpbusd_epi32((acc), (a), (b)))
#endif

static inline __m512i bcast4(const void *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    return _mm512_set1_epi32(v);
}

/* R rows x NP full panels (stride bytes apart): 8 R NP accumulators, the lo
 * and hi halves of 16 columns each. At the end
 * sum = 256 (hi part - 128 sum hi) + lo part, in wrapping int32 arithmetic,
 * which is exact because the sum itself fits. */
#define SUMS_VNNI(NAME, R, NP)                                                                     \
    static void NAME(int32_t *acc, int lda, const I8Rows *x, const unsigned char *panel,          \
                     size_t stride, int g0, int g1, int chunk)                                     \
    {                                                                                              \
        __m512i cl[R][4 * NP], ch[R][4 * NP];                                                      \
        const __m512i flip = _mm512_set1_epi8((char)0x80);                                         \
        UNROLLED                                                                                   \
        for (int r = 0; r < R; r++)                                                                \
            UNROLLED                                                                               \
            for (int b = 0; b < 4 * NP; b++)                                                       \
                cl[r][b] = ch[r][b] = _mm512_setzero_si512();                                      \
        for (int g = g0; g < g1; g++) {                                                            \
            __m512i xl[R], xh[R];                                                                  \
            UNROLLED                                                                               \
            for (int r = 0; r < R; r++) {                                                          \
                xl[r] = bcast4(x->lo[r] + 4 * g);                                                  \
                xh[r] = bcast4(x->hi[r] + 4 * g);                                                  \
            }                                                                                      \
            UNROLLED                                                                               \
            for (int b = 0; b < 4 * NP; b++) {                                                     \
                const unsigned char *wb =                                                          \
                    panel + (size_t)(b / 4) * stride + (size_t)g * 4 * PANEL + 64 * (b % 4);       \
                __m512i w = _mm512_loadu_si512((const void *)wb);                                  \
                __m512i wu = _mm512_xor_si512(w, flip);                                            \
                UNROLLED                                                                           \
                for (int r = 0; r < R; r++) {                                                      \
                    DPBUSD(cl[r][b], xl[r], w);                                                    \
                    DPBUSD(ch[r][b], wu, xh[r]);                                                   \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
        UNROLLED                                                                                   \
        for (int r = 0; r < R; r++) {                                                              \
            __m512i fix = _mm512_set1_epi32((int32_t)(uint32_t)((uint64_t)(int64_t)x->hisum[r][chunk] \
                                                                * 32768u));                        \
            UNROLLED                                                                               \
            for (int b = 0; b < 4 * NP; b++) {                                                     \
                __m512i s = _mm512_add_epi32(_mm512_slli_epi32(ch[r][b], 8), cl[r][b]);            \
                _mm512_storeu_si512((void *)(acc + (size_t)r * lda + 16 * b),                      \
                                    _mm512_sub_epi32(s, fix));                                     \
            }                                                                                      \
        }                                                                                          \
    }
SUMS_VNNI(sums_vnni_1x2, 1, 2)
SUMS_VNNI(sums_vnni_1x1, 1, 1)
SUMS_VNNI(sums_vnni_3x1, 3, 1)
#endif

#ifdef I8_AVX2
/* One row x one full panel, 32 columns at a time in 8 registers: each
 * weight sign-extended to int16, vpmaddwd adds the products of two inputs,
 * so a column's sum is two lanes, added at the end. */
static void sums_avx2(int32_t *acc, const int16_t *q, const unsigned char *panel, int g0, int g1)
{
    for (int half = 0; half < 2; half++) {
        __m256i c[8];
        for (int i = 0; i < 8; i++)
            c[i] = _mm256_setzero_si256();
        for (int g = g0; g < g1; g++) {
            int64_t q4;
            memcpy(&q4, q + 4 * g, 8);
            __m256i xb = _mm256_set1_epi64x(q4);
            const unsigned char *wg = panel + (size_t)g * 4 * PANEL + 128 * half;
            for (int i = 0; i < 8; i++) {
                __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(wg + 16 * i));
                c[i] = _mm256_add_epi32(c[i], _mm256_madd_epi16(_mm256_cvtepi8_epi16(b), xb));
            }
        }
        int32_t t[64];
        for (int i = 0; i < 8; i++)
            _mm256_storeu_si256((__m256i *)(void *)(t + 8 * i), c[i]);
        for (int j = 0; j < 32; j++)
            acc[32 * half + j] = t[2 * j] + t[2 * j + 1];
    }
}
#endif

/* Rows 0 .. R-1 of x through np panels side by side, stride bytes apart:
 * acc [R][2 * PANEL]. */
static void sums(int32_t *acc, const I8Rows *x, int R, const unsigned char *panel, size_t stride,
                 int np, int g0, int g1, int chunk)
{
    int lda = 2 * PANEL;
    (void)chunk;
#ifdef I8_VNNI
    if (np == 2 && R == 1) {
        sums_vnni_1x2(acc, lda, x, panel, stride, g0, g1, chunk);
        return;
    }
    if (np == 1 && R == 3) {
        sums_vnni_3x1(acc, lda, x, panel, stride, g0, g1, chunk);
        return;
    }
    for (int r = 0; r < R; r++) {
        I8Rows one = {.lo = {x->lo[r]}, .hi = {x->hi[r]}};
        one.hisum[0][chunk] = x->hisum[r][chunk];
        for (int pn = 0; pn < np; pn++)
            sums_vnni_1x1(acc + (size_t)r * lda + pn * PANEL, lda, &one, panel + pn * stride,
                          stride, g0, g1, chunk);
    }
#elif defined(I8_AVX2)
    for (int r = 0; r < R; r++)
        for (int pn = 0; pn < np; pn++)
            sums_avx2(acc + (size_t)r * lda + pn * PANEL, x->q[r], panel + pn * stride, g0, g1);
#else
    for (int pn = 0; pn < np; pn++)
        sums_generic(acc + pn * PANEL, lda, x, R, panel + pn * stride, g0, g1);
#endif
}

/* ---- the outputs ---- */

/* The one float expression of an output (linear_i8.h), from its exact sum
 * as a float (one rounding). */
static inline float i8_value(float sum, float xs, float ws, const float *bias)
{
    float y = sum * (xs * ws);
    return bias ? y + *bias : y;
}

/* Rows 0 .. R-1 of x through np panels from panel pi (np = 2: both full),
 * into out (row stride ldo, column 0 = the layer's first). The last panel's
 * columns past OC are zeros, and their sums are not written. */
static void block(float *out, int ldo, const I8Rows *x, int R, const LinearW *w, const float *bias,
                  int IC4, int OC, int pi, int np)
{
    int p0 = pi * PANEL, width = OC - p0 < PANEL ? OC - p0 : PANEL;
    int cols = np * width, G = IC4 / 4, chunks = (IC4 + I8_CHUNK - 1) / I8_CHUNK;
    size_t stride = (size_t)PANEL * IC4;
    const unsigned char *panel = (const unsigned char *)w->panels + (size_t)pi * stride;
    int32_t acc[ROWS_MAX][2 * PANEL];
    if (chunks == 1) { /* every layer of a model up to 128 dimensions */
        sums(&acc[0][0], x, R, panel, stride, np, 0, G, 0);
        for (int r = 0; r < R; r++) {
            float *o = out + (size_t)r * ldo + p0;
            for (int j = 0; j < cols; j++)
                o[j] = i8_value((float)acc[r][j], x->scale[r], w->scale[p0 + j],
                                bias ? bias + p0 + j : NULL);
        }
        return;
    }
    int64_t total[ROWS_MAX][2 * PANEL];
    for (int c = 0; c < chunks; c++) {
        int g0 = c * (I8_CHUNK / 4), g1 = g0 + I8_CHUNK / 4 < G ? g0 + I8_CHUNK / 4 : G;
        sums(&acc[0][0], x, R, panel, stride, np, g0, g1, c);
        for (int r = 0; r < R; r++)
            for (int j = 0; j < cols; j++)
                total[r][j] = (c ? total[r][j] : 0) + acc[r][j];
    }
    for (int r = 0; r < R; r++) {
        float *o = out + (size_t)r * ldo + p0;
        for (int j = 0; j < cols; j++)
            o[j] = i8_value((float)total[r][j], x->scale[r], w->scale[p0 + j],
                            bias ? bias + p0 + j : NULL);
    }
}

/* One row through the full panels two at a time, on several threads for a
 * layer as long as the output layer. Returns the panels done. */
static int one_row_pairs(float *out, const I8Rows *x, const LinearW *w, const float *bias, int IC4,
                         int OC)
{
    int pairs = OC / PANEL / 2;
    if (pairs >= 16 && ts_threads() > 1 && !ts_in_parallel()) {
#pragma omp parallel for schedule(static)
        for (int i = 0; i < pairs; i++)
            block(out, OC, x, 1, w, bias, IC4, OC, 2 * i, 2);
    } else {
        for (int i = 0; i < pairs; i++)
            block(out, OC, x, 1, w, bias, IC4, OC, 2 * i, 2);
    }
    return 2 * pairs;
}

void linear_i8(float *out, const float *in, const LinearW *w, const float *bias, int N, int IC,
               int OC)
{
    _Alignas(64) unsigned char buf[ACT_BYTES];
    int IC4 = round4(IC), n_panels = (OC + PANEL - 1) / PANEL;
    if (IC4 > MAX_CHUNKS * I8_CHUNK) { /* wider than any model: no numbers */
        for (size_t i = 0; i < (size_t)N * OC; i++)
            out[i] = NAN;
        return;
    }
    int per_block = ACT_BYTES / (2 * IC4) - 1;
    per_block = per_block > ROWS_MAX ? ROWS_MAX : per_block;
    for (int n0 = 0, R; n0 < N; n0 += R) {
        R = N - n0 < per_block ? N - n0 : per_block;
        I8Rows x;
        round_rows(&x, buf, in + (size_t)n0 * IC, R, IC, IC4);
        float *o = out + (size_t)n0 * OC;
        int pi = R == 1 ? one_row_pairs(o, &x, w, bias, IC4, OC) : 0;
        for (; pi < n_panels; pi++)
            block(o, OC, &x, R, w, bias, IC4, OC, pi, 1);
    }
}
