/* test_pinyin.c - the readings table (assets/pinyin.tsv) and typed syllables.
 *
 * The reference readings and glosses are those of any dictionary (春 chūn
 * "spring", 风 fēng "wind", 月 yuè "moon"); the rankings use probabilities
 * written here by hand. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "testutil.h"
#include "engine/pinyin.h"

#define TABLE "assets/pinyin.tsv"

/* A vocabulary of every character in the table. */
static int table_vocab(const Pinyin *p, Vocab *v)
{
    uint32_t *cps = malloc((size_t)p->n * sizeof *cps);
    for (int i = 0; i < p->n; i++)
        cps[i] = p->entries[i].cp;
    TsErr err;
    int rc = vocab_from_cps(v, cps, p->n, &err);
    free(cps);
    return rc;
}

static void check_reading(const Pinyin *p, const char *ch, const char *want, const char *gloss)
{
    const PinyinEntry *e = pinyin_find(p, testutil_cp(ch));
    CHECK(e != NULL, "%s is not in the table", ch);
    if (!e)
        return;
    char first[32];
    CHECK(pinyin_reading(e, 0, first, sizeof first) > 0 && strcmp(first, want) == 0,
          "%s reads '%s', want '%s'", ch, first, want);
    CHECK(strstr(e->gloss, gloss) != NULL, "%s's gloss '%s' lacks '%s'", ch, e->gloss, gloss);
}

static void test_known_readings(void)
{
    Pinyin p;
    TsErr err;
    int rc = pinyin_load(&p, TABLE, &err);
    CHECK(rc == 0, "%s", err.msg);
    if (rc)
        return;
    check_reading(&p, "春", "chūn", "spring");
    check_reading(&p, "风", "fēng", "wind");
    check_reading(&p, "月", "yuè", "moon");
    check_reading(&p, "了", "le", "finish");
    /* every Han character of the vocabulary (7,310 with ， and 。) is there */
    CHECK(p.n == 7308, "%d characters, want the vocabulary's 7308 Han characters", p.n);
    CHECK(pinyin_find(&p, 0x3002) == NULL, "。 has no reading");
    /* 长 reads zhǎng and cháng: both are there, in that order */
    const PinyinEntry *e = pinyin_find(&p, testutil_cp("长"));
    char r[32];
    CHECK(e && e->count >= 2 && pinyin_reading(e, 1, r, sizeof r) > 0 && strcmp(r, "cháng") == 0,
          "长's second reading is not cháng");
    CHECK(e && pinyin_reading(e, e->count, r, sizeof r) == -1, "a reading past the last one");
    pinyin_free(&p);
}

static void check_syllable(const char *typed, const char *base, int tone)
{
    PinyinSyllable s;
    TsErr err;
    int rc = pinyin_syllable_parse(typed, &s, &err);
    CHECK(rc == 0, "'%s': %s", typed, err.msg);
    CHECK(rc != 0 || (strcmp(s.base, base) == 0 && s.tone == tone), "'%s' read as %s%d, want %s%d",
          typed, s.base, s.tone, base, tone);
}

static void test_typed_syllables(void)
{
    check_syllable("chun", "chun", 0);
    check_syllable("chun1", "chun", 1);
    check_syllable("chūn", "chun", 1);
    check_syllable("CHUN2", "chun", 2);
    check_syllable("lv4", "lv", 4);
    check_syllable("lu:4", "lv", 4);
    check_syllable("lǜ", "lv", 4);
    check_syllable("lü", "lv", 0);
    check_syllable("LÜ3", "lv", 3);
    check_syllable("jv", "ju", 0);   /* pinyin writes jü as ju */
    check_syllable("xüe2", "xue", 2);
    check_syllable("le5", "le", 5);
    check_syllable("le0", "le", 5);
    check_syllable("zhuang", "zhuang", 0);
    const char *bad[] = {"", "1", "ch1un", "chūn1", "chun!", "春", "chun 1", "zhuangzhuang", "chun6"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        PinyinSyllable s;
        TsErr err;
        CHECK(pinyin_syllable_parse(bad[i], &s, &err) != 0, "'%s' was accepted", bad[i]);
        CHECK(strstr(err.msg, "not a pinyin syllable") != NULL, "'%s': %s", bad[i], err.msg);
    }
}

/* Is ch among the n candidates? */
static int has(const PinyinCandidate *c, int n, const Vocab *v, const char *ch)
{
    for (int i = 0; i < n; i++)
        if (vocab_cp(v, c[i].id) == testutil_cp(ch))
            return 1;
    return 0;
}

static void test_lookup(void)
{
    Pinyin p;
    Vocab v;
    TsErr err;
    if (pinyin_load(&p, TABLE, &err) != 0 || table_vocab(&p, &v) != 0) {
        CHECK(0, "cannot load %s", TABLE);
        return;
    }
    float *flat = malloc((size_t)v.size * sizeof *flat);
    for (int i = 0; i < v.size; i++)
        flat[i] = 1.0f / (float)v.size;
    PinyinCandidate c[400];
    PinyinSyllable q;
    pinyin_syllable_parse("chun", &q, &err);
    int n = pinyin_rank(&p, &v, &q, flat, c, 400);
    CHECK(n >= 2 && has(c, n, &v, "春") && has(c, n, &v, "纯"), "chun: %d characters", n);
    CHECK(!has(c, n, &v, "风"), "chun finds 风");
    pinyin_syllable_parse("chun1", &q, &err);
    int n1 = pinyin_rank(&p, &v, &q, flat, c, 400);
    CHECK(has(c, n1, &v, "春") && !has(c, n1, &v, "纯"), "chun1 should find 春 but not 纯 (chún)");
    CHECK(n1 < n, "chun1 finds %d, chun %d", n1, n);
    for (int i = 0; i < n1; i++) { /* and each of them has the reading chūn */
        const PinyinEntry *e = pinyin_find(&p, vocab_cp(&v, c[i].id));
        char padded[128];
        snprintf(padded, sizeof padded, " %s ", e->readings);
        CHECK(strstr(padded, " chūn ") != NULL, "chun1 found a character reading '%s'", e->readings);
    }
    pinyin_syllable_parse("chūn", &q, &err);
    CHECK(pinyin_rank(&p, &v, &q, flat, c, 400) == n1, "chūn and chun1 differ");
    /* ü: lv finds 绿 lǜ and 吕 lǚ, lu finds 路 lù and not 吕 */
    pinyin_syllable_parse("lv", &q, &err);
    n = pinyin_rank(&p, &v, &q, flat, c, 400);
    CHECK(has(c, n, &v, "绿") && has(c, n, &v, "吕") && !has(c, n, &v, "路"), "lv");
    pinyin_syllable_parse("lu", &q, &err);
    n = pinyin_rank(&p, &v, &q, flat, c, 400);
    CHECK(has(c, n, &v, "路") && !has(c, n, &v, "吕"), "lu");
    /* every reading counts, not only the first: 行 under hang, 长 under zhang3 */
    pinyin_syllable_parse("hang2", &q, &err);
    n = pinyin_rank(&p, &v, &q, flat, c, 400);
    CHECK(has(c, n, &v, "行"), "hang2 does not find 行");
    pinyin_syllable_parse("zhang3", &q, &err);
    n = pinyin_rank(&p, &v, &q, flat, c, 400);
    CHECK(has(c, n, &v, "长"), "zhang3 does not find 长");
    /* the neutral tone: le5 finds 了 (le), le4 finds 乐 (lè) and not 了 */
    pinyin_syllable_parse("le5", &q, &err);
    n = pinyin_rank(&p, &v, &q, flat, c, 400);
    CHECK(has(c, n, &v, "了") && !has(c, n, &v, "乐"), "le5");
    pinyin_syllable_parse("xyz", &q, &err);
    CHECK(pinyin_rank(&p, &v, &q, flat, c, 400) == 0, "xyz finds something");
    free(flat);
    vocab_free(&v);
    pinyin_free(&p);
}

/* The model's probabilities order the candidates: three characters reading
 * chun with probabilities set by hand. */
static void test_rank_by_probability(void)
{
    Pinyin p;
    TsErr err;
    if (pinyin_load(&p, TABLE, &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    /* 春 U+6625, 唇 U+5507, 纯 U+7EAF and 风 U+98CE: ids 1, 0, 2, 3 */
    uint32_t cps[] = {0x5507, 0x6625, 0x7EAF, 0x98CE};
    Vocab v;
    vocab_from_cps(&v, cps, 4, &err);
    float probs[4] = {0.25f, 0.15f, 0.2f, 0.4f}; /* 唇 .25, 春 .15, 纯 .2, 风 .4 */
    PinyinCandidate c[4];
    PinyinSyllable q;
    pinyin_syllable_parse("chun", &q, &err);
    int n = pinyin_rank(&p, &v, &q, probs, c, 4);
    CHECK(n == 3, "%d characters read chun in this vocabulary, want 3", n);
    CHECK(n >= 3 && c[0].id == 0 && c[1].id == 2 && c[2].id == 1, "order %d %d %d, want 唇 纯 春",
          c[0].id, c[1].id, c[2].id);
    CHECK(c[0].p == 0.25f, "the candidate carries its probability: %g", (double)c[0].p);
    /* room for two: the two most probable, and still the count of all */
    n = pinyin_rank(&p, &v, &q, probs, c, 2);
    CHECK(n == 3 && c[0].id == 0 && c[1].id == 2, "top 2 of 3: %d, %d %d", n, c[0].id, c[1].id);
    /* equal probabilities: token order */
    float same[4] = {0.1f, 0.1f, 0.1f, 0.7f};
    n = pinyin_rank(&p, &v, &q, same, c, 4);
    CHECK(n == 3 && c[0].id == 0 && c[1].id == 1 && c[2].id == 2, "ties not in token order");
    vocab_free(&v);
    pinyin_free(&p);
}

static void check_damaged(const char *text, const char *want)
{
    Pinyin p;
    TsErr err;
    int rc = pinyin_parse(&p, text, strlen(text), "t.tsv", &err);
    if (rc == 0)
        pinyin_free(&p);
    if (!CHECK_REFUSED(rc != 0, err.msg, want))
        fprintf(stderr, "  the table: %s\n", text);
}

static void test_damaged_table(void)
{
    const char *good = "# comment\nU+6625\t春\tchūn\tspring\n";
    Pinyin p;
    TsErr err;
    CHECK(pinyin_parse(&p, good, strlen(good), "t.tsv", &err) == 0, "%s", err.msg);
    CHECK(p.n == 1 && p.entries[0].cp == 0x6625, "one entry");
    pinyin_free(&p);
    const char *none = "U+6625\t春\t-\t-\n";
    CHECK(pinyin_parse(&p, none, strlen(none), "t.tsv", &err) == 0, "%s", err.msg);
    CHECK(p.n == 1 && p.entries[0].count == 0 && p.entries[0].gloss[0] == 0, "'-' is none");
    pinyin_free(&p);

    check_damaged("U+6625\t春\tchūn\tspring\nU+98CE\t风\tfēng\n", "'t.tsv' line 2: 3 tab-separated fields, want 4");
    check_damaged("# c\nU+6625\t春\tchūn\tspring\textra\n", "'t.tsv' line 2: 5 tab-separated fields");
    check_damaged("6625\t春\tchūn\tspring\n", "line 1: the first field is not a code point");
    check_damaged("U+6625\t风\tchūn\tspring\n", "line 1: the second field is not the one character");
    check_damaged("U+6625\t春\tch9n\tspring\n", "line 1: 'ch9n' is not a pinyin reading");
    check_damaged("U+6625\t春\tchūn  chǔn\tspring\n", "line 1: '' is not a pinyin reading");
    check_damaged("U+98CE\t风\tfēng\twind\nU+6625\t春\tchūn\tspring\n",
                  "line 2: not in increasing code point order");
    check_damaged("U+6625\t春\tchūn\tspr\xffing\n", "line 1: the gloss is not valid UTF-8");
    check_damaged("# nothing\n", "no characters in it");
    check_damaged("", "no characters in it");
    const char *cut = "U+6625\t春\tchūn\n";
    CHECK(pinyin_parse(&p, cut, strlen(cut), "t.tsv", &err) != 0 &&
              strstr(err.msg, "(rebuild it with tools/build-pinyin.sh)") != NULL,
          "a damaged line's message says how to mend it: %s", err.msg);
}

static void test_file_errors(void)
{
    Pinyin p;
    TsErr err;
    CHECK(pinyin_load(&p, "/nonexistent/pinyin.tsv", &err) != 0, "a missing file loads");
    CHECK(strstr(err.msg, "'/nonexistent/pinyin.tsv': cannot open") != NULL, "%s", err.msg);
    /* a file over the limit is refused, however it starts */
    char path[] = "/tmp/test_pinyin_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(f != NULL, "cannot make a temporary file");
    if (!f)
        return;
    fputs("U+6625\t春\tchūn\tspring\n", f);
    for (size_t i = 0; i < PINYIN_MAX_BYTES; i += 8)
        fputs("# ......", f);
    fclose(f);
    CHECK(pinyin_load(&p, path, &err) != 0, "a file over %u bytes loads", PINYIN_MAX_BYTES);
    CHECK(strstr(err.msg, "too large; a pinyin table may hold at most 4 MB") != NULL, "%s", err.msg);
    remove(path);
}

int main(void)
{
    RUN(test_known_readings);
    RUN(test_typed_syllables);
    RUN(test_lookup);
    RUN(test_rank_by_probability);
    RUN(test_damaged_table);
    RUN(test_file_errors);
    return test_summary();
}
