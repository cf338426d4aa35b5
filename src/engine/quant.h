/* quant.h - weight matrices in bfloat16 and in 8-bit integers.
 *
 * A model holds its weight matrices in one of three precisions (WeightPrec in
 * model.h): float32 as trained, bfloat16 (the upper 16 bits of the float32,
 * rounded to nearest, ties to even) or int8 with one float32 scale per row:
 *
 *   scale[r] = max_c |w[r][c]| / 127,   q[r][c] = round(w[r][c] / scale[r])
 *
 * so q is -127..127 and the weight the model computes with is q * scale[r]
 * (a row of zeros has scale 0). A row is one output of the linear layer
 * (one character's row of wte), so the kernel multiplies the q of a row by
 * the layer's input rounded to int16 (with a scale of its own), adds the
 * products as integers, exactly, and multiplies the sum by the two scales
 * once (linear_i8.h).
 *
 * Why one scale per row and not per group of 32 inputs (as llama.cpp's Q8_0
 * does), measured on the float32 model bundled before 2ed921ea... with the
 * inputs in float32 (eval on assets/tang-val.txt; the bfloat16 model bundled
 * now gives 4.3876 in float32 and 4.3881 with int8 rows, with the inputs in
 * float32 or rounded to int16 alike):
 *
 *                      weights' relative RMS error   validation loss
 *   float32            0                             4.4009
 *   int8, per row      0.98%                         4.4013 (+0.0004)
 *   int8, per 32       0.67%                         4.4011 (+0.0002)
 *
 * Groups of 32 take a third off the rounding error but only 0.0002 nats off
 * the loss, while the kernel would have to scale a partial sum every 32
 * inputs and read 1/8 more bytes. Rows here are short (128 or 512 weights),
 * which is what makes one scale per row enough.
 */
#ifndef TS_QUANT_H
#define TS_QUANT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/model.h"

/* Is parameter tensor i one of the matrices held rounded (wte, qkv_w,
 * attproj_w, fc_w, fcproj_w)? */
int quant_is_matrix(int i);

/* A tensor as rows x cols: cols is the last dimension of its shape. */
void quant_shape(const ParamInfo *t, size_t *rows, size_t *cols);

/* Bytes tensor i of table t takes in precision p: 4 per weight in float32
 * (and for every tensor that is not a rounded matrix), 2 in bfloat16, 1 in
 * int8 plus 4 per row for the scales. */
size_t quant_tensor_bytes(const ParamInfo t[P_COUNT], int i, WeightPrec p);

/* Round n floats to bfloat16 (dst) and write them back as float32 into
 * expanded (may be NULL). */
void quant_round_bf16(uint16_t *dst, float *expanded, const float *src, size_t n);

/* Round a [rows, cols] matrix to int8 with a scale per row (above); expanded
 * (may be NULL) gets q * scale as float32. */
void quant_round_int8(int8_t *q, float *scale, float *expanded, const float *src, size_t rows,
                      size_t cols);

/* q * scale, row by row, into dst [rows, cols]. */
void quant_expand_int8(float *dst, const int8_t *q, const float *scale, size_t rows, size_t cols);
/* A bfloat16 as the float32 it stands for. */
static inline float quant_bf16_float(uint16_t h)
{
    union {
        uint32_t u;
        float f;
    } v = {.u = (uint32_t)h << 16};
    return v.f;
}

/* The Kullback-Leibler divergence D(p || q) = sum_i p_i log2(p_i / q_i) of
 * two distributions over n outcomes, in bits (terms with p_i = 0 add
 * nothing; q_i = 0 where p_i > 0 gives infinity). */
double quant_kl_bits(const float *p, const float *q, int n);

/* Room for the rounded matrices of a model of this shape in precision p
 * (BF16 or INT8): one block, cut into q's pointers. Returns the block (free
 * it with free), or NULL with err. */
void *quant_alloc(const ModelConfig *cfg, WeightPrec p, QuantPtrs *q, TsErr *err);

#endif
