/* fuzz_corpus_index.c - the training text's index file (the suffix array
 * cache, corpus.h), on any bytes, and the counts read through it.
 *
 * The index of tests/data/tiny-corpus.txt is read from an anonymous memory
 * file (fuzz_file: nothing is written to disk) three ways: the input as
 * it is; with its checksum recomputed, so damage reaches the checks behind
 * it; and as the true index with its entries swapped by the input's bytes,
 * a file that passes every check (the right header, a permutation of the
 * positions) but was written wrong. Whatever index is accepted, every
 * context of one to three characters of the text is then counted, its
 * followers listed and its longest known suffix found: a wrong index may
 * give wrong counts, never a read outside the text.
 */
#define _GNU_SOURCE /* fuzz_file */
#include <string.h>

#include "engine/fileio.h"
#include "fuzz.h"

enum { HEADER = 48 };

static int read_index(Corpus *c, const uint8_t *data, size_t size)
{
    char path[64];
    int fd = fuzz_file(data, size, path);
    if (fd < 0)
        return -1;
    TsErr err;
    int rc = corpus_cache_read(c, path, &err);
    close(fd);
    return rc;
}

/* Count, list and match every short context of the text. */
static void look_up(const Corpus *c)
{
    CorpusNext next[8];
    CorpusTally tally;
    for (size_t i = 0; i < c->n; i++) {
        for (size_t n = 1; n <= 3 && i + n <= c->n; n++) {
            corpus_count(c, c->text + i, n);
            corpus_next(c, c->text + i, n, next, 8, &tally);
            size_t len;
            corpus_longest_suffix(c, c->text + i, n, &len);
            if (len > n)
                abort(); /* a suffix longer than the text it ends */
        }
    }
}

/* The tiny text indexed as the input says, and read through that index. */
static void try_index(const uint8_t *data, size_t size)
{
    static unsigned char *text;
    static size_t text_len;
    if (!text) {
        TsErr err;
        fuzz_need(read_file("tests/data/tiny-corpus.txt", FILE_TEXT, &text, &text_len, &err) == 0,
                  "tests/data/tiny-corpus.txt", err.msg);
    }
    Corpus c;
    TsErr err;
    if (corpus_build(&c, (const char *)text, text_len, &err) != 0)
        return;
    if (read_index(&c, data, size) == 0)
        look_up(&c);
    corpus_free(&c);
}

/* The true index of the tiny text, as corpus_cache_write lays it out. */
static uint8_t *true_index(size_t *size)
{
    const Corpus *c = fuzz_tiny_corpus();
    *size = HEADER + 4 * c->n;
    uint8_t *b = calloc(*size, 1);
    if (!b)
        return NULL;
    memcpy(b, "TSCORPSA", 8);
    le_put_u32(b + 8, 1);
    le_put_u32(b + 12, c->text_crc);
    le_put_u64(b + 16, c->text_bytes);
    le_put_u64(b + 24, c->n);
    for (size_t i = 0; i < c->n; i++)
        le_put_u32(b + HEADER + 4 * i, c->sa[i]);
    le_put_u32(b + 32, crc32_update(0, b + HEADER, 4 * c->n));
    return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_tiny_corpus();
    fuzz_start();
    try_index(data, size);
    if (size > HEADER) {
        uint8_t *copy = malloc(size);
        if (copy) {
            memcpy(copy, data, size);
            le_put_u32(copy + 32, crc32_update(0, copy + HEADER, size - HEADER));
            try_index(copy, size);
            free(copy);
        }
    }
    size_t n_bytes;
    uint8_t *idx = true_index(&n_bytes);
    if (!idx)
        return 0;
    size_t n = (n_bytes - HEADER) / 4;
    /* each pair of input bytes swaps two entries: still a permutation */
    for (size_t i = 0; i + 1 < size && n > 0; i += 2) {
        uint8_t *a = idx + HEADER + 4 * (data[i] % n), *b = idx + HEADER + 4 * (data[i + 1] % n);
        uint8_t t[4];
        memcpy(t, a, 4);
        memcpy(a, b, 4);
        memcpy(b, t, 4);
    }
    le_put_u32(idx + 32, crc32_update(0, idx + HEADER, 4 * n));
    try_index(idx, n_bytes);
    free(idx);
    return 0;
}
