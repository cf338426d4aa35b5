/* cli_bench_ui.c - `tangscope bench --ui`: is the explorer quick enough for a class?
 *
 * Two figures, as the explorer promises them:
 *
 * first_frame_ms: from launch to the first frame on the terminal. The
 *   benchmark starts the real program (`tangscope explore`, this very
 *   executable) on a new pseudo-terminal of 80 x 24, exactly as a user's
 *   terminal would, and times from fork() until the explorer reports that its
 *   first frame has been written to the terminal: it writes one byte to the
 *   file descriptor named by TANGSCOPE_FRAME_FD right after that first
 *   doupdate(). So the figure includes starting the process, loading the
 *   model, the first prediction and drawing. The median of several launches
 *   (the first may read the model from a cold disk).
 *
 * keystroke_ms: from a key to redrawn bars, with the model's whole context
 *   (128 characters) filled. In-process: the AppState as the explorer builds
 *   it (training-text counts included when the text is there), drawn on a
 *   headless curses screen of 80 x 24 that writes to /dev/null, so the time
 *   covers the prediction, the drawing and curses working out what to send,
 *   but not the terminal's own painting. The keys alternate between typing a
 *   character and taking it back; at a full context both make the model read
 *   the whole window again (the window slides, the cache is refilled), the
 *   worst case of the explorer. On every core, as the explorer runs. The
 *   median and the slowest of 200.
 */
#define _XOPEN_SOURCE 700 /* posix_openpt, ptsname */
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/cli.h"
#include "app/commands.h"
#include "engine/corpus.h"
#include "engine/model.h"
#include "tui/tui.h"

enum { LAUNCHES = 5, KEYSTROKES = 200, TIMEOUT_MS = 10000 };

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* A pseudo-terminal of 24 x 80; returns the master side and its slave's name. */
static int open_pty(char *slave, size_t size)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0 || !ptsname(master)) {
        if (master >= 0)
            close(master);
        return -1;
    }
    snprintf(slave, size, "%s", ptsname(master));
    struct winsize ws = {.ws_row = 24, .ws_col = 80};
    ioctl(master, TIOCSWINSZ, &ws);
    return master;
}

/* In the child: the pty as its terminal, then the explorer. */
static void exec_explorer(const char *slave, int frame_fd, const char *model_path)
{
    setsid();
    int fd = open(slave, O_RDWR);
    if (fd < 0)
        _exit(127);
    ioctl(fd, TIOCSCTTY, 0);
    dup2(fd, STDIN_FILENO);
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    char num[16];
    snprintf(num, sizeof num, "%d", frame_fd);
    setenv("TANGSCOPE_FRAME_FD", num, 1);
    setenv("TERM", "xterm-256color", 0); /* only if there is none */
    char exe[PATH_MAX];
    if (cli_program_path(exe, sizeof exe) == 0)
        execl(exe, "tangscope", "explore", "--model", model_path, "--no-corpus", (char *)NULL);
    _exit(127);
}

/* Wait for the frame byte, reading (and dropping) the screen output meanwhile
 * so the explorer never blocks on a full terminal. Returns 1 when it came. */
static int wait_frame(int frame_fd, int master)
{
    double until = ts_now() + TIMEOUT_MS / 1000.0;
    char buf[4096];
    while (ts_now() < until) {
        struct pollfd p[2] = {{frame_fd, POLLIN, 0}, {master, POLLIN, 0}};
        if (poll(p, 2, 100) < 0)
            continue;
        if (p[0].revents & POLLIN)
            return read(frame_fd, buf, 1) == 1;
        if (p[0].revents & POLLHUP)
            return 0; /* the explorer ended without a frame */
        if (p[1].revents & POLLIN && read(master, buf, sizeof buf) < 0)
            return 0;
    }
    return 0;
}

/* Ask the explorer to quit (SIGTERM restores its terminal) and reap it. */
static void stop_explorer(pid_t pid, int master)
{
    char buf[4096];
    kill(pid, SIGTERM);
    for (int i = 0; i < 200; i++) {
        if (waitpid(pid, NULL, WNOHANG) == pid)
            return;
        struct pollfd p = {master, POLLIN, 0};
        if (poll(&p, 1, 10) > 0 && read(master, buf, sizeof buf) < 0)
            break;
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

/* One launch; returns milliseconds to the first frame, or -1. */
static double first_frame_once(const char *model_path)
{
    char slave[256];
    int master = open_pty(slave, sizeof slave), pipefd[2];
    if (master < 0 || pipe(pipefd) != 0)
        return -1.0;
    double t0 = ts_now();
    pid_t pid = fork();
    if (pid == 0) {
        close(master);
        close(pipefd[0]);
        exec_explorer(slave, pipefd[1], model_path);
    }
    close(pipefd[1]);
    int ok = pid > 0 && wait_frame(pipefd[0], master);
    double ms = 1000.0 * (ts_now() - t0);
    if (pid > 0)
        stop_explorer(pid, master);
    close(pipefd[0]);
    close(master);
    return ok ? ms : -1.0;
}

/* Type until the model's whole context is filled, from a poem that repeats. */
static void fill_context(AppState *s)
{
    const char *poem = "白日依山尽，黄河入海流。欲穷千里目，更上一层楼。";
    size_t len = strlen(poem), pos = 0;
    while (s->text.g.n - s->text.g.prefix < (size_t)s->text.m->cfg.context) {
        uint32_t cp;
        if (pos >= len)
            pos = 0;
        utf8_decode(poem, len, &pos, &cp);
        app_apply(s, CMD_TYPE, cmd_arg((long)cp));
    }
}

/* Keystrokes at a full context: their median and slowest, in ms. */
static int keystrokes(AppState *s, double *med, double *worst, TsErr *err)
{
    static double ms[KEYSTROKES];
    if (tui_headless_open(24, 80, err) != 0) {
        tui_headless_close();
        return -1;
    }
    fill_context(s);
    screen_draw(s, REDRAW_ALL);
    for (int i = 0; i < KEYSTROKES; i++) {
        double t0 = ts_now();
        unsigned redraw = i % 2 == 0 ? app_apply(s, CMD_TYPE, cmd_arg(0x6625 /* 春 */))
                                     : app_apply(s, CMD_BACKSPACE, cmd_arg(0));
        screen_draw(s, redraw);
        ms[i] = 1000.0 * (ts_now() - t0);
    }
    tui_headless_close();
    *worst = 0.0;
    for (int i = 0; i < KEYSTROKES; i++)
        *worst = ms[i] > *worst ? ms[i] : *worst;
    *med = median(ms, KEYSTROKES);
    return 0;
}

static int measure_keystrokes(const char *model_path, double *med, double *worst, int *corpus_used)
{
    TsErr err;
    Model m;
    if (model_load(&m, model_path, &err) != 0)
        return cli_error("bench", EXIT_USAGE, "%s", err.msg);
    Corpus corpus;
    *corpus_used = corpus_load_or_build(&corpus, cli_asset("tang-train.txt"), cli_cache_dir(), &err) == 0;
    AppState s;
    int rc = app_init(&s, &m, &err);
    if (rc == 0) {
        if (*corpus_used)
            app_set_corpus(&s, &corpus, CORPUS_READY);
        rc = keystrokes(&s, med, worst, &err);
        app_free(&s);
    }
    if (*corpus_used)
        corpus_free(&corpus);
    model_free(&m);
    return rc == 0 ? 0 : cli_error("bench", 1, "%s", err.msg);
}

int bench_ui(const char *model_path, int json)
{
    TsErr err;
    if (tui_locale_utf8(&err) != 0)
        return cli_error("bench", EXIT_USAGE, "%s", err.msg);
    Model m; /* a model the explorer cannot open is the input's fault: said here, exit 2 */
    if (model_load(&m, model_path, &err) != 0)
        return cli_error("bench", EXIT_USAGE, "%s", err.msg);
    model_free(&m);
    double frames[LAUNCHES], key_med = 0, key_worst = 0;
    int corpus_used = 0;
    for (int i = 0; i < LAUNCHES; i++) {
        frames[i] = first_frame_once(model_path);
        if (frames[i] < 0)
            return cli_error("bench", 1, "the explorer showed no frame within %d s (try tangscope "
                                         "explore --model %s)", TIMEOUT_MS / 1000, model_path);
    }
    double frame_worst = 0;
    for (int i = 0; i < LAUNCHES; i++)
        frame_worst = frames[i] > frame_worst ? frames[i] : frame_worst;
    double frame_med = median(frames, LAUNCHES);
    int rc = measure_keystrokes(model_path, &key_med, &key_worst, &corpus_used);
    if (rc)
        return rc;
    if (json)
        printf("{\"first_frame_ms\": %.1f, \"keystroke_ms\": %.2f, \"first_frame_max_ms\": %.1f, "
               "\"keystroke_max_ms\": %.2f, \"launches\": %d, \"keystrokes\": %d, "
               "\"screen\": \"80x24\", \"corpus\": %s}\n",
               frame_med, key_med, frame_worst, key_worst, LAUNCHES, KEYSTROKES,
               corpus_used ? "true" : "false");
    else
        printf("explorer, 80 x 24, model %s:\n"
               "  first frame: %.1f ms after launch (median of %d launches; slowest %.1f ms)\n"
               "  keystroke to redrawn bars at a full context: %.2f ms (median of %d; slowest "
               "%.2f ms)%s\n",
               model_path, frame_med, LAUNCHES, frame_worst, key_med, KEYSTROKES, key_worst,
               corpus_used ? "" : " (no training-text counts: assets/tang-train.txt not found)");
    return 0;
}
