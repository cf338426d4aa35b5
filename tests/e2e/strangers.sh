#!/bin/sh
# strangers.sh - nothing of the current folder runs or loads by accident
# (docs/robustness.md, "Where tangscope finds its own files"). A folder a
# student downloads may hold its own tools/import-nanogpt.py, numpy.py,
# assets/tang.bin (here the fixture model: another vocabulary), junk pinyin
# tables and training text, and a lessons/en of its own. Started there,
# `import` runs none of its scripts (each would leave a marker), and `info`,
# `probs`, `probs --pinyin`, `corpus` and `demo` use the bundled files, found
# beside the program (or, for a program in a build folder, in the source
# tree that build folder names); the folder's files are used only when named
# on the command line. A build folder copied elsewhere trusts nothing around
# its new place.
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/strangers.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
. tests/e2e/lib/tmux.sh
. tests/e2e/lib/expect.sh
e2e_setup strangers
T=$BIN
ROOT=$(pwd)
TINY=$ROOT/tests/data/tiny.bin
D=$ROOT/tests/data/nanogpt
work=$TMP
export XDG_CACHE_HOME="$work/cache"
unset TANGSCOPE_HOME TANGSCOPE_PYTHON

# ---- the stranger's folder ----
S=$work/stranger
mkdir -p "$S/tools" "$S/assets" "$S/lessons/en"
for f in import-nanogpt.py export-nanogpt.py nanogpt_ckpt.py tsmodel.py; do
    printf 'open(%s, "w").write("ran\\n")\nprint("the folder'"'"'s script ran")\n' \
        "'$S/RAN-$f'" >"$S/tools/$f"
done
# `python3 -c` puts the current folder first on Python's path
printf 'open(%s, "w").write("ran\\n")\n' "'$S/RAN-numpy'" >"$S/numpy.py"
cp "$TINY" "$S/assets/tang.bin"
printf 'junk\tjunk\n\377\376\n' >"$S/assets/pinyin.tsv"
cp "$S/assets/pinyin.tsv" "$S/assets/words.tsv"
printf '\377\376 not a text\n' >"$S/assets/tang-train.txt"
cp "$S/assets/tang-train.txt" "$S/assets/tang-val.txt"
sed '1s/.*/# The stranger'"'"'s own lesson/' tests/data/lesson-good.md >"$S/lessons/en/01-stranger.md"
cd "$S" || exit 1

# ---- import: no script of the folder runs ----
$T import "$D/bias.pt" --meta "$D/meta.pkl" --out "$S/imported.bin" >"$work/import.out" 2>"$work/import.err"
status=$?
ran=$(ls "$S" | grep '^RAN-')
if [ -n "$ran" ] || grep -q "folder's script ran" "$work/import.out" "$work/import.err"; then
    fail strangers-import-runs-nothing "ran: $ran $(head -c 300 "$work/import.out")"
else
    pass strangers-import-runs-nothing
fi
# and the import that ran is the program's own: the fixture's bytes
if [ "$status" -eq 0 ] && cmp -s "$S/imported.bin" "$D/bias.bin"; then
    pass strangers-import-own-tool
elif [ "$status" -ne 0 ] && grep -qi "python\|numpy" "$work/import.err"; then
    skip strangers-import-own-tool "no Python with numpy here: $(head -c 200 "$work/import.err")"
else
    fail strangers-import-own-tool "status $status: $(head -c 300 "$work/import.err")"
fi

# ---- the bundled model, not the folder's ----
if [ ! -f "$ROOT/assets/tang.bin" ]; then
    skip strangers-info-bundled "no bundled model in $ROOT/assets"
    skip strangers-probs-bundled "no bundled model in $ROOT/assets"
    skip strangers-pinyin-bundled "no bundled model in $ROOT/assets"
else
    $T info >"$work/info" 2>&1
    $T info --model "$ROOT/assets/tang.bin" >"$work/info.bundled" 2>&1
    $T info --model "$TINY" >"$work/info.tiny" 2>&1
    v=$(sed -n 2p "$work/info") vb=$(sed -n 2p "$work/info.bundled") vt=$(sed -n 2p "$work/info.tiny")
    if [ -n "$v" ] && [ "$v" = "$vb" ] && [ "$v" != "$vt" ] && ! head -1 "$work/info" | grep -q "^$S"; then
        pass strangers-info-bundled
    else
        fail strangers-info-bundled "$(head -2 "$work/info"), want $vb"
    fi
    $T probs 春风 >"$work/probs" 2>&1
    $T probs 春风 --model "$ROOT/assets/tang.bin" >"$work/probs.bundled" 2>&1
    if [ -s "$work/probs" ] && cmp -s "$work/probs" "$work/probs.bundled"; then
        pass strangers-probs-bundled
    else
        fail strangers-probs-bundled "$(head -3 "$work/probs")"
    fi
    # the folder's pinyin tables are junk: read, they would refuse the run
    if $T probs --pinyin "chun feng" --top 1 >"$work/py.out" 2>"$work/py.err" &&
        grep -q "春风" "$work/py.err"; then
        pass strangers-pinyin-bundled
    else
        fail strangers-pinyin-bundled "$(head -c 300 "$work/py.err")"
    fi
fi
# naming the folder's model uses it
$T info --model assets/tang.bin >"$work/info.named" 2>&1
if [ "$(sed -n 2p "$work/info.named")" = "$(sed -n 2p "$work/info.tiny")" ]; then
    pass strangers-named-model-used
else
    fail strangers-named-model-used "$(head -2 "$work/info.named")"
fi

# ---- the training text: the bundled one, the folder's only when named ----
if [ ! -f "$ROOT/assets/tang-train.txt" ]; then
    skip strangers-corpus-bundled "no bundled training text"
else
    e2e_seed_cache "$XDG_CACHE_HOME"
    if $T corpus 春风 >"$work/corpus" 2>&1; then
        pass strangers-corpus-bundled
    else
        fail strangers-corpus-bundled "$(head -c 300 "$work/corpus")"
    fi
fi
expect_error strangers-named-corpus-used 2 "invalid UTF-8" $T corpus 春 --data assets/tang-train.txt

# ---- the lessons: the bundled ones; the folder's only when named ----
n=$(ls "$ROOT"/lessons/en/[0-9]*.md | wc -l)
expect_error strangers-lessons-bundled 2 "numbered 1 to $n)" \
    $T demo --lang en --section 99 --model "$TINY" --no-corpus
if $T lesson --print lessons/en/01-stranger.md --model "$TINY" --no-corpus 2>&1 |
    grep -q "The stranger's own lesson"; then
    pass strangers-named-lesson-used
else
    fail strangers-named-lesson-used "lesson --print of the folder's lesson did not show its title"
fi

# ---- a build folder copied elsewhere: its source-tree names another folder ----
# The copy sits in a folder whose parent holds the stranger's assets: the
# source-tree line names the repository, not that parent, so nothing there
# is taken, and the model is said missing beside the program.
mkdir -p "$S/build"
cp "$T" "$S/build/tangscope-bin"
printf '%s\n' "$ROOT" >"$S/build/source-tree"
"$S/build/tangscope-bin" info >"$work/copy.out" 2>"$work/copy.err"
status=$?
if [ "$status" -eq 2 ] && grep -q "$S/build/assets/tang.bin" "$work/copy.err"; then
    pass strangers-copied-build-trusts-nothing
else
    fail strangers-copied-build-trusts-nothing "status $status: $(head -c 300 "$work/copy.out" "$work/copy.err")"
fi
# when it names the folder above, that is its source tree: its model is used
printf '%s\n' "$S" >"$S/build/source-tree"
"$S/build/tangscope-bin" info >"$work/tree.out" 2>&1
if [ "$(sed -n 2p "$work/tree.out")" = "$(sed -n 2p "$work/info.tiny")" ]; then
    pass strangers-build-folder-finds-tree
else
    fail strangers-build-folder-finds-tree "$(head -2 "$work/tree.out")"
fi
ran=$(ls "$S" | grep '^RAN-')
[ -z "$ran" ] && pass strangers-nothing-ran || fail strangers-nothing-ran "$ran"
cd "$ROOT" || exit 1
exit $failed
