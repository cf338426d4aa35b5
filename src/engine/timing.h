/* timing.h - whether times measured on this machine can decide a claim about
 * their ratio, such as "a cached step in int8 is more than 1.05 times as fast
 * as in float32" (a lesson's `expect speedup`).
 *
 * A timing runs in rounds: each round times both paths in turn, several
 * steps each, and keeps each path's fastest step (the fastest of N), so that
 * a busy moment of the machine falls on both. The claim is about
 * base / other (float32's time over the other precision's: the speedup).
 * The times cannot decide it when
 *   - the build runs under a sanitizer, which checks every memory access and
 *     so slows every path alike: the ratio says little of the paths;
 *   - the clock's tick is coarse against the times: a time shorter than
 *     TIMING_MIN_TICKS ticks (0 when the clock did not move at all);
 *   - the rounds disagree: the ratio of one round holds the claim, that of
 *     another does not. The spread of the fastest-of-N times between rounds
 *     is then larger than the claim's margin, and which side the verdict
 *     falls on would be chance.
 * Otherwise every round agrees, and that is the verdict.
 */
#ifndef TS_TIMING_H
#define TS_TIMING_H

/* A time must span this many ticks of the clock: the tick is then at most
 * 5% of it, and a wobble of a tick between rounds shows as their
 * disagreement. */
enum { TIMING_MIN_TICKS = 20 };

typedef enum {
    TIMING_HOLDS,     /* the ratio of every round holds the claim */
    TIMING_FAILS,     /* the ratio of no round holds it */
    TIMING_SANITIZER, /* built under a sanitizer: the times are not the paths' own */
    TIMING_COARSE,    /* the clock ticks too coarsely for times this short */
    TIMING_SPREAD,    /* the rounds disagree about the claim */
    TIMING_NONE       /* no round was timed */
} TimingVerdict;

/* A claim about a ratio: 1 when `ratio` satisfies it. */
typedef int (*TimingClaim)(const void *ctx, double ratio);

typedef struct {
    TimingVerdict verdict;
    double ratio;      /* the fastest base over the fastest other, over all rounds */
    double lo, hi;     /* the smallest and the largest ratio of a single round */
    double shortest_s; /* the shortest time of either path */
    double tick_s;     /* the clock's tick the times were judged against */
} TimingJudgement;

/* Judge the claim on `rounds` rounds: base[r] and other[r] are the fastest
 * times of round r, in seconds (>= 0); tick_s is the clock's tick,
 * sanitized 1 for a build under a sanitizer (timing_sanitized()). ratio, lo
 * and hi are 0 when a time is 0 or there is no round. Pure: the same figures
 * give the same verdict. */
TimingJudgement timing_judge(const double *base, const double *other, int rounds, double tick_s,
                             int sanitized, TimingClaim claim, const void *ctx);

/* 1 when this build runs under AddressSanitizer, ThreadSanitizer or
 * MemorySanitizer, as the compiler tells it. */
int timing_sanitized(void);

/* The clock's tick as ts_now (common.h) reads it: the smallest step it was
 * seen to take, in seconds (a few microseconds' work). */
double timing_tick(void);

#endif
