#!/bin/sh
# cli_lang.sh - the commands speak the interface language: for each of de, fr
# and zh, chosen by LANG (and once by --lang), `generate --stats`, `corpus`,
# `probs`, `bench --lengths 32`, `info`, `eval`, a refused command line, a mistyped
# session code and bad acrostic heads (the engine's messages), a model file
# that is not there and the --help of tangscope and of probs print no
# English word of the English labels they replace (src/app/labels.c, the CLI rows),
# (help_lang.sh holds every command's help in every language, chosen by --lang),
# write numbers as the language does, and --json stays English and C-formatted.
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/cli_lang.sh   (from the repository root)
set -u
T=${TANGSCOPE:-./tangscope}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
export XDG_CACHE_HOME="$work/cache"
unset LC_ALL LC_MESSAGES

. tests/e2e/lib/check.sh

# Words of the English labels these outputs are made of (the English column
# of labels.c: CLI_*, CMD_*, the stage headings); none may show in another
# language. Flags (--top-k), units (ms, GMAC/s) and names (top-k, KV) are
# the same in every language and are not listed.
ENGLISH='characters|character|without cache|with cache|entropy|after the sampler|keeps|removes|
occurs|followed by|well formed|poems|unknown option|must be|not one of|faster|identical text|
setting|share|temperature|keystroke|memory-bound|full pass|stage by stage|kept|next character|
start of a poem|other characters|in all|rank|filters off|penalty|measured|per character|
at the full context|context policy|one thread|see tangscope|repeat|model|layers|heads|
vocabulary|floats|parameters|weight matrices|file|tanh form|keys and values|
check character|mistyped|Han character|benchmarks|one at a time|perplexity|nats/char|windows of'
# (bits, final and dimensions are French words too, Bytes a German one)
# The words of train's and bench --train's English lines, looked for in their
# output alone (the helps name the log's columns step,loss and the lesson
# verb step; Training, Batch, Kernel, Threads, Checkpoint and Tokens are
# German words too, threads and validation French ones)
TRAIN_ENGLISH='step|steps|loss|elapsed|ETA|bits/char|best|resuming|products|sums|multiply-adds|
peak|tokens/s|parameters|nothing to train|seed|sample|smoothed|is not the|which is|measured|
learning|layers|vocabulary|training text|of checkpoint'
# no_english NAME FILE WORDS: no word of WORDS in FILE's lines with Latin letters
# (flags, JSON keys and file names taken out: they are names in every language)
no_english() {
    english=$(grep -v '^[^A-Za-z]*$' "$2" | sed 's/--[a-z-]*//g; s/"[a-z_]*"//g; s/[a-z/_.-]*\.md//g' |
        grep -v '|rank C OP N|' | grep -vE '^  (set [a-z-]+ [A-Z]|model bundled)' |
        grep -iwoE "$(echo "$3" | tr -d '\n')" | sort -u | tr '\n' ' ')
    if [ -z "$english" ]; then pass "$1"; else fail "$1" "English words: $english"; fi
}

run_all() { # LANGVALUE OUTFILE CODE (info also chooses by --lang, not LANG)
    {
        LANG=$1 $T generate --stats -n 2 --seed 3 2>&1
        LANG=$1 $T corpus 春风 2>&1
        LANG=$1 $T corpus 春风吹吹吹 2>&1
        LANG=$1 $T probs 春风 --top-k 5 2>&1
        # bench's words on the fixture model (its context of 16 shifts twice
        # in 32 characters): the bundled model's passes tell no more here
        LANG=$1 $T bench --model tests/data/tiny.bin --lengths 32 --repeat 1 2>&1
        LANG=C.UTF-8 $T info --lang "$3" 2>&1
        LANG=$1 $T probs 春风 --top-k 99999 2>&1
        LANG=$1 $T generate --bogus 2>&1
        LANG=$1 $T generate --temperature 2>&1
        LANG=$1 $T --help 2>&1
        LANG=$1 $T info 2>&1
        LANG=$1 $T generate --code 2222 2>&1
        LANG=$1 $T acrostic ab 2>&1
        LANG=$1 $T bench --train --ui 2>&1
        LANG=$1 $T eval --model tests/data/tiny.bin --data $D 2>&1
        LANG=$1 $T eval --model tests/data/tiny.bin --data "$work/two.txt" 2>&1
        # an engine error (the model loader's), and a command's own help
        LANG=$1 $T probs 春风 --model "$work/missing.bin" 2>&1
        LANG=$1 $T probs --help 2>&1
        # train: its opening, progress and closing lines (no terminal: no
        # view), then a resumed run on another text and one with nothing to
        # train; bench --train
    } >"$2"
    {
        rm -f "$work/t.bin" "$work/t.bin.ckpt"
        LANG=$1 $T train $TINY --steps 100 --eval-every 50 --out "$work/t.bin" 2>&1
        LANG=$1 $T train --data "$work/other.txt" --out "$work/t.bin" --resume 2>&1
        LANG=$1 $T train --out "$work/t.bin" --resume 2>&1
        rm -f "$work/t1.bin" "$work/t1.bin.ckpt"
        LANG=$1 $T train $TINY --steps 1 --out "$work/t1.bin" 2>&1 # one step: the singular
        LANG=$1 $T bench --train --steps 2 --batch 1 --seq 8 --threads 1 2>&1
    } >"$2.train"
}

# a small model on the tiny text, one thread: quick
D=tests/data/tiny-text.txt
TINY="--data $D --val $D --layers 1 --dims 16 --heads 2 --context 16 --threads 1"
head -c 100 "$D" >"$work/other.txt" # the same characters, another text
head -c 6 "$D" >"$work/two.txt"       # two characters: eval predicts one

for l in de_DE.UTF-8:de fr_FR.UTF-8:fr zh_CN.UTF-8:zh; do
    locale=${l%%:*} code=${l##*:}
    run_all "$locale" "$work/$code.txt" "$code"
    # the poems themselves are Chinese: look at the lines with Latin letters only
    # and a flag (--model, --temperature) is a name in every language
    # and a help's JSON keys ("entropy": ...), file names (docs/model-format.md)
    # and the lesson verbs' syntax (set temperature X, model bundled, expect rank C OP N) are names too
    no_english "no-english-$code" "$work/$code.txt" "$ENGLISH"
    no_english "no-english-train-$code" "$work/$code.txt.train" "$ENGLISH|$TRAIN_ENGLISH"
    cat "$work/$code.txt.train" >>"$work/$code.txt" # for the checks below
done

# each language's own words and numbers (written by hand; nb is the no-break
# space German and French put in "14,7 %" and French in "1 016")
nb=$(printf '\302\240')
grep -q "wohlgeformt: 2 von 2 Gedichten (100,0${nb}%)" "$work/de.txt" && pass de-well-formed || fail de-well-formed "$(grep -i wohl "$work/de.txt")"
# one step trained is one step (written by hand)
grep -q '^1 Schritt trainiert in ' "$work/de.txt" && pass de-one-step || fail de-one-step "$(grep -i 'trainiert in' "$work/de.txt")"
grep -q '^1 étape entraînée en ' "$work/fr.txt" && pass fr-one-step || fail fr-one-step "$(grep -i 'entraîné' "$work/fr.txt")"
# Chinese counts the multiply-adds per character in 万 (ten thousands), not in millions
macs=$($T bench --train --steps 2 --batch 1 --seq 8 --threads 1 --json 2>/dev/null | sed -n 's/.*"macs_per_token": \([0-9]*\).*/\1/p')
wan=$(((${macs:-0} + 5000) / 10000))
grep -q "每个字 $wan 万次乘加" "$work/zh.txt" && pass zh-macs-wan || fail zh-macs-wan "want 每个字 $wan 万次乘加: $(grep 乘加 "$work/zh.txt")"
grep -q '„春风“ kommt 1.016-mal in' "$work/de.txt" && pass de-corpus || fail de-corpus "$(grep 春风 "$work/de.txt" | head -2)"
# the entropy line's three figures are the English run's, with decimal commas
# (the reference is the same model's English output, so no figure is copied here)
en_entropy=$(LANG=C.UTF-8 $T probs 春风 --top-k 5 2>&1 | grep '^  entropy ')
want_de=$(echo "$en_entropy" | sed -n 's/^  entropy \([0-9]*\)\.\([0-9]*\) bits, \([0-9]*\)\.\([0-9]*\) after the sampler; .* removes \([0-9]*\)\.\([0-9]*\)% of .*/Entropie \1,\2 Bit, nach dem Sampler \3,\4; .* kappt \5,\6 % der/p' | sed "s/ %/${nb}%/")
if [ -n "$want_de" ] && grep -q "^  $want_de" "$work/de.txt"; then pass de-entropy-bits
else fail de-entropy-bits "English: $en_entropy; German: $(grep -i entropie "$work/de.txt")"; fi
grep -q "bien formés${nb}: 2 sur 2 poèmes (100,0${nb}%)" "$work/fr.txt" && pass fr-well-formed || fail fr-well-formed "$(grep -i form "$work/fr.txt")"
grep -q "«${nb}春风${nb}» apparaît 1${nb}016 fois dans" "$work/fr.txt" && pass fr-corpus || fail fr-corpus "$(grep 春风 "$work/fr.txt" | head -2)"
grep -q 'option inconnue' "$work/fr.txt" && pass fr-refused || fail fr-refused "$(grep bogus "$work/fr.txt")"
# a usage error in each language's typography (written by hand): the colon
# after the command as the language writes it, the option between its marks
grep -q "^tangscope generate${nb}: option inconnue «${nb}--bogus${nb}» (voir tangscope generate --help)\$" "$work/fr.txt" &&
    pass fr-typography || fail fr-typography "$(grep bogus "$work/fr.txt")"
grep -q "^tangscope generate: unbekannte Option „--bogus“ (siehe tangscope generate --help)\$" "$work/de.txt" &&
    pass de-typography || fail de-typography "$(grep bogus "$work/de.txt")"
grep -q "^tangscope generate：未知选项「--bogus」（见 tangscope generate --help）\$" "$work/zh.txt" &&
    pass zh-typography || fail zh-typography "$(grep bogus "$work/zh.txt")"
# the fixture's cache: keys and values of 2 layers of 16 floats, 4 bytes each,
# 256 bytes a character, 4 KiB for its context of 16
grep -q "^  cache${nb}: 256 o par caractère, 4 Kio au contexte plein de 16\$" "$work/fr.txt" && pass fr-bytes || fail fr-bytes "$(grep -i cache "$work/fr.txt" | head -3)"
grep -q '合乎格式：2 首，共 2 首（100.0%）' "$work/zh.txt" && pass zh-well-formed || fail zh-well-formed "$(grep 格式 "$work/zh.txt")"
grep -q '「春风」出现 1016 次' "$work/zh.txt" && pass zh-corpus || fail zh-corpus "$(grep 春风 "$work/zh.txt" | head -2)"
grep -q '未知选项' "$work/zh.txt" && pass zh-refused || fail zh-refused "$(grep bogus "$work/zh.txt")"
# info and the rarer error lines, in each language's words and numbers
# (written by hand)
grep -q '^  1.745.536 Parameter, als float32 6,7 MiB; Gewichtsmatrizen in fp32$' "$work/de.txt" &&
    pass de-info || fail de-info "$(grep -i parameter "$work/de.txt")"
grep -q "^  cache KV${nb}: 4${nb}096 octets par caractère, 512 Kio au contexte plein de 128$" "$work/fr.txt" &&
    pass fr-info || fail fr-info "$(grep -i 'cache KV' "$work/fr.txt")"
grep -q '^  上下文 128 个字，词表 7311 个字$' "$work/zh.txt" && pass zh-info || fail zh-info "$(grep 词表 "$work/zh.txt")"
grep -q "Prüfzeichen des Codes passt nicht: ein Zeichen ist vertippt" "$work/de.txt" &&
    pass de-code-error || fail de-code-error "$(grep 2222 "$work/de.txt")"
grep -q "^tangscope acrostic${nb}: l’initiale 1, «${nb}a${nb}» (U+0061), n’est pas un sinogramme${nb}; les initiales" "$work/fr.txt" &&
    pass fr-heads-error || fail fr-heads-error "$(grep 'tangscope acrostic' "$work/fr.txt")"
grep -q "^tangscope bench：--train、--ui 和 --lessons 是三项不同的测量：一次只能做一项$" "$work/zh.txt" &&
    pass zh-bench-error || fail zh-bench-error "$(grep 'tangscope bench' "$work/zh.txt")"
# train and bench --train in each language's words and numbers (written by
# hand): the losses in bits per character with a decimal comma in German and
# French, the opening and closing lines, a resumed run on another text
re_de='^Schritt 100/100 \| Verlust [0-9],[0-9]{4}, Validierung [0-9],[0-9]{4} Bit/Zeichen \| [0-9:]+ vergangen, noch [0-9:]+ \| [0-9.]+ Zeichen/s \| Lernrate [0-9],[0-9]{2}e-0[0-9]$'
re_fr="^étape 100/100 \\| perte [0-9],[0-9]{4}, validation [0-9],[0-9]{4} bits/car\\. \\| écoulé [0-9:]+, reste [0-9:]+ \\| [0-9${nb}]+ car\\./s \\| pas d’apprentissage [0-9],[0-9]{2}e-0[0-9]\$"
re_zh='^第 100/100 步：训练损失 [0-9]\.[0-9]{4}，验证损失 [0-9]\.[0-9]{4}（比特/字）；已用 [0-9:]+，约剩 [0-9:]+；每秒 [0-9]+ 字；学习率 [0-9]\.[0-9]{2}e-0[0-9]$'
grep -qE "$re_de" "$work/de.txt" && pass de-train-progress || fail de-train-progress "$(grep Schritt "$work/de.txt" | head -3)"
grep -qE "$re_fr" "$work/fr.txt" && pass fr-train-progress || fail fr-train-progress "$(grep étape "$work/fr.txt" | head -3)"
grep -qE "$re_zh" "$work/zh.txt" && pass zh-train-progress || fail zh-train-progress "$(grep 训练损失 "$work/zh.txt" | head -3)"
grep -q '^tangscope train: 150 Zeichen, Zeichenvorrat 23, 3.936 Parameter$' "$work/de.txt" &&
    grep -q '^  Threads: 1; Produkte in ' "$work/de.txt" &&
    grep -qE '^  bester Validierungsverlust [0-9],[0-9]{4} Bit/Zeichen, zuletzt [0-9],[0-9]{4}; bestes Modell in ' "$work/de.txt" &&
    pass de-train-lines || fail de-train-lines "$(grep -E 'Zeichenvorrat|Threads|Validierungsverlust' "$work/de.txt")"
grep -q "^tangscope train${nb}: 150 caractères, vocabulaire de 23, 3${nb}936 paramètres$" "$work/fr.txt" &&
    grep -q "n’est pas le texte d’entraînement du point de reprise" "$work/fr.txt" &&
    grep -q "en est déjà à l’étape 100 sur 100${nb}: rien à entraîner" "$work/fr.txt" &&
    pass fr-train-lines || fail fr-train-lines "$(grep -E 'vocabulaire de|point de reprise' "$work/fr.txt")"
grep -q '^tangscope train：150 个字，字表 23 个字，3936 个参数$' "$work/zh.txt" &&
    grep -q "不是检查点用的训练文本（检查点「" "$work/zh.txt" &&
    pass zh-train-lines || fail zh-train-lines "$(grep -E '字表|检查点' "$work/zh.txt")"
grep -qE '^Training: [0-9.]+ Zeichen/s \(Mittel aus 2 Schritten, je [0-9.]+,[0-9] ms; bester [0-9.]+ Zeichen/s\)$' "$work/de.txt" &&
    grep -q '^  Modell: 4 Schichten, 128 Dimensionen, Zeichenvorrat ' "$work/de.txt" &&
    grep -q '^  Batch: 1 Folgen zu 8 Zeichen; Threads: 1; Produkte in ' "$work/de.txt" &&
    pass de-bench-train || fail de-bench-train "$(grep -A5 '^Training:' "$work/de.txt")"
grep -q "^entraînement${nb}: [0-9${nb}]* car\./s (2 étapes de [0-9${nb}]*,[0-9] ms en moyenne${nb}; meilleure " "$work/fr.txt" &&
    grep -q "^  soit <\?[0-9]*${nb}% du pic float32 d’autant de cœurs (" "$work/fr.txt" &&
    pass fr-bench-train || fail fr-bench-train "$(grep -A5 '^entraînement' "$work/fr.txt")"
grep -q '^训练：每秒 [0-9]* 个字（2 步的平均，每步 [0-9.]* ms；最快的一步每秒 [0-9]* 个字）$' "$work/zh.txt" &&
    grep -q '^  模型 4 层，128 维，字表 ' "$work/zh.txt" &&
    pass zh-bench-train || fail zh-bench-train "$(grep -A5 '^训练：' "$work/zh.txt")"

# eval's result line in each language's words (written by hand), its numbers
# those of --json (C form) in the language's form
ej=$(LANG=C.UTF-8 $T eval --model tests/data/tiny.bin --data $D --json)
el=$(echo "$ej" | sed 's/.*"loss": \([0-9.]*\),.*/\1/') ep=$(echo "$ej" | sed 's/.*"perplexity": \([0-9.]*\),.*/\1/')
elc=$(echo "$el" | tr . ,) epc=$(echo "$ep" | tr . ,)
grep -qE "^Verlust $elc Nat pro Zeichen, Perplexität $epc, über 149 Zeichen aus $D \(Fenster zu 16, [0-9]+,[0-9] s\)\$" "$work/de.txt" &&
    grep -qE "^Verlust [0-9],[0-9]{4} Nat pro Zeichen, Perplexität [0-9]+,[0-9]{2}, über 1 Zeichen aus $work/two.txt " "$work/de.txt" &&
    pass de-eval || fail de-eval "$(grep Verlust "$work/de.txt")"
grep -qE "^perte $elc nats par caractère, perplexité $epc, sur 149 caractères du fichier $D \(fenêtres de 16, [0-9]+,[0-9] s\)\$" "$work/fr.txt" &&
    grep -qE "^perte [0-9],[0-9]{4} nats par caractère, perplexité [0-9]+,[0-9]{2}, sur 1 caractère du fichier $work/two.txt " "$work/fr.txt" &&
    pass fr-eval || fail fr-eval "$(grep perte "$work/fr.txt")"
grep -qE "^损失 $el nat/字，困惑度 $ep；共 149 个字，取自 $D（每个窗口 16 个字，用时 [0-9]+\.[0-9] 秒）\$" "$work/zh.txt" &&
    pass zh-eval || fail zh-eval "$(grep 困惑度 "$work/zh.txt")"
got=$(LANG=C.UTF-8 $T eval --model tests/data/tiny.bin --data "$work/two.txt" --lang en 2>&1)
case $got in "loss "[0-9]"."[0-9][0-9][0-9][0-9]" nats/char, perplexity "*", over 1 character of $work/two.txt (windows of 16, "*" s)") pass en-eval-one ;;
    *) fail en-eval-one "$got" ;; esac
case $el in [0-9].[0-9][0-9][0-9][0-9]) pass eval-json-c ;; *) fail eval-json-c "$ej" ;; esac

# the engine's message for a model file that is not there, in each language
# (its words written by hand), with the language's colon after the command and
# its quotation marks around the path: « x » with no-break spaces, „x“, 「x」
grep -q "^tangscope probs: „$work/missing.bin“: lässt sich nicht öffnen: Datei oder Ordner nicht gefunden$" "$work/de.txt" &&
    pass de-engine-error || fail de-engine-error "$(grep missing.bin "$work/de.txt")"
grep -q "^tangscope probs${nb}: «${nb}$work/missing.bin${nb}»${nb}: impossible d’ouvrir${nb}: fichier ou dossier introuvable$" "$work/fr.txt" &&
    pass fr-engine-error || fail fr-engine-error "$(grep missing.bin "$work/fr.txt")"
grep -q "^tangscope probs：「$work/missing.bin」：无法打开：没有这个文件或文件夹$" "$work/zh.txt" &&
    pass zh-engine-error || fail zh-engine-error "$(grep missing.bin "$work/zh.txt")"
got=$(LANG=C $T probs 春风 --model "$work/missing.bin" 2>&1)
[ "$got" = "tangscope probs: '$work/missing.bin': cannot open: No such file or directory" ] &&
    pass en-engine-error || fail en-engine-error "$got"
# tangscope's and probs' help in the language LANG names (their first word,
# written by hand)
for l in de:Aufruf fr:usage zh:用法; do
    code=${l%%:*} word=${l##*:}
    n=$(grep -c "^$word" "$work/$code.txt")
    if [ "$n" -ge 2 ]; then pass "help-$code"; else fail "help-$code" "$n of 2 helps begin with $word"; fi
done

# --lang wins over LANG, for every command
got=$(LANG=de_DE.UTF-8 $T generate --lang fr --bogus 2>&1)
case $got in *"option inconnue"*) pass lang-flag ;; *) fail lang-flag "$got" ;; esac
got=$(LANG=de_DE.UTF-8 $T generate --lang xx 2>&1); rc=$?
case "$rc:$got" in "2:"*"--lang: erlaubt sind en, zh, de, fr, nicht „xx“"*) pass lang-refused ;;
    *) fail lang-refused "$rc: $got" ;; esac

# machine-read output stays as it was: English keys, C numbers (byte for byte
# what the C locale prints, and a probability with a decimal point)
LANG=fr_FR.UTF-8 $T probs 春风 --json >"$work/fr.json" 2>&1
LANG=C.UTF-8 $T probs 春风 --json >"$work/c.json" 2>&1
if cmp -s "$work/fr.json" "$work/c.json" && grep -qE '"prob": 0\.[0-9]+, "id"' "$work/fr.json"; then
    pass json-c-numbers
else
    fail json-c-numbers "$(head -c 400 "$work/fr.json")"
fi

exit $failed
