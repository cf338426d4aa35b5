/* po.h - the program's texts in every language, from po/ (one lookup).
 *
 * Every text people read is written in po/: English in the template
 * po/tangscope.pot, each other language in po/CODE.po (GNU gettext's PO
 * format, for Poedit or Weblate). tools/po2c.c turns them into the tables
 * below at build time (build/gen/po_tables.c); nothing is read at run time
 * and no gettext is needed. A text a language lacks falls back to English,
 * and `make check-po` lists it.
 *
 * The texts are found by what they are: a label by its LabelId, a command's
 * --help by the command's name, a lesson verb's line by the verb, a sampler
 * setting's or stage's words by its context ("setting top-p", "setting-help
 * top-p", "stage top_p": the name in the engine's tables), a message
 * of the program (an engine error, a command line's error line) by its
 * English text, as gettext does.
 */
#ifndef TS_PO_H
#define TS_PO_H

#include "app/labels.h"
#include "app/lang.h"

/* A text keyed by a name (help, verbs) or by its English (messages); libc:
 * the English is the C library's text for an errno (strerror). */
typedef struct {
    const char *key;
    const char *text;
    int libc;
} PoPair;

/* One PO file's texts; pairs sorted by key, a NULL key after the last. */
typedef struct {
    const char *code;            /* "de"; the template's is "en" */
    const char *const *labels;   /* LBL_COUNT of them, NULL where untranslated */
    const PoPair *help;
    int n_help;
    const PoPair *verbs;
    int n_verbs;
    const PoPair *words; /* keyed by the whole context, "setting top-p" */
    int n_words;
    const PoPair *messages;
    int n_messages;
} PoCatalog;

/* The generated tables: the template (English) first. */
extern const PoCatalog PO_CATALOGS[];
extern const int PO_N_CATALOGS;

/* A label in lang, or English; NULL only for an id the template lacks. */
const char *po_label(AppLang lang, LabelId id);
/* The --help of command cmd in lang, or English; NULL when there is none. */
const char *po_help(AppLang lang, const char *cmd);
/* The line of lesson verb `verb` in lang, or English; NULL when none. */
const char *po_verb(AppLang lang, const char *verb);
/* A word by its whole context ("setting top-p", "stage top_p") in lang, or
 * English; NULL when the template has none. */
const char *po_word(AppLang lang, const char *ctx);
/* The same in lang's own PO file only (the template's for English): NULL
 * when that language lacks it, for the tests that hold every setting to its
 * words. */
const char *po_word_own(AppLang lang, const char *ctx);
/* A message (english, as the program writes it) in lang; NULL when that
 * language has no translation of it. */
const char *po_message(AppLang lang, const char *english);

/* A message in lang, or english itself when lang has no translation of it
 * (gettext's _()). */
const char *po_text(AppLang lang, const char *english);

/* The messages of the template, for tests: the i-th English (NULL past the
 * end) and whether it is the C library's. */
const char *po_message_at(int i, int *libc);

#endif
