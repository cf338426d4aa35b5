#!/bin/sh
# start_pages.sh - the students' start pages (docs/start-en.md, -de, -fr,
# -zh) name only keys, commands and options the program has: every
# backquoted key is one of the explorer's key table (src/tui/input.c, the
# table the `?` screen is made from), every `tangscope COMMAND` a command
# `tangscope --help` lists, every --option one that command's
# --list-options gives; backquoted lowercase words are pinyin typed after
# `i` and file endings (.json) are names, so neither is looked up. Anything
# else backquoted fails, so a page cannot name a key the program lacks.
# Also: the README's first screen links all four pages.
# usage: TANGSCOPE=./tangscope sh tests/e2e/start_pages.sh   (from the repository root)
set -u
T=${TANGSCOPE:-./tangscope}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
unset LC_ALL LC_MESSAGES
export LANG=C.UTF-8
. tests/e2e/lib/check.sh

# the key table's keys as the pages name them: a character as itself, the
# others by their English names
sed -n '/^static const Binding BINDINGS\[\]/,/^};/p;/^static const Binding PINYIN_BINDINGS\[\]/,/^};/p' \
    src/tui/input.c | grep -E '^ *\{0, ' | sed -E 's/^ *\{0, ([^,]+|'"'"','"'"'), .*/\1/' |
    while read -r k; do
        case "$k" in
        "' '") echo Space ;;
        "'\\n'") echo Enter ;;
        "'\\t'") echo Tab ;;
        27) echo Esc ;;
        127) echo Backspace ;;
        0xE9) echo é ;;
        0xE8) echo è ;;
        0xE7) echo ç ;;
        CTRL*) echo "Ctrl-$(echo "$k" | sed -E "s/CTRL\\('(.)'\\)/\\1/" | tr a-z A-Z)" ;;
        "'\\''") echo "'" ;;
        "'\"'") echo '"' ;;
        "'"?"'") echo "$k" | cut -c2 ;;
        *) echo "?$k" ;;
        esac
    done >"$work/keys"
grep -qx 'x' "$work/keys" && grep -qx 'Ctrl-U' "$work/keys" && grep -qx Space "$work/keys" ||
    fail keys_table "could not read the key table of src/tui/input.c"
$T --help 2>&1 | awk '/^Commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }' \
    >"$work/commands"
grep -qx generate "$work/commands" || fail commands "tangscope --help lists no commands"

# check_span PAGE SPAN: the span is a key, a command line, an option, pinyin or a file ending
check_span() {
    page=$1 span=$2
    case "$span" in
    tangscope*)
        set -- $span
        shift
        cmd=
        case "${1:-}" in -* | "") ;; *) cmd=$1; shift ;; esac
        if [ -n "$cmd" ] && ! grep -qx -- "$cmd" "$work/commands"; then
            fail "$page" "\`$span\`: no command $cmd"
            return
        fi
        $T $cmd --list-options >"$work/opts"
        for w in "$@"; do
            case "$w" in --*)
                grep -qx -- "${w%%=*}" "$work/opts" ||
                    { fail "$page" "\`$span\`: ${cmd:-the explorer} has no option ${w%%=*}"; return; } ;;
            esac
        done ;;
    --*)
        $T --list-options | grep -qx -- "${span%% *}" ||
            { fail "$page" "\`$span\`: no such option"; return; } ;;
    .json | .md) ;;
    *)
        if grep -qxF -- "$span" "$work/keys"; then
            :
        elif echo "$span" | grep -qE '^[a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]{2,}$'; then
            : # pinyin, typed after i
        else
            fail "$page" "\`$span\` is no key of src/tui/input.c, command or option"
            return
        fi ;;
    esac
    echo "$span" >>"$work/checked.$page"
}

# one page for every interface language the program has
langs=$($T --list-languages)
for l in $langs; do
    f=docs/start-$l.md
    page=start-$l
    [ -s "$f" ] || { fail "$page" "$f is missing"; continue; }
    : >"$work/checked.$page"
    # the spans outside fences, and the command lines inside them (comments dropped)
    awk '/^```/ { fence = !fence; next } !fence' "$f" | grep -o '`[^`]*`' | sed 's/^`//; s/`$//' \
        >"$work/spans"
    awk '/^```/ { fence = !fence; next } fence && /^tangscope/' "$f" | sed 's/ *#.*//' >>"$work/spans"
    before=$failed
    failed=0
    while IFS= read -r s; do check_span "$page" "$s"; done <"$work/spans"
    # the page names what a student needs: these at least
    for need in i y x Enter --lang --session --code; do
        grep -qE -- "(^| )$need( |$)" "$work/checked.$page" || fail "$page" "names no \`$need\`"
    done
    [ "$failed" = 0 ] && pass "$page ($(wc -l <"$work/checked.$page") keys, commands and options)"
    [ "$before" = 1 ] && failed=1
done

# the README's first screen (its first 24 lines) links every page
for l in $langs; do
    head -n 24 README.md | grep -q "docs/start-$l.md" || fail readme_link "README.md's first screen has no link to docs/start-$l.md"
done
[ "$failed" = 0 ] && pass readme_links
exit $failed
