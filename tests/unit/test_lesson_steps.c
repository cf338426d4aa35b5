/* test_lesson_steps.c - no lesson step is skipped, none is late: the
 * explorer's lesson as a teacher steps through it, driven by the Commands the
 * keys send (app_apply), on the bundled model (assets/tang.bin).
 *
 * Lesson 9 (its first step opens the weights panel, whose
 * cached step is timed in three precisions): once the steps are prepared,
 * as while the class reads the introduction, each `n` shows its step within
 * a second (putting the first step back once timed the precisions again on
 * the screen's thread: seconds on a busy machine). And n pressed three times
 * while a slow step is prepared (tests/data/lesson-slow.md: 120 characters
 * drawn without the cache) is that step, not the third, also when the
 * class typed something first. And q asks before it leaves a lesson.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/app.h"
#include "apptest.h"
#include "check.h"
#include "testutil.h"
#include "app/commands.h"
#include "app/labels.h"
#include "app/lesson.h"
#include "engine/timing.h"

static Model model;

/* Until every step of the lesson shown is kept (at most a minute). */
static void wait_prepared(AppState *s, int n)
{
    for (int tries = 0; app_lesson_prepared(s) < n && tries < 60000; tries++) {
        struct timespec nap = {0, 1000 * 1000};
        nanosleep(&nap, NULL);
    }
}

static void every_step_in_time(const char *path)
{
    Lesson l;
    TsErr err;
    if (lesson_load(&l, path, NULL, NULL, &err) != 0) {
        CHECK(0, "%s: %s", path, err.msg);
        return;
    }
    /* a sanitizer slows every pass several times over */
    double limit = timing_sanitized() ? 5.0 : 1.0;
    AppState s;
    apptest_start(&s, &model);
    app_lesson_open(&s, &l, lesson_lang_of(path, LANG_EN));
    app_lesson_wait(&s);
    wait_prepared(&s, l.n_steps);
    CHECK(app_lesson_prepared(&s) == l.n_steps, "%s: every step prepared", path);
    for (int k = 1; k <= lesson_last_step(&l); k++) {
        double t0 = ts_now();
        app_apply(&s, CMD_LESSON_NEXT, cmd_arg(0));
        app_lesson_wait(&s);
        double dt = ts_now() - t0;
        CHECK(s.course.step == k, "%s: n shows step %d, not %d", path, k, s.course.step);
        CHECK(dt < limit, "%s: step %d took %.2f s (limit %.0f s)", path, k, dt, limit);
    }
    app_free(&s);
    lesson_free(&l);
}

/* n three times in a row, as keys queued while the step is prepared */
static void press_n_thrice(AppState *s)
{
    for (int i = 0; i < 3; i++)
        app_apply(s, CMD_LESSON_NEXT, cmd_arg(0));
}

static void test_presses_while_prepared(void)
{
    Lesson l;
    TsErr err;
    if (lesson_load(&l, TEST_DATA("lesson-slow.md"), NULL, NULL, &err) != 0) {
        CHECK(0, "lesson-slow.md: %s", err.msg);
        return;
    }
    AppState s;
    apptest_start(&s, &model);
    s.view.lang = LANG_DE;
    app_lesson_open(&s, &l, LANG_DE);
    app_lesson_wait(&s);
    press_n_thrice(&s);
    CHECK(s.job.kind == JOB_LESSON, "the slow step is still being prepared");
    CHECK(strstr(s.view.status, "vorbereitet") != NULL, "the status line says so: %s",
          s.view.status);
    app_lesson_wait(&s);
    CHECK(s.course.step == 1, "n n n while step 1 was prepared: step %d", s.course.step);
    /* the class types, then n n n: step 1 entered on its text, once */
    app_apply(&s, CMD_LESSON_PREV, cmd_arg(0));
    app_lesson_wait(&s);
    CHECK(s.course.step == 0, "N: the introduction");
    apptest_type(&s, "月");
    press_n_thrice(&s);
    CHECK(s.job.kind == JOB_LESSON && s.course.step == 0,
          "after the class typed: the step waits for the screen to say so");
    CHECK(strstr(s.view.status, "vorbereitet") != NULL, "... and it says so: %s", s.view.status);
    app_apply(&s, CMD_SAMPLE, cmd_arg(0));
    CHECK(s.text.n_chars == 1, "a key other than stepping does nothing meanwhile: %zu characters",
          s.text.n_chars);
    app_lesson_wait(&s);
    CHECK(s.course.step == 1, "n n n after typing: step %d", s.course.step);
    CHECK(strstr(s.view.status, "vorbereitet") == NULL, "the step stands: %s", s.view.status);
    app_free(&s);
    lesson_free(&l);
}

/* q: on the help screen it closes the help; in a lesson it asks first (any
 * other key goes back and does nothing else, Enter leaves); Ctrl-C quits. */
static void test_q_asks(void)
{
    Lesson l;
    TsErr err;
    if (lesson_load(&l, TEST_DATA("lesson-good.md"), NULL, NULL, &err) != 0) {
        CHECK(0, "lesson-good.md: %s", err.msg);
        return;
    }
    AppState s;
    apptest_start(&s, &model);
    app_lesson_open(&s, &l, LANG_FR);
    app_lesson_wait(&s);
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_HELP));
    app_apply(&s, CMD_QUIT, cmd_arg(1));
    CHECK(!s.input.quit && !app_view_is_open(&s.view.views, VIEW_HELP),
          "q on the help screen closes it");
    app_apply(&s, CMD_QUIT, cmd_arg(1));
    CHECK(!s.input.quit && s.input.quit_ask && strstr(s.view.status, "Quitter la leçon") != NULL,
          "q in a lesson asks: %s", s.view.status);
    app_apply(&s, CMD_SAMPLE, cmd_arg(0));
    CHECK(!s.input.quit && !s.input.quit_ask && s.text.n_chars == 0,
          "another key goes back, and only that");
    app_apply(&s, CMD_QUIT, cmd_arg(1));
    app_apply(&s, CMD_WRITE, cmd_arg(0));
    CHECK(s.input.quit, "q then Enter leaves");
    app_free(&s);
    apptest_start(&s, &model);
    app_lesson_open(&s, &l, LANG_EN);
    app_lesson_wait(&s);
    app_apply(&s, CMD_QUIT, cmd_arg(0));
    CHECK(s.input.quit, "Ctrl-C (and F10) quit at once");
    app_free(&s);
    lesson_free(&l);
}

static void test_lesson9_in_time(void)
{
    /* one language: the steps are the same in all four (bench --lessons times them all) */
    every_step_in_time("lessons/de/09-smaller-model.md");
}

int main(void)
{
    testutil_bundled_model(&model);
    ts_set_threads(1); /* as the thread that prepares the steps: a busy machine shares no cores */
    RUN(test_lesson9_in_time);
    RUN(test_presses_while_prepared);
    RUN(test_q_asks);
    model_free(&model);
    return test_summary();
}
