/* screencheck.c - the screen as a test (see screencheck.h). */
#include "tui/screencheck.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "app/commands.h"
#include "app/errtext.h"
#include "app/figures.h"
#include "app/labels.h"
#include "app/script.h"
#include "tui/tui.h"
#include "tui/views.h"

const CheckScreen CHECK_SCREENS[CHECK_SCREEN_COUNT] = {
    {24, 80, 0, "80x24"},
    {34, 110, 0, "110x34"},
    {24, 80, 1, "projector 80x24"},
};

enum {
    LOG_MAX = 4096,
    FIGURES_MAX = 64,  /* figures of one step's narration compared */
    SCREEN_TEXT_MAX = LOG_MAX * 48,
    PLOT_MIN_ROWS = 5, /* a compare plot lower than this shows no ramp */
    CUTS_TOLD = 3      /* cut lines told per step and screen */
};

int screencheck_open(TsErr *err) { return tui_headless_open(24, 80, err); }

void screencheck_close(void) { tui_headless_close(); }

/* What one drawing of a step put on the screen. */
typedef struct {
    DrawnText log[LOG_MAX];
    int n;
    Layout layout;
    const CheckScreen *screen;
    LessonProblem problem;
    void *ctx;
    int problems;
} Drawn;

static void tell(Drawn *d, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A problem of the screen d draws, told in the messages' language (the
 * lesson's: lesson --check installs it, errtext.h). */
static void tell(Drawn *d, int line, const char *fmt, ...)
{
    char msg[400], full[480];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, ts_text(fmt), ap);
    va_end(ap);
    snprintf(full, sizeof full, ts_text("at %s: %s"), ts_text(d->screen->name), msg);
    errtext_typeset(full, sizeof full);
    d->problems++;
    if (d->problem)
        d->problem(d->ctx, line, full);
}

static void draw_on(AppState *s, const CheckScreen *sc, Drawn *d)
{
    resize_term(sc->lines, sc->cols);
    s->prefs.projector = sc->projector;
    screen_fit(s, sc->lines, sc->cols);
    screen_layout(&d->layout, s, sc->lines, sc->cols);
    draw_audit_start(d->log, LOG_MAX);
    screen_draw(s, REDRAW_ALL);
    d->n = draw_audit_stop();
    if (d->n > LOG_MAX)
        d->n = LOG_MAX;
}

/* Is something of this item (and index, unless -1) on the screen, and all of it whole?
 * Returns 1 whole, 0 absent, -1 cut (with the text that was cut). */
static int item_state(const Drawn *d, DrawItem item, int index, const char **cut_text)
{
    int seen = 0;
    for (int i = 0; i < d->n; i++) {
        const DrawnText *t = &d->log[i];
        if (t->item != item || (index >= 0 && t->index != index))
            continue;
        if (t->cut) {
            *cut_text = t->text;
            return -1;
        }
        seen = 1;
    }
    return seen;
}

/* The item must stand whole: tell why not. Returns 1 if it does. */
static int need(Drawn *d, int line, DrawItem item, int index, const char *what, const char *cmd)
{
    const char *cut = NULL;
    int st = item_state(d, item, index, &cut);
    if (st == 1)
        return 1;
    TsQuoted q; /* a quiz's question is the lesson's text */
    if (st == 0)
        tell(d, line, "%s: %s is not on the screen", cmd, ts_text(what));
    else
        tell(d, line, "%s: %s is cut: %s", cmd, ts_text(what), ts_quote(&q, cut));
    return 0;
}

/* The cut lines of the whole screen, told at the step's heading. */
static void cut_lines(Drawn *d, int line)
{
    int told = 0;
    for (int i = 0; i < d->n && told < CUTS_TOLD; i++) {
        const DrawnText *t = &d->log[i];
        if (!t->cut || t->item == ITEM_ELIDED)
            continue;
        int again = 0; /* the same text drawn twice is told once */
        for (int j = 0; j < i && !again; j++)
            again = d->log[j].cut && strcmp(d->log[j].text, t->text) == 0;
        if (!again) {
            TsQuoted q;
            tell(d, line, "a line is cut (%d columns for it): %s", t->w, ts_quote(&q, t->text));
            told++;
        }
    }
}

/* A claim the bars show by C's absence: a rank past the last bar, or a
 * probability bound that the last bar already stays under. */
static int below_the_bars(const AppState *s, const ScriptCmd *c)
{
    int n = s->pred.n_top;
    if (n == 0)
        return 0;
    /* absent from the bars, C ranks past n: that shows "> x" for x <= n */
    if (c->claim == CLAIM_RANK)
        return (strcmp(c->op, ">") == 0 && c->x <= n) || (strcmp(c->op, ">=") == 0 && c->x <= n + 1);
    if (c->claim == CLAIM_PROB && (strcmp(c->op, "<") == 0 || strcmp(c->op, "<=") == 0))
        return 100.0 * (double)s->pred.top[n - 1].p <= c->x;
    return 0;
}

/* The figure an `expect` line checks must be on the screen: the candidate's
 * row among the bars, or the look-up line that names it. */
static void expect_figure(Drawn *d, const AppState *s, const ScriptCmd *c, int line, const char *cmd)
{
    if (c->claim == CLAIM_IDENTICAL) {
        need(d, line, ITEM_VERDICT, -1, "the compare run's verdict", cmd);
        return;
    }
    if (c->claim == CLAIM_CORPUS) {
        need(d, line, ITEM_CORPUS, 0, "the training text's column", cmd);
        return;
    }
    if (c->claim == CLAIM_LINES || c->claim == CLAIM_TEXT || c->claim == CLAIM_CONTAINS ||
        c->claim == CLAIM_COUNT || c->claim == CLAIM_KEPT)
        return; /* the text, which is always on the screen; the line under the bars */
    if (c->claim == CLAIM_REMOVED) {
        need(d, line, ITEM_SUMMARY, -1, "the line under the bars", cmd);
        return;
    }
    if (c->claim == CLAIM_ENTROPY) {
        need(d, line, ITEM_ENTROPY, -1, "the entropy view's figure (show entropy)", cmd);
        return;
    }
    if (c->claim == CLAIM_MASK) { /* the mask view, or the sliders' KV cache row ("read 1") */
        if (!d->layout.at[PANE_MASK].shown && !d->layout.at[PANE_SLIDERS].shown)
            tell(d, line, "%s: neither the mask view nor the sliders' KV cache row is on the screen",
                 cmd);
        return;
    }
    int id = vocab_id(&s->text.m->vocab, c->cp);
    if (id < 0 || !s->pred.model_ok)
        return; /* the claim itself fails, and says so */
    int rank = app_rank(s, id);
    if (rank <= s->pred.n_top) {
        char what[64];
        snprintf(what, sizeof what, ts_text("the row of its character (rank %d)"), rank);
        need(d, line, ITEM_BARS, rank - 1, what, cmd);
    } else if (s->pred.query.cp == c->cp) {
        need(d, line, ITEM_QUERY, -1, "the look-up line", cmd);
    } else if (below_the_bars(s, c)) {
        /* "not in the top 8", "below 20%": shown by the eight bars above it */
        for (int k = 0; k < s->pred.n_top; k++)
            if (!need(d, line, ITEM_BARS, k, "the bars it is not among", cmd))
                break;
    } else {
        tell(d, line, "%s: rank %d, not among the bars and not looked up: nothing on the "
                      "screen shows it (add `lookup`)", cmd, rank);
    }
}

/* Does the narration name a student's column by its heading, as the screen
 * writes it, in quotation marks („deins“, « vôtre », “yours”, 「你的」)? */
static int names_stage_column(const AppState *s, const char *narration)
{
    static const char *const QUOTES[][2] = {
        {"\xe2\x80\x9e", "\xe2\x80\x9c"}, /* „ “ */
        {"\xe2\x80\x9c", "\xe2\x80\x9d"}, /* “ ” */
        {"\xc2\xab\xc2\xa0", "\xc2\xa0\xc2\xbb"}, /* « » */
        {"\xc2\xab", "\xc2\xbb"},
        {"\xe3\x80\x8c", "\xe3\x80\x8d"}, /* 「 」 */
        {"\"", "\""},
    };
    const char *word = app_label(s, LBL_STAGE_YOURS);
    for (size_t i = 0; i < sizeof QUOTES / sizeof QUOTES[0]; i++) {
        char quoted[64];
        snprintf(quoted, sizeof quoted, "%s%s%s", QUOTES[i][0], word, QUOTES[i][1]);
        if (strstr(narration, quoted))
            return 1;
    }
    return 0;
}

/* What the command names must stand whole on the screen. */
static void named(Drawn *d, AppState *s, const LessonLine *cl, const char *narration)
{
    ScriptCmd c;
    char msg[SCRIPT_MSG_MAX];
    if (script_is_blank(cl->text) || script_parse(s, cl->text, &c, msg, sizeof msg) != SCRIPT_OK)
        return; /* the command's own problem is told by the run */
    const char *v = c.verb->name;
    char cmd[80];
    snprintf(cmd, sizeof cmd, "%.79s", cl->text);
    if (strcmp(v, "lookup") == 0 && s->pred.query.cp)
        need(d, cl->line, ITEM_QUERY, -1, "the look-up line", cmd);
    else if (strcmp(v, "step") == 0 && s->view.coin.valid)
        need(d, cl->line, ITEM_COIN, -1, "the coin's line", cmd);
    else if (strcmp(v, "compare") == 0 && s->view.cmp.done) {
        need(d, cl->line, ITEM_MEMORY, -1, "the cache's size", cmd);
        if (need(d, cl->line, ITEM_VERDICT, -1, "the compare run's verdict", cmd)) {
            for (int i = 0; i < d->n; i++)
                if (d->log[i].item == ITEM_PLOT && d->log[i].index < PLOT_MIN_ROWS)
                    tell(d, cl->line, "%s: the plot has %d rows, too few to show a ramp (%d)", cmd,
                         d->log[i].index, PLOT_MIN_ROWS);
        }
    } else if (strcmp(v, "show") == 0) {
        const char *w = c.verb->words[c.choice];
        if (strcmp(w, "histogram") == 0)
            need(d, cl->line, ITEM_HIST, -1, "the histogram's column", cmd);
        else if (strcmp(w, "attention") == 0 && !d->layout.at[PANE_ATTENTION].shown)
            tell(d, cl->line, "%s: the attention view is not on the screen", cmd);
        else if (strcmp(w, "mask") == 0 && !d->layout.at[PANE_MASK].shown)
            tell(d, cl->line, "%s: the mask view is not on the screen", cmd);
        else if (strcmp(w, "memory") == 0 && !d->layout.at[PANE_KVCACHE].shown)
            tell(d, cl->line, "%s: the KV cache's cost is not on the screen", cmd);
        else if (strcmp(w, "memory") == 0 &&
                 need(d, cl->line, ITEM_KV_COLUMN, 0, "the memory table's column per token", cmd))
            need(d, cl->line, ITEM_KV_COLUMN, 1, "the memory table's column for the text now", cmd);
        else if (strcmp(w, "weights") == 0 && !d->layout.at[PANE_WEIGHTS].shown)
            tell(d, cl->line, "%s: the weights panel is not on the screen", cmd);
        else if (strcmp(w, "written") == 0 && s->view.cmp.n > 0)
            need(d, cl->line, ITEM_WRITTEN, -1, "what both compare runs wrote", cmd);
    } else if (strcmp(v, "point") == 0) {
        const char *w = c.verb->words[c.choice];
        if (strcmp(w, "sliders") == 0 && !d->layout.at[PANE_SLIDERS].shown)
            tell(d, cl->line, "%s: the sliders are not on the screen", cmd);
        else if (strcmp(w, "timing") == 0 && !d->layout.at[PANE_TIMING].shown)
            tell(d, cl->line, "%s: the timing panel is not on the screen", cmd);
        else if (strcmp(w, "corpus") == 0)
            need(d, cl->line, ITEM_CORPUS, 0, "the training text's column", cmd);
    } else if (strcmp(v, "stage") == 0 && s->view.lesson_stage.on &&
               app_stage_running(s, s->view.lesson_stage.kind)) {
        need(d, cl->line, ITEM_STAGE, -1, "the line that counts where the program differs", cmd);
        if (names_stage_column(s, narration))
            need(d, cl->line, ITEM_STAGE_COL, -1, "the program's column (the narration names it)",
                 cmd);
    } else if (strcmp(v, "expect") == 0) {
        /* a claim about the screen as the step leaves it: one that fails (the
         * run says so) or that held only before a later command of the step
         * (the README's `expect top1` before `write`) has no figure here */
        ScriptOut o = {.sync_jobs = 1};
        if (script_exec(s, &c, &o) == SCRIPT_OK)
            expect_figure(d, s, &c, cl->line, cmd);
    }
}

/* Is the text drawn at (y, x) inside r? */
static int inside(Rect r, int y, int x)
{
    return y >= r.y && y < r.y + r.h && x >= r.x && x < r.x + r.w;
}

/* Every figure the step's narration quotes must stand on the screen as
 * quoted (figures.h): the screen's text, the narration's own aside. */
static void quoted_figures(Drawn *d, const AppState *s, const LessonStep *st, int k)
{
    static char text[SCREEN_TEXT_MAX];
    static Figure fig[FIGURES_MAX];
    size_t len = 0;
    for (int i = 0; i < d->n; i++) {
        const DrawnText *t = &d->log[i];
        if (d->layout.at[PANE_NARRATION].shown &&
            inside(d->layout.at[PANE_NARRATION].r, t->y, t->x))
            continue;
        size_t n = strlen(t->text);
        if (len + n + 2 > sizeof text)
            break;
        memcpy(text + len, t->text, n);
        len += n;
        text[len++] = '\n'; /* no number runs on from one text into the next */
    }
    text[len] = 0;
    int n = figures_find(st->narration, s->view.lang, fig, FIGURES_MAX);
    for (int i = 0; i < n; i++) {
        char shown[64], msg[300];
        if (figures_shown(&fig[i], text, s->view.lang, shown, sizeof shown))
            continue;
        if (shown[0])
            snprintf(msg, sizeof msg, ts_text("step %d: the narration quotes %s but the screen shows %s"),
                     k, fig[i].quoted, shown);
        else {
            char mark[96];
            TsQuoted q;
            snprintf(mark, sizeof mark, ts_text("(SOURCE: %s)"), fig[i].quoted);
            snprintf(msg, sizeof msg, ts_text("step %d: the narration quotes %s, which the screen does not "
                     "show (mark a figure from elsewhere: %s)"), k, fig[i].quoted, ts_quote(&q, mark));
        }
        errtext_typeset(msg, sizeof msg);
        d->problems++;
        if (d->problem)
            d->problem(d->ctx, st->line, msg);
    }
}

/* Every number the program drew (the narration aside: the lesson's own
 * words) as the language writes numbers (figures_misnumbered): no "-0,0 %",
 * no "7311" beside "7.311". Told once per text, at the step's heading. */
static void misnumbered(Drawn *d, const AppState *s, int line)
{
    for (int i = 0; i < d->n; i++) {
        const DrawnText *t = &d->log[i];
        char bad[32];
        if ((d->layout.at[PANE_NARRATION].shown &&
             inside(d->layout.at[PANE_NARRATION].r, t->y, t->x)) ||
            t->item == ITEM_SEED || !figures_misnumbered(t->text, s->view.lang, bad, sizeof bad))
            continue;
        int again = 0;
        for (int j = 0; j < i && !again; j++)
            again = strcmp(d->log[j].text, t->text) == 0;
        TsQuoted q;
        if (!again)
            tell(d, line, "%s is not a number as %s writes it: %s", bad,
                 app_lang_code(s->view.lang), ts_quote(&q, t->text));
    }
}

int screencheck_step(AppState *s, const Lesson *l, int k, LessonProblem problem, void *ctx)
{
    static Drawn d; /* large: a log of every text drawn */
    const LessonStep *st = &l->steps[k];
    int hidden = s->view.quiz_hidden, projector = s->prefs.projector, problems = 0;
    const Lesson *was = s->course.lesson;
    int was_step = s->course.step;
    s->course.lesson = l; /* the lesson's screen: its narration beside the panels */
    s->course.step = k;
    s->course.narration_top = 0;
    char status[APP_STATUS_MAX];
    memcpy(status, s->view.status, sizeof status);
    for (int i = 0; i < CHECK_SCREEN_COUNT; i++) {
        d.screen = &CHECK_SCREENS[i];
        d.problem = problem;
        d.ctx = ctx;
        d.problems = 0;
        if (hidden) { /* before the class has guessed: the question, whole */
            s->view.quiz_hidden = 1;
            draw_on(s, d.screen, &d);
            for (int j = 0; j < st->n_cmds; j++) {
                if (strncmp(st->cmds[j].text, "quiz", 4) == 0)
                    need(&d, st->cmds[j].line, ITEM_QUIZ, -1, "the question", "quiz");
                if (strncmp(st->cmds[j].text, "answer", 6) == 0 && s->view.quiz_answer[0])
                    for (int t = 0; t < d.n; t++)
                        if (strstr(d.log[t].text, s->view.quiz_answer)) {
                            tell(&d, st->cmds[j].line, "answer: on the screen before the reveal");
                            break;
                        }
            }
            cut_lines(&d, st->line);
            s->view.quiz_hidden = 0; /* then what the reveal shows */
        }
        draw_on(s, d.screen, &d);
        if (hidden && s->view.quiz_answer[0])
            for (int j = 0; j < st->n_cmds; j++)
                if (strncmp(st->cmds[j].text, "answer", 6) == 0)
                    need(&d, st->cmds[j].line, ITEM_ANSWER, -1, "the answer", "answer");
        if (!hidden)
            cut_lines(&d, st->line);
        misnumbered(&d, s, st->line);
        /* a narration more than twice as tall as its pane at 80x24: the
         * class would scroll more than it reads */
        if (d.screen->cols == 80 && !d.screen->projector && s->course.narration_rows > 0 &&
            s->course.narration_lines > 2 * s->course.narration_rows)
            tell(&d, st->line, app_label(s, LBL_SC_NARRATION_TALL), s->course.narration_lines,
                 s->course.narration_rows);
        if (d.screen == &CHECK_SCREENS[CHECK_SCREEN_DEFAULT])
            quoted_figures(&d, s, st, k);
        for (int j = 0; j < st->n_cmds; j++)
            if (!lesson_skips(s, l, st->cmds[j].text)) /* not run: nothing to show */
                named(&d, s, &st->cmds[j], st->narration);
        problems += d.problems;
    }
    s->view.quiz_hidden = hidden;
    s->prefs.projector = projector;
    s->course.lesson = was;
    s->course.step = was_step;
    memcpy(s->view.status, status, sizeof status);
    return problems;
}
