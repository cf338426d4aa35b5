#!/bin/sh
# run.sh - run every fuzz target for a bounded time and say what it found.
# usage: tests/fuzz/run.sh BUILD_DIR SECONDS NAME...  (what `make fuzz` runs)
#
# Each target BUILD_DIR/fuzz/fuzz_NAME starts from its seeds, tests/fuzz/NAME/
# (regressions/ included), and from the inputs earlier runs found, kept in
# BUILD_DIR/fuzz/corpus/NAME (the seed folder is never written). It runs for
# SECONDS on one thread, under ASan and UBSan; an input that crashes it, leaks,
# hangs (over 20 s) or asks for more than 2 GB is saved in
# BUILD_DIR/fuzz/crashes/NAME/ and stops that target. One line per target:
# runs, coverage (code edges and features reached), corpus size, crashes;
# then the overall result. Exit status 1 if any target crashed.
set -u
build=$1
secs=$2
shift 2
export OMP_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1
total=0
crashed=""
for name in "$@"; do
    bin=$build/fuzz/fuzz_$name
    corpus=$build/fuzz/corpus/$name
    crashes=$build/fuzz/crashes/$name
    log=$build/fuzz/$name.log
    mkdir -p "$corpus" "$crashes"
    rm -f "$crashes"/*
    nice -n 10 "$bin" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" "tests/fuzz/$name" \
        >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    status_line=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
    cov=$(echo "$status_line" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$status_line" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corp=$(echo "$status_line" | sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p')
    found=$(find "$crashes" -type f | wc -l)
    if [ "$status" -ne 0 ] && [ "$found" -eq 0 ]; then
        found=1 # stopped without saving an input: the log says why
    fi
    printf 'fuzz_%-11s %9s runs  cov %5s  ft %6s  corpus %5s  crashes %s\n' "$name" \
        "${runs:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$found"
    if [ "$found" -ne 0 ]; then
        crashed="$crashed $name"
        for f in "$crashes"/*; do
            [ -f "$f" ] && echo "  saved: $f"
        done
        grep -m 1 -E 'ERROR: |runtime error: |SUMMARY: ' "$log" | sed 's/^/  /'
        echo "  log: $log"
    fi
    total=$((total + 1))
done
if [ -n "$crashed" ]; then
    echo "make fuzz: FAILED: crashes in$crashed ($total targets, $secs s each); fix, then keep each saved input in tests/fuzz/NAME/regressions/"
    exit 1
fi
echo "make fuzz: OK: $total targets, $secs s each, no crashes"
