/* nanoexport.c - nanoGPT's ckpt.pt and meta.pkl for a model (nanoexport.h). */
#include "engine/nanoexport.h"

#include "engine/nanokeys.h"
#include "engine/ptsave.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One tensor of the state_dict: nanoGPT's key, the storage it lives in and
 * the floats, contiguous, with their shape. */
typedef struct {
    char key[64];
    int storage;        /* the entry data/<storage> */
    const float *data;  /* [numel] */
    int ndim, shape[2];
    size_t numel;
} SdTensor;

/* Python's pickle module writes a dict's items in batches of this many. */
#define PICKLE_BATCH 1000
#define ARCHIVE "archive"

int nano_has_bias(const Model *m)
{
    ParamInfo t[P_COUNT];
    param_table(&m->cfg, t);
    for (int i = 0; i < NANO_GLOBAL_COUNT + NANO_BLOCK_COUNT; i++) {
        const NanoKey *k = i < NANO_GLOBAL_COUNT ? &NANO_GLOBAL_KEYS[i]
                                                 : &NANO_BLOCK_KEYS[i - NANO_GLOBAL_COUNT];
        if (!k->is_bias)
            continue;
        const float *x = m->params + t[k->param].offset;
        for (size_t j = 0; j < t[k->param].size; j++)
            if (x[j] != 0.0f)
                return 1;
    }
    return 0;
}

/* Entry k of the table for layer `layer` (-1: a global key): its slice of the
 * parameter block, the shape without the layer dimension. */
static void sd_tensor(SdTensor *s, const Model *m, const ParamInfo *t, const NanoKey *k, int layer,
                      int storage)
{
    const ParamInfo *pi = &t[k->param];
    nano_key_name(k, layer, s->key, sizeof s->key);
    s->storage = storage;
    int first = layer >= 0; /* a block's tensor is stacked over the layers */
    s->ndim = pi->ndim - first;
    s->numel = 1;
    for (int d = 0; d < s->ndim; d++) {
        s->shape[d] = pi->shape[first + d];
        s->numel *= (size_t)s->shape[d];
    }
    s->data = m->params + pi->offset + (first ? (size_t)layer * s->numel : 0);
}

/* The state_dict in nanoGPT's order into sd (room for every key); returns
 * how many tensors, the last lm_head.weight on storage 0 again. */
static int state_dict(const Model *m, int bias, SdTensor *sd)
{
    ParamInfo t[P_COUNT];
    param_table(&m->cfg, t);
    int n = 0, storage = 0;
    for (int i = 0; i < 2; i++) /* wte (storage 0), wpe */
        sd_tensor(&sd[n++], m, t, &NANO_GLOBAL_KEYS[i], -1, storage++);
    for (int l = 0; l < m->cfg.n_layer; l++)
        for (int i = 0; i < NANO_BLOCK_COUNT; i++)
            if (bias || !NANO_BLOCK_KEYS[i].is_bias)
                sd_tensor(&sd[n++], m, t, &NANO_BLOCK_KEYS[i], l, storage++);
    for (int i = 2; i < NANO_GLOBAL_COUNT; i++) /* ln_f */
        if (bias || !NANO_GLOBAL_KEYS[i].is_bias)
            sd_tensor(&sd[n++], m, t, &NANO_GLOBAL_KEYS[i], -1, storage++);
    sd[n] = sd[0]; /* the tied output layer: wte's numbers, wte's storage */
    snprintf(sd[n].key, sizeof sd[n].key, "%s", NANO_LM_HEAD);
    return n + 1;
}

static void put_cstr(Pickler *p, const char *s) { pickle_str(p, s, strlen(s)); }

/* torch._utils._rebuild_tensor_v2(storage, 0, shape, stride, False,
 * OrderedDict()), the storage a persistent id ('storage',
 * torch.FloatStorage, key, 'cpu', numel): a contiguous float32 tensor. */
static void pickle_tensor(Pickler *p, const SdTensor *s)
{
    char key[16];
    snprintf(key, sizeof key, "%d", s->storage);
    pickle_global(p, "torch._utils", "_rebuild_tensor_v2");
    pickle_mark(p);
    pickle_mark(p);
    put_cstr(p, "storage");
    pickle_global(p, "torch", "FloatStorage");
    put_cstr(p, key);
    put_cstr(p, "cpu");
    pickle_int(p, (int64_t)s->numel);
    pickle_tuple(p);
    pickle_binpersid(p);
    pickle_int(p, 0);
    pickle_mark(p);
    for (int d = 0; d < s->ndim; d++)
        pickle_int(p, s->shape[d]);
    pickle_tuple(p);
    pickle_mark(p);
    int64_t stride = 1;
    int64_t strides[2] = {1, 1};
    for (int d = s->ndim - 1; d >= 0; d--) {
        strides[d] = stride;
        stride *= s->shape[d];
    }
    for (int d = 0; d < s->ndim; d++)
        pickle_int(p, strides[d]);
    pickle_tuple(p);
    pickle_bool(p, 0);
    pickle_global(p, "collections", "OrderedDict");
    pickle_empty_tuple(p);
    pickle_reduce(p);
    pickle_tuple(p);
    pickle_reduce(p);
}

static void pickle_model_args(Pickler *p, const Model *m, int bias)
{
    pickle_empty_dict(p);
    pickle_mark(p);
    put_cstr(p, "n_layer");
    pickle_int(p, m->cfg.n_layer);
    put_cstr(p, "n_head");
    pickle_int(p, m->cfg.n_head);
    put_cstr(p, "n_embd");
    pickle_int(p, m->cfg.n_embd);
    put_cstr(p, "block_size");
    pickle_int(p, m->cfg.context);
    put_cstr(p, "bias");
    pickle_bool(p, bias);
    put_cstr(p, "vocab_size");
    pickle_int(p, m->cfg.vocab_size);
    put_cstr(p, "dropout");
    pickle_float(p, 0.0);
    pickle_setitems(p);
}

/* data.pkl: the checkpoint's dict (nanoexport.h). */
static void pickle_checkpoint(ByteBuf *out, const Model *m, const SdTensor *sd, int n_sd, int bias,
                              const char *dataset)
{
    Pickler p;
    pickle_begin(&p, out, PICKLE_PLAIN);
    pickle_empty_dict(&p);
    pickle_mark(&p);
    put_cstr(&p, "model");
    pickle_empty_dict(&p);
    pickle_mark(&p);
    for (int i = 0; i < n_sd; i++) {
        put_cstr(&p, sd[i].key);
        pickle_tensor(&p, &sd[i]);
    }
    pickle_setitems(&p);
    put_cstr(&p, "model_args");
    pickle_model_args(&p, m, bias);
    put_cstr(&p, "iter_num");
    pickle_int(&p, 0);
    put_cstr(&p, "best_val_loss");
    pickle_float(&p, 0.0);
    put_cstr(&p, "config");
    pickle_empty_dict(&p);
    pickle_mark(&p);
    put_cstr(&p, "dataset");
    put_cstr(&p, dataset);
    pickle_setitems(&p);
    put_cstr(&p, NANO_GELU_KEY);
    put_cstr(&p, m->num.gelu == GELU_ERF ? "erf" : "tanh");
    put_cstr(&p, NANO_EPS_KEY);
    pickle_float(&p, (double)m->num.ln_eps);
    pickle_setitems(&p);
    pickle_stop(&p);
}

/* The archive's entries, in torch.save's order: data.pkl, byteorder, each
 * storage once (in the order the state_dict meets them), version. */
static int write_archive(ZipWriter *z, const ByteBuf *pkl, const SdTensor *sd, int n_sd,
                         TsErr *err)
{
    if (zip_add(z, ARCHIVE "/data.pkl", pkl->p, pkl->len, err) != 0 ||
        zip_add(z, ARCHIVE "/byteorder", "little", 6, err) != 0)
        return -1;
    for (int i = 0; i < n_sd; i++) {
        if (i > 0 && sd[i].storage == sd[0].storage)
            continue; /* lm_head: wte's storage, written once */
        char name[48];
        snprintf(name, sizeof name, ARCHIVE "/data/%d", sd[i].storage);
        if (zip_entry_begin(z, name, err) != 0)
            return -1;
        for (size_t j = 0; j < sd[i].numel; j++)
            bytebuf_f32(z->out, sd[i].data[j]);
        if (zip_entry_end(z, err) != 0)
            return -1;
    }
    if (zip_add(z, ARCHIVE "/version", "3\n", 2, err) != 0)
        return -1;
    return zip_finish(z, err);
}

int nano_export_checkpoint(const Model *m, const char *dataset, ByteBuf *out, TsErr *err)
{
    if (!utf8_valid(dataset))
        return ts_fail(err, "the dataset's name is not UTF-8 text");
    int bias = nano_has_bias(m);
    size_t max_sd = (size_t)m->cfg.n_layer * NANO_BLOCK_COUNT + NANO_GLOBAL_COUNT + 1;
    SdTensor *sd = ts_calloc(max_sd, sizeof *sd, err);
    if (!sd)
        return -1;
    int n_sd = state_dict(m, bias, sd);
    ByteBuf pkl = {0};
    pickle_checkpoint(&pkl, m, sd, n_sd, bias, dataset);
    int rc = pkl.failed ? ts_fail(err, "out of memory") : 0;
    ZipWriter z;
    zip_init(&z, out);
    if (rc == 0)
        rc = write_archive(&z, &pkl, sd, n_sd, err);
    zip_free(&z);
    bytebuf_free(&pkl);
    free(sd);
    return rc;
}

/* A dict's items as Python's pickle module batches them: one item with
 * SETITEM; more in marked batches of PICKLE_BATCH, each ended by SETITEMS,
 * and after a full batch another (an empty one when nothing is left). Item i
 * is written by put(p, i, ctx). */
static void pickle_dict_items(Pickler *p, int n, void (*put)(Pickler *, int, void *), void *ctx)
{
    if (n == 0)
        return;
    if (n == 1) {
        put(p, 0, ctx);
        pickle_setitem(p);
        return;
    }
    int i = 0, batch;
    do {
        pickle_mark(p);
        for (batch = 0; batch < PICKLE_BATCH && i < n; batch++)
            put(p, i++, ctx);
        pickle_setitems(p);
    } while (batch == PICKLE_BATCH);
}

typedef struct {
    const Vocab *v;
    uint32_t *memo; /* [V] where each character's string was memoised */
} MetaCtx;

static void put_itos(Pickler *p, int i, void *ctx)
{
    MetaCtx *c = ctx;
    char s[4];
    int n = utf8_encode(vocab_cp(c->v, i), s);
    pickle_int(p, i);
    c->memo[i] = pickle_str(p, s, (size_t)n);
}

static void put_stoi(Pickler *p, int i, void *ctx)
{
    MetaCtx *c = ctx;
    pickle_get(p, c->memo[i]); /* the same string object as in itos */
    pickle_int(p, i);
}

int nano_export_meta(const Model *m, ByteBuf *out, TsErr *err)
{
    MetaCtx c = {&m->vocab, ts_calloc((size_t)m->vocab.size, sizeof(uint32_t), err)};
    if (!c.memo)
        return -1;
    Pickler p;
    pickle_begin(&p, out, PICKLE_MEMO);
    pickle_empty_dict(&p);
    pickle_mark(&p);
    put_cstr(&p, "vocab_size");
    pickle_int(&p, m->vocab.size);
    put_cstr(&p, "itos");
    pickle_empty_dict(&p);
    pickle_dict_items(&p, m->vocab.size, put_itos, &c);
    put_cstr(&p, "stoi");
    pickle_empty_dict(&p);
    pickle_dict_items(&p, m->vocab.size, put_stoi, &c);
    pickle_setitems(&p);
    pickle_stop(&p);
    free(c.memo);
    return out->failed ? ts_fail(err, "out of memory") : 0;
}
