/* cli_lesson.c - `tangscope lesson`: check a lesson, print it as a handout,
 * or step through it in the explorer. The lesson format and every verb are
 * documented in lessons/README.md; the verbs themselves live in one table
 * (src/app/script.c), which --help lists. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_help.h"
#include "app/commands.h"
#include "app/errtext.h"
#include "app/script.h"
#include "cli/progress.h"
#include "tui/screencheck.h"
#include "tui/tui.h"

/* (in parts: one literal would pass the length C compilers must take) */
/* ---- the environment ---- */

int cli_lesson_env_open(LessonEnv *e, const char *cmd, const char *model_path,
                        const char *corpus_path, int no_corpus)
{
    memset(e, 0, sizeof *e);
    TsErr err;
    if (model_load(&e->m, model_path ? model_path : cli_asset("tang.bin"), &err) != 0)
        return cli_error(cmd, EXIT_USAGE, "%s%s", err.msg,
                         model_path ? "" : " (make model trains the bundled model; or give --model FILE)");
    e->have_model = 1;
    if (!no_corpus) {
        const char *path = corpus_path ? corpus_path : cli_asset("tang-train.txt");
        e->have_corpus = corpus_load_or_build(&e->corpus, path, cli_cache_dir(), &err) == 0;
        if (!e->have_corpus)
            (void)cli_error(cmd, 0, "no training-text counts: %s", err.msg);
    }
    if (app_init(&e->s, &e->m, &err) != 0) {
        cli_lesson_env_close(e);
        return cli_error(cmd, 1, "%s", err.msg);
    }
    e->have_state = 1;
    if (!app_can_start_poem(&e->s)) /* app_reset keeps every lesson mid-text: said once */
        (void)cli_error(cmd, 0, "the model's vocabulary has no newline, so no poem can start: "
                                "the lessons read its text as fragments from inside a text, as "
                                "with --mid-text");
    e->s.text.model_name = model_path;
    e->s.text.model_other = cli_model_other(model_path);
    if (e->have_corpus) {
        e->s.text.corpus_other = cli_corpus_other(&e->corpus, &e->m, corpus_path);
        app_set_corpus(&e->s, &e->corpus, CORPUS_READY);
    }
    return 0;
}

void cli_lesson_env_close(LessonEnv *e)
{
    if (e->have_state)
        app_free(&e->s);
    if (e->have_corpus)
        corpus_free(&e->corpus);
    if (e->have_model)
        model_free(&e->m);
    if (e->have_pinyin)
        pinyin_free(&e->py);
    memset(e, 0, sizeof *e);
}

/* ---- the lessons of a folder ---- */

/* A folder's README.md describes the folder (lessons/exercises/README.md
 * the exercises); it is never a lesson, so --check over every Markdown file
 * of the lesson folders leaves it out. */
static int is_readme(const char *path)
{
    const char *base = strrchr(path, '/');
    return strcmp(base ? base + 1 : path, "README.md") == 0;
}

static int is_lesson_name(const char *name)
{
    size_t n = strlen(name);
    return name[0] >= '0' && name[0] <= '9' && n > 3 && strcmp(name + n - 3, ".md") == 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int cli_lesson_files(const char *dir, char ***paths)
{
    *paths = NULL;
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0, cap = 0;
    char **list = NULL;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        if (!is_lesson_name(ent->d_name))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            char **grown = realloc(list, (size_t)cap * sizeof *grown);
            if (!grown)
                break;
            list = grown;
        }
        size_t len = strlen(dir) + strlen(ent->d_name) + 2;
        if ((list[n] = malloc(len)) == NULL)
            break;
        snprintf(list[n++], len, "%s/%s", dir, ent->d_name);
    }
    closedir(d);
    if (n)
        qsort(list, (size_t)n, sizeof *list, by_name);
    *paths = list;
    return n;
}

void cli_lesson_files_free(char **paths, int n)
{
    for (int i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

/* ---- problems ---- */

/* The problems of one file, told in the order of their lines (the file's
 * shape is checked before its commands run). */
typedef struct {
    int line, order;
    char *msg;
} Problem;

typedef struct {
    const char *path;
    Problem *list;
    int n, cap;
    Progress *prog; /* the progress line, taken off before a line is printed */
    AppLang lang;   /* the language of what is said about the file (check_lang) */
} Problems;

static void collect_problem(void *ctx, int line, const char *msg)
{
    Problems *ps = ctx;
    if (ps->n == ps->cap) {
        int cap = ps->cap ? 2 * ps->cap : 16;
        Problem *grown = realloc(ps->list, (size_t)cap * sizeof *grown);
        if (!grown) { /* no room to sort it: tell it now */
            fprintf(stderr, "%s:%d: %s\n", ps->path, line, msg);
            return;
        }
        ps->list = grown;
        ps->cap = cap;
    }
    size_t len = strlen(msg) + 1;
    char *copy = malloc(len);
    if (!copy) {
        fprintf(stderr, "%s:%d: %s\n", ps->path, line, msg);
        return;
    }
    memcpy(copy, msg, len);
    ps->list[ps->n] = (Problem){line, ps->n, copy};
    ps->n++;
}

static int by_line(const void *a, const void *b)
{
    const Problem *p = a, *q = b;
    return p->line != q->line ? (p->line > q->line) - (p->line < q->line)
                              : (p->order > q->order) - (p->order < q->order);
}

/* "FILE:LINE: message" on stderr, by line; then forget them. */
static void tell_problems(Problems *ps)
{
    if (ps->n > 1)
        qsort(ps->list, (size_t)ps->n, sizeof *ps->list, by_line);
    for (int i = 0; i < ps->n; i++) {
        fprintf(stderr, "%s:%d: %s\n", ps->path, ps->list[i].line, ps->list[i].msg);
        free(ps->list[i].msg);
    }
    free(ps->list);
    ps->list = NULL;
    ps->n = ps->cap = 0;
}

/* The expect lines lesson_enter passed over as about the bundled model (on
 * another model), one line each on stdout: told, not counted as problems. */
static void tell_about_bundled(const AppState *s, const Lesson *l, const char *path, AppLang lang)
{
    for (int k = 0; k < l->n_steps; k++)
        for (int i = 0; i < l->steps[k].n_cmds; i++)
            if (lesson_skips(s, l, l->steps[k].cmds[i].text)) {
                printf(app_label_in(lang, LBL_CLI_LESSON_BUNDLED), path, l->steps[k].cmds[i].line,
                       l->steps[k].cmds[i].text);
                putchar('\n');
            }
}

/* The lesson's own line `line`: a command's text, or else the heading of the
 * step it is in (a narration's figure, a screen's line: the step's). */
static const char *line_text(const Lesson *l, int line, int *at)
{
    int k = 0;
    while (k + 1 < l->n_steps && l->steps[k + 1].line <= line)
        k++;
    for (int i = 0; i < l->steps[k].n_cmds; i++)
        if (l->steps[k].cmds[i].line == line) {
            *at = line;
            return l->steps[k].cmds[i].text;
        }
    *at = l->steps[k].line;
    return l->steps[k].heading;
}

/* A lesson about the bundled model, run on another: what its steps found
 * (about) follows from the model, not from the lesson (characters this
 * model does not know, figures and lines of the bundled model's screen).
 * Each line it concerns is told once on stdout in the class's language, as
 * the expect lines passed over are, and not counted; a failed `expect
 * identical` holds for any model and goes to ps as the problem it is.
 * Returns the problems moved to ps. */
static int tell_bundled_steps(const Lesson *l, Problems *about, Problems *ps)
{
    int moved = 0, told = -1;
    if (about->n > 1)
        qsort(about->list, (size_t)about->n, sizeof *about->list, by_line);
    for (int i = 0; i < about->n; i++) {
        int at;
        const char *text = line_text(l, about->list[i].line, &at);
        if (!script_claim_about_model(text) && strncmp(text, "expect", 6) == 0) {
            collect_problem(ps, about->list[i].line, about->list[i].msg);
            moved++;
        } else if (at != told) {
            printf(app_label_in(ps->lang, LBL_CLI_LESSON_BUNDLED), about->path, at, text);
            putchar('\n');
            told = at;
        }
        free(about->list[i].msg);
    }
    free(about->list);
    *about = (Problems){.path = ps->path};
    return moved;
}

/* An expect line the machine cannot decide (lesson_check_step), with why:
 * on stdout, told, not counted as a problem. */
static void tell_skipped(void *ctx, int line, const char *why)
{
    const Problems *ps = ctx;
    progress_hide(ps->prog);
    printf(app_label_in(ps->lang, LBL_CLI_LESSON_SKIPPED), ps->path, line, why);
    putchar('\n');
}

/* Each command whose characters are read as others before the model sees
 * them (風 as 风, ',' as ，: as `probs` reads a prompt), one line on stdout
 * in the lesson's language: told, not counted, so the author sees what the
 * lesson really types and claims. */
static void tell_conversions(const AppState *s, const Lesson *l, const Problems *ps)
{
    static ScriptCmd c; /* a whole text's room: not on the stack */
    for (int k = 0; k < l->n_steps; k++)
        for (int i = 0; i < l->steps[k].n_cmds; i++) {
            char msg[SCRIPT_MSG_MAX], changes[256];
            const LessonLine *cmd = &l->steps[k].cmds[i];
            if (script_is_blank(cmd->text) || script_parse(s, cmd->text, &c, msg, sizeof msg) != SCRIPT_OK ||
                c.n_conv == 0)
                continue;
            cli_describe_changes(ps->lang, c.conv, c.n_conv, 0, changes, sizeof changes);
            progress_hide(ps->prog);
            printf(app_label_in(ps->lang, LBL_CLI_LESSON_READ_AS), ps->path, cmd->line, changes);
            putchar('\n');
        }
}

/* Load a lesson, collecting its problems; their count, or -1 if the file
 * cannot be read (said on stderr). */
static int load(Lesson *l, const char *path, Problems *ps)
{
    TsErr err;
    int rc = lesson_load(l, path, collect_problem, ps, &err);
    if (rc < 0) {
        progress_hide(ps->prog);
        (void)cli_error("lesson", 0, "%s", err.msg); /* it names the file */
    }
    return rc;
}

/* A step that asks for a student's program (of the exercises folder beside
 * the lesson, the only place a lesson may start one): started as the
 * explorer starts it once the class said yes, under stageprog's time limit
 * per step, so that --check draws its screen like any other (and stops it
 * then). Said on stdout under the lesson's line; a program that does not
 * start or fails a step is a problem. */
static int run_stage(AppState *s, const Lesson *l, int k, const char *file, Problems *ps)
{
    const LessonStep *st = &l->steps[k];
    const Lesson *was = s->course.lesson;
    s->course.lesson = l;
    s->progs.may_start = 1; /* the explorer's screen, the class saying yes */
    app_stage_follow_lesson(s);
    if (s->progs.ask)
        app_stage_answer(s, 1);
    s->progs.may_start = 0;
    s->course.lesson = was;
    int problems = 0;
    for (int i = 0; i < st->n_cmds; i++) {
        const ScriptVerb *v = script_verb_of(st->cmds[i].text);
        if (!v || strcmp(v->name, "stage") != 0 || !s->view.lesson_stage.on)
            continue;
        if (!app_stage_running(s, s->view.lesson_stage.kind)) {
            char msg[APP_STATUS_MAX + 64];
            snprintf(msg, sizeof msg, ts_text("stage: the program did not run: %s"),
                     s->view.status);
            errtext_typeset(msg, sizeof msg);
            collect_problem(ps, st->cmds[i].line, msg);
            problems++;
            continue;
        }
        progress_hide(ps->prog);
        fputs("  ", stdout); /* under the lesson's line, not a line of its own */
        printf(app_label_in(ps->lang, LBL_CLI_LESSON_STAGE), file, st->cmds[i].line,
               s->view.lesson_stage.cmd, exercise_name(s->view.lesson_stage.kind));
        putchar('\n');
    }
    return problems;
}

/* Each lesson's steps run, then drawn at each of the screens a class sees
 * (screencheck). Returns the problems found, which are in ps (or, for a
 * bundled lesson's steps on another model, told on stdout). */
/* The language --check speaks about lesson l, so that its author reads one
 * language throughout: the one the lesson names for itself (`lang de`),
 * else --lang when given (a class's teacher checking the shelf), else the
 * lesson's (its folder's, else the interface language). */
static AppLang check_lang(const Lesson *l)
{
    int own = lesson_own_lang(l);
    if (own >= 0)
        return (AppLang)own;
    return cli_lang_given() ? cli_lang() : lesson_lang(l, cli_lang());
}

static int check_steps(LessonEnv *e, const Lesson *l, const char *file, Problems *ps,
                       Progress *prog)
{
    /* on another model, what a bundled lesson's steps find is told apart */
    Problems about = {.path = file, .prog = prog, .lang = ps->lang};
    Problems *to = e->s.text.model_other && lesson_about_bundled(l) ? &about : ps;
    int step_problems = 0;
    for (int k = 0; k < l->n_steps; k++) {
        progress_update(prog, prog->done); /* the bar back after a line */
        step_problems += lesson_check_step(&e->s, l, k, collect_problem, tell_skipped, to);
        errtext_use(ps->lang); /* again after a `lang` line, which speaks the lesson's */
        int stage = lesson_step_runs(l, k, "stage");
        if (stage)
            step_problems += run_stage(&e->s, l, k, file, to);
        step_problems += screencheck_step(&e->s, l, k, collect_problem, to);
        /* drawn: the steps after it run with the built-in stage (which a
         * right program matches), a step at a time, not a program's
         * round trip for each of a histogram's draws */
        if (stage)
            app_stage_stop(&e->s, -1);
    }
    progress_hide(prog);
    tell_about_bundled(&e->s, l, file, ps->lang);
    return to == ps ? step_problems : tell_bundled_steps(l, &about, ps);
}

static int check_files(LessonEnv *e, const char **files, int n, AppLang lang, int quiet)
{
    int bad = 0;
    TsErr err;
    if (tui_locale_utf8(&err) != 0 || screencheck_open(&err) != 0) {
        screencheck_close();
        return cli_error("lesson", EXIT_USAGE, "--check draws every step: %s", err.msg);
    }
    /* no time is shown or judged here (expect speedup times its own rounds): a
     * compare step times each position once, not APP_COMPARE_REPEATS times */
    e->s.compare_repeats = 1;
    Progress prog;
    progress_start(&prog, quiet, NULL, n, LBL_PROGRESS_FILES);
    for (int i = 0; i < n; i++) {
        Lesson l;
        TsQuoted shown;
        Problems ps = {.path = files[i], .prog = &prog};
        progress_what(&prog, cli_shown_path(&shown, files[i]));
        progress_update(&prog, i);
        if (is_readme(files[i])) {
            progress_hide(&prog);
            printf(cli_label(LBL_CLI_LESSON_README), files[i]);
            putchar('\n');
            continue;
        }
        Lesson probe; /* read once for its language: its shape's messages come in it too */
        if (lesson_load(&probe, files[i], NULL, NULL, &err) >= 0) {
            errtext_use(check_lang(&probe));
            lesson_free(&probe);
        }
        int problems = load(&l, files[i], &ps);
        if (problems >= 0) {
            e->s.view.lang = lesson_lang(&l, lang);
            ps.lang = check_lang(&l);
            errtext_use(ps.lang); /* the messages of its commands and screens */
            app_reset(&e->s);
            tell_conversions(&e->s, &l, &ps);
            problems += check_steps(e, &l, files[i], &ps, &prog);
            if (problems == 0)
            {
                char steps[32];
                app_format_count(ps.lang, lesson_last_step(&l), steps, sizeof steps);
                printf(app_label_n_in(ps.lang, LBL_CLI_LESSON_OK, lesson_last_step(&l)), files[i], steps);
                putchar('\n');
            }
            lesson_free(&l);
        }
        errtext_use(cli_lang());
        fflush(stdout);
        tell_problems(&ps);
        bad += problems != 0;
    }
    progress_update(&prog, n);
    progress_end(&prog);
    screencheck_close();
    return bad ? EXIT_USAGE : 0;
}

/* The Markdown handout md as a web page on stdout, with the pinyin of the
 * verse where the reading table loads (without it, none: a note on stderr). */
static int print_html(const char *md, size_t len, AppLang lang)
{
    Pinyin py;
    TsErr err;
    int have_py = cli_pinyin_load(&py, &err) == 0;
    if (!have_py)
        (void)cli_error("lesson", 0, "no pinyin under the verse: %s", err.msg);
    int rc = cli_handout_html(stdout, md, len, app_lang_code(lang), have_py ? &py : NULL);
    if (have_py)
        pinyin_free(&py);
    return rc;
}

/* The readings and meanings for a handout's `show reading`, loaded by the
 * first handout; without them the view says so on paper, as on screen. */
static void handout_pinyin(LessonEnv *e)
{
    if (e->tried_pinyin)
        return;
    e->tried_pinyin = 1;
    TsErr err;
    e->have_pinyin = cli_pinyin_load(&e->py, &err) == 0;
    if (e->have_pinyin)
        e->s.text.pinyin = &e->py;
}

/* What --print writes: a handout, a web page, or the figures alone. */
typedef enum { PRINT_HANDOUT, PRINT_HTML, PRINT_FIGURES, PRINT_FIGURES_JSON } PrintKind;

static int print_file(LessonEnv *e, const char *file, AppLang lang, PrintKind kind)
{
    int html = kind == PRINT_HTML;
    Lesson l;
    Problems ps = {.path = file};
    char *md = NULL;
    size_t md_len = 0;
    FILE *out = html ? open_memstream(&md, &md_len) : stdout;
    if (!out)
        return cli_error("lesson", 1, "no memory for the handout");
    int problems = load(&l, file, &ps);
    AppLang in = problems >= 0 ? lesson_lang(&l, lang) : lang;
    if (problems >= 0) {
        if (kind == PRINT_FIGURES || kind == PRINT_FIGURES_JSON)
            problems += cli_lesson_figures(out, &e->s, &l, in, kind == PRINT_FIGURES_JSON,
                                           collect_problem, &ps);
        else {
            handout_pinyin(e);
            problems += cli_lesson_handout(out, &e->s, &l, in, e->worksheet, collect_problem, &ps);
        }
        lesson_free(&l);
    }
    int failed = 0;
    if (html) {
        failed = fclose(out) != 0 || (problems >= 0 && print_html(md, md_len, in) != 0);
        free(md);
    }
    fflush(stdout);
    tell_problems(&ps);
    if (failed)
        return cli_error("lesson", 1, "the web page could not be written");
    return problems ? EXIT_USAGE : 0;
}


/* ---- --watch: the lesson as its author saves it ---- */

/* The file on the screen, as last read, and the state its check runs on. */
typedef struct {
    const char *path;
    AppLang lang;             /* --lang, for lesson_lang */
    Lesson *shown;            /* the version on the screen (owned) */
    long long mtime_s, mtime_ns, size; /* the file when last read (stat) */
    int missing;              /* 1: stat failed the last time (said once) */
    int check_due;            /* 1: check the version on the screen next pass */
    AppState chk;             /* where --check's run goes: the screen's state stays */
    int have_chk;
} LessonWatch;

/* The problems in ps as "FILE:LINE: message" lines, by line, into the
 * explorer's watch text; then forget them (as tell_problems does). */
static void watch_say(AppState *s, Problems *ps)
{
    if (ps->n > 1)
        qsort(ps->list, (size_t)ps->n, sizeof *ps->list, by_line);
    size_t len = 0;
    s->course.watch[0] = 0;
    for (int i = 0; i < ps->n; i++) {
        if (len < sizeof s->course.watch)
            len +=
                (size_t)snprintf(s->course.watch + len, sizeof s->course.watch - len, "%s%s:%d: %s",
                                 i ? "\n" : "", ps->path, ps->list[i].line, ps->list[i].msg);
        free(ps->list[i].msg);
    }
    free(ps->list);
    ps->list = NULL;
    ps->n = ps->cap = 0;
    s->course.watch_bad = 1;
}

/* --check's run of every step's commands, on a state of its own (the
 * screen's stays where the class is): its problems, or "FILE: N steps, ok". */
static void watch_check(LessonWatch *w, AppState *s)
{
    TsErr err;
    if (!w->have_chk) {
        if (app_init(&w->chk, s->text.m, &err) != 0) {
            snprintf(s->course.watch, sizeof s->course.watch, "%s", err.msg);
            s->course.watch_bad = 1;
            return;
        }
        w->have_chk = 1;
        w->chk.compare_repeats = 1; /* no time is shown or judged (check_files) */
    }
    w->chk.text.model_name = s->text.model_name;
    w->chk.text.model_other = s->text.model_other;
    w->chk.record.fingerprint = s->record.fingerprint;
    if (s->text.corpus_status == CORPUS_READY && w->chk.text.corpus != s->text.corpus)
        app_set_corpus(&w->chk, s->text.corpus, CORPUS_READY);
    w->chk.view.lang = lesson_lang(w->shown, w->lang);
    app_reset(&w->chk);
    Problems ps = {.path = w->path,
                   .lang = w->chk.view.lang}; /* under the narration: its language */
    int problems = 0;
    errtext_use(ps.lang);
    for (int k = 0; k < w->shown->n_steps; k++)
        problems += lesson_check_step(&w->chk, w->shown, k, collect_problem, NULL, &ps);
    errtext_use(s->view.lang); /* the explorer's again */
    if (problems > 0) {
        watch_say(s, &ps);
        return;
    }
    char steps[32];
    int last = lesson_last_step(w->shown);
    app_format_count(ps.lang, last, steps, sizeof steps);
    snprintf(s->course.watch, sizeof s->course.watch,
             app_label_n_in(ps.lang, LBL_CLI_LESSON_OK, last), w->path, steps);
    s->course.watch_bad = 0;
}

/* Has the file changed since it was last read (its time or its size)?
 * 1: yes, 0: no, -1: it is gone now (said once; read again once it is back). */
static int watch_changed(LessonWatch *w)
{
    struct stat st;
    if (stat(w->path, &st) != 0) {
        if (w->missing)
            return 0;
        w->missing = 1;
        return -1;
    }
    long long ns = (long long)st.st_mtim.tv_nsec, size = (long long)st.st_size;
    if (!w->missing && (long long)st.st_mtime == w->mtime_s && ns == w->mtime_ns && size == w->size)
        return 0;
    w->missing = 0;
    w->mtime_s = (long long)st.st_mtime;
    w->mtime_ns = ns;
    w->size = size;
    return 1;
}

/* Read the file again. A version whose shape is wrong (or that cannot be
 * read) leaves the last good one on the screen and says why, by line; a
 * good one takes its place at the same step, and is checked next pass
 * (after the screen shows it). */
static void watch_reload(LessonWatch *w, AppState *s)
{
    Lesson *fresh = calloc(1, sizeof *fresh);
    if (!fresh)
        return;
    Problems ps = {.path = w->path};
    TsErr err;
    int rc = lesson_load(fresh, w->path, collect_problem, &ps, &err);
    if (rc < 0) {
        snprintf(s->course.watch, sizeof s->course.watch, "%s", err.msg); /* it names the file */
        s->course.watch_bad = 1;
        free(fresh);
        return;
    }
    if (rc > 0 || lesson_last_step(fresh) < 1) {
        if (ps.n == 0)
            collect_problem(&ps, 1, "no steps: each step starts with a heading, '## Heading'");
        watch_say(s, &ps);
        lesson_free(fresh);
        free(fresh);
        return;
    }
    int step = s->course.step;
    app_lesson_open(s, fresh, lesson_lang(fresh, w->lang)); /* stops what read the old */
    if (step > 0)
        app_lesson_go(s, step);
    lesson_free(w->shown);
    free(w->shown);
    w->shown = fresh;
    w->check_due = 1;
}

static unsigned watch_poll(AppState *s, void *ctx)
{
    LessonWatch *w = ctx;
    if (w->check_due) {
        w->check_due = 0;
        watch_check(w, s);
        return REDRAW_ALL;
    }
    int changed = watch_changed(w);
    if (changed == 0)
        return REDRAW_NONE;
    if (changed > 0) {
        watch_reload(w, s);
    } else {
        TsQuoted q;
        snprintf(s->course.watch, sizeof s->course.watch, cli_label(LBL_CLI_WATCH_GONE),
                 ts_quote(&q, w->path));
        s->course.watch_bad = 1;
    }
    return REDRAW_ALL;
}

static void watch_close(LessonWatch *w)
{
    if (w->have_chk)
        app_free(&w->chk);
    if (w->shown) {
        lesson_free(w->shown);
        free(w->shown);
    }
    memset(w, 0, sizeof *w);
}

/* ---- in the explorer ---- */

/* One lesson, or the picker of the interface language's lessons. A lesson
 * whose shape is wrong (no steps) is refused with its problems; the problems
 * of its commands show in the status line when their step is entered. With
 * watch, the lesson is read again whenever its file changes (LessonWatch). */
static int explore(ExploreRun *run, const char *file, int threads, int watch)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return cli_error("lesson", EXIT_USAGE, "needs a terminal on stdin and stdout "
                                               "(for text output use --print)");
    TsErr err;
    if (tui_locale_utf8(&err) != 0)
        return cli_error("lesson", EXIT_USAGE, "%s", err.msg);
    Lesson *shelf = NULL;
    LessonWatch w = {.path = file, .lang = run->lang, .check_due = watch};
    char **files = NULL;
    int n = 0, rc;
    if (file) {
        Problems ps = {.path = file};
        if ((w.shown = calloc(1, sizeof *w.shown)) == NULL)
            return cli_error("lesson", 1, "out of memory");
        int problems = load(w.shown, file, &ps);
        int shapeless = problems >= 0 && lesson_last_step(w.shown) < 1;
        tell_problems(&ps);
        if (problems < 0 || shapeless) {
            if (problems >= 0)
                lesson_free(w.shown);
            free(w.shown);
            return problems < 0 ? EXIT_USAGE
                                : cli_error("lesson", EXIT_USAGE, "%s has no steps to show", file);
        }
        run->lesson = w.shown;
        run->lesson_lang = lesson_lang(w.shown, run->lang);
        if (watch) {
            watch_changed(&w); /* the file as read now: the first change is the next save */
            run->poll = watch_poll;
            run->poll_ctx = &w;
        }
    } else {
        const char *dir = cli_lessons_dir(app_lang_code(run->lang));
        n = cli_lesson_files(dir, &files);
        if (n > 0)
            shelf = calloc((size_t)n, sizeof *shelf);
        int shown = 0;
        for (int i = 0; i < n && shelf; i++) {
            TsErr e;
            if (lesson_load(&shelf[shown], files[i], NULL, NULL, &e) >= 0)
                shown++;
        }
        if (shown == 0) {
            free(shelf);
            cli_lesson_files_free(files, n < 0 ? 0 : n);
            return cli_error("lesson", EXIT_USAGE,
                             "no lessons in %s (give a FILE, choose another --lang, or set "
                             "TANGSCOPE_HOME to the folder that holds lessons/)",
                             dir);
        }
        run->shelf = shelf;
        run->n_shelf = shown;
    }
    /* a keystroke at a full context recomputes the whole window: every core helps */
    cli_set_threads(threads);
    rc = cli_explore_run("lesson", run);
    watch_close(&w);
    for (int i = 0; i < run->n_shelf; i++)
        lesson_free(&shelf[i]);
    free(shelf);
    cli_lesson_files_free(files, n < 0 ? 0 : n);
    return rc;
}

/* `expect top1 C|top8 C|...`: every claim whole, on a line of its own (a
 * wrapped list would cut `corpus CONTEXT C N` in two). Returns the bytes
 * written. */
static size_t claim_lines(const char *verb, char *usage, char *out, size_t size)
{
    size_t len = 0;
    char *claim = usage + strlen(verb) + 1;
    for (char *bar = claim; bar && len < size; claim = bar + 1) {
        bar = strchr(claim, '|');
        if (bar)
            *bar = 0;
        len += (size_t)snprintf(out + len, size - len, "  %s %s\n", verb, claim);
    }
    return len < size ? len : size;
}

/* A usage too long for a line, `show histogram|attention|...`, cut after a
 * `|` and its rest under the first word after the verb, so that no line is
 * wider than the help's 80 columns. Returns the bytes written. */
static size_t usage_lines(const char *verb, const char *usage, char *out, size_t size)
{
    enum { WIDTH = 78 };
    size_t len = 0, indent = 2 + strlen(verb) + 1, at = 0, n = strlen(usage);
    while (at < n && len < size) {
        size_t room = WIDTH - (at ? indent : 2), cut = n - at;
        if (cut > room) { /* the last `|` that fits */
            cut = room;
            while (cut > 1 && usage[at + cut - 1] != '|')
                cut--;
            if (cut <= 1)
                cut = room; /* no `|` to cut at: cut anyway */
        }
        len += (size_t)snprintf(out + len, size - len, "%*s%.*s\n", (int)(at ? indent : 2), "",
                                (int)cut, usage + at);
        at += cut;
    }
    return len < size ? len : size;
}

/* The verbs of the lessons and the explorer's command line, from their
 * table (script.c), each described in the run's language (cli_verb_help). */
static void print_verbs(void)
{
    int n;
    const ScriptVerb *v = script_verbs(&n);
    size_t cap = 512 * (size_t)(n + 1), len = 0;
    char *text = malloc(cap);
    if (!text)
        return;
    text[0] = 0;
    for (int i = 0; i < n && len < cap; i++) {
        char usage[512]; /* expect's list of claims is long */
        script_verb_usage(&v[i], usage, sizeof usage);
        char own[512]; /* a setting's, made from the settings table */
        script_setting_help(cli_lang(), &v[i], own, sizeof own);
        const char *help = v[i].setting ? own : cli_verb_help(v[i].name);
        const char *tag = v[i].lesson ? cli_verb_help("(lessons)") : "";
        if (v[i].arg == ARG_CLAIM) /* each claim whole on its line, the description under them */
            len += claim_lines(v[i].name, usage, text + len, cap - len);
        else if (strlen(usage) > 34) /* its own lines, the description under them */
            len += usage_lines(v[i].name, usage, text + len, cap - len);
        if (len >= cap)
            break;
        if (v[i].arg == ARG_CLAIM || strlen(usage) > 34)
            len += (size_t)snprintf(text + len, cap - len, "%37s", "");
        else
            len += (size_t)snprintf(text + len, cap - len, "  %-34s ", usage);
        if (len < cap)
            len += (size_t)snprintf(text + len, cap - len, "%s%s\n", tag, help);
    }
    cli_print_help(stdout, text);
    free(text);
}

/* --check alone: every lesson of the language, where the picker finds them
 * (lessons/LANG here, under TANGSCOPE_HOME or where tangscope is installed),
 * added to files[*n_files..max). Returns how many there are (*shelf holds
 * them: cli_lesson_files_free), or -1 after telling that there are none. */
static int add_shelf(AppLang lang, char ***shelf, const char **files, int *n_files, int max)
{
    const char *dir = cli_lessons_dir(app_lang_code(lang));
    int n = cli_lesson_files(dir, shelf);
    if (n <= 0) {
        cli_lesson_files_free(*shelf, n < 0 ? 0 : n);
        *shelf = NULL;
        cli_error("lesson", EXIT_USAGE, "--check: no lessons in %s (give lesson files, or set "
                  "TANGSCOPE_HOME to the folder that holds lessons/)", dir);
        return -1;
    }
    for (int i = 0; i < n && *n_files < max; i++)
        files[(*n_files)++] = (*shelf)[i];
    return n;
}

/* The ways of running a lesson that do not go together: a usage error, or 0. */
static int modes_refused(int check, int print, int figures, int worksheet, int html, int json,
                         int watch, int n_files)
{
    if (check && print)
        return cli_error("lesson", EXIT_USAGE, "--check and --print do not go together");
    if (figures && (check || print || watch))
        return cli_error("lesson", EXIT_USAGE, "--figures goes alone, with one lesson file");
    if ((print || figures) && n_files != 1)
        return cli_error("lesson", EXIT_USAGE,
                         print ? "--print takes one lesson file" : "--figures takes one lesson file");
    if (worksheet && !print)
        return cli_error("lesson", EXIT_USAGE, "--worksheet goes with --print");
    if (html && !print)
        return cli_error("lesson", EXIT_USAGE, "--html goes with --print");
    if (json && !figures)
        return cli_error("lesson", EXIT_USAGE, "--json goes with --figures");
    if (watch && (check || print || n_files != 1))
        return cli_error("lesson", EXIT_USAGE, "--watch takes one lesson file, shown in the explorer");
    return 0;
}

int cmd_lesson(int argc, char **argv)
{
    const char *model_path = NULL, *corpus_path = NULL, *theme_arg = NULL;
    const char *stage = NULL;
    int check = 0, print = 0, no_corpus = 0, threads = 0, projector = 0, ascii = 0;
    int worksheet = 0, html = 0, quiet = 0, watch = 0, figures = 0, json = 0;
    Opt opts[] = {
        {"--watch", OPT_FLAG, &watch, 0, 0},
        {"--check", OPT_FLAG, &check, 0, 0},       {"--print", OPT_FLAG, &print, 0, 0},
        {"--model", OPT_STR, &model_path, 0, 0},
        {"--corpus", OPT_STR, &corpus_path, 0, 0}, {"--no-corpus", OPT_FLAG, &no_corpus, 0, 0},
        {"--threads", OPT_INT, &threads, 0, 1024},
        {"--projector", OPT_FLAG, &projector, 0, 0}, {"--theme", OPT_STR, &theme_arg, 0, 0},
        {"--ascii", OPT_FLAG, &ascii, 0, 0},
        {"--worksheet", OPT_FLAG, &worksheet, 0, 0},
        {"--html", OPT_FLAG, &html, 0, 0},
        {"--figures", OPT_FLAG, &figures, 0, 0}, {"--json", OPT_FLAG, &json, 0, 0},
        {"--stage", OPT_STR, &stage, 0, 0},
        {"--quiet", OPT_FLAG, &quiet, 0, 0},
    };
    enum { MAX_FILES = 256 };
    const char *files[MAX_FILES];
    int n_files = 0;
    int rc = cli_parse("lesson", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       files, MAX_FILES, &n_files);
    if (rc == 1 && !cli_flag_given(argc, argv, "--list-options"))
        print_verbs();
    if (rc)
        return rc == 1 ? 0 : rc;
    AppLang lang = cli_lang();
    AppTheme theme = THEME_DARK;
    if ((rc = cli_theme_parse("lesson", theme_arg, &theme)) != 0)
        return rc;
    if ((rc = modes_refused(check, print, figures, worksheet, html, json, watch, n_files)) != 0)
        return rc;
    char **shelf = NULL;
    int n_shelf = 0;
    if (check && n_files == 0 &&
        (n_shelf = add_shelf(lang, &shelf, files, &n_files, MAX_FILES)) < 0)
        return EXIT_USAGE;
    print |= figures;
    if (!check && !print) {
        if (n_files > 1)
            return cli_error("lesson", EXIT_USAGE, "one lesson at a time (--check takes several)");
        ExploreRun run = {.model_path = model_path, .lang = lang, .corpus_path = corpus_path,
                          .no_corpus = no_corpus, .projector = projector, .theme = theme,
                          .ascii = ascii, .stage = stage};
        return explore(&run, n_files ? files[0] : NULL, threads, watch);
    }
    cli_set_threads(threads);
    LessonEnv e;
    if ((rc = cli_lesson_env_open(&e, "lesson", model_path, corpus_path, no_corpus)) != 0) {
        cli_lesson_files_free(shelf, n_shelf);
        return rc;
    }
    e.worksheet = worksheet;
    PrintKind kind = figures ? (json ? PRINT_FIGURES_JSON : PRINT_FIGURES)
                             : html ? PRINT_HTML : PRINT_HANDOUT;
    rc = check ? check_files(&e, files, n_files, lang, quiet) : print_file(&e, files[0], lang, kind);
    cli_lesson_env_close(&e);
    cli_lesson_files_free(shelf, n_shelf);
    return rc;
}
