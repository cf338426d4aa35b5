/* cli_eval.c - `tangscope eval`: a model's loss on a text, in nats per character. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "engine/fileio.h"
#include "engine/train_pass.h"
#include "engine/model.h"
#include "engine/train.h"

static const char EVAL_HELP[] =
    "usage: tangscope eval [--model FILE] [--data FILE] [--json]\n"
    "\n"
    "Print the model's loss on a text in nats per character and its perplexity\n"
    "(e^loss). The text is cut into consecutive windows of the model's context;\n"
    "each character is predicted from the characters before it in its window.\n"
    "\n"
    "  --model FILE   model file (default assets/tang.bin)\n"
    "  --data FILE    UTF-8 text (default assets/tang-val.txt)\n"
    "  --seq N        window length, 1..8192 and at most the model's context\n"
    "                 (default: the context)\n"
    "  --threads N    threads, 0..1024, 0 = all cores (default 0)\n"
    "  --json         print {\"loss\": ..., \"perplexity\": ..., ...}\n";

int cmd_eval(int argc, char **argv)
{
    const char *model_path = NULL, *data_path = NULL;
    int json = 0, threads = 0, seq = 0;
    Opt opts[] = {
        {"--model", OPT_STR, &model_path, 0, 0}, {"--data", OPT_STR, &data_path, 0, 0},
        {"--json", OPT_FLAG, &json, 0, 0},       {"--threads", OPT_INT, &threads, 0, 1024},
        {"--seq", OPT_INT, &seq, 1, 8192},
    };
    int rc = cli_parse("eval", EVAL_HELP, argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       NULL, 0, NULL);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!model_path)
        model_path = cli_asset("tang.bin");
    if (!data_path)
        data_path = cli_asset("tang-val.txt");
    cli_set_threads(threads);
    TsErr err;
    Model m;
    if (model_load(&m, model_path, &err) != 0)
        return cli_error("eval", EXIT_USAGE, "%s", err.msg);
    int context = m.cfg.context;
    if (seq == 0)
        seq = context;
    if (seq > context) {
        model_free(&m);
        return cli_error("eval", EXIT_USAGE, "--seq must be 1..%d (the model's context), not %d",
                         context, seq);
    }
    unsigned char *text;
    size_t len, n;
    int *ids;
    TsQuoted q;
    if (read_file(data_path, FILE_TEXT, &text, &len, &err) != 0 ||
        vocab_encode(&m.vocab, (const char *)text, len, ts_quote(&q, data_path), &ids, &n,
                     &err) != 0) {
        free(text);
        model_free(&m);
        return cli_error("eval", EXIT_USAGE, "%s", err.msg);
    }
    free(text);
    if (n < 2) {
        free(ids);
        model_free(&m);
        return cli_error("eval", EXIT_USAGE, "%s: needs at least two characters",
                         ts_quote(&q, data_path));
    }
    GptActs acts;
    if (gpt_acts_init(&acts, &m.cfg, 32, seq, 0, &err) != 0) {
        free(ids);
        model_free(&m);
        return cli_error("eval", 1, "%s", err.msg);
    }
    double t0 = ts_now();
    size_t count;
    double loss;
    if (gpt_eval_loss(&m, &acts, ids, n, seq, &loss, &count, &err) != 0) {
        gpt_acts_free(&acts);
        free(ids);
        model_free(&m);
        return cli_error("eval", EXIT_USAGE, "%s: %s", ts_quote(&q, data_path), err.msg);
    }
    double secs = ts_now() - t0;
    if (json)
        printf("{\"loss\": %.4f, \"perplexity\": %.2f, \"characters\": %zu, \"window\": %d, "
               "\"model\": \"%s\", \"data\": \"%s\", \"seconds\": %.2f}\n",
               loss, exp(loss), count, seq, model_path, data_path, secs);
    else
        printf("loss %.4f nats/char, perplexity %.2f, over %zu characters of %s (windows of %d, "
               "%.1f s)\n",
               loss, exp(loss), count, data_path, seq, secs);
    gpt_acts_free(&acts);
    free(ids);
    model_free(&m);
    return 0;
}
