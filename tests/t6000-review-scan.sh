#!/bin/sh
# quill review scan: replies threaded onto the version and patch they
# answer (a reply to a reply, a partial reroll in reply to an older
# version, a reply below a message that is not in the mailbox), what
# answers nothing left out, the posted messages' trailers and patch-ids,
# the text view, --thread through an archive, bad input.
#
# The kinds and the threading are both checked exactly (each kind's rules
# on their own phrasings are in the review items' tests).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

if ! command -v python3 >/dev/null; then
	skip_all "no python3 to read the JSON"
fi

# The mailbox, in this order:
#   v1-cover v1-1 v1-2 v1-3      [PATCH 0/3] .. [PATCH 3/3] by Mira
#   r-priya    -> v1-1           Priya, named in v1-1's Suggested-by
#   r-mira     -> r-priya        the author answers the reply (inherits v1 1/3)
#   r-tomas0   -> v1-cover       Tomas (an RFC 2047 name), on the cover
#   r-tomas3   -> v1-3
#   v2-2       -> v1-cover       [PATCH v2 2/3]: a partial reroll
#   r-v2       -> v2-2           Tomas, quoted-printable
#   r-v2-again -> r-v2           Priya, below it (inherits v2 2/3)
#   r-gap      -> (lost) -> v1-2 its parent is not in the mailbox: References
#                                still lead to v1-2
#   r-lost     -> nothing here   answers a thread that is not in the input
#   notes                        a message on no thread
#   v1-4                         "[PATCH 4/3]" with no diff: not posted
cat >box <<\EOF
From mboxrd@z Thu Jan  1 00:00:00 1970
From: Mira Kovac <mira.kovac@example.org>
Subject: [PATCH 0/3] mm: initialise zones lazily
Date: Mon, 01 Dec 2025 10:00:00 +0000
Message-ID: <v1-cover@example.org>

Boot time on a 4 TB machine drops by a second with this series.

Mira Kovac (3):
  mm: add zone_init_lazy()
  mm: defer the free lists
  mm: document lazy zone init

 mm/zone.c | 3 +++
 1 file changed, 3 insertions(+)

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Mira Kovac <mira.kovac@example.org>
Subject: [PATCH 1/3] mm: add zone_init_lazy()
Date: Mon, 01 Dec 2025 10:01:00 +0000
Message-ID: <v1-1@example.org>
In-Reply-To: <v1-cover@example.org>
References: <v1-cover@example.org>

Add the hook the next patches use.

Suggested-by: Priya Raman <priya@example.com>
Signed-off-by: Mira Kovac <mira.kovac@example.org>
---
 mm/zone.c | 1 +
 1 file changed, 1 insertion(+)

diff --git a/mm/zone.c b/mm/zone.c
index 1111111..2222222 100644
--- a/mm/zone.c
+++ b/mm/zone.c
@@ -1,3 +1,4 @@
 #include "zone.h"
+#include "lazy.h"
 
 int zone_count;
-- 
2.39.5

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Mira Kovac <mira.kovac@example.org>
Subject: [PATCH 2/3] mm: defer the free lists
Date: Mon, 01 Dec 2025 10:02:00 +0000
Message-ID: <v1-2@example.org>
In-Reply-To: <v1-cover@example.org>
References: <v1-cover@example.org>

Free lists are built on first use.

Signed-off-by: Mira Kovac <mira.kovac@example.org>
---
diff --git a/mm/free.c b/mm/free.c
--- a/mm/free.c
+++ b/mm/free.c
@@ -10,2 +10,3 @@
 void free_init(void)
+	defer();
 {
-- 
2.39.5

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Mira Kovac <mira.kovac@example.org>
Subject: [PATCH 3/3] mm: document lazy zone init
Date: Mon, 01 Dec 2025 10:03:00 +0000
Message-ID: <v1-3@example.org>
In-Reply-To: <v1-cover@example.org>
References: <v1-cover@example.org>

Signed-off-by: Mira Kovac <mira.kovac@example.org>
---
diff --git a/Documentation/mm/zone.rst b/Documentation/mm/zone.rst
--- a/Documentation/mm/zone.rst
+++ b/Documentation/mm/zone.rst
@@ -1 +1,2 @@
 Zones
+Zones are initialised on first use.
-- 
2.39.5

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Priya Raman <priya@example.com>
Subject: Re: [PATCH 1/3] mm: add zone_init_lazy()
Date: Mon, 01 Dec 2025 10:30:00 +0000
Message-ID: <r-priya@example.com>
In-Reply-To: <v1-1@example.org>
References: <v1-cover@example.org> <v1-1@example.org>

On Mon, Dec 01, 2025 at 10:01:00AM +0000, Mira Kovac wrote:
> Suggested-by: Priya Raman <priya@example.com>

I did not suggest this; please drop my Suggested-by.

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Mira Kovac <mira.kovac@example.org>
Subject: Re: [PATCH 1/3] mm: add zone_init_lazy()
Date: Mon, 01 Dec 2025 10:40:00 +0000
Message-ID: <r-mira@example.org>
In-Reply-To: <r-priya@example.com>
References: <v1-cover@example.org> <v1-1@example.org> <r-priya@example.com>

> I did not suggest this; please drop my Suggested-by.

Sorry, I will drop it in v2.

From mboxrd@z Thu Jan  1 00:00:00 1970
From: =?UTF-8?Q?Tom=C3=A1s_Lindqvist?= <tomas@example.net>
Subject: Re: [PATCH 0/3] mm: initialise zones lazily
Date: Mon, 01 Dec 2025 10:50:00 +0000
Message-ID: <r-tomas0@example.net>
In-Reply-To: <v1-cover@example.org>
References: <v1-cover@example.org>

> Boot time on a 4 TB machine drops by a second with this series.

What's the object file size change?

From mboxrd@z Thu Jan  1 00:00:00 1970
From: =?UTF-8?Q?Tom=C3=A1s_Lindqvist?= <tomas@example.net>
Subject: Re: [PATCH 3/3] mm: document lazy zone init
Date: Mon, 01 Dec 2025 10:55:00 +0000
Message-ID: <r-tomas3@example.net>
In-Reply-To: <v1-3@example.org>
References: <v1-cover@example.org> <v1-3@example.org>

The wording reads well to me.

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Mira Kovac <mira.kovac@example.org>
Subject: [PATCH v2 2/3] mm: defer the free lists
Date: Mon, 01 Dec 2025 11:40:00 +0000
Message-ID: <v2-2@example.org>
In-Reply-To: <v1-cover@example.org>
References: <v1-cover@example.org>

Free lists are built on first use, now under the zone lock.

Signed-off-by: Mira Kovac <mira.kovac@example.org>
---
diff --git a/mm/free.c b/mm/free.c
--- a/mm/free.c
+++ b/mm/free.c
@@ -10,2 +10,4 @@
 void free_init(void)
+	lock();
+	defer();
 {
-- 
2.39.5

From mboxrd@z Thu Jan  1 00:00:00 1970
From: =?UTF-8?Q?Tom=C3=A1s_Lindqvist?= <tomas@example.net>
Subject: Re: [PATCH v2 2/3] mm: defer the free lists
Date: Mon, 01 Dec 2025 12:00:00 +0000
Message-ID: <r-v2@example.net>
In-Reply-To: <v2-2@example.org>
References: <v1-cover@example.org> <v2-2@example.org>
MIME-Version: 1.0
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: quoted-printable

Looks right now.=20

Reviewed-by: Tom=C3=A1s Lindqvist <tomas@example.net>

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Priya Raman <priya@example.com>
Subject: Re: [PATCH v2 2/3] mm: defer the free lists
Date: Mon, 01 Dec 2025 12:10:00 +0000
Message-ID: <r-v2-again@example.com>
In-Reply-To: <r-v2@example.net>
References: <v1-cover@example.org> <v2-2@example.org> <r-v2@example.net>

Agreed, thanks.

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Priya Raman <priya@example.com>
Subject: Re: [PATCH 2/3] mm: defer the free lists
Date: Mon, 01 Dec 2025 12:20:00 +0000
Message-ID: <r-gap@example.com>
In-Reply-To: <lost@example.com>
References: <v1-cover@example.org> <v1-2@example.org> <lost@example.com>

Is the lock needed here?

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Priya Raman <priya@example.com>
Subject: Re: [PATCH] net: an older series
Date: Mon, 01 Dec 2025 12:30:00 +0000
Message-ID: <r-lost@example.com>
In-Reply-To: <elsewhere@example.com>
References: <elsewhere@example.com>

This answers a thread that is not here.

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Priya Raman <priya@example.com>
Subject: meeting notes
Date: Mon, 01 Dec 2025 12:40:00 +0000
Message-ID: <notes@example.com>

No patch here.

From mboxrd@z Thu Jan  1 00:00:00 1970
From: Mira Kovac <mira.kovac@example.org>
Subject: [PATCH 4/3] mm: an afterthought
Date: Mon, 01 Dec 2025 12:50:00 +0000
Message-ID: <v1-4@example.org>

This says [PATCH] but carries no diff.

EOF

test_expect_success 'scan --json: every reply on its version and patch, in thread order' '
	quill review scan --json box >j 2>err &&
	test ! -s err &&
	python3 - j >got <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1], encoding="utf-8"))
	seen = []
	for it in d["items"]:
	    row = (it["msgid"], it["version"], it["patch"], it["author"], it["link"], it["date"])
	    if not seen or seen[-1] != row:
	        seen.append(row)
	for row in seen:
	    print(*row)
	PY
	cat >want <<-\EOF &&
	r-priya@example.com 1 1 Priya Raman <priya@example.com> https://lore.kernel.org/all/r-priya@example.com/ 2025-12-01T10:30:00Z
	r-mira@example.org 1 1 Mira Kovac <mira.kovac@example.org> https://lore.kernel.org/all/r-mira@example.org/ 2025-12-01T10:40:00Z
	r-gap@example.com 1 2 Priya Raman <priya@example.com> https://lore.kernel.org/all/r-gap@example.com/ 2025-12-01T12:20:00Z
	r-tomas3@example.net 1 3 Tomás Lindqvist <tomas@example.net> https://lore.kernel.org/all/r-tomas3@example.net/ 2025-12-01T10:55:00Z
	r-tomas0@example.net 1 0 Tomás Lindqvist <tomas@example.net> https://lore.kernel.org/all/r-tomas0@example.net/ 2025-12-01T10:50:00Z
	r-v2@example.net 2 2 Tomás Lindqvist <tomas@example.net> https://lore.kernel.org/all/r-v2@example.net/ 2025-12-01T12:00:00Z
	r-v2-again@example.com 2 2 Priya Raman <priya@example.com> https://lore.kernel.org/all/r-v2-again@example.com/ 2025-12-01T12:10:00Z
	EOF
	test_cmp want got
'

test_expect_success 'every item has the keys DESIGN fixes; a status open; ids unique' '
	python3 - j <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1], encoding="utf-8"))
	keys = ["id", "kind", "author", "date", "msgid", "link", "version", "patch",
	        "text", "quoted", "trailer", "status"]
	kinds = {"trailer", "nak", "question", "change-request", "trailer-objection",
	         "results", "promise", "comment"}
	ids = set()
	for it in d["items"]:
	    assert list(it) == keys, list(it)
	    assert it["kind"] in kinds, it
	    assert it["status"] == "open", it
	    assert len(it["id"]) == 12 and it["id"] not in ids, it
	    ids.add(it["id"])
	    assert isinstance(it["text"], str) and isinstance(it["quoted"], str)
	    if it["kind"] not in ("trailer", "nak", "trailer-objection"):
	        assert it["trailer"] is None, it
	PY
'

test_expect_success 'the kinds of the items, exactly, reply by reply' '
	jget j "\"\\n\".join(\"%s %s\" % (i[\"msgid\"], i[\"kind\"]) for i in d[\"items\"])" >got &&
	cat >want <<-\EOF &&
	r-priya@example.com trailer-objection
	r-mira@example.org promise
	r-gap@example.com question
	r-tomas3@example.net comment
	r-tomas0@example.net question
	r-v2@example.net trailer
	r-v2-again@example.com comment
	EOF
	test_cmp want got
'

test_expect_success 'counts: messages read, replies threaded, what answers nothing' '
	test "$(jget j "[d[k] for k in (\"messages\", \"replies\", \"unthreaded\")]")" = "[15, 7, 3]" &&
	test "$(jget j "sorted(set(i[\"msgid\"] for i in d[\"items\"]) & {\"r-lost@example.com\", \"notes@example.com\", \"v1-4@example.org\"})")" = "[]"
'

test_expect_success 'the posted messages: version, patch, total, in input order' '
	python3 -c "
import json, sys
for p in json.load(open(sys.argv[1]))[\"posted\"]:
    print(p[\"msgid\"], p[\"version\"], p[\"patch\"], p[\"total\"], p[\"from\"], p[\"date\"])
" j >got &&
	cat >want <<-\EOF &&
	v1-cover@example.org 1 0 3 Mira Kovac <mira.kovac@example.org> 2025-12-01T10:00:00Z
	v1-1@example.org 1 1 3 Mira Kovac <mira.kovac@example.org> 2025-12-01T10:01:00Z
	v1-2@example.org 1 2 3 Mira Kovac <mira.kovac@example.org> 2025-12-01T10:02:00Z
	v1-3@example.org 1 3 3 Mira Kovac <mira.kovac@example.org> 2025-12-01T10:03:00Z
	v2-2@example.org 2 2 3 Mira Kovac <mira.kovac@example.org> 2025-12-01T11:40:00Z
	EOF
	test_cmp want got
'

test_expect_success 'a posted patch: its trailers, and the patch-id git patch-id --stable gives' '
	test "$(jget j "d[\"posted\"][1][\"trailers\"]")" = \
		"[\"Suggested-by: Priya Raman <priya@example.com>\", \"Signed-off-by: Mira Kovac <mira.kovac@example.org>\"]" &&
	test "$(jget j "d[\"posted\"][0][\"patch_id\"]")" = null &&
	awk "/^Message-ID: <v1-1@/ { on = 1 } on && /^From mboxrd/ { exit } on" box >v1-1.mail &&
	git patch-id --stable <v1-1.mail >pid &&
	test -s pid &&
	test "$(jget j "d[\"posted\"][1][\"patch_id\"]")" = "$(cut -d" " -f1 pid)" &&
	awk "/^Message-ID: <v2-2@/ { on = 1 } on && /^From mboxrd/ { exit } on" box >v2-2.mail &&
	git patch-id --stable <v2-2.mail >pid2 &&
	test "$(jget j "d[\"posted\"][4][\"patch_id\"]")" = "$(cut -d" " -f1 pid2)" &&
	test "$(cut -d" " -f1 pid)" != "$(cut -d" " -f1 pid2)"
'

test_expect_success 'links follow quill.lore' '
	mkdir -p home2 &&
	printf "[quill]\n\tlore = http://127.0.0.1:1/inbox/\n" >home2/.gitconfig &&
	HOME=$TRASH/home2 quill review scan --json box >jl &&
	test "$(jget jl "d[\"items\"][0][\"link\"]")" = "http://127.0.0.1:1/inbox/r-priya@example.com/"
'

test_expect_success 'text view: grouped by version and patch, each item with author and link' '
	quill review scan box >out 2>err &&
	test ! -s err &&
	grep -E "^(v[0-9]|  [a-z-]+  |    https://)" out | sed -E "s/^  [a-z-]+  /  KIND  /" | uniq >got &&
	cat >want <<-\EOF &&
	v1 0/3: mm: initialise zones lazily
	  KIND  Tomás Lindqvist <tomas@example.net>
	    https://lore.kernel.org/all/r-tomas0@example.net/
	v1 1/3: mm: add zone_init_lazy()
	  KIND  Priya Raman <priya@example.com>
	    https://lore.kernel.org/all/r-priya@example.com/
	  KIND  Mira Kovac <mira.kovac@example.org>
	    https://lore.kernel.org/all/r-mira@example.org/
	v1 2/3: mm: defer the free lists
	  KIND  Priya Raman <priya@example.com>
	    https://lore.kernel.org/all/r-gap@example.com/
	v1 3/3: mm: document lazy zone init
	  KIND  Tomás Lindqvist <tomas@example.net>
	    https://lore.kernel.org/all/r-tomas3@example.net/
	v2 2/3: mm: defer the free lists
	  KIND  Tomás Lindqvist <tomas@example.net>
	    https://lore.kernel.org/all/r-v2@example.net/
	  KIND  Priya Raman <priya@example.com>
	    https://lore.kernel.org/all/r-v2-again@example.com/
	EOF
	test_cmp want got &&
	tail -n 1 out | grep -E "^[0-9]+ items from 7 replies \(15 messages read, 3 answering no posted message\)$"
'

test_expect_success 'the summary counts in the singular: 1 item from 1 reply, 1 message read' '
	awk "/^From mboxrd/ { n++ } n == 2" box >one-patch &&
	cat one-patch >one &&
	cat >>one <<-\EOF &&
	From mboxrd@z Thu Jan  1 00:00:00 1970
	From: Priya Raman <priya@example.com>
	Subject: Re: [PATCH 1/3] mm: add zone_init_lazy()
	Date: Mon, 01 Dec 2025 12:00:00 +0000
	Message-ID: <r-one@example.com>
	In-Reply-To: <v1-1@example.org>
	References: <v1-cover@example.org> <v1-1@example.org>

	Reviewed-by: Priya Raman <priya@example.com>

	EOF
	quill review scan one >out &&
	tail -n 1 out >got &&
	echo "1 item from 1 reply (2 messages read, 0 answering no posted message)" >want &&
	test_cmp want got &&
	quill review scan one-patch >out &&
	tail -n 1 out >got &&
	echo "0 items from 0 replies (1 message read, 0 answering no posted message)" >want &&
	test_cmp want got
'

test_expect_success 'several MBOX operands are one mailbox; - reads standard input' '
	awk "/^From mboxrd/ { n++ } n <= 8" box >part1 &&
	awk "/^From mboxrd/ { n++ } n > 8" box >part2 &&
	grep -q "^Message-ID: <r-tomas3@" part1 &&
	grep -q "^Message-ID: <v2-2@" part2 &&
	quill review scan --json part1 part2 >j2 &&
	test "$(jget j2 "[i[\"msgid\"] for i in d[\"items\"]]")" = "$(jget j "[i[\"msgid\"] for i in d[\"items\"]]")" &&
	quill review scan --json - <box >j3 &&
	test "$(jget j3 "d[\"replies\"]")" = 7
'

test_expect_success 'a Maildir gives the same items' '
	mkdir -p md/cur md/new md/tmp &&
	awk "/^From mboxrd/ { n++; f = sprintf(\"md/cur/%02d:2,S\", n); next } { print >f }" box &&
	test "$(ls md/cur | wc -l)" = 15 &&
	quill review scan --json md >jd &&
	test "$(jget jd "[(i[\"msgid\"], i[\"version\"], i[\"patch\"]) for i in d[\"items\"]]")" = \
		"$(jget j "[(i[\"msgid\"], i[\"version\"], i[\"patch\"]) for i in d[\"items\"]]")"
'

test_expect_success 'non-mail input: exit 3; a missing file: exit 2' '
	printf "just some text\nand more\n" >notmail &&
	quill_fails 3 "notmail: no mail in it" review scan notmail &&
	quill_fails 2 "nosuch" review scan nosuch &&
	quill_fails 2 "MBOX" review scan &&
	quill_fails 2 "takes no MBOX" review scan --thread v1-cover@example.org box &&
	quill_fails 2 "goes with --thread" review scan --source mbox:box box
'

test_expect_success 'a malformed message among mail: warned about, the rest scanned' '
	{ printf "From mboxrd@z Thu Jan  1 00:00:00 1970\nnot a header at all\n\n"; cat box; } >mixed &&
	quill review scan --json mixed >jm 2>err &&
	grep "^quill: warning: " err &&
	test "$(jget jm "d[\"replies\"]")" = 7
'

# --thread through an archive: the mbox kind of lib/net/archive
if quill mail get --source mbox:box v1-cover@example.org >/dev/null 2>&1; then
	test_expect_success '--thread MSGID --source mbox:FILE: the same items as the file' '
		quill review scan --json --thread "<r-mira@example.org>" --source mbox:box >jt &&
		test "$(jget jt "[i[\"msgid\"] for i in d[\"items\"]]")" = \
			"$(jget j "[i[\"msgid\"] for i in d[\"items\"] if i[\"msgid\"] not in (\"r-lost@example.com\", \"notes@example.com\")]")"
	'
	test_expect_success '--thread of an id not there: exit 1, no such thread' '
		quill_fails 1 "no such thread" review scan --thread nothere@example.org --source mbox:box
	'
else
	test_skip '--thread MSGID --source mbox:FILE' 'the mbox archive kind is not written yet'
	test_skip '--thread of an id not there' 'the mbox archive kind is not written yet'
fi

test_done
