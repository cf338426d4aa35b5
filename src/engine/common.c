/* common.c - the error record, checked allocation, the clock and the thread count. */
#define _POSIX_C_SOURCE 200809L
#include "common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <omp.h>

int ts_fail(TsErr *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void *ts_calloc(size_t count, size_t size, TsErr *err)
{
    if (count == 0)
        count = 1;
    if (size != 0 && count > SIZE_MAX / size) {
        ts_fail(err, "allocation of %zu x %zu bytes overflows", count, size);
        return NULL;
    }
    void *p = calloc(count, size);
    if (!p)
        ts_fail(err, "out of memory (wanted %zu bytes)", count * size);
    return p;
}

float *ts_alloc_floats(size_t count, TsErr *err)
{
    if (count == 0)
        count = 1;
    if (count > SIZE_MAX / sizeof(float) - 64) {
        ts_fail(err, "allocation of %zu floats overflows", count);
        return NULL;
    }
    size_t bytes = (count * sizeof(float) + 63) / 64 * 64;
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes) != 0) {
        ts_fail(err, "out of memory (wanted %zu bytes)", bytes);
        return NULL;
    }
    memset(p, 0, bytes);
    return p;
}

double ts_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void ts_set_threads(int n) { omp_set_num_threads(n > 0 ? n : omp_get_num_procs()); }

int ts_threads(void) { return omp_get_max_threads(); }
