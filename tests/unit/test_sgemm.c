/* test_sgemm.c - the float32 matrix product (sgemm.h), in whichever form this
 * build has: OpenBLAS, or the engine's own loops (make BLAS=0).
 *
 * The reference is the textbook sum over k, taken here in double precision;
 * a float32 result may differ from it by float32's rounding of the running
 * sums. The shapes cover every operand layout, alpha and beta, leading
 * dimensions wider than the rows, and sizes that do not fill the built-in
 * loops' tiles (32 rows of B by 256 columns) or their groups of four rows. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/rng.h"
#include "engine/sgemm.h"

static Rng rng;

static float *random_floats(size_t n)
{
    float *x = malloc(n * sizeof *x);
    for (size_t i = 0; i < n; i++)
        x[i] = (float)rng_normal(&rng);
    return x;
}

/* C = alpha op(A) op(B) + beta C for one shape and layout, against the
 * reference; the operands' rows are `pad` numbers longer than they need. */
static void check_product(int M, int N, int K, bool ta, bool tb, float alpha, float beta, int pad)
{
    int lda = (ta ? M : K) + pad, ldb = (tb ? K : N) + pad, ldc = N + pad;
    float *A = random_floats((size_t)(ta ? K : M) * lda);
    float *B = random_floats((size_t)(tb ? N : K) * ldb);
    float *C = random_floats((size_t)M * ldc), *C0 = malloc((size_t)M * ldc * sizeof *C0);
    memcpy(C0, C, (size_t)M * ldc * sizeof *C0);
    if (beta == 0.0f) /* BLAS's rule: with beta 0, C is not read, NaN or not */
        for (int i = 0; i < M; i++)
            C[(size_t)i * ldc] = NAN;
    sgemm(ta, tb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
    int bad = 0, pad_changed = 0;
    for (int i = 0; i < M; i++) {
        for (int j = 0; j < N; j++) {
            double s = 0.0, mag = 0.0;
            for (int k = 0; k < K; k++) {
                double a = ta ? A[(size_t)k * lda + i] : A[(size_t)i * lda + k];
                double b = tb ? B[(size_t)j * ldb + k] : B[(size_t)k * ldb + j];
                s += a * b;
                mag += fabs(a * b);
            }
            double c0 = C0[(size_t)i * ldc + j];
            double want = alpha * s + (beta != 0.0f ? beta * c0 : 0.0);
            double tol = (K + 2) * 0x1p-23 * (fabs(alpha) * mag + fabs(beta * c0)) + 1e-30;
            bad += !(fabs(C[(size_t)i * ldc + j] - want) <= tol);
        }
        for (int j = N; j < ldc; j++)
            pad_changed += memcmp(&C[(size_t)i * ldc + j], &C0[(size_t)i * ldc + j], 4) != 0;
    }
    CHECK(bad == 0, "%s: %d x %d x %d, A%s B%s, alpha %g, beta %g, pad %d: %d of %d values off",
          sgemm_library(), M, N, K, ta ? "^T" : "", tb ? "^T" : "", (double)alpha, (double)beta,
          pad, bad, M * N);
    CHECK(pad_changed == 0, "%d numbers written past the rows of C", pad_changed);
    free(A);
    free(B);
    free(C);
    free(C0);
}

static void test_against_reference(void)
{
    /* the shapes the training passes use, small: rows x columns x sum */
    static const int SHAPES[][3] = {{1, 1, 1},   {5, 7, 3},    {33, 300, 70},
                                    {64, 48, 16}, {17, 513, 65}, {130, 40, 257}};
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++)
        for (int layout = 0; layout < 4; layout++) {
            bool ta = layout & 1, tb = layout & 2;
            int M = SHAPES[s][0], N = SHAPES[s][1], K = SHAPES[s][2];
            check_product(M, N, K, ta, tb, 1.0f, 0.0f, 0);
            check_product(M, N, K, ta, tb, 0.25f, 1.0f, 3);
            check_product(M, N, K, ta, tb, -1.5f, 0.5f, 1);
        }
}

/* K = 0: nothing to add, C becomes beta C. */
static void test_empty_sum(void)
{
    float a = 1.0f, b = 1.0f, c[2] = {3.0f, NAN};
    sgemm(false, false, 1, 1, 0, 1.0f, &a, 1, &b, 1, 0.5f, c, 2);
    CHECK(c[0] == 1.5f, "beta C with nothing to add: %g", (double)c[0]);
    CHECK(isnan(c[1]), "a number past the row is left alone");
}

int main(void)
{
    rng_seed(&rng, 41);
    RUN(test_against_reference);
    RUN(test_empty_sum);
    return test_summary();
}
