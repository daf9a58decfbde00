#!/bin/sh
# quill trailer collect inside a repository: a real series frozen as sent,
# the posted mbox and its replies; the trailers matched to the branch's
# commits, --dry-run --apply, --apply (message, Signed-off-by last,
# ORIG_HEAD, notes carried, status clean, collected.json), a second collect
# adds nothing, --order policy from the repository's trailers.conf, a
# trailer of a changed patch not carried, a mismatched sender, a signed
# commit, kill -9 during --apply; and a real public-inbox server.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-reply.sh"

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH

# first_msgid MBOX N: the Message-ID (without <>) of the Nth mail of MBOX
first_msgid() {
	grep -i '^Message-ID: ' "$1" | sed -n "${2}p" | sed 's/.*<\(.*\)>.*/\1/'
}

ADA="Ada Author <ada@example.org>"
RITA="Rita Reviewer <rita@example.com>"
BOB="Bob Builder <bob@example.net>"
CAROL="Carol Checker <carol@example.org>"
DAN="Dan Tester <dan@example.com>"

# patches N: N commits, each adding a file z-i, with a body and Ada's
# Signed-off-by
patches() {
	i=1
	while [ "$i" -le "$1" ]; do
		printf 'line %s\n' "$i" >"z-$i" && git add "z-$i" && test_tick &&
		git commit -q -m "zone: add file $i" -m "Body $i." -m "Signed-off-by: $ADA" ||
			return 1
		i=$((i + 1))
	done
}

# build DIR: series zone, v1 sent (cover Message-ID recorded), 3/3 changed,
# v2 sent; all.mbox: both versions and the replies:
#   Rita: Reviewed-by on v1 2/3 (carried: unchanged), Carol: Reviewed-by on
#   v1 3/3 (not carried: changed), Bob: Acked-by on the v2 cover (every
#   patch), Eve: a Tested-by for Dan on v2 1/3 (mismatch).
build() {
	test_repo "$1" && (
	cd "$1" &&
	mkdir .quill &&
	printf '[policy]\n\torder = Acked-by Tested-by Reviewed-by Signed-off-by\n' >.quill/trailers.conf &&
	git add .quill && test_tick && git commit -q -m "quill policy" &&
	quill series new zone >/dev/null &&
	quill series edit-cover -m "zone: frob the zones

Why the zones need a frob." >/dev/null &&
	patches 3 &&
	quill series format --version 1 --stdout >../v1.mbox 2>/dev/null &&
	c1=$(first_msgid ../v1.mbox 1) && p12=$(first_msgid ../v1.mbox 3) &&
	p13=$(first_msgid ../v1.mbox 4) &&
	quill series new-version --msgid "$c1" -m v1 >/dev/null 2>&1 &&
	echo more >>z-3 && git add z-3 && test_tick && git commit -q --amend --no-edit &&
	quill series format --version 2 --stdout >../v2.mbox 2>/dev/null &&
	c2=$(first_msgid ../v2.mbox 1) && p21=$(first_msgid ../v2.mbox 2) &&
	quill series new-version --msgid "$c2" -m v2 >/dev/null 2>&1 &&
	{
	cat ../v1.mbox &&
	reply "$RITA" "Mon, 01 Dec 2025 13:00:00 +0000" r1@example.com \
		"Re: [PATCH 2/3] zone: add file 2" "$p12" "<$c1>" <<-EOF &&
	> +line 2

	Looks right.

	Reviewed-by: $RITA
	EOF
	reply "$CAROL" "Mon, 01 Dec 2025 14:00:00 +0000" r2@example.org \
		"Re: [PATCH 3/3] zone: add file 3" "$p13" "<$c1>" <<-EOF &&
	Reviewed-by: $CAROL
	EOF
	cat ../v2.mbox &&
	reply "$BOB" "Tue, 02 Dec 2025 09:00:00 +0000" r3@example.net \
		"Re: [PATCH v2 0/3] zone: frob the zones" "$c2" <<-EOF &&
	For the series:

	Acked-by: $BOB
	EOF
	reply "Eve Other <eve@example.com>" "Tue, 02 Dec 2025 10:00:00 +0000" r4@example.com \
		"Re: [PATCH v2 1/3] zone: add file 1" "$p21" "<$c2>" <<-EOF
	Tested-by: $DAN
	EOF
	} >../all.mbox
	)
}

test_expect_success 'setup: a series sent twice, the replies' '
	build r &&
	cp -R r r-order && cp -R r r-sign && cp -R r r-mis && cp -R r r-mbox &&
	git -C r rev-parse zone >tip0 &&
	git -C r notes --ref=quill add -m "note on 2/3" zone~1 &&
	git -C r rev-parse zone~3 >base
'

test_expect_success 'collect inside the repository: trailers per patch, matched to the commits' '
	cd r &&
	quill trailer collect --source mbox:../all.mbox --json >out 2>err &&
	jget out "[(p[\"version\"], p[\"patch\"], p[\"add\"]) for p in d[\"patches\"]]" >got &&
	cat >want <<-EOF &&
	[[2, 1, ["Acked-by: $BOB"]], [2, 2, ["Reviewed-by: $RITA", "Acked-by: $BOB"]], [2, 3, ["Acked-by: $BOB"]]]
	EOF
	test_cmp want got &&
	jget out "[p[\"commit\"] for p in d[\"patches\"]]" >got &&
	printf "[\"%s\", \"%s\", \"%s\"]\n" $(git rev-parse zone~2 zone~1 zone) >want &&
	test_cmp want got &&
	jget out "d[\"series\"]" >got && echo zone >want && test_cmp want got &&
	quill trailer collect --source mbox:../all.mbox >text &&
	grep -q "^v2 2/3 zone: add file 2$" text &&
	grep -q "^  + Reviewed-by: $RITA$" text
'

test_expect_success 'a trailer given on v1 for a patch changed in v2 is not carried' '
	cd r &&
	jget out "[(t[\"trailer\"], t[\"reason\"]) for t in d[\"patches\"][2][\"not_carried\"]]" >got &&
	echo "[[\"Reviewed-by: $CAROL\", \"patch changed since v1\"]]" >want &&
	test_cmp want got
'

test_expect_success 'a mismatched sender is listed, not applied' '
	cd r &&
	jget out "d[\"patches\"][0][\"mismatch\"]" >got &&
	echo "[{\"trailer\": \"Tested-by: $DAN\", \"from\": \"Eve Other <eve@example.com>\"}]" >want &&
	test_cmp want got &&
	grep -q "! mismatch: Tested-by: $DAN (from Eve Other <eve@example.com>)" text
'

test_expect_success '--mbox FILE gives the same report' '
	cd r &&
	quill trailer collect --mbox ../all.mbox --json >out2 &&
	test_cmp out out2
'

test_expect_success '--dry-run --apply writes nothing' '
	cd r &&
	git for-each-ref >refs.before &&
	quill trailer collect --source mbox:../all.mbox --dry-run --apply >dry &&
	grep -q "^would add 4 trailers in 3 commits$" dry &&
	git for-each-ref >refs.after &&
	test_cmp refs.before refs.after &&
	test_must_fail git rev-parse -q --verify ORIG_HEAD
'

test_expect_success '--apply appends the trailers, Signed-off-by last' '
	cd r &&
	quill trailer collect --source mbox:../all.mbox --apply >applied &&
	grep -q "^added 4 trailers in 3 commits$" applied &&
	git log --format=%B "$(cat ../base)"..zone >got &&
	cat >want <<-EOF &&
	zone: add file 3

	Body 3.

	Acked-by: $BOB
	Signed-off-by: $ADA

	zone: add file 2

	Body 2.

	Reviewed-by: $RITA
	Acked-by: $BOB
	Signed-off-by: $ADA

	zone: add file 1

	Body 1.

	Acked-by: $BOB
	Signed-off-by: $ADA

	EOF
	test_cmp want got &&
	git rev-parse ORIG_HEAD >got && test_cmp ../tip0 got &&
	test "$(git rev-parse zone~3)" = "$(cat ../base)" &&
	git diff --quiet "$(cat ../tip0)" zone
'

test_expect_success '--apply: notes carried, status clean, collected.json recorded' '
	cd r &&
	git notes --ref=quill show zone~1 >got &&
	echo "note on 2/3" >want && test_cmp want got &&
	git status --porcelain >got && test ! -s got &&
	git show refs/quill/series/zone:collected.json >c.json &&
	jget c.json "[(e[\"commit\"], e[\"trailer\"], e[\"msgid\"]) for e in d]" >got &&
	cat >want <<-EOF &&
	[["$(git rev-parse zone~2)", "Acked-by: $BOB", "r3@example.net"], ["$(git rev-parse zone~1)", "Reviewed-by: $RITA", "r1@example.com"], ["$(git rev-parse zone~1)", "Acked-by: $BOB", "r3@example.net"], ["$(git rev-parse zone)", "Acked-by: $BOB", "r3@example.net"]]
	EOF
	test_cmp want got &&
	git fsck --no-progress 2>&1 | grep -v "^dangling" >fsck; test ! -s fsck
'

test_expect_success 'a second collect after --apply adds nothing (exit 0)' '
	cd r &&
	git rev-parse zone refs/quill/series/zone >before &&
	quill trailer collect --source mbox:../all.mbox --json >again &&
	jget again "[p[\"add\"] for p in d[\"patches\"]]" >got &&
	echo "[[], [], []]" >want && test_cmp want got &&
	quill trailer collect --source mbox:../all.mbox --apply >again.txt &&
	grep -q " 0 trailers in 0 commits$" again.txt &&
	git rev-parse zone refs/quill/series/zone >after &&
	test_cmp before after
'

test_expect_success '--apply --accept-mismatch adds the mismatched one too' '
	cd r-mis &&
	quill trailer collect --source mbox:../all.mbox --apply --accept-mismatch >out &&
	grep -q "^added 5 trailers in 3 commits$" out &&
	git log -1 --format=%B zone~2 >got &&
	printf "zone: add file 1\n\nBody 1.\n\nTested-by: %s\nAcked-by: %s\nSigned-off-by: %s\n\n" \
		"$DAN" "$BOB" "$ADA" >want &&
	test_cmp want got
'

test_expect_success '--order policy sorts by the repository'"'"'s trailers.conf' '
	cd r-order &&
	quill trailer collect --mbox ../all.mbox --apply --order policy --accept-mismatch >out &&
	git log -1 --format=%B zone~2 >got &&
	printf "zone: add file 1\n\nBody 1.\n\nAcked-by: %s\nTested-by: %s\nSigned-off-by: %s\n\n" \
		"$BOB" "$DAN" "$ADA" >want &&
	test_cmp want got &&
	git log -1 --format=%B zone~1 >got &&
	printf "zone: add file 2\n\nBody 2.\n\nAcked-by: %s\nReviewed-by: %s\nSigned-off-by: %s\n\n" \
		"$BOB" "$RITA" "$ADA" >want &&
	test_cmp want got
'

test_expect_success 'a signed commit is refused unless --drop-signatures' '
	cd r-sign &&
	git cat-file commit zone >c &&
	awk "/^committer /{print; print \"gpgsig -----BEGIN PGP SIGNATURE-----\"; print \" fake\"; print \" -----END PGP SIGNATURE-----\"; next} {print}" c >c2 &&
	signed=$(git hash-object -t commit -w --literally c2) &&
	git reset -q --soft "$signed" &&
	git cat-file commit zone | grep -q "^gpgsig " &&
	quill_fails 1 "sign" trailer collect --mbox ../all.mbox --apply &&
	test "$(git rev-parse zone)" = "$signed" &&
	quill trailer collect --mbox ../all.mbox --apply --drop-signatures >out &&
	grep -q "^added 4 trailers in 3 commits$" out &&
	! git cat-file commit zone | grep -q "^gpgsig " &&
	git log -1 --format=%B zone >got &&
	printf "zone: add file 3\n\nBody 3.\n\nAcked-by: %s\nSigned-off-by: %s\n\n" "$BOB" "$ADA" >want &&
	test_cmp want got
'

# big DIR N: series big of N patches, sent; big.mbox: it and an Acked-by on
# the cover.
big() {
	test_repo "$1" && (
	cd "$1" &&
	quill series new big >/dev/null &&
	quill series edit-cover -m "big: many files

Many." >/dev/null &&
	patches "$2" &&
	quill series format --version 1 --stdout >../big.mbox 2>/dev/null &&
	c=$(first_msgid ../big.mbox 1) &&
	quill series new-version --msgid "$c" -m v1 >/dev/null 2>&1 &&
	reply "$BOB" "Tue, 02 Dec 2025 09:00:00 +0000" rb@example.net \
		"Re: [PATCH 000/$2] big: many files" "$c" >>../big.mbox <<-EOF
	Acked-by: $BOB
	EOF
	)
}

test_expect_success 'kill -9 during --apply: the old or the new tip, fsck clean, a rerun completes' '
	big k 200 &&
	cd k &&
	old=$(git rev-parse big) &&
	{ quill trailer collect --mbox ../big.mbox --apply >/dev/null 2>&1 & pid=$!; } &&
	sleep 0.02 && kill -9 $pid 2>/dev/null; wait $pid; rc=$? &&
	echo "exit $rc" &&
	now=$(git rev-parse big) &&
	if [ "$now" = "$old" ]; then
		echo "the kill left the old tip"
	else
		git log -1 --format=%B big | grep -q "^Acked-by: $BOB$" &&
		echo "the kill left the new tip"
	fi &&
	git fsck --no-progress 2>&1 | grep -v "^dangling" >../fsck; test ! -s ../fsck &&
	git status --porcelain >../st && test ! -s ../st &&
	quill trailer collect --mbox ../big.mbox --apply >out &&
	git log --format=%B big~200..big | grep -c "^Acked-by: $BOB$" >got &&
	echo 200 >want && test_cmp want got &&
	git log --format=%B big~200..big | grep -c "^Signed-off-by: $ADA$" >got &&
	test_cmp want got
'

LORE=$TEST_SRC/testbed/lore-server.sh
if ! command -v public-inbox-httpd >/dev/null 2>&1; then
	test_skip 'lore: --thread outside a repository, quill.source inside' 'public-inbox-httpd missing'
else
test_expect_success 'lore: --thread outside a repository, quill.source inside' '
	url=$("$LORE" start all.mbox "$TRASH/srv") &&
	{
		c2=$(first_msgid v2.mbox 1) &&
		mkdir outside && cd outside &&
		GIT_CEILING_DIRECTORIES=$TRASH quill trailer collect --thread "$c2" \
			--source "lore:${url}all" --json >out 2>err &&
		jget out "[(p[\"patch\"], p[\"add\"]) for p in d[\"patches\"]]" >got &&
		echo "[[1, [\"Acked-by: $BOB\"]], [2, [\"Acked-by: $BOB\"]], [3, [\"Acked-by: $BOB\"]]]" >want &&
		test_cmp want got &&
		jget out "\"series\" in d" >got && echo false >want && test_cmp want got &&
		cd ../r-mbox &&
		git config quill.source "lore:${url}all" &&
		quill trailer collect --apply --json >out 2>err &&
		jget out "d[\"apply\"][\"trailers\"]" >got && echo 4 >want && test_cmp want got &&
		git log -1 --format=%B zone~1 >got &&
		printf "zone: add file 2\n\nBody 2.\n\nReviewed-by: %s\nAcked-by: %s\nSigned-off-by: %s\n\n" \
			"$RITA" "$BOB" "$ADA" >want &&
		test_cmp want got &&
		git show refs/quill/series/zone:collected.json >c.json &&
		grep -q "\"link\": \"${url}all/r1@example.com/\"" c.json
	}
	rc=$?
	"$LORE" stop "$TRASH/srv" >/dev/null 2>&1
	return $rc
'
fi

test_done
