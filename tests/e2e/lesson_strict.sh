#!/bin/sh
# lesson_strict.sh - `lesson --check` refuses what the class would not see,
# each at its FILE:LINE, in the lesson's language:
#   - a narration more than twice as tall as its pane at 80x24 (the step's
#     heading line, found here with grep), while one that fits passes;
#   - a second quiz in a step, an empty answer, a value finer than its
#     slider's steps (`set min-p 0.005`, which would be 0.01), each at the
#     line of the command (found with grep);
#   - a view's heading wider than its place at 80x24 beside the narration
#     (a cut line): every view a step opens, in every language, fits.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/lesson_strict.sh
set -u
. tests/e2e/lib/check.sh
e2e_work
M="--model tests/data/tiny.bin --corpus tests/data/tiny-corpus.txt"

# a step whose narration is N one-line paragraphs
narration() {
    i=0
    while [ "$i" -lt "$1" ]; do
        printf 'Line %d of the narration.\n\n' "$i"
        i=$((i + 1))
    done
}
{ printf '# Tall\n\nIntro.\n\n## Short step\n\n'; narration 3
  printf '## Tall step\n\n'; narration 40; } >"$work/tall.md"
tall=$(grep -n '^## Tall step$' "$work/tall.md" | cut -d: -f1)
short=$(grep -n '^## Short step$' "$work/tall.md" | cut -d: -f1)
# shellcheck disable=SC2086
$T lesson --check "$work/tall.md" $M --lang en >/dev/null 2>"$work/tall.err"
if grep -q "^$work/tall.md:$tall: at 80x24: the narration is over twice as tall as its pane" "$work/tall.err" &&
    ! grep -q "^$work/tall.md:$short:" "$work/tall.err"; then
    pass strict_narration_tall
else
    fail strict_narration_tall "want line $tall only: $(cat "$work/tall.err")"
fi
# shellcheck disable=SC2086
$T lesson --check "$work/tall.md" $M --lang de >/dev/null 2>"$work/tall-de.err"
if grep -q "^$work/tall.md:$tall: .*die Erzählung ist über doppelt so hoch wie ihr Feld" "$work/tall-de.err"; then
    pass strict_narration_tall_de
else
    fail strict_narration_tall_de "$(cat "$work/tall-de.err")"
fi

cat >"$work/cmds.md" <<'EOF'
# Commands

Intro.

## The step

Text.

```tangscope
prompt 春风
quiz First?
quiz Second?
answer
set min-p 0.005
set min-p 0.05
```
EOF
line() { grep -n "^$1\$" "$work/cmds.md" | cut -d: -f1; }
# shellcheck disable=SC2086
$T lesson --check "$work/cmds.md" $M --lang en >/dev/null 2>"$work/cmds.err"
rc=$?
f="$work/cmds.md"
if [ "$rc" -eq 2 ] && [ "$(wc -l <"$work/cmds.err")" -eq 3 ] &&
    grep -q "^$f:$(line 'quiz Second?'): quiz: a second question in this step hides the first" "$work/cmds.err" &&
    grep -q "^$f:$(line 'answer'): answer: needs the text the reveal shows" "$work/cmds.err" &&
    grep -q "^$f:$(line 'set min-p 0.005'): set min-p: 0.005 is finer than its steps of 0.01; it would use 0.01" \
        "$work/cmds.err"; then
    pass strict_commands
else
    fail strict_commands "exit $rc: $(cat "$work/cmds.err")"
fi
# every view's heading whole at 80x24 beside the narration, in each language
# (the entropy's German heading once took 54 of its 43 columns)
cat >"$work/views.md" <<'EOF'
# Views

Intro.

## Entropy

```tangscope
prompt 春风
step 2
show entropy
```

## Messages

```tangscope
show messages
```

## Memory

```tangscope
show memory
```

## Weights

```tangscope
show weights
```

## Reading

```tangscope
show reading
```
EOF
for lang in en de fr zh; do
    # shellcheck disable=SC2086
    if $T lesson --check "$work/views.md" $M --lang $lang >"$work/views.out" 2>&1; then
        pass "strict_view_headings_$lang"
    else
        fail "strict_view_headings_$lang" "$(head -3 "$work/views.out")"
    fi
done
# a folder's README.md among the files (lessons/*/*.md takes in the exercises'
# README): named as left out, not checked as a lesson, no failure; a lesson
# beside it is still checked
cp lessons/exercises/README.md "$work/README.md"
printf '# Short\n\n## One\n\n```tangscope\nprompt 春风\n```\n' >"$work/01-short.md"
$T lesson --check "$work/README.md" "$work/01-short.md" >"$work/readme.out" 2>"$work/readme.err"
rc=$?
if [ $rc -eq 0 ] && grep -qx "$work/README.md: a folder's README, not a lesson: left out" "$work/readme.out" &&
    grep -q "01-short.md: 1 steps\?, ok" "$work/readme.out" && ! grep -q "README.md:[0-9]" "$work/readme.out" "$work/readme.err"; then
    pass strict_readme_left_out
else
    fail strict_readme_left_out "exit $rc: $(cat "$work/readme.out" "$work/readme.err" | head -4)"
fi
exit $failed
