/* kvcost.c - KV cache sizes (see kvcost.h). */
#include "engine/kvcost.h"

/* Configurations as their makers published them; only the shape of the cache
 * matters here, not the weights. */
static const KvShape PRESETS[] = {
    {"7B, multi-head attention", "Llama 2 7B: 32 layers, 32 heads x 128 = 4096 dims, 16-bit",
     KV_MULTI_HEAD, 32, 32, 128, 0, 0, 2},
    {"8B, grouped-query attention", "Llama 3 8B: 32 layers, 8 KV heads x 128, 16-bit",
     KV_MULTI_HEAD, 32, 8, 128, 0, 0, 2},
    {"DeepSeek-V3, latent attention", "61 layers, latent 512 + positional key 64, 16-bit",
     KV_LATENT, 61, 0, 0, 512, 64, 2},
};

size_t kvcost_bytes_per_token(const KvShape *s)
{
    size_t numbers;
    if (s->kind == KV_LATENT)
        numbers = (size_t)s->layers * ((size_t)s->latent + (size_t)s->rope_dim);
    else
        numbers = 2 * (size_t)s->layers * (size_t)s->kv_heads * (size_t)s->head_dim;
    return numbers * (size_t)s->bytes_per_number;
}

KvShape kvcost_of_model(const ModelConfig *cfg)
{
    KvShape s = {"tangscope", "this model", KV_MULTI_HEAD, cfg->n_layer, cfg->n_head,
                 cfg->n_embd / cfg->n_head, 0, 0, (int)sizeof(float)};
    return s;
}

int kvcost_presets(const KvShape **out)
{
    *out = PRESETS;
    return (int)(sizeof PRESETS / sizeof PRESETS[0]);
}
