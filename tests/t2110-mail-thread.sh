#!/bin/sh
# quill mail thread: order, depth and parents on a hand-made thread, the
# input kinds (mbox, Maildir, message, stdin, several), bad input, and the
# same parents as mblaze's mthread.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-mail.sh"

if ! command -v python3 >/dev/null; then
	skip_all "no python3 to read the JSON"
fi

# mbox order: cover, p1, p2, other, r1, r2, r0, o
{
	mail_msg cover '[PATCH 0/2] zone init' '' '' 0
	MAIL_BODY=$(mail_patch 1) mail_msg p1 '[PATCH 1/2] mm: a' cover '<cover>' 1
	MAIL_BODY=$(mail_patch 2) mail_msg p2 '[PATCH 2/2] mm: b' cover '<cover>' 2
	mail_msg other 'unrelated' '' '' 5 'Cy <cy@example.org>'
	mail_msg r1 'Re: [PATCH 1/2] mm: a' p1 '<cover> <p1>' 30 'Bob <bob@example.org>'
	mail_msg r2 'Re: [PATCH 1/2] mm: a' r1 '<cover> <p1> <r1>' 40
	mail_msg r0 'Re: [PATCH 0/2] zone init' cover '<cover>' 20 'Bob <bob@example.org>'
	mail_msg o 'Re: lost thread' gone '<gone>' 50 'Bob <bob@example.org>'
} >box

cat >want.depths <<\END
cover 0 -
p1 1 cover
r1 2 p1
r2 3 r1
p2 1 cover
r0 1 cover
other 0 -
gone 0 -
o 1 gone
END

test_expect_success 'thread order, depth and parents of a hand-made thread' '
	quill mail thread --json box >j 2>err &&
	test ! -s err &&
	mail_depths j >got &&
	test_cmp want.depths got &&
	test "$(jget j "[m[\"msgid\"] for m in d[\"messages\"] if m[\"missing\"]]")" = "[\"gone\"]"
'

test_expect_success 'JSON shape: every key, with its type' '
	python3 - j <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1], encoding="utf-8"))
	assert list(d) == ["messages"], d.keys()
	keys = ["msgid", "parent", "depth", "subject", "from", "date", "missing"]
	ids = set()
	for m in d["messages"]:
	    assert list(m) == keys, list(m)
	    assert isinstance(m["msgid"], str) and m["msgid"] not in ids
	    assert m["parent"] is None or m["parent"] in ids, m   # parents come first
	    ids.add(m["msgid"])
	    assert isinstance(m["depth"], int) and isinstance(m["missing"], bool)
	    if m["missing"]:
	        assert m["subject"] is None and m["from"] is None and m["date"] is None
	    else:
	        assert isinstance(m["subject"], str) and isinstance(m["from"], str)
	        assert len(m["date"]) == 20 and m["date"].endswith("Z"), m["date"]
	p1 = [m for m in d["messages"] if m["msgid"] == "p1"][0]
	assert p1["date"] == "2025-12-01T10:01:00Z", p1
	assert p1["from"] == "Ada Author <ada@example.org>", p1
	assert p1["subject"] == "[PATCH 1/2] mm: a", p1
	PY
'

# A message whose id and subject hold a quote, a backslash, a tab and a
# control byte (written with printf escapes, to keep the shell out of it).
printf 'From x Thu Jan  1 00:00:00 1970\nMessage-ID: <q\042u\134o@x>\nFrom: =?UTF-8?q?Zo=C3=AB?= <z@example.org>\nSubject: a \042quoted\042 back\134slash\011tab \001 bell\n\nbody\n' >"$TRASH/esc.mbox"
cat >"$TRASH/esc.py" <<EOF
import json, sys
m = json.load(open(sys.argv[1]))["messages"][0]
assert m["msgid"] == "q" + chr(34) + "u" + chr(92) + "o@x", repr(m["msgid"])
assert m["subject"] == "a " + chr(34) + "quoted" + chr(34) + " back" + chr(92) + "slash" + chr(9) + "tab " + chr(1) + " bell", repr(m["subject"])
assert m["from"] == "Zo" + chr(0xeb) + " <z@example.org>", repr(m["from"])
EOF

test_expect_success 'JSON strings: quotes, backslashes, tabs and control bytes escaped; UTF-8 kept' '
	quill mail thread --json esc.mbox >esc.json &&
	python3 esc.py esc.json
'

test_expect_success 'the text tree: date, sender, indented subject' '
	quill mail thread box >out &&
	cat >want <<-\END &&
	2025-12-01 10:00  Ada Author            [PATCH 0/2] zone init
	2025-12-01 10:01  Ada Author              [PATCH 1/2] mm: a
	2025-12-01 10:30  Bob                       Re: [PATCH 1/2] mm: a
	2025-12-01 10:40  Ada Author                  Re: [PATCH 1/2] mm: a
	2025-12-01 10:02  Ada Author              [PATCH 2/2] mm: b
	2025-12-01 10:20  Bob                     Re: [PATCH 0/2] zone init
	2025-12-01 10:05  Cy                    unrelated
	                                        (missing <gone>)
	2025-12-01 10:50  Bob                     Re: lost thread
	END
	test_cmp want out
'

test_expect_success 'a Maildir, single messages, stdin and several operands read alike' '
	mkdir -p md/cur md/new md/tmp one &&
	python3 - box <<-\PY &&
	import sys
	msgs = open(sys.argv[1], "rb").read().split(b"From mboxrd@z Thu Jan  1 00:00:00 1970\n")[1:]
	for i, m in enumerate(msgs, 1):
	    m = m[:-1]   # the framing blank line
	    open("md/cur/%02d:2,S" % i, "wb").write(m)
	    open("one/%02d.eml" % i, "wb").write(m)
	    open("half%d" % (i > 4), "ab").write(b"From mboxrd@z Thu Jan  1 00:00:00 1970\n" + m + b"\n")
	PY
	quill mail thread --json md >j.md &&
	mail_depths j.md >got && test_cmp want.depths got &&
	quill mail thread --json one/*.eml >j.one &&
	mail_depths j.one >got && test_cmp want.depths got &&
	quill mail thread --json - <box >j.stdin &&
	mail_depths j.stdin >got && test_cmp want.depths got &&
	quill mail thread --json half0 half1 >j.two &&
	test_cmp j j.two
'

test_expect_success 'usage: no operand, a missing file, a directory that is not a Maildir' '
	quill_fails 2 "MBOX" mail thread &&
	quill_fails 2 "no-such-file" mail thread no-such-file &&
	test ! -s out.fail &&
	mkdir plain &&
	quill_fails 2 "not a Maildir" mail thread plain &&
	quill mail thread --help >out && grep -q "quill mail thread" out
'

test_expect_success 'binary garbage: exit 3, one line naming the file' '
	python3 -c "import sys; sys.stdout.buffer.write(bytes(range(256)) * 64)" >garbage &&
	quill_fails 3 "garbage: no mail" mail thread --json garbage &&
	test ! -s out.fail
'

test_expect_success 'garbage inside an mbox: one warning naming it, the rest threaded' '
	{
		mail_msg a first &&
		printf "From mboxrd@z Thu Jan  1 00:00:00 1970\n" &&
		python3 -c "import sys; sys.stdout.buffer.write(bytes(range(1, 256)) * 8)" &&
		printf "\n\n" &&
		mail_msg b second a "<a>"
	} >mixed &&
	quill mail thread --json mixed >j 2>err &&
	off=$(grep -b -o "^From mboxrd" mixed | sed -n "2s/:.*//p") &&
	echo "quill: warning: mixed: message 2 (byte $((off + 39))): not a mail (no header fields), left out" >expect &&
	test_cmp expect err &&
	test "$(jget j "[m[\"msgid\"] for m in d[\"messages\"]]")" = "[\"a\", \"b\"]"
'

test_expect_success 'a file cut short: in a header block a warning, in a body none; the rest kept' '
	at=$(grep -b -o "^References: <gone>" box | sed "s/:.*//") &&
	head -c "$at" box >cut &&
	tail -n 1 cut | grep -q "^In-Reply-To: <gone>" &&
	quill mail thread --json cut >j 2>err &&
	off=$(grep -b -o "^From mboxrd" cut | sed -n "8s/:.*//p") &&
	echo "quill: warning: cut: message 8 (byte $((off + 39))): the header block does not end (cut short?)" >expect &&
	test_cmp expect err &&
	mail_depths j >got &&
	test_cmp want.depths got &&
	at=$(grep -b -o "^body of r0" box | sed "s/:.*//") &&
	head -c $((at + 4)) box >cut2 &&
	quill mail thread --json cut2 >j2 2>err &&
	mail_warnings err 0 &&
	test "$(jget j2 "len(d[\"messages\"])")" = 7
'

test_expect_success 'NUL bytes inside a message' '
	{
		printf "From mboxrd@z Thu Jan  1 00:00:00 1970\n" &&
		printf "From: Ada <ada@example.org>\nSubject: before\000after\nMessage-ID: <nul@x>\n\nbody\000with\000nuls\n\n" &&
		mail_msg next next nul@x "<nul@x>"
	} >nul &&
	quill mail thread --json nul >j 2>err &&
	mail_warnings err 1 &&
	test "$(jget j "[(m[\"msgid\"], m[\"depth\"]) for m in d[\"messages\"]]")" = "[[\"nul@x\", 0], [\"next\", 1]]" &&
	test "$(jget j "d[\"messages\"][0][\"subject\"]")" = before
'

test_expect_success 'a 1 MB header line' '
	python3 - <<-\PY &&
	big = "x" * (1 << 20)
	with open("long", "w") as f:
	    f.write("From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: Ada <ada@example.org>\n")
	    f.write("Subject: " + big + "\nX-Long: " + big + "\nMessage-ID: <long@x>\n\nbody\n\n")
	    f.write("From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: Ada <ada@example.org>\n")
	    f.write("Subject: Re: long\nMessage-ID: <after@x>\nIn-Reply-To: <long@x>\n\nbody\n")
	PY
	quill mail thread --json long >j 2>err &&
	mail_warnings err 0 &&
	test "$(jget j "[len(m[\"subject\"]) for m in d[\"messages\"]]")" = "[1048576, 8]" &&
	test "$(jget j "d[\"messages\"][1][\"parent\"]")" = long@x
'

test_expect_success 'a 10,000-deep References chain, in one message and over 10,000' '
	python3 - <<-\PY &&
	n = 10000
	with open("deep1", "w") as f:
	    f.write("From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: Ada <ada@example.org>\n")
	    f.write("Subject: deep\nMessage-ID: <leaf@x>\nReferences:")
	    f.write("".join(" <m%d@x>\n" % i for i in range(n)))
	    f.write("\nbody\n")
	with open("deep2", "w") as f:
	    for i in range(n):
	        f.write("From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: Ada <ada@example.org>\n")
	        f.write("Subject: Re: chain\nMessage-ID: <m%d@x>\n" % i)
	        if i:
	            f.write("In-Reply-To: <m%d@x>\n" % (i - 1))
	        f.write("\nbody\n\n")
	PY
	quill mail thread --json deep1 >j1 2>err &&
	mail_warnings err 0 &&
	test "$(jget j1 "[len(d[\"messages\"]), d[\"messages\"][-1][\"msgid\"], d[\"messages\"][-1][\"depth\"]]")" = "[10001, \"leaf@x\", 10000]" &&
	quill mail thread --json deep2 >j2 2>err &&
	mail_warnings err 0 &&
	test "$(jget j2 "[m[\"depth\"] for m in d[\"messages\"]] == list(range(10000))")" = true &&
	quill mail thread deep2 >text &&
	test "$(wc -l <text)" = 10000 &&
	tail -n 1 text | grep -q "\[9999\] Re: chain"
'

test_expect_success 'no From, no Date: kept, with nulls' '
	printf "From mboxrd@z Thu Jan  1 00:00:00 1970\nSubject: anonymous\nMessage-ID: <anon@x>\n\nbody\n" >anon &&
	quill mail thread --json anon >j 2>err &&
	mail_warnings err 0 &&
	test "$(jget j "[d[\"messages\"][0][k] for k in (\"from\", \"date\", \"subject\")]")" = "[null, null, \"anonymous\"]"
'

test_expect_success 'no Message-ID: one warning with the byte offset, a synthetic id' '
	{ mail_msg a first && mail_msg "" "Re: first" a "<a>"; } >noid &&
	quill mail thread --json noid >j 2>err &&
	off=$(grep -b -o "^From mboxrd" noid | sed -n "2s/:.*//p") &&
	echo "quill: warning: noid: message 2 (byte $((off + 39))): no Message-ID (taken as <nomsgid.2@quill.invalid>)" >expect &&
	test_cmp expect err &&
	test "$(jget j "[(m[\"msgid\"], m[\"parent\"]) for m in d[\"messages\"]]")" = "[[\"a\", null], [\"nomsgid.2@quill.invalid\", \"a\"]]"
'

test_expect_success 'duplicate Message-IDs: one warning naming the file and the message, both kept as siblings' '
	{ mail_msg a first && mail_msg d "Re: first" a "<a>" 1 && mail_msg d "Re: first" a "<a>" 2 &&
	  mail_msg e "Re: Re: first" d "<a> <d>" 3; } >dup &&
	quill mail thread --json dup >j 2>err &&
	echo "quill: warning: dup: message 3 (byte 386): <d>: a second message with this Message-ID (message 3), threaded as <d#dup2>" >expect &&
	test_cmp expect err &&
	mail_depths j >got &&
	printf "a 0 -\nd 1 a\ne 2 d\nd#dup2 1 a\n" >want &&
	test_cmp want got
'

test_expect_success 'a References loop: no cycle, one warning (file, message, byte) per message that closes one' '
	{ mail_msg x one y "<y>" && mail_msg y two x "<x>" 1 && mail_msg z three "" "<z> <x> <z>" 2; } >loop &&
	quill mail thread --json loop >j 2>err &&
	cat >expect <<-\EOF &&
	quill: warning: loop: message 2 (byte 225): <y>: its References or In-Reply-To would make a loop; the link that closes it is left out
	quill: warning: loop: message 3 (byte 411): <z>: its References or In-Reply-To would make a loop; the link that closes it is left out
	EOF
	test_cmp expect err &&
	mail_depths j >got &&
	printf "y 0 -\nx 1 y\nz 0 -\n" >want &&
	test_cmp want got
'

test_expect_success 'dates GLib cannot hold (year 0, past 9999): no date shown, no GLib message' '
	{ mail_msg y0 "year zero" | sed "s/^Date: .*/Date: 1 Dec 0000 00:00:00 +0000/" &&
	  mail_msg y9 "past 9999" | sed "s/^Date: .*/Date: Fri, 31 Dec 9999 23:59:59 -2359/"; } >far &&
	quill mail thread far >out 2>err &&
	test ! -s err &&
	cat >expect <<-\EOF &&
	                  Ada Author            year zero
	                  Ada Author            past 9999
	EOF
	test_cmp expect out &&
	quill mail thread --json far >j 2>err && test ! -s err &&
	test "$(grep -c "\"date\": null" j)" = 2
'

if command -v mthread >/dev/null; then
	test_expect_success 'the same parents as mblaze mthread -v on a Maildir' '
		mthread -v md/cur/* >mt &&
		python3 - mt j.md <<-\PY
		import glob, json, re, sys
		# mthread: one line per entry, indented one space per level; a
		# file, or an <id> nobody has
		ids = {}
		for p in glob.glob("md/cur/*"):
		    m = re.search(rb"^Message-ID: <([^>]*)>", open(p, "rb").read(), re.M)
		    ids[p] = m.group(1).decode()
		stack, theirs = [], {}
		for line in open(sys.argv[1]):
		    name = line.rstrip("\n")
		    depth = len(name) - len(name.lstrip(" "))
		    name = name.strip()
		    mid = name[1:-1] if name.startswith("<") else ids[name]
		    del stack[depth:]
		    theirs[mid] = stack[-1] if stack else None
		    stack.append(mid)
		ours = {m["msgid"]: m["parent"] for m in json.load(open(sys.argv[2]))["messages"]}
		assert ours == theirs, (ours, theirs)
		PY
	'
else
	test_skip 'the same parents as mblaze mthread -v on a Maildir' 'no mthread (mblaze) here'
fi

test_done
