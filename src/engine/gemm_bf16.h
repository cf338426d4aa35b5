/* gemm_bf16.h - matrix products in bfloat16 with float32 sums, for training.
 *
 * A bfloat16 number is the upper half of a float32: the same 8-bit exponent,
 * 7 bits of mantissa instead of 23. The AVX512_BF16 instruction vdpbf16ps
 * (Intel since Cooper Lake, AMD since Zen 4) multiplies 32 pairs of them and
 * adds the products into 16 float32 sums in the time a float32 FMA
 * instruction does 16 (`tangscope bench --train` measures both), so a product
 * whose inputs are rounded to bfloat16 runs up to twice as fast. The sums stay
 * float32, and so does everything outside the products (weights, gradients,
 * AdamW moments): the rounding touches only what goes into a multiplication.
 *
 * One call computes C = beta C + A B for one thread; callers split the rows of
 * C among their threads. Operands may be stored either way round:
 *   A is M x K: a[i*lda + k], or with trans_a a[k*lda + i]
 *   B is K x N: b[k*ldb + j], or with trans_b b[j*ldb + k]
 *   C is M x N: c[i*ldc + j];  beta is 0 (overwrite) or 1 (add).
 * The result depends only on the operands, not on how rows are split.
 */
#ifndef TS_GEMM_BF16_H
#define TS_GEMM_BF16_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/common.h"

/* True unless the environment variable TANGSCOPE_NO_BF16 is set and not
 * empty: every build has the bfloat16 products (vdpbf16ps with AVX512_BF16,
 * float32 FMAs on 256-bit vectors with AVX2 and FMA, plain C elsewhere, all
 * the same bits); when it is false, gemm_bf16 must not be called.
 * TANGSCOPE_NO_BF16=1 makes a build train in float32 alone (the tests use it
 * to run the float32 paths and their skips). */
bool gemm_bf16_available(void);

/* True when the kernel is available and is the fast one of an AVX512_BF16
 * build: then training multiplies in bfloat16 unless told otherwise. Other
 * builds have it too, for the same bits as on an AVX512_BF16 CPU (a recipe
 * asks for it with --precision bf16), but their packing is plain C and BLAS
 * (or the project's own products) in float32 is faster there. */
bool gemm_bf16_preferred(void);

/* Which kernel computes the products in this process: "dot" (vdpbf16ps)
 * or "fma" (float32 FMAs that round exactly as vdpbf16ps does; faster on
 * CPUs that run vdpbf16ps at half the FMA rate, and the only one of a build
 * without AVX512_BF16). Both give the same bits; the faster one is measured
 * at the first product, or TANGSCOPE_BF16_KERNEL=dot|fma chooses (a build
 * without AVX512_BF16 ignores it). */
const char *gemm_bf16_kernel(void);

/* Use this kernel from now on ("dot" or "fma"; false for any other name, or
 * for "dot" in a build without AVX512_BF16). Call between products, never during one: a
 * product packs its operands for the kernel in use. For tests and bench. */
bool gemm_bf16_set_kernel(const char *name);

/* One thread's packed operands: A and B rounded to bfloat16 and laid out in
 * the order the kernel reads them. Zero-initialise, then reserve. */
typedef struct {
    uint32_t *pack_a; /* rows of A, pairs of bfloat16 */
    uint32_t *pack_b; /* all of B, pairs of bfloat16 */
    size_t cap_a, cap_b; /* words in each */
    float *wide_a, *wide_b; /* the same pairs as float32, for the FMA kernel */
    size_t cap_wide_a, cap_wide_b; /* floats in each */
} GemmScratch;

/* What a product needs room for: its sizes and whether A is transposed. */
typedef struct {
    int M, N, K;
    bool trans_a;
} GemmShape;

/* Make room for products of this shape or smaller. Allocates; call outside
 * the hot loop. */
int gemm_scratch_reserve(GemmScratch *ws, GemmShape s, TsErr *err);
/* True when ws has room for a product of this shape. */
bool gemm_bf16_fits(const GemmScratch *ws, GemmShape s);
void gemm_scratch_free(GemmScratch *ws);

/* C = beta C + A B; the scratch must fit (gemm_bf16_fits). */
void gemm_bf16(int M, int N, int K, const float *A, int lda, bool trans_a, const float *B, int ldb,
               bool trans_b, float beta, float *C, int ldc, GemmScratch *ws);

/* Where a product may skip work because an operand or the result is
 * triangular, as in causal attention (i: row of A and C, k: depth, j: column
 * of B and C). Skipping multiplies by zero no more, so the result equals the
 * full product's. */
typedef enum {
    GEMM_FULL,    /* no triangle */
    GEMM_C_LOWER, /* only C[i][j] with j <= i is wanted: some of the rest is left as it was */
    GEMM_A_LOWER, /* A[i][k] = 0 for every k > i */
    GEMM_A_UPPER, /* A[i][k] = 0 for every k < i */
} GemmTriangle;

/* gemm_bf16, skipping what the triangle makes zero or unwanted. */
void gemm_bf16_tri(GemmTriangle tri, int M, int N, int K, const float *A, int lda, bool trans_a,
                   const float *B, int ldb, bool trans_b, float beta, float *C, int ldc,
                   GemmScratch *ws);

/* The same in two steps, for many products with one B: pack B into ws
 * (K x N, as gemm_bf16 takes it), then multiply by it any number of times.
 * K and N of gemm_bf16_packed must be those of the packing. */
void gemm_bf16_pack_b(int K, int N, const float *B, int ldb, bool trans_b, GemmScratch *ws);
void gemm_bf16_packed(int M, int N, int K, const float *A, int lda, bool trans_a, float beta,
                      float *C, int ldc, GemmScratch *ws);

/* The same with A already rounded to bfloat16 (bf16_round_floats): the
 * same numbers as gemm_bf16 gives from A in float32, for half the bytes;
 * with B already packed, as gemm_bf16_packed. */
void gemm_bf16_a16(int M, int N, int K, const uint16_t *A, int lda, bool trans_a, const float *B,
                   int ldb, bool trans_b, float beta, float *C, int ldc, GemmScratch *ws);
void gemm_bf16_a16_packed(int M, int N, int K, const uint16_t *A, int lda, bool trans_a,
                          float beta, float *C, int ldc, GemmScratch *ws);

/* out[i] = in[i] rounded to the nearest bfloat16 (its upper 16 bits), the
 * rounding the products apply. */
void bf16_round_floats(uint16_t *out, const float *in, size_t n);

/* out[i] = (in[i] * a) * b rounded as above: a scaling and the rounding in
 * one pass. */
void bf16_round_scaled(uint16_t *out, const float *in, float a, float b, size_t n);

/* Round a float32 to the nearest bfloat16 (ties to even), returned in the
 * upper 16 bits of a float32: what the kernel multiplies. For tests. */
float bf16_round(float x);

#endif
