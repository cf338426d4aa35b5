/* cli_demo.c - `tangscope demo`: the lesson's walk-through on the bundled model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cachecmp.h"
#include "cli.h"
#include "corpus.h"
#include "form.h"
#include "generate.h"
#include "model.h"
#include "sampler.h"

static const char DEMO_HELP[] =
    "usage: tangscope demo [--model FILE] [--seed S] [--no-corpus]\n"
    "\n"
    "The lesson, step by step, on the bundled model:\n"
    "  1. the top 8 next characters after three prompts, beside how often the\n"
    "     training text continues the same way; each prompt is read as a\n"
    "     fragment from inside a text (as `probs --mid-text` reads it), since the\n"
    "     counts take the context wherever it occurs\n"
    "  2. poems at temperature 0.3, 1.0 and 1.5 with one seed\n"
    "  3. temperature 1.5 with top-k 20, and with top-p 0.9\n"
    "  4. continuing a given opening\n"
    "  5. acrostics (藏头诗) as constrained decoding\n"
    "  6. the KV cache: the same text with and without it, the time, the memory\n"
    "\n"
    "  --model FILE   model file (default assets/tang.bin)\n"
    "  --seed S       random seed for every section (default 1)\n"
    "  --no-corpus    skip the training-text counts in section 1\n";

static void utf8_of(const Model *m, int id, char out[8])
{
    memset(out, 0, 8);
    uint32_t cp = vocab_cp(&m->vocab, id);
    if (cp == '\n')
        strcpy(out, "⏎");
    else
        utf8_encode(cp, out);
}

/* Section 1: one prompt's top 8, with the corpus's own continuation counts.
 * The prompt is a fragment from inside a text (PROMPT_MID_TEXT): the counts
 * take the context wherever it occurs, so the model must read it so too. */
static int show_top8(Generator *g, const Corpus *corpus, const char *prompt, TsErr *err)
{
    const Model *m = g->m;
    int *ids;
    size_t n;
    if (vocab_encode(&m->vocab, prompt, strlen(prompt), "prompt", &ids, &n, err) != 0)
        return -1;
    if (gen_start(g, ids, n, PROMPT_MID_TEXT, err) != 0) {
        free(ids);
        return -1;
    }
    int V = m->cfg.vocab_size;
    float *p = malloc((size_t)V * sizeof(float));
    int *order = malloc((size_t)V * sizeof(int));
    uint32_t *ctx = malloc((n + 1) * sizeof(uint32_t));
    sampler_softmax(p, gen_logits(g), V);
    sampler_sort(order, p, V);
    for (size_t i = 0; i < n; i++)
        ctx[i] = vocab_cp(&m->vocab, ids[i]);
    printf("  「%s」→", prompt);
    for (int k = 0; k < 8; k++) {
        char ch[8];
        utf8_of(m, order[k], ch);
        printf(" %s %.1f%%", ch, 100.0 * (double)p[order[k]]);
    }
    putchar('\n');
    if (corpus) {
        size_t len = 0;
        corpus_longest_suffix(corpus, ctx, n, &len);
        const uint32_t *suffix = ctx + (n - len);
        size_t total = corpus_count(corpus, suffix, len);
        char sbuf[512] = {0};
        size_t at = 0;
        for (size_t i = 0; i < len && at + 5 < sizeof sbuf; i++)
            at += (size_t)utf8_encode(suffix[i], sbuf + at);
        printf("     training text after 「%s」 (%zu times):", sbuf, total);
        for (int k = 0; k < 8 && total > 0; k++) {
            ctx[n] = vocab_cp(&m->vocab, order[k]);
            size_t c = corpus_count(corpus, suffix, len + 1);
            char ch[8];
            utf8_of(m, order[k], ch);
            printf(" %s %.1f%%", ch, 100.0 * (double)c / (double)total);
        }
        putchar('\n');
        /* and what the text itself most often writes there */
        CorpusNext next[8];
        CorpusTally tally;
        int got = corpus_next(corpus, suffix, len, next, 8, &tally);
        printf("     the training text's own top %d:", got);
        for (int k = 0; k < got; k++) {
            char ch[8] = {0};
            if (next[k].cp == '\n')
                strcpy(ch, "⏎");
            else
                utf8_encode(next[k].cp, ch);
            printf(" %s %.1f%%", ch, 100.0 * (double)next[k].count / (double)total);
        }
        putchar('\n');
    }
    free(p);
    free(order);
    free(ctx);
    free(ids);
    return 0;
}

static int write_poems(Generator *g, const char *label, const SamplerSettings *set, uint64_t seed,
                       const char *prompt, int count, TsErr *err)
{
    const Model *m = g->m;
    int *ids;
    size_t n;
    if (vocab_encode(&m->vocab, prompt, strlen(prompt), "prompt", &ids, &n, err) != 0)
        return -1;
    if (label)
        printf("  %s:\n", label);
    Rng rng;
    rng_seed(&rng, seed);
    for (int i = 0; i < count; i++) {
        gen_start(g, ids, n, PROMPT_POEM_START, err);
        if (gen_poem(g, set, NULL, &rng, 120, err) < 0) {
            free(ids);
            return -1;
        }
        if (vocab_cp(&m->vocab, g->text[g->n - 1]) == '\n')
            g->n--;
        char *poem = gen_text_utf8(g, g->prefix);
        printf("    %s\n", poem ? poem : "");
        free(poem);
    }
    free(ids);
    return 0;
}

static int write_acrostic(Generator *g, const char *heads, int chars, uint64_t seed, TsErr *err)
{
    Form f;
    if (form_init_acrostic(&f, &g->m->vocab, heads, chars, err) != 0)
        return -1;
    SamplerSettings set = sampler_defaults();
    set.temperature = 0.8f;
    Rng rng;
    rng_seed(&rng, seed);
    gen_start(g, NULL, 0, PROMPT_POEM_START, err);
    if (gen_poem(g, &set, &f, &rng, f.n_lines * (chars + 1) + 1, err) < 0)
        return -1;
    if (vocab_cp(&g->m->vocab, g->text[g->n - 1]) == '\n')
        g->n--;
    char *poem = gen_text_utf8(g, g->prefix);
    printf("    %s  (%s)\n", poem ? poem : "", heads);
    free(poem);
    return 0;
}

/* Section 6: the same characters with and without the cache, in step (best
 * of three runs each), the text and the logits compared at every position. */
static int show_cache(const Model *m, uint64_t seed, TsErr *err)
{
    CacheCompare cc;
    if (cachecmp_init(&cc, m, err) != 0)
        return -1;
    SamplerSettings set = sampler_defaults();
    int lengths[] = {32, 64, 120}, rc = 0;
    for (int i = 0; i < 3 && rc == 0; i++) {
        double best_c = 1e30, best_u = 1e30, diff = 0.0;
        int identical = 1;
        for (int rep = 0; rep < 3 && rc == 0; rep++) {
            CompareTotals t;
            rc = cachecmp_run(&cc, lengths[i], &set, seed, CONTEXT_SHIFT, &t, NULL, err);
            best_c = t.cached_s < best_c ? t.cached_s : best_c;
            best_u = t.full_s < best_u ? t.full_s : best_u;
            identical &= t.identical;
            diff = t.max_logit_diff > diff || t.max_logit_diff != t.max_logit_diff ? t.max_logit_diff
                                                                                   : diff;
        }
        if (rc == 0)
            printf("  %3d characters: without cache %7.2f ms, with cache %6.2f ms, %4.1fx faster, "
                   "%s, largest |logit difference| %g\n",
                   lengths[i], 1000 * best_u, 1000 * best_c, best_u / best_c,
                   identical ? "identical text" : "TEXT DIFFERS", diff);
    }
    cachecmp_free(&cc);
    return rc;
}

static int run_demo(const Model *m, const Corpus *corpus, uint64_t seed, TsErr *err)
{
    Generator g;
    if (gen_init(&g, m, 1, err) != 0)
        return -1;
    int rc = -1;
    SamplerSettings set = sampler_defaults();

    puts("== 1. After reading a text, the model's probabilities for the next character (top 8)");
    puts("   (each prompt read as a fragment from inside a text, as `probs --mid-text` reads it:"
         " the training text counts the context wherever it occurs)");
    const char *prompts[] = {"白日依山尽，黄河入海", "床前明月光，疑是地上", "春风"};
    for (int i = 0; i < 3; i++)
        if (show_top8(&g, corpus, prompts[i], err) != 0)
            goto out;

    printf("\n== 2. Temperature: the same seed (%llu), three poems at each temperature\n",
           (unsigned long long)seed);
    float temps[] = {0.3f, 1.0f, 1.5f};
    for (int i = 0; i < 3; i++) {
        char label[64];
        set = sampler_defaults();
        set.temperature = temps[i];
        snprintf(label, sizeof label, "temperature %.1f", (double)temps[i]);
        if (write_poems(&g, label, &set, seed, "", 3, err) != 0)
            goto out;
    }

    puts("\n== 3. Temperature 1.5, keeping only the top of the distribution");
    set = sampler_defaults();
    set.temperature = 1.5f;
    set.top_k = 20;
    if (write_poems(&g, "top-k 20", &set, seed, "", 3, err) != 0)
        goto out;
    set.top_k = 0;
    set.top_p = 0.9f;
    if (write_poems(&g, "top-p 0.9", &set, seed, "", 3, err) != 0)
        goto out;

    puts("\n== 4. Given an opening, the model continues (temperature 0.8)");
    set = sampler_defaults();
    set.temperature = 0.8f;
    const char *openings[] = {"床前明月光，", "大漠孤烟直，", "人工智能好，"};
    for (int i = 0; i < 3; i++)
        if (write_poems(&g, NULL, &set, seed, openings[i], 1, err) != 0)
            goto out;

    puts("\n== 5. Acrostics: we fix each line's first character, the model writes the rest");
    if (write_acrostic(&g, "春眠不觉", 7, seed, err) != 0 ||
        write_acrostic(&g, "学无止境", 5, seed, err) != 0)
        goto out;

    puts("\n== 6. The KV cache: is the text the same? how much faster?");
    if (show_cache(m, seed, err) != 0)
        goto out;
    size_t per = infer_cache_bytes_per_char(&m->cfg);
    printf("  cache per character: 2 x %d layers x %d dims x 4 bytes = %zu bytes; %d characters "
           "(full context): %zu KB\n",
           m->cfg.n_layer, m->cfg.n_embd, per, m->cfg.context, per * (size_t)m->cfg.context / 1024);
    rc = 0;
out:
    gen_free(&g);
    return rc;
}

int cmd_demo(int argc, char **argv)
{
    const char *model_path = NULL;
    uint64_t seed = 1;
    int no_corpus = 0;
    Opt opts[] = {
        {"--model", OPT_STR, &model_path, 0, 0},
        {"--seed", OPT_U64, &seed, 0, 0},
        {"--no-corpus", OPT_FLAG, &no_corpus, 0, 0},
    };
    int rc = cli_parse("demo", DEMO_HELP, argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       NULL, 0, NULL);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!model_path)
        model_path = cli_asset("tang.bin");
    cli_set_threads(1);
    TsErr err;
    Model m;
    if (model_load(&m, model_path, &err) != 0)
        return cli_error("demo", EXIT_USAGE, "%s", err.msg);
    Corpus corpus;
    int have_corpus = 0;
    if (!no_corpus) {
        have_corpus = corpus_load_or_build(&corpus, cli_asset("tang-train.txt"),
                                           cli_cache_dir(), &err) == 0;
        if (!have_corpus)
            fprintf(stderr, "tangscope demo: no training-text counts: %s\n", err.msg);
    }
    rc = run_demo(&m, have_corpus ? &corpus : NULL, seed, &err);
    if (rc != 0)
        rc = cli_error("demo", EXIT_USAGE, "%s", err.msg);
    if (have_corpus)
        corpus_free(&corpus);
    model_free(&m);
    return rc;
}
