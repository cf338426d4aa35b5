/* cli_handout.c - a lesson run without a terminal and printed as a Markdown
 * handout (`tangscope lesson --print`, `tangscope demo`).
 *
 * For every step: its heading and narration, then what the screen shows
 * after its commands: the text, what the model wrote (as verse: a line of the
 * poem to a line of the handout), the settings, the top 8 (the model's
 * probability, the probability after the sampler, and how often the training
 * text continues the same way), the looked-up character and, after a
 * `compare`, the timings. Everything but the timings is the same on every
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
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "cli/cli.h"
#include "engine/probfmt.h"
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
    const char *c = app_colon(s->lang);
    size_t n = strlen(c);
    if (!space_after && n > 0 && c[n - 1] == ' ')
        n--;
    fwrite(c, 1, n, out);
}

/* The space after a colon before the text on its line (Chinese: none). */
static const char *after_colon(const AppState *s)
{
    const char *c = app_colon(s->lang);
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
        cps[i] = s->chars[i].cp;
    if (cps)
        put_verse_of(out, s, app_label(s, label), cps, from, to);
    else
        fprintf(out, "- %s\n", app_label(s, label));
    free(cps);
}

/* `show written`: what the compare runs wrote, as the screen shows it in the
 * bars' place: whether it is the same, then the text as verse (each run's,
 * when they part), after the prompt both started from. */
static void put_written(FILE *out, const AppState *s)
{
    const CompareRun *c = &s->cmp;
    if (!app_view_is_open(s, VIEW_WRITTEN) || c->n == 0)
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
    uint32_t cps[2 * APP_COMPARE_MAX];
    size_t n = 0;
    for (size_t i = s->g.prefix; i < (size_t)c->first_pos && i < s->g.n && n < APP_COMPARE_MAX; i++)
        cps[n++] = vocab_cp(&s->m->vocab, s->g.text[i]);
    size_t from = n;
    for (int run = 0; run < (part < 0 ? 1 : 2); run++) {
        const int *tok = run == 0 ? c->tok_cached : c->tok_full;
        for (int i = 0; i < c->n; i++)
            cps[from + (size_t)i] = vocab_cp(&s->m->vocab, tok[i]);
        put_verse_of(out, s, app_label(s, part < 0 ? LBL_LESSON_WROTE : run == 0 ? LBL_WITH_CACHE
                                                                               : LBL_WITHOUT_CACHE),
                     cps, from, from + (size_t)c->n);
    }
}

static void put_text_lines(FILE *out, const AppState *s)
{
    /* what the model wrote at the end, after the last character typed or picked */
    size_t wrote = s->n_chars;
    while (wrote > 0 && s->chars[wrote - 1].origin == ORIGIN_MODEL)
        wrote--;
    put_verse(out, s, LBL_PROMPT, 0, wrote);
    if (wrote < s->n_chars) {
        size_t end = s->n_chars;
        if (s->chars[end - 1].cp == '\n') /* the newline that ends the poem */
            end--;
        put_verse(out, s, LBL_LESSON_WROTE, wrote, end);
    }
}

static void put_settings(FILE *out, const AppState *s)
{
    fprintf(out, "- %s", app_label(s, LBL_LESSON_SETTINGS));
    put_colon(out, s, 1);
    for (int id = 0; id < SL_COUNT; id++) {
        char v[32];
        app_slider_format(s, (SliderId)id, v, sizeof v);
        fprintf(out, "%s %s · ", app_label(s, app_slider_label((SliderId)id)), v);
    }
    fprintf(out, "%s %s · ", app_label(s, LBL_CACHE), app_label(s, s->g.use_cache ? LBL_ON : LBL_OFF));
    if (s->mode.kind == FORM_JUEJU)
        fprintf(out, app_label_n(s, LBL_MODE_JUEJU, s->mode.line_len),
                app_line_len(s->lang, s->mode.line_len));
    else if (s->mode.kind == FORM_ACROSTIC)
        fprintf(out, app_label(s, LBL_MODE_ACROSTIC), app_line_len(s->lang, s->mode.line_len),
                s->mode.heads);
    else
        fputs(app_label(s, LBL_MODE_FREE), out);
    fputc('\n', out);
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
        put_char(out, vocab_cp(&s->m->vocab, c->id));
        /* the percentages as the bars write them (0.85%, not 0.9%): the screen's formatter */
        char a[32], b[32], pct[32];
        const NumStyle *style = app_num_style(s->lang);
        fprintf(out, " | %s | ", probfmt_percent_in((double)c->p, 1, style, pct, sizeof pct));
        if (c->blocked)
            fputs(app_label(s, LBL_BLOCKED), out);
        else
            fputs(probfmt_percent_in((double)c->p_sampler, 1, style, pct, sizeof pct), out);
        if (s->corpus && p->suffix_total > 0) {
            app_format_count(s->lang, (long)c->corpus_count, a, sizeof a);
            app_format_count(s->lang, (long)p->suffix_total, b, sizeof b);
            fprintf(out, " | %s/%s %s |\n", a, b,
                    app_share(s->lang, 100.0 * (double)c->corpus_count / (double)p->suffix_total, 1,
                              pct, sizeof pct));
        }
        else
            fputs(" | — |\n", out);
    }
    fputc('\n', out);
    if (s->corpus && s->corpus_other) { /* the counts are not the model's text's */
        fprintf(out, "%s\n\n", app_label(s, LBL_CORPUS_OTHER));
    } else if (s->corpus && p->suffix_len > 0) {
        char ctx[4 * APP_MAX_CHARS + 8];
        size_t n = 0;
        for (size_t i = 0; i < p->suffix_len && n + 8 < sizeof ctx; i++) {
            uint32_t cp = vocab_cp(&s->m->vocab, s->g.text[p->suffix_start + i]);
            n += (size_t)vocab_show(cp, ctx + n);
        }
        ctx[n] = 0;
        char quoted[300], count[32];
        app_quoted(s->lang, ctx, quoted, sizeof quoted);
        app_format_count(s->lang, (long)p->suffix_total, count, sizeof count);
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
    if (!p->query_cp || p->query_id < 0)
        return;
    char ch[8], model[48], sampler[48];
    vocab_show(p->query_cp, ch);
    fputs("- ", out);
    fprintf(out, app_label(s, LBL_QUERY_LINE), ch, p->query_rank, s->m->vocab.size,
            app_prob_text(s, (double)p->query_p, 2, model, sizeof model),
            app_prob_text(s, (double)p->query_p_sampler, 2, sampler, sizeof sampler));
    fputc('\n', out);
}

/* The compare run's totals, and the time per character at four positions:
 * the model's passes, as the explorer's timing panel plots them. */
static void put_timing(FILE *out, const AppState *s)
{
    const CompareRun *c = &s->cmp;
    if (!c->done || c->n == 0)
        return;
    double un = c->total_uncached_model_ms, ca = c->total_cached_model_ms;
    double speedup = ca > 0 ? un / ca : 0;
    fprintf(out, "- %s", app_label(s, LBL_CACHE));
    put_colon(out, s, 1);
    char a[32], b[32], f[32];
    fprintf(out, app_label(s, LBL_TIMING_TOTALS), app_num(s->lang, un, 0, a, sizeof a),
            app_num(s->lang, ca, 0, b, sizeof b), app_num(s->lang, speedup, 1, f, sizeof f));
    fprintf(out, "%s%s\n\n", app_semicolon(s->lang),
            app_label(s, c->identical ? LBL_IDENTICAL : LBL_DIFFERENT));
    fputs("- ", out); /* as the panel's header: each position's fastest of several passes */
    fprintf(out, app_label(s, LBL_TIMING_HEADER), s->compare_repeats);
    fputs("\n\n", out);
    fprintf(out, "| %s | %s | %s |\n| ---: | ---: | ---: |\n", app_label(s, LBL_POSITION),
            app_label(s, LBL_WITHOUT_CACHE), app_label(s, LBL_WITH_CACHE));
    int last = -1;
    for (int q = 0; q < 4; q++) {
        int i = (c->n - 1) * q / 3;
        if (i == last)
            continue;
        last = i;
        fprintf(out, "| %d | %s ms | %s ms |\n", c->first_pos + i + 1,
                app_num(s->lang, c->uncached_model_ms[i], 3, a, sizeof a),
                app_num(s->lang, c->cached_model_ms[i], 3, b, sizeof b));
    }
    fputc('\n', out);
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
    fprintf(out, "**%s%s\n\n", after_colon(s), s->quiz);
}

/* The answer a quiz's reveal shows, highlighted (`answer`), if it has one. */
static void put_answer(FILE *out, const AppState *s)
{
    if (!s->quiz_answer[0])
        return;
    fprintf(out, "> **%s", app_label(s, LBL_LESSON_ANSWER));
    put_colon(out, s, 0);
    fprintf(out, "**%s%s\n\n", after_colon(s), s->quiz_answer);
}

/* What the screen shows while a quiz hides its answer: the text, the settings. */
static void put_visible(FILE *out, const AppState *s)
{
    put_text_lines(out, s);
    put_settings(out, s);
}

/* What the bars' side of the screen shows: the look-up (query), the top 8
 * (bars) and the timings after a compare (timing): what a quiz's reveal shows.
 * Under `show written` the texts of the comparison stand in the bars' place. */
static void put_revealed(FILE *out, const AppState *s, int query, int bars, int timing)
{
    if (query) {
        put_query(out, s);
        if (!bars && !timing)
            fputc('\n', out);
    }
    /* the texts stand in the bars' place */
    int written = app_view_is_open(s, VIEW_WRITTEN) && s->cmp.n > 0;
    if (bars && !written)
        put_top(out, s);
    if (timing)
        put_timing(out, s);
    if (written && (bars || timing))
        put_written(out, s);
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
    b.n_chars = s->n_chars;
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

static void put_step(FILE *out, const Lesson *l, int k)
{
    const LessonStep *st = &l->steps[k];
    if (k > 0)
        fprintf(out, "## %d. %s\n\n", k, st->heading);
    if (st->narration[0])
        fprintf(out, "%s\n\n", st->narration);
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

int cli_lesson_handout(FILE *out, AppState *s, const Lesson *l, AppLang lang, int worksheet,
                       LessonProblem problem, void *ctx)
{
    int problems = 0, questions = 0, explains = 0; /* explains: the question the step after answers */
    int n_shown = 0;
    FILE *ans = NULL;
    Bars *shown = NULL; /* the bars the worksheet's questions part has printed */
    s->lang = lang;
    app_reset(s);
    /* verse is laid out by display columns (a Chinese character takes two),
     * which wcwidth measures only under a UTF-8 character type */
    if (!setlocale(LC_CTYPE, "C.UTF-8"))
        setlocale(LC_CTYPE, "C.utf8");
    if (worksheet && worksheet_open(l, &ans, &shown) != 0) {
        problem(ctx, 0, "cannot make room for the worksheet's answers");
        return 1;
    }
    fprintf(out, "# %s\n\n", l->title);
    for (int k = 0; k < l->n_steps; k++) {
        const LessonStep *st = &l->steps[k];
        int compared = lesson_step_runs(l, k, "compare");
        /* entering the steps in turn is going to each step: lesson_goto replays the same */
        problems += lesson_enter(s, l, k, 1, problem, ctx);
        Bars now = bars_now(s);
        int news = ans && !printed_before(shown, n_shown, &now);
        if (!ans) { /* a handout: every step as the screen shows it */
            put_step(out, l, k);
            if (st->n_cmds > 0) {
                if (s->quiz[0]) {
                    put_question(out, s, 0);
                    put_answer(out, s);
                }
                put_visible(out, s);
                put_revealed(out, s, 1, 1, compared);
            }
        } else if (s->quiz[0]) { /* a question: its answer goes to the end */
            questions++;
            put_step(out, l, k);
            put_visible(out, s);
            fputc('\n', out);
            put_question(out, s, questions);
            fprintf(out, "%s%s________________________________________\n\n",
                    app_label(s, LBL_HANDOUT_ANSWER), after_colon(s));
            fprintf(ans, "### %d. %s\n\n", questions, s->quiz);
            put_answer(ans, s); /* the teacher's copy: what the reveal shows */
            /* the step after it explains, unless it asks a question itself */
            explains = k + 1 < l->n_steps && !lesson_step_runs(l, k + 1, "quiz") ? questions : 0;
            if (!explains)
                put_revealed(ans, s, lesson_step_runs(l, k, "lookup"), news, compared);
        } else if (explains) { /* the step that tells the answer */
            int timing = compared || lesson_step_runs(l, k - 1, "compare");
            /* its own heading often says the answer ("100 percent"): a neutral one */
            fprintf(out, "## %d. ", k);
            fprintf(out, app_label(s, LBL_HANDOUT_RESOLUTION), explains);
            fputs("\n\n", out);
            fprintf(out, app_label(s, LBL_HANDOUT_SEE_ANSWER), explains);
            fputs("\n\n", out);
            if (st->narration[0])
                fprintf(ans, "%s\n\n", st->narration);
            if (st->n_cmds > 0)
                put_visible(ans, s);
            put_revealed(ans, s, lesson_step_runs(l, k, "lookup"), news, timing);
            explains = 0;
        } else {
            put_step(out, l, k);
            if (st->n_cmds > 0) {
                put_visible(out, s);
                put_revealed(out, s, 1, 1, compared);
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
    return problems;
}
