#!/bin/sh
# outputs.sh - where each output goes when its path is not a plain file
# (docs/robustness.md, "Where an output goes"): a character device or a FIFO
# is written in place and stays what it was, a symbolic link is followed and
# its target replaced beside itself (the link stays), a link into a folder
# that cannot take a file and a folder are refused with one line and exit 2.
# For each output a user names: the trace (generate --trace), the model
# (train --out), the checkpoint (train --checkpoint), the log (train --log)
# the smaller weights (quantize --out), the imported model (import --out)
# and export's ckpt.pt and meta.pkl (in --out DIR; also a dangling link and
# a link planted at FILE.tmp); a FIFO whose reader goes away ends the writer
# with one line and exit 2, and so does a temporary file in the way: every
# refused output path exits 2, whichever writer. `generate --export` never
# follows a link on a name it chose itself.
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
    quantize) "$T" quantize --model "$work/big.bin" --to fp32 --out "$2" ;;
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
    quantize) "$T" quantize --model "$TINY" --to bf16 --out "$2" ;;
    import) "$T" import "$NANO/nobias.pt" --meta "$NANO/meta-firstseen.pkl" --out "$2" ;;
    esac
}

cd "$work" || exit 1
# quantize's big model: its fp32 copy is more than a pipe holds
"$T" train --data "$TEXT" $BIG --out "$work/big.bin" --checkpoint "$work/big.ckpt" --force >/dev/null 2>&1
can_mknod=0
mknod "$work/probe-node" c 1 3 2>/dev/null && can_mknod=1 && rm -f "$work/probe-node"

for out in trace model checkpoint log quantize import; do
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
    # a FIFO where the temporary file goes: refused at once (a log is
    # appended to, with no temporary file)
    if [ $out != log ]; then
        mkfifo "$d/busy.tmp"
        expect_error "$out-tmp-in-the-way" 2 "'$d/busy.tmp' is in the way" write $out "$d/busy"
    fi
done

# ---- generate --export: the names it chooses are new files, never links ----
# Dangling links sit on the names of this second and the next few (.json and
# .md), pointing into else/: the export takes the first name free of both,
# the links stay links and nothing appears in else/.
mkdir -p "$work/export/else"
cd "$work/export" || exit 1
now=$(date -u +%s)
for k in 0 1 2 3 4 5; do
    s=$(date -u -d "@$((now + k))" +%Y%m%d-%H%M%S)
    ln -s "else/victim-$k.json" "tangscope-$s.json"
    ln -s "else/victim-$k.md" "tangscope-$s.md"
done
"$T" generate 春风 --model "$TINY" --max-chars 8 --seed 1 --export >"$work/o" 2>"$work/e"
st=$?
saved=$(sed -n "s/.* saved in \(tangscope-[0-9-]*\.json\) and .*/\1/p" "$work/e")
if [ $st -eq 0 ] && [ -n "$saved" ] && [ ! -h "$saved" ] && [ -s "$saved" ] &&
    [ -s "${saved%.json}.md" ] && [ ! -h "${saved%.json}.md" ] && [ -z "$(ls else)" ] &&
    [ "$(find . -maxdepth 1 -type l | wc -l)" -eq 12 ]; then
    pass export-never-follows-links
else
    fail export-never-follows-links "status $st, saved '$saved', else/: $(ls else) $(head -c 200 "$work/e")"
fi
# a folder that takes no file: refused with one line, exit 2
if [ "$(id -u)" -ne 0 ]; then
    mkdir -p "$work/export-ro" && chmod 555 "$work/export-ro" && cd "$work/export-ro" &&
        expect_error export-nowhere 2 "cannot create a file there" \
            "$T" generate 春风 --model "$TINY" --max-chars 8 --seed 1 --export
else
    cd /proc && expect_error export-nowhere 2 "cannot create a file there" \
        "$T" generate 春风 --model "$TINY" --max-chars 8 --seed 1 --export
fi
cd "$work" || exit 1
# ---- export: ckpt.pt and meta.pkl, each a name inside --out DIR ----
# Each row above, for each of the two files, with the other a plain file;
# and a link planted at the file's temporary name (FILE.tmp): refused before
# anything is written, its target untouched. A refused export writes
# neither file.
BUNDLED=$ROOT/assets/tang.bin
mkdir "$work/export-plain"
"$T" export "$TINY" --out "$work/export-plain" --dataset class >/dev/null 2>&1
n=0
fresh() { n=$((n + 1)); e=$work/export-$n; mkdir "$e"; }
export_tiny() { "$T" export "$TINY" --out "$e" --dataset class; }
size_is() { [ "$(wc -c <"$1")" -eq "$(wc -c <"$2")" ]; }
for f in ckpt.pt meta.pkl; do
    other=meta.pkl
    [ $f = meta.pkl ] && other=ckpt.pt
    want=$work/export-plain/$f
    if [ $can_mknod -eq 1 ]; then
        fresh
        mknod "$e/$f" c 1 3
        export_tiny >"$work/o" 2>"$work/e"
        st=$?
        if [ $st -eq 0 ] && [ "$(kind "$e/$f")" = c ] && [ ! -e "$e/$f.tmp" ] &&
            cmp -s "$e/$other" "$work/export-plain/$other"; then
            pass "export-$f-device"
        else
            fail "export-$f-device" "status $st, now '$(kind "$e/$f")': $(head -c 200 "$work/e")"
        fi
    else
        skip "export-$f-device" "cannot make a device node here (needs root)"
    fi
    # a FIFO: its reader gets the file's bytes, and it stays a FIFO
    fresh
    mkfifo "$e/$f"
    cat 0<>"$e/$f" >"$e/read" &
    reader=$!
    export_tiny >"$work/o" 2>"$work/e"
    st=$?
    until_ok size_is "$e/read" "$want"
    kill $reader 2>/dev/null
    wait $reader 2>/dev/null
    if [ $st -eq 0 ] && [ "$(kind "$e/$f")" = p ] && cmp -s "$e/read" "$want"; then
        pass "export-$f-fifo"
    else
        fail "export-$f-fifo" "status $st, now '$(kind "$e/$f")', read $(wc -c <"$e/read"): $(head -c 200 "$work/e")"
    fi
    # a FIFO whose reader goes away (the bundled model's files: more than a pipe holds)
    fresh
    mkfifo "$e/$f"
    (: <"$e/$f") &
    reader=$!
    "$T" export "$BUNDLED" --out "$e" >"$work/o" 2>"$work/e"
    st=$?
    wait $reader 2>/dev/null
    if [ $st -eq 2 ] && [ "$(wc -l <"$work/e")" -eq 1 ] &&
        grep -qF "'$e/$f': its reader went away before the end" "$work/e" &&
        [ ! -e "$e/$other" ] && [ ! -e "$e/$other.tmp" ]; then
        pass "export-$f-fifo-reader-gone"
    else
        fail "export-$f-fifo-reader-gone" "status $st, $other: '$(kind "$e/$other")': $(tail -c 200 "$work/e")"
    fi
    # a link to a file: the target replaced, the link kept
    fresh
    echo old >"$e/target"
    ln -s target "$e/$f"
    export_tiny >"$work/o" 2>"$work/e"
    st=$?
    if [ $st -eq 0 ] && [ "$(kind "$e/$f")" = l ] && [ "$(readlink "$e/$f")" = target ] &&
        cmp -s "$e/target" "$want" && [ ! -e "$e/target.tmp" ] && [ ! -e "$e/$f.tmp" ]; then
        pass "export-$f-symlink"
    else
        fail "export-$f-symlink" "status $st, link '$(kind "$e/$f")' -> '$(readlink "$e/$f")': $(head -c 200 "$work/e")"
    fi
    # a link that leads nowhere yet: its target made, the link kept
    fresh
    ln -s made "$e/$f"
    export_tiny >"$work/o" 2>"$work/e"
    st=$?
    if [ $st -eq 0 ] && [ "$(kind "$e/$f")" = l ] && cmp -s "$e/made" "$want" && [ ! -e "$e/made.tmp" ]; then
        pass "export-$f-dangling-symlink"
    else
        fail "export-$f-dangling-symlink" "status $st, link '$(kind "$e/$f")', made '$(kind "$e/made")': $(head -c 200 "$work/e")"
    fi
    # a link into a folder that cannot take a file (as root only /proc refuses)
    fresh
    if [ "$(id -u)" -eq 0 ]; then to=/proc/tangscope-e2e-$f; else mkdir "$e/ro"; chmod 555 "$e/ro"; to=$e/ro/x; fi
    ln -s "$to" "$e/$f"
    expect_error_all "export-$f-symlink-read-only" 2 "$f" "leads to" "$to" -- export_tiny
    if [ "$(kind "$e/$f")" = l ] && [ ! -e "$e/$other" ]; then
        pass "export-$f-symlink-read-only-kept"
    else
        fail "export-$f-symlink-read-only-kept" "the link is now '$(kind "$e/$f")', $other '$(kind "$e/$other")'"
    fi
    # a folder: refused
    fresh
    mkdir "$e/$f"
    expect_error "export-$f-folder" 2 "'$e/$f': is a folder, not a file" export_tiny
    if [ "$(kind "$e/$f")" = d ] && [ ! -e "$e/$other" ]; then
        pass "export-$f-folder-kept"
    else
        fail "export-$f-folder-kept" "the folder is now '$(kind "$e/$f")', $other '$(kind "$e/$other")'"
    fi
    # a link planted at the temporary name: refused, its target untouched
    fresh
    echo precious >"$e/victim"
    ln -s victim "$e/$f.tmp"
    expect_error "export-$f-tmp-link" 2 "'$e/$f.tmp' is in the way" export_tiny
    if [ "$(cat "$e/victim")" = precious ] && [ "$(kind "$e/$f.tmp")" = l ] && [ ! -e "$e/$f" ] &&
        [ ! -e "$e/$other" ] && [ ! -e "$e/$other.tmp" ]; then
        pass "export-$f-tmp-link-untouched"
    else
        fail "export-$f-tmp-link-untouched" "victim '$(cat "$e/victim")', $f '$(kind "$e/$f")', $other '$(kind "$e/$other")'"
    fi
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
    # untouched
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
