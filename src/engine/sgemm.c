/* sgemm.c - float32 matrix products (sgemm.h): OpenBLAS, or, in a build
 * without it (TS_NO_BLAS, make BLAS=0), loops written for the cache.
 *
 * The loops take op(B) in tiles of SG_KB rows by SG_NB columns; a tile of a
 * transposed B is first copied the right way round into a buffer on the
 * stack. Every row of C then adds its products with the tile's rows, four
 * rows at a time: C's piece of a row stays in the first-level cache while
 * the tile, read by every row of C, stays in the second, and the innermost
 * loop runs over neighbouring numbers, which the compiler vectorises.
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

enum { SG_KB = 32, SG_NB = 256 }; /* a tile: 32 KB */

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

/* Rows 0..M of C, columns j0..j0+n: += alpha op(A)[:, k0..k0+kn] tile, where
 * the tile's row k is tile[k*ts .. k*ts+n). */
static void tile_product(bool trans_a, int M, int j0, int n, int k0, int kn, float alpha,
                         const float *a, int lda, const float *tile, size_t ts, float *c, int ldc)
{
    float av[SG_KB];
    for (int i = 0; i < M; i++) {
        for (int k = 0; k < kn; k++)
            av[k] = alpha * (trans_a ? a[(size_t)(k0 + k) * lda + i] : a[(size_t)i * lda + k0 + k]);
        float *ci = c + (size_t)i * ldc + j0;
        int k = 0;
        for (; k + 4 <= kn; k += 4)
            add_four_rows(ci, tile + (size_t)k * ts, ts, n, av + k);
        for (; k < kn; k++)
            add_row(ci, tile + (size_t)k * ts, n, av[k]);
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
