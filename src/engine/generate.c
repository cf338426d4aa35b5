/* generate.c - the text so far, the window over it, and the sampling loop. */
#include "engine/generate.h"

#include <stdlib.h>
#include <string.h>

SamplerSettings gen_default_settings(void)
{
    SamplerSettings s = sampler_defaults();
    s.temperature = 0.8f;
    return s;
}

int gen_init(Generator *g, const Model *m, int use_cache, TsErr *err)
{
    memset(g, 0, sizeof *g);
    g->m = m;
    g->use_cache = use_cache;
    g->cap = 256;
    g->text = ts_calloc(g->cap, sizeof(int), err);
    if (!g->text)
        return -1;
    if (infer_init(&g->inf, m, err) != 0 || sampler_init(&g->ss, m->cfg.vocab_size, err) != 0) {
        gen_free(g);
        return -1;
    }
    sampler_exempt_punctuation(&g->ss, &m->vocab);
    g->policy = CONTEXT_SHIFT;
    return 0;
}

void gen_free(Generator *g)
{
    free(g->text);
    infer_free(&g->inf);
    sampler_free(&g->ss);
    memset(g, 0, sizeof *g);
}

static int reserve(Generator *g, size_t n, TsErr *err)
{
    if (n <= g->cap)
        return 0;
    size_t cap = g->cap * 2 > n ? g->cap * 2 : n;
    int *bigger = realloc(g->text, cap * sizeof(int));
    if (!bigger)
        return ts_fail(err, "out of memory (text of %zu characters)", n);
    g->text = bigger;
    g->cap = cap;
    return 0;
}

/* The rule's newline: before a poem's start, and as the empty text. */
static size_t prompt_prefix(PromptStart where, size_t n)
{
    return where == PROMPT_POEM_START || n == 0 ? 1 : 0;
}

/* The cache no longer matches the text's start: the next prediction reads it
 * all again. */
static void restart_cache(Generator *g)
{
    infer_reset(&g->inf);
    g->cache_start = 0;
    g->have_logits = 0;
}

int gen_start_token(const Model *m)
{
    int newline = vocab_id(&m->vocab, '\n');
    return newline >= 0 ? newline : 0;
}

int gen_start(Generator *g, const int *prompt, size_t n, PromptStart where, TsErr *err)
{
    size_t prefix = prompt_prefix(where, n);
    if (where == PROMPT_POEM_START && vocab_id(&g->m->vocab, '\n') < 0)
        return ts_fail(err, "the model's vocabulary has no newline, so it cannot start a poem");
    if (reserve(g, n + prefix, err) != 0)
        return -1;
    if (prefix)
        g->text[0] = gen_start_token(g->m);
    if (n)
        memcpy(g->text + prefix, prompt, n * sizeof(int));
    g->n = n + prefix;
    g->prefix = prefix;
    g->where = where;
    restart_cache(g);
    return 0;
}

void gen_reload(Generator *g)
{
    infer_reload(&g->inf);
    g->cache_start = 0;
    g->have_logits = 0;
}

void gen_set_model(Generator *g, const Model *m)
{
    g->m = m;
    g->inf.m = m;
    gen_reload(g);
}

void gen_set_cache(Generator *g, int use_cache)
{
    g->use_cache = use_cache;
    restart_cache(g);
}

void gen_set_policy(Generator *g, ContextPolicy policy)
{
    g->policy = policy;
    restart_cache(g);
}

int gen_policy_parse(const char *name, ContextPolicy *policy)
{
    if (strcmp(name, "shift") == 0)
        *policy = CONTEXT_SHIFT;
    else if (strcmp(name, "slide") == 0)
        *policy = CONTEXT_SLIDE;
    else
        return -1;
    return 0;
}

const char *gen_policy_name(ContextPolicy policy)
{
    return policy == CONTEXT_SLIDE ? "slide" : "shift";
}

/* Under CONTEXT_SHIFT a shift keeps this many characters: the newest half. */
static size_t shift_keep(size_t ctx) { return ctx / 2 > 0 ? ctx / 2 : 1; }

/* Where the window over a text of n characters starts (generate.h gives the
 * formula): shifts happen every `step` characters once the text passes ctx. */
static size_t window_start(ContextPolicy policy, size_t ctx, size_t n)
{
    if (n <= ctx)
        return 0;
    if (policy == CONTEXT_SLIDE)
        return n - ctx;
    size_t step = ctx + 1 - shift_keep(ctx);
    return (n - ctx + step - 1) / step * step;
}

size_t gen_window_start(const Generator *g)
{
    return window_start(g->policy, (size_t)g->inf.ctx, g->n);
}

size_t gen_shift_count(const Generator *g)
{
    if (g->policy != CONTEXT_SHIFT)
        return 0;
    size_t ctx = (size_t)g->inf.ctx;
    return window_start(CONTEXT_SHIFT, ctx, g->n) / (ctx + 1 - shift_keep(ctx));
}

GenShift gen_shift(const Generator *g, size_t i)
{
    /* shift i moves the window to (i + 1) steps, when the text first outgrows
     * the window before it, which starts i steps in */
    size_t ctx = (size_t)g->inf.ctx, step = ctx + 1 - shift_keep(ctx);
    GenShift sh = {.at = i * step + ctx + 1, .start = (i + 1) * step};
    return sh;
}

const float *gen_logits(Generator *g, TsErr *err)
{
    if (g->have_logits)
        return g->inf.logits;
    size_t start = gen_window_start(g); /* the window is text[start .. n) */
    if (!g->use_cache || start != g->cache_start) {
        /* full pass over the window (every step without the cache; with it,
         * after the window moved) */
        infer_reset(&g->inf);
        g->cache_start = start;
    }
    size_t have = g->cache_start + (size_t)g->inf.len; /* text[.. have) is cached */
    if (have == g->n) {
        /* the cache already covers the text (after a take-back): step the
         * last character again to get its logits */
        infer_truncate(&g->inf, g->inf.len - 1);
        have--;
    }
    double t0 = ts_now();
    infer_forward(&g->inf, g->text + have, (int)(g->n - have));
    g->model_s += ts_now() - t0;
    g->forward_rows += (long)(g->n - have);
    g->last_rows = (int)(g->n - have);
    if (infer_check_logits(&g->inf, err) != 0)
        return NULL; /* have_logits stays 0: the next call computes them again */
    g->have_logits = 1;
    return g->inf.logits;
}

double gen_repeat_pass(Generator *g)
{
    if (!g->have_logits || g->last_rows <= 0 || g->last_rows > g->inf.len)
        return -1.0;
    /* the pass read text[n - last_rows .. n) after inf.len - last_rows cached positions */
    infer_truncate(&g->inf, g->inf.len - g->last_rows);
    double t0 = ts_now();
    infer_forward(&g->inf, g->text + g->n - g->last_rows, g->last_rows);
    return ts_now() - t0;
}

int gen_append(Generator *g, int token, TsErr *err)
{
    if (token < 0 || token >= g->m->cfg.vocab_size)
        return ts_fail(err, "token %d is outside the vocabulary", token);
    if (g->where == PROMPT_MID_TEXT && g->prefix && g->n == 1) {
        /* a fragment has nothing before it: the empty text's newline goes */
        g->text[0] = token;
        g->prefix = 0;
        restart_cache(g);
        return 0;
    }
    if (reserve(g, g->n + 1, err) != 0)
        return -1;
    g->text[g->n++] = token;
    g->have_logits = 0;
    return 0;
}

int gen_pop(Generator *g)
{
    if (g->n == 0 || (g->n == 1 && g->prefix))
        return -1; /* the empty text */
    int token = g->text[g->n - 1];
    if (g->n == 1) {
        /* a fragment's last character: back to the empty text, its start character */
        g->text[0] = gen_start_token(g->m);
        g->prefix = 1;
        restart_cache(g);
        return token;
    }
    g->n--;
    /* the cache rolls back: positions past the text are forgotten */
    size_t cached_end = g->cache_start + (size_t)g->inf.len;
    if (cached_end > g->n)
        infer_truncate(&g->inf, g->n > g->cache_start ? (int)(g->n - g->cache_start) : 0);
    g->have_logits = 0;
    return token;
}

const int *gen_recent(const Generator *g, size_t *n)
{
    /* the repetition penalty looks at the window the model sees */
    size_t start = gen_window_start(g);
    *n = g->n - start;
    return g->text + start;
}

int gen_form_mask(const Generator *g, const Form *form, uint8_t *allowed, TsErr *err)
{
    int n = form_allowed(form, &g->m->vocab, allowed);
    if (g->mask_hook && form->kind != FORM_FREE) {
        if (g->mask_hook(g->mask_ctx, form, g, allowed, err) != 0)
            return -1;
        n = 0;
        for (int i = 0; i < g->m->cfg.vocab_size; i++)
            n += allowed[i] != 0;
    }
    if (n == 0)
        ts_fail(err, "the verse form allows no character here");
    return n;
}

int gen_sample(Generator *g, const SamplerSettings *set, Form *form, Rng *rng, TsErr *err)
{
    const float *logits = gen_logits(g, err);
    if (!logits)
        return -1;
    uint8_t *allowed = NULL;
    if (form && form->kind != FORM_FREE) {
        allowed = malloc((size_t)g->m->cfg.vocab_size);
        if (!allowed)
            return ts_fail(err, "out of memory");
        if (gen_form_mask(g, form, allowed, err) <= 0) {
            free(allowed);
            return -1;
        }
    }
    float coin = rng_float(rng);
    g->coin = coin;
    size_t n_recent;
    const int *recent = gen_recent(g, &n_recent);
    double t0 = ts_now();
    int tok = sampler_run(&g->ss, set, logits, recent, n_recent, allowed, coin, err);
    g->sampler_s += ts_now() - t0;
    free(allowed);
    if (tok < 0)
        return -1;
    if (gen_append(g, tok, err) != 0)
        return -1;
    if (form)
        form_advance(form, &g->m->vocab, tok);
    return tok;
}

int gen_poem(Generator *g, const SamplerSettings *set, Form *form, Rng *rng, int max_chars,
             TsErr *err)
{
    return gen_poem_steps(g, set, form, rng, max_chars, NULL, NULL, err);
}

int gen_poem_steps(Generator *g, const SamplerSettings *set, Form *form, Rng *rng, int max_chars,
                   GenStepFn step, void *ctx, TsErr *err)
{
    int newline = vocab_id(&g->m->vocab, '\n');
    for (int i = 0; i < max_chars; i++) {
        if (step) { /* the model's own distribution, before the sampler reshapes it */
            const float *logits = gen_logits(g, err);
            if (!logits)
                return -1;
            sampler_softmax(g->ss.model, logits, g->m->cfg.vocab_size);
        }
        int tok = gen_sample(g, set, form, rng, err);
        if (tok < 0)
            return -1;
        if (step && step(ctx, g, tok, err) != 0)
            return -1;
        if (tok == newline)
            return i;
    }
    return max_chars;
}

char *gen_text_utf8(const Generator *g, size_t from)
{
    size_t n = g->n > from ? g->n - from : 0;
    char *out = malloc(4 * n + 1);
    if (!out)
        return NULL;
    size_t len = 0;
    for (size_t i = from; i < g->n; i++) {
        uint32_t cp = vocab_cp(&g->m->vocab, g->text[i]);
        len += (size_t)utf8_encode(vocab_written_cp(cp), out + len);
    }
    out[len] = 0;
    return out;
}

/* ---- snapshots ---- */

/* The sizes of Infer's buffers that a snapshot keeps (infer_init's). */
static void snapshot_sizes(const Generator *g, size_t *k, size_t *v, size_t *att, size_t *V)
{
    const ModelConfig *c = &g->m->cfg;
    size_t L = (size_t)c->n_layer, C = (size_t)c->n_embd, T = (size_t)c->context;
    *k = L * C * (size_t)g->inf.ctx_pad;
    *v = L * T * C;
    *att = L * (size_t)c->n_head * T;
    *V = (size_t)c->vocab_size;
}

int gen_snapshot_take(const Generator *g, GenSnapshot *snap, TsErr *err)
{
    size_t k, v, att, V;
    snapshot_sizes(g, &k, &v, &att, &V);
    gen_snapshot_free(snap);
    snap->text = ts_calloc(g->n ? g->n : 1, sizeof(int), err);
    snap->k_cache = ts_alloc_floats(k, err);
    snap->v_cache = snap->k_cache ? ts_alloc_floats(v, err) : NULL;
    snap->att_last = snap->v_cache ? ts_alloc_floats(att, err) : NULL;
    snap->logits = snap->att_last ? ts_alloc_floats(V, err) : NULL;
    if (!snap->text || !snap->logits) {
        gen_snapshot_free(snap);
        return -1;
    }
    memcpy(snap->text, g->text, g->n * sizeof(int));
    memcpy(snap->k_cache, g->inf.k_cache, k * sizeof(float));
    memcpy(snap->v_cache, g->inf.v_cache, v * sizeof(float));
    memcpy(snap->att_last, g->inf.att_last, att * sizeof(float));
    memcpy(snap->logits, g->inf.logits, V * sizeof(float));
    snap->n = g->n;
    snap->prefix = g->prefix;
    snap->cache_start = g->cache_start;
    snap->where = g->where;
    snap->use_cache = g->use_cache;
    snap->have_logits = g->have_logits;
    snap->last_rows = g->last_rows;
    snap->policy = g->policy;
    snap->forward_rows = g->forward_rows;
    snap->model_s = g->model_s;
    snap->sampler_s = g->sampler_s;
    snap->coin = g->coin;
    snap->cache_len = g->inf.len;
    return 0;
}

int gen_snapshot_restore(Generator *g, const GenSnapshot *snap, TsErr *err)
{
    size_t k, v, att, V;
    snapshot_sizes(g, &k, &v, &att, &V);
    if (reserve(g, snap->n, err) != 0)
        return -1;
    memcpy(g->text, snap->text, snap->n * sizeof(int));
    memcpy(g->inf.k_cache, snap->k_cache, k * sizeof(float));
    memcpy(g->inf.v_cache, snap->v_cache, v * sizeof(float));
    memcpy(g->inf.att_last, snap->att_last, att * sizeof(float));
    memcpy(g->inf.logits, snap->logits, V * sizeof(float));
    g->n = snap->n;
    g->prefix = snap->prefix;
    g->cache_start = snap->cache_start;
    g->where = snap->where;
    g->use_cache = snap->use_cache;
    g->have_logits = snap->have_logits;
    g->last_rows = snap->last_rows;
    g->policy = snap->policy;
    g->forward_rows = snap->forward_rows;
    g->model_s = snap->model_s;
    g->sampler_s = snap->sampler_s;
    g->coin = snap->coin;
    g->inf.len = snap->cache_len;
    return 0;
}

void gen_snapshot_free(GenSnapshot *snap)
{
    free(snap->text);
    free(snap->k_cache);
    free(snap->v_cache);
    free(snap->att_last);
    free(snap->logits);
    memset(snap, 0, sizeof *snap);
}
