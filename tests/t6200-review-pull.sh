#!/bin/sh
# review pull: the replies to every sent version, threaded onto version and
# patch, kept in vN/review.json (one state commit, statuses kept, nothing
# twice) and as notes on refs/notes/quill; from an mbox, a real
# public-inbox server, notmuch and a mirror.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-reply.sh"

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH

# reroll MBOX TEXT PARENT: the mail of MBOX whose Subject holds TEXT, sent
# in reply to PARENT instead of its own cover (a partial reroll).
reroll() {
	python3 - "$1" "$2" "$3" <<-\EOF
	import re, sys
	text = open(sys.argv[1], encoding="utf-8").read()
	for m in re.split(r"\n(?=From [0-9a-f]{40} )", text):
	    head, body = m.split("\n\n", 1)
	    subj = re.search(r"^Subject: (.*)$", head, re.M)
	    if subj and sys.argv[2] in subj.group(1):
	        head = re.sub(r"^In-Reply-To: .*$", "In-Reply-To: <%s>" % sys.argv[3], head, flags=re.M)
	        head = re.sub(r"^References: .*$", "References: <%s>" % sys.argv[3], head, flags=re.M)
	        sys.stdout.write(head + "\n\n" + body.rstrip("\n") + "\n\n")
	        break
	EOF
}

RITA="Rita Reviewer <rita@example.com>"
BOB="Bob Builder <bob@example.net>"
ADA="Ada Author <ada@example.org>"

# build_series DIR RECORD: series zone in DIR: v1 and v2 frozen as sent
# (cover Message-IDs recorded; v1's only when RECORD is yes), v3 a partial
# reroll of 3/3 sent in reply to v2's 3/3 (frozen, not recorded), v4 the
# working one.  Writes posted.mbox (every mail but the last reply) and
# late.mbox (the last reply: to v2's 3/3) in DIR.
build_series() {
	test_repo "$1" &&
	(
	cd "$1" &&
	quill series new zone >/dev/null &&
	quill series edit-cover -m "zone: frob the zones

Why the zones need a frob." >/dev/null &&
	add_patches 3 zone &&
	quill series format >v1.mbox &&
	c1=$(msgid_of v1.mbox "0/3") && p12=$(msgid_of v1.mbox "2/3") &&
	if [ "$2" = yes ]; then
		quill series new-version --msgid "$c1" -m "v1" >/dev/null 2>&1
	else
		quill series new-version -m "v1" >/dev/null 2>&1
	fi &&
	echo more >>zone-3 && git add zone-3 && test_tick && git commit -q --amend --no-edit &&
	quill series format >v2.mbox &&
	c2=$(msgid_of v2.mbox "0/3") && p23=$(msgid_of v2.mbox "3/3") &&
	quill series new-version --msgid "$c2" -m "v2" >/dev/null 2>&1 &&
	echo again >>zone-3 && git add zone-3 && test_tick && git commit -q --amend --no-edit &&
	quill series format >v3.mbox &&
	reroll v3.mbox "v3 3/3" "$p23" >v3-reroll.mbox &&
	p33=$(msgid_of v3.mbox "3/3") &&
	quill series new-version -m "v3" >/dev/null 2>&1 &&
	{
	cat v1.mbox &&
	reply "$RITA" "Mon, 01 Dec 2025 13:00:00 +0000" r1@example.com \
		"Re: [PATCH 0/3] zone: frob the zones" "$c1" <<-EOF &&
	Hi Ada,

	> Why the zones need a frob.

	Does this hold for the movable zone too?

	Reviewed-by: $RITA
	EOF
	reply "$BOB" "Mon, 01 Dec 2025 14:00:00 +0000" r2@example.net \
		"Re: [PATCH 2/3] zone: add file 2" "$p12" "<$c1>" <<-EOF &&
	> +line 2

	Please rename the file to something that says what it holds.
	EOF
	reply "$ADA" "Mon, 01 Dec 2025 15:00:00 +0000" r3@example.org \
		"Re: [PATCH 2/3] zone: add file 2" r2@example.net "<$c1> <$p12>" <<-EOF &&
	> Please rename the file to something that says what it holds.

	Will fix in v2.
	EOF
	cat v2.mbox &&
	reply "$RITA" "Tue, 02 Dec 2025 09:00:00 +0000" r4@example.com \
		"Re: [PATCH v2 0/3] zone: frob the zones" "$c2" <<-EOF &&
	Acked-by: $RITA
	EOF
	cat v3-reroll.mbox &&
	reply "$BOB" "Wed, 03 Dec 2025 09:00:00 +0000" r6@example.net \
		"Re: [PATCH v3 3/3] zone: add file 3" "$p33" "<$p23>" <<-EOF
	Reviewed-by: $BOB
	EOF
	} >posted.mbox &&
	reply "$BOB" "Thu, 04 Dec 2025 09:00:00 +0000" r5@example.net \
		"Re: [PATCH v2 3/3] zone: add file 3" "$p23" "<$c2>" >late.mbox <<-EOF &&
	> +more

	What is the object file size change?
	EOF
	cat posted.mbox late.mbox >all.mbox
	)
}

# review_json VERSION: vN/review.json of series zone, from the state ref.
review_json() {
	git show "refs/quill/series/zone:v$1/review.json"
}

# replies VERSION: "msgid patch" of each reply kept for vN, sorted.
replies() {
	review_json "$1" >rj.$1 &&
	jget rj.$1 '"\n".join(sorted("%s %d" % (r["msgid"], r["patch"]) for r in d["replies"]))'
}

# resolve VERSION ID: item ID of vN addressed, by quill review resolve, else
# (before it was written) by editing vN/review.json with git's plumbing.
resolve() {
	quill review resolve "$2" >/dev/null 2>&1 && return 0
	review_json "$1" >rs.json &&
	python3 - rs.json "$2" <<-\EOF &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for i in d["items"]:
	    if i["id"] == sys.argv[2]:
	        i["status"] = "addressed"
	json.dump(d, open(sys.argv[1], "w"), indent=1)
	EOF
	rs_blob=$(git hash-object -w rs.json) &&
	GIT_INDEX_FILE=$TRASH/rs.index git read-tree refs/quill/series/zone &&
	GIT_INDEX_FILE=$TRASH/rs.index git update-index --cacheinfo "100644,$rs_blob,v$1/review.json" &&
	rs_tree=$(GIT_INDEX_FILE=$TRASH/rs.index git write-tree) &&
	rs_commit=$(git commit-tree "$rs_tree" -p refs/quill/series/zone -m "review resolve") &&
	git update-ref refs/quill/series/zone "$rs_commit" &&
	rm -f "$TRASH/rs.index"
}

test_expect_success 'setup: a series with v1, v2 sent, a partial reroll v3, replies' '
	build_series r yes &&
	grep -c "^Message-ID:" r/all.mbox >count &&
	echo 15 >want && test_cmp want count
'

test_expect_success 'pull --source mbox: every sent version, one state commit' '
	cd r &&
	before=$(git rev-parse refs/quill/series/zone) &&
	echo "$before" >"$TRASH/r.fresh" &&
	quill review pull --source mbox:all.mbox --json >out 2>err &&
	test ! -s err &&
	test "$(git rev-parse refs/quill/series/zone~1)" = "$before" &&
	jget out "[(v[\"version\"], v[\"replies\"], v[\"failed\"]) for v in d[\"versions\"]]" >got &&
	echo "[[1, 3, null], [2, 2, null], [3, 1, null]]" >want &&
	test_cmp want got &&
	jget out "d[\"committed\"]" >got && echo true >want && test_cmp want got
'

test_expect_success '... each reply on the version and patch it answers' '
	cd r &&
	replies 1 >got &&
	cat >want <<-\EOF &&
	r1@example.com 0
	r2@example.net 2
	r3@example.org 2
	EOF
	test_cmp want got &&
	replies 2 >got &&
	cat >want <<-\EOF &&
	r4@example.com 0
	r5@example.net 3
	EOF
	test_cmp want got &&
	replies 3 >got &&
	echo "r6@example.net 3" >want &&
	test_cmp want got
'

test_expect_success '... the trailers given on the covers and the reroll are items' '
	cd r &&
	review_json 1 >j1 && review_json 2 >j2 && review_json 3 >j3 &&
	jget j1 "[(i[\"kind\"], i[\"patch\"], i[\"trailer\"]) for i in d[\"items\"] if i[\"kind\"] == \"trailer\"]" >got &&
	echo "[[\"trailer\", 0, \"Reviewed-by: $RITA\"]]" >want &&
	test_cmp want got &&
	jget j2 "[(i[\"patch\"], i[\"trailer\"]) for i in d[\"items\"] if i[\"kind\"] == \"trailer\"]" >got &&
	echo "[[0, \"Acked-by: $RITA\"]]" >want &&
	test_cmp want got &&
	jget j3 "[(i[\"version\"], i[\"patch\"], i[\"trailer\"]) for i in d[\"items\"] if i[\"kind\"] == \"trailer\"]" >got &&
	echo "[[3, 3, \"Reviewed-by: $BOB\"]]" >want &&
	test_cmp want got &&
	jget j1 "\"promise\" in [i[\"kind\"] for i in d[\"items\"]] and \"question\" in [i[\"kind\"] for i in d[\"items\"]]" >has &&
	echo true >want && test_cmp want has
'

test_expect_success '... and notes on the patch commits: git log --notes=quill' '
	cd r &&
	git log --notes=quill --format="%s%n%N" quill/zone/v1 >log &&
	grep -q "^\[quill v1\]" log &&
	grep -q "Reviewed-by: $RITA" log &&
	git log --notes=quill --format=%N -1 quill/zone/v2 >log2 &&
	grep -q "^\[quill v2\]" log2 &&
	grep -q "Acked-by: $RITA" log2
'

test_expect_success 'a second pull adds nothing and writes nothing' '
	cd r &&
	state=$(git rev-parse refs/quill/series/zone) &&
	notes=$(git rev-parse refs/notes/quill) &&
	quill review pull --source mbox:all.mbox >out 2>err &&
	test ! -s err &&
	cat >want <<-\EOF &&
	v1: 3 replies, 0 new items
	v2: 2 replies, 0 new items
	v3: 1 reply, 0 new items
	nothing new
	EOF
	test_cmp want out &&
	test "$(git rev-parse refs/quill/series/zone)" = "$state" &&
	test "$(git rev-parse refs/notes/quill)" = "$notes"
'

test_expect_success 'notes behind the state (a pull stopped before them): the next pull writes them' '
	cd r &&
	state=$(git rev-parse refs/quill/series/zone) &&
	git update-ref -d refs/notes/quill &&
	quill review pull --source mbox:all.mbox >out 2>err &&
	test ! -s err &&
	test "$(git rev-parse refs/quill/series/zone)" = "$state" &&
	git log --notes=quill --format=%N -1 quill/zone/v1 >log &&
	grep -q "^\[quill v1\]" log
'

test_expect_success '--version N pulls that one; the working version and --all with it are refused' '
	cd r &&
	quill review pull --version 2 --source mbox:all.mbox --json >out &&
	jget out "[v[\"version\"] for v in d[\"versions\"]]" >got &&
	echo "[2, 3]" >want && test_cmp want got &&
	quill_fails 2 "v4 is the working version" review pull --version 4 --source mbox:all.mbox &&
	quill_fails 2 "series zone has versions 1 to 4" review pull --version 7 --source mbox:all.mbox &&
	quill_fails 2 "exclude each other" review pull --all --version 1 --source mbox:all.mbox
'

test_expect_success 'a version whose thread is not there: a warning, the others stored' '
	build_series m yes && cd m &&
	python3 - all.mbox >v2only.mbox <<-\EOF &&
	import re, sys
	text = open(sys.argv[1], encoding="utf-8").read()
	parts = re.split(r"\n(?=From (?:[0-9a-f]{40}|mboxrd@z) )", text)
	v1 = re.compile(r"^(Message-ID|In-Reply-To|References):.*-v1-", re.M | re.I)
	keep = [p for p in parts if not v1.search(p.split("\n\n", 1)[0])]
	sys.stdout.write("\n".join(keep))
	EOF
	quill review pull --source mbox:v2only.mbox >out 2>err &&
	grep -q "^quill: warning: v1: .*no such thread" err &&
	test_must_fail git show refs/quill/series/zone:v1/review.json &&
	review_json 2 >/dev/null
'

test_expect_success 'a version with no Message-ID recorded is found by its change-id; a reroll inside another thread is found there' '
	build_series s no && cd s &&
	quill review pull --source mbox:all.mbox --json >out 2>err &&
	jget out "[v[\"version\"] for v in d[\"versions\"]]" >got &&
	echo "[2, 3]" >want && test_cmp want got &&
	quill review pull --all --source mbox:all.mbox --json >out 2>err &&
	jget out "[(v[\"version\"], v[\"searched\"], v[\"replies\"]) for v in d[\"versions\"]]" >got &&
	echo "[[1, true, 3], [2, false, 2], [3, false, 1]]" >want &&
	test_cmp want got &&
	test ! -s err &&
	replies 1 >got &&
	printf "r1@example.com 0\nr2@example.net 2\nr3@example.org 2\n" >want &&
	test_cmp want got
'

test_expect_success 'a series with nothing sent: exit 1; with --all, a version that cannot be found: exit 1' '
	series_repo n one 2 && cd n &&
	quill series new-version -m x >/dev/null 2>&1 &&
	quill_fails 1 "no version was sent" review pull --source "mbox:$TRASH/r/all.mbox" &&
	test_expect_code 1 quill review pull --all --source "mbox:$TRASH/r/all.mbox" >out 2>err &&
	echo "quill: warning: v1: no thread found (no Message-ID recorded; searched by change-id and subject)" >want &&
	test_cmp want err &&
	echo "v1: 0 replies, 0 new items (its thread failed: see the warning)" >want &&
	head -n 1 out >got && test_cmp want got
'

LORE=$TEST_SRC/testbed/lore-server.sh
if ! command -v public-inbox-httpd >/dev/null 2>&1; then
	test_skip 'lore: a real public-inbox server, a thread that grows' 'public-inbox-httpd missing'
else
test_expect_success 'lore: a real public-inbox server; the thread grows; statuses kept' '
	build_series l yes && cd l &&
	url=$("$LORE" start posted.mbox "$TRASH/srv") &&
	{
		git config quill.lore "${url}all" &&
		git rev-parse refs/quill/series/zone >"$TRASH/l.fresh" &&
		quill review pull --json >out1 2>err1 &&
		jget out1 "[(v[\"version\"], v[\"replies\"]) for v in d[\"versions\"]]" >got &&
		echo "[[1, 3], [2, 1], [3, 1]]" >want && test_cmp want got &&
		review_json 1 >j1 &&
		id=$(jget j1 "d[\"items\"][0][\"id\"]") &&
		resolve 1 "$id" &&
		"$LORE" add late.mbox "$TRASH/srv" >/dev/null &&
		state=$(git rev-parse refs/quill/series/zone) &&
		quill review pull --json >out2 2>err2 &&
		test "$(git rev-parse refs/quill/series/zone~1)" = "$state" &&
		jget out2 "[(v[\"version\"], v[\"new_replies\"]) for v in d[\"versions\"]]" >got &&
		echo "[[1, 0], [2, 1], [3, 0]]" >want && test_cmp want got &&
		replies 2 >got &&
		printf "r4@example.com 0\nr5@example.net 3\n" >want && test_cmp want got &&
		review_json 1 >j1 &&
		jget j1 "[i[\"status\"] for i in d[\"items\"] if i[\"id\"] == \"$id\"]" >got &&
		echo "[\"addressed\"]" >want && test_cmp want got &&
		git log --notes=quill --format=%N -1 quill/zone/v2 >log &&
		grep -q "/r5@example.net/" log &&
		state=$(git rev-parse refs/quill/series/zone) &&
		quill review pull >out3 2>err3 &&
		tail -n 1 out3 >got && echo "nothing new" >want && test_cmp want got &&
		test "$(git rev-parse refs/quill/series/zone)" = "$state"
	}
	rc=$?
	"$LORE" stop "$TRASH/srv"
	return $rc
'

test_expect_success 'mirror: the same threads from the inbox'"'"'s git epochs' '
	cd l &&
	git update-ref refs/quill/series/zone "$(cat "$TRASH/l.fresh")" &&
	quill review pull --source "mirror:$TRASH/srv/inboxes/test-list" --json >out 2>err &&
	jget out "[(v[\"version\"], v[\"replies\"], v[\"failed\"]) for v in d[\"versions\"]]" >got &&
	echo "[[1, 3, null], [2, 2, null], [3, 1, null]]" >want && test_cmp want got &&
	replies 2 >got &&
	printf "r4@example.com 0\nr5@example.net 3\n" >want && test_cmp want got
'
fi

if ! command -v notmuch >/dev/null 2>&1; then
	test_skip 'notmuch: the threads from a notmuch database' 'notmuch missing'
else
test_expect_success 'notmuch: the threads from a real notmuch database' '
	cd r &&
	python3 - all.mbox "$TRASH/mail" <<-\EOF &&
	import mailbox, sys
	md = mailbox.Maildir(sys.argv[2], create=True)
	for m in mailbox.mbox(sys.argv[1]):
	    md.add(m)
	EOF
	printf "[database]\npath=%s\n[new]\ntags=inbox\n" "$TRASH/mail" >"$TRASH/nmcfg" &&
	NOTMUCH_CONFIG=$TRASH/nmcfg notmuch new >/dev/null 2>&1 &&
	git update-ref refs/quill/series/zone "$(cat "$TRASH/r.fresh")" &&
	NOTMUCH_CONFIG=$TRASH/nmcfg quill review pull --source "notmuch:$TRASH/mail" --json >out 2>err &&
	jget out "[(v[\"version\"], v[\"replies\"], v[\"failed\"]) for v in d[\"versions\"]]" >got &&
	echo "[[1, 3, null], [2, 2, null], [3, 1, null]]" >want && test_cmp want got &&
	replies 1 >got &&
	printf "r1@example.com 0\nr2@example.net 2\nr3@example.org 2\n" >want && test_cmp want got
'
fi

BAD=$TEST_SRC/testbed/bad-http.py
if ! command -v python3 >/dev/null 2>&1; then
	test_skip 'lore: HTTP 500 and kill -9 during a pull' 'python3 missing'
else
test_expect_success 'lore: HTTP 500 for every thread: each named, exit 4, nothing written; kill -9 mid-pull' '
	build_series k yes && cd k || return 1
	python3 "$BAD" "$TRASH/bad.port" "$TRASH/bad.log" &
	bad=$!
	{
		n=0 && while [ ! -s "$TRASH/bad.port" ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done &&
		port=$(cat "$TRASH/bad.port") &&
		state=$(git rev-parse refs/quill/series/zone) &&
		test_expect_code 4 quill review pull --source "lore:http://127.0.0.1:$port/500" >out 2>err &&
		grep "^quill: warning: v1: http://127.0.0.1:$port/500/.*500" err &&
		grep "^quill: warning: v2: http://127.0.0.1:$port/500/.*500" err &&
		test "$(git rev-parse refs/quill/series/zone)" = "$state" &&
		{ quill review pull --source "lore:http://127.0.0.1:$port/slow" >/dev/null 2>&1 & } &&
		pull=$! && sleep 1 && kill -9 $pull && { wait $pull; true; } &&
		test "$(git rev-parse refs/quill/series/zone)" = "$state" &&
		git fsck --no-progress >/dev/null 2>&1 &&
		quill review pull --source mbox:all.mbox >out 2>err &&
		replies 1 >got &&
		printf "r1@example.com 0\nr2@example.net 2\nr3@example.org 2\n" >want && test_cmp want got
	}
	rc=$?
	kill $bad
	return $rc
'
fi

test_done
