#!/bin/sh
# compare_model.sh - two models side by side: the class's own model (the
# nanoGPT fixture tests/data/nanogpt/bias.bin, 121 characters, context 32)
# as A and the bundled one as B (--compare-model), drawn at 80x24 and at
# 110x34, and `probs --compare-model --json`. The expected ranks and the
# divergence are not the program's own: each model's whole distribution
# comes from its own `probs --json --top 1000000`, and this script ranks
# the characters in the other list and computes KL(A||B) from the two
# (awk, over the characters both know, each renormalised over them).
# usage: TANGSCOPE=./tangscope sh tests/e2e/compare_model.sh   (from the repository root)
. tests/e2e/lib/tmux.sh
e2e_setup compare_model
A=$(pwd)/tests/data/nanogpt/bias.bin
B=$MODEL
PROMPT=秦川

# each model's distribution, one "character<TAB>probability" a line, most
# probable first (the newline shown as the screen shows it)
dist() {
    "$BIN" probs "$PROMPT" --model "$1" --top 1000000 --json |
        jq -r '.candidates[] | [(.char | if . == "\n" then "⏎" else . end), .prob] | @tsv'
}
dist "$A" >"$TMP/a.tsv" || fail dist-a "probs --json of the fixture failed"
dist "$B" >"$TMP/b.tsv" || fail dist-b "probs --json of the bundled model failed"

# KL(A||B) in nats over the shared characters, each side renormalised
kl_nats() {
    awk -F '\t' 'NR == FNR { a[$1] = $2; next } { b[$1] = $2 }
        END {
            for (c in a) if (c in b) { sa += a[c]; sb += b[c] }
            for (c in a) if (c in b && a[c] > 0) { p = a[c] / sa; q = b[c] / sb; kl += p * log(p / q) }
            printf "%.6f\n", kl
        }' "$TMP/a.tsv" "$TMP/b.tsv"
}
KL=$(kl_nats)
KL_BITS=$(awk -v k="$KL" 'BEGIN { printf "%.6f", k / log(2) }')

# one list's top 8, each as "place char rank-in-the-other" (absent: the other lacks it)
ranked() {
    awk -F '\t' 'NR == FNR { r[$1] = FNR; next }
        FNR <= 8 { printf "%d %s %s\n", FNR, $1, ($1 in r) ? r[$1] : "absent" }' "$2" "$1"
}
ranked "$TMP/a.tsv" "$TMP/b.tsv" >"$TMP/a8"
ranked "$TMP/b.tsv" "$TMP/a.tsv" >"$TMP/b8"
[ "$(wc -l <"$TMP/a8")" -eq 8 ] && [ "$(wc -l <"$TMP/b8")" -eq 8 ] ||
    fail lists "fewer than 8 candidates in a list"
grep -q absent "$TMP/b8" || fail fixture-absent "the bundled top 8 should hold a character the fixture lacks"

# probs --compare-model --json: the same ranks and divergence
"$BIN" probs "$PROMPT" --model "$A" --compare-model "$B" --json >"$TMP/cmp.json" 2>"$TMP/cmp.err" ||
    fail probs-json "probs --compare-model --json failed: $(cat "$TMP/cmp.err")"
side() {
    jq -r ".$1 | to_entries[] | \"\\(.key + 1) \\(.value.char | if . == \"\\n\" then \"⏎\" else . end) \\(.value.rank_other // \"absent\")\"" "$TMP/cmp.json"
}
if side candidates | cmp -s - "$TMP/a8" && side compare_candidates | cmp -s - "$TMP/b8"; then
    pass probs-json-ranks
else
    fail probs-json-ranks "ranks differ: $(side candidates | tr '\n' ';') against $(tr '\n' ';' <"$TMP/a8")"
fi
got=$(jq -r .kl "$TMP/cmp.json")
if awk -v g="$got" -v w="$KL" 'BEGIN { d = g - w; exit !(d < 1e-4 && d > -1e-4 && w > 0) }'; then
    pass probs-json-kl
else
    fail probs-json-kl "kl $got nats, recomputed $KL"
fi

# bad compare files and a text the compare model cannot read: exit 2, one line
refused_line() { # NAME WHAT ARGS...: exit 2 and one line on stderr holding WHAT
    name=$1 what=$2
    shift 2
    "$BIN" probs "$@" >"$TMP/out" 2>"$TMP/err"
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -qF -- "$what" "$TMP/err" && [ ! -s "$TMP/out" ]; then
        pass "$name"
    else
        fail "$name" "exit $rc, stderr: $(cat "$TMP/err")"
    fi
}
refused_line compare-missing-file "--compare-model: '$TMP/missing.bin': cannot open" \
    "$PROMPT" --model "$A" --compare-model "$TMP/missing.bin"
refused_line compare-not-a-model "not a tangscope model file" \
    "$PROMPT" --model "$A" --compare-model "$TMP/a.tsv"
# 春 is the bundled model's, not the fixture's: named, and which model lacks it
refused_line compare-char-lacking "no '春' (U+6625) in its vocabulary" \
    春风 --model "$B" --compare-model "$A"
refused_line compare-char-lacking-de "„春“ (U+6625) fehlt in seinem Zeichenvorrat" \
    春风 --model "$B" --compare-model "$A" --lang de

# the screen: KL(A||B) in bits with five decimals, and each row of both lists
kl_shown() {
    screen | sed -n 's/.*KL(A||B) \([0-9.]*\) bits.*/\1/p' | head -n 1
}
rows_shown() {
    k=1
    while [ $k -le 8 ]; do
        set -- $(sed -n "${k}p" "$TMP/a8") $(sed -n "${k}p" "$TMP/b8")
        screen | tr -d , | grep -qE "^ ?$1  $2 +[0-9.]+% +$3  \| ?$4  $5 +[0-9.]+% +$6( |\$)" || return 1
        k=$((k + 1))
    done
}
drawn() {
    rows_shown || return 1
    got=$(kl_shown)
    [ -n "$got" ] && awk -v g="$got" -v w="$KL_BITS" 'BEGIN { d = g - w; exit !(d < 0.0002 && d > -0.0002) }'
}
for size in 80x24 110x34; do
    e2e_launch $size -- explore --model "$A" --compare-model "$B" --prompt "$PROMPT" --lang en --no-corpus
    if until_ok one_capture drawn; then
        pass "tui-compare-$size"
    else
        fail "tui-compare-$size" "the ranks or KL(A||B) (recomputed: $KL_BITS bits) are not on the screen"
    fi
    e2e_quit
done

# :compare-model off closes the panel; a file that is not a model is said and changes nothing
e2e_launch 80x24 -- explore --model "$A" --compare-model "$B" --prompt "$PROMPT" --lang en --no-corpus
until_ok shows "KL(A||B)" || fail tui-compare-open "no panel"
e2e_keys -l ":compare-model off"
e2e_keys Enter
closed() { shows "compare model closed" && hides "KL(A||B)"; }
if until_ok one_capture closed; then pass tui-compare-off; else fail tui-compare-off "the panel stays"; fi
e2e_keys -l ":compare-model $TMP/a.tsv"
e2e_keys Enter
refused() { shows "compare-model:" && hides "KL(A||B)"; }
if until_ok one_capture refused; then pass tui-compare-not-a-model; else fail tui-compare-not-a-model "no word that it is not a model"; fi
e2e_quit

# a text the compare model cannot read: the panel names the character, no lists
e2e_launch 80x24 -- explore --model "$B" --compare-model "$A" --prompt 春风 --lang en --no-corpus
lacking() { shows "no '春' (U+6625) in its vocabulary" && hides "KL(A||B)"; }
if until_ok one_capture lacking; then pass tui-compare-char-lacking; else fail tui-compare-char-lacking "the panel does not name the character the compare model lacks"; fi
e2e_quit

# the same at the start: exit 2 with one line
e2e_launch 80x24 -- explore --model "$A" --compare-model "$TMP/missing.bin" --lang en
said() { shows "--compare-model:" && shows "missing.bin" && shows "EXITED 2"; }
if until_ok one_capture said; then pass tui-compare-missing; else fail tui-compare-missing "a missing compare model is not refused with exit 2"; fi
exit $failed
