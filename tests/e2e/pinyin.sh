#!/bin/sh
# pinyin.sh - pinyin in the explorer, end to end at 80x24: readings and
# glosses beside the bars and under the text (y), the model as an input
# method (i: chun then 1 types a character; letters are no commands there),
# and 風 typed becoming 风 with a notice.
#
# References from outside the explorer: `tangscope probs --pinyin` for each
# candidate's reading (its meaning: that reading's senses in assets/words.tsv), `tangscope probs --pinyin-input` for the
# character the input method must rank first, both on the command line.
#
# usage: TANGSCOPE=./tangscope sh tests/e2e/pinyin.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
. tests/e2e/lib/tmux.sh
e2e_setup pinyin
MODEL=$(pwd)/assets/tang.bin # the bundled model: its top 8 after 春风 are Han
work=$TMP

# start: the explorer on the bundled model in a fresh 80x24 pane
start() {
    e2e_launch 80x24 -- explore --model "$MODEL" --no-corpus --lang en
    e2e_wait "Type a prompt"
}

# --- the references, from the command line ---
"$BIN" probs 春风 --pinyin --model "$MODEL" >"$work/py.txt"
# "   1  吹    8.37%  chuī          blow": the character, its reading, its gloss
first=$(awk '$1 == "1" { print $2; exit }' "$work/py.txt")
reading=$(awk '$1 == "1" { print $4; exit }' "$work/py.txt")
gloss=$(awk '$1 == "1" { $1 = $2 = $3 = $4 = ""; sub(/^ +/, ""); print; exit }' "$work/py.txt")
# the screen gives the meaning of the reading shown: the word list's senses of
# that reading (the field after the verse reading, in pinyin.tsv's order), if any
senses=$(awk -F '\t' -v c="$first" -v r="$reading" '
    FILENAME == ARGV[1] && $2 == c { n = split($3, rs, " "); for (i = 1; i <= n; i++) if (rs[i] == r) k = i }
    FILENAME == ARGV[2] && $1 == c && k && $(k + 2) != "" && $(k + 2) != "-" { print $(k + 2) }
' assets/pinyin.tsv assets/words.tsv)
[ -n "$senses" ] && gloss=$senses
"$BIN" probs 春风 --pinyin-input chun --model "$MODEL" >"$work/chun.txt"
ime_first=$(awk '$1 == "1" { print $2; exit }' "$work/chun.txt")
if [ -z "$first" ] || [ -z "$reading" ] || [ -z "$ime_first" ]; then
    fail references "probs gave no first candidate: $(head -3 "$work/py.txt")"
    exit 1
fi

# --- y: the reading and gloss beside every bar, the readings under the text ---
if start; then
    e2e_keys -l "春风"
    e2e_keys y
    # the first bar's row: key, character, reading, then the start of its gloss
    short=$(printf '%s' "$gloss" | cut -d ';' -f 1 | cut -c1-8)
    if until_ok shows_regex "^1 $first $reading +$short"; then
        pass pinyin-beside-bars
    else
        fail pinyin-beside-bars "want '1 $first $reading $short…'"
    fi
    # all eight bars have a reading (the bundled model's top 8 after 春风 are Han)
    every_bar() { [ "$(screen | grep -cE '^[1-8] . [a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+ ')" -eq 8 ]; }
    if until_ok one_capture every_bar; then
        pass pinyin-every-bar
    else
        fail pinyin-every-bar "not every bar has its reading"
    fi
    # under the text: 春 chūn and 风 fēng, each reading in its character's column
    col() { printf '%s\n' "$1" | awk -v w="$2" '{ i = index($0, w); print i ? length(substr($0, 1, i - 1)) : -1 }'; }
    under_text() {
        row_text=$(screen | sed -n 2p)
        row_py=$(screen | sed -n 3p)
        [ "$(col "$row_text" 春)" -ge 0 ] && [ "$(col "$row_py" chūn)" -ge 0 ] && [ "$(col "$row_py" fēng)" -ge 0 ] &&
            [ "$(printf '%s' "$row_text" | sed 's/春.*//' | wc -L)" -eq "$(printf '%s' "$row_py" | sed 's/chūn.*//' | wc -L)" ] &&
            [ "$(printf '%s' "$row_text" | sed 's/风.*//' | wc -L)" -eq "$(printf '%s' "$row_py" | sed 's/fēng.*//' | wc -L)" ]
    }
    if until_ok one_capture under_text; then
        pass pinyin-under-text
    else
        fail pinyin-under-text "readings not under their characters: '$row_text' / '$row_py'"
    fi
    e2e_keys y
    no_readings() { hides "chūn" && shows_regex "^1 $first "; }
    if until_ok one_capture no_readings; then
        pass pinyin-hide
    else
        fail pinyin-hide "y again should hide the readings"
    fi
else
    fail pinyin-beside-bars "the explorer did not start"
fi

# --- i: chun then 1 is the character the model ranks first among those read chun ---
if start; then
    e2e_keys -l "春风"
    until_ok shows "⏎春风"
    e2e_keys i
    until_ok shows "pinyin input: type a syllable"
    e2e_keys c h u n
    if until_ok shows_regex "^1 $ime_first chūn"; then
        pass ime-list
    else
        fail ime-list "want $ime_first first under chun"
    fi
    # the arrows turn the pages, Tab steps the tone and Shift-Tab back
    # from the closing line "  12 characters read chun (...)", nine to a page
    pages=$(awk '$2 == "characters" && $4 == "chun" { print int(($1 + 8) / 9) }' "$work/chun.txt")
    e2e_keys Right
    if until_ok shows "page 2 of $pages" && e2e_keys Left && until_ok shows "page 1 of $pages" &&
        e2e_keys Tab && until_ok shows "pinyin: chun1 " &&
        e2e_keys BTab && until_ok shows "pinyin: chun "; then
        pass ime-pages-and-tone
    else
        fail ime-pages-and-tone "want pages of $pages, Tab to chun1 and back"
    fi
    e2e_keys 1
    if until_ok shows_all "⏎春风$ime_first" "$ime_first chūn: the model gave it"; then
        pass ime-chun-1
    else
        fail ime-chun-1 "chun then 1 should type $ime_first"
    fi
    # letters are never commands here: q does not quit, s leaves the seed alone
    e2e_keys q s
    letters_spell() { shows "pinyin: qs" && shows_regex "seed +s +1$"; }
    if until_ok one_capture letters_spell; then
        pass ime-letters-are-text
    else
        fail ime-letters-are-text "q and s should spell, not quit or reseed"
    fi
    e2e_keys Escape
    until_ok shows "pinyin input: type a syllable"
    e2e_keys Escape
    if until_ok shows "pinyin input off" && e2e_keys s && until_ok shows "seed 2"; then
        pass ime-esc-leaves
    else
        fail ime-esc-leaves "Esc twice should leave, then s is the seed again"
    fi
else
    fail ime-list "the explorer did not start"
fi

# --- 風 typed becomes 风, with a notice ---
if start; then
    e2e_keys -l "春風"
    if until_ok shows_all "read as the model writes it: 風 → 风" "⏎春风 "; then
        pass explorer-traditional-bundled
    else
        fail explorer-traditional-bundled "風 should be 风 in the text, with a notice"
    fi
else
    fail explorer-traditional-bundled "the explorer did not start"
fi

exit $failed
