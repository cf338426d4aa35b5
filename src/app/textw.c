/* textw.c - measuring and cropping text by screen columns (see textw.h). */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include "app/textw.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "engine/vocab.h"

int textw_printable(uint32_t cp) { return cp >= 0x20 && wcwidth((wchar_t)cp) >= 0; }

int textw_cp_width(uint32_t cp)
{
    int w = wcwidth((wchar_t)cp);
    return w < 0 ? 1 : w;
}

/* One step through s: the next character's byte length and columns. */
static size_t step(const char *s, size_t len, size_t pos, int *cols)
{
    uint32_t cp;
    size_t at = pos;
    if (utf8_decode(s, len, &at, &cp) != 0) {
        *cols = 1;
        return 1;
    }
    *cols = textw_cp_width(cp);
    return at - pos;
}

int textw_width(const char *s)
{
    size_t len = strlen(s), pos = 0;
    int total = 0, w;
    while (pos < len) {
        pos += step(s, len, pos, &w);
        total += w;
    }
    return total;
}

size_t textw_fit(const char *s, int cols, int *used)
{
    size_t len = strlen(s), pos = 0;
    int total = 0, w;
    while (pos < len) {
        size_t n = step(s, len, pos, &w);
        if (total + w > cols)
            break;
        total += w;
        pos += n;
    }
    if (used)
        *used = total;
    return pos;
}

size_t textw_fit_tail(const char *s, int cols)
{
    size_t len = strlen(s), pos = 0;
    int over = textw_width(s) - cols, w;
    while (over > 0 && pos < len) {
        pos += step(s, len, pos, &w);
        over -= w;
    }
    return pos;
}

int textw_ascii_terminal(void)
{
    const char *term = getenv("TERM"), *force = getenv("TANGSCOPE_ASCII");
    if (force && *force)
        return 1;
    return !term || strncmp(term, "vt", 2) == 0 || strcmp(term, "linux") == 0 ||
           strcmp(term, "dumb") == 0;
}

/* Is a code point starting at s[pos] (or ending just before it, when
 * before is set) wide? */
static int wide_at(const char *s, size_t len, size_t pos, int before)
{
    if (before) {
        if (pos == 0)
            return 0;
        do
            pos--;
        while (pos > 0 && ((unsigned char)s[pos] & 0xC0) == 0x80);
    }
    int w;
    step(s, len, pos, &w);
    return w == 2;
}

/* Chinese punctuation that may not open a line: the character before it
 * goes to the next line with it. */
static int closes(const char *s, size_t len)
{
    static const char *const MARKS[] = {"，", "。", "、", "；", "：", "？", "！", "」", "』",
                                        "）", "”", "’", "》", "〉", "…"};
    for (size_t i = 0; i < sizeof MARKS / sizeof MARKS[0]; i++) {
        size_t n = strlen(MARKS[i]);
        if (len >= n && memcmp(s, MARKS[i], n) == 0)
            return 1;
    }
    return 0;
}

/* Chinese punctuation that may not close a line: the character after it
 * comes up with it (「 at a line's end would open nothing). */
static int opens_before(const char *s, size_t pos)
{
    static const char *const MARKS[] = {"「", "『", "（", "“", "‘", "《", "〈", "("};
    for (size_t i = 0; i < sizeof MARKS / sizeof MARKS[0]; i++) {
        size_t n = strlen(MARKS[i]);
        if (pos >= n && memcmp(s + pos - n, MARKS[i], n) == 0)
            return 1;
    }
    return 0;
}

/* A no-break space (U+00A0, U+202F) starts at pos or ends just before it:
 * French puts one before : ; ? ! and inside « », and lessons put them inside
 * `code` (lesson_plain_text), so neither may be cut there. */
static int glued(const char *s, size_t len, size_t pos)
{
    static const char *const GLUE[] = {"\xC2\xA0", "\xE2\x80\xAF"};
    for (size_t i = 0; i < 2; i++) {
        size_t n = strlen(GLUE[i]);
        if ((pos + n <= len && memcmp(s + pos, GLUE[i], n) == 0) ||
            (pos >= n && memcmp(s + pos - n, GLUE[i], n) == 0))
            return 1;
    }
    return 0;
}

/* May a line end at byte b (before s[b])? Before a space, or beside a Chinese
 * character; never before closing punctuation, after opening punctuation or
 * beside a no-break space. */
static int may_break(const char *s, size_t len, size_t b)
{
    if (b == 0 || b >= len)
        return 0;
    /* at a space: before it (the space itself goes, textw_lines skips it) */
    int place = s[b] == ' ' || wide_at(s, len, b, 0) || wide_at(s, len, b, 1);
    return place && !closes(s + b, len - b) && !opens_before(s, b) && !glued(s, len, b);
}

/* textw_wrap on the first len bytes of s (a line with no newline in it): the
 * last place a line may end (may_break) among what fits, else (one word
 * longer than the line) where it stops fitting. */
static size_t break_at(const char *s, size_t len, int cols)
{
    size_t n = 0;
    int total = 0, w;
    while (n < len) {
        size_t k = step(s, len, n, &w);
        if (total + w > cols)
            break;
        total += w;
        n += k;
    }
    if (n == 0) /* not even one character fits: take it anyway, so the text moves on */
        return len ? step(s, len, 0, &w) : 0;
    if (n == len)
        return n;
    for (size_t b = n; b > 0; b--) {
        if (((unsigned char)s[b] & 0xC0) == 0x80)
            continue; /* inside a character */
        if (may_break(s, len, b))
            return b;
    }
    return n;
}

size_t textw_wrap(const char *s, int cols) { return break_at(s, strlen(s), cols); }

int textw_lines(const char *s, int cols, TextSpan *lines, int max)
{
    int n = 0;
    const char *p = s;
    if (cols < 1)
        cols = 1;
    for (;;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p), at = 0;
        do { /* one line of the text: one or more lines on the screen */
            size_t take = break_at(p + at, len - at, cols), shown = take;
            while (shown > 0 && at + take < len && p[at + shown - 1] == ' ')
                shown--; /* the spaces where a line wraps are not shown */
            if (n < max)
                lines[n] = (TextSpan){(size_t)(p + at - s), shown};
            n++;
            at += take;
            while (at < len && p[at] == ' ')
                at++;
        } while (at < len);
        if (!nl)
            break;
        p = nl + 1;
        if (!*p)
            break;
    }
    return n;
}
