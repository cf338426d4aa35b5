/* train_loop.h - the training loop of `tangscope train`: steps, validation,
 * the best model, checkpoints, the log, and the progress line or the training
 * view (train_view.h), until the last step, a step limit or Ctrl-C.
 *
 * cli_train.c reads the options and prepares the model, the trainer and the
 * texts; this runs them. Messages go to stderr ("tangscope train: ..."), the
 * summary of a finished run to stdout.
 */
#ifndef TS_TRAIN_LOOP_H
#define TS_TRAIN_LOOP_H

#include <stddef.h>
#include <stdio.h>

#include "engine/model.h"
#include "engine/train.h"

/* How a run goes, as the options of `tangscope train` say. */
typedef struct {
    const char *out;   /* --out: the best model (or the last weights) go here */
    const char *ckpt;  /* --checkpoint: written every ckpt_every steps and at the end */
    FILE *log;         /* --log, opened by the caller (and closed after the run); or NULL */
    const char *log_name; /* its name, for messages */
    int view;          /* 1: the training view on stderr */
    int quiet;         /* no progress line, only the summary */
    int save_last;     /* --save-last: the model file gets the last weights, not the best */
    int sample_every;  /* with the view: a sample poem every N steps */
    int max_steps_now; /* stop, with a checkpoint, after N steps of this run; 0: no limit */
    int stop_at;       /* stop, with a checkpoint, at step N, resumed or not; 0: no limit */
} TrainRun;

/* Train tr (whose model is model) on data[0..n_data) until its last step,
 * run->max_steps_now steps, step run->stop_at or Ctrl-C / SIGTERM (caught from here on: a
 * checkpoint, then exit status 130), validating on val[0..n_val) when
 * n_val > 1. Writes checkpoints, the model file when the validation loss
 * is the best so far, the log's lines, and at the end the last checkpoint
 * and a summary (or, for a stopped run, where it stands and the last weights
 * when there is no validation). Returns the exit status: 0, 130 when
 * interrupted, or 1 after printing why (a loss that is no longer finite, a
 * file that could not be written). */
int train_loop_run(const TrainRun *run, Model *model, Trainer *tr, const int *data, size_t n_data,
                   const int *val, size_t n_val);

#endif
