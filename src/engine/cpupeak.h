/* cpupeak.h - the ceilings `tangscope bench` compares the kernels with: how
 * fast one core of this CPU reads memory and multiplies-and-adds at best.
 * Each call measures anew (tens of milliseconds to a second); nothing is kept.
 */
#ifndef TS_CPUPEAK_H
#define TS_CPUPEAK_H

#include <stddef.h>

/* Streaming-read bandwidth of one core, in bytes per second, over a buffer
 * of `bytes` (as large as the weights a cached step reads, so it sits where
 * the weights sit: in the last-level cache if they fit, else in memory),
 * summed with several independent accumulators; best of many passes after a
 * warm one. 0 when the buffer cannot be allocated. */
double cpupeak_bandwidth(size_t bytes);

/* Peak float32 fused multiply-adds per second of one core, over many
 * independent chains (16 lanes with AVX-512, else 8): the best of 20 runs of
 * a few milliseconds each. */
double cpupeak_fma(void);

/* The same for the bfloat16 dot product (vdpbf16ps: 32 multiply-adds into 16
 * float32 sums per instruction); 0 where the build has no AVX512_BF16. */
double cpupeak_bf16(void);

#endif
