/* nanokeys.c - the table of nanoGPT's keys (nanokeys.h). */
#include "engine/nanokeys.h"

#include "engine/model.h"

#include <stdio.h>

const NanoKey NANO_GLOBAL_KEYS[NANO_GLOBAL_COUNT] = {
    {"transformer.wte.weight", P_WTE, 0},
    {"transformer.wpe.weight", P_WPE, 0},
    {"transformer.ln_f.weight", P_LNF_W, 0},
    {"transformer.ln_f.bias", P_LNF_B, 1},
};

const NanoKey NANO_BLOCK_KEYS[NANO_BLOCK_COUNT] = {
    {"transformer.h.%d.ln_1.weight", P_LN1_W, 0},
    {"transformer.h.%d.ln_1.bias", P_LN1_B, 1},
    {"transformer.h.%d.attn.c_attn.weight", P_QKV_W, 0},
    {"transformer.h.%d.attn.c_attn.bias", P_QKV_B, 1},
    {"transformer.h.%d.attn.c_proj.weight", P_ATTPROJ_W, 0},
    {"transformer.h.%d.attn.c_proj.bias", P_ATTPROJ_B, 1},
    {"transformer.h.%d.ln_2.weight", P_LN2_W, 0},
    {"transformer.h.%d.ln_2.bias", P_LN2_B, 1},
    {"transformer.h.%d.mlp.c_fc.weight", P_FC_W, 0},
    {"transformer.h.%d.mlp.c_fc.bias", P_FC_B, 1},
    {"transformer.h.%d.mlp.c_proj.weight", P_FCPROJ_W, 0},
    {"transformer.h.%d.mlp.c_proj.bias", P_FCPROJ_B, 1},
};

const char *nano_key_name(const NanoKey *k, int layer, char *out, size_t size)
{
    /* the format is one of the table's own strings, never the input's */
    snprintf(out, size, k->key, layer);
    return out;
}
