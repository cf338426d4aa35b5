#!/bin/sh
# build-pinyin.sh - write assets/pinyin.tsv: the Mandarin readings and a short
# English gloss of every character of the model's vocabulary.
#
# The data is the Unicode Character Database's Unihan_Readings.txt (Debian:
# apt-get install unicode-data; found through `dpkg -L unicode-data`, plain or
# bzip2-compressed). For each Han character of assets/tang-train.txt, in code
# point order, one line of four tab-separated fields:
#
#   U+6625 <TAB> 春 <TAB> chūn <TAB> spring
#
#   1. the code point, U+ and at least four upper-case hex digits;
#   2. the character in UTF-8;
#   3. its readings with tone marks, separated by spaces: first kMandarin
#      (the customary reading), then those of kTGHZ2013 (the 2013 standard
#      dictionary of simplified characters) and kXHC1983 (Xiandai Hanyu
#      Cidian) not yet listed, so that 长 is found under chang and zhang and
#      行 under xing and hang; kHanyuPinyin only when none of these has one,
#      and for the few characters of VERSE_READINGS below the reading of
#      kHanyuPinyin that Tang verse gives them (景 yǐng, as 影 "shadow",
#      in 日景), after the others; "-" when Unihan gives no reading at all;
#   4. a gloss cut from kDefinition to a few words: parenthesised remarks
#      left out, then the first ";"-clause, then (if still long) its first
#      ","-clause, then at most 24 bytes, cut at a space and ended with
#      "…"; "-" when Unihan has no definition.
#
# Lines starting with "#" are comments: the source file's version and the
# licence notice. The result is the same on every run (LC_ALL=C throughout).
# Written to a temporary name and renamed into place.
#
# Usage: tools/build-pinyin.sh [--unihan Unihan_Readings.txt[.bz2]] [--out FILE]
#        (default: the unicode-data package's file, assets/pinyin.tsv;
#        tests/e2e/input.sh rebuilds into a temporary file and compares)
# Needs: iconv, od, awk, sort, bzip2 (for the compressed file). No Python.

set -eu
export LC_ALL=C

here=$(pwd)
cd "$(dirname "$0")/.."
TEXT=assets/tang-train.txt
OUT=
src=
while [ $# -gt 0 ]; do
    case $1 in
        --unihan) src=${2:?--unihan needs a file}; shift 2 ;;
        --out) OUT=${2:?--out needs a file}; shift 2 ;;
        *) echo "usage: tools/build-pinyin.sh [--unihan FILE] [--out FILE]" >&2; exit 2 ;;
    esac
done
# paths given relative to where the script was started
case $src in ""|/*) ;; *) src=$here/$src ;; esac
case $OUT in "") OUT=assets/pinyin.tsv ;; /*) ;; *) OUT=$here/$OUT ;; esac
if [ -z "$src" ]; then
    if command -v dpkg >/dev/null 2>&1; then
        src=$(dpkg -L unicode-data 2>/dev/null | grep '/Unihan_Readings\.txt\(\.bz2\)\?$' | head -n 1 || true)
    fi
    if [ -z "$src" ]; then
        echo "build-pinyin.sh: Unihan_Readings.txt not found; apt-get install unicode-data, or give its path" >&2
        exit 2
    fi
fi
[ -r "$src" ] || { echo "build-pinyin.sh: cannot read $src" >&2; exit 2; }
[ -r "$TEXT" ] || { echo "build-pinyin.sh: cannot read $TEXT" >&2; exit 2; }
for tool in iconv od awk sort; do
    command -v "$tool" >/dev/null 2>&1 || { echo "build-pinyin.sh: needs $tool" >&2; exit 2; }
done

# Readings of kHanyuPinyin (the Hanyu Da Zidian) that the modern dictionaries
# above leave out but Tang verse uses, one code point:reading a word: taken
# only if kHanyuPinyin gives that reading.
VERSE_READINGS="U+666F:yǐng"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT.tmp.$$"' EXIT

case "$src" in
    *.bz2) bzip2 -dc "$src" >"$tmp/unihan.txt" ;;
    *) cp "$src" "$tmp/unihan.txt" ;;
esac

# The vocabulary's Han characters as U+XXXX, one per line, sorted by value:
# UTF-32 big-endian turns every character into four bytes that od prints in
# hex, each distinct one kept once (7,311 of 2.7 million) before the rest.
# The newline, ， and 。 are not Han characters and have no reading.
iconv -f UTF-8 -t UTF-32BE "$TEXT" | od -An -v -w4 -tx1 | awk '!seen[$0]++' |
    awk '{ h = toupper($1 $2 $3 $4); sub(/^0+/, "", h)
           while (length(h) < 4) h = "0" h
           if (h != "000A" && h != "FF0C" && h != "3002") print "U+" h }' |
    sort -u >"$tmp/vocab"

version=$(sed -n '/^# Unicode version: */{s///p;q;}' "$tmp/unihan.txt")

awk -F '\t' -v version="${version:-unknown}" -v verse_readings="$VERSE_READINGS" '
function hexval(h,    i, v) {
    v = 0
    for (i = 1; i <= length(h); i++)
        v = v * 16 + index("0123456789ABCDEF", substr(h, i, 1)) - 1
    return v
}
function utf8(cp) {
    if (cp < 128) return sprintf("%c", cp)
    if (cp < 2048) return sprintf("%c%c", 192 + int(cp / 64), 128 + cp % 64)
    if (cp < 65536)
        return sprintf("%c%c%c", 224 + int(cp / 4096), 128 + int(cp / 64) % 64, 128 + cp % 64)
    return sprintf("%c%c%c%c", 240 + int(cp / 262144), 128 + int(cp / 4096) % 64,
                   128 + int(cp / 64) % 64, 128 + cp % 64)
}
# Append the readings of a dictionary field ("0121.040:cháng 1456.020:zhǎng",
# "21496.100:chūn,chǔn") to list, skipping any already in it.
function add_readings(list, field,    n, parts, i, r, m, rs, j) {
    n = split(field, parts, " ")
    for (i = 1; i <= n; i++) {
        r = parts[i]
        sub(/^.*:/, "", r)
        m = split(r, rs, ",")
        for (j = 1; j <= m; j++)
            if (rs[j] != "" && index(" " list " ", " " rs[j] " ") == 0)
                list = list == "" ? rs[j] : list " " rs[j]
    }
    return list
}
function trim(s) {
    sub(/^ +/, "", s)
    sub(/ +$/, "", s)
    return s
}
function gloss(def,    g, short, cut) {
    g = def
    while (match(g, /\([^()]*\)/))
        g = substr(g, 1, RSTART - 1) substr(g, RSTART + RLENGTH)
    gsub(/  +/, " ", g)
    g = trim(g)
    if (g == "" || g ~ /^[;,]/)
        g = def # nothing but remarks: keep them
    sub(/;.*/, "", g)
    g = trim(g)
    if (length(g) > 24) {
        short = g
        sub(/,.*/, "", short)
        g = trim(short)
    }
    if (length(g) > 24) {
        cut = substr(g, 1, 25)
        if (match(cut, / [^ ]*$/) && RSTART > 1)
            g = substr(cut, 1, RSTART - 1) "\342\200\246"
        else
            g = substr(g, 1, 24) "\342\200\246"
    }
    gsub(/\t/, " ", g)
    return g == "" ? "-" : g
}
# r with verse reading v of c added if kHanyuPinyin (field h) has it
function add_verse(r, c, h,    n, vs, i, cv) {
    n = split(verse_readings, vs, " ")
    for (i = 1; i <= n; i++) {
        split(vs[i], cv, ":")
        if (cv[1] == c && index(" " add_readings("", h) " ", " " cv[2] " "))
            r = add_readings(r, "0:" cv[2])
    }
    return r
}
FNR == NR { want[$1] = 1; order[++n] = $1; next }
/^#/ || !($1 in want) { next }
{ field[$1, $2] = $3 }
END {
    print "# pinyin.tsv - Mandarin readings and a short English gloss of every Han character"
    print "# of tang-train.txt: a modified extract of Unihan_Readings.txt (Unicode " version "),"
    print "# made by tools/build-pinyin.sh. Unicode Character Database, (c) Unicode, Inc.;"
    print "# used under the Unicode License v3, whose notice is in assets/README.md."
    print "# code point<TAB>character<TAB>readings, the customary one first<TAB>gloss"
    # order by value: insertion sort of the (few thousand) code points
    for (i = 1; i <= n; i++) val[i] = hexval(substr(order[i], 3))
    for (i = 2; i <= n; i++) {
        c = order[i]; v = val[i]
        for (j = i - 1; j >= 1 && val[j] > v; j--) { order[j + 1] = order[j]; val[j + 1] = val[j] }
        order[j + 1] = c; val[j + 1] = v
    }
    for (i = 1; i <= n; i++) {
        c = order[i]
        r = add_readings("", field[c, "kMandarin"])
        r = add_readings(r, field[c, "kTGHZ2013"])
        r = add_readings(r, field[c, "kXHC1983"])
        if (r == "") r = add_readings(r, field[c, "kHanyuPinyin"])
        r = add_verse(r, c, field[c, "kHanyuPinyin"])
        if (r == "") r = "-"
        d = field[c, "kDefinition"]
        printf "%s\t%s\t%s\t%s\n", c, utf8(val[i]), r, d == "" ? "-" : gloss(d)
    }
}' "$tmp/vocab" "$tmp/unihan.txt" >"$OUT.tmp.$$"

mv "$OUT.tmp.$$" "$OUT"
total=$(grep -vc '^#' "$OUT")
noread=$(grep -v '^#' "$OUT" | awk -F '\t' '$3 == "-"' | wc -l)
nodef=$(grep -v '^#' "$OUT" | awk -F '\t' '$4 == "-"' | wc -l)
echo "wrote $OUT: $total characters, $noread without a reading, $nodef without a gloss"
