#!/bin/sh
# lesson_tui.sh - a lesson in the explorer, end to end, at 80x24: the real
# binary in tmux, keys in with send-keys, the screen out with capture-pane.
# Every check waits for what it expects until a deadline (no fixed sleeps).
#
# The lesson is tests/data/lesson-good.md on the fixture model tests/data/tiny.bin
# (its figures: the top candidate after 春风 is 风, 41.1%, from
# tools/make-fixtures.py). The checks: the introduction and the narration pane,
# n to the next step, a quiz that hides the bars until a key, N back to a step
# replayed from the start, `:set top-k 20` on the command line and an error
# there, the picker, without colours too; q on the help screen closing the
# help, q in the lesson asking first (another key goes back, Enter or y
# leaves) and leaving the terminal as it was.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/lesson_tui.sh
set -u

. tests/e2e/lib/tmux.sh
e2e_setup lesson

# the narration pane: the right-hand part of every row (after the divider)
narration() { screen | sed -n 's/^[^│|]*[│|]//p'; }
pane_shows() { narration | grep -qF -- "$1"; }
# a bar row: "1 风 ... 41.1%"
bar_row() { screen | grep -qE "^$1 $2 .* $3"; }

# launch LESSON: the lesson (none: the picker) on the fixtures, in English, with
# the environment in $LOOKS (e.g. TERM=vt100 NO_COLOR=1) and lessons found
# under $TMP/home
LOOKS=
launch() {
    # shellcheck disable=SC2086
    e2e_launch 80x24 TANGSCOPE_HOME="$TMP/home" $LOOKS -- lesson $1 \
        --model tests/data/tiny.bin --corpus tests/data/tiny-corpus.txt --lang en
}

# ---- one lesson ----
launch tests/data/lesson-good.md
introduction() { pane_shows "introduction" && pane_shows "A small lesson" && pane_shows "n/N step"; }
if until_ok one_capture introduction; then
    pass lesson_opens
else
    fail lesson_opens "no introduction in the narration pane"
fi
# the introduction's narration, wrapped in the pane by columns, emphasis marks gone
wrapped() { narration | tr '\n' ' ' | grep -qF "It has emphasis and code, and a second line that joins the first."; }
if until_ok wrapped; then
    pass lesson_narration_wraps
else
    fail lesson_narration_wraps "the introduction is not in the pane"
fi

e2e_keys n
step_1() { pane_shows "step 1 of 4" && pane_shows "Scores after 春风" && bar_row 1 风 "41.1%"; }
if until_ok one_capture step_1; then
    pass lesson_next_step
else
    fail lesson_next_step "no step 1 with 风 41.1% after n"
fi
e2e_keys PgDn
step_2() { pane_shows "step 2 of 4" && shows_regex "seed +s +7│"; }
if until_ok one_capture step_2; then
    pass lesson_pgdn_step
else
    fail lesson_pgdn_step "no step 2 (seed 7) after PgDn"
fi

# a quiz: the question instead of the bars, until a key
e2e_keys n
quiz() { pane_shows "step 3 of 4" && shows "Which character comes next?" && hides "1 秋 " && shows "Guess first"; }
if until_ok one_capture quiz; then
    pass lesson_quiz_hides
else
    fail lesson_quiz_hides "the bars are not hidden behind the question"
fi
e2e_keys x
revealed() { bar_row 1 秋 "20.6%" && hides "Guess first" && shows "白日"; }
if until_ok one_capture revealed; then
    pass lesson_quiz_reveals
else
    fail lesson_quiz_reveals "no bars after a key"
fi

# back: step 2 again, exactly as before (the text, the seed)
e2e_keys N
step_2_again() {
    pane_shows "step 2 of 4" && shows "Temperature and a poem" && hides "白日" &&
        shows_regex "seed +s +7│"
}
if until_ok one_capture step_2_again; then
    pass lesson_back_step
else
    fail lesson_back_step "N did not show step 2 again"
fi
e2e_keys N N N
if until_ok pane_shows "introduction"; then pass lesson_back_to_start; else fail lesson_back_to_start "not at the introduction"; fi

# the command line
e2e_keys :
e2e_keys -l "set top-k 20"
if until_ok shows ":set top-k 20"; then pass lesson_cmdline_opens; else fail lesson_cmdline_opens "no :set top-k 20 at the bottom"; fi
e2e_keys Enter
top_k_20() { shows "top-k       k K" && screen | grep -qE "top-k +k K .* 20│"; }
if until_ok one_capture top_k_20; then
    pass lesson_cmdline_runs
else
    fail lesson_cmdline_runs "top-k did not become 20"
fi
e2e_keys :
e2e_keys -l "set temperature 3"
e2e_keys Enter
if until_ok shows "set temperature: 3 is out of range 0..2"; then
    pass lesson_cmdline_error
else
    fail lesson_cmdline_error "no error in the status line"
fi
# after the class's change each step is entered on what it made, one n at a
# time (an n pressed while a step is prepared is that same step)
for k in 1 2 3 4; do
    e2e_keys n
    until_ok pane_shows "step $k of 4" >/dev/null
done
e2e_keys n
if until_ok pane_shows "end of the lesson"; then pass lesson_end; else fail lesson_end "no end after the last step"; fi

# q on the help screen closes the help (as it says: any key), the lesson stays
e2e_keys "?"
until_ok shows "any key closes this help" >/dev/null
e2e_keys q
help_closed() { shows "step 4 of 4" && hides "any key closes this help" && hides "EXITED"; }
if until_ok one_capture help_closed; then
    pass lesson_help_q_closes_help
else
    fail lesson_help_q_closes_help "q on the help screen did not just close it"
fi
# q in a lesson asks first; another key goes back to the lesson
e2e_keys q
asks() { shows "Leave the lesson? Enter or y: yes, any other key: back" && hides "EXITED"; }
if until_ok one_capture asks; then pass lesson_q_asks; else fail lesson_q_asks "q did not ask"; fi
e2e_keys x
stays() { shows "step 4 of 4" && hides "Leave the lesson?" && hides "EXITED"; }
if until_ok one_capture stays; then
    pass lesson_q_other_key_stays
else
    fail lesson_q_other_key_stays "a key other than Enter or y after q did not go back"
fi
e2e_keys q
until_ok shows "Leave the lesson?" >/dev/null
e2e_keys Enter
if until_ok shows "EXITED 0" && until_ok e2e_restored; then
    pass lesson_quits_cleanly
else
    fail lesson_quits_cleanly "exit status or terminal state wrong"
fi

# ---- the picker, without colours ----
mkdir -p "$TMP/home/lessons/en"
cp tests/data/lesson-good.md "$TMP/home/lessons/en/01-small.md"
printf '# Second lesson\n\n## Only step\n\nText.\n' >"$TMP/home/lessons/en/02-second.md"
LOOKS="TERM=vt100 NO_COLOR=1"
launch ""
if until_ok shows_all "1  A small lesson" "2  Second lesson"; then
    pass lesson_picker
else
    fail lesson_picker "no list of titles"
fi
e2e_keys Down Enter
second_lesson() { pane_shows "introduction" && pane_shows "Second lesson"; }
if until_ok one_capture second_lesson; then
    pass lesson_picker_opens
else
    fail lesson_picker_opens "Down Enter did not open the second lesson"
fi
e2e_keys q
until_ok shows "Leave the lesson?" >/dev/null
e2e_keys y
if until_ok shows "EXITED 0" && until_ok e2e_restored; then pass lesson_picker_quits; else fail lesson_picker_quits "q then y did not quit, or not restored"; fi
LOOKS=

[ "$failed" -eq 0 ]
