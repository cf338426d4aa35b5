#!/bin/sh
# figures_screen.sh - `lesson --figures` prints what the screen shows: on
# lesson 2 (lessons/en/02-temperature.md), step 1, every row of its top 8
# (the character, the model's and the sampler's percentage) and the line
# under the bars stand on the explorer's screen at 110x34 (tmux) as
# --figures writes them. (lesson_author.sh holds --figures to `probs --json`.)
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/figures_screen.sh
set -u

. tests/e2e/lib/tmux.sh
e2e_setup figures_screen
L=lessons/en/02-temperature.md
case $MODEL in
*/assets/tang.bin) ;;
*)
    echo "SKIP figures_screen_rows: lesson 2 states the bundled model's figures (assets/tang.bin is missing)"
    exit 0
    ;;
esac

"$BIN" lesson --figures "$L" --model "$MODEL" --corpus "$CORPUS" --lang en >"$TMP/fig.md" 2>"$TMP/fig.err"
# step 1's rows, "CHAR MODEL SAMPLER" each, and its line under the bars
awk '/^## 1\./{ s = 1; next } /^## /{ s = 0 } s && /^\| [0-9]+ \|/ {
    gsub(/ /, ""); n = split($0, c, "|"); print c[3], c[4], c[5] }' "$TMP/fig.md" >"$TMP/rows"
summary=$(awk '/^## 1\./{ s = 1; next } /^## /{ s = 0 } s && /^- .*keeps/ { sub(/^- /, ""); print }' \
    "$TMP/fig.md" | sed 's/ · entropy.*//')

E2E_DIR=$(pwd) e2e_launch 110x34 -- lesson "$L" --model "$MODEL" --corpus "$CORPUS" --lang en
until_ok shows "n/N step" || fail figures_screen_opens "the lesson did not open"
e2e_keys n
until_ok shows "step 1 of" || fail figures_screen_step "n did not reach step 1"

# each row: a line of the screen with the character, then both percentages
row_shown() {
    e2e_text=$(screen)
    while read -r ch model sampler; do
        printf '%s\n' "$e2e_text" | grep -F -- " $ch " | grep -F -- " $model " |
            grep -qF -- " $sampler" || return 1
    done <"$TMP/rows"
}
if [ "$(wc -l <"$TMP/rows")" -eq 8 ] && until_ok row_shown; then
    pass figures_screen_rows
else
    fail figures_screen_rows "--figures' rows ($(tr '\n' ';' <"$TMP/rows")) are not the screen's: $(screen | head -20)"
fi
if [ -n "$summary" ] && until_ok shows "$summary"; then
    pass figures_screen_summary
else
    fail figures_screen_summary "'$summary' is not on the screen"
fi
e2e_quit
exit $failed
