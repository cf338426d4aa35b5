#!/bin/sh
# progress.sh - a long command says how far it is, and only to a person
# (generate -n and train without its view too, below):
# `eval` with stderr on a terminal (a tmux pane) draws its progress line
# ("[====>   ] 0% 0/N characters"), N the characters it predicts (counted
# here by wc -m: the text's characters less the first), then 100%, in the
# language of the run (German: "1.499 Zeichen"), and takes it off the screen
# at the end (the last screen holds the result and no bar); with stderr a
# file, no byte of it is written (stderr empty, byte for byte, no \r); with
# --quiet on a terminal, no bar either. The pane's raw bytes are read through
# tmux's pipe-pane, so a line that was drawn and then cleared is still seen.
# usage: TANGSCOPE=./tangscope sh tests/e2e/progress.sh   (from the repository root)
set -u
TIMEOUT=20
. tests/e2e/lib/tmux.sh
e2e_setup progress

TINY=$(pwd)/tests/data/tiny.bin
# a text of the fixture model's characters, ten times over: 1,000 and more
# characters, so the German count has its thousands' dot
TEXT=$TMP/text.txt
for i in 1 2 3 4 5 6 7 8 9 10; do cat tests/data/tiny-text.txt; done >"$TEXT"
chars=$(LC_ALL=C.UTF-8 wc -m <"$TEXT" | tr -d ' ')
n=$((chars - 1)) # eval predicts every character but the first
n_de=$(printf '%d' "$n" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|\.\)/\1.\2\3/;ta')
n_en=$(printf '%d' "$n" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/;ta')

# The program starts only once the pane's bytes are being recorded: a
# wrapper waits for TMP/go (written after pipe-pane), then runs it.
REAL=$BIN
cat >"$TMP/gated.sh" <<EOF
#!/bin/sh
while [ ! -e "$TMP/go" ]; do sleep 0.02; done
exec "$REAL" "\$@"
EOF
chmod +x "$TMP/gated.sh"

# raw NAME [VAR=VALUE ...] -- ARGS: run tangscope ARGS in the pane, its bytes
# into TMP/NAME.raw; 0 when it ended with status 0
raw() {
    name=$1
    shift
    rm -f "$TMP/go" "$TMP/$name.raw"
    BIN=$TMP/gated.sh
    e2e_launch 100x24 "$@"
    BIN=$REAL
    tm pipe-pane -t "$SESSION" # the last run's pipe closed, if still open
    tm pipe-pane -t "$SESSION" "cat >>'$TMP/$name.raw'"
    : >"$TMP/go"
    e2e_wait "EXITED 0" || return 1
    until_ok grep -q "EXITED 0" "$TMP/$name.raw" 2>/dev/null
}

# the bar as progress.c draws it: [, 16 cells of = > or space, ]
BAR='\[[=> ]\{16\}\]'

if raw en -- eval --model "$TINY" --data "$TEXT" --seq 16 --threads 1; then
    if grep -q "$BAR 0% 0/$n_en characters" "$TMP/en.raw" &&
        grep -q "$BAR 100% $n_en/$n_en characters, .*/s, 0:00 left" "$TMP/en.raw"; then
        pass progress-tty
    else
        fail progress-tty "no 0% and 100% of $n_en characters in: $(tr '\r' '\n' <"$TMP/en.raw" | head -5)"
    fi
    # taken off at the end: the result is on the screen, the bar is not
    if shows "perplexity" && ! screen | grep -q "$BAR"; then
        pass progress-cleared
    else
        fail progress-cleared "the bar stayed on the screen"
    fi
else
    fail progress-tty "eval did not end with 0 in the pane"
fi

if raw de LANG=de_DE.UTF-8 -- eval --model "$TINY" --data "$TEXT" --seq 16 --threads 1 &&
    grep -q "$BAR 100[^/]*% $n_de/$n_de Zeichen, .*/s, noch 0:00" "$TMP/de.raw"; then
    pass progress-german
else
    fail progress-german "no German line with $n_de in: $(tr '\r' '\n' <"$TMP/de.raw" | grep Zeichen | head -3)"
fi

if raw quiet -- eval --model "$TINY" --data "$TEXT" --seq 16 --threads 1 --quiet &&
    grep -q perplexity "$TMP/quiet.raw" && ! grep -q "$BAR" "$TMP/quiet.raw"; then
    pass progress-quiet-tty
else
    fail progress-quiet-tty "a bar with --quiet, or no result: $(tr '\r' '\n' <"$TMP/quiet.raw" | head -5)"
fi

# generate -n 5 in the pane: "N/5 poems" drawn, and the five poems on the
# last screen with no bar left among them
if raw gen -- generate --model "$TINY" -n 5 --max-chars 8 --seed 1 &&
    grep -q "$BAR 0% 0/5 poems" "$TMP/gen.raw" && grep -q "$BAR 100% 5/5 poems" "$TMP/gen.raw" &&
    ! screen | grep -q "$BAR"; then
    pass progress-generate
else
    fail progress-generate "no 0/5 and 5/5 poems: $(tr '\r' '\n' <"$TMP/gen.raw" | head -8)"
fi

# train without its view: the bar before its step line, each validation's
# line kept on the screen, no bar left at the end
mkdir -p "$TMP/train"
if E2E_DIR=$TMP/train raw train -- train --data "$TEXT" --val "$TEXT" --layers 1 --dims 16 \
        --heads 2 --context 16 --threads 1 --steps 40 --eval-every 20 --no-view --out m.bin &&
    grep -q "$BAR [0-9]*% step [0-9]*/40 " "$TMP/train.raw" &&
    shows "step 20/40 | loss" && shows "step 40/40 | loss" && ! screen | grep -q "$BAR"; then
    pass progress-train
else
    fail progress-train "$(tr '\r' '\n' <"$TMP/train.raw" | head -8)"
fi

# stderr a file: not one byte of progress (this eval writes nothing else there)
"$REAL" eval --model "$TINY" --data "$TEXT" --seq 16 --threads 1 >"$TMP/out" 2>"$TMP/err"
: >"$TMP/empty"
if cmp -s "$TMP/err" "$TMP/empty" && grep -q perplexity "$TMP/out" &&
    ! tr -d -c '\r' <"$TMP/out" | grep -q .; then
    pass progress-not-a-terminal
else
    fail progress-not-a-terminal "stderr holds $(wc -c <"$TMP/err") bytes: $(od -c "$TMP/err" | head -3)"
fi

exit $((failed > 0))
