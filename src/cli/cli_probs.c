/* cli_probs.c - `tangscope probs`: the model's top next characters after a prompt. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "generate.h"
#include "model.h"
#include "sampler.h"

static const char PROBS_HELP[] =
    "usage: tangscope probs PROMPT [options]\n"
    "\n"
    "Read PROMPT and print the most probable next characters: the softmax of the\n"
    "model's scores at temperature 1, and, when any sampler flag is given, the\n"
    "probability after the sampler (temperature, top-k, top-p, min-p) too.\n"
    "\n"
    "PROMPT starts a poem: the model reads a newline before it, as before every\n"
    "poem of the training text; `generate` and the explorer read a prompt the\n"
    "same way. With --mid-text PROMPT is a fragment from inside a text, read with\n"
    "nothing before it. The training text's counts to compare with:\n"
    "`tangscope corpus --poem-start PROMPT` (PROMPT at the start of a poem) and\n"
    "`tangscope corpus PROMPT` (anywhere: the --mid-text reading). An empty\n"
    "prompt starts a poem either way. A text longer than the model's context\n"
    "keeps its last context characters.\n"
    "\n"
    "  --mid-text               read PROMPT as a fragment from inside a text\n"
    "  --top N                  how many candidates, 1..1000000 (default 8)\n"
    "  --temperature T          0..100; 0 = greedy, and so is anything below 0.001\n"
    "  --top-k K                keep the K most probable, 0..1000000, 0 = off\n"
    "  --top-p P                keep the top set reaching probability P, (0, 1]\n"
    "  --min-p M                keep characters with p >= M x p(top), 0..1\n"
    "  --model FILE             model file (default assets/tang.bin)\n"
    "  --json                   {\"prompt\": ..., \"poem_start\": true|false,\n"
    "                           \"candidates\": [{\"char\": ..., \"prob\": ...}], ...}\n";

/* The prompt as the model read it, for the first line: only the characters
 * inside the window it reads (a longer prompt loses its start, shown as
 * "…"), and a newline as ⏎ so the line stays one line. Free the result. */
static char *prompt_read(const Generator *g, size_t n_prompt)
{
    size_t ctx = (size_t)g->inf.ctx, start = g->n > ctx ? g->n - ctx : 0;
    size_t first = start > g->prefix ? start : g->prefix; /* the first prompt character read */
    char *out = malloc(4 * (g->n - first) + sizeof "…");
    if (!out)
        return NULL;
    size_t len = 0;
    if (g->n - first < n_prompt)
        len += (size_t)sprintf(out, "…");
    for (size_t i = first; i < g->n; i++) {
        uint32_t cp = vocab_cp(&g->m->vocab, g->text[i]);
        len += (size_t)utf8_encode(cp == '\n' ? 0x23CE : cp, out + len); /* ⏎ */
    }
    out[len] = 0;
    return out;
}

int cmd_probs(int argc, char **argv)
{
    const char *model_path = NULL, *pos[1];
    int top = 8, json = 0, mid_text = 0, npos = 0;
    SamplerSettings set = sampler_defaults();
    Opt opts[] = {
        {"--model", OPT_STR, &model_path, 0, 0},
        {"--top", OPT_INT, &top, 1, 1000000},
        {"--json", OPT_FLAG, &json, 0, 0},
        {"--mid-text", OPT_FLAG, &mid_text, 0, 0},
        {"--temperature", OPT_FLOAT, &set.temperature, 0, 100},
        {"--top-k", OPT_INT, &set.top_k, 0, 1000000},
        {"--top-p", OPT_FLOAT_OPEN, &set.top_p, 0, 1},
        {"--min-p", OPT_FLOAT, &set.min_p, 0, 1},
    };
    int rc = cli_parse("probs", PROBS_HELP, argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       pos, 1, &npos);
    if (rc)
        return rc == 1 ? 0 : rc;
    SamplerSettings plain = sampler_defaults();
    int sampled = memcmp(&set, &plain, sizeof set) != 0;
    const char *prompt = npos ? pos[0] : "";
    if (!model_path)
        model_path = cli_asset("tang.bin");
    TsErr err;
    if (sampler_settings_check(&set, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    cli_set_threads(1);
    Model m;
    if (model_load(&m, model_path, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    int *ids;
    size_t n;
    if (vocab_encode(&m.vocab, prompt, strlen(prompt), "prompt", &ids, &n, &err) != 0) {
        model_free(&m);
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    }
    Generator g;
    PromptStart where = mid_text ? PROMPT_MID_TEXT : PROMPT_POEM_START;
    if (gen_init(&g, &m, 1, &err) != 0 || gen_start(&g, ids, n, where, &err) != 0) {
        free(ids);
        model_free(&m);
        return cli_error("probs", 1, "%s", err.msg);
    }
    const float *logits = gen_logits(&g, &err);
    if (!logits) {
        gen_free(&g);
        free(ids);
        model_free(&m);
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    }
    /* the sampler's stages, without drawing: probs is the temperature-1 view */
    SamplerState *ss = &g.ss;
    sampler_run(ss, &set, logits, NULL, 0, NULL, 0.0f, &err);
    int V = m.cfg.vocab_size;
    float *base = malloc((size_t)V * sizeof(float));
    int *order = malloc((size_t)V * sizeof(int));
    sampler_softmax(base, logits, V);
    sampler_sort(order, base, V);
    double entropy = 0.0;
    for (int i = 0; i < V; i++)
        if (base[i] > 0.0f)
            entropy -= (double)base[i] * log((double)base[i]);
    if (top > V)
        top = V;
    if (json) {
        fputs("{\"prompt\": ", stdout);
        cli_json_string(stdout, prompt);
        printf(", \"poem_start\": %s, \"candidates\": [", g.prefix ? "true" : "false");
    } else {
        char *shown = prompt_read(&g, n);
        printf("「%s」→ next character, %s%s\n", shown ? shown : "",
               g.prefix ? "at the start of a poem (the model reads ⏎ first)"
                        : "as a fragment from inside a text (--mid-text)",
               sampled ? "; model at temperature 1 | after the sampler" : "");
        free(shown);
    }
    for (int k = 0; k < top; k++) {
        int id = order[k];
        char ch[8] = {0};
        utf8_encode(vocab_cp(&m.vocab, id), ch);
        if (json) {
            printf("%s{\"char\": ", k ? ", " : "");
            cli_json_string(stdout, ch);
            printf(", \"prob\": %.6f, \"id\": %d", (double)base[id], id);
            if (sampled)
                printf(", \"sampled_prob\": %.6f", (double)ss->final[id]);
            putchar('}');
        } else {
            printf("  %2d  %s  %6.2f%%", k + 1, strcmp(ch, "\n") == 0 ? "⏎" : ch,
                   100.0 * (double)base[id]);
            if (sampled)
                printf("  | %6.2f%%", 100.0 * (double)ss->final[id]);
            putchar('\n');
        }
    }
    if (json) {
        printf("], \"entropy\": %.4f, \"context_used\": %d", entropy, g.inf.len);
        if (sampled)
            printf(", \"kept\": %d, \"filtered\": %.6f", ss->kept, (double)ss->filtered);
        puts("}");
    } else {
        printf("  entropy %.2f nats", entropy);
        if (sampled)
            printf("; the sampler keeps %d characters and removes %.1f%% of the probability",
                   ss->kept, 100.0 * (double)ss->filtered);
        putchar('\n');
    }
    free(base);
    free(order);
    gen_free(&g);
    free(ids);
    model_free(&m);
    return 0;
}
