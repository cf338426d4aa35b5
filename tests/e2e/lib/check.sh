# check.sh - how an end-to-end script that drives no terminal says what it
# found (sourced, not run: tests/run.sh runs only tests/e2e/*.sh). The
# scripts that drive one get theirs from tests/e2e/lib/tmux.sh's e2e_setup,
# whose fail also shows the screen.
#
#   pass NAME       prints "PASS NAME"
#   fail NAME WHY   prints "FAIL NAME: WHY" and sets failed=1: the script
#                   ends with `exit $failed`
#
# printf, not echo: dash's echo would turn a \n in WHY into a line break.

pass() { printf 'PASS %s\n' "$1"; }
fail() { printf 'FAIL %s: %s\n' "$1" "$2"; failed=1; }
