#!/bin/sh
# quill mail get --source mirror:PATH: a real public-inbox v2 inbox (made
# with public-inbox-init -V2, mail delivered with public-inbox-mda), read
# through libgit2: whole threads, a missing one, search by change-id,
# subject and sender; the Message-ID index in the cache brought up to date
# from the new commits only (mail added between two lookups), a deleted
# message (public-inbox-learn rm), a second epoch, a rewritten history.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-mail-get.sh"

for c in public-inbox-init public-inbox-mda public-inbox-learn git; do
	command -v $c >/dev/null || skip_all "no $c (apt-get install public-inbox)"
done

PI_CONFIG="$HOME/pi-config"
export PI_CONFIG
INBOX="$TRASH/inbox"
E0="$INBOX/git/0.git"
get_mails mails
get_later mails

deliver() {
	for f in "$@"; do
		ORIGINAL_RECIPIENT=linux-mm@example.org public-inbox-mda --no-precheck <"$f" || return 1
	done
}

# what the archive holds of each message (public-inbox-mda adds List-Id),
# in files named as the mails are: the expected output is made of these
held() {
	mkdir -p M &&
	for c in $(git --git-dir="$E0" rev-list --reverse HEAD); do
		git --git-dir="$E0" cat-file blob "$c:m" >M/tmp 2>/dev/null || continue
		id=$(sed -n 's/^Message-ID: <\(.*\)@example.org>$/\1/p' M/tmp)
		mv M/tmp "M/$id"
	done
}

idx() { echo "$HOME"/.cache/quill/mirror/*/"$1.idx"; }

test_expect_success 'an inbox made by public-inbox-init -V2 and public-inbox-mda' '
	public-inbox-init -V2 mm "$INBOX" http://127.0.0.1/mm linux-mm@example.org &&
	git config -f "$PI_CONFIG" publicinboxmda.spamcheck none &&
	deliver mails/frob-v1-0 mails/frob-v1-1 mails/frob-v1-2 mails/tidy-1 mails/ada-r1 \
		mails/frob-v2-0 mails/frob-v2-1 &&
	test "$(git --git-dir="$E0" rev-list --count HEAD)" = 7 &&
	held && test "$(ls M | wc -l)" = 7
'

M=M
get_tests "mirror:$INBOX" mirror:PATH

test_expect_success 'the index: one line per message, the tip of the epoch' '
	test -f "$(idx 0)" &&
	test "$(grep -c "^m	" "$(idx 0)")" = 7 &&
	test "$(tail -n 1 "$(idx 0)")" = "t	$(git --git-dir="$E0" rev-parse HEAD)" &&
	grep "^m	[0-9a-f]*	tidy-1@example.org	net: tidy the queue	boris@example.org	$GET_OTHER_CHANGE_ID	\$" "$(idx 0)"
'

test_expect_success 'mail added between two lookups: found, only the new commit read' '
	cp "$(idx 0)" idx.before &&
	# what the index says of tidy-1 is what a search sees, until git is read again
	sed -i "s/	net: tidy the queue	/	net: said only by the index	/" "$(idx 0)" &&
	cp "$(idx 0)" idx.tampered &&
	deliver mails/ada-r2 &&
	held &&
	quill mail get --source "mirror:$INBOX" "<frob-v2-1@example.org>" >out &&
	get_mbox M/frob-v2-0 M/frob-v2-1 M/ada-r2 >want &&
	test_cmp want out &&
	test "$(grep -c "^m	" "$(idx 0)")" = 8 &&
	test "$(tail -n 1 "$(idx 0)")" = "t	$(git --git-dir="$E0" rev-parse HEAD)" &&
	test $(wc -c <"$(idx 0)") -gt $(wc -c <idx.before) &&
	head -c $(wc -c <idx.tampered) "$(idx 0)" | cmp - idx.tampered &&
	quill mail get --source "mirror:$INBOX" --subject "said only by the index" >out &&
	get_mbox M/tidy-1 >want &&
	test_cmp want out &&
	test_expect_code 1 quill mail get --no-cache --source "mirror:$INBOX" \
		--subject "said only by the index" >out &&
	test ! -s out &&
	cp idx.before "$(idx 0)"
'

test_expect_success 'a lookup with nothing new leaves the index as it is' '
	quill mail get --source "mirror:$INBOX" tidy-1@example.org >/dev/null &&
	cp "$(idx 0)" idx.same &&
	quill mail get --source "mirror:$INBOX" tidy-1@example.org >out &&
	cmp idx.same "$(idx 0)" &&
	get_mbox M/tidy-1 >want &&
	test_cmp want out
'

test_expect_success 'an index cut short is completed, not duplicated' '
	head -c $(($(wc -c <"$(idx 0)") - 30)) idx.same >"$(idx 0)" &&
	quill mail get --source "mirror:$INBOX" tidy-1@example.org >out &&
	test_cmp want out &&
	test "$(grep -c "^m	" "$(idx 0)")" = 8 &&
	test "$(grep -c "^t	" "$(idx 0)")" = "$(grep -c "^t	" idx.same)"
'

test_expect_success 'a message deleted with public-inbox-learn rm is gone' '
	public-inbox-learn rm <mails/ada-r1 &&
	git --git-dir="$E0" rev-parse HEAD:d >/dev/null &&
	quill mail get --source "mirror:$INBOX" frob-v1-1@example.org >out &&
	get_mbox M/frob-v1-0 M/frob-v1-1 M/frob-v1-2 >want &&
	test_cmp want out &&
	quill mail get --source "mirror:$INBOX" --subject "frob the widget" >out &&
	get_mbox M/frob-v1-1 M/frob-v2-1 >want &&
	test_cmp want out &&
	grep "^d	$(git --git-dir="$E0" rev-parse HEAD:d)\$" "$(idx 0)"
'

test_expect_success 'a second epoch: its messages come after the first' '
	git init -q --bare "$INBOX/git/1.git" &&
	get_mail r3 ada-r3 "Wed, 10 Jan 2024 09:00:00 +0000" "$ADA" \
		"Re: [PATCH 2/2] mm: count the frobs" frob-v1-2 \
		"<frob-v1-0@example.org> <frob-v1-2@example.org>" <<-\EOM &&
	Counted: 3 frobs before, 1 after.
	EOM
	blob=$(git --git-dir="$INBOX/git/1.git" hash-object -w r3) &&
	tree=$(printf "100644 blob %s\tm\n" $blob | git --git-dir="$INBOX/git/1.git" mktree) &&
	c=$(git --git-dir="$INBOX/git/1.git" commit-tree -m r3 $tree) &&
	git --git-dir="$INBOX/git/1.git" update-ref HEAD $c &&
	quill mail get --source "mirror:$INBOX" frob-v1-0@example.org >out &&
	get_mbox M/frob-v1-0 M/frob-v1-1 M/frob-v1-2 r3 >want &&
	test_cmp want out &&
	test "$(tail -n 1 "$(idx 1)")" = "t	$c"
'

test_expect_success 'a rewritten history (a purge) makes the index start again' '
	git --git-dir="$E0" update-ref HEAD HEAD~2 &&
	quill mail get --source "mirror:$INBOX" frob-v2-0@example.org >out &&
	get_mbox M/frob-v2-0 M/frob-v2-1 >want &&
	test_cmp want out &&
	test "$(grep -c "^m	" "$(idx 0)")" = 7 &&
	test "$(tail -n 1 "$(idx 0)")" = "t	$(git --git-dir="$E0" rev-parse HEAD)"
'

test_expect_success 'a cache that cannot be made is exit 4; --no-cache needs none' '
	: >not-a-dir &&
	XDG_CACHE_HOME=$TRASH/not-a-dir quill_fails 4 "not-a-dir/quill/mirror/.*: cannot make it" \
		mail get --source "mirror:$INBOX" tidy-1@example.org &&
	XDG_CACHE_HOME=$TRASH/not-a-dir quill mail get --no-cache --source "mirror:$INBOX" \
		tidy-1@example.org >out &&
	get_mbox M/tidy-1 >want &&
	test_cmp want out
'

test_expect_success 'a path that is no inbox is a usage error' '
	quill_fails 2 "mirror:$TRASH/nothere: no such directory" \
		mail get --source "mirror:$TRASH/nothere" x@example.org &&
	quill_fails 2 "not a public-inbox v2 inbox" mail get --source "mirror:$TRASH/M" x@example.org &&
	quill_fails 2 "give the mirror as mirror:PATH" mail get --source mirror x@example.org
'

test_expect_success 'an index that is a FIFO or a link is refused, never waited on or followed' '
	f=$(idx 0) &&
	mv "$f" idx.saved &&
	mkfifo "$f" &&
	test_expect_code 4 timeout 10 quill mail get --source "mirror:$INBOX" tidy-1@example.org \
		>out 2>err &&
	grep "$f: not a regular file" err &&
	rm "$f" &&
	ln -s "$TRASH/idx.saved" "$f" &&
	test_expect_code 4 quill mail get --source "mirror:$INBOX" tidy-1@example.org >out 2>err &&
	grep "$f: cannot open it" err &&
	rm "$f" && mv idx.saved "$f" &&
	quill mail get --source "mirror:$INBOX" tidy-1@example.org >out
'

test_done
