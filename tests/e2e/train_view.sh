#!/bin/sh
# train_view.sh - the training view end to end: the real binary in a real
# terminal (tmux) at 80x24 shows the loss curve and a sample poem while a
# small model trains on tests/data; Ctrl-C leaves the terminal clean and a
# resumed run continues exactly; in German it speaks German (its words,
# numbers and keys, each line whole; --ascii draws no block glyph); and the
# view changes nothing training writes (the same model, checkpoint and losses
# as without it, and as --quiet).
#
# Every check on the screen waits for it with a timeout, polling
# capture-pane; nothing sleeps a fixed time. A private tmux server (-L) keeps
# this away from the user's own.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/train_view.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u
export LC_ALL=C.UTF-8

D=$(pwd)/tests/data/tiny-text.txt
TIMEOUT=60 # seconds any one screen may take to appear (TANGSCOPE_E2E_TIMEOUT overrides)
SESSION=tv
. tests/e2e/lib/tmux.sh
e2e_setup train-view
work=$TMP
E2E_DIR=$work # where the runs write their models and checkpoints

# A small model on the tiny text, one thread: quick, and the same numbers
# on every run.
SMALL="--data $D --val $D --layers 1 --dims 16 --heads 2 --context 16 --threads 1"
cd "$work" || exit 1

# ---- help ----
h=$("$BIN" train --help)
case $h in
    *--view*--no-view*--sample-every*) pass train_view_help ;;
    *) fail train_view_help "--help does not list --view, --no-view and --sample-every" ;;
esac

# ---- --view and --quiet contradict each other: one line, status 2 ----
"$BIN" train $SMALL --out q.bin --steps 5 --view --quiet >out 2>err
status=$?
if [ "$status" -eq 2 ] && [ "$(wc -l <err)" -eq 1 ] && grep -q -- "--view cannot go with --quiet" err &&
    [ ! -e q.bin ] && [ ! -e q.bin.ckpt ]; then
    pass train_view_quiet_refused
else
    fail train_view_quiet_refused "status $status, stderr '$(cat err)'"
fi

# same_checkpoint A B: byte for byte the same checkpoint, but for the training
# time it keeps (a float64 at offset 152, src/engine/train.h) and the CRC-32
# that covers it (offset 8): cmp -l counts bytes from 1
same_checkpoint() {
    [ -s "$1" ] && [ "$(wc -c <"$1")" -eq "$(wc -c <"$2")" ] &&
        [ -z "$(cmp -l "$1" "$2" | awk '$1 < 9 || ($1 > 12 && $1 < 153) || $1 > 160')" ]
}

# ---- the view changes nothing training writes ----
# The same run not in a terminal (its plain progress lines, below) and with the
# view forced on (its frames go to a file), a sample every 7 steps:
# byte-identical model and checkpoint (but the time it took), the same losses
# in the log (its tokens/s column is a time and may differ). (--quiet writes the
# same files too: train_view_off_when_quiet, below.)
RUN="$SMALL --steps 150 --eval-every 25 --checkpoint-every 50"
"$BIN" train $RUN --out plain.bin --log plain.csv >/dev/null 2>plain.err
"$BIN" train $RUN --out view.bin --view --sample-every 7 --log view.csv >/dev/null 2>view.err
frames=$(grep -c "sample after step" view.err)
if [ -s plain.bin ] && cmp -s plain.bin view.bin && same_checkpoint plain.bin.ckpt view.bin.ckpt &&
    [ "$(cut -d, -f1-4 plain.csv)" = "$(cut -d, -f1-4 view.csv)" ] && [ "$frames" -ge 10 ] &&
    grep -q "sample after step 0 " view.err && grep -q "sample after step 150 " view.err; then
    pass train_view_changes_nothing
else
    fail train_view_changes_nothing "the run with the view ($frames frames) differs from the one without"
fi
# the same, stopped half-way and resumed, both halves with the view
"$BIN" train $RUN --out split.bin --view --sample-every 7 --max-steps-now 70 >/dev/null 2>&1
"$BIN" train $SMALL --out split.bin --resume --view --sample-every 7 >/dev/null 2>split.err
if cmp -s plain.bin split.bin && same_checkpoint plain.bin.ckpt split.bin.ckpt &&
    grep -q "sample after step 70 " split.err; then
    pass train_view_resume_changes_nothing
else
    fail train_view_resume_changes_nothing "stopped at 70 and resumed with the view, the files differ"
fi

# ---- not a terminal: today's plain progress lines, no escape sequences ----
# (plain.err: the first run above)
esc=$(printf '\033')
pattern='^step [0-9]+/150 \| loss [0-9.]+, val [0-9.]+ bits/char \| [0-9:]+ elapsed, ETA [0-9:]+ \| [0-9,]+ tok/s \| lr [0-9.e+-]+$'
if [ "$(grep -cE "$pattern" plain.err)" -eq 6 ] && ! grep -q "$esc" plain.err &&
    ! grep -q "sample" plain.err; then
    pass train_view_plain_when_not_a_terminal
else
    fail train_view_plain_when_not_a_terminal "$(head -c 300 plain.err)"
fi

# ---- in a terminal ----
# e2e_launch runs each training in a pane, then records its exit status and
# stays, so the screen after the exit can be read; it survives Ctrl-C.
# (English groups the thousands: "step 1,234/100,000")
step_now() { screen | sed -n 's/^step \([0-9,]*\)\/100,000 .*/\1/p' | tr -d ,; }
# the frame is redrawn in place: one line of figures on the screen, not a scroll of them
one_frame() { [ "$(screen | grep -c '^step [0-9,]*/100,000 ')" -eq 1 ]; }
later_than() { s=$(step_now) && [ -n "$s" ] && [ "$s" -gt "$1" ] && one_frame; }
# a sample from trained weights (after step 20 or later), a line of characters under it
sample_shown() { screen | grep -A1 '^sample after step [1-9][0-9,]* (seed 1, temperature 0.8):' | tail -n 1 | grep -q '^  [^ -~]'; }
# the y axis labels in bits/char, the x axis from 0 to the last step, the curve
curve_shown() {
    shows "bits/char" && shows_regex '^ *[0-9]+\.[0-9][0-9] ┤' &&
        shows_regex '^ +0 +steps +100,000$' && shows "└──" && shows "█"
}

LONG="$SMALL --steps 100000 --eval-every 20 --sample-every 20 --checkpoint-every 1000"
e2e_launch 80x24 LC_ALL=C.UTF-8 -- train $LONG --out live.bin
if until_ok one_capture curve_shown && until_ok sample_shown; then
    pass train_view_curve_and_sample
else
    fail train_view_curve_and_sample "no curve with its axes and a sample poem at 80x24"
fi
first=$(step_now)
if [ -n "$first" ] && until_ok one_capture later_than "$first"; then
    pass train_view_redraws_in_place
else
    fail train_view_redraws_in_place "the step did not move on from '$first' in one frame"
fi

# Ctrl-C: a checkpoint, status 130, the cursor shown and colours reset
e2e_keys C-c
if until_ok shows_all "EXITED 130" "stopped at step"; then
    stopped=$(screen | sed -n 's/.*stopped at step \([0-9,]*\) of 100,000.*/\1/p' | tr -d ,)
    cursor=$(tm display-message -p -t "$SESSION" '#{cursor_flag}')
    # the line written after the view, as the terminal holds it: no colour left on
    exited=$(screen_sgr | grep "EXITED 130")
    if [ -n "$stopped" ] && [ -s live.bin.ckpt ] && [ "$cursor" = 1 ] && [ "$exited" = "EXITED 130" ]; then
        pass train_view_ctrl_c_clean
    else
        fail train_view_ctrl_c_clean "stopped at '$stopped', cursor_flag '$cursor', line '$exited'"
    fi
    # resumed 40 steps further, it is where a run that never stopped is
    "$BIN" train $LONG --out live.bin --resume --quiet --max-steps-now 40 >/dev/null 2>&1
    "$BIN" train $LONG --out straight.bin --quiet --max-steps-now $((stopped + 40)) >/dev/null 2>&1
    if same_checkpoint live.bin.ckpt straight.bin.ckpt && cmp -s live.bin straight.bin; then
        pass train_view_ctrl_c_resume_exact
    else
        fail train_view_ctrl_c_resume_exact "stopped at $stopped and resumed, the files differ from a straight run"
    fi
else
    fail train_view_ctrl_c_clean "no 'stopped at step' and exit status 130 after Ctrl-C"
fi

# a small terminal: the frame shrinks and still redraws in place
e2e_launch 40x12 LC_ALL=C.UTF-8 -- train $LONG --out small.bin
small_frame() { later_than 0 && shows "steps"; }
if until_ok shows_regex '^step [0-9,]+/100,000 ' && until_ok shows "sample after step" &&
    until_ok one_capture small_frame; then
    pass train_view_small_terminal
else
    fail train_view_small_terminal "no frame at 40x12"
fi
e2e_keys C-c
until_ok shows "EXITED 130" >/dev/null

# ---- in German (LANG chooses it, as for every command) ----
# Its words and numbers written by hand: a decimal comma on the y axis and in
# the losses, 100.000 for the steps, the key as a German keyboard names it;
# every line whole at 80x24 (each ends as written), and no English word;
# with --ascii, as the explorer's, no block glyph;
# nb is the no-break space German puts in "70 %".
nb=$(printf '\302\240')
german_frame() {
    shows "Bit/Zeichen  " && shows "Trainingsverlust (geglättet)   " && shows " Validierungsverlust" &&
        shows_regex '^ *[0-9]+,[0-9][0-9] \+' && shows_regex '^ +0 +Schritte +100\.000$' &&
        shows_regex "^Training von de\\.bin: Schritt [0-9.]+ von 100\\.000 \\([0-9]+${nb}%\\)\$" &&
        shows_regex '^Schritt [0-9.]+/100\.000   Trainingsverlust [0-9]+,[0-9]{4} \(geglättet [0-9]+,[0-9]{4}\)$' &&
        shows_regex '^Validierungsverlust [0-9]+,[0-9]{4}, bester [0-9]+,[0-9]{4}$' &&
        shows_regex '^[0-9.]+ Zeichen/s   Lernrate [0-9],[0-9][0-9]e-0[0-9]   vergangen [0-9:]+   noch [0-9:]+$' &&
        shows_regex '^Gedicht nach Schritt [1-9][0-9.]* \(Startwert 1, Temperatur 0,8\):$' &&
        shows_regex '^Strg-C speichert einen Checkpoint und hält an; --resume macht dort weiter$' &&
        hides "steps" && hides "loss" && hides "sample" && hides "nats" && hides "elapsed" && hides "Ctrl" &&
        hides "█" && hides "┤" && hides "●"
}
e2e_launch 80x24 LANG=de_DE.UTF-8 -- train $LONG --out de.bin --ascii
if until_ok one_capture german_frame; then
    pass train_view_german
else
    fail train_view_german "no German frame with its words and numbers at 80x24"
fi
e2e_keys C-c
if until_ok shows_all "EXITED 130" "angehalten bei Schritt"; then
    pass train_view_german_stopped
else
    fail train_view_german_stopped "no German line after Ctrl-C"
fi

# TERM=dumb and --quiet: no view
e2e_launch 80x24 LC_ALL=C.UTF-8 TERM=dumb -- train $RUN --out dumb.bin
plain_lines() { shows "EXITED 0" && shows_regex '^step 150/150 \| loss' && hides "sample after step"; }
if until_ok one_capture plain_lines; then
    pass train_view_off_when_term_dumb
else
    fail train_view_off_when_term_dumb "no plain progress line with TERM=dumb"
fi
e2e_launch 80x24 LC_ALL=C.UTF-8 -- train $RUN --out quiet2.bin --quiet
summary_only() { shows "EXITED 0" && shows "trained 150 steps" && hides "sample after step" && hides "| loss"; }
if until_ok one_capture summary_only && cmp -s plain.bin quiet2.bin && same_checkpoint plain.bin.ckpt quiet2.bin.ckpt; then
    pass train_view_off_when_quiet
else
    fail train_view_off_when_quiet "--quiet in a terminal showed more than the summary, or wrote other files than without it"
fi

exit $((failed > 0))
