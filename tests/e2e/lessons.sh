#!/bin/sh
# lessons.sh - the lessons in lessons/*/ on the bundled model: every one
# passes `tangscope lesson --check` and prints as a worksheet that gives no
# answer away before its answers section, the example in
# lessons/README.md holds, and `set top-k` reaches the whole vocabulary and
# no further. (The lesson commands on the fixtures: tests/e2e/lesson.sh.)
#
# The handouts come from `tangscope demo --worksheet --lang L`, one process
# per language that prints each lesson of lessons/L/ in turn as `lesson
# --print --worksheet` would
# (src/cli/cli_demo.c; lesson.sh holds demo's output to --print's on the
# fixtures): each lesson must be there under its own title, in order, and
# demo must exit 0 (a step with a problem makes it exit 2 and name FILE:LINE:
# that lesson fails).
# Without the bundled model or its training text, each check says SKIP and why.
# Prints PASS/FAIL/SKIP per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/lessons.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
unset TANGSCOPE_HOME # the lessons and assets of this repository
T=${TANGSCOPE:-./tangscope}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"
failed=0

. tests/e2e/lib/check.sh
# (without it the readme example's run builds it before the runs in parallel)
e2e_seed_cache "$work/cache" # the run's index of the training text, linked, not built

# every check here needs the bundled model and the text its counts come from
missing=
[ -f assets/tang.bin ] || missing="assets/tang.bin is missing"
[ -f assets/tang-train.txt ] || missing="${missing:+$missing, }assets/tang-train.txt is missing"
set -- lessons/*/[0-9]*.md
if [ -n "$missing" ]; then
    for name in top-k-vocabulary readme-example lessons-check lessons-print; do
        echo "SKIP $name: $missing (the bundled model's lessons are not run)"
    done
    exit 0
fi
if [ ! -f "$1" ]; then
    echo "SKIP lessons-check: lessons/ holds no lessons (lessons/LANG/NN-name.md)"
    echo "SKIP lessons-print: lessons/ holds no lessons (lessons/LANG/NN-name.md)"
fi

# --- top-k goes past the bar to the whole vocabulary, and no further ---
V=$($T info --json | sed -n 's/.*"vocab": \([0-9]*\).*/\1/p')
printf '# K\n\n## k\n\n```tangscope\nset top-k %s\n```\n\n## too far\n\n```tangscope\nset top-k %s\n```\n' \
    "$V" "$((V + 1))" >"$work/k.md"
$T lesson --check "$work/k.md" --no-corpus >/dev/null 2>"$work/err"
if grep -qxF "$work/k.md:12: set top-k: $((V + 1)) is out of range 0..$V" "$work/err" &&
    [ "$(wc -l <"$work/err")" -eq 1 ]; then
    pass top-k-vocabulary
else
    fail top-k-vocabulary "want only '$work/k.md:12: set top-k: $((V + 1)) is out of range 0..$V', got: $(head -3 "$work/err")"
fi

# --- the example in lessons/README.md ---
sed -n '/^````markdown/,/^````$/p' lessons/README.md | sed '1d;$d' | sed 's/ *<-.*$//' >"$work/example.md"
if $T lesson --check "$work/example.md" >"$work/out" 2>"$work/err" && grep -q "1 step, ok" "$work/out"; then
    pass readme-example
else
    fail readme-example "$(cat "$work/err")"
fi

[ -f "$1" ] || exit $failed

# The five runs below (the check of every lesson, a handout per language)
# start at once, each into files of its own, and are judged when all have
# ended: on several cores the slowest alone sets the time.
n_lessons=$#
{
    $T lesson --check "$@" >"$work/out" 2>"$work/err"
    echo $? >"$work/check.status"
} &
for dir in lessons/*/; do
    lang=$(basename "$dir")
    set -- "$dir"[0-9]*.md
    [ -f "$1" ] || continue
    {
        $T demo --worksheet --lang "$lang" </dev/null >"$work/$lang.md" 2>"$work/$lang.err"
        echo $? >"$work/$lang.status"
    } &
done
wait

# --- every lesson passes --check ---
if [ "$(cat "$work/check.status")" -eq 0 ] && [ "$(grep -c ', ok$' "$work/out")" -eq "$n_lessons" ]; then
    pass "lessons-check ($n_lessons lessons)"
else
    fail lessons-check "$(head -20 "$work/err")"
fi

# --- the worksheets: no answer before the answers ---
# one lesson per "# " title; a block of its answers section (a narration
# line, a look-up line, a table with the training-text line after it) that
# also stands before its heading H is an answer given away. The text and the
# settings ("- LABEL: ...") stay on the question's screen, so they may repeat.
cat >"$work/leak.awk" <<'AWK'
function close_block() {
    if (blk == "") return
    if (blk ~ /^```/) { blk = ""; intable = 0; return } # a lesson's code lines are no answer
    if (inans) ans[++na] = blk; else before[blk] = 1
    blk = ""; intable = 0
}
function flush(   i) {
    close_block()
    for (i = 1; i <= na; i++)
        if (ans[i] in before) { printf "%s: given away before the answers: %s\n", title, substr(ans[i], 1, 100); bad++ }
    delete before; na = 0; inans = 0
}
/^# / { flush(); title = $0; next }
$0 == "## " H { close_block(); inans = 1; next }
/^\| (\||---)/ { next }
/^\| / { blk = blk $0 "\n"; intable = 1; next }
$0 == "" { if (!intable) close_block(); next }
/^#/ || /^      / || /^- / && !/7311/ { close_block(); next }
{ if (intable) { blk = blk $0; close_block() } else { close_block(); blk = $0; close_block() } }
END { flush(); exit bad > 0 }
AWK

# --- every lesson prints as a worksheet, a language at a time (the same run
# serves the titles and the worksheet checks) ---
for dir in lessons/*/; do
    lang=$(basename "$dir")
    set -- "$dir"[0-9]*.md
    [ -f "$1" ] || continue
    status=$(cat "$work/$lang.status")
    # the handouts' titles, in order, as the files' first lines have them
    grep '^# ' "$work/$lang.md" >"$work/$lang.titles"
    # a failed run whose problems name their files fails those files alone
    named=0
    grep -q "^lessons/$lang/[^:]*:[0-9]*: " "$work/$lang.err" && named=1
    k=0
    for f in "$@"; do
        k=$((k + 1))
        want=$(head -n 1 "$f")
        got=$(sed -n "${k}p" "$work/$lang.titles")
        if { [ "$status" -eq 0 ] || [ "$named" -eq 1 ]; } && [ "$got" = "$want" ] &&
            ! grep -q "^$f:" "$work/$lang.err"; then
            pass "lessons-print $f"
        else
            fail "lessons-print $f" "demo --lang $lang: status $status, handout $k titled '$got', want '$want'; $(grep "^$f:" "$work/$lang.err" | head -5)"
        fi
    done
    [ "$(wc -l <"$work/$lang.titles")" -eq $# ] ||
        fail "lessons-print-$lang" "$(wc -l <"$work/$lang.titles") handouts for $# lessons"
    # the worksheet: no answer given away before its language's answers heading,
    # and as many questions, answers and lines to write on as quiz lines
    case $lang in en) heading=Answers ;; zh) heading=参考答案 ;; de) heading=Lösungen ;; fr) heading=Corrigé ;; *) continue ;; esac
    if [ "$status" -ne 0 ]; then
        fail "worksheets-$lang" "demo: $(head -3 "$work/$lang.err")"
        continue
    fi
    if awk -v H="$heading" -f "$work/leak.awk" "$work/$lang.md" >"$work/leaks"; then
        pass "worksheets-$lang-no-answer-before"
    else
        fail "worksheets-$lang-no-answer-before" "$(head -5 "$work/leaks")"
    fi
    # a step that answers a question stands under a neutral heading: its own
    # often says the answer ("Hundert Prozent" under "how likely...?")
    awk '/^## /{ if (quiz_before && !quiz) print h; quiz_before = quiz; quiz = 0; h = substr($0, 4) }
         /^quiz /{ quiz = 1 }' "$@" >"$work/$lang.resolutions"
    given=$(sed "/^## $heading\$/,\$d" "$work/$lang.md" | grep '^## [0-9]*\. ' | sed 's/^## [0-9]*\. //' |
        grep -xF -f "$work/$lang.resolutions" | head -3)
    if [ -s "$work/$lang.resolutions" ] && [ -z "$given" ]; then
        pass "worksheets-$lang-neutral-headings ($(wc -l <"$work/$lang.resolutions"))"
    else
        fail "worksheets-$lang-neutral-headings" "headings that answer: ${given:-none found to check}"
    fi
    # a question the bars cannot answer (why...?) has an answer to reveal
    unanswered=$(cat "$@" | grep -A1 -iE '^quiz (why|wozu|warum|pourquoi|为什么|为何)' |
        grep -B1 -E '^(```|expect|point|lookup)' | grep '^quiz ' | head -3)
    if [ -z "$unanswered" ]; then
        pass "worksheets-$lang-why-answered"
    else
        fail "worksheets-$lang-why-answered" "no answer line after: $unanswered"
    fi
    quizzes=$(cat "$@" | grep -c "^quiz ")
    asked=$(grep -c '^> \*\*[^*]*[0-9][^*]*\*\*' "$work/$lang.md") # numbered questions
    answered=$(grep -c "^### [0-9]*\. " "$work/$lang.md")
    lines=$(grep -c "________$" "$work/$lang.md")
    if [ "$quizzes" -eq "$asked" ] && [ "$asked" -eq "$answered" ] && [ "$asked" -eq "$lines" ]; then
        pass "worksheets-$lang-answers ($asked)"
    else
        fail "worksheets-$lang-answers" "$quizzes quiz lines, $asked questions, $answered answers, $lines lines to write on"
    fi
done

exit $failed
