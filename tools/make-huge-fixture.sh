#!/bin/sh
# make-huge-fixture.sh - write tests/data/tiny-huge.bin: a valid model file
# whose numbers overflow. It is tests/data/tiny.bin with the 16 weights of
# position 3's embedding (row 3 of wpe) set to 3e38, a finite float32, and the
# checksum recomputed. Every weight is finite, so the file loads; but at
# position 3 the LayerNorm's sum of 16 values near 3e38 overflows to infinity
# and then NaN, and from there every score is NaN. Positions 0, 1 and 2 stay
# finite (each position sees only itself and earlier ones).
#
# Uses only od, dd, printf and gzip: gzip's trailer holds the IEEE CRC-32 of
# what it compressed, the same CRC-32 the model file's header keeps
# (docs/model-format.md), computed by a program that is not tangscope. Works
# on a version 2 file (tiny.bin) and a version 1 file (tiny-v1.bin) alike.
#
# usage: tools/make-huge-fixture.sh [SOURCE [OUT]]   (from the repository root)
set -eu
src=${1:-tests/data/tiny.bin}
out=${2:-tests/data/tiny-huge.bin}
tmp=$out.part

# the header's u32 at OFFSET, little-endian (od prints host order: check)
u32() { od -An -tu4 -j "$1" -N4 "$src" | tr -d ' '; }
[ "$(printf '\001\000\000\000' | od -An -tu4 | tr -d ' ')" = 1 ] ||
    { echo "make-huge-fixture.sh: needs a little-endian machine" >&2; exit 1; }
C=$(u32 16)
V=$(u32 28)

# docs/model-format.md: the header (64 bytes), the vocabulary (4V), wte (V x C
# floats), then wpe (T x C floats); row 3 of wpe is 3C floats further on
row3=$((64 + 4 * V + 4 * V * C + 4 * 3 * C))

cp "$src" "$tmp"
i=0
while [ "$i" -lt "$C" ]; do
    # 3e38 as a little-endian float32: 0x7F61B1E6
    printf '\346\261\141\177' | dd of="$tmp" bs=1 seek=$((row3 + 4 * i)) conv=notrunc 2>/dev/null
    i=$((i + 1))
done
# the checksum at offset 36: a version 2 file's covers every byte but its own
# four (the 36 before them, then everything from byte 40), a version 1 file's
# the payload alone (everything after the 64-byte header)
if [ "$(u32 8)" = 1 ]; then
    tail -c +65 "$tmp"
else
    { head -c 36 "$tmp"; tail -c +41 "$tmp"; }
fi | gzip -c | tail -c 8 | head -c 4 | dd of="$tmp" bs=1 seek=36 conv=notrunc 2>/dev/null
mv "$tmp" "$out"
echo "wrote $out: position 3's embedding set to 3e38 ($C weights at byte $row3)"
