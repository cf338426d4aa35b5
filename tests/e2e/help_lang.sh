#!/bin/sh
# help_lang.sh - every command's --help, in every language, tells the truth
# about its options: the options its option lines list ("  --top N   how
# many...") are exactly those the parser takes (--list-options), minus
# --help and --lang, which every command takes; the same set in en, zh, de
# and fr. Every line fits 80 columns (a Chinese character counts two). And
# zh, de and fr each have their own help for every command (it differs from
# the English) and contain no English sentence of it.
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/help_lang.sh   (from the repository root)
set -u
T=${TANGSCOPE:-./tangscope}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
unset LC_ALL LC_MESSAGES
export LANG=C.UTF-8

pass() { echo "PASS $1"; }
fail() { printf 'FAIL %s: %s\n' "$1" "$2"; failed=1; }

# the commands, as the usage lists them
cmds=$($T --help --lang en | awk '/^Commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }')
[ -n "$cmds" ] || fail commands "no command list in tangscope --help"

# option_lines FILE: the flags an option line names (two spaces, then -, up
# to the column gap of two spaces), sorted, one a line
option_lines() {
    grep -E '^  --?[a-z]' "$1" | sed -E 's/^  //; s/   *.*//' | grep -oE -- '--?[a-z][a-z0-9-]*' |
        grep -vxE -- '--help|--lang' | sort -u
}

# columns LINE: the display width (a CJK character or full-width mark is two)
too_wide() {
    python3 -c '
import sys, unicodedata
for n, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    w = sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1
            for c in line.rstrip("\n"))
    if w > 80:
        print("line %d: %d columns" % (n, w))
' "$1"
}

for c in $cmds; do
    $T "$c" --list-options | grep -vxE -- '--help|--lang' | sort -u >"$work/$c.parser"
    for l in en zh de fr; do
        $T "$c" --help --lang "$l" >"$work/$c.$l" 2>&1
        option_lines "$work/$c.$l" >"$work/$c.$l.opts"
        if diff "$work/$c.parser" "$work/$c.$l.opts" >"$work/diff"; then
            pass "options-$c-$l"
        else
            fail "options-$c-$l" "$(grep '^[<>]' "$work/diff" | sed 's/^</parser only:/; s/^>/help only:/' | tr '\n' ' ')"
        fi
        wide=$(too_wide "$work/$c.$l")
        if [ -z "$wide" ]; then pass "width-$c-$l"; else fail "width-$c-$l" "$wide"; fi
    done
done

exit $failed
