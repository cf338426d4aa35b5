/* screen.c - cutting the screen into panels and drawing the ones that changed.
 *
 *   title                                                  1 row
 *   text (the prompt) and a note under it                  2 rows
 *   [attention: a heading and one row per layer and head]  (v, when it fits)
 *   [or the mask view (w): all rows down to the status]
 *   probabilities: heading, 8 bars, 3 lines                12 rows
 *   sliders | timing                                       the rest, at least 8
 *   status                                                 1 row
 *
 * 80 x 24 holds everything but the attention view, which then takes the place
 * of the panels below the text. Smaller terminals get a message instead.
 *
 * A lesson puts its narration in a column at the right of the bars and what
 * is under them (30 columns at 80, two fifths of a wide screen). The panels
 * left of it then show the sliders or the timing, whichever the lesson is
 * about, unless there is room for both.
 */
#include <curses.h>

#include "commands.h"
#include "labels.h"
#include "textw.h"
#include "tui.h"
#include "views.h"

enum { PROBS_ROWS = 12, LOWER_MIN_ROWS = 8, NARROW_PANELS = 50, NARRATION_MIN_COLS = 28 };

/* In a lesson with no room for both, the timing panel takes the sliders'
 * place while it has something to show, unless the lesson points at them. */
static int lesson_wants_timing(const AppState *s)
{
    if (s->point == PANEL_TIMING)
        return 1;
    return s->point != PANEL_SLIDERS && (s->cmp.running || s->cmp.done);
}

void screen_layout(Layout *l, const AppState *s, int lines, int cols)
{
    *l = (Layout){0};
    l->too_small = lines < SCREEN_MIN_LINES || cols < SCREEN_MIN_COLS;
    if (l->too_small)
        return;
    l->title = (Rect){0, 0, 1, cols};
    l->status = (Rect){lines - 1, 0, 1, cols};
    l->help = (Rect){1, 0, lines - 2, cols};
    l->prompt = (Rect){1, 0, 2, cols};
    int y = 3, body = lines - 4; /* rows between the note and the status line */
    if (s->show_mask) { /* a view of its own: everything between the text and the status */
        l->mask = (Rect){y, 0, body, cols};
        l->show_mask = 1;
        return;
    }
    if (s->show_attention) {
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
    int left = cols;
    if (s->lesson) {
        /* the narration beside the panels: 30 columns at 80, two fifths when wide */
        int w = cols - NARROW_PANELS;
        w = w > cols * 2 / 5 ? cols * 2 / 5 : w;
        w = w < NARRATION_MIN_COLS ? NARRATION_MIN_COLS : w;
        left = cols - w - 1;
        l->narration = (Rect){y, left + 1, lines - 1 - y, w};
        l->show_narration = 1;
    }
    l->show_panels = 1;
    l->probs = (Rect){y, 0, PROBS_ROWS, left};
    y += PROBS_ROWS;
    int lower = lines - 1 - y;
    if (s->show_kvcache) { /* the cost table takes the sliders' and the timing's place */
        l->kvcache = (Rect){y, 0, lower, left};
        l->show_kvcache = 1;
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
        draw_mark((Rect){l->prompt.y + 1, l->prompt.x, 1, l->prompt.w}, ROLE_POINTED);
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

void tui_draw(const AppState *s, unsigned redraw)
{
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
            view_picker_draw(s, l.help);
        redo(s, l.status, view_status_draw);
    } else if (s->show_help) {
        curs_set(0);
        view_title_draw(s, l.title);
        view_help_draw(s, l.help);
        redo(s, l.status, view_status_draw);
    } else {
        if (redraw == REDRAW_ALL || (redraw & (REDRAW_PROMPT | REDRAW_SLIDERS)))
            view_title_draw(s, l.title); /* the session's code follows the text and settings */
        if (redraw & REDRAW_PROMPT)
            redo(s, l.prompt, view_prompt_draw);
        if (l.show_attention && (redraw & (REDRAW_PROMPT | REDRAW_PROBS)))
            redo(s, l.attention, view_attention_draw);
        if (l.show_mask && (redraw & (REDRAW_PROMPT | REDRAW_PROBS)))
            redo(s, l.mask, view_mask_draw);
        if (l.show_panels && (redraw & REDRAW_PROBS))
            redo(s, l.probs, view_probs_draw);
        if (l.show_sliders && (redraw & REDRAW_SLIDERS))
            redo(s, l.sliders, view_sliders_draw);
        if (l.show_timing && (redraw & REDRAW_TIMING))
            redo(s, l.timing, view_timing_draw);
        if (l.show_kvcache && (redraw & (REDRAW_PROMPT | REDRAW_TIMING)))
            redo(s, l.kvcache, view_kvcache_draw);
        if (l.show_narration && redraw == REDRAW_ALL)
            view_lesson_draw(s, l.narration);
        if (redraw & REDRAW_STATUS)
            redo(s, l.status, view_status_draw);
        mark_pointed(s, &l);
        place_cursor(s, &l);
    }
    wnoutrefresh(stdscr);
    doupdate();
}
