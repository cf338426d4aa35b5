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
#
# A shared machine is noisy: a neighbour can halve a run. So the eight runs go
# round ROUNDS times, interleaved, each program keeps its best round, and the
# ratios compare bests. The default-against-default ratio of every round is
# printed too, to show the spread.
# usage: tools/bench-train-compare.sh [STEPS [ROUNDS]]   (from the repository root)
set -eu
steps=${1:-10}
rounds=${2:-3}
py=/usr/bin/python3
[ -x ./tangscope ] || make tangscope >/dev/null
tps() { sed -n 's/.*"tokens_per_s": \([0-9.]*\).*/\1/p'; }
ts() { ./tangscope bench --train --steps "$steps" --json "$@" | tps; }
pt() { $py tools/bench-torch.py --steps "$steps" --json "$@" | tps; }
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 > a + 0) ? b : a }'; }
c1= c2= f1= f2= t1= t2= b1= b2= per_round=
r=1
while [ "$r" -le "$rounds" ]; do
    x1=$(ts --threads 1) x2=$(ts --threads 2)
    y1=$(pt --threads 1) y2=$(pt --threads 2)
    c1=$(best "$c1" "$x1") c2=$(best "$c2" "$x2") t1=$(best "$t1" "$y1") t2=$(best "$t2" "$y2")
    per_round="$per_round $(awk -v a="$x1" -v b="$x2" -v c="$y1" -v d="$y2" \
        'BEGIN { printf "%.2fx", (a > b ? a : b) / (c > d ? c : d) }')"
    f1=$(best "$f1" "$(ts --threads 1 --precision fp32)")
    f2=$(best "$f2" "$(ts --threads 2 --precision fp32)")
    b1=$(best "$b1" "$(pt --threads 1 --bf16)") b2=$(best "$b2" "$(pt --threads 2 --bf16)")
    r=$((r + 1))
done
prec=$(./tangscope bench --train --steps 1 --threads 1 --json | sed -n 's/.*"precision": "\([a-z0-9]*\)".*/\1/p')
echo "training tokens/s, batch 32 x 128, default model (1 thread, 2 threads), best of $rounds rounds:"
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
echo "  default against default, best against best, in each round:$per_round"
