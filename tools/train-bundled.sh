#!/bin/sh
# train-bundled.sh - train assets/tang.bin the way the bundled model was trained
# (`make model` runs this). Resumable: interrupt it (Ctrl-C saves a checkpoint)
# and run it again to continue where it stopped.
#
# Phase 1, the main run: 5,000 steps of 32 windows x 128 characters, AdamW with
# weight decay 0.1, cosine from 0.002 down to 0.0001.
# A window has one first position, so the main run teaches the model little
# about a prompt with nothing before it (`tangscope probs 春风`). Phases 2-4
# continue the same checkpoint with every other step on 2,048 windows of 2
# characters (as many characters as a normal step), each with the cosine
# stretched to a new end (`--resume --steps N`). Phase 5 does the same
# without weight decay, which had kept pulling the rarely trained weights of
# such short contexts toward zero (春风 → 。 went from 9.9% to 16.4%).
#
# Every phase multiplies in float32 (--precision fp32), as the bundled run
# did; `tangscope train` itself defaults to bfloat16 products where the CPU
# has them.
#
# usage: tools/train-bundled.sh [--threads N]   (from the repository root)
# The same seed and thread count give the same losses. The bundled run used one
# thread for phase 2, two for phases 3-5, and a mix for phase 1.
set -eu
threads=0
case ${1:-} in
--threads) threads=${2:?--threads needs a number} ;;
-h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
"") ;;
*) echo "train-bundled.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
esac
[ -x ./tangscope ] || make tangscope >/dev/null
mkdir -p build
ckpt=build/tang.ckpt
common="--data assets/tang-train.txt --val assets/tang-val.txt --out assets/tang.bin
        --checkpoint $ckpt --log build/train.csv --threads $threads --precision fp32"

# phase END [OPTIONS]: train, or continue the checkpoint, up to step END; once
# it is complete, a marker file says so and later runs skip it.
phase() {
    end=$1
    shift
    marker=build/tang.phase-$end.done
    [ -f "$marker" ] && return 0
    if [ -f "$ckpt" ]; then
        # shellcheck disable=SC2086
        ./tangscope train $common --resume --steps "$end" "$@"
    else
        # shellcheck disable=SC2086
        ./tangscope train $common --steps "$end" "$@"
    fi
    touch "$marker"
}

phase 5000
phase 6000 --short-every 2 --short-seq 2
phase 7000 --short-every 2 --short-seq 2
phase 9000 --short-every 2 --short-seq 2
phase 11000 --short-every 2 --short-seq 2 --weight-decay 0
