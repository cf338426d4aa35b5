#!/bin/sh
# outputs.sh - where each output goes when its path is not a plain file
# (docs/robustness.md, "Where an output goes"): a character device or a FIFO
# is written in place and stays what it was, a symbolic link is followed and
# its target replaced beside itself (the link stays), a link into a folder
# that cannot take a file and a folder are refused with one line and exit 2.
# For each output a user names: the trace (generate --trace), the model
# (train --out), the checkpoint (train --checkpoint), the log (train --log)
# and the imported model (import --out, which also refuses a planted
# OUT.tmp link and follows a dangling link to where it leads);
# a FIFO whose reader goes away ends the writer with one line and exit 2.
# The device is a copy of /dev/null's node made here (never /dev/null itself);
# where no node can be made (not root) those checks say SKIP.
# Also the last findings of the bad-input campaign: exit statuses and unused
# options of bench, one line per refusal of train, the header field named.
# Prints PASS/FAIL per check; exits non-zero if any failed.
# usage: TANGSCOPE=./tangscope sh tests/e2e/outputs.sh   (from the repository root)
set -u
export LC_ALL=C.UTF-8
. tests/e2e/lib/tmux.sh
. tests/e2e/lib/expect.sh
e2e_setup outputs
T=$BIN
ROOT=$(pwd)
TINY=$ROOT/tests/data/tiny.bin
TEXT=$ROOT/tests/data/tiny-text.txt
NANO=$ROOT/tests/data/nanogpt
work=$TMP
skip() { echo "SKIP $1: $2"; }
SHAPE="--layers 1 --dims 16 --heads 2 --context 16 --steps 4 --eval-every 2 --quiet"

kind() { # kind PATH: c (device), p (FIFO), l (link), d (folder), f (file), - (none)
    if [ -h "$1" ]; then echo l; elif [ -c "$1" ]; then echo c; elif [ -p "$1" ]; then echo p
    elif [ -d "$1" ]; then echo d; elif [ -f "$1" ]; then echo f; else echo -; fi
}

# write_big OUTPUT PATH: as write, but more than a pipe holds (64 KiB): a
# trace of 5 poems (330 KB), a model of 52,608 parameters (210 KB; its
# checkpoint, 630 KB, after every step), a log line for each of 3,000 steps (95 KB);
# a writer whose pipe's reader has gone meets the closed pipe before the end
# (and stops there, so the long log is never written in full)
BIG="--layers 1 --dims 64 --heads 2 --context 16 --steps 2 --eval-every 2 --quiet"
write_big() {
    case $1 in
    trace) "$T" generate -n 5 --model "$TINY" --max-chars 400 --seed 1 --trace "$2" ;;
    model) "$T" train --data "$TEXT" $BIG --out "$2" --checkpoint "$work/ck-$$.ckpt" --force ;;
    checkpoint) "$T" train --data "$TEXT" $BIG --out "$work/m-$$.bin" --checkpoint "$2" \
        --checkpoint-every 1 --force ;;
    log) "$T" train --data "$TEXT" --layers 1 --dims 16 --heads 2 --context 16 --steps 3000 \
        --eval-every 1 --threads 1 --quiet --out "$work/m-$$.bin" --checkpoint "$work/ck-$$.ckpt" \
        --force --log "$2" ;;
    import) "$T" import "$NANO/bias.pt" --meta "$NANO/meta.pkl" --out "$2" ;;
    esac
}

# write OUTPUT PATH: make PATH the output OUTPUT names, and wait for it
write() {
    case $1 in
    trace) "$T" generate 春风 --model "$TINY" --max-chars 8 --seed 1 --trace "$2" ;;
    model) "$T" train --data "$TEXT" $SHAPE --out "$2" --checkpoint "$work/ck-$$.ckpt" --force ;;
    checkpoint) "$T" train --data "$TEXT" $SHAPE --out "$work/m-$$.bin" --checkpoint "$2" \
        --checkpoint-every 2 --force ;;
    log) "$T" train --data "$TEXT" $SHAPE --out "$work/m-$$.bin" --checkpoint "$work/ck-$$.ckpt" \
        --force --log "$2" ;;
    import) "$T" import "$NANO/nobias.pt" --meta "$NANO/meta-firstseen.pkl" --out "$2" ;;
    esac
}

cd "$work" || exit 1
can_mknod=0
mknod "$work/probe-node" c 1 3 2>/dev/null && can_mknod=1 && rm -f "$work/probe-node"

for out in trace model checkpoint log import; do
    d=$work/$out
    mkdir -p "$d/ro"
    # a character device: written in place, still a device, nothing beside it
    if [ $can_mknod -eq 1 ]; then
        mknod "$d/null" c 1 3
        write $out "$d/null" >"$work/o" 2>"$work/e"
        st=$?
        if [ $st -eq 0 ] && [ "$(kind "$d/null")" = c ] && [ ! -e "$d/null.tmp" ]; then
            pass "$out-device"
        else
            fail "$out-device" "status $st, now '$(kind "$d/null")': $(head -c 200 "$work/e")"
        fi
    else
        skip "$out-device" "cannot make a device node here (needs root)"
    fi
    # a FIFO: its reader gets the bytes, and it stays a FIFO. The reader
    # opens it for reading and writing, so it is never left without a reader
    # between the checkpoint's several writes (a reader that closes between
    # them would end the writer with SIGPIPE, as any program)
    mkfifo "$d/fifo"
    cat 0<>"$d/fifo" >"$d/fifo.read" &
    reader=$!
    write $out "$d/fifo" >"$work/o" 2>"$work/e"
    st=$?
    until_ok test -s "$d/fifo.read" # (the reader has had some)
    kill $reader 2>/dev/null
    wait $reader 2>/dev/null
    if [ $st -eq 0 ] && [ "$(kind "$d/fifo")" = p ] && [ -s "$d/fifo.read" ]; then
        pass "$out-fifo"
    else
        fail "$out-fifo" "status $st, now '$(kind "$d/fifo")', read $(wc -c <"$d/fifo.read"): $(head -c 200 "$work/e")"
    fi
    # a FIFO whose reader goes away (it opens the FIFO and closes it at once):
    # one line naming it and exit 2, not an end by SIGPIPE (status 141)
    # without a word
    if [ $out = import ]; then
        skip "$out-fifo-reader-gone" "a model of 32 KB fits in the pipe: whether the reader has gone is a race"
    else
        mkfifo "$d/gone"
        (: <"$d/gone") &
        reader=$!
        write_big $out "$d/gone" >"$work/o" 2>"$work/e"
        st=$?
        wait $reader 2>/dev/null
        said=$(grep -c "reader went away" "$work/e")
        if [ $st -eq 2 ] && [ "$said" -eq 1 ] &&
            tail -n 1 "$work/e" | grep -q "'$d/gone': its reader went away before the end"; then
            pass "$out-fifo-reader-gone"
        else
            fail "$out-fifo-reader-gone" "status $st, said it $said times: $(tail -c 200 "$work/e")"
        fi
    fi
    # a link to a file: the target replaced, the link kept
    echo old >"$d/target"
    ln -s target "$d/link"
    write $out "$d/link" >"$work/o" 2>"$work/e"
    st=$?
    # (a log grows: its old line stays first; the others are replaced)
    first=$(head -n 1 "$d/target")
    if [ $out = log ]; then want_first=old; else want_first=new; fi
    [ "$first" = old ] && got_first=old || got_first=new
    if [ $st -eq 0 ] && [ "$(kind "$d/link")" = l ] && [ "$(readlink "$d/link")" = target ] &&
        [ "$(wc -c <"$d/target")" -gt 4 ] && [ "$got_first" = "$want_first" ] &&
        [ ! -e "$d/target.tmp" ] && [ ! -e "$d/link.tmp" ]; then
        pass "$out-symlink"
    else
        fail "$out-symlink" "status $st, link '$(kind "$d/link")' -> '$(readlink "$d/link")': $(head -c 200 "$work/e")"
    fi
    # a link into a folder that cannot take a file (as root only /proc refuses)
    if [ "$(id -u)" -eq 0 ]; then to=/proc/tangscope-e2e-$out; else chmod 555 "$d/ro"; to=$d/ro/x; fi
    ln -s "$to" "$d/rolink"
    expect_error_all "$out-symlink-read-only" 2 "rolink" "leads to" "$to" -- write $out "$d/rolink"
    [ "$(kind "$d/rolink")" = l ] && pass "$out-symlink-read-only-kept" ||
        fail "$out-symlink-read-only-kept" "the link is now '$(kind "$d/rolink")'"
    # a folder: refused
    mkdir "$d/folder"
    expect_error "$out-folder" 2 "is a folder, not a file" write $out "$d/folder"
    [ "$(kind "$d/folder")" = d ] && pass "$out-folder-kept" ||
        fail "$out-folder-kept" "the folder is now '$(kind "$d/folder")'"
done

# ---- import (and quantize): a dangling link and a planted OUT.tmp link ----
for out in import quantize; do
    d=$work/more-$out
    mkdir -p "$d"
    # a link to nothing yet: written where it leads, the link kept
    ln -s made.bin "$d/dangling"
    if [ $out = import ]; then set -- import "$NANO/bias.pt" --meta "$NANO/meta.pkl"
    else set -- quantize --to bf16 --model "$TINY"; fi
    "$T" "$@" --out "$d/dangling" >"$work/o" 2>"$work/e"
    st=$?
    if [ $st -eq 0 ] && [ "$(kind "$d/dangling")" = l ] && [ -s "$d/made.bin" ] &&
        "$T" info --model "$d/dangling" >/dev/null 2>&1 && [ ! -e "$d/made.bin.tmp" ]; then
        pass "$out-dangling-symlink"
    else
        fail "$out-dangling-symlink" "status $st, link '$(kind "$d/dangling")': $(head -c 200 "$work/e")"
    fi
    # OUT.tmp planted as a link to a file of someone else's: refused, the file
    # untouched (quantize refuses it too, but with exit status 1: left to it)
    [ $out = quantize ] && continue
    echo precious >"$d/victim"
    ln -s victim "$d/out.bin.tmp"
    expect_error "$out-planted-tmp-link" 2 "is in the way and is not a plain file" \
        "$T" "$@" --out "$d/out.bin"
    if [ "$(cat "$d/victim")" = precious ] && [ "$(kind "$d/out.bin.tmp")" = l ] &&
        [ ! -e "$d/out.bin" ]; then
        pass "$out-planted-tmp-link-kept"
    else
        fail "$out-planted-tmp-link-kept" "victim now '$(head -c 40 "$d/victim")'"
    fi
done

# ---- the campaign's last findings ----
expect_error bench-ui-missing-model 2 "'/nonexistent.bin': cannot open" \
    "$T" bench --ui --model /nonexistent.bin
expect_error bench-train-model 2 "does not use '--model'" "$T" bench --train --model "$TINY"
expect_error bench-train-lengths 2 "does not use '--lengths'" "$T" bench --train --lengths 1,,2
expect_error bench-ui-precision 2 "does not use '--precision'" "$T" bench --ui --precision fp16
expect_error bench-lengths-empty 2 "--lengths must be" "$T" bench --lengths 1,,2 --model "$TINY"
# a text too short for its windows: refused before anything else is said
head -c 60 "$TEXT" >"$work/short.txt"
expect_error train-short-one-line 2 "too short" \
    "$T" train --data "$work/short.txt" --context 128 --steps 1 --out "$work/s.bin" --force
# a header value past any model names its field
cp "$TINY" "$work/absurd.bin"
printf '\101\102\017\000' | dd of="$work/absurd.bin" bs=1 seek=12 conv=notrunc 2>/dev/null
expect_error absurd-header-field 2 "absurd configuration: layers 1000001" "$T" info --model "$work/absurd.bin"

exit $failed
