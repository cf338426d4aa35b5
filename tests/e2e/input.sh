#!/bin/sh
# input.sh - forgiving input and pinyin, end to end: traditional characters
# and ASCII punctuation in every command's text (probs, generate, acrostic,
# corpus, the explorer), `probs --pinyin` and the input method `probs
# --pinyin-input`, and the readings table rebuilt from Unihan.
#
# References from outside the code under test: the simplified text typed
# directly (probs 春风 for probs 春風), the readings of any dictionary (吹
# chuī, 春 chūn, 纯 chún), and the model's own full ranking from `probs --top`.
#
# usage: TANGSCOPE=./tangscope sh tests/e2e/input.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
. tests/e2e/lib/tmux.sh
. tests/e2e/lib/expect.sh
e2e_setup input
T=${TANGSCOPE:-./tangscope}
MODEL=assets/tang.bin
TINY=tests/data/tiny.bin
work=$TMP


# same_output NAME NOTICE CMD_A -- CMD_B: the same stdout; A says NOTICE on
# stderr in one line, B says nothing
same_output() {
    name=$1 notice=$2
    shift 2
    a=""
    while [ "$1" != "--" ]; do a="$a $1"; shift; done
    shift
    # shellcheck disable=SC2086
    $a >"$work/a.out" 2>"$work/a.err" && "$@" >"$work/b.out" 2>"$work/b.err"
    st=$?
    if [ "$st" -ne 0 ]; then
        fail "$name" "exit status $st: $(cat "$work/a.err" "$work/b.err")"
    elif ! cmp -s "$work/a.out" "$work/b.out"; then
        fail "$name" "different output: $(head -2 "$work/a.out") / $(head -2 "$work/b.out")"
    elif [ "$(cat "$work/a.err")" != "$notice" ]; then
        fail "$name" "notice '$(cat "$work/a.err")', want '$notice'"
    elif [ -s "$work/b.err" ]; then
        fail "$name" "the simplified text gave a notice: $(cat "$work/b.err")"
    else
        pass "$name"
    fi
}

# --- traditional characters and punctuation, in every command ---
same_output probs-traditional "tangscope probs: read 風 as 风" \
    $T probs 春風 --model $MODEL -- $T probs 春风 --model $MODEL
same_output probs-traditional-mid-text "tangscope probs: read 風 as 风, 國 as 国" \
    $T probs 風國 --mid-text --model $MODEL -- $T probs 风国 --mid-text --model $MODEL
same_output probs-ascii-comma "tangscope probs: read ',' as ，" \
    $T probs 春风, --model $MODEL -- $T probs 春风， --model $MODEL
same_output probs-question-mark "tangscope probs: read '?' as 。" \
    $T probs 春风? --model $MODEL -- $T probs 春风。 --model $MODEL
same_output probs-full-width "tangscope probs: read ！ as 。, 、 as ，" \
    $T probs 春风！秋、 --model $MODEL -- $T probs 春风。秋， --model $MODEL
same_output generate-traditional "tangscope generate: read 龍 as 龙" \
    $T generate 龍 --seed 3 --model $MODEL -- $T generate 龙 --seed 3 --model $MODEL
same_output acrostic-traditional "tangscope acrostic: read 覺 as 觉" \
    $T acrostic 春眠不覺 --chars 5 --model $MODEL -- $T acrostic 春眠不觉 --chars 5 --model $MODEL
same_output corpus-traditional "tangscope corpus: read 風 as 风" \
    $T corpus 春風 --top 3 -- $T corpus 春风 --top 3

if $T probs 春風 --json --model $MODEL 2>/dev/null |
    grep -qF '"converted": [{"from": "風", "to": "风"}]' &&
    $T probs 春风 --json --model $MODEL | grep -qF '"converted": []' &&
    $T generate 春風 --json --model $MODEL 2>/dev/null | grep -qF '"converted": [{"from": "風", "to": "风"}]' &&
    $T corpus 春風 --json 2>/dev/null | grep -qF '"converted": [{"from": "風", "to": "风"}], "count": 1016'; then
    pass json-converted
else
    fail json-converted "probs, generate or corpus --json lacks the \"converted\" field"
fi

# a character still unknown is named, as typed, in one line that also says
# what was converted (the fixture model knows 风 but neither 貓 nor 猫)
expect_error unknown-after-convert 2 "character '貓' (U+8C93) at position 2 is not in the model's vocabulary (after reading 風 as 风)" \
    $T probs 風貓 --model $TINY
expect_error unknown-heads-after-convert 2 "acrostic head 2, '貓' (U+8C93), is not in the model's vocabulary" \
    $T acrostic 風貓 --chars 5 --model $TINY

# without OpenCC's data: the text as typed, and the line says why
expect_error no-opencc-data 2 "(traditional characters were not converted: OpenCC's $work/none.json could not be loaded" \
    env TANGSCOPE_OPENCC_CONFIG="$work/none.json" $T probs 春風 --model $MODEL
env TANGSCOPE_OPENCC_CONFIG="$work/none.json" $T corpus 春風 >"$work/out" 2>"$work/err"
if [ $? -eq 0 ] && [ "$(wc -l <"$work/err")" -eq 1 ] &&
    grep -qF "tangscope corpus: traditional characters were not converted: OpenCC's" "$work/err" &&
    grep -qF "「春風」 does not occur" "$work/out"; then
    pass no-opencc-data-corpus
else
    fail no-opencc-data-corpus "$(cat "$work/err") / $(head -1 "$work/out")"
fi
if env TANGSCOPE_OPENCC_CONFIG="$work/none.json" $T probs 春风, --model $MODEL 2>"$work/err" >/dev/null &&
    [ "$(cat "$work/err")" = "tangscope probs: read ',' as ，" ]; then
    pass no-opencc-data-punctuation
else
    fail no-opencc-data-punctuation "$(cat "$work/err")"
fi

# --- pinyin beside the candidates ---
# (吹 is among the 50 likeliest after 春风 for any model that has read the
# poems; where it ranks is the model's business)
$T probs 春风 --pinyin --top 50 --model $MODEL >"$work/py.txt"
if grep -qE '^ *[0-9]+  吹 .*chuī  *blow$' "$work/py.txt"; then
    pass probs-pinyin-text
else
    fail probs-pinyin-text "no line with 吹 chuī blow: $(sed -n 2p "$work/py.txt")"
fi
# every reading is listed, the one the text gives first, with its meaning:
# 行 after 银 is háng (银行 yínháng, "bank"), after 春 xíng, the customary one
$T probs 银 --pinyin --top 100000 --model $MODEL >"$work/yin.txt"
$T probs 春 --pinyin --top 100000 --model $MODEL >"$work/chun1.txt"
if grep -qE '^ *[0-9]+  行 .*  háng xíng héng hàng xìng +.*bank' "$work/yin.txt" &&
    grep -qE '^ *[0-9]+  行 .*  xíng háng héng hàng xìng +go' "$work/chun1.txt" &&
    $T probs 银 --pinyin --json --top 100000 --model $MODEL |
    grep -q '"char": "行", [^}]*"pinyin": \["háng", "xíng", "héng", "hàng", "xìng"\]'; then
    pass probs-pinyin-context-first
else
    fail probs-pinyin-context-first "$(grep '  行 ' "$work/yin.txt" "$work/chun1.txt")"
fi
# --json: the same candidate, probability and id as without --pinyin, with
# its reading and gloss added, on each of the 50 candidates
$T probs 春风 --pinyin --json --top 50 --model $MODEL >"$work/py.json"
$T probs 春风 --json --top 50 --model $MODEL >"$work/plain.json"
chui=$(grep -o '{"char": "吹", "prob": [0-9.e-]*, "id": [0-9]*, ' "$work/plain.json")
if [ -n "$chui" ] && grep -qF "$chui\"pinyin\": [\"chuī\"], \"gloss\": \"blow\", \"stages\": {" "$work/py.json" &&
    [ "$(grep -o '"pinyin": ' "$work/py.json" | wc -l)" -eq 50 ] &&
    [ "$(grep -o '"gloss": ' "$work/py.json" | wc -l)" -eq 50 ]; then
    pass probs-pinyin-json
else
    fail probs-pinyin-json "$(head -c 300 "$work/py.json")"
fi

# --- the model as an input method ---
$T probs 春风 --pinyin-input chun --top 50 --model $MODEL >"$work/chun.txt"
$T probs 春风 --pinyin-input chun1 --top 50 --model $MODEL >"$work/chun1.txt"
if grep -q ' 春 ' "$work/chun.txt" && grep -q ' 纯 ' "$work/chun.txt" &&
    grep -q ' 春 ' "$work/chun1.txt" && ! grep -q ' 纯 ' "$work/chun1.txt"; then
    pass pinyin-input-tones
else
    fail pinyin-input-tones "chun should list 春 and 纯, chun1 only 春"
fi
# the same candidates (the lines that list them) for the tone as a mark
$T probs 春风 --pinyin-input chūn --top 50 --model $MODEL >"$work/chun-mark.txt"
if grep -E '^ +[0-9]+  ' "$work/chun1.txt" >"$work/a" &&
    grep -E '^ +[0-9]+  ' "$work/chun-mark.txt" >"$work/b" &&
    [ -s "$work/a" ] && cmp -s "$work/a" "$work/b"; then
    pass pinyin-input-tone-mark
else
    fail pinyin-input-tone-mark "chūn and chun1 differ"
fi
# the order and the probabilities are the model's: each listed character's
# probability and rank as `probs --top 7311` (all of them) has them
$T probs 春风 --top 7311 --model $MODEL >"$work/all.txt"
# (a probability is one field, 0.77%, or three below 0.01%: 1 in 310,000)
awk '$1 ~ /^[0-9]+$/ && NF >= 3 { p = $4 == "in" ? $3 "_in_" $5 : $3; print $2, p, $1 }' \
    "$work/all.txt" >"$work/all.rank"
awk '$1 ~ /^[0-9]+$/ { i = $4 == "in" ? 6 : 4; p = i == 6 ? $3 "_in_" $5 : $3 }
     $1 ~ /^[0-9]+$/ && $i == "rank" { print $2, p, $(i + 1) }' "$work/chun.txt" >"$work/ime.rank"
bad=$(awk 'NR == FNR { want[$1] = $2 " " $3; next }
           { if (want[$1] != $2 " " $3) { print $1 " " $2 " " $3 " vs " want[$1]; exit } }' \
    "$work/all.rank" "$work/ime.rank")
sorted=$(awk '{ print $3 }' "$work/ime.rank" | sort -n -c 2>&1 && echo ok)
if [ -z "$bad" ] && [ "$sorted" = ok ] && [ "$(wc -l <"$work/ime.rank")" -ge 5 ]; then
    pass pinyin-input-ranked-by-model
else
    fail pinyin-input-ranked-by-model "${bad:-not in the model's order}"
fi
if $T probs 春风 --pinyin-input lv --model $MODEL | grep -q ' 绿 ' &&
    $T probs 春风 --pinyin-input lu: --model $MODEL | grep -q ' 绿 '; then
    pass pinyin-input-u-umlaut
else
    fail pinyin-input-u-umlaut "lv and lu: should find 绿 (lǜ)"
fi
if $T probs 春风 --pinyin-input chun1 --json --model $MODEL |
    grep -q '"pinyin_input": "chun1", "matches": [0-9]*, "matches_prob": [0-9.]*, "candidates": \[{"char": "春", "prob": [0-9.]*, "id": [0-9]*, "rank": [0-9]*, "pinyin": \["chūn"\], "gloss": "spring", "stages": {'; then
    pass pinyin-input-json
else
    fail pinyin-input-json "$($T probs 春风 --pinyin-input chun1 --json --model $MODEL | head -c 300)"
fi
expect_error pinyin-input-bad 2 "--pinyin-input: 'chun9' is not a pinyin syllable" \
    $T probs 春风 --pinyin-input chun9 --model $MODEL

# a damaged table: one line naming the file and the line
mkdir -p "$work/home/assets"
sed '8s/\t[^\t]*$//' assets/pinyin.tsv >"$work/home/assets/pinyin.tsv"
expect_error pinyin-damaged 2 "pinyin.tsv' line 8: 3 tab-separated fields, want 4" \
    env TANGSCOPE_HOME="$work/home" $T probs 春风 --pinyin --model $MODEL

# --- the committed table is what tools/build-pinyin.sh makes from Unihan ---
# (the table is no build's: under a sanitizer or emulation the same script's run on the
# default build, in make test, has checked it)
unihan=$(dpkg -L unicode-data 2>/dev/null | grep '/Unihan_Readings\.txt\(\.bz2\)\?$' | head -n 1)
if [ -n "${TANGSCOPE_SANITIZED:-}" ] || [ -n "${TANGSCOPE_EMULATED:-}" ]; then
    echo "SKIP pinyin-rebuild: the same under every build; make test checks it"
elif [ -z "$unihan" ]; then
    echo "SKIP pinyin-rebuild: the unicode-data package is not installed"
else
    have=$(sed -n 's/^.*Unihan_Readings.txt (Unicode \([0-9.]*\)).*/\1/p' assets/pinyin.tsv)
    case $unihan in *.bz2) v=$(bzip2 -dc "$unihan" | sed -n '/^# Unicode version: /{s///p;q;}') ;;
        *) v=$(sed -n '/^# Unicode version: /{s///p;q;}' "$unihan") ;; esac
    if [ "$v" != "$have" ]; then
        echo "SKIP pinyin-rebuild: Unihan $v is installed, the table was made from $have"
    elif tools/build-pinyin.sh --out "$work/rebuilt.tsv" >/dev/null &&
        cmp -s "$work/rebuilt.tsv" assets/pinyin.tsv; then
        pass pinyin-rebuild
    else
        fail pinyin-rebuild "tools/build-pinyin.sh does not give assets/pinyin.tsv"
    fi
fi

# --- the explorer: 風 typed becomes 风, with a notice ---
e2e_launch 80x24 -- explore --model "$TINY" --corpus tests/data/tiny-corpus.txt --lang en
if until_ok shows "Type a prompt"; then
    e2e_keys -l "春風"
    if until_ok shows "read as the model writes it: 風 → 风"; then
        pass explorer-traditional
    else
        fail explorer-traditional "no notice: $(screen | tail -2)"
    fi
    e2e_keys -l "貓"
    if until_ok shows "'貓' (U+8C93)"; then
        pass explorer-unknown-named
    else
        fail explorer-unknown-named "$(screen | tail -2)"
    fi
else
    fail explorer-traditional "the explorer did not start: $(screen | tail -3)"
fi
# with a damaged table the explorer still runs, and its status line says why
e2e_launch 80x24 TANGSCOPE_HOME="$work/home" -- \
    explore --model "$TINY" --corpus tests/data/tiny-corpus.txt --lang en
if until_ok shows_all "no pinyin: " "pinyin.tsv' line 8: 3 tab"; then
    pass explorer-pinyin-damaged
else
    fail explorer-pinyin-damaged "$(screen | tail -2)"
fi

# ---- --pinyin: a prompt or the heads typed in pinyin ----
# each syllable becomes the character the model ranks first there; the heads
# of "chun xia qiu dong" are 春夏秋冬 (the four seasons), said on stderr
if $T acrostic --pinyin "chun xia qiu dong" --chars 5 --model $MODEL >"$work/pa.out" 2>"$work/pa.err" &&
    [ "$(sed 's/[，。]/\n/g' "$work/pa.out" | grep -v '^$' | cut -c1-3 | tr -d '\n')" = 春夏秋冬 ] &&
    grep -q "read as 春夏秋冬" "$work/pa.err" && grep -q "xia     夏 xià" "$work/pa.err"; then
    pass pinyin-acrostic-heads
else
    fail pinyin-acrostic-heads "$(cat "$work/pa.out" "$work/pa.err")"
fi
# generate and probs read the same prompt as 春风 typed in characters
same_pinyin=1
$T generate --pinyin "chun feng" --model $MODEL >"$work/pg.out" 2>/dev/null || same_pinyin=0
$T generate 春风 --model $MODEL >"$work/pg2.out" || same_pinyin=0
cmp -s "$work/pg.out" "$work/pg2.out" || same_pinyin=0
# (probs-pinyin-text's 春风 --pinyin --top 50 above is the one typed in characters)
$T probs --pinyin "chun1 feng" --top 50 --model $MODEL 2>/dev/null | tail -n +2 >"$work/pp.out" || same_pinyin=0
tail -n +2 "$work/py.txt" >"$work/pp2.out"
cmp -s "$work/pp.out" "$work/pp2.out" || same_pinyin=0
$T jueju --pinyin "ming yue" --model $MODEL 2>/dev/null | grep -q '^明月' || same_pinyin=0
if [ $same_pinyin -eq 1 ]; then pass pinyin-prompt; else fail pinyin-prompt "generate/probs/jueju --pinyin"; fi
expect_error pinyin-unknown-syllable 2 "no character of the model reads 'xyz'" \
    $T acrostic --pinyin "chun xyz" --model $MODEL
expect_error pinyin-malformed 2 "is not a pinyin syllable" $T generate --pinyin "chun7" --model $MODEL
expect_error pinyin-and-prompt 2 "not both" $T generate 春风 --pinyin "chun" --model $MODEL

# one answer per kind of mistake: a syllable no character reads exits 2 with one line, as a
# malformed one does, and the hint says how tones are given on the command line and in the explorer
expect_error pinyin-input-unknown 2 "--pinyin-input: no character of the model reads 'xyz'" \
    $T probs 春风 --pinyin-input xyz --model $MODEL
expect_error pinyin-input-run-together 2 "one at a time (chun, not chunfeng)" \
    $T probs 春风 --pinyin-input chunfeng --model $MODEL
if grep -q "in the explorer Tab steps the tone" "$work/err"; then # (the line just above)
    pass pinyin-tone-hint
else
    fail pinyin-tone-hint "the hint does not say how tones are given in the explorer"
fi
# probs --json keeps small probabilities: every one of dong's 12 characters above 0, the
# rarest (侗, 垌: about 1e-8 in the text listing) too
$T probs 春风 --pinyin-input dong --top 20 --json --model $MODEL >"$work/small.json"
if [ "$(jq '[.candidates[] | select(.prob > 0)] | length' "$work/small.json")" -eq "$(jq .matches "$work/small.json")" ] &&
    [ "$(jq '[.candidates[].prob] | min < 0.000001' "$work/small.json")" = true ]; then
    pass probs-json-small
else
    fail probs-json-small "$(jq -c '[.candidates[].prob]' "$work/small.json")"
fi
# no column runs into the next: each reading is followed by two spaces before its gloss
if $T probs 春风 --pinyin-input dong --top 20 --model $MODEL | grep -q 'dòng tóng tǒng  big'; then
    pass probs-columns
else
    fail probs-columns "$($T probs 春风 --pinyin-input dong --top 20 --model $MODEL | grep 侗)"
fi

exit $failed
