#!/bin/sh
# keys_doc.sh - the keys docs/usage.md lists are the keys the program has:
# the block under "The keys" in docs/usage.md is, line for line, the key
# lines of the explorer's `?` screen (made from the key table, src/tui/
# input.c) in English at 120x40. A key added, dropped or renamed in the
# table fails this until the block is pasted again (the FAIL line prints it).
# usage: TANGSCOPE=./tangscope sh tests/e2e/keys_doc.sh   (from the repository root)
set -u
. tests/e2e/lib/tmux.sh
e2e_setup keys_doc
DOC=$(pwd)/docs/usage.md

# the block between the two markers, its fence lines left out
sed -n '/^<!-- keys: begin/,/^<!-- keys: end/p' "$DOC" | sed '1,2d;$d' | sed '$d' >"$TMP/doc"
if [ ! -s "$TMP/doc" ]; then
    fail keys_doc_block "docs/usage.md has no block between <!-- keys: begin and <!-- keys: end"
    exit 1
fi

e2e_launch 120x40 -- --lang en --model "$MODEL"
e2e_wait "? help" || fail keys_doc_start "the explorer did not start"
e2e_keys '?'
until_ok shows_all "tangscope keys" "any key closes this help" ||
    fail keys_doc_help "the ? screen did not open"
# the key lines: after the title and its blank line, up to the next blank line
screen | sed 's/[[:space:]]*$//' |
    awk '/tangscope keys/ { on = 1; next } on == 1 && $0 == "" { on = 2; next }
         on == 2 && $0 == "" { exit } on == 2 { print }' >"$TMP/screen"
if [ -s "$TMP/screen" ] && cmp -s "$TMP/doc" "$TMP/screen"; then
    pass keys_doc_matches
else
    fail keys_doc_matches "docs/usage.md's key block differs from the ? screen:
$(diff "$TMP/doc" "$TMP/screen")
paste this between the fences:
$(cat "$TMP/screen")"
fi
e2e_keys q
e2e_quit
exit $failed
