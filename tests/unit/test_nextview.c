/* test_nextview.c - the next-character view (nextview.h) against numbers
 * computed another way.
 *
 * The model is tests/data/tiny.bin (24 characters, context 16), the training
 * text tests/data/tiny-corpus.txt. The references: the model's own pass
 * (infer.h) on the tokens the text must give it, turned into probabilities,
 * entropies and filtered distributions here in double precision; the order by
 * a plain selection; the training text's counts by a substring search over
 * its UTF-8 bytes instead of the suffix array.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "testutil.h"
#include "engine/corpus.h"
#include "engine/fileio.h"
#include "engine/form.h"
#include "engine/generate.h"
#include "engine/infer.h"
#include "engine/nextview.h"

static TestFixtures fx;
static int V;

static void load_fixtures(void)
{
    testutil_fixtures(&fx);
    V = fx.model.cfg.vocab_size;
}

/* Occurrences of needle in the corpus text, counted without the suffix array. */
static size_t naive_count(const char *needle) { return testutil_count(fx.text, needle); }

static int id_of(const char *ch)
{
    size_t pos = 0;
    uint32_t cp = 0;
    utf8_decode(ch, strlen(ch), &pos, &cp);
    return vocab_id(&fx.model.vocab, cp);
}

/* The ids of a UTF-8 text; returns how many. */
static size_t ids_of(const char *utf8, int *ids, size_t max)
{
    size_t pos = 0, n = 0, len = strlen(utf8);
    uint32_t cp;
    while (n < max && pos < len && utf8_decode(utf8, len, &pos, &cp) == 0)
        ids[n++] = vocab_id(&fx.model.vocab, cp);
    return n;
}

/* A Generator holding text, read at the start of a poem or inside a text,
 * and a view over its sampler. */
typedef struct {
    Generator g;
    NextView v;
} Fixture;

static void open_text(Fixture *f, const char *text, PromptStart where, ContextPolicy policy)
{
    TsErr err;
    int ids[256];
    size_t n = ids_of(text, ids, 256);
    if (gen_init(&f->g, &fx.model, 1, &err) != 0 ||
        nextview_init(&f->v, &fx.model, &f->g.ss, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        exit(2);
    }
    gen_set_policy(&f->g, policy);
    if (gen_start(&f->g, ids, n, where, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        exit(2);
    }
}

/* open_text, then the view with these settings, form and training text. */
static void view_text(Fixture *f, const char *text, PromptStart where, ContextPolicy policy,
                      const SamplerSettings *set, const Form *form, const Corpus *c)
{
    TsErr err;
    open_text(f, text, where, policy);
    CHECK(nextview_compute(&f->v, &f->g, set, form, c, &err) == 0, "%s: %s", text, err.msg);
}

static void close_text(Fixture *f)
{
    nextview_free(&f->v);
    gen_free(&f->g);
}

/* The model's logits after tokens[0..n), from a pass of its own. */
static void logits_of(const int *tokens, int n, double *out)
{
    Infer inf;
    TsErr err;
    if (infer_init(&inf, &fx.model, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        exit(2);
    }
    const float *lg = infer_forward(&inf, tokens, n);
    for (int i = 0; i < V; i++)
        out[i] = lg[i];
    infer_free(&inf);
}

/* softmax in double */
static void softmax_d(const double *x, double *p)
{
    double mx = -INFINITY, sum = 0.0;
    for (int i = 0; i < V; i++)
        mx = x[i] > mx ? x[i] : mx;
    for (int i = 0; i < V; i++)
        sum += p[i] = isinf(x[i]) && x[i] < 0 ? 0.0 : exp(x[i] - mx);
    for (int i = 0; i < V; i++)
        p[i] /= sum;
}

static double entropy_d(const double *p)
{
    double h = 0.0;
    for (int i = 0; i < V; i++)
        if (p[i] > 0.0)
            h -= p[i] * log(p[i]);
    return h;
}

/* The ids by p, descending, ties by the smaller id: a selection, one at a time. */
static void order_d(const float *p, int *order)
{
    char *taken = calloc((size_t)V, 1);
    for (int k = 0; k < V; k++) {
        int best = -1;
        for (int i = 0; i < V; i++)
            if (!taken[i] && (best < 0 || p[i] > p[best]))
                best = i;
        order[k] = best;
        taken[best] = 1;
    }
    free(taken);
}

/* ---- the model's distribution ---- */

/* probs, entropy and the order, for both readings of a prompt: the model's
 * own pass on newline + prompt or on the prompt alone. */
static void test_model_distribution(void)
{
    const char *prompts[] = {"春风", "明月千里", "江天一夜秋，"};
    double *lg = malloc((size_t)V * sizeof *lg), *p = malloc((size_t)V * sizeof *p);
    int *order = malloc((size_t)V * sizeof *order);
    for (size_t t = 0; t < sizeof prompts / sizeof prompts[0]; t++) {
        for (int poem = 0; poem < 2; poem++) {
            Fixture f;
            SamplerSettings set = sampler_defaults();
            view_text(&f, prompts[t], poem ? PROMPT_POEM_START : PROMPT_MID_TEXT, CONTEXT_SHIFT,
                      &set, NULL, NULL);
            int tokens[32];
            int n = 0;
            if (poem)
                tokens[n++] = id_of("\n");
            n += (int)ids_of(prompts[t], tokens + n, 31);
            logits_of(tokens, n, lg);
            softmax_d(lg, p);
            double worst = 0.0, sum = 0.0;
            for (int i = 0; i < V; i++) {
                worst = fmax(worst, fabs((double)f.v.probs[i] - p[i]));
                sum += f.v.probs[i];
            }
            CHECK(worst < 1e-6, "%s (poem %d): probs differ from softmax by %g", prompts[t], poem,
                  worst);
            CHECK(fabs(sum - 1.0) < 1e-5, "probs sum to %.8f", sum);
            CHECK(fabs(f.v.entropy - entropy_d(p)) < 1e-5, "%s: entropy %.8f, want %.8f",
                  prompts[t], f.v.entropy, entropy_d(p));
            CHECK(f.v.model_ok && f.v.n_top == NEXTVIEW_TOP, "model_ok %d, n_top %d", f.v.model_ok,
                  f.v.n_top);
            order_d(f.v.probs, order);
            for (int k = 0; k < f.v.n_top; k++) {
                CHECK(f.v.order[k] == order[k] && f.v.top[k].id == order[k],
                      "%s: rank %d is %d (top %d), want %d", prompts[t], k + 1, f.v.order[k],
                      f.v.top[k].id, order[k]);
                CHECK(f.v.top[k].p == f.v.probs[f.v.top[k].id], "top[%d].p is not probs[id]", k);
            }
            /* no settings, no form: the sampler is the model */
            CHECK(f.v.sampler_ok && f.v.n_allowed == V && f.v.stages.kept[STAGE_FINAL] == V,
                  "sampler_ok %d, n_allowed %d, kept %d", f.v.sampler_ok, f.v.n_allowed,
                  f.v.stages.kept[STAGE_FINAL]);
            /* the whole order, for the input method's ranks */
            nextview_sort(&f.v, V);
            int same = 1;
            for (int k = 0; k < V; k++)
                same &= f.v.order[k] == order[k];
            CHECK(same && f.v.n_sorted == V, "the whole order differs from a selection");
            close_text(&f);
        }
    }
    free(lg);
    free(p);
    free(order);
}

/* ---- the sampler's stages ---- */

/* Temperature 0.7 and top-k 5, recomputed: softmax(logits / 0.7), the five
 * most probable kept and renormalised. */
static void test_sampler_stages(void)
{
    Fixture f;
    SamplerSettings set = sampler_defaults();
    set.temperature = 0.7f;
    set.top_k = 5;
    view_text(&f, "春风", PROMPT_POEM_START, CONTEXT_SHIFT, &set, NULL, NULL);
    double *lg = malloc((size_t)V * sizeof *lg), *p1 = malloc((size_t)V * sizeof *p1);
    double *pt = malloc((size_t)V * sizeof *pt), *fin = calloc((size_t)V, sizeof *fin);
    int tokens[3] = {id_of("\n"), id_of("春"), id_of("风")};
    logits_of(tokens, 3, lg);
    softmax_d(lg, p1);
    for (int i = 0; i < V; i++)
        lg[i] /= 0.7;
    softmax_d(lg, pt);
    /* the five most probable at the temperature, one at a time */
    double kept = 0.0, removed = 0.0;
    char *in_top = calloc((size_t)V, 1);
    for (int k = 0; k < 5; k++) {
        int best = -1;
        for (int i = 0; i < V; i++)
            if (!in_top[i] && (best < 0 || pt[i] > pt[best]))
                best = i;
        in_top[best] = 1;
    }
    for (int i = 0; i < V; i++) {
        if (in_top[i])
            kept += pt[i];
        else
            removed += p1[i];
    }
    for (int i = 0; i < V; i++)
        fin[i] = in_top[i] ? pt[i] / kept : 0.0;
    double worst = 0.0;
    for (int i = 0; i < V; i++) {
        NextCandidate c = nextview_candidate(&f.v, i);
        worst = fmax(worst, fabs((double)c.p_sampler - fin[i]));
        worst = fmax(worst, fabs((double)c.stage[STAGE_MODEL] - p1[i]));
        worst = fmax(worst, fabs((double)c.stage[STAGE_TEMPERATURE] - pt[i]));
        worst = fmax(worst, fabs((double)c.stage[STAGE_TOP_K] - fin[i]));
        CHECK(c.id == i && !c.blocked && c.corpus_count == 0, "candidate %d: id %d blocked %d", i,
              c.id, c.blocked);
    }
    CHECK(worst < 1e-6, "the stages differ from the recomputation by %g", worst);
    for (int k = 0; k < f.v.n_top; k++)
        CHECK(fabs((double)f.v.top[k].p_sampler - fin[f.v.top[k].id]) < 1e-6,
              "top[%d] after the sampler %g, want %g", k, (double)f.v.top[k].p_sampler,
              fin[f.v.top[k].id]);
    CHECK(f.v.stages.kept[STAGE_TEMPERATURE] == V && f.v.stages.kept[STAGE_TOP_K] == 5 &&
              f.v.stages.kept[STAGE_FINAL] == 5,
          "kept %d, %d, %d", f.v.stages.kept[STAGE_TEMPERATURE], f.v.stages.kept[STAGE_TOP_K],
          f.v.stages.kept[STAGE_FINAL]);
    CHECK(fabs(f.v.stages.removed[STAGE_TOP_K] - removed) < 1e-6 &&
              fabs(f.v.stages.removed_total - removed) < 1e-6,
          "top-k removes %g (all %g), want %g", f.v.stages.removed[STAGE_TOP_K],
          f.v.stages.removed_total, removed);
    CHECK(fabs(f.v.stages.entropy_final - entropy_d(fin)) < 1e-5, "entropy after %g, want %g",
          f.v.stages.entropy_final, entropy_d(fin));
    close_text(&f);
    free(lg);
    free(p1);
    free(pt);
    free(fin);
    free(in_top);
}

/* The repetition penalty reads the window: 1.5 on every character the text
 * holds but ， 。 and the newline, positive scores divided, negative ones
 * multiplied. */
static void test_penalty_reads_the_window(void)
{
    Fixture f;
    SamplerSettings set = sampler_defaults();
    set.repetition_penalty = 1.5f;
    const char *text = "春风花月明，春风";
    view_text(&f, text, PROMPT_POEM_START, CONTEXT_SHIFT, &set, NULL, NULL);
    int tokens[16];
    tokens[0] = id_of("\n");
    int n = 1 + (int)ids_of(text, tokens + 1, 15);
    double *lg = malloc((size_t)V * sizeof *lg), *p = malloc((size_t)V * sizeof *p);
    logits_of(tokens, n, lg);
    char *seen = calloc((size_t)V, 1);
    for (int i = 0; i < n; i++)
        seen[tokens[i]] = 1;
    seen[id_of("，")] = seen[id_of("。")] = seen[id_of("\n")] = 0;
    for (int i = 0; i < V; i++)
        if (seen[i])
            lg[i] = lg[i] > 0 ? lg[i] / 1.5 : lg[i] * 1.5;
    softmax_d(lg, p);
    double worst = 0.0;
    for (int i = 0; i < V; i++) {
        NextCandidate c = nextview_candidate(&f.v, i);
        worst = fmax(worst, fabs((double)c.stage[STAGE_REPETITION_PENALTY] - p[i]));
        worst = fmax(worst, fabs((double)c.p_sampler - p[i]));
    }
    CHECK(worst < 1e-6, "the penalised distribution differs by %g", worst);
    close_text(&f);
    free(lg);
    free(p);
    free(seen);
}

/* A jueju of 5 after five characters allows only ，: the mask, the blocked
 * candidates and a final distribution that is ， alone. */
static void test_form_mask(void)
{
    Fixture f;
    TsErr err;
    SamplerSettings set = sampler_defaults();
    Form form;
    CHECK(form_init_jueju(&form, &fx.model.vocab, 5, &err) == 0, "%s", err.msg);
    int ids[5];
    ids_of("春风花月明", ids, 5);
    for (int i = 0; i < 5; i++)
        form_advance(&form, &fx.model.vocab, ids[i]);
    view_text(&f, "春风花月明", PROMPT_POEM_START, CONTEXT_SHIFT, &set, &form, NULL);
    int comma = id_of("，");
    CHECK(f.v.n_allowed == 1 && f.v.allowed[comma], "allowed %d", f.v.n_allowed);
    CHECK(f.v.sampler_ok && f.v.stages.kept[STAGE_FINAL] == 1, "kept %d",
          f.v.stages.kept[STAGE_FINAL]);
    NextCandidate c = nextview_candidate(&f.v, comma);
    CHECK(c.p_sampler == 1.0f && !c.blocked, "， after the sampler %g", (double)c.p_sampler);
    double others = 1.0 - (double)f.v.probs[comma];
    CHECK(fabs(f.v.stages.removed[STAGE_FORM_MASK] - others) < 1e-6, "the mask removes %g, want %g",
          f.v.stages.removed[STAGE_FORM_MASK], others);
    for (int k = 0; k < f.v.n_top; k++)
        CHECK(f.v.top[k].blocked == (f.v.top[k].id != comma), "top[%d] (%d) blocked %d", k,
              f.v.top[k].id, f.v.top[k].blocked);
    close_text(&f);
}

/* ---- the training text ---- */

/* The longest suffix of the window and each candidate's count, recounted by
 * a substring search. Under CONTEXT_SLIDE the window is the last 16
 * characters, so a long text shows that only the window is searched. */
static void check_counts(const char *text, PromptStart where, ContextPolicy policy,
                         const char *window, size_t want_len)
{
    Fixture f;
    SamplerSettings set = sampler_defaults();
    view_text(&f, text, where, policy, &set, NULL, &fx.corpus);
    /* the longest suffix of window (UTF-8) the training text holds */
    size_t wlen = strlen(window), at = wlen;
    for (size_t i = 0; i < wlen; i++) {
        if (((unsigned char)window[i] & 0xC0) == 0x80)
            continue; /* not the start of a character */
        if (naive_count(window + i) > 0) {
            at = i;
            break;
        }
    }
    size_t chars = 0;
    for (size_t i = at; i < wlen; i++)
        chars += ((unsigned char)window[i] & 0xC0) != 0x80;
    CHECK(f.v.suffix_len == chars && chars == want_len,
          "%s: suffix of %zu characters, want %zu (%zu)", text, f.v.suffix_len, chars, want_len);
    CHECK(f.v.suffix_total == naive_count(window + at), "%s: suffix occurs %zu times, want %zu",
          text, f.v.suffix_total, naive_count(window + at));
    CHECK(f.v.suffix_start + f.v.suffix_len == f.g.n, "the suffix ends the text");
    for (int k = 0; k < f.v.n_top; k++) {
        char needle[128];
        size_t n = (size_t)snprintf(needle, sizeof needle, "%s", window + at);
        needle[n + utf8_encode(vocab_cp(&fx.model.vocab, f.v.top[k].id), needle + n)] = 0;
        CHECK(f.v.top[k].corpus_count == naive_count(needle), "%s: %zu, want %zu", needle,
              f.v.top[k].corpus_count, naive_count(needle));
    }
    /* without a training text: no counts */
    nextview_count(&f.v, &f.g, NULL);
    CHECK(f.v.suffix_total == 0 && f.v.suffix_len == 0 && f.v.top[0].corpus_count == 0,
          "counts without a training text");
    close_text(&f);
}

static void test_corpus_counts(void)
{
    check_counts("春风", PROMPT_POEM_START, CONTEXT_SHIFT, "\n春风", 3);
    check_counts("春风", PROMPT_MID_TEXT, CONTEXT_SHIFT, "春风", 2);
    check_counts("云。江天千里", PROMPT_MID_TEXT, CONTEXT_SHIFT, "云。江天千里", 6);
    /* 22 characters and a newline read under slide: the window is the last 16 */
    check_counts("秋夜山月明，江水白云天。春风花不无，一日千里人。", PROMPT_POEM_START,
                 CONTEXT_SLIDE, "白云天。春风花不无，一日千里人。", 16);
}

/* ---- a model whose scores are not numbers ---- */

static void test_nonfinite_scores(void)
{
    Model huge;
    TsErr err;
    if (model_load(&huge, TEST_DATA("tiny-huge.bin"), &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    Generator g;
    NextView v;
    int ids[8];
    size_t n = ids_of("春风花月", ids, 8); /* position 3 overflows (test_robust.c) */
    CHECK(gen_init(&g, &huge, 1, &err) == 0 && nextview_init(&v, &huge, &g.ss, &err) == 0 &&
              gen_start(&g, ids, n, PROMPT_MID_TEXT, &err) == 0,
          "%s", err.msg);
    SamplerSettings set = sampler_defaults();
    err.msg[0] = 0;
    CHECK(nextview_compute(&v, &g, &set, NULL, &fx.corpus, &err) == -1 &&
              strstr(err.msg, "non-finite") != NULL,
          "no failure: '%s'", err.msg);
    double sum = 0.0;
    for (int i = 0; i < v.V; i++)
        sum += v.probs[i];
    CHECK(!v.model_ok && v.n_top == 0 && !v.sampler_ok && sum == 0.0 && v.suffix_total == 0 &&
              v.n_allowed == v.V,
          "model_ok %d, n_top %d, sampler_ok %d, probs sum %g, suffix %zu", v.model_ok, v.n_top,
          v.sampler_ok, sum, v.suffix_total);
    nextview_free(&v);
    gen_free(&g);
    model_free(&huge);
}

/* The model runs only when its logits are not current: its cost is said once. */
static void test_model_cost(void)
{
    Fixture f;
    TsErr err;
    SamplerSettings set = sampler_defaults();
    open_text(&f, "春风花", PROMPT_POEM_START, CONTEXT_SHIFT);
    nextview_compute(&f.v, &f.g, &set, NULL, NULL, &err);
    CHECK(f.v.model_rows == 4, "the first view read %ld positions, want 4 (⏎春风花)",
          f.v.model_rows);
    nextview_compute(&f.v, &f.g, &set, NULL, NULL, &err);
    CHECK(f.v.model_rows == 0 && f.v.model_ms == 0.0, "again: %ld positions", f.v.model_rows);
    CHECK(gen_append(&f.g, id_of("月"), &err) == 0, "%s", err.msg);
    nextview_compute(&f.v, &f.g, &set, NULL, NULL, &err);
    CHECK(f.v.model_rows == 1, "one more character, cached: %ld positions", f.v.model_rows);
    close_text(&f);
}

int main(void)
{
    load_fixtures();
    RUN(test_model_distribution);
    RUN(test_sampler_stages);
    RUN(test_penalty_reads_the_window);
    RUN(test_form_mask);
    RUN(test_corpus_counts);
    RUN(test_nonfinite_scores);
    RUN(test_model_cost);
    testutil_fixtures_free(&fx);
    return test_summary();
}
