#!/bin/sh
# install.sh - `make install PREFIX=...` puts tangscope where a student can run
# it from any folder: the program in PREFIX/bin finds its model, pinyin tables
# and lessons in PREFIX/share/tangscope (no TANGSCOPE_HOME, not the source
# tree), so the lessons' `tangscope lesson ...` works as written; `make
# uninstall` takes it away again.
#
# usage: TANGSCOPE=./tangscope sh tests/e2e/install.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
. tests/e2e/lib/tmux.sh
. tests/e2e/lib/expect.sh
e2e_setup install
work=$TMP
unset TANGSCOPE_HOME
PFX=$TMP/prefix
if ! make -s install PREFIX="$PFX" INSTALL_BIN="$BIN" >"$work/make.out" 2>&1; then
    fail install-make "$(tail -3 "$work/make.out")"
    exit 1
fi
pass install-make
mkdir -p "$work/elsewhere"
cd "$work/elsewhere" || exit 1
# the lessons, from a folder that holds nothing. The picker (`tangscope
# lesson`) lists those of PREFIX/share/tangscope: every zh title, as the
# repository's files open, under a title bar naming the installed model
E2E_DIR=$work/elsewhere
BIN=$PFX/bin/tangscope
e2e_launch 80x24 -- lesson --lang zh
titles() {
    for f in "$OLDPWD"/lessons/zh/[0-9]*.md; do
        shows "$(sed -n '1s/^# //p' "$f")" || return 1
    done
    shows "tang.bin · " && hides "EXITED"
}
if until_ok one_capture titles && e2e_quit; then
    pass install-lesson-picker
else
    fail install-lesson-picker "not every zh lesson listed"
fi
# two of them run to their end with what is installed: the model, the
# training text (08's expect corpus) and the exercises folder (03's stage
# step names its program there). All of them run in every language in
# lessons.sh; here the installed files must be the repository's
ok=1
l=$PFX/share/tangscope/lessons
"$PFX/bin/tangscope" lesson --check --lang zh "$l/zh/03-top-k-top-p.md" "$l/zh/08-corpus.md" \
    >"$work/check.zh" 2>&1 || ok=0
n=$(grep -c "^$l/zh/0[38]-[^/]*\.md：[0-9]* 步，没有问题$" "$work/check.zh")
[ "$n" -eq 2 ] || ok=0
grep -q "$l/exercises/top_p_ref.sh" "$work/check.zh" || ok=0
for f in "$OLDPWD"/lessons/*/*.md; do
    cmp "$f" "$l/${f#"$OLDPWD"/lessons/}" >>"$work/check.cmp" 2>&1 || ok=0
done
if [ $ok -eq 1 ]; then
    pass install-lesson-check
else
    fail install-lesson-check "$(cat "$work"/check.* | head -5)"
fi
# the model, the pinyin table and the word list are found there too
if "$PFX/bin/tangscope" probs --pinyin "chun feng" --top 1 >"$work/probs.out" 2>"$work/probs.err" &&
    grep -q "read as 春风" "$work/probs.err" && grep -q "chuī" "$work/probs.out"; then
    pass install-assets
else
    fail install-assets "$(cat "$work/probs.out" "$work/probs.err" | head -5)"
fi
cd - >/dev/null || exit 1
make -s uninstall PREFIX="$PFX" >/dev/null 2>&1
if [ ! -e "$PFX/bin/tangscope" ] && [ ! -e "$PFX/share/tangscope" ]; then
    pass install-uninstall
else
    fail install-uninstall "files left in $PFX"
fi
exit $failed
