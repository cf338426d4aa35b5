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
# the lessons, checked from a folder that holds nothing: those of one
# language run there (the picker finds them in PREFIX/share/tangscope), and
# the others must be the same files as in the repository, whose lessons
# lessons.sh checks in every language
ok=1
"$PFX/bin/tangscope" lesson --check --lang zh >"$work/check.zh" 2>&1 || ok=0
n=$(grep -c "^$PFX/share/tangscope/lessons/zh/[0-9][^/]*\.md" "$work/check.zh") # a line a lesson, in its language
[ "$n" -ge 8 ] || ok=0
for f in "$OLDPWD"/lessons/en/*.md "$OLDPWD"/lessons/de/*.md "$OLDPWD"/lessons/fr/*.md; do
    cmp "$f" "$PFX/share/tangscope/lessons/${f#"$OLDPWD"/lessons/}" >>"$work/check.cmp" 2>&1 || ok=0
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
