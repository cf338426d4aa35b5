#!/bin/sh
# calibration.sh - how well the model's probability of a next character matches
# how often the training text itself continues that context with it. The
# context is read as a fragment from inside a text (probs --mid-text: no
# newline before it), as the training text counts it wherever it occurs. Uses
# tangscope probs and tangscope corpus (and jq); no Python.
#
# usage: tools/calibration.sh [--model FILE] [--char C] [--verbose] [--quiet] [CONTEXT ...]
#   (from the repository root; default character 。; default contexts: the 80
#   below, a random sample of the two-character contexts without punctuation
#   that occur at least 300 times in assets/tang-train.txt; a progress line
#   on stderr when it is a terminal, unless --quiet or --verbose)
set -eu
model=assets/tang.bin
char=。
verbose=0
while [ $# -gt 0 ]; do
    case $1 in
    --model) model=$2; shift 2 ;;
    --char) char=$2; shift 2 ;;
    --verbose) verbose=1; PROGRESS_QUIET=1; shift ;;
    --quiet) PROGRESS_QUIET=1; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "calibration.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
if [ $# -eq 0 ]; then
    set -- 不堪 今朝 参差 落日 行人 今日 无事 三年 回首 月明 分明 惆怅 谁知 何时 十年 烟霞 \
        不见 秋风 白日 可怜 长安 山川 风起 不相 无限 如何 不得 三十 谁能 故乡 将军 桃花 \
        桃李 从此 流水 人间 白云 当时 洞庭 春风 君不 寂寞 终日 明月 此时 千万 不如 日暮 \
        落花 年年 尽日 三千 少年 风流 江上 花落 相思 青山 东风 天下 君子 何如 美人 天上 \
        天子 鸳鸯 白头 何人 有余 芳草 花开 如此 杨柳 如今 唯有 归去 门前 风雨 萧萧 洛阳
fi
command -v jq >/dev/null || { echo "calibration.sh: needs jq (apt-get install jq)" >&2; exit 2; }
[ -x ./tangscope ] || make tangscope >/dev/null
. tools/progress.sh

progress_start $# contexts "calibration of $char, $model"
done_n=0
# the contexts, one line each ("CONTEXT P F"), then the bar off the screen
{
    for ctx in "$@"; do
        p=$(./tangscope probs "$ctx" --mid-text --model "$model" --top 100000 --json |
            jq --arg c "$char" '[.candidates[] | select(.char == $c) | .prob][0] // 0')
        f=$(./tangscope corpus "$ctx" --top 100000 --json |
            jq --arg c "$char" '([.next[] | select(.char == $c) | .count][0] // 0) / .count')
        echo "$ctx $p $f"
        done_n=$((done_n + 1))
        progress_step "$done_n"
    done
    progress_end
} | awk -v verbose="$verbose" -v char="$char" -v model="$model" '
    {
        d = $2 - $3; n++; sd += d; ad += d < 0 ? -d : d; sm += $2; sc += $3
        if (verbose) printf "  %s  model %6.2f%%  text %6.2f%%  %+6.2f\n", $1, 100 * $2, 100 * $3, 100 * d
    }
    END {
        printf "%s after %d contexts, model %s: model %.2f%%, training text %.2f%% on average;\n", char, n, model, 100 * sm / n, 100 * sc / n
        printf "  mean difference %+.2f points, mean absolute difference %.2f points\n", 100 * sd / n, 100 * ad / n
    }'
