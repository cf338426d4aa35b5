#!/bin/sh
# lesson_quiz.sh - quizzes in front of a class, end to end at 80x24 (tmux):
# before the reveal no panel gives the answer away (the title's vocabulary
# size, the timing panel's verdict, the answer itself) and the question
# stands once; the reveal shows a discussion question's answer, not the bars.
#
# The lesson is tests/data/lesson-quiz.md on the fixture model tests/data/tiny.bin
# (23 characters).
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/lesson_quiz.sh
set -u

. tests/e2e/lib/tmux.sh
e2e_setup lesson_quiz

e2e_launch 80x24 -- lesson tests/data/lesson-quiz.md --model tests/data/tiny.bin \
    --corpus tests/data/tiny-corpus.txt --lang en
until_ok shows "n/N step" || fail quiz_opens "the lesson did not open"

e2e_keys n
# the question is up: once, and nothing on the screen answers it
asked() {
    shows "How many characters does the model know?" && shows "Talk it over first" &&
        [ "$(screen | grep -cF "How many characters does the model know?")" -eq 1 ]
}
if until_ok one_capture asked; then
    pass quiz_question_once
else
    fail quiz_question_once "the question is not shown exactly once: $(screen | head -12)"
fi
silent() {
    shows "How many characters does the model know?" && hides "23 characters" &&
        hides "23, counting" && hides "1 秋 "
}
if one_capture silent; then
    pass quiz_no_answer_before_reveal
else
    fail quiz_no_answer_before_reveal "$(screen | head -3)"
fi
e2e_keys x
answered() { shows "23, counting the newline" && shows "answer" && hides "1 秋 "; }
if until_ok one_capture answered; then
    pass quiz_reveals_answer_not_bars
else
    fail quiz_reveals_answer_not_bars "$(screen | sed -n 3,14p)"
fi

e2e_keys n
compared() { shows "Do the two runs write the same text?" && shows "Guess first"; }
no_verdict() { compared && hides "identical text" && hides "model: without"; }
if until_ok one_capture compared; then
    if one_capture no_verdict; then
        pass quiz_hides_timing
    else
        fail quiz_hides_timing "the verdict shows before the reveal: $(screen | tail -10)"
    fi
else
    fail quiz_hides_timing "no question after the compare: $(screen | tail -10)"
fi
e2e_keys x
if until_ok shows "identical text"; then
    pass quiz_reveals_timing
else
    fail quiz_reveals_timing "$(screen | tail -10)"
fi
[ "$failed" -eq 0 ]
