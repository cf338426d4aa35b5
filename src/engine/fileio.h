/* fileio.h - reading whole files, writing files atomically, and CRC-32.
 *
 * Every file tangscope writes (models, checkpoints, caches) goes through
 * AtomicFile: the bytes go to a temporary name beside the target and are
 * renamed over it only once complete, so an interrupted write never leaves a
 * half-written file under the real name.
 */
#ifndef TS_FILEIO_H
#define TS_FILEIO_H

#include "common.h"

#include <stdint.h>
#include <stdio.h>

/* Little-endian integers, the byte order of every file tangscope writes. */
static inline void le_put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline void le_put_u64(unsigned char *p, uint64_t v)
{
    le_put_u32(p, (uint32_t)v);
    le_put_u32(p + 4, (uint32_t)(v >> 32));
}

static inline uint32_t le_get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t le_get_u64(const unsigned char *p)
{
    return (uint64_t)le_get_u32(p) | (uint64_t)le_get_u32(p + 4) << 32;
}

/* CRC-32 (IEEE 802.3, as in zlib): continue from crc; start with crc = 0. */
uint32_t crc32_update(uint32_t crc, const void *data, size_t len);

typedef struct {
    FILE *f;       /* write here */
    char *tmp;     /* temporary path; owned */
    char *path;    /* final path; owned */
} AtomicFile;

/* Open a temporary file beside path. */
int atomic_open(AtomicFile *af, const char *path, TsErr *err);
/* Flush, sync, close and rename over the final path. On failure the temporary
 * file is removed and the old file (if any) is untouched. */
int atomic_commit(AtomicFile *af, TsErr *err);
/* Give up: close and remove the temporary file. */
void atomic_abort(AtomicFile *af);

/* Read a whole file into memory; *buf is NUL-terminated for convenience (the
 * terminator is not counted in *len). Free with free(). */
int read_file(const char *path, unsigned char **buf, size_t *len, TsErr *err);
/* The same for a file that must hold at most max bytes: a larger one fails
 * with "PATH: larger than MAX bytes" (and is not read to its end). */
int read_file_max(const char *path, size_t max, unsigned char **buf, size_t *len, TsErr *err);

#endif
