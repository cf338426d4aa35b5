/* test_kvcost.c - the KV cache calculator against sizes worked out by hand. */
#include "check.h"
#include "engine/kvcost.h"

/* Each preset by its published shape, multiplied out by hand:
 *   7B, multi-head:  2 (k and v) x 32 layers x 4096 dims x 2 bytes = 524,288
 *   8B, grouped:     2 x 32 layers x (8 heads x 128) x 2 bytes      = 131,072
 *   DeepSeek-V3:     61 layers x (512 + 64) x 2 bytes                =  70,272 */
static void test_presets_by_hand(void)
{
    const KvShape *p;
    int n = kvcost_presets(&p);
    CHECK(n == 3, "three presets, got %d", n);
    const size_t want[3] = {524288, 131072, 70272};
    for (int i = 0; i < n && i < 3; i++)
        CHECK(kvcost_bytes_per_token(&p[i]) == want[i], "%s: %zu bytes per token, want %zu",
              p[i].name, kvcost_bytes_per_token(&p[i]), want[i]);
}

/* The bundled shape: 2 x 4 layers x 128 dims x 4 bytes = 4,096 bytes, the
 * figure the lesson quotes; and a shape whose heads do not divide evenly
 * into the width still counts heads x head size. */
static void test_tangscope_shape(void)
{
    ModelConfig c = {0};
    c.n_layer = 4;
    c.n_embd = 128;
    c.n_head = 4;
    c.context = 128;
    KvShape s = kvcost_of_model(&c);
    CHECK(kvcost_bytes_per_token(&s) == 4096, "tangscope: %zu", kvcost_bytes_per_token(&s));
    c.n_layer = 12;
    c.n_embd = 768;
    c.n_head = 12;
    s = kvcost_of_model(&c);
    CHECK(kvcost_bytes_per_token(&s) == 73728, "12 x 768: %zu", kvcost_bytes_per_token(&s));
}

int main(void)
{
    RUN(test_presets_by_hand);
    RUN(test_tangscope_shape);
    return test_summary();
}
