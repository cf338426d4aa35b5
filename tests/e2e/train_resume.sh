#!/bin/sh
# train_resume.sh - what `tangscope train` keeps and refuses, end to end, on
# tiny runs of tests/data/tiny-text.txt: a checkpoint remembers its training
# and validation files, so `--resume` alone continues the same run (even from
# another folder) and a different file given by hand is refused naming both;
# an output folder that is missing or cannot be written is refused before
# training; a run stopped without a validation text leaves a model file; the
# elapsed time goes on across a resume; --short-seq must divide --seq;
# --stop-at stops at a step whether the run is resumed or not.
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/train_resume.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
T=${TANGSCOPE:-./tangscope}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
ROOT=$(pwd)
D=$ROOT/tests/data/tiny-text.txt
OTHER=$ROOT/tests/data/tiny-corpus.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
failed=0

. tests/e2e/lib/check.sh
. tests/e2e/lib/expect.sh


SHAPE="--layers 1 --dims 16 --heads 2 --context 16 --steps 20 --eval-every 5 --checkpoint-every 5"
mkdir "$work/run" "$work/elsewhere"
cd "$work/run" || exit 1

# ---- --resume alone continues the same run, from any folder ----
"$T" train --data "$D" --val "$D" --out m.bin $SHAPE --max-steps-now 10 --quiet 2>/dev/null
"$T" train --data "$D" --val "$D" --out whole.bin $SHAPE --quiet >/dev/null 2>&1
(cd "$work/elsewhere" && "$T" train --out "$work/run/m.bin" --resume --quiet >"$work/resumed" 2>&1)
if [ $? -eq 0 ] && cmp -s m.bin whole.bin; then
    pass resume-alone
else
    fail resume-alone "train --resume alone did not give the uninterrupted run's model: $(cat "$work/resumed")"
fi

# ---- another file by hand is refused, naming both ----
"$T" train --data "$D" --val "$D" --out r.bin $SHAPE --max-steps-now 5 --quiet 2>/dev/null
cp r.bin.ckpt r-before.ckpt
expect_error_all resume-other-data 2 "--data '$OTHER'" "is not the training text of checkpoint 'r.bin.ckpt'" "'$D'" -- \
    "$T" train --out r.bin --resume --data "$OTHER"
expect_error_all resume-other-val 2 "--val '$OTHER'" "is not the validation text of checkpoint 'r.bin.ckpt'" "'$D'" -- \
    "$T" train --out r.bin --resume --val "$OTHER"
if cmp -s r.bin.ckpt r-before.ckpt; then pass resume-refused-keeps-checkpoint; else
    fail resume-refused-keeps-checkpoint "a refused resume changed the checkpoint"; fi
# the same bytes under another name are the same text (a file moved)
cp "$D" moved.txt
if "$T" train --out r.bin --resume --data moved.txt --val "$D" --max-steps-now 1 --quiet 2>"$work/err"; then
    pass resume-moved-file
else
    fail resume-moved-file "$(cat "$work/err")"
fi

# ---- the remembered file changed; a validation text added ----
cp "$D" mine.txt
"$T" train --data mine.txt --out x.bin $SHAPE --max-steps-now 5 --quiet 2>/dev/null
echo 春风 >>mine.txt
expect_error_all resume-changed-data 2 "'$work/run/mine.txt' has changed since checkpoint 'x.bin.ckpt' was written" -- \
    "$T" train --out x.bin --resume
# a run without a validation text takes one given on resuming, and keeps it
cp "$D" mine.txt
"$T" train --out x.bin --resume --val "$D" --max-steps-now 5 --quiet 2>/dev/null
expect_error_all resume-val-added 2 "--val '$OTHER' is not the validation text of checkpoint 'x.bin.ckpt', which is '$D'" -- \
    "$T" train --out x.bin --resume --val "$OTHER"

# ---- a run stopped without a validation text leaves a model file ----
"$T" train --data "$D" --out stop.bin $SHAPE --max-steps-now 5 --quiet 2>"$work/err"
if [ -f stop.bin ] && [ -f stop.bin.ckpt ] && grep -q "the weights so far in 'stop.bin'" "$work/err" &&
    "$T" info --model stop.bin >/dev/null 2>&1; then
    pass stopped-leaves-model
else
    fail stopped-leaves-model "after a stop without --val: $(ls) / $(cat "$work/err")"
fi
# and --resume from there ends with the same model as a run never stopped
"$T" train --out stop.bin --resume --quiet >/dev/null 2>&1
"$T" train --data "$D" --out nostop.bin $SHAPE --quiet >/dev/null 2>&1
if cmp -s stop.bin nostop.bin; then pass stopped-then-resumed; else
    fail stopped-then-resumed "the resumed run's model differs from the uninterrupted one"; fi

# ---- --stop-at stops at that step, resumed or not; the run then ends as one never stopped ----
"$T" train --data "$D" --val "$D" --out at.bin $SHAPE --stop-at 7 --quiet 2>"$work/err"
"$T" train --out at.bin --resume --stop-at 3 --quiet 2>>"$work/err" # already past: stays at 7
"$T" train --out at.bin --resume --stop-at 12 --quiet 2>>"$work/err"
"$T" train --out at.bin --resume --quiet >/dev/null 2>>"$work/err"
if [ "$(grep -c "stopped at step 7 of 20" "$work/err")" = 2 ] && grep -q "stopped at step 12 of 20" "$work/err" &&
    cmp -s at.bin whole.bin; then
    pass stop-at
else
    fail stop-at "--stop-at 7, 3, 12 then the rest: $(cat "$work/err"); the model $(cmp at.bin whole.bin 2>&1)"
fi

# ---- the elapsed time goes on across a resume ----
# The checkpoint keeps the time trained as a float64 at offset 152 (after the
# 32-byte header, 72 bytes of settings, 16 of progress and 32 of generator
# state; src/engine/train.h). Set it to 1000 s, reseal the CRC-32 (of every
# byte but offsets 8..11) with gzip, a program that is not tangscope, and the
# resumed run counts on from 1000 s.
"$T" train --data "$D" --val "$D" --out e.bin $SHAPE --max-steps-now 10 --quiet 2>"$work/err"
grep -q "stopped at step 10 of 20 after [0-9.]* s of training" "$work/err" ||
    fail elapsed-said "the stop does not say the time trained: $(cat "$work/err")"
printf '\000\000\000\000\000\100\217\100' | dd of=e.bin.ckpt bs=1 seek=152 conv=notrunc 2>/dev/null
{ head -c 8 e.bin.ckpt; tail -c +13 e.bin.ckpt; } | gzip -c | tail -c 8 | head -c 4 |
    dd of=e.bin.ckpt bs=1 seek=8 conv=notrunc 2>/dev/null
summary=$("$T" train --out e.bin --resume --quiet 2>"$work/err")
# (English groups the thousands: "1,000.3 s in all")
this=$(echo "$summary" | sed -n 's/^trained 10 steps in \([0-9.,]*\) s (\([0-9.,]*\) s in all).*/\1/p' | tr -d ,)
all=$(echo "$summary" | sed -n 's/^trained 10 steps in \([0-9.,]*\) s (\([0-9.,]*\) s in all).*/\2/p' | tr -d ,)
# both figures are rounded to 0.1 s
if [ -n "$all" ] && awk -v t="$this" -v a="$all" 'BEGIN { d = a - 1000 - t; exit !(d < 0.15 && d > -0.15) }'; then
    pass elapsed-continues
else
    fail elapsed-continues "after a checkpoint of 1000 s: '$summary' $(cat "$work/err")"
fi

# ---- --out where nothing can be written: refused before training ----
expect_error_all out-missing-folder 2 "--out 'nowhere/m.bin': the folder 'nowhere' does not exist" -- \
    "$T" train --data "$D" --out nowhere/m.bin $SHAPE
touch plain
expect_error_all out-folder-is-a-file 2 "--out 'plain/m.bin': 'plain' is not a folder" -- \
    "$T" train --data "$D" --out plain/m.bin $SHAPE
# a folder that exists but takes no new file (even for root: /proc)
if [ "$(id -u)" -eq 0 ]; then ro=/proc; else mkdir ro && chmod 555 ro && ro=$work/run/ro; fi
expect_error_all out-unwritable 2 "--out '$ro/m.bin': cannot write in the folder '$ro'" -- \
    "$T" train --data "$D" --out "$ro/m.bin" $SHAPE
expect_error_all checkpoint-missing-folder 2 "--checkpoint 'nowhere/c.ckpt': the folder 'nowhere' does not exist" -- \
    "$T" train --data "$D" --out ok.bin --checkpoint nowhere/c.ckpt $SHAPE
if [ ! -e ok.bin ] && [ ! -e nowhere ] && [ ! -e ok.bin.tmp ]; then pass refused-before-training; else
    fail refused-before-training "a refused run left files: $(ls)"; fi

# ---- --short-seq must divide --seq, as --help says ----
"$T" train --help | grep -q -- "--short-seq N .*dividing --seq" || fail short-seq-help "the help does not say it"
expect_error_all short-seq-divides 2 "--short-seq must divide --seq (16), not 7" -- \
    "$T" train --data "$D" --out q.bin $SHAPE --short-seq 7
expect_error_all short-seq-divides-with-every 2 "--short-seq must divide --seq (12), not 5" -- \
    "$T" train --data "$D" --out q.bin $SHAPE --seq 12 --short-every 3 --short-seq 5
expect_error_all short-seq-divides-on-resume 2 "--short-seq must divide --seq (16), not 6" -- \
    "$T" train --out r.bin --resume --short-seq 6
if [ ! -e q.bin ] && [ ! -e q.bin.ckpt ]; then pass short-seq-refused-before-training; else
    fail short-seq-refused-before-training "files left: $(ls)"; fi

cd "$ROOT" || exit 1
exit $failed
