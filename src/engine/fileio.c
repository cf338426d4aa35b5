/* fileio.c - whole-file reads, atomic writes, CRC-32. */
#define _POSIX_C_SOURCE 200809L
#if defined(__linux__) && !defined(TS_POSIX_ONLY)
#define _DEFAULT_SOURCE /* flock */
#define HAVE_FLOCK 1
#endif
#include "engine/fileio.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_FLOCK
#include <sys/file.h>
#endif
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/* CRC-32 eight bytes at a time ("slicing by 8"): crc_table[k][b] is the CRC
 * of byte b followed by k zero bytes, so one step folds in eight bytes with
 * eight lookups instead of a chain of eight. The same numbers as the byte by
 * byte loop (the tail still goes that way); every model load checks its 7 MB
 * this way, and the byte loop cost a short command a fifth of its time. */
static uint32_t crc_table[8][256];
static int crc_ready;

static void crc_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[0][i] = c;
    }
    for (int k = 1; k < 8; k++)
        for (int i = 0; i < 256; i++) {
            uint32_t c = crc_table[k - 1][i];
            crc_table[k][i] = crc_table[0][c & 0xFF] ^ (c >> 8);
        }
    crc_ready = 1;
}

/* the four bytes at p as a little-endian number, on any machine */
static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

uint32_t crc32_update(uint32_t crc, const void *data, size_t len)
{
    if (!crc_ready)
        crc_init();
    const unsigned char *p = data;
    uint32_t(*t)[256] = crc_table;
    crc = ~crc;
    for (; len >= 8; p += 8, len -= 8) {
        uint32_t a = le32(p) ^ crc, b = le32(p + 4);
        crc = t[7][a & 0xFF] ^ t[6][(a >> 8) & 0xFF] ^ t[5][(a >> 16) & 0xFF] ^ t[4][a >> 24] ^
              t[3][b & 0xFF] ^ t[2][(b >> 8) & 0xFF] ^ t[1][(b >> 16) & 0xFF] ^ t[0][b >> 24];
    }
    for (size_t i = 0; i < len; i++)
        crc = t[0][(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
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

/* ---- where an output goes ---- */

/* Follow path through its symbolic links (at most 40, as the kernel does) to
 * the name that is finally written: a new *target (malloc'd), and its kind in
 * *st, or *exists = 0 when nothing is there yet (a new file, or a link that
 * leads nowhere yet). */
static int follow_links(const char *path, char **target, struct stat *st, int *exists,
                        TsErr *err)
{
    TsQuoted q;
    char *at = dup_str(path, err);
    for (int hops = 0; at; hops++) {
        if (lstat(at, st) != 0) {
            /* nothing there: a new file (a folder on the way that is missing or
             * is a file is said when the file is made) */
            if (errno == ENOENT || errno == ENOTDIR) {
                *exists = 0;
                *target = at;
                return 0;
            }
            ts_fail(err, "%s: cannot look at it: %s", ts_quote(&q, path), ts_strerror(errno));
            break;
        }
        if (!S_ISLNK(st->st_mode)) {
            *exists = 1;
            *target = at;
            return 0;
        }
        if (hops == 40) {
            ts_fail(err, "%s: too many symbolic links in a row", ts_quote(&q, path));
            break;
        }
        char link[4096];
        ssize_t n = readlink(at, link, sizeof link - 1);
        if (n < 0 || n == (ssize_t)sizeof link - 1) {
            ts_fail(err, "%s: cannot read the symbolic link: %s", ts_quote(&q, path),
                    n < 0 ? ts_strerror(errno) : ts_text("its target is too long"));
            break;
        }
        link[n] = 0;
        /* a relative target is read from the link's own folder */
        const char *slash = strrchr(at, '/');
        size_t keep = link[0] == '/' || !slash ? 0 : (size_t)(slash - at) + 1;
        char *next = ts_calloc(keep + (size_t)n + 1, 1, err);
        if (next) {
            memcpy(next, at, keep);
            memcpy(next + keep, link, (size_t)n + 1);
        }
        free(at);
        at = next;
    }
    free(at);
    return -1;
}

/* Open a Unix socket's path for writing, as a shell's `> socket` cannot. */
static int open_socket(const char *path)
{
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof addr.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(addr.sun_path, path, strlen(path) + 1);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd >= 0 && connect(fd, (const struct sockaddr *)&addr, sizeof addr) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        fd = -1;
    }
    return fd;
}

/* A FIFO or a socket whose reader goes away would end the program with
 * SIGPIPE at the next write; with the signal ignored that write fails with
 * EPIPE instead, and the writer says so (output_write_failed). For the rest
 * of the run: the write that meets the closed pipe may come at any time. */
static void pipe_errors_not_signals(int fd)
{
    struct stat st;
    if (fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
        signal(SIGPIPE, SIG_IGN);
}

int output_write_failed(const char *path, int errnum, TsErr *err)
{
    TsQuoted q;
    if (errnum == EPIPE)
        ts_fail(err, "%s: its reader went away before the end; the rest was not written",
                ts_quote(&q, path));
    else
        ts_fail(err, "%s: write failed: %s", ts_quote(&q, path), ts_strerror(errnum));
    if (err)
        err->code = errnum;
    return -1;
}

/* Write in place what is not a file of ours to replace: a terminal, a device
 * such as /dev/null, a pipe, a socket. */
static int open_in_place(AtomicFile *af, const char *path, OutputWay way, TsErr *err)
{
    TsQuoted q;
    int fd = way == OUTPUT_SOCKET ? open_socket(path) : open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0 || !(af->f = fdopen(fd, "wb"))) {
        ts_fail(err, "%s: cannot write to it: %s", ts_quote(&q, path), ts_strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    pipe_errors_not_signals(fd);
    af->in_place = 1;
    return 0;
}

int output_plan(const char *path, OutputWay *way, char **target, TsErr *err)
{
    TsQuoted q, q2;
    struct stat st;
    int exists;
    *target = NULL;
    if (!path[0])
        return ts_fail(err, "an empty name is no file to write");
    if (follow_links(path, target, &st, &exists, err) != 0)
        return -1;
    const char *via = strcmp(*target, path) != 0 ? ts_text(" (where the symbolic link leads)") : "";
    if (!exists || S_ISREG(st.st_mode)) {
        *way = OUTPUT_REPLACE;
        return 0;
    }
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) {
        *way = S_ISSOCK(st.st_mode) ? OUTPUT_SOCKET : OUTPUT_IN_PLACE;
        return 0;
    }
    if (S_ISDIR(st.st_mode))
        ts_fail(err, "%s: is a folder, not a file", ts_quote(&q, path));
    else /* a block device: a disk, never a file of ours */
        ts_fail(err, "%s: %s%s is a disk device; tangscope writes files, terminals and pipes",
                ts_quote(&q, path), ts_quote(&q2, *target), via);
    free(*target);
    *target = NULL;
    return -1;
}

/* Lock the open temporary file fd for writing: 1 when another process holds
 * it (it is writing the same file now), else 0 (locked, or a file system
 * without locks). flock on Linux; elsewhere POSIX's fcntl lock, which
 * another process sees the same way. */
static int held_elsewhere(int fd)
{
#ifdef HAVE_FLOCK
    return flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
#else
    struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    return fcntl(fd, F_SETLK, &lock) != 0 && (errno == EACCES || errno == EAGAIN);
#endif
}

/* Open target.tmp beside the target, locked; af->path is the target. */
static int open_beside(AtomicFile *af, const char *path, TsErr *err)
{
    TsQuoted q, q2;
    size_t size = strlen(af->path) + sizeof ".tmp";
    if (!(af->tmp = ts_calloc(size, 1, err)))
        return -1;
    snprintf(af->tmp, size, "%s.tmp", af->path);
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
        if (in_way)
            return ts_fail(err, "%s: its temporary file %s is in the way and is not a plain "
                                "file; remove it", ts_quote(&q, path), ts_quote(&q2, af->tmp));
        if (fd < 0)
            break;
        if (held_elsewhere(fd)) {
            close(fd);
            return ts_fail(err, "%s: another process is writing it now (its temporary file "
                                "is locked); try again when that has finished",
                           ts_quote(&q, path));
        } /* a file system without locks: write unlocked */
        if (lstat(af->tmp, &named) != 0 || held.st_dev != named.st_dev ||
            held.st_ino != named.st_ino) {
            close(fd);
            fd = -1;
        }
    }
    if (fd < 0) {
        if (strcmp(af->path, path) != 0)
            return ts_fail(err, "%s: leads to %s, and its folder cannot take a new file beside "
                                "it (%s); give a path in a folder you can write",
                           ts_quote(&q, path), ts_quote(&q2, af->path), ts_strerror(errno));
        return ts_fail(err, "%s: cannot create a file there: %s", ts_quote(&q, path),
                       ts_strerror(errno));
    }
    /* what a writer that died left behind goes now */
    if (ftruncate(fd, 0) != 0 || fcntl(fd, F_SETFL, 0) != 0 || !(af->f = fdopen(fd, "wb"))) {
        ts_fail(err, "%s: cannot write there: %s", ts_quote(&q, path), ts_strerror(errno));
        unlink(af->tmp);
        close(fd);
        return -1;
    }
    return 0;
}

int atomic_open(AtomicFile *af, const char *path, TsErr *err)
{
    memset(af, 0, sizeof *af);
    OutputWay way;
    int rc = output_plan(path, &way, &af->path, err);
    if (rc == 0)
        rc = way == OUTPUT_REPLACE ? open_beside(af, path, err)
                                   : open_in_place(af, af->path, way, err);
    if (rc != 0) {
        free(af->path);
        free(af->tmp);
        memset(af, 0, sizeof *af);
    }
    if (rc != 0 && err)
        err->code = TS_ERR_OUTPUT_PATH;
    return rc;
}

int atomic_commit(AtomicFile *af, TsErr *err)
{
    TsQuoted q;
    /* a terminal or a pipe cannot be synced (EINVAL), and needs not be */
    int bad = ferror(af->f) || fflush(af->f) != 0 ||
              (!af->in_place && fsync(fileno(af->f)) != 0);
    int saved = errno, rc = 0;
    /* the rename happens while the lock is still held: closing releases it */
    if (bad) {
        rc = output_write_failed(af->path, saved, err);
        if (af->tmp)
            unlink(af->tmp);
    } else if (af->tmp && rename(af->tmp, af->path) != 0) {
        rc = ts_fail(err, "%s: cannot rename the finished file into place: %s",
                     ts_quote(&q, af->path), ts_strerror(errno));
        unlink(af->tmp);
    }
    if (fclose(af->f) != 0 && rc == 0 && af->in_place)
        rc = output_write_failed(af->path, errno, err);
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

FILE *output_append(const char *path, TsErr *err)
{
    TsQuoted q, q2;
    OutputWay way;
    char *target;
    if (output_plan(path, &way, &target, err) != 0) {
        if (err)
            err->code = TS_ERR_OUTPUT_PATH;
        return NULL;
    }
    /* appending never replaces: a file grows, a device or a pipe is written */
    FILE *f = fopen(target, "a");
    if (!f && strcmp(target, path) != 0)
        ts_fail(err, "%s: leads to %s, which cannot be opened for appending: %s",
                ts_quote(&q, path), ts_quote(&q2, target), ts_strerror(errno));
    else if (!f)
        ts_fail(err, "%s: cannot open it for appending: %s", ts_quote(&q, path),
                ts_strerror(errno));
    if (f)
        pipe_errors_not_signals(fileno(f));
    else if (err)
        err->code = TS_ERR_OUTPUT_PATH;
    free(target);
    return f;
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
    [FILE_SESSION] = {256000000u, "a session file", 1},
    [FILE_META] = {16000000u, "a meta.pkl", 1},
};

uint64_t file_limit(FileKind kind) { return FILE_KINDS[kind].limit; }

static int too_big(const char *path, FileKind kind, TsErr *err)
{
    TsQuoted q;
    return ts_fail(err, "%s: too large; %s may hold at most %llu MB", ts_quote(&q, path),
                   ts_text(FILE_KINDS[kind].what), (unsigned long long)(FILE_KINDS[kind].limit / 1000000));
}

/* What a file's status says before reading: refused at once (a folder, not
 * a plain file where one is needed, a regular file over the limit), or the
 * room to read it in: a regular file's size in one piece. 0, or -1 with err. */
static int room_for(FILE *f, const char *path, FileKind kind, uint64_t limit, size_t *cap,
                    TsErr *err)
{
    TsQuoted q;
    struct stat st;
    *cap = 1 << 16;
    if (fstat(fileno(f), &st) != 0)
        return 0;
    if (S_ISDIR(st.st_mode))
        return ts_fail(err, "%s: is a folder, not a file", ts_quote(&q, path));
    if (!S_ISREG(st.st_mode) && FILE_KINDS[kind].plain_only)
        return ts_fail(err, "%s: not a plain file; %s is read only from one", ts_quote(&q, path),
                       ts_text(FILE_KINDS[kind].what));
    if (S_ISREG(st.st_mode)) {
        if ((uint64_t)st.st_size > limit)
            return too_big(path, kind, err);
        *cap = (size_t)st.st_size + 2;
    }
    return 0;
}

/* Read f to its end into *data (cap bytes to start with, grown but never
 * past the limit and one byte to notice it), *n bytes. 0, or -1 with err
 * and nothing allocated. */
static int read_all(FILE *f, const char *path, FileKind kind, uint64_t limit, size_t cap,
                    unsigned char **data, size_t *n, TsErr *err)
{
    TsQuoted q;
    *n = 0;
    *data = malloc(cap);
    if (!*data)
        return ts_fail(err, "%s: out of memory", ts_quote(&q, path));
    ts_huge_pages(*data, cap);
    for (;;) {
        if (*n + 1 >= cap) {
            if (*n > limit)
                break; /* told below */
            size_t want = cap <= (limit + 2) / 2 ? cap * 2 : (size_t)limit + 2;
            unsigned char *bigger = realloc(*data, want);
            if (!bigger) {
                free(*data);
                return ts_fail(err, "%s: out of memory", ts_quote(&q, path));
            }
            /* the whole block, not its new part: advice on a part would cut
             * the mapping in two, and the next realloc, unable to move two
             * mappings as one, would copy everything read so far */
            ts_huge_pages(bigger, want);
            *data = bigger;
            cap = want;
        }
        size_t got = fread(*data + *n, 1, cap - *n - 1, f);
        *n += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f), saved = errno;
    if (bad || *n > limit)
        free(*data);
    if (bad)
        return ts_fail(err, "%s: read error: %s", ts_quote(&q, path), ts_strerror(saved));
    if (*n > limit)
        return too_big(path, kind, err);
    (*data)[*n] = 0;
    return 0;
}

int read_file(const char *path, FileKind kind, unsigned char **buf, size_t *len, TsErr *err)
{
    TsQuoted q;
    *buf = NULL;
    *len = 0;
    uint64_t limit = FILE_KINDS[kind].limit;
    if (limit > SIZE_MAX - 2)
        limit = SIZE_MAX - 2;
    /* a file read only from a plain file is opened without waiting: a FIFO
     * with no writer would block the open itself, before room_for refuses it */
    int fd = open(path, O_RDONLY | O_CLOEXEC | (FILE_KINDS[kind].plain_only ? O_NONBLOCK : 0));
    FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
    if (!f) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return ts_fail(err, "%s: cannot open: %s", ts_quote(&q, path), ts_strerror(e));
    }
    size_t cap;
    unsigned char *data;
    size_t n;
    int rc = room_for(f, path, kind, limit, &cap, err);
    if (rc == 0 && FILE_KINDS[kind].plain_only) /* a plain file: reads as ever */
        rc = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0
                 ? 0 : ts_fail(err, "%s: cannot read: %s", ts_quote(&q, path), ts_strerror(errno));
    if (rc == 0)
        rc = read_all(f, path, kind, limit, cap, &data, &n, err);
    fclose(f);
    if (rc != 0)
        return -1;
    *buf = data;
    *len = n;
    return 0;
}

const char *ts_cache_dir(void)
{
    static char path[PATH_MAX];
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/') /* the XDG spec says to ignore a relative path */
        n = snprintf(path, sizeof path, "%s/tangscope", xdg);
    else if (home && *home)
        n = snprintf(path, sizeof path, "%s/.cache/tangscope", home);
    else
        return NULL;
    if (n < 0 || (size_t)n >= sizeof path)
        return NULL;
    /* mkdir -p: a component that exists already just fails with EEXIST */
    for (char *p = path + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            mkdir(path, 0700);
            *p = '/';
        }
    }
    mkdir(path, 0700);
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return NULL;
    return path;
}
