# tmux.sh - what the end-to-end scripts that drive a terminal share (sourced,
# not run: tests/run.sh runs only tests/e2e/*.sh). The caller sets SOCK (its
# own tmux server), TIMEOUT (seconds any one screen may take to appear) and,
# when its pane is not called e2e, SESSION.
#
#   tm ARGS...         tmux on the caller's own server
#   screen             the pane's text now
#   until_ok CMD...    run CMD until it succeeds or TIMEOUT passes (0: it did);
#                      every check waits this way, never with a fixed sleep
#   shows TEXT         the screen holds TEXT; hides TEXT: it does not
#   shows_regex RE     a line of the screen matches the extended regex RE

tm() { tmux -L "$SOCK" "$@"; }
screen() { tm capture-pane -p -t "${SESSION:-e2e}" 2>/dev/null; }
until_ok() {
    deadline=$(($(date +%s) + TIMEOUT))
    while ! "$@"; do
        [ "$(date +%s)" -ge "$deadline" ] && return 1
        sleep 0.05
    done
    return 0
}
shows() { screen | grep -qF -- "$1"; }
hides() { ! screen | grep -qF -- "$1"; }
shows_regex() { screen | grep -qE -- "$1"; }
