#!/bin/sh
# lesson_author.sh - what a teacher writing a lesson of their own meets:
#   - traditional characters and ASCII punctuation in any verb that takes
#     characters (prompt, lookup, expect rank/top1/corpus/text) are read as
#     `probs` reads a prompt: the claims hold for the simplified characters
#     (the training-text count recounted here with Python), and `--check`
#     notes each conversion at its line (found with grep), in the lesson's
#     language;
#   - a lesson copied to a folder of no language keeps the language its
#     introduction names (`lang de`): German handout words and German check
#     messages under an English interface; without the line, English;
#   - `lesson --help` lists every verb and every claim that lessons/README.md's
#     tables name, each whole at the start of a line, in all four languages;
#   - `lesson --figures --json` on lesson 2 gives the probabilities `probs
#     --json` gives for the same text and settings, and writes each as the
#     bars do (two significant digits, at least one decimal: formatted here
#     in Python), the text form the same strings;
#   - --figures with --check, --print or two files, and --json without it,
#     are refused with one line and exit 2.
#
# usage: TANGSCOPE=path/to/tangscope sh tests/e2e/lesson_author.sh
set -u
. tests/e2e/lib/check.sh
e2e_work

# ---- traditional characters, read once (a build with OpenCC) ----
opencc=1
"$T" --version | grep -q "OpenCC no" && opencc=0
cat >"$work/trad.md" <<'EOF'
# Eigene Lektion

```tangscope
lang de
model bundled
```

## Frühlingswind

Text.

```tangscope
prompt 春風
expect top1 吹
expect corpus 春風 吹 COUNT
expect rank 曉 > 8
lookup 風
expect text 春風
type .
expect contains 风。
```
EOF
count=$(python3 -c 'import sys; print(open(sys.argv[1], encoding="utf-8").read().count("春风吹"))' \
    assets/tang-train.txt)
sed -i "s/COUNT/$count/" "$work/trad.md"
$T lesson --check "$work/trad.md" --lang en >"$work/trad.out" 2>"$work/trad.err"
rc=$?
if [ "$opencc" -eq 0 ]; then
    skip author_traditional_claims_hold "a build without OpenCC (make OPENCC=0)"
elif [ "$rc" -eq 0 ]; then
    pass author_traditional_claims_hold
else
    fail author_traditional_claims_hold "rc $rc: $(cat "$work/trad.err")"
fi
ok=$opencc
[ "$opencc" -eq 0 ] && skip author_traditional_noted "a build without OpenCC (make OPENCC=0)"
for pat in '^prompt 春風$:風 als 风' '^expect corpus 春風:風 als 风' '^expect rank 曉:曉 als 晓' \
    '^lookup 風$:風 als 风' '^expect text 春風$:風 als 风' '^type \.$:„.“ als 。'; do
    cmd=${pat%%:*}
    note=${pat#*:}
    line=$(grep -n "$cmd" "$work/trad.md" | cut -d: -f1)
    [ "$opencc" -eq 0 ] || grep -qF "$work/trad.md:$line: $note gelesen" "$work/trad.out" || {
        ok=0
        fail author_traditional_noted "line $line ($cmd): want '$note gelesen' in: $(cat "$work/trad.out")"
    }
done
if grep -q "^$work/trad.md:$(grep -n '^expect top1' "$work/trad.md" | cut -d: -f1):" "$work/trad.out"; then
    ok=0
    fail author_traditional_noted "a line without conversion is noted: $(cat "$work/trad.out")"
fi
[ "$ok" -eq 1 ] && pass author_traditional_noted

# ---- the lesson's own language, wherever it lies ----
sed 's/^lang de$/lang fr/' "$work/trad.md" | sed 's/^expect top1 吹$/expect top1 。/' >"$work/fr.md"
$T lesson --check "$work/fr.md" --lang en >"$work/fr.out" 2>"$work/fr.err"
if grep -q "expect top1 。.*le premier du modèle est 吹" "$work/fr.err" &&
    { [ "$opencc" -eq 0 ] || grep -q "lu 風 comme 风" "$work/fr.out"; }; then
    pass author_lang_header_check
else
    fail author_lang_header_check "want French: $(cat "$work/fr.out" "$work/fr.err")"
fi
cp lessons/de/02-temperature.md "$work/mine.md"
$T lesson --print "$work/mine.md" --lang en >"$work/plain.md" 2>/dev/null
awk 'NR == 1 { print; print ""; print "```tangscope"; print "lang de"; print "```"; next } { print }' \
    lessons/de/02-temperature.md >"$work/own.md"
$T lesson --print "$work/own.md" --lang en >"$work/own-print.md" 2>/dev/null
if grep -q '^- settings: ' "$work/plain.md" && grep -q '^- Einstellungen: ' "$work/own-print.md" &&
    ! grep -q '^- settings: ' "$work/own-print.md"; then
    pass author_lang_header_handout
else
    fail author_lang_header_handout "$(grep -h -m1 '^- [A-Za-z]*: ' "$work/plain.md" "$work/own-print.md")"
fi

# ---- lesson --help lists every verb, whole ----
# the verbs and claims of lessons/README.md's tables: `set NAME`, `expect CLAIM`
verbs=$(python3 - <<'EOF'
import re
text = open("lessons/README.md", encoding="utf-8").read()
part = text[text.index("\n## Commands\n"):text.index("\n### The screen as a test\n")]
seen = set()
for row in part.splitlines():
    if not row.startswith("| `"):
        continue
    cell = re.split(r"(?<!\\)\|", row)[1]  # the first column; \| is a bar inside it
    for use in re.findall(r"`([^`]*)`", cell):
        w = use.split()
        if w[0] == "set" and len(w) > 1 and w[1].isupper():
            continue  # `set NAME V`: the settings' verbs, read from the program below
        seen.add(" ".join(w[:2]) if w[0] in ("set", "expect") else w[0])
print("\n".join(sorted(seen)))
EOF
)
# ... and a `set NAME` for every sampler setting: an option of generate whose
# name (with _ for -) is a key of the settings its --json reports
json=$($T generate 春风 --json -n 1 2>/dev/null)
settings=$($T generate --list-options | sed -n 's/^--//p' | while read -r o; do
    key=$(echo "$o" | tr - _)
    # not settings of the sampler table: the seed and the cache have verbs of their
    # own, the code, the context policy and the penalty's punctuation flag none
    case $key in seed | cache | code | context_policy | penalize_punctuation) continue ;; esac
    echo "$json" | jq -e "has(\"$key\")" >/dev/null 2>&1 && echo "set $o"
done)
[ "$(printf '%s\n' "$settings" | grep -c .)" -ge 5 ] ||
    fail author_help_verbs "only $(printf '%s\n' "$settings" | grep -c .) settings found: $settings"
verbs=$(printf '%s\n%s\n' "$verbs" "$settings")
ok=1
for lang in en de fr zh; do
    $T lesson --help --lang "$lang" >"$work/help.$lang"
    while IFS= read -r v; do
        grep -q "^  $v\( \|\$\)" "$work/help.$lang" || {
            ok=0
            fail author_help_verbs "$lang: no line for '$v'"
        }
    done <<EOF
$verbs
EOF
done
n=$(printf '%s\n' "$verbs" | grep -c '^expect ')
[ "$n" -ge 18 ] || { ok=0; fail author_help_verbs "only $n claims read from lessons/README.md"; }
[ "$ok" -eq 1 ] && pass author_help_verbs

# ---- lesson --figures: the screen's figures, probs' probabilities ----
$T lesson --figures --json lessons/en/02-temperature.md >"$work/fig.json" 2>"$work/fig.err"
$T lesson --figures lessons/en/02-temperature.md >"$work/fig.md" 2>>"$work/fig.err"
$T probs --json --temperature 0.3 '白日依山尽，' >"$work/probs.json"
if python3 - "$work/fig.json" "$work/probs.json" "$work/fig.md" <<'EOF'; then
import json, math, sys
fig = json.load(open(sys.argv[1], encoding="utf-8"))
probs = json.load(open(sys.argv[2], encoding="utf-8"))
table = open(sys.argv[3], encoding="utf-8").read()

def bars(p):
    """a probability as the bars write it: two significant digits, at least one decimal"""
    x = 100.0 * p
    if x == 0:
        return "0%"
    d = max(1, 1 - math.floor(math.log10(x)))
    return "%.*f%%" % (d, x)

step = fig["steps"][0]
assert fig["lang"] == "en", fig["lang"]
assert step["text"] == probs["prompt"], (step["text"], probs["prompt"])
want = probs["candidates"][:8]
assert len(step["top"]) == 8
for got, ref in zip(step["top"], want):
    assert got["char"] == ref["char"], (got, ref)
    assert abs(got["p"] - ref["prob"]) <= 1e-5 * max(ref["prob"], 1e-3), (got, ref)
    assert abs(got["p_sampler"] - ref["sampled_prob"]) <= 1e-5 * max(ref["sampled_prob"], 1e-3), (got, ref)
    assert got["model"] == bars(ref["prob"]), (got["model"], bars(ref["prob"]))
    assert got["sampler"] == bars(ref["sampled_prob"]), (got["sampler"], bars(ref["sampled_prob"]))
    row = "| %d | %s | %s | %s |" % (got["rank"], got["char"], got["model"], got["sampler"])
    assert row in table, row
assert step["kept"] == 7311, step["kept"]
assert len(fig["steps"]) == table.count("\n## "), "a section per step"
EOF
    pass author_figures_match_probs
else
    fail author_figures_match_probs "$(cat "$work/fig.err")"
fi

# ---- --figures goes alone, --json only with it ----
ok=1
for args in "--figures --check lessons/en/02-temperature.md:--figures goes alone, with one lesson file" \
    "--figures --print lessons/en/02-temperature.md:--figures goes alone, with one lesson file" \
    "--figures lessons/en/02-temperature.md lessons/en/01-scores.md:--figures takes one lesson file" \
    "--json --print lessons/en/02-temperature.md:--json goes with --figures"; do
    # shellcheck disable=SC2086
    $T lesson --lang en ${args%%:*} >"$work/usage.out" 2>"$work/usage.err"
    rc=$?
    if [ "$rc" -ne 2 ] || [ -s "$work/usage.out" ] ||
        [ "$(cat "$work/usage.err")" != "tangscope lesson: ${args#*:}" ]; then
        ok=0
        fail author_figures_usage "${args%%:*}: rc $rc, $(cat "$work/usage.err")"
    fi
done
[ "$ok" -eq 1 ] && pass author_figures_usage

exit $failed
