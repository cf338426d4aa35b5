/* screen.c - cutting the screen into panels and drawing the ones that changed.
 *
 *   title                                                  1 row
 *   text (the prompt), as verse, and a note under it       2 rows or more
 *     (with pinyin shown, y: the readings under each line)
 *   [attention: a heading and one row per layer and head]  (v, when it fits)
 *   [or the mask view (w): all rows down to the status]
 *   probabilities: heading, 8 bars, 3 lines                12 rows
 *     [and the coin of the last draw]                      (1 row, when it fits)
 *   sliders | timing                                       the rest, at least 8
 *   status                                                 1 row
 *
 * 80 x 24 holds everything but the attention view, which then takes the place
 * of the panels below the text, and the coin's row, which then takes the
 * place of the last line under the bars, or (when a long text took those)
 * the note's under the text (Layout.coin). `e` puts the entropy of each written
 * character where the sliders and the timing are. Smaller terminals get a
 * message instead.
 * A text longer than one row takes the rows beyond 24 first, then the three
 * lines under the bars (up to four rows of text at 80 x 24); past that it
 * scrolls (view_prompt.c). While a comparison (b) is shown on a short
 * screen, those three lines give their rows to its plot instead (five rows
 * at 80 x 24). With pinyin shown (y) a line of verse takes two
 * rows, its readings under it, and the sliders and timing give up four more
 * (eight rows of text at 80 x 24: a jueju and its readings).
 *
 * A compare model (--compare-model) puts its panel below the bars when the
 * rows there hold it (110 x 34), in the sliders' and the timing's place, and
 * over the bars otherwise (80 x 24): its lists hold the bars' top 8.
 *
 * Projector mode (z) keeps the text, the bars across the whole width and
 * the sliders (the timing while a comparison is on; the entropy of each draw
 * while it is open), larger where the rows
 * allow (layout_projector); the mask view (w) or the KV cache's cost (r),
 * when open, stand under the text instead, as a lesson step shows them.
 *
 * A lesson puts its narration in a column at the right of the bars and what
 * is under them (36 columns at 80, room for a sentence; two fifths of a wide
 * screen). The panels
 * left of it then show the sliders or the timing, whichever the lesson is
 * about, unless there is room for both.
 */
#include <curses.h>

#include "app/commands.h"
#include "app/labels.h"
#include "app/textw.h"
#include "tui/tui.h"
#include "tui/views.h"

enum { PROBS_ROWS = 12, LOWER_MIN_ROWS = 8, NARROW_PANELS = 50, NARRATION_MIN_COLS = 36 };
enum { PROBS_UNDER = 3 }; /* the lines under the bars, which give way to a long text */
enum { TIMING_ROOM_ROWS = 12 }; /* the timing panel with a plot of 5 rows, the sampler's
                                 * line and the cache's size (11 without the sampler's) */
/* With pinyin shown, the rows the panels below the bars (the sliders, the
 * timing) give up for the readings under a long text: at 80x24 they keep a
 * heading and three rows (temperature, top-k, top-p), in projector mode a
 * heading and two, and the text shows a jueju as four lines over their
 * readings. */
enum { PINYIN_FROM_LOWER = 4 };
/* The compare model's panel below the bars: a heading, the files' names, the
 * lists' headings and the top 8 (view_compare.c); with fewer rows there it
 * takes the bars' place. */
enum { COMPARE_ROWS = 3 + APP_TOP };

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
    return w < NARRATION_MIN_COLS ? NARRATION_MIN_COLS : w;
}

/* The columns left for the panels. */
static int panels_cols(const AppState *s, int cols)
{
    return s->course.lesson ? cols - narration_cols(cols) - 1 : cols;
}

/* Panel p has rows: r. */
static void put(Layout *l, Pane p, Rect r)
{
    l->at[p].r = r;
    l->at[p].shown = 1;
}

/* Place the narration; returns the columns left for the panels. */
static int place_narration(Layout *l, const AppState *s, int y, int lines, int cols)
{
    if (!s->course.lesson)
        return cols;
    int w = narration_cols(cols), left = cols - w - 1;
    put(l, PANE_NARRATION, (Rect){y, left + 1, lines - 1 - y, w});
    return left;
}

/* Projector mode: the text, the bars over the whole width (two rows to a
 * candidate when the rows allow), and the sliders, or the timing while a
 * comparison is on; no attention view. */
static void layout_projector(Layout *l, const AppState *s, int lines, int cols)
{
    /* heading, rows, the lines under them (the summary, the training text's
     * context, the look-up, the coin: what lessons 1 and 8 point at) */
    int timing = lesson_wants_timing(s);
    int mask = app_view_is_open(&s->view.views, VIEW_MASK),
        reading = app_view_is_open(&s->view.views, VIEW_READING);
    /* what a lesson step shows: the text, then the view */
    if (mask || reading || app_view_is_open(&s->view.views, VIEW_MEMORY)) {
        int text = view_prompt_rows_wanted(s, cols, lines - 2 - 1 - 8);
        put(l, PANE_PROMPT, (Rect){1, 0, text + 1, cols});
        int y = 2 + text, left = place_narration(l, s, y, lines, cols);
        Pane view = reading ? PANE_READING : mask ? PANE_MASK : PANE_KVCACHE;
        put(l, view, (Rect){y, 0, lines - 1 - y, left});
        return;
    }
    int under = timing ? (s->pred.query.cp != 0) : view_probs_under_rows(s);
    int lower = 1, least = timing ? under : 1; /* the summary at least */
    for (int i = 0; i < SL_COUNT; i++) /* the heading and the sliders (the penalty's while on) */
        lower += !app_slider_quiet(s, (SliderId)i) || s->view.slider == i;
    int room = lines - 2 - 1 - (1 + APP_TOP + least) - lower; /* rows for the text (and its note) */
    /* readings under each line (pinyin): the sliders give up rows for them */
    int text =
        view_prompt_rows_wanted(s, cols, room + (s->prefs.show_pinyin ? PINYIN_FROM_LOWER : 0));
    /* the text as verse first; the lines under the bars take what it leaves
     * (view_probs chooses which: the look-up and the coin go first) */
    int spare = room - text > 0 ? room - text : 0;
    under = under - least < spare ? under : least + spare;
    int bars = 1 + APP_TOP + under;
    if (!timing && spare - (under - least) >= APP_TOP)
        bars += APP_TOP; /* the larger bars */
    put(l, PANE_PROMPT, (Rect){1, 0, text + 1, cols});
    int y = 2 + text;
    int left = place_narration(l, s, y, lines, cols);
    l->show_panels = 1;
    put(l, PANE_PROBS, (Rect){y, 0, bars, left});
    y += bars;
    /* below the bars: the timing, or a table in the sliders' place (what went
     * wrong, whole; the weights' table; the entropy of each draw) */
    Pane below = PANE_SLIDERS;
    if (timing)
        below = PANE_TIMING;
    else if (app_view_is_open(&s->view.views, VIEW_MESSAGES))
        below = PANE_MESSAGES;
    else if (app_view_is_open(&s->view.views, VIEW_WEIGHTS))
        below = PANE_WEIGHTS;
    else if (app_view_is_open(&s->view.views, VIEW_ENTROPY))
        below = PANE_ENTROPY;
    put(l, below, (Rect){y, 0, lines - 1 - y, left});
}

/* The tables that take the sliders' and the timing's place when open, the
 * first open one: the messages, the KV cache's cost, the weights' precision, the entropy
 * of each draw (under the text, there too). */
static const struct {
    AppView view;
    Pane pane;
} LOWER_TABLES[] = {
    {VIEW_MESSAGES, PANE_MESSAGES}, /* what went wrong, whole (a student's program that failed) */
    {VIEW_MEMORY, PANE_KVCACHE},
    {VIEW_WEIGHTS, PANE_WEIGHTS},
    {VIEW_ENTROPY, PANE_ENTROPY},
};

/* The panels below the bars: `lower` rows from row y, `left` columns: the
 * sliders and the timing, or a table in their place. */
static void place_lower(Layout *l, const AppState *s, int y, int lower, int left)
{
    for (size_t i = 0; i < sizeof LOWER_TABLES / sizeof *LOWER_TABLES; i++)
        if (app_view_is_open(&s->view.views, LOWER_TABLES[i].view)) {
            put(l, LOWER_TABLES[i].pane, (Rect){y, 0, lower, left});
            return;
        }
    if (left >= 80) { /* sliders and timing side by side */
        int w = left >= 100 ? 44 : 38;
        put(l, PANE_SLIDERS, (Rect){y, 0, lower, w});
        put(l, PANE_TIMING, (Rect){y, w + 2, lower, left - w - 2});
    } else {
        put(l, lesson_wants_timing(s) ? PANE_TIMING : PANE_SLIDERS, (Rect){y, 0, lower, left});
    }
}

/* Below the bars: a compare model's panel when the rows there hold it (it
 * takes the bars' place otherwise), else the panels of place_lower. */
static void place_below_bars(Layout *l, const AppState *s, int y, int lower, int left)
{
    if (s->text.cm) {
        l->compare_on_bars = lower < COMPARE_ROWS;
        put(l, PANE_COMPARE, l->compare_on_bars ? l->at[PANE_PROBS].r : (Rect){y, 0, lower, left});
        l->at[PANE_PROBS].shown = !l->compare_on_bars;
        if (!l->compare_on_bars)
            return;
    }
    place_lower(l, s, y, lower, left);
}

/* The mask (w) or the text read (Y): all between the text and the status
 * line (beside a lesson's narration). Returns 1 when one of them is open. */
static int place_body_view(Layout *l, const AppState *s, int y, int body, int lines, int cols)
{
    Pane view = app_view_is_open(&s->view.views, VIEW_MASK)      ? PANE_MASK
                : app_view_is_open(&s->view.views, VIEW_READING) ? PANE_READING
                                                                  : PANE_COUNT;
    if (view == PANE_COUNT)
        return 0;
    put(l, view, (Rect){y, 0, body, place_narration(l, s, y, lines, cols)});
    return 1;
}

/* The coin when the bars have no row for it: on the note's row under the
 * text, if a hint, else (in a lesson) on the status line's. */
static void place_coin(Layout *l, const AppState *s)
{
    /* no row for the coin under the bars: it takes the note's, if a hint */
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
    if (s->prefs.projector) {
        layout_projector(l, s, lines, cols);
        return;
    }
    /* The text takes the rows it needs as verse: first the rows beyond 24,
     * then the lines under the bars (the stages, the training text's context,
     * the summary, in that order), so that at 80x24 four rows show an
     * eight-line poem a couplet to a row. With pinyin shown each line has
     * its readings on a second row, and the panels below the bars give up
     * rows too (PINYIN_FROM_LOWER), so that at 80x24 a jueju stands as four
     * lines with their readings. */
    int spare = lines - SCREEN_MIN_LINES;
    /* a compare run below the bars wants the rows for its plot: in a lesson
     * where it stands alone there, in the explorer whenever one is shown */
    int timing_alone = lesson_wants_timing(s) && (!s->course.lesson || panels_cols(s, cols) < 80);
    int room = timing_alone && spare < TIMING_ROOM_ROWS - LOWER_MIN_ROWS
                   ? 1 + spare
                   : 1 + spare + PROBS_UNDER + (s->prefs.show_pinyin ? PINYIN_FROM_LOWER : 0);
    int attention = app_view_is_open(&s->view.views, VIEW_ATTENTION);
    int text = attention ? 1 : view_prompt_rows_wanted(s, cols, room);
    int from_probs = text - 1 - spare > 0 ? text - 1 - spare : 0;
    from_probs = from_probs > PROBS_UNDER ? PROBS_UNDER : from_probs;
    put(l, PANE_PROMPT, (Rect){1, 0, text + 1, cols});
    int y = 2 + text, body = lines - 1 - y; /* rows between the note and the status line */
    if (place_body_view(l, s, y, body, lines, cols))
        return;
    if (attention) {
        int want = view_attention_rows(s);
        if (body - want < PROBS_ROWS + LOWER_MIN_ROWS) {
            put(l, PANE_ATTENTION, (Rect){y, 0, body, cols});
            return; /* the panels (and a lesson's narration) make room for it */
        }
        put(l, PANE_ATTENTION, (Rect){y, 0, want, cols});
        y += want;
        body -= want;
    }
    int left = place_narration(l, s, y, lines, cols);
    l->show_panels = 1;
    /* the coin's own row, if the text left the lines under the bars alone and
     * the panels below keep their rows */
    int probs_rows = PROBS_ROWS - from_probs;
    probs_rows += from_probs == 0 && lines - 1 - y - PROBS_ROWS > LOWER_MIN_ROWS;
    /* a compare run below the bars: the lines under them give the plot the
     * rows for a ramp, and the cache's size its line */
    if (timing_alone && !s->pred.query.cp &&
        lines - 1 - y - probs_rows < TIMING_ROOM_ROWS && probs_rows > 1 + APP_TOP)
        probs_rows = 1 + APP_TOP;
    put(l, PANE_PROBS, (Rect){y, 0, probs_rows, left});
    place_coin(l, s);
    place_below_bars(l, s, y + probs_rows, lines - 1 - (y + probs_rows), left);
}

void screen_fit(AppState *s, int lines, int cols)
{
    Layout l;
    screen_layout(&l, s, lines, cols);
    const PanePlace *p = &l.at[PANE_NARRATION];
    int rows = 0, n = p->shown ? view_lesson_lines(s, p->r, &rows) : 0;
    app_lesson_fit(&s->course, n, rows);
    /* how far the text read or the messages scroll: their last row at the bottom */
    Rect r = l.at[PANE_READING].shown ? l.at[PANE_READING].r : l.at[PANE_MESSAGES].r;
    int want = l.at[PANE_READING].shown ? view_reading_rows(s, (Rect){r.y + 1, r.x, r.h - 1, r.w})
               : l.at[PANE_MESSAGES].shown
                   ? view_messages_rows(s, (Rect){r.y + 1, r.x, r.h - 1, r.w})
                   : 0;
    s->view.views.top_max = want > r.h - 1 ? want - (r.h - 1) : 0;
    if (s->view.views.top > s->view.views.top_max)
        s->view.views.top = s->view.views.top_max;
}

/* Clear a panel and draw it again. */
static void redo(const AppState *s, Rect r, void (*draw)(const AppState *, Rect))
{
    draw_clear(r);
    draw(s, r);
}

/* The coin on its row of the layout (Layout.coin). */
static void coin_draw(const AppState *s, Rect r) { view_probs_coin_line(s, r, r.y); }

/* Row `row` of r (from its top; -1: its last), in the pointed look. */
static void mark_row(Rect r, int row)
{
    draw_mark((Rect){row < 0 ? r.y + r.h + row : r.y + row, r.x, 1, r.w}, ROLE_POINTED);
}

/* The panel a lesson points at: its heading row in the pointed look. */
static void mark_pointed(const AppState *s, const Layout *l)
{
    const PanePlace *at = l->at;
    switch (s->view.point) {
    case PANEL_BARS: mark_row(at[PANE_PROBS].r, 0); break;
    case PANEL_SLIDERS:
        if (at[PANE_SLIDERS].shown)
            mark_row(at[PANE_SLIDERS].r, 0);
        break;
    case PANEL_TIMING:
        if (at[PANE_TIMING].shown)
            mark_row(at[PANE_TIMING].r, 0);
        break;
    case PANEL_TEXT: {
        Rect label = at[PANE_PROMPT].r;
        label.w = PROMPT_LABEL_COLS - 1;
        mark_row(label, 0);
        mark_row(at[PANE_PROMPT].r, -1);
        break;
    }
    case PANEL_CORPUS:
        /* the column's heading and the line under the bars that names the context */
        mark_row(view_probs_corpus_rect(s, at[PANE_PROBS].r), 0);
        if (!s->view.quiz_hidden && at[PANE_PROBS].r.h > APP_TOP + 2)
            mark_row(at[PANE_PROBS].r, APP_TOP + 2);
        break;
    case PANEL_NONE:
    case PANEL_COUNT: break;
    }
}

static void place_cursor(const AppState *s, const Layout *l)
{
    int y, x;
    if (s->input.cmdline_open) { /* at the end of the command being typed */
        const char *hint = app_label(s, LBL_CMDLINE_HINT);
        int room = l->at[PANE_STATUS].r.w - 2 - textw_width(hint) - 2;
        int w = textw_width(s->input.cmdline + textw_fit_tail(s->input.cmdline, room - 1));
        move(l->at[PANE_STATUS].r.y, 1 + w);
        curs_set(1);
        return;
    }
    view_prompt_cursor(s, l->at[PANE_PROMPT].r, &y, &x);
    move(y, x < COLS ? x : COLS - 1);
    curs_set(1); /* the cursor marks where typing goes (an input method draws there) */
}

/* The panels drawn alike, in this order: each while it has rows, again when
 * the redraw names one of its parts (commands.h). The coin goes over the
 * note, so after the text; on the status line's row it comes last. */
static const struct {
    Pane pane;
    unsigned redraw;
    void (*draw)(const AppState *, Rect);
} PANE_DRAWS[] = {
    {PANE_PROMPT, REDRAW_PROMPT | REDRAW_PROBS, view_prompt_draw},
    {PANE_COIN, REDRAW_PROMPT | REDRAW_PROBS, coin_draw},
    {PANE_ATTENTION, REDRAW_PROMPT | REDRAW_PROBS, view_attention_draw},
    {PANE_MASK, REDRAW_PROMPT | REDRAW_PROBS, view_mask_draw},
    {PANE_READING, REDRAW_PROMPT | REDRAW_PROBS, view_reading_draw},
    {PANE_MESSAGES, REDRAW_PROMPT | REDRAW_PROBS | REDRAW_STATUS, view_messages_draw},
    {PANE_PROBS, REDRAW_PROBS, view_probs_draw},
    {PANE_COMPARE, REDRAW_PROMPT | REDRAW_PROBS, view_compare_draw},
    {PANE_SLIDERS, REDRAW_SLIDERS, view_sliders_draw},
    {PANE_TIMING, REDRAW_TIMING, view_timing_draw},
    {PANE_KVCACHE, REDRAW_PROMPT | REDRAW_TIMING, view_kvcache_draw},
    {PANE_WEIGHTS, REDRAW_PROMPT | REDRAW_PROBS | REDRAW_TIMING, view_weights_draw},
    {PANE_ENTROPY, REDRAW_PROMPT, view_entropy_draw},
};

void screen_draw(const AppState *s, unsigned redraw)
{
    if (tui_theme_follow(s))
        redraw = REDRAW_ALL;
    Layout l;
    screen_layout(&l, s, LINES, COLS);
    if (redraw == REDRAW_ALL || l.too_small)
        erase();
    if (l.too_small) {
        curs_set(0);
        view_too_small_draw(s, LINES, COLS);
    } else if (s->course.picking) {
        curs_set(0);
        view_title_draw(s, l.at[PANE_TITLE].r);
        Rect picker = l.at[PANE_HELP].r;
        picker.h--; /* the status line below it */
        if (redraw == REDRAW_ALL)
            view_picker_draw(s, picker);
        redo(s, l.at[PANE_STATUS].r, view_status_draw);
    } else if (app_view_is_open(&s->view.views, VIEW_HELP)) {
        curs_set(0);
        view_title_draw(s, l.at[PANE_TITLE].r);
        view_help_draw(s, l.at[PANE_HELP].r);
    } else {
        /* the session's code in the title follows the text and settings */
        if (redraw == REDRAW_ALL || (redraw & (REDRAW_PROMPT | REDRAW_SLIDERS)))
            view_title_draw(s, l.at[PANE_TITLE].r);
        for (size_t i = 0; i < sizeof PANE_DRAWS / sizeof *PANE_DRAWS; i++) {
            const PanePlace *p = &l.at[PANE_DRAWS[i].pane];
            if (p->shown && (redraw & PANE_DRAWS[i].redraw) &&
                !(PANE_DRAWS[i].pane == PANE_COIN && l.coin_on_status))
                redo(s, p->r, PANE_DRAWS[i].draw);
        }
        if (l.at[PANE_NARRATION].shown && redraw == REDRAW_ALL)
            view_lesson_draw(s, l.at[PANE_NARRATION].r);
        if (redraw & REDRAW_STATUS)
            redo(s, l.at[PANE_STATUS].r, view_status_draw);
        if (l.coin_on_status && (redraw & (REDRAW_STATUS | REDRAW_PROMPT | REDRAW_PROBS)))
            redo(s, l.at[PANE_COIN].r, coin_draw);
        mark_pointed(s, &l);
        place_cursor(s, &l);
    }
    wnoutrefresh(stdscr);
    doupdate();
}
