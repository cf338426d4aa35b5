/* app_stage.c - a student's stage as a program in the explorer: their top-p
 * in the built-in top-p's place, their jueju constraint in the form's.
 *
 * The program's answer is what the sampler and the form use (the bars, the
 * draws, Enter's poem); the built-in stage runs beside it on the same input,
 * and the screen marks every candidate where the two disagree
 * (pred.stagev). A program that fails a step (crashes, is late, answers
 * garbage) has that step done by the built-in (stageprog.h's fallback), is
 * stopped and reaped, and the status line says which step and what was
 * wrong; the explorer goes on with the built-in stage.
 *
 * A lesson's `stage` only says what it wants (lesson_stage, part of the
 * step's state); the explorer's screen (may_start) asks once, in the status
 * line, before it starts a program a lesson names, and stops it when the
 * class leaves the steps that want it.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/commands.h"
#include "app/labels.h"
#include "app/stageprog.h"

/* The programs that run. */
struct AppStage {
    StageTopP topp;
    int topp_on;
    StageJueju jueju;
    int jueju_on;
    /* what the lesson started, and what the class said about the lesson's programs */
    int from_lesson[EXERCISE_COUNT];
    char lesson_cmd[EXERCISE_COUNT][APP_STAGE_CMD_MAX];
    char said_yes[APP_STAGE_CMD_MAX * 2];   /* "kind cmd": the last one started after asking */
    char said_no[APP_STAGE_CMD_MAX * 2];    /* ... and the last one declined */
    int stopped;  /* a program failed a step since the last start (the status says so) */
};

static struct AppStage *stage_of(AppState *s)
{
    if (!s->progs.stage)
        s->progs.stage = calloc(1, sizeof *s->progs.stage);
    return s->progs.stage;
}

int app_stage_stopped(const AppState *s)
{
    return s->progs.stage && s->progs.stage->stopped;
}

int app_stage_running(const AppState *s, ExerciseKind kind)
{
    if (!s->progs.stage)
        return 0;
    return kind == EXERCISE_TOP_P ? s->progs.stage->topp_on : s->progs.stage->jueju_on;
}

static void unhook(AppState *s, ExerciseKind kind)
{
    struct AppStage *st = s->progs.stage;
    if (!st || (unsigned)kind >= EXERCISE_COUNT)
        return;
    if (kind == EXERCISE_TOP_P && st->topp_on) {
        s->pred.ss.top_p_hook = s->text.g.ss.top_p_hook = NULL;
        s->pred.ss.top_p_ctx = s->text.g.ss.top_p_ctx = NULL;
        stagetopp_free(&st->topp);
        st->topp_on = 0;
    }
    if (kind == EXERCISE_JUEJU && st->jueju_on) {
        s->text.g.mask_hook = NULL;
        s->text.g.mask_ctx = NULL;
        stagejueju_free(&st->jueju);
        st->jueju_on = 0;
    }
    st->from_lesson[kind] = 0;
    s->pred.stagev[kind] = (AppStageView){0};
}

void app_stage_stop(AppState *s, int kind)
{
    if (!s->progs.stage)
        return;
    for (int k = 0; k < EXERCISE_COUNT; k++)
        if (kind < 0 || kind == k)
            unhook(s, (ExerciseKind)k);
    if (kind < 0) {
        free(s->progs.stage);
        s->progs.stage = NULL;
    }
}

/* The program as the status line names it: the command line without the
 * folders of its first word (a lesson's program lies in the exercises
 * folder, an absolute path too long for a projector's status line). */
static const char *program_name(const char *cmdline)
{
    size_t first = strcspn(cmdline, " \t");
    const char *name = cmdline;
    for (size_t i = 0; i < first; i++)
        if (cmdline[i] == '/' && i + 1 < first)
            name = cmdline + i + 1;
    return name;
}

/* StageProg.on_wait: the program keeps the explorer waiting. */
static void waiting(void *ctx, const char *cmd, double limit)
{
    AppState *s = ctx;
    s->progs.waited = 1;
    if (!s->progs.wait)
        return;
    /* the program without its folders, quoted: the line holds 80 columns */
    char name[APP_STAGE_CMD_MAX];
    snprintf(name, sizeof name, "%s", program_name(cmd[0] == '\'' ? cmd + 1 : cmd));
    size_t n = strlen(name);
    if (cmd[0] == '\'' && n > 0 && name[n - 1] == '\'')
        name[n - 1] = 0;
    TsQuoted q;
    s->progs.wait(s, ts_quote(&q, name), limit);
}

int app_stage_start(AppState *s, ExerciseKind kind, const char *cmdline)
{
    struct AppStage *st = stage_of(s);
    TsErr err;
    if (!st) {
        app_status(s, 1, "out of memory");
        return -1;
    }
    unhook(s, kind);
    st->stopped = 0;
    if (kind == EXERCISE_TOP_P) {
        /* its standard error would write over the screen */
        if (stagetopp_init(&st->topp, cmdline, 1, 1, s->view.lang, &s->text.m->vocab, &err) != 0) {
            app_status(s, 1, "%s", err.msg);
            return -1;
        }
        st->topp_on = 1;
        if (s->progs.timeout > 0)
            st->topp.prog.timeout = s->progs.timeout;
        st->topp.prog.on_wait = waiting;
        st->topp.prog.wait_ctx = s;
        s->pred.ss.top_p_hook = s->text.g.ss.top_p_hook = stagetopp_hook;
        s->pred.ss.top_p_ctx = s->text.g.ss.top_p_ctx = &st->topp;
    } else {
        if (stagejueju_init(&st->jueju, cmdline, 1, 1, s->view.lang, &s->text.m->vocab, &err) !=
            0) {
            app_status(s, 1, "%s", err.msg);
            return -1;
        }
        st->jueju_on = 1;
        if (s->progs.timeout > 0)
            st->jueju.prog.timeout = s->progs.timeout;
        st->jueju.prog.on_wait = waiting;
        st->jueju.prog.wait_ctx = s;
        s->text.g.mask_hook = stagejueju_hook;
        s->text.g.mask_ctx = &st->jueju;
    }
    AppStageRecord *rec = &s->progs.rec[kind]; /* a new program: a new record */
    *rec = (AppStageRecord){0};
    snprintf(rec->cmd, sizeof rec->cmd, "%s", cmdline);
    app_predict(s);
    TsQuoted q;
    if (app_stage_running(s, kind)) /* else the first step failed, and the status says so */
        app_status(s, 0, app_label(s, LBL_ST_STAGE_ON), ts_quote(&q, program_name(cmdline)),
                   exercise_name(kind));
    return 0;
}

/* The comparison for the screen: top-p's kept characters (the chain's,
 * which are the program's) against the built-in's on the same input. */
static void view_top_p(AppState *s, AppStageView *v)
{
    const StageTopP *t = &s->progs.stage->topp;
    const float *yours = sampler_stage_buffer(&s->pred.ss, STAGE_TOP_P);
    int V = t->V;
    double builtin_sum = 0.0;
    v->kept = v->builtin_kept = v->n_differ = 0;
    for (int i = 0; i < V; i++) {
        v->kept += yours[i] > 0.0f;
        v->builtin_kept += t->builtin[i] > 0.0f;
        v->n_differ += (yours[i] > 0.0f) != (t->builtin[i] > 0.0f);
        builtin_sum += (double)t->builtin[i];
    }
    for (int k = 0; k < s->pred.n_top; k++) {
        int id = s->pred.top[k].id;
        v->builtin[k] = builtin_sum > 0.0 ? (float)(t->builtin[id] / builtin_sum) : 0.0f;
        v->differ[k] = (yours[id] > 0.0f) != (t->builtin[id] > 0.0f);
    }
    snprintf(v->cmd, sizeof v->cmd, "%s", t->prog.cmd);
}

/* The jueju: the mask the chain used (the program's) against the form's
 * own; the built-in column is what the filters left under the form's own
 * mask. */
static void view_jueju(AppState *s, AppStageView *v)
{
    const StageJueju *t = &s->progs.stage->jueju;
    const uint8_t *yours = s->pred.allowed;
    const float *in = sampler_stage_buffer(&s->pred.ss, (SamplerStage)(STAGE_FORM_MASK - 1));
    int V = t->V;
    double builtin_sum = 0.0;
    v->kept = v->builtin_kept = v->n_differ = 0;
    for (int i = 0; i < V; i++) {
        v->kept += yours[i] != 0;
        v->builtin_kept += t->builtin[i] != 0;
        v->n_differ += (yours[i] != 0) != (t->builtin[i] != 0);
        builtin_sum += t->builtin[i] ? (double)in[i] : 0.0;
    }
    for (int k = 0; k < s->pred.n_top; k++) {
        int id = s->pred.top[k].id;
        v->builtin[k] = builtin_sum > 0.0 && t->builtin[id] ? (float)(in[id] / builtin_sum) : 0.0f;
        v->differ[k] = (yours[id] != 0) != (t->builtin[id] != 0);
    }
    snprintf(v->cmd, sizeof v->cmd, "%s", t->prog.cmd);
}

/* Drop a character that cropping left half-written at the end of text. */
static void crop_utf8(char *text)
{
    size_t n = strlen(text), k = n;
    while (k > 0 && ((unsigned char)text[k - 1] & 0xC0) == 0x80)
        k--;
    if (k == 0 || (unsigned char)text[k - 1] < 0xC0)
        return; /* ASCII last: whole */
    unsigned char lead = (unsigned char)text[k - 1];
    size_t len = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
    if (k - 1 + len > n)
        text[k - 1] = 0;
}

int app_stage_after_predict(AppState *s)
{
    struct AppStage *st = s->progs.stage;
    if (!st)
        return 0;
    /* the next message in the language the screen speaks now (l switches it) */
    st->topp.prog.lang = st->jueju.prog.lang = s->view.lang;
    const TsErr *why[EXERCISE_COUNT] = {
        st->topp_on && st->topp.failed ? &st->topp.failure : NULL,
        st->jueju_on && st->jueju.failed ? &st->jueju.failure : NULL,
    };
    for (int k = 0; k < EXERCISE_COUNT; k++)
        if (why[k]) {
            char msg[TS_ERR_MAX];
            snprintf(msg, sizeof msg, "%s", why[k]->msg);
            if (st->from_lesson[k]) /* the lesson does not start it again */
                snprintf(st->said_no, sizeof st->said_no, "%s %s", exercise_name((ExerciseKind)k),
                         st->lesson_cmd[k]);
            unhook(s, (ExerciseKind)k);
            st->stopped = 1;
            AppStageRecord *rec = &s->progs.rec[k];
            rec->failed = 1;
            snprintf(rec->why, sizeof rec->why, "%.*s", (int)sizeof rec->why - 1, msg);
            for (char *c = rec->why; *c; c++) /* a line of the hand-in */
                *c = *c == '\n' || *c == '\t' ? ' ' : *c;
            crop_utf8(rec->why);
            app_status(s, 1, app_label(s, LBL_ST_STAGE_FAILED), exercise_name((ExerciseKind)k), msg);
            /* the whole reason (a traceback's end and its file) is longer than the status
             * line: the messages view shows it wrapped, beside the bars */
            app_view_open(&s->view.views, VIEW_MESSAGES);
            return 1;
        }
    AppStageView *top_p = &s->pred.stagev[EXERCISE_TOP_P];
    AppStageView *jueju = &s->pred.stagev[EXERCISE_JUEJU];
    *top_p = (AppStageView){.on = st->topp_on, .stage = STAGE_TOP_P};
    *jueju = (AppStageView){.on = st->jueju_on && s->view.mode.kind == FORM_JUEJU, .stage = STAGE_FORM_MASK};
    if (top_p->on && s->pred.sampler_ok)
        view_top_p(s, top_p);
    if (jueju->on && s->pred.sampler_ok)
        view_jueju(s, jueju);
    for (int k = 0; k < EXERCISE_COUNT; k++)
        if (s->pred.stagev[k].on && s->pred.sampler_ok) { /* the hand-in's verdict */
            s->progs.rec[k].runs++;
            s->progs.rec[k].differed += s->pred.stagev[k].n_differ > 0;
        }
    return 0;
}

/* ---- what a lesson asks for ---- */

/* A lesson's program as the lesson names it (top_p_ref.sh, not its whole
 * path): the status line's questions and news must fit 80 columns. */
static const char *wish_name(const AppStageWish *w)
{
    const char *shown = w->cmd, *at = w->cmd;
    while ((at = strstr(at, "/exercises/")) != NULL)
        shown = at += strlen("/exercises/");
    return shown;
}

static void wish_key(const AppStageWish *w, char *out, size_t size)
{
    snprintf(out, size, "%s %s", exercise_name(w->kind), w->cmd);
}

unsigned app_stage_follow_lesson(AppState *s)
{
    if (!s->progs.may_start || s->progs.ask)
        return REDRAW_NONE;
    const AppStageWish *w = &s->view.lesson_stage;
    struct AppStage *st = s->progs.stage;
    unsigned redraw = REDRAW_NONE;
    /* a program the lesson started that its step no longer wants */
    for (int k = 0; st && k < EXERCISE_COUNT; k++)
        if (st->from_lesson[k] && (!s->course.lesson || !w->on || w->kind != (ExerciseKind)k ||
                                   strcmp(st->lesson_cmd[k], w->cmd) != 0)) {
            unhook(s, (ExerciseKind)k);
            app_predict(s);
            redraw = REDRAW_ALL;
        }
    if (!s->course.lesson || !w->on)
        return redraw;
    if (st && st->from_lesson[w->kind])
        return redraw; /* it runs */
    char key[APP_STAGE_CMD_MAX * 2];
    wish_key(w, key, sizeof key);
    if (st && strcmp(st->said_no, key) == 0)
        return redraw; /* asked once: no */
    if (st && strcmp(st->said_yes, key) == 0)
        return redraw | app_stage_answer(s, 1);
    s->progs.ask = 1;
    app_status(s, 0, app_label(s, LBL_ST_STAGE_ASK), wish_name(w), exercise_name(w->kind));
    return redraw | REDRAW_STATUS;
}

unsigned app_stage_answer(AppState *s, int yes)
{
    const AppStageWish *w = &s->view.lesson_stage;
    s->progs.ask = 0;
    struct AppStage *st = stage_of(s);
    if (!st || !w->on)
        return REDRAW_ALL;
    char key[APP_STAGE_CMD_MAX * 2];
    wish_key(w, key, sizeof key);
    if (!yes) {
        snprintf(st->said_no, sizeof st->said_no, "%s", key);
        app_status(s, 0, app_label(s, LBL_ST_STAGE_DECLINED), exercise_name(w->kind));
        return REDRAW_ALL;
    }
    snprintf(st->said_yes, sizeof st->said_yes, "%s", key);
    if (app_stage_start(s, w->kind, w->cmd) == 0 && app_stage_running(s, w->kind)) {
        app_status(s, 0, app_label(s, LBL_ST_STAGE_ON), wish_name(w), exercise_name(w->kind));
        st->from_lesson[w->kind] = 1;
        snprintf(st->lesson_cmd[w->kind], sizeof st->lesson_cmd[w->kind], "%s", w->cmd);
    } else {
        /* it failed: not asked again, the built-in goes on */
        snprintf(st->said_no, sizeof st->said_no, "%s", key);
    }
    return REDRAW_ALL;
}

/* ---- a lesson's program: only from its exercises folder, without a shell ---- */

/* The exercises folder beside the lesson: ../exercises from its language's
 * folder, or exercises in its own folder; resolved, into dir. */
static int exercises_dir(const char *lesson_path, int which, char *dir, size_t size)
{
    char base[4096];
    snprintf(base, sizeof base, "%s", lesson_path);
    char *slash = strrchr(base, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(base, sizeof base, ".");
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", base, which ? "exercises" : "../exercises");
    char *real = realpath(path, NULL);
    if (!real)
        return -1;
    snprintf(dir, size, "%s", real);
    free(real);
    return 0;
}

int app_stage_lesson_program(const AppState *s, const char *lesson_path, const char *words,
                             char *cmd, size_t size, char *msg, size_t msg_size)
{
    static const char SHELL_SIGNS[] = "\"'`$;|&<>()*?[]{}~!#\\";
    TsQuoted q;
    for (const char *c = words; *c; c++)
        if (strchr(SHELL_SIGNS, *c) || (unsigned char)*c < 0x20) {
            char sign[8];
            snprintf(sign, sizeof sign, "%c", (unsigned char)*c < 0x20 ? '?' : *c);
            TsQuoted q2;
            snprintf(msg, msg_size, app_label(s, LBL_SC_STAGE_SHELL), ts_quote(&q, words),
                     ts_quote(&q2, sign));
            return -1;
        }
    size_t w = strcspn(words, " \t");
    char program[1024];
    snprintf(program, sizeof program, "%.*s", (int)(w < sizeof program ? w : sizeof program - 1),
             words);
    for (int which = 0; which < 2; which++) {
        char dir[4096];
        if (exercises_dir(lesson_path, which, dir, sizeof dir) != 0)
            continue;
        char path[5200];
        snprintf(path, sizeof path, "%s/%s", dir, program);
        char *real = realpath(path, NULL);
        if (!real)
            continue;
        size_t n = strlen(dir);
        int inside = strncmp(real, dir, n) == 0 && real[n] == '/';
        /* the path with spaces in quotes, for stageprog's split (it holds none of the signs) */
        const char *quote = strchr(real, ' ') ? "\"" : "";
        if (inside && !strchr(real, '"'))
            snprintf(cmd, size, "%s%s%s%s", quote, real, quote, words + w);
        free(real);
        if (inside)
            return 0;
    }
    snprintf(msg, msg_size, app_label(s, LBL_SC_STAGE_OUTSIDE), ts_quote(&q, program));
    return -1;
}
