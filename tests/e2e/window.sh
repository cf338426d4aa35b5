#!/bin/sh
# window.sh - the explorer past its context, its mask view, and the timing
# panel going with its text, end to end at 80x24 in tmux.
#
#   - a prompt longer than the context: the count beside the text says how
#     much of it the model reads ("window W of N"), a ¦ marks where the window
#     moved on, and the note under the text explains both. W is computed here
#     from the policy's formula (docs/usage.md, "Past the context window"), not by
#     the program: with n tokens (the poem's newline and the characters) and
#     context C, the window starts at j x (C + 1 - C/2), j = ceil((n - C) /
#     (C + 1 - C/2)), and W = n - start.
#   - w draws the causal mask of the last pass: the prompt's window read at
#     once is the square ones(W, W).tril(diagonal=0); one more character,
#     sampled, is a cached step, ones(1, W + 1).tril(diagonal=W); with the
#     cache off it is the square again.
#   - b fills the timing panel; Ctrl-U takes the text away, and the plot, the
#     strip and the totals with it.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/window.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u

SESSION=win
. tests/e2e/lib/tmux.sh
e2e_setup window

# launch ARGS...: the explorer in English at 80x24, until its bars show
launch() {
    e2e_launch 80x24 -- explore --model "$MODEL" --corpus "$CORPUS" --lang en "$@"
    e2e_wait "next  "
}

# ---- past the context ----

ctx=$("$BIN" info --model "$MODEL" --json | sed -n 's/.*"context": \([0-9]*\).*/\1/p')
chars=$((ctx + ctx / 10 + 12)) # past the context, short of a second shift
# the training text's characters (Han and ， 。) take three bytes each in UTF-8
prompt=$(tr -d '\n' <"$CORPUS" | head -c $((chars * 3)))
got=$(printf '%s' "$prompt" | LC_ALL=C.UTF-8 wc -m)
n=$((got + 1))
step=$((ctx + 1 - ctx / 2))
j=$(((n - ctx + step - 1) / step))
window=$((n - j * step))
grouped=$(printf '%d' "$got" | sed ':a;s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/;ta')
if launch --prompt "$prompt"; then
    if until_ok shows_all "window $window of $grouped" "¦" \
        "window start: the model reads the last $window characters; ¦ a context shift"; then
        pass window_notice
    else
        fail window_notice "no 'window $window of $grouped', ¦ mark and note for $got characters, context $ctx"
    fi
    # the prompt came in at once, past the context: its window was read in
    # one pass, the square triangle
    e2e_keys w
    if until_ok shows_all "causal mask of the last pass: ones($window, $window).tril(diagonal=0)" \
        "q↓ k→" "■ may attend" "a full pass (T = $window)"; then
        pass mask_view_full_pass
    else
        fail mask_view_full_pass "no mask of a full pass over $window keys"
    fi
    # one sampled character is a cached step: one row over the window and it
    e2e_keys Space
    window=$((window + 1))
    if until_ok shows_all "causal mask of the last pass: ones(1, $window).tril(diagonal=$((window - 1)))" \
        "a cached step: the new position start = $((window - 1)) sees the $((window - 1)) cached ones and itself"; then
        pass mask_view_cached_step
    else
        fail mask_view_cached_step "no mask of a cached step over $window keys"
    fi
    # without the cache the same prediction is a full pass again
    e2e_keys c
    if until_ok shows_all "ones($window, $window).tril(diagonal=0)" "a full pass (T = $window)"; then
        pass mask_view_cache_off
    else
        fail mask_view_cache_off "c did not show the full pass's mask"
    fi
else
    fail window_notice "no first screen within ${TIMEOUT}s"
fi

# ---- the timing plot goes with its text ----

if launch; then
    e2e_keys -l "春风"
    e2e_keys b
    if until_ok shows_all "identical text" "model: without" "|Δ|" "⣀ cache"; then
        e2e_keys C-u
        timing_gone() {
            shows "press b to write" && hides "model: without" && hides "|Δ|" &&
                hides "⣀ cache" && hides "identical text"
        }
        if until_ok one_capture timing_gone; then
            pass timing_gone_after_ctrl_u
        else
            fail timing_gone_after_ctrl_u "the timing plot stayed after Ctrl-U"
        fi
    else
        fail timing_gone_after_ctrl_u "b did not fill the timing panel"
    fi
else
    fail timing_gone_after_ctrl_u "no first screen within ${TIMEOUT}s"
fi

[ "$failed" -eq 0 ]
