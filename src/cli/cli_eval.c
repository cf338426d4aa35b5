/* cli_eval.c - `tangscope eval`: a model's loss on a text, in nats per character. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "cli/progress.h"
#include "app/json.h"
#include "engine/train_pass.h"
#include "engine/model.h"
#include "engine/train.h"

typedef struct {
    const char *model_path, *data_path, *weights;
    int json, threads, seq; /* seq 0: the model's context */
    int quiet;              /* no progress line */
} EvalArgs;

/* What a run holds; eval_free releases it, whatever was set up (zeroed:
 * nothing). */
typedef struct {
    Model m;
    VocabText text;
    GptActs acts;
} EvalRun;

typedef struct {
    double loss, seconds;
    size_t count; /* characters predicted */
} EvalResult;

/* Returns 0, 1 after --help, or the exit status of a bad option. */
static int eval_parse(EvalArgs *a, int argc, char **argv)
{
    *a = (EvalArgs){0};
    Opt opts[] = {
        {"--model", OPT_STR, &a->model_path, 0, 0}, {"--data", OPT_STR, &a->data_path, 0, 0},
        {"--weights", OPT_STR, &a->weights, 0, 0},
        {"--json", OPT_FLAG, &a->json, 0, 0},       {"--threads", OPT_INT, &a->threads, 0, 1024},
        {"--seq", OPT_INT, &a->seq, 1, 8192},      {"--quiet", OPT_FLAG, &a->quiet, 0, 0},
    };
    int rc = cli_parse("eval", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       NULL, 0, NULL);
    if (rc)
        return rc;
    if (!a->model_path)
        a->model_path = cli_asset("tang.bin");
    if (!a->data_path)
        a->data_path = cli_asset("tang-val.txt");
    return 0;
}

/* The model, the text as its token ids, the activations for windows of seq.
 * Returns 0 or the exit status after printing why. */
static int eval_setup(EvalRun *r, EvalArgs *a)
{
    TsErr err;
    TsQuoted q;
    cli_set_threads(a->threads);
    if (model_load(&r->m, a->model_path, &err) != 0)
        return cli_error("eval", EXIT_USAGE, "%s", err.msg);
    int wrc = cli_weights("eval", &r->m, a->weights);
    if (wrc)
        return wrc;
    int context = r->m.cfg.context;
    if (a->seq == 0)
        a->seq = context;
    if (a->seq > context)
        return cli_error("eval", EXIT_USAGE, "--seq must be 1..%d (the model's context), not %d",
                         context, a->seq);
    if (vocab_text_load(&r->text, a->data_path, &r->m.vocab, 0, &err) != 0)
        return cli_error("eval", EXIT_USAGE, "%s", err.msg);
    if (r->text.n < 2)
        return cli_error("eval", EXIT_USAGE, "%s: needs at least two characters",
                         ts_quote(&q, a->data_path));
    if (gpt_acts_init(&r->acts, &r->m.cfg, 32, a->seq, 0, &err) != 0)
        return cli_error("eval", 1, "%s", err.msg);
    return 0;
}

static int eval_work(EvalRun *r, const EvalArgs *a, EvalResult *res)
{
    TsErr err;
    TsQuoted q;
    Progress p;
    char what[128];
    snprintf(what, sizeof what, cli_label(LBL_PROGRESS_EVAL), cli_shown_path(&q, a->data_path));
    progress_start(&p, a->quiet, what, (long)(r->text.n - 1), LBL_PROGRESS_CHARS);
    double t0 = ts_now();
    int failed = gpt_eval_loss_progress(&r->m, &r->acts, r->text.ids, r->text.n, a->seq,
                                        &res->loss, &res->count, progress_engine, &p, &err);
    res->seconds = ts_now() - t0;
    progress_end(&p);
    if (failed)
        return cli_error("eval", EXIT_USAGE, "%s: %s", ts_quote(&q, a->data_path), err.msg);
    return 0;
}

static void eval_print(const EvalArgs *a, const EvalResult *res)
{
    if (!a->json) {
        /* the class's language and its numbers; --json below stays C */
        AppLang lang = cli_lang();
        char loss[32], ppl[32], count[32], seq[32], secs[32];
        app_num(lang, res->loss, 4, loss, sizeof loss);
        app_num(lang, exp(res->loss), 2, ppl, sizeof ppl);
        app_format_count(lang, (long)res->count, count, sizeof count);
        app_format_count(lang, a->seq, seq, sizeof seq);
        app_num(lang, res->seconds, 1, secs, sizeof secs);
        TsQuoted q;
        printf(cli_label_n(LBL_CLI_EVAL_RESULT, (long)res->count), loss, ppl, count,
               cli_shown_path(&q, a->data_path), seq, secs);
        putchar('\n');
        return;
    }
    printf("{\"loss\": %.4f, \"perplexity\": %.2f, \"characters\": %zu, \"window\": %d, "
           "\"model\": ",
           res->loss, exp(res->loss), res->count, a->seq);
    json_write_string(stdout, a->model_path);
    fputs(", \"data\": ", stdout);
    json_write_string(stdout, a->data_path);
    printf(", \"seconds\": %.2f}\n", res->seconds);
}

static void eval_free(EvalRun *r)
{
    gpt_acts_free(&r->acts);
    vocab_text_free(&r->text);
    model_free(&r->m);
}

int cmd_eval(int argc, char **argv)
{
    EvalArgs a;
    int rc = eval_parse(&a, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    EvalRun r = {0};
    EvalResult res;
    rc = eval_setup(&r, &a);
    if (rc == 0)
        rc = eval_work(&r, &a, &res);
    if (rc == 0)
        eval_print(&a, &res);
    eval_free(&r);
    return rc;
}
