/* cli_bench.c - `tangscope bench`: speed as it really is on this machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fileio.h"
#include "model.h"
#include "rng.h"
#include "train.h"

static const char BENCH_HELP[] =
    "usage: tangscope bench --train [options]\n"
    "\n"
    "  --train        training speed: tokens per second of full optimizer steps\n"
    "                 (forward, backward, AdamW) on the default model, 4 layers,\n"
    "                 128 dimensions, 4 heads, batch 32 x 128, vocabulary of\n"
    "                 assets/tang-train.txt\n"
    "  --steps N      timed steps after 2 warm-up steps (default 10)\n"
    "  --batch N      sequences per step (default 32)\n"
    "  --seq N        characters per sequence (default 128)\n"
    "  --threads N    threads, 0 = all cores (default 0)\n"
    "  --json         print {\"tokens_per_s\": ..., ...}\n";

static int bench_train(int steps, int batch, int seq, int json)
{
    TsErr err;
    const char *path = cli_asset("tang-train.txt");
    unsigned char *text = NULL;
    size_t len = 0;
    Vocab vocab;
    int *data = NULL;
    size_t n = 0;
    Model m;
    if (read_file(path, &text, &len, &err) == 0 &&
        vocab_build(&vocab, (const char *)text, len, path, &err) == 0) {
        vocab_encode(&vocab, (const char *)text, len, path, &data, &n, &err);
    } else {
        /* no corpus: random text over a vocabulary of the usual size */
        uint32_t *cps = malloc(7300 * sizeof *cps);
        if (!cps)
            return cli_error("bench", 1, "out of memory");
        for (int i = 0; i < 7300; i++)
            cps[i] = 0x4E00 + (uint32_t)i;
        vocab_from_cps(&vocab, cps, 7300, &err);
        free(cps);
        n = 1 << 20;
        data = malloc(n * sizeof *data);
        Rng r;
        rng_seed(&r, 1);
        for (size_t i = 0; data && i < n; i++)
            data[i] = (int)rng_below(&r, 7300);
    }
    free(text);
    if (!data || n <= (size_t)seq + 1) {
        vocab_free(&vocab);
        free(data);
        return cli_error("bench", 1, "could not prepare training data");
    }
    ModelConfig mc = {.n_layer = 4, .n_embd = 128, .n_head = 4, .context = seq > 128 ? seq : 128,
                      .vocab_size = vocab.size};
    TrainConfig tc = train_config_default();
    tc.batch = batch;
    tc.seq = seq;
    tc.steps = steps + 2;
    tc.warmup = 1;
    Trainer tr;
    if (model_init(&m, &mc, &vocab, 1, &err) != 0 || trainer_init(&tr, &m, &tc, &err) != 0) {
        vocab_free(&vocab);
        free(data);
        return cli_error("bench", 1, "%s", err.msg);
    }
    vocab_free(&vocab);
    for (int i = 0; i < 2; i++) {
        trainer_sample_batch(&tr, data, n);
        trainer_step(&tr, NULL);
    }
    double best = 1e30, total = 0.0;
    for (int i = 0; i < steps; i++) {
        trainer_sample_batch(&tr, data, n);
        double t0 = ts_now();
        trainer_step(&tr, NULL);
        double dt = ts_now() - t0;
        total += dt;
        best = dt < best ? dt : best;
    }
    double tokens = (double)batch * seq;
    double tps = tokens * steps / total;
    if (json)
        printf("{\"tokens_per_s\": %.0f, \"best_step_tokens_per_s\": %.0f, \"ms_per_step\": %.1f, "
               "\"batch\": %d, \"seq\": %d, \"threads\": %d, \"vocab\": %d, \"params\": %zu}\n",
               tps, tokens / best, 1000.0 * total / steps, batch, seq, cli_threads(),
               mc.vocab_size, m.n_params);
    else
        printf("training: %.0f tokens/s (mean of %d steps, %.1f ms/step; best step %.0f tokens/s)\n"
               "  model 4 layers x 128 dims, vocabulary %d, %zu parameters; batch %d x %d; %d threads\n",
               tps, steps, 1000.0 * total / steps, tokens / best, mc.vocab_size, m.n_params, batch,
               seq, cli_threads());
    trainer_free(&tr);
    model_free(&m);
    free(data);
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    int train = 0, steps = 10, batch = 32, seq = 128, threads = 0, json = 0;
    Opt opts[] = {
        {"--train", OPT_FLAG, &train, 0, 0},     {"--steps", OPT_INT, &steps, 1, 100000},
        {"--batch", OPT_INT, &batch, 1, 4096},   {"--seq", OPT_INT, &seq, 1, 8192},
        {"--threads", OPT_INT, &threads, 0, 1024}, {"--json", OPT_FLAG, &json, 0, 0},
    };
    int rc = cli_parse("bench", BENCH_HELP, argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       NULL, 0, NULL);
    if (rc)
        return rc == 1 ? 0 : rc;
    cli_set_threads(threads);
    if (train)
        return bench_train(steps, batch, seq, json);
    return cli_error("bench", EXIT_USAGE, "say what to measure: --train (see tangscope bench --help)");
}
