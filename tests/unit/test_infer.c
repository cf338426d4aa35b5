/* test_infer.c - the inference paths: full pass, KV-cached step, sliding window.
 *
 * References: the Python fixture (tests/data/tiny-logits.txt, float64) and the
 * training forward pass (gpt.c, built on BLAS), which shares no code with the
 * inference kernels but the small per-row layers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "generate.h"
#include "gpt.h"
#include "infer.h"
#include "model.h"
#include "rng.h"

static float max_abs_diff(const float *a, const float *b, int n)
{
    float worst = 0.0f;
    for (int i = 0; i < n; i++) {
        float d = fabsf(a[i] - b[i]);
        if (d > worst || d != d)
            worst = d;
    }
    return worst;
}

/* A model of the given shape with random weights large enough to give peaked
 * distributions. */
static int random_model_shape(Model *m, int layers, int dims, int heads, int context, int V,
                              uint64_t seed)
{
    TsErr err;
    ModelConfig cfg = {.n_layer = layers, .n_embd = dims, .n_head = heads, .context = context,
                       .vocab_size = V};
    uint32_t *cps = malloc((size_t)V * sizeof *cps);
    cps[0] = '\n';
    for (int i = 1; i < V; i++)
        cps[i] = 0x4E00 + (uint32_t)i;
    Vocab v = {V, cps};
    int rc = model_init(m, &cfg, &v, seed, &err);
    free(cps);
    CHECK(rc == 0, "%s", err.msg);
    if (rc != 0)
        return -1;
    Rng r;
    rng_seed(&r, seed);
    for (size_t i = 0; i < m->cfg.vocab_size * (size_t)dims; i++)
        m->w.wte[i] = (float)rng_normal(&r) * 0.5f;
    return 0;
}

/* The default shape: 4 layers, 128 dimensions, 4 heads. */
static int random_model(Model *m, int context, int V, uint64_t seed)
{
    return random_model_shape(m, 4, 128, 4, context, V, seed);
}

static void test_linear_kernel(void)
{
    /* every shape the dispatcher distinguishes, against a double-precision sum */
    int shapes[][3] = {{1, 128, 384}, {1, 512, 128}, {1, 128, 7311}, {5, 128, 512},
                       {4, 512, 128}, {7, 33, 70},   {1, 3, 5}, {1, 16, 192}};
    Rng r;
    rng_seed(&r, 3);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int N = shapes[s][0], IC = shapes[s][1], OC = shapes[s][2];
        float *in = malloc((size_t)N * IC * 4), *wt = malloc((size_t)IC * OC * 4);
        float *bias = malloc((size_t)OC * 4), *out = malloc((size_t)N * OC * 4);
        float *want = malloc((size_t)N * OC * 4);
        for (int i = 0; i < N * IC; i++)
            in[i] = (float)rng_normal(&r);
        for (int i = 0; i < IC * OC; i++)
            wt[i] = (float)rng_normal(&r);
        for (int i = 0; i < OC; i++)
            bias[i] = (float)rng_normal(&r);
        /* wt is [OC, IC], as in the model file */
        for (int n = 0; n < N; n++)
            for (int o = 0; o < OC; o++) {
                double acc = bias[o];
                for (int k = 0; k < IC; k++)
                    acc += (double)in[n * IC + k] * wt[(size_t)o * IC + k];
                want[(size_t)n * OC + o] = (float)acc;
            }
        float *packed = malloc((size_t)IC * OC * 4);
        linear_pack(packed, wt, IC, OC);
        linear_t(out, in, packed, bias, N, IC, OC);
        char name[64];
        snprintf(name, sizeof name, "linear %dx%dx%d", N, IC, OC);
        check_close(out, want, (size_t)N * OC, name, 1e-3, 1e-4);
        /* a row computed alone equals the same row computed in a batch */
        if (N > 1) {
            linear_t(want, in + (size_t)(N - 1) * IC, packed, bias, 1, IC, OC);
            CHECK(memcmp(want, out + (size_t)(N - 1) * OC, (size_t)OC * 4) == 0,
                  "%s: a single row differs from the same row in a batch", name);
        }
        free(in), free(wt), free(bias), free(out), free(want), free(packed);
    }
}

static void test_fixture_logits(void)
{
    /* every prefix of every fixture prompt, through the cached path */
    TsErr err;
    Model m;
    if (model_load(&m, TEST_DATA("tiny.bin"), &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    Infer s;
    CHECK(infer_init(&s, &m, &err) == 0, "%s", err.msg);
    FILE *f = fopen(TEST_DATA("tiny-logits.txt"), "r");
    static char line[1 << 16];
    int V = m.cfg.vocab_size, checked = 0;
    int *ids = NULL;
    size_t n = 0;
    float *want = malloc((size_t)V * 4);
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "prompt ", 7) == 0) {
            char prompt[256];
            size_t len = strcspn(line + 7, "\n") / 2;
            for (size_t i = 0; i < len; i++) {
                unsigned v;
                sscanf(line + 7 + 2 * i, "%2x", &v);
                prompt[i] = (char)v;
            }
            free(ids);
            CHECK(vocab_encode(&m.vocab, prompt, len, "prompt", &ids, &n, &err) == 0, "%s",
                  err.msg);
            infer_reset(&s);
        } else if (strncmp(line, "pos ", 4) == 0) {
            char *p = line + 4;
            int pos = (int)strtol(p, &p, 10);
            for (int v = 0; v < V; v++)
                want[v] = strtof(p, &p);
            const float *got = infer_forward(&s, ids + pos, 1); /* cached step at pos */
            char name[48];
            snprintf(name, sizeof name, "cached logits at %d", pos);
            check_close(got, want, (size_t)V, name, 1e-4, 1e-4);
            checked++;
        }
    }
    CHECK(checked >= 10, "only %d positions checked", checked);
    if (f)
        fclose(f);
    free(want);
    free(ids);
    infer_free(&s);
    model_free(&m);
}

/* Cached steps, a full pass per position, and the training forward agree at
 * every position, sliding past the context. */
static void cached_vs_full(int context, int length)
{
    TsErr err;
    Model m;
    if (random_model(&m, context, 97, (uint64_t)context) != 0)
        return;
    int V = m.cfg.vocab_size;
    Generator cached, full;
    CHECK(gen_init(&cached, &m, 1, &err) == 0, "%s", err.msg);
    CHECK(gen_init(&full, &m, 0, &err) == 0, "%s", err.msg);
    int prompt[3] = {5, 17, 42};
    gen_start(&cached, prompt, 3, 1, &err);
    gen_start(&full, prompt, 3, 1, &err);
    GptActs acts;
    CHECK(gpt_acts_init(&acts, &m.cfg, 1, context, 0, &err) == 0, "%s", err.msg);
    Rng r;
    rng_seed(&r, 11);
    float worst_cache = 0.0f, worst_train = 0.0f;
    int checked = 0;
    for (int step = 0; step < length; step++) {
        const float *a = gen_logits(&cached, NULL); /* the cache steps through every position */
        /* the full pass is checked at every position of the first 40, around
         * the slide past the context, and every 23rd elsewhere (each check
         * recomputes the whole window) */
        int near_slide = abs((int)cached.n - context) <= 3;
        if (step >= 40 && !near_slide && step % 23 != 0 && step != length - 1) {
            int tok = 1 + (int)rng_below(&r, (uint64_t)(V - 1));
            gen_append(&cached, tok, &err);
            gen_append(&full, tok, &err);
            continue;
        }
        checked++;
        const float *b = gen_logits(&full, NULL);
        float d = max_abs_diff(a, b, V);
        worst_cache = d > worst_cache ? d : worst_cache;
        if (step % 7 == 0 || step == length - 1) {
            size_t start = full.n > (size_t)context ? full.n - (size_t)context : 0;
            int T = (int)(full.n - start);
            gpt_forward(&m, &acts, full.text + start, NULL, 1, T);
            d = max_abs_diff(a, acts.logits + (size_t)(T - 1) * V, V);
            worst_train = d > worst_train ? d : worst_train;
        }
        int tok = 1 + (int)rng_below(&r, (uint64_t)(V - 1));
        gen_append(&cached, tok, &err);
        gen_append(&full, tok, &err);
    }
    CHECK(worst_cache <= 1e-4f, "context %d: cached and full logits differ by %g", context,
          (double)worst_cache);
    CHECK(worst_train <= 1e-3f, "context %d: inference and training forward differ by %g", context,
          (double)worst_train);
    CHECK(cached.n > (size_t)context, "the text never slid past the context");
    CHECK(checked >= 50, "only %d positions compared", checked);
    gpt_acts_free(&acts);
    gen_free(&cached);
    gen_free(&full);
    model_free(&m);
}

/* The full pass shares its rows out among the threads; the logits are the
 * same to the bit on any thread count, also with more threads than rows.
 * Heads of 32 dimensions take the vector path of attention, heads of 8 the
 * generic one (with its scratch per position and head). */
static void threads_same_logits(int dims, int heads)
{
    TsErr err;
    Model m;
    if (random_model_shape(&m, 2, dims, heads, 128, 97, 5) != 0)
        return;
    int V = m.cfg.vocab_size, saved = ts_threads();
    Infer inf;
    CHECK(infer_init(&inf, &m, &err) == 0, "%s", err.msg);
    float *want = malloc((size_t)V * sizeof *want), *next = malloc((size_t)V * sizeof *next);
    int tokens[128];
    Rng r;
    rng_seed(&r, 3);
    for (int i = 0; i < 128; i++)
        tokens[i] = (int)rng_below(&r, (uint64_t)V);
    const int lengths[] = {8, 9, 13, 64, 127, 128}, threads[] = {2, 3, 16};
    for (size_t li = 0; want && next && li < sizeof lengths / sizeof lengths[0]; li++) {
        ts_set_threads(1);
        infer_reset(&inf);
        memcpy(want, infer_forward(&inf, tokens, lengths[li]), (size_t)V * sizeof *want);
        for (size_t ti = 0; ti < sizeof threads / sizeof threads[0]; ti++) {
            ts_set_threads(threads[ti]);
            infer_reset(&inf);
            const float *got = infer_forward(&inf, tokens, lengths[li]);
            CHECK(memcmp(got, want, (size_t)V * sizeof *want) == 0,
                  "%d rows on %d threads: logits differ from one thread by %g", lengths[li],
                  threads[ti], (double)max_abs_diff(got, want, V));
            /* and the cache they left behind serves the next step alike */
            if (lengths[li] < 128) {
                const float *step = infer_forward(&inf, tokens + lengths[li], 1);
                memcpy(next, step, (size_t)V * sizeof *next);
                infer_reset(&inf);
                ts_set_threads(1);
                infer_forward(&inf, tokens, lengths[li] + 1);
                CHECK(memcmp(next, inf.logits, (size_t)V * sizeof *next) == 0,
                      "a cached step after %d rows on %d threads differs", lengths[li],
                      threads[ti]);
            }
        }
    }
    ts_set_threads(saved);
    free(want);
    free(next);
    infer_free(&inf);
    model_free(&m);
}

static void test_threads_same_logits(void)
{
    threads_same_logits(128, 4);
    threads_same_logits(24, 3);
}

static void test_cached_equals_full_128(void) { cached_vs_full(128, 300); }
static void test_cached_equals_full_512(void) { cached_vs_full(512, 530); }

static void test_take_back(void)
{
    TsErr err;
    Model m;
    if (random_model(&m, 32, 50, 9) != 0)
        return;
    Generator g, fresh;
    gen_init(&g, &m, 1, &err);
    gen_init(&fresh, &m, 1, &err);
    int text[40];
    for (int i = 0; i < 40; i++)
        text[i] = 1 + (i * 7) % 49;
    gen_start(&g, text, 20, 1, &err);
    gen_logits(&g, NULL);
    for (int i = 20; i < 40; i++) { /* grow past the context of 32, then take back */
        gen_append(&g, text[i], &err);
        gen_logits(&g, NULL);
    }
    for (int back = 0; back < 15; back++) {
        gen_pop(&g);
        size_t len = g.n - 1;
        gen_start(&fresh, text, len, 1, &err);
        float d = max_abs_diff(gen_logits(&g, NULL), gen_logits(&fresh, NULL), 50);
        CHECK(d == 0.0f, "after taking back %d characters the logits differ by %g", back + 1,
              (double)d);
    }
    CHECK(g.n == 26, "text length %zu after 15 take-backs", g.n);
    CHECK(gen_pop(&fresh) >= 0, "pop");
    gen_start(&fresh, NULL, 0, 1, &err);
    CHECK(gen_pop(&fresh) == -1, "the starting newline cannot be taken back");
    gen_free(&g);
    gen_free(&fresh);
    model_free(&m);
}

/* The text a Generator holds is the prompt-start rule applied to its
 * characters, however they came: a newline first at the start of a poem; none
 * for a fragment, unless the text is empty. Token 0 is the newline. */
static int text_is(const Generator *g, const int *want, size_t n, size_t prefix)
{
    return g->n == n && g->prefix == prefix && memcmp(g->text, want, n * sizeof(int)) == 0;
}

static void test_prompt_start_rule(void)
{
    TsErr err;
    Model m;
    if (random_model(&m, 16, 30, 4) != 0)
        return;
    Generator g, fresh;
    gen_init(&g, &m, 1, &err);
    gen_init(&fresh, &m, 0, &err);
    int prompt[2] = {7, 9};
    CHECK(gen_start(&g, prompt, 2, PROMPT_POEM_START, &err) == 0, "%s", err.msg);
    CHECK(text_is(&g, (int[]){0, 7, 9}, 3, 1), "poem start: a newline, then the prompt");
    CHECK(gen_start(&g, prompt, 2, PROMPT_MID_TEXT, &err) == 0, "%s", err.msg);
    CHECK(text_is(&g, (int[]){7, 9}, 2, 0), "mid-text: the prompt alone");
    gen_start(&g, NULL, 0, PROMPT_MID_TEXT, &err);
    CHECK(text_is(&g, (int[]){0}, 1, 1), "mid-text, empty: a newline");
    gen_logits(&g, NULL);
    /* the first character of an empty fragment takes the newline's place,
     * and the logits are those of a fresh pass over it alone */
    gen_append(&g, 5, &err);
    CHECK(text_is(&g, (int[]){5}, 1, 0), "mid-text: the newline gave way to the first character");
    gen_start(&fresh, (int[]){5}, 1, PROMPT_MID_TEXT, &err);
    CHECK(memcmp(gen_logits(&g, NULL), gen_logits(&fresh, NULL), 30 * sizeof(float)) == 0,
          "the cache started again from the first character");
    gen_append(&g, 6, &err);
    CHECK(text_is(&g, (int[]){5, 6}, 2, 0), "then characters are appended");
    CHECK(gen_pop(&g) == 6 && gen_pop(&g) == 5, "taken back in turn");
    CHECK(text_is(&g, (int[]){0}, 1, 1), "the last one taken back: the empty text again");
    gen_start(&fresh, NULL, 0, PROMPT_POEM_START, &err);
    CHECK(memcmp(gen_logits(&g, NULL), gen_logits(&fresh, NULL), 30 * sizeof(float)) == 0,
          "an empty fragment reads as an empty poem");
    CHECK(gen_pop(&g) == -1, "nothing more to take back");
    /* at the start of a poem the newline stays */
    gen_start(&g, NULL, 0, PROMPT_POEM_START, &err);
    gen_append(&g, 5, &err);
    CHECK(text_is(&g, (int[]){0, 5}, 2, 1), "poem start: the newline stays");
    CHECK(gen_pop(&g) == 5 && gen_pop(&g) == -1 && text_is(&g, (int[]){0}, 1, 1),
          "back to the newline, which stays");
    gen_free(&g);
    gen_free(&fresh);
    model_free(&m);
}

static void test_same_text_with_and_without_cache(void)
{
    TsErr err;
    Model m;
    if (random_model(&m, 64, 60, 5) != 0)
        return;
    SamplerSettings set = sampler_defaults();
    set.temperature = 0.9f;
    char *texts[2];
    for (int c = 0; c < 2; c++) {
        Generator g;
        gen_init(&g, &m, c, &err);
        gen_start(&g, NULL, 0, 1, &err);
        Rng r;
        rng_seed(&r, 1234);
        for (int i = 0; i < 150; i++) /* past the context: the window slides */
            CHECK(gen_sample(&g, &set, NULL, &r, &err) >= 0, "%s", err.msg);
        texts[c] = gen_text_utf8(&g, 1);
        gen_free(&g);
    }
    CHECK(strcmp(texts[0], texts[1]) == 0, "the cache changed the text");
    CHECK(strlen(texts[0]) >= 150, "text too short");
    free(texts[0]);
    free(texts[1]);
    model_free(&m);
}

static void test_cache_size(void)
{
    ModelConfig cfg = {.n_layer = 4, .n_embd = 128, .n_head = 4, .context = 128, .vocab_size = 10};
    CHECK(infer_cache_bytes_per_char(&cfg) == 4096, "default model: %zu bytes per character",
          infer_cache_bytes_per_char(&cfg));
}

int main(void)
{
    RUN(test_linear_kernel);
    RUN(test_fixture_logits);
    RUN(test_threads_same_logits);
    RUN(test_cached_equals_full_128);
    RUN(test_cached_equals_full_512);
    RUN(test_take_back);
    RUN(test_prompt_start_rule);
    RUN(test_same_text_with_and_without_cache);
    RUN(test_cache_size);
    return test_summary();
}
