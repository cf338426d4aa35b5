/* train.h - training: batches, AdamW, the learning-rate schedule.
 *
 * A Trainer owns the gradients, the AdamW moments, the activations and the
 * random generator that picks training windows; a checkpoint
 * (engine/checkpoint.h) saves all of it for a resumed run.
 */
#ifndef TS_TRAIN_H
#define TS_TRAIN_H

#include "engine/train_pass.h"
#include "engine/model.h"
#include "engine/rng.h"

typedef struct {
    uint64_t seed;       /* weights and training windows */
    int batch;           /* sequences per step */
    int seq;             /* characters per sequence (<= context) */
    int steps;           /* total optimizer steps */
    int warmup;          /* steps of linear warm-up */
    float lr;            /* peak learning rate */
    float lr_min;        /* learning rate at the end of the cosine decay */
    float weight_decay;  /* AdamW decoupled weight decay (matrices only) */
    float beta1, beta2, eps;
    float clip;          /* largest global gradient norm; 0 = no clipping */
    int eval_every;      /* validation loss every N steps */
    int ckpt_every;      /* checkpoint every N steps */
    int short_every;     /* every Nth step trains on short windows; 0 = never */
    int short_seq;       /* their length; such a step takes batch * seq / short_seq of
                          * them, as many characters as a normal step. A window has
                          * one first position, so long windows teach the model
                          * little about predicting from one or two characters;
                          * short ones teach that more often. */
    int bf16;            /* 1: the matrix products (linear layers, output layer,
                          * attention) multiply inputs rounded to bfloat16 and
                          * sum in float32 (gemm_bf16.h): an instruction does twice
                          * the multiply-adds, a step runs about 1.5 times as fast; 0: in
                          * float32. Weights, gradients and moments are float32
                          * either way. */
} TrainConfig;

/* The defaults: 8,000 steps of batch 32 x 128, AdamW with peak learning rate
 * 0.002 after 200 warm-up steps, cosine decay to 0.0001, weight decay 0.1,
 * clipping at 1, seed 1337, bfloat16 products where the CPU has them. The
 * bundled model's first phase used these for 5,000 steps and in float32; its
 * later phases added short windows (docs/training.md has the recipe). */
TrainConfig train_config_default(void);
/* Check every setting against its range (as `tangscope train --help` gives
 * it) and the model's context. The message begins with the setting's name,
 * one of batch, seq, steps, warmup, lr, lr-min, weight-decay, clip,
 * eval-every, checkpoint-every, short-every, short-seq and precision, e.g.
 * "warmup must be 0..100 (steps), not 200", and names any other setting it
 * mentions the same way; a front end that calls the settings otherwise (by
 * their flags) puts its own names in their place. */
int train_config_check(const TrainConfig *tc, const ModelConfig *mc, TsErr *err);
/* The short windows' length must divide the training window's: 1..seq and
 * a divisor of it (checked by train_config_check when short windows are on). */
int train_short_seq_check(int short_seq, int seq, TsErr *err);

/* Learning rate at step (0-based): linear warm-up, then cosine to lr_min. */
float train_lr(const TrainConfig *tc, int step);

/* A text file a run reads, as its checkpoint remembers it. */
typedef struct {
    char *path;        /* as the run was given it, made absolute; owned; NULL: none */
    uint32_t crc;      /* CRC-32 of the file's bytes */
    uint64_t size;     /* its length in bytes */
} TrainText;

/* Fill t for the file at path whose bytes are bytes[0..len): its absolute
 * path (path as given when it cannot be resolved), their CRC-32 and length.
 * Frees what t held. Returns 0, or -1 when memory runs out. */
int train_text_set(TrainText *t, const char *path, const void *bytes, size_t len, TsErr *err);
void train_text_free(TrainText *t);

typedef struct {
    Model *model;      /* not owned */
    TrainConfig tc;
    float *grads;      /* [n_params], same layout as the parameters */
    ParamPtrs g;
    float *m, *v;      /* AdamW moments, same layout */
    GptActs acts;      /* B = tc.batch, T = tc.seq, with backward scratch */
    GptActs short_acts; /* for the short-window steps, when short_every > 0 */
    int *inputs;       /* [B,T] */
    int *targets;      /* [B,T] */
    Rng rng;           /* picks the training windows */
    int step;          /* steps taken */
    float best_val;    /* best validation loss so far; valid when have_best */
    int have_best;
    uint32_t data_crc; /* CRC-32 of the training token ids, to catch a changed corpus on resume */
    /* what a checkpoint of version 4 on remembers besides (trainer_init leaves
     * them empty, trainer_free frees them; the caller fills them in): */
    int knows_texts;   /* 1: data_text and val_text say which files the run reads (a
                        * checkpoint before version 4, or saved with no data_text.path,
                        * does not know them) */
    TrainText data_text; /* the training text */
    TrainText val_text;  /* the validation text; path NULL: none */
    double elapsed_s;  /* seconds of training behind the checkpoint, over every run
                        * that led to it; the caller keeps it up to date */
} Trainer;

int trainer_init(Trainer *tr, Model *model, const TrainConfig *tc, TsErr *err);
void trainer_free(Trainer *tr);

/* Switch short-window steps on (every > 0) or off (every = 0) for a run,
 * e.g. when resuming; allocates their activations. */
int trainer_set_short(Trainer *tr, int every, int seq, TsErr *err);


/* Fill inputs/targets with random windows of data (n tokens, n > seq) for
 * the next step: tc.batch windows of tc.seq, or on a short-window step more
 * windows of short_seq. */
void trainer_sample_batch(Trainer *tr, const int *data, size_t n);

/* One optimizer step on the current batch: forward, backward, clip, AdamW.
 * Returns the batch's mean loss; *grad_norm gets the norm before clipping. */
float trainer_step(Trainer *tr, float *grad_norm);

/* Mean loss per character over data, cut into consecutive windows of `seq`
 * characters (each window predicts its own next characters from its own
 * start), batched through acts. *loss gets the mean over every predicted
 * character, *count how many. Returns 0, or -1 with err when memory runs out
 * or a loss is not a finite number: "the model produced non-finite scores at
 * position P (reading character K of the text)", P the position in its
 * window (from 0), K the character's place in data (from 1). */
int gpt_eval_loss(const Model *m, GptActs *acts, const int *data, size_t n, int seq, double *loss,
                  size_t *count, TsErr *err);
/* gpt_eval_loss, telling progress(ctx, done, total) after each batch of
 * windows how many of the characters to predict are done (progress NULL:
 * gpt_eval_loss itself). */
int gpt_eval_loss_progress(const Model *m, GptActs *acts, const int *data, size_t n, int seq,
                           double *loss, size_t *count, TsProgressFn progress, void *ctx,
                           TsErr *err);

/* Checkpoints: engine/checkpoint.h. */

#endif
