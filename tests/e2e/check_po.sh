#!/bin/sh
# check_po.sh - make check-po (tools/po2c.c --check) holds the translations in
# po/ to the English template: it passes on the repository's files and fails,
# naming file, line and text, on a German text taken out, a French label one
# column wider than its place on the screen, a changed placeholder and a text
# translated from an English the template no longer has, a setting's word
# without its sentence; GNU msgfmt reads each
# file and agrees with its formats. A new language with
# ten texts translated builds its tables (the rest falls back to English)
# and the check names the texts still to translate.
# usage: TANGSCOPE=./tangscope sh tests/e2e/check_po.sh   (from the repository root)
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
. tests/e2e/lib/check.sh

# po2c is built here, plainly, as the build builds it (HOST_CC)
${HOST_CC:-cc} -std=c11 -O1 -o "$work/po2c" tools/po2c.c || { fail po2c-build "tools/po2c.c does not build"; exit 1; }
check() { "$work/po2c" --check --labels src/app/labels.h "$@" >"$work/out" 2>&1; }
fresh() { rm -rf "$work/po" && cp -r po "$work/po"; }

fresh
if check "$work/po/tangscope.pot" "$work"/po/*.po; then pass po-complete; else
    fail po-complete "$(head -3 "$work/out")"; fi

# the files are what GNU gettext's tools (and so Poedit, Weblate) read: msgfmt
# takes each, its printf formats checked against the English (#, c-format)
if command -v msgfmt >/dev/null 2>&1; then
    for f in po/*.po; do
        if msgfmt --check -o /dev/null "$f" 2>"$work/msgfmt"; then pass "po-msgfmt-$(basename "$f")"; else
            fail "po-msgfmt-$(basename "$f")" "$(head -3 "$work/msgfmt")"; fi
    done
else
    skip po-msgfmt "no msgfmt here (Debian: apt-get install gettext)"
fi

# a German text taken out: the entry of setting temperature goes, the check names it
fresh
awk '/^msgctxt "setting temperature"$/ { skip = 3; next } skip { skip--; next } { print }' po/de.po >"$work/po/de.po"
if check "$work/po/tangscope.pot" "$work"/po/*.po; then fail po-missing-german "passed without setting temperature"
elif grep -q 'de.po:.*setting temperature: not translated' "$work/out"; then pass po-missing-german
else fail po-missing-german "$(head -3 "$work/out")"; fi

# a setting's word without its sentence: the template's "setting-help top-k"
# taken out of every file, the check names the word left alone
fresh
for f in tangscope.pot de.po fr.po zh.po; do
    awk '/^msgctxt "setting-help top-k"$/ { skip = 3; next } skip { skip--; next } { print }' po/$f >"$work/po/$f"
done
if check "$work/po/tangscope.pot" "$work"/po/*.po; then fail po-setting-unpaired "passed without setting-help top-k"
elif grep -q 'tangscope.pot:[0-9]*: setting top-k: no "setting-help top-k" beside it' "$work/out"; then pass po-setting-unpaired
else fail po-setting-unpaired "$(head -3 "$work/out")"; fi

# a French label one column wider than the template's "columns: N" allows
fresh
cols=$(awk '/^#\. columns: / { c = $3 } /^msgctxt "setting temperature"$/ { print c; exit }' po/tangscope.pot)
wide=$(printf '%*s' "$((cols + 1))" '' | tr ' ' 'x')
awk -v w="$wide" '/^msgctxt "setting temperature"$/ { on = 1 } on && /^msgstr / { print "msgstr \"" w "\""; on = 0; next } { print }' \
    po/fr.po >"$work/po/fr.po"
if check "$work/po/tangscope.pot" "$work"/po/*.po; then fail po-too-wide "passed a label of $((cols + 1)) columns"
elif grep -q "fr.po:.*setting temperature: $((cols + 1)) columns, at most $cols fit" "$work/out"; then pass po-too-wide
else fail po-too-wide "$(head -3 "$work/out")"; fi
# ... and exactly as wide as it may be passes
narrow=$(printf '%*s' "$cols" '' | tr ' ' 'x')
awk -v w="$narrow" '/^msgctxt "setting temperature"$/ { on = 1 } on && /^msgstr / { print "msgstr \"" w "\""; on = 0; next } { print }' \
    po/fr.po >"$work/po/fr.po"
if check "$work/po/tangscope.pot" "$work"/po/*.po; then pass po-as-wide-as-allowed; else
    fail po-as-wide-as-allowed "$(head -3 "$work/out")"; fi

# a placeholder changed: a label's %d as %s in Chinese (the first label with a %d)
fresh
label=$(awk '/^msgctxt "LBL_/ { ctx = $2 } /^msgstr "/ && ctx && /%d/ { gsub(/"/, "", ctx); print ctx; exit } /^$/ { ctx = "" }' po/zh.po)
awk -v l="msgctxt \"$label\"" '$0 == l { on = 1 } on && /^msgstr / { sub(/%d/, "%s"); on = 0 } { print }' po/zh.po >"$work/po/zh.po"
if [ -z "$label" ]; then fail po-placeholder "no label with a %d in po/zh.po"
elif check "$work/po/tangscope.pot" "$work"/po/*.po; then fail po-placeholder "passed %s for %d in $label"
elif grep -q "zh.po:.*$label: placeholders" "$work/out"; then pass po-placeholder
else fail po-placeholder "$(head -3 "$work/out")"; fi

# the English changed after the translation: every language is out of date
fresh
awk '/^msgctxt "LBL_SEED"$/ { on = 1 } on && /^msgid / { print "msgid \"random seed\""; on = 0; next } { print }' \
    po/tangscope.pot >"$work/po/tangscope.pot"
if check "$work/po/tangscope.pot" "$work"/po/*.po; then fail po-stale "passed a changed English"
elif [ "$(grep -c 'LBL_SEED: translated from another English' "$work/out")" -eq 3 ]; then pass po-stale
else fail po-stale "$(head -3 "$work/out")"; fi

# a fifth language, ten texts translated: its tables are made, with those ten
fresh
awk 'BEGIN { n = 0 } /^msgctxt "LBL_/ { lbl = 1 } /^msgstr ""$/ && lbl && n < 10 { print "msgstr \"es-" n "\""; n++; lbl = 0; next }
     /^msgstr/ { lbl = 0 } { print }' po/tangscope.pot | sed 's/^"Language: \\n"$/"Language: es\\n"/' >"$work/po/es.po"
if "$work/po2c" --out "$work/tables.c" --labels src/app/labels.h "$work/po/tangscope.pot" "$work"/po/*.po 2>"$work/out" &&
    [ "$(awk '/^static const char \*const LABELS_es/ { on = 1; next } on && /^};/ { exit } on && /= "es-/ { n++ } END { print n + 0 }' "$work/tables.c")" -eq 10 ]; then
    pass po-fifth-language-builds
else
    fail po-fifth-language-builds "$(head -3 "$work/out")"
fi
check "$work/po/tangscope.pot" "$work"/po/*.po
total=$(grep -c '^msgid ' po/tangscope.pot)
missing=$(grep -c 'es.po:.*not translated' "$work/out")
if [ "$missing" -eq $((total - 1 - 10)) ]; then pass po-fifth-language-listed; else
    fail po-fifth-language-listed "$missing texts listed as not translated, $((total - 1 - 10)) expected"; fi
exit $failed
