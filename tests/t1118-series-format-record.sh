#!/bin/sh
# series format remembers what it formatted of the working version
# ($GIT_DIR/quill/formatted/<series>: version, tip, time) whenever it wrote
# the mails out (-o or the mbox on stdout), for series send's gate; a
# --json report alone or a frozen version is no format to remember, and a
# record that cannot be written is only a warning.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

rec=.git/quill/formatted/zone

test_expect_success 'setup' '
	series_repo r zone 2
'

test_expect_success 'format --json alone writes no record' '
	cd r &&
	quill series format --json >out.json &&
	! test -e $rec
'

test_expect_success 'format to stdout records version and tip' '
	cd r &&
	quill series format >mbox &&
	sed -n 1,2p $rec >actual &&
	cat >expect <<-EOT &&
	version 1
	tip $(git rev-parse HEAD)
	EOT
	test_cmp expect actual &&
	grep -Eq "^time [0-9]+\$" $rec
'

test_expect_success 'format -o records the new tip after a commit' '
	cd r &&
	test_commit "zone: a third patch" &&
	quill series format -o out >/dev/null &&
	grep -qx "tip $(git rev-parse HEAD)" $rec
'

test_expect_success 'a frozen version formatted leaves the record alone' '
	cd r &&
	quill series new-version >/dev/null 2>&1 &&
	cp $rec before &&
	quill series format -v 1 >mbox1 &&
	test_cmp before $rec
'

test_expect_success 'a record that cannot be written is a warning, the mails still go out' '
	cd r &&
	rm -f $rec && mkdir $rec &&
	quill series format -o out2 >names 2>err &&
	test -s names &&
	grep -q "^quill: warning: cannot record what was formatted" err &&
	rmdir $rec
'

test_expect_success 'a record in a work tree lands in the common directory' '
	cd r &&
	git worktree add -q --detach ../wt zone &&
	cd ../wt &&
	quill series format zone >mbox &&
	grep -qx "version 2" ../r/$rec
'

test_done
