/* test_probfmt.c - probabilities as the screen and `probs` write them
 * (src/engine/probfmt.c): never "0.0%" for what can happen, never "100%" for
 * what might not, two significant digits for small ones, and "1 in N" below
 * 0.01% in the odds form. Every expected string is worked out by hand from
 * the rule in probfmt.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "engine/probfmt.h"

static void expect_percent(double p, int decimals, const char *want)
{
    char got[64];
    probfmt_percent(p, decimals, got, sizeof got);
    CHECK(strcmp(got, want) == 0, "p = %.10g, %d decimals: got '%s', want '%s'", p, decimals, got,
          want);
}

static void expect_odds(double p, const char *want)
{
    char got[64];
    probfmt_odds(p, 1, "1 in %s", NULL, got, sizeof got);
    CHECK(strcmp(got, want) == 0, "p = %.10g: got '%s', want '%s'", p, got, want);
}

static void test_ends(void)
{
    expect_percent(0.0, 1, "0%");          /* exactly impossible: no decimals to round */
    expect_percent(-0.5, 1, "0%");
    expect_percent(NAN, 1, "0%"); /* not a number */
    expect_percent(1.0, 1, "100.0%");
    expect_percent(1.0, 2, "100.00%");
    expect_percent(0.5, 1, "50.0%");
    expect_percent(0.5, 2, "50.00%");
}

/* Rounding up to 100 is not allowed below 1. */
static void test_near_one(void)
{
    expect_percent(0.9994, 1, "99.9%");  /* 99.94 rounds down */
    expect_percent(0.99951, 1, ">99.9%"); /* 99.951 would read 100.0 */
    expect_percent(0.99999, 2, ">99.99%");
    expect_percent(0.99994, 2, "99.99%");
}

static void test_two_digits(void)
{
    expect_percent(0.234, 1, "23.4%");    /* the decimals asked for, more than two digits */
    expect_percent(0.042, 1, "4.2%");
    expect_percent(0.0042, 1, "0.42%");   /* one more decimal for the second digit */
    expect_percent(0.00042, 1, "0.042%");
    expect_percent(0.000042, 1, "0.0042%");
    expect_percent(0.0000021, 1, "0.00021%");
    expect_percent(0.0779, 2, "7.79%");   /* probs's two decimals stay */
    expect_percent(0.0042, 2, "0.42%");
    expect_percent(0.00042, 2, "0.042%");
    /* 0.0999% would be 0.100% at three decimals: two digits are 0.10% */
    expect_percent(0.000999, 1, "0.10%");
    /* 0.996% rounds to 1.00 at two decimals: at one it is 1.0% */
    expect_percent(0.00996, 1, "1.0%");
    expect_percent(0.004449, 1, "0.44%");
}

static void test_tiny(void)
{
    expect_percent(1e-7, 1, "<0.0001%"); /* 0.00001%: below what the form writes */
    expect_percent(1e-300, 1, "<0.0001%");
    char got[64];
    for (double p = 1e-9; p < 1.0; p *= 1.37) { /* nothing that can happen reads 0 */
        probfmt_percent(p, 1, got, sizeof got);
        CHECK(strcmp(got, "0%") != 0 && strcmp(got, "0.0%") != 0, "p = %g reads '%s'", p, got);
        CHECK(strlen(got) <= 8, "p = %g: '%s' is wider than 8 columns", p, got);
    }
}

static void test_odds(void)
{
    expect_odds(0.0, "0%");
    expect_odds(1.0, "100.0%");
    expect_odds(0.5, "50.0%");
    expect_odds(0.00042, "0.042%");          /* above 0.01%: a percentage */
    expect_odds(1.0 / 3400.0, "0.029%");
    expect_odds(0.0000294, "1 in 34,000");   /* 1 / 0.0000294 = 34,013.6 */
    expect_odds(1e-7, "1 in 10,000,000");
    expect_odds(3.3e-6, "1 in 300,000");     /* 303,030 to two digits */
    expect_odds(0.0000999, "1 in 10,000");   /* 10,010 */
    expect_odds(1e-15, "<1 in 1,000,000,000,000");
    char got[64];
    NumStyle fr = {",", " ", " %", 0, {"o", "Kio", "Mio", "Gio"}};
    probfmt_odds(1.0 / 34000.0, 1, "1 sur %s", &fr, got, sizeof got);
    CHECK(strcmp(got, "1 sur 34 000") == 0, "French grouping: '%s'", got);
    NumStyle zh = {".", "", "%", 1, {"B", "KiB", "MiB", "GiB"}};
    probfmt_odds(1.0 / 15000.0, 1, "%s分之一", &zh, got, sizeof got);
    CHECK(strcmp(got, "1.5 万分之一") == 0, "Chinese counts in myriads: '%s'", got);
}

/* The form's blocked share: one decimal, but never 100.0% while something
 * passes, nor 0.0% while something is blocked; none reads 0% (hand-written
 * expectations). */
static void test_share(void)
{
    static const struct {
        double share;
        const char *want;
    } cases[] = {
        {0.0, "0%"},           {1.0, "100.0%"},      {0.982, "98.2%"},     {0.1810, "18.1%"},
        {0.99976, "99.98%"},   {0.999996, "99.9996%"}, {0.00004, "0.004%"}, {0.9994, "99.9%"},
        {0.99999999, ">99.9999%"}, {0.0000000001, "<0.0001%"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char got[32];
        probfmt_whole_share(cases[i].share, NULL, got, sizeof got);
        CHECK(strcmp(got, cases[i].want) == 0, "share %.10g: %s, want %s", cases[i].share, got,
              cases[i].want);
    }
}

/* A share in percent at its ends, by the one rule of probfmt.h: none reads
 * 0% (no decimals, no minus), some that would read 0 reads "<" the smallest
 * step, less than all that would read 100 reads ">" the largest below it. */
static void test_share_ends(void)
{
    static const struct {
        double percent;
        int decimals;
        const char *want;
    } cases[] = {
        {0.0, 1, "0%"},       {-0.0, 1, "0%"},      {-0.04, 1, "0%"},    {-3.0, 1, "0%"},
        {NAN, 1, "0%"},       {0.04, 1, "<0.1%"},   {0.0004, 2, "<0.01%"}, {0.3, 0, "<1%"},
        {0.06, 1, "0.1%"},    {14.66, 1, "14.7%"},  {99.94, 1, "99.9%"}, {99.96, 1, ">99.9%"},
        {99.98, 2, "99.98%"}, {99.6, 0, ">99%"},    {100.0, 1, "100.0%"}, {100.0, 0, "100%"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char got[32];
        probfmt_share(cases[i].percent, cases[i].decimals, NULL, got, sizeof got);
        CHECK(strcmp(got, cases[i].want) == 0, "%g%% at %d decimals: '%s', want '%s'",
              cases[i].percent, cases[i].decimals, got, cases[i].want);
    }
}

/* Numbers as a person types them (probfmt_read): the C form always; the
 * comma with a style that groups no digits with it (a German one here,
 * written out from lang.c's row: ',' decimals, '.' groups); never grouping. */
static void test_read(void)
{
    static const NumStyle DE = {",", ".", "\xc2\xa0%", 0, {"B", "KiB", "MiB", "GiB"}};
    static const NumStyle EN = {".", ",", "%", 0, {"B", "KiB", "MiB", "GiB"}};
    static const struct {
        const char *text;
        const NumStyle *st;
        int ok;
        double want;
    } cases[] = {
        {"0.5", NULL, 1, 0.5},    {"0,5", NULL, 0, 0},      {"0,5", &DE, 1, 0.5},
        {"0.5", &DE, 1, 0.5},     {"-0,25", &DE, 1, -0.25}, {"+2", &DE, 1, 2.0},
        {"1,5e-1", &DE, 1, 0.15}, {"5E-1", NULL, 1, 0.5},   {",5", &DE, 1, 0.5},
        {"3,", &DE, 1, 3.0},      {"0,5", &EN, 0, 0},       {"1,000", &EN, 0, 0},
        {"1.000,5", &DE, 0, 0},   {"0,5,1", &DE, 0, 0},     {"0.5.1", NULL, 0, 0},
        {",", &DE, 0, 0},         {"", &DE, 0, 0},          {" 0,5", &DE, 0, 0},
        {"0,5 ", &DE, 0, 0},      {"0x1", NULL, 0, 0},      {"inf", NULL, 0, 0},
        {"nan", &DE, 0, 0},       {"1e", NULL, 0, 0},       {"1e+", NULL, 0, 0},
        {"e5", NULL, 0, 0},       {"1e999", NULL, 0, 0},    {"0,5%", &DE, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double x = 42.0;
        int rc = probfmt_read(cases[i].text, cases[i].st, &x);
        const char *who = cases[i].st == &DE ? "de" : cases[i].st == &EN ? "en" : "C";
        if (cases[i].ok)
            CHECK(rc == 0 && fabs(x - cases[i].want) < 1e-12, "'%s' (%s): rc %d, %g, want %g",
                  cases[i].text, who, rc, x, cases[i].want);
        else
            CHECK(rc == -1 && x == 42.0, "'%s' (%s): read as %g, want a refusal", cases[i].text,
                  who, x);
    }
}

/* A range's ends as a refusal names them: the decimal mark, never grouped. */
static void test_general(void)
{
    static const NumStyle FR = {",", "\xc2\xa0", "\xc2\xa0%", 0, {"o", "Kio", "Mio", "Gio"}};
    char got[32];
    CHECK(strcmp(probfmt_general(0.05, 6, &FR, got, sizeof got), "0,05") == 0, "0.05: '%s'", got);
    CHECK(strcmp(probfmt_general(99999, 6, &FR, got, sizeof got), "99999") == 0, "99999: '%s'", got);
    CHECK(strcmp(probfmt_general(1.2e-5, 3, &FR, got, sizeof got), "1,2e-05") == 0, "1.2e-5: '%s'",
          got);
    CHECK(strcmp(probfmt_general(-0.0, 3, &FR, got, sizeof got), "0") == 0, "-0: '%s'", got);
    CHECK(strcmp(probfmt_general(2.0, 6, NULL, got, sizeof got), "2") == 0, "2: '%s'", got);
    CHECK(strcmp(probfmt_number(-0.04, 1, &FR, got, sizeof got), "0,0") == 0, "-0.04: '%s'", got);
    /* not a number: an empty cell, "-", from either */
    CHECK(strcmp(probfmt_number(NAN, 2, &FR, got, sizeof got), "-") == 0, "NaN: '%s'", got);
    CHECK(strcmp(probfmt_general(NAN, 6, &FR, got, sizeof got), "-") == 0, "NaN: '%s'", got);
}

static void test_grouped(void)
{
    char got[32];
    CHECK(strcmp(probfmt_grouped(0, ",", got, sizeof got), "0") == 0, "0: '%s'", got);
    CHECK(strcmp(probfmt_grouped(999, ",", got, sizeof got), "999") == 0, "999: '%s'", got);
    CHECK(strcmp(probfmt_grouped(1000, ",", got, sizeof got), "1,000") == 0, "1000: '%s'", got);
    CHECK(strcmp(probfmt_grouped(1234567, " ", got, sizeof got), "1 234 567") == 0, "'%s'", got);
    /* cut like snprintf, and still a string */
    CHECK(strcmp(probfmt_grouped(1234567, ",", got, 4), "1,2") == 0, "cut: '%s'", got);
}

int main(void)
{
    RUN(test_ends);
    RUN(test_near_one);
    RUN(test_two_digits);
    RUN(test_tiny);
    RUN(test_odds);
    RUN(test_grouped);
    RUN(test_share);
    RUN(test_share_ends);
    RUN(test_read);
    RUN(test_general);
    return test_summary();
}
