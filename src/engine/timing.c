/* timing.c - whether measured times can decide a claim (see timing.h). */
#include "engine/timing.h"

#include "engine/common.h"

TimingJudgement timing_judge(const double *base, const double *other, int rounds, double tick_s,
                             int sanitized, TimingClaim claim, const void *ctx)
{
    TimingJudgement j = {.verdict = TIMING_NONE, .tick_s = tick_s};
    double best_base = 0.0, best_other = 0.0;
    int held = 0;
    for (int r = 0; r < rounds; r++) {
        best_base = r == 0 || base[r] < best_base ? base[r] : best_base;
        best_other = r == 0 || other[r] < best_other ? other[r] : best_other;
    }
    j.shortest_s = best_base < best_other ? best_base : best_other;
    if (j.shortest_s > 0.0) { /* else the clock did not move: no ratio */
        j.ratio = best_base / best_other;
        for (int r = 0; r < rounds; r++) {
            double x = base[r] / other[r];
            j.lo = r == 0 || x < j.lo ? x : j.lo;
            j.hi = r == 0 || x > j.hi ? x : j.hi;
            held += claim(ctx, x) != 0;
        }
    }
    if (sanitized)
        j.verdict = TIMING_SANITIZER;
    else if (rounds < 1)
        j.verdict = TIMING_NONE;
    else if (j.shortest_s < TIMING_MIN_TICKS * tick_s || j.shortest_s <= 0.0)
        j.verdict = TIMING_COARSE;
    else if (held == rounds)
        j.verdict = TIMING_HOLDS;
    else if (held == 0)
        j.verdict = TIMING_FAILS;
    else
        j.verdict = TIMING_SPREAD;
    return j;
}

/* GCC says __SANITIZE_ADDRESS__ (and __SANITIZE_THREAD__); clang answers
 * __has_feature. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define BUILT_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                         \
    __has_feature(memory_sanitizer)
#define BUILT_SANITIZED 1
#endif
#endif
#ifndef BUILT_SANITIZED
#define BUILT_SANITIZED 0
#endif

int timing_sanitized(void) { return BUILT_SANITIZED; }

double timing_tick(void)
{
    double tick = 0.0;
    for (int k = 0; k < 5; k++) {
        double t0 = ts_now(), t1;
        while ((t1 = ts_now()) == t0)
            ;
        tick = k == 0 || t1 - t0 < tick ? t1 - t0 : tick;
    }
    return tick;
}
