#!/bin/sh
# quill series export / import: the directory format, round trips, failures.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

# a series with three frozen versions and a rebase between v2 and v3
test_expect_success 'setup: a series over three versions' '
	test_repo src && cd src &&
	git tag base1 &&
	quill series new zone --base base1 --to "Ann Vale <ann@example.org>" >/dev/null &&
	test_commit "zone: add init" zone.c "int zone_init(void);" &&
	test_commit "zone: add frob" zone.c "int zone_frob(void);" &&
	quill series new-version >/dev/null &&
	git commit -q --amend -m "zone: add frob, better" &&
	test_commit "zone: add tests" ztest.c "test" &&
	quill series new-version -m "reworded 2/3" --msgid "v2-cover@example.org" >/dev/null &&
	git checkout -q main && test_commit "upstream: more" up.c "more" && git tag base2 &&
	git checkout -q zone && git rebase -q base2 &&
	quill series edit --base base2 >/dev/null &&
	quill series new-version >/dev/null &&
	test_commit "zone: working change" zone.c "wip"
'

test_expect_success 'export writes the documented layout' '
	cd src && quill series export zone ../exp --with-upstream >out &&
	echo "exported zone (v1..v4) to ../exp" >expect &&
	test_cmp expect out && cd .. &&
	(cd exp && find . -type f | sort) >files &&
	cat >expect <<-\EOF &&
	./cover
	./series.conf
	./upstream/0001-initial-import.patch
	./upstream/0002-upstream-more.patch
	./upstream/tags
	./v1/0001-zone-add-init.patch
	./v1/0002-zone-add-frob.patch
	./v1/changes
	./v1/cover
	./v1/version.conf
	./v2/0001-zone-add-init.patch
	./v2/0002-zone-add-frob-better.patch
	./v2/0003-zone-add-tests.patch
	./v2/changes
	./v2/cover
	./v2/version.conf
	./v3/0001-zone-add-init.patch
	./v3/0002-zone-add-frob-better.patch
	./v3/0003-zone-add-tests.patch
	./v3/changes
	./v3/cover
	./v3/version.conf
	./v4/0001-zone-add-init.patch
	./v4/0002-zone-add-frob-better.patch
	./v4/0003-zone-add-tests.patch
	./v4/0004-zone-working-change.patch
	./v4/version.conf
	EOF
	test_cmp expect files &&
	cat >expect <<-EOF &&
	[series]
	name=zone
	change-id=$(cd src && quill series show --json zone | jget /dev/stdin "d[\"change_id\"]")
	branch=zone
	upstream=base2
	to=Ann Vale <ann@example.org>;
	created=2025-12-01T10:00:00Z
	version=4
	EOF
	test_cmp expect exp/series.conf &&
	printf "base1 %s\nbase2 %s\n" $(git -C src rev-parse base1 base2) >expect &&
	test_cmp expect exp/upstream/tags &&
	c() { git -C src rev-parse zone~$1; } &&
	pid() { git -C src show zone~$1 | git patch-id --stable | cut -d" " -f1; } &&
	cat >expect <<-EOF &&
	[version]
	number=4
	working=true
	base=$(git -C src rev-parse base2)
	tip=$(c 0)
	patches=4

	[patch 1]
	commit=$(c 3)
	patch-id=$(pid 3)
	subject=zone: add init
	author=Ada Author <ada@example.org>

	[patch 2]
	commit=$(c 2)
	patch-id=$(pid 2)
	subject=zone: add frob, better
	author=Ada Author <ada@example.org>

	[patch 3]
	commit=$(c 1)
	patch-id=$(pid 1)
	subject=zone: add tests
	author=Ada Author <ada@example.org>

	[patch 4]
	commit=$(c 0)
	patch-id=$(pid 0)
	subject=zone: working change
	author=Ada Author <ada@example.org>
	EOF
	test_cmp expect exp/v4/version.conf &&
	grep -q "^Subject: \[PATCH v2 2/3\] zone: add frob, better" exp/v2/0002-*.patch
'

test_expect_success 'the patch files apply with git am' '
	git clone -q src amcheck && cd amcheck &&
	git checkout -q -b try base1 &&
	git am -q ../exp/v1/0*.patch &&
	test "$(git rev-parse HEAD^{tree})" = "$(git -C ../src rev-parse quill/zone/v1^{tree})"
'

test_expect_success 'import into an empty repository rebuilds every version' '
	git init -q empty && cd empty &&
	quill series import ../exp >out &&
	echo "imported series zone: 3 frozen versions, 8 commits made (2 upstream)" >expect &&
	test_cmp expect out &&
	quill series show --json >show.json &&
	(cd ../src && quill series show --json) >orig.json &&
	for n in 1 2 3; do
		test "$(git rev-parse quill/zone/v$n^{tree})" = \
		     "$(git -C ../src rev-parse quill/zone/v$n^{tree})" || return 1
	done &&
	test "$(git rev-parse zone^{tree})" = "$(git -C ../src rev-parse zone^{tree})" &&
	python3 -c "
import json
a = json.load(open(\"show.json\")); b = json.load(open(\"orig.json\"))
assert a[\"change_id\"] == b[\"change_id\"]
assert [v[\"patches\"] for v in a[\"versions\"]] == [v[\"patches\"] for v in b[\"versions\"]]
assert [v[\"sent\"] for v in a[\"versions\"]] == [v[\"sent\"] for v in b[\"versions\"]]
"
'

test_expect_success 'imported patch-ids equal the originals' '
	cd empty &&
	quill series show --version 2 --json | python3 -c "
import json, sys; print(\"\n\".join(p[\"patch_id\"] for p in json.load(sys.stdin)[\"detail\"][\"patches\"]))" >ids &&
	(cd ../src && quill series show --version 2 --json) | python3 -c "
import json, sys; print(\"\n\".join(p[\"patch_id\"] for p in json.load(sys.stdin)[\"detail\"][\"patches\"]))" >ids.orig &&
	test_cmp ids.orig ids && test $(wc -l <ids) = 3
'

test_expect_success 'the imported series works on: diff and tags' '
	cd empty &&
	quill series diff v1 v2 --json | python3 -c "
import json, sys; d = json.load(sys.stdin); print(\" \".join(p[\"status\"] for p in d[\"pairs\"]))" >kinds &&
	echo "unchanged message added" >want && test_cmp want kinds &&
	git cat-file -p quill/zone/v2 | grep -q "^tag quill/zone/v2"
'

test_expect_success 'import into a clone that has the bases needs no upstream/' '
	git clone -q src clone && cd clone &&
	rm -rf ../exp-noup && (cd ../src && quill series export zone ../exp-noup) &&
	test ! -d ../exp-noup/upstream &&
	quill series import ../exp-noup --name zone2 >out &&
	echo "imported series zone2: 3 frozen versions, 8 commits made (0 upstream)" >expect &&
	test_cmp expect out &&
	test "$(git rev-parse quill/zone2/v3^{tree})" = "$(git -C ../src rev-parse quill/zone/v3^{tree})"
'

test_expect_success 'export refuses a directory that is not empty (2)' '
	cd src && test_expect_code 2 quill series export zone ../exp 2>err &&
	echo "quill: ../exp exists and is not an empty directory" >expect &&
	test_cmp expect err
'

test_expect_success 'import refuses an existing series (2) and a missing directory (2)' '
	cd empty &&
	test_expect_code 2 quill series import ../exp 2>err &&
	echo "quill: series ${SQ}zone${SQ} already exists" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill series import ../nowhere 2>err &&
	echo "quill: ../nowhere/series.conf: No such file or directory" >expect &&
	test_cmp expect err
'

test_expect_success 'a patch that does not apply: exit 3 naming the file, nothing left behind' '
	cp -r exp broken &&
	sed -i "s/^+int zone_frob(void);/+int zone_frob_changed(void);/; s/^ int zone_init(void);/ int zone_nothere(void);/" broken/v2/0002-*.patch &&
	git init -q e2 && cd e2 &&
	test_expect_code 3 quill series import ../broken 2>err &&
	grep -q "broken/v2/0002-zone-add-frob-better.patch" err &&
	test $(wc -l <err) = 1 &&
	test -z "$(git for-each-ref refs/quill refs/heads/zone)"
'

test_expect_success 'the example series in series/ imports and tells its story' '
	git init -q demo && cd demo &&
	quill series import "$TEST_SRC/../series/ringbuf-resize" >out &&
	echo "imported series ringbuf-resize: 3 frozen versions, 10 commits made (3 upstream)" >expect &&
	test_cmp expect out &&
	quill series show ringbuf-resize >show &&
	test_mask_ids show >masked &&
	cat >expect <<-\EOF &&
	series ringbuf-resize  v4  change-id 20251201-ringbuf-resize-<id12>
	  branch  ringbuf-resize, based on v1.1
	  subject [PATCH v4]
	  to      Tomas Weld <tomas@example.net>
	  cc      ringbuf-devel@lists.example.org
	  list    ringbuf-devel

	  v1  2025-12-01T16:00:00Z  3 patches  sent  quill/ringbuf-resize/v1
	  v2  2025-12-01T20:00:00Z  4 patches  sent  quill/ringbuf-resize/v2  1 changed, 1 message only, 1 added, 1 unchanged
	  v3  2025-12-01T23:00:00Z  3 patches        quill/ringbuf-resize/v3  1 dropped, 3 unchanged
	  v4  (working)             3 patches        ringbuf-resize           3 unchanged
	EOF
	test_cmp expect masked &&
	git cat-file -p quill/ringbuf-resize/v3 | grep -q "Link to v2:"
'

test_done
