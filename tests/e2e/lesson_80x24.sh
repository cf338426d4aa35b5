#!/bin/sh
# lesson_80x24.sh - a lesson's questions and keys on the smallest screen, in
# German, whose words are the longest: the real binary in tmux at 80x24.
#
# Lesson 3's step "Top-p als Programm" asks before it starts
# lessons/exercises/top_p_ref.sh: the question stands whole on the status
# line, n (the next step) answers nothing, Enter starts it. q asks whether to
# leave the lesson, whole; another key goes back, j leaves.
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
started() { shows "übernimmt jetzt top-p" && hides "$ask_de"; }
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

exit "$failed"
