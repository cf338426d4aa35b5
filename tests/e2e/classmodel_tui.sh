#!/bin/sh
# classmodel_tui.sh - the explorer on a class's model whose vocabulary has no
# newline (bias.pt imported with tests/data/nanogpt/meta-nonewline.pkl, whose
# newline is '~', the vocabulary's first character): no poem can start, so it
# opens mid-text by itself and says so on the status line, in the interface
# language. Its empty text is that first character alone, shown on the text
# line: the same weights as bias.bin's newline, so the bars are bias.bin's at
# a poem's start (probs "" on bias.bin). Asking for a poem's start (n) keeps
# it mid-text and says why; a character typed and taken back leaves it empty.
# usage: TANGSCOPE=./tangscope sh tests/e2e/classmodel_tui.sh   (from the repository root)
. tests/e2e/lib/tmux.sh
e2e_setup classmodel_tui
D=$(pwd)/tests/data/nanogpt
NONL=$TMP/nonl.bin
"$BIN" import "$D/bias.pt" --meta "$D/meta-nonewline.pkl" --out "$NONL" >/dev/null 2>&1 ||
    fail no-newline-import "tangscope import of bias.pt with meta-nonewline.pkl failed"
# the top two of bias.bin at a poem's start, as the bars print them (one decimal)
"$BIN" probs "" --model "$D/bias.bin" --top 2 --lang en >"$TMP/want" 2>/dev/null
first=$(awk '$1 == 1 {sub("%", "", $3); printf "%s %.1f%%\n", $2, $3}' "$TMP/want")
second=$(awk '$1 == 2 {print $2}' "$TMP/want")

e2e_launch 110x34 -- explore --model "$NONL" --lang en --no-corpus
opened() {
    shows "the vocabulary has no newline: only fragments (mid-text); empty, it reads ~" &&
        screen | sed -n 2p | grep -q "^text  ~ .*mid-text" &&
        shows "empty: the model reads ~, its first character (no newline)"
}
if until_ok one_capture opened; then pass tui-no-newline-opens-mid-text; else fail tui-no-newline-opens-mid-text "$(screen | sed -n '2,3p;$p')"; fi
top_bars() {
    screen | grep -q "^1 ${first%% *} .* ${first#* }" && screen | grep -q "^2 $second "
}
if until_ok one_capture top_bars; then pass tui-no-newline-bars; else fail tui-no-newline-bars "want 1 $first, 2 $second: $(screen | sed -n '5,6p')"; fi
e2e_keys n
still() { screen | sed -n 2p | grep -q "mid-text" && shows "the vocabulary has no newline"; }
if until_ok one_capture still; then pass tui-no-newline-no-poem-start; else fail tui-no-newline-no-poem-start "$(screen | sed -n '2p;$p')"; fi
e2e_keys 秦
typed() { screen | sed -n 2p | grep -q "^text  秦 "; }
until_ok one_capture typed || fail tui-no-newline-typed "$(screen | sed -n 2p)"
e2e_keys BSpace
empty_again() { screen | sed -n 2p | grep -q "^text  ~ " && top_bars; }
if until_ok one_capture empty_again; then pass tui-no-newline-empty-again; else fail tui-no-newline-empty-again "$(screen | sed -n '2,6p')"; fi
e2e_keys q

said_de() { shows "Kein Zeilenumbruch im Zeichenvorrat: nur Auszüge (Textmitte)" && shows "Textmitte"; }
e2e_launch 110x34 -- explore --model "$NONL" --lang de --no-corpus
if until_ok one_capture said_de; then pass tui-no-newline-said-de; else fail tui-no-newline-said-de "$(screen | tail -1)"; fi
e2e_keys q
exit $failed
