/* test_timing.c - when measured times decide a claim about their ratio
 * (engine/timing.h), fed with made-up timings whose verdicts are worked out
 * here by hand: every round agreeing decides, rounds on both sides of the
 * claim do not, nor times a sanitizer slowed or a clock too coarse to tell. */
#include "check.h"
#include "engine/timing.h"

/* The claim "ratio > *x". */
static int above(const void *ctx, double ratio) { return ratio > *(const double *)ctx; }

static const double TICK = 30e-9; /* a clock that ticks every 30 ns */

static void test_rounds_agree(void)
{
    /* fp32 200 us, int8 about 100 us: each round's ratio is 1.9 .. 2.1 */
    const double fp32[5] = {200e-6, 210e-6, 205e-6, 200e-6, 199e-6};
    const double int8[5] = {100e-6, 100e-6, 105e-6, 105e-6, 100e-6};
    double x = 1.5;
    TimingJudgement j = timing_judge(fp32, int8, 5, TICK, 0, above, &x);
    CHECK(j.verdict == TIMING_HOLDS, "verdict %d, want HOLDS", (int)j.verdict);
    /* the fastest of all: 199 / 100; per round from 200/105 to 210/100 */
    CHECK(fabs(j.ratio - 1.99) < 1e-12, "ratio %g, want 1.99", j.ratio);
    CHECK(fabs(j.lo - 200.0 / 105.0) < 1e-12 && fabs(j.hi - 2.1) < 1e-12, "rounds %g .. %g", j.lo,
          j.hi);
    x = 2.5; /* no round comes near */
    j = timing_judge(fp32, int8, 5, TICK, 0, above, &x);
    CHECK(j.verdict == TIMING_FAILS, "verdict %d, want FAILS", (int)j.verdict);
}

static void test_rounds_disagree(void)
{
    /* int8 1.15x in quiet rounds, 1.0x when the machine was busy in its turn */
    const double fp32[4] = {115e-6, 115e-6, 116e-6, 115e-6};
    const double int8[4] = {100e-6, 115e-6, 100e-6, 101e-6};
    double x = 1.05;
    TimingJudgement j = timing_judge(fp32, int8, 4, TICK, 0, above, &x);
    CHECK(j.verdict == TIMING_SPREAD, "verdict %d, want SPREAD", (int)j.verdict);
    CHECK(fabs(j.lo - 1.0) < 1e-12 && fabs(j.hi - 1.16) < 1e-12, "rounds %g .. %g", j.lo, j.hi);
    /* a claim below every round is decided despite the spread */
    x = 0.9;
    j = timing_judge(fp32, int8, 4, TICK, 0, above, &x);
    CHECK(j.verdict == TIMING_HOLDS, "verdict %d, want HOLDS", (int)j.verdict);
}

static void test_cannot_compare(void)
{
    const double fp32[3] = {200e-6, 200e-6, 200e-6};
    const double int8[3] = {100e-6, 100e-6, 100e-6};
    double x = 1.5;
    /* under a sanitizer: not judged, whatever the times say */
    TimingJudgement j = timing_judge(fp32, int8, 3, TICK, 1, above, &x);
    CHECK(j.verdict == TIMING_SANITIZER, "verdict %d, want SANITIZER", (int)j.verdict);
    /* a 5 us clock: 101 us is over 20 ticks, enough; 99 us is not */
    const double long8[3] = {101e-6, 101e-6, 101e-6};
    j = timing_judge(fp32, long8, 3, 5e-6, 0, above, &x);
    CHECK(j.verdict == TIMING_HOLDS, "over 20 ticks: verdict %d, want HOLDS", (int)j.verdict);
    const double short8[3] = {99e-6, 100e-6, 100e-6};
    j = timing_judge(fp32, short8, 3, 5e-6, 0, above, &x);
    CHECK(j.verdict == TIMING_COARSE && fabs(j.shortest_s - 99e-6) < 1e-15,
          "under 20 ticks: verdict %d, shortest %g", (int)j.verdict, j.shortest_s);
}

/* A clock that did not move in a round (a time of 0) cannot tell; no
 * rounds at all: nothing is judged. */
static void test_clock_stood_still(void)
{
    const double fp32[3] = {200e-6, 200e-6, 200e-6};
    const double int8[3] = {100e-6, 0.0, 100e-6};
    double x = 1.5;
    TimingJudgement j = timing_judge(fp32, int8, 3, TICK, 0, above, &x);
    CHECK(j.verdict == TIMING_COARSE, "verdict %d, want COARSE", (int)j.verdict);
    j = timing_judge(fp32, int8, 0, TICK, 0, above, &x);
    CHECK(j.verdict == TIMING_NONE, "verdict %d, want NONE", (int)j.verdict);
}

/* The real clock: it moves, and by less than a millisecond. */
static void test_tick(void)
{
    double t = timing_tick();
    CHECK(t > 0.0 && t < 1e-3, "tick %g s", t);
}

int main(void)
{
    RUN(test_rounds_agree);
    RUN(test_rounds_disagree);
    RUN(test_cannot_compare);
    RUN(test_clock_stood_still);
    RUN(test_tick);
    return test_summary();
}
