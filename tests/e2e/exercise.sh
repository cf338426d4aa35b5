#!/bin/sh
# exercise.sh - the course's exercises as programs, end to end: `tangscope
# exercise check` on students' programs written for the test
# (tests/unit/stagebot.c, compiled here: a right and a wrong top-p and jueju,
# one that crashes, hangs, prints garbage, exits at once), each with the
# documented result and exit status; no program left behind, Ctrl-C
# included, nor anything it started (setsid, signals ignored) when the check
# ends or tangscope is killed with SIGKILL, its TMPDIR gone with it; the
# Python starting point, completed, passes (SKIP without python3); --stage on
# probs and generate.
# usage: TANGSCOPE=./tangscope sh tests/e2e/exercise.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
T=${TANGSCOPE:-./tangscope}
TINY=tests/data/tiny.bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

. tests/e2e/lib/check.sh
. tests/e2e/lib/expect.sh

BOT=$work/stagebot
if ! ${CC:-cc} -std=c11 -O1 -o "$BOT" tests/unit/stagebot.c 2>"$work/cc"; then
    fail stagebot "cannot compile tests/unit/stagebot.c: $(head -1 "$work/cc")"
    exit 1
fi

# no process of ours still runs the bot (ps, not pgrep: the bot's path is ours alone)
no_bot_left() {
    sleep 0.2
    if ps -eo args | grep -F "$BOT" | grep -v grep >/dev/null; then
        fail "$1" "a program is still running: $(ps -eo pid,args | grep -F "$BOT" | grep -v grep | head -1)"
    else
        pass "$1"
    fi
}

# check NAME EXERCISE MODE STATUS PATTERN...: exercise check on the bot in
# MODE exits with STATUS and prints every PATTERN (fixed strings)
check() {
    c_name=$1 c_ex=$2 c_mode=$3 c_want=$4
    shift 4
    "$T" exercise check "$c_ex" "$BOT $c_mode" --timeout 0.2 >"$work/out" 2>"$work/err"
    c_got=$?
    if [ "$c_got" -ne "$c_want" ]; then
        fail "$c_name" "exit status $c_got, want $c_want: $(tail -1 "$work/out") $(head -1 "$work/err")"
        return
    fi
    for c_pat in "$@"; do
        if ! grep -qF -- "$c_pat" "$work/out"; then
            fail "$c_name" "no '$c_pat' in: $(cat "$work/out")"
            return
        fi
    done
    pass "$c_name"
}

# --- help and usage ---
if "$T" exercise --help | grep -q "^usage: tangscope exercise check EXERCISE PROGRAM"; then
    pass help
else
    fail help "no usage line"
fi
expect_error unknown-exercise 2 "unknown exercise 'top-q'" "$T" exercise check top-q "$BOT top-p"
expect_error no-program 2 "check needs the exercise" "$T" exercise check top-p
expect_error cannot-start 2 "cannot start 'no-such-program-xyz': No such file" \
    "$T" exercise check top-p no-such-program-xyz
expect_error unclosed-quote 2 "unclosed" "$T" exercise check top-p "python3 'my.py"

# --- the right ones pass, the wrong ones fail with the case that shows it ---
check top-p-right top-p top-p 0 "10 of 10 cases passed." "passed  7  a tie at the boundary"
check top-p-off-by-one top-p top-p-gt 1 "FAILED  2  p reached exactly" \
    "expected  2: 水 花   (ids 9 21)" "got       3: 水 云 花   (ids 9 14 21)" "8 of 10 cases passed."
check jueju-course jueju jueju-course 0 "12 of 12 cases passed." \
    "passed  3  the 8th character (line 1 has its 7): a comma or a full stop"
check jueju-classic jueju jueju 0 "12 of 12 cases passed." \
    "passed  3  the 8th character (line 1 has its 7): a comma or a full stop (only the classic mark"
check jueju-lazy jueju jueju-lazy 1 "FAILED  1  the poem's first character" \
    "the rule: inside a line only Han characters; after lines 1-3 (characters 8, 16 and 24) a comma or a full stop" \
    "7 of 12 cases passed."
check jueju-only-7 jueju jueju-5 1 "FAILED 11  five a line: the 6th character, a comma or a full stop" \
    "expected  2: 。 ，" "(characters 6, 12 and 18)" "11 of 12 cases passed."

# --- programs that misbehave: one line each, naming the step ---
check crash top-p crash 1 "step 1: the program" "ended before answering (killed by signal 11, a crash)" \
    "cases not run"
t0=$(date +%s)
check hang top-p hang 1 "step 1: no answer within 2 s" "step 2: no answer within 2 s" \
    "(stopped after two failures in a row: 8 cases not run)"
t1=$(date +%s)
if [ $((t1 - t0)) -le 8 ]; then pass hang-time; else fail hang-time "took $((t1 - t0)) s"; fi
check garbage top-p garbage 1 "step 1: the answer is not JSON: 'keep the first three, please'"
check exits-at-once top-p exit 1 "ended before answering (exit status 0)"
check flood top-p flood 1 "without ending the line"
check unknown-id top-p bad-id 1 "keeps id 999999, which is not among the 6 candidates" \
    "0 of 10 cases passed."
no_bot_left no-program-left

# --- Ctrl-C, and tangscope killed (as by a crash), while the program hangs:
# nothing stays. A job started with & ignores SIGINT, so Ctrl-C's signal is
# given back its default first (GNU env), else the case is skipped.
interrupt() {
    i_name=$1 i_sig=$2
    shift 2
    "$@" "$T" exercise check top-p "$BOT hang" --timeout 20 >/dev/null 2>&1 &
    i_pid=$!
    sleep 0.5
    kill "-$i_sig" $i_pid
    i_t0=$(date +%s)
    wait $i_pid 2>/dev/null
    if [ $(($(date +%s) - i_t0)) -gt 3 ]; then
        fail "$i_name" "tangscope went on after SIG$i_sig"
        return
    fi
    no_bot_left "$i_name"
}
if env --default-signal=INT true 2>/dev/null; then
    interrupt ctrl-c-no-program-left INT env --default-signal=INT
else
    skip ctrl-c-no-program-left "env --default-signal is missing (GNU coreutils 8.31 or newer)"
fi
interrupt killed-no-program-left KILL env

# --- a program that starts what a process-group kill would miss: 50
# children, one that leaves the group (setsid), one that ignores TERM and
# HUP, and the reference script waiting on a pipe (its temporary file made).
# tangscope killed with SIGKILL: a second later none runs, and the folder
# given to the program as TMPDIR is gone with the script's file. The sleeps
# carry this run's pid, so that another run's are not counted.
tag=$$
mkdir "$work/tmp"
cat >"$work/spawner.sh" <<EOF
#!/bin/sh
i=0
while [ \$i -lt 50 ]; do sleep 3001.$tag & i=\$((i + 1)); done
setsid sleep 3002.$tag &
sh -c 'trap "" TERM HUP; exec sleep 3003.$tag' &
sleep 3004.$tag | sh "$(pwd)/lessons/exercises/top_p_ref.sh" &
echo "\$TMPDIR" >"$work/tmpdir"
exec "$BOT" "\$1"
EOF
chmod 755 "$work/spawner.sh"
spawned() { pgrep -f "^sleep 300[1-4]\.$tag\$" | wc -l; }
# all started: 53 sleeps, and the reference script's file in the program's TMPDIR
all_started() {
    [ "$(spawned)" -eq 53 ] && [ -s "$work/tmpdir" ] &&
        ls "$(cat "$work/tmpdir")" 2>/dev/null | grep -q '^top_p_ref\.'
}
TMPDIR=$work/tmp "$T" exercise check top-p "$work/spawner.sh hang" --timeout 20 >/dev/null 2>&1 &
k_pid=$!
n=0
while [ $n -lt 100 ] && ! all_started; do
    sleep 0.1
    n=$((n + 1))
done
if ! all_started; then
    fail killed-nothing-left "the program did not start its 53 sleeps: $(spawned) of 53"
    kill -9 $k_pid 2>/dev/null
else
    kill -9 $k_pid
    wait $k_pid 2>/dev/null
    sleep 1
    if [ "$(spawned)" -ne 0 ]; then
        fail killed-nothing-left "$(spawned) of 53 sleeps still run a second after SIGKILL"
    else
        pass killed-nothing-left
    fi
    if [ -n "$(ls -A "$work/tmp")" ]; then
        fail killed-tmpdir-gone "left in TMPDIR: $(ls -A "$work/tmp" | head -3 | tr '\n' ' ')"
    else
        pass killed-tmpdir-gone
    fi
fi
# the same program as a correct top-p: when exercise check returns, nothing it started runs
TMPDIR=$work/tmp "$T" exercise check top-p "$work/spawner.sh top-p" >"$work/out" 2>&1
c_got=$?
if [ $c_got -ne 0 ] || ! grep -q "10 of 10 cases passed." "$work/out"; then
    fail setsid-check-nothing-left "exit status $c_got: $(tail -1 "$work/out")"
elif [ "$(spawned)" -ne 0 ] || [ -n "$(ls -A "$work/tmp")" ]; then
    fail setsid-check-nothing-left "$(spawned) sleeps run; in TMPDIR: $(ls -A "$work/tmp" | head -3 | tr '\n' ' ')"
else
    pass setsid-check-nothing-left
fi
# should a check have failed, the sleeps left are this run's alone: stop them
pkill -KILL -f "^sleep 300[1-4]\.$tag\$" 2>/dev/null

# --- the Python starting point, completed with a correct top-p ---
# python3 as the interpreter it starts (a version manager's shim is a shell
# script that costs half a second of CPU at every start)
PY3=$(python3 -c 'import json, sys; print(sys.executable)' 2>/dev/null)
if [ -n "$PY3" ] && [ -x "$PY3" ]; then
    cat >"$work/solution.py" <<EOF
import sys
sys.path.insert(0, "$(pwd)/lessons/exercises")
import top_p as start

def top_p(candidates, p):
    ranked = sorted(candidates, key=lambda c: (-c[2], c[0]))
    keep, total = [], 0.0
    for cid, char, prob in ranked:
        keep.append(cid)
        total += prob
        if total >= p:
            break
    return keep

start.top_p = top_p
start.main()
EOF
    if "$T" exercise check top-p "$PY3 $work/solution.py" >"$work/out" 2>&1 &&
        grep -q "10 of 10 cases passed." "$work/out"; then
        pass python-starting-point
    else
        fail python-starting-point "$(grep -m2 -A3 FAILED "$work/out" | tr '\n' ' ')"
    fi
    # the starting point as it is keeps everything: it fails, and the checker says where
    if ! "$T" exercise check top-p "$PY3 lessons/exercises/top_p.py" >"$work/out" 2>&1 &&
        grep -q "FAILED  1  the course's numbers" "$work/out"; then
        pass python-starting-point-unsolved
    else
        fail python-starting-point-unsolved "$(tail -1 "$work/out")"
    fi
else
    skip python-starting-point "python3 is not installed"
fi

# --- --stage: the program's top-p in generate and beside the built-in in probs ---
"$T" generate 春 --model $TINY --temperature 1.5 --top-p 0.7 -n 4 --seed 9 >"$work/builtin" 2>&1
"$T" generate 春 --model $TINY --temperature 1.5 --top-p 0.7 -n 4 --seed 9 \
    --stage "$BOT top-p" >"$work/program" 2>&1
if [ -s "$work/builtin" ] && cmp -s "$work/builtin" "$work/program"; then
    pass generate-stage-same-poems
else
    fail generate-stage-same-poems "$(head -2 "$work/program")"
fi
"$T" generate 春 --model $TINY --temperature 1.5 --top-p 0.7 -n 4 --seed 9 \
    --stage "$BOT top-p-unsorted" >"$work/program" 2>&1
if [ -s "$work/program" ] && ! cmp -s "$work/builtin" "$work/program"; then
    pass generate-stage-unsorted-differs
else
    fail generate-stage-unsorted-differs "the same poems as the built-in top-p"
fi
expect_error_all generate-stage-crash 2 "tangscope generate: step 1: the program" "a crash" -- \
    "$T" generate 春 --model $TINY --stage "$BOT crash"
expect_error generate-stage-missing 2 "--stage: cannot start 'no-such-program-xyz'" \
    "$T" generate 春 --model $TINY --stage no-such-program-xyz
"$T" probs 春 --model $TINY --top-p 0.6 --stage "$BOT top-p" >"$work/out" 2>&1
if grep -q "the built-in keeps 6 characters, the program 6: the same ones" "$work/out"; then
    pass probs-stage-same
else
    fail probs-stage-same "$(tail -1 "$work/out")"
fi
"$T" probs 春 --model $TINY --top-p 0.6 --stage "$BOT top-p-unsorted" >"$work/out" 2>&1
if grep -q "秋 .*31.25% .* 0%   <- only the built-in keeps it" "$work/out" &&
    grep -q "不 .* 0% .*6.74%   <- only the program keeps it" "$work/out" &&
    grep -q "the built-in keeps 6 characters, the program 14; they disagree on 10:" "$work/out"; then
    pass probs-stage-differences-marked
else
    fail probs-stage-differences-marked "$(tail -10 "$work/out")"
fi
"$T" probs 春 --model $TINY --top-p 0.6 --stage "$BOT top-p-unsorted" --json >"$work/out" 2>&1
if grep -q '"stage": {"program": ".*top-p-unsorted", "kept": 14, "builtin_kept": 6, "differ": \[' \
    "$work/out" && grep -q '"stage_top_p": ' "$work/out"; then
    pass probs-stage-json
else
    fail probs-stage-json "$(cut -c1-200 "$work/out")"
fi
no_bot_left stage-no-program-left

# --- a student's jueju writes poems: generate --stage "jueju PROGRAM", jueju --stage PROGRAM ---
# four lines of 7 Han characters with a comma or a full stop after each of the
# first three and a full stop after the last; the course's program lets a full
# stop close line 1 or 3, which the built-in form never does: its mask was used
jueju_shape='^([一-龥]{7}[，。]){3}[一-龥]{7}。$'
"$T" generate --model $TINY --stage "jueju $BOT jueju-course" -n 3 >"$work/out" 2>"$work/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -cP "$jueju_shape" "$work/out")" -eq 3 ] &&
    grep -qP '^[一-龥]{7}。|^([一-龥]{7}[，。]){2}[一-龥]{7}。' "$work/out"; then
    pass generate-stage-jueju
else
    fail generate-stage-jueju "exit $rc: $(cat "$work/out" "$work/err")"
fi
"$T" jueju --model $TINY --chars 7 --stage "$BOT jueju-course" -n 2 >"$work/out" 2>"$work/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -cP "$jueju_shape" "$work/out")" -eq 2 ]; then
    pass jueju-stage-program
else
    fail jueju-stage-program "exit $rc: $(cat "$work/out" "$work/err")"
fi
expect_error jueju-stage-crash 2 "step 1: the program" "$T" jueju --model $TINY --stage "$BOT crash"
no_bot_left jueju-stage-no-program-left

# --- the C starting points compile without a warning ---
for f in top_p jueju; do
    if ${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror -O1 -o "$work/$f" \
        "lessons/exercises/$f.c" 2>"$work/cc"; then
        pass "c-starting-point-$f"
    else
        fail "c-starting-point-$f" "$(head -1 "$work/cc")"
    fi
done

exit $failed
