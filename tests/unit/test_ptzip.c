/* test_ptzip.c - the checkpoint's zip reader and the restricted unpickler on
 * byte strings made here by hand.
 *
 * The archives are assembled field by field as PKWARE's APPNOTE lays them
 * out (local header, central directory header, end record; the ZIP64 extra
 * field, 4.5.3); the CRC-32 of "hello" (0x3610A686) and its raw deflate
 * stream (cb 48 cd c9 c9 07 00, zlib's and Python's for b"hello") are the
 * well-known values. The pickles are opcodes as Python's pickletools
 * documents them, each written out with its meaning beside it.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/ptzip.h"
#include "engine/unpickle.h"

#define HELLO_CRC 0x3610A686u
static const unsigned char HELLO_DEFLATED[] = {0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00};

typedef struct {
    unsigned char b[4096];
    size_t n;
    unsigned char central[2048];
    size_t cn;
    int count;
} Zip;

static void put(unsigned char *p, size_t *n, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[(*n)++] = (unsigned char)(v >> (8 * i));
}

static void put_bytes(unsigned char *p, size_t *n, const void *s, size_t len)
{
    memcpy(p + *n, s, len);
    *n += len;
}

/* One entry: local header (APPNOTE 4.3.7) and its central header (4.3.12).
 * zip64: sizes and offset 0xFFFFFFFF in the central header, the real ones
 * in a ZIP64 extra field (id 1). */
static void add(Zip *z, const char *name, int method, int flags, const void *data, size_t clen,
                uint32_t usize, uint32_t crc, int zip64)
{
    size_t nl = strlen(name), at = z->n;
    put(z->b, &z->n, 0x04034b50, 4);
    put(z->b, &z->n, 20, 2);
    put(z->b, &z->n, (uint64_t)flags, 2);
    put(z->b, &z->n, (uint64_t)method, 2);
    put(z->b, &z->n, 0, 4); /* time, date */
    put(z->b, &z->n, crc, 4);
    put(z->b, &z->n, clen, 4);
    put(z->b, &z->n, usize, 4);
    put(z->b, &z->n, nl, 2);
    put(z->b, &z->n, 0, 2);
    put_bytes(z->b, &z->n, name, nl);
    put_bytes(z->b, &z->n, data, clen);
    unsigned char *c = z->central;
    put(c, &z->cn, 0x02014b50, 4);
    put(c, &z->cn, 20, 2);
    put(c, &z->cn, 20, 2);
    put(c, &z->cn, (uint64_t)flags, 2);
    put(c, &z->cn, (uint64_t)method, 2);
    put(c, &z->cn, 0, 4);
    put(c, &z->cn, crc, 4);
    put(c, &z->cn, zip64 ? 0xFFFFFFFFu : clen, 4);
    put(c, &z->cn, zip64 ? 0xFFFFFFFFu : usize, 4);
    put(c, &z->cn, nl, 2);
    put(c, &z->cn, zip64 ? 28 : 0, 2); /* extra: id, size, usize, csize, offset */
    put(c, &z->cn, 0, 2); /* comment length */
    put(c, &z->cn, 0, 2); /* disk */
    put(c, &z->cn, 0, 2); /* internal attributes */
    put(c, &z->cn, 0, 4); /* external attributes */
    put(c, &z->cn, zip64 ? 0xFFFFFFFFu : at, 4);
    put_bytes(c, &z->cn, name, nl);
    if (zip64) {
        put(c, &z->cn, 1, 2);
        put(c, &z->cn, 24, 2);
        put(c, &z->cn, usize, 8);
        put(c, &z->cn, clen, 8);
        put(c, &z->cn, at, 8);
    }
    z->count++;
}

/* The central directory and the end record (4.3.16). */
static void finish(Zip *z)
{
    size_t at = z->n;
    put_bytes(z->b, &z->n, z->central, z->cn);
    put(z->b, &z->n, 0x06054b50, 4);
    put(z->b, &z->n, 0, 4); /* this disk, the directory's disk */
    put(z->b, &z->n, (uint64_t)z->count, 2);
    put(z->b, &z->n, (uint64_t)z->count, 2);
    put(z->b, &z->n, z->cn, 4);
    put(z->b, &z->n, at, 4);
    put(z->b, &z->n, 0, 2);
}

static void test_zip_stored_and_deflated(void)
{
    Zip z = {0};
    add(&z, "a/data.pkl", 0, 0, "hello", 5, 5, HELLO_CRC, 0);
    add(&z, "a/data/0", 8, 0, HELLO_DEFLATED, sizeof HELLO_DEFLATED, 5, HELLO_CRC, 0);
    add(&z, "a/big", 0, 0, "hello", 5, 5, HELLO_CRC, 1);
    finish(&z);
    PtZip zip;
    TsErr err;
    CHECK(ptzip_open(&zip, z.b, z.n, &err) == 0, "open: %s", err.msg);
    CHECK(zip.count == 3, "%zu entries", zip.count);
    const char *names[3] = {"a/data.pkl", "a/data/0", "a/big"};
    for (int i = 0; i < 3; i++) {
        const PtZipEntry *e = ptzip_find(&zip, names[i], strlen(names[i]));
        const unsigned char *d = NULL;
        unsigned char *owned = NULL;
        CHECK(e != NULL, "%s not found", names[i]);
        if (!e)
            continue;
        CHECK(ptzip_read(&zip, e, 100, &d, &owned, &err) == 0, "%s: %s", names[i], err.msg);
        CHECK(d && e->usize == 5 && memcmp(d, "hello", 5) == 0, "%s: not hello", names[i]);
        CHECK((owned != NULL) == (i == 1), "%s: owned %p", names[i], (void *)owned);
        free(owned);
    }
    CHECK(ptzip_find(&zip, "a/data.pk", 9) == NULL, "a prefix of a name was found");
    CHECK(ptzip_find(&zip, "../a/data.pkl", 13) == NULL, "another name was found");
    const PtZipEntry *e = ptzip_find(&zip, "a/data.pkl", 10);
    const unsigned char *d;
    unsigned char *owned;
    CHECK_REFUSED(ptzip_read(&zip, e, 4, &d, &owned, &err) != 0, err.msg, "at most 4 are read");
    ptzip_close(&zip);
}

/* What each damage is refused with. */
static void refused(Zip *z, const char *want)
{
    PtZip zip;
    TsErr err;
    int rc = ptzip_open(&zip, z->b, z->n, &err);
    if (rc == 0) { /* some damage shows only when the entry is read */
        const unsigned char *d;
        unsigned char *owned = NULL;
        for (size_t i = 0; rc == 0 && i < zip.count; i++) {
            rc = ptzip_read(&zip, &zip.entries[i], 1000, &d, &owned, &err);
            free(owned);
        }
        ptzip_close(&zip);
    }
    CHECK_REFUSED(rc != 0, err.msg, want);
}

static void test_zip_refusals(void)
{
    Zip z;
    memset(&z, 0, sizeof z);
    add(&z, "a/data.pkl", 99, 0, "hello", 5, 5, HELLO_CRC, 0);
    finish(&z);
    refused(&z, "compression method 99");
    memset(&z, 0, sizeof z);
    add(&z, "a/data.pkl", 0, 1, "hello", 5, 5, HELLO_CRC, 0);
    finish(&z);
    refused(&z, "is encrypted");
    memset(&z, 0, sizeof z);
    add(&z, "a/data.pkl", 0, 0, "hello", 5, 5, HELLO_CRC ^ 1, 0);
    finish(&z);
    refused(&z, "CRC-32 does not match");
    memset(&z, 0, sizeof z);
    add(&z, "a/data.pkl", 8, 0, HELLO_DEFLATED, sizeof HELLO_DEFLATED, 4, HELLO_CRC, 0);
    finish(&z);
    refused(&z, "inflates to more than the 4 bytes it declares");
    memset(&z, 0, sizeof z);
    add(&z, "a/data.pkl", 8, 0, HELLO_DEFLATED, 3, 5, HELLO_CRC, 0);
    finish(&z);
    refused(&z, "damaged compressed data");
    memset(&z, 0, sizeof z);
    add(&z, "a/\x1b[2J", 0, 0, "hello", 5, 5, HELLO_CRC, 0);
    finish(&z);
    refused(&z, "name 'a/\\e[2J' is damaged");
    memset(&z, 0, sizeof z);
    add(&z, "x", 0, 0, "hello", 5, 5, HELLO_CRC, 0);
    add(&z, "x", 0, 0, "hello", 5, 5, HELLO_CRC, 0);
    finish(&z);
    refused(&z, "names entry 'x' twice");
    memset(&z, 0, sizeof z);
    add(&z, "x", 0, 0, "hello", 5, 5, HELLO_CRC, 0);
    finish(&z);
    z.n -= 3; /* the end record cut */
    refused(&z, "no end of a zip archive's directory");
    memset(&z, 0, sizeof z);
    add(&z, "x", 0, 0, "hello", 5, 5, HELLO_CRC, 0);
    finish(&z);
    z.b[z.n - 6] = 0xff; /* the directory's offset past the end */
    refused(&z, "its directory lies outside the file");
    memset(&z, 0, sizeof z);
    add(&z, "x", 0, 0, "hello", 5, 5, HELLO_CRC, 0);
    finish(&z);
    z.b[0] = 'Q'; /* the local header's signature */
    refused(&z, "no local header where the directory says");
}

/* ---- the unpickler ---- */

static const PkObj *get(const PkObj *d, const char *key) { return pk_dict_get(d, key); }

static void test_pickle_values(void)
{
    /* PROTO 2; EMPTY_DICT; BINPUT 0; MARK; BINUNICODE 'a'; BININT1 1;
     * BINUNICODE 'b'; EMPTY_LIST; MARK; BININT2 0x1234; BINFLOAT 1.5;
     * LONG1 1 byte 0xff (-1); NEWTRUE; NONE; APPENDS; SETITEMS; STOP */
    static const unsigned char P[] =
        "\x80\x02}q\x00(X\x01\x00\x00\x00" "aK\x01X\x01\x00\x00\x00" "b](M\x34\x12"
        "G\x3f\xf8\x00\x00\x00\x00\x00\x00\x8a\x01\xff\x88Neu.";
    Pickle p;
    TsErr err;
    CHECK(unpickle(&p, P, sizeof P - 1, PK_ALLOW_NOTHING, "t", &err) == 0, "%s", err.msg);
    if (!p.root)
        return;
    const PkObj *a = get(p.root, "a"), *b = get(p.root, "b");
    CHECK(a && a->kind == PK_INT && a->u.i == 1, "a is not 1");
    CHECK(b && b->kind == PK_LIST && b->u.seq.n == 5, "b is not a list of 5");
    if (b && b->u.seq.n == 5) {
        PkObj **x = b->u.seq.items;
        CHECK(x[0]->kind == PK_INT && x[0]->u.i == 0x1234, "b[0]");
        CHECK(x[1]->kind == PK_FLOAT && x[1]->u.f == 1.5, "b[1]");
        CHECK(x[2]->kind == PK_INT && x[2]->u.i == -1, "b[2]");
        CHECK(x[3]->kind == PK_BOOL && x[3]->u.i == 1, "b[3]");
        CHECK(x[4]->kind == PK_NONE, "b[4]");
    }
    pickle_free(&p);
}

static void test_pickle_protocol4_meta(void)
{
    /* As pickle.dump writes nanoGPT's meta.pkl: PROTO 4; FRAME n (bytes to
     * read ahead); EMPTY_DICT; MEMOIZE (value 0); MARK; SHORT_BINUNICODE
     * 'itos'; MEMOIZE (1); EMPTY_DICT; MEMOIZE (2); MARK; BININT1 0;
     * SHORT_BINUNICODE '春' (3 bytes of UTF-8); MEMOIZE (3); BININT1 1;
     * SHORT_BINUNICODE 'b'; SETITEMS; SHORT_BINUNICODE 'again'; BINGET 1
     * ('itos' again); SETITEMS; STOP */
    static const unsigned char P[] =
        "\x80\x04\x95\x20\x00\x00\x00\x00\x00\x00\x00}\x94(\x8c\x04itos\x94}\x94(K\x00"
        "\x8c\x03\xe6\x98\xa5\x94K\x01\x8c\x01" "bu\x8c\x05" "againh\x01u.";
    Pickle p;
    TsErr err;
    CHECK(unpickle(&p, P, sizeof P - 1, PK_ALLOW_NOTHING, "meta.pkl", &err) == 0, "%s", err.msg);
    if (!p.root)
        return;
    const PkObj *itos = get(p.root, "itos"), *again = get(p.root, "again");
    CHECK(itos && itos->kind == PK_DICT && itos->u.seq.n == 4, "itos is not a dict of 2");
    if (itos && itos->u.seq.n == 4)
        CHECK(pk_is_str(itos->u.seq.items[1], "\xe6\x98\xa5"), "itos[0] is not 春");
    CHECK(pk_is_str(again, "itos"), "the memo's value 1 is not 'itos'");
    pickle_free(&p);
}

static void test_pickle_tensor(void)
{
    /* torch.save's form: GLOBAL torch._utils _rebuild_tensor_v2; MARK;
     * MARK 'storage' GLOBAL torch FloatStorage '0' 'cpu' BININT1 6 TUPLE;
     * BINPERSID; BININT1 0 (offset); (2, 3) TUPLE2; (3, 1) TUPLE2; NEWFALSE;
     * GLOBAL collections OrderedDict; EMPTY_TUPLE; REDUCE; TUPLE; REDUCE */
    static const unsigned char P[] =
        "\x80\x02\x63torch._utils\n_rebuild_tensor_v2\n((X\x07\x00\x00\x00storage"
        "ctorch\nFloatStorage\nX\x01\x00\x00\x00" "0X\x03\x00\x00\x00" "cpuK\x06tQ"
        "K\x00K\x02K\x03\x86K\x03K\x01\x86\x89\x63" "collections\nOrderedDict\n)RtR.";
    Pickle p;
    TsErr err;
    CHECK(unpickle(&p, P, sizeof P - 1, PK_ALLOW_TENSORS, "data.pkl", &err) == 0, "%s", err.msg);
    if (!p.root)
        return;
    CHECK(p.root->kind == PK_TENSOR, "not a tensor but a %s", pk_kind_name(p.root));
    if (p.root->kind == PK_TENSOR) {
        const PkTensor *t = p.root->u.tensor;
        CHECK(t->ndim == 2 && t->size[0] == 2 && t->size[1] == 3 && t->stride[0] == 3 &&
              t->stride[1] == 1 && t->offset == 0 && t->numel == 6, "shape or strides");
        CHECK(t->storage->dtype == PK_F32 && t->storage->numel == 6 && t->storage->key_len == 1 &&
              t->storage->key[0] == '0', "storage");
    }
    pickle_free(&p);
    /* the same, reaching one element past its storage: offset 1 */
    unsigned char bad[sizeof P];
    memcpy(bad, P, sizeof P);
    for (size_t i = 0; i + 4 < sizeof P; i++)
        if (memcmp(bad + i, "tQK\x00", 4) == 0)
            bad[i + 3] = 1;
    CHECK_REFUSED(unpickle(&p, bad, sizeof P - 1, PK_ALLOW_TENSORS, "data.pkl", &err) != 0,
                  err.msg, "reaches past the end of its storage of 6 elements");
    /* a vocabulary may not hold it */
    CHECK_REFUSED(unpickle(&p, P, sizeof P - 1, PK_ALLOW_NOTHING, "meta.pkl", &err) != 0,
                  err.msg, "meta.pkl refers to 'torch._utils._rebuild_tensor_v2'; a vocabulary "
                  "needs no code");
}

static void test_pickle_refusals(void)
{
    static const struct {
        const char *bytes;
        size_t len;
        const char *want;
    } CASES[] = {
        {"\x80\x02\x63os\nsystem\nX\x02\x00\x00\x00lsR.", 25, "refers to 'os.system', which no "
                                                               "checkpoint needs"},
        {"\x80\x02\x63os\x1b]0;t\x07\nsystem\n.", 21, "'os\\e]0;t\\x07.system'"},
        {"\x80\x02h\x05.", 5, "reuses value 5, which it never kept"},
        {"\x80\x02]q\x00", 5, "ends without its STOP"},
        {"\x80\x02X\xff\x00\x00\x00ab.", 10, "ends in the middle"},
        {"\x80\x02X\x01\x00\x00\x00\xff.", 9, "is not UTF-8"},
        {"\x80\x02ios\nsystem\n.", 14, "opcode 0x69 at byte 2"},
        {"\x80\x02NN.", 5, "stops with 2 values"},
        {"\x80\x02t.", 4, "a mark is closed that was never opened"},
        {"\x80\x01N.", 4, "protocol 1"},
        {"\x80\x02\x63torch\nFloatStorage\n)R.", 26, "calls torch.FloatStorage"},
        {"\x80\x02(K\x01K\x02K\x03\x86Q.", 12, "not a storage"},
    };
    Pickle p;
    TsErr err;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        CHECK_REFUSED(unpickle(&p, (const unsigned char *)CASES[i].bytes, CASES[i].len,
                               PK_ALLOW_TENSORS, "data.pkl", &err) != 0,
                      err.msg, CASES[i].want);
    /* marks 2000 deep */
    unsigned char deep[2004];
    memcpy(deep, "\x80\x02", 2);
    memset(deep + 2, '(', 2000);
    deep[2002] = '.';
    CHECK_REFUSED(unpickle(&p, deep, 2003, PK_ALLOW_TENSORS, "data.pkl", &err) != 0, err.msg,
                  "nested more than 1000 deep");
}

/* The memo is a table of the entries used: an index of 0x04000000 is a key,
 * not a size (Python's list memo grows to it: 1 GB). LONG_BINPUT then
 * LONG_BINGET of it, in a list: [{}, {}] the same dict. A 9-byte LONG1 is a
 * number past 64 bits. */
static void test_pickle_memo_index(void)
{
    static const unsigned char P[] = "\x80\x02(}r\x00\x00\x00\x04j\x00\x00\x00\x04"
                                     "\x8a\x09\x00\x00\x00\x00\x00\x00\x00\x00\x01l.";
    Pickle p;
    TsErr err;
    CHECK(unpickle(&p, P, sizeof P - 1, PK_ALLOW_NOTHING, "t", &err) == 0, "%s", err.msg);
    if (!p.root)
        return;
    CHECK(p.root->kind == PK_LIST && p.root->u.seq.n == 3 &&
              p.root->u.seq.items[0] == p.root->u.seq.items[1] &&
              p.root->u.seq.items[0]->kind == PK_DICT && p.root->u.seq.items[2]->kind == PK_BIGINT,
          "not [d, d, big]");
    pickle_free(&p);
}

int main(void)
{
    RUN(test_zip_stored_and_deflated);
    RUN(test_zip_refusals);
    RUN(test_pickle_values);
    RUN(test_pickle_protocol4_meta);
    RUN(test_pickle_tensor);
    RUN(test_pickle_refusals);
    RUN(test_pickle_memo_index);
    return test_summary();
}
