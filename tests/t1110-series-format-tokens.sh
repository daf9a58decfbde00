#!/bin/sh
# quill series format: the cover tokens that look back at earlier versions,
# {{links}} and {{range_diff}}, and an unknown token refused with its line.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
export SOURCE_DATE_EPOCH

set_cover() {
	printf '%b' "$1" | quill series edit-cover -F - >/dev/null
}

# the body of the cover mail in DIR (below its header)
cover_body() {
	sed '1,/^$/d' "$1"/0000-cover-letter.patch
}

test_expect_success 'setup: zone at v3, with the covers of v1 and v2 sent' '
	series_repo repo zone 3 &&
	cd repo &&
	set_cover "zone: the frob\\n\\nThe frob, in three steps.\\n\\n{{links}}\\n\\n{{range_diff}}\\n" &&
	quill series new-version --msgid "<zone-v1@example.org>" >/dev/null 2>&1 &&
	git commit -q --amend -m "p-2 reworded" &&
	quill series new-version --msgid "<zone-v2@example.org>" >/dev/null 2>&1 &&
	quill series show >show &&
	grep -q "v3" show
'

test_expect_success '{{links}}: one line per earlier version with a known cover' '
	cd repo &&
	quill series format -o ../out3 >/dev/null &&
	cover_body ../out3 >body &&
	sed -n "/three steps/,/^Range-diff/p" body | grep "^- Link" >links &&
	printf "%s\n" "- Link to v1: https://lore.kernel.org/r/zone-v1@example.org" \
		"- Link to v2: https://lore.kernel.org/r/zone-v2@example.org" >expect &&
	test_cmp expect links
'

test_expect_success '{{range_diff}} of v3 against v2: all unchanged' '
	cd repo &&
	cover_body ../out3 >body &&
	sed "/^---\$/,\$d" body | test_mask_ids >text &&
	cat >expect <<-\EOF &&
	The frob, in three steps.

	- Link to v1: https://lore.kernel.org/r/zone-v1@example.org
	- Link to v2: https://lore.kernel.org/r/zone-v2@example.org

	Range-diff against v2:
	1:  <id12> = 1:  <id12> p: add file 1
	2:  <id12> = 2:  <id12> p: add file 2
	3:  <id12> = 3:  <id12> p-2 reworded

	EOF
	test_cmp expect text
'

test_expect_success '{{range_diff}} of v2 against v1: the reworded patch marked !, with its diff' '
	cd repo &&
	quill series format --version 2 -o ../out2 >/dev/null &&
	cover_body ../out2 >body &&
	sed "/^---\$/,\$d" body | test_mask_ids >text &&
	cat >expect <<-\EOF &&
	The frob, in three steps.

	- Link to v1: https://lore.kernel.org/r/zone-v1@example.org

	Range-diff against v1:
	1:  <id12> = 1:  <id12> p: add file 1
	2:  <id12> = 2:  <id12> p: add file 2
	3:  <id12> ! 3:  <id12> p-2 reworded
	    @@
	    -p: add file 3
	    +p-2 reworded
	     
	     diff --git a/p-3 b/p-3
	     new file mode 100644

	EOF
	test_cmp expect text &&
	sed -n "/three steps/,/^Range-diff/p" body | grep "^- Link" >links &&
	echo "- Link to v1: https://lore.kernel.org/r/zone-v1@example.org" >expect &&
	test_cmp expect links
'

test_expect_success 'the marks agree with git range-diff' '
	cd repo &&
	git range-diff quill/zone/v1~3..quill/zone/v1 quill/zone/v2~3..quill/zone/v2 >git.rd &&
	sed -n "s/^[ 0-9]*:  [0-9a-f]* \\(.\\) .*/\\1/p" git.rd >git.marks &&
	sed -n "/^Range-diff against v1:/,/^-- \$/p" ../out2/0000-cover-letter.patch |
		sed -n "s/^[ 0-9]*:  [0-9a-f]* \\(.\\) .*/\\1/p" >quill.marks &&
	test "$(cat git.marks | tr -d "\n")" = "==!" &&
	test_cmp git.marks quill.marks
'

test_expect_success 'v1: {{range_diff}} and {{links}} are empty and leave no blank lines' '
	cd repo &&
	quill series format --version 1 -o ../out1 >/dev/null &&
	cover_body ../out1 >body &&
	sed "/^---\$/,\$d" body >text &&
	cat >expect <<-\EOF &&
	The frob, in three steps.

	EOF
	test_cmp expect text &&
	! grep -q "Range-diff" body &&
	! grep -q "Link to" body &&
	! grep -Pzq "\\n\\n\\n" body
'

test_expect_success 'an unknown token: exit 3 naming it and its line, nothing written' '
	cd repo &&
	set_cover "zone: the frob\\n\\nText.\\n{{benchmark}}\\n" &&
	quill_fails 3 "cover:4: .*benchmark" series format -o ../bad &&
	test ! -e ../bad
'

test_done
