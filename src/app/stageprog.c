/* stageprog.c - a student's stage as a program (see stageprog.h). */
#define _POSIX_C_SOURCE 200809L
#include "app/stageprog.h"
#include "app/json.h"
#include "app/labels.h"
#include "app/reaper.h"
#include "engine/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A message's words in the program's language. */
static const char *L(AppLang lang, LabelId id) { return app_label_in(lang, id); }

/* ---- the command line ---- */

int stageprog_split(const char *cmdline, AppLang lang, char ***argv, int *argc, TsErr *err)
{
    *argv = NULL;
    *argc = 0;
    size_t n = strlen(cmdline);
    /* the pointers, then the words (never longer than the line, plus NULs) */
    size_t head = (STAGEPROG_MAX_WORDS + 1) * sizeof(char *);
    char **out = malloc(head + 2 * n + 2);
    if (!out)
        return ts_fail(err, "out of memory");
    char *w = (char *)out + head;
    int words = 0;
    const char *s = cmdline;
    TsQuoted q;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        if (words == STAGEPROG_MAX_WORDS) {
            free(out);
            return ts_fail(err, L(lang, LBL_SP_TOO_MANY_WORDS), ts_quote(&q, cmdline),
                           STAGEPROG_MAX_WORDS);
        }
        out[words++] = w;
        while (*s && *s != ' ' && *s != '\t') {
            if (*s == '"' || *s == '\'') {
                char quote = *s++;
                const char *end = strchr(s, quote);
                if (!end) {
                    free(out);
                    return ts_fail(err, L(lang, LBL_SP_UNCLOSED), ts_quote(&q, cmdline), quote);
                }
                memcpy(w, s, (size_t)(end - s));
                w += end - s;
                s = end + 1;
            } else {
                *w++ = *s++;
            }
        }
        *w++ = 0;
    }
    if (words == 0) {
        free(out);
        return ts_fail(err, "%s", L(lang, LBL_SP_EMPTY));
    }
    out[words] = NULL;
    *argv = out;
    *argc = words;
    return 0;
}

/* ---- starting and stopping ---- */

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0 /* (macOS) the socket says SO_NOSIGPIPE instead */
#endif

/* A pair of connected sockets whose ends close on exec: made so at once
 * where SOCK_CLOEXEC exists (Linux, the BSDs), else flagged right after.
 * 0, or -1 with errno and nothing left open. */
static int cloexec_socketpair(int sv[2])
{
#if defined(SOCK_CLOEXEC) && !defined(TS_POSIX_ONLY)
    return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv);
#else
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
        return -1;
    if (fcntl(sv[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(sv[1], F_SETFD, FD_CLOEXEC) != 0) {
        int e = errno;
        close(sv[0]);
        close(sv[1]);
        errno = e;
        return -1;
    }
#ifdef SO_NOSIGPIPE
    int one = 1; /* a write to a program that is gone fails, and kills nothing */
    setsockopt(sv[0], SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
    return 0;
#endif
}

/* Where a quiet program's standard error goes: a new file of its own in the
 * user's cache folder (its name in p->errlog), or /dev/null when there is
 * none. Returns the descriptor, or -1. */
static int open_errlog(StageProg *p)
{
    static unsigned started; /* programs this tangscope started: each its own file */
    const char *dir = ts_cache_dir();
    p->errlog[0] = 0;
    if (dir) {
        int n = snprintf(p->errlog, sizeof p->errlog, "%s/stage-%ld-%u.stderr", dir,
                         (long)getpid(), ++started);
        int fd = n > 0 && (size_t)n < sizeof p->errlog
                     ? open(p->errlog, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600)
                     : -1;
        if (fd >= 0)
            return fd;
        p->errlog[0] = 0;
    }
    return open("/dev/null", O_WRONLY | O_CLOEXEC);
}

/* Why a program could not be run, and what to do: a file that is not
 * executable (Permission denied, Exec format error) is run by its
 * interpreter; a bare name not on PATH may be a file in this folder. */
static void exec_hint(const StageProg *p, const char *prog, int e, char *out, size_t size)
{
    TsQuoted q;
    struct stat st;
    int here = !strchr(prog, '/') && stat(prog, &st) == 0 && S_ISREG(st.st_mode);
    if (e == EACCES || e == ENOEXEC)
        snprintf(out, size, L(p->lang, LBL_SP_NOT_EXECUTABLE), ts_quote(&q, prog));
    else if (e == ENOENT && here) {
        TsQuoted q2;
        snprintf(out, size, L(p->lang, LBL_SP_HERE_NOT_PATH), ts_quote(&q, prog),
                 ts_quote(&q2, prog));
    } else if (e == ENOENT && !strchr(prog, '/'))
        snprintf(out, size, "%s", L(p->lang, LBL_SP_NOT_ON_PATH));
    else
        out[0] = 0;
}

/* Start argv under its supervisor (reaper.h) on a new socket: our end in
 * p->fd. Returns 0, or -1 with the message in err. */
static int launch(StageProg *p, char **argv, int quiet_stderr, TsErr *err)
{
    int sv[2], e = 0;
    ReaperFail fail = REAPER_SETUP;
    if (cloexec_socketpair(sv) != 0)
        return ts_fail(err, L(p->lang, LBL_SP_CANNOT_START), p->cmd, ts_strerror(errno), "");
    int errfd = quiet_stderr ? open_errlog(p) : -1;
    int rc = reaper_start(&p->sup, argv, sv[1], errfd, &fail, &e);
    close(sv[1]); /* the program's end: the supervisor passed it on */
    if (errfd >= 0)
        close(errfd);
    if (rc != 0 && p->errlog[0]) {
        unlink(p->errlog);
        p->errlog[0] = 0;
    }
    if (rc != 0) {
        close(sv[0]);
        if (fail == REAPER_EXEC) {
            TsQuoted q;
            char hint[512];
            exec_hint(p, argv[0], e, hint, sizeof hint);
            return ts_fail(err, L(p->lang, LBL_SP_CANNOT_START), ts_quote(&q, argv[0]),
                           ts_strerror(e), hint);
        }
        return ts_fail(err, L(p->lang, LBL_SP_CANNOT_START), p->cmd, ts_strerror(e),
                       fail == REAPER_TMPDIR ? L(p->lang, LBL_SP_NO_TMPDIR) : "");
    }
    fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK);
    p->fd = sv[0];
    return 0;
}

/* An interpreter that, given no file, would read its program from the
 * standard input, where the requests arrive. */
static const char *interpreter(const char *word)
{
    static const char *const NAMES[] = {"python3", "python", "python2", "node", "ruby", "perl",
                                        "sh", "bash", "Rscript", "julia", "lua", NULL};
    const char *base = strrchr(word, '/');
    base = base ? base + 1 : word;
    for (int i = 0; NAMES[i]; i++)
        if (strcmp(base, NAMES[i]) == 0)
            return NAMES[i];
    return NULL;
}

int stageprog_start(StageProg *p, const char *cmdline, int quiet_stderr, AppLang lang, TsErr *err)
{
    *p = (StageProg){.fd = -1, .timeout = STAGEPROG_TIMEOUT, .lang = lang,
                     .timeout_option = "--stage-timeout"};
    p->sup.ctl = p->sup.status_fd = -1;
    TsQuoted q;
    snprintf(p->cmd, sizeof p->cmd, "%s", ts_quote(&q, cmdline));
    char **argv;
    int argc;
    if (stageprog_split(cmdline, lang, &argv, &argc, err) != 0)
        return -1;
    const char *alone = argc == 1 ? interpreter(argv[0]) : NULL;
    if (alone) { /* --stage python3 top_p.py, unquoted: the shell took top_p.py away */
        ts_fail(err, L(lang, LBL_SP_INTERPRETER_ALONE), p->cmd, alone);
        free(argv);
        return -1;
    }
    p->buf = malloc(STAGEPROG_MAX_LINE + 1);
    if (!p->buf) {
        free(argv);
        return ts_fail(err, "out of memory");
    }
    int rc = launch(p, argv, quiet_stderr, err);
    free(argv);
    if (rc != 0) {
        free(p->buf);
        p->buf = NULL;
        return -1;
    }
    p->running = 1;
    return 0;
}

/* Stop the program and all it started, and reap; describe how it ended in
 * how[] (when it ended by itself, before we stopped it). */
static void kill_and_reap(StageProg *p, char *how, size_t size)
{
    if (how && size)
        how[0] = 0;
    p->running = 0;
    if (p->sup.pid <= 0) /* never started, or stopped already: fd is not ours */
        return;
    int by_itself = reaper_ended(&p->sup, 0.0);
    int status = p->sup.status;
    reaper_stop(&p->sup);
    close(p->fd);
    p->fd = -1;
    if (how && size && by_itself) {
        int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
        int crash = sig == SIGSEGV || sig == SIGABRT || sig == SIGFPE || sig == SIGBUS;
        if (WIFEXITED(status))
            snprintf(how, size, L(p->lang, LBL_SP_EXIT_STATUS), WEXITSTATUS(status));
        else if (sig)
            snprintf(how, size, L(p->lang, crash ? LBL_SP_CRASH : LBL_SP_SIGNAL), sig);
    }
}

void stageprog_stop(StageProg *p)
{
    if (p->sup.pid > 0) {
        /* end of input: a program that reads line by line ends by itself */
        if (p->fd >= 0)
            shutdown(p->fd, SHUT_WR);
        reaper_ended(&p->sup, 0.5);
    }
    kill_and_reap(p, NULL, 0);
    struct stat st;
    if (p->errlog[0] && stat(p->errlog, &st) == 0 && st.st_size == 0)
        unlink(p->errlog); /* nothing was written: no file to keep */
    p->errlog[0] = 0;
    free(p->buf);
    p->buf = NULL;
    p->len = 0;
}

/* ---- one step ---- */

/* The last lines of the program's standard error in its file (at most
 * two, the last non-empty ones, joined by " | "): "" when it wrote none. */
static void errlog_tail(const char *path, char *out, size_t size)
{
    out[0] = 0;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return;
    char buf[2048];
    off_t end = lseek(fd, 0, SEEK_END);
    off_t from = end > (off_t)sizeof buf - 1 ? end - (off_t)sizeof buf + 1 : 0;
    ssize_t n = from >= 0 ? pread(fd, buf, sizeof buf - 1, from) : -1;
    close(fd);
    if (n <= 0)
        return;
    buf[n] = 0;
    /* the lines, from the end: skip empty ones, keep two */
    const char *line[2] = {NULL, NULL};
    size_t len[2] = {0, 0};
    int found = 0;
    ssize_t i = n;
    while (i > 0 && found < 2) {
        ssize_t stop = i;
        while (i > 0 && buf[i - 1] != '\n')
            i--;
        size_t l = (size_t)(stop - i);
        while (l > 0 && (buf[i + (ssize_t)l - 1] == '\r' || buf[i + (ssize_t)l - 1] == ' '))
            l--;
        if (l > 0) {
            line[found] = buf + i;
            len[found++] = l;
        }
        if (i > 0)
            i--; /* past the newline */
    }
    char joined[1024];
    size_t k = 0;
    for (int f = found - 1; f >= 0; f--) {
        int w = snprintf(joined + k, sizeof joined - k, "%s%.*s", k ? " | " : "", (int)len[f],
                         line[f]);
        if (w < 0 || (size_t)w >= sizeof joined - k)
            break;
        k += (size_t)w;
    }
    joined[k] = 0;
    TsQuoted q;
    snprintf(out, size, "%s", ts_quote(&q, joined));
}

/* A failed step's message, then where the program's standard error is and
 * how it ended. */
static void add_errlog(const StageProg *p, TsErr *err, int ended)
{
    if (!err || !p->errlog[0])
        return;
    char tail[256], more[TS_ERR_MAX];
    errlog_tail(p->errlog, tail, sizeof tail);
    TsQuoted q;
    if (tail[0])
        snprintf(more, sizeof more, L(p->lang, LBL_SP_STDERR_TAIL), ts_quote(&q, p->errlog), tail);
    else if (ended)
        snprintf(more, sizeof more, "%s", L(p->lang, LBL_SP_STDERR_EMPTY));
    else
        return;
    size_t n = strlen(err->msg);
    snprintf(err->msg + n, sizeof err->msg - n, "%s", more);
}

/* Stop the program and say why, "step N: ..." */
static StageProgStatus fail_step(StageProg *p, StageProgStatus st, TsErr *err, const char *fmt,
                                 ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static StageProgStatus fail_step(StageProg *p, StageProgStatus st, TsErr *err, const char *fmt,
                                 ...)
{
    char what[TS_ERR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    kill_and_reap(p, NULL, 0);
    ts_fail(err, L(p->lang, LBL_SP_STEP), p->steps, what);
    add_errlog(p, err, 0);
    return st;
}

/* The program ended (its end of the socket closed): how, in one message. */
static StageProgStatus ended(StageProg *p, TsErr *err, int midway)
{
    reaper_ended(&p->sup, 0.5);
    char how[96], what[TS_ERR_MAX];
    kill_and_reap(p, how, sizeof how);
    snprintf(what, sizeof what, L(p->lang, midway ? LBL_SP_ENDED_MIDDLE : LBL_SP_ENDED_BEFORE),
             p->cmd, how[0] ? how : L(p->lang, LBL_SP_CLOSED));
    ts_fail(err, L(p->lang, LBL_SP_STEP), p->steps, what);
    add_errlog(p, err, 1);
    return STAGEPROG_ENDED;
}

/* err = "step N: " and a message of the program's language. */
static void step_fail(const StageProg *p, TsErr *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 0)))
#endif
    ;
static void step_fail(const StageProg *p, TsErr *err, const char *fmt, ...)
{
    char what[TS_ERR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    ts_fail(err, L(p->lang, LBL_SP_STEP), p->steps, what);
}

/* A piece of what the program wrote, for a message: quoted, and short. */
static const char *excerpt(TsQuoted *q, const char *s, size_t n)
{
    char piece[64];
    size_t k = n < 48 ? n : 48;
    if (k < n) /* do not cut a UTF-8 character in two */
        k = utf8_back(s, k + 1);
    memcpy(piece, s, k);
    piece[k] = 0;
    if (k < n)
        snprintf(piece + k, sizeof piece - k, "...");
    return ts_quote(q, piece);
}

/* No whole line within limit seconds: stop the program and say so. The
 * first step includes the start: the option that gives it more time comes
 * first; later steps name the option after the usual reasons. */
static StageProgStatus late(StageProg *p, double limit, TsErr *err)
{
    TsQuoted q;
    char secs[32];
    app_num_short(p->lang, limit, secs, sizeof secs);
    if (!p->answered && !p->len)
        return fail_step(p, STAGEPROG_LATE, err, L(p->lang, LBL_SP_SLOW_START), secs,
                         p->timeout_option);
    if (p->len)
        fail_step(p, STAGEPROG_LATE, err, L(p->lang, LBL_SP_LATE_PART), secs,
                  excerpt(&q, p->buf, p->len));
    else
        fail_step(p, STAGEPROG_LATE, err, L(p->lang, LBL_SP_LATE), secs);
    if (err) {
        size_t used = strlen(err->msg);
        snprintf(err->msg + used, sizeof err->msg - used, L(p->lang, LBL_SP_MORE_TIME),
                 p->timeout_option);
    }
    return STAGEPROG_LATE;
}

StageProgStatus stageprog_exchange(StageProg *p, const char *req, size_t n, const char **line,
                                   TsErr *err)
{
    *line = NULL;
    p->steps++;
    if (!p->running) {
        step_fail(p, err, L(p->lang, LBL_SP_NOT_RUNNING), p->cmd);
        return STAGEPROG_NOT_STARTED;
    }
    if (p->len > 0) {
        TsQuoted q;
        return fail_step(p, STAGEPROG_EXTRA, err, L(p->lang, LBL_SP_EXTRA_BEFORE), p->steps - 1,
                         excerpt(&q, p->buf, p->len));
    }
    double limit = p->answered ? p->timeout : p->timeout * STAGEPROG_FIRST_STEP;
    double deadline = ts_now() + limit, say_at = ts_now() + STAGEPROG_WAIT_SAY;
    int said = !p->on_wait;
    size_t sent = 0;
    for (;;) {
        char *nl = p->len ? memchr(p->buf, '\n', p->len) : NULL;
        if (nl) {
            if (sent < n) { /* an answer before the whole question */
                TsQuoted q;
                return fail_step(p, STAGEPROG_EXTRA, err, L(p->lang, LBL_SP_EARLY),
                                 excerpt(&q, p->buf, (size_t)(nl - p->buf)));
            }
            size_t ln = (size_t)(nl - p->buf);
            if (ln + 1 < p->len) {
                TsQuoted q;
                return fail_step(p, STAGEPROG_EXTRA, err, L(p->lang, LBL_SP_EXTRA_AFTER),
                                 excerpt(&q, nl + 1, p->len - ln - 1));
            }
            *nl = 0;
            if (ln > 0 && p->buf[ln - 1] == '\r') /* a line ended the Windows way */
                p->buf[ln - 1] = 0;
            p->len = 0; /* the line stays readable until the next call */
            p->answered++;
            *line = p->buf;
            return STAGEPROG_OK;
        }
        if (p->len >= STAGEPROG_MAX_LINE)
            return fail_step(p, STAGEPROG_TOO_LONG, err, L(p->lang, LBL_SP_TOO_LONG),
                             STAGEPROG_MAX_LINE);
        double left = deadline - ts_now();
        if (left <= 0)
            return late(p, limit, err);
        if (!said && ts_now() >= say_at) {
            said = 1;
            p->on_wait(p->wait_ctx, p->cmd, limit);
        }
        struct pollfd pfd = {.fd = p->fd, .events = POLLIN | (sent < n ? POLLOUT : 0)};
        int ms = (int)ceil((said || say_at > deadline ? left : say_at - ts_now()) * 1000.0);
        ms = ms < 0 ? 0 : ms;
        int r = poll(&pfd, 1, ms);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return fail_step(p, STAGEPROG_ENDED, err, L(p->lang, LBL_SP_POLL), ts_strerror(errno));
        }
        if (r == 0)
            continue;
        if (sent < n && (pfd.revents & POLLOUT)) {
            ssize_t w = send(p->fd, req + sent, n - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (w > 0)
                sent += (size_t)w;
            else if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
                return ended(p, err, 0); /* whether it read first is a race */
        }
        if (pfd.revents & (POLLIN | POLLHUP | POLLERR)) {
            ssize_t got = recv(p->fd, p->buf + p->len, STAGEPROG_MAX_LINE + 1 - p->len - 1,
                               MSG_DONTWAIT);
            if (got > 0)
                p->len += (size_t)got;
            else if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
                return ended(p, err, p->len != 0);
        }
    }
}

/* ---- reading the answer (json.h reads the JSON) ---- */

/* The index of id among ids[0..n) (ascending), or -1. */
static int find_id(const int *ids, int n, double id)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if ((double)ids[mid] == id)
            return mid;
        if ((double)ids[mid] < id)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

StageProgStatus stageprog_parse_keep(const StageProg *p, const char *line, const int *ids, int n,
                                     uint8_t *kept, TsErr *err)
{
    size_t len = strlen(line);
    TsQuoted q;
    if (!json_valid(line, len)) {
        step_fail(p, err, L(p->lang, LBL_SP_NOT_JSON), excerpt(&q, line, len));
        return STAGEPROG_NOT_JSON;
    }
    size_t at = json_member(line, len, "keep");
    if (!at || line[at] != '[') {
        step_fail(p, err, L(p->lang, LBL_SP_NO_KEEP), excerpt(&q, line, len));
        return STAGEPROG_NO_KEEP;
    }
    memset(kept, 0, (size_t)n);
    at++; /* [ */
    for (;;) {
        at = json_skip_space(line, len, at);
        if (line[at] == ']')
            return STAGEPROG_OK;
        double v;
        int integer;
        size_t from = at;
        if (json_number(line, len, &at, &v, &integer) != 0 || !integer) {
            size_t to = from;
            while (to < len && line[to] != ',' && line[to] != ']')
                to++;
            step_fail(p, err, L(p->lang, LBL_SP_NOT_ID), excerpt(&q, line + from, to - from));
            return STAGEPROG_NO_KEEP;
        }
        int k = find_id(ids, n, v);
        if (k < 0) {
            char id[32];
            snprintf(id, sizeof id, "%.0f", v);
            step_fail(p, err, L(p->lang, LBL_SP_UNKNOWN_ID), id, n);
            return STAGEPROG_UNKNOWN_ID;
        }
        if (kept[k]) {
            step_fail(p, err, L(p->lang, LBL_SP_TWICE), ids[k]);
            return STAGEPROG_TWICE;
        }
        kept[k] = 1;
        at = json_skip_space(line, len, at);
        if (line[at] == ',')
            at++;
    }
}

StageProgStatus stageprog_ask(StageProg *p, const char *req, size_t n, const int *ids, int n_ids,
                              uint8_t *kept, TsErr *err)
{
    const char *line;
    StageProgStatus st = stageprog_exchange(p, req, n, &line, err);
    if (st != STAGEPROG_OK)
        return st;
    st = stageprog_parse_keep(p, line, ids, n_ids, kept, err);
    if (st == STAGEPROG_NOT_JSON) /* whatever it is doing, it is not talking to us */
        kill_and_reap(p, NULL, 0);
    return st;
}

/* ---- requests ---- */

static void add_candidate(ByteBuf *r, int i, int id, const char *const *chars, const Vocab *v)
{
    char ch[8] = {0};
    if (v)
        utf8_encode(vocab_cp(v, id), ch);
    bytebuf_fmt(r, "%s{\"id\": %d, \"char\": ", i ? ", " : "", id);
    json_add_string(r, v ? ch : chars[i]);
}

static int finish(ByteBuf *r)
{
    bytebuf_str(r, "\n");
    return r->failed ? -1 : 0;
}

/* A setting as the user typed it: the shortest decimal that reads back as
 * the same float (0.9, not 0.899999976). */
static void add_float(ByteBuf *r, float x)
{
    char text[32];
    for (int digits = 6; digits <= 9; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, (double)x);
        if (strtof(text, NULL) == x)
            break;
    }
    bytebuf_str(r, text);
}

int stagereq_top_p(ByteBuf *r, long step, const SamplerSettings *set, const int *ids,
                   const char *const *chars, const Vocab *v, const double *p, int n)
{
    bytebuf_clear(r);
    bytebuf_fmt(r, "{\"exercise\": \"top-p\", \"step\": %ld, \"settings\": {", step);
    /* the settings of the table that act on this step's distribution (not the
     * penalty, which reads the text before) */
    for (int i = 0, shown = 0; i < SET_COUNT; i++) {
        const SamplerSetting *t = &SAMPLER_SETTINGS[i];
        if (t->reads_text)
            continue;
        bytebuf_fmt(r, "%s\"%s\": ", shown++ ? ", " : "", t->json);
        if (t->integer)
            bytebuf_fmt(r, "%d", (int)sampler_setting_get(set, (SamplerSettingId)i));
        else
            add_float(r, (float)sampler_setting_get(set, (SamplerSettingId)i));
    }
    bytebuf_str(r, "}, \"candidates\": [");
    for (int i = 0; i < n; i++) {
        add_candidate(r, i, ids[i], chars, v);
        bytebuf_fmt(r, ", \"p\": %.9g}", p[i]);
    }
    bytebuf_str(r, "]}");
    return finish(r);
}

int stagereq_jueju(ByteBuf *r, long step, int line_len, const char *text, const int *ids,
                   const char *const *chars, const Vocab *v, int n)
{
    bytebuf_clear(r);
    bytebuf_fmt(r, "{\"exercise\": \"jueju\", \"step\": %ld, \"line_len\": %d, \"text\": ", step,
                line_len);
    json_add_string(r, text);
    bytebuf_str(r, ", \"candidates\": [");
    for (int i = 0; i < n; i++) {
        add_candidate(r, i, ids[i], chars, v);
        bytebuf_str(r, "}");
    }
    bytebuf_str(r, "]}");
    return finish(r);
}

/* ---- the student's top-p in the sampler ---- */

int stagetopp_init(StageTopP *t, const char *cmdline, int quiet_stderr, int fallback,
                   AppLang lang, const Vocab *v, TsErr *err)
{
    *t = (StageTopP){.vocab = v, .V = v->size, .fallback = fallback};
    size_t V = (size_t)v->size;
    t->ids = malloc(V * sizeof *t->ids);
    t->p = malloc(V * sizeof *t->p);
    t->kept = malloc(V);
    if (fallback) {
        t->builtin = malloc(V * sizeof *t->builtin);
        t->scratch = malloc(2 * V * sizeof *t->scratch);
    }
    if (!t->ids || !t->p || !t->kept || (fallback && (!t->builtin || !t->scratch))) {
        stagetopp_free(t);
        return ts_fail(err, "out of memory");
    }
    if (stageprog_start(&t->prog, cmdline, quiet_stderr, lang, err) != 0) {
        stagetopp_free(t);
        return -1;
    }
    return 0;
}

void stagetopp_free(StageTopP *t)
{
    stageprog_stop(&t->prog);
    bytebuf_free(&t->req);
    free(t->ids);
    free(t->p);
    free(t->kept);
    free(t->builtin);
    free(t->scratch);
    t->ids = NULL;
    t->p = NULL;
    t->kept = NULL;
    t->builtin = NULL;
    t->scratch = NULL;
}

/* Ask the program which of the candidates in[] > 0 it keeps: out[] = in[]
 * where it keeps, 0 elsewhere. Returns 0, or -1 with err. */
static int topp_ask(StageTopP *t, float *out, const float *in, int V, const SamplerSettings *set,
                    TsErr *err)
{
    /* the candidates: what top-k kept, renormalised (the share of what is
     * left, as the built-in top-p counts p) */
    int n = 0;
    double total = 0.0;
    for (int i = 0; i < V; i++)
        if (in[i] > 0.0f) {
            t->ids[n++] = i;
            total += (double)in[i];
        }
    for (int k = 0; k < n; k++)
        t->p[k] = (double)in[t->ids[k]] / total;
    if (stagereq_top_p(&t->req, t->prog.steps + 1, set, t->ids, NULL, t->vocab, t->p, n) != 0)
        return ts_fail(err, "out of memory");
    StageProgStatus st = stageprog_ask(&t->prog, t->req.p, t->req.len, t->ids, n, t->kept, err);
    if (st != STAGEPROG_OK)
        return -1;
    int any = 0;
    for (int i = 0; i < V; i++)
        out[i] = 0.0f;
    for (int k = 0; k < n; k++)
        if (t->kept[k]) {
            out[t->ids[k]] = in[t->ids[k]];
            any = 1;
        }
    if (!any && n > 0) {
        step_fail(&t->prog, err, "%s", L(t->prog.lang, LBL_SP_KEEPS_NONE));
        return -1;
    }
    return 0;
}

int stagetopp_hook(void *ctx, float *out, const float *in, int V, const SamplerSettings *set,
                   TsErr *err)
{
    StageTopP *t = ctx;
    if (V != t->V)
        return ts_fail(err, "the stage program was started for another vocabulary");
    if (t->fallback) /* the built-in beside it, to compare, and to go on with */
        sampler_top_p(t->builtin, in, V, set->top_p, t->scratch);
    if (!t->failed && topp_ask(t, out, in, V, set, err) == 0)
        return 0;
    if (!t->fallback)
        return -1;
    if (!t->failed) { /* the first failure is the one to tell */
        t->failed = 1;
        t->failure = *err;
    }
    memcpy(out, t->builtin, (size_t)V * sizeof *out);
    return 0;
}

/* ---- the student's jueju constraint in the form's place ---- */

int stagejueju_init(StageJueju *t, const char *cmdline, int quiet_stderr, int fallback,
                    AppLang lang, const Vocab *v, TsErr *err)
{
    *t = (StageJueju){.vocab = v, .V = v->size, .fallback = fallback};
    size_t V = (size_t)v->size;
    t->ids = malloc(V * sizeof *t->ids);
    t->kept = malloc(V);
    t->builtin = malloc(V);
    if (!t->ids || !t->kept || !t->builtin) {
        stagejueju_free(t);
        return ts_fail(err, "out of memory");
    }
    for (int i = 0; i < v->size; i++)
        t->ids[i] = i;
    if (stageprog_start(&t->prog, cmdline, quiet_stderr, lang, err) != 0) {
        stagejueju_free(t);
        return -1;
    }
    return 0;
}

void stagejueju_free(StageJueju *t)
{
    stageprog_stop(&t->prog);
    bytebuf_free(&t->req);
    free(t->ids);
    free(t->kept);
    free(t->builtin);
    t->ids = NULL;
    t->kept = NULL;
    t->builtin = NULL;
}

/* Ask the program which characters may come next after g's text. */
static int jueju_ask(StageJueju *t, const Form *form, const Generator *g, uint8_t *allowed,
                     TsErr *err)
{
    char *text = gen_text_utf8(g, g->prefix);
    if (!text)
        return ts_fail(err, "out of memory");
    int rc = stagereq_jueju(&t->req, t->prog.steps + 1, form->line_len, text, t->ids, NULL,
                            t->vocab, t->V);
    free(text);
    if (rc != 0)
        return ts_fail(err, "out of memory");
    if (stageprog_ask(&t->prog, t->req.p, t->req.len, t->ids, t->V, t->kept, err) != STAGEPROG_OK)
        return -1;
    int any = 0;
    for (int i = 0; i < t->V; i++)
        any |= t->kept[i] != 0;
    if (!any) {
        step_fail(&t->prog, err, "%s", L(t->prog.lang, LBL_SP_ALLOWS_NONE));
        return -1;
    }
    memcpy(allowed, t->kept, (size_t)t->V);
    return 0;
}

int stagejueju_hook(void *ctx, const Form *form, const Generator *g, uint8_t *allowed, TsErr *err)
{
    StageJueju *t = ctx;
    if (form->kind != FORM_JUEJU || g->m->vocab.size != t->V)
        return 0; /* the acrostic stays the built-in's */
    memcpy(t->builtin, allowed, (size_t)t->V);
    if (t->failed || jueju_ask(t, form, g, allowed, err) == 0)
        return 0;
    t->failed = 1;
    t->failure = *err;
    if (!t->fallback)
        return -1; /* generate stops, saying why */
    memcpy(allowed, t->builtin, (size_t)t->V); /* the built-in goes on */
    return 0;
}
