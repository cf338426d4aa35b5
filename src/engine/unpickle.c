/* unpickle.c - the restricted pickle reader (unpickle.h).
 *
 * The machine: a stack of values, a stack of marks (where a MARK opcode
 * left the stack's height), and a memo (index -> value) for values the
 * pickle refers to again. Each opcode is one case of a switch; what the
 * opcodes mean is Python's pickletools' documentation, protocol by protocol.
 * Values live in an arena freed at once, so a value referred to twice (a
 * memo) is never freed twice and nothing walks the values recursively.
 */
#include "engine/unpickle.h"

#include <math.h>
#include <stdarg.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define MEMO_MAX (1u << 18) /* entries; a checkpoint uses some 30 a tensor */

/* ---- the arena ---- */

typedef struct Chunk {
    struct Chunk *next;
    size_t size, used;
    max_align_t data[];
} Chunk;

struct PkArena {
    Chunk *head;
    size_t total;
};

/* bytes of zeroed memory from a, or NULL past PK_MAX_BYTES or out of memory */
static void *arena_alloc(PkArena *a, size_t bytes)
{
    bytes = (bytes + alignof(max_align_t) - 1) / alignof(max_align_t) * alignof(max_align_t);
    if (bytes > PK_MAX_BYTES || a->total + bytes > PK_MAX_BYTES)
        return NULL;
    Chunk *c = a->head;
    if (!c || c->size - c->used < bytes) {
        size_t size = bytes > (1u << 16) ? bytes : (1u << 16);
        c = calloc(1, sizeof *c + size);
        if (!c)
            return NULL;
        c->size = size;
        c->next = a->head;
        a->head = c;
    }
    void *p = (unsigned char *)c->data + c->used;
    c->used += bytes;
    a->total += bytes;
    return p;
}

static void arena_free(PkArena *a)
{
    while (a && a->head) {
        Chunk *next = a->head->next;
        free(a->head);
        a->head = next;
    }
    free(a);
}

/* ---- names ---- */

static const struct {
    const char *storage, *dtype;
    int size;
} DTYPES[PK_DTYPE_COUNT] = {
    [PK_F32] = {"FloatStorage", "float32", 4},  [PK_F64] = {"DoubleStorage", "float64", 8},
    [PK_F16] = {"HalfStorage", "float16", 2},   [PK_BF16] = {"BFloat16Storage", "bfloat16", 2},
    [PK_I64] = {"LongStorage", "int64", 8},     [PK_I32] = {"IntStorage", "int32", 4},
    [PK_I16] = {"ShortStorage", "int16", 2},    [PK_I8] = {"CharStorage", "int8", 1},
    [PK_U8] = {"ByteStorage", "uint8", 1},      [PK_B8] = {"BoolStorage", "bool", 1},
};

const char *pk_dtype_storage(PkDtype d) { return DTYPES[d].storage; }
const char *pk_dtype_name(PkDtype d) { return DTYPES[d].dtype; }
int pk_dtype_size(PkDtype d) { return DTYPES[d].size; }

/* The globals a checkpoint may name besides the storage types (whose
 * PK_GLOBAL value is G_STORAGE + the dtype). */
enum { G_REBUILD_TENSOR, G_REBUILD_PARAMETER, G_REBUILD_PARAMETER_STATE, G_ORDERED_DICT,
       G_STORAGE };
static const struct {
    const char *module, *name;
} GLOBALS[G_STORAGE] = {
    [G_REBUILD_TENSOR] = {"torch._utils", "_rebuild_tensor_v2"},
    [G_REBUILD_PARAMETER] = {"torch._utils", "_rebuild_parameter"},
    [G_REBUILD_PARAMETER_STATE] = {"torch._utils", "_rebuild_parameter_with_state"},
    [G_ORDERED_DICT] = {"collections", "OrderedDict"},
};

const char *pk_kind_name(const PkObj *o)
{
    static const char *const NAMES[] = {"NoneType", "bool",  "int",  "int",      "float",
                                        "str",      "bytes", "tuple", "list",    "dict",
                                        "function", "storage", "Tensor"};
    return NAMES[o->kind];
}

/* ---- the machine ---- */

typedef struct {
    const unsigned char *d;
    size_t len, pos;
    PkAllow allow;
    const char *what;
    TsErr *err;
    PkArena *arena;
    PkObj **stack;
    size_t sp, scap;
    size_t marks[PK_MAX_DEPTH];
    int nmarks;
    uint64_t *memo_keys; /* index + 1; 0: an empty slot */
    PkObj **memo_vals;
    size_t memo_n, memo_cap;
} Unpickler;

static int out_of_room(Unpickler *u)
{
    return ts_fail(u->err, "%s: its values need more than %u MB (a checkpoint's need far less)",
                   u->what, PK_MAX_BYTES >> 20);
}

static PkObj *new_obj(Unpickler *u, PkKind kind)
{
    PkObj *o = arena_alloc(u->arena, sizeof *o);
    if (!o) {
        out_of_room(u);
        return NULL;
    }
    o->kind = kind;
    return o;
}

static int push(Unpickler *u, PkObj *o)
{
    if (!o)
        return -1;
    if (u->sp == u->scap) {
        if (u->scap >= PK_MAX_STACK)
            return ts_fail(u->err, "%s: more than %u values on its stack at once", u->what,
                           PK_MAX_STACK);
        size_t cap = u->scap ? u->scap * 2 : 64;
        PkObj **s = realloc(u->stack, cap * sizeof *s);
        if (!s)
            return out_of_room(u);
        u->stack = s;
        u->scap = cap;
    }
    u->stack[u->sp++] = o;
    return 0;
}

static int push_new(Unpickler *u, PkKind kind, PkObj **made)
{
    *made = new_obj(u, kind);
    return push(u, *made);
}

/* The stack's height where the last mark was; the values above it are
 * the mark's. */
static size_t mark_base(Unpickler *u) { return u->nmarks ? u->marks[u->nmarks - 1] : 0; }

static PkObj *pop(Unpickler *u)
{
    if (u->sp <= mark_base(u)) {
        ts_fail(u->err, "%s is not a readable pickle: it takes a value from an empty stack "
                "(byte %zu)", u->what, u->pos);
        return NULL;
    }
    return u->stack[--u->sp];
}

static PkObj *top(Unpickler *u)
{
    if (u->sp <= mark_base(u)) {
        ts_fail(u->err, "%s is not a readable pickle: it uses a value from an empty stack "
                "(byte %zu)", u->what, u->pos);
        return NULL;
    }
    return u->stack[u->sp - 1];
}

/* n bytes of argument at the current position, or NULL past the end. */
static const unsigned char *take(Unpickler *u, size_t n)
{
    if (n > u->len - u->pos) {
        ts_fail(u->err, "%s is not a readable pickle: it ends in the middle (truncated?)",
                u->what);
        return NULL;
    }
    const unsigned char *p = u->d + u->pos;
    u->pos += n;
    return p;
}

static uint64_t le(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* ---- the memo: open addressing, sized by the entries it holds ---- */

static int memo_grow(Unpickler *u)
{
    size_t cap = u->memo_cap ? u->memo_cap * 2 : 64;
    uint64_t *keys = calloc(cap, sizeof *keys);
    PkObj **vals = calloc(cap, sizeof *vals);
    if (!keys || !vals) {
        free(keys);
        free(vals);
        return out_of_room(u);
    }
    for (size_t i = 0; i < u->memo_cap; i++) {
        if (!u->memo_keys[i])
            continue;
        size_t h = (size_t)(u->memo_keys[i] * 0x9E3779B97F4A7C15u) & (cap - 1);
        while (keys[h])
            h = (h + 1) & (cap - 1);
        keys[h] = u->memo_keys[i];
        vals[h] = u->memo_vals[i];
    }
    free(u->memo_keys);
    free(u->memo_vals);
    u->memo_keys = keys;
    u->memo_vals = vals;
    u->memo_cap = cap;
    return 0;
}

/* The slot of index, found or (if absent) where it would go. */
static size_t memo_slot(const Unpickler *u, uint64_t index)
{
    size_t h = (size_t)((index + 1) * 0x9E3779B97F4A7C15u) & (u->memo_cap - 1);
    while (u->memo_keys[h] && u->memo_keys[h] != index + 1)
        h = (h + 1) & (u->memo_cap - 1);
    return h;
}

static int memo_put(Unpickler *u, uint64_t index)
{
    PkObj *o = top(u);
    if (!o)
        return -1;
    if ((u->memo_n + 1) * 2 > u->memo_cap) {
        if (u->memo_n >= MEMO_MAX)
            return ts_fail(u->err, "%s: more than %u values kept for reuse (a checkpoint keeps "
                           "far fewer)", u->what, MEMO_MAX);
        if (memo_grow(u) != 0)
            return -1;
    }
    size_t h = memo_slot(u, index);
    if (!u->memo_keys[h])
        u->memo_n++;
    u->memo_keys[h] = index + 1;
    u->memo_vals[h] = o;
    return 0;
}

static int memo_get(Unpickler *u, uint64_t index)
{
    size_t h = u->memo_cap ? memo_slot(u, index) : 0;
    if (!u->memo_cap || !u->memo_keys[h])
        return ts_fail(u->err, "%s is not a readable pickle: it reuses value %llu, which it "
                       "never kept", u->what, (unsigned long long)index);
    return push(u, u->memo_vals[h]);
}

/* ---- containers ---- */

/* Append n values to a sequence (a dict's items go in as key, value). */
static int seq_add(Unpickler *u, PkObj *s, PkObj *const *items, size_t n)
{
    if (n == 0) /* an empty APPENDS or SETITEMS: nothing to copy, nowhere yet to copy it */
        return 0;
    if (n > s->u.seq.cap - s->u.seq.n) {
        size_t cap = s->u.seq.cap ? s->u.seq.cap : 4;
        while (cap - s->u.seq.n < n) {
            if (cap > PK_MAX_BYTES / sizeof(PkObj *))
                return out_of_room(u);
            cap *= 2;
        }
        PkObj **bigger = arena_alloc(u->arena, cap * sizeof *bigger);
        if (!bigger)
            return out_of_room(u);
        if (s->u.seq.n)
            memcpy(bigger, s->u.seq.items, s->u.seq.n * sizeof *bigger);
        s->u.seq.items = bigger;
        s->u.seq.cap = cap;
    }
    memcpy(s->u.seq.items + s->u.seq.n, items, n * sizeof *items);
    s->u.seq.n += n;
    return 0;
}

static int open_mark(Unpickler *u)
{
    if (u->nmarks == PK_MAX_DEPTH)
        return ts_fail(u->err, "%s: nested more than %d deep (a checkpoint is nested a few "
                       "levels)", u->what, PK_MAX_DEPTH);
    u->marks[u->nmarks++] = u->sp;
    return 0;
}

/* The values since the last mark: *items, *n; the mark is closed, the
 * values taken off the stack (they stay valid until the next push). */
static int close_mark(Unpickler *u, PkObj ***items, size_t *n)
{
    if (!u->nmarks)
        return ts_fail(u->err, "%s is not a readable pickle: a mark is closed that was never "
                       "opened (byte %zu)", u->what, u->pos);
    size_t base = u->marks[--u->nmarks];
    *items = u->stack ? u->stack + base : NULL; /* no value pushed yet: no stack */
    *n = u->sp - base;
    u->sp = base;
    return 0;
}

/* TUPLE, LIST, DICT from the mark; APPENDS, SETITEMS onto the value below it. */
static int from_mark(Unpickler *u, PkKind kind, int onto)
{
    PkObj **items = NULL;
    size_t n = 0;
    if (close_mark(u, &items, &n) != 0)
        return -1;
    PkObj *s = onto ? top(u) : new_obj(u, kind);
    if (!s)
        return -1;
    if (onto && s->kind != kind)
        return ts_fail(u->err, "%s is not a readable pickle: it adds items to a %s (byte %zu)",
                       u->what, pk_kind_name(s), u->pos);
    if (kind == PK_DICT && n % 2)
        return ts_fail(u->err, "%s is not a readable pickle: a dict's key has no value "
                       "(byte %zu)", u->what, u->pos);
    if (seq_add(u, s, items, n) != 0)
        return -1;
    return onto ? 0 : push(u, s);
}

/* TUPLE1..3 and APPEND, SETITEM: a fixed count of values from the stack. */
static int from_stack(Unpickler *u, PkKind kind, size_t n, int onto)
{
    if (u->sp - mark_base(u) < n + (size_t)onto)
        return pop(u) ? 0 : -1; /* the message of an empty stack */
    PkObj **items = u->stack + u->sp - n;
    PkObj *s = onto ? u->stack[u->sp - n - 1] : new_obj(u, kind);
    if (!s)
        return -1;
    if (onto && s->kind != kind)
        return ts_fail(u->err, "%s is not a readable pickle: it adds items to a %s (byte %zu)",
                       u->what, pk_kind_name(s), u->pos);
    if (seq_add(u, s, items, n) != 0)
        return -1;
    u->sp -= n;
    return onto ? 0 : push(u, s);
}

/* ---- strings and numbers ---- */

/* UTF-8 as Python's pickle writes it: lone surrogates allowed (surrogatepass). */
static int utf8_ok(const unsigned char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        unsigned c = s[i];
        size_t more = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2
                                   : (c & 0xf8) == 0xf0 ? 3 : 9;
        if (more == 9 || (more == 1 && c < 0xc2) || more > len - i - 1 + (more == 0))
            return 0;
        uint32_t cp = more ? c & (0x3fu >> more) : c;
        for (size_t k = 1; k <= more; k++) {
            if ((s[i + k] & 0xc0) != 0x80)
                return 0;
            cp = cp << 6 | (s[i + k] & 0x3fu);
        }
        if ((more == 2 && cp < 0x800) || (more == 3 && (cp < 0x10000 || cp > 0x10ffff)))
            return 0;
        i += more + 1;
    }
    return 1;
}

static int push_string(Unpickler *u, int len_bytes, PkKind kind)
{
    const unsigned char *p = take(u, (size_t)len_bytes);
    if (!p)
        return -1;
    uint64_t n = le(p, len_bytes);
    const unsigned char *s = n <= u->len - u->pos ? take(u, (size_t)n) : take(u, u->len + 1);
    if (!s)
        return -1;
    if (kind == PK_STR && !utf8_ok(s, (size_t)n))
        return ts_fail(u->err, "%s is not a readable pickle: a string at byte %zu is not "
                       "UTF-8", u->what, (size_t)(s - u->d));
    PkObj *o;
    if (push_new(u, kind, &o) != 0)
        return -1;
    o->u.str.s = (const char *)s;
    o->u.str.len = (size_t)n;
    return 0;
}

static int push_int(Unpickler *u, int64_t v)
{
    PkObj *o;
    if (push_new(u, PK_INT, &o) != 0)
        return -1;
    o->u.i = v;
    return 0;
}

/* BININT1, BININT2 (unsigned), BININT (signed 32 bits). */
static int push_binint(Unpickler *u, int n)
{
    const unsigned char *p = take(u, (size_t)n);
    if (!p)
        return -1;
    uint64_t v = le(p, n);
    return push_int(u, n == 4 ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v);
}

/* LONG1, LONG4: a little-endian two's complement number of n bytes. */
static int push_long(Unpickler *u, int len_bytes)
{
    const unsigned char *p = take(u, (size_t)len_bytes);
    if (!p)
        return -1;
    uint64_t n = le(p, len_bytes);
    const unsigned char *b = n <= u->len - u->pos ? take(u, (size_t)n) : take(u, u->len + 1);
    if (!b)
        return -1;
    if (n > 8) {
        PkObj *o;
        return push_new(u, PK_BIGINT, &o);
    }
    uint64_t v = n ? le(b, (int)n) : 0;
    if (n && n < 8 && (b[n - 1] & 0x80))
        v |= ~(uint64_t)0 << (8 * n); /* the sign, extended */
    return push_int(u, (int64_t)v);
}

static int push_float(Unpickler *u)
{
    const unsigned char *p = take(u, 8);
    if (!p)
        return -1;
    uint64_t bits = 0;
    for (int i = 0; i < 8; i++) /* big-endian */
        bits = bits << 8 | p[i];
    PkObj *o;
    if (push_new(u, PK_FLOAT, &o) != 0)
        return -1;
    memcpy(&o->u.f, &bits, sizeof o->u.f);
    return 0;
}

/* ---- globals, tensors, storages ---- */

static int refuse_global(Unpickler *u, const char *module, size_t mlen, const char *name,
                         size_t nlen)
{
    char full[TS_QUOTE_MAX];
    size_t m = mlen < 90 ? mlen : 90, n = nlen < 90 ? nlen : 90;
    memcpy(full, module, m);
    full[m] = '.';
    memcpy(full + m + 1, name, n);
    full[m + 1 + n] = 0;
    if (memchr(full, 0, m + 1 + n)) /* a NUL in the name: shown as such */
        for (size_t i = 0; i < m + 1 + n; i++)
            full[i] = full[i] ? full[i] : '?';
    TsQuoted q;
    if (u->allow == PK_ALLOW_NOTHING)
        return ts_fail(u->err, "%s refers to %s; a vocabulary needs no code: refused", u->what,
                       ts_quote(&q, full));
    /* a class as the first value: torch.save(model), the module pickled whole */
    if (u->sp == 0 && u->nmarks == 0 && nlen > 0 && name[0] >= 'A' && name[0] <= 'Z')
        return ts_fail(u->err, "%s holds an object of class %s, not weights: a model saved whole "
                       "(torch.save(model)) is refused, since loading it runs its code; save "
                       "torch.save(model.state_dict(), PATH) or train.py's checkpoint instead",
                       u->what, ts_quote(&q, full));
    return ts_fail(u->err, "%s refers to %s, which no checkpoint needs: refused (the file may "
                   "be unsafe)", u->what, ts_quote(&q, full));
}

static int eq(const char *s, size_t len, const char *want)
{
    return strlen(want) == len && memcmp(s, want, len) == 0;
}

static int push_global(Unpickler *u, const char *module, size_t mlen, const char *name,
                       size_t nlen)
{
    int g = -1;
    for (int i = 0; i < G_STORAGE && u->allow == PK_ALLOW_TENSORS; i++)
        if (eq(module, mlen, GLOBALS[i].module) && eq(name, nlen, GLOBALS[i].name))
            g = i;
    for (int d = 0; d < PK_DTYPE_COUNT && u->allow == PK_ALLOW_TENSORS; d++)
        if (eq(module, mlen, "torch") && eq(name, nlen, DTYPES[d].storage))
            g = G_STORAGE + d;
    if (g < 0)
        return refuse_global(u, module, mlen, name, nlen);
    PkObj *o;
    if (push_new(u, PK_GLOBAL, &o) != 0)
        return -1;
    o->u.global = g;
    return 0;
}

/* GLOBAL: "module\nname\n" in the opcode's argument. */
static int op_global(Unpickler *u)
{
    const char *m = (const char *)u->d + u->pos;
    const char *nl = memchr(m, '\n', u->len - u->pos);
    const char *n = nl ? nl + 1 : NULL;
    const char *nl2 = n ? memchr(n, '\n', (size_t)((const char *)u->d + u->len - n)) : NULL;
    if (!nl2)
        return take(u, u->len + 1) ? 0 : -1;
    u->pos = (size_t)((const unsigned char *)nl2 + 1 - u->d);
    return push_global(u, m, (size_t)(nl - m), n, (size_t)(nl2 - n));
}

static int op_stack_global(Unpickler *u)
{
    PkObj *name = pop(u), *module = name ? pop(u) : NULL;
    if (!module)
        return -1;
    if (module->kind != PK_STR || name->kind != PK_STR)
        return ts_fail(u->err, "%s is not a readable pickle: a global named by a %s and a %s",
                       u->what, pk_kind_name(module), pk_kind_name(name));
    return push_global(u, module->u.str.s, module->u.str.len, name->u.str.s, name->u.str.len);
}

static int get_count(const PkObj *o, uint64_t *v)
{
    if (o->kind != PK_INT || o->u.i < 0)
        return -1;
    *v = (uint64_t)o->u.i;
    return 0;
}

/* BINPERSID: ('storage', torch.XStorage, key, location, numel). */
static int op_persid(Unpickler *u)
{
    PkObj *pid = pop(u);
    if (!pid)
        return -1;
    if (u->allow == PK_ALLOW_NOTHING)
        return ts_fail(u->err, "%s holds a reference to a storage; a vocabulary has none: "
                       "refused", u->what);
    PkObj **t = pid->kind == PK_TUPLE ? pid->u.seq.items : NULL;
    PkStorage s;
    if (!t || pid->u.seq.n != 5 || !pk_is_str(t[0], "storage") || t[1]->kind != PK_GLOBAL ||
        t[1]->u.global < G_STORAGE || t[2]->kind != PK_STR || get_count(t[4], &s.numel) != 0)
        return ts_fail(u->err, "%s has a reference (persistent id) that is not a storage "
                       "(byte %zu)", u->what, u->pos);
    s.dtype = (PkDtype)(t[1]->u.global - G_STORAGE);
    s.key = t[2]->u.str.s;
    s.key_len = t[2]->u.str.len;
    PkObj *o;
    if (push_new(u, PK_STORAGE, &o) != 0)
        return -1;
    o->u.storage = s;
    return 0;
}

/* A sequence of counts (a size or a stride) into v[]; its length, or -1. */
static int counts(const PkObj *o, uint64_t v[PK_MAX_DIMS])
{
    if (o->kind != PK_TUPLE && o->kind != PK_LIST)
        return -1;
    if (o->u.seq.n > PK_MAX_DIMS)
        return -2;
    for (size_t i = 0; i < o->u.seq.n; i++)
        if (get_count(o->u.seq.items[i], &v[i]) != 0)
            return -1;
    return (int)o->u.seq.n;
}

/* The tensor's last element lies inside its storage (a tensor of no
 * elements touches none). */
static int view_inside(Unpickler *u, const PkTensor *t)
{
    uint64_t last = t->offset;
    int over = 0;
    for (int i = 0; i < t->ndim && t->numel; i++) {
        uint64_t step = t->size[i] - 1;
        if (t->stride[i] && step > (UINT64_MAX - last) / t->stride[i])
            over = 1;
        else
            last += step * t->stride[i];
    }
    if (t->numel && (over || last >= t->storage->numel))
        return ts_fail(u->err, "%s: a tensor reaches past the end of its storage of %llu "
                       "elements", u->what, (unsigned long long)t->storage->numel);
    return 0;
}

/* _rebuild_tensor_v2(storage, offset, size, stride, requires_grad, hooks[, metadata]). */
static int rebuild_tensor(Unpickler *u, const PkObj *args, PkObj **made)
{
    PkObj **a = args->u.seq.items;
    PkTensor *t = arena_alloc(u->arena, sizeof *t);
    if (!t)
        return out_of_room(u);
    uint64_t ss[PK_MAX_DIMS];
    int n = args->u.seq.n >= 4 && a[0]->kind == PK_STORAGE ? counts(a[2], t->size) : -1;
    int m = n >= 0 ? counts(a[3], ss) : -1;
    if (n == -2 || m == -2)
        return ts_fail(u->err, "%s: a tensor of more than %d dimensions", u->what, PK_MAX_DIMS);
    if (n < 0 || m != n || get_count(a[1], &t->offset) != 0)
        return ts_fail(u->err, "%s: a tensor is not (storage, offset, size, stride) "
                       "(byte %zu)", u->what, u->pos);
    t->storage = &a[0]->u.storage;
    t->ndim = n;
    t->numel = 1;
    for (int i = 0; i < n; i++) {
        t->stride[i] = ss[i];
        t->numel = t->size[i] && t->numel > UINT64_MAX / t->size[i] ? UINT64_MAX
                                                                    : t->numel * t->size[i];
    }
    if (view_inside(u, t) != 0)
        return -1;
    *made = new_obj(u, PK_TENSOR);
    if (!*made)
        return -1;
    (*made)->u.tensor = t;
    return 0;
}

/* REDUCE: a call of an allowed global, read as what it makes. */
static int op_reduce(Unpickler *u)
{
    PkObj *args = pop(u), *f = args ? pop(u) : NULL;
    if (!f)
        return -1;
    if (f->kind != PK_GLOBAL || args->kind != PK_TUPLE)
        return ts_fail(u->err, "%s is not a readable pickle: it calls a %s (byte %zu)", u->what,
                       pk_kind_name(f), u->pos);
    PkObj *made = NULL;
    switch (f->u.global) {
    case G_ORDERED_DICT:
        if (args->u.seq.n == 0)
            return push_new(u, PK_DICT, &made);
        break;
    case G_REBUILD_TENSOR:
        return rebuild_tensor(u, args, &made) ? -1 : push(u, made);
    case G_REBUILD_PARAMETER:
    case G_REBUILD_PARAMETER_STATE:
        if (args->u.seq.n >= 1 && args->u.seq.items[0]->kind == PK_TENSOR)
            return push(u, args->u.seq.items[0]);
        break;
    default:
        break;
    }
    if (f->u.global >= G_STORAGE)
        return ts_fail(u->err, "%s calls torch.%s, which no checkpoint does: refused", u->what,
                       DTYPES[f->u.global - G_STORAGE].storage);
    return ts_fail(u->err, "%s calls %s.%s with arguments no checkpoint gives it: refused",
                   u->what, GLOBALS[f->u.global].module, GLOBALS[f->u.global].name);
}

/* ---- the opcodes ---- */

static int op_proto(Unpickler *u)
{
    const unsigned char *p = take(u, 1);
    if (!p)
        return -1;
    if (*p < 2 || *p > 5)
        return ts_fail(u->err, "%s is a pickle of protocol %d; protocols 2 to 5 are read",
                       u->what, *p);
    return 0;
}

static int op_memo(Unpickler *u, int n)
{
    const unsigned char *p = n ? take(u, (size_t)n) : u->d;
    if (!p)
        return -1;
    return memo_put(u, n ? le(p, n) : u->memo_n);
}

static int op_get(Unpickler *u, int n)
{
    const unsigned char *p = take(u, (size_t)n);
    return p ? memo_get(u, le(p, n)) : -1;
}

static int op_build(Unpickler *u)
{
    /* an OrderedDict's attributes (torch's _metadata): nothing the model needs */
    PkObj *state = pop(u);
    return state && top(u) ? 0 : -1;
}

/* One opcode: 0, 1 at STOP, -1 with err. */
static int step(Unpickler *u, unsigned op)
{
    PkObj *o;
    switch (op) {
    case 0x80: return op_proto(u);
    case 0x95: return take(u, 8) ? 0 : -1; /* FRAME: a length to read ahead, not needed */
    case '.': return 1;
    case '(': return open_mark(u);
    case 'N': return push_new(u, PK_NONE, &o);
    case 0x88: case 0x89:
        if (push_new(u, PK_BOOL, &o) != 0)
            return -1;
        o->u.i = op == 0x88;
        return 0;
    case 'K': return push_binint(u, 1);
    case 'M': return push_binint(u, 2);
    case 'J': return push_binint(u, 4);
    case 0x8a: return push_long(u, 1);
    case 0x8b: return push_long(u, 4);
    case 'G': return push_float(u);
    case 0x8c: return push_string(u, 1, PK_STR);
    case 'X': return push_string(u, 4, PK_STR);
    case 0x8d: return push_string(u, 8, PK_STR);
    case 'C': return push_string(u, 1, PK_BYTES);
    case 'B': return push_string(u, 4, PK_BYTES);
    case 0x8e: return push_string(u, 8, PK_BYTES);
    case ')': return push_new(u, PK_TUPLE, &o);
    case ']': return push_new(u, PK_LIST, &o);
    case '}': return push_new(u, PK_DICT, &o);
    case 't': return from_mark(u, PK_TUPLE, 0);
    case 'l': return from_mark(u, PK_LIST, 0);
    case 'd': return from_mark(u, PK_DICT, 0);
    case 'e': return from_mark(u, PK_LIST, 1);
    case 'u': return from_mark(u, PK_DICT, 1);
    case 0x85: return from_stack(u, PK_TUPLE, 1, 0);
    case 0x86: return from_stack(u, PK_TUPLE, 2, 0);
    case 0x87: return from_stack(u, PK_TUPLE, 3, 0);
    case 'a': return from_stack(u, PK_LIST, 1, 1);
    case 's': return from_stack(u, PK_DICT, 2, 1);
    case 'q': return op_memo(u, 1);
    case 'r': return op_memo(u, 4);
    case 0x94: return op_memo(u, 0);
    case 'h': return op_get(u, 1);
    case 'j': return op_get(u, 4);
    case 'c': return op_global(u);
    case 0x93: return op_stack_global(u);
    case 'R': return op_reduce(u);
    case 'b': return op_build(u);
    case 'Q': return op_persid(u);
    default:
        return ts_fail(u->err, "%s: opcode 0x%02x at byte %zu is not one a checkpoint or a "
                       "vocabulary uses: refused", u->what, op, u->pos - 1);
    }
}

static int run(Unpickler *u, const PkObj **root)
{
    for (;;) {
        if (u->pos >= u->len)
            return ts_fail(u->err, "%s is not a readable pickle: it ends without its STOP "
                           "(truncated?)", u->what);
        int rc = step(u, u->d[u->pos++]);
        if (rc < 0)
            return -1;
        if (rc == 0)
            continue;
        if (u->nmarks || u->sp != 1)
            return ts_fail(u->err, "%s is not a readable pickle: it stops with %zu values and "
                           "%d marks left, not one value", u->what, u->sp, u->nmarks);
        *root = u->stack[0];
        return 0;
    }
}

int unpickle(Pickle *p, const unsigned char *data, size_t len, PkAllow allow, const char *what,
             TsErr *err)
{
    memset(p, 0, sizeof *p);
    Unpickler u;
    memset(&u, 0, sizeof u);
    u.d = data;
    u.len = len;
    u.allow = allow;
    u.what = what;
    u.err = err;
    u.arena = calloc(1, sizeof *u.arena);
    int rc = u.arena ? run(&u, &p->root) : ts_fail(err, "%s: out of memory", what);
    free(u.stack);
    free(u.memo_keys);
    free(u.memo_vals);
    if (rc != 0) {
        arena_free(u.arena);
        p->root = NULL;
        return -1;
    }
    p->arena = u.arena;
    return 0;
}

void pickle_free(Pickle *p)
{
    arena_free(p->arena);
    p->arena = NULL;
    p->root = NULL;
}

int pk_is_str(const PkObj *o, const char *s)
{
    return o && o->kind == PK_STR && eq(o->u.str.s, o->u.str.len, s);
}

const PkObj *pk_dict_get(const PkObj *d, const char *key)
{
    if (!d || d->kind != PK_DICT)
        return NULL;
    for (size_t i = d->u.seq.n; i >= 2; i -= 2)
        if (pk_is_str(d->u.seq.items[i - 2], key))
            return d->u.seq.items[i - 1];
    return NULL;
}
