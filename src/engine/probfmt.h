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
 * Plain C: no locale (the decimal point is always '.'), no allocation; the
 * result is cut to `size` bytes like snprintf.
 */
#ifndef TS_PROBFMT_H
#define TS_PROBFMT_H

#include <stddef.h>

/* Below this the odds form says "1 in N". */
#define PROBFMT_ODDS_BELOW 1e-4

/* p (a probability, 0..1) as a percentage by the rule above, with at least
 * `decimals` decimals (0..6). Returns out. */
char *probfmt_percent(double p, int decimals, char *out, size_t size);

/* The same, except below PROBFMT_ODDS_BELOW: the format one_in (one %s, such
 * as "1 in %s") filled with 1/p rounded to two significant digits, its digits
 * grouped in threes with `group` between them ("," or " "). Returns out. */
char *probfmt_odds(double p, int decimals, const char *one_in, const char *group, char *out,
                   size_t size);

/* n with its digits grouped in threes: 3400 -> "3,400" with group ",". */
/* A share (0..1) of a distribution as a percentage with one decimal, except
 * that it never reads 100.0% unless it is all of it, nor 0.0% unless it is
 * none: then as many decimals (up to 4) as tell it apart ("99.996%",
 * "0.004%"), and past that ">99.9999%" or "<0.0001%". The form's blocked
 * share is written this way wherever it stands. */
char *probfmt_share(double share, char *out, size_t size);
char *probfmt_grouped(unsigned long long n, const char *group, char *out, size_t size);

#endif
