#!/bin/sh
# quill series import-b4: adopting branches made by the real b4 (b4 prep),
# with a sent version made by b4's own reroll against a public-inbox served
# on 127.0.0.1.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

command -v b4 >/dev/null 2>&1 || skip_all "b4 is not installed"

XDG_CACHE_HOME=$TRASH/cache
export XDG_CACHE_HOME

# b4 finds its cover commit with `git log --since=1.year`: the fixed clock
# of tests/lib.sh would fall out of that window as the years go by, so this
# test's clock starts a day before now (whole minutes, still ticked).
test_tick_time=$(( ($(date +%s) - 86400) / 60 * 60 ))
test_tick

# b4 BRANCH-RANGE: the commits of a range, oldest first
commits() {
	git rev-list --reverse "$1"
}

# same_commits A B: the commits of ranges A and B pair up with the same
# tree, raw message, author and committer (name, email, date)
same_commits() {
	commits "$1" >left &&
	commits "$2" >right &&
	test $(wc -l <left) = $(wc -l <right) &&
	paste -d " " left right >pairs &&
	while read l r; do
		test "$(git rev-parse "$l^{tree}")" = "$(git rev-parse "$r^{tree}")" &&
		git cat-file commit "$l" | sed "1,/^\$/d" >ml &&
		git cat-file commit "$r" | sed "1,/^\$/d" >mr &&
		test_cmp ml mr &&
		test "$(git log -1 --format="%an|%ae|%ad|%cn|%ce|%cd" "$l")" = \
		     "$(git log -1 --format="%an|%ae|%ad|%cn|%ce|%cd" "$r")" || return 1
	done <pairs
}

test_expect_success 'setup: b4 prep -n demo-series -f main, two patches' '
	test_repo r && cd r &&
	git config b4.attestation-policy off &&
	git config b4.midmask "http://127.0.0.1:9/all/%s" &&
	test_tick &&
	b4 prep -n demo-series -f main >../b4.out 2>&1 &&
	test "$(git symbolic-ref --short HEAD)" = b4/demo-series &&
	git log -1 --format=%B | grep -q "^--- b4-submit-tracking ---\$" &&
	test_commit "frob: add the frobnicator" &&
	printf "how to frob\n" >frob.txt && git add frob.txt && test_tick &&
	GIT_COMMITTER_NAME="Cora Committer" GIT_COMMITTER_EMAIL=cora@example.org \
	GIT_COMMITTER_DATE="@$((test_tick_time + 3600)) +0200" \
		git commit -q -m "frob: document the frobnicator" -m "With an example." &&
	b4 prep --show-info >../info 2>&1 &&
	grep "^change-id: " ../info &&
	git rev-parse b4/demo-series >../b4-tip
'

test_expect_success 'import-b4 makes series demo-series with b4 change-id and revision' '
	cd r &&
	quill series import-b4 b4/demo-series >../out &&
	cid=$(sed -n "s/^change-id: //p" ../info) &&
	cat >expect <<-EOF &&
	imported b4/demo-series as series demo-series (change-id $cid), now at v1
	  branch demo-series: 2 patches on $(git rev-parse --short=12 main), based on main (b4${SQ}s cover commit left out)
	  b4/demo-series is unchanged; work on with: git switch demo-series
	EOF
	test_cmp expect ../out &&
	quill series show --json demo-series >../show.json &&
	rev=$(sed -n "s/^revision: //p" ../info) &&
	test "$rev" = 1 &&
	cat >expect <<-EOF &&
	{ "name": "demo-series", "version": $rev, "change_id": "$cid",
	  "branch": "demo-series", "base": "main", "prefixes": [], "to": [], "cc": [],
	  "list": null, "prerequisites": [],
	  "versions": [ { "version": 1, "tag": null, "date": null,
	                  "base": "$(git rev-parse main)", "tip": "$(git rev-parse demo-series)",
	                  "patches": 2, "sent": false, "frozen": false, "changed": null } ] }
	EOF
	test_cmp_json expect ../show.json
'

test_expect_success 'the new branch holds the patches, the cover commit left out' '
	cd r &&
	cover=$(sed -n "s/^start-commit: //p" ../info) &&
	test "$(git rev-parse $cover^)" = "$(git rev-parse main)" &&
	test "$(git merge-base main demo-series)" = "$(git rev-parse main)" &&
	test $(git rev-list --count main..demo-series) = 2 &&
	git log --format=%B main..demo-series >msgs &&
	test_must_fail grep "b4-submit-tracking" msgs &&
	same_commits "$cover..b4/demo-series" "main..demo-series" &&
	test "$(git rev-parse "demo-series^{tree}")" = "$(git rev-parse "b4/demo-series^{tree}")"
'

test_expect_success 'the b4 branch is untouched; the new branch is tied to the series' '
	cd r &&
	test "$(git rev-parse b4/demo-series)" = "$(cat ../b4-tip)" &&
	test "$(git symbolic-ref --short HEAD)" = b4/demo-series &&
	test "$(git config branch.demo-series.quillSeries)" = demo-series &&
	b4 prep --show-info >../info2 2>&1 &&
	test_cmp ../info ../info2
'

test_expect_success 'the working cover is b4 cover, without the tracking part' '
	cd r &&
	quill series show --json -v 1 demo-series >../detail.json &&
	grep "\"cover\": \"EDITME: cover title for demo-series" ../detail.json &&
	test_must_fail grep "b4-submit-tracking" ../detail.json &&
	test_must_fail grep "revision" ../detail.json &&
	grep "\"patches\": 2," ../detail.json
'

test_expect_success 'the working version is v1 with both patches' '
	cd r &&
	quill series show demo-series >../show &&
	cat >expect <<-EOF &&
	series demo-series  v1  change-id $(sed -n "s/^change-id: //p" ../info)
	  branch  demo-series, based on main
	  subject [PATCH]

	  v1  (working)             2 patches        demo-series
	EOF
	test_cmp expect ../show
'

test_expect_success 'BRANCH missing: bad usage (2)' '
	cd r &&
	test_expect_code 2 quill series import-b4 b4/no-such 2>../err &&
	echo "quill: no branch ${SQ}b4/no-such${SQ}" >expect &&
	test_cmp expect ../err
'

test_expect_success 'a branch without the tracking marker: bad input (3), one line naming it' '
	cd r &&
	test_expect_code 3 quill series import-b4 main 2>../err &&
	echo "quill: branch ${SQ}main${SQ} is not a b4 prep branch: no commit holds the ${SQ}--- b4-submit-tracking ---${SQ} cover" >expect &&
	test_cmp expect ../err
'

test_expect_success 'the series (or the target branch) exists: bad usage (2), nothing left' '
	cd r &&
	test_expect_code 2 quill series import-b4 b4/demo-series 2>../err &&
	echo "quill: series ${SQ}demo-series${SQ} already exists: give --name" >expect &&
	test_cmp expect ../err &&
	git branch other main &&
	test_expect_code 2 quill series import-b4 --name other b4/demo-series 2>../err &&
	echo "quill: a branch ${SQ}other${SQ} exists already: give --name for the new one" >expect &&
	test_cmp expect ../err &&
	test_must_fail git rev-parse -q --verify refs/quill/series/other &&
	test "$(git rev-parse other)" = "$(git rev-parse main)"
'

test_expect_success '--name NAME names the series and its branch' '
	cd r &&
	quill series import-b4 --name frob --json b4/demo-series >../out.json &&
	cat >expect <<-EOF &&
	{ "name": "frob", "from": "b4/demo-series", "branch": "frob",
	  "change_id": "$(sed -n "s/^change-id: //p" ../info)", "base": "main",
	  "version": 1, "patches": 2, "versions": [], "to": [], "cc": [] }
	EOF
	test_cmp_json expect ../out.json &&
	same_commits main..demo-series main..frob
'

test_expect_success 'another b4 cover strategy (tip-commit): bad input (3), it says which' '
	cd r &&
	git checkout -q main &&
	git config b4.prep-cover-strategy tip-commit &&
	b4 prep -n tipper -f main >../tip.out 2>&1 &&
	git config --unset b4.prep-cover-strategy &&
	test "$(git config branch.b4/tipper.b4-prep-cover-strategy)" = tip-commit &&
	git checkout -q b4/demo-series &&
	test_expect_code 3 quill series import-b4 b4/tipper 2>../err &&
	echo "quill: branch ${SQ}b4/tipper${SQ} keeps its b4 cover by the ${SQ}tip-commit${SQ} strategy; import-b4 reads the ${SQ}commit${SQ} strategy only" >expect &&
	test_cmp expect ../err &&
	test_must_fail git rev-parse -q --verify refs/heads/tipper
'

if ! command -v public-inbox-httpd >/dev/null 2>&1; then
	for t in 'b4 --manual-reroll against a local lore makes sent/demo-series-v1' \
		 'import-b4 of a sent version: v1 frozen from the tag, v2 working' \
		 'the frozen v1 keeps the cover as sent and the patch-ids' \
		 'the new branch of the rerolled series has no cover commit either' \
		 'a missing sent tag for a sent revision: bad input (3)'; do
		test_skip "$t" 'public-inbox-httpd is missing'
	done
	test_done
fi

test_expect_success 'b4 --manual-reroll against a local lore makes sent/demo-series-v1' '
	cd r &&
	git config b4.linkmask "https://lore.example.org/r/%s" &&
	mkdir -p ../outgoing &&
	b4 prep -p ../outgoing >../fp.out 2>&1 &&
	cat ../outgoing/*.patch >../v1.mbox &&
	msgid=$(sed -n "s/^Message-Id: <\(.*\)>\$/\1/p" ../outgoing/0000-*.patch) &&
	test -n "$msgid" &&
	echo "$msgid" >../msgid &&
	url=$("$TEST_SRC/testbed/lore-server.sh" start ../v1.mbox "$TRASH/lore" 2>../lore.err) &&
	git config b4.midmask "${url}all/%s" &&
	b4 prep --manual-reroll "$msgid" >../reroll.out 2>&1
	rc=$?
	"$TEST_SRC/testbed/lore-server.sh" stop "$TRASH/lore"
	test $rc = 0 &&
	git rev-parse -q --verify refs/tags/sent/demo-series-v1 &&
	git cat-file -t sent/demo-series-v1 | grep -q "^tag\$" &&
	b4 prep --show-info >../info3 2>&1 &&
	grep "^revision: 2\$" ../info3
'

test_expect_success 'import-b4 of a sent version: v1 frozen from the tag, v2 working' '
	cd r &&
	quill series import-b4 --name sent-demo b4/demo-series >../out &&
	cid=$(sed -n "s/^change-id: //p" ../info) &&
	cat >expect <<-EOF &&
	imported b4/demo-series as series sent-demo (change-id $cid), now at v2
	  branch sent-demo: 2 patches on $(git rev-parse --short=12 main), based on main (b4${SQ}s cover commit left out)
	  v1   sent  2 patches  quill/sent-demo/v1 (from sent/demo-series-v1)
	  b4/demo-series is unchanged; work on with: git switch sent-demo
	EOF
	test_cmp expect ../out &&
	quill series show --json sent-demo >../show.json &&
	tip=$(git rev-parse "sent/demo-series-v1^{commit}") &&
	base=$(git cat-file tag sent/demo-series-v1 | sed -n "s/^base-commit: //p") &&
	test "$base" = "$(git rev-parse main)" &&
	test "$(git rev-parse "quill/sent-demo/v1^{commit}")" = "$tip" &&
	cat >expect <<-EOF &&
	{ "name": "sent-demo", "version": 2, "change_id": "$cid", "branch": "sent-demo",
	  "base": "main", "prefixes": [], "to": [], "cc": [], "list": null,
	  "prerequisites": [],
	  "versions": [
	    { "version": 1, "tag": "quill/sent-demo/v1",
	      "date": "$(jget ../show.json "d[\"versions\"][0][\"date\"]")",
	      "base": "$base", "tip": "$tip", "patches": 2, "sent": true, "frozen": true,
	      "changed": null, "cover_msgid": "$(cat ../msgid)" },
	    { "version": 2, "tag": null, "date": null, "base": "$base",
	      "tip": "$(git rev-parse sent-demo)", "patches": 2, "sent": false,
	      "frozen": false, "changed": "2 unchanged" } ] }
	EOF
	test_cmp_json expect ../show.json &&
	jget ../show.json "d[\"versions\"][0][\"date\"]" | grep -Eq "^[0-9-]{10}T[0-9:]{8}Z\$"
'

test_expect_success 'the frozen v1 keeps the cover as sent and the patch-ids' '
	cd r &&
	quill series show --json -v 1 sent-demo >../v1.json &&
	grep "\"cover\": \"EDITME: cover title for demo-series" ../v1.json &&
	grep "base-commit: $(git rev-parse main)" ../v1.json &&
	for c in $(git rev-list --reverse main..sent/demo-series-v1); do
		pid=$(git show $c | git patch-id --stable | cut -d" " -f1) &&
		grep "\"patch_id\": \"$pid\"" ../v1.json || return 1
	done &&
	git cat-file tag quill/sent-demo/v1 | sed "1,/^\$/d" >tagmsg &&
	git cat-file tag sent/demo-series-v1 | sed "1,/^\$/d" >b4msg &&
	test_cmp b4msg tagmsg
'

test_expect_success 'the new branch of the rerolled series has no cover commit either' '
	cd r &&
	cover=$(git log --format=%H -F --grep="b4-submit-tracking" -1 b4/demo-series) &&
	same_commits "$cover..b4/demo-series" main..sent-demo &&
	quill series diff sent-demo v1 v2 --summary >../diff &&
	cat >expect <<-EOF &&
	1:  $(git rev-parse --short=12 sent/demo-series-v1~1) = 1:  $(git rev-parse --short=12 sent-demo~1) frob: add the frobnicator
	2:  $(git rev-parse --short=12 "sent/demo-series-v1^{commit}") = 2:  $(git rev-parse --short=12 sent-demo) frob: document the frobnicator
	v1 -> v2 (working): 2 unchanged
	EOF
	test_cmp expect ../diff
'

test_expect_success 'a missing sent tag for a sent revision: bad input (3)' '
	cd r &&
	git tag -d sent/demo-series-v1 >/dev/null &&
	test_expect_code 3 quill series import-b4 --name gone b4/demo-series 2>../err &&
	echo "quill: branch ${SQ}b4/demo-series${SQ} is at v2 but v1 has no tag sent/demo-series-v1 (nor sent/$(sed -n "s/^change-id: //p" ../info)-v1): cannot rebuild what was sent" >expect &&
	test_cmp expect ../err &&
	test_must_fail git rev-parse -q --verify refs/heads/gone
'

test_done
