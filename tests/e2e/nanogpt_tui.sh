#!/bin/sh
# nanogpt_tui.sh - the explorer on a class's own model (an import of a
# nanoGPT checkpoint, tests/data/nanogpt/bias.bin, whose 121 characters are
# not the bundled model's): the training-text column says plainly that its
# counts are the bundled text's, in English and in German at 80x24, and not
# once --corpus gives a text.
# usage: TANGSCOPE=./tangscope sh tests/e2e/nanogpt_tui.sh   (from the repository root)
. tests/e2e/lib/tmux.sh
e2e_setup nanogpt_tui
IMPORTED=$(pwd)/tests/data/nanogpt/bias.bin

other_en() { shows "bundled text" && shows "bundled text, not this model's (--corpus)"; }
e2e_launch 100x30 -- explore --model "$IMPORTED" --lang en --prompt 秦川
if until_ok one_capture other_en; then pass tui-corpus-other-en; else fail tui-corpus-other-en "no plain word that the counts are not the model's"; fi
e2e_quit

other_de() { shows "Beilage-Text" && shows "Beilage-Text, nicht des Modells (--corpus)"; }
e2e_launch 80x24 -- explore --model "$IMPORTED" --lang de --prompt 秦川
if until_ok one_capture other_de; then pass tui-corpus-other-de-80x24; else fail tui-corpus-other-de-80x24 "the German words do not stand whole at 80x24"; fi
e2e_quit

# the counts' own line, once the text is loaded (before, the heading is the same)
own() { shows_regex "training text( after|: every character)" && hides "bundled"; }
e2e_launch 100x30 -- explore --model "$IMPORTED" --lang en --prompt 秦川 --corpus "$(pwd)/tests/data/tiny-corpus.txt"
if until_ok one_capture own; then pass tui-corpus-given; else fail tui-corpus-given "with --corpus the counts are still called the bundled text's"; fi
e2e_quit
exit $failed
