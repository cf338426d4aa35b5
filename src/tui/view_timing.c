/* view_timing.c - the KV cache's payoff, measured: the model's time per
 * written character with and without the cache, plotted over the position in
 * the text.
 *
 * Without the cache every step reads the whole text again, so its curve
 * climbs with the position; with the cache every step reads one character,
 * so its curve stays flat. The plot uses braille cells (2 x 4 dots each),
 * block characters in projector mode (braille's dots fade on a projector)
 * or, on plain terminals, one ASCII mark per cell. It shows the model's
 * passes alone: the sampler does the same work in both runs, so its time
 * (given apart, under the plot) would only blur what the cache saves. Under
 * the plot a strip, |Δ|, gives at each position the largest |difference|
 * between the two runs' logits (cachecmp_step computes it over the whole
 * vocabulary): a dot where they agree to the bit, a bar as high as the
 * difference otherwise. Then the totals and the speedup of the model's work,
 * the sampler's time, whether both runs wrote the same text, and (when there
 * is a row for it) what the cache costs in memory.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/labels.h"
#include "app/textw.h"
#include "app/verse.h"
#include "tui/views.h"

/* rows under the plot: the strip, the axis, the totals, the sampler and the
 * verdict; the memory line only on a taller panel. A plot lower than
 * PLOT_ROWS shows a ramp poorly: the sampler's line gives its row up first. */
enum { YLAB_COLS = 6, TEXT_ROWS = 5, PLOT_ROWS = 5, MAX_W = 256, MAX_H = 64 };

/* Dots of one braille cell: BRAILLE[column][row], rows from the top. */
static const unsigned char BRAILLE[2][4] = {{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}};

typedef struct {
    int w, h;                       /* cells */
    unsigned char bits[MAX_H][MAX_W];
} DotGrid;

/* A series binned into the plot's columns: the fastest time of the
 * positions that fall into each column (neighbours cost the same but for one
 * position, so the faster one is the one a pause did not hit); has[c] is 0
 * where none does (yet). */
typedef struct {
    double ms[2 * MAX_W];
    unsigned char has[2 * MAX_W];
} Bins;

static void bin_series(const double *v, int n, int length, Bins *out, int cols)
{
    for (int c = 0; c < cols; c++) {
        out->ms[c] = 0.0;
        out->has[c] = 0;
    }
    for (int i = 0; i < n; i++) {
        int c = (int)((long)i * cols / length);
        if (!out->has[c] || v[i] < out->ms[c])
            out->ms[c] = v[i];
        out->has[c] = 1;
    }
}

/* Set the dots of a series, joining neighbouring columns with a vertical
 * run so the curve reads as a line. */
static void dot_series(DotGrid *g, const Bins *bins, double ymax)
{
    int rows = 4 * g->h, prev = -1;
    for (int x = 0; x < 2 * g->w; x++) {
        if (!bins->has[x]) {
            prev = -1;
            continue;
        }
        int y = rows - 1 - (int)lround(bins->ms[x] / ymax * (rows - 1)), lo = y, hi = y;
        if (prev >= 0 && prev < y)
            lo = prev + 1;
        if (prev >= 0 && prev > y)
            hi = prev - 1;
        for (int yy = lo; yy <= hi; yy++)
            g->bits[yy / 4][x / 2] |= BRAILLE[x % 2][yy % 4];
        prev = y;
    }
}

static void draw_braille(Rect p, const DotGrid *un, const DotGrid *ca)
{
    for (int r = 0; r < p.h; r++) {
        for (int c = 0; c < p.w; c++) {
            unsigned bits = un->bits[r][c] | ca->bits[r][c];
            if (!bits)
                continue;
            char cell[4];
            cell[utf8_encode(0x2800 + bits, cell)] = 0;
            draw_text(p.y + r, p.x + c, 1, un->bits[r][c] ? ROLE_UNCACHED : ROLE_CACHED, cell);
        }
    }
}

static void draw_ascii(Rect p, const Bins *un, const Bins *ca, double ymax)
{
    for (int c = 0; c < p.w; c++) {
        if (ca->has[c])
            draw_text(p.y + p.h - 1 - (int)lround(ca->ms[c] / ymax * (p.h - 1)), p.x + c, 1,
                      ROLE_CACHED, "o");
        if (un->has[c])
            draw_text(p.y + p.h - 1 - (int)lround(un->ms[c] / ymax * (p.h - 1)), p.x + c, 1,
                      ROLE_UNCACHED, "*");
    }
}

/* Projector mode: block characters, which a projector shows where braille's
 * fine dots fade. Each column is a bar of eighths up to the time without the
 * cache; the time with it is a block at its own height, drawn over it. */
static void draw_blocks(Rect p, const Bins *un, const Bins *ca, double ymax)
{
    static const char *const LOW[9] = {" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
    for (int c = 0; c < p.w; c++) {
        if (un->has[c]) {
            int eighths = (int)lround(un->ms[c] / ymax * 8 * p.h);
            for (int r = 0; r < p.h && eighths > 8 * r; r++) {
                int e = eighths - 8 * r;
                draw_text(p.y + p.h - 1 - r, p.x + c, 1, ROLE_UNCACHED, LOW[e > 8 ? 8 : e]);
            }
        }
        if (ca->has[c]) {
            int r = (int)lround(ca->ms[c] / ymax * (p.h - 1));
            draw_text(p.y + p.h - 1 - r, p.x + c, 1, ROLE_CACHED, "▬");
        }
    }
}

static void draw_plot(const AppState *s, Rect p)
{
    const CompareRun *c = &s->view.cmp;
    /* braille: two columns of dots to a cell; blocks and ASCII: one */
    int unicode = tui_glyphs()->unicode, cols = unicode && !s->prefs.projector ? 2 * p.w : p.w;
    Bins un, ca;
    double ymax = 1e-6;
    bin_series(c->uncached_model_ms, c->n, c->length, &un, cols);
    bin_series(c->cached_model_ms, c->n, c->length, &ca, cols);
    for (int i = 0; i < cols; i++)
        ymax = fmax(ymax, fmax(un.ms[i], ca.ms[i])); /* a column without values holds 0 */
    draw_item(ITEM_PLOT, p.h); /* its rows: the check wants enough to show a ramp */
    char top[32];
    app_num(s->view.lang, ymax, ymax < 10 ? 2 : 0, top, sizeof top);
    draw_text_right(p.y, p.x - 1, YLAB_COLS - 1, ROLE_DIM, top);
    draw_item(ITEM_NONE, 0);
    draw_text(p.y + p.h - 1, p.x - 2, 1, ROLE_DIM, "0");
    if (unicode && s->prefs.projector) {
        draw_blocks(p, &un, &ca, ymax);
    } else if (unicode) {
        DotGrid gu = {.w = p.w, .h = p.h}, gc = {.w = p.w, .h = p.h};
        dot_series(&gu, &un, ymax);
        dot_series(&gc, &ca, ymax);
        draw_braille(p, &gu, &gc);
    } else {
        draw_ascii(p, &un, &ca, ymax);
    }
}

/* The strip under the plot: per cell the largest |logit difference| of the
 * positions that fall into it, scaled to the largest of all; a dot where the
 * two runs' logits are equal, `!` where one is not a number. */
static void draw_strip(const AppState *s, Rect p, int y)
{
    const CompareRun *c = &s->view.cmp;
    const Glyphs *g = tui_glyphs();
    static const char *const LEVELS[8] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
    draw_textf(y, p.x - YLAB_COLS, YLAB_COLS - 1, ROLE_DIM, app_label(s, LBL_TIMING_STRIP), g->delta);
    double worst[MAX_W];
    int seen[MAX_W] = {0}, nan_at[MAX_W] = {0};
    for (int i = 0; i < c->n; i++) {
        int x = (int)((long)i * p.w / c->length);
        double d = c->logit_diff[i];
        if (d != d)
            nan_at[x] = 1;
        else if (!seen[x] || d > worst[x])
            worst[x] = d;
        seen[x] = 1;
    }
    double top = c->max_logit_diff == c->max_logit_diff ? c->max_logit_diff : 0.0;
    for (int x = 0; x < p.w; x++) {
        if (!seen[x])
            continue;
        const char *mark;
        Role role = ROLE_ERROR;
        if (nan_at[x]) {
            mark = "!";
        } else if (worst[x] == 0.0) {
            mark = g->unicode ? "·" : ".";
            role = ROLE_GOOD;
        } else {
            int level = top > 0 ? (int)(worst[x] / top * 7.999) : 7;
            mark = g->unicode ? LEVELS[level < 0 ? 0 : level] : "#";
        }
        draw_text(y, p.x + x, 1, role, mark);
    }
}

/* "3   ⠿ no cache  ⣀ cache   128": the positions at both ends, the legend
 * centred in what they leave (its two parts a blank apart where two do not
 * fit). */
static void draw_axis(const AppState *s, Rect p, int y)
{
    const CompareRun *c = &s->view.cmp;
    int unicode = tui_glyphs()->unicode;
    char without[64], with[64], first[16], end[16];
    const char *mark_without = !unicode ? "*" : s->prefs.projector ? "█" : "⠿";
    const char *mark_with = !unicode ? "o" : s->prefs.projector ? "▬" : "⣀";
    snprintf(without, sizeof without, "%s %s  ", mark_without, app_label(s, LBL_WITHOUT_CACHE));
    snprintf(with, sizeof with, "%s %s", mark_with, app_label(s, LBL_WITH_CACHE));
    snprintf(first, sizeof first, "%d", c->first_pos + 1);
    snprintf(end, sizeof end, "%d", c->first_pos + c->length);
    draw_text(y, p.x - YLAB_COLS, YLAB_COLS - 1, ROLE_DIM, app_label(s, LBL_POSITION));
    int left = draw_text(y, p.x, 5, ROLE_DIM, first) + 1;
    int right = p.x + p.w - draw_text_right(y, p.x + p.w, 5, ROLE_DIM, end) + 1;
    int room = p.w - left - right, w = textw_width(without) + textw_width(with);
    if (w > room) { /* one blank between the parts */
        without[strlen(without) - 1] = '\0';
        w--;
    }
    int x = p.x + left + (w < room ? (room - w) / 2 : 0);
    x += draw_text(y, x, room, ROLE_UNCACHED, without);
    draw_text(y, x, p.x + p.w - right - x, ROLE_CACHED, with);
}

static void draw_memory(const AppState *s, Rect r, int y)
{
    char now[32], full[32];
    app_bytes(s->view.lang, (double)app_cache_bytes_now(s), now, sizeof now);
    app_bytes(s->view.lang, (double)app_cache_bytes_full(s), full, sizeof full);
    draw_item(ITEM_MEMORY, 0);
    char ctx[32];
    draw_textf(y, r.x, r.w, ROLE_DIM, app_label(s, LBL_CACHE_MEMORY), now, full,
               app_format_count(s->view.lang, s->text.m->cfg.context, ctx, sizeof ctx));
    draw_item(ITEM_NONE, 0);
}

/* The model's totals, the sampler's time (the cached run's; the other's does
 * the same work) if `sampler`, the verdict. */
static void draw_results(const AppState *s, Rect r, int y, int sampler_line)
{
    const CompareRun *c = &s->view.cmp;
    if (c->n == 0)
        return;
    double model_un = c->total_uncached_model_ms, model_ca = c->total_cached_model_ms;
    double speedup = model_ca > 0 ? model_un / model_ca : 0;
    char un[32], ca[32], fast[32], sampler[32];
    app_num(s->view.lang, model_un, 0, un, sizeof un);
    app_num(s->view.lang, model_ca, 0, ca, sizeof ca);
    app_num(s->view.lang, speedup, 1, fast, sizeof fast);
    app_num(s->view.lang, c->total_cached_ms - model_ca, 1, sampler, sizeof sampler);
    draw_textf(y, r.x, r.w, ROLE_NORMAL, app_label(s, LBL_TIMING_TOTALS), un, ca, fast);
    if (sampler_line)
        draw_textf(++y, r.x, r.w, ROLE_DIM, app_label(s, LBL_TIMING_SAMPLER), sampler);
    draw_item(ITEM_VERDICT, 0);
    int used = draw_text(y + 1, r.x, r.w, c->identical ? ROLE_GOOD : ROLE_ERROR,
                         app_label(s, c->identical ? LBL_IDENTICAL : LBL_DIFFERENT));
    draw_item(ITEM_NONE, 0);
    char diff[64], worst[32];
    snprintf(diff, sizeof diff, "%s", tui_glyphs()->sep);
    snprintf(diff + strlen(diff), sizeof diff - strlen(diff), app_label(s, LBL_MAX_DIFF),
             tui_glyphs()->delta,
             app_num_g(s->view.lang, c->max_logit_diff, 3, worst, sizeof worst));
    draw_text(y + 1, r.x + used, r.w - used, ROLE_NORMAL, diff);
}

void view_timing_draw(const AppState *s, Rect r)
{
    /* each position is timed s->compare_repeats times, the fastest plotted:
     * the header says so, since it is why the ramp shows on a busy machine */
    draw_textf(r.y, r.x, r.w, ROLE_HEADER, app_label(s, LBL_TIMING_HEADER), s->compare_repeats);
    if (s->view.quiz_hidden) /* the times and the verdict may be what the class is asked */
        return;
    if (s->view.cmp.length == 0) {
        /* nothing timed (or what was timed is gone): the invitation, and
         * what the cache holds now */
        if (r.h > 2)
            draw_wrapped((Rect){r.y + 1, r.x + 2, r.h - 2, r.w - 4}, ROLE_DIM,
                         app_label(s, LBL_TIMING_EMPTY));
        if (r.h > 1)
            draw_memory(s, r, r.y + r.h - 1);
        return;
    }
    int memory = r.h >= TEXT_ROWS + 4; /* a plot of two rows first */
    int sampler = r.h - 1 - memory - TEXT_ROWS >= PLOT_ROWS; /* then a plot of PLOT_ROWS */
    Rect plot = {r.y + 1, r.x + YLAB_COLS, r.h - 1 - memory - TEXT_ROWS + !sampler, r.w - YLAB_COLS};
    plot.w = plot.w > MAX_W ? MAX_W : plot.w;
    plot.h = plot.h > MAX_H ? MAX_H : plot.h;
    if (plot.h < 1)
        return;
    draw_plot(s, plot);
    draw_strip(s, plot, plot.y + plot.h);
    draw_axis(s, plot, plot.y + plot.h + 1);
    draw_results(s, r, plot.y + plot.h + 2, sampler);
    if (memory)
        draw_memory(s, r, plot.y + plot.h + 4 + sampler);
}

/* ---- show written: what the two runs wrote ---- */

/* The first row of `total` to show in max_rows: from the top, where the
 * prompt the class typed stands, when the runs wrote the same (the view says
 * so above it); else from the row before the one where they part. */
static int written_first_row(const VerseRow *rows, int total, int max_rows, int part_at)
{
    if (total <= max_rows || part_at < 0)
        return 0;
    int k = 0;
    while (k + 1 < total && rows[k + 1].start <= part_at)
        k++;
    int top = k > 0 ? k - 1 : 0;
    return top > total - max_rows ? total - max_rows : top;
}

/* One run's text as verse in r: the prompt both started from (dim), then
 * what the run wrote, from character `part` on (where the runs part) in the
 * error's look. When not all fits, the rows written_first_row picks, and an
 * ellipsis after the last row shown. */
static void draw_run(const AppState *s, Rect r, const int *tok, int part)
{
    const CompareRun *c = &s->view.cmp;
    enum { MAX_CPS = 2 * APP_COMPARE_MAX };
    uint32_t cps[MAX_CPS];
    int n = 0, first = 0;
    for (size_t i = s->text.g.prefix;
         i < (size_t)c->first_pos && i < s->text.g.n && n < APP_COMPARE_MAX; i++)
        cps[n++] = vocab_cp(&s->text.m->vocab, s->text.g.text[i]);
    first = n; /* the run's own characters start here */
    for (int i = 0; i < c->n; i++)
        cps[n++] = vocab_cp(&s->text.m->vocab, tok[i]);
    static VerseRow rows[MAX_CPS + 1];
    int total = verse_layout(cps, n, draw_cp_width('\n'), r.w, r.h, rows, MAX_CPS + 1, NULL);
    int top = written_first_row(rows, total, r.h, part >= 0 ? first + part : -1);
    for (int k = top; k < total && k - top < r.h; k++) {
        int x = r.x;
        for (int i = rows[k].start; i < rows[k].start + rows[k].len; i++) {
            Role role = i < first ? ROLE_DIM : part >= 0 && i - first >= part ? ROLE_ERROR : ROLE_NORMAL;
            x += draw_cp(r.y + k - top, x, r.x + r.w - x, role, cps[i]);
        }
        if (k - top == r.h - 1 && k + 1 < total && x < r.x + r.w) /* more below, out of view */
            draw_text(r.y + k - top, x, r.x + r.w - x, ROLE_DIM, tui_glyphs()->ellipsis);
    }
}

void view_written_draw(const AppState *s, Rect r)
{
    const CompareRun *c = &s->view.cmp;
    int part = -1;
    for (int i = 0; i < c->n && part < 0; i++)
        if (c->tok_cached[i] != c->tok_full[i])
            part = i;
    draw_item(ITEM_WRITTEN, 0);
    if (part < 0)
        draw_textf(r.y, r.x, r.w, ROLE_GOOD, app_label(s, LBL_WRITTEN_SAME), c->n);
    else
        draw_textf(r.y, r.x, r.w, ROLE_ERROR, app_label(s, LBL_WRITTEN_PART), part + 1, c->n);
    draw_item(ITEM_NONE, 0);
    if (r.h < 3)
        return;
    /* two columns, the run with the cache at the left, as the plot's legend names them */
    int w = (r.w - 2) / 2;
    const Glyphs *g = tui_glyphs();
    const char *mark_with = !g->unicode ? "o" : s->prefs.projector ? "▬" : "⣀";
    const char *mark_without = !g->unicode ? "*" : s->prefs.projector ? "█" : "⠿";
    draw_textf(r.y + 1, r.x, w, ROLE_CACHED, "%s %s", mark_with, app_label(s, LBL_WITH_CACHE));
    draw_textf(r.y + 1, r.x + w + 2, w, ROLE_UNCACHED, "%s %s", mark_without,
               app_label(s, LBL_WITHOUT_CACHE));
    draw_run(s, (Rect){r.y + 2, r.x, r.h - 2, w}, c->tok_cached, part);
    draw_run(s, (Rect){r.y + 2, r.x + w + 2, r.h - 2, w}, c->tok_full, part);
}
