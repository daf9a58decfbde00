#!/bin/sh
# The command line itself: help, version, exit codes, no repository.
. "$(dirname "$0")/lib.sh"

test_expect_success 'quill --version names the version' '
	quill --version >out &&
	grep -q "^quill $(cat "$QUILL_BUILD_DIR/VERSION")\$" out
'

test_expect_success 'quill help lists every series verb' '
	quill help >out &&
	for v in new edit edit-cover new-version list show diff format push fetch import-b4 export import; do
		grep -q "^  $v " out || { echo "missing $v"; return 1; }
	done
'

test_expect_success 'quill help series, and quill series --help' '
	quill help series >out &&
	grep -q "new-version" out &&
	quill series --help >out2 &&
	test_cmp out out2
'

test_expect_success 'every command answers --help with exit 0, outside a repository too' '
	for v in new edit edit-cover new-version list show diff format push fetch import-b4 export import; do
		quill series $v --help >out || { echo "$v failed"; return 1; }
		grep -q "quill series $v" out || { echo "$v: no usage line"; return 1; }
	done
'

test_expect_success 'no arguments is bad usage (2)' '
	test_expect_code 2 quill 2>err &&
	grep -q "usage: quill" err
'

test_expect_success 'an unknown noun or verb is bad usage (2)' '
	test_expect_code 2 quill frobnicate 2>err &&
	grep -q "not a quill command" err &&
	test_expect_code 2 quill series frobnicate 2>err &&
	grep -q "not a quill command" err
'

test_expect_success 'an unknown option is bad usage (2)' '
	test_repo r &&
	(cd r && test_expect_code 2 quill series list --no-such-option 2>../err) &&
	grep -q "^quill: series list:" err
'

test_expect_success 'outside a git repository: exit 2, one line' '
	mkdir -p empty && cd empty &&
	GIT_CEILING_DIRECTORIES=$TRASH test_expect_code 2 quill series list 2>err &&
	grep -q "not in a git repository" err &&
	test $(wc -l <err) = 1
'

test_expect_success 'git quill works through the git-quill link' '
	test_repo r2 && cd r2 &&
	git quill series list >out &&
	grep -q "no series yet" out
'

test_expect_success 'installed: templates from PREFIX/share/quill, else the built-in copy' '
	make -s -C "$QUILL_BUILD_DIR" install-files PREFIX="$TRASH/inst" >/dev/null &&
	test -x inst/bin/quill && test -L inst/bin/git-quill &&
	test -f inst/share/quill/templates/cover-letter.txt &&
	test -f inst/share/quill/trailers.conf &&
	test -f inst/share/man/man1/quill-series.1 &&
	test_repo ri && cd ri &&
	"$TRASH/inst/bin/quill" series new inst >/dev/null &&
	test_commit "a change" &&
	printf "framed by the installed template: {{name}}\n" \
		>"$TRASH/inst/share/quill/templates/cover-letter.txt" &&
	"$TRASH/inst/bin/quill" series format --cover --stdout >out 2>/dev/null &&
	grep -q "^framed by the installed template: inst$" out &&
	rm -r "$TRASH/inst/share/quill" &&
	"$TRASH/inst/bin/quill" series format --cover --stdout >out 2>/dev/null &&
	grep -q "^base-commit: " out &&
	! grep -q "framed by" out
'

test_done
