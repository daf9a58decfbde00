#!/bin/sh
# quill trailer lint --list-rules: the severity each rule has in the run
# the other options ask for (REVS, --series, --mbox, the current series),
# and for a rule that does not run, why (issue 10, item 30: claim-* showed
# off with --series, series-* showed warning on commits, and no reason).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-lint.sh"

# sev RULE FILE: the severity column of RULE; why RULE FILE: its reason
sev() {
	sed -n "s/^$1  *\\([a-z]*\\) .*/\\1/p" "$2"
}
why() {
	sed -n "s/^$1  *[a-z]*  *.*(\\(needs [^()]*\\( ([a-z]*)\\)\\?\\|off in the policy\\))\$/\\1/p" "$2"
}

test_expect_success 'setup: a repository, a patch mail' '
	lint_repo &&
	git -C repo format-patch -q -1 --stdout HEAD >one.patch
'

test_expect_success 'on commits: the series and claim rules do not run, and say why' '
	(cd repo && quill trailer lint --list-rules >../rules && quill trailer lint --list-rules HEAD >../rules.head) &&
	test_cmp rules rules.head &&
	test "$(sev fixes-unknown rules)" = error && test -z "$(why fixes-unknown rules)" &&
	test "$(sev sign-off-missing rules)" = error &&
	test "$(sev series-numbering rules)" = off &&
	test "$(why series-numbering rules)" = "needs several mails" &&
	test "$(sev claim-mismatch rules)" = off &&
	test "$(why claim-mismatch rules)" = "needs --series (benchmarks)" &&
	test "$(sev review-declined rules)" = off &&
	test "$(why review-declined rules)" = "needs the review history" &&
	grep -Eq "^fixes-unknown +error +Fixes: naming no commit of the repository$" rules
'

test_expect_success '--series NAME and the current series: the claim rules run' '
	(cd repo && quill series new s >/dev/null && printf "y\n" >y && git add y && test_tick &&
	 git commit -q -m "zone: y" &&
	 quill trailer lint --list-rules --series s >../rules.series &&
	 quill trailer lint --list-rules >../rules.current &&
	 quill trailer lint --list-rules HEAD >../rules.revs &&
	 quill trailer lint --list-rules --rev-range HEAD >../rules.range) &&
	test_cmp rules.series rules.current &&
	test "$(sev claim-mismatch rules.series)" = error && test -z "$(why claim-mismatch rules.series)" &&
	test "$(sev claim-noise rules.series)" = warning &&
	test "$(sev claim-unmatched rules.series)" = info &&
	grep -Eq "^claim-unmatched +info +a result quoted that no attached benchmark can check$" rules.series &&
	test "$(sev series-numbering rules.series)" = off &&
	test "$(sev claim-mismatch rules.revs)" = off &&
	test_cmp rules rules.revs && test_cmp rules rules.range
'

test_expect_success 'mails: the series rules run; without a repository the repository rules do not' '
	(cd repo && quill trailer lint --list-rules --mbox ../one.patch >../rules.mbox &&
	 quill trailer lint --list-rules ../one.patch >../rules.file) &&
	test_cmp rules.mbox rules.file &&
	test "$(sev series-numbering rules.mbox)" = warning && test -z "$(why series-numbering rules.mbox)" &&
	test "$(sev fixes-unknown rules.mbox)" = error &&
	test "$(sev claim-mismatch rules.mbox)" = off &&
	mkdir away && cp one.patch away/ &&
	(cd away && GIT_CEILING_DIRECTORIES=$TRASH quill trailer lint --list-rules one.patch >../rules.away) &&
	test "$(sev fixes-unknown rules.away)" = off &&
	test "$(why fixes-unknown rules.away)" = "needs a repository" &&
	test "$(sev commit-ref-subject rules.away)" = off &&
	test "$(sev series-version rules.away)" = warning &&
	(cd away && GIT_CEILING_DIRECTORIES=$TRASH quill trailer lint --list-rules >../rules.none) &&
	test "$(sev fixes-unknown rules.none)" = off && test "$(sev series-version rules.none)" = off
'

test_expect_success 'the policy s severity, raised or turned off, is the one shown' '
	printf "[rule \"person-name\"]\n\tseverity = error\n[rule \"claim-noise\"]\n\tseverity = error\n[rule \"tag-order\"]\n\tseverity = off\n" >p.conf &&
	(cd repo && quill trailer lint --list-rules --policy ../p.conf >../rules.p &&
	 quill trailer lint --list-rules --policy ../p.conf HEAD >../rules.ph) &&
	test "$(sev person-name rules.p)" = error &&
	test "$(sev claim-noise rules.p)" = error &&
	test "$(sev claim-noise rules.ph)" = off &&
	test "$(why claim-noise rules.ph)" = "needs --series (benchmarks)" &&
	test "$(sev tag-order rules.p)" = off &&
	test "$(why tag-order rules.p)" = "off in the policy"
'

test_expect_success '--json: the severity in force, the policy s, runs and why' '
	(cd repo && quill trailer lint --list-rules --json --policy ../p.conf HEAD >../rules.json) &&
	test "$(jget rules.json "len(d[\"rules\"])")" = 49 &&
	test "$(jget rules.json "sorted(d[\"rules\"][0])")" = "[\"default\", \"needs\", \"policy\", \"rule\", \"runs\", \"severity\", \"summary\", \"why\"]" &&
	test "$(jget rules.json "[[r[\"severity\"], r[\"policy\"], r[\"default\"], r[\"needs\"], r[\"runs\"], r[\"why\"]] for r in d[\"rules\"] if r[\"rule\"] == \"claim-noise\"][0]")" = "[\"off\", \"error\", \"warning\", \"benchmarks: --series\", false, \"needs --series (benchmarks)\"]" &&
	test "$(jget rules.json "[[r[\"severity\"], r[\"runs\"], r[\"why\"]] for r in d[\"rules\"] if r[\"rule\"] == \"fixes-unknown\"][0]")" = "[\"error\", true, null]" &&
	test "$(jget rules.json "all(r[\"runs\"] == (r[\"why\"] is None) == (r[\"severity\"] != \"off\") for r in d[\"rules\"])")" = true
'

test_expect_success 'what runs is what lint does: a series rule fires on mails, not on commits' '
	git -C repo format-patch -q --stdout -2 HEAD >two &&
	awk "/^From [0-9a-f]* Mon Sep 17 00:00:00 2001$/{n++} n!=2" two >gap &&
	(cd repo && quill trailer lint ../gap >../out; test $? -le 1) &&
	lint_out series-numbering out &&
	(cd repo && quill trailer lint HEAD~1..HEAD >../out; test $? -le 1) &&
	! lint_out series-numbering out
'

test_done
