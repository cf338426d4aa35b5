#!/bin/sh
# lessons.sh - the lessons in lessons/*/ on the bundled model: every one
# passes `tangscope lesson --check` and prints as a handout, the example in
# lessons/README.md holds, and `set top-k` reaches the whole vocabulary and
# no further. (The lesson commands on the fixtures: tests/e2e/lesson.sh.)
#
# The handouts come from `tangscope demo --lang L`, one process per language
# that prints each lesson of lessons/L/ in turn as `lesson --print` would
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

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }

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

# --- every lesson passes --check ---
if $T lesson --check "$@" >"$work/out" 2>"$work/err" && [ "$(grep -c ', ok$' "$work/out")" -eq $# ]; then
    pass "lessons-check ($# lessons)"
else
    fail lessons-check "$(head -20 "$work/err")"
fi

# --- every lesson prints as a handout, a language at a time ---
for dir in lessons/*/; do
    lang=$(basename "$dir")
    set -- "$dir"[0-9]*.md
    [ -f "$1" ] || continue
    $T demo --lang "$lang" </dev/null >"$work/$lang.md" 2>"$work/$lang.err"
    status=$?
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
done

exit $failed
