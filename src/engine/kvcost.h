/* kvcost.h - what a KV cache costs in memory, for this model and for large ones.
 *
 * Every layer keeps, for each token it has read, what attention needs of that
 * token later. With ordinary multi-head attention that is a key and a value
 * vector per head: 2 x layers x kv_heads x head_dim numbers per token. Grouped-
 * query attention shares one key/value head among several query heads, so
 * kv_heads is smaller than the number of query heads. Multi-head latent
 * attention (DeepSeek-V2/V3) keeps one compressed latent vector and one small
 * positional key per layer instead: layers x (latent + rope_dim) numbers.
 */
#ifndef TS_KVCOST_H
#define TS_KVCOST_H

#include <stddef.h>

#include "engine/model.h"

typedef enum {
    KV_MULTI_HEAD, /* key and value per head (full multi-head, or grouped-query) */
    KV_LATENT      /* one latent vector and one positional key per layer */
} KvKind;

typedef struct {
    const char *name;     /* "7B, multi-head attention" */
    const char *example;  /* a model of that shape, for the reader */
    KvKind kind;
    int layers;
    int kv_heads, head_dim;  /* KV_MULTI_HEAD */
    int latent, rope_dim;    /* KV_LATENT */
    int bytes_per_number;    /* 4 for float32, 2 for 16-bit */
} KvShape;

/* Bytes the cache holds per token. */
size_t kvcost_bytes_per_token(const KvShape *s);

/* The shape of a tangscope model's cache (float32, one head's worth per head). */
KvShape kvcost_of_model(const ModelConfig *cfg);

/* The large-model presets, in a fixed order; returns how many. */
int kvcost_presets(const KvShape **out);

#endif
