#!/bin/sh
# long-functions.sh - no function in src/ over 80 lines (STYLE.md: a
# function fits a screenful; issue 25).
#
# A function is counted from the line that names it (its return type and
# name at the start of a line) to its closing brace at the start of a line,
# both included: the layout every function in src/ has (the brace of a
# function body alone on its line). Tables (`static const T x[] = {`) are
# data, not functions, and are not counted.
#
# Prints each function over the limit as FILE:LINE: NAME() N lines, and
# exits 1 if any of them is not in tools/long-functions.allow (one
# "FILE NAME" a line: the functions still to be split, a list that may only
# shrink; a name there that is no longer too long is reported too, so the
# list stays true). `make check-functions` runs it, and `make test` and CI.
# usage: tools/long-functions.sh [ROOT]   (ROOT: a tree with src/; default: this one)
#        LIMIT=N tools/long-functions.sh  (another limit, for a look: 60)
cd "${1:-$(dirname "$0")/..}" || exit 2
[ -d src ] || {
    echo "long-functions: no src/ in $(pwd)" >&2
    exit 2
}
limit=${LIMIT:-80}
allow=tools/long-functions.allow
long=$(mktemp) || exit 2
trap 'rm -f "$long"' EXIT
find src -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort | xargs awk -v max="$limit" '
FNR == 1 { start = 0; sig = 0 }
# a line that names a function: a type and a name at the start, "(" after it
/^[A-Za-z_][A-Za-z_0-9 \t*]*[ \t*]\**[A-Za-z_][A-Za-z_0-9]*\(/ && !/;[ \t]*$/ {
    sig = FNR; name = $0; sub(/\(.*/, "", name); n = split(name, w, /[ \t*]+/); name = w[n]
}
/^\{/ { start = sig ? sig : FNR }
/^\}/ && start {
    len = FNR - start + 1
    if (len > max) printf "%s:%d: %s() %d lines\n", FILENAME, start, name, len
    start = 0; sig = 0
}' >"$long"
status=0
while IFS= read -r row; do
    file=${row%%:*}
    name=${row#*: }
    name=${name%%()*}
    if [ "$limit" = 80 ] && [ -f "$allow" ] && grep -qx "$file $name" "$allow"; then
        echo "$row (allowed for now: $allow)"
    else
        echo "$row"
        status=1
    fi
done <"$long"
if [ "$limit" = 80 ] && [ -f "$allow" ]; then
    while read -r file name; do
        case $file in '' | '#'*) continue ;; esac
        grep -q "^$file:[0-9]*: $name() " "$long" ||
            { echo "$allow: $file $name is 80 lines or fewer now: take it off the list"; status=1; }
    done <"$allow"
fi
[ $status -eq 0 ] && echo "functions: none over $limit lines but those allowed for now" >&2
exit $status
