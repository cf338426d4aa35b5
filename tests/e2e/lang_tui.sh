#!/bin/sh
# lang_tui.sh - the explorer in German, French and Chinese, end to end: the
# command line's error in the interface language (`:set top-k 99999`), the
# help naming keys as that language's keyboards do (from the key table,
# lang.c), numbers written as the language writes them, and a French
# keyboard's number row: & picks candidate 1, with or without a pinyin
# syllable pending, and never lands in the text; - picks 6 there too, while
# ) and = turn the input method's pages.
#
# One explorer per language serves all of that language's checks (a launch
# costs more than the checks it serves).
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/lang_tui.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

. tests/e2e/lib/tmux.sh
e2e_setup lang_tui

# launch LANG HEADING [VAR=VALUE...]: the explorer in that language at 80x24
launch() {
    code=$1 heading=$2
    shift 2
    e2e_launch 80x24 "$@" -- explore --model "$MODEL" --corpus "$CORPUS" --lang "$code"
    e2e_wait "$heading"
}

nb=$(printf '\302\240')

# numbers as French writes them: the sampler's temperature, and the figures
# the English screen of the same model shows after 春风 (candidate 1's
# percentages, the two entropies), with a decimal comma and a no-break space
# before % (checked in the French explorer below)
en_figures=""
if launch en "next  "; then
    e2e_keys -l "春风"
    en_ready() { shows "「⏎春风」" && shows_regex '^1 .*%.*%'; }
    if until_ok one_capture en_ready; then
        en_figures=$(screen | awk '
            $1 == "1" { for (i = 3; i <= NF; i++) if ($i ~ /^[0-9.]+%$/) print $i }
            /entropy: model/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+,?$/) print $i }' |
            sed "s/,\$//; s/\\./,/; s/%\$/${nb}%/")
    fi
    e2e_keys q
    until_ok shows "EXITED 0" >/dev/null
fi

# check_lang CODE HEADING RANGE_ERROR MORE HELP_KEYS...: in the explorer in
# that language, with 春风 typed, the command line's error and the help's
# keys; then, the help closed, the shell function MORE (or nothing: -)
check_lang() {
    code=$1 heading=$2 range_error=$3 more=$4
    shift 4
    if ! launch "$code" "$heading"; then
        fail "lang_${code}_start" "no first screen"
        return
    fi
    e2e_keys -l "春风"
    until_ok shows "春风" >/dev/null
    e2e_keys : && e2e_keys -l "set top-k 99999" && e2e_keys Enter
    if until_ok shows "$range_error"; then
        pass "lang_${code}_cmdline_error"
    else
        fail "lang_${code}_cmdline_error" "no '$range_error'"
    fi
    e2e_keys '?'
    if until_ok shows_all "$@"; then
        pass "lang_${code}_help_keys"
    else
        fail "lang_${code}_help_keys" "the help does not name the keys: $*"
    fi
    if [ "$more" != - ]; then
        e2e_keys "?" # any key but q closes the help
        until_ok shows "$heading" >/dev/null
        "$more"
    fi
    e2e_keys q
    until_ok shows "EXITED 0" >/dev/null
}

# fr_keys: in the French explorer, 春风 typed: its numbers, and the number row
# shellcheck disable=SC2317 # (called as check_lang's MORE)
fr_keys() {
    # shellcheck disable=SC2086
    if [ "$(echo "$en_figures" | wc -w)" -ge 5 ] && until_ok shows_all "0,80" $en_figures; then
        pass lang_fr_numbers
    else
        fail lang_fr_numbers "not all of 0,80 and the English screen's figures in French: $(echo $en_figures)"
    fi
    # & is 1 on a French keyboard: candidate 1 follows 春风, no & in the text
    e2e_keys -l "&"
    picked_one() { [ -n "$first" ] && shows "春风$first" && hides "&"; }
    if until_ok one_capture picked_one; then
        pass lang_fr_ampersand_picks
    else
        fail lang_fr_ampersand_picks "& did not pick candidate 1"
    fi
    # with a pinyin syllable pending, & chooses its first character (the
    # model's first of those read chun, as probs ranks them) and is not typed
    e2e_keys i && e2e_keys -l "chun"
    until_ok shows "chun" >/dev/null
    e2e_keys -l "&"
    picked_chun() { [ -n "$chun" ] && shows "春风$first$chun" && hides "&"; }
    if until_ok one_capture picked_chun; then
        pass lang_fr_ampersand_pinyin
    else
        fail lang_fr_ampersand_pinyin "& with chun pending: the syllable stayed or & was typed"
    fi
    # - is 6 on a French keyboard, with a syllable pending too: ) and = turn
    # the pages. The sixth character read chun after that, as probs ranks it:
    sixth=$("$BIN" probs "春风$first$chun" --pinyin-input chun --top 6 --model "$MODEL" --lang en |
        awk '$1 == 6 { print $2 }')
    e2e_keys -l "chun"
    until_ok shows "page 1 sur 2" >/dev/null
    e2e_keys -l "="
    paged() { shows "page 2 sur 2" && hides "春风$first$chun="; }
    if until_ok one_capture paged; then pass lang_fr_pinyin_page; else
        fail lang_fr_pinyin_page "= did not turn to page 2"; fi
    e2e_keys -l ")"
    until_ok shows "page 1 sur 2" >/dev/null
    e2e_keys -l "-"
    picked_six() { shows "春风$first$chun$sixth" && hides "chun :" && hides "春风$first$chun-"; }
    if [ -n "$sixth" ] && until_ok one_capture picked_six; then
        pass lang_fr_minus_picks_six
    else
        fail lang_fr_minus_picks_six "- with chun pending did not choose $sixth (candidate 6)"
    fi
    e2e_keys Escape
}

# zh_jueju: a jueju of 7 after 春风, its four lines written (32 characters
# with their punctuation, 30 after 春风, one Space each): the note says the
# poem is complete and only the newline can come (not "line 5"), in Chinese
# shellcheck disable=SC2317 # (called as check_lang's MORE)
zh_jueju() {
    e2e_keys j
    until_ok shows "绝句" >/dev/null
    # a Space for each character the form still wants, sent at once
    e2e_keys Space Space Space Space Space Space Space Space Space Space \
        Space Space Space Space Space Space Space Space Space Space \
        Space Space Space Space Space Space Space Space Space Space
    poem_done() { shows "全诗已完，只能换行" && hides "第 5 句"; }
    if until_ok one_capture poem_done; then
        pass lang_zh_poem_end
    else
        fail lang_zh_poem_end "after four lines: no 全诗已完 note"
    fi
}

# candidate 1 after 春风, and 春风's first character read chun after it, as probs ranks them
first=$("$BIN" probs 春风 --top 1 --model "$MODEL" --lang en | awk '$1 == 1 { print $2 }')
chun=$("$BIN" probs "春风$first" --pinyin-input chun --top 1 --model "$MODEL" --lang en |
    awk '$1 == 1 { print $2 }')

check_lang de "nächstes  " "set top-k: 99999 liegt außerhalb von 0..7311" - \
    "Leertaste" "Rücktaste" "Strg-U" "Eingabe" "Bild↓/↑" "Maus" "1-8 &é\"'(-è_"
check_lang fr "suivant  " "set top-k${nb}: 99999 est hors de l’intervalle 0..7311" fr_keys \
    "Espace" "Retour arr." "Échap" "Entrée" "souris" "1-8 &é\"'(-è_"
check_lang zh "下一个字" "set top-k：99999 超出范围 0..7311" zh_jueju \
    "空格" "退格" "回车" "鼠标" "1-8 &é\"'(-è_"

# --ascii, for a terminal that draws ambiguous-width symbols double wide:
# the bars and lines in ASCII, the Chinese as it is
# (and explore --help offers it)
if ! "$BIN" explore --help | grep -q -- "--ascii"; then
    fail lang_ascii_in_help "explore --help does not offer --ascii"
fi
e2e_launch 80x24 -- explore --model "$MODEL" --corpus "$CORPUS" --lang zh --ascii
if e2e_wait "下一个字"; then
    e2e_keys -l "春风"
    ascii_bars() { shows "春风" && hides "▀" && hides "▄" && hides "│" && hides "·"; }
    if until_ok one_capture ascii_bars; then
        pass lang_zh_ascii
    else
        fail lang_zh_ascii "--ascii still draws block or line symbols"
    fi
    e2e_keys q
    until_ok shows "EXITED 0" >/dev/null
else
    fail lang_zh_ascii "no first screen with --ascii"
fi

[ "$failed" -eq 0 ]
