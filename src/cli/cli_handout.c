/* cli_handout.c - a lesson run without a terminal and printed as a Markdown
 * handout (`tangscope lesson --print`, `tangscope demo`).
 *
 * For every step: its heading and narration, then what the screen shows
 * after its commands: the text, what the model wrote (as verse: a line of the
 * poem to a line of the handout), the settings, the top 8 (the model's
 * probability, the probability after the sampler, and how often the training
 * text continues the same way), the looked-up character and, after a
 * `compare`, the timings, and the views a step opens as the screen shows
 * them (the mask, the text read, the memory, the weights, the messages, the
 * entropies). Everything but the timings is the same on every
 * run, so students can hold it against their own screen. The words of the
 * handout are the explorer's labels in the lesson's language.
 *
 * As a worksheet (--worksheet) a question stands without its answer: its
 * step shows what the screen shows while the bars are hidden (the text and
 * the settings) and a line to write on; what the reveal shows (the top 8, the
 * look-up, the timings) and the step after it, which the lessons use to
 * explain the answer, go to the answers at the end of the lesson, numbered
 * as the questions are, and that step's heading, which often says the
 * answer, is a neutral "Answer to question N". The teacher keeps that last
 * section.
 *
 * With --figures (cli_lesson_figures) it prints no narration: only each
 * step's figures, as the screen formats them in the lesson's language (the
 * settings, the text, the top 8 before and after the sampler, what the
 * sampler keeps and removes, the look-up line), or as JSON, so that an
 * author copies a figure instead of guessing it.
 */
#define _XOPEN_SOURCE 700 /* open_memstream */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/json.h"
#include "cli/cli.h"
#include "engine/kvcost.h"
#include "engine/probfmt.h"
#include "engine/quant.h"
#include "app/labels.h"
#include "app/lesson.h"
#include "app/textw.h"
#include "app/verse.h"

/* A character as the handout shows it (the newline as ⏎). */
static void put_char(FILE *out, uint32_t cp)
{
    char b[8];
    vocab_show(cp, b);
    fputs(b, out);
}

/* The width of a handout's verse: a long line of the poem wraps here. */
enum { VERSE_COLS = 60 };

/* The language's colon after a label (app_colon: ": ", "\u00a0: ", "："),
 * with its space after it only if space_after (not at the end of a line). */
static void put_colon(FILE *out, const AppState *s, int space_after)
{
    const char *c = app_colon(s->view.lang);
    size_t n = strlen(c);
    if (!space_after && n > 0 && c[n - 1] == ' ')
        n--;
    fwrite(c, 1, n, out);
}

/* The space after a colon before the text on its line (Chinese: none). */
static const char *after_colon(const AppState *s)
{
    const char *c = app_colon(s->view.lang);
    return c[0] && c[strlen(c) - 1] == ' ' ? " " : "";
}

/* Does a line of verse end with cp (verse.h's rule 1)? */
static int ends_verse_line(uint32_t cp)
{
    return cp == 0xFF0C /* ， */ || cp == 0xFF1B /* ； */ || cp == 0x3002 /* 。 */ ||
           cp == 0xFF01 /* ！ */ || cp == 0xFF1F /* ？ */ || cp == '\n';
}

/* cps[from..to) of a text. */
static void put_cps(FILE *out, const uint32_t *cps, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        put_char(out, cps[i]);
}

/* "- LABEL: " and cps[from..to) of a text as verse: on the same line if it
 * is one line of verse, else as an indented block (Markdown keeps its
 * lines), a line of the poem to a line (one too long for the page goes on,
 * indented, on the next), an empty line where a new poem starts. The first
 * line starts where cps[from] stands in its line of verse, so that the lines
 * of the poem line up with those typed before it. */
static void put_verse_of(FILE *out, const AppState *s, const char *label, const uint32_t *cps,
                         size_t from, size_t to)
{
    int n = (int)to;
    VerseRow *rows = malloc(sizeof *rows * (size_t)(n + 1));
    int total = 0, first = 0;
    if (rows && to > from) {
        total = verse_layout(cps, n, 0, VERSE_COLS, n + 1, rows, n + 1, NULL);
        while (first + 1 < total && (size_t)(rows[first].start + rows[first].len) <= from)
            first++;
    }
    fprintf(out, "- %s", label);
    put_colon(out, s, first + 1 >= total);
    if (first + 1 >= total) { /* one line (or out of memory): the characters on it */
        if (to > from)
            put_cps(out, cps, from, to);
        else
            fputs("—", out);
        fputc('\n', out);
    } else {
        fputc('\n', out);
        for (int r = first; r < total; r++) {
            size_t a = (size_t)rows[r].start, b = a + (size_t)rows[r].len;
            if (a < from) {
                a = from;
            } else if (cps[a] == '\n' && a > 0) { /* a new poem: an empty line, not a ⏎ */
                if (r > first)
                    fputc('\n', out);
                a++;
            }
            fputs("\n      ", out);
            if (r > first && !ends_verse_line(cps[rows[r - 1].start + rows[r - 1].len - 1]))
                fputs("    ", out); /* a line too long for the page goes on indented */
            if (r == first) /* line up with the typed characters before it */
                for (size_t i = (size_t)rows[r].start; i < from; i++)
                    if (cps[i] != '\n')
                        fprintf(out, "%*s", textw_cp_width(cps[i]), "");
            put_cps(out, cps, a, b);
        }
        fputs("\n\n", out);
    }
    free(rows);
}

/* put_verse_of the explorer's text, chars[from..to). */
static void put_verse(FILE *out, const AppState *s, LabelId label, size_t from, size_t to)
{
    uint32_t *cps = malloc(sizeof *cps * (to + 1));
    for (size_t i = 0; cps && i < to; i++)
        cps[i] = s->text.chars[i].cp;
    if (cps)
        put_verse_of(out, s, app_label(s, label), cps, from, to);
    else
        fprintf(out, "- %s\n", app_label(s, label));
    free(cps);
}

/* Where a comparison's texts or timings stood first on paper: in the
 * steps (step `at`) or in a worksheet's answers (answer `at`). */
typedef struct {
    uint32_t sig; /* the comparison (compare_sig) */
    int at, in_answers, set;
} Printed;

/* What a handout has printed so far, so that it prints a thing once: the
 * step now, the answer being written (a worksheet's), the stream of the
 * answers (or NULL), and where a comparison's texts and timings stand. */
typedef struct {
    int step, answer;
    FILE *ans;
    Printed written, timing;
} Paper;

/* A comparison told from another: its tokens, where it started (FNV-1a). */
static uint32_t compare_sig(const CompareRun *c)
{
    uint32_t h = 2166136261u;
    int words[2] = {c->n, c->first_pos};
    for (int i = 0; i < 2 + 2 * c->n; i++) {
        int v = i < 2 ? words[i] : i < 2 + c->n ? c->tok_cached[i - 2] : c->tok_full[i - 2 - c->n];
        h = (h ^ (uint32_t)v) * 16777619u;
    }
    return h;
}

/* Is the comparison c printed already where p notes? If not, note that it
 * is printed now, into out. */
static int printed_already(Paper *pp, Printed *p, const CompareRun *c, FILE *out)
{
    uint32_t sig = compare_sig(c);
    if (p->set && p->sig == sig)
        return 1;
    int in_answers = pp->ans && out == pp->ans;
    *p = (Printed){.sig = sig, .at = in_answers ? pp->answer : pp->step, .in_answers = in_answers,
                   .set = 1};
    return 0;
}

/* "- LABEL: as in step 2": where a thing printed once stands. */
static void put_as_before(FILE *out, const AppState *s, const char *label, const Printed *p)
{
    fprintf(out, "- %s", label);
    put_colon(out, s, 1);
    fprintf(out, app_label(s, p->in_answers ? LBL_HANDOUT_SAME_ANSWER : LBL_HANDOUT_SAME_STEP), p->at);
    fputs("\n\n", out);
}

/* `show written`: what the compare runs wrote, as the screen shows it in the
 * bars' place: whether it is the same, then the text as verse (each run's,
 * when they part), after the prompt both started from. */
static void put_written(FILE *out, const AppState *s, Paper *pp)
{
    const CompareRun *c = &s->view.cmp;
    if (!app_view_is_open(&s->view.views, VIEW_WRITTEN) || c->n == 0)
        return;
    int part = -1;
    for (int i = 0; i < c->n && part < 0; i++)
        if (c->tok_cached[i] != c->tok_full[i])
            part = i;
    fputs("- ", out);
    if (part < 0)
        fprintf(out, app_label(s, LBL_WRITTEN_SAME), c->n);
    else
        fprintf(out, app_label(s, LBL_WRITTEN_PART), part + 1, c->n);
    fputc('\n', out);
    /* the same comparison's texts once on paper: after that, where they stand */
    if (printed_already(pp, &pp->written, c, out)) {
        put_as_before(out, s, app_label(s, LBL_LESSON_WROTE), &pp->written);
        return;
    }
    uint32_t cps[2 * APP_COMPARE_MAX];
    size_t n = 0;
    for (size_t i = s->text.g.prefix;
         i < (size_t)c->first_pos && i < s->text.g.n && n < APP_COMPARE_MAX; i++)
        cps[n++] = vocab_cp(&s->text.m->vocab, s->text.g.text[i]);
    size_t from = n;
    for (int run = 0; run < (part < 0 ? 1 : 2); run++) {
        const int *tok = run == 0 ? c->tok_cached : c->tok_full;
        for (int i = 0; i < c->n; i++)
            cps[from + (size_t)i] = vocab_cp(&s->text.m->vocab, tok[i]);
        /* the prompt both started from stands at the head of the verse */
        put_verse_of(out, s, app_label(s, part < 0 ? LBL_LESSON_WROTE : run == 0 ? LBL_WITH_CACHE
                                                                               : LBL_WITHOUT_CACHE),
                     cps, 0, from + (size_t)c->n);
    }
}

static void put_text_lines(FILE *out, const AppState *s)
{
    /* what the model wrote at the end, after the last character typed or picked */
    size_t wrote = s->text.n_chars;
    while (wrote > 0 && s->text.chars[wrote - 1].origin == ORIGIN_MODEL)
        wrote--;
    put_verse(out, s, LBL_PROMPT, 0, wrote);
    if (wrote < s->text.n_chars) {
        size_t end = s->text.n_chars;
        if (s->text.chars[end - 1].cp == '\n') /* the newline that ends the poem */
            end--;
        put_verse(out, s, LBL_LESSON_WROTE, wrote, end);
    }
}

static void put_settings(FILE *out, const AppState *s)
{
    fprintf(out, "- %s", app_label(s, LBL_LESSON_SETTINGS));
    put_colon(out, s, 1);
    for (int id = 0; id < SL_COUNT; id++) {
        if (app_slider_quiet(s, (SliderId)id)) /* the penalty, when off */
            continue;
        char v[32];
        app_slider_format(s, (SliderId)id, v, sizeof v);
        fprintf(out, "%s %s · ", app_slider_word(s->view.lang, (SliderId)id), v);
    }
    for (int set = 0; set < SET_COUNT; set++) { /* a setting with no slider, when it acts */
        int slider = 0;
        for (int id = 0; id < SL_COUNT; id++)
            slider |= app_slider_setting((SliderId)id) == set;
        if (slider || sampler_setting_off(&s->view.set, (SamplerSettingId)set))
            continue;
        char v[32];
        probfmt_number(sampler_setting_get(&s->view.set, (SamplerSettingId)set), 2,
                       app_num_style(s->view.lang), v, sizeof v);
        fprintf(out, "%s %s · ", app_setting_word(s->view.lang, (SamplerSettingId)set), v);
    }
    fprintf(out, "%s %s · ", app_label(s, LBL_CACHE),
            app_label(s, s->text.g.use_cache ? LBL_ON : LBL_OFF));
    if (s->view.mode.kind == FORM_JUEJU)
        fprintf(out, app_label_n(s, LBL_MODE_JUEJU, s->view.mode.line_len),
                app_line_len(s->view.lang, s->view.mode.line_len));
    else if (s->view.mode.kind == FORM_ACROSTIC)
        fprintf(out, app_label(s, LBL_MODE_ACROSTIC),
                app_line_len(s->view.lang, s->view.mode.line_len), s->view.mode.heads);
    else
        fputs(app_label(s, LBL_MODE_FREE), out);
    /* how the text is read, as the screen's text row says: the same prompt
     * gives other bars as a fragment than as a poem's start */
    fprintf(out, " · %s\n",
            app_label(s, s->view.mid_text ? LBL_READ_MID_TEXT : LBL_READ_POEM_START));
}

static void put_top(FILE *out, const AppState *s)
{
    const Prediction *p = &s->pred;
    fprintf(out, "\n| | %s | %s | %s | %s |\n| ---: | :---: | ---: | ---: | ---: |\n",
            app_label(s, LBL_NEXT), app_label(s, LBL_MODEL), app_label(s, LBL_SAMPLER),
            app_label(s, app_corpus_col_label(s)));
    for (int k = 0; k < p->n_top; k++) {
        const Candidate *c = &p->top[k];
        fprintf(out, "| %d | ", k + 1);
        put_char(out, vocab_cp(&s->text.m->vocab, c->id));
        /* the percentages as the bars write them (0.85%, not 0.9%): the screen's formatter */
        char a[32], b[32], pct[32];
        const NumStyle *style = app_num_style(s->view.lang);
        fprintf(out, " | %s | ", probfmt_percent_in((double)c->p, 1, style, pct, sizeof pct));
        if (c->blocked)
            fputs(app_label(s, LBL_BLOCKED), out);
        else
            fputs(probfmt_percent_in((double)c->p_sampler, 1, style, pct, sizeof pct), out);
        if (s->text.corpus && p->suffix_total > 0) {
            app_format_count(s->view.lang, (long)c->corpus_count, a, sizeof a);
            app_format_count(s->view.lang, (long)p->suffix_total, b, sizeof b);
            fprintf(out, " | %s/%s %s |\n", a, b,
                    app_share(s->view.lang,
                              100.0 * (double)c->corpus_count / (double)p->suffix_total, 1, pct,
                              sizeof pct));
        }
        else
            fputs(" | — |\n", out);
    }
    fputc('\n', out);
    if (s->text.corpus && s->text.corpus_other) { /* the counts are not the model's text's */
        fprintf(out, "%s\n\n", app_label(s, LBL_CORPUS_OTHER));
    } else if (s->text.corpus && p->suffix_len > 0) {
        char ctx[4 * APP_MAX_CHARS + 8];
        size_t n = 0;
        for (size_t i = 0; i < p->suffix_len && n + 8 < sizeof ctx; i++) {
            uint32_t cp = vocab_cp(&s->text.m->vocab, s->text.g.text[p->suffix_start + i]);
            n += (size_t)vocab_show(cp, ctx + n);
        }
        ctx[n] = 0;
        char quoted[300], count[32];
        app_quoted(s->view.lang, ctx, quoted, sizeof quoted);
        app_format_count(s->view.lang, (long)p->suffix_total, count, sizeof count);
        fprintf(out, app_label_n(s, LBL_CORPUS_AFTER, (long)p->suffix_total), quoted, count);
        fputs("\n\n", out);
    }
    /* the line under the bars, whole: kept and removed, the form's blocked
     * share (as the hint under the text and the stages give it), entropies */
    AppSummary sum;
    app_summary(s, &sum);
    fprintf(out, "- %s%s%s · %s\n\n", sum.kept, sum.blocked[0] ? " · " : "", sum.blocked,
            sum.entropy);
}

static void put_query(FILE *out, const AppState *s)
{
    const Prediction *p = &s->pred;
    if (!p->query.cp || p->query.id < 0)
        return;
    char ch[8], model[48], sampler[48];
    vocab_show(p->query.cp, ch);
    fputs("- ", out);
    char rank[32], of[32];
    fprintf(out, app_label(s, LBL_QUERY_LINE), ch,
            app_format_count(s->view.lang, p->query.rank, rank, sizeof rank),
            app_format_count(s->view.lang, s->text.m->vocab.size, of, sizeof of),
            app_prob_text(s, (double)p->query.p, 2, model, sizeof model),
            app_prob_text(s, (double)p->query.p_sampler, 2, sampler, sizeof sampler));
    fputc('\n', out);
}

/* The compare run's totals, and the time per character at four positions:
 * the model's passes, as the explorer's timing panel plots them. */
static void put_timing(FILE *out, const AppState *s, Paper *pp)
{
    const CompareRun *c = &s->view.cmp;
    if (!c->done || c->n == 0)
        return;
    double un = c->total_uncached_model_ms, ca = c->total_cached_model_ms;
    double speedup = ca > 0 ? un / ca : 0;
    fprintf(out, "- %s", app_label(s, LBL_CACHE));
    put_colon(out, s, 1);
    char a[32], b[32], f[32];
    fprintf(out, app_label(s, LBL_TIMING_TOTALS), app_num(s->view.lang, un, 0, a, sizeof a),
            app_num(s->view.lang, ca, 0, b, sizeof b),
            app_num(s->view.lang, speedup, 1, f, sizeof f));
    fprintf(out, "%s%s\n", app_semicolon(s->view.lang),
            app_label(s, c->identical ? LBL_IDENTICAL : LBL_DIFFERENT));
    fputs("- ", out); /* what the cache holds, as the panel's last line */
    app_bytes(s->view.lang, (double)app_cache_bytes_now(s), a, sizeof a);
    app_bytes(s->view.lang, (double)app_cache_bytes_full(s), b, sizeof b);
    char ctx[32];
    fprintf(out, app_label(s, LBL_CACHE_MEMORY), a, b,
            app_format_count(s->view.lang, s->text.m->cfg.context, ctx, sizeof ctx));
    fputs("\n\n", out);
    /* as the panel's header: each position's fastest of several passes */
    char header[128];
    snprintf(header, sizeof header, app_label(s, LBL_TIMING_HEADER), s->compare_repeats);
    if (printed_already(pp, &pp->timing, c, out)) { /* the table once on paper */
        put_as_before(out, s, header, &pp->timing);
        return;
    }
    fprintf(out, "- %s\n\n", header);
    fprintf(out, "| %s | %s | %s |\n| ---: | ---: | ---: |\n", app_label(s, LBL_POSITION),
            app_label(s, LBL_WITHOUT_CACHE), app_label(s, LBL_WITH_CACHE));
    int last = -1;
    for (int q = 0; q < 4; q++) {
        int i = (c->n - 1) * q / 3;
        if (i == last)
            continue;
        last = i;
        fprintf(out, "| %d | %s ms | %s ms |\n", c->first_pos + i + 1,
                app_num(s->view.lang, c->uncached_model_ms[i], 3, a, sizeof a),
                app_num(s->view.lang, c->cached_model_ms[i], 3, b, sizeof b));
    }
    fputc('\n', out);
}

/* The mask view's marks (view_mask.c draws the same): a key a query may
 * see, one it may not, keys left out on the left, a row of this pass. */
static const char MASK_SEEN[] = "■", MASK_MASKED[] = "·", MASK_CUT[] = "◂";
#define MASK_NEW ">"
enum { MASK_MAX = 32 }; /* the last rows and keys of a mask on paper (a page's width) */

/* A character of the mask in the two columns of a key. */
static void put_key(FILE *out, uint32_t cp)
{
    int w = cp == '\n' ? 1 : textw_cp_width(cp); /* the newline shows as ⏎ */
    put_char(out, cp);
    if (w < 2)
        fputc(' ', out);
}

static uint32_t mask_cp(const AppState *s, int k)
{
    int token = app_mask_token(s, k);
    return token < 0 ? '?' : vocab_cp(&s->text.m->vocab, token);
}

/* `show mask` (w): the causal mask of the last pass as the view draws it,
 * its code and kind of pass, then the grid (keys along the top, each query
 * row with its position and character; MASK_NEW marks the rows of this
 * pass, which the screen draws bright) in a code block, then the legend. */
static void put_mask(FILE *out, const AppState *s)
{
    AppMask m = app_mask(s);
    if (m.total == 0)
        return;
    char line[256];
    snprintf(line, sizeof line, app_label(s, LBL_MASK_HEADER), m.rows, m.total, m.total - m.rows);
    fprintf(out, "- %s\n- ", line);
    if (m.start == 0)
        fprintf(out, app_label(s, LBL_MASK_PASS), m.rows);
    else if (m.rows == 1)
        fprintf(out, app_label(s, LBL_MASK_STEP), m.start, m.start);
    else
        fprintf(out, app_label(s, LBL_MASK_OFFSET), m.rows, m.start);
    int keys = m.total > MASK_MAX ? MASK_MAX : m.total, k0 = m.total - keys;
    snprintf(line, sizeof line, app_label(s, LBL_MASK_AXIS), "↓", "→");
    fprintf(out, "\n\n```\n%s%*s%s", line, 8 - textw_width(line), "", k0 > 0 ? MASK_CUT : " ");
    for (int k = k0; k < m.total; k++)
        put_key(out, mask_cp(s, k));
    fputc('\n', out);
    for (int q = k0; q < m.total; q++) {
        fprintf(out, "%s%4d ", q >= m.start ? MASK_NEW : " ", q);
        put_key(out, mask_cp(s, q));
        fputc(' ', out);
        for (int k = k0; k < m.total; k++)
            fprintf(out, "%s%s", k > k0 ? " " : "", k <= q ? MASK_SEEN : MASK_MASKED);
        fputc('\n', out);
    }
    fputs("```\n\n", out);
    if (k0 > 0) {
        fputs("- ", out);
        fprintf(out, app_label(s, LBL_MASK_CUT), MASK_CUT, k0, MASK_SEEN);
        fputc('\n', out);
    }
    fputs("- ", out);
    fprintf(out, app_label(s, LBL_MASK_LEGEND), MASK_SEEN, MASK_MASKED);
    fputs("\n- ", out);
    fprintf(out, app_label(s, LBL_HANDOUT_MASK_NEW), "`" MASK_NEW "`"); /* not a quote */
    fputs("\n\n", out);
}

/* The sign of a product in the tables' shapes (4×128). */
static const char TIMES[] = "×";
enum { KV_LONG = 4096 }; /* the long context of the memory table (view_kvcache.c's) */

/* A row of the memory table: its name, the bytes per token, for the text
 * now and at KV_LONG tokens. */
static void put_memory_row(FILE *out, const AppState *s, const char *name, size_t per_token, int now)
{
    double counts[3] = {1, now, KV_LONG};
    fprintf(out, "| %s |", name);
    for (int c = 0; c < 3; c++) {
        char num[32];
        fprintf(out, " %s |",
                app_bytes(s->view.lang, (double)per_token * counts[c], num, sizeof num));
    }
    fputc('\n', out);
}

/* `show memory` (r): what a KV cache costs, as the view shows it (and
 * `tangscope kvcache` prints): this model and the three large ones. */
static void put_memory(FILE *out, const AppState *s)
{
    KvShape own = kvcost_of_model(&s->text.m->cfg);
    int now = (int)(s->text.g.n - app_window_start(s));
    char now_head[64], at_head[64], name[128];
    char count[32];
    snprintf(now_head, sizeof now_head, app_label(s, LBL_KV_NOW),
             app_format_count(s->view.lang, now, count, sizeof count));
    snprintf(at_head, sizeof at_head, app_label(s, LBL_KV_AT),
             app_format_count(s->view.lang, KV_LONG, count, sizeof count));
    fprintf(out, "- %s\n\n| | %s | %s | %s |\n| --- | ---: | ---: | ---: |\n",
            app_label(s, LBL_KV_HEADER), app_label(s, LBL_KV_PER_TOKEN), now_head, at_head);
    snprintf(name, sizeof name, app_label(s, LBL_KV_THIS), own.layers, TIMES,
             own.kv_heads * own.head_dim);
    put_memory_row(out, s, name, kvcost_bytes_per_token(&own), now);
    const KvShape *p;
    int n = kvcost_presets(&p);
    for (int i = 0; i < n && i < 3; i++) {
        snprintf(name, sizeof name, app_label(s, (LabelId)(LBL_KV_PRESET_MHA + i)), TIMES, TIMES);
        put_memory_row(out, s, name, kvcost_bytes_per_token(&p[i]), now);
    }
    fputs("\n- ", out);
    fprintf(out, app_label_n(s, LBL_KV_NOTE_NOW, now), now);
    fputs("\n- ", out);
    fprintf(out, app_label(s, LBL_KV_NOTE_FORMULA), TIMES, TIMES, TIMES);
    fputs("\n\n", out);
}

/* `show weights` (W): the three precisions (bytes per weight, the file, a
 * cached step's time), the divergence from float32 and the top 8's places
 * under float32, as the weights view shows them. */
static void put_weights(FILE *out, const AppState *s)
{
    static const char *const per_weight[WPREC_COUNT] = {"4", "2", "1"};
    fputs("- ", out);
    fprintf(out, app_label(s, LBL_WT_HEADER), wprec_name(s->text.weights));
    fputs("\n\n|", out);
    const char *cols = app_label(s, LBL_WT_COLS);
    fputs(" |", out);
    for (int c = 0; c < 3; c++) {
        size_t len = strcspn(cols, "|");
        fprintf(out, " %.*s |", (int)len, cols);
        cols += cols[len] ? len + 1 : len;
    }
    fputs("\n| --- | ---: | ---: | ---: |\n", out);
    for (int p = 0; p < WPREC_COUNT; p++) {
        const Model *m = p == WPREC_FP32 ? s->text.m : s->text.wt.rounded[p];
        char size[32] = "-", ms[32], t[48] = "-";
        if (m)
            app_bytes(s->view.lang, (double)model_file_size(m), size, sizeof size);
        if (s->text.wt.step_s[p] > 0)
            snprintf(t, sizeof t, "%s ms",
                     app_num(s->view.lang, 1000 * s->text.wt.step_s[p], 3, ms, sizeof ms));
        fprintf(out, "| %s%s | %s | %s | %s |\n", p == (int)s->text.weights ? "> " : "",
                wprec_name((WeightPrec)p), per_weight[p], size, t);
    }
    fputs("\n- ", out);
    if (s->text.weights == WPREC_FP32) {
        fputs(app_label(s, LBL_WT_SAME), out);
    } else {
        char kl[32];
        fprintf(out, app_label(s, LBL_WT_KL),
                app_num(s->view.lang, s->text.wt.kl_bits, 5, kl, sizeof kl));
        fprintf(out, "\n- %s", app_label(s, LBL_WT_TOP));
        for (int i = 0; i < s->text.wt.n_top; i++) {
            fputc(' ', out);
            put_char(out, vocab_cp(&s->text.m->vocab, s->text.wt.top[i]));
            if (s->text.wt.ref_rank[i] != i + 1)
                fprintf(out, "%d", s->text.wt.ref_rank[i]);
        }
    }
    fputs("\n\n", out);
}

/* The last character the model wrote (the entropy view's figure under it,
 * which `expect entropy` claims), or NULL when it has written none. */
static const AppChar *last_written(const AppState *s)
{
    for (size_t i = s->text.n_chars; i > 0; i--)
        if (s->text.chars[i - 1].origin == ORIGIN_MODEL)
            return &s->text.chars[i - 1];
    return NULL;
}

/* `show messages` (!): every message that said something went wrong,
 * newest first and whole, as the messages view lists them. */
static void put_messages(FILE *out, const AppState *s)
{
    fprintf(out, "- %s\n", app_label(s, LBL_MESSAGES_TITLE));
    if (!app_message(s, 0))
        fprintf(out, "- %s\n", app_label(s, LBL_MESSAGES_NONE));
    for (int k = 0; app_message(s, k); k++)
        fprintf(out, "- %s\n", app_message(s, k));
    fputc('\n', out);
}

/* The entropy view's cells on paper: ENTROPY_PER_ROW characters to a row,
 * each over its entropy in ENTROPY_COLS columns (view_entropy.c's cell),
 * the text's last ENTROPY_MAX characters (the screen shows its end too). */
enum { ENTROPY_COLS = 5, ENTROPY_PER_ROW = 12, ENTROPY_MAX = 8 * ENTROPY_PER_ROW };

/* Text padded with spaces to ENTROPY_COLS columns (at least one after it). */
static void put_entropy_cell(FILE *out, const char *text, int width)
{
    fprintf(out, "%s%*s", text, width < ENTROPY_COLS ? ENTROPY_COLS - width : 1, "");
}

/* `show entropy` (e): the heading and the legend, then the written
 * characters over the entropy in bits of the draw that chose each (one
 * decimal, as the view writes it; "-" under one typed or picked). */
static void put_entropy(FILE *out, const AppState *s)
{
    fprintf(out, "- %s\n- %s · %s · %s\n\n", app_label(s, LBL_ENTROPY_HEADER),
            app_label(s, LBL_ENTROPY_LOW), app_label(s, LBL_ENTROPY_MID),
            app_label(s, LBL_ENTROPY_HIGH));
    if (!last_written(s)) {
        fprintf(out, "- %s\n\n", app_label(s, LBL_ENTROPY_NONE));
        return;
    }
    size_t n = s->text.n_chars, first = n > ENTROPY_MAX ? n - ENTROPY_MAX : 0;
    fputs("```\n", out);
    for (size_t row = first; row < n; row += ENTROPY_PER_ROW) {
        size_t end = row + ENTROPY_PER_ROW < n ? row + ENTROPY_PER_ROW : n;
        for (size_t i = row; i < end; i++) {
            char ch[8];
            uint32_t cp = s->text.chars[i].cp;
            vocab_show(cp, ch);
            put_entropy_cell(out, ch, cp == '\n' ? 1 : textw_cp_width(cp));
        }
        fputc('\n', out);
        for (size_t i = row; i < end; i++) {
            const AppChar *c = &s->text.chars[i];
            char bits[16] = "-";
            if (c->origin == ORIGIN_MODEL)
                app_num(s->view.lang, (double)c->bits, 1, bits, sizeof bits);
            put_entropy_cell(out, bits, textw_width(bits));
        }
        fputc('\n', out);
    }
    fputs("```\n\n", out);
}

/* A word of the text read: "春风 · chūn fēng · spring breeze" (no line for
 * punctuation, which has no reading). */
static void put_word(FILE *out, const AppWord *w)
{
    if (!w->readings[0])
        return;
    fprintf(out, "    - %s · %s", w->word, w->readings);
    if (w->meaning[0])
        fprintf(out, " · %s", w->meaning);
    fputc('\n', out);
}

/* `show reading` (Y): the text line by line as verse, each line followed
 * by its words with their readings and meanings, the acrostic's heads
 * first, as the reading view shows them. */
static void put_reading(FILE *out, const AppState *s)
{
    fprintf(out, "- %s\n", app_label(s, LBL_READING_TITLE));
    int heads = s->view.mode.kind == FORM_ACROSTIC && s->view.mode.heads[0];
    if (!s->text.pinyin || (s->text.n_chars == 0 && !heads)) {
        fprintf(out, "- %s\n\n",
                app_label(s, s->text.pinyin ? LBL_READING_EMPTY : LBL_ST_PINYIN_NONE));
        return;
    }
    if (heads) {
        AppWord w[FORM_MAX_HEADS];
        int n = app_reading_heads(s, w, FORM_MAX_HEADS);
        fputs("- ", out);
        fprintf(out, app_label(s, LBL_READING_HEADS), s->view.mode.heads);
        fputc('\n', out);
        for (int i = 0; i < n; i++)
            put_word(out, &w[i]);
    }
    size_t n = s->text.n_chars;
    uint32_t *cps = malloc((n + 1) * sizeof *cps);
    VerseRow *rows = malloc((n + 1) * sizeof *rows);
    int total = 0;
    if (cps && rows) {
        for (size_t i = 0; i < n; i++)
            cps[i] = s->text.chars[i].cp;
        total = verse_layout(cps, (int)n, 2, 1 << 20, 1 << 20, rows, (int)n + 1, NULL);
    }
    for (int r = 0; r < total; r++) {
        size_t from = (size_t)rows[r].start, to = from + (size_t)rows[r].len;
        while (from < to && cps[from] == '\n')
            from++; /* the newline a poem starts on: the row is the line */
        if (from >= to)
            continue;
        fputs("- ", out);
        for (size_t i = from; i < to; i++)
            if (cps[i] != '\n')
                put_char(out, cps[i]);
        fputc('\n', out);
        for (size_t i = from; i < to;) {
            AppWord w;
            i = app_reading_word(s, i, to, &w);
            put_word(out, &w);
        }
    }
    fputc('\n', out);
    free(cps);
    free(rows);
}

/* One candidate of the compare model's table: character, probability, rank
 * in the other model (or that it lacks it). */
static void put_compare_cell(FILE *out, const AppState *s, const ModelCmpCand *c)
{
    char pct[32];
    put_char(out, c->cp);
    fprintf(out, " %s | ",
            probfmt_percent_in((double)c->p, 1, app_num_style(s->view.lang), pct, sizeof pct));
    if (c->other_id < 0)
        fputs(app_label(s, LBL_CMP_LACKS), out);
    else
        fprintf(out, "%d", c->rank_other);
}

/* `compare-model`: both top 8 side by side and KL(A||B), as its panel
 * (view_compare.c) shows them. */
static void put_compare(FILE *out, const AppState *s)
{
    const AppCompareModel *c = s->text.cm;
    char kl[32], head[4][64], named[96];
    if (!c->ok) {
        fprintf(out, "- %s\n\n", c->error);
        return;
    }
    fputs("- ", out);
    fprintf(out, app_label(s, LBL_CMP_HEADER),
            app_num(s->view.lang, c->cmp.kl / log(2.0), 5, kl, sizeof kl));
    fputs("\n- ", out);
    fprintf(out, app_label(s, LBL_CMP_NAMES), app_compare_name_a(s, named, sizeof named), c->name);
    snprintf(head[0], sizeof head[0], app_label(s, LBL_CMP_TOP), "A");
    snprintf(head[1], sizeof head[1], app_label(s, LBL_CMP_IN), "B");
    snprintf(head[2], sizeof head[2], app_label(s, LBL_CMP_TOP), "B");
    snprintf(head[3], sizeof head[3], app_label(s, LBL_CMP_IN), "A");
    fprintf(out, "\n\n| | %s | %s | %s | %s |\n| ---: | --- | ---: | --- | ---: |\n", head[0], head[1],
            head[2], head[3]);
    for (int k = 0; k < c->cmp.n_a || k < c->cmp.n_b; k++) {
        fprintf(out, "| %d | ", k + 1);
        if (k < c->cmp.n_a)
            put_compare_cell(out, s, &c->cmp.a[k]);
        else
            fputs(" | ", out);
        fputs(" | ", out);
        if (k < c->cmp.n_b)
            put_compare_cell(out, s, &c->cmp.b[k]);
        else
            fputs(" | ", out);
        fputs(" |\n", out);
    }
    fputs("\n", out);
}

/* The sampler panel's last line (`point sliders`): what the last prediction
 * cost, "KV cache: on · 0.09 ms, read 1". */
static void put_cache_line(FILE *out, const AppState *s)
{
    char ms[32];
    fprintf(out, "- %s", app_label(s, LBL_CACHE));
    put_colon(out, s, 1);
    fprintf(out, "%s · ", app_label(s, s->text.g.use_cache ? LBL_ON : LBL_OFF));
    fprintf(out, app_label(s, LBL_CACHE_COST),
            app_num(s->view.lang, s->pred.predict_ms, 2, ms, sizeof ms), s->pred.predict_rows);
    fputs("\n\n", out);
}

/* The question of a quiz step ("> **question:** ...", numbered in a worksheet). */
static void put_question(FILE *out, const AppState *s, int number)
{
    char label[64];
    if (number > 0)
        snprintf(label, sizeof label, app_label(s, LBL_HANDOUT_QUESTION), number);
    else
        snprintf(label, sizeof label, "%s", app_label(s, LBL_LESSON_QUIZ));
    fprintf(out, "> **%s", label);
    put_colon(out, s, 0);
    fprintf(out, "**%s%s\n\n", after_colon(s), s->view.quiz);
}

/* The answer a quiz's reveal shows, highlighted (`answer`), if it has one. */
static void put_answer(FILE *out, const AppState *s)
{
    if (!s->view.quiz_answer[0])
        return;
    fprintf(out, "> **%s", app_label(s, LBL_LESSON_ANSWER));
    put_colon(out, s, 0);
    fprintf(out, "**%s%s\n\n", after_colon(s), s->view.quiz_answer);
}

/* What the screen shows while a quiz hides its answer: the text, the settings. */
static void put_visible(FILE *out, const AppState *s)
{
    put_text_lines(out, s);
    put_settings(out, s);
}

/* Is a table open in the sliders' and the timing's place (the screen's
 * order: the messages, the memory, the weights, the entropies)? */
static int lower_table(const AppState *s)
{
    static const AppView tables[] = {VIEW_MESSAGES, VIEW_MEMORY, VIEW_WEIGHTS, VIEW_ENTROPY};
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
        if (app_view_is_open(&s->view.views, tables[i]))
            return 1;
    return 0;
}

/* What the bars' side of the screen shows: the look-up (query), the top 8
 * (bars) and the timings after a compare (timing): what a quiz's reveal shows.
 * Under `show written` the texts of the comparison stand in the bars' place;
 * under `show mask` the mask takes the bars' place and the panels' below. */
static void put_revealed(FILE *out, const AppState *s, Paper *pp, int query, int bars, int timing)
{
    if (app_view_is_open(&s->view.views, VIEW_MASK)) {
        if (bars)
            put_mask(out, s);
        return;
    }
    if (app_view_is_open(&s->view.views, VIEW_READING)) {
        if (bars)
            put_reading(out, s);
        return;
    }
    if (query) {
        put_query(out, s);
        if (!bars && !timing)
            fputc('\n', out);
    }
    /* the texts stand in the bars' place */
    int written = app_view_is_open(&s->view.views, VIEW_WRITTEN) && s->view.cmp.n > 0;
    if (bars && !written)
        put_top(out, s);
    /* the timing panel is below the bars, where a table may stand instead */
    if (timing && !lower_table(s))
        put_timing(out, s, pp);
    if (written && (bars || timing))
        put_written(out, s, pp);
}

/* What stands below the bars in the sliders' place when a step opens it:
 * the messages, the memory table, the weights' table, the entropies; or the
 * sampler panel's cache line when the step points at the sliders. */
static void put_lower(FILE *out, const AppState *s)
{
    if (app_view_is_open(&s->view.views, VIEW_MASK) ||
        app_view_is_open(&s->view.views, VIEW_READING))
        return; /* the mask or the text read takes all below the text */
    if (s->text.cm) /* below the bars on a screen of 110x34 */
        put_compare(out, s);
    else if (app_view_is_open(&s->view.views, VIEW_MESSAGES))
        put_messages(out, s);
    else if (app_view_is_open(&s->view.views, VIEW_MEMORY))
        put_memory(out, s);
    else if (app_view_is_open(&s->view.views, VIEW_WEIGHTS))
        put_weights(out, s);
    else if (app_view_is_open(&s->view.views, VIEW_ENTROPY))
        put_entropy(out, s);
    else if (s->view.point == PANEL_SLIDERS)
        put_cache_line(out, s);
}

/* What put prints for the screen now, told from others (FNV-1a of the
 * text it writes; 0 if it cannot be written), to print a thing once where a
 * step shows what the one before showed. */
static uint32_t printed_sig(const AppState *s, void (*put)(FILE *, const AppState *))
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return 0;
    put(mem, s);
    uint32_t h = 2166136261u;
    if (fclose(mem) == 0)
        for (size_t i = 0; i < len; i++)
            h = (h ^ (unsigned char)buf[i]) * 16777619u;
    free(buf);
    return h;
}

/* The bars put_revealed shows, to tell whether a step's reveal is new: a
 * question about bars already printed (a discussion) has none to reveal. */
typedef struct {
    int n_top, ids[APP_TOP];
    float p[APP_TOP], p_sampler[APP_TOP];
    size_t n_chars, suffix_total;
} Bars;

static Bars bars_now(const AppState *s)
{
    Bars b;
    memset(&b, 0, sizeof b); /* the padding too: compared with memcmp */
    const Prediction *p = &s->pred;
    b.n_top = p->n_top;
    for (int k = 0; k < p->n_top && k < APP_TOP; k++) {
        b.ids[k] = p->top[k].id;
        b.p[k] = p->top[k].p;
        b.p_sampler[k] = p->top[k].blocked ? -1.0f : p->top[k].p_sampler;
    }
    b.n_chars = s->text.n_chars;
    b.suffix_total = p->suffix_total;
    return b;
}

/* Has the worksheet printed these bars before (shown[0..n))? */
static int printed_before(const Bars *shown, int n, const Bars *now)
{
    for (int i = 0; i < n; i++)
        if (memcmp(&shown[i], now, sizeof *now) == 0)
            return 1;
    return 0;
}

/* Step k's narration, the bundled model's figures marked on another model
 * (lesson_narration_marked). */
static void put_narration(FILE *out, const AppState *s, const Lesson *l, int k)
{
    int marks;
    char *md = lesson_narration_marked(s, l, k, &marks);
    const char *text = md ? md : l->steps[k].narration;
    if (text[0])
        fprintf(out, "%s\n\n", text);
    free(md);
}

/* The title, and under it, for a lesson about the bundled model run on
 * another, what the narration's marks mean, when it has any. */
static void put_title(FILE *out, const AppState *s, const Lesson *l)
{
    int any = 0;
    fprintf(out, "# %s\n\n", l->title);
    for (int k = 0; k < l->n_steps && !any && lesson_marks_figures(s, l); k++) {
        char *md = lesson_narration_marked(s, l, k, &any);
        free(md);
    }
    if (!any)
        return;
    fprintf(out, app_label(s, LBL_HANDOUT_BUNDLED_FIGURES), "\\" LESSON_MARK);
    fputs("\n\n", out);
}

static void put_step(FILE *out, const AppState *s, const Lesson *l, int k)
{
    if (k > 0)
        fprintf(out, "## %d. %s\n\n", k, l->steps[k].heading);
    put_narration(out, s, l, k);
}

/* Copy the answers gathered in tmp to out, under their heading. */
static void put_answers(FILE *out, const AppState *s, FILE *tmp)
{
    char buf[4096];
    size_t n;
    fprintf(out, "## %s\n\n", app_label(s, LBL_HANDOUT_ANSWERS));
    rewind(tmp);
    while ((n = fread(buf, 1, sizeof buf, tmp)) > 0)
        fwrite(buf, 1, n, out);
}

/* A worksheet's room: the answers gathered as the steps go (a temporary
 * file) and the bars its questions part printed. Returns 0, or -1 (nothing
 * kept) without memory or a temporary file. */
static int worksheet_open(const Lesson *l, FILE **ans, Bars **shown)
{
    *ans = tmpfile();
    *shown = calloc((size_t)l->n_steps + 1, sizeof **shown);
    if (*ans && *shown)
        return 0;
    if (*ans)
        fclose(*ans);
    free(*shown);
    *ans = NULL;
    *shown = NULL;
    return -1;
}

/* A step as the screen shows it (a handout's, or a worksheet's step that
 * asks nothing): the text and settings, the bars' side, the panels below;
 * timing: the timings after a compare, or where the step points at them. */
static void put_screen(FILE *out, const AppState *s, Paper *pp, int timing)
{
    put_visible(out, s);
    put_revealed(out, s, pp, 1, 1, timing || s->view.point == PANEL_TIMING);
    put_lower(out, s);
}

/* The step that tells question `explains`'s answer: a neutral heading in
 * the worksheet, and in the answers its narration and what its reveal
 * shows; the text, the settings and the panels below only where they are
 * not what the question's screen showed. */
static void put_explained(FILE *out, const AppState *s, const Lesson *l, Paper *pp, int explains,
                          int news, const uint32_t asked[2])
{
    int k = pp->step;
    const LessonStep *st = &l->steps[k];
    int timing = lesson_step_runs(l, k, "compare") || lesson_step_runs(l, k - 1, "compare") ||
                 s->view.point == PANEL_TIMING;
    /* its own heading often says the answer ("100 percent"): a neutral one */
    fprintf(out, "## %d. ", k);
    fprintf(out, app_label(s, LBL_HANDOUT_RESOLUTION), explains);
    fputs("\n\n", out);
    fprintf(out, app_label(s, LBL_HANDOUT_SEE_ANSWER), explains);
    fputs("\n\n", out);
    put_narration(pp->ans, s, l, k);
    if (st->n_cmds > 0 && printed_sig(s, put_visible) != asked[0])
        put_visible(pp->ans, s);
    put_revealed(pp->ans, s, pp, lesson_step_runs(l, k, "lookup"), news, timing);
    if (printed_sig(s, put_lower) != asked[1])
        put_lower(pp->ans, s);
}

/* A question's reveal, held back in a worksheet until the step after it is
 * entered: that step explains the answer when it shows the same bars (its
 * narration, a look-up; put_explained prints the reveal with it), and then
 * the held copy is dropped; a step that shows bars of its own (it wrote,
 * typed or set something) is no answer to the question, and then the key
 * takes the question's own reveal and that step stays among the others. */
typedef struct {
    char *buf;
    size_t len;
    Paper pp; /* the paper as it stands after the reveal is printed */
    Bars bars; /* the question's bars */
} Held;

static void hold_reveal(Held *h, const AppState *s, const Paper *pp, int query, int news,
                        int timing, const Bars *bars)
{
    h->pp = *pp;
    h->bars = *bars;
    h->buf = NULL;
    h->len = 0;
    FILE *mem = open_memstream(&h->buf, &h->len);
    if (!mem)
        return;
    put_revealed(mem, s, &h->pp, query, news, timing);
    if (fclose(mem) != 0) {
        free(h->buf);
        h->buf = NULL;
    }
}

/* Step k, after a question, shows bars of its own (not `now`'s)? Then the
 * held reveal goes to the answers (ans) and pp takes its bookkeeping. */
static int own_screen(Held *h, FILE *ans, Paper *pp, int k, const Bars *now)
{
    int own = h->buf && memcmp(&h->bars, now, sizeof *now) != 0;
    if (own) {
        fwrite(h->buf, 1, h->len, ans);
        *pp = h->pp;
        pp->step = k;
    }
    free(h->buf);
    h->buf = NULL;
    return own;
}

int cli_lesson_handout(FILE *out, AppState *s, const Lesson *l, AppLang lang, int worksheet,
                       LessonProblem problem, void *ctx)
{
    int problems = 0, questions = 0, explains = 0; /* explains: the question the step after answers */
    int n_shown = 0;
    uint32_t asked[2] = {0, 0}; /* what the last question's screen printed: put_visible, put_lower */
    FILE *ans = NULL;
    Bars *shown = NULL; /* the bars the worksheet's questions part has printed */
    Held held = {.buf = NULL};
    s->view.lang = lang;
    app_reset(s);
    /* verse is laid out by display columns (a Chinese character takes two),
     * which wcwidth measures only under a UTF-8 character type */
    if (!setlocale(LC_CTYPE, "C.UTF-8"))
        setlocale(LC_CTYPE, "C.utf8");
    if (worksheet && worksheet_open(l, &ans, &shown) != 0) {
        problem(ctx, 0, "cannot make room for the worksheet's answers");
        return 1;
    }
    Paper pp = {.ans = ans};
    put_title(out, s, l);
    for (int k = 0; k < l->n_steps; k++) {
        const LessonStep *st = &l->steps[k];
        int compared = lesson_step_runs(l, k, "compare");
        /* entering the steps in turn is going to each step: lesson_goto replays the same */
        problems += lesson_enter(s, l, k, 1, problem, ctx);
        pp.step = k;
        Bars now = bars_now(s);
        int news = ans && !printed_before(shown, n_shown, &now);
        if (!ans) { /* a handout: every step as the screen shows it */
            put_step(out, s, l, k);
            if (st->n_cmds > 0) {
                if (s->view.quiz[0]) {
                    put_question(out, s, 0);
                    put_answer(out, s);
                }
                put_screen(out, s, &pp, compared);
            }
        } else if (s->view.quiz[0]) { /* a question: its answer goes to the end */
            questions++;
            put_step(out, s, l, k);
            put_visible(out, s);
            put_lower(out, s);
            fputc('\n', out);
            put_question(out, s, questions);
            fprintf(out, "%s%s________________________________________\n\n",
                    app_label(s, LBL_HANDOUT_ANSWER), after_colon(s));
            fprintf(ans, "### %d. %s\n\n", questions, s->view.quiz);
            pp.answer = questions;
            put_answer(ans, s); /* the teacher's copy: what the reveal shows */
            asked[0] = printed_sig(s, put_visible);
            asked[1] = printed_sig(s, put_lower);
            /* the step after it explains, unless it asks a question itself
             * or shows bars of its own (Held) */
            explains = k + 1 < l->n_steps && !lesson_step_runs(l, k + 1, "quiz") ? questions : 0;
            if (!explains)
                put_revealed(ans, s, &pp, lesson_step_runs(l, k, "lookup"), news, compared);
            else
                hold_reveal(&held, s, &pp, lesson_step_runs(l, k, "lookup"), news, compared, &now);
        } else if (explains && !own_screen(&held, ans, &pp, k, &now)) {
            put_explained(out, s, l, &pp, explains, news, asked); /* the step that tells the answer */
            explains = 0;
        } else {
            explains = 0;
            put_step(out, s, l, k);
            if (st->n_cmds > 0) {
                put_screen(out, s, &pp, compared);
                shown[n_shown++] = now;
            }
        }
    }
    if (ans) {
        if (questions > 0)
            put_answers(out, s, ans);
        fclose(ans);
    }
    free(shown);
    free(held.buf);
    return problems;
}

/* ---- --figures: every figure a step shows, for an author to copy ---- */

/* "- entropy of the draw that wrote 风: 1.8 bits", as the entropy view rounds it. */
static void put_entropy_last(FILE *out, const AppState *s)
{
    const AppChar *c = last_written(s);
    if (!c)
        return;
    char ch[8], bits[32];
    vocab_show(c->cp, ch);
    fputs("- ", out);
    fprintf(out, app_label(s, LBL_ENTROPY_LAST), ch,
            app_num(s->view.lang, (double)c->bits, 1, bits, sizeof bits));
    fputc('\n', out);
}

/* The step's figures as JSON: the text, the top 8 (each probability as the
 * bars write it and as a number), what the sampler keeps and removes, the
 * entropies in bits, the look-up line, and the entropy view's figure. */
static void put_figures_json(FILE *out, const AppState *s, const Lesson *l, int k)
{
    const Prediction *p = &s->pred;
    const NumStyle *style = app_num_style(s->view.lang);
    fprintf(out, "%s{\"step\": %d, \"line\": %d, \"heading\": ", k > 1 ? ",\n  " : "", k,
            l->steps[k].line);
    json_write_string(out, l->steps[k].heading);
    uint32_t cps[APP_MAX_CHARS];
    size_t n = 0;
    for (size_t i = 0; i < s->text.n_chars && n < APP_MAX_CHARS; i++)
        cps[n++] = s->text.chars[i].cp;
    fputs(", \"text\": ", out);
    json_write_cps(out, cps, n);
    fputs(", \"top\": [", out);
    for (int i = 0; i < p->n_top; i++) {
        const Candidate *c = &p->top[i];
        char ch[8] = {0}, model[32], sampler[32];
        utf8_encode(vocab_cp(&s->text.m->vocab, c->id), ch);
        fprintf(out, "%s{\"rank\": %d, \"char\": ", i ? ", " : "", i + 1);
        json_write_string(out, ch);
        probfmt_percent_in((double)c->p, 1, style, model, sizeof model);
        probfmt_percent_in((double)c->p_sampler, 1, style, sampler, sizeof sampler);
        fprintf(out, ", \"model\": ");
        json_write_string(out, model);
        fprintf(out, ", \"sampler\": ");
        json_write_string(out, c->blocked ? app_label(s, LBL_BLOCKED) : sampler);
        fprintf(out, ", \"p\": %.9g, \"p_sampler\": %.9g, \"blocked\": %s}", (double)c->p,
                (double)c->p_sampler, c->blocked ? "true" : "false");
    }
    AppSummary sum;
    app_summary(s, &sum);
    fprintf(out, "], \"kept\": %d, \"removed\": %.9g, \"entropy_model\": %.9g, "
            "\"entropy_sampler\": %.9g, \"summary\": ", p->sampler_ok ? p->ss.kept : 0,
            (double)p->stages.removed_total, p->entropy / log(2.0),
            p->sampler_ok ? p->stages.entropy_final / log(2.0) : 0.0);
    json_write_string(out, sum.kept);
    fputs(", \"entropy\": ", out);
    json_write_string(out, sum.entropy);
    const AppChar *last = last_written(s);
    fputs(", \"entropy_last\": ", out);
    if (last) {
        char ch[8] = {0};
        utf8_encode(last->cp, ch);
        fputs("{\"char\": ", out);
        json_write_string(out, ch);
        fprintf(out, ", \"bits\": %.9g}", (double)last->bits);
    } else {
        fputs("null", out);
    }
    fputs(", \"lookup\": ", out);
    if (p->query.cp && p->query.id >= 0) {
        char ch[8] = {0}, model[48], sampler[48];
        utf8_encode(p->query.cp, ch);
        fputs("{\"char\": ", out);
        json_write_string(out, ch);
        fprintf(out, ", \"rank\": %d, \"model\": ", p->query.rank);
        json_write_string(out, app_prob_text(s, (double)p->query.p, 2, model, sizeof model));
        fputs(", \"sampler\": ", out);
        json_write_string(out,
                          app_prob_text(s, (double)p->query.p_sampler, 2, sampler, sizeof sampler));
        fprintf(out, ", \"p\": %.9g, \"p_sampler\": %.9g}", (double)p->query.p,
                (double)p->query.p_sampler);
    } else {
        fputs("null", out);
    }
    fputc('}', out);
}

int cli_lesson_figures(FILE *out, AppState *s, const Lesson *l, AppLang lang, int json,
                       LessonProblem problem, void *ctx)
{
    int problems = 0;
    s->view.lang = lang;
    app_reset(s);
    if (!setlocale(LC_CTYPE, "C.UTF-8")) /* verse is laid out by display columns */
        setlocale(LC_CTYPE, "C.utf8");
    if (json) {
        fputs("{\"lesson\": ", out);
        json_write_string(out, l->path);
        fprintf(out, ", \"lang\": \"%s\", \"steps\": [\n  ", app_lang_code(lang));
    } else {
        fprintf(out, "# %s\n", l->title);
    }
    for (int k = 0; k < l->n_steps; k++) {
        problems += lesson_enter(s, l, k, 1, problem, ctx);
        if (k == 0) /* the introduction shows no bars of its own */
            continue;
        if (json) {
            put_figures_json(out, s, l, k);
            continue;
        }
        fprintf(out, "\n## %d. %s (%s:%d)\n\n", k, l->steps[k].heading, l->path, l->steps[k].line);
        put_settings(out, s);
        put_text_lines(out, s);
        put_top(out, s);
        put_query(out, s);
        put_entropy_last(out, s);
    }
    if (json)
        fputs("\n]}\n", out);
    return problems;
}
