/* app_lesson.c - a lesson on the explorer's screen, the picker of lessons,
 * and the command line (`:`): what their Commands do (commands.c calls these).
 *
 * A thread of its own enters the lesson's steps ahead, from the moment it
 * opens, and keeps the state after each (StepSnap); going to a step puts
 * that back, so a step change costs a copy, not a replay, and a step always
 * shows what the class saw the first time. A step the thread has not reached
 * yet is waited for a moment, then shown by the clock (JOB_LESSON) with
 * "working…" in the status line meanwhile. Going forward after the class
 * changed something (typed, moved a slider) enters the next step on what it
 * made instead. Problems a step's commands meet
 * (an `expect` that no longer holds, a value out of range) do not stop the
 * lesson: the first is told in the status line with its line in the file.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/app.h"
#include "app/commands.h"
#include "app/labels.h"
#include "app/lesson.h"
#include "app/script.h"

/* The first problem of a step, for the status line. */
typedef struct {
    int line, count;
    char msg[SCRIPT_MSG_MAX];
} FirstProblem;

static void note_problem(void *ctx, int line, const char *msg)
{
    FirstProblem *p = ctx;
    if (p->count++ == 0) {
        p->line = line;
        snprintf(p->msg, sizeof p->msg, "%s", msg);
    }
}

/* ---- the state after each step ---- */

/* What a step leaves: everything a lesson's commands can change (the
 * AppStepView, whole), the text and the generator with its cache, so that
 * putting it back shows the step exactly as entering it did (the test holds
 * a restored step equal to a replay). What the user sets for the screen
 * (pinyin, projector, the theme) is not part of it: it stays as the user
 * left it, as with a replay. */
typedef struct {
    int valid;
    GenSnapshot g;
    AppChar *chars;               /* [n_chars] */
    TraceStep *steps;             /* [n_chars] */
    size_t n_chars;
    AppStepView view;
    uint32_t query_cp;
    double predict_ms;
    long predict_rows, model_runs;
    WeightPrec weights;           /* the model the step's cache came from (app_set_weights) */
    double step_s[WPREC_COUNT];   /* the weights panel's timing the step saw (AppWeights), */
    double round_s[WPREC_COUNT][APP_TIMING_ROUNDS]; /* all 0 when nothing was timed yet */
    double tick_s;
    Model *rounded[WPREC_COUNT];  /* the rounded models the thread's state had made by then
                                   * (its own, lent: app_lesson_forget hands them over) */
    AppCompareModel *spare;       /* the compare model this step first wished, opened for the
                                   * screen's state by the thread; owned until adopted */
    FirstProblem problem;         /* the first problem of the steps up to this one */
} StepSnap;

static void snap_free(StepSnap *p)
{
    app_compare_model_close(p->spare);
    gen_snapshot_free(&p->g);
    free(p->chars);
    free(p->steps);
    memset(p, 0, sizeof *p);
}

static void snap_take(const AppState *s, StepSnap *p, const FirstProblem *problem)
{
    TsErr err;
    snap_free(p);
    size_t n = s->text.n_chars ? s->text.n_chars : 1;
    p->chars = malloc(n * sizeof *p->chars);
    p->steps = malloc(n * sizeof *p->steps);
    if (!p->chars || !p->steps || gen_snapshot_take(&s->text.g, &p->g, &err) != 0) {
        snap_free(p); /* not kept: the step is entered again next time */
        return;
    }
    memcpy(p->chars, s->text.chars, s->text.n_chars * sizeof *p->chars);
    memcpy(p->steps, s->record.steps, s->text.n_chars * sizeof *p->steps);
    p->n_chars = s->text.n_chars;
    p->view = s->view;
    p->query_cp = s->pred.query.cp;
    p->predict_ms = s->pred.predict_ms;
    p->predict_rows = s->pred.predict_rows;
    p->model_runs = s->pred.model_runs;
    p->weights = s->text.weights;
    memcpy(p->step_s, s->text.wt.step_s, sizeof p->step_s);
    memcpy(p->round_s, s->text.wt.round_s, sizeof p->round_s);
    p->tick_s = s->text.wt.tick_s;
    memcpy(p->rounded, s->text.wt.rounded, sizeof p->rounded);
    p->problem = *problem;
    p->valid = 1;
}

/* The timing of a cached step that state p saw, taken over by s: the
 * weights panel then shows the times the step showed, and app_set_weights
 * does not time the steps again on the screen's thread (seconds on a busy
 * machine, with the class waiting). */
static void snap_timing(AppState *s, const StepSnap *p)
{
    if (p->step_s[WPREC_FP32] <= 0.0)
        return; /* nothing timed there: s keeps its own */
    memcpy(s->text.wt.step_s, p->step_s, sizeof p->step_s);
    memcpy(s->text.wt.round_s, p->round_s, sizeof p->round_s);
    s->text.wt.tick_s = p->tick_s;
}

/* Put a kept state back. Returns 0, or -1 when it cannot be. */
static int snap_restore(AppState *s, const StepSnap *p)
{
    TsErr err;
    app_job_stop(s);
    snap_timing(s, p);
    /* the kept cache and logits came from the step's weights (and its weights'
     * panel times every precision) */
    int panel = p->view.views.lower == LOWER_WEIGHTS;
    if ((p->weights != s->text.weights || (panel && s->text.wt.step_s[WPREC_FP32] == 0.0)) &&
        app_set_weights(s, p->weights) != 0)
        return -1;
    if (gen_snapshot_restore(&s->text.g, &p->g, &err) != 0)
        return -1;
    memcpy(s->text.chars, p->chars, p->n_chars * sizeof *s->text.chars);
    memcpy(s->record.steps, p->steps, p->n_chars * sizeof *s->record.steps);
    s->text.n_chars = p->n_chars;
    s->view = p->view;
    s->pred.query.cp = p->query_cp; /* app_predict finds its rank again */
    s->pred.query.id = s->pred.query.rank = 0;
    s->pred.query.p = s->pred.query.p_sampler = 0.0f;
    s->input.query_input = 0;
    s->input.cmdline_open = 0;
    s->input.ime.typed[0] = 0;
    s->input.ime.page = 0;
    /* the logits are the kept ones: this recomputes the sampler, the counts
     * and the look-up from them without running the model */
    app_predict(s);
    s->view.coin = p->view.coin; /* as the step left them, whatever app_predict said */
    s->pred.predict_ms = p->predict_ms;
    s->pred.predict_rows = p->predict_rows;
    s->pred.model_runs = p->model_runs;
    memcpy(s->view.status, p->view.status, sizeof s->view.status);
    s->view.status_error = p->view.status_error;
    return 0;
}

/* The states after each step of the lesson shown. A thread of its own
 * enters the steps one after the other on an AppState of its own (the model
 * and the training text are only read) and keeps what each leaves; the
 * screen puts a kept state back when the class goes to that step. Only the
 * thread writes step[k], once, before it counts it in `ready` (under mu);
 * the screen reads only steps below `ready`. Without a thread (it could not
 * be started) the screen enters the steps itself and keeps them. */
struct AppStepSnaps {
    const Lesson *lesson;         /* the lesson they belong to */
    AppLang lang;                 /* ... started in this language */
    AppState seed;                /* what the thread's own state starts with (start_state) */
    int n;                        /* l->n_steps */
    StepSnap *step;               /* [n] */
    pthread_mutex_t mu;
    pthread_t thread;
    int have_thread;
    int ready;                    /* step[0 .. ready) are kept (under mu) */
    int done;                     /* the thread keeps no more (under mu) */
    atomic_int stop;              /* the screen no longer wants them */
    AppState ws;                  /* the thread's own state */
    int have_ws;
    int pending;                  /* the step the screen waits for (JOB_LESSON) */
    int pending_here;             /* ... entered by the screen on the class's state, at the
                                   * next tick, once "working…" is on the screen */
    double pending_since;
};

static int snaps_ready(struct AppStepSnaps *all)
{
    if (!all->have_thread)
        return all->n;
    pthread_mutex_lock(&all->mu);
    int ready = all->ready;
    pthread_mutex_unlock(&all->mu);
    return ready;
}

/* The thread's own state, as the screen's starts a lesson: the same model,
 * readings, symbols and training text (only read by both), made by the
 * thread (tens of milliseconds the screen does not wait for). */
static int start_state(struct AppStepSnaps *all)
{
    const AppState *s = &all->seed;
    TsErr err;
    if (app_init(&all->ws, s->text.m, &err) != 0)
        return -1;
    all->have_ws = 1;
    all->ws.text.model_name = s->text.model_name;
    all->ws.text.pinyin = s->text.pinyin;
    all->ws.prefs.sym = s->prefs.sym;
    all->ws.record.fingerprint = s->record.fingerprint;
    if (s->text.corpus_status == CORPUS_READY)
        app_set_corpus(&all->ws, s->text.corpus, CORPUS_READY);
    all->ws.view.lang = all->lang;
    app_reset(&all->ws);
    return 0;
}

/* A step that wishes a compare model the steps before it did not: open one
 * more for the screen's state, which then need not open it when the class
 * gets there (a model's buffers and, for a file, reading it). Its model is
 * the same as the thread's: a file of its own, s->m, or the rounded model
 * the thread lends (borrow_rounded). */
static void open_spare(struct AppStepSnaps *all, StepSnap *kept, char *opened, size_t size)
{
    const char *wish = all->ws.view.compare_model;
    if (!kept->valid || !wish[0] || strcmp(wish, opened) == 0)
        return;
    TsErr err;
    kept->spare = app_compare_model_open(&all->ws, wish, &err); /* NULL: opened when shown */
    snprintf(opened, size, "%s", wish);
}

static void *prepare_steps(void *arg)
{
    struct AppStepSnaps *all = arg;
    ts_set_threads(1); /* this thread's passes; the screen's keep every core */
    FirstProblem first = {0};
    char opened[APP_CMP_PATH_MAX] = ""; /* the compare model of the last spare */
    if (start_state(all) != 0) {
        pthread_mutex_lock(&all->mu);
        all->done = 1; /* no state of its own: the screen enters the steps itself */
        pthread_mutex_unlock(&all->mu);
        return NULL;
    }
    for (int k = 0; k < all->n && !atomic_load(&all->stop); k++) {
        lesson_enter(&all->ws, all->lesson, k, 0, note_problem, &first);
        StepSnap kept = {0};
        snap_take(&all->ws, &kept, &first);
        open_spare(all, &kept, opened, sizeof opened);
        pthread_mutex_lock(&all->mu);
        all->step[k] = kept;
        all->ready = kept.valid ? k + 1 : all->ready;
        pthread_mutex_unlock(&all->mu);
        if (!kept.valid)
            break; /* out of memory: the screen enters the rest itself */
    }
    pthread_mutex_lock(&all->mu);
    all->done = 1;
    pthread_mutex_unlock(&all->mu);
    return NULL;
}

void app_lesson_forget(AppState *s)
{
    struct AppStepSnaps *all = s->course.snaps;
    if (!all)
        return;
    if (s->job.kind == JOB_LESSON)
        s->job.kind = JOB_NONE;
    if (all->have_thread) {
        atomic_store(&all->stop, 1);
        pthread_join(all->thread, NULL); /* after the step it is entering */
        pthread_mutex_destroy(&all->mu);
    }
    /* the rounded models lent to s are s's from now on */
    for (int p = 0; all->have_ws && p < WPREC_COUNT; p++)
        if (s->text.wt.rounded[p] && s->text.wt.rounded[p] == all->ws.text.wt.rounded[p])
            all->ws.text.wt.rounded[p] = NULL;
    for (int i = 0; i < all->n; i++) /* first: a spare may read a model of the thread's */
        snap_free(&all->step[i]);
    if (all->have_ws)
        app_free(&all->ws);
    free(all->step);
    free(all);
    s->course.snaps = NULL;
}

/* Start the thread that enters the steps of l ahead of the class. */
static void start_thread(AppState *s, struct AppStepSnaps *all)
{
    all->seed.text.m = s->text.m;
    all->seed.text.model_name = s->text.model_name;
    all->seed.text.pinyin = s->text.pinyin;
    all->seed.prefs.sym = s->prefs.sym;
    all->seed.record.fingerprint = s->record.fingerprint;
    all->seed.text.corpus = s->text.corpus;
    all->seed.text.corpus_status = s->text.corpus_status;
    if (pthread_mutex_init(&all->mu, NULL) != 0)
        return;
    if (pthread_create(&all->thread, NULL, prepare_steps, all) != 0) {
        pthread_mutex_destroy(&all->mu);
        return;
    }
    all->have_thread = 1;
}

/* The kept states of the lesson shown, started afresh when the lesson or its
 * language changed; NULL without memory (then every step is replayed). */
static struct AppStepSnaps *snaps_for(AppState *s, const Lesson *l)
{
    struct AppStepSnaps *all = s->course.snaps;
    if (all && (all->lesson != l || all->lang != s->course.lang || all->n != l->n_steps))
        app_lesson_forget(s);
    if (!s->course.snaps) {
        all = calloc(1, sizeof *all);
        StepSnap *step = calloc((size_t)l->n_steps, sizeof *step);
        if (!all || !step) {
            free(all);
            free(step);
            return NULL;
        }
        all->lesson = l;
        all->lang = s->course.lang;
        all->n = l->n_steps;
        all->step = step;
        all->pending = -1;
        s->course.snaps = all;
        start_thread(s, all);
    }
    return s->course.snaps;
}

/* Does the state still stand where step p left it (the class has not typed,
 * moved a slider or opened a view since)? Only then is the next step's kept
 * state what entering it would give. */
static int snap_matches(const AppState *s, const StepSnap *p)
{
    if (!p->valid || s->text.n_chars != p->n_chars || s->text.g.n != p->g.n ||
        s->view.mid_text != p->view.mid_text || s->text.g.use_cache != p->g.use_cache ||
        s->view.seed != p->view.seed || s->view.lang != p->view.lang ||
        s->view.mode.kind != p->view.mode.kind || s->view.mode.line_len != p->view.mode.line_len ||
        s->pred.query.cp != p->query_cp || !app_views_same(&s->view.views, &p->view.views) ||
        s->text.weights != p->weights || s->view.cmp.n != p->view.cmp.n || s->job.kind != JOB_NONE)
        return 0;
    if (!sampler_settings_same(&s->view.set, &p->view.set))
        return 0;
    if (memcmp(&s->view.rng, &p->view.rng, sizeof s->view.rng) != 0 ||
        memcmp(s->text.g.text, p->g.text, p->g.n * sizeof *p->g.text) != 0)
        return 0;
    for (size_t i = 0; i < p->n_chars; i++)
        if (s->text.chars[i].cp != p->chars[i].cp)
            return 0;
    return 1;
}

/* Show step k once it stands. */
static void arrive(AppState *s, int k, const FirstProblem *first)
{
    s->course.step = k;
    s->course.narration_top = 0;
    if (first->count)
        app_status(s, 1, app_label(s, LBL_ST_LINE_PROBLEM), first->line, first->msg);
}

/* Is step k still to come from the thread? */
static int thread_owes(struct AppStepSnaps *all, int k)
{
    if (!all || !all->have_thread)
        return 0;
    pthread_mutex_lock(&all->mu);
    int owes = all->ready <= k && !all->done;
    pthread_mutex_unlock(&all->mu);
    return owes && !atomic_load(&all->stop);
}

/* Lend s the rounded models the thread has made, so that a step in bf16 or
 * int8 finds its weights ready instead of rounding them on the screen's
 * thread (a tenth of a second or more, with the class waiting). */
static void borrow_rounded(AppState *s, struct AppStepSnaps *all)
{
    int ready = snaps_ready(all);
    for (int i = 0; i < ready; i++)
        for (int p = 0; p < WPREC_COUNT; p++)
            if (!s->text.wt.rounded[p] && all->step[i].rounded[p])
                s->text.wt.rounded[p] = all->step[i].rounded[p];
}

/* The compare model step k wishes, when the thread opened it ahead and its
 * model is one s has too (a file's own, s->text.m, or a rounded one s borrowed). */
static void adopt_spare(AppState *s, struct AppStepSnaps *all, int k)
{
    const char *wish = all->step[k].view.compare_model;
    if (!wish[0] || (s->text.cm && strcmp(s->text.cm->path, wish) == 0))
        return;
    for (int i = 0; i <= k; i++) {
        AppCompareModel *c = all->step[i].spare;
        if (!c || strcmp(c->path, wish) != 0)
            continue;
        int shared = c->have_own || c->m == s->text.m;
        for (int p = 0; p < WPREC_COUNT; p++)
            shared |= c->m == s->text.wt.rounded[p];
        if (shared) {
            all->step[i].spare = NULL;
            app_compare_model_adopt(s, c);
        }
        return;
    }
}

/* Put back the kept state of step k. Returns 0, or -1 when it is not kept. */
static int restore_step(AppState *s, struct AppStepSnaps *all, int k)
{
    if (!all || k >= snaps_ready(all) || !all->step[k].valid)
        return -1;
    borrow_rounded(s, all);
    adopt_spare(s, all, k);
    if (snap_restore(s, &all->step[k]) != 0)
        return -1;
    arrive(s, k, &all->step[k].problem);
    return 0;
}

/* Take over a cached step's timing from a kept step, when s has none yet:
 * a step that shows the weights panel then does not time them again here. */
static void adopt_timing(AppState *s, struct AppStepSnaps *all)
{
    if (!all || s->text.wt.step_s[WPREC_FP32] > 0.0)
        return;
    int ready = snaps_ready(all);
    for (int i = 0; i < ready; i++)
        if (all->step[i].valid && all->step[i].step_s[WPREC_FP32] > 0.0) {
            snap_timing(s, &all->step[i]);
            return;
        }
}

/* Enter steps from+1 .. k on the state as it is (from the start after a
 * reset when from is -1); keep what they leave when nobody else does. */
static void enter_steps(AppState *s, struct AppStepSnaps *all, int from, int k, FirstProblem *first)
{
    for (int i = from + 1; i <= k; i++) {
        lesson_enter(s, s->course.lesson, i, 0, note_problem, first);
        if (all && !all->have_thread)
            snap_take(s, &all->step[i], first);
    }
    arrive(s, k, first);
}

enum { WAIT_MS = 80 }; /* waited for the thread before "working…" shows */

void app_lesson_go(AppState *s, int k)
{
    const Lesson *l = s->course.lesson;
    if (!l)
        return;
    k = k < 0 ? 0 : k > lesson_last_step(l) ? lesson_last_step(l) : k;
    if (s->job.kind == JOB_LESSON)
        s->job.kind = JOB_NONE; /* a new target */
    struct AppStepSnaps *all = snaps_for(s, l);
    if (all)
        all->pending_here = 0;
    FirstProblem first = {0};
    int clean = s->course.step < 0 ||
                (all && s->course.step < all->n && s->course.step < snaps_ready(all) &&
                 snap_matches(s, &all->step[s->course.step]));
    if (k == s->course.step + 1 && !clean) {
        /* the class changed something: the next step enters on what it made,
         * at the next tick, after the screen said "working…" (its commands
         * may take seconds: a `compare`, a `write`) */
        if (!all) {
            enter_steps(s, NULL, s->course.step, k, &first);
            return;
        }
        all->pending = k;
        all->pending_here = 1;
        all->pending_since = ts_now();
        s->job.kind = JOB_LESSON;
        app_status(s, 0, app_label(s, LBL_ST_PREPARING), s->prefs.sym.ellipsis);
        return;
    }
    if (restore_step(s, all, k) == 0)
        return;
    /* a lesson just opened shows its first step at once, entered here: the
     * thread is still making its own state (the introduction takes no time) */
    int opening = k == 0 && s->course.step < 0;
    if (thread_owes(all, k) && !opening) {
        /* the thread gets there first: wait a moment, then say so and let
         * the clock (app_lesson_tick) show the step once it stands */
        double t0 = ts_now();
        while (thread_owes(all, k) && 1000.0 * (ts_now() - t0) < WAIT_MS) {
            struct timespec nap = {0, 2 * 1000 * 1000};
            nanosleep(&nap, NULL);
        }
        if (restore_step(s, all, k) == 0)
            return;
        if (thread_owes(all, k)) {
            all->pending = k;
            all->pending_since = t0;
            s->job.kind = JOB_LESSON;
            app_status(s, 0, app_label(s, LBL_ST_PREPARING), s->prefs.sym.ellipsis);
            return;
        }
    }
    /* no kept state: from the nearest kept one before it, else from the start */
    int from = k - 1;
    while (from >= 0 && restore_step(s, all, from) != 0)
        from--;
    if (from < 0 && !opening) { /* app_lesson_open has just reset it */
        s->view.lang = s->course.lang; /* first: the welcome comes in it */
        app_reset(s);
    } else if (from >= 0) {
        first = all->step[from].problem;
    }
    adopt_timing(s, all);
    enter_steps(s, all, from, k, &first);
}

unsigned app_lesson_tick(AppState *s)
{
    struct AppStepSnaps *all = s->course.snaps;
    if (s->job.kind != JOB_LESSON || !all)
        return REDRAW_NONE;
    int k = all->pending;
    if (all->pending_here) { /* the class's own state: entered here, now */
        FirstProblem first = {0};
        s->job.kind = JOB_NONE;
        all->pending = -1;
        all->pending_here = 0;
        app_status(s, 0, "%s", "");
        adopt_timing(s, all);
        enter_steps(s, NULL, s->course.step, k, &first);
        return REDRAW_ALL;
    }
    if (thread_owes(all, k))
        return REDRAW_NONE;
    s->job.kind = JOB_NONE;
    all->pending = -1;
    if (restore_step(s, all, k) != 0)
        app_lesson_go(s, k); /* not kept after all: entered here */
    return REDRAW_ALL;
}

int app_lesson_prepared(AppState *s)
{
    return s->course.snaps ? snaps_ready(s->course.snaps) : 0;
}

void app_lesson_wait(AppState *s)
{
    while (s->job.kind == JOB_LESSON) {
        struct timespec nap = {0, 2 * 1000 * 1000};
        nanosleep(&nap, NULL);
        app_lesson_tick(s);
    }
}

void app_lesson_open(AppState *s, const Lesson *l, AppLang lang)
{
    if (s->course.lesson != l || s->course.lang != lang)
        app_lesson_forget(s);
    s->course.lesson = l;
    s->course.lang = lang;
    s->course.picking = 0;
    s->course.step = -1; /* so that step 0 is "the next one": entered after a reset */
    s->view.lang = lang; /* first: the welcome comes in it */
    app_reset(s);
    app_lesson_go(s, 0);
}

void app_lesson_fit(AppCourse *c, int lines, int rows)
{
    c->narration_lines = lines;
    c->narration_rows = rows;
    int most = lines - rows > 0 ? lines - rows : 0;
    if (c->narration_top > most)
        c->narration_top = most;
}

void app_picker_set(AppState *s, const Lesson *shelf, int n)
{
    s->course.shelf = shelf;
    s->course.n_shelf = n;
    s->course.shelf_sel = 0;
    s->course.picking = n > 0;
    app_status(s, 0, "%s", ""); /* the picker says its keys itself */
}
