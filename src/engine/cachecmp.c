/* cachecmp.c - the cached and the uncached generator in step (see cachecmp.h). */
#include "engine/cachecmp.h"

#include <math.h>
#include <string.h>

int cachecmp_logits(const float *a, const float *b, size_t n, double *max_diff)
{
    double worst = 0.0;
    for (size_t i = 0; i < n; i++) {
        double d = fabs((double)a[i] - (double)b[i]);
        if (d > worst || d != d)
            worst = d;
    }
    *max_diff = worst;
    /* the contract is the same bits, so compare bytes: a float comparison
     * would call -0 and +0 equal, and no NaN equal to itself */
    return memcmp(a, b, n * sizeof *a) == 0;
}

int cachecmp_init(CacheCompare *c, const Model *m, TsErr *err)
{
    memset(c, 0, sizeof *c);
    c->repeats = 1;
    if (gen_init(&c->cached, m, 1, err) != 0)
        return -1;
    if (gen_init(&c->full, m, 0, err) != 0) {
        gen_free(&c->cached);
        return -1;
    }
    return 0;
}

void cachecmp_free(CacheCompare *c)
{
    gen_free(&c->cached);
    gen_free(&c->full);
    memset(c, 0, sizeof *c);
}

int cachecmp_start(CacheCompare *c, const int *prompt, size_t n, PromptStart where,
                   const Form *form, const SamplerSettings *set, uint64_t seed,
                   ContextPolicy policy, TsErr *err)
{
    gen_set_policy(&c->cached, policy);
    gen_set_policy(&c->full, policy);
    if (gen_start(&c->cached, prompt, n, where, err) != 0 ||
        gen_start(&c->full, prompt, n, where, err) != 0)
        return -1;
    c->use_form = form && form->kind != FORM_FREE;
    if (c->use_form)
        c->form_cached = c->form_full = *form;
    rng_seed(&c->rng_cached, seed);
    rng_seed(&c->rng_full, seed);
    c->set = *set;
    return 0;
}

/* One generator's step, timed: the model's pass (the fastest of
 * c->repeats) and, with the sampler's time added, the whole of it. */
static int timed_sample(Generator *g, CacheCompare *c, Form *form, Rng *rng, double *total_s,
                        double *model_s, TsErr *err)
{
    double model0 = g->model_s;
    if (!gen_logits(g, err))
        return -1;
    double pass = g->model_s - model0;
    for (int r = 1; r < c->repeats; r++) {
        double again = gen_repeat_pass(g);
        if (again >= 0.0 && again < pass)
            pass = again;
    }
    double t0 = ts_now();
    int tok = gen_sample(g, &c->set, c->use_form ? form : NULL, rng, err); /* the sampler alone:
                                                                             * the logits stand */
    *total_s = pass + (ts_now() - t0);
    *model_s = pass;
    return tok;
}

int cachecmp_step(CacheCompare *c, CompareStep *step, TsErr *err)
{
    memset(step, 0, sizeof *step);
    step->token_cached = timed_sample(&c->cached, c, &c->form_cached, &c->rng_cached,
                                      &step->cached_s, &step->cached_model_s, err);
    if (step->token_cached < 0)
        return -1;
    step->token_full = timed_sample(&c->full, c, &c->form_full, &c->rng_full, &step->full_s,
                                    &step->full_model_s, err);
    if (step->token_full < 0)
        return -1;
    /* Both generators still hold the logits they sampled from: appending a
     * character does not touch them. */
    step->logits_identical =
        cachecmp_logits(c->cached.inf.logits, c->full.inf.logits,
                        (size_t)c->cached.m->cfg.vocab_size, &step->max_logit_diff);
    return 0;
}

int cachecmp_run(CacheCompare *c, int chars, const SamplerSettings *set, uint64_t seed,
                 ContextPolicy policy, CompareTotals *totals, const CompareAt *at, TsErr *err)
{
    memset(totals, 0, sizeof *totals);
    totals->identical = 1;
    totals->logits_identical = 1;
    if (cachecmp_start(c, NULL, 0, PROMPT_POEM_START, NULL, set, seed, policy, err) != 0)
        return -1;
    for (int i = 0; i < chars; i++) {
        CompareStep st;
        if (cachecmp_step(c, &st, err) != 0)
            return -1;
        totals->cached_s += st.cached_s;
        totals->full_s += st.full_s;
        totals->cached_model_s += st.cached_model_s;
        totals->full_model_s += st.full_model_s;
        if (st.max_logit_diff > totals->max_logit_diff || st.max_logit_diff != st.max_logit_diff)
            totals->max_logit_diff = st.max_logit_diff;
        totals->identical &= st.token_cached == st.token_full;
        totals->logits_identical &= st.logits_identical;
        if (at && at->diff)
            at->diff[i] = st.max_logit_diff;
        if (at && at->cached_s)
            at->cached_s[i] = st.cached_s;
        if (at && at->full_s)
            at->full_s[i] = st.full_s;
    }
    return 0;
}
