#!/bin/sh
# quill series recipients: who each mail goes to (the series' To/Cc, the
# person trailers, .mailmap, the get_maintainer command), the list kept
# with --write / --edit / --reset, and series format using it.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH

# hdr FILE NAME: the first NAME: header of mail FILE, unfolded.
hdr() {
	awk -v h="$2: " '
		/^$/ { exit }
		on && /^[ \t]/ { sub(/^[ \t]+/, " "); v = v $0; next }
		on { exit }
		index($0, h) == 1 { v = substr($0, length(h) + 1); on = 1 }
		END { if (on) print v }' "$1"
}

# commit_with FILE MESSAGE: a commit adding FILE, its message from stdin
# after the subject MESSAGE.
commit_with() {
	echo "$1" >"$1" && git add "$1" && test_tick &&
	{ echo "$2" && echo && cat; } >msg && git commit -q -F msg
}

test_expect_success 'setup: a series with To/Cc and trailers naming people' '
	test_repo r && cd r &&
	echo "Sam New <sam@example.org> <sam.old@example.org>" >.mailmap &&
	git add .mailmap && test_tick && git commit -q -m "mailmap" &&
	quill series new zone --to "Zone List <zone@example.net>" \
		--cc "Rob Revr <rob@example.com>" >/dev/null &&
	printf "zone: the frob\n\nThe body.\n" | quill series edit-cover -F - >/dev/null &&
	commit_with z-1 "zone: step one" <<-\EOF &&
	The first step.

	Reported-by: Rita Rep <rita@example.com>
	Reviewed-by: Rob Revr <ROB@Example.com>
	Cc: zone@example.net
	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_with z-2 "zone: step two" <<-\EOF
	The second step.

	Suggested-by: Sam Old <sam.old@example.org>
	Acked-by: Sam New <SAM@example.org>
	Tested-by: not an address
	Cc: stable@example.net # 6.1+
	Signed-off-by: Ada Author <ADA@example.org>
	EOF
'

cat >expect.base <<\EOF
series zone v1: computed

[PATCH 0/2] zone: the frob
  To: Zone List <zone@example.net>
  Cc: Rob Revr <rob@example.com>
  Cc: Rita Rep <rita@example.com>
  Cc: Sam New <sam@example.org>
  Cc: stable@example.net

[PATCH 1/2] zone: step one
  To: Zone List <zone@example.net>
  Cc: Rob Revr <rob@example.com>
  Cc: Rita Rep <rita@example.com>

[PATCH 2/2] zone: step two
  To: Zone List <zone@example.net>
  Cc: Rob Revr <rob@example.com>
  Cc: Sam New <sam@example.org>
  Cc: stable@example.net
EOF

test_expect_success 'series To/Cc on every mail, trailers on their patch and the cover; sender out, To beats Cc, dedup, mailmap' '
	cd r &&
	quill series recipients >out 2>err &&
	test_cmp ../expect.base out &&
	test_mask_ids err >masked &&
	echo "quill: warning: commit <id12>: Tested-by: ${SQ}not an address${SQ} is not one address (no address in it); left out" >expect &&
	test_cmp expect masked
'

test_expect_success '--to/--cc add to every mail; --no-trailers leaves the trailers out' '
	cd r &&
	quill series recipients --no-trailers --to "New To <nt@example.com>" \
		--cc rob@example.com --cc "Cee <cee@example.com>" >out 2>err &&
	cat >expect <<-\EOF &&
	series zone v1: computed

	[PATCH 0/2] zone: the frob
	  To: Zone List <zone@example.net>
	  To: New To <nt@example.com>
	  Cc: Rob Revr <rob@example.com>
	  Cc: Cee <cee@example.com>

	[PATCH 1/2] zone: step one
	  To: Zone List <zone@example.net>
	  To: New To <nt@example.com>
	  Cc: Rob Revr <rob@example.com>
	  Cc: Cee <cee@example.com>

	[PATCH 2/2] zone: step two
	  To: Zone List <zone@example.net>
	  To: New To <nt@example.com>
	  Cc: Rob Revr <rob@example.com>
	  Cc: Cee <cee@example.com>
	EOF
	test_cmp expect out &&
	test ! -s err
'

test_expect_success 'a --to that is not one address is a usage error' '
	cd r &&
	quill_fails 2 "--to: .a@example.com, b@example.com. is not one address" \
		series recipients --to "a@example.com, b@example.com"
'

test_expect_success '--json: version, stored, maintainer_cmd, each mail' '
	cd r &&
	quill series recipients --json --no-trailers >j 2>err &&
	cat >expect <<-\EOF &&
	{"series": "zone", "version": 1, "stored": false, "maintainer_cmd": null,
	 "mails": [
	  {"index": 0, "subject": "[PATCH 0/2] zone: the frob",
	   "to": ["Zone List <zone@example.net>"], "cc": ["Rob Revr <rob@example.com>"]},
	  {"index": 1, "subject": "[PATCH 1/2] zone: step one",
	   "to": ["Zone List <zone@example.net>"], "cc": ["Rob Revr <rob@example.com>"]},
	  {"index": 2, "subject": "[PATCH 2/2] zone: step two",
	   "to": ["Zone List <zone@example.net>"], "cc": ["Rob Revr <rob@example.com>"]}]}
	EOF
	test_cmp_json expect j
'

test_expect_success 'series format puts the same To/Cc in its headers' '
	cd r &&
	quill series format -o mails >/dev/null 2>err &&
	test "$(hdr mails/0000-cover-letter.patch To)" = "Zone List <zone@example.net>" &&
	test "$(hdr mails/0000-cover-letter.patch Cc)" = \
		"Rob Revr <rob@example.com>, Rita Rep <rita@example.com>, Sam New <sam@example.org>, stable@example.net" &&
	test "$(hdr mails/0001-zone-step-one.patch Cc)" = \
		"Rob Revr <rob@example.com>, Rita Rep <rita@example.com>" &&
	test "$(hdr mails/0002-zone-step-two.patch Cc)" = \
		"Rob Revr <rob@example.com>, Sam New <sam@example.org>, stable@example.net" &&
	grep -c "Tested-by" err >n && test "$(cat n)" = 1
'

test_expect_success 'quill.getMaintainerCmd: run per patch on the patch mail, its lines Cc' '
	cd r &&
	cat >"$TRASH/gm.sh" <<-\EOF &&
	#!/bin/sh
	grep -q "^diff --git a/z-1 " "$1" && echo "Mae Maint <mae@example.com>"
	grep -q "^diff --git a/z-2 " "$1" && echo "list-two@example.net"
	echo "Zone List <zone@example.net>"
	echo "$1" >>"$TRASH/gm.log"
	EOF
	chmod +x "$TRASH/gm.sh" &&
	git config quill.getMaintainerCmd "$TRASH/gm.sh" &&
	quill series recipients --json --no-trailers >j 2>err &&
	test ! -s err &&
	test "$(jget j "d[\"maintainer_cmd\"]")" = "$TRASH/gm.sh" &&
	test "$(jget j "d[\"mails\"][0][\"cc\"]")" = \
		"[\"Rob Revr <rob@example.com>\", \"Mae Maint <mae@example.com>\", \"list-two@example.net\"]" &&
	test "$(jget j "d[\"mails\"][1][\"cc\"]")" = \
		"[\"Rob Revr <rob@example.com>\", \"Mae Maint <mae@example.com>\"]" &&
	test "$(jget j "d[\"mails\"][2][\"cc\"]")" = \
		"[\"Rob Revr <rob@example.com>\", \"list-two@example.net\"]" &&
	test "$(jget j "d[\"mails\"][2][\"to\"]")" = "[\"Zone List <zone@example.net>\"]" &&
	test "$(wc -l <"$TRASH/gm.log")" = 2 &&
	grep -q "/0002-zone-step-two.patch\$" "$TRASH/gm.log" &&
	! test -e "$(tail -n 1 "$TRASH/gm.log")"
'

test_expect_success 'series format does not run the command (no stored list)' '
	cd r &&
	rm -f "$TRASH/gm.log" &&
	quill series format -o mails >/dev/null 2>/dev/null &&
	! test -e "$TRASH/gm.log" &&
	! grep -q mae@example.com mails/*.patch
'

test_expect_success 'a failing get_maintainer command: one warning, exit 0' '
	cd r &&
	printf "#!/bin/sh\necho cannot read MAINTAINERS >&2\nexit 3\n" >"$TRASH/fail.sh" &&
	chmod +x "$TRASH/fail.sh" &&
	git config quill.getMaintainerCmd "$TRASH/fail.sh" &&
	quill series recipients >out 2>err &&
	sed 1d out >body && sed 1d ../expect.base >expect &&
	test_cmp expect body &&
	test "$(head -n 1 out)" = "series zone v1: computed; get_maintainer: $TRASH/fail.sh" &&
	grep -v Tested-by err >warn &&
	test "$(wc -l <warn)" = 1 &&
	grep -q "^quill: warning: get_maintainer command .*fail.sh. failed (.*3: cannot read MAINTAINERS); no recipients from it\$" warn &&
	git config quill.getMaintainerCmd "/nonexistent/gm" &&
	quill series recipients >out 2>err &&
	sed 1d out >body && test_cmp expect body &&
	test "$(grep -c "get_maintainer command" err)" = 1 &&
	git config --unset quill.getMaintainerCmd
'

test_expect_success 'a name with a control character: the address alone, one warning' '
	cd r &&
	printf "#!/bin/sh\nprintf \"Eve\\\\033[31m Red <eve@example.org>\\\\n\"\n" >"$TRASH/esc.sh" &&
	chmod +x "$TRASH/esc.sh" &&
	"$TRASH/esc.sh" | grep -q "$(printf "\033")" &&
	git config quill.getMaintainerCmd "$TRASH/esc.sh" &&
	quill series recipients --json --no-trailers >j 2>err &&
	git config --unset quill.getMaintainerCmd &&
	test "$(jget j "d[\"mails\"][0][\"cc\"]")" = \
		"[\"Rob Revr <rob@example.com>\", \"eve@example.org\"]" &&
	grep "eve@example.org" err >warn &&
	test "$(wc -l <warn)" = 1 &&
	grep -q "^quill: warning: ${SQ}eve@example.org${SQ}: the name cannot go into a header (.*control.*); the address alone is used\$" warn
'

test_expect_success 'a kernel tree: scripts/get_maintainer.pl --nol for To, --nom for Cc' '
	test_repo k && cd k &&
	mkdir scripts &&
	cat >scripts/get_maintainer.pl <<-\EOF &&
	#!/usr/bin/perl
	use strict;
	for my $f (qw(--nogit --nogit-fallback --nogit-chief-penguins --norolestats)) {
		die "get_maintainer: $f missing\n" unless grep { $_ eq $f } @ARGV;
	}
	my $file = $ARGV[-1];
	open(my $fh, "<", $file) or die "cannot open $file\n";
	my $text = join("", <$fh>);
	my $two = $text =~ /^diff --git a\/k-2 /m;
	if (grep { $_ eq "--nol" } @ARGV) {
		print "Kay Keeper <kay\@example.com>\n";
		print "Kim Two <kim\@example.com>\n" if $two;
	}
	if (grep { $_ eq "--nom" } @ARGV) {
		print "kernel-list\@example.net\n";
		print "Kay Keeper <kay\@example.com>\n";
	}
	EOF
	git add scripts && test_tick && git commit -q -m "the script" &&
	quill series new ks >/dev/null &&
	add_patches 2 k &&
	quill series recipients --json >j 2>err &&
	test ! -s err &&
	cat >expect <<-\EOF &&
	{"series": "ks", "version": 1, "stored": false,
	 "maintainer_cmd": "scripts/get_maintainer.pl",
	 "mails": [
	  {"index": 0, "subject": "[PATCH 0/2] EDITME: the subject of the cover letter",
	   "to": ["Kay Keeper <kay@example.com>", "Kim Two <kim@example.com>"],
	   "cc": ["kernel-list@example.net"]},
	  {"index": 1, "subject": "[PATCH 1/2] k: add file 1",
	   "to": ["Kay Keeper <kay@example.com>"], "cc": ["kernel-list@example.net"]},
	  {"index": 2, "subject": "[PATCH 2/2] k: add file 2",
	   "to": ["Kay Keeper <kay@example.com>", "Kim Two <kim@example.com>"],
	   "cc": ["kernel-list@example.net"]}]}
	EOF
	test_cmp_json expect j
'

test_expect_success 'a kernel tree: an empty quill.getMaintainerCmd turns the script off' '
	cd k &&
	git config quill.getMaintainerCmd "" &&
	quill series recipients --json >j &&
	test "$(jget j "d[\"maintainer_cmd\"]")" = null &&
	test "$(jget j "d[\"mails\"][1][\"to\"]")" = "[]" &&
	git config --unset quill.getMaintainerCmd
'

test_expect_success '--write keeps the list in the state (one commit); --reset removes it' '
	cd r &&
	old=$(git rev-parse refs/quill/series/zone) &&
	quill series recipients --write --to "Wes <wes@example.com>" >out 2>/dev/null &&
	head -n 1 out >first &&
	echo "series zone: the list is stored" >expect &&
	test_cmp expect first &&
	test "$(git rev-parse refs/quill/series/zone^)" = "$old" &&
	git show refs/quill/series/zone:recipients >list &&
	test_mask_ids list >masked &&
	cat >expect <<-EOF &&
	# Who each mail goes to: one block per mail, To: and Cc: lines of one
	# address each.  Patches are named by patch-id; ${SQ}#${SQ} starts a comment.
	[cover]
	To: Zone List <zone@example.net>
	To: Wes <wes@example.com>
	Cc: Rob Revr <rob@example.com>
	Cc: Rita Rep <rita@example.com>
	Cc: Sam New <sam@example.org>
	Cc: stable@example.net

	[patch 1 <id>] zone: step one
	To: Zone List <zone@example.net>
	To: Wes <wes@example.com>
	Cc: Rob Revr <rob@example.com>
	Cc: Rita Rep <rita@example.com>

	[patch 2 <id>] zone: step two
	To: Zone List <zone@example.net>
	To: Wes <wes@example.com>
	Cc: Rob Revr <rob@example.com>
	Cc: Sam New <sam@example.org>
	Cc: stable@example.net
	EOF
	test_cmp expect masked &&
	quill series recipients --json >j 2>err &&
	test ! -s err &&
	test "$(jget j "d[\"stored\"]")" = true &&
	test "$(jget j "d[\"mails\"][2][\"to\"]")" = \
		"[\"Zone List <zone@example.net>\", \"Wes <wes@example.com>\"]" &&
	quill series recipients --reset >out &&
	head -n 1 out >first &&
	echo "series zone: the stored list is removed" >expect &&
	test_cmp expect first &&
	test_must_fail git rev-parse -q --verify refs/quill/series/zone:recipients &&
	quill series recipients --json >j 2>/dev/null &&
	test "$(jget j "d[\"stored\"]")" = false
'

test_expect_success '--edit opens the editor on the list; series format uses what it keeps' '
	cd r &&
	GIT_EDITOR="sed -i -e /stable@example.net/d -e \"s/^\\[cover\\]/[cover]\\nTo: Ed <ed@example.com>/\"" \
		quill series recipients --edit >out 2>err &&
	head -n 1 out >first &&
	echo "series zone: the edited list is stored" >expect &&
	test_cmp expect first &&
	git show refs/quill/series/zone:recipients >list &&
	! grep -q stable list &&
	grep -q "^To: Ed <ed@example.com>" list &&
	quill series format -o mails >/dev/null 2>err &&
	test ! -s err &&
	test "$(hdr mails/0000-cover-letter.patch To)" = "Ed <ed@example.com>, Zone List <zone@example.net>" &&
	test "$(hdr mails/0002-zone-step-two.patch Cc)" = \
		"Rob Revr <rob@example.com>, Sam New <sam@example.org>" &&
	test "$(hdr mails/0002-zone-step-two.patch To)" = "Zone List <zone@example.net>"
'

test_expect_success '--edit that leaves a bad address: exit 3 naming the line, list unchanged' '
	cd r &&
	old=$(git rev-parse refs/quill/series/zone) &&
	(GIT_EDITOR="sed -i -e \"s/^To: Ed .*/To: Ed <ed@example.com>, two@example.com/\"" &&
	 export GIT_EDITOR &&
	 quill_fails 3 "the edit is not kept .*QUILL_RECIPIENTS_EDITMSG.*: line 4: .*is not one address" \
		series recipients --edit) &&
	test "$(git rev-parse refs/quill/series/zone)" = "$old" &&
	test -f .git/QUILL_RECIPIENTS_EDITMSG
'

test_expect_success 'a patch the stored list does not name gets the computed ones, with a warning' '
	cd r &&
	echo more >>z-2 && git add z-2 && test_tick && git commit -q --amend --no-edit &&
	quill series recipients >out 2>err &&
	grep -q "^series zone v1: the stored list\$" out &&
	grep -q "the stored recipients name no patch 2 (zone: step two); it gets the computed ones" err &&
	grep -q "the stored recipients, line .*: no patch of the series has patch-id .* that block is not used" err &&
	quill series recipients --json >j 2>/dev/null &&
	test "$(jget j "d[\"mails\"][2][\"cc\"]")" = \
		"[\"Rob Revr <rob@example.com>\", \"Sam New <sam@example.org>\", \"stable@example.net\"]" &&
	test "$(jget j "d[\"mails\"][0][\"to\"]")" = \
		"[\"Ed <ed@example.com>\", \"Zone List <zone@example.net>\"]"
'

test_expect_success 'an edit that is not the list: exit 3 naming the line; from no list, the computed one is edited' '
	cd r &&
	quill series recipients --reset >/dev/null &&
	rm -f .git/QUILL_RECIPIENTS_EDITMSG &&
	printf "[cover]\nTo: ok@example.com\nBcc: x@example.com\n" >bad &&
	(GIT_EDITOR="cp -f bad" && export GIT_EDITOR &&
	 test_expect_code 3 quill series recipients --edit 2>err) &&
	grep -v Tested-by err >e1 &&
	test "$(wc -l <e1)" = 1 &&
	grep -q "^quill: series zone: the edit is not kept (it stays in .*): the recipients list: line 3: neither a heading nor a To: or Cc: line\$" e1 &&
	test_must_fail git rev-parse -q --verify refs/quill/series/zone:recipients &&
	GIT_EDITOR="cat >edited <" quill series recipients --edit >/dev/null 2>&1 &&
	grep -q "^\[patch 2 [0-9a-f]*\] zone: step two\$" edited
'

test_expect_success '--write, --edit and --reset exclude each other' '
	cd r &&
	quill_fails 2 "exclude each other" series recipients --write --reset
'

test_done
