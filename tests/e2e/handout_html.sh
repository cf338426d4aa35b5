#!/bin/sh
# handout_html.sh - handouts as one web page (`tangscope lesson --print
# --html`) end to end.
#
# The fixture lesson of the views (tests/data/lesson-handout-views.md, on
# the fixture model) as a page: one file that asks for nothing beside it
# (no link, script, image or font to fetch), its masks drawn as SVG, one
# square per key a query may see (10 for ones(4, 4).tril, 15 for
# ones(1, 5).tril(4), counted by the triangle), pinyin under the verse.
# Then lesson 7 (the KV cache) of each language, printed as Markdown and as
# a page, the page rendered to PDF by headless Chromium: every figure of the
# Markdown handout must be in the PDF's text (pdftotext), the timings aside
# (two runs measure two times), the mask's code and the memory table among
# them, on a sane number of pages; the headings and the verse read in the
# PDF's text (the Chinese needs a font: fonts-noto-cjk). Without Chromium or pdftotext, or
# without the bundled model, that part says SKIP and why.
# Prints PASS/FAIL/SKIP per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/handout_html.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
T=${TANGSCOPE:-./tangscope}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
TINY="--model tests/data/tiny.bin --corpus tests/data/tiny-corpus.txt --threads 1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"
failed=0

. tests/e2e/lib/check.sh

# --- the fixture as a page ---
$T lesson --print --html tests/data/lesson-handout-views.md $TINY >"$work/v.html" 2>"$work/err"
status=$?
[ "$status" -eq 0 ] && pass html-status || fail html-status "status $status: $(cat "$work/err")"
if grep -qi '<link\|<script\|<img\|src=\|url(\|@import\|http:\|https:' "$work/v.html"; then
    fail html-self-contained "$(grep -oi '<link[^>]*\|<script\|<img[^>]*\|src=[^ ]*\|url([^)]*\|@import\|https\{0,1\}:[^ "]*' "$work/v.html" | head -3)"
else
    pass html-self-contained
fi
grep -q '<style>.*@page{size:A4' "$work/v.html" && pass html-print-style || fail html-print-style "no A4 page in the inline style"
# the masks: the squares of the keys each query may see, as many as the
# triangle has (R rows of C keys, row q seeing keys 0..q)
squares=$(awk 'BEGIN { RS = "<svg" } /^ class="mask"/ { n = split($0, a, "fill=\"#1f3b73\"") - 1 + split($0, b, "fill=\"#a9b4c8\"") - 1; printf "%d ", n }' "$work/v.html")
want=$(awk 'BEGIN { n = 0; for (q = 0; q < 4; q++) n += q + 1; m = 0; for (q = 0; q < 5; q++) m += q + 1; printf "%d %d ", n, m }')
[ "$squares" = "$want" ] && pass "html-mask ($squares)" || fail html-mask "squares per mask: '$squares', want '$want'"
# pinyin under the verse (the text 春风花 of step 1): the reading table's own
chun=$(awk -F'\t' '$2 == "春" { print $3; exit }' assets/pinyin.tsv 2>/dev/null | cut -d' ' -f1)
if [ -z "$chun" ]; then
    echo "SKIP html-pinyin: assets/pinyin.tsv has no 春"
elif grep -q "<ruby>春<rt>$chun</rt></ruby>" "$work/v.html"; then
    pass "html-pinyin ($chun)"
else
    fail html-pinyin "no <ruby>春<rt>$chun</rt></ruby>: $(grep -o '<ruby>[^/]*' "$work/v.html" | head -3)"
fi
# --html belongs to --print
$T lesson --html tests/data/lesson-handout-views.md $TINY >"$work/out" 2>"$work/err"
status=$?
[ "$status" -eq 2 ] && grep -qxF "tangscope lesson: --html goes with --print" "$work/err" && pass html-alone ||
    fail html-alone "status $status: $(cat "$work/err")"

# --- lesson 7 of each language through Chromium ---
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ] || ! command -v pdftotext >/dev/null 2>&1; then
    echo "SKIP html-pdf: no chromium or no pdftotext (apt-get install chromium poppler-utils)"
    exit $failed
fi
if [ ! -f assets/tang.bin ] || [ ! -f lessons/de/07-kv-cache.md ]; then
    echo "SKIP html-pdf: no bundled model or lessons"
    exit $failed
fi
if [ "${TANGSCOPE_SANITIZED:-}" = 1 ]; then
    echo "SKIP html-pdf: under the sanitizers (make asan) the bundled lessons are not run; the page's code ran on the fixture above"
    exit $failed
fi
# a font with Chinese characters: without one, Chromium prints them as empty
# boxes (and pdftotext loses some), so the Chinese of the pages is checked
# only where one is installed (Debian: fonts-noto-cjk, which CI installs)
cjk_font=$(fc-list :lang=zh family 2>/dev/null | head -n 1)
[ -n "$cjk_font" ] || echo "SKIP html-pdf-chinese: no font with Chinese characters (fc-list :lang=zh; apt-get install fonts-noto-cjk)"
# the handouts, Markdown and page, two languages at a time
langs=$($T --list-languages)
n=0
for lang in $langs; do
    {
        $T lesson --print lessons/$lang/07-kv-cache.md >"$work/$lang.md" 2>/dev/null
        $T lesson --print --html lessons/$lang/07-kv-cache.md >"$work/$lang.html" 2>"$work/$lang.err"
        echo $? >"$work/$lang.status"
    } &
    n=$((n + 1))
    [ $((n % 2)) = 0 ] && wait
done
wait
for lang in $langs; do
    if [ "$(cat "$work/$lang.status")" -ne 0 ]; then
        fail "html-pdf-$lang" "lesson --print --html: $(head -3 "$work/$lang.err")"
        continue
    fi
    "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --user-data-dir="$work/profile-$lang" \
        --print-to-pdf="$work/$lang.pdf" "file://$work/$lang.html" >"$work/$lang.chromium" 2>&1
    if [ ! -s "$work/$lang.pdf" ]; then
        fail "html-pdf-$lang" "chromium wrote no PDF: $(tail -3 "$work/$lang.chromium")"
        continue
    fi
    pdftotext "$work/$lang.pdf" "$work/$lang.txt"
    # the figures: every number of the handout but the lines with timings
    tr -d ' \n\302\240' <"$work/$lang.txt" | sed 's/\xe2\x80\xaf//g' >"$work/$lang.flat"
    missing=$(grep -v ' ms\b\| ms[,;]' "$work/$lang.md" | grep -o '[0-9][0-9.,]*[0-9]\|[0-9]' | sort -u |
        while read -r fig; do grep -qF -- "$fig" "$work/$lang.flat" || printf '%s ' "$fig"; done)
    figures=$(grep -v ' ms\b\| ms[,;]' "$work/$lang.md" | grep -o '[0-9][0-9.,]*[0-9]\|[0-9]' | sort -u | wc -l)
    pages=$(pdfinfo "$work/$lang.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
    steps=$(grep -c '^## ' "$work/$lang.md")
    # the mask's code and the memory table's 512 KiB stand in the PDF
    mask=$(grep -o 'ones(6, 6).tril(diagonal=0)' "$work/$lang.md" | head -1)
    if [ -z "$missing" ] && [ -n "$mask" ] && grep -qF "ones(6,6).tril(diagonal=0)" "$work/$lang.flat" &&
        [ "${pages:-0}" -ge 2 ] && [ "${pages:-0}" -le $((2 * steps + 2)) ]; then
        pass "html-pdf-$lang ($figures figures, $pages pages)"
    else
        fail "html-pdf-$lang" "missing figures: ${missing:-none}; mask '${mask}'; $pages pages for $steps steps"
    fi
    [ -n "$cjk_font" ] || continue
    # the Chinese reads: every heading (all Chinese in the Chinese lesson) and
    # every line of verse the handout prints stand in the PDF's text
    lost=$(sed -n 's/^## //p; s/^      \(.*[^ ]\)$/\1/p' "$work/$lang.md" | tr -d ' \302\240' | sed 's/\xe2\x80\xaf//g' |
        sort -u | while read -r line; do grep -qF -- "$line" "$work/$lang.flat" || printf '%s | ' "$line"; done)
    verse=$(grep -c '^      .*[^ ]$' "$work/$lang.md")
    if [ -z "$lost" ] && [ "$verse" -gt 0 ]; then
        pass "html-pdf-chinese-$lang ($verse lines of verse, headings)"
    else
        fail "html-pdf-chinese-$lang" "$verse lines of verse; not in the PDF: ${lost:-none}"
    fi
done

exit $failed
