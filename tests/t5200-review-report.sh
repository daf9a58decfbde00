#!/bin/sh
# quill review report: the list view of a maintainer - every series in the
# mail with its versions, its state from the replies' review items (acked,
# NAKed, changes requested, reviewed, new), who acked it and its open
# questions - as DIR/index.html and a page per series, from the mail
# alone; valid HTML (tidy), rendered by headless chromium, hostile text
# from the mail shown as text, never run.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-mail.sh"
. "$TEST_SRC/lib-browser.sh"

RITA="Rita Reviewer <rita@example.com>"
BOB="Bob Builder <bob@example.net>"
EVIL='"<script>alert(1)</script>" <rita@example.com>'

# patch ID SUBJECT MINUTES [FROM] [N]: a patch mail (a diff for file fN)
patch() {
	MAIL_BODY=$(mail_patch "${5:-1}") mail_msg "$1" "$2" "" "" "$3" "${4:-}"
}

# answer ID PARENT SUBJECT MINUTES FROM BODY
answer() {
	MAIL_BODY=$6 mail_msg "$1" "$3" "$2" "<$2>" "$4" "$5"
}

test_expect_success 'setup: five series and their replies in one mbox' '
	{
	MAIL_BODY="Two frobs." mail_msg c1@x "[PATCH 0/2] frob the zones" "" "" 0 &&
	MAIL_BODY=$(mail_patch 1) mail_msg p11@x "[PATCH 1/2] zone: frob" c1@x "<c1@x>" 1 &&
	MAIL_BODY=$(mail_patch 2) mail_msg p12@x "[PATCH 2/2] zone: unfrob" c1@x "<c1@x>" 1 &&
	answer r1@x c1@x "Re: [PATCH 0/2] frob the zones" 30 "$RITA" "> Two frobs.

Acked-by: $RITA" &&
	patch n1@x "[PATCH] mm: drop the cache" 40 "$BOB" 3 &&
	answer r2@x n1@x "Re: [PATCH] mm: drop the cache" 50 "$RITA" "> a change

Nacked-by: $RITA" &&
	patch h1@x "[PATCH] net: rename the queue" 60 "" 4 &&
	answer r3@x h1@x "Re: [PATCH] net: rename the queue" 70 "$RITA" "> a change

Please rename the helper to queue_put as well." &&
	patch g1@x "[PATCH] ring: peek" 80 "" 5 &&
	answer r4@x g1@x "Re: [PATCH] ring: peek" 90 "$BOB" "> a change

Please split this patch." &&
	patch g2@x "[PATCH v2] ring: peek" 1500 "" 5 &&
	answer r5@x g2@x "Re: [PATCH v2] ring: peek" 1510 "$BOB" "> a change

Does this hold on big-endian machines?" &&
	patch e1@x "[PATCH] <script>alert(1)</script><img src=x onerror=alert(2)>" 100 "$EVIL" 6 &&
	answer r6@x e1@x "Re: evil" 110 "$EVIL" "> a change

Please see <a href=\"javascript:alert(3)\" onclick=\"alert(4)\">this</a> and javascript:alert(5) now."
	} >list.mbox
'

# rows FILE: "NAME|VERSIONS|STATE|WHO|QUESTIONS" per row of the series table
rows() {
	python3 - "$1" <<-\EOF
	import sys
	from html.parser import HTMLParser
	class P(HTMLParser):
	    def __init__(s):
	        super().__init__(); s.rows = []; s.cell = None; s.row = None
	    def handle_starttag(s, t, a):
	        if t == "tr": s.row = []
	        elif t in ("td", "th") and s.row is not None: s.cell = ""
	        elif t == "br" and s.cell is not None: s.cell += ","
	    def handle_endtag(s, t):
	        if t in ("td", "th") and s.cell is not None: s.row.append(s.cell.strip()); s.cell = None
	        elif t == "tr" and s.row: s.rows.append(s.row); s.row = None
	    def handle_data(s, d):
	        if s.cell is not None: s.cell += d
	p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
	for r in p.rows[1:]:
	    print("|".join([r[0], r[2], r[3], r[4], r[5]]))
	EOF
}

# safe FILE...: no script element, no on* attribute, no link but http(s),
# mailto and relative ones, no element that fetches, in any FILE
safe() {
	python3 - "$@" <<-\EOF
	import sys
	from html.parser import HTMLParser
	bad = []
	class P(HTMLParser):
	    def handle_starttag(s, t, a):
	        if t in ("script", "img", "iframe", "object", "embed", "link", "base", "source"):
	            bad.append(t)
	        for k, v in a:
	            if k.startswith("on"): bad.append(k)
	            if k in ("href", "src") and ":" in (v or "").split("/")[0] and \
	               not (v or "").lower().startswith(("http:", "https:", "mailto:")):
	                bad.append(v)
	for f in sys.argv[1:]:
	    P().feed(open(f, encoding="utf-8").read())
	print(bad)
	sys.exit(1 if bad else 0)
	EOF
}

test_expect_success 'the index lists each series with its state, acks and questions' '
	quill review report --mbox list.mbox -o out >got 2>err &&
	grep "^wrote out/index.html and 5 series pages" got &&
	rows out/index.html >rows &&
	cat rows &&
	grep -Fx "ring: peek|v1 v2|reviewed||1" rows &&
	grep -Fx "frob the zones|v1|acked|Acked-by: $RITA|0" rows &&
	grep -Fx "mm: drop the cache|v1|NAKed|$RITA|0" rows &&
	grep -Fx "net: rename the queue|v1|changes requested (1)||0" rows &&
	[ "$(wc -l <rows)" = 5 ]
'

test_expect_success 'newest first; each series has its page, linked from the index' '
	head -n 1 rows | grep "^ring: peek|" &&
	ls out/series >pages && [ "$(wc -l <pages)" = 5 ] &&
	for p in $(cat pages); do grep -F "href=\"series/$p\"" out/index.html || exit 1; done &&
	ring=$(grep -l "ring: peek" out/series/*.html) &&
	grep -F "Does this hold on big-endian machines?" "$ring" &&
	grep -F "Please split this patch." "$ring" &&
	grep -F "<h2 id=\"questions\">Open questions on v2</h2>" "$ring" &&
	grep -F "href=\"https://lore.kernel.org/all/g2@x/\"" "$ring" &&
	grep -F "href=\"../index.html\"" "$ring"
'

test_expect_success 'hostile subjects, names and bodies are text, never markup or links' '
	safe out/index.html out/series/*.html &&
	! grep -i "<script\|<img\|<a href=\"javascript" out/index.html out/series/*.html &&
	grep -F "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;" out/index.html &&
	grep -F "&quot;javascript:alert(3)&quot; onclick=&quot;alert(4)&quot;" out/series/*.html
'

test_expect_success 'safe itself fails on a script, an on* attribute, a javascript: link' '
	echo "<p onclick=\"x\">a</p>" >bad1.html && test_must_fail safe bad1.html &&
	echo "<a href=\"javascript:x\">a</a>" >bad2.html && test_must_fail safe bad2.html &&
	echo "<script>x</script>" >bad3.html && test_must_fail safe bad3.html
'

test_expect_success '--since keeps the series whose last message is newer' '
	quill review report --mbox list.mbox --since 2025-12-01T12:00:00Z -o since --json >got &&
	rows since/index.html >rows &&
	[ "$(wc -l <rows)" = 1 ] && grep "^ring: peek|" rows &&
	jget got "d[\"series\"]" >n && echo 1 >want && test_cmp want n &&
	quill review report list.mbox --since 2025-12-03 -o late >/dev/null &&
	grep "No series in the mail." late/index.html &&
	quill_fails 2 "not a date" review report list.mbox --since tomorrow
'

test_expect_success '--dry-run writes nothing; --json counts the states' '
	quill review report --source mbox:list.mbox -n -o dry --json >got &&
	[ ! -e dry ] &&
	jget got "d[\"written\"]" >w && echo false >want && test_cmp want w &&
	jget got "d[\"states\"][\"acked\"]" >n && echo 1 >want && test_cmp want n &&
	jget got "d[\"states\"][\"nak\"]" >n && test_cmp want n &&
	jget got "d[\"states\"][\"changes\"]" >n && echo 2 >want && test_cmp want n &&
	quill_fails 2 "no mail" review report -o x
'

test_expect_success 'sixty series: every page written (two threads), each its own; a page that cannot be written is one error' '
	for i in $(seq 1 60); do
		patch "m$i@x" "[PATCH] zone$i: frob" "$i" "" "$i" || exit 1
	done >many.mbox &&
	quill review report --mbox many.mbox -o many >got &&
	grep "and 60 series pages" got &&
	ls many/series >pages && [ "$(wc -l <pages)" = 60 ] &&
	for i in $(seq 1 60); do
		p=$(grep "^zone$i-frob-" pages) &&
		grep -F "<h1>zone$i: frob</h1>" "many/series/$p" &&
		grep -F "href=\"series/$p\"" many/index.html || exit 1
	done &&
	mkdir -p broken/series/$(sed -n 50p pages)/x &&
	quill_fails 4 "cannot write broken/series/$(sed -n 50p pages): " \
		review report --mbox many.mbox -o broken &&
	[ ! -e broken/index.html ]
'

test_expect_success '--open: DIR/index.html, absolute, in the browser once written' '
	printf "#!/bin/sh\necho \"\$*\" >>\"$TRASH/opened\"\n" >browse && chmod +x browse &&
	BROWSER="$TRASH/browse" quill review report --mbox list.mbox -o open-dir --open --json >got &&
	jget got "d[\"written\"]" >w && echo true >want && test_cmp want w &&
	echo "$TRASH/open-dir/index.html" >want && test_cmp want opened &&
	BROWSER=false quill_fails 4 "^quill: the browser .false. failed on $TRASH/open-dir/index.html: " \
		review report --mbox list.mbox -o open-dir --open &&
	quill_fails 2 "^quill: review report: --open: --dry-run writes no page to open" \
		review report --mbox list.mbox -n --open
'

if [ -n "$have_tidy" ]; then
	test_expect_success 'tidy finds no error or warning in the index and the pages' '
		tidy_ok out/index.html &&
		for p in out/series/*.html; do tidy_ok "$p" || exit 1; done
	'
else
	test_skip 'tidy finds no error or warning in the index and the pages' 'no tidy here'
fi

if [ -n "$have_chromium" ]; then
	test_expect_success 'chromium builds the table; the page is not blank' '
		dom "$TRASH/out/index.html" >dom.html &&
		grep -F "changes requested" dom.html &&
		grep -F "ring: peek" dom.html &&
		! grep -i "<script" dom.html &&
		screenshot "$TRASH/out/index.html" shot.png 1000 700 &&
		screenshot "$TRASH/out/index.html" narrow.png 360 700
	'
	test_expect_success 'chromium fetches nothing for the index or a page (and would see an image)' '
		fetches "$TRASH/out/index.html" >got && test_cmp /dev/null got &&
		fetches "$(ls "$TRASH"/out/series/*.html | head -n 1)" >got && test_cmp /dev/null got &&
		printf "<!DOCTYPE html><title>x</title><img src=\"http://example.invalid/a.png\" alt=\"\">\n" >img.html &&
		fetches "$TRASH/img.html" >got &&
		grep -q "example.invalid" got
	'
else
	test_skip 'chromium builds the table; the page is not blank' 'no chromium here'
	test_skip 'chromium fetches nothing for the index or a page (and would see an image)' 'no chromium here'
fi

test_done
