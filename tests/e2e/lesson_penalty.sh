#!/bin/sh
# lesson_penalty.sh - the repetition penalty is visible in a lesson: the
# stages line names its factor ("r 1,50") beside the stages of the filters,
# whole in German at 80x24 and at 110x34, its slider's row stands in the
# sampler panel with the value, and the handout's settings line names it;
# with the penalty off neither names it. In the explorer at 80x24 its keys
# d D move it; its row shows while it is on or chosen, and gives the form's
# row back when it is off again.
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
    # its slider, with its keys and the lesson's value
    if until_ok shows_line "Wdh.-Strafe d D " " 1,50"; then
        pass penalty_slider_$size
    else
        fail penalty_slider_$size "no 'Wdh.-Strafe d D … 1,50' row in the sampler panel"
    fi
    e2e_quit
done

# the explorer at 80x24: off, the panel keeps its rows of before (the form's)
e2e_launch 80x24 -- --lang en --model "$MODEL" --corpus "$CORPUS"
e2e_wait "temperature t T" || fail penalty_explorer_start "the explorer did not start"
if until_ok one_capture eval 'shows_line "form " "f a j free" && hides "penalty     d D"'; then
    pass penalty_off_row_left_out
else
    fail penalty_off_row_left_out "at 80x24 with the penalty off: the form's row, no penalty row"
fi
# D twice: 1.20, on its row and in the stages line
e2e_keys D D
if until_ok one_capture eval 'shows_line "penalty     d D" " 1.20" && shows "stages r 1.20 "'; then
    pass penalty_keys_raise
else
    fail penalty_keys_raise "D D: no 'penalty d D … 1.20' row, or no 'stages r 1.20'"
fi
# down to off: the row stays while chosen, and goes with Tab
e2e_keys d d d
if until_ok one_capture eval 'shows_line "penalty     d D" " off" && hides "stages r "'; then
    pass penalty_keys_off
else
    fail penalty_keys_off "d d d: the chosen row should say off, the stages line lose its r"
fi
e2e_keys Tab
if until_ok one_capture eval 'shows_line "form " "f a j free" && hides "penalty     d D"'; then
    pass penalty_row_gives_way
else
    fail penalty_row_gives_way "after Tab, off and not chosen, its row should give way to the form's"
fi
e2e_quit

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
