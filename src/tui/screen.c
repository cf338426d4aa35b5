/* screen.c - cutting the screen into panels and drawing the ones that changed.
 *
 *   title                                                  1 row
 *   text (the prompt) and a note under it                  2 rows
 *   [attention: a heading and one row per layer and head]  (v, when it fits)
 *   probabilities: heading, 8 bars, 3 lines                12 rows
 *   sliders | timing                                       the rest, at least 8
 *   status                                                 1 row
 *
 * 80 x 24 holds everything but the attention view, which then takes the place
 * of the panels below the text. Smaller terminals get a message instead.
 */
#include <curses.h>

#include "commands.h"
#include "tui.h"
#include "views.h"

enum { PROBS_ROWS = 12, LOWER_MIN_ROWS = 8 };

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
    if (s->show_attention) {
        int want = view_attention_rows(s);
        l->show_attention = 1;
        if (body - want >= PROBS_ROWS + LOWER_MIN_ROWS) {
            l->attention = (Rect){y, 0, want, cols};
            y += want;
            body -= want;
        } else {
            l->attention = (Rect){y, 0, body, cols};
            return; /* the panels make room for it */
        }
    }
    l->show_panels = 1;
    l->probs = (Rect){y, 0, PROBS_ROWS, cols};
    y += PROBS_ROWS;
    int lower = lines - 1 - y, left = cols >= 100 ? 44 : 38;
    l->sliders = (Rect){y, 0, lower, left};
    l->timing = (Rect){y, left + 2, lower, cols - left - 2};
}

/* Clear a panel and draw it again. */
static void redo(const AppState *s, Rect r, void (*draw)(const AppState *, Rect))
{
    draw_clear(r);
    draw(s, r);
}

static void place_cursor(const AppState *s, const Layout *l)
{
    int y, x;
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
    } else if (s->show_help) {
        curs_set(0);
        view_title_draw(s, l.title);
        view_help_draw(s, l.help);
        redo(s, l.status, view_status_draw);
    } else {
        if (redraw == REDRAW_ALL)
            view_title_draw(s, l.title);
        if (redraw & REDRAW_PROMPT)
            redo(s, l.prompt, view_prompt_draw);
        if (l.show_attention && (redraw & (REDRAW_PROMPT | REDRAW_PROBS)))
            redo(s, l.attention, view_attention_draw);
        if (l.show_panels && (redraw & REDRAW_PROBS))
            redo(s, l.probs, view_probs_draw);
        if (l.show_panels && (redraw & REDRAW_SLIDERS))
            redo(s, l.sliders, view_sliders_draw);
        if (l.show_panels && (redraw & REDRAW_TIMING))
            redo(s, l.timing, view_timing_draw);
        if (redraw & REDRAW_STATUS)
            redo(s, l.status, view_status_draw);
        place_cursor(s, &l);
    }
    wnoutrefresh(stdscr);
    doupdate();
}
