#!/bin/sh
# quill series report: the series as one self-contained HTML page - its
# versions on a timeline, each version's patches, the range-diff against
# the version before, the review items pulled from the replies, the
# trailers carried or not, the benchmarks as inline SVG; valid HTML (tidy),
# rendered by a real browser (headless chromium), nothing fetched, and
# hostile text from mail and git shown as text, never run.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-browser.sh"
. "$TEST_SRC/lib-reply.sh"

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH
DATA=$TEST_SRC/data/bench
LORE=https://lore.example.org/zone

RITA="Rita Reviewer <rita@example.com>"
BOB="Bob Builder <bob@example.net>"

# build_series DIR COVER-SUBJECT WHO LIST [SUBJECT]: series zone in DIR
# (lore list LIST) with v1 and v2 frozen as sent (their Message-IDs
# recorded), the replies to both pulled from an mbox (review items,
# trailers), a benchmark on v2, and v3 the working version.  WHO starts
# the reviewers' display names; SUBJECT, when given, is a fourth patch's.
build_series() {
	test_repo "$1" &&
	(
	cd "$1" &&
	quill series new zone --list "$4" >/dev/null &&
	quill series edit-cover -m "$2

Why the zones need a frob." >/dev/null &&
	add_patches 3 zone &&
	if [ -n "$5" ]; then
		echo 4 >zone-4 && git add zone-4 && test_tick && git commit -q -m "$5"
	fi &&
	quill series format >v1.mbox &&
	c1=$(msgid_of v1.mbox "0/") && p12=$(msgid_of v1.mbox "2/") &&
	quill series new-version --msgid "$c1" -m "v1" >/dev/null 2>&1 &&
	echo more >>zone-3 && git add zone-3 && test_tick && git commit -q --amend --no-edit &&
	quill bench add rebind "$DATA/rebind-base.txt" --role base >/dev/null &&
	quill bench add rebind "$DATA/rebind-patched.txt" --role patched --unit ms >/dev/null &&
	quill series format >v2.mbox &&
	c2=$(msgid_of v2.mbox "0/") && p21=$(msgid_of v2.mbox "1/") &&
	quill series new-version --msgid "$c2" -m "v2" >/dev/null 2>&1 &&
	{
	cat v1.mbox &&
	reply "${3}Rita <rita@example.com>" "Mon, 01 Dec 2025 13:00:00 +0000" r1@example.com \
		"Re: [PATCH 0/3] zone" "$c1" <<-EOF &&
	> Why the zones need a frob.

	Does this hold for the movable zone too? $3

	Reviewed-by: ${3}Rita <rita@example.com>
	EOF
	reply "${3}Bob <bob@example.net>" "Mon, 01 Dec 2025 14:00:00 +0000" r2@example.net \
		"Re: [PATCH 2/3]" "$p12" "<$c1>" <<-EOF &&
	> +line 2

	Please rename the file to something that says what it holds. $3
	EOF
	cat v2.mbox &&
	reply "${3}Bob <bob@example.net>" "Tue, 02 Dec 2025 09:00:00 +0000" r4@example.net \
		"Re: [PATCH v2 1/3]" "$p21" "<$c2>" <<-EOF
	Acked-by: ${3}Bob <bob@example.net>
	EOF
	} >all.mbox &&
	quill review pull --source mbox:all.mbox >/dev/null 2>&1
	)
}

# safe FILE: FILE (a page, or the DOM chromium made of it) has no script
# element, no on* attribute, no javascript: (or other scheme's) href, no
# element that fetches (img, link, iframe, object, embed, source, base).
safe() {
	python3 - "$1" <<-\EOF
	import sys
	from html.parser import HTMLParser
	bad = []
	class P(HTMLParser):
	    def handle_starttag(self, tag, attrs):
	        if tag in ("script", "img", "link", "iframe", "object", "embed", "source", "base",
	                   "frame", "audio", "video", "form"):
	            bad.append("element " + tag)
	        for k, v in attrs:
	            if k.lower().startswith("on"):
	                bad.append("attribute %s on %s" % (k, tag))
	            if k.lower() in ("href", "src", "action", "xlink:href", "formaction"):
	                u = "".join(ch for ch in (v or "") if ch > " ").lower()
	                if not (u.startswith("https://") or u.startswith("http://") or u.startswith("#")
	                        or u.startswith("mailto:")):
	                    bad.append("%s=%r on %s" % (k, v, tag))
	P().feed(open(sys.argv[1], encoding="utf-8").read())
	for b in bad:
	    print(b)
	sys.exit(1 if bad else 0)
	EOF
}


test_expect_success 'setup: v1 and v2 sent, their replies pulled, v3 working' '
	build_series r "zone: frob the zones" "" "$LORE" &&
	git -C r show refs/quill/series/zone:v1/review.json >v1.json &&
	jget v1.json "len(d[\"items\"])" >n && test "$(cat n)" -ge 3
'

test_expect_success 'report: writes ./NAME.html and says so' '
	cd r &&
	quill series report >out 2>err &&
	test ! -s err &&
	test -s zone.html &&
	grep "^wrote ./zone.html (.* bytes: 3 versions, 9 patches, [0-9]* review items)$" out
'

test_expect_success 'report -o DIR --json; --dry-run writes nothing' '
	cd r &&
	mkdir out-dir &&
	quill series report zone -o out-dir --json >out.json &&
	test -s out-dir/zone.html &&
	jget out.json "[d[\"path\"], d[\"written\"], d[\"versions\"], d[\"patches\"]]" >got &&
	echo "[\"out-dir/zone.html\", true, 3, 9]" >want && test_cmp want got &&
	cmp out-dir/zone.html zone.html &&
	quill series report -o dry --dry-run --json >dry.json &&
	test ! -e dry &&
	jget dry.json "d[\"written\"]" >got && echo false >want && test_cmp want got
'

test_expect_success 'report -o makes the directories it needs; one that cannot be made fails in one line' '
	cd r &&
	quill series report zone -o deep/er/dir >out &&
	cmp deep/er/dir/zone.html zone.html &&
	echo x >plain &&
	quill_fails 4 "^quill: cannot create plain/sub: Not a directory\$" series report zone -o plain/sub
'

test_expect_success 'quill.reportDir is the default directory' '
	cd r &&
	mkdir conf-dir &&
	git config quill.reportDir conf-dir &&
	quill series report >/dev/null &&
	test -s conf-dir/zone.html &&
	git config --unset quill.reportDir
'

test_expect_success '--open: the written page, absolute, in quill.browser, else web.browser, else $BROWSER' '
	cd r &&
	printf "#!/bin/sh\necho \"\$0 \$*\" >>\"$TRASH/opened\"\necho noise\n" >"$TRASH/browse" &&
	chmod +x "$TRASH/browse" &&
	cp "$TRASH/browse" "$TRASH/web" && cp "$TRASH/browse" "$TRASH/env" &&
	BROWSER="$TRASH/env" quill series report -o open-dir --open --json >out.json &&
	jget out.json "d[\"written\"]" >got && echo true >want && test_cmp want got &&
	echo "$TRASH/env $TRASH/r/open-dir/zone.html" >want && test_cmp want "$TRASH/opened" &&
	git config web.browser "$TRASH/web" &&
	BROWSER="$TRASH/env" quill series report -o open-dir --open >/dev/null &&
	tail -1 "$TRASH/opened" >got && echo "$TRASH/web $TRASH/r/open-dir/zone.html" >want &&
	test_cmp want got &&
	git config quill.browser "$TRASH/browse" &&
	BROWSER="$TRASH/env" quill series report -o open-dir --open >/dev/null &&
	tail -1 "$TRASH/opened" >got && echo "$TRASH/browse $TRASH/r/open-dir/zone.html" >want &&
	test_cmp want got &&
	git config quill.browser false &&
	quill_fails 4 "^quill: the browser .false. failed on $TRASH/r/open-dir/zone.html: " \
		series report -o open-dir --open &&
	test -s open-dir/zone.html &&
	quill_fails 2 "^quill: series report: --open: --dry-run writes no page to open" series report -n --open &&
	git config --unset quill.browser && git config --unset web.browser
'

test_expect_success 'the page holds the timeline, patches, range-diff, items, trailers, plots' '
	cd r &&
	f=zone.html &&
	grep -c "<li><a href=\"#v[123]\"><strong>v[123]</strong></a>" $f >n && test "$(cat n)" = 3 &&
	grep -q "#v3\"><strong>v3</strong></a> (working) &middot; 3 patches &middot; <span class=\"unsent\">not sent" $f &&
	c1=$(msgid_of v1.mbox "0/3") &&
	grep -q "<a href=\"$LORE/$c1/\">&lt;$c1&gt;</a>" $f &&
	grep -q "zone: add file 3" $f &&
	grep -q "<h3>Range-diff against v1</h3>" $f &&
	grep -q "<details><summary><span class=\"mark\">3 ! 3</span> zone: add file 3" $f &&
	grep -q "^<span class=\"rd-add\">    ++more</span>$" $f &&
	grep -q "r2@example.net/\">change-request</a>" $f &&
	grep -q "Reviewed-by: Rita &lt;rita@example.com&gt;" $f &&
	grep -q "not carried: patch changed since v1" $f &&
	grep -q "Acked-by: Bob &lt;bob@example.net&gt;" $f &&
	grep -q "<svg role=\"img\"" $f && grep -q "<title>rebind: " $f &&
	grep -q "<th scope=\"col\">Subject</th>" $f &&
	grep -q "prefers-color-scheme:dark" $f
'

test_expect_success 'no script, no request: the only URLs are the mail links' '
	cd r &&
	! grep -Eiq "<script|<img|<link|<iframe|<object|@import|url\(| on[a-z]+=" zone.html &&
	sed "s/<a href=\"https:[^\"]*\">[^<]*<\/a>//g" zone.html >rest &&
	! grep -i "http" rest
'

if [ -n "$have_tidy" ]; then
	test_expect_success 'tidy finds no error' '
		cd r &&
		tidy_ok zone.html
	'
else
	test_skip 'tidy finds no error' 'no tidy here'
fi

if [ -n "$have_chromium" ]; then
	test_expect_success 'chromium: the DOM holds every version, subject and item' '
		cd r &&
		dom "$PWD/zone.html" >dom.html &&
		for t in "v1" "v2" "v3 (working)" "zone: add file 1" "zone: add file 2" \
			"zone: add file 3" "change-request" "question" "Reviewed-by: Rita" \
			"Acked-by: Bob" "patch changed since v1"; do
			grep -qF "$t" dom.html || { echo "not in the DOM: $t"; return 1; }
		done
	'
	test_expect_success 'chromium: a screenshot at 360 px is not blank' '
		cd r &&
		screenshot "$PWD/zone.html" "$PWD/shot.png" 360 800
	'
else
	test_skip 'chromium: the DOM holds every version, subject and item' 'no chromium here'
	test_skip 'chromium: a screenshot at 360 px is not blank' 'no chromium here'
fi

EVIL='<script>alert(1)</script> "onerror=x '"'"'q'"'"' <img src=x onerror=alert(1)> javascript:alert(1)'

test_expect_success 'hostile: subjects, names and bodies with markup, quotes and javascript:' '
	build_series h "zone: $EVIL" "$EVIL " "javascript:alert(1)" "zone: $EVIL" &&
	cd h &&
	quill series report >out 2>err &&
	test -s zone.html &&
	git log --format=%s -1 >subj && grep -qF "<script>alert(1)</script>" subj
'

test_expect_success 'hostile: the page holds them as text: no script, no on*, no javascript: href' '
	cd h &&
	safe zone.html &&
	grep -qF "zone: &lt;script&gt;alert(1)&lt;/script&gt; &quot;onerror=x &#39;q&#39; &lt;img" zone.html &&
	! grep -qF "<script" zone.html &&
	sed "s/<a href=\"https:[^\"]*\">[^<]*<\/a>//g" zone.html >rest &&
	! grep -i "http" rest
'

test_expect_success 'the checker itself finds a script, an on* attribute and a javascript: link' '
	printf "<p><script>x</script></p>\n" >s.html && test_must_fail safe s.html &&
	printf "<p><b onclick=x>b</b></p>\n" >o.html && test_must_fail safe o.html &&
	printf "<p><a href=\" JavaScript:x\">a</a></p>\n" >j.html && test_must_fail safe j.html &&
	printf "<p><a href=\"https://lore.example.org/m/\">a</a></p>\n" >ok.html && safe ok.html
'

if [ -n "$have_tidy" ]; then
	test_expect_success 'hostile: tidy finds no error' '
		cd h &&
		tidy_ok zone.html
	'
	test_expect_success 'tidy_ok itself fails on misnested and unclosed elements' '
		printf "<!DOCTYPE html><html><head><title>x</title></head><body><p><b>x</p><div></body></html>\\n" >bad.html &&
		test_must_fail tidy_ok bad.html
	'
else
	test_skip 'hostile: tidy finds no error' 'no tidy here'
fi

if [ -n "$have_chromium" ]; then
	test_expect_success 'hostile: the DOM chromium builds has no script, on* or javascript: href' '
		cd h &&
		dom "$PWD/zone.html" >dom.html &&
		grep -qF "&lt;script&gt;alert(1)&lt;/script&gt;" dom.html &&
		safe dom.html
	'
	test_expect_success 'chromium fetches nothing for either page (and would see an image)' '
		fetches "$TRASH/r/zone.html" >got &&
		test_cmp /dev/null got &&
		fetches "$TRASH/h/zone.html" >got &&
		test_cmp /dev/null got &&
		printf "<!DOCTYPE html><title>x</title><img src=\"http://example.invalid/a.png\" alt=\"\">\n" >img.html &&
		fetches "$TRASH/img.html" >got &&
		grep -q "example.invalid" got
	'
else
	test_skip 'hostile: the DOM chromium builds has no script, on* or javascript: href' 'no chromium here'
	test_skip 'chromium fetches nothing for either page (and would see an image)' 'no chromium here'
fi

test_expect_success 'a trailer declined by its person is not carried; given again later, it is' '
	test_repo od && cd od &&
	quill series new odd >/dev/null &&
	echo 1 >odd-1 && git add odd-1 && test_tick &&
	git commit -q -m "odd: add file 1" -m "Suggested-by: Oren Vasko <oren@example.com>" &&
	echo 2 >odd-2 && git add odd-2 && test_tick && git commit -q -m "odd: add file 2" &&
	quill series format >v1.mbox &&
	c1=$(msgid_of v1.mbox "0/") && p1=$(msgid_of v1.mbox "1/2") &&
	quill series new-version --msgid "$c1" -m "v1" >/dev/null 2>&1 &&
	{
	cat v1.mbox &&
	reply "Oren Vasko <oren@example.com>" "Mon, 01 Dec 2025 13:00:00 +0000" o1@example.com \
		"Re: [PATCH 1/2] odd: add file 1" "$p1" "<$c1>" <<-EOF
	> Suggested-by: Oren Vasko <oren@example.com>

	I did not suggest this: please drop my Suggested-by.
	EOF
	} >declined.mbox &&
	quill review pull --source mbox:declined.mbox >/dev/null 2>&1 &&
	quill series report -o one >/dev/null &&
	grep -q "Suggested-by: Oren Vasko &lt;oren@example.com&gt;.*not carried: declined by Oren Vasko &lt;oren@example.com&gt; on v1" one/odd.html &&
	{
	cat declined.mbox &&
	reply "Oren Vasko <oren@example.com>" "Mon, 01 Dec 2025 15:00:00 +0000" o2@example.com \
		"Re: [PATCH 1/2] odd: add file 1" "$p1" "<$c1> <o1@example.com>" <<-EOF
	On second thought, it was my idea after all.

	Suggested-by: Oren Vasko <oren@example.com>
	EOF
	} >again.mbox &&
	quill review pull --source mbox:again.mbox >/dev/null 2>&1 &&
	quill series report -o two >/dev/null &&
	! grep -q "declined by" two/odd.html &&
	grep -q "Suggested-by: Oren Vasko &lt;oren@example.com&gt;.*<td>v1</td><td>yes</td>" two/odd.html
'

test_done
