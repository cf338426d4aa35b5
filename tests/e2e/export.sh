#!/bin/sh
# export.sh - `tangscope export`: a model as nanoGPT's ckpt.pt and meta.pkl.
#
# Without Python: the command writes, byte for byte, what the reference
# tools/export-nanogpt.py wrote for two models (tests/data/nanogpt/export/:
# nobias.bin, bias=False and the erf GELU; tiny.bin, tangscope's own, with
# biases and the tanh GELU; both --dataset class); the config's dataset is
# the output folder's absolute path unless --dataset says otherwise; a
# damaged model, a folder, /dev/zero, a missing file and unusable --out
# paths are refused in one line with exit 2, nothing written. With a
# python3 that has numpy: the reference run now gives the same bytes for
# four models (the bundled one too), the default dataset included. With
# PyTorch too: sample.py's own load path (tests/e2e/lib/sample_load.py),
# run from another folder, finds the written meta.pkl through the config
# and reads tangscope's vocabulary from it. (export then import, and
# PyTorch's probabilities of the export: tests/e2e/nanogpt.sh; each output
# on a device, a FIFO, a link...: tests/e2e/outputs.sh.)
# usage: TANGSCOPE=./tangscope sh tests/e2e/export.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
ROOT=$(pwd)
T=${TANGSCOPE:-./tangscope}
case $T in /*) ;; *) T=$ROOT/$T ;; esac
D=tests/data/nanogpt
F=$D/export
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

. tests/e2e/lib/check.sh
. tests/e2e/lib/expect.sh

# --- the reference's bytes, committed ---
for v in nobias:$D/nobias.bin tiny:tests/data/tiny.bin; do
    name=${v%%:*} m=${v#*:}
    if "$T" export "$m" --out "$work/f-$name" --dataset class >"$work/said-$name" 2>"$work/err" &&
        cmp -s "$work/f-$name/ckpt.pt" "$F/$name.pt" && cmp -s "$work/f-$name/meta.pkl" "$F/$name.pkl"; then
        pass "same-bytes-$name"
    else
        fail "same-bytes-$name" "not tools/export-nanogpt.py's bytes: $(head -c 300 "$work/err")"
    fi
done
# what it says: both files and the shape; the tanh note for tangscope's own model only
if grep -qF "'$work/f-tiny/ckpt.pt' and '$work/f-tiny/meta.pkl' written: n_layer 2, n_head 2, n_embd 16, block_size 16, vocab_size 23" "$work/said-tiny" &&
    grep -qF "nn.GELU(approximate='tanh')" "$work/said-tiny" && ! grep -q "GELU" "$work/said-nobias"; then
    pass said-written
else
    fail said-written "$(cat "$work/said-tiny" "$work/said-nobias")"
fi

# --- the dataset: the folder's absolute path, from a relative --out ---
mkdir "$work/here"
(cd "$work/here" && "$T" export "$ROOT/tests/data/tiny.bin" --out out-rel >"$work/said-rel" 2>"$work/err")
st=$?
abs=$(cd "$work/here/out-rel" 2>/dev/null && pwd -P)
# in data.pkl (stored, not compressed): 'dataset' then the path as BINUNICODE
if [ $st -eq 0 ] && [ -n "$abs" ] &&
    LC_ALL=C grep -qaF "dataset" "$work/here/out-rel/ckpt.pt" &&
    LC_ALL=C grep -qaF "$abs" "$work/here/out-rel/ckpt.pt" &&
    grep -qF "python sample.py --out_dir='out-rel'" "$work/said-rel"; then
    pass dataset-absolute
else
    fail dataset-absolute "status $st, no '$abs' in the checkpoint: $(head -c 300 "$work/err")"
fi
if ! grep -q "sample.py" "$work/said-tiny"; then
    pass dataset-given-no-hint
else
    fail dataset-given-no-hint "with --dataset the line still tells sample.py --out_dir"
fi

# --- refusals: one line, exit 2, no folder made ---
cp tests/data/tiny.bin "$work/damaged.bin"
printf '\377' | dd of="$work/damaged.bin" bs=1 seek=2000 conv=notrunc 2>/dev/null
expect_error damaged-model 2 "damaged.bin" "$T" export "$work/damaged.bin" --out "$work/never"
expect_error folder-model 2 "is a folder" "$T" export "$work" --out "$work/never"
expect_error dev-zero-model 2 "/dev/zero" "$T" export /dev/zero --out "$work/never"
expect_error missing-model 2 "cannot open" "$T" export "$work/none.bin" --out "$work/never"
expect_error no-out 2 "give a model file and --out DIR" "$T" export tests/data/tiny.bin
if [ ! -e "$work/never" ]; then pass refused-writes-nothing; else fail refused-writes-nothing "a refused export made $work/never"; fi
: >"$work/a-file"
expect_error out-is-file 2 "is not a folder" "$T" export tests/data/tiny.bin --out "$work/a-file"
expect_error out-parent-missing 2 "cannot make the folder" "$T" export tests/data/tiny.bin --out "$work/no/such"
expect_error out-quoted 2 "'$work/x\\e[2J': is not a folder" \
    sh -c ': >"$1"; "$2" export tests/data/tiny.bin --out "$1"' - "$work/x$(printf '\033')[2J" "$T"
expect_error out-lang 2 "ist kein Ordner" "$T" export tests/data/tiny.bin --out "$work/a-file" --lang de
# a folder whose path is not UTF-8: the config cannot name it, --dataset can
bad=$work/bad$(printf '\377')
expect_error out-not-utf8 2 "its absolute path is not UTF-8 text; give --dataset NAME" \
    "$T" export tests/data/tiny.bin --out "$bad"
if [ ! -e "$bad" ]; then pass out-not-utf8-no-folder; else fail out-not-utf8-no-folder "the refused folder was left"; fi
if "$T" export tests/data/tiny.bin --out "$bad" --dataset class >/dev/null 2>"$work/err" &&
    cmp -s "$bad/ckpt.pt" "$F/tiny.pt"; then
    pass out-not-utf8-dataset
else
    fail out-not-utf8-dataset "$(head -c 300 "$work/err")"
fi

# --- with Python: the reference run live ---
has_module() {
    "$1" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec(sys.argv[1]) is None)' "$2" \
        >/dev/null 2>&1
}
PY=
for p in ${PYTHON:-} python3 /usr/bin/python3; do
    if has_module "$p" numpy; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
    skip reference-live "no python3 with numpy here (apt-get install python3-numpy)"
    skip sample-load "no python3 with numpy and PyTorch here"
    exit $failed
fi
for m in $D/bias.bin $D/nobias.bin tests/data/tiny.bin assets/tang.bin; do
    n=$(basename "$m" .bin)
    mkdir -p "$work/py-$n"
    "$T" export "$m" --out "$work/c-$n" --dataset class >/dev/null 2>"$work/err" &&
        "$PY" tools/export-nanogpt.py "$m" --out "$work/py-$n/ckpt.pt" --meta "$work/py-$n/meta.pkl" \
            --dataset class >/dev/null 2>>"$work/err"
    st=$?
    if [ $st -eq 0 ] && cmp -s "$work/c-$n/ckpt.pt" "$work/py-$n/ckpt.pt" &&
        cmp -s "$work/c-$n/meta.pkl" "$work/py-$n/meta.pkl"; then
        pass "reference-live-$n"
    else
        fail "reference-live-$n" "status $st: $(head -c 300 "$work/err")"
    fi
done
# the default dataset is the reference's too: its meta.pkl's folder, absolute
cp "$work/here/out-rel/ckpt.pt" "$work/rel.pt"
cp "$work/here/out-rel/meta.pkl" "$work/rel.pkl"
if (cd "$work/here" && "$PY" "$ROOT/tools/export-nanogpt.py" "$ROOT/tests/data/tiny.bin" \
    --out out-rel/ckpt.pt --meta out-rel/meta.pkl >/dev/null 2>"$work/err") &&
    cmp -s "$work/rel.pt" "$work/here/out-rel/ckpt.pt" && cmp -s "$work/rel.pkl" "$work/here/out-rel/meta.pkl"; then
    pass reference-live-dataset
else
    fail reference-live-dataset "$(head -c 300 "$work/err")"
fi

# the exporter writes as the program does (tools/outfile.py): through a
# symbolic link to its target (the link stays a link), into /dev/null in
# place (it stays a device), and a folder is refused without a file left
mkdir -p "$work/links/real"
ln -s real/ckpt.pt "$work/links/ckpt.pt"
if "$PY" tools/export-nanogpt.py tests/data/tiny.bin --out "$work/links/ckpt.pt" --meta /dev/null \
    --dataset class >/dev/null 2>"$work/err" &&
    [ -L "$work/links/ckpt.pt" ] && cmp -s "$work/links/real/ckpt.pt" "$work/py-tiny/ckpt.pt" &&
    [ -c /dev/null ] && ! "$PY" tools/export-nanogpt.py tests/data/tiny.bin --out "$work/links/real" \
    --meta "$work/links/m.pkl" --dataset class >/dev/null 2>"$work/err2" &&
    [ ! -e "$work/links/real.tmp" ]; then
    pass reference-live-outputs
else
    fail reference-live-outputs "$(ls -l "$work/links" "$work/links/real"; head -c 300 "$work/err")"
fi

# --- with PyTorch: sample.py --out_dir=DIR finds DIR/meta.pkl from another folder ---
if has_module "$PY" torch; then
    "$T" probs 春风 --mid-text --top 20 --json >"$work/probs.json"
    "$T" export assets/tang.bin --out "$work/class" >/dev/null
    mkdir "$work/elsewhere"
    # the second: a dataset name (--dataset class), which sample.py looks
    # for under data/, and this folder has none: the script can fail
    (cd "$work/elsewhere" && "$PY" "$ROOT/tests/e2e/lib/sample_load.py" "$work/probs.json" \
        "$work/class" "$work/c-tang") >"$work/out" 2>&1
    st=$?
    if [ $st -eq 1 ] && [ "$(wc -l <"$work/out")" -eq 2 ] &&
        head -1 "$work/out" | grep -qF "$work/class: found $work/class/meta.pkl"; then
        pass "sample-load ($(head -1 "$work/out"))"
    else
        fail sample-load "status $st: $(tail -c 300 "$work/out")"
    fi
    if [ $st -eq 1 ] && sed -n 2p "$work/out" | grep -qF "$work/c-tang: sample.py would not find a meta.pkl"; then
        pass sample-load-named
    else
        fail sample-load-named "$(tail -c 300 "$work/out")"
    fi
else
    skip sample-load "no PyTorch for $PY"
fi
exit $failed
