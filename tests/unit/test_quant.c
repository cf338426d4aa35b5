/* test_quant.c - weights in bfloat16 and int8: the rounding, the kernels, the
 * two inference paths, and the model file (version 3).
 *
 * References: rounding results written out by hand; matrix-vector products
 * summed in double precision from the same rounded weights, and computed one
 * multiply-add at a time as infer.h defines them; a CRC-32 computed
 * bit by bit here; file sizes from the format's formula (docs/model-format.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "testutil.h"
#include "engine/fileio.h"
#include "engine/infer.h"
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

/* One product y = W x + b in precision p, every dispatch shape, against a sum
 * in double precision of the same rounded weights. The float32 kernel adds IC
 * products with fused multiply-adds (one rounding each), multiplies by the
 * scale and adds the bias: its error is at most (IC + 2) u (|s| sum |q x| +
 * |b|) with u = 2^-24 (the standard bound for recursive summation, with room
 * for the two last roundings). The check holds each output to that bound. */
static void matvec_against_double(WeightPrec p, int N, int IC, int OC, Rng *r)
{
    size_t nw = (size_t)IC * OC;
    float *w = malloc(nw * 4), *x = malloc((size_t)N * IC * 4), *b = malloc((size_t)OC * 4);
    float *wide = malloc(nw * 4), *scale = malloc((size_t)OC * 4), *y = malloc((size_t)N * OC * 4);
    void *raw = malloc(nw * 2), *packed = malloc(nw * 4);
    for (size_t i = 0; i < nw; i++)
        w[i] = (float)rng_normal(r) * 0.1f;
    for (int i = 0; i < N * IC; i++)
        x[i] = (float)rng_normal(r);
    for (int i = 0; i < OC; i++)
        b[i] = (float)rng_normal(r);
    if (p == WPREC_BF16)
        quant_round_bf16(raw, wide, w, nw);
    else
        quant_round_int8(raw, scale, wide, w, (size_t)OC, (size_t)IC);
    linear_pack_any(packed, raw, p, IC, OC);
    LinearW lw = {.prec = p, .panels = packed, .scale = p == WPREC_INT8 ? scale : NULL};
    linear_w(y, x, &lw, b, N, IC, OC);
    int bad = 0;
    double worst = 0.0;
    for (int n = 0; n < N; n++)
        for (int o = 0; o < OC; o++) {
            double s = p == WPREC_INT8 ? scale[o] : 1.0, sum = 0.0, mag = 0.0;
            for (int k = 0; k < IC; k++) {
                /* the weight the kernel multiplies: q (int8) or the bfloat16 */
                double wk = p == WPREC_INT8 ? (double)((const int8_t *)raw)[(size_t)o * IC + k]
                                            : (double)wide[(size_t)o * IC + k];
                sum += wk * x[n * IC + k];
                mag += fabs(wk * x[n * IC + k]);
            }
            double want = s * sum + b[o], bound = (IC + 2) * 0x1p-24 * (s * mag + fabs(b[o]));
            double d = fabs(y[(size_t)n * OC + o] - want);
            worst = fmax(worst, d / bound);
            bad += !(d <= bound);
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
    free(w), free(x), free(b), free(wide), free(scale), free(y), free(raw), free(packed);
}

static void test_matvec_against_double(void)
{
    /* one row (two panels side by side, on threads for a long output layer),
     * 6 and 4 rows at once, a narrow last panel, a tiny shape */
    const int shapes[][3] = {{1, 128, 384}, {1, 512, 128}, {1, 128, 7311}, {6, 128, 512},
                             {5, 512, 128}, {7, 33, 70},   {1, 3, 5},      {4, 16, 192}};
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

/* What linear_w promises (infer.h), one output at a time in plain C: the
 * weight widened to float32 (a bfloat16 is the upper half of a float32's
 * bits, an int8 is an integer), fused multiply-adds over k ascending from 0,
 * times the scale (int8), plus the bias. */
static float widen_by_hand(WeightPrec p, const void *raw, size_t i)
{
    if (p == WPREC_INT8)
        return (float)((const int8_t *)raw)[i];
    uint32_t bits = (uint32_t)((const uint16_t *)raw)[i] << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static void matvec_bits(WeightPrec p, int N, int IC, int OC, Rng *r)
{
    size_t nw = (size_t)IC * OC;
    float *w = malloc(nw * 4), *x = malloc((size_t)N * IC * 4), *b = malloc((size_t)OC * 4);
    float *wide = malloc(nw * 4), *scale = malloc((size_t)OC * 4), *y = malloc((size_t)N * OC * 4);
    void *raw = malloc(nw * 2), *packed = malloc(nw * 4);
    /* whole numbers and zeros among the weights, so that int8 meets 0 and
     * both ends of its range in every row */
    for (size_t i = 0; i < nw; i++)
        w[i] = i % 7 == 3 ? 0.0f : i % 11 == 5 ? -2.0f : (float)rng_normal(r) * 0.1f;
    for (int i = 0; i < N * IC; i++)
        x[i] = i % 13 == 4 ? -0.0f : (float)rng_normal(r);
    for (int i = 0; i < OC; i++)
        b[i] = (float)rng_normal(r);
    if (p == WPREC_BF16)
        quant_round_bf16(raw, wide, w, nw);
    else
        quant_round_int8(raw, scale, wide, w, (size_t)OC, (size_t)IC);
    linear_pack_any(packed, raw, p, IC, OC);
    LinearW lw = {.prec = p, .panels = packed, .scale = p == WPREC_INT8 ? scale : NULL};
    linear_w(y, x, &lw, b, N, IC, OC);
    int bad = 0, first = 0;
    float want_first = 0.0f;
    for (int n = 0; n < N; n++)
        for (int o = 0; o < OC; o++) {
            float acc = 0.0f;
            for (int k = 0; k < IC; k++)
                acc = fmaf(x[n * IC + k], widen_by_hand(p, raw, (size_t)o * IC + k), acc);
            if (p == WPREC_INT8)
                acc = acc * scale[o];
            acc = acc + b[o];
            if (memcmp(&acc, &y[(size_t)n * OC + o], 4) != 0 && bad++ == 0) {
                first = n * OC + o;
                want_first = acc;
            }
        }
    CHECK(bad == 0, "%s %dx%dx%d: %d outputs differ from the multiply-adds by hand, the first "
          "(row %d, column %d) %.9g, want %.9g", wprec_name(p), N, IC, OC, bad, first / OC,
          first % OC, (double)y[first], (double)want_first);
    free(w), free(x), free(b), free(wide), free(scale), free(y), free(raw), free(packed);
}

static void test_matvec_bits_by_hand(void)
{
    /* one row: four panels at a time, then two, one and a narrow one, on one
     * thread and on two; several rows: 6, 4 and the rest one by one */
    const int shapes[][3] = {{1, 128, 463}, {1, 512, 128}, {1, 128, 7311}, {1, 33, 70},
                             {11, 128, 200}, {4, 512, 128}, {1, 3, 5}};
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
    RUN(test_cached_equals_full);
    RUN(test_file_round_trip);
    RUN(test_damaged_precision);
    testutil_tmpdir_remove();
    return test_summary();
}
