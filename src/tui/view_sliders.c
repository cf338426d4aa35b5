/* view_sliders.c - the sampler's settings as sliders, the verse form and the
 * KV cache switch. The mouse finds a slider through view_sliders_hit, which
 * uses the same geometry the drawing does. */
#include <stdio.h>

#include "app/labels.h"
#include "app/textw.h"
#include "tui/input.h"
#include "tui/views.h"

enum { NAME_X = 2, NAME_COLS = 12, KEYS_X = 14, KEYS_COLS = 4, BAR_X = 18, VALUE_COLS = 7 };

/* The bar's first column and width, inside the end caps. */
static void bar_span(Rect r, int *x, int *w)
{
    *x = r.x + BAR_X + 1;
    *w = r.w - BAR_X - VALUE_COLS - 2;
}

/* The panel's rows under its heading: the sliders, the form, the cache. */
enum { ROW_FORM = SL_COUNT, ROW_CACHE, ROW_COUNT };

/* Which rows the panel shows in `body` rows, in order (rows[i] is a
 * SliderId, ROW_FORM or ROW_CACHE); returns how many. Short of rows (80x24
 * has 7 under the heading) it leaves out first a quiet slider (the penalty
 * while it is off) unless selected, then the form while it is free, then
 * the rows at the end: the drawing and the mouse both read this. */
static int panel_rows(const AppState *s, int body, int rows[ROW_COUNT])
{
    int quiet = 0;
    for (int i = 0; i < SL_COUNT; i++)
        quiet += s->view.slider != i && app_slider_quiet(s, (SliderId)i);
    int drop_quiet = body < ROW_COUNT;
    int drop_form = body < ROW_COUNT - quiet && s->view.mode.kind == FORM_FREE;
    int n = 0;
    for (int i = 0; i < ROW_COUNT; i++) {
        if (i == ROW_FORM && drop_form)
            continue;
        if (i < SL_COUNT && drop_quiet && s->view.slider != i && app_slider_quiet(s, (SliderId)i))
            continue;
        rows[n++] = i;
    }
    return n < body ? n : body < 0 ? 0 : body;
}

static void draw_slider(const AppState *s, Rect r, int y, SliderId id)
{
    const Glyphs *g = tui_glyphs();
    int selected = s->view.slider == (int)id;
    Role name = selected ? ROLE_SELECTED : ROLE_NORMAL;
    if (selected)
        draw_text(y, r.x, 1, ROLE_SELECTED, g->marker);
    draw_text(y, r.x + NAME_X, NAME_COLS - 1, name, app_slider_word(s->view.lang, id));
    char keys[16];
    input_slider_keys(id, keys, sizeof keys);
    draw_text(y, r.x + KEYS_X, KEYS_COLS, ROLE_KEY, keys);
    SliderSpec spec = app_slider_spec(id);
    const SliderSpec *sp = &spec;
    if (sp->has_bar) {
        int bx, bw;
        bar_span(r, &bx, &bw);
        double f = (app_slider_value(s, id) - sp->min) / (sp->max - sp->min);
        draw_text(y, bx - 1, 1, ROLE_DIM, g->bar_left);
        draw_hbar(y, bx, bw, f, selected ? ROLE_SELECTED : ROLE_BAR_SAMPLER);
        draw_text(y, bx + bw, 1, ROLE_DIM, g->bar_right);
    }
    char v[32];
    app_slider_format(s, id, v, sizeof v);
    draw_item(id == SL_SEED ? ITEM_SEED : ITEM_NONE, 0);
    draw_text_right(y, r.x + r.w, VALUE_COLS, name, v);
    draw_item(ITEM_NONE, 0);
}

/* The start of a switch's row (the form, the cache): its name, then its
 * keys in the sliders' key column, or, when a value `need` columns wide
 * would not fit after them there (French and German at 80 columns), right
 * after the name: the value whole rather than cut. Returns the value's
 * column. */
static int switch_row(const AppState *s, Rect r, int y, LabelId name, const char *keys, int need)
{
    int name_w = draw_text(y, r.x + NAME_X, NAME_COLS - 1, ROLE_NORMAL, app_label(s, name));
    int keys_w = textw_width(keys), x = KEYS_X;
    if (x + keys_w + 1 + need > r.w)
        x = NAME_X + name_w + 1;
    draw_text(y, r.x + x, keys_w, ROLE_KEY, keys);
    return x + keys_w + 1;
}

/* The form: its keys take five columns ("f a j"), the form itself the rest,
 * ending in an ellipsis when an acrostic has more heads than fit. */
static void draw_mode_line(const AppState *s, Rect r, int y)
{
    static const char KEYS_FORM[] = "f a j";
    char mode[160];
    if (s->view.mode.kind == FORM_JUEJU)
        snprintf(mode, sizeof mode, app_label_n(s, LBL_MODE_JUEJU, s->view.mode.line_len),
                 app_line_len(s->view.lang, s->view.mode.line_len));
    else if (s->view.mode.kind == FORM_ACROSTIC) {
        snprintf(mode, sizeof mode, app_label(s, LBL_MODE_ACROSTIC),
                 app_line_len(s->view.lang, s->view.mode.line_len), s->view.mode.heads);
        /* narrow: the heads whole, the name goes (the most room: keys after the name) */
        int most = r.w - NAME_X - textw_width(app_label(s, LBL_MODE)) - 1 - textw_width(KEYS_FORM) - 1;
        if (textw_width(mode) > most)
            snprintf(mode, sizeof mode, "%.100s (%d)", s->view.mode.heads, s->view.mode.line_len);
    }
    else
        snprintf(mode, sizeof mode, "%s", app_label(s, LBL_MODE_FREE));
    int x = switch_row(s, r, y, LBL_MODE, KEYS_FORM, textw_width(mode));
    draw_text_cut(y, r.x + x, r.w - x, ROLE_NORMAL, mode);
}

/* "KV cache  c on 0.09 ms, read 1": what the last prediction cost, so
 * switching the cache off shows at once that every step rereads the text.
 * It starts right after its one key: "off 12.34 ms, read 128" needs the
 * room. */
static void draw_cache_line(const AppState *s, Rect r, int y)
{
    int on = s->text.g.use_cache;
    char ms[32], cost[96];
    app_num(s->view.lang, s->pred.predict_ms, 2, ms, sizeof ms);
    snprintf(cost, sizeof cost, app_label(s, LBL_CACHE_COST), ms, s->pred.predict_rows);
    const char *state = app_label(s, on ? LBL_ON : LBL_OFF);
    int x = switch_row(s, r, y, LBL_CACHE, "c", textw_width(state) + 1 + textw_width(cost));
    x += draw_text(y, r.x + x, r.w - x, on ? ROLE_CACHED : ROLE_UNCACHED, state) + 1;
    draw_text(y, r.x + x, r.w - x, ROLE_DIM, cost);
}

void view_sliders_draw(const AppState *s, Rect r)
{
    const Glyphs *g = tui_glyphs();
    draw_textf(r.y, r.x, r.w, ROLE_HEADER, app_label(s, LBL_SLIDERS_HEADER), g->up, g->down, g->left,
               g->right);
    int rows[ROW_COUNT], n = panel_rows(s, r.h - 1, rows);
    for (int i = 0; i < n; i++) {
        int y = r.y + 1 + i;
        if (rows[i] == ROW_FORM)
            draw_mode_line(s, r, y);
        else if (rows[i] == ROW_CACHE)
            draw_cache_line(s, r, y);
        else
            draw_slider(s, r, y, (SliderId)rows[i]);
    }
}

int view_sliders_hit(const AppState *s, Rect r, int y, int x, SliderId *id, double *value,
                     int *on_bar)
{
    int rows[ROW_COUNT], n = panel_rows(s, r.h - 1, rows), row = y - r.y - 1;
    if (row < 0 || row >= n || rows[row] >= SL_COUNT || x < r.x || x >= r.x + r.w)
        return 0;
    *id = (SliderId)rows[row];
    SliderSpec spec = app_slider_spec(*id);
    const SliderSpec *sp = &spec;
    int bx, bw;
    bar_span(r, &bx, &bw);
    /* the end caps count too, so a drag past either end pins the value there */
    *on_bar = sp->has_bar && x >= bx - 1 && x <= bx + bw;
    double f = ((double)(x - bx) + 0.5) / bw;
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    *value = sp->min + f * (sp->max - sp->min);
    return 1;
}
