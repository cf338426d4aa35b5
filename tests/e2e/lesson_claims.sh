#!/bin/sh
# lesson_claims.sh - the claims a lesson can make about the sampler's side
# and about what was written (`expect sampler`, `kept`, `removed`, `entropy`,
# `text`, `contains`, `count`) and `lookup off`, on the fixture model
# tests/data/tiny.bin.
#
# tests/data/lesson-claims.md states figures; they are first compared with
# another path through the program (`probs --json`, `generate`), then
# `lesson --check` must pass it, and fail, naming the real figure, on a copy
# whose every claim is made false; in a German or French lesson the figure
# as that lesson's screen writes it (10,6 %, as its --figures prints it).
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/lesson_claims.sh
set -u
. tests/e2e/lib/check.sh
e2e_work
TINY="--model tests/data/tiny.bin --corpus tests/data/tiny-corpus.txt"
L=tests/data/lesson-claims.md

# the fixture's figures, read from probs --json and generate
$T probs 春风 --mid-text --temperature 1 --min-p 0.1 --top 100 --json --model tests/data/tiny.bin \
    >"$work/probs.json" || fail claims_probs "probs failed"
figures=$(python3 - "$work/probs.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["candidates"]
final = {x["char"]: x["stages"]["final"] for x in c}
model = {x["char"]: x["prob"] for x in c}
print("%.1f %d %d %.1f %d" % (100 * final["日"], 100 * final["风"] > 68, final["云"] == 0,
                              100 * model["日"], sum(1 for x in c if x["stages"]["final"] > 0)))
PY
)
if [ "$figures" = "17.8 1 1 10.6 3" ]; then
    pass claims_fixture_matches_probs
else
    fail claims_fixture_matches_probs "probs --json gives '$figures' (日 sampler, 风>68, 云=0, 日 model, kept)"
fi
# the share min-p removes: the model's probability of every character the
# final distribution gives 0; the entropy view's figure after six steps: the
# bits of the final distribution the last character was drawn from (its
# context, the text before it, read from generate)
removed=$(python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["candidates"]
print("%.1f" % (100 * sum(x["prob"] for x in c if x["stages"]["final"] == 0)))' "$work/probs.json")
before=$($T generate 春风 --mid-text --temperature 1 --min-p 0.1 --seed 7 --max-chars 5 \
    --model tests/data/tiny.bin)
bits=$($T probs "$before" --mid-text --temperature 1 --min-p 0.1 --top 100 --json \
    --model tests/data/tiny.bin | python3 -c '
import json, math, sys
c = json.load(sys.stdin)["candidates"]
print("%.1f" % -sum(q * math.log2(q) for q in (x["stages"]["final"] for x in c) if q > 0))')
if [ "$removed" = 40.2 ] && grep -qx "expect removed = $removed" "$L" &&
    [ "$bits" = 1.8 ] && grep -qx "expect entropy = $bits" "$L"; then
    pass claims_removed_entropy_match_probs
else
    fail claims_removed_entropy_match_probs "probs --json gives removed $removed%, $bits bits after '$before'"
fi
# lesson --figures prints both, as the screen rounds them, to copy
$T lesson --figures $TINY "$L" >"$work/fig.md" 2>&1
if grep -q "removes $removed%" "$work/fig.md" &&
    grep -qx -- "- entropy of the draw that wrote 风: $bits bits" "$work/fig.md"; then
    pass claims_figures_removed_entropy
else
    fail claims_figures_removed_entropy "$(grep -e removes -e draw "$work/fig.md")"
fi
written=$($T generate 春风 --mid-text --temperature 1 --min-p 0.1 --seed 7 --max-chars 6 \
    --model tests/data/tiny.bin)
if grep -qxF "expect text $written" "$L" &&
    [ "$(printf '%s' "$written" | grep -o 风 | wc -l)" -eq 6 ]; then
    pass claims_fixture_matches_generate
else
    fail claims_fixture_matches_generate "generate wrote '$written'"
fi

if $T lesson --check $TINY "$L" >"$work/out" 2>&1; then
    pass claims_true_hold
else
    fail claims_true_hold "$(cat "$work/out")"
fi

# every claim made false: each fails, naming what the screen shows
sed -e 's/日 = 17.8/日 = 17.7/; s/风 > 68/风 < 68/; s/云 = 0/云 > 0/; s/kept = 3/kept = 4/' \
    -e 's/10.6%/10.5/; s/text 春风风日/text 春风日日/; s/contains 日风风风/contains 日日/' \
    -e 's/风 = 6/风 = 3/; s/removed = 40.2/removed > 40.3/; s/entropy = 1.8/entropy < 1.75/' \
    "$L" >"$work/bad.md"
$T lesson --check $TINY "$work/bad.md" >"$work/out" 2>&1
rc=$?
want() {
    if grep -qF "$2" "$work/out"; then pass "$1"; else fail "$1" "no '$2' in: $(cat "$work/out")"; fi
}
[ "$rc" -eq 2 ] && pass claims_false_fail || fail claims_false_fail "exit $rc"
want claims_sampler_message "bad.md:15: expect sampler 日 = 17.7: the model gives 日 10.6%, the sampler 17.8%"
want claims_sampler_above "bad.md:16: expect sampler 风 < 68: the model gives 风 41.1%, the sampler 68.8%"
want claims_sampler_zero "bad.md:17: expect sampler 云 > 0: the model gives 云 3.8%, the sampler 0%"
want claims_kept_message "bad.md:18: expect kept = 4: the sampler keeps 3"
want claims_prob_bars_precision "bad.md:19: expect prob 日 = 10.5: the model gives 日 10.6%"
want claims_removed_message "bad.md:20: expect removed > 40.3: the sampler removes 40.2%"
want claims_entropy_message "bad.md:29: expect entropy < 1.75: the model wrote 风 from a draw of 1.82 bits"
want claims_text_message "bad.md:30: expect text 春风日日风风风风: the text is $written"
want claims_contains_message "bad.md:31: expect contains 日日: the text is $written"
want claims_count_message "bad.md:32: expect count 风 = 3: the text has 风 6 times"
[ "$(grep -c 'bad.md' "$work/out")" -eq 10 ] && pass claims_only_false_fail ||
    fail claims_only_false_fail "$(cat "$work/out")"

# in a German and a French lesson the messages quote each figure as that
# lesson's screen writes it (decimal comma, no-break space before %), the
# very strings of the bars and the line under them in its --figures
NBSP=$(printf '\302\240')
for lang in de fr; do
    mkdir -p "$work/$lang"
    cp "$work/bad.md" "$work/$lang/01-bad.md"
    cp "$L" "$work/$lang/02-good.md"
    $T lesson --check $TINY "$work/$lang/01-bad.md" >"$work/out-$lang" 2>&1
    $T lesson --figures $TINY "$work/$lang/02-good.md" >"$work/fig-$lang" 2>&1
    ok=1
    for fig in "10,6$NBSP%" "17,8$NBSP%" "40,2$NBSP%"; do
        grep -q "bad.md:1[59]: .* $fig\|bad.md:20: .*$fig" "$work/out-$lang" || ok=0
        grep -qF "$fig" "$work/fig-$lang" || ok=0 # the screen writes it so
    done
    grep -q "bad.md:29: .* 1,82 [Bb]it" "$work/out-$lang" || ok=0
    if [ $ok -eq 1 ] && ! grep "bad.md" "$work/out-$lang" | grep -q "[0-9]\.[0-9]*%"; then
        pass "claims_messages_figures_$lang"
    else
        fail "claims_messages_figures_$lang" "$(grep -e 'bad.md:1[59]' -e 'bad.md:2[09]' "$work/out-$lang")"
    fi
done

# a malformed claim is named at parse time
printf '# T\n\n## S\n\n```tangscope\nexpect kept = 2.5\nexpect sampler 日\nexpect text\nexpect text 春\033[2J\n```\n' \
    >"$work/parse.md"
$T lesson --check $TINY "$work/parse.md" >"$work/out" 2>&1
want claims_kept_whole "parse.md:6: expect kept: '2.5' is not a count (a whole number)"
want claims_sampler_form "parse.md:7: expect sampler: needs C OP X, X in percent"
want claims_text_form "parse.md:8: expect text: needs TEXT"
want claims_text_escaped "parse.md:9: expect text: characters not in the model: U+001B [ 2 J"

# the entropy view's figure must be on the screen: without `show entropy` it is not
printf '# T\n\n## S\n\n```tangscope\nmid-text on\nprompt 春风\nstep\nexpect entropy < 20\nexpect removed = 120\n```\n' \
    >"$work/ent.md"
$T lesson --check $TINY "$work/ent.md" >"$work/out" 2>&1
want claims_entropy_on_screen "ent.md:9: at 80x24: expect entropy < 20: the entropy view's figure (show entropy) is not on the screen"
want claims_removed_range "ent.md:10: expect removed: '120' is out of range 0..100 (percent)"

# `lookup off` takes the look-up line away: the handout's step 2 has none
$T lesson --print $TINY "$L" >"$work/with-off.md" 2>&1
sed '/^lookup off$/d' "$L" >"$work/on.md"
$T lesson --print $TINY "$work/on.md" >"$work/with-on.md" 2>&1
if grep -q '日: rank' "$work/with-on.md" && ! grep -q '日: rank' "$work/with-off.md"; then
    pass claims_lookup_off
else
    fail claims_lookup_off "$(grep -h 'rank' "$work/with-on.md" "$work/with-off.md")"
fi
# probs takes the repetition penalty, and reads as the lesson's sampler column:
# 风 (in the prompt) gets less with it; the lesson's claim of probs' figure holds
pen=$($T probs 春风 --mid-text --temperature 1 --repetition-penalty 2 --top 100 --json \
    --model tests/data/tiny.bin | python3 -c '
import json, sys
c = {x["char"]: x["stages"]["final"] for x in json.load(sys.stdin)["candidates"]}
print("%.1f" % (100 * c["风"]))')
if [ -n "$pen" ] && python3 -c "import sys; sys.exit(not 0 < $pen < 41.1)"; then
    pass claims_probs_penalty
else
    fail claims_probs_penalty "风 after a penalty of 2: '$pen'%, not below the model's 41.1%"
fi
for claim in "= $pen" "> $(python3 -c "print($pen + 0.2)")"; do
    printf '# T\n\n## S\n\n```tangscope\nmid-text on\nset temperature 1\nset repetition-penalty 2\nprompt 春风\nexpect sampler 风 %s\n```\n' \
        "$claim" >"$work/pen.md"
    $T lesson --check $TINY "$work/pen.md" >"$work/out" 2>&1
    echo "$claim $?" >>"$work/pen.rc"
done
if [ "$(cat "$work/pen.rc")" = "= $pen 0
> $(python3 -c "print($pen + 0.2)") 2" ]; then
    pass claims_penalty_matches_probs
else
    fail claims_penalty_matches_probs "$(cat "$work/pen.rc" "$work/out")"
fi
exit $failed
