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

if ! command -v python3 >/dev/null 2>&1; then
    echo "SKIP timing_ramp: python3 reads the braille plot back and is missing"
    exit 0
fi

# plot_shape: reads a screen on stdin; prints "ROWS RISE UN_FIRST UN_LAST CA_FIRST CA_LAST"
# (dots counted from the plot's bottom) or "none" when there is no plot
plot_shape() {
    python3 -c '
import sys, unicodedata
lines = sys.stdin.read().split("\n")
def cells(line):
    out = []
    for ch in line:
        out.append(ch)
        if unicodedata.east_asian_width(ch) in "WF":
            out.append("")
    return out
head = [i for i, l in enumerate(lines) if "fastest of" in l]
strip = [i for i, l in enumerate(lines) if "|\u0394|" in l]
if not head or not strip or strip[0] <= head[0] + 1:
    print("none"); sys.exit()
top, bottom = head[0] + 1, strip[0]
x0 = "".join(c or "\0" for c in cells(lines[bottom])).index("|\u0394|") + 6
rows = [cells(lines[y]) + [" "] * 300 for y in range(top, bottom)]
h = len(rows)
marks = cells(lines[bottom]) + [" "]
width = 0  # the strip marks every column the run reached: the plot is as wide
while marks[x0 + width] not in (" ", "\u2502"):
    width += 1
DOTS = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
hi, lo = [], []  # per dot column: the highest and the lowest dot, from the bottom
for c in range(width):
    for half in range(2):
        ys = [4 * r + d for r in range(h) for d in range(4)
              if rows[r][x0 + c] != " " and (ord(rows[r][x0 + c]) - 0x2800) & DOTS[half][d]]
        if ys:
            hi.append(4 * h - 1 - min(ys)); lo.append(4 * h - 1 - max(ys))
if len(hi) < 10:
    print("none"); sys.exit()
def med(v):
    v = sorted(v); return v[len(v) // 2]
f = len(hi) // 5
print(h, med(hi[-f:]) - med(hi[:f]), med(hi[:f]), med(hi[-f:]), med(lo[:f]), med(lo[-f:]))
'
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
        shape=$(screen | plot_shape)
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
