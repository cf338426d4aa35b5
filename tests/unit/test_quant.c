/* test_quant.c - weights in bfloat16 and int8: the rounding, the kernels, the
 * two inference paths, and the model file (version 3).
 *
 * References: rounding results written out by hand; matrix-vector products
 * summed in double precision from the same rounded weights, and computed one
 * multiply-add at a time as infer.h defines them (for int8: the input rounded
 * to int16 and summed in 64-bit integers here, as linear_i8.h defines it); a
 * CRC-32 computed bit by bit here; file sizes from the format's formula
 * (docs/model-format.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "testutil.h"
#include "engine/fileio.h"
#include "engine/infer.h"
#include "engine/linear_i8.h"
#include "engine/model.h"
#include "engine/quant.h"
#include "engine/rng.h"

static const char *tmpdir;

/* ---- rounding, against values worked out by hand ---- */

static void test_round_int8_by_hand(void)
{
    /* max |w| = 1 -> scale 1/127; 0.5 * 127 = 63.5 goes to the even 64, 0.25
     * * 127 = 31.75 to 32, -1/127 stays -1 */
    const float w[2][5] = {{1.0f, -0.5f, 0.25f, 0.0f, -1.0f / 127.0f},
                           {0.0f, 0.0f, 0.0f, 0.0f, 0.0f}};
    const int8_t want_q[2][5] = {{127, -64, 32, 0, -1}, {0, 0, 0, 0, 0}};
    int8_t q[10];
    float scale[2], back[10];
    quant_round_int8(q, scale, back, &w[0][0], 2, 5);
    CHECK(memcmp(q, want_q, sizeof q) == 0, "q = %d %d %d %d %d", q[0], q[1], q[2], q[3], q[4]);
    CHECK(scale[0] == 1.0f / 127.0f && scale[1] == 0.0f, "scales %g %g", (double)scale[0],
          (double)scale[1]);
    CHECK(back[1] == -64.0f * (1.0f / 127.0f) && back[5] == 0.0f, "expanded %g", (double)back[1]);
    /* the rounding error of any weight is at most half a step of its row */
    Rng r;
    rng_seed(&r, 9);
    float big[3 * 128], bq_back[3 * 128], sc[3];
    int8_t bq[3 * 128];
    for (int i = 0; i < 3 * 128; i++)
        big[i] = (float)rng_normal(&r) * (float)(i / 128 + 1);
    quant_round_int8(bq, sc, bq_back, big, 3, 128);
    double worst = 0.0;
    for (int i = 0; i < 3 * 128; i++)
        worst = fmax(worst, fabs((double)bq_back[i] - big[i]) / sc[i / 128]);
    CHECK(worst <= 0.5 + 1e-5, "an int8 weight is %g steps from its float32", worst);
}

static void test_round_bf16_by_hand(void)
{
    /* 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties go to the even one, 1;
     * 1 + 3 * 2^-8 is halfway too and goes to 1 + 2^-6 (even) */
    const float in[4] = {1.0f + 1.0f / 256, 1.0f + 3.0f / 256, -2.5f, 1.0f + 1.0f / 128};
    const uint16_t want[4] = {0x3F80, 0x3F82, 0xC020, 0x3F81};
    uint16_t out[4];
    float back[4];
    quant_round_bf16(out, back, in, 4);
    for (int i = 0; i < 4; i++)
        CHECK(out[i] == want[i], "bf16 of %.9g: 0x%04X, want 0x%04X", (double)in[i], out[i],
              want[i]);
    CHECK(back[1] == 1.015625f && back[2] == -2.5f, "expanded %g %g", (double)back[1],
          (double)back[2]);
}

/* ---- the kernels ---- */

/* The buffers of one product y [N, OC] = x [N, IC] times w [OC, IC] + b,
 * with w rounded to a precision (raw, and as floats in wide; scale for
 * int8) and packed as the kernels read it. */
typedef struct {
    size_t nw;
    float *w, *x, *b, *wide, *scale, *y;
    void *raw, *packed;
} Matvec;

static Matvec matvec_new(int N, int IC, int OC)
{
    size_t nw = (size_t)IC * OC, i8 = linear_i8_packed_bytes(IC, OC);
    return (Matvec){.nw = nw, .w = malloc(nw * 4), .x = malloc((size_t)N * IC * 4),
                    .b = malloc((size_t)OC * 4), .wide = malloc(nw * 4),
                    .scale = malloc((size_t)OC * 4), .y = malloc((size_t)N * OC * 4),
                    .raw = malloc(nw * 2), .packed = malloc(i8 > nw * 4 ? i8 : nw * 4)};
}

/* Round w to precision p, pack it, and compute y with linear_w; returns the
 * packed weights as linear_w reads them. */
static LinearW matvec_run(Matvec *m, WeightPrec p, int N, int IC, int OC)
{
    if (p == WPREC_BF16)
        quant_round_bf16(m->raw, m->wide, m->w, m->nw);
    else
        quant_round_int8(m->raw, m->scale, m->wide, m->w, (size_t)OC, (size_t)IC);
    linear_pack_any(m->packed, m->raw, p, IC, OC);
    LinearW lw = {.prec = p, .panels = m->packed, .scale = p == WPREC_INT8 ? m->scale : NULL};
    linear_w(m->y, m->x, &lw, m->b, N, IC, OC);
    return lw;
}

static void matvec_free(Matvec *m)
{
    free(m->w), free(m->x), free(m->b), free(m->wide), free(m->scale), free(m->y);
    free(m->raw), free(m->packed);
}

/* One product y = W x + b in precision p, every dispatch shape, against a sum
 * in double precision of the same rounded weights. The bfloat16 kernel adds
 * IC products with fused multiply-adds (one rounding each) and adds the bias:
 * its error is at most (IC + 2) u (sum |w x| + |b|) with u = 2^-24 (the
 * standard bound for recursive summation, with room for the last rounding).
 * The int8 kernel sums exactly, but over the input rounded to steps of
 * xs = max |x| / 32767: at most half a step from x each, so the sum is off
 * by at most s xs / 2 sum |q|, plus four roundings of the result (the sum to
 * float, the two products and the bias). The check holds each output to its
 * bound. */
static void matvec_against_double(WeightPrec p, int N, int IC, int OC, Rng *r)
{
    Matvec m = matvec_new(N, IC, OC);
    size_t nw = m.nw;
    float *w = m.w, *x = m.x, *b = m.b, *wide = m.wide, *scale = m.scale, *y = m.y;
    void *raw = m.raw;
    for (size_t i = 0; i < nw; i++)
        w[i] = (float)rng_normal(r) * 0.1f;
    for (int i = 0; i < N * IC; i++)
        x[i] = (float)rng_normal(r);
    for (int i = 0; i < OC; i++)
        b[i] = (float)rng_normal(r);
    LinearW lw = matvec_run(&m, p, N, IC, OC);
    int bad = 0;
    double worst = 0.0;
    for (int n = 0; n < N; n++) {
        double maxabs = 0.0;
        for (int k = 0; k < IC; k++)
            maxabs = fmax(maxabs, fabs(x[n * IC + k]));
        for (int o = 0; o < OC; o++) {
            double s = p == WPREC_INT8 ? scale[o] : 1.0, sum = 0.0, mag = 0.0, qsum = 0.0;
            for (int k = 0; k < IC; k++) {
                /* the weight the kernel multiplies: q (int8) or the bfloat16 */
                double wk = p == WPREC_INT8 ? (double)((const int8_t *)raw)[(size_t)o * IC + k]
                                            : (double)wide[(size_t)o * IC + k];
                sum += wk * x[n * IC + k];
                mag += fabs(wk * x[n * IC + k]);
                qsum += fabs(wk);
            }
            double want = s * sum + b[o], bound = (IC + 2) * 0x1p-24 * (s * mag + fabs(b[o]));
            if (p == WPREC_INT8)
                bound = s * maxabs / 32767 * qsum * (0.5 + 1e-4) +
                        5 * 0x1p-24 * (s * mag * (1 + 1e-4) + fabs(b[o]));
            double d = fabs(y[(size_t)n * OC + o] - want);
            worst = fmax(worst, d / bound);
            bad += !(d <= bound);
        }
    }
    CHECK(bad == 0, "%s %dx%dx%d: %d outputs outside the bound (worst %.2f of it)", wprec_name(p), N,
          IC, OC, bad, worst);
    /* a row alone gives the bits it gives in a batch */
    if (N > 1) {
        linear_w(wide, x + (size_t)(N - 1) * IC, &lw, b, 1, IC, OC);
        CHECK(memcmp(wide, y + (size_t)(N - 1) * OC, (size_t)OC * 4) == 0,
              "%s %dx%dx%d: a row alone differs from the same row in a batch", wprec_name(p), N,
              IC, OC);
    }
    matvec_free(&m);
}

static void test_matvec_against_double(void)
{
    /* one row (two panels side by side, on threads for a long output layer),
     * 6, 4 and 3 rows at once, a narrow last panel, a tiny shape, inputs
     * wider than an int8 chunk of 512 */
    const int shapes[][3] = {{1, 128, 384}, {1, 512, 128}, {1, 128, 7311}, {6, 128, 512},
                             {5, 512, 128}, {7, 33, 70},   {1, 3, 5},      {4, 16, 192},
                             {3, 1030, 130}};
    Rng r;
    rng_seed(&r, 21);
    int saved = ts_threads();
    ts_set_threads(2);
    for (int p = WPREC_BF16; p <= WPREC_INT8; p++)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            matvec_against_double((WeightPrec)p, shapes[s][0], shapes[s][1], shapes[s][2], &r);
    ts_set_threads(saved);
}

/* ---- the two inference paths ---- */

static int random_model(Model *m, int layers, int dims, int heads, int context, int V)
{
    TsErr err;
    ModelConfig cfg = {.n_layer = layers, .n_embd = dims, .n_head = heads, .context = context,
                       .vocab_size = V};
    uint32_t *cps = malloc((size_t)V * sizeof *cps);
    for (int i = 0; i < V; i++)
        cps[i] = i ? 0x4E00 + (uint32_t)i : '\n';
    Vocab v = {V, cps};
    int rc = model_init(m, &cfg, &v, 11, &err);
    free(cps);
    CHECK(rc == 0, "%s", err.msg);
    if (rc == 0) { /* weights large enough to give peaked distributions */
        Rng r;
        rng_seed(&r, 12);
        for (size_t i = 0; i < (size_t)V * dims; i++)
            m->w.wte[i] = (float)rng_normal(&r) * 0.5f;
    }
    return rc;
}

/* What linear_w promises, one output at a time in plain C. bfloat16
 * (infer.h): the weight widened to float32 (the upper half of a float32's
 * bits), fused multiply-adds over k ascending from 0, plus the bias. int8
 * (linear_i8.h): the input row rounded to int16 with one scale, the products
 * with the int8 weights summed as integers, then
 * (float)sum * (xs * scale) + bias. */
static float bf16_by_hand(const uint16_t *raw, size_t i)
{
    uint32_t bits = (uint32_t)raw[i] << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* Row x [IC] rounded to int16 as linear_i8.h says: q = rint(x * (32767 /
 * max |x|)) in double precision; returns the scale max |x| / 32767 (NaN if x
 * holds an infinity or NaN). */
static float int16_by_hand(int32_t *q, const float *x, int IC)
{
    float maxabs = 0.0f;
    for (int k = 0; k < IC; k++) {
        if (isinf(x[k]) || isnan(x[k]))
            return NAN;
        if (fabsf(x[k]) > maxabs)
            maxabs = fabsf(x[k]);
    }
    for (int k = 0; k < IC; k++)
        q[k] = maxabs > 0.0f ? (int32_t)rint((double)x[k] * (32767.0 / (double)maxabs)) : 0;
    return maxabs / 32767.0f;
}

static void bits_by_hand(float *want, WeightPrec p, const void *raw, const float *scale,
                         const float *x, const float *b, int N, int IC, int OC)
{
    int32_t *q = malloc((size_t)IC * sizeof *q);
    for (int n = 0; n < N; n++) {
        float xs = p == WPREC_INT8 ? int16_by_hand(q, x + (size_t)n * IC, IC) : 0.0f;
        for (int o = 0; o < OC; o++) {
            float acc = 0.0f;
            if (p == WPREC_INT8) {
                int64_t sum = 0;
                for (int k = 0; k < IC; k++)
                    sum += (int64_t)q[k] * ((const int8_t *)raw)[(size_t)o * IC + k];
                acc = (float)sum * (xs * scale[o]);
            } else {
                for (int k = 0; k < IC; k++)
                    acc = fmaf(x[(size_t)n * IC + k], bf16_by_hand(raw, (size_t)o * IC + k), acc);
            }
            want[(size_t)n * OC + o] = acc + b[o];
        }
    }
    free(q);
}

static void matvec_bits(WeightPrec p, int N, int IC, int OC, Rng *r)
{
    Matvec m = matvec_new(N, IC, OC);
    size_t nw = m.nw;
    float *w = m.w, *x = m.x, *b = m.b, *scale = m.scale, *y = m.y;
    void *raw = m.raw;
    /* whole numbers and zeros among the weights, so that int8 meets 0 and
     * both ends of its range in every row */
    for (size_t i = 0; i < nw; i++)
        w[i] = i % 7 == 3 ? 0.0f : i % 11 == 5 ? -2.0f : (float)rng_normal(r) * 0.1f;
    /* signed zeros; a second row of zeros alone (its scale is 0), a third
     * of values far apart (small ones round to 0 or 1 step) */
    for (int i = 0; i < N * IC; i++)
        x[i] = i % 13 == 4 ? -0.0f : i / IC == 1 ? 0.0f
               : i / IC == 2 ? (float)rng_normal(r) * (i % 5 ? 1e-4f : 1e3f)
                             : (float)rng_normal(r);
    for (int i = 0; i < OC; i++)
        b[i] = (float)rng_normal(r);
    matvec_run(&m, p, N, IC, OC);
    float *want = malloc((size_t)N * OC * 4);
    bits_by_hand(want, p, raw, scale, x, b, N, IC, OC);
    int bad = 0, first = 0;
    for (int i = 0; i < N * OC; i++)
        if (memcmp(&want[i], &y[i], 4) != 0 && bad++ == 0)
            first = i;
    CHECK(bad == 0, "%s %dx%dx%d: %d outputs differ from the arithmetic by hand, the first "
          "(row %d, column %d) %.9g, want %.9g", wprec_name(p), N, IC, OC, bad, first / OC,
          first % OC, (double)y[first], (double)want[first]);
    matvec_free(&m);
    free(want);
}

static void test_matvec_bits_by_hand(void)
{
    /* one row: four panels at a time (float kernels) or two (int8), then
     * two, one and a narrow one, on one thread and on two (the long output
     * layer shared out); several rows: 6, 4, 3 and the rest one by one;
     * inputs not a multiple of 4, and wider than int8's chunks of 512 */
    const int shapes[][3] = {{1, 128, 463}, {1, 512, 128}, {1, 128, 7311}, {1, 33, 70},
                             {11, 128, 200}, {4, 512, 128}, {1, 3, 5},     {3, 128, 128},
                             {2, 1030, 130}, {5, 1030, 70}, {1, 1030, 64}};
    Rng r;
    rng_seed(&r, 43);
    int saved = ts_threads();
    for (int t = 1; t <= 2; t++) {
        ts_set_threads(t);
        for (int p = WPREC_BF16; p <= WPREC_INT8; p++)
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
                matvec_bits((WeightPrec)p, shapes[s][0], shapes[s][1], shapes[s][2], &r);
    }
    ts_set_threads(saved);
}

/* int8 at the ends of its range: every product 127 x 32767 (weights and
 * inputs at their row's maximum, signs matching), so the sum over 512
 * inputs is 2,130,444,288, just below 2^31, and over 1,030 it needs more
 * than 32 bits; each output is that sum made a float, times the scales.
 * And a row holding an infinity or NaN gives NaN everywhere (the pass's
 * check for non-finite scores sees it), the other rows being unharmed. */
static void test_int8_at_the_bounds(void)
{
    const int ICs[] = {512, 1030};
    for (size_t t = 0; t < sizeof ICs / sizeof ICs[0]; t++) {
        int IC = ICs[t], OC = 130, N = 3;
        float *w = malloc((size_t)IC * OC * 4), *x = malloc((size_t)N * IC * 4);
        float scale[130], y[3 * 130];
        int8_t *raw = malloc((size_t)IC * OC);
        void *packed = malloc(linear_i8_packed_bytes(IC, OC));
        for (int o = 0; o < OC; o++)
            for (int k = 0; k < IC; k++)
                w[(size_t)o * IC + k] = (k + o) % 3 ? 0.5f : -0.5f;
        for (int k = 0; k < IC; k++) {
            x[k] = (k % 3 ? 2.0f : -2.0f); /* row 0: signs as column 0's */
            x[IC + k] = k == 7 ? INFINITY : 1.0f;
            x[2 * IC + k] = k == IC - 1 ? NAN : 1.0f;
        }
        quant_round_int8(raw, scale, NULL, w, (size_t)OC, (size_t)IC);
        linear_pack_any(packed, raw, WPREC_INT8, IC, OC);
        LinearW lw = {.prec = WPREC_INT8, .panels = packed, .scale = scale};
        linear_w(y, x, &lw, NULL, N, IC, OC);
        int64_t top = 127LL * 32767 * IC;
        float want = (float)top * ((2.0f / 32767.0f) * scale[0]);
        CHECK(memcmp(&y[0], &want, 4) == 0, "%d inputs at the bound: %.9g, want %.9g", IC,
              (double)y[0], (double)want);
        int finite = 0;
        for (int o = 0; o < OC; o++)
            finite += !isnan(y[OC + o]) + !isnan(y[2 * OC + o]);
        CHECK(finite == 0, "%d inputs: %d outputs of rows holding inf or NaN are numbers", IC,
              finite);
        free(w), free(x), free(raw), free(packed);
    }
}

/* In each precision: the logits after every prefix of a text, once by cached
 * steps and once by a full pass over the prefix, are the same bytes; and
 * they differ from float32's (the rounding is really used). */
static void test_cached_equals_full(void)
{
    TsErr err;
    Model m;
    if (random_model(&m, 2, 128, 4, 128, 300) != 0)
        return;
    int V = m.cfg.vocab_size, T = 100, tokens[100];
    Rng r;
    rng_seed(&r, 5);
    for (int i = 0; i < T; i++)
        tokens[i] = (int)rng_below(&r, (uint64_t)V);
    float *fp32 = malloc((size_t)V * 4);
    Infer step, full;
    CHECK(infer_init(&step, &m, &err) == 0 && infer_init(&full, &m, &err) == 0, "%s", err.msg);
    for (int p = WPREC_FP32; p < WPREC_COUNT; p++) {
        CHECK(model_set_precision(&m, (WeightPrec)p, &err) == 0, "%s", err.msg);
        infer_reload(&step);
        infer_reload(&full);
        int differ = -1;
        for (int n = 1; n <= T && differ < 0; n++) {
            const float *a = infer_forward(&step, tokens + n - 1, 1);
            infer_reset(&full);
            const float *b = infer_forward(&full, tokens, n);
            if (memcmp(a, b, (size_t)V * 4) != 0)
                differ = n;
        }
        CHECK(differ < 0, "%s: cached and full logits differ after %d characters",
              wprec_name((WeightPrec)p), differ);
        if (p == WPREC_FP32)
            memcpy(fp32, full.logits, (size_t)V * 4);
        else
            CHECK(memcmp(fp32, full.logits, (size_t)V * 4) != 0,
                  "%s gives float32's logits: the rounded weights were not used",
                  wprec_name((WeightPrec)p));
    }
    /* and float32 comes back exactly */
    CHECK(model_set_precision(&m, WPREC_FP32, &err) == 0, "%s", err.msg);
    infer_reload(&full);
    infer_forward(&full, tokens, T);
    CHECK(memcmp(fp32, full.logits, (size_t)V * 4) == 0, "back to fp32: other logits");
    infer_free(&step);
    infer_free(&full);
    free(fp32);
    model_free(&m);
}

/* ---- the file ---- */

/* The format's size: 64 + 4V + 4 x (float32 parameters) + the matrices'
 * bytes in their precision (docs/model-format.md, version 3). */
static size_t format_size(const ModelConfig *c, WeightPrec p)
{
    size_t L = (size_t)c->n_layer, C = (size_t)c->n_embd, T = (size_t)c->context,
           V = (size_t)c->vocab_size;
    size_t matrices = V * C + L * 12 * C * C, rows = V + L * (3 * C + C + 4 * C + C);
    size_t others = T * C + L * 13 * C + 2 * C;
    size_t mat_bytes = p == WPREC_FP32 ? 4 * matrices : p == WPREC_BF16 ? 2 * matrices
                                                                        : matrices + 4 * rows;
    return 64 + 4 * V + 4 * others + mat_bytes;
}

/* The bytes of a file, or NULL. */
static unsigned char *slurp(const char *path, size_t *n)
{
    unsigned char *b;
    TsErr err;
    return read_file(path, FILE_MODEL, &b, n, &err) == 0 ? b : NULL;
}

static void test_file_round_trip(void)
{
    TsErr err;
    Model m, back;
    CHECK(model_load(&m, TEST_DATA("tiny.bin"), &err) == 0, "%s", err.msg);
    size_t orig_n;
    unsigned char *orig = slurp(TEST_DATA("tiny.bin"), &orig_n);
    for (int p = WPREC_FP32; p < WPREC_COUNT; p++) {
        char path[256];
        snprintf(path, sizeof path, "%s/%s.bin", tmpdir, wprec_name((WeightPrec)p));
        CHECK(model_set_precision(&m, (WeightPrec)p, &err) == 0, "%s", err.msg);
        CHECK(model_save(&m, path, &err) == 0, "%s", err.msg);
        size_t n;
        unsigned char *b = slurp(path, &n);
        CHECK(b && n == format_size(&m.cfg, (WeightPrec)p), "%s: %zu bytes, the format says %zu",
              path, n, format_size(&m.cfg, (WeightPrec)p));
        /* float32 stays version 2, byte for byte the file it came from */
        if (p == WPREC_FP32)
            CHECK(b && orig && n == orig_n && memcmp(b, orig, n) == 0, "fp32 file changed");
        else
            CHECK(b && b[8] == 3 && b[60] == p, "%s: version %d, precision %d", path, b ? b[8] : 0,
                  b ? b[60] : 0);
        free(b);
        CHECK(model_load(&back, path, &err) == 0, "%s", err.msg);
        CHECK(back.prec == (WeightPrec)p, "%s: read back as %s", path, wprec_name(back.prec));
        CHECK(memcmp(back.params, m.params, m.n_params * 4) == 0, "%s: other weights", path);
        ParamInfo t[P_COUNT];
        param_table(&m.cfg, t);
        for (int i = 0; i < P_COUNT && p != WPREC_FP32; i++) {
            size_t rows, cols;
            quant_shape(&t[i], &rows, &cols);
            if (p == WPREC_BF16 && m.q.bf16[i])
                CHECK(memcmp(back.q.bf16[i], m.q.bf16[i], t[i].size * 2) == 0, "%s", t[i].name);
            if (p == WPREC_INT8 && m.q.i8[i])
                CHECK(memcmp(back.q.i8[i], m.q.i8[i], t[i].size) == 0 &&
                          memcmp(back.q.scale[i], m.q.scale[i], rows * 4) == 0,
                      "%s", t[i].name);
        }
        model_free(&back);
    }
    free(orig);
    model_free(&m);
}

/* An independent CRC-32 (bit by bit) of a file but its bytes 36..39. */
static uint32_t crc_bitwise(const unsigned char *b, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        if (i >= 36 && i < 40)
            continue;
        c ^= b[i];
        for (int k = 0; k < 8; k++)
            c = c & 1 ? (c >> 1) ^ 0xEDB88320u : c >> 1;
    }
    return ~c;
}

static void refused(const char *label, const unsigned char *b, size_t n, const char *expect)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s.bin", tmpdir, label);
    FILE *f = fopen(path, "wb");
    CHECK(f && fwrite(b, 1, n, f) == n, "cannot write %s", path);
    if (f)
        fclose(f);
    Model m;
    TsErr err = {0};
    int rc = model_load(&m, path, &err);
    if (rc == 0)
        model_free(&m);
    CHECK_REFUSED(rc != 0, err.msg, expect);
}

static void test_damaged_precision(void)
{
    TsErr err;
    Model m;
    CHECK(model_load(&m, TEST_DATA("tiny.bin"), &err) == 0, "%s", err.msg);
    char path[256];
    snprintf(path, sizeof path, "%s/int8.bin", tmpdir);
    CHECK(model_set_precision(&m, WPREC_INT8, &err) == 0 && model_save(&m, path, &err) == 0,
          "%s", err.msg);
    model_free(&m);
    size_t n;
    unsigned char *good = slurp(path, &n), *b = malloc(n);
    if (!good || !b) {
        CHECK(0, "cannot read %s", path);
        free(good), free(b);
        return;
    }
    /* the CRC-32 of this test agrees with the file's */
    uint32_t stored = (uint32_t)good[36] | (uint32_t)good[37] << 8 | (uint32_t)good[38] << 16 |
                      (uint32_t)good[39] << 24;
    CHECK(crc_bitwise(good, n) == stored, "CRC 0x%08X, the file says 0x%08X", crc_bitwise(good, n),
          stored);
    /* a flipped bit in the field (2 -> 6): refused as the field it is, before
     * the checksum is even read */
    memcpy(b, good, n);
    b[60] ^= 0x04;
    refused("prec-flip", b, n, "unknown weight precision 6 at byte 60");
    /* a flipped bit in the weights: the checksum (it covers them) */
    memcpy(b, good, n);
    b[n - 7] ^= 0x01;
    refused("weight-flip", b, n, "checksum mismatch");
    /* a precision no tangscope knows, the checksum made right: the field
     * itself is refused */
    const uint32_t bad[] = {3, 7, 0x100, 0xFFFFFFFFu};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memcpy(b, good, n);
        le_put_u32(b + 60, bad[i]);
        le_put_u32(b + 36, crc_bitwise(b, n));
        refused("prec-unknown", b, n, "unknown weight precision");
    }
    /* int8 said to be bfloat16: the sizes no longer agree */
    memcpy(b, good, n);
    b[60] = WPREC_BF16;
    le_put_u32(b + 36, crc_bitwise(b, n));
    refused("prec-other", b, n, "payload bytes");
    /* version 2 has no precision field: its byte 60 must stay zero */
    memcpy(b, good, n);
    b[8] = 2;
    le_put_u32(b + 36, crc_bitwise(b, n));
    refused("prec-v2", b, n, "reserved header bytes");
    free(good);
    free(b);
}

int main(void)
{
    tmpdir = testutil_tmpdir("test_quant");
    RUN(test_round_int8_by_hand);
    RUN(test_round_bf16_by_hand);
    RUN(test_matvec_against_double);
    RUN(test_matvec_bits_by_hand);
    RUN(test_int8_at_the_bounds);
    RUN(test_cached_equals_full);
    RUN(test_file_round_trip);
    RUN(test_damaged_precision);
    testutil_tmpdir_remove();
    return test_summary();
}
