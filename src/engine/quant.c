/* quant.c - rounding the weight matrices to bfloat16 or int8 (quant.h), and a
 * model's precision (model_set_precision, model.h). */
#include "engine/quant.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/gemm_bf16.h"

static const char *const WPREC_NAMES[WPREC_COUNT] = {
    [WPREC_FP32] = "fp32",
    [WPREC_BF16] = "bf16",
    [WPREC_INT8] = "int8",
};

const char *wprec_name(WeightPrec p)
{
    return p >= 0 && p < WPREC_COUNT ? WPREC_NAMES[p] : "?";
}

int wprec_parse(const char *name, WeightPrec *p)
{
    for (int i = 0; i < WPREC_COUNT; i++)
        if (strcmp(name, WPREC_NAMES[i]) == 0) {
            *p = (WeightPrec)i;
            return 0;
        }
    return -1;
}

int quant_is_matrix(int i)
{
    return i == P_WTE || i == P_QKV_W || i == P_ATTPROJ_W || i == P_FC_W || i == P_FCPROJ_W;
}

void quant_shape(const ParamInfo *t, size_t *rows, size_t *cols)
{
    *cols = (size_t)t->shape[t->ndim - 1];
    *rows = *cols ? t->size / *cols : 0;
}

size_t quant_tensor_bytes(const ParamInfo t[P_COUNT], int i, WeightPrec p)
{
    size_t rows, cols;
    quant_shape(&t[i], &rows, &cols);
    if (!quant_is_matrix(i) || p == WPREC_FP32)
        return 4 * t[i].size;
    return p == WPREC_BF16 ? 2 * t[i].size : t[i].size + 4 * rows;
}

void quant_round_bf16(uint16_t *dst, float *expanded, const float *src, size_t n)
{
    bf16_round_floats(dst, src, n);
    if (expanded)
        for (size_t i = 0; i < n; i++)
            expanded[i] = quant_bf16_float(dst[i]);
}

void quant_round_int8(int8_t *q, float *scale, float *expanded, const float *src, size_t rows,
                      size_t cols)
{
    for (size_t r = 0; r < rows; r++) {
        const float *w = src + r * cols;
        float maxabs = 0.0f;
        for (size_t c = 0; c < cols; c++)
            maxabs = fabsf(w[c]) > maxabs ? fabsf(w[c]) : maxabs;
        float s = maxabs / 127.0f, inv = maxabs > 0.0f ? 127.0f / maxabs : 0.0f;
        scale[r] = s;
        for (size_t c = 0; c < cols; c++) {
            float v = rintf(w[c] * inv); /* to nearest, ties to even */
            v = v > 127.0f ? 127.0f : v < -127.0f ? -127.0f : v;
            q[r * cols + c] = (int8_t)v;
        }
    }
    if (expanded)
        quant_expand_int8(expanded, q, scale, rows, cols);
}

void quant_expand_int8(float *dst, const int8_t *q, const float *scale, size_t rows, size_t cols)
{
    for (size_t r = 0; r < rows; r++)
        for (size_t c = 0; c < cols; c++)
            dst[r * cols + c] = (float)q[r * cols + c] * scale[r];
}

double quant_kl_bits(const float *p, const float *q, int n)
{
    double kl = 0.0;
    for (int i = 0; i < n; i++)
        if (p[i] > 0.0f)
            kl += (double)p[i] * log2((double)p[i] / (double)q[i]);
    return kl > 0.0 ? kl : 0.0; /* rounding can leave a tiny negative sum */
}

static size_t align64(size_t n) { return (n + 63) / 64 * 64; }

void *quant_alloc(const ModelConfig *cfg, WeightPrec p, QuantPtrs *q, TsErr *err)
{
    ParamInfo t[P_COUNT];
    param_table(cfg, t);
    memset(q, 0, sizeof *q);
    size_t total = 0;
    for (int i = 0; i < P_COUNT; i++) {
        size_t rows, cols;
        quant_shape(&t[i], &rows, &cols);
        if (quant_is_matrix(i))
            total += p == WPREC_BF16 ? align64(2 * t[i].size) : align64(4 * rows) + align64(t[i].size);
    }
    /* aligned like the float blocks, so the kernels' streams start on a line */
    unsigned char *block = (unsigned char *)ts_alloc_floats((total + 3) / 4, err);
    if (!block)
        return NULL;
    size_t at = 0;
    for (int i = 0; i < P_COUNT; i++) {
        size_t rows, cols;
        quant_shape(&t[i], &rows, &cols);
        if (!quant_is_matrix(i))
            continue;
        if (p == WPREC_BF16) {
            q->bf16[i] = (uint16_t *)(void *)(block + at);
            at += align64(2 * t[i].size);
        } else {
            q->scale[i] = (float *)(void *)(block + at);
            at += align64(4 * rows);
            q->i8[i] = (int8_t *)(block + at);
            at += align64(t[i].size);
        }
    }
    return block;
}

/* ---- a model's precision ---- */

/* Round every matrix of src (float32, laid out as m->params) into a new block
 * for precision p, and write the rounded weights into m->params. */
static int round_matrices(Model *m, const float *src, WeightPrec p, TsErr *err)
{
    QuantPtrs q;
    void *block = quant_alloc(&m->cfg, p, &q, err);
    if (!block)
        return -1;
    ParamInfo t[P_COUNT];
    param_table(&m->cfg, t);
    for (int i = 0; i < P_COUNT; i++) {
        if (!quant_is_matrix(i))
            continue;
        size_t rows, cols, off = t[i].offset;
        quant_shape(&t[i], &rows, &cols);
        if (p == WPREC_BF16)
            quant_round_bf16(q.bf16[i], m->params + off, src + off, t[i].size);
        else
            quant_round_int8(q.i8[i], q.scale[i], m->params + off, src + off, rows, cols);
    }
    free(m->qblock);
    m->qblock = block;
    m->q = q;
    m->prec = p;
    return 0;
}

int model_set_precision(Model *m, WeightPrec p, TsErr *err)
{
    if (p < 0 || p >= WPREC_COUNT)
        return ts_fail(err, "unknown weight precision %d", (int)p);
    if (p == m->prec)
        return 0;
    if (m->prec == WPREC_FP32) {
        /* keep the float32 weights: rounding cannot be undone */
        free(m->orig);
        m->orig = ts_alloc_floats(m->n_params, err);
        if (!m->orig)
            return -1;
        memcpy(m->orig, m->params, m->n_params * sizeof(float));
    }
    if (p == WPREC_FP32) {
        if (m->orig)
            memcpy(m->params, m->orig, m->n_params * sizeof(float));
        free(m->orig);
        free(m->qblock);
        m->orig = NULL;
        m->qblock = NULL;
        memset(&m->q, 0, sizeof m->q);
        m->prec = WPREC_FP32;
        return 0;
    }
    /* from the original float32 weights, or (a file held rounded ones) from
     * those: a copy, since round_matrices writes m->params */
    if (m->orig)
        return round_matrices(m, m->orig, p, err);
    float *src = ts_alloc_floats(m->n_params, err);
    if (!src)
        return -1;
    memcpy(src, m->params, m->n_params * sizeof(float));
    int rc = round_matrices(m, src, p, err);
    free(src);
    return rc;
}
