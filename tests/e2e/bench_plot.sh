#!/bin/sh
# bench_plot.sh - bench's plot of the time to write n characters with and
# without the KV cache (exercise 3), checked against the figures of the same
# run:
# - --json (German): the plot's points are recomputed here from the
#   curve's own numbers: its columns' x (round((c + 1) * n / 60) for n
#   characters), the row of each y (round(y / top * 11), top the largest),
#   and the mark in that cell (● without the cache, ○ with it where the two
#   do not share the cell), and nothing else among the points; the curve ends
#   at the run's own totals (uncached_ms, cached_ms); the y axis's top label
#   is the top as German writes it; every line fits 80 columns.
# - the text (French, TANGSCOPE_ASCII=1, and --ascii): the plot's top label
#   is the "sans cache" time of the last length's line, rounded as the axis
#   rounds it; the marks are * and o; every byte of its rows from the y
#   axis on, its x axis and numbers is ASCII; the legend is French.
# usage: TANGSCOPE=./tangscope sh tests/e2e/bench_plot.sh   (from the repository root)
set -u
. tests/e2e/lib/check.sh
T=${TANGSCOPE:-./tangscope}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME=$work/cache

if ! command -v python3 >/dev/null; then
    skip bench-plot-json "python3 is not installed"
else
    "$T" bench --context 64 --lengths 20,90 --repeat 1 --json --quiet --lang de >"$work/b.json"
    if python3 - "$work/b.json" >"$work/why" 2>&1 <<'EOF'; then
import json, math, sys
d = json.load(open(sys.argv[1]))
run = d["runs"][-1]
c = run["curve"]
n, rows = run["chars"], c["rows"]
cols = min(n, 60)
bad = []
def rnd(x):  # half away from zero, as C's lround
    return int(math.floor(x + 0.5))
want_x = [min(n, max(1, rnd((k + 1) * n / cols))) for k in range(cols)]
if c["chars"] != want_x:
    bad.append("columns show x %s, not %s" % (c["chars"][:5], want_x[:5]))
u, w = c["uncached_ms"], c["cached_ms"]
if abs(u[-1] - run["uncached_ms"]) > 0.0006 or abs(w[-1] - run["cached_ms"]) > 0.0006:
    bad.append("the curves end at %g and %g, the run's totals are %g and %g"
               % (u[-1], w[-1], run["uncached_ms"], run["cached_ms"]))
if any(b < a for a, b in zip(u, u[1:])) or any(b < a for a, b in zip(w, w[1:])):
    bad.append("a running total that falls")
top = max(u + w)
lines = c["plot"]
axis = [i for i, l in enumerate(lines) if "└" in l][0]
at = lines[axis].index("└") + 1          # the column of the first point
grid = lines[axis - rows:axis]           # the rows, the top one first
for k in range(cols):
    ru, rw = (rnd(y / top * (rows - 1)) for y in (u[k], w[k]))
    for r in range(rows):
        line = grid[rows - 1 - r]
        cell = line[at + k] if at + k < len(line) else " "
        want = "●" if r == ru else "○" if r == rw else " "
        if cell != want:
            bad.append("column %d (x %d), row %d: %r, not %r" % (k, want_x[k], r, cell, want))
# the top label: the top in German, decimals by its size
dec = 0 if top >= 100 else 1 if top >= 10 else 2
s = "%.*f" % (dec, top)
whole, _, frac = s.partition(".")
whole = "{:,}".format(int(whole)).replace(",", ".")
label = whole + ("," + frac if frac else "")
if grid[0].split()[0] != label:
    bad.append("top label %r, the top is %r" % (grid[0].split()[0], label))
if not grid[0].rstrip().endswith("●") and "●" not in grid[0]:
    bad.append("no point on the top row")
if any(len(l) > 80 for l in lines):
    bad.append("a line over 80 columns")
if "ohne Cache" not in lines[-1] or "mit Cache" not in lines[-1]:
    bad.append("legend %r" % lines[-1])
print("\n".join(bad[:8]))
sys.exit(1 if bad else 0)
EOF
        pass bench-plot-json
    else
        fail bench-plot-json "$(cat "$work/why")"
    fi
fi

# the text, in French and ASCII: the top label against the table's figure
TANGSCOPE_ASCII=1 "$T" bench --context 64 --lengths 30,90 --repeat 1 --quiet --lang fr --ascii \
    >"$work/b.txt"
plot=$(sed -n '/^  ms pour écrire/,/sans le cache   o avec le cache/p' "$work/b.txt")
# "     90 caractères : sans cache    12,34 ms, ..." -> 12.34 (French puts
# a no-break space before the colon and between thousands)
uncached=$(sed -n 's/^ *90 caract[^:]*: sans cache \([^m]*\) ms,.*/\1/p' "$work/b.txt" |
    LC_ALL=C tr -cd '0-9,' | tr ',' '.')
# the label before the axis's + (French groups thousands with a no-break space)
top_label=$(printf '%s\n' "$plot" | sed -n 2p | sed 's/+.*//' | LC_ALL=C tr -cd '0-9,' | tr ',' '.')
want_label=$(awk -v x="$uncached" 'BEGIN { d = x >= 100 ? 0 : x >= 10 ? 1 : 2; printf "%.*f", d, x }')
if [ -n "$plot" ] && [ -n "$uncached" ] && [ "$top_label" = "$want_label" ] &&
    ! printf '%s\n' "$plot" | sed -n '2,15p' | sed 's/^[^+|]*//' | LC_ALL=C grep -q '[^ -~]' &&
    printf '%s\n' "$plot" | grep -q '\*' && printf '%s\n' "$plot" | grep -q 'o' &&
    printf '%s\n' "$plot" | grep -q '^ *+-*+-*+-*+$' &&
    printf '%s\n' "$plot" | grep -q '^ *\* sans le cache   o avec le cache$'; then
    pass bench-plot-ascii-french
else
    fail bench-plot-ascii-french "top label $top_label, the table's $uncached ($want_label): $plot"
fi

exit $((failed > 0))
