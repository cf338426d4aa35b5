#!/bin/sh
# nanogpt.sh - a class's own nanoGPT model in tangscope, end to end.
#
# Without Python: the committed imports of three nanoGPT-style models
# (tests/data/nanogpt/*.bin, made by tools/make-nanogpt-fixture.py from
# checkpoints PyTorch saved) give PyTorch's next-character probabilities to
# 1e-5; `info` says their GELU; lessons and handouts say plainly what is
# about the bundled model. With a python3 that has numpy: the import itself
# (the same bytes again), export then import (the same bytes), and the
# refusals of damaged or foreign checkpoints (one line, exit 2). With
# PyTorch too: the exported bundled model in a nanoGPT-style GPT. The tools'
# runs share one Python (each run as its command line would be: see batch.py).
# usage: TANGSCOPE=./tangscope sh tests/e2e/nanogpt.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
T=${TANGSCOPE:-./tangscope}
D=tests/data/nanogpt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

. tests/e2e/lib/check.sh
skip() { echo "SKIP $1: $2"; }
. tests/e2e/lib/expect.sh

# --- PyTorch's probabilities (probs.txt: model NAME, prompt HEX, top RANK ID HEX PROB) ---
unhex() {
    printf "$(echo "$1" | awk '{
        for (i = 1; i < length($0); i += 2) {
            hi = index("0123456789abcdef", substr($0, i, 1)) - 1
            lo = index("0123456789abcdef", substr($0, i + 1, 1)) - 1
            printf "\\%03o", hi * 16 + lo
        }}')"
}
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

# --- the import itself: needs python3 with numpy (not PyTorch) ---
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
    for t in import-same-bytes import-bare import-command export-round-trip import-refusals; do
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
for v in bias:meta.pkl nobias:meta-firstseen.pkl compiled:meta.pkl; do
    name=${v%%:*} meta=${v#*:}
    job "same-$name" "$here" $IMP $D/$name.pt --meta $D/$meta --out "$work/$name.bin"
done
job bare-no-heads "$here" $IMP $D/bare.pt --meta $D/meta.pkl --out "$work/bare.bin"
job bare "$here" $IMP $D/bare.pt --meta $D/meta.pkl --out "$work/bare.bin" --n-head 4
# export then import gives the same file: an imported model, one without
# biases, and the bundled model (tanh GELU: carried in the checkpoint)
for m in $D/bias.bin $D/nobias.bin assets/tang.bin; do
    n=$(basename "$m" .bin)
    job "export-$n" "$here" tools/export-nanogpt.py "$m" --out "$work/$n.pt" --meta "$work/$n.pkl"
    job "back-$n" "$here" $IMP "$work/$n.pt" --meta "$work/$n.pkl" --out "$work/$n-back.bin"
done
# damaged or foreign: one line naming what is wrong, exit 2, nothing run
job truncated "$here" $IMP $D/truncated.pt --meta $D/meta.pkl --out "$work/x.bin"
job rotary "$here" $IMP $D/rotary.pt --meta $D/meta.pkl --out "$work/x.bin"
job words "$here" $IMP $D/bias.pt --meta $D/meta-words.pkl --out "$work/x.bin"
job shape "$here" $IMP $D/badshape.pt --meta $D/meta.pkl --out "$work/x.bin"
cat >"$work/abc.py" <<'PY'
import pickle, sys
with open(sys.argv[1], "wb") as f:
    pickle.dump({"itos": {0: "a", 1: "b", 2: "c"}}, f)
PY
job abc-pkl "$here" "$work/abc.py" "$work/abc.pkl"
job vocab-size "$here" $IMP $D/bias.pt --meta "$work/abc.pkl" --out "$work/x.bin"
# in a folder of its own: the pickle's os.system would leave a file there
job foreign "$work" "$here/$IMP" "$here/$D/evil.pt" --meta "$here/$D/meta.pkl" --out x.bin
"$PY" "$work/batch.py" "$work" "$work/jobs" >"$work/batch.out" 2>&1 ||
    fail python-batch "the tools' runs did not all run: $(tail -3 "$work/batch.out")"

for name in bias nobias compiled; do
    if replay "same-$name" >/dev/null 2>"$work/err" && cmp -s "$work/$name.bin" $D/$name.bin; then
        pass "import-same-bytes-$name"
    else
        fail "import-same-bytes-$name" "$(head -c 300 "$work/err")"
    fi
done
expect_error import-bare-needs-heads 2 "give --n-head" replay bare-no-heads
if replay bare >/dev/null 2>&1 && cmp -s "$work/bare.bin" $D/bias.bin; then
    pass import-bare
else
    fail import-bare "a bare state_dict with --n-head 4 is not bias.bin"
fi
for m in $D/bias.bin $D/nobias.bin assets/tang.bin; do
    n=$(basename "$m" .bin)
    if replay "export-$n" >/dev/null 2>"$work/err" && replay "back-$n" >/dev/null 2>>"$work/err" &&
        cmp -s "$m" "$work/$n-back.bin"; then
        pass "export-round-trip-$n"
    else
        fail "export-round-trip-$n" "$(head -c 300 "$work/err")"
    fi
done
expect_error import-truncated 2 "not a readable zip archive" replay truncated
expect_error import-rotary 2 "key transformer.h.0.attn.rotary_emb.inv_freq: rotary position embeddings" \
    replay rotary
expect_error import-words 2 "token 1 is 'the': tangscope reads one character per token" replay words
expect_error import-shape 2 "key transformer.h.0.mlp.c_fc.weight has shape [15, 4], expected [16, 4]" \
    replay shape
replay abc-pkl >/dev/null 2>&1 || fail import-vocab-size "cannot write abc.pkl: $(cat "$work/py/abc-pkl.err")"
expect_error import-vocab-size 2 "meta.pkl has 3 characters but transformer.wte.weight has 121 rows" \
    replay vocab-size
expect_error import-foreign-global 2 "refers to os.system, which no checkpoint needs" replay foreign
if [ -e "$work/pwned-by-pickle" ]; then fail import-ran-nothing "the pickle's os.system ran"; else pass import-ran-nothing; fi

# tangscope's own command runs the tool in a Python of its own
if TANGSCOPE_PYTHON=$PY $T import $D/nobias.pt --meta $D/meta-firstseen.pkl --out "$work/cmd.bin" >/dev/null 2>&1 &&
    cmp -s "$work/cmd.bin" $D/nobias.bin; then
    pass import-command
else
    fail import-command "tangscope import does not give nobias.bin"
fi
expect_error import-command-no-python 2 "needs Python 3 with numpy" \
    env TANGSCOPE_PYTHON="$work/no-python" $T import $D/bias.pt --meta $D/meta.pkl --out "$work/x.bin"
# --lang is tangscope's own option: the command keeps it from the tool
expect_error import-command-lang 2 "no such file" env TANGSCOPE_PYTHON="$PY" $T import --lang de "$work/none.pt" --meta $D/meta.pkl --out "$work/x.bin"
if [ ! -e "$work/x.bin" ]; then pass import-refused-writes-nothing; else fail import-refused-writes-nothing "a refused import left x.bin"; fi

# --- with PyTorch: the exported bundled model in a nanoGPT-style GPT ---
if has_module "$PY" torch; then
    for p in 春风 白日依山尽，黄河入海 床前明月光，疑是地上; do
        $T probs "$p" --mid-text --top 20 --json >"$work/want-$p.json"
    done
    if "$PY" tools/check-nanogpt-export.py "$work/tang.pt" "$work/tang.pkl" "$work"/want-*.json >"$work/out" 2>&1; then
        pass "torch-loads-export ($(cat "$work/out"))"
    else
        fail torch-loads-export "$(head -c 300 "$work/out")"
    fi
else
    skip torch-loads-export "no PyTorch for $PY (the export needs none; this check does)"
fi
exit $failed
