/* gemm_bf16.c - bfloat16 matrix products with float32 sums (see gemm_bf16.h).
 *
 * The layout follows the usual blocked GEMM. B is rounded and packed once per
 * call into panels of NR columns; A is packed KC depths at a time into rows
 * of pairs, a block of MC rows at a time (MCT when A is stored transposed,
 * so that the stored matrix is read in long runs along its rows). Packing
 * a transposed operand goes through 16 x 16 transposes in registers, not
 * scattered stores. The kernel keeps an MR x NR tile of C in 24 registers and,
 * for every pair of depths k, k+1, multiplies each of the MR rows' pair (one
 * 32-bit broadcast) with the panel's NR pairs (two 512-bit loads). A pair is two bfloat16 in one 32-bit word, the lower one for
 * depth k: the order vdpbf16ps multiplies them in.
 *
 * Partial sums are added into C in the order of the depth blocks, the same for
 * every row, so a row's result does not depend on which thread computes it or
 * which rows it is computed with.
 *
 * Two kernels compute the same bits. vdpbf16ps adds, for each pair, first the
 * product at depth k+1 and then the one at depth k, rounding each sum to
 * float32 (denormal inputs read as zero, denormal sums flushed to zero). A
 * product of two bfloat16 is exact in float32, so two float32 FMAs in that
 * order, under the same flush-to-zero, round exactly as it does. On CPUs
 * where vdpbf16ps does no more multiply-adds per cycle than two FMAs (some
 * Intel Xeons run it at half the FMA rate), the FMA kernel is faster: the
 * packed pairs are then spread into float32 once per block, and the kernel
 * reads those. Which kernel runs is measured once per process and changes
 * nothing but the speed (TANGSCOPE_BF16_KERNEL=dot|fma fixes it).
 */
#include "engine/gemm_bf16.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* BF16_AVX512: both kernels, and packing with AVX-512. Otherwise packing in
 * plain C and the FMA kernel: on 256-bit vectors with AVX2 and FMA
 * (x86-64-v3, BF16_AVX2), else in plain C (any other CPU: aarch64, older
 * x86-64), each the same bits, slower (see "Other builds" below). */
#if defined(__AVX512BF16__) && defined(__AVX512F__)
#include <immintrin.h>
#define BF16_AVX512 1
#define BF16_AVX2 0
#elif defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#define BF16_AVX512 0
#define BF16_AVX2 1
#else
#include <float.h>
#include <math.h>
#define BF16_AVX512 0
#define BF16_AVX2 0
#endif

enum {
    MR = 12,      /* rows of the register tile */
    NR = 32,      /* columns of the register tile: two vectors of 16 */
    KC = 256,     /* depths per block (even: blocks hold whole pairs) */
    KCH = KC / 2, /* pairs per block: the row stride of packed A */
    MC = 96,      /* rows per block of A, a multiple of 48 (of MR and of 16) */
    MCT = 480,    /* rows per block of a transposed A, a multiple of 48 */
    NC = 256,     /* columns per block of B that all rows of a block of A pass over */
    PREFETCH = 64, /* floats ahead that the packing of a transposed A asks for */
};

/* x rounded to bfloat16 exactly as vcvtneps2bf16 rounds it: a denormal
 * becomes a zero of its sign (the instruction reads it as zero, whatever
 * MXCSR says), NaN a quiet NaN, everything else the nearest, ties to even. */
static inline uint32_t bf16_bits(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    uint32_t mag = u & 0x7fffffffu;
    if (mag > 0x7f800000u)
        return (u >> 16) | 0x40u; /* NaN stays a (quiet) NaN */
    if (mag < 0x00800000u)
        return (u >> 16) & 0x8000u;
    u += 0x7fffu + ((u >> 16) & 1u); /* round to nearest, ties to even */
    return u >> 16;
}

float bf16_round(float x)
{
    uint32_t u = bf16_bits(x) << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static size_t round_up(size_t n, size_t m) { return (n + m - 1) / m * m; }

/* Words of packed B for a K x N operand. */
static size_t pack_b_words(int K, int N) { return (size_t)(K + 1) / 2 * round_up((size_t)N, NR); }

/* Words of packed A: a block of MC rows, or with trans_a of up to MCT. */
static size_t pack_a_words(int M, bool trans_a)
{
    return (trans_a ? round_up((size_t)(M < 1 ? 1 : M < MCT ? M : MCT), 48) : MC) * KCH;
}

static int grow(uint32_t **p, size_t *cap, size_t need, TsErr *err)
{
    if (need <= *cap)
        return 0;
    uint32_t *q = aligned_alloc(64, round_up(need * sizeof(uint32_t), 64));
    if (!q)
        return ts_fail(err, "out of memory for the matrix-product scratch");
    free(*p);
    *p = q;
    *cap = need;
    return 0;
}

/* The same for the float32 copies the FMA kernel reads: two per word. */
static int grow_floats(float **p, size_t *cap, size_t words, TsErr *err)
{
    size_t need = 2 * words;
    if (need <= *cap)
        return 0;
    float *q = aligned_alloc(64, round_up(need * sizeof(float), 64));
    if (!q)
        return ts_fail(err, "out of memory for the matrix-product scratch");
    free(*p);
    *p = q;
    *cap = need;
    return 0;
}

int gemm_scratch_reserve(GemmScratch *ws, GemmShape s, TsErr *err)
{
    size_t a = pack_a_words(s.M, s.trans_a), b = pack_b_words(s.K, s.N);
    if (grow(&ws->pack_a, &ws->cap_a, a, err) != 0 || grow(&ws->pack_b, &ws->cap_b, b, err) != 0)
        return -1;
    if (grow_floats(&ws->wide_a, &ws->cap_wide_a, a, err) != 0)
        return -1;
    return grow_floats(&ws->wide_b, &ws->cap_wide_b, b, err);
}

void gemm_scratch_free(GemmScratch *ws)
{
    free(ws->pack_a);
    free(ws->pack_b);
    free(ws->wide_a);
    free(ws->wide_b);
    memset(ws, 0, sizeof *ws);
}

bool gemm_bf16_fits(const GemmScratch *ws, GemmShape s)
{
    size_t a = pack_a_words(s.M, s.trans_a), b = pack_b_words(s.K, s.N);
    return a <= ws->cap_a && b <= ws->cap_b && 2 * a <= ws->cap_wide_a && 2 * b <= ws->cap_wide_b;
}

enum { KERNEL_UNKNOWN, KERNEL_DOT, KERNEL_FMA };
static atomic_int kernel_choice = KERNEL_UNKNOWN;

#if BF16_AVX512
/* The first n of 16 lanes (none when n <= 0, all when n >= 16). */
static inline __mmask16 lanes(int n)
{
    return n >= 16 ? (__mmask16)0xffff : n <= 0 ? 0 : (__mmask16)((1u << n) - 1);
}

/* Pairs of bfloat16, each in one 32-bit word with the lower depth in the
 * lower half, built from 16 floats at depth k (lo) and 16 at depth k+1 (hi). */
static inline __m512i pairs_of_rows(__m512 lo, __m512 hi)
{
    /* both = lo[0..15] then hi[0..15] as bfloat16; word 2i takes lo[i] and
     * word 2i+1 hi[i] */
    const __m512i interleave = _mm512_set_epi16(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25,
                                                9, 24, 8, 23, 7, 22, 6, 21, 5, 20, 4, 19, 3, 18,
                                                2, 17, 1, 16, 0);
    __m512i both = (__m512i)_mm512_cvtne2ps_pbh(hi, lo);
    return _mm512_permutexvar_epi16(interleave, both);
}

/* The same from 32 floats in a row, depth by depth: 16 pairs in order. */
static inline __m512i pairs_of_run(const float *x, int n)
{
    __m512 first = _mm512_maskz_loadu_ps(lanes(n), x);
    __m512 next = _mm512_maskz_loadu_ps(lanes(n - 16), x + 16);
    return (__m512i)_mm512_cvtne2ps_pbh(next, first);
}

/* Transpose a 16 x 16 block of 32-bit words held in 16 vectors: afterwards
 * v[j] lane i is what v[i] lane j was. Pairs within 128-bit lanes first, then
 * 2 x 2 blocks, then the 4 x 4 blocks of 128-bit lanes. */
static inline void transpose16(__m512i v[16])
{
    __m512i t[16];
    for (int i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_epi32(v[i], v[i + 1]);
        t[i + 1] = _mm512_unpackhi_epi32(v[i], v[i + 1]);
    }
    /* u[g][c] = v[4g + c]: rows 4g..4g+3 at columns 4L+c, L the 128-bit lane */
    __m512i u[16];
    for (int g = 0; g < 4; g++) {
        __m512i *x = t + 4 * g;
        u[4 * g + 0] = _mm512_unpacklo_epi64(x[0], x[2]);
        u[4 * g + 1] = _mm512_unpackhi_epi64(x[0], x[2]);
        u[4 * g + 2] = _mm512_unpacklo_epi64(x[1], x[3]);
        u[4 * g + 3] = _mm512_unpackhi_epi64(x[1], x[3]);
    }
    for (int c = 0; c < 4; c++) {
        __m512i s0 = _mm512_shuffle_i32x4(u[c], u[4 + c], _MM_SHUFFLE(1, 0, 1, 0));
        __m512i s1 = _mm512_shuffle_i32x4(u[c], u[4 + c], _MM_SHUFFLE(3, 2, 3, 2));
        __m512i s2 = _mm512_shuffle_i32x4(u[8 + c], u[12 + c], _MM_SHUFFLE(1, 0, 1, 0));
        __m512i s3 = _mm512_shuffle_i32x4(u[8 + c], u[12 + c], _MM_SHUFFLE(3, 2, 3, 2));
        v[c] = _mm512_shuffle_i32x4(s0, s2, _MM_SHUFFLE(2, 0, 2, 0));
        v[4 + c] = _mm512_shuffle_i32x4(s0, s2, _MM_SHUFFLE(3, 1, 3, 1));
        v[8 + c] = _mm512_shuffle_i32x4(s1, s3, _MM_SHUFFLE(2, 0, 2, 0));
        v[12 + c] = _mm512_shuffle_i32x4(s1, s3, _MM_SHUFFLE(3, 1, 3, 1));
    }
}

/* B (K x N) for every depth block k0 (kc depths, kp pairs) and panel j0:
 * word [k0/2 * npad + j0 * kp + p * NR + j] is the pair at depths
 * k0+2p, k0+2p+1 of column j0+j. Columns past N and the depth after an odd
 * K are zero. */
static void pack_b(uint32_t *out, int K, int N, const float *B, int ldb, bool trans_b)
{
    int npad = (int)round_up((size_t)N, NR);
    for (int k0 = 0; k0 < K; k0 += KC) {
        int kc = K - k0 < KC ? K - k0 : KC, kp = (kc + 1) / 2;
        uint32_t *blk = out + (size_t)k0 / 2 * npad;
        for (int j0 = 0; j0 < npad; j0 += NR) {
            uint32_t *pan = blk + (size_t)j0 * kp;
            if (!trans_b) {
                /* two rows of B give 16 pairs side by side */
                for (int p = 0; p < kp; p++) {
                    const float *lo = B + (size_t)(k0 + 2 * p) * ldb;
                    const float *hi = 2 * p + 1 < kc ? lo + ldb : NULL;
                    for (int h = 0; h < NR; h += 16) {
                        __mmask16 m = lanes(N - j0 - h);
                        __m512 l = _mm512_maskz_loadu_ps(m, lo + j0 + h);
                        __m512 u = hi ? _mm512_maskz_loadu_ps(m, hi + j0 + h) : _mm512_setzero_ps();
                        _mm512_store_si512(pan + p * NR + h, pairs_of_rows(l, u));
                    }
                }
                continue;
            }
            /* a column of B is a row of the stored matrix: 16 columns of
             * 16 pairs each, transposed into 16 pairs of 16 columns each */
            for (int p0 = 0; p0 < kp; p0 += 16)
                for (int h = 0; h < NR; h += 16) {
                    __m512i v[16];
                    for (int i = 0; i < 16; i++) {
                        int col = j0 + h + i;
                        v[i] = col < N ? pairs_of_run(B + (size_t)col * ldb + k0 + 2 * p0,
                                                      kc - 2 * p0)
                                       : _mm512_setzero_si512();
                    }
                    transpose16(v);
                    for (int q = 0; q < 16 && p0 + q < kp; q++)
                        _mm512_store_si512(pan + (p0 + q) * NR + h, v[q]);
                }
        }
    }
}

/* 16 pairs from one row of A at depths q.. (n of them left), A in float32
 * (a32) or already in bfloat16 (a16, whose pairs are its own 32-bit words). */
static inline __m512i run_pairs(const float *a32, const uint16_t *a16, size_t at, int n)
{
    if (!a16)
        return pairs_of_run(a32 + at, n);
    __mmask32 m = n >= 32 ? 0xffffffffu : n <= 0 ? 0 : (__mmask32)((1u << n) - 1);
    return _mm512_maskz_loadu_epi16(m, a16 + at);
}

/* 16 pairs from two stored rows at `lo` and `hi` (each 16 columns, m of them
 * valid; a missing row is zero), and a prefetch further along both. */
static inline __m512i column_pairs(const float *a32, const uint16_t *a16, const size_t *at,
                                   const bool *has, __mmask16 m)
{
    if (!a16) {
        __m512 x[2] = {_mm512_setzero_ps(), _mm512_setzero_ps()};
        for (int h = 0; h < 2; h++)
            if (has[h]) {
                x[h] = _mm512_maskz_loadu_ps(m, a32 + at[h]);
                _mm_prefetch((const char *)(a32 + at[h] + PREFETCH), _MM_HINT_T0);
            }
        return pairs_of_rows(x[0], x[1]);
    }
    __m256i x[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
    for (int h = 0; h < 2; h++)
        if (has[h]) {
            x[h] = _mm256_maskz_loadu_epi16(m, a16 + at[h]);
            _mm_prefetch((const char *)(a16 + at[h] + PREFETCH), _MM_HINT_T0);
        }
    return _mm512_or_si512(_mm512_cvtepu16_epi32(x[0]),
                           _mm512_slli_epi32(_mm512_cvtepu16_epi32(x[1]), 16));
}

/* Rows i0..i0+mc of A at depths k0..k0+kc into a row-major block of pairs:
 * word [r * KCH + p]; rows past mc (up to a multiple of 48) are zero. A is in
 * float32 (a32) or already in bfloat16 (a16). */
static void pack_a(uint32_t *out, int i0, int mc, int k0, int kc, const float *a32,
                   const uint16_t *a16, int lda, bool trans_a)
{
    int kp = (kc + 1) / 2, mpad = (int)round_up((size_t)mc, 48); /* whole tiles of MR and 16 */
    size_t elem = a16 ? sizeof *a16 : sizeof *a32;
    const char *base = a16 ? (const char *)a16 : (const char *)a32;
    if (!trans_a) {
        for (int r = 0; r < mpad; r++) {
            size_t row = (size_t)(i0 + r) * lda + k0;
            /* the rows are far apart: fetch the next one while this one converts */
            for (int q = 0; r + 1 < mc && q < kc; q += 16)
                _mm_prefetch(base + (row + (size_t)lda + q) * elem, _MM_HINT_T0);
            for (int q = 0; q < kc; q += 32)
                _mm512_store_si512(out + r * KCH + q / 2, r < mc ? run_pairs(a32, a16, row + q, kc - q)
                                                                 : _mm512_setzero_si512());
        }
        return;
    }
    /* A's rows are the stored matrix's columns: 32 stored rows, read along
     * their length, give 16 pairs for each row of A, 16 rows at a time
     * transposed into place. 32 rows read side by side are more streams than
     * the hardware prefetcher follows, so column_pairs asks a few lines ahead. */
    for (int p0 = 0; p0 < kp; p0 += 16)
        for (int r0 = 0; r0 < mpad; r0 += 16) {
            __m512i v[16];
            for (int i = 0; i < 16; i++) {
                int k = k0 + 2 * (p0 + i), end = k0 + kc;
                size_t at[2] = {(size_t)k * lda + i0 + r0, (size_t)(k + 1) * lda + i0 + r0};
                bool has[2] = {k < end, k + 1 < end};
                v[i] = column_pairs(a32, a16, at, has, lanes(mc - r0));
            }
            transpose16(v);
            for (int j = 0; j < 16; j++)
                _mm512_store_si512(out + (r0 + j) * KCH + p0, v[j]);
        }
}

/* Ask for the tile of C (mr rows of NR floats, two cache lines each) while
 * the kernel computes: a large C (the output layer's 7,000 columns) is not
 * in cache, and its rows are far apart. */
static inline void prefetch_c(const float *c, int ldc, int mr)
{
    for (int r = 0; r < mr; r++) {
        _mm_prefetch((const char *)(c + (size_t)r * ldc), _MM_HINT_ET0);
        _mm_prefetch((const char *)(c + (size_t)r * ldc + 16), _MM_HINT_ET0);
    }
}

/* C[mr x nr] = beta C + (MR rows of packed A) . (NR columns of packed B),
 * over kp >= 1 pairs of depths */
static void kernel(int kp, const uint32_t *a, const uint32_t *b, float *c, int ldc, int mr, int nr,
                   float beta)
{
    __m512 acc[MR][2];
    for (int r = 0; r < MR; r++)
        acc[r][0] = acc[r][1] = _mm512_setzero_ps();
    prefetch_c(c, ldc, mr);
    int p = 0;
    do { /* kp >= 1: a loop that may run no time at all spills the sums to memory */
        __m512bh b0 = (__m512bh)_mm512_load_si512(b + p * NR);
        __m512bh b1 = (__m512bh)_mm512_load_si512(b + p * NR + 16);
        for (int r = 0; r < MR; r++) {
            __m512bh av = (__m512bh)_mm512_set1_epi32((int)a[r * KCH + p]);
            acc[r][0] = _mm512_dpbf16_ps(acc[r][0], av, b0);
            acc[r][1] = _mm512_dpbf16_ps(acc[r][1], av, b1);
        }
    } while (++p < kp);
    __mmask16 m0 = lanes(nr), m1 = lanes(nr - 16);
    for (int r = 0; r < mr; r++) {
        float *row = c + (size_t)r * ldc;
        __m512 s0 = acc[r][0], s1 = acc[r][1];
        if (beta != 0.0f) {
            s0 = _mm512_add_ps(s0, _mm512_maskz_loadu_ps(m0, row));
            s1 = _mm512_add_ps(s1, _mm512_maskz_loadu_ps(m1, row + 16));
        }
        _mm512_mask_storeu_ps(row, m0, s0);
        _mm512_mask_storeu_ps(row + 16, m1, s1);
    }
}

/* The pairs as float32: word w gives its upper half (depth k+1) and its
 * lower half (depth k), each a float32 whose lower 16 bits are zero. */
static inline __m512 upper_halves(__m512i w)
{
    return _mm512_castsi512_ps(_mm512_and_si512(w, _mm512_set1_epi32((int)0xffff0000u)));
}
static inline __m512 lower_halves(__m512i w) { return _mm512_castsi512_ps(_mm512_slli_epi32(w, 16)); }

/* Packed B spread for kernel_fma: each run of NR words becomes NR floats of
 * their upper halves, then NR of their lower halves. */
static void widen_b(float *out, const uint32_t *in, size_t words)
{
    for (size_t i = 0; i < words; i += NR, in += NR, out += 2 * NR) {
        __m512i w0 = _mm512_load_si512(in), w1 = _mm512_load_si512(in + 16);
        _mm512_store_ps(out, upper_halves(w0));
        _mm512_store_ps(out + 16, upper_halves(w1));
        _mm512_store_ps(out + NR, lower_halves(w0));
        _mm512_store_ps(out + NR + 16, lower_halves(w1));
    }
}

/* Packed A spread for kernel_fma: word [r * KCH + p] becomes the floats
 * [2 (r * KCH + p)] (upper half) and [2 (r * KCH + p) + 1] (lower half), for
 * the first kp pairs of each of `rows` rows (in whole runs of 16: what
 * pack_a wrote). */
static void widen_a(float *out, const uint32_t *in, int rows, int kp)
{
    const __m512i first = _mm512_set_epi32(23, 7, 22, 6, 21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
    const __m512i second = _mm512_set_epi32(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25, 9,
                                            24, 8);
    for (int r = 0; r < rows; r++)
        for (int p = 0; p < kp; p += 16) {
            size_t at = (size_t)r * KCH + p;
            __m512i w = _mm512_load_si512(in + at);
            __m512i up = _mm512_castps_si512(upper_halves(w));
            __m512i low = _mm512_castps_si512(lower_halves(w));
            _mm512_store_si512(out + 2 * at, _mm512_permutex2var_epi32(up, first, low));
            _mm512_store_si512(out + 2 * at + 16, _mm512_permutex2var_epi32(up, second, low));
        }
}

/* kernel's sums with float32 FMAs, bit for bit: for every pair the product at
 * depth k+1 is added before the one at depth k, each sum rounded once, and
 * denormals read as zero and flushed to zero (MXCSR's DAZ and FTZ) as
 * vdpbf16ps does. a: widen_a's floats of the MR rows (row stride 2 KCH), b:
 * widen_b's of the panel (pair stride 2 NR). */
static void kernel_fma(int kp, const float *a, const float *b, float *c, int ldc, int mr, int nr,
                       float beta)
{
    unsigned csr = _mm_getcsr();
    _mm_setcsr(csr | 0x8040u); /* FTZ (bit 15) and DAZ (bit 6) */
    __m512 acc[MR][2];
    for (int r = 0; r < MR; r++)
        acc[r][0] = acc[r][1] = _mm512_setzero_ps();
    prefetch_c(c, ldc, mr);
    int p = 0;
    do {
        const float *bp = b + (size_t)p * 2 * NR;
        __m512 up0 = _mm512_load_ps(bp), up1 = _mm512_load_ps(bp + 16);
        __m512 low0 = _mm512_load_ps(bp + NR), low1 = _mm512_load_ps(bp + NR + 16);
        for (int r = 0; r < MR; r++) {
            const float *ap = a + 2 * ((size_t)r * KCH + p);
            __m512 au = _mm512_set1_ps(ap[0]), al = _mm512_set1_ps(ap[1]);
            acc[r][0] = _mm512_fmadd_ps(au, up0, acc[r][0]);
            acc[r][1] = _mm512_fmadd_ps(au, up1, acc[r][1]);
            acc[r][0] = _mm512_fmadd_ps(al, low0, acc[r][0]);
            acc[r][1] = _mm512_fmadd_ps(al, low1, acc[r][1]);
        }
    } while (++p < kp);
    _mm_setcsr(csr); /* adding into C rounds as kernel's does, with the caller's MXCSR */
    __mmask16 m0 = lanes(nr), m1 = lanes(nr - 16);
    for (int r = 0; r < mr; r++) {
        float *row = c + (size_t)r * ldc;
        __m512 s0 = acc[r][0], s1 = acc[r][1];
        if (beta != 0.0f) {
            s0 = _mm512_add_ps(s0, _mm512_maskz_loadu_ps(m0, row));
            s1 = _mm512_add_ps(s1, _mm512_maskz_loadu_ps(m1, row + 16));
        }
        _mm512_mask_storeu_ps(row, m0, s0);
        _mm512_mask_storeu_ps(row + 16, m1, s1);
    }
}

/* Seconds for `reps` calls of one kernel on a 12 x 32 tile of 128 pairs. */
static double time_kernel(int which, int reps, const uint32_t *a, const uint32_t *b, const float *wa,
                          const float *wb, float *c)
{
    double t0 = ts_now();
    for (int i = 0; i < reps; i++) {
        if (which == KERNEL_DOT)
            kernel(KCH, a, b, c, NR, MR, NR, 1.0f);
        else
            kernel_fma(KCH, wa, wb, c, NR, MR, NR, 1.0f);
    }
    return ts_now() - t0;
}

/* The faster kernel on this CPU, measured on a tile that stays in cache (the
 * best of five short runs each); both give the same bits, so the choice
 * only changes the time. */
static int measure_kernels(void)
{
    size_t na = (size_t)MR * KCH, nb = (size_t)KCH * NR;
    uint32_t *a = aligned_alloc(64, na * 4), *b = aligned_alloc(64, nb * 4);
    float *wa = aligned_alloc(64, na * 8), *wb = aligned_alloc(64, nb * 8);
    float *c = aligned_alloc(64, (size_t)MR * NR * 4);
    int pick = KERNEL_DOT;
    if (a && b && wa && wb && c) {
        for (size_t i = 0; i < na; i++)
            a[i] = 0x3f803f80u + (uint32_t)(i % 7); /* near 1: no overflow, no denormals */
        for (size_t i = 0; i < nb; i++)
            b[i] = 0x3c003c00u + (uint32_t)(i % 5);
        memset(c, 0, (size_t)MR * NR * 4);
        widen_a(wa, a, MR, KCH);
        widen_b(wb, b, nb);
        double dot = 1e9, fma = 1e9;
        for (int t = 0; t < 5; t++) {
            double d = time_kernel(KERNEL_DOT, 200, a, b, wa, wb, c);
            double f = time_kernel(KERNEL_FMA, 200, a, b, wa, wb, c);
            dot = d < dot ? d : dot;
            fma = f < fma ? f : fma;
        }
        pick = fma < dot ? KERNEL_FMA : KERNEL_DOT;
    }
    free(a), free(b), free(wa), free(wb), free(c);
    return pick;
}

#else
/* Other builds have no vdpbf16ps, but the FMA kernel needs none: the same
 * packed layouts, written here in plain C through bf16_bits (which rounds as
 * the AVX-512 conversion does), the same widening, and kernel_fma on 256-bit
 * vectors in an AVX2 build (x86-64-v3: AVX2 and FMA, most x86-64 CPUs since
 * 2013), or in plain C elsewhere (aarch64, x86-64 without AVX2), where fmaf
 * rounds each sum and fma_ftz flushes as the FTZ of x86 does. Every sum is
 * the same sequence of roundings, so a model trained here is the same file
 * as one trained with AVX512_BF16, only slower. */

/* The pair at depths k (lower half) and k+1 (upper half, zero when has_hi
 * is false: the depth after an odd K) of a float32 operand: x[0] and
 * x[next]. */
static inline uint32_t pair_at(const float *x, size_t next, bool has_hi)
{
    return bf16_bits(x[0]) | (has_hi ? bf16_bits(x[next]) : 0) << 16;
}

/* Where the pair p of column j lies in a depth block of kp pairs of packed B. */
static inline size_t panel_word(int j, int p, int kp)
{
    return (size_t)(j / NR * NR) * kp + (size_t)p * NR + j % NR;
}

/* B (K x N) packed as the AVX-512 pack_b does: word
 * [k0/2 * npad + j0 * kp + p * NR + j] is the pair at depths k0+2p (lower
 * half) and k0+2p+1 (upper) of column j0+j; columns past N and the depth
 * after an odd K are zero. The loops run along the stored rows. */
static void pack_b(uint32_t *out, int K, int N, const float *B, int ldb, bool trans_b)
{
    int npad = (int)round_up((size_t)N, NR);
    for (int k0 = 0; k0 < K; k0 += KC) {
        int kc = K - k0 < KC ? K - k0 : KC, kp = (kc + 1) / 2;
        uint32_t *blk = out + (size_t)k0 / 2 * npad;
        for (int j = N; j < npad; j++) /* the padding columns */
            for (int p = 0; p < kp; p++)
                blk[panel_word(j, p, kp)] = 0;
        if (trans_b) { /* column j is stored row j */
            for (int j = 0; j < N; j++)
                for (int p = 0; p < kp; p++)
                    blk[panel_word(j, p, kp)] =
                        pair_at(B + (size_t)j * ldb + k0 + 2 * p, 1, 2 * p + 1 < kc);
        } else {
            for (int p = 0; p < kp; p++)
                for (int j = 0; j < N; j++)
                    blk[panel_word(j, p, kp)] =
                        pair_at(B + (size_t)(k0 + 2 * p) * ldb + j, (size_t)ldb, 2 * p + 1 < kc);
        }
    }
}

/* One bfloat16 of A: from float32, or already rounded. */
static inline uint32_t a_bits(const float *a32, const uint16_t *a16, size_t at)
{
    return a16 ? a16[at] : bf16_bits(a32[at]);
}

/* Rows i0..i0+mc of A at depths k0..k0+kc as the AVX-512 pack_a packs
 * them: word [r * KCH + p], rows past mc (up to a multiple of 48) zero. The
 * loops run along the stored rows. */
static void pack_a(uint32_t *out, int i0, int mc, int k0, int kc, const float *a32,
                   const uint16_t *a16, int lda, bool trans_a)
{
    int kp = (kc + 1) / 2, mpad = (int)round_up((size_t)mc, 48);
    size_t along_k = trans_a ? (size_t)lda : 1, along_m = trans_a ? 1 : (size_t)lda;
    for (int r = mc; r < mpad; r++)
        for (int p = 0; p < kp; p++)
            out[(size_t)r * KCH + p] = 0;
    for (int outer = 0; outer < (trans_a ? kp : mc); outer++)
        for (int inner = 0; inner < (trans_a ? mc : kp); inner++) {
            int r = trans_a ? inner : outer, p = trans_a ? outer : inner;
            size_t at = (size_t)(k0 + 2 * p) * along_k + (size_t)(i0 + r) * along_m;
            out[(size_t)r * KCH + p] = a_bits(a32, a16, at) |
                                       (2 * p + 1 < kc ? a_bits(a32, a16, at + along_k) : 0) << 16;
        }
}

/* A pair's upper half (depth k+1) and lower half (depth k) as float32. */
static inline float upper_half(uint32_t w)
{
    uint32_t u = w & 0xffff0000u;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
static inline float lower_half(uint32_t w)
{
    uint32_t u = w << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* widen_b and widen_a of the AVX-512 build, the same layouts: each run of
 * NR words of B becomes NR upper halves, then NR lower halves; word
 * [r * KCH + p] of A becomes floats [2 (r * KCH + p)] (upper) and the one
 * after it (lower). */
static void widen_b(float *out, const uint32_t *in, size_t words)
{
    for (size_t i = 0; i < words; i += NR, in += NR, out += 2 * NR)
        for (int j = 0; j < NR; j++) {
            out[j] = upper_half(in[j]);
            out[NR + j] = lower_half(in[j]);
        }
}

static void widen_a(float *out, const uint32_t *in, int rows, int kp)
{
    for (int r = 0; r < rows; r++)
        for (int p = 0; p < kp; p++) {
            size_t at = (size_t)r * KCH + p;
            out[2 * at] = upper_half(in[at]);
            out[2 * at + 1] = lower_half(in[at]);
        }
}

#if BF16_AVX2
/* row[0..n) = s + row (beta 1) or s (beta 0), for n of 8 lanes (n <= 0:
 * none); masked, so nothing past the row is read or written. */
static inline void store_lanes(float *row, __m256 s, int n, float beta)
{
    if (n <= 0)
        return;
    __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    if (beta != 0.0f)
        s = _mm256_add_ps(s, _mm256_maskload_ps(row, m));
    _mm256_maskstore_ps(row, m, s);
}

/* The AVX-512 kernel_fma on 256-bit vectors, bit for bit: the tile is done in
 * pieces of 4 rows x 16 columns (what 16 registers hold), each over all kp
 * pairs, and every sum is the same sequence of FMAs (depth k+1, then k, under
 * FTZ and DAZ) and the same final addition into C with the caller's MXCSR.
 * Rows of the piece past mr are computed from packed A's zero rows and not
 * stored. */
static void kernel_fma(int kp, const float *a, const float *b, float *c, int ldc, int mr, int nr,
                       float beta)
{
    unsigned csr = _mm_getcsr();
    for (int h = 0; h < nr; h += 16)
        for (int r0 = 0; r0 < mr; r0 += 4) {
            __m256 acc[4][2];
            for (int r = 0; r < 4; r++)
                acc[r][0] = acc[r][1] = _mm256_setzero_ps();
            _mm_setcsr(csr | 0x8040u); /* FTZ (bit 15) and DAZ (bit 6) */
            for (int p = 0; p < kp; p++) {
                const float *bp = b + (size_t)p * 2 * NR + h;
                __m256 up0 = _mm256_loadu_ps(bp), up1 = _mm256_loadu_ps(bp + 8);
                __m256 low0 = _mm256_loadu_ps(bp + NR), low1 = _mm256_loadu_ps(bp + NR + 8);
                for (int r = 0; r < 4; r++) {
                    const float *ap = a + 2 * ((size_t)(r0 + r) * KCH + p);
                    __m256 au = _mm256_broadcast_ss(ap), al = _mm256_broadcast_ss(ap + 1);
                    acc[r][0] = _mm256_fmadd_ps(au, up0, acc[r][0]);
                    acc[r][1] = _mm256_fmadd_ps(au, up1, acc[r][1]);
                    acc[r][0] = _mm256_fmadd_ps(al, low0, acc[r][0]);
                    acc[r][1] = _mm256_fmadd_ps(al, low1, acc[r][1]);
                }
            }
            _mm_setcsr(csr);
            for (int r = 0; r < 4 && r0 + r < mr; r++) {
                float *row = c + (size_t)(r0 + r) * ldc + h;
                store_lanes(row, acc[r][0], nr - h, beta);
                store_lanes(row + 8, acc[r][1], nr - h - 8, beta);
            }
        }
}
#else
/* a * b + c rounded once, and flushed to a zero of its sign when tiny, as
 * an x86 FMA under FTZ gives it: tiny when the result, rounded to float32's
 * 24 bits as if the exponent had no bound, is below 2^-126 (x86 tells tininess
 * after rounding). fmaf rounds a tiny result to a denormal instead, which is
 * below 2^-126 exactly when that rounding is, but for an exact result just
 * under 2^-126, which fmaf may round up to 2^-126 itself: that one is
 * computed again 2^64 times larger, where nothing is denormal. (The operands
 * are bfloat16 or sums, never denormal, so DAZ has nothing to do; a result
 * that close to 2^-126 comes from operands below 2^-70, and no scaled one
 * overflows.) */
static float fma_ftz(float a, float b, float c)
{
    float r = fmaf(a, b, c);
    if (r == 0.0f || fabsf(r) > FLT_MIN)
        return r;
    if (fabsf(r) < FLT_MIN)
        return copysignf(0.0f, r);
    float big = fmaf(a * 0x1p64f, b, c * 0x1p64f);
    return fabsf(big) < 0x1p-62f ? copysignf(0.0f, big) : big * 0x1p-64f;
}

/* |x|'s bits less one, as unsigned: below 2^23 exactly when x is a denormal
 * or 2^-126 (where fmaf's sum may differ from fma_ftz's); a zero gives the
 * largest value. */
static inline uint32_t near_tiny_key(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return (u & 0x7fffffffu) - 1u;
}

/* The smallest magnitude other than zero among n floats (1 when all are
 * zero). */
static float least_magnitude(const float *x, size_t n)
{
    uint32_t m = UINT32_MAX;
    for (size_t i = 0; i < n; i++) {
        uint32_t k = near_tiny_key(x[i]);
        m = k < m ? k : m;
    }
    if (m == UINT32_MAX)
        return 1.0f;
    m += 1u;
    float f;
    memcpy(&f, &m, sizeof f);
    return f;
}

/* One row's kp pairs (ar: widened A, b: the widened panel) into acc[NR]
 * by fmaf alone; false when a sum came within 2^-126 (its row must then be
 * computed through fma_ftz). With `exact`, no sum can (see kernel_fma), and
 * nothing is looked at. */
static bool row_sums(int kp, const float *ar, const float *b, float *acc, bool exact)
{
    uint32_t low[NR];
    for (int j = 0; j < NR; j++)
        acc[j] = 0.0f, low[j] = UINT32_MAX;
    for (int p = 0; p < kp; p++) {
        const float *up = b + (size_t)p * 2 * NR, *lo = up + NR;
        float au = ar[2 * p], al = ar[2 * p + 1];
        if (exact) {
            for (int j = 0; j < NR; j++)
                acc[j] = fmaf(al, lo[j], fmaf(au, up[j], acc[j]));
            continue;
        }
        for (int j = 0; j < NR; j++) {
            float sum = fmaf(au, up[j], acc[j]);
            acc[j] = fmaf(al, lo[j], sum);
            uint32_t k1 = near_tiny_key(sum), k2 = near_tiny_key(acc[j]);
            k1 = k1 < k2 ? k1 : k2;
            low[j] = k1 < low[j] ? k1 : low[j];
        }
    }
    uint32_t m = UINT32_MAX;
    for (int j = 0; j < NR; j++)
        m = low[j] < m ? low[j] : m;
    return m >= 0x00800000u;
}

/* The AVX-512 kernel_fma in plain C, bit for bit: each row of the tile over
 * all kp pairs, every sum the same sequence of roundings (depth k+1, then k,
 * each through fma_ftz), then one addition into C. fma_ftz differs from fmaf
 * only where a sum comes within 2^-126, so the rows run on fmaf alone, which
 * the compiler vectorises, and a row where a sum came that near (rare: the
 * values of training are far larger) is computed again through fma_ftz.
 * Where every product of a row with the panel, but zeros, is at least
 * 2^-111, no sum can come near: a product of two bfloat16 (8 significant
 * bits each) that large is a multiple of 2^-126, so is every sum of them
 * (rounding to float32 keeps a coarser step above 2^-102), and a multiple of
 * 2^-126 other than zero is at least 2^-126, which fma_ftz keeps; then the
 * sums are not even looked at. */
static void kernel_fma(int kp, const float *a, const float *b, float *c, int ldc, int mr, int nr,
                       float beta)
{
    float least_b = least_magnitude(b, (size_t)kp * 2 * NR);
    for (int r = 0; r < mr; r++) {
        const float *ar = a + 2 * (size_t)r * KCH;
        float acc[NR];
        bool exact = least_magnitude(ar, 2 * (size_t)kp) * least_b >= 0x1p-111f;
        if (!row_sums(kp, ar, b, acc, exact))
            for (int j = 0; j < NR; j++) {
                acc[j] = 0.0f;
                for (int p = 0; p < kp; p++) {
                    const float *up = b + (size_t)p * 2 * NR;
                    acc[j] = fma_ftz(ar[2 * p], up[j], acc[j]);
                    acc[j] = fma_ftz(ar[2 * p + 1], up[NR + j], acc[j]);
                }
            }
        float *row = c + (size_t)r * ldc;
        for (int j = 0; j < nr; j++)
            row[j] = beta != 0.0f ? acc[j] + row[j] : acc[j];
    }
}
#endif
#endif

/* The kernel this process uses: TANGSCOPE_BF16_KERNEL=dot|fma, else the
 * faster one measured at the first call. Threads that race here all end up
 * with the first answer stored. Other builds have the FMA kernel only. */
static int kernel_in_use(void)
{
#if BF16_AVX512
    int k = atomic_load_explicit(&kernel_choice, memory_order_acquire);
    if (k != KERNEL_UNKNOWN)
        return k;
    const char *env = getenv("TANGSCOPE_BF16_KERNEL");
    int want = env && strcmp(env, "fma") == 0 ? KERNEL_FMA
             : env && strcmp(env, "dot") == 0 ? KERNEL_DOT
                                               : measure_kernels();
    int expected = KERNEL_UNKNOWN;
    atomic_compare_exchange_strong(&kernel_choice, &expected, want);
    return atomic_load(&kernel_choice);
#else
    return KERNEL_FMA;
#endif
}

/* One tile of C from the packed operands at at_a and at_b, by the kernel in
 * use (fma: kernel_fma on their widened copies). */
static void tile(bool fma, int kp, const GemmScratch *ws, size_t at_a, size_t at_b, float *c,
                 int ldc, int mr, int nr, float beta)
{
#if BF16_AVX512
    if (!fma) {
        kernel(kp, ws->pack_a + at_a, ws->pack_b + at_b, c, ldc, mr, nr, beta);
        return;
    }
#endif
    (void)fma;
    kernel_fma(kp, ws->wide_a + 2 * at_a, ws->wide_b + 2 * at_b, c, ldc, mr, nr, beta);
}

bool gemm_bf16_set_kernel(const char *name)
{
    int k = strcmp(name, "fma") == 0                  ? KERNEL_FMA
          : BF16_AVX512 && strcmp(name, "dot") == 0 ? KERNEL_DOT
                                                      : 0;
    if (k)
        atomic_store(&kernel_choice, k);
    return k != 0;
}

const char *gemm_bf16_kernel(void) { return kernel_in_use() == KERNEL_FMA ? "fma" : "dot"; }

bool gemm_bf16_available(void)
{
    const char *off = getenv("TANGSCOPE_NO_BF16");
    return !(off && *off);
}

bool gemm_bf16_preferred(void) { return BF16_AVX512 && gemm_bf16_available(); }

void bf16_round_floats(uint16_t *out, const float *in, size_t n)
{
#if BF16_AVX512
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm256_storeu_si256((__m256i *)(out + i), (__m256i)_mm512_cvtneps_pbh(_mm512_loadu_ps(in + i)));
    if (i < n) {
        __mmask16 m = lanes((int)(n - i));
        __m256i h = (__m256i)_mm512_cvtneps_pbh(_mm512_maskz_loadu_ps(m, in + i));
        _mm256_mask_storeu_epi16(out + i, m, h);
    }
#else
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)bf16_bits(in[i]);
#endif
}

void bf16_round_scaled(uint16_t *out, const float *in, float a, float b, size_t n)
{
#if BF16_AVX512
    __m512 va = _mm512_set1_ps(a), vb = _mm512_set1_ps(b);
    for (size_t i = 0; i < n; i += 16) {
        __mmask16 m = lanes(n - i < 16 ? (int)(n - i) : 16);
        __m512 x = _mm512_mul_ps(_mm512_mul_ps(_mm512_maskz_loadu_ps(m, in + i), va), vb);
        _mm256_mask_storeu_epi16(out + i, m, (__m256i)_mm512_cvtneps_pbh(x));
    }
#else
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)bf16_bits(in[i] * a * b);
#endif
}

static void run_packed(GemmTriangle tri, int M, int N, int K, const float *a32,
                       const uint16_t *a16, int lda, bool trans_a, float beta, float *C, int ldc,
                       GemmScratch *ws);

/* A in float32 (a32) or already in bfloat16 (a16). */
static void gemm_run(GemmTriangle tri, int M, int N, int K, const float *a32, const uint16_t *a16,
                     int lda, bool trans_a, const float *B, int ldb, bool trans_b, float beta,
                     float *C, int ldc, GemmScratch *ws)
{
    if (M > 0 && N > 0 && K > 0)
        gemm_bf16_pack_b(K, N, B, ldb, trans_b, ws);
    run_packed(tri, M, N, K, a32, a16, lda, trans_a, beta, C, ldc, ws);
}

/* The pairs p0..p1 of a depth block at k0 (kp pairs) that rows r0..r1 of A
 * need: all of them unless A is triangular. */
static void pairs_needed(GemmTriangle tri, int r0, int r1, int k0, int kp, int *p0, int *p1)
{
    *p0 = 0, *p1 = kp;
    if (tri == GEMM_A_LOWER) { /* the rows need depths k < r1: d of this block */
        int d = r1 - k0, p = (d + 1) / 2;
        *p1 = d <= 0 ? 0 : p < kp ? p : kp;
    }
    if (tri == GEMM_A_UPPER) { /* the rows need depths k >= r0: all but d of this block */
        int d = r0 - k0, p = d / 2;
        *p0 = d <= 0 ? 0 : p < kp ? p : kp;
    }
}

/* The product with B already packed in ws. With no depth at all, C is
 * beta C: zero or itself. */
static void run_packed(GemmTriangle tri, int M, int N, int K, const float *a32,
                       const uint16_t *a16, int lda, bool trans_a, float beta, float *C, int ldc,
                       GemmScratch *ws)
{
    if (M <= 0 || N <= 0)
        return;
    if (K <= 0) {
        for (int i = 0; beta == 0.0f && i < M; i++)
            memset(C + (size_t)i * ldc, 0, (size_t)N * sizeof *C);
        return;
    }
    size_t npad = round_up((size_t)N, NR);
    /* Rows of A are packed a block at a time, each block through every depth,
     * so its rows of C stay in cache. A stored transposed comes in larger
     * blocks, so that each stored row is read a long run at a time. Either
     * way each C element adds its depth blocks in the same order. */
    int mb = trans_a ? MCT : MC;
    bool fma = kernel_in_use() == KERNEL_FMA;
    for (int ib = 0; ib < M; ib += mb) {
        int mcb = M - ib < mb ? M - ib : mb;
        for (int k0 = 0; k0 < K; k0 += KC) {
            int kc = K - k0 < KC ? K - k0 : KC, kp = (kc + 1) / 2;
            float bk = k0 == 0 ? beta : 1.0f;
            pack_a(ws->pack_a, ib, mcb, k0, kc, a32, a16, lda, trans_a);
            if (fma)
                widen_a(ws->wide_a, ws->pack_a, (int)round_up((size_t)mcb, 48), kp);
            /* NC columns at a time: their panels stay in cache while every
             * row of the block passes over them */
            for (int jb = 0; jb < N; jb += NC) {
                int jn = N - jb < NC ? N - jb : NC;
                for (int i0 = 0; i0 < mcb; i0 += MC) {
                    int mc = mcb - i0 < MC ? mcb - i0 : MC;
                    for (int r0 = i0; r0 < i0 + mc; r0 += MR) {
                        int mr = i0 + mc - r0 < MR ? i0 + mc - r0 : MR;
                        int row = ib + r0, p0, p1;
                        pairs_needed(tri, row, row + mr, k0, kp, &p0, &p1);
                        if (p1 == p0) { /* adds nothing; with beta 0, zeros */
                            for (int r = 0; bk == 0.0f && r < mr; r++)
                                memset(C + (size_t)(row + r) * ldc + jb, 0, (size_t)jn * sizeof *C);
                            continue;
                        }
                        for (int j0 = jb; j0 < jb + jn && !(tri == GEMM_C_LOWER && j0 >= row + mr);
                             j0 += NR) {
                            int nr = N - j0 < NR ? N - j0 : NR;
                            size_t at_a = (size_t)r0 * KCH + p0;
                            size_t at_b = (size_t)k0 / 2 * npad + (size_t)j0 * kp + (size_t)p0 * NR;
                            float *at_c = C + (size_t)row * ldc + j0;
                            tile(fma, p1 - p0, ws, at_a, at_b, at_c, ldc, mr, nr, bk);
                        }
                    }
                }
            }
        }
    }
}

void gemm_bf16_pack_b(int K, int N, const float *B, int ldb, bool trans_b, GemmScratch *ws)
{
    if (K > 0 && N > 0) {
        pack_b(ws->pack_b, K, N, B, ldb, trans_b);
        if (kernel_in_use() == KERNEL_FMA)
            widen_b(ws->wide_b, ws->pack_b, pack_b_words(K, N));
    }
}

void gemm_bf16_packed(int M, int N, int K, const float *A, int lda, bool trans_a, float beta,
                      float *C, int ldc, GemmScratch *ws)
{
    run_packed(GEMM_FULL, M, N, K, A, NULL, lda, trans_a, beta, C, ldc, ws);
}

void gemm_bf16_a16_packed(int M, int N, int K, const uint16_t *A, int lda, bool trans_a,
                          float beta, float *C, int ldc, GemmScratch *ws)
{
    run_packed(GEMM_FULL, M, N, K, NULL, A, lda, trans_a, beta, C, ldc, ws);
}

void gemm_bf16(int M, int N, int K, const float *A, int lda, bool trans_a, const float *B, int ldb,
               bool trans_b, float beta, float *C, int ldc, GemmScratch *ws)
{
    gemm_run(GEMM_FULL, M, N, K, A, NULL, lda, trans_a, B, ldb, trans_b, beta, C, ldc, ws);
}

void gemm_bf16_tri(GemmTriangle tri, int M, int N, int K, const float *A, int lda, bool trans_a,
                   const float *B, int ldb, bool trans_b, float beta, float *C, int ldc,
                   GemmScratch *ws)
{
    gemm_run(tri, M, N, K, A, NULL, lda, trans_a, B, ldb, trans_b, beta, C, ldc, ws);
}

void gemm_bf16_a16(int M, int N, int K, const uint16_t *A, int lda, bool trans_a, const float *B,
                   int ldb, bool trans_b, float beta, float *C, int ldc, GemmScratch *ws)
{
    gemm_run(GEMM_FULL, M, N, K, NULL, A, lda, trans_a, B, ldb, trans_b, beta, C, ldc, ws);
}
