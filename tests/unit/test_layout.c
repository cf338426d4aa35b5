/* test_layout.c - where the explorer's panels stand (screen_layout), without
 * a terminal, for the states a class meets at the sizes classes use.
 *
 * Each case is a state reached the way a user or a lesson reaches it (lines
 * of the command language on the bundled model: a prompt, a `lookup`, a
 * `step`, a `compare`, a `compare-model`; a view opened through the rules
 * the keys and `show` go through; a lesson's narration and the panel it
 * points at; projector mode; pinyin shown), laid out at 80x24, 100x30,
 * 110x34, 160x45 and 220x50. Two kinds of check:
 *
 * - what a user needs of any layout: the title on the first row and the
 *   status on the last, both the whole width; every shown panel inside the
 *   screen and at least its least size (the bars their heading and 8 rows,
 *   the text its row and the note's); no two shown panels on the same cell
 *   (the help covers the screen, and the coin stands on the note's or the
 *   status line's row, by design); a lesson's narration at least 36 columns.
 * - the same rectangles as tests/data/layout-rects.txt, written by
 *   `test_layout --dump` from the layout code before it became a table of
 *   panels (see that file's header): the rewrite moved no panel.
 *
 * `test_layout --dump` prints the rectangles of every case and size in that
 * file's form.
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "apptest.h"
#include "check.h"
#include "testutil.h"
#include "app/lesson.h"
#include "app/script.h"
#include "engine/common.h"
#include "engine/pinyin.h"
#include "tui/tui.h"
#include "tui/views.h"

static Model model;
static Pinyin table;
static Lesson lesson;

#define FIXTURE "tests/data/layout-rects.txt"

static const char *const PANE_NAMES[PANE_COUNT] = {
    [PANE_TITLE] = "title",         [PANE_PROMPT] = "prompt",   [PANE_ATTENTION] = "attention",
    [PANE_PROBS] = "probs",         [PANE_SLIDERS] = "sliders", [PANE_TIMING] = "timing",
    [PANE_STATUS] = "status",       [PANE_HELP] = "help",       [PANE_NARRATION] = "narration",
    [PANE_KVCACHE] = "kvcache",     [PANE_WEIGHTS] = "weights", [PANE_ENTROPY] = "entropy",
    [PANE_COMPARE] = "compare",     [PANE_MASK] = "mask",       [PANE_READING] = "reading",
    [PANE_MESSAGES] = "messages",   [PANE_COIN] = "coin",
};

static const char *pane_name(int p) { return PANE_NAMES[p] ? PANE_NAMES[p] : "?"; }

static const struct {
    int lines, cols;
} SIZES[] = {{24, 80}, {30, 100}, {34, 110}, {45, 160}, {50, 220}};

/* Du Fu's 春望, eight lines: four rows of verse, a couplet to a row */
#define POEM "国破山河在，城春草木深。感时花溅泪，恨别鸟惊心。" \
             "烽火连三月，家书抵万金。白头搔更短，浑欲不胜簪。"

/* A state: lines of the command language (separated by '\n'); then a
 * lesson's narration beside the panels, projector mode, pinyin shown; a view
 * opened (by app_view_open, where the keys and `show` end: the rules of what
 * it closes) and the panel a lesson points at. The script's state is made
 * once for all the cases that share it. */
typedef struct {
    const char *name;
    const char *script;
    int lesson, projector, pinyin;
    AppView view;
    AppPanel point;
} Case;

#define SHORT "prompt 床前明月光"
#define COMPARE SHORT "\ncompare"

static const Case CASES[] = {
    {.name = "explorer", .script = ""},
    {.name = "short", .script = SHORT},
    {.name = "poem", .script = "prompt " POEM},
    {.name = "long", .script = "prompt " POEM POEM POEM},
    {.name = "lookup", .script = SHORT "\nlookup 月"},
    {.name = "coin", .script = SHORT "\nseed 3\nstep"},
    {.name = "coin-poem", .script = "prompt " POEM "\nseed 3\nstep"},
    {.name = "pinyin-short", .script = SHORT, .pinyin = 1},
    {.name = "pinyin-poem", .script = "prompt " POEM, .pinyin = 1},
    {.name = "attention", .script = SHORT, .view = VIEW_ATTENTION},
    {.name = "attention-poem", .script = "prompt " POEM, .view = VIEW_ATTENTION},
    {.name = "mask", .script = SHORT, .view = VIEW_MASK},
    {.name = "reading", .script = "prompt " POEM, .view = VIEW_READING},
    {.name = "memory", .script = SHORT, .view = VIEW_MEMORY},
    {.name = "weights", .script = SHORT, .view = VIEW_WEIGHTS},
    {.name = "entropy", .script = SHORT, .view = VIEW_ENTROPY},
    {.name = "messages", .script = SHORT, .view = VIEW_MESSAGES},
    {.name = "histogram", .script = SHORT, .view = VIEW_HISTOGRAM},
    {.name = "help", .script = SHORT, .view = VIEW_HELP},
    {.name = "compare", .script = COMPARE},
    {.name = "compare-poem", .script = "prompt " POEM "\ncompare"},
    {.name = "written", .script = COMPARE, .view = VIEW_WRITTEN},
    {.name = "model-b", .script = SHORT "\ncompare-model bf16"},
    {.name = "model-b-poem", .script = "prompt " POEM "\ncompare-model int8"},
    {.name = "lesson", .script = "prompt 春风", .lesson = 1},
    {.name = "lesson-poem", .script = "prompt " POEM, .lesson = 1},
    {.name = "lesson-timing", .script = SHORT, .lesson = 1, .point = PANEL_TIMING},
    {.name = "lesson-compare", .script = COMPARE, .lesson = 1},
    {.name = "lesson-compare-sliders", .script = COMPARE, .lesson = 1, .point = PANEL_SLIDERS},
    {.name = "lesson-coin-poem", .script = "prompt " POEM "\nseed 3\nstep", .lesson = 1},
    {.name = "lesson-mask", .script = SHORT, .lesson = 1, .view = VIEW_MASK},
    {.name = "lesson-attention", .script = SHORT, .lesson = 1, .view = VIEW_ATTENTION},
    {.name = "lesson-memory", .script = SHORT, .lesson = 1, .view = VIEW_MEMORY},
    {.name = "lesson-model-b", .script = SHORT "\ncompare-model bf16", .lesson = 1},
    {.name = "lesson-pinyin-poem", .script = "prompt " POEM, .lesson = 1, .pinyin = 1},
    {.name = "projector", .script = SHORT, .projector = 1},
    {.name = "projector-poem", .script = "prompt " POEM, .projector = 1},
    {.name = "projector-long", .script = "prompt " POEM POEM POEM, .projector = 1},
    {.name = "projector-lookup", .script = SHORT "\nlookup 月", .projector = 1},
    {.name = "projector-coin", .script = SHORT "\nseed 3\nstep", .projector = 1},
    {.name = "projector-pinyin-poem", .script = "prompt " POEM, .projector = 1, .pinyin = 1},
    {.name = "projector-compare", .script = COMPARE, .projector = 1},
    {.name = "projector-mask", .script = SHORT, .projector = 1, .view = VIEW_MASK},
    {.name = "projector-reading", .script = "prompt " POEM, .projector = 1, .view = VIEW_READING},
    {.name = "projector-memory", .script = SHORT, .projector = 1, .view = VIEW_MEMORY},
    {.name = "projector-weights", .script = SHORT, .projector = 1, .view = VIEW_WEIGHTS},
    {.name = "projector-entropy", .script = SHORT, .projector = 1, .view = VIEW_ENTROPY},
    {.name = "projector-messages", .script = SHORT, .projector = 1, .view = VIEW_MESSAGES},
    {.name = "projector-lesson", .script = SHORT, .lesson = 1, .projector = 1},
    {.name = "projector-lesson-mask", .script = SHORT, .lesson = 1, .projector = 1, .view = VIEW_MASK},
    {.name = "projector-lesson-compare", .script = COMPARE, .lesson = 1, .projector = 1},
};
enum { N_CASES = sizeof CASES / sizeof CASES[0], N_SIZES = sizeof SIZES / sizeof SIZES[0] };

/* s in the state case c's script leads to (free it with app_free). */
static void enter(AppState *s, const Case *c)
{
    apptest_start(s, &model);
    s->text.pinyin = &table;
    s->compare_repeats = 1; /* as under lesson --check: the layout needs no timing */
    char line[1024];
    for (const char *p = c->script; *p;) {
        size_t n = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        ScriptOut out = {.sync_jobs = 1};
        CHECK(script_run(s, line, &out) == SCRIPT_OK, "%s: %s: %s", c->name, line, out.msg);
        p += n + (p[n] == '\n');
    }
}

/* s, in the state its script left (views, point), as case c shows it. */
static void screen_of(AppState *s, const AppViews *views, AppPanel point, const Case *c)
{
    s->course.lesson = c->lesson ? &lesson : NULL;
    s->prefs.projector = c->projector;
    s->prefs.show_pinyin = c->pinyin;
    s->view.views = *views;
    if (c->view != VIEW_NONE)
        app_view_open(&s->view.views, c->view);
    s->view.point = c->point != PANEL_NONE ? c->point : point;
}

/* One line per shown panel, "CASE COLSxLINES PANE y x h w", then the
 * layout's flags: the fixture's lines for one case and size. */
static size_t describe(const Layout *l, const char *name, int lines, int cols, char *out,
                       size_t size)
{
    size_t n = 0;
    for (int p = 0; p < PANE_COUNT && n < size; p++) {
        const Rect r = l->at[p].r;
        if (l->at[p].shown)
            n += (size_t)snprintf(out + n, size - n, "%s %dx%d %s %d %d %d %d\n", name, cols,
                                  lines, pane_name(p), r.y, r.x, r.h, r.w);
    }
    if (n < size)
        n += (size_t)snprintf(out + n, size - n, "%s %dx%d flags panels=%d compare_on_bars=%d "
                              "coin_on_status=%d\n", name, cols, lines, l->show_panels,
                              l->compare_on_bars, l->coin_on_status);
    return n;
}

static int overlap(Rect a, Rect b)
{
    return a.y < b.y + b.h && b.y < a.y + a.h && a.x < b.x + b.w && b.x < a.x + a.w;
}

/* The least size a user needs of each panel while shown: rows, columns
 * (0: no least beyond one). */
static void least_size(Pane p, int *rows, int *cols)
{
    *rows = 1;
    *cols = 1;
    switch (p) {
    case PANE_PROMPT: *rows = 2; break; /* a row of text and the note under it */
    case PANE_PROBS:
    case PANE_COMPARE: *rows = 1 + APP_TOP; break; /* a heading and the top 8 */
    case PANE_NARRATION: *cols = 36; break;          /* room for a sentence */
    case PANE_SLIDERS: *rows = 3; break;             /* a heading and two sliders */
    default: break;
    }
}

/* What any layout must give a user, for case name at lines x cols. */
static void check_sound(const Layout *l, int in_lesson, const char *name, int lines, int cols)
{
    CHECK(!l->too_small, "%s %dx%d: too small", name, cols, lines);
    const PanePlace *at = l->at;
    CHECK(at[PANE_TITLE].shown && at[PANE_TITLE].r.y == 0 && at[PANE_TITLE].r.x == 0 &&
              at[PANE_TITLE].r.h == 1 && at[PANE_TITLE].r.w == cols,
          "%s %dx%d: the title is not the first row", name, cols, lines);
    CHECK(at[PANE_STATUS].shown && at[PANE_STATUS].r.y == lines - 1 && at[PANE_STATUS].r.x == 0 &&
              at[PANE_STATUS].r.h == 1 && at[PANE_STATUS].r.w == cols,
          "%s %dx%d: the status is not the last row", name, cols, lines);
    CHECK(at[PANE_PROMPT].shown && at[PANE_PROMPT].r.y == 1 && at[PANE_PROMPT].r.w == cols,
          "%s %dx%d: the text is not under the title, the whole width", name, cols, lines);
    for (int p = 0; p < PANE_COUNT; p++) {
        if (!at[p].shown)
            continue;
        Rect r = at[p].r;
        int rows, least_cols;
        least_size((Pane)p, &rows, &least_cols);
        CHECK(r.y >= 0 && r.x >= 0 && r.y + r.h <= lines && r.x + r.w <= cols,
              "%s %dx%d: %s (%d %d %d %d) off the screen", name, cols, lines, pane_name(p), r.y,
              r.x, r.h, r.w);
        CHECK(r.h >= rows && r.w >= least_cols, "%s %dx%d: %s is %dx%d, less than %dx%d", name,
              cols, lines, pane_name(p), r.w, r.h, least_cols, rows);
        /* the help covers the screen; the coin stands on the note's or the
         * status line's row, drawn over it */
        if (p == PANE_HELP || p == PANE_COIN)
            continue;
        for (int q = p + 1; q < PANE_COUNT; q++)
            if (q != PANE_HELP && q != PANE_COIN && at[q].shown)
                CHECK(!overlap(r, at[q].r), "%s %dx%d: %s and %s overlap", name, cols, lines,
                      pane_name(p), pane_name(q));
    }
    if (at[PANE_COIN].shown) {
        Rect c = at[PANE_COIN].r, note = at[PANE_PROMPT].r, st = at[PANE_STATUS].r;
        CHECK(c.h == 1 && (c.y == note.y + note.h - 1 || c.y == st.y),
              "%s %dx%d: the coin is on row %d, neither the note's nor the status line's", name,
              cols, lines, c.y);
    }
    /* the bars (or the compare model's lists in their place), whole, at the
     * least size, unless a view took the panels' place */
    Pane bars = l->compare_on_bars ? PANE_COMPARE : PANE_PROBS;
    if (lines == 24 && cols == 80 && l->show_panels)
        CHECK(at[bars].shown && at[bars].r.h >= 1 + APP_TOP, "%s 80x24: the bars lack rows", name);
    CHECK(!in_lesson || at[PANE_NARRATION].shown || at[PANE_ATTENTION].shown,
          "%s %dx%d: a lesson without its narration", name, cols, lines);
}

/* Every case's layout at every size, made once (main). */
static Layout laid[N_CASES][N_SIZES];

static void lay_out_all(void)
{
    /* each script is run once, its state then shown as each case with it */
    for (int c = 0; c < N_CASES; c++) {
        int seen = 0;
        for (int b = 0; b < c && !seen; b++)
            seen = strcmp(CASES[b].script, CASES[c].script) == 0;
        if (seen)
            continue;
        AppState s;
        enter(&s, &CASES[c]);
        AppViews views = s.view.views;
        AppPanel point = s.view.point;
        for (int d = c; d < N_CASES; d++) {
            if (strcmp(CASES[d].script, CASES[c].script) != 0)
                continue;
            screen_of(&s, &views, point, &CASES[d]);
            for (int z = 0; z < N_SIZES; z++)
                screen_layout(&laid[d][z], &s, SIZES[z].lines, SIZES[z].cols);
        }
        s.course.lesson = NULL;
        app_free(&s);
    }
}

/* The layouts in the fixture's form. */
static size_t describe_all(char *out, size_t size)
{
    size_t n = 0;
    for (int c = 0; c < N_CASES; c++)
        for (int z = 0; z < N_SIZES && n < size; z++)
            n += describe(&laid[c][z], CASES[c].name, SIZES[z].lines, SIZES[z].cols, out + n,
                          size - n);
    return n;
}

enum { DUMP_MAX = 1 << 18 };
static char got[DUMP_MAX], want[DUMP_MAX];

static void test_layouts_sound(void)
{
    for (int p = 0; p < PANE_COUNT; p++) /* a new panel: name it in PANE_NAMES */
        CHECK(PANE_NAMES[p] != NULL, "panel %d has no name here", p);
    for (int c = 0; c < N_CASES; c++)
        for (int z = 0; z < N_SIZES; z++)
            check_sound(&laid[c][z], CASES[c].lesson, CASES[c].name, SIZES[z].lines,
                        SIZES[z].cols);
}

/* The rectangles the old layout code gave, line by line (the fixture's
 * comment lines aside). */
static void test_same_as_before(void)
{
    size_t n = describe_all(got, sizeof got);
    CHECK(n < sizeof got - 1, "the layouts' description is cut at %zu bytes", n);
    FILE *f = fopen(FIXTURE, "r");
    CHECK(f != NULL, "cannot open %s", FIXTURE);
    if (!f)
        return;
    size_t m = 0;
    char line[256];
    while (fgets(line, sizeof line, f) && m + strlen(line) < sizeof want)
        if (line[0] != '#')
            m += (size_t)snprintf(want + m, sizeof want - m, "%s", line);
    fclose(f);
    const char *g = got, *w = want;
    int told = 0;
    while (*g || *w) {
        size_t gn = strcspn(g, "\n"), wn = strcspn(w, "\n");
        if (gn != wn || strncmp(g, w, gn) != 0) {
            if (told++ < 10) /* the first differences, then their count */
                fprintf(stderr, "  got  %.*s\n  want %.*s\n", (int)gn, g, (int)wn, w);
        }
        g += gn + (g[gn] == '\n');
        w += wn + (w[wn] == '\n');
    }
    CHECK(told == 0, "%d lines differ from %s", told, FIXTURE);
}

int main(int argc, char **argv)
{
    /* the model's passes over short texts: one thread, none waiting on the others
     * on a machine the other tests load too */
    ts_set_threads(1);
    testutil_bundled_model(&model);
    testutil_pinyin(&table);
    TsErr err;
    /* the screen's glyphs (the marks in the text take columns) as a UTF-8
     * terminal has them, without one */
    setenv("TERM", "xterm-256color", 1);
    unsetenv("TANGSCOPE_ASCII");
    if (tui_locale_utf8(&err) != 0 || tui_headless_open(24, 80, &err) != 0) {
        fprintf(stderr, "no screen without a terminal: %s\n", err.msg);
        return 2;
    }
    if (lesson_load(&lesson, "tests/data/lesson-good.md", NULL, NULL, &err) != 0) {
        fprintf(stderr, "cannot load tests/data/lesson-good.md: %s\n", err.msg);
        return 2;
    }
    lay_out_all();
    if (argc > 1 && strcmp(argv[1], "--dump") == 0) {
        size_t n = describe_all(got, sizeof got);
        fwrite(got, 1, n, stdout);
    } else {
        RUN(test_layouts_sound);
        RUN(test_same_as_before);
    }
    tui_headless_close();
    lesson_free(&lesson);
    pinyin_free(&table);
    model_free(&model);
    return test_summary();
}
