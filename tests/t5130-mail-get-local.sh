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
	get_tests "$src"
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
