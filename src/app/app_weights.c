/* app_weights.c - the bars from smaller weights: W and `set weights` switch
 * the explorer's model to its matrices rounded to bfloat16 or int8 (quant.h),
 * and the weights panel compares the result with float32: the bytes, a cached
 * step's time, the divergence of the distribution and the top 8's places. */
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "engine/ops.h"
#include "engine/quant.h"

/* The model in precision p: m itself for float32, else its rounded copy
 * (made now if need be), or NULL with err. */
const Model *app_weights_model(AppState *s, WeightPrec p, TsErr *err)
{
    if (p == WPREC_FP32)
        return s->text.m;
    if (s->text.wt.rounded[p])
        return s->text.wt.rounded[p];
    Model *r = ts_calloc(1, sizeof *r, err);
    if (!r)
        return NULL;
    /* a copy of m's float32 weights, rounded: model_init gives the shape */
    if (model_init(r, &s->text.m->cfg, &s->text.m->vocab, 1, err) != 0) {
        free(r);
        return NULL;
    }
    memcpy(r->params, s->text.m->params, s->text.m->n_params * sizeof(float));
    if (model_set_precision(r, p, err) != 0) {
        model_free(r);
        free(r);
        return NULL;
    }
    /* m keeps the float32 weights: this copy never goes back to them */
    free(r->orig);
    r->orig = NULL;
    s->text.wt.rounded[p] = r;
    return r;
}

/* The float32 pass for the comparison, made once. */
static int ensure_ref(AppState *s, TsErr *err)
{
    if (s->text.wt.have_ref)
        return 0;
    s->text.wt.ref_probs = ts_alloc_floats((size_t)s->text.m->cfg.vocab_size, err);
    if (!s->text.wt.ref_probs || infer_init(&s->text.wt.ref, s->text.m, err) != 0) {
        free(s->text.wt.ref_probs);
        s->text.wt.ref_probs = NULL;
        return -1;
    }
    s->text.wt.have_ref = 1;
    return 0;
}

/* A cached step's time in each precision: after a window of 64 characters,
 * 16 single steps, in rounds that visit the three in turn (so a busy moment
 * of the machine falls on all of them); the fastest step of each round is
 * kept for judging a claim (app_weights_speedup), the best of all rounds for
 * the panel. again keeps the best of this and the times measured before. */
static void time_steps(AppState *s, int again)
{
    enum { WINDOW = 64, STEPS = 16 };
    Infer *inf = &s->text.wt.ref;
    int T = s->text.m->cfg.context, V = s->text.m->cfg.vocab_size, tokens[WINDOW + STEPS];
    int n = WINDOW + STEPS <= T ? WINDOW + STEPS : T, w = n / 2;
    for (int i = 0; i < n; i++)
        tokens[i] = (i * 37 + 1) % V;
    if (s->text.wt.tick_s <= 0.0)
        s->text.wt.tick_s = timing_tick();
    memset(s->text.wt.round_s, 0, sizeof s->text.wt.round_s);
    for (int r = 0; r < APP_TIMING_ROUNDS; r++)
        for (int p = 0; p < WPREC_COUNT; p++) {
            TsErr err;
            const Model *m = app_weights_model(s, (WeightPrec)p, &err);
            if (!m)
                continue;
            inf->m = m;
            infer_reload(inf);
            infer_forward(inf, tokens, w);
            double best = 1e30;
            for (int i = w; i < n; i++) {
                double t0 = ts_now();
                infer_forward(inf, tokens + i, 1);
                double dt = ts_now() - t0;
                best = dt < best ? dt : best;
            }
            s->text.wt.round_s[p][r] = best < 1e30 ? best : 0.0;
        }
    for (int p = 0; p < WPREC_COUNT; p++) {
        if (!again)
            s->text.wt.step_s[p] = 0.0;
        for (int r = 0; r < APP_TIMING_ROUNDS; r++) {
            double t = s->text.wt.round_s[p][r];
            if (t > 0.0 && (s->text.wt.step_s[p] <= 0.0 || t < s->text.wt.step_s[p]))
                s->text.wt.step_s[p] = t;
        }
    }
    inf->m = s->text.m; /* the comparison's pass is float32's */
    infer_reload(inf);
}

int app_set_weights(AppState *s, WeightPrec p)
{
    TsErr err;
    app_job_stop(s);
    const Model *m = app_weights_model(s, p, &err);
    if (!m || ensure_ref(s, &err) != 0) {
        app_status(s, 1, "%s", err.msg);
        return -1;
    }
    if (s->text.wt.step_s[WPREC_FP32] == 0.0)
        time_steps(s, 0); /* once: the machine does not change, the text does not matter */
    s->text.weights = p;
    gen_set_model(&s->text.g, m);
    if (s->job.have_gens) { /* the comparison (b) writes with the same weights */
        gen_set_model(&s->job.compare.cached, m);
        gen_set_model(&s->job.compare.full, m);
    }
    return 0;
}

void app_weights_retime(AppState *s)
{
    if (s->text.wt.step_s[WPREC_FP32] > 0.0)
        time_steps(s, 1);
}

TimingJudgement app_weights_speedup(const AppState *s, TimingClaim claim, const void *ctx)
{
    return timing_judge(s->text.wt.round_s[WPREC_FP32], s->text.wt.round_s[s->text.weights],
                        APP_TIMING_ROUNDS, s->text.wt.tick_s, timing_sanitized(), claim, ctx);
}

void app_weights_compare(AppState *s)
{
    AppWeights *w = &s->text.wt;
    w->kl_bits = 0.0;
    w->n_top = 0;
    if (s->text.weights == WPREC_FP32 || !w->have_ref || !s->pred.model_ok)
        return;
    /* float32 reads the window the bars' model reads, in one pass */
    size_t start = gen_window_start(&s->text.g);
    int n = (int)(s->text.g.n - start), V = s->text.m->cfg.vocab_size;
    if (n < 1)
        return;
    infer_reset(&w->ref);
    const float *logits = infer_forward(&w->ref, s->text.g.text + start, n);
    if (infer_check_logits(&w->ref, NULL) != 0)
        return;
    softmax_row(w->ref_probs, logits, V);
    w->kl_bits = quant_kl_bits(s->pred.probs, w->ref_probs, V);
    for (int i = 0; i < APP_TOP && i < V; i++) {
        int id = s->pred.order[i], rank = 1;
        for (int j = 0; j < V; j++)
            rank += w->ref_probs[j] > w->ref_probs[id] || (w->ref_probs[j] == w->ref_probs[id] && j < id);
        w->top[i] = id;
        w->ref_rank[i] = rank;
        w->n_top++;
    }
}

void app_weights_free(AppWeights *wt)
{
    for (int p = 0; p < WPREC_COUNT; p++)
        if (wt->rounded[p]) {
            model_free(wt->rounded[p]);
            free(wt->rounded[p]);
        }
    if (wt->have_ref)
        infer_free(&wt->ref);
    free(wt->ref_probs);
    memset(wt, 0, sizeof *wt);
}
