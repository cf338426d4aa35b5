#!/bin/sh
# model-quality.sh - the four measures by which a retrained model is compared
# with the bundled one (docs/training.md keeps the table):
#   1. validation loss in nats per character (tangscope eval on assets/tang-val.txt)
#   2. calibration: the mean absolute difference, in points, between the
#      model's probability of 。 and the training text's own frequency after 80
#      frequent two-character contexts read as fragments (tools/calibration.sh)
#   3. well-formed poems out of 100 at temperature 0.8, seeds 1 to 5
#      (tangscope generate --stats); --seeds N takes seeds 1 to N instead and
#      adds the total, which tells two models apart more surely (2,000 poems
#      at N = 20: a difference of 2 points is then about two standard errors)
#   4. 春风 → 。 read as a fragment, against the training text (149 of 1,016)
#   5. lines: of the same poems, those of four or eight lines (a jueju's or a
#      lüshi's, well formed or not; --stats counts them), against the share
#      of the training text's poems with four or eight lines, counted here
#      by awk
#
# While it works, each long part draws its progress line on stderr when that
# is a terminal (tangscope eval and generate their own, calibration.sh its
# contexts'); --quiet leaves them out.
#
# usage: tools/model-quality.sh [--seeds N] [--model FILE] ... [--quiet]
#   (from the repository root; several --model flags print one block each;
#   needs jq)
set -eu
models=
seeds=5
quiet=
while [ $# -gt 0 ]; do
    case $1 in
    --model) models="$models ${2:?--model needs a file}"; shift 2 ;;
    --seeds)
        seeds=${2:-}
        case $seeds in
        [1-9] | [1-9][0-9] | [1-9][0-9][0-9] | 1000) ;;
        *) echo "model-quality.sh: --seeds needs a number from 1 to 1000" >&2; exit 2 ;;
        esac
        shift 2 ;;
    --quiet) quiet=--quiet; PROGRESS_QUIET=1; export PROGRESS_QUIET; shift ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "model-quality.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ -n "$models" ] || models=assets/tang.bin
command -v jq >/dev/null || { echo "model-quality.sh: needs jq (apt-get install jq)" >&2; exit 2; }
[ -x ./tangscope ] || make tangscope >/dev/null

# the training text's poems of four or eight lines: split at ， and 。 (an
# unfinished last line counts too), as form.c's poem_lines does
train_48=$(awk '{ n = gsub(/，|。/, "&"); l = n + ($0 != "" && $0 !~ /(，|。)$/)
                  if (l == 4 || l == 8) c++ } END { printf "%d %d", c, NR }' assets/tang-train.txt)

# probs reads a prompt as the start of a poem unless told otherwise
midtext=
./tangscope probs --help 2>&1 | grep -q -- --mid-text && midtext=--mid-text

for m in $models; do
    [ -f "$m" ] || { echo "model-quality.sh: $m: no such file" >&2; exit 2; }
    echo "model $m (sha256 $(sha256sum "$m" | cut -c1-16)...)"
    loss=$(./tangscope eval --model "$m" --json $quiet | jq -r '.loss')
    printf '  validation loss:      %.4f nats/char\n' "$loss"
    tools/calibration.sh --model "$m" | sed -n 's/.*mean absolute difference \([0-9.]*\) points/\1/p' |
        { read -r mad; printf '  calibration (80 contexts): mean absolute difference %s points\n' "$mad"; }
    wf= l48=
    for seed in $(seq 1 "$seeds"); do
        set -- $(./tangscope generate -n 100 --temperature 0.8 --seed "$seed" --stats --json \
            --model "$m" $quiet | jq -r '"\(.well_formed) \(.four_or_eight_lines)"')
        wf="$wf $1" l48="$l48 $2"
    done
    echo "$wf" | awk '{ s = 0; for (i = 1; i <= NF; i++) s += $i;
        printf "  well formed of 100 at T 0.8, seeds 1-%d:%s (mean %.1f", NF, $0, s / NF
        if (NF > 5) printf "; %d of %d", s, 100 * NF
        printf ")\n" }'
    p=$(./tangscope probs 春风 $midtext --model "$m" --top 100000 --json |
        jq '[.candidates[] | select(.char == "。") | .prob][0] // 0')
    f=$(./tangscope corpus 春风 --top 100000 --json |
        jq -r '"\([.next[] | select(.char == "。") | .count][0] // 0) \(.count)"')
    echo "$p $f" | awk '{ printf "  春风 → 。 as a fragment: model %.2f%%, training text %.2f%% (%d of %d)\n",
        100 * $1, 100 * $2 / $3, $2, $3 }'
    echo "$l48 $train_48" | awk '{ s = 0; n = NF - 2; for (i = 1; i <= n; i++) s += $i;
        printf "  four or eight lines, same poems:"
        for (i = 1; i <= n; i++) printf " %s", $i
        printf " (%d of %d, %.1f%%); training text %.1f%% (%d of %d poems)\n", s, 100 * n,
            s / n, 100 * $(NF - 1) / $NF, $(NF - 1), $NF }'
done
