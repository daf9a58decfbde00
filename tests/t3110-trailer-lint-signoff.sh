#!/bin/sh
# quill trailer lint: the signature rules and the people tags name, each
# failing and passing, on a real commit and on its format-patch mail.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-lint.sh"

test_expect_success 'setup' 'lint_repo'

SOB="Signed-off-by: Ada Author <ada@example.org>"

test_expect_success 'sign-off-missing: no Signed-off-by' '
	printf "zone: fix it\n\nThe fix.\n" | lint_case sign-off-missing fires 3 &&
	printf "zone: fix it\n\nThe fix.\n\n%s\n" "$SOB" | lint_case sign-off-missing quiet -
'

test_expect_success 'sign-off-missing: a Signed-off-by git does not see as a trailer' '
	printf "zone: fix it\n\nThe fix.\n%s\n\nMore words.\n" "$SOB" |
		lint_case sign-off-missing fires 4 &&
	grep -q "not in the last paragraph" "$TRASH/commit.out"
'

test_expect_success 'sign-off-author: none by the author' '
	printf "zone: fix it\n\nThe fix.\n\n%s\n" "$SOB" |
		LINT_AUTHOR="Bo Brenn <bo@example.org>" lint_case sign-off-author fires 5 &&
	grep -q "by the author, Bo Brenn <bo@example.org>" "$TRASH/commit.out" &&
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		LINT_AUTHOR="Bo Brenn <bo@example.org>" lint_case sign-off-author quiet -
'

test_expect_success 'sign-off-submitter: the submitter signs off last' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nSigned-off-by: Bo Brenn <bo@example.org>\n" "$SOB" |
		lint_case sign-off-submitter fires 6 &&
	grep -q "must sign off last" "$TRASH/commit.out" &&
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		LINT_AUTHOR="Bo Brenn <bo@example.org>" LINT_COMMITTER="Ada Author <ada@example.org>" \
		lint_case sign-off-submitter quiet -
'

test_expect_success 'sign-off-submitter: the mail'"'"'s sender is its submitter' '
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		LINT_AUTHOR="Bo Brenn <bo@example.org>" lint_case sign-off-submitter quiet - commit-only &&
	lint_out sign-off-submitter mail.out | grep -q "the submitter Bo Brenn <bo@example.org> must sign off last"
'

test_expect_success 'sign-off-submitter: a handler who did not sign (committer, sender)' '
	printf "zone: fix it\n\nThe fix.\n\n%s\n" "$SOB" |
		LINT_COMMITTER="Mira Marrow <mira@example.org>" lint_case sign-off-submitter fires 5 &&
	grep -q "no Signed-off-by by the submitter, Mira Marrow <mira@example.org>" "$TRASH/commit.out" &&
	grep -q "no Signed-off-by by the submitter, Mira Marrow" "$TRASH/mail.out" &&
	! lint_out sign-off-author "$TRASH/mail.out" &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nSigned-off-by: Mira Marrow <mira@example.org>\n" "$SOB" |
		LINT_COMMITTER="Mira Marrow <mira@example.org>" lint_case sign-off-submitter quiet -
'

test_expect_success 'from-sign-off-mismatch: the author under another address or name' '
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Ada Author <ada@home.example.org>\n" |
		lint_case from-sign-off-mismatch fires 5 &&
	grep -q "another address" "$TRASH/commit.out" &&
	! lint_out sign-off-author "$TRASH/commit.out" &&
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Ada Author <ada+lkml@example.org>\n" |
		lint_case from-sign-off-mismatch fires 5 &&
	grep -q "another subaddress" "$TRASH/commit.out" &&
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: A. Author <ada@example.org>\n" |
		lint_case from-sign-off-mismatch fires 5 &&
	grep -q "another name" "$TRASH/commit.out" &&
	printf "zone: fix it\n\nThe fix.\n\n%s\n" "$SOB" | lint_case from-sign-off-mismatch quiet -
'

test_expect_success 'from-sign-off-mismatch: a .mailmap joins the two addresses' '
	printf "Ada Author <ada@example.org> <ada@home.example.org>\n" >repo/.mailmap &&
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Ada Author <ada@home.example.org>\n" |
		lint_case from-sign-off-mismatch quiet - &&
	! lint_out sign-off-author "$TRASH/commit.out" &&
	rm repo/.mailmap
'

test_expect_success 'tag-pair: Co-developed-by at once followed by that person'"'"'s Signed-off-by' '
	printf "zone: fix it\n\nThe fix.\n\nCo-developed-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		lint_case tag-pair fires 6 &&
	grep -q "name different people" "$TRASH/commit.out" &&
	printf "zone: fix it\n\nThe fix.\n\nCo-developed-by: Bo Brenn <bo@example.org>\nTested-by: Cleo Corvid <cleo@example.org>\nSigned-off-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		lint_case tag-pair fires 5 &&
	grep -q "must be followed at once by Signed-off-by" "$TRASH/commit.out" &&
	printf "zone: fix it\n\nThe fix.\n\nCo-developed-by: Bo Brenn <bo@example.org>\nSigned-off-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		lint_case tag-pair quiet -
'

test_expect_success 'tag-follow: Reported-by wants Closes: or Link: (Link: is fine, unlike checkpatch)' '
	printf "zone: fix it\n\nThe fix.\n\nReported-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		lint_case tag-follow fires 5 &&
	printf "zone: fix it\n\nThe fix.\n\nReported-by: Bo Brenn <bo@example.org>\nLink: https://lore.kernel.org/r/1@example.org\n%s\n" "$SOB" |
		lint_case tag-follow quiet - &&
	printf "zone: fix it\n\nThe fix.\n\nReported-by: Bo Brenn <bo@example.org>\nReported-by: Cleo Corvid <cleo@example.org>\nCloses: https://lore.kernel.org/r/1@example.org\n%s\n" "$SOB" |
		lint_case tag-follow quiet -
'

test_expect_success 'self-credit: the author as co-developer or reviewer' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: Ada Author <ada@example.org>\n" "$SOB" |
		lint_case self-credit fires 6 &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: Bo Brenn <bo@example.org>\n" "$SOB" |
		lint_case self-credit quiet -
'

test_expect_success 'duplicate-signature: one tag by one person twice' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nSigned-off-by: Ada Author  <ada@example.org>\n" "$SOB" |
		lint_case duplicate-signature fires 6 &&
	printf "zone: fix it\n\nThe fix.\n\nTested-by: Ada Author <ada@example.org>\n%s\n" "$SOB" |
		lint_case duplicate-signature quiet -
'

test_expect_success 'duplicate-signature: the same person under two addresses, by the mailmap' '
	printf "Ada Author <ada@example.org> <ada@home.example.org>\n" >repo/.mailmap &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nSigned-off-by: Ada Author <ada@home.example.org>\n" "$SOB" |
		lint_case duplicate-signature fires 6 &&
	rm repo/.mailmap &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nSigned-off-by: Ada Author <ada@home.example.org>\n" "$SOB" |
		lint_case duplicate-signature quiet -
'

test_expect_success 'person-two-addresses: one name, two addresses, unless the mailmap joins them' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nTested-by: Bo Brenn <bo@a.example.org>\nReviewed-by: Bo Brenn <bo@b.example.org>\n" "$SOB" |
		lint_case person-two-addresses fires 7 &&
	grep -q "Bo Brenn appears as <bo@a.example.org> and as <bo@b.example.org>" "$TRASH/commit.out" &&
	printf "Bo Brenn <bo@a.example.org> <bo@b.example.org>\n" >repo/.mailmap &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nTested-by: Bo Brenn <bo@a.example.org>\nReviewed-by: Bo Brenn <bo@b.example.org>\n" "$SOB" |
		lint_case person-two-addresses quiet - &&
	rm repo/.mailmap
'

test_expect_success 'person-two-addresses: --mailmap FILE, with no repository' '
	printf "Bo Brenn <bo@a.example.org> <bo@b.example.org>\n" >mm &&
	mkdir -p norepo && cp case.patch norepo/ &&
	(cd norepo && GIT_CEILING_DIRECTORIES=$TRASH quill trailer lint case.patch >../out1;
	 test $? -le 1) && lint_out person-two-addresses out1 &&
	(cd norepo && GIT_CEILING_DIRECTORIES=$TRASH quill trailer lint --mailmap ../mm case.patch >../out2;
	 test $? -le 1) && ! lint_out person-two-addresses out2 && grep -q "^total:" out2
'

test_expect_success 'trailer-malformed: a person tag without an address' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: Bo Brenn\n" "$SOB" |
		lint_case trailer-malformed fires 6 &&
	grep -q "error: trailer-malformed: Reviewed-by: Bo Brenn has no <address>" "$TRASH/commit.out" &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: Bo Brenn <bo@example.org>\n" "$SOB" |
		lint_case trailer-malformed quiet -
'

test_expect_success 'trailer-malformed: bad addresses, open brackets, non-ASCII addresses' '
	for v in "Bo <bo@@example.org>" "Bo <bo@example.org" "Bo <bö@example.org>" "\"Bo <bo@example.org>" \
		 "Bo <bo@example.org>, Cleo <cleo@example.org>"; do
		printf "zone: fix it\n\nThe fix.\n\n%s\nAcked-by: %s\n" "$SOB" "$v" |
			lint_case trailer-malformed fires 6 || return 1
	done &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nAcked-by: Jörg Ünal <joerg@example.org>\n" "$SOB" |
		lint_case trailer-malformed quiet -
'

test_expect_success 'trailer-malformed: a tag without its colon, an indented tag' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by Bo Brenn <bo@example.org>\n" "$SOB" |
		lint_case trailer-malformed fires 6 &&
	grep -q "without .:. after it" "$TRASH/commit.out" &&
	printf "zone: fix it\n\nThe fix.\n\n%s\n Reviewed-by: Bo Brenn <bo@example.org>\n" "$SOB" |
		lint_case trailer-malformed fires 6 &&
	grep -q "is indented: git reads it as a continuation of the Signed-off-by" "$TRASH/commit.out"
'

test_expect_success 'person-format: what a mail reader would split, junk after the address' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: Brenn, Bo <bo@example.org>\n" "$SOB" |
		lint_case person-format fires 6 &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: Bo Brenn <bo@example.org> thanks\n" "$SOB" |
		lint_case person-format fires 6 &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: Bo Brenn bo@example.org\n" "$SOB" |
		lint_case person-format fires 6 &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: \"Brenn, Bo\" <bo@example.org> # v2\n" "$SOB" |
		lint_case person-format quiet -
'

test_expect_success 'person-name: an address with no name (a Cc: may name a list)' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: <bo@example.org>\n" "$SOB" |
		lint_case person-name fires 6 &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nCc: linux-mm@kvack.org\n" "$SOB" |
		lint_case person-name quiet -
'

test_done
