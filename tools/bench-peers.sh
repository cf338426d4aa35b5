#!/bin/sh
# bench-peers.sh - tangscope's cached generation beside llama2.c's run.c
# (float32) and runq.c (int8), on a model of the same shape, in one run.
#
# usage: tools/bench-peers.sh LLAMA2C_SRC      (from the repository root)
#   LLAMA2C_SRC: a checkout of github.com/karpathy/llama2.c, or its git
#   directory (a bare clone: run.c and runq.c are read from HEAD). Without it
#   the script prints one SKIP line and exits 0. Nothing of llama2.c is kept in
#   this repository: its two files are copied into build/peers/ and built there.
#   Environment: TANGSCOPE (default ./tangscope), ROUNDS (3), RUNS (10, the
#   peers' runs per round, as tangscope's best of 10), THREADS (1),
#   PEERS_DIR (build/peers). Run it with `nice` on a shared machine.
#
# What runs, in turns, ROUNDS times: `tangscope bench --weights fp32,int8
# --lengths 120`, then RUNS runs of `run model.bin -n 120 -t 1.0 -p 1.0` and
# RUNS of `runq modelq.bin -n 120 -t 1.0 -p 1.0`. Then one table: tangscope's
# generation with the cache in fp32 and int8, as two figures, each with its
# share of the memory-bound limit `bench` measures for those weights:
#   "beside uncached": bench's line for the length (characters/s of 120 with
#     the cache, model and sampler, the best of its runs), each cached step
#     taken in step with an uncached pass over the whole text, which leaves
#     the processor's caches holding other data;
#   "model + sampler": bench's line under its precisions' table, each
#     precision writing 120 characters with the cache, the model, the sampler
#     at its defaults and the rest of each step (the best of its rounds), i.e.
#     generation on its own, as llama2.c runs it;
# run.c's and runq.c's "achieved tok/s" (the best of the RUNS); the ratios;
# each round, then the best and the median of them.
#
# Like for like:
# - one thread each (OMP_NUM_THREADS=THREADS for all three programs; bench
#   times generation on one thread whatever it is told);
# - 120 tokens with the KV cache from a 1-token start (tangscope: the poem-start
#   token; llama2.c: an empty prompt, i.e. its BOS token), sampling on with no
#   filter: tangscope's sampler at its defaults (temperature 0.8; dividing by
#   a temperature costs the same at any value) and llama2.c's -t 1.0 -p 1.0
#   (plain multinomial sampling; its default top-p 0.9 would sort candidates
#   each step);
# - llama2.c is built as its Makefile's `runomp` target builds it:
#   cc -Ofast -fopenmp -march=native (OpenMP is how it runs multithreaded);
# - the same shape: dim 128, 4 layers, 4 heads (no grouped KV), context 128,
#   vocabulary 7,311, output layer tied to the token embedding (as tangscope's).
#   llama2.c reads random weights (tools/llama2c-peer-model.py writes them:
#   its speed does not depend on their values); tangscope runs its bundled
#   model (assets/tang.bin).
# What differs, and how it weighs:
# - llama's MLP is SwiGLU, three matrices (w1, w3: dim x hidden; w2: hidden x
#   dim) where GPT's has two (dim x 512, 512 x dim). With hidden 512 llama
#   would read 1.5x the MLP weights. hidden 352 gives 3 x 128 x 352 = 135,168
#   MLP weights per layer against tangscope's 131,072, and 200,704 weights per
#   layer against 196,608 (+2.1%; 320 would give -4.2%). 352 is also llama's
#   own rule for this dim (2/3 of 4 x 128 rounded up to a multiple of 32).
#   Both models read the 7,311 x 128 output layer, 3.6 MiB of their 6.7 MiB.
# - RMSNorm (no mean, no bias) where GPT has LayerNorm with a bias; no biases
#   in any llama matrix; RoPE, which run.c computes at every step (a pow, a cos
#   and a sin per pair of numbers) where GPT adds a learned position row.
#   These are small beside the matrices; they favour neither side much.
# - runq.c's int8 is Q8_0 in groups of 32 (export.py starts at 64 and halves
#   until dim divides; 64 does not divide 352) and it also rounds each
#   activation vector to int8 before a product; tangscope's int8 has one scale
#   per row and float32 activations.
# - llama2.c times the 119 steps after its first with a clock in whole
#   milliseconds (a run of 17 ms may read 16); the best of RUNS runs can only
#   gain from that, so the ratios err against tangscope. tangscope's figure
#   is all 120 characters, in nanoseconds.
set -eu
src=${1:-}
if [ -z "$src" ]; then
    echo "bench-peers: SKIP: no llama2.c source given (tools/bench-peers.sh LLAMA2C_SRC, a checkout or git directory of github.com/karpathy/llama2.c)"
    exit 0
fi
T=${TANGSCOPE:-./tangscope}
rounds=${ROUNDS:-3}
runs=${RUNS:-10}
threads=${THREADS:-1}
dir=${PEERS_DIR:-build/peers}
here=$(dirname "$0")
[ -x "$T" ] || { echo "bench-peers: no tangscope program at '$T' (make tangscope)" >&2; exit 2; }
mkdir -p "$dir"
for f in run.c runq.c; do
    if [ -f "$src/$f" ]; then
        cp "$src/$f" "$dir/$f"
    elif git --git-dir="$src" cat-file -e "HEAD:$f" 2>/dev/null; then
        git --git-dir="$src" show "HEAD:$f" >"$dir/$f"
    else
        echo "bench-peers: no $f in '$src' (a llama2.c checkout or git directory)" >&2
        exit 2
    fi
done
for p in run runq; do
    cc -Ofast -fopenmp -march=native "$dir/$p.c" -lm -o "$dir/$p" ||
        { echo "bench-peers: $p.c did not build" >&2; exit 1; }
done
python3 "$here/llama2c-peer-model.py" "$dir"
cpu=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)
echo "machine: $cpu, $(nproc --all) cores; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
export OMP_NUM_THREADS="$threads"
echo "threads: $threads (OMP_NUM_THREADS), rounds: $rounds, llama2.c runs per round: $runs"
rec="$dir/records"
: >"$rec"
peer() {   # peer ROUND NAME BINARY MODEL: the best tok/s of RUNS runs
    best=0
    i=1
    while [ "$i" -le "$runs" ]; do
        got=$("$dir/$3" "$dir/$4" -z "$dir/tokenizer.bin" -n 120 -t 1.0 -p 1.0 -s "$i" 2>&1 >/dev/null |
            sed -n 's/^achieved tok\/s: //p')
        [ -n "$got" ] || { echo "bench-peers: $3 printed no tok/s" >&2; exit 1; }
        best=$(awk -v a="$best" -v b="$got" 'BEGIN { print (b > a) ? b : a }')
        i=$((i + 1))
    done
    echo "$1 $2 $best" >>"$rec"
}
r=1
# how far it is, on a terminal (a round takes seconds): one line, rewritten
progress() {
    if [ -t 2 ]; then printf '\rbench-peers: round %s of %s: %s   ' "$r" "$rounds" "$1" >&2; fi
}
while [ "$r" -le "$rounds" ]; do
    progress "tangscope bench"
    "$T" bench --weights fp32,int8 --lengths 120 --json --quiet >"$dir/bench.json" 2>/dev/null ||
        { echo "bench-peers: tangscope bench failed" >&2; exit 1; }
    python3 - "$dir/bench.json" "$r" >>"$rec" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
limit = {w["weights"]: w["memory_bound_chars_per_s"] for w in d["weights"]}
written = {w["weights"]: w["written_chars_per_s"] for w in d["weights"]}
for run in d["runs"]:
    w = run["weights"]
    print(sys.argv[2], "ts_" + w, run["cached_chars_per_s"], limit[w])
    print(sys.argv[2], "tm_" + w, written[w], limit[w])
EOF
    progress "run.c"
    peer "$r" run run model.bin
    progress "runq.c"
    peer "$r" runq runq modelq.bin
    r=$((r + 1))
done
if [ -t 2 ]; then printf '\r%60s\r' '' >&2; fi # the progress line cleared
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$rec" <<'EOF'
import statistics, sys
val, lim = {}, {}
for line in open(sys.argv[1]):
    f = line.split()
    val.setdefault(f[1], []).append(float(f[2]))
    if len(f) > 3:
        lim.setdefault(f[1], []).append(float(f[3]))
n = len(val["run"])
share = {k: [v / l for v, l in zip(val[k], lim[k])] for k in lim}
def row(name, xs, fmt, best=None, median=None):
    best = max(xs) if best is None else best
    median = statistics.median(xs) if median is None else median
    cells = "".join(f"{fmt(x):>10}" for x in xs)
    print(f"{name:<38}{cells}{fmt(best):>10}{fmt(median):>10}")
num = lambda x: f"{x:,.0f}"
pct = lambda x: f"{100 * x:.0f}%"
times = lambda x: f"{x:.2f}x"
head = "".join(f"{'round ' + str(i + 1):>10}" for i in range(n))
print(f"{'generation, 120 with the cache':<38}{head}{'best':>10}{'median':>10}")
for w in ("fp32", "int8"):
    row(f"tangscope {w}, beside uncached, ch/s", val["ts_" + w], num)
    row("  share of its memory-bound limit", share["ts_" + w], pct)
    row(f"tangscope {w}, model + sampler, ch/s", val["tm_" + w], num)
    row("  share of its memory-bound limit", share["tm_" + w], pct)
row("llama2.c run.c (fp32), tok/s", val["run"], num)
row("llama2.c runq.c (int8), tok/s", val["runq"], num)
med = statistics.median
for w, peer in (("fp32", "run"), ("int8", "runq")):
    for k, what in (("ts_", "beside uncached"), ("tm_", "model + sampler")):
        xs, ys = val[k + w], val[peer]
        row(f"{w} {what} / {peer}.c", [a / b for a, b in zip(xs, ys)], times,
            max(xs) / max(ys), med(xs) / med(ys))
print("(best and median: of the rounds; a ratio's are the best over the best and the median over the median)")
EOF
