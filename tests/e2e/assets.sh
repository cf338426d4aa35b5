#!/bin/sh
# assets.sh - the bundled texts: no validation poem also occurs in the
# training text (so `tangscope eval` measures text the model never trained
# on), and every validation character occurs in training (so every poem can
# be evaluated). Recomputed with sort and comm, independently of
# tools/build-corpus.sh, which makes the files.
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: sh tests/e2e/assets.sh   (from the repository root)
set -u
export LC_ALL=C
train=assets/tang-train.txt
val=assets/tang-val.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

. tests/e2e/lib/check.sh

# shared TRAIN VAL: the poems (lines) of VAL that are also lines of TRAIN
shared() {
    sort -u "$1" >"$work/train.sorted"
    sort -u "$2" >"$work/val.sorted"
    comm -12 "$work/train.sorted" "$work/val.sorted"
}

n=$(wc -l <"$val")
if [ "$n" -gt 1000 ]; then pass "assets-val-poems ($n)"; else fail assets-val-poems "only $n lines in $val"; fi

both=$(shared "$train" "$val" | wc -l)
if [ "$both" -eq 0 ]; then
    pass assets-val-not-in-train
else
    fail assets-val-not-in-train "$both validation poems also occur in $train, e.g. $(shared "$train" "$val" | head -n 1)"
fi

# the check itself must see a shared poem: a validation text with one
# training poem added
{ cat "$val"; sed -n 100p "$train"; } >"$work/val-plus.txt"
both=$(shared "$train" "$work/val-plus.txt" | wc -l)
if [ "$both" -eq 1 ]; then pass assets-check-sees-shared; else fail assets-check-sees-shared "found $both, want 1"; fi

# every validation character occurs in training (one character a line; the
# texts are UTF-8, so cut them with grep -o in a UTF-8 locale if there is one)
chars() { LC_ALL=$utf8 grep -o . "$1" | LC_ALL=C sort -u; }
utf8=$(locale -a 2>/dev/null | grep -i -m 1 -E '^(C|en_US)\.utf-?8$')
if [ -z "$utf8" ]; then
    echo "SKIP assets-val-chars-in-train: no UTF-8 locale"
else
    unseen=$(chars "$val" >"$work/vc"; chars "$train" >"$work/tc"; comm -23 "$work/vc" "$work/tc" | wc -l)
    if [ "$unseen" -eq 0 ]; then
        pass assets-val-chars-in-train
    else
        fail assets-val-chars-in-train "$unseen validation characters never occur in $train"
    fi
fi

exit $failed
