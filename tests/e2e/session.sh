#!/bin/sh
# session.sh - something to take home, end to end: session codes from
# `generate --json` and from the explorer's title write the same poems again
# (`generate --code`, `tangscope --code` then Enter), damaged codes and codes
# of another model are refused, `generate --trace` and the explorer's export
# (x) hold every written character with its top 8, and the KV cache's cost
# panel (r) draws at 80x24 and 110x34. JSON is read with jq.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/session.sh
# prints PASS name / FAIL name lines; exits non-zero if any check failed.
set -u
export LC_ALL=C.UTF-8

. tests/e2e/lib/tmux.sh
. tests/e2e/lib/expect.sh
e2e_setup session
TINY=$(pwd)/tests/data/tiny.bin
ROOT=$(pwd)
work=$TMP # expect_error keeps its output here

if ! command -v jq >/dev/null 2>&1; then
    echo "FAIL session_tools: jq is not installed (apt-get install jq)"
    exit 1
fi

gen() { "$BIN" generate --model "$MODEL" "$@"; }

# ---- generate: a code writes the same poems ----

gen 床前明月光， --json --seed 3 --top-k 40 --temperature 0.7 -n 3 >"$TMP/a.json"
code=$(jq -r .code "$TMP/a.json")
if [ "${#code}" -le 32 ] && gen --code "$code" --json >"$TMP/b.json" &&
    [ "$(jq -c .poems "$TMP/a.json")" = "$(jq -c .poems "$TMP/b.json")" ] &&
    [ "$(jq -r .code "$TMP/b.json")" = "$code" ] && [ "$(jq '.poems | length' "$TMP/b.json")" -eq 3 ]; then
    pass session_generate_code
else
    fail session_generate_code "code '$code' did not write the same three poems"
fi

# the forms: an acrostic and a mid-text jueju with a penalty come back too
ok=1
for args in "acrostic 春眠不觉 --seed 5 --chars 5" "jueju --chars 7 --seed 9 --mid-text --repetition-penalty 1.3"; do
    # shellcheck disable=SC2086
    "$BIN" $args --model "$MODEL" --json >"$TMP/f.json" || ok=0
    c=$(jq -r .code "$TMP/f.json")
    gen --code "$c" --json >"$TMP/g.json" || ok=0
    [ "$(jq -c .poems "$TMP/f.json")" = "$(jq -c .poems "$TMP/g.json")" ] || ok=0
done
if [ $ok -eq 1 ]; then pass session_form_codes; else fail session_form_codes "a form's code wrote another poem"; fi

# ten characters with the explorer's and the command line's usual settings: at
# most 32 characters (docs/session-json.md), and the poems come back
ok=1
lengths=""
for args in "--top-k 20 --seed 123" \
    "--temperature 0.9 --top-k 40 --top-p 0.9 --min-p 0.05 --repetition-penalty 1.2 --seed 123"; do
    # shellcheck disable=SC2086
    gen 床前明月光，疑是地上 $args --json >"$TMP/s.json" || ok=0
    c=$(jq -r .code "$TMP/s.json")
    lengths="$lengths ${#c}"
    [ "${#c}" -le 32 ] || ok=0
    gen --code "$c" --json >"$TMP/t.json" || ok=0
    [ "$(jq -c .poems "$TMP/s.json")" = "$(jq -c .poems "$TMP/t.json")" ] || ok=0
done
if [ $ok -eq 1 ]; then
    pass session_short_codes
else
    fail session_short_codes "codes of$lengths characters for 床前明月光，疑是地上, or other poems"
fi

# the codes of the first settings format (tests/data/sesscodes-v2.tsv, written by
# that program with tools/sesscode-fixture.sh) write the poems they wrote then,
# with the same seed, settings and context policy
ok=1
bad=""
tab=$(printf '\t')
[ "$MODEL" = "$ROOT/assets/tang.bin" ] || ok=skip # the codes name the bundled model
: >"$TMP/codes3.tsv"
[ $ok = skip ] || while IFS=$tab read -r cmd c holds report; do
    gen --code "$c" --json >"$TMP/v2.json"
    # the same session's code in this format, for session_code_doc
    printf '%s\t%s\t%s\n' "$cmd" "$(jq -r .code "$TMP/v2.json")" "$holds" >>"$TMP/codes3.tsv"
    # the keys that program reported (a later tangscope reports its extra
    # settings too, at their defaults: not what the code held)
    got=$(jq -c --argjson want "$report" \
        'with_entries(select(.key as $k | $want | has($k)))' "$TMP/v2.json")
    if [ "$got" != "$report" ]; then
        ok=0
        bad="$bad $c ($cmd)"
    fi
done <"$ROOT/tests/data/sesscodes-v2.tsv"
if [ $ok = skip ]; then
    skip session_v2_codes "the codes are the bundled model's, not $MODEL's"
elif [ $ok -eq 1 ]; then
    pass session_v2_codes
else
    fail session_v2_codes "these codes no longer write what they wrote:$bad"
fi

# docs/session-code.md is enough to read a code: tools/sesscode.py, written from
# it, reads each code of the first settings format and the code this program
# writes for the same session to what the command set; and the later setting
# of the scratch build's codes (place 5)
if [ $ok = skip ]; then
    skip session_code_doc "the codes are the bundled model's, not $MODEL's"
elif ! command -v python3 >/dev/null 2>&1; then
    skip session_code_doc "python3 is not installed"
else
    ok=1
    bad=""
    # one run of the reader per file: each code's line beside what its command set
    for f in "$ROOT/tests/data/sesscodes-v2.tsv" "$TMP/codes3.tsv"; do
        cut -f3 "$f" | python3 "$ROOT/tools/sesscode.py" --holds-lines >"$TMP/doc.want"
        # shellcheck disable=SC2046
        (cd "$ROOT" && python3 tools/sesscode.py $(cut -f2 "$f")) | sed 's/ fingerprint=[0-9]*$//' >"$TMP/doc.got"
        if ! cmp -s "$TMP/doc.want" "$TMP/doc.got" || [ ! -s "$TMP/doc.got" ]; then
            ok=0
            bad="$bad $(diff "$TMP/doc.want" "$TMP/doc.got" | head -4 | tr '\n' ' ')"
        fi
    done
    # shellcheck disable=SC2046
    n_later=$( (cd "$ROOT" && python3 tools/sesscode.py $(cut -f2 tests/data/sesscodes-newer.tsv)) | grep -c " later=5:")
    [ "$n_later" -eq "$(grep -c . "$ROOT/tests/data/sesscodes-newer.tsv")" ] || { ok=0; bad="$bad later=5 in $n_later codes"; }
    if [ $ok -eq 1 ] && [ "$(wc -l <"$TMP/codes3.tsv")" -eq 21 ]; then
        pass session_code_doc
    else
        fail session_code_doc "tools/sesscode.py reads otherwise:$bad"
    fi
fi

# ---- refused codes: one line on stderr, exit status 2 ----

# one character changed: the first one that differs from it
first=$(printf '%s' "$code" | cut -c1)
other=2; [ "$first" = 2 ] && other=3
typo="$other$(printf '%s' "$code" | cut -c2-)"
expect_error session_typo 2 "check character" gen --code "$typo"
expect_error session_letter_o 2 "'O' is not in a code" gen --code "${code}O"
expect_error session_other_model 2 "another model" "$BIN" generate --model "$TINY" --code "$code"
expect_error session_code_and_seed 2 "holds --seed" gen --code "$code" --seed 4
expect_error session_code_and_prompt 2 "give no PROMPT" gen 春风 --code "$code"
expect_error session_explore_typo 2 "check character" "$BIN" --model "$MODEL" --code "$typo"
# the format's mark: one leading 2 is this format; two, a later one; a code
# whose 2 was left out names another model
expect_error session_newer_format 2 "newer tangscope (format 4)" gen --code "2$code"
expect_error session_mark_dropped 2 "another model" gen --code "${code#2}"
# a code cut short after any character: refused, one line, exit status 2
ok=1
cut=1
while [ $cut -lt "${#code}" ]; do
    short=$(printf '%s' "$code" | cut -c1-$cut)
    gen --code "$short" >"$TMP/cut.out" 2>"$TMP/cut.err"
    st=$?
    if [ $st -ne 2 ] || [ "$(wc -l <"$TMP/cut.err")" -ne 1 ]; then
        ok=0
        break
    fi
    cut=$((cut + 1))
done
if [ $ok -eq 1 ]; then pass session_code_cut_short; else
    fail session_code_cut_short "'$short' (of $code): exit $st, $(wc -l <"$TMP/cut.err") lines: $(head -c 300 "$TMP/cut.err")"; fi

# a code of a tangscope with one more setting (typical-p, on a scratch build:
# tests/data/sesscodes-newer.tsv) writes what the same run without it writes,
# and says in one line which setting it left at its default
newer=$(head -n 1 "$ROOT/tests/data/sesscodes-newer.tsv" | cut -f2)
if [ "$MODEL" != "$ROOT/assets/tang.bin" ]; then
    skip session_newer_setting "the code is the bundled model's, not $MODEL's"
elif gen --code "$newer" --json >"$TMP/n.json" 2>"$TMP/n.err" &&
    gen 春风 --top-k 20 --seed 3 --max-chars 20 --json >"$TMP/m.json" &&
    [ "$(jq -c .poems "$TMP/n.json")" = "$(jq -c .poems "$TMP/m.json")" ] &&
    [ "$(wc -l <"$TMP/n.err")" -eq 1 ] && grep -q "sampler setting 6, " "$TMP/n.err"; then
    pass session_newer_setting
else
    fail session_newer_setting "code $newer: $(head -c 300 "$TMP/n.err")"
fi
expect_error session_trace_nowhere 2 "cannot create a file there" gen 春风 --trace /nonexistent/t.jsonl

# ---- generate --trace: one record per written character ----

gen 春风 --seed 2 -n 2 --trace "$TMP/t.jsonl" --json >"$TMP/t.json"
# the characters written, poem by poem, the closing newline included
written=$(jq -r '.poems | map(ltrimstr("春风") + "\n") | join("")' "$TMP/t.json")
traced=$(jq -j '.char' "$TMP/t.jsonl")
bad=$(jq -c 'select((.top | length) != 8 or .p_model < 0 or .p_sampler > 1 or
                    .top[0].p_model < .top[7].p_model or (.poem != 1 and .poem != 2))' "$TMP/t.jsonl" | wc -l)
if [ -f "$TMP/t.jsonl" ] && [ ! -e "$TMP/t.jsonl.tmp" ] && [ "$traced" = "$written" ] && [ "$bad" -eq 0 ]; then
    pass session_trace
else
    fail session_trace "the trace does not hold every written character with its top 8 ($bad bad records)"
fi

# ---- --json is one JSON object, with --export too (a stray "]}" once followed it) ----
ok=1
mkdir -p "$TMP/jsononly"
for extra in "" "--export"; do
    # shellcheck disable=SC2086
    (cd "$TMP/jsononly" && "$BIN" generate 春风 --model "$MODEL" --seed 2 --max-chars 12 --json $extra) \
        >"$TMP/one.json" 2>/dev/null || ok=0
    [ "$(jq -s length "$TMP/one.json" 2>/dev/null)" = 1 ] || ok=0
done
if [ $ok -eq 1 ]; then pass session_json_one_object; else
    fail session_json_one_object "generate --json (--export) is not one JSON object: $(tail -c 200 "$TMP/one.json")"; fi

# ---- the explorer: the code in the title, Enter writes the same poem, x saves it ----

gen 春风 --seed 4 --temperature 0.7 --json >"$TMP/e.json"
ecode=$(jq -r .code "$TMP/e.json")
mkdir -p "$TMP/work"
E2E_DIR=$TMP/work # where x saves the session
# open ARGS...: the explorer at 80x24 with these arguments
open() {
    e2e_launch 80x24 -- --model "$MODEL" --no-corpus --lang en "$@"
    e2e_wait "next  "
}
# saved_in (for until_ok one_capture): the status line names the file x saved,
# then $saved; $title is the code in the title bar (one capture for both)
saved_in() {
    shows "session saved in" || return 1
    saved=$(screen | sed -n 's/.*session saved in \(tangscope-[0-9-]*\.json\).*/\1/p' | head -n 1)
    title=$(screen | sed -n '1s/.* code \([2-9A-HJKMNP-Z]*\).*/\1/p')
    [ -n "$saved" ]
}

if open --code "$ecode" && until_ok shows_all "code $ecode" "opened"; then
    pass session_explorer_title
else
    fail session_explorer_title "the title does not show code $ecode"
fi
e2e_keys Enter
if until_ok shows "wrote " && e2e_keys x && until_ok one_capture saved_in; then
    f="$TMP/work/$saved"
    poem=$(jq -r '.poems[0]' "$TMP/e.json")
    text=$(jq -r '.text | rtrimstr("\n")' "$f" 2>/dev/null)
    steps=$(jq '.steps | length' "$f" 2>/dev/null)
    chars=$(jq -r '.text | length - 2' "$f" 2>/dev/null) # written: all but 春风
    stepchars=$(jq -j '.steps[] | .char' "$f" 2>/dev/null)
    if [ "$text" = "$poem" ] && [ "$(jq -r .code "$f")" = "$ecode" ] &&
        [ "$steps" -eq "$chars" ] && [ "$stepchars" = "$(jq -r '.text | ltrimstr("春风")' "$f")" ] &&
        [ "$(jq '[.steps[] | select((.top | length) == 8 and .origin == "model")] | length' "$f")" -eq "$steps" ] &&
        [ "$(jq -r .prompt "$f")" = 春风 ] && [ ! -e "$f.tmp" ]; then
        pass session_explorer_same_poem
    else
        fail session_explorer_same_poem "explorer wrote '$text' ($steps steps of $chars), generate --code '$poem'"
    fi
else
    fail session_explorer_same_poem "Enter and x did not write and save"
fi

# an acrostic made in the explorer (seed 4 from the code, s: 5): its code, from the
# export, writes the same with generate
e2e_keys C-u
e2e_keys -l 春眠不觉
e2e_keys a a
if until_ok shows_regex 'acrostic 5' && e2e_keys s Enter &&
    until_ok shows "wrote " && e2e_keys x && until_ok one_capture saved_in; then
    f="$TMP/work/$saved"
    acode=$(jq -r .code "$f")
    text=$(jq -r '.text | rtrimstr("\n")' "$f")
    if [ "$(gen --code "$acode" --json | jq -r '.poems[0]')" = "$text" ] &&
        [ "$(jq -r .form.heads "$f")" = 春眠不觉 ] && [ "$(jq -r .seed "$f")" = 5 ]; then
        pass session_explorer_acrostic
    else
        fail session_explorer_acrostic "generate --code $acode did not write '$text'"
    fi
else
    fail session_explorer_acrostic "no acrostic written and saved"
fi

# the code in the title after Space x3 then Enter, and after picks: the title
# says + Enter, generate --code writes the text on screen, and the explorer
# opened from it writes it again with Enter
for keys in "Space Space Space" "2 Space 1"; do
    name=session_code_after_$(printf '%s' "$keys" | tr ' ' _)
    open
    e2e_keys -l 春风
    # shellcheck disable=SC2086
    for k in $keys; do e2e_keys "$k"; sleep 0.2; done
    e2e_keys Enter
    if ! until_ok shows "wrote " || ! until_ok shows "+ Enter" || ! e2e_keys x ||
        ! until_ok one_capture saved_in; then
        fail "$name" "Enter did not write, or the title does not say + Enter"
        continue
    fi
    c=$title
    text=$(jq -r '.text | rtrimstr("\n")' "$TMP/work/$saved")
    e2e_keys q
    open --code "$c"
    e2e_keys Enter
    if until_ok shows "wrote " && e2e_keys x && until_ok one_capture saved_in &&
        [ "$(jq -r '.text | rtrimstr("\n")' "$TMP/work/$saved")" = "$text" ] &&
        [ "$(gen --code "$c" --json | jq -r '.poems[0]')" = "$text" ]; then
        pass "$name"
    else
        fail "$name" "code '$c' did not write '$text' again"
    fi
    e2e_keys q
done

# the explorer opens a newer tangscope's code too, and its status line says
# which setting it left at its default
if [ "$MODEL" != "$ROOT/assets/tang.bin" ]; then
    skip session_explorer_newer_setting "the code is the bundled model's, not $MODEL's"
elif open --code "$newer" && until_ok shows "sampler setting 6"; then
    pass session_explorer_newer_setting
else
    fail session_explorer_newer_setting "no note for code $newer: $(screen | tail -n 2)"
fi
e2e_keys q

# x also writes a document to hand in (the .md beside the JSON), and
# --session opens the saved session again: the same text on screen
# (with the pinyin table from this tree, wherever the program under test lives)
open_home() {
    e2e_launch 80x24 TANGSCOPE_HOME="$ROOT" -- --model "$MODEL" --no-corpus --lang en "$@"
    e2e_wait "next  "
}
open_home
e2e_keys -l 春风
e2e_keys Space
sleep 0.2
e2e_keys Enter
if until_ok shows "wrote " && e2e_keys x && until_ok one_capture saved_in; then
    f="$TMP/work/$saved"
    md="${f%.json}.md"
    text=$(jq -r '.text | rtrimstr("\n")' "$f")
    first=$(printf '%s' "$text" | sed 's/，.*//')
    written=$(jq '.steps | length' "$f")
    rows=$(grep -c '^| [0-9]' "$md" 2>/dev/null)
    if [ -s "$md" ] && grep -qF "$first，" "$md" && grep -q '^chūn fēng' "$md" &&
        grep -q '^- 春 chūn: spring' "$md" && grep -q "^- code: \`$(jq -r .code "$f")\` + Enter" "$md" &&
        grep -q -- '--temperature 0.8' "$md" && [ "$rows" -eq "$written" ] &&
        grep -q "tangscope --session $(basename "$f")" "$md"; then
        pass session_export_markdown
    else
        fail session_export_markdown "the document lacks the verse, pinyin, glosses, code or the $written rows ($rows): $(head -20 "$md" 2>/dev/null)"
    fi
    e2e_keys q
    open_home --session "$f"
    if until_ok shows "wrote " && e2e_keys x && until_ok one_capture saved_in &&
        [ "$(jq -r '.text | rtrimstr("\n")' "$TMP/work/$saved")" = "$text" ]; then
        pass session_reopen_file
    else
        fail session_reopen_file "--session did not bring back '$text'"
    fi
    e2e_keys q
    # y on when x saved it: on again when it is opened (readings under the text)
    open_home --session "$f"
    if until_ok shows "wrote " && e2e_keys y && until_ok shows "chūn" && e2e_keys x &&
        until_ok one_capture saved_in && [ "$(jq -r .show_pinyin "$TMP/work/$saved")" = true ]; then
        e2e_keys q
        open_home --session "$TMP/work/$saved"
        if until_ok shows_all "wrote " "chūn"; then
            pass session_reopen_pinyin
        else
            fail session_reopen_pinyin "--session of a session saved with y on shows no pinyin"
        fi
    else
        fail session_reopen_pinyin "y and x did not save \"show_pinyin\": true"
    fi
    e2e_keys q
else
    fail session_export_markdown "Enter and x did not write and save"
fi
# the hand-in speaks the interface language: its settings named as the
# screen names them (French with its no-break spaces before : and ;), the
# probability column saying it is the model's
nb=$(printf '\302\240')
for l in fr de zh; do
    mkdir -p "$TMP/handin-$l"
    (cd "$TMP/handin-$l" && "$BIN" jueju --model "$MODEL" --lang "$l" --export >/dev/null 2>&1)
    md=$(ls "$TMP/handin-$l"/*.md 2>/dev/null | head -n 1)
    case $l in
    fr) want="^- modèle${nb}: \`|^- code${nb}: \`[^\`]*\` \\+ Entrée|^- forme${nb}: jueju à 5 caractères${nb}; début de poème\$|proba\\. du modèle" ;;
    de) want='^- Modell: `|^- Code: `[^`]*` \+Eingabe|^- Form: Jueju, 5 Zeichen je Zeile; Gedichtanfang$|Wahrsch\. \(Modell\)' ;;
    zh) want='^- 模型：`|^- 分享码：`[^`]*` \+ 回车|^- 格式：五言绝句；诗的开头$|模型给的概率' ;;
    esac
    n=$(grep -cE "$want" "$md" 2>/dev/null)
    if [ "${n:-0}" -eq 4 ] && ! grep -qE '^- (model|form|code):|characters a line|at the start of a poem' "$md"; then
        pass "session_handin_$l"
    else
        fail "session_handin_$l" "$n of 4 lines in $l: $(sed -n '/^## /,$p' "$md" 2>/dev/null | head -12)"
    fi
done

# x on an empty text asks first: Esc saves nothing, x then Enter saves
open
before=$(ls "$TMP/work" | wc -l)
e2e_keys x
if until_ok shows "nothing written yet: save an empty hand-in? Enter or y saves" && e2e_keys Escape &&
    until_ok shows "not saved: type or write a poem first" && [ "$(ls "$TMP/work" | wc -l)" -eq "$before" ] &&
    e2e_keys x && until_ok shows "nothing written yet" && e2e_keys Enter &&
    until_ok one_capture saved_in && [ "$(jq -r .text "$TMP/work/$saved")" = "" ]; then
    pass session_export_empty_asks
else
    fail session_export_empty_asks "x on an empty text did not ask, or Esc saved, or Enter did not"
fi
e2e_keys q
expect_error session_not_a_session 2 "is not a session saved by tangscope" "$BIN" --session "$TMP/a.json"
# a session is a file tangscope saved: a FIFO (with no writer, or any other
# file that is not plain) is refused at once, never waited on
mkfifo "$TMP/s.fifo"
expect_error session_fifo_refused 2 "not a plain file; a session file is read only from one" \
    timeout 10 "$BIN" --session "$TMP/s.fifo"
# over 128 characters there is no code, and the title says so instead of
# leaving it out
long=$(for i in $(seq 1 66); do printf 春风; done)
open --prompt "$long"
if until_ok shows "no code: text too long (128 max.)"; then
    pass session_code_too_long
else
    fail session_code_too_long "the title does not say why there is no code"
fi
# (the cost panel further below opens in its own explorer: its table is the models', whatever the text)
e2e_keys q

# a long text made from a short prompt by keys still has a code: Enter at a
# high temperature, then Space and Backspace; the code opens the same text
open --prompt 明月夜
e2e_keys T T T T T T
sleep 0.3
e2e_keys Enter
if until_ok shows "wrote " && e2e_keys Space BSpace Space && sleep 0.3 && e2e_keys x &&
    until_ok one_capture saved_in && [ -n "$title" ]; then
    long_text=$(jq -r .text "$TMP/work/$saved")
    long_code=$title
    long_json_ok=0
    [ "$(jq -r .prompt "$TMP/work/$saved")" = 明月夜 ] && [ "$(jq .code_steps "$TMP/work/$saved")" -ge 2 ] &&
        [ "$(jq -r .code "$TMP/work/$saved")" = "$long_code" ] && long_json_ok=1
    e2e_keys q
    open --code "$long_code"
    if [ $long_json_ok -eq 1 ] && [ "$(printf '%s' "$long_text" | wc -m)" -gt 128 ] && e2e_keys x &&
        until_ok one_capture saved_in && [ "$(jq -r .text "$TMP/work/$saved")" = "$long_text" ] &&
        [ "$title" = "$long_code" ]; then
        pass session_code_long_text
    else
        fail session_code_long_text "code $long_code did not open the $(printf '%s' "$long_text" | wc -m) characters"
    fi
else
    fail session_code_long_text "no code in the title after Enter at temperature 1.4: $(screen | head -1)"
fi
e2e_keys q
# the code as the French title shows it, "+ Entrée" included, opens and writes
e2e_launch 80x24 -- --model "$MODEL" --no-corpus --lang fr --code "$ecode + Entrée"
if until_ok shows "$ecode" && until_ok shows "+ Entrée"; then
    pass session_code_plus_enter
else
    fail session_code_plus_enter "--code '$ecode + Entrée' did not open with Enter's poem: $(screen | tail -2)"
fi
e2e_keys q
open --prompt "$long"

# ---- the KV cache's cost (r) ----

kv_panel() {
    shows "KV cache memory by model" && shows "DeepSeek-V3, latent (61×576)" &&
        shows_regex '7B, multi-head \(32×4,096\) +512 KiB' && shows_regex '8B, grouped-query .* +128 KiB' &&
        shows_regex 'DeepSeek-V3, latent \(61×576\) +68\.6 KiB' && shows "this model (" && shows "now ("
}
e2e_keys r
kv_panel_alone() { kv_panel && hides "temperature"; }
if until_ok one_capture kv_panel_alone; then pass session_kvcache_80x24; else fail session_kvcache_80x24 "the cost table is missing or cut"; fi
tm resize-window -t "$SESSION" -x 110 -y 34
kv_panel_wide() { kv_panel && shows "at 4,096"; }
if until_ok one_capture kv_panel_wide; then pass session_kvcache_110x34; else fail session_kvcache_110x34 "the cost table is missing at 110x34"; fi
e2e_keys r
sliders_back() { shows "temperature" && hides "KV cache memory by model"; }
if until_ok one_capture sliders_back; then pass session_kvcache_closes; else fail session_kvcache_closes "r did not bring the sliders back"; fi
e2e_keys q
until_ok shows "EXITED 0" >/dev/null

[ "$failed" -eq 0 ]
