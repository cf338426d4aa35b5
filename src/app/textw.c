/* textw.c - measuring and cropping text by screen columns (see textw.h). */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include "app/textw.h"

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "engine/vocab.h"

int textw_printable(uint32_t cp)
{
    return cp >= 0x20 && !ts_cp_unsafe(cp) && wcwidth((wchar_t)cp) >= 0;
}

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

static int codeset_utf8(void) { return strcmp(nl_langinfo(CODESET), "UTF-8") == 0; }

int textw_locale_utf8(void)
{
    setlocale(LC_CTYPE, "");
    if (!codeset_utf8() && !setlocale(LC_CTYPE, "C.UTF-8") && !setlocale(LC_CTYPE, "C.utf8"))
        setlocale(LC_CTYPE, "");
    return codeset_utf8() ? 0 : -1;
}

void textw_use_ascii(void) { setenv("TANGSCOPE_ASCII", "1", 1); }

int textw_ascii_terminal(void)
{
    const char *term = getenv("TERM"), *force = getenv("TANGSCOPE_ASCII");
    if (force && *force)
        return 1;
    return !term || strncmp(term, "vt", 2) == 0 || strcmp(term, "linux") == 0 ||
           strcmp(term, "dumb") == 0;
}

/* ---- where a line may break ----
 *
 * A break is allowed at a run of spaces, or between two characters with no
 * space between them when either is wide (Chinese breaks anywhere), unless
 * one of the rules below forbids it:
 *   - no-break spaces (U+00A0, U+202F) and the word joiner glue their two
 *     neighbours: French puts one before : ; ? ! and inside « »;
 *   - closing punctuation never opens a line (，。、；：？！」』）》, also , . ; : ! ? ) ] } %
 *     and the language's closing quotation marks), even after a space: a
 *     French " :" stays with its word;
 *   - opening punctuation never ends a line (「『（《, ( [ {, and the
 *     language's opening quotation marks);
 *   - a number stays with the word before it ("top-k 20", "--seed 1",
 *     "7 311", "温度 0.3"); an option of a command ("--stats") is one word.
 * Only the quotation marks differ between the languages: “ opens English and
 * Chinese quotations but closes German ones („so“), » closes French ones
 * (« ainsi ») but opens German ones (»so«). */

/* One character of s: its code point, where it starts, where the next one
 * starts, and its columns. */
typedef struct {
    uint32_t cp;
    size_t at, next;
    int w;
} Ch;

static Ch ch_at(const char *s, size_t len, size_t pos)
{
    Ch c = {0xFFFD, pos, pos + 1, 1};
    size_t at = pos;
    if (utf8_decode(s, len, &at, &c.cp) == 0) {
        c.next = at;
        c.w = textw_cp_width(c.cp);
    } else {
        c.cp = 0xFFFD;
    }
    return c;
}

/* The character that ends just before pos (pos > 0). */
static Ch ch_before(const char *s, size_t len, size_t pos)
{
    return ch_at(s, len, utf8_back(s, pos));
}

static int in_list(uint32_t cp, const uint32_t *list)
{
    for (; *list; list++)
        if (*list == cp)
            return 1;
    return 0;
}

static int is_glue(uint32_t cp) { return cp == 0x00A0 || cp == 0x202F || cp == 0x2060 || cp == 0xFEFF; }

static int closes(uint32_t cp, TextwLang lang)
{
    static const uint32_t ALL[] = {0xFF0C, 0x3002, 0x3001, 0xFF1B, 0xFF1A, 0xFF1F, 0xFF01, 0x300D,
                                   0x300F, 0xFF09, 0x300B, 0x3009, 0x3011, 0x3015, 0xFF3D, 0xFF0E,
                                   0x2026, 0x22EF, 0x30FC, 0x3005, ',',    '.',    ';',    ':',
                                   '!',    '?',    ')',    ']',    '}',    '%',    0};
    static const uint32_t EN[] = {0x201D, 0x2019, 0}, DE[] = {0x201C, 0x2018, 0x00AB, 0x2039, 0},
                          FR[] = {0x00BB, 0x203A, 0x201D, 0x2019, 0};
    const uint32_t *own = lang == TEXTW_DE ? DE : lang == TEXTW_FR ? FR : EN;
    return in_list(cp, ALL) || in_list(cp, own);
}

static int opens(uint32_t cp, TextwLang lang)
{
    static const uint32_t ALL[] = {0x300C, 0x300E, 0xFF08, 0x300A, 0x3008, 0x3010, 0x3014, 0xFF3B,
                                   '(',    '[',    '{',    0};
    static const uint32_t EN[] = {0x201C, 0x2018, 0}, DE[] = {0x201E, 0x201A, 0x00BB, 0x203A, 0},
                          FR[] = {0x00AB, 0x2039, 0x201C, 0};
    const uint32_t *own = lang == TEXTW_DE ? DE : lang == TEXTW_FR ? FR : EN;
    return in_list(cp, ALL) || in_list(cp, own);
}

static int is_digit(uint32_t cp) { return cp >= '0' && cp <= '9'; }

/* A letter or a digit: what a number after a space stays with. */
static int is_word_char(uint32_t cp, TextwLang lang)
{
    if (cp < 0x80)
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || is_digit(cp);
    return !closes(cp, lang) && !opens(cp, lang) && !is_glue(cp) && cp != 0x2014 && cp != 0x2013;
}

/* A Chinese character (the CJK ideographs and their extensions). */
static int is_han(uint32_t cp)
{
    return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
           (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x20000 && cp <= 0x3134F);
}

/* How a lesson's narration keeps Chinese words whole: not at all (the
 * screen's other text), every run of Chinese characters (amid another
 * language Chinese is a quotation: "春风", "黄河入海"), or in Chinese a word
 * quoted alone (“春风”, 「黄河入海」, up to QUOTED_WORD_MAX characters). */
enum { KEEP_NONE, KEEP_HAN_RUNS, KEEP_QUOTED };
enum { QUOTED_WORD_MAX = 6 };

static int quote_opens(uint32_t cp) { return cp == 0x201C || cp == 0x300C || cp == 0x300E || cp == 0x300A; }
static int quote_closes(uint32_t cp) { return cp == 0x201D || cp == 0x300D || cp == 0x300F || cp == 0x300B; }

/* Does the place at byte `at` of s stand inside a short quoted word: Chinese
 * characters back to an opening quotation mark and on to a closing one,
 * QUOTED_WORD_MAX of them at most? */
static int in_quoted_word(const char *s, size_t len, size_t at)
{
    int n = 0;
    size_t pos = at;
    for (;;) { /* back to the opening mark */
        if (pos == 0)
            return 0;
        Ch c = ch_before(s, len, pos);
        if (quote_opens(c.cp))
            break;
        if (!is_han(c.cp) || ++n > QUOTED_WORD_MAX)
            return 0;
        pos = c.at;
    }
    for (pos = at; pos < len;) { /* on to the closing one */
        Ch c = ch_at(s, len, pos);
        if (quote_closes(c.cp))
            return 1;
        if (!is_han(c.cp) || ++n > QUOTED_WORD_MAX)
            return 0;
        pos = c.next;
    }
    return 0;
}

/* May a line end after a and the next start with b, with nothing between them
 * (b at byte b.at of s)? keep: which Chinese stays whole (KEEP_*). */
static int direct_break(const char *s, size_t len, Ch a, Ch b, TextwLang lang, int keep)
{
    if (a.w != 2 && b.w != 2)
        return 0; /* inside a word of letters, digits or signs */
    if (keep != KEEP_NONE && is_han(a.cp) && is_han(b.cp) &&
        (keep == KEEP_HAN_RUNS || in_quoted_word(s, len, b.at)))
        return 0;
    return !is_glue(a.cp) && !is_glue(b.cp) && !opens(a.cp, lang) && !closes(b.cp, lang);
}

/* Does a unit start at s[pos], a whole word: what a number before it keeps
 * ("512 KiB", "16 bits", "4,4 ms", "13 Gio")? */
static int unit_at(const char *s, size_t len, size_t pos)
{
    static const char *const UNITS[] = {"KiB", "MiB", "GiB", "TiB", "Kio", "Mio", "Gio", "Tio",
                                        "kB", "MB", "GB", "ko", "Mo", "Go", "B", "o", "bytes",
                                        "byte", "Byte", "Bytes", "octets", "octet", "bits", "bit",
                                        "Bit", "Bits", "nats", "nat", "Nat", "ms", "µs", "ns", "s",
                                        "x", "×", "%", "比特", "字节", "毫秒", "秒", "万", "亿",
                                        NULL};
    for (int i = 0; UNITS[i]; i++) {
        size_t n = strlen(UNITS[i]);
        if (pos + n > len || strncmp(s + pos, UNITS[i], n) != 0)
            continue;
        if (pos + n == len)
            return 1;
        Ch after = ch_at(s, len, pos + n);
        if (!(after.cp < 0x80 && ((after.cp >= 'a' && after.cp <= 'z') ||
                                  (after.cp >= 'A' && after.cp <= 'Z') || is_digit(after.cp))))
            return 1; /* the word ends there ("KiB.", "ms,"), not "bitter" */
    }
    return 0;
}

/* May a line end at the spaces that stand between a and the character at
 * s[after] (after == len: at the end)? */
static int space_break(const char *s, size_t len, uint32_t a, size_t after, TextwLang lang)
{
    if (after >= len)
        return 1;
    uint32_t b = ch_at(s, len, after).cp;
    if (opens(a, lang) || closes(b, lang) || is_glue(a) || is_glue(b))
        return 0;
    if (is_digit(a) && unit_at(s, len, after))
        return 0; /* a number keeps its unit */
    return !(is_digit(b) && is_word_char(a, lang));
}

/* textw_wrap on the first len bytes of s (a line with no newline in it). */
static size_t break_at(const char *s, size_t len, int cols, TextwLang lang, int keep)
{
    size_t n = 0, best = 0; /* best: the last place before n where the line may end */
    size_t space = 0;       /* the last run of spaces, even one the rules keep whole */
    int total = 0;
    Ch prev = {0, 0, 0, 0};
    while (n < len) {
        Ch c = ch_at(s, len, n);
        if (total + c.w > cols)
            break;
        if (n > 0 && c.cp == ' ' && prev.cp != ' ') { /* a run of spaces starts */
            space = n;
            size_t after = n;
            while (after < len && s[after] == ' ')
                after++;
            if (space_break(s, len, prev.cp, after, lang))
                best = n;
        } else if (n > 0 && c.cp != ' ' && prev.cp != ' ' && direct_break(s, len, prev, c, lang, keep)) {
            best = n;
        }
        total += c.w;
        prev = c;
        n = c.next;
    }
    if (n == len)
        return n;
    if (n == 0) /* not even one character fits: take it anyway, so the text moves on */
        return ch_at(s, len, 0).next;
    Ch c = ch_at(s, len, n);
    if (c.cp == ' ') { /* the line is full at spaces: end it there if they may break */
        size_t run = n, after = n;
        while (run > 0 && s[run - 1] == ' ')
            run--;
        while (after < len && s[after] == ' ')
            after++;
        if (run > 0 && space_break(s, len, ch_before(s, len, run).cp, after, lang))
            return n;
    } else if (prev.cp != ' ' && direct_break(s, len, prev, c, lang, keep)) {
        return n;
    }
    if (best > 0)
        return best;
    /* on a line too narrow for what the rules keep together ("needs 80x24"
     * in 10 columns), a space they would keep is still better than a word cut */
    if (space > 0)
        return space;
    /* a word longer than the line is cut; closing punctuation still does not
     * open the next line: the character before it goes down with it */
    if (closes(c.cp, lang) && prev.at > 0)
        return prev.at;
    return n;
}

size_t textw_wrap(const char *s, int cols) { return break_at(s, strlen(s), cols, TEXTW_EN, KEEP_NONE); }

size_t textw_wrap_in(const char *s, int cols, TextwLang lang)
{
    return break_at(s, strlen(s), cols, lang, KEEP_NONE);
}

/* The columns a line's continuation stands deeper: its indentation and two
 * more, when it starts with spaces and that leaves half the width; else 0. */
static int hanging_indent(const char *line, size_t len, int cols)
{
    size_t lead = 0;
    while (lead < len && line[lead] == ' ')
        lead++;
    if (lead == 0 || lead == len)
        return 0;
    int hang = (int)lead + 2;
    return hang <= cols / 2 ? hang : 0;
}

/* narration: keep a code line's indentation and a quotation of Chinese whole */
static int lines_of(const char *s, int cols, TextwLang lang, int narration, TextSpan *lines, int max)
{
    int keep = !narration ? KEEP_NONE : lang == TEXTW_ZH ? KEEP_QUOTED : KEEP_HAN_RUNS;
    int n = 0;
    const char *p = s;
    if (cols < 1)
        cols = 1;
    for (;;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p), at = 0;
        int hang = narration ? hanging_indent(p, len, cols) : 0, indent = 0;
        do { /* one line of the text: one or more lines on the screen */
            size_t take = break_at(p + at, len - at, cols - indent, lang, keep), shown = take;
            while (shown > 0 && at + take < len && p[at + shown - 1] == ' ')
                shown--; /* the spaces where a line wraps are not shown */
            if (n < max)
                lines[n] = (TextSpan){(size_t)(p + at - s), shown, indent};
            n++;
            indent = hang; /* what it wraps onto */
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

int textw_lines(const char *s, int cols, TextSpan *lines, int max)
{
    return lines_of(s, cols, TEXTW_EN, 0, lines, max);
}

int textw_lines_in(const char *s, int cols, TextwLang lang, TextSpan *lines, int max)
{
    return lines_of(s, cols, lang, 1, lines, max);
}
