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
# The text's rows: from the second screen row, those that start with the
# label (text, then two spaces or the arrow ↑) or six spaces and then a
# character of the text (no letter: the note under the text has words);
# printed without the six columns before the text and without what stands
# right of it on the first row (two spaces or more, then the count).
text_rows() {
    screen | sed -n '2,20p' | sed -e 's/^text ↑/      /' -e 's/^text  /      /' |
        grep -E '^ {6}[^ ]' | sed -e 's/^ \{6\}//' -e 's/  .*//' | grep -v '[a-zA-Z]'
}
# The rows with pinyin on, from the second screen row: a row of characters,
# then its readings, in pairs; each from column 6, whole, so that columns can
# be compared (the count right of the first row has no Han character).
pinyin_pairs() {
    screen | sed -n '2,17p' | sed -e 's/^text ↑/      /' -e 's/^text  /      /' -e 's/^ \{6\}//'
}
# Without the marks: ⏎ (a newline), ¦ (a context shift), ▕ (the window's edge).
unmarked() { sed -e 's/⏎//g' -e 's/¦//g' -e 's/▕//g'; }

# The columns where each Han character of ROW starts (a Chinese character
# or ，。 takes two columns, anything else one: ⏎ ¦ ▕ and Latin letters with
# tone marks), one per line; punctuation and marks take columns but are
# not listed. With "words": where each word (after a space) starts instead.
starts() {
    # one awk for the row, byte by byte (LC_ALL=C): a lead byte says how many
    # bytes its character has; a process per character would cost seconds
    printf '%s\n' "$1" | LC_ALL=C awk -v mode="$2" '
        BEGIN { for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i }
        {
            col = 0; prev = " "
            for (i = 1; i <= length($0); i += n) {
                b = ord[substr($0, i, 1)]
                n = b >= 240 ? 4 : b >= 224 ? 3 : b >= 192 ? 2 : 1
                c = substr($0, i, n)
                w = (n == 3 && c != "⏎" && c != "▕") ? 2 : 1 # ¦ has two bytes
                if (mode == "words") { if (c != " " && prev == " ") print col }
                else if (w == 2 && c != "，" && c != "。") print col
                prev = c
                col += w
            }
        }'
}
# ROW and READINGS: every reading starts in the column of its character, and
# there are as many readings as Han characters.
aligned() {
    a=$(starts "$1" chars | tr '\n' ' ')
    b=$(starts "$2" words | tr '\n' ' ')
    [ -n "$a" ] && [ "$a" = "$b" ]
}
# The number of Han characters in ROW.
han_count() { starts "$1" chars | grep -c .; }

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
        rows=$(text_rows)
        count=$(printf '%s\n' "$rows" | grep -c .)
        joined=$(printf '%s\n' "$rows" | unmarked | tr -d '\n')
        # every row but the last ends a line of verse
        ends=$(printf '%s\n' "$rows" | sed '$d' | grep -cvE '[，。]$')
        [ "$count" -ge 5 ] && [ "$joined" = "$poem" ] && [ "$ends" -eq 0 ]
    }
    if until_ok one_capture as_verse; then
        pass verse_long_200_as_verse_110x34
    else
        fail verse_long_200_as_verse_110x34 "not $chars characters in 5 or more rows of verse that read as generate's text"
    fi
    edge() {
        text_rows | grep -q "▕$first_read" && shows "window $((n - start)) of $chars" &&
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
        rows=$(text_rows)
        count=$(printf '%s\n' "$rows" | grep -c .)
        joined=$(printf '%s\n' "$rows" | unmarked | tr -d '\n')
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
        pairs=$(pinyin_pairs)
        r1=$(printf '%s\n' "$pairs" | sed -n 1p) p1=$(printf '%s\n' "$pairs" | sed -n 2p)
        r2=$(printf '%s\n' "$pairs" | sed -n 3p) p2=$(printf '%s\n' "$pairs" | sed -n 4p)
        shows_regex '^text ↑' && aligned "$r1" "$p1" && aligned "$r2" "$p2"
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
            pairs=$(pinyin_pairs)
            ok=0
            for k in 1 2 3 4; do
                row=$(printf '%s\n' "$pairs" | sed -n "$((2 * k - 1))p")
                py=$(printf '%s\n' "$pairs" | sed -n "$((2 * k))p")
                [ "$(han_count "$row")" -eq 5 ] && aligned "$row" "$py" && ok=$((ok + 1))
            done
            words() { printf '%s\n' "$pairs" | sed -n "${1}p" | tr -s ' ' | sed 's/^ //; s/ $//'; }
            [ "$ok" -eq 4 ] && [ "$(words 2)" = "chuáng qián míng yuè guāng" ] &&
                [ "$(words 6)" = "jǔ tóu wàng míng yuè" ] && [ "$(words 8)" = "dī tóu sī gù xiāng" ] &&
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
        pairs=$(pinyin_pairs)
        ok=0
        for k in 1 2 3 4; do
            row=$(printf '%s\n' "$pairs" | sed -n "$((2 * k - 1))p")
            py=$(printf '%s\n' "$pairs" | sed -n "$((2 * k))p")
            [ "$(han_count "$row")" -eq 7 ] && aligned "$row" "$py" && ok=$((ok + 1))
        done
        [ "$ok" -eq 4 ] && hides "text ↑" && shows "pinyin on: "
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
