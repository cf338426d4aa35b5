#!/bin/sh
# bench-train-compare.sh - training speed of tangscope's C trainer beside a
# PyTorch implementation of the same model (tools/bench-torch.py), in one run
# on the same machine, and their ratio. Needs Debian's python3-torch; the
# product itself never does.
# usage: tools/bench-train-compare.sh [STEPS]   (from the repository root)
set -eu
steps=${1:-10}
py=/usr/bin/python3
[ -x ./tangscope ] || make tangscope >/dev/null
c2=$(./tangscope bench --train --steps "$steps" --threads 2 --json | sed -n 's/.*"tokens_per_s": \([0-9]*\).*/\1/p')
c1=$(./tangscope bench --train --steps "$steps" --threads 1 --json | sed -n 's/.*"tokens_per_s": \([0-9]*\).*/\1/p')
t1=$($py tools/bench-torch.py --threads 1 --steps "$steps" --json | sed -n 's/.*"tokens_per_s": \([0-9.]*\).*/\1/p')
t2=$($py tools/bench-torch.py --threads 2 --steps "$steps" --json | sed -n 's/.*"tokens_per_s": \([0-9.]*\).*/\1/p')
echo "training tokens/s, batch 32 x 128, default model:"
echo "  tangscope: $c1 (1 thread), $c2 (2 threads)"
echo "  PyTorch:   $t1 (1 thread), $t2 (2 threads)"
awk -v c1="$c1" -v c2="$c2" -v t1="$t1" -v t2="$t2" 'BEGIN {
    best = t1 > t2 ? t1 : t2
    printf "  ratio: %.2fx at 1 thread, %.2fx at 2 threads, %.2fx against PyTorch'"'"'s best\n", c1 / t1, c2 / t2, c2 / best }'
