#!/bin/sh
# coin.sh - the sampler's draw made visible, end to end: the coin of the last
# draw, the written characters shaded by the entropy of their draw and the
# entropies themselves (e), the sampler's stage columns on a wide screen, and
# the one default set: Enter in the explorer writes what generate, acrostic
# and jueju print with their defaults.
#
# The real binary in tmux, as explorer.sh drives it: keys in with send-keys,
# the screen out with capture-pane, every check waiting with a timeout.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/coin.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

. tests/e2e/lib/tmux.sh
e2e_setup coin

# launch COLSxROWS [VAR=VALUE...]: the explorer in English in a fresh pane of
# that size, with the environment given, waiting for the bars' heading
launch() {
    size=$1
    shift
    e2e_launch "$size" "$@" -- explore --model "$MODEL" --corpus "$CORPUS" --lang en
    e2e_wait "next  "
}

# The screen's text line with the escape sequences of its looks.
text_line_sgr() { screen_sgr | sed -n 2p; }
# The written text on the screen: the text line without its label, its tag
# and count, and the newline glyphs.
# the text, its rows joined (as verse it spans several, a lüshi eight: every
# row from the text line down to the bars' heading; the rows under it hold spaces)
screen_text() {
    screen | awk '
        NR >= 2 {
            l = $0
            sub(/^text */, "", l); sub(/^ */, "", l); sub(/  *poem start.*$/, "", l); gsub(/⏎/, "", l)
            if (l ~ /^[^ a-zA-Z0-9]+$/) text = text l
        }
        /^next  / { exit }
        END { printf "%s", text }'
}
COIN_RE='coin [0-9]\.[0-9]{3} → [^ ]+ \(rank [0-9]+\)'

# ---- the coin, at 80x24 ----
if launch 80x24 NO_COLOR=1; then
    e2e_keys -l "春风"
    until_ok shows "春风" && e2e_keys Space
    if until_ok shows_regex "$COIN_RE"; then
        # it names the character the status says was sampled
        names_sampled() {
            sampled=$(screen | sed -n 's/^sampled \([^,]*\), which had.*/\1/p')
            landed=$(screen | sed -n 's/^coin [0-9.]* → \([^ ]*\) (rank.*/\1/p')
            [ -n "$sampled" ] && [ "$sampled" = "$landed" ]
        }
        if until_ok one_capture names_sampled; then
            pass coin_after_space
        else
            fail coin_after_space "the coin landed on '$landed', the status sampled '$sampled'"
        fi
    else
        fail coin_after_space "no 'coin 0.xxx → C (rank N)' line after Space at 80x24"
    fi
    e2e_keys -l "月"
    coin_gone() { hides "coin " && shows "stages t"; }
    if until_ok one_capture coin_gone; then
        pass coin_gone_after_typing
    else
        fail coin_gone_after_typing "the coin stayed after a typed character"
    fi

    # ---- the entropy under the text (monochrome: underlined when open) ----
    e2e_keys Enter
    wrote_with_coin() { shows "wrote " && shows_regex "$COIN_RE"; }
    if until_ok one_capture wrote_with_coin; then
        pass coin_after_enter
    else
        fail coin_after_enter "no coin after Enter wrote the poem"
    fi
    esc=$(printf '\033')
    underlined() { text_line_sgr | grep -qE "${esc}\\[([0-9]+;)*4m"; }
    if until_ok underlined; then
        pass entropy_shading_mono
    else
        fail entropy_shading_mono "no underlined written character in the text line with NO_COLOR"
    fi
    e2e_keys e
    # 春风 typed (no draw: -), one drawn by Space, 月 typed, then Enter's
    entropies() { shows "entropy in bits" && shows_regex '^- +- +[0-9]+\.[0-9] +- +[0-9]+\.[0-9]'; }
    if until_ok one_capture entropies; then
        pass entropy_panel
    else
        fail entropy_panel "no row of entropies under the characters after e"
    fi
    e2e_keys e
    sliders_back() { hides "entropy in bits" && shows "temperature"; }
    if until_ok one_capture sliders_back; then
        pass entropy_panel_closes
    else
        fail entropy_panel_closes "e again did not bring the sliders back"
    fi
    e2e_keys C-u
    if until_ok hides_shows "coin " "temperature"; then pass coin_gone_after_clear; else fail coin_gone_after_clear "coin after Ctrl-U"; fi
else
    fail coin_after_space "the explorer did not start"
fi

# ---- one default set: the screen's poem is the command line's ----
# same_poem NAME KEYS... -- CLI ARGS: after Ctrl-U, the keys (literal text or
# key names), then Enter; the text must equal what the command prints
same_poem() {
    name=$1
    shift
    e2e_keys C-u
    until_ok shows "cleared" || until_ok shows "empty"
    while [ "$1" != "--" ]; do
        case $1 in
        key:*) e2e_keys "${1#key:}" ;;
        *) e2e_keys -l "$1" ;;
        esac
        shift
    done
    shift
    e2e_keys Enter
    if ! until_ok shows "wrote "; then
        fail "$name" "Enter did not finish the poem"
        return
    fi
    want=$("$BIN" "$@" --model "$MODEL" 2>/dev/null | tr -d '\n')
    same_text() { got=$(screen_text) && [ -n "$want" ] && [ "$got" = "$want" ]; }
    if until_ok one_capture same_text; then
        pass "$name"
    else
        fail "$name" "the explorer wrote '$got', tangscope $* printed '$want'"
    fi
}

# ---- colours: the levels differ in look; stage columns at 110x34 ----
if launch 110x34; then
    e2e_keys -l "春风"
    until_ok shows "春风" && e2e_keys Space
    # the heading names every stage in order; each bar row carries 8 percentages
    stage_columns() {
        shows_regex 'model +repeat +temp +top-k +top-p +min-p +form +final' &&
            [ "$(screen | awk '$1 == "1" { n = 0; for (i = 3; i <= NF; i++) n += $i ~ /%$/; print n }')" -ge 8 ]
    }
    if until_ok one_capture stage_columns; then
        pass stage_columns_110
    else
        fail stage_columns_110 "no stage columns with 8 percentages a row at 110x34"
    fi
    coin_and_stages() { shows_regex "$COIN_RE" && shows "stages t"; }
    if until_ok one_capture coin_and_stages; then
        pass coin_own_row_110
    else
        fail coin_own_row_110 "the coin and the stages line are not both shown at 110x34"
    fi
    e2e_keys Enter
    until_ok shows "wrote "
    # the written characters in at least two of the levels' colours (green,
    # yellow, red): a whole poem is never drawn all alike
    two_looks() { looks=$(text_line_sgr | grep -oE '\[3[123]m' | sort -u | wc -l) && [ "$looks" -ge 2 ]; }
    if until_ok two_looks; then pass entropy_shading_colour; else fail entropy_shading_colour "$looks levels' colours in the text line"; fi
    # the default set, on the same screen
    same_poem same_poem_generate "春风" -- generate 春风
    same_poem same_poem_acrostic "春眠不觉" key:a -- acrostic 春眠不觉
    same_poem same_poem_jueju_7 key:j -- jueju --chars 7
    same_poem same_poem_jueju_5 key:j -- jueju
else
    fail stage_columns_110 "the explorer did not start at 110x34"
fi

[ "$failed" -eq 0 ]
