/* test_ptsave.c - the pickle and zip writers (ptsave.h) and what the export
 * puts in them (nanoexport.h), against references from outside this code:
 *
 *  - pickles: bytes Python wrote, copied here with the call that wrote
 *    them (Python 3.11's pickle.dumps(obj, protocol=2) for PICKLE_MEMO;
 *    tools/nanogpt_ckpt.py's _PickleWriter().dumps(obj) for PICKLE_PLAIN),
 *    and the opcodes as pickletools documents them;
 *  - zips: read back here by a reader written from PKWARE's APPNOTE
 *    (local headers, central directory, end record), each CRC-32
 *    recomputed bit by bit, every entry's data on a 64-byte boundary;
 *  - the export: the committed output of tools/export-nanogpt.py for the
 *    test model (tests/data/nanogpt/export/tiny.pt, tiny.pkl), and for
 *    vocabularies of 1,000, 1,001 and 2,000 characters the length and
 *    CRC-32 (zlib.crc32) of the meta.pkl Python's pickle writes, where its
 *    batches of 1,000 items end. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "testutil.h"
#include "engine/bytebuf.h"
#include "engine/fileio.h"
#include "engine/model.h"
#include "engine/nanoexport.h"
#include "engine/ptsave.h"

/* ---- pickles ---- */

static int same_bytes(const ByteBuf *b, const char *want, size_t n)
{
    return !b->failed && b->len == n && memcmp(b->p, want, n) == 0;
}

static void show(const char *what, const ByteBuf *b)
{
    fprintf(stderr, "  %s (%zu bytes):", what, b->len);
    for (size_t i = 0; i < b->len && i < 48; i++)
        fprintf(stderr, " %02x", (unsigned char)b->p[i]);
    fputc('\n', stderr);
}

/* pickle.dumps(v, 2) and _PickleWriter().dumps(v) of one integer. */
static void test_ints_as_python_writes_them(void)
{
    static const struct {
        int64_t v;
        const char *memo, *plain; /* the bytes between PROTO 2 and STOP */
        size_t n_memo, n_plain;
    } cases[] = {
        {0, "K\x00", "K\x00", 2, 2},
        {255, "K\xff", "K\xff", 2, 2},
        {256, "M\x00\x01", "J\x00\x01\x00\x00", 3, 5},
        {65535, "M\xff\xff", "J\xff\xff\x00\x00", 3, 5},
        {65536, "J\x00\x00\x01\x00", "J\x00\x00\x01\x00", 5, 5},
        {-1, "J\xff\xff\xff\xff", "J\xff\xff\xff\xff", 5, 5},
        {INT64_C(2147483648), "\x8a\x05\x00\x00\x00\x80\x00", "\x8a\x05\x00\x00\x00\x80\x00", 7, 7},
        {-INT64_C(2147483649), "\x8a\x05\xff\xff\xff\x7f\xff", "\x8a\x05\xff\xff\xff\x7f\xff", 7, 7},
        /* -2**39: Python's pickle drops the redundant 0xff, the tools' writer keeps it */
        {-INT64_C(549755813888), "\x8a\x05\x00\x00\x00\x00\x80", "\x8a\x06\x00\x00\x00\x00\x80\xff", 7, 8},
        {INT64_MAX, "\x8a\x08\xff\xff\xff\xff\xff\xff\xff\x7f", "\x8a\x08\xff\xff\xff\xff\xff\xff\xff\x7f", 10, 10},
        {INT64_MIN, "\x8a\x08\x00\x00\x00\x00\x00\x00\x00\x80",
         "\x8a\x09\x00\x00\x00\x00\x00\x00\x00\x80\xff", 10, 11},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int style = 0; style < 2; style++) {
            ByteBuf b = {0};
            Pickler p;
            pickle_begin(&p, &b, style ? PICKLE_MEMO : PICKLE_PLAIN);
            pickle_int(&p, cases[i].v);
            pickle_stop(&p);
            const char *body = style ? cases[i].memo : cases[i].plain;
            size_t n = style ? cases[i].n_memo : cases[i].n_plain;
            char want[16] = "\x80\x02";
            memcpy(want + 2, body, n);
            want[2 + n] = '.';
            int ok = same_bytes(&b, want, n + 3);
            CHECK(ok, "%lld in the %s style", (long long)cases[i].v, style ? "memo" : "plain");
            if (!ok)
                show("got", &b);
            bytebuf_free(&b);
        }
}

/* pickle.dumps({'n': 300, 'f': 0.5, 't': True, 'z': None, 's': s,
 * 'again': s}, 2) with s = 'héllo', one string object twice: every string
 * and the dict memoised, the second s a BINGET. */
static void test_memo_dict_as_python_writes_it(void)
{
    static const char want[] =
        "\x80\x02\x7d\x71\x00\x28\x58\x01\x00\x00\x00\x6e\x71\x01\x4d\x2c\x01\x58\x01\x00\x00\x00"
        "\x66\x71\x02\x47\x3f\xe0\x00\x00\x00\x00\x00\x00\x58\x01\x00\x00\x00\x74\x71\x03\x88\x58"
        "\x01\x00\x00\x00\x7a\x71\x04\x4e\x58\x01\x00\x00\x00\x73\x71\x05\x58\x06\x00\x00\x00\x68"
        "\xc3\xa9\x6c\x6c\x6f\x71\x06\x58\x05\x00\x00\x00\x61\x67\x61\x69\x6e\x71\x07\x68\x06\x75"
        "\x2e";
    ByteBuf b = {0};
    Pickler p;
    pickle_begin(&p, &b, PICKLE_MEMO);
    pickle_empty_dict(&p);
    pickle_mark(&p);
    pickle_str(&p, "n", 1);
    pickle_int(&p, 300);
    pickle_str(&p, "f", 1);
    pickle_float(&p, 0.5);
    pickle_str(&p, "t", 1);
    pickle_bool(&p, 1);
    pickle_str(&p, "z", 1);
    pickle_none(&p);
    pickle_str(&p, "s", 1);
    uint32_t s = pickle_str(&p, "h\xc3\xa9llo", 6);
    pickle_str(&p, "again", 5);
    pickle_get(&p, s);
    pickle_setitems(&p);
    pickle_stop(&p);
    int ok = same_bytes(&b, want, sizeof want - 1);
    CHECK(ok, "not the bytes Python's pickle wrote");
    if (!ok)
        show("got", &b);
    bytebuf_free(&b);
}

/* _PickleWriter().dumps({'k': (1, 'cpu'), 'e': {}, 'f': 1.5}): no memo, a
 * tuple as MARK ... TUPLE, an empty dict without a MARK. */
static void test_plain_as_the_tool_writes_it(void)
{
    static const char want[] =
        "\x80\x02\x7d\x28\x58\x01\x00\x00\x00\x6b\x28\x4b\x01\x58\x03\x00\x00\x00\x63\x70\x75\x74"
        "\x58\x01\x00\x00\x00\x65\x7d\x58\x01\x00\x00\x00\x66\x47\x3f\xf8\x00\x00\x00\x00\x00\x00"
        "\x75\x2e";
    ByteBuf b = {0};
    Pickler p;
    pickle_begin(&p, &b, PICKLE_PLAIN);
    pickle_empty_dict(&p);
    pickle_mark(&p);
    pickle_str(&p, "k", 1);
    pickle_mark(&p);
    pickle_int(&p, 1);
    pickle_str(&p, "cpu", 3);
    pickle_tuple(&p);
    pickle_str(&p, "e", 1);
    pickle_empty_dict(&p);
    pickle_str(&p, "f", 1);
    pickle_float(&p, 1.5);
    pickle_setitems(&p);
    pickle_stop(&p);
    int ok = same_bytes(&b, want, sizeof want - 1);
    CHECK(ok, "not the bytes tools/nanogpt_ckpt.py's writer wrote");
    if (!ok)
        show("got", &b);
    bytebuf_free(&b);
}

/* pickletools: BINPUT 'q' takes a 1-byte index, LONG_BINPUT 'r' a 4-byte
 * little-endian one (and BINGET 'h', LONG_BINGET 'j' alike); GLOBAL 'c'
 * two newline-ended lines; the one-byte opcodes as listed there. */
static void test_opcodes(void)
{
    ByteBuf b = {0};
    Pickler p;
    pickle_begin(&p, &b, PICKLE_MEMO);
    for (int i = 0; i < 300; i++)
        pickle_str(&p, "", 0);
    /* string 256: X, length 0, then r and the index 256 */
    const char *s256 = b.p + 2 + 256 * 7;
    CHECK(memcmp(s256, "X\x00\x00\x00\x00r\x00\x01\x00\x00", 10) == 0, "the 257th string's memo");
    CHECK(memcmp(b.p + 2 + 255 * 7, "X\x00\x00\x00\x00q\xff", 7) == 0, "the 256th string's memo");
    size_t at = b.len;
    pickle_get(&p, 255);
    pickle_get(&p, 299);
    CHECK(b.len - at == 7 && memcmp(b.p + at, "h\xffj\x2b\x01\x00\x00", 7) == 0, "BINGET, LONG_BINGET");
    at = b.len;
    pickle_global(&p, "torch", "FloatStorage");
    CHECK(strcmp(b.p + at, "ctorch\nFloatStorage\n") == 0, "GLOBAL: %s", b.p + at);
    at = b.len;
    pickle_mark(&p);
    pickle_tuple(&p);
    pickle_empty_tuple(&p);
    pickle_setitem(&p);
    pickle_setitems(&p);
    pickle_appends(&p);
    pickle_reduce(&p);
    pickle_binpersid(&p);
    pickle_none(&p);
    pickle_bool(&p, 0);
    pickle_bool(&p, 1);
    pickle_stop(&p);
    CHECK(b.len - at == 12 && memcmp(b.p + at, "(t)sueRQN\x89\x88.", 12) == 0, "one-byte opcodes");
    at = b.len;
    pickle_empty_list(&p); /* memoised: index 300 */
    CHECK(b.len - at == 6 && memcmp(b.p + at, "]r\x2c\x01\x00\x00", 6) == 0, "EMPTY_LIST");
    bytebuf_free(&b);
}

/* ---- zips, read back by APPNOTE ---- */

/* CRC-32 (reflected, polynomial 0xEDB88320), one bit at a time. */
static uint32_t bitwise_crc(const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return c ^ 0xFFFFFFFFu;
}

static unsigned u16(const unsigned char *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }

typedef struct {
    const char *name;
    const unsigned char *data;
    size_t len;
} Want;

/* Check the archive z (len bytes) holds exactly the entries want[0..n), in
 * order, as APPNOTE lays them out and torch.save aligns them. */
static void check_archive(const unsigned char *z, size_t len, const Want *want, int n)
{
    CHECK(len >= 22 && le_get_u32(z + len - 22) == 0x06054b50, "no end record at the end");
    if (len < 22 || le_get_u32(z + len - 22) != 0x06054b50)
        return;
    const unsigned char *end = z + len - 22;
    uint32_t dir_size = le_get_u32(end + 12), dir_off = le_get_u32(end + 16);
    CHECK(u16(end + 4) == 0 && u16(end + 6) == 0 && u16(end + 20) == 0, "disks or a comment");
    CHECK(u16(end + 8) == (unsigned)n && u16(end + 10) == (unsigned)n, "%u entries, want %d",
          u16(end + 10), n);
    CHECK((size_t)dir_off + dir_size == len - 22, "the directory does not end at the end record");
    size_t c = dir_off, next_local = 0;
    for (int i = 0; i < n && c + 46 <= len; i++) {
        const unsigned char *d = z + c;
        size_t name_len = u16(d + 28), extra_len = u16(d + 30);
        uint32_t off = le_get_u32(d + 42);
        CHECK(le_get_u32(d) == 0x02014b50, "entry %d: no central header", i);
        CHECK(u16(d + 4) == 0x0314 && u16(d + 6) == 20, "entry %d: versions %x %u", i, u16(d + 4),
              u16(d + 6));
        CHECK(u16(d + 8) == 0 && u16(d + 10) == 0, "entry %d: flags or a method (stored is 0)", i);
        CHECK(u16(d + 12) == 0 && u16(d + 14) == 33, "entry %d: not dated 1980-01-01 00:00", i);
        CHECK(le_get_u32(d + 38) == 0600u << 16, "entry %d: external attributes", i);
        CHECK(name_len == strlen(want[i].name) && memcmp(d + 46, want[i].name, name_len) == 0,
              "entry %d: not %s", i, want[i].name);
        uint32_t crc = bitwise_crc(want[i].data, want[i].len);
        CHECK(le_get_u32(d + 16) == crc, "entry %d: CRC %08x, want %08x", i, le_get_u32(d + 16), crc);
        CHECK(le_get_u32(d + 20) == want[i].len && le_get_u32(d + 24) == want[i].len,
              "entry %d: sizes", i);
        CHECK(off == next_local, "entry %d: its local header at %u, want %zu", i, off, next_local);
        /* the local header: the same fields, the same extra field */
        const unsigned char *l = z + off;
        CHECK(le_get_u32(l) == 0x04034b50 && u16(l + 4) == 20 && u16(l + 6) == 0 &&
                  u16(l + 8) == 0 && u16(l + 10) == 0 && u16(l + 12) == 33,
              "entry %d: local header", i);
        CHECK(le_get_u32(l + 14) == crc && le_get_u32(l + 18) == want[i].len &&
                  le_get_u32(l + 22) == want[i].len,
              "entry %d: the local header's CRC or sizes", i);
        CHECK(u16(l + 26) == name_len && u16(l + 28) == extra_len &&
                  memcmp(l + 30 + name_len, d + 46 + name_len, extra_len) == 0,
              "entry %d: the local and central extra fields differ", i);
        /* the extra field: id "FB", its length, zeros */
        const unsigned char *x = l + 30 + name_len;
        CHECK(extra_len >= 4 && x[0] == 'F' && x[1] == 'B' && u16(x + 2) == extra_len - 4,
              "entry %d: no FB field", i);
        for (size_t k = 4; k < extra_len; k++)
            CHECK(x[k] == 0, "entry %d: padding byte %zu", i, k);
        size_t data = off + 30 + name_len + extra_len;
        CHECK(data % 64 == 0, "entry %d: data at %zu, not on 64 bytes", i, data);
        CHECK(extra_len - 4 < 64, "entry %d: %zu bytes of padding", i, extra_len - 4);
        CHECK(want[i].len == 0 || memcmp(z + data, want[i].data, want[i].len) == 0,
              "entry %d: its data", i);
        next_local = data + want[i].len;
        c += 46 + name_len + extra_len;
    }
    CHECK(next_local == dir_off, "the directory does not follow the last data");
    CHECK(c == dir_off + dir_size, "the directory's records do not fill it");
}

static void test_zip_layout(void)
{
    unsigned char ramp[1000];
    for (int i = 0; i < 1000; i++)
        ramp[i] = (unsigned char)(i * 7 + 3);
    const Want want[] = {
        {"archive/data.pkl", (const unsigned char *)"\x80\x02}.", 4},
        {"archive/byteorder", (const unsigned char *)"little", 6},
        {"e", (const unsigned char *)"", 0},
        {"archive/data/0", ramp, sizeof ramp},
        {"a-longer-name/of/sixty-three/characters/to/cross/one/boundary.x", ramp, 63},
        {"check", (const unsigned char *)"123456789", 9},
    };
    int n = (int)(sizeof want / sizeof want[0]);
    ByteBuf b = {0};
    ZipWriter z;
    TsErr err;
    zip_init(&z, &b);
    for (int i = 0; i < n; i++) {
        if (i == 3) { /* one entry appended piece by piece, as the storages are */
            CHECK(zip_entry_begin(&z, want[i].name, &err) == 0, "%s", err.msg);
            for (size_t k = 0; k < want[i].len; k += 100)
                bytebuf_put(z.out, want[i].data + k, 100);
            CHECK(zip_entry_end(&z, &err) == 0, "%s", err.msg);
        } else {
            CHECK(zip_add(&z, want[i].name, want[i].data, want[i].len, &err) == 0, "%s", err.msg);
        }
    }
    CHECK(zip_finish(&z, &err) == 0, "%s", err.msg);
    check_archive((const unsigned char *)b.p, b.len, want, n);
    /* CRC-32's check value (the CRC catalogue: "123456789" -> CBF43926) */
    CHECK(bitwise_crc((const unsigned char *)"123456789", 9) == 0xCBF43926u, "the test's own CRC");
    CHECK(z.entries[5].crc == 0xCBF43926u, "CRC of 123456789: %08x", z.entries[5].crc);
    zip_free(&z);
    bytebuf_free(&b);
}

/* An entry begun inside another, or ended twice: refused, not written. */
static void test_zip_misuse(void)
{
    ByteBuf b = {0};
    ZipWriter z;
    TsErr err;
    zip_init(&z, &b);
    CHECK(zip_entry_end(&z, &err) != 0, "an end without a begin");
    CHECK(zip_entry_begin(&z, "a", &err) == 0, "%s", err.msg);
    CHECK(zip_entry_begin(&z, "b", &err) != 0, "a begin inside an entry");
    CHECK(zip_finish(&z, &err) != 0, "a finish with an entry open");
    CHECK(zip_entry_end(&z, &err) == 0, "%s", err.msg);
    CHECK(zip_finish(&z, &err) == 0, "%s", err.msg);
    zip_free(&z);
    bytebuf_free(&b);
}

/* ---- the export ---- */

static void check_same_file(const ByteBuf *got, const char *path)
{
    unsigned char *want;
    size_t len;
    TsErr err;
    CHECK(read_file(path, FILE_MODEL, &want, &len, &err) == 0, "%s", err.msg);
    int same = got->len == len && memcmp(got->p, want, len) == 0;
    CHECK(same, "%zu bytes, not the %zu of %s", got->len, len, path);
    if (!same)
        for (size_t i = 0; i < len && i < got->len; i++)
            if (got->p[i] != (char)want[i]) {
                fprintf(stderr, "  first difference at byte %zu\n", i);
                break;
            }
    free(want);
}

/* tools/export-nanogpt.py tests/data/tiny.bin --dataset class wrote these. */
static void test_export_as_the_reference(void)
{
    Model m;
    testutil_model(&m);
    ByteBuf ckpt = {0}, meta = {0};
    TsErr err;
    CHECK(nano_export_checkpoint(&m, "class", &ckpt, &err) == 0, "%s", err.msg);
    CHECK(nano_export_meta(&m, &meta, &err) == 0, "%s", err.msg);
    check_same_file(&ckpt, "tests/data/nanogpt/export/tiny.pt");
    check_same_file(&meta, "tests/data/nanogpt/export/tiny.pkl");
    bytebuf_clear(&ckpt);
    CHECK(nano_export_checkpoint(&m, "bad\xff", &ckpt, &err) != 0 && strstr(err.msg, "UTF-8"),
          "a dataset that is not UTF-8: %s", err.msg);
    bytebuf_free(&ckpt);
    bytebuf_free(&meta);
    model_free(&m);
}

/* meta.pkl of vocabularies U+4E00.. of 1,000 (one full batch, then an
 * empty one), 1,001 (a batch of one, still marked) and 2,000 characters:
 * the length and zlib.crc32 of pickle.dumps(meta, 2) for each. */
static void test_meta_batches_as_python(void)
{
    static const struct {
        int n;
        size_t len;
        uint32_t crc;
    } cases[] = {{1000, 22046, 0x70168786u}, {1001, 22070, 0x6fa826ffu}, {2000, 46050, 0x4d32e810u}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int n = cases[i].n;
        Vocab v = {n, malloc((size_t)n * sizeof(uint32_t))};
        for (int k = 0; k < n; k++)
            v.cps[k] = 0x4E00u + (uint32_t)k;
        ModelConfig cfg = {1, 4, 1, 4, n};
        Model m;
        TsErr err;
        CHECK(model_init(&m, &cfg, &v, 1, &err) == 0, "%s", err.msg);
        ByteBuf b = {0};
        CHECK(nano_export_meta(&m, &b, &err) == 0, "%s", err.msg);
        uint32_t crc = bitwise_crc((const unsigned char *)b.p, b.len);
        CHECK(b.len == cases[i].len && crc == cases[i].crc, "%d characters: %zu bytes, CRC %08x", n,
              b.len, crc);
        bytebuf_free(&b);
        model_free(&m);
        free(v.cps);
    }
}

int main(void)
{
    RUN(test_ints_as_python_writes_them);
    RUN(test_memo_dict_as_python_writes_it);
    RUN(test_plain_as_the_tool_writes_it);
    RUN(test_opcodes);
    RUN(test_zip_layout);
    RUN(test_zip_misuse);
    RUN(test_export_as_the_reference);
    RUN(test_meta_batches_as_python);
    return test_summary();
}
