#!/bin/sh
# run.sh - run every unit test binary and the end-to-end tests, several at a
# time, then print each one's output whole, in a fixed order (the unit tests,
# then the scripts, by name), and one closing line "N passed, N failed, N
# skipped in N s" counting individual tests and the wall time (a test that
# cannot run on this machine says SKIP; skips do not fail the run).
#
# The tests run in a pool of TEST_JOBS at once, each writing to its own file.
# The default is twice the number of cores: the end-to-end scripts spend most
# of their time waiting for a screen (the explorer writes 14 characters a
# second, for a class to read along), and a core is better used meanwhile.
# The longest start first, so that no long one starts last: each run keeps
# how long every test took in BUILD_DIR/test-times (milliseconds, name, CPU
# seconds of the processes it waited for; slowest first), and the next run
# orders by it; a fresh build orders by tests/test-times, a run's copy kept
# in the repository. A test neither knows starts before all the others.
# Each end-to-end script has a tmux server and a temporary folder of its
# own, so they do not meet.
#
# TEST_SKIP=FILE: the end-to-end scripts and unit tests FILE names ("NAME.sh
# why" or "test_NAME  why", one a line, # comments) are not run; each says
# "SKIP NAME: why" instead (make portable-test: tests/portable-skip.list). A
# name there that is no script or unit test fails the run, so a renamed one
# cannot drop out of the list unseen.
# TEST_EXEC="PROGRAM ARGS": each unit test binary runs through PROGRAM (make
# arm64-test: qemu-aarch64 -L SYSROOT, for binaries of another CPU).
# TEST_UNIT_ONLY=1: the unit test binaries alone, no end-to-end script (make
# unit).
# After the count, the ten slowest tests: wall seconds and the CPU seconds
# of the processes each waited for.
# usage: tests/run.sh BUILD_DIR TANGSCOPE_BINARY   (from the repository root)
set -u
# Idle OpenMP threads sleep instead of spinning: the tests share the machine.
export OMP_WAIT_POLICY=PASSIVE
# OpenBLAS starts a thread per extra core as it loads, and each spins for
# about a tenth of a second: 20 ms of CPU for every tangscope started, which
# keeps BLAS on one thread all the same (engine/ops.c). Told here, it starts
# none; the numbers are the same.
export OPENBLAS_NUM_THREADS=1
build=${1:-build}
bin=${2:-./tangscope}
export TANGSCOPE="$bin"
# the screen reader the scripts that read the screen cell by cell use
export E2E_CELLS="$build/tests/cells"
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null)
case $cores in '' | *[!0-9]* | 0) cores=1 ;; esac
jobs=${TEST_JOBS:-$((2 * cores))}
case $jobs in '' | *[!0-9]* | 0) jobs=$((2 * cores)) ;; esac
start=$(date +%s)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
times=$build/test-times
# The bundled training text's index (the suffix array of its counts), built
# once for the run: the explorer scripts' caches start with a link to it
# (E2E_CACHE_SEED, tests/e2e/lib/tmux.sh) instead of each building its own
# (a third of a second of CPU each). It is keyed by the text's checksum, so a
# script with another text still builds that one.
if [ -f assets/tang-train.txt ] && [ "${TEST_UNIT_ONLY:-0}" != 1 ]; then
    XDG_CACHE_HOME="$out/seed" "$bin" corpus 春 --data assets/tang-train.txt >/dev/null 2>&1 &&
        export E2E_CACHE_SEED="$out/seed"
fi

# The tests, in the order their output is printed: a unit test binary's name
# (test_x) or an end-to-end script's (x.sh).
: >"$out/list"
for t in "$build"/tests/test_*; do
    [ -x "$t" ] && basename "$t" >>"$out/list"
done
for t in tests/e2e/*.sh; do
    [ -f "$t" ] && [ "${TEST_UNIT_ONLY:-0}" != 1 ] && basename "$t" >>"$out/list"
done
# TEST_SKIP: its names, with why, in OUT/skip ("NAME.sh why")
: >"$out/skip"
skip_bad=0
if [ -n "${TEST_SKIP:-}" ]; then
    sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$TEST_SKIP" >"$out/skip" || skip_bad=1
    while read -r name why; do
        [ -f "tests/e2e/$name" ] || [ -f "tests/unit/$name.c" ] && continue
        echo "FAIL test_skip_list: $TEST_SKIP names $name, which is not in tests/e2e/ nor tests/unit/"
        skip_bad=1
    done <"$out/skip"
fi

# The order they start in: by the milliseconds each took, most first.
known=$times
[ -s "$known" ] || known=tests/test-times
awk 'NR == FNR { ms[$2] = $1; next }
     { print ($0 in ms ? ms[$0] : 1000000000), $0 }' "$known" "$out/list" 2>/dev/null |
    sort -k1,1nr -k2,2 | cut -d' ' -f2 >"$out/order"
[ -s "$out/order" ] || cp "$out/list" "$out/order" # (no tests/test-times either)

# one.sh OUT BUILD NAME: run the test NAME; its output goes to OUT/NAME.out,
# its exit status to OUT/NAME.status, "MS NAME CPU" to OUT/NAME.ms: its wall
# time in milliseconds and the CPU seconds of the processes it waited for
# (user and system; a tmux server's programs are not among them).
cat >"$out/one.sh" <<'ONE'
out=$1 build=$2 name=$3
t0=$(date +%s%N)
why=$(awk -v n="$name" '$1 == n { $1 = ""; sub(/^ +/, ""); print; exit }' "$out/skip")
if [ -n "$why" ]; then
    echo "SKIP $name: $why"
else
    case $name in
    *.sh) sh "tests/e2e/$name" ;;
    *) ${TEST_EXEC:-} "$build/tests/$name" ;;
    esac
fi >"$out/$name.out" 2>&1 </dev/null
echo $? >"$out/$name.status"
t1=$(date +%s%N)
times >"$out/$name.times" # (in a $(...) it would count that subshell's children)
cpu=$(awk 'NR == 2 { split($1 $2, t, /[ms]/); printf "%.1f", t[1] * 60 + t[2] + t[3] * 60 + t[4] }' "$out/$name.times")
echo "$(((t1 - t0) / 1000000)) $name $cpu" >"$out/$name.ms"
ONE
xargs -P "$jobs" -n 1 sh "$out/one.sh" "$out" "$build" <"$out/order"

# count WORD FILE: how many lines of FILE start with "WORD "
count() {
    n=$(grep -c "^$1 " "$2" 2>/dev/null)
    echo "${n:-0}"
}

passed=0
failed=0
skipped=0
: >"$out/times"
while read -r name; do
    log=$out/$name.out
    echo "== $name"
    cat "$log" 2>/dev/null
    passed=$((passed + $(count PASS "$log")))
    failed=$((failed + $(count FAIL "$log")))
    skipped=$((skipped + $(count SKIP "$log")))
    status=$(cat "$out/$name.status" 2>/dev/null || echo 'none: it did not finish')
    # a crash, or an exit status without a FAIL line: one failure
    if [ "$status" != 0 ] && [ "$(count FAIL "$log")" = 0 ]; then
        echo "FAIL $name (exit status $status)"
        failed=$((failed + 1))
    fi
    [ -s "$out/$name.ms" ] && cat "$out/$name.ms" >>"$out/times"
done <"$out/list"
# this run's times, for the next run's order
if [ -d "$build" ]; then
    sort -k1,1nr "$out/times" >"$times.tmp.$$" && mv "$times.tmp.$$" "$times"
fi

failed=$((failed + skip_bad))

echo "$passed passed, $failed failed, $skipped skipped in $(($(date +%s) - start)) s"
echo "slowest (wall s, CPU s):"
sort -k1,1nr "$out/times" | head -n 10 |
    awk '{ printf "  %-24s %6.1f %6.1f\n", $2, $1 / 1000, $3 }'
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
