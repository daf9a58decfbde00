#!/bin/sh
# quill review show / resolve / reopen over vN/review.json in the series
# state, the notes on refs/notes/quill, and series new-version carrying the
# review into the next version.  The review data is written into the state
# ref with git plumbing (put_review), as review pull would store it.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

# put_review NAME N FILE: a state commit on refs/quill/series/NAME with FILE
# as vN/review.json.
put_review() {
	pr_ref=refs/quill/series/$1
	pr_old=$(git rev-parse "$pr_ref") &&
	pr_blob=$(git hash-object -w "$3") &&
	GIT_INDEX_FILE="$TRASH/.review-index" git read-tree "$pr_old" &&
	GIT_INDEX_FILE="$TRASH/.review-index" \
		git update-index --add --cacheinfo "100644,$pr_blob,v$2/review.json" &&
	pr_tree=$(GIT_INDEX_FILE="$TRASH/.review-index" git write-tree) &&
	pr_new=$(echo "test: v$2/review.json" | git commit-tree "$pr_tree" -p "$pr_old") &&
	git update-ref "$pr_ref" "$pr_new" "$pr_old" &&
	rm -f "$TRASH/.review-index"
}

state() { git rev-parse refs/quill/series/zone; }
status_of() {
	git show refs/quill/series/zone:v${2:-1}/review.json |
	jget /dev/stdin "[i for i in d[\"items\"] if i[\"id\"] == \"$1\"][0][\"status\"]"
}

L=https://lore.example.org/r

test_expect_success 'setup: v1 frozen, its review in the state' '
	test_repo r && cd r &&
	quill series new zone >/dev/null &&
	quill series edit-cover -m "zone: init the zones early

The zones are set up before the allocator needs them.
" >/dev/null &&
	add_patches 3 zone &&
	quill series new-version >/dev/null 2>&1 &&
	cat >../v1.json <<-EOF &&
	{"version": 1,
	 "replies": [
	  {"msgid": "q1@example.org", "parent": "cover@example.org", "from": "David Hildenbrand <david@example.org>",
	   "date": "2025-12-02T10:00:00Z", "subject": "Re: [PATCH 0/3] zone: init the zones early", "patch": 0}
	 ],
	 "items": [
	  {"id": "b1c2d3e4f5a6", "kind": "question", "author": "David Hildenbrand <david@example.org>",
	   "date": "2025-12-02T10:00:00Z", "msgid": "q1@example.org", "link": "$L/q1@example.org",
	   "version": 1, "patch": 0, "text": "What${SQ}s the object file size change?", "quoted": "",
	   "trailer": null, "status": "open"},
	  {"id": "a1b2c3d4e5f6", "kind": "trailer-objection", "author": "Muchun Song <muchun@example.org>",
	   "date": "2025-12-02T11:00:00Z", "msgid": "o1@example.org", "link": "$L/o1@example.org",
	   "version": 1, "patch": 2, "text": "Please drop my Suggested-by.\nI did not suggest this.",
	   "quoted": "Suggested-by: Muchun Song <muchun@example.org>",
	   "trailer": "Suggested-by: Muchun Song <muchun@example.org>", "status": "open"},
	  {"id": "b1c2ffee0000", "kind": "change-request", "author": "Rev Iewer <rev@example.org>",
	   "date": "2025-12-02T12:00:00Z", "msgid": "c1@example.org", "link": "$L/c1@example.org",
	   "version": 1, "patch": 1, "text": "Please split this.\nOne change a patch.\nThird line.\nFourth line.",
	   "quoted": "", "trailer": null, "status": "open"},
	  {"id": "c0ffee000001", "kind": "promise", "author": "Ada Author <ada@example.org>",
	   "date": "2025-12-02T13:00:00Z", "msgid": "p1@example.org", "link": "$L/p1@example.org",
	   "version": 1, "patch": 0, "text": "I will incorporate these findings into the V2 description",
	   "quoted": "", "trailer": null, "status": "open"},
	  {"id": "d00d00d00d00", "kind": "trailer", "author": "Rev Iewer <rev@example.org>",
	   "date": "2025-12-02T14:00:00Z", "msgid": "t1@example.org", "link": "$L/t1@example.org",
	   "version": 1, "patch": 2, "text": "Reviewed-by: Rev Iewer <rev@example.org>", "quoted": "",
	   "trailer": "Reviewed-by: Rev Iewer <rev@example.org>", "status": "open"}
	 ]}
	EOF
	put_review zone 1 ../v1.json
'

test_expect_success 'review show: grouped by version and patch' '
	cd r &&
	quill review show >out &&
	cat >expect <<-EOF &&
	v1 0/3 zone: init the zones early
	  b1c2d3e4f5a6  question  open  David Hildenbrand <david@example.org>
	    What${SQ}s the object file size change?
	    $L/q1@example.org
	  c0ffee000001  promise  open  Ada Author <ada@example.org>
	    I will incorporate these findings into the V2 description
	    $L/p1@example.org

	v1 1/3 zone: add file 1
	  b1c2ffee0000  change-request  open  Rev Iewer <rev@example.org>
	    Please split this.
	    One change a patch.
	    Third line.
	    [...]
	    $L/c1@example.org

	v1 2/3 zone: add file 2
	  a1b2c3d4e5f6  trailer-objection  open  Muchun Song <muchun@example.org>
	    Please drop my Suggested-by.
	    I did not suggest this.
	    $L/o1@example.org
	  d00d00d00d00  trailer  open  Rev Iewer <rev@example.org>
	    Reviewed-by: Rev Iewer <rev@example.org>
	    $L/t1@example.org
	EOF
	test_cmp expect out
'

test_expect_success 'review show --json: the items as DESIGN.md has them, grouped' '
	cd r &&
	quill review show --json >out &&
	jget out "[(i[\"id\"], i[\"version\"], i[\"patch\"], i[\"status\"]) for i in d[\"items\"]]" >ids &&
	echo "[[\"b1c2d3e4f5a6\", 1, 0, \"open\"], [\"c0ffee000001\", 1, 0, \"open\"], [\"b1c2ffee0000\", 1, 1, \"open\"], [\"a1b2c3d4e5f6\", 1, 2, \"open\"], [\"d00d00d00d00\", 1, 2, \"open\"]]" >expect &&
	test_cmp expect ids &&
	jget out "sorted(d.keys())" >keys &&
	echo "[\"items\"]" >expect &&
	test_cmp expect keys &&
	jget out "d[\"items\"][3]" >item &&
	cat >expect <<-EOF &&
	{"id": "a1b2c3d4e5f6", "kind": "trailer-objection", "author": "Muchun Song <muchun@example.org>",
	 "date": "2025-12-02T11:00:00Z", "msgid": "o1@example.org", "link": "$L/o1@example.org",
	 "version": 1, "patch": 2, "text": "Please drop my Suggested-by.\nI did not suggest this.",
	 "quoted": "Suggested-by: Muchun Song <muchun@example.org>",
	 "trailer": "Suggested-by: Muchun Song <muchun@example.org>", "status": "open"}
	EOF
	test_cmp_json expect item
'

test_expect_success 'review show --version: a version with no review shows none' '
	cd r &&
	quill review show --version 2 >out &&
	echo "no review items" >expect &&
	test_cmp expect out &&
	quill review show --version 2 --json >out &&
	echo "{\"items\": []}" >expect &&
	test_cmp_json expect out &&
	quill review show --version 1 --json >out &&
	test "$(jget out "len(d[\"items\"])")" = 5 &&
	quill_fails 2 "series zone has versions 1 to 2" review show --version 3
'

test_expect_success 'review resolve: addressed, one state commit, the notes' '
	cd r &&
	before=$(state) &&
	quill review resolve a1b2 >out &&
	echo "a1b2c3d4e5f6: addressed (v1 patch 2, trailer-objection from Muchun Song <muchun@example.org>)" >expect &&
	test_cmp expect out &&
	test "$(git rev-parse $(state)^)" = "$before" &&
	git log -1 --format=%s $(state) >msg &&
	echo "review resolve: a1b2c3d4e5f6" >expect &&
	test_cmp expect msg &&
	test "$(status_of a1b2c3d4e5f6)" = addressed
'

test_expect_success 'the notes: one section per version on each patch' '
	cd r &&
	git log --notes=quill --format="%s%n%N" main..zone >out &&
	cat >expect <<-EOF &&
	zone: add file 3
	[quill v1]
	question  -- David Hildenbrand <david@example.org>, open, $L/q1@example.org
	promise  -- Ada Author <ada@example.org>, open, $L/p1@example.org

	zone: add file 2
	[quill v1]
	question  -- David Hildenbrand <david@example.org>, open, $L/q1@example.org
	Suggested-by: Muchun Song <muchun@example.org>  -- Muchun Song <muchun@example.org>, addressed, $L/o1@example.org
	promise  -- Ada Author <ada@example.org>, open, $L/p1@example.org
	Reviewed-by: Rev Iewer <rev@example.org>  -- Rev Iewer <rev@example.org>, open, $L/t1@example.org

	zone: add file 1
	[quill v1]
	question  -- David Hildenbrand <david@example.org>, open, $L/q1@example.org
	change-request  -- Rev Iewer <rev@example.org>, open, $L/c1@example.org
	promise  -- Ada Author <ada@example.org>, open, $L/p1@example.org

	EOF
	test_cmp expect out &&
	test "$(git rev-list --count refs/notes/quill)" = 2
'

test_expect_success 'a second resolve is idempotent: no commit, same notes' '
	cd r &&
	before=$(state) && notes=$(git rev-parse refs/notes/quill) &&
	quill review resolve a1b2c3d4e5f6 >out &&
	test "$(state)" = "$before" &&
	test "$(git rev-parse refs/notes/quill)" = "$notes"
'

test_expect_success 'resolve --wontfix -m: the status and the note' '
	cd r &&
	quill review resolve --wontfix -m "the size is in the cover now" b1c2f >out &&
	test "$(status_of b1c2ffee0000)" = wontfix &&
	quill review show --json >out &&
	jget out "[i.get(\"note\") for i in d[\"items\"] if i[\"id\"] == \"b1c2ffee0000\"][0]" >note &&
	echo "the size is in the cover now" >expect &&
	test_cmp expect note &&
	quill review show --open >out &&
	! grep b1c2ffee0000 out &&
	! grep a1b2c3d4e5f6 out &&
	grep "^  b1c2d3e4f5a6  question  open" out &&
	git notes --ref=quill show zone~2 >note &&
	grep "^change-request  -- Rev Iewer <rev@example.org>, wontfix, " note
'

test_expect_success 'reopen: open again, the note kept; several ids in one commit' '
	cd r &&
	before=$(state) &&
	quill review reopen b1c2ffee0000 a1b2c3 >out &&
	test "$(git rev-parse $(state)^)" = "$before" &&
	test "$(status_of b1c2ffee0000)" = open &&
	test "$(status_of a1b2c3d4e5f6)" = open &&
	git show refs/quill/series/zone:v1/review.json | grep "the size is in the cover now" &&
	quill review resolve a1b2c3d4e5f6 >/dev/null
'

test_expect_success 'resolve / reopen --json: what changed, an item already so left out' '
	cd r &&
	quill review resolve --json a1b2c3d4e5f6 b1c2ffee0000 >out &&
	echo "{\"changed\": [{\"id\": \"b1c2ffee0000\", \"status\": \"addressed\"}]}" >expect &&
	test_cmp_json expect out &&
	quill review reopen --json b1c2ffee0000 b1c2ff a1b2c3 >out &&
	cat >expect <<-\EOF &&
	{"changed": [{"id": "b1c2ffee0000", "status": "open"},
	             {"id": "a1b2c3d4e5f6", "status": "open"}]}
	EOF
	test_cmp_json expect out &&
	quill review resolve --json a1b2c3d4e5f6 >out &&
	echo "{\"changed\": [{\"id\": \"a1b2c3d4e5f6\", \"status\": \"addressed\"}]}" >expect &&
	test_cmp_json expect out &&
	before=$(state) &&
	quill review resolve --json a1b2c3d4e5f6 >out &&
	echo "{\"changed\": []}" >expect &&
	test_cmp_json expect out &&
	test "$(state)" = "$before" &&
	test "$(status_of b1c2ffee0000)" = open
'

test_expect_success 'unknown, short and ambiguous ids: exit 2, nothing written' '
	cd r &&
	before=$(state) &&
	quill_fails 2 "^quill: no review item ffff0000$" review resolve ffff0000 &&
	quill_fails 2 "no review item ab " review resolve ab &&
	quill_fails 2 "review item id b1c2 is ambiguous" review resolve b1c2 &&
	quill_fails 2 "no review item 0123456789ab" review reopen a1b2c3d4e5f6 0123456789ab &&
	quill_fails 2 "give their ids" review resolve &&
	test "$(state)" = "$before" &&
	test "$(status_of a1b2c3d4e5f6)" = addressed
'

test_expect_success 'text outside the quill sections of a note is kept' '
	cd r &&
	git notes --ref=quill append -m "my own remark" zone~1 &&
	quill review resolve d00d >/dev/null &&
	git notes --ref=quill show zone~1 >out &&
	cat >expect <<-EOF &&
	my own remark

	[quill v1]
	question  -- David Hildenbrand <david@example.org>, open, $L/q1@example.org
	Suggested-by: Muchun Song <muchun@example.org>  -- Muchun Song <muchun@example.org>, addressed, $L/o1@example.org
	promise  -- Ada Author <ada@example.org>, open, $L/p1@example.org
	Reviewed-by: Rev Iewer <rev@example.org>  -- Rev Iewer <rev@example.org>, addressed, $L/t1@example.org
	EOF
	test_cmp expect out
'

test_expect_success 'series new-version: open items listed, resolved ones in the changelog, promises carried' '
	cd r &&
	quill review resolve b1c2d3 >/dev/null &&
	test_commit "zone: add file 4" zone-4 &&
	before=$(state) &&
	quill series new-version --dry-run >out 2>err &&
	test "$(state)" = "$before" &&
	grep "^- Dropped Suggested-by: Muchun Song, as they asked \[$L/o1@example.org\]$" out &&
	quill series new-version >out 2>err &&
	cat >expect <<-EOF &&
	quill: still open on v1 1/3: b1c2ffee0000 change-request from Rev Iewer <rev@example.org>
	quill: still open on v1 0/3: c0ffee000001 promise from Ada Author <ada@example.org>
	quill: warning: the cover of v2 still has EDITME lines
	EOF
	test_cmp expect err &&
	git show refs/quill/series/zone:v2/changes >changes &&
	cat >expect <<-EOF &&
	- EDITME: what changed since v1
	- Addressed: What${SQ}s the object file size change? (David Hildenbrand) [$L/q1@example.org]
	- Dropped Suggested-by: Muchun Song, as they asked [$L/o1@example.org]
	- Added Reviewed-by: Rev Iewer [$L/t1@example.org]
	- 4/4 "zone: add file 4": new
	- unchanged: 1/4, 2/4, 3/4
	EOF
	test_cmp expect changes
'

test_expect_success 'the promise is an open item of the new version, in its notes' '
	cd r &&
	quill review show --version 2 >out &&
	cat >expect <<-EOF &&
	v2 0/4 zone: init the zones early
	  $(quill review show --version 2 --json | jget /dev/stdin "d[\"items\"][0][\"id\"]")  promise  open  Ada Author <ada@example.org>
	    I will incorporate these findings into the V2 description
	    $L/p1@example.org
	    note: promised on v1
	EOF
	test_cmp expect out &&
	git notes --ref=quill show zone >note &&
	cat >expect <<-EOF &&
	[quill v2]
	promise  -- Ada Author <ada@example.org>, open, $L/p1@example.org
	EOF
	test_cmp expect note &&
	git notes --ref=quill show zone~1 >note &&
	grep -c "^\[quill v" note >count &&
	echo 2 >expect &&
	test_cmp expect count
'

test_expect_success 'new-version -m: the text given first, then the review lines' '
	cd r &&
	id=$(quill review show --version 2 --json | jget /dev/stdin "d[\"items\"][0][\"id\"]") &&
	quill review resolve -m "in the cover" $id >/dev/null &&
	test_commit "zone: add file 5" zone-5 &&
	quill series new-version -m "Reworked the init." >out 2>err &&
	test_must_fail grep "still open" err &&
	git show refs/quill/series/zone:v3/changes >changes &&
	cat >expect <<-EOF &&
	- Reworked the init.
	- Addressed: I will incorporate these findings into the V2 description (Ada Author) [$L/p1@example.org]
	- 5/5 "zone: add file 5": new
	- unchanged: 1/5, 2/5, 3/5, 4/5
	EOF
	test_cmp expect changes &&
	quill review show --version 3 >out &&
	echo "no review items" >expect &&
	test_cmp expect out
'

test_expect_success 'a reviewer'"'"'s "{{" reaches the changelog as text, not as a template token' '
	cd r &&
	cat >../v3.json <<-EOF &&
	{"version": 3, "replies": [],
	 "items": [
	  {"id": "e1e1e1e1e1e1", "kind": "question", "author": "Rev Iewer <rev@example.org>",
	   "date": "2025-12-03T10:00:00Z", "msgid": "b1@example.org", "link": "$L/b1@example.org",
	   "version": 3, "patch": 1, "text": "Why {{bench}} and {{nosuch}} here?", "quoted": "",
	   "trailer": null, "status": "addressed"}
	 ]}
	EOF
	put_review zone 3 ../v3.json &&
	test_commit "zone: add file 6" zone-6 &&
	quill series new-version -m "More." >out 2>err &&
	git show refs/quill/series/zone:v4/changes >changes &&
	grep -F "Addressed: Why {{bench}} and {{nosuch}} here? (Rev Iewer) [$L/b1@example.org]" changes
'

test_expect_success 'a broken review.json: exit 3 naming vN/review.json' '
	cd r &&
	printf "{\"version\": 1, \"items\": [\n" >../bad.json &&
	put_review zone 1 ../bad.json &&
	quill_fails 3 "^quill: v1/review.json: line [0-9]+ column [0-9]+: " review show &&
	quill_fails 3 "^quill: v1/review.json: " review resolve c0ffee &&
	printf "{\"version\": 1, \"items\": [{\"id\": \"x\", \"kind\": \"grumble\"}]}\n" >../bad.json &&
	put_review zone 1 ../bad.json &&
	quill_fails 3 "^quill: v1/review.json: .grumble. is not a kind" review show --json
'

test_done
