/* test_model.c - the model file and the forward pass.
 *
 * tests/data/tiny.bin and its logits were written by tools/make-fixtures.py,
 * an independent Python implementation of docs/model-format.md computing in
 * float64; the C forward pass must reproduce those logits. Damaged files must
 * be refused with a message that names the file.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "testutil.h"
#include "engine/fileio.h"
#include "engine/generate.h"
#include "engine/train_pass.h"
#include "engine/model.h"
#include "engine/vocab.h"

static int hex_to_bytes(const char *hex, char *out, size_t cap)
{
    size_t n = strlen(hex) / 2;
    if (n + 1 > cap)
        return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (char)v;
    }
    out[n] = 0;
    return (int)n;
}

static void test_fixture_logits(void)
{
    TsErr err;
    Model m;
    if (model_load(&m, TEST_DATA("tiny.bin"), &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    FILE *f = fopen(TEST_DATA("tiny-logits.txt"), "r");
    CHECK(f != NULL, "cannot open tiny-logits.txt");
    if (!f) {
        model_free(&m);
        return;
    }
    int V = m.cfg.vocab_size, prompts = 0, positions = 0;
    static char line[1 << 16];
    char prompt[512];
    int *ids = NULL;
    size_t n = 0;
    GptActs acts;
    int have_acts = 0;
    float *want = malloc((size_t)V * sizeof(float));
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        if (strncmp(line, "prompt ", 7) == 0) {
            line[strcspn(line, "\n")] = 0;
            CHECK(hex_to_bytes(line + 7, prompt, sizeof prompt) >= 0, "bad prompt line");
            free(ids);
            ids = NULL;
            if (vocab_encode(&m.vocab, prompt, strlen(prompt), "prompt", &ids, &n, &err) != 0) {
                CHECK(0, "%s", err.msg);
                break;
            }
            if (have_acts)
                gpt_acts_free(&acts);
            have_acts = gpt_acts_init(&acts, &m.cfg, 1, (int)n, 0, &err) == 0;
            gpt_forward(&m, &acts, ids, NULL, 1, (int)n);
            prompts++;
        } else if (strncmp(line, "pos ", 4) == 0) {
            char *p = line + 4;
            int pos = (int)strtol(p, &p, 10);
            for (int v = 0; v < V; v++)
                want[v] = strtof(p, &p);
            CHECK(pos >= 0 && (size_t)pos < n, "position %d out of range", pos);
            char name[64];
            snprintf(name, sizeof name, "prompt %d pos %d", prompts, pos);
            check_close(acts.logits + (size_t)pos * V, want, (size_t)V, name, 1e-4, 1e-4);
            positions++;
        }
    }
    CHECK(prompts >= 3 && positions >= 10, "fixture too small: %d prompts, %d positions", prompts,
          positions);
    fclose(f);
    free(want);
    free(ids);
    if (have_acts)
        gpt_acts_free(&acts);
    model_free(&m);
}

static const char *tmpdir; /* testutil_tmpdir, made in main */

static void write_bytes(const char *path, const unsigned char *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    fwrite(b, 1, n, f);
    fclose(f);
}

static void test_roundtrip(void)
{
    TsErr err;
    Model a, b;
    CHECK(model_load(&a, TEST_DATA("tiny.bin"), &err) == 0, "%s", err.msg);
    char path[256];
    snprintf(path, sizeof path, "%s/copy.bin", tmpdir);
    CHECK(model_save(&a, path, &err) == 0, "%s", err.msg);
    unsigned char *orig, *copy;
    size_t no, nc;
    read_file(TEST_DATA("tiny.bin"), FILE_MODEL, &orig, &no, &err);
    read_file(path, FILE_MODEL, &copy, &nc, &err);
    CHECK(no == nc && memcmp(orig, copy, no) == 0, "saved file differs from the original");
    CHECK(model_load(&b, path, &err) == 0, "%s", err.msg);
    CHECK(b.n_params == a.n_params && memcmp(a.params, b.params, a.n_params * 4) == 0,
          "weights differ after a round trip");
    CHECK(b.vocab.size == a.vocab.size &&
              memcmp(a.vocab.cps, b.vocab.cps, (size_t)a.vocab.size * 4) == 0,
          "vocabulary differs after a round trip");
    free(orig);
    free(copy);
    model_free(&a);
    model_free(&b);
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* Re-seal a version 2 file's CRC (of every byte but its own four, the 36
 * before them and then the rest), so a test reaches the checks after it. */
static void reseal(unsigned char *b, size_t n)
{
    put32(b + 36, crc32_except(b, n, 36));
}

/* Load a damaged copy; it must fail with a message naming the file and
 * containing `expect`. */
static void expect_refused(const char *label, const unsigned char *b, size_t n, const char *expect)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s.bin", tmpdir, label);
    write_bytes(path, b, n);
    Model m;
    TsErr err = {0};
    int rc = model_load(&m, path, &err);
    if (rc == 0)
        model_free(&m);
    CHECK_REFUSED(rc != 0, err.msg, path);
    CHECK_REFUSED(rc != 0, err.msg, expect);
}

static void test_damaged_files(void)
{
    TsErr err;
    unsigned char *good;
    size_t n;
    CHECK(read_file(TEST_DATA("tiny.bin"), FILE_MODEL, &good, &n, &err) == 0, "%s", err.msg);
    unsigned char *b = malloc(n + 16);

    /* truncated at many places, including inside the header */
    size_t cuts[] = {0, 1, 8, 40, 63, 64, 100, n / 2, n - 4, n - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        char label[32];
        snprintf(label, sizeof label, "cut%zu", cuts[i]);
        expect_refused(label, good, cuts[i], cuts[i] < 64 ? "not a tangscope model" : "truncated");
    }
    /* one flipped bit anywhere in the payload */
    size_t flips[] = {64, 100, n / 3, n - 1};
    for (size_t i = 0; i < sizeof flips / sizeof flips[0]; i++) {
        memcpy(b, good, n);
        b[flips[i]] ^= 0x10;
        char label[32];
        snprintf(label, sizeof label, "flip%zu", flips[i]);
        expect_refused(label, b, n, "checksum");
    }
    memcpy(b, good, n);
    b[0] = 'X';
    expect_refused("magic", b, n, "wrong magic");
    memcpy(b, good, n);
    put32(b + 8, 99);
    expect_refused("version", b, n, "version 99");
    memcpy(b, good, n);
    put32(b + 12, 100000); /* layers */
    expect_refused("layers", b, n, "absurd");
    memcpy(b, good, n);
    put32(b + 28, 0xFFFFFFFFu); /* vocabulary */
    expect_refused("vocab", b, n, "absurd");
    memcpy(b, good, n);
    put32(b + 16, 15); /* dims not divisible by heads */
    expect_refused("dims", b, n, "absurd");
    memcpy(b, good, n);
    b[40] ^= 1; /* payload size */
    expect_refused("psize", b, n, "payload bytes");
    memcpy(b, good, n);
    memset(b + n, 0, 16);
    expect_refused("trailing", b, n + 16, "unexpected bytes");
    /* version 2: one flipped bit anywhere in the header is refused too, even
     * where the header stays a valid one (n_head 2 -> 3 does not divide 16,
     * but 2 -> 1 or 2 -> 4 would: only the checksum can catch that) */
    for (size_t at = 0; at < 64; at++) {
        for (int bit = 0; bit < 8; bit++) {
            memcpy(b, good, n);
            b[at] ^= (unsigned char)(1u << bit);
            char label[32];
            snprintf(label, sizeof label, "header%zu.%d", at, bit);
            expect_refused(label, b, n, "");
        }
    }
    const uint32_t heads[] = {1, 4};
    for (int i = 0; i < 2; i++) {
        memcpy(b, good, n);
        put32(b + 20, heads[i]);
        char label[32];
        snprintf(label, sizeof label, "heads%u", (unsigned)heads[i]);
        expect_refused(label, b, n, "checksum mismatch");
    }
    memcpy(b, good, n);
    put32(b + 64, 0x4E00); /* vocabulary out of order (the second entry is smaller) */
    reseal(b, n);
    expect_refused("order", b, n, "out of order");
    memcpy(b, good, n);
    put32(b + n - 4, 0x7FC00000u); /* a NaN weight under a valid checksum */
    reseal(b, n);
    expect_refused("nan", b, n, "not a finite number");
    free(b);
    free(good);

    Model m;
    CHECK(model_load(&m, "/nonexistent/model.bin", &err) != 0 &&
              strstr(err.msg, "/nonexistent/model.bin") != NULL,
          "a missing file must be reported by name");
    CHECK(model_load(&m, tmpdir, &err) != 0, "a directory is not a model");
}

/* A version 1 file (tests/data/tiny-v1.bin, the CRC-32 of its payload alone)
 * still loads, with the same weights and vocabulary as the version 2 file of
 * the same model (tiny.bin, both written by tools/tsmodel.py); saving it
 * writes version 2, byte for byte that file: what the header says and the
 * checksum change, the bytes of the weights do not. A version 1 file whose
 * header lies about n_head still passes (its checksum never covered it),
 * which is why version 2 exists. */
static void test_version1(void)
{
    TsErr err;
    Model v1, v2;
    if (model_load(&v1, TEST_DATA("tiny-v1.bin"), &err) != 0) {
        CHECK(0, "a version 1 file is refused: %s", err.msg);
        return;
    }
    CHECK(model_load(&v2, TEST_DATA("tiny.bin"), &err) == 0, "%s", err.msg);
    CHECK(v1.n_params == v2.n_params && memcmp(v1.params, v2.params, v1.n_params * 4) == 0,
          "version 1 and 2 files of one model give different weights");
    CHECK(v1.vocab.size == v2.vocab.size &&
              memcmp(v1.vocab.cps, v2.vocab.cps, (size_t)v1.vocab.size * 4) == 0,
          "version 1 and 2 files of one model give different vocabularies");
    char path[256];
    snprintf(path, sizeof path, "%s/converted.bin", tmpdir);
    CHECK(model_save(&v1, path, &err) == 0, "%s", err.msg);
    unsigned char *want, *got, *old;
    size_t nw = 0, ng = 0, no = 0;
    read_file(TEST_DATA("tiny.bin"), FILE_MODEL, &want, &nw, &err);
    read_file(path, FILE_MODEL, &got, &ng, &err);
    read_file(TEST_DATA("tiny-v1.bin"), FILE_MODEL, &old, &no, &err);
    CHECK(nw == ng && memcmp(want, got, nw) == 0,
          "a version 1 model saved is not the version 2 file tools/tsmodel.py writes");
    CHECK(no == ng && got[8] == 2 && old[8] == 1 && memcmp(old + 64, got + 64, no - 64) == 0 &&
              memcmp(old + 12, got + 12, 24) == 0 && memcmp(old + 40, got + 40, 24) == 0,
          "converting changed more than the version and the checksum");
    old[20] = 1; /* n_head 2 -> 1 in a version 1 file: nothing can tell */
    snprintf(path, sizeof path, "%s/v1-heads.bin", tmpdir);
    write_bytes(path, old, no);
    Model lied;
    CHECK(model_load(&lied, path, &err) == 0, "version 1 did not cover its header: %s", err.msg);
    if (lied.params)
        model_free(&lied);
    free(want);
    free(got);
    free(old);
    model_free(&v1);
    model_free(&v2);
}

static void test_vocab_encode(void)
{
    uint32_t cps[] = {'\n', 0x3002, 0x6625, 0x98CE}; /* newline 。 春 风 */
    Vocab v = {4, cps};
    int *ids;
    size_t n;
    TsErr err;
    CHECK(vocab_encode(&v, "春风。\n", strlen("春风。\n"), "prompt", &ids, &n, &err) == 0, "%s",
          err.msg);
    CHECK(n == 4 && ids[0] == 2 && ids[1] == 3 && ids[2] == 1 && ids[3] == 0, "wrong ids");
    free(ids);
    CHECK(vocab_encode(&v, "春x风", strlen("春x风"), "prompt", &ids, &n, &err) != 0,
          "unknown character accepted");
    CHECK(strstr(err.msg, "'x' (U+0078)") && strstr(err.msg, "position 2"),
          "message must name the character and where: %s", err.msg);
    const char bad[] = {'\xE6', '\x98', 0};
    CHECK_REFUSED(vocab_encode(&v, bad, 2, "prompt", &ids, &n, &err) != 0, err.msg, "UTF-8");
    Vocab built;
    const char *text = "春风春\n风。";
    CHECK(vocab_build(&built, text, strlen(text), "text", &err) == 0, "%s", err.msg);
    CHECK(built.size == 4 && memcmp(built.cps, cps, sizeof cps) == 0,
          "vocabulary of a text: %d entries", built.size);
    vocab_free(&built);
}

/* A text file as token ids: with the model's vocabulary, with its own, and a
 * file the vocabulary does not cover (named in the message, nothing kept). */
static void test_vocab_text_load(void)
{
    uint32_t cps[] = {'\n', 0x3002, 0x6625, 0x98CE}; /* newline 。 春 风 */
    Vocab v = {4, cps};
    char path[300];
    snprintf(path, sizeof path, "%s/poem.txt", tmpdir);
    const char *text = "风春。\n";
    write_bytes(path, (const unsigned char *)text, strlen(text));
    VocabText t;
    TsErr err;
    CHECK(vocab_text_load(&t, path, &v, 0, &err) == 0, "%s", err.msg);
    CHECK(t.n == 4 && t.ids[0] == 3 && t.ids[1] == 2 && t.ids[2] == 1 && t.ids[3] == 0,
          "ids for the model's vocabulary");
    CHECK(t.bytes == NULL && t.len == strlen(text), "bytes kept though not asked for");
    vocab_text_free(&t);
    /* its own vocabulary: 风 春 。 and the newline, sorted: \n 。 春 风 */
    CHECK(vocab_text_load(&t, path, NULL, 1, &err) == 0, "%s", err.msg);
    CHECK(t.own.size == 4 && memcmp(t.own.cps, cps, sizeof cps) == 0, "own vocabulary: %d",
          t.own.size);
    CHECK(t.n == 4 && t.ids[0] == 3 && t.ids[3] == 0, "ids for its own vocabulary");
    CHECK(t.bytes && t.len == strlen(text) && memcmp(t.bytes, text, t.len) == 0,
          "the file's bytes were not kept");
    vocab_text_free(&t);
    const char *other = "春x";
    write_bytes(path, (const unsigned char *)other, strlen(other));
    CHECK(vocab_text_load(&t, path, &v, 1, &err) != 0, "an unknown character was accepted");
    CHECK(strstr(err.msg, "poem.txt'") && strstr(err.msg, "'x' (U+0078)"),
          "the message must name the file and the character: %s", err.msg);
    CHECK(t.ids == NULL && t.bytes == NULL, "a failed load left something to free");
    snprintf(path, sizeof path, "%s/missing.txt", tmpdir);
    CHECK(vocab_text_load(&t, path, NULL, 0, &err) != 0 && strstr(err.msg, "missing.txt"),
          "a missing file: %s", err.msg);
}

/* What stands for a character on one line: written out by hand from the
 * Unicode charts (U+23CE RETURN SYMBOL, U+2409 SYMBOL FOR HORIZONTAL
 * TABULATION, U+241B SYMBOL FOR ESCAPE, U+2400 SYMBOL FOR NULL, U+2421
 * SYMBOL FOR DELETE, U+FFFD REPLACEMENT CHARACTER) for the control pictures,
 * and what a plain-text output writes: the newline itself, a C1 control
 * (U+0085 NEXT LINE, U+009B CONTROL SEQUENCE INTRODUCER), a bidirectional
 * control (U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE) and
 * the separators (U+2028, U+2029) as U+FFFD; a character, a zero width
 * joiner U+200D and the no-break space stand for themselves. */
static void test_vocab_show(void)
{
    struct {
        uint32_t cp;
        const char *shown, *written;
    } cases[] = {
        {'\n', "\xE2\x8F\x8E", "\n"},
        {'\t', "\xE2\x90\x89", "\xE2\x90\x89"},
        {0x1B, "\xE2\x90\x9B", "\xE2\x90\x9B"},
        {0x7F, "\xE2\x90\xA1", "\xE2\x90\xA1"},
        {0, "\xE2\x90\x80", "\xE2\x90\x80"},
        {0x85, "\xEF\xBF\xBD", "\xEF\xBF\xBD"},
        {0x9B, "\xEF\xBF\xBD", "\xEF\xBF\xBD"},
        {0x202E, "\xEF\xBF\xBD", "\xEF\xBF\xBD"},
        {0x2066, "\xEF\xBF\xBD", "\xEF\xBF\xBD"},
        {0x2028, "\xEF\xBF\xBD", "\xEF\xBF\xBD"},
        {0x2029, "\xEF\xBF\xBD", "\xEF\xBF\xBD"},
        {0xD800, "\xEF\xBF\xBD", "\xEF\xBF\xBD"},
        {0x6625, "\xE6\x98\xA5", "\xE6\x98\xA5"},
        {0x200D, "\xE2\x80\x8D", "\xE2\x80\x8D"},
        {0xA0, "\xC2\xA0", "\xC2\xA0"},
        {'a', "a", "a"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[8];
        int n = vocab_show(cases[i].cp, out);
        CHECK(n == (int)strlen(cases[i].shown) && strcmp(out, cases[i].shown) == 0,
              "U+%04X shown as '%s' (%d bytes)", (unsigned)cases[i].cp, out, n);
        n = utf8_encode(vocab_written_cp(cases[i].cp), out);
        out[n] = 0;
        CHECK(strcmp(out, cases[i].written) == 0, "U+%04X written as '%s'",
              (unsigned)cases[i].cp, out);
    }
    /* a whole text, as a poem's writer and the screen put it out */
    const char *text = "\xE6\x98\xA5\x1B[2J\n\xE2\x80\xAE" "a\xC2\x85\xFF";
    const char *want = "\xE6\x98\xA5\xE2\x90\x9B[2J\n\xEF\xBF\xBD" "a\xEF\xBF\xBD\xFF";
    char *got = vocab_text_written(text, strlen(text));
    CHECK(got && strcmp(got, want) == 0, "text written as '%s'", got ? got : "(null)");
    free(got);
    CHECK(vocab_text_unsafe(text, strlen(text)) && !vocab_text_unsafe("\xE6\x98\xA5\n\xFF", 5),
          "which texts need writing over");
}

/* Defence in depth: a vocabulary that never passed the loader (built here
 * in memory: tiny.bin's with ESC and U+202E put in place of two entries)
 * still writes no control character into a poem: ESC as its picture ␛
 * (U+241B), U+202E as U+FFFD, the newline as a line break, the other
 * characters as themselves. */
static void test_poem_written(void)
{
    Model m;
    testutil_model(&m);
    m.vocab.cps[1] = 0x1B;
    m.vocab.cps[2] = 0x202E;
    Generator g;
    TsErr err;
    CHECK(gen_init(&g, &m, 1, &err) == 0, "%s", err.msg);
    const int ids[] = {3, 1, 2, 0, 3};
    int ok = gen_start(&g, NULL, 0, PROMPT_POEM_START, &err) == 0;
    for (size_t i = 0; ok && i < sizeof ids / sizeof ids[0]; i++)
        ok = gen_append(&g, ids[i], &err) == 0;
    CHECK(ok, "%s", err.msg);
    char c3[5] = {0};
    utf8_encode(m.vocab.cps[3], c3);
    char want[64];
    snprintf(want, sizeof want, "%s\xE2\x90\x9B\xEF\xBF\xBD\n%s", c3, c3);
    char *got = ok ? gen_text_utf8(&g, g.prefix) : NULL;
    CHECK(got && strcmp(got, want) == 0, "the poem written as '%s'", got ? got : "(null)");
    free(got);
    gen_free(&g);
    model_free(&m);
}

/* A vocabulary is text (docs/model-format.md): the code points a vocabulary
 * may not hold, from the Unicode standard's own lists, and neighbours of
 * theirs that it may. Refused: General_Category Cc (U+0000-U+001F but the
 * newline, U+007F-U+009F), the Bidi_Control property (PropList.txt: U+061C,
 * U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), Zl U+2028 and Zp U+2029.
 * Allowed: a space, '~' (U+007E), NO-BREAK SPACE U+00A0, ZERO WIDTH SPACE
 * U+200B, ZERO WIDTH JOINER U+200D, HYPHENATION POINT U+2027, NARROW NO-BREAK
 * SPACE U+202F, INVISIBLE SEPARATOR U+2063, SUPERSCRIPT ZERO U+2070 and
 * IDEOGRAPHIC FULL STOP U+3002. */
static const uint32_t REFUSED_CPS[] = {
    0x00,   0x01,   0x09,   0x0D,   0x1B,   0x1F,   0x7F,   0x80,   0x85,   0x9B,   0x9F,   0x061C,
    0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2028, 0x2029, 0x2066, 0x2067,
    0x2068, 0x2069,
};
static const uint32_t ALLOWED_CPS[] = {0x20,   0x7E,   0xA0,   0x200B, 0x200D,
                                       0x2027, 0x202F, 0x2063, 0x2070, 0x3002};

/* Each refused code point as one of tiny.bin's vocabulary entries, where the
 * order still holds: the first (byte 64, the newline's place) for those
 * below the newline, else the second (byte 64 + 4 = 68, between the newline
 * and U+4E00): refused, the entry, code point and byte named; so are a
 * surrogate and a code point past U+10FFFF. Each allowed one as the second
 * loads. So do the bundled model and every model
 * fixture. */
static void test_control_vocab(void)
{
    TsErr err;
    unsigned char *good;
    size_t n;
    CHECK(read_file(TEST_DATA("tiny.bin"), FILE_MODEL, &good, &n, &err) == 0, "%s", err.msg);
    unsigned char *b = malloc(n);
    for (size_t i = 0; i < sizeof REFUSED_CPS / sizeof REFUSED_CPS[0]; i++) {
        int entry = REFUSED_CPS[i] < '\n' ? 0 : 1;
        memcpy(b, good, n);
        put32(b + 64 + 4 * entry, REFUSED_CPS[i]);
        reseal(b, n);
        char label[32], want[96];
        snprintf(label, sizeof label, "control%04X", (unsigned)REFUSED_CPS[i]);
        snprintf(want, sizeof want,
                 "vocabulary entry %d is U+%04X, a control character, at byte %d", entry,
                 (unsigned)REFUSED_CPS[i], 64 + 4 * entry);
        expect_refused(label, b, n, want);
    }
    /* not characters at all: a surrogate, and past U+10FFFF as the last entry
     * (22, byte 152), where the order holds */
    memcpy(b, good, n);
    put32(b + 68, 0xD800);
    reseal(b, n);
    expect_refused("surrogate", b, n, "vocabulary entry 1 (U+D800) is invalid");
    memcpy(b, good, n);
    put32(b + 152, 0x110000);
    reseal(b, n);
    expect_refused("past-10ffff", b, n, "vocabulary entry 22 (U+110000) is invalid");
    for (size_t i = 0; i < sizeof ALLOWED_CPS / sizeof ALLOWED_CPS[0]; i++) {
        memcpy(b, good, n);
        put32(b + 68, ALLOWED_CPS[i]);
        reseal(b, n);
        Model m;
        int rc = model_parse(&m, b, n, "allowed.bin", &err);
        CHECK(rc == 0 && m.vocab.cps[1] == ALLOWED_CPS[i], "U+%04X refused: %s",
              (unsigned)ALLOWED_CPS[i], rc ? err.msg : "");
        if (rc == 0)
            model_free(&m);
    }
    free(b);
    free(good);
    const char *models[] = {"assets/tang.bin",           TEST_DATA("tiny.bin"),
                            TEST_DATA("tiny-v1.bin"),    TEST_DATA("tiny-huge.bin"),
                            TEST_DATA("nanogpt/bias.bin"), TEST_DATA("nanogpt/nobias.bin"),
                            TEST_DATA("nanogpt/compiled.bin")};
    for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
        Model m;
        CHECK(model_load(&m, models[i], &err) == 0, "%s", err.msg);
        if (m.vocab.cps)
            model_free(&m);
    }
}

/* The trainer builds its vocabulary from the training text (vocab_build):
 * a text holding a refused code point is refused before any model is made,
 * the character named with its position and line; one holding an allowed
 * one builds. */
static void test_control_text(void)
{
    TsErr err;
    for (size_t i = 0; i < sizeof REFUSED_CPS / sizeof REFUSED_CPS[0]; i++) {
        char text[32], want[64];
        size_t len = (size_t)snprintf(text, sizeof text, "春风\n花");
        len += (size_t)utf8_encode(REFUSED_CPS[i], text + len);
        text[len++] = 'x';
        Vocab v;
        int rc = vocab_build(&v, text, len, "poems.txt", &err);
        if (rc == 0)
            vocab_free(&v);
        /* position 5 (春 风 newline 花, then it), line 2 */
        snprintf(want, sizeof want, "poems.txt: character U+%04X at position 5 (line 2)",
                 (unsigned)REFUSED_CPS[i]);
        CHECK(rc != 0 && strstr(err.msg, want), "U+%04X in a text: %s", (unsigned)REFUSED_CPS[i],
              rc ? err.msg : "accepted");
    }
    Vocab v;
    for (size_t i = 0; i < sizeof ALLOWED_CPS / sizeof ALLOWED_CPS[0]; i++) {
        char text[8];
        int len = utf8_encode(ALLOWED_CPS[i], text);
        CHECK(vocab_build(&v, text, (size_t)len, "ok.txt", &err) == 0 && v.size == 2 &&
                  v.cps[1] == ALLOWED_CPS[i],
              "U+%04X in a text: %s", (unsigned)ALLOWED_CPS[i], err.msg);
        vocab_free(&v);
    }
}

/* Version 3: a model imported from nanoGPT (tests/data/nanogpt/bias.bin,
 * written by tools/import-nanogpt.py from the rules of docs/model-format.md)
 * says GELU 1 (erf) at offset 48 and its epsilon at 52; it loads with those
 * numerics and saves byte for byte. A model with tangscope's own numerics
 * saves as version 2; any other as version 3, and reads back the same. */
static void test_version3(void)
{
    TsErr err;
    Model m;
    unsigned char *want, *got;
    size_t nw, ng;
    CHECK(model_load(&m, TEST_DATA("nanogpt/bias.bin"), &err) == 0, "%s", err.msg);
    CHECK(m.num.gelu == GELU_ERF && m.num.ln_eps == 1e-5f, "bias.bin read as GELU %d, eps %g",
          (int)m.num.gelu, (double)m.num.ln_eps);
    char path[256];
    snprintf(path, sizeof path, "%s/v3.bin", tmpdir);
    CHECK(model_save(&m, path, &err) == 0, "%s", err.msg);
    read_file(TEST_DATA("nanogpt/bias.bin"), FILE_MODEL, &want, &nw, &err);
    read_file(path, FILE_MODEL, &got, &ng, &err);
    CHECK(nw == ng && memcmp(want, got, nw) == 0, "a version 3 file saved is not the same bytes");
    CHECK(le_get_u32(got + 8) == 3 && le_get_u32(got + 48) == 1 &&
              le_get_u32(got + 52) == 0x3727C5ACu,
          "version 3 header: version %u, gelu %u, eps bits 0x%08X", le_get_u32(got + 8),
          le_get_u32(got + 48), le_get_u32(got + 52));
    free(got);
    /* tangscope's own numerics: version 2, nothing in the reserved bytes */
    m.num = (ModelNumerics){.gelu = GELU_TANH, .ln_eps = MODEL_LN_EPS};
    CHECK(model_save(&m, path, &err) == 0, "%s", err.msg);
    read_file(path, FILE_MODEL, &got, &ng, &err);
    int zero = 1;
    for (int i = 48; i < 64; i++)
        zero &= got[i] == 0;
    CHECK(le_get_u32(got + 8) == 2 && zero, "own numerics not saved as version 2");
    free(got);
    /* another epsilon with the tanh GELU: version 3 again, read back as saved */
    m.num = (ModelNumerics){.gelu = GELU_TANH, .ln_eps = 1e-6f};
    Model back;
    CHECK(model_save(&m, path, &err) == 0 && model_load(&back, path, &err) == 0, "%s", err.msg);
    CHECK(back.num.gelu == GELU_TANH && back.num.ln_eps == 1e-6f, "epsilon 1e-6 read back as %g",
          (double)back.num.ln_eps);
    model_free(&back);
    model_free(&m);

    /* damaged version 3 headers, resealed so the numerics are what fails */
    unsigned char *b = malloc(nw);
    const struct {
        const char *label;
        int at;
        uint32_t value;
        const char *expect;
    } bad[] = {
        {"gelu2", 48, 2, "unknown GELU kind 2"},
        {"eps0", 52, 0, "epsilon 0 is not in (0, 0.1]"},
        {"epsnan", 52, 0x7FC00000u, "epsilon"},
        {"epsneg", 52, 0xB727C5ACu, "epsilon"},
        {"eps05", 52, 0x3F000000u, "epsilon 0.5"},
        {"reserved", 56, 1, "reserved header bytes"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memcpy(b, want, nw);
        put32(b + bad[i].at, bad[i].value);
        reseal(b, nw);
        expect_refused(bad[i].label, b, nw, bad[i].expect);
    }
    /* a version 2 file with the erf field set is refused: its reserved bytes */
    memcpy(b, want, nw);
    put32(b + 8, 2);
    reseal(b, nw);
    expect_refused("v2-with-gelu", b, nw, "reserved header bytes");
    free(b);
    free(want);
}

/* CRC-32 by its definition, one bit at a time (no table): the reference for
 * the table-driven crc32_update, whatever it slices by */
static uint32_t crc32_bitwise(const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return ~c;
}

/* The checksum every model, checkpoint and corpus index is sealed with: the
 * published check values of CRC-32 (zlib.crc32), and any split of a buffer
 * into two updates at any start (the eight-byte steps meet every alignment
 * and every tail length) gives the bit-by-bit value. */
static void test_crc32(void)
{
    CHECK(crc32_update(0, "123456789", 9) == 0xCBF43926u, "CRC-32 check value");
    const char *fox = "The quick brown fox jumps over the lazy dog";
    CHECK(crc32_update(0, fox, strlen(fox)) == 0x414FA339u, "CRC-32 of the fox");
    CHECK(crc32_update(0, "", 0) == 0, "CRC-32 of nothing");
    unsigned char buf[300];
    uint32_t x = 12345;
    for (size_t i = 0; i < sizeof buf; i++) {
        x = x * 1103515245u + 12345u;
        buf[i] = (unsigned char)(x >> 16);
    }
    int bad = 0;
    for (size_t start = 0; start < 9; start++)
        for (size_t len = 0; start + len <= sizeof buf; len += 7)
            for (size_t cut = 0; cut <= len; cut += 5) {
                const unsigned char *p = buf + start;
                uint32_t got = crc32_update(crc32_update(0, p, cut), p + cut, len - cut);
                bad += got != crc32_bitwise(p, len);
            }
    CHECK(bad == 0, "%d splits differ from the bit-by-bit CRC-32", bad);
}

int main(void)
{
    tmpdir = testutil_tmpdir("test");
    RUN(test_crc32);
    RUN(test_fixture_logits);
    RUN(test_roundtrip);
    RUN(test_damaged_files);
    RUN(test_version1);
    RUN(test_version3);
    RUN(test_vocab_encode);
    RUN(test_vocab_text_load);
    RUN(test_vocab_show);
    RUN(test_control_vocab);
    RUN(test_control_text);
    RUN(test_poem_written);
    testutil_tmpdir_remove();
    return test_summary();
}
