#!/bin/sh
# explorer_edges.sh - the explorer at its edges, in a real terminal (tmux):
# a terminal too small for it, at every size down to 1x1, says the size it
# needs and lets no key but quit through; a long paste is one edit, so the
# screen answers with the paste's end at once instead of predicting after
# every character (bracketed paste, and a terminal without it, where the
# characters arrive as one burst).
#
# Every check waits for the screen with a timeout (tests/e2e/lib/tmux.sh).
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/explorer_edges.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

SESSION=edges
. tests/e2e/lib/tmux.sh
e2e_setup edges
# a paste from the bundled model's verse when it is there, else the fixture's
if [ -f assets/tang.bin ]; then
    MODEL=$(pwd)/assets/tang.bin UNIT=白日依山尽，黄河入海流。 END=欲穷千里目，更上一层楼。
else
    MODEL=$(pwd)/tests/data/tiny.bin UNIT=春风花月明，山水白日云。 END=江天千里秋，夜月不无人。
fi

launch() {
    e2e_launch 80x24 -- explore --model "$MODEL" --lang en --corpus tests/data/tiny-corpus.txt
    e2e_wait "next  "
}
size() { tm resize-window -t "$SESSION" -x "$1" -y "$2"; }
# the screen's text with the line breaks taken out: what a reader reads
joined() { screen | tr -d '\n' | tr -s ' '; }
says() { joined | grep -qF -- "$1"; }
# the pane is as large as asked (tmux may refuse sizes below its minimum)
pane_is() { [ "$(tm display-message -p -t "$SESSION" '#{pane_width}x#{pane_height}')" = "$1x$2" ]; }

# ---- too small: the needed size, at any size ----
launch || fail edges_opens "no first screen within ${TIMEOUT}s"
for wh in 79x24 60x20 30x10 12x3 10x2 5x1 2x3 1x6; do
    w=${wh%x*} h=${wh#*x}
    size "$w" "$h"
    until_ok pane_is "$w" "$h" || { fail "too_small_$wh" "tmux did not make the pane ${wh}"; continue; }
    # the whole message where it fits, else shorter ways to say the size,
    # wrapped over the rows (at 2x3: "80", "x2", "4")
    if [ "$w" -ge 60 ]; then want="terminal too small: ${w}x${h}, tangscope needs 80x24"; else want="80x24"; fi
    if until_ok says "$want"; then pass "too_small_$wh"; else fail "too_small_$wh" "no '$want'"; fi
done
size 12 3
until_ok says "needs 80x24" && pass too_small_short_form || fail too_small_short_form "no 'needs 80x24' at 12x3"
# 1x1: one cell cannot hold 80x24; the explorer keeps running and comes back
size 1 1
size 80 24
if until_ok shows "next  "; then pass too_small_1x1_survives; else fail too_small_1x1_survives "no screen after 1x1"; fi

# ---- keys while too small do nothing but quit ----
size 30 10
until_ok says "80x24"
e2e_keys -l "春风"
e2e_keys c " " "?" j Enter
size 80 24
untouched() { shows "next  " && shows "KV cache on" && hides "春风" && hides "KV cache off" && hides "jueju"; }
if until_ok one_capture untouched; then
    pass too_small_keys_do_nothing
else
    fail too_small_keys_do_nothing "keys typed while too small changed the explorer"
fi
size 30 10
until_ok says "80x24"
e2e_keys q
if until_ok shows "EXITED 0"; then pass too_small_q_quits; else fail too_small_q_quits "q did not quit"; fi

# ---- a long paste is one edit ----
n=333
text=
i=0
while [ $i -lt $n ]; do text=$text$UNIT; i=$((i + 1)); done
text=$text$END
chars=$((n * 12 + 12))
chars=$(echo "$chars" | sed -E ':a; s/([0-9])([0-9]{3})($|,)/\1,\2\3/; ta') # grouped, as English writes it
launch
tm set-buffer -b long -- "$text"
tm paste-buffer -p -b long -t "$SESSION" # bracketed, as the explorer asks
if until_ok shows_all "${END%。}" "pasted $chars characters; the text holds 1,024: kept the last 1,024"; then
    pass paste_bracketed_end_shown
else
    fail paste_bracketed_end_shown "the paste's end '$END' and the status did not appear"
fi
# pasted letters and digits are text, not keys: q does not quit, 1 picks nothing
e2e_keys C-u
tm set-buffer -b keys -- "q1"
tm paste-buffer -p -b keys -t "$SESSION"
pasted_as_text() { shows_regex '^text +⏎?q1 ' && hides "EXITED"; }
if until_ok one_capture pasted_as_text; then pass paste_letters_are_text; else
    fail paste_letters_are_text "a pasted q acted as a key"; fi
# a terminal without bracketed paste: the characters come as one burst, read
# as typed, each a step of the text. 100 lines (1,212 characters) go past
# the text's 1,024 as the long paste does; on a busy machine 4,000 such steps
# outlasted the wait (CI: 682 read when it ended). Sanitized, with the whole
# suite beside it, the burst is 40 lines, still past the context.
e2e_keys C-u
lines=100
[ "${TANGSCOPE_SANITIZED:-}" = 1 ] && lines=40
burst=
i=0
while [ $i -lt $lines ]; do burst=$burst$UNIT; i=$((i + 1)); done
tm set-buffer -b burst -- "$burst$END"
tm paste-buffer -b burst -t "$SESSION" # no -p: raw
if until_ok shows "${END%。}"; then pass paste_burst_end_shown; else
    fail paste_burst_end_shown "the burst's end '$END' did not appear"; fi
e2e_keys C-c
until_ok shows "EXITED" || fail paste_quit "did not quit after the pastes"

exit $failed
