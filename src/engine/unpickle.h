/* unpickle.h - a restricted reader of Python pickles: a checkpoint's data.pkl
 * and a vocabulary's meta.pkl, as values, with nothing ever run.
 *
 * A pickle is a little program for a stack machine (Python's pickletools
 * documents each opcode). This reader knows exactly the opcodes that
 * torch.save (protocol 2) and pickle.dump (protocols 2 to 5) use for dicts,
 * lists, tuples, strings, numbers and tensors; any other opcode is refused.
 * A pickle may name "globals" (Python functions and classes) to call: a
 * checkpoint may name only torch's tensor rebuilders, its storage types and
 * collections.OrderedDict, and these are not called but read as what they
 * mean (a tensor is a reference into a storage; an OrderedDict a dict); a
 * vocabulary may name none. Everything else is refused in one line naming
 * it, quoted and escaped.
 *
 * Everything is bounded, whatever the file says: the memory all values take
 * (PK_MAX_BYTES), the stack, the nesting of marks, the memo (held in a table
 * sized by the entries it holds, never by an index the file names), string
 * lengths (by the bytes there are). No tensor's bytes are touched here: a
 * tensor is its storage's key, type and element count, and its offset, size
 * and stride, checked to lie inside the storage.
 */
#ifndef TS_UNPICKLE_H
#define TS_UNPICKLE_H

#include "engine/common.h"

#include <stddef.h>
#include <stdint.h>

#define PK_MAX_BYTES (48u << 20) /* memory for the values of one pickle */
#define PK_MAX_DEPTH 1000        /* marks open at once: nesting */
#define PK_MAX_STACK (1u << 20)  /* values on the stack at once */
#define PK_MAX_DIMS 8            /* dimensions of a tensor */

typedef enum {
    PK_NONE,
    PK_BOOL,   /* i: 0 or 1 */
    PK_INT,    /* i */
    PK_BIGINT, /* an integer past 64 bits: its value is not kept */
    PK_FLOAT,  /* f */
    PK_STR,    /* s, len: UTF-8 (a lone surrogate as Python writes it) */
    PK_BYTES,  /* s, len */
    PK_TUPLE,  /* items[n] */
    PK_LIST,   /* items[n] */
    PK_DICT,   /* items[2n]: key, value, key, value ... in the order set */
    PK_GLOBAL, /* one of the allowed globals (PkGlobal), not yet called */
    PK_STORAGE,
    PK_TENSOR,
} PkKind;

/* The element types of torch's storages. */
typedef enum {
    PK_F32, PK_F64, PK_F16, PK_BF16,             /* floats: read */
    PK_I64, PK_I32, PK_I16, PK_I8, PK_U8, PK_B8, /* others: never read */
    PK_DTYPE_COUNT
} PkDtype;

/* torch's name for a dtype's storage ("FloatStorage") and numpy's for the
 * dtype itself ("float32"), for messages. */
const char *pk_dtype_storage(PkDtype d);
const char *pk_dtype_name(PkDtype d);
int pk_dtype_size(PkDtype d);

typedef struct PkObj PkObj;

typedef struct {
    PkDtype dtype;
    const char *key; /* the entry data/KEY; inside the pickle's bytes */
    size_t key_len;
    uint64_t numel;  /* elements, as the pickle says (the entry must agree) */
} PkStorage;

typedef struct {
    const PkStorage *storage;
    uint64_t offset; /* in elements */
    int ndim;
    uint64_t size[PK_MAX_DIMS], stride[PK_MAX_DIMS];
    uint64_t numel;  /* product of size */
} PkTensor;

struct PkObj {
    PkKind kind;
    union {
        int64_t i;
        double f;
        struct {
            const char *s;
            size_t len;
        } str;
        struct {
            PkObj **items;
            size_t n, cap;
        } seq;
        int global;
        PkStorage storage;
        PkTensor *tensor;
    } u;
};

typedef enum {
    PK_ALLOW_TENSORS, /* a checkpoint's data.pkl */
    PK_ALLOW_NOTHING, /* meta.pkl: plain values only */
} PkAllow;

typedef struct PkArena PkArena;
typedef struct {
    const PkObj *root; /* the pickled value */
    PkArena *arena;    /* owns every value */
} Pickle;

/* Read the pickle in data[0..len). `what` names it in messages ("data.pkl",
 * "meta.pkl"); the caller adds the file. The values may point into data,
 * which must outlive the Pickle. 0, or -1 with a one-line message. */
int unpickle(Pickle *p, const unsigned char *data, size_t len, PkAllow allow, const char *what,
             TsErr *err);
void pickle_free(Pickle *p);

/* A value's kind as Python would name its type ("dict", "str", "Tensor"). */
const char *pk_kind_name(const PkObj *o);
/* The value of dict d at the string key, or NULL (the last one set, as
 * Python's dict keeps). NULL also when d is not a dict. */
const PkObj *pk_dict_get(const PkObj *d, const char *key);
/* 1 if o is the string s. */
int pk_is_str(const PkObj *o, const char *s);

#endif
