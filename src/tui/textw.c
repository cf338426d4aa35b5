/* textw.c - measuring and cropping text by screen columns (see textw.h). */
#include "textw.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "vocab.h"

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

/* The bytes of the line that starts at s (no newline in it) that fit in
 * cols columns, backed up to a space when the cut would split a Latin word. */
static size_t fit_line(const char *s, size_t len, int cols)
{
    size_t pos = 0, space = 0, last = 0; /* last: where the last character that fits starts */
    int total = 0, w;
    while (pos < len) {
        size_t n = step(s, len, pos, &w);
        if (total + w > cols)
            break;
        if (s[pos] == ' ')
            space = pos;
        last = pos;
        total += w;
        pos += n;
    }
    if (pos >= len || pos == 0)
        return pos == 0 && len > 0 ? step(s, len, 0, &w) : pos; /* always move on */
    if (closes(s + pos, len - pos) && last > 0)
        return last;
    /* Chinese may break between any two characters; other text only at a space */
    int before, after;
    step(s, len, last, &before);
    step(s, len, pos, &after);
    int in_word = s[pos] != ' ' && s[last] != ' ' && before < 2 && after < 2;
    return in_word && space > 0 ? space : pos;
}

int textw_wrap(const char *s, int cols, TextSpan *lines, int max)
{
    int n = 0;
    const char *p = s;
    if (cols < 1)
        cols = 1;
    for (;;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p), at = 0;
        do { /* one line of the text: one or more lines on the screen */
            size_t take = fit_line(p + at, len - at, cols), shown = take;
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

int textw_ascii_terminal(void)
{
    const char *term = getenv("TERM"), *force = getenv("TANGSCOPE_ASCII");
    if (force && *force)
        return 1;
    return !term || strncmp(term, "vt", 2) == 0 || strcmp(term, "linux") == 0 ||
           strcmp(term, "dumb") == 0;
}
