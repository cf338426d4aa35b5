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
# wrapper waits for TMP/go (written after pipe-pane), then runs it (RAW_PROG,
# default tangscope).
REAL=$BIN
gate() {
    cat >"$TMP/gated.sh" <<EOF
#!/bin/sh
while [ ! -e "$TMP/go" ]; do sleep 0.02; done
exec "${RAW_PROG:-$REAL}" "\$@"
EOF
    chmod +x "$TMP/gated.sh"
}

# raw NAME [VAR=VALUE ...] -- ARGS: run tangscope ARGS in the pane, its bytes
# into TMP/NAME.raw; 0 when it ended with status RAW_STATUS (default 0)
raw() {
    name=$1
    shift
    rm -f "$TMP/go" "$TMP/$name.raw"
    gate
    BIN=$TMP/gated.sh
    e2e_launch 100x24 "$@"
    BIN=$REAL
    tm pipe-pane -t "$SESSION" # the last run's pipe closed, if still open
    tm pipe-pane -t "$SESSION" "cat >>'$TMP/$name.raw'"
    : >"$TMP/go"
    e2e_wait "EXITED ${RAW_STATUS:-0}" || return 1
    until_ok grep -q "EXITED ${RAW_STATUS:-0}" "$TMP/$name.raw" 2>/dev/null
}

# the bar as progress.c draws it: [, 16 cells of = > or space, ]
BAR='\[[=> ]\{16\}\]'

# no_bar_left: no bar on the last screen (a line printed after a bar that
# was not taken off would share its line with it)
no_bar_left() { ! screen | grep "$BAR"; }

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

# lesson --check of two lessons: "0/2 files" with the lesson in hand, then
# "2/2"; each lesson's "ok" line starts a line of its own, no bar left
L1=lessons/en/01-scores.md # the pane works in the repository's root
L2=lessons/en/02-temperature.md
if raw lesson -- lesson --check "$L1" "$L2" &&
    grep -q "$BAR 0% 0/2 files | .*01-scores.md" "$TMP/lesson.raw" &&
    grep -q "$BAR 100% 2/2 files, .*/s, 0:00 left" "$TMP/lesson.raw" &&
    shows_regex "^$L1: [0-9]+ steps, ok" && shows_regex "^$L2: [0-9]+ steps, ok" && no_bar_left; then
    pass progress-lesson-check
else
    fail progress-lesson-check "$(tr '\r' '\n' <"$TMP/lesson.raw" | head -8)"
fi

# export and import of the fixture model: their parts named, the line
# taken off before what was written is said
NANO=$TMP/nano
if raw export -- export "$TINY" --out "$NANO" &&
    grep -q "$BAR 0% 0/3 steps | reading .*tiny.bin" "$TMP/export.raw" &&
    grep -q "$BAR 100% 3/3 steps.* | writing " "$TMP/export.raw" &&
    shows_regex "^'$NANO/ckpt.pt' and '$NANO/meta.pkl' written" && no_bar_left; then
    pass progress-export
else
    fail progress-export "$(tr '\r' '\n' <"$TMP/export.raw" | head -8)"
fi
if raw import -- import "$NANO/ckpt.pt" --meta "$NANO/meta.pkl" --out "$TMP/back.bin" &&
    grep -q "$BAR 0% 0/4 steps | reading .*ckpt.pt" "$TMP/import.raw" &&
    grep -q "$BAR [0-9]*% 2/4 steps.* | converting" "$TMP/import.raw" &&
    grep -q "$BAR 100% 4/4 steps" "$TMP/import.raw" &&
    shows_regex "^$TMP/back.bin: [0-9]+ layers" && no_bar_left; then
    pass progress-import
else
    fail progress-import "$(tr '\r' '\n' <"$TMP/import.raw" | head -8)"
fi
# an error while the bar is up starts its own line, the bar gone
RAW_STATUS=2
raw import_bad -- import "$TMP/none.pt" --meta "$NANO/meta.pkl" --out "$TMP/x.bin"
bad=$?
RAW_STATUS=0
if [ "$bad" = 0 ] && shows_regex "^tangscope import: .*none.pt.*: cannot open" && no_bar_left; then
    pass progress-error-line
else
    fail progress-error-line "$(screen | tail -4)"
fi
# --quiet on the terminal: no bar from any of the three
RAW_QUIET_OK=1
raw lesson_q -- lesson --check "$L1" --quiet || RAW_QUIET_OK=0
raw export_q -- export "$TINY" --out "$TMP/nano_q" --quiet || RAW_QUIET_OK=0
raw import_q -- import "$NANO/ckpt.pt" --meta "$NANO/meta.pkl" --out "$TMP/q.bin" --quiet ||
    RAW_QUIET_OK=0
if [ "$RAW_QUIET_OK" = 1 ] && ! cat "$TMP/lesson_q.raw" "$TMP/export_q.raw" "$TMP/import_q.raw" |
        grep -q "$BAR" && grep -q "steps, ok" "$TMP/lesson_q.raw" && [ -s "$TMP/q.bin" ]; then
    pass progress-quiet-lesson-import-export
else
    fail progress-quiet-lesson-import-export "a bar, or a command that failed"
fi

# tools/calibration.sh (model-quality.sh's slowest part) draws the same line
if ! command -v jq >/dev/null; then
    skip progress-calibration "jq is not installed"
elif [ ! -x ./tangscope ]; then
    skip progress-calibration "no ./tangscope at the repository root"
else
    RAW_PROG=$(pwd)/tools/calibration.sh
    raw calib -- 春风 明月
    calib=$?
    RAW_PROG=
    if [ "$calib" = 0 ] &&
        grep -q "$BAR 0% 0/2 contexts | calibration" "$TMP/calib.raw" &&
        grep -q "$BAR 100% 2/2 contexts" "$TMP/calib.raw" && shows_regex "^。 after 2 contexts" &&
        no_bar_left; then
        pass progress-calibration
    else
        fail progress-calibration "$(tr '\r' '\n' <"$TMP/calib.raw" | head -6)"
    fi
fi

# stderr a file: no byte of progress from lesson --check, export or import
"$REAL" lesson --check "$L1" >"$TMP/out" 2>"$TMP/err.lesson"
"$REAL" export "$TINY" --out "$TMP/nano_f" >"$TMP/out" 2>"$TMP/err.export"
"$REAL" import "$NANO/ckpt.pt" --meta "$NANO/meta.pkl" --out "$TMP/f.bin" >"$TMP/out" 2>"$TMP/err.import"
if [ ! -s "$TMP/err.lesson" ] && [ ! -s "$TMP/err.export" ] && [ ! -s "$TMP/err.import" ] &&
    [ -s "$TMP/f.bin" ]; then
    pass progress-not-a-terminal-lesson-import-export
else
    fail progress-not-a-terminal-lesson-import-export "stderr: $(cat "$TMP"/err.* | od -c | head -3)"
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
