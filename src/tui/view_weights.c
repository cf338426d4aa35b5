/* view_weights.c - `W`: the weights in three precisions, in place of the
 * sliders and the timing: each one's bytes per weight, the model's size and
 * a cached step's time; then how far the bars now are from float32's (the
 * divergence in bits) and the places under float32 of the top 8. */
#include <stdio.h>

#include "app/labels.h"
#include "engine/quant.h"
#include "tui/views.h"

enum { NAME_COLS = 8, NUM_COLS = 13 };

/* Bytes a weight takes in the matrices (int8: its scale shared by a row). */
static const char *const PER_WEIGHT[WPREC_COUNT] = {"4", "2", "1"};

static void draw_row(const AppState *s, Rect r, int y, WeightPrec p)
{
    const Model *m = p == WPREC_FP32 ? s->text.m : s->text.wt.rounded[p];
    Role role = p == s->text.weights ? ROLE_CACHED : ROLE_NORMAL;
    char num[3][32], ms[24];
    draw_textf(y, r.x + 2, NAME_COLS, role, "%s%s", p == s->text.weights ? "> " : "  ",
               wprec_name(p));
    snprintf(num[0], sizeof num[0], "%s", PER_WEIGHT[p]);
    if (m)
        app_bytes(s->view.lang, (double)model_file_size(m), num[1], sizeof num[1]);
    else
        snprintf(num[1], sizeof num[1], "-");
    double t = s->text.wt.step_s[p];
    if (t > 0)
        snprintf(num[2], sizeof num[2], "%s ms", app_num(s->view.lang, 1000 * t, 3, ms, sizeof ms));
    else
        snprintf(num[2], sizeof num[2], "-");
    int x = r.x + 2 + NAME_COLS;
    for (int c = 0; c < 3 && x + NUM_COLS <= r.x + r.w; c++, x += NUM_COLS)
        draw_text_right(y, x + NUM_COLS - 1, NUM_COLS - 1, role, num[c]);
}

/* The top 8 now, each with its place under float32 when that differs: the
 * label on row y, the characters under it. */
static void draw_places(const AppState *s, Rect r, int y)
{
    draw_text(y, r.x + 2, r.w - 2, ROLE_DIM, app_label(s, LBL_WT_TOP));
    y++;
    int x = r.x + 1;
    for (int i = 0; i < s->text.wt.n_top && x < r.x + r.w; i++) {
        char ch[8] = {0}, place[16];
        utf8_encode(vocab_cp(&s->text.m->vocab, s->text.wt.top[i]), ch);
        int moved = s->text.wt.ref_rank[i] != i + 1;
        if (moved)
            snprintf(place, sizeof place, "%d", s->text.wt.ref_rank[i]);
        else
            place[0] = 0;
        x += 1 + draw_text(y, x + 1, r.x + r.w - x - 1, moved ? ROLE_CACHED : ROLE_NORMAL, ch);
        x += draw_text(y, x, r.x + r.w - x, ROLE_DIM, place);
    }
}

void view_weights_draw(const AppState *s, Rect r)
{
    draw_textf(r.y, r.x, r.w, ROLE_HEADER, app_label(s, LBL_WT_HEADER),
               wprec_name(s->text.weights));
    if (r.h > 1) {
        const char *cols = app_label(s, LBL_WT_COLS);
        int x = r.x + 2 + NAME_COLS;
        for (int c = 0; c < 3 && x + NUM_COLS <= r.x + r.w; c++, x += NUM_COLS) {
            char head[64];
            size_t len = 0;
            while (cols[len] && cols[len] != '|')
                len++;
            snprintf(head, sizeof head, "%.*s", (int)len, cols);
            draw_text_right(r.y + 1, x + NUM_COLS - 1, NUM_COLS - 1, ROLE_DIM, head);
            cols += cols[len] ? len + 1 : len;
        }
    }
    for (int p = 0; p < WPREC_COUNT && 2 + p < r.h; p++)
        draw_row(s, r, r.y + 2 + p, (WeightPrec)p);
    if (r.h > 5) {
        char kl[32];
        if (s->text.weights == WPREC_FP32)
            draw_text(r.y + 5, r.x + 2, r.w - 2, ROLE_DIM, app_label(s, LBL_WT_SAME));
        else
            draw_textf(r.y + 5, r.x + 2, r.w - 2, ROLE_NORMAL, app_label(s, LBL_WT_KL),
                       app_num(s->view.lang, s->text.wt.kl_bits, 5, kl, sizeof kl));
    }
    if (r.h > 7 && s->text.weights != WPREC_FP32)
        draw_places(s, r, r.y + 6);
}
