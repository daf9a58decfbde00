#!/bin/sh
# series thanks (b4 ty): own series sent (frozen with new-version --msgid, as
# if sent some other way) and then cherry-picked by a maintainer are found by
# patch-id (or subject) and thanked with one mail each, quoting the cover and
# listing the new commits; a partly applied series names the patches left
# out; a series applied with mail am --apply is found from its record;
# --dry-run writes nothing; a second run thanks nothing.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
XDG_DATA_HOME="$TRASH/data"
export SOURCE_DATE_EPOCH XDG_DATA_HOME

# pick REV...: cherry-pick as the maintainer (new commit ids)
pick() {
	GIT_COMMITTER_NAME="Max Maint" GIT_COMMITTER_EMAIL="max@example.com" \
		git cherry-pick "$@" >/dev/null
}

test_expect_success 'setup: two series sent, then applied on a maintainer branch' '
	test_repo up && cd up &&
	quill series new zones >/dev/null &&
	quill series edit --to "Zone List <zones@example.org>" --cc "Rev Iewer <rev@example.net>" >/dev/null &&
	quill series edit-cover -m "zones: frob the zones

Why the zones need a frob.
And a second line.

A third paragraph,
in two lines.
Past the quote." >/dev/null &&
	add_patches 3 z &&
	quill series new-version --msgid "<zones-v1@example.org>" >/dev/null 2>&1 &&
	git checkout -q main &&
	quill series new dots >/dev/null &&
	quill series edit --to "Dot List <dots@example.org>" >/dev/null &&
	quill series edit-cover -m "dots: four dots

The dots." >/dev/null &&
	add_patches 4 d &&
	quill series new-version --msgid "<dots-v1@example.org>" >/dev/null 2>&1 &&
	git checkout -q -b maint main &&
	pick zones~2 zones~1 zones &&
	pick dots~3 &&
	git cherry-pick -n dots~1 && printf "changed on the way\n" >>d-3 && git add d-3 &&
	GIT_COMMITTER_NAME="Max Maint" GIT_COMMITTER_EMAIL="max@example.com" \
		git commit -q -m "d: add file 3" &&
	test "$(git rev-list --count main..maint)" = 5
'

test_expect_success 'the series branch itself is no landing' '
	cd up &&
	test_expect_code 1 quill series thanks --applied-in zones --dry-run >out 2>err &&
	test_expect_code 1 quill series thanks zones --applied-in dots --dry-run >out 2>err &&
	quill series thanks zones --dry-run --json >out.json &&
	test "$(jget out.json "[s[\"series\"] for s in d[\"series\"]]")" = "[\"zones\"]"
'

test_expect_success '--dry-run --json: what landed, nothing written or marked' '
	cd up &&
	quill series thanks --dry-run --json -o ../dry >out.json &&
	jget out.json "[(s[\"series\"], [a[\"patch\"] for a in s[\"applied\"]], s[\"missing\"], s[\"mail\"], s[\"sent\"]) for s in d[\"series\"]]" >got &&
	echo "[[\"dots\", [1, 3], [2, 4], null, false], [\"zones\", [1, 2, 3], [], null, false]]" >want &&
	test_cmp want got &&
	jget out.json "d[\"series\"][1][\"applied\"][0][\"commit\"]" >c &&
	git rev-parse maint~4 >want && test_cmp want c &&
	! test -e ../dry &&
	test_must_fail git cat-file -e refs/quill/series/zones:v1/thanked &&
	quill series thanks --dry-run >mails &&
	test "$(grep -c "^Subject: Re: " mails)" = 2
'

test_expect_success '-o DIR: one mail per series, the cover quoted, the new commits listed' '
	cd up &&
	quill series thanks -o ../ty >out &&
	(cd ../ty && ls) >files &&
	printf "%s\n" dots-four-dots.thanks zones-frob-the-zones.thanks >want &&
	test_cmp want files &&
	c1=$(git rev-parse --short=12 maint~4) &&
	c2=$(git rev-parse --short=12 maint~3) &&
	c3=$(git rev-parse --short=12 maint~2) &&
	sed -n "/^Message-ID: /p" ../ty/zones-frob-the-zones.thanks >mid &&
	grep -Eq "^Message-ID: <20251201120000\.quill-ty\.[0-9a-f]{12}@example\.org>\$" mid &&
	{ cat <<-\EOF &&
	From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
	From: Ada Author <ada@example.org>
	Date: Mon, 01 Dec 2025 12:00:00 +0000
	Subject: Re: [PATCH 0/3] zones: frob the zones
	To: Ada Author <ada@example.org>
	Cc: Zone List <zones@example.org>, Rev Iewer <rev@example.net>
	EOF
	  cat mid &&
	  cat <<-EOF
	In-Reply-To: <zones-v1@example.org>
	References: <zones-v1@example.org>

	On 2025-12-01, Ada Author <ada@example.org> wrote:
	> Why the zones need a frob.
	> And a second line.
	>
	> A third paragraph,
	> in two lines.

	Applied to maint, thanks!

	[1/3] z: add file 1
	      commit: $c1
	[2/3] z: add file 2
	      commit: $c2
	[3/3] z: add file 3
	      commit: $c3

	Best regards,
	-- 
	Ada Author

	EOF
	} >want &&
	test_cmp want ../ty/zones-frob-the-zones.thanks &&
	git show refs/quill/series/zones:v1/thanked >thanked &&
	grep -q "^msgid 20251201120000\.quill-ty\." thanked
'

test_expect_success 'a partly applied series names the patches left out (patch 3 by subject)' '
	cd up &&
	d3=$(git rev-parse --short=12 maint) &&
	grep -q "^Note that patches 2 and 4 were not applied\.\$" ../ty/dots-four-dots.thanks &&
	grep -A1 "^\[3/4\] d: add file 3\$" ../ty/dots-four-dots.thanks >got &&
	printf "[3/4] d: add file 3\n      commit: %s\n" "$d3" >want &&
	test_cmp want got &&
	! grep -q "^\[2/4\]" ../ty/dots-four-dots.thanks &&
	grep -q "^In-Reply-To: <dots-v1@example.org>\$" ../ty/dots-four-dots.thanks &&
	grep -q "^Cc: Dot List <dots@example.org>\$" ../ty/dots-four-dots.thanks
'

test_expect_success 'a second run thanks nothing (exit 1), writes nothing' '
	cd up &&
	test_expect_code 1 quill series thanks -o ../ty >out 2>err &&
	grep -q "nothing to thank" err &&
	(cd ../ty && ls) >files &&
	test "$(wc -l <files)" = 2 &&
	test_expect_code 1 quill series thanks --json >out.json &&
	test "$(jget out.json "len(d[\"series\"])")" = 0
'

test_expect_success 'NAME must be a series; a range must name commits' '
	cd up &&
	quill_fails 2 "no series" series thanks nosuch --dry-run &&
	quill_fails 2 "." series thanks --applied-in nosuch..maint --dry-run
'

test_expect_success 'mail am --apply records the series; thanks finds it from the record' '
	git clone -q -b main up base &&
	(cd up && git checkout -q main && quill series new frobs >/dev/null &&
	 quill series edit --to "Frob List <frobs@example.org>" --cc "Kit Checker <kit@example.net>" >/dev/null &&
	 quill series edit-cover -m "frobs: two frobs

Two frobs for the zones." >/dev/null &&
	 add_patches 2 f &&
	 quill series format --stdout >../frobs.mbox 2>/dev/null) &&
	cover=$(sed -n "s/^Message-ID: <\(.*\)>\$/\1/p" frobs.mbox | head -n 1) &&
	(cd base && git config user.name "Max Maint" && git config user.email max@example.com &&
	 GIT_COMMITTER_NAME="Max Maint" GIT_COMMITTER_EMAIL="max@example.com" \
		quill mail am --mbox ../frobs.mbox --apply --branch frobs >/dev/null 2>&1) &&
	ls data/quill/thanks/*.json >recs &&
	test "$(wc -l <recs)" = 1 &&
	jget "$(cat recs)" "d[\"msgid\"]" >got && echo "$cover" >want && test_cmp want got &&
	(cd base && quill series thanks --applied-in main..frobs -o ../am-ty >../am-out) &&
	f=$(ls am-ty/*.thanks) &&
	grep -q "^In-Reply-To: <$cover>\$" "$f" &&
	grep -q "^Subject: Re: \[PATCH 0/2\] frobs: two frobs\$" "$f" &&
	grep -q "^To: Ada Author <ada@example.org>\$" "$f" &&
	grep -q "^Cc: Frob List <frobs@example.org>, Kit Checker <kit@example.net>\$" "$f" &&
	grep -q "^> Two frobs for the zones\.\$" "$f" &&
	grep -q "^Applied to frobs, thanks!\$" "$f" &&
	grep -q "^\[2/2\] f: add file 2\$" "$f" &&
	! grep -q "not applied" "$f" &&
	! ls data/quill/thanks/*.json 2>/dev/null &&
	ls data/quill/thanks/sent/*.json >sent && test "$(wc -l <sent)" = 1 &&
	(cd base && test_expect_code 1 quill series thanks --applied-in main..frobs --dry-run >/dev/null 2>&1)
'

test_expect_success 'mail am -o FILE records too; a damaged record is a warning' '
	rm -rf data &&
	(cd base && quill mail am --mbox ../frobs.mbox -o ../frobs.am >/dev/null 2>&1) &&
	ls data/quill/thanks/*.json >recs && test "$(wc -l <recs)" = 1 &&
	printf "{not json" >data/quill/thanks/0000.json &&
	(cd base && quill series thanks --applied-in main..frobs --dry-run >out 2>err) &&
	grep -q "0000.json: not a record" base/err &&
	grep -q "^Subject: Re: \[PATCH 0/2\] frobs" base/out
'

SINK=$TEST_SRC/testbed/smtp-sink.sh
if test -x "$SINK" && "$SINK" check 2>/dev/null; then
	trap 'test -d "$TRASH/sink" && "$SINK" stop "$TRASH/sink"; test_cleanup_trash' EXIT
	test_expect_success 'sent over SMTP: the mail arrives at the sink, once' '
		cd up && git checkout -q main &&
		quill series new mails >/dev/null &&
		quill series edit --to "Mail List <mails@example.org>" >/dev/null &&
		quill series edit-cover -m "mails: two mails

For the sink." >/dev/null &&
		add_patches 2 m &&
		quill series new-version --msgid "<mails-v1@example.org>" >/dev/null 2>&1 &&
		git checkout -q maint && pick mails~1 mails &&
		port=$("$SINK" start "$TRASH/sink") &&
		git config quill.smtpServer 127.0.0.1 &&
		git config quill.smtpServerPort "$port" &&
		quill series thanks mails --json >out.json &&
		test "$(jget out.json "[(s[\"sent\"], s[\"mail\"]) for s in d[\"series\"]]")" = "[[true, null]]" &&
		ls "$TRASH/sink/messages" | grep -c "\.eml\$" >n && echo 1 >want && test_cmp want n &&
		m="$TRASH/sink/messages/000001" &&
		grep -q "^In-Reply-To: <mails-v1@example.org>\$" "$m.eml" &&
		grep -q "^\[2/2\] m: add file 2\$" "$m.eml" &&
		/usr/bin/python3 -c "import json,sys; print(sorted(json.load(open(sys.argv[1]))[\"rcpt_tos\"]))" "$m.json" >rc &&
		echo "[${SQ}ada@example.org${SQ}, ${SQ}mails@example.org${SQ}]" >want && test_cmp want rc &&
		git show refs/quill/series/mails:v1/thanked >/dev/null &&
		test_expect_code 1 quill series thanks mails >/dev/null 2>&1 &&
		ls "$TRASH/sink/messages" | grep -c "\.eml\$" >n && echo 1 >want && test_cmp want n
	'
else
	test_skip 'sent over SMTP: the mail arrives at the sink, once' 'no tests/testbed/smtp-sink.sh or no aiosmtpd'
fi

test_done
