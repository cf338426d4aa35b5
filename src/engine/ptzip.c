/* ptzip.c - reading a torch.save zip archive in memory (ptzip.h).
 *
 * The layout is PKWARE's APPNOTE: at the end, the end-of-central-directory
 * record (and, before it, a ZIP64 locator when the archive needs one) says
 * where the central directory lies; the central directory has one header per
 * entry (its name, method, sizes, CRC-32 and the offset of its local header);
 * each local header repeats the name and is followed by the entry's bytes.
 */
#include "engine/ptzip.h"

#include "engine/fileio.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum {
    EOCD_SIZE = 22,      /* end of central directory record, without its comment */
    EOCD64_SIZE = 56,    /* ZIP64 end of central directory record */
    LOCATOR_SIZE = 20,   /* ZIP64 end of central directory locator */
    CENTRAL_SIZE = 46,   /* a central directory header, without its name and fields */
    LOCAL_SIZE = 30,     /* a local file header, without its name and extra field */
    MAX_COMMENT = 65535,
    MAX_ENTRIES = 1 << 20,
};

#define SIG_LOCAL 0x04034b50u
#define SIG_CENTRAL 0x02014b50u
#define SIG_EOCD 0x06054b50u
#define SIG_EOCD64 0x06064b50u
#define SIG_LOCATOR 0x07064b50u

static uint16_t get16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }

/* An entry's name for a message: quoted and escaped (names are not
 * NUL-terminated in the archive, and may hold anything). */
static const char *entry_name(TsQuoted *q, const char *name, size_t len)
{
    char copy[TS_QUOTE_MAX];
    size_t n = len < sizeof copy - 1 ? len : sizeof copy - 1;
    memcpy(copy, name, n);
    copy[n] = 0;
    return ts_quote(q, copy);
}

/* A name is printable UTF-8 (no control byte, no NUL, no broken sequence). */
static int name_ok(const unsigned char *s, size_t len)
{
    if (len == 0)
        return 0;
    for (size_t i = 0; i < len;) {
        unsigned c = s[i];
        if (c < 0x20 || c == 0x7f)
            return 0;
        size_t more = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2
                                   : (c & 0xf8) == 0xf0 ? 3 : 9;
        if (more == 9 || (more && c < 0xc2) || i + more >= len + (more ? 0 : 1))
            return 0;
        for (size_t k = 1; k <= more; k++)
            if ((s[i + k] & 0xc0) != 0x80)
                return 0;
        i += more + 1;
    }
    return 1;
}

/* Where the directory is: from the end record, or its ZIP64 form. */
typedef struct {
    uint64_t count, size, at;
} Directory;

static int find_zip64(const unsigned char *b, size_t len, size_t eocd, Directory *d, TsErr *err)
{
    if (eocd < LOCATOR_SIZE || le_get_u32(b + eocd - LOCATOR_SIZE) != SIG_LOCATOR)
        return 0; /* no ZIP64 record: the end record's own numbers hold */
    const unsigned char *loc = b + eocd - LOCATOR_SIZE;
    uint64_t at = le_get_u64(loc + 8);
    if (le_get_u32(loc + 4) != 0 || le_get_u32(loc + 16) > 1)
        return ts_fail(err, "the archive spans several disks");
    if (at > len || len - at < EOCD64_SIZE || le_get_u32(b + at) != SIG_EOCD64)
        return ts_fail(err, "its ZIP64 end record lies outside the file");
    const unsigned char *r = b + at;
    if (le_get_u32(r + 16) != 0 || le_get_u32(r + 20) != 0)
        return ts_fail(err, "the archive spans several disks");
    d->count = le_get_u64(r + 32);
    d->size = le_get_u64(r + 40);
    d->at = le_get_u64(r + 48);
    return 0;
}

static int find_directory(const unsigned char *b, size_t len, Directory *d, TsErr *err)
{
    if (len < EOCD_SIZE)
        return ts_fail(err, "not a zip archive (%zu bytes)", len);
    size_t stop = len - EOCD_SIZE > MAX_COMMENT ? len - EOCD_SIZE - MAX_COMMENT : 0;
    size_t eocd = len - EOCD_SIZE;
    while (le_get_u32(b + eocd) != SIG_EOCD || eocd + EOCD_SIZE + get16(b + eocd + 20) > len) {
        if (eocd == stop)
            return ts_fail(err, "no end of a zip archive's directory in it (truncated?)");
        eocd--;
    }
    const unsigned char *r = b + eocd;
    if (get16(r + 4) != 0 || get16(r + 6) != 0)
        return ts_fail(err, "the archive spans several disks");
    d->count = get16(r + 10);
    d->size = le_get_u32(r + 12);
    d->at = le_get_u32(r + 16);
    if (find_zip64(b, len, eocd, d, err) != 0)
        return -1;
    if (d->at > eocd || d->size > eocd - d->at)
        return ts_fail(err, "its directory lies outside the file (truncated?)");
    if (d->count > MAX_ENTRIES || d->count > d->size / CENTRAL_SIZE)
        return ts_fail(err, "its directory claims %llu entries in %llu bytes",
                       (unsigned long long)d->count, (unsigned long long)d->size);
    return 0;
}

/* The ZIP64 extra field's 64-bit values for the fields the header holds as
 * 0xFFFFFFFF (usize, csize, offset, in that order). */
static int read_zip64_extra(const unsigned char *x, size_t xlen, uint64_t *usize,
                            uint64_t *csize, uint64_t *offset)
{
    while (xlen >= 4) {
        uint16_t id = get16(x), n = get16(x + 2);
        if ((size_t)n + 4 > xlen)
            return -1;
        if (id == 1) {
            uint64_t *want[3] = {usize, csize, offset};
            size_t at = 4;
            for (int i = 0; i < 3; i++) {
                if (*want[i] != UINT32_MAX)
                    continue;
                if (at + 8 > (size_t)n + 4)
                    return -1;
                *want[i] = le_get_u64(x + at);
                at += 8;
            }
            return 0;
        }
        x += n + 4;
        xlen -= (size_t)n + 4;
    }
    return (*usize == UINT32_MAX || *csize == UINT32_MAX || *offset == UINT32_MAX) ? -1 : 0;
}

/* The local header at e's offset: there, with the same name and method;
 * sets e->data_at. `end` is where the entries' bytes must end (the
 * directory's start). */
static int read_local(const unsigned char *b, uint64_t end, uint64_t offset, PtZipEntry *e,
                      TsErr *err)
{
    TsQuoted q;
    const char *name = entry_name(&q, e->name, e->name_len);
    if (offset > end || end - offset < LOCAL_SIZE || le_get_u32(b + offset) != SIG_LOCAL)
        return ts_fail(err, "entry %s: no local header where the directory says", name);
    const unsigned char *h = b + offset;
    uint64_t at = offset + LOCAL_SIZE + get16(h + 26) + get16(h + 28);
    if (get16(h + 26) != e->name_len || at > end ||
        memcmp(h + LOCAL_SIZE, e->name, e->name_len) != 0)
        return ts_fail(err, "entry %s: its local header names another entry (damaged archive)",
                       name);
    if (get16(h + 8) != e->method || (get16(h + 6) & 1))
        return ts_fail(err, "entry %s: its local header disagrees with the directory", name);
    if (e->csize > end - at)
        return ts_fail(err, "entry %s: its %llu bytes run past the end of the entries "
                       "(truncated?)", name, (unsigned long long)e->csize);
    e->data_at = at;
    return 0;
}

/* One central directory header at *pos (advanced past it) into e. */
static int read_central(const PtZip *z, const Directory *d, uint64_t *pos, PtZipEntry *e,
                        TsErr *err)
{
    TsQuoted q;
    uint64_t end = d->at + d->size;
    if (end - *pos < CENTRAL_SIZE || le_get_u32(z->buf + *pos) != SIG_CENTRAL)
        return ts_fail(err, "its directory is damaged (entry %llu)",
                       (unsigned long long)(*pos - d->at));
    const unsigned char *h = z->buf + *pos;
    size_t nlen = get16(h + 28), xlen = get16(h + 30), clen = get16(h + 32);
    if (end - *pos - CENTRAL_SIZE < nlen + xlen + clen)
        return ts_fail(err, "its directory is damaged (a name runs past it)");
    e->name = (const char *)h + CENTRAL_SIZE;
    e->name_len = nlen;
    if (!name_ok(h + CENTRAL_SIZE, nlen))
        return ts_fail(err, "an entry's name %s is damaged (a control byte or broken UTF-8)",
                       entry_name(&q, e->name, nlen));
    const char *name = entry_name(&q, e->name, nlen);
    uint16_t flags = get16(h + 8);
    e->method = get16(h + 10);
    e->crc = le_get_u32(h + 16);
    e->csize = le_get_u32(h + 20);
    e->usize = le_get_u32(h + 24);
    uint64_t offset = le_get_u32(h + 42);
    if (flags & (1u | 1u << 6 | 1u << 13))
        return ts_fail(err, "entry %s is encrypted; a checkpoint never is", name);
    if (e->method != 0 && e->method != 8)
        return ts_fail(err, "entry %s: compression method %d; only stored (0) and deflated (8) "
                       "entries are read", name, e->method);
    if (read_zip64_extra(h + CENTRAL_SIZE + nlen, xlen, &e->usize, &e->csize, &offset) != 0)
        return ts_fail(err, "entry %s: its ZIP64 sizes are missing (damaged archive)", name);
    if (e->method == 0 && e->csize != e->usize)
        return ts_fail(err, "entry %s is stored but says %llu bytes and %llu", name,
                       (unsigned long long)e->csize, (unsigned long long)e->usize);
    *pos += CENTRAL_SIZE + nlen + xlen + clen;
    return read_local(z->buf, d->at, offset, e, err);
}

static int by_name(const void *a, const void *b)
{
    const PtZipEntry *x = a, *y = b;
    size_t n = x->name_len < y->name_len ? x->name_len : y->name_len;
    int c = memcmp(x->name, y->name, n);
    return c ? c : (x->name_len > y->name_len) - (x->name_len < y->name_len);
}

int ptzip_open(PtZip *z, const unsigned char *buf, size_t len, TsErr *err)
{
    memset(z, 0, sizeof *z);
    z->buf = buf;
    z->len = len;
    Directory d = {0, 0, 0};
    if (find_directory(buf, len, &d, err) != 0)
        return -1;
    z->entries = ts_calloc(d.count ? (size_t)d.count : 1, sizeof *z->entries, err);
    if (!z->entries)
        return -1;
    uint64_t pos = d.at;
    for (z->count = 0; z->count < d.count; z->count++)
        if (read_central(z, &d, &pos, &z->entries[z->count], err) != 0) {
            ptzip_close(z);
            return -1;
        }
    qsort(z->entries, z->count, sizeof *z->entries, by_name);
    for (size_t i = 1; i < z->count; i++)
        if (by_name(&z->entries[i - 1], &z->entries[i]) == 0) {
            TsQuoted q;
            ts_fail(err, "the archive names entry %s twice",
                    entry_name(&q, z->entries[i].name, z->entries[i].name_len));
            ptzip_close(z);
            return -1;
        }
    return 0;
}

const PtZipEntry *ptzip_find(const PtZip *z, const char *name, size_t len)
{
    PtZipEntry key = {0};
    key.name = name;
    key.name_len = len;
    return z->count ? bsearch(&key, z->entries, z->count, sizeof key, by_name) : NULL;
}

/* Inflate e's raw deflate stream into out[0..usize), and no further. */
static int inflate_entry(const PtZip *z, const PtZipEntry *e, unsigned char *out, TsErr *err)
{
    TsQuoted q;
    const char *name = entry_name(&q, e->name, e->name_len);
    z_stream s;
    memset(&s, 0, sizeof s);
    if (inflateInit2(&s, -15) != Z_OK)
        return ts_fail(err, "entry %s: out of memory", name);
    const unsigned char *in = z->buf + e->data_at;
    uint64_t in_left = e->csize, out_left = e->usize;
    unsigned char spare; /* one byte past the declared size: more there is refused */
    int rc = Z_OK, over = 0;
    while (rc == Z_OK) {
        if (s.avail_in == 0 && in_left) {
            s.next_in = (unsigned char *)in;
            s.avail_in = in_left > UINT_MAX ? UINT_MAX : (unsigned)in_left;
            in += s.avail_in;
            in_left -= s.avail_in;
        }
        if (s.avail_out == 0 && out_left) {
            s.next_out = out;
            s.avail_out = out_left > UINT_MAX ? UINT_MAX : (unsigned)out_left;
            out += s.avail_out;
            out_left -= s.avail_out;
        } else if (s.avail_out == 0) {
            if (over)
                break;
            s.next_out = &spare;
            s.avail_out = 1;
            over = 1;
        }
        rc = inflate(&s, Z_NO_FLUSH);
        if (rc == Z_BUF_ERROR && s.avail_in == 0 && in_left == 0)
            break;
        if (rc == Z_BUF_ERROR)
            rc = Z_OK;
    }
    int got_spare = over && s.avail_out == 0;
    uint64_t total = s.total_out;
    inflateEnd(&s);
    if (got_spare || (rc == Z_OK && over))
        return ts_fail(err, "entry %s inflates to more than the %llu bytes it declares", name,
                       (unsigned long long)e->usize);
    if (rc != Z_STREAM_END)
        return ts_fail(err, "entry %s: damaged compressed data", name);
    if (total != e->usize)
        return ts_fail(err, "entry %s inflates to %llu bytes, not the %llu it declares", name,
                       (unsigned long long)total, (unsigned long long)e->usize);
    return 0;
}

int ptzip_read(const PtZip *z, const PtZipEntry *e, uint64_t limit, const unsigned char **data,
               unsigned char **owned, TsErr *err)
{
    TsQuoted q;
    *data = NULL;
    *owned = NULL;
    if (e->usize > limit)
        return ts_fail(err, "entry %s holds %llu bytes; at most %llu are read",
                       entry_name(&q, e->name, e->name_len), (unsigned long long)e->usize,
                       (unsigned long long)limit);
    if (e->method == 0) {
        *data = z->buf + e->data_at;
    } else {
        if (e->usize > SIZE_MAX - 1)
            return ts_fail(err, "entry %s: out of memory", entry_name(&q, e->name, e->name_len));
        unsigned char *out = malloc((size_t)e->usize + 1);
        if (!out)
            return ts_fail(err, "entry %s: out of memory", entry_name(&q, e->name, e->name_len));
        if (inflate_entry(z, e, out, err) != 0) {
            free(out);
            return -1;
        }
        *data = *owned = out;
    }
    if (crc32_update(0, *data, (size_t)e->usize) != e->crc) {
        free(*owned);
        *owned = NULL;
        *data = NULL;
        return ts_fail(err, "entry %s: its CRC-32 does not match (damaged archive)",
                       entry_name(&q, e->name, e->name_len));
    }
    return 0;
}

void ptzip_close(PtZip *z)
{
    free(z->entries);
    z->entries = NULL;
    z->count = 0;
}
