/* linear_i8.h - a linear layer with int8 weights, in integer arithmetic.
 *
 * Each row of input (one position's vector) is rounded to int16 with a
 * scale of its own, symmetric: xs = max_k |x[k]| / 32767 and
 * q[k] = round(x[k] * 32767 / max_k |x[k]|) to nearest, ties to even (a row
 * of zeros has xs = 0 and q = 0; a row holding an infinity or NaN has
 * xs = NaN, so its outputs are NaN and infer_check_logits catches them).
 * Then, for each output o (weights q8[o][k], scale ws[o], quant.h):
 *
 *   acc    = sum_k q[k] * q8[o][k]              exact, an integer
 *   out[o] = (float)acc * (xs * ws[o]) + bias[o]    (three roundings; no
 *                                                     addition without bias)
 *
 * An integer sum does not depend on the order of its terms, so every kernel
 * (AVX-512 VNNI, AVX2, plain C), one row or many, one thread or two, gives
 * the same bits, and the float expression is written once (i8_finish).
 * Sums run in int32 over at most I8_CHUNK inputs (|acc| <= 127 x 32767 x 512
 * = 2,130,444,288 < 2^31) and wider rows add their chunks' sums as int64.
 * Rows of up to 16,384 inputs (four times the widest model's 4,096); wider
 * ones give NaN.
 */
#ifndef TS_LINEAR_I8_H
#define TS_LINEAR_I8_H

#include <stddef.h>

#include "engine/infer.h"

enum { I8_CHUNK = 512 };

/* Bytes that linear_i8_pack writes for a [OC, IC] matrix. */
size_t linear_i8_packed_bytes(int IC, int OC);

/* w [OC, IC] int8 -> panels of 64 output columns (the last may be narrower),
 * each [ceil(IC / 4)][width][4]: the weights of four successive inputs of a
 * column side by side, zeros past IC. */
void linear_i8_pack(unsigned char *dst, const signed char *w, int IC, int OC);

/* out [N, OC] from in [N, IC] as above (w->prec is WPREC_INT8). */
void linear_i8(float *out, const float *in, const LinearW *w, const float *bias, int N, int IC,
               int OC);

#endif
