#!/bin/sh
# help_lang.sh - every command's --help, in every language, tells the truth
# about its options: the options its option lines list ("  --top N   how
# many...") are exactly those the parser takes (--list-options), minus
# --help and --lang, which every command takes; the same set in en, zh, de
# and fr. Every line fits 80 columns (a Chinese character counts two). And
# zh, de and fr each have their own help for every command (not the English
# one) with no English line of it left in.
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
# to the column gap of two spaces; a flag starts a word: not top-p's -p),
# sorted, one a line
# (one awk: every process costs milliseconds, and this runs 64 times)
option_lines() {
    awk '/^  --?[a-z]/ {
        s = substr($0, 3)
        if (i = index(s, "  ")) s = substr(s, 1, i - 1)
        while (match(s, /(^|[ ,])--?[a-z][a-z0-9-]*/)) {
            flag = substr(s, RSTART, RLENGTH)
            sub(/^[ ,]*/, "", flag)
            if (flag != "--help" && flag != "--lang") print flag
            s = substr(s, RSTART + RLENGTH)
        }
    }' "$1" | sort -u
}

# too_wide FILE: its lines wider than 80 columns, as GNU wc -L counts them
# (the display width: a Chinese character is two); nothing when none is
too_wide() {
    [ "$(wc -L <"$1")" -le 80 ] && return
    while IFS= read -r line; do
        w=$(printf '%s' "$line" | wc -L)
        [ "$w" -gt 80 ] && printf '%s columns: %s\n' "$w" "$line"
    done <"$1"
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
        [ "$l" = en ] && continue
        # its own words: no line of the English help with three English
        # words in it (an untranslated block), and not the English help itself
        # (names are no sentence: "json keys", `commands`, paths, a|b|c)
        same=$(awk 'NR == FNR { en[$0] = 1; next }
            $0 in en {
                s = $0
                gsub(/"[^"]*"/, "", s); gsub(/`[^`]*`/, "", s)
                gsub(/[A-Za-z0-9_.-]*\/[A-Za-z0-9_.\/*<>-]*/, "", s); gsub(/[a-z0-9]*[|][a-z0-9|]*/, "", s)
                if (s ~ /[a-z][a-z][a-z][a-z]+ +[a-z][a-z][a-z][a-z]+ +[a-z][a-z][a-z][a-z]+/) { print s; if (++n == 3) exit }
            }' "$work/$c.en" "$work/$c.$l")
        if [ -z "$same" ] && ! cmp -s "$work/$c.en" "$work/$c.$l"; then pass "own-words-$c-$l"; else
            fail "own-words-$c-$l" "English lines: $same"; fi
    done
done

exit $failed
