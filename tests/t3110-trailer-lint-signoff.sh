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
	lint_expect <<-\EOF
	<id12>:4: error: sign-off-missing: no Signed-off-by in the trailer block: this one is not in the last paragraph, so git does not read it as a trailer
	<id12>:4: warning: trailer-not-in-block: Signed-off-by: is not in the trailer block (the last paragraph, all tags): git does not read it as a trailer
	<id12>:6: error: sign-off-author: no Signed-off-by by the author, Ada Author <ada@example.org>
	total: 2 errors, 1 warning, 0 info in 1 commit
	EOF
'

test_expect_success 'sign-off-author: none by the author' '
	printf "zone: fix it\n\nThe fix.\n\n%s\n" "$SOB" |
		LINT_AUTHOR="Bo Brenn <bo@example.org>" lint_case sign-off-author fires 5 &&
	lint_expect <<-\EOF &&
	<id12>:5: error: sign-off-author: no Signed-off-by by the author, Bo Brenn <bo@example.org>
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		LINT_AUTHOR="Bo Brenn <bo@example.org>" lint_case sign-off-author quiet -
'

test_expect_success 'sign-off-submitter: the submitter signs off last' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nSigned-off-by: Bo Brenn <bo@example.org>\n" "$SOB" |
		lint_case sign-off-submitter fires 6 &&
	lint_expect <<-EOF &&
	<id12>:6: error: sign-off-submitter: the submitter Ada Author <ada@example.org> must sign off last (the last Signed-off-by is Bo Brenn${SQ}s)
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		LINT_AUTHOR="Bo Brenn <bo@example.org>" LINT_COMMITTER="Ada Author <ada@example.org>" \
		lint_case sign-off-submitter quiet -
'

test_expect_success 'sign-off-submitter: the mail'"'"'s sender is its submitter' '
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		LINT_AUTHOR="Bo Brenn <bo@example.org>" lint_case sign-off-submitter quiet - commit-only &&
	lint_expect mail <<-EOF
	case.patch:9: error: sign-off-submitter: the submitter Bo Brenn <bo@example.org> must sign off last (the last Signed-off-by is Ada Author${SQ}s)
	total: 1 error, 0 warnings, 0 info in 1 mail
	EOF
'

test_expect_success 'sign-off-submitter: a handler who did not sign (committer, sender)' '
	printf "zone: fix it\n\nThe fix.\n\n%s\n" "$SOB" |
		LINT_COMMITTER="Mira Marrow <mira@example.org>" lint_case sign-off-submitter fires 5 &&
	lint_expect <<-\EOF &&
	<id12>:5: error: sign-off-submitter: no Signed-off-by by the submitter, Mira Marrow <mira@example.org>, who sends it on
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	lint_expect mail <<-\EOF &&
	case.patch:10: error: sign-off-submitter: no Signed-off-by by the submitter, Mira Marrow <mira@example.org>, who sends it on
	total: 1 error, 0 warnings, 0 info in 1 mail
	EOF
	! lint_out sign-off-author "$TRASH/mail.out" &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nSigned-off-by: Mira Marrow <mira@example.org>\n" "$SOB" |
		LINT_COMMITTER="Mira Marrow <mira@example.org>" lint_case sign-off-submitter quiet -
'

test_expect_success 'from-sign-off-mismatch: the author under another address or name' '
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Ada Author <ada@home.example.org>\n" |
		lint_case from-sign-off-mismatch fires 5 &&
	lint_expect <<-\EOF &&
	<id12>:5: warning: from-sign-off-mismatch: the author is Ada Author <ada@example.org>, the Signed-off-by has <ada@home.example.org>: another address
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	! lint_out sign-off-author "$TRASH/commit.out" &&
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Ada Author <ada+lkml@example.org>\n" |
		lint_case from-sign-off-mismatch fires 5 &&
	lint_expect <<-\EOF &&
	<id12>:5: warning: from-sign-off-mismatch: the author is Ada Author <ada@example.org>, the Signed-off-by has <ada+lkml@example.org>: another subaddress
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: A. Author <ada@example.org>\n" |
		lint_case from-sign-off-mismatch fires 5 &&
	lint_expect <<-EOF &&
	<id12>:5: warning: from-sign-off-mismatch: the author is Ada Author <ada@example.org>, the Signed-off-by says ${SQ}A. Author${SQ}: another name
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
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
	lint_expect <<-\EOF &&
	<id12>:6: error: tag-pair: Co-developed-by: and the Signed-off-by: after it name different people (Bo Brenn <bo@example.org>, Ada Author <ada@example.org>)
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	printf "zone: fix it\n\nThe fix.\n\nCo-developed-by: Bo Brenn <bo@example.org>\nTested-by: Cleo Corvid <cleo@example.org>\nSigned-off-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		lint_case tag-pair fires 5 &&
	lint_expect <<-\EOF &&
	<id12>:5: error: tag-pair: Co-developed-by: must be followed at once by Signed-off-by: for the same person
	<id12>:7: warning: tag-order: Signed-off-by: should come before Tested-by: (tag order: Fixes, Reported-by, Closes, Originally-by, Suggested-by, Co-developed-by/Signed-off-by, Tested-by, Reviewed-by, Acked-by, Cc, Link)
	<id12>:8: warning: tag-order: Signed-off-by: should come before Tested-by: (tag order: Fixes, Reported-by, Closes, Originally-by, Suggested-by, Co-developed-by/Signed-off-by, Tested-by, Reviewed-by, Acked-by, Cc, Link)
	total: 1 error, 2 warnings, 0 info in 1 commit
	EOF
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
	lint_expect <<-\EOF &&
	<id12>:7: warning: person-two-addresses: Bo Brenn appears as <bo@a.example.org> and as <bo@b.example.org>: use one address, or join them in .mailmap
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
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
	lint_expect <<-\EOF &&
	<id12>:6: error: trailer-malformed: Reviewed-by: Bo Brenn has no <address>
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
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
	lint_expect <<-EOF &&
	<id12>:6: error: trailer-malformed: ${SQ}Reviewed-by${SQ} without ${SQ}:${SQ} after it is not a trailer
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	printf "zone: fix it\n\nThe fix.\n\n%s\n Reviewed-by: Bo Brenn <bo@example.org>\n" "$SOB" |
		lint_case trailer-malformed fires 6 &&
	lint_expect <<-EOF
	<id12>:5: warning: person-format: Signed-off-by: Ada Author <ada@example.org> Reviewed-by: Bo Brenn <bo@example.org>: text after the address that is not a ${SQ}# comment${SQ} or ${SQ}(comment)${SQ}
	<id12>:6: error: trailer-malformed: ${SQ}Reviewed-by:${SQ} is indented: git reads it as a continuation of the Signed-off-by: above
	total: 1 error, 1 warning, 0 info in 1 commit
	EOF
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
