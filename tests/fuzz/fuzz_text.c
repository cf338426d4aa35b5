/* fuzz_text.c - a training text, on any bytes: its vocabulary and its index.
 *
 * `train --data`, `eval` and `corpus --data` read any text a user gives. The
 * input is that text: its vocabulary is built (every character once, in
 * order), and its suffix array (SA-IS, corpus.c), which must hold every
 * position once, each suffix smaller than the next (checked here by direct
 * comparison, independent of the code under test). Then contexts taken from
 * the text are counted, their followers listed and their longest known
 * suffix found.
 */
#include <string.h>

#include "fuzz.h"

/* -1, 0 or 1 as suffix a of t[0..n) is smaller than, equal to or larger
 * than suffix b, compared character by character. */
static int suffix_order(const uint32_t *t, size_t n, size_t a, size_t b)
{
    while (a < n && b < n) {
        if (t[a] != t[b])
            return t[a] < t[b] ? -1 : 1;
        a++;
        b++;
    }
    return a == n ? (b == n ? 0 : -1) : 1;
}

static void check_index(const Corpus *c)
{
    unsigned char *seen = calloc(c->n + 1, 1);
    if (!seen)
        return;
    for (size_t i = 0; i < c->n; i++) {
        if (c->sa[i] >= c->n || seen[c->sa[i]])
            abort(); /* not every position once */
        seen[c->sa[i]] = 1;
        if (i > 0 && suffix_order(c->text, c->n, c->sa[i - 1], c->sa[i]) >= 0)
            abort(); /* two neighbours out of order */
    }
    free(seen);
}

static void check_vocab(const Vocab *v, const Corpus *c)
{
    for (int i = 1; i < v->size; i++)
        if (v->cps[i] <= v->cps[i - 1])
            abort(); /* not strictly increasing */
    for (size_t i = 0; i < c->n; i++)
        if (vocab_id(v, c->text[i]) < 0)
            abort(); /* a character of the text is missing */
}

static void look_up(const Corpus *c)
{
    CorpusNext next[8];
    CorpusTally tally;
    size_t step = c->n / 64 + 1;
    for (size_t i = 0; i < c->n; i += step) {
        for (size_t n = 0; n <= 4 && i + n <= c->n; n++) {
            size_t count = corpus_count(c, c->text + i, n);
            if (count == 0)
                abort(); /* a context of the text itself does not occur in it */
            corpus_next(c, c->text + i, n, next, 8, &tally);
            if (tally.total != count)
                abort(); /* two lookups disagree */
            size_t len;
            corpus_longest_suffix(c, c->text + i, n, &len);
            if (len != n)
                abort(); /* the whole context occurs, so it is its longest suffix */
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_start();
    /* the direct check of the order is quadratic on a text of one repeated
     * character; what goes wrong in an index shows on short texts */
    if (size > 8192)
        return 0;
    Vocab v;
    Corpus c;
    TsErr err;
    /* a text with a control character has no vocabulary (the trainer refuses
     * it) but still an index: `corpus --data` reads it */
    int have_vocab = vocab_build(&v, (const char *)data, size, "fuzz.txt", &err) == 0;
    if (corpus_build(&c, (const char *)data, size, &err) == 0) {
        check_index(&c);
        if (have_vocab)
            check_vocab(&v, &c);
        look_up(&c);
        corpus_free(&c);
    }
    if (have_vocab)
        vocab_free(&v);
    return 0;
}
