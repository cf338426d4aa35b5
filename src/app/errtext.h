/* errtext.h - the engine's messages, and the command line's own error lines,
 * in the interface language.
 *
 * The engine writes its messages in English (common.h ts_fail) and knows no
 * language; it asks a translator installed by the program for each format,
 * each phrase a message takes as an argument, and the C library's text for an
 * errno. This is that translator: a table whose rows are an English text as
 * the engine writes it and the same in every other language, with the same
 * printf conversions in the same order (test_errtext holds every row to this
 * and every English cell to a text the engine or the command line really
 * writes). The command line's cli_error looks its format up here too. A text
 * with no row stays English.
 */
#ifndef TS_ERRTEXT_H
#define TS_ERRTEXT_H

#include "app/lang.h"

/* From now on the engine's messages speak lang, and quote what they echo of
 * the user's input with its marks (lang.h echo_open; installs the translator
 * and the marks; call it first before any thread, then whenever the language
 * changes). */
void errtext_use(AppLang lang);
/* A message as the installed language sets it, in place (msg holds size
 * bytes): no ASCII space beside its quotation marks where those are
 * full-width (「x」, not 「x」 with spaces), and where its colon has a no-break
 * space before it (French) one before each : ; ? ! too. cli_error and the
 * lessons' script_fail pass their messages through it. */
void errtext_typeset(char *msg, size_t size);
/* english in lang, or NULL when the table has no row for it. */
const char *errtext_in(AppLang lang, const char *english);

/* The table, for tests: row i's text in lang (NULL past the end); whether the
 * row's English is the C library's (strerror), not the engine's own. */
const char *errtext_row(int i, AppLang lang);
int errtext_row_is_libc(int i);

#endif
