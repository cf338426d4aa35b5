/* probfmt.c - probabilities as people read them (see probfmt.h). */
#include "engine/probfmt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { MAX_DECIMALS = 6 };

/* The smallest percentage written as digits; below it, "<0.0001%". */
#define FLOOR_PERCENT 1e-4
/* Odds beyond one in this many are written as "<1 in" this many. */
#define ODDS_CAP 1e12

char *probfmt_share(double share, char *out, size_t size)
{
    if (size == 0)
        return out;
    if (!(share > 0.0)) {
        snprintf(out, size, "0.0%%");
        return out;
    }
    if (share >= 1.0) {
        snprintf(out, size, "100.0%%");
        return out;
    }
    double pct = 100.0 * share;
    for (int d = 1; d <= 4; d++) {
        double unit = pow(10.0, -d), shown = round(pct / unit) * unit;
        if (shown < 100.0 && shown > 0.0) {
            snprintf(out, size, "%.*f%%", d, pct);
            return out;
        }
    }
    snprintf(out, size, pct >= 50.0 ? ">99.9999%%" : "<0.0001%%");
    return out;
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

char *probfmt_odds(double p, int decimals, const char *one_in, const char *group, char *out,
                   size_t size)
{
    if (!(p > 0.0) || p >= PROBFMT_ODDS_BELOW)
        return probfmt_percent(p, decimals, out, size);
    char n_text[48], body[96];
    const char *less = "";
    double inv = 1.0 / p;
    if (inv > ODDS_CAP) {
        inv = ODDS_CAP;
        less = "<";
    }
    /* two significant digits: 34,000 for 1 / 0.0000294 */
    double unit = pow(10.0, floor(log10(inv)) - 1);
    unsigned long long n = (unsigned long long)(round(inv / unit) * unit + 0.5);
    probfmt_grouped(n, group, n_text, sizeof n_text);
    snprintf(body, sizeof body, one_in, n_text);
    snprintf(out, size, "%s%s", less, body);
    return out;
}
