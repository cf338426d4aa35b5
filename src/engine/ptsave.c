/* ptsave.c - pickle opcodes and a zip of stored, aligned entries (ptsave.h). */
#include "engine/ptsave.h"

#include "engine/fileio.h"

#include <stdlib.h>
#include <string.h>

/* ---- pickle ---- */

static void put_byte(Pickler *p, unsigned char b) { bytebuf_put(p->out, &b, 1); }

/* BINPUT or LONG_BINPUT: memoise the value on top of the stack. */
static uint32_t memo_put(Pickler *p)
{
    if (p->style != PICKLE_MEMO)
        return 0;
    uint32_t i = p->n_memo++;
    if (i < 256) {
        unsigned char op[2] = {'q', (unsigned char)i};
        bytebuf_put(p->out, op, 2);
    } else {
        put_byte(p, 'r');
        bytebuf_u32(p->out, i);
    }
    return i;
}

void pickle_begin(Pickler *p, ByteBuf *out, PickleStyle style)
{
    p->out = out;
    p->style = style;
    p->n_memo = 0;
    const unsigned char proto[2] = {0x80, 2};
    bytebuf_put(out, proto, 2);
}

void pickle_stop(Pickler *p) { put_byte(p, '.'); }
void pickle_none(Pickler *p) { put_byte(p, 'N'); }
void pickle_bool(Pickler *p, int v) { put_byte(p, v ? 0x88 : 0x89); }

void pickle_int(Pickler *p, int64_t v)
{
    if (v >= 0 && v <= 0xFF) {
        unsigned char op[2] = {'K', (unsigned char)v};
        bytebuf_put(p->out, op, 2);
    } else if (v >= 0 && v <= 0xFFFF && p->style == PICKLE_MEMO) {
        unsigned char op[3] = {'M', (unsigned char)v, (unsigned char)(v >> 8)};
        bytebuf_put(p->out, op, 3);
    } else if (v >= INT32_MIN && v <= INT32_MAX) {
        put_byte(p, 'J');
        bytebuf_u32(p->out, (uint32_t)v);
    } else {
        /* LONG1: little-endian two's complement in (bit length + 8) / 8
         * bytes, as both Python writers size it; Python's pickle module then
         * drops a redundant top 0xFF of a negative value */
        uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
        int bits = 0;
        while (bits < 64 && (mag >> bits) != 0)
            bits++;
        int n = (bits + 8) / 8;
        unsigned char b[9];
        for (int i = 0; i < n; i++)
            b[i] = i < 8 ? (unsigned char)((uint64_t)v >> (8 * i)) : (v < 0 ? 0xFF : 0);
        if (p->style == PICKLE_MEMO && v < 0 && n > 1 && b[n - 1] == 0xFF && (b[n - 2] & 0x80))
            n--;
        unsigned char op[2] = {0x8a, (unsigned char)n};
        bytebuf_put(p->out, op, 2);
        bytebuf_put(p->out, b, (size_t)n);
    }
}

void pickle_float(Pickler *p, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    unsigned char b[9] = {'G'};
    for (int i = 0; i < 8; i++)
        b[1 + i] = (unsigned char)(bits >> (56 - 8 * i));
    bytebuf_put(p->out, b, sizeof b);
}

uint32_t pickle_str(Pickler *p, const char *s, size_t n)
{
    put_byte(p, 'X');
    bytebuf_u32(p->out, (uint32_t)n);
    bytebuf_put(p->out, s, n);
    return memo_put(p);
}

void pickle_get(Pickler *p, uint32_t i)
{
    if (i < 256) {
        unsigned char op[2] = {'h', (unsigned char)i};
        bytebuf_put(p->out, op, 2);
    } else {
        put_byte(p, 'j');
        bytebuf_u32(p->out, i);
    }
}

void pickle_global(Pickler *p, const char *module, const char *name)
{
    bytebuf_fmt(p->out, "c%s\n%s\n", module, name);
}

void pickle_mark(Pickler *p) { put_byte(p, '('); }
void pickle_tuple(Pickler *p) { put_byte(p, 't'); }
void pickle_empty_tuple(Pickler *p) { put_byte(p, ')'); }
void pickle_setitem(Pickler *p) { put_byte(p, 's'); }
void pickle_setitems(Pickler *p) { put_byte(p, 'u'); }
void pickle_appends(Pickler *p) { put_byte(p, 'e'); }
void pickle_reduce(Pickler *p) { put_byte(p, 'R'); }
void pickle_binpersid(Pickler *p) { put_byte(p, 'Q'); }

void pickle_empty_dict(Pickler *p)
{
    put_byte(p, '}');
    memo_put(p);
}

void pickle_empty_list(Pickler *p)
{
    put_byte(p, ']');
    memo_put(p);
}

/* ---- zip ---- */

/* The most an archive holds: below what Python's zipfile writes without
 * zip64 records (2^31 - 1 bytes, an entry's size taken 5% larger). */
#define ZIP_MAX 2000000000u
#define LOCAL_HEADER 30
#define CENTRAL_HEADER 46
#define END_RECORD 22
#define DOS_DATE ((0 << 9) | (1 << 5) | 1) /* 1980-01-01 */
#define ZIP_VERSION 20                       /* 2.0: what a stored entry needs */

static void put_u16(ByteBuf *b, unsigned v)
{
    unsigned char x[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
    bytebuf_put(b, x, 2);
}

void zip_init(ZipWriter *z, ByteBuf *out)
{
    memset(z, 0, sizeof *z);
    z->out = out;
}

/* The local header, name and extra field of e; the CRC and the sizes are
 * zero until zip_entry_end writes them. */
static void local_header(ByteBuf *b, const ZipEntry *e, uint32_t crc, uint32_t size)
{
    bytebuf_u32(b, 0x04034b50);
    put_u16(b, ZIP_VERSION);
    put_u16(b, 0); /* flags: none (sizes known, name ASCII or as given) */
    put_u16(b, 0); /* method: stored */
    put_u16(b, 0); /* time 00:00:00 */
    put_u16(b, DOS_DATE);
    bytebuf_u32(b, crc);
    bytebuf_u32(b, size); /* compressed */
    bytebuf_u32(b, size);
    put_u16(b, (unsigned)strlen(e->name));
    put_u16(b, 4u + e->pad);
    bytebuf_str(b, e->name);
}

/* The "FB" extra field: its id, its length and that many zero bytes. */
static void pad_field(ByteBuf *b, uint16_t pad)
{
    static const unsigned char zeros[ZIP_ALIGN];
    bytebuf_str(b, "FB");
    put_u16(b, pad);
    bytebuf_put(b, zeros, pad);
}

int zip_entry_begin(ZipWriter *z, const char *name, TsErr *err)
{
    size_t name_len = strlen(name);
    if (z->open)
        return ts_fail(err, "zip entry %s begun inside another", name);
    if (name_len > 0xFFFF || z->n >= 0xFFFF)
        return ts_fail(err, "too many zip entries, or a name too long");
    if (z->out->len > ZIP_MAX)
        return ts_fail(err, "the archive would pass 2 GB");
    if (z->n == z->cap) {
        int cap = z->cap ? 2 * z->cap : 16;
        ZipEntry *e = realloc(z->entries, (size_t)cap * sizeof *e);
        if (!e)
            return ts_fail(err, "out of memory");
        z->entries = e;
        z->cap = cap;
    }
    ZipEntry *e = &z->entries[z->n];
    memset(e, 0, sizeof *e);
    e->name = malloc(name_len + 1);
    if (!e->name)
        return ts_fail(err, "out of memory");
    memcpy(e->name, name, name_len + 1);
    e->offset = (uint32_t)z->out->len;
    /* the data start after the header, the name and the extra field's own
     * four bytes, then the padding: on a multiple of ZIP_ALIGN */
    size_t start = z->out->len + LOCAL_HEADER + name_len + 4;
    e->pad = (uint16_t)((ZIP_ALIGN - start % ZIP_ALIGN) % ZIP_ALIGN);
    z->n++;
    local_header(z->out, e, 0, 0);
    pad_field(z->out, e->pad);
    z->open = 1;
    return 0;
}

int zip_entry_end(ZipWriter *z, TsErr *err)
{
    if (!z->open)
        return ts_fail(err, "no zip entry to end");
    z->open = 0;
    if (z->out->failed)
        return ts_fail(err, "out of memory");
    ZipEntry *e = &z->entries[z->n - 1];
    size_t data = e->offset + LOCAL_HEADER + strlen(e->name) + 4u + e->pad;
    if (z->out->len > ZIP_MAX)
        return ts_fail(err, "the archive would pass 2 GB");
    e->size = (uint32_t)(z->out->len - data);
    e->crc = crc32_update(0, z->out->p + data, e->size);
    unsigned char *h = (unsigned char *)z->out->p + e->offset;
    le_put_u32(h + 14, e->crc);
    le_put_u32(h + 18, e->size);
    le_put_u32(h + 22, e->size);
    return 0;
}

int zip_add(ZipWriter *z, const char *name, const void *data, size_t len, TsErr *err)
{
    if (zip_entry_begin(z, name, err) != 0)
        return -1;
    bytebuf_put(z->out, data, len);
    return zip_entry_end(z, err);
}

int zip_finish(ZipWriter *z, TsErr *err)
{
    if (z->open)
        return ts_fail(err, "zip entry %s not ended", z->entries[z->n - 1].name);
    ByteBuf *b = z->out;
    size_t dir_start = b->len;
    for (int i = 0; i < z->n; i++) {
        const ZipEntry *e = &z->entries[i];
        bytebuf_u32(b, 0x02014b50);
        put_u16(b, (3u << 8) | ZIP_VERSION); /* made by: Unix, 2.0 */
        put_u16(b, ZIP_VERSION);
        put_u16(b, 0);
        put_u16(b, 0);
        put_u16(b, 0);
        put_u16(b, DOS_DATE);
        bytebuf_u32(b, e->crc);
        bytebuf_u32(b, e->size);
        bytebuf_u32(b, e->size);
        put_u16(b, (unsigned)strlen(e->name));
        put_u16(b, 4u + e->pad); /* the same extra field as the local header's */
        put_u16(b, 0);           /* comment */
        put_u16(b, 0);           /* disk */
        put_u16(b, 0);           /* internal attributes */
        bytebuf_u32(b, 0600u << 16); /* external: a Unix file, rw------- */
        bytebuf_u32(b, e->offset);
        bytebuf_str(b, e->name);
        pad_field(b, e->pad);
    }
    size_t dir_size = b->len - dir_start;
    bytebuf_u32(b, 0x06054b50);
    put_u16(b, 0);
    put_u16(b, 0);
    put_u16(b, (unsigned)z->n);
    put_u16(b, (unsigned)z->n);
    bytebuf_u32(b, (uint32_t)dir_size);
    bytebuf_u32(b, (uint32_t)dir_start);
    put_u16(b, 0); /* comment */
    if (b->failed)
        return ts_fail(err, "out of memory");
    if (b->len > ZIP_MAX)
        return ts_fail(err, "the archive would pass 2 GB");
    return 0;
}

void zip_free(ZipWriter *z)
{
    for (int i = 0; i < z->n; i++)
        free(z->entries[i].name);
    free(z->entries);
    z->entries = NULL;
    z->n = z->cap = 0;
}
