/* fuzz_pinyin.c - the pinyin table (assets/pinyin.tsv, pinyin.h), on any
 * bytes.
 *
 * The input is the table: pinyin_parse reads it or names its first damaged
 * line. A table it accepts is then asked what the explorer and `probs
 * --pinyin` ask: each entry found again by its code point, each of its
 * readings copied out, and each matched against a few typed syllables.
 */
#include <string.h>

#include "fuzz.h"
#include "engine/pinyin.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_start();
    static PinyinSyllable typed[3];
    static int ready;
    TsErr err;
    if (!ready) {
        pinyin_syllable_parse("chun", &typed[0], &err);
        pinyin_syllable_parse("zhang3", &typed[1], &err);
        pinyin_syllable_parse("lv4", &typed[2], &err);
        ready = 1;
    }
    Pinyin p;
    if (pinyin_parse(&p, (const char *)data, size, "fuzz.tsv", &err) != 0)
        return 0;
    for (int i = 0; i < p.n; i++) {
        const PinyinEntry *e = &p.entries[i];
        if (pinyin_find(&p, e->cp) != e)
            abort(); /* an entry not found by its own code point */
        char reading[64];
        for (int k = 0; pinyin_reading(e, k, reading, sizeof reading) >= 0 && k < 64; k++)
            ;
        for (int t = 0; t < 3; t++)
            pinyin_matches(&p, e, &typed[t]);
    }
    pinyin_free(&p);
    return 0;
}
