/* view_help.c - `?`: every key on one screen, in one column or, on a short
 * terminal, two. */
#include "app/labels.h"
#include "app/textw.h"
#include "tui/views.h"

typedef struct {
    const char *keys; /* as printed; key names are not translated */
    LabelId what;
} HelpLine;

static const HelpLine HELP_LINES[] = {
    {"春风…", LBL_HELP_TYPE},
    {"Backspace", LBL_HELP_BACKSPACE},
    {"Ctrl-U", LBL_HELP_CLEAR},
    {"Space", LBL_HELP_SPACE},
    {"1 … 8", LBL_HELP_PICK},
    {"Enter", LBL_HELP_ENTER},
    {"Esc", LBL_HELP_ESC},
    {"tT kK pP mM", LBL_HELP_SLIDERS},
    {"Tab ↑ ↓", LBL_HELP_TAB},
    {"← →", LBL_HELP_ARROWS},
    {"mouse", LBL_HELP_MOUSE},
    {"s", LBL_HELP_SEED},
    {"c", LBL_HELP_CACHE},
    {"b", LBL_HELP_COMPARE},
    {"f", LBL_HELP_FREE},
    {"a", LBL_HELP_ACROSTIC},
    {"j", LBL_HELP_JUEJU},
    {"h", LBL_HELP_HIST},
    {"v / w", LBL_HELP_ATTENTION},
    {"e", LBL_HELP_ENTROPY}, /* uncertainty under the text */
    {"/", LBL_HELP_QUERY},
    {"n", LBL_HELP_MID_TEXT},
    {":", LBL_HELP_COMMAND},
    {"n N PgDn/Up", LBL_HELP_LESSON},
    {"l", LBL_HELP_LANGUAGE},
    {"z", LBL_HELP_PROJECTOR},
    {"?", LBL_HELP_HELP},
    {"q F10 Ctrl-C", LBL_HELP_QUIT},
    /* the session to take home and the KV cache's cost */
    {"x", LBL_HELP_EXPORT},
    {"r", LBL_HELP_KVCACHE},
    /* pinyin */
    {"y", LBL_HELP_PINYIN},
    {"i", LBL_HELP_IME},
};

enum { N_HELP_LINES = sizeof HELP_LINES / sizeof HELP_LINES[0], KEY_COLS = 13 };

void view_help_draw(const AppState *s, Rect r)
{
    draw_text(r.y, r.x + 2, r.w - 2, ROLE_HEADER, app_label(s, LBL_HELP_TITLE));
    int rows = r.h - 3; /* title, a blank line, the closing hint */
    int columns = rows >= N_HELP_LINES ? 1 : 2;
    int per_column = (N_HELP_LINES + columns - 1) / columns, col_w = (r.w - 2) / columns;
    for (int i = 0; i < N_HELP_LINES; i++) {
        int y = r.y + 2 + i % per_column, x = r.x + 2 + (i / per_column) * col_w;
        if (i % per_column >= rows)
            continue;
        draw_text(y, x, KEY_COLS - 1, ROLE_KEY, HELP_LINES[i].keys);
        draw_text(y, x + KEY_COLS, col_w - KEY_COLS - 1, ROLE_NORMAL, app_label(s, HELP_LINES[i].what));
    }
    /* what the panels show, if there is room under the keys */
    static const LabelId legend[] = {LBL_HELP_LEGEND_MODEL, LBL_HELP_LEGEND_SAMPLER,
                                     LBL_HELP_LEGEND_CORPUS, LBL_HELP_LEGEND_TIMING};
    int y = r.y + 3 + (per_column < rows ? per_column : rows);
    for (int i = 0; i < 4 && y + i < r.y + r.h - 1; i++)
        draw_text(y + i, r.x + 2, r.w - 2, ROLE_NORMAL, app_label(s, legend[i]));
    draw_text(r.y + r.h - 1, r.x + 2, r.w - 2, ROLE_DIM, app_label(s, LBL_HELP_CLOSE));
}
