#!/bin/sh
# author_lessons.sh - the two lessons a teacher wrote for her German class
# (the repetition lesson with the penalty and min-p, and the rank walk along
# 春眠不觉晓), rebuilt in tests/data/lesson-author-*.md with every figure
# their narration quotes stated as an `expect` claim:
#   - `lesson --check` passes both;
#   - each percentage (a probability, the share min-p removes), rank and
#     count of kept characters ("71 Zeichen") the
#     narration of a step quotes has a claim of the same value in that step
#     (read here from the Markdown, not from the program);
#   - with the seed changed, the repetition lesson fails and names exactly
#     its claims on the written text (text, contains, count, lines); with the
#     penalty changed, it names the sampler's figures of the penalty step and
#     the narration's figures there; the rank walk samples nothing, so a
#     seed changes none of its claims;
#   - without --lang, every line --check writes about them is German;
#   - the figures are rechecked another way: `probs --json` and
#     `generate --json` with the same settings, compared with jq and awk
#     against the values the lessons claim (taken from the lesson files), and
#     the training-text count with grep.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/author_lessons.sh
set -u
. tests/e2e/lib/check.sh
e2e_work
e2e_seed_cache "$work"
export XDG_CACHE_HOME="$work"
A=tests/data/lesson-author-wiederholung.md
B=tests/data/lesson-author-fruehlingsmorgen.md

# the commands and narration of step N of a lesson (N counts the `## ` headings)
step() { awk -v n="$2" '/^## /{ s++ } s == n' "$1"; }
# the value a claim of step N states: claim FILE N 'expect sampler 明 ='
claim() { step "$1" "$2" | grep -F -m1 "$3 " | awk '{ print $NF }'; }
# does V (a percentage) round to X at the decimals X is written with?
rounds_to() {
    awk -v v="$1" -v x="$2" 'BEGIN {
        d = index(x, ".") ? length(x) - index(x, ".") : 0
        h = 0.5 * 10 ^ -d + 1e-9
        exit !(x != "" && v >= x - h && v <= x + h) }'
}
# the model's (prob) or the sampler's (sampled_prob) percentage of C
pct() { jq -r --arg c "$2" ".candidates[] | select(.char == \$c) | .$3 * 100" "$1"; }
# C's rank among the candidates of a probs --json
rank() { jq -r --arg c "$2" '[.candidates[].char] | index($c) + 1' "$1"; }

# ---- both lessons pass (said in their own language, `lang de`, whatever --lang) ----
$T lesson --check --lang en "$A" "$B" >"$work/ok.out" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && grep -qx "$A: 9 Schritte, in Ordnung" "$work/ok.out" &&
    grep -qx "$B: 6 Schritte, in Ordnung" "$work/ok.out"; then
    pass author_lessons_check_ok
else
    fail author_lessons_check_ok "exit $rc: $(cat "$work/ok.out")"
fi

# ---- every figure of a narration has its claim in the same step ----
for L in "$A" "$B"; do
    n=$(grep -c '^## ' "$L")
    i=1
    while [ "$i" -le "$n" ]; do
        step "$L" "$i" >"$work/step"
        # narration: the lines outside the fenced blocks
        awk '/^```/{ f = !f; next } !f' "$work/step" >"$work/narr"
        grep -o '[0-9][0-9]*\(,[0-9]*\)\? %' "$work/narr" | tr -d ' %' | tr , . |
        while read -r v; do
            grep -Eq "^expect ((prob|sampler) [^ ]+|removed) = $v\$" "$work/step" ||
                echo "step $i: $v %"
        done >>"$work/unclaimed"
        grep -o '[0-9][0-9]* Zeichen' "$work/narr" | awk '{ print $1 }' |
        while read -r v; do
            grep -Eq "^expect kept = $v\$" "$work/step" || echo "step $i: $v Zeichen"
        done >>"$work/unclaimed"
        grep -o 'Rang [0-9][0-9]*' "$work/narr" | awk '{ print $2 }' |
        while read -r v; do
            grep -Eq "^expect rank [^ ]+ = $v\$" "$work/step" || echo "step $i: Rang $v"
        done >>"$work/unclaimed"
        i=$((i + 1))
    done
done
if [ ! -s "$work/unclaimed" ] && grep -q ' %' "$A"; then
    pass author_lessons_figures_claimed
else
    fail author_lessons_figures_claimed "narration figures without a claim: $(cat "$work/unclaimed")"
fi

# ---- the seed, the penalty, changed under them (one run of --check) ----
sed 's/^seed 9$/seed 10/' "$A" >"$work/seed.md"
# (the penalty's copy ends with the step that sets it: what follows costs time
# and shows what the seed copy already shows)
pl=$(grep -n '^set repetition-penalty 1.5$' "$A" | cut -d: -f1)
pstep=$(head -n "$pl" "$A" | grep -c '^## ')
head=$(head -n "$pl" "$A" | grep -n '^## ' | tail -n 1 | cut -d: -f1)
awk -v h="$head" 'NR > h && /^## /{ exit } { print }' "$A" |
    sed 's/^set repetition-penalty 1.5$/set repetition-penalty 1.3/' >"$work/pen.md"
sed 's/^prompt 春$/prompt 春\nseed 10/' "$B" >"$work/walk.md"
$T lesson --check --lang en "$work/seed.md" "$work/pen.md" "$work/walk.md" >"$work/all.out" 2>&1
rc=$?
grep 'seed\.md' "$work/all.out" >"$work/seed.out"
grep 'pen\.md' "$work/all.out" >"$work/pen.out"
grep 'walk\.md' "$work/all.out" >"$work/walk.out"
# the repetition lesson fails on what the seed decides, the text: every
# `expect text` is named, and nothing but claims on the text
grep -nE '^expect (text|contains|count|lines) ' "$A" | cut -d: -f1 >"$work/text-claims"
grep -n '^expect text ' "$A" | cut -d: -f1 >"$work/want"
grep -o 'seed\.md:[0-9]*: expect' "$work/seed.out" | cut -d: -f2 >"$work/got"
others=$(grep -cvxFf "$work/text-claims" "$work/got")
missing=$(grep -cvxFf "$work/got" "$work/want")
if [ "$rc" -eq 2 ] && [ -s "$work/want" ] && [ "$others" -eq 0 ] && [ "$missing" -eq 0 ] &&
    [ "$(wc -l <"$work/seed.out")" -eq "$(wc -l <"$work/got")" ]; then
    pass author_lessons_seed_fails
else
    fail author_lessons_seed_fails "exit $rc; text claims at lines $(tr '\n' ' ' <"$work/want"), named: $(cat "$work/seed.out")"
fi
# the quiz's answer ("each three times") is among them, with the new text
if grep -q "seed.md:[0-9]*: expect count 月 = 3: .*月" "$work/seed.out"; then
    pass author_lessons_seed_quiz_answer
else
    fail author_lessons_seed_quiz_answer "$(cat "$work/seed.out")"
fi

# the penalty: the sampler's figures of the step that sets it (its `expect
# sampler` lines), and the narration's there (明's, as German writes it)
awk -v h="$head" 'NR > h && /^## /{ exit } NR > h && /^expect sampler /{ print NR }' "$A" \
    >"$work/pen.want"
ok=1
while read -r ln; do
    grep -q "pen.md:$ln: expect sampler " "$work/pen.out" || ok=0
done <"$work/pen.want"
if [ "$ok" -eq 1 ] && [ -s "$work/pen.want" ] &&
    grep -q "pen.md:$head: Schritt $pstep: die Erzählung nennt $(claim "$A" "$pstep" 'expect sampler 明 =' | tr . ,) %" \
        "$work/pen.out"; then
    pass author_lessons_penalty_fails
else
    fail author_lessons_penalty_fails "step $pstep at line $head: $(cat "$work/pen.out")"
fi

# ---- without --lang, --check speaks the lessons' German throughout ----
# (an English locale: the claims, the narration's figures, the screens'
# lines, the notes on another model, the verdict; none of it English)
LC_ALL=C.UTF-8 LANG=C.UTF-8 $T lesson --check "$work/pen.md" "$B" >"$work/de.out" 2>&1
LC_ALL=C.UTF-8 LANG=C.UTF-8 $T lesson --check --model tests/data/tiny.bin "$B" >>"$work/de.out" 2>&1
if grep -q "pen.md:$head: Schritt $pstep: die Erzählung nennt $(claim "$A" "$pstep" 'expect sampler 明 =' | tr . ,) %" "$work/de.out" &&
    grep -q "pen.md:[0-9]*: expect sampler 明 = 0.17: das Modell gibt 明" "$work/de.out" &&
    grep -qx "$B: 6 Schritte, in Ordnung" "$work/de.out" &&
    grep -q "$B:[0-9]*: gilt für das mitgelieferte Modell, an diesem nicht geprüft: expect" "$work/de.out" &&
    ! grep -q -e "narration" -e " the " -e "steps, ok" -e "not checked" -e "^at " -e ": at " "$work/de.out"; then
    pass author_lessons_check_german
else
    fail author_lessons_check_german "$(head -c 900 "$work/de.out")"
fi

# ---- the rank walk samples nothing: a seed leaves every claim true ----
grep -qx "$work/walk.md: 6 Schritte, in Ordnung" "$work/walk.out" && pass author_lessons_walk_seedless ||
    fail author_lessons_walk_seedless "$(cat "$work/walk.out")"

# ---- the repetition lesson's figures, recomputed by probs and generate ----
$T probs 一夜月明 --temperature 0.2 --json >"$work/p3.json"
$T probs 一夜月明 --temperature 0.2 --repetition-penalty 1.5 --json >"$work/p4.json"
$T probs 春风 --temperature 1.5 --min-p 0.1 --json --top 7311 >"$work/p7.json"
bad=
for c in "prob 明:p3:prob:3" "prob 月:p3:prob:3" "sampler 明:p3:sampled_prob:3" \
    "sampler 明:p4:sampled_prob:4" "sampler 月:p4:sampled_prob:4" "sampler 中:p4:sampled_prob:4"; do
    what=${c%%:*} rest=${c#*:}
    file=${rest%%:*} rest=${rest#*:}
    field=${rest%%:*} n=${rest#*:}
    x=$(claim "$A" "$n" "expect $what =")
    v=$(pct "$work/$file.json" "${what#* }" "$field")
    rounds_to "$v" "$x" || bad="$bad; step $n expect $what = '$x' but probs gives $v"
done
[ "$(rank "$work/p3.json" 月)" = "$(claim "$A" 3 'expect rank 月 =')" ] ||
    bad="$bad; rank of 月: $(rank "$work/p3.json" 月)"
[ "$(rank "$work/p3.json" 明)" = 1 ] && grep -qx 'expect top1 明' "$A" || bad="$bad; top1 明"
[ "$(jq .kept "$work/p7.json")" = "$(claim "$A" 8 'expect kept =')" ] ||
    bad="$bad; kept: $(jq .kept "$work/p7.json")"
# what min-p removes: the model's probability of every character it gives 0
removed=$(jq '[.candidates[] | select(.sampled_prob == 0) | .prob] | add * 100' "$work/p7.json")
rounds_to "$removed" "$(claim "$A" 8 'expect removed =')" ||
    bad="$bad; min-p removes $removed%, the lesson claims $(claim "$A" 8 'expect removed =')"
[ -z "$bad" ] && pass author_lessons_probs_agree || fail author_lessons_probs_agree "${bad#; }"

bad=
for c in "1:--temperature 0.2" "5:--temperature 0.2 --repetition-penalty 1.5" \
    "9:--temperature 1.5 --min-p 0.1"; do
    n=${c%%:*}
    # shellcheck disable=SC2086 # the options are words
    poem=$($T generate --seed 9 ${c#*:} --json | jq -r '.poems[0]')
    [ "$poem⏎" = "$(claim "$A" "$n" 'expect text')" ] || bad="$bad; step $n: generate wrote $poem"
    lines=$(printf '%s' "$poem" | awk '{ print gsub(/，|。/, "") }')
    [ "$lines" = "$(claim "$A" "$n" 'expect lines =')" ] || bad="$bad; step $n: $lines lines"
done
poem=$($T generate --seed 9 --temperature 0.2 --json | jq -r '.poems[0]')
for c in 月 明; do
    times=$(printf '%s' "$poem" | awk -v c="$c" '{ print gsub(c, "") }')
    [ "$times" = "$(claim "$A" 2 "expect count $c =")" ] || bad="$bad; $c $times times"
done
[ -z "$bad" ] && pass author_lessons_generate_agrees || fail author_lessons_generate_agrees "${bad#; }"

# ---- the rank walk's figures, recomputed by probs and grep ----
bad=
for c in "1:春:风:prob" "2:春:眠:rank" "3:春眠:不:prob" "4:春眠不:觉:rank" \
    "5:春眠不觉:晓:rank" "6:春眠不觉晓:，:rank"; do
    n=${c%%:*} rest=${c#*:}
    text=${rest%%:*} rest=${rest#*:}
    ch=${rest%%:*} kind=${rest#*:}
    $T probs "$text" --top 7311 --json >"$work/w.json"
    x=$(claim "$B" "$n" "expect $kind $ch =")
    if [ "$kind" = rank ]; then
        v=$(rank "$work/w.json" "$ch")
        [ "$v" = "$x" ] || bad="$bad; step $n: $ch rank $v, claimed '$x'"
    else
        v=$(pct "$work/w.json" "$ch" prob)
        rounds_to "$v" "$x" || bad="$bad; step $n: $ch $v%, claimed '$x'"
    fi
    top=$(jq -r '.candidates[0].char' "$work/w.json")
    t1=$(claim "$B" "$n" 'expect top1')
    [ -z "$t1" ] || [ "$t1" = "$top" ] || bad="$bad; step $n: first $top, claimed $t1"
done
times=$(grep -o '春眠不觉晓，' assets/tang-train.txt | wc -l)
[ "$times" -eq "$(claim "$B" 6 'expect corpus 春眠不觉晓 ，')" ] ||
    bad="$bad; 春眠不觉晓， $times times in the training text"
[ -z "$bad" ] && pass author_lessons_walk_agrees || fail author_lessons_walk_agrees "${bad#; }"
exit $failed
