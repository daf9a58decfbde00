#!/bin/sh
# quill mail am: a posted series as an am-ready mbox with the trailers given
# on the list, applied with git am; the same mbox through b4 am; -s, -l,
# -v, a partial reroll, a missing patch, a thread without patches, the
# thread fetched from a real public-inbox server.
. "$(dirname "$0")/lib.sh"

git config --global user.name "Ines Maintainer"
git config --global user.email "ines@example.net"

# patch VER I N MSGID IRT FILE DATE [TRAILER...]: one posted patch mail
# by Mira (patch 2 carries an in-body From: of Tomas).
patch() {
	v=$1 i=$2 n=$3 id=$4 irt=$5 f=$6 d=$7
	shift 7
	pre="[PATCH v$v $i/$n]"
	test "$v" = 1 && pre="[PATCH $i/$n]"
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: Mira Kovac <mira.kovac@example.org>\n'
	printf 'Subject: %s zones: add %s\n' "$pre" "$f"
	printf 'Date: %s\n' "$d"
	printf 'Message-ID: <%s>\n' "$id"
	test -n "$irt" && printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$irt" "$irt"
	printf '\n'
	test "$i" = 2 && printf 'From: Tomas Novak <tomas@example.com>\n\n'
	printf 'Add the file %s (version %s).\n\n' "$f" "$v"
	for t in "$@"; do printf '%s\n' "$t"; done
	printf -- '---\n %s | 1 +\n 1 file changed, 1 insertion(+)\n\n' "$f"
	printf 'diff --git a/%s b/%s\nnew file mode 100644\n--- /dev/null\n+++ b/%s\n' "$f" "$f" "$f"
	printf '@@ -0,0 +1 @@\n+%s v%s\n-- \n2.39.5\n\n' "$f" "$v"
}

# cover VER MSGID N DATE
cover() {
	pre="[PATCH v$1 0/$3]"
	test "$1" = 1 && pre="[PATCH 0/$3]"
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: Mira Kovac <mira.kovac@example.org>\n'
	printf 'Subject: %s zones: three files\nDate: %s\nMessage-ID: <%s>\n\n' "$pre" "$4" "$2"
	printf 'Three files for the zones.\n\n-- \n2.39.5\n\n'
}

# reply MSGID PARENT FROM DATE LINE...
reply() {
	id=$1 p=$2 from=$3 d=$4
	shift 4
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: %s\n' "$from"
	printf 'Subject: Re: zones\nDate: %s\nMessage-ID: <%s>\n' "$d" "$id"
	printf 'In-Reply-To: <%s>\nReferences: <%s>\n\n' "$p" "$p"
	printf '> Some quoted text.\n\n'
	for t in "$@"; do printf '%s\n' "$t"; done
	printf '\n'
}

SOB='Signed-off-by: Mira Kovac <mira.kovac@example.org>'
SOBT='Signed-off-by: Tomas Novak <tomas@example.com>'
D1='Mon, 01 Dec 2025 10:00:00 +0000'
D2='Mon, 08 Dec 2025 10:00:00 +0000'
{
	cover 1 v1-0@example.org 3 "$D1"
	patch 1 1 3 v1-1@example.org v1-0@example.org a.txt "$D1" "$SOB"
	patch 1 2 3 v1-2@example.org v1-0@example.org b.txt "$D1" "$SOBT" "$SOB"
	patch 1 3 3 v1-3@example.org v1-0@example.org c.txt "$D1" "$SOB"
	cover 2 v2-0@example.org 3 "$D2"
	patch 2 1 3 v2-1@example.org v2-0@example.org a.txt "$D2" "$SOB"
	patch 2 2 3 v2-2@example.org v2-0@example.org b.txt "$D2" "$SOBT" "$SOB"
	patch 2 3 3 v2-3@example.org v2-0@example.org c.txt "$D2" "Reported-by: Lena Berg <lena@example.com>" "$SOB"
	reply r-1@example.org v2-2@example.org 'Priya Raman <priya@example.com>' \
		'Tue, 09 Dec 2025 09:00:00 +0000' 'Looks right to me.' '' \
		'Reviewed-by: Priya Raman <priya@example.com>'
	reply r-2@example.org v2-0@example.org 'Jonas Weber <jonas@example.de>' \
		'Tue, 09 Dec 2025 10:00:00 +0000' 'For the series:' '' \
		'Acked-by: Jonas Weber <jonas@example.de>'
} >series.mbox

# apply MBOX DIR: git am it in a new repository; the log as "author|date|message".
apply() {
	test_repo "$2" &&
	(cd "$2" && git am -q "../$1" &&
	 git log --reverse --format='%an <%ae>|%ad|%B' --date=rfc HEAD~3..HEAD)
}

test_expect_success 'the newest version, trailers appended, git am makes the commits' '
	quill mail am --mbox series.mbox -o out.mbx &&
	apply out.mbx r1 >log &&
	cat >expect <<-EOF &&
	Mira Kovac <mira.kovac@example.org>|Mon, 8 Dec 2025 10:00:00 +0000|zones: add a.txt

	Add the file a.txt (version 2).

	$SOB
	Acked-by: Jonas Weber <jonas@example.de>

	Tomas Novak <tomas@example.com>|Mon, 8 Dec 2025 10:00:00 +0000|zones: add b.txt

	Add the file b.txt (version 2).

	$SOBT
	$SOB
	Reviewed-by: Priya Raman <priya@example.com>
	Acked-by: Jonas Weber <jonas@example.de>

	Mira Kovac <mira.kovac@example.org>|Mon, 8 Dec 2025 10:00:00 +0000|zones: add c.txt

	Add the file c.txt (version 2).

	Reported-by: Lena Berg <lena@example.com>
	$SOB
	Acked-by: Jonas Weber <jonas@example.de>

	EOF
	test_cmp expect log &&
	grep "^Subject: " out.mbx >subjects &&
	cat >expect <<-\EOF &&
	Subject: [PATCH v2 1/3] zones: add a.txt
	Subject: [PATCH v2 2/3] zones: add b.txt
	Subject: [PATCH v2 3/3] zones: add c.txt
	EOF
	test_cmp expect subjects
'

test_expect_success 'the same commits as b4 am makes from the same mbox' '
	if ! command -v b4 >/dev/null; then echo "# no b4" >&2; exit 0; fi &&
	b4 -q am -t -o - -m series.mbox v2-0@example.org >b4.mbx 2>b4.err &&
	apply b4.mbx r2 >b4log &&
	apply out.mbx r3 >log &&
	test_cmp b4log log
'

test_expect_success '-s adds the Signed-off-by last, -l a Link: from b4.linkmask' '
	git config --global b4.linkmask "https://lore.example.org/r/%s" &&
	quill mail am --mbox series.mbox -s -l -o sl.mbx &&
	git config --global --unset b4.linkmask &&
	apply sl.mbx r4 >log &&
	grep -A3 "^Reviewed-by" log >tail &&
	cat >expect <<-\EOF &&
	Reviewed-by: Priya Raman <priya@example.com>
	Acked-by: Jonas Weber <jonas@example.de>
	Link: https://lore.example.org/r/v2-2@example.org
	Signed-off-by: Ines Maintainer <ines@example.net>
	EOF
	test_cmp expect tail
'

test_expect_success '--no-cover-trailers, --json' '
	quill mail am --mbox series.mbox --no-cover-trailers --json >json &&
	python3 -c "
import json, sys
d = json.load(open(\"json\"))
print(d[\"version\"], [(p[\"patch\"], p[\"author\"], p[\"added\"]) for p in d[\"patches\"]], d[\"missing\"])
" >got &&
	cat >expect <<-EOF &&
	2 [(1, ${SQ}Mira Kovac <mira.kovac@example.org>${SQ}, []), (2, ${SQ}Tomas Novak <tomas@example.com>${SQ}, [${SQ}Reviewed-by: Priya Raman <priya@example.com>${SQ}]), (3, ${SQ}Mira Kovac <mira.kovac@example.org>${SQ}, [])] []
	EOF
	test_cmp expect got
'

test_expect_success '-v 1 takes the older version' '
	quill mail am --mbox series.mbox -v 1 -o v1.mbx &&
	grep "^Subject: " v1.mbx >subjects &&
	cat >expect <<-\EOF &&
	Subject: [PATCH v1 1/3] zones: add a.txt
	Subject: [PATCH v1 2/3] zones: add b.txt
	Subject: [PATCH v1 3/3] zones: add c.txt
	EOF
	test_cmp expect subjects &&
	apply v1.mbx r5 >log &&
	grep -c "(version 1)" log >n && echo 3 >expect && test_cmp expect n
'

test_expect_success 'a partial reroll is completed from the previous version' '
	{
		cover 1 v1-0@example.org 3 "$D1"
		patch 1 1 3 v1-1@example.org v1-0@example.org a.txt "$D1" "$SOB"
		patch 1 2 3 v1-2@example.org v1-0@example.org b.txt "$D1" "$SOB"
		patch 1 3 3 v1-3@example.org v1-0@example.org c.txt "$D1" "$SOB"
		patch 2 2 3 v2-2@example.org v1-2@example.org b.txt "$D2" "$SOB"
	} >reroll.mbox &&
	quill mail am --mbox reroll.mbox -o re.mbx &&
	apply re.mbx r6 >log &&
	grep "^Add the file" log >got &&
	cat >expect <<-\EOF &&
	Add the file a.txt (version 1).
	Add the file b.txt (version 2).
	Add the file c.txt (version 1).
	EOF
	test_cmp expect got
'

test_expect_success 'a missing patch: named, exit 1; --partial takes the rest' '
	{
		cover 2 v2-0@example.org 3 "$D2"
		patch 2 1 3 v2-1@example.org v2-0@example.org a.txt "$D2" "$SOB"
		patch 2 3 3 v2-3@example.org v2-0@example.org c.txt "$D2" "$SOB"
	} >gap.mbox &&
	test_expect_code 1 quill mail am --mbox gap.mbox -o gap.mbx 2>err &&
	grep "v2: patch 2/3 is not in the input" err &&
	test_line_count() { test "$(wc -l <"$2")" -eq "$1"; } &&
	test_line_count 1 err &&
	! test -e gap.mbx &&
	quill mail am --mbox gap.mbox --partial -o gap.mbx &&
	grep -c "^Subject: " gap.mbx >n && echo 2 >expect && test_cmp expect n
'

test_expect_success 'a thread with no patches: exit 3, one line' '
	reply r-9@example.org nothing@example.org "Priya Raman <priya@example.com>" "$D2" "Hello." >nopatch.mbox &&
	test_expect_code 3 quill mail am --mbox nopatch.mbox -o x.mbx 2>err &&
	test "$(wc -l <err)" -eq 1 && grep "no patches" err
'

test_expect_success 'usage: -o or --json is needed' '
	test_expect_code 2 quill mail am --mbox series.mbox
'

test_expect_success '--mbox with a MSGID: only that thread' '
	{ cat series.mbox; patch 5 1 1 other@example.org "" z.txt "$D2" "$SOB"; } >two.mbox &&
	quill mail am --mbox two.mbox v2-1@example.org -o t.mbx &&
	grep -c "^Subject: \[PATCH v2" t.mbx >n && echo 3 >expect && test_cmp expect n
'

if command -v public-inbox-httpd >/dev/null 2>&1; then
	test_expect_success 'the thread fetched from a public-inbox server' '
		url=$("$TEST_SRC/testbed/lore-server.sh" start series.mbox "$TRASH/lore" 2>lore.err) &&
		quill mail am v2-1@example.org --source "lore:${url}all" -o - >lore.mbx &&
		"$TEST_SRC/testbed/lore-server.sh" stop "$TRASH/lore" &&
		apply lore.mbx r7 >log &&
		apply out.mbx r8 >expect &&
		test_cmp expect log
	'
else
	test_skip 'the thread fetched from a public-inbox server' 'public-inbox-httpd is not installed'
fi

test_done
