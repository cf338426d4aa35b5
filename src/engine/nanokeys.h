/* nanokeys.h - nanoGPT's state_dict keys and the tensors of a tangscope model.
 *
 * nanoGPT's GPT (model.py) names its weights transformer.wte.weight,
 * transformer.h.0.attn.c_attn.weight, ... A tangscope model holds the same
 * numbers as P_* tensors (model.h), each block's tensor stacked over the
 * layers. This table is the one place the two sets of names meet: the import
 * (a checkpoint into a model) and the export (a model into a checkpoint) both
 * read it.
 *
 * nanoGPT stores a linear layer's weight [out, in], as tangscope does, so no
 * tensor is transposed. A bias=False model has none of the keys marked
 * is_bias; tangscope holds zeros there. The output layer is tied:
 * lm_head.weight is the token embedding again.
 */
#ifndef TS_NANOKEYS_H
#define TS_NANOKEYS_H

#include <stddef.h>

typedef struct {
    const char *key; /* nanoGPT's name; in a block's, "%d" stands for the layer */
    int param;       /* the P_* tensor (model.h) */
    int is_bias;     /* absent from a bias=False checkpoint */
} NanoKey;

/* The four keys outside the blocks: wte, wpe, ln_f's weight and bias. */
#define NANO_GLOBAL_COUNT 4
extern const NanoKey NANO_GLOBAL_KEYS[NANO_GLOBAL_COUNT];
/* A block's twelve keys, in nanoGPT's order (ln_1, attn, ln_2, mlp). */
#define NANO_BLOCK_COUNT 12
extern const NanoKey NANO_BLOCK_KEYS[NANO_BLOCK_COUNT];

#define NANO_LM_HEAD "lm_head.weight"      /* tied: the same numbers as wte */
#define NANO_COMPILED_PREFIX "_orig_mod."  /* what torch.compile puts before every key */
/* Top-level checkpoint keys tangscope's export adds and nanoGPT ignores: the
 * GELU form ("erf" or "tanh") and the LayerNorm epsilon, so that an import
 * gives back the very file that was exported. */
#define NANO_GELU_KEY "tangscope_gelu"
#define NANO_EPS_KEY "tangscope_ln_eps"

/* The name of entry k for layer `layer` (ignored for a global key) in out;
 * returns out. size >= 64 always suffices. */
const char *nano_key_name(const NanoKey *k, int layer, char *out, size_t size);

#endif
