#!/bin/sh
# letters.sh - `chun` typed in the explorer before i (the first move of a
# student without a Chinese keyboard): c turns the cache off, h opens the
# histogram, n reads the text as mid-text; the status line says "press i
# first" and Ctrl-Z puts the cache, the histogram and the reading back. In
# French and German the hint is in the interface language and fits 80x24.
# usage: TANGSCOPE=./tangscope sh tests/e2e/letters.sh   (from the repository root)
set -u
. tests/e2e/lib/tmux.sh
e2e_setup letters

e2e_launch 80x24 -- --lang en --model "$MODEL" --prompt 春风
e2e_wait "training text after" || fail letters_start "the explorer did not start"
until_ok shows "KV cache on" || fail letters_cache_on "the cache is not on at the start"
e2e_keys c h u n
if until_ok shows "typing pinyin? press i first; Ctrl-Z undoes what chun changed"; then
    pass letters_hint
else
    fail letters_hint "no hint after chun"
fi
until_ok shows "KV cache off" || fail letters_did "c did not turn the cache off (so the test proves nothing)"
e2e_keys C-z
if until_ok shows_all "KV cache on" "undone: the settings before chun are back" "poem start" \
    "⏎春风 " "training text after"; then
    pass letters_undo
else
    fail letters_undo "Ctrl-Z did not put the cache, the reading, the text and the bars back"
fi
e2e_keys q
e2e_quit

for l in de fr; do
    e2e_launch 80x24 -- --lang "$l" --model "$MODEL" --prompt 春风
    e2e_wait "KV" || fail "letters_start_$l" "the explorer did not start"
    e2e_keys c h
    case $l in
    de) want="Pinyin tippen? Erst i drücken; Strg-Z nimmt ch zurück" ;;
    fr) want="du pinyin ? appuyez d'abord sur i ; Ctrl-Z annule ch" ;;
    esac
    if until_ok shows "$want"; then pass "letters_hint_$l"; else fail "letters_hint_$l" "no hint: $want"; fi
    e2e_keys q
    e2e_quit
done
exit $failed
