/* train_view.c - the training view: the curve's history, the layout of a
 * frame and drawing it with VT100/ANSI sequences (see train_view.h). */
#ifndef TS_POSIX_ONLY
#define _DEFAULT_SOURCE /* ioctl's TIOCGWINSZ; without it, $LINES and $COLUMNS */
#endif
#include "cli/train_view.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/cli.h"
#include "app/textw.h"
#include "engine/bytebuf.h"

/* The history: the run's steps are cut into at most BUCKETS equal spans, and
 * each keeps the sum and count of its steps' smoothed training losses and its
 * last validation loss. A frame of any width is drawn from them, so the
 * memory stays the same however long the run. */
enum { BUCKETS = 1024 };

enum {
    FIXED_LINES = 7,   /* the x axis, its labels, three lines of figures, two of the sample */
    PLOT_MIN_ROWS = 4, /* below this the curve is left out: figures and sample only */
    PLOT_MAX_ROWS = 20,
    LABEL_COLS = 7,    /* " 12.80 " left of the y axis */
    MIN_COLS = 40,
};

#define SMOOTHING 0.95     /* weight of the past in the smoothed training loss */
#define REDRAW_SECONDS 0.1 /* at most ten frames a second: drawing must not slow training */

struct TrainView {
    FILE *out;
    AppLang lang;                  /* of the words and numbers */
    const char *title, *sample_about;
    int start_step, steps;
    int buckets;                   /* spans in use: min(steps, BUCKETS) */
    double train_sum[BUCKETS];     /* smoothed training losses of the span's steps, summed */
    int train_count[BUCKETS];      /* steps recorded in the span */
    double val[BUCKETS];           /* the span's last validation loss, or NAN */
    double ema;                    /* exponential average of the losses, before the */
    int ema_steps;                 /* correction for its start at 0 (see smoothed) */
    double smoothed;               /* the latest smoothed training loss */
    TrainViewStep last;            /* the latest step; valid when have_step */
    int have_step;
    char *poem, *problem;          /* the latest sample, or why there is none */
    char note[160];                /* train_view_note's line, or empty */
    int sample_step;
    int unicode, colour;           /* block glyphs or ASCII; ANSI colours or none */
    int lines;                     /* lines of the frame on the screen; 0 before the first */
    int rows, cols;                /* the terminal size that frame was drawn for */
    double drawn_at;
    int due;                       /* something new to show at once */
};

/* ---- glyphs and colours ---- */

typedef struct {
    const char *eighths[9]; /* a column of the curve filled 0/8 .. 8/8 of a cell */
    const char *point;      /* a validation loss */
    const char *axis, *tick, *corner, *rule;
} Glyphs;

static const Glyphs UNICODE_GLYPHS = {
    {" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"}, "●", "│", "┤", "└", "─",
};
static const Glyphs ASCII_GLYPHS = {
    {" ", ".", ".", ".", "#", "#", "#", "#", "#"}, "o", "|", "+", "+", "-",
};

#define SGR_CURVE "36"   /* cyan */
#define SGR_POINT "1;35" /* bold magenta: visible on dark and light backgrounds */
#define SGR_TITLE "1"

/* ---- a frame: text cropped by columns, colours switched only when they change ---- */

typedef struct {
    ByteBuf out;        /* the frame's bytes; out.failed: not written (out of memory) */
    int colour;         /* emit colours at all */
    const char *sgr;    /* the colour in effect, NULL for the default */
    int col, width;     /* columns used on this line, and the most it may take */
    int lines;          /* lines ended */
} Frame;

static void frame_raw(Frame *f, const char *s, size_t n) { bytebuf_put(&f->out, s, n); }

static void frame_rawf(Frame *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void frame_rawf(Frame *f, const char *fmt, ...)
{
    char buf[64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        frame_raw(f, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void frame_sgr(Frame *f, const char *sgr)
{
    if (!f->colour || sgr == f->sgr || (sgr && f->sgr && strcmp(sgr, f->sgr) == 0))
        return;
    if (f->sgr)
        frame_raw(f, "\033[0m", 4);
    if (sgr)
        frame_rawf(f, "\033[%sm", sgr);
    f->sgr = sgr;
}

/* As much of s as fits on the line, in colour sgr (NULL: the default). */
static void frame_put(Frame *f, const char *sgr, const char *s)
{
    int used;
    size_t n = textw_fit(s, f->width - f->col, &used);
    if (n == 0)
        return;
    frame_sgr(f, sgr);
    frame_raw(f, s, n);
    f->col += used;
}

static void frame_printf(Frame *f, const char *sgr, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void frame_printf(Frame *f, const char *sgr, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    frame_put(f, sgr, buf);
}

/* Spaces up to column col. */
static void frame_to(Frame *f, int col)
{
    while (f->col < col && f->col < f->width)
        frame_put(f, NULL, " ");
}

/* End the line: colours off, the rest of the old line wiped. */
static void frame_end_line(Frame *f)
{
    frame_sgr(f, NULL);
    frame_raw(f, "\033[K\n", 4);
    f->col = 0;
    f->lines++;
}

/* ---- the terminal ---- */

void train_view_term_size(FILE *out, int *rows, int *cols)
{
#ifdef TIOCGWINSZ
    struct winsize ws;
    if (ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
        *rows = ws.ws_row;
        *cols = ws.ws_col;
    } else
#else
    (void)out;
#endif
    { /* not a terminal (the view forced on): what the shell says, else 80x24 */
        const char *r = getenv("LINES"), *c = getenv("COLUMNS");
        *rows = r && atoi(r) > 0 ? atoi(r) : 24;
        *cols = c && atoi(c) > 0 ? atoi(c) : 80;
    }
    if (*cols > 1000)
        *cols = 1000;
}

/* Colours as the explorer decides them (tui.c): none when NO_COLOR is set
 * (no-color.org) or on a VT terminal, which may not have them. */
static int colour_wanted(void)
{
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    return !(no && *no) && !(term && strncmp(term, "vt", 2) == 0);
}

/* ---- the layout ---- */

typedef struct {
    int compact;         /* too small for the curve: figures and sample only */
    int lines;           /* lines of the frame */
    int title, legend, hint; /* 1: the optional line is shown */
    int plot_rows, plot_cols;
} Layout;

/* The frame takes the terminal's height but one: the cursor waits on the
 * line below it. Lines that do not fit go first: the hint, then the title,
 * then the legend; then the curve is left out. */
static Layout layout_for(int rows, int cols)
{
    Layout l = {0};
    int avail = rows - 1;
    if (cols < MIN_COLS || avail < FIXED_LINES + PLOT_MIN_ROWS) {
        l.compact = 1;
        l.lines = avail < 1 ? 1 : avail < 4 ? avail : 4;
        return l;
    }
    int spare = avail - FIXED_LINES - PLOT_MIN_ROWS;
    l.legend = spare >= 1;
    l.title = spare >= 2;
    l.hint = spare >= 3;
    l.plot_rows = avail - FIXED_LINES - l.legend - l.title - l.hint;
    if (l.plot_rows > PLOT_MAX_ROWS)
        l.plot_rows = PLOT_MAX_ROWS;
    l.plot_cols = cols - 1 - LABEL_COLS - 1; /* the axis; the last column stays empty */
    l.lines = FIXED_LINES + l.legend + l.title + l.hint + l.plot_rows;
    return l;
}

/* ---- the curve ---- */

typedef struct {
    double train, val; /* NAN where the column has none */
} Column;

/* Column c of w takes the spans [c*n/w, (c+1)*n/w), at least one: with fewer
 * spans than columns, a span fills several columns. */
static void curve_columns(const TrainView *v, Column *col, int w)
{
    for (int c = 0; c < w; c++) {
        int lo = (int)((long long)c * v->buckets / w);
        int hi = (int)((long long)(c + 1) * v->buckets / w);
        if (hi <= lo)
            hi = lo + 1;
        double sum = 0.0;
        long count = 0;
        col[c].val = NAN;
        for (int b = lo; b < hi; b++) {
            sum += v->train_sum[b];
            count += v->train_count[b];
            if (!isnan(v->val[b]))
                col[c].val = v->val[b];
        }
        col[c].train = count ? sum / count : NAN;
    }
}

/* The y axis: from below the lowest value to above the highest, on steps of
 * 1, 2 or 5 times a power of ten (about four of them), so the labels are
 * round. Returns 0 when there is nothing to draw yet. */
static int curve_range(const Column *col, int w, double *lo, double *hi)
{
    double min = INFINITY, max = -INFINITY;
    for (int c = 0; c < w; c++) {
        double x[2] = {col[c].train, col[c].val};
        for (int k = 0; k < 2; k++)
            if (isfinite(x[k])) {
                min = x[k] < min ? x[k] : min;
                max = x[k] > max ? x[k] : max;
            }
    }
    if (!(min <= max))
        return 0;
    double span = max - min < 0.05 ? 0.05 : max - min;
    double raw = span / 4, mag = pow(10.0, floor(log10(raw))), r = raw / mag;
    double step = (r <= 1 ? 1 : r <= 2 ? 2 : r <= 5 ? 5 : 10) * mag;
    *lo = floor(min / step) * step;
    *hi = ceil(max / step) * step;
    if (*hi - *lo < step)
        *hi = *lo + step;
    return 1;
}

/* A label of the view in its language. */
static const char *tv_label(const TrainView *v, LabelId id) { return app_label_in(v->lang, id); }

/* A count (a step, characters per second) as the view's language writes it. */
static const char *tv_count(const TrainView *v, long n, char *out, size_t size)
{
    app_format_count(v->lang, n, out, size);
    return out;
}

/* The y axis label of row r (of H): its value right-aligned in LABEL_COLS - 1
 * columns, then a space. */
static void draw_y_label(const TrainView *v, Frame *f, double value)
{
    char num[32];
    app_num(v->lang, value, 2, num, sizeof num);
    frame_to(f, LABEL_COLS - 1 - textw_width(num));
    frame_put(f, NULL, num);
}

/* One row of the curve: the training loss fills its column up to its
 * height, in eighths of a cell; a validation loss is a point in its row. */
static void draw_curve_row(Frame *f, const Column *col, int W, int H, int r, double lo, double hi,
                           const Glyphs *g)
{
    for (int c = 0; c < W; c++) {
        int eighths = 0, point_row = -1;
        if (!isnan(col[c].train)) {
            long e = lround((col[c].train - lo) / (hi - lo) * H * 8);
            eighths = (int)(e < 1 ? 1 : e > H * 8 ? H * 8 : e);
        }
        if (!isnan(col[c].val)) {
            int pr = (int)floor((col[c].val - lo) / (hi - lo) * H);
            point_row = pr < 0 ? 0 : pr > H - 1 ? H - 1 : pr;
        }
        int fill = eighths - 8 * r;
        if (r == point_row)
            frame_put(f, SGR_POINT, g->point);
        else
            frame_put(f, fill > 0 ? SGR_CURVE : NULL, g->eighths[fill < 0 ? 0 : fill > 8 ? 8 : fill]);
    }
}

/* The x axis: step 0 to the last step, the word for steps in the middle. */
static void draw_x_axis(const TrainView *v, Frame *f, int W, const Glyphs *g)
{
    frame_to(f, LABEL_COLS);
    frame_put(f, NULL, g->corner);
    for (int c = 0; c < W; c++)
        frame_put(f, NULL, g->rule);
    frame_end_line(f);
    char total[32];
    const char *steps = tv_label(v, LBL_TV_STEPS);
    tv_count(v, v->steps, total, sizeof total);
    frame_to(f, LABEL_COLS + 1);
    frame_put(f, NULL, "0");
    frame_to(f, LABEL_COLS + 1 + (W - textw_width(steps)) / 2);
    frame_put(f, NULL, steps);
    frame_to(f, LABEL_COLS + 1 + W - textw_width(total));
    frame_put(f, NULL, total);
    frame_end_line(f);
}

static void draw_curve(const TrainView *v, Frame *f, const Layout *l, const Glyphs *g)
{
    int H = l->plot_rows, W = l->plot_cols;
    Column *col = malloc((size_t)W * sizeof *col);
    if (!col) {
        f->out.failed = 1;
        return;
    }
    curve_columns(v, col, W);
    double lo = 0.0, hi = 1.0;
    int have = curve_range(col, W, &lo, &hi);
    for (int r = H - 1; r >= 0; r--) { /* row 0 is the bottom */
        int labelled = r == H - 1 || r == 0 || (H >= 5 && r == H / 2);
        if (have && labelled)
            draw_y_label(v, f, r == H - 1 ? hi : r == 0 ? lo : (lo + hi) / 2);
        frame_to(f, LABEL_COLS);
        frame_put(f, NULL, labelled ? g->tick : g->axis);
        if (have)
            draw_curve_row(f, col, W, H, r, lo, hi, g);
        frame_end_line(f);
    }
    free(col);
    draw_x_axis(v, f, W, g);
}

/* ---- the figures and the sample ---- */

/* The step and the training loss; the validation loss; the speed and the
 * time: figure line `which` (0, 1, 2). Losses in bits per character. */
static void draw_figures(const TrainView *v, Frame *f, int which)
{
    const TrainViewStep *s = &v->last;
    AppLang lang = v->lang;
    char a[32], b[32], c[32], d[32];
    if (which == 0 && !v->have_step)
        frame_printf(f, NULL, tv_label(v, LBL_TV_STARTS), tv_count(v, v->start_step, a, sizeof a),
                     tv_count(v, v->steps, b, sizeof b));
    else if (which == 0)
        frame_printf(f, NULL, tv_label(v, LBL_TV_TRAIN), tv_count(v, s->step, a, sizeof a),
                     tv_count(v, v->steps, b, sizeof b), app_num(lang, (double)s->loss, 4, c, sizeof c),
                     app_num(lang, v->smoothed, 4, d, sizeof d));
    else if (which == 1) /* NAN before the first: "-" */
        frame_printf(f, NULL, tv_label(v, LBL_TV_VAL),
                     app_num(lang, v->have_step ? s->val : NAN, 4, a, sizeof a),
                     app_num(lang, v->have_step ? s->best_val : NAN, 4, b, sizeof b));
    else if (!v->have_step)
        frame_printf(f, NULL, tv_label(v, LBL_TV_SPEED), "-", "-", "0:00", "-");
    else {
        cli_duration(s->elapsed, c, sizeof c);
        cli_duration(s->eta, d, sizeof d);
        frame_printf(f, NULL, tv_label(v, LBL_TV_SPEED), tv_count(v, lround(s->tok_s), a, sizeof a),
                     app_num_sci(lang, (double)s->lr, 2, b, sizeof b), c, d);
    }
    frame_end_line(f);
}

/* Why there is no sample, or that there is none yet. */
static const char *sample_missing(const TrainView *v)
{
    return v->problem ? v->problem : tv_label(v, LBL_TV_SAMPLE_NOT_YET);
}

/* The sample in two lines: what wrote it, then the poem. */
static void draw_sample(const TrainView *v, Frame *f)
{
    char step[32];
    if (v->poem) {
        frame_printf(f, NULL, tv_label(v, LBL_TV_SAMPLE_AFTER),
                     tv_count(v, v->sample_step, step, sizeof step), v->sample_about);
        frame_end_line(f);
        frame_put(f, NULL, "  ");
        frame_put(f, SGR_TITLE, *v->poem ? v->poem : tv_label(v, LBL_TV_SAMPLE_EMPTY));
    } else {
        frame_printf(f, NULL, tv_label(v, LBL_TV_SAMPLE_NONE), sample_missing(v));
        frame_end_line(f);
    }
    frame_end_line(f);
}

/* The title and the legend, each when the layout has room for it. */
static void draw_heading(const TrainView *v, Frame *f, const Layout *l, const Glyphs *g)
{
    if (l->title) {
        char a[32], b[32], pct[32];
        int step = v->have_step ? v->last.step : v->start_step;
        frame_printf(f, SGR_TITLE, tv_label(v, LBL_TV_TITLE), v->title,
                     tv_count(v, step, a, sizeof a), tv_count(v, v->steps, b, sizeof b),
                     app_share(v->lang, floor(100.0 * step / v->steps), 0, pct, sizeof pct));
        frame_end_line(f);
    }
    if (l->legend) {
        frame_put(f, NULL, tv_label(v, LBL_TV_UNIT));
        frame_put(f, NULL, "  ");
        frame_put(f, SGR_CURVE, g->eighths[6]);
        frame_put(f, NULL, " ");
        frame_put(f, NULL, tv_label(v, LBL_TV_LEGEND_TRAIN));
        frame_put(f, NULL, "   ");
        frame_put(f, SGR_POINT, g->point);
        frame_put(f, NULL, " ");
        frame_put(f, NULL, tv_label(v, LBL_TV_LEGEND_VAL));
        frame_end_line(f);
    }
}

static void draw_full(const TrainView *v, Frame *f, const Layout *l)
{
    const Glyphs *g = v->unicode ? &UNICODE_GLYPHS : &ASCII_GLYPHS;
    draw_heading(v, f, l, g);
    draw_curve(v, f, l, g);
    for (int k = 0; k < 3; k++)
        draw_figures(v, f, k);
    draw_sample(v, f);
    if (l->hint) {
        if (*v->note)
            frame_put(f, SGR_TITLE, v->note);
        else
            frame_printf(f, NULL, tv_label(v, LBL_TV_HINT), app_key_name(v->lang, KN_CTRL));
        frame_end_line(f);
    }
}

/* Too small for the curve: the figures, then the sample on one line, as
 * many of the four lines as fit. */
static void draw_compact(const TrainView *v, Frame *f, const Layout *l)
{
    for (int k = 0; k < 3 && k < l->lines; k++)
        draw_figures(v, f, k);
    if (l->lines >= 4) {
        char step[32];
        if (v->poem)
            frame_printf(f, NULL, tv_label(v, LBL_TV_SAMPLE_SHORT),
                         tv_count(v, v->sample_step, step, sizeof step), v->poem);
        else
            frame_printf(f, NULL, tv_label(v, LBL_TV_SAMPLE_NONE), sample_missing(v));
        frame_end_line(f);
    }
}

/* ---- the view ---- */

TrainView *train_view_start(FILE *out, const char *title, const char *sample_about,
                            int start_step, int steps)
{
    TrainView *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->out = out;
    v->title = title;
    v->sample_about = sample_about;
    v->start_step = start_step;
    v->steps = steps > 0 ? steps : 1;
    v->buckets = v->steps < BUCKETS ? v->steps : BUCKETS;
    for (int b = 0; b < BUCKETS; b++)
        v->val[b] = NAN;
    v->lang = cli_lang();
    v->unicode = !textw_ascii_terminal(); /* the explorer's rule (tui.c) */
    v->colour = colour_wanted();
    fputs("\033[?25l", out); /* no cursor jumping about the frame */
    fflush(out);
    return v;
}

double train_loss_bits(double nats) { return nats / log(2.0); }

void train_view_step(TrainView *v, const TrainViewStep *step)
{
    /* the view reads the losses in bits per character (the trainer's are nats) */
    TrainViewStep bits = *step, *s = &bits;
    bits.loss = (float)train_loss_bits(step->loss);
    bits.val = train_loss_bits(step->val);
    bits.best_val = train_loss_bits(step->best_val);
    /* An exponential average starts at 0; dividing by 1 - SMOOTHING^n
     * corrects that, so the first steps are not pulled toward 0. */
    v->ema = SMOOTHING * v->ema + (1.0 - SMOOTHING) * s->loss;
    v->ema_steps++;
    v->smoothed = v->ema / (1.0 - pow(SMOOTHING, v->ema_steps));
    long long b = s->step >= 1 ? (long long)(s->step - 1) * v->buckets / v->steps : 0;
    if (b >= v->buckets)
        b = v->buckets - 1;
    v->train_sum[b] += v->smoothed;
    v->train_count[b]++;
    if (s->val_now && isfinite(s->val)) {
        v->val[b] = s->val;
        v->due = 1;
    }
    v->last = *s;
    v->have_step = 1;
    if (v->due || s->step >= v->steps || ts_now() - v->drawn_at >= REDRAW_SECONDS)
        train_view_draw(v);
}

void train_view_sample(TrainView *v, int step, const char *poem, const char *problem)
{
    free(v->poem);
    free(v->problem);
    v->poem = v->problem = NULL;
    if (problem)
        v->problem = strdup(problem);
    else
        v->poem = strdup(poem);
    v->sample_step = step;
    v->due = 1;
}

void train_view_note(TrainView *v, const char *note)
{
    snprintf(v->note, sizeof v->note, "%s", note ? note : "");
    if (note)
        train_view_draw(v);
}

void train_view_draw(TrainView *v)
{
    int rows, cols;
    train_view_term_size(v->out, &rows, &cols);
    Frame f = {.colour = v->colour, .width = cols - 1};
    if (v->lines > 0 && rows == v->rows && cols == v->cols)
        frame_rawf(&f, "\r\033[%dA", v->lines); /* back to the frame's first line */
    else if (v->lines > 0)
        frame_raw(&f, "\033[H\033[2J", 7); /* a new size may have wrapped the old frame: start clean */
    Layout l = layout_for(rows, cols);
    if (l.compact)
        draw_compact(v, &f, &l);
    else
        draw_full(v, &f, &l);
    frame_raw(&f, "\033[J", 3); /* below: an echoed ^C, or what a taller frame left */
    if (!f.out.failed) {
        fwrite(f.out.p, 1, f.out.len, v->out);
        fflush(v->out);
        v->lines = f.lines;
        v->rows = rows;
        v->cols = cols;
    }
    bytebuf_free(&f.out);
    v->drawn_at = ts_now();
    v->due = 0;
}

void train_view_end(TrainView *v)
{
    if (!v)
        return;
    fputs("\033[0m\033[?25h", v->out);
    fflush(v->out);
    free(v->poem);
    free(v->problem);
    free(v);
}
