/* fileio.c - whole-file reads, atomic writes, CRC-32. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* flock */
#include "engine/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static uint32_t crc_table[256];
static int crc_ready;

static void crc_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
    crc_ready = 1;
}

uint32_t crc32_update(uint32_t crc, const void *data, size_t len)
{
    if (!crc_ready)
        crc_init();
    const unsigned char *p = data;
    crc = ~crc;
    for (size_t i = 0; i < len; i++)
        crc = crc_table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

uint32_t crc32_except(const void *data, size_t len, size_t at)
{
    const unsigned char *p = data;
    return crc32_update(crc32_update(0, p, at), p + at + 4, len - at - 4);
}

static char *dup_str(const char *s, TsErr *err)
{
    size_t n = strlen(s) + 1;
    char *d = ts_calloc(n, 1, err);
    if (d)
        memcpy(d, s, n);
    return d;
}

int atomic_open(AtomicFile *af, const char *path, TsErr *err)
{
    memset(af, 0, sizeof *af);
    TsQuoted q, q2;
    size_t size = strlen(path) + sizeof ".tmp";
    af->path = dup_str(path, err);
    af->tmp = ts_calloc(size, 1, err);
    if (!af->path || !af->tmp) {
        free(af->path);
        free(af->tmp);
        return -1;
    }
    snprintf(af->tmp, size, "%s.tmp", path);
    /* A lock belongs to a file, not to its name. A writer that opened
     * path.tmp just before the one holding the lock renamed it into place
     * would lock (and empty) the finished file; so once locked, check that
     * the name still leads to the file locked, and if not, open it again. */
    int fd = -1;
    for (int tries = 0; fd < 0 && tries < 8; tries++) {
        /* something else under that name (a folder, a pipe, a link) is in
         * the way; O_NONBLOCK keeps a pipe that appears meanwhile from
         * blocking the open */
        struct stat held, named;
        int in_way = lstat(af->tmp, &named) == 0 && !S_ISREG(named.st_mode);
        fd = in_way ? -1
                    : open(af->tmp, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
        if (fd >= 0 && (fstat(fd, &held) != 0 || !S_ISREG(held.st_mode))) {
            close(fd);
            fd = -1;
            in_way = 1;
        }
        if (in_way) {
            ts_fail(err, "%s: its temporary file %s is in the way and is not a plain file; "
                         "remove it", ts_quote(&q, path), ts_quote(&q2, af->tmp));
            goto fail;
        }
        if (fd < 0)
            break;
        if (flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
            close(fd);
            ts_fail(err, "%s: another process is writing it now (its temporary file is "
                         "locked); try again when that has finished", ts_quote(&q, path));
            goto fail;
        } /* a file system without locks: write unlocked */
        if (lstat(af->tmp, &named) != 0 || held.st_dev != named.st_dev ||
            held.st_ino != named.st_ino) {
            close(fd);
            fd = -1;
        }
    }
    if (fd < 0) {
        ts_fail(err, "%s: cannot create a file there: %s", ts_quote(&q, path), strerror(errno));
        goto fail;
    }
    /* what a writer that died left behind goes now */
    if (ftruncate(fd, 0) != 0 || fcntl(fd, F_SETFL, 0) != 0 || !(af->f = fdopen(fd, "wb"))) {
        ts_fail(err, "%s: cannot write there: %s", ts_quote(&q, path), strerror(errno));
        unlink(af->tmp);
        close(fd);
        goto fail;
    }
    return 0;
fail:
    free(af->path);
    free(af->tmp);
    memset(af, 0, sizeof *af);
    return -1;
}

int atomic_commit(AtomicFile *af, TsErr *err)
{
    TsQuoted q;
    int bad = ferror(af->f) || fflush(af->f) != 0 || fsync(fileno(af->f)) != 0;
    int saved = errno, rc = 0;
    /* the rename happens while the lock is still held: closing releases it */
    if (bad) {
        rc = ts_fail(err, "%s: write failed: %s", ts_quote(&q, af->path), strerror(saved));
        unlink(af->tmp);
    } else if (rename(af->tmp, af->path) != 0) {
        rc = ts_fail(err, "%s: cannot rename the finished file into place: %s",
                     ts_quote(&q, af->path), strerror(errno));
        unlink(af->tmp);
    }
    fclose(af->f);
    af->f = NULL;
    free(af->path);
    free(af->tmp);
    af->path = af->tmp = NULL;
    return rc;
}

void atomic_abort(AtomicFile *af)
{
    if (af->tmp && af->f)
        unlink(af->tmp); /* before closing: the name is still ours while locked */
    if (af->f)
        fclose(af->f);
    free(af->path);
    free(af->tmp);
    memset(af, 0, sizeof *af);
}

/* ---- reading ---- */

static const struct {
    uint64_t limit;   /* bytes */
    const char *what; /* for messages: "a text file may hold at most ..." */
    int plain_only;   /* read only from a plain file, never a pipe or a device */
} FILE_KINDS[FILE_KIND_COUNT] = {
    [FILE_TEXT] = {256000000u, "a text file", 0},
    [FILE_MODEL] = {1000000000u, "a model file", 1},
    [FILE_CHECKPOINT] = {4000000000u, "a checkpoint", 1},
    [FILE_CORPUS_INDEX] = {2000000000u, "a corpus index", 1},
    [FILE_PINYIN] = {4000000u, "a pinyin table", 0},
};

uint64_t file_limit(FileKind kind) { return FILE_KINDS[kind].limit; }

static int too_big(const char *path, FileKind kind, TsErr *err)
{
    TsQuoted q;
    return ts_fail(err, "%s: too large; %s may hold at most %llu MB", ts_quote(&q, path),
                   FILE_KINDS[kind].what, (unsigned long long)(FILE_KINDS[kind].limit / 1000000));
}

int read_file(const char *path, FileKind kind, unsigned char **buf, size_t *len, TsErr *err)
{
    TsQuoted q;
    *buf = NULL;
    *len = 0;
    uint64_t limit = FILE_KINDS[kind].limit;
    if (limit > SIZE_MAX - 2)
        limit = SIZE_MAX - 2;
    FILE *f = fopen(path, "rb");
    if (!f)
        return ts_fail(err, "%s: cannot open: %s", ts_quote(&q, path), strerror(errno));
    /* a regular file says its size: refuse at once, or read it in one piece */
    struct stat st;
    size_t cap = 1 << 16, n = 0;
    int have_stat = fstat(fileno(f), &st) == 0;
    if (have_stat && S_ISDIR(st.st_mode)) {
        fclose(f);
        return ts_fail(err, "%s: is a folder, not a file", ts_quote(&q, path));
    }
    if (have_stat && !S_ISREG(st.st_mode) && FILE_KINDS[kind].plain_only) {
        fclose(f);
        return ts_fail(err, "%s: not a plain file; %s is read only from one", ts_quote(&q, path),
                       FILE_KINDS[kind].what);
    }
    if (have_stat && S_ISREG(st.st_mode)) {
        if ((uint64_t)st.st_size > limit) {
            fclose(f);
            return too_big(path, kind, err);
        }
        cap = (size_t)st.st_size + 2;
    }
    unsigned char *data = malloc(cap);
    if (!data) {
        fclose(f);
        return ts_fail(err, "%s: out of memory", ts_quote(&q, path));
    }
    for (;;) {
        if (n + 1 >= cap) {
            if (n > limit) {
                free(data);
                fclose(f);
                return too_big(path, kind, err);
            }
            /* grow, but never past the limit and one byte to notice it */
            size_t want = cap <= (limit + 2) / 2 ? cap * 2 : (size_t)limit + 2;
            unsigned char *bigger = realloc(data, want);
            if (!bigger) {
                free(data);
                fclose(f);
                return ts_fail(err, "%s: out of memory", ts_quote(&q, path));
            }
            data = bigger;
            cap = want;
        }
        size_t got = fread(data + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f), saved = errno;
    fclose(f);
    if (bad) {
        free(data);
        return ts_fail(err, "%s: read error: %s", ts_quote(&q, path), strerror(saved));
    }
    if (n > limit) {
        free(data);
        return too_big(path, kind, err);
    }
    data[n] = 0;
    *buf = data;
    *len = n;
    return 0;
}
