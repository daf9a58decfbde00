#!/bin/sh
# checkpatch.sh - print the path of the kernel's scripts/checkpatch.pl, for
# the tests and `make bench` that set quill beside it.
#
# It comes from Debian's linux-source-6.1 package (scripts/deps.sh bench
# installs it): the first call unpacks checkpatch.pl, spelling.txt and
# const_structs.checkpatch from /usr/src/linux-source-6.1.tar.xz into
# build/checkpatch/ (some seconds: the whole tarball is decompressed),
# later calls print the path at once.  Exit 1, printing nothing, when the
# tarball is not installed.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
dest=${QUILL_BUILD_DIR:-$top}/build/checkpatch
tarball=/usr/src/linux-source-6.1.tar.xz
script=$dest/scripts/checkpatch.pl

if [ -f "$script" ]; then
	echo "$script"
	exit 0
fi
[ -f "$tarball" ] || exit 1
command -v perl >/dev/null 2>&1 || exit 1
mkdir -p "$(dirname "$dest")"
tmp=$(mktemp -d "$(dirname "$dest")/checkpatch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
tar -xJf "$tarball" -C "$tmp" linux-source-6.1/scripts/checkpatch.pl \
	linux-source-6.1/scripts/spelling.txt linux-source-6.1/scripts/const_structs.checkpatch
# another run may have got there first: either copy is the same
mv -T "$tmp/linux-source-6.1" "$dest" 2>/dev/null || [ -f "$script" ]
echo "$script"
