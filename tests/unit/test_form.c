/* test_form.c - the verse forms (form.h): which characters a jueju or an
 * acrostic allows at each point, the forms' refusals, poem_well_formed and
 * poem_lines.
 *
 * Poem shapes are checked by a separate splitter in this file, not through
 * form.c. Random "models" (random logits and coins over many seeds) drive the
 * forms through the real sampler to show the shape holds whatever the model
 * wants.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "engine/form.h"
#include "engine/rng.h"
#include "engine/sampler.h"
#include "engine/vocab.h"
#include "testutil.h"

#define CP_COMMA 0xFF0Cu
#define CP_PERIOD 0x3002u

static void test_is_han(void)
{
    const uint32_t han[] = {0x3400, 0x4DBF, 0x4E00, 0x9FFF, 0xF900, 0xFAFF, 0x20000, 0x3FFFF,
                            0x6708 /* 月 */};
    const uint32_t not_han[] = {0x33FF, 0x4DC0, 0x4DFF, 0xA000, 0xF8FF, 0xFB00, 0x1FFFF,
                                0x40000, CP_COMMA, CP_PERIOD, 'a', '\n', 0x3001 /* 、 */};
    for (size_t i = 0; i < sizeof han / sizeof han[0]; i++)
        CHECK(is_han(han[i]), "U+%04X should be Han", (unsigned)han[i]);
    for (size_t i = 0; i < sizeof not_han / sizeof not_han[0]; i++)
        CHECK(!is_han(not_han[i]), "U+%04X should not be Han", (unsigned)not_han[i]);
}

static int well(const char *s)
{
    uint32_t cps[256];
    size_t n = testutil_cps(s, cps, 256);
    return poem_well_formed(cps, n);
}

static void test_poem_well_formed(void)
{
    const char *good[] = {
        "白日依山尽，黄河入海流。欲穷千里目，更上一层楼。",
        "白日依山尽，黄河入海流。",
        "白日依山尽黄河，入海流欲穷千里。",
        "白日依山尽，黄河入海流。欲穷千里目，更上一层楼。白日依山尽，黄河入海流。",
    };
    const char *bad[] = {
        "",
        "白日依山尽海，黄河入海流。",                          /* a 6-character line */
        "白日依山，黄河入海。",                                /* 4 */
        "白日依山尽，黄河入海流欲穷。",                        /* 5 then 7 */
        "白日依山尽，黄河入海流。欲穷千里目，更上一层楼",      /* no final 。 */
        "白日依山尽，黄河入海流",                              /* no final 。 */
        "白日依山尽，黄河入海流，欲穷千里目，更上一层楼。",    /* ，， */
        "白日依山尽，黄河入海流。欲穷千里目。",                /* 3 lines, 。。 */
        "白日依山尽，黄河入海流。欲穷千里目，",                /* 3 lines */
        "白日依山尽。黄河入海流，",                            /* starts with 。 */
        "白日依山尽，，黄河入海流。",                          /* an empty line */
        "白日依山尽，黄河入海流。\n",                          /* a newline inside */
        "白日依山a，黄河入海流。",                             /* not Han */
        "，白日依山尽。",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        CHECK(well(good[i]), "should be well formed: %s", good[i]);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(!well(bad[i]), "should not be well formed: %s", bad[i]);
}

/* poem_lines: the lines ， and 。 end, and an unfinished last one, counted
 * by hand here */
static void test_poem_lines(void)
{
    static const struct {
        const char *poem;
        int lines;
    } cases[] = {
        {"", 0},
        {"白日依山尽，黄河入海流。", 2},
        {"白日依山尽，黄河入海流。欲穷千里目，更上一层楼。", 4},
        {"白日依山尽，黄河入海流。欲穷千里目，更上一层楼", 4},   /* the last unfinished */
        {"白日依山尽，黄河入海流。欲穷千里目，", 3},
        {"白日依山尽，，黄河入海流。", 3},                      /* an empty line counts */
        {"白日依山尽黄河入海流", 1},
        {"白日，依山。尽黄，河入。海流，欲穷。千里，目更。", 8}, /* 8, not well formed */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t cps[256];
        size_t n = testutil_cps(cases[i].poem, cps, 256);
        int got = poem_lines(cps, n);
        CHECK(got == cases[i].lines, "%s: %d lines, want %d", cases[i].poem, got, cases[i].lines);
    }
}

static void test_form_init_errors(void)
{
    Vocab v;
    testutil_vocab(&v, TESTUTIL_VOCAB_TEXT);
    Form f;
    TsErr err;
    CHECK(form_init_jueju(&f, &v, 5, &err) == 0, "%s", err.msg);
    CHECK(form_init_acrostic(&f, &v, "白黄欲更", 7, &err) == 0, "%s", err.msg);
    struct {
        const char *heads;
        int line_len;
        const char *expect;
    } cases[] = {
        {"白黄", 6, "5 or 7"},
        {"白黄", 0, "5 or 7"},
        {"", 5, "1 to 64"},
        {"白春黄", 5, "'春' (U+6625)"}, /* not in the vocabulary */
        {"白a", 5, "'a' (U+0061)"},     /* in the vocabulary, not Han */
        {"白，", 5, "not a Han"},
        {"白\xE9", 5, "invalid UTF-8"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        err.msg[0] = 0;
        int rc = form_init_acrostic(&f, &v, cases[i].heads, cases[i].line_len, &err);
        CHECK(rc != 0 && strstr(err.msg, cases[i].expect), "case %zu: rc %d, message '%s'", i, rc,
              err.msg);
        CHECK(f.kind == FORM_FREE, "a failed init should leave a free form");
    }
    char many[4 * 65 + 1] = "";
    for (int i = 0; i < 65; i++)
        strcat(many, "白");
    CHECK_REFUSED(form_init_acrostic(&f, &v, many, 5, &err) != 0, err.msg, "64");
    many[64 * 3] = 0;
    CHECK(form_init_acrostic(&f, &v, many, 5, &err) == 0 && f.n_lines == 64, "64 heads: %s",
          err.msg);
    CHECK_REFUSED(form_init_jueju(&f, &v, 8, &err) != 0, err.msg, "5 or 7");
    vocab_free(&v);

    /* A vocabulary without ，(or 。, or the newline, or any Han) leaves a form
     * no candidate at some point: refused at init, naming what is missing. */
    testutil_vocab(&v, "白日依山尽。黄河入海流。");
    CHECK_REFUSED(form_init_jueju(&f, &v, 5, &err) != 0, err.msg, "U+FF0C");
    CHECK_REFUSED(form_init_acrostic(&f, &v, "白黄", 5, &err) != 0, err.msg, "U+FF0C");
    vocab_free(&v);
    testutil_vocab(&v, "白日依山尽，黄河入海流");
    CHECK_REFUSED(form_init_jueju(&f, &v, 5, &err) != 0, err.msg, "U+3002");
    vocab_free(&v);
    const uint32_t no_newline[] = {0x3002, 0x767D, 0xFF0C};
    CHECK(vocab_from_cps(&v, no_newline, 3, &err) == 0, "%s", err.msg);
    CHECK_REFUSED(form_init_jueju(&f, &v, 5, &err) != 0, err.msg, "newline");
    vocab_free(&v);
    testutil_vocab(&v, "，。a");
    CHECK_REFUSED(form_init_jueju(&f, &v, 5, &err) != 0, err.msg, "Han");
    vocab_free(&v);
}

static void test_form_allowed_by_hand(void)
{
    Vocab v;
    testutil_vocab(&v, TESTUTIL_VOCAB_TEXT);
    int V = v.size, comma = testutil_id(&v, "，"), period = testutil_id(&v, "。"), nl = vocab_id(&v, '\n');
    uint8_t allowed[64];
    Form f;
    TsErr err;
    CHECK(V == 24, "test vocabulary has %d tokens, expected 24", V);

    form_init_free(&f);
    CHECK(form_allowed(&f, &v, allowed) == V, "free form should allow all %d", V);

    /* Jueju 5: 20 Han characters allowed, then only ，, ..., then the newline. */
    CHECK(form_init_jueju(&f, &v, 5, &err) == 0, "%s", err.msg);
    int han = testutil_id(&v, "山");
    const int want_marks[4] = {comma, period, comma, period};
    for (int line = 0; line < 4; line++) {
        for (int col = 0; col < 5; col++) {
            int n = form_allowed(&f, &v, allowed);
            CHECK(n == 20 && !allowed[comma] && !allowed[period] && !allowed[nl] &&
                      !allowed[testutil_id(&v, "a")] && allowed[han],
                  "line %d col %d: %d allowed", line, col, n);
            form_advance(&f, &v, han);
        }
        int n = form_allowed(&f, &v, allowed);
        CHECK(n == 1 && allowed[want_marks[line]], "line %d: the mark should be forced", line);
        form_advance(&f, &v, want_marks[line]);
    }
    CHECK(form_allowed(&f, &v, allowed) == 1 && allowed[nl] && !f.done, "newline should follow");
    form_advance(&f, &v, nl);
    CHECK(f.done && form_allowed(&f, &v, allowed) == 1 && allowed[nl], "done: only the newline");

    /* Acrostic 白黄欲, 5: heads forced, marks ，。。 (the last line ends in 。). */
    CHECK(form_init_acrostic(&f, &v, "白黄欲", 5, &err) == 0, "%s", err.msg);
    const char *heads[3] = {"白", "黄", "欲"};
    const int marks3[3] = {comma, period, period};
    for (int line = 0; line < 3; line++) {
        int n = form_allowed(&f, &v, allowed);
        CHECK(n == 1 && allowed[testutil_id(&v, heads[line])], "line %d: head should be forced", line);
        form_advance(&f, &v, testutil_id(&v, heads[line]));
        for (int col = 1; col < 5; col++) {
            CHECK(form_allowed(&f, &v, allowed) == 20, "line %d col %d", line, col);
            form_advance(&f, &v, han);
        }
        CHECK(form_allowed(&f, &v, allowed) == 1 && allowed[marks3[line]], "line %d mark", line);
        form_advance(&f, &v, marks3[line]);
    }
    CHECK(form_allowed(&f, &v, allowed) == 1 && allowed[nl], "newline should close the poem");
    form_advance(&f, &v, nl);
    CHECK(f.done, "poem should be done");
    vocab_free(&v);
}

/* Run a form to its end with a random "model": random logits that often push
 * hard for a character the form forbids, random settings and coins, through
 * sampler_run with the form's mask. Writes the code points (newline included);
 * returns the count, or 0 on a failure already reported. */
static size_t write_poem(Form *f, const Vocab *v, SamplerState *s, Rng *r, uint32_t *out,
                         size_t cap, int *mask_first)
{
    const float temps[] = {0.0f, 0.5f, 1.0f, 2.0f};
    const int ks[] = {0, 1, 3};
    const float ps[] = {1.0f, 0.9f, 1e-6f};
    const float mins[] = {0.0f, 0.1f};
    SamplerSettings set = sampler_defaults(); /* a setting not drawn here is off */
    set.temperature = temps[rng_below(r, 4)];
    set.top_k = ks[rng_below(r, 3)];
    set.top_p = ps[rng_below(r, 3)];
    set.min_p = mins[rng_below(r, 2)];
    set.repetition_penalty = rng_below(r, 2) ? 1.0f : 1.5f;
    int V = v->size;
    float logits[64];
    uint8_t allowed[64];
    int text[512];
    TsErr err;
    size_t n = 0;
    while (n < cap && !f->done) {
        int n_allowed = form_allowed(f, v, allowed);
        CHECK(n_allowed > 0, "the form allows nothing at character %zu", n);
        for (int i = 0; i < V; i++)
            logits[i] = (float)rng_normal(r) * 2.0f;
        if (rng_below(r, 3) == 0) /* the model insists on something, often forbidden */
            logits[rng_below(r, (uint64_t)V)] += 15.0f;
        int tok = sampler_run(s, &set, logits, text, n, allowed, rng_float(r), &err);
        if (tok < 0 || !allowed[tok]) {
            CHECK(0, "sampler_run gave %d at character %zu: %s", tok, n, tok < 0 ? err.msg : "");
            return 0;
        }
        *mask_first += s->mask_first;
        text[n] = tok;
        out[n++] = vocab_cp(v, tok);
        form_advance(f, v, tok);
    }
    CHECK(f->done && n > 0 && out[n - 1] == '\n', "the poem did not close with a newline");
    return f->done ? n : 0;
}

/* The shape, checked by splitting the text here, independently of form.c:
 * n_lines lines of line_len Han characters, line i opening with heads[i] (if
 * heads), marks ，。 alternating with 。 last, then exactly one newline. */
static int shape_ok(const uint32_t *cps, size_t n, int n_lines, int line_len,
                    const uint32_t *heads)
{
    size_t want = (size_t)n_lines * (size_t)(line_len + 1) + 1;
    if (n != want || cps[n - 1] != '\n')
        return 0;
    for (int line = 0; line < n_lines; line++) {
        const uint32_t *l = cps + (size_t)line * (size_t)(line_len + 1);
        for (int c = 0; c < line_len; c++)
            if (!is_han(l[c]))
                return 0;
        if (heads && l[0] != heads[line])
            return 0;
        uint32_t mark = line == n_lines - 1 || line % 2 == 1 ? CP_PERIOD : CP_COMMA;
        if (l[line_len] != mark)
            return 0;
    }
    return 1;
}

static void test_forms_random_model(void)
{
    Vocab v;
    testutil_vocab(&v, TESTUTIL_VOCAB_TEXT);
    SamplerState s;
    TsErr err;
    CHECK(sampler_init(&s, v.size, &err) == 0, "%s", err.msg);
    const char *head_sets[] = {"白黄欲更", "山河", "日", "千里目", "一层楼上白日", "流"};
    uint32_t poem[512];
    int mask_first = 0, poems = 0, bad = 0;
    for (uint64_t seed = 1; seed <= 300 && bad < 5; seed++) {
        Rng r;
        rng_seed(&r, seed);
        int line_len = rng_below(&r, 2) ? 5 : 7;
        Form f;

        CHECK(form_init_jueju(&f, &v, line_len, &err) == 0, "%s", err.msg);
        size_t n = write_poem(&f, &v, &s, &r, poem, 512, &mask_first);
        int ok = n > 0 && shape_ok(poem, n, 4, line_len, NULL) && poem_well_formed(poem, n - 1);
        CHECK(ok, "seed %llu: jueju %d has the wrong shape", (unsigned long long)seed, line_len);
        bad += !ok;
        poems++;

        const char *heads = head_sets[seed % (sizeof head_sets / sizeof head_sets[0])];
        uint32_t head_cps[FORM_MAX_HEADS];
        int n_heads = (int)testutil_cps(heads, head_cps, FORM_MAX_HEADS);
        CHECK(form_init_acrostic(&f, &v, heads, line_len, &err) == 0, "%s", err.msg);
        n = write_poem(&f, &v, &s, &r, poem, 512, &mask_first);
        ok = n > 0 && shape_ok(poem, n, n_heads, line_len, head_cps);
        if (ok && n_heads % 2 == 0)
            ok = poem_well_formed(poem, n - 1);
        CHECK(ok, "seed %llu: acrostic %s (%d) has the wrong shape", (unsigned long long)seed,
              heads, line_len);
        bad += !ok;
        poems++;
    }
    CHECK(poems == 600, "wrote %d poems", poems);
    CHECK(mask_first > 100, "the mask-first run happened only %d times", mask_first);
    sampler_free(&s);
    vocab_free(&v);
}

int main(void)
{
    RUN(test_is_han);
    RUN(test_poem_well_formed);
    RUN(test_poem_lines);
    RUN(test_form_init_errors);
    RUN(test_form_allowed_by_hand);
    RUN(test_forms_random_model);
    return test_summary();
}
