/* ptzip.h - the zip archive torch.save writes, read in memory, never extracted.
 *
 * A PyTorch checkpoint (torch.save, PyTorch 1.6 and later) is a zip archive:
 * ARCHIVE/data.pkl (the pickle), ARCHIVE/data/KEY (each storage's bytes),
 * ARCHIVE/byteorder, ARCHIVE/version. torch.save stores every entry
 * uncompressed; other zip writers may deflate them. This reader takes the
 * archive's bytes as they are in memory and answers two questions: which
 * entry has this exact name, and what bytes does it hold.
 *
 * Nothing is written anywhere: a name such as "../x" or "/etc/passwd" is only
 * a string compared with the names asked for. Everything the archive says is
 * checked before it is used: the central directory and every local header lie
 * inside the bytes, the names are printable UTF-8 and none appears twice, no
 * entry is encrypted, an entry is stored or deflated (method 0 or 8), a
 * stored entry's two sizes agree, and its CRC-32 holds. An entry's declared
 * size is compared with the caller's limit before anything is allocated or
 * inflated, and inflating never writes past the declared size: a small
 * archive cannot make the reader use memory its entry names did not ask for.
 * ZIP64 records (archives or entries past 4 GiB) are read.
 */
#ifndef TS_PTZIP_H
#define TS_PTZIP_H

#include "engine/common.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *name;  /* inside the archive's bytes; not NUL-terminated */
    size_t name_len;
    int method;        /* 0 stored, 8 deflated */
    uint32_t crc;      /* CRC-32 of the uncompressed bytes */
    uint64_t csize;    /* bytes in the archive */
    uint64_t usize;    /* bytes once inflated (= csize when stored) */
    uint64_t data_at;  /* offset of the entry's bytes, past its local header */
} PtZipEntry;

typedef struct {
    const unsigned char *buf; /* the archive's bytes; not owned */
    size_t len;
    PtZipEntry *entries;      /* sorted by name; owned */
    size_t count;
} PtZip;

/* Read the central directory of the archive in buf[0..len). The buffer must
 * outlive the PtZip. 0, or -1 with a one-line message (what is wrong, not
 * the file's name: the caller adds it). */
int ptzip_open(PtZip *z, const unsigned char *buf, size_t len, TsErr *err);

/* The entry whose name is exactly name[0..len), or NULL. */
const PtZipEntry *ptzip_find(const PtZip *z, const char *name, size_t len);

/* The bytes of entry e, which may hold at most limit bytes (refused, before
 * anything is read, if its declared size is larger). A stored entry's bytes
 * are the archive's own: *data points into the buffer and *owned is NULL; a
 * deflated entry is inflated into *owned (malloc'd; free it), *data = *owned.
 * The CRC-32 is checked either way. 0, or -1 with a message naming the entry
 * (escaped). */
int ptzip_read(const PtZip *z, const PtZipEntry *e, uint64_t limit, const unsigned char **data,
               unsigned char **owned, TsErr *err);

void ptzip_close(PtZip *z);

#endif
