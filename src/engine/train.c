/* train.c - one training step, AdamW, the schedule, evaluation and checkpoints. */
#define _XOPEN_SOURCE 700 /* realpath, open_memstream */
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
        return ts_fail(err, "precision bf16: bfloat16 products need a CPU with AVX2 and FMA (or "
                            "AVX512_BF16), and this build has none; use fp32");
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
    }
    *count = done;
    *loss = total / (double)done;
    return 0;
}

/* ---- checkpoints ---- */

#define CKPT_MAGIC "TSCKPT04"
#define CKPT_MAGIC_V3 "TSCKPT03"
#define CKPT_MAGIC_V2 "TSCKPT02"
#define CKPT_MAGIC_V1 "TSCKPT01"
#define CKPT_HEADER 32
#define CKPT_CRC_AT 8 /* the u32 CRC-32 in the header */
#define CKPT_PATH_MAX 65536 /* the longest path a checkpoint may hold, in bytes */

typedef struct {
    unsigned char *p;
    size_t len, cap;
    int failed;
} Buf;

static void buf_put(Buf *b, const void *data, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n)
            cap *= 2;
        unsigned char *bigger = realloc(b->p, cap);
        if (!bigger) {
            b->failed = 1;
            return;
        }
        b->p = bigger, b->cap = cap;
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
}

static void buf_u32(Buf *b, uint32_t v)
{
    unsigned char x[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    buf_put(b, x, 4);
}

static void buf_u64(Buf *b, uint64_t v)
{
    buf_u32(b, (uint32_t)v);
    buf_u32(b, (uint32_t)(v >> 32));
}

static void buf_f32(Buf *b, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    buf_u32(b, u);
}

static void buf_floats(Buf *b, const float *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        buf_f32(b, x[i]);
}

/* A cursor over a checkpoint's bytes; reading past the end sets `short_`. */
typedef struct {
    const unsigned char *p;
    size_t len, pos;
    int short_;
} Cur;

static const unsigned char *cur_take(Cur *c, size_t n)
{
    if (c->short_ || c->len - c->pos < n) {
        c->short_ = 1;
        return NULL;
    }
    const unsigned char *at = c->p + c->pos;
    c->pos += n;
    return at;
}

static uint32_t cur_u32(Cur *c)
{
    const unsigned char *x = cur_take(c, 4);
    return x ? (uint32_t)x[0] | (uint32_t)x[1] << 8 | (uint32_t)x[2] << 16 | (uint32_t)x[3] << 24
             : 0;
}

static uint64_t cur_u64(Cur *c)
{
    uint64_t lo = cur_u32(c);
    return lo | (uint64_t)cur_u32(c) << 32;
}

static float cur_f32(Cur *c)
{
    uint32_t u = cur_u32(c);
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static void cur_floats(Cur *c, float *x, size_t n)
{
    for (size_t i = 0; i < n && !c->short_; i++)
        x[i] = cur_f32(c);
}

static void buf_text(Buf *b, const TrainText *t)
{
    size_t n = t->path ? strlen(t->path) : 0;
    buf_u32(b, (uint32_t)n);
    if (n)
        buf_put(b, t->path, n);
    buf_u32(b, t->crc);
    buf_u64(b, t->size);
}

/* A TrainText as buf_text wrote it; returns -1 on a path that cannot be one. */
static int cur_text(Cur *c, TrainText *t)
{
    memset(t, 0, sizeof *t);
    uint32_t n = cur_u32(c);
    if (c->short_ || n > CKPT_PATH_MAX)
        return -1;
    const unsigned char *at = n ? cur_take(c, n) : NULL;
    if (n && (!at || memchr(at, 0, n)))
        return -1;
    if (n) {
        t->path = malloc((size_t)n + 1);
        if (!t->path)
            return -1;
        memcpy(t->path, at, n);
        t->path[n] = 0;
    }
    t->crc = cur_u32(c);
    t->size = cur_u64(c);
    return c->short_ ? -1 : 0;
}

/* The CRC-32 of a version 4 checkpoint: every byte but the four that hold it. */
static uint32_t ckpt_crc(const unsigned char *header, const unsigned char *rest, size_t rest_len)
{
    uint32_t crc = crc32_update(0, header, CKPT_CRC_AT);
    crc = crc32_update(crc, header + CKPT_CRC_AT + 4, CKPT_HEADER - CKPT_CRC_AT - 4);
    return crc32_update(crc, rest, rest_len);
}

static void put_config(Buf *b, const TrainConfig *tc)
{
    buf_u64(b, tc->seed);
    buf_u32(b, (uint32_t)tc->batch);
    buf_u32(b, (uint32_t)tc->seq);
    buf_u32(b, (uint32_t)tc->steps);
    buf_u32(b, (uint32_t)tc->warmup);
    buf_f32(b, tc->lr);
    buf_f32(b, tc->lr_min);
    buf_f32(b, tc->weight_decay);
    buf_f32(b, tc->beta1);
    buf_f32(b, tc->beta2);
    buf_f32(b, tc->eps);
    buf_f32(b, tc->clip);
    buf_u32(b, (uint32_t)tc->eval_every);
    buf_u32(b, (uint32_t)tc->ckpt_every);
    buf_u32(b, (uint32_t)tc->short_every);
    buf_u32(b, (uint32_t)tc->short_seq);
    buf_u32(b, (uint32_t)tc->bf16);
}

static void get_config(Cur *c, TrainConfig *tc, int version)
{
    tc->seed = cur_u64(c);
    tc->batch = (int)cur_u32(c);
    tc->seq = (int)cur_u32(c);
    tc->steps = (int)cur_u32(c);
    tc->warmup = (int)cur_u32(c);
    tc->lr = cur_f32(c);
    tc->lr_min = cur_f32(c);
    tc->weight_decay = cur_f32(c);
    tc->beta1 = cur_f32(c);
    tc->beta2 = cur_f32(c);
    tc->eps = cur_f32(c);
    tc->clip = cur_f32(c);
    tc->eval_every = (int)cur_u32(c);
    tc->ckpt_every = (int)cur_u32(c);
    tc->short_every = version >= 2 ? (int)cur_u32(c) : 0;
    tc->short_seq = version >= 2 ? (int)cur_u32(c) : 16;
    tc->bf16 = version >= 3 ? (int)cur_u32(c) : 0;
}

int checkpoint_save(const Trainer *tr, const char *path, TsErr *err)
{
    TsQuoted quoted;
    const char *q = ts_quote(&quoted, path);
    const Model *m = tr->model;
    Buf b = {0};
    put_config(&b, &tr->tc);
    buf_u32(&b, (uint32_t)tr->step);
    buf_u32(&b, (uint32_t)tr->have_best);
    buf_f32(&b, tr->best_val);
    buf_u32(&b, tr->data_crc);
    for (int i = 0; i < 4; i++)
        buf_u64(&b, tr->rng.s[i]);
    uint64_t elapsed_bits;
    memcpy(&elapsed_bits, &tr->elapsed_s, 8);
    buf_u64(&b, elapsed_bits);
    buf_text(&b, &tr->data_text);
    buf_text(&b, &tr->val_text);
    /* the model file image, through a memory stream */
    size_t msize = model_file_size(m);
    buf_u64(&b, msize);
    char *image = NULL;
    size_t image_len = 0;
    FILE *mem = open_memstream(&image, &image_len);
    if (!mem || model_write_stream(m, mem, err) != 0 || fclose(mem) != 0 || image_len != msize) {
        free(image);
        free(b.p);
        return ts_fail(err, "%s: could not serialise the model", q);
    }
    buf_put(&b, image, image_len);
    free(image);
    buf_floats(&b, tr->m, m->n_params);
    buf_floats(&b, tr->v, m->n_params);
    if (b.failed) {
        free(b.p);
        return ts_fail(err, "%s: out of memory while writing the checkpoint", q);
    }
    unsigned char h[CKPT_HEADER] = {0};
    memcpy(h, CKPT_MAGIC, 8);
    le_put_u64(h + 12, (uint64_t)b.len);
    le_put_u32(h + CKPT_CRC_AT, ckpt_crc(h, b.p, b.len));
    AtomicFile af;
    if (atomic_open(&af, path, err) != 0) {
        free(b.p);
        return -1;
    }
    if (fwrite(h, 1, CKPT_HEADER, af.f) != CKPT_HEADER || fwrite(b.p, 1, b.len, af.f) != b.len) {
        atomic_abort(&af);
        free(b.p);
        return ts_fail(err, "%s: write failed", q);
    }
    free(b.p);
    return atomic_commit(&af, err);
}

int checkpoint_load(Model *model, Trainer *tr, const char *path, int bf16, TsErr *err)
{
    TsQuoted quoted;
    const char *q = ts_quote(&quoted, path);
    unsigned char *data;
    size_t len;
    memset(model, 0, sizeof *model);
    memset(tr, 0, sizeof *tr);
    if (read_file(path, FILE_CHECKPOINT, &data, &len, err) != 0)
        return -1;
    int rc = -1;
    int version = len < CKPT_HEADER                      ? 0
                  : memcmp(data, CKPT_MAGIC, 8) == 0    ? 4
                  : memcmp(data, CKPT_MAGIC_V3, 8) == 0 ? 3
                  : memcmp(data, CKPT_MAGIC_V2, 8) == 0 ? 2
                  : memcmp(data, CKPT_MAGIC_V1, 8) == 0 ? 1
                                                        : 0;
    if (version == 0) {
        ts_fail(err, "%s: not a tangscope training checkpoint", q);
        goto out;
    }
    Cur hc = {data + 8, 12, 0, 0};
    uint32_t crc = cur_u32(&hc);
    uint64_t plen = cur_u64(&hc);
    if (plen != len - CKPT_HEADER) {
        ts_fail(err, "%s: truncated or padded checkpoint (%zu bytes, header says %llu)", q, len,
                (unsigned long long)(plen + CKPT_HEADER));
        goto out;
    }
    int reserved_zero = 1;
    for (int i = 20; i < CKPT_HEADER; i++)
        reserved_zero &= data[i] == 0;
    if ((version >= 4 ? ckpt_crc(data, data + CKPT_HEADER, plen)
                      : crc32_update(0, data + CKPT_HEADER, plen)) != crc ||
        (version >= 4 && !reserved_zero)) {
        ts_fail(err, "%s: checksum mismatch, the checkpoint is corrupted", q);
        goto out;
    }
    Cur c = {data + CKPT_HEADER, plen, 0, 0};
    TrainConfig tc;
    get_config(&c, &tc, version);
    int step = (int)cur_u32(&c);
    int have_best = (int)cur_u32(&c);
    float best = cur_f32(&c);
    uint32_t data_crc = cur_u32(&c);
    Rng rng;
    for (int i = 0; i < 4; i++)
        rng.s[i] = cur_u64(&c);
    double elapsed = 0.0;
    TrainText texts[2] = {{0}};
    if (version >= 4) {
        uint64_t bits = cur_u64(&c);
        memcpy(&elapsed, &bits, 8);
        if (cur_text(&c, &texts[0]) != 0 || cur_text(&c, &texts[1]) != 0 ||
            !(elapsed >= 0.0 && elapsed < 1e12)) {
            train_text_free(&texts[0]);
            train_text_free(&texts[1]);
            ts_fail(err, "%s: checkpoint is cut short", q);
            goto out;
        }
    }
    uint64_t msize = cur_u64(&c);
    const unsigned char *image = msize <= plen ? cur_take(&c, msize) : NULL;
    if (c.short_ || !image) {
        ts_fail(err, "%s: checkpoint is cut short", q);
        goto out_texts;
    }
    if (model_parse(model, image, msize, path, err) != 0)
        goto out_texts;
    if (bf16 >= 0)
        tc.bf16 = bf16;
    if (trainer_init(tr, model, &tc, err) != 0) {
        model_free(model);
        goto out_texts;
    }
    cur_floats(&c, tr->m, model->n_params);
    cur_floats(&c, tr->v, model->n_params);
    if (c.short_ || c.pos != c.len) {
        ts_fail(err, "%s: checkpoint moments have the wrong size", q);
        trainer_free(tr);
        model_free(model);
        goto out_texts;
    }
    tr->step = step;
    tr->have_best = have_best;
    tr->best_val = best;
    tr->data_crc = data_crc;
    tr->rng = rng;
    tr->elapsed_s = elapsed;
    tr->knows_texts = version >= 4 && texts[0].path; /* saved by a caller that said them */
    tr->data_text = texts[0]; /* the trainer owns them now */
    tr->val_text = texts[1];
    memset(texts, 0, sizeof texts);
    rc = 0;
out_texts:
    train_text_free(&texts[0]);
    train_text_free(&texts[1]);
out:
    free(data);
    return rc;
}
