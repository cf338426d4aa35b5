/* plot.h - two curves drawn in plain text: what bench plots of the time to
 * write n characters with and without the KV cache (exercise 3).
 *
 * The curves are y over x = 1..n, two series. The plot has at most
 * PLOT_COLS columns of points; column c stands for x = round((c + 1) * n /
 * cols) and shows each series at that x. Row 0 is y = 0 and the top row
 * (PLOT_ROWS - 1) is y = top, the largest y shown; a point goes to row
 * round(y / top * (PLOT_ROWS - 1)). Where both series fall in one cell, the
 * first one's mark is drawn. The y axis is labelled at the top, the middle
 * and 0, the x axis at its first, middle and last column, both with numbers
 * as the interface language writes them (app_num, app_format_count); the
 * whole fits in 80 columns. With textw_ascii_terminal (--ascii,
 * TANGSCOPE_ASCII, TERM linux, vt*, dumb) every mark is ASCII.
 *
 *     plot_sample(&p, n, y_first, y_second);
 *     plot_draw(&p, lang, ascii, title, x_label, names, lines, PLOT_LINES);
 */
#ifndef TS_PLOT_H
#define TS_PLOT_H

#include "app/labels.h"

enum {
    PLOT_COLS = 60,      /* columns of points at most */
    PLOT_ROWS = 12,      /* rows of points */
    PLOT_LINES = PLOT_ROWS + 5, /* title, rows, axis, its numbers, its label, legend */
    PLOT_LINE_MAX = 1024 /* bytes of a line, with its terminating 0 */
};

typedef struct {
    int cols;               /* columns of points, 1..PLOT_COLS (0: nothing to plot) */
    int x[PLOT_COLS];       /* the x each column shows */
    double y[2][PLOT_COLS]; /* each series at that x */
    double top;             /* the y of the top row: the largest y shown (> 0) */
} Plot;

/* The columns for n points (n >= 1), series a and b of [n] (y >= 0): a at
 * x is a[x - 1]. */
void plot_sample(Plot *p, int n, const double *a, const double *b);

/* The row (0 .. PLOT_ROWS - 1) a y value is drawn on. */
int plot_row(const Plot *p, double y);

/* The plot as lines of text without newlines: title, the rows from the top,
 * the x axis, its numbers, x_label, the legend of names[0] and names[1].
 * Returns the number of lines written (at most max). */
int plot_draw(const Plot *p, AppLang lang, int ascii, const char *title, const char *x_label,
              const char *const names[2], char lines[][PLOT_LINE_MAX], int max);

#endif
