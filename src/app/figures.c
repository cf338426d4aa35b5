/* figures.c - the figures a narration quotes, and the screen's (see figures.h). */
#include "app/figures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/labels.h"

enum {
    SOURCE_MAX = 48, /* bytes of a "(source:" before its colon */
    PREFIX_MAX = 24  /* bytes of a line's "source:" before its colon */
};

static const char NBSP[] = "\xc2\xa0", NNBSP[] = "\xe2\x80\xaf";

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* The bytes of a space at p (a space, a no-break space, a narrow one), or 0. */
static int space_at(const char *p)
{
    if (*p == ' ')
        return 1;
    if (strncmp(p, NBSP, 2) == 0)
        return 2;
    return strncmp(p, NNBSP, 3) == 0 ? 3 : 0;
}

/* Blank out (with spaces) n bytes at p. */
static void blank(char *p, size_t n) { memset(p, ' ', n); }

/* A parenthesis at p that opens with its source and a colon: the bytes up
 * to its end (its closing parenthesis, or the text's end), else 0. */
static size_t marked_paren(const char *p)
{
    size_t open = *p == '(' ? 1 : strncmp(p, "\xef\xbc\x88", 3) == 0 ? 3 : 0; /* ( or （ */
    if (!open)
        return 0;
    size_t i = open;
    if (is_digit(p[i]))
        return 0; /* a figure, not a source: "(8.4%: ...)" */
    while (i < open + SOURCE_MAX && p[i] && p[i] != ')' && p[i] != '(' &&
           p[i] != '\n' && p[i] != ':' && strncmp(p + i, "\xef\xbc\x9a", 3) != 0)
        i++;
    if (i == open || (p[i] != ':' && strncmp(p + i, "\xef\xbc\x9a", 3) != 0))
        return 0;
    while (p[i] && p[i] != ')' && strncmp(p + i, "\xef\xbc\x89", 3) != 0 && strncmp(p + i, "\n\n", 2) != 0)
        i++;
    return i + (p[i] == ')' ? 1 : p[i] && p[i] != '\n' ? 3 : 0);
}

/* A list item at p that opens with its source and a colon, "- 讲义：…",
 * "* Handout: …": its bytes up to the line's end, else 0. A source is short
 * and says no figure nor sentence of its own. Only a list item: a paragraph
 * that opens with a word and a colon is narration ("Nein: 吹 bekommt nur
 * 8,4 %", "No: ...", "挤不进：..."), its figures the screen's. */
static size_t marked_line(const char *p)
{
    if (!((p[0] == '-' || p[0] == '*') && p[1] == ' '))
        return 0;
    size_t i = 2, from = i;
    while (i < from + PREFIX_MAX && p[i] && !is_digit(p[i]) && !strchr(".,;?!:()\n`", p[i]) &&
           strncmp(p + i, "\xef\xbc\x9a", 3) != 0 && strncmp(p + i, "\xef\xbc\x8c", 3) != 0 &&
           strncmp(p + i, "\xe3\x80\x82", 3) != 0) /* ：，。 */
        i++;
    if (i == from || (p[i] != ':' && strncmp(p + i, "\xef\xbc\x9a", 3) != 0))
        return 0;
    while (p[i] && p[i] != '\n')
        i++;
    return i;
}

/* The narration with what quotes elsewhere blanked: fenced blocks, `code`
 * spans and, unless keep_sourced, marked parentheses and lines. A new
 * string of the same length, or NULL. */
static char *blank_quoted(const char *md, int keep_sourced)
{
    size_t n = strlen(md);
    char *t = malloc(n + 1);
    if (!t)
        return NULL;
    memcpy(t, md, n + 1);
    int fenced = 0;
    for (size_t i = 0; i < n;) {
        int line_start = i == 0 || t[i - 1] == '\n';
        if (line_start && strncmp(t + i, "```", 3) == 0) {
            fenced = !fenced;
            size_t e = i;
            while (e < n && t[e] != '\n')
                e++;
            blank(t + i, e - i);
            i = e;
        } else if (fenced) {
            if (t[i] != '\n')
                t[i] = ' ';
            i++;
        } else if (!keep_sourced && line_start && marked_line(t + i)) {
            size_t m = marked_line(t + i);
            blank(t + i, m);
            i += m;
        } else if (t[i] == '`') {
            size_t e = i + 1;
            while (e < n && t[e] != '`')
                e++;
            e += e < n;
            blank(t + i, e - i);
            i = e;
        } else {
            size_t m = keep_sourced ? 0 : marked_paren(t + i);
            if (m)
                blank(t + i, m);
            i += m ? m : 1;
        }
    }
    return t;
}

/* A number at p (p[0] a digit, or > < before one): its bytes, its digits
 * with plain spaces in *num, its value read with `point` as the decimal sign,
 * and its decimals. Grouping: a separator between digits that is not the
 * decimal sign (a space only before three digits). */
static size_t number_at(const char *p, const char *point, char *num, size_t size, double *value,
                        int *decimals)
{
    size_t i = 0, o = 0;
    char plain[40];
    size_t pl = 0;
    int after_point = -1;
    if (*p == '>' || *p == '<')
        num[o++] = p[i++];
    while (p[i] && o + 4 < size && pl + 2 < sizeof plain) {
        if (is_digit(p[i])) {
            num[o++] = p[i];
            plain[pl++] = p[i++];
            if (after_point >= 0)
                after_point++;
            continue;
        }
        int sp = space_at(p + i);
        if (sp && is_digit(p[i + sp]) && is_digit(p[i + sp + 1]) && is_digit(p[i + sp + 2]) &&
            !is_digit(p[i + sp + 3]) && after_point < 0) {
            num[o++] = ' ';
            i += (size_t)sp;
            continue;
        }
        if ((p[i] == '.' || p[i] == ',') && is_digit(p[i + 1])) {
            num[o++] = p[i];
            if (p[i] == point[0] && after_point < 0) {
                plain[pl++] = '.';
                after_point = 0;
            }
            i++;
            continue;
        }
        break;
    }
    num[o] = 0;
    plain[pl] = 0;
    *value = strtod(plain, NULL);
    *decimals = after_point < 0 ? 0 : after_point;
    return i;
}

/* After a number: the bytes of a percent sign (spaces before it allowed), or 0. */
static size_t percent_after(const char *p)
{
    size_t i = 0;
    int sp;
    while ((sp = space_at(p + i)) != 0)
        i += (size_t)sp;
    if (*(p + i) == '%')
        return i + 1;
    return strncmp(p + i, "\xef\xbc\x85", 3) == 0 ? i + 3 : 0; /* ％ */
}

/* Does the text before p (from start) end with word (ignoring case)? */
static int ends_with(const char *start, const char *p, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(p - start) < n)
        return 0;
    const char *w = p - n;
    for (size_t i = 0; i < n; i++) {
        char a = w[i], b = word[i];
        if (a >= 'A' && a <= 'Z')
            a = (char)(a - 'A' + 'a');
        if (a != b)
            return 0;
    }
    return w == start || !is_alpha(w[-1]);
}

/* A rank by the word before its number ("rank 23", "第 23 名"): the word's
 * bytes, or 0. */
static size_t rank_before(const char *start, const char *p, AppLang lang)
{
    static const char *const words[LANG_COUNT][3] = {
        [LANG_EN] = {"rank ", "rank: ", NULL},
        [LANG_DE] = {"rang ", "platz ", NULL},
        [LANG_FR] = {"rang ", NULL, NULL},
        [LANG_ZH] = {"\xe7\xac\xac", "\xe7\xac\xac ", NULL}, /* 第 */
    };
    for (int i = 0; i < 3 && words[lang][i]; i++)
        if (ends_with(start, p, words[lang][i]))
            return strlen(words[lang][i]);
    return 0;
}

/* A rank by what follows its number ("23rd,", "23e place"): its bytes, or 0.
 * An ordinal before another noun ("the 16th character", "le 256e de") names
 * a position, not a rank. */
static size_t rank_after(const char *p, AppLang lang)
{
    static const char *const en[] = {"st", "nd", "rd", "th"};
    size_t n = 0;
    if (lang == LANG_EN) {
        for (int i = 0; i < 4 && !n; i++)
            if (strncmp(p, en[i], 2) == 0 && !is_alpha(p[2]))
                n = 2;
        if (n && p[n] == ',' && p[n + 1] == ' ' && is_digit(p[n + 2]))
            return 0; /* a list of positions: "the 8th, 16th, 24th and 32nd characters" */
        if (!n || p[n] != ' ' || !is_alpha(p[n + 1]))
            return n;
        return strncmp(p + n, " place", 6) == 0 && !is_alpha(p[n + 6]) ? n : 0;
    }
    if (lang == LANG_FR) { /* "23e place", "23ᵉ rang": else a position ("au 16e caractère") */
        n = strncmp(p, "\xe1\xb5\x89", 3) == 0 ? 3 : (p[0] == 'e' && !is_alpha(p[1])) ? 1 : 0; /* ᵉ */
        int word = (strncmp(p + n, " place", 6) == 0 && !is_alpha(p[n + 6])) ||
                   (strncmp(p + n, " rang", 5) == 0 && !is_alpha(p[n + 5]));
        return n && word ? n : 0;
    }
    return 0;
}

/* After the number of a 第 N: 名 or 位 make it a rank (第 16 个 is a position). */
static int zh_rank_word(const char *p)
{
    if (*p == ' ')
        p++;
    return strncmp(p, "\xe5\x90\x8d", 3) == 0 || strncmp(p, "\xe4\xbd\x8d", 3) == 0; /* 名 位 */
}

/* A figure given as an approximation: a word or sign before it that says so
 * ("about 1%", "≈ 1 %", "约 1%"). */
static int approximate(const char *start, const char *p, AppLang lang)
{
    static const char *const words[LANG_COUNT][8] = {
        [LANG_EN] = {"about ", "around ", "roughly ", "nearly ", "just over ", "barely more than ", NULL},
        [LANG_DE] = {"etwa ", "rund ", "ungef\xc3\xa4hr ", "knapp ", "gut ", NULL},
        [LANG_FR] = {"environ ", "pr\xc3\xa8s de ", "presque ", "\xc3\xa0 peine plus de ", NULL},
        [LANG_ZH] = {"\xe7\xba\xa6", "\xe7\xba\xa6 ", "\xe5\x88\x9a\xe8\xbf\x87", "\xe5\x88\x9a\xe8\xbf\x87 ", NULL}, /* 约 刚过 */
    };
    if (ends_with(start, p, "\xe2\x89\x88") || ends_with(start, p, "\xe2\x89\x88 ") ||
        ends_with(start, p, "~")) /* ≈ */
        return 1;
    for (int i = 0; i < 8 && words[lang][i]; i++)
        if (ends_with(start, p, words[lang][i]))
            return 1;
    return 0;
}

/* A count by the word after its number ("149 times"): its bytes, or 0. */
static size_t count_after(const char *p, AppLang lang)
{
    static const char *const words[LANG_COUNT][4] = {
        [LANG_EN] = {" times", NULL},
        [LANG_DE] = {"-mal", " mal", " Mal", NULL},
        [LANG_FR] = {" fois", "\xc2\xa0" "fois", NULL},
        [LANG_ZH] = {"\xe6\xac\xa1", " \xe6\xac\xa1", NULL}, /* 次 */
    };
    for (int i = 0; i < 4 && words[lang][i]; i++) {
        size_t n = strlen(words[lang][i]);
        if (strncmp(p, words[lang][i], n) == 0 && !is_alpha(p[n]))
            return n;
    }
    return 0;
}

/* The start of a number at p: a digit after no digit, letter or separator
 * of a number, or > < right before one. */
static int number_starts(const char *start, const char *p)
{
    const char *d = (*p == '>' || *p == '<') ? p + 1 : p;
    if (!is_digit(*d))
        return 0;
    if (p == start)
        return 1;
    char b = p[-1];
    return !is_digit(b) && !is_alpha(b) && !((b == '.' || b == ',') && p - 1 > start && is_digit(p[-2]));
}

/* The figure at p (a number's start), if it is one: its bytes, else 0. */
static size_t figure_at(const char *start, const char *p, AppLang lang, Figure *f)
{
    const char *point = app_num_style(lang)->point;
    size_t n = number_at(p, point, f->number, sizeof f->number, &f->value, &f->decimals);
    size_t pct = percent_after(p + n), r = rank_after(p + n, lang), c = count_after(p + n, lang);
    size_t before = 0;
    if (pct) {
        f->kind = FIGURE_PERCENT;
        n += pct;
    } else if (r || (f->number[0] != '>' && f->number[0] != '<' &&
                     (before = rank_before(start, p, lang)) != 0 &&
                     (lang != LANG_ZH || zh_rank_word(p + n)))) {
        f->kind = FIGURE_RANK;
        n += r;
    } else if (c) {
        before = 0;
        f->kind = FIGURE_COUNT;
        n += c;
    } else {
        return 0;
    }
    f->approx = approximate(start, p, lang);
    /* as quoted, with the word before a rank: "rank 23" */
    snprintf(f->quoted, sizeof f->quoted, "%.*s", (int)(n + before), p - before);
    return n;
}

int figures_find(const char *markdown, AppLang lang, Figure *out, int max)
{
    char *t = blank_quoted(markdown, 0);
    if (!t)
        return 0;
    int n = 0;
    for (const char *p = t; *p && n < max;) {
        size_t len = number_starts(t, p) ? figure_at(t, p, lang, &out[n]) : 0;
        if (len) {
            n++;
            p += len;
        } else if (is_digit(*p)) { /* past a number that is no figure */
            while (is_digit(*p) || ((*p == '.' || *p == ',') && is_digit(p[1])))
                p++;
        } else {
            p++;
        }
    }
    free(t);
    return n;
}

char *figures_marked(const char *markdown, AppLang lang, const char *mark, int *count)
{
    *count = 0;
    char *t = blank_quoted(markdown, 1);
    size_t n = strlen(markdown), m = strlen(mark), o = 0;
    char *out = t ? malloc(n + 1 + m * (n / 2 + 1)) : NULL; /* a figure takes two bytes or more */
    if (!out) {
        free(t);
        return NULL;
    }
    for (size_t i = 0; i < n;) {
        Figure f;
        size_t len = number_starts(t, t + i) ? figure_at(t, t + i, lang, &f) : 0;
        if (len && f.kind != FIGURE_COUNT) {
            memcpy(out + o, markdown + i, len);
            memcpy(out + o + len, mark, m);
            o += len + m;
            i += len;
            ++*count;
            continue;
        }
        /* past a number that is no figure, whole ("2,5" is not "2" and "5") */
        size_t step = 1;
        if (len)
            step = len;
        else if (is_digit(t[i]))
            while (i + step < n && (is_digit(t[i + step]) ||
                                    ((t[i + step] == '.' || t[i + step] == ',') && is_digit(t[i + step + 1]))))
                step++;
        memcpy(out + o, markdown + i, step);
        o += step;
        i += step;
    }
    out[o] = 0;
    free(t);
    return out;
}

/* The next number on the screen from *p: 1 with it in num (and whether a
 * percent sign follows), 0 at the end. */
static int next_number(const char *start, const char **p, const char *point, Figure *f)
{
    for (const char *q = *p; *q; q++) {
        if (!number_starts(start, q))
            continue;
        size_t n = number_at(q, point, f->number, sizeof f->number, &f->value, &f->decimals);
        size_t pct = percent_after(q + n);
        f->kind = pct ? FIGURE_PERCENT : FIGURE_COUNT;
        snprintf(f->quoted, sizeof f->quoted, "%.*s", (int)(n + pct), q);
        *p = q + n + pct;
        return 1;
    }
    return 0;
}

/* Does the screen's figure s show f? */
static int same(const Figure *f, const Figure *s)
{
    if (f->approx) { /* what the screen shows rounds to it */
        if (s->number[0] == '>' || s->number[0] == '<')
            return 0;
        if (f->kind == FIGURE_PERCENT)
            return fabs(f->value - s->value) <= 0.5 * pow(10.0, -f->decimals) + 1e-9;
        return fabs(f->value - s->value) <= 0.1 * f->value; /* a rank, a count: within 10% */
    }
    if (f->kind == FIGURE_RANK)
        return s->decimals == 0 && s->value == f->value;
    return strcmp(s->number, f->number) == 0;
}

int figures_shown(const Figure *f, const char *screen, AppLang lang, char *shown, size_t size)
{
    const char *point = app_num_style(lang)->point;
    const char *p = screen;
    Figure s;
    if (size)
        shown[0] = 0;
    while (next_number(screen, &p, point, &s)) {
        if ((f->kind == FIGURE_PERCENT) != (s.kind == FIGURE_PERCENT))
            continue;
        if (same(f, &s))
            return 1;
        /* the screen's percentage that the quoted one rounds to */
        double half = 0.5 * pow(10.0, -s.decimals);
        if (!shown[0] && f->kind == FIGURE_PERCENT && s.number[0] != '>' && s.number[0] != '<' &&
            s.decimals < f->decimals && fabs(f->value - s.value) <= half + 1e-9)
            snprintf(shown, size, "%s", s.quoted);
    }
    return 0;
}

/* Is c a byte of a word (a Latin letter, an underscore, '+' of U+4E00)? */
static int wordish(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '+';
}

/* A negative zero at p ('-'): "-0", "-0.0", "-0,00" not followed by a digit. */
static int negative_zero(const char *p)
{
    const char *q = p + 1;
    if (*q != '0')
        return 0;
    q++;
    if ((*q == '.' || *q == ',') && q[1] == '0') {
        q++;
        while (*q == '0')
            q++;
    }
    return !(*q >= '0' && *q <= '9') && *q != '.' && *q != ',';
}

/* Does the number at p follow the word for a seed ("seed 1046", "种子 1046")? */
static int after_seed(const char *text, const char *p, AppLang lang)
{
    const char *word = app_label_in(lang, LBL_SEED);
    size_t n = strlen(word);
    return (size_t)(p - text) > n && p[-1] == ' ' && strncmp(p - 1 - n, word, n) == 0;
}

int figures_misnumbered(const char *text, AppLang lang, char *bad, size_t size)
{
    int groups = app_num_style(lang)->group[0] != 0;
    for (const char *p = text; *p; p++) {
        unsigned char before = p > text ? (unsigned char)p[-1] : ' ';
        if (*p == '-' && !(before >= '0' && before <= '9') && !wordish(before) && negative_zero(p)) {
            snprintf(bad, size, "%.12s", p);
            return 1;
        }
        if (!(*p >= '0' && *p <= '9') || (before >= '0' && before <= '9'))
            continue;
        size_t run = strspn(p, "0123456789");
        if (after_seed(text, p, lang)) { /* a seed is a name typed back: never grouped */
            p += run - 1;
            continue;
        }
        unsigned char after = (unsigned char)p[run];
        int fraction = before == '.' || before == ',';
        int letters = wordish(before) || wordish(after);
        int size_pair = after == 'x' || before == 'x'; /* 80x24, 110x34 */
        if (groups && run >= 4 && !fraction && !letters && !size_pair) {
            snprintf(bad, size, "%.*s", (int)(run < 24 ? run : 24), p);
            return 1;
        }
        p += run - 1;
    }
    return 0;
}
