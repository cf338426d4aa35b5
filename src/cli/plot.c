/* plot.c - two curves drawn in plain text (plot.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/plot.h"
#include "app/textw.h"

void plot_sample(Plot *p, int n, const double *a, const double *b)
{
    memset(p, 0, sizeof *p);
    if (n < 1)
        return;
    p->cols = n < PLOT_COLS ? n : PLOT_COLS;
    for (int c = 0; c < p->cols; c++) {
        /* the last column is the last point, the others spread evenly */
        int x = (int)lround((double)(c + 1) * n / p->cols);
        x = x < 1 ? 1 : x > n ? n : x;
        p->x[c] = x;
        p->y[0][c] = a[x - 1];
        p->y[1][c] = b[x - 1];
        for (int s = 0; s < 2; s++)
            p->top = p->y[s][c] > p->top ? p->y[s][c] : p->top;
    }
    if (!(p->top > 0)) /* all zero (or not numbers): one row's worth */
        p->top = 1;
}

int plot_row(const Plot *p, double y)
{
    double r = y / p->top * (PLOT_ROWS - 1);
    if (!(r > 0))
        return 0;
    return r > PLOT_ROWS - 1 ? PLOT_ROWS - 1 : (int)lround(r);
}

/* The glyphs of the axes and the marks, Unicode or ASCII. */
typedef struct {
    const char *mark[2], *v, *tick, *corner, *h, *htick;
} PlotGlyphs;

static const PlotGlyphs UNICODE = {{"●", "○"}, "│", "┤", "└", "─", "┬"};
static const PlotGlyphs ASCII = {{"*", "o"}, "|", "+", "+", "-", "+"};

/* A growing line: bytes and the columns they take. */
typedef struct {
    char *s;
    size_t len;
    int width;
} Line;

static void put(Line *l, const char *text)
{
    size_t n = strlen(text), room = PLOT_LINE_MAX - 1 - l->len; /* len < PLOT_LINE_MAX */
    if (n > room)
        return; /* never at these sizes: a line is 80 columns */
    memcpy(l->s + l->len, text, n + 1);
    l->len += n;
    l->width += textw_width(text);
}

static void pad_to(Line *l, int width)
{
    while (l->width < width)
        put(l, " ");
}

/* A y value as the axis writes it: decimals by the size of the top. */
static void y_text(const Plot *p, AppLang lang, double y, char *out, size_t size)
{
    int decimals = p->top >= 100 ? 0 : p->top >= 10 ? 1 : 2;
    if (y == 0)
        snprintf(out, size, "0");
    else
        app_num(lang, y, decimals, out, size);
}

/* The row of points r (0: the bottom), after its y label in lw columns. */
static void draw_row(const Plot *p, AppLang lang, const PlotGlyphs *g, int lw, int r, Line *l)
{
    int mid = (PLOT_ROWS - 1) / 2;
    int labelled = r == 0 || r == mid || r == PLOT_ROWS - 1;
    char label[64] = "";
    if (labelled)
        y_text(p, lang, p->top * r / (PLOT_ROWS - 1), label, sizeof label);
    put(l, "  ");
    pad_to(l, 2 + lw - textw_width(label));
    put(l, label);
    put(l, " ");
    put(l, labelled ? g->tick : g->v);
    for (int c = 0; c < p->cols; c++) {
        const char *cell = " ";
        for (int s = 1; s >= 0; s--) /* the first series drawn last: on top */
            if (plot_row(p, p->y[s][c]) == r)
                cell = g->mark[s];
        put(l, cell);
    }
    while (l->len > 0 && l->s[l->len - 1] == ' ') /* no blanks at the end */
        l->s[--l->len] = 0;
}

/* The x axis's numbers under their columns (0-based, after the axis at
 * column `at`): the first column's from its start, the middle one's centred,
 * the last one's ending there; one that would touch another is left out. */
static void draw_x_numbers(const Plot *p, AppLang lang, int at, Line *l)
{
    int col[3] = {0, (p->cols - 1) / 2, p->cols - 1};
    int end = 0;
    pad_to(l, at);
    for (int k = 0; k < 3; k++) {
        if (k > 0 && col[k] == col[k - 1])
            continue;
        char n[32];
        app_format_count(lang, p->x[col[k]], n, sizeof n);
        int w = textw_width(n);
        int start = at + (k == 0 ? col[k] : k == 1 ? col[k] - (w - 1) / 2 : col[k] - (w - 1));
        if (k == 1 && (start <= end || start + w >= at + col[2] - 1))
            continue;
        if (k == 2 && start <= end)
            continue;
        pad_to(l, start);
        put(l, n);
        end = start + w;
    }
}

int plot_draw(const Plot *p, AppLang lang, int ascii, const char *title, const char *x_label,
              const char *const names[2], char lines[][PLOT_LINE_MAX], int max)
{
    if (p->cols < 1 || max < PLOT_LINES)
        return 0;
    const PlotGlyphs *g = ascii ? &ASCII : &UNICODE;
    int lw = 1; /* the widest y label */
    for (int r = 0; r < PLOT_ROWS; r++) {
        char label[64];
        y_text(p, lang, p->top * r / (PLOT_ROWS - 1), label, sizeof label);
        lw = textw_width(label) > lw ? textw_width(label) : lw;
    }
    int at = 2 + lw + 2; /* the column of the first point */
    int n = 0;
    Line l = {lines[n++], 0, 0};
    l.s[0] = 0;
    put(&l, "  ");
    put(&l, title);
    for (int r = PLOT_ROWS - 1; r >= 0; r--) {
        l = (Line){lines[n++], 0, 0};
        l.s[0] = 0;
        draw_row(p, lang, g, lw, r, &l);
    }
    l = (Line){lines[n++], 0, 0};
    l.s[0] = 0;
    pad_to(&l, at - 1);
    put(&l, g->corner);
    for (int c = 0; c < p->cols; c++)
        put(&l, c == 0 || c == (p->cols - 1) / 2 || c == p->cols - 1 ? g->htick : g->h);
    l = (Line){lines[n++], 0, 0};
    l.s[0] = 0;
    draw_x_numbers(p, lang, at, &l);
    l = (Line){lines[n++], 0, 0};
    l.s[0] = 0;
    int xw = textw_width(x_label);
    pad_to(&l, at + (p->cols > xw ? (p->cols - xw) / 2 : 0));
    put(&l, x_label);
    l = (Line){lines[n++], 0, 0};
    l.s[0] = 0;
    pad_to(&l, at);
    for (int s = 0; s < 2; s++) {
        put(&l, s ? "   " : "");
        put(&l, g->mark[s]);
        put(&l, " ");
        put(&l, names[s]);
    }
    return n;
}
