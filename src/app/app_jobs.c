/* app_jobs.c - work the screen follows as it happens: writing the rest of a
 * poem character by character (Enter), and the compare run (b) that writes
 * the same characters with and without the KV cache, timing each one.
 *
 * A job advances in ticks (app_job_tick) so the screen is redrawn between
 * them, keys keep working (Esc stops) and a resize is honoured at once.
 */
#include <string.h>

#include "app/app.h"
#include "app/commands.h"
#include "app/labels.h"
#include "app/session.h"

#define WRITE_INTERVAL_MS 70   /* about 14 characters a second: a class can read along */
#define COMPARE_SLICE_S 0.025  /* work per tick before the screen is drawn again */
#define COMPARE_MIN 8          /* a compare run writes at least this many characters */

void app_job_stop(AppState *s)
{
    if (s->job.kind == JOB_WRITE) /* stopped before its end (Esc, another job, ...) */
        app_recipe_enter_ended(s, 0, s->job.written);
    if (s->job.kind == JOB_COMPARE)
        s->view.cmp.running = 0;
    s->job.kind = JOB_NONE; /* JOB_LESSON: the step is no longer waited for */
}

int app_job_interval_ms(const AppState *s)
{
    switch (s->job.kind) {
    case JOB_WRITE: return WRITE_INTERVAL_MS;
    case JOB_COMPARE: return 0;
    case JOB_LESSON: return 20;
    case JOB_NONE: break;
    }
    return -1;
}

/* ---- Enter: the rest of the poem ---- */

void app_job_start_write(AppState *s)
{
    app_job_stop(s);
    if (s->view.mode.kind != FORM_FREE && s->view.mode.now.done) {
        app_status(s, 0, "%s", app_label(s, LBL_ST_POEM_DONE));
        return;
    }
    rng_seed(&s->view.rng, s->view.seed); /* the same seed and settings write the same poem */
    s->record.rng_draws = 0;
    s->record.write_from = s->text.n_chars;
    s->record.write_end = (TextMark){0};
    s->job.kind = JOB_WRITE;
    s->job.written = 0;
    app_status(s, 0, app_label(s, LBL_ST_WRITING), s->prefs.sym.ellipsis);
}

static unsigned write_tick(AppState *s)
{
    int tok = app_sample_one(s);
    if (tok < 0) {
        app_recipe_enter_ended(s, 1, s->job.written);
        app_job_stop(s);
        if (s->view.mode.kind != FORM_FREE && s->view.mode.now.done)
            s->record.write_end = app_text_mark(s); /* the verse form ended it, as generate's */
        return REDRAW_ALL;
    }
    s->job.written++;
    int newline = vocab_id(&s->text.m->vocab, '\n');
    if (tok == newline || s->job.written >= APP_POEM_MAX || s->text.n_chars >= s->text.cap_chars) {
        app_recipe_enter_ended(s, 1, s->job.written);
        app_job_stop(s);
        app_status(s, 0, app_label_n(s, LBL_ST_WROTE, s->job.written), s->job.written,
                   (unsigned long long)s->view.seed);
    }
    app_predict(s);
    if (s->job.kind == JOB_NONE && tok == newline)
        s->record.write_end = app_text_mark(s); /* ended as generate ends: the code can say Enter */
    /* the sliders' panel too: its KV-cache row shows what this prediction cost */
    return REDRAW_PROMPT | REDRAW_PROBS | REDRAW_SLIDERS | REDRAW_TIMING | REDRAW_STATUS;
}

/* ---- b: with and without the cache ---- */

static int compare_gens(AppState *s, TsErr *err)
{
    Job *j = &s->job;
    if (j->have_gens)
        return 0;
    if (cachecmp_init(&j->compare, s->text.m, err) != 0)
        return -1;
    j->compare.repeats = s->compare_repeats;
    j->have_gens = 1;
    return 0;
}

void app_job_start_compare(AppState *s)
{
    app_job_stop(s);
    Job *j = &s->job;
    TsErr err;
    /* both start from the text the model reads now, with the same seed, form,
     * settings and context policy */
    if (compare_gens(s, &err) != 0 ||
        cachecmp_start(&j->compare, s->text.g.text + s->text.g.prefix,
                       s->text.g.n - s->text.g.prefix, s->text.g.where, &s->view.mode.now,
                       &s->view.set, s->view.seed, s->text.g.policy, &err) != 0) {
        app_status(s, 1, "%s", err.msg);
        return;
    }
    /* enough characters to fill the model's context: the uncached cost climbs with it */
    int length = s->text.m->cfg.context - (int)s->text.g.n;
    length = length < COMPARE_MIN ? COMPARE_MIN : length > APP_COMPARE_MAX ? APP_COMPARE_MAX : length;
    memset(&s->view.cmp, 0, sizeof s->view.cmp);
    s->view.cmp.length = length;
    s->view.cmp.first_pos = (int)s->text.g.n;
    s->view.cmp.identical = 1;
    s->view.cmp.running = 1;
    s->view.cmp_text = app_text_mark(s);
    j->kind = JOB_COMPARE;
    app_status(s, 0, app_label_n(s, LBL_ST_COMPARING, length), length);
}

/* One position of both runs: the time of each, whether they chose the same
 * character, and how far their logits lie apart. Returns 0, or -1 with the
 * status saying why a run could not go on. */
static int compare_step(AppState *s)
{
    TsErr err;
    CompareRun *c = &s->view.cmp;
    CompareStep st;
    if (cachecmp_step(&s->job.compare, &st, &err) != 0) {
        app_status(s, 1, "%s", err.msg); /* a run could not go on: non-finite scores, say */
        return -1;
    }
    c->cached_ms[c->n] = 1000.0 * st.cached_s;
    c->uncached_ms[c->n] = 1000.0 * st.full_s;
    c->cached_model_ms[c->n] = 1000.0 * st.cached_model_s;
    c->uncached_model_ms[c->n] = 1000.0 * st.full_model_s;
    c->logit_diff[c->n] = st.max_logit_diff;
    c->tok_cached[c->n] = st.token_cached;
    c->tok_full[c->n] = st.token_full;
    if (st.max_logit_diff > c->max_logit_diff || st.max_logit_diff != st.max_logit_diff)
        c->max_logit_diff = st.max_logit_diff;
    c->total_cached_ms += c->cached_ms[c->n];
    c->total_uncached_ms += c->uncached_ms[c->n];
    c->total_cached_model_ms += c->cached_model_ms[c->n];
    c->total_uncached_model_ms += c->uncached_model_ms[c->n];
    c->identical &= st.token_cached == st.token_full;
    c->n++;
    return 0;
}

/* Context shifts the cached run made: those at a prediction of its own, made
 * with first_pos + 1 .. first_pos + length - 1 characters (its first
 * prediction reads the prompt's window in one pass, shifted or not). */
static int compare_shifts(const AppState *s)
{
    const Generator *g = &s->job.compare.cached;
    size_t first = (size_t)s->view.cmp.first_pos, last = first + (size_t)s->view.cmp.length - 1;
    int n = 0;
    for (size_t i = 0; i < gen_shift_count(g); i++) {
        size_t at = gen_shift(g, i).at;
        n += at > first && at <= last;
    }
    return n;
}

/* The verdict: how much faster the model's work was with the cache, and
 * where the cache could not help: at a context shift the cached run reads
 * half a window again; under the slide policy past the context every step
 * reads the whole window, cached or not. */
static void compare_done(AppState *s)
{
    CompareRun *c = &s->view.cmp;
    double speedup = c->total_cached_model_ms > 0 ? c->total_uncached_model_ms / c->total_cached_model_ms : 0;
    c->shifts = compare_shifts(s);
    char fast[32];
    app_num(s->view.lang, speedup, 1, fast, sizeof fast);
    int past = c->first_pos + c->length - 1 > s->text.m->cfg.context;
    if (s->text.g.policy == CONTEXT_SLIDE && past)
        app_status(s, 0, app_label(s, LBL_ST_COMPARED_SLIDE), c->length, fast);
    else if (c->shifts > 0 && c->identical)
        app_status(s, 0, app_label(s, LBL_ST_COMPARED_SHIFT), c->length, fast, c->shifts);
    else
        app_status(s, 0, app_label(s, LBL_ST_COMPARED), c->length, fast,
                   app_label(s, c->identical ? LBL_IDENTICAL : LBL_DIFFERENT));
}

static unsigned compare_tick(AppState *s)
{
    CompareRun *c = &s->view.cmp;
    double until = ts_now() + COMPARE_SLICE_S;
    /* both runs on one thread, so the times compare the arithmetic alone */
    int threads = ts_threads();
    ts_set_threads(1);
    int failed = 0;
    while (c->n < c->length && ts_now() < until && !failed)
        failed = compare_step(s) != 0;
    ts_set_threads(threads);
    if (failed) {
        app_job_stop(s); /* compare_step's status says why */
        return REDRAW_TIMING | REDRAW_STATUS;
    }
    if (c->n == c->length) {
        app_job_stop(s);
        c->done = 1;
        compare_done(s);
    }
    /* the texts the runs write, when shown in the bars' place, grow with them */
    return REDRAW_TIMING | REDRAW_STATUS |
           (app_view_is_open(&s->view.views, VIEW_WRITTEN) ? REDRAW_PROBS : 0);
}

unsigned app_job_tick(AppState *s)
{
    switch (s->job.kind) {
    case JOB_WRITE: return write_tick(s);
    case JOB_COMPARE: return compare_tick(s);
    case JOB_LESSON: return app_lesson_tick(s);
    case JOB_NONE: break;
    }
    return REDRAW_NONE;
}
