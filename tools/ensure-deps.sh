#!/bin/sh
# ensure-deps.sh - install the Debian/Ubuntu packages tangscope's build and
# tests need, if any are missing. Run by the Makefile before the first build;
# says what it installs, uses sudo when not root, and does nothing when all is
# there. On other systems it names what to install and stops.
# With package names as arguments, it ensures those instead (`make fuzz`:
# clang, libFuzzer and LLVM's OpenMP).
set -eu

# BLAS=0 or OPENCC=0 (the Makefile passes its variables): a build without
# that library, which then needs no package for it.
DEFAULT="zlib1g-dev libncurses-dev unicode-data tmux jq"
[ "${BLAS:-1}" = 0 ] || DEFAULT="libopenblas-dev $DEFAULT"
[ "${OPENCC:-1}" = 0 ] || DEFAULT="$DEFAULT libopencc-dev"
PACKAGES=${*:-"$DEFAULT"}

missing=""
if command -v dpkg-query >/dev/null 2>&1; then
    for p in $PACKAGES; do
        status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
        case "$status" in
            *"install ok installed"*) ;;
            *) missing="$missing $p" ;;
        esac
    done
else
    echo "tangscope: not a Debian/Ubuntu system; make sure these (or your system's equivalents) are installed:$PACKAGES" >&2
    exit 0
fi

[ -z "$missing" ] && exit 0

echo "tangscope: installing missing build packages:$missing"
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "tangscope: need root or sudo to run: apt-get install -y$missing" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq $missing
