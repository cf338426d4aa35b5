#!/bin/sh
# lesson_steps.sh - no lesson step is skipped, none is late without a word:
# the real binary in tmux at 80x24, keys in with send-keys, the screen out
# with capture-pane; every check waits for what it expects until a deadline.
#
# tests/data/lesson-slow.md's first step draws 3 x 120 characters without
# the cache (about a second on the bundled model, more on a busy machine). The checks: n pressed three
# times while that step is prepared shows "working…" and then lands on that
# step, not on the third; the same when the class typed something first (the
# step is then entered on the class's text, on the screen's own thread, where
# the keys typed meanwhile once waited and then skipped two steps). How long
# every step of the real lessons takes to show: test_lesson_steps.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/lesson_steps.sh
set -u

. tests/e2e/lib/tmux.sh
e2e_setup lesson_steps

narration() { screen | sed -n 's/^[^│|]*[│|]//p'; }
launch() {
    e2e_launch 80x24 -- lesson "$1" --model "$MODEL" --corpus "$CORPUS" --lang en
}
# on step $1 of $2 after a moment in which a queued key would have acted
on_step() { shows "step $at of $of" && hides "step $((at + 1)) of $of" && hides "step $((at + 2)) of $of"; }
stays_on() {
    at=$1 of=$2
    until_ok one_capture shows "step $at of $of" || return 1
    sleep 1
    one_capture on_step
}

# Sanitized, every character costs about eight times as much, and the whole
# suite runs at once beside it: 40 characters a line are still seconds of
# work there (keys still arrive while the step is prepared), where 120 kept
# the step past the waiting time on a busy machine.
LESSON=tests/data/lesson-slow.md
if [ "${TANGSCOPE_SANITIZED:-}" = 1 ]; then
    LESSON=$TMP/lesson-slow.md
    sed 's/^step 120$/step 40/' tests/data/lesson-slow.md >"$LESSON"
    TIMEOUT=$((TIMEOUT * 2))
fi

# ---- n n n while the thread prepares the slow step ----
launch "$LESSON"
if ! until_ok one_capture shows "introduction"; then
    fail lesson_steps_opens "no introduction"
    exit 1
fi
e2e_keys n n n
if until_ok shows "working"; then
    pass lesson_steps_says_working
else
    fail lesson_steps_says_working "no \"working…\" while the step is prepared"
fi
if stays_on 1 3; then
    pass lesson_steps_n_thrice_lands_on_next
else
    fail lesson_steps_n_thrice_lands_on_next "n n n during a slow step did not land on step 1"
fi

# ---- the same after the class typed: the step is entered on the class's text ----
e2e_keys N
if ! until_ok one_capture shows "introduction"; then
    fail lesson_steps_back "N did not go back to the introduction"
fi
e2e_keys -l 月
until_ok shows "月" >/dev/null
e2e_keys n n n
if until_ok shows "working"; then
    pass lesson_steps_class_text_says_working
else
    fail lesson_steps_class_text_says_working "no \"working…\" while the step is entered"
fi
if stays_on 1 3; then
    pass lesson_steps_class_text_lands_on_next
else
    fail lesson_steps_class_text_lands_on_next "n n n after typing did not land on step 1"
fi
e2e_quit

exit "$failed"
