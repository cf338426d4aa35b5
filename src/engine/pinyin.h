/* pinyin.h - the Mandarin readings and a short English gloss of each character,
 * and the characters that have a typed reading: the model as an input method.
 *
 * The table is assets/pinyin.tsv (tools/build-pinyin.sh writes it from
 * Unihan), one line per character, four tab-separated fields:
 *
 *   U+6625 <TAB> 春 <TAB> chūn <TAB> spring
 *
 * the code point, the character, its readings with tone marks separated by
 * spaces (the customary one first; "-" for none), and a gloss ("-" for none). Lines
 * starting with '#' are comments. Lines are in increasing code point order.
 *
 * A syllable is compared without its spelling's details: lower-case ASCII
 * letters with ü written v, and a tone 1-4 or 5 (neutral). A reading in the
 * table without a tone mark is neutral (了 le). What a user types may carry a
 * tone mark (chūn), a tone digit (chun1; 5 or 0 for the neutral tone) or
 * nothing (chun: any tone), and writes ü as ü, v or u: (lü, lv, lu:). After
 * j, q, x and y, pinyin writes ü as u (ju, que, xue, yu), and so does the
 * table; jv is read as ju.
 */
#ifndef TS_PINYIN_H
#define TS_PINYIN_H

#include <stddef.h>
#include <stdint.h>

#include "engine/common.h"
#include "engine/vocab.h"

/* The largest table pinyin_load reads (file_limit(FILE_PINYIN), fileio.h):
 * the model's 7,308 Han characters take about 220 KB. */
#define PINYIN_MAX_BYTES 4000000u
#define PINYIN_BASE_MAX 7 /* letters of the longest syllable ("zhuang", with room) */
#define PINYIN_WORD_MAX 8 /* characters of the longest word of a word list */

typedef struct {
    char base[PINYIN_BASE_MAX + 1]; /* "chun", "lv": lower-case ASCII, NUL-terminated */
    int tone;                       /* 1..4, 5 neutral; in a query 0 means any tone */
} PinyinSyllable;

typedef struct {
    const char *word;              /* "地上": UTF-8, 2 to PINYIN_WORD_MAX characters */
    int n;                         /* its characters */
    const unsigned char *readings; /* [n]: the reading (PinyinEntry index) of each */
    const char *gloss;             /* "on the ground": the word's senses; "" for none */
} PinyinWord;

typedef struct {
    uint32_t cp;
    const char *readings; /* "zhǎng cháng": tone marks, customary first; "" for none */
    const char *gloss;    /* "long"; "" when the table has none */
    int first, count;     /* its readings as syllables: Pinyin.syl[first .. first + count) */
    int verse;            /* which reading it has alone in classical verse (words.tsv; else 0) */
} PinyinEntry;

typedef struct {
    PinyinEntry *entries; /* [n] by code point, increasing; owned */
    int n;
    PinyinSyllable *syl;  /* [n_syl] every entry's readings, in order; owned */
    int n_syl;
    char *text;           /* the table's bytes, fields cut in place; owned */
    /* the words (pinyin_words_load), sorted by their UTF-8 bytes */
    PinyinWord *words;    /* [n_words]; owned */
    int n_words;
    unsigned char *word_readings; /* each word's reading indices, one per character; owned */
    const char **syl_gloss; /* [n_syl] the word list's senses of each reading (還 huán
                             * "to pay back; to return"), NULL for none; owned, or NULL */
    char *word_text;      /* the word list's bytes, cut in place; owned */
} Pinyin;

/* Read the table at path (at most PINYIN_MAX_BYTES). Fails with a message
 * naming the file, and for a damaged line its number and what is wrong. */
int pinyin_load(Pinyin *p, const char *path, TsErr *err);

/* The same from len bytes of text (copied); `what` names it in messages. */
int pinyin_parse(Pinyin *p, const char *text, size_t len, const char *what, TsErr *err);

void pinyin_free(Pinyin *p);

/* Add a word list (assets/words.tsv, tools/build-words.sh) to a loaded table:
 * after comment lines starting with '#', lines of tab-separated fields
 *
 *   地上 <TAB> dì shàng <TAB> on the ground    a word, the reading of each of
 *                                               its characters, its senses
 *   长 <TAB> cháng <TAB> chief <TAB> long       a character's reading alone in
 *                                               classical verse, then the senses
 *                                               of each of its readings in the
 *                                               table's order ("-" for none)
 *
 * in increasing byte order, each reading one the table gives the character;
 * the senses are optional (fewer fields: none).
 * Fails, leaving p as it was, with a message naming the file and the line. */
int pinyin_words_load(Pinyin *p, const char *path, TsErr *err);
int pinyin_words_parse(Pinyin *p, const char *text, size_t len, const char *what, TsErr *err);

/* The reading of each of the n characters cps as a text reads them: at each
 * place the longest word of the list that starts there, else the character's
 * verse reading. reading[i] is an index for pinyin_reading of cps[i]'s entry,
 * or -1 when the table lacks it (punctuation, which also ends a word). */
void pinyin_read_text(const Pinyin *p, const uint32_t *cps, int n, int *reading);

/* The same as pinyin_read_text, and gloss[i] the meaning of character i as
 * read there: the senses of the word it belongs to when the list gives them
 * (the same pointer for each of the word's characters; word_start[i] is the
 * index of its first character, i for a character alone), else those of its
 * reading (pinyin_gloss); "" for none. gloss and word_start may be NULL. */
void pinyin_read_glosses(const Pinyin *p, const uint32_t *cps, int n, int *reading,
                         const char **gloss, int *word_start);

/* The meaning of reading i of e: the word list's senses of that reading (还
 * huán "to pay back; to return"), else the table's gloss (Unihan's, which
 * belongs to the customary reading); "" for none. */
const char *pinyin_gloss(const Pinyin *p, const PinyinEntry *e, int i);

/* The entry of cp, or NULL if the table lacks it (punctuation, the newline). */
const PinyinEntry *pinyin_find(const Pinyin *p, uint32_t cp);

/* Copy reading i (0 = the customary one) of e into out, NUL-terminated and
 * cut to fit; returns its length, or -1 if e has fewer readings. */
int pinyin_reading(const PinyinEntry *e, int i, char *out, size_t size);

/* Read one typed syllable ("chun", "chun1", "chūn", "lv4", "lu:", "LÜ").
 * Fails with a message quoting it if it is not letters with at most one
 * tone (a mark or a final digit 0-5). */
int pinyin_syllable_parse(const char *typed, PinyinSyllable *out, TsErr *err);

/* 1 if e has a reading matching q (same letters; same tone unless q's is 0). */
int pinyin_matches(const Pinyin *p, const PinyinEntry *e, const PinyinSyllable *q);
/* Which of e's readings matches q: its index (0 = the customary one, as
 * pinyin_reading counts), or -1 for none (行 typed hang: 1, háng). */
int pinyin_match_index(const Pinyin *p, const PinyinEntry *e, const PinyinSyllable *q);

typedef struct {
    int id;  /* token id */
    float p; /* probs[id] */
} PinyinCandidate;

/* The characters of vocabulary v with the reading q, most probable first
 * under probs ([v->size], e.g. the model's next-character softmax; equal
 * probabilities in token order). Writes the first max of them to out and
 * returns how many there are in all, which may be more than max. */
int pinyin_rank(const Pinyin *p, const Vocab *v, const PinyinSyllable *q, const float *probs,
                PinyinCandidate *out, int max);
/* How many characters of vocabulary v have the reading q (0: a syllable no
 * character of the model reads, which the commands refuse as a mistake). */
int pinyin_count(const Pinyin *p, const Vocab *v, const PinyinSyllable *q);

#endif
