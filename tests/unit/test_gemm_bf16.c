/* test_gemm_bf16.c - the bfloat16 matrix product and the training pass that uses it.
 *
 * The reference is a plain triple loop in double precision over inputs
 * rounded to bfloat16 by bit arithmetic written here, independent of
 * gemm_bf16.c's packing and of the CPU's conversion instruction. The kernel sums
 * in float32, so the two differ only by float32 rounding of the sums.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/gemm_bf16.h"
#include "engine/train_pass.h"
#include "engine/model.h"
#include "engine/ops.h"
#include "engine/rng.h"

static Rng rng;

/* True, with the test marked skipped, when the bfloat16 products are turned
 * off (TANGSCOPE_NO_BF16 set): every build has them otherwise. */
static int bf16_missing(void)
{
    if (gemm_bf16_available())
        return 0;
    SKIP("bfloat16 products turned off (TANGSCOPE_NO_BF16 set)");
    return 1;
}

/* Nearest bfloat16, ties to even, by integer arithmetic on the bits. */
static double round_bf16(float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    uint32_t low = u & 0xffffu, keep = u >> 16;
    if (low > 0x8000u || (low == 0x8000u && (keep & 1u)))
        keep++;
    u = keep << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static float *random_floats(size_t n)
{
    float *x = malloc(n * sizeof *x);
    for (size_t i = 0; i < n; i++)
        x[i] = (float)rng_normal(&rng);
    return x;
}

static void test_bf16_round(void)
{
    /* 1 + 2^-8 lies halfway between 1 and 1 + 2^-7: ties go to the even 1 */
    CHECK(bf16_round(1.0f + 0x1p-8f) == 1.0f, "got %.9g", (double)bf16_round(1.0f + 0x1p-8f));
    /* 1 + 3 * 2^-8 lies halfway between 1 + 2^-7 and 1 + 2^-6: the even one */
    CHECK(bf16_round(1.0f + 3 * 0x1p-8f) == 1.0f + 0x1p-6f, "got %.9g",
          (double)bf16_round(1.0f + 3 * 0x1p-8f));
    CHECK(bf16_round(1.0f + 0x1p-8f + 0x1p-20f) == 1.0f + 0x1p-7f, "just above half rounds up");
    CHECK(bf16_round(-3.0f) == -3.0f, "a bfloat16 stays itself");
    /* below 2^-126 the conversion instruction reads zero (keeping the sign),
     * even where the nearest bfloat16 would be 2^-126 itself; the plain C
     * rounding (bf16_round) and the vector one (bf16_round_floats, with
     * AVX-512 the instruction) must agree */
    const float tiny[4] = {0x1.fffffcp-127f, -0x1.fffffcp-127f, 0x1p-149f, 0x1p-126f};
    const uint32_t want[4] = {0, 0x80000000u, 0, 0x00800000u};
    uint16_t vec[4];
    bf16_round_floats(vec, tiny, 4);
    for (int i = 0; i < 4; i++) {
        float r = bf16_round(tiny[i]);
        uint32_t bits;
        memcpy(&bits, &r, 4);
        CHECK(bits == want[i], "bf16_round(%a) gave %08x, want %08x", (double)tiny[i], bits, want[i]);
        CHECK(vec[i] == want[i] >> 16, "bf16_round_floats(%a) gave %04x, want %04x",
              (double)tiny[i], vec[i], want[i] >> 16);
    }
    for (int i = 0; i < 1000; i++) {
        float x = (float)rng_normal(&rng) * 100.0f;
        CHECK((double)bf16_round(x) == round_bf16(x), "%.9g", (double)x);
    }
}

/* C = beta C + A B for one shape and layout, against the reference. */
static void check_product(int M, int N, int K, bool ta, bool tb, float beta)
{
    float *A = random_floats((size_t)M * K), *B = random_floats((size_t)K * N);
    float *C = random_floats((size_t)M * N);
    double *want = malloc((size_t)M * N * sizeof *want), *tol = malloc((size_t)M * N * sizeof *tol);
    int lda = ta ? M : K, ldb = tb ? K : N;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double s = beta != 0.0f ? C[(size_t)i * N + j] : 0.0, mag = fabs(s);
            for (int k = 0; k < K; k++) {
                double a = round_bf16(ta ? A[(size_t)k * lda + i] : A[(size_t)i * lda + k]);
                double b = round_bf16(tb ? B[(size_t)j * ldb + k] : B[(size_t)k * ldb + j]);
                s += a * b;
                mag += fabs(a * b);
            }
            want[(size_t)i * N + j] = s;
            /* float32 sums of K + 1 terms: each addition rounds by at most
             * 2^-24 of the running magnitude */
            tol[(size_t)i * N + j] = (K + 1) * 0x1p-24 * mag + 1e-30;
        }
    GemmScratch ws = {0};
    TsErr err;
    GemmShape shape = {M, N, K, ta};
    CHECK(gemm_scratch_reserve(&ws, shape, &err) == 0, "%s", err.msg);
    CHECK(gemm_bf16_fits(&ws, shape), "reserved scratch must fit");
    gemm_bf16(M, N, K, A, lda, ta, B, ldb, tb, beta, C, N, &ws);
    int bad = 0;
    for (size_t i = 0; i < (size_t)M * N; i++)
        if (!(fabs(C[i] - want[i]) <= tol[i]))
            bad++;
    CHECK(bad == 0, "%d x %d x %d, A%s B%s, beta %g: %d of %d values off", M, N, K, ta ? "^T" : "",
          tb ? "^T" : "", (double)beta, bad, M * N);
    gemm_scratch_free(&ws);
    free(A);
    free(B);
    free(C);
    free(want);
    free(tol);
}

static void test_gemm_against_reference(void)
{
    if (bf16_missing())
        return;
    /* tiles of 12 x 32, depth blocks of 256, row blocks of 96: shapes on, just
     * past and well past each edge, odd depths included */
    static const int shapes[][3] = {
        {1, 1, 1},     {12, 32, 2},   {13, 33, 3},    {37, 45, 17},  {96, 64, 256},
        {97, 31, 257}, {101, 70, 513}, {200, 130, 64}, {5, 300, 600}, {150, 16, 1000},
    };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int layout = 0; layout < 4; layout++)
            check_product(shapes[s][0], shapes[s][1], shapes[s][2], layout & 1, layout & 2,
                          (s + (size_t)layout) % 2 ? 1.0f : 0.0f);
}

/* Rows computed in one call or split across two (as threads split them) are
 * the same to the bit. */
static void test_gemm_rows_independent(void)
{
    if (bf16_missing())
        return;
    int M = 150, N = 70, K = 600;
    for (int ta = 0; ta < 2; ta++) {
        float *A = random_floats((size_t)M * K), *B = random_floats((size_t)K * N);
        float *whole = calloc((size_t)M * N, sizeof *whole), *split = calloc((size_t)M * N, 4);
        int lda = ta ? M : K;
        GemmScratch ws = {0};
        TsErr err;
        CHECK(gemm_scratch_reserve(&ws, (GemmShape){M, N, K, ta}, &err) == 0, "%s", err.msg);
        gemm_bf16(M, N, K, A, lda, ta, B, N, false, 0.0f, whole, N, &ws);
        int cut = 61;
        gemm_bf16(cut, N, K, A, lda, ta, B, N, false, 0.0f, split, N, &ws);
        const float *rest = ta ? A + cut : A + (size_t)cut * K;
        gemm_bf16(M - cut, N, K, rest, lda, ta, B, N, false, 0.0f, split + (size_t)cut * N, N, &ws);
        CHECK(memcmp(whole, split, (size_t)M * N * sizeof *whole) == 0,
              "A%s: rows split at %d differ from one call", ta ? "^T" : "", cut);
        gemm_scratch_free(&ws);
        free(A);
        free(B);
        free(whole);
        free(split);
    }
}

/* A given already in bfloat16 gives the same numbers, to the bit, as A in
 * float32; and the rounding of a whole array agrees with the reference. */
static void test_gemm_a16_same(void)
{
    if (bf16_missing())
        return;
    static const int shapes[][3] = {{13, 33, 3}, {97, 31, 257}, {150, 70, 600}, {500, 40, 33}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int ta = 0; ta < 2; ta++) {
            int M = shapes[s][0], N = shapes[s][1], K = shapes[s][2];
            size_t na = (size_t)M * K;
            float *A = random_floats(na), *B = random_floats((size_t)K * N);
            uint16_t *A16 = malloc(na * sizeof *A16);
            bf16_round_floats(A16, A, na);
            int bad = 0;
            for (size_t i = 0; i < na; i++) {
                uint32_t u = (uint32_t)A16[i] << 16;
                float f;
                memcpy(&f, &u, 4);
                bad += (double)f != round_bf16(A[i]);
            }
            CHECK(bad == 0, "%d of %zu values rounded differently", bad, na);
            float *c32 = calloc((size_t)M * N, sizeof(float)), *c16 = calloc((size_t)M * N, 4);
            GemmScratch ws = {0};
            TsErr err;
            CHECK(gemm_scratch_reserve(&ws, (GemmShape){M, N, K, ta}, &err) == 0, "%s", err.msg);
            int lda = ta ? M : K;
            gemm_bf16(M, N, K, A, lda, ta, B, N, false, 0.0f, c32, N, &ws);
            gemm_bf16_a16(M, N, K, A16, lda, ta, B, N, false, 0.0f, c16, N, &ws);
            CHECK(memcmp(c32, c16, (size_t)M * N * sizeof(float)) == 0,
                  "%d x %d x %d, A%s: bfloat16 A gives other numbers", M, N, K, ta ? "^T" : "");
            gemm_scratch_free(&ws);
            free(A);
            free(B);
            free(A16);
            free(c32);
            free(c16);
        }
}

/* A product that skips a triangle (GemmTriangle) gives the numbers of the
 * full product where it promises them: everywhere when a triangle of A is
 * zero, on and below the diagonal when only that part of C is wanted. */
static void check_triangle(GemmTriangle tri, int M, int N, int K, bool ta, float beta)
{
    float *A = random_floats((size_t)M * K), *B = random_floats((size_t)K * N);
    float *full = random_floats((size_t)M * N), *part = malloc((size_t)M * N * sizeof *part);
    memcpy(part, full, (size_t)M * N * sizeof *part);
    int lda = ta ? M : K;
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++)
            if ((tri == GEMM_A_LOWER && k > i) || (tri == GEMM_A_UPPER && k < i))
                A[ta ? (size_t)k * lda + i : (size_t)i * lda + k] = 0.0f;
    GemmScratch ws = {0};
    TsErr err;
    CHECK(gemm_scratch_reserve(&ws, (GemmShape){M, N, K, ta}, &err) == 0, "%s", err.msg);
    gemm_bf16(M, N, K, A, lda, ta, B, N, false, beta, full, N, &ws);
    gemm_bf16_tri(tri, M, N, K, A, lda, ta, B, N, false, beta, part, N, &ws);
    int bad = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            if ((tri != GEMM_C_LOWER || j <= i) && part[(size_t)i * N + j] != full[(size_t)i * N + j])
                bad++;
    CHECK(bad == 0, "triangle %d, %d x %d x %d, A%s, beta %g: %d values differ from the full product",
          (int)tri, M, N, K, ta ? "^T" : "", (double)beta, bad);
    gemm_scratch_free(&ws);
    free(A);
    free(B);
    free(full);
    free(part);
}

static void test_gemm_triangles(void)
{
    if (bf16_missing())
        return;
    /* squares on and across the tile (12, 32), row block (96, 480) and depth
     * block (256) edges; the depth of the scores is a head's size */
    static const int sizes[] = {1, 5, 13, 77, 128, 300, 500};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int T = sizes[s];
        for (int ta = 0; ta < 2; ta++) {
            float beta = (s + (size_t)ta) % 2 ? 1.0f : 0.0f;
            check_triangle(GEMM_C_LOWER, T, T, 32, ta, beta);
            check_triangle(GEMM_C_LOWER, T, T, 7, ta, beta);
            check_triangle(GEMM_A_LOWER, T, 33, T, ta, beta);
            check_triangle(GEMM_A_UPPER, T, 33, T, ta, beta);
            check_triangle(GEMM_A_LOWER, T, 20, T, ta, 1.0f - beta);
            check_triangle(GEMM_A_UPPER, T, 20, T, ta, 1.0f - beta);
        }
    }
}

/* Scaling and rounding in one pass agree with the reference rounding of the
 * scaled floats, ties included. */
static void test_bf16_round_scaled(void)
{
    enum { N = 1003 };
    float x[N], a = 0.37f, b = 1.0f / 4096.0f;
    uint16_t out[N];
    for (int i = 0; i < N; i++)
        x[i] = (float)rng_normal(&rng) * 10.0f;
    x[0] = (1.0f + 0x1p-8f) / a / b; /* near a tie */
    bf16_round_scaled(out, x, a, b, N);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        uint32_t u = (uint32_t)out[i] << 16;
        float f;
        memcpy(&f, &u, 4);
        bad += (double)f != round_bf16(x[i] * a * b);
    }
    CHECK(bad == 0, "%d of %d values scaled and rounded differently", bad, N);
}

/* The threads take pieces of rows in turn, whichever comes first: the
 * forward product, the input gradient, and all of the output layer's
 * gradients are the same to the bit with one thread or two, and with either
 * kernel. */
static void test_products_same_any_threads(void)
{
    if (bf16_missing())
        return;
    enum { N = 700, IC = 40, OC = 1100 }; /* pieces of rows and of W's rows, with remainders */
    float *inp = random_floats((size_t)N * IC), *w = random_floats((size_t)OC * IC);
    float *dout = random_floats((size_t)N * OC);
    uint16_t *d16 = malloc((size_t)N * OC * sizeof *d16);
    bf16_round_floats(d16, dout, (size_t)N * OC);
    GemmShape shapes[] = {{N, OC, IC, false}, {N, IC, OC, false}, {OC, IC, N, true}};
    Bf16Products bp;
    TsErr err;
    CHECK(bf16_products_init(&bp, 2, shapes, 3, (size_t)OC * IC, &err) == 0, "%s", err.msg);
    float *out[3], *dinp[3], *dinp16[3], *dw16[3];
    int saved = ts_threads();
    const char *before = gemm_bf16_kernel();
    /* one thread, two threads, two threads with the FMA kernel (one thread
     * each, in a build without OpenMP) */
    for (int run = 0; run < 3; run++) {
        ts_set_threads(run == 0 ? 1 : 2);
        gemm_bf16_set_kernel(run == 2 ? "fma" : "dot");
        out[run] = calloc((size_t)N * OC, sizeof(float));
        dinp[run] = calloc((size_t)N * IC, sizeof(float));
        dinp16[run] = calloc((size_t)N * IC, sizeof(float));
        dw16[run] = calloc((size_t)OC * IC, sizeof(float));
        float *dw = calloc((size_t)OC * IC, sizeof(float)), *db = calloc(OC, sizeof(float));
        matmul_forward(out[run], inp, w, NULL, N, IC, OC, &bp);
        matmul_backward(dinp[run], dw, db, dout, inp, w, N, IC, OC, &bp);
        matmul_backward_dout16(dinp16[run], dw16[run], d16, inp, w, N, IC, OC, &bp);
        free(dw);
        free(db);
    }
    ts_set_threads(saved);
    gemm_bf16_set_kernel(before);
    for (int run = 1; run < 3; run++) {
        const char *how = run == 1 ? "with two threads" : "with the FMA kernel";
        CHECK(memcmp(out[0], out[run], (size_t)N * OC * 4) == 0, "the forward product differs %s",
              how);
        CHECK(memcmp(dinp[0], dinp[run], (size_t)N * IC * 4) == 0, "the input gradient differs %s",
              how);
        CHECK(memcmp(dinp16[0], dinp16[run], (size_t)N * IC * 4) == 0,
              "the output layer's input gradient differs %s", how);
        CHECK(memcmp(dw16[0], dw16[run], (size_t)OC * IC * 4) == 0,
              "the output layer's weight gradient differs %s", how);
    }
    for (int run = 0; run < 3; run++) {
        free(out[run]);
        free(dinp[run]);
        free(dinp16[run]);
        free(dw16[run]);
    }
    bf16_products_free(&bp);
    free(inp);
    free(w);
    free(dout);
    free(d16);
}

/* One pass of a small GPT with bfloat16 products: the loss and every
 * gradient stay close to the float32 pass. Inputs to a product are rounded
 * by at most 2^-9 of their size, so a result moves by well under 1%. */
static void test_bf16_pass_close_to_float32(void)
{
    if (bf16_missing())
        return;
    TsErr err;
    ModelConfig cfg = {.n_layer = 2, .n_embd = 32, .n_head = 4, .context = 16, .vocab_size = 50};
    uint32_t cps[50];
    for (int i = 0; i < 50; i++)
        cps[i] = 0x4E00 + (uint32_t)i;
    Vocab v = {50, cps};
    Model m;
    CHECK(model_init(&m, &cfg, &v, 3, &err) == 0, "%s", err.msg);
    int B = 4, T = 16, tokens[64], targets[64];
    for (int i = 0; i < B * T; i++) {
        tokens[i] = (int)rng_below(&rng, 50);
        targets[i] = (int)rng_below(&rng, 50);
    }
    float *g32 = calloc(m.n_params, sizeof(float)), *g16 = calloc(m.n_params, sizeof(float));
    float loss[2];
    for (int pass = 0; pass < 2; pass++) {
        GptActs a;
        CHECK(gpt_acts_init(&a, &cfg, B, T, 1, &err) == 0, "%s", err.msg);
        CHECK(gpt_acts_set_bf16(&a, pass, &err) == 0, "%s", err.msg);
        CHECK((a.bf16 != NULL) == (pass == 1), "bfloat16 products switched %s",
              pass ? "on" : "off");
        ParamPtrs g;
        param_point(&g, pass ? g16 : g32, &cfg);
        loss[pass] = gpt_forward(&m, &a, tokens, targets, B, T);
        gpt_backward(&m, &a, &g, tokens, targets, B, T);
        gpt_acts_free(&a);
    }
    CHECK(fabsf(loss[1] - loss[0]) < 2e-3f * loss[0], "loss %.6f in bfloat16, %.6f in float32",
          (double)loss[1], (double)loss[0]);
    ParamInfo t[P_COUNT];
    param_table(&cfg, t);
    for (int k = 0; k < P_COUNT; k++) {
        double diff = 0.0, norm = 0.0;
        for (size_t i = t[k].offset; i < t[k].offset + t[k].size; i++) {
            diff += (double)(g16[i] - g32[i]) * (g16[i] - g32[i]);
            norm += (double)g32[i] * g32[i];
        }
        CHECK(sqrt(diff) <= 0.01 * sqrt(norm) + 1e-9, "%s: gradients differ by %.3g%%", t[k].name,
              100.0 * sqrt(diff / (norm + 1e-30)));
        /* and not to the bit: the products really ran in bfloat16 */
        if (strcmp(t[k].name, "wte") == 0)
            CHECK(diff > 0.0, "wte: bfloat16 and float32 gradients are identical");
    }
    free(g32);
    free(g16);
    model_free(&m);
}

/* A scalar model of the arithmetic both kernels promise: inputs rounded to
 * bfloat16, a denormal input read as zero before it is rounded (as
 * vcvtneps2bf16 does: one just below 2^-126 does not round up to it), and for each block of 256 depths a sum
 * that starts at zero and, pair by pair, adds the product at depth k+1 and
 * then the one at depth k, each addition of an exact product rounded to
 * float32 (the product of two bfloat16 has 16 significant bits) and a denormal
 * result flushed to zero; the blocks' sums are then added into C in order. */
static float flush(float x) { return fabsf(x) < FLT_MIN ? copysignf(0.0f, x) : x; }

static float model_entry(const float *A, int lda, bool ta, const float *B, int N, int K, int i, int j,
                         float c, float beta)
{
    float out = beta != 0.0f ? c : 0.0f;
    for (int k0 = 0; k0 < K; k0 += 256) {
        float sum = 0.0f;
        for (int k = k0; k < K && k < k0 + 256; k += 2) {
            for (int d = 1; d >= 0; d--) {
                /* the missing depth after an odd K is a product of +0 and
                 * +0, and adding it turns a sum of -0 into +0 */
                bool missing = k + d >= K;
                float a = missing ? 0.0f
                                  : (float)round_bf16(flush(ta ? A[(size_t)(k + d) * lda + i]
                                                               : A[(size_t)i * lda + k + d]));
                float b = missing ? 0.0f : (float)round_bf16(flush(B[(size_t)(k + d) * N + j]));
                sum = flush(fmaf(a, b, sum)); /* the product exact, one rounding */
            }
        }
        out = k0 == 0 && beta == 0.0f ? sum : out + sum;
    }
    return out;
}

/* Both kernels (vdpbf16ps and float32 FMAs; a build without AVX512_BF16
 * has the second only: on 256-bit vectors with AVX2, else in plain C) give the model's bits exactly, on values of every size, down to
 * products below float32's normal range (which both flush to zero) and
 * inputs below it (read as zero, also those that would round up to 2^-126). */
static void test_kernels_same_bits(void)
{
    if (bf16_missing())
        return;
    static const int shapes[][3] = {{1, 1, 1}, {13, 33, 7}, {12, 32, 256}, {50, 70, 300},
                                    {97, 40, 513}, {5, 100, 1}};
    static const char *const kernels[] = {"dot", "fma"};
    const char *before = gemm_bf16_kernel();
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++)
        for (int ta = 0; ta < 2; ta++)
            for (int bi = 0; bi < 2; bi++) {
                int M = shapes[si][0], N = shapes[si][1], K = shapes[si][2];
                float beta = bi ? 1.0f : 0.0f;
                float *A = random_floats((size_t)M * K), *B = random_floats((size_t)K * N);
                float *C0 = random_floats((size_t)M * N);
                /* some rows and columns tiny: products near and below 2^-126 */
                for (int i = 0; i < M; i += 3)
                    for (int k = 0; k < K; k++)
                        A[ta ? (size_t)k * M + i : (size_t)i * K + k] *= 0x1p-62f;
                for (int k = 0; k < K; k++)
                    for (int j = 1; j < N; j += 4)
                        B[(size_t)k * N + j] *= 0x1p-66f;
                /* denormal inputs: the largest (it would round up to 2^-126)
                 * and a small one, in A and in B */
                for (int x = 2; x < M * K; x += 11)
                    A[x] = x % 2 ? -0x1.fffffcp-127f : 0x1p-140f;
                for (int x = 5; x < K * N; x += 13)
                    B[x] = x % 2 ? 0x1.fffffcp-127f : -0x1p-145f;
                int lda = ta ? M : K;
                float *want = malloc((size_t)M * N * sizeof *want);
                for (int i = 0; i < M; i++)
                    for (int j = 0; j < N; j++)
                        want[(size_t)i * N + j] =
                            model_entry(A, lda, ta, B, N, K, i, j, C0[(size_t)i * N + j], beta);
                for (int kn = 0; kn < 2; kn++) {
                    if (!gemm_bf16_set_kernel(kernels[kn])) {
                        /* only a build without AVX512_BF16 lacks one: the dot product */
                        CHECK(strcmp(kernels[kn], "dot") == 0, "kernel %s missing", kernels[kn]);
                        continue;
                    }
                    float *C = malloc((size_t)M * N * sizeof *C);
                    memcpy(C, C0, (size_t)M * N * sizeof *C);
                    GemmScratch ws = {0};
                    TsErr err;
                    CHECK(gemm_scratch_reserve(&ws, (GemmShape){M, N, K, ta}, &err) == 0, "%s",
                          err.msg);
                    gemm_bf16(M, N, K, A, lda, ta, B, N, false, beta, C, N, &ws);
                    int bad = 0, first = -1;
                    for (int x = 0; x < M * N; x++)
                        if (memcmp(&C[x], &want[x], sizeof *C) != 0 && bad++ == 0)
                            first = x;
                    CHECK(bad == 0,
                          "%s kernel, %d x %d x %d, A%s, beta %g: %d of %d differ from the model"
                          " (first at %d: %a, model %a)",
                          kernels[kn], M, N, K, ta ? "^T" : "", (double)beta, bad, M * N, first,
                          first >= 0 ? (double)C[first] : 0.0, first >= 0 ? (double)want[first] : 0.0);
                    gemm_scratch_free(&ws);
                    free(C);
                }
                free(A), free(B), free(C0), free(want);
            }
    gemm_bf16_set_kernel(before);
}

/* Sums that end just under 2^-126, where flushing depends on when tininess
 * is told: an x86 FMA under FTZ (and so each kernel, on every CPU) rounds
 * first, to 24 bits as if the exponent had no bound, and flushes only what
 * is then below 2^-126. The depth-1 product is 2^-126; the depth-0 one,
 * added after it, takes off d. The exact sums, 2^-126 - d, by hand: with
 * d = 2^-151 it lies halfway between 2^-126 - 2^-150 and 2^-126 and rounds to
 * the even 2^-126, kept; with d = 1.5 * 2^-151 it rounds to 2^-126 - 2^-150,
 * tiny, so 0; with d = 2^-150 it is that number exactly, so 0. (Rounded to
 * float32's denormals instead, all three would give 2^-126.) */
static void test_kernels_flush_near_min(void)
{
    if (bf16_missing())
        return;
    static const struct {
        float a0, b0, want; /* depth 0: a0 * b0 = -d */
    } cases[] = {
        {-0x1p-75f, 0x1p-76f, 0x1p-126f},
        {-0x1.8p-76f, 0x1p-75f, 0.0f},
        {-0x1p-75f, 0x1p-75f, 0.0f},
    };
    static const char *const kernels[] = {"dot", "fma"};
    const char *before = gemm_bf16_kernel();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int kn = 0; kn < 2; kn++) {
            if (!gemm_bf16_set_kernel(kernels[kn]))
                continue; /* (the dot-product kernel needs AVX512_BF16) */
            float A[2] = {cases[i].a0, 0x1p-63f}, B[2] = {cases[i].b0, 0x1p-63f}, C = -1.0f;
            GemmScratch ws = {0};
            TsErr err;
            CHECK(gemm_scratch_reserve(&ws, (GemmShape){1, 1, 2, false}, &err) == 0, "%s", err.msg);
            gemm_bf16(1, 1, 2, A, 2, false, B, 1, false, 0.0f, &C, 1, &ws);
            CHECK(memcmp(&C, &cases[i].want, sizeof C) == 0,
                  "%s kernel: 2^-126 + %a * %a gave %a, want %a", kernels[kn], (double)cases[i].a0,
                  (double)cases[i].b0, (double)C, (double)cases[i].want);
            gemm_scratch_free(&ws);
        }
    gemm_bf16_set_kernel(before);
}

int main(void)
{
    rng_seed(&rng, 7);
    RUN(test_bf16_round);
    RUN(test_gemm_against_reference);
    RUN(test_gemm_rows_independent);
    RUN(test_gemm_a16_same);
    RUN(test_gemm_triangles);
    RUN(test_kernels_same_bits);
    RUN(test_kernels_flush_near_min);
    RUN(test_bf16_round_scaled);
    RUN(test_products_same_any_threads);
    RUN(test_bf16_pass_close_to_float32);
    return test_summary();
}
