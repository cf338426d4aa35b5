#!/bin/sh
# check-layers.sh - the layers of src/, checked from the include lines.
#
#   engine  the model, the sampler, files: includes only engine/
#   app     the explorer's state and commands: engine/ and app/, never curses
#   tui     the screen: engine/, app/ and tui/ (the only layer with curses)
#   cli     the subcommands: everything
#   main.c  src/main.c, the program's entry: everything, as cli
#
# Every .c and .h under src/ is read, in every subfolder (a file in
# src/engine/x/ is in the engine layer); a file anywhere else in src/ (a
# folder that is not one of the four, a file beside main.c) is itself a
# violation. Every include of a project header names its layer
# ("engine/model.h"), so the rule can be read off each line; both forms are
# read: #include "..." is always a project header, #include <...> is one when
# it starts with a layer's folder or names a file under src/.
# Prints each violation as FILE:LINE: the line   (the rule), and exits 1 if
# there is any; `make check-layers` runs it (and CI).
# usage: tools/check-layers.sh [ROOT]   (ROOT: a tree with src/; default: this one)
cd "${1:-$(dirname "$0")/..}" || exit 2
[ -d src ] || {
    echo "check-layers: no src/ in $(pwd)" >&2
    exit 2
}
list=$(mktemp) || exit 2
trap 'rm -f "$list"' EXIT
find src -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort >"$list"
# the files under src/, for telling a project header in <...> (one name a line)
srcfiles=$(sed 's#^src/##' "$list" | tr '\n' ' ')

# awk reads the file names from the list, then each file's lines (getline).
awk -v srcfiles="$srcfiles" '
BEGIN {
    allowed["engine"] = "engine"
    allowed["app"] = "engine|app"
    allowed["tui"] = "engine|app|tui"
    allowed["cli"] = "engine|app|tui|cli"
    allowed["main"] = "engine|app|tui|cli"
    n = split(srcfiles, names, " ")
    for (i = 1; i <= n; i++) insrc[names[i]] = 1
    status = 0
}
{
    f = $0
    if (f == "src/main.c") layer = "main"
    else {
        split(f, part, "/")
        layer = (part[2] in allowed && part[2] != "main" && part[3] != "") ? part[2] : ""
    }
    if (layer == "") {
        print f ":1: not in a layer   (a file in src/ belongs in src/engine, app, tui or cli, or is src/main.c)"
        status = 1
        next
    }
    rule = "   (" (layer == "main" ? "main.c" : layer) " may include only " allowed[layer] ")"
    line = 0
    while ((getline text < f) > 0) {
        line++
        if (text !~ /^[ \t]*#[ \t]*include[ \t]*["<]/) continue
        h = text
        sub(/^[ \t]*#[ \t]*include[ \t]*/, "", h)
        quoted = substr(h, 1, 1) == "\""
        h = substr(h, 2)
        end = index(h, quoted ? "\"" : ">")
        if (end == 0) {
            print f ":" line ":" text "   (an include without its closing " (quoted ? "quote" : ">") ")"
            status = 1
            continue
        }
        h = substr(h, 1, end - 1)
        top = h
        sub(/\/.*/, "", top)
        project = quoted || (h in insrc) || (index(h, "/") && top in allowed)
        bad = 0
        if (project) {
            # a project header names its layer, one allowed here, and a header
            bad = !(index(h, "/") && top in allowed && top != "main" && \
                    ("|" allowed[layer] "|") ~ ("\\|" top "\\|") && h ~ /^[A-Za-z0-9_\/]+\.h$/)
        } else if (layer == "engine" || layer == "app") {
            # curses anywhere but the screen (and the subcommands that draw)
            bad = h ~ /^n?cursesw?(\/[a-z]+)?\.h$/ || h ~ /^ncursesw?\//
        }
        if (bad) {
            print f ":" line ":" text rule
            status = 1
        }
    }
    close(f)
}
END {
    if (status == 0) print "layers: engine <- app <- tui <- cli <- main.c, every include in order"
    exit status
}' "$list"
