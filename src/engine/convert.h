/* convert.h - forgiving input: what a user types, in the characters the model
 * reads.
 *
 * Every text a user gives (a CLI prompt, acrostic heads, a corpus context,
 * what is typed or pasted in the explorer) goes through convert_text before
 * the model sees it:
 *
 * - traditional characters become simplified with OpenCC's own library and
 *   its t2s configuration, the conversion the training text went through
 *   (風 → 风, 國 → 国, 龍 → 龙);
 * - ASCII , the ideographic 、 and the half-width ､ become the model's
 *   comma ， (U+FF0C); ASCII . ? ! their full-width forms ． ？ ！ and the
 *   half-width ｡ become its full stop 。 (U+3002). The model knows no other
 *   punctuation: a question or an exclamation ends a line as 。 does.
 *
 * Only what the model does not know is converted, and only into what it
 * knows. A character it knows is kept as typed, even where t2s would change
 * it: the training text holds 乾, 於 and 徵 where the conversion kept them in
 * their phrase, and the model has learnt them there. A conversion that gives
 * another unknown character is not made, so an error names what the user
 * typed. (With no vocabulary, everything is converted.) OpenCC converts whole phrases, so the text goes
 * to it in one piece; its data is opened on first need, so a text of known
 * characters never touches it. If OpenCC's data cannot be loaded the text is
 * left as it is, punctuation still converted, and Converted.no_opencc says
 * that a conversion was needed and could not be done.
 */
#ifndef TS_CONVERT_H
#define TS_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/common.h"
#include "engine/vocab.h"

#define CONVERT_MAX_PAIRS 16 /* changes a Converted lists (the rest are counted) */

typedef struct {
    const char *config;   /* OpenCC's configuration file: "t2s.json" unless set; not owned */
    void *cc;             /* OpenCC's converter, opened on first need; NULL before or without */
    int tried;            /* opening was attempted */
    char why[TS_ERR_MAX]; /* why OpenCC could not be opened, when tried and cc is NULL */
} Converter;

/* One change: from -> to, e.g. 風 -> 风, ',' -> ，. */
typedef struct {
    uint32_t from, to;
} ConvertPair;

typedef struct {
    char *text;           /* the converted text, UTF-8, NUL-terminated; owned */
    size_t len;           /* its bytes */
    ConvertPair pairs[CONVERT_MAX_PAIRS]; /* the first different changes, once each */
    int n_pairs;
    int changed;          /* characters changed in all (0: the text is as typed) */
    int more_pairs;       /* 1 if some different change is not in pairs */
    int no_opencc;        /* some character needed OpenCC, which could not be loaded */
    char why[TS_ERR_MAX]; /* then why not (as Converter.why) */
} Converted;

/* Whether this build has OpenCC: a build without it (make OPENCC=0) leaves
 * traditional characters as typed, with Converted.no_opencc set and its why
 * saying what to install. */
bool convert_has_opencc(void);

/* Prepare a converter for OpenCC configuration `config` (a name OpenCC
 * finds in its data directory, or a path; NULL for "t2s.json"). Nothing is
 * loaded until a text needs it. */
void convert_init(Converter *c, const char *config);
void convert_close(Converter *c);

/* Convert len bytes of text for vocabulary v (NULL: as if it knew nothing).
 * Malformed UTF-8 is copied unchanged (the encoder then names it). Fails only
 * when out of memory; free out with converted_free. */
int convert_text(Converter *c, const Vocab *v, const char *text, size_t len, Converted *out,
                 TsErr *err);
void converted_free(Converted *out);

/* The punctuation rule alone: ， or 。 for the marks above, else 0. */
uint32_t convert_punct(uint32_t cp);

#endif
