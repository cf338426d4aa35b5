#!/bin/sh
# import_hostile.sh - `tangscope import` on the bad-input campaign's hostile
# checkpoints and meta.pkl files (docs/robustness.md, "Checkpoints to
# import"): each refused with one line on stderr and exit 2, nothing run,
# no escape sequence or bidirectional control reaching the terminal, and the
# memory bombs (a 1 MB zip whose storage inflates to 1 GiB, a data.pkl that
# declares 1 GiB, a memo index of 0x04000000, a 16384 x 16384 stride-0 view)
# refused or read in under 100 MB. The files come from
# tests/e2e/lib/hostile_pt.py (python3's standard library: the test says
# SKIP without it); special files (/dev/zero, a FIFO) need nothing.
# usage: TANGSCOPE=./tangscope sh tests/e2e/import_hostile.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
T=${TANGSCOPE:-./tangscope}
D=tests/data/nanogpt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
. tests/e2e/lib/check.sh
. tests/e2e/lib/expect.sh

# no U+202E (RIGHT-TO-LEFT OVERRIDE) on stderr either, as bytes
no_bidi() {
    if LC_ALL=C grep -q "$(printf '\342\200\256')" "$work/err"; then
        fail "$1-no-bidi" "U+202E reached stderr raw"
    else
        pass "$1-no-bidi"
    fi
}

# --- special files: refused at once, as checkpoint or as meta.pkl ---
mkfifo "$work/fifo"
for what in ckpt meta; do
    for f in /dev/zero "$work/fifo"; do
        n=$(basename "$f")
        if [ $what = ckpt ]; then set -- "$f" --meta $D/meta.pkl; else set -- $D/bias.pt --meta "$f"; fi
        expect_error "import-$what-$n" 2 "not a plain file" timeout 10 "$T" import "$@" --out "$work/x.bin"
    done
done
# a path with a terminal title and a bidirectional override in it
esc=$(printf 'x\033]0;pwned\007\342\200\256.pt')
cp $D/truncated.pt "$work/$esc"
expect_error import-path-escaped 2 "x\\e]0;pwned\\x07\\u202E.pt" \
    "$T" import "$work/$esc" --meta $D/meta.pkl --out "$work/x.bin"
no_bidi import-path-escaped

if ! command -v python3 >/dev/null 2>&1; then
    skip import-hostile "no python3 here to write the hostile files"
    exit $failed
fi
H=$work/h
python3 tests/e2e/lib/hostile_pt.py "$H" --big || { fail import-hostile-files "hostile_pt.py failed"; exit $failed; }

# refuse NAME META PATTERN: H/NAME.pt with H/META refused in one line holding PATTERN
refuse() {
    expect_error "import-$1" 2 "$3" "$T" import "$H/$1.pt" --meta "$H/$2" --out "$work/x.bin"
}
M=meta-abc.pkl
# the archive
refuse method99 $M "compression method 99; only stored (0) and deflated (8)"
refuse encrypted $M "is encrypted; a checkpoint never is"
refuse name-escape $M "an entry's name 'archive\\e]0;pwned\\x07/data.pkl' is damaged"
refuse name-twice $M "names entry 'archive/data.pkl' twice"
refuse bad-crc $M "its CRC-32 does not match"
refuse inflate-liar $M "inflates to more than the 200 bytes it declares"
# the pickle
refuse global-os $M "data.pkl refers to 'os.system', which no checkpoint needs"
refuse global-escape $M "refers to 'os\\e]0;pwned\\x07.sys\\e[2J\\u202Etem'"
no_bidi import-global-escape
refuse key-escape $M "key 'transformer.wte.weight\\e[2J\\u202E' is not part of nanoGPT's GPT"
no_bidi import-key-escape
refuse opcode-inst $M "opcode 0x69 at byte 2 is not one a checkpoint or a vocabulary uses"
refuse deep-marks $M "nested more than 1000 deep"
refuse deep-lists $M "holds neither {'model': state_dict, ...} nor a state_dict of tensors"
refuse memo-index $M "holds neither"
refuse view-outside $M "a tensor reaches past the end of its storage of 8 elements"
refuse storage-short $M "storage '1' holds 28 bytes, 8 FloatStorage need 32"
# model_args of the wrong types
refuse args-str $M "model_args n_layer is a str, not a number"
refuse args-heads-str $M "model_args n_head is a str, not a number"
refuse args-list $M "model_args is a list, not a dict"
refuse args-nan $M "model_args n_layer is not a finite number"
refuse args-inf $M "model_args n_layer is not a finite number"
refuse args-bigint $M "model_args n_layer is a number too large for any model"
refuse args-negative $M "model_args n_layer = -1 but the weights say 1"
# meta.pkl
refuse tiny meta-global.pkl "meta.pkl refers to 'os.system'; a vocabulary needs no code"
refuse tiny meta-mixed.pkl "token 1 is 2: tangscope reads one character per token"
refuse tiny meta-mixed-keys.pkl "itos ids are not 0..2 (one is a str)"
refuse tiny meta-list.pkl "holds a list, not a dict with stoi and itos"

# --- the bombs: refused (or read) in under 100 MB ---
# Under a 100 MB address-space limit (ulimit -v; one BLAS thread, whose
# buffers are not the import's), and its peak resident size where GNU time
# is there. The sanitizers reserve terabytes of address space: there the
# limit is left out (TANGSCOPE_SANITIZED=1), the refusals still checked.
bomb() { # bomb NAME META STATUS PATTERN
    if [ "${TANGSCOPE_SANITIZED:-0}" = 1 ]; then
        "$T" import "$H/$1.pt" --meta "$2" --out "$work/b.bin" >"$work/out" 2>"$work/err"
    else
        (ulimit -v 100000 && OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 exec timeout 60 "$T" import \
            "$H/$1.pt" --meta "$2" --out "$work/b.bin") >"$work/out" 2>"$work/err"
    fi
    st=$?
    if [ "${TANGSCOPE_SANITIZED:-0}" = 1 ] && [ $st -eq "$3" ] && grep -qF -- "$4" "$work/err" "$work/out"; then
        pass "import-bomb-$1 (sanitized: no memory limit)"
        return
    elif [ $st -eq "$3" ] && grep -qF -- "$4" "$work/err" "$work/out"; then
        pass "import-bomb-$1 (under 100 MB)"
    else
        fail "import-bomb-$1" "status $st under a 100 MB limit: $(head -c 300 "$work/err")"
    fi
    if [ -x /usr/bin/time ]; then
        kb=$(OPENBLAS_NUM_THREADS=1 /usr/bin/time -f %M "$T" import "$H/$1.pt" --meta "$2" \
            --out "$work/b.bin" 2>&1 >/dev/null | tail -1)
        if [ "$kb" -lt 100000 ] 2>/dev/null; then pass "import-bomb-$1-rss ($kb KB)"; else
            fail "import-bomb-$1-rss" "peak resident size $kb KB"; fi
    fi
}
bomb zip-bomb "$H/$M" 2 "storage '0' holds 268435456 elements, more than the model's 272 parameters: refused unread"
bomb pkl-bomb "$H/$M" 2 "entry 'archive/data.pkl' holds 1073741824 bytes; at most 16777216 are read"
bomb stride0-huge "$H/$M" 2 "a model tangscope cannot hold: n_embd=16384 outside [1, 4096]"
# a memo index of 0x04000000 in a real checkpoint: only a key, so it imports, to bias.bin
bomb memo-bias $D/meta.pkl 0 "2 layers, 16 dimensions"
if cmp -s "$work/b.bin" $D/bias.bin; then
    pass import-memo-bias-same
else
    fail import-memo-bias-same "the memo-index checkpoint is not bias.bin"
fi
# a stride-0 view of the size the model needs: read at that size (every number 0.5)
"$T" import "$H/stride0-ok.pt" --meta "$H/$M" --out "$work/s.bin" >/dev/null 2>&1
# wpe: after the 64-byte header, 3 code points and wte's 12 floats: 8 floats at 124
if [ "$(od -v -An -tx1 -j124 -N32 "$work/s.bin" | tr -d ' \n')" = "$(printf '0000003f%.0s' 1 2 3 4 5 6 7 8)" ]; then
    pass import-stride0-read
else
    fail import-stride0-read "wpe is $(od -v -An -tx1 -j124 -N32 "$work/s.bin" 2>&1 | tr -d '\n')"
fi
if [ ! -e "$work/x.bin" ]; then pass import-hostile-wrote-nothing; else fail import-hostile-wrote-nothing "x.bin exists"; fi
exit $failed
