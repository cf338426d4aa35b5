#!/bin/sh
# bench-train-busy.sh - training speed when another program keeps one core busy,
# as a browser or a second class exercise does on a laptop. Runs
# `tangscope bench --train` on one thread and on two, then again on two while
# a busy loop runs on the last core (taskset, from util-linux). The threads
# take pieces of work in turn, so the free core does more of them; a fixed
# half each would wait for the busy core at every step.
# usage: tools/bench-train-busy.sh [STEPS]   (from the repository root)
set -eu
steps=${1:-10}
[ -x ./tangscope ] || make tangscope >/dev/null
command -v taskset >/dev/null || { echo "bench-train-busy.sh: needs taskset (util-linux)" >&2; exit 2; }
last=$(($(nproc) - 1))
[ "$last" -ge 1 ] || { echo "bench-train-busy.sh: needs two cores" >&2; exit 2; }
tps() { ./tangscope bench --train --steps "$steps" --json "$@" | sed -n 's/.*"tokens_per_s": \([0-9.]*\).*/\1/p'; }
one=$(tps --threads 1)
two=$(tps --threads 2)
taskset -c "$last" sh -c 'while :; do :; done' &
hog=$!
trap 'kill "$hog" 2>/dev/null' EXIT
sleep 1
busy=$(tps --threads 2)
kill "$hog"
echo "training tokens/s, batch 32 x 128, default model:"
printf '  %-32s %s\n' "1 thread:" "$one" "2 threads:" "$two" "2 threads, core $last kept busy:" "$busy"
