#!/bin/sh
# classmodel_tui.sh - the explorer on a class's model whose vocabulary has no
# newline (bias.pt imported with tests/data/nanogpt/meta-nonewline.pkl, whose
# newline is '~', the vocabulary's first character): no poem can start, so it
# opens mid-text by itself and says so on the status line, in the interface
# language. Its empty text is that first character alone, shown on the text
# line: the same weights as bias.bin's newline, so the bars are bias.bin's at
# a poem's start (probs "" on bias.bin). Asking for a poem's start (n) keeps
# it mid-text and says why; a character typed and taken back leaves it empty.
#
# A lesson about the bundled model (`model bundled`) on the class's model, at
# 80x24 in German: the narration's figures are the bundled model's, so each
# is marked (lessons/de/01-scores.md's step 4 says "Platz 59", the bundled
# model's rank of 霜: "Platz 59*") under a note in the class's language right
# below the step's heading; on the bundled model neither.
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
# --- the bundled model's figures marked on the class's model ---
LESSON=$(pwd)/lessons/de/01-scores.md
NOTE="* gilt für das mitgelieferte Modell"
HEADING="│疑是地上 … 霜?"
# the row under the heading (the narration pane's), and the marked figure
note_row() { screen | grep -A1 -F "$HEADING" | sed -n 2p | sed 's/.*│//'; }
# step 4, a key at a time (the next is taken once the step before is shown)
to_step4() {
    for k in 1 2 3 4; do
        e2e_keys n
        e2e_wait "Schritt $k von 7" || return 1
    done
}
marked() { shows "Schritt 4 von 7" && [ "$(note_row)" = "$NOTE" ] && shows "Platz 59* –"; }
e2e_launch 80x24 -- lesson "$LESSON" --model "$D/bias.bin" --lang de --no-corpus --threads 1
e2e_wait "Einführung" || fail tui-bundled-figures-marked-de "the lesson did not open"
to_step4
if until_ok one_capture marked; then pass tui-bundled-figures-marked-de
else fail tui-bundled-figures-marked-de "under the heading: '$(note_row)'"; fi
e2e_quit
# the bundled model: the figure stands as the narration writes it, no note
plain() {
    shows "Schritt 4 von 7" && shows "Platz 59 –" && hides "Platz 59*" && hides "mitgelieferte Modell"
}
e2e_launch 80x24 -- lesson "$LESSON" --model "$MODEL" --lang de --no-corpus --threads 1
e2e_wait "Einführung" || fail tui-bundled-figures-plain "the lesson did not open"
to_step4
if until_ok one_capture plain; then pass tui-bundled-figures-plain
else fail tui-bundled-figures-plain "under the heading: '$(note_row)'"; fi
e2e_quit
exit $failed
