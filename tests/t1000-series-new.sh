#!/bin/sh
# quill series new: the branch, the state ref, the change-id, the options,
# and every way it refuses.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

test_expect_success 'setup: a repository with an upstream tag' '
	test_repo r && cd r &&
	test_commit "second upstream commit" &&
	git tag v1.0 &&
	test_commit "third upstream commit"
'

test_expect_success 'new creates the branch, checks it out, and prints the change-id' '
	cd r &&
	quill series new zone-init >out &&
	test_mask_ids out >masked &&
	cat >expect <<-EOF &&
	created series zone-init (change-id 20251201-zone-init-<id12>)
	  branch zone-init, based on main
	  next: commit the patches on zone-init, ${SQ}quill series edit-cover${SQ}, then
	  ${SQ}quill series format${SQ} (or ${SQ}quill series new-version${SQ} once sent)
	EOF
	test_cmp expect masked &&
	test "$(git symbolic-ref HEAD)" = refs/heads/zone-init &&
	test "$(git rev-parse zone-init)" = "$(git rev-parse main)" &&
	test "$(git config branch.zone-init.quillSeries)" = zone-init
'

test_expect_success 'the change-id has the form YYYYMMDD-slug-12hex (as b4 makes it)' '
	cd r &&
	quill series show --json zone-init >show.json &&
	id=$(jget show.json "d[\"change_id\"]") &&
	echo "$id" | grep -Eq "^[0-9]{8}-zone-init-[0-9a-f]{12}\$" &&
	grep -q "change-id $id" out
'

test_expect_success 'the change-id is dated by the committer date' '
	cd r &&
	id=$(jget show.json "d[\"change_id\"]") &&
	test "${id%%-*}" = "$(date -u -d @$test_tick_time +%Y%m%d)"
'

test_expect_success 'the state ref is a commit whose tree holds series.conf and cover' '
	cd r &&
	git rev-parse --verify -q refs/quill/series/zone-init^{commit} >/dev/null &&
	git ls-tree --name-only refs/quill/series/zone-init >tree &&
	printf "cover\nseries.conf\n" >expect &&
	test_cmp expect tree &&
	git show refs/quill/series/zone-init:series.conf >conf &&
	cat >expect <<-EOF &&
	[series]
	name=zone-init
	change-id=$(jget show.json "d[\"change_id\"]")
	branch=zone-init
	upstream=main
	created=2025-12-01T10:02:00Z
	version=1
	EOF
	test_cmp expect conf &&
	git show refs/quill/series/zone-init:cover >cover &&
	cat >expect <<-EOF &&
	EDITME: the subject of the cover letter

	EDITME: what the series does and why: the problem, the approach, how it
	was tested, and what a reviewer should look at first.  For a series of
	one patch this text goes below that patch${SQ}s "---" line instead.

	# Lines that start with ${SQ}#${SQ} are dropped when the cover is rendered.
	# Tokens such as {{shortlog}} or {{diffstat}} may be used here too;
	# see templates/cover-letter.txt for the frame the cover is sent in.
	EOF
	test_cmp expect cover
'

test_expect_success 'the state commit has no parent and says what made it' '
	cd r &&
	git cat-file -p refs/quill/series/zone-init >commit &&
	! grep -q "^parent " commit &&
	grep -q "series new" commit &&
	test "$(tail -c 1 commit | od -An -c | tr -d " ")" = "\n"
'

test_expect_success 'new sets notes.rewriteRef so review notes follow rebases' '
	cd r &&
	test "$(git config notes.rewriteRef)" = refs/notes/quill &&
	git rev-parse --verify -q refs/notes/quill^{commit} >/dev/null &&
	git notes --ref=quill list >notes &&
	test_cmp /dev/null notes
'

test_expect_success 'a series without --base forks from the branch HEAD was on' '
	cd r &&
	jget show.json "d[\"base\"]" >base &&
	echo main >expect &&
	test_cmp expect base
'

test_expect_success 'new --base REV: the branch starts at REV' '
	cd r && git checkout -q main &&
	quill series new --base v1.0 old-base >/dev/null &&
	test "$(git rev-parse old-base)" = "$(git rev-parse v1.0^{commit})" &&
	test "$(git symbolic-ref HEAD)" = refs/heads/old-base &&
	test "$(git rev-parse HEAD:)" = "$(git rev-parse v1.0^{tree})" &&
	git status --porcelain -uno >st && test_cmp /dev/null st &&
	quill series show --json old-base >j &&
	test "$(jget j "d[\"base\"]")" = v1.0
'

test_expect_success 'new --base HEAD~1 remembers that commit, not a place relative to HEAD' '
	cd r && git checkout -q main &&
	quill series new --base HEAD~1 relative >/dev/null &&
	add_patches 2 relative &&
	quill series show --json relative >j &&
	test "$(jget j "d[\"base\"]")" = "$(git rev-parse main~1)" &&
	test "$(jget j "d[\"versions\"][0][\"patches\"]")" = 2 &&
	git checkout -q main &&
	quill series new --no-checkout --base HEAD at-head >/dev/null &&
	test "$(quill series show --json at-head | jget /dev/stdin "d[\"base\"]")" = "$(git rev-parse main)"
'

test_expect_success 'new --base with local changes in the way: created, HEAD stays, a warning' '
	cd r && git checkout -q main &&
	echo "local edit" >>third-upstream-commit.t &&
	quill series new --base v1.0 blocked >out 2>err &&
	echo "quill: warning: cannot switch to branch ${SQ}blocked${SQ}: 1 conflict prevents checkout" >expect &&
	test_cmp expect err &&
	test "$(git symbolic-ref HEAD)" = refs/heads/main &&
	grep -q "local edit" third-upstream-commit.t &&
	test "$(git rev-parse blocked)" = "$(git rev-parse v1.0^{commit})" &&
	git checkout -q -- third-upstream-commit.t
'

test_expect_success 'new --prefix/--to/--cc/--list land in series.conf and show' '
	cd r && git checkout -q main &&
	quill series new --prefix RFC --prefix net-next --to "Maintainer One <one@example.org>" \
		--to two@example.org --cc "Reviewer <rev@example.org>" --list linux-mm opts >/dev/null &&
	quill series show --json opts >j &&
	test_mask_ids j >masked &&
	cat >expect <<-EOF &&
	{ "name": "opts", "version": 1, "change_id": "20251201-opts-<id12>",
	  "branch": "opts", "base": "main",
	  "prefixes": [ "RFC", "net-next" ],
	  "to": [ "Maintainer One <one@example.org>", "two@example.org" ],
	  "cc": [ "Reviewer <rev@example.org>" ],
	  "list": "linux-mm", "prerequisites": [],
	  "versions": [ { "version": 1, "tag": null, "date": null,
	                  "base": "<id>", "tip": "<id>", "patches": 0,
	                  "sent": false, "frozen": false, "changed": null } ] }
	EOF
	test_cmp_json expect masked &&
	quill series show opts >text &&
	test_mask_ids text >masked &&
	cat >expect <<-EOF &&
	series opts  v1  change-id 20251201-opts-<id12>
	  branch  opts, based on main
	  subject [RFC PATCH net-next]
	  to      Maintainer One <one@example.org>, two@example.org
	  cc      Reviewer <rev@example.org>
	  list    linux-mm

	  v1  (working)             0 patches        opts
	EOF
	test_cmp expect masked
'

test_expect_success 'new --json prints the new series' '
	cd r && git checkout -q main &&
	quill series new --json --base v1.0 json-one >j &&
	test_mask_ids j >masked &&
	cat >expect <<-EOF &&
	{ "name": "json-one", "version": 1, "change_id": "20251201-json-one-<id12>",
	  "branch": "json-one", "base": "v1.0" }
	EOF
	test_cmp_json expect masked
'

test_expect_success 'new --no-checkout leaves HEAD alone' '
	cd r && git checkout -q main &&
	quill series new --no-checkout stay >/dev/null &&
	test "$(git symbolic-ref HEAD)" = refs/heads/main &&
	git rev-parse --verify -q refs/heads/stay >/dev/null
'

test_expect_success 'new --branch adopts an existing branch with its commits' '
	cd r && git checkout -q -b frob-work v1.0 &&
	test_commit "frob: first" && test_commit "frob: second" &&
	tip=$(git rev-parse HEAD) &&
	git checkout -q main &&
	quill series new --branch frob-work --base v1.0 frob >/dev/null &&
	test "$(git rev-parse frob-work)" = "$tip" &&
	test "$(git symbolic-ref HEAD)" = refs/heads/main &&
	test "$(git config branch.frob-work.quillSeries)" = frob &&
	quill series show --json frob >j &&
	test "$(jget j "d[\"branch\"]")" = frob-work &&
	test "$(jget j "d[\"versions\"][0][\"patches\"]")" = 2 &&
	test "$(jget j "d[\"versions\"][0][\"base\"]")" = "$(git rev-parse v1.0^{commit})" &&
	! git rev-parse --verify -q refs/heads/frob >/dev/null
'

test_expect_success 'new --branch without --base takes the branch upstream' '
	cd r && git checkout -q -b tracked --track main &&
	test_commit "tracked: one" && git checkout -q main &&
	quill series new --branch tracked tracked-series >/dev/null &&
	quill series show --json tracked-series >j &&
	test "$(jget j "d[\"base\"]")" = main &&
	test "$(jget j "d[\"versions\"][0][\"patches\"]")" = 1
'

test_expect_success 'a name with a slash is refused (2), nothing is created' '
	cd r &&
	git for-each-ref >before &&
	quill_fails 2 "not a valid series name" series new a/b &&
	git for-each-ref >after &&
	test_cmp before after
'

test_expect_success 'an empty name, a name with a space, a leading dash or dot are refused (2)' '
	cd r &&
	quill_fails 2 "not a valid series name" series new "" &&
	quill_fails 2 "not a valid series name" series new "a b" &&
	quill_fails 2 "not a valid series name" series new .hidden &&
	quill_fails 2 "not a valid series name" series new "x..y" &&
	quill_fails 2 "not a valid series name" series new "x.lock"
'

test_expect_success 'no name, or two, is bad usage (2)' '
	cd r &&
	quill_fails 2 "give one series NAME" series new &&
	quill_fails 2 "give one series NAME" series new one two
'

test_expect_success 'an existing series is refused (2), unchanged' '
	cd r &&
	before=$(git rev-parse refs/quill/series/zone-init) &&
	git checkout -q main &&
	quill_fails 2 "series .zone-init. already exists" series new zone-init &&
	test "$(git rev-parse refs/quill/series/zone-init)" = "$before" &&
	test "$(git symbolic-ref HEAD)" = refs/heads/main
'

test_expect_success 'an existing branch without --branch is refused (2)' '
	cd r &&
	git branch lonely &&
	quill_fails 2 "branch .lonely. exists already: adopt it with --branch" series new lonely &&
	! git rev-parse --verify -q refs/quill/series/lonely >/dev/null
'

test_expect_success '--branch naming no branch is refused (2)' '
	cd r &&
	quill_fails 2 "no branch .ghost. to adopt" series new --branch ghost haunted &&
	! git rev-parse --verify -q refs/quill/series/haunted >/dev/null
'

test_expect_success 'an unknown --base is refused (2); no branch is left behind' '
	cd r &&
	quill_fails 2 "no-such-rev" series new --base no-such-rev stray &&
	! git rev-parse --verify -q refs/heads/stray >/dev/null &&
	! git rev-parse --verify -q refs/quill/series/stray >/dev/null
'

test_expect_success 'not a git repository: exit 2, one line' '
	mkdir -p nowhere && cd nowhere &&
	GIT_CEILING_DIRECTORIES=$TRASH quill_fails 2 "not in a git repository" series new x
'

test_expect_success 'an empty repository without --base: exit 2, one line, nothing written' '
	git init -q empty && cd empty &&
	quill_fails 2 "no commit yet.*--base" series new first &&
	test -z "$(git for-each-ref)"
'

test_expect_success 'new works with a non-ASCII To: and list in the C locale' '
	cd r && git checkout -q main &&
	quill series new --to "Zoë Ærø <zoe@example.org>" --cc "Łukasz Ńowak <ln@example.org>" \
		utf8 >/dev/null &&
	quill series show --json utf8 >j &&
	test "$(jget j "d[\"to\"][0]")" = "Zoë Ærø <zoe@example.org>" &&
	test "$(jget j "d[\"cc\"][0]")" = "Łukasz Ńowak <ln@example.org>"
'

test_expect_success 'a To: that is not UTF-8 is bad input (3)' '
	cd r && git checkout -q main &&
	quill_fails 3 "not UTF-8" series new --to "$(printf "Zo\\353 <z@example.org>")" latin1 &&
	! git rev-parse --verify -q refs/quill/series/latin1 >/dev/null
'

test_expect_success 'git commit --amend on a series branch prints no notes warning' '
	cd r && git checkout -q zone-init &&
	test_commit "zone: a patch" &&
	git commit -q --amend -m "zone: the patch" 2>err &&
	test_cmp /dev/null err
'

test_done
