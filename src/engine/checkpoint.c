/* checkpoint.c - the training checkpoint file (format in checkpoint.h):
 * everything a resumed run needs, written in one piece and read back in any
 * of its four versions. */
#define _XOPEN_SOURCE 700 /* open_memstream */
#include "engine/checkpoint.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/bytebuf.h"
#include "engine/fileio.h"

#define CKPT_MAGIC "TSCKPT04"
#define CKPT_MAGIC_V3 "TSCKPT03"
#define CKPT_MAGIC_V2 "TSCKPT02"
#define CKPT_MAGIC_V1 "TSCKPT01"
#define CKPT_HEADER 32
#define CKPT_CRC_AT 8 /* the u32 CRC-32 in the header */
#define CKPT_PATH_MAX 65536 /* the longest path a checkpoint may hold, in bytes */

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

static void put_text(ByteBuf *b, const TrainText *t)
{
    size_t n = t->path ? strlen(t->path) : 0;
    bytebuf_u32(b, (uint32_t)n);
    if (n)
        bytebuf_put(b, t->path, n);
    bytebuf_u32(b, t->crc);
    bytebuf_u64(b, t->size);
}

/* A TrainText as put_text wrote it; returns -1 on a path that cannot be one. */
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

static void put_config(ByteBuf *b, const TrainConfig *tc)
{
    bytebuf_u64(b, tc->seed);
    bytebuf_u32(b, (uint32_t)tc->batch);
    bytebuf_u32(b, (uint32_t)tc->seq);
    bytebuf_u32(b, (uint32_t)tc->steps);
    bytebuf_u32(b, (uint32_t)tc->warmup);
    bytebuf_f32(b, tc->lr);
    bytebuf_f32(b, tc->lr_min);
    bytebuf_f32(b, tc->weight_decay);
    bytebuf_f32(b, tc->beta1);
    bytebuf_f32(b, tc->beta2);
    bytebuf_f32(b, tc->eps);
    bytebuf_f32(b, tc->clip);
    bytebuf_u32(b, (uint32_t)tc->eval_every);
    bytebuf_u32(b, (uint32_t)tc->ckpt_every);
    bytebuf_u32(b, (uint32_t)tc->short_every);
    bytebuf_u32(b, (uint32_t)tc->short_seq);
    bytebuf_u32(b, (uint32_t)tc->bf16);
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
    ByteBuf b = {0};
    put_config(&b, &tr->tc);
    bytebuf_u32(&b, (uint32_t)tr->step);
    bytebuf_u32(&b, (uint32_t)tr->have_best);
    bytebuf_f32(&b, tr->best_val);
    bytebuf_u32(&b, tr->data_crc);
    for (int i = 0; i < 4; i++)
        bytebuf_u64(&b, tr->rng.s[i]);
    uint64_t elapsed_bits;
    memcpy(&elapsed_bits, &tr->elapsed_s, 8);
    bytebuf_u64(&b, elapsed_bits);
    put_text(&b, &tr->data_text);
    put_text(&b, &tr->val_text);
    /* the model file image, through a memory stream */
    size_t msize = model_file_size(m);
    bytebuf_u64(&b, msize);
    char *image = NULL;
    size_t image_len = 0;
    FILE *mem = open_memstream(&image, &image_len);
    if (!mem || model_write_stream(m, mem, err) != 0 || fclose(mem) != 0 || image_len != msize) {
        free(image);
        bytebuf_free(&b);
        return ts_fail(err, "%s: could not serialise the model", q);
    }
    bytebuf_put(&b, image, image_len);
    free(image);
    for (size_t i = 0; i < m->n_params; i++)
        bytebuf_f32(&b, tr->m[i]);
    for (size_t i = 0; i < m->n_params; i++)
        bytebuf_f32(&b, tr->v[i]);
    if (b.failed) {
        bytebuf_free(&b);
        return ts_fail(err, "%s: out of memory while writing the checkpoint", q);
    }
    unsigned char h[CKPT_HEADER] = {0};
    memcpy(h, CKPT_MAGIC, 8);
    le_put_u64(h + 12, (uint64_t)b.len);
    le_put_u32(h + CKPT_CRC_AT, ckpt_crc(h, (const unsigned char *)b.p, b.len));
    AtomicFile af;
    if (atomic_open(&af, path, err) != 0) {
        bytebuf_free(&b);
        return -1;
    }
    if (fwrite(h, 1, CKPT_HEADER, af.f) != CKPT_HEADER || fwrite(b.p, 1, b.len, af.f) != b.len) {
        int saved = errno;
        atomic_abort(&af);
        bytebuf_free(&b);
        return output_write_failed(path, saved, err);
    }
    bytebuf_free(&b);
    return atomic_commit(&af, err);
}

/* The version (1..4) of the checkpoint in data[0..len) once its magic, its
 * length and its checksum agree; 0, with a message, when they do not. */
static int ckpt_verify(const unsigned char *data, size_t len, const char *q, TsErr *err)
{
    int version = len < CKPT_HEADER                      ? 0
                  : memcmp(data, CKPT_MAGIC, 8) == 0    ? 4
                  : memcmp(data, CKPT_MAGIC_V3, 8) == 0 ? 3
                  : memcmp(data, CKPT_MAGIC_V2, 8) == 0 ? 2
                  : memcmp(data, CKPT_MAGIC_V1, 8) == 0 ? 1
                                                        : 0;
    if (version == 0) {
        ts_fail(err, "%s: not a tangscope training checkpoint", q);
        return 0;
    }
    Cur hc = {data + 8, 12, 0, 0};
    uint32_t crc = cur_u32(&hc);
    uint64_t plen = cur_u64(&hc);
    if (plen != len - CKPT_HEADER) {
        ts_fail(err, "%s: truncated or padded checkpoint (%zu bytes, header says %llu)", q, len,
                (unsigned long long)(plen + CKPT_HEADER));
        return 0;
    }
    int reserved_zero = 1;
    for (int i = 20; i < CKPT_HEADER; i++)
        reserved_zero &= data[i] == 0;
    if ((version >= 4 ? ckpt_crc(data, data + CKPT_HEADER, plen)
                      : crc32_update(0, data + CKPT_HEADER, plen)) != crc ||
        (version >= 4 && !reserved_zero)) {
        ts_fail(err, "%s: checksum mismatch, the checkpoint is corrupted", q);
        return 0;
    }
    return version;
}

/* What a checkpoint holds before the model image: the run's state. */
typedef struct {
    TrainConfig tc;
    int step, have_best;
    float best_val;
    uint32_t data_crc;
    Rng rng;
    double elapsed_s;     /* 0 before version 4 */
    TrainText texts[2];   /* training, validation (version 4 on); owned */
} CkptState;

/* Read the state as put by checkpoint_save; -1 when it is cut short or a
 * file's path or the time cannot be what a checkpoint holds. */
static int get_state(Cur *c, CkptState *s, int version)
{
    get_config(c, &s->tc, version);
    s->step = (int)cur_u32(c);
    s->have_best = (int)cur_u32(c);
    s->best_val = cur_f32(c);
    s->data_crc = cur_u32(c);
    for (int i = 0; i < 4; i++)
        s->rng.s[i] = cur_u64(c);
    if (version >= 4) {
        uint64_t bits = cur_u64(c);
        memcpy(&s->elapsed_s, &bits, 8);
        if (cur_text(c, &s->texts[0]) != 0 || cur_text(c, &s->texts[1]) != 0 ||
            !(s->elapsed_s >= 0.0 && s->elapsed_s < 1e12))
            return -1;
    }
    return c->short_ ? -1 : 0;
}

/* Hand the state to a trainer made for it; the trainer owns the texts now. */
static void give_state(CkptState *s, Trainer *tr, int version)
{
    tr->step = s->step;
    tr->have_best = s->have_best;
    tr->best_val = s->best_val;
    tr->data_crc = s->data_crc;
    tr->rng = s->rng;
    tr->elapsed_s = s->elapsed_s;
    tr->knows_texts = version >= 4 && s->texts[0].path; /* saved by a caller that said them */
    tr->data_text = s->texts[0];
    tr->val_text = s->texts[1];
    memset(s->texts, 0, sizeof s->texts);
}

/* After the header: the state, the model image and both moments, into a
 * fresh model and trainer (nothing left allocated on failure). */
static int ckpt_read(Model *model, Trainer *tr, Cur *c, int version, int bf16, const char *path,
                     TsErr *err)
{
    TsQuoted quoted;
    const char *q = ts_quote(&quoted, path);
    CkptState s = {0};
    int ok = get_state(c, &s, version) == 0;
    uint64_t msize = ok ? cur_u64(c) : 0;
    const unsigned char *image = ok && msize <= c->len ? cur_take(c, msize) : NULL;
    int rc = -1;
    if (!image) {
        ts_fail(err, "%s: checkpoint is cut short", q);
    } else if (model_parse(model, image, msize, path, err) == 0) {
        if (bf16 >= 0)
            s.tc.bf16 = bf16;
        if (trainer_init(tr, model, &s.tc, err) != 0) {
            model_free(model);
        } else {
            cur_floats(c, tr->m, model->n_params);
            cur_floats(c, tr->v, model->n_params);
            if (c->short_ || c->pos != c->len) {
                ts_fail(err, "%s: checkpoint moments have the wrong size", q);
                trainer_free(tr);
                model_free(model);
            } else {
                give_state(&s, tr, version);
                rc = 0;
            }
        }
    }
    train_text_free(&s.texts[0]);
    train_text_free(&s.texts[1]);
    return rc;
}

int checkpoint_load(Model *model, Trainer *tr, const char *path, int bf16, TsErr *err)
{
    TsQuoted quoted;
    unsigned char *data;
    size_t len;
    memset(model, 0, sizeof *model);
    memset(tr, 0, sizeof *tr);
    if (read_file(path, FILE_CHECKPOINT, &data, &len, err) != 0)
        return -1;
    int version = ckpt_verify(data, len, ts_quote(&quoted, path), err);
    int rc = -1;
    if (version) {
        Cur c = {data + CKPT_HEADER, len - CKPT_HEADER, 0, 0};
        rc = ckpt_read(model, tr, &c, version, bf16, path, err);
    }
    free(data);
    return rc;
}
