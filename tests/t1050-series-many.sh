#!/bin/sh
# Bigger and less ASCII: a 30-patch series through freeze, show and diff;
# authors and subjects beyond ASCII in text and JSON; Latin-1 commits.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

test_expect_success 'setup: 30 patches, some by Zoë Ærø' '
	test_repo r && cd r &&
	quill series new big >/dev/null &&
	quill series edit-cover -m "big: thirty patches" >/dev/null &&
	i=1 &&
	( while [ $i -le 30 ]; do
		for k in 1 2 3 4 5 6; do echo "file $i line $k"; done >f$i &&
		git add f$i && test_tick &&
		if [ $((i % 3)) = 0 ]; then
			GIT_AUTHOR_NAME="Zoë Ærø" GIT_AUTHOR_EMAIL=zoe@example.org \
				git commit -q -m "big: step $i — façade" || exit 1
		else
			git commit -q -m "big: step $i" || exit 1
		fi
		i=$((i + 1))
	done ) &&
	test "$(git rev-list --count main..big)" = 30
'

test_expect_success 'freeze v1 of 30 patches' '
	cd r &&
	quill series new-version >out 2>/dev/null &&
	cat >expect <<-EOF &&
	froze v1 of big: 30 patches, tag quill/big/v1
	now at v2: the cover has a ${SQ}Changes in v2:${SQ} draft (quill series edit-cover)
	EOF
	test_cmp expect out &&
	git show refs/quill/series/big:v1/version.conf >conf &&
	test "$(sed -n "s/^patches=//p" conf)" = 30 &&
	test "$(grep -c "^patch-id=" conf)" = 30
'

test_expect_success 'the v1 cover has both authors in the shortlog, UTF-8 intact' '
	cd r &&
	git show refs/quill/series/big:v1/cover >cover &&
	{
		printf "big: thirty patches\n\n\n---\nAda Author (20):\n" &&
		for i in $(seq 30); do [ $((i % 3)) = 0 ] || echo "  big: step $i"; done &&
		printf "\nZoë Ærø (10):\n" &&
		for i in $(seq 3 3 30); do echo "  big: step $i — façade"; done &&
		echo &&
		for i in $(seq 30 | sort); do printf " %-3s | 6 ++++++\n" f$i; done &&
		echo " 30 files changed, 180 insertions(+)" &&
		for i in $(seq 30 | sort); do echo " create mode 100644 f$i"; done &&
		cat <<-EOF
		---
		base-commit: $(git rev-parse main)
		change-id: $(quill series show --json | jget /dev/stdin "d[\"change_id\"]")

		Best regards,
		-- 
		Ada Author <ada@example.org>
		EOF
	} >expect &&
	test_cmp expect cover
'

test_expect_success 'all 30 frozen patch-ids are those of git patch-id --stable' '
	cd r &&
	sed -n "s/^commit=//p" conf >commits &&
	( for c in $(cat commits); do
		git show $c | git patch-id --stable | cut -d" " -f1 || exit 1
	done ) >expect &&
	sed -n "s/^patch-id=//p" conf >ids &&
	test_cmp expect ids
'

test_expect_success 'show --json --version 1: 30 patches, authors and subjects in UTF-8' '
	cd r &&
	quill series show --json --version 1 >j &&
	test "$(jget j "d[\"versions\"][0][\"patches\"]")" = 30 &&
	test "$(jget j "len(d[\"detail\"][\"patches\"])")" = 30 &&
	test "$(jget j "d[\"detail\"][\"patches\"][2][\"author\"]")" = "Zoë Ærø <zoe@example.org>" &&
	test "$(jget j "d[\"detail\"][\"patches\"][29][\"subject\"]")" = "big: step 30 — façade" &&
	quill series show --version 1 >text &&
	{
		cat <<-EOF &&
		series big  v2  change-id $(jget j "d[\"change_id\"]")
		  branch  big, based on main
		  subject [PATCH v2]

		  v1  2025-12-01T10:00:00Z  30 patches        quill/big/v1
		  v2  (working)             30 patches        big           30 unchanged

		v1:
		EOF
		for i in $(seq 30); do
			s="big: step $i" && [ $((i % 3)) != 0 ] || s="$s — façade"
			printf "  %2d/30 %s %s\n" $i $(git rev-parse --short=12 quill/big/v1~$((30 - i))) "$s"
		done &&
		printf "\ncover (as frozen):\n" &&
		git show refs/quill/series/big:v1/cover
	} >expect &&
	test_cmp expect text
'

test_expect_success 'setup: v2 changes 5, drops 2, adds 1, moves one' '
	cd r &&
	git rebase -q -i --exec true main >/dev/null 2>&1 || true &&
	cat >"$TRASH/seq.sh" <<-\EOF &&
	#!/bin/sh
	# drop steps 7 and 8, move step 1 to the end
	sed -i -e "/ big: step 7\$/d" -e "/ big: step 8\$/d" "$1" &&
	first=$(grep -m1 " big: step 1\$" "$1") &&
	sed -i "/ big: step 1\$/d" "$1" && echo "$first" >>"$1"
	EOF
	chmod +x "$TRASH/seq.sh" &&
	GIT_SEQUENCE_EDITOR="$TRASH/seq.sh" git rebase -q -i main &&
	( for n in 10 14 20 25 29; do
		git rebase -q --exec "true" HEAD~0 2>/dev/null
		c=$(git log --format=%H --grep="^big: step $n\\b" main..big) &&
		git checkout -q $c && echo "changed $n" >>f$n && git commit -q -a --amend --no-edit &&
		git rebase -q --onto HEAD $c big || exit 1
	done ) &&
	echo new >f31 && git add f31 && test_tick && git commit -q -m "big: step 31, new" &&
	test "$(git rev-list --count main..big)" = 29 &&
	quill series new-version >/dev/null 2>&1
'

test_expect_success 'diff v1 v2 of the big series: counts' '
	cd r &&
	quill series diff --json v1 v2 >j &&
	test "$(jget j "d[\"counts\"]")" = "{\"unchanged\": 23, \"message\": 0, \"changed\": 5, \"added\": 1, \"dropped\": 2}"
'

test_expect_success 'diff v1 v2 of the big series: the same pairs as git range-diff' '
	cd r &&
	git range-diff --no-color main..quill/big/v1 main..quill/big/v2 >rd &&
	sed -n "s/^ *\([0-9-]*\): *[0-9a-f-]* [=!<>] *\([0-9-]*\): .*/\1 \2/p" rd | sort >expect &&
	jget j "\"\\n\".join(\"%s %s\" % (p[\"old\"] or \"-\", p[\"new\"] or \"-\") for p in d[\"pairs\"])" |
		sort >actual &&
	test_cmp expect actual &&
	test "$(wc -l <actual)" = 31
'

test_expect_success 'diff text: numbers right-aligned to two digits, UTF-8 subjects' '
	cd r &&
	quill series diff --summary v1 v2 >out &&
	test_mask_ids out >masked &&
	cat >expect <<-\EOF &&
	 2:  <id12> =  1:  <id12> big: step 2
	 3:  <id12> =  2:  <id12> big: step 3 — façade
	 4:  <id12> =  3:  <id12> big: step 4
	 5:  <id12> =  4:  <id12> big: step 5
	 6:  <id12> =  5:  <id12> big: step 6 — façade
	 9:  <id12> =  6:  <id12> big: step 9 — façade
	10:  <id12> !  7:  <id12> big: step 10
	11:  <id12> =  8:  <id12> big: step 11
	12:  <id12> =  9:  <id12> big: step 12 — façade
	13:  <id12> = 10:  <id12> big: step 13
	14:  <id12> ! 11:  <id12> big: step 14
	15:  <id12> = 12:  <id12> big: step 15 — façade
	16:  <id12> = 13:  <id12> big: step 16
	17:  <id12> = 14:  <id12> big: step 17
	18:  <id12> = 15:  <id12> big: step 18 — façade
	19:  <id12> = 16:  <id12> big: step 19
	20:  <id12> ! 17:  <id12> big: step 20
	21:  <id12> = 18:  <id12> big: step 21 — façade
	22:  <id12> = 19:  <id12> big: step 22
	23:  <id12> = 20:  <id12> big: step 23
	24:  <id12> = 21:  <id12> big: step 24 — façade
	25:  <id12> ! 22:  <id12> big: step 25
	26:  <id12> = 23:  <id12> big: step 26
	27:  <id12> = 24:  <id12> big: step 27 — façade
	28:  <id12> = 25:  <id12> big: step 28
	29:  <id12> ! 26:  <id12> big: step 29
	30:  <id12> = 27:  <id12> big: step 30 — façade
	 1:  <id12> = 28:  <id12> big: step 1
	 7:  <id12> <  -:  ------------ big: step 7
	 8:  <id12> <  -:  ------------ big: step 8
	 -:  ------------ > 29:  <id12> big: step 31, new
	v1 -> v2: 5 changed, 1 added, 2 dropped, 23 unchanged
	EOF
	test_cmp expect masked
'

test_expect_success 'show lists both versions; list shows the count' '
	cd r &&
	quill series show >out &&
	test_mask_ids out >masked &&
	cat >expect <<-\EOF &&
	series big  v3  change-id 20251201-big-<id12>
	  branch  big, based on main
	  subject [PATCH v3]

	  v1  2025-12-01T10:00:00Z  30 patches        quill/big/v1
	  v2  2025-12-01T10:01:00Z  29 patches        quill/big/v2  5 changed, 1 added, 2 dropped, 23 unchanged
	  v3  (working)             29 patches        big           29 unchanged
	EOF
	test_cmp expect masked &&
	quill series list >list &&
	cat >expect <<-\EOF &&
	NAME  VERSION  BASE  PATCHES  LAST CHANGE
	big   v3       main       29  2025-12-01T10:01:00Z
	EOF
	test_cmp expect list
'

test_expect_success 'a series named in UTF-8 lines up in list' '
	cd r && git checkout -q main &&
	quill series new zoë-init >/dev/null &&
	quill series list >list &&
	cat >expect <<-\EOF &&
	NAME      VERSION  BASE  PATCHES  LAST CHANGE
	big       v3       main       29  2025-12-01T10:01:00Z
	zoë-init  v1       main        0  2025-12-01T10:01:00Z
	EOF
	test_cmp expect list &&
	quill series list --json >j &&
	test "$(jget j "d[\"series\"][1][\"name\"]")" = zoë-init &&
	jget j "d[\"series\"][1][\"name\"]" >/dev/null &&
	quill series show --json zoë-init >j &&
	jget j "d[\"change_id\"]" | grep -Eq "^[0-9]{8}-zo-init-[0-9a-f]{12}\$"
'

test_expect_success 'a Latin-1 commit (i18n.commitEncoding) is shown in UTF-8 and kept frozen' '
	cd r &&
	quill series new latin >/dev/null &&
	echo x >latin.t && git add latin.t && test_tick &&
	git -c i18n.commitEncoding=ISO-8859-1 commit -q \
		-m "$(printf "latin: caf\351 cr\350me")" &&
	GIT_AUTHOR_NAME="$(printf "Zo\353 \306r\370")" git -c i18n.commitEncoding=ISO-8859-1 \
		commit -q --allow-empty -m "$(printf "latin: na\357ve")" &&
	git cat-file commit HEAD | grep -q "^encoding ISO-8859-1" &&
	quill series new-version >/dev/null 2>&1 &&
	quill series show --json --version 1 >j &&
	test "$(jget j "len(d[\"detail\"][\"patches\"])")" = 2 &&
	test "$(jget j "d[\"detail\"][\"patches\"][0][\"subject\"]")" = "latin: café crème" &&
	test "$(jget j "d[\"detail\"][\"patches\"][1][\"subject\"]")" = "latin: naïve" &&
	test "$(jget j "d[\"detail\"][\"patches\"][1][\"author\"]")" = "Zoë Ærø <ada@example.org>" &&
	git show refs/quill/series/latin:v1/cover | grep -q "^Zoë Ærø (1):\$"
'

test_done
