/* cli_bench.c - `tangscope bench`: speed as it really is on this machine. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cachecmp.h"
#include "cli/cli.h"
#include "cli/plot.h"
#include "cli/progress.h"
#include "app/textw.h"
#include "app/json.h"
#include "engine/fileio.h"
#include "engine/gemm_bf16.h"
#include "engine/model.h"
#include "engine/rng.h"
#include "engine/train.h"
#include "engine/corpus.h"
#include "engine/cpupeak.h"
#include "engine/generate.h"
#include "engine/infer.h"
#include "engine/nextview.h"
#include "engine/sampler.h"

static int bench_decode(Generator *g, int chars, const SamplerSettings *set, uint64_t seed,
                        TsErr *err);

/* What bench --train asked for. */
typedef struct {
    int steps, batch, seq;
    int bf16; /* 1, 0, or -1: the default of the CPU */
    int json;
    int quiet; /* no progress line */
} BenchTrainArgs;

/* What it holds; bench_train_free releases it, whatever was set up (zeroed:
 * nothing). */
typedef struct {
    VocabText text; /* the training text as token ids, with its own vocabulary */
    ModelConfig mc;
    Model m;
    Trainer tr;
} BenchTrain;

/* What it measured. */
typedef struct {
    double total, best; /* seconds of every timed step, and of the fastest */
} BenchTrainTimes;

enum { BENCH_RANDOM_VOCAB = 7300, BENCH_RANDOM_CHARS = 1 << 20 };

/* Without the training text: random text over a vocabulary of the usual
 * size, CJK characters from U+4E00 on. Returns 0, or -1 when memory runs out. */
static int bench_random_text(VocabText *t, TsErr *err)
{
    memset(t, 0, sizeof *t);
    uint32_t *cps = ts_calloc(BENCH_RANDOM_VOCAB, sizeof *cps, err);
    if (!cps)
        return -1;
    for (int i = 0; i < BENCH_RANDOM_VOCAB; i++)
        cps[i] = 0x4E00 + (uint32_t)i;
    int rc = vocab_from_cps(&t->own, cps, BENCH_RANDOM_VOCAB, err);
    free(cps);
    t->n = BENCH_RANDOM_CHARS;
    if (rc != 0 || !(t->ids = ts_calloc(t->n, sizeof *t->ids, err))) {
        vocab_text_free(t);
        return -1;
    }
    Rng r;
    rng_seed(&r, 1);
    for (size_t i = 0; i < t->n; i++)
        t->ids[i] = (int)rng_below(&r, BENCH_RANDOM_VOCAB);
    return 0;
}

/* The text, a model of the benchmark's shape, a trainer. Returns 0 or the
 * exit status after printing why. */
static int bench_train_setup(BenchTrain *b, const BenchTrainArgs *a)
{
    TsErr err;
    if (vocab_text_load(&b->text, cli_asset("tang-train.txt"), NULL, 0, &err) != 0 &&
        bench_random_text(&b->text, &err) != 0)
        return cli_error("bench", 1, "out of memory");
    if (b->text.n <= (size_t)a->seq + 1)
        return cli_error("bench", 1, "could not prepare training data");
    b->mc = (ModelConfig){.n_layer = 4, .n_embd = 128, .n_head = 4,
                          .context = a->seq > 128 ? a->seq : 128, .vocab_size = b->text.own.size};
    TrainConfig tc = train_config_default();
    tc.batch = a->batch;
    tc.seq = a->seq;
    tc.steps = a->steps + 2;
    tc.warmup = 1;
    if (a->bf16 >= 0)
        tc.bf16 = a->bf16;
    if (model_init(&b->m, &b->mc, &b->text.own, 1, &err) != 0 ||
        trainer_init(&b->tr, &b->m, &tc, &err) != 0)
        return cli_settings_error("bench", 1, err.msg);
    return 0;
}

/* Two warm-up steps, then `steps` timed ones. */
static void bench_train_work(BenchTrain *b, int steps, int quiet, BenchTrainTimes *t)
{
    Progress prog;
    progress_start(&prog, quiet, NULL, steps + 2, LBL_PROGRESS_STEPS);
    for (int i = 0; i < 2; i++) {
        trainer_sample_batch(&b->tr, b->text.ids, b->text.n);
        trainer_step(&b->tr, NULL);
        progress_update(&prog, i + 1);
    }
    t->best = 1e30;
    t->total = 0.0;
    for (int i = 0; i < steps; i++) {
        trainer_sample_batch(&b->tr, b->text.ids, b->text.n);
        double t0 = ts_now();
        trainer_step(&b->tr, NULL);
        double dt = ts_now() - t0;
        t->total += dt;
        t->best = dt < t->best ? dt : t->best;
        progress_update(&prog, i + 3);
    }
    progress_end(&prog);
}

/* bench --train's lines for a person, in the interface language. */
static void bench_train_say(const BenchTrain *b, const BenchTrainArgs *a, const BenchTrainTimes *t,
                            double rate, double peak, double peak16)
{
    AppLang lang = cli_lang();
    int bf16 = b->tr.tc.bf16;
    double tokens = (double)a->batch * a->seq;
    char v[6][32];
    app_format_count(lang, lround(tokens * a->steps / t->total), v[0], sizeof v[0]);
    app_format_count(lang, a->steps, v[1], sizeof v[1]);
    app_num(lang, 1000.0 * t->total / a->steps, 1, v[2], sizeof v[2]);
    app_format_count(lang, lround(tokens / t->best), v[3], sizeof v[3]);
    printf(cli_label(LBL_CLI_BENCH_TRAIN_HEAD), v[0], v[1], v[2], v[3]);
    fputs("\n  ", stdout);
    app_format_count(lang, b->mc.n_layer, v[0], sizeof v[0]);
    app_format_count(lang, b->mc.n_embd, v[1], sizeof v[1]);
    app_format_count(lang, b->mc.vocab_size, v[2], sizeof v[2]);
    app_format_count(lang, (long)b->m.n_params, v[3], sizeof v[3]);
    printf(cli_label(LBL_CLI_BENCH_TRAIN_MODEL), v[0], v[1], v[2], v[3]);
    fputs("\n  ", stdout);
    app_format_count(lang, a->batch, v[0], sizeof v[0]);
    app_format_count(lang, a->seq, v[1], sizeof v[1]);
    printf(cli_label(LBL_CLI_BENCH_TRAIN_BATCH), v[0], v[1]);
    app_format_count(lang, cli_threads(), v[0], sizeof v[0]);
    printf(cli_label(LBL_CLI_THREADS_PREC), v[0], cli_precision_name(bf16));
    if (bf16)
        printf(cli_label(LBL_CLI_BENCH_TRAIN_KERNEL), gemm_bf16_kernel());
    fputs("\n  ", stdout);
    double macs = rate / (tokens * a->steps / t->total);
    printf(cli_label(LBL_CLI_BENCH_TRAIN_MACS), app_num_large(lang, macs, v[0], sizeof v[0]),
           app_num(lang, rate / 1e9, 1, v[1], sizeof v[1]));
    fputs("\n  ", stdout);
    printf(cli_label(LBL_CLI_BENCH_TRAIN_PEAK),
           app_share(lang, 100.0 * rate / peak, 0, v[0], sizeof v[0]),
           app_num(lang, peak / 1e9, 1, v[1], sizeof v[1]));
    if (bf16 && peak16 > 0.0) {
        fputs("\n  ", stdout);
        printf(cli_label(LBL_CLI_BENCH_TRAIN_BF16),
               app_share(lang, 100.0 * rate / peak16, 0, v[0], sizeof v[0]),
               app_num(lang, peak16 / 1e9, 1, v[1], sizeof v[1]));
    }
    putchar('\n');
}

static void bench_train_print(const BenchTrain *b, const BenchTrainArgs *a,
                              const BenchTrainTimes *t)
{
    int bf16 = b->tr.tc.bf16, steps = a->steps, batch = a->batch, seq = a->seq;
    double tokens = (double)batch * seq;
    double tps = tokens * steps / t->total;
    /* Multiply-adds per training token: the forward pass (linear layers,
     * attention over (seq + 1) / 2 positions on average for scores and values,
     * output layer), and a backward pass of twice that. */
    double C = b->mc.n_embd, L = b->mc.n_layer;
    double macs = 3.0 * (L * 12.0 * C * C + L * C * (seq + 1.0) + C * b->mc.vocab_size);
    double peak = cpupeak_fma() * cli_threads(), rate = tps * macs;
    double peak16 = bf16 ? cpupeak_bf16() * cli_threads() : 0.0;
    if (a->json) {
        printf("{\"tokens_per_s\": %.0f, \"best_step_tokens_per_s\": %.0f, \"ms_per_step\": %.1f, "
               "\"batch\": %d, \"seq\": %d, \"threads\": %d, \"precision\": \"%s\", \"kernel\": \"%s\", "
               "\"vocab\": %d, \"params\": %zu, \"macs_per_token\": %.0f, \"gmac_s\": %.1f, "
               "\"fma_peak_gmac_s\": %.1f, \"peak_ratio\": %.3f",
               tps, tokens / t->best, 1000.0 * t->total / steps, batch, seq, cli_threads(),
               bf16 ? "bf16" : "fp32", bf16 ? gemm_bf16_kernel() : "blas", b->mc.vocab_size,
               b->m.n_params, macs, rate / 1e9, peak / 1e9, rate / peak);
        if (bf16 && peak16 > 0.0)
            printf(", \"bf16_peak_gmac_s\": %.1f, \"bf16_peak_ratio\": %.3f", peak16 / 1e9,
                   rate / peak16);
        printf("}\n");
        return;
    }
    bench_train_say(b, a, t, rate, peak, peak16);
}

static void bench_train_free(BenchTrain *b)
{
    trainer_free(&b->tr);
    model_free(&b->m);
    vocab_text_free(&b->text);
}

static int bench_train(const BenchTrainArgs *a)
{
    BenchTrain b = {0};
    BenchTrainTimes t;
    int rc = bench_train_setup(&b, a);
    if (rc == 0) {
        bench_train_work(&b, a->steps, a->quiet, &t);
        bench_train_print(&b, a, &t);
    }
    bench_train_free(&b);
    return rc;
}


/* ---- generation ---- */

static int parse_lengths(const char *list, int *lengths, int max, int *n)
{
    *n = 0;
    const char *p = list;
    while (*p) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 1 || v > 100000 || *n >= max || (*end && *end != ','))
            return -1;
        lengths[(*n)++] = (int)v;
        p = *end ? end + 1 : end;
    }
    return *n ? 0 : -1;
}

/* The model to time: the file, or (context > 0 and different) one of the same
 * shape with that context and fresh random weights, since the time does not
 * depend on what the weights are. */
static int load_bench_model(Model *m, const char **path, int context, TsErr *err)
{
    if (model_load(m, *path, err) != 0)
        return -1;
    if (context <= 0 || context == m->cfg.context)
        return 0;
    Model other;
    ModelConfig cfg = m->cfg;
    cfg.context = context;
    int bad = model_init(&other, &cfg, &m->vocab, 1, err) != 0;
    other.num = m->num; /* the same GELU and epsilon, so the same work */
    model_free(m);
    if (bad)
        return -1;
    *m = other;
    *path = "random weights";
    return 0;
}

/* One length's line: the times with and without the cache, the verdict. */
static void print_run(int L, double best_u, double best_c, int identical, int logits_identical,
                      double worst_diff)
{
    AppLang lang = cli_lang();
    char n[32], u[32], c[32], rate[32], fast[32], diff[32], nw[32], uw[32], cw[32], rw[32];
    app_format_count(lang, L, n, sizeof n);
    app_num(lang, 1000 * best_u, 2, u, sizeof u);
    app_num(lang, 1000 * best_c, 2, c, sizeof c);
    app_num(lang, L / best_c, 0, rate, sizeof rate);
    app_num(lang, best_u / best_c, 1, fast, sizeof fast);
    snprintf(diff, sizeof diff, "%g", worst_diff);
    /* columns as wide as before: the lengths' lines stay aligned */
    snprintf(nw, sizeof nw, "%5s", n);
    snprintf(uw, sizeof uw, "%9s", u);
    snprintf(cw, sizeof cw, "%8s", c);
    snprintf(rw, sizeof rw, "%6s", rate);
    fputs("  ", stdout);
    printf(cli_label(LBL_CLI_BENCH_RUN), nw, uw, cw, rw, fast,
           !identical          ? cli_label(LBL_DIFFERENT)
           : !logits_identical ? cli_label(LBL_CLI_LOGITS_DIFFER)
                               : cli_label(LBL_IDENTICAL),
           diff);
}

/* One length's best of several runs, with and without the cache. */
typedef struct {
    double best_c, best_u; /* seconds for the whole text: cached, uncached */
    double worst_diff;     /* largest |logit difference| of any run */
    int identical, logits_identical;
} LengthBest;

static LengthBest length_best_new(void)
{
    return (LengthBest){.best_c = 1e30, .best_u = 1e30, .identical = 1, .logits_identical = 1};
}

/* The curves of the last length, for the first precision: each step's
 * seconds of the run in hand, and the running totals of the best run each
 * way (cachecmp_run adds the steps up in the same order, so the last total
 * is the best time itself). */
typedef struct {
    int n;                   /* characters; 0: no curve */
    double *step_c, *step_u; /* [n] the run in hand: cached, uncached */
    double *sum_c, *sum_u;   /* [n] seconds to write the first i + 1, best run */
} LengthCurve;

/* The running totals of step[0..n) into sum. */
static void running_sum(const double *step, int n, double *sum)
{
    double t = 0;
    for (int i = 0; i < n; i++)
        sum[i] = t += step[i];
}

/* One run of L characters from the start of a poem, both ways (cachecmp, so
 * the same comparison also checks the text and the logits at every
 * position), folded into b, and into curve (of L) unless NULL. Returns 0,
 * or -1 with err. */
static int length_run(CacheCompare *cc, int L, ContextPolicy policy, LengthBest *b,
                      LengthCurve *curve, TsErr *err)
{
    SamplerSettings set = sampler_defaults();
    CompareTotals t;
    CompareAt at = {0};
    if (curve) {
        at.cached_s = curve->step_c;
        at.full_s = curve->step_u;
    }
    if (cachecmp_run(cc, L, &set, 42, policy, &t, curve ? &at : NULL, err) != 0)
        return -1;
    if (curve && t.cached_s < b->best_c)
        running_sum(curve->step_c, L, curve->sum_c);
    if (curve && t.full_s < b->best_u)
        running_sum(curve->step_u, L, curve->sum_u);
    b->best_c = t.cached_s < b->best_c ? t.cached_s : b->best_c;
    b->best_u = t.full_s < b->best_u ? t.full_s : b->best_u;
    b->identical &= t.identical;
    b->logits_identical &= t.logits_identical;
    if (t.max_logit_diff > b->worst_diff || t.max_logit_diff != t.max_logit_diff)
        b->worst_diff = t.max_logit_diff;
    return 0;
}

/* The curves of the best runs as a plot in text (plot.h): milliseconds to
 * write the first n characters, without the cache and with it. Returns the
 * number of lines. */
static int curve_plot(const LengthCurve *curve, char lines[][PLOT_LINE_MAX])
{
    Plot p;
    double *ms_u = curve->step_u, *ms_c = curve->step_c; /* free now: the runs are over */
    for (int i = 0; i < curve->n; i++) {
        ms_u[i] = 1000 * curve->sum_u[i];
        ms_c[i] = 1000 * curve->sum_c[i];
    }
    plot_sample(&p, curve->n, ms_u, ms_c);
    char n[32], title[256];
    app_format_count(cli_lang(), curve->n, n, sizeof n);
    snprintf(title, sizeof title, cli_label(LBL_CLI_BENCH_PLOT), n);
    const char *names[2] = {cli_label(LBL_CLI_BENCH_PLOT_UNCACHED),
                            cli_label(LBL_CLI_BENCH_PLOT_CACHED)};
    return plot_draw(&p, cli_lang(), textw_ascii_terminal(), title,
                     cli_label(LBL_CLI_BENCH_PLOT_X), names, lines, PLOT_LINES);
}

/* The plot of the curves: its lines on stdout, or in JSON the points it
 * shows and its lines (", \"curve\": {...}" inside the run's object). */
static void print_curve(LengthCurve *curve, int json)
{
    static char lines[PLOT_LINES][PLOT_LINE_MAX];
    int n = curve_plot(curve, lines);
    if (!json) {
        for (int i = 0; i < n; i++)
            printf("%s\n", lines[i]);
        return;
    }
    Plot p; /* the same columns the plot drew, for the figures */
    plot_sample(&p, curve->n, curve->step_u, curve->step_c);
    fputs(", \"curve\": {\"chars\": [", stdout);
    for (int c = 0; c < p.cols; c++)
        printf("%s%d", c ? ", " : "", p.x[c]);
    for (int s = 0; s < 2; s++) {
        printf("], \"%s\": [", s ? "cached_ms" : "uncached_ms");
        for (int c = 0; c < p.cols; c++)
            printf("%s%.6f", c ? ", " : "", p.y[s][c]);
    }
    printf("], \"rows\": %d, \"plot\": [", PLOT_ROWS);
    for (int i = 0; i < n; i++) {
        fputs(i ? ", " : "", stdout);
        json_write_string(stdout, lines[i]);
    }
    fputs("]}", stdout);
}

/* One length's line (a JSON object after the first with a comma); `weights`
 * names the precision when bench compares several, else NULL; curve: in
 * JSON, the plot of this length's runs inside its object, or NULL (the text
 * prints it after every precision's line: time_lengths). */
static void print_length(int L, const LengthBest *b, size_t shifts, const char *weights, int json,
                         int first, LengthCurve *curve)
{
    if (json) {
        printf("%s{", first ? "" : ", ");
        if (weights)
            printf("\"weights\": \"%s\", ", weights);
        printf("\"chars\": %d, \"cached_ms\": %.3f, \"uncached_ms\": %.3f, \"speedup\": %.2f, "
               "\"identical\": %s, \"logits_identical\": %s, \"max_logit_diff\": %g, "
               "\"shifts\": %zu, \"cached_chars_per_s\": %.0f",
               L, 1000 * b->best_c, 1000 * b->best_u, b->best_u / b->best_c,
               b->identical ? "true" : "false", b->logits_identical ? "true" : "false",
               b->worst_diff, shifts, L / b->best_c);
        if (curve)
            print_curve(curve, 1);
        putchar('}');
        return;
    }
    if (weights)
        printf("%s", weights);
    print_run(L, b->best_u, b->best_c, b->identical, b->logits_identical, b->worst_diff);
    if (shifts) {
        char n[32];
        app_format_count(cli_lang(), (long)shifts, n, sizeof n);
        printf(cli_label_n(LBL_CLI_BENCH_SHIFTS, (long)shifts), n);
    }
    putchar('\n');
}

/* The model in each precision bench compares, with its comparison. */
enum { BENCH_MAX_WEIGHTS = WPREC_COUNT };
typedef struct {
    int n;
    Model m[BENCH_MAX_WEIGHTS];
    CacheCompare cc[BENCH_MAX_WEIGHTS];
    LengthBest last[BENCH_MAX_WEIGHTS]; /* at the last length */
    int named;                          /* --weights was given: lines name the precision */
    Progress *prog;                     /* how far the benchmark is */
    LengthCurve curve; /* the last length's, for the first precision */
    double budget; /* seconds after which a length stops before `repeat` rounds; 0: never */
    int random;    /* random weights (--context): no model's own distributions */
} WeightRuns;

/* Without --repeat, a length's rounds stop once they have taken this long
 * (after the first): 500 characters at a context of 512 take seconds a run
 * without the cache, and a long run's best is a steady figure already. */
static const double LENGTH_BUDGET_S = 2.0;

/* For each length, `repeat` rounds (fewer once w->budget is spent); in each
 * round every precision writes the text once, so a change in the machine's
 * load falls on all of them alike.
 * Returns the cached characters per second of the first precision at the
 * last length, or -1. */
static double time_lengths(WeightRuns *w, const int *lengths, int n_len, int repeat,
                           ContextPolicy policy, int json, TsErr *err)
{
    for (int li = 0; li < n_len; li++) {
        char what[128], n[32];
        app_format_count(cli_lang(), lengths[li], n, sizeof n);
        snprintf(what, sizeof what, cli_label(LBL_PROGRESS_BENCH_LENGTH), n);
        progress_stage(w->prog, what, (long)repeat * w->n, LBL_PROGRESS_RUNS);
        for (int i = 0; i < w->n; i++)
            w->last[i] = length_best_new();
        double t0 = ts_now();
        LengthCurve *curve = li == n_len - 1 && w->curve.n == lengths[li] ? &w->curve : NULL;
        for (int r = 0; r < repeat && !(r > 0 && w->budget > 0 && ts_now() - t0 > w->budget); r++)
            for (int i = 0; i < w->n; i++) {
                if (length_run(&w->cc[i], lengths[li], policy, &w->last[i], i ? NULL : curve,
                               err) != 0)
                    return -1.0;
                progress_update(w->prog, (long)r * w->n + i + 1);
            }
        progress_clear(w->prog);
        for (int i = 0; i < w->n; i++)
            print_length(lengths[li], &w->last[i], gen_shift_count(&w->cc[i].cached),
                         w->named ? wprec_name(w->m[i].prec) : NULL, json, li == 0 && i == 0,
                         i ? NULL : curve);
        if (curve && !json)
            print_curve(curve, 0);
    }
    return lengths[n_len - 1] / w->last[0].best_c;
}

/* The cached speed of each precision, for the table: `rounds` rounds, in
 * each of which every precision writes L characters from the start of a poem
 * with the cache (no comparison: the text is short and the rounds many, so
 * that the best of each comes from moments of the same quiet). best[i] gets
 * the best seconds of the model's passes alone, written[i] the best seconds
 * of the whole writing (the model, the sampler at its defaults, the rest of
 * each step). Returns 0, or -1 with err. */
static int time_weights(WeightRuns *w, int L, int rounds, double *best, double *written,
                        TsErr *err)
{
    SamplerSettings set = sampler_defaults();
    for (int i = 0; i < w->n; i++)
        best[i] = written[i] = 1e30;
    progress_stage(w->prog, cli_label(LBL_PROGRESS_BENCH_WEIGHTS), (long)rounds * w->n,
                   LBL_PROGRESS_RUNS);
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < w->n; i++) {
            Generator *g = &w->cc[i].cached;
            double m0 = g->model_s, t0 = ts_now();
            if (bench_decode(g, L, &set, 42, err) != 0)
                return -1;
            double t = ts_now() - t0;
            best[i] = g->model_s - m0 < best[i] ? g->model_s - m0 : best[i];
            written[i] = t < written[i] ? t : written[i];
            progress_update(w->prog, (long)r * w->n + i + 1);
        }
    progress_clear(w->prog);
    return 0;
}

/* Under the table, each precision writing as generation does (the model,
 * the sampler at its defaults, the rest of each step): characters per
 * second, best of the table's rounds, and their share of the same limit. */
static void print_written(const WeightRuns *w, int L, const double *written)
{
    AppLang lang = cli_lang();
    for (int i = 0; i < w->n; i++) {
        double bytes = (double)model_param_bytes(&w->m[i]);
        double limit = cpupeak_bandwidth((size_t)bytes) / bytes, cps = L / written[i];
        char v[2][48];
        printf(cli_label(LBL_CLI_BENCH_WRITTEN), wprec_name(w->m[i].prec),
               app_num(lang, cps, 0, v[0], sizeof v[0]),
               app_share(lang, 100 * cps / limit, 0, v[1], sizeof v[1]));
        putchar('\n');
    }
}

/* The precisions side by side at the last length L (best of `rounds`,
 * time_weights): the bytes of weights a cached step reads, the model's
 * characters per second (its passes alone, without the sampler), the
 * memory-bound limit for those bytes at the bandwidth measured on a buffer of
 * that size, the share of it, and the speed against float32's in this same
 * run. */
static int print_weights(WeightRuns *w, int L, int rounds, int json, TsErr *err)
{
    double best[BENCH_MAX_WEIGHTS], written[BENCH_MAX_WEIGHTS];
    if (time_weights(w, L, rounds, best, written, err) != 0)
        return -1;
    double fp32_cps = 0.0;
    for (int i = 0; i < w->n; i++)
        if (w->m[i].prec == WPREC_FP32)
            fp32_cps = L / best[i];
    AppLang lang = cli_lang();
    if (json)
        fputs("], \"weights\": [", stdout);
    else {
        printf("%s\n ", cli_label(LBL_CLI_BENCH_WEIGHTS));
        const char *cols = cli_label(LBL_CLI_BENCH_WEIGHTS_COLS);
        static const int WIDTH[6] = {9, 15, 11, 10, 13, 10};
        for (int c = 0; c < 6; c++) {
            size_t len = strcspn(cols, "|");
            char head[64];
            snprintf(head, sizeof head, "%.*s", (int)len, cols);
            cli_put_right(stdout, head, WIDTH[c]);
            cols += cols[len] ? len + 1 : len;
        }
        putchar('\n');
    }
    for (int i = 0; i < w->n; i++) {
        double bytes = (double)model_param_bytes(&w->m[i]);
        double bw = cpupeak_bandwidth((size_t)bytes), limit = bw / bytes;
        double cps = L / best[i], vs = fp32_cps > 0 ? cps / fp32_cps : 0.0;
        if (json) {
            printf("%s{\"weights\": \"%s\", \"bytes_per_char\": %.0f, \"model_chars_per_s\": %.0f, "
                   "\"memory_bound_chars_per_s\": %.0f, \"memory_bound_ratio\": %.3f, "
                   "\"written_chars_per_s\": %.0f, \"written_ratio\": %.3f, "
                   "\"bandwidth_gb_s\": %.1f, \"vs_fp32\": %.3f}",
                   i ? ", " : "", wprec_name(w->m[i].prec), bytes, cps, limit, cps / limit,
                   L / written[i], L / written[i] / limit, bw / 1e9, vs);
            continue;
        }
        char v[5][48];
        printf(" ");
        cli_put_right(stdout, wprec_name(w->m[i].prec), 9);
        cli_put_right(stdout, app_bytes(lang, bytes, v[0], sizeof v[0]), 15);
        cli_put_right(stdout, app_num(lang, cps, 0, v[1], sizeof v[1]), 11);
        cli_put_right(stdout, app_num(lang, limit, 0, v[2], sizeof v[2]), 10);
        cli_put_right(stdout, app_share(lang, 100 * cps / limit, 0, v[3], sizeof v[3]), 13);
        char ratio[48];
        snprintf(ratio, sizeof ratio, "%s×", app_num(lang, vs, 2, v[4], sizeof v[4]));
        cli_put_right(stdout, fp32_cps > 0 ? ratio : "-", 10);
        putchar('\n');
    }
    if (!json)
        print_written(w, L, written);
    if (json)
        putchar(']');
    return 0;
}

/* Write `chars` characters from the start of a poem with the sampler
 * settings set and the given seed; newlines do not stop it (pure decoding).
 * g->model_s and g->sampler_s grow by the time each part took. Returns 0, or
 * -1 with err. */
static int bench_decode(Generator *g, int chars, const SamplerSettings *set, uint64_t seed,
                        TsErr *err)
{
    Rng rng;
    rng_seed(&rng, seed);
    if (gen_start(g, NULL, 0, PROMPT_POEM_START, err) != 0)
        return -1;
    for (int i = 0; i < chars; i++)
        if (gen_sample(g, set, NULL, &rng, err) < 0)
            return -1;
    return 0;
}

/* The sampler's settings in a row of the table, in the interface language:
 * the settings that are on, in the table's order (sampler.h), then the
 * temperature; each number with as few decimals as it needs (one at least). */
enum { SETTING_COLS = 64 };
static void setting_name(const SamplerSettings *set, char *out, size_t size)
{
    AppLang lang = cli_lang();
    const char *comma = cli_label(LBL_CLI_COMMA);
    char num[32];
    size_t n = 0;
    out[0] = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < SET_COUNT; i++) {
            SamplerSettingId id = (SamplerSettingId)i;
            if ((id == SET_TEMPERATURE) != (pass == 1) || (pass == 0 && sampler_setting_off(set, id)))
                continue;
            double v = sampler_setting_get(set, id);
            int d = 1;
            while (d < 3 && fabs(v * pow(10, d) - round(v * pow(10, d))) > 1e-4)
                d++;
            if (SAMPLER_SETTINGS[i].integer)
                app_format_count(lang, (long)v, num, sizeof num);
            else
                app_num(lang, v, d, num, sizeof num);
            if (pass == 1 && n == 0)
                n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%s", cli_label(LBL_CLI_FILTERS_OFF), comma);
            n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s %s%s", app_setting_word(cli_lang(), id), num,
                                  pass == 0 ? comma : "");
        }
}

/* A row of the sampler's table: its name in the JSON, and the settings it
 * changes from sampler_defaults by their names (sampler.h), up to the first
 * empty one. */
typedef struct {
    const char *name;
    struct {
        const char *setting;
        double value;
    } change[4];
} BenchSamplerRow;

static const BenchSamplerRow SAMPLER_ROWS[] = {
    {.name = "filters off, temperature 1.0"},
    {.name = "top-k 20, temperature 1.0", .change = {{"top-k", 20}}},
    {.name = "top-p 0.9, temperature 1.0", .change = {{"top-p", 0.9}}},
    {.name = "top-p 0.9, temperature 1.5", .change = {{"top-p", 0.9}, {"temperature", 1.5}}},
    {.name = "min-p 0.05, temperature 1.0", .change = {{"min-p", 0.05}}},
    {.name = "top-k 5000, temperature 1.5", .change = {{"top-k", 5000}, {"temperature", 1.5}}},
    {.name = "top-p 0.999, temperature 3.0", .change = {{"top-p", 0.999}, {"temperature", 3.0}}},
    {.name = "all: k 40, p 0.95, min-p 0.02, penalty 1.3",
     .change = {{"top-k", 40}, {"top-p", 0.95}, {"min-p", 0.02}, {"repetition-penalty", 1.3}}},
};

/* The row's settings; -1 with err for a name the table does not know. */
static int bench_row_settings(const BenchSamplerRow *row, SamplerSettings *set, TsErr *err)
{
    *set = sampler_defaults();
    for (size_t i = 0; i < sizeof row->change / sizeof row->change[0] && row->change[i].setting; i++) {
        int id = sampler_setting_find(row->change[i].setting);
        if (id < 0)
            return ts_fail(err, "bench: no sampler setting is called %s", row->change[i].setting);
        sampler_setting_set(set, (SamplerSettingId)id, row->change[i].value);
    }
    return 0;
}

/* The sampler beside the model: for each setting, ms per cached character
 * of each (the best of `repeat` runs of 120 characters from the start of a
 * poem, each part's best on its own), on this thread. */
enum { SAMPLER_CHARS = 120 }; /* characters each run of a sampler row writes */

/* The sampler table's heading: what was timed, then the columns. */
static void sampler_heading(int repeat)
{
    char runs[32], chars[32];
    app_format_count(cli_lang(), repeat, runs, sizeof runs);
    app_format_count(cli_lang(), SAMPLER_CHARS, chars, sizeof chars);
    printf(cli_label(LBL_CLI_BENCH_SAMPLER), runs, chars);
    fputs("\n  ", stdout);
    cli_put_left(stdout, cli_label(LBL_CLI_SETTING), SETTING_COLS);
    cli_put_right(stdout, cli_label(LBL_MODEL), 9);
    cli_put_right(stdout, cli_label(LBL_CLI_SAMPLER_COL), 9);
    cli_put_right(stdout, cli_label(LBL_CLI_SHARE), 9);
    putchar('\n');
}

/* The best of repeat runs of SAMPLER_CHARS characters with set: the model's
 * and the sampler's milliseconds per character. */
static int time_sampler_row(Generator *g, const SamplerSettings *set, int repeat,
                            double *model_ms, double *sampler_ms, TsErr *err)
{
    double best_model = 1e30, best_sampler = 1e30;
    for (int k = 0; k < repeat; k++) {
        double m0 = g->model_s, s0 = g->sampler_s;
        if (bench_decode(g, SAMPLER_CHARS, set, 42, err) != 0)
            return -1;
        double dm = g->model_s - m0, ds = g->sampler_s - s0;
        best_model = dm < best_model ? dm : best_model;
        best_sampler = ds < best_sampler ? ds : best_sampler;
    }
    *model_ms = 1000 * best_model / SAMPLER_CHARS;
    *sampler_ms = 1000 * best_sampler / SAMPLER_CHARS;
    return 0;
}

/* One row of the table, or of the JSON list (r: its place in it). */
static void sampler_row_print(const BenchSamplerRow *row, const SamplerSettings *set, size_t r,
                              double model_ms, double sampler_ms, int json)
{
    double share = 100 * sampler_ms / (model_ms + sampler_ms);
    if (json) {
        printf("%s{\"setting\": ", r ? ", " : "");
        json_write_string(stdout, row->name);
        printf(", \"model_ms\": %.4f, \"sampler_ms\": %.4f, \"sampler_share\": %.3f}",
               model_ms, sampler_ms, share / 100);
        return;
    }
    AppLang lang = cli_lang();
    char name[256], a[32], b[32], c[32];
    setting_name(set, name, sizeof name);
    fputs("  ", stdout);
    cli_put_left(stdout, name, SETTING_COLS);
    cli_put_right(stdout, app_num(lang, model_ms, 3, a, sizeof a), 9);
    cli_put_right(stdout, app_num(lang, sampler_ms, 3, b, sizeof b), 9);
    cli_put_right(stdout, app_share(lang, share, 0, c, sizeof c), 9);
    putchar('\n');
}

/* What the sampler costs beside the model, one row per SAMPLER_ROWS setting. */
static void time_sampler(Generator *g, int repeat, int json, Progress *prog, TsErr *err)
{
    size_t rows = sizeof SAMPLER_ROWS / sizeof SAMPLER_ROWS[0];
    progress_stage(prog, cli_label(LBL_PROGRESS_BENCH_SAMPLER), (long)rows, LBL_PROGRESS_RUNS);
    progress_clear(prog);
    if (json)
        fputs(", \"sampler\": [", stdout);
    else
        sampler_heading(repeat);
    for (size_t r = 0; r < rows; r++) {
        SamplerSettings set;
        double model_ms, sampler_ms;
        progress_update(prog, (long)r);
        if (bench_row_settings(&SAMPLER_ROWS[r], &set, err) != 0 ||
            time_sampler_row(g, &set, repeat, &model_ms, &sampler_ms, err) != 0)
            return;
        progress_clear(prog);
        sampler_row_print(&SAMPLER_ROWS[r], &set, r, model_ms, sampler_ms, json);
    }
    if (json)
        putchar(']');
}

/* Best-of-repeat seconds for the full pass over a whole context. */
static double time_prefill(Infer *inf, int repeat, Progress *prog)
{
    const ModelConfig *cfg = &inf->m->cfg;
    int T = cfg->context;
    int *toks = malloc((size_t)T * sizeof(int));
    if (!toks)
        return -1.0;
    for (int i = 0; i < T; i++)
        toks[i] = i % cfg->vocab_size;
    double best = 1e30;
    progress_stage(prog, cli_label(LBL_PROGRESS_BENCH_PREFILL), repeat, LBL_PROGRESS_RUNS);
    for (int r = 0; r < repeat; r++) {
        infer_reset(inf);
        double t0 = ts_now();
        infer_forward(inf, toks, T);
        double dt = ts_now() - t0;
        best = dt < best ? dt : best;
        progress_update(prog, r + 1);
    }
    free(toks);
    return best;
}

/* A keystroke in the explorer at a full context: the model reads the window
 * in one pass, and the explorer's own next-character view follows
 * (nextview_compute, as app_predict calls it: its default settings, the
 * sampler's stages, the top 8 and their training-text counts). Best-of-repeat
 * milliseconds, or -1 with `why` saying what kept it from being measured. */
static double time_keystroke(Generator *g, int repeat, Progress *prog, int *threads, char *why,
                             size_t why_size)
{
    const Model *m = g->m;
    int T = m->cfg.context;
    TsErr err;
    Corpus corpus;
    if (corpus_load_or_build(&corpus, cli_asset("tang-train.txt"), cli_cache_dir(), &err) != 0) {
        snprintf(why, why_size, ts_text("no training text: %s"), err.msg);
        return -1.0;
    }
    SamplerSettings set = gen_default_settings(); /* what the explorer starts with */
    Form free_form;
    form_init_free(&free_form);
    NextView view = {0};
    int *prompt = malloc((size_t)T * sizeof(int));
    double best = 1e30;
    snprintf(why, why_size, "%s", ts_text("out of memory"));
    /* a context from the training text itself, from its middle on: only
     * characters the model knows (another model's vocabulary may lack many) */
    size_t got = 0;
    for (size_t i = 0; prompt && i < corpus.n && got < (size_t)T; i++) {
        int id = vocab_id(&m->vocab, corpus.text[(corpus.n / 2 + i) % corpus.n]);
        if (id >= 0)
            prompt[got++] = id;
    }
    if (prompt && got < (size_t)T)
        snprintf(why, why_size,
                 ts_text("the training text has only %zu characters this model knows, and a "
                         "full context is %d"),
                 got, T);
    if (prompt && got == (size_t)T && nextview_init(&view, m, &g->ss, &err) == 0) {
        int before = ts_threads();
        ts_set_threads(0); /* as many as the explorer uses: every core */
        *threads = ts_threads();
        progress_stage(prog, cli_label(LBL_PROGRESS_BENCH_KEY), repeat, LBL_PROGRESS_RUNS);
        for (int rep = 0; rep < repeat; rep++) {
            double t0 = ts_now();
            if (gen_start(g, prompt, (size_t)T, PROMPT_MID_TEXT, &err) != 0 ||
                nextview_compute(&view, g, &set, &free_form, &corpus, &err) != 0) {
                snprintf(why, why_size, "%s", err.msg);
                best = 1e30;
                break;
            }
            double dt = ts_now() - t0;
            best = dt < best ? dt : best;
            progress_update(prog, rep + 1);
        }
        ts_set_threads(before);
    }
    nextview_free(&view);
    free(prompt);
    corpus_free(&corpus);
    return best < 1e30 ? 1000 * best : -1.0;
}

/* In JSON, close_runs: the runs' array is still open (no weights table). */
static void print_summary(const Model *m, double cached_cps, double prefill_s, double key_ms,
                          int key_threads, const char *key_why, int json, int close_runs)
{
    int T = m->cfg.context, C = m->cfg.n_embd, L = m->cfg.n_layer, V = m->cfg.vocab_size;
    double weight_bytes = (double)model_param_bytes(m);
    double bw = cpupeak_bandwidth((size_t)weight_bytes), limit = bw / weight_bytes;
    /* multiply-adds of the full pass: linear layers, attention, output layer */
    double macs = (double)T * L * 12.0 * C * C + (double)L * C * T * (T + 1) + (double)C * V;
    double peak = cpupeak_fma(), rate = macs / prefill_s;
    size_t per_char = infer_cache_bytes_per_char(&m->cfg);
    if (json) {
        printf("%s\"cached_chars_per_s\": %.0f, \"memory_bound_chars_per_s\": %.0f, "
               "\"memory_bound_ratio\": %.3f, \"bandwidth_gb_s\": %.1f, \"weight_bytes\": %.0f, "
               "\"prefill_chars\": %d, \"prefill_ms\": %.3f, \"prefill_gmac_s\": %.1f, "
               "\"fma_peak_gmac_s\": %.1f, \"prefill_peak_ratio\": %.3f, "
               "\"cache_bytes_per_char\": %zu, \"cache_bytes_full\": %zu, ",
               close_runs ? "], " : ", ", cached_cps, limit, cached_cps / limit, bw / 1e9, weight_bytes, T, 1000 * prefill_s,
               rate / 1e9, peak / 1e9, rate / peak, per_char, per_char * (size_t)T);
        if (key_ms >= 0) {
            printf("\"keystroke_ms\": %.3f, \"keystroke_threads\": %d", key_ms, key_threads);
        } else {
            fputs("\"keystroke_ms\": null, \"keystroke_not_measured\": ", stdout);
            json_write_string(stdout, key_why);
        }
        return;
    }
    AppLang lang = cli_lang();
    char v[6][48];
    printf("  ");
    printf(cli_label(LBL_CLI_BENCH_CACHED), app_num(lang, cached_cps, 0, v[0], sizeof v[0]),
           app_num(lang, limit, 0, v[1], sizeof v[1]), app_bytes(lang, weight_bytes, v[2], sizeof v[2]),
           app_num(lang, bw / 1073741824.0, 1, v[3], sizeof v[3]), /* GiB/s, as the weights' MiB */
           app_share(lang, 100 * cached_cps / limit, 0, v[4], sizeof v[4]));
    printf("\n  ");
    app_format_count(lang, T, v[0], sizeof v[0]);
    printf(cli_label(LBL_CLI_BENCH_PREFILL), v[0], app_num(lang, 1000 * prefill_s, 3, v[1], sizeof v[1]),
           app_num(lang, rate / 1e9, 1, v[2], sizeof v[2]),
           app_share(lang, 100 * rate / peak, 0, v[3], sizeof v[3]),
           app_num(lang, peak / 1e9, 1, v[4], sizeof v[4]));
    printf("\n  ");
    printf(cli_label(LBL_CLI_BENCH_CACHE), app_bytes(lang, (double)per_char, v[1], sizeof v[1]),
           app_bytes(lang, (double)per_char * T, v[2], sizeof v[2]), v[0]);
    printf("\n  ");
    if (key_ms >= 0) {
        app_format_count(lang, key_threads, v[1], sizeof v[1]);
        printf(cli_label(LBL_CLI_BENCH_KEY), v[0], v[1], app_num(lang, key_ms, 3, v[2], sizeof v[2]));
    } else {
        printf(cli_label(LBL_CLI_BENCH_KEY_NONE), key_why);
    }
    putchar('\n');
}

/* --weights LIST ("fp32,bf16,int8") into w's precisions; NULL: the file's
 * precision alone. Loads the model once for each. Returns 0 or the exit
 * status after printing why. */
static int load_weight_runs(WeightRuns *w, const char **path, const char *list, int context)
{
    TsErr err;
    TsQuoted q;
    WeightPrec want[BENCH_MAX_WEIGHTS];
    w->n = 0;
    w->named = list != NULL;
    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ",");
        char name[16];
        snprintf(name, sizeof name, "%.*s", (int)(len < 15 ? len : 15), p);
        if (w->n == BENCH_MAX_WEIGHTS || wprec_parse(name, &want[w->n]) != 0)
            return cli_error("bench", EXIT_USAGE,
                             "--weights must be a comma-separated list of fp32, bf16 and int8, "
                             "each once at most, not %s", ts_quote(&q, list));
        for (int i = 0; i < w->n; i++)
            if (want[i] == want[w->n])
                return cli_error("bench", EXIT_USAGE, "--weights names %s twice",
                                 wprec_name(want[i]));
        w->n++;
        p += p[len] ? len + 1 : len;
    }
    if (list && w->n == 0)
        return cli_error("bench", EXIT_USAGE, "--weights needs at least one of fp32, bf16, int8");
    int n = list ? w->n : 1;
    w->n = 0;
    for (int i = 0; i < n; i++) {
        const char *name = *path;
        if (load_bench_model(&w->m[i], &name, context, &err) != 0)
            return cli_error("bench", EXIT_USAGE, "%s", err.msg);
        w->n++;
        w->random = name != *path; /* load_bench_model names random weights so */
        if (list && model_set_precision(&w->m[i], want[i], &err) != 0)
            return cli_error("bench", 1, "%s", err.msg);
        if (cachecmp_init(&w->cc[i], &w->m[i], &err) != 0)
            return cli_error("bench", 1, "%s", err.msg);
        if (i == n - 1)
            *path = name;
    }
    return 0;
}

/* Room for the curves of n characters (a plot needs two points at least:
 * fewer, no curve). Returns 0, or -1 when memory runs out. */
static int curve_alloc(LengthCurve *c, int n)
{
    memset(c, 0, sizeof *c);
    if (n < 2)
        return 0;
    double *all = calloc((size_t)n * 4, sizeof *all);
    if (!all)
        return -1;
    *c = (LengthCurve){n, all, all + n, all + 2 * n, all + 3 * n};
    return 0;
}

static void free_weight_runs(WeightRuns *w)
{
    free(w->curve.step_c); /* the block of all four */
    w->curve = (LengthCurve){0};
    for (int i = 0; i < w->n; i++) {
        cachecmp_free(&w->cc[i]);
        model_free(&w->m[i]);
    }
    w->n = 0;
}

/* What follows the lengths, for the first precision: the summary (memory
 * limit, full pass, cache, keystroke) and the sampler's share. */
static int bench_rest(WeightRuns *w, double cps, int repeat, int json, ContextPolicy policy)
{
    TsErr err;
    CacheCompare *cc = &w->cc[0];
    double prefill = time_prefill(&cc->cached.inf, repeat, w->prog);
    if (prefill < 0) {
        progress_end(w->prog);
        return cli_error("bench", 1, "out of memory");
    }
    int key_threads = 1;
    char key_why[TS_ERR_MAX + 32];
    double key_ms =
        time_keystroke(&cc->cached, repeat, w->prog, &key_threads, key_why, sizeof key_why);
    progress_clear(w->prog);
    print_summary(&w->m[0], cps, prefill, key_ms, key_threads, key_why, json, !w->named);
    gen_set_policy(&cc->cached, policy);
    if (!w->random)
        time_sampler(&cc->cached, repeat, json, w->prog, &err);
    else if (!json)
        puts(cli_label(LBL_CLI_BENCH_NO_SAMPLER));
    progress_end(w->prog);
    if (json)
        puts("}");
    return 0;
}

/* What bench (generation) was asked for. */
typedef struct {
    const char *model_path, *lengths, *weights;
    int repeat, json, context, quiet;
    int repeat_given; /* --repeat was given: every length gets all its rounds */
    ContextPolicy policy;
} BenchGenArgs;

static int bench_generate(const BenchGenArgs *a)
{
    int lengths[32], n_len, repeat = a->repeat, json = a->json;
    const char *model_path = a->model_path, *weights = a->weights;
    ContextPolicy policy = a->policy;
    TsQuoted q;
    if (parse_lengths(a->lengths, lengths, 32, &n_len) != 0)
        return cli_error("bench", EXIT_USAGE,
                         "--lengths must be up to 32 comma-separated integers in 1..100000, not %s",
                         ts_quote(&q, a->lengths));
    TsErr err;
    Progress prog;
    WeightRuns w = {.prog = &prog, .budget = a->repeat_given ? 0.0 : LENGTH_BUDGET_S};
    progress_start(&prog, a->quiet, NULL, 0, LBL_PROGRESS_RUNS); /* drawn from the first stage on */
    if (curve_alloc(&w.curve, lengths[n_len - 1]) != 0)
        return cli_error("bench", 1, "out of memory");
    int rc = load_weight_runs(&w, &model_path, weights, a->context);
    if (rc) {
        free_weight_runs(&w);
        return rc;
    }
    if (json)
        printf("{\"context_policy\": \"%s\", \"runs\": [", gen_policy_name(policy));
    else {
        char ctx[32], set_name[256];
        TsQuoted shown;
        SamplerSettings set = sampler_defaults(); /* what length_run writes with */
        setting_name(&set, set_name, sizeof set_name);
        app_format_count(cli_lang(), w.m[0].cfg.context, ctx, sizeof ctx);
        printf(cli_label(LBL_CLI_BENCH_HEAD), set_name,
               w.random ? cli_label(LBL_CLI_BENCH_RANDOM) : cli_shown_path(&shown, model_path), ctx,
               gen_policy_name(policy));
        putchar('\n');
    }
    double cps = time_lengths(&w, lengths, n_len, repeat, policy, json, &err);
    progress_clear(&prog);
    if (cps < 0) /* the model's numbers (non-finite scores, no newline to start a poem) */
        rc = cli_error("bench", EXIT_USAGE, "generation failed: %s", err.msg);
    else {
        if (weights && print_weights(&w, lengths[n_len - 1], 5 * repeat, json, &err) != 0)
            rc = cli_error("bench", EXIT_USAGE, "generation failed: %s", err.msg);
        if (rc == 0)
            rc = bench_rest(&w, cps, repeat, json, policy);
    }
    progress_end(&prog);
    free_weight_runs(&w);
    return rc;
}

/* The options each benchmark reads; any other given is refused, not ignored. */
static const char *const GENERATE_OPTS[] = {"--context", "--context-policy", "--lengths",
                                            "--repeat", "--model", "--weights", "--json",
                                            "--quiet", "--ascii", NULL};
static const char *const TRAIN_OPTS[] = {"--train", "--steps", "--batch", "--seq", "--threads",
                                         "--precision", "--json", "--quiet", NULL};
static const char *const UI_OPTS[] = {"--ui", "--model", "--json", NULL};
static const char *const LESSONS_OPTS[] = {"--lessons", "--model", NULL};

static int refuse_unused(int argc, char **argv, int train, int ui, int lessons)
{
    if (train + ui + lessons > 1)
        return cli_error("bench", EXIT_USAGE, "--train, --ui and --lessons are three benchmarks: "
                                              "run one at a time");
    const char *const *used = train ? TRAIN_OPTS : ui ? UI_OPTS : lessons ? LESSONS_OPTS
                                                                         : GENERATE_OPTS;
    const char *mode = train     ? "bench --train"
                       : ui      ? "bench --ui"
                       : lessons ? "bench --lessons"
                                 : "bench (generation)";
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--", 2) != 0)
            continue; /* a value */
        size_t n = strcspn(argv[i], "=");
        int known = n == 6 && strncmp(argv[i], "--lang", 6) == 0; /* every command's */
        for (int k = 0; used[k] && !known; k++)
            known = strlen(used[k]) == n && strncmp(argv[i], used[k], n) == 0;
        if (!known) {
            TsQuoted q;
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), argv[i]);
            return cli_error("bench", EXIT_USAGE, cli_label(LBL_CLI_BENCH_UNUSED), mode,
                             ts_quote(&q, name));
        }
    }
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    const char *precision = NULL;
    int quiet = 0, ascii = 0, train = 0, ui = 0, lessons = 0, steps = 10, batch = 32, seq = 128, threads = 0, json = 0, repeat = 10;
    const char *lengths = "32,64,120", *model_path = NULL, *policy_name = NULL, *weights = NULL;
    int context = 0;
    Opt opts[] = {
        {"--context", OPT_INT, &context, 1, 8192},
        {"--context-policy", OPT_STR, &policy_name, 0, 0},
        {"--lengths", OPT_STR, &lengths, 0, 0},  {"--repeat", OPT_INT, &repeat, 1, 1000},
        {"--model", OPT_STR, &model_path, 0, 0},
        {"--train", OPT_FLAG, &train, 0, 0},     {"--steps", OPT_INT, &steps, 1, 100000},
        {"--batch", OPT_INT, &batch, 1, 4096},   {"--seq", OPT_INT, &seq, 1, 8192},
        {"--threads", OPT_INT, &threads, 0, 1024}, {"--json", OPT_FLAG, &json, 0, 0},
        {"--ui", OPT_FLAG, &ui, 0, 0},           {"--lessons", OPT_FLAG, &lessons, 0, 0},
        {"--precision", OPT_STR, &precision, 0, 0},
        {"--weights", OPT_STR, &weights, 0, 0},
        {"--quiet", OPT_FLAG, &quiet, 0, 0},
        {"--ascii", OPT_FLAG, &ascii, 0, 0},
    };
    int rc = cli_parse("bench", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       NULL, 0, NULL);
    if (rc)
        return rc == 1 ? 0 : rc;
    if ((rc = refuse_unused(argc, argv, train, ui, lessons)) != 0)
        return rc;
    if (train) {
        int bf16 = precision ? cli_precision("bench", precision) : -1;
        if (precision && bf16 < 0)
            return EXIT_USAGE;
        cli_set_threads(threads);
        BenchTrainArgs ta = {steps, batch, seq, bf16, json, quiet};
        return bench_train(&ta);
    }
    if (lessons) {
        cli_set_threads(0); /* as the explorer runs: every core */
        return bench_lessons(model_path);
    }
    if (ui) {
        cli_set_threads(0); /* as the explorer runs: every core */
        return bench_ui(model_path ? model_path : cli_asset("tang.bin"), json);
    }
    ContextPolicy policy = CONTEXT_SHIFT;
    TsQuoted qp;
    if (policy_name && gen_policy_parse(policy_name, &policy) != 0)
        return cli_error("bench", EXIT_USAGE, cli_label(LBL_CLI_EITHER), "--context-policy", "shift",
                         "slide", ts_quote(&qp, policy_name));
    if (ascii)
        textw_use_ascii();
    cli_set_threads(1);
    BenchGenArgs ga = {.model_path = model_path ? model_path : cli_asset("tang.bin"),
                       .lengths = lengths, .weights = weights, .repeat = repeat, .json = json,
                       .context = context, .quiet = quiet, .policy = policy,
                       .repeat_given = cli_flag_given(argc, argv, "--repeat")};
    return bench_generate(&ga);
}
