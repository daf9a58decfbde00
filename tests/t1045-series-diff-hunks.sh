#!/bin/sh
# quill series diff: the diff between two versions of a patch (the
# diff-of-diffs) shows the hunks git range-diff shows, each after its "@@"
# line, however far apart the changes are; hunk headers are compared
# without their line numbers, so a rebase alone changes nothing.
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

# pair N FILE: the diff lines of pair N (from its line to the next pair's)
pair() {
	sed -n "/^$1: /,/^[0-9-]*: /p" "$2" | grep "^    "
}

test_expect_success 'setup: a series rebased onto an upstream that moved its lines' '
	cd r && git checkout -q main &&
	numbered 0 0 x >g && git add g && test_tick && git commit -q -m "add g" &&
	quill series new rb >/dev/null &&
	sed "s/^line 20$/twenty/" g >g.new && mv g.new g && test_tick &&
	git commit -q -a -m "g: line 20" -m "Says twenty." &&
	sed "s/^line 30$/thirty/" g >g.new && mv g.new g && test_tick &&
	git commit -q -a -m "g: line 30" -m "Says thirty." &&
	echo h >h && git add h && test_tick && git commit -q -m "h: add" &&
	quill series new-version >/dev/null 2>&1 &&
	git checkout -q main &&
	{ echo zero; echo zero; echo zero; cat g; } >g.new && mv g.new g && test_tick &&
	git commit -q -a -m "upstream: three lines on top of g" &&
	git checkout -q rb && git rebase -q main &&
	printf "%s\n" "#!/bin/sh" "sed -i -e 1s/^pick/reword/ -e 2s/^pick/edit/ \"\$1\"" >../todo.sh &&
	printf "%s\n" "#!/bin/sh" "sed -i \"s/^Says twenty\\.\$/Says twenty, reworded./\" \"\$1\"" >../msg.sh &&
	chmod +x ../todo.sh ../msg.sh &&
	GIT_SEQUENCE_EDITOR=../todo.sh GIT_EDITOR=../msg.sh git rebase -q -i main >/dev/null 2>&1 &&
	sed "s/^thirty$/THIRTY/" g >g.new && mv g.new g &&
	git commit -q -a --amend --no-edit && git rebase --continue >/dev/null &&
	quill series new-version >/dev/null 2>&1 &&
	git log --format=%B -3 rb | grep -q "^Says twenty, reworded.\$" &&
	git show rb~1:g | grep -q "^THIRTY\$"
'

test_expect_success 'a rebased patch: its hunk headers compared without line numbers, as git does' '
	cd r &&
	git range-diff --no-color main~1..quill/rb/v1 main..quill/rb/v2 >rd &&
	quill series diff rb v1 v2 >qd &&
	sed -n "s/^ *[0-9-]*: *[0-9a-f-]* \([=!<>]\) .*/\1/p" rd >expect &&
	sed -n "s/^ *[0-9-]*: *[0-9a-f-]* \([=!<>]\) .*/\1/p" qd >actual &&
	test_cmp expect actual &&
	grep -q "^1: .* g: line 20 (message only)\$" qd &&
	grep -q "^3: .* = 3: .* h: add\$" qd &&
	! grep "@@ -" qd &&
	# the message-only patch: only its message differs (git indents it)
	pair 1 rd | grep "^    [-+]" | sed "s/^\(    [-+]\)    /\1/" >expect &&
	pair 1 qd | grep "^    [-+]" >actual &&
	test_cmp expect actual &&
	# the changed one: the interdiff git shows, line for line
	pair 2 rd >expect &&
	pair 2 qd >actual &&
	test_cmp expect actual
'

test_done
