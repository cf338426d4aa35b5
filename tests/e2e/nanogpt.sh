#!/bin/sh
# nanogpt.sh - a class's own nanoGPT model in tangscope, end to end.
#
# Without Python: the committed imports of three nanoGPT-style models
# (tests/data/nanogpt/*.bin, made by tools/import-nanogpt.py from
# checkpoints PyTorch saved) give PyTorch's next-character probabilities to
# 1e-5; `info` says their GELU; lessons and handouts say plainly what is
# about the bundled model; `tangscope import` of the same checkpoints gives
# those very bytes, and refuses damaged or foreign ones (one line, exit 2);
# `tangscope export` then import gives back the same file. With a python3
# that has numpy: the Python tools as the reference (their export then
# tangscope's import gives the same bytes; the tool and the command agree on
# checkpoints of other shapes and storages). With PyTorch too: the bundled
# model as `tangscope export` writes it, in a nanoGPT-style GPT. The tools'
# runs share one Python (each run as its command line would be: see
# batch.py). The hostile checkpoints are tests/e2e/import_hostile.sh's.
# usage: TANGSCOPE=./tangscope sh tests/e2e/nanogpt.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
T=${TANGSCOPE:-./tangscope}
case $T in /*) here_T=$T ;; *) here_T=$(pwd)/$T ;; esac
here=$(pwd)
D=tests/data/nanogpt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

. tests/e2e/lib/check.sh
. tests/e2e/lib/expect.sh

# --- PyTorch's probabilities (probs.txt: model NAME, prompt HEX, top RANK ID HEX PROB) ---
for name in bias nobias compiled; do
    n_ok=0 n_bad=0 worst=
    awk -v m="$name" '$1=="model"{on=($2==m)} on && $1=="prompt"{print $2}' $D/probs.txt >"$work/prompts"
    while read -r hex; do
        prompt=$(unhex "$hex")
        $T probs "$prompt" --mid-text --model $D/$name.bin --json >"$work/json" 2>&1 || { n_bad=$((n_bad + 1)); continue; }
        sed 's/{"char"/\n&/g' "$work/json" | sed -n 's/.*"prob": \([0-9.e-]*\), "id": \([0-9]*\).*/\2 \1/p' >"$work/got"
        awk -v m="$name" -v h="$hex" '$1=="model"{on=($2==m)} on && $1=="prompt"{here=($2==h)}
            on && here && $1=="top"{print $3, $5}' $D/probs.txt >"$work/want"
        if [ "$(wc -l <"$work/got")" -eq 8 ] && [ "$(wc -l <"$work/want")" -eq 8 ] &&
            paste -d' ' "$work/got" "$work/want" | awk '{d=$2-$4; if (d<0) d=-d; if ($1!=$3 || d>1e-5) bad=1} END{exit bad}'; then
            n_ok=$((n_ok + 1))
        else
            n_bad=$((n_bad + 1))
            worst=$(paste -d' ' "$work/got" "$work/want" | head -2 | tr '\n' ';')
        fi
    done <"$work/prompts"
    if [ "$n_bad" -eq 0 ] && [ "$n_ok" -ge 4 ]; then
        pass "pytorch-probs-$name"
    else
        fail "pytorch-probs-$name" "$n_bad of $((n_ok + n_bad)) prompts differ from PyTorch's by more than 1e-5 ($worst)"
    fi
done

if $T info --model $D/nobias.bin | grep -q "GELU exact (erf" && $T info | grep -q "GELU tanh form" &&
    $T info --json --model $D/bias.bin | grep -q '"gelu": "erf", "ln_eps": 1e-05'; then
    pass info-gelu
else
    fail info-gelu "info does not tell the imported model's erf GELU from the bundled one's tanh"
fi

# --- a lesson about the bundled model, on another model ---
LB=tests/data/lesson-bundled.md
$T lesson --check $LB --model $D/bias.bin --lang en >"$work/out" 2>"$work/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -c 'about the bundled model, not checked on this one: expect' "$work/out")" -eq 3 ] &&
    grep -q "1 step, ok" "$work/out" && [ ! -s "$work/err" ]; then
    pass lesson-about-bundled
else
    fail lesson-about-bundled "exit $rc: $(head -c 300 "$work/out") $(head -c 300 "$work/err")"
fi
# the marker is what makes them so: without it, they are the failures they are here
sed '/^model bundled$/d' $LB >"$work/unmarked.md"
if ! $T lesson --check "$work/unmarked.md" --model $D/bias.bin >/dev/null 2>"$work/err" &&
    grep -q "expect rank 。 > 5: 。 has rank 1" "$work/err"; then
    pass lesson-unmarked-fails
else
    fail lesson-unmarked-fails "$(head -c 300 "$work/err")"
fi
# ... and on the bundled model they are checked, and hold
if $T lesson --check $LB --lang en >"$work/out" 2>&1 && ! grep -q "about the bundled" "$work/out"; then
    pass lesson-bundled-checked
else
    fail lesson-bundled-checked "$(head -c 300 "$work/out")"
fi

# --- the training-text counts: the bundled text's, said plainly, unless --corpus ---
note="bundled text, not this model's (--corpus)"
$T lesson --print $LB --model $D/bias.bin --lang en >"$work/h" 2>&1
if grep -qF "$note" "$work/h" && grep -q "| bundled text |" "$work/h"; then
    pass corpus-other-said
else
    fail corpus-other-said "the handout of another model's lesson does not say its counts are the bundled text's"
fi
$T lesson --print $LB --model $D/bias.bin --corpus tests/data/tiny-corpus.txt --lang en >"$work/h" 2>&1
if ! grep -qF "$note" "$work/h" && grep -q "| training text |" "$work/h"; then
    pass corpus-given
else
    fail corpus-given "with --corpus FILE the counts are still called the bundled text's"
fi
$T lesson --print $LB --lang en >"$work/h" 2>&1
if ! grep -qF "$note" "$work/h" && grep -q "| training text |" "$work/h"; then
    pass corpus-bundled-own
else
    fail corpus-bundled-own "the bundled model's own text is called another's"
fi

# --- the import itself: tangscope's own reader, no Python ---
for v in bias:meta.pkl nobias:meta-firstseen.pkl compiled:meta.pkl; do
    name=${v%%:*} meta=${v#*:}
    if $T import $D/$name.pt --meta $D/$meta --out "$work/$name.bin" >"$work/out" 2>"$work/err" &&
        cmp -s "$work/$name.bin" $D/$name.bin; then
        pass "import-same-bytes-$name"
    else
        fail "import-same-bytes-$name" "not the Python tool's $name.bin: $(head -c 300 "$work/err")"
    fi
done
# the line it prints: the shape, the vocabulary and the numerics, as the tool's
if grep -qx "$work/bias.bin: 2 layers, 16 dimensions, 4 heads, context 32, 121 characters, erf GELU, LayerNorm epsilon 1e-05" "$work/out" 2>/dev/null ||
    $T import $D/bias.pt --meta $D/meta.pkl --out "$work/bias.bin" |
    grep -qx "$work/bias.bin: 2 layers, 16 dimensions, 4 heads, context 32, 121 characters, erf GELU, LayerNorm epsilon 1e-05"; then
    pass import-says-shape
else
    fail import-says-shape "$(cat "$work/out")"
fi
expect_error import-bare-needs-heads 2 "give --n-head" \
    $T import $D/bare.pt --meta $D/meta.pkl --out "$work/bare.bin"
if $T import $D/bare.pt --meta $D/meta.pkl --out "$work/bare.bin" --n-head 4 >/dev/null 2>&1 &&
    cmp -s "$work/bare.bin" $D/bias.bin; then
    pass import-bare
else
    fail import-bare "a bare state_dict with --n-head 4 is not bias.bin"
fi
expect_error import-heads-disagree 2 "--n-head 2 but model_args n_head = 4" \
    $T import $D/bias.pt --meta $D/meta.pkl --out "$work/x.bin" --n-head 2
# --gelu and --ln-eps: the version 3 header's two fields (docs/model-format.md:
# the u32 at 48, 0 tanh and 1 erf; the float32 at 52)
$T import $D/bias.pt --meta $D/meta.pkl --out "$work/tanh.bin" --gelu tanh --ln-eps 0.001 >/dev/null 2>&1
if [ "$(od -An -tx1 -j48 -N8 "$work/tanh.bin" | tr -d ' ')" = 000000006f12833a ] &&
    cmp -s -i 64 "$work/tanh.bin" $D/bias.bin; then
    pass import-numerics-options
else
    fail import-numerics-options "header bytes 48..55: $(od -An -tx1 -j48 -N8 "$work/tanh.bin" 2>&1)"
fi
# damaged or foreign: one line naming what is wrong, exit 2, nothing run
expect_error import-truncated 2 "not a readable zip archive" \
    $T import $D/truncated.pt --meta $D/meta.pkl --out "$work/x.bin"
expect_error import-rotary 2 "key 'transformer.h.0.attn.rotary_emb.inv_freq': rotary position embeddings" \
    $T import $D/rotary.pt --meta $D/meta.pkl --out "$work/x.bin"
expect_error import-words 2 "token 1 is 'the': tangscope reads one character per token" \
    $T import $D/bias.pt --meta $D/meta-words.pkl --out "$work/x.bin"
expect_error import-shape 2 "key transformer.h.0.mlp.c_fc.weight has shape [15, 4], expected [16, 4]" \
    $T import $D/badshape.pt --meta $D/meta.pkl --out "$work/x.bin"
expect_error import-vocab-size 2 "meta.pkl has 3 characters but transformer.wte.weight has 121 rows" \
    $T import $D/bias.pt --meta $D/meta-abc.pkl --out "$work/x.bin"
# in a folder of its own: the pickle's os.system would leave a file there
mkdir "$work/evil"
(cd "$work/evil" && expect_error import-foreign-global 2 "refers to 'os.system', which no checkpoint needs" \
    "$here_T" import "$here/$D/evil.pt" --meta "$here/$D/meta.pkl" --out x.bin)
if [ -z "$(ls -A "$work/evil")" ]; then pass import-ran-nothing; else fail import-ran-nothing "$(ls "$work/evil")"; fi
# --lang: the messages of the run's language
expect_error import-lang 2 "$work/none.pt" $T import --lang de "$work/none.pt" --meta $D/meta.pkl --out "$work/x.bin"
if [ ! -e "$work/x.bin" ]; then pass import-refused-writes-nothing; else fail import-refused-writes-nothing "a refused import left x.bin"; fi

# --- tangscope export then tangscope import: the same file, no Python ---
# an imported model, one without biases, and the bundled model (tanh GELU:
# carried in the checkpoint's own keys)
for m in $D/bias.bin $D/nobias.bin assets/tang.bin; do
    n=$(basename "$m" .bin)
    if $T export "$m" --out "$work/c-$n" >"$work/out" 2>"$work/err" &&
        $T import "$work/c-$n/ckpt.pt" --meta "$work/c-$n/meta.pkl" --out "$work/c-$n-back.bin" >/dev/null 2>>"$work/err" &&
        cmp -s "$m" "$work/c-$n-back.bin"; then
        pass "export-import-round-trip-$n"
    else
        fail "export-import-round-trip-$n" "$(head -c 300 "$work/err")"
    fi
done

# --- the Python tools as the reference: need python3 with numpy (not PyTorch) ---
# has PY the module M? (found, not imported: importing numpy costs a third of
# a second, PyTorch two seconds)
has_module() {
    "$1" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec(sys.argv[1]) is None)' "$2" \
        >/dev/null 2>&1
}
PY=
for p in ${PYTHON:-} python3 /usr/bin/python3; do
    if has_module "$p" numpy; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
    for t in export-round-trip import-python-same; do
        skip $t "no python3 with numpy here (apt-get install python3-numpy)"
    done
    exit $failed
fi

# The tools' runs, in one Python: each job is the tool's file run as the
# command line runs it (runpy, as __main__, with its arguments in sys.argv,
# in its folder), its stdout, stderr and exit status kept apart for the
# checks below (replay JOB); one interpreter and one numpy import, not one
# per run. A job is a line of tab-separated fields: JOB FOLDER SCRIPT ARG...
cat >"$work/batch.py" <<'PY'
import contextlib, os, runpy, sys, traceback
work, jobs = sys.argv[1], sys.argv[2]
with open(jobs, encoding="utf-8") as f:
    lines = f.read().splitlines()
for line in lines:
    name, folder, script, *args = line.split("\t")
    base = os.path.join(work, "py", name)
    status = 0
    with open(base + ".out", "w") as out, open(base + ".err", "w") as err, \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        os.chdir(folder)
        sys.argv = [script] + args
        try:
            runpy.run_path(script, run_name="__main__")
        except SystemExit as e:  # as the interpreter takes it
            if isinstance(e.code, int) or e.code is None:
                status = e.code or 0
            else:
                print(e.code, file=sys.stderr)
                status = 1
        except BaseException:
            traceback.print_exc()
            status = 1
    with open(base + ".status", "w") as f:
        f.write("%d\n" % status)
PY
here=$(pwd)
mkdir "$work/py"
: >"$work/jobs"
job() { (IFS=$(printf '\t'); echo "$*") >>"$work/jobs"; }
IMP=tools/import-nanogpt.py
# replay JOB: what the job printed, on stdout and stderr, and its exit status
replay() {
    [ -f "$work/py/$1.status" ] || { echo "job $1 did not run: $(tail -1 "$work/batch.out")" >&2; return 125; }
    cat "$work/py/$1.out"
    cat "$work/py/$1.err" >&2
    return "$(cat "$work/py/$1.status")"
}
# export (the Python tool) then import (tangscope's) gives the same file: an
# imported model, one without biases, and the bundled model (tanh GELU:
# carried in the checkpoint)
for m in $D/bias.bin $D/nobias.bin assets/tang.bin; do
    n=$(basename "$m" .bin)
    job "export-$n" "$here" tools/export-nanogpt.py "$m" --out "$work/$n.pt" --meta "$work/$n.pkl"
done
# the reference tool on checkpoints of other shapes, other storages, a
# deflated archive and a stride-0 view (tests/e2e/lib/hostile_pt.py)
"$PY" tests/e2e/lib/hostile_pt.py "$work/hostile" >/dev/null 2>&1 || mkdir -p "$work/hostile"
for c in tiny tiny-deflated stride0-ok; do
    job "py-$c" "$here" $IMP "$work/hostile/$c.pt" --meta "$work/hostile/meta-abc.pkl" --out "$work/py-$c.bin"
done
"$PY" "$work/batch.py" "$work" "$work/jobs" >"$work/batch.out" 2>&1 ||
    fail python-batch "the tools' runs did not all run: $(tail -3 "$work/batch.out")"

for m in $D/bias.bin $D/nobias.bin assets/tang.bin; do
    n=$(basename "$m" .bin)
    if replay "export-$n" >/dev/null 2>"$work/err" &&
        $T import "$work/$n.pt" --meta "$work/$n.pkl" --out "$work/$n-back.bin" >/dev/null 2>>"$work/err" &&
        cmp -s "$m" "$work/$n-back.bin"; then
        pass "export-round-trip-$n"
    else
        fail "export-round-trip-$n" "$(head -c 300 "$work/err")"
    fi
done
for c in tiny tiny-deflated stride0-ok; do
    if replay "py-$c" >/dev/null 2>"$work/err" &&
        $T import "$work/hostile/$c.pt" --meta "$work/hostile/meta-abc.pkl" --out "$work/c-$c.bin" >/dev/null 2>>"$work/err" &&
        cmp -s "$work/py-$c.bin" "$work/c-$c.bin"; then
        pass "import-python-same-$c"
    else
        fail "import-python-same-$c" "$(head -c 300 "$work/err")"
    fi
done

# --- with PyTorch: the bundled model as tangscope export wrote it, in a nanoGPT-style GPT ---
if has_module "$PY" torch; then
    for p in 春风 白日依山尽，黄河入海 床前明月光，疑是地上; do
        $T probs "$p" --mid-text --top 20 --json >"$work/want-$p.json"
    done
    if "$PY" tools/check-nanogpt-export.py "$work/c-tang/ckpt.pt" "$work/c-tang/meta.pkl" "$work"/want-*.json >"$work/out" 2>&1; then
        pass "torch-loads-export ($(cat "$work/out"))"
    else
        fail torch-loads-export "$(head -c 300 "$work/out")"
    fi
else
    skip torch-loads-export "no PyTorch for $PY (the export needs none; this check does)"
fi
exit $failed
