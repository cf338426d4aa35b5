# expect.sh - the check of a refused command line that the end-to-end scripts
# share (sourced, not run). The caller defines pass and fail and sets work (a
# folder for the command's output).
#
#   expect_error NAME STATUS PATTERN CMD...
#       CMD exits with STATUS and says one line on stderr that holds PATTERN
#       (a fixed string) and no control character but its final newline

expect_error() {
    name=$1 want=$2 pattern=$3
    shift 3
    "$@" >"$work/out" 2>"$work/err"
    got=$?
    lines=$(wc -l <"$work/err")
    if [ "$got" -ne "$want" ]; then
        fail "$name" "exit status $got, want $want ($(head -c 300 "$work/err"))"
    elif [ "$lines" -ne 1 ]; then
        fail "$name" "$lines lines on stderr, want one: $(head -c 300 "$work/err")"
    elif ! grep -qF -- "$pattern" "$work/err"; then
        fail "$name" "message '$(cat "$work/err")' lacks '$pattern'"
    elif tr -d '\n' <"$work/err" | LC_ALL=C grep -q '[[:cntrl:]]'; then
        fail "$name" "a control character on stderr: $(od -c "$work/err" | head -3)"
    else
        pass "$name"
    fi
}
