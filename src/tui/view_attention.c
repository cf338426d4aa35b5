/* view_attention.c - where the model looks: for the next-character
 * prediction, the attention weight of every character it reads, one row per
 * layer and head, shaded in cells right under the characters of the text,
 * which are repeated under the rows. A denser shade is a stronger weight
 * (and in colour a brighter one).
 *
 * Each row is scaled to its own strongest weight, printed at its right end
 * under the heading "max" and explained on the last line, so a head that
 * spreads its attention thinly still shows its pattern.
 */
#include <stdio.h>

#include "app/labels.h"
#include "tui/views.h"

enum { FOOT_ROWS = 2 }; /* the characters and "max" under the rows; what max means */

int view_attention_rows(const AppState *s)
{
    return 1 + s->text.m->cfg.n_layer * s->text.m->cfg.n_head + FOOT_ROWS;
}

/* Where the row's strongest weight is printed. */
static int max_x(const AppState *s, Rect r)
{
    return r.x + PROMPT_LABEL_COLS + view_prompt_text_width(s, r) + 2;
}

/* The strongest weight of one head over everything the model read. */
static float head_max(const AppState *s, int layer, int head)
{
    float m = 0.0f;
    for (long t = (long)app_window_start(s); t < (long)s->text.g.n; t++) {
        float a;
        if (app_attention(s, layer, head, t, &a))
            m = a > m ? a : m;
    }
    return m;
}

static void draw_head(const AppState *s, Rect r, int y, int layer, int head, const PromptCell *cells,
                      int n)
{
    const Glyphs *g = tui_glyphs();
    draw_textf(y, r.x, PROMPT_LABEL_COLS - 1, ROLE_DIM, "L%d H%d", layer + 1, head + 1);
    float m = head_max(s, layer, head);
    int x0 = r.x + PROMPT_LABEL_COLS;
    for (int k = 0; k < n && m > 0.0f; k++) {
        float a;
        if (!app_attention(s, layer, head, cells[k].text_index, &a))
            continue; /* a character the model does not read */
        int level = a <= 0.0f ? 0 : 1 + (int)(a / m * 3.999f);
        for (int i = 0; i < cells[k].w; i++)
            draw_text(y, x0 + cells[k].x + i, 1, ROLE_HEAT, g->shades[level]);
    }
    char max[32];
    draw_text(y, max_x(s, r), 8, ROLE_DIM, app_num(s->view.lang, (double)m, 2, max, sizeof max));
}

/* Under the rows: the characters whose columns they shade, "↑ max" under
 * the numbers, and a line that says what those numbers are. */
static void draw_foot(const AppState *s, Rect r, int y, const PromptCell *cells, int n)
{
    int x0 = r.x + PROMPT_LABEL_COLS;
    draw_text(y, r.x, PROMPT_LABEL_COLS - 1, ROLE_HEADER, app_label(s, LBL_PROMPT));
    for (int k = 0; k < n; k++) {
        if (cells[k].shift) {
            draw_text(y, x0 + cells[k].x, cells[k].w, ROLE_DIM, tui_glyphs()->shift);
            continue;
        }
        uint32_t cp =
            cells[k].char_index < 0 ? app_start_cp(s) : s->text.chars[cells[k].char_index].cp;
        float a;
        int read = app_attention(s, 0, 0, cells[k].text_index, &a);
        draw_cp(y, x0 + cells[k].x, cells[k].w, read ? ROLE_NORMAL : ROLE_DIM, cp);
    }
    char max[32];
    snprintf(max, sizeof max, "%s %s", tui_glyphs()->up, app_label(s, LBL_ATT_MAX));
    draw_text(y, max_x(s, r), r.x + r.w - max_x(s, r), ROLE_DIM, max);
    if (y + 1 < r.y + r.h)
        draw_text(y + 1, r.x, r.w, ROLE_DIM, app_label(s, LBL_ATT_NOTE));
}

void view_attention_draw(const AppState *s, Rect r)
{
    PromptCell cells[512];
    int n = view_prompt_cells(s, view_prompt_text_width(s, r), cells, 512);
    draw_text(r.y, r.x, r.w, ROLE_HEADER, app_label(s, LBL_ATT_HEADER));
    int L = s->text.m->cfg.n_layer, H = s->text.m->cfg.n_head, rows = L * H;
    /* the foot stays on screen: the heads that do not fit above it are counted */
    int room = r.h - 1 - FOOT_ROWS, shown = rows <= room ? rows : room - 1;
    shown = shown < 0 ? 0 : shown;
    for (int i = 0; i < shown; i++)
        draw_head(s, r, r.y + 1 + i, i / H, i % H, cells, n);
    int y = r.y + 1 + shown;
    if (shown < rows && room > 0) {
        draw_textf(y, r.x, r.w, ROLE_DIM, app_label_n(s, LBL_ATT_MORE, rows - shown), rows - shown);
        y++;
    }
    if (y < r.y + r.h)
        draw_foot(s, r, y, cells, n);
}
