#!/bin/sh
# worksheet_reveal.sh - a worksheet's key shows the screen of the question's
# own reveal, and a step after the question that shows bars of its own (it
# writes on at other settings) stays on the students' sheet.
#
# tests/data/lesson-worksheet-reveal.md asks how many characters min-p 0.1
# keeps after 春风 on tests/data/tiny.bin; the count the key must give comes
# from `probs --json` (the characters whose final probability is not 0).
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/worksheet_reveal.sh
set -u
. tests/e2e/lib/check.sh
e2e_work
L=tests/data/lesson-worksheet-reveal.md

kept=$($T probs 春风 --mid-text --temperature 1 --min-p 0.1 --top 100 --json \
    --model tests/data/tiny.bin | python3 -c '
import json, sys
print(sum(1 for x in json.load(sys.stdin)["candidates"] if x["stages"]["final"] > 0))')
$T lesson --print --worksheet --model tests/data/tiny.bin --corpus tests/data/tiny-corpus.txt "$L" \
    >"$work/ws.md" 2>"$work/err" || fail worksheet_reveal_runs "$(cat "$work/err")"
sed -n '/^## Answers$/,$p' "$work/ws.md" >"$work/key"
sed '/^## Answers$/,$d' "$work/ws.md" >"$work/sheet"

if [ -n "$kept" ] && grep -q "^- sampler keeps $kept, " "$work/key" &&
    [ "$(grep -c '^- sampler keeps' "$work/key")" -eq 1 ]; then
    pass worksheet_key_shows_the_reveal
else
    fail worksheet_key_shows_the_reveal "probs keeps $kept; the key: $(grep 'keeps' "$work/key")"
fi
if grep -q '^## 2. A poem at a new temperature$' "$work/sheet" &&
    grep -q '^## 3. Looking back$' "$work/sheet" && ! grep -q 'Answer to question' "$work/sheet"; then
    pass worksheet_keeps_every_step
else
    fail worksheet_keeps_every_step "$(grep '^## ' "$work/sheet")"
fi
if ! grep -q "^- sampler keeps $kept, " "$work/sheet"; then
    pass worksheet_sheet_hides_the_answer
else
    fail worksheet_sheet_hides_the_answer "the students' part gives 'keeps $kept'"
fi
exit $failed
