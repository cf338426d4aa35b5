/* cpupeak.c - what one core of this CPU can do at best (cpupeak.h), measured
 * with the same instructions the kernels use (AVX-512 where the build has it,
 * else plain loops the compiler vectorises). */
#include "engine/cpupeak.h"

#include <math.h>
#include <stdlib.h>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#include "engine/common.h"

double cpupeak_bandwidth(size_t bytes)
{
    size_t n = (bytes / sizeof(float) + 127) / 128 * 128;
    float *buf = ts_alloc_floats(n, NULL);
    if (!buf)
        return 0.0;
    for (size_t i = 0; i < n; i++)
        buf[i] = (float)(i & 7);
    double best = 1e30;
    volatile float sink = 0.0f;
    for (int rep = 0; rep < 40; rep++) {
        double t0 = ts_now();
#ifdef __AVX512F__
        __m512 acc[8];
        for (int j = 0; j < 8; j++)
            acc[j] = _mm512_setzero_ps();
        for (size_t i = 0; i < n; i += 128)
            for (int j = 0; j < 8; j++)
                acc[j] = _mm512_add_ps(acc[j], _mm512_load_ps(buf + i + 16 * j));
        for (int j = 1; j < 8; j++)
            acc[0] = _mm512_add_ps(acc[0], acc[j]);
        sink += _mm512_reduce_add_ps(acc[0]);
#else
        float acc[64] = {0};
        for (size_t i = 0; i < n; i += 64)
            for (int j = 0; j < 64; j++)
                acc[j] += buf[i + j];
        for (int j = 0; j < 64; j++)
            sink += acc[j];
#endif
        double dt = ts_now() - t0;
        if (rep > 0)
            best = dt < best ? dt : best;
    }
    (void)sink;
    free(buf);
    return (double)n * sizeof(float) / best;
}

/* One run of iters steps over the chains: multiply-adds per second. */
static double fma_run(long iters)
{
    volatile float sink = 0.0f;
    double t0 = ts_now();
#ifdef __AVX512F__
    enum { CHAINS = 12, LANES = 16 };
    __m512 acc[CHAINS];
    for (int c = 0; c < CHAINS; c++)
        acc[c] = _mm512_set1_ps((float)c * 1e-3f);
    __m512 a = _mm512_set1_ps(0.999f), b = _mm512_set1_ps(1e-4f);
    for (long it = 0; it < iters; it++)
        for (int c = 0; c < CHAINS; c++)
            acc[c] = _mm512_fmadd_ps(acc[c], a, b);
    for (int c = 0; c < CHAINS; c++)
        sink += _mm512_reduce_add_ps(acc[c]);
#else
    enum { CHAINS = 12, LANES = 8 };
    float acc[CHAINS][LANES];
    for (int c = 0; c < CHAINS; c++)
        for (int l = 0; l < LANES; l++)
            acc[c][l] = (float)(c + l) * 1e-3f;
    for (long it = 0; it < iters; it++)
        for (int c = 0; c < CHAINS; c++)
            for (int l = 0; l < LANES; l++)
                acc[c][l] = fmaf(acc[c][l], 0.999f, 1e-4f);
    for (int c = 0; c < CHAINS; c++)
        for (int l = 0; l < LANES; l++)
            sink += acc[c][l];
#endif
    double dt = ts_now() - t0;
    (void)sink;
    return (double)iters * CHAINS * LANES / dt;
}

/* Best of several short runs, as the full pass it is compared with is timed:
 * a single long run on a busy machine also counts the time other programs
 * had the core, which put the peak below what the full pass reached. */
double cpupeak_fma(void)
{
    enum { RUNS = 20 }; /* each about as long as the full pass: a few milliseconds */
    double best = 0.0;
    for (int r = 0; r < RUNS; r++) {
        double rate = fma_run(500000);
        best = rate > best ? rate : best;
    }
    return best;
}

double cpupeak_bf16(void)
{
#ifdef __AVX512BF16__
    enum { CHAINS = 12, MACS = 32 };
    long iters = 20000000;
    volatile float sink = 0.0f;
    double t0 = ts_now();
    __m512 acc[CHAINS];
    for (int c = 0; c < CHAINS; c++)
        acc[c] = _mm512_set1_ps((float)c * 1e-3f);
    __m512bh a = _mm512_cvtne2ps_pbh(_mm512_set1_ps(0.999f), _mm512_set1_ps(0.998f));
    __m512bh b = _mm512_cvtne2ps_pbh(_mm512_set1_ps(1e-4f), _mm512_set1_ps(2e-4f));
    for (long it = 0; it < iters; it++)
        for (int c = 0; c < CHAINS; c++)
            acc[c] = _mm512_dpbf16_ps(acc[c], a, b);
    for (int c = 0; c < CHAINS; c++)
        sink += _mm512_reduce_add_ps(acc[c]);
    double dt = ts_now() - t0;
    (void)sink;
    return (double)iters * CHAINS * MACS / dt;
#else
    return 0.0;
#endif
}
