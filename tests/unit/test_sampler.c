/* test_sampler.c - the sampling stages: temperature, softmax, repetition
 * penalty, top-k, top-p, min-p, the constraint mask and the pick with its coin.
 *
 * Expected values come from outside the code under test: small distributions
 * worked out by hand (or with exp() in double from the formula), and top-k
 * and top-p against a plain full sort (qsort) written here. The seeded
 * generator is tested in test_rng.c, the verse forms in test_form.c.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/ops.h"
#include "engine/rng.h"
#include "engine/sampler.h"
#include "engine/vocab.h"
#include "testutil.h"

static double sum_floats(const float *x, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

/* ---- stages against hand-computed distributions ---- */

static void test_softmax_temperature(void)
{
    /* logits {1,2,3,4} at temperature 2 -> scaled {0.5,1,1.5,2}; softmax from
     * the formula e^x_i / sum_j e^x_j, in double. */
    const float logits[4] = {1, 2, 3, 4};
    float scaled[4], probs[4], want[4];
    sampler_temperature(scaled, logits, 4, 2.0f);
    const float want_scaled[4] = {0.5f, 1.0f, 1.5f, 2.0f};
    check_close(scaled, want_scaled, 4, "scaled", 0, 0);
    double z = exp(0.5) + exp(1.0) + exp(1.5) + exp(2.0);
    for (int i = 0; i < 4; i++)
        want[i] = (float)(exp(0.5 * (i + 1)) / z);
    sampler_softmax(probs, scaled, 4);
    check_close(probs, want, 4, "softmax T=2", 1e-6, 0);
    CHECK(logits[0] == 1 && logits[3] == 4, "the input was changed");

    /* Stable: huge logits give the same distribution as the shifted ones. */
    const float big[3] = {1000, 1001, 1002};
    z = 1.0 + exp(1.0) + exp(2.0);
    float want3[3] = {(float)(1.0 / z), (float)(exp(1.0) / z), (float)(exp(2.0) / z)};
    float p3[3];
    sampler_softmax(p3, big, 3);
    check_close(p3, want3, 3, "softmax of {1000,1001,1002}", 1e-6, 0);

    /* -inf is probability exactly 0; all -inf is no distribution; +inf shares. */
    const float some_inf[3] = {-INFINITY, 0.0f, -INFINITY};
    sampler_softmax(p3, some_inf, 3);
    CHECK(p3[0] == 0.0f && p3[1] == 1.0f && p3[2] == 0.0f, "got %g %g %g", (double)p3[0],
          (double)p3[1], (double)p3[2]);
    const float all_inf[3] = {-INFINITY, -INFINITY, -INFINITY};
    sampler_softmax(p3, all_inf, 3);
    CHECK(p3[0] == 0.0f && p3[1] == 0.0f && p3[2] == 0.0f, "all -inf should give all 0");
    const float pos_inf[3] = {INFINITY, 1.0f, INFINITY};
    sampler_softmax(p3, pos_inf, 3);
    CHECK(p3[0] == 0.5f && p3[1] == 0.0f && p3[2] == 0.5f, "got %g %g %g", (double)p3[0],
          (double)p3[1], (double)p3[2]);

    /* Temperature 0: only the first maximum survives, as the greedy choice. */
    const float tied[4] = {1, 4, 2, 4};
    float g[4], gp[4];
    sampler_temperature(g, tied, 4, 0.0f);
    CHECK(g[1] == 4.0f && isinf(g[0]) && g[0] < 0 && isinf(g[2]) && isinf(g[3]),
          "greedy kept %g %g %g %g", (double)g[0], (double)g[1], (double)g[2], (double)g[3]);
    sampler_softmax(gp, g, 4);
    const float onehot[4] = {0, 1, 0, 0};
    check_close(gp, onehot, 4, "greedy probs", 0, 0);
}

static void test_sort(void)
{
    const float probs[5] = {0.1f, 0.4f, 0.1f, 0.4f, 0.0f};
    int order[5];
    sampler_sort(order, probs, 5);
    const int want[5] = {1, 3, 0, 2, 4}; /* ties: lower id first */
    for (int i = 0; i < 5; i++)
        CHECK(order[i] == want[i], "order[%d] = %d, want %d", i, order[i], want[i]);

    /* A long vector with many ties: a permutation, descending, ties by id. */
    enum { N = 1000 };
    static float p[N];
    static int o[N], seen[N];
    Rng r;
    rng_seed(&r, 7);
    for (int i = 0; i < N; i++)
        p[i] = (float)rng_below(&r, 17) / 16.0f;
    sampler_sort(o, p, N);
    memset(seen, 0, sizeof seen);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        if (o[i] < 0 || o[i] >= N || seen[o[i]]++)
            bad++;
        if (i > 0 && !(p[o[i - 1]] > p[o[i]] || (p[o[i - 1]] == p[o[i]] && o[i - 1] < o[i])))
            bad++;
    }
    CHECK(bad == 0, "%d positions out of order or repeated", bad);
}

static void test_top_k(void)
{
    /* probs of {1,2,3,4} at temperature 2 (see above): top-k 2 keeps ids 3 and 2. */
    double z = exp(0.5) + exp(1.0) + exp(1.5) + exp(2.0);
    float probs[4], out[4];
    int scratch[8];
    for (int i = 0; i < 4; i++)
        probs[i] = (float)(exp(0.5 * (i + 1)) / z);
    sampler_top_k(out, probs, 4, 2, scratch);
    const float want[4] = {0, 0, probs[2], probs[3]};
    check_close(out, want, 4, "top-k 2", 0, 0);

    /* Exactly k even with ties: {0.3,0.2,0.3,0.2}, k 1 keeps id 0, k 3 keeps 0, 2, 1. */
    const float tied[4] = {0.3f, 0.2f, 0.3f, 0.2f};
    sampler_top_k(out, tied, 4, 1, scratch);
    const float want1[4] = {0.3f, 0, 0, 0};
    check_close(out, want1, 4, "top-k 1 with ties", 0, 0);
    sampler_top_k(out, tied, 4, 3, scratch);
    const float want3[4] = {0.3f, 0.2f, 0.3f, 0};
    check_close(out, want3, 4, "top-k 3 with ties", 0, 0);
    /* 0 and k >= V are off. */
    sampler_top_k(out, tied, 4, 0, scratch);
    check_close(out, tied, 4, "top-k 0", 0, 0);
    sampler_top_k(out, tied, 4, 9, scratch);
    check_close(out, tied, 4, "top-k 9", 0, 0);
}

static void test_top_p(void)
{
    /* Binary fractions, so every cumulative sum is exact:
     * order 3 (0.5), 2 (0.25), 0 (0.125), 1 (0.125). */
    const float probs[4] = {0.125f, 0.125f, 0.25f, 0.5f};
    int scratch[8];
    float out[4];
    struct {
        float p;
        float want[4];
    } cases[] = {
        {0.5f, {0, 0, 0, 0.5f}},                   /* 0.5 reaches 0.5 at once */
        {0.5001f, {0, 0, 0.25f, 0.5f}},            /* needs the second */
        {0.75f, {0, 0, 0.25f, 0.5f}},              /* 0.75 exactly */
        {0.8f, {0.125f, 0, 0.25f, 0.5f}},          /* the tie goes to the lower id */
        {1e-6f, {0, 0, 0, 0.5f}},                  /* always at least one */
        {1.0f, {0.125f, 0.125f, 0.25f, 0.5f}},     /* off */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "top-p %g", (double)cases[i].p);
        sampler_top_p(out, probs, 4, cases[i].p, scratch);
        check_close(out, cases[i].want, 4, name, 0, 0);
    }
    /* After top-k 2 ({0,0,0.25,0.5}), p is a share of what is left: 0.5 is
     * 2/3 of 0.75, which reaches 0.6, so only id 3 stays. */
    float k2[4];
    sampler_top_k(k2, probs, 4, 2, scratch);
    sampler_top_p(out, k2, 4, 0.6f, scratch);
    const float want[4] = {0, 0, 0, 0.5f};
    check_close(out, want, 4, "top-k 2 then top-p 0.6", 0, 0);
}

static void test_min_p(void)
{
    const float probs[4] = {0.125f, 0.125f, 0.25f, 0.5f};
    float out[4];
    struct {
        float min_p;
        float want[4];
    } cases[] = {
        {0.5f, {0, 0, 0.25f, 0.5f}},          /* threshold 0.25: equal is kept */
        {0.3f, {0, 0, 0.25f, 0.5f}},          /* threshold 0.15 */
        {0.2f, {0.125f, 0.125f, 0.25f, 0.5f}}, /* threshold 0.1 */
        {1.0f, {0, 0, 0, 0.5f}},              /* only the maximum */
        {0.0f, {0.125f, 0.125f, 0.25f, 0.5f}}, /* off */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "min-p %g", (double)cases[i].min_p);
        sampler_min_p(out, probs, 4, cases[i].min_p);
        check_close(out, cases[i].want, 4, name, 0, 0);
    }
}

static void test_repetition_penalty(void)
{
    /* positive / 2, negative * 2, zero unchanged; id 1 twice is penalised
     * once; ids outside the vocabulary are ignored. */
    const float logits[5] = {2.0f, -2.0f, 3.0f, 0.5f, 0.0f};
    const int recent[] = {0, 1, 1, 3, 4, 7, -1};
    float out[5];
    sampler_repetition_penalty(out, logits, 5, recent, sizeof recent / sizeof recent[0], 2.0f,
                               NULL);
    const float want[5] = {1.0f, -4.0f, 3.0f, 0.25f, 0.0f};
    check_close(out, want, 5, "penalty 2", 0, 0);
    sampler_repetition_penalty(out, logits, 5, recent, sizeof recent / sizeof recent[0], 1.0f,
                               NULL);
    check_close(out, logits, 5, "penalty 1", 0, 0);
    sampler_repetition_penalty(out, logits, 5, NULL, 0, 3.0f, NULL);
    check_close(out, logits, 5, "no text yet", 0, 0);
}

/* ， 。 and the newline are exempt from the penalty by default, so a poem can
 * still end; penalize_punctuation lets the penalty reach them, as before.
 * Logits are 2 for every token (so a penalty of 3 gives 2/3), the text so far
 * is 白，日。 and a newline. */
static void test_penalty_leaves_punctuation(void)
{
    Vocab v;
    testutil_vocab(&v, TESTUTIL_VOCAB_TEXT);
    int V = v.size;
    SamplerState s;
    TsErr err;
    CHECK(sampler_init(&s, V, &err) == 0, "%s", err.msg);
    sampler_exempt_punctuation(&s, &v);
    int bai = testutil_id(&v, "白"), ri = testutil_id(&v, "日"), comma = testutil_id(&v, "，"),
        period = testutil_id(&v, "。"), newline = testutil_id(&v, "\n"), shan = testutil_id(&v, "山");
    CHECK(newline >= 0 && comma >= 0 && period >= 0, "the test vocabulary has the marks");
    int exempt = 0;
    for (int i = 0; i < V; i++)
        exempt += s.exempt[i];
    CHECK(exempt == 3 && s.exempt[comma] && s.exempt[period] && s.exempt[newline],
          "%d exempt characters, want ， 。 and the newline", exempt);
    float logits[64];
    for (int i = 0; i < V; i++)
        logits[i] = 2.0f;
    const int recent[] = {bai, comma, ri, period, newline};
    SamplerSettings set = sampler_defaults();
    set.repetition_penalty = 3.0f;
    sampler_run(&s, &set, logits, recent, 5, NULL, 0.5f, &err);
    const float third = 2.0f / 3.0f;
    CHECK(s.penalized[bai] == third && s.penalized[ri] == third, "白 and 日 are penalised");
    CHECK(s.penalized[comma] == 2.0f && s.penalized[period] == 2.0f &&
              s.penalized[newline] == 2.0f && s.penalized[shan] == 2.0f,
          "the marks and the newline keep their logit 2: %g %g %g", (double)s.penalized[comma],
          (double)s.penalized[period], (double)s.penalized[newline]);
    set.penalize_punctuation = 1;
    sampler_run(&s, &set, logits, recent, 5, NULL, 0.5f, &err);
    CHECK(s.penalized[bai] == third && s.penalized[comma] == third &&
              s.penalized[period] == third && s.penalized[newline] == third &&
              s.penalized[shan] == 2.0f,
          "with penalize_punctuation all five are penalised, 山 is not");
    sampler_free(&s);
    vocab_free(&v);
}

static void test_mask_renormalise(void)
{
    const float in[4] = {0.1f, 0.2f, 0.3f, 0.4f};
    const uint8_t allowed[4] = {1, 0, 1, 0};
    float out[4];
    sampler_mask(out, in, 4, allowed);
    const float want[4] = {0.1f, 0, 0.3f, 0};
    check_close(out, want, 4, "mask", 0, 0);
    sampler_mask(out, in, 4, NULL);
    check_close(out, in, 4, "no mask", 0, 0);

    const float part[4] = {0, 1, 0, 3};
    float sum = sampler_renormalise(out, part, 4);
    const float wantr[4] = {0, 0.25f, 0, 0.75f};
    CHECK(sum == 4.0f, "sum %g, want 4", (double)sum);
    check_close(out, wantr, 4, "renormalise", 0, 0);
    const float none[4] = {0, 0, 0, 0};
    CHECK(sampler_renormalise(out, none, 4) == 0.0f, "nothing left should return 0");
}

static void test_pick(void)
{
    const float p[6] = {0, 0.25f, 0, 0.25f, 0.5f, 0};
    struct {
        float coin;
        int want;
    } cases[] = {
        {0.0f, 1},        /* the first token with probability > 0, not id 0 */
        {0.2499f, 1},
        {0.25f, 3},       /* the running sum must exceed the coin: 0.25 is not > 0.25 */
        {0.4999f, 3},
        {0.5f, 4},        /* boundary again */
        {0.75f, 4},
        {0.99999994f, 4}, /* the largest float below 1 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = sampler_pick(p, 6, cases[i].coin);
        CHECK(got == cases[i].want, "coin %.8g picked %d, want %d", (double)cases[i].coin, got,
              cases[i].want);
    }
    /* Sweep the coin over [0,1): never a zero, and each token in proportion. */
    int count[6] = {0};
    enum { STEPS = 100000 };
    for (int i = 0; i < STEPS; i++)
        count[sampler_pick(p, 6, (float)i / STEPS)]++;
    CHECK(count[0] == 0 && count[2] == 0 && count[5] == 0, "picked a zero: %d %d %d", count[0],
          count[2], count[5]);
    CHECK(abs(count[1] - STEPS / 4) <= 1 && abs(count[3] - STEPS / 4) <= 1 &&
              abs(count[4] - STEPS / 2) <= 1,
          "proportions %d %d %d", count[1], count[3], count[4]);
    /* Rounding left the sum short of the coin: the last nonzero token. */
    const float short_sum[3] = {0.5f, 0.25f, 0};
    CHECK(sampler_pick(short_sum, 3, 0.9f) == 1, "short sum should fall back to id 1");
    const float zeros[3] = {0, 0, 0};
    CHECK(sampler_pick(zeros, 3, 0.5f) == -1, "all zero should give -1");
}

/* Over many blocks of tokens (the pick skips whole blocks by their totals):
 * the same token as a plain walk, one token at a time, for coins that do not
 * lie on a boundary; zeros never picked, whole zero blocks included. */
static void test_pick_long(void)
{
    enum { V = 1000 };
    static float p[V];
    Rng r;
    rng_seed(&r, 7);
    double total = 0.0;
    for (int i = 0; i < V; i++) {
        int zero_block = i >= 128 && i < 320; /* three blocks with nothing in them */
        p[i] = zero_block || i % 7 == 0 ? 0.0f : rng_float(&r);
        total += p[i];
    }
    for (int i = 0; i < V; i++)
        p[i] = (float)(p[i] / total);
    int checked = 0;
    for (int c = 0; c < 5000; c++) {
        float coin = (float)c / 5000.0f;
        /* the plain walk, and how near the coin lies to a boundary */
        double cum = 0.0, gap = 1.0;
        int want = -1;
        for (int i = 0; i < V; i++) {
            if (p[i] <= 0.0f)
                continue;
            cum += p[i];
            double d = fabs(cum - coin);
            gap = d < gap ? d : gap;
            if (want < 0 && cum > coin)
                want = i;
        }
        int got = sampler_pick(p, V, coin);
        CHECK(got >= 0 && p[got] > 0.0f, "coin %g picked %d, probability 0", (double)coin, got);
        if (gap > 1e-5) {
            CHECK(got == want, "coin %g picked %d, the plain walk %d", (double)coin, got, want);
            checked++;
        }
    }
    CHECK(checked > 4000, "only %d coins away from a boundary", checked);
    /* two tokens gone, so the sum falls short of a coin near 1: the last
     * token with probability > 0 */
    p[V - 1] = 0.0f;
    p[V - 2] = 0.0f;
    int last = V - 3;
    while (p[last] == 0.0f)
        last--;
    CHECK(sampler_pick(p, V, 0.99999994f) == last, "a coin past the sum should give id %d", last);
    static float tail[V];
    tail[130] = 0.25f; /* the sum stops at 0.5, short of the coin */
    tail[700] = 0.25f;
    CHECK(sampler_pick(tail, V, 0.9f) == 700, "short sum should fall back to id 700, got %d",
          sampler_pick(tail, V, 0.9f));
    CHECK(sampler_pick(tail, V, 0.3f) == 700, "coin 0.3 should pick 700");
    CHECK(sampler_pick(tail, V, 0.1f) == 130, "coin 0.1 should pick 130");
}

static int argmax(const float *x, int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (x[i] > x[best])
            best = i;
    return best;
}

static void test_single_candidate(void)
{
    /* Temperature 0, top-k 1 and top-p 1e-6 each leave exactly the argmax. */
    enum { V = 30 };
    SamplerState s;
    TsErr err;
    CHECK(sampler_init(&s, V, &err) == 0, "%s", err.msg);
    Rng r;
    rng_seed(&r, 11);
    float logits[V];
    const char *names[3] = {"temperature 0", "top-k 1", "top-p 1e-6"};
    for (int trial = 0; trial < 200; trial++) {
        for (int i = 0; i < V; i++)
            logits[i] = (float)rng_normal(&r) * 3.0f;
        int best = argmax(logits, V);
        for (int which = 0; which < 3; which++) {
            SamplerSettings set = sampler_defaults();
            if (which == 0)
                set.temperature = 0.0f;
            else if (which == 1)
                set.top_k = 1;
            else
                set.top_p = 1e-6f;
            float coin = rng_float(&r);
            int tok = sampler_run(&s, &set, logits, NULL, 0, NULL, coin, &err);
            CHECK(tok == best && s.kept == 1 && s.final[best] == 1.0f,
                  "%s: picked %d (kept %d), argmax %d", names[which], tok, s.kept, best);
        }
    }
    sampler_free(&s);
}

/* The chain stage by stage on five characters worked out by hand. The model
 * says {0.4, 0.25, 0.2, 0.1, 0.05}. Id 1 was in the text: penalty 2 doubles
 * its negative logit, e^(2 ln 0.25) = 0.0625, so the penalty stage is
 * {0.4, 0.0625, 0.2, 0.1, 0.05} / 0.8125. Temperature 0.5 squares those:
 * {0.16, 0.00390625, 0.04, 0.01, 0.0025}, total 0.21640625. Top-k 4 drops
 * id 4 (0.0025, the smallest); top-p 0.95 of 0.21390625 is 0.2032..., reached
 * by 0.16 + 0.04 + 0.01: id 1 goes; min-p 0.1 (threshold 0.016) drops id 3;
 * the mask blocks id 2; only id 0 is left. */
static const double HAND_MODEL[5] = {0.4, 0.25, 0.2, 0.1, 0.05};

/* The hand example's start: the sampler for five characters, the logs of
 * HAND_MODEL as logits, id 1 in the text (recent), the mask blocking id 2
 * (allow), and the settings of its filters (penalty 2, top-k 4, top-p 0.95,
 * min-p 0.1) at temperature 1. */
typedef struct {
    SamplerState s;
    float logits[5];
    int recent[1];
    uint8_t allow[5];
    SamplerSettings set;
} Hand;

static void hand_start(Hand *h)
{
    TsErr err;
    CHECK(sampler_init(&h->s, 5, &err) == 0, "%s", err.msg);
    for (int i = 0; i < 5; i++) {
        h->logits[i] = (float)log(HAND_MODEL[i]);
        h->allow[i] = i != 2;
    }
    h->recent[0] = 1;
    h->set = sampler_defaults();
    h->set.repetition_penalty = 2.0f;
    h->set.top_k = 4;
    h->set.top_p = 0.95f;
    h->set.min_p = 0.1f;
}

static void test_stages_by_hand(void)
{
    Hand h;
    TsErr err;
    const double *model = HAND_MODEL;
    hand_start(&h);
    h.set.temperature = 0.5f;
    int tok = sampler_run(&h.s, &h.set, h.logits, h.recent, 1, h.allow, 0.5f, &err);
    CHECK(tok == 0, "only id 0 is left, picked %d", tok);
    SamplerStages st;
    sampler_stages(&h.s, h.logits, &st);
    const int want_kept[STAGE_COUNT] = {5, 5, 5, 4, 3, 2, 1, 1};
    const double want_removed[STAGE_COUNT] = {0, 0, 0, 0.05, 0.25, 0.1, 0.2, 0};
    /* id 0 after each stage, renormalised over what the stage keeps */
    const double want_p0[STAGE_COUNT] = {0.4, 0.4 / 0.8125, 0.16 / 0.21640625,
                                         0.16 / 0.21390625, 0.16 / 0.21, 0.16 / 0.2, 1, 1};
    for (int k = 0; k < STAGE_COUNT; k++) {
        CHECK(st.kept[k] == want_kept[k], "%s keeps %d, want %d", sampler_stage_name(k),
              st.kept[k], want_kept[k]);
        CHECK(fabs(st.removed[k] - want_removed[k]) < 1e-6, "%s removes %g, want %g",
              sampler_stage_name(k), st.removed[k], want_removed[k]);
        double p0 = (double)sampler_stage_prob(&h.s, &st, (SamplerStage)k, 0);
        CHECK(fabs(p0 - want_p0[k]) < 1e-6, "%s: p(0) %g, want %g", sampler_stage_name(k), p0,
              want_p0[k]);
    }
    /* the penalty stage of id 1: 0.0625 / 0.8125; the temperature stage of id 4 */
    CHECK(fabs((double)sampler_stage_prob(&h.s, &st, STAGE_REPETITION_PENALTY, 1) - 0.0625 / 0.8125) < 1e-6,
          "penalty p(1) %g", (double)sampler_stage_prob(&h.s, &st, STAGE_REPETITION_PENALTY, 1));
    CHECK(fabs((double)sampler_stage_prob(&h.s, &st, STAGE_TEMPERATURE, 4) - 0.0025 / 0.21640625) <
              1e-6,
          "temperature p(4) %g", (double)sampler_stage_prob(&h.s, &st, STAGE_TEMPERATURE, 4));
    CHECK(fabs(st.removed_total - 0.6) < 1e-6, "removed in all %g, want 0.6", st.removed_total);
    double nats = 0.0;
    for (int i = 0; i < 5; i++)
        nats -= model[i] * log(model[i]);
    CHECK(fabs(st.entropy_model - nats) < 1e-5, "model entropy %g, want %g", st.entropy_model, nats);
    CHECK(st.entropy_final == 0.0, "one character left: entropy %g", st.entropy_final);
    CHECK(strcmp(sampler_stage_name(STAGE_REPETITION_PENALTY), "repetition_penalty") == 0 &&
              strcmp(sampler_stage_name(STAGE_FORM_MASK), "form_mask") == 0,
          "names %s %s", sampler_stage_name(STAGE_REPETITION_PENALTY), sampler_stage_name(STAGE_FORM_MASK));

    /* Temperature 0 alone: the temperature removes everything but id 0, 60%
     * of the model's probability, and that is all the sampler removes. */
    h.set = sampler_defaults();
    h.set.temperature = 0.0f;
    sampler_run(&h.s, &h.set, h.logits, NULL, 0, NULL, 0.5f, &err);
    sampler_stages(&h.s, h.logits, &st);
    CHECK(st.kept[STAGE_TEMPERATURE] == 1 && fabs(st.removed[STAGE_TEMPERATURE] - 0.6) < 1e-6 &&
              fabs(st.removed_total - 0.6) < 1e-6,
          "temperature 0: keeps %d, removes %g, in all %g", st.kept[STAGE_TEMPERATURE],
          st.removed[STAGE_TEMPERATURE], st.removed_total);
    /* every filter off: nothing removed, both entropies the model's */
    h.set = sampler_defaults();
    sampler_run(&h.s, &h.set, h.logits, NULL, 0, NULL, 0.5f, &err);
    sampler_stages(&h.s, h.logits, &st);
    CHECK(st.removed_total == 0.0 && st.kept[STAGE_FINAL] == 5 &&
              fabs(st.entropy_final - nats) < 1e-5,
          "no filter: removed %g, kept %d, entropy %g", st.removed_total, st.kept[STAGE_FINAL],
          st.entropy_final);
    sampler_free(&h.s);
}

/* The softmax by its definition, one number at a time: ts_expf of each score
 * minus the maximum (0 below e^-87), summed in 16 lanes of doubles, times the
 * float inverse of the sum. */
static void softmax_by_definition(float *out, const float *in, int V)
{
    float maxv = -INFINITY;
    for (int i = 0; i < V; i++)
        maxv = in[i] > maxv ? in[i] : maxv;
    for (int i = 0; i < V; i++) {
        float d = in[i] - maxv;
        out[i] = d < -87.0f ? 0.0f : ts_expf(d);
    }
    double lane[16] = {0}, sum = 0.0;
    for (int i = 0; i < V; i++)
        lane[i % 16] += out[i];
    for (int j = 0; j < 16; j++)
        sum += lane[j];
    float inv = (float)(1.0 / sum);
    for (int i = 0; i < V; i++)
        out[i] *= inv;
}

/* The softmax's exponentials run 16 at a time where the CPU can: every
 * probability must be the one the definition gives, to the bit, for scores
 * from 1e-3 to 1e3 in size, with -inf, NaN, -0 and huge ones among them, in
 * vocabularies of every length up to past a row of 16 and of 7,311. */
static void test_softmax_bits(void)
{
    enum { MAXV = 7311 };
    float *in = malloc(MAXV * sizeof *in), *got = malloc(MAXV * sizeof *got),
          *want = malloc(MAXV * sizeof *want);
    Rng r;
    rng_seed(&r, 11);
    int differ = 0;
    for (int trial = 0; trial < 3000 && in && got && want; trial++) {
        int V = trial % 100 == 0 ? MAXV : 1 + (int)rng_below(&r, 300);
        float scale = (float)pow(10.0, 6.0 * rng_float(&r) - 3.0);
        for (int i = 0; i < V; i++) {
            uint64_t k = rng_below(&r, 500);
            in[i] = k == 0 ? -INFINITY : k == 1 ? NAN : k == 2 ? -0.0f
                    : k == 3 ? 3e38f * (rng_float(&r) - 0.5f) : (float)rng_normal(&r) * scale;
        }
        float maxv = -INFINITY;
        for (int i = 0; i < V; i++)
            maxv = in[i] > maxv ? in[i] : maxv;
        if (maxv == -INFINITY || maxv == INFINITY)
            continue; /* the cases without exponentials: test_softmax_temperature */
        sampler_softmax(got, in, V);
        softmax_by_definition(want, in, V);
        if (memcmp(got, want, (size_t)V * sizeof *got) != 0 && differ++ < 3)
            CHECK(0, "trial %d (V %d, scale %g): not the definition's bits", trial, V,
                  (double)scale);
    }
    CHECK(differ == 0, "%d of 3000 softmaxes differ from the definition", differ);
    free(in);
    free(got);
    free(want);
}

/* A stage that keeps everything is not copied at the default settings
 * (sampler.h, SamplerState.skipped), yet the explorer sees each stage as it
 * did: on a state that just ran with every filter and a mask on, a run at
 * the defaults shows the model's distribution at every stage (the hand
 * numbers of test_stages_by_hand, temperature 1); a run with top-k 2 then
 * keeps 2 at top-k and after; the defaults again keep all 5 there, not what
 * the top-k run left in its buffer. */
static void test_stages_skipped_at_defaults(void)
{
    Hand h;
    TsErr err;
    const double *model = HAND_MODEL;
    hand_start(&h);
    CHECK(sampler_run(&h.s, &h.set, h.logits, h.recent, 1, h.allow, 0.5f, &err) >= 0, "%s", err.msg);
    SamplerSettings def = sampler_defaults(), k2 = sampler_defaults();
    k2.top_k = 2;
    const SamplerSettings *runs[3] = {&def, &k2, &def};
    const int kept_from_top_k[3] = {5, 2, 5};
    for (int r = 0; r < 3; r++) {
        int tok = sampler_run(&h.s, runs[r], h.logits, h.recent, 1, NULL, 0.3f, &err);
        CHECK(tok == 0, "run %d: coin 0.3 lands on id 0 (p 0.4 or more), not %d", r, tok);
        SamplerStages st;
        sampler_stages(&h.s, h.logits, &st);
        for (int k = 0; k < STAGE_COUNT; k++) {
            int want = k >= STAGE_TOP_K ? kept_from_top_k[r] : 5;
            CHECK(st.kept[k] == want, "run %d: %s keeps %d, want %d", r, sampler_stage_name(k),
                  st.kept[k], want);
            /* what is kept has the model's probabilities, renormalised */
            double z = 0.0;
            for (int i = 0; i < want; i++)
                z += model[i];
            for (int i = 0; i < 5; i++) {
                double p = (double)sampler_stage_prob(&h.s, &st, (SamplerStage)k, i);
                double p_want = i < want ? model[i] / z : 0.0;
                CHECK(fabs(p - p_want) < 1e-6, "run %d: %s p(%d) %g, want %g", r,
                      sampler_stage_name(k), i, p, p_want);
            }
        }
        CHECK(fabs(h.s.final[0] - model[0] / (r == 1 ? 0.65 : 1.0)) < 1e-6, "run %d: final p(0) %g",
              r, (double)h.s.final[0]);
    }
    sampler_free(&h.s);
}

/* ---- the coin ---- */

/* Ids by p descending, ties by lower id: the ranked bar, sorted here by
 * insertion, independently of the sampler's own order. */
static void rank_by_hand(const float *p, int V, int *ids)
{
    for (int i = 0; i < V; i++) {
        int j = i;
        while (j > 0 && (p[ids[j - 1]] < p[i] || (p[ids[j - 1]] == p[i] && ids[j - 1] > i))) {
            ids[j] = ids[j - 1];
            j--;
        }
        ids[j] = i;
    }
}

/* Where the coin lands on the ranked bar is where the sampler picked: for
 * random distributions, every sampler setting below and many coins, the
 * segment that holds SamplerCoin.at (found here by walking the ranked bar) is
 * the character sampler_run returned, at the rank sampler_coin says, and the
 * coin lies as far into that segment as it lay into the character's interval
 * in id order (the running sum sampler_pick walks). */
static void test_coin_lands_on_the_pick(void)
{
    enum { V = 300 };
    SamplerState s;
    TsErr err;
    CHECK(sampler_init(&s, V, &err) == 0, "%s", err.msg);
    float logits[V];
    int ids[V], recent[20];
    const struct {
        float t, p, min_p, penalty;
        int k;
    } sets[] = {{1.0f, 1.0f, 0.0f, 1.0f, 0},  {0.8f, 1.0f, 0.0f, 1.0f, 0},  {1.5f, 0.9f, 0.0f, 1.0f, 0},
                {0.7f, 1.0f, 0.0f, 1.0f, 20}, {1.0f, 1.0f, 0.05f, 1.0f, 0}, {1.2f, 0.95f, 0.02f, 1.3f, 40},
                {0.0f, 1.0f, 0.0f, 1.0f, 0},  {3.0f, 0.999f, 0.0f, 2.0f, 0}};
    Rng rng;
    int trials = 0, off_top = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        rng_seed(&rng, seed);
        for (int i = 0; i < V; i++)
            logits[i] = (float)(3.0 * rng_normal(&rng));
        for (int j = 0; j < 20; j++)
            recent[j] = (int)rng_below(&rng, V);
        for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
            SamplerSettings set = sampler_defaults();
            set.temperature = sets[k].t;
            set.top_p = sets[k].p;
            set.min_p = sets[k].min_p;
            set.repetition_penalty = sets[k].penalty;
            set.top_k = sets[k].k;
            for (int draw = 0; draw < 25; draw++) {
                float coin = rng_float(&rng);
                int tok = sampler_run(&s, &set, logits, recent, 20, NULL, coin, &err);
                SamplerCoin c;
                CHECK(tok >= 0 && sampler_coin(s.final, V, coin, &c) == 0, "seed %llu set %zu",
                      (unsigned long long)seed, k);
                rank_by_hand(s.final, V, ids);
                double cum = 0.0;
                int found = -1, rank = 0;
                for (int r = 0; r < V && found < 0; r++) {
                    double next = cum + s.final[ids[r]];
                    if (c.at >= cum && c.at < next) {
                        found = ids[r];
                        rank = r + 1;
                    }
                    cum = next;
                }
                double before = 0.0;
                for (int i = 0; i < tok; i++)
                    before += s.final[i];
                double into = c.at - c.start, want_into = (double)coin - before;
                CHECK(c.id == tok && found == tok && rank == c.rank,
                      "seed %llu set %zu coin %.7f: picked %d, coin says %d (rank %d), the ranked "
                      "bar holds %d there (rank %d)",
                      (unsigned long long)seed, k, (double)coin, tok, c.id, c.rank, found, rank);
                CHECK(fabs(into - want_into) < 1e-6 || (want_into >= s.final[tok] && into < s.final[tok]),
                      "seed %llu set %zu: %.9f into the segment, %.9f into the interval",
                      (unsigned long long)seed, k, into, want_into);
                trials++;
                off_top += c.rank > 1;
            }
        }
    }
    CHECK(trials == 40 * 8 * 25 && off_top > trials / 4, "%d draws, %d off the top character",
          trials, off_top);
    /* by hand: {0.5, 0.2, 0.3}: the ranked bar is id 0 [0, 0.5), id 2 [0.5, 0.8),
     * id 1 [0.8, 1); coin 0.6 falls on id 1 in id order (0.5..0.7), 0.1 into it */
    const float p3[3] = {0.5f, 0.2f, 0.3f};
    SamplerCoin c;
    CHECK(sampler_coin(p3, 3, 0.6f, &c) == 0 && c.id == 1 && c.rank == 3 &&
              fabs(c.start - 0.8) < 1e-6 && fabs(c.at - 0.9) < 1e-6,
          "by hand: id %d rank %d start %g at %g", c.id, c.rank, c.start, c.at);
    const float zero[3] = {0, 0, 0};
    CHECK(sampler_coin(zero, 3, 0.5f, &c) == -1, "nothing to land on");
    sampler_free(&s);
}

static void test_run_accounting(void)
{
    /* probs {0.125,0.125,0.25,0.5} from their logarithms. */
    SamplerState s;
    TsErr err;
    CHECK(sampler_init(&s, 4, &err) == 0, "%s", err.msg);
    float logits[4] = {logf(0.125f), logf(0.125f), logf(0.25f), logf(0.5f)};
    const float probs[4] = {0.125f, 0.125f, 0.25f, 0.5f};

    /* top-k 3 keeps 3, 2, 0 (tie with 1 to the lower id): filtered 0.125; the
     * mask blocks id 2: blocked 0.25; final {0.125, 0.5} / 0.625. */
    SamplerSettings set = sampler_defaults();
    set.top_k = 3;
    const uint8_t allow[4] = {1, 1, 0, 1};
    int tok = sampler_run(&s, &set, logits, NULL, 0, allow, 0.1f, &err);
    check_close(s.probs, probs, 4, "probs", 1e-6, 0);
    const float want_final[4] = {0.2f, 0, 0, 0.8f};
    check_close(s.final, want_final, 4, "final", 1e-6, 0);
    CHECK(tok == 0, "coin 0.1 < 0.2 should pick id 0, got %d", tok);
    CHECK(s.kept == 2 && !s.mask_first, "kept %d mask_first %d", s.kept, s.mask_first);
    CHECK(fabsf(s.filtered - 0.125f) < 1e-6f && fabsf(s.blocked - 0.25f) < 1e-6f,
          "filtered %g blocked %g", (double)s.filtered, (double)s.blocked);

    /* The mask wins: top-k 1 keeps only id 3, which the mask blocks. The chain
     * runs again with the mask first: over the allowed {0, 2} the model says
     * {1/3, 2/3}, top-k 1 keeps id 2. blocked = 0.125 + 0.5 (ids 1 and 3),
     * filtered = 1/3 of the remaining 0.375 = 0.125. */
    set = sampler_defaults();
    set.top_k = 1;
    const uint8_t allow02[4] = {1, 0, 1, 0};
    tok = sampler_run(&s, &set, logits, NULL, 0, allow02, 0.0f, &err);
    CHECK(tok == 2 && s.mask_first == 1 && s.kept == 1, "picked %d, mask_first %d, kept %d", tok,
          s.mask_first, s.kept);
    const float want_allowed[4] = {1.0f / 3, 0, 2.0f / 3, 0};
    check_close(s.probs, want_allowed, 4, "probs over the allowed", 1e-6, 0);
    CHECK(fabsf(s.blocked - 0.625f) < 1e-6f && fabsf(s.filtered - 0.125f) < 1e-6f,
          "filtered %g blocked %g", (double)s.filtered, (double)s.blocked);

    /* Greedy with a mask that blocks the argmax: the best allowed character. */
    const float scores[4] = {5, 1, 3, 2};
    const uint8_t allow13[4] = {0, 1, 0, 1};
    set = sampler_defaults();
    set.temperature = 0.0f;
    tok = sampler_run(&s, &set, scores, NULL, 0, allow13, 0.7f, &err);
    CHECK(tok == 3 && s.final[3] == 1.0f && s.mask_first, "greedy under a mask picked %d", tok);

    /* Nothing allowed, or only what the model rules out: -1 with a message. */
    const uint8_t none[4] = {0, 0, 0, 0};
    err.msg[0] = 0;
    tok = sampler_run(&s, &set, scores, NULL, 0, none, 0.5f, &err);
    CHECK(tok == -1 && strstr(err.msg, "constraint") != NULL, "got %d, message '%s'", tok,
          err.msg);
    const float ruled_out[4] = {1, -INFINITY, 2, 3};
    const uint8_t only1[4] = {0, 1, 0, 0};
    set = sampler_defaults();
    err.msg[0] = 0;
    tok = sampler_run(&s, &set, ruled_out, NULL, 0, only1, 0.5f, &err);
    CHECK(tok == -1 && err.msg[0] != 0, "got %d, message '%s'", tok, err.msg);
    sampler_free(&s);
}

static void test_run_sums_to_one(void)
{
    enum { MAXV = 40 };
    static SamplerState states[MAXV + 1]; /* one per vocabulary size */
    TsErr err;
    for (int V = 1; V <= MAXV; V++)
        if (sampler_init(&states[V], V, &err) != 0) {
            CHECK(0, "%s", err.msg);
            return;
        }
    Rng r;
    rng_seed(&r, 2024);
    const float temps[] = {0.0f, 0.1f, 0.7f, 1.0f, 3.0f};
    const int ks[] = {0, 1, 2, 5, 50};
    const float ps[] = {1.0f, 0.95f, 0.5f, 1e-6f};
    const float mins[] = {0.0f, 0.05f, 0.5f, 1.0f};
    const float pens[] = {1.0f, 1.3f, 5.0f};
    const float scales[] = {0.01f, 1.0f, 5.0f, 40.0f};
    float logits[MAXV];
    uint8_t allowed[MAXV];
    int recent[16];
    int failures = 0, fallbacks = 0;
    for (int trial = 0; trial < 20000 && failures < 5; trial++) {
        int V = 1 + (int)rng_below(&r, MAXV);
        SamplerState *sp = &states[V];
        SamplerSettings set = sampler_defaults(); /* a setting not drawn here is off */
        set.temperature = temps[rng_below(&r, 5)];
        set.top_k = ks[rng_below(&r, 5)];
        set.top_p = ps[rng_below(&r, 4)];
        set.min_p = mins[rng_below(&r, 4)];
        set.repetition_penalty = pens[rng_below(&r, 3)];
        float scale = scales[rng_below(&r, 4)];
        for (int i = 0; i < V; i++)
            logits[i] = rng_below(&r, 20) == 0 ? -INFINITY : (float)rng_normal(&r) * scale;
        int finite = (int)rng_below(&r, (uint64_t)V);
        logits[finite] = (float)rng_normal(&r) * scale; /* at least one finite score */
        size_t n_recent = (size_t)rng_below(&r, 16);
        for (size_t j = 0; j < n_recent; j++)
            recent[j] = (int)rng_below(&r, (uint64_t)V);
        const uint8_t *mask = NULL;
        if (rng_below(&r, 3) != 0) {
            for (int i = 0; i < V; i++)
                allowed[i] = rng_below(&r, 2) == 0;
            allowed[finite] = 1; /* something allowed the model can produce */
            mask = allowed;
        }
        float coin = rng_float(&r);
        int tok = sampler_run(sp, &set, logits, recent, n_recent, mask, coin, &err);
        const SamplerState s = *sp;
        double total = sum_floats(s.final, V);
        int kept = 0, negative = 0;
        for (int i = 0; i < V; i++) {
            kept += s.final[i] > 0.0f;
            negative += !(s.final[i] >= 0.0f);
        }
        int ok = tok >= 0 && tok < V && fabs(total - 1.0) <= 1e-5 && s.final[tok] > 0.0f &&
                 (!mask || mask[tok]) && kept == s.kept && negative == 0 && s.filtered >= -1e-6f &&
                 s.blocked >= -1e-6f && s.filtered + s.blocked <= 1.0f + 1e-5f;
        if (ok && !s.mask_first) {
            /* a stage that kept everything is read through its accessor */
            const float *masked = sampler_stage_buffer(&s, STAGE_FORM_MASK);
            double rest = 1.0 - s.filtered - s.blocked - sum_floats(masked, V);
            ok = fabs(rest) <= 1e-5;
        }
        fallbacks += s.mask_first;
        if (!ok) {
            failures++;
            CHECK(0,
                  "trial %d (V %d, T %g, k %d, p %g, min-p %g): token %d, sum %.9f, kept %d/%d, "
                  "filtered %g, blocked %g, mask_first %d, %s",
                  trial, V, (double)set.temperature, set.top_k, (double)set.top_p,
                  (double)set.min_p, tok, total, kept, s.kept, (double)s.filtered,
                  (double)s.blocked, s.mask_first, tok < 0 ? err.msg : "");
        }
    }
    CHECK(fallbacks > 100, "only %d trials exercised the mask-first run", fallbacks);
    for (int V = 1; V <= MAXV; V++)
        sampler_free(&states[V]);
}

static void test_settings_check(void)
{
    TsErr err;
    SamplerSettings d = sampler_defaults();
    CHECK(d.temperature == 1.0f && d.top_k == 0 && d.top_p == 1.0f && d.min_p == 0.0f &&
              d.repetition_penalty == 1.0f && d.penalize_punctuation == 0,
          "defaults are not temperature 1 with every filter off, punctuation exempt");
    CHECK(sampler_settings_check(&d, &err) == 0, "defaults refused: %s", err.msg);
    /* the defaults with one setting out of its range */
    struct {
        SamplerSettingId id;
        double v;
        const char *name, *value;
    } bad[] = {
        {SET_TOP_P, 1.5, "top-p", "1.5"},
        {SET_TOP_P, 0.0, "top-p", "not 0"},
        {SET_TEMPERATURE, -1, "temperature", "-1"},
        {SET_TEMPERATURE, 101, "temperature", "101"},
        {SET_TOP_K, -1, "top-k", "-1"},
        {SET_MIN_P, 2, "min-p", "2"},
        {SET_REPETITION_PENALTY, 0.5, "repetition-penalty", "0.5"},
        {SET_TEMPERATURE, NAN, "temperature", "nan"},
    };
    for (int i = 0; i < SET_COUNT; i++) {
        int cases = 0;
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
            cases += strcmp(bad[k].name, SAMPLER_SETTINGS[i].name) == 0;
        CHECK(cases > 0, "the setting %s has no case out of its range in test_settings_check",
              SAMPLER_SETTINGS[i].name);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err.msg[0] = 0;
        SamplerSettings one = sampler_defaults();
        sampler_setting_set(&one, bad[i].id, bad[i].v);
        int rc = sampler_settings_check(&one, &err);
        /* the setting by its name, first, not as a command's flag */
        CHECK(rc != 0 && strncmp(err.msg, bad[i].name, strlen(bad[i].name)) == 0 &&
                  err.msg[strlen(bad[i].name)] == ' ' && strstr(err.msg, bad[i].value) &&
                  !strstr(err.msg, "--"),
              "case %zu: rc %d, message '%s'", i, rc, err.msg);
    }
    SamplerSettings edge = sampler_defaults();
    edge.temperature = 0.0f;
    edge.top_k = 5;
    edge.top_p = 1e-6f;
    edge.min_p = 1.0f;
    edge.repetition_penalty = 100.0f;
    edge.penalize_punctuation = 1;
    CHECK(sampler_settings_check(&edge, &err) == 0, "edges refused: %s", err.msg);
}

/* The partial sort agrees with the full sort on its prefix, ties included. */
static void test_sort_prefix(void)
{
    enum { V = 3000 };
    static float probs[V];
    static int full[V], part[V];
    Rng r;
    rng_seed(&r, 77);
    for (int i = 0; i < V; i++)
        probs[i] = (float)(rng_below(&r, 50)) / 50.0f; /* many ties */
    sampler_sort(full, probs, V);
    int sizes[] = {1, 2, 8, 63, 200, 749, 750, 2999, 3000};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int n = sizes[k];
        sampler_sort_prefix(part, probs, V, n);
        int bad = 0;
        for (int i = 0; i < n; i++)
            bad += part[i] != full[i];
        CHECK(bad == 0, "prefix of %d: %d entries differ from the full sort", n, bad);
    }
}

/* ---- top-k and top-p against a plain full sort ----
 *
 * The reference here sorts every id with qsort (probability descending,
 * equal probabilities by lower id), keeps the first k, and for top-p walks
 * that order adding in double until the running sum reaches p times the total
 * (added in id order): the definition, written the obvious way. The sampler
 * finds the same prefix without sorting; its output must be the same bits. */

/* order [V]: the ids by the reference's order */
static void ref_order(int *order, const float *in, int V, Ranked *tmp)
{
    for (int i = 0; i < V; i++)
        tmp[i] = (Ranked){in[i], i};
    qsort(tmp, (size_t)V, sizeof *tmp, testutil_ranked_cmp);
    for (int i = 0; i < V; i++)
        order[i] = tmp[i].id;
}

static void ref_top_k(float *out, const float *in, int V, int k, int *order, Ranked *tmp)
{
    for (int i = 0; i < V; i++)
        out[i] = k <= 0 || k >= V ? in[i] : 0.0f;
    if (k <= 0 || k >= V)
        return;
    ref_order(order, in, V, tmp);
    for (int j = 0; j < k; j++)
        out[order[j]] = in[order[j]];
}

static void ref_top_p(float *out, const float *in, int V, float p, int *order, Ranked *tmp)
{
    for (int i = 0; i < V; i++)
        out[i] = p >= 1.0f ? in[i] : 0.0f;
    if (p >= 1.0f)
        return;
    double total = 0.0;
    for (int i = 0; i < V; i++)
        total += in[i];
    ref_order(order, in, V, tmp);
    double cum = 0.0;
    for (int j = 0; j < V; j++) {
        out[order[j]] = in[order[j]];
        cum += in[order[j]];
        if (cum >= (double)p * total)
            break;
    }
}

/* One character holds nearly everything, the rest are a tail of values near
 * 2^-35: with p near 1 the nucleus ends in the tail, where adding a tiny value
 * to a running sum near 1 rounds. */
static void tiny_tail(float *probs, int V, Rng *r)
{
    for (int i = 0; i < V; i++)
        probs[i] = ldexpf(1.0f + rng_float(r), -34 - (int)rng_below(r, 4));
    probs[rng_below(r, (uint64_t)V)] = 0.999f;
}

/* A random distribution of one of several shapes; returns its name. */
static const char *random_distribution(float *probs, float *logits, int V, Rng *r)
{
    int shape = (int)rng_below(r, 7);
    switch (shape) {
    case 0: /* a model's logits at some temperature */
    case 1: { /* ... with many exactly equal logits (ties) */
        float scale = (float)(0.3 + 20.0 * rng_float(r));
        for (int i = 0; i < V; i++)
            logits[i] = shape == 0 ? (float)rng_normal(r) * scale
                                   : (float)rng_below(r, 6) * scale * 0.3f;
        sampler_softmax(probs, logits, V);
        return shape == 0 ? "softmax" : "softmax with ties";
    }
    case 2: /* a steep softmax: most probabilities tiny, some exactly 0 */
        for (int i = 0; i < V; i++)
            logits[i] = (float)rng_normal(r) * 40.0f;
        sampler_softmax(probs, logits, V);
        return "steep softmax";
    case 3: /* binary fractions: sums hit p * total exactly */
        for (int i = 0; i < V; i++)
            probs[i] = ldexpf(1.0f, -(int)rng_below(r, 14) - 1) * (rng_below(r, 4) != 0);
        return "binary fractions";
    case 4: /* tiny, denormal and zero values beside a few large ones, and
             * values at the 2^-29 line the search treats specially */
        for (int i = 0; i < V; i++) {
            int kind = (int)rng_below(r, 6);
            probs[i] = kind == 0   ? rng_float(r)
                       : kind == 1 ? ldexpf(1.0f + rng_float(r), -29 - (int)rng_below(r, 3))
                       : kind == 2 ? ldexpf(rng_float(r), -140)
                       : kind == 3 ? 0x1p-29f
                       : kind == 4 ? 0.0f
                                   : ldexpf(rng_float(r), -60);
        }
        return "tiny values";
    case 5:
        tiny_tail(probs, V, r);
        return "one large, a tiny tail";
    default: /* uniform: everything tied */
        for (int i = 0; i < V; i++)
            probs[i] = 1.0f / (float)V;
        return "uniform";
    }
}

static int same_bits(const float *a, const float *b, int n)
{
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

static void test_filters_match_full_sort(void)
{
    enum { MAXV = 7311 };
    static float probs[MAXV], logits[MAXV], got[MAXV], want[MAXV], got2[MAXV], want2[MAXV];
    static int order[MAXV], scratch[2 * MAXV];
    static Ranked tmp[MAXV];
    const int sizes[] = {1, 2, 3, 17, 64, 1000, MAXV};
    const float ps[] = {1e-6f, 0.1f, 0.5f, 0.9f, 0.95f, 0.99f, 0.999f, 0.99999f, 0.9999999f,
                        0.99999994f};
    Rng r;
    rng_seed(&r, 4242);
    int failures = 0;
    for (int trial = 0; trial < 1500 && failures < 5; trial++) {
        int V = sizes[rng_below(&r, sizeof sizes / sizeof sizes[0])];
        const char *shape = random_distribution(probs, logits, V, &r);
        int k = (int)rng_below(&r, 4) == 0 ? 0 : 1 + (int)rng_below(&r, (uint64_t)V);
        float p = ps[rng_below(&r, sizeof ps / sizeof ps[0])];
        float min_p = rng_below(&r, 2) ? 0.0f : rng_float(&r) * 0.2f;
        /* top-k, then top-p on its output, then min-p: the chain's order */
        sampler_top_k(got, probs, V, k, scratch);
        ref_top_k(want, probs, V, k, order, tmp);
        int ok = same_bits(got, want, V);
        sampler_top_p(got2, want, V, p, scratch);
        ref_top_p(want2, want, V, p, order, tmp);
        ok &= same_bits(got2, want2, V);
        /* top-p alone, on the whole distribution */
        sampler_top_p(got, probs, V, p, scratch);
        ref_top_p(want, probs, V, p, order, tmp);
        ok &= same_bits(got, want, V);
        /* min-p by its definition */
        sampler_min_p(got, want2, V, min_p);
        float top = 0.0f;
        for (int i = 0; i < V; i++)
            top = want2[i] > top ? want2[i] : top;
        for (int i = 0; i < V; i++)
            want[i] = want2[i] >= min_p * top ? want2[i] : 0.0f;
        ok &= same_bits(got, want, V);
        if (!ok) {
            failures++;
            CHECK(0, "trial %d (%s, V %d, top-k %d, top-p %.9g, min-p %g): the filters keep "
                     "other characters than the full sort",
                  trial, shape, V, k, (double)p, (double)min_p);
        }
    }
    CHECK(failures == 0, "%d trials kept other characters than the full sort", failures);
}

/* Where rounding decides. A distribution built in descending order of id:
 * 0.75, then values in [2^-33, 2^-32) whose bits below the running sum's last
 * place (2^-53 near 0.75) are 3 x 2^-56, so adding each one to the sum rounds
 * down and loses them, then values in [2^-35, 2^-34). With p = 1 - 2^-24 the
 * nucleus ends among the last ones; now and then the sum along the order,
 * lower than the exact sum by the lost bits, ends it one character later.
 * The exact sums are kept as integers in units of 2^-58, where every value
 * here is a whole number. The filter must follow the order's own sum, as the
 * definition (and the reference) says: the test finds such cases and checks
 * them, and fails if it finds none. */
static void test_top_p_rounding_tail(void)
{
    enum { V = 7311, EARLY = 5810 };
    static float probs[V], got[V], want[V];
    static int order[V], scratch[2 * V];
    static Ranked tmp[V];
    const float p = 0.99999994f; /* 1 - 2^-24, the largest p below 1 */
    Rng r;
    rng_seed(&r, 31337);
    int found = 0, bad = 0;
    for (int trial = 0; trial < 3000 && found < 3; trial++) {
        probs[0] = 0.75f;
        /* mantissas descending, each = 3 (mod 8) */
        uint32_t m = (1u << 24) - 5 - (uint32_t)rng_below(&r, 64) * 8;
        for (int i = 1; i <= EARLY; i++) {
            probs[i] = ldexpf((float)m, -56);
            m -= 8 * (1 + (uint32_t)rng_below(&r, 2));
        }
        m = (1u << 24) - 1 - (uint32_t)rng_below(&r, 64);
        for (int i = EARLY + 1; i < V; i++) {
            probs[i] = ldexpf((float)m, -58);
            m -= 1 + (uint32_t)rng_below(&r, 8000);
        }
        double total = 0.0;
        for (int i = 0; i < V; i++)
            total += probs[i];
        double target = (double)p * total;
        uint64_t target_units = (uint64_t)ldexp(target, 58), exact = 0;
        double cum = 0.0;
        int end_rounded = -1, end_exact = -1;
        for (int i = 0; i < V && (end_rounded < 0 || end_exact < 0); i++) {
            cum += probs[i];
            exact += (uint64_t)ldexpf(probs[i], 58);
            if (end_rounded < 0 && cum >= target)
                end_rounded = i;
            if (end_exact < 0 && exact >= target_units)
                end_exact = i;
        }
        if (end_rounded == end_exact)
            continue;
        found++;
        sampler_top_p(got, probs, V, p, scratch);
        ref_top_p(want, probs, V, p, order, tmp);
        bad += !same_bits(got, want, V) || want[end_rounded] == 0.0f;
    }
    CHECK(found > 0, "no distribution where rounding moves the nucleus's end was found");
    CHECK(bad == 0, "%d of %d such distributions kept other characters than the order's sum", bad,
          found);
}

/* The whole chain keeps what the reference keeps and picks the same character
 * for the same coin, at the model's vocabulary size. */
static void test_run_matches_full_sort(void)
{
    enum { V = 7311 };
    static float logits[V], k_out[V], p_out[V], m_out[V], final[V];
    static int order[V];
    static Ranked tmp[V];
    SamplerState s;
    TsErr err;
    CHECK(sampler_init(&s, V, &err) == 0, "%s", err.msg);
    Rng r;
    rng_seed(&r, 99);
    const float temps[] = {0.5f, 1.0f, 1.5f, 3.0f};
    const int ks[] = {0, 1, 20, 3000};
    const float ps[] = {1.0f, 0.5f, 0.9f, 0.99f};
    const float mins[] = {0.0f, 0.05f};
    int failures = 0;
    for (int trial = 0; trial < 200 && failures < 5; trial++) {
        for (int i = 0; i < V; i++)
            logits[i] = (float)rng_normal(&r) * 2.5f;
        SamplerSettings set = sampler_defaults();
        set.temperature = temps[rng_below(&r, 4)];
        set.top_k = ks[rng_below(&r, 4)];
        set.top_p = ps[rng_below(&r, 4)];
        set.min_p = mins[rng_below(&r, 2)];
        float coin = rng_float(&r);
        int tok = sampler_run(&s, &set, logits, NULL, 0, NULL, coin, &err);
        ref_top_k(k_out, s.probs, V, set.top_k, order, tmp);
        ref_top_p(p_out, k_out, V, set.top_p, order, tmp);
        float top = 0.0f;
        for (int i = 0; i < V; i++)
            top = p_out[i] > top ? p_out[i] : top;
        double sum = 0.0;
        int kept = 0;
        for (int i = 0; i < V; i++) {
            m_out[i] = p_out[i] >= set.min_p * top ? p_out[i] : 0.0f;
            sum += m_out[i];
            kept += m_out[i] > 0.0f;
        }
        /* the pick by the definition: the first id where the running sum of
         * the renormalised probabilities passes the coin */
        double run = 0.0;
        int want_tok = -1;
        for (int i = 0; i < V && want_tok < 0; i++) {
            final[i] = (float)(m_out[i] / sum);
            run += final[i];
            if (final[i] > 0.0f && run > coin)
                want_tok = i;
        }
        int ok = same_bits(sampler_stage_buffer(&s, STAGE_MIN_P), m_out, V) && kept == s.kept &&
                 tok == want_tok;
        if (!ok) {
            failures++;
            CHECK(0, "trial %d (T %g, k %d, p %g, min-p %g, coin %g): picked %d, want %d; kept "
                     "%d, want %d",
                  trial, (double)set.temperature, set.top_k, (double)set.top_p,
                  (double)set.min_p, (double)coin, tok, want_tok, s.kept, kept);
        }
    }
    sampler_free(&s);
}

/* The settings table walked row by row: the names every front end and every
 * JSON a user keeps depend on (written out here by hand: renaming one breaks
 * old files and lessons), the defaults (every filter off), the range each
 * row gives against sampler_settings_check, get and set through the field,
 * and each setting's stage pointing back at it. */
static void test_settings_table(void)
{
    static const struct {
        const char *name, *flag, *json, *stage;
    } WANT[] = {
        {"temperature", "--temperature", "temperature", "temperature"},
        {"top-k", "--top-k", "top_k", "top_k"},
        {"top-p", "--top-p", "top_p", "top_p"},
        {"min-p", "--min-p", "min_p", "min_p"},
        {"repetition-penalty", "--repetition-penalty", "repetition_penalty", "repetition_penalty"},
    };
    /* every case names a row of the table (a renamed setting breaks old files) */
    for (size_t c = 0; c < sizeof WANT / sizeof WANT[0]; c++)
        CHECK(sampler_setting_find(WANT[c].name) >= 0, "the setting %s is gone from the table",
              WANT[c].name);
    SamplerSettings d = sampler_defaults();
    CHECK(d.temperature == 1.0f && d.top_k == 0 && d.top_p == 1.0f && d.min_p == 0.0f &&
              d.repetition_penalty == 1.0f && d.penalize_punctuation == 0,
          "defaults: temperature %g, top-k %d, top-p %g, min-p %g, penalty %g", (double)d.temperature,
          d.top_k, (double)d.top_p, (double)d.min_p, (double)d.repetition_penalty);
    for (int i = 0; i < SET_COUNT; i++) {
        const SamplerSetting *t = &SAMPLER_SETTINGS[i];
        SamplerSettingId id = (SamplerSettingId)i;
        int c = SETTING_CASE(WANT, t->name);
        CHECK(c >= 0, "the setting %s has no case in test_settings_table (its flag, JSON key and "
                      "stage written out)", t->name);
        if (c >= 0) {
            CHECK(strcmp(t->flag, WANT[c].flag) == 0 && strcmp(t->json, WANT[c].json) == 0,
                  "row %d: %s %s %s", i, t->name, t->flag, t->json);
            CHECK(strcmp(sampler_stage_name(t->stage), WANT[c].stage) == 0 &&
                      SAMPLER_STAGES[t->stage].setting == i,
                  "%s drives stage %s", t->name, sampler_stage_name(t->stage));
        }
        CHECK(sampler_setting_find(t->name) == i && sampler_setting_find(t->flag) == i,
              "%s found as %d", t->name, sampler_setting_find(t->name));
        CHECK(sampler_setting_off(&d, id), "%s is off by default", t->name);
        CHECK(strncmp(t->range_msg, t->name, strlen(t->name)) == 0, "%s's message: %s", t->name,
              t->range_msg);
        /* both ends of the range pass (the low one unless open), beyond them fails */
        double ends[] = {t->lo_open ? (t->lo + t->hi) / 2 : t->lo, t->hi};
        for (int e = 0; e < 2; e++) {
            SamplerSettings s = d;
            TsErr err = {0};
            sampler_setting_set(&s, id, ends[e]);
            CHECK(sampler_setting_get(&s, id) == (double)(float)ends[e], "%s holds %g", t->name, ends[e]);
            CHECK(sampler_settings_check(&s, &err) == 0, "%s %g refused: %s", t->name, ends[e], err.msg);
        }
        double out[] = {t->lo_open ? t->lo : t->lo - 1, t->hi + 1};
        for (int e = 0; e < 2; e++) {
            SamplerSettings s = d;
            TsErr err = {0};
            sampler_setting_set(&s, id, out[e]);
            CHECK(sampler_settings_check(&s, &err) != 0 && strncmp(err.msg, t->name, strlen(t->name)) == 0,
                  "%s %g: %s", t->name, out[e], err.msg);
        }
        /* a slider's bar lies inside the range, and its step moves the value */
        if (t->slider) {
            CHECK(t->bar_lo >= t->lo && t->bar_hi <= t->hi && t->bar_lo < t->bar_hi, "%s's bar", t->name);
            double mid = (t->bar_lo + t->bar_hi) / 2;
            CHECK(sampler_setting_step(id, mid, 1) > mid && sampler_setting_step(id, mid, -1) < mid,
                  "%s steps from %g: %g %g", t->name, mid, sampler_setting_step(id, mid, 1),
                  sampler_setting_step(id, mid, -1));
        }
    }
    /* the stages: names unique, each buffer its own */
    SamplerState st;
    TsErr err;
    CHECK(sampler_init(&st, 4, &err) == 0, "init: %s", err.msg);
    for (int a = 0; a < STAGE_COUNT; a++)
        for (int b = a + 1; b < STAGE_COUNT; b++)
            CHECK(strcmp(SAMPLER_STAGES[a].name, SAMPLER_STAGES[b].name) != 0 &&
                      sampler_stage_buffer(&st, (SamplerStage)a) != sampler_stage_buffer(&st, (SamplerStage)b),
                  "stages %d and %d share a name or a buffer", a, b);
    sampler_free(&st);
}

int main(void)
{
    RUN(test_sort_prefix);
    RUN(test_softmax_temperature);
    RUN(test_softmax_bits);
    RUN(test_sort);
    RUN(test_top_k);
    RUN(test_top_p);
    RUN(test_min_p);
    RUN(test_filters_match_full_sort);
    RUN(test_top_p_rounding_tail);
    RUN(test_run_matches_full_sort);
    RUN(test_repetition_penalty);
    RUN(test_penalty_leaves_punctuation);
    RUN(test_mask_renormalise);
    RUN(test_pick);
    RUN(test_pick_long);
    RUN(test_single_candidate);
    RUN(test_run_accounting);
    RUN(test_stages_by_hand);
    RUN(test_stages_skipped_at_defaults);
    RUN(test_coin_lands_on_the_pick);
    RUN(test_run_sums_to_one);
    RUN(test_settings_check);
    RUN(test_settings_table);
    return test_summary();
}
