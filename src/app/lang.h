/* lang.h - the interface languages: one row of a table each.
 *
 * A language is its row in LANGUAGES (lang.c): the code --lang and the
 * lesson folders use, its name in itself, the locale names that choose it,
 * how it writes numbers (probfmt.h NumStyle), its quotation marks, its
 * plural rule and the names of the keys on its keyboards. Its words are a
 * column of the label table (labels.c), its lessons a folder lessons/CODE.
 * Nothing else in the program lists the languages: help texts, error lines
 * and the `lang` verb of the lessons read the codes from here.
 */
#ifndef TS_LANG_H
#define TS_LANG_H

#include <stddef.h>

#include "app/textw.h"
#include "engine/probfmt.h"

/* The interface languages, in the order `l` cycles through them; the index
 * of a row of LANGUAGES and of a column of the labels. */
typedef enum { LANG_EN, LANG_ZH, LANG_DE, LANG_FR, LANG_COUNT } AppLang;

/* Which form a counted noun takes (labels.h app_label_n). */
typedef enum {
    PLURAL_ONE,      /* the singular for 1 (English, German) */
    PLURAL_ZERO_ONE, /* the singular for 0 and 1 (French) */
    PLURAL_NONE,     /* one form for every count (Chinese) */
} PluralRule;

/* The keys the interface names, as the language's keyboards label them. */
typedef enum {
    KN_SPACE,
    KN_ENTER,
    KN_BACKSPACE,
    KN_ESC,
    KN_TAB,
    KN_SHIFT_TAB,
    KN_CTRL,   /* a prefix: "Ctrl-", "Strg-" */
    KN_SHIFT,  /* a prefix: "Shift-", "Umschalt-", "Maj-" */
    KN_PGUP,
    KN_PGDN,
    KN_DEL,
    KN_MOUSE,  /* not a key: the mouse, in the help's key column */
    KN_COUNT
} KeyNameId;

/* The codes ("de": --lang, lessons/de, `lang de`), in AppLang order, then
 * NULL: the row's first column. */
extern const char *const APP_LANG_CODES[LANG_COUNT + 1];

/* The rest of a language's row. */
typedef struct {
    const char *name;              /* "Deutsch": the language's own name */
    const char *tag;               /* "DE": how the help's language line lists it */
    const char *locales;           /* the locale languages that choose it,
                                    * space-separated: "de" for de_DE.UTF-8 */
    NumStyle num;                  /* numbers, percentages, odds, bytes */
    double large;                  /* the unit a large count is read in, which
                                    * its labels name: a million (M, Mio.,
                                    * millions), or 万 in Chinese (10,000) */
    int large_decimals;            /* its decimals: 5.22 M, 522 万 */
    const char *quote_open, *quote_close; /* around a quoted text: „春风“ */
    const char *echo_open, *echo_close; /* around what a message echoes of the
                                    * user's input (ts_quote): 'x', „x“, « x » */
    const char *colon, *semicolon; /* after a word, with the spaces the language
                                    * puts around them: ": ", " : ", "：" */
    PluralRule plural;
    TextwLang wrap;                /* how its lines break (its quotation marks) */
    const char *keys[KN_COUNT];    /* KeyNameId order */
} Language;

/* The row of a language (English for one out of range). */
const Language *lang_row(AppLang lang);

/* The AppLang of a code ("de"); -1 for anything else. */
int app_lang_parse(const char *code);
/* The code of a language ("de"). */
const char *app_lang_code(AppLang lang);
/* The codes joined by sep, in table order: "en|zh|de|fr" with "|". */
const char *app_lang_codes(const char *sep);
/* The tags joined by spaces, in table order: "EN 中文 DE FR". */
const char *app_lang_tags(void);
/* The label language the environment asks for: the first of LC_ALL,
 * LC_MESSAGES and LANG that is set and not empty decides; a locale whose
 * language (before _ . @) is one of a row's `locales` chooses that row,
 * anything else English. */
AppLang app_lang_from_env(void);
/* The name of a key in a language: "Leertaste". */
const char *app_key_name(AppLang lang, KeyNameId key);

#endif
