/* sgemm.c - float32 matrix products (sgemm.h): OpenBLAS, or, in a build
 * without it (TS_NO_BLAS, make BLAS=0), loops written for the cache.
 *
 * The loops take op(B) in tiles of SG_KB rows by SG_NB columns; a tile of a
 * transposed B is first copied the right way round into a buffer on the
 * stack, so the tile's rows are always neighbouring numbers. Four rows of C
 * then go through the tile together, SG_NR columns at a time, their sums
 * held in registers over the tile's rows: each number of the tile loaded
 * serves four rows, and the compiler vectorises the columns. The tile stays
 * in the second-level cache while every row of C reads it. (On one core of
 * the machine this was written on, training in float32 ran at 80 to 100%
 * of OpenBLAS's speed: `tangscope bench --train --precision fp32`.)
 */
#include "engine/sgemm.h"

#include <stddef.h>

#ifndef TS_NO_BLAS
#include <cblas.h>

void sgemm(bool trans_a, bool trans_b, int M, int N, int K, float alpha, const float *a, int lda,
           const float *b, int ldb, float beta, float *c, int ldc)
{
    cblas_sgemm(CblasRowMajor, trans_a ? CblasTrans : CblasNoTrans,
                trans_b ? CblasTrans : CblasNoTrans, M, N, K, alpha, a, lda, b, ldb, beta, c, ldc);
}

void sgemm_single_threaded(void)
{
    static int done;
    if (!done) {
        openblas_set_num_threads(1);
        done = 1;
    }
}

const char *sgemm_library(void) { return "OpenBLAS"; }

#else

enum { SG_KB = 32, SG_NB = 256, SG_NR = 16 }; /* a tile: 32 KB */

/* c[0..n) += a0 b0 + a1 b1 + a2 b2 + a3 b3 (the rows of a tile, bs apart) */
static void add_four_rows(float *restrict c, const float *restrict b, size_t bs, int n,
                          const float *av)
{
    float a0 = av[0], a1 = av[1], a2 = av[2], a3 = av[3];
    const float *b0 = b, *b1 = b + bs, *b2 = b + 2 * bs, *b3 = b + 3 * bs;
    for (int j = 0; j < n; j++)
        c[j] += a0 * b0[j] + a1 * b1[j] + a2 * b2[j] + a3 * b3[j];
}

/* c[0..n) += a0 b0 */
static void add_row(float *restrict c, const float *restrict b, int n, float a0)
{
    for (int j = 0; j < n; j++)
        c[j] += a0 * b[j];
}

/* The numbers of op(A) row i, columns k0..k0+kn, times alpha: into av. */
static void a_row(bool trans_a, int i, int k0, int kn, float alpha, const float *a, int lda,
                  float *av)
{
    for (int k = 0; k < kn; k++)
        av[k] = alpha * (trans_a ? a[(size_t)(k0 + k) * lda + i] : a[(size_t)i * lda + k0 + k]);
}

/* Four rows of C (ldc apart), SG_NR columns: += av's four rows (SG_KB
 * apart) times the tile's columns. The sums stay in registers over the
 * tile's rows: one load of the tile serves four rows of C. */
static void four_rows_block(float *c, int ldc, const float *av, const float *tile, size_t ts,
                            int kn)
{
    float acc[4][SG_NR] = {{0}};
    for (int k = 0; k < kn; k++) {
        const float *b = tile + (size_t)k * ts;
        for (int r = 0; r < 4; r++)
            for (int j = 0; j < SG_NR; j++)
                acc[r][j] += av[r * SG_KB + k] * b[j];
    }
    for (int r = 0; r < 4; r++)
        for (int j = 0; j < SG_NR; j++)
            c[(size_t)r * ldc + j] += acc[r][j];
}

/* One row of C, n columns: += av times the tile, four of its rows at a time. */
static void one_row(float *ci, const float *av, const float *tile, size_t ts, int n, int kn)
{
    int k = 0;
    for (; k + 4 <= kn; k += 4)
        add_four_rows(ci, tile + (size_t)k * ts, ts, n, av + k);
    for (; k < kn; k++)
        add_row(ci, tile + (size_t)k * ts, n, av[k]);
}

/* Rows 0..M of C, columns j0..j0+n: += alpha op(A)[:, k0..k0+kn] tile, where
 * the tile's row k is tile[k*ts .. k*ts+n). Four rows of C at a time in
 * blocks of SG_NR columns; the rows and columns left over one row at a time. */
static void tile_product(bool trans_a, int M, int j0, int n, int k0, int kn, float alpha,
                         const float *a, int lda, const float *tile, size_t ts, float *c, int ldc)
{
    float av[4 * SG_KB];
    int nb = n / SG_NR * SG_NR, i = 0;
    for (; i + 4 <= M; i += 4) {
        for (int r = 0; r < 4; r++)
            a_row(trans_a, i + r, k0, kn, alpha, a, lda, av + r * SG_KB);
        float *ci = c + (size_t)i * ldc + j0;
        for (int j = 0; j < nb; j += SG_NR)
            four_rows_block(ci + j, ldc, av, tile + j, ts, kn);
        for (int r = 0; r < 4 && nb < n; r++)
            one_row(ci + (size_t)r * ldc + nb, av + r * SG_KB, tile + nb, ts, n - nb, kn);
    }
    for (; i < M; i++) {
        a_row(trans_a, i, k0, kn, alpha, a, lda, av);
        one_row(c + (size_t)i * ldc + j0, av, tile, ts, n, kn);
    }
}

/* C = beta C, where beta 0 writes zeros without reading C (BLAS's rule) */
static void scale_c(int M, int N, float beta, float *c, int ldc)
{
    for (int i = 0; i < M; i++) {
        float *ci = c + (size_t)i * ldc;
        for (int j = 0; j < N; j++)
            ci[j] = beta == 0.0f ? 0.0f : beta * ci[j];
    }
}

void sgemm(bool trans_a, bool trans_b, int M, int N, int K, float alpha, const float *a, int lda,
           const float *b, int ldb, float beta, float *c, int ldc)
{
    if (M <= 0 || N <= 0)
        return;
    if (beta != 1.0f)
        scale_c(M, N, beta, c, ldc);
    float turned[SG_KB * SG_NB]; /* a tile of a transposed B, the right way round */
    for (int j0 = 0; j0 < N; j0 += SG_NB) {
        int n = N - j0 < SG_NB ? N - j0 : SG_NB;
        for (int k0 = 0; k0 < K; k0 += SG_KB) {
            int kn = K - k0 < SG_KB ? K - k0 : SG_KB;
            const float *tile = b + (size_t)k0 * ldb + j0;
            size_t ts = (size_t)ldb;
            if (trans_b) {
                for (int j = 0; j < n; j++)
                    for (int k = 0; k < kn; k++)
                        turned[(size_t)k * SG_NB + j] = b[(size_t)(j0 + j) * ldb + k0 + k];
                tile = turned;
                ts = SG_NB;
            }
            tile_product(trans_a, M, j0, n, k0, kn, alpha, a, lda, tile, ts, c, ldc);
        }
    }
}

void sgemm_single_threaded(void) {}

const char *sgemm_library(void) { return "built-in"; }

#endif
