#!/bin/sh
# stage_tui.sh - a student's stage in the explorer, end to end: the program's
# column beside the built-in top-p with every difference marked, a program
# that crashes in the middle of a session (the explorer goes on with the
# built-in, no process left behind), --stage with a program that fails its
# first step (the explorer opens with the built-in, the status line says
# why), the hand-in (x) naming the program and its verdict, the explorer
# killed with SIGKILL (nothing the program started runs a second later, its
# TMPDIR gone), and a lesson's `stage`: only a program
# of the lesson's exercises folder, named without a shell, started only after
# the explorer asked, never by --check or --print.
#
# The students are tests/unit/stagebot.c's programs (compiled here), so no
# Python is needed. The real binary in tmux (tests/e2e/lib/tmux.sh): every
# check waits for the screen with a timeout.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/stage_tui.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

. tests/e2e/lib/tmux.sh
e2e_setup stage_tui

BOT=$TMP/stagebot
if ! ${CC:-cc} -std=c11 -O1 -o "$BOT" tests/unit/stagebot.c 2>"$TMP/cc"; then
    fail stagebot "cannot compile tests/unit/stagebot.c: $(head -1 "$TMP/cc")"
    exit 1
fi

# no process still runs the bot (its path is this test's alone)
bot_running() { ps -eo pid,args | awk -v b="$BOT" 'index($2, b) == 1'; }
bot_gone() { [ -z "$(bot_running)" ]; }
no_bot_left() {
    if until_ok bot_gone; then
        pass "$1"
    else
        fail "$1" "still running: $(bot_running | head -1)"
    fi
}

# launch COLSxROWS MODE: the explorer at that size, the bot in MODE as its top-p
launch() {
    e2e_launch "$1" -- explore --model "$MODEL" --no-corpus --lang en --prompt 春风 \
        --stage "$BOT $2"
    e2e_wait "next  "
}
set_top_p() {
    e2e_keys :
    e2e_keys -l "set top-p $1"
    e2e_keys Enter
}

# ---- the column beside the built-in top-p, a difference marked ----
# top-p-unsorted keeps candidates in id order until p: most of the top eight
# are not what the built-in keeps
mkdir -p "$TMP/handin"
E2E_DIR_WAS=$E2E_DIR
E2E_DIR=$TMP/handin # where x writes the hand-in
if launch 140x40 top-p-unsorted; then
    set_top_p 0.8
    # the heading: yours right after top-p; a row marked; the legend counts
    column_marked() {
        shows_regex "top-p  yours  min-p" && shows_regex "^[1-8] [^ ]≠" &&
            shows_regex "≠ = unlike the built-in top-p · yours keeps [0-9,]+, built-in [0-9,]+, [1-9][0-9,]* differ"
    }
    if until_ok one_capture column_marked; then
        pass stage_column_marked
    else
        fail stage_column_marked "no 'yours' column after top-p with a ≠ row and the legend"
    fi
    # the sampler uses it: its kept count is the program's, not the built-in's
    kept_is_yours() {
        yours=$(screen | sed -n 's/.*yours keeps \([0-9,]*\), built-in.*/\1/p' | tr -d ,)
        sampler=$(screen | sed -n 's/^sampler keeps \([0-9,]*\),.*/\1/p' | tr -d ,)
        [ -n "$yours" ] && [ "$yours" = "$sampler" ]
    }
    if until_ok one_capture kept_is_yours; then
        pass stage_sampler_uses_it
    else
        fail stage_sampler_uses_it "the sampler keeps '$sampler', the program '$yours'"
    fi
    # x: the hand-in names the program and says it disagreed with the built-in
    e2e_keys x
    # (the files exist, empty, before they are written: wait for the words)
    handin() {
        grep -qF "Your top-p program \`$BOT top-p-unsorted\` disagreed with the built-in" \
            "$TMP"/handin/tangscope-*.md 2>/dev/null &&
            grep -qF "\"stage\": \"top-p\", \"program\": \"$BOT top-p-unsorted\"" \
                "$TMP"/handin/tangscope-*.json 2>/dev/null
    }
    if until_ok handin; then
        pass stage_in_handin
    else
        fail stage_in_handin "the hand-in does not name the program: $(grep -h program "$TMP"/handin/*.md 2>/dev/null | head -2)"
    fi
    # `:stage off`: the built-in alone again, the program stopped
    e2e_keys :
    e2e_keys -l "stage off"
    e2e_keys Enter
    builtin_again() { shows "programs are stopped" && hides "yours"; }
    if until_ok one_capture builtin_again; then
        pass stage_off
    else
        fail stage_off "no 'programs are stopped', or the column is still there"
    fi
    no_bot_left stage_off_no_child
    e2e_quit || fail stage_quit "did not exit 0"
fi
E2E_DIR=$E2E_DIR_WAS

# ---- a student's jueju constraint, live ----
# jueju-5 knows only lines of 7: after 白日依山尽 in a jueju of 5 it allows Han
# characters where the form wants ，
e2e_launch 100x30 -- explore --model "$MODEL" --no-corpus --lang en --prompt 白日依山尽 \
    --stage "jueju $BOT jueju-5"
if e2e_wait "next  "; then
    e2e_keys j
    until_ok shows "jueju of 7" >/dev/null
    e2e_keys j
    jueju_marked() {
        shows "jueju of 5" && shows_regex "^[1-8] [^ ]≠" &&
            shows_regex "≠ = unlike the built-in jueju · yours allows [0-9,]+, built-in 1, [1-9][0-9,]* differ"
    }
    if until_ok one_capture jueju_marked; then
        pass stage_jueju_marked
    else
        fail stage_jueju_marked "no marked row and legend for the program's jueju"
    fi
    e2e_quit || fail stage_jueju_quit "did not exit 0"
    no_bot_left stage_jueju_no_child
fi

# ---- a crash in the middle of a session ----
# top-p-crash-3 answers three requests right, then dies of SIGSEGV
if launch 200x30 top-p-crash-3; then
    set_top_p 0.8
    # each Space asks it (the draw, then the bars): the fourth request at the latest
    crashed() {
        shows_regex "your top-p stopped, the built-in goes on: step [0-9]+: the program .* ended before answering \(killed by signal 11, a crash\)"
    }
    # after a Space: its draw done, or the crash told (then no "sampled" comes)
    answered() { shows "sampled" || crashed; }
    n=0
    while [ $n -lt 4 ] && ! one_capture crashed; do
        e2e_keys Space
        n=$((n + 1))
        until_ok one_capture answered >/dev/null 2>&1 || true
    done
    if until_ok one_capture crashed; then
        pass stage_crash_told
    else
        fail stage_crash_told "no status line naming the step and the crash"
    fi
    no_bot_left stage_crash_no_child
    # the explorer goes on, with the built-in: Space still writes
    before=$(screen | sed -n 2p)
    e2e_keys Space
    wrote_on() { [ "$(screen | sed -n 2p)" != "$before" ] && shows "sampled"; }
    if until_ok one_capture wrote_on; then
        pass stage_crash_goes_on
    else
        fail stage_crash_goes_on "Space wrote nothing after the crash"
    fi
    e2e_quit || fail stage_crash_quit "did not exit 0"
fi

# ---- --stage with a program that fails its first step ----
# garbage answers a line that is not JSON: the explorer opens all the same,
# with the built-in top-p, the status line saying why (as after `:stage`)
e2e_launch 140x30 -- explore --model "$MODEL" --no-corpus --lang en --prompt 春风 \
    --stage "$BOT garbage"
opened_told() {
    shows "next  " &&
        shows_regex "your top-p stopped, the built-in goes on: step 1: the answer is not JSON" &&
        hides "yours"
}
if until_ok one_capture opened_told; then
    pass stage_first_step_opens
else
    fail stage_first_step_opens "the explorer did not open with the built-in and the reason"
fi
no_bot_left stage_first_step_no_child
before=$(screen | sed -n 2p)
e2e_keys Space
wrote_on() { [ "$(screen | sed -n 2p)" != "$before" ] && shows "sampled"; }
if until_ok one_capture wrote_on; then
    pass stage_first_step_goes_on
else
    fail stage_first_step_goes_on "Space wrote nothing with the built-in"
fi
e2e_quit || fail stage_first_step_quit "did not exit 0"
# a program that fails with a traceback: the status names the file its error
# output is kept in (the cache folder) and starts to show the traceback's last
# lines (the status line is cut at the screen's width)
e2e_launch 300x30 -- explore --model "$MODEL" --no-corpus --lang en --prompt 春风 \
    --stage "$BOT traceback"
traceback_told() {
    shows "next  " &&
        shows_regex "its error output is in '.*/tangscope/stage-[0-9]+-[0-9]+\.stderr', ending: '    share = p"
}
if until_ok one_capture traceback_told && grep -q "^Traceback (most recent call last):" \
    "$TMP"/cache/tangscope/stage-*.stderr; then
    pass stage_traceback_file
else
    fail stage_traceback_file "no file named, or no traceback in $TMP/cache/tangscope: $(screen | tail -3)"
fi
e2e_quit || fail stage_traceback_quit "did not exit 0"
# a slow start (1.5 s before it reads) with --stage-timeout 0.1 (1 s for the
# first step): late, and the message names the option
e2e_launch 240x30 -- explore --model "$MODEL" --no-corpus --lang en --prompt 春风 \
    --stage "$BOT slow-start" --stage-timeout 0.1
if until_ok shows "no answer within 1 s, the program's start included: a slow start (import torch) needs more, --stage-timeout SECONDS"; then
    pass stage_timeout_named
else
    fail stage_timeout_named "the late start does not name --stage-timeout: $(screen | tail -3)"
fi
e2e_quit || fail stage_timeout_quit "did not exit 0"
no_bot_left stage_timeout_no_child

# ---- at 80x24: the whole reason, kept in the messages view (!) ----
# The messages view's rows, from under its heading to the status line, joined
# into one line with single spaces (the view wraps at the screen's width).
messages() {
    screen | awk '/^messages, newest first/ { on = 1; next } on' | sed '$d' |
        tr '\n' ' ' | tr -s ' '
}
e2e_launch 80x24 -- explore --model "$MODEL" --no-corpus --lang en --prompt 春风 \
    --stage "$BOT traceback"
whole_reason() {
    shows "next  " && hides "yours" &&
        messages | grep -qE "^your top-p stopped, the built-in goes on: step 1: the program '[^']*stagebot traceback' ended before answering \(exit status 1\); its error output is in '[^']*/tangscope/stage-[0-9]+-[0-9]+\.stderr', ending: ' ?share = p / total \| ZeroDivisionError: division by zero'"
}
if until_ok one_capture whole_reason; then
    file=$(messages | sed -n "s/.*its error output is in '\([^']*\)'.*/\1/p")
    if [ -f "$file" ] && grep -q "^ZeroDivisionError: division by zero" "$file"; then
        pass stage_whole_reason_80x24
    else
        fail stage_whole_reason_80x24 "the file named, '$file', does not hold the traceback"
    fi
else
    fail stage_whole_reason_80x24 "the bars with the built-in and the whole reason: $(messages)"
fi
# a second failure: listed first, the first one still under it
e2e_keys : && e2e_keys -l "stage top-p $BOT garbage" && e2e_keys Enter
both() {
    messages | grep -qE "step 1: the answer is not JSON.* your top-p stopped, the built-in goes on: step 1: the program '[^']*stagebot traceback' ended"
}
if until_ok one_capture both; then
    pass stage_messages_kept
else
    fail stage_messages_kept "the newest first, the earlier one under it: $(messages)"
fi
# ! closes the view and opens it again; the help names it
e2e_keys '!'
closed() { hides "messages, newest first" && shows "messages closed (! opens them again)"; }
if until_ok one_capture closed && e2e_keys '!' && until_ok shows "messages, newest first" &&
    e2e_keys '?' && until_ok shows_regex "\\?!  +help; !: what went wrong"; then
    pass stage_messages_key
else
    fail stage_messages_key "! did not close and reopen the messages, or the help does not name it"
fi
e2e_keys Escape # closes the help
e2e_quit || fail stage_messages_quit "did not exit 0"
no_bot_left stage_messages_no_child

# ---- a program that hangs: the screen says it waits, the keys typed meanwhile are dropped ----
e2e_launch 80x24 -- explore --model "$MODEL" --no-corpus --lang en --prompt 春风 --stage-timeout 0.3
e2e_wait "sampler" || fail stage_hang_start "the explorer did not start"
e2e_keys : && e2e_keys -l "stage top-p $BOT hang" && e2e_keys Enter
if until_ok shows "waiting for 'stagebot hang' (at most 3 s); keys typed now are dropped"; then
    pass stage_hang_said
else
    fail stage_hang_said "no line saying the explorer waits for the program"
fi
# Enter would write a poem, 1 pick a character, Space draw one, Esc stop
e2e_keys Enter 1 Space Escape
late() { shows "no answer within 3 s"; }
until_ok late || fail stage_hang_late "the program was not stopped after 3 s"
untouched() { shows_regex "^text  ⏎春风 +poem start +2/128" && hides "sampled" && hides "wrote"; }
sleep 1 # what a replayed key would do takes a moment: give it one
if until_ok one_capture untouched; then
    pass stage_hang_keys_dropped
else
    fail stage_hang_keys_dropped "a key typed while the program hung was carried out"
fi
e2e_keys Space # the keys after it count again
if until_ok shows "sampled"; then
    pass stage_hang_keys_after
else
    fail stage_hang_keys_after "Space after the failure did nothing"
fi
e2e_quit || fail stage_hang_quit "did not exit 0"
no_bot_left stage_hang_no_child

# a program that cannot be started is a mistake on the command line: exit 2,
# before any screen
e2e_launch 140x30 -- explore --model "$MODEL" --no-corpus --lang en --stage no-such-program-xyz
refused() {
    shows "EXITED 2" && shows "tangscope explore: --stage: cannot start 'no-such-program-xyz'"
}
if until_ok one_capture refused; then
    pass stage_cannot_start_refused
else
    fail stage_cannot_start_refused "no exit 2 with the reason"
fi

# ---- the explorer killed with SIGKILL while the program's children run ----
# 50 children and one that left the group with setsid (their sleeps carry
# this run's pid): a second after the kill none runs, and the program's
# TMPDIR (a folder of its own in the explorer's) is gone
tag=$$
mkdir -p "$TMP/tmp"
cat >"$TMP/fork50.sh" <<EOF
#!/bin/sh
i=0
while [ \$i -lt 50 ]; do sleep 3005.$tag & i=\$((i + 1)); done
setsid sleep 3006.$tag &
echo "\$TMPDIR" >"$TMP/tmpdir"
exec "$BOT" top-p
EOF
chmod 755 "$TMP/fork50.sh"
spawned() { pgrep -f "^sleep 300[56]\.$tag\$" | wc -l; }
all_spawned() { [ "$(spawned)" -eq 51 ]; }
e2e_launch 140x30 TMPDIR="$TMP/tmp" -- explore --model "$MODEL" --no-corpus --lang en \
    --prompt 春风 --stage "$TMP/fork50.sh"
if e2e_wait "yours" && until_ok all_spawned; then
    kill -9 "$(cat "$TMP/pid")"
    sleep 1
    if [ "$(spawned)" -eq 0 ] && [ -z "$(ls -A "$TMP/tmp")" ]; then
        pass stage_killed_nothing_left
    else
        fail stage_killed_nothing_left "a second after SIGKILL: $(spawned) of 51 sleeps run; in TMPDIR: $(ls -A "$TMP/tmp" | head -2 | tr '\n' ' ')"
    fi
else
    fail stage_killed_nothing_left "the program did not start its 51 sleeps: $(spawned)"
fi
pkill -KILL -f "^sleep 300[56]\.$tag\$" 2>/dev/null # this run's alone, should the check fail

# ---- a lesson's stage ----
mkdir -p "$TMP/lessons/en" "$TMP/lessons/exercises"
# the program marks that it started, then is a correct top-p
cat >"$TMP/lessons/exercises/mark.sh" <<EOF
#!/bin/sh
touch "$TMP/started"
exec "$BOT" top-p
EOF
chmod 755 "$TMP/lessons/exercises/mark.sh"
cat >"$TMP/evil.sh" <<EOF
#!/bin/sh
touch "$TMP/evil"
exec "$BOT" top-p
EOF
chmod 755 "$TMP/evil.sh"
lesson() { # lesson NAME STAGE-LINE: a lesson of two steps, the first with that line
    cat >"$TMP/lessons/en/$1.md" <<EOF
# Stage $1

## A program beside top-p

The class sees a solution beside the built-in.

\`\`\`tangscope
prompt 春风
set top-p 0.8
$2
\`\`\`

## Back to the built-in

\`\`\`tangscope
stage off
\`\`\`
EOF
}
lesson good "stage top-p mark.sh"
lesson outside "stage top-p ../../evil.sh"
lesson absolute "stage top-p $TMP/evil.sh"
lesson shell "stage top-p mark.sh; touch $TMP/evil"

# --check starts it as the explorer does once the class said yes, names the
# step and draws its screen; --print never starts one (on the fixture model:
# what they start, or refuse, is the same whatever the model)
TINY=$(pwd)/tests/data/tiny.bin
"$BIN" lesson --check "$TMP/lessons/en/good.md" --model "$TINY" --no-corpus >"$TMP/out" 2>"$TMP/err"
status=$?
if [ $status -eq 0 ] && grep -q "good.md:[0-9]*: started .*mark.sh for top-p" "$TMP/out" && [ -e "$TMP/started" ]; then
    pass lesson_check_starts
else
    fail lesson_check_starts "status $status, started: $([ -e "$TMP/started" ] && echo yes || echo no); $(cat "$TMP/out" "$TMP/err" | head -3)"
fi
rm -f "$TMP/started"
"$BIN" lesson --print "$TMP/lessons/en/good.md" --model "$TINY" --no-corpus >"$TMP/out" 2>"$TMP/err"
status=$?
if [ $status -eq 0 ] && [ ! -e "$TMP/started" ]; then
    pass lesson_print_never_starts
else
    fail lesson_print_never_starts "status $status, started: $([ -e "$TMP/started" ] && echo yes || echo no)"
fi
# a program outside the exercises folder, or named with shell signs, is refused
for name in outside absolute shell; do
    "$BIN" lesson --check "$TMP/lessons/en/$name.md" --model "$TINY" --no-corpus >"$TMP/out" 2>"$TMP/err"
    status=$?
    case $name in
    shell) want="without shell signs" ;;
    *) want="only a program of its exercises folder" ;;
    esac
    if [ $status -eq 2 ] && grep -q "$name.md:[0-9]*: stage: .*$want" "$TMP/err" && [ ! -e "$TMP/evil" ]; then
        pass "lesson_refuses_$name"
    else
        fail "lesson_refuses_$name" "status $status: $(head -2 "$TMP/err")"
    fi
done

# in the explorer: asked first with keys that mean nothing else in a lesson;
# n (the next step) answers nothing, Esc starts nothing, and it is not asked again
if e2e_launch 100x30 -- lesson "$TMP/lessons/en/good.md" --model "$MODEL" --no-corpus --lang en &&
    e2e_wait "Stage good"; then
    e2e_keys n
    if until_ok shows "Start the program mark.sh as top-p? Enter: yes, Esc: no" &&
        [ ! -e "$TMP/started" ]; then
        pass lesson_asks_first
    else
        fail lesson_asks_first "no question, or the program started before the answer"
    fi
    e2e_keys n
    still_asks() { shows "Start the program mark.sh" && shows "step 1 of 2"; }
    if sleep 0.5 && until_ok one_capture still_asks && [ ! -e "$TMP/started" ]; then
        pass lesson_n_is_no_answer
    else
        fail lesson_n_is_no_answer "n answered the question or left the step"
    fi
    e2e_keys Escape
    declined() { shows "not started: the built-in top-p goes on" && hides "yours"; }
    if until_ok one_capture declined && [ ! -e "$TMP/started" ]; then
        pass lesson_declined
    else
        fail lesson_declined "Esc did not leave the built-in alone"
    fi
    # the next step and back: asked once, so not again
    e2e_keys n
    until_ok shows "step 2 of 2" >/dev/null
    e2e_keys N
    not_again() { shows "step 1 of 2" && hides "Start the program"; }
    if until_ok one_capture not_again && [ ! -e "$TMP/started" ]; then
        pass lesson_asks_once
    else
        fail lesson_asks_once "asked again, or started"
    fi
    e2e_quit || fail lesson_quit "did not exit 0"
fi

exit $failed
