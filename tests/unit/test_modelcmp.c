/* test_modelcmp.c - two models' distributions side by side (engine/modelcmp.h):
 * the alignment by character, the ranks in the other model, KL(A||B) over
 * the shared characters and the probability each puts on the other's
 * missing ones, and the text read through the other vocabulary.
 *
 * References: two small distributions over vocabularies that overlap in
 * part, with the divergence worked out by hand below (natural logarithms
 * to eight places).
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "engine/modelcmp.h"
#include "engine/vocab.h"

/* A over a b c, B over b c d (code points in order, so ids are places). */
static const float PA[3] = {0.5f, 0.3f, 0.2f};
static const float PB[3] = {0.6f, 0.2f, 0.2f};
static const int ORDER_A[3] = {0, 1, 2};
static const int ORDER_B[3] = {0, 1, 2}; /* c and d tie at 0.2: the smaller id first */

static void vocabs(Vocab *a, Vocab *b)
{
    const uint32_t ca[3] = {'a', 'b', 'c'}, cb[3] = {'b', 'c', 'd'};
    TsErr err;
    CHECK(vocab_from_cps(a, ca, 3, &err) == 0, "%s", err.msg);
    CHECK(vocab_from_cps(b, cb, 3, &err) == 0, "%s", err.msg);
}

static void test_partly_shared_by_hand(void)
{
    Vocab a, b;
    vocabs(&a, &b);
    ModelCmp c;
    TsErr err;
    CHECK(modelcmp_compute(&c, &a, PA, ORDER_A, &b, PB, ORDER_B, 8, &err) == 0, "%s", err.msg);
    /* shared b and c: A renormalised 0.3/0.5 = 0.6 and 0.4, B 0.6/0.8 = 0.75 and 0.25;
     * KL = 0.6 ln(0.6/0.75) + 0.4 ln(0.4/0.25)
     *    = 0.6 (-0.22314355) + 0.4 (0.47000363) = 0.05411532 */
    CHECK(c.shared == 2, "shared %d", c.shared);
    CHECK(fabs(c.kl - 0.05411532) < 1e-6, "kl %.8f", c.kl);
    CHECK(fabs(c.a_only - 0.5) < 1e-7 && fabs(c.b_only - 0.2) < 1e-7, "a_only %g b_only %g",
          c.a_only, c.b_only);
    CHECK(c.n_a == 3 && c.n_b == 3, "lists of %d and %d", c.n_a, c.n_b);
    /* A's a is not B's; b is B's first; c ties with d in B and goes first */
    CHECK(c.a[0].cp == 'a' && c.a[0].other_id == -1 && c.a[0].rank_other == 0, "a in B");
    CHECK(c.a[1].cp == 'b' && c.a[1].rank_other == 1 && c.a[1].p_other == 0.6f, "b in B");
    CHECK(c.a[2].cp == 'c' && c.a[2].rank_other == 2, "c in B: rank %d", c.a[2].rank_other);
    /* B's b is A's second, c its third, d not A's */
    CHECK(c.b[0].cp == 'b' && c.b[0].rank_other == 2, "b in A: rank %d", c.b[0].rank_other);
    CHECK(c.b[1].cp == 'c' && c.b[1].rank_other == 3, "c in A: rank %d", c.b[1].rank_other);
    CHECK(c.b[2].cp == 'd' && c.b[2].other_id == -1, "d in A");
    vocab_free(&a);
    vocab_free(&b);
}

static void test_same_vocabulary_is_plain_kl(void)
{
    Vocab a, b;
    vocabs(&a, &b);
    /* the same distribution over the same characters: 0; then q = (0.25, 0.25,
     * 0.5) against p = (0.5, 0.3, 0.2): 0.5 ln 2 + 0.3 ln 1.2 + 0.2 ln 0.4
     * = 0.34657359 + 0.05469647 - 0.18325815 = 0.21801191 */
    const float q[3] = {0.25f, 0.25f, 0.5f};
    const int order_q[3] = {2, 0, 1};
    ModelCmp c;
    CHECK(modelcmp_compute(&c, &a, PA, ORDER_A, &a, PA, ORDER_A, 8, NULL) == 0 && c.kl == 0.0 &&
              c.shared == 3 && c.a_only == 0.0 && c.b_only == 0.0,
          "itself: kl %g", c.kl);
    CHECK(modelcmp_compute(&c, &a, PA, ORDER_A, &a, q, order_q, 2, NULL) == 0 &&
              fabs(c.kl - 0.21801191) < 1e-6,
          "kl %.8f", c.kl);
    CHECK(c.n_a == 2 && c.a[0].rank_other == 2 && c.a[1].rank_other == 3 && c.b[0].rank_other == 3,
          "ranks %d %d %d", c.a[0].rank_other, c.a[1].rank_other, c.b[0].rank_other);
    vocab_free(&a);
    vocab_free(&b);
}

static void test_text_through_the_other_vocabulary(void)
{
    Vocab a, b;
    vocabs(&a, &b);
    const int text[3] = {1, 2, 1}; /* b c b in A */
    int out[3];
    TsErr err;
    CHECK(modelcmp_map_text(&a, text, 3, &b, out, "B.bin", &err) == 0 && out[0] == 0 &&
              out[1] == 1 && out[2] == 0,
          "b c b in B: %d %d %d", out[0], out[1], out[2]);
    const int with_a[2] = {1, 0}; /* b a: B lacks a, and says so by name */
    CHECK(modelcmp_map_text(&a, with_a, 2, &b, out, "B.bin", &err) != 0 &&
              strstr(err.msg, "'B.bin'") && strstr(err.msg, "'a' (U+0061)"),
          "message: %s", err.msg);
    vocab_free(&a);
    vocab_free(&b);
}

int main(void)
{
    RUN(test_partly_shared_by_hand);
    RUN(test_same_vocabulary_is_plain_kl);
    RUN(test_text_through_the_other_vocabulary);
    return test_summary();
}
