#!/bin/sh
# quantize.sh - smaller weights end to end: `quantize` writes a model file in
# bfloat16 and in int8 of the size the format gives, which every command
# reads and which answers exactly as --weights does on the float32 file;
# --to fp32 brings a float32 file back byte for byte; bad names and a damaged
# precision field are refused (exit 2, one line); `bench --weights` prints
# each precision and refuses a bad list, and names each speed for what it
# measures: the lengths and the summary are generation (the model and the
# sampler, at the settings the heading names), the precisions' table the
# model alone, never both "cached" alone.
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/quantize.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
. tests/e2e/lib/tmux.sh
. tests/e2e/lib/expect.sh
e2e_setup quantize
T=$BIN
TINY=$(pwd)/tests/data/tiny.bin # L=2, C=16, T=16, V=23 (docs/model-format.md)
work=$TMP
export XDG_CACHE_HOME="$work/cache"

# sizes from the format: 64 + 4V + 4 x (T*C + 13LC + 2C) float32 rest, and the
# matrices (V*C + 12LC^2 weights, V + 9LC rows) at 2 bytes, or 1 and 4 a row
rest=$((64 + 4 * 23 + 4 * (16 * 16 + 13 * 2 * 16 + 2 * 16)))
weights=$((23 * 16 + 12 * 2 * 16 * 16)) rows=$((23 + 9 * 2 * 16))
for p in bf16 int8; do
    if [ $p = bf16 ]; then want=$((rest + 2 * weights)); else want=$((rest + weights + 4 * rows)); fi
    "$T" quantize --model "$TINY" --to $p --out "$work/$p.bin" >"$work/q.out" 2>&1
    size=$(wc -c <"$work/$p.bin" 2>/dev/null || echo 0)
    if [ "$size" -eq "$want" ] && grep -q "$p weights" "$work/q.out"; then
        pass "quantize-$p-size"
    else
        fail "quantize-$p-size" "$size bytes, the format says $want: $(cat "$work/q.out")"
    fi
    a=$("$T" probs 春风 --model "$work/$p.bin" --json --top 23 2>&1)
    b=$("$T" probs 春风 --model "$TINY" --weights $p --json --top 23 2>&1)
    c=$("$T" probs 春风 --model "$TINY" --json --top 23 2>&1)
    if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" != "$c" ]; then
        pass "quantize-$p-same-as-weights"
    else
        fail "quantize-$p-same-as-weights" "file: $a; --weights: $b"
    fi
done
"$T" quantize --model "$work/bf16.bin" --to fp32 --out "$work/back.bin" >/dev/null 2>&1
"$T" quantize --model "$TINY" --to fp32 --out "$work/same.bin" >/dev/null 2>&1
if cmp -s "$work/same.bin" "$TINY" && [ "$(od -An -tu4 -j8 -N4 "$work/back.bin" | tr -d ' ')" = 2 ]; then
    pass quantize-fp32-version-2
else
    fail quantize-fp32-version-2 "an fp32 file is not tiny.bin's bytes, or not version 2"
fi
expect_error quantize-bad-to 2 "--weights must be fp32, bf16 or int8, not 'int4'" \
    "$T" quantize --model "$TINY" --to int4 --out "$work/x.bin"
expect_error probs-bad-weights 2 "--weights must be fp32, bf16 or int8" \
    "$T" probs 春 --model "$TINY" --weights half
# byte 60 holds the precision (2, int8): 6 is none, and refused before the checksum
cp "$work/int8.bin" "$work/damaged.bin"
printf '\006' | dd of="$work/damaged.bin" bs=1 seek=60 conv=notrunc 2>/dev/null
expect_error precision-damaged 2 "unknown weight precision 6 at byte 60" \
    "$T" generate --model "$work/damaged.bin"
expect_error bench-bad-weights 2 "--weights must be a comma-separated list" \
    "$T" bench --model "$TINY" --weights fp32,fp16 --lengths 1 --repeat 1
"$T" bench --model "$TINY" --weights fp32,int8 --lengths 4 --repeat 1 >"$work/bench" 2>&1
if grep -q "^int8 .*identical text, largest |logit difference| 0" "$work/bench" &&
    grep -Eq "^ +int8 .*×" "$work/bench"; then
    pass bench-weights
else
    fail bench-weights "$(head -8 "$work/bench")"
fi
if grep -q "^generation (the model and the sampler at filters off, temperature 1.0) with and without the KV cache" "$work/bench" &&
    grep -q "^the model alone (its cached passes, without the sampler) in each precision" "$work/bench" &&
    grep -Eq "^ +weights +bytes/char +model/s " "$work/bench" &&
    grep -Eq "^  generation with the cache \(model and sampler, last length, beside the uncached run\): [0-9,]+ characters/s" "$work/bench" &&
    ! grep -Eq "^ *cached:" "$work/bench"; then
    pass bench-names
else
    fail bench-names "$(cat "$work/bench")"
fi
# each precision writing as generation does (model and sampler): a line under
# the table, and in --json a speed no faster than the model alone (its
# passes are part of the same runs) with its share of the same limit
if grep -Eq "^  int8, model and sampler \(defaults\): [0-9,]+ characters/s, [0-9]+% of the limit$" "$work/bench" &&
    "$T" bench --model "$TINY" --weights fp32,int8 --lengths 4 --repeat 1 --json >"$work/bench.json" 2>/dev/null &&
    jq -e '.weights | length == 2 and all(.[]; .written_chars_per_s > 0 and
        .written_chars_per_s <= .model_chars_per_s * 1.0001 and
        ((.written_ratio - .written_chars_per_s / .memory_bound_chars_per_s) | fabs) < 0.001)' \
        "$work/bench.json" >/dev/null; then
    pass bench-written
else
    fail bench-written "$(grep "model and sampler (defaults)" "$work/bench"; jq -c .weights "$work/bench.json" 2>&1 | head -c 600)"
fi
exit $failed
