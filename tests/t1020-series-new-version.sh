#!/bin/sh
# quill series new-version: freezing v1..v3, the tags, the state commits,
# the "Changes in vN:" drafts, links to the previous version, and refusals.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

state() { git rev-parse refs/quill/series/${1:-zone}; }
conf() { git show refs/quill/series/zone:$1 | sed -n "s/^$2=//p"; }
change_id() { quill series show --json | jget /dev/stdin "d[\"change_id\"]"; }

test_expect_success 'setup' '
	test_repo r && cd r &&
	quill series new zone >/dev/null &&
	quill series edit-cover -m "zone: init the zones early

The zones are set up before the allocator needs them.

# a note to self that is not sent

Tested on two machines.
" >/dev/null &&
	add_patches 3 zone
'

test_expect_success '--dry-run shows what would be frozen and writes nothing' '
	cd r &&
	before=$(state) &&
	quill series new-version --dry-run >out 2>err &&
	cat >expect <<-EOF &&
	would freeze v1 of zone: 3 patches on $(git rev-parse --short=12 main)
	the cover as it would be frozen:

	zone: init the zones early

	The zones are set up before the allocator needs them.

	Tested on two machines.

	---
	Ada Author (3):
	  zone: add file 1
	  zone: add file 2
	  zone: add file 3

	 zone-1 | 1 +
	 zone-2 | 1 +
	 zone-3 | 1 +
	 3 files changed, 3 insertions(+)
	 create mode 100644 zone-1
	 create mode 100644 zone-2
	 create mode 100644 zone-3
	---
	base-commit: $(git rev-parse main)
	change-id: $(change_id)

	Best regards,
	-- 
	Ada Author <ada@example.org>
	EOF
	test_cmp expect out &&
	test "$(state)" = "$before" &&
	test -z "$(git tag -l "quill/zone/*")"
'

test_expect_success 'new-version freezes v1 and says so' '
	cd r &&
	before=$(state) &&
	quill series new-version >out 2>err &&
	cat >expect <<-EOF &&
	froze v1 of zone: 3 patches, tag quill/zone/v1
	now at v2: the cover has a ${SQ}Changes in v2:${SQ} draft (quill series edit-cover)
	EOF
	test_cmp expect out &&
	test "$(git rev-parse "$(state)^1")" = "$before" &&
	test "$(conf series.conf version)" = 2
'

test_expect_success 'the freezing state commit has the tip and the base as extra parents' '
	cd r &&
	git cat-file -p refs/quill/series/zone >commit &&
	sed -n "s/^parent //p" commit >parents &&
	{ git rev-parse "$(state)^1" && git rev-parse zone && git rev-parse main; } >expect &&
	test_cmp expect parents
'

test_expect_success 'v1/version.conf holds base, tip, date and every patch with its patch-id' '
	cd r &&
	test "$(conf v1/version.conf base)" = "$(git rev-parse main)" &&
	test "$(conf v1/version.conf tip)" = "$(git rev-parse zone)" &&
	test "$(conf v1/version.conf patches)" = 3 &&
	conf v1/version.conf date | grep -Eq "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z\$" &&
	git rev-list --reverse main..zone >commits &&
	conf v1/version.conf commit >frozen &&
	test_cmp commits frozen &&
	( for c in $(cat commits); do
		git show $c | git patch-id --stable | cut -d" " -f1 || exit 1
	done ) >ids &&
	conf v1/version.conf patch-id >frozen-ids &&
	test_cmp ids frozen-ids &&
	conf v1/version.conf subject >subjects &&
	printf "zone: add file %s\n" 1 2 3 >expect &&
	test_cmp expect subjects
'

test_expect_success 'the tag quill/zone/v1 is annotated, on the tip, with the frozen cover as message' '
	cd r &&
	test "$(git cat-file -t refs/tags/quill/zone/v1)" = tag &&
	test "$(git rev-parse quill/zone/v1^{commit})" = "$(git rev-parse zone)" &&
	git cat-file tag quill/zone/v1 | sed "1,/^\$/d" >msg &&
	git show refs/quill/series/zone:v1/cover >cover &&
	test_cmp cover msg
'

test_expect_success 'the frozen v1 cover: subject, body, no comments, shortlog, diffstat, footers' '
	cd r &&
	git show refs/quill/series/zone:v1/cover >cover &&
	cat >expect <<-EOF &&
	zone: init the zones early

	The zones are set up before the allocator needs them.

	Tested on two machines.

	---
	Ada Author (3):
	  zone: add file 1
	  zone: add file 2
	  zone: add file 3

	 zone-1 | 1 +
	 zone-2 | 1 +
	 zone-3 | 1 +
	 3 files changed, 3 insertions(+)
	 create mode 100644 zone-1
	 create mode 100644 zone-2
	 create mode 100644 zone-3
	---
	base-commit: $(git rev-parse main)
	change-id: $(change_id)

	Best regards,
	-- 
	Ada Author <ada@example.org>
	EOF
	test_cmp expect cover
'

test_expect_success 'no run of blank lines in the frozen cover' '
	cd r &&
	git show refs/quill/series/zone:v1/cover >cover &&
	! awk "/^\$/ { if (blank) bad = 1; blank = 1; next } { blank = 0 } END { exit !bad }" cover
'

test_expect_success 'after the bump the working cover has a "Changes in v2:" draft' '
	cd r &&
	quill series show --version 2 --json >j &&
	jget j "d[\"detail\"][\"cover\"]" >cover &&
	cat >expect-cover <<-\EOF &&
	zone: init the zones early

	The zones are set up before the allocator needs them.

	# a note to self that is not sent

	Tested on two machines.

	---
	Changes in v2:
	- EDITME: what changed since v1
	{{changes}}
	{{link}}

	EOF
	test_cmp expect-cover cover &&
	quill series show --version 2 >text &&
	test_mask_ids text >masked &&
	{ cat <<-EOF && sed "\$d" expect-cover; } >expect &&
	series zone  v2  change-id 20251201-zone-<id12>
	  branch  zone, based on main
	  subject [PATCH v2]

	  v1  2025-12-01T10:03:00Z  3 patches        quill/zone/v1
	  v2  (working)             3 patches        zone           3 unchanged

	v2 (working):
	   1/3 <id12> zone: add file 1
	   2/3 <id12> zone: add file 2
	   3/3 <id12> zone: add file 3

	cover (working):
	EOF
	test_cmp expect masked
'

test_expect_success 'new-version -m CHANGES: v2 changes land in v2/changes and the v2 cover' '
	cd r &&
	git checkout -q zone~1 && echo "a fix" >>zone-2 && git commit -q -a --amend -m "zone: add file 2" &&
	git cherry-pick zone >/dev/null && git branch -f zone HEAD && git checkout -q zone &&
	test_tick &&
	quill series new-version -m "reworked the second patch
- kept the first one" >out 2>err &&
	! grep -q EDITME err &&
	git show refs/quill/series/zone:v2/changes >changes &&
	cat >expect <<-\EOF &&
	- reworked the second patch
	- kept the first one
	- 2/3 "zone: add file 2": changed
	- unchanged: 1/3, 3/3
	EOF
	test_cmp expect changes &&
	git show refs/quill/series/zone:v2/cover >cover &&
	cat >expect <<-EOF &&
	zone: init the zones early

	The zones are set up before the allocator needs them.

	Tested on two machines.

	---
	Changes in v2:
	- reworked the second patch
	- kept the first one
	- 2/3 "zone: add file 2": changed
	- unchanged: 1/3, 3/3

	---
	Ada Author (3):
	  zone: add file 1
	  zone: add file 2
	  zone: add file 3

	 zone-1 | 1 +
	 zone-2 | 2 ++
	 zone-3 | 1 +
	 3 files changed, 4 insertions(+)
	 create mode 100644 zone-1
	 create mode 100644 zone-2
	 create mode 100644 zone-3
	---
	base-commit: $(git rev-parse main)
	change-id: $(change_id)

	Best regards,
	-- 
	Ada Author <ada@example.org>
	EOF
	test_cmp expect cover &&
	cat >expect <<-EOF &&
	froze v2 of zone: 3 patches, tag quill/zone/v2
	  since v1: 1 changed, 2 unchanged
	now at v3: the cover has a ${SQ}Changes in v3:${SQ} draft (quill series edit-cover)
	EOF
	test_cmp expect out
'

test_expect_success 'the v3 draft goes in front of the v2 section, which keeps its text' '
	cd r &&
	quill series show --json --version 3 >j &&
	jget j "d[\"detail\"][\"cover\"]" >cover &&
	cat >expect <<-\EOF &&
	zone: init the zones early

	The zones are set up before the allocator needs them.

	# a note to self that is not sent

	Tested on two machines.

	---
	Changes in v3:
	- EDITME: what changed since v2
	{{changes}}
	{{link}}

	Changes in v2:
	- reworked the second patch
	- kept the first one
	- 2/3 "zone: add file 2": changed
	- unchanged: 1/3, 3/3

	EOF
	test_cmp expect cover
'

test_expect_success 'new-version --msgid: v3 links to v2 (lore by default)' '
	cd r &&
	test_commit "zone: a fourth patch" &&
	quill series new-version -m "added a fourth patch" --msgid "<v3-cover@example.org>" >/dev/null 2>&1 &&
	# (v3 is frozen as it was sent: with --msgid, -m goes to the v4 draft)
	test "$(quill series show --json | jget /dev/stdin "d[\"versions\"][2][\"sent\"]")" = true &&
	test_commit "zone: a fifth patch" &&
	quill series new-version -m "added a fifth patch" >/dev/null 2>&1 &&
	git show refs/quill/series/zone:v4/changes >changes &&
	cat >expect <<-\EOF &&
	- added a fifth patch
	- added a fourth patch
	- 5/5 "zone: a fifth patch": new
	- unchanged: 1/5, 2/5, 3/5, 4/5
	- Link to v3: https://lore.kernel.org/r/v3-cover@example.org
	EOF
	test_cmp expect changes &&
	git show refs/quill/series/zone:v4/cover >cover &&
	cat >expect <<-EOF &&
	zone: init the zones early

	The zones are set up before the allocator needs them.

	Tested on two machines.

	---
	Changes in v4:
	- added a fifth patch
	- added a fourth patch
	- 5/5 "zone: a fifth patch": new
	- unchanged: 1/5, 2/5, 3/5, 4/5
	- Link to v3: https://lore.kernel.org/r/v3-cover@example.org

	Changes in v3:
	- EDITME: what changed since v2
	- 4/4 "zone: a fourth patch": new
	- unchanged: 1/4, 2/4, 3/4

	Changes in v2:
	- reworked the second patch
	- kept the first one
	- 2/3 "zone: add file 2": changed
	- unchanged: 1/3, 3/3

	---
	Ada Author (5):
	  zone: add file 1
	  zone: add file 2
	  zone: add file 3
	  zone: a fourth patch
	  zone: a fifth patch

	 zone--a-fifth-patch.t  | 1 +
	 zone--a-fourth-patch.t | 1 +
	 zone-1                 | 1 +
	 zone-2                 | 2 ++
	 zone-3                 | 1 +
	 5 files changed, 6 insertions(+)
	 create mode 100644 zone--a-fifth-patch.t
	 create mode 100644 zone--a-fourth-patch.t
	 create mode 100644 zone-1
	 create mode 100644 zone-2
	 create mode 100644 zone-3
	---
	base-commit: $(git rev-parse main)
	change-id: $(change_id)

	Best regards,
	-- 
	Ada Author <ada@example.org>
	EOF
	test_cmp expect cover &&
	git cat-file tag quill/zone/v4 | sed "1,/^\$/d" >msg &&
	test_cmp cover msg
'

test_expect_success 'the link of a frozen section stays in later working covers' '
	cd r &&
	quill series show --json --version 5 | jget /dev/stdin "d[\"detail\"][\"cover\"]" >cover &&
	cat >expect <<-\EOF &&
	zone: init the zones early

	The zones are set up before the allocator needs them.

	# a note to self that is not sent

	Tested on two machines.

	---
	Changes in v5:
	- EDITME: what changed since v4
	{{changes}}
	{{link}}

	Changes in v4:
	- added a fifth patch
	- added a fourth patch
	- 5/5 "zone: a fifth patch": new
	- unchanged: 1/5, 2/5, 3/5, 4/5
	- Link to v3: https://lore.kernel.org/r/v3-cover@example.org

	Changes in v3:
	- EDITME: what changed since v2
	- 4/4 "zone: a fourth patch": new
	- unchanged: 1/4, 2/4, 3/4

	Changes in v2:
	- reworked the second patch
	- kept the first one
	- 2/3 "zone: add file 2": changed
	- unchanged: 1/3, 3/3

	EOF
	test_cmp expect cover
'

test_expect_success 'quill.linkmask, else b4.linkmask, shapes the link' '
	test_repo lm && cd lm &&
	quill series new lm >/dev/null && quill series edit-cover -m "lm: subject" >/dev/null &&
	add_patches 1 lm &&
	quill series new-version --msgid "v1@example.org" >/dev/null 2>&1 &&
	git config b4.linkmask "https://b4.example.org/m/%s/" &&
	test_commit "lm: two" &&
	quill series new-version >/dev/null 2>&1 &&
	git show refs/quill/series/lm:v2/cover | grep -q "^- Link to v1: https://b4.example.org/m/v1@example.org/\$" &&
	git config quill.linkmask "https://inbox.example.org/r/%s" &&
	quill series new-version --msgid "<v3@example.org>" >/dev/null 2>&1 &&
	test_commit "lm: three" &&
	quill series new-version >/dev/null 2>&1 &&
	git show refs/quill/series/lm:v4/cover | grep -q "^- Link to v3: https://inbox.example.org/r/v3@example.org\$"
'

test_expect_success 'new-version --json' '
	cd r &&
	test_commit "zone: a sixth patch" &&
	quill series new-version --json >j 2>/dev/null &&
	cat >expect <<-EOF &&
	{ "name": "zone", "frozen": 5, "tag": "quill/zone/v5",
	  "base": "$(git rev-parse main)", "tip": "$(git rev-parse zone)",
	  "patches": 6, "version": 6, "changed": "1 added, 5 unchanged" }
	EOF
	test_cmp_json expect j
'

test_expect_success 'every version has its tag, and show lists them all' '
	cd r &&
	quill series show --json >j &&
	test "$(jget j "len(d[\"versions\"])")" = 6 &&
	( for n in 1 2 3 4 5; do
		test "$(jget j "d[\"versions\"][$n-1][\"tag\"]")" = quill/zone/v$n &&
		test "$(git rev-parse quill/zone/v$n^{commit})" = "$(jget j "d[\"versions\"][$n-1][\"tip\"]")" || exit 1
	done )
'

test_expect_success 'a series with no patches: exit 1, one line, nothing written' '
	cd r && git checkout -q main &&
	quill series new empty >/dev/null &&
	before=$(state empty) &&
	quill_fails 1 "no patches" series new-version &&
	test "$(state empty)" = "$before" &&
	test_must_fail git rev-parse --verify -q refs/tags/quill/empty/v1
'

test_expect_success 'a series whose branch is gone: exit 2, one line, nothing written' '
	cd r && git checkout -q main &&
	quill series new gone >/dev/null && add_patches 1 gone &&
	git checkout -q main && git branch -D gone >/dev/null &&
	before=$(state gone) &&
	quill_fails 2 "branch .gone. of series .gone. does not exist" series new-version gone &&
	test "$(state gone)" = "$before"
'

test_expect_success 'a merge in the range is refused (2)' '
	cd r && git checkout -q main &&
	quill series new merged >/dev/null && add_patches 1 m &&
	git checkout -q -b side main && add_patches 1 side && git checkout -q merged &&
	git merge -q --no-edit side &&
	before=$(state merged) &&
	quill_fails 2 "is a merge" series new-version &&
	test "$(state merged)" = "$before"
'

test_expect_success 'new-version --msgid that is no Message-ID: exit 2, nothing written' '
	cd r && git checkout -q zone &&
	before=$(state) &&
	quill_fails 2 "--msgid: .. is not a Message-ID" series new-version --msgid "" &&
	quill_fails 2 "is not a Message-ID" series new-version --msgid "<>" &&
	quill_fails 2 "is not a Message-ID" series new-version --msgid "two words@example.org" &&
	test "$(state)" = "$before"
'

test_expect_success 'new-version with an unknown series, or two names: exit 2' '
	cd r &&
	quill_fails 2 "no series .nosuch." series new-version nosuch &&
	quill_fails 2 "too many arguments" series new-version zone empty
'

test_done
