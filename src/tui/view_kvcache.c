/* view_kvcache.c - `r`: what a KV cache costs, as `tangscope kvcache` prints
 * it: bytes per token for this model and the three large presets, what the
 * cache holds for the text now, and at a long context; in place of the
 * sliders and the timing. */
#include <stdio.h>

#include "engine/kvcost.h"
#include "app/labels.h"
#include "tui/views.h"

enum { NAME_COLS = 34, NUM_COLS = 13, LONG_TOKENS = 4096 };

/* One row: its name, then bytes per token, for the text now and at LONG_TOKENS. */
static void draw_row(AppLang lang, Rect r, int y, Role role, const char *name, size_t per_token,
                     int now)
{
    char num[32];
    draw_text(y, r.x + 2, NAME_COLS - 1, role, name);
    int x = r.x + 2 + NAME_COLS;
    double counts[3] = {1, now, LONG_TOKENS};
    for (int c = 0; c < 3 && x + NUM_COLS <= r.x + r.w; c++, x += NUM_COLS) {
        app_bytes(lang, (double)per_token * counts[c], num, sizeof num);
        draw_text_right(y, x + NUM_COLS - 1, NUM_COLS - 1, role, num);
    }
}

void view_kvcache_draw(const AppState *s, Rect r)
{
    draw_text(r.y, r.x, r.w, ROLE_HEADER, app_label(s, LBL_KV_HEADER));
    KvShape own = kvcost_of_model(&s->text.m->cfg);
    size_t own_bytes = kvcost_bytes_per_token(&own);
    /* the tokens the cache holds for the text now: the window the model reads */
    int now = (int)(s->text.g.n - app_window_start(s));
    char head[64], count[32];
    int x = r.x + 2 + NAME_COLS;
    for (int c = 0; c < 3 && x + NUM_COLS <= r.x + r.w && r.h > 1; c++, x += NUM_COLS) {
        if (c == 0)
            snprintf(head, sizeof head, "%s", app_label(s, LBL_KV_PER_TOKEN));
        else
            snprintf(
                head, sizeof head, app_label(s, c == 1 ? LBL_KV_NOW : LBL_KV_AT),
                app_format_count(s->view.lang, c == 1 ? now : LONG_TOKENS, count, sizeof count));
        draw_text_right(r.y + 1, x + NUM_COLS - 1, NUM_COLS - 1, ROLE_DIM, head);
    }
    char name[128];
    const char *times = tui_glyphs()->times;
    snprintf(name, sizeof name, app_label(s, LBL_KV_THIS), own.layers, times, own.kv_heads * own.head_dim);
    if (r.h > 2)
        draw_row(s->view.lang, r, r.y + 2, ROLE_CACHED, name, own_bytes, now);
    const KvShape *p;
    int n = kvcost_presets(&p);
    for (int i = 0; i < n && i < 3 && 3 + i < r.h; i++) {
        /* a preset's shape has one product or two: a second sign is left over */
        snprintf(name, sizeof name, app_label(s, (LabelId)(LBL_KV_PRESET_MHA + i)), times, times);
        draw_row(s->view.lang, r, r.y + 3 + i, ROLE_NORMAL, name, kvcost_bytes_per_token(&p[i]),
                 now);
    }
    /* the notes: broken into rows where the panel is narrow (beside a lesson) */
    char note[256];
    Rect notes = {r.y, r.x + 2, r.h, r.w - 2};
    snprintf(note, sizeof note, app_label_n(s, LBL_KV_NOTE_NOW, now), now);
    int y = draw_wrapped_from(notes, r.y + 6, ROLE_DIM, note);
    snprintf(note, sizeof note, app_label(s, LBL_KV_NOTE_FORMULA), times, times, times);
    draw_wrapped_from(notes, y, ROLE_DIM, note);
}
