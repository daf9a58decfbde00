#!/bin/sh
# quill series send freezes as series new-version does: the review of the
# version before is carried into the next (open items listed, promises
# carried), and review pull finds the replies by the Message-IDs sent.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-send.sh"

test_expect_success 'setup: v1 of a 2-patch series sent' '
	send_repo repo 2 &&
	sink_start sink &&
	use_sink &&
	quill series send >../send1.out 2>../send1.err &&
	test "$(sink_count sink)" = 3 &&
	quill series show --json >../show.json &&
	test "$(jget ../show.json "d[\"versions\"][0][\"sent\"]")" = true
'

test_expect_success 'a reply to patch 1 as sent, pulled by its Message-ID' '
	cd repo &&
	p1=$(sink_ids sink | sed -n 2p) &&
	cover=$(sink_ids sink | sed -n 1p) &&
	{
		# the list archive: the mails as the server took them, and the reply
		for f in "$TRASH"/sink/messages/*.eml; do
			printf "From mboxrd@z Thu Jan  1 00:00:00 1970\n" && cat "$f" && echo
		done
		printf "From mboxrd@z Thu Jan  1 00:00:00 1970\n"
		printf "From: Rev Iewer <rev@example.net>\nSubject: Re: [PATCH 1/2] zone: step 1 of the frob\n"
		printf "Date: Tue, 02 Dec 2025 09:00:00 +0000\nMessage-ID: <q1@example.net>\n"
		printf "In-Reply-To: <%s>\nReferences: <%s> <%s>\n\n" "$p1" "$cover" "$p1"
		printf "> line 1\n\nWhy does the first step need its own file?\n\n"
	} >../replies.mbox &&
	quill review pull --source "mbox:$TRASH/replies.mbox" >../pull.out &&
	quill review show --json >../items.json &&
	test "$(jget ../items.json "\",\".join(\"%s:%d:%d\" % (i[\"kind\"], i[\"version\"], i[\"patch\"]) for i in d[\"items\"])")" = question:1:1
'

test_expect_success 'the send of v2 lists what is still open on v1, as new-version does' '
	cd repo &&
	signed_commit "zone: step 3 of the frob" zone-3.c &&
	set_cover "This series frobs every zone, one step a patch; now three." &&
	quill series send >../send2.out 2>../send2.err &&
	grep "^quill: still open on v1 1/2: [0-9a-f]* question from Rev Iewer <rev@example.net>$" \
		../send2.err &&
	grep "^quill: warning: v1 has 1 open review item" ../send2.err &&
	test "$(sink_count sink)" = 7 &&
	quill series show --json >../show2.json &&
	test "$(jget ../show2.json "d[\"version\"]")" = 3
'

test_done
