/* nanogpt.c - a nanoGPT checkpoint as a tangscope model (nanogpt.h).
 *
 * The steps are tools/import-nanogpt.py's, function by function: split the
 * checkpoint into its state_dict and model_args, strip torch.compile's
 * prefix, check the keys (nanoGPT's GPT and nothing else), read the shape
 * from the weights and check it against model_args, gather the tensors
 * (zeros for the biases of a bias=False model; a tied output layer), and
 * map the vocabulary (one character per token, ordered by code point, the
 * token embedding's rows moved with it).
 */
#include "engine/nanogpt.h"

#include "engine/nanokeys.h"
#include "engine/ptzip.h"
#include "engine/unpickle.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the state_dict: its keys, stripped of the prefix, in a hash table ---- */

typedef struct {
    const char *name; /* after the prefix; not NUL-terminated */
    size_t len;
    const char *raw;  /* as in the file */
    size_t raw_len;
    const PkTensor *t;
} SdKey;

typedef struct {
    SdKey *keys;
    size_t n;
    size_t *slot; /* index + 1 into keys; 0: empty */
    size_t cap;
} StateDict;

/* What the import holds while it works. */
typedef struct {
    PtZip zip;
    char prefix[256]; /* the archive's folder, with its '/' */
    size_t prefix_len;
    Pickle data, meta;
    StateDict sd;
    const PkObj *args; /* model_args, or NULL */
    const PkObj *top;  /* the checkpoint's dict, for tangscope_gelu and _ln_eps, or NULL */
    size_t n_params;   /* the model's, once its shape is known: no storage holds more */
    unsigned char **inflated; /* storages inflated so far (for a tied lm_head, read twice) */
    size_t n_inflated;
    NanoBlame blame;
    TsErr *err;
} Import;

static size_t sd_slot(const StateDict *sd, const char *name, size_t len)
{
    size_t h = (size_t)ts_fnv1a(TS_FNV_START, name, len) & (sd->cap - 1);
    while (sd->slot[h]) {
        const SdKey *k = &sd->keys[sd->slot[h] - 1];
        if (k->len == len && memcmp(k->name, name, len) == 0)
            break;
        h = (h + 1) & (sd->cap - 1);
    }
    return h;
}

static const SdKey *sd_get(const StateDict *sd, const char *name)
{
    size_t h = sd_slot(sd, name, strlen(name));
    return sd->slot[h] ? &sd->keys[sd->slot[h] - 1] : NULL;
}

static const char *quoted(TsQuoted *q, const char *s, size_t len)
{
    char copy[TS_QUOTE_MAX];
    size_t n = len < sizeof copy - 1 ? len : sizeof copy - 1;
    memcpy(copy, s, n);
    copy[n] = 0;
    if (memchr(s, 0, n))
        for (size_t i = 0; i < n; i++)
            copy[i] = copy[i] ? copy[i] : '?';
    return ts_quote(q, copy);
}

static int oom(Import *im)
{
    ts_fail(im->err, "out of memory");
    im->err->code = ENOMEM;
    return -1;
}

/* strip_prefix: the state_dict's keys (strings, each a tensor), the
 * "_orig_mod." prefix taken off; a key there with and without it refused. */
static int strip_prefix(Import *im, const PkObj *d)
{
    StateDict *sd = &im->sd;
    size_t n = d->u.seq.n / 2;
    for (sd->cap = 16; sd->cap < 2 * n; sd->cap *= 2)
        ;
    sd->keys = calloc(n ? n : 1, sizeof *sd->keys);
    sd->slot = calloc(sd->cap, sizeof *sd->slot);
    if (!sd->keys || !sd->slot)
        return oom(im);
    const size_t plen = strlen(NANO_COMPILED_PREFIX);
    TsQuoted q;
    for (size_t i = 0; i < n; i++) {
        const PkObj *k = d->u.seq.items[2 * i], *v = d->u.seq.items[2 * i + 1];
        if (k->kind != PK_STR)
            return ts_fail(im->err, "a state_dict key is a %s, not a string", pk_kind_name(k));
        SdKey key = {k->u.str.s, k->u.str.len, k->u.str.s, k->u.str.len, NULL};
        if (key.len >= plen && memcmp(key.name, NANO_COMPILED_PREFIX, plen) == 0) {
            key.name += plen;
            key.len -= plen;
        }
        if (v->kind != PK_TENSOR)
            return ts_fail(im->err, "key %s holds a %s, not a tensor",
                           quoted(&q, key.name, key.len), pk_kind_name(v));
        key.t = v->u.tensor;
        size_t h = sd_slot(sd, key.name, key.len);
        if (sd->slot[h]) {
            SdKey *old = &sd->keys[sd->slot[h] - 1];
            if (old->raw_len != key.raw_len || memcmp(old->raw, key.raw, key.raw_len) != 0)
                return ts_fail(im->err, "key %s is there with and without %s",
                               quoted(&q, key.name, key.len), NANO_COMPILED_PREFIX);
            *old = key; /* the same key set twice: the last holds, as in Python */
            continue;
        }
        sd->keys[sd->n] = key;
        sd->slot[h] = ++sd->n;
    }
    return 0;
}

/* Python's truth of a value (bool(x)). */
static int truthy(const PkObj *o)
{
    switch (o->kind) {
    case PK_NONE: return 0;
    case PK_BOOL: case PK_INT: return o->u.i != 0;
    case PK_FLOAT: return o->u.f != 0;
    case PK_STR: case PK_BYTES: return o->u.str.len != 0;
    case PK_TUPLE: case PK_LIST: case PK_DICT: return o->u.seq.n != 0;
    default: return 1;
    }
}

/* split_checkpoint: the state_dict and model_args of a train.py checkpoint,
 * or a bare state_dict of tensors. */
static int split_checkpoint(Import *im, const PkObj *obj)
{
    const PkObj *model = pk_dict_get(obj, "model");
    if (model && model->kind == PK_DICT) {
        const PkObj *args = pk_dict_get(obj, "model_args");
        if (args && truthy(args) && args->kind != PK_DICT)
            return ts_fail(im->err, "model_args is a %s, not a dict", pk_kind_name(args));
        im->args = args && args->kind == PK_DICT ? args : NULL;
        im->top = obj;
        return strip_prefix(im, model);
    }
    int all_tensors = obj->kind == PK_DICT && obj->u.seq.n > 0;
    for (size_t i = 1; all_tensors && i < obj->u.seq.n; i += 2)
        all_tensors = obj->u.seq.items[i]->kind == PK_TENSOR;
    if (!all_tensors)
        return ts_fail(im->err, "holds neither {'model': state_dict, ...} nor a state_dict of "
                       "tensors");
    return strip_prefix(im, obj);
}

/* ---- check_keys ---- */

static int has_rotary(const char *s, size_t len)
{
    static const char *const WORDS[] = {"rotary", "rope", "inv_freq", "freqs_cis"};
    for (size_t w = 0; w < sizeof WORDS / sizeof WORDS[0]; w++) {
        size_t wl = strlen(WORDS[w]);
        for (size_t i = 0; i + wl <= len; i++) {
            size_t k = 0;
            while (k < wl && (s[i + k] | 0x20) == WORDS[w][k])
                k++;
            if (k == wl)
                return 1;
        }
    }
    return 0;
}

#define BLOCK_PREFIX "transformer.h."

/* The block number after "transformer.h." and before the next '.', into
 * *l (digits as Python's int() reads them; *rest past the '.'): 1, or 0 if
 * the key is not a block's. A number past 9 digits is *l = -1. */
static int block_of(const SdKey *k, long *l, size_t *rest)
{
    size_t p = strlen(BLOCK_PREFIX), i = p;
    if (k->len <= p || memcmp(k->name, BLOCK_PREFIX, p) != 0)
        return 0;
    long v = 0;
    while (i < k->len && k->name[i] >= '0' && k->name[i] <= '9') {
        v = i - p < 9 ? v * 10 + (k->name[i] - '0') : -1;
        i++;
    }
    if (i == p || i >= k->len || k->name[i] != '.')
        return 0;
    *l = v;
    *rest = i + 1;
    return 1;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* The blocks numbered 0..L-1 (L their count), or the message listing them. */
static int count_blocks(Import *im, int *L)
{
    long *nums = calloc(im->sd.n ? im->sd.n : 1, sizeof *nums);
    if (!nums)
        return oom(im);
    size_t n = 0, rest;
    for (size_t i = 0; i < im->sd.n; i++)
        if (block_of(&im->sd.keys[i], &nums[n], &rest))
            n++;
    qsort(nums, n, sizeof *nums, cmp_long);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || nums[i] != nums[i - 1])
            nums[distinct++] = nums[i];
    int ok = distinct == 0 || (nums[0] == 0 && nums[distinct - 1] == (long)distinct - 1);
    if (!ok) {
        char list[160] = "";
        size_t at = 0;
        for (size_t i = 0; i < distinct && at < sizeof list - 24; i++)
            at += (size_t)snprintf(list + at, sizeof list - at, i ? ", %ld" : "%ld", nums[i]);
        if (distinct > 0 && at >= sizeof list - 24)
            snprintf(list + at, sizeof list - at, ", ...");
        ts_fail(im->err, "blocks [%s] are not numbered 0..%zu (a number of more than 9 digits "
                "shows as -1)", list, distinct - 1);
    }
    free(nums);
    *L = (int)(distinct > 1000 ? 1000 : distinct);
    return ok ? 0 : -1;
}

/* Is k one of nanoGPT's keys for a model of L blocks? */
static int known_key(const SdKey *k, int L)
{
    char name[96];
    for (int i = 0; i < NANO_GLOBAL_COUNT; i++)
        if (k->len == strlen(NANO_GLOBAL_KEYS[i].key) &&
            memcmp(k->name, NANO_GLOBAL_KEYS[i].key, k->len) == 0)
            return 1;
    if (k->len == strlen(NANO_LM_HEAD) && memcmp(k->name, NANO_LM_HEAD, k->len) == 0)
        return 1;
    long l;
    size_t rest;
    if (!block_of(k, &l, &rest) || l < 0 || l >= L)
        return 0;
    for (int i = 0; i < NANO_BLOCK_COUNT; i++) {
        nano_key_name(&NANO_BLOCK_KEYS[i], (int)l, name, sizeof name);
        if (k->len == strlen(name) && memcmp(k->name, name, k->len) == 0)
            return 1;
    }
    return 0;
}

/* transformer.h.N.attn.bias or .masked_bias: the causal mask's buffer */
static int mask_key(const SdKey *k)
{
    long l;
    size_t rest;
    if (!block_of(k, &l, &rest))
        return 0;
    const char *r = k->name + rest;
    size_t n = k->len - rest;
    return (n == 9 && memcmp(r, "attn.bias", 9) == 0) ||
           (n == 16 && memcmp(r, "attn.masked_bias", 16) == 0);
}

static int check_keys(Import *im, int *L)
{
    TsQuoted q;
    for (size_t i = 0; i < im->sd.n; i++) {
        const SdKey *k = &im->sd.keys[i];
        if (has_rotary(k->name, k->len))
            return ts_fail(im->err, "key %s: rotary position embeddings; tangscope's GPT learns "
                           "one vector per position (transformer.wpe)",
                           quoted(&q, k->name, k->len));
    }
    /* Karpathy's "Let's build GPT" lecture: learnt positions too, but its own
     * names, a key, query and value per head, and an untied lm_head with a bias */
    if (sd_get(&im->sd, "token_embedding_table.weight") ||
        sd_get(&im->sd, "position_embedding_table.weight"))
        return ts_fail(im->err, "this is the layout of “Let's build GPT” (token_embedding_table, "
                       "blocks.N.sa.heads.M: a key, query and value per head; an lm_head of its "
                       "own): tangscope reads nanoGPT's layout (transformer.wte, "
                       "transformer.h.N.attn.c_attn, lm_head tied to wte)");
    if (!sd_get(&im->sd, "transformer.wpe.weight"))
        return ts_fail(im->err, "no key transformer.wpe.weight, the learnt position embeddings "
                       "of nanoGPT's GPT (another architecture?)");
    if (count_blocks(im, L) != 0)
        return -1;
    for (size_t i = 0; i < im->sd.n; i++) {
        const SdKey *k = &im->sd.keys[i];
        if (!known_key(k, *L) && !(mask_key(k) && k->t->ndim == 4))
            return ts_fail(im->err, "key %s is not part of nanoGPT's GPT (another "
                           "architecture?)", quoted(&q, k->name, k->len));
    }
    return 0;
}

/* ---- shape_config ---- */

static void shape_text(const PkTensor *t, char *out, size_t size, char open, char close)
{
    size_t at = (size_t)snprintf(out, size, "%c", open);
    for (int i = 0; i < t->ndim && at < size; i++)
        at += (size_t)snprintf(out + at, size - at, i ? ", %llu" : "%llu",
                               (unsigned long long)t->size[i]);
    if (at < size)
        snprintf(out + at, size - at, t->ndim == 1 && open == '(' ? ",%c" : "%c", close);
}

/* A model_args value as Python's int() takes it: 0 and *v, or -1 with
 * the message (a string, a list, NaN, infinity, a number past 64 bits). */
static int args_int(Import *im, const char *name, const PkObj *o, long long *v)
{
    if (o->kind == PK_INT || o->kind == PK_BOOL) {
        *v = o->u.i;
        return 0;
    }
    if (o->kind == PK_FLOAT && isfinite(o->u.f) && fabs(o->u.f) < 9e18) {
        *v = (long long)o->u.f; /* int(2.0), as Python truncates */
        return 0;
    }
    if (o->kind == PK_FLOAT)
        return ts_fail(im->err, "model_args %s is not a finite number", name);
    if (o->kind == PK_BIGINT)
        return ts_fail(im->err, "model_args %s is a number too large for any model", name);
    return ts_fail(im->err, "model_args %s is a %s, not a number", name, pk_kind_name(o));
}

/* model_args[name] where there and not None, against the weights' value. */
static int check_arg(Import *im, const char *name, unsigned long long value)
{
    const PkObj *o = pk_dict_get(im->args, name);
    long long v = 0;
    if (!o || o->kind == PK_NONE)
        return 0;
    if (args_int(im, name, o, &v) != 0)
        return -1;
    if (v < 0 || (unsigned long long)v != value)
        return ts_fail(im->err, "model_args %s = %lld but the weights say %llu", name, v, value);
    return 0;
}

/* The limits of every model file (tools/tsmodel.py's LIMITS, model.h). */
static int check_limits(Import *im, const unsigned long long v[5])
{
    static const char *const NAMES[5] = {"n_layer", "n_embd", "n_head", "context",
                                         "vocab_size"};
    static const unsigned long long LO[5] = {1, 1, 1, 1, 2}, HI[5] = {64, 4096, 64, 8192, 1000000};
    for (int i = 0; i < 5; i++)
        if (v[i] < LO[i] || v[i] > HI[i])
            return ts_fail(im->err, "a model tangscope cannot hold: %s=%llu outside [%llu, %llu]",
                           NAMES[i], v[i], LO[i], HI[i]);
    if (v[1] % v[2])
        return ts_fail(im->err, "a model tangscope cannot hold: n_embd=%llu is not a multiple "
                       "of n_head=%llu", v[1], v[2]);
    return 0;
}

/* The heads: --n-head, else model_args n_head (the weights cannot say). */
static int heads(Import *im, int n_head, long long *H)
{
    const PkObj *o = pk_dict_get(im->args, "n_head");
    if (o && o->kind == PK_NONE)
        o = NULL;
    long long from_args = 0;
    if (o && args_int(im, "n_head", o, &from_args) != 0)
        return -1;
    if (!n_head && !o)
        return ts_fail(im->err, "no model_args: give --n-head (the number of heads cannot be "
                       "read from the weights)");
    if (n_head && o && from_args != n_head)
        return ts_fail(im->err, "--n-head %d but model_args n_head = %lld", n_head, from_args);
    *H = n_head ? n_head : from_args;
    return 0;
}

static int shape_config(Import *im, int L, int n_head, ModelConfig *cfg)
{
    const SdKey *wte = sd_get(&im->sd, "transformer.wte.weight");
    const SdKey *wpe = sd_get(&im->sd, "transformer.wpe.weight");
    if (!wte || wte->t->ndim != 2 || wpe->t->ndim != 2) {
        char a[96] = "None", b[96];
        if (wte)
            shape_text(wte->t, a, sizeof a, '(', ')');
        shape_text(wpe->t, b, sizeof b, '(', ')');
        return ts_fail(im->err, "transformer.wte.weight and .wpe.weight must be matrices "
                       "(wte: %s, wpe %s)", a, b);
    }
    unsigned long long V = wte->t->size[0], C = wte->t->size[1], T = wpe->t->size[0];
    if (check_arg(im, "n_layer", (unsigned long long)L) || check_arg(im, "n_embd", C) ||
        check_arg(im, "block_size", T) || check_arg(im, "vocab_size", V))
        return -1;
    long long H = 0;
    if (heads(im, n_head, &H) != 0)
        return -1;
    unsigned long long v[5] = {(unsigned long long)L, C, H < 0 ? 0 : (unsigned long long)H, T, V};
    if (check_limits(im, v) != 0)
        return -1;
    *cfg = (ModelConfig){.n_layer = L, .n_embd = (int)C, .n_head = (int)H, .context = (int)T,
                         .vocab_size = (int)V};
    ParamInfo t[P_COUNT];
    size_t bytes = 64 + 4 * (size_t)V + 4 * param_table(cfg, t);
    if (bytes > file_limit(FILE_MODEL))
        return ts_fail(im->err, "a model tangscope cannot hold: its file would be %zu MB, more "
                       "than the %llu MB a model file may hold", bytes / 1000000,
                       (unsigned long long)(file_limit(FILE_MODEL) / 1000000));
    return 0;
}

/* ---- reading a tensor's numbers ---- */

static int storage_bytes(Import *im, const PkStorage *s, const unsigned char **bytes)
{
    TsQuoted q, q2;
    char name[400];
    const char *key = quoted(&q, s->key, s->key_len);
    if (im->prefix_len + 5 + s->key_len >= sizeof name)
        return ts_fail(im->err, "storage %s: no entry for it in the archive", key);
    snprintf(name, sizeof name, "%sdata/%.*s", im->prefix, (int)s->key_len, s->key);
    const PtZipEntry *e = ptzip_find(&im->zip, name, strlen(name));
    if (!e)
        return ts_fail(im->err, "storage %s: no entry %s", key, ts_quote(&q2, name));
    if (s->numel > im->n_params)
        return ts_fail(im->err, "storage %s holds %llu elements, more than the model's %zu "
                       "parameters: refused unread", key, (unsigned long long)s->numel,
                       im->n_params);
    uint64_t size = (uint64_t)pk_dtype_size(s->dtype);
    if (s->numel > UINT64_MAX / size || e->usize != s->numel * size)
        return ts_fail(im->err, "storage %s holds %llu bytes, %llu %s need %llu", key,
                       (unsigned long long)e->usize, (unsigned long long)s->numel,
                       pk_dtype_storage(s->dtype),
                       (unsigned long long)(s->numel <= UINT64_MAX / size ? s->numel * size : 0));
    unsigned char *owned;
    if (ptzip_read(&im->zip, e, file_limit(FILE_MODEL) * 2, bytes, &owned, im->err) != 0)
        return -1;
    if (owned) {
        unsigned char **more = realloc(im->inflated, (im->n_inflated + 1) * sizeof *more);
        if (!more) {
            free(owned);
            return oom(im);
        }
        im->inflated = more;
        im->inflated[im->n_inflated++] = owned;
    }
    return 0;
}

/* One element of a storage as float32, as numpy's astype(float32) makes it;
 * a float64 past float32's range becomes infinity (not an undefined cast). */
static float element(const unsigned char *p, PkDtype d)
{
    uint64_t bits = 0;
    for (int i = pk_dtype_size(d) - 1; i >= 0; i--)
        bits = bits << 8 | p[i];
    float f;
    if (d == PK_F32 || d == PK_BF16) {
        uint32_t b = d == PK_BF16 ? (uint32_t)bits << 16 : (uint32_t)bits;
        memcpy(&f, &b, sizeof f);
        return f;
    }
    if (d == PK_F16) {
        int e = (int)(bits >> 10 & 31), m = (int)(bits & 1023);
        float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY)
                                                         : ldexpf((float)(m | 1024), e - 25);
        return (bits & 0x8000) ? -v : v;
    }
    double x;
    memcpy(&x, &bits, sizeof x);
    if (isfinite(x) && fabs(x) >= 0x1.ffffffp127) /* rounds past FLT_MAX */
        return x > 0 ? INFINITY : -INFINITY;
    return (float)x;
}

/* The tensor's elements, in row-major order of its size, into out. */
static void gather_view(const PkTensor *t, const unsigned char *bytes, float *out)
{
    size_t item = (size_t)pk_dtype_size(t->storage->dtype);
    uint64_t idx[PK_MAX_DIMS] = {0};
    for (uint64_t n = 0; n < t->numel; n++) {
        uint64_t at = t->offset;
        for (int i = 0; i < t->ndim; i++)
            at += idx[i] * t->stride[i];
        out[n] = element(bytes + at * item, t->storage->dtype);
        for (int i = t->ndim - 1; i >= 0 && ++idx[i] == t->size[i]; i--)
            idx[i] = 0;
    }
}

/* take: key's tensor, of the shape want[0..nd), as float32 into out;
 * zeros where absent_ok and the key is absent. */
static int take(Import *im, const char *key, const int *want, int nd, int absent_ok, float *out)
{
    const SdKey *k = sd_get(&im->sd, key);
    size_t count = 1;
    for (int i = 0; i < nd; i++)
        count *= (size_t)want[i];
    if (!k && absent_ok) {
        memset(out, 0, count * sizeof *out);
        return 0;
    }
    if (!k)
        return ts_fail(im->err, "key %s is missing", key);
    const PkTensor *t = k->t;
    int same = t->ndim == nd;
    for (int i = 0; same && i < nd; i++)
        same = t->size[i] == (uint64_t)want[i];
    if (!same) {
        char a[128], b[128];
        PkTensor w = {.ndim = nd};
        for (int i = 0; i < nd; i++)
            w.size[i] = (uint64_t)want[i];
        shape_text(t, a, sizeof a, '[', ']');
        shape_text(&w, b, sizeof b, '[', ']');
        return ts_fail(im->err, "key %s has shape %s, expected %s", key, a, b);
    }
    if (t->storage->dtype > PK_BF16)
        return ts_fail(im->err, "key %s holds %s, not floats", key,
                       pk_dtype_name(t->storage->dtype));
    const unsigned char *bytes;
    if (storage_bytes(im, t->storage, &bytes) != 0)
        return -1;
    gather_view(t, bytes, out);
    for (size_t i = 0; i < count; i++)
        if (!isfinite(out[i]))
            return ts_fail(im->err, "key %s holds a number that is not finite", key);
    return 0;
}

/* The bias keys: all there, or none (bias=False); model_args bias agreeing. */
static int bias_present(Import *im, int L, int *has_bias)
{
    char name[96];
    int present = 0, total = 0;
    char missing[96] = "";
    for (int l = -1; l < L; l++) {
        const NanoKey *keys = l < 0 ? NANO_GLOBAL_KEYS : NANO_BLOCK_KEYS;
        int n = l < 0 ? NANO_GLOBAL_COUNT : NANO_BLOCK_COUNT;
        for (int i = 0; i < n; i++) {
            if (!keys[i].is_bias)
                continue;
            nano_key_name(&keys[i], l, name, sizeof name);
            total++;
            if (sd_get(&im->sd, name))
                present++;
            else if (!missing[0])
                snprintf(missing, sizeof missing, "%s", name);
        }
    }
    *has_bias = present > 0;
    if (present && present != total)
        return ts_fail(im->err, "key %s is missing though other biases are there", missing);
    const PkObj *b = pk_dict_get(im->args, "bias");
    if (b && b->kind != PK_NONE && truthy(b) != *has_bias) {
        char said[32];
        snprintf(said, sizeof said, "%s", b->kind == PK_BOOL ? (b->u.i ? "True" : "False")
                                                             : pk_kind_name(b));
        return ts_fail(im->err, "model_args bias = %s but the weights have %s", said,
                       *has_bias ? "biases" : "none");
    }
    return 0;
}

/* The tied output layer: absent, or the token embedding's very numbers. */
static int check_head(Import *im, const Model *m, float *scratch)
{
    const SdKey *k = sd_get(&im->sd, NANO_LM_HEAD);
    if (!k)
        return 0;
    const PkTensor *t = k->t;
    size_t n = (size_t)m->cfg.vocab_size * (size_t)m->cfg.n_embd;
    int same = t->ndim == 2 && t->size[0] == (uint64_t)m->cfg.vocab_size &&
               t->size[1] == (uint64_t)m->cfg.n_embd && t->storage->dtype <= PK_BF16;
    const unsigned char *bytes;
    if (same && storage_bytes(im, t->storage, &bytes) != 0)
        return -1;
    if (same)
        gather_view(t, bytes, scratch);
    for (size_t i = 0; same && i < n; i++)
        same = scratch[i] == m->w.wte[i];
    if (!same) {
        char s[96];
        shape_text(t, s, sizeof s, '(', ')');
        return ts_fail(im->err, "%s %s differs from transformer.wte.weight: an untied output "
                       "layer, tangscope's reuses the token embedding", NANO_LM_HEAD, s);
    }
    return 0;
}

/* gather: every tensor into m's block, in nanoGPT's key order. */
static int gather(Import *im, Model *m)
{
    ParamInfo t[P_COUNT];
    param_table(&m->cfg, t);
    int has_bias, L = m->cfg.n_layer;
    if (bias_present(im, L, &has_bias) != 0)
        return -1;
    char name[96];
    for (int i = 0; i < NANO_GLOBAL_COUNT; i++) {
        const NanoKey *k = &NANO_GLOBAL_KEYS[i];
        const ParamInfo *p = &t[k->param];
        if (take(im, k->key, p->shape, p->ndim, k->is_bias && !has_bias,
                 m->params + p->offset) != 0)
            return -1;
    }
    for (int i = 0; i < NANO_BLOCK_COUNT; i++)
        for (int l = 0; l < L; l++) {
            const NanoKey *k = &NANO_BLOCK_KEYS[i];
            const ParamInfo *p = &t[k->param];
            size_t one = p->size / (size_t)L;
            nano_key_name(k, l, name, sizeof name);
            if (take(im, name, p->shape + 1, p->ndim - 1, k->is_bias && !has_bias,
                     m->params + p->offset + (size_t)l * one) != 0)
                return -1;
        }
    float *scratch = malloc(t[P_WTE].size * sizeof *scratch);
    if (!scratch)
        return oom(im);
    int rc = check_head(im, m, scratch);
    free(scratch);
    return rc;
}

/* ---- the vocabulary ---- */

/* The one code point of a string of one character, or -1. */
static long one_char(const PkObj *o)
{
    if (o->kind != PK_STR || o->u.str.len == 0 || o->u.str.len > 4)
        return -1;
    const unsigned char *s = (const unsigned char *)o->u.str.s;
    size_t n = s[0] < 0x80 ? 1 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
    if (n != o->u.str.len)
        return -1;
    long cp = n == 1 ? s[0] : s[0] & (0x3f >> (n - 1));
    for (size_t i = 1; i < n; i++)
        cp = cp << 6 | (s[i] & 0x3f);
    return cp;
}

typedef struct {
    int64_t id;         /* the token id */
    const PkObj *token; /* its string */
    size_t order;       /* where the pair was in the pickle: the last of an id holds */
    long cp;
} VocabPair;

static int by_cp(const void *a, const void *b)
{
    const VocabPair *x = a, *y = b;
    if (x->cp != y->cp)
        return (x->cp > y->cp) - (x->cp < y->cp);
    return (x->order > y->order) - (x->order < y->order);
}

static int by_id(const void *a, const void *b)
{
    const VocabPair *x = a, *y = b;
    if (x->id != y->id)
        return (x->id > y->id) - (x->id < y->id);
    return (x->order > y->order) - (x->order < y->order);
}

/* itos as (id, token) pairs: meta's itos (a dict, a list or a tuple), or
 * stoi turned round. *n pairs in *pairs (malloc'd), or -1 with the message. */
static int itos_pairs(Import *im, const PkObj *meta, VocabPair **pairs, size_t *n)
{
    const PkObj *itos = pk_dict_get(meta, "itos"), *stoi = pk_dict_get(meta, "stoi");
    int from_stoi = (!itos || itos->kind == PK_NONE) && stoi && stoi->kind == PK_DICT;
    const PkObj *src = from_stoi ? stoi : itos;
    if (!src || (src->kind != PK_DICT && src->kind != PK_LIST && src->kind != PK_TUPLE))
        return ts_fail(im->err, "no itos or stoi dict: not a character vocabulary (a GPT-2 BPE "
                       "model has none)");
    int dict = src->kind == PK_DICT;
    *n = dict ? src->u.seq.n / 2 : src->u.seq.n;
    *pairs = calloc(*n ? *n : 1, sizeof **pairs);
    if (!*pairs)
        return oom(im);
    for (size_t i = 0; i < *n; i++) {
        const PkObj *id = dict ? src->u.seq.items[2 * i + (from_stoi ? 1 : 0)] : NULL;
        const PkObj *tok = dict ? src->u.seq.items[2 * i + (from_stoi ? 0 : 1)]
                                : src->u.seq.items[i];
        if (id && id->kind != PK_INT && id->kind != PK_BOOL)
            return ts_fail(im->err, "itos ids are not 0..%lld (one is a %s)",
                           (long long)*n - 1, pk_kind_name(id));
        (*pairs)[i] = (VocabPair){id ? id->u.i : (int64_t)i, tok, i, -1};
    }
    /* the last pair of each id holds, as a Python dict keeps it */
    qsort(*pairs, *n, sizeof **pairs, by_id);
    size_t d = 0;
    for (size_t i = 0; i < *n; i++) {
        if (d && (*pairs)[d - 1].id == (*pairs)[i].id)
            d--;
        (*pairs)[d++] = (*pairs)[i];
    }
    *n = d;
    if (d && ((*pairs)[0].id != 0 || (*pairs)[d - 1].id != (int64_t)d - 1))
        return ts_fail(im->err, "itos ids are not 0..%lld", (long long)d - 1);
    return 0;
}

/* Each token one character, none twice; returns the code points by id. */
static int token_chars(Import *im, VocabPair *p, size_t n)
{
    TsQuoted q;
    for (size_t i = 0; i < n; i++) {
        p[i].cp = one_char(p[i].token);
        if (p[i].cp >= 0xD800 && p[i].cp <= 0xDFFF)
            return ts_fail(im->err, "token %zu: code point 0x%lX is a surrogate", i, p[i].cp);
        if (p[i].cp >= 0)
            continue;
        if (p[i].token->kind == PK_STR)
            return ts_fail(im->err, "token %zu is %s: tangscope reads one character per token, "
                           "not words or bytes", i,
                           quoted(&q, p[i].token->u.str.s, p[i].token->u.str.len));
        if (p[i].token->kind == PK_INT)
            return ts_fail(im->err, "token %zu is %lld: tangscope reads one character per token, "
                           "not words or bytes", i, (long long)p[i].token->u.i);
        return ts_fail(im->err, "token %zu is of type %s: tangscope reads one character per "
                       "token, not words or bytes", i, pk_kind_name(p[i].token));
    }
    return 0;
}

/* stoi, where there is one, gives each character its itos id. */
static int check_stoi(Import *im, const PkObj *meta, const VocabPair *by_cp_order, size_t n)
{
    const PkObj *stoi = pk_dict_get(meta, "stoi");
    if (!stoi || stoi->kind != PK_DICT)
        return 0;
    size_t m = stoi->u.seq.n / 2, k = 0;
    VocabPair *s = calloc(m ? m : 1, sizeof *s);
    if (!s)
        return oom(im);
    for (size_t i = 0; i < m; i++) {
        const PkObj *key = stoi->u.seq.items[2 * i], *v = stoi->u.seq.items[2 * i + 1];
        long cp = one_char(key);
        if (cp >= 0)
            s[k++] = (VocabPair){v->kind == PK_INT || v->kind == PK_BOOL ? v->u.i : -1, v, i, cp};
    }
    qsort(s, k, sizeof *s, by_cp);
    int ok = 1;
    for (size_t i = 0, j = 0; ok && i < n; i++) {
        while (j < k && s[j].cp < by_cp_order[i].cp)
            j++;
        size_t last = j; /* the last pair for this character holds */
        while (last + 1 < k && s[last + 1].cp == by_cp_order[i].cp)
            last++;
        ok = j < k && s[j].cp == by_cp_order[i].cp && s[last].id == by_cp_order[i].id;
    }
    free(s);
    return ok ? 0 : ts_fail(im->err, "stoi and itos disagree");
}

/* vocabulary: the code points, in tangscope's order (by code point), into
 * cps[V]; perm[j] the nanoGPT id of tangscope's token j. */
static int vocabulary(Import *im, int V, uint32_t *cps, int *perm)
{
    im->blame = NANO_BLAME_META;
    const PkObj *meta = im->meta.root;
    VocabPair *p = NULL;
    size_t n = 0;
    int rc = itos_pairs(im, meta, &p, &n);
    if (rc == 0)
        rc = token_chars(im, p, n);
    if (rc == 0) {
        qsort(p, n, sizeof *p, by_cp);
        for (size_t i = 1; rc == 0 && i < n; i++)
            if (p[i].cp == p[i - 1].cp)
                rc = ts_fail(im->err, "a character has two token ids");
    }
    if (rc == 0)
        rc = check_stoi(im, meta, p, n);
    if (rc == 0 && n < (size_t)V) /* rows no character names: a padded vocabulary */
        rc = ts_fail(im->err, "meta.pkl has %zu characters but transformer.wte.weight has %d "
                     "rows: a padded vocabulary (train.py pads to 50304 when it finds no "
                     "meta.pkl), whose extra rows take a share of every prediction; train with "
                     "vocab_size the number of characters, meta.pkl beside the data", n, V);
    else if (rc == 0 && n != (size_t)V)
        rc = ts_fail(im->err, "meta.pkl has %zu characters but transformer.wte.weight has %d "
                     "rows", n, V);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        cps[i] = (uint32_t)p[i].cp;
        perm[i] = (int)p[i].id;
    }
    free(p);
    return rc;
}

/* ---- the numerics ---- */

static int numerics(Import *im, const NanoOptions *opt, ModelNumerics *num)
{
    const PkObj *g = pk_dict_get(im->top, NANO_GELU_KEY);
    const PkObj *e = pk_dict_get(im->top, NANO_EPS_KEY);
    TsQuoted q;
    num->gelu = GELU_ERF;
    if (opt->gelu_given)
        num->gelu = opt->gelu;
    else if (g && truthy(g) && pk_is_str(g, "tanh"))
        num->gelu = GELU_TANH;
    else if (g && truthy(g) && !pk_is_str(g, "erf"))
        return g->kind == PK_STR
                   ? ts_fail(im->err, "unknown GELU %s", quoted(&q, g->u.str.s, g->u.str.len))
                   : ts_fail(im->err, "unknown GELU (a %s)", pk_kind_name(g));
    double eps = 1e-5;
    if (opt->ln_eps_given)
        eps = opt->ln_eps;
    else if (e && (e->kind == PK_FLOAT || e->kind == PK_INT || e->kind == PK_BOOL))
        eps = e->kind == PK_FLOAT ? e->u.f : (double)e->u.i;
    else if (e)
        return ts_fail(im->err, "%s is a %s, not a number", NANO_EPS_KEY, pk_kind_name(e));
    float f = eps > 0 && eps <= 1 ? (float)eps : 0.0f;
    if (!(f > 0 && f <= 0.1f))
        return ts_fail(im->err, "LayerNorm epsilon %g is not in (0, 0.1]", eps);
    num->ln_eps = f;
    return 0;
}

/* ---- the archive and the pickles ---- */

/* The one top-level folder holding data.pkl ("archive/" as torch.save names it). */
static int find_prefix(Import *im)
{
    size_t found = 0;
    for (size_t i = 0; i < im->zip.count; i++) {
        const PtZipEntry *e = &im->zip.entries[i];
        const char *slash = memchr(e->name, '/', e->name_len);
        size_t at = slash ? (size_t)(slash - e->name) + 1 : 0;
        if (!slash || e->name_len - at != 8 || memcmp(e->name + at, "data.pkl", 8) != 0)
            continue;
        if (++found == 1 && at < sizeof im->prefix) {
            memcpy(im->prefix, e->name, at);
            im->prefix[at] = 0;
            im->prefix_len = at;
        }
    }
    if (found != 1 || !im->prefix_len)
        return ts_fail(im->err, "no single <folder>/data.pkl in the archive: not a torch.save "
                       "checkpoint");
    return 0;
}

/* An entry of the archive's folder, read whole (at most limit bytes); NULL
 * *data when the archive has no such entry. */
static int read_entry(Import *im, const char *name, uint64_t limit, const unsigned char **data,
                      size_t *len, unsigned char **owned)
{
    char full[300];
    snprintf(full, sizeof full, "%s%s", im->prefix, name);
    const PtZipEntry *e = ptzip_find(&im->zip, full, strlen(full));
    *data = NULL;
    *owned = NULL;
    if (!e)
        return 0;
    *len = (size_t)e->usize;
    return ptzip_read(&im->zip, e, limit, data, owned, im->err);
}

static int open_archive(Import *im, const unsigned char *ckpt, size_t len)
{
    if (ptzip_open(&im->zip, ckpt, len, im->err) != 0) {
        char why[TS_ERR_MAX];
        snprintf(why, sizeof why, "%s", im->err->msg);
        return ts_fail(im->err, "not a readable zip archive (%s): a truncated file, or a "
                       "checkpoint from PyTorch older than 1.6", why);
    }
    if (find_prefix(im) != 0)
        return -1;
    const unsigned char *b;
    unsigned char *owned;
    size_t n = 0;
    if (read_entry(im, "byteorder", 64, &b, &n, &owned) != 0)
        return -1;
    while (b && n && (b[n - 1] == '\n' || b[n - 1] == ' ' || b[n - 1] == '\r'))
        n--;
    if (b && !(n == 6 && memcmp(b, "little", 6) == 0)) {
        TsQuoted q;
        ts_fail(im->err, "storages are %s-endian; only little-endian checkpoints are read",
                quoted(&q, (const char *)b, n));
        free(owned);
        return -1;
    }
    free(owned);
    if (read_entry(im, "data.pkl", NANO_PKL_MAX, &b, &n, &owned) != 0)
        return -1;
    if (!b)
        return ts_fail(im->err, "no data.pkl in the archive: not a torch.save checkpoint");
    int rc = unpickle(&im->data, b, n, PK_ALLOW_TENSORS, "data.pkl", im->err);
    if (owned) { /* the values point into the pickle: keep it as long as they live */
        unsigned char **more = realloc(im->inflated, (im->n_inflated + 1) * sizeof *more);
        if (!more) {
            free(owned);
            return oom(im);
        }
        im->inflated = more;
        im->inflated[im->n_inflated++] = owned;
    }
    return rc;
}

static int read_meta(Import *im, const unsigned char *meta, size_t len)
{
    if (len > NANO_PKL_MAX)
        return ts_fail(im->err, "too large; a meta.pkl may hold at most %u MB",
                       NANO_PKL_MAX >> 20);
    if (unpickle(&im->meta, meta, len, PK_ALLOW_NOTHING, "meta.pkl", im->err) != 0)
        return -1;
    if (im->meta.root->kind != PK_DICT)
        return ts_fail(im->err, "holds a %s, not a dict with stoi and itos",
                       pk_kind_name(im->meta.root));
    return 0;
}

/* ---- the whole ---- */

/* The vocabulary in tangscope's order, and the token embedding's rows moved with it. */
static int order_vocabulary(Import *im, Model *m)
{
    int V = m->cfg.vocab_size, C = m->cfg.n_embd;
    uint32_t *cps = calloc((size_t)V, sizeof *cps);
    int *perm = calloc((size_t)V, sizeof *perm);
    float *wte = malloc((size_t)V * (size_t)C * sizeof *wte);
    int rc = cps && perm && wte ? vocabulary(im, V, cps, perm) : oom(im);
    if (rc == 0) {
        memcpy(wte, m->w.wte, (size_t)V * (size_t)C * sizeof *wte);
        for (int j = 0; j < V; j++)
            memcpy(m->w.wte + (size_t)j * (size_t)C, wte + (size_t)perm[j] * (size_t)C,
                   (size_t)C * sizeof *wte);
        memcpy(m->vocab.cps, cps, (size_t)V * sizeof *cps);
    }
    free(cps);
    free(perm);
    free(wte);
    return rc;
}

static int to_model(Import *im, const NanoOptions *opt, Model *m)
{
    int L = 0;
    ModelConfig cfg;
    if (split_checkpoint(im, im->data.root) != 0 || check_keys(im, &L) != 0 ||
        shape_config(im, L, opt->n_head, &cfg) != 0)
        return -1;
    /* a stand-in vocabulary until the map has the weights (as the reference's order) */
    uint32_t *ids = calloc((size_t)cfg.vocab_size, sizeof *ids);
    Vocab v;
    if (!ids || vocab_from_cps(&v, ids, cfg.vocab_size, im->err) != 0) {
        free(ids);
        return oom(im);
    }
    free(ids);
    int rc = model_init(m, &cfg, &v, 1, im->err);
    vocab_free(&v);
    if (rc != 0)
        return oom(im);
    im->n_params = m->n_params;
    if (gather(im, m) != 0 || order_vocabulary(im, m) != 0)
        return -1;
    im->blame = NANO_BLAME_CHECKPOINT;
    return numerics(im, opt, &m->num);
}

int nanogpt_import(Model *m, const unsigned char *ckpt, size_t ckpt_len,
                   const unsigned char *meta, size_t meta_len, const NanoOptions *opt,
                   NanoBlame *blame, TsErr *err)
{
    Import im;
    memset(&im, 0, sizeof im);
    memset(m, 0, sizeof *m);
    im.err = err;
    err->code = 0;
    im.blame = NANO_BLAME_CHECKPOINT;
    int rc = open_archive(&im, ckpt, ckpt_len);
    if (rc == 0) {
        im.blame = NANO_BLAME_META;
        rc = read_meta(&im, meta, meta_len);
    }
    if (rc == 0) {
        im.blame = NANO_BLAME_CHECKPOINT;
        rc = to_model(&im, opt, m);
    }
    *blame = im.blame;
    if (rc != 0)
        model_free(m);
    for (size_t i = 0; i < im.n_inflated; i++)
        free(im.inflated[i]);
    free(im.inflated);
    free(im.sd.keys);
    free(im.sd.slot);
    pickle_free(&im.data);
    pickle_free(&im.meta);
    ptzip_close(&im.zip);
    return rc;
}
