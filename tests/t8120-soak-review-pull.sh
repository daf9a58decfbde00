#!/bin/sh
# kill -9 at random points during quill review pull against a real
# public-inbox (tests/testbed/lore-server.sh on 127.0.0.1): 40 patches sent
# as v1, replies with review items; after each kill fsck is clean and show
# works, and the rerun gives the state and notes an uninterrupted pull
# gives.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

command -v public-inbox-httpd >/dev/null 2>&1 || skip_all "public-inbox-httpd missing"
. "$TEST_SRC/lib-soak.sh"

LORE=$TEST_SRC/testbed/lore-server.sh
SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH
SOAK_SERIES=big

RITA="Rita Reviewer <rita@example.com>"
BOB="Bob Builder <bob@example.net>"

stop_lore() {
	"$LORE" stop "$TRASH/srv" >/dev/null 2>&1
	test_cleanup_trash
}
trap stop_lore EXIT

soak_fresh() {
	cp -a "$TRASH/template" "$1"
}

soak_cmd() {
	exec quill review pull
}

soak_result() {
	git rev-parse refs/quill/series/big^{tree} refs/notes/quill^{tree} &&
	git notes --ref=quill list | wc -l
}

test_expect_success 'setup: 40 patches sent as v1, 12 replies on a public-inbox' '
	test_repo template && (
		cd template &&
		soak_sent_v1 40 ../big.mbox &&
		i=1 && while [ $i -le 12 ]; do
			p=$(soak_msgid ../big.mbox $((i * 3 + 1))) &&
			soak_reply "$RITA" "r$i@example.com" "Re: [PATCH $(printf %02d $((i * 3)))/40] p: add file $((i * 3))" \
				"$p" >>../replies.mbox <<-EOF || return 1
			> +line $((i * 3))

			Please say why this file is needed.

			Reviewed-by: $RITA
			EOF
			i=$((i + 1))
		done &&
		cat ../big.mbox ../replies.mbox >../posted.mbox
	) &&
	url=$("$LORE" start posted.mbox "$TRASH/srv") &&
	git -C template config quill.lore "${url}all" &&
	soak_calibrate
'

soak_all "review pull"

test_done
