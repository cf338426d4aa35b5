# tmux.sh - what the end-to-end scripts that drive a terminal share (sourced,
# not run: tests/run.sh runs only tests/e2e/*.sh). tmux is the terminal: keys
# go in with send-keys, the screen comes out with capture-pane, and every
# check waits for the screen with a timeout, never with a fixed sleep. Each
# script talks to a private tmux server (-L SOCK), away from the user's own.
#
# A script usually starts with `. tests/e2e/lib/tmux.sh` and `e2e_setup NAME`,
# then, for each screen it looks at, `e2e_launch SIZE -- ARGS...`.
#
#   e2e_setup NAME     the common start: sets BIN (the binary, from $TANGSCOPE,
#                      as an absolute path), MODEL and CORPUS (absolute: the
#                      bundled model and its training text when the repository
#                      has them, else the fixtures; TANGSCOPE_E2E_MODEL and
#                      TANGSCOPE_E2E_CORPUS override), TIMEOUT (seconds any one
#                      screen may take: TANGSCOPE_E2E_TIMEOUT, else the
#                      script's own TIMEOUT, else 30), SOCK, SESSION (e2e unless
#                      set), TMP (a new folder, its cache holding a link to
#                      the run's index of the training text when tests/run.sh
#                      made one: E2E_CACHE_SEED) and failed=0; defines pass and
#                      fail; at exit stops the server and removes TMP. With no
#                      tmux installed it prints FAIL NAME_tmux and exits 1.
#   pass NAME          prints "PASS NAME"
#   fail NAME WHY      prints "FAIL NAME: WHY" and the screen as it is (when
#                      there is one), and counts the failure in $failed
#   e2e_start COLSxROWS CMD
#                      the pane SESSION at that size, running the shell command
#                      line CMD; a session already there is resized and its
#                      pane restarted (one session throughout: killing the last
#                      one would stop the server while the next start talks to it)
#   e2e_launch COLSxROWS [VAR=VALUE ...] -- ARGS...
#                      e2e_start with "$BIN" ARGS... in a run script that sets
#                      LANG=C.UTF-8 (LC_ALL and LC_MESSAGES empty), a cache in
#                      TMP and then the VAR=VALUEs, works in E2E_DIR (the
#                      script's folder unless set), keeps the program's pid in
#                      TMP/pid and the terminal's settings before and after in
#                      TMP/stty.before and TMP/stty.after, prints "EXITED
#                      STATUS" when it ends and stays (a Ctrl-C included), so
#                      the last screen can be read. Does not wait: follow it
#                      with e2e_wait.
#   e2e_keys KEYS...   tmux send-keys to the pane (-l TEXT: literal text)
#   e2e_wait TEXT      wait until the screen shows TEXT (0: it did in time)
#   e2e_quit           q (and Enter when a lesson asks whether to leave), then
#                      wait for "EXITED 0"
#   e2e_restored       the terminal is as it was before the launch: the same
#                      stty settings, no alternate screen, no mouse reporting,
#                      a visible cursor
#   tm ARGS...         tmux on the script's own server
#   screen             the pane's text now (inside one_capture: the capture
#                      it holds); screen_sgr: with its looks (the escape
#                      sequences of colours and attributes)
#   screen_cells       the screen as the terminal's cells, one line a row:
#                      each cell's code point in decimal (0: the second cell
#                      of a wide character), spaces between, then a tab and
#                      the row's text (tests/e2e/lib/cells.c, built by make
#                      as build/tests/cells; E2E_CELLS names another), for
#                      awk to read cell by cell
#   e2e_need_cells NAME  fails the test NAME and exits when the screen reader
#                      is not built
#   until_ok CMD...    run CMD until it succeeds or TIMEOUT passes (0: it did)
#   shows TEXT         the screen holds TEXT
#   shows_regex RE     a line of the screen matches the extended regex RE
#   shows_line A B     a line of the screen holds both A and B
#   shows_all TEXT...  one capture of the screen holds every TEXT (for
#                      until_ok: a screen caught halfway through drawing
#                      is looked at again, not judged)
#   hides TEXT         the screen does not hold TEXT. Only inside one_capture,
#                      and only with a shows (shows_regex, shows_line) that
#                      holds on the same capture: a program that crashed
#                      leaves a pane with nothing but its exit, which hides
#                      everything. A hides outside one_capture, or a capture
#                      whose checks passed with a hides and no shows, fails
#                      (and says so on stderr)
#   hides_shows GONE TEXT  one capture hides GONE and shows TEXT: for waiting
#                      until something is gone (`until_ok hides_shows ...`)
#   one_capture CMD... run CMD with the screen captured once: every shows,
#                      hides, shows_regex, shows_line and screen inside it
#                      reads that one capture. For a check of several things
#                      at once, `until_ok one_capture PREDICATE`: a screen
#                      caught halfway through drawing fails as a whole and
#                      is looked at again, while `until_ok A && B` would wait
#                      for A and then judge B on whatever the screen held
#
# Functions and variables here start with e2e_ (but for the short names
# above), so a script's own names do not collide with them.

. tests/e2e/lib/check.sh # e2e_seed_cache (e2e_setup defines its own pass and fail)

tm() { tmux -L "$SOCK" "$@"; }
screen() {
    if [ -n "${e2e_holding:-}" ]; then
        printf '%s' "$e2e_held"
    else
        tm capture-pane -p -t "${SESSION:-e2e}" 2>/dev/null
    fi
}
screen_sgr() { tm capture-pane -e -p -t "${SESSION:-e2e}" 2>/dev/null; }
screen_cells() { screen | "$E2E_CELLS"; }
e2e_need_cells() {
    [ -x "$E2E_CELLS" ] && return 0
    echo "FAIL $1: no screen reader $E2E_CELLS (make test-bins builds it)"
    exit 1
}
# Each look at the screen costs a tmux client (tens of milliseconds of CPU on
# a loaded machine): until_ok looks again soon, then less and less often.
# The time it gives up after is counted in its naps (TIMEOUT seconds of them),
# not read off a clock: a process the less for every look, and a machine too
# loaded to look often only waits longer before it says no.
until_ok() {
    e2e_left=$((TIMEOUT * 100)) # hundredths of a second of naps still allowed
    e2e_nap=1
    while ! "$@"; do
        [ "$e2e_left" -le 0 ] && return 1
        case $e2e_nap in 1 | 2 | 5) sleep "0.0$e2e_nap" ;; *) sleep "0.$e2e_nap" ;; esac
        e2e_left=$((e2e_left - e2e_nap))
        # after a second of waiting, half-second naps: a screen that takes that
        # long (a poem written at 14 characters a second) is looked at less often
        case $e2e_nap in 1) e2e_nap=2 ;; 2) e2e_nap=5 ;; 5) e2e_nap=10 ;;
        *) e2e_nap=$((TIMEOUT * 100 - e2e_left >= 100 ? 50 : 20)) ;; esac
    done
    return 0
}
# e2e_seen: a shows held on the capture one_capture holds (e2e_shown=1 then)
e2e_seen() {
    [ -n "${e2e_holding:-}" ] && e2e_shown=1
    return 0
}
# e2e_look: e2e_text becomes the screen (the held capture, else a new one),
# for shows and hides to search in the shell, with no grep to start
e2e_look() {
    if [ -n "${e2e_holding:-}" ]; then
        e2e_text=$e2e_held
    else
        e2e_text=$(screen)
    fi
}
shows() {
    e2e_look
    case $e2e_text in *"$1"*) e2e_seen ;; *) return 1 ;; esac
}
shows_regex() { screen | grep -qE -- "$1" && e2e_seen; }
shows_line() { screen | grep -F -- "$1" | grep -qF -- "$2" && e2e_seen; }
hides() {
    if [ -z "${e2e_holding:-}" ]; then
        e2e_misuse "hides '$1' outside one_capture: pair it with a shows on the same capture"
        return 1
    fi
    e2e_hid=1
    e2e_look
    case $e2e_text in *"$1"*) return 1 ;; *) return 0 ;; esac
}
hides_shows() { one_capture e2e_hides_shows "$1" "$2"; }
e2e_hides_shows() { hides "$1" && shows "$2"; }
# e2e_misuse WHY: a check used so that it cannot fail; said once on stderr
e2e_misuse() {
    [ -n "${e2e_said_misuse:-}" ] && return
    e2e_said_misuse=1
    echo "tests/e2e/lib/tmux.sh: $1" >&2
}
one_capture() {
    [ -n "${e2e_holding:-}" ] && { "$@"; return; } # already on one capture
    # the capture kept byte for byte: $(...) would drop its blank last rows
    e2e_held=$(screen; echo .)
    e2e_held=${e2e_held%.}
    e2e_holding=1 e2e_hid= e2e_shown=
    "$@"
    e2e_status=$?
    e2e_holding=
    if [ "$e2e_status" -eq 0 ] && [ -n "$e2e_hid" ] && [ -z "$e2e_shown" ]; then
        e2e_misuse "one_capture $*: a hides passed with no shows on the same capture"
        return 1
    fi
    return $e2e_status
}
shows_all() {
    e2e_look
    for e2e_want in "$@"; do
        case $e2e_text in *"$e2e_want"*) ;; *) return 1 ;; esac
    done
    e2e_seen
}

e2e_setup() {
    BIN=${TANGSCOPE:-./tangscope}
    case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
    if [ -f assets/tang.bin ]; then
        MODEL=assets/tang.bin CORPUS=assets/tang-train.txt
    else
        MODEL=tests/data/tiny.bin CORPUS=tests/data/tiny-corpus.txt
    fi
    MODEL=${TANGSCOPE_E2E_MODEL:-$MODEL}
    CORPUS=${TANGSCOPE_E2E_CORPUS:-$CORPUS}
    case $MODEL in /*) ;; *) MODEL=$(pwd)/$MODEL ;; esac
    case $CORPUS in /*) ;; *) CORPUS=$(pwd)/$CORPUS ;; esac
    TIMEOUT=${TANGSCOPE_E2E_TIMEOUT:-${TIMEOUT:-30}}
    SOCK=tangscope-$1-$$
    SESSION=${SESSION:-e2e}
    E2E_DIR=${E2E_DIR:-$(pwd)}
    E2E_CELLS=${E2E_CELLS:-build/tests/cells}
    case $E2E_CELLS in /*) ;; *) E2E_CELLS=$(pwd)/$E2E_CELLS ;; esac
    TMP=$(mktemp -d)
    e2e_seed_cache "$TMP/cache" # the run's index of the training text, linked, not built
    failed=0
    trap e2e_cleanup EXIT
    trap 'exit 130' INT TERM
    pass() { echo "PASS $1"; }
    fail() {
        echo "FAIL $1: $2"
        if tm has-session -t "$SESSION" 2>/dev/null; then
            echo "---- screen ----"
            screen
            echo "----------------"
        fi
        failed=$((failed + 1))
    }
    if ! command -v tmux >/dev/null 2>&1; then
        echo "FAIL $1_tmux: tmux is not installed (apt-get install tmux)"
        exit 1
    fi
}

e2e_cleanup() {
    tm kill-server >/dev/null 2>&1
    rm -rf "$TMP"
}

e2e_start() {
    e2e_cols=${1%x*} e2e_rows=${1#*x}
    if tm has-session -t "$SESSION" 2>/dev/null; then
        tm resize-window -t "$SESSION" -x "$e2e_cols" -y "$e2e_rows"
        tm respawn-pane -k -t "$SESSION" "$2"
    else
        tm -f /dev/null new-session -d -s "$SESSION" -x "$e2e_cols" -y "$e2e_rows" "$2"
    fi
}

# e2e_quote WORD: e2e_q becomes WORD in single quotes, for a shell to read back
# as it is (each ' in it as '\'', written by the shell alone: no process to
# start, not even the subshell of a $(...), which costs milliseconds a word)
e2e_quote() {
    e2e_rest=$1 e2e_done=
    while :; do
        case $e2e_rest in
        *"'"*)
            e2e_done="$e2e_done${e2e_rest%%"'"*}'\\''"
            e2e_rest=${e2e_rest#*"'"}
            ;;
        *) break ;;
        esac
    done
    e2e_q="'$e2e_done$e2e_rest'"
}

e2e_launch() {
    e2e_size=$1
    shift
    rm -f "$TMP/stty.before" "$TMP/stty.after" "$TMP/pid"
    {
        e2e_quote "$E2E_DIR"
        echo "cd $e2e_q"
        e2e_quote "$TMP/cache"
        printf 'export LANG=C.UTF-8 LC_ALL= LC_MESSAGES= XDG_CACHE_HOME=%s' "$e2e_q"
        while [ $# -gt 0 ] && [ "$1" != "--" ]; do
            e2e_quote "${1#*=}"
            printf ' %s=%s' "${1%%=*}" "$e2e_q"
            shift
        done
        echo
        [ $# -gt 0 ] && shift
        e2e_quote "$TMP/stty.before"
        echo "stty -g >$e2e_q"
        echo "trap true INT # outlive a Ctrl-C that reaches the program"
        e2e_quote "$TMP/pid"
        printf "sh -c 'echo \$\$ >\"\$0\"; exec \"\$@\"' %s" "$e2e_q"
        for e2e_arg in "$BIN" "$@"; do
            e2e_quote "$e2e_arg"
            printf ' %s' "$e2e_q"
        done
        echo
        echo 'status=$?'
        e2e_quote "$TMP/stty.after"
        echo "stty -g >$e2e_q"
        echo 'echo "EXITED $status"'
        echo 'exec sleep 600'
    } >"$TMP/run.sh"
    e2e_start "$e2e_size" "sh $TMP/run.sh"
}

e2e_keys() { tm send-keys -t "$SESSION" "$@"; }
e2e_wait() { until_ok shows "$1"; }
e2e_quit() {
    e2e_keys q
    # a lesson asks first, in its language: Enter confirms
    until_ok e2e_quit_asked_or_gone
    if ! shows "EXITED"; then
        e2e_keys Enter
    fi
    until_ok shows "EXITED 0"
}
e2e_quit_asked_or_gone() {
    shows "EXITED" || shows "Leave the lesson?" || shows "要退出课程吗" ||
        shows "Lektion verlassen?" || shows "Quitter la leçon"
}
e2e_restored() {
    [ -f "$TMP/stty.after" ] && cmp -s "$TMP/stty.before" "$TMP/stty.after" || return 1
    e2e_flags=$(tm display-message -p -t "$SESSION" '#{alternate_on}#{mouse_any_flag}#{mouse_button_flag}#{cursor_flag}')
    [ "$e2e_flags" = "0001" ]
}
