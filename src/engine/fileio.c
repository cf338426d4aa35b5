/* fileio.c - whole-file reads, atomic writes, CRC-32. */
#define _POSIX_C_SOURCE 200809L
#include "fileio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
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
    af->path = dup_str(path, err);
    af->tmp = ts_calloc(strlen(path) + 16, 1, err);
    if (!af->path || !af->tmp) {
        free(af->path);
        free(af->tmp);
        return -1;
    }
    snprintf(af->tmp, strlen(path) + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(af->tmp);
    if (fd < 0) {
        ts_fail(err, "%s: cannot create a file there: %s", path, strerror(errno));
        free(af->path);
        free(af->tmp);
        return -1;
    }
    /* mkstemp makes the file private; give it the usual permissions */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    af->f = fdopen(fd, "wb");
    if (!af->f) {
        ts_fail(err, "%s: %s", path, strerror(errno));
        close(fd);
        unlink(af->tmp);
        free(af->path);
        free(af->tmp);
        return -1;
    }
    return 0;
}

int atomic_commit(AtomicFile *af, TsErr *err)
{
    int bad = ferror(af->f) || fflush(af->f) != 0 || fsync(fileno(af->f)) != 0;
    int saved = errno;
    if (fclose(af->f) != 0 && !bad) {
        bad = 1;
        saved = errno;
    }
    af->f = NULL;
    int rc = 0;
    if (bad) {
        rc = ts_fail(err, "%s: write failed: %s", af->path, strerror(saved));
        unlink(af->tmp);
    } else if (rename(af->tmp, af->path) != 0) {
        rc = ts_fail(err, "%s: cannot rename the finished file into place: %s", af->path,
                     strerror(errno));
        unlink(af->tmp);
    }
    free(af->path);
    free(af->tmp);
    af->path = af->tmp = NULL;
    return rc;
}

void atomic_abort(AtomicFile *af)
{
    if (af->f)
        fclose(af->f);
    if (af->tmp)
        unlink(af->tmp);
    free(af->path);
    free(af->tmp);
    memset(af, 0, sizeof *af);
}

int read_file(const char *path, unsigned char **buf, size_t *len, TsErr *err)
{
    return read_file_max(path, SIZE_MAX - 1, buf, len, err);
}

int read_file_max(const char *path, size_t max, unsigned char **buf, size_t *len, TsErr *err)
{
    *buf = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return ts_fail(err, "%s: cannot open: %s", path, strerror(errno));
    size_t cap = 1 << 16, n = 0;
    unsigned char *data = malloc(cap);
    if (!data) {
        fclose(f);
        return ts_fail(err, "%s: out of memory", path);
    }
    for (;;) {
        if (n + 1 >= cap) {
            unsigned char *bigger = realloc(data, cap * 2);
            if (!bigger) {
                free(data);
                fclose(f);
                return ts_fail(err, "%s: out of memory", path);
            }
            data = bigger;
            cap *= 2;
        }
        size_t got = fread(data + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
        if (n > max) { /* stop early: a huge file need not be read to be refused */
            free(data);
            fclose(f);
            return ts_fail(err, "%s: larger than %zu bytes", path, max);
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(data);
        return ts_fail(err, "%s: read error (is it a directory?)", path);
    }
    data[n] = 0;
    *buf = data;
    *len = n;
    return 0;
}
