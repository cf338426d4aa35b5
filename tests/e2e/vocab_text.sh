#!/bin/sh
# vocab_text.sh - a vocabulary is text, end to end (docs/model-format.md,
# docs/robustness.md): a model file whose vocabulary holds ESC, U+202E
# (RIGHT-TO-LEFT OVERRIDE), U+0085 (a C1 control), DEL or NUL is refused by
# probs, generate and info with exit status 2, one line naming the entry, the
# code point and its byte, in each language, and no such character reaches
# stdout or stderr; train refuses a training text that holds one before it
# writes a model; corpus counts such a text but shows the characters as ␛ or
# �, and \u escapes in JSON; a path holding ESC is quoted in info's heading.
#
# The model files are tests/data/tiny.bin with one vocabulary entry
# overwritten (entry i at byte 64 + 4i, little-endian) and the CRC-32 at
# byte 36 recomputed by gzip, whose trailer holds the CRC-32 of what it read
# (the checksum covers every byte of the file but those four): no code of
# tangscope's makes them.
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/vocab_text.sh   (from the repository root)
set -u
T=${TANGSCOPE:-./tangscope}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
export LC_ALL=C.UTF-8
export XDG_CACHE_HOME="$work/cache"

. tests/e2e/lib/check.sh

ESC=$(printf '\033')
RLO=$(printf '\342\200\256')  # U+202E in UTF-8
NEL=$(printf '\302\205')      # U+0085 in UTF-8
DEL=$(printf '\177')

# raw FILE: the control characters FILE holds as themselves (empty: none)
raw() {
    found=
    LC_ALL=C grep -qF "$ESC" "$1" && found="$found ESC"
    LC_ALL=C grep -qF "$RLO" "$1" && found="$found U+202E"
    LC_ALL=C grep -qF "$NEL" "$1" && found="$found U+0085"
    LC_ALL=C grep -qF "$DEL" "$1" && found="$found DEL"
    [ "$(tr -d '\000' <"$1" | wc -c)" -eq "$(wc -c <"$1")" ] || found="$found NUL"
    printf '%s' "$found"
}

# model NAME OFFSET BYTES: tiny.bin with BYTES (printf's octal escapes) at
# OFFSET, its checksum sealed again
model() {
    cp tests/data/tiny.bin "$work/$1.bin"
    printf "$3" | dd of="$work/$1.bin" bs=1 seek="$2" conv=notrunc 2>/dev/null
    { head -c 36 "$work/$1.bin"; tail -c +41 "$work/$1.bin"; } | gzip -c | tail -c 8 |
        head -c 4 >"$work/crc"
    dd if="$work/crc" of="$work/$1.bin" bs=1 seek=36 conv=notrunc 2>/dev/null
}

# tiny.bin's entries: 0 the newline, 1 。 (U+3002), 2 一 (U+4E00); a code point
# between the newline and U+4E00 stands in entry 1, NUL in entry 0
model esc 68 '\033\000\000\000'
model rlo 68 '\056\040\000\000'
model nel 68 '\205\000\000\000'
model del 68 '\177\000\000\000'
model nul 64 '\000\000\000\000'
model ok 68 '\015\040\000\000' # U+200D ZERO WIDTH JOINER: text, allowed

# refused NAME WANT CMD...: exit 2, one line on stderr holding WANT, nothing
# raw on stdout or stderr
refused() {
    r_name=$1 r_want=$2
    shift 2
    "$@" >"$work/out" 2>"$work/err"
    r_status=$?
    r_raw="$(raw "$work/out")$(raw "$work/err")"
    if [ $r_status -ne 2 ]; then
        fail "$r_name" "exit status $r_status, want 2: $(head -c 300 "$work/err" | od -c | head -3)"
    elif [ "$(wc -l <"$work/err")" -ne 1 ] || ! grep -qF -- "$r_want" "$work/err"; then
        fail "$r_name" "stderr '$(head -c 300 "$work/err")' lacks '$r_want'"
    elif [ -n "$r_raw" ]; then
        fail "$r_name" "raw in the output:$r_raw"
    else
        pass "$r_name"
    fi
}

for c in esc:001B:1:68 rlo:202E:1:68 nel:0085:1:68 del:007F:1:68 nul:0000:0:64; do
    name=${c%%:*} rest=${c#*:}
    cp=${rest%%:*} rest=${rest#*:}
    entry=${rest%%:*} byte=${rest#*:}
    want="vocabulary entry $entry is U+$cp, a control character, at byte $byte: a vocabulary holds only printable characters and the newline"
    refused "vocab-$name-probs" "$want" "$T" probs "" --top 30 --model "$work/$name.bin"
    refused "vocab-$name-generate" "$want" "$T" generate -n 2 --seed 5 --model "$work/$name.bin"
    refused "vocab-$name-info" "$want" "$T" info --model "$work/$name.bin"
done
refused vocab-esc-acrostic "is U+001B, a control character" "$T" acrostic 一一 --model "$work/esc.bin"
refused vocab-rlo-json "is U+202E, a control character" "$T" probs "" --json --model "$work/rlo.bin"

# in the interface's languages, written for each
refused vocab-esc-de "Eintrag 1 des Zeichenvorrats ist U+001B, ein Steuerzeichen, bei Byte 68" \
    "$T" info --lang de --model "$work/esc.bin"
refused vocab-esc-fr "l’entrée 1 du vocabulaire est U+001B, un caractère de contrôle, à l’octet 68" \
    "$T" info --lang fr --model "$work/esc.bin"
refused vocab-esc-zh "词表第 1 项是控制字符 U+001B（第 68 字节）" \
    "$T" info --lang zh --model "$work/esc.bin"

# a zero width joiner is text: the model loads and probs runs
if "$T" probs "" --model "$work/ok.bin" >"$work/out" 2>"$work/err"; then
    pass vocab-zwj-loads
else
    fail vocab-zwj-loads "$(cat "$work/err")"
fi

# ---- train: a training text with a control character writes no model ----
printf '春风起\n花落\033[2J知多少\n' >"$work/esc.txt"
# a run that would otherwise finish at once (the old trainer wrote a model)
TRAIN="--layers 1 --dims 16 --heads 2 --context 4 --steps 2 --warmup 0 --threads 1"
# shellcheck disable=SC2086 # TRAIN is words
refused train-esc-text "'$work/esc.txt': character U+001B at position 7 (line 2) is a control character: a training text holds only printable characters and the newline" \
    "$T" train --data "$work/esc.txt" --out "$work/m.bin" $TRAIN
if [ -e "$work/m.bin" ] || [ -e "$work/m.bin.ckpt" ]; then
    fail train-esc-no-model "a model or checkpoint was written: $(ls "$work")"
else
    pass train-esc-no-model
fi
printf '春风起\r\n花落\r\n' >"$work/crlf.txt"
# shellcheck disable=SC2086
refused train-crlf-text "character U+000D at position 4 (line 1) is a control character" \
    "$T" train --data "$work/crlf.txt" --out "$work/m.bin" $TRAIN
printf '春风\342\200\256起\n' >"$work/rlo.txt"
# shellcheck disable=SC2086
refused train-rlo-text "character U+202E at position 3 (line 1)" \
    "$T" train --data "$work/rlo.txt" --out "$work/m.bin" $TRAIN

# ---- corpus counts such a text, showing the characters as ␛ and � ----
printf '春风\033[2J起\n春风\342\200\256起\302\205。\n' >"$work/t.txt"
"$T" corpus 春风 --data "$work/t.txt" --no-cache >"$work/out" 2>"$work/err"
status=$?
r=$(raw "$work/out")$(raw "$work/err")
# ␛ (U+241B) and � (U+FFFD) follow 春风 once each
if [ $status -eq 0 ] && [ -z "$r" ] && grep -q '^  ␛ .*50' "$work/out" &&
    grep -q '^  � .*50' "$work/out"; then
    pass corpus-control-shown
else
    fail corpus-control-shown "status $status, raw:$r, $(od -c "$work/out" | head -5)"
fi
"$T" corpus '' --data "$work/t.txt" --no-cache --top 20 >"$work/out" 2>"$work/err"
r=$(raw "$work/out")$(raw "$work/err")
if [ -z "$r" ] && [ "$(grep -c '^  � ' "$work/out")" -eq 2 ]; then
    pass corpus-all-control-shown
else
    fail corpus-all-control-shown "raw:$r, $(cat -v "$work/out")"
fi
got=$("$T" corpus 春风 --data "$work/t.txt" --no-cache --json)
want='{"context": "春风", "converted": [], "count": 2, "next": [{"char": "\u001b", "count": 1, "share": 0.5000}, {"char": "\u202e", "count": 1, "share": 0.5000}]}'
if [ "$got" = "$want" ]; then
    pass corpus-json-escapes
else
    fail corpus-json-escapes "got '$got'"
fi

# ---- a path with ESC in a heading: quoted, not raw ----
cp tests/data/tiny.bin "$work/x${ESC}[2J.bin"
"$T" info --model "$work/x${ESC}[2J.bin" >"$work/out" 2>"$work/err"
status=$?
r=$(raw "$work/out")$(raw "$work/err")
if [ $status -eq 0 ] && [ -z "$r" ] && grep -qF "x\\e[2J.bin'" "$work/out"; then
    pass info-path-quoted
else
    fail info-path-quoted "status $status, raw:$r, $(head -2 "$work/out")"
fi

exit $failed
