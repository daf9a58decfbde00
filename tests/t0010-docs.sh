#!/bin/sh
# The documentation keeps up with the commands: every long option a
# command's --help lists is in that command's synopsis in its man page, and
# every command of 'quill help' has a row in README.md and a man synopsis.
. "$(dirname "$0")/lib.sh"

README=$QUILL_BUILD_DIR/README.md
NOUNS=$(quill help | sed -n 's/^\([a-z][a-z0-9-]*\): .*/\1/p' | grep -vx usage)

test_expect_success 'quill help names the nouns' '
	echo "$NOUNS" | grep -q "^series$" && echo "$NOUNS" | grep -q "^mail$"
'

# synopsis NOUN VERB: the man page's synopsis line of that command
synopsis() {
	sed "s/\\\\-/-/g; s/\\\\f[BIR]//g" "$QUILL_BUILD_DIR/man/quill-$1.1" |
		grep -E "^\.B quill $1 $2( |\$)"
}

for noun in $NOUNS; do
	# the commands that exist (a stub's help says it is not implemented yet)
	verbs=
	for v in $(quill help $noun | sed -n 's/^  \([a-z0-9-]*\) .*/\1/p'); do
		quill $noun $v --help | grep -q "Not implemented yet" || verbs="$verbs $v"
	done
	[ -n "$verbs" ] || { test_skip "$noun: documentation" "no $noun command is implemented yet"; continue; }
	test_expect_success "$noun: a man page with a synopsis line per verb" "
		test -f \"\$QUILL_BUILD_DIR/man/quill-$noun.1\" &&
		(for v in $verbs; do
			synopsis $noun \$v >/dev/null || { echo \"no synopsis for $noun \$v\"; exit 1; }
		done)
	"
	test_expect_success "$noun: every long option of --help is in its synopsis" "
		(for v in $verbs; do
			line=\$(synopsis $noun \$v)
			for o in \$(quill $noun \$v --help | sed -n 's/^  *\(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p' | sort -u); do
				[ \"\$o\" = --help ] && continue
				echo \"\$line\" | grep -q -- \"\$o\" || { echo \"$noun \$v: \$o not in the man page\"; exit 1; }
			done
		done)
	"
	test_expect_success "$noun: each verb is in README.md" "
		(for v in $verbs; do
			grep -q \"quill $noun \$v\" \"\$README\" || { echo \"README lacks $noun \$v\"; exit 1; }
		done)
	"
done

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
