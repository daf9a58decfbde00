#!/bin/sh
# quill trailer lint: the policy (the installed default, the repository's
# own file, --policy, the built-in copy; refusals with FILE:LINE) and the
# exceptions (a lint-ignore file, git notes; never the commit message).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-lint.sh"

SOB="Signed-off-by: Ada Author <ada@example.org>"

test_expect_success 'setup: a commit with a warning and an error' '
	lint_repo &&
	(cd repo && printf "x\n" >>zone.c && git commit -qam "zone: fix it

The fix.

$SOB
Fixes: $BASE (\"$BASE_SUBJ\")
Bug: https://bugzilla.example.org/1
Reviewed-by: Bo Brenn") &&
	C=$(git -C repo rev-parse HEAD) &&
	(cd repo && test_expect_code 1 quill trailer lint HEAD >../out) &&
	lint_out tag-order out && lint_out use-link out && lint_out trailer-malformed out
'

test_expect_success 'the repository'"'"'s .quill/trailers.conf: severities and tags' '
	(cd repo && quill trailer lint --list-rules) >default-rules &&
	mkdir -p repo/.quill &&
	cat >repo/.quill/trailers.conf <<-\EOF &&
	# this project takes tags in the order they come, and Bug: links
	[rule "tag-order"]
		severity = off
	[rule "trailer-malformed"]
		severity = warning
	[trailer "Bug"]
		kind = url
	EOF
	(cd repo && quill trailer lint HEAD >../out) &&
	cat >expect <<-EOF &&
	$(git -C repo rev-parse --short=12 HEAD):8: warning: trailer-malformed: Reviewed-by: Bo Brenn has no <address>
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	test_cmp expect out &&
	sed -e "s/^\\(tag-order  *\\)warning  \\(.*\\)/\\1off      \\2 (off in the policy)/" \
	    -e "s/^\\(trailer-malformed  *\\)error    /\\1warning  /" default-rules >expect &&
	! test_cmp default-rules expect >/dev/null &&
	(cd repo && quill trailer lint --list-rules) >rules &&
	test_cmp expect rules
'

test_expect_success 'a severity raised to error makes the exit status 1' '
	printf "[rule \"trailer-malformed\"]\n\tseverity = off\n" >lax.conf &&
	(cd repo && quill trailer lint --policy ../lax.conf HEAD >../out) &&
	printf "[rule \"person-name\"]\n\tseverity = error\n" >>lax.conf &&
	(cd repo && git commit -q --amend -m "zone: fix it

The fix.

Fixes: $BASE (\"$BASE_SUBJ\")
$SOB
Reviewed-by: <bo@example.org>" && test_expect_code 1 quill trailer lint --policy ../lax.conf HEAD >../out) &&
	cat >expect <<-EOF &&
	$(git -C repo rev-parse --short=12 HEAD):7: error: person-name: Reviewed-by: <bo@example.org> has no name: give the person${SQ}s name before the <address>
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	test_cmp expect out
'

test_expect_success 'trailers.conf at the root of the work tree, when there is no .quill/' '
	mv repo/.quill/trailers.conf repo/trailers.conf &&
	(cd repo && quill trailer lint --list-rules) >rules &&
	sed -e "s/^\\(tag-order  *\\)warning  \\(.*\\)/\\1off      \\2 (off in the policy)/" \
	    -e "s/^\\(trailer-malformed  *\\)error    /\\1warning  /" default-rules >expect &&
	test_cmp expect rules &&
	rm repo/trailers.conf &&
	(cd repo && quill trailer lint --list-rules) >rules &&
	test_cmp default-rules rules
'

test_expect_success 'the policy order can change' '
	printf "[policy]\n\torder = Signed-off-by Fixes Reviewed-by\n" >order.conf &&
	(cd repo && quill trailer lint --policy ../order.conf HEAD >../out; test $? -le 1) &&
	c=$(git -C repo rev-parse --short=12 HEAD) &&
	cat >expect <<-EOF &&
	$c:6: warning: tag-order: Signed-off-by: should come before Fixes: (tag order: Signed-off-by, Fixes, Reviewed-by)
	$c:7: warning: person-name: Reviewed-by: <bo@example.org> has no name: give the person${SQ}s name before the <address>
	total: 0 errors, 2 warnings, 0 info in 1 commit
	EOF
	test_cmp expect out
'

# The user's own --policy file is quoted in its messages; the work tree's
# .quill/trailers.conf, which the user did not write, is not (issue 10,
# item 3): FILE:LINE and what is wrong.
test_expect_success 'an unknown key or a bad value: refused with FILE:LINE, exit 3' '
	mkdir -p repo/.quill &&
	printf "[rule \"tag-order\"]\n\tseverity = off\n[policy]\n\tcolour = red\n" >bad.conf &&
	(cd repo && quill_fails 3 "^quill: \\.\\./bad\\.conf:4: unknown key .policy\\.colour.$" trailer lint --policy ../bad.conf HEAD) &&
	cp bad.conf repo/.quill/trailers.conf &&
	(cd repo && quill_fails 3 "^quill: .*/\\.quill/trailers\\.conf:4: unknown key$" trailer lint HEAD) &&
	printf "[rule \"tag-order\"]\n\tseverity = loud\n" >bad.conf &&
	(cd repo && rm .quill/trailers.conf && quill_fails 3 "bad\\.conf:2: rule\\.tag-order\\.severity: .loud. is not one of error, warning, info, off" trailer lint --policy ../bad.conf HEAD) &&
	cp bad.conf repo/.quill/trailers.conf &&
	(cd repo && quill_fails 3 "trailers\\.conf:2: the value is not one of error, warning, info, off$" trailer lint HEAD) &&
	printf "[rule \"no-such-rule\"]\n\tseverity = off\n" >bad.conf &&
	(cd repo && rm .quill/trailers.conf && quill_fails 3 "bad\\.conf:2: no rule .no-such-rule." trailer lint --policy ../bad.conf HEAD) &&
	cp bad.conf repo/.quill/trailers.conf &&
	(cd repo && quill_fails 3 "trailers\\.conf:2: no such rule$" trailer lint HEAD) &&
	printf "[trailer \"Fixes\"\n" >repo/.quill/trailers.conf &&
	(cd repo && quill_fails 3 "trailers\\.conf:1: " trailer lint HEAD) &&
	rm -r repo/.quill &&
	(cd repo && quill_fails 3 "cannot read ../none.conf" trailer lint --policy ../none.conf HEAD)
'

test_expect_success 'the built-in policy when no trailers.conf is installed' '
	if [ -e "$(sed -n "s/^SHAREDIR ?= //p" "$QUILL_BUILD_DIR/Makefile" | sed "s|\$(PREFIX)|/usr/local|")/trailers.conf" ]; then
		echo "# an installed trailers.conf is in the way"; exit 0
	fi
	mkdir -p bin/build && cp "$QUILL_BUILD_DIR/quill" bin/quill &&
	cp "$QUILL_BUILD_DIR/build/quill" bin/build/quill &&
	(cd repo && ../bin/quill trailer lint HEAD >../out2; test $? -le 1) &&
	(cd repo && quill trailer lint HEAD >../out; test $? -le 1) &&
	test_cmp out out2 && grep -q "^total: " out &&
	(cd repo && ../bin/quill trailer lint --list-rules >../rules2 && quill trailer lint --list-rules >../rules) &&
	test_cmp rules rules2
'

test_expect_success 'lint-ignore: COMMIT RULE-ID  # why' '
	short=$(printf %s "$C" | cut -c1-8) &&
	mkdir -p repo/.quill &&
	printf "# imported history\n%s person-name  # the reviewer asked for it\n" "$short" >repo/.quill/lint-ignore &&
	(cd repo && git commit -q --amend -m "zone: fix it

The fix.

Fixes: $BASE (\"$BASE_SUBJ\")
$SOB
Reviewed-by: <bo@example.org>") &&
	C=$(git -C repo rev-parse HEAD) && short=$(printf %s "$C" | cut -c1-8) &&
	printf "%s person-name  # the reviewer asked for it\n" "$short" >repo/.quill/lint-ignore &&
	(cd repo && quill trailer lint HEAD >../out) &&
	echo "total: 0 errors, 0 warnings, 0 info (1 ignored) in 1 commit" >expect &&
	test_cmp expect out &&
	(cd repo && quill trailer lint --json HEAD >../j) &&
	test "$(jget j "[f[\"ignored\"] for f in d[\"findings\"]]")" = "[true]" &&
	test "$(jget j "d[\"ignored\"]")" = 1
'

test_expect_success 'lint-ignore: another commit is not covered; --ignore-file' '
	(cd repo && git commit -q --amend -m "zone: fix it, again

The fix.

Fixes: $BASE (\"$BASE_SUBJ\")
$SOB
Reviewed-by: <bo@example.org>" && quill trailer lint HEAD >../out) &&
	lint_out person-name out &&
	printf "%s person-name\n" "$(git -C repo rev-parse HEAD)" >other-ignore &&
	(cd repo && quill trailer lint --ignore-file ../other-ignore HEAD >../out) &&
	! lint_out person-name out
'

test_expect_success 'lint-ignore: a bad line is refused with FILE:LINE' '
	printf "\n%s no-such-rule\n" "$C" >repo/.quill/lint-ignore &&
	(cd repo && quill_fails 3 "lint-ignore:2: no such rule" trailer lint HEAD) &&
	printf "zz person-name\n" >repo/.quill/lint-ignore &&
	(cd repo && quill_fails 3 "lint-ignore:1: the commit is 7 to 40 hex digits" trailer lint HEAD) &&
	rm repo/.quill/lint-ignore
'

test_expect_success 'notes on refs/notes/quill-lint: RULE-ID  # why' '
	(cd repo && git notes --ref=quill-lint add -m "person-name  # asked for by the list" HEAD &&
	 quill trailer lint HEAD >../out) &&
	echo "total: 0 errors, 0 warnings, 0 info (1 ignored) in 1 commit" >expect &&
	test_cmp expect out &&
	(cd repo && git notes --ref=quill-lint add -f -m "bogus-rule" HEAD &&
	 quill_fails 3 "refs/notes/quill-lint:[0-9a-f]{40}:1: no such rule" trailer lint HEAD &&
	 git notes --ref=quill-lint remove HEAD 2>/dev/null)
'

test_expect_success 'the commit message cannot carry an exception' '
	(cd repo && git commit -q --amend -m "zone: fix it

The fix.  lint-ignore: person-name

Fixes: $BASE (\"$BASE_SUBJ\")
$SOB
Reviewed-by: <bo@example.org>
Lint-Ignore: person-name
Quill-Lint: ignore person-name" && quill trailer lint HEAD >../out; test $? -le 1) &&
	lint_out person-name out
'

test_done
