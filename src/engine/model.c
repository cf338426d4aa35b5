/* model.c - the parameter table, initialisation, and the model file.
 *
 * File layout (docs/model-format.md has the full description):
 *   64-byte header: magic "TSGPTMDL", u32 version, u32 L, C, H, T, V, u32 flags,
 *   u32 CRC-32, u64 payload size, 16 zero bytes;
 *   payload: V u32 code points, then every parameter as float32, in table order.
 * All integers and floats are little-endian. Version 2, written now, has the
 * CRC-32 cover the whole file but the four bytes that hold it; version 1,
 * still read, had it cover the payload alone, so a damaged header (say n_head)
 * went unnoticed.
 */
#include "engine/model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"

#define MODEL_MAGIC "TSGPTMDL"
#define MODEL_VERSION 2u    /* written for tangscope's own numerics; version 1 is read too */
#define MODEL_VERSION_NUM 3u /* written when the numerics differ (an imported model) */
#define HEADER_SIZE 64
#define CRC_OFFSET 36       /* the u32 CRC-32 in the header */
#define GELU_OFFSET 48      /* version 3: u32, which GELU (GeluKind) */
#define EPS_OFFSET 52       /* version 3: f32, the LayerNorm epsilon */
#define RESERVED_FROM 56    /* zero up to the end of the header (version 3; 48 in 1 and 2) */

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

static size_t payload_size(const ModelConfig *cfg, size_t n_params)
{
    return 4 * (size_t)cfg->vocab_size + 4 * n_params;
}

size_t model_file_size(const Model *m) { return HEADER_SIZE + payload_size(&m->cfg, m->n_params); }

/* Version 2's checksum: the CRC-32 of every byte of the file but the four
 * that hold it, in file order (the header before them, then everything after
 * them). */
static uint32_t file_crc(const unsigned char *file, size_t len)
{
    uint32_t crc = crc32_update(0, file, CRC_OFFSET);
    return crc32_update(crc, file + CRC_OFFSET + 4, len - CRC_OFFSET - 4);
}

/* The version, the configuration and the numerics from a header; checks
 * everything the header alone can tell (q names the file in messages). */
static int parse_header(const unsigned char *buf, const char *q, uint32_t *version,
                        ModelConfig *cfg, ModelNumerics *num, TsErr *err)
{
    if (memcmp(buf, MODEL_MAGIC, 8) != 0)
        return ts_fail(err, "%s: not a tangscope model file (wrong magic number)", q);
    *version = le_get_u32(buf + 8);
    if (*version < 1 || *version > MODEL_VERSION_NUM)
        return ts_fail(err, "%s: model file version %u, this tangscope reads versions 1 to 3", q,
                       *version);
    uint32_t raw[5];
    static const char *const FIELDS[5] = {"layers", "dimensions", "heads", "context",
                                          "vocabulary size"}; /* ModelConfig's order */
    for (int i = 0; i < 5; i++) {
        raw[i] = le_get_u32(buf + 12 + 4 * i);
        if (raw[i] > 1000000u)
            return ts_fail(err, "%s: absurd configuration: %s %u", q, FIELDS[i], raw[i]);
    }
    *cfg = (ModelConfig){.n_layer = (int)raw[0], .n_embd = (int)raw[1], .n_head = (int)raw[2],
                         .context = (int)raw[3], .vocab_size = (int)raw[4]};
    TsErr why;
    if (model_config_check(cfg, &why) != 0)
        return ts_fail(err, "%s: absurd configuration: %s", q, why.msg);
    uint32_t flags = le_get_u32(buf + 32);
    if (flags != 0)
        return ts_fail(err, "%s: unknown flags 0x%x (made by a newer tangscope?)", q, flags);
    *num = (ModelNumerics){.gelu = GELU_TANH, .ln_eps = MODEL_LN_EPS};
    int reserved_from = GELU_OFFSET;
    if (*version == MODEL_VERSION_NUM) {
        uint32_t gelu = le_get_u32(buf + GELU_OFFSET);
        uint32_t eps_bits = le_get_u32(buf + EPS_OFFSET);
        float eps;
        memcpy(&eps, &eps_bits, sizeof eps);
        if (gelu >= GELU_KINDS)
            return ts_fail(err, "%s: unknown GELU kind %u (made by a newer tangscope?)", q, gelu);
        if (!(eps > 0.0f && eps <= 0.1f))
            return ts_fail(err, "%s: LayerNorm epsilon %g is not in (0, 0.1]", q, (double)eps);
        *num = (ModelNumerics){.gelu = (GeluKind)gelu, .ln_eps = eps};
        reserved_from = RESERVED_FROM;
    }
    for (int i = reserved_from; i < HEADER_SIZE; i++)
        if (buf[i] != 0)
            return ts_fail(err, "%s: reserved header bytes are not zero (damaged file?)", q);
    return 0;
}

/* The vocabulary's code points, strictly increasing, into m->vocab. */
static int parse_vocab(Model *m, const unsigned char *payload, int V, const char *q, TsErr *err)
{
    uint32_t *cps = ts_calloc((size_t)V, sizeof(uint32_t), err);
    if (!cps)
        return -1;
    for (int i = 0; i < V; i++) {
        uint32_t cp = le_get_u32(payload + 4 * (size_t)i);
        char tmp[4];
        if (utf8_encode(cp, tmp) == 0 || (i > 0 && cp <= cps[i - 1])) {
            free(cps);
            return ts_fail(err, "%s: vocabulary entry %d (U+%04X) is invalid or out of order",
                           q, i, (unsigned)cp);
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
    if (len < HEADER_SIZE)
        return ts_fail(err, "%s: not a tangscope model (only %zu bytes, a header alone is %d)", q,
                       len, HEADER_SIZE);
    uint32_t version = 0; /* all three are set when parse_header succeeds */
    ModelConfig cfg = {0};
    ModelNumerics num = {0};
    if (parse_header(buf, q, &version, &cfg, &num, err) != 0)
        return -1;
    uint32_t crc = le_get_u32(buf + 36);
    uint64_t psize = le_get_u64(buf + 40);
    ParamInfo t[P_COUNT];
    size_t n_params = param_table(&cfg, t);
    size_t want = payload_size(&cfg, n_params);
    if (psize != want)
        return ts_fail(err, "%s: header says %llu payload bytes but its configuration needs %zu",
                       q, (unsigned long long)psize, want);
    if (len - HEADER_SIZE < want)
        return ts_fail(err, "%s: truncated (%zu bytes, expected %zu)", q, len,
                       (size_t)HEADER_SIZE + want);
    if (len - HEADER_SIZE > want)
        return ts_fail(err, "%s: %zu unexpected bytes after the weights", q,
                       len - HEADER_SIZE - want);
    const unsigned char *payload = buf + HEADER_SIZE;
    if ((version == 1 ? crc32_update(0, payload, want) : file_crc(buf, len)) != crc)
        return ts_fail(err, "%s: checksum mismatch, the file is corrupted", q);
    if (parse_vocab(m, payload, cfg.vocab_size, q, err) != 0)
        return -1;
    if (model_alloc(m, &cfg, err) != 0) {
        vocab_free(&m->vocab);
        return -1;
    }
    m->num = num;
    floats_from_le(m->params, payload + 4 * (size_t)cfg.vocab_size, n_params);
    for (size_t i = 0; i < n_params; i++) {
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

int model_write_stream(const Model *m, FILE *f, TsErr *err)
{
    size_t vbytes = 4 * (size_t)m->cfg.vocab_size;
    size_t pbytes = 4 * m->n_params;
    unsigned char *vocab_bytes = ts_calloc(vbytes, 1, err);
    if (!vocab_bytes)
        return -1;
    for (int i = 0; i < m->cfg.vocab_size; i++)
        le_put_u32(vocab_bytes + 4 * (size_t)i, m->vocab.cps[i]);
    unsigned char *param_bytes = (unsigned char *)m->params;
    unsigned char *swapped = NULL;
    if (!host_is_little_endian()) {
        swapped = ts_calloc(pbytes, 1, err);
        if (!swapped) {
            free(vocab_bytes);
            return -1;
        }
        for (size_t i = 0; i < m->n_params; i++) {
            uint32_t u;
            memcpy(&u, m->params + i, 4);
            le_put_u32(swapped + 4 * i, u);
        }
        param_bytes = swapped;
    }
    unsigned char h[HEADER_SIZE] = {0};
    memcpy(h, MODEL_MAGIC, 8);
    /* tangscope's own numerics: version 2, byte for byte what it always wrote */
    if (model_numerics_default(&m->num)) {
        le_put_u32(h + 8, MODEL_VERSION);
    } else {
        uint32_t eps_bits;
        memcpy(&eps_bits, &m->num.ln_eps, sizeof eps_bits);
        le_put_u32(h + 8, MODEL_VERSION_NUM);
        le_put_u32(h + GELU_OFFSET, (uint32_t)m->num.gelu);
        le_put_u32(h + EPS_OFFSET, eps_bits);
    }
    le_put_u32(h + 12, (uint32_t)m->cfg.n_layer);
    le_put_u32(h + 16, (uint32_t)m->cfg.n_embd);
    le_put_u32(h + 20, (uint32_t)m->cfg.n_head);
    le_put_u32(h + 24, (uint32_t)m->cfg.context);
    le_put_u32(h + 28, (uint32_t)m->cfg.vocab_size);
    le_put_u32(h + 32, 0);
    le_put_u64(h + 40, vbytes + pbytes);
    /* the header's bytes around the CRC, then the payload: file_crc's order */
    uint32_t crc = file_crc(h, HEADER_SIZE);
    crc = crc32_update(crc32_update(crc, vocab_bytes, vbytes), param_bytes, pbytes);
    le_put_u32(h + CRC_OFFSET, crc);
    int rc = 0;
    if (fwrite(h, 1, HEADER_SIZE, f) != HEADER_SIZE || fwrite(vocab_bytes, 1, vbytes, f) != vbytes ||
        fwrite(param_bytes, 1, pbytes, f) != pbytes)
        rc = ts_fail(err, "write failed");
    free(vocab_bytes);
    free(swapped);
    return rc;
}

int model_save(const Model *m, const char *path, TsErr *err)
{
    AtomicFile af;
    if (atomic_open(&af, path, err) != 0)
        return -1;
    if (model_write_stream(m, af.f, err) != 0) {
        atomic_abort(&af);
        TsQuoted q;
        return ts_fail(err, "%s: write failed", ts_quote(&q, path));
    }
    return atomic_commit(&af, err);
}

void model_free(Model *m)
{
    free(m->params);
    vocab_free(&m->vocab);
    memset(m, 0, sizeof *m);
}
