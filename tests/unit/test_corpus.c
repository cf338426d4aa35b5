/* test_corpus.c - the suffix array, its cache file, and the lookups.
 *
 * Every count is recomputed by a different method: a plain scan of the UTF-8
 * bytes, counting overlapping matches and decoding the character after each
 * (UTF-8 is self-synchronising, so a byte match of whole characters is a
 * character match; the Tang text's contexts are all found in one pass,
 * scan_many). Suffix order is checked against a plain comparison sort
 * of small texts, over alphabets small enough to make SA-IS recurse.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "testutil.h"
#include "engine/corpus.h"
#include "engine/fileio.h"
#include "engine/rng.h"
#include "engine/vocab.h"

static const char *tmpdir; /* testutil_tmpdir, made in main */

static const char SMALL[] = "春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。\n"
                            "床前明月光，疑是地上霜。举头望明月，低头思故乡。\n"
                            "春风又绿江南岸，明月何时照我还。\n"
                            "春风春风春风春风，风风风。\n"
                            "白日依山尽，黄河入海流。欲穷千里目，更上一层楼。\n";

/* ---- the naive side ------------------------------------------------------ */

static size_t to_utf8(const uint32_t *cps, size_t n, char *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += (size_t)utf8_encode(cps[i], out + k);
    out[k] = 0;
    return k;
}

/* Occurrences of ctx in the text, found by comparing bytes at every offset,
 * and (if next is not NULL) the code point after each into next[]; a match
 * that ends the text has none. (Not strstr: under AddressSanitizer its
 * interceptor measures the whole haystack on every call.) */
static size_t naive_scan(const char *text, size_t len, const uint32_t *ctx, size_t m,
                         uint32_t *next, size_t *n_next)
{
    char needle[256];
    size_t nb = to_utf8(ctx, m, needle), count = 0, k = 0;
    const unsigned char *t = (const unsigned char *)text, *nd = (const unsigned char *)needle;
    for (size_t i = 0; nb > 0 && i + nb <= len; i++) {
        if (t[i] != nd[0])
            continue;
        size_t j = 1;
        while (j < nb && t[i + j] == nd[j])
            j++;
        if (j < nb)
            continue;
        count++;
        size_t at = i + nb;
        uint32_t cp;
        if (next && at < len && utf8_decode(text, len, &at, &cp) == 0)
            next[k++] = cp;
    }
    if (n_next)
        *n_next = k;
    return count;
}

static int by_cp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int by_count_then_cp(const void *a, const void *b)
{
    const CorpusNext *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return x->cp < y->cp ? -1 : x->cp > y->cp;
}

/* Turn a list of follower code points into the tally corpus_next promises. */
static int naive_tally(uint32_t *cps, size_t n, CorpusNext *out)
{
    qsort(cps, n, sizeof *cps, by_cp);
    int k = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || cps[i] != cps[i - 1])
            out[k++] = (CorpusNext){cps[i], 0};
        out[k - 1].count++;
    }
    qsort(out, (size_t)k, sizeof *out, by_count_then_cp);
    return k;
}

static uint32_t *decode_all(const char *s, size_t len, size_t *n)
{
    uint32_t *cps = malloc((len + 1) * sizeof *cps);
    size_t pos = 0, k = 0;
    while (pos < len && utf8_decode(s, len, &pos, &cps[k]) == 0)
        k++;
    *n = k;
    return cps;
}

/* ---- comparing both sides --------------------------------------------------- */

/* Count and followers of ctx by the corpus against those the scan found:
 * want occurrences, the code points after them follow[want_n] (reordered
 * here); returns the corpus's count. */
static size_t compare_context(const Corpus *c, const uint32_t *ctx, size_t m, size_t want,
                              uint32_t *follow, size_t want_n, const char *label)
{
    char shown[256];
    to_utf8(ctx, m, shown);
    size_t got = corpus_count(c, ctx, m);
    CHECK(got == want, "%s: count of '%s' is %zu, the scan finds %zu", label, shown, got, want);

    CorpusNext *want_next = malloc((want_n + 1) * sizeof *want_next);
    int want_k = naive_tally(follow, want_n, want_next);
    CorpusNext *got_next = malloc(((size_t)want_k + 8) * sizeof *got_next);
    CorpusTally t;
    int got_k = corpus_next(c, ctx, m, got_next, want_k + 8, &t);
    CHECK(t.total == want, "%s: '%s' tally total %zu, want %zu", label, shown, t.total, want);
    CHECK(t.total == t.at_end + want_n, "%s: '%s' total %zu != %zu at the end + %zu followers",
          label, shown, t.total, t.at_end, want_n);
    CHECK(got_k == want_k && t.distinct == (size_t)want_k,
          "%s: '%s' has %d followers (%zu distinct), want %d", label, shown, got_k, t.distinct,
          want_k);
    for (int i = 0; i < got_k && i < want_k; i++) {
        if (got_next[i].cp != want_next[i].cp || got_next[i].count != want_next[i].count) {
            CHECK(0, "%s: '%s' follower %d is U+%04X x%zu, want U+%04X x%zu", label, shown, i,
                  (unsigned)got_next[i].cp, got_next[i].count, (unsigned)want_next[i].cp,
                  want_next[i].count);
            break;
        }
    }
    /* A shorter list is the head of the full one. */
    if (want_k > 1) {
        int top = want_k / 2;
        CorpusTally t2;
        int k2 = corpus_next(c, ctx, m, got_next, top, &t2);
        CHECK(k2 == top && t2.distinct == (size_t)want_k, "%s: top %d gave %d", label, top, k2);
        for (int i = 0; i < k2; i++)
            CHECK(got_next[i].cp == want_next[i].cp && got_next[i].count == want_next[i].count,
                  "%s: '%s' top-%d entry %d differs from the full list", label, shown, top, i);
    }
    free(want_next);
    free(got_next);
    return got;
}

/* Count and followers of ctx by the corpus and by the scan; returns the count. */
static size_t check_context(const Corpus *c, const char *text, size_t len, const uint32_t *ctx,
                            size_t m, const char *label)
{
    size_t want_n, want;
    uint32_t *follow;
    if (m == 0) { /* the empty context: every character follows it */
        follow = decode_all(text, len, &want_n);
        want = c->n;
    } else {
        follow = malloc((len + 1) * sizeof *follow);
        want = naive_scan(text, len, ctx, m, follow, &want_n);
    }
    size_t got = compare_context(c, ctx, m, want, follow, want_n, label);
    free(follow);
    return got;
}

/* ---- many contexts, one scan ------------------------------------------------ */

/* The contexts of a large text, all scanned for in one pass: at every byte
 * offset, the contexts whose UTF-8 starts with the bytes there are compared
 * byte by byte, as naive_scan does for one (one pass, not one per context:
 * the Tang text is 8 MB). Contexts of one byte are found by that byte, the
 * others by their first two. */
typedef struct {
    uint32_t ctx[8];
    size_t m, nb, count, n_next, cap;
    char needle[40];
    uint32_t *next; /* the code points after each occurrence */
    int chain;      /* the next context in its bucket, -1: none */
} Scanned;

static void scan_many(const char *text, size_t len, Scanned *sc, int n)
{
    static int head1[256], head2[65536];
    memset(head1, -1, sizeof head1);
    memset(head2, -1, sizeof head2);
    for (int k = 0; k < n; k++) {
        Scanned *x = &sc[k];
        x->nb = to_utf8(x->ctx, x->m, x->needle);
        const unsigned char *nd = (const unsigned char *)x->needle;
        int *head = x->nb == 1 ? &head1[nd[0]] : &head2[nd[0] << 8 | nd[1]];
        x->chain = *head;
        *head = k;
        x->count = x->n_next = 0;
        x->cap = 16;
        x->next = malloc(x->cap * sizeof *x->next);
    }
    const unsigned char *t = (const unsigned char *)text;
    for (size_t i = 0; i < len; i++) {
        int first = head1[t[i]], second = i + 1 < len ? head2[t[i] << 8 | t[i + 1]] : -1;
        for (int pass = 0; pass < 2; pass++) {
            for (int k = pass ? second : first; k >= 0; k = sc[k].chain) {
                Scanned *x = &sc[k];
                if (i + x->nb > len || memcmp(t + i, x->needle, x->nb) != 0)
                    continue;
                x->count++;
                size_t at = i + x->nb;
                uint32_t cp;
                if (at >= len || utf8_decode(text, len, &at, &cp) != 0)
                    continue;
                if (x->n_next == x->cap)
                    x->next = realloc(x->next, (x->cap *= 2) * sizeof *x->next);
                x->next[x->n_next++] = cp;
            }
        }
    }
}

/* Contexts drawn from the text (lengths 1..4) and mixed from its characters
 * (which mostly do not occur), plus a few that cannot occur. */
static void check_random_contexts(const Corpus *c, const char *text, size_t len, int draws,
                                  uint64_t seed, const char *label)
{
    enum { MAX_DRAWS = 200 };
    static Scanned sc[2 * MAX_DRAWS + 4];
    CHECK(draws <= MAX_DRAWS, "%s: %d draws, at most %d", label, draws, MAX_DRAWS);
    draws = draws > MAX_DRAWS ? MAX_DRAWS : draws;
    Rng r;
    rng_seed(&r, seed);
    int found = 0, missing = 0;
    for (int d = 0; d < draws; d++) { /* a context from the text, then one mixed */
        Scanned *x = &sc[2 * d], *y = &sc[2 * d + 1];
        x->m = y->m = 1 + rng_below(&r, 4);
        size_t at = rng_below(&r, c->n - x->m + 1);
        memcpy(x->ctx, c->text + at, x->m * sizeof *x->ctx);
        for (size_t i = 0; i < y->m; i++)
            y->ctx[i] = c->text[rng_below(&r, c->n)];
    }
    const uint32_t absent[][3] = {{'A', 0, 0}, {0x6625, 'A', 0}, {0x4E00, 0x4E00, 0x10FFFF}};
    int n = 2 * draws;
    for (int i = 0; i < 3; i++, n++) {
        sc[n].m = (size_t)i + 1;
        memcpy(sc[n].ctx, absent[i], sc[n].m * sizeof *sc[n].ctx);
    }
    sc[n].m = 3; /* ends the text */
    memcpy(sc[n++].ctx, c->text + c->n - 3, 3 * sizeof *sc[0].ctx);
    scan_many(text, len, sc, n);
    for (int k = 0; k < n; k++) {
        Scanned *x = &sc[k];
        size_t got = compare_context(c, x->ctx, x->m, x->count, x->next, x->n_next, label);
        if (k < 2 * draws && k % 2 == 0)
            found += got > 0;
        else if (k < 2 * draws)
            missing += got == 0;
        else if (k < 2 * draws + 3)
            CHECK(got == 0, "%s: absent %d occurs", label, k - 2 * draws);
        free(x->next);
    }
    check_context(c, text, len, NULL, 0, label);
    CHECK(found == draws, "%s: %d of %d contexts from the text were not found", label,
          draws - found, draws);
    printf("  %s: %d contexts from the text, %d mixed (%d absent), 5 special\n", label, draws,
           draws, missing);
}

/* ---- tests ------------------------------------------------------------------------ */

/* Suffix order by plain comparison, for the reference sort. */
static const uint32_t *ref_text;
static size_t ref_n;

static int suffix_order(const void *a, const void *b)
{
    uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
    while (i < ref_n && j < ref_n) {
        if (ref_text[i] != ref_text[j])
            return ref_text[i] < ref_text[j] ? -1 : 1;
        i++, j++;
    }
    return i == ref_n ? -1 : 1; /* the shorter suffix first; i != j always */
}

static void check_sorted(const char *utf8, size_t len, const char *label)
{
    TsErr err = {0};
    Corpus c;
    if (corpus_build(&c, utf8, len, &err) != 0) {
        CHECK(0, "%s: %s", label, err.msg);
        return;
    }
    uint32_t *ref = malloc((c.n + 1) * sizeof *ref);
    for (size_t i = 0; i < c.n; i++)
        ref[i] = (uint32_t)i;
    ref_text = c.text;
    ref_n = c.n;
    qsort(ref, c.n, sizeof *ref, suffix_order);
    size_t bad = 0;
    for (size_t i = 0; i < c.n; i++)
        bad += c.sa[i] != ref[i];
    for (size_t i = 1; i < c.n; i++)
        bad += suffix_order(&c.sa[i - 1], &c.sa[i]) >= 0;
    CHECK(bad == 0, "%s (%zu characters): %zu positions out of order", label, c.n, bad);
    free(ref);
    corpus_free(&c);
}

static void test_suffix_order(void)
{
    const char *fixed[] = {"", "a", "aa", "aaaaaaaa", "ab", "ba", "abababab", "mississippi",
                           "banana\n", "春风春风春风", "\n\n\n", SMALL};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        check_sorted(fixed[i], strlen(fixed[i]), fixed[i][0] ? "fixed" : "empty");
    /* Random texts over 1..4 letters repeat a lot: names repeat, SA-IS
     * recurses several levels deep. */
    Rng r;
    rng_seed(&r, 7);
    char buf[1024];
    for (int t = 0; t < 400; t++) {
        int k = 1 + (int)rng_below(&r, 4), n = (int)rng_below(&r, 600);
        for (int i = 0; i < n; i++)
            buf[i] = (char)('a' + rng_below(&r, (uint64_t)k));
        buf[n] = 0;
        check_sorted(buf, (size_t)n, "random");
    }
    /* Long runs and periodic text. */
    for (int i = 0; i < 1000; i++)
        buf[i] = i % 250 == 249 ? 'b' : 'a';
    check_sorted(buf, 1000, "runs");
    for (int i = 0; i < 1000; i++)
        buf[i] = "abcab"[i % 5];
    check_sorted(buf, 1000, "periodic");
}

static void test_counts_small(void)
{
    TsErr err = {0};
    Corpus c;
    if (corpus_build(&c, SMALL, strlen(SMALL), &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    /* every substring of length 1..5, at every position */
    for (size_t m = 1; m <= 5; m++)
        for (size_t at = 0; at + m <= c.n; at++)
            check_context(&c, SMALL, strlen(SMALL), c.text + at, m, "small");
    check_random_contexts(&c, SMALL, strlen(SMALL), 100, 1, "small");
    const uint32_t chunfeng[] = {0x6625, 0x98CE}; /* 春风: 4 + 1 overlapping + 1 */
    CHECK(corpus_count(&c, chunfeng, 2) == 5, "春风 x%zu", corpus_count(&c, chunfeng, 2));
    const uint32_t feng3[] = {0x98CE, 0x98CE}; /* 风风风 holds 风风 twice */
    CHECK(corpus_count(&c, feng3, 2) == 2, "风风 x%zu", corpus_count(&c, feng3, 2));
    corpus_free(&c);
}

static void test_counts_tang(void)
{
    const char *path = "assets/tang-train.txt";
    unsigned char *text;
    size_t len;
    TsErr err = {0};
    if (read_file(path, FILE_TEXT, &text, &len, &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    Corpus c;
    double t0 = ts_now();
    if (corpus_build(&c, (const char *)text, len, &err) != 0) {
        CHECK(0, "%s", err.msg);
        free(text);
        return;
    }
    printf("  %s: %zu characters, suffix array built in %.2f s\n", path, c.n, ts_now() - t0);
    CHECK(c.n > 2000000, "only %zu characters", c.n);
    check_random_contexts(&c, (const char *)text, len, 200, 2024, "tang");
    /* across a line break, and what ends the poems */
    const uint32_t around[][2] = {{0x3002, '\n'}, {'\n', 0x6625}, {'\n', 0}};
    check_context(&c, (const char *)text, len, around[0], 2, "tang");
    check_context(&c, (const char *)text, len, around[1], 2, "tang");
    check_context(&c, (const char *)text, len, around[2], 1, "tang");
    corpus_free(&c);
    free(text);
}

static void test_longest_suffix(void)
{
    TsErr err = {0};
    Corpus c;
    size_t len_small = strlen(SMALL);
    if (corpus_build(&c, SMALL, len_small, &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    size_t n, got_len;
    uint32_t *p = decode_all("我爱江南岸", strlen("我爱江南岸"), &n);
    size_t count = corpus_longest_suffix(&c, p, n, &got_len);
    CHECK(got_len == 3 && count == 1, "江南岸: length %zu x%zu, want 3 x1", got_len, count);
    free(p);
    p = decode_all("春风X", 4 + 3, &n);
    count = corpus_longest_suffix(&c, p, n, &got_len);
    CHECK(got_len == 0 && count == c.n, "nothing: length %zu x%zu", got_len, count);
    count = corpus_longest_suffix(&c, p, 0, &got_len);
    CHECK(got_len == 0 && count == c.n, "empty text: length %zu x%zu", got_len, count);
    free(p);
    /* random prompts against the scan: the longest L whose suffix occurs */
    Rng r;
    rng_seed(&r, 11);
    uint32_t prompt[12];
    for (int t = 0; t < 300; t++) {
        size_t m = 1 + rng_below(&r, 12);
        size_t at = rng_below(&r, c.n - m + 1);
        memcpy(prompt, c.text + at, m * sizeof *prompt);
        for (int k = (int)rng_below(&r, 3); k > 0; k--) /* damage it a little */
            prompt[rng_below(&r, m)] = c.text[rng_below(&r, c.n)];
        size_t want = 0;
        for (size_t L = m; L > 0 && want == 0; L--)
            if (naive_scan(SMALL, len_small, prompt + m - L, L, NULL, NULL) > 0)
                want = L;
        count = corpus_longest_suffix(&c, prompt, m, &got_len);
        size_t want_count =
            want ? naive_scan(SMALL, len_small, prompt + m - want, want, NULL, NULL) : c.n;
        CHECK(got_len == want && count == want_count, "prompt %d: length %zu x%zu, want %zu x%zu",
              t, got_len, count, want, want_count);
    }
    corpus_free(&c);
}

static int write_text(const char *path, const char *s)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    fputs(s, f);
    return fclose(f);
}

static void cache_file(const Corpus *c, char *out, size_t size)
{
    char name[32];
    corpus_cache_name(c->text_crc, name);
    snprintf(out, size, "%s/%s", tmpdir, name);
}

static int same_sa(const Corpus *a, const Corpus *b)
{
    return a->n == b->n && memcmp(a->sa, b->sa, a->n * sizeof *a->sa) == 0;
}

/* Flip one byte of a file. */
static void damage(const char *path, long offset)
{
    FILE *f = fopen(path, "r+b");
    if (!f)
        return;
    fseek(f, offset, SEEK_SET);
    int ch = fgetc(f);
    fseek(f, offset, SEEK_SET);
    fputc(ch ^ 0x5A, f);
    fclose(f);
}

/* A cache file made by hand from the layout documented in corpus.h, with
 * the right header and checksum around the given entries. */
static void write_crafted(const char *path, const Corpus *c, const uint32_t *entries)
{
    size_t n = c->n;
    unsigned char *buf = calloc(48 + 4 * n, 1);
    memcpy(buf, "TSCORPSA", 8);
    buf[8] = 1;
    for (int i = 0; i < 8; i++) {
        if (i < 4)
            buf[12 + i] = (unsigned char)(c->text_crc >> (8 * i));
        buf[16 + i] = (unsigned char)(c->text_bytes >> (8 * i));
        buf[24 + i] = (unsigned char)((uint64_t)n >> (8 * i));
    }
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 4; k++)
            buf[48 + 4 * i + (size_t)k] = (unsigned char)(entries[i] >> (8 * k));
    uint32_t crc = crc32_update(0, buf + 48, 4 * n);
    for (int i = 0; i < 4; i++)
        buf[32 + i] = (unsigned char)(crc >> (8 * i));
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(buf, 1, 48 + 4 * n, f);
        fclose(f);
    }
    free(buf);
}

static void test_cache(void)
{
    char text_path[512], cache[600];
    snprintf(text_path, sizeof text_path, "%s/text.txt", tmpdir);
    CHECK(write_text(text_path, SMALL) == 0, "cannot write %s", text_path);
    TsErr err = {0};
    Corpus ref, c;
    if (corpus_build(&ref, SMALL, strlen(SMALL), &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    cache_file(&ref, cache, sizeof cache);

    CHECK(corpus_load_or_build(&c, text_path, tmpdir, &err) == 0, "%s", err.msg);
    CHECK(c.origin == CORPUS_CACHE_WRITTEN, "first run: origin %d", c.origin);
    CHECK(access(cache, R_OK) == 0, "no cache file %s", cache);
    CHECK(same_sa(&c, &ref), "built array differs");
    corpus_free(&c);

    CHECK(corpus_load_or_build(&c, text_path, tmpdir, &err) == 0, "%s", err.msg);
    CHECK(c.origin == CORPUS_FROM_CACHE, "second run: origin %d, want from cache", c.origin);
    CHECK(same_sa(&c, &ref), "array read from the cache differs");
    const uint32_t chunfeng[] = {0x6625, 0x98CE};
    CHECK(corpus_count(&c, chunfeng, 2) == 5, "春风 from the cache: x%zu",
          corpus_count(&c, chunfeng, 2));
    corpus_free(&c);

    /* damage in the payload: refused by the checksum, rebuilt and rewritten */
    damage(cache, 48 + 4 * 7 + 1);
    Corpus probe;
    CHECK(corpus_build(&probe, SMALL, strlen(SMALL), &err) == 0, "%s", err.msg);
    CHECK_REFUSED(corpus_cache_read(&probe, cache, &err) != 0, err.msg, "checksum");
    CHECK(corpus_load_or_build(&c, text_path, tmpdir, &err) == 0, "%s", err.msg);
    CHECK(c.origin == CORPUS_CACHE_WRITTEN, "damaged cache: origin %d, want rebuilt", c.origin);
    CHECK(same_sa(&c, &ref), "array after a damaged cache differs");
    corpus_free(&c);
    CHECK(corpus_cache_read(&probe, cache, &err) == 0, "rewritten cache refused: %s", err.msg);

    /* damage in the header, and truncation */
    damage(cache, 3);
    CHECK_REFUSED(corpus_cache_read(&probe, cache, &err) != 0, err.msg, "magic");
    CHECK(corpus_load_or_build(&c, text_path, tmpdir, &err) == 0 &&
              c.origin == CORPUS_CACHE_WRITTEN && same_sa(&c, &ref),
          "bad magic: origin %d", c.origin);
    corpus_free(&c);
    CHECK(truncate(cache, 48 + 8) == 0, "truncate");
    CHECK_REFUSED(corpus_cache_read(&probe, cache, &err) != 0, err.msg, "truncated");
    CHECK(corpus_load_or_build(&c, text_path, tmpdir, &err) == 0 &&
              c.origin == CORPUS_CACHE_WRITTEN && same_sa(&c, &ref),
          "truncated: origin %d", c.origin);
    corpus_free(&c);

    /* a cache for another text, under this text's name, is stale: here a text
     * of the same length in bytes and characters, one character changed */
    Corpus other;
    char changed[sizeof SMALL];
    memcpy(changed, SMALL, sizeof SMALL);
    memcpy(changed, "夏", 3); /* 春 -> 夏, both three bytes */
    CHECK(corpus_build(&other, changed, strlen(changed), &err) == 0, "%s", err.msg);
    CHECK(corpus_cache_write(&other, cache, &err) == 0, "%s", err.msg);
    CHECK_REFUSED(corpus_cache_read(&probe, cache, &err) != 0, err.msg, "another text");
    CHECK(corpus_load_or_build(&c, text_path, tmpdir, &err) == 0 &&
              c.origin == CORPUS_CACHE_WRITTEN && same_sa(&c, &ref),
          "stale: origin %d", c.origin);
    corpus_free(&c);
    corpus_free(&other);

    /* right checksum, wrong contents: a position repeated, one past the end */
    uint32_t *entries = malloc(ref.n * sizeof *entries);
    for (size_t i = 0; i < ref.n; i++)
        entries[i] = 3;
    write_crafted(cache, &ref, entries);
    CHECK_REFUSED(corpus_cache_read(&probe, cache, &err) != 0, err.msg, "repeated");
    CHECK(corpus_load_or_build(&c, text_path, tmpdir, &err) == 0 &&
              c.origin == CORPUS_CACHE_WRITTEN && same_sa(&c, &ref),
          "non-permutation: origin %d", c.origin);
    corpus_free(&c);
    memcpy(entries, ref.sa, ref.n * sizeof *entries);
    for (size_t i = 0; i < ref.n; i++)
        if (entries[i] == 0)
            entries[i] = (uint32_t)ref.n;
    write_crafted(cache, &ref, entries);
    CHECK_REFUSED(corpus_cache_read(&probe, cache, &err) != 0, err.msg, "out of range");
    /* a permutation out of order: the positions in text order, and the true
     * array with neighbours swapped (two distinct suffixes are never equal,
     * so every such swap is out of order). Accepted, it sent corpus_next past
     * the end of the text. */
    for (size_t i = 0; i < ref.n; i++)
        entries[i] = (uint32_t)i;
    write_crafted(cache, &ref, entries);
    CHECK_REFUSED(corpus_cache_read(&probe, cache, &err) != 0, err.msg, "out of order");
    CHECK(corpus_load_or_build(&c, text_path, tmpdir, &err) == 0 &&
              c.origin == CORPUS_CACHE_WRITTEN && same_sa(&c, &ref),
          "unsorted: origin %d", c.origin);
    corpus_free(&c);
    for (size_t i = 1; i < ref.n; i += 1 + ref.n / 40) {
        memcpy(entries, ref.sa, ref.n * sizeof *entries);
        entries[i - 1] = ref.sa[i];
        entries[i] = ref.sa[i - 1];
        write_crafted(cache, &ref, entries);
        CHECK(corpus_cache_read(&probe, cache, &err) != 0 && strstr(err.msg, "out of order"),
              "entries %zu and %zu swapped: accepted or wrong reason: %s", i - 1, i, err.msg);
    }
    memcpy(entries, ref.sa, ref.n * sizeof *entries);
    write_crafted(cache, &ref, entries); /* the format as documented, written independently */
    CHECK(corpus_cache_read(&probe, cache, &err) == 0 && same_sa(&probe, &ref),
          "a cache written from the documented layout is refused: %s", err.msg);
    free(entries);

    /* no cache asked for, and a cache that cannot be written */
    CHECK(corpus_load_or_build(&c, text_path, NULL, &err) == 0 && c.origin == CORPUS_BUILT &&
              same_sa(&c, &ref),
          "no cache: origin %d", c.origin);
    corpus_free(&c);
    char nowhere[600];
    snprintf(nowhere, sizeof nowhere, "%s/no/such/dir", tmpdir);
    CHECK(corpus_load_or_build(&c, text_path, nowhere, &err) == 0 &&
              c.origin == CORPUS_CACHE_FAILED && same_sa(&c, &ref),
          "unwritable cache: origin %d", c.origin);
    corpus_free(&c);
    corpus_free(&probe);
    corpus_free(&ref);
}

static void test_errors(void)
{
    TsErr err = {0};
    Corpus c;
    CHECK_REFUSED(corpus_build(&c, "春\xff风", 7, &err) != 0, err.msg, "byte 3");
    corpus_free(&c);
    CHECK(corpus_build(&c, "春\xe9", 4, &err) != 0, "truncated character accepted");
    corpus_free(&c);
    char path[600];
    snprintf(path, sizeof path, "%s/missing.txt", tmpdir);
    CHECK_REFUSED(corpus_load_or_build(&c, path, tmpdir, &err) != 0, err.msg, "missing.txt");
    snprintf(path, sizeof path, "%s/bad.txt", tmpdir);
    write_text(path, "ok\n\xc0\xafno\n");
    CHECK(corpus_load_or_build(&c, path, tmpdir, &err) != 0 && strstr(err.msg, "bad.txt") &&
              strstr(err.msg, "byte 3"),
          "overlong form accepted or not located: %s", err.msg);

    /* the empty text */
    CHECK(corpus_build(&c, "", 0, &err) == 0, "%s", err.msg);
    CorpusNext out[4];
    CorpusTally t;
    const uint32_t a = 'a';
    CHECK(corpus_count(&c, NULL, 0) == 0 && corpus_count(&c, &a, 1) == 0, "empty text counts");
    CHECK(corpus_next(&c, NULL, 0, out, 4, &t) == 0 && t.total == 0 && t.distinct == 0,
          "empty text followers");
    corpus_free(&c);
    /* max 0: the tally alone */
    CHECK(corpus_build(&c, "abab", 4, &err) == 0, "%s", err.msg);
    CHECK(corpus_next(&c, &a, 1, NULL, 0, &t) == 0 && t.total == 2 && t.distinct == 1 &&
              t.at_end == 0,
          "max 0: total %zu distinct %zu", t.total, t.distinct);
    const uint32_t b = 'b';
    CHECK(corpus_next(&c, &b, 1, out, 4, &t) == 1 && t.total == 2 && t.at_end == 1 &&
              out[0].cp == 'a' && out[0].count == 1,
          "'b' ends the text: total %zu at_end %zu", t.total, t.at_end);
    corpus_free(&c);
}

/* Whether a text is a model's training text, as far as its characters tell:
 * exactly the vocabulary, no more (a character the model lacks) and no less
 * (a character of the model the text never has). */
static void test_has_vocab(void)
{
    Corpus c;
    TsErr err;
    const char *text = "春风\n春雨\n";
    CHECK(corpus_build(&c, text, strlen(text), &err) == 0, "%s", err.msg);
    uint32_t same[] = {'\n', 0x6625, 0x96E8, 0x98CE};        /* ⏎ 春 雨 风 */
    uint32_t more[] = {'\n', 0x6625, 0x82B1, 0x96E8, 0x98CE}; /* and 花 */
    uint32_t less[] = {'\n', 0x6625, 0x98CE};                /* no 雨 */
    Vocab v = {4, same};
    CHECK(corpus_has_vocab(&c, &v) == 1, "the text's own characters are not its vocabulary");
    v = (Vocab){5, more};
    CHECK(corpus_has_vocab(&c, &v) == 0, "a vocabulary with a character the text lacks matches");
    v = (Vocab){3, less};
    CHECK(corpus_has_vocab(&c, &v) == 0, "a vocabulary without one of the text's characters matches");
    corpus_free(&c);
}

int main(void)
{
    tmpdir = testutil_tmpdir("corpus");
    RUN(test_suffix_order);
    RUN(test_counts_small);
    RUN(test_longest_suffix);
    RUN(test_cache);
    RUN(test_errors);
    RUN(test_has_vocab);
    RUN(test_counts_tang);
    testutil_tmpdir_remove();
    return test_summary();
}
