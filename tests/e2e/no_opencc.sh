#!/bin/sh
# no_opencc.sh - a build without OpenCC (make OPENCC=0): traditional
# characters typed on the command line or pasted into the explorer stay as
# typed, and one line says what to install, in the interface language; no
# crash, and punctuation is still converted. Runs only on such a build
# (`tangscope --version` names the optional parts); on any other it says SKIP.
#
# Reference: the command's line from outside the code under test is the
# package to install (Debian's libopencc-dev) and the make variable.
# usage: TANGSCOPE=build-minimal/tangscope-bin sh tests/e2e/no_opencc.sh
set -u
export LC_ALL=C.UTF-8
SESSION=noopencc
. tests/e2e/lib/tmux.sh
. tests/e2e/lib/expect.sh
e2e_setup noopencc
work=$TMP
if ! "$BIN" --version | grep -q "OpenCC no"; then
    echo "SKIP no_opencc: this build has OpenCC (make OPENCC=0 builds one without)"
    exit 0
fi

# the command line: the unknown character's error names what to install
expect_error_all no-opencc-build-probs 2 "'風' (U+98A8)" "install OpenCC" "libopencc-dev" \
    "OPENCC=0" -- "$BIN" probs 春風 --model "$MODEL"
expect_error_all no-opencc-build-probs-zh 2 "繁体字没有转换" "安装 OpenCC" "OPENCC=0" -- \
    "$BIN" probs 春風 --model "$MODEL" --lang zh
# corpus searches the text as typed, and says why in a line of its own
"$BIN" corpus 春風 --data "$CORPUS" >"$work/out" 2>"$work/err"
if [ $? -eq 0 ] && [ "$(wc -l <"$work/err")" -eq 1 ] && grep -qF "install OpenCC" "$work/err" &&
    grep -qF "「春風」" "$work/out"; then
    pass no-opencc-build-corpus
else
    fail no-opencc-build-corpus "$(cat "$work/err") / $(head -1 "$work/out")"
fi
# punctuation needs no OpenCC
if "$BIN" probs 春风, --model "$MODEL" 2>"$work/err" >/dev/null &&
    [ "$(cat "$work/err")" = "tangscope probs: read ',' as ，" ]; then
    pass no-opencc-build-punctuation
else
    fail no-opencc-build-punctuation "$(cat "$work/err")"
fi

# the explorer: a paste of traditional text is kept, and the status line says
# what to install; the explorer goes on and quits cleanly
e2e_launch 80x24 -- explore --model "$MODEL" --lang en --no-corpus
e2e_wait "next  " || fail no-opencc-build-explorer-opens "no first screen within ${TIMEOUT}s"
tm set-buffer -b trad -- "春風"
tm paste-buffer -p -b trad -t "$SESSION"
if until_ok shows_all "春風" "to simplify it, install OpenCC and rebuild"; then
    pass no-opencc-build-explorer-paste
else
    fail no-opencc-build-explorer-paste "no '春風' with the install hint on the screen"
fi
if e2e_quit; then pass no-opencc-build-explorer-quits; else
    fail no-opencc-build-explorer-quits "q did not quit with status 0"; fi
exit $failed
