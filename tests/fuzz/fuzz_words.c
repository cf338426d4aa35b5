/* fuzz_words.c - the word list (assets/words.tsv, pinyin.h), on any bytes.
 *
 * The input is the word list, read over a small pinyin table of its own
 * (春 风 地 上 长 河 and 。): pinyin_words_parse reads it or names its first
 * damaged line and leaves the table as it was. Then the input's characters are
 * read as a text (pinyin_read_glosses): every reading given must be one its
 * character has, a character the table lacks has none, each has a meaning
 * (a string, maybe empty), and its word starts at most 7 characters back.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "engine/pinyin.h"

static const char TABLE[] =
    "U+4E0A\t上\tshàng shǎng\ttop\n"
    "U+5730\t地\tde dì\tearth\n"
    "U+6625\t春\tchūn\tspring\n"
    "U+6CB3\t河\thé\triver\n"
    "U+957F\t长\tzhǎng cháng\tlong\n"
    "U+98CE\t风\tfēng\twind\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_start();
    static Pinyin p;
    static int ready;
    TsErr err;
    if (!ready) {
        if (pinyin_parse(&p, TABLE, sizeof TABLE - 1, "table", &err) != 0)
            abort();
        ready = 1;
    }
    int verse_before[6];
    for (int i = 0; i < p.n; i++)
        verse_before[i] = p.entries[i].verse;
    int n_before = p.n_words;
    if (pinyin_words_parse(&p, (const char *)data, size, "fuzz.tsv", &err) != 0) {
        for (int i = 0; i < p.n; i++) /* a refused list changes nothing */
            if (p.entries[i].verse != verse_before[i])
                abort();
        if (p.n_words != n_before)
            abort();
    }
    /* the input's characters as a text */
    enum { MAX = 256 };
    uint32_t cps[MAX];
    int reading[MAX], start[MAX], n = 0;
    const char *gloss[MAX];
    size_t pos = 0;
    while (pos < size && n < MAX) {
        uint32_t cp;
        if (utf8_decode((const char *)data, size, &pos, &cp) != 0)
            pos++;
        else
            cps[n++] = cp;
    }
    pinyin_read_glosses(&p, cps, n, reading, gloss, start);
    for (int i = 0; i < n; i++) {
        const PinyinEntry *e = pinyin_find(&p, cps[i]);
        if (!e ? reading[i] != -1 : reading[i] < 0 || reading[i] >= e->count)
            abort();
        if (!gloss[i] || start[i] > i || start[i] <= i - PINYIN_WORD_MAX)
            abort(); /* a meaning for each, a word that starts at most 7 back */
    }
    return 0;
}
