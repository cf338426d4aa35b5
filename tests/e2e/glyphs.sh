#!/bin/sh
# glyphs.sh - the screen's symbols and the help screen, in a real terminal
# (tmux): the help lists every key of the key table at 80x24 in every
# language the program lists, with nothing cut; on a vt100 the main screen, the help and the
# panels show no Unicode symbol, only ASCII beside Chinese text and the
# letters of language (pinyin's ū).
#
# Every check waits for the screen with a timeout (tests/e2e/lib/tmux.sh).
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/glyphs.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

. tests/e2e/lib/tmux.sh
e2e_setup glyphs

# launch LANG [VAR=VALUE...]: the explorer at 80x24 in that language, with the
# environment given, waiting for its status line
launch() {
    lang=$1
    shift
    e2e_launch 80x24 "$@" -- explore --model "$MODEL" --corpus tests/data/tiny-corpus.txt --lang "$lang"
    until_ok shows "? "
}

# ---- the help, from the key table, in every language ----
# The keys of src/tui/input.c's explorer and lesson tables, written out by
# hand as the help names them: a word or a letter, each as its own word; the
# keys with names are named as each language's keyboards name them (the key
# table of src/app/lang.c), one name to a line (French names hold a space).
# ? and ! share a line ("?!": help; !: what went wrong), as y and Y do ("yY").
KEYS='1-8 &é"'"'"'(-è_ tkpmd/TKPMD Tab ↓ ↑ ← → s c b f a j h v l ?! / n : x r yY i z e w q F10 nN'
NAMES_en='Space
Backspace
Ctrl-U
Enter
Esc
S-Tab
Ctrl-C
PgDn
PgUp
S-↓/↑'
NAMES_zh='空格
退格
Ctrl-U
回车
Esc
S-Tab
Ctrl-C
PgDn
PgUp
S-↓/↑'
NAMES_de='Leertaste
Rücktaste
Strg-U
Eingabe
Esc
Umsch-Tab
Strg-C
Bild↓/↑
Umsch-↓/↑'
NAMES_fr='Espace
Retour arr.
Ctrl-U
Entrée
Échap
Maj-Tab
Ctrl-C
Pg↓/↑
Maj-↓/↑'
# has_key K: K among the help's keys (the rows between the title bar and the
# status line): after a blank or the edge, then a blank (or the blanks
# before what it does, for a key of one character)
has_key() {
    re=$(printf '%s' "$1" | sed 's/[]?*+.^$\/[(){}|]/\\&/g')
    case $1 in
    q | ?? | ???*) after='( |$)' ;; # among others, or not a word of a label
    *) after=' {2,}' ;;             # a letter alone: "a" is a word too
    esac
    screen | sed -n '2,23p' | grep -qE -- "(^| )$re$after"
}
# missing_keys: the KEYS not among the help's keys (the rows between the
# title bar and the status line), each one where it stands after a blank or
# the edge, then a blank or the end of the row (or, for a key of one byte but
# q, two blanks before what it does: "a" is a word too). One awk for all
# the keys: a grep for each would be 45 processes a look.
missing_keys() {
    screen | sed -n '2,23p' | LC_ALL=C awk -v keys="$KEYS" '
        { row[NR] = $0 }
        # at K R: K stands in R as a key
        function at(k, r,    from, i, rest, before, after) {
            for (from = 1; (i = index(substr(r, from), k)) > 0; from += i) {
                before = from + i - 2 # the byte before K, 0 at the edge
                rest = substr(r, from + i - 1 + length(k))
                if (before > 0 && substr(r, before, 1) != " ") continue
                if (k == "q" || length(k) > 1) { if (rest == "" || rest ~ /^ /) return 1 }
                else if (rest ~ /^  /) return 1
            }
            return 0
        }
        END {
            n = split(keys, k, /[ \n]+/)
            for (j = 1; j <= n; j++) {
                if (k[j] == "") continue
                found = 0
                for (r = 1; r <= NR && !found; r++) found = at(k[j], row[r])
                if (!found) printf " %s", k[j]
            }
        }'
}
# every interface language the program has; a language added there without
# its words here fails
for lang in $("$BIN" --list-languages); do
    case $lang in
    en) close="any key closes this help" ;;
    zh) close="按任意键关闭帮助" ;;
    de) close="beliebige Taste schließt die Hilfe" ;;
    fr) close="n’importe quelle touche ferme l’aide" ;;
    *) fail "help_${lang}_opens" "glyphs.sh has no words for the language $lang"; continue ;;
    esac
    launch "$lang" || { fail "help_${lang}_opens" "no first screen within ${TIMEOUT}s"; continue; }
    e2e_keys '?'
    if ! until_ok shows "$close"; then
        fail "help_${lang}_opens" "no help screen after ?"
        continue
    fi
    eval "names=\$NAMES_$lang"
    every_key() {
        missing=$(missing_keys)
        # the named keys, one to a line (IFS: a newline): French names hold a space
        old_ifs=$IFS
        IFS='
'
        for k in $names; do has_key "$k" || missing="$missing [$k]"; done
        IFS=$old_ifs
        [ -z "$missing" ]
    }
    if until_ok one_capture every_key; then pass "help_${lang}_every_key"; else
        fail "help_${lang}_every_key" "keys missing from the help:$missing"; fi
    # the legend's last line is there (|Δ| in every language), and no line
    # was cut: the help ends a cut line in an ellipsis, which no label holds
    whole_legend() { shows "|Δ|" && hides "…"; }
    if until_ok one_capture whole_legend; then pass "help_${lang}_nothing_cut"; else
        fail "help_${lang}_nothing_cut" "the legend is missing or a help line ends in …"; fi
done

# ---- a vt100: no symbol anywhere ----
# symbols: what is on the screen besides ASCII, Chinese with its
# punctuation, and Latin letters (as test_labels' is_language)
symbols() {
    screen | LC_ALL=C.UTF-8 grep -oP '[^\x00-\x7F\x{C0}-\x{D6}\x{D8}-\x{F6}\x{F8}-\x{24F}\x{3000}-\x{303F}\x{3400}-\x{9FFF}\x{FF00}-\x{FFEF}]' |
        sort -u | tr -d '\n'
}
# plain NAME: the screen shows no symbol
plain() {
    found=$(symbols)
    if [ -z "$found" ]; then pass "vt100_$1"; else fail "vt100_$1" "symbols on a vt100: $found"; fi
}
# on NAME TEXT: once TEXT shows, the screen shows no symbol
on() {
    if until_ok shows "$2"; then plain "$1"; else fail "vt100_$1" "no '$2' within ${TIMEOUT}s"; fi
}
if launch en TERM=vt100; then
    e2e_keys -l '春風'
    on status_and_note "風 -> 风"   # read as the model writes it, said with an ASCII arrow
    e2e_keys Space
    on bars_and_coin "coin "
    e2e_keys '?'
    on help "any key closes"
    e2e_keys '?'
    until_ok hides_shows "any key closes" "? " >/dev/null
    e2e_keys r
    on kvcache "per token"
    e2e_keys r w
    on mask "causal mask"
    e2e_keys w e
    on entropy "entropy in bits"
    e2e_keys e i
    until_ok shows "pinyin input" >/dev/null
    e2e_keys -l chun
    on pinyin_input "page 1 of"
    e2e_keys Escape
    until_ok hides_shows "page 1 of" "pinyin input: type a syllable" >/dev/null
    e2e_keys Escape
    until_ok shows "pinyin input off" >/dev/null
    e2e_keys b
    on timing "identical text"
else
    fail vt100_opens "no first screen within ${TIMEOUT}s"
fi

[ "$failed" -eq 0 ]
