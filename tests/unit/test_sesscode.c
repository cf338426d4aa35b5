/* test_sesscode.c - the session code: a code worked out by hand, round trips
 * of many random sessions, the 32-character promise, and damaged codes. */
#include "check.h"
#include "engine/rng.h"
#include "engine/sesscode.h"

static const char DIGITS[] = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/* The defaults with fingerprint 0, multiplied out by hand in mixed radix
 * (fingerprint 512, form 14, temperature 23, "more" 2, seed class 2, seed 16):
 *   0 + 512 x (0 + 14 x (10 + 23 x (0 + 2 x (0 + 2 x 1)))) = 731,136
 * = 24 x 31^3 + 16 x 31^2 + 25 x 31 + 1  ->  T J U 3
 * check: 24 x 3^4 + 16 x 3^3 + 25 x 3^2 + 1 x 3 = 1944 + 432 + 225 + 3 = 2604
 * = 84 x 31, so the check digit is 0 -> 2. */
static void test_by_hand(void)
{
    SessionCode c;
    session_code_init(&c, 0);
    c.set.temperature = 1.0f;
    char out[SESSION_CODE_MAX + 1];
    TsErr err;
    int n = session_code_encode(&c, out, sizeof out, &err);
    CHECK(n == 5 && strcmp(out, "TJU32") == 0, "got %d '%s', want TJU32", n, out);
    SessionCode d;
    CHECK(session_code_decode("tju-32", 6, &d, &err) == 0, "lower case and a dash: %s", err.msg);
    CHECK(d.set.temperature == 1.0f && d.seed == 1 && d.n_prompt == 0 && d.form == FORM_FREE,
          "decoded the defaults");
}

static float pick_float(Rng *r, float lo, float hi, float off, double grid)
{
    switch ((uint32_t)rng_next(r) % 4) {
    case 0: return off;
    case 1: { /* on the grid */
        long steps = (long)((hi - lo) * grid + 0.5);
        return (float)((lo * grid + (double)((uint32_t)rng_next(r) % (uint32_t)(steps + 1))) / grid);
    }
    default: return lo + (hi - lo) * rng_float(r); /* anything: its exact bits */
    }
}

static void random_session(Rng *r, SessionCode *c)
{
    session_code_init(c, (uint32_t)rng_next(r) % SESSION_FINGERPRINTS);
    int wide = (uint32_t)rng_next(r) % 8 == 0;
    uint32_t id_max = wide ? 1u << 21 : 8192;
    c->n_prompt = (uint32_t)rng_next(r) % 3 == 0 ? 0 : (int)((uint32_t)rng_next(r) % (SESSION_MAX_CHARS + 1));
    for (int i = 0; i < c->n_prompt; i++)
        c->prompt[i] = (int)((uint32_t)rng_next(r) % (i % 5 ? 8192 : id_max));
    c->form = (FormKind)((uint32_t)rng_next(r) % 3);
    c->line_len = c->form == FORM_FREE ? 7 : (uint32_t)rng_next(r) % 2 ? 5 : 7;
    if (c->form == FORM_ACROSTIC) {
        c->n_heads = 1 + (int)((uint32_t)rng_next(r) % FORM_MAX_HEADS);
        for (int i = 0; i < c->n_heads; i++)
            c->heads[i] = (int)((uint32_t)rng_next(r) % id_max);
    }
    c->mid_text = (int)((uint32_t)rng_next(r) % 2);
    c->set.temperature = pick_float(r, 0.0f, (uint32_t)rng_next(r) % 2 ? 2.0f : 100.0f, 1.0f,
                                    (uint32_t)rng_next(r) % 2 ? 10.0 : 100.0);
    uint32_t k = (uint32_t)rng_next(r) % 4;
    c->set.top_k = k == 0 ? 0 : k == 1 ? 1 + (int)((uint32_t)rng_next(r) % 256) : (int)((uint32_t)rng_next(r) % 1000001);
    c->set.top_p = pick_float(r, 0.01f, 1.0f, 1.0f, 100.0);
    c->set.min_p = pick_float(r, 0.0f, 1.0f, 0.0f, 100.0);
    c->set.repetition_penalty = pick_float(r, 1.0f, 100.0f, 1.0f, 100.0);
    c->set.penalize_punctuation = (int)((uint32_t)rng_next(r) % 2);
    c->policy = (uint32_t)rng_next(r) % 2 ? CONTEXT_SLIDE : CONTEXT_SHIFT;
    uint32_t s = (uint32_t)rng_next(r) % 3;
    c->seed = s == 0 ? (uint32_t)rng_next(r) % 16 : s == 1 ? (uint32_t)rng_next(r) % 100000
                                                : (uint64_t)(uint32_t)rng_next(r) << 32 | (uint32_t)rng_next(r);
    c->poems = (uint32_t)rng_next(r) % 2 ? 1 : 1 + (int)((uint32_t)rng_next(r) % 10000);
    c->max_chars = (uint32_t)rng_next(r) % 2 ? SESSION_DEFAULT_MAX_CHARS : 1 + (int)((uint32_t)rng_next(r) % 1000000);
}

static int same_session(const SessionCode *a, const SessionCode *b)
{
    int same = a->fingerprint == b->fingerprint && a->n_prompt == b->n_prompt &&
               a->form == b->form && a->n_heads == b->n_heads && a->mid_text == b->mid_text &&
               a->set.temperature == b->set.temperature && a->set.top_k == b->set.top_k &&
               a->set.top_p == b->set.top_p && a->set.min_p == b->set.min_p &&
               a->set.repetition_penalty == b->set.repetition_penalty &&
               a->set.penalize_punctuation == b->set.penalize_punctuation &&
               a->seed == b->seed && a->policy == b->policy && a->poems == b->poems &&
               a->max_chars == b->max_chars &&
               (a->form == FORM_FREE || a->line_len == b->line_len);
    for (int i = 0; same && i < a->n_prompt; i++)
        same = a->prompt[i] == b->prompt[i];
    for (int i = 0; same && i < a->n_heads; i++)
        same = a->heads[i] == b->heads[i];
    return same;
}

static void test_round_trip(void)
{
    Rng r;
    rng_seed(&r, 2026);
    int bad = 0;
    for (int t = 0; t < 20000 && bad < 5; t++) {
        SessionCode c, d;
        random_session(&r, &c);
        char out[SESSION_CODE_MAX + 1];
        TsErr err;
        int n = session_code_encode(&c, out, sizeof out, &err);
        if (n < 0) {
            CHECK(0, "session %d did not encode: %s", t, err.msg);
            bad++;
            continue;
        }
        if (session_code_decode(out, (size_t)n, &d, &err) != 0 || !same_session(&c, &d)) {
            CHECK(0, "session %d (%s) did not come back: %s", t, out, err.msg);
            bad++;
        }
    }
}

/* The promise: a prompt of up to 10 characters, temperature in tenths up to
 * 2, filters off, a seed up to 15, any form with a prompt or up to 10 heads,
 * either start, any fingerprint, the largest ids: at most 32 characters. */
static void test_short(void)
{
    int longest = 0;
    for (int form = 0; form < 3; form++)
        for (int t = 0; t <= 20; t += 4)
            for (int len = 0; len <= 10; len++) {
                SessionCode c;
                session_code_init(&c, SESSION_FINGERPRINTS - 1);
                c.form = (FormKind)form;
                c.line_len = 7;
                c.mid_text = 1;
                c.set.temperature = (float)(t / 10.0);
                c.seed = 15;
                for (int i = 0; i < len; i++)
                    c.prompt[i] = 8191;
                c.n_prompt = len;
                if (form == FORM_ACROSTIC) { /* the explorer's acrostic: heads, no prompt */
                    c.n_heads = len ? len : 1;
                    for (int i = 0; i < c.n_heads; i++)
                        c.heads[i] = 8191;
                    c.n_prompt = 0;
                }
                char out[SESSION_CODE_MAX + 1];
                TsErr err;
                int n = session_code_encode(&c, out, sizeof out, &err);
                CHECK(n > 0 && n <= 32, "form %d, t %d, %d characters: %d '%s'", form, t, len, n,
                      out);
                longest = n > longest ? n : longest;
            }
    printf("  the longest of these codes: %d characters\n", longest);
}

/* Every single mistyped character and every swap of two different
 * neighbours is refused, for a few random codes. */
static void test_typos(void)
{
    Rng r;
    rng_seed(&r, 7);
    for (int t = 0; t < 40; t++) {
        SessionCode c, d;
        random_session(&r, &c);
        c.n_prompt = c.n_prompt > 12 ? 12 : c.n_prompt;
        char code[SESSION_CODE_MAX + 1];
        TsErr err;
        int n = session_code_encode(&c, code, sizeof code, &err);
        if (n < 0)
            continue;
        int accepted = 0;
        for (int i = 0; i < n; i++) {
            char saved = code[i];
            for (int k = 0; k < 31; k++) {
                if (DIGITS[k] == saved)
                    continue;
                code[i] = DIGITS[k];
                accepted += session_code_decode(code, (size_t)n, &d, &err) == 0;
            }
            code[i] = saved;
            if (i + 1 < n && code[i] != code[i + 1]) {
                code[i] = code[i + 1];
                code[i + 1] = saved;
                accepted += session_code_decode(code, (size_t)n, &d, &err) == 0;
                code[i + 1] = code[i];
                code[i] = saved;
            }
        }
        CHECK(accepted == 0, "code %s: %d typos accepted", code, accepted);
    }
}

static void test_refused(void)
{
    SessionCode d;
    TsErr err;
    const char *bad[] = {"", "T", "TJU3O", "TJU30", "TJU3I", "TJU3L", "TJU31", "TJU3!", "TJU33",
                         "TJ\xe2\x80\x94U32"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(session_code_decode(bad[i], strlen(bad[i]), &d, &err) != 0, "'%s' was accepted",
              bad[i]);
    CHECK_REFUSED(session_code_decode("TJU3O", 5, &d, &err) != 0, err.msg, "'O'");
    CHECK_REFUSED(session_code_decode("TJU33", 5, &d, &err) != 0, err.msg, "check");
    /* far too long: refused, not read past its end */
    char longc[2000];
    memset(longc, 'Z', sizeof longc);
    CHECK(session_code_decode(longc, sizeof longc, &d, &err) != 0, "2000 digits accepted");
    /* random bytes and random digit strings never crash, and what decodes
     * re-encodes (an accepted code is a real session) */
    Rng r;
    rng_seed(&r, 99);
    for (int t = 0; t < 20000; t++) {
        char buf[80];
        size_t n = 1 + (uint32_t)rng_next(&r) % sizeof buf;
        for (size_t i = 0; i < n; i++)
            buf[i] = t % 2 ? (char)(uint32_t)rng_next(&r) : DIGITS[(uint32_t)rng_next(&r) % 31];
        if (session_code_decode(buf, n, &d, &err) == 0) {
            char again[SESSION_CODE_MAX + 1];
            CHECK(session_code_encode(&d, again, sizeof again, &err) > 0,
                  "a decoded code does not encode: %s", err.msg);
        }
    }
}

/* The model check: the fingerprint follows the weights, ids the vocabulary. */
static void test_model(void)
{
    Model m;
    TsErr err;
    if (model_load(&m, TEST_DATA("tiny.bin"), &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    SessionCode c;
    session_code_init(&c, session_code_fingerprint(&m));
    c.prompt[0] = m.vocab.size - 1;
    c.n_prompt = 1;
    CHECK(session_code_check(&c, &m, &err) == 0, "%s", err.msg);
    c.prompt[0] = m.vocab.size;
    CHECK(session_code_check(&c, &m, &err) != 0, "an id past the vocabulary was accepted");
    c.prompt[0] = 0;
    unsigned fp = session_code_fingerprint(&m);
    m.params[12345 % m.n_params] += 1.0f; /* another model of the same shape */
    CHECK(session_code_fingerprint(&m) != fp, "the weights changed, the fingerprint not");
    CHECK_REFUSED(session_code_check(&c, &m, &err) != 0, err.msg, "another model");
    model_free(&m);
}

int main(void)
{
    RUN(test_by_hand);
    RUN(test_round_trip);
    RUN(test_short);
    RUN(test_typos);
    RUN(test_refused);
    RUN(test_model);
    return test_summary();
}
