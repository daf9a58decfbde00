#!/bin/sh
# quill series edit and edit-cover: every field, rename, and the ways a
# cover can come in (and be refused).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

state() { git rev-parse refs/quill/series/$1; }

test_expect_success 'setup' '
	test_repo r && cd r &&
	test_commit "upstream two" && git tag v1.0 && test_commit "upstream three" &&
	quill series new --prefix RFC --to one@example.org --cc cc@example.org --list linux-mm frob >/dev/null &&
	add_patches 2 frob
'

test_expect_success 'edit --prefix/--to/--cc replace the lists, one state commit' '
	cd r &&
	old=$(state frob) &&
	quill series edit --prefix net-next --prefix RESEND --to "A <a@example.org>" \
		--to b@example.org --cc "C <c@example.org>" >out &&
	echo "series frob: changed prefix to cc" >expect &&
	test_cmp expect out &&
	test "$(git rev-parse "$(state frob)^")" = "$old" &&
	quill series show --json >j &&
	test "$(jget j "d[\"prefixes\"]")" = "[\"net-next\", \"RESEND\"]" &&
	test "$(jget j "d[\"to\"]")" = "[\"A <a@example.org>\", \"b@example.org\"]" &&
	test "$(jget j "d[\"cc\"]")" = "[\"C <c@example.org>\"]" &&
	quill series show >text &&
	test_mask_ids text >masked &&
	cat >expect <<-\EOF &&
	series frob  v1  change-id 20251201-frob-<id12>
	  branch  frob, based on main
	  subject [RESEND PATCH net-next]
	  to      A <a@example.org>, b@example.org
	  cc      C <c@example.org>
	  list    linux-mm

	  v1  (working)             2 patches        frob
	EOF
	test_cmp expect masked
'

test_expect_success "edit with '' empties a list" '
	cd r &&
	quill series edit --prefix "" --cc "" >/dev/null &&
	quill series show --json >j &&
	test "$(jget j "d[\"prefixes\"]")" = "[]" &&
	test "$(jget j "d[\"cc\"]")" = "[]" &&
	test "$(jget j "d[\"to\"]")" = "[\"A <a@example.org>\", \"b@example.org\"]" &&
	quill series show >text &&
	test_mask_ids text >masked &&
	cat >expect <<-\EOF &&
	series frob  v1  change-id 20251201-frob-<id12>
	  branch  frob, based on main
	  subject [PATCH]
	  to      A <a@example.org>, b@example.org
	  list    linux-mm

	  v1  (working)             2 patches        frob
	EOF
	test_cmp expect masked
'

test_expect_success "edit --list sets and '' clears the inbox" '
	cd r &&
	quill series edit --list netdev >/dev/null &&
	quill series show --json >j &&
	test "$(jget j "d[\"list\"]")" = netdev &&
	quill series edit --list "" >/dev/null &&
	quill series show --json >j &&
	test "$(jget j "d[\"list\"]")" = null
'

test_expect_success 'edit with nothing to change is bad usage (2), nothing written' '
	cd r &&
	old=$(state frob) &&
	quill_fails 2 "nothing to change" series edit &&
	test "$(state frob)" = "$old"
'

test_expect_success 'an edit that changes nothing writes no state commit' '
	cd r &&
	old=$(state frob) &&
	quill series edit --to "A <a@example.org>" --to b@example.org >/dev/null &&
	test "$(state frob)" = "$old"
'

test_expect_success 'edit --base moves the fork point: more patches' '
	cd r &&
	quill series show --json >j &&
	test "$(jget j "d[\"versions\"][0][\"patches\"]")" = 2 &&
	quill series edit --base v1.0 >/dev/null &&
	quill series show --json >j &&
	test "$(jget j "d[\"base\"]")" = v1.0 &&
	test "$(jget j "d[\"versions\"][0][\"base\"]")" = "$(git rev-parse v1.0^{commit})" &&
	test "$(jget j "d[\"versions\"][0][\"patches\"]")" = 3 &&
	quill series edit --base main >/dev/null
'

test_expect_success 'edit --base main~1 is kept as the commit it names now' '
	cd r &&
	quill series edit --base main~1 >/dev/null &&
	quill series show --json >j &&
	test "$(jget j "d[\"base\"]")" = "$(git rev-parse main~1)" &&
	test "$(jget j "d[\"versions\"][0][\"patches\"]")" = 3 &&
	quill series edit --base main >/dev/null &&
	test "$(quill series show --json | jget /dev/stdin "d[\"base\"]")" = main
'

test_expect_success 'edit --base naming nothing is refused (2), unchanged' '
	cd r &&
	old=$(state frob) &&
	quill_fails 2 "no-such-rev" series edit --base no-such-rev &&
	test "$(state frob)" = "$old"
'

test_expect_success 'edit --branch moves the series to another branch, and the tie with it' '
	cd r &&
	git branch frob-v2 frob &&
	quill series edit --branch frob-v2 >/dev/null &&
	quill series show --json frob >j &&
	test "$(jget j "d[\"branch\"]")" = frob-v2 &&
	test "$(git config branch.frob-v2.quillSeries)" = frob &&
	test_must_fail git config branch.frob.quillSeries &&
	quill series edit frob --branch frob >/dev/null &&
	test "$(git config branch.frob.quillSeries)" = frob &&
	test_must_fail git config branch.frob-v2.quillSeries
'

test_expect_success 'edit --branch whose state commit fails leaves the tie as it was (4)' '
	cd r &&
	old=$(state frob) &&
	: >.git/refs/quill/series/frob.lock &&
	lease_hold &&
	quill_fails 4 "frob\\.lock exists" series edit frob --branch frob-v2 &&
	lease_drop &&
	rm .git/refs/quill/series/frob.lock &&
	test "$(state frob)" = "$old" &&
	test "$(git config branch.frob.quillSeries)" = frob &&
	test_must_fail git config branch.frob-v2.quillSeries
'

test_expect_success 'edit --branch naming no branch is refused (2), unchanged' '
	cd r &&
	old=$(state frob) &&
	quill_fails 2 "no branch .ghost." series edit --branch ghost &&
	test "$(state frob)" = "$old" &&
	test "$(git config branch.frob.quillSeries)" = frob
'

test_expect_success 'edit --prerequisite: a local series stands for its change-id' '
	cd r && git checkout -q main &&
	quill series new dep >/dev/null && add_patches 1 dep &&
	quill series new-version >/dev/null 2>&1 &&
	git checkout -q frob &&
	quill series edit --prerequisite dep:v1 --prerequisite 20250101-other-0123456789ab >/dev/null &&
	dep_id=$(quill series show --json dep | jget /dev/stdin "d[\"change_id\"]") &&
	quill series show --json frob >j &&
	test "$(jget j "d[\"prerequisites\"]")" = "[\"$dep_id:v1\", \"20250101-other-0123456789ab\"]" &&
	quill series show frob >text &&
	cat >expect <<-EOF &&
	series frob  v1  change-id $(jget j "d[\"change_id\"]")
	  branch  frob, based on main
	  subject [PATCH]
	  to      A <a@example.org>, b@example.org
	  needs   $dep_id:v1
	  needs   20250101-other-0123456789ab

	  v1  (working)             2 patches        frob
	EOF
	test_cmp expect text
'

test_expect_success "edit --prerequisite '' drops them" '
	cd r &&
	quill series edit --prerequisite "" >/dev/null &&
	quill series show --json frob >j &&
	test "$(jget j "d[\"prerequisites\"]")" = "[]"
'

test_expect_success 'edit too many arguments (2); an unknown series (2)' '
	cd r &&
	quill_fails 2 "too many arguments" series edit frob dep --to x@example.org &&
	quill_fails 2 "no series .nosuch." series edit nosuch --to x@example.org
'

test_expect_success 'setup: freeze two versions of frob' '
	cd r && git checkout -q frob &&
	quill series new-version frob >/dev/null 2>&1 &&
	test_commit "frob: three" &&
	quill series new-version frob >/dev/null 2>&1 &&
	git rev-parse quill/frob/v1^{commit} >v1-tip
'

test_expect_success 'edit --rename: new ref, old ref gone, tags renamed, tie follows' '
	cd r &&
	old=$(state frob) &&
	quill series edit --rename zone-frob >out &&
	echo "renamed series frob to zone-frob" >expect &&
	test_cmp expect out &&
	test_must_fail git rev-parse --verify -q refs/quill/series/frob &&
	test "$(git rev-parse "$(state zone-frob)^")" = "$old" &&
	test_must_fail git rev-parse --verify -q refs/tags/quill/frob/v1 &&
	test_must_fail git rev-parse --verify -q refs/tags/quill/frob/v2 &&
	test "$(git rev-parse quill/zone-frob/v1^{commit})" = "$(cat v1-tip)" &&
	test "$(git cat-file -t quill/zone-frob/v2)" = tag &&
	test "$(git config branch.frob.quillSeries)" = zone-frob &&
	git show refs/quill/series/zone-frob:series.conf | grep -q "^name=zone-frob\$"
'

test_expect_success 'the renamed tags point where the old ones did, with the same message' '
	cd r &&
	( for n in 1 2; do
		test "$(git rev-parse quill/zone-frob/v$n^{commit})" = \
			"$(git show refs/quill/series/zone-frob:v$n/version.conf | sed -n "s/^tip=//p")" &&
		git cat-file tag quill/zone-frob/v$n | sed "1,/^\$/d" >msg &&
		git show refs/quill/series/zone-frob:v$n/cover >cover &&
		test_cmp cover msg || exit 1
	done )
'

test_expect_success 'show and list work under the new name, and by the branch' '
	cd r &&
	quill series show zone-frob >text &&
	test_mask_ids text >masked &&
	cat >expect <<-\EOF &&
	series zone-frob  v3  change-id 20251201-frob-<id12>
	  branch  frob, based on main
	  subject [PATCH v3]
	  to      A <a@example.org>, b@example.org

	  v1  2025-12-01T10:05:00Z  2 patches        quill/zone-frob/v1
	  v2  2025-12-01T10:06:00Z  3 patches        quill/zone-frob/v2  1 added, 2 unchanged
	  v3  (working)             3 patches        frob                3 unchanged
	EOF
	test_cmp expect masked &&
	quill series show >text2 &&
	test_cmp text text2 &&
	quill series list >list &&
	cat >expect <<-\EOF &&
	NAME       VERSION  BASE  PATCHES  LAST CHANGE
	dep        v2       main        1  2025-12-01T10:05:00Z
	zone-frob  v3       main        3  2025-12-01T10:06:00Z
	EOF
	test_cmp expect list &&
	quill_fails 2 "no series .frob." series show frob
'

test_expect_success 'rename onto an existing series or an invalid name is refused (2)' '
	cd r &&
	old=$(state zone-frob) &&
	quill_fails 2 "series .dep. already exists" series edit --rename dep &&
	quill_fails 2 "not a valid series name" series edit --rename a/b &&
	quill_fails 2 "already called that" series edit --rename zone-frob &&
	test "$(state zone-frob)" = "$old" &&
	git rev-parse --verify -q refs/tags/quill/zone-frob/v1 >/dev/null &&
	test "$(git config branch.frob.quillSeries)" = zone-frob
'

test_expect_success 'rename onto a name whose old tags were left behind: the tags follow the state' '
	cd r && git checkout -q main &&
	quill series new gone >/dev/null && add_patches 1 gone &&
	quill series new-version gone >/dev/null 2>&1 &&
	git update-ref -d refs/quill/series/gone &&
	git rev-parse --verify -q refs/tags/quill/gone/v1 >/dev/null &&
	git checkout -q frob &&
	quill series edit --rename gone >/dev/null &&
	test "$(git rev-parse quill/gone/v1^{commit})" = "$(cat v1-tip)" &&
	test "$(git rev-parse quill/gone/v2^{commit})" = \
		"$(git show refs/quill/series/gone:v2/version.conf | sed -n "s/^tip=//p")" &&
	quill series edit --rename zone-frob >/dev/null
'

# ---- edit-cover ----

test_expect_success 'edit-cover -m sets the cover (a newline is added)' '
	cd r &&
	old=$(state zone-frob) &&
	quill series edit-cover -m "frob: a better zone

The body." >out &&
	echo "series zone-frob: cover updated" >expect &&
	test_cmp expect out &&
	git show refs/quill/series/zone-frob:cover >cover &&
	printf "frob: a better zone\n\nThe body.\n" >expect &&
	test_cmp expect cover &&
	test "$(git rev-parse "$(state zone-frob)^")" = "$old"
'

test_expect_success 'edit-cover with the same text writes nothing' '
	cd r &&
	old=$(state zone-frob) &&
	quill series edit-cover -m "frob: a better zone

The body." >out &&
	echo "series zone-frob: the cover is unchanged" >expect &&
	test_cmp expect out &&
	test "$(state zone-frob)" = "$old"
'

test_expect_success 'edit-cover -F FILE and -F - (standard input)' '
	cd r &&
	printf "from a file\n\nbody one\n" >c1 &&
	quill series edit-cover -F c1 >/dev/null &&
	git show refs/quill/series/zone-frob:cover >cover &&
	test_cmp c1 cover &&
	printf "from stdin\n\nbody two\n" >c2 &&
	quill series edit-cover -F - <c2 >/dev/null &&
	git show refs/quill/series/zone-frob:cover >cover &&
	test_cmp c2 cover
'

test_expect_success 'edit-cover keeps non-ASCII text, in the C locale too' '
	cd r &&
	quill series edit-cover -m "Zoë Ærø: naïve façade" >/dev/null &&
	git show refs/quill/series/zone-frob:cover >cover &&
	echo "Zoë Ærø: naïve façade" >expect &&
	test_cmp expect cover
'

test_expect_success 'edit-cover opens GIT_EDITOR on the cover and keeps what it wrote' '
	cd r &&
	cat >"$TRASH/editor.sh" <<-\EOF &&
	#!/bin/sh
	# the cover as given must be in the file
	grep -q "naïve" "$1" || exit 1
	printf "edited subject\n\nedited body\n" >"$1"
	EOF
	chmod +x "$TRASH/editor.sh" &&
	GIT_EDITOR="$TRASH/editor.sh" quill series edit-cover >/dev/null &&
	git show refs/quill/series/zone-frob:cover >cover &&
	printf "edited subject\n\nedited body\n" >expect &&
	test_cmp expect cover &&
	test ! -e .git/QUILL_COVER_EDITMSG
'

test_expect_success 'core.editor is used when GIT_EDITOR is unset' '
	cd r &&
	cat >"$TRASH/editor2.sh" <<-\EOF &&
	#!/bin/sh
	printf "core editor subject\n" >"$1"
	EOF
	chmod +x "$TRASH/editor2.sh" &&
	git config core.editor "$TRASH/editor2.sh" &&
	quill series edit-cover >/dev/null &&
	git config --unset core.editor &&
	test "$(git show refs/quill/series/zone-frob:cover)" = "core editor subject"
'

test_expect_success 'a failing editor: non-zero exit, one line, the cover unchanged' '
	cd r &&
	old=$(state zone-frob) &&
	cat >"$TRASH/bad-editor.sh" <<-\EOF &&
	#!/bin/sh
	echo "half-written" >"$1"
	exit 3
	EOF
	chmod +x "$TRASH/bad-editor.sh" &&
	GIT_EDITOR="$TRASH/bad-editor.sh" quill_fails 1 "editor.*failed.*unchanged" series edit-cover &&
	test "$(state zone-frob)" = "$old"
'

test_expect_success 'an empty cover is refused, the cover unchanged' '
	cd r &&
	old=$(state zone-frob) &&
	quill_fails 1 "cover is empty" series edit-cover -m "" &&
	printf "\n \n\t\n" >blank &&
	quill_fails 1 "cover is empty" series edit-cover -F blank &&
	cat >"$TRASH/empty-editor.sh" <<-\EOF &&
	#!/bin/sh
	: >"$1"
	EOF
	chmod +x "$TRASH/empty-editor.sh" &&
	GIT_EDITOR="$TRASH/empty-editor.sh" quill_fails 1 "cover is empty" series edit-cover &&
	test "$(state zone-frob)" = "$old"
'

test_expect_success 'a cover that is not UTF-8 is bad input (3), from -F, stdin, -m, the editor' '
	cd r &&
	old=$(state zone-frob) &&
	printf "Zo\353 subject\n\nbody\n" >latin1 &&
	quill_fails 3 "latin1.*not UTF-8" series edit-cover -F latin1 &&
	quill_fails 3 "not UTF-8" series edit-cover -F - <latin1 &&
	quill_fails 3 "not UTF-8" series edit-cover -m "$(cat latin1)" &&
	cat >"$TRASH/latin1-editor.sh" <<-EOF &&
	#!/bin/sh
	cat "$TRASH/r/latin1" >"\$1"
	EOF
	chmod +x "$TRASH/latin1-editor.sh" &&
	GIT_EDITOR="$TRASH/latin1-editor.sh" quill_fails 3 "not UTF-8" series edit-cover &&
	test "$(state zone-frob)" = "$old"
'

test_expect_success 'edit-cover -F of a missing file is bad input (3)' '
	cd r &&
	quill_fails 3 "no-such-file.*No such file" series edit-cover -F no-such-file
'

test_expect_success 'edit-cover -F and -m together is bad usage (2)' '
	cd r &&
	quill_fails 2 "not both" series edit-cover -F c1 -m text
'

test_done
