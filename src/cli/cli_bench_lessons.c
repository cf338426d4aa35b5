/* cli_bench_lessons.c - `tangscope bench --lessons`: is every lesson step
 * quick enough to show a class?
 *
 * For each lesson of lessons/zh, en, de and fr, as a teacher goes through it
 * in the explorer: open it (the picker's Enter), `n` to every step, `N` back
 * to the introduction, `n` to the end again. Each step change is timed from
 * the key's Command to the redrawn screen (app_apply, then screen_draw on a
 * headless curses screen of 110 x 34 that writes to /dev/null), on every core
 * as the explorer runs, with the training text loaded as the explorer loads
 * it. The explorer enters a lesson's steps ahead in a thread of its own from
 * the moment it opens and puts a step's kept state back when the class gets
 * there (app_lesson.c); like a teacher who reads the introduction first, the
 * benchmark waits until that thread is done before the first `n`, and says
 * how long it took. A step that says "working…" counts until it stands.
 * One line per lesson (named from the repository: lessons/zh/01-scores.md):
 * its slowest step change, which one. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/commands.h"
#include "app/lesson.h"
#include "cli/cli.h"
#include "tui/tui.h"

enum { BENCH_LINES = 34, BENCH_COLS = 110, BENCH_LIMIT_MS = 300 };

/* The slowest step change of one lesson. */
typedef struct {
    double worst_ms, first_ms; /* of all; on the first pass through the lesson */
    double prepare_ms;         /* from opening until every step is kept */
    char what[32];             /* "n to 3", "N to 0", "open" */
} LessonTimes;

static double timed(AppState *s, Command cmd, LessonTimes *t, const char *what, int k,
                    int first_time)
{
    double t0 = ts_now();
    unsigned redraw = app_apply(s, cmd, cmd_arg(0));
    screen_draw(s, redraw);
    if (s->job.kind == JOB_LESSON) { /* "working…": the step counts when it stands */
        app_lesson_wait(s);
        screen_draw(s, REDRAW_ALL);
    }
    double ms = 1000.0 * (ts_now() - t0);
    if (ms > t->worst_ms) {
        t->worst_ms = ms;
        snprintf(t->what, sizeof t->what, "%s%s%d", what, k >= 0 ? " to " : "", k >= 0 ? k : 0);
        if (k < 0)
            snprintf(t->what, sizeof t->what, "%s", what);
    }
    if (first_time && ms > t->first_ms)
        t->first_ms = ms;
    return ms;
}

static void bench_lesson(AppState *s, const Lesson *l, LessonTimes *t)
{
    memset(t, 0, sizeof *t);
    app_picker_set(s, l, 1);
    double t0 = ts_now();
    timed(s, CMD_PICKER_OPEN, t, "open", -1, 1);
    /* the class reads the introduction while the steps are entered ahead */
    while (app_lesson_prepared(s) < l->n_steps) {
        struct timespec nap = {0, 5 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    t->prepare_ms = 1000.0 * (ts_now() - t0);
    int last = lesson_last_step(l);
    for (int k = 1; k <= last; k++)
        timed(s, CMD_LESSON_NEXT, t, "n", k, 1);
    for (int k = last - 1; k >= 0; k--)
        timed(s, CMD_LESSON_PREV, t, "N", k, 0);
    for (int k = 1; k <= last; k++)
        timed(s, CMD_LESSON_NEXT, t, "n", k, 0);
    app_lesson_forget(s);
}

int bench_lessons(const char *model_path)
{
    static const char *const LANGS[] = {"zh", "en", "de", "fr"};
    LessonEnv e;
    int rc = cli_lesson_env_open(&e, "bench", model_path, NULL, 0);
    if (rc)
        return rc;
    TsErr err;
    if (tui_locale_utf8(&err) != 0 || tui_headless_open(BENCH_LINES, BENCH_COLS, &err) != 0) {
        tui_headless_close();
        cli_lesson_env_close(&e);
        return cli_error("bench", EXIT_USAGE, "%s", err.msg);
    }
    printf("slowest step change per lesson (open, n to the end, N back, n again), %d x %d,\n"
           "%d thread%s%s; each lesson's steps are entered ahead in the background from\n"
           "the moment it opens (\"prepared in\": until the last one is ready)\n",
           BENCH_COLS, BENCH_LINES, ts_threads(), ts_threads() == 1 ? "" : "s",
           e.have_corpus ? ", training text loaded" : "");
    double overall = 0.0;
    int n_lessons = 0;
    for (int li = 0; li < 4; li++) {
        char **files;
        int n = cli_lesson_files(cli_lessons_dir(LANGS[li]), &files);
        for (int i = 0; i < n; i++) {
            Lesson l;
            if (lesson_load(&l, files[i], NULL, NULL, &err) < 0) {
                (void)cli_error("bench", 0, "%s", err.msg);
                continue;
            }
            LessonTimes t;
            bench_lesson(&e.s, &l, &t);
            const char *base = strrchr(files[i], '/');
            char shown[64];
            snprintf(shown, sizeof shown, "lessons/%s/%s", LANGS[li], base ? base + 1 : files[i]);
            printf("  %-32s %6.1f ms  %-7s  prepared in %6.0f ms%s\n", shown, t.worst_ms, t.what,
                   t.prepare_ms, t.worst_ms > BENCH_LIMIT_MS ? "  OVER 300 ms" : "");
            fflush(stdout);
            overall = t.worst_ms > overall ? t.worst_ms : overall;
            n_lessons++;
            e.s.course.lesson = NULL;
            lesson_free(&l);
        }
        cli_lesson_files_free(files, n < 0 ? 0 : n);
    }
    tui_headless_close();
    cli_lesson_env_close(&e);
    printf("%d lessons; slowest step change of all: %.1f ms (limit %d ms)\n", n_lessons, overall,
           BENCH_LIMIT_MS);
    return n_lessons == 0 ? EXIT_USAGE : 0;
}
