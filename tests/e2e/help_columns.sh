#!/bin/sh
# help_columns.sh - the `?` screen's two columns read as a table in every
# language, at 80x24 and 110x34 (and on a plain terminal, --ascii): in each
# column, what the keys do starts at one and the same column on every line,
# counted in the terminal's cells (a Chinese character takes two, 空格 four),
# and nothing runs into the next column. A key wider than the others (the
# German "Bild↓ Bild↑", the French "Tab Maj-Tab ↓ ↑") used to push its line's
# description out of the column.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/help_columns.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

. tests/e2e/lib/tmux.sh
e2e_setup help_columns

if ! command -v python3 >/dev/null 2>&1; then
    echo "SKIP help_columns: python3 reads the columns back and is missing"
    exit 0
fi

# misaligned WIDTH TITLE: reads the help screen on stdin; prints nothing when
# each of its two columns has one column where every description starts,
# else what is wrong. The key rows are those after the row holding TITLE,
# up to the legend (the row that starts with the model's bar, ▀ or -); the
# columns are (WIDTH - 2) / 2 wide from column 2 (view_help.c).
misaligned() {
    python3 -c '
import sys, unicodedata
width, title = int(sys.argv[1]), sys.argv[2]
def cells(line):
    out = []
    for ch in line:
        out.append(ch)
        if unicodedata.east_asian_width(ch) in "WF":
            out.append("")  # the second cell of a wide character
    return out + [" "] * (width + 2 - len(out))
lines = sys.stdin.read().split("\n")
at = [i for i, l in enumerate(lines) if title in l]
if not at:
    print("no help title"); sys.exit()
rows = []
for l in lines[at[0] + 1:]:
    if l.startswith("  \u2580 ") or l.startswith("  - "):
        break
    if l.strip():
        rows.append(cells(l))
if len(rows) < 10:
    print("only %d key rows" % len(rows)); sys.exit()
col_w = (width - 2) // 2
for start in (2, 2 + col_w):
    end = start + col_w - 1  # the blank before the next column
    mine = [r for r in rows if "".join(r[start:end]).strip()]
    common = [d for d in range(start + 1, end)
              if all(r[d - 1] == " " and r[d] not in (" ", "") for r in mine)]
    if not common:
        print("column %d: no column where every description starts:" % start)
        for r in mine:
            print("  |" + "".join(c for c in r[start:end]) + "|")
    over = [r for r in mine if r[end] != " "]
    if start == 2 and over:
        print("column 2 runs into the next one: " + "".join(over[0][start:end + 5]))
' "$1" "$2"
}

# judge NAME WIDTH TITLE: the help on screen now, whole (its legend's last
# line, the timing's |Δ|, drawn), read as a table
judge() {
    judged=$3
    drawn() { shows "$judged" && shows_regex "\\|(Δ|d)\\|"; }
    if ! until_ok one_capture drawn; then
        fail "$1" "no help screen"
        return
    fi
    what=$(screen | misaligned "$2" "$3")
    if [ -z "$what" ]; then pass "$1"; else fail "$1" "$what"; fi
}

# check LANG TITLE CLOSE [ARGS...]: the help at 80x24, then, the window made
# larger, at 110x34, where the closing hint CLOSE has a row of its own at the
# bottom (ARGS: --ascii, at 80x24 only)
check() {
    lang=$1 title=$2 close=$3
    shift 3
    e2e_launch 80x24 -- explore --model "$MODEL" --corpus tests/data/tiny-corpus.txt --lang "$lang" "$@"
    if ! until_ok shows "? "; then
        fail "help_columns_$lang" "no first screen"
        return
    fi
    e2e_keys '?'
    if [ $# -gt 0 ]; then
        judge "help_columns_${lang}_80x24_ascii" 80 "$title"
    else
        judge "help_columns_${lang}_80x24" 80 "$title"
        tm resize-window -t "$SESSION" -x 110 -y 34
        until_ok shows_regex "^  $close" >/dev/null # redrawn taller
        judge "help_columns_${lang}_110x34" 110 "$title"
    fi
    e2e_keys q
    e2e_keys q
    until_ok shows "EXITED 0" >/dev/null
}

nb=$(printf '\302\240')
check en "tangscope keys" "any key closes this help"
check zh "tangscope 按键" "按任意键关闭帮助"
check de "tangscope: Tasten" "beliebige Taste schließt die Hilfe"
check fr "tangscope$nb: les touches" "n’importe quelle touche ferme l’aide"
check en "tangscope keys" "" --ascii
check de "tangscope: Tasten" "" --ascii
exit $failed
