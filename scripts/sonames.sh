#!/bin/sh
# sonames.sh - the -D flags naming the shared objects that lib/net/lazy.c
# maps on first use: libcurl's and libnotmuch's SONAMEs, read off the
# libraries the build compiles against (pkg-config's libdir, else the
# compiler's search path).  A library not found keeps lazy.c's default.
set -eu
soname() {	# lib-name pkg-config-name
	f=
	if [ -n "$2" ] && d=$(pkg-config --variable=libdir "$2" 2>/dev/null) &&
	   [ -e "$d/lib$1.so" ]; then
		f=$d/lib$1.so
	else
		f=$(${CC:-cc} -print-file-name="lib$1.so")
	fi
	[ -e "$f" ] || return 0
	readelf -d "$f" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]$/\1/p'
}
out=
n=$(soname curl libcurl)
[ -z "$n" ] || out="$out -DQUILL_CURL_SONAME='\"$n\"'"
n=$(soname notmuch "")
[ -z "$n" ] || out="$out -DQUILL_NOTMUCH_SONAME='\"$n\"'"
echo "${out# }"
