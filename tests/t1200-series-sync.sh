#!/bin/sh
# quill series push / fetch between real repositories: a bare "server"
# and two clones, A and B, that share a series through it.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

# state OID of series demo in repository $1 (or "none")
state() {
	git -C "$1" rev-parse -q --verify refs/quill/series/demo || echo none
}

test_expect_success 'setup: a server, clone A with a frozen series, clone B' '
	git init -q --bare server.git &&
	test_repo seed &&
	(cd seed && git push -q ../server.git main) &&
	git clone -q server.git a &&
	git clone -q server.git b &&
	cd a &&
	quill series new demo >/dev/null &&
	test_commit "zone: add the frob" &&
	test_commit "zone: use the frob" &&
	quill series new-version -m "first" >/dev/null 2>&1 &&
	git notes --ref=quill add -m "v1: Reviewed-by: Rita <rita@example.org>" HEAD &&
	git rev-parse -q --verify refs/tags/quill/demo/v1 &&
	git rev-parse -q --verify refs/notes/quill
'

test_expect_success 'default refspecs carry none of it (git push --all, git fetch)' '
	(cd a && git push -q origin --all) &&
	git -C server.git rev-parse -q --verify refs/heads/demo &&
	git -C server.git for-each-ref refs/quill refs/notes refs/tags >out &&
	test_must_fail test -s out &&
	(cd b && git fetch -q origin) &&
	git -C b rev-parse -q --verify refs/remotes/origin/demo &&
	git -C b for-each-ref refs/quill refs/quill-remote refs/notes refs/tags >out &&
	test_must_fail test -s out
'

test_expect_success 'push --dry-run says what would go and sends nothing' '
	(cd a && quill series push --dry-run >../out) &&
	cat >expect <<-EOF &&
	would push to origin ($TRASH/server.git)
	series demo: would push (new, 1 tag to push)
	notes: would push (new)
	EOF
	test_cmp expect out &&
	test "$(state server.git)" = none &&
	(cd a && quill series push --dry-run --json >../out.json) &&
	cat >expect <<-EOF &&
	{ "direction": "push", "remote": "origin", "url": "$TRASH/server.git",
	  "tracking": "refs/quill-remote/origin/", "dry_run": true,
	  "series": [ { "name": "demo", "status": "would-push", "local": "$(state a)",
	                "remote": null, "message": null, "new": true, "tags": 1 } ],
	  "tags": [ { "tag": "quill/demo/v1", "status": "would-push",
	              "local": "$(git -C a rev-parse refs/tags/quill/demo/v1)",
	              "remote": null, "message": null } ],
	  "notes": { "name": "quill", "status": "would-push",
	             "local": "$(git -C a rev-parse refs/notes/quill)",
	             "remote": null, "message": null, "new": true },
	  "status": 0 }
	EOF
	test_cmp_json expect out.json
'

test_expect_success 'A pushes: state ref, tag and notes arrive, nothing forced' '
	(cd a && quill series push >../out) &&
	cat >expect <<-EOF &&
	pushing to origin ($TRASH/server.git)
	series demo: pushed (new, 1 tag pushed)
	notes: pushed (new)
	EOF
	test_cmp expect out &&
	test "$(state server.git)" = "$(state a)" &&
	test "$(git -C server.git rev-parse refs/tags/quill/demo/v1)" = \
	     "$(git -C a rev-parse refs/tags/quill/demo/v1)" &&
	test "$(git -C server.git rev-parse refs/notes/quill)" = \
	     "$(git -C a rev-parse refs/notes/quill)" &&
	test "$(git -C a rev-parse refs/quill-remote/origin/series/demo)" = "$(state a)"
'

test_expect_success 'a second push is up to date' '
	(cd a && quill series push >../out) &&
	cat >expect <<-EOF &&
	pushing to origin ($TRASH/server.git)
	series demo: up to date
	notes: up to date
	everything is up to date
	EOF
	test_cmp expect out &&
	(cd a && quill series push --json >../out.json) &&
	cat >expect <<-EOF &&
	{ "direction": "push", "remote": "origin", "url": "$TRASH/server.git",
	  "tracking": "refs/quill-remote/origin/", "dry_run": false,
	  "series": [ { "name": "demo", "status": "up-to-date", "local": "$(state a)",
	                "remote": "$(state a)", "message": null, "tags": 0 } ],
	  "tags": [],
	  "notes": { "name": "quill", "status": "up-to-date",
	             "local": "$(git -C a rev-parse refs/notes/quill)",
	             "remote": "$(git -C a rev-parse refs/notes/quill)", "message": null },
	  "status": 0 }
	EOF
	test_cmp_json expect out.json
'

test_expect_success 'a plain git fetch still carries no state refs or notes' '
	(cd b && git fetch -q origin) &&
	git -C b for-each-ref refs/quill refs/quill-remote refs/notes >out &&
	test_must_fail test -s out
'

test_expect_success 'B fetches: the series is adopted, its branch made from origin/demo' '
	(cd b && quill series fetch >../out) &&
	cat >expect <<-EOF &&
	fetched from origin ($TRASH/server.git)
	series demo: adopted
	  note: branch demo created from origin/demo
	notes: fast-forward
	EOF
	test_cmp expect out &&
	test "$(state b)" = "$(state a)" &&
	test "$(git -C b rev-parse refs/quill-remote/origin/series/demo)" = "$(state a)" &&
	test "$(git -C b rev-parse refs/tags/quill/demo/v1)" = \
	     "$(git -C a rev-parse refs/tags/quill/demo/v1)" &&
	test "$(git -C b rev-parse refs/notes/quill)" = "$(git -C a rev-parse refs/notes/quill)" &&
	test "$(git -C b config branch.demo.quillSeries)" = demo &&
	test "$(git -C b rev-parse refs/heads/demo)" = "$(git -C b rev-parse refs/remotes/origin/demo)"
'

test_expect_success 'with the branch fetched, B sees what A sees (series show --json)' '
	(cd b && git fetch -q origin demo:demo) &&
	(cd a && quill series show --json demo >../a.json) &&
	(cd b && quill series show --json demo >../b.json) &&
	grep "\"tag\": \"quill/demo/v1\"" b.json &&
	grep "\"version\": 2" b.json &&
	test_cmp a.json b.json &&
	git -C b log --notes=quill -1 --format=%N demo >notes &&
	grep "Reviewed-by: Rita" notes
'

test_expect_success 'B freezes v2 and pushes: a fast-forward, with the new tag' '
	cd b && git checkout -q demo &&
	test_commit "zone: document the frob" &&
	quill series new-version -m "docs" >/dev/null 2>&1 &&
	git push -q origin demo &&
	quill series push >../out &&
	cat >expect <<-EOF &&
	pushing to origin ($TRASH/server.git)
	series demo: pushed (fast-forward, 1 tag pushed)
	notes: up to date
	EOF
	test_cmp expect ../out &&
	test "$(state ../server.git)" = "$(state .)"
'

test_expect_success 'A fetches: fast-forward, v2 and its tag arrive' '
	cd a &&
	quill series fetch >../out &&
	cat >expect <<-EOF &&
	fetched from origin ($TRASH/server.git)
	series demo: fast-forward (1 tag created)
	notes: up to date
	EOF
	test_cmp expect ../out &&
	test "$(state .)" = "$(state ../b)" &&
	test "$(git rev-parse refs/tags/quill/demo/v2)" = \
	     "$(git -C ../b rev-parse refs/tags/quill/demo/v2)" &&
	quill series show --json demo >../a.json &&
	grep "\"tag\": \"quill/demo/v2\"" ../a.json &&
	grep "\"version\": 3," ../a.json &&
	quill series fetch >../out &&
	cat >expect <<-EOF &&
	fetched from origin ($TRASH/server.git)
	series demo: up to date
	notes: up to date
	everything is up to date
	EOF
	test_cmp expect ../out
'

test_expect_success 'concurrent changes: A pushes first, B is rejected (exit 1)' '
	(cd a && quill series edit --to alice@example.org >/dev/null) &&
	(cd b && quill series edit --to bob@example.org >/dev/null) &&
	(cd a && quill series push >../out) &&
	cat >expect <<-EOF &&
	pushing to origin ($TRASH/server.git)
	series demo: pushed (fast-forward)
	notes: up to date
	EOF
	test_cmp expect out &&
	before=$(state b) &&
	(cd b && test_expect_code 1 quill series push >../out 2>../err) &&
	echo "quill: series demo: remote has changes you do not have; fetch first" >expect &&
	test_cmp expect err &&
	cat >expect <<-EOF &&
	pushing to origin ($TRASH/server.git)
	notes: up to date
	EOF
	test_cmp expect out &&
	test "$(state server.git)" = "$(state a)" &&
	test "$(state b)" = "$before"
'

test_expect_success 'B fetches: divergence reported (exit 1), B left as it was' '
	before=$(state b) &&
	(cd b && test_expect_code 1 quill series fetch >../out 2>../err) &&
	echo "quill: series demo: diverged from origin: both sides changed it; nothing was overwritten (theirs: refs/quill-remote/origin/series/demo)" >expect &&
	test_cmp expect err &&
	cat >expect <<-EOF &&
	fetched from origin ($TRASH/server.git)
	notes: up to date
	EOF
	test_cmp expect out &&
	test "$(state b)" = "$before" &&
	test "$(git -C b rev-parse refs/quill-remote/origin/series/demo)" = "$(state a)" &&
	(cd b && quill series show --json >../b.json) &&
	grep "bob@example.org" b.json &&
	test_must_fail grep "alice@example.org" b.json &&
	(cd b && test_expect_code 1 quill series fetch --json >../out.json) &&
	cat >expect <<-EOF &&
	{ "direction": "fetch", "remote": "origin", "url": "$TRASH/server.git",
	  "tracking": "refs/quill-remote/origin/", "dry_run": false,
	  "series": [ { "name": "demo", "status": "diverged", "local": "$(state b)",
	                "remote": "$(state a)",
	                "message": "both sides changed it; nothing was overwritten (theirs: refs/quill-remote/origin/series/demo)",
	                "tags": 0 } ],
	  "tags": [],
	  "notes": { "name": "quill", "status": "up-to-date",
	             "local": "$(git -C b rev-parse refs/notes/quill)",
	             "remote": "$(git -C b rev-parse refs/notes/quill)", "message": null },
	  "status": 1 }
	EOF
	test_cmp_json expect out.json
'

test_expect_success 'a series only here is pushed while the diverged one is rejected' '
	cd b &&
	quill series new other --no-checkout >/dev/null &&
	test_expect_code 1 quill series push >../out 2>../err &&
	cat >expect <<-EOF &&
	pushing to origin ($TRASH/server.git)
	series other: pushed (new)
	notes: up to date
	EOF
	test_cmp expect ../out &&
	echo "quill: series demo: remote has changes you do not have; fetch first" >expect &&
	test_cmp expect ../err &&
	git -C ../server.git rev-parse -q --verify refs/quill/series/other
'

test_expect_success 'fetch when yours is ahead does nothing and says so' '
	cd a &&
	quill series fetch >../out &&
	cat >expect <<-EOF &&
	fetched from origin ($TRASH/server.git)
	series demo: up to date
	series other: adopted
	  note: branch other missing locally: git fetch origin other:other
	notes: up to date
	EOF
	test_cmp expect ../out &&
	quill series edit --cc carol@example.org other >/dev/null &&
	before=$(git rev-parse refs/quill/series/other) &&
	quill series fetch >../out &&
	cat >expect <<-EOF &&
	fetched from origin ($TRASH/server.git)
	series demo: up to date
	series other: ahead (yours has changes origin lacks: quill series push origin)
	  note: branch other missing locally: git fetch origin other:other
	notes: up to date
	EOF
	test_cmp expect ../out &&
	test "$(git rev-parse refs/quill/series/other)" = "$before"
'

test_expect_success 'push NAME pushes only that series' '
	cd a &&
	quill series edit --cc dave@example.org demo >/dev/null &&
	quill series push origin other >../out &&
	cat >expect <<-EOF &&
	pushing to origin ($TRASH/server.git)
	series other: pushed (fast-forward)
	notes: up to date
	EOF
	test_cmp expect ../out &&
	test "$(state ../server.git)" != "$(state .)"
'

test_expect_success 'push to a path, fetch from it: tracking refs named after the path' '
	git init -q --bare mirror.git &&
	(cd a && git push -q ../mirror.git demo && quill series push ../mirror.git demo >../out) &&
	cat >expect <<-EOF &&
	pushing to ../mirror.git ($TRASH/mirror.git)
	series demo: pushed (new, 2 tags pushed)
	notes: pushed (new)
	EOF
	test_cmp expect out &&
	test "$(state mirror.git)" = "$(state a)" &&
	test_repo c && cd c &&
	git fetch -q ../mirror.git demo:demo &&
	quill series fetch --json "$TRASH/mirror.git" >../out.json &&
	slug=$(printf "%s" "$TRASH/mirror.git" | sed "s/[^A-Za-z0-9._-][^A-Za-z0-9._-]*/-/g; s/^-//") &&
	cat >expect <<-EOF &&
	{ "direction": "fetch", "remote": "$TRASH/mirror.git", "url": "$TRASH/mirror.git",
	  "tracking": "refs/quill-remote/$slug/", "dry_run": false,
	  "series": [ { "name": "demo", "status": "adopted", "local": null,
	                "remote": "$(state ../a)", "message": null, "tags": 1 } ],
	  "tags": [ { "tag": "quill/demo/v2", "status": "created", "local": null,
	              "remote": "$(git -C ../a rev-parse refs/tags/quill/demo/v2)",
	              "message": null } ],
	  "notes": { "name": "quill", "status": "fast-forward",
	             "local": "$(jget ../out.json "d[\"notes\"][\"local\"]")",
	             "remote": "$(git -C ../a rev-parse refs/notes/quill)", "message": null },
	  "status": 0 }
	EOF
	test_cmp_json expect ../out.json &&
	test "$(git rev-parse "refs/quill-remote/$slug/series/demo")" = "$(state ../a)" &&
	test "$(git rev-parse refs/quill/series/demo)" = "$(state ../a)" &&
	git rev-parse -q --verify refs/tags/quill/demo/v2
'

test_expect_success 'quill.remote names the default remote' '
	cd a &&
	git remote add mirror ../mirror.git &&
	git config quill.remote mirror &&
	quill series push >../out &&
	cat >expect <<-EOF &&
	pushing to mirror (../mirror.git)
	series demo: up to date
	series other: pushed (new)
	notes: up to date
	EOF
	test_cmp expect ../out &&
	git config --unset quill.remote
'

test_expect_success 'fetch prunes tracking refs of series gone from the remote' '
	cd a &&
	git rev-parse -q --verify refs/quill-remote/mirror/series/other &&
	git -C ../mirror.git update-ref -d refs/quill/series/other &&
	quill series fetch mirror >/dev/null &&
	test_must_fail git rev-parse -q --verify refs/quill-remote/mirror/series/other &&
	git rev-parse -q --verify refs/quill/series/other
'

test_expect_success 'fetch: a local tag on another commit is reported, then rebuilt from the state' '
	cd c &&
	v1tip=$(git rev-parse refs/tags/quill/demo/v1^{commit}) &&
	git tag -d quill/demo/v1 >/dev/null &&
	git tag -a -m "a rewritten v1" quill/demo/v1 "$v1tip~1" &&
	test_expect_code 1 quill series fetch "$TRASH/mirror.git" >../out 2>../err &&
	echo "quill: tag quill/demo/v1: differs from $TRASH/mirror.git${SQ}s, which stays in refs/quill-remote/$slug/tags/demo/v1; tags follow this repository${SQ}s state" >expect &&
	test_cmp expect ../err &&
	cat >expect <<-EOF &&
	fetched from $TRASH/mirror.git
	series demo: up to date (1 tag created)
	notes: up to date
	EOF
	test_cmp expect ../out &&
	test "$(git rev-parse refs/tags/quill/demo/v1^{commit})" = "$v1tip"
'

test_expect_success 'fetch: an equivalent tag (same commit, another tag object) is no conflict' '
	cd c &&
	git tag -f -a -m "another message" quill/demo/v1 quill/demo/v1^{commit} >/dev/null &&
	quill series fetch "$TRASH/mirror.git" >../out 2>../err &&
	test_cmp /dev/null ../err &&
	cat >expect <<-EOF &&
	fetched from $TRASH/mirror.git
	series demo: up to date
	notes: up to date
	everything is up to date
	EOF
	test_cmp expect ../out
'

test_expect_success 'push: a remote tag that differs is reported and left alone' '
	cd c &&
	other=$(git -C ../mirror.git rev-parse "refs/tags/quill/demo/v1^{commit}~1") &&
	git -C ../mirror.git tag -f -a -m "moved on the server" quill/demo/v1 "$other" >/dev/null &&
	theirs=$(git -C ../mirror.git rev-parse refs/tags/quill/demo/v1) &&
	test_expect_code 1 quill series push "$TRASH/mirror.git" demo >../out 2>../err &&
	echo "quill: tag quill/demo/v1: the remote${SQ}s tag differs; left alone" >expect &&
	test_cmp expect ../err &&
	cat >expect <<-EOF &&
	pushing to $TRASH/mirror.git
	series demo: up to date
	notes: up to date
	EOF
	test_cmp expect ../out &&
	test "$(git -C ../mirror.git rev-parse refs/tags/quill/demo/v1)" = "$theirs"
'

test_expect_success 'a remote without series: nothing to do, exit 0' '
	git init -q --bare empty.git &&
	cd a &&
	quill series fetch ../empty.git >../out &&
	cat >expect <<-EOF &&
	fetched from ../empty.git ($TRASH/empty.git)
	no series on the remote
	EOF
	test_cmp expect ../out &&
	git for-each-ref refs/quill-remote/ >../refs &&
	test_must_fail grep empty.git ../refs
'

test_expect_success 'an unknown remote is bad usage (2), one line' '
	cd a &&
	test_expect_code 2 quill series push nosuch 2>../err &&
	echo "quill: no remote ${SQ}nosuch${SQ}: neither a configured remote nor a path or URL" >expect &&
	test_cmp expect ../err &&
	test_expect_code 2 quill series fetch nosuch 2>../err &&
	test_cmp expect ../err
'

test_expect_success 'a series name given as REMOTE gets a hint' '
	cd a &&
	test_expect_code 2 quill series push demo 2>../err &&
	echo "quill: no remote ${SQ}demo${SQ}: neither a configured remote nor a path or URL (to push series demo: quill series push REMOTE demo)" >expect &&
	test_cmp expect ../err
'

test_expect_success 'no origin and no quill.remote: bad usage (2)' '
	cd c &&
	test_expect_code 2 quill series push 2>../err &&
	echo "quill: no remote ${SQ}origin${SQ}: add it (git remote add), set quill.remote, or name one" >expect &&
	test_cmp expect ../err
'

test_expect_success 'an unreachable remote is an outside failure (4)' '
	cd a &&
	test_expect_code 4 quill series fetch "file://$TRASH/no-such.git" 2>../err &&
	grep "^quill: cannot reach remote" ../err &&
	test $(wc -l <../err) = 1
'

test_expect_success 'push of a series that does not exist: 2' '
	cd a &&
	test_expect_code 2 quill series push origin no-such-series 2>../err &&
	echo "quill: no series ${SQ}no-such-series${SQ}" >expect &&
	test_cmp expect ../err
'

test_expect_success 'the help text documents the exit codes' '
	quill series push --help >out &&
	grep "2 bad usage: REMOTE is no" out &&
	grep "^or the transfer failed" out &&
	quill series fetch --help >out &&
	grep "refs/quill-remote/REMOTE/series" out
'

test_done
