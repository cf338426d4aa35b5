/* pinyin.c - the readings table (assets/pinyin.tsv) and typed syllables. */
#include "engine/pinyin.h"

#include <stdlib.h>
#include <string.h>

#include "engine/fileio.h"
#include "engine/sampler.h"

/* A vowel (or syllabic n, m) with a tone mark: what it is without the mark. */
typedef struct {
    uint32_t cp;
    char letter; /* 'v' for ü */
    int tone;
} MarkedLetter;

static const MarkedLetter MARKED[] = {
    {0x0101, 'a', 1}, {0x00E1, 'a', 2}, {0x01CE, 'a', 3}, {0x00E0, 'a', 4},
    {0x0113, 'e', 1}, {0x00E9, 'e', 2}, {0x011B, 'e', 3}, {0x00E8, 'e', 4},
    {0x012B, 'i', 1}, {0x00ED, 'i', 2}, {0x01D0, 'i', 3}, {0x00EC, 'i', 4},
    {0x014D, 'o', 1}, {0x00F3, 'o', 2}, {0x01D2, 'o', 3}, {0x00F2, 'o', 4},
    {0x016B, 'u', 1}, {0x00FA, 'u', 2}, {0x01D4, 'u', 3}, {0x00F9, 'u', 4},
    {0x01D6, 'v', 1}, {0x01D8, 'v', 2}, {0x01DA, 'v', 3}, {0x01DC, 'v', 4},
    {0x00FC, 'v', 0}, {0x00EA, 'e', 0}, {0x1EBF, 'e', 2}, {0x1EC1, 'e', 4},
    {0x0144, 'n', 2}, {0x0148, 'n', 3}, {0x01F9, 'n', 4}, {0x1E3F, 'm', 2},
    /* capitals, as a shift key or a caps lock may give them */
    {0x0100, 'a', 1}, {0x00C1, 'a', 2}, {0x01CD, 'a', 3}, {0x00C0, 'a', 4},
    {0x0112, 'e', 1}, {0x00C9, 'e', 2}, {0x011A, 'e', 3}, {0x00C8, 'e', 4},
    {0x012A, 'i', 1}, {0x00CD, 'i', 2}, {0x01CF, 'i', 3}, {0x00CC, 'i', 4},
    {0x014C, 'o', 1}, {0x00D3, 'o', 2}, {0x01D1, 'o', 3}, {0x00D2, 'o', 4},
    {0x016A, 'u', 1}, {0x00DA, 'u', 2}, {0x01D3, 'u', 3}, {0x00D9, 'u', 4},
    {0x01D5, 'v', 1}, {0x01D7, 'v', 2}, {0x01D9, 'v', 3}, {0x01DB, 'v', 4},
    {0x00DC, 'v', 0}, {0x00CA, 'e', 0},
};

/* Combining marks after a letter (ê̄ in Unihan, or a decomposed ǖ). */
static int combining_tone(uint32_t cp)
{
    switch (cp) {
    case 0x0304: return 1; /* macron */
    case 0x0301: return 2; /* acute */
    case 0x030C: return 3; /* caron */
    case 0x0300: return 4; /* grave */
    default: return -1;
    }
}

/* Read the syllable s[0..len) into out. `typed`: user input, which may end in
 * a tone digit and write ü as u:, and leaves the tone 0 (any) when it has
 * none; a table reading without a mark is neutral (5). Returns 0 or -1. */
static int syllable_read(const char *s, size_t len, int typed, PinyinSyllable *out)
{
    memset(out, 0, sizeof *out);
    size_t n = 0, pos = 0;
    int tone = 0;
    while (pos < len) {
        uint32_t cp;
        if (utf8_decode(s, len, &pos, &cp) != 0)
            return -1;
        char letter = 0;
        int t = 0;
        if (cp >= 'A' && cp <= 'Z')
            letter = (char)(cp - 'A' + 'a');
        else if (cp >= 'a' && cp <= 'z')
            letter = (char)cp;
        else if (typed && cp >= '0' && cp <= '5' && pos == len && n > 0)
            t = cp == '0' ? 5 : (int)(cp - '0'); /* a tone digit ends the syllable */
        else if (typed && cp == ':' && n > 0 && out->base[n - 1] == 'u') {
            out->base[n - 1] = 'v'; /* lu: */
            continue;
        } else if (cp == 0x0308 && n > 0 && out->base[n - 1] == 'u') {
            out->base[n - 1] = 'v'; /* u + combining diaeresis */
            continue;
        } else if (cp == 0x0302 && n > 0 && out->base[n - 1] == 'e') {
            continue; /* e + combining circumflex: ê */
        } else if (combining_tone(cp) > 0 && n > 0) {
            t = combining_tone(cp);
        } else {
            size_t i = 0;
            while (i < sizeof MARKED / sizeof MARKED[0] && MARKED[i].cp != cp)
                i++;
            if (i == sizeof MARKED / sizeof MARKED[0])
                return -1;
            letter = MARKED[i].letter;
            t = MARKED[i].tone;
        }
        if (t) {
            if (tone)
                return -1; /* two tones */
            tone = t;
        }
        if (letter) {
            if (n >= PINYIN_BASE_MAX)
                return -1;
            out->base[n++] = letter;
        }
    }
    if (n == 0)
        return -1;
    /* after j, q, x and y pinyin writes ü as u: jv is ju */
    if (n >= 2 && strchr("jqxy", out->base[0]) && out->base[1] == 'v')
        out->base[1] = 'u';
    out->tone = tone ? tone : (typed ? 0 : 5);
    return 0;
}

int pinyin_syllable_parse(const char *typed, PinyinSyllable *out, TsErr *err)
{
    TsQuoted q;
    if (syllable_read(typed, strlen(typed), 1, out) != 0)
        return ts_fail(err,
                       "%s is not a pinyin syllable: one at a time (chun, not chunfeng), letters "
                       "with at most one tone, given as a mark (chūn) or, on the command line, a "
                       "final digit 1-5 (chun1; in the explorer Tab steps the tone); ü as v or u:",
                       ts_quote(&q, typed));
    return 0;
}

int pinyin_match_index(const Pinyin *p, const PinyinEntry *e, const PinyinSyllable *q)
{
    for (int i = 0; i < e->count; i++) {
        const PinyinSyllable *s = &p->syl[e->first + i];
        if (strcmp(s->base, q->base) == 0 && (q->tone == 0 || q->tone == s->tone))
            return i;
    }
    return -1;
}

int pinyin_matches(const Pinyin *p, const PinyinEntry *e, const PinyinSyllable *q)
{
    return pinyin_match_index(p, e, q) >= 0;
}

const PinyinEntry *pinyin_find(const Pinyin *p, uint32_t cp)
{
    int lo = 0, hi = p->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (p->entries[mid].cp < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < p->n && p->entries[lo].cp == cp ? &p->entries[lo] : NULL;
}

int pinyin_reading(const PinyinEntry *e, int i, char *out, size_t size)
{
    if (i < 0 || i >= e->count || size == 0)
        return -1;
    const char *r = e->readings;
    for (int k = 0; k < i; k++)
        r = strchr(r, ' ') + 1; /* count readings have count - 1 spaces between them */
    size_t len = strcspn(r, " ");
    if (len >= size)
        len = size - 1;
    memcpy(out, r, len);
    out[len] = 0;
    return (int)len;
}

int pinyin_rank(const Pinyin *p, const Vocab *v, const PinyinSyllable *q, const float *probs,
                PinyinCandidate *out, int max)
{
    int total = 0, kept = 0;
    for (int i = 0; i < p->n; i++) {
        if (!pinyin_matches(p, &p->entries[i], q))
            continue;
        int id = vocab_id(v, p->entries[i].cp);
        if (id < 0)
            continue;
        total++;
        /* keep the best max, sorted: insert from the end (few hundred at most) */
        int at = kept < max ? kept : max;
        while (at > 0 && sampler_before(probs, id, out[at - 1].id))
            at--;
        if (at >= max)
            continue;
        int last = kept < max ? kept : max - 1;
        memmove(&out[at + 1], &out[at], (size_t)(last - at) * sizeof *out);
        out[at] = (PinyinCandidate){id, probs[id]};
        if (kept < max)
            kept++;
    }
    return total;
}

/* ---- the table ---- */

/* msg: one of the phrases below, put through the translator here */
static int parse_fail(TsErr *err, const char *what, int line, const char *msg)
{
    TsQuoted q;
    return ts_fail(err, "%s line %d: %s (rebuild it with tools/build-pinyin.sh)",
                   ts_quote(&q, what), line, ts_text(msg));
}

/* "U+6625" -> 0x6625; -1 if it is not U+ and 4 to 6 hex digits. */
static long parse_code_point(const char *s)
{
    if (s[0] != 'U' || s[1] != '+')
        return -1;
    size_t n = strlen(s + 2);
    if (n < 4 || n > 6)
        return -1;
    long v = 0;
    for (const char *c = s + 2; *c; c++) {
        const char *hex = "0123456789ABCDEF", *d = strchr(hex, *c); /* *c is not NUL here */
        if (!d)
            return -1;
        v = v * 16 + (d - hex);
    }
    return v <= 0x10FFFF ? v : -1;
}

/* The next line of a text cut in place (the pinyin table, the word list):
 * *at is where it starts, NULL or "" once the text is read. The line ends
 * with a NUL where its newline was (and a CR before it is cut too), *at
 * moves past it and *lineno counts it. Returns the line, NULL at the end. */
static char *next_line(char **at, int *lineno)
{
    char *line = *at;
    if (!line || !*line)
        return NULL;
    char *nl = strchr(line, '\n');
    if (nl)
        *nl = 0;
    (*lineno)++;
    size_t l = strlen(line);
    if (l > 0 && line[l - 1] == '\r')
        line[l - 1] = 0;
    *at = nl ? nl + 1 : NULL;
    return line;
}

/* One line, cut in place: fill e and its syllables. Returns 0 or -1. */
static int parse_line(Pinyin *p, char *line, int lineno, const char *what, TsErr *err)
{
    char *field[4];
    int nf = 0;
    for (char *f = line;; f++) {
        char *tab = strchr(f, '\t');
        if (nf < 4)
            field[nf] = f;
        nf++;
        if (!tab)
            break;
        *tab = 0;
        f = tab;
    }
    if (nf != 4) {
        char msg[128];
        snprintf(msg, sizeof msg,
                 ts_text("%d tab-separated fields, want 4 (code point, character, readings, gloss)"),
                 nf);
        return parse_fail(err, what, lineno, msg);
    }
    long cp = parse_code_point(field[0]);
    if (cp < 0)
        return parse_fail(err, what, lineno, "the first field is not a code point like U+6625");
    size_t len = strlen(field[1]), pos = 0;
    uint32_t ch;
    if (utf8_decode(field[1], len, &pos, &ch) != 0 || pos != len || ch != (uint32_t)cp)
        return parse_fail(err, what, lineno,
                          "the second field is not the one character its code point names");
    if (p->n > 0 && p->entries[p->n - 1].cp >= (uint32_t)cp)
        return parse_fail(err, what, lineno, "not in increasing code point order");
    if (!utf8_valid(field[3]))
        return parse_fail(err, what, lineno, "the gloss is not valid UTF-8");
    PinyinEntry *e = &p->entries[p->n];
    e->cp = (uint32_t)cp;
    e->readings = strcmp(field[2], "-") == 0 ? "" : field[2];
    e->gloss = strcmp(field[3], "-") == 0 ? "" : field[3];
    e->first = p->n_syl;
    e->count = 0;
    for (char *r = field[2]; *e->readings && *r;) {
        size_t rlen = strcspn(r, " ");
        if (rlen == 0 || syllable_read(r, rlen, 0, &p->syl[p->n_syl]) != 0) {
            char reading[40], msg[TS_QUOTE_MAX + 64];
            TsQuoted q;
            snprintf(reading, sizeof reading, "%.*s", (int)(rlen < 32 ? rlen : 32), r);
            snprintf(msg, sizeof msg, ts_text("%s is not a pinyin reading with tone marks"),
                     ts_quote(&q, reading));
            return parse_fail(err, what, lineno, msg);
        }
        p->n_syl++;
        e->count++;
        r += rlen;
        if (*r == ' ' && r[1] == 0)
            return parse_fail(err, what, lineno, "the readings end in a space");
        if (*r == ' ')
            r++;
    }
    p->n++;
    return 0;
}

int pinyin_parse(Pinyin *p, const char *text, size_t len, const char *what, TsErr *err)
{
    memset(p, 0, sizeof *p);
    TsQuoted q;
    if (len > PINYIN_MAX_BYTES)
        return ts_fail(err, "%s: too large; a pinyin table may hold at most %u MB",
                       ts_quote(&q, what), PINYIN_MAX_BYTES / 1000000);
    /* upper bounds: an entry per line, a syllable per line or space */
    size_t lines = 1, spaces = 0;
    for (size_t i = 0; i < len; i++) {
        lines += text[i] == '\n';
        spaces += text[i] == ' ';
    }
    p->text = ts_calloc(len + 1, 1, err);
    p->entries = ts_calloc(lines, sizeof *p->entries, err);
    p->syl = ts_calloc(lines + spaces, sizeof *p->syl, err);
    if (!p->text || !p->entries || !p->syl) {
        pinyin_free(p);
        return -1;
    }
    memcpy(p->text, text, len);
    if (memchr(p->text, 0, len)) {
        pinyin_free(p);
        return ts_fail(err, "%s: contains a NUL byte: not a pinyin table", ts_quote(&q, what));
    }
    int lineno = 0;
    char *at = p->text;
    for (char *line; (line = next_line(&at, &lineno)) != NULL;)
        if (line[0] && line[0] != '#' && parse_line(p, line, lineno, what, err) != 0) {
            pinyin_free(p);
            return -1;
        }
    if (p->n == 0) {
        pinyin_free(p);
        return ts_fail(err, "%s: no characters in it: not a pinyin table", ts_quote(&q, what));
    }
    return 0;
}

int pinyin_load(Pinyin *p, const char *path, TsErr *err)
{
    memset(p, 0, sizeof *p);
    unsigned char *buf;
    size_t len;
    if (read_file(path, FILE_PINYIN, &buf, &len, err) != 0)
        return -1;
    int rc = pinyin_parse(p, (const char *)buf, len, path, err);
    free(buf);
    return rc;
}

void pinyin_free(Pinyin *p)
{
    free(p->text);
    free(p->entries);
    free(p->syl);
    free(p->words);
    free(p->word_readings);
    free(p->syl_gloss);
    free(p->word_text);
    memset(p, 0, sizeof *p);
}

/* ---- the word list ---- */

static int words_fail(TsErr *err, const char *what, int line, const char *msg)
{
    TsQuoted q;
    return ts_fail(err, "%s line %d: %s (rebuild it with tools/build-words.sh)", ts_quote(&q, what),
                   line, ts_text(msg));
}

/* Which of e's readings is the one spelled r[0..len): its index, or -1. */
static int reading_index(const PinyinEntry *e, const char *r, size_t len)
{
    const char *s = e->readings;
    for (int i = 0; i < e->count; i++) {
        size_t l = strcspn(s, " ");
        if (l == len && memcmp(s, r, len) == 0)
            return i;
        s += l + 1;
    }
    return -1;
}

/* Cut the next tab-separated field off *rest: the field, or NULL when none is left. */
static char *next_field(char **rest)
{
    if (!*rest)
        return NULL;
    char *f = *rest, *tab = strchr(f, '\t');
    if (tab)
        *tab = 0;
    *rest = tab ? tab + 1 : NULL;
    return f;
}

/* The senses after a character's verse reading: one field per reading of e
 * (its syllables in p->syl_gloss), "-" for none. */
static int words_senses(Pinyin *p, const PinyinEntry *e, char *rest, int lineno, const char *what,
                        TsErr *err)
{
    for (int i = 0; rest; i++) {
        char *g = next_field(&rest);
        if (i == e->count)
            return words_fail(err, what, lineno, "more senses than the character has readings");
        p->syl_gloss[e->first + i] = strcmp(g, "-") == 0 || !g[0] ? NULL : g;
    }
    return 0;
}

/* The readings r ("dì shàng") of word: their indices into idx and the
 * entries into ents; the number of characters, or -1 after words_fail. */
static int words_readings(const Pinyin *p, const char *word, const char *r, unsigned char *idx,
                          const PinyinEntry **ents, int lineno, const char *what, TsErr *err)
{
    size_t len = strlen(word), pos = 0;
    int n = 0;
    while (pos < len) {
        uint32_t cp;
        if (utf8_decode(word, len, &pos, &cp) != 0)
            return words_fail(err, what, lineno, "the word is not valid UTF-8");
        if (n == PINYIN_WORD_MAX)
            return words_fail(err, what, lineno, "a word of more than 8 characters");
        ents[n] = pinyin_find(p, cp);
        if (!ents[n])
            return words_fail(err, what, lineno, "a character the pinyin table lacks");
        size_t rl = strcspn(r, " ");
        int i = rl ? reading_index(ents[n], r, rl) : -1;
        if (i < 0)
            return words_fail(err, what, lineno,
                              "a reading missing, or not one the pinyin table gives its character");
        idx[n++] = (unsigned char)i;
        r += rl;
        if (*r == ' ')
            r++;
    }
    if (*r || n == 0)
        return words_fail(err, what, lineno, "not one reading per character");
    return n;
}

/* One line "地上\tdì shàng\ton the ground", cut in place: a word (appended
 * to p->words) or a character's verse reading and senses (set in its entry). */
static int words_line(Pinyin *p, char *line, int lineno, const char *what, const char **prev,
                      TsErr *err)
{
    char *rest = line;
    const char *word = next_field(&rest), *r = next_field(&rest);
    if (!r)
        return words_fail(err, what, lineno, "not two tab-separated fields (word, readings)");
    if (*prev && strcmp(*prev, word) >= 0)
        return words_fail(err, what, lineno, "not in increasing byte order");
    *prev = word;
    unsigned char idx[PINYIN_WORD_MAX];
    const PinyinEntry *ents[PINYIN_WORD_MAX];
    int n = words_readings(p, word, r, idx, ents, lineno, what, err);
    if (n < 0)
        return -1;
    if (n == 1) {
        ((PinyinEntry *)ents[0])->verse = idx[0]; /* p's own entry: pinyin_find returns into it */
        return words_senses(p, ents[0], rest, lineno, what, err);
    }
    const char *gloss = next_field(&rest);
    if (rest)
        return words_fail(err, what, lineno, "more than three fields for a word");
    unsigned char *dst = p->word_readings + (size_t)p->n_words * PINYIN_WORD_MAX;
    memcpy(dst, idx, (size_t)n);
    p->words[p->n_words++] = (PinyinWord){word, n, dst, gloss && strcmp(gloss, "-") ? gloss : ""};
    return 0;
}

int pinyin_words_parse(Pinyin *p, const char *text, size_t len, const char *what, TsErr *err)
{
    TsQuoted q;
    if (len > PINYIN_MAX_BYTES)
        return ts_fail(err, "%s: too large; a word list may hold at most %u MB", ts_quote(&q, what),
                       PINYIN_MAX_BYTES / 1000000);
    if (memchr(text, 0, len))
        return ts_fail(err, "%s: contains a NUL byte: not a word list", ts_quote(&q, what));
    size_t lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    Pinyin w = *p; /* p stays as it was until the whole list is read */
    w.n_words = 0;
    w.word_text = ts_calloc(len + 1, 1, err);
    w.words = ts_calloc(lines, sizeof *w.words, err);
    w.word_readings = ts_calloc(lines, PINYIN_WORD_MAX, err);
    w.syl_gloss = ts_calloc((size_t)p->n_syl + 1, sizeof *w.syl_gloss, err);
    int *verse = ts_calloc((size_t)p->n, sizeof *verse, err);
    int rc = -1;
    if (!w.word_text || !w.words || !w.word_readings || !w.syl_gloss || !verse)
        goto out;
    memcpy(w.word_text, text, len);
    for (int i = 0; i < p->n; i++) { /* the verse readings before, to undo on a failure */
        verse[i] = p->entries[i].verse;
        p->entries[i].verse = 0;
    }
    const char *prev = NULL;
    int lineno = 0;
    char *at = w.word_text;
    for (char *line; (line = next_line(&at, &lineno)) != NULL;)
        if (line[0] && line[0] != '#' && words_line(&w, line, lineno, what, &prev, err) != 0) {
            for (int i = 0; i < p->n; i++)
                p->entries[i].verse = verse[i];
            goto out;
        }
    free(p->words);
    free(p->word_readings);
    free(p->syl_gloss);
    free(p->word_text);
    *p = w;
    w.words = NULL;
    w.word_readings = NULL;
    w.syl_gloss = NULL;
    w.word_text = NULL;
    rc = 0;
out:
    free(w.words);
    free(w.word_readings);
    free(w.syl_gloss);
    free(w.word_text);
    free(verse);
    return rc;
}

int pinyin_words_load(Pinyin *p, const char *path, TsErr *err)
{
    unsigned char *buf;
    size_t len;
    if (read_file(path, FILE_PINYIN, &buf, &len, err) != 0)
        return -1;
    int rc = pinyin_words_parse(p, (const char *)buf, len, path, err);
    free(buf);
    return rc;
}

/* The word of the list spelled by the n characters cps, or NULL. */
static const PinyinWord *find_word(const Pinyin *p, const uint32_t *cps, int n)
{
    char key[PINYIN_WORD_MAX * 4 + 1];
    int len = 0;
    for (int i = 0; i < n; i++)
        len += utf8_encode(cps[i], key + len);
    key[len] = 0;
    int lo = 0, hi = p->n_words;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(p->words[mid].word, key);
        if (c == 0)
            return &p->words[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const char *pinyin_gloss(const Pinyin *p, const PinyinEntry *e, int i)
{
    if (p->syl_gloss && i >= 0 && i < e->count && p->syl_gloss[e->first + i])
        return p->syl_gloss[e->first + i];
    return e->gloss;
}

void pinyin_read_glosses(const Pinyin *p, const uint32_t *cps, int n, int *reading,
                         const char **gloss, int *word_start)
{
    for (int i = 0; i < n;) {
        const PinyinEntry *e = pinyin_find(p, cps[i]);
        if (word_start)
            word_start[i] = i;
        if (!e || e->count == 0) {
            if (gloss)
                gloss[i] = "";
            reading[i++] = -1;
            continue;
        }
        int run = 1; /* the characters with a reading from i on: a word lies within them */
        while (run < PINYIN_WORD_MAX && i + run < n && pinyin_find(p, cps[i + run]))
            run++;
        const PinyinWord *w = NULL;
        for (int len = run; len >= 2 && !w; len--)
            w = find_word(p, cps + i, len);
        if (!w) {
            reading[i] = e->verse;
            if (gloss)
                gloss[i] = pinyin_gloss(p, e, e->verse);
            i++;
            continue;
        }
        for (int k = 0; k < w->n; k++) {
            reading[i + k] = w->readings[k];
            if (word_start)
                word_start[i + k] = i;
            if (gloss) /* a word without senses: each character's for its reading */
                gloss[i + k] = w->gloss[0] ? w->gloss
                                           : pinyin_gloss(p, pinyin_find(p, cps[i + k]), w->readings[k]);
        }
        i += w->n;
    }
}

void pinyin_read_text(const Pinyin *p, const uint32_t *cps, int n, int *reading)
{
    pinyin_read_glosses(p, cps, n, reading, NULL, NULL);
}

int pinyin_count(const Pinyin *p, const Vocab *v, const PinyinSyllable *q)
{
    int n = 0;
    for (int i = 0; i < p->n; i++)
        n += pinyin_matches(p, &p->entries[i], q) && vocab_id(v, p->entries[i].cp) >= 0;
    return n;
}
