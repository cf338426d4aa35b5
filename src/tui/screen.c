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
    if (s->point == PANEL_TIMING)
        return 1;
    return s->point != PANEL_SLIDERS && (s->cmp.running || s->cmp.done);
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
    return s->lesson ? cols - narration_cols(cols) - 1 : cols;
}

/* Place the narration; returns the columns left for the panels. */
static int place_narration(Layout *l, const AppState *s, int y, int lines, int cols)
{
    if (!s->lesson)
        return cols;
    int w = narration_cols(cols), left = cols - w - 1;
    l->narration = (Rect){y, left + 1, lines - 1 - y, w};
    l->show_narration = 1;
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
    int mask = app_view_is_open(s, VIEW_MASK);
    /* what a lesson step shows: the text, then the view */
    if (mask || app_view_is_open(s, VIEW_MEMORY)) {
        int text = view_prompt_rows_wanted(s, cols, lines - 2 - 1 - 8);
        l->prompt = (Rect){1, 0, text + 1, cols};
        int y = 2 + text, left = place_narration(l, s, y, lines, cols);
        l->show_mask = mask;
        l->show_kvcache = !mask;
        if (l->show_mask)
            l->mask = (Rect){y, 0, lines - 1 - y, left};
        else
            l->kvcache = (Rect){y, 0, lines - 1 - y, left};
        return;
    }
    int under = timing ? (s->pred.query_cp != 0) : view_probs_under_rows(s);
    int lower = 1, least = timing ? under : 1; /* the summary at least */
    for (int i = 0; i < SL_COUNT; i++) /* the heading and the sliders (the penalty's while on) */
        lower += !app_slider_quiet(s, (SliderId)i) || s->slider == i;
    int room = lines - 2 - 1 - (1 + APP_TOP + least) - lower; /* rows for the text (and its note) */
    /* readings under each line (pinyin): the sliders give up rows for them */
    int text = view_prompt_rows_wanted(s, cols, room + (s->show_pinyin ? PINYIN_FROM_LOWER : 0));
    /* the text as verse first; the lines under the bars take what it leaves
     * (view_probs chooses which: the look-up and the coin go first) */
    int spare = room - text > 0 ? room - text : 0;
    under = under - least < spare ? under : least + spare;
    int bars = 1 + APP_TOP + under;
    if (!timing && spare - (under - least) >= APP_TOP)
        bars += APP_TOP; /* the larger bars */
    l->prompt = (Rect){1, 0, text + 1, cols};
    int y = 2 + text;
    int left = place_narration(l, s, y, lines, cols);
    l->show_panels = 1;
    l->probs = (Rect){y, 0, bars, left};
    y += bars;
    if (timing) {
        l->timing = (Rect){y, 0, lines - 1 - y, left};
        l->show_timing = 1;
    } else if (app_view_is_open(s, VIEW_WEIGHTS)) { /* the weights' table in the sliders' place */
        l->weights = (Rect){y, 0, lines - 1 - y, left};
        l->show_weights = 1;
    } else if (app_view_is_open(s, VIEW_ENTROPY)) { /* and the entropy of each draw */
        l->entropy = (Rect){y, 0, lines - 1 - y, left};
        l->show_entropy = 1;
    } else {
        l->sliders = (Rect){y, 0, lines - 1 - y, left};
        l->show_sliders = 1;
    }
}

/* The panels below the bars: `lower` rows from row y, `left` columns: the
 * sliders and the timing, or a table in their place. */
static void place_lower(Layout *l, const AppState *s, int y, int lower, int left)
{
    /* the cost table takes the sliders' and the timing's place */
    if (app_view_is_open(s, VIEW_MEMORY)) {
        l->kvcache = (Rect){y, 0, lower, left};
        l->show_kvcache = 1;
    } else if (app_view_is_open(s, VIEW_WEIGHTS)) { /* and so does the weights' table */
        l->weights = (Rect){y, 0, lower, left};
        l->show_weights = 1;
    } else if (app_view_is_open(s, VIEW_ENTROPY)) { /* uncertainty under the text: there too */
        l->entropy = (Rect){y, 0, lower, left};
        l->show_entropy = 1;
    } else if (left >= 80) { /* sliders and timing side by side */
        int w = left >= 100 ? 44 : 38;
        l->sliders = (Rect){y, 0, lower, w};
        l->timing = (Rect){y, w + 2, lower, left - w - 2};
        l->show_sliders = l->show_timing = 1;
    } else if (lesson_wants_timing(s)) {
        l->timing = (Rect){y, 0, lower, left};
        l->show_timing = 1;
    } else {
        l->sliders = (Rect){y, 0, lower, left};
        l->show_sliders = 1;
    }
}

/* Below the bars: a compare model's panel when the rows there hold it (it
 * takes the bars' place otherwise), else the panels of place_lower. */
static void place_below_bars(Layout *l, const AppState *s, int y, int lower, int left)
{
    if (s->cm) {
        l->show_compare = 1;
        l->compare_on_bars = lower < COMPARE_ROWS;
        l->compare = l->compare_on_bars ? l->probs : (Rect){y, 0, lower, left};
        if (!l->compare_on_bars)
            return;
    }
    place_lower(l, s, y, lower, left);
}

void screen_layout(Layout *l, const AppState *s, int lines, int cols)
{
    *l = (Layout){0};
    l->too_small = lines < SCREEN_MIN_LINES || cols < SCREEN_MIN_COLS;
    if (l->too_small)
        return;
    l->title = (Rect){0, 0, 1, cols};
    l->status = (Rect){lines - 1, 0, 1, cols};
    /* the help takes the status line's row too: while it is open no key but
     * the one that closes it does anything, so the status has nothing to say */
    l->help = (Rect){1, 0, lines - 1, cols};
    if (s->projector) {
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
    int timing_alone = lesson_wants_timing(s) && (!s->lesson || panels_cols(s, cols) < 80);
    int room = timing_alone && spare < TIMING_ROOM_ROWS - LOWER_MIN_ROWS
                   ? 1 + spare
                   : 1 + spare + PROBS_UNDER + (s->show_pinyin ? PINYIN_FROM_LOWER : 0);
    int attention = app_view_is_open(s, VIEW_ATTENTION);
    int text = attention ? 1 : view_prompt_rows_wanted(s, cols, room);
    int from_probs = text - 1 - spare > 0 ? text - 1 - spare : 0;
    from_probs = from_probs > PROBS_UNDER ? PROBS_UNDER : from_probs;
    l->prompt = (Rect){1, 0, text + 1, cols};
    int y = 2 + text, body = lines - 1 - y; /* rows between the note and the status line */
    if (app_view_is_open(s, VIEW_MASK)) { /* all between the text and the status line
                                            * (beside a lesson's narration) */
        l->mask = (Rect){y, 0, body, place_narration(l, s, y, lines, cols)};
        l->show_mask = 1;
        return;
    }
    if (attention) {
        int want = view_attention_rows(s);
        l->show_attention = 1;
        if (body - want >= PROBS_ROWS + LOWER_MIN_ROWS) {
            l->attention = (Rect){y, 0, want, cols};
            y += want;
            body -= want;
        } else {
            l->attention = (Rect){y, 0, body, cols};
            return; /* the panels (and a lesson's narration) make room for it */
        }
    }
    int left = place_narration(l, s, y, lines, cols);
    l->show_panels = 1;
    /* the coin's own row, if the text left the lines under the bars alone and
     * the panels below keep their rows */
    int probs_rows = PROBS_ROWS - from_probs;
    probs_rows += from_probs == 0 && lines - 1 - y - PROBS_ROWS > LOWER_MIN_ROWS;
    /* a compare run below the bars: the lines under them give the plot the
     * rows for a ramp, and the cache's size its line */
    if (timing_alone && !s->pred.query_cp &&
        lines - 1 - y - probs_rows < TIMING_ROOM_ROWS && probs_rows > 1 + APP_TOP)
        probs_rows = 1 + APP_TOP;
    l->probs = (Rect){y, 0, probs_rows, left};
    /* no row for the coin under the bars: it takes the note's, if a hint */
    l->coin = (Rect){l->prompt.y + l->prompt.h - 1, l->prompt.x, 1, l->prompt.w};
    l->show_coin = s->coin.valid && !s->quiz_hidden && l->prompt.h >= 2 &&
                   !view_probs_coin_fits(s, l->probs) &&
                   view_prompt_note_is_hint(s, l->prompt.w);
    /* nor the note (a form's progress): in a lesson, whose step names the
     * coin, the status line's, unless it tells of something gone wrong or a
     * command is being typed there (the explorer alone keeps its status) */
    if (s->lesson && s->coin.valid && !l->show_coin && !view_probs_coin_fits(s, l->probs) &&
        !s->status_error && !s->cmdline_open && !s->quiz_hidden) {
        l->coin = l->status;
        l->show_coin = l->coin_on_status = 1;
    }
    place_below_bars(l, s, y + probs_rows, lines - 1 - (y + probs_rows), left);
}

void screen_fit(AppState *s, int lines, int cols)
{
    Layout l;
    screen_layout(&l, s, lines, cols);
    int rows = 0, n = l.show_narration ? view_lesson_lines(s, l.narration, &rows) : 0;
    app_lesson_fit(s, n, rows);
}

/* Clear a panel and draw it again. */
static void redo(const AppState *s, Rect r, void (*draw)(const AppState *, Rect))
{
    draw_clear(r);
    draw(s, r);
}

/* The coin on its row of the layout (Layout.coin). */
static void coin_draw(const AppState *s, Rect r) { view_probs_coin_line(s, r, r.y); }

/* The panel a lesson points at: its heading row in the pointed look. */
static void mark_pointed(const AppState *s, const Layout *l)
{
    switch (s->point) {
    case PANEL_BARS: draw_mark((Rect){l->probs.y, l->probs.x, 1, l->probs.w}, ROLE_POINTED); break;
    case PANEL_SLIDERS:
        if (l->show_sliders)
            draw_mark((Rect){l->sliders.y, l->sliders.x, 1, l->sliders.w}, ROLE_POINTED);
        break;
    case PANEL_TIMING:
        if (l->show_timing)
            draw_mark((Rect){l->timing.y, l->timing.x, 1, l->timing.w}, ROLE_POINTED);
        break;
    case PANEL_TEXT:
        draw_mark((Rect){l->prompt.y, l->prompt.x, 1, PROMPT_LABEL_COLS - 1}, ROLE_POINTED);
        draw_mark((Rect){l->prompt.y + l->prompt.h - 1, l->prompt.x, 1, l->prompt.w}, ROLE_POINTED);
        break;
    case PANEL_CORPUS: {
        /* the column's heading and the line under the bars that names the context */
        Rect c = view_probs_corpus_rect(s, l->probs);
        draw_mark((Rect){c.y, c.x, 1, c.w}, ROLE_POINTED);
        if (!s->quiz_hidden && l->probs.h > APP_TOP + 2)
            draw_mark((Rect){l->probs.y + APP_TOP + 2, l->probs.x, 1, l->probs.w}, ROLE_POINTED);
        break;
    }
    case PANEL_NONE:
    case PANEL_COUNT: break;
    }
}

static void place_cursor(const AppState *s, const Layout *l)
{
    int y, x;
    if (s->cmdline_open) { /* at the end of the command being typed */
        const char *hint = app_label(s, LBL_CMDLINE_HINT);
        int room = l->status.w - 2 - textw_width(hint) - 2;
        int w = textw_width(s->cmdline + textw_fit_tail(s->cmdline, room - 1));
        move(l->status.y, 1 + w);
        curs_set(1);
        return;
    }
    view_prompt_cursor(s, l->prompt, &y, &x);
    move(y, x < COLS ? x : COLS - 1);
    curs_set(1); /* the cursor marks where typing goes (an input method draws there) */
}

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
    } else if (s->picking) {
        curs_set(0);
        view_title_draw(s, l.title);
        if (redraw == REDRAW_ALL)
            view_picker_draw(s, (Rect){l.help.y, l.help.x, l.help.h - 1, l.help.w}); /* status below */
        redo(s, l.status, view_status_draw);
    } else if (app_view_is_open(s, VIEW_HELP)) {
        curs_set(0);
        view_title_draw(s, l.title);
        view_help_draw(s, l.help);
    } else {
        if (redraw == REDRAW_ALL || (redraw & (REDRAW_PROMPT | REDRAW_SLIDERS)))
            view_title_draw(s, l.title); /* the session's code follows the text and settings */
        if (redraw & (REDRAW_PROMPT | REDRAW_PROBS))
            redo(s, l.prompt, view_prompt_draw);
        if (l.show_coin && !l.coin_on_status && (redraw & (REDRAW_PROMPT | REDRAW_PROBS)))
            redo(s, l.coin, coin_draw); /* over the note, so after the text */
        if (l.show_attention && (redraw & (REDRAW_PROMPT | REDRAW_PROBS)))
            redo(s, l.attention, view_attention_draw);
        if (l.show_mask && (redraw & (REDRAW_PROMPT | REDRAW_PROBS)))
            redo(s, l.mask, view_mask_draw);
        if (l.show_panels && !l.compare_on_bars && (redraw & REDRAW_PROBS))
            redo(s, l.probs, view_probs_draw);
        if (l.show_compare && (redraw & (REDRAW_PROMPT | REDRAW_PROBS)))
            redo(s, l.compare, view_compare_draw);
        if (l.show_sliders && (redraw & REDRAW_SLIDERS))
            redo(s, l.sliders, view_sliders_draw);
        if (l.show_timing && (redraw & REDRAW_TIMING))
            redo(s, l.timing, view_timing_draw);
        if (l.show_kvcache && (redraw & (REDRAW_PROMPT | REDRAW_TIMING)))
            redo(s, l.kvcache, view_kvcache_draw);
        if (l.show_weights && (redraw & (REDRAW_PROMPT | REDRAW_PROBS | REDRAW_TIMING)))
            redo(s, l.weights, view_weights_draw);
        if (l.show_entropy && (redraw & REDRAW_PROMPT))
            redo(s, l.entropy, view_entropy_draw);
        if (l.show_narration && redraw == REDRAW_ALL)
            view_lesson_draw(s, l.narration);
        if (redraw & REDRAW_STATUS)
            redo(s, l.status, view_status_draw);
        if (l.coin_on_status && (redraw & (REDRAW_STATUS | REDRAW_PROMPT | REDRAW_PROBS)))
            redo(s, l.coin, coin_draw);
        mark_pointed(s, &l);
        place_cursor(s, &l);
    }
    wnoutrefresh(stdscr);
    doupdate();
}
