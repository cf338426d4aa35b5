/* view_help.c - `?`: every key on one screen, made from the key table
 * (input_help), in one column or, on a short terminal, two; under them
 * what the bars and the timing show.
 *
 * At 80x24 the title shares its row with the closing hint and nothing is
 * blank; taller screens get blank rows back, after the title first. */
#include <stdio.h>
#include <string.h>

#include "app/labels.h"
#include "app/session.h"
#include "app/textw.h"
#include "tui/input.h"
#include "tui/views.h"

enum { MAX_LINES = 64, KEY_COLS = 13, LEGEND_ROWS = 4 };

/* The sliders' keys, "tT kK pP mM dD", as "tkpmd/TKPMD": down, then up, in
 * the width of the other lines' keys (KEY_COLS at 80x24). Keys that are not
 * all such pairs stay as they are. */
static void fold_pairs(char *keys, size_t size)
{
    char down[16], up[16];
    size_t n = 0, len = strlen(keys);
    for (size_t i = 0; i < len; i += 3) {
        char c = keys[i];
        if (n + 1 >= sizeof down || !(c >= 'a' && c <= 'z') || keys[i + 1] != c - 'a' + 'A' ||
            (keys[i + 2] != ' ' && keys[i + 2] != 0))
            return;
        down[n] = c;
        up[n++] = keys[i + 1];
        if (keys[i + 2] == 0)
            break;
    }
    down[n] = up[n] = 0;
    snprintf(keys, size, "%s/%s", down, up);
}

/* The help's lines: the key table's, and one that is no key (typing), in
 * the order of their labels (labels.h lists the help's by topic); the mouse
 * joins the arrows' line, which move a slider as it does (one line fewer
 * keeps the legend on an 80x24 screen). */
static int help_lines(AppLang lang, KeyHelp *lines)
{
    int n = input_help(lang, lines, MAX_LINES - 1);
    lines[n++] = (KeyHelp){.what = LBL_HELP_TYPE, .keys = "春风"};
    const char *mouse = app_key_name(tui_glyphs()->unicode ? lang : LANG_EN, KN_MOUSE);
    for (int i = 0; i < n; i++)
        if (lines[i].what == LBL_HELP_SLIDERS)
            fold_pairs(lines[i].keys, sizeof lines[i].keys);
    for (int i = 0; i < n; i++)
        if (lines[i].what == LBL_HELP_ARROWS) {
            size_t len = strlen(lines[i].keys);
            snprintf(lines[i].keys + len, sizeof lines[i].keys - len, " %s", mouse);
        }
    for (int i = 1; i < n; i++) /* by label, stable: insertion sort of a few dozen */
        for (int j = i; j > 0 && lines[j - 1].what > lines[j].what; j--) {
            KeyHelp t = lines[j];
            lines[j] = lines[j - 1];
            lines[j - 1] = t;
        }
    return n;
}

/* The columns a column of the help gives its keys: KEY_COLS, or its widest
 * keys and a blank, so that what the keys do starts at one column on every
 * line (the width on screen: 空格 takes four). */
static int key_cols(const KeyHelp *lines, int from, int to)
{
    int cols = KEY_COLS;
    for (int i = from; i < to; i++)
        if (textw_width(lines[i].keys) + 1 > cols)
            cols = textw_width(lines[i].keys) + 1;
    return cols;
}

/* One line: the keys, then what they do from column `at` on; a cut shows
 * as an ellipsis. */
static void draw_line(const AppState *s, const KeyHelp *h, int y, int x, int w, int at)
{
    draw_text(y, x, w, ROLE_KEY, h->keys);
    char what[128];
    if (h->what == LBL_HELP_LANGUAGE) /* the languages of the table */
        snprintf(what, sizeof what, app_label(s, h->what), app_lang_tags());
    else
        snprintf(what, sizeof what, "%s", app_label(s, h->what));
    if (at < w)
        draw_text_cut(y, x + at, w - at, ROLE_NORMAL, what);
}

void view_help_draw(const AppState *s, Rect r)
{
    const Glyphs *g = tui_glyphs();
    KeyHelp lines[MAX_LINES];
    int n = help_lines(s->view.lang, lines);
    int columns = r.h - 1 - LEGEND_ROWS >= n ? 1 : 2;
    int per_column = (n + columns - 1) / columns, col_w = (r.w - 2) / columns;
    int spare = r.h - 1 - per_column - LEGEND_ROWS;
    int gap_title = spare >= 1, gap_legend = spare >= 2, close_below = spare >= 3;
    draw_text(r.y, r.x + 2, r.w - 2, ROLE_HEADER, app_label(s, LBL_HELP_TITLE));
    const char *close = app_label(s, LBL_HELP_CLOSE);
    if (close_below)
        draw_text(r.y + r.h - 1, r.x + 2, r.w - 2, ROLE_DIM, close);
    else
        draw_text_right(r.y, r.x + r.w - 1, r.w - 3 - textw_width(app_label(s, LBL_HELP_TITLE)),
                        ROLE_DIM, close);
    int top = r.y + 1 + gap_title;
    for (int i = 0; i < n; i++) {
        int column = i / per_column, first = column * per_column;
        int y = top + i % per_column, x = r.x + 2 + column * col_w;
        int last = first + per_column < n ? first + per_column : n;
        if (y < r.y + r.h)
            draw_line(s, &lines[i], y, x, col_w - 1, key_cols(lines, first, last));
    }
    /* what the panels show, with the glyphs they show it with */
    int y = top + per_column + gap_legend, bottom = r.y + r.h - close_below;
    /* the session's code, whole (the title shortens a long one): at the
     * bottom, in rows to spare; a long one (half the width or more, which
     * the title may have shortened) also where the legend's last rows were */
    char code[SESSION_CODE_MAX + 1], line[SESSION_CODE_MAX + 64];
    if (app_session_code_text(s, code, sizeof code) > 0) {
        snprintf(line, sizeof line, "%s %s%s%s", app_label(s, LBL_CODE), code,
                 app_session_code_enter(s) ? " " : "",
                 app_session_code_enter(s) ? app_label(s, LBL_CODE_ENTER) : "");
        Rect c = {r.y, r.x + 2, r.h, r.w - 3};
        int rows = textw_lines(line, c.w, NULL, 0);
        int spare_rows = bottom - (y + LEGEND_ROWS), long_code = textw_width(line) >= r.w / 2;
        if (rows <= spare_rows || (long_code && rows < bottom - top - per_column)) {
            bottom -= rows;
            draw_wrapped_from(c, bottom, ROLE_HEADER, line);
        }
    }
    const char *legend[LEGEND_ROWS] = {g->half_top, g->half_bottom, "", g->delta};
    static const LabelId LEGEND[LEGEND_ROWS] = {LBL_HELP_LEGEND_MODEL, LBL_HELP_LEGEND_SAMPLER,
                                                LBL_HELP_LEGEND_CORPUS, LBL_HELP_LEGEND_TIMING};
    for (int i = 0; i < LEGEND_ROWS && y + i < bottom; i++)
        draw_textf(y + i, r.x + 2, r.w - 2, ROLE_NORMAL, app_label(s, LEGEND[i]), legend[i]);
}
