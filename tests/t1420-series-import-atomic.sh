#!/bin/sh
# quill series import is all or nothing (issue 10 item 8): a failure at any
# step leaves no ref behind (no branch, no tags, no state); an import cut
# short after its commit point (the state ref) is finished by running it
# again; an import killed at any moment leaves a repository where the rerun
# succeeds or says what to do, and then the series works.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

EXAMPLE=$TEST_SRC/../series/ringbuf-resize

# new_repo DIR: git init, with the files the tests write there ignored
new_repo() {
	git init -q "$1" && printf "out\nout.fail\nerr.fail\n" >>"$1/.git/info/exclude"
}

# nothing_left: no ref at all, and a clean status, in the current repository
nothing_left() {
	{ [ -z "$(git for-each-ref)" ] || { git for-each-ref; return 1; }; } &&
	! git rev-parse -q --verify HEAD >/dev/null &&
	test -z "$(git status --porcelain)"
}

# imported: the example series is whole in the current repository
imported() {
	quill series show ringbuf-resize >../show.out &&
	grep -q "v3 .*1 dropped, 3 unchanged" ../show.out &&
	git rev-parse -q --verify refs/heads/ringbuf-resize >/dev/null &&
	git rev-parse -q --verify refs/heads/main >/dev/null &&
	for t in v1.0 v1.1 quill/ringbuf-resize/v1 quill/ringbuf-resize/v2 quill/ringbuf-resize/v3; do
		git rev-parse -q --verify "refs/tags/$t" >/dev/null || { echo "no tag $t"; return 1; }
	done &&
	test "$(git config branch.ringbuf-resize.quillSeries)" = ringbuf-resize &&
	test "$(git symbolic-ref HEAD)" = refs/heads/ringbuf-resize &&
	{ [ -z "$(git status --porcelain)" ] || { git status --porcelain; return 1; }; }
}

test_expect_success 'a patch that does not apply in the last version: nothing left behind' '
	cp -r "$EXAMPLE" noapply &&
	sed -i "s/^ \treturn rb->size;/ \treturn rb->sizes;/" noapply/v3/0002-*.patch &&
	! cmp -s "$EXAMPLE/v3/0002-ringbuf-add-ringbuf_resize.patch" noapply/v3/0002-*.patch &&
	new_repo a && cd a &&
	quill_fails 3 "noapply/v3/0002-ringbuf-add-ringbuf_resize.patch: does not apply" \
		series import ../noapply &&
	nothing_left &&
	quill series import "$EXAMPLE" >out && imported
'

test_expect_success 'a bad file or a missing base in the last version: nothing left behind' '
	cp -r "$EXAMPLE" badfile && ln -sf /etc/passwd badfile/v3/changes &&
	new_repo b && cd b &&
	quill_fails 3 "badfile/v3/changes: a symbolic link" series import ../badfile &&
	nothing_left && cd .. &&
	cp -r "$EXAMPLE" nobase &&
	sed -i "s/^base=.*/base=0123456789012345678901234567890123456789/" nobase/v3/version.conf &&
	new_repo c && cd c &&
	quill_fails 2 "the base 012345678901 is not in this repository" series import ../nobase &&
	nothing_left
'

test_expect_success 'the state ref locked: nothing left behind, the message says what to do' '
	new_repo d && cd d &&
	mkdir -p .git/refs/quill/series && : >.git/refs/quill/series/ringbuf-resize.lock &&
	lease_hold &&
	quill_fails 4 "ringbuf-resize.lock exists .*removing that file is safe" series import "$EXAMPLE" &&
	lease_drop &&
	rm .git/refs/quill/series/ringbuf-resize.lock &&
	nothing_left &&
	quill series import "$EXAMPLE" >out && imported
'

# cut_short: undo what an import writes after its commit point, as a kill
# right after the state ref would have left it
cut_short() {
	git symbolic-ref HEAD refs/heads/main &&
	for r in refs/heads/main refs/heads/ringbuf-resize refs/tags/v1.0 refs/tags/v1.1 \
		 refs/tags/quill/ringbuf-resize/v1 refs/tags/quill/ringbuf-resize/v3; do
		git update-ref -d $r || return 1
	done &&
	git config --unset branch.ringbuf-resize.quillSeries &&
	rm -f .git/index && git ls-files -o --exclude-standard | xargs rm -f
}

test_expect_success 'cut short after the commit point: the rerun finishes it' '
	new_repo e && cd e &&
	quill series import "$EXAMPLE" >out && imported &&
	tip=$(git rev-parse ringbuf-resize) && state=$(git rev-parse refs/quill/series/ringbuf-resize) &&
	cut_short && test -z "$(git ls-files -o --exclude-standard)" &&
	quill series import "$EXAMPLE" >out &&
	grep -q "finished the import of series ringbuf-resize that was cut short" out &&
	imported &&
	test "$(git rev-parse ringbuf-resize)" = "$tip" &&
	test "$(git rev-parse refs/quill/series/ringbuf-resize)" = "$state" &&
	quill_fails 2 "series .ringbuf-resize. already exists" series import "$EXAMPLE"
'

test_expect_success 'cut short in the checkout (some files written, no index): finished' '
	cd e && cp ringbuf.c ../ringbuf.c.saved && cut_short &&
	cp ../ringbuf.c.saved ringbuf.c &&
	quill series import "$EXAMPLE" >out && grep -q "finished the import" out &&
	imported
'

test_expect_success 'a stale lock on the branch after the commit point: says what to do' '
	cd e && cut_short &&
	: >.git/refs/heads/ringbuf-resize.lock &&
	quill_fails 4 "not its branch ringbuf-resize: .*ringbuf-resize.lock.* remove that .lock file" \
		series import "$EXAMPLE" &&
	rm .git/refs/heads/ringbuf-resize.lock &&
	quill series import "$EXAMPLE" >out && grep -q "finished the import" out &&
	imported
'

test_expect_success 'a config.lock a killed writer left: the rerun removes it and ties the branch' '
	cd e && cut_short &&
	: >.git/config.lock && touch -d "2 minutes ago" .git/config.lock &&
	quill series import "$EXAMPLE" >out 2>../err && grep -q "finished the import" out &&
	grep -q "^quill: warning: removed the stale lock .*/\.git/config\.lock " ../err &&
	! test -e .git/config.lock &&
	imported
'

test_expect_success 'a config.lock younger than quill.staleLockSeconds is kept, the tie not made' '
	cd e && cut_short && : >.git/config.lock &&
	quill series import "$EXAMPLE" >out 2>../err && grep -q "finished the import" out &&
	grep -q "^quill: warning: branch ringbuf-resize not tied to series ringbuf-resize" ../err &&
	! grep -q "removed the stale lock" ../err && test -e .git/config.lock &&
	rm .git/config.lock &&
	! git config branch.ringbuf-resize.quillSeries &&
	quill series import "$EXAMPLE" >out && grep -q "finished the import" out &&
	imported
'

test_expect_success 'the same name from another export is not taken for a rerun' '
	cd e && cut_short &&
	cp -r "$EXAMPLE" ../other &&
	sed -i "s/^change-id=.*/change-id=20251201-ringbuf-resize-000000000000/" ../other/series.conf &&
	quill_fails 2 "series .ringbuf-resize. already exists" series import ../other &&
	quill series import "$EXAMPLE" >out && imported
'

# what_to_do FILE: do what the quill messages in FILE say to do before a
# rerun (remove the .lock file they name, move away the file in the way of
# the checkout); fails when they say nothing of the kind
what_to_do() {
	wtd_lock=$(grep -o "/[^ ]*\.lock" "$1" | head -n 1)
	wtd_way=$(sed -n "s/.*not checked out: \([^ ]*\) in the work tree .*/\1/p" "$1")
	if [ -n "$wtd_lock" ] && [ -f "$wtd_lock" ]; then
		rm "$wtd_lock"
	elif [ -n "$wtd_way" ] && [ -f "$wtd_way" ]; then
		mv "$wtd_way" "../$wtd_way.moved"
	else
		return 1
	fi
}

test_expect_success 'killed at 20 moments: the rerun succeeds or says what to do, then it works' '
	ms=1000000 && for t in 1 2 3; do
		git init -q timing$t && cd timing$t &&
		t0=$(date +%s%N) && quill series import "$EXAMPLE" >/dev/null && t1=$(date +%s%N) &&
		cd .. && { [ $(( (t1 - t0) / 1000000 )) -ge $ms ] || ms=$(( (t1 - t0) / 1000000 )); } ||
		return 1
	done &&
	ms=$((ms + 5)) && echo "an import takes ${ms} ms or less" &&
	i=0 &&
	while [ $i -lt 20 ]; do
		i=$((i + 1)) &&
		d=$(awk -v i=$i -v ms=$ms "BEGIN { srand(i); printf \"%.3f\", (i - rand()) * ms * 1.2 / 20000 }") &&
		git init -q k$i && cd k$i &&
		{ quill series import "$EXAMPLE" >/dev/null 2>&1 & } &&
		pid=$! && sleep $d && { kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null; true; } &&
		n=0 &&
		while :; do
			if quill series import "$EXAMPLE" >../k.out 2>../k.err ||
			   grep -q "already exists" ../k.err; then
				what_to_do ../k.err || break
			else
				what_to_do ../k.err ||
					{ echo "run $i (killed after ${d}s):"; cat ../k.err; return 1; }
			fi &&
			n=$((n + 1)) &&
			{ [ $n -le 3 ] || { echo "run $i: still not done"; cat ../k.err; return 1; }; }
		done &&
		echo "run $i, killed after ${d}s: $(cat ../k.out ../k.err | head -n 1)" &&
		{ imported || { echo "run $i (killed after ${d}s) is not whole"; return 1; }; } &&
		cd .. || return 1
	done
'

test_done
