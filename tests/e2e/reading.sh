#!/bin/sh
# reading.sh - meanings on screen. The text read (Y): the whole text line by line, under each
# line its words with their readings and meanings, at 80x24 (where it
# scrolls with the arrows) and 110x34, in the explorer and in a lesson
# (`show reading`); an acrostic's heads come first. And with y on, a gloss
# beside each of the 8 bars at 150x40 beside the stage columns, and in a
# lesson's step at 150x40, 110x34 and 80x24 (where the narrow panel gives the
# training text's column to it).
#
# The references are outside the program: the readings of Li Bai's 静夜思, of
# 一行白鹭上青天 and of 将进酒 come from tests/data/tang-readings.tsv (written out
# by hand from school editions), 重阳还家 is read here by hand; the meanings
# the issue asked for (重阳 the Double Ninth, 还 huán "return", 一行 a line of
# egrets, 将进酒 "drink") are the dictionary's words for those readings.
# usage: TANGSCOPE=./tangscope sh tests/e2e/reading.sh   (from the repository root)
set -u
. tests/e2e/lib/tmux.sh
e2e_setup reading

REF=tests/data/tang-readings.tsv
ref() { awk -F '\t' -v l="$1" '$1 == l { print $2 }' "$REF"; }
# the text: its lines and their readings, one line each: LINE<TAB>READINGS
{
    for l in 床前明月光 疑是地上霜 举头望明月 低头思故乡 一行白鹭上青天 将进酒; do
        printf '%s\t%s\n' "$l" "$(ref "$l")"
    done
    printf '%s\t%s\n' 重阳还家 "chóng yáng huán jiā"
} >"$TMP/want.tsv"
if [ "$(awk -F '\t' '$2 == ""' "$TMP/want.tsv" | wc -l)" -ne 0 ]; then
    fail reading_references "a line is missing from $REF"
    exit 1
fi
text=$(awk -F '\t' 'BEGIN { p[0] = "，"; p[1] = "。" } { printf "%s%s", $1, p[(NR - 1) % 2] }' "$TMP/want.tsv")

# The view's rows from its first to its last: the row under the heading at
# each step down, then the rest of the last screen. Prints them, one a line.
view_rows() {
    : >"$TMP/rows"
    last=""
    n=0
    while [ $n -lt 80 ]; do
        # from under the heading to the status line (which says the view's name too)
        screen | awk -v h="$1" 'index($0, h) { if (on) exit; on = 1; next } on' >"$TMP/body"
        top=$(head -1 "$TMP/body")
        if [ "$top" = "$last" ]; then # the last row is in view: the rest of it
            tail -n +2 "$TMP/body" >>"$TMP/rows"
            break
        fi
        printf '%s\n' "$top" >>"$TMP/rows"
        last=$top
        e2e_keys Down
        moved() { [ "$(screen | awk -v h="$1" 'index($0, h) { getline; print; exit }')" != "$last" ]; }
        keep=$TIMEOUT
        TIMEOUT=3 # at the end it never moves: a short wait, then one more look
        until_ok moved "$1" >/dev/null 2>&1 || true
        TIMEOUT=$keep
        n=$((n + 1))
    done
    sed 's/ *$//' "$TMP/rows" | awk 'NF' # no trailing blanks, no empty rows
}

# Each reference line stands as a row, and the word rows under it (two
# spaces, the word, its readings, its meaning) hold its readings in order,
# each word with a meaning.
check_lines() { # NAME ROWS-FILE
    awk -F '\t' -v rows="$2" '
        BEGIN {
            while ((getline r < rows) > 0) row[++n] = r
        }
        {
            line = $1; want = $2; got = ""; found = 0; bare = ""
            for (i = 1; i <= n; i++) {
                t = row[i]; sub(/(，|。)$/, "", t)
                if (t != line) continue
                found = 1
                for (j = i + 1; j <= n && row[j] ~ /^  [^ ]/; j++) {
                    k = split(row[j], f, /  +/) # "", word, readings, meaning
                    got = got (got == "" ? "" : " ") f[3]
                    if (k < 4 || f[4] == "") bare = bare " " f[2]
                }
                break
            }
            if (!found) { print "no row " line; bad = 1 }
            else if (got != want) { print line ": read \"" got "\", want \"" want "\""; bad = 1 }
            else if (bare != "") { print line ": no meaning for" bare; bad = 1 }
        }
        END { exit bad }' "$TMP/want.tsv" >"$TMP/why" 2>&1
}

# the meanings the issue names, on the rows of their words
meanings_ok() { # ROWS-FILE
    grep -qE '^  重阳 +chóng yáng +.*Double Ninth' "$1" &&
        grep -qE '^  还 +huán +.*return' "$1" &&
        grep -qE '^  一行白鹭 +yī háng bái lù +.*line of white egrets|^  一行 +yī háng +.*line' "$1" &&
        grep -qE '^  将进酒 +qiāng jìn jiǔ +.*drink' "$1"
}

for size in 80x24 110x34; do
    e2e_launch "$size" -- --lang en --model "$MODEL" --no-corpus --prompt "$text"
    e2e_wait "sampler" || fail "reading_start_$size" "the explorer did not start"
    e2e_keys Y
    if ! until_ok shows "the text read: words, readings, meanings"; then
        fail "reading_opens_$size" "Y did not open the text read"
        continue
    fi
    view_rows "the text read: words, readings" >"$TMP/rows-$size"
    if check_lines "$size" "$TMP/rows-$size"; then
        pass "reading_every_line_$size"
    else
        fail "reading_every_line_$size" "$(head -3 "$TMP/why")"
    fi
    if meanings_ok "$TMP/rows-$size"; then
        pass "reading_meanings_$size"
    else
        fail "reading_meanings_$size" "重阳 还 一行 将进酒: $(grep -E '重阳|还|一行|将进酒' "$TMP/rows-$size" | head -5)"
    fi
    e2e_keys Y
    if until_ok hides_shows "the text read: words, readings" "next  "; then
        pass "reading_closes_$size"
    else
        fail "reading_closes_$size" "Y again did not bring the bars back"
    fi
    e2e_quit || fail "reading_quit_$size" "did not exit 0"
done

# 80x24 scrolls: the first screen does not hold the last line, and says how to scroll
e2e_launch 80x24 -- --lang en --model "$MODEL" --no-corpus --prompt "$text"
e2e_wait "sampler"
e2e_keys Y
first_screen() { shows "床前明月光，" && hides "  将进酒 " && shows "↑↓ scroll"; }
if until_ok one_capture first_screen; then
    pass reading_scrolls_80x24
else
    fail reading_scrolls_80x24 "the first screen should hold the start only, with the scroll hint"
fi
e2e_quit

# an acrostic's heads come first, read as a text of their own
e2e_launch 80x24 -- --lang en --model "$MODEL" --no-corpus --prompt 春夏秋冬
e2e_wait "sampler"
e2e_keys a
until_ok shows "acrostic 7" || fail reading_acrostic "a did not make the acrostic"
e2e_keys Y
heads() {
    shows "the acrostic's heads: 春夏秋冬" && shows_regex "^  春 +chūn +spring" &&
        shows_regex "^  冬 +dōng +winter"
}
if until_ok one_capture heads; then
    pass reading_acrostic_heads
else
    fail reading_acrostic_heads "no heads with their readings and meanings"
fi
e2e_quit

# a lesson's step shows it (`show reading`), beside the narration at 80x24
cat >"$TMP/lesson.md" <<'EOF'
# Reading

## Each word

Each word with its reading and meaning.

```tangscope
prompt 重阳还家
show reading
```
EOF
e2e_launch 80x24 -- lesson "$TMP/lesson.md" --lang en --model "$MODEL" --no-corpus
e2e_wait "introduction" || fail reading_lesson_start "the lesson did not start"
e2e_keys n
lesson_reading() {
    shows "Each word with its reading" && shows_regex "^  重阳 +chóng yáng" &&
        shows_regex "^  还 +huán"
}
if until_ok one_capture lesson_reading; then
    pass reading_in_lesson
else
    fail reading_in_lesson "the step does not show the text read"
fi
e2e_quit

# ---- y: a gloss beside each of the 8 bars, beside the stage columns and in a lesson ----
# After 春风 the bundled model's top 8 are Han characters, each with a
# reading and a meaning in the table: every bar's row reads "N 字 reading
# meaning" (a word of letters after the reading).
glossed() { [ "$(screen | grep -cE '^[1-8] [^ ]+ +[a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+ +[A-Za-z(]')" -eq 8 ]; }
e2e_launch 150x40 -- --lang en --model "$MODEL" --no-corpus --prompt 春风
e2e_wait "sampler"
e2e_keys y
stages_glossed() { shows "top-k  top-p" && glossed; }
if until_ok one_capture stages_glossed; then
    pass reading_gloss_beside_stages_150x40
else
    fail reading_gloss_beside_stages_150x40 "not every bar has its meaning beside the stage columns"
fi
e2e_quit
cat >"$TMP/bars.md" <<'EOF'
# Bars

## Spring wind

The bars after 春风.

```tangscope
prompt 春风
```
EOF
for size in 150x40 110x34 80x24; do
    e2e_launch "$size" -- lesson "$TMP/bars.md" --lang en --model "$MODEL" --no-corpus
    e2e_wait "introduction" || fail "reading_gloss_lesson_start_$size" "the lesson did not start"
    e2e_keys n
    until_ok shows "The bars after 春风" || fail "reading_gloss_lesson_step_$size" "no step 1"
    e2e_keys y
    if until_ok one_capture glossed; then
        pass "reading_gloss_in_lesson_$size"
    else
        fail "reading_gloss_in_lesson_$size" "not every bar of the lesson's step has its meaning"
    fi
    e2e_quit
done
exit $failed
