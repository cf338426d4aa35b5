#!/bin/sh
# top_p_ref.sh - a reference solution of exercise 1 (top-p), for a lesson to
# run beside the built-in top-p (lessons/*/03-top-k-top-p.md, `stage`).
#
# POSIX sh, awk and sort only: no Python, nothing to build. tangscope sends
# one JSON line per step (docs/exercises.md); this answers {"keep": [...]}:
# the candidates sorted by p, most probable first (equal p: the lower id
# first), kept until their p add up to top_p or more, at least one.
#
#   tangscope exercise check top-p lessons/exercises/top_p_ref.sh
#   tangscope --stage lessons/exercises/top_p_ref.sh
tmp=$(mktemp "${TMPDIR:-/tmp}/top_p_ref.XXXXXX") || exit 1
trap 'rm -f "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
# mawk (Debian's and Ubuntu's awk) fills its whole input buffer before it
# reads a line, unless told it talks to someone: then each request is
# answered when it arrives (gawk, BusyBox and the BSDs' awk do that anyway)
interactive=
case $(awk -W version 2>&1 </dev/null) in
mawk*) interactive="-W interactive" ;;
esac
# shellcheck disable=SC2086
awk $interactive -v tmp="$tmp" '
function number_after(s, key,    at) {
    if (!match(s, "\"" key "\": [-0-9.eE+]+"))
        return 0
    at = substr(s, RSTART, RLENGTH)
    sub(/^"[a-z_]+": /, "", at)
    return at + 0
}
{
    top_p = number_after($0, "top_p")
    # each candidate is {"id": N, "char": "C", "p": X}; C is one character,
    # so the pieces between {"id": marks hold one candidate each
    n = split($0, piece, /\{"id": /)
    printf "" > tmp
    for (i = 2; i <= n; i++)
        printf "%.20f %d\n", number_after(piece[i], "p"), piece[i] + 0 > tmp
    close(tmp)
    sum = 0
    out = ""
    cmd = "sort -k1,1nr -k2,2n " tmp
    while ((cmd | getline row) > 0) {
        split(row, f, " ")
        if (out != "" && (sum >= top_p || top_p <= 0))
            continue
        out = out (out == "" ? "" : ", ") f[2]
        sum += f[1]
    }
    close(cmd)
    print "{\"keep\": [" out "]}"
    fflush()
}'
