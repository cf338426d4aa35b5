/* textw.h - how wide text is on the screen, and cutting it to fit.
 *
 * The one place that measures text. A terminal cell is a column: a Chinese
 * character takes two, a combining mark none, most others one. Text is
 * always cropped by columns, never by bytes or characters, so a line of
 * Chinese and a line of English end at the same edge and no character is
 * ever cut in half. No curses here: measuring is plain C.
 */
#ifndef TS_TEXTW_H
#define TS_TEXTW_H

#include <stddef.h>
#include <stdint.h>

/* Columns one code point takes (wcwidth): 2 for wide characters, 0 for
 * combining marks, 1 otherwise. Control and unprintable characters count 1:
 * the screen draws them as a replacement character. */
int textw_cp_width(uint32_t cp);

/* Can this code point be drawn as it is (not a control or unprintable)? */
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

/* One line of wrapped text: bytes [start, start + len) of the string. */
typedef struct {
    size_t start, len;
} TextSpan;

/* Break s into lines of at most cols columns: at every newline, and where a
 * line is full: after the last space in Latin text, anywhere in Chinese. A
 * line that wraps drops the spaces it would start with. Fills at most max
 * spans and returns how many lines there are (also those past max). */
int textw_wrap(const char *s, int cols, TextSpan *lines, int max);

/* Terminals that cannot draw block or braille characters: TERM unset, vt*,
 * linux or dumb, or TANGSCOPE_ASCII set (to anything but empty). Whoever
 * draws (the explorer, the training view) then uses ASCII stand-ins. */
int textw_ascii_terminal(void);

#endif
