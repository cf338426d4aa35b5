/* view_mask.c - `w`: the causal mask of the model's last pass, drawn.
 *
 * The pass computed T new positions after `start` cached ones; their queries
 * meet all total = start + T keys, and the mask lets query row i (position
 * start + i) see key k only when k <= start + i: the course's
 *   torch.ones(T, total).tril(diagonal=total - T)
 * With the cache a step is one row (T = 1) that sees every key; without it,
 * or when the cache starts over, the pass is the whole square triangle.
 *
 * The grid shows the last rows and columns that fit, keys along the top as
 * the characters they hold, each query row with its position and character.
 * The rows of this pass are bright; the rows above them are the earlier
 * positions, dim: computed once, kept in the cache, not computed again. So a
 * cached step reads as the last row of the same triangle a full pass draws.
 */
#include <stdio.h>
#include <string.h>

#include "app/labels.h"
#include "app/textw.h"
#include "tui/views.h"

enum { LABEL_COLS = 9, KEY_COLS = 2 }; /* " 127 春 " before the grid; a key's columns */

static uint32_t token_cp(const AppState *s, int token)
{
    return token < 0 ? '?' : vocab_cp(&s->text.m->vocab, token);
}

/* The heading and the line that says which kind of pass it was; returns the
 * row after them. */
static int draw_heading(const AppState *s, Rect r, AppMask m)
{
    char head[256], kind[256];
    snprintf(head, sizeof head, app_label(s, LBL_MASK_HEADER), m.rows, m.total, m.total - m.rows);
    if (m.start == 0)
        snprintf(kind, sizeof kind, app_label(s, LBL_MASK_PASS), m.rows);
    else if (m.rows == 1)
        snprintf(kind, sizeof kind, app_label(s, LBL_MASK_STEP), m.start, m.start);
    else
        snprintf(kind, sizeof kind, app_label(s, LBL_MASK_OFFSET), m.rows, m.start);
    int y = r.y;
    char *code = strstr(head, "ones(");
    if (code && code > head && textw_width(head) > r.w) {
        /* too narrow for one row: the code on a row of its own, never split */
        char words[256];
        snprintf(words, sizeof words, "%.*s", (int)(code - head), head);
        y = draw_wrapped_from(r, y, ROLE_HEADER, words);
        y = draw_wrapped_from((Rect){r.y, r.x + 2, r.h, r.w - 2}, y, ROLE_HEADER, code);
    } else {
        y = draw_wrapped_from(r, y, ROLE_HEADER, head);
    }
    return draw_wrapped_from(r, y, ROLE_NORMAL, kind);
}

void view_mask_draw(const AppState *s, Rect r)
{
    const Glyphs *g = tui_glyphs();
    AppMask m = app_mask(s);
    int y = draw_heading(s, r, m);
    char legend[256], cut_line[256];
    snprintf(legend, sizeof legend, app_label(s, LBL_MASK_LEGEND), g->seen, g->masked);
    const char *rows_line = app_label(s, LBL_MASK_ROWS);
    int keys = (r.w - LABEL_COLS) / KEY_COLS;
    keys = keys > m.total ? m.total : keys;
    int k0 = m.total - keys, cut = k0 > 0;
    snprintf(cut_line, sizeof cut_line, app_label(s, LBL_MASK_CUT), g->cut, k0, g->seen);
    int under = textw_lines(legend, r.w, NULL, 0) + textw_lines(rows_line, r.w, NULL, 0) +
                (cut ? textw_lines(cut_line, r.w, NULL, 0) : 0);
    int grid_rows = r.y + r.h - y - 1 - under; /* the axis, then the rows, then the lines under */
    if (m.total == 0 || grid_rows < 2)
        return;
    int rows = grid_rows > m.total ? m.total : grid_rows;
    int q0 = m.total - rows, x0 = r.x + LABEL_COLS;
    /* the axis: the keys' characters */
    draw_textf(y, r.x, LABEL_COLS - 2, ROLE_DIM, app_label(s, LBL_MASK_AXIS), g->down, g->right);
    if (cut)
        draw_text(y, x0 - 1, 1, ROLE_DIM, g->cut);
    for (int k = k0; k < m.total; k++)
        draw_cp(y, x0 + (k - k0) * KEY_COLS, KEY_COLS, ROLE_NORMAL, token_cp(s, app_mask_token(s, k)));
    /* the rows: a query's position and character, then what it may see */
    for (int q = q0; q < m.total; q++) {
        int yy = y + 1 + (q - q0), now = q >= m.start;
        Role row = now ? ROLE_KEY : ROLE_DIM;
        draw_textf(yy, r.x, 5, row, "%5d", q);
        draw_cp(yy, r.x + 6, KEY_COLS, now ? ROLE_NORMAL : ROLE_DIM, token_cp(s, app_mask_token(s, q)));
        for (int k = k0; k < m.total; k++)
            draw_text(yy, x0 + (k - k0) * KEY_COLS, 1, k <= q ? row : ROLE_DIM, k <= q ? g->seen : g->masked);
    }
    int below = y + 1 + rows;
    if (cut)
        below = draw_wrapped_from(r, below, ROLE_DIM, cut_line);
    below = draw_wrapped_from(r, below, ROLE_NORMAL, legend);
    draw_wrapped_from(r, below, ROLE_DIM, rows_line);
}
