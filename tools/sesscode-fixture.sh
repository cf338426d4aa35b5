#!/bin/sh
# sesscode-fixture.sh - write tests/data/sesscodes-v2.tsv: twenty session
# codes made by the tangscope this is run with, each beside what it must
# open to. Run once with the program of the code's first format (before the
# settings list); the file is then what every later tangscope reads.
#
# usage: TANGSCOPE=./tangscope sh tools/sesscode-fixture.sh > tests/data/sesscodes-v2.tsv
#
# One line per code, tab-separated:
#   the command that made it (the bundled model),
#   the code,
#   the session it holds, written here from the command's arguments (not by
#     the program): prompt, form, line length, heads, mid-text, the five
#     sampler settings, punctuation, seed, context policy, poems, max-chars,
#   what `generate --code CODE --json` reports with that program: the poems,
#     the seed, the settings and the context policy (timings and the code
#     left out).
# The script checks that the report's settings, seed, policy and number of
# poems agree with the arguments' before it writes a line.
set -eu
BIN=${TANGSCOPE:-./tangscope}
export LC_ALL=C.UTF-8

# command | what it holds (key=value, space-separated; the rest at the defaults:
# empty prompt, free form, start of a poem, temperature 0.8, filters off,
# penalty 1, punctuation exempt, seed 1, shift, one poem, 200 characters)
CASES='generate 床前明月光，疑是地上|prompt=床前明月光，疑是地上
generate --seed 7|seed=7
generate 春 --temperature 0.7 --seed 42|prompt=春 temperature=0.7 seed=42
generate 白日依山尽，黄河入海流。欲穷千里目，更上一层楼。|prompt=白日依山尽，黄河入海流。欲穷千里目，更上一层楼。
generate 床前明月光，疑是地上霜。举头望明月，低头思故乡。春眠不觉晓，处处闻啼鸟 --seed 3|prompt=床前明月光，疑是地上霜。举头望明月，低头思故乡。春眠不觉晓，处处闻啼鸟 seed=3
generate 春风 --top-k 20 --seed 123|prompt=春风 top_k=20 seed=123
generate 江 --top-p 0.9 --seed 5|prompt=江 top_p=0.9 seed=5
generate 山 --min-p 0.05 --seed 6|prompt=山 min_p=0.05 seed=6
generate 月 --repetition-penalty 1.3 --seed 8|prompt=月 penalty=1.3 seed=8
generate 花 --repetition-penalty 1.2 --penalize-punctuation --seed 9|prompt=花 penalty=1.2 punct=1 seed=9
generate 秋风 --temperature 0.85 --top-k 300 --top-p 0.87 --min-p 0.003 --repetition-penalty 1.07 --seed 999|prompt=秋风 temperature=0.85 top_k=300 top_p=0.87 min_p=0.003 penalty=1.07 seed=999
generate 云 --temperature 0.123456 --top-p 0.333333 --top-k 5000 --seed 4000000000|prompt=云 temperature=0.123456 top_p=0.333333 top_k=5000 seed=4000000000
generate 明月 --temperature 0 --seed 2|prompt=明月 temperature=0 seed=2
generate 风雨 --mid-text --seed 11|prompt=风雨 mid=1 seed=11
generate 长安 --context-policy slide --seed 12|prompt=长安 policy=slide seed=12
generate 雪 -n 3 --seed 13|prompt=雪 poems=3 seed=13
generate 夜 -n 25 --max-chars 40 --seed 14 --top-k 40|prompt=夜 poems=25 max_chars=40 seed=14 top_k=40
acrostic 春眠不觉 --chars 5 --seed 5|form=acrostic chars=5 heads=春眠不觉 seed=5
acrostic 法国巴黎 --chars 7 --seed 15 --mid-text --top-p 0.8|form=acrostic chars=7 heads=法国巴黎 mid=1 top_p=0.8 seed=15
jueju --chars 5 --seed 16 --min-p 0.1|form=jueju chars=5 min_p=0.1 seed=16
jueju --chars 7 --seed 1234567890123 --temperature 1.5 --repetition-penalty 2|form=jueju chars=7 temperature=1.5 penalty=2 seed=1234567890123'

printf '%s\n' "$CASES" | while IFS='|' read -r cmd holds; do
    # shellcheck disable=SC2086
    code=$("$BIN" $cmd --json | jq -r .code)
    report=$("$BIN" generate --code "$code" --json |
        jq -c 'del(.seconds, .model_seconds, .sampler_seconds, .code, .characters, .cache)')
    # the report against the arguments
    want=$(printf '%s' "$holds" | tr ' ' '\n' | awk -F= '
        BEGIN { t = "0.8"; k = 0; p = 1; m = 0; r = 1; u = "false"; s = 1; c = "shift"; n = 1 }
        $1 == "temperature" { t = $2 } $1 == "top_k" { k = $2 } $1 == "top_p" { p = $2 }
        $1 == "min_p" { m = $2 } $1 == "penalty" { r = $2 } $1 == "punct" { u = "true" }
        $1 == "seed" { s = $2 } $1 == "policy" { c = $2 } $1 == "poems" { n = $2 }
        END { printf "%s %s %s %s %s %s %s %s %s", t, k, p, m, r, u, s, c, n }')
    got=$(printf '%s' "$report" | jq -r '[.temperature, .top_k, .top_p, .min_p,
        .repetition_penalty, .penalize_punctuation, .seed, .context_policy,
        (.poems | length)] | map(tostring) | join(" ")')
    if [ "$want" != "$got" ]; then
        echo "sesscode-fixture: $cmd: the report says '$got', the arguments '$want'" >&2
        exit 1
    fi
    printf '%s\t%s\t%s\t%s\n' "$cmd" "$code" "$holds" "$report"
done
