/* cli_handout.c - a lesson run without a terminal and printed as a Markdown
 * handout (`tangscope lesson --print`, `tangscope demo`).
 *
 * For every step: its heading and narration, then what the screen shows
 * after its commands: the text, what the model wrote, the settings, the top 8
 * (the model's probability, the probability after the sampler, and how often
 * the training text continues the same way), the looked-up character and,
 * after a `compare`, the timings. Everything but the timings is the same on
 * every run, so students can hold it against their own screen. The words of
 * the handout are the explorer's labels in the lesson's language. What the
 * model wrote stands as verse, a line of verse to a row, as on the screen
 * (verse.h); the percentages are rounded as the bars round them.
 *
 * A worksheet (--worksheet) asks each quiz's question without its answer:
 * the step shows the question and room to answer, and what the reveal shows
 * (the `answer`, or the screen after the step) moves to a section "Answers"
 * at the end, for the teacher's copy.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "cli/cli.h"
#include "engine/probfmt.h"
#include "app/labels.h"
#include "app/lesson.h"
#include "app/verse.h"

/* A character as the handout shows it (the newline as ⏎). */
static void put_char(FILE *out, uint32_t cp)
{
    char b[8];
    vocab_show(cp, b);
    fputs(b, out);
}

/* chars[from..to) of the text. */
static void put_text(FILE *out, const AppState *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        put_char(out, s->chars[i].cp);
}

/* chars[from..to) as verse: a line of verse to a row (verse.h's rule, on a
 * page wide enough for any line), each row a quoted line with a hard break. */
static void put_verse(FILE *out, const AppState *s, size_t from, size_t to)
{
    int n = (int)(to - from);
    uint32_t *cps = malloc((size_t)(n > 0 ? n : 1) * sizeof *cps);
    VerseRow *rows = malloc((size_t)(n + 1) * sizeof *rows);
    if (!cps || !rows) { /* no room to lay it out: one line, as it is */
        fputs("> ", out);
        put_text(out, s, from, to);
        fputs("\n\n", out);
        free(cps);
        free(rows);
        return;
    }
    for (int i = 0; i < n; i++)
        cps[i] = s->chars[from + (size_t)i].cp;
    int count = verse_layout(cps, n, 2, 1000, n + 1, rows, n + 1, NULL);
    for (int r = 0; r < count; r++) {
        fputs("> ", out);
        for (int i = rows[r].start; i < rows[r].start + rows[r].len; i++)
            if (cps[i] != '\n')
                put_char(out, cps[i]);
        fputs(r + 1 < count ? "  \n" : "\n", out);
    }
    fputc('\n', out);
    free(cps);
    free(rows);
}

static void put_text_lines(FILE *out, const AppState *s)
{
    /* what the model wrote at the end, after the last character typed or picked */
    size_t wrote = s->n_chars;
    while (wrote > 0 && s->chars[wrote - 1].origin == ORIGIN_MODEL)
        wrote--;
    fprintf(out, "- %s: ", app_label(s, LBL_PROMPT));
    if (wrote == 0)
        fputs("—", out);
    put_text(out, s, 0, wrote);
    fputc('\n', out);
    if (wrote < s->n_chars) {
        size_t end = s->n_chars;
        if (s->chars[end - 1].cp == '\n') /* the newline that ends the poem */
            end--;
        fprintf(out, "- %s:\n\n", app_label(s, LBL_LESSON_WROTE));
        put_verse(out, s, wrote, end);
    }
}

static void put_settings(FILE *out, const AppState *s)
{
    fprintf(out, "- %s: ", app_label(s, LBL_LESSON_SETTINGS));
    for (int id = 0; id < SL_COUNT; id++) {
        char v[32];
        app_slider_format(s, (SliderId)id, v, sizeof v);
        if (id == SL_TOP_K && s->set.top_k == 0)
            snprintf(v, sizeof v, "%s", app_label(s, LBL_OFF));
        fprintf(out, "%s %s · ", app_label(s, (LabelId)(LBL_TEMPERATURE + id)), v);
    }
    fprintf(out, "%s %s · ", app_label(s, LBL_CACHE), app_label(s, s->g.use_cache ? LBL_ON : LBL_OFF));
    if (s->mode.kind == FORM_JUEJU)
        fprintf(out, app_label_n(s, LBL_MODE_JUEJU, s->mode.line_len), s->mode.line_len);
    else if (s->mode.kind == FORM_ACROSTIC)
        fprintf(out, app_label(s, LBL_MODE_ACROSTIC), s->mode.line_len, s->mode.heads);
    else
        fputs(app_label(s, LBL_MODE_FREE), out);
    fputc('\n', out);
}

static void put_top(FILE *out, const AppState *s)
{
    const Prediction *p = &s->pred;
    fprintf(out, "\n| | %s | %s | %s | %s |\n| ---: | :---: | ---: | ---: | ---: |\n",
            app_label(s, LBL_NEXT), app_label(s, LBL_MODEL), app_label(s, LBL_SAMPLER),
            app_label(s, LBL_CORPUS_COL));
    for (int k = 0; k < p->n_top; k++) {
        const Candidate *c = &p->top[k];
        fprintf(out, "| %d | ", k + 1);
        put_char(out, vocab_cp(&s->m->vocab, c->id));
        /* the percentages as the bars write them (0.85%, not 0.9%) */
        char pct[32];
        fprintf(out, " | %s | ", probfmt_percent((double)c->p, 1, pct, sizeof pct));
        if (c->blocked)
            fputs(app_label(s, LBL_BLOCKED), out);
        else
            fputs(probfmt_percent((double)c->p_sampler, 1, pct, sizeof pct), out);
        if (s->corpus && p->suffix_total > 0)
            fprintf(out, " | %zu/%zu %.1f%% |\n", c->corpus_count, p->suffix_total,
                    100.0 * (double)c->corpus_count / (double)p->suffix_total);
        else
            fputs(" | — |\n", out);
    }
    fputc('\n', out);
    /* what the sampler keeps and removes, and the form's blocked share, as the summary says */
    if (p->sampler_ok) {
        fputs("- ", out);
        char removed[32];
        fprintf(out, app_label(s, LBL_SUMMARY), p->ss.kept,
                probfmt_share(p->stages.removed_total, removed, sizeof removed));
        fputc('\n', out);
    }
    if (s->mode.kind != FORM_FREE) {
        char share[32];
        fputs("- ", out);
        fprintf(out, app_label(s, LBL_LESSON_BLOCKED), probfmt_share(p->blocked, share, sizeof share));
        fputc('\n', out);
    }
    if (s->corpus && p->suffix_len > 0) {
        char ctx[4 * APP_MAX_CHARS + 8];
        size_t n = 0;
        for (size_t i = 0; i < p->suffix_len && n + 8 < sizeof ctx; i++) {
            uint32_t cp = vocab_cp(&s->m->vocab, s->g.text[p->suffix_start + i]);
            n += (size_t)vocab_show(cp, ctx + n);
        }
        ctx[n] = 0;
        fputs("- ", out);
        fprintf(out, app_label_n(s, LBL_CORPUS_AFTER, (long)p->suffix_total), ctx, p->suffix_total);
        fputc('\n', out);
    }
    fputc('\n', out);
}

static void put_query(FILE *out, const AppState *s)
{
    const Prediction *p = &s->pred;
    if (!p->query_cp || p->query_id < 0)
        return;
    char ch[8], model[48], sampler[48];
    ch[utf8_encode(p->query_cp, ch)] = 0;
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
    fprintf(out, "- %s: ", app_label(s, LBL_CACHE));
    fprintf(out, app_label(s, LBL_TIMING_TOTALS), un, ca, speedup);
    fprintf(out, "; %s\n\n", app_label(s, c->identical ? LBL_IDENTICAL : LBL_DIFFERENT));
    fprintf(out, "| %s | %s | %s |\n| ---: | ---: | ---: |\n", app_label(s, LBL_POSITION),
            app_label(s, LBL_WITHOUT_CACHE), app_label(s, LBL_WITH_CACHE));
    int last = -1;
    for (int q = 0; q < 4; q++) {
        int i = (c->n - 1) * q / 3;
        if (i == last)
            continue;
        last = i;
        fprintf(out, "| %d | %.3f ms | %.3f ms |\n", c->first_pos + i + 1, c->uncached_model_ms[i],
                c->cached_model_ms[i]);
    }
    fputc('\n', out);
}

/* What the screen shows after a step (the question asked aside). */
static void put_screen(FILE *out, const AppState *s, int compared)
{
    put_text_lines(out, s);
    put_settings(out, s);
    put_query(out, s);
    put_top(out, s);
    if (compared)
        put_timing(out, s);
}

int cli_lesson_handout(FILE *out, AppState *s, const Lesson *l, AppLang lang, int worksheet,
                       LessonProblem problem, void *ctx)
{
    int problems = 0;
    s->lang = lang;
    app_reset(s);
    /* a worksheet's answers, gathered for its end */
    char *answers = NULL;
    size_t answers_len = 0;
    FILE *key = worksheet ? open_memstream(&answers, &answers_len) : NULL;
    fprintf(out, "# %s\n\n", l->title);
    for (int k = 0; k < l->n_steps; k++) {
        const LessonStep *st = &l->steps[k];
        /* entering the steps in turn is going to each step: lesson_goto replays the same */
        problems += lesson_enter(s, l, k, 1, problem, ctx);
        if (k > 0)
            fprintf(out, "## %d. %s\n\n", k, st->heading);
        if (st->narration[0])
            fprintf(out, "%s\n\n", st->narration);
        if (st->n_cmds == 0)
            continue;
        int compared = lesson_step_runs(l, k, "compare");
        if (!s->quiz[0]) {
            put_screen(out, s, compared);
            continue;
        }
        fprintf(out, "> **%s:** %s\n\n", app_label(s, LBL_LESSON_QUIZ), s->quiz);
        FILE *to = out;
        if (key) { /* the question with room to answer; the answer at the end */
            fputs("> ……………………………………………………………………\n\n", out);
            fprintf(key, "### %d. %s\n\n> **%s:** %s\n\n", k, st->heading,
                    app_label(s, LBL_LESSON_QUIZ), s->quiz);
            to = key;
        }
        if (s->quiz_answer[0])
            fprintf(to, "> **%s:** %s\n\n", app_label(s, LBL_LESSON_ANSWER), s->quiz_answer);
        else
            put_screen(to, s, compared);
    }
    if (key) {
        fclose(key);
        if (answers_len)
            fprintf(out, "## %s\n\n%s", app_label(s, LBL_LESSON_ANSWERS), answers);
        free(answers);
    }
    return problems;
}
