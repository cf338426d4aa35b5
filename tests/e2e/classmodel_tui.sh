#!/bin/sh
# classmodel_tui.sh - the explorer on a class's model whose vocabulary has no
# newline (bias.pt imported with tests/data/nanogpt/meta-nonewline.pkl): its
# empty text would be a newline alone, so it does not open, and says why in
# one line, in the interface language, with exit 2 (probs and generate read
# such a model's prompts mid-text by themselves: classmodel.sh).
# usage: TANGSCOPE=./tangscope sh tests/e2e/classmodel_tui.sh   (from the repository root)
. tests/e2e/lib/tmux.sh
e2e_setup classmodel_tui
D=$(pwd)/tests/data/nanogpt
NONL=$TMP/nonl.bin
"$BIN" import "$D/bias.pt" --meta "$D/meta-nonewline.pkl" --out "$NONL" >/dev/null 2>&1 ||
    fail no-newline-import "tangscope import of bias.pt with meta-nonewline.pkl failed"

said() { shows "has no newline" && shows "EXITED 2"; }
e2e_launch 110x34 -- explore --model "$NONL" --lang en --prompt 秦川 --mid-text
if until_ok one_capture said; then pass tui-no-newline-refused; else fail tui-no-newline-refused "the explorer does not say why it cannot open the model"; fi

said_de() { shows "fehlt der Zeilenumbruch" && shows "EXITED 2"; }
e2e_launch 110x34 -- explore --model "$NONL" --lang de
if until_ok one_capture said_de; then pass tui-no-newline-refused-de; else fail tui-no-newline-refused-de "not said in German"; fi
exit $failed
