/* textw.h - how wide text is on the screen, and cutting it to fit.
 *
 * The one place that measures text. A terminal cell is a column: a Chinese
 * character takes two, a combining mark none, most others one. Text is
 * always cropped by columns, never by bytes or characters, so a line of
 * Chinese and a line of English end at the same edge and no character is
 * ever cut in half. No curses here: measuring is plain C, so the screen
 * draws with it and the unit tests check the labels' widths with it.
 *
 * Widths come from wcwidth, which follows the locale's character type: the
 * caller sets a UTF-8 LC_CTYPE first (the explorer does; so do the tests).
 */
#ifndef TS_TEXTW_H
#define TS_TEXTW_H

#include <stddef.h>
#include <stdint.h>

/* Columns one code point takes (wcwidth): 2 for wide characters, 0 for
 * combining marks, 1 otherwise. Control and unprintable characters count 1:
 * the screen draws them as a replacement character. */
int textw_cp_width(uint32_t cp);

/* Can this code point be drawn as it is: not a control character, not a
 * bidirectional control or separator (ts_cp_unsafe), not unprintable? */
int textw_printable(uint32_t cp);

/* Columns of a UTF-8 string; a malformed byte counts as one column. */
int textw_width(const char *s);

/* Bytes of the longest start of s that fits in cols columns (a wide
 * character that would straddle the edge is left out). *used, if not NULL,
 * receives the columns that start takes. */
size_t textw_fit(const char *s, int cols, int *used);

/* Bytes to skip so that the rest of s fits in cols columns (keeps the end,
 * for text that grows at the right, like the prompt). */
size_t textw_fit_tail(const char *s, int cols);

/* One line of wrapped text: bytes [start, start + len) of the string, drawn
 * indent columns to the right (textw_lines_in: the continuation of a line
 * that starts with spaces, such as a line of code; else 0). */
typedef struct {
    size_t start, len;
    int indent;
} TextSpan;


/* ---- the terminal conventions every screen shares ----
 * The one home of the locale and the glyph choice: the command line
 * (cli_lang_init, for every command and the training view) and the
 * explorer (tui_locale_utf8) call these. */

/* A UTF-8 character type for measuring and drawing text: the user's own
 * locale (LC_ALL, LC_CTYPE, LANG), else C.UTF-8. Only LC_CTYPE changes:
 * numbers stay C's (the number formatter writes each language's own) and the
 * C library's messages stay English (the messages' table translates them).
 * Returns 0, or -1 when neither is a UTF-8 locale (C.UTF-8 not installed). */
int textw_locale_utf8(void);

/* Terminals that cannot draw block or braille characters: TERM unset, vt*,
 * linux or dumb, or TANGSCOPE_ASCII set (to anything but empty; explore
 * --ascii sets it). Whoever draws (the explorer, the training view) then
 * uses ASCII stand-ins. */
int textw_ascii_terminal(void);
/* --ascii (explore, lesson, train): from now on textw_ascii_terminal says 1. */
void textw_use_ascii(void);

/* Whose rules break a line: they differ only in the quotation marks (“ opens
 * an English or Chinese quotation, closes a German one; » closes a French
 * one, opens a German one). Each language's row (lang.c) names the rules it
 * follows. */
typedef enum { TEXTW_EN, TEXTW_ZH, TEXTW_DE, TEXTW_FR } TextwLang;

/* Bytes of the first line when s is broken into lines of cols columns, by
 * these rules (textw.c has them in full):
 *   - a line ends at spaces, or between two characters either of which is
 *     wide (Chinese may break anywhere), never inside a word of letters,
 *     digits or signs ("--stats", "écrire", "top-k");
 *   - no-break spaces (U+00A0, U+202F) and the word joiner (U+2060) never
 *     break: French keeps " :" and « » with their words;
 *   - closing punctuation never opens a line (，。、；：？！」』）》, , . ; : ! ? )
 *     and closing quotes): the character before it moves down with it;
 *     opening punctuation (「『（《 ( [ and opening quotes) never ends one;
 *   - a number stays with the word before it ("top-k 20", "--seed 1").
 * A word longer than a whole line is cut, and a line always takes at least
 * one character. Spaces at the start of s are not skipped: the caller skips
 * them before each line. textw_wrap follows the English quotation marks. */
size_t textw_wrap(const char *s, int cols);
size_t textw_wrap_in(const char *s, int cols, TextwLang lang);

/* All the lines of s at cols columns: a new one at every newline, and where
 * textw_wrap breaks. A line that wraps drops the spaces at its end and those
 * the next would start with. Fills at most max spans and returns how many
 * lines there are (also those past max). textw_lines_in, for a lesson's
 * narration, also keeps the indentation of a line that starts with spaces
 * (code): what it wraps onto stands two columns deeper (TextSpan.indent),
 * when that leaves half the width; and it keeps Chinese words whole: amid
 * another language every run of Chinese characters, in Chinese a word quoted
 * alone (“春风”, 「黄河入海」, up to six characters). */
int textw_lines(const char *s, int cols, TextSpan *lines, int max);
int textw_lines_in(const char *s, int cols, TextwLang lang, TextSpan *lines, int max);

#endif
