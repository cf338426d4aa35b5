#!/bin/sh
# lesson_80x24.sh - a lesson's questions and keys on the smallest screen, in
# German, whose words are the longest: the real binary in tmux at 80x24.
#
# Lesson 3's step "Top-p als Programm" asks before it starts
# lessons/exercises/top_p_ref.sh: the question stands whole on the status
# line, n (the next step) answers nothing, Enter starts it. q asks whether to
# leave the lesson, whole; another key goes back, j leaves.
#
# The narration at 80x24, in German and in Chinese (tests/data/lesson-narrow-de.md,
# lesson-narrow-zh.md, whose lines fall where the old rules broke them): a
# column of 36 (the divider in cell 44), "512 KiB" on one line, „春风“ (in
# German) and 「春风」 (in Chinese) on one line, and a line of code that wraps
# keeps its indentation (what it wraps onto stands two columns deeper).
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/lesson_80x24.sh
set -u

. tests/e2e/lib/tmux.sh
e2e_setup lesson_80x24

ask_de="Programm top_p_ref.sh als top-p starten? Eingabetaste: ja, Esc: nein"
quit_de="Lektion verlassen? Eingabetaste oder j: ja, jede andere Taste: zurück"

e2e_launch 80x24 -- lesson lessons/de/03-top-k-top-p.md --model "$MODEL" --corpus "$CORPUS" --lang de
if ! until_ok shows "Einführung"; then
    fail lesson_80x24_de_opens "no introduction"
    exit 1
fi
for k in 1 2 3 4; do
    e2e_keys n
    until_ok shows "Schritt $k von 9" >/dev/null
done
if until_ok shows "$ask_de"; then
    pass lesson_80x24_de_stage_question_whole
else
    fail lesson_80x24_de_stage_question_whole "the question is not whole on the screen: $ask_de"
fi
e2e_keys n
sleep 0.5
still() { shows "$ask_de" && shows "Schritt 4 von 9" && hides "nicht gestartet"; }
if one_capture still; then
    pass lesson_80x24_de_n_answers_nothing
else
    fail lesson_80x24_de_n_answers_nothing "n answered the question or left the step"
fi
e2e_keys Enter
started() { shows "top_p_ref.sh läuft jetzt als top-p neben dem eingebauten" && hides "$ask_de"; }
if until_ok one_capture started; then
    pass lesson_80x24_de_enter_starts
else
    fail lesson_80x24_de_enter_starts "Enter did not start the program"
fi

e2e_keys q
if until_ok shows "$quit_de"; then
    pass lesson_80x24_de_quit_question_whole
else
    fail lesson_80x24_de_quit_question_whole "the question is not whole on the screen: $quit_de"
fi
e2e_keys Escape
back() { shows "Schritt 4 von 9" && hides "Lektion verlassen?" && hides "EXITED"; }
if until_ok one_capture back; then
    pass lesson_80x24_de_quit_other_key_stays
else
    fail lesson_80x24_de_quit_other_key_stays "Esc after q did not go back to the lesson"
fi
e2e_keys q
until_ok shows "Lektion verlassen?" >/dev/null
e2e_keys j
if until_ok shows "EXITED 0"; then
    pass lesson_80x24_de_quit_j_leaves
else
    fail lesson_80x24_de_quit_j_leaves "q then j did not quit"
fi

# ---- the narration at 80x24 ----
e2e_need_cells lesson_80x24_narration
narration() { screen | sed -n 's/^[^│|]*[│|]//p'; }
# the cell (from 1) of the divider on the row that names the step
divider_cell() {
    screen_cells | awk -F'\t' -v want="$1" 'index($2, want) {
        n = split($1, c, " "); for (i = 1; i <= n; i++) if (c[i] == 9474) { print i; exit } }'
}
narrow() {
    code=$1 intro=$2
    shift 2
    e2e_launch 80x24 -- lesson "tests/data/lesson-narrow-$code.md" --model "$MODEL" --corpus "$CORPUS" \
        --lang "$code"
    if ! until_ok shows "$intro"; then
        fail "lesson_80x24_${code}_narration_opens" "no introduction"
        return
    fi
    until_ok shows "temperature)" >/dev/null
    cell=$(divider_cell "$intro")
    if [ "$cell" = 44 ]; then
        pass "lesson_80x24_${code}_narration_36_columns"
    else
        fail "lesson_80x24_${code}_narration_36_columns" "the divider stands in cell '$cell', not 44"
    fi
    if narration | grep -q "512 KiB"; then
        pass "lesson_80x24_${code}_number_keeps_unit"
    else
        fail "lesson_80x24_${code}_number_keeps_unit" "512 and KiB on two lines"
    fi
    if narration | grep -qx "          temperature)"; then
        pass "lesson_80x24_${code}_code_keeps_indentation"
    else
        fail "lesson_80x24_${code}_code_keeps_indentation" "the code's second line is not at column 10"
    fi
    k=0
    for line in "$@"; do
        k=$((k + 1))
        if narration | grep -qxF -- "$line"; then
            pass "lesson_80x24_${code}_line_$k"
        else
            fail "lesson_80x24_${code}_line_$k" "no narration line '$line'"
        fi
    done
    e2e_quit
}
narrow de Einführung "Das Gedicht beginnt mit dem Wort" "„春风“ und endet bald."
narrow zh 导言 "存 512 KiB 的 k 和 v。" "「春风」。"

exit "$failed"
