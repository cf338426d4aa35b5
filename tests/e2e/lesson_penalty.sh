#!/bin/sh
# lesson_penalty.sh - the repetition penalty is visible in a lesson: the
# stages line names its factor ("r 1,50") beside the stages of the filters,
# whole in German at 80x24 and at 110x34, and the handout's settings line
# names it; with the penalty off neither names it.
#
# The lesson is tests/data/lesson-penalty-de.md (penalty 1.5 and min-p 0.1).
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/lesson_penalty.sh
set -u

. tests/e2e/lib/tmux.sh
e2e_setup lesson_penalty
L=tests/data/lesson-penalty-de.md

for size in 80x24 110x34; do
    e2e_launch $size -- lesson "$L" --model "$MODEL" --corpus "$CORPUS" --lang de
    until_ok shows "Wiederholungsstrafe" || fail penalty_${size}_opens "the lesson did not open"
    e2e_keys n
    # the stages line: the penalty's factor first, min-p's cell whole after it
    if until_ok shows_line "Filter r 1,50 " " m "; then
        pass penalty_stage_line_$size
    else
        fail penalty_stage_line_$size "no 'Filter r 1,50 … m …' line"
    fi
    e2e_quit
done

# the handout's settings line names it when it is on, and not when it is off
"$BIN" lesson --print --lang de --model "$MODEL" --corpus "$CORPUS" "$L" >"$TMP/on.md" 2>&1
sed '/repetition-penalty/d' "$L" >"$TMP/off.md"
"$BIN" lesson --print --lang de --model "$MODEL" --corpus "$CORPUS" "$TMP/off.md" >"$TMP/off.out" 2>&1
if grep -q '^- Einstellungen: .*Startwert 1 · Wdh.-Strafe 1,50 · KV-Cache' "$TMP/on.md" &&
    grep -q '^- Einstellungen: ' "$TMP/off.out" && ! grep -qF 'Wdh.-Strafe' "$TMP/off.out"; then
    pass penalty_handout_settings
else
    fail penalty_handout_settings "$(grep -h Einstellungen "$TMP/on.md" "$TMP/off.out")"
fi
exit $failed
