#!/bin/sh
# harness.sh - the test harnesses keep their promises, each shown on a case
# made to break it:
#   tests/unit/check.h   a test that ran no check is a FAIL (and the binary
#                        exits non-zero); one check of any kind (CHECK,
#                        check_close, CHECK_REFUSED) makes it a PASS; a
#                        test that skipped is a SKIP
#   tests/e2e/lib/tmux.sh  a hides holds only beside a shows on the same
#                        capture: on a pane that shows nothing but a program's
#                        exit, as a crash leaves it, no hides passes
# usage: tests/e2e/harness.sh   (from the repository root; tests/run.sh runs it)
set -u
. tests/e2e/lib/tmux.sh
e2e_setup harness

# ---- check.h ----
cat >"$TMP/t.c" <<'EOF'
#include "check.h"
static void test_nothing(void) {}
static void test_loop_of_none(void)
{
    for (int i = 0; i < 0; i++)
        CHECK(i == 0, "never");
}
static void test_one_check(void) { CHECK(1 + 1 == 2, "arithmetic"); }
static void test_one_close(void)
{
    float x = 1.0f;
    check_close(&x, &x, 1, "x", 0.0, 0.0);
}
static void test_one_refused(void) { CHECK_REFUSED(1, "bad input", "bad"); }
static void test_skipped(void) { SKIP("no such CPU"); }
int main(void)
{
    RUN(test_nothing);
    RUN(test_loop_of_none);
    RUN(test_one_check);
    RUN(test_one_close);
    RUN(test_one_refused);
    RUN(test_skipped);
    return test_summary();
}
EOF
if ! "${CC:-cc}" -std=c11 -Wall -Wextra -Itests/unit -o "$TMP/t" "$TMP/t.c" -lm 2>"$TMP/cc"; then
    fail check_h_builds "$(head -5 "$TMP/cc")"
else
    "$TMP/t" >"$TMP/out" 2>"$TMP/err"
    status=$?
    # got LINE: the harness printed LINE
    got() { grep -qxF -- "$1" "$TMP/out"; }
    if got "FAIL test_nothing" && got "FAIL test_loop_of_none" && grep -q "test_nothing: ran no check" "$TMP/err"; then
        pass check_h_no_check_fails
    else
        fail check_h_no_check_fails "$(cat "$TMP/out" "$TMP/err")"
    fi
    [ "$status" -ne 0 ] && pass check_h_no_check_exit || fail check_h_no_check_exit "exit status 0"
    if got "PASS test_one_check" && got "PASS test_one_close" && got "PASS test_one_refused"; then
        pass check_h_one_check_passes
    else
        fail check_h_one_check_passes "$(cat "$TMP/out")"
    fi
    got "SKIP test_skipped: no such CPU" && pass check_h_skip || fail check_h_skip "$(cat "$TMP/out")"
fi

# ---- tmux.sh: hides needs a shows ----
# The panes hold still once drawn: after the first wait, each check looks once.
# a pane as a crashed program leaves it: nothing but the exit
e2e_start 80x24 "printf 'EXITED 139\\n'; exec sleep 600"
if until_ok shows "EXITED 139"; then
    alone() { hides "temperature"; }
    two_hides() { hides "temperature" && hides "coin "; }
    if ! one_capture alone 2>/dev/null && ! one_capture two_hides 2>/dev/null; then
        pass tmux_hides_alone_fails
    else
        fail tmux_hides_alone_fails "a hides with no shows passed on an exited program's pane"
    fi
    if ! hides "temperature" 2>/dev/null; then
        pass tmux_hides_outside_capture_fails
    else
        fail tmux_hides_outside_capture_fails "a hides outside one_capture passed"
    fi
    if ! hides_shows "temperature" "next  " 2>/dev/null; then
        pass tmux_hides_shows_crashed
    else
        fail tmux_hides_shows_crashed "hides_shows passed on an exited program's pane"
    fi
else
    fail tmux_pane_starts "no pane within ${TIMEOUT}s"
fi
# a pane that shows what it should: the pair passes, and fails on what it shows
e2e_start 80x24 "printf 'next  temperature 0.80\\n'; exec sleep 600"
if until_ok shows "next  "; then
    paired() { hides "coin " && shows "temperature"; }
    if one_capture paired && hides_shows "coin " "temperature"; then
        pass tmux_hides_with_shows
    else
        fail tmux_hides_with_shows "hides beside a shows failed on a screen without the text"
    fi
    if ! hides_shows "temperature" "next  " 2>/dev/null; then
        pass tmux_hides_sees_text
    else
        fail tmux_hides_sees_text "hides passed on a screen that holds the text"
    fi
else
    fail tmux_pane_starts "no pane within ${TIMEOUT}s"
fi

[ "$failed" -eq 0 ]
