/* screen.c - cutting the screen into panels and drawing the ones that changed.
 *
 * Where each panel stands is layout.c's (screen_layout); here the panels
 * are drawn in their places, each again when the redraw names one of its
 * parts, and screen_fit tells the state how the screen holds it.
 */
#include <curses.h>

#include "app/commands.h"
#include "app/labels.h"
#include "app/textw.h"
#include "tui/tui.h"
#include "tui/views.h"

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
