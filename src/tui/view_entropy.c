/* view_entropy.c - uncertainty under the text: how open each draw was.
 *
 * Every character the sampler wrote was drawn from a distribution; its
 * entropy in bits (AppChar.bits, kept by the app) says how open the choice
 * was: 0 when one character had it all, 1 for a fair coin between two, 6 as
 * for 64 equally likely ones. The text line shades each written
 * character by it (view_entropy_role), and `e` shows the numbers here: the
 * last characters of the text, each over its entropy, in rows.
 */
#include <stdio.h>

#include "app/labels.h"
#include "tui/views.h"

enum { CELL_COLS = 5 }; /* "12.8 ": the widest entropy, log2 of 7,311, and a space */

Role view_entropy_role(float bits)
{
    switch (app_entropy_level(bits)) {
    case ENTROPY_LOW: return ROLE_ENTROPY_LOW;
    case ENTROPY_MID: return ROLE_ENTROPY_MID;
    case ENTROPY_HIGH: break;
    }
    return ROLE_ENTROPY_HIGH;
}

/* text wrapped to r's width from row y, if it takes at most rows rows
 * (else nothing: half a heading says less than none); the rows it took. */
static int wrapped_lines(const AppState *s, Rect r, int y, int rows, Role role, const char *text)
{
    enum { MAX = 4 };
    TextSpan spans[MAX];
    int n = textw_lines_in(text, r.w, lang_row(s->view.lang)->wrap, spans, MAX);
    if (n > MAX || n > rows)
        return 0;
    for (int k = 0; k < n; k++) {
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)spans[k].len, text + spans[k].start);
        draw_text(y + k, r.x + spans[k].indent, r.w - spans[k].indent, role, line);
    }
    return n;
}

/* The heading on one row (a view's heading is never wrapped: one too wide
 * for the narrowest place is a cut line, which `lesson --check` tells), and
 * on its right the key that closes the view where both fit. */
static void heading(const AppState *s, Rect r)
{
    const char *title = app_label(s, LBL_ENTROPY_HEADER);
    char close[64];
    snprintf(close, sizeof close, app_label(s, LBL_VIEW_CLOSE), "e");
    int tw = textw_width(title), hw = textw_width(close);
    draw_text(r.y, r.x, r.w, ROLE_HEADER, title);
    if (tw + 2 + hw <= r.w)
        draw_text_right(r.y, r.x + r.w, hw, ROLE_KEY, close);
}

/* The three levels, each in its own look: on one line where they fit, else
 * one to a line where rows allows; the rows taken (0: no room for them). */
static int draw_legend(const AppState *s, Rect r, int y, int rows)
{
    static const struct {
        LabelId label;
        float bits; /* a value of that level */
    } levels[] = {{LBL_ENTROPY_LOW, 0.0f},
                  {LBL_ENTROPY_MID, APP_ENTROPY_LOW_BITS},
                  {LBL_ENTROPY_HIGH, APP_ENTROPY_HIGH_BITS}};
    enum { LEVELS = sizeof levels / sizeof levels[0] };
    int one_line = 0, widest = 0;
    for (int i = 0; i < LEVELS; i++) {
        int w = textw_width(app_label(s, levels[i].label));
        one_line += w + (i ? textw_width(tui_glyphs()->sep) : 0);
        widest = w > widest ? w : widest;
    }
    int stacked = one_line > r.w;
    if (rows < 1 || (stacked && (rows < LEVELS || widest > r.w)))
        return 0;
    int x = r.x;
    for (int i = 0; i < LEVELS; i++) {
        if (i && !stacked)
            x += draw_text(y, x, r.x + r.w - x, ROLE_DIM, tui_glyphs()->sep);
        x += draw_text(y + (stacked ? i : 0), stacked ? r.x : x, stacked ? r.w : r.x + r.w - x,
                       view_entropy_role(levels[i].bits), app_label(s, levels[i].label));
    }
    return stacked ? LEVELS : 1;
}

void view_entropy_draw(const AppState *s, Rect r)
{
    if (r.h < 1 || r.w < CELL_COLS)
        return;
    int written = 0;
    for (size_t i = 0; i < s->text.n_chars; i++)
        written += s->text.chars[i].origin == ORIGIN_MODEL;
    /* the figures first: two rows for a row of them, then the heading and
     * the legend above them where rows are left (beside a lesson's narration
     * they may not be) */
    int y = r.y;
    if (r.h - 2 >= 1) {
        heading(s, r);
        y++;
    }
    y += draw_legend(s, r, y, r.y + r.h - y - 2);
    if (!written) {
        wrapped_lines(s, r, y, r.y + r.h - y, ROLE_DIM, app_label(s, LBL_ENTROPY_NONE));
        return;
    }
    /* rows of characters, each over its number: the text's end fills them */
    int per_row = r.w / CELL_COLS, rows = (r.y + r.h - y) / 2;
    if (per_row < 1 || rows < 1)
        return;
    size_t room = (size_t)per_row * (size_t)rows;
    size_t first = s->text.n_chars > room ? s->text.n_chars - room : 0, last = s->text.n_chars;
    while (last > first && s->text.chars[last - 1].origin != ORIGIN_MODEL)
        last--; /* the model's last: the figure `expect entropy` names */
    for (size_t i = first; i < s->text.n_chars; i++) {
        const AppChar *c = &s->text.chars[i];
        int k = (int)(i - first), row = y + 2 * (k / per_row), x = r.x + CELL_COLS * (k % per_row);
        int model = c->origin == ORIGIN_MODEL;
        Role role = c->id < 0 ? ROLE_UNKNOWN : model ? view_entropy_role(c->bits) : ROLE_DIM;
        draw_cp(row, x, CELL_COLS - 1, role, c->cp);
        if (model) {
            char bits[16];
            draw_item(i + 1 == last ? ITEM_ENTROPY : ITEM_NONE, 0);
            draw_text(row + 1, x, CELL_COLS - 1, role,
                      app_num(s->view.lang, (double)c->bits, 1, bits, sizeof bits));
            draw_item(ITEM_NONE, 0);
        } else {
            draw_text(row + 1, x, CELL_COLS - 1, ROLE_DIM, "-"); /* typed or picked: no draw */
        }
    }
}
