/* model.c - the parameter table, initialisation, and the model file.
 *
 * File layout (docs/model-format.md has the full description):
 *   64-byte header: magic "TSGPTMDL", u32 version, u32 L, C, H, T, V, u32 flags,
 *   u32 CRC-32, u64 payload size, 12 zero bytes, u32 weight precision
 *   (version 3; zero before);
 *   payload: V u32 code points, then every parameter in table order: as
 *   float32, or for the five weight matrices of a version 3 file in bfloat16
 *   or int8 with a float32 scale per row (quant.h).
 * All integers and floats are little-endian. Version 2, written for float32
 * weights, has the CRC-32 cover the whole file but the four bytes that hold
 * it; version 1, still read, had it cover the payload alone, so a damaged
 * header (say n_head) went unnoticed. Version 3, written for rounded weights,
 * is version 2 with the precision field.
 */
#include "engine/model.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/quant.h"
#include "engine/rng.h"

#define MODEL_MAGIC "TSGPTMDL"
#define MODEL_VERSION 2u    /* written for float32 weights and tangscope's own numerics */
#define MODEL_VERSION_3 3u  /* written otherwise: an imported model's numerics, or rounded weights */
#define HEADER_SIZE 64
#define CRC_OFFSET 36       /* the u32 CRC-32 in the header */
#define GELU_OFFSET 48      /* version 3: u32, which GELU (GeluKind) */
#define EPS_OFFSET 52       /* version 3: f32, the LayerNorm epsilon */
#define RESERVED_FROM 56    /* zero up to PREC_OFFSET in version 3, to the end in 1 and 2 */
#define PREC_OFFSET 60      /* version 3: the u32 weight precision (WeightPrec) */

size_t param_table(const ModelConfig *cfg, ParamInfo t[P_COUNT])
{
    int L = cfg->n_layer, C = cfg->n_embd, T = cfg->context, V = cfg->vocab_size;
    /* name, ndim, shape, decay */
    const ParamInfo spec[P_COUNT] = {
        [P_WTE] = {"wte", 2, {V, C, 0}, 0, 0, 1},
        [P_WPE] = {"wpe", 2, {T, C, 0}, 0, 0, 1},
        [P_LN1_W] = {"ln1_w", 2, {L, C, 0}, 0, 0, 0},
        [P_LN1_B] = {"ln1_b", 2, {L, C, 0}, 0, 0, 0},
        [P_QKV_W] = {"qkv_w", 3, {L, 3 * C, C}, 0, 0, 1},
        [P_QKV_B] = {"qkv_b", 2, {L, 3 * C, 0}, 0, 0, 0},
        [P_ATTPROJ_W] = {"attproj_w", 3, {L, C, C}, 0, 0, 1},
        [P_ATTPROJ_B] = {"attproj_b", 2, {L, C, 0}, 0, 0, 0},
        [P_LN2_W] = {"ln2_w", 2, {L, C, 0}, 0, 0, 0},
        [P_LN2_B] = {"ln2_b", 2, {L, C, 0}, 0, 0, 0},
        [P_FC_W] = {"fc_w", 3, {L, 4 * C, C}, 0, 0, 1},
        [P_FC_B] = {"fc_b", 2, {L, 4 * C, 0}, 0, 0, 0},
        [P_FCPROJ_W] = {"fcproj_w", 3, {L, C, 4 * C}, 0, 0, 1},
        [P_FCPROJ_B] = {"fcproj_b", 2, {L, C, 0}, 0, 0, 0},
        [P_LNF_W] = {"lnf_w", 1, {C, 0, 0}, 0, 0, 0},
        [P_LNF_B] = {"lnf_b", 1, {C, 0, 0}, 0, 0, 0},
    };
    size_t offset = 0;
    for (int i = 0; i < P_COUNT; i++) {
        t[i] = spec[i];
        size_t n = 1;
        for (int d = 0; d < t[i].ndim; d++)
            n *= (size_t)t[i].shape[d];
        t[i].offset = offset;
        t[i].size = n;
        offset += n;
    }
    return offset;
}

void param_point(ParamPtrs *p, float *block, const ModelConfig *cfg)
{
    ParamInfo t[P_COUNT];
    param_table(cfg, t);
    float **slot[P_COUNT] = {
        &p->wte,   &p->wpe,       &p->ln1_w,     &p->ln1_b, &p->qkv_w, &p->qkv_b,
        &p->attproj_w, &p->attproj_b, &p->ln2_w, &p->ln2_b, &p->fc_w,  &p->fc_b,
        &p->fcproj_w,  &p->fcproj_b,  &p->lnf_w, &p->lnf_b,
    };
    for (int i = 0; i < P_COUNT; i++)
        *slot[i] = block + t[i].offset;
}

int model_config_check(const ModelConfig *c, TsErr *err)
{
    if (c->n_layer < 1 || c->n_layer > 64)
        return ts_fail(err, "layers must be 1..64, not %d", c->n_layer);
    if (c->n_head < 1 || c->n_head > 64)
        return ts_fail(err, "heads must be 1..64, not %d", c->n_head);
    if (c->n_embd < 1 || c->n_embd > 4096)
        return ts_fail(err, "dimensions must be 1..4096, not %d", c->n_embd);
    if (c->n_embd % c->n_head != 0)
        return ts_fail(err, "dimensions (%d) must be divisible by heads (%d)", c->n_embd, c->n_head);
    if (c->context < 1 || c->context > 8192)
        return ts_fail(err, "context must be 1..8192, not %d", c->context);
    if (c->vocab_size < 2 || c->vocab_size > 1000000)
        return ts_fail(err, "vocabulary size must be 2..1000000, not %d", c->vocab_size);
    return 0;
}

static int model_alloc(Model *m, const ModelConfig *cfg, TsErr *err)
{
    ParamInfo t[P_COUNT];
    m->cfg = *cfg;
    m->n_params = param_table(cfg, t);
    m->params = ts_alloc_floats(m->n_params, err);
    if (!m->params)
        return -1;
    param_point(&m->w, m->params, cfg);
    return 0;
}

int model_numerics_default(const ModelNumerics *num)
{
    return num->gelu == GELU_TANH && num->ln_eps == MODEL_LN_EPS;
}

int model_init(Model *m, const ModelConfig *cfg, const Vocab *vocab, uint64_t seed, TsErr *err)
{
    memset(m, 0, sizeof *m);
    m->num = (ModelNumerics){.gelu = GELU_TANH, .ln_eps = MODEL_LN_EPS};
    if (model_config_check(cfg, err) != 0)
        return -1;
    if (vocab->size != cfg->vocab_size)
        return ts_fail(err, "vocabulary has %d characters but the config says %d", vocab->size,
                       cfg->vocab_size);
    if (vocab_from_cps(&m->vocab, vocab->cps, vocab->size, err) != 0)
        return -1;
    if (model_alloc(m, cfg, err) != 0) {
        vocab_free(&m->vocab);
        return -1;
    }
    ParamInfo t[P_COUNT];
    param_table(cfg, t);
    Rng rng;
    rng_seed(&rng, seed);
    double residual_std = 0.02 / sqrt(2.0 * cfg->n_layer);
    for (int i = 0; i < P_COUNT; i++) {
        float *p = m->params + t[i].offset;
        if (i == P_LN1_W || i == P_LN2_W || i == P_LNF_W) {
            for (size_t j = 0; j < t[i].size; j++)
                p[j] = 1.0f;
        } else if (t[i].decay) {
            double std = (i == P_ATTPROJ_W || i == P_FCPROJ_W) ? residual_std : 0.02;
            for (size_t j = 0; j < t[i].size; j++)
                p[j] = (float)(rng_normal(&rng) * std);
        } /* biases stay zero */
    }
    return 0;
}

/* ---- little-endian floats ---- */

static int host_is_little_endian(void)
{
    uint32_t one = 1;
    unsigned char b;
    memcpy(&b, &one, 1);
    return b == 1;
}

/* Floats: a plain copy on little-endian hosts, byte-swapped elsewhere. */
static void floats_from_le(float *dst, const unsigned char *src, size_t n)
{
    if (host_is_little_endian()) {
        memcpy(dst, src, n * sizeof(float));
        return;
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t u = le_get_u32(src + 4 * i);
        memcpy(dst + i, &u, 4);
    }
}

/* The vocabulary and every tensor in precision p. */
static size_t payload_size(const ModelConfig *cfg, WeightPrec p)
{
    ParamInfo t[P_COUNT];
    param_table(cfg, t);
    size_t n = 4 * (size_t)cfg->vocab_size;
    for (int i = 0; i < P_COUNT; i++)
        n += quant_tensor_bytes(t, i, p);
    return n;
}

size_t model_file_size(const Model *m) { return HEADER_SIZE + payload_size(&m->cfg, m->prec); }

size_t model_param_bytes(const Model *m)
{
    return payload_size(&m->cfg, m->prec) - 4 * (size_t)m->cfg.vocab_size;
}

/* Version 2's checksum: the CRC-32 of every byte of the file but the four
 * that hold it, in file order (the header before them, then everything after
 * them). */
static uint32_t file_crc(const unsigned char *file, size_t len)
{
    uint32_t crc = crc32_update(0, file, CRC_OFFSET);
    return crc32_update(crc, file + CRC_OFFSET + 4, len - CRC_OFFSET - 4);
}

/* What the header says, once checked. */
typedef struct {
    uint32_t version, crc;
    ModelConfig cfg;
    ModelNumerics num;
    WeightPrec prec;
    size_t payload; /* bytes after the header */
} ModelHeader;

/* Version 3's GELU and LayerNorm epsilon into hd->num; versions 1 and 2
 * mean tangscope's own (the tanh GELU, 1e-5). */
static int parse_numerics(ModelHeader *hd, const unsigned char *buf, const char *q, TsErr *err)
{
    hd->num = (ModelNumerics){.gelu = GELU_TANH, .ln_eps = MODEL_LN_EPS};
    if (hd->version != 3)
        return 0;
    uint32_t gelu = le_get_u32(buf + GELU_OFFSET);
    uint32_t eps_bits = le_get_u32(buf + EPS_OFFSET);
    float eps;
    memcpy(&eps, &eps_bits, sizeof eps);
    if (gelu >= GELU_KINDS)
        return ts_fail(err, "%s: unknown GELU kind %u (made by a newer tangscope?)", q, gelu);
    if (!(eps > 0.0f && eps <= 0.1f))
        return ts_fail(err, "%s: LayerNorm epsilon %g is not in (0, 0.1]", q, (double)eps);
    hd->num = (ModelNumerics){.gelu = (GeluKind)gelu, .ln_eps = eps};
    return 0;
}

/* Check the 64-byte header of a file of len bytes; q names the file. */
static int parse_header(ModelHeader *hd, const unsigned char *buf, size_t len, const char *q,
                        TsErr *err)
{
    if (len < HEADER_SIZE)
        return ts_fail(err, "%s: not a tangscope model (only %zu bytes, a header alone is %d)", q,
                       len, HEADER_SIZE);
    if (memcmp(buf, MODEL_MAGIC, 8) != 0)
        return ts_fail(err, "%s: not a tangscope model file (wrong magic number)", q);
    hd->version = le_get_u32(buf + 8);
    if (hd->version < 1 || hd->version > 3)
        return ts_fail(err, "%s: model file version %u, this tangscope reads versions 1 to 3", q,
                       hd->version);
    uint32_t raw[5];
    static const char *const FIELDS[5] = {"layers", "dimensions", "heads", "context",
                                          "vocabulary size"}; /* ModelConfig's order */
    for (int i = 0; i < 5; i++) {
        raw[i] = le_get_u32(buf + 12 + 4 * i);
        if (raw[i] > 1000000u)
            return ts_fail(err, "%s: absurd configuration: %s %u", q, FIELDS[i], raw[i]);
    }
    hd->cfg = (ModelConfig){.n_layer = (int)raw[0], .n_embd = (int)raw[1], .n_head = (int)raw[2],
                            .context = (int)raw[3], .vocab_size = (int)raw[4]};
    TsErr why;
    if (model_config_check(&hd->cfg, &why) != 0)
        return ts_fail(err, "%s: absurd configuration: %s", q, why.msg);
    uint32_t flags = le_get_u32(buf + 32);
    hd->crc = le_get_u32(buf + 36);
    uint64_t psize = le_get_u64(buf + 40);
    if (flags != 0)
        return ts_fail(err, "%s: unknown flags 0x%x (made by a newer tangscope?)", q, flags);
    if (parse_numerics(hd, buf, q, err) != 0)
        return -1;
    /* version 3 uses bytes 48 to 55 and 60 to 63; the rest is reserved */
    int reserved_from = hd->version == 3 ? RESERVED_FROM : GELU_OFFSET;
    int reserved_end = hd->version == 3 ? PREC_OFFSET : HEADER_SIZE;
    for (int i = reserved_from; i < reserved_end; i++)
        if (buf[i] != 0)
            return ts_fail(err, "%s: reserved header bytes are not zero (damaged file?)", q);
    uint32_t prec = hd->version == 3 ? le_get_u32(buf + PREC_OFFSET) : WPREC_FP32;
    if (prec >= WPREC_COUNT)
        return ts_fail(err, "%s: unknown weight precision %u at byte %d (damaged file?)", q, prec,
                       PREC_OFFSET);
    hd->prec = (WeightPrec)prec;
    hd->payload = payload_size(&hd->cfg, hd->prec);
    if (psize != hd->payload)
        return ts_fail(err, "%s: header says %llu payload bytes but its configuration needs %zu",
                       q, (unsigned long long)psize, hd->payload);
    if (len - HEADER_SIZE < hd->payload)
        return ts_fail(err, "%s: truncated (%zu bytes, expected %zu)", q, len,
                       (size_t)HEADER_SIZE + hd->payload);
    if (len - HEADER_SIZE > hd->payload)
        return ts_fail(err, "%s: %zu unexpected bytes after the weights", q,
                       len - HEADER_SIZE - hd->payload);
    uint32_t crc = hd->version == 1 ? crc32_update(0, buf + HEADER_SIZE, hd->payload)
                                    : file_crc(buf, len);
    if (crc != hd->crc)
        return ts_fail(err, "%s: checksum mismatch, the file is corrupted", q);
    return 0;
}

/* The tensors from p (the file's bytes after the vocabulary) into m, which
 * is allocated for them: float32 as they are, rounded matrices into m->q and
 * expanded into m->params. */
static void read_tensors(Model *m, const unsigned char *p)
{
    ParamInfo t[P_COUNT];
    param_table(&m->cfg, t);
    for (int i = 0; i < P_COUNT; i++) {
        size_t rows, cols, n = t[i].size;
        float *dst = m->params + t[i].offset;
        quant_shape(&t[i], &rows, &cols);
        if (!quant_is_matrix(i) || m->prec == WPREC_FP32) {
            floats_from_le(dst, p, n);
        } else if (m->prec == WPREC_BF16) {
            for (size_t j = 0; j < n; j++) {
                m->q.bf16[i][j] = (uint16_t)(p[2 * j] | p[2 * j + 1] << 8);
                dst[j] = quant_bf16_float(m->q.bf16[i][j]);
            }
        } else {
            floats_from_le(m->q.scale[i], p, rows);
            memcpy(m->q.i8[i], p + 4 * rows, n);
            quant_expand_int8(dst, m->q.i8[i], m->q.scale[i], rows, cols);
        }
        p += quant_tensor_bytes(t, i, m->prec);
    }
}

/* The vocabulary of V code points at p into m->vocab. */
static int read_vocab(Model *m, const unsigned char *p, int V, const char *q, TsErr *err)
{
    uint32_t *cps = ts_calloc((size_t)V, sizeof(uint32_t), err);
    if (!cps)
        return -1;
    for (int i = 0; i < V; i++) {
        uint32_t cp = le_get_u32(p + 4 * (size_t)i);
        char tmp[4];
        if (utf8_encode(cp, tmp) == 0 || (i > 0 && cp <= cps[i - 1])) {
            free(cps);
            return ts_fail(err, "%s: vocabulary entry %d (U+%04X) is invalid or out of order",
                           q, i, (unsigned)cp);
        }
        if (!vocab_cp_allowed(cp)) { /* shown, it would act on a terminal (vocab.h) */
            free(cps);
            return ts_fail(err, "%s: vocabulary entry %d is U+%04X, a control character, at byte "
                           "%zu: a vocabulary holds only printable characters and the newline",
                           q, i, (unsigned)cp, (size_t)HEADER_SIZE + 4 * (size_t)i);
        }
        cps[i] = cp;
    }
    m->vocab.cps = cps;
    m->vocab.size = V;
    return 0;
}

int model_parse(Model *m, const unsigned char *buf, size_t len, const char *name, TsErr *err)
{
    memset(m, 0, sizeof *m);
    TsQuoted quoted;
    const char *q = ts_quote(&quoted, name); /* name is a path the user gave */
    ModelHeader hd;
    if (parse_header(&hd, buf, len, q, err) != 0)
        return -1;
    const unsigned char *payload = buf + HEADER_SIZE;
    if (read_vocab(m, payload, hd.cfg.vocab_size, q, err) != 0)
        return -1;
    if (model_alloc(m, &hd.cfg, err) != 0) {
        vocab_free(&m->vocab);
        return -1;
    }
    m->num = hd.num;
    if (hd.prec != WPREC_FP32) {
        m->qblock = quant_alloc(&hd.cfg, hd.prec, &m->q, err);
        if (!m->qblock) {
            model_free(m);
            return -1;
        }
        m->prec = hd.prec;
    }
    read_tensors(m, payload + 4 * (size_t)hd.cfg.vocab_size);
    for (size_t i = 0; i < m->n_params; i++) {
        if (!isfinite(m->params[i])) {
            model_free(m);
            return ts_fail(err, "%s: weight %zu is not a finite number", q, i);
        }
    }
    return 0;
}

int model_load(Model *m, const char *path, TsErr *err)
{
    unsigned char *buf;
    size_t len;
    memset(m, 0, sizeof *m);
    if (read_file(path, FILE_MODEL, &buf, &len, err) != 0)
        return -1;
    int rc = model_parse(m, buf, len, path, err);
    free(buf);
    return rc;
}

/* The payload (vocabulary, then every tensor in the model's precision) into
 * out, which has payload_size bytes. */
static void write_payload(const Model *m, unsigned char *out)
{
    for (int i = 0; i < m->cfg.vocab_size; i++, out += 4)
        le_put_u32(out, m->vocab.cps[i]);
    ParamInfo t[P_COUNT];
    param_table(&m->cfg, t);
    for (int i = 0; i < P_COUNT; i++) {
        size_t rows, cols, n = t[i].size;
        quant_shape(&t[i], &rows, &cols);
        const float *src = m->params + t[i].offset;
        int rounded = quant_is_matrix(i) && m->prec != WPREC_FP32;
        uint32_t u;
        for (size_t j = 0; !rounded && j < n; j++, out += 4) {
            memcpy(&u, src + j, 4);
            le_put_u32(out, u);
        }
        if (rounded && m->prec == WPREC_BF16)
            for (size_t j = 0; j < n; j++, out += 2) {
                out[0] = (unsigned char)(m->q.bf16[i][j] & 0xff);
                out[1] = (unsigned char)(m->q.bf16[i][j] >> 8);
            }
        if (rounded && m->prec == WPREC_INT8) {
            for (size_t r = 0; r < rows; r++, out += 4) {
                memcpy(&u, m->q.scale[i] + r, 4);
                le_put_u32(out, u);
            }
            memcpy(out, m->q.i8[i], n);
            out += n;
        }
    }
}

int model_write_stream(const Model *m, FILE *f, TsErr *err)
{
    size_t psize = payload_size(&m->cfg, m->prec);
    unsigned char *payload = ts_calloc(psize, 1, err);
    if (!payload)
        return -1;
    write_payload(m, payload);
    unsigned char h[HEADER_SIZE] = {0};
    memcpy(h, MODEL_MAGIC, 8);
    /* float32 weights with tangscope's own numerics: version 2, byte for byte
     * what tangscope always wrote, which every tangscope since reads */
    if (m->prec == WPREC_FP32 && model_numerics_default(&m->num)) {
        le_put_u32(h + 8, MODEL_VERSION);
    } else {
        uint32_t eps_bits;
        memcpy(&eps_bits, &m->num.ln_eps, sizeof eps_bits);
        le_put_u32(h + 8, MODEL_VERSION_3);
        le_put_u32(h + GELU_OFFSET, (uint32_t)m->num.gelu);
        le_put_u32(h + EPS_OFFSET, eps_bits);
        le_put_u32(h + PREC_OFFSET, (uint32_t)m->prec);
    }
    le_put_u32(h + 12, (uint32_t)m->cfg.n_layer);
    le_put_u32(h + 16, (uint32_t)m->cfg.n_embd);
    le_put_u32(h + 20, (uint32_t)m->cfg.n_head);
    le_put_u32(h + 24, (uint32_t)m->cfg.context);
    le_put_u32(h + 28, (uint32_t)m->cfg.vocab_size);
    le_put_u32(h + 32, 0);
    le_put_u64(h + 40, psize);
    /* the header's bytes around the CRC, then the payload: file_crc's order */
    uint32_t crc = crc32_update(file_crc(h, HEADER_SIZE), payload, psize);
    le_put_u32(h + CRC_OFFSET, crc);
    int rc = 0;
    if (fwrite(h, 1, HEADER_SIZE, f) != HEADER_SIZE || fwrite(payload, 1, psize, f) != psize)
        rc = ts_fail(err, "write failed");
    free(payload);
    return rc;
}

int model_save(const Model *m, const char *path, TsErr *err)
{
    AtomicFile af;
    if (atomic_open(&af, path, err) != 0)
        return -1;
    if (model_write_stream(m, af.f, err) != 0) {
        int saved = errno;
        atomic_abort(&af);
        return output_write_failed(path, saved, err);
    }
    return atomic_commit(&af, err);
}

void model_free(Model *m)
{
    free(m->params);
    free(m->qblock);
    free(m->orig);
    vocab_free(&m->vocab);
    memset(m, 0, sizeof *m);
}
