#!/bin/sh
# timing_ramp.sh - the timing panel teaches what the KV cache saves, at 80x24
# in tmux, on a machine as loaded as it may be.
#
# b writes the same text with and without the cache, timing each position's
# model pass several times and plotting the fastest (the header says how
# many). The plot is read back from the screen, braille dot by dot:
#   - it has at least 5 rows (at 80x24, beside the sliders);
#   - without the cache each step reads the whole text again, so the curve
#     climbs: the highest dots at the last positions stand well above those at
#     the first (the shape, never a time in ms);
#   - with the cache each step reads one position, so the lowest dots (the
#     cached curve) stay at the same height from the first positions to the
#     last, and below the uncached curve at the end.
# Medians over a fifth of the plot's columns, not single columns, so that a
# pause of the machine at one position cannot decide the test.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/timing_ramp.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

SESSION=ramp
. tests/e2e/lib/tmux.sh
e2e_setup timing_ramp

e2e_need_cells timing_ramp

# plot_shape: reads a screen's cells (screen_cells) on stdin; prints "ROWS
# RISE UN_FIRST UN_LAST CA_FIRST CA_LAST" (dots counted from the plot's
# bottom) or "none" when there is no plot. The plot's rows are those between
# the header ("fastest of") and the |Δ| strip; it starts 6 cells after the
# strip's "|" and is as wide as the strip's marks (the strip marks every
# column the run reached). A braille cell (U+2800 + bits) holds two columns
# of four dots: bits 1 2 4 64 on the left, 8 16 32 128 on the right, top down.
plot_shape() {
    awk -F '\t' '
    !head { if (index($2, "fastest of")) head = NR; next }
    !strip && index($2, "|Δ|") { strip = NR; marks = $1 }
    strip { next }
    { rows[NR - head - 1] = $1 }
    # med(A, N): the middle one of A[1..N] sorted (the upper of two)
    function med(a, n,    i, j, t, b) {
        for (i = 1; i <= n; i++) b[i] = a[i]
        for (i = 2; i <= n; i++)
            for (j = i; j > 1 && b[j - 1] > b[j]; j--) { t = b[j]; b[j] = b[j - 1]; b[j - 1] = t }
        return b[int(n / 2) + 1]
    }
    END {
        if (!head || !strip || strip <= head + 1) { print "none"; exit }
        h = strip - head - 1
        nm = split(marks, mk, " ")
        for (x0 = 1; x0 + 2 <= nm; x0++)
            if (mk[x0] == 124 && mk[x0 + 1] == 916 && mk[x0 + 2] == 124) break
        x0 += 6 # (1-based here)
        width = 0
        while (x0 + width <= nm && mk[x0 + width] != 32 && mk[x0 + width] != 9474) width++
        split("1 2 4 64 8 16 32 128", bit, " ")
        for (r = 0; r < h; r++) { n = split(rows[r], c, " "); for (i = 1; i <= n; i++) cell[r, i] = c[i] }
        nd = 0
        for (col = 0; col < width; col++) {
            for (half = 0; half < 2; half++) {
                top = -1; low = -1 # the highest and lowest dot, counted from the top
                for (r = 0; r < h; r++) {
                    v = cell[r, x0 + col] - 10240
                    if (v < 0 || v > 255) continue
                    for (d = 0; d < 4; d++) {
                        if (int(v / bit[half * 4 + d + 1]) % 2 == 0) continue
                        y = 4 * r + d
                        if (top < 0 || y < top) top = y
                        if (y > low) low = y
                    }
                }
                if (top < 0) continue
                nd++
                hi[nd] = 4 * h - 1 - top
                lo[nd] = 4 * h - 1 - low
            }
        }
        if (nd < 10) { print "none"; exit }
        f = int(nd / 5)
        for (i = 1; i <= f; i++) { hf[i] = hi[i]; hl[i] = hi[nd - f + i]; lf[i] = lo[i]; ll[i] = lo[nd - f + i] }
        print h, med(hl, f) - med(hf, f), med(hf, f), med(hl, f), med(lf, f), med(ll, f)
    }'
}

e2e_launch 80x24 -- explore --model "$MODEL" --corpus "$CORPUS" --lang en
if e2e_wait "next  "; then
    e2e_keys b
    compared() { shows_regex "^compared [0-9]+" && shows "fastest of 5" && shows "model: without"; }
    # the comparison times each position 5 times: slow under a sanitizer
    t=$TIMEOUT TIMEOUT=$((TIMEOUT * 4))
    until_ok one_capture compared
    ok=$? TIMEOUT=$t
    if [ $ok -eq 0 ]; then
        pass timing_says_fastest
        shape=$(screen_cells | plot_shape)
        echo "plot (rows rise un_first un_last ca_first ca_last): $shape"
        set -- $shape
        if [ "$1" = none ]; then
            fail timing_ramp "no plot between the header and the |Δ| strip"
        else
            rows=$1 rise=$2 un_last=$4 ca_first=$5 ca_last=$6
            if [ "$rows" -ge 5 ]; then
                pass timing_plot_rows
            else
                fail timing_plot_rows "the plot has $rows rows at 80x24, want 5 or more"
            fi
            # a rise of 3 dots at least (of 20 in 5 rows), ending above the
            # cached curve: the later, the slower (a pause that sets the
            # scale high can flatten the ramp, never turn it down)
            if [ "$rise" -ge 3 ] && [ "$un_last" -ge $((ca_last + 3)) ]; then
                pass timing_uncached_rises
            else
                fail timing_uncached_rises "without the cache the curve rose by $rise dots of $((rows * 4))"
            fi
            # the cached curve: flat (within 2 dots, an eighth of a 5-row plot) and under the other
            if [ "$ca_last" -le $((ca_first + 2)) ] && [ "$ca_last" -lt "$un_last" ]; then
                pass timing_cached_flat
            else
                fail timing_cached_flat "with the cache the curve went from $ca_first to $ca_last dots (uncached ends at $un_last)"
            fi
        fi
    else
        fail timing_says_fastest "b did not fill the timing panel with 'fastest of 5'"
    fi
else
    fail timing_ramp "no first screen within ${TIMEOUT}s"
fi

[ "$failed" -eq 0 ]
