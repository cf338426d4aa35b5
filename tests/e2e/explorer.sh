#!/bin/sh
# explorer.sh - the explorer end to end: the real binary in a real terminal.
#
# tmux is the terminal: keys go in with send-keys, the screen comes out with
# capture-pane. Every check waits for the screen to show what it expects,
# polling until a deadline; nothing sleeps a fixed time hoping the program
# kept up. A private tmux server (-L) keeps this away from the user's own.
#
# The model is assets/tang.bin with its training text when the repository
# has it, else the test fixture tests/data/tiny.bin with
# tests/data/tiny-corpus.txt. The expected percentages come from
# `tangscope probs`, a different path through the same engine.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/explorer.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

. tests/e2e/lib/tmux.sh
e2e_setup explorer

# The two percentages (model, sampler) of every bar row, one column each.
model_column() { screen | awk '$1 ~ /^[1-8]$/ { n = 0; for (i = 3; i <= NF; i++) if ($i ~ /%$/ && n++ == 0) printf "%s ", $i }'; }
sampler_column() { screen | awk '$1 ~ /^[1-8]$/ { n = 0; for (i = 3; i <= NF; i++) if ($i ~ /%$/ && n++ == 1) printf "%s ", $i }'; }

# ---- launching ----

# launch [TEXT]: start the explorer at 80x24, with the environment in $LOOKS
# and the language arguments in $LANG_ARGS, with the training text (or with
# $CORPUS_ARGS instead, when set), and wait for TEXT (the English
# heading of the bars by default). The run script keeps the program's pid
# (for the crash test) and the terminal's settings before and after
# (tests/e2e/lib/tmux.sh).
LOOKS= LANG_ARGS="--lang en" CORPUS_ARGS=
launch() {
    if [ -n "$CORPUS_ARGS" ]; then
        # shellcheck disable=SC2086
        e2e_launch 80x24 $LOOKS -- explore --model "$MODEL" $CORPUS_ARGS $LANG_ARGS
    else
        # shellcheck disable=SC2086
        e2e_launch 80x24 $LOOKS -- explore --model "$MODEL" --corpus "$CORPUS" $LANG_ARGS
    fi
    e2e_wait "${1:-next  }"
}

# ---- the checks ----

if launch; then pass explorer_opens; else fail explorer_opens "no first screen within ${TIMEOUT}s"; fi

# 春风: find 。 among the bars with the percentage `probs` gives (or, with a
# model that does not rank 。 in its top 8, the top candidate); both read the
# prompt as the start of a poem
json=$("$BIN" probs 春风 --model "$MODEL" --json)
expect=$(printf '%s\n' "$json" | grep -o '"char": "。", "prob": [0-9.]*' | head -n 1)
[ -n "$expect" ] || expect=$(printf '%s\n' "$json" | grep -o '"char": "[^"]*", "prob": [0-9.]*' | head -n 1)
char=$(printf '%s\n' "$expect" | sed 's/"char": "\([^"]*\)".*/\1/')
pct=$(printf '%s\n' "$expect" | sed 's/.*"prob": //' | awk '{ printf "%.1f%%", $1 * 100 }')
e2e_keys -l "春风"
typed_bars() { shows_line "$char " "$pct" && shows "春风"; }
if until_ok one_capture typed_bars; then
    pass explorer_type_bars
else
    fail explorer_type_bars "no bar row '$char ... $pct' after typing 春风"
fi

# where the prompt stands: the explorer's top 8 (character and the model's
# percentage) equal those of `probs`, at the start of a poem by default and as
# a fragment after n, as `probs --mid-text`; the tag beside the text and the
# training-text line say which reading is in force
screen_top8() {
    screen | awk '$1 ~ /^[1-8]$/ { for (i = 3; i <= NF; i++) if ($i ~ /%$/) { print $2, $i; break } }'
}
# top8_of_json: the top 8 of probs --json (on stdin), as screen_top8 prints them
top8_of_json() {
    sed 's/{"char"/\n&/g' |
        sed -n 's/^{"char": "\([^"]*\)", "prob": \([0-9.e-]*\).*/\1 \2/p' |
        awk '{ c = $1 == "\\n" ? "⏎" : $1; printf "%s %.1f%%\n", c, $2 * 100 }'
}
poem_top8=$(printf '%s\n' "$json" | top8_of_json)
mid_top8=$("$BIN" probs 春风 --model "$MODEL" --json --mid-text | top8_of_json)
same_top8() { [ "$(screen_top8)" = "$1" ]; }
# the training-text line waits for the counts, which load after the first frame
poem_screen() { same_top8 "$poem_top8" && shows_line "⏎春风" "poem start" && shows "「⏎春风」"; }
mid_screen() { same_top8 "$mid_top8" && shows_line "春风" "mid-text" && shows "「春风」" && ! shows "⏎春风"; }
if until_ok one_capture poem_screen; then
    e2e_keys n
    if until_ok one_capture mid_screen; then
        e2e_keys n
        if until_ok one_capture poem_screen; then
            pass explorer_prompt_start
        else
            fail explorer_prompt_start "n again: not back to probs's top 8 at the start of a poem"
        fi
    else
        fail explorer_prompt_start "after n the bars are not probs --mid-text's: $(echo $mid_top8)"
    fi
else
    fail explorer_prompt_start "the bars are not probs's top 8 at the start of a poem: $(echo $poem_top8)"
fi

# a higher temperature moves the sampler's percentages, not the model's
columns_now() { models=$(model_column) && samplers=$(sampler_column); }
one_capture columns_now
e2e_keys T T T T T
changed() { shows "1.30" && [ "$(model_column)" = "$models" ] && [ "$(sampler_column)" != "$samplers" ]; }
if until_ok one_capture changed; then
    pass explorer_temperature
else
    fail explorer_temperature "sampler column stayed '$samplers' at temperature 1.30 (model: '$models')"
fi
e2e_keys t t t t t

# the stages' line at 80x24: top-k 1 (K from off) keeps 1 and removes what
# `probs --top-k 1` says; the summary's "removes" is the same share
gone=$("$BIN" probs 春风 --model "$MODEL" --top-k 1 --json |
    sed -n 's/.*{"stage": "top_k", "kept": 1, "removed": \([0-9.]*\)}.*/\1/p' |
    awk '{ printf "%.1f%%", $1 * 100 }')
e2e_keys K
stages_line() { shows_line "stages t " "  k 1 -$gone  p 1 " && shows_line "sampler keeps 1," "removes $gone"; }
if [ -n "$gone" ] && until_ok one_capture stages_line; then
    pass explorer_stages_line
else
    fail explorer_stages_line "no stages line with 'k 1 -$gone' and summary 'removes $gone' after K"
fi
e2e_keys k

# the cache off and on again
e2e_keys c
if until_ok shows "KV cache off"; then
    e2e_keys c
    if until_ok shows "KV cache on"; then pass explorer_cache_toggle; else fail explorer_cache_toggle "did not come back on"; fi
else
    fail explorer_cache_toggle "no 'KV cache off' after c"
fi

# three characters forward, one back: the count beside the text follows
e2e_keys Space Space Space
if until_ok shows_regex '[^0-9]5/[0-9]+ *$'; then
    e2e_keys BSpace
    took_back() { shows_regex '[^0-9]4/[0-9]+ *$' && shows "took back"; }
    if until_ok one_capture took_back; then
        pass explorer_step_and_take_back
    else
        fail explorer_step_and_take_back "Backspace did not take one back"
    fi
else
    fail explorer_step_and_take_back "three Spaces did not write three characters"
fi

# a character the model does not know is shown and explained
e2e_keys -l "o" # a letter no key takes
if until_ok shows "not in the vocabulary"; then pass explorer_unknown_char; else fail explorer_unknown_char "no explanation for o"; fi
e2e_keys BSpace

# compare: the timing panel fills
e2e_keys b
if until_ok shows_all "model: without" "identical text"; then
    pass explorer_compare
else
    fail explorer_compare "the timing panel shows no result"
fi
# Esc stops the comparison (all of the context to write: seconds under a
# sanitizer) before the checks that follow
e2e_keys Escape
stopped_or_done() { shows "compare stopped after" || shows "faster"; }
until_ok one_capture stopped_or_done >/dev/null

# the help screen, closed by any key
e2e_keys '?'
if until_ok shows "tangscope keys"; then
    e2e_keys x
    if until_ok shows "next"; then pass explorer_help; else fail explorer_help "help did not close"; fi
else
    fail explorer_help "no help screen"
fi

# resize: too small, then large, then back
tm resize-window -t "$SESSION" -x 60 -y 20
if until_ok shows "too small"; then
    tm resize-window -t "$SESSION" -x 120 -y 40
    wide() { [ "$(screen | wc -l)" -ge 40 ] && shows "KV cache on" && ! shows "too small"; }
    if until_ok one_capture wide; then
        tm resize-window -t "$SESSION" -x 80 -y 24
        if until_ok shows "next"; then pass explorer_resize; else fail explorer_resize "not redrawn at 80x24"; fi
    else
        fail explorer_resize "not redrawn at 120x40"
    fi
else
    fail explorer_resize "no 'too small' message at 60x20"
fi

# q quits and the terminal is restored
e2e_keys q
if until_ok shows "EXITED 0" && until_ok e2e_restored; then
    pass explorer_quit_restores
else
    fail explorer_quit_restores "exit or terminal state wrong"
fi

# (these two without the training text: what they check comes before it)
CORPUS_ARGS=--no-corpus
# Ctrl-C quits cleanly too
if launch; then
    e2e_keys C-c
    if until_ok shows "EXITED 0" && until_ok e2e_restored; then
        pass explorer_ctrl_c_restores
    else
        fail explorer_ctrl_c_restores "exit or terminal state wrong"
    fi
else
    fail explorer_ctrl_c_restores "did not start"
fi

# a crash signal: the terminal is restored, the process still dies of it
if launch && [ -s "$TMP/pid" ]; then
    kill -SEGV "$(cat "$TMP/pid")"
    if until_ok shows "EXITED 139" && until_ok e2e_restored; then
        pass explorer_crash_restores
    else
        fail explorer_crash_restores "no SIGSEGV exit (139) with the terminal restored"
    fi
else
    fail explorer_crash_restores "did not start"
fi
CORPUS_ARGS=

# without colours, on a terminal that knows no block characters
LOOKS="TERM=vt100 NO_COLOR=1"
if launch; then
    e2e_keys -l "春风"
    e2e_keys b
    plain_bars() { shows_line "$char " "$pct" && shows "model: without" && hides "▀"; }
    if until_ok one_capture plain_bars; then
        e2e_keys q
        if until_ok shows "EXITED 0" && until_ok e2e_restored; then
            pass explorer_monochrome
        else
            fail explorer_monochrome "exit or terminal state wrong"
        fi
    else
        fail explorer_monochrome "no plain bars and timing with TERM=vt100 NO_COLOR=1"
    fi
else
    fail explorer_monochrome "did not start with TERM=vt100 NO_COLOR=1"
fi
LOOKS=

# German and French at 80x24: the main screen and the help, every label
# whole. A label cut at its edge would lose its last characters, so each is
# looked for in full, with the spaces around it where the columns of the
# sliders and of the help must line up. German through --lang, French
# through the locale's variables.
check_language() {
    name=$1 LOOKS=$2 LANG_ARGS=$3 main_heading=$4
    shift 4
    if ! launch "$main_heading"; then
        fail "explorer_$name" "no first screen within ${TIMEOUT}s"
        return
    fi
    if until_ok shows_all "$@"; then
        pass "explorer_${name}_main"
    else
        fail "explorer_${name}_main" "a label is missing or cut at 80x24"
    fi
    e2e_keys '?'
}
# each key with its whole label, wherever the layout puts it
check_help() {
    name=$1
    shift
    if until_ok shows_all "$@"; then
        pass "explorer_${name}_help"
    else
        fail "explorer_${name}_help" "a key's label is missing or cut at 80x24"
    fi
    e2e_keys x q
    until_ok shows "EXITED 0" >/dev/null
}

nb=$(printf "\302\240") # the no-break space of "7 311"
check_language de "" "--lang de" "nächstes  " \
    " tangscope  " "7.311 Zeichen" "KV-Cache an" \
    "Text  " "leer: das Modell liest einen Zeilenumbruch (Gedichtanfang); Prompt tippen" \
    "nächstes  ▀ Modell  ▄ Sampler" "Modell   Sampler  Trainingstext" \
    "Sampler  Tab ↑↓ wählen  ←→ ändern" "Modell: ms pro Zeichen, Bestzeit aus 5" \
    "▸ Temperatur  t T" "  Startwert   s " "  Form        f a j frei" "  KV-Cache    c an " \
    "Prompt tippen. Leertaste zieht, Eingabe schreibt ein Gedicht, ? zeigt alles."
check_help de "tangscope: Tasten" \
    "春风         Prompt tippen, einfügen" "f            freie Fortsetzung" \
    "Rücktaste    ein Zeichen zurücknehmen" "z            Beamer-Modus" \
    "v            Attention-Gewichte" "w            kausale Maske" \
    "s            neuer Zufallsstartwert" "l            Sprache: EN 中文 DE FR" \
    "▄ Sampler: was Temperatur, Top-k, Top-p, Min-p und Form davon übriglassen" \
    "beliebige Taste schließt die Hilfe"

# no --lang: LC_ALL is empty, so LC_MESSAGES decides over LANG
check_language fr "LC_MESSAGES=fr_FR.UTF-8 LANG=de_DE.UTF-8" "" "suivant  " \
    "7${nb}311 caractères" "cache KV actif" \
    "texte " "vide${nb}: le modèle lit un saut de ligne (début de poème)${nb}; tapez un prompt" \
    "suivant  ▀ modèle  ▄ échant." "modèle   échant.  corpus" \
    "échant.  Tab ↑↓ choisir  ←→ régler" "modèle${nb}: ms par caractère, meilleur de 5" \
    "▸ température t T" "  graine      s " "  forme       f a j libre" "  cache KV    c actif " \
    "Tapez un prompt. Espace tire, Entrée écrit un poème,${nb}? liste les touches."
check_help fr "tangscope${nb}: les touches" \
    "春风         taper, coller un prompt" "f            forme libre" \
    "Retour arr.  retirer un caractère" "z            mode projecteur" \
    "v            poids de l’attention" "w            masque causal" \
    "s            autre graine aléatoire" "l            langue${nb}: EN 中文 DE FR" \
    "▄ échantillonnage${nb}: ce que laissent température, top-k, top-p, min-p, forme" \
    "n’importe quelle touche ferme l’aide"
LOOKS=

[ "$failed" -eq 0 ]
