/* progress.c - the progress line of a long command (progress.h). */
#define _POSIX_C_SOURCE 200809L /* fileno, isatty */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/progress.h"
#include "cli/cli.h"
#include "cli/train_view.h"
#include "app/textw.h"

enum { BAR_WIDTH = 16 };

/* The columns of the bar on the terminal now (0: none): what
 * progress_hide_any takes off, whichever Progress drew it. */
static int bar_cols;
static unsigned bar_owner; /* the id of the Progress that drew it */
static const double REDRAW_S = 0.1; /* at most ten drawings a second */

static void set_what(Progress *p, const char *what)
{
    snprintf(p->what, sizeof p->what, "%s", what ? what : "");
}

void progress_start(Progress *p, int quiet, const char *what, long total, LabelId unit)
{
    static unsigned ids;
    memset(p, 0, sizeof *p);
    p->id = ++ids;
    p->on = !quiet && isatty(fileno(stderr));
    p->stdout_tty = isatty(fileno(stdout));
    progress_stage(p, what, total, unit);
}

void progress_stage(Progress *p, const char *what, long total, LabelId unit)
{
    set_what(p, what);
    p->unit = unit;
    p->total = total > 0 ? total : 0;
    p->done = 0;
    p->t0 = ts_now();
    p->shown = -1.0;
    progress_update(p, 0);
}

/* "[=====>    ] 42%": the bar and the share done, in lang. */
static void bar_text(const Progress *p, AppLang lang, char *out, size_t size)
{
    long total = p->total, done = p->done < 0 ? 0 : p->done > total ? total : p->done;
    double part = total > 0 ? (double)done / (double)total : 0.0;
    char bar[BAR_WIDTH + 3], pct[32];
    int full = (int)(part * BAR_WIDTH);
    bar[0] = '[';
    for (int i = 0; i < BAR_WIDTH; i++)
        bar[1 + i] = i < full ? '=' : i == full && done < total ? '>' : ' ';
    bar[BAR_WIDTH + 1] = ']';
    bar[BAR_WIDTH + 2] = 0;
    snprintf(out, size, "%s %s", bar, app_share(lang, 100.0 * part, 0, pct, sizeof pct));
}

void progress_format(const Progress *p, AppLang lang, double elapsed, char *out, size_t size)
{
    long total = p->total, done = p->done < 0 ? 0 : p->done > total ? total : p->done;
    char bar[BAR_WIDTH + 40], d[32], t[32], rate[32], left[32], figures[256];
    bar_text(p, lang, bar, sizeof bar);
    app_format_count(lang, done, d, sizeof d);
    app_format_count(lang, total, t, sizeof t);
    const char *unit = app_label_in(lang, p->unit);
    /* a rate only once there is something to measure it by */
    if (done > 0 && elapsed > 0.0) {
        double r = (double)done / elapsed;
        app_num(lang, r, r < 10.0 ? 1 : 0, rate, sizeof rate);
        cli_duration((double)(total - done) / r, left, sizeof left);
        snprintf(figures, sizeof figures, app_label_in(lang, LBL_PROGRESS), d, t, unit, rate,
                 left);
    } else {
        snprintf(figures, sizeof figures, app_label_in(lang, LBL_PROGRESS_START), d, t, unit);
    }
    /* what is done comes last: a narrow terminal crops it, not the figures */
    snprintf(out, size, "%s %s%s%s", bar, figures, p->what[0] ? " | " : "", p->what);
}

/* Overwrite the line on the screen with line (cropped to the terminal), or
 * with blanks when line is "": \r and spaces alone, which every terminal
 * understands. */
static void draw(Progress *p, const char *line)
{
    int rows, cols, used = 0;
    train_view_term_size(stderr, &rows, &cols);
    size_t n = textw_fit(line, cols - 1, &used);
    fprintf(stderr, "\r%.*s", (int)n, line);
    for (int i = used; i < p->cols; i++)
        fputc(' ', stderr);
    if (used < p->cols)
        fputc('\r', stderr);
    if (used < p->cols && used > 0)
        fprintf(stderr, "%.*s", (int)n, line); /* the cursor after the text */
    p->cols = used;
    bar_cols = used;
    bar_owner = p->id;
    fflush(stderr);
}

/* Is it time to draw done of total (at most ten times a second, and the
 * last one always)? Notes the time when it is. */
static int due(Progress *p, long done)
{
    p->done = done;
    if (!p->on || p->total <= 0) /* nothing counted yet */
        return 0;
    double now = ts_now();
    if (p->shown >= 0.0 && now - p->shown < REDRAW_S && done < p->total)
        return 0;
    p->shown = now;
    return 1;
}

void progress_update(Progress *p, long done)
{
    if (!due(p, done))
        return;
    char line[512];
    progress_format(p, cli_lang(), p->shown - p->t0, line, sizeof line);
    draw(p, line);
}

void progress_update_text(Progress *p, long done, const char *text)
{
    if (!due(p, done))
        return;
    char bar[BAR_WIDTH + 40], line[768];
    bar_text(p, cli_lang(), bar, sizeof bar);
    snprintf(line, sizeof line, "%s %s", bar, text);
    draw(p, line);
}

/* The line off the screen; the next update draws it again (within a tenth
 * of a second of the last drawing). */
static void erase(Progress *p)
{
    if (bar_owner == p->id && bar_cols == 0)
        p->cols = 0; /* progress_hide_any took it off already */
    if (p->on && p->cols > 0)
        draw(p, "");
}

void progress_clear(Progress *p)
{
    if (p->stdout_tty) /* else stdout's lines go elsewhere and leave the bar be */
        erase(p);
}

void progress_hide(Progress *p)
{
    if (!p || !p->on || p->cols == 0)
        return; /* nothing on the screen */
    erase(p);
    p->shown = -1.0;
}

void progress_hide_any(void)
{
    if (bar_cols == 0)
        return;
    fputc('\r', stderr);
    for (int i = 0; i < bar_cols; i++)
        fputc(' ', stderr);
    fputc('\r', stderr);
    fflush(stderr);
    bar_cols = 0; /* its Progress blanks it once more at most: harmless */
}

void progress_what(Progress *p, const char *what)
{
    set_what(p, what);
    p->shown = -1.0; /* the next update shows it */
}

void progress_part(Progress *p, LabelId what, const char *path, long done)
{
    char text[sizeof p->what]; /* a long path is cut as the line would cut it */
    TsQuoted shown;
    snprintf(text, sizeof text, cli_label(what), path ? cli_shown_path(&shown, path) : "");
    progress_what(p, text);
    progress_update(p, done);
}

void progress_print(Progress *p, const char *text)
{
    erase(p);
    if (p->on) { /* one line on the terminal, as the bar is */
        int rows, cols;
        train_view_term_size(stderr, &rows, &cols);
        fprintf(stderr, "%.*s\n", (int)textw_fit(text, cols - 1, NULL), text);
        p->shown = -1.0; /* the next update draws the bar at once */
    } else {
        fprintf(stderr, "%s\n", text);
    }
}

void progress_end(Progress *p)
{
    erase(p);
    p->on = 0;
}

void progress_engine(void *ctx, size_t done, size_t total)
{
    Progress *p = ctx;
    p->total = (long)total;
    progress_update(p, (long)done);
}
