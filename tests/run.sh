#!/bin/sh
# run.sh - run every unit test binary and the end-to-end tests, then print one
# closing line "N passed, N failed, N skipped" counting individual tests (a
# test that cannot run on this machine says SKIP; skips do not fail the run).
# usage: tests/run.sh BUILD_DIR TANGSCOPE_BINARY
set -u
# Idle OpenMP threads sleep instead of spinning: the tests share the machine.
export OMP_WAIT_POLICY=PASSIVE
build=${1:-build}
bin=${2:-./tangscope}
passed=0
failed=0
skipped=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# run NAME COMMAND...: show its output, count its PASS, FAIL and SKIP lines, and
# count it as one failure if it exits non-zero without saying FAIL (a crash).
run() {
    name=$1
    shift
    echo "== $name"
    if "$@" >"$log" 2>&1; then status=0; else status=$?; fi
    cat "$log"
    passed=$((passed + $(grep -c '^PASS ' "$log" || true)))
    failed=$((failed + $(grep -c '^FAIL ' "$log" || true)))
    skipped=$((skipped + $(grep -c '^SKIP ' "$log" || true)))
    if [ "$status" -ne 0 ] && ! grep -q '^FAIL ' "$log"; then
        echo "FAIL $name (exit status $status)"
        failed=$((failed + 1))
    fi
}

for t in "$build"/tests/test_*; do
    [ -x "$t" ] && run "$(basename "$t")" "$t"
done
export TANGSCOPE="$bin"
for t in tests/e2e/*.sh; do
    [ -f "$t" ] && run "$(basename "$t")" sh "$t"
done

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
