/* layout.c - where each panel stands (screen_layout): a table of the panels,
 * the order in which their regions get rows, and a few named rules.
 *
 *   title                                                  1 row
 *   text (the prompt), as verse, and a note under it       2 rows or more
 *     (with pinyin shown, y: the readings under each line)
 *   [attention: a heading and one row per layer and head]  (v, when it fits)
 *   [or the mask view (w), the text read (Y): all rows down to the status]
 *   probabilities: heading, 8 bars, 3 lines                12 rows
 *     [and the coin of the last draw]                      (1 row, when it fits)
 *   sliders | timing                                       the rest, at least 8
 *   status                                                 1 row
 *
 * Each panel is a row of PANELS: the region it stands in, its least size,
 * and the view that puts it there in place of the panels the region holds
 * otherwise (of a region's open views, the one of lowest rank). The rows
 * between the title and the status line are dealt out by serve(): each region
 * of the column first gets the least rows of the panel it holds, then the
 * claims of a mode's list (EXPLORER_CLAIMS, PROJECTOR_CLAIMS: which region
 * wants how many rows more, a function of the state) are served in order,
 * each with what it wants or what is left, so that the last claim gives way
 * first when rows are short; the region below the bars takes what no claim
 * took. What does not fit a row or a claim is a named rule below, with its
 * reason: lesson_wants_timing, narration_cols, plot_wants_rows,
 * attention_alone, projector_body, place_below, place_compare, place_coin.
 *
 * 80 x 24 holds everything but the attention view, which then takes the place
 * of the panels below the text. A text longer than one row takes the rows
 * beyond 24 first, then the three lines under the bars (up to four rows of
 * text at 80 x 24); past that it scrolls (view_prompt.c). With pinyin shown
 * (y) a line of verse takes two rows, its readings under it, and the sliders
 * and timing lend four more (eight rows of text at 80 x 24: a jueju and its
 * readings). The coin of the last draw has its own row under the bars when
 * one is left; else it stands on the note's row or the status line's
 * (place_coin). While a comparison (b) is shown on a short screen, the lines
 * under the bars give their rows to its plot instead (five rows at 80 x 24;
 * plot_wants_rows). A compare model (--compare-model) puts its panel below the
 * bars when the rows there hold it (110 x 34), in the sliders' and the
 * timing's place, and over the bars otherwise (80 x 24): its lists hold the
 * bars' top 8. Smaller terminals get a message instead.
 *
 * Projector mode (z) keeps the text, the bars across the whole width (two rows
 * to a candidate when the rows allow) and the sliders (the timing while a
 * comparison is on; a table in their place while one is open); the mask, the
 * text read or the KV cache's cost, when open, stand under the text instead,
 * as a lesson step shows them.
 *
 * A lesson puts its narration in a column at the right of the bars and what
 * is under them (36 columns at 80, room for a sentence; two fifths of a wide
 * screen). The panels left of it then show the sliders or the timing,
 * whichever the lesson is about, unless there is room for both.
 */
#include "tui/views.h"

/* Where a panel stands. */
typedef enum {
    REGION_TITLE,  /* the first row, the whole width */
    REGION_TEXT,   /* under the title, the whole width: the text and its note */
    REGION_ABOVE,  /* under the text, the whole width, above the panels */
    REGION_BODY,   /* all between the text and the status line: in the panels' place */
    REGION_BARS,   /* under the text (and the attention view) */
    REGION_BELOW,  /* under the bars, down to the status line */
    REGION_BESIDE, /* right of the bars and what is below them, down to the status line */
    REGION_STATUS, /* the last row, the whole width */
    REGION_OVER,   /* everything under the title, the status line's row too */
    REGION_ON_ROW, /* a row of another panel, drawn over it */
    REGION_COUNT
} Region;

/* A panel's row: where it stands, its least size, and the view that shows it
 * in place of what its region holds otherwise, with its rank among the
 * views of that region (the open one of lowest rank wins). */
typedef struct {
    Region region;
    int min_rows, min_cols;
    AppView view; /* VIEW_NONE: shown by the region's own rule */
    int rank;
} PanelRow;

enum {
    PROBS_UNDER = 3,        /* the lines under the bars: the summary, the training text's
                             * context, the stages or the look-up */
    PINYIN_FROM_LOWER = 4,  /* with pinyin shown, the rows the panels below the bars lend
                             * to the readings under a long text: at 80x24 they keep a
                             * heading and three sliders, in projector mode a heading and
                             * two, and the text shows a jueju as four lines over their
                             * readings */
    TIMING_ROOM_ROWS = 12,  /* the timing panel with a plot of 5 rows, the sampler's line
                             * and the cache's size (11 without the sampler's) */
    NARROW_PANELS = 50,     /* the panels left of a lesson's narration on a wide screen */
    BOTH_LOWER_COLS = 80,   /* the sliders and the timing side by side from here */
    WIDE_LOWER_COLS = 100,  /* ... and the sliders wider from here */
    WIDE_SLIDERS_COLS = 44,
};

/* The panels, one row each (LEAST: a panel's least rows). */
static const PanelRow PANELS[] = {
    [PANE_TITLE] = {REGION_TITLE, 1, SCREEN_MIN_COLS, VIEW_NONE, 0},
    [PANE_PROMPT] = {REGION_TEXT, 2, SCREEN_MIN_COLS, VIEW_NONE, 0}, /* a row and the note */
    [PANE_ATTENTION] = {REGION_ABOVE, 1, SCREEN_MIN_COLS, VIEW_ATTENTION, 0}, /* attention_alone */
    [PANE_PROBS] = {REGION_BARS, 1 + APP_TOP, 1, VIEW_NONE, 0}, /* a heading and the top 8 */
    /* a heading and seven sliders; beside the timing from 80 columns on */
    [PANE_SLIDERS] = {REGION_BELOW, 8, 38, VIEW_NONE, 0},
    [PANE_TIMING] = {REGION_BELOW, 8, 1, VIEW_NONE, 0},
    [PANE_STATUS] = {REGION_STATUS, 1, SCREEN_MIN_COLS, VIEW_NONE, 0},
    [PANE_HELP] = {REGION_OVER, 1, SCREEN_MIN_COLS, VIEW_HELP, 0}, /* drawn while open (screen.c) */
    [PANE_NARRATION] = {REGION_BESIDE, 1, 36, VIEW_NONE, 0}, /* room for a sentence */
    /* the tables in the sliders' and the timing's place, with its rows: what
     * went wrong, whole; the cost of the KV cache (in projector mode in the
     * panels' place, layout_projector); the weights' precision; the entropy
     * of each draw */
    [PANE_MESSAGES] = {REGION_BELOW, 1, 1, VIEW_MESSAGES, 1},
    [PANE_KVCACHE] = {REGION_BELOW, 1, 1, VIEW_MEMORY, 2},
    [PANE_WEIGHTS] = {REGION_BELOW, 1, 1, VIEW_WEIGHTS, 3},
    [PANE_ENTROPY] = {REGION_BELOW, 1, 1, VIEW_ENTROPY, 4},
    /* a heading, the files' names, the lists' headings and the top 8; with
     * fewer rows below the bars in their place (place_compare) */
    [PANE_COMPARE] = {REGION_BELOW, 3 + APP_TOP, 1, VIEW_NONE, 0},
    /* the mask, the text read: all rows between the text and the status
     * line (8 at least in projector mode) */
    [PANE_MASK] = {REGION_BODY, 8, 1, VIEW_MASK, 1},
    [PANE_READING] = {REGION_BODY, 8, 1, VIEW_READING, 2},
    [PANE_COIN] = {REGION_ON_ROW, 1, 1, VIEW_NONE, 0}, /* place_coin */
};
_Static_assert(sizeof PANELS / sizeof PANELS[0] == PANE_COUNT, "a row for every panel");
#define LEAST(p) (PANELS[p].min_rows)

/* ---- the rules that are not rows ---- */

/* In a lesson with no room for both, the timing panel takes the sliders'
 * place while it has something to show, unless the lesson points at them. */
static int lesson_wants_timing(const AppState *s)
{
    if (s->view.point == PANEL_TIMING)
        return 1;
    return s->view.point != PANEL_SLIDERS && (s->view.cmp.running || s->view.cmp.done);
}

/* A lesson's narration beside the panels: 36 columns at 80 (the panels keep
 * 43: the bars narrow, the training text's column keeps its heading), two
 * fifths when wide. */
static int narration_cols(int cols)
{
    int w = cols - NARROW_PANELS;
    w = w > cols * 2 / 5 ? cols * 2 / 5 : w;
    return w < PANELS[PANE_NARRATION].min_cols ? PANELS[PANE_NARRATION].min_cols : w;
}

/* The columns left of the narration. */
static int panels_cols(const AppState *s, int cols)
{
    return s->course.lesson ? cols - narration_cols(cols) - 1 : cols;
}

/* A compare run's timing below the bars wants the rows for its plot: in a
 * lesson where it stands alone there, in the explorer whenever one is shown. */
static int plot_wants_rows(const AppState *s, int cols)
{
    return lesson_wants_timing(s) && (!s->course.lesson || panels_cols(s, cols) < BOTH_LOWER_COLS);
}

/* The open view of lowest rank in a region (PANE_COUNT: none). */
static Pane region_view(const AppState *s, Region region)
{
    Pane best = PANE_COUNT;
    for (int p = 0; p < PANE_COUNT; p++)
        if (PANELS[p].region == region && PANELS[p].rank > 0 &&
            app_view_is_open(&s->view.views, PANELS[p].view) &&
            (best == PANE_COUNT || PANELS[p].rank < PANELS[best].rank))
            best = (Pane)p;
    return best;
}

/* The attention view takes the panels' place (and the narration's) when the
 * panels would not keep their least rows, the lines under the bars too,
 * under the `want` rows it wants, out of the `body` rows under the text. */
static int attention_alone(int body, int want)
{
    return body - want < LEAST(PANE_PROBS) + PROBS_UNDER + LEAST(PANE_SLIDERS);
}

/* In projector mode the KV cache's cost stands under the text, in the
 * panels' place, as a lesson step shows it, when no view of that place is
 * open: the bars beside it would leave the table no rows. */
static Pane projector_body(const AppState *s)
{
    Pane body = region_view(s, REGION_BODY);
    if (body == PANE_COUNT && app_view_is_open(&s->view.views, VIEW_MEMORY))
        body = PANE_KVCACHE;
    return body;
}

/* ---- dealing out the rows ---- */

/* What the claims read, and the rows dealt out so far to the column of
 * regions between the title and the status line. */
typedef struct {
    const AppState *s;
    int cols;
    int spare;              /* rows beyond the least screen's 24 */
    int plot;               /* a compare run's plot wants rows below the bars (plot_wants_rows) */
    int timing;             /* projector mode: the timing below the bars */
    int least, under;       /* projector mode: the lines under the bars at least, and with
                             * room for all */
    int rows[REGION_COUNT]; /* the rows of each region of the column */
    int left;               /* rows not yet dealt out */
} Fit;

/* A claim on rows beyond the least: the region that gets them, how many it
 * wants, whether it takes all or none (`whole`), and whether it is served
 * only after the claim before it was served in full (`after`). */
typedef struct {
    Region region;
    int (*wants)(const Fit *f);
    int whole, after;
} Claim;

/* Each region of the column gets its least rows (f->rows) out of `pool`;
 * then the claims are served in order, each with what it wants or what is
 * left (the last gives way first when rows are short); the region `rest`
 * takes what no claim took. */
static void serve(Fit *f, int pool, const Claim *claims, size_t n, Region rest)
{
    f->left = pool;
    for (int r = 0; r < REGION_COUNT; r++)
        f->left -= f->rows[r];
    int full = 1;
    for (size_t i = 0; i < n; i++) {
        int want = claims[i].wants(f), got = want < f->left ? want : f->left;
        if (got < 0 || (claims[i].whole && got < want) || (claims[i].after && !full))
            got = 0;
        f->rows[claims[i].region] += got;
        f->left -= got;
        full = got == want;
    }
    f->rows[rest] += f->left;
    f->left = 0;
}

/* The text as verse beyond its first row, the first claim: up to all the
 * rows the regions below it hold beyond their least (at 80x24 four rows show
 * an eight-line poem a couplet to a row). */
static int text_rows(const Fit *f)
{
    return view_prompt_rows_wanted(f->s, f->cols, 1 + f->left) - 1;
}

/* ---- the explorer's claims ---- */

/* The text; but with a compare run's plot below the bars on a screen with
 * fewer spare rows than the plot wants, only the rows beyond 24. */
static int explorer_text(const Fit *f)
{
    if (f->plot && f->spare < TIMING_ROOM_ROWS - LEAST(PANE_TIMING))
        return view_prompt_rows_wanted(f->s, f->cols, 1 + f->spare) - 1;
    return text_rows(f);
}
/* the rows the panels below lent to the readings under a long text (pinyin) */
static int lower_back(const Fit *f) { return f->s->prefs.show_pinyin ? PINYIN_FROM_LOWER : 0; }
/* the plot's rows for a ramp, unless the look-up is shown under the bars */
static int plot_rows(const Fit *f)
{
    return f->plot && !f->s->pred.query.cp ? TIMING_ROOM_ROWS - LEAST(PANE_TIMING) : 0;
}
/* the lines under the bars and the coin's row: with the plot's rows below,
 * together and whole; else the lines (as many as are left), then the coin's
 * row once they have all theirs */
static int under_and_coin(const Fit *f) { return plot_rows(f) ? PROBS_UNDER + 1 : 0; }
static int under_lines(const Fit *f) { return plot_rows(f) ? 0 : PROBS_UNDER; }
static int coin_row(const Fit *f) { return !plot_rows(f); }

/* The explorer's claims, first served first: the text takes the rows beyond
 * 24 first, then the lines under the bars, then (pinyin) the rows the panels
 * below lend; a compare run's plot comes before the lines under the bars; the
 * coin's own row gives way first. */
static const Claim EXPLORER_CLAIMS[] = {
    /* {region, wants, whole, after} */
    {REGION_TEXT, explorer_text, 0, 0},
    {REGION_BELOW, lower_back, 0, 0},
    {REGION_BELOW, plot_rows, 0, 0},
    {REGION_BARS, under_and_coin, 1, 0},
    {REGION_BARS, under_lines, 0, 0},
    {REGION_BARS, coin_row, 0, 1},
};
enum { EXPLORER_TEXT_CLAIMS = 1 }; /* the text's, served before the attention view's rows */

/* ---- projector mode's claims ---- */

/* the lines under the bars beyond the least (the look-up and the coin go first) */
static int projector_under(const Fit *f) { return f->under - f->least; }
/* two rows to a candidate: the larger bars, but not beside a comparison */
static int larger_bars(const Fit *f) { return f->timing ? 0 : APP_TOP; }

/* Projector mode's claims, first served first: the text, the rows the sliders
 * lent to its readings, the lines under the bars, then the larger bars. */
static const Claim PROJECTOR_CLAIMS[] = {
    /* {region, wants, whole, after} */
    {REGION_TEXT, text_rows, 0, 0},
    {REGION_BELOW, lower_back, 0, 0},
    {REGION_BARS, projector_under, 0, 0},
    {REGION_BARS, larger_bars, 1, 0},
};

/* ---- placing the regions ---- */

/* Panel p stands in r. */
static void put(Layout *l, Pane p, Rect r)
{
    l->at[p].r = r;
    l->at[p].shown = 1;
}

/* The narration beside what stands from row y down (in a lesson); returns
 * the columns left of it. */
static int place_narration(Layout *l, const AppState *s, int y, int lines, int cols)
{
    if (!s->course.lesson)
        return cols;
    int w = narration_cols(cols), left = cols - w - 1;
    put(l, PANE_NARRATION, (Rect){y, left + 1, lines - 1 - y, w});
    return left;
}

/* The region below the bars, r: its first open view, else the sliders and
 * the timing side by side where the columns allow, else the one a lesson is
 * about. */
static void place_below(Layout *l, const AppState *s, Rect r)
{
    Pane view = region_view(s, REGION_BELOW);
    if (view != PANE_COUNT) {
        put(l, view, r);
    } else if (r.w >= BOTH_LOWER_COLS) {
        int w = r.w >= WIDE_LOWER_COLS ? WIDE_SLIDERS_COLS : PANELS[PANE_SLIDERS].min_cols;
        put(l, PANE_SLIDERS, (Rect){r.y, r.x, r.h, w});
        put(l, PANE_TIMING, (Rect){r.y, r.x + w + 2, r.h, r.w - w - 2});
    } else {
        put(l, lesson_wants_timing(s) ? PANE_TIMING : PANE_SLIDERS, r);
    }
}

/* A compare model's panel (--compare-model): below the bars when the rows
 * there hold it, else in the bars' place (its lists hold the bars' top 8),
 * the region below keeping its panels. */
static void place_compare(Layout *l, const AppState *s, Rect below)
{
    l->compare_on_bars = below.h < PANELS[PANE_COMPARE].min_rows;
    if (!l->compare_on_bars) {
        put(l, PANE_COMPARE, below);
        return;
    }
    put(l, PANE_COMPARE, l->at[PANE_PROBS].r);
    l->at[PANE_PROBS].shown = 0;
    place_below(l, s, below);
}

/* The coin when the bars have no row for it: on the note's row under the
 * text, if a hint, else (in a lesson) on the status line's. */
static void place_coin(Layout *l, const AppState *s)
{
    Rect note = l->at[PANE_PROMPT].r;
    note.y += note.h - 1;
    note.h = 1;
    l->at[PANE_COIN].r = note;
    l->at[PANE_COIN].shown = s->view.coin.valid && !s->view.quiz_hidden &&
                             l->at[PANE_PROMPT].r.h >= 2 &&
                             !view_probs_coin_fits(s, l->at[PANE_PROBS].r) &&
                             view_prompt_note_is_hint(s, note.w);
    /* nor the note (a form's progress): in a lesson, whose step names the
     * coin, the status line's, unless it tells of something gone wrong or a
     * command is being typed there (the explorer alone keeps its status) */
    if (s->course.lesson && s->view.coin.valid && !l->at[PANE_COIN].shown &&
        !view_probs_coin_fits(s, l->at[PANE_PROBS].r) && !s->view.status_error &&
        !s->input.cmdline_open && !s->view.quiz_hidden) {
        l->at[PANE_COIN].r = l->at[PANE_STATUS].r;
        l->at[PANE_COIN].shown = l->coin_on_status = 1;
    }
}

/* The bars from row y, `bars` rows, and the region below them down to the
 * status line, left of the narration. */
static void place_panels(Layout *l, const AppState *s, int y, int bars, int lines, int cols)
{
    int left = place_narration(l, s, y, lines, cols);
    l->show_panels = 1;
    put(l, PANE_PROBS, (Rect){y, 0, bars, left});
    Rect below = {y + bars, 0, lines - 1 - (y + bars), left};
    if (s->prefs.projector) { /* the timing beside a comparison, a table, or the sliders */
        Pane table = region_view(s, REGION_BELOW);
        put(l, lesson_wants_timing(s) ? PANE_TIMING : table != PANE_COUNT ? table : PANE_SLIDERS,
            below);
        return;
    }
    place_coin(l, s);
    if (s->text.cm)
        place_compare(l, s, below);
    else
        place_below(l, s, below);
}

/* The view in the panels' place from row y (beside a lesson's narration). */
static void place_body(Layout *l, const AppState *s, Pane view, int y, int lines, int cols)
{
    put(l, view, (Rect){y, 0, lines - 1 - y, place_narration(l, s, y, lines, cols)});
}

/* ---- the two modes ---- */

/* Projector mode: the text, then a view in the panels' place (mask, text
 * read, or the KV cache's cost, which stands under the text here as a lesson
 * step shows it), or the bars over the whole width and the sliders, the
 * timing while a comparison is on, or a table in their place. */
static void layout_projector(Layout *l, const AppState *s, int lines, int cols)
{
    Fit f = {.s = s, .cols = cols, .timing = lesson_wants_timing(s)};
    Pane body = projector_body(s);
    if (body != PANE_COUNT) {
        f.rows[REGION_TEXT] = LEAST(PANE_PROMPT);
        f.rows[REGION_BODY] = LEAST(body);
        serve(&f, lines - 2, PROJECTOR_CLAIMS, 1, REGION_BODY);
        put(l, PANE_PROMPT, (Rect){1, 0, f.rows[REGION_TEXT], cols});
        place_body(l, s, body, 1 + f.rows[REGION_TEXT], lines, cols);
        return;
    }
    /* the lines under the bars: the summary, the training text's context,
     * the look-up, the coin (what lessons 1 and 8 point at); beside a
     * comparison only the look-up */
    f.under = f.timing ? (s->pred.query.cp != 0) : view_probs_under_rows(s);
    f.least = f.timing ? f.under : 1; /* the summary at least */
    int lower = 1; /* the heading and the sliders (the penalty's while on) */
    for (int i = 0; i < SL_COUNT; i++)
        lower += !app_slider_quiet(s, (SliderId)i) || s->view.slider == i;
    f.rows[REGION_TEXT] = LEAST(PANE_PROMPT);
    f.rows[REGION_BARS] = LEAST(PANE_PROBS) + f.least;
    f.rows[REGION_BELOW] = lower - lower_back(&f);
    serve(&f, lines - 2, PROJECTOR_CLAIMS, sizeof PROJECTOR_CLAIMS / sizeof *PROJECTOR_CLAIMS,
          REGION_BELOW);
    put(l, PANE_PROMPT, (Rect){1, 0, f.rows[REGION_TEXT], cols});
    place_panels(l, s, 1 + f.rows[REGION_TEXT], f.rows[REGION_BARS], lines, cols);
}

/* The explorer: the text, then a view in the panels' place, or the
 * attention view (alone when the panels would not keep their least rows
 * under it), then the bars and the region below them. */
static void layout_explorer(Layout *l, const AppState *s, int lines, int cols)
{
    Fit f = {.s = s, .cols = cols, .spare = lines - SCREEN_MIN_LINES,
             .plot = plot_wants_rows(s, cols)};
    f.rows[REGION_TEXT] = LEAST(PANE_PROMPT);
    f.rows[REGION_BARS] = LEAST(PANE_PROBS);
    f.rows[REGION_BELOW] = LEAST(PANE_SLIDERS) - lower_back(&f);
    serve(&f, lines - 2, EXPLORER_CLAIMS, EXPLORER_TEXT_CLAIMS, REGION_BELOW);
    int y = 1 + f.rows[REGION_TEXT], body = lines - 1 - y;
    put(l, PANE_PROMPT, (Rect){1, 0, f.rows[REGION_TEXT], cols});
    Pane view = region_view(s, REGION_BODY);
    if (view != PANE_COUNT) {
        place_body(l, s, view, y, lines, cols);
        return;
    }
    if (app_view_is_open(&s->view.views, VIEW_ATTENTION)) {
        int want = view_attention_rows(s);
        if (attention_alone(body, want)) {
            put(l, PANE_ATTENTION, (Rect){y, 0, body, cols});
            return; /* the panels (and a lesson's narration) make room for it */
        }
        put(l, PANE_ATTENTION, (Rect){y, 0, want, cols});
        y += want;
        body -= want;
    }
    /* the panels' rows: their least, then the claims after the text's */
    f.rows[REGION_TEXT] = 0;
    f.rows[REGION_BARS] = LEAST(PANE_PROBS);
    f.rows[REGION_BELOW] = LEAST(PANE_SLIDERS) - lower_back(&f);
    serve(&f, body, EXPLORER_CLAIMS + EXPLORER_TEXT_CLAIMS,
          sizeof EXPLORER_CLAIMS / sizeof *EXPLORER_CLAIMS - EXPLORER_TEXT_CLAIMS, REGION_BELOW);
    place_panels(l, s, y, f.rows[REGION_BARS], lines, cols);
}

void screen_layout(Layout *l, const AppState *s, int lines, int cols)
{
    *l = (Layout){0};
    l->too_small = lines < SCREEN_MIN_LINES || cols < SCREEN_MIN_COLS;
    if (l->too_small)
        return;
    put(l, PANE_TITLE, (Rect){0, 0, 1, cols});
    put(l, PANE_STATUS, (Rect){lines - 1, 0, 1, cols});
    /* the help takes the status line's row too: while it is open no key but
     * the one that closes it does anything, so the status has nothing to say */
    put(l, PANE_HELP, (Rect){1, 0, lines - 1, cols});
    if (s->prefs.projector)
        layout_projector(l, s, lines, cols);
    else
        layout_explorer(l, s, lines, cols);
}
