/* view_probs.c - the probability panel: the top 8 next characters.
 *
 * Each row: the key that picks it, the character, two bars in one row (the
 * upper half is the model's own probability, the lower half what the sampler
 * leaves of it), both as percentages, how often the training text continues
 * the same way, and, with `h`, how often 1,000 samples chose it. Under the
 * rows: what the sampler keeps and removes, the entropy of the model and
 * after the sampler, the training-text context, and the looked-up character
 * or, when none is looked up, the sampler stage by stage.
 *
 * From 110 columns on, the two percentages become a column per stage of the
 * sampler, in the order it applies them (model, repetition penalty,
 * temperature, top-k, top-p, min-p, form mask, final): the candidate's
 * probability after each, renormalised over what the stage keeps.
 *
 * After a sampled step, the coin: the final distribution it was drawn from as
 * one bar, the most probable first, with the point where the random number
 * landed marked and the character it chose named. It has a row of its own
 * when the panel has one to spare; at 80x24 it takes the stages' line until
 * the text changes otherwise.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/labels.h"
#include "engine/probfmt.h"
#include "app/textw.h"
#include "tui/views.h"

/* Column positions, relative to the panel's left edge. */
typedef struct {
    int py, py_w, gloss_w; /* with pinyin (y): the reading and the gloss, before the bars */
    int bar, bar_w;     /* the two bars */
    int model_end;      /* right edge of the model's percentage */
    int sampler_end;    /* right edge of the sampler's percentage (with stages: of the last) */
    int stages;         /* 1: a column per stage instead of the two percentages */
    int corpus, corpus_w;
    int hist, hist_w;
} ProbCols;

enum { NUM_COLS = 5, PCT_COLS = 9, SAMPLER_COLS = 10, CORPUS_COLS = 18, HIST_COLS = 14 }; /* "0,00014 %" */
/* pinyin: the gloss takes what the bars can spare above BAR_KEEP, at most GLOSS_COLS */
enum { GLOSS_COLS = 24, BAR_KEEP = 16, GLOSS_MIN_COLS = 12 };
/* the sampler's stage columns: each this wide, from this panel width on; the
 * last one, the result, wider: its heading is a word, not an abbreviation
 * ("Ergebnis") */
enum { STAGE_COLS = 7, FINAL_COLS = 9, STAGES_MIN_W = 110, STAGES_MIN_BAR = 12 };

/* The stage columns, left to right: each stage of the sampler, and after a
 * stage a student's program does (pred.stagev), the program's column. */
typedef struct {
    SamplerStage stage;
    int yours;   /* -1, or the ExerciseKind whose program's column this is */
} StageCol;
enum { MAX_STAGE_COLS = STAGE_COUNT + EXERCISE_COUNT };

static int stage_columns(const AppState *s, StageCol *cols)
{
    int n = 0;
    for (int k = 0; k < STAGE_COUNT; k++) {
        cols[n++] = (StageCol){.stage = (SamplerStage)k, .yours = -1};
        for (int e = 0; e < EXERCISE_COUNT; e++)
            if (s->pred.stagev[e].on && s->pred.stagev[e].stage == (SamplerStage)k)
                cols[n++] = (StageCol){.stage = (SamplerStage)k, .yours = e};
    }
    return n;
}

/* The width of a stage column. */
static int stage_col_w(StageCol c)
{
    return c.yours < 0 && c.stage == STAGE_FINAL ? FINAL_COLS : STAGE_COLS;
}

/* Where stage column i ends, counted from the end of the bars. */
static int stage_col_end(const StageCol *cols, int i)
{
    int x = 0;
    for (int j = 0; j <= i; j++)
        x += stage_col_w(cols[j]);
    return x;
}

/* The student's stage that stands beside built-in stage k, or NULL. */
static const AppStageView *stage_beside(const AppState *s, SamplerStage k)
{
    for (int e = 0; e < EXERCISE_COUNT; e++)
        if (s->pred.stagev[e].on && s->pred.stagev[e].stage == k)
            return &s->pred.stagev[e];
    return NULL;
}

/* y in a panel too narrow for a gloss beside the bars (a lesson's, beside
 * its narration, at 80x24): the gloss takes the training text's column,
 * unless the lesson points at that column or the histogram stands there. */
static void gloss_for_corpus(const AppState *s, ProbCols *c)
{
    if (!s->prefs.show_pinyin || c->gloss_w > 0 || c->corpus_w == 0 || c->hist_w ||
        s->view.point == PANEL_CORPUS)
        return;
    c->gloss_w = c->corpus_w;
    c->corpus_w = 0;
    c->bar += c->gloss_w;
}

static void prob_columns(const AppState *s, Rect r, ProbCols *c)
{
    /* a projector: the bars take the whole width */
    /* on a projector too: lessons 1 and 8 teach with the training text's counts */
    c->hist_w = app_view_is_open(&s->view.views, VIEW_HISTOGRAM) ? HIST_COLS : 0;
    c->corpus_w = CORPUS_COLS;
    /* beside a lesson's narration both columns leave the bars too little: the
     * histogram, which a step asked for, keeps its room */
    if (c->hist_w && r.w - NUM_COLS - PCT_COLS - SAMPLER_COLS - 2 - c->corpus_w - c->hist_w < 6)
        c->corpus_w = 0;
    c->py = NUM_COLS;
    c->py_w =
        s->prefs.show_pinyin ? VIEW_PINYIN_COLS : 0; /* never cut: a reading is whole or wrong */
    c->bar = NUM_COLS + c->py_w;
    c->gloss_w = 0;
    StageCol cols[MAX_STAGE_COLS];
    int stages_w = stage_col_end(cols, stage_columns(s, cols) - 1);
    /* with pinyin (y) the stages need room for a gloss too: without it the
     * two percentages stand there, and the gloss beside them (unless a
     * student's program has its column among the stages) */
    int yours = 0; /* a student's column: the stages stay, a gloss only where it fits */
    for (int e = 0; e < EXERCISE_COUNT; e++)
        yours |= s->pred.stagev[e].on;
    int gloss_room = s->prefs.show_pinyin && !yours ? GLOSS_MIN_COLS : 0;
    c->stages = !s->prefs.projector && r.w >= STAGES_MIN_W &&
                r.w - c->bar - stages_w - 2 - c->corpus_w - c->hist_w >= STAGES_MIN_BAR + gloss_room;
    if (c->stages) {
        c->bar_w = r.w - c->bar - stages_w - 2 - c->corpus_w - c->hist_w;
        if (s->prefs.show_pinyin && c->bar_w - STAGES_MIN_BAR >= GLOSS_MIN_COLS) {
            int spare = c->bar_w - STAGES_MIN_BAR;
            c->gloss_w = spare > GLOSS_COLS ? GLOSS_COLS : spare;
            c->bar += c->gloss_w;
            c->bar_w -= c->gloss_w;
        }
        c->model_end = c->bar + c->bar_w + stage_col_end(cols, 0);
        c->sampler_end = c->bar + c->bar_w + stages_w;
        c->corpus = c->sampler_end + 2;
        c->hist = c->corpus + c->corpus_w;
        return;
    }
    c->bar_w = r.w - c->bar - PCT_COLS - SAMPLER_COLS - 2 - c->corpus_w - c->hist_w;
    if (s->prefs.show_pinyin && c->bar_w > BAR_KEEP) {
        c->gloss_w = c->bar_w - BAR_KEEP > GLOSS_COLS ? GLOSS_COLS : c->bar_w - BAR_KEEP;
        c->bar += c->gloss_w;
        c->bar_w -= c->gloss_w;
    }
    /* beside a lesson's narration the panel is narrow: the columns give way to
     * the bars, down to a bar of 4 cells and the training text's heading */
    while (c->bar_w < 4 && (c->corpus_w > 13 || c->hist_w > 9)) {
        if (c->hist_w > 9)
            c->hist_w--;
        else
            c->corpus_w--;
        c->bar_w++;
    }
    gloss_for_corpus(s, c);
    c->model_end = c->bar + c->bar_w + PCT_COLS;
    c->sampler_end = c->model_end + SAMPLER_COLS;
    c->corpus = c->sampler_end + 2;
    c->hist = c->corpus + c->corpus_w;
}

/* Two bars in one row of cells: the model's in the upper half, the
 * sampler's in the lower half; a cell holding both is full. */
static void draw_pair_bar(int y, int x, int w, double model, double sampler, int blocked)
{
    const Glyphs *g = tui_glyphs();
    int a = (int)lround(model * w), b = (int)lround(sampler * w);
    for (int i = 0; i < w; i++) {
        int top = i < a, bottom = i < b;
        const char *glyph = top && bottom ? g->full : top ? g->half_top : bottom ? g->half_bottom : " ";
        Role role = blocked ? ROLE_BLOCKED
                    : top && bottom ? ROLE_BAR_BOTH
                    : top ? ROLE_BAR_MODEL : ROLE_BAR_SAMPLER;
        draw_text(y, x + i, 1, role, glyph);
    }
}

/* large: the projector's bars, a row each, so the legend shows whole cells
 * in the bars' colours */
static void draw_header(const AppState *s, Rect r, const ProbCols *c, int large)
{
    const Glyphs *g = tui_glyphs();
    char legend[160];
    int narrow_legend = 0;
    if (large) {
        int x = r.x + draw_text(r.y, r.x, c->bar, ROLE_HEADER, app_label(s, LBL_NEXT)) + 2;
        x += draw_text(r.y, x, 2, ROLE_BAR_MODEL, g->eighths[8]) + 1;
        x += draw_text(r.y, x, 12, ROLE_HEADER, app_label(s, LBL_MODEL)) + 2;
        x += draw_text(r.y, x, 2, ROLE_BAR_SAMPLER, g->eighths[8]) + 1;
        draw_text(r.y, x, 12, ROLE_HEADER, app_label(s, LBL_SAMPLER));
    } else {
        snprintf(legend, sizeof legend, "%s  %s %s  %s %s", app_label(s, LBL_NEXT), g->half_top,
                 app_label(s, LBL_MODEL), g->half_bottom, app_label(s, LBL_SAMPLER));
        if (textw_width(legend) > c->bar + c->bar_w) /* narrow: the bars' key alone, whole */
            snprintf(legend, sizeof legend, "%s %s %s %s", g->half_top, app_label(s, LBL_MODEL),
                     g->half_bottom, app_label(s, LBL_SAMPLER));
        if (textw_width(legend) > c->bar + c->bar_w) { /* narrower: each half on its column */
            narrow_legend = 1;
            snprintf(legend, sizeof legend, "%s", app_label(s, LBL_NEXT));
        }
        draw_text(r.y, r.x, c->bar + c->bar_w, ROLE_HEADER, legend);
    }
    if (c->stages) {
        StageCol cols[MAX_STAGE_COLS];
        int n = stage_columns(s, cols);
        for (int i = 0; i < n; i++) {
            draw_item(cols[i].yours >= 0 ? ITEM_STAGE_COL : ITEM_NONE, 0);
            draw_text_right(r.y, r.x + c->bar + c->bar_w + stage_col_end(cols, i), stage_col_w(cols[i]) - 1,
                            cols[i].yours >= 0 ? ROLE_KEY : ROLE_HEADER,
                            cols[i].yours >= 0 ? app_label(s, LBL_STAGE_YOURS)
                                               : app_stage_word(s->view.lang, cols[i].stage));
        }
    } else if (narrow_legend) { /* "▀ model" over the model's column, "▄ sampler" over the other */
        char head[64];
        snprintf(head, sizeof head, "%s %s", g->half_top, app_label(s, LBL_MODEL));
        draw_text_right(r.y, r.x + c->model_end, PCT_COLS, ROLE_HEADER, head);
        snprintf(head, sizeof head, "%s %s", g->half_bottom, app_label(s, LBL_SAMPLER));
        draw_text_right(r.y, r.x + c->sampler_end, SAMPLER_COLS, ROLE_HEADER, head);
    } else {
        draw_text_right(r.y, r.x + c->model_end, PCT_COLS, ROLE_HEADER, app_label(s, LBL_MODEL));
        draw_text_right(r.y, r.x + c->sampler_end, SAMPLER_COLS, ROLE_HEADER,
                        app_label(s, LBL_SAMPLER));
    }
    draw_item(ITEM_CORPUS, 0);
    if (c->corpus_w)
        draw_text(r.y, r.x + c->corpus, c->corpus_w, ROLE_HEADER, app_label(s, app_corpus_col_label(s)));
    draw_item(ITEM_HIST, 0);
    if (c->hist_w)
        draw_text(r.y, r.x + c->hist, c->hist_w, ROLE_HEADER, app_label(s, LBL_HIST));
    draw_item(ITEM_NONE, 0);
}

/* The largest value any bar shows: it spans the whole bar width. */
static double bar_scale(const Prediction *p)
{
    double m = 1e-9;
    for (int k = 0; k < p->n_top; k++) {
        m = fmax(m, p->top[k].p);
        m = fmax(m, p->top[k].p_sampler);
    }
    return m;
}

/* A percentage right-aligned to end at x_end: two significant digits for a
 * small one, never "0.0%" for what can be drawn (probfmt.h). */
static void draw_percent(AppLang lang, int y, int x_end, int cols, Role role, double p)
{
    char text[48];
    draw_text_right(y, x_end, cols, role, probfmt_percent_in(p, 1, app_num_style(lang), text, sizeof text));
}

/* A bar of full cells: the larger bars of projector mode, one row each. */
static void draw_full_bar(int y, int x, int w, double fraction, Role role)
{
    int n = (int)lround(fraction * w);
    for (int i = 0; i < n && i < w; i++)
        draw_text(y, x + i, 1, role, tui_glyphs()->eighths[8]); /* a whole cell */
}


/* One stage cell: the share, or "-" where the stage removed the candidate;
 * a student's column marks where it and the built-in disagree. */
static void draw_stage_cell(const AppState *s, int y, int x_end, Role role, double p, int differs)
{
    if (!differs) {
        if (!s->pred.sampler_ok || p > 0.0) {
            char pct[32];
            draw_text_right(y, x_end - 1, STAGE_COLS - 1, role,
                            app_share(s->view.lang, 100.0 * p, 1, pct, sizeof pct));
        } else {
            draw_text_right(y, x_end, STAGE_COLS, ROLE_DIM, "-");
        }
        return;
    }
    /* the mark in the cell's last column, the value before it (100% without decimals) */
    char pct[32];
    draw_text_right(
        y, x_end - 1, STAGE_COLS - 2, ROLE_ERROR,
        p > 0.0 ? app_share(s->view.lang, 100.0 * p, p >= 0.9995 ? 0 : 1, pct, sizeof pct) : "-");
    draw_text(y, x_end - 1, 1, ROLE_ERROR, tui_glyphs()->differs);
}

/* The candidate after each stage of the sampler (row k of the top): where a
 * student's program does a stage, the built-in's column shows what the
 * built-in would keep, and the program's column beside it what it keeps. */
static void draw_stage_cells(const AppState *s, Rect r, const ProbCols *c, int row, int y)
{
    const Candidate *cand = &s->pred.top[row];
    StageCol cols[MAX_STAGE_COLS];
    int n = stage_columns(s, cols);
    for (int i = 0; i < n; i++) {
        SamplerStage k = cols[i].stage;
        int x_end = r.x + c->bar + c->bar_w + stage_col_end(cols, i);
        Role role = k == STAGE_FINAL ? ROLE_BAR_SAMPLER : cand->blocked ? ROLE_BLOCKED : ROLE_NORMAL;
        const AppStageView *v = stage_beside(s, k);
        if (cols[i].yours >= 0)
            draw_stage_cell(s, y, x_end, ROLE_KEY, (double)cand->stage[k], v->differ[row]);
        else if (v)
            draw_stage_cell(s, y, x_end, ROLE_NORMAL, (double)v->builtin[row], 0);
        else
            draw_stage_cell(s, y, x_end, role, (double)cand->stage[k], 0);
    }
}

/* Does a student's stage disagree with the built-in on row k? */
static int row_differs(const AppState *s, int row)
{
    for (int e = 0; e < EXERCISE_COUNT; e++)
        if (s->pred.stagev[e].on && s->pred.stagev[e].differ[row])
            return 1;
    return 0;
}

/* A candidate's cell of the training text's column: "count/total share",
 * the counts and the share as the language writes them. Counts after a
 * common context (a bare 。: 46,774/198,518) do not fit its 18 columns:
 * then the total goes first (the line under the bars names it), then the
 * count, so the share always stands whole. */
static void draw_corpus_cell(const AppState *s, const Candidate *cand, int y, int x, int w, Role role)
{
    char pct[32], cell[96];
    app_share(s->view.lang, 100.0 * (double)cand->corpus_count / (double)s->pred.suffix_total, 1,
              pct, sizeof pct);
    char count[32], total[32];
    app_format_count(s->view.lang, (long)cand->corpus_count, count, sizeof count);
    app_format_count(s->view.lang, (long)s->pred.suffix_total, total, sizeof total);
    snprintf(cell, sizeof cell, "%s/%s %s", count, total, pct);
    if (textw_width(cell) > w)
        snprintf(cell, sizeof cell, "%s %s", count, pct);
    if (textw_width(cell) > w)
        snprintf(cell, sizeof cell, "%s", pct);
    draw_text(y, x, w, role, cell);
}

static void draw_row(const AppState *s, Rect r, const ProbCols *c, int k, double scale, int hist_max,
                     int y, int large)
{
    const Candidate *cand = &s->pred.top[k];
    Role text = cand->blocked ? ROLE_BLOCKED : ROLE_NORMAL;
    draw_item(ITEM_BARS, k);
    draw_textf(y, r.x, 2, ROLE_KEY, "%d", k + 1);
    draw_cp(y, r.x + 2, 2, large ? ROLE_HEADER : text, vocab_cp(&s->text.m->vocab, cand->id));
    if (c->py_w) /* the gloss leaves a space before the bar */
        view_pinyin_cell(s, y, r.x + c->py, c->py_w, c->gloss_w - 1, text,
                         vocab_cp(&s->text.m->vocab, cand->id), NULL);
    if (large) { /* the model's bar on this row, the sampler's on the next */
        Role model = cand->blocked ? ROLE_BLOCKED : ROLE_BAR_MODEL;
        draw_full_bar(y, r.x + c->bar, c->bar_w, cand->p / scale, model);
        draw_full_bar(y + 1, r.x + c->bar, c->bar_w, cand->p_sampler / scale, ROLE_BAR_SAMPLER);
    } else {
        draw_pair_bar(y, r.x + c->bar, c->bar_w, cand->p / scale, cand->p_sampler / scale, cand->blocked);
    }
    if (row_differs(s, k)) /* between the character and its bar */
        draw_text(y, r.x + 4, 1, ROLE_ERROR, tui_glyphs()->differs);
    if (c->stages) {
        draw_stage_cells(s, r, c, k, y);
    } else {
        draw_percent(s->view.lang, y, r.x + c->model_end, PCT_COLS, text, (double)cand->p);
        if (cand->blocked)
            draw_text_right(y, r.x + c->sampler_end, SAMPLER_COLS, ROLE_BLOCKED,
                            app_label(s, LBL_BLOCKED));
        else
            draw_percent(s->view.lang, y + large, r.x + c->sampler_end, SAMPLER_COLS,
                         ROLE_BAR_SAMPLER, (double)cand->p_sampler);
    }
    if (c->corpus_w && s->pred.suffix_total > 0)
        draw_corpus_cell(s, cand, y, r.x + c->corpus, c->corpus_w, text);
    if (c->hist_w) {
        draw_textf(y, r.x + c->hist, 5, ROLE_HIST, "%4d", cand->hist);
        draw_hbar(y, r.x + c->hist + 5, c->hist_w - 6, (double)cand->hist / hist_max, ROLE_HIST);
    }
    draw_item(ITEM_NONE, 0);
}

/* "sampler keeps 37, removes 12.3% · entropy: model 4.21, sampler 2.10 bits";
 * removes: the model probability of every character the final distribution
 * gives 0, the temperature's share included */
static void draw_summary(const AppState *s, Rect r, int y)
{
    AppSummary sum;
    app_summary(s, &sum);
    const char *sep = tui_glyphs()->sep;
    char line[512];
    /* beside a lesson's narration the entropies may not fit: they go first,
     * then the form's share */
    snprintf(line, sizeof line, "%s", sum.kept);
    size_t kept = strlen(line);
    if (sum.blocked[0]) {
        snprintf(line + kept, sizeof line - kept, "%s%s", sep, sum.blocked);
        if (textw_width(line) > r.w)
            line[kept] = 0;
        kept = strlen(line);
    }
    snprintf(line + kept, sizeof line - kept, "%s%s", sep, sum.entropy);
    if (textw_width(line) > r.w)
        line[kept] = 0;
    draw_item(ITEM_SUMMARY, 0);
    draw_text(y, r.x, r.w, ROLE_NORMAL, line);
    draw_item(ITEM_NONE, 0);
}

/* The suffix of the text the training text was searched for, at most
 * `cols` columns of its end. */
static void suffix_text(const AppState *s, char *out, size_t size, int cols)
{
    char all[4 * 1024 + 8];
    size_t len = 0;
    const Prediction *p = &s->pred;
    for (size_t i = 0; i < p->suffix_len && len + 8 < sizeof all; i++) {
        uint32_t cp = vocab_cp(&s->text.m->vocab, s->text.g.text[p->suffix_start + i]);
        if (cp == '\n')
            len += (size_t)snprintf(all + len, sizeof all - len, "%s", tui_glyphs()->newline);
        else
            len += (size_t)utf8_encode(cp, all + len);
    }
    all[len] = 0;
    size_t skip = textw_fit_tail(all, cols);
    snprintf(out, size, "%s%s", skip ? tui_glyphs()->ellipsis : "", all + skip);
}

static void draw_corpus_line(const AppState *s, Rect r, int y)
{
    const Prediction *p = &s->pred;
    char line[512], ctx[256], other[128] = "";
    if (app_view_is_open(&s->view.views,
                         VIEW_HISTOGRAM)) { /* the draws outside the bars, after the context */
        snprintf(other, sizeof other, "%s", tui_glyphs()->sep);
        size_t n = strlen(other);
        char count[32];
        snprintf(other + n, sizeof other - n, app_label(s, LBL_HIST_OTHER),
                 app_format_count(s->view.lang, p->hist_other, count, sizeof count));
    }
    int other_w = textw_width(other);
    if (!s->text.corpus)
        snprintf(line, sizeof line,
                 app_label(s, s->text.corpus_status == CORPUS_LOADING ? LBL_CORPUS_LOADING
                                                                      : LBL_CORPUS_NONE),
                 tui_glyphs()->ellipsis);
    else if (s->text.corpus_other) /* said before any count: they are not the model's text's */
        snprintf(line, sizeof line, "%s", app_label(s, LBL_CORPUS_OTHER));
    else if (p->suffix_len == 0) {
        char total[32];
        snprintf(line, sizeof line, app_label(s, LBL_CORPUS_NOWHERE),
                 app_format_count(s->view.lang, (long)p->suffix_total, total, sizeof total));
    } else {
        /* the context's end, in what the line leaves of the panel (at most 24) */
        const char *fmt = app_label_n(s, LBL_CORPUS_AFTER, (long)p->suffix_total);
        char quoted[300], count[32];
        app_format_count(s->view.lang, (long)p->suffix_total, count, sizeof count);
        app_quoted(s->view.lang, "", quoted, sizeof quoted);
        snprintf(line, sizeof line, fmt, quoted, count);
        int room = r.w - textw_width(line) - 1 - other_w; /* 1: the ellipsis */
        suffix_text(s, ctx, sizeof ctx, room < 24 ? (room < 4 ? 4 : room) : 24);
        app_quoted(s->view.lang, ctx, quoted, sizeof quoted);
        snprintf(line, sizeof line, fmt, quoted, count);
    }
    draw_item(ITEM_CORPUS, 1);
    int used = 0;
    if (!other[0] || textw_width(line) + other_w <= r.w) /* else the histogram's line alone */
        used = draw_text(y, r.x, r.w, ROLE_DIM, line);
    draw_item(ITEM_NONE, 0);
    if (other[0])
        draw_text(y, r.x + used, r.w - used, ROLE_HIST, used ? other : other + strlen(tui_glyphs()->sep));
}

/* Is stage k's cell on the narrowest stages line? The temperature's always,
 * the form's with a form, a filter's when its setting is not off. */
static int stage_cell_on(const AppState *s, SamplerStage k)
{
    int set = SAMPLER_STAGES[k].setting;
    if (k == STAGE_FORM_MASK)
        return s->view.mode.kind != FORM_FREE;
    return k == STAGE_TEMPERATURE ||
           (set >= 0 && !sampler_setting_off(&s->view.set, (SamplerSettingId)set));
}

/* "stages t 7,311 0%  k 2 -90.4%  p 2 0%  m 2 0%  f 2 0%": for each
 * slider's stage (by its key, the stage table's head) what it keeps and the
 * model probability it removed (a minus only before a share that is some of
 * it). The model's own stage is left out, and the repetition
 * penalty's, which removes no character (it only lowers scores), is its
 * factor when it is on ("r 1.50"); the final one keeps what the form's does. */
static void draw_stages_line(const AppState *s, Rect r, int y)
{
    const SamplerStages *st = &s->pred.stages;
    if (!s->pred.sampler_ok) {
        draw_text(y, r.x, r.w, ROLE_DIM, app_label(s, LBL_QUERY_HINT));
        return;
    }
    /* as the language writes the numbers, counts grouped as everywhere on
     * the screen; where five cells do not fit the width so (German, French
     * at 80 columns), a share of 10% or more without decimals; beside a
     * lesson's narration, where even that does not fit: the stages of the
     * settings that are on (the temperature always); the form's cell gives
     * its blocked share, as the note and the summary say it */
    char line[256];
    for (int pass = 0; pass < 3; pass++) {
        int dense = pass > 0, all = pass < 2, cells = 0;
        size_t n = (size_t)snprintf(line, sizeof line, "%s", app_label(s, LBL_STAGES));
        if (!sampler_setting_off(&s->view.set,
                                 SET_REPETITION_PENALTY)) { /* "r 1.50": it removes none */
            char v[32];
            app_num(s->view.lang, s->view.set.repetition_penalty, 2, v, sizeof v);
            n += (size_t)snprintf(line + n, sizeof line - n, " r %s", v);
            cells++;
        }
        for (int k = 0; k < STAGE_COUNT && n < sizeof line; k++) {
            if (!SAMPLER_STAGES[k].head || (!all && !stage_cell_on(s, (SamplerStage)k)))
                continue;
            char kept[32], removed[32];
            double share = 100.0 * st->removed[k];
            app_format_count(s->view.lang, st->kept[k], kept, sizeof kept);
            if (k == STAGE_FORM_MASK)
                app_blocked_share(s->view.lang, s->pred.blocked, removed, sizeof removed);
            else
                app_share(s->view.lang, share, !dense || share < 9.95 ? 1 : 0, removed,
                          sizeof removed);
            double gone = k == STAGE_FORM_MASK ? s->pred.blocked : share;
            int minus = gone > 0.0 && removed[0] >= '0' && removed[0] <= '9'; /* "0%", "<0.1%": no sign */
            n += (size_t)snprintf(line + n, sizeof line - n, "%s%c %s %s%s", cells++ ? "  " : " ",
                                  SAMPLER_STAGES[k].head, kept, minus ? "-" : "", removed);
        }
        if (textw_width(line) <= r.w)
            break;
    }
    draw_text(y, r.x, r.w, ROLE_DIM, line);
}

/* A student's stage: what marks a difference, and how many each keeps. */
static int draw_stage_line(const AppState *s, Rect r, int y)
{
    const AppStageView *v = NULL;
    for (int e = 0; e < EXERCISE_COUNT; e++) /* the one that differs, top-p first */
        if (s->pred.stagev[e].on && (!v || (!v->n_differ && s->pred.stagev[e].n_differ)))
            v = &s->pred.stagev[e];
    if (!v)
        return 0;
    char line[256], kept[32], builtin[32], differ[32];
    int topp = v->stage == STAGE_TOP_P;
    app_format_count(s->view.lang, v->kept, kept, sizeof kept);
    app_format_count(s->view.lang, v->builtin_kept, builtin, sizeof builtin);
    app_format_count(s->view.lang, v->n_differ, differ, sizeof differ);
    snprintf(line, sizeof line, app_label(s, topp ? LBL_STAGE_TOPP_LINE : LBL_STAGE_JUEJU_LINE),
             tui_glyphs()->differs, tui_glyphs()->sep, kept, builtin, differ);
    if (textw_width(line) > r.w) /* beside a lesson's narration: the counts alone, whole */
        snprintf(line, sizeof line, app_label(s, topp ? LBL_STAGE_TOPP_COUNT : LBL_STAGE_JUEJU_COUNT),
                 kept, builtin, differ);
    draw_item(ITEM_STAGE, 0);
    draw_text(y, r.x, r.w, v->n_differ ? ROLE_ERROR : ROLE_KEY, line);
    draw_item(ITEM_NONE, 0);
    return 1;
}

static void draw_query_line(const AppState *s, Rect r, int y)
{
    const Prediction *p = &s->pred;
    char ch[8] = "";
    if (!p->query.cp) {
        if (!draw_stage_line(s, r, y))
            draw_stages_line(s, r, y);
        return;
    }
    ch[utf8_encode(p->query.cp, ch)] = 0;
    draw_item(ITEM_QUERY, 0);
    if (p->query.id < 0)
        draw_textf(y, r.x, r.w, ROLE_UNKNOWN, app_label(s, LBL_QUERY_NOT_KNOWN), ch);
    else {
        char model[48], sampler[48], line[256];
        app_prob_text(s, (double)p->query.p, 2, model, sizeof model);
        app_prob_text(s, (double)p->query.p_sampler, 2, sampler, sizeof sampler);
        char rank[32], of[32];
        app_format_count(s->view.lang, p->query.rank, rank, sizeof rank);
        app_format_count(s->view.lang, s->text.m->vocab.size, of, sizeof of);
        snprintf(line, sizeof line, app_label(s, LBL_QUERY_LINE), ch, rank, of, model, sampler);
        if (textw_width(line) > r.w) /* beside a lesson's narration: the model's share alone */
            snprintf(line, sizeof line, app_label(s, LBL_QUERY_LINE_MODEL), ch, rank, of, model);
        if (textw_width(line) > r.w) /* ... and without the vocabulary's size */
            snprintf(line, sizeof line, app_label(s, LBL_QUERY_LINE_SHORT), ch, rank, model);
        draw_text(y, r.x, r.w, ROLE_KEY, line);
    }
    draw_item(ITEM_NONE, 0);
}

/* "coin 0.734 → 月 (rank 3)", then the final distribution the step drew from
 * as one bar of w cells: a segment per top character, most probable first
 * (its character at its start where there is room), the rest as one dim
 * segment, and the coin's mark where it landed (SamplerCoin.at). */
void view_probs_coin_line(const AppState *s, Rect r, int y)
{
    const AppCoin *c = &s->view.coin;
    const Glyphs *g = tui_glyphs();
    uint32_t cp = vocab_cp(&s->text.m->vocab, c->land.id);
    char ch[16];
    if (cp == '\n')
        snprintf(ch, sizeof ch, "%s", g->newline);
    else
        ch[utf8_encode(cp, ch)] = 0;
    char label[128];
    char at[32];
    app_num(s->view.lang, c->land.at, 3, at, sizeof at);
    char rank[32];
    snprintf(label, sizeof label, app_label(s, LBL_COIN), at, g->right, ch,
             app_format_count(s->view.lang, c->land.rank, rank, sizeof rank));
    draw_item(ITEM_COIN, 0);
    int used = draw_text(y, r.x, r.w, ROLE_KEY, label) + 1;
    draw_item(ITEM_NONE, 0);
    int x0 = r.x + used, w = r.w - used;
    if (w < 8)
        return;
    int mark = (int)floor(c->land.at * w);
    mark = mark < 0 ? 0 : mark >= w ? w - 1 : mark;
    double cum = 0.0;
    int from = 0;
    for (int k = 0; k <= c->n_seg; k++) {
        int rest = k == c->n_seg;
        cum += rest ? c->rest : (double)c->seg_p[k];
        int to = rest ? w : (int)lround(cum * w);
        to = to > w ? w : to;
        Role role = rest ? ROLE_DIM : ROLE_BAR_SAMPLER;
        const char *fill = rest ? g->shades[1] : g->shades[k % 2 ? 2 : 3];
        int x = from;
        if (!rest) {
            uint32_t seg_cp = vocab_cp(&s->text.m->vocab, c->seg_id[k]);
            int cw = draw_cp_width(seg_cp);
            /* its character, unless the segment is too short or the mark falls on it */
            if (to - from >= cw + 1 && !(mark >= from && mark < from + cw))
                x += draw_cp(y, x0 + x, cw, ROLE_NORMAL, seg_cp);
        }
        for (; x < to; x++)
            draw_text(y, x0 + x, 1, role, fill);
        from = to > from ? to : from;
    }
    draw_text(y, x0 + mark, 1, ROLE_COIN, g->coin);
}

/* The lines under the bars that `rows` rows hold. What a lesson step names
 * goes first: the looked-up character (a rank the narration quotes), then
 * the coin of the last draw, then the summary, the training text's context,
 * and the stages; they stand in the order summary, context, look-up or
 * stages, coin. */
typedef struct {
    int summary, corpus, third, coin;
} UnderBars;

/* A student's program runs beside a built-in stage: its line under the bars. */
static int stage_shown(const AppState *s)
{
    for (int e = 0; e < EXERCISE_COUNT; e++)
        if (s->pred.stagev[e].on)
            return 1;
    return 0;
}

static void under_bars(const AppState *s, int rows, UnderBars *u)
{
    *u = (UnderBars){0};
    /* a look-up, or a student's program (whose line counts where it differs:
     * the exercise's point, on a projector too) */
    int query = s->pred.query.cp != 0 || stage_shown(s);
    if (query && rows > 0)
        u->third = 1, rows--;
    if (s->view.coin.valid && rows > 0)
        u->coin = 1, rows--;
    if (rows > 0)
        u->summary = 1, rows--;
    if (rows > 0)
        u->corpus = 1, rows--;
    if (!query && rows > 0 && !s->prefs.projector) /* the stages: no grey line on a projector */
        u->third = 1;
}

int view_probs_under_rows(const AppState *s)
{
    return 2 + (s->pred.query.cp != 0 || stage_shown(s) || !s->prefs.projector) +
           s->view.coin.valid;
}

Rect view_probs_corpus_rect(const AppState *s, Rect r)
{
    ProbCols c;
    prob_columns(s, r, &c);
    return (Rect){r.y, r.x + c.corpus, 1 + APP_TOP, c.corpus_w};
}

int view_probs_coin_fits(const AppState *s, Rect r)
{
    /* under the bars, after the look-up line (under_bars) */
    return r.h >= APP_TOP + 2 + (s->pred.query.cp != 0) ||
           (s->prefs.projector && r.h > APP_TOP + 1);
}

void view_probs_draw(const AppState *s, Rect r)
{
    if (s->view.quiz_hidden ||
        (s->view.quiz[0] && s->view.quiz_answer[0])) { /* the class guesses first; a
                                                               * discussion's answer, not bars */
        view_quiz_draw(s, r);
        return;
    }
    /* the texts of a comparison, not bars */
    if (app_view_is_open(&s->view.views, VIEW_WRITTEN) && s->view.cmp.n > 0) {
        view_written_draw(s, r);
        return;
    }
    if (s->input.ime.on && s->input.ime.typed[0]) { /* pinyin input: the characters that read it */
        view_ime_draw(s, r);
        return;
    }
    ProbCols c;
    prob_columns(s, r, &c);
    /* a projector with the rows for it: two rows to a candidate */
    int large = s->prefs.projector && r.h >= 1 + 2 * APP_TOP + 1;
    draw_header(s, r, &c, large);
    double scale = bar_scale(&s->pred);
    int hist_max = 1;
    for (int k = 0; k < s->pred.n_top; k++)
        hist_max = s->pred.top[k].hist > hist_max ? s->pred.top[k].hist : hist_max;
    for (int k = 0; k < s->pred.n_top && 1 + (1 + large) * k + large < r.h; k++)
        draw_row(s, r, &c, k, scale, hist_max, r.y + 1 + (1 + large) * k, large);
    int y = r.y + 1 + (1 + large) * APP_TOP;
    UnderBars u;
    under_bars(s, r.y + r.h - y, &u);
    if (u.summary)
        draw_summary(s, r, y++);
    if (u.corpus)
        draw_corpus_line(s, r, y++);
    if (u.third)
        draw_query_line(s, r, y++);
    if (u.coin)
        view_probs_coin_line(s, r, y);
}
