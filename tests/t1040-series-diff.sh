#!/bin/sh
# quill series diff: pairing patches between versions (patch-id, then a
# least-cost assignment as git range-diff makes it), text and JSON, and
# rebases between versions.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

# patch FILE SUBJECT [BODY]: a commit that writes eight lines to FILE.
patch() {
	for i in 1 2 3 4 5 6 7 8; do echo "$1 line $i"; done >"$1" &&
	git add "$1" && test_tick &&
	git commit -q -m "$2" -m "${3:-Adds $1.}"
}

# pairs_quill JSON / pairs_rd RANGE-DIFF-OUTPUT: "old new" lines, "-" for none
pairs_quill() {
	jget "$1" "\"\\n\".join(\"%s %s\" % (p[\"old\"] or \"-\", p[\"new\"] or \"-\") for p in d[\"pairs\"])" |
	sort
}
pairs_rd() {
	sed -n "s/^ *\([0-9-]*\): *[0-9a-f-]* [=!<>] *\([0-9-]*\): .*/\1 \2/p" "$1" | sort
}

test_expect_success 'setup: v1 of five patches' '
	test_repo r && cd r &&
	quill series new zone >/dev/null &&
	patch a "zone: add a" &&
	patch b "zone: add b" &&
	patch c "zone: add c" &&
	patch d "zone: add d" &&
	patch e "zone: add e" &&
	quill series new-version >/dev/null 2>&1
'

test_expect_success 'diff with no change since v1: all unchanged' '
	cd r &&
	quill series diff >out &&
	test_mask_ids out >masked &&
	cat >expect <<-\EOF &&
	1:  <id12> = 1:  <id12> zone: add a
	2:  <id12> = 2:  <id12> zone: add b
	3:  <id12> = 3:  <id12> zone: add c
	4:  <id12> = 4:  <id12> zone: add d
	5:  <id12> = 5:  <id12> zone: add e
	v1 -> v2 (working): 5 unchanged
	EOF
	test_cmp expect masked
'

test_expect_success 'setup: v2 reorders, rewords, changes, drops and adds' '
	cd r &&
	git reset -q --hard main &&
	patch a "zone: add a" &&
	patch c "zone: add c" &&
	patch b "zone: add b" "Adds b, and says why at length." &&
	for i in 1 2 3 4 5 6 7 8; do echo "d line $i"; done | sed "s/line 4/line four, fixed/" >d &&
	git add d && test_tick && git commit -q -m "zone: add d" -m "Adds d." &&
	patch f "zone: add f" &&
	quill series new-version -m "reworked" >/dev/null 2>&1
'

test_expect_success 'diff v1 v2: text marks and subjects' '
	cd r &&
	quill series diff v1 v2 >out &&
	v1() { git rev-parse --short=12 quill/zone/v1~$1; } &&
	v2() { git rev-parse --short=12 quill/zone/v2~$1; } &&
	cat >expect-v1v2 <<-EOF &&
	1:  $(v1 4) = 1:  $(v2 4) zone: add a
	3:  $(v1 2) = 2:  $(v2 3) zone: add c
	2:  $(v1 3) ! 3:  $(v2 2) zone: add b (message only)
	    @@
	     zone: add b
	     
	    -Adds b.
	    +Adds b, and says why at length.
	     
	     diff --git a/b b/b
	     new file mode 100644
	4:  $(v1 1) ! 4:  $(v2 1) zone: add d
	    @@ d
	     +d line 1
	     +d line 2
	     +d line 3
	    -+d line 4
	    ++d line four, fixed
	     +d line 5
	     +d line 6
	     +d line 7
	5:  $(v1 0) < -:  ------------ zone: add e
	-:  ------------ > 5:  $(v2 0) zone: add f
	v1 -> v2: 1 changed, 1 message only, 1 added, 1 dropped, 2 unchanged
	EOF
	test_cmp expect-v1v2 out
'

test_expect_success 'diff shows the inner diff of changed pairs, --summary does not' '
	cd r &&
	quill series diff v1 v2 >out &&
	test_cmp expect-v1v2 out &&
	quill series diff --summary v1 v2 >short &&
	grep -v "^ " expect-v1v2 >expect &&
	test_cmp expect short &&
	test "$(wc -l <short)" = 7
'

test_expect_success 'diff --json: pairs and counts' '
	cd r &&
	quill series diff --json 1 2 >j &&
	v1() { git rev-parse quill/zone/v1~$1; } &&
	v2() { git rev-parse quill/zone/v2~$1; } &&
	cat >expect <<-EOF &&
	{ "name": "zone",
	  "from": { "version": 1, "base": "$(git rev-parse main)", "tip": "$(v1 0)",
	            "working": false },
	  "to": { "version": 2, "base": "$(git rev-parse main)", "tip": "$(v2 0)",
	          "working": false },
	  "pairs": [
	    { "old": 1, "new": 1, "status": "unchanged", "old_commit": "$(v1 4)",
	      "new_commit": "$(v2 4)", "subject": "zone: add a" },
	    { "old": 3, "new": 2, "status": "unchanged", "old_commit": "$(v1 2)",
	      "new_commit": "$(v2 3)", "subject": "zone: add c" },
	    { "old": 2, "new": 3, "status": "message", "old_commit": "$(v1 3)",
	      "new_commit": "$(v2 2)", "subject": "zone: add b" },
	    { "old": 4, "new": 4, "status": "changed", "old_commit": "$(v1 1)",
	      "new_commit": "$(v2 1)", "subject": "zone: add d" },
	    { "old": 5, "new": null, "status": "dropped", "old_commit": "$(v1 0)",
	      "new_commit": null, "subject": "zone: add e" },
	    { "old": null, "new": 5, "status": "added", "old_commit": null,
	      "new_commit": "$(v2 0)", "subject": "zone: add f" } ],
	  "counts": { "unchanged": 2, "message": 1, "changed": 1, "added": 1, "dropped": 1 } }
	EOF
	test_cmp_json expect j
'

test_expect_success 'the pairs are the ones git range-diff makes' '
	cd r &&
	git range-diff --no-color main..quill/zone/v1 main..quill/zone/v2 >rd &&
	pairs_rd rd >expect &&
	quill series diff --json v1 v2 >j &&
	pairs_quill j >actual &&
	test_cmp expect actual &&
	test "$(wc -l <actual)" = 6
'

test_expect_success 'the v2 changes draft names what changed, patch by patch' '
	cd r &&
	git show refs/quill/series/zone:v2/changes >changes &&
	cat >expect <<-\EOF &&
	- reworked
	- 3/5 "zone: add b": commit message changed
	- 4/5 "zone: add d": changed
	- dropped "zone: add e" (was 5/5)
	- 5/5 "zone: add f": new
	- unchanged: 1/5, 2/5
	EOF
	test_cmp expect changes
'

test_expect_success 'every frozen patch-id is what git patch-id --stable says' '
	cd r &&
	( for n in 1 2; do
		git show refs/quill/series/zone:v$n/version.conf >conf &&
		sed -n "s/^commit=//p" conf >commits &&
		sed -n "s/^patch-id=//p" conf >ids &&
		for c in $(cat commits); do
			git show $c | git patch-id --stable | cut -d" " -f1 || exit 1
		done >expect &&
		test_cmp expect ids || exit 1
	done )
'

test_expect_success 'patch-ids match git for renames, mode changes, deletions and binaries' '
	cd r &&
	git checkout -q -b odd &&
	git mv a a-renamed && test_tick && git commit -q -m "odd: rename" &&
	chmod +x b && git add b && test_tick && git commit -q -m "odd: mode" &&
	git rm -q c && test_tick && git commit -q -m "odd: delete" &&
	printf "\000\001\002binary\377" >blob.bin && git add blob.bin && test_tick &&
	git commit -q -m "odd: binary" &&
	printf "x\n\n  spaced   line\t\n" >ws && git add ws && test_tick && git commit -q -m "odd: blanks" &&
	quill series new --branch odd --base zone odd >/dev/null &&
	quill series show --json --version 1 odd >j &&
	test "$(jget j "len(d[\"detail\"][\"patches\"])")" = 5 &&
	( for i in 0 1 2 4; do
		c=$(jget j "d[\"detail\"][\"patches\"][$i][\"commit\"]") &&
		test "$(jget j "d[\"detail\"][\"patches\"][$i][\"patch_id\"]")" = \
			"$(git show $c | git patch-id --stable | cut -d" " -f1)" || {
			echo "patch $((i + 1)) differs"; exit 1; }
	done ) &&
	# a binary patch is hashed by its blob ids as the index line has them:
	# abbreviated by git show, in full in the mail format-patch writes
	# (and git show --binary), which is the one quill matches
	c=$(jget j "d[\"detail\"][\"patches\"][3][\"commit\"]") &&
	test "$(jget j "d[\"detail\"][\"patches\"][3][\"patch_id\"]")" = \
		"$(git format-patch --stdout -1 $c | git patch-id --stable | cut -d" " -f1)" &&
	test "$(jget j "d[\"detail\"][\"patches\"][3][\"patch_id\"]")" = \
		"$(git show --binary $c | git patch-id --stable | cut -d" " -f1)"
'

test_expect_success 'an empty commit pairs with itself as unchanged' '
	cd r &&
	git checkout -q -b hollow main &&
	test_tick && git commit -q --allow-empty -m "hollow: a marker" &&
	add_patches 1 hollow &&
	quill series new --branch hollow --base main hollow >/dev/null &&
	quill series new-version hollow >/dev/null 2>&1 &&
	quill series diff --json hollow >j &&
	test "$(jget j "d[\"counts\"][\"unchanged\"]")" = 2 &&
	git checkout -q hollow~1 && git commit -q --amend --allow-empty -m "hollow: a marker, reworded" &&
	git cherry-pick hollow >/dev/null && git branch -f hollow HEAD && git checkout -q hollow &&
	quill series diff --json hollow >j &&
	test "$(jget j "[p[\"status\"] for p in d[\"pairs\"]]")" = "[\"message\", \"unchanged\"]"
'

test_expect_success 'diff v2 against the working version; diff v1 alone means v1 against it' '
	cd r && git checkout -q zone &&
	quill series diff >out &&
	test_mask_ids out >masked &&
	cat >expect <<-\EOF &&
	1:  <id12> = 1:  <id12> zone: add a
	2:  <id12> = 2:  <id12> zone: add c
	3:  <id12> = 3:  <id12> zone: add b
	4:  <id12> = 4:  <id12> zone: add d
	5:  <id12> = 5:  <id12> zone: add f
	v2 -> v3 (working): 5 unchanged
	EOF
	test_cmp expect masked &&
	quill series diff v1 >out &&
	sed "\$s/^v1 -> v2: /v1 -> v3 (working): /" expect-v1v2 >expect &&
	test_cmp expect out &&
	quill series diff zone v1 v2 >out &&
	test_cmp expect-v1v2 out
'

test_expect_success 'setup: upstream moves on and the branch is rebased onto it' '
	cd r &&
	git checkout -q main && test_commit "upstream: an unrelated fix" && git checkout -q zone &&
	git rebase -q main &&
	test "$(git merge-base main zone)" = "$(git rev-parse main)"
'

test_expect_success 'after the rebase unchanged patches still pair as unchanged' '
	cd r &&
	quill series diff --json >j &&
	test "$(jget j "d[\"counts\"][\"unchanged\"]")" = 5 &&
	test "$(jget j "d[\"to\"][\"base\"]")" = "$(git rev-parse main)" &&
	test "$(jget j "d[\"from\"][\"base\"]")" = "$(git rev-parse main~1)" &&
	quill series diff >out &&
	test_mask_ids out >masked &&
	cat >expect <<-\EOF &&
	1:  <id12> = 1:  <id12> zone: add a
	2:  <id12> = 2:  <id12> zone: add c
	3:  <id12> = 3:  <id12> zone: add b
	4:  <id12> = 4:  <id12> zone: add d
	5:  <id12> = 5:  <id12> zone: add f
	v2 -> v3 (working): 5 unchanged
	EOF
	test_cmp expect masked
'

test_expect_success 'a rebased and changed patch pairs as changed, like range-diff' '
	cd r &&
	echo "f extra" >>f && test_tick && git commit -q -a --amend --no-edit &&
	quill series new-version >/dev/null 2>&1 &&
	git range-diff --no-color main~1..quill/zone/v2 main..quill/zone/v3 >rd &&
	pairs_rd rd >expect &&
	quill series diff --json v2 v3 >j &&
	pairs_quill j >actual &&
	test_cmp expect actual &&
	test "$(jget j "d[\"pairs\"][4][\"status\"]")" = changed &&
	test "$(jget j "d[\"counts\"][\"unchanged\"]")" = 4
'

test_expect_success 'edit --base after a rebase onto another upstream' '
	cd r &&
	git checkout -q -b next main~1 && test_commit "next: another upstream" &&
	git checkout -q zone && git rebase -q --onto next main zone &&
	quill series edit --base next >/dev/null &&
	quill series diff --json v3 >j &&
	test "$(jget j "d[\"counts\"][\"unchanged\"]")" = 5 &&
	test "$(jget j "d[\"to\"][\"base\"]")" = "$(git rev-parse next)"
'

test_expect_success 'diff refusals: no frozen version, out of range, stray arguments (2)' '
	cd r &&
	quill series new --no-checkout fresh >/dev/null &&
	quill_fails 2 "no frozen version" series diff fresh &&
	quill_fails 2 "versions 1 to 4" series diff zone v9 &&
	quill_fails 2 "versions 1 to 4" series diff zone 1 5 &&
	quill_fails 2 "unexpected argument .v3." series diff zone v1 v2 v3 &&
	quill_fails 2 "unexpected argument .bogus." series diff v1 bogus &&
	quill_fails 2 "no series .nosuch." series diff nosuch v1
'

test_done
