#!/bin/sh
# train-bundled.sh - train the model by a recipe of phases, resumably, and
# compare what it wrote with the SHA-256 that recipe is known to give
# (tools/train-bundled.sha256). `make model` and `make class-model` run this.
# Interrupt it (Ctrl-C saves a checkpoint; a killed run loses at most 250
# steps) and run it again: it continues where it stopped.
#
# --recipe model (the default): five phases on one checkpoint, every matrix
# product in bfloat16 (--precision bf16), which gives the same bits with any
# thread count and on any x86-64 CPU with AVX2 and FMA (slower without
# AVX512_BF16). Phase 1, 5,000 steps of 32 windows x 128 characters, AdamW
# with weight decay 0.1, cosine from 0.002 down to 0.0001. A window has one
# first position, so the main run teaches the model little about a prompt
# with nothing before it (`tangscope probs 春风 --mid-text`). Phases 2-4
# continue the same checkpoint with every other step on 2,048 windows of 2
# characters (as many characters as a normal step), each with the cosine
# stretched to a new end (`--resume --steps N`). Phase 5 does the same
# without weight decay, which had kept pulling the rarely trained weights of
# such short contexts toward zero. About an hour on two free cores.
#
# --recipe class: a run a class can watch learn in the training view in about
# 15 minutes on two cores: 3,600 steps at a peak learning rate of 0.004,
# stopped at step 3,200 (--stop-at), whose last 400 steps then train every
# other step on 2-character windows without weight decay, on the same cosine.
#
# Files go to DIR (default build/): DIR/tang.bin or DIR/class.bin, its
# checkpoint (.ckpt), a log (.csv) and a marker per finished phase. The
# bundled assets/tang.bin is written only when asked: --out FILE copies the
# finished model there, if it is the recipe's (the same SHA-256).
#
# usage: tools/train-bundled.sh [--recipe model|class] [--dir DIR] [--out FILE]
#                               [--threads N]   (from the repository root)
set -eu
recipe=model
dir=build
out=
threads=0
while [ $# -gt 0 ]; do
    case $1 in
    --recipe) recipe=${2:?--recipe needs model or class}; shift 2 ;;
    --dir) dir=${2:?--dir needs a folder}; shift 2 ;;
    --out) out=${2:?--out needs a file}; shift 2 ;;
    --threads) threads=${2:?--threads needs a number}; shift 2 ;;
    -h|--help) sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "train-bundled.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
case $recipe in
model) name=tang ;;
class) name=class ;;
*) echo "train-bundled.sh: --recipe is model or class, not '$recipe'" >&2; exit 2 ;;
esac
[ -x ./tangscope ] || make tangscope >/dev/null
mkdir -p "$dir"
model=$dir/$name.bin
ckpt=$dir/$name.ckpt
common="--data assets/tang-train.txt --val assets/tang-val.txt --out $model
        --checkpoint $ckpt --log $dir/$name.csv --threads $threads --precision bf16"

# phase END [OPTIONS]: a new run or the checkpoint continued, up to step END
# (the run's last step, unless OPTIONS stop it earlier); once it is done, a
# marker file says so and later runs skip it. OPTIONS that only a new run
# takes (--lr, --steps with --stop-at) are left out when it resumes.
phase() {
    end=$1
    shift
    phase_no=$((phase_no + 1))
    marker=$dir/$name.phase-$end.done
    [ -f "$marker" ] && return 0
    # where the recipe is: tangscope train then shows the phase's own steps
    echo "train-bundled.sh: phase $phase_no of $phases, to step $end ($(($(date +%s) - start)) s so far)"
    if [ -f "$ckpt" ]; then
        # shellcheck disable=SC2086
        ./tangscope train $common --resume $resume_opts "$@"
    else
        # shellcheck disable=SC2086
        ./tangscope train $common $new_opts "$@"
    fi
    touch "$marker"
}

start=$(date +%s)
phase_no=0
case $recipe in
model)
    phases=5
    new_opts="--steps 5000" resume_opts="--steps 5000"
    phase 5000
    resume_opts="--steps 6000"
    phase 6000 --short-every 2 --short-seq 2
    resume_opts="--steps 7000"
    phase 7000 --short-every 2 --short-seq 2
    resume_opts="--steps 9000"
    phase 9000 --short-every 2 --short-seq 2
    resume_opts="--steps 11000"
    phase 11000 --short-every 2 --short-seq 2 --weight-decay 0
    ;;
class)
    phases=2
    new_opts="--steps 3600 --lr 0.004 --eval-every 300" resume_opts=
    phase 3200 --stop-at 3200
    phase 3600 --short-every 2 --short-seq 2 --weight-decay 0
    ;;
esac
echo "train-bundled.sh: recipe $recipe done in $(($(date +%s) - start)) s this run; model $model"

# The reference: the SHA-256 this recipe gave where it was measured
# (docs/training.md says where and when).
got=$(sha256sum "$model" | cut -d' ' -f1)
want=$(sed -n "s/^\([0-9a-f]\{64\}\)  $recipe\$/\1/p" tools/train-bundled.sha256)
status=0
if [ -z "$want" ]; then
    echo "train-bundled.sh: $model has SHA-256 $got; there is no reference for recipe $recipe in tools/train-bundled.sha256 yet, so it cannot say whether it is the same model"
elif [ "$got" = "$want" ]; then
    echo "train-bundled.sh: $model: identical to the reference of recipe $recipe (SHA-256 $got)"
else
    echo "train-bundled.sh: $model differs from the reference of recipe $recipe: SHA-256 $got, the reference $want (tools/train-bundled.sha256)"
    status=1
fi
if [ "$recipe" = model ]; then
    if cmp -s "$model" assets/tang.bin; then
        echo "train-bundled.sh: it is also the bundled assets/tang.bin, byte for byte"
    else
        echo "train-bundled.sh: the bundled assets/tang.bin is another model (SHA-256 $(sha256sum assets/tang.bin | cut -c1-16)...; docs/training.md, \"Which model ships\")"
    fi
fi
if [ -n "$out" ] && [ "$status" = 0 ]; then
    cp "$model" "$out.tmp.$$" && mv "$out.tmp.$$" "$out"
    echo "train-bundled.sh: copied to $out"
elif [ -n "$out" ]; then
    echo "train-bundled.sh: not copied to $out: it is not the recipe's model"
fi
exit $status
