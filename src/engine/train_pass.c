/* train_pass.c - the GPT as a straight list of layer calls; backward is forward reversed. */
#include "engine/train_pass.h"

#include <stdlib.h>
#include <string.h>

#include "engine/ops.h"

int gpt_acts_init(GptActs *a, const ModelConfig *cfg, int B, int T, int with_backward, TsErr *err)
{
    memset(a, 0, sizeof *a);
    a->B = B, a->T = T;
    a->C = cfg->n_embd, a->L = cfg->n_layer, a->H = cfg->n_head, a->V = cfg->vocab_size;
    size_t BT = (size_t)B * T, C = (size_t)a->C, L = (size_t)a->L;
    struct {
        float **slot;
        size_t n;
        int backward;
    } want[] = {
        {&a->encoded, BT * C, 0},
        {&a->ln1, L * BT * C, 0},
        {&a->ln1_mean, L * BT, 0},
        {&a->ln1_rstd, L * BT, 0},
        {&a->qkv, L * BT * 3 * C, 0},
        {&a->atty, L * BT * C, 0},
        {&a->att, L * BT * (size_t)a->H * T, 0},
        {&a->attproj, L * BT * C, 0},
        {&a->res2, L * BT * C, 0},
        {&a->ln2, L * BT * C, 0},
        {&a->ln2_mean, L * BT, 0},
        {&a->ln2_rstd, L * BT, 0},
        {&a->fch, L * BT * 4 * C, 0},
        {&a->fch_gelu, L * BT * 4 * C, 0},
        {&a->fcproj, L * BT * C, 0},
        {&a->res3, L * BT * C, 0},
        {&a->lnf, BT * C, 0},
        {&a->lnf_mean, BT, 0},
        {&a->lnf_rstd, BT, 0},
        {&a->logits, BT * (size_t)a->V, 0},
        {&a->losses, BT, 0},
        {&a->dres, BT * C, 1},
        {&a->dtmp, BT * C, 1},
        {&a->dqkv, BT * 3 * C, 1},
        {&a->dfch, BT * 4 * C, 1},
        {&a->dfch_gelu, BT * 4 * C, 1},
        {&a->datt_scratch, (size_t)B * a->H * T * T, 1},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        if (want[i].backward && !with_backward)
            continue;
        *want[i].slot = ts_alloc_floats(want[i].n, err);
        if (!*want[i].slot) {
            gpt_acts_free(a);
            return -1;
        }
    }
    a->have_backward = with_backward;
    return 0;
}

void gpt_acts_free(GptActs *a)
{
    float *all[] = {a->encoded, a->ln1,     a->ln1_mean, a->ln1_rstd, a->qkv,      a->atty,
                    a->att,     a->attproj, a->res2,     a->ln2,      a->ln2_mean, a->ln2_rstd,
                    a->fch,     a->fch_gelu, a->fcproj,  a->res3,     a->lnf,      a->lnf_mean,
                    a->lnf_rstd, a->logits, a->losses,   a->dres,     a->dtmp,     a->dqkv,
                    a->dfch,    a->dfch_gelu, a->datt_scratch};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]);
    gpt_acts_set_bf16(a, 0, NULL);
    memset(a, 0, sizeof *a);
}

int gpt_acts_set_bf16(GptActs *a, int on, TsErr *err)
{
    if (!on) {
        if (a->bf16)
            bf16_products_free(a->bf16);
        free(a->bf16);
        free(a->dlogits16);
        free(a->ce_rows);
        a->bf16 = NULL;
        a->dlogits16 = NULL;
        a->ce_rows = NULL;
        return 0;
    }
    if (a->bf16)
        return 0;
    int C = a->C, V = a->V, BT = a->B * a->T, T = a->T, hs = a->C / a->H;
    /* every product of the linear layers (ops.c), as {M, N, K, A transposed}:
     * out = inp w^T, dinp = dout w, dw = dout^T inp (M only sizes A's
     * blocks: the full count covers every piece a call takes) */
    const GemmShape shapes[] = {
        {BT, 3 * C, C, false}, {BT, C, C, false}, {BT, 4 * C, C, false},
        {BT, C, 4 * C, false}, {BT, V, C, false},
        {BT, C, 3 * C, false}, {BT, 4 * C, C, false}, {BT, C, 4 * C, false},
        {BT, C, V, false},
        {3 * C, C, BT, true},  {C, C, BT, true},      {4 * C, C, BT, true},
        {C, 4 * C, BT, true},  {V, C, BT, true},
        {T, T, hs, false},     {T, hs, T, true},       /* attention, per sequence and head */
    };
    Bf16Products *bp = ts_calloc(1, sizeof *bp, err);
    int n_shapes = (int)(sizeof shapes / sizeof shapes[0]);
    /* the layers' weight gradients are summed in parts, the largest 4C x C;
     * the output layer's is split by rows (matmul_backward_dout16) */
    size_t part_floats = (size_t)4 * C * C;
    if (!bp || bf16_products_init(bp, 0, shapes, n_shapes, part_floats, err) != 0) {
        free(bp);
        return -1;
    }
    a->bf16 = bp;
    if (a->have_backward) {
        a->dlogits16 = ts_calloc((size_t)BT * V, sizeof *a->dlogits16, err);
        a->ce_rows = ts_alloc_floats((size_t)bp->n_threads * LOSS_ROWS * V, err);
        if (!a->dlogits16 || !a->ce_rows) {
            gpt_acts_set_bf16(a, 0, NULL);
            return -1;
        }
    }
    return 0;
}

/* Forward from tokens to the final layer norm (a->lnf). */
static void forward_to_lnf(const Model *m, GptActs *a, const int *tokens, int B, int T)
{
    const ParamPtrs *w = &m->w;
    int C = a->C, H = a->H, L = a->L;
    float eps = m->num.ln_eps;
    /* Layer l's activations sit at offset l * (B T x) of the capacity-sized arrays;
     * using the capacity stride keeps the layout fixed whatever B and T are. */
    size_t cap = (size_t)a->B * a->T, BT = (size_t)B * T;
    encoder_forward(a->encoded, tokens, w->wte, w->wpe, B, T, C);
    const float *x = a->encoded; /* the residual stream entering each block */
    for (int l = 0; l < L; l++) {
        size_t o = (size_t)l * cap;
        float *ln1 = a->ln1 + o * C, *qkv = a->qkv + o * 3 * C, *atty = a->atty + o * C;
        float *att = a->att + o * H * a->T, *attproj = a->attproj + o * C, *res2 = a->res2 + o * C;
        float *ln2 = a->ln2 + o * C, *fch = a->fch + o * 4 * C, *fch_gelu = a->fch_gelu + o * 4 * C;
        float *fcproj = a->fcproj + o * C, *res3 = a->res3 + o * C;
        layernorm_forward(ln1, a->ln1_mean + o, a->ln1_rstd + o, x, w->ln1_w + l * C,
                          w->ln1_b + l * C, eps, (int)BT, C);
        matmul_forward(qkv, ln1, w->qkv_w + (size_t)l * 3 * C * C, w->qkv_b + l * 3 * C, (int)BT, C,
                       3 * C, a->bf16);
        attention_forward(atty, att, qkv, B, T, C, H, a->bf16);
        matmul_forward(attproj, atty, w->attproj_w + (size_t)l * C * C, w->attproj_b + l * C,
                       (int)BT, C, C, a->bf16);
        residual_forward(res2, x, attproj, BT * C);
        layernorm_forward(ln2, a->ln2_mean + o, a->ln2_rstd + o, res2, w->ln2_w + l * C,
                          w->ln2_b + l * C, eps, (int)BT, C);
        matmul_forward(fch, ln2, w->fc_w + (size_t)l * 4 * C * C, w->fc_b + l * 4 * C, (int)BT, C,
                       4 * C, a->bf16);
        gelu_forward(fch_gelu, fch, BT * 4 * C, m->num.gelu);
        matmul_forward(fcproj, fch_gelu, w->fcproj_w + (size_t)l * 4 * C * C, w->fcproj_b + l * C,
                       (int)BT, 4 * C, C, a->bf16);
        residual_forward(res3, res2, fcproj, BT * C);
        x = res3;
    }
    layernorm_forward(a->lnf, a->lnf_mean, a->lnf_rstd, x, w->lnf_w, w->lnf_b, eps, (int)BT, C);
}

/* Forward from tokens to the logits. */
static void forward_to_logits(const Model *m, GptActs *a, const int *tokens, int B, int T)
{
    forward_to_lnf(m, a, tokens, B, T);
    matmul_forward(a->logits, a->lnf, m->w.wte, NULL, B * T, a->C, a->V, a->bf16); /* tied */
}

static float mean_loss(const GptActs *a, size_t BT)
{
    double sum = 0.0;
    for (size_t i = 0; i < BT; i++)
        sum += a->losses[i];
    return (float)(sum / (double)BT);
}

float gpt_forward(const Model *m, GptActs *a, const int *tokens, const int *targets, int B, int T)
{
    forward_to_logits(m, a, tokens, B, T);
    if (!targets)
        return 0.0f;
    crossentropy_forward(a->losses, a->logits, targets, B * T, a->V);
    return mean_loss(a, (size_t)B * T);
}

/* Backward from the gradient of the logits: in a->logits, or rounded to
 * bfloat16 in dlogits16. */
static void backward_from_logits(const Model *m, GptActs *a, const ParamPtrs *g, const int *tokens,
                                 const uint16_t *dlogits16, int B, int T)
{
    const ParamPtrs *w = &m->w;
    int C = a->C, H = a->H, V = a->V, L = a->L;
    size_t cap = (size_t)a->B * a->T, BT = (size_t)B * T;
    if (dlogits16)
        matmul_backward_dout16(a->dtmp, g->wte, dlogits16, a->lnf, w->wte, (int)BT, C, V, a->bf16);
    else
        matmul_backward(a->dtmp, g->wte, NULL, a->logits, a->lnf, w->wte, (int)BT, C, V, a->bf16);
    memset(a->dres, 0, BT * C * sizeof(float));
    const float *last = a->res3 + (size_t)(L - 1) * cap * C;
    layernorm_backward(a->dres, g->lnf_w, g->lnf_b, a->dtmp, last, w->lnf_w, a->lnf_mean,
                       a->lnf_rstd, (int)BT, C);
    for (int l = L - 1; l >= 0; l--) {
        size_t o = (size_t)l * cap;
        const float *x = l == 0 ? a->encoded : a->res3 + (o - cap) * C;
        float *ln1 = a->ln1 + o * C, *qkv = a->qkv + o * 3 * C, *atty = a->atty + o * C;
        float *att = a->att + o * H * a->T, *res2 = a->res2 + o * C;
        float *ln2 = a->ln2 + o * C, *fch = a->fch + o * 4 * C, *fch_gelu = a->fch_gelu + o * 4 * C;
        /* res3 = res2 + fcproj: both receive dres, which already holds it */
        matmul_backward(a->dfch_gelu, g->fcproj_w + (size_t)l * 4 * C * C, g->fcproj_b + l * C,
                        a->dres, fch_gelu, w->fcproj_w + (size_t)l * 4 * C * C, (int)BT, 4 * C, C,
                        a->bf16);
        gelu_backward(a->dfch, fch, a->dfch_gelu, BT * 4 * C, m->num.gelu);
        matmul_backward(a->dtmp, g->fc_w + (size_t)l * 4 * C * C, g->fc_b + l * 4 * C, a->dfch, ln2,
                        w->fc_w + (size_t)l * 4 * C * C, (int)BT, C, 4 * C, a->bf16);
        layernorm_backward(a->dres, g->ln2_w + l * C, g->ln2_b + l * C, a->dtmp, res2,
                           w->ln2_w + l * C, a->ln2_mean + o, a->ln2_rstd + o, (int)BT, C);
        /* res2 = x + attproj: both receive dres */
        matmul_backward(a->dtmp, g->attproj_w + (size_t)l * C * C, g->attproj_b + l * C, a->dres,
                        atty, w->attproj_w + (size_t)l * C * C, (int)BT, C, C, a->bf16);
        attention_backward(a->dqkv, a->datt_scratch, a->dtmp, qkv, att, B, T, C, H, a->bf16);
        matmul_backward(a->dtmp, g->qkv_w + (size_t)l * 3 * C * C, g->qkv_b + l * 3 * C, a->dqkv,
                        ln1, w->qkv_w + (size_t)l * 3 * C * C, (int)BT, C, 3 * C, a->bf16);
        layernorm_backward(a->dres, g->ln1_w + l * C, g->ln1_b + l * C, a->dtmp, x,
                           w->ln1_w + l * C, a->ln1_mean + o, a->ln1_rstd + o, (int)BT, C);
    }
    encoder_backward(g->wte, g->wpe, a->dres, tokens, B, T, C);
}

void gpt_backward(const Model *m, GptActs *a, const ParamPtrs *g, const int *tokens,
                  const int *targets, int B, int T)
{
    /* loss = mean over BT of the per-position losses */
    crossentropy_backward(a->logits, targets, 1.0f / (float)(B * T), B * T, a->V);
    /* in bfloat16 the output layer's gradient goes in rounded, as in
     * gpt_train_pass */
    const uint16_t *d16 = NULL;
    if (a->dlogits16 && bf16_products_ready(a->bf16)) {
        bf16_round_floats(a->dlogits16, a->logits, (size_t)B * T * a->V);
        d16 = a->dlogits16;
    }
    backward_from_logits(m, a, g, tokens, d16, B, T);
}

float gpt_train_pass(const Model *m, GptActs *a, const ParamPtrs *g, const int *tokens,
                     const int *targets, int B, int T)
{
    float dloss = 1.0f / (float)(B * T);
    /* In bfloat16 the logits of a few rows at a time go from the product
     * straight into the loss while they are in cache, and the gradient, which
     * is only ever multiplied, is stored rounded: half the bytes to write and
     * to read back twice. */
    const uint16_t *d16 = a->dlogits16 && bf16_products_ready(a->bf16) ? a->dlogits16 : NULL;
    if (d16) {
        forward_to_lnf(m, a, tokens, B, T);
        output_loss_bf16(a->losses, a->dlogits16, a->ce_rows, a->lnf, m->w.wte, targets, dloss,
                         B * T, a->C, a->V, a->bf16);
    } else {
        forward_to_logits(m, a, tokens, B, T);
        crossentropy_forward_backward(a->losses, a->logits, targets, dloss, B * T, a->V);
    }
    float loss = mean_loss(a, (size_t)B * T);
    backward_from_logits(m, a, g, tokens, d16, B, T);
    return loss;
}
