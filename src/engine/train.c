/* train.c - one training step, AdamW, the schedule and evaluation (the
 * checkpoint file is checkpoint.c). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "engine/train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fileio.h"
#include "engine/infer.h"

TrainConfig train_config_default(void)
{
    TrainConfig tc = {
        .seed = 1337,
        .batch = 32,
        .seq = 128,
        .steps = 8000,
        .warmup = 200,
        .lr = 2e-3f,
        .lr_min = 1e-4f,
        .weight_decay = 0.1f,
        .beta1 = 0.9f,
        .beta2 = 0.95f,
        .eps = 1e-8f,
        .clip = 1.0f,
        .eval_every = 250,
        .ckpt_every = 250,
        .short_every = 0,
        .short_seq = 16,
        .bf16 = gemm_bf16_preferred(),
    };
    return tc;
}

int train_short_seq_check(int short_seq, int seq, TsErr *err)
{
    if (short_seq < 1 || short_seq > seq || seq % short_seq != 0)
        return ts_fail(err, "short-seq must divide seq (%d), not %d", seq, short_seq);
    return 0;
}

int train_config_check(const TrainConfig *tc, const ModelConfig *mc, TsErr *err)
{
    /* the ranges as `tangscope train --help` writes them, each setting by its
     * name (train.h); !(in range) refuses NaN too */
    if (tc->batch < 1 || tc->batch > 4096)
        return ts_fail(err, "batch must be an integer in 1..4096, not %d", tc->batch);
    if (tc->seq < 1 || tc->seq > mc->context)
        return ts_fail(err, "seq must be 1..%d (the model's context), not %d", mc->context,
                       tc->seq);
    if (tc->steps < 1)
        return ts_fail(err, "steps must be an integer in 1..100000000, not %d", tc->steps);
    if (tc->warmup < 0 || tc->warmup > tc->steps)
        return ts_fail(err, "warmup must be 0..%d (steps), not %d", tc->steps, tc->warmup);
    if (!(tc->lr > 0.0f && tc->lr <= 1.0f))
        return ts_fail(err, "lr must be a number in (0, 1], not %g", (double)tc->lr);
    if (!(tc->lr_min >= 0.0f && tc->lr_min <= tc->lr))
        return ts_fail(err, "lr-min must be 0..%g (the peak lr), not %g", (double)tc->lr,
                       (double)tc->lr_min);
    if (!(tc->weight_decay >= 0.0f && tc->weight_decay <= 1.0f))
        return ts_fail(err, "weight-decay must be a number in 0..1, not %g",
                       (double)tc->weight_decay);
    if (!(tc->clip >= 0.0f && tc->clip <= 1000000.0f))
        return ts_fail(err, "clip must be a number in 0..1000000, not %g", (double)tc->clip);
    if (tc->eval_every < 1)
        return ts_fail(err, "eval-every must be an integer in 1..100000000, not %d",
                       tc->eval_every);
    if (tc->ckpt_every < 1)
        return ts_fail(err, "checkpoint-every must be an integer in 1..100000000, not %d",
                       tc->ckpt_every);
    if (tc->short_every < 0)
        return ts_fail(err, "short-every must be an integer in 0..100000000, not %d",
                       tc->short_every);
    if (tc->bf16 != 0 && tc->bf16 != 1)
        return ts_fail(err, "precision must be bf16 or fp32");
    if (tc->bf16 && !gemm_bf16_available())
        return ts_fail(err, "precision bf16: bfloat16 products are turned off (TANGSCOPE_NO_BF16 "
                            "is set); use fp32");
    if (tc->short_every > 0 &&
        train_short_seq_check(tc->short_seq, tc->seq, err) != 0)
        return -1;
    return 0;
}

float train_lr(const TrainConfig *tc, int step)
{
    if (step < tc->warmup)
        return tc->lr * (float)(step + 1) / (float)tc->warmup;
    int span = tc->steps - tc->warmup;
    double progress = span > 0 ? (double)(step - tc->warmup) / span : 1.0;
    if (progress > 1.0)
        progress = 1.0;
    double cosine = 0.5 * (1.0 + cos(3.14159265358979323846 * progress));
    return (float)(tc->lr_min + (tc->lr - tc->lr_min) * cosine);
}

int trainer_init(Trainer *tr, Model *model, const TrainConfig *tc, TsErr *err)
{
    memset(tr, 0, sizeof *tr);
    if (train_config_check(tc, &model->cfg, err) != 0)
        return -1;
    tr->model = model;
    tr->tc = *tc;
    tr->grads = ts_alloc_floats(model->n_params, err);
    tr->m = ts_alloc_floats(model->n_params, err);
    tr->v = ts_alloc_floats(model->n_params, err);
    size_t bt = (size_t)tc->batch * tc->seq;
    tr->inputs = ts_calloc(bt, sizeof(int), err);
    tr->targets = ts_calloc(bt, sizeof(int), err);
    if (!tr->grads || !tr->m || !tr->v || !tr->inputs || !tr->targets ||
        gpt_acts_init(&tr->acts, &model->cfg, tc->batch, tc->seq, 1, err) != 0 ||
        gpt_acts_set_bf16(&tr->acts, tc->bf16, err) != 0) {
        trainer_free(tr);
        return -1;
    }
    param_point(&tr->g, tr->grads, &model->cfg);
    rng_seed(&tr->rng, tc->seed ^ 0x5DEECE66Dull); /* a different stream from the weights' */
    if (tc->short_every > 0 && trainer_set_short(tr, tc->short_every, tc->short_seq, err) != 0) {
        trainer_free(tr);
        return -1;
    }
    return 0;
}

int trainer_set_short(Trainer *tr, int every, int seq, TsErr *err)
{
    TrainConfig tc = tr->tc;
    tc.short_every = every;
    tc.short_seq = seq;
    if (train_config_check(&tc, &tr->model->cfg, err) != 0)
        return -1;
    gpt_acts_free(&tr->short_acts);
    if (every > 0 && (gpt_acts_init(&tr->short_acts, &tr->model->cfg, tc.batch * (tc.seq / seq),
                                    seq, 1, err) != 0 ||
                      gpt_acts_set_bf16(&tr->short_acts, tc.bf16, err) != 0))
        return -1;
    tr->tc = tc;
    return 0;
}

/* Is the next step one of short windows? Then its batch shape. */
static int step_shape(const Trainer *tr, int *B, int *T)
{
    const TrainConfig *tc = &tr->tc;
    int is_short = tc->short_every > 0 && (tr->step + 1) % tc->short_every == 0;
    *T = is_short ? tc->short_seq : tc->seq;
    *B = tc->batch * (tc->seq / *T);
    return is_short;
}

void trainer_free(Trainer *tr)
{
    free(tr->grads);
    free(tr->m);
    free(tr->v);
    free(tr->inputs);
    free(tr->targets);
    gpt_acts_free(&tr->acts);
    gpt_acts_free(&tr->short_acts);
    train_text_free(&tr->data_text);
    train_text_free(&tr->val_text);
    memset(tr, 0, sizeof *tr);
}

void train_text_free(TrainText *t)
{
    free(t->path);
    memset(t, 0, sizeof *t);
}

int train_text_set(TrainText *t, const char *path, const void *bytes, size_t len, TsErr *err)
{
    train_text_free(t);
    /* absolute, so that a run resumed from another folder finds the file */
    char *full = realpath(path, NULL);
    if (!full) {
        size_t n = strlen(path) + 1;
        full = malloc(n);
        if (full)
            memcpy(full, path, n);
    }
    if (!full)
        return ts_fail(err, "out of memory");
    t->path = full;
    t->crc = crc32_update(0, bytes, len);
    t->size = len;
    return 0;
}

void trainer_sample_batch(Trainer *tr, const int *data, size_t n)
{
    int B, T;
    step_shape(tr, &B, &T);
    for (int b = 0; b < B; b++) {
        size_t start = (size_t)rng_below(&tr->rng, (uint64_t)(n - (size_t)T));
        memcpy(tr->inputs + (size_t)b * T, data + start, (size_t)T * sizeof(int));
        memcpy(tr->targets + (size_t)b * T, data + start + 1, (size_t)T * sizeof(int));
    }
}

/* Sum of squares in fixed chunks, added in a fixed order: the same number for
 * any thread count. */
static double sum_squares(const float *x, size_t n)
{
    enum { CHUNKS = 64 };
    double part[CHUNKS] = {0};
    size_t per = (n + CHUNKS - 1) / CHUNKS;
#pragma omp parallel for schedule(static)
    for (int c = 0; c < CHUNKS; c++) {
        size_t lo = (size_t)c * per, hi = lo + per < n ? lo + per : n;
        double s = 0.0;
        for (size_t i = lo; i < hi; i++)
            s += (double)x[i] * x[i];
        part[c] = s;
    }
    double total = 0.0;
    for (int c = 0; c < CHUNKS; c++)
        total += part[c];
    return total;
}

float trainer_step(Trainer *tr, float *grad_norm)
{
    Model *m = tr->model;
    const TrainConfig *tc = &tr->tc;
    memset(tr->grads, 0, m->n_params * sizeof(float));
    int B, T;
    GptActs *acts = step_shape(tr, &B, &T) ? &tr->short_acts : &tr->acts;
    float loss = gpt_train_pass(m, acts, &tr->g, tr->inputs, tr->targets, B, T);

    float norm = (float)sqrt(sum_squares(tr->grads, m->n_params));
    if (grad_norm)
        *grad_norm = norm;
    float gscale = (tc->clip > 0.0f && norm > tc->clip) ? tc->clip / norm : 1.0f;

    /* AdamW: m = b1 m + (1-b1) g;  v = b2 v + (1-b2) g^2;
     * p -= lr (mhat / (sqrt(vhat) + eps) + wd p)   (wd on matrices only) */
    int t = tr->step + 1;
    float lr = train_lr(tc, tr->step);
    float b1c = 1.0f - powf(tc->beta1, (float)t), b2c = 1.0f - powf(tc->beta2, (float)t);
    ParamInfo table[P_COUNT];
    param_table(&m->cfg, table);
    for (int k = 0; k < P_COUNT; k++) {
        float wd = table[k].decay ? tc->weight_decay : 0.0f;
        size_t lo = table[k].offset, n = table[k].size;
        float *p = m->params + lo, *g = tr->grads + lo, *mm = tr->m + lo, *vv = tr->v + lo;
#pragma omp parallel for schedule(static)
        for (size_t i = 0; i < n; i++) {
            float gi = g[i] * gscale;
            mm[i] = tc->beta1 * mm[i] + (1.0f - tc->beta1) * gi;
            vv[i] = tc->beta2 * vv[i] + (1.0f - tc->beta2) * gi * gi;
            float mhat = mm[i] / b1c, vhat = vv[i] / b2c;
            p[i] -= lr * (mhat / (sqrtf(vhat) + tc->eps) + wd * p[i]);
        }
    }
    tr->step++;
    return loss;
}

/* Whether any of rows x seq losses is not finite; *bad_row gets the first
 * row (window) that has one, *bad_pos its first such position. */
static int losses_finite(const float *losses, int rows, int seq, int *bad_row, int *bad_pos)
{
    for (size_t i = 0; i < (size_t)rows * (size_t)seq; i++) {
        if (!isfinite(losses[i])) {
            *bad_row = (int)(i / (size_t)seq);
            *bad_pos = (int)(i % (size_t)seq);
            return 0;
        }
    }
    return 1;
}

/* A window whose losses are not all finite: say where the model failed.
 * The batched pass multiplies whole squares in attention, where 0 x NaN
 * spoils the positions before an overflow too, so the window is read again
 * by the inference pass, one position at a time, which finds the first
 * position whose scores are not finite, the same one `probs` and `generate`
 * report. window [n] starts at text character first_char (from 0); pos is
 * the batched pass's first bad position, used if inference finds none. */
static int fail_nonfinite(const Model *m, const int *window, int n, size_t first_char, int pos,
                          TsErr *err)
{
    Infer inf;
    if (infer_init(&inf, m, NULL) == 0) {
        for (int t = 0; t < n; t++) {
            infer_forward(&inf, window + t, 1);
            if (infer_check_logits(&inf, NULL) != 0) {
                pos = t;
                break;
            }
        }
        infer_free(&inf);
    }
    return ts_fail(err,
                   "the model produced non-finite scores at position %d (reading character %zu "
                   "of the text)",
                   pos, first_char + (size_t)pos + 1);
}

int gpt_eval_loss(const Model *m, GptActs *acts, const int *data, size_t n, int seq, double *loss,
                  size_t *count, TsErr *err)
{
    return gpt_eval_loss_progress(m, acts, data, n, seq, loss, count, NULL, NULL, err);
}

int gpt_eval_loss_progress(const Model *m, GptActs *acts, const int *data, size_t n, int seq,
                           double *loss, size_t *count, TsProgressFn progress, void *ctx,
                           TsErr *err)
{
    double total = 0.0;
    size_t done = 0;
    *loss = 0.0;
    *count = 0;
    if (n < 2)
        return 0;
    size_t windows = (n - 1) / (size_t)seq;
    int B = acts->B;
    int *targets = ts_calloc((size_t)B * (size_t)seq, sizeof(int), err);
    if (!targets)
        return -1;
    for (size_t w0 = 0; w0 < windows; w0 += (size_t)B) {
        int nb = (int)(windows - w0 < (size_t)B ? windows - w0 : (size_t)B);
        /* inputs and targets of nb windows, side by side */
        const int *x = data + w0 * (size_t)seq;
        memcpy(targets, x + 1, (size_t)nb * seq * sizeof(int));
        float l = gpt_forward(m, acts, x, targets, nb, seq);
        int row, pos;
        if (!losses_finite(acts->losses, nb, seq, &row, &pos)) {
            free(targets);
            return fail_nonfinite(m, x + (size_t)row * seq, seq, (w0 + (size_t)row) * seq, pos,
                                  err);
        }
        total += (double)l * nb * seq;
        done += (size_t)nb * seq;
        if (progress)
            progress(ctx, done, n - 1);
    }
    free(targets);
    size_t rest = n - 1 - windows * (size_t)seq; /* the tail shorter than a window */
    if (rest > 0) {
        const int *x = data + windows * (size_t)seq;
        float l = gpt_forward(m, acts, x, x + 1, 1, (int)rest);
        int row, pos;
        if (!losses_finite(acts->losses, 1, (int)rest, &row, &pos))
            return fail_nonfinite(m, x, (int)rest, windows * (size_t)seq, pos, err);
        total += (double)l * (double)rest;
        done += rest;
        if (progress)
            progress(ctx, done, n - 1);
    }
    *count = done;
    *loss = total / (double)done;
    return 0;
}
