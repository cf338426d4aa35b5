#!/bin/sh
# arm64-sysroot.sh - the arm64 (aarch64) libraries tangscope links, unpacked
# into a folder of their own, for `make arm64` (cross-compiling with Debian's
# gcc-aarch64-linux-gnu, then running under qemu-aarch64 -L DIR).
#
# The packages are downloaded (apt-get download PKG:arm64) and unpacked
# (dpkg -x), never installed: on Debian 12 installing an arm64 -dev package
# can remove the host's own (libopencc-dev:arm64 and libopencc-dev:amd64
# cannot be installed together, and installing the arm64 one removes the
# amd64 runtime). So nothing of the host's packages changes; the one thing
# done to the system is telling dpkg that arm64 packages exist
# (dpkg --add-architecture arm64, then apt-get update), which installs
# nothing, so that apt can download them.
#
# What is unpacked: the C library (the loader qemu runs), zlib and ncursesw
# with their headers and link names, and their own dependencies. The build
# needs no OpenMP, OpenBLAS or OpenCC library (make arm64 builds with
# OPENMP=0 BLAS=0 OPENCC=0).
# usage: tools/arm64-sysroot.sh DIR   (DIR/.complete marks a finished one)
set -eu
dir=${1:?usage: tools/arm64-sysroot.sh DIR}
PACKAGES="libc6 libgcc-s1 zlib1g zlib1g-dev libtinfo6 libncurses6 libncursesw6 libncurses-dev"

[ -f "$dir/.complete" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
else
    SUDO="sudo"
fi
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    echo "arm64-sysroot: telling dpkg that arm64 packages exist (dpkg --add-architecture arm64)"
    $SUDO dpkg --add-architecture arm64
    $SUDO apt-get update -qq
fi
debs=$(mktemp -d)
trap 'rm -rf "$debs"' EXIT
chmod 755 "$debs" # (apt's download user reads it)
for p in $PACKAGES; do
    # (apt-get download writes into the current folder, as the user: no root)
    (cd "$debs" && apt-get download -qq "$p:arm64") || {
        echo "arm64-sysroot: cannot download $p:arm64 (is arm64 in apt's sources?)" >&2
        exit 1
    }
done
rm -rf "$dir"
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
for d in "$debs"/*.deb; do
    dpkg -x "$d" "$dir"
done
# The link names Debian makes as absolute links (/lib/...) point into the
# host's folders; pointed again into DIR, they name the arm64 files.
find "$dir" -type l | while read -r link; do
    target=$(readlink "$link")
    case $target in
    /*) ln -sf "$dir$target" "$link" ;;
    esac
done
touch "$dir/.complete"
echo "arm64-sysroot: $PACKAGES unpacked in $dir"
