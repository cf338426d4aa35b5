#!/bin/sh
# compare-precision.sh - does training with bfloat16 products learn as well as
# training in float32? Trains the default model from scratch with
# `--precision bf16` and with `--precision fp32` for the same steps and seeds,
# and prints the validation loss along the way and the time each run took.
# About 5 minutes (bf16) and 6.5 minutes (fp32) per seed at 1,000 steps on two
# free cores.
# usage: tools/compare-precision.sh [STEPS [SEED...]]   (from the repository root;
#        default 1000 steps, seeds 1337 1338)
set -eu
steps=${1:-1000}
[ $# -gt 0 ] && shift
seeds=${*:-1337 1338}
[ -x ./tangscope ] || make tangscope >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
every=$((steps / 4))
[ "$every" -ge 1 ] || every=1
echo "validation loss (nats/char) of the default model trained from scratch, $steps steps:"
for seed in $seeds; do
    for p in bf16 fp32; do
        ./tangscope train --precision "$p" --seed "$seed" --steps "$steps" --eval-every "$every" \
            --out "$work/m.bin" --force --quiet --log "$work/log.csv" >"$work/err" 2>&1 ||
            { cat "$work/err" >&2; exit 1; }
        secs=$(sed -n 's/.*trained [0-9]* steps in \([0-9.]*\) s.*/\1/p' "$work/err")
        curve=$(awk -F, '$3 != "" { printf "  %d: %.4f", $1, $3 }' "$work/log.csv")
        echo "  seed $seed, $p:$curve   ($secs s)"
        rm -f "$work/log.csv" "$work/m.bin" "$work/m.bin.ckpt"
    done
done
