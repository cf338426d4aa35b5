# expect.sh - the check every end-to-end script makes of bad input (sourced,
# not run): the command refuses it as docs/robustness.md promises, with its
# exit status (2 for bad input), exactly one line on stderr that says what was
# wrong, and no control character on that line but its newline (a bad
# argument quoted back cannot move the cursor or paint the terminal). The
# caller defines pass and fail (tests/e2e/lib/tmux.sh's e2e_setup does) and
# sets work, a scratch folder.
#
#   expect_error NAME STATUS PATTERN CMD...
#                      runs CMD: PASS NAME if it exits with STATUS and says
#                      one line on stderr holding PATTERN (a fixed string),
#                      else FAIL NAME with what it did instead
#   expect_error_all NAME STATUS PATTERN... -- CMD...
#                      the same, the line holding every PATTERN
#
# CMD's output stays in $work/out and its stderr in $work/err, for the
# caller to look at further.
#
# Under emulation (make arm64-test, TANGSCOPE_EMULATED=1) each check says
# SKIP instead of running CMD: refusing bad input is the same C on any CPU,
# the default and sanitized builds check it, and under qemu every start of
# the program costs a second of translation.

expect_error_all() {
    ee_name=$1 ee_want=$2
    shift 2
    ee_patterns=
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        ee_patterns="$ee_patterns$1
"
        shift
    done
    [ $# -gt 0 ] && shift
    if [ "${TANGSCOPE_EMULATED:-}" = 1 ]; then
        printf 'SKIP %s: bad input, the same code on any CPU (arm64 build: the default build checks it)\n' "$ee_name"
        return 0
    fi
    "$@" >"$work/out" 2>"$work/err"
    ee_got=$?
    ee_lines=$(wc -l <"$work/err")
    ee_missing=$(printf '%s' "$ee_patterns" | while IFS= read -r p; do
        grep -qF -- "$p" "$work/err" || printf "'%s' " "$p"
    done)
    if [ "$ee_got" -ne "$ee_want" ]; then
        fail "$ee_name" "exit status $ee_got, want $ee_want ($(head -c 300 "$work/err"))"
    elif [ "$ee_lines" -ne 1 ]; then
        fail "$ee_name" "$ee_lines lines on stderr, want one: $(head -c 400 "$work/err")"
    elif [ -n "$ee_missing" ]; then
        fail "$ee_name" "message '$(cat "$work/err")' lacks ${ee_missing% }"
    elif tr -d '\n' <"$work/err" | LC_ALL=C grep -q '[[:cntrl:]]'; then
        fail "$ee_name" "a control character on stderr: $(od -c "$work/err" | head -3)"
    else
        pass "$ee_name"
    fi
}

expect_error() {
    ee_n=$1 ee_s=$2 ee_p=$3
    shift 3
    expect_error_all "$ee_n" "$ee_s" "$ee_p" -- "$@"
}
