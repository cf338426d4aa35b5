#!/bin/sh
# functions.sh - tools/long-functions.sh passes on the source as it is, and
# on a small tree of its own: passes a function of 80 lines, fails one of 81
# (naming its file, line and name, whatever the shape of its first line: a
# static one, one returning a pointer, one whose arguments go on to a second
# line), counts no table as a function, passes one on the allow list and
# fails an allow list that names a function no longer too long.
# usage: tests/e2e/functions.sh   (from the repository root; tests/run.sh runs it)
set -u
failed=0
. tests/e2e/lib/check.sh
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
ROOT=$(pwd)

if out=$(sh tools/long-functions.sh 2>&1); then
    pass functions_clean
else
    fail functions_clean "the source has functions over 80 lines: $out"
fi

# body N: a function body of N lines in all, its braces included
body() {
    echo "{"
    i=2
    while [ "$i" -lt "$1" ]; do
        echo "    x += $i;"
        i=$((i + 1))
    done
    echo "}"
}
# tree FIRST-LINE N [ALLOW]: a tree whose src/engine/a.c has one function of
# N lines counted from FIRST-LINE (its signature) to its closing brace, and
# ALLOW as its allow list; prints the checker's output, returns its status
tree() {
    rm -rf "$TMP/t" && mkdir -p "$TMP/t/src/engine" "$TMP/t/tools"
    {
        echo "/* a.c */"
        echo "static const int TABLE[] = {"
        i=0
        while [ $i -lt 100 ]; do echo "    $i,"; i=$((i + 1)); done
        echo "};"
        printf '%s\n' "$1"
        body $(($2 - $(printf '%s\n' "$1" | wc -l)))
    } >"$TMP/t/src/engine/a.c"
    [ $# -ge 3 ] && printf '%s\n' "$3" >"$TMP/t/tools/long-functions.allow"
    sh "$ROOT/tools/long-functions.sh" "$TMP/t" 2>&1
}

check() { # check NAME WANT-STATUS WANT-TEXT (or -: nothing printed on stdout) FIRST-LINE N [ALLOW]
    name=$1 want=$2 text=$3
    shift 3
    out=$(tree "$@")
    st=$?
    if [ "$text" = - ]; then
        ok=$(printf '%s' "$out" | grep -c '() [0-9]* lines')
        [ "$st" -eq "$want" ] && [ "$ok" -eq 0 ] && { pass "$name"; return; }
    elif [ "$st" -eq "$want" ] && printf '%s' "$out" | grep -qF -- "$text"; then
        pass "$name"
        return
    fi
    fail "$name" "want status $want and '$text', got $st: $out"
}
check functions_80_passes 0 - "int f(int x)" 80
check functions_81_fails 1 "src/engine/a.c:104: f() 81 lines" "int f(int x)" 81
check functions_static_pointer_fails 1 "src/engine/a.c:104: g() 81 lines" \
    "static const char *g(int x)" 81
check functions_two_line_signature_fails 1 "src/engine/a.c:104: h() 81 lines" \
    "static int h(int x,
             int y)" 81
check functions_allowed_passes 0 "h() 81 lines (allowed for now" "int h(int x)" 81 "src/engine/a.c h"
check functions_allow_list_stays_true 1 "src/engine/a.c h is 80 lines or fewer now" \
    "int h(int x)" 60 "src/engine/a.c h"
exit $failed
