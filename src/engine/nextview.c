/* nextview.c - the next character, as every view of it shows it (see nextview.h). */
#include "engine/nextview.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int nextview_init(NextView *v, const Model *m, SamplerState *ss, TsErr *err)
{
    memset(v, 0, sizeof *v);
    v->V = m->cfg.vocab_size;
    v->ctx = m->cfg.context;
    v->ss = ss;
    v->probs = ts_calloc((size_t)v->V, sizeof *v->probs, err);
    v->order = ts_calloc((size_t)v->V, sizeof *v->order, err);
    v->allowed = ts_calloc((size_t)v->V, sizeof *v->allowed, err);
    v->context = ts_calloc((size_t)v->ctx + 1, sizeof *v->context, err);
    if (!v->probs || !v->order || !v->allowed || !v->context) {
        nextview_free(v);
        return -1;
    }
    return 0;
}

void nextview_free(NextView *v)
{
    free(v->probs);
    free(v->order);
    free(v->allowed);
    free(v->context);
    memset(v, 0, sizeof *v);
}

double nextview_entropy(const float *p, int V)
{
    double h = 0.0;
    for (int i = 0; i < V; i++)
        if (p[i] > 0.0f)
            h -= (double)p[i] * log((double)p[i]);
    return h;
}

NextCandidate nextview_candidate(const NextView *v, int id)
{
    NextCandidate c = {.id = id, .p = v->probs[id], .blocked = !v->allowed[id]};
    if (v->sampler_ok) {
        c.p_sampler = v->ss->final[id];
        for (int st = 0; st < STAGE_COUNT; st++)
            c.stage[st] = sampler_stage_prob(v->ss, &v->stages, (SamplerStage)st, id);
    }
    return c;
}

void nextview_sort(NextView *v, int n)
{
    n = n < v->V ? n : v->V;
    if (n > v->n_sorted) {
        sampler_sort_prefix(v->order, v->probs, v->V, n);
        v->n_sorted = n;
    }
}

void nextview_count(NextView *v, const Generator *g, const Corpus *corpus)
{
    v->suffix_start = v->suffix_len = v->suffix_total = 0;
    for (int k = 0; k < v->n_top; k++)
        v->top[k].corpus_count = 0;
    if (!corpus)
        return;
    /* the window as code points; the candidate goes in the slot after it */
    size_t start = gen_window_start(g), n = g->n - start;
    for (size_t i = 0; i < n; i++)
        v->context[i] = vocab_cp(&g->m->vocab, g->text[start + i]);
    size_t len = 0;
    v->suffix_total = corpus_longest_suffix(corpus, v->context, n, &len);
    v->suffix_len = len;
    v->suffix_start = start + n - len;
    for (int k = 0; k < v->n_top; k++) {
        v->context[n] = vocab_cp(&g->m->vocab, v->top[k].id);
        v->top[k].corpus_count = corpus_count(corpus, v->context + n - len, len + 1);
    }
}

/* The model's scores are not numbers: no prediction, only the form's mask. */
static void view_nothing(NextView *v)
{
    v->model_ok = 0;
    memset(v->probs, 0, (size_t)v->V * sizeof *v->probs);
    v->n_sorted = 0;
    v->entropy = 0.0;
    v->blocked = 0.0;
    v->sampler_ok = 0;
    v->stages = (SamplerStages){0};
    v->n_top = 0;
    v->suffix_start = v->suffix_len = v->suffix_total = 0;
}

int nextview_compute(NextView *v, Generator *g, const SamplerSettings *set, const Form *form,
                     const Corpus *corpus, TsErr *err)
{
    int V = v->V;
    long rows = g->forward_rows;
    double t0 = ts_now();
    const float *logits = gen_logits(g, err);
    v->model_rows = g->forward_rows - rows;
    v->model_ms = v->model_rows ? 1000.0 * (ts_now() - t0) : 0.0;
    if (form) {
        TsErr hook_err; /* a failed hook leaves no mask: the sampler then says so */
        v->n_allowed = gen_form_mask(g, form, v->allowed, &hook_err);
        if (v->n_allowed < 0) {
            memset(v->allowed, 0, (size_t)V);
            v->n_allowed = 0;
        }
    } else {
        memset(v->allowed, 1, (size_t)V);
        v->n_allowed = V;
    }
    if (!logits) {
        view_nothing(v);
        return -1;
    }
    v->model_ok = 1;
    sampler_softmax(v->probs, logits, V);
    v->n_sorted = 0;
    v->n_top = V < NEXTVIEW_TOP ? V : NEXTVIEW_TOP;
    nextview_sort(v, v->n_top); /* only the top is shown: sort just that far */
    v->entropy = nextview_entropy(v->probs, V);
    v->blocked = 0.0;
    if (form && form->kind != FORM_FREE)
        for (int i = 0; i < V; i++)
            v->blocked += v->allowed[i] ? 0.0 : (double)v->probs[i];
    /* the penalty looks at the window, as gen_sample's does; a free form masks nothing */
    size_t n_recent;
    const int *recent = gen_recent(g, &n_recent);
    const uint8_t *mask = form && form->kind != FORM_FREE ? v->allowed : NULL;
    TsErr left; /* "nothing left" is part of the view (sampler_ok), not a failure */
    v->sampler_ok = sampler_run(v->ss, set, logits, recent, n_recent, mask, 0.0f, &left) >= 0;
    if (v->sampler_ok)
        sampler_stages(v->ss, logits, &v->stages);
    else
        v->stages = (SamplerStages){0};
    for (int k = 0; k < v->n_top; k++)
        v->top[k] = nextview_candidate(v, v->order[k]);
    nextview_count(v, g, corpus);
    return 0;
}
