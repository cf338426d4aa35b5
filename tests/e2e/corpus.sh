#!/bin/sh
# corpus.sh - `tangscope corpus` end to end on a tiny text: the exact JSON, the
# cache file (written once, then read; a damaged one rebuilt), the empty
# context, and the one-line errors with exit status 2.
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/corpus.sh   (from the repository root)
set -u
T=${TANGSCOPE:-./tangscope}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
export XDG_CACHE_HOME="$work/cache"

. tests/e2e/lib/check.sh
. tests/e2e/lib/expect.sh

# same NAME WANT GOT
same() {
    if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "got '$3', want '$2'"; fi
}

# A text whose counts are easy by hand: 春风 three times (once at a line's
# end), followed by 起 twice and by the newline once; 9 + 3 + 2 characters.
printf '春风起，春风起。\n春风\n明\n' >"$work/t.txt"

got=$($T corpus 春风 --data "$work/t.txt" --json)
same corpus-json '{"context": "春风", "converted": [], "count": 3, "next": [{"char": "起", "count": 2, "share": 0.6667}, {"char": "\n", "count": 1, "share": 0.3333}]}' "$got"

cache=$(ls "$work/cache/tangscope/" 2>/dev/null)
case $cache in
corpus-????????.sa) pass corpus-cache-written ;;
*) fail corpus-cache-written "cache directory holds '$cache'" ;;
esac
again=$($T corpus 春风 --data "$work/t.txt" --json)
same corpus-from-cache "$got" "$again"

# damage the cache's payload: the answer must not change
if [ -n "$cache" ]; then
    printf 'XXXX' | dd of="$work/cache/tangscope/$cache" bs=1 seek=52 conv=notrunc 2>/dev/null
fi
again=$($T corpus 春风 --data "$work/t.txt" --json)
same corpus-damaged-cache "$got" "$again"
again=$($T corpus 春风 --data "$work/t.txt" --json --no-cache)
same corpus-no-cache "$got" "$again"

# the empty context counts every character; the newline is shown as ⏎
got=$($T corpus '' --data "$work/t.txt" --json --top 2)
# (春, 风 and the newline tie at 3: the smaller code point first)
same corpus-empty '{"context": "", "converted": [], "count": 14, "next": [{"char": "\n", "count": 3, "share": 0.2143}, {"char": "春", "count": 3, "share": 0.2143}]}' "$got"
if $T corpus 风 --data "$work/t.txt" | grep -q '^  ⏎ *1  *33.3%$'; then
    pass corpus-text-newline
else
    fail corpus-text-newline "$($T corpus 风 --data "$work/t.txt" 2>&1)"
fi
# the text ends in "明\n": that occurrence has no follower
nl=$(printf '\nx')
nl=${nl%x}
got=$($T corpus "$nl" --data "$work/t.txt" --json)
same corpus-at-end '{"context": "\n", "converted": [], "count": 3, "next": [{"char": "明", "count": 1, "share": 0.3333}, {"char": "春", "count": 1, "share": 0.3333}]}' "$got"

expect_error corpus-missing-file 2 "cannot open" $T corpus 春 --data "$work/none.txt"
printf 'ok\n\377\n' >"$work/bad.txt"
expect_error corpus-bad-utf8-file 2 "invalid UTF-8 at byte 3" $T corpus 春 --data "$work/bad.txt"
expect_error corpus-bad-utf8-context 2 "invalid UTF-8" $T corpus "$(printf '\377')" --data "$work/t.txt"
expect_error corpus-top-range 2 "--top must be" $T corpus 春 --top 0 --data "$work/t.txt"

exit $failed
