#!/bin/sh
# lessons.sh - the lessons in lessons/*/ on the bundled model: every one
# passes `tangscope lesson --check` and prints as a worksheet that gives no
# answer away before its answers section and shows on paper what the
# screens of lessons 7 and 9 show (the mask triangles, the memory table with
# `kvcache --json`'s sizes, the compare text once, the weights panel), the
# example in
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
    $T lesson --check --lang en "$@" >"$work/out" 2>"$work/err" # "ok" in English
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

# --- the paper shows the pictures of the screen ---
# The sizes of a KV cache per token and at 4,096 tokens, for this model and
# the three large ones, as `tangscope kvcache --json` gives them in bytes;
# the handout's memory table writes them as the language writes sizes.
$T kvcache --json | tr '{' '\n' | sed -n 's/.*"bytes_per_token": \([0-9]*\), "total_bytes": \([0-9]*\).*/\1 \2/p' \
    >"$work/kv.bytes"
# size(BYTES): as the language writes a size (units U, a decimal comma if
# comma): in the largest unit under 1,024 of it, one decimal under 100
# unless whole
cat >"$work/size.awk" <<'AWK'
function size(b,   u, n, s) {
    split(U, n, " "); u = 1
    while (u < 4 && b >= 1024) { b /= 1024; u++ }
    s = (b == int(b) || b >= 100 || u == 1) ? sprintf("%.0f", b) : sprintf("%.1f", b)
    if (comma) sub(/\./, ",", s)
    return s " " n[u]
}
AWK
# section LESSON FILE: the part of the worksheet FILE (a language's) that
# prints LESSON (from its title to the next)
section() {
    awk -v T="$(head -n 1 "$1")" '/^# / { on = ($0 == T) } on' "$2"
}
# pictures LANG WORKSHEET: lessons 7 and 9 of LANG show on paper what their
# screens show
pictures() {
    set -- "$1" "$2" lessons/"$1"/07-*.md lessons/"$1"/09-*.md
    [ -f "$3" ] && [ -f "$4" ] || return 0
    section "$3" "$2" >"$work/$1.l7"
    section "$4" "$2" >"$work/$1.l9"
    # the masks the lesson opens (show mask, until show none or memory): a
    # grid of its C keys, row q seeing keys 0..q, the last R rows marked as
    # this pass's (">"); the triangle as torch.ones(R, C).tril(C - R) is
    masks=$(awk '/^show mask/ { open = 1 } /^show (none|memory|weights)/ { open = 0 }
                 open && /^expect mask / { print $3 "x" $4 }' "$3")
    for rc in $masks; do
        r=${rc%x*} c=${rc#*x}
        if awk -v R="$r" -v C="$c" '
            function want(q,   s) { s = q >= C - R ? ">" : " "; return s sprintf("%4d ", q) }
            function row(q,   s, k) { s = ""; for (k = 0; k < C; k++) s = s (k ? " " : "") (k <= q ? "■" : "·"); return s }
            /^```/ { if (inblk) { if (grid && ok && q == C) found = 1; inblk = 0 }
                     else { inblk = 1; grid = ($0 == "```"); q = 0; ok = 1 }
                     next }
            inblk && grid && /^[ >] *[0-9]+ / {
                if (ok && index($0, want(q)) == 1 && substr($0, length($0) - length(row(q)) + 1) == row(q)) q++
                else ok = 0 }
            END { exit !found }' "$work/$1.l7"; then
            pass "paper-$1-mask-${r}x$c"
        else
            fail "paper-$1-mask-${r}x$c" "no ones($r, $c).tril grid in lesson 7: $(grep -A8 '^```$' "$work/$1.l7" | grep -m3 '■')"
        fi
    done
    [ -n "$masks" ] || fail "paper-$1-mask" "lesson 7 opens no mask view to check"
    # the memory table: per token and at 4,096 tokens, a row per model
    case $1 in fr) units="o Kio Mio Gio" comma=1 ;; de) units="B KiB MiB GiB" comma=1 ;; *) units="B KiB MiB GiB" comma=0 ;; esac
    expect=$(awk -v U="$units" -v comma=$comma "$(cat "$work/size.awk")"' { printf "| %s | %s |\n", size($1), size($2) }' "$work/kv.bytes")
    got=$(awk -F' [|] ' '/^\| / && NF == 4 && $2 ~ /[0-9]/ { printf "| %s | %s |\n", $2, substr($4, 1, length($4) - 2) }' "$work/$1.l7")
    if [ "$(printf '%s\n' "$expect" | wc -l)" -eq 4 ] && [ "$got" = "$expect" ]; then
        pass "paper-$1-memory"
    else
        fail "paper-$1-memory" "want per token | at 4096: $(echo $expect), got: $(echo $got)"
    fi
    # the compare text once: no block of verse of 8 lines or more twice
    twice=$(awk '/^      / { b = b $0 "\n"; n++; next } { if (n >= 8) seen[b]++; b = ""; n = 0 }
                 END { for (k in seen) if (seen[k] > 1) { print substr(k, 1, 40); exit } }' "$work/$1.l7")
    blocks=$(awk '/^      / { n++; next } { if (n >= 8) c++; n = 0 } END { print c + 0 }' "$work/$1.l7")
    if [ "$blocks" -ge 1 ] && [ -z "$twice" ]; then
        pass "paper-$1-compare-once"
    else
        fail "paper-$1-compare-once" "$blocks poems; printed twice: $twice"
    fi
    # lesson 9: the weights panel, a row per precision with its bytes per
    # weight and its file's size (the sizes the lesson expects, float32's the
    # bundled model's), and the divergence
    fp32=$(wc -c <assets/tang.bin | awk -v U="$units" -v comma=$comma "$(cat "$work/size.awk")"' { print size($1) }')
    sizes=$(awk -v U="$units" -v comma=$comma "$(cat "$work/size.awk")"'
        /^set weights / { w = $3 } /^expect size = / && w != "" { print w "=" size($4) }' "$4")
    missing=
    for ws in "fp32=$fp32" $(echo "$sizes" | tr ' ' '#'); do
        ws=$(echo "$ws" | tr '#' ' ') w=${ws%%=*} sz=${ws#*=}
        case $w in fp32) b=4 ;; bf16) b=2 ;; *) b=1 ;; esac
        grep -q "^| \(> \)\{0,1\}$w | $b | $sz | " "$work/$1.l9" || missing="$missing $w ($sz)"
    done
    if [ -n "$sizes" ] && [ -z "$missing" ] && grep -q "^| > int8 | 1 | " "$work/$1.l9" && grep -q "^- .*KL" "$work/$1.l9"; then
        pass "paper-$1-weights"
    else
        fail "paper-$1-weights" "no weights panel row for${missing:- the sizes} in lesson 9: $(grep -m3 '^| .*fp32\|KL' "$work/$1.l9")"
    fi
}

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
    pictures "$lang" "$work/$lang.md"
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
