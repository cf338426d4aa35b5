#!/bin/sh
# layers.sh - tools/check-layers.sh passes on the source as it is, and fails,
# naming the file and the line, on a copy where the engine reaches into the
# app (with quotes, and with angle brackets), an app file includes curses, an
# include leaves out its layer, a file in a subfolder of a layer reaches up,
# src/main.c includes a header without its layer, or a file sits outside the
# layers. Every damage is made to a copy of src/ in a temporary folder.
# usage: tests/e2e/layers.sh   (from the repository root; tests/run.sh runs it)
set -u
failed=0
. tests/e2e/lib/check.sh
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

if out=$(sh tools/check-layers.sh 2>&1); then
    pass layers_clean
else
    fail layers_clean "the source breaks its layers: $out"
fi

# each damage alone, on a fresh copy of src/
# damage NAME FILE LINE WANT: LINE added to FILE (made, with its folder, if
# it is new) must fail the check with "src/FILE:N:...WANT"
damage() {
    name=$1 file=$2 line=$3 want=$4
    rm -rf "$TMP/src" && cp -r src "$TMP/src"
    mkdir -p "$(dirname "$TMP/src/$file")"
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
damage layers_angle_brackets engine/sampler.c '#include <app/app.h>' 'engine may include only engine'
damage layers_angle_curses app/textw.c '#include <ncursesw/curses.h>' 'app may include only'
damage layers_subfolder engine/kernels/gemm.c '#include "tui/tui.h"' 'engine may include only engine'
damage layers_subfolder_header app/deep/deeper/x.h '#include <cli/cli.h>' 'app may include only'
damage layers_main_no_layer main.c '#include "cli.h"' 'main.c may include only'
damage layers_not_a_layer util/strings.c '/* a folder that is no layer */' 'not in a layer'
damage layers_beside_main common.h '/* a header beside main.c */' 'not in a layer'

[ "$failed" -eq 0 ]
