/* draw.c - text and bars on the screen, always cropped by columns. */
#include "tui/draw.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/textw.h"
#include "engine/vocab.h"

/* The audit (draw.h): the screen as a test. Static because it instruments
 * the one drawing path every panel takes; off (log NULL) on a terminal. */
static struct {
    DrawnText *log;
    int cap, n;
    DrawItem item;
    int index;
    int cut_before; /* draw_text_cut already cut the text it passes on */
} audit;

void draw_audit_start(DrawnText *log, int cap)
{
    audit.log = log;
    audit.cap = cap;
    audit.n = 0;
    audit.item = ITEM_NONE;
    audit.index = 0;
}

int draw_audit_stop(void)
{
    int n = audit.n;
    audit.log = NULL;
    audit.cap = audit.n = 0;
    return n;
}

void draw_item(DrawItem item, int index)
{
    audit.item = item;
    audit.index = index;
}

static void audit_text(int y, int x, int maxw, int used, const char *utf8)
{
    if (!audit.log)
        return;
    if (audit.n < audit.cap) {
        DrawnText *d = &audit.log[audit.n];
        int width = textw_width(utf8);
        d->y = y;
        d->x = x;
        d->w = maxw;
        d->cut = audit.cut_before || width > maxw || x + used > COLS || y >= LINES;
        d->item = audit.item;
        d->index = audit.index;
        snprintf(d->text, sizeof d->text, "%s", utf8);
    }
    audit.n++;
}

/* What fits of utf8 in maxw columns at (y, x), written over the screen or,
 * with insert, inserted (draw_text_corner: the last cell cannot be passed). */
static int draw_fitted(int y, int x, int maxw, Role role, const char *utf8, int insert)
{
    if (maxw <= 0 || !utf8)
        return 0;
    /* a control or bidirectional character from a file or a model never
     * reaches the terminal: shown as its picture or �, whoever drew it */
    size_t len = strlen(utf8);
    if (vocab_text_unsafe(utf8, len)) {
        char *shown = vocab_text_written(utf8, len);
        int used = draw_fitted(y, x, maxw, role, shown ? shown : "?", insert);
        free(shown);
        return used;
    }
    int used;
    size_t n = textw_fit(utf8, maxw, &used);
    audit_text(y, x, maxw, used, utf8);
    attrset(tui_attr(role));
    if (insert)
        mvinsnstr(y, x, utf8, (int)n);
    else
        mvaddnstr(y, x, utf8, (int)n);
    attrset(A_NORMAL);
    return used;
}

int draw_text(int y, int x, int maxw, Role role, const char *utf8)
{
    return draw_fitted(y, x, maxw, role, utf8, 0);
}

int draw_text_corner(int y, int x, int maxw, Role role, const char *utf8)
{
    return draw_fitted(y, x, maxw, role, utf8, 1);
}

int draw_textf(int y, int x, int maxw, Role role, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return draw_text(y, x, maxw, role, buf);
}

int draw_text_cut(int y, int x, int maxw, Role role, const char *utf8)
{
    if (textw_width(utf8) <= maxw)
        return draw_text(y, x, maxw, role, utf8);
    const char *dots = tui_glyphs()->ellipsis;
    size_t n = textw_fit(utf8, maxw - textw_width(dots), NULL);
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s%s", (int)n, utf8, dots);
    audit.cut_before = 1;
    int used = draw_text(y, x, maxw, role, buf);
    audit.cut_before = 0;
    return used;
}

int draw_text_right(int y, int x_end, int maxw, Role role, const char *utf8)
{
    int w = textw_width(utf8);
    w = w < maxw ? w : maxw;
    draw_text(y, x_end - w, w, role, utf8);
    return x_end - w;
}

int draw_cp_width(uint32_t cp)
{
    if (cp == '\n')
        return textw_width(tui_glyphs()->newline);
    return textw_printable(cp) ? textw_cp_width(cp) : 1;
}

int draw_cp(int y, int x, int maxw, Role role, uint32_t cp)
{
    char buf[8] = "?";
    if (cp == '\n')
        return draw_text(y, x, maxw, role, tui_glyphs()->newline);
    if (textw_printable(cp))
        buf[utf8_encode(cp, buf)] = 0;
    return draw_text(y, x, maxw, role, buf);
}

void draw_fill(Rect r, Role role)
{
    attrset(tui_attr(role));
    for (int i = 0; i < r.h; i++)
        mvhline(r.y + i, r.x, ' ', r.w);
    attrset(A_NORMAL);
}

void draw_clear(Rect r) { draw_fill(r, ROLE_NORMAL); }

void draw_wrapped(Rect r, Role role, const char *utf8)
{
    const char *p = utf8;
    for (int row = 0; row < r.h && *p; row++) {
        while (*p == ' ')
            p++;
        size_t n = textw_wrap(p, r.w);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        draw_text(r.y + row, r.x, r.w, role, line);
        p += n;
    }
}

int draw_wrapped_from(Rect r, int y, Role role, const char *utf8)
{
    int rows = textw_lines(utf8, r.w, NULL, 0), room = r.y + r.h - y;
    rows = rows > room ? room : rows;
    if (rows <= 0)
        return y;
    draw_wrapped((Rect){y, r.x, rows, r.w}, role, utf8);
    return y + rows;
}

void draw_mark(Rect r, Role role)
{
    int attr = tui_attr(role);
    for (int i = 0; i < r.h; i++)
        mvchgat(r.y + i, r.x, r.w, (attr_t)(attr & ~A_COLOR), (short)PAIR_NUMBER(attr), NULL);
}

void draw_hbar(int y, int x, int w, double fraction, Role role)
{
    const Glyphs *g = tui_glyphs();
    fraction = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
    int eighths = (int)(fraction * w * 8 + 0.5);
    attrset(tui_attr(role));
    move(y, x);
    for (int i = 0; i < w; i++) {
        int e = eighths - 8 * i;
        addstr(g->eighths[e < 0 ? 0 : e > 8 ? 8 : e]);
    }
    attrset(A_NORMAL);
}
