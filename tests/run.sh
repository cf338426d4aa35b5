#!/bin/sh
# run.sh - run every unit test binary and the end-to-end tests, then print one
# closing line "N passed, N failed" counting individual tests.
# usage: tests/run.sh BUILD_DIR TANGSCOPE_BINARY
set -u
# Idle OpenMP threads sleep instead of spinning: the tests share the machine.
export OMP_WAIT_POLICY=PASSIVE
build=${1:-build}
bin=${2:-./tangscope}
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

count() {
    p=$(grep -c '^PASS ' "$log" || true)
    f=$(grep -c '^FAIL ' "$log" || true)
    passed=$((passed + p))
    failed=$((failed + f))
}

for t in "$build"/tests/test_*; do
    [ -x "$t" ] || continue
    echo "== $(basename "$t")"
    if "$t" >"$log" 2>&1; then status=0; else status=$?; fi
    cat "$log"
    count
    if [ "$status" -ne 0 ] && ! grep -q '^FAIL ' "$log"; then
        echo "FAIL $(basename "$t") (exit status $status)"
        failed=$((failed + 1))
    fi
done

for t in tests/e2e/*.sh; do
    [ -f "$t" ] || continue
    echo "== $(basename "$t")"
    if TANGSCOPE="$bin" sh "$t" >"$log" 2>&1; then status=0; else status=$?; fi
    cat "$log"
    count
    if [ "$status" -ne 0 ] && ! grep -q '^FAIL ' "$log"; then
        echo "FAIL $(basename "$t") (exit status $status)"
        failed=$((failed + 1))
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
