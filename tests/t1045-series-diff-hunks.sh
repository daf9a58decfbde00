#!/bin/sh
# quill series diff: the diff between two versions of a patch (the
# diff-of-diffs) shows the hunks git range-diff shows, each after its "@@"
# line, however far apart the changes are.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

# numbered A B TAG: 40 numbered lines, lines A and B replaced by
# "TAG change A" and "TAG change B".
numbered() {
	i=1
	while [ $i -le 40 ]; do
		if [ $i = "$1" ]; then
			echo "$3 change A"
		elif [ $i = "$2" ]; then
			echo "$3 change B"
		else
			echo "line $i"
		fi
		i=$((i + 1))
	done
}

# interdiff FILE: the lines of the pairs' diffs (indented by four spaces),
# the pair lines and the summary left out.
interdiff() {
	grep "^    " "$1"
}

test_expect_success 'setup: a file of numbered lines' '
	test_repo r && cd r &&
	numbered 0 0 x >f && git add f && test_tick && git commit -q -m "add f"
'

# d unchanged lines between the two changes: up to 6 (2 * 3 lines of
# context) the patch has one hunk, the interdiff one; from 7 on the
# interdiff has two hunks, the second after its own "@@" line.
for d in 0 1 2 3 4 5 6 7 8 9 10; do
	test_expect_success "two changes, $d lines between them: the interdiff is git range-diff's" "
		cd r && git checkout -q main &&
		quill series new d$d >/dev/null &&
		numbered 10 $((11 + d)) v1 >f && test_tick && git commit -q -a -m 'f: two changes' &&
		quill series new-version >/dev/null 2>&1 &&
		git reset -q --hard main &&
		numbered 10 $((11 + d)) v2 >f && test_tick && git commit -q -a -m 'f: two changes' &&
		quill series new-version >/dev/null 2>&1 &&
		git range-diff --no-color main..quill/d$d/v1 main..quill/d$d/v2 >rd &&
		quill series diff d$d v1 v2 >qd &&
		interdiff rd >expect &&
		interdiff qd >actual &&
		test_cmp expect actual &&
		grep -q '^    -+v1 change B\$' actual
	"
done

test_expect_success 'interdiff changes 2*3+1 lines apart: two hunks, each after its @@ line' '
	cd r &&
	quill series diff d6 v1 v2 >qd &&
	test "$(grep -c "^    @@" qd)" = 2 &&
	sed -n "/^    ++v2 change A/,/^    -+v1 change B/p" qd >between &&
	grep -q "^      line 13\$" between &&
	grep -q "^    @@ f: line 6\$" between &&
	! grep -q "line 14" between &&
	grep -q "^      line 15\$" between
'

test_done
