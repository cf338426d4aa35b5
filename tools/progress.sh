# progress.sh - the progress line of a tools/ script, drawn as tangscope
# draws its own (src/cli/progress.c): "[=====>          ] 42% 34/80
# contexts, 4.2/s, 0:11 left | what", one line on stderr redrawn in place,
# only when stderr is a terminal and PROGRESS_QUIET is empty (a script's
# --quiet sets it), taken off at the end. Sourced, not run:
#
#     . tools/progress.sh
#     progress_start 80 contexts "calibration"
#     ... progress_step 1 ... progress_step 80
#     progress_end
#
# The tools speak English, as their other lines do.

progress_start() {
    progress_total=$1 progress_unit=$2 progress_what=${3:-}
    progress_t0=$(date +%s)
    progress_on=0
    [ -t 2 ] && [ -z "${PROGRESS_QUIET:-}" ] && progress_on=1
    progress_step 0
}

# progress_step DONE: DONE of the total finished
progress_step() {
    [ "$progress_on" = 1 ] || return 0
    cols=$(stty size 2>/dev/null </dev/tty | cut -d' ' -f2)
    awk -v d="$1" -v t="$progress_total" -v u="$progress_unit" -v w="$progress_what" \
        -v s=$(($(date +%s) - progress_t0)) -v cols="${cols:-80}" 'BEGIN {
        if (cols < 20) cols = 80 # not a size a terminal gave
        part = t > 0 ? d / t : 0; full = int(part * 16); bar = "["
        for (i = 0; i < 16; i++) bar = bar (i < full ? "=" : i == full && d < t ? ">" : " ")
        line = sprintf("%s] %d%% %d/%d %s", bar, int(100 * part), d, t, u)
        if (d > 0 && s > 0) {
            r = d / s; left = int((t - d) / r + 0.5)
            line = line sprintf(", %." (r < 10 ? 1 : 0) "f/s, %d:%02d left", r, int(left / 60), left % 60)
        }
        if (w != "") line = line " | " w
        printf "\r%-" (cols - 1) "." (cols - 1) "s", line }' >&2
}

progress_end() {
    [ "$progress_on" = 1 ] || return 0
    cols=$(stty size 2>/dev/null </dev/tty | cut -d' ' -f2)
    [ "${cols:-0}" -ge 20 ] 2>/dev/null || cols=80
    printf '\r%*s\r' $((cols - 1)) '' >&2
}
