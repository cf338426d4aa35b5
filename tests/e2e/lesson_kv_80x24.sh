#!/bin/sh
# lesson_kv_80x24.sh - lesson 7 (the KV cache) on the smallest screen, in
# French (the longest words of the memory table) and Chinese (the widest
# characters): the real binary in tmux at 80x24.
#
# The step where `compare` writes the same text twice shows, beside the
# narration, both texts from their start: the prompt 春风 stands on the first
# row under the legend, as the handout prints it. The step that opens the
# memory table shows the two columns the narration reads from, per token and
# for the text now, with the figures it quotes (68,6 Kio for DeepSeek-V3).
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/lesson_kv_80x24.sh
set -u

. tests/e2e/lib/tmux.sh
TIMEOUT=90 # compare writes twice 125 characters; slow under the sanitizers
e2e_setup lesson_kv_80x24

# the left of the divider: the panels, without the narration
panels() { screen | sed 's/[│|].*//'; }
# the row under the legend of the written view (LEGEND: its left column's name)
first_written() { panels | awk -v l="$1" 'index($0, l) { getline; print; exit }'; }

# kv CODE STEPLINE PREPARING SAME LEGEND PER_TOKEN NOW DEEPSEEK_FIGURE: CODE's
# lesson 7 at 80x24, its compare step and its memory step (found in the file:
# the steps of `compare` and of `show memory`); each n waits for its step
# to be shown, no longer prepared (PREPARING), as a class would
kv() {
    code=$1 step_line=$2 preparing=$3 same=$4 legend=$5 per_token=$6 now=$7 figure=$8
    lesson=lessons/$code/07-kv-cache.md
    compare_step=$(awk '/^## / { k++ } /^compare$/ { print k; exit }' "$lesson")
    memory_step=$(awk '/^## / { k++ } /^show memory$/ { print k; exit }' "$lesson")
    e2e_launch 80x24 -- lesson "$lesson" --model "$MODEL" --corpus "$CORPUS" --lang "$code"
    k=0
    while [ "$k" -lt "$compare_step" ]; do
        k=$((k + 1))
        e2e_keys n
        until_ok hides_shows "$preparing" "$(printf "$step_line" "$k")" >/dev/null
    done
    # the view says the runs wrote the same (SAME), then the legend, then the rows
    written() { shows "$same" && first_written "$legend" | grep -q "春风" && e2e_seen; }
    if until_ok one_capture written; then
        pass "lesson_kv_80x24_${code}_written_from_the_prompt"
    else
        fail "lesson_kv_80x24_${code}_written_from_the_prompt" \
            "the row under '$legend' is '$(first_written "$legend")', not the prompt 春风"
    fi
    while [ "$k" -lt "$memory_step" ]; do
        k=$((k + 1))
        e2e_keys n
        until_ok hides_shows "$preparing" "$(printf "$step_line" "$k")" >/dev/null
    done
    heads() { panels | grep -F -- "$per_token" | grep -qF -- "$now"; }
    deepseek() { panels | grep "DeepSeek-V3" | grep -qF -- "$figure"; }
    if until_ok one_capture heads; then
        pass "lesson_kv_80x24_${code}_memory_columns"
    else
        fail "lesson_kv_80x24_${code}_memory_columns" "no line with both '$per_token' and '$now' left of the narration"
    fi
    if one_capture deepseek; then
        pass "lesson_kv_80x24_${code}_memory_figure"
    else
        fail "lesson_kv_80x24_${code}_memory_figure" "the DeepSeek-V3 row does not show $figure"
    fi
    e2e_quit
}

if [ ! -f lessons/fr/07-kv-cache.md ] || [ ! -f lessons/zh/07-kv-cache.md ]; then
    echo "SKIP lesson_kv_80x24: no lessons"
    exit 0
fi
if [ "${TANGSCOPE_SANITIZED:-}" = 1 ]; then
    echo "SKIP lesson_kv_80x24: under the sanitizers (make asan) the bundled lessons are not run (two compare runs take minutes there); the default build checks it"
    exit 0
fi
kv fr "étape %d sur" "préparation de l’étape" "même texte deux fois" "avec cache" "par token" "actuel (" \
    "68,6 Kio"
kv zh "第 %d 步" "正在准备这一步" "两次写的一模一样" "有缓存" "每个词元" "现在（" "68.6 KiB"

exit "$failed"
