#!/bin/sh
# quill mail get --source mbox:FILE / maildir:DIR: whole threads, a missing
# thread, search by change-id, subject and sender, a search that finds
# nothing; the mailbox's own escaping undone and redone as mboxrd.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-mail-get.sh"

M=mails
get_mails $M
ALL="$M/frob-v1-0 $M/frob-v1-1 $M/frob-v1-2 $M/tidy-1 $M/ada-r1 $M/frob-v2-0 $M/frob-v2-1"
# the input mbox with its own separator lines
GET_FROM_LINE='From grace@example.org Tue Jan  2 10:00:00 2024' get_mbox $ALL >box
mkdir -p md/cur md/new md/tmp
n=0
for f in $ALL; do
	n=$((n + 1))
	cp "$f" "md/cur/170000000$n.M$n.host:2,S"
done

for src in mbox:box maildir:md; do
	test_expect_success "$src: the whole thread of a patch, in mailbox order" '
		quill mail get --source '"$src"' "<frob-v1-1@example.org>" >out 2>err &&
		get_mbox $M/frob-v1-0 $M/frob-v1-1 $M/frob-v1-2 $M/ada-r1 >want &&
		test_cmp want out &&
		test ! -s err
	'

	test_expect_success "$src: two threads at once" '
		quill mail get --source '"$src"' tidy-1@example.org frob-v2-1@example.org >out &&
		get_mbox $M/tidy-1 $M/frob-v2-0 $M/frob-v2-1 >want &&
		test_cmp want out
	'

	test_expect_success "$src: a missing thread is exit 1, nothing written" '
		quill_fails 1 "nobody@example.org: no such thread" \
			mail get --source '"$src"' nobody@example.org &&
		test ! -s out.fail
	'

	test_expect_success "$src: search by change-id finds every version${SQ}s cover" '
		quill mail get --source '"$src"' --change-id $GET_CHANGE_ID >out &&
		get_mbox $M/frob-v1-0 $M/frob-v2-0 >want &&
		test_cmp want out &&
		quill mail get --source '"$src"' --change-id $GET_OTHER_CHANGE_ID >out &&
		get_mbox $M/tidy-1 >want &&
		test_cmp want out
	'

	test_expect_success "$src: search by subject, any case, without the [PATCH] prefix" '
		quill mail get --source '"$src"' --subject "FROB THE wid" >out &&
		get_mbox $M/frob-v1-1 $M/ada-r1 $M/frob-v2-1 >want &&
		test_cmp want out &&
		quill mail get --source '"$src"' --subject "frob the widget" \
			--from GRACE@example.org >out &&
		get_mbox $M/frob-v1-1 $M/frob-v2-1 >want &&
		test_cmp want out
	'

	test_expect_success "$src: a search that finds nothing is exit 1 and no output" '
		test_expect_code 1 quill mail get --source '"$src"' --subject "PATCH 1/2" >out 2>err &&
		test ! -s out && test ! -s err &&
		test_expect_code 1 quill mail get --source '"$src"' --change-id 20240101-none-000000000000 >out 2>err &&
		test ! -s out && test ! -s err &&
		test_expect_code 1 quill mail get --source '"$src"' --subject frob --from nobody@example.org >out 2>err &&
		test ! -s out && test ! -s err
	'
done

test_expect_success 'a quoted change-id line is not a footer; X-Change-ID is' '
	get_mail x1 x1 "Wed, 10 Jan 2024 10:00:00 +0000" "$ADA" "Re: [PATCH] other" <<-EOM &&
	> change-id: 20240110-quoted-111111111111
	EOM
	{
		printf "From: %s\nSubject: [PATCH] hdr\nMessage-ID: <x2@example.org>\n" "$GRACE" &&
		printf "X-Change-ID: 20240110-hdr-222222222222\n\nbody\n"
	} >x2 &&
	get_mbox x1 x2 >box2 &&
	test_expect_code 1 quill mail get --source mbox:box2 --change-id 20240110-quoted-111111111111 &&
	quill mail get --source mbox:box2 --change-id 20240110-hdr-222222222222 >out &&
	get_mbox x2 >want &&
	test_cmp want out
'

test_expect_success 'a source that names nothing is a usage error' '
	quill_fails 2 "nothere" mail get --source mbox:nothere x@example.org &&
	quill_fails 2 "nothere" mail get --source maildir:nothere x@example.org
'

test_expect_success 'mbox:- reads standard input once' '
	quill mail get --source mbox:- tidy-1@example.org <box >out &&
	get_mbox $M/tidy-1 >want &&
	test_cmp want out
'

test_done
