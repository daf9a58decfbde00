#!/bin/sh
# series new --from-thread: a series posted as v1 and v2 (each in its own
# thread, v2 with a reply) adopted in a clone of the base: v1 and v2 frozen
# with their Message-IDs (v1 found by the change-id), the branch at the
# tree of v2, the working version 3; an existing name is refused, a thread
# with no patches is one line, exit 3; and the same from a real
# public-inbox server (quill.lore), from v2's thread and from v1's (v2,
# found by the change-id, is adopted as the newest).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

git config --global user.name "Mira Kovac"
git config --global user.email "mira@example.org"

# msgid_of MBOX SUBJECT-PREFIX: the Message-ID (no <>) of the mail whose
# subject starts so
msgid_of() {
	awk -v p="Subject: $2" '
		index($0, p) == 1 { want = 1 }
		want && /^Message-ID: / { sub(/^Message-ID: </, ""); sub(/>$/, ""); print; exit }
	' "$1"
}

test_expect_success 'a series frozen as v1 and v2, both formatted, a reply' '
	test_repo up &&
	(cd up && git branch -M main && git clone -q . ../base && git clone -q . ../base-lore &&
	 quill series new zones >/dev/null && add_patches 2 z &&
	 quill series format --version 1 --stdout >../v1.mbox 2>/dev/null &&
	 quill series new-version --msgid "<$(msgid_of ../v1.mbox "[PATCH 0/2]")>" \
		-m "first" >/dev/null 2>&1 &&
	 printf "more\n" >>z-2 && git commit -q -a --amend -m "z: add file 2" &&
	 quill series format --version 2 --stdout >../v2.mbox 2>/dev/null &&
	 quill series new-version --msgid "<$(msgid_of ../v2.mbox "[PATCH v2 0/2]")>" \
		-m "second" >/dev/null 2>&1 &&
	 git rev-parse zones^{tree} >../v2.tree &&
	 quill series show --json zones >../orig.json) &&
	v1=$(msgid_of v1.mbox "[PATCH 0/2]") && v2=$(msgid_of v2.mbox "[PATCH v2 0/2]") &&
	test -n "$v1" && test -n "$v2" && test "$v1" != "$v2" &&
	p1=$(msgid_of v2.mbox "[PATCH v2 1/2]") &&
	cat >reply.mbox <<-EOF &&
	From nobody Mon Sep 17 00:00:00 2001
	From: Rita Reviewer <rita@example.org>
	Date: Wed, 02 Dec 2026 06:00:00 +0000
	Subject: Re: [PATCH v2 1/2] z: add file 1
	Message-ID: <reply1@example.org>
	In-Reply-To: <$p1>
	References: <$v2> <$p1>

	Looks fine.

	EOF
	cat v1.mbox v2.mbox reply.mbox >all.mbox &&
	! grep -q "^In-Reply-To: <$v1>" v2.mbox &&
	printf "%s\n" "$v1" >v1.id && printf "%s\n" "$v2" >v2.id
'

test_expect_success 'new --from-thread: v1 and v2 frozen with their Message-IDs, v3 working' '
	v2=$(cat v2.id) &&
	(cd base && quill series new x --from-thread "<$v2>" --source mbox:../all.mbox \
		>../out 2>../err) &&
	(cd base && quill series show --json x) >got.json &&
	test "$(jget got.json "d[\"version\"]")" = 3 &&
	test "$(jget got.json "[v[\"version\"] for v in d[\"versions\"] if v[\"frozen\"]]")" = "[1, 2]" &&
	test "$(jget got.json "d[\"versions\"][0][\"cover_msgid\"]")" = "$(cat v1.id)" &&
	test "$(jget got.json "d[\"versions\"][1][\"cover_msgid\"]")" = "$v2" &&
	test "$(jget got.json "[v[\"patches\"] for v in d[\"versions\"]]")" = "[2, 2, 2]" &&
	test "$(jget got.json "d[\"versions\"][1][\"sent\"]")" = true &&
	test "$(jget got.json "d[\"change_id\"]")" = "$(jget orig.json "d[\"change_id\"]")" &&
	git -C base rev-parse x^{tree} >tree &&
	test_cmp v2.tree tree &&
	test "$(git -C base rev-parse x~2)" = "$(git -C base rev-parse main)"
'

test_expect_success 'the Message-IDs of the posted patches are recorded' '
	git -C base show refs/quill/series/x:v2/version.conf >conf &&
	grep -q "^msgid=$(msgid_of v2.mbox "[PATCH v2 2/2]")\$" conf &&
	git -C base show refs/quill/series/x:v1/version.conf >conf1 &&
	grep -q "^msgid=$(msgid_of v1.mbox "[PATCH 1/2]")\$" conf1
'

test_expect_success 'an existing series or branch name is refused' '
	v2=$(cat v2.id) &&
	(cd base &&
	 quill_fails 2 "series .x. already exists" series new x --from-thread "$v2" \
		--source mbox:../all.mbox &&
	 quill_fails 2 "branch .main. exists" series new main --from-thread "$v2" \
		--source mbox:../all.mbox &&
	 test_must_fail git rev-parse -q --verify refs/quill/series/main)
'

test_expect_success 'a thread with no patches: one line, exit 3, nothing written' '
	(cd base &&
	 quill_fails 3 "no patches" series new y --from-thread reply1@example.org \
		--source mbox:../reply.mbox &&
	 test_must_fail git rev-parse -q --verify refs/heads/y &&
	 test_must_fail git rev-parse -q --verify refs/quill/series/y)
'

test_expect_success '--source without --from-thread is a usage error' '
	(cd base && quill_fails 2 "--source goes with --from-thread" series new z --source mbox:x)
'

# check_adopted DIR NAME: series NAME in DIR is v1 and v2 as posted (covers'
# and patches' Message-IDs), the branch at v2's tree on main, version 3.
check_adopted() {
	(cd "$1" && quill series show --json "$2") >got.json &&
	test "$(jget got.json "d[\"version\"]")" = 3 &&
	test "$(jget got.json "[v[\"version\"] for v in d[\"versions\"] if v[\"frozen\"]]")" = "[1, 2]" &&
	test "$(jget got.json "d[\"versions\"][0][\"cover_msgid\"]")" = "$(cat v1.id)" &&
	test "$(jget got.json "d[\"versions\"][1][\"cover_msgid\"]")" = "$(cat v2.id)" &&
	test "$(jget got.json "[v[\"patches\"] for v in d[\"versions\"]]")" = "[2, 2, 2]" &&
	test "$(jget got.json "d[\"change_id\"]")" = "$(jget orig.json "d[\"change_id\"]")" &&
	git -C "$1" rev-parse "$2^{tree}" >tree &&
	test_cmp v2.tree tree &&
	test "$(git -C "$1" rev-parse "$2~2")" = "$(git -C "$1" rev-parse main)" &&
	git -C "$1" show "refs/quill/series/$2:v1/version.conf" >conf1 &&
	git -C "$1" show "refs/quill/series/$2:v2/version.conf" >conf2 &&
	for i in 1 2; do
		grep -q "^msgid=$(msgid_of v1.mbox "[PATCH $i/2]")\$" conf1 &&
		grep -q "^msgid=$(msgid_of v2.mbox "[PATCH v2 $i/2]")\$" conf2 || return 1
	done
}

LORE=$TEST_SRC/testbed/lore-server.sh
if ! command -v public-inbox-httpd >/dev/null 2>&1; then
	test_skip 'lore: new --from-thread from a real public-inbox server' 'public-inbox-httpd missing'
else
test_expect_success 'lore: new --from-thread from a real public-inbox server' '
	url=$("$LORE" start all.mbox "$TRASH/srv") &&
	{
		git -C base-lore config quill.lore "${url}all" &&
		(cd base-lore && quill series new from2 --from-thread "$(cat ../v2.id)" \
			>../lore.out 2>../lore.err) &&
		check_adopted base-lore from2 &&
		! grep -q "newer than the thread given" lore.err &&
		(cd base-lore && quill series new from1 --from-thread "<$(cat ../v1.id)>" \
			>../lore.out 2>../lore.err) &&
		check_adopted base-lore from1 &&
		grep -q "v2 found on the list, newer than the thread given (v1): adopting v2" lore.err
	}
	rc=$?
	"$LORE" stop "$TRASH/srv" >/dev/null 2>&1
	return $rc
'
fi

test_done
