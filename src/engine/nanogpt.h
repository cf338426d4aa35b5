/* nanogpt.h - a nanoGPT checkpoint and its meta.pkl as a tangscope model.
 *
 * The checkpoint is what nanoGPT's train.py saves with torch.save
 * ({'model': state_dict, 'model_args': {...}, 'optimizer': ..., ...}) or a
 * bare state_dict, with or without torch.compile's "_orig_mod." prefix, with
 * biases or without (bias=False: tangscope holds zeros there). meta.pkl is
 * the vocabulary nanoGPT's prepare.py writes (itos, stoi: one character per
 * token). The archive is read by ptzip.h, the pickles by unpickle.h; the
 * keys are nanokeys.h's table. The rules and the messages are those of
 * tools/import-nanogpt.py, the reference this is tested against: what cannot
 * be mapped (another architecture, rotary positions, a vocabulary of words,
 * shapes that disagree, values of the wrong type) is refused in one line.
 *
 * Only the storages the model needs are read, each after its tensor's shape
 * is checked against the configuration and its entry's size against the
 * storage's declared elements; a storage larger than the whole model is
 * refused unread. Floats of 16, 32 and 64 bits and bfloat16 become float32.
 */
#ifndef TS_NANOGPT_H
#define TS_NANOGPT_H

#include "engine/common.h"
#include "engine/model.h"

#include <stddef.h>

/* The most bytes a checkpoint's data.pkl may hold (inflated), and meta.pkl. */
#define NANO_PKL_MAX (16u << 20)

/* What the command line chose; what it did not comes from the checkpoint's
 * tangscope_gelu and tangscope_ln_eps keys, else nanoGPT's erf and 1e-5. */
typedef struct {
    int n_head;        /* --n-head, or 0 for model_args' */
    int gelu_given;    /* 1: gelu is --gelu's */
    GeluKind gelu;
    int ln_eps_given;  /* 1: ln_eps is --ln-eps's */
    double ln_eps;
} NanoOptions;

/* Which input a refusal is about, for the caller's message. */
typedef enum { NANO_BLAME_CHECKPOINT, NANO_BLAME_META } NanoBlame;

/* The model in the checkpoint ckpt[0..ckpt_len) (a torch.save archive) with
 * the vocabulary in meta[0..meta_len) (a pickle). 0 and *m filled (free it
 * with model_free), or -1 with a one-line message, *blame saying which file
 * it is about (the caller names it), and err->code ENOMEM when memory ran
 * out rather than the input being wrong. */
int nanogpt_import(Model *m, const unsigned char *ckpt, size_t ckpt_len,
                   const unsigned char *meta, size_t meta_len, const NanoOptions *opt,
                   NanoBlame *blame, TsErr *err);

#endif
