#!/bin/sh
# bench/run.sh - `make bench`: every measurement, as ratios to the tools a
# user would use instead, in one run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
QUILL=${QUILL_BUILD_DIR:-$here/..}/quill
export QUILL
for b in "$here"/series.sh "$here"/mail.sh; do
	echo "== $(basename "$b" .sh)"
	sh "$b"
	echo
done
