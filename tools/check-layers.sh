#!/bin/sh
# check-layers.sh - the layers of src/, checked from the include lines.
#
#   engine  the model, the sampler, files: includes only engine/
#   app     the explorer's state and commands: engine/ and app/, never curses
#   tui     the screen: engine/, app/ and tui/ (the only layer with curses)
#   cli     the subcommands: everything
#
# Every include of a project header names its layer ("engine/model.h"), so
# the rule can be read off each line. Prints each violation as FILE:LINE and
# exits 1 if there is any; `make check-layers` runs it (and CI).
# usage: tools/check-layers.sh [ROOT]   (ROOT: a tree with src/; default: this one)
cd "${1:-$(dirname "$0")/..}" || exit 2
status=0
for layer in engine app tui cli; do
    case $layer in
    engine) allowed='engine' ;;
    app) allowed='engine|app' ;;
    tui) allowed='engine|app|tui' ;;
    cli) allowed='engine|app|tui|cli' ;;
    esac
    for f in src/$layer/*.c src/$layer/*.h; do
        [ -e "$f" ] || continue
        # a project header without its layer, or one from a layer above
        bad=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
            grep -vE "\"($allowed)/[A-Za-z0-9_]+\.h\"")
        # curses anywhere but the screen (and the subcommands that draw)
        if [ "$layer" = engine ] || [ "$layer" = app ]; then
            curses=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*<n?cursesw?(/[a-z]+)?\.h>|<ncursesw/' "$f")
            bad=$(printf '%s\n%s' "$bad" "$curses" | sed '/^$/d')
        fi
        if [ -n "$bad" ]; then
            printf '%s\n' "$bad" | sed "s#^#$f:#; s#\$#   ($layer may include only $allowed)#"
            status=1
        fi
    done
done
[ $status -eq 0 ] && echo "layers: engine <- app <- tui <- cli, every include in order"

exit $status
