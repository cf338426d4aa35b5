#!/bin/sh
# bench-train-compare.sh - training speed of tangscope's C trainer beside a
# PyTorch implementation of the same model (tools/bench-torch.py), in one run
# on the same machine, and their ratios. Needs Debian's python3-torch; the
# product itself never does.
#
# Both run in their default precision (tangscope: bfloat16 products with
# float32 sums where the CPU has AVX512_BF16; PyTorch: float32) and then in
# the other one (tangscope --precision fp32; PyTorch under torch.autocast in
# bfloat16), so each precision can also be compared with its like.
# usage: tools/bench-train-compare.sh [STEPS]   (from the repository root)
set -eu
steps=${1:-10}
py=/usr/bin/python3
[ -x ./tangscope ] || make tangscope >/dev/null
tps() { sed -n 's/.*"tokens_per_s": \([0-9.]*\).*/\1/p'; }
ts() { ./tangscope bench --train --steps "$steps" --json "$@" | tps; }
pt() { $py tools/bench-torch.py --steps "$steps" --json "$@" | tps; }
c1=$(ts --threads 1) c2=$(ts --threads 2)
f1=$(ts --threads 1 --precision fp32) f2=$(ts --threads 2 --precision fp32)
t1=$(pt --threads 1) t2=$(pt --threads 2)
b1=$(pt --threads 1 --bf16) b2=$(pt --threads 2 --bf16)
prec=$(./tangscope bench --train --steps 1 --threads 1 --json | sed -n 's/.*"precision": "\([a-z0-9]*\)".*/\1/p')
echo "training tokens/s, batch 32 x 128, default model (1 thread, 2 threads):"
echo "  tangscope, default ($prec):  $c1, $c2"
echo "  tangscope, --precision fp32: $f1, $f2"
echo "  PyTorch, default (fp32):     $t1, $t2"
echo "  PyTorch, autocast bf16:      $b1, $b2"
awk -v c1="$c1" -v c2="$c2" -v f1="$f1" -v f2="$f2" -v t1="$t1" -v t2="$t2" -v b1="$b1" \
    -v b2="$b2" -v prec="$prec" 'function max(a, b) { return a > b ? a : b }
BEGIN {
    printf "  default against default: %.2fx at 1 thread, %.2fx at 2 threads, %.2fx best against best\n",
        c1 / t1, c2 / t2, max(c1, c2) / max(t1, t2)
    printf "  fp32 against fp32:       %.2fx best against best\n", max(f1, f2) / max(t1, t2)
    if (prec == "bf16")
        printf "  bf16 against bf16:       %.2fx best against best\n", max(c1, c2) / max(b1, b2)
    else
        printf "  bf16 against bf16:       (tangscope has no bfloat16 products on this CPU)\n" }'
