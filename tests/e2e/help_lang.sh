#!/bin/sh
# help_lang.sh - every command's --help, in every language, tells the truth
# about its options: the options its option lines list ("  --top N   how
# many...") are exactly those the parser takes (--list-options), minus
# --help and --lang, which every command takes; the same set in en, zh, de
# and fr. Every line fits 80 columns (a Chinese character counts two). And
# zh, de and fr each have their own help for every command (not the English
# one) with no English line of it left in. The English help starts with its
# usage line, and --help exits with status 0 (cli.sh reads these helps only
# for the commands whose options it checks).
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/help_lang.sh   (from the repository root)
set -u
T=${TANGSCOPE:-./tangscope}
# the interface languages, as the program lists them (lang.c)
langs=$($T --list-languages | tr '\n' ' ')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
unset LC_ALL LC_MESSAGES
export LANG=C.UTF-8

. tests/e2e/lib/check.sh

# the commands, as the usage lists them
cmds=$($T --help --lang en | awk '/^Commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }')
[ -n "$cmds" ] || fail commands "no command list in tangscope --help"

# check_command C: one awk reads C's parser list (C.parser) and its four
# helps (C.en, C.zh, C.de, C.fr) and prints PASS or FAIL for usage-C,
# options-C-L and own-words-C-L (one process a command: this runs for 16)
#  - usage: the English help starts "usage: tangscope C"
#  - options: the flags its option lines name (two spaces, then -, up to the
#    column gap of two spaces; a flag starts a word: not top-p's -p) are
#    exactly the parser's, but for --help and --lang
#  - own words (zh, de, fr): no line of the English help with three English
#    words in it (an untranslated block), and not the English help itself
#    (names are no sentence: "json keys", `commands`, paths, a|b|c)
check_command() {
    awk -v c="$1" -v all="$langs" '
    kind == "parser" { if ($0 != "--help" && $0 != "--lang") { parser[++np] = $0; inparser[$0] = 1 }; next }
    { text[kind] = text[kind] $0 "\n" }
    kind == "en" { en[$0] = 1 }
    kind == "en" && FNR == 1 { usage = index($0, "usage: tangscope " c) == 1 }
    kind != "en" && ($0 in en) && nsame[kind] < 3 {
        s = $0
        gsub(/"[^"]*"/, "", s); gsub(/`[^`]*`/, "", s)
        gsub(/[A-Za-z0-9_.-]*\/[A-Za-z0-9_.\/*<>-]*/, "", s); gsub(/[a-z0-9]*[|][a-z0-9|]*/, "", s)
        if (s ~ /[a-z][a-z][a-z][a-z]+ +[a-z][a-z][a-z][a-z]+ +[a-z][a-z][a-z][a-z]+/) {
            same[kind] = same[kind] s "\n"; nsame[kind]++
        }
    }
    /^  --?[a-z]/ {
        s = substr($0, 3)
        if (i = index(s, "  ")) s = substr(s, 1, i - 1)
        while (match(s, /(^|[ ,])--?[a-z][a-z0-9-]*/)) {
            flag = substr(s, RSTART, RLENGTH)
            sub(/^[ ,]*/, "", flag)
            if (flag != "--help" && flag != "--lang") { opts[kind, flag] = 1; listed[kind] = listed[kind] " " flag }
            s = substr(s, RSTART + RLENGTH)
        }
    }
    END {
        if (usage) print "PASS usage-" c; else print "FAIL usage-" c ": the English help does not start with its usage"
        nl = split(all, langs, " ")
        for (k = 1; k <= nl; k++) {
            l = langs[k]
            why = ""
            for (p = 1; p <= np; p++)
                if (!((l, parser[p]) in opts)) why = why "parser only: " parser[p] " "
            n = split(listed[l], fl, " ")
            for (j = 1; j <= n; j++)
                if (!(fl[j] in inparser) && !seen[l, fl[j]]++) why = why "help only: " fl[j] " "
            if (why == "") print "PASS options-" c "-" l; else print "FAIL options-" c "-" l ": " why
            if (l == "en") continue
            if (same[l] == "" && text[l] != text["en"]) print "PASS own-words-" c "-" l
            else { sub(/\n$/, "", same[l]); print "FAIL own-words-" c "-" l ": English lines: " same[l] }
        }
    }' kind=parser "$work/$1.parser" kind=en "$work/$1.en" kind=zh "$work/$1.zh" kind=de "$work/$1.de" kind=fr "$work/$1.fr"
}

# too_wide FILE: its lines wider than 80 columns, as GNU wc -L counts them
# (the display width: a Chinese character is two); nothing when none is
too_wide() {
    while IFS= read -r line; do
        w=$(printf '%s' "$line" | wc -L)
        [ "$w" -gt 80 ] && printf '%s columns: %s\n' "$w" "$line"
    done <"$1"
}

for c in $cmds; do
    $T "$c" --list-options >"$work/$c.parser"
    for l in $langs; do
        $T "$c" --help --lang "$l" >"$work/$c.$l" 2>&1 ||
            echo "FAIL help-status-$c-$l: --help exited with status $?" >>"$work/results"
    done
    check_command "$c" >>"$work/results"
done
# the widest line of every help, one wc for them all (the lines themselves
# only for one too wide)
for c in $cmds; do
    for l in $langs; do echo "$work/$c.$l"; done
done >"$work/helps"
# shellcheck disable=SC2046
wc -L $(cat "$work/helps") | while read -r w f; do
    [ "$f" = total ] && continue
    name=width-$(basename "$f" | tr . -)
    if [ "$w" -le 80 ]; then echo "PASS $name"; else
        echo "FAIL $name: $(too_wide "$f" | tr '\n' ' ')"; fi
done >>"$work/results"
cat "$work/results"
! grep -q '^FAIL' "$work/results" || failed=1
[ "$(grep -c '^PASS' "$work/results")" -eq $(($(echo "$cmds" | wc -w) * 12)) ] ||
    fail checks "not every command's 12 checks ran"

exit $failed
