/* reaper.c - the supervising child between tangscope and a student's
 * program (see reaper.h).
 *
 * The supervisor is forked from tangscope, which may have other threads:
 * until it exits it calls only functions that are safe after such a fork
 * (async-signal-safe ones and plain system calls: waitid, prctl,
 * getdents64; no malloc, no stdio; execvp, as glibc and the BSDs write it,
 * allocates nothing either). What it needs (the argument list, the
 * environment, the folder's name) is made ready by tangscope before the
 * fork.
 */
#if defined(__linux__) && !defined(TS_POSIX_ONLY)
#define _GNU_SOURCE /* pipe2, syscall */
#define LINUX_CALLS 1 /* prctl, /proc, getdents64, pipe2; elsewhere POSIX alone */
#endif
#include "app/reaper.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef LINUX_CALLS
#include <sys/prctl.h>
#include <sys/syscall.h>
#else
#include <dirent.h>
#endif

#include "engine/common.h"

extern char **environ; /* POSIX: the program declares it */

/* What the supervisor is given, ready before the fork. */
typedef struct {
    char **argv, **envp;
    int sock, stderr_fd; /* stderr_fd: the program's standard error, -1: tangscope's */
    int ctl;     /* read end of the control pipe: EOF (or a byte) ends all */
    int status;  /* write end of the status pipe: the program's wait status */
    int report;  /* write end of the pipe an exec failure's errno goes by */
    pid_t parent;
    const char *tmpdir;
} Job;

/* ---- the names in a folder, without malloc ---- */

/* Linux reads a folder with getdents64, a plain system call; elsewhere
 * readdir (which may allocate: only the folder's removal uses it there). */
typedef struct {
    int fd;
#ifdef LINUX_CALLS
    _Alignas(8) char buf[2048];
    long len, at;
#else
    DIR *d;
#endif
} DirNames;

#ifdef LINUX_CALLS
typedef struct {
    uint64_t ino;
    int64_t off;
    unsigned short reclen;
    unsigned char type;
    char name[];
} Dirent64;
#endif

/* Takes fd (closed by dirnames_close). Returns 0, or -1 with fd closed. */
static int dirnames_open(DirNames *n, int fd)
{
    n->fd = fd;
#ifdef LINUX_CALLS
    n->len = n->at = 0;
    return 0;
#else
    n->d = fdopendir(fd);
    if (!n->d)
        close(fd);
    return n->d ? 0 : -1;
#endif
}

/* The next name other than "." and "..", or NULL at the end. */
static const char *dirnames_next(DirNames *n)
{
    for (;;) {
#ifdef LINUX_CALLS
        if (n->at >= n->len) {
            n->len = syscall(SYS_getdents64, n->fd, n->buf, sizeof n->buf);
            n->at = 0;
            if (n->len <= 0)
                return NULL;
        }
        const Dirent64 *d = (const Dirent64 *)(n->buf + n->at);
        n->at += d->reclen;
        const char *name = d->name;
#else
        const struct dirent *d = readdir(n->d);
        if (!d)
            return NULL;
        const char *name = d->d_name;
#endif
        if (!(name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2]))))
            return name;
    }
}

static void dirnames_close(DirNames *n)
{
#ifdef LINUX_CALLS
    close(n->fd);
#else
    closedir(n->d);
#endif
}

/* Remove name (relative to folder at) and, if it is a folder, everything in
 * it, however the program left the permissions. Links are removed, never
 * followed. */
static void remove_tree(int at, const char *name, int depth)
{
    struct stat st;
    if (fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return;
    if (!S_ISDIR(st.st_mode)) {
        unlinkat(at, name, 0);
        return;
    }
    if (depth > 64)
        return;
    for (int pass = 0; pass < 3; pass++) { /* a pass may miss what came meanwhile */
        int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0 && errno == EACCES && fchmodat(at, name, S_IRWXU, 0) == 0)
            fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            return;
        fchmod(fd, S_IRWXU); /* so that what is in it can be removed */
        DirNames dn;
        if (dirnames_open(&dn, fd) != 0)
            return;
        const char *e;
        while ((e = dirnames_next(&dn)))
            remove_tree(fd, e, depth + 1);
        dirnames_close(&dn);
        if (unlinkat(at, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
            return;
    }
}

/* ---- killing what is left ---- */

static void pause_ms(int ms) { poll(NULL, 0, ms); /* poll: safe after fork */ }

#ifdef LINUX_CALLS
/* A decimal pid, or -1. */
static pid_t parse_pid(const char *s, const char **end)
{
    long v = 0;
    const char *c = s;
    while (*c >= '0' && *c <= '9' && v < 100000000L)
        v = v * 10 + (*c++ - '0');
    if (end)
        *end = c;
    return c > s ? (pid_t)v : -1;
}

/* The parent of process `name` (a folder of /proc), or -1. Its stat line is
 * "pid (comm) state ppid ...", and comm may hold spaces and parentheses. */
static pid_t parent_of(int proc, const char *name)
{
    char path[32], line[512];
    size_t k = strlen(name);
    if (k + 6 > sizeof path)
        return -1;
    memcpy(path, name, k);
    memcpy(path + k, "/stat", 6);
    int fd = openat(proc, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, line, sizeof line - 1);
    close(fd);
    if (n <= 0)
        return -1;
    line[n] = 0;
    const char *close_paren = NULL;
    for (const char *c = line; *c; c++)
        if (*c == ')')
            close_paren = c;
    if (!close_paren || close_paren[1] != ' ' || !close_paren[2] || close_paren[3] != ' ')
        return -1;
    return parse_pid(close_paren + 4, NULL);
}
#endif

/* SIGKILL each of our children and its process group (a child is ours until
 * we reap it, so neither number can be another's). Linux finds them in
 * /proc; elsewhere only the program's group is known (the caller kills it). */
static void kill_children(void)
{
#ifdef LINUX_CALLS
    pid_t self = getpid();
    DirNames dn;
    if (dirnames_open(&dn, open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) != 0 || dn.fd < 0)
        return;
    const char *name;
    while ((name = dirnames_next(&dn))) {
        const char *end;
        pid_t pid = parse_pid(name, &end);
        if (pid > 0 && !*end && pid != self && parent_of(dn.fd, name) == self) {
            kill(-pid, SIGKILL); /* a group it leads (setsid), if any */
            kill(pid, SIGKILL);
        }
    }
    dirnames_close(&dn);
#endif
}

/* Kill every descendant and reap them all, over and over until none is left
 * (orphans come back to us as the subreaper while their parents die); the
 * program's wait status goes to tangscope when it is reaped. A child that
 * cannot be found (no /proc) or killed (another user's) is waited for at
 * most END_ALL_MS: then it is left to init, the supervisor must not stay. */
#define END_ALL_MS 3000
static void end_all(const Job *j, pid_t prog)
{
    int reaped = prog <= 0, nap = 1;
    for (int waited = 0; waited < END_ALL_MS; waited += nap) {
        if (!reaped) { /* its group, while the number is still held by the program */
            kill(-prog, SIGKILL);
            kill(prog, SIGKILL);
        }
        kill_children();
        int st;
        pid_t r;
        while ((r = waitpid(-1, &st, WNOHANG)) > 0)
            if (r == prog) {
                reaped = 1;
                ssize_t unused = write(j->status, &st, sizeof st);
                (void)unused;
            }
        if (r < 0 && errno != EINTR)
            return; /* ECHILD: no child is left */
        pause_ms(nap);
        nap = nap < 32 ? nap * 2 : nap;
    }
}

/* ---- the supervisor ---- */

static volatile sig_atomic_t sup_stop; /* a signal asked it to end */
static int sup_wake = -1;              /* write end of its self-pipe: a signal came */

static void sup_signal(int sig)
{
    int e = errno;
    if (sig != SIGCHLD && sig != SIGUSR1)
        sup_stop = 1;
    ssize_t unused = write(sup_wake, "", 1);
    (void)unused;
    errno = e;
}

/* Every signal back to its default (tangscope's handlers are not the
 * supervisor's or the program's), the mask empty. */
static void signals_default(void)
{
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int sig = 1; sig < 65; sig++)
        sigaction(sig, &dfl, NULL); /* those that cannot be changed say EINVAL */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

/* Close every descriptor but 0-2 and those in keep[0..n). */
static void close_others(const int *keep, int n)
{
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 4096)
        max = 4096;
    for (int fd = 3; fd < max; fd++) {
        int kept = 0;
        for (int k = 0; k < n; k++)
            kept |= keep[k] == fd;
        if (!kept)
            close(fd);
    }
}

/* In the program's process, after the fork: become the program, or tell
 * tangscope why not (report is close-on-exec: nothing arrives if exec works). */
static void program_exec(const Job *j, pid_t supervisor)
{
#ifdef LINUX_CALLS
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* should the supervisor itself be killed */
    if (getppid() != supervisor)
        _exit(127);
#else
    (void)supervisor;
#endif
    setpgid(0, 0); /* a group of its own: what it starts is stopped with it */
    signals_default();
    if (dup2(j->sock, 0) < 0 || dup2(j->sock, 1) < 0)
        goto fail;
    if (j->stderr_fd >= 0 && j->stderr_fd != 2)
        dup2(j->stderr_fd, 2); /* close_others closes the original */
    close_others(&j->report, 1); /* nothing of tangscope's or the supervisor's */
    environ = j->envp; /* the environment with its own TMPDIR */
    execvp(j->argv[0], j->argv);
fail:;
    int e = errno;
    ssize_t unused = write(j->report, &e, sizeof e);
    (void)unused;
    _exit(127);
}

/* A pipe whose ends close on exec, and with O_NONBLOCK in flags do not
 * block: made so at once on Linux (pipe2), elsewhere flagged right after
 * (an exec in another thread in between would inherit it). 0, or -1 with
 * errno and nothing left open. */
static int cloexec_pipe(int fds[2], int flags)
{
#ifdef LINUX_CALLS
    return pipe2(fds, O_CLOEXEC | flags);
#else
    if (pipe(fds) != 0)
        return -1;
    for (int i = 0; i < 2; i++)
        if (fcntl(fds[i], F_SETFD, FD_CLOEXEC) != 0 || (flags && fcntl(fds[i], F_SETFL, flags) != 0)) {
            int e = errno;
            close(fds[0]);
            close(fds[1]);
            errno = e;
            return -1;
        }
    return 0;
#endif
}

/* Its signals: those that end it, the children's, and the parent's death
 * (SIGUSR1, Linux); each wakes the loop through the self-pipe. */
static int sup_signals(int wake[2])
{
    if (cloexec_pipe(wake, O_NONBLOCK) != 0)
        return -1;
    sup_wake = wake[1];
    signals_default();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sup_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_NOCLDSTOP;
    int sigs[] = {SIGCHLD, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
    signal(SIGPIPE, SIG_IGN); /* a status for a tangscope that is gone */
    return 0;
}

/* Has the program ended? Orphans that ended meanwhile are reaped; the
 * program is left unreaped, so its group's number stays its own. */
static int program_ended(pid_t prog)
{
    for (;;) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        if (waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0)
            return errno != EINTR;
        if (info.si_pid == 0)
            return 0;
        if (info.si_pid == prog)
            return 1;
        waitpid(info.si_pid, NULL, 0);
    }
}

/* Wait until the program ends, tangscope closes the control pipe (or
 * writes to it) or is gone, or a signal asks the supervisor to end. */
static void watch(const Job *j, pid_t prog, int wake)
{
    struct pollfd fds[2] = {{.fd = j->ctl, .events = POLLIN}, {.fd = wake, .events = POLLIN}};
    for (;;) {
        if (sup_stop || getppid() != j->parent || program_ended(prog))
            return;
        /* the timeout: where no death signal exists, the parent is looked
         * at once a second */
        int r = poll(fds, 2, 1000);
        if (r < 0 && errno != EINTR)
            return;
        if (r > 0 && fds[0].revents)
            return;
        if (r > 0 && fds[1].revents) {
            char drain[64];
            while (read(wake, drain, sizeof drain) > 0)
                ;
        }
    }
}

/* Start the program: its pid, or -1 with the reason sent to tangscope. */
static pid_t start_program(const Job *j)
{
    pid_t self = getpid();
    pid_t prog = fork();
    if (prog == 0)
        program_exec(j, self);
    if (prog < 0) {
        int e = errno;
        ssize_t unused = write(j->report, &e, sizeof e);
        (void)unused;
        return -1;
    }
    setpgid(prog, prog); /* as the program does: whichever comes first */
    return prog;
}

static _Noreturn void supervise(const Job *j)
{
    setpgid(0, 0); /* a terminal's Ctrl-C is tangscope's to handle */
    int keep[] = {j->sock, j->ctl, j->status, j->report, j->stderr_fd};
    close_others(keep, 5); /* nothing that keeps another program's pipe open */
    int wake[2];
    pid_t prog = -1;
    /* its handlers first: the death signal must find one */
    if (sup_signals(wake) != 0) {
        int e = errno;
        ssize_t unused = write(j->report, &e, sizeof e);
        (void)unused;
    } else {
#ifdef PR_SET_CHILD_SUBREAPER
        prctl(PR_SET_CHILD_SUBREAPER, 1); /* orphans of the program come back to us */
#endif
#ifdef LINUX_CALLS
        prctl(PR_SET_PDEATHSIG, SIGUSR1);
#endif
        if (getppid() == j->parent) /* else tangscope died before the line above */
            prog = start_program(j);
    }
    close(j->sock);
    close(j->report);
    if (j->stderr_fd > 2)
        close(j->stderr_fd); /* the program's now */
    if (prog > 0)
        watch(j, prog, wake[0]);
    end_all(j, prog);
    remove_tree(AT_FDCWD, j->tmpdir, 0);
    _exit(0);
}

/* ---- tangscope's side ---- */

/* The program's own temporary folder: TMPDIR's (if absolute), else /tmp. */
static int make_tmpdir(char *dir, size_t size)
{
    const char *base = getenv("TMPDIR");
    if (!base || base[0] != '/' || strlen(base) > size - 32)
        base = "/tmp";
    size_t k = strlen(base);
    while (k > 1 && base[k - 1] == '/')
        k--;
    snprintf(dir, size, "%.*s/tangscope-stage-XXXXXX", (int)k, base);
    return mkdtemp(dir) ? 0 : -1;
}

/* The environment with TMPDIR=dir instead of any TMPDIR: one allocation
 * (free it), pointing into environ, or NULL. */
static char **env_with_tmpdir(const char *dir)
{
    size_t n = 0;
    while (environ && environ[n])
        n++;
    size_t head = (n + 2) * sizeof(char *);
    char **env = malloc(head + strlen(dir) + 8);
    if (!env)
        return NULL;
    char *var = (char *)env + head;
    snprintf(var, strlen(dir) + 8, "TMPDIR=%s", dir);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "TMPDIR=", 7) != 0)
            env[k++] = environ[i];
    env[k++] = var;
    env[k] = NULL;
    return env;
}

/* Did the exec fail? The pipe closes with nothing in it when it worked, or
 * brings the errno (into *e). Closes fd. */
static int exec_failed(int fd, int *e)
{
    ssize_t got;
    do
        got = read(fd, e, sizeof *e);
    while (got < 0 && errno == EINTR);
    close(fd);
    return got == (ssize_t)sizeof *e;
}

/* Three close-on-exec pipes (atomically: another thread may fork and exec
 * meanwhile): 0, or an errno with none left open. */
static int open_pipes(int ctl[2], int status[2], int report[2])
{
    int *all[3] = {ctl, status, report}, made = 0;
    for (; made < 3; made++)
        if (cloexec_pipe(all[made], 0) != 0)
            break;
    int e = made < 3 ? errno : 0;
    for (int i = 0; e && i < made; i++) {
        close(all[i][0]);
        close(all[i][1]);
    }
    return e;
}

int reaper_start(Reaper *r, char **argv, int sock, int stderr_fd, ReaperFail *fail, int *e)
{
    *r = (Reaper){.ctl = -1, .status_fd = -1};
    *fail = REAPER_TMPDIR;
    if (make_tmpdir(r->tmpdir, sizeof r->tmpdir) != 0) {
        *e = errno;
        r->tmpdir[0] = 0;
        return -1;
    }
    *fail = REAPER_SETUP;
    int ctl[2], status[2], report[2];
    char **envp = env_with_tmpdir(r->tmpdir);
    *e = envp ? open_pipes(ctl, status, report) : ENOMEM;
    if (*e) {
        free(envp);
        remove_tree(AT_FDCWD, r->tmpdir, 0);
        return -1;
    }
    Job job = {argv, envp, sock, stderr_fd, ctl[0], status[1], report[1], getpid(), r->tmpdir};
    pid_t pid = fork();
    if (pid == 0)
        supervise(&job);
    *e = errno;
    free(envp);
    close(ctl[0]);
    close(status[1]);
    close(report[1]);
    if (pid < 0) {
        close(ctl[1]);
        close(status[0]);
        close(report[0]);
        remove_tree(AT_FDCWD, r->tmpdir, 0);
        r->tmpdir[0] = 0;
        return -1;
    }
    r->pid = pid;
    r->ctl = ctl[1];
    r->status_fd = status[0];
    if (exec_failed(report[0], e)) {
        *fail = REAPER_EXEC;
        reaper_stop(r);
        return -1;
    }
    *e = 0;
    return 0;
}

/* Read from the status pipe: 1 when a status came (kept, the first one), 0
 * at its end (the supervisor exited: the pipe is closed), -1 to try again. */
static int read_status(Reaper *r)
{
    int st;
    ssize_t got = read(r->status_fd, &st, sizeof st);
    if (got == (ssize_t)sizeof st) {
        if (!r->have_status)
            r->status = st;
        r->have_status = 1;
        return 1;
    }
    if (got < 0 && (errno == EINTR || errno == EAGAIN))
        return -1;
    close(r->status_fd);
    r->status_fd = -1;
    return 0;
}

/* Wait up to `seconds` for the status pipe to be readable: 1, or 0. */
static int status_ready(const Reaper *r, double seconds)
{
    double end = ts_now() + seconds;
    for (;;) {
        double left = end - ts_now();
        struct pollfd pfd = {.fd = r->status_fd, .events = POLLIN};
        int n = poll(&pfd, 1, left > 0 ? (int)ceil(left * 1000.0) : 0);
        if (n >= 0 || errno != EINTR)
            return n > 0;
    }
}

int reaper_ended(Reaper *r, double seconds)
{
    double end = ts_now() + seconds;
    while (!r->have_status && r->status_fd >= 0 && status_ready(r, end - ts_now()))
        read_status(r);
    return r->have_status;
}

void reaper_stop(Reaper *r)
{
    if (r->pid <= 0) /* never started, or stopped already: nothing of it is open */
        return;
    close(r->ctl); /* the supervisor ends all */
    /* its status pipe closes when it has ended all and exits; should it hang,
     * it is killed (and the program with it: its death signal) */
    double end = ts_now() + 5.0;
    while (r->status_fd >= 0 && status_ready(r, end - ts_now()))
        read_status(r);
    if (r->status_fd >= 0) {
        kill(r->pid, SIGKILL);
        close(r->status_fd);
    }
    while (waitpid(r->pid, NULL, 0) < 0 && errno == EINTR)
        ;
    r->ctl = r->status_fd = -1;
    r->pid = 0;
    remove_tree(AT_FDCWD, r->tmpdir, 0); /* the supervisor did, unless it was killed */
    r->tmpdir[0] = 0;
}
