/* fileio.h - reading whole files, writing outputs safely, and CRC-32.
 *
 * Every output tangscope writes (models, checkpoints, logs, traces, exports,
 * sessions, corpus caches) goes through output_plan, which decides what is
 * done with the name given:
 *   - nothing there yet, or a plain file: AtomicFile writes the bytes to a
 *     temporary name beside it and renames them over it only once complete,
 *     so an interrupted write never leaves a half-written file under the real
 *     name. The temporary name is always FILE.tmp, so a write killed midway
 *     (power cut, SIGKILL) leaves at most that one file, and the next write
 *     of FILE takes it over;
 *   - a character device (/dev/null, a terminal), a FIFO or a socket: opened
 *     and written in place, never replaced (root could otherwise turn
 *     /dev/null into a plain file). Once a FIFO or a socket is opened so,
 *     SIGPIPE is ignored for the rest of the run: a reader that goes away
 *     makes the next write fail with EPIPE, which the writer reports in one
 *     line (output_write_failed), instead of ending the program unannounced;
 *   - a symbolic link: followed to its target, which is then written by the
 *     rules above, atomically beside itself (the link stays a link); refused,
 *     naming both, when the target's folder cannot take the temporary file;
 *   - a folder or a disk (block) device: refused.
 *
 * Every file tangscope reads is read whole, with a limit on its size that
 * depends on what it is (FileKind): a text, a lesson or a device such as
 * /dev/zero cannot make it read until memory runs out.
 */
#ifndef TS_FILEIO_H
#define TS_FILEIO_H

#include "engine/common.h"

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

/* The CRC-32 of the len bytes at data but the four at offset at, which hold
 * the checksum itself: the checksum of model files from version 2 on (at 36)
 * and of checkpoints from version 4 on (at 8), over the whole file. Needs
 * at + 4 <= len. */
uint32_t crc32_except(const void *data, size_t len, size_t at);

typedef enum {
    OUTPUT_REPLACE,  /* a plain file, or none yet: written beside, renamed over */
    OUTPUT_IN_PLACE, /* a character device or a FIFO: opened and written */
    OUTPUT_SOCKET,   /* a Unix socket: connected to and written */
} OutputWay;

/* What writing to path would do (see above), without opening anything: the
 * way, and in *target (malloc'd; free it) the name written, path itself or
 * where its symbolic links lead. Fails on a folder, a disk device, a loop of
 * links or an empty name, with a message naming path. */
int output_plan(const char *path, OutputWay *way, char **target, TsErr *err);

typedef struct {
    FILE *f;       /* write here */
    char *tmp;     /* temporary path, path + ".tmp"; owned; NULL when in place */
    char *path;    /* the name written (path, or where its links lead); owned */
    int in_place;  /* a device, a FIFO or a socket: nothing to rename */
} AtomicFile;

/* err->code when an output cannot be opened where its path says: a folder,
 * a disk device, a folder that does not exist or takes no file, a temporary
 * file in the way, another writer at work (every failure of atomic_open and
 * output_append). The path is the user's fault, as bad input is; a write
 * that fails later (a full disk) keeps its errno. */
#define TS_ERR_OUTPUT_PATH (-1)

/* Open an output as output_plan decides. For a file: the temporary file
 * TARGET.tmp for writing, emptied, with a lock on it (flock) until commit or
 * abort; a TARGET.tmp left by a writer that died is taken over; one that
 * another live process is writing now (its lock is held) makes this fail,
 * with a message saying so, rather than mix the two. For a device, a FIFO or
 * a socket: the thing itself (a FIFO's open waits for a reader). */
int atomic_open(AtomicFile *af, const char *path, TsErr *err);
/* Flush, sync, close and rename over the final path (in place: flush and
 * close). On failure the temporary file is removed and the old file (if any)
 * is untouched. */
int atomic_commit(AtomicFile *af, TsErr *err);
/* Give up: close and remove the temporary file (in place: close; what was
 * written to a device or a pipe cannot be taken back). */
void atomic_abort(AtomicFile *af);

/* The message for a write to path (or its flush) that failed with errnum:
 * "'PATH': write failed: No space left on device", or for EPIPE "'PATH': its
 * reader went away before the end; the rest was not written", with
 * err->code = errnum. Returns -1. */
int output_write_failed(const char *path, int errnum, TsErr *err);

/* An output that grows (a log): opened for appending where output_plan
 * says it goes, so a file grows and a device or a pipe is written, never
 * replaced; a folder is refused. NULL and a message (code
 * TS_ERR_OUTPUT_PATH) on failure. */
FILE *output_append(const char *path, TsErr *err);

/* What a file read whole is, and so the most bytes it may hold (see
 * file_limit): a text (training text, validation text, lesson) 256 MB, a
 * model file 1,000 MB, a training checkpoint 4,000 MB, a corpus index
 * (the suffix array cache) 2,000 MB, the pinyin table (pinyin.h) 4 MB, a
 * saved session (the explorer's x) 256 MB, a vocabulary's meta.pkl
 * (nanogpt.h) 16 MB. MB here is 1,000,000 bytes. A text and a pinyin table
 * may come from a pipe; the others are read only from plain files, whose
 * size is known before reading: a device such as /dev/zero, or a FIFO (with
 * or without a writer), is refused at once, never waited on. */
typedef enum {
    FILE_TEXT,
    FILE_MODEL,
    FILE_CHECKPOINT,
    FILE_CORPUS_INDEX,
    FILE_PINYIN,
    FILE_SESSION,
    FILE_META,
    FILE_KIND_COUNT
} FileKind;

/* The most bytes a file of this kind may hold. */
uint64_t file_limit(FileKind kind);

/* Read a whole file into memory; *buf is NUL-terminated for convenience (the
 * terminator is not counted in *len). Free with free(). Fails, with a message
 * naming the file and the limit, on a file larger than file_limit(kind),
 * checked before reading for a plain file and while reading for anything
 * else (a pipe, a device); on a folder; and on anything but a plain file for
 * the kinds that need one. */
int read_file(const char *path, FileKind kind, unsigned char **buf, size_t *len, TsErr *err);

/* The user's cache folder, $XDG_CACHE_HOME/tangscope (an absolute
 * XDG_CACHE_HOME only) or ~/.cache/tangscope, made (0700) if it is not
 * there; NULL when there is none. The text is static: the same for every
 * call. */
const char *ts_cache_dir(void);

#endif
