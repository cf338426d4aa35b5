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

e2e_need_cells help_columns

# misaligned WIDTH TITLE: reads the help screen's cells (screen_cells) on
# stdin; prints nothing when each of its two columns has one column where
# every description starts, else what is wrong. The key rows are those after
# the row holding TITLE, up to the legend (the row that starts with the
# model's bar, ▀ or -); the columns are (WIDTH - 2) / 2 wide from column 2
# (view_help.c). Cells count from 0; 32 is a blank, 0 a wide character's
# second cell.
misaligned() {
    awk -F '\t' -v width="$1" -v title="$2" '
    !at { if (index($2, title)) at = 1; next }
    stop { next }
    {
        n = split($1, c, " ")
        if (c[1] == 32 && c[2] == 32 && (c[3] == 9600 || c[3] == 45) && c[4] == 32) { stop = 1; next }
        blank = 1
        for (i = 1; i <= n; i++) if (c[i] != 32 && c[i] != 160 && c[i] != 0) blank = 0
        if (blank) next
        rows++
        text[rows] = $2
        for (i = 0; i < width + 2; i++) cell[rows, i] = i < n ? c[i + 1] : 32
    }
    END {
        if (!at) { print "no help title"; exit }
        if (rows < 10) { print "only " rows " key rows"; exit }
        col_w = int((width - 2) / 2)
        for (k = 0; k < 2; k++) {
            start = 2 + k * col_w
            end = start + col_w - 1 # the blank before the next column
            m = 0
            for (r = 1; r <= rows; r++) {
                for (i = start; i < end; i++) {
                    v = cell[r, i]
                    if (v != 32 && v != 160 && v != 0) { mine[++m] = r; break }
                }
            }
            common = 0
            for (d = start + 1; d < end && !common; d++) {
                all = 1
                for (j = 1; j <= m; j++)
                    if (cell[mine[j], d - 1] != 32 || cell[mine[j], d] == 32 || cell[mine[j], d] == 0) { all = 0; break }
                common = all
            }
            if (!common) {
                print "column " start ": no column where every description starts:"
                for (j = 1; j <= m; j++) print "  |" text[mine[j]] "|"
            }
            if (k == 0)
                for (j = 1; j <= m; j++)
                    if (cell[mine[j], end] != 32) { print "column 2 runs into the next one: " text[mine[j]]; break }
        }
    }'
}

# judge NAME WIDTH TITLE: the help on screen now, whole (its legend's last
# line, the timing's |Δ|, drawn), read as a table (the capture that showed
# it whole, its cells read by the screen reader)
judge() {
    judged=$3 judged_w=$2
    drawn() {
        shows "$judged" && shows_regex "\\|(Δ|d)\\|" || return 1
        what=$(screen_cells | misaligned "$judged_w" "$judged")
    }
    if ! until_ok one_capture drawn; then
        fail "$1" "no help screen"
        return
    fi
    if [ -z "$what" ]; then pass "$1"; else fail "$1" "$what"; fi
}

# check LANG TITLE CLOSE [ARGS...]: the help at 80x24, then, the window made
# larger, at 110x34, where the closing hint CLOSE has a row of its own at the
# bottom (ARGS: --ascii, at 80x24 only). On the fixture model: the keys'
# table is the same on every model, and the fixture's explorer starts at a
# fraction of the bundled one's cost.
check() {
    lang=$1 title=$2 close=$3
    shift 3
    e2e_launch 80x24 -- explore --model "$(pwd)/tests/data/tiny.bin" --corpus tests/data/tiny-corpus.txt --lang "$lang" "$@"
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
