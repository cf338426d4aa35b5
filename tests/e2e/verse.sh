#!/bin/sh
# verse.sh - reading the explorer from the back row, end to end: the whole
# text as verse, projector mode, the light theme, and small probabilities,
# in a real terminal (tmux) at 80x24 and at 110x34.
#
# The poem typed is 春望 (Du Fu), eight lines of five: 48 characters with
# their punctuation, more than the old single text line could show. At
# 80x24 it must stand as four couplets, one to a row; at 110x34 as eight
# lines, one to a row. A jueju written by the model itself (j, then Enter)
# must stand as four lines of seven. Every check waits for the screen with a
# deadline (tests/e2e/lib/tmux.sh), never a fixed sleep.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/verse.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

export LC_ALL=C.UTF-8 # grep counts characters, not bytes, in the patterns below
. tests/e2e/lib/tmux.sh
e2e_setup verse

# launch COLSxROWS ENV -- ARGS...: the explorer in a fresh pane of that size,
# with the environment ENV (e.g. NO_COLOR=1, or "") and the arguments ARGS;
# waits for the bars' heading.
launch() {
    at=$1 env=$2
    shift 3
    # shellcheck disable=SC2086
    e2e_launch "$at" $env -- explore --model "$MODEL" --no-corpus --lang en "$@"
    e2e_wait "next  "
}

# the screen's rows that hold a part of the text: they start with the label
# "text  " (the first) or six spaces, then a character of the poem
LINES_OF_5='^(text  ⏎| {6})[^ ，。]{5}[，。]'
LINES_OF_7='^(text  ⏎| {6})[^ ，。]{7}[，。]'
text_rows() { screen | grep -cE "$1"; }

POEM="国破山河在，城春草木深。感时花溅泪，恨别鸟惊心。烽火连三月，家书抵万金。白头搔更短，浑欲不胜簪。"

# capture-pane -e keeps the colours: 231 (white) or 15/7 as the background
light_bg() { screen_sgr | grep -qE '48;5;(231|15)m|\[(47|107)m|;(47|107)m'; }
any_colour() { screen_sgr | grep -qE '\[[0-9;]*(3[0-7]|4[0-7]|9[0-7]|10[0-7]|[34]8;5;[0-9]+)m'; }

# ---- a jueju the model writes: four lines of seven ----
# jueju SIZE: in the explorer open at that size, the text cleared (Ctrl-U),
# j and Enter write a jueju; then projector mode on the same screen
jueju() {
    name=verse_jueju_$1
    e2e_keys C-u
    until_ok shows "cleared" >/dev/null
    e2e_keys j Enter
    four() { shows "complete" && [ "$(text_rows "$LINES_OF_7")" -eq 4 ]; }
    if until_ok one_capture four; then
        pass "$name"
    else
        fail "$name" "the written jueju is not four rows of seven characters"
    fi
    # projector mode on the same screen: the text stays whole, the bars
    # span the width (beside the training-text column), the sliders stay
    e2e_keys z
    projected() {
        shows "projector mode" && shows "sampler  Tab" &&
            [ "$(text_rows "$LINES_OF_7")" -eq 4 ] && hides "ms per character"
    }
    if until_ok one_capture projected; then
        pass "verse_projector_$1"
    else
        fail "verse_projector_$1" "projector mode did not draw text, bars and sliders alone"
    fi
}

# ---- 80x24: four couplets, one to a row ----
if launch 80x24 "" --; then
    # the default theme paints no light background
    if ! light_bg; then pass verse_dark_theme; else fail verse_dark_theme "the default theme painted a light background"; fi
    e2e_keys -l "$POEM"
    couplets() {
        shows_regex '^text  ⏎国破山河在，城春草木深。 ' &&
            shows_regex '^ {6}感时花溅泪，恨别鸟惊心。 *$' &&
            shows_regex '^ {6}烽火连三月，家书抵万金。 *$' &&
            shows_regex '^ {6}白头搔更短，浑欲不胜簪。 *$'
    }
    couplets_beside() { couplets && shows "next  " && shows "sampler  Tab"; }
    if until_ok one_capture couplets_beside; then
        pass verse_48_chars_80x24
    else
        fail verse_48_chars_80x24 "the 48 characters are not four couplet rows beside the bars and sliders"
    fi
    # small probabilities: after the whole poem the model is sure of ⏎, and
    # the other candidates are below 0.05%, which read 0.0% before
    never_zero() { screen | awk '$1 ~ /^[1-8]$/' | grep -q '%' && ! screen | awk '$1 ~ /^[1-8]$/' | grep -q ' 0\.0%'; }
    if until_ok one_capture never_zero; then
        pass verse_no_zero_percent
    else
        fail verse_no_zero_percent "a bar reads 0.0%"
    fi
    # Space samples one more: the status names its probability, never 0.0%
    e2e_keys Space
    sampled() { shows_regex 'sampled .*, which had ([0-9.]+%|>99\.9%|1 in [0-9,]+) after the sampler'; }
    sampled_not_zero() { sampled && hides "which had 0.0%"; }
    if until_ok one_capture sampled_not_zero; then
        pass verse_sampled_line
    else
        fail verse_sampled_line "no 'sampled X, which had P after the sampler' line"
    fi
    jueju 80x24
    e2e_quit
else
    fail verse_48_chars_80x24 "no first screen within ${TIMEOUT}s"
fi

# ---- 110x34: eight lines, one to a row ----
if launch 110x34 "" --; then
    e2e_keys -l "$POEM"
    lines() {
        shows_regex '^text  ⏎国破山河在， ' && shows_regex '^ {6}城春草木深。 *$' &&
            shows_regex '^ {6}感时花溅泪， *$' && shows_regex '^ {6}恨别鸟惊心。 *$' &&
            shows_regex '^ {6}烽火连三月， *$' && shows_regex '^ {6}家书抵万金。 *$' &&
            shows_regex '^ {6}白头搔更短， *$' && shows_regex '^ {6}浑欲不胜簪。 *$'
    }
    eight_rows() { lines && [ "$(text_rows "$LINES_OF_5")" -eq 8 ]; }
    if until_ok one_capture eight_rows; then
        pass verse_48_chars_110x34
    else
        fail verse_48_chars_110x34 "the 48 characters are not eight rows of verse"
    fi
    jueju 110x34
    e2e_quit
else
    fail verse_48_chars_110x34 "no first screen within ${TIMEOUT}s"
fi


# ---- projector mode from the start, and its timing plot without braille ----
# braille cells, U+2800..U+28FF, are the bytes E2 A0..A3 and one more
BRAILLE=$(printf '\342[\240\241\242\243]')
has_braille() { screen | LC_ALL=C grep -q "$BRAILLE"; }
# The prompt is 120 characters long (the poem's characters three times, no
# punctuation, so that it takes few rows): the comparison writes only the 8
# (its least) that reach past the context of 128, where the plot has each kind
# of cell, at a sixth of the work of filling the whole context after 春风
LONG_PROMPT=$(printf '%s' "$POEM$POEM$POEM" | sed 's/[，。]//g')
if launch 110x34 "" -- --projector --prompt "$LONG_PROMPT"; then
    # two rows to a candidate: the sampler's bar alone on the row under each
    large() { shows_regex '^ {5}█'; }
    if until_ok one_capture large; then
        pass verse_projector_flag
    else
        fail verse_projector_flag "--projector: no large two-row bars"
    fi
    e2e_keys b
    blocks() { shows "faster" && shows "█ no cache" && ! has_braille; }
    # the comparison times each position 5 times: slow under a sanitizer
    t=$TIMEOUT TIMEOUT=$((TIMEOUT * 4))
    until_ok one_capture blocks
    ok=$? TIMEOUT=$t
    if [ $ok -eq 0 ]; then
        pass verse_projector_blocks
    else
        fail verse_projector_blocks "the timing plot is not drawn in block characters"
    fi
    e2e_keys z
    # every panel back, and the same comparison plotted in braille again (which
    # also shows that has_braille finds braille)
    panels_back() { shows "training text" && has_braille; }
    if until_ok one_capture panels_back; then
        pass verse_projector_off
    else
        fail verse_projector_off "z did not bring every panel and the braille plot back"
    fi
    e2e_quit
else
    fail verse_projector_flag "no first screen with --projector within ${TIMEOUT}s"
fi

# ---- the light theme paints a light background; NO_COLOR still wins ----
for size in 80x24 110x34; do
    tag=$size
    if launch $size "" -- --theme light --prompt "床前明月光，疑是地上霜。"; then
        drawn() { shows_regex '^ {6}疑是地上霜。' && light_bg; }
        if until_ok drawn; then
            pass "verse_light_theme_$tag"
        else
            fail "verse_light_theme_$tag" "no light background under the text and bars"
        fi
        e2e_quit
    else
        fail "verse_light_theme_$tag" "no first screen with --theme light"
    fi
done
if launch 80x24 "NO_COLOR=1" -- --theme light; then
    if ! any_colour; then pass verse_no_color_wins; else fail verse_no_color_wins "colours with NO_COLOR=1"; fi
    e2e_quit
else
    fail verse_no_color_wins "no first screen with NO_COLOR=1 --theme light"
fi

# ---- a bad theme: one line, status 2 (no terminal needed) ----
for cmd in explore lesson; do
    err=$("$BIN" $cmd --theme blue 2>&1 </dev/null)
    status=$?
    if [ "$status" -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] &&
        printf '%s\n' "$err" | grep -q "theme must be dark or light, not 'blue'"; then
        pass "verse_bad_theme_$cmd"
    else
        fail "verse_bad_theme_$cmd" "status $status, message '$err'"
    fi
done

[ "$failed" -eq 0 ]
