#!/bin/sh
# quill series format: text quill copies into a cover (the subjects in
# {{changes}}, the -m text of new-version) renders as it is written, "{{"
# and all; only what the user writes as a template is expanded.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
export SOURCE_DATE_EPOCH

# the body of the cover mail in DIR (below its header)
cover_body() {
	sed '1,/^$/d' "$1"/0000-cover-letter.patch
}

# section N FILE: the items of "Changes in vN:" in FILE
section() {
	sed -n "/^Changes in v$1:\$/,/^\$/p" "$2" | sed '1d;/^$/d'
}

# two_patches TAG: the branch holds two patches whose subjects hold "{{"
two_patches() {
	git reset -q --hard main &&
	echo "$1" >m && git add m && test_tick && git commit -q -m "macro: handle {{ in names" &&
	echo "$1" >l && git add l && test_tick && git commit -q -m "log: print {{signature}} in logs"
}

test_expect_success 'setup: subjects with {{ and {{signature}}, two versions frozen' '
	test_repo repo && cd repo &&
	quill series new zone >/dev/null &&
	two_patches one &&
	quill series new-version >/dev/null 2>&1 &&
	two_patches two &&
	quill series new-version >/dev/null 2>&1 &&
	git show refs/quill/series/zone:series.conf | grep -q "^version=3\$"
'

test_expect_success 'the frozen v2 cover holds the subjects as they are' '
	cd repo &&
	git show refs/quill/series/zone:v2/cover >v2 &&
	grep -q "^- 1/2 \"macro: handle {{ in names\": changed\$" v2 &&
	grep -q "^- 2/2 \"log: print {{signature}} in logs\": changed\$" v2
'

test_expect_success 'the next working cover renders them as they are: format has no error' '
	cd repo &&
	two_patches three &&
	quill series format -o ../out3 >out 2>err3 &&
	! grep -v "still has EDITME lines" err3 &&
	cover_body ../out3 >body &&
	section 2 body >items &&
	grep -q "^- 1/2 \"macro: handle {{ in names\": changed\$" items &&
	grep -q "^- 2/2 \"log: print {{signature}} in logs\": changed\$" items &&
	! grep -q "print Ada Author" body &&
	grep -q "^  log: print {{signature}} in logs\$" body &&
	section 3 body >items &&
	grep -q "^- 1/2 \"macro: handle {{ in names\": changed\$" items
'

test_expect_success 'a third freeze and a fourth render: still as they are' '
	cd repo &&
	quill series new-version >/dev/null 2>err &&
	! grep -q "unclosed" err &&
	quill series format -o ../out4 >/dev/null &&
	cover_body ../out4 >body &&
	section 2 body | grep -q "^- 2/2 \"log: print {{signature}} in logs\": changed\$" &&
	section 3 body | grep -q "^- 1/2 \"macro: handle {{ in names\": changed\$"
'

test_expect_success 'new-version -m with {{: frozen as written, and the next cover too' '
	series_repo plain plain 2 &&
	cd plain &&
	quill series new-version >/dev/null 2>&1 &&
	echo more >>p-1 && test_tick && git commit -q -a --amend --no-edit &&
	quill series new-version -m "handle {{ in macros" >/dev/null 2>err &&
	git show refs/quill/series/plain:v2/cover >v2 &&
	section 2 v2 >items &&
	grep -q "^- handle {{ in macros\$" items &&
	git show refs/quill/series/plain:v2/changes | grep -q "^- handle {{ in macros\$" &&
	quill series format -o ../out5 >/dev/null &&
	cover_body ../out5 >body &&
	section 2 body | grep -q "^- handle {{ in macros\$" &&
	git show refs/quill/series/plain:cover | grep -q "^- handle \\\\{{ in macros\$"
'

test_expect_success 'the user'"'"'s own tokens are still expanded, and \{{ is a literal' '
	cd repo &&
	printf "%s\n" "zone: a subject" "" "By {{signature}}; write \\{{name}} for the name." |
		quill series edit-cover -F - >/dev/null &&
	quill series format -o ../out6 >/dev/null &&
	cover_body ../out6 >body &&
	grep -q "^By Ada Author <ada@example.org>; write {{name}} for the name.\$" body
'

test_done
