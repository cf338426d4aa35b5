#!/bin/sh
# bench_peers.sh - tools/bench-peers.sh and its model writer, without llama2.c:
# the files tools/llama2c-peer-model.py writes for run.c and runq.c have the
# sizes their formats give for tangscope's shape (recomputed here from the
# formats, tensor by tensor) and the headers llama2.c checks; the script says
# SKIP in one line when it is given no llama2.c source, and fails in one line
# when the source holds no run.c. No llama2.c is built here (that takes the
# network and a minute; docs/performance.md shows a run).
. tests/e2e/lib/check.sh
e2e_work

out=$(sh tools/bench-peers.sh 2>&1); rc=$?
case "$rc:$(printf '%s\n' "$out" | wc -l):$out" in
    "0:1:bench-peers: SKIP: no llama2.c source given"*) pass peers-skip ;;
    *) fail peers-skip "exit $rc, printed: $out" ;;
esac
mkdir "$work/empty"
out=$(TANGSCOPE="$T" PEERS_DIR="$work/peers" sh tools/bench-peers.sh "$work/empty" 2>&1); rc=$?
case "$rc:$(printf '%s\n' "$out" | wc -l):$out" in
    "2:1:bench-peers: no run.c in '$work/empty'"*) pass peers-no-source ;;
    *) fail peers-no-source "exit $rc, printed: $out" ;;
esac

if ! command -v python3 >/dev/null 2>&1; then
    skip peers-model "no python3"
    exit $failed
fi
python3 tools/llama2c-peer-model.py "$work" || fail peers-model "the writer failed"
# tangscope's shape with llama's MLP hidden size 352, Q8_0 groups of 32
D=128 H=352 L=4 NH=4 V=7311 S=128 G=32
floats=$((V * D + L * D + 4 * L * D * D + L * D + 3 * L * D * H + D + S * (D / NH)))
want=$((7 * 4 + 4 * floats))
size() { wc -c <"$1" | tr -d ' '; }
[ "$(size "$work/model.bin")" = "$want" ] && pass peers-fp32-size ||
    fail peers-fp32-size "model.bin is $(size "$work/model.bin") bytes, the format gives $want"
# int8: header 256, the norms in float32, then each matrix's int8 values and
# a float32 scale per group (one embedding, then 4 matrices of D x D and 3 of
# D x H in each layer)
q8() { echo $(($1 + 4 * ($1 / G))); }
want=$((256 + 4 * (2 * L * D + D) + $(q8 $((V * D))) + 4 * L * $(q8 $((D * D))) + 3 * L * $(q8 $((D * H)))))
[ "$(size "$work/modelq.bin")" = "$want" ] && pass peers-q8-size ||
    fail peers-q8-size "modelq.bin is $(size "$work/modelq.bin") bytes, the format gives $want"
# tokenizer: max length, then per token a score, a length and its bytes:
# <unk>, <s> and </s> between newlines, and V - 3 characters of 3 UTF-8 bytes
want=$((4 + V * 8 + 5 + 5 + 6 + (V - 3) * 3))
[ "$(size "$work/tokenizer.bin")" = "$want" ] && pass peers-tokenizer-size ||
    fail peers-tokenizer-size "tokenizer.bin is $(size "$work/tokenizer.bin") bytes, the format gives $want"
# the headers run.c and runq.c read: 7 int32 (a positive vocabulary: the output
# layer is the embedding); runq.c: the bytes "24ka" (uint32 0x616b3432), version 2, the same 7,
# shared 1, group 32
ints() { od -An -t d4 -j "$2" -N "$3" "$1" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }
got=$(ints "$work/model.bin" 0 28)
[ "$got" = "$D $H $L $NH $NH $V $S" ] && pass peers-fp32-header ||
    fail peers-fp32-header "header $got"
got="$(head -c 4 "$work/modelq.bin") $(ints "$work/modelq.bin" 4 32) $(od -An -t u1 -j 36 -N 1 "$work/modelq.bin" | tr -d ' ') $(ints "$work/modelq.bin" 37 4)"
[ "$got" = "24ka 2 $D $H $L $NH $NH $V $S 1 $G" ] && pass peers-q8-header ||
    fail peers-q8-header "header $got"
# the same model in both: each int8 weight times its group's scale is within
# half a scale of the float32 weight (checked on the embedding and on the last
# layer's w3, the first and the last matrices of both files)
python3 - "$work" $D $H $L $V $G <<'EOF' && pass peers-same-weights || fail peers-same-weights "int8 and float32 weights differ"
import array, sys
d = sys.argv[1]
D, H, L, V, G = map(int, sys.argv[2:])
f32 = array.array("f"); f32.frombytes(open(d + "/model.bin", "rb").read()[28:])
raw = open(d + "/modelq.bin", "rb").read()
def check(f_at, q_at, n):
    q = array.array("b"); q.frombytes(raw[q_at:q_at + n])
    s = array.array("f"); s.frombytes(raw[q_at + n:q_at + n + 4 * (n // G)])
    for i in range(n):
        if abs(q[i] * s[i // G] - f32[f_at + i]) > s[i // G] / 2 * 1.0001:
            sys.exit(f"weight {i}: {q[i]} x {s[i // G]} against {f32[f_at + i]}")
q0 = 256 + 4 * (2 * L * D + D)
check(0, q0, V * D)
qsize = lambda n: n + 4 * (n // G)
w3_f = V * D + L * D + 4 * L * D * D + L * D + 2 * L * D * H + (L - 1) * D * H
w3_q = q0 + qsize(V * D) + 4 * L * qsize(D * D) + (3 * L - 1) * qsize(D * H)
check(w3_f, w3_q, D * H)
EOF
exit $failed
