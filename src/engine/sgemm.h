/* sgemm.h - matrix products in float32: BLAS's cblas_sgemm, or (a build
 * without BLAS, make BLAS=0) the engine's own loops.
 *
 * One call computes C = alpha op(A) op(B) + beta C, row-major, as
 * cblas_sgemm(CblasRowMajor, ...) does with the same arguments:
 *   op(A) is M x K: a[i*lda + k], or with trans_a a[k*lda + i]
 *   op(B) is K x N: b[k*ldb + j], or with trans_b b[j*ldb + k]
 *   C is M x N: c[i*ldc + j]; with beta 0, C is written without being read.
 * C must not overlap A or B. Both ways compute the same sums, each rounded
 * in its own order: the results agree to float32's rounding, not bit for
 * bit.
 */
#ifndef TS_SGEMM_H
#define TS_SGEMM_H

#include <stdbool.h>

void sgemm(bool trans_a, bool trans_b, int M, int N, int K, float alpha, const float *a, int lda,
           const float *b, int ldb, float beta, float *c, int ldc);

/* Keep the BLAS library's own threads out (the engine splits the rows over
 * its threads itself). Call outside parallel regions; cheap after the
 * first call; nothing to do without BLAS. */
void sgemm_single_threaded(void);

/* The library that computes the products: "OpenBLAS", or "built-in". */
const char *sgemm_library(void);

#endif
