#!/bin/sh
# The documentation keeps up with the commands: every long option a
# command's --help lists is in that command's synopsis in its man page, and
# every command of 'quill help' has a row in README.md and a man synopsis.
. "$(dirname "$0")/lib.sh"

MAN=$QUILL_BUILD_DIR/man/quill-series.1
README=$QUILL_BUILD_DIR/README.md
VERBS=$(quill help series | sed -n 's/^  \([a-z0-9-]*\) .*/\1/p')

test_expect_success 'quill help series names verbs' '
	test -n "$VERBS" && echo "$VERBS" | grep -q "^new-version$"
'

test_expect_success 'each verb has a synopsis line in man/quill-series.1' '
	(for v in $VERBS; do
		sed "s/\\\\-/-/g; s/\\\\f[BIR]//g" "$MAN" | grep -Eq "^\.B quill series $v( |\$)" ||
			{ echo "no synopsis for $v"; exit 1; }
	done)
'

test_expect_success 'every long option of --help is in its synopsis' '
	(for v in $VERBS; do
		line=$(sed "s/\\\\-/-/g; s/\\\\f[BIR]//g" "$MAN" | grep -E "^\.B quill series $v( |\$)")
		for o in $(quill series $v --help | grep -oE -- "--[a-z][a-z0-9-]*" | sort -u); do
			[ "$o" = --help ] && continue
			echo "$line" | grep -q -- "$o" || { echo "$v: $o not in the man page"; exit 1; }
		done
	done)
'

test_expect_success 'each verb is in the README table' '
	(for v in $VERBS; do
		grep -q "quill series $v" "$README" || { echo "README lacks $v"; exit 1; }
	done)
'

if command -v groff >/dev/null; then
	test_expect_success 'man pages format without warnings' '
		for m in "$QUILL_BUILD_DIR"/man/*.1; do
			groff -man -Tutf8 -ww "$m" >/dev/null 2>groff.err &&
			test ! -s groff.err || { cat groff.err; return 1; }
		done
	'
else
	test_skip 'man pages format without warnings' 'no groff here'
fi

test_done
