/* view_probs.c - the probability panel: the top 8 next characters.
 *
 * Each row: the key that picks it, the character, two bars in one row (the
 * upper half is the model's own probability, the lower half what the sampler
 * leaves of it), both as percentages, how often the training text continues
 * the same way, and, with `h`, how often 1,000 samples chose it. Under the
 * rows: what the sampler keeps and removes, the entropy of the model and
 * after the sampler, the training-text context, and the looked-up character
 * or, when none is looked up, the sampler stage by stage.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "labels.h"
#include "textw.h"
#include "views.h"

/* Column positions, relative to the panel's left edge. */
typedef struct {
    int bar, bar_w;     /* the two bars */
    int model_end;      /* right edge of the model's percentage */
    int sampler_end;    /* right edge of the sampler's percentage */
    int corpus, corpus_w;
    int hist, hist_w;
} ProbCols;

enum { NUM_COLS = 5, PCT_COLS = 8, SAMPLER_COLS = 9, CORPUS_COLS = 18, HIST_COLS = 14 };

static void prob_columns(const AppState *s, Rect r, ProbCols *c)
{
    c->hist_w = s->show_hist ? HIST_COLS : 0;
    c->corpus_w = CORPUS_COLS;
    c->bar = NUM_COLS;
    c->bar_w = r.w - NUM_COLS - PCT_COLS - SAMPLER_COLS - 2 - c->corpus_w - c->hist_w;
    /* beside a lesson's narration the panel is narrow: the columns give way to the bars */
    while (c->bar_w < 6 && (c->corpus_w > 12 || c->hist_w > 9)) {
        if (c->hist_w > 9)
            c->hist_w--;
        else
            c->corpus_w--;
        c->bar_w++;
    }
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

static void draw_header(const AppState *s, Rect r, const ProbCols *c)
{
    const Glyphs *g = tui_glyphs();
    char legend[160];
    snprintf(legend, sizeof legend, "%s  %s %s  %s %s", app_label(s, LBL_NEXT), g->half_top,
             app_label(s, LBL_MODEL), g->half_bottom, app_label(s, LBL_SAMPLER));
    draw_text(r.y, r.x, c->bar + c->bar_w, ROLE_HEADER, legend);
    draw_text_right(r.y, r.x + c->model_end, PCT_COLS, ROLE_HEADER, app_label(s, LBL_MODEL));
    draw_text_right(r.y, r.x + c->sampler_end, SAMPLER_COLS, ROLE_HEADER, app_label(s, LBL_SAMPLER));
    draw_text(r.y, r.x + c->corpus, c->corpus_w, ROLE_HEADER, app_label(s, LBL_CORPUS_COL));
    if (c->hist_w)
        draw_text(r.y, r.x + c->hist, c->hist_w, ROLE_HEADER, app_label(s, LBL_HIST));
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

static void draw_row(const AppState *s, Rect r, const ProbCols *c, int k, double scale, int hist_max)
{
    const Candidate *cand = &s->pred.top[k];
    int y = r.y + 1 + k;
    Role text = cand->blocked ? ROLE_BLOCKED : ROLE_NORMAL;
    draw_textf(y, r.x, 2, ROLE_KEY, "%d", k + 1);
    draw_cp(y, r.x + 2, 2, text, vocab_cp(&s->m->vocab, cand->id));
    draw_pair_bar(y, r.x + c->bar, c->bar_w, cand->p / scale, cand->p_sampler / scale, cand->blocked);
    draw_textf(y, r.x + c->model_end - PCT_COLS, PCT_COLS, text, "%*.1f%%", PCT_COLS - 1,
               100.0 * (double)cand->p);
    if (cand->blocked)
        draw_text_right(y, r.x + c->sampler_end, SAMPLER_COLS, ROLE_BLOCKED, app_label(s, LBL_BLOCKED));
    else
        draw_textf(y, r.x + c->sampler_end - SAMPLER_COLS, SAMPLER_COLS, ROLE_BAR_SAMPLER, "%*.1f%%",
                   SAMPLER_COLS - 1, 100.0 * (double)cand->p_sampler);
    if (s->pred.suffix_total > 0)
        draw_textf(y, r.x + c->corpus, c->corpus_w, text, "%zu/%zu %.1f%%", cand->corpus_count,
                   s->pred.suffix_total, 100.0 * (double)cand->corpus_count / (double)s->pred.suffix_total);
    if (c->hist_w) {
        draw_textf(y, r.x + c->hist, 5, ROLE_HIST, "%4d", cand->hist);
        draw_hbar(y, r.x + c->hist + 5, c->hist_w - 6, (double)cand->hist / hist_max, ROLE_HIST);
    }
}

/* "sampler keeps 37, removes 12.3% · entropy: model 4.21, sampler 2.10 nats";
 * removes: the model probability of every character the final distribution
 * gives 0, the temperature's share included */
static void draw_summary(const AppState *s, Rect r, int y)
{
    const Prediction *p = &s->pred;
    char line[512];
    size_t n = 0;
    if (p->sampler_ok)
        n += (size_t)snprintf(line + n, sizeof line - n, app_label(s, LBL_SUMMARY), p->ss.kept,
                              100.0 * p->stages.removed_total);
    else
        n += (size_t)snprintf(line + n, sizeof line - n, "%s", app_label(s, LBL_NOTHING_LEFT));
    n += (size_t)snprintf(line + n, sizeof line - n, "%s", tui_glyphs()->sep);
    snprintf(line + n, sizeof line - n, app_label(s, LBL_ENTROPY), p->entropy,
             p->sampler_ok ? p->stages.entropy_final : 0.0);
    draw_text(y, r.x, r.w, ROLE_NORMAL, line);
}

/* The suffix of the text the training text was searched for, at most
 * `cols` columns of its end. */
static void suffix_text(const AppState *s, char *out, size_t size, int cols)
{
    char all[4 * 1024 + 8];
    size_t len = 0;
    const Prediction *p = &s->pred;
    for (size_t i = 0; i < p->suffix_len && len + 8 < sizeof all; i++) {
        uint32_t cp = vocab_cp(&s->m->vocab, s->g.text[p->suffix_start + i]);
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
    char line[512], ctx[256];
    if (!s->corpus)
        snprintf(line, sizeof line, "%s",
                 app_label(s, s->corpus_status == CORPUS_LOADING ? LBL_CORPUS_LOADING : LBL_CORPUS_NONE));
    else if (p->suffix_len == 0)
        snprintf(line, sizeof line, app_label(s, LBL_CORPUS_NOWHERE), p->suffix_total);
    else {
        suffix_text(s, ctx, sizeof ctx, 24);
        snprintf(line, sizeof line, app_label_n(s, LBL_CORPUS_AFTER, (long)p->suffix_total), ctx, p->suffix_total);
    }
    int used = draw_text(y, r.x, r.w, ROLE_DIM, line);
    if (s->show_hist) {
        snprintf(line, sizeof line, "%s", tui_glyphs()->sep);
        size_t n = strlen(line);
        snprintf(line + n, sizeof line - n, app_label(s, LBL_HIST_OTHER), p->hist_other);
        draw_text(y, r.x + used, r.w - used, ROLE_HIST, line);
    }
}

/* "stages t 7311 -0.0%  k 2 -90.4%  p 2 -0.0%  m 2 -0.0%  f 2 -0.0%": for
 * each slider's stage (by its key) what it keeps and the model probability
 * it removed. The model's own and the repetition penalty's stages are left
 * out: the explorer applies no penalty, and the final one is the form's. */
static void draw_stages_line(const AppState *s, Rect r, int y)
{
    static const struct {
        char key;
        SamplerStage stage;
    } cells[] = {{'t', STAGE_TEMPERATURE}, {'k', STAGE_TOP_K}, {'p', STAGE_TOP_P},
                 {'m', STAGE_MIN_P},       {'f', STAGE_MASK}};
    const SamplerStages *st = &s->pred.stages;
    if (!s->pred.sampler_ok) {
        draw_text(y, r.x, r.w, ROLE_DIM, app_label(s, LBL_QUERY_HINT));
        return;
    }
    char line[256];
    size_t n = (size_t)snprintf(line, sizeof line, "%s", app_label(s, LBL_STAGES));
    for (size_t i = 0; i < sizeof cells / sizeof cells[0] && n < sizeof line; i++)
        n += (size_t)snprintf(line + n, sizeof line - n, "%s%c %d -%.1f%%", i ? "  " : " ", cells[i].key,
                              st->kept[cells[i].stage], 100.0 * st->removed[cells[i].stage]);
    draw_text(y, r.x, r.w, ROLE_DIM, line);
}

static void draw_query_line(const AppState *s, Rect r, int y)
{
    const Prediction *p = &s->pred;
    char ch[8] = "";
    if (!p->query_cp) {
        draw_stages_line(s, r, y);
        return;
    }
    ch[utf8_encode(p->query_cp, ch)] = 0;
    if (p->query_id < 0)
        draw_textf(y, r.x, r.w, ROLE_UNKNOWN, app_label(s, LBL_QUERY_NOT_KNOWN), ch);
    else
        draw_textf(y, r.x, r.w, ROLE_KEY, app_label(s, LBL_QUERY_LINE), ch, p->query_rank,
                   s->m->vocab.size, 100.0 * (double)p->query_p, 100.0 * (double)p->query_p_sampler);
}

Rect view_probs_corpus_rect(const AppState *s, Rect r)
{
    ProbCols c;
    prob_columns(s, r, &c);
    return (Rect){r.y, r.x + c.corpus, 1 + APP_TOP, c.corpus_w};
}

void view_probs_draw(const AppState *s, Rect r)
{
    if (s->quiz_hidden) { /* the class guesses first */
        view_quiz_draw(s, r);
        return;
    }
    ProbCols c;
    prob_columns(s, r, &c);
    draw_header(s, r, &c);
    double scale = bar_scale(&s->pred);
    int hist_max = 1;
    for (int k = 0; k < s->pred.n_top; k++)
        hist_max = s->pred.top[k].hist > hist_max ? s->pred.top[k].hist : hist_max;
    for (int k = 0; k < s->pred.n_top && 1 + k < r.h; k++)
        draw_row(s, r, &c, k, scale, hist_max);
    int y = r.y + 1 + APP_TOP;
    if (y < r.y + r.h)
        draw_summary(s, r, y++);
    if (y < r.y + r.h)
        draw_corpus_line(s, r, y++);
    if (y < r.y + r.h)
        draw_query_line(s, r, y);
}
