#!/bin/sh
# valgrind-explorer.sh - the explorer under valgrind's memcheck, driven
# through a scripted session in tmux, as a user would drive it.
#
# It builds tangscope for valgrind (build-valgrind/: -O1, x86-64-v3, since
# valgrind runs AVX2 and FMA but not AVX-512), opens the explorer on the
# bundled model (or the test model with --tiny) in a private tmux server at
# 80x24, and in it: types a prompt, steps (Space), writes a poem (Enter),
# compares with and without the cache (b; on the bundled model stopped with
# Esc once it runs, --tiny runs it to its end), switches the verse form
# (a, j, f) and the language through all four (l), opens the attention view
# (v), the mask (w), the entropy panel (e), pinyin (y) and the pinyin input
# method (i, chun, 1, Esc), projector mode (z), the KV cache's cost (r) and
# the help (?), resizes the window (too small, large, back), and
# quits (q). Every step waits for the screen to show its result, with a
# timeout; nothing sleeps a fixed time.
#
# Then it reads valgrind's log: invalid reads and writes, uses of
# uninitialised values, bad frees (any error at all), and memory definitely
# lost at exit. Memory still reachable at exit (ncurses and OpenCC keep
# theirs until the process ends) is not an error. Suppressions, each with
# why, are in tools/valgrind-explorer.supp. Prints a summary and exits 0 if
# clean, 1 if valgrind found anything, 2 if the session itself failed.
#
# usage: tools/valgrind-explorer.sh [--tiny] [--keep]
#   --tiny   tests/data/tiny.bin and tiny-corpus.txt (quicker)
#   --keep   keep the log folder and say where it is
# Slow: about five minutes on the bundled model. Not part of `make test`.
set -u
cd "$(dirname "$0")/.." || exit 2

MODEL=assets/tang.bin CORPUS=assets/tang-train.txt PROMPT=春风
keep=0
for a in "$@"; do
    case $a in
    --tiny) MODEL=tests/data/tiny.bin CORPUS=tests/data/tiny-corpus.txt ;;
    --keep) keep=1 ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "valgrind-explorer.sh: unknown option '$a' (see --help)" >&2; exit 2 ;;
    esac
done
TIMEOUT=${TANGSCOPE_VALGRIND_TIMEOUT:-600} # seconds any one screen may take under valgrind

for tool in valgrind tmux make; do
    if ! command -v $tool >/dev/null 2>&1; then
        echo "valgrind-explorer.sh: $tool is not installed (apt-get install $tool)" >&2
        exit 2
    fi
done

echo "building build-valgrind/tangscope-bin ..."
if ! nice -n 10 make -j2 BUILD=build-valgrind OPT="-O1 -march=x86-64-v3 -fno-omit-frame-pointer" \
    build-valgrind/tangscope-bin >/dev/null; then
    echo "valgrind-explorer.sh: the build failed" >&2
    exit 2
fi
BIN=$(pwd)/build-valgrind/tangscope-bin

SOCK=tangscope-valgrind-$$
SESSION=vg
TMP=$(mktemp -d)
LOG=$TMP/valgrind.log
. tests/e2e/lib/tmux.sh
cleanup() {
    tm kill-server >/dev/null 2>&1
    if [ "$keep" -eq 1 ]; then echo "logs kept in $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The training text's index is built once, outside valgrind, into a cache of
# its own: under valgrind the explorer then only reads it.
export XDG_CACHE_HOME="$TMP/cache"
"$BIN" corpus --data "$CORPUS" "$PROMPT" >/dev/null 2>&1

# OpenBLAS picks its kernels by the CPU; valgrind cannot run AVX-512 ones.
cat >"$TMP/run.sh" <<EOF
export LANG=C.UTF-8 LC_ALL= LC_MESSAGES= XDG_CACHE_HOME="$TMP/cache" OPENBLAS_CORETYPE=Haswell
export OMP_NUM_THREADS=2 OMP_WAIT_POLICY=PASSIVE
valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect \
    --errors-for-leak-kinds=definite --error-exitcode=99 --num-callers=30 \
    --suppressions=$(pwd)/tools/valgrind-explorer.supp --log-file="$LOG" \
    "$BIN" explore --model "$MODEL" --corpus "$CORPUS" --lang en
echo "EXITED \$?"
exec sleep 3600
EOF

failed_step=""
# step NAME CHECK...: wait until CHECK holds; remember the first that never did
step() {
    name=$1
    shift
    if until_ok "$@"; then
        echo "  ok   $name"
    else
        echo "  FAIL $name: the screen never showed it within ${TIMEOUT}s"
        [ -n "$failed_step" ] || failed_step=$name
        screen | sed 's/^/    | /'
    fi
}
changed() { [ "$(screen)" != "$before" ]; }
wide() { [ "$(screen | wc -l)" -ge 30 ] && shows "KV cache on" && ! shows "too small"; }

echo "running the explorer under valgrind (timeout ${TIMEOUT}s per screen) ..."
e2e_start 80x24 "sh $TMP/run.sh"
step "first screen" shows "next  "
e2e_keys -l "$PROMPT"
step "type $PROMPT" shows "「⏎$PROMPT」"
before=$(screen)
e2e_keys Space
e2e_keys Space
step "step twice (Space)" changed
e2e_keys Enter
step "write (Enter)" shows "wrote "
e2e_keys b
if [ "$MODEL" = tests/data/tiny.bin ]; then
    step "compare (b), to its end" shows "compared "
else
    # on the bundled model a whole compare takes most of an hour under
    # valgrind: it is stopped (Esc) once it runs; --tiny runs one to its end
    step "compare (b)" shows "comparing: "
    e2e_keys Escape
    step "compare stopped (Esc)" hides "comparing: "
fi
e2e_keys a
step "acrostic (a)" shows "acrostic "
e2e_keys j
step "jueju (j)" shows "jueju of "
e2e_keys f
step "free (f)" shows_line "form" "free"
e2e_keys l
step "language zh (l)" shows "标签：中文"
e2e_keys l
step "language de (l)" shows "Beschriftung auf Deutsch"
e2e_keys l
step "language fr (l)" shows "libellés en français"
e2e_keys l
step "language en (l)" shows "labels in English"
e2e_keys v
step "attention view (v)" shows "attention of the next prediction"
e2e_keys v
step "attention closed (v)" hides "attention of the next prediction"
e2e_keys w
step "mask view (w)" shows "mask: which keys"
e2e_keys w
step "mask closed (w)" shows "mask view off"
e2e_keys e
step "entropy panel (e)" shows "entropy of each written character"
e2e_keys e
step "entropy closed (e)" shows "entropy view off"
e2e_keys y
step "pinyin shown (y)" shows "pinyin on"
e2e_keys y
step "pinyin hidden (y)" shows "pinyin off"
e2e_keys i
step "pinyin input (i)" shows "pinyin input:"
e2e_keys -l chun
step "syllable chun" shows "chun: "
e2e_keys 1
step "chosen (1)" shows "rank"
e2e_keys Escape
step "pinyin input left (Esc)" shows "letters are commands again"
e2e_keys z
step "projector mode (z)" shows "projector mode:"
e2e_keys z
step "projector mode off (z)" shows "projector mode off"
e2e_keys r
step "KV cache cost (r)" shows "KV cache memory by model"
e2e_keys r
step "sliders back (r)" shows "sliders and timing back"
e2e_keys '?'
step "help (?)" shows "tangscope keys"
e2e_keys x
step "help closed" hides "tangscope keys"
tm resize-window -t $SESSION -x 60 -y 20
step "resized 60x20" shows "too small"
tm resize-window -t $SESSION -x 120 -y 40
step "resized 120x40" wide
tm resize-window -t $SESSION -x 80 -y 24
step "resized 80x24" shows "next  "
e2e_keys q
step "quit (q)" shows "EXITED"

status=$(screen | sed -n 's/^EXITED \([0-9]*\).*/\1/p' | tail -n 1)
if [ ! -s "$LOG" ]; then
    echo "valgrind-explorer.sh: valgrind wrote no log" >&2
    exit 2
fi
errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9,]*\) errors.*/\1/p' "$LOG" | tail -n 1 | tr -d ,)
invalid=$(grep -c 'Invalid \(read\|write\|free\)' "$LOG")
uninit=$(grep -c 'uninitialised' "$LOG")
definite=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$LOG" | tail -n 1 | tr -d ,)
possible=$(sed -n 's/.*possibly lost: \([0-9,]*\) bytes.*/\1/p' "$LOG" | tail -n 1 | tr -d ,)
indirect=$(sed -n 's/.*indirectly lost: \([0-9,]*\) bytes.*/\1/p' "$LOG" | tail -n 1 | tr -d ,)
reachable=$(sed -n 's/.*still reachable: \([0-9,]*\) bytes.*/\1/p' "$LOG" | tail -n 1 | tr -d ,)
suppressed=$(sed -n 's/.*suppressed: \([0-9,]*\) bytes.*/\1/p' "$LOG" | tail -n 1 | tr -d ,)
echo "valgrind (memcheck) on the explorer, $MODEL:"
echo "  exit status ${status:-?} (99 would mean valgrind found errors)"
echo "  errors ${errors:-?}: invalid reads/writes/frees $invalid, uninitialised values $uninit"
echo "  at exit: definitely lost ${definite:-0} bytes, indirectly lost ${indirect:-0} bytes,"
echo "  possibly lost ${possible:-0} bytes (ncurses' terminfo cache, threads' TLS), still reachable ${reachable:-0}" \
    "bytes (ncurses, OpenCC, OpenMP), suppressed ${suppressed:-0} bytes"
if [ "${errors:-1}" != 0 ] || [ "${definite:-0}" != 0 ] || [ "${status:-1}" != 0 ]; then
    keep=1
    echo "valgrind-explorer.sh: FAILED: see $LOG"
    exit 1
fi
if [ -n "$failed_step" ]; then
    keep=1
    echo "valgrind-explorer.sh: the session did not complete (first failed step: $failed_step)"
    exit 2
fi
echo "valgrind-explorer.sh: OK: no errors, no definite leaks"
exit 0
