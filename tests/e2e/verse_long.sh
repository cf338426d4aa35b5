#!/bin/sh
# verse_long.sh - the text as verse at any length and with pinyin on, end to
# end in tmux (tests/e2e/lib/tmux.sh):
#
#   - a 200-character poem (lesson 2's: temperature 1.5, seed 1, written by
#     `generate`, opened in the explorer by its session code and written
#     there with Enter) stands at 110x34 as rows of verse, at least five, each
#     but the last ending in ， or 。; the rows read in order are the text
#     that `generate --code` prints (so nothing is left out, cut or split);
#     the mark ▕ of the window's edge stands before the character the model
#     reads first, which is computed here from the context policy's formula
#     (docs/usage.md, "Past the context window"), not by the program;
#   - the same poem at 80x24, typed in: the last rows, the arrow that says
#     there is more above, and the note that points up at the window's edge;
#   - with pinyin on (y), at 80x24 (also in projector mode) and 110x34: 静夜思
#     typed in stands as four lines, each with a row of readings under it,
#     every reading starting in the column of its character (lines 1, 3 and
#     4 checked against readings written out by hand); at 80x24 a jueju the
#     model writes stands as four lines of seven,
#     each with its seven readings; the 200-character poem shows its last
#     lines with readings and the arrow for more above.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/verse_long.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

export LC_ALL=C.UTF-8 # grep -o . splits characters, not bytes
. tests/e2e/lib/tmux.sh
e2e_setup verse_long

launch() {
    at=$1
    shift
    e2e_launch "$at" -- explore --model "$MODEL" --no-corpus --lang en "$@"
    e2e_wait "next  "
}

# ---- reading the text pane ----
# Each report reads one capture of the screen with one awk (a process per
# row or per character would cost seconds), byte by byte (LC_ALL=C).
#
# text_report MARK: the text's rows: from the second screen row, those that
# start with the label (text, then two spaces or the arrow ↑) or six spaces
# and then a character of the text (no letter: the note under the text has
# words); each without the six columns before the text and without what
# stands right of it on the first row (two spaces or more, then the count).
# Prints "ROWS|ENDS|EDGE|TEXT": how many rows; how many of them, the last
# left out, do not end a line of verse (in ， or 。); 1 if a row holds MARK,
# else 0; the rows joined without the marks ⏎ (a newline), ¦ (a context
# shift) and ▕ (the window's edge).
text_report() {
    screen | LC_ALL=C awk -v mark="$1" '
        NR >= 2 && NR <= 20 {
            l = $0
            sub(/^text ↑/, "      ", l)
            sub(/^text  /, "      ", l)
            if (l !~ /^      [^ ]/) next
            l = substr(l, 7)
            sub(/  .*/, "", l)
            if (l !~ /[a-zA-Z]/) rows[++n] = l
        }
        END {
            ends = 0; edge = 0; text = ""
            for (i = 1; i <= n; i++) {
                if (i < n && rows[i] !~ /(，|。)$/) ends++
                if (mark != "" && index(rows[i], mark)) edge = 1
                r = rows[i]
                gsub(/⏎|¦|▕/, "", r)
                text = text r
            }
            print n "|" ends "|" edge "|" text
        }'
}
# pinyin_report HAN: the rows with pinyin on, from the second screen row: a
# row of characters, then its readings, in pairs; each from column 6, whole,
# so that columns can be compared (the count right of the first row has no
# Han character). Prints "FLAGS|W1|W2|W3|W4" for the first four pairs: FLAGS
# holds a 1 for a pair whose every reading starts in the column of its
# character, as many readings as Han characters (and HAN of them, unless HAN
# is 0), else a 0; Wk: pair k's readings, one space between them.
# The columns: a Chinese character or ，。 takes two, anything else one (⏎ ¦
# ▕ and Latin letters with tone marks); a lead byte says how many bytes its
# character has.
pinyin_report() {
    screen | LC_ALL=C awk -v han="$1" '
        BEGIN { for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i }
        # starts(ROW, MODE): the columns where each Han character of ROW
        # starts (punctuation and marks take columns but are not listed), or
        # with MODE "words" where each word (after a space) starts; and in
        # counted how many
        function starts(s, mode,    col, prev, i, n, b, c, w, out) {
            col = 0; prev = " "; out = ""; counted = 0
            for (i = 1; i <= length(s); i += n) {
                b = ord[substr(s, i, 1)]
                n = b >= 240 ? 4 : b >= 224 ? 3 : b >= 192 ? 2 : 1
                c = substr(s, i, n)
                w = (n == 3 && c != "⏎" && c != "▕") ? 2 : 1 # ¦ has two bytes
                if ((mode == "words" && c != " " && prev == " ") ||
                    (mode != "words" && w == 2 && c != "，" && c != "。")) {
                    out = out col " "; counted++
                }
                prev = c
                col += w
            }
            return out
        }
        NR >= 2 && NR <= 17 {
            l = $0
            sub(/^text ↑/, "      ", l)
            sub(/^text  /, "      ", l)
            sub(/^      /, "", l)
            rows[++n] = l
        }
        END {
            flags = ""; words = ""
            for (k = 1; k <= 4; k++) {
                a = starts(rows[2 * k - 1], "chars"); count = counted
                ok = a != "" && a == starts(rows[2 * k], "words") && (han == 0 || count == han)
                flags = flags (ok ? 1 : 0)
                w = rows[2 * k]
                gsub(/ +/, " ", w); sub(/^ /, "", w); sub(/ $/, "", w)
                words = words "|" w
            }
            print flags words
        }'
}

# ---- the 200-character poem, from the command line ----
json=$("$BIN" generate --model "$MODEL" --temperature 1.5 --max-chars 200 --json 2>/dev/null)
code=$(printf '%s' "$json" | sed -n 's/.*"code": *"\([0-9A-Z]*\)".*/\1/p')
poem=$("$BIN" generate --model "$MODEL" --code "$code" 2>/dev/null | tr -d '\n')
chars=$(printf '%s' "$poem" | wc -m)
if [ -z "$code" ] || [ "$chars" -lt 150 ]; then
    fail verse_long_cli "generate --temperature 1.5 gave no long poem (code '$code', $chars characters)"
fi
ctx=$("$BIN" info --model "$MODEL" --json | sed -n 's/.*"context": \([0-9]*\).*/\1/p')
n=$((chars + 1)) # the poem's opening newline, then its characters
step=$((ctx + 1 - ctx / 2))
j=$(((n - ctx + step - 1) / step))
[ "$j" -lt 0 ] && j=0
start=$((j * step)) # index of the first character read; 0 is the newline
first_read=$(printf '%s' "$poem" | grep -o . | sed -n "${start}p")

# ---- 110x34: the whole poem as verse, the window's edge inside it ----
if launch 110x34 --code "$code"; then
    e2e_keys Enter
    written() { shows "wrote $chars characters"; }
    until_ok written
    as_verse() {
        r=$(text_report "▕$first_read")
        IFS='|' read -r count ends edge joined <<EOF
$r
EOF
        # every row but the last ends a line of verse
        [ "$count" -ge 5 ] && [ "$joined" = "$poem" ] && [ "$ends" -eq 0 ]
    }
    if until_ok one_capture as_verse; then
        pass verse_long_200_as_verse_110x34
    else
        fail verse_long_200_as_verse_110x34 "not $chars characters in 5 or more rows of verse that read as generate's text"
    fi
    edge() {
        r=$(text_report "▕$first_read")
        IFS='|' read -r count ends edge joined <<EOF
$r
EOF
        [ "$edge" -eq 1 ] && shows "window $((n - start)) of $chars" &&
            shows "▕ window start: the model reads the last $((n - start)) characters"
    }
    if [ "$start" -gt 0 ] && until_ok one_capture edge; then
        pass verse_long_window_edge_110x34
    else
        fail verse_long_window_edge_110x34 "no ▕ before character $start ($first_read), the first the model reads"
    fi
    e2e_quit
else
    fail verse_long_200_as_verse_110x34 "no first screen within ${TIMEOUT}s"
fi

# ---- 80x24: the last rows, more above ----
# (typed in as a prompt: after Enter the coin's line would take the note's row)
if launch 80x24 --prompt "$poem"; then
    last_rows() {
        r=$(text_report "")
        IFS='|' read -r count ends edge joined <<EOF
$r
EOF
        case $poem in *"$joined") tail=1 ;; *) tail=0 ;; esac
        [ "$count" -ge 3 ] && [ "$tail" -eq 1 ] && [ ${#joined} -gt 20 ] &&
            shows_regex '^text ↑' && shows "↑ window start: the model reads the last"
    }
    if until_ok one_capture last_rows; then
        pass verse_long_more_above_80x24
    else
        fail verse_long_more_above_80x24 "not the poem's last rows under ↑, with the note pointing up"
    fi
    # pinyin on: still verse, the readings under each row
    e2e_keys y
    pinyin_long() {
        r=$(pinyin_report 0)
        case $r in 11*) ;; *) return 1 ;; esac
        shows_regex '^text ↑'
    }
    if until_ok one_capture pinyin_long; then
        pass verse_long_pinyin_more_above_80x24
    else
        fail verse_long_pinyin_more_above_80x24 "no rows of verse with readings under ↑"
    fi
    e2e_quit
else
    fail verse_long_more_above_80x24 "no first screen within ${TIMEOUT}s"
fi

# ---- pinyin: 静夜思 as four lines with their readings, at 80x24, in
# projector mode at 80x24, and at 110x34 ----
for at in 80x24 80x24p 110x34; do
    name=verse_long_pinyin_jingyesi_$at
    case $at in *p) proj=--projector ;; *) proj=--mid-text ;; esac
    # (--mid-text: no ⏎ before the poem; its first row then starts with 床)
    if launch "${at%p}" $proj --prompt "床前明月光，疑是地上霜。举头望明月，低头思故乡。"; then
        e2e_keys y
        four_read() {
            r=$(pinyin_report 5)
            case $r in
            "1111|chuáng qián míng yuè guāng|"*"|jǔ tóu wàng míng yuè|dī tóu sī gù xiāng") ;;
            *) return 1 ;;
            esac
            shows "next  " && shows "temperature"
        }
        if until_ok one_capture four_read; then
            pass "$name"
        else
            fail "$name" "静夜思 is not four lines, each over its readings, beside the bars"
        fi
        e2e_quit
    else
        fail "$name" "no first screen within ${TIMEOUT}s"
    fi
done

# ---- pinyin at 80x24: a jueju the model writes, four lines of seven ----
if launch 80x24; then
    e2e_keys j Enter
    until_ok shows "complete"
    e2e_keys y
    jueju_read() {
        r=$(pinyin_report 7)
        case $r in "1111|"*) ;; *) return 1 ;; esac
        hides "text ↑" && shows "pinyin on: "
    }
    if until_ok one_capture jueju_read; then
        pass verse_long_pinyin_jueju_80x24
    else
        fail verse_long_pinyin_jueju_80x24 "the jueju is not four lines of seven, each over its seven readings"
    fi
    e2e_quit
else
    fail verse_long_pinyin_jueju_80x24 "no first screen within ${TIMEOUT}s"
fi

[ "$failed" -eq 0 ]
