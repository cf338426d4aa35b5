#!/bin/sh
# help_settings.sh - every sampler setting the commands take is explained in
# their --help, in every language: `generate` and `probs` list each of their
# sampler options (those --list-options gives, minus the commands' other
# options, named here by hand) with its range, and generate's with the
# default its --json reports. The help's lines are made from the settings
# table (cli_sampler_help), so a setting the table gains appears here without
# a help text being edited; this test fails if one does not.
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/help_settings.sh   (from the repository root)
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

# the commands' options that are not sampler settings
OTHERS='-n|--quiet|--pinyin|--pinyin-input|--max-chars|--stats|--code|--penalize-punctuation|--seed|--no-cache|--context-policy|--mid-text|--model|--weights|--json|--export|--trace|--stage|--compare-model|--top|--help|--lang'

# option_block FILE FLAG: the option's line and the lines that continue it, as one line
option_block() {
    awk -v flag="$2" '
        /^  -/ { on = (index($0, "  " flag " ") == 1) }
        on && /^  -/ { printf "%s", $0; next }
        on && /^                           [^ ]/ { sub(/^ +/, " "); printf "%s", $0; next }
        { on = 0 }' "$1"
}

$T generate 春 --max-chars 1 --json >"$work/json" 2>/dev/null || fail json "generate --json failed"
for c in generate probs; do
    $T "$c" --list-options | grep -vxE -- "$OTHERS" >"$work/$c.settings"
    # what is left is no empty list, and each is a setting: generate --json
    # reports it (a command's other option missing from OTHERS fails here)
    [ -s "$work/$c.settings" ] || fail "settings-$c" "no sampler option among --list-options"
    while read -r flag; do
        key=$(echo "$flag" | sed 's/^--//; s/-/_/g')
        grep -q "\"$key\": " "$work/json" || fail "settings-$c" "$flag is no setting generate --json reports"
    done <"$work/$c.settings"
    for l in $langs; do
        $T "$c" --help --lang "$l" >"$work/help" 2>&1
        while read -r flag; do
            block=$(option_block "$work/help" "$flag")
            name="$c-$l$flag"
            if [ -z "$block" ]; then
                fail "$name" "no option line in the help"
                continue
            fi
            echo "$block" | grep -qE '[0-9]\.\.[0-9]|\([0-9.]+,.[0-9.]+\]' ||
                { fail "$name" "no range: $block"; continue; }
            if [ "$c" = generate ]; then
                key=$(echo "$flag" | sed 's/^--//; s/-/_/g')
                def=$(sed -E "s/.*\"$key\": ([0-9.]+).*/\\1/" "$work/json")
                # as the language writes a decimal (the JSON's is C's)
                case $l in de | fr) def=$(echo "$def" | tr . ,) ;; esac
                echo "$block" | grep -qF "$def" || { fail "$name" "no default $def: $block"; continue; }
            fi
            pass "$name"
        done <"$work/$c.settings"
    done
done
exit $failed
