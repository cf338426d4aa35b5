/* corpus.c - the suffix array over the training text, its cache file, and
 * the lookups on it (counts, followers, longest occurring suffix).
 *
 * The array is built with SA-IS (Nong, Zhang and Chan, "Two efficient
 * algorithms for linear time suffix array construction", 2009): classify each
 * suffix as S (smaller than the next suffix) or L (larger), sort the short
 * "LMS substrings" by two induced passes, name them, sort the string of names
 * (recursively if names repeat), and induce the full order from the sorted
 * LMS suffixes with the same two passes. Everything is linear in the length.
 */
#include "engine/corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fileio.h"
#include "engine/vocab.h"

#define CACHE_MAGIC "TSCORPSA"
#define CACHE_VERSION 1u
#define CACHE_HEADER 48
#define NO_SUFFIX UINT32_MAX /* an empty slot while the array is induced */

/* ---- SA-IS ------------------------------------------------------------- */

/* The string SA-IS sorts: s[0..n) over the alphabet 0..k-1, whose last
 * character s[n-1] is 0 and occurs nowhere else (the sentinel). type[i] is 1
 * for an S suffix, 0 for an L suffix. */
typedef struct {
    const uint32_t *s; /* [n] */
    uint32_t n, k;
    unsigned char *type; /* [n] */
    uint32_t *count;     /* [k] occurrences of each character */
    uint32_t *bucket;    /* [k] next free slot per character, heads or tails */
} Sais;

/* A leftmost S suffix: an S suffix right after an L suffix. */
static int is_lms(const unsigned char *type, uint32_t i)
{
    return i > 0 && type[i] && !type[i - 1];
}

static void bucket_heads(const Sais *z)
{
    uint32_t sum = 0;
    for (uint32_t c = 0; c < z->k; c++) {
        z->bucket[c] = sum;
        sum += z->count[c];
    }
}

static void bucket_tails(const Sais *z)
{
    uint32_t sum = 0;
    for (uint32_t c = 0; c < z->k; c++) {
        sum += z->count[c];
        z->bucket[c] = sum;
    }
}

/* With the LMS suffixes (in some order) at the tails of their buckets and
 * every other slot empty: place the L suffixes left to right, each one after
 * the suffix it precedes, then the S suffixes right to left likewise. If the
 * LMS suffixes were in sorted order, so is the whole array afterwards. */
static void sais_induce(const Sais *z, uint32_t *sa)
{
    const uint32_t *s = z->s;
    bucket_heads(z);
    for (uint32_t i = 0; i < z->n; i++) {
        uint32_t j = sa[i];
        if (j != NO_SUFFIX && j > 0 && !z->type[j - 1])
            sa[z->bucket[s[j - 1]]++] = j - 1;
    }
    bucket_tails(z);
    for (uint32_t i = z->n; i-- > 0;) {
        uint32_t j = sa[i];
        if (j != NO_SUFFIX && j > 0 && z->type[j - 1])
            sa[--z->bucket[s[j - 1]]] = j - 1;
    }
}

/* Are the LMS substrings at a and b (from an LMS position up to and including
 * the next one) equal in characters and types? */
static int lms_equal(const Sais *z, uint32_t a, uint32_t b)
{
    if (a == z->n - 1 || b == z->n - 1)
        return 0; /* the sentinel is unique */
    for (uint32_t d = 0;; d++) {
        if (z->s[a + d] != z->s[b + d] || z->type[a + d] != z->type[b + d])
            return 0;
        int end_a = d > 0 && is_lms(z->type, a + d), end_b = d > 0 && is_lms(z->type, b + d);
        if (end_a || end_b)
            return end_a && end_b;
    }
}

/* Sort the LMS substrings (induced from the LMS suffixes in text order),
 * gather them, sorted, at the front of sa and name them: equal substrings get
 * equal names, in sorted order. Two LMS positions are at least two apart, so
 * the name of position p waits in slot n1 + p/2. Returns how many names;
 * *n1 gets how many LMS substrings. */
static uint32_t sais_name_lms(const Sais *z, uint32_t *sa, uint32_t *n1)
{
    uint32_t n = z->n;
    for (uint32_t i = 0; i < n; i++)
        sa[i] = NO_SUFFIX;
    bucket_tails(z);
    for (uint32_t i = 1; i < n; i++)
        if (is_lms(z->type, i))
            sa[--z->bucket[z->s[i]]] = i;
    sais_induce(z, sa);
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (sa[i] != NO_SUFFIX && is_lms(z->type, sa[i]))
            sa[m++] = sa[i];
    for (uint32_t i = m; i < n; i++)
        sa[i] = NO_SUFFIX;
    uint32_t names = 0, prev = NO_SUFFIX;
    for (uint32_t i = 0; i < m; i++) {
        uint32_t p = sa[i];
        if (prev == NO_SUFFIX || !lms_equal(z, prev, p))
            names++;
        prev = p;
        sa[m + p / 2] = names - 1;
    }
    *n1 = m;
    return names;
}

/* The LMS suffixes in sorted order (the LMS position lms[sa1[i]] is the i-th),
 * back at the tails of their buckets in that order, induce the full array. */
static void sais_place_lms(const Sais *z, uint32_t *sa, const uint32_t *lms, const uint32_t *sa1,
                           uint32_t n1)
{
    for (uint32_t i = 0; i < z->n; i++)
        sa[i] = NO_SUFFIX;
    bucket_tails(z);
    for (uint32_t i = n1; i-- > 0;) {
        uint32_t p = lms[sa1[i]];
        sa[--z->bucket[z->s[p]]] = p;
    }
    sais_induce(z, sa);
}

/* Sort the suffixes of s[0..n) (sentinel-terminated, alphabet 0..k-1) into
 * sa[0..n). */
static int sais_sort(const uint32_t *s, uint32_t n, uint32_t k, uint32_t *sa, TsErr *err)
{
    if (n == 1) {
        sa[0] = 0;
        return 0;
    }
    Sais z = {.s = s, .n = n, .k = k};
    uint32_t *s1 = NULL, *sa1 = NULL;
    int rc = -1;
    z.type = ts_calloc(n, 1, err);
    z.count = ts_calloc(k, sizeof(uint32_t), err);
    z.bucket = ts_calloc(k, sizeof(uint32_t), err);
    if (!z.type || !z.count || !z.bucket)
        goto done;
    z.type[n - 1] = 1;
    for (uint32_t i = n - 1; i-- > 0;)
        z.type[i] = s[i] < s[i + 1] || (s[i] == s[i + 1] && z.type[i + 1]);
    for (uint32_t i = 0; i < n; i++)
        z.count[s[i]]++;
    uint32_t n1;
    uint32_t names = sais_name_lms(&z, sa, &n1);
    s1 = ts_calloc(n1, sizeof(uint32_t), err);
    sa1 = ts_calloc(n1, sizeof(uint32_t), err);
    if (!s1 || !sa1)
        goto done;
    for (uint32_t i = n1, j = 0; i < n; i++)
        if (sa[i] != NO_SUFFIX)
            s1[j++] = sa[i];
    /* The reduced string ends in the sentinel's name, 0, unique: sort it. */
    if (names < n1) {
        if (sais_sort(s1, n1, names, sa1, err) != 0)
            goto done;
    } else {
        for (uint32_t i = 0; i < n1; i++)
            sa1[s1[i]] = i;
    }
    for (uint32_t i = 1, j = 0; i < n; i++) /* s1 now: the LMS positions in text order */
        if (is_lms(z.type, i))
            s1[j++] = i;
    sais_place_lms(&z, sa, s1, sa1, n1);
    rc = 0;
done:
    free(z.type);
    free(z.count);
    free(z.bucket);
    free(s1);
    free(sa1);
    return rc;
}

/* ---- building ----------------------------------------------------------- */

static int corpus_decode(Corpus *c, const char *utf8, size_t len, const char *what, TsErr *err)
{
    memset(c, 0, sizeof *c);
    uint32_t *text = ts_calloc(len, sizeof(uint32_t), err); /* at most one character per byte */
    if (!text)
        return -1;
    size_t n = 0, pos = 0;
    while (pos < len) {
        if (utf8_decode(utf8, len, &pos, &text[n]) != 0) {
            free(text);
            return ts_fail(err, "%s: invalid UTF-8 at byte %zu", what, pos);
        }
        n++;
    }
    if (n >= UINT32_MAX - 1) {
        free(text);
        return ts_fail(err, "%s: %zu characters, a corpus holds fewer than %u", what, n,
                       UINT32_MAX - 1);
    }
    uint32_t *fit = realloc(text, (n ? n : 1) * sizeof(uint32_t));
    c->text = fit ? fit : text;
    c->n = n;
    c->text_crc = crc32_update(0, utf8, len);
    c->text_bytes = len;
    return 0;
}

/* Sort c's suffixes into a new c->sa. The code points are first replaced by
 * their ranks 1..K among the characters present, and a sentinel 0 appended,
 * which is the string SA-IS wants; its first suffix is then the sentinel.
 * The ranks are counted over the code points up to the text's largest, not
 * all of Unicode's: a short text's sort is not a scan of 1.1 million. */
static int corpus_sort(Corpus *c, TsErr *err)
{
    size_t n = c->n;
    uint32_t top = 0;
    for (size_t i = 0; i < n; i++)
        top = c->text[i] > top ? c->text[i] : top;
    uint32_t *rank = ts_calloc((size_t)top + 1, sizeof(uint32_t), err);
    uint32_t *s = ts_calloc(n + 1, sizeof(uint32_t), err);
    uint32_t *sa = ts_calloc(n + 1, sizeof(uint32_t), err);
    int rc = -1;
    if (!rank || !s || !sa)
        goto done;
    for (size_t i = 0; i < n; i++)
        rank[c->text[i]] = 1;
    uint32_t k = 1;
    for (uint32_t cp = 0; cp <= top; cp++)
        if (rank[cp])
            rank[cp] = k++;
    for (size_t i = 0; i < n; i++)
        s[i] = rank[c->text[i]];
    s[n] = 0;
    if (sais_sort(s, (uint32_t)(n + 1), k, sa, err) != 0)
        goto done;
    memmove(sa, sa + 1, n * sizeof(uint32_t));
    free(c->sa);
    c->sa = sa;
    sa = NULL;
    rc = 0;
done:
    free(rank);
    free(s);
    free(sa);
    return rc;
}

static int corpus_build_named(Corpus *c, const char *utf8, size_t len, const char *what,
                              TsErr *err)
{
    if (corpus_decode(c, utf8, len, what, err) != 0)
        return -1;
    if (corpus_sort(c, err) != 0) {
        corpus_free(c);
        return -1;
    }
    c->origin = CORPUS_BUILT;
    return 0;
}

int corpus_build(Corpus *c, const char *utf8, size_t len, TsErr *err)
{
    return corpus_build_named(c, utf8, len, "text", err);
}

int corpus_has_vocab(const Corpus *c, const Vocab *v)
{
    enum { CPS = 0x110000 };
    unsigned char *seen = calloc(CPS / 8, 1);
    if (!seen)
        return -1;
    int distinct = 0, ok = 1;
    for (size_t i = 0; i < c->n && ok; i++) {
        uint32_t cp = c->text[i];
        if (cp >= CPS)
            ok = 0;
        else if (seen[cp / 8] & (1u << (cp % 8)))
            continue; /* looked up already: once per distinct character, not per character */
        else if (vocab_id(v, cp) < 0)
            ok = 0; /* a character the model has never had */
        else {
            seen[cp / 8] |= (unsigned char)(1u << (cp % 8));
            distinct++;
        }
    }
    free(seen);
    return ok && distinct == v->size;
}

void corpus_free(Corpus *c)
{
    free(c->text);
    free(c->sa);
    memset(c, 0, sizeof *c);
}

/* ---- the cache file ------------------------------------------------------- */


enum { CHUNK = 1 << 14 };

/* CRC of the payload (the array as little-endian u32), and, if f is not
 * NULL, the payload written to f. */
static int payload_pass(const Corpus *c, FILE *f, uint32_t *crc)
{
    unsigned char buf[4 * CHUNK];
    *crc = 0;
    for (size_t i = 0; i < c->n; i += CHUNK) {
        size_t m = c->n - i < CHUNK ? c->n - i : CHUNK;
        for (size_t j = 0; j < m; j++)
            le_put_u32(buf + 4 * j, c->sa[i + j]);
        *crc = crc32_update(*crc, buf, 4 * m);
        if (f && fwrite(buf, 4, m, f) != m)
            return -1;
    }
    return 0;
}

int corpus_cache_write(const Corpus *c, const char *path, TsErr *err)
{
    unsigned char h[CACHE_HEADER] = {0};
    uint32_t crc;
    payload_pass(c, NULL, &crc);
    memcpy(h, CACHE_MAGIC, 8);
    le_put_u32(h + 8, CACHE_VERSION);
    le_put_u32(h + 12, c->text_crc);
    le_put_u64(h + 16, c->text_bytes);
    le_put_u64(h + 24, (uint64_t)c->n);
    le_put_u32(h + 32, crc);
    AtomicFile af;
    if (atomic_open(&af, path, err) != 0)
        return -1;
    if (fwrite(h, 1, CACHE_HEADER, af.f) != CACHE_HEADER || payload_pass(c, af.f, &crc) != 0) {
        atomic_abort(&af);
        TsQuoted q;
        return ts_fail(err, "%s: write failed", ts_quote(&q, path));
    }
    return atomic_commit(&af, err);
}

/* Check a cache file's bytes against the text in c: the header, the size
 * and the payload's checksum. */
static int cache_check(const Corpus *c, const unsigned char *buf, size_t len, const char *path,
                       TsErr *err)
{
    TsQuoted quoted;
    const char *q = ts_quote(&quoted, path);
    if (len < CACHE_HEADER || memcmp(buf, CACHE_MAGIC, 8) != 0)
        return ts_fail(err, "%s: not a tangscope corpus cache (wrong magic number)", q);
    uint32_t version = le_get_u32(buf + 8);
    if (version != CACHE_VERSION)
        return ts_fail(err, "%s: corpus cache version %u, this tangscope reads version %u", q,
                       version, CACHE_VERSION);
    uint32_t text_crc = le_get_u32(buf + 12);
    uint64_t text_bytes = le_get_u64(buf + 16), n = le_get_u64(buf + 24);
    if (text_crc != c->text_crc || text_bytes != c->text_bytes || n != (uint64_t)c->n)
        return ts_fail(err,
                       "%s: made for another text (CRC %08x, %llu bytes; this text has CRC %08x, "
                       "%llu bytes)",
                       q, text_crc, (unsigned long long)text_bytes, c->text_crc,
                       (unsigned long long)c->text_bytes);
    for (int i = 36; i < CACHE_HEADER; i++)
        if (buf[i] != 0)
            return ts_fail(err, "%s: reserved header bytes are not zero (damaged file?)", q);
    size_t want = CACHE_HEADER + 4 * c->n;
    if (len != want)
        return ts_fail(err, "%s: %zu bytes, expected %zu (truncated or damaged)", q, len, want);
    if (crc32_update(0, buf + CACHE_HEADER, 4 * c->n) != le_get_u32(buf + 32))
        return ts_fail(err, "%s: checksum mismatch, the file is damaged", q);
    return 0;
}

/* Is the permutation sa[0..n) of the text's positions its suffix array? In
 * linear time (Burkhardt and Kaerkkaeinen's check): neighbours sa[i-1], sa[i]
 * are in order when the first character of the earlier is smaller, or, the
 * two being equal, the suffix after it comes earlier in sa (the empty suffix,
 * past the end, before every other). Returns 0 if sorted, the first i out of
 * order, or -1 with err when memory runs out. */
static long sa_first_unsorted(const Corpus *c, const uint32_t *sa, TsErr *err)
{
    if (c->n < 2)
        return 0;
    uint32_t *rank = ts_calloc(c->n, sizeof(uint32_t), err);
    if (!rank)
        return -1;
    for (size_t i = 0; i < c->n; i++)
        rank[sa[i]] = (uint32_t)i;
    long bad = 0;
    for (size_t i = 1; i < c->n && !bad; i++) {
        uint32_t p = sa[i - 1], q = sa[i];
        if (c->text[p] != c->text[q]) {
            bad = c->text[p] > c->text[q] ? (long)i : 0;
            continue;
        }
        /* the rank of the suffix after each, the empty one (past the end) first */
        int64_t rp = p + 1 < c->n ? (int64_t)rank[p + 1] : -1;
        int64_t rq = q + 1 < c->n ? (int64_t)rank[q + 1] : -1;
        bad = rp < rq ? 0 : (long)i;
    }
    free(rank);
    return bad;
}

int corpus_cache_read(Corpus *c, const char *path, TsErr *err)
{
    unsigned char *buf;
    size_t len;
    if (read_file(path, FILE_CORPUS_INDEX, &buf, &len, err) != 0)
        return -1;
    uint32_t *sa = NULL;
    unsigned char *seen = NULL;
    int rc = -1;
    TsQuoted quoted;
    if (cache_check(c, buf, len, path, err) != 0)
        goto done;
    sa = ts_calloc(c->n, sizeof(uint32_t), err);
    seen = ts_calloc(c->n / 8 + 1, 1, err);
    if (!sa || !seen)
        goto done;
    /* A matching checksum rules out damage, not a file written wrong: the
     * lookups need a permutation of 0..n-1 in sorted order (an unsorted one
     * sends corpus_next past the end of the text). */
    for (size_t i = 0; i < c->n; i++) {
        uint32_t p = le_get_u32(buf + CACHE_HEADER + 4 * i);
        if (p >= c->n || ((seen[p / 8] >> (p % 8)) & 1)) {
            ts_fail(err, "%s: entry %zu (%u) is out of range or repeated", ts_quote(&quoted, path),
                    i, p);
            goto done;
        }
        seen[p / 8] |= (unsigned char)(1u << (p % 8));
        sa[i] = p;
    }
    long unsorted = sa_first_unsorted(c, sa, err);
    if (unsorted != 0) {
        if (unsorted > 0)
            ts_fail(err, "%s: entry %ld is out of order (written wrong?)", ts_quote(&quoted, path),
                    unsorted);
        goto done;
    }
    free(c->sa);
    c->sa = sa;
    sa = NULL;
    rc = 0;
done:
    free(buf);
    free(sa);
    free(seen);
    return rc;
}

void corpus_cache_name(uint32_t text_crc, char out[32])
{
    snprintf(out, 32, "corpus-%08x.sa", (unsigned)text_crc);
}

int corpus_load_or_build(Corpus *c, const char *text_path, const char *cache_dir, TsErr *err)
{
    unsigned char *buf;
    size_t len;
    memset(c, 0, sizeof *c);
    if (read_file(text_path, FILE_TEXT, &buf, &len, err) != 0)
        return -1;
    TsQuoted q;
    int rc = corpus_decode(c, (const char *)buf, len, ts_quote(&q, text_path), err);
    free(buf);
    if (rc != 0)
        return -1;
    char *path = NULL;
    if (cache_dir) {
        char name[32];
        corpus_cache_name(c->text_crc, name);
        size_t size = strlen(cache_dir) + sizeof name + 1;
        path = ts_calloc(size, 1, err);
        if (!path) {
            corpus_free(c);
            return -1;
        }
        snprintf(path, size, "%s/%s", cache_dir, name);
    }
    TsErr why; /* a bad cache is only a reason to rebuild */
    if (path && corpus_cache_read(c, path, &why) == 0) {
        c->origin = CORPUS_FROM_CACHE;
    } else if (corpus_sort(c, err) != 0) {
        corpus_free(c);
        rc = -1;
    } else if (!path) {
        c->origin = CORPUS_BUILT;
    } else {
        c->origin = corpus_cache_write(c, path, &why) == 0 ? CORPUS_CACHE_WRITTEN
                                                           : CORPUS_CACHE_FAILED;
    }
    free(path);
    return rc;
}

/* ---- lookups ---------------------------------------------------------------- */

/* The suffix at p, cut to m characters, against ctx[0..m): <0, 0 or >0. A
 * suffix shorter than m that matches as far as it goes is smaller. */
static int suffix_cmp(const Corpus *c, uint32_t p, const uint32_t *ctx, size_t m)
{
    size_t avail = c->n - p, k = avail < m ? avail : m;
    const uint32_t *t = c->text + p;
    for (size_t i = 0; i < k; i++)
        if (t[i] != ctx[i])
            return t[i] < ctx[i] ? -1 : 1;
    return avail < m ? -1 : 0;
}

/* The suffixes that begin with ctx[0..m) are sa[*lo..*hi). */
static void find_range(const Corpus *c, const uint32_t *ctx, size_t m, size_t *lo, size_t *hi)
{
    size_t a = 0, b = c->n;
    while (a < b) {
        size_t mid = a + (b - a) / 2;
        if (suffix_cmp(c, c->sa[mid], ctx, m) < 0)
            a = mid + 1;
        else
            b = mid;
    }
    *lo = a;
    b = c->n;
    while (a < b) {
        size_t mid = a + (b - a) / 2;
        if (suffix_cmp(c, c->sa[mid], ctx, m) <= 0)
            a = mid + 1;
        else
            b = mid;
    }
    *hi = a;
}

size_t corpus_count(const Corpus *c, const uint32_t *ctx, size_t n)
{
    size_t lo, hi;
    find_range(c, ctx, n, &lo, &hi);
    return hi - lo;
}

/* a should be listed before b: more frequent, or as frequent and smaller. */
static int next_before(const CorpusNext *a, const CorpusNext *b)
{
    return a->count != b->count ? a->count > b->count : a->cp < b->cp;
}

static int next_order(const void *a, const void *b)
{
    return next_before(a, b) ? -1 : next_before(b, a) ? 1 : 0;
}

/* out[0..size) is a heap with the follower that would be listed last at the
 * root; restore that after out[i] changed. */
static void heap_sift_down(CorpusNext *out, int size, int i)
{
    for (;;) {
        int last = i, l = 2 * i + 1, r = l + 1;
        if (l < size && next_before(&out[last], &out[l]))
            last = l;
        if (r < size && next_before(&out[last], &out[r]))
            last = r;
        if (last == i)
            return;
        CorpusNext t = out[i];
        out[i] = out[last];
        out[last] = t;
        i = last;
    }
}

static void heap_push(CorpusNext *out, int size, CorpusNext v)
{
    int i = size;
    out[i] = v;
    while (i > 0 && next_before(&out[(i - 1) / 2], &out[i])) {
        CorpusNext t = out[i];
        out[i] = out[(i - 1) / 2];
        out[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

int corpus_next(const Corpus *c, const uint32_t *ctx, size_t n, CorpusNext *out, int max,
                CorpusTally *tally)
{
    size_t lo, hi;
    find_range(c, ctx, n, &lo, &hi);
    CorpusTally t = {hi - lo, 0, 0};
    /* The occurrence that ends the text is ctx itself, the shortest suffix of
     * the range, so it comes first. */
    if (lo < hi && c->sa[lo] + n == c->n) {
        t.at_end = 1;
        lo++;
    }
    /* Within the range the suffixes are sorted by the character after ctx:
     * each follower is a run; gallop, then bisect, to the end of each. */
    int size = 0;
    for (size_t i = lo; i < hi;) {
        uint32_t cp = c->text[c->sa[i] + n];
        size_t step = 1, a = i + 1, b;
        while (i + step < hi && c->text[c->sa[i + step] + n] == cp) {
            a = i + step + 1;
            step *= 2;
        }
        b = i + step < hi ? i + step : hi; /* the run ends in [a, b] */
        while (a < b) {
            size_t mid = a + (b - a) / 2;
            if (c->text[c->sa[mid] + n] == cp)
                a = mid + 1;
            else
                b = mid;
        }
        CorpusNext v = {cp, a - i};
        t.distinct++;
        if (size < max) {
            heap_push(out, size++, v);
        } else if (max > 0 && next_before(&v, &out[0])) {
            out[0] = v;
            heap_sift_down(out, size, 0);
        }
        i = a;
    }
    if (size > 1)
        qsort(out, (size_t)size, sizeof *out, next_order);
    if (tally)
        *tally = t;
    return size;
}

size_t corpus_longest_suffix(const Corpus *c, const uint32_t *text, size_t n, size_t *len)
{
    /* If a suffix occurs, so do all shorter ones: bisect on the length. */
    size_t good = 0, bad = n + 1;
    while (bad - good > 1) {
        size_t mid = good + (bad - good) / 2;
        if (corpus_count(c, text + n - mid, mid) > 0)
            good = mid;
        else
            bad = mid;
    }
    *len = good;
    return corpus_count(c, text + n - good, good);
}
