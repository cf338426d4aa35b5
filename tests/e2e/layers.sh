#!/bin/sh
# layers.sh - tools/check-layers.sh passes on the source as it is, and fails,
# naming the file and the line, on a copy where the engine reaches into the
# app, an app file includes curses, or an include leaves out its layer.
# usage: tests/e2e/layers.sh   (from the repository root; tests/run.sh runs it)
set -u
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

if out=$(sh tools/check-layers.sh 2>&1); then
    pass layers_clean
else
    fail layers_clean "the source breaks its layers: $out"
fi

# each damage alone, on a fresh copy of src/
damage() {
    name=$1 file=$2 line=$3 want=$4
    rm -rf "$TMP/src" && cp -r src "$TMP/src"
    printf '%s\n' "$line" >> "$TMP/src/$file"
    out=$(sh tools/check-layers.sh "$TMP" 2>&1)
    status=$?
    if [ "$status" -eq 1 ] && printf '%s' "$out" | grep -q "^src/$file:[0-9]*:.*$want"; then
        pass "$name"
    else
        fail "$name" "want exit 1 and 'src/$file:LINE: ...$want', got $status: $out"
    fi
}
damage layers_engine_reaches_app engine/sampler.c '#include "app/app.h"' 'engine may include only engine'
damage layers_app_includes_curses app/textw.c '#include <curses.h>' 'app may include only'
damage layers_no_layer_named tui/draw.c '#include "labels.h"' 'tui may include only'
damage layers_tui_reaches_cli tui/screen.c '#include "cli/cli.h"' 'tui may include only'

[ "$failed" -eq 0 ]
