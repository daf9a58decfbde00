#!/bin/sh
# gen-pull-load-repo.sh QUILL DIR [SERIES [PATCHES]] - the repository of the
# review pull load test and bench: series s1..sN (default 50), each on its
# own branch off main with PATCHES commits (default 2) "sI: change number
# P", v1 frozen as sent with its cover's Message-ID
# <sI.v1.0@load.quill.invalid> recorded (what gen-pull-load.py posts).
# Uses the caller's git identity; DIR must not exist.
set -eu
quill=$1 dir=$2 n=${3:-50} patches=${4:-2}
git init -q -b main "$dir"
cd "$dir"
git commit -q --allow-empty -m base
i=1
while [ "$i" -le "$n" ]; do
	git checkout -q main
	"$quill" series new "s$i" >/dev/null
	"$quill" series edit-cover -m "s$i: the series number $i" >/dev/null
	p=1
	while [ "$p" -le "$patches" ]; do
		echo "change $p of series $i" >"s$i-$p"
		git add "s$i-$p"
		git commit -q -m "s$i: change number $p"
		p=$((p + 1))
	done
	"$quill" series new-version "s$i" --msgid "s$i.v1.0@load.quill.invalid" -m v1 >/dev/null 2>&1
	i=$((i + 1))
done
git checkout -q main
