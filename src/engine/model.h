/* model.h - the GPT's configuration, its weights, and the model file.
 *
 * Read this first: it is the whole model as data. The forward pass that uses
 * these tensors is in infer.c (inference) and train_pass.c (training: forward and
 * backward over a batch; train.c holds the optimizer and the schedule); the file
 * format is documented byte by byte in docs/model-format.md.
 *
 * Shapes use L = layers, C = embedding dimensions, H = heads, T = context
 * (longest sequence), V = vocabulary size. A linear layer's weight is stored
 * [out, in] row-major, so y = x W^T + b.
 */
#ifndef TS_MODEL_H
#define TS_MODEL_H

#include "engine/common.h"
#include "engine/fileio.h"
#include "engine/ops.h"
#include "engine/vocab.h"

#include <stdint.h>
#include <stdio.h>

typedef struct {
    int n_layer;    /* L */
    int n_embd;     /* C */
    int n_head;     /* H; head size is C / H */
    int context;    /* T, the longest sequence the model reads */
    int vocab_size; /* V */
} ModelConfig;

/* The parameter tensors, in file order. One block of floats holds them all,
 * cut by param_table(); gradients and AdamW moments share the same layout. */
enum {
    P_WTE,       /* [V, C]      token embedding; also the output layer (tied) */
    P_WPE,       /* [T, C]      position embedding */
    P_LN1_W,     /* [L, C]      LayerNorm before attention: scale */
    P_LN1_B,     /* [L, C]      ... and shift */
    P_QKV_W,     /* [L, 3C, C]  query, key, value projections, stacked */
    P_QKV_B,     /* [L, 3C] */
    P_ATTPROJ_W, /* [L, C, C]   attention output projection */
    P_ATTPROJ_B, /* [L, C] */
    P_LN2_W,     /* [L, C]      LayerNorm before the MLP */
    P_LN2_B,     /* [L, C] */
    P_FC_W,      /* [L, 4C, C]  MLP up-projection */
    P_FC_B,      /* [L, 4C] */
    P_FCPROJ_W,  /* [L, C, 4C]  MLP down-projection */
    P_FCPROJ_B,  /* [L, C] */
    P_LNF_W,     /* [C]         final LayerNorm */
    P_LNF_B,     /* [C] */
    P_COUNT
};

typedef struct {
    const char *name;
    int ndim;
    int shape[3];
    size_t offset; /* in floats from the start of the block */
    size_t size;   /* in floats */
    int decay;     /* 1 if AdamW applies weight decay (matrices), 0 otherwise */
} ParamInfo;

/* Fill table[P_COUNT] for cfg; returns the total number of floats. */
size_t param_table(const ModelConfig *cfg, ParamInfo table[P_COUNT]);

/* Pointers into one parameter block (or a gradient or moment block). */
typedef struct {
    float *wte, *wpe;
    float *ln1_w, *ln1_b, *qkv_w, *qkv_b, *attproj_w, *attproj_b;
    float *ln2_w, *ln2_b, *fc_w, *fc_b, *fcproj_w, *fcproj_b;
    float *lnf_w, *lnf_b;
} ParamPtrs;

void param_point(ParamPtrs *p, float *block, const ModelConfig *cfg);

/* The two choices, besides the shape, that a model's numbers depend on. A
 * model tangscope trains uses the tanh GELU and 1e-5 (and its file says
 * nothing: version 2); one imported from nanoGPT uses the exact erf GELU,
 * and its file says so (version 3, docs/model-format.md). */
#define MODEL_LN_EPS 1e-5f
typedef struct {
    GeluKind gelu; /* which GELU the MLP applies */
    float ln_eps;  /* added to the variance in every LayerNorm: 0 < ln_eps <= 0.1 */
} ModelNumerics;

typedef struct {
    ModelConfig cfg;
    ModelNumerics num; /* tangscope's own (GELU_TANH, MODEL_LN_EPS) unless the file says */
    Vocab vocab;
    float *params;   /* one block of n_params floats; owned */
    size_t n_params;
    ParamPtrs w;     /* the tensors inside params */
} Model;

/* Check a configuration against the limits every model file obeys (layers
 * 1..64, heads 1..64, dims 1..4096 and divisible by heads, context 1..8192,
 * vocabulary 2..1,000,000). */
int model_config_check(const ModelConfig *cfg, TsErr *err);

/* 1 if num is tangscope's own (tanh GELU, epsilon 1e-5): a version 2 file
 * holds it; anything else needs version 3. */
int model_numerics_default(const ModelNumerics *num);

/* A new model with GPT-2 style random weights: N(0, 0.02), the two residual
 * projections scaled by 1/sqrt(2L), biases 0, LayerNorm scales 1; tangscope's
 * own numerics (m->num: tanh GELU, epsilon 1e-5). */
int model_init(Model *m, const ModelConfig *cfg, const Vocab *vocab, uint64_t seed, TsErr *err);

/* Load a model file. Refuses (with a message naming the file and the problem)
 * anything truncated, corrupted, foreign, of another version or absurd. */
int model_load(Model *m, const char *path, TsErr *err);

/* Parse a model from a byte buffer (what model_load does after reading the
 * file); `name` is used in messages. */
int model_parse(Model *m, const unsigned char *buf, size_t len, const char *name, TsErr *err);

/* Write the model file atomically: a temporary name in the same folder, then
 * rename, so a crash never leaves a half-written file behind. */
int model_save(const Model *m, const char *path, TsErr *err);

/* Serialise the model file image to an open stream (used inside checkpoints).
 * Returns 0, or -1 on a write error. */
int model_write_stream(const Model *m, FILE *f, TsErr *err);

/* Size in bytes of the model file image. */
size_t model_file_size(const Model *m);

void model_free(Model *m);

#endif
