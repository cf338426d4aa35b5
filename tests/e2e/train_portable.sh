#!/bin/sh
# train_portable.sh - training in bfloat16 gives the same model, byte for
# byte, on a build for any x86-64 CPU with AVX2 and FMA (make portable,
# x86-64-v3: the FMA kernel on 256-bit vectors) and on one for aarch64 (make
# arm64, run under qemu-aarch64: the kernel in plain C) as on the default
# build (on a CPU with AVX512_BF16, vdpbf16ps or the AVX-512 FMA kernel), and
# with any thread count: the promise that lets anyone rebuild the bundled
# model.
# A few seconds of a tiny model whose sizes leave remainders everywhere
# (24 dimensions: a run of 16 and 8; heads of 6; windows of 18 and short
# windows of 3, odd depths in attention; a vocabulary of 23).
#
# It needs two builds: TANGSCOPE (the program under test) and
# TANGSCOPE_DEFAULT_BUILD, which `make portable-test` and `make arm64-test`
# set to the default build's ./tangscope while they test
# build-portable/tangscope-bin and build-arm64/tangscope. Without a second
# build (make test, make asan) it says SKIP.
# usage: TANGSCOPE=build-portable/tangscope-bin TANGSCOPE_DEFAULT_BUILD=./tangscope \
#        sh tests/e2e/train_portable.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
T=${TANGSCOPE:-./tangscope}
O=${TANGSCOPE_DEFAULT_BUILD:-}
D=$(pwd)/tests/data/tiny-text.txt
failed=0
. tests/e2e/lib/check.sh

if [ -z "$O" ] || [ "$O" = "$T" ]; then
    skip train-portable-same-bits "no second build to compare with (make portable-test and make arm64-test compare theirs with ./tangscope)"
    exit 0
fi
if [ ! -x "$O" ]; then
    fail train-portable-same-bits "TANGSCOPE_DEFAULT_BUILD=$O is not a program"
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

SHAPE="--layers 2 --dims 24 --heads 4 --context 18 --steps 24 --warmup 4 --eval-every 8
       --short-every 3 --short-seq 3 --precision bf16 --data $D --val $D --quiet"
# train NAME PROGRAM THREADS: a model in $work/NAME.bin, what it printed in NAME.out
train() {
    # shellcheck disable=SC2086
    "$2" train $SHAPE --threads "$3" --out "$work/$1.bin" >"$work/$1.out" 2>&1
    echo "exit status $?" >>"$work/$1.out"
}
train default "$O" 2
train portable "$T" 1
for b in default portable; do
    if ! grep -q "products in bfloat16" "$work/$b.out" || ! grep -q "exit status 0" "$work/$b.out"; then
        fail "train-portable-$b-bf16" "the $b build did not train in bfloat16: $(cat "$work/$b.out")"
    fi
done
if [ "$failed" = 0 ]; then
    if cmp "$work/default.bin" "$work/portable.bin" >"$work/cmp" 2>&1; then
        pass train-portable-same-bits
    else
        fail train-portable-same-bits "$O (2 threads) and $T (1 thread) trained different models: $(cat "$work/cmp")"
    fi
    # the losses they printed, to four digits, agree as well
    l1=$(grep -o 'best validation loss [0-9.]*' "$work/default.out")
    l2=$(grep -o 'best validation loss [0-9.]*' "$work/portable.out")
    if [ -n "$l1" ] && [ "$l1" = "$l2" ]; then
        pass train-portable-same-loss
    else
        fail train-portable-same-loss "'$l1' against '$l2'"
    fi
fi
exit "$failed"
