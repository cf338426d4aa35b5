/* test_train.c - training: the loss falls, the schedule, checkpoints and resume. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "engine/fileio.h"
#include "engine/generate.h"
#include "engine/model.h"
#include "engine/checkpoint.h"
#include "engine/train.h"

/* A tiny corpus with structure to learn: a few poems repeated. */
static const char *CORPUS = "白日依山尽，黄河入海流。欲穷千里目，更上一层楼。\n"
                            "春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。\n"
                            "床前明月光，疑是地上霜。举头望明月，低头思故乡。\n";

typedef struct {
    Model model;
    Trainer tr;
    int *data;
    size_t n;
} Run;

static int run_init_batch(Run *r, uint64_t seed, int short_every, int batch);
static int run_init_precision(Run *r, uint64_t seed, int short_every, int batch, int bf16);

static int run_init(Run *r, uint64_t seed) { return run_init_batch(r, seed, 0, 8); }

static int run_init_short(Run *r, uint64_t seed, int short_every)
{
    return run_init_batch(r, seed, short_every, 8);
}

static int run_init_batch(Run *r, uint64_t seed, int short_every, int batch)
{
    return run_init_precision(r, seed, short_every, batch, -1);
}

/* bf16: 1 or 0 for bfloat16 or float32 products, -1 for the default */
static int run_init_precision(Run *r, uint64_t seed, int short_every, int batch, int bf16)
{
    TsErr err;
    memset(r, 0, sizeof *r);
    /* the corpus three times over */
    size_t len = strlen(CORPUS);
    char *text = malloc(3 * len + 1);
    for (int i = 0; i < 3; i++)
        memcpy(text + i * len, CORPUS, len);
    text[3 * len] = 0;
    Vocab v;
    CHECK(vocab_build(&v, text, 3 * len, "corpus", &err) == 0, "%s", err.msg);
    ModelConfig mc = {.n_layer = 2, .n_embd = 32, .n_head = 4, .context = 16, .vocab_size = v.size};
    TrainConfig tc = train_config_default();
    tc.seed = seed;
    tc.batch = batch;
    tc.seq = 16;
    tc.steps = 60;
    tc.warmup = 5;
    tc.lr = 3e-3f;
    tc.short_every = short_every;
    tc.short_seq = 4;
    if (bf16 >= 0)
        tc.bf16 = bf16;
    int ok = model_init(&r->model, &mc, &v, seed, &err) == 0 &&
             vocab_encode(&r->model.vocab, text, 3 * len, "corpus", &r->data, &r->n, &err) == 0 &&
             trainer_init(&r->tr, &r->model, &tc, &err) == 0;
    CHECK(ok, "%s", err.msg);
    vocab_free(&v);
    free(text);
    return ok ? 0 : -1;
}

static void run_free(Run *r)
{
    trainer_free(&r->tr);
    model_free(&r->model);
    free(r->data);
}

static float run_steps(Run *r, int steps, float *losses)
{
    float loss = 0.0f;
    for (int i = 0; i < steps; i++) {
        trainer_sample_batch(&r->tr, r->data, r->n);
        loss = trainer_step(&r->tr, NULL);
        if (losses)
            losses[i] = loss;
    }
    return loss;
}

static void test_loss_falls(void)
{
    Run r;
    if (run_init(&r, 1) != 0)
        return;
    float losses[60];
    run_steps(&r, 60, losses);
    float first = (losses[0] + losses[1] + losses[2]) / 3, last = (losses[57] + losses[58] + losses[59]) / 3;
    /* uniform guessing over the vocabulary costs log V nats */
    CHECK(fabsf(losses[0] - logf((float)r.model.cfg.vocab_size)) < 0.3f,
          "the first loss %.3f should be near log V = %.3f", (double)losses[0],
          log(r.model.cfg.vocab_size));
    CHECK(last < first - 1.5f, "loss fell only from %.3f to %.3f in 60 steps", (double)first,
          (double)last);
    size_t count;
    double eval;
    TsErr err;
    CHECK(gpt_eval_loss(&r.model, &r.tr.acts, r.data, r.n, 16, &eval, &count, &err) == 0, "%s",
          err.msg);
    CHECK(count == r.n - 1, "evaluation predicted %zu of %zu characters", count, r.n - 1);
    CHECK(eval < (double)first - 1.5, "evaluation loss %.3f is not well below the start", eval);
    run_free(&r);
}

/* The training pass (loss and its gradient in one pass over each row of
 * logits) gives the same loss and gradients, to the bit, as a forward pass
 * and a backward pass. */
static void test_train_pass_same_as_forward_backward(void)
{
    Run r;
    if (run_init(&r, 5) != 0)
        return;
    trainer_sample_batch(&r.tr, r.data, r.n);
    size_t n = r.model.n_params;
    float *g2 = calloc(n, sizeof(float)), *g1 = calloc(n, sizeof(float));
    ParamPtrs p1, p2;
    param_point(&p1, g1, &r.model.cfg);
    param_point(&p2, g2, &r.model.cfg);
    int B = r.tr.tc.batch, T = r.tr.tc.seq;
    float l1 = gpt_train_pass(&r.model, &r.tr.acts, &p1, r.tr.inputs, r.tr.targets, B, T);
    float l2 = gpt_forward(&r.model, &r.tr.acts, r.tr.inputs, r.tr.targets, B, T);
    gpt_backward(&r.model, &r.tr.acts, &p2, r.tr.inputs, r.tr.targets, B, T);
    CHECK(l1 == l2, "loss %.9g in one pass, %.9g in two", (double)l1, (double)l2);
    CHECK(memcmp(g1, g2, n * sizeof(float)) == 0, "the gradients differ");
    double norm = 0.0;
    for (size_t i = 0; i < n; i++)
        norm += (double)g1[i] * g1[i];
    CHECK(norm > 0.0, "no gradient at all");
    free(g1);
    free(g2);
    run_free(&r);
}

/* In bfloat16 the threads take pieces of work in turn and every sum runs
 * over fixed pieces in a fixed order, so one thread and two train alike, to
 * the bit. (In float32 that rests on the BLAS library as well.) Wherever the
 * build has the products, also where they are not the default (AVX2). */
static void test_threads_same_losses(void)
{
    int saved = ts_threads();
    ts_set_threads(saved < 2 ? 2 : saved); /* scratch for two threads at least */
    if (ts_threads() < 2) {
        SKIP("a build without OpenMP (make OPENMP=0) has one thread");
        return;
    }
    Run runs[2];
    float losses[2][10];
    for (int k = 0; k < 2; k++)
        if (run_init_precision(&runs[k], 7, 0, 48, gemm_bf16_available()) != 0) /* 768 rows */
            return;
    if (runs[0].tr.tc.bf16) {
        for (int k = 0; k < 2; k++) {
            ts_set_threads(k + 1);
            run_steps(&runs[k], 10, losses[k]);
        }
        CHECK(memcmp(losses[0], losses[1], sizeof losses[0]) == 0,
              "losses with one thread and with two differ (step 10: %.7f, %.7f)",
              (double)losses[0][9], (double)losses[1][9]);
        CHECK(memcmp(runs[0].model.params, runs[1].model.params, runs[0].model.n_params * 4) == 0,
              "weights with one thread and with two differ");
    } else {
        SKIP("bfloat16 products turned off (TANGSCOPE_NO_BF16 set)");
    }
    ts_set_threads(saved);
    run_free(&runs[0]);
    run_free(&runs[1]);
}

static void test_schedule(void)
{
    TrainConfig tc = train_config_default();
    tc.steps = 1000, tc.warmup = 100, tc.lr = 1e-3f, tc.lr_min = 1e-4f;
    CHECK(fabsf(train_lr(&tc, 0) - 1e-5f) < 1e-9f, "warm-up starts at lr/warmup");
    CHECK(fabsf(train_lr(&tc, 99) - 1e-3f) < 1e-9f, "warm-up ends at the peak");
    CHECK(fabsf(train_lr(&tc, 550) - 5.5e-4f) < 1e-7f, "the cosine is halfway at the middle: %g",
          (double)train_lr(&tc, 550));
    CHECK(fabsf(train_lr(&tc, 1000) - 1e-4f) < 1e-9f, "the schedule ends at lr_min");
    for (int s = 100; s < 1000; s++)
        CHECK(train_lr(&tc, s + 1) <= train_lr(&tc, s), "the decay rises at step %d", s);
}

static void resume_same_losses(int short_every)
{
    char dir[] = "/tmp/tangscope-train-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(0, "mkdtemp");
        return;
    }
    char ckpt[128];
    snprintf(ckpt, sizeof ckpt, "%s/run.ckpt", dir);
    TsErr err;
    Run straight, first;
    if (run_init_short(&straight, 5, short_every) != 0 || run_init_short(&first, 5, short_every) != 0)
        return;
    float want[20], got[20];
    run_steps(&straight, 20, want);
    run_steps(&first, 13, got);
    /* what the checkpoint remembers besides: the files and the time */
    CHECK(train_text_set(&first.tr.data_text, "/nonexistent/train.txt", "abc", 3, &err) == 0,
          "%s", err.msg);
    first.tr.elapsed_s = 12.5;
    CHECK(checkpoint_save(&first.tr, ckpt, &err) == 0, "%s", err.msg);
    int *data = first.data;
    size_t n = first.n;
    first.data = NULL;
    run_free(&first);

    Run second;
    memset(&second, 0, sizeof second);
    CHECK(checkpoint_load(&second.model, &second.tr, ckpt, -1, &err) == 0, "%s", err.msg);
    second.data = data;
    second.n = n;
    CHECK(second.tr.step == 13, "resumed at step %d", second.tr.step);
    /* "abc": CRC-32 0x352441C2 (zlib.crc32(b"abc")), 3 bytes; no validation text */
    CHECK(second.tr.knows_texts && second.tr.data_text.path &&
              strcmp(second.tr.data_text.path, "/nonexistent/train.txt") == 0 &&
              second.tr.data_text.crc == 0x352441C2u && second.tr.data_text.size == 3 &&
              second.tr.val_text.path == NULL && second.tr.elapsed_s == 12.5,
          "the checkpoint did not keep its files and time: %s %08x %llu, %g s",
          second.tr.data_text.path ? second.tr.data_text.path : "(none)",
          (unsigned)second.tr.data_text.crc, (unsigned long long)second.tr.data_text.size,
          second.tr.elapsed_s);
    CHECK(second.tr.tc.bf16 == straight.tr.tc.bf16 &&
              (second.tr.acts.bf16 != NULL) == (straight.tr.tc.bf16 == 1),
          "the checkpoint did not keep the precision (%d, not %d)", second.tr.tc.bf16,
          straight.tr.tc.bf16);
    run_steps(&second, 7, got + 13);
    int same = memcmp(want, got, sizeof want) == 0;
    CHECK(same, "resumed losses differ from the uninterrupted run");
    for (int i = 0; !same && i < 20; i++)
        if (want[i] != got[i])
            fprintf(stderr, "  step %d: %.7f vs %.7f\n", i + 1, (double)want[i], (double)got[i]);
    CHECK(memcmp(straight.model.params, second.model.params, straight.model.n_params * 4) == 0,
          "resumed weights differ");

    /* the precision can be given when loading: float32 from here on */
    Model m32;
    Trainer t32;
    CHECK(checkpoint_load(&m32, &t32, ckpt, 0, &err) == 0, "%s", err.msg);
    CHECK(t32.tc.bf16 == 0 && t32.acts.bf16 == NULL, "loading with precision fp32 kept bfloat16");
    trainer_free(&t32);
    model_free(&m32);

    /* a damaged checkpoint is refused, by name */
    unsigned char *buf;
    size_t len;
    read_file(ckpt, FILE_CHECKPOINT, &buf, &len, &err);
    buf[len / 2] ^= 1;
    char bad[160];
    snprintf(bad, sizeof bad, "%s/bad.ckpt", dir);
    FILE *f = fopen(bad, "wb");
    fwrite(buf, 1, len, f);
    fclose(f);
    Model m2;
    Trainer t2;
    CHECK_REFUSED(checkpoint_load(&m2, &t2, bad, -1, &err) != 0, err.msg, "bad.ckpt");
    buf[len / 2] ^= 1;
    /* the checksum covers the header too: a flipped bit anywhere in its 32
     * bytes is refused (the length and the 12 reserved bytes included) */
    int header_flips_taken = 0;
    for (int at = 0; at < 32; at++) {
        for (int bit = 0; bit < 8; bit++) {
            buf[at] ^= (unsigned char)(1u << bit);
            f = fopen(bad, "wb");
            fwrite(buf, 1, len, f);
            fclose(f);
            buf[at] ^= (unsigned char)(1u << bit);
            if (checkpoint_load(&m2, &t2, bad, -1, &err) == 0) {
                header_flips_taken++;
                trainer_free(&t2);
                model_free(&m2);
            }
        }
    }
    CHECK(header_flips_taken == 0, "%d flipped bits in the header were accepted",
          header_flips_taken);
    f = fopen(bad, "wb");
    fwrite(buf, 1, len / 3, f);
    fclose(f);
    CHECK(checkpoint_load(&m2, &t2, bad, -1, &err) != 0, "a truncated checkpoint was accepted");
    free(buf);
    run_free(&straight);
    run_free(&second);
    unlink(ckpt);
    unlink(bad);
    rmdir(dir);
}

static void test_resume_same_losses(void) { resume_same_losses(0); }
/* with every third step on short windows, resumed between two of them */
static void test_resume_short_windows(void) { resume_same_losses(3); }

static void test_short_windows_learn(void)
{
    Run r;
    if (run_init_short(&r, 2, 2) != 0)
        return;
    float losses[60];
    run_steps(&r, 60, losses);
    CHECK(r.tr.short_acts.T == 4 && r.tr.short_acts.B == 32, "short steps take 32 windows of 4");
    CHECK(losses[59] < losses[0] - 1.0f, "mixed short and long steps: loss %.3f -> %.3f",
          (double)losses[0], (double)losses[59]);
    run_free(&r);
}

/* The training view writes sample poems between steps. Its generator only
 * reads the weights and has its own buffers and random numbers, so a run with
 * samples trains to the bit as one without: the same losses, weights,
 * moments and window generator. */
static void test_samples_leave_training_alone(void)
{
    Run plain, sampled;
    if (run_init(&plain, 11) != 0 || run_init(&sampled, 11) != 0)
        return;
    TsErr err;
    Generator g;
    if (gen_init(&g, &sampled.model, 1, &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    SamplerSettings set = sampler_defaults();
    set.temperature = 0.8f;
    float want[30], got[30];
    run_steps(&plain, 30, want);
    int written = 0;
    for (int i = 0; i < 30; i++) {
        if (i % 5 == 0) {
            Rng rng;
            rng_seed(&rng, 1);
            gen_reload(&g);
            int n = -1;
            if (gen_start(&g, NULL, 0, 1, &err) == 0)
                n = gen_poem(&g, &set, NULL, &rng, 24, &err);
            CHECK(n >= 0, "no sample: %s", err.msg);
            written += n > 0 ? n : 0;
        }
        run_steps(&sampled, 1, &got[i]);
    }
    CHECK(written > 0, "the samples wrote no characters at all");
    CHECK(memcmp(want, got, sizeof want) == 0, "losses differ with samples between the steps");
    size_t bytes = plain.model.n_params * sizeof(float);
    CHECK(memcmp(plain.model.params, sampled.model.params, bytes) == 0, "the weights differ");
    CHECK(memcmp(plain.tr.m, sampled.tr.m, bytes) == 0 && memcmp(plain.tr.v, sampled.tr.v, bytes) == 0,
          "the AdamW moments differ");
    CHECK(memcmp(&plain.tr.rng, &sampled.tr.rng, sizeof(Rng)) == 0,
          "the generator of training windows moved");
    gen_free(&g);
    run_free(&plain);
    run_free(&sampled);
}

/* gen_reload takes the weights training wrote: after it the generator's
 * logits are, to the bit, those of a generator made afresh on the trained
 * model, and no longer those it had before the training. */
static void test_reload_sees_new_weights(void)
{
    Run r;
    if (run_init(&r, 12) != 0)
        return;
    TsErr err;
    Generator old, fresh;
    int V = r.model.cfg.vocab_size;
    float *before = malloc((size_t)V * sizeof(float)), *after = malloc((size_t)V * sizeof(float));
    int ok = before && after && gen_init(&old, &r.model, 1, &err) == 0 &&
             gen_start(&old, NULL, 0, 1, &err) == 0;
    CHECK(ok, "%s", err.msg);
    if (!ok)
        return;
    memcpy(before, gen_logits(&old, NULL), (size_t)V * sizeof(float));
    run_steps(&r, 20, NULL);
    gen_reload(&old);
    memcpy(after, gen_logits(&old, NULL), (size_t)V * sizeof(float));
    CHECK(gen_init(&fresh, &r.model, 1, &err) == 0 && gen_start(&fresh, NULL, 0, 1, &err) == 0,
          "%s", err.msg);
    CHECK(memcmp(after, gen_logits(&fresh, NULL), (size_t)V * sizeof(float)) == 0,
          "after gen_reload the logits differ from a new generator's");
    CHECK(memcmp(before, after, (size_t)V * sizeof(float)) != 0,
          "20 training steps left the reloaded logits as they were");
    gen_free(&old);
    gen_free(&fresh);
    free(before);
    free(after);
    run_free(&r);
}

static void spoil_batch(TrainConfig *tc) { tc->batch = 0; }
static void spoil_seq(TrainConfig *tc) { tc->seq = 17; }
static void spoil_warmup(TrainConfig *tc) { tc->warmup = 11; }
static void spoil_lr_min(TrainConfig *tc) { tc->lr_min = 0.5f; }
static void spoil_eval_every(TrainConfig *tc) { tc->eval_every = 0; }
static void spoil_ckpt_every(TrainConfig *tc) { tc->ckpt_every = 0; }
static void spoil_short_seq(TrainConfig *tc)
{
    tc->short_every = 2;
    tc->short_seq = 5; /* does not divide 16 */
}

/* train_config_check names each setting by its name, first, and no flag:
 * the command line puts its own flags in (tangscope train says --warmup). */
static void test_config_check_names(void)
{
    ModelConfig mc = {.n_layer = 1, .n_embd = 8, .n_head = 2, .context = 16, .vocab_size = 4};
    struct {
        const char *name, *value;
        void (*spoil)(TrainConfig *tc);
    } bad[] = {
        {"batch", "not 0", spoil_batch},
        {"seq", "not 17", spoil_seq},
        {"warmup", "not 11", spoil_warmup},
        {"lr-min", "not 0.5", spoil_lr_min},
        {"eval-every", "not 0", spoil_eval_every},
        {"checkpoint-every", "not 0", spoil_ckpt_every},
        {"short-seq", "not 5", spoil_short_seq},
    };
    TsErr err;
    TrainConfig ok = train_config_default();
    ok.seq = 16;
    ok.steps = 10;
    ok.warmup = 1;
    ok.bf16 = 0;
    CHECK(train_config_check(&ok, &mc, &err) == 0, "a good configuration refused: %s", err.msg);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        TrainConfig tc = ok;
        bad[i].spoil(&tc);
        size_t n = strlen(bad[i].name);
        int rc = train_config_check(&tc, &mc, &err);
        CHECK(rc != 0 && strncmp(err.msg, bad[i].name, n) == 0 && err.msg[n] == ' ' &&
                  strstr(err.msg, bad[i].value) && !strstr(err.msg, "--"),
              "%s: rc %d, message '%s'", bad[i].name, rc, err.msg);
    }
}

int main(void)
{
    RUN(test_schedule);
    RUN(test_train_pass_same_as_forward_backward);
    RUN(test_loss_falls);
    RUN(test_resume_same_losses);
    RUN(test_resume_short_windows);
    RUN(test_threads_same_losses);
    RUN(test_short_windows_learn);
    RUN(test_samples_leave_training_alone);
    RUN(test_reload_sees_new_weights);
    RUN(test_config_check_names);
    return test_summary();
}
