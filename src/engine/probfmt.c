/* probfmt.c - probabilities as people read them (see probfmt.h). */
#include "engine/probfmt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DECIMALS = 6 };

/* The smallest percentage written as digits; below it, "<0.0001%". */
#define FLOOR_PERCENT 1e-4
/* Odds beyond one in this many are written as "<1 in" this many. */
#define ODDS_CAP 1e12

char *probfmt_whole_share(double share, const NumStyle *st, char *out, size_t size)
{
    /* one decimal, more where one would read 100.0 or 0.0 while it is not */
    double pct = 100.0 * share;
    int d = 1;
    while (d < 4 && share > 0.0 && share < 1.0) {
        double unit = pow(10.0, -d), shown = round(pct / unit) * unit;
        if (shown < 100.0 && shown > 0.0)
            break;
        d++;
    }
    return probfmt_share(pct, d, st, out, size); /* past four: ">99.9999%", "<0.0001%" */
}

char *probfmt_percent(double p, int decimals, char *out, size_t size)
{
    decimals = decimals < 0 ? 0 : decimals > MAX_DECIMALS ? MAX_DECIMALS : decimals;
    if (size == 0)
        return out;
    if (!(p > 0.0)) { /* zero, negative, NaN: nothing can be drawn */
        snprintf(out, size, "0%%");
        return out;
    }
    if (p >= 1.0) {
        snprintf(out, size, "%.*f%%", decimals, 100.0);
        return out;
    }
    double pct = 100.0 * p;
    if (pct < FLOOR_PERCENT) {
        snprintf(out, size, "<%.4f%%", FLOOR_PERCENT);
        return out;
    }
    /* two significant digits: the first one sits at 10^e */
    int e = (int)floor(log10(pct));
    int d = 1 - e > decimals ? 1 - e : decimals;
    /* 0.0999 rounds to 0.100: one decimal fewer keeps two digits, not three */
    if (d > decimals && d > 0) {
        double scale = pow(10.0, d);
        if (round(pct * scale) / scale >= pow(10.0, e + 1))
            d--;
    }
    snprintf(out, size, "%.*f%%", d, pct);
    if (strncmp(out, "100", 3) == 0) { /* below 1, but rounded up to 100 */
        char nines[16] = "99";
        if (decimals > 0) {
            nines[2] = '.';
            memset(nines + 3, '9', (size_t)decimals);
            nines[3 + decimals] = 0;
        }
        snprintf(out, size, ">%s%%", nines);
    }
    return out;
}

char *probfmt_grouped(unsigned long long n, const char *group, char *out, size_t size)
{
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%llu", n);
    size_t o = 0;
    if (size == 0)
        return out;
    for (int i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            for (const char *g = group; *g && o + 1 < size; g++)
                out[o++] = *g;
        if (o + 1 < size)
            out[o++] = digits[i];
    }
    out[o] = 0;
    return out;
}

/* Append text to out at *o, cut like snprintf. */
static void put(char *out, size_t size, size_t *o, const char *text)
{
    for (; *text && *o + 1 < size; text++)
        out[(*o)++] = *text;
}

/* A number written by printf in the C style ("-1234.5", "14.7%", "<0.0001%")
 * as st writes it: the integer part's digits grouped in threes, the point
 * and the percent sign replaced. */
static char *localize(const char *plain, const NumStyle *st, char *out, size_t size)
{
    size_t o = 0;
    if (size == 0)
        return out;
    if (!st) {
        snprintf(out, size, "%s", plain);
        return out;
    }
    int in_fraction = 0;
    for (const char *p = plain; *p; p++) {
        if (*p >= '0' && *p <= '9' && !in_fraction) {
            size_t run = strspn(p, "0123456789");
            for (size_t i = 0; i < run; i++) {
                if (i > 0 && (run - i) % 3 == 0)
                    put(out, size, &o, st->group);
                char d[2] = {p[i], 0};
                put(out, size, &o, d);
            }
            p += run - 1;
            continue;
        }
        if (*p == '.') {
            put(out, size, &o, st->point);
            in_fraction = 1;
        } else if (*p == '%') {
            put(out, size, &o, st->percent);
        } else {
            char c[2] = {*p, 0};
            put(out, size, &o, c);
            in_fraction = in_fraction && *p >= '0' && *p <= '9'; /* a fraction's digits */
        }
    }
    out[o] = 0;
    return out;
}

char *probfmt_percent_in(double p, int decimals, const NumStyle *st, char *out, size_t size)
{
    char plain[48];
    probfmt_percent(p, decimals, plain, sizeof plain);
    return localize(plain, st, out, size);
}

/* Not a number (NaN) is written "-", as an empty cell of a table: returns 1
 * after writing it, 0 for a number (out untouched). */
static int put_nan(double x, char *out, size_t size)
{
    if (x == x)
        return 0;
    snprintf(out, size, "-");
    return 1;
}

char *probfmt_number(double x, int decimals, const NumStyle *st, char *out, size_t size)
{
    if (put_nan(x, out, size))
        return out;
    char plain[400];
    decimals = decimals < 0 ? 0 : decimals > 9 ? 9 : decimals;
    snprintf(plain, sizeof plain, "%.*f", decimals, x);
    if (strspn(plain, "-0.") == strlen(plain) && plain[0] == '-') /* no "-0.0" */
        memmove(plain, plain + 1, strlen(plain));
    return localize(plain, st, out, size);
}

char *probfmt_general(double x, int digits, const NumStyle *st, char *out, size_t size)
{
    if (put_nan(x, out, size))
        return out;
    char plain[64];
    digits = digits < 1 ? 1 : digits > 17 ? 17 : digits;
    snprintf(plain, sizeof plain, "%.*g", digits, x == 0.0 ? 0.0 : x); /* no "-0" */
    if (!st)
        return localize(plain, NULL, out, size);
    NumStyle typed = *st;
    typed.group = "";
    return localize(plain, &typed, out, size);
}

char *probfmt_count(long long n, const NumStyle *st, char *out, size_t size)
{
    char plain[32];
    snprintf(plain, sizeof plain, "%lld", n);
    return localize(plain, st, out, size);
}

char *probfmt_share(double percent, int decimals, const NumStyle *st, char *out, size_t size)
{
    char num[400];
    decimals = decimals < 0 ? 0 : decimals > MAX_DECIMALS ? MAX_DECIMALS : decimals;
    double unit = pow(10.0, -decimals), shown = round(percent / unit) * unit;
    const char *mark = "";
    if (!(percent > 0.0)) { /* none of it (or not a number): no "-0.0%", no "0.0%" */
        percent = 0.0;
        decimals = 0;
    } else if (shown <= 0.0) { /* some, but it would read 0: the smallest it could read */
        mark = "<";
        percent = unit;
    } else if (percent < 100.0 && shown >= 100.0) { /* not all, but it would read 100 */
        mark = ">";
        percent = 100.0 - unit;
    }
    probfmt_number(percent, decimals, st, num, sizeof num);
    snprintf(out, size, "%s%s%s", mark, num, st ? st->percent : "%");
    return out;
}

char *probfmt_bytes(double bytes, const NumStyle *st, char *out, size_t size)
{
    static const char *const plain_units[4] = {"B", "KiB", "MiB", "GiB"};
    int u = 0;
    while (u < 3 && bytes >= 1024.0) {
        bytes /= 1024.0;
        u++;
    }
    int whole = bytes == floor(bytes) || bytes >= 100.0 || u == 0;
    char num[400];
    probfmt_number(bytes, whole ? 0 : 1, st, num, sizeof num);
    snprintf(out, size, "%s %s", num, st ? st->units[u] : plain_units[u]);
    return out;
}

/* n (two significant digits, 10^4 or more) counted in myriads: 34000 ->
 * "3.4 万", 10^7 -> "1000 万", 10^12 -> "1 万亿". */
static void myriads(unsigned long long n, const NumStyle *st, char *out, size_t size)
{
    const char *unit = "万";
    double v = (double)n / 1e4;
    if (n >= 1000000000000ULL) {
        unit = "万亿";
        v = (double)n / 1e12;
    } else if (n >= 100000000ULL) {
        unit = "亿";
        v = (double)n / 1e8;
    }
    char num[32];
    probfmt_number(v, v == floor(v) ? 0 : 1, st, num, sizeof num);
    snprintf(out, size, "%s %s", num, unit);
}

char *probfmt_odds(double p, int decimals, const char *one_in, const NumStyle *st, char *out,
                   size_t size)
{
    if (!(p > 0.0) || p >= PROBFMT_ODDS_BELOW)
        return probfmt_percent_in(p, decimals, st, out, size);
    char n_text[64], body[128];
    const char *less = "";
    double inv = 1.0 / p;
    if (inv > ODDS_CAP) {
        inv = ODDS_CAP;
        less = "<";
    }
    /* two significant digits: 34,000 for 1 / 0.0000294 */
    double unit = pow(10.0, floor(log10(inv)) - 1);
    unsigned long long n = (unsigned long long)(round(inv / unit) * unit + 0.5);
    if (st && st->myriads)
        myriads(n, st, n_text, sizeof n_text);
    else
        probfmt_grouped(n, st ? st->group : ",", n_text, sizeof n_text);
    snprintf(body, sizeof body, one_in, n_text);
    snprintf(out, size, "%s%s", less, body);
    return out;
}

/* May a comma stand for the decimal mark? Wherever it groups no digits. */
static int takes_comma(const NumStyle *st)
{
    return st && strcmp(st->group, ",") != 0;
}

int probfmt_read(const char *text, const NumStyle *st, double *x)
{
    char plain[64];
    size_t n = strlen(text);
    if (n == 0 || n >= sizeof plain)
        return -1;
    const char *p = text;
    int digits = 0, marks = 0;
    size_t o = 0;
    if (*p == '+' || *p == '-')
        plain[o++] = *p++;
    for (; *p && *p != 'e' && *p != 'E'; p++) {
        if (*p >= '0' && *p <= '9')
            digits++;
        else if ((*p == '.' || (*p == ',' && takes_comma(st))) && marks++ == 0)
            ; /* the one decimal mark, read as the point */
        else
            return -1;
        plain[o++] = *p == ',' ? '.' : *p;
    }
    if (!digits)
        return -1;
    if (*p) { /* e, an optional sign, then digits only */
        plain[o++] = *p++;
        if (*p == '+' || *p == '-')
            plain[o++] = *p++;
        if (!*p)
            return -1;
        for (; *p; p++) {
            if (*p < '0' || *p > '9')
                return -1;
            plain[o++] = *p;
        }
    }
    plain[o] = 0;
    double v = strtod(plain, NULL); /* only digits, '.', 'e' and signs: no locale in it */
    if (!isfinite(v))
        return -1;
    *x = v;
    return 0;
}
