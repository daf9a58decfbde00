#!/bin/sh
# quill series show and list: text and JSON, --version N, and which series
# a command acts on when none is named.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

test_expect_success 'setup: series zone (v1 frozen and sent, v2 working) and frob' '
	test_repo r && cd r &&
	quill series new --to "Maintainer <m@example.org>" --cc cc@example.org --list linux-mm \
		--prefix RFC zone >/dev/null &&
	quill series edit-cover -m "zone: init early" >/dev/null &&
	add_patches 2 zone &&
	quill series new-version --msgid "<zone-v1@example.org>" >/dev/null 2>&1 &&
	add_patches 1 zone2 &&
	git checkout -q main &&
	quill series new frob >/dev/null &&
	add_patches 1 frob
'

test_expect_success 'show: the header, a blank line and one aligned row per version' '
	cd r &&
	quill series show zone >out &&
	id=$(quill series show --json zone | jget /dev/stdin "d[\"change_id\"]") &&
	date=$(git show refs/quill/series/zone:v1/version.conf | sed -n "s/^date=//p") &&
	cat >expect <<-EOF &&
	series zone  v2  change-id $id
	  branch  zone, based on main
	  subject [RFC PATCH v2]
	  to      Maintainer <m@example.org>
	  cc      cc@example.org
	  list    linux-mm

	  v1  $date  2 patches  sent  quill/zone/v1
	  v2  (working)             3 patches        zone           1 added, 2 unchanged
	EOF
	test_cmp expect out
'

test_expect_success 'show --json has the fixed shape' '
	cd r &&
	quill series show --json zone >j &&
	python3 - j <<-\EOF
	import json, sys
	d = json.load(open(sys.argv[1]))
	for k in ("name", "version", "change_id", "branch", "versions"):
	    assert k in d, k
	assert d["name"] == "zone" and d["version"] == 2 and d["branch"] == "zone"
	assert isinstance(d["change_id"], str)
	assert len(d["versions"]) == 2
	for v in d["versions"]:
	    for k in ("version", "tag", "date", "base", "tip", "patches", "sent"):
	        assert k in v, k
	v1, v2 = d["versions"]
	assert v1["version"] == 1 and v1["tag"] == "quill/zone/v1" and v1["patches"] == 2
	assert v1["sent"] is True and isinstance(v1["date"], str)
	assert v2["version"] == 2 and v2["tag"] is None and v2["date"] is None
	assert v2["sent"] is False and v2["patches"] == 3
	EOF
'

test_expect_success 'show --json: base and tip are full commit ids' '
	cd r &&
	quill series show --json zone >j &&
	test "$(jget j "d[\"versions\"][0][\"base\"]")" = "$(git rev-parse main)" &&
	test "$(jget j "d[\"versions\"][0][\"tip\"]")" = "$(git rev-parse quill/zone/v1^{commit})" &&
	test "$(jget j "d[\"versions\"][1][\"tip\"]")" = "$(git rev-parse zone)"
'

test_expect_success 'show --version 1: the frozen patches, changes and cover' '
	cd r &&
	quill series show --version 1 zone >out &&
	{ quill series show zone && cat <<-EOF && git show refs/quill/series/zone:v1/cover; } >expect &&

	v1:
	   1/2 $(git rev-parse --short=12 zone~2) zone: add file 1
	   2/2 $(git rev-parse --short=12 zone~1) zone: add file 2

	cover (as frozen):
	EOF
	test_cmp expect out
'

test_expect_success 'show --version 2 (working): the branch patches and the working cover' '
	cd r &&
	quill series show --version 2 zone >out &&
	{ quill series show zone && cat <<-EOF && git show refs/quill/series/zone:cover; } >expect &&

	v2 (working):
	   1/3 $(git rev-parse --short=12 zone~2) zone: add file 1
	   2/3 $(git rev-parse --short=12 zone~1) zone: add file 2
	   3/3 $(git rev-parse --short=12 zone) zone2: add file 1

	cover (working):
	EOF
	test_cmp expect out
'

test_expect_success 'show --json --version N adds the detail' '
	cd r &&
	quill series show --json --version 1 zone >j &&
	test "$(jget j "d[\"detail\"][\"version\"]")" = 1 &&
	test "$(jget j "len(d[\"detail\"][\"patches\"])")" = 2 &&
	test "$(jget j "d[\"detail\"][\"patches\"][1][\"subject\"]")" = "zone: add file 2" &&
	test "$(jget j "d[\"detail\"][\"patches\"][1][\"author\"]")" = "Ada Author <ada@example.org>" &&
	test "$(jget j "d[\"detail\"][\"patches\"][0][\"patch_id\"]")" = \
		"$(git show zone~2 | git patch-id --stable | cut -d" " -f1)" &&
	quill series show --json --version 2 zone >j &&
	test "$(jget j "d[\"detail\"][\"patches\"][2][\"patch_id\"]")" = \
		"$(git show zone | git patch-id --stable | cut -d" " -f1)" &&
	jget j "d[\"detail\"][\"cover\"]" | grep -q "^Changes in v2:"
'

test_expect_success 'show --version out of range is bad usage (2)' '
	cd r &&
	quill_fails 2 "versions 1 to 2" series show --version 3 zone &&
	quill_fails 2 "versions 1 to 2" series show --version -1 zone &&
	quill_fails 2 "" series show --version two zone
'

test_expect_success 'list: one aligned row per series, sorted' '
	cd r &&
	quill series list >out &&
	cat >expect <<-EOF &&
	NAME  VERSION  BASE  PATCHES  LAST CHANGE
	frob  v1       main        1  $(quill series list --json | jget /dev/stdin "d[\"series\"][0][\"last_change\"]")
	zone  v2       main        3  $(quill series list --json | jget /dev/stdin "d[\"series\"][1][\"last_change\"]")
	EOF
	test_cmp expect out
'

test_expect_success 'list --json' '
	cd r &&
	quill series list --json >j &&
	cat >expect <<-\EOF &&
	{ "series": [
	  { "name": "frob", "version": 1, "branch": "frob", "base": "main", "patches": 1,
	    "last_change": "2025-12-01T10:03:00Z" },
	  { "name": "zone", "version": 2, "branch": "zone", "base": "main", "patches": 3,
	    "last_change": "2025-12-01T10:02:00Z" } ] }
	EOF
	test_cmp_json expect j
'

test_expect_success 'list with an argument is bad usage (2)' '
	cd r &&
	quill_fails 2 "no arguments" series list zone
'

test_expect_success 'current series: the one named' '
	cd r && git checkout -q frob &&
	quill series show zone | head -1 | grep -q "^series zone "
'

test_expect_success 'current series: the one tied to HEAD'"'"'s branch' '
	cd r && git checkout -q frob &&
	quill series show | head -1 | grep -q "^series frob " &&
	git checkout -q zone &&
	quill series show | head -1 | grep -q "^series zone "
'

test_expect_success 'current series: the tie is branch.<b>.quillSeries, so it survives git branch -m' '
	cd r && git checkout -q frob &&
	git branch -m frob frob-renamed &&
	test "$(git config branch.frob-renamed.quillSeries)" = frob &&
	quill series show | head -1 | grep -q "^series frob " &&
	git branch -m frob-renamed frob
'

test_expect_success 'current series: none tied and several: exit 2 naming the choices' '
	cd r && git checkout -q main &&
	quill_fails 2 "which series\\? name one of: frob, zone" series show &&
	quill_fails 2 "which series\\? name one of: frob, zone" series new-version &&
	git checkout -q --detach zone &&
	quill_fails 2 "which series\\? name one of: frob, zone" series show &&
	git checkout -q main
'

test_expect_success 'current series: the only one, when HEAD is elsewhere' '
	test_repo one && cd one &&
	quill series new --no-checkout solo >/dev/null &&
	quill series show | head -1 | grep -q "^series solo "
'

test_expect_success 'current series: a tie to a series that is gone falls back' '
	cd one &&
	git config branch.main.quillSeries gone &&
	quill series show | head -1 | grep -q "^series solo "
'

test_expect_success 'no series at all: exit 2; list says so and exits 0' '
	test_repo none && cd none &&
	quill_fails 2 "no series in this repository" series show &&
	quill series list >out &&
	echo "no series yet; start one with ${SQ}quill series new NAME${SQ}" >expect &&
	test_cmp expect out &&
	quill series list --json >j &&
	test "$(jget j "d[\"series\"]")" = "[]"
'

test_expect_success 'an unknown series: exit 2, one line' '
	cd r &&
	quill_fails 2 "no series .nosuch." series show nosuch &&
	quill_fails 2 "no series .nosuch." series show --json nosuch &&
	test_cmp /dev/null out.fail &&
	quill_fails 2 "not a valid series name" series show "a/b"
'

test_expect_success 'show works when the branch is gone: a warning, the frozen versions' '
	cd r && git checkout -q main &&
	git branch -m frob frob-moved &&
	git config --unset branch.frob-moved.quillSeries &&
	quill series show frob >out 2>err &&
	echo "quill: warning: the working version: branch ${SQ}frob${SQ} of series ${SQ}frob${SQ} does not exist" >expect &&
	test_cmp expect err &&
	test_mask_ids out >masked &&
	cat >expect <<-\EOF &&
	series frob  v1  change-id 20251201-frob-<id12>
	  branch  frob, based on main
	  subject [PATCH]

	  v1  (working)             ? patches        frob
	EOF
	test_cmp expect masked &&
	git branch -m frob-moved frob
'

test_expect_success 'a state that does not parse: show and new-version exit 3, list warns' '
	cd r &&
	git read-tree --index-output="$TRASH/idx" refs/quill/series/zone &&
	blob=$(printf "garbage [[[\n" | git hash-object -w --stdin) &&
	GIT_INDEX_FILE="$TRASH/idx" git update-index --cacheinfo 100644,$blob,v1/version.conf &&
	tree=$(GIT_INDEX_FILE="$TRASH/idx" git write-tree) &&
	good=$(git rev-parse refs/quill/series/zone) &&
	git update-ref refs/quill/series/zone $(git commit-tree -p $good -m corrupt $tree) &&
	quill_fails 3 "series .zone.: v1/version.conf: " series show zone &&
	quill_fails 3 "series .zone.: v1/version.conf: " series new-version zone &&
	quill series list >out 2>err &&
	grep -q "^quill: warning: series .zone.: v1/version.conf" err &&
	cat >expect <<-\EOF &&
	NAME  VERSION  BASE  PATCHES  LAST CHANGE
	frob  v1       main        1  2025-12-01T10:03:00Z
	EOF
	test_cmp expect out &&
	git update-ref refs/quill/series/zone $good
'

test_expect_success 'outside a repository: exit 2' '
	mkdir -p nowhere && cd nowhere &&
	GIT_CEILING_DIRECTORIES=$TRASH quill_fails 2 "not in a git repository" series show &&
	GIT_CEILING_DIRECTORIES=$TRASH quill_fails 2 "not in a git repository" series list
'

test_done
