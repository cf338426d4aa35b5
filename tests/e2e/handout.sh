#!/bin/sh
# handout.sh - handouts and worksheets (`tangscope lesson --print [--worksheet]`,
# `tangscope demo --worksheet`) end to end.
#
# A fixture lesson (tests/data/lesson-handout.md) runs on the fixture model
# tests/data/tiny.bin and its training text, and its worksheet must be the
# one written by hand in tests/data/lesson-handout.worksheet.md: poems as
# verse (a line of the poem to a line, the model's lines lined up with the
# typed ones), the questions numbered without their answers, the answers at
# the end. Its figures come from the reference logits of tools/tsmodel.py
# (tests/data/tiny-logits.txt: softmax of logits / 0.5, computed in float64)
# and the training text counted by hand, written as the bars write them:
# 0.74%, not 0.7%. The model's own poem (step 5) has no outside reference for
# its bars: they are left out of the comparison, its verse is not. The same
# lesson in a French and a Chinese folder must write their colons as French
# and Chinese do. Then a poem of the bundled lesson 2 stands as verse in its
# handout, and lesson 7's compare text stands once, with its prompt. The
# views a step opens stand on paper as the screen shows them
# (tests/data/lesson-handout-views.md): the mask triangle (the grids in
# tests/data/lesson-handout-views.masks, by hand), the memory table (the
# sizes of `tangscope kvcache --json`), the weights panel, the cache line;
# and the views that are read (tests/data/lesson-handout-read.md): the text
# read (the words of assets/words.tsv), the messages, the entropy of a draw
# (from the reference logits), in English and in German.
# (That every bundled lesson's worksheet gives no answer away before its
# answers, and lessons 7 and 9 their pictures, is checked by lessons.sh, on
# the run that prints them.)
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/handout.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
T=${TANGSCOPE:-./tangscope}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
TINY="--model tests/data/tiny.bin --corpus tests/data/tiny-corpus.txt --threads 1"
LESSON=tests/data/lesson-handout.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"
failed=0
NBSP=$(printf '\302\240')

. tests/e2e/lib/check.sh

# has NAME FILE TEXT: FILE holds the line TEXT exactly
has() {
    if grep -qxF -- "$3" "$2"; then pass "$1"; else fail "$1" "no line '$3' in: $(head -c 400 "$2")"; fi
}

# --- the fixture's worksheet, line by line as written by hand ---
$T lesson --print --worksheet $LESSON $TINY >"$work/w" 2>"$work/err"
status=$?
[ "$status" -eq 0 ] && [ ! -s "$work/err" ] && pass worksheet-status || fail worksheet-status "status $status: $(cat "$work/err")"
# step 5's bars, training-text line and the line under the bars: the model's
# own poem, no reference (but the form's share must be in that line)
awk '/^## 5\./ { s = 1 } /^## 6\./ { s = 0 }
     s && /^- sampler keeps/ { gap = 1; next } gap && $0 == "" { gap = 0; next } { gap = 0 }
     s && (/^\| [1-8] \|/ || /^training text after/) { next } { print }' "$work/w" >"$work/w5"
if awk '/^## 5\./ { s = 1 } /^## 6\./ { s = 0 } s && /^- sampler keeps 1, removes .* · blocked [0-9.]*%/ { f = 1 }
        END { exit !f }' "$work/w"; then
    pass worksheet-blocked-share
else
    fail worksheet-blocked-share "no '· blocked N%' in the line under step 5's bars (jueju)"
fi
if diff "$work/w5" tests/data/lesson-handout.worksheet.md >"$work/diff"; then
    pass worksheet-as-written
else
    fail worksheet-as-written "$(head -20 "$work/diff")"
fi

# a quiz's `answer`: under its question in a handout, and in a worksheet only
# in the answers section (the teacher's copy), never with the question
Q=tests/data/lesson-quiz.md
A="23, counting the newline and the punctuation"
$T lesson --print $Q $TINY >"$work/qh" 2>"$work/err"
has handout-quiz-answer "$work/qh" "> **answer:** $A"
$T lesson --print --worksheet $Q $TINY >"$work/qw" 2>"$work/err"
if awk -v A="> **answer:** $A" '/^## Answers/ { ans = 1 } $0 == A { if (ans) seen = 1; else early = 1 }
        END { exit !(seen && !early) }' "$work/qw"; then
    pass worksheet-quiz-answer
else
    fail worksheet-quiz-answer "the answer is not (only) in the answers section: $(grep -n "$A" "$work/qw")"
fi

# --worksheet belongs to --print: alone it is refused with one line, status 2
$T lesson --worksheet $LESSON $TINY >"$work/out" 2>"$work/err"
status=$?
[ "$status" -eq 2 ] && has worksheet-alone "$work/err" "tangscope lesson: --worksheet goes with --print" ||
    fail worksheet-alone "status $status: $(cat "$work/err")"

# --- the same lesson as a handout: answers under their questions, verse too ---
$T lesson --print $LESSON $TINY >"$work/h" 2>"$work/err"
has handout-question "$work/h" "> **question:** Is 风 the first after 春风?"
has handout-small-share "$work/h" "| 4 | 云 | 3.8% | 0.74% | 0/7 0% |"
has handout-verse "$work/h" "      山水白日云天。"
has handout-aligned "$work/h" "          秋水日。"  # 6 of the block, 4 under 山水
grep -q "^## Answers" "$work/h" && fail handout-no-answers "an answers section" || pass handout-no-answers
[ "$(grep -c "^| 1 | 风 | 41.1% | 85.7%" "$work/h")" -eq 3 ] && pass handout-every-step ||
    fail handout-every-step "the bars of steps 1-3: $(grep -c "^| 1 | 风 | 41.1%" "$work/h")"

# --- French and Chinese: their colons ---
mkdir -p "$work/lessons/fr" "$work/lessons/zh"
cp $LESSON "$work/lessons/fr/01-feuille.md"
cp $LESSON "$work/lessons/zh/01-讲义.md"
$T lesson --print --worksheet "$work/lessons/fr/01-feuille.md" $TINY >"$work/fr" 2>&1
has fr-text "$work/fr" "- texte$NBSP: 春风"
has fr-settings "$work/fr" "- Réglages$NBSP: température 0,50 · top-k inactif · top-p 1,00 · min-p 0,00 · graine 1 · cache KV actif · libre · extrait"
has fr-small-share "$work/fr" "| 4 | 云 | 3,8$NBSP% | 0,74$NBSP% | 0/7 0$NBSP% |"
has fr-question "$work/fr" "> **Question 1$NBSP:** Is 风 the first after 春风?"
has fr-answer-line "$work/fr" "Votre réponse$NBSP: ________________________________________"
has fr-see "$work/fr" "Cette étape répond à la question 1$NBSP: voir le corrigé à la fin."
has fr-answers "$work/fr" "## Corrigé"
$T lesson --print --worksheet "$work/lessons/zh/01-讲义.md" $TINY >"$work/zh" 2>&1
has zh-text "$work/zh" "- 文本：春风"
has zh-wrote "$work/zh" "- 模型写出："
has zh-question "$work/zh" "> **第 1 题：**Is 风 the first after 春风?"
has zh-answer-line "$work/zh" "答：________________________________________"
has zh-see "$work/zh" "这一步揭晓第 1 题的答案，见文末的参考答案。"
has zh-answers "$work/zh" "## 参考答案"
# the lines the handout writes itself (its labels, the question, the line
# to write on; not the screen's own lines, "X : rang", "après 「春风」 : 7 fois"): no ASCII colon in
# Chinese, none without its no-break space in French
own='^- 文本\|^- 模型写出\|^- 设置\|^- texte\|^- Le modèle\|^- Réglages\|^> \|^答\|^Votre'
if grep "$own" "$work/zh" | grep -q ":"; then fail zh-no-ascii-colon "$(grep "$own" "$work/zh" | grep -m1 ":")"; else pass zh-no-ascii-colon; fi
if grep "$own" "$work/fr" | grep -q "[^$NBSP]:"; then
    fail fr-no-bare-colon "$(grep "$own" "$work/fr" | grep -m1 "[^$NBSP]:")"
else
    pass fr-no-bare-colon
fi

# --- the views a step opens, on paper (tests/data/lesson-handout-views.md) ---
# the masks as the view draws them: ones(4, 4).tril() and, with the cache,
# ones(1, 5).tril(4), written by hand (rows of this pass marked >)
V=tests/data/lesson-handout-views.md
$T lesson --print $V $TINY >"$work/v" 2>"$work/err"
status=$?
[ "$status" -eq 0 ] && [ ! -s "$work/err" ] && pass views-status || fail views-status "status $status: $(cat "$work/err")"
awk '/^```$/ { on = !on; next } on' "$work/v" >"$work/masks"
if diff tests/data/lesson-handout-views.masks "$work/masks" >"$work/diff"; then
    pass views-mask
else
    fail views-mask "$(head -12 "$work/diff")"
fi
# the memory table: per token and at 4,096 tokens as `kvcache --json` gives
# them in bytes (256 B and 1 MiB for the fixture's 2 layers of 16 numbers)
want=$($T kvcache --json --model tests/data/tiny.bin | tr '{' '\n' |
    sed -n 's/.*"bytes_per_token": \([0-9]*\), "total_bytes": \([0-9]*\).*/\1 \2/p' |
    awk 'function size(b,   u, n) { split("B KiB MiB GiB", n, " "); u = 1
             while (u < 4 && b >= 1024) { b /= 1024; u++ }
             return ((b == int(b) || b >= 100 || u == 1) ? sprintf("%.0f", b) : sprintf("%.1f", b)) " " n[u] }
         { printf "%s|%s\n", size($1), size($2) }')
got=$(awk -F' [|] ' '/^\| / && NF == 4 && $2 ~ /[0-9]/ && $1 !~ /fp32|bf16|int8/ { print $2 "|" substr($4, 1, length($4) - 2) }' "$work/v")
if [ "$(echo "$want" | head -1)" = "256 B|1 MiB" ] && [ "$got" = "$want" ]; then
    pass views-memory
else
    fail views-memory "want $(echo $want), got $(echo $got)"
fi
# the weights: a row per precision, float32's file as large as the model's,
# the divergence from float32 under int8
size=$(wc -c <tests/data/tiny.bin | awk '{ printf "%.1f KiB", $1 / 1024 }')
if grep -q "^| fp32 | 4 | $size | " "$work/v" && grep -q "^| > int8 | 1 | " "$work/v" &&
    grep -q "^- KL divergence from fp32: " "$work/v"; then
    pass views-weights
else
    fail views-weights "no weights panel with fp32 $size: $(grep -m3 'fp32' "$work/v")"
fi
# pointing at the sliders after a retyped character: the cache line, one
# position read (the mask of that step is ones(1, 5): one row)
if sed -n '/^## 5\./,$p' "$work/v" | grep -q "^- KV cache: on · [0-9.]* ms, read 1$"; then
    pass views-cache-line
else
    fail views-cache-line "$(sed -n '/^## 5\./,$p' "$work/v" | grep -m2 'KV cache')"
fi

# --- the views that are read, on paper (tests/data/lesson-handout-read.md) ---
R=tests/data/lesson-handout-read.md
$T lesson --print $R $TINY >"$work/r" 2>"$work/err"
status=$?
[ "$status" -eq 0 ] && [ ! -s "$work/err" ] && pass read-status || fail read-status "status $status: $(cat "$work/err")"
# the text read: its line, then each word with the reading and meaning of
# the word list (assets/words.tsv, CC-CEDICT's), no bars in the view's place
word=$(awk -F'\t' '$1 == "春风" { print "    - " $1 " · " $2 " · " $3 }' assets/words.tsv)
step1=$(sed -n '/^## 1\./,/^## 2\./p' "$work/r")
if [ -n "$word" ] && echo "$step1" | grep -qxF -- "- the text read: words, readings, meanings" &&
    echo "$step1" | grep -qxF -- "- 春风" && echo "$step1" | grep -qxF -- "$word" &&
    ! echo "$step1" | grep -q '^| 1 |'; then
    pass read-reading
else
    fail read-reading "want '$word' under '- 春风': $(echo "$step1" | tail -4)"
fi
# the messages below the bars: none yet, and it says so
step2=$(sed -n '/^## 2\./,/^## 3\./p' "$work/r")
if echo "$step2" | grep -qxF -- "- messages, newest first" &&
    echo "$step2" | grep -qxF -- "- no message yet: what goes wrong (a program that fails) is kept here whole" &&
    echo "$step2" | grep -q '^| 1 | 风 | 41.1% |'; then
    pass read-messages
else
    fail read-messages "$(echo "$step2" | tail -4)"
fi
# the entropies: 春风 typed (-) and the sampler's 风 over the entropy of its
# draw, softmax(logits / 0.5) after 春风 in bits from the reference logits
bits=$(awk '/^pos 1 / { for (i = 3; i <= NF; i++) { z[i] = $i / 0.5; if (i == 3 || z[i] > m) m = z[i] }
            for (i = 3; i <= NF; i++) sum += exp(z[i] - m)
            for (i = 3; i <= NF; i++) { p = exp(z[i] - m) / sum; if (p > 0) h -= p * log(p) / log(2) }
            printf "%.1f", h; exit }' tests/data/tiny-logits.txt)
cells=$(sed -n '/^## 3\./,$p' "$work/r" | awk '/^```$/ { on = !on; next } on' | tr -s ' ' | sed 's/ $//')
want=$(printf '春 风 风\n- - %s' "$bits")
if [ "$cells" = "$want" ] &&
    grep -qxF -- "- under 2: nearly decided · 2 to 6: hesitant · 6 or more: wide open" "$work/r"; then
    pass "read-entropy ($bits bits)"
else
    fail read-entropy "want '$want', got '$cells'"
fi
# in German, its own words and its decimal comma
mkdir -p "$work/lessons/de"
cp $R "$work/lessons/de/01-lesen.md"
$T lesson --print "$work/lessons/de/01-lesen.md" $TINY >"$work/rde" 2>&1
debits=$(echo "$bits" | tr . ,)
if grep -qxF -- "- Meldungen, die neueste zuerst" "$work/rde" &&
    grep -qxF -- "- Text gelesen: Lesung und Bedeutung je Wort" "$work/rde" &&
    sed -n '/^## 3\./,$p' "$work/rde" | grep -q "^-  *-  *$debits *$"; then
    pass read-german
else
    fail read-german "$(grep -A3 'Meldungen\|^```' "$work/rde" | head -8)"
fi

if [ ! -f assets/tang.bin ] || [ ! -f lessons/en/01-scores.md ]; then
    echo "SKIP lesson2-verse: no bundled model or lessons, the bundled lesson 2 is not printed"
elif [ "${TANGSCOPE_SANITIZED:-}" = 1 ]; then
    echo "SKIP lesson2-verse: under the sanitizers (make asan) the bundled lessons are not run; the handout code ran on the fixture above, the default build checks it"
elif [ "${TANGSCOPE_EMULATED:-}" = 1 ]; then
    echo "SKIP lesson2-verse: under emulation (make arm64-test) the bundled lessons are not run; the handout code ran on the fixture above, the default build checks it"
else
    # a poem of the model in lesson 2 stands as verse: a quatrain's four lines, one
    # under the other (the lesson's temperature 0.3 and 1.0 poems are quatrains)
    $T lesson --print lessons/en/02-temperature.md >"$work/l2" 2>/dev/null
    rows=$(awk '/^      .*[，。]$/ { n++; if (n > best) best = n; next } { n = 0 } END { print best + 0 }' "$work/l2")
    [ "$rows" -ge 4 ] && pass "lesson2-verse ($rows lines)" || fail lesson2-verse "at most $rows lines of verse in a row"
    # lesson 7 in French: what `compare` wrote stands once, its prompt (the
    # lesson's last prompt before compare) at the head of its verse; later
    # steps point to it
    L7=lessons/fr/07-kv-cache.md
    prompt=$(awk '/^prompt / { p = $2 } /^compare/ { print p; exit }' $L7)
    $T lesson --print $L7 >"$work/l7" 2>/dev/null
    first=$(grep -A2 "^- Le modèle a écrit$NBSP:$" "$work/l7" | sed -n 3p)
    n=$(grep -c "^- Le modèle a écrit$NBSP:$" "$work/l7")
    if [ -n "$prompt" ] && [ "$n" -eq 1 ] && case $first in "      $prompt"?*) true ;; *) false ;; esac &&
        grep -q "^- Le modèle a écrit$NBSP: comme à l’étape [0-9]*$" "$work/l7"; then
        pass "lesson7-compare-once ($prompt)"
    else
        fail lesson7-compare-once "$n texts; first line '$first', want it to start with '$prompt'"
    fi
fi

exit $failed
