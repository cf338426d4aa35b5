/* probfmt.h - a probability written for a person to read.
 *
 * The one rule every screen and every text output follows, so that a
 * character that can be drawn never reads "0.0%" and one that might not be
 * drawn never reads "100%":
 *
 *   p = 0 exactly (or not a number)  "0%"
 *   p = 1 exactly (or more)          "100%" with the decimals asked for: "100.0%"
 *   0.000001 <= p < 1                a percentage with the decimals asked for,
 *                                    and more where they are needed to give
 *                                    two significant digits: "23.4%", "4.2%",
 *                                    "0.42%", "0.042%", "0.00010%"; a value
 *                                    below 1 that would round to 100 reads
 *                                    ">99.9%" (">99.99%" at two decimals)
 *   0 < p < 0.000001                 "<0.0001%" (at most 8 columns in all)
 *
 * The odds form (probfmt_odds) is the same above 0.0001 (0.01%); below it,
 * where percentages become strings of zeros, it reads "1 in 34,000": the
 * inverse of p rounded to two significant digits, its thousands grouped; below
 * one in a million million it reads "<1 in 1,000,000,000,000". The words and
 * the grouping come from the caller, so that each language says it its way
 * ("%s 分之一", "1 sur %s" with "34 000").
 *
 * Every number a person reads goes through here too, written as a language
 * writes it (NumStyle, filled from the language's row in app/lang.c): the
 * decimal point or comma, the digits grouped by thousands ("7,311", "7.311",
 * "7 311") or not ("7311"), the sign after a percentage ("14.7%", "14,7 %"),
 * the odds of a small probability counted in myriads where the language
 * counts so ("3.4 万分之一"), bytes in binary units (KiB, Kio). A NULL style
 * is the plain form the tests and the JSON read: '.', no grouping, "%".
 *
 * Plain C: no locale (setlocale changes nothing here), no allocation; the
 * result is cut to `size` bytes like snprintf.
 */
#ifndef TS_PROBFMT_H
#define TS_PROBFMT_H

#include <stddef.h>

/* How a language writes numbers. Strings are UTF-8; none may be NULL. */
typedef struct {
    const char *point;    /* the decimal separator: "." or "," */
    const char *group;    /* between groups of three digits from 1000 on: ",",
                           * ".", a no-break space, or "" for none */
    const char *percent;  /* after a percentage: "%" or a no-break space and "%" */
    int myriads;          /* large odds counted in 万 (10^4) and 亿 (10^8) */
    const char *units[4]; /* bytes, then 1024, 1024^2, 1024^3 of them: "B", "KiB", ... */
} NumStyle;

/* Below this the odds form says "1 in N". */
#define PROBFMT_ODDS_BELOW 1e-4

/* p (a probability, 0..1) as a percentage by the rule above, with at least
 * `decimals` decimals (0..6). Returns out. */
char *probfmt_percent(double p, int decimals, char *out, size_t size);

/* The same in a language's style: "14,7 %" (st NULL: as probfmt_percent). */
char *probfmt_percent_in(double p, int decimals, const NumStyle *st, char *out, size_t size);

/* The same, except below PROBFMT_ODDS_BELOW: the format one_in (one %s, such
 * as "1 in %s") filled with 1/p rounded to two significant digits, written as
 * st writes a count ("34,000"; "3.4 万" with myriads). Returns out. */
char *probfmt_odds(double p, int decimals, const char *one_in, const NumStyle *st, char *out,
                   size_t size);

/* A share (0..1) of a distribution as a percentage with one decimal, except
 * that it never reads 100.0% unless it is all of it, nor 0.0% while it is
 * some: then as many decimals (up to 4) as tell it apart ("99.996%",
 * "0.004%"), and past that ">99.9999%" or "<0.0001%"; none reads "0%"
 * (probfmt_share). The form's blocked share and the sampler's removed share
 * are written this way wherever they stand. */
char *probfmt_whole_share(double share, const NumStyle *st, char *out, size_t size);
/* n with its digits grouped in threes: 3400 -> "3,400" with group ",". */
char *probfmt_grouped(unsigned long long n, const char *group, char *out, size_t size);

/* x with exactly `decimals` decimals (0..9) in st's style: 0.8 -> "0,80"
 * (de, 2 decimals), 7311 -> "7 311" (fr, 0). Not a number reads "-". */
char *probfmt_number(double x, int decimals, const NumStyle *st, char *out, size_t size);
/* x as printf's %.*g writes it, with `digits` significant digits (1..17),
 * with st's decimal mark but its digits never grouped, in a form
 * probfmt_read reads back: 0.5 -> "0,5", 99999 -> "99999", 1.2e-05 ->
 * "1,2e-05" (a range's ends a person types within, a tiny difference).
 * Not a number reads "-". */
char *probfmt_general(double x, int digits, const NumStyle *st, char *out, size_t size);
/* A count: n grouped as st groups ("7.311", "7311"). */
char *probfmt_count(long long n, const NumStyle *st, char *out, size_t size);
/* A share already in percent (14.7 for 14.7%), with `decimals` decimals:
 * "14,7 %". The one rule for the ends: none of it (0, negative, not a
 * number) reads "0%", without decimals and never "-0.0%"; some that would
 * round to 0 reads "<0.1%" (the smallest step of the decimals asked for);
 * less than all that would round to 100 reads ">99.9%"; "100.0%" is all. */
char *probfmt_share(double percent, int decimals, const NumStyle *st, char *out, size_t size);
/* A size in bytes in the largest binary unit it reaches: 4096 -> "4 KiB",
 * 7.3e6 -> "7.0 MiB"; whole numbers and values from 100 on without decimals,
 * others with one; below 1024 "512 B". */
char *probfmt_bytes(double bytes, const NumStyle *st, char *out, size_t size);

/* A number as a person types it, into *x: digits with one decimal mark,
 * maybe a sign and an exponent ("0.5", "-2", "1e-3", "5E-1"). The mark is
 * the point, or the comma wherever st does not group digits with it ("0,5"
 * in German, French and Chinese; in English, where "1,000" is a thousand,
 * never). No grouping, no hexadecimal, no inf,
 * no nan, nothing around it. 0, or -1 (then *x is untouched). st NULL: the
 * point only, as the C locale reads. */
int probfmt_read(const char *text, const NumStyle *st, double *x);

#endif
