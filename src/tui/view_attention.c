/* view_attention.c - where the model looks: for the next-character
 * prediction, the attention weight of every character it reads, one row per
 * layer and head, shaded in cells right under the characters of the text.
 *
 * Each row is scaled to its own strongest weight (printed at its right end),
 * so a head that spreads its attention thinly still shows its pattern.
 */
#include <stdio.h>

#include "labels.h"
#include "views.h"

int view_attention_rows(const AppState *s)
{
    return 1 + s->m->cfg.n_layer * s->m->cfg.n_head;
}

/* The strongest weight of one head over everything the model read. */
static float head_max(const AppState *s, int layer, int head)
{
    float m = 0.0f;
    for (long t = (long)app_window_start(s); t < (long)s->g.n; t++) {
        float a = app_attention(s, layer, head, t);
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
        float a = app_attention(s, layer, head, cells[k].text_index);
        if (a < 0.0f)
            continue; /* a character the model does not read */
        int level = a <= 0.0f ? 0 : 1 + (int)(a / m * 3.999f);
        for (int i = 0; i < cells[k].w; i++)
            draw_text(y, x0 + cells[k].x + i, 1, ROLE_HEAT, g->shades[level]);
    }
    draw_textf(y, r.x + PROMPT_LABEL_COLS + view_prompt_text_width(s, r) + 2, 8, ROLE_DIM, "%.2f",
               (double)m);
}

void view_attention_draw(const AppState *s, Rect r)
{
    PromptCell cells[512];
    int n = view_prompt_cells(s, view_prompt_text_width(s, r), cells, 512);
    draw_text(r.y, r.x, r.w, ROLE_HEADER, app_label(s, LBL_ATT_HEADER));
    int L = s->m->cfg.n_layer, H = s->m->cfg.n_head, rows = L * H;
    for (int i = 0; i < rows; i++) {
        int y = r.y + 1 + i;
        if (y == r.y + r.h - 1 && i < rows - 1) { /* no room for the rest */
            draw_textf(y, r.x, r.w, ROLE_DIM, app_label(s, LBL_ATT_MORE), rows - i);
            break;
        }
        if (y >= r.y + r.h)
            break;
        draw_head(s, r, y, i / H, i % H, cells, n);
    }
}
