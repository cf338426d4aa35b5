# check.sh - what every end-to-end script shares (sourced, not run:
# tests/run.sh runs only tests/e2e/*.sh): how it says what it found, and the
# run's index of the training text. The scripts that drive a terminal source
# it through tests/e2e/lib/tmux.sh, whose e2e_setup puts a pass and a fail of
# its own in place of these (its fail also shows the screen).
#
#   pass NAME       prints "PASS NAME"
#   fail NAME WHY   prints "FAIL NAME: WHY" and sets failed=1: the script
#                   ends with `exit $failed`
#   skip NAME WHY   prints "SKIP NAME: WHY" (a check this machine cannot run)
#   unhex HEX       prints the bytes HEX spells (lower-case pairs: e698a5 is 春),
#                   as the PyTorch fixtures write their prompts and characters
#   e2e_work        the start of a script that runs the program: T (the
#                   binary: $TANGSCOPE, else ./tangscope), failed=0, and
#                   work, a new folder removed when the script ends
#   e2e_seed_cache DIR
#                   DIR/tangscope/ starts with links to the index of the
#                   training text that tests/run.sh built once for the run
#                   (E2E_CACHE_SEED), so a command with XDG_CACHE_HOME=DIR
#                   reads it instead of building its own (a third of a second
#                   of CPU); nothing when the run made none
#
# printf, not echo: dash's echo would turn a \n in WHY into a line break.

pass() { printf 'PASS %s\n' "$1"; }
fail() { printf 'FAIL %s: %s\n' "$1" "$2"; failed=1; }
skip() { printf 'SKIP %s: %s\n' "$1" "$2"; }
unhex() {
    printf "$(echo "$1" | awk '{
        for (i = 1; i < length($0); i += 2) {
            hi = index("0123456789abcdef", substr($0, i, 1)) - 1
            lo = index("0123456789abcdef", substr($0, i + 1, 1)) - 1
            printf "\\%03o", hi * 16 + lo
        }}')"
}
e2e_work() {
    T=${TANGSCOPE:-./tangscope}
    failed=0
    work=$(mktemp -d) || exit 1
    trap 'rm -rf "$work"' EXIT
}
e2e_seed_cache() {
    [ -d "${E2E_CACHE_SEED:-}/tangscope" ] || return 0
    mkdir -p "$1/tangscope" && ln "$E2E_CACHE_SEED"/tangscope/* "$1/tangscope/" 2>/dev/null
    return 0
}
