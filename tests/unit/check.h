/* check.h - the small test harness every unit test uses.
 *
 * A test file defines functions `static void test_x(void)` and lists them in
 * main with RUN(test_x). Checks that fail print why (for tensors: the first
 * mismatches and the largest difference) and mark the current test failed.
 * A test that cannot run on this machine (it needs a CPU feature the CPU
 * lacks) calls SKIP("why") and returns: it is counted as skipped, never as
 * passed. RUN prints one line per test, `PASS name`, `FAIL name` or
 * `SKIP name: why` (a test that failed before it skipped is a FAIL). A test
 * that neither skipped nor ran a single check (CHECK, check_close,
 * CHECK_REFUSED) is a FAIL too: it proved nothing.
 * test_summary() returns the exit status, non-zero whenever anything failed.
 */
#ifndef TS_CHECK_H
#define TS_CHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_test_failed;  /* the running test has failed */
static long check_test_checks; /* checks the running test has made */
static const char *check_skip_reason; /* the running test skipped itself, and why */
static int check_passed_tests, check_failed_tests, check_skipped_tests;
static const char *check_test_name = "";

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        check_test_checks++;                                                                       \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "  %s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);            \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            check_test_failed = 1;                                                                 \
        }                                                                                          \
    } while (0)

/* Compare n floats: |got - want| <= atol + rtol * |want| for each. */
static inline int check_close(const float *got, const float *want, size_t n, const char *name,
                              double atol, double rtol)
{
    int bad = 0;
    double worst = 0.0;
    size_t worst_i = 0;
    check_test_checks++;
    for (size_t i = 0; i < n; i++) {
        double d = fabs((double)got[i] - (double)want[i]);
        if (!(d <= atol + rtol * fabs((double)want[i]))) {
            if (bad < 5)
                fprintf(stderr, "  %s[%zu]: got %.8g, want %.8g (diff %.3g)\n", name, i,
                        (double)got[i], (double)want[i], d);
            bad++;
        }
        if (d > worst || d != d) {
            worst = d;
            worst_i = i;
        }
    }
    if (bad) {
        fprintf(stderr, "  %s: %d of %zu values differ; largest difference %.3g at %zu\n", name,
                bad, n, worst, worst_i);
        check_test_failed = 1;
    }
    return bad == 0;
}

/* A call that must be refused: refused is true (the call said it failed),
 * and its message msg holds want (a fixed string) on one line, as every
 * message the engine and the explorer give must. Returns 1 if all holds;
 * else prints what did not and marks the running test failed. */
#define CHECK_REFUSED(refused, msg, want)                                                          \
    check_refused((refused), (msg), (want), #refused, __FILE__, __LINE__)

static inline int check_refused(int refused, const char *msg, const char *want, const char *what,
                                const char *file, int line)
{
    const char *why = NULL;
    check_test_checks++;
    if (!refused)
        why = "it was accepted";
    else if (!strstr(msg, want))
        why = "the message lacks the words wanted";
    else if (strchr(msg, '\n'))
        why = "the message is not one line";
    if (why) {
        fprintf(stderr, "  %s:%d: %s: %s (message '%s', want '%s')\n", file, line, what, why,
                refused ? msg : "", want);
        check_test_failed = 1;
    }
    return why == NULL;
}

/* Mark the running test skipped; the test returns right after. */
#define SKIP(reason) (check_skip_reason = (reason))

#define RUN(fn)                                                                                    \
    do {                                                                                           \
        check_test_failed = 0;                                                                     \
        check_test_checks = 0;                                                                     \
        check_skip_reason = NULL;                                                                  \
        check_test_name = #fn;                                                                     \
        fn();                                                                                      \
        if (!check_test_failed && !check_skip_reason && check_test_checks == 0) {                  \
            fprintf(stderr, "  %s: ran no check\n", #fn);                                          \
            check_test_failed = 1;                                                                 \
        }                                                                                          \
        if (check_test_failed) {                                                                   \
            check_failed_tests++;                                                                  \
            printf("FAIL %s\n", #fn);                                                              \
        } else if (check_skip_reason) {                                                            \
            check_skipped_tests++;                                                                 \
            printf("SKIP %s: %s\n", #fn, check_skip_reason);                                       \
        } else {                                                                                   \
            check_passed_tests++;                                                                  \
            printf("PASS %s\n", #fn);                                                              \
        }                                                                                          \
        fflush(stdout);                                                                            \
    } while (0)

static inline int test_summary(void) { return check_failed_tests ? 1 : 0; }

/* Path of a file in tests/data; tests run from the repository root. */
#define TEST_DATA(name) ("tests/data/" name)

#endif
