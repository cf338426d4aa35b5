/* view_status.c - the title bar, the status line, and the message shown
 * instead of everything while the terminal is too small. */
#include <stdio.h>
#include <string.h>

#include "labels.h"
#include "textw.h"
#include "views.h"

/* " tangscope  tang.bin · 7310 characters · context 128 │ free │ KV cache on " */
void view_title_draw(const AppState *s, Rect r)
{
    const Glyphs *g = tui_glyphs();
    char line[512], part[160];
    const char *name = s->model_name ? strrchr(s->model_name, '/') : NULL;
    name = name ? name + 1 : s->model_name ? s->model_name : "";
    size_t n = (size_t)snprintf(line, sizeof line, " tangscope  %s%s", name, g->sep);
    n += (size_t)snprintf(line + n, sizeof line - n, app_label_n(s, LBL_VOCAB_SIZE, s->m->vocab.size), s->m->vocab.size);
    n += (size_t)snprintf(line + n, sizeof line - n, "%s", g->sep);
    snprintf(line + n, sizeof line - n, app_label(s, LBL_CONTEXT), s->m->cfg.context);
    draw_fill(r, ROLE_TITLE);
    draw_text(r.y, r.x, r.w, ROLE_TITLE, line);
    snprintf(part, sizeof part, "%s %s ", app_label(s, LBL_CACHE),
             app_label(s, s->g.use_cache ? LBL_ON : LBL_OFF));
    draw_text_right(r.y, r.x + r.w, r.w / 3, ROLE_TITLE, part);
}

/* The status message, and the help hint at the right when both fit: the
 * message matters more. The last column stays empty (writing the screen's
 * last cell can make it scroll). */
void view_status_draw(const AppState *s, Rect r)
{
    if (s->cmdline_open) { /* ":set top-k 20", the end of it if it is long */
        const char *hint = app_label(s, LBL_CMDLINE_HINT);
        int hint_w = textw_width(hint), room = r.w - 2 - hint_w - 2;
        draw_text(r.y, r.x, 1, ROLE_KEY, ":");
        draw_text(r.y, r.x + 1, room, ROLE_NORMAL, s->cmdline + textw_fit_tail(s->cmdline, room - 1));
        draw_text(r.y, r.x + r.w - 1 - hint_w, hint_w, ROLE_DIM, hint);
        return;
    }
    const char *hint = app_label(s, LBL_HINT);
    int hint_w = textw_width(hint), room = r.w - 1;
    if (textw_width(s->status) + 2 + hint_w <= room) {
        draw_text(r.y, r.x + room - hint_w, hint_w, ROLE_KEY, hint);
        room -= hint_w + 2;
    }
    draw_text_cut(r.y, r.x, room, s->status_error ? ROLE_ERROR : ROLE_NORMAL, s->status);
}

void view_too_small_draw(const AppState *s, int lines, int cols)
{
    char msg[256];
    snprintf(msg, sizeof msg, app_label(s, LBL_TOO_SMALL), cols, lines, SCREEN_MIN_COLS,
             SCREEN_MIN_LINES);
    const char *hint = app_label(s, LBL_TOO_SMALL_HINT);
    int y = lines / 2 - 1 > 0 ? lines / 2 - 1 : 0;
    int w = textw_width(msg), x = w < cols ? (cols - w) / 2 : 0;
    draw_text(y, x, cols - x - 1, ROLE_ERROR, msg);
    w = textw_width(hint);
    x = w < cols ? (cols - w) / 2 : 0;
    if (y + 1 < lines)
        draw_text(y + 1, x, cols - x - 1, ROLE_NORMAL, hint);
}
