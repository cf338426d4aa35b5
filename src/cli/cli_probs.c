/* cli_probs.c - `tangscope probs`: the model's top next characters after a prompt. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gpt.h"
#include "model.h"
#include "ops.h"

static const char PROBS_HELP[] =
    "usage: tangscope probs PROMPT [--top N] [--model FILE] [--json]\n"
    "\n"
    "Read PROMPT and print the N most probable next characters with their\n"
    "probabilities (softmax of the model's scores, temperature 1). A prompt\n"
    "longer than the model's context keeps its last context characters.\n"
    "\n"
    "  --top N        how many candidates (default 8)\n"
    "  --model FILE   model file (default assets/tang.bin)\n"
    "  --json         print {\"prompt\": ..., \"candidates\": [{\"char\": ..., \"prob\": ...}]}\n";

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c == '\n')
            fputs("\\n", stdout);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

int cmd_probs(int argc, char **argv)
{
    const char *model_path = NULL, *pos[1];
    int top = 8, json = 0, npos = 0;
    Opt opts[] = {
        {"--model", OPT_STR, &model_path, 0, 0},
        {"--top", OPT_INT, &top, 1, 1000000},
        {"--json", OPT_FLAG, &json, 0, 0},
    };
    int rc = cli_parse("probs", PROBS_HELP, argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       pos, 1, &npos);
    if (rc)
        return rc == 1 ? 0 : rc;
    const char *prompt = npos ? pos[0] : "";
    if (!model_path)
        model_path = cli_asset("tang.bin");
    cli_set_threads(1);
    TsErr err;
    Model m;
    if (model_load(&m, model_path, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    int *ids;
    size_t n;
    if (vocab_encode(&m.vocab, prompt, strlen(prompt), "prompt", &ids, &n, &err) != 0) {
        model_free(&m);
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    }
    /* An empty prompt starts a new poem: the model saw a newline before each. */
    int newline = vocab_id(&m.vocab, '\n');
    int *seq = ids;
    size_t len = n;
    int start[1] = {newline < 0 ? 0 : newline};
    if (n == 0) {
        seq = start;
        len = 1;
    }
    if (len > (size_t)m.cfg.context) {
        seq += len - (size_t)m.cfg.context;
        len = (size_t)m.cfg.context;
    }
    GptActs acts;
    if (gpt_acts_init(&acts, &m.cfg, 1, (int)len, 0, &err) != 0) {
        free(ids);
        model_free(&m);
        return cli_error("probs", 1, "%s", err.msg);
    }
    gpt_forward(&m, &acts, seq, NULL, 1, (int)len);
    int V = m.cfg.vocab_size;
    float *probs = malloc((size_t)V * sizeof(float));
    int *order = malloc((size_t)V * sizeof(int));
    softmax_row(probs, acts.logits + (len - 1) * (size_t)V, V);
    if (top > V)
        top = V;
    /* partial selection of the top N, ties broken by id */
    for (int i = 0; i < V; i++)
        order[i] = i;
    for (int k = 0; k < top; k++) {
        int best = k;
        for (int i = k + 1; i < V; i++)
            if (probs[order[i]] > probs[order[best]])
                best = i;
        int t = order[k];
        order[k] = order[best];
        order[best] = t;
    }
    if (json) {
        fputs("{\"prompt\": ", stdout);
        json_string(prompt);
        fputs(", \"candidates\": [", stdout);
    } else {
        printf("「%s」→\n", prompt);
    }
    for (int k = 0; k < top; k++) {
        char ch[8] = {0};
        utf8_encode(vocab_cp(&m.vocab, order[k]), ch);
        if (json) {
            printf("%s{\"char\": ", k ? ", " : "");
            json_string(ch);
            printf(", \"prob\": %.6f, \"id\": %d}", (double)probs[order[k]], order[k]);
        } else {
            printf("  %s %6.2f%%\n", strcmp(ch, "\n") == 0 ? "⏎" : ch,
                   100.0 * (double)probs[order[k]]);
        }
    }
    if (json)
        puts("]}");
    free(probs);
    free(order);
    gpt_acts_free(&acts);
    free(ids);
    model_free(&m);
    return 0;
}
