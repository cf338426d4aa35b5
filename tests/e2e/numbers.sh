#!/bin/sh
# numbers.sh - numbers as the class writes them, and options in any order,
# end to end:
#  - a global option before the command (`--lang de lesson FILE`, `--lang de
#    --help`, `--lang=fr help lesson`) or after `help` (`help --lang zh`) is
#    the command's, and a bad one is refused once;
#  - 0,5 typed for 0.5 on the command line, in a lesson's `set` and on the
#    explorer's `:` line in German and French, refused in English (where
#    1,000 is a thousand) with a message that shows the form to type;
#  - read by this script itself from the real screens in tmux, the panels of
#    lesson 1 in German, French and Chinese and of the German explorer: no
#    -0,0 or -0.0, and no whole number of four digits or more without the
#    thousands separator where the language has one (7.311 in German, 7 311
#    in French, as lang.c has them; Chinese groups none).
# (Every bundled lesson's screens in every language are held to the same by
# `lesson --check`, which tests/e2e/lessons.sh runs on each: its screen check
# tells "N is not a number as LANG writes it".)
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/numbers.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

. tests/e2e/lib/tmux.sh
e2e_setup numbers
T=$BIN
out=$TMP/out err=$TMP/err
unset LC_ALL LC_MESSAGES
export LANG=C.UTF-8

# ---- options in any order ----
# prints NAME WANT CMD...: exit 0 and WANT in stdout
prints() {
    name=$1 want=$2
    shift 2
    "$@" >"$out" 2>"$err"
    status=$?
    if [ "$status" -eq 0 ] && grep -qF -- "$want" "$out"; then
        pass "$name"
    else
        fail "$name" "status $status, no '$want' in: $(head -3 "$out") $(cat "$err")"
    fi
}
prints lang_before_help "Befehle:" $T --lang de --help
prints lang_before_help_lists "  lesson     " $T --lang de --help
prints help_then_lang "用法：tangscope 命令" $T help --lang zh
prints lang_eq_then_help_cmd "tangscope lesson [FICHIER]" $T --lang=fr help lesson
prints help_cmd_then_lang "tangscope lesson [FICHIER]" $T help lesson --lang fr
prints lang_before_command "in Ordnung" $T --lang de lesson --check lessons/de/01-scores.md
$T --lang xx --help >"$out" 2>"$err"
status=$?
if [ "$status" -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "'xx'" "$err"; then
    pass bad_lang_before_help
else
    fail bad_lang_before_help "status $status: $(cat "$err")"
fi
# the same poem whichever side of the command --lang stands
a=$($T --lang de generate 春风 -n 1 --seed 5 2>&1)
b=$($T generate 春风 -n 1 --seed 5 --lang de 2>&1)
[ -n "$a" ] && [ "$a" = "$b" ] && pass lang_either_side || fail lang_either_side "'$a' / '$b'"

# ---- 0,5 as typed ----
for code in $($T --list-languages | grep -vx en); do
    comma=$($T generate 春风 -n 2 --seed 5 --temperature 0,5 --top-p 0,9 --lang $code 2>&1)
    point=$($T generate 春风 -n 2 --seed 5 --temperature 0.5 --top-p 0.9 --lang $code 2>&1)
    [ -n "$point" ] && [ "$comma" = "$point" ] && pass "comma_option_$code" ||
        fail "comma_option_$code" "'$comma' / '$point'"
done
$T generate 春风 -n 1 --temperature 0,5 --lang en >"$out" 2>"$err"
status=$?
if [ "$status" -eq 2 ] && grep -q "written like 0.5, not '0,5'" "$err"; then
    pass comma_refused_in_english
else
    fail comma_refused_in_english "status $status: $(cat "$err")"
fi
$T generate 春风 -n 1 --temperature 0,x --lang de >"$out" 2>"$err"
if [ $? -eq 2 ] && grep -qF "0,5 oder 0.5" "$err"; then
    pass refusal_names_forms_de
else
    fail refusal_names_forms_de "$(cat "$err")"
fi
# a lesson's set, read in the lesson's language
mkdir -p "$TMP/l"
printf '# Komma\n\n## Eins\n\nText.\n\n```tangscope\nprompt 春风\nset temperature 0,5\nset top-p 0,9\n```\n' \
    >"$TMP/l/komma.md"
$T lesson --check --lang de "$TMP/l/komma.md" >"$out" 2>"$err"
status=$?
[ "$status" -eq 0 ] && grep -q "in Ordnung" "$out" && pass comma_in_lesson_de ||
    fail comma_in_lesson_de "status $status: $(cat "$out" "$err")"
$T lesson --check --lang en "$TMP/l/komma.md" >"$out" 2>"$err"
grep -qF "set temperature: '0,5' is not a number (write it like 0.5)" "$out" "$err" &&
    pass comma_in_lesson_en_refused || fail comma_in_lesson_en_refused "$(cat "$out" "$err")"

# ---- the real screens, read here ----
# the panels: every row up to the narration's divider
panels() { screen | sed 's/[│|].*$//'; }
# bad_numbers GROUP: the panels' numbers the language does not write so: a
# negative zero, and (GROUP 1) a whole number of 4+ digits not grouped,
# outside words (fp32, U+4E00) and decimals (0,00002); a seed stays as typed
bad_numbers() {
    panels | sed -E 's/(Startwert|graine|seed|种子) [0-9]+//g' |
        grep -oE -- "(^|[^0-9A-Za-z])-0([.,]0+)?([^0-9.,]|$)" | head -3
    [ "$1" = 1 ] && panels | sed -E 's/(Startwert|graine|seed|种子) [0-9]+//g' |
        grep -oE -- "(^|[^0-9A-Za-z.,+])[0-9]{4,}([^0-9A-Za-z]|$)" | head -3
}
# walk CODE STEPS GROUP INTRO STEP: lesson 1 in CODE opened with --lang before
# the command (its introduction: INTRO), each step's screen (its heading
# matches STEP with K for its number) checked as it shows
walk() {
    code=$1 steps=$2 group=$3 intro=$4 step=$5
    e2e_launch 110x34 -- --lang "$code" lesson "lessons/$code/01-scores.md" --model "$MODEL" \
        --corpus "$CORPUS"
    opened() { shows "$intro"; }
    if ! until_ok opened; then
        fail "lesson_opens_lang_first_$code" "no lesson screen"
        return
    fi
    pass "lesson_opens_lang_first_$code"
    k=1 seen=""
    while [ $k -le "$steps" ]; do
        e2e_keys n
        step_k() { screen | grep -qE "$(echo "$step" | sed "s/K/$k/")"; }
        if ! until_ok one_capture step_k; then
            fail "lesson_step_${code}_$k" "step $k did not show"
            return
        fi
        bad=$(bad_numbers "$group")
        [ -n "$bad" ] && seen="$seen step $k: $(echo "$bad" | tr '\n' ' ')"
        k=$((k + 1))
    done
    [ -z "$seen" ] && pass "lesson_panels_numbers_$code" || fail "lesson_panels_numbers_$code" "$seen"
    e2e_quit
}
walk de 7 1 Einführung "Schritt K von"
walk fr 7 1 introduction "étape K sur"
walk zh 7 0 导言 "第 K 步"

# the explorer in German, opened with --lang first: `:set temperature 0,5`
# and the stage line's numbers
e2e_launch 110x34 -- --lang de --model "$MODEL" --corpus "$CORPUS"
if e2e_wait "nächst"; then
    e2e_keys -l "春风"
    until_ok shows "春风" >/dev/null
    e2e_keys : && e2e_keys -l "set temperature 0,5" && e2e_keys Enter
    half() { screen | grep -E "Temperatur" | grep -q "0,50"; }
    until_ok one_capture half && pass explorer_set_comma_de || fail explorer_set_comma_de "no 0,50"
    e2e_keys : && e2e_keys -l "set temperature 0,x" && e2e_keys Enter
    until_ok shows "0,5 oder 0.5" && pass explorer_refusal_forms_de ||
        fail explorer_refusal_forms_de "no accepted forms named"
    bad=$(bad_numbers 1)
    [ -z "$bad" ] && pass explorer_numbers_de || fail explorer_numbers_de "$bad"
    e2e_quit
else
    fail explorer_lang_first_de "no first screen"
fi

exit $((failed > 0))
