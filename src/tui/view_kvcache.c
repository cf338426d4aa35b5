/* view_kvcache.c - `r`: what a KV cache costs, as `tangscope kvcache` prints
 * it: bytes per token for this model and the three large presets, what the
 * cache holds for the text now, and at a long context; in place of the
 * sliders and the timing. */
#include <stdio.h>
#include <string.h>

#include "engine/kvcost.h"
#include "app/labels.h"
#include "app/textw.h"
#include "tui/views.h"

enum { ROWS = 4, COLS = 3, LONG_TOKENS = 4096 };

/* The table's texts, and the columns each needs. */
typedef struct {
    char name[ROWS][128];
    size_t per_token[ROWS];
    char head[COLS][64];
    char num[ROWS][COLS][32];
    int name_w, short_w; /* the widest name, and the widest without its shape */
    int col_w[COLS];     /* the widest heading or figure of a column */
} KvTable;

/* The bytes of a name before its shape in brackets, " (32×4,096)" or
 * "（32×4096）": a narrow panel leaves the shape out. */
static size_t short_len(const char *name)
{
    const char *cut = strstr(name, " (");
    const char *wide = strstr(name, "\xef\xbc\x88"); /* （ */
    if (!cut || (wide && wide < cut))
        cut = wide;
    return cut ? (size_t)(cut - name) : strlen(name);
}

static void table_fill(const AppState *s, int now, KvTable *t)
{
    const char *times = tui_glyphs()->times;
    KvShape own = kvcost_of_model(&s->text.m->cfg);
    snprintf(t->name[0], sizeof t->name[0], app_label(s, LBL_KV_THIS), own.layers, times,
             own.kv_heads * own.head_dim);
    t->per_token[0] = kvcost_bytes_per_token(&own);
    const KvShape *p;
    int n = kvcost_presets(&p);
    for (int i = 1; i < ROWS; i++) {
        /* a preset's shape has one product or two: a second sign is left over */
        snprintf(t->name[i], sizeof t->name[i], app_label(s, (LabelId)(LBL_KV_PRESET_MHA + i - 1)), times,
                 times);
        t->per_token[i] = i - 1 < n ? kvcost_bytes_per_token(&p[i - 1]) : 0;
    }
    char count[32];
    snprintf(t->head[0], sizeof t->head[0], "%s", app_label(s, LBL_KV_PER_TOKEN));
    snprintf(t->head[1], sizeof t->head[1], app_label(s, LBL_KV_NOW),
             app_format_count(s->view.lang, now, count, sizeof count));
    snprintf(t->head[2], sizeof t->head[2], app_label(s, LBL_KV_AT),
             app_format_count(s->view.lang, LONG_TOKENS, count, sizeof count));
    double counts[COLS] = {1, now, LONG_TOKENS};
    t->name_w = t->short_w = 0;
    for (int c = 0; c < COLS; c++)
        t->col_w[c] = textw_width(t->head[c]);
    for (int i = 0; i < ROWS; i++) {
        int w = textw_width(t->name[i]);
        t->name_w = w > t->name_w ? w : t->name_w;
        char head[128];
        snprintf(head, sizeof head, "%.*s", (int)short_len(t->name[i]), t->name[i]);
        w = textw_width(head);
        t->short_w = w > t->short_w ? w : t->short_w;
        for (int c = 0; c < COLS; c++) {
            app_bytes(s->view.lang, (double)t->per_token[i] * counts[c], t->num[i][c],
                      sizeof t->num[i][c]);
            w = textw_width(t->num[i][c]);
            t->col_w[c] = w > t->col_w[c] ? w : t->col_w[c];
        }
    }
}

/* How the table fits `width` columns: the indent, whether the names keep
 * their shapes, and how many figure columns. Per token and now come first,
 * then the shapes (the narration tells them), then the long context. */
typedef struct {
    int indent, full_names, cols;
} KvFit;

static int table_width(const KvTable *t, int indent, int full_names, int cols)
{
    int w = indent + (full_names ? t->name_w : t->short_w);
    for (int c = 0; c < cols; c++)
        w += 2 + t->col_w[c];
    return w;
}

static KvFit table_fit(const KvTable *t, int width)
{
    static const KvFit tries[] = {{2, 1, 3}, {2, 1, 2}, {2, 0, 2}, {0, 0, 2}, {2, 0, 1}, {0, 0, 1}};
    for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++)
        if (table_width(t, tries[i].indent, tries[i].full_names, tries[i].cols) <= width)
            return tries[i];
    return (KvFit){0, 0, 0};
}

void view_kvcache_draw(const AppState *s, Rect r)
{
    draw_text(r.y, r.x, r.w, ROLE_HEADER, app_label(s, LBL_KV_HEADER));
    /* the tokens the cache holds for the text now: the window the model reads */
    int now = (int)(s->text.g.n - app_window_start(s));
    static KvTable t;
    table_fill(s, now, &t);
    KvFit fit = table_fit(&t, r.w);
    int name_w = fit.full_names ? t.name_w : t.short_w;
    int x = r.x + fit.indent + name_w;
    for (int c = 0; c < fit.cols && r.h > 1; c++) {
        x += 2 + t.col_w[c];
        draw_item(ITEM_KV_COLUMN, c);
        draw_text_right(r.y + 1, x, t.col_w[c], ROLE_DIM, t.head[c]);
    }
    draw_item(ITEM_NONE, 0);
    for (int i = 0; i < ROWS && 2 + i < r.h; i++) {
        int y = r.y + 2 + i;
        char name[128];
        snprintf(name, sizeof name, "%.*s", fit.full_names ? (int)strlen(t.name[i]) : (int)short_len(t.name[i]),
                 t.name[i]);
        Role role = i == 0 ? ROLE_CACHED : ROLE_NORMAL;
        draw_text(y, r.x + fit.indent, name_w, role, name);
        x = r.x + fit.indent + name_w;
        for (int c = 0; c < fit.cols; c++) {
            x += 2 + t.col_w[c];
            draw_text_right(y, x, t.col_w[c], role, t.num[i][c]);
        }
    }
    /* the notes: broken into rows where the panel is narrow (beside a lesson) */
    char note[256];
    const char *times = tui_glyphs()->times;
    Rect notes = {r.y, r.x + 2, r.h, r.w - 2};
    snprintf(note, sizeof note, app_label_n(s, LBL_KV_NOTE_NOW, now), now);
    int y = draw_wrapped_from(notes, r.y + 6, ROLE_DIM, note);
    snprintf(note, sizeof note, app_label(s, LBL_KV_NOTE_FORMULA), times, times, times);
    draw_wrapped_from(notes, y, ROLE_DIM, note);
}
