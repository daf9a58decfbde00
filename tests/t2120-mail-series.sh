#!/bin/sh
# quill mail series: four versions of one series (threaded, incomplete,
# renamed, b4 change-id), a one-patch series resent, comments; quill's own
# format output; bad input.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-mail.sh"

if ! command -v python3 >/dev/null; then
	skip_all "no python3 to read the JSON"
fi

CID=20251201-zone-init-0123456789ab
CY='Cy Coder <cy@example.org>'
BOB='Bob Reviewer <bob@example.org>'
patch() {	# ID SUBJECT IN-REPLY-TO REFERENCES MINUTES [FROM]
	MAIL_BODY=$(mail_patch "$1") mail_msg "$@"
}

{
	# 1-4: v1, threaded to its cover
	mail_msg v1c '[PATCH 0/3] mm: zone init' '' '' 0
	patch v1p1 '[PATCH 1/3] mm: add zone_init()' v1c '<v1c>' 1
	patch v1p2 '[PATCH 2/3] mm: call zone_init() at boot' v1c '<v1c>' 1
	patch v1p3 '[PATCH 3/3] mm: drop the old init' v1c '<v1c>' 1
	# 5: a one-patch series by someone else, 6: a review
	patch cy1 '[PATCH] fs: fix a typo' '' '' 30 "$CY"
	mail_msg r1 'Re: [PATCH 2/3] mm: call zone_init() at boot' v1p2 '<v1c> <v1p2>' 60 "$BOB"
	# 7-9: v2 in reply to v1's cover; 2/3 never arrived
	mail_msg v2c '[PATCH v2 0/3] mm: zone init' v1c '<v1c>' 1440
	patch v2p1 '[PATCH v2 1/3] mm: add zone_init()' v2c '<v1c> <v2c>' 1441
	patch v2p3 '[PATCH v2 3/3] mm: drop the old init' v2c '<v1c> <v2c>' 1441
	# 10-13: v3, renamed cover, b4 footer; patches before their cover
	patch v3p2 '[PATCH v3 2/3] mm: call zone_init() at boot' v3c '<v3c>' 2881
	patch v3p1 '[PATCH v3 1/3] mm: add zone_init()' v3c '<v3c>' 2881
	MAIL_BODY="what changed

---
base-commit: 0123456789012345678901234567890123456789
change-id: $CID

Best regards," mail_msg v3c '[PATCH v3 0/3] mm: zone init, now faster' '' '' 2880
	patch v3p3 '[PATCH v3 3/3] mm: drop the old init' v3c '<v3c>' 2881
	# 14-16: v4, a new title and one patch fewer: only the change-id links it
	MAIL_BODY="change-id: $CID" mail_msg v4c '[PATCH v4 0/2] mm: boot-time zones' '' '' 4320
	patch v4p1 '[PATCH v4 1/2] mm: zones at boot' v4c '<v4c>' 4321
	patch v4p2 '[PATCH v4 2/2] mm: drop the old init' v4c '<v4c>' 4321
	# 17: a comment on v4, 18: Cy's v2, not threaded
	mail_msg r4 'Re: [PATCH v4 0/2] mm: boot-time zones' v4c '<v4c>' 4400 "$BOB"
	patch cy2 '[PATCH v2] fs: Fix a typo' '' '' 5000 "$CY"
} >box

test_expect_success 'counts, postings in order of appearance, versions linked' '
	quill mail series --json box >j 2>err &&
	test ! -s err &&
	python3 - j <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1], encoding="utf-8"))
	assert d["counts"] == {"covers": 4, "patches": 12, "comments": 2}, d["counts"]
	s = d["series"]
	got = [(x["version"], x["total"], x["cover"], x["cover_message"], x["patches"],
	        x["received_all"], x["not_received"], x["previous"]) for x in s]
	want = [(1, 3, True, 1, 3, True, [], None),
	        (1, 1, False, None, 1, True, [], None),
	        (2, 3, True, 7, 2, False, [2], 1),
	        (3, 3, True, 12, 3, True, [], 3),
	        (4, 2, True, 14, 2, True, [], 4),
	        (2, 1, False, None, 1, True, [], 2)]
	assert got == want, got
	assert [x["name"] for x in s] == ["mm: zone init", "fs: fix a typo", "mm: zone init",
	                                  "mm: zone init, now faster", "mm: boot-time zones",
	                                  "fs: Fix a typo"], [x["name"] for x in s]
	assert s[3]["messages"] == ["v3c", "v3p1", "v3p2", "v3p3"], s[3]["messages"]
	assert s[2]["messages"] == ["v2c", "v2p1", "v2p3"], s[2]["messages"]
	assert [x["change_id"] for x in s] == [None, None, None, "20251201-zone-init-0123456789ab",
	                                       "20251201-zone-init-0123456789ab", None]
	keys = [x["series_key"] for x in s]
	assert keys[0] == keys[2] == keys[3] == keys[4] == "20251201-zone-init-0123456789ab", keys
	assert keys[1] == keys[5] != keys[0], keys
	assert s[0]["author"] == "Ada Author <ada@example.org>" and s[0]["date"] == "2025-12-01T10:00:00Z"
	PY
'

test_expect_success 'JSON shape: the fixed keys, with their types' '
	python3 - j <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1], encoding="utf-8"))
	assert list(d) == ["counts", "series"]
	assert all(isinstance(d["counts"][k], int) for k in ("covers", "patches", "comments"))
	for x in d["series"]:
	    for k, t in (("name", str), ("version", int), ("total", int), ("cover", bool),
	                 ("patches", int), ("received_all", bool), ("messages", list)):
	        assert isinstance(x[k], t), (k, x)
	    assert x["cover_message"] is None if not x["cover"] else isinstance(x["cover_message"], int)
	    assert x["change_id"] is None or isinstance(x["change_id"], str)
	    assert all(isinstance(m, str) for m in x["messages"])
	PY
'

test_expect_success 'the text table' '
	quill mail series box >out &&
	cat >want <<-\EOF &&
	4 covers, 12 patches, 2 comments: 6 postings

	  #  VER  RECEIVED  COVER  NAME  (AUTHOR)
	  1  v1   3/3       yes    mm: zone init  (Ada Author <ada@example.org>)
	  2  v1   1/1       no     fs: fix a typo  (Cy Coder <cy@example.org>)
	  3  v2   2/3       yes    mm: zone init  (Ada Author <ada@example.org>)
	          missing 2; follows #1 (v1)
	  4  v3   3/3       yes    mm: zone init, now faster  (Ada Author <ada@example.org>)
	          follows #3 (v2)
	  5  v4   2/2       yes    mm: boot-time zones  (Ada Author <ada@example.org>)
	          follows #4 (v3)
	  6  v2   1/1       no     fs: Fix a typo  (Cy Coder <cy@example.org>)
	          follows #2 (v1)
	EOF
	test_cmp want out
'

test_expect_success 'a Maildir and stdin give the same' '
	mkdir -p md/cur md/new &&
	python3 - box <<-\PY &&
	import sys
	msgs = open(sys.argv[1], "rb").read().split(b"From mboxrd@z Thu Jan  1 00:00:00 1970\n")[1:]
	for i, m in enumerate(msgs, 1):
	    open("md/cur/%02d:2,S" % i, "wb").write(m[:-1])
	PY
	quill mail series --json md >j.md &&
	test_cmp j j.md &&
	quill mail series --json - <box >j.stdin &&
	test_cmp j j.stdin
'

test_expect_success 'what quill series format writes is one complete posting with its change-id' '
	series_repo r zone 3 &&
	(cd r && quill series format -o ../fmt >/dev/null 2>&1) &&
	quill mail series --json fmt/*.patch >jf &&
	cid=$(cd r && quill series show --json | python3 -c "import json,sys; print(json.load(sys.stdin)[\"change_id\"])") &&
	test "$(jget jf "[(x[\"version\"], x[\"total\"], x[\"cover\"], x[\"patches\"], x[\"received_all\"], x[\"change_id\"]) for x in d[\"series\"]]")" = "[[1, 3, true, 3, true, \"$cid\"]]"
'

test_expect_success 'usage and input that is not mail' '
	quill_fails 2 "MBOX" mail series &&
	quill_fails 2 "nothing-here" mail series --json nothing-here &&
	python3 -c "import sys; sys.stdout.buffer.write(bytes(range(256)) * 16)" >garbage &&
	quill_fails 3 "garbage: no mail" mail series --json garbage &&
	quill_fails 3 "garbage, garbage: no mail in them" mail series garbage garbage &&
	: >empty &&
	quill mail series --json empty >je &&
	test "$(jget je "d")" = "{\"counts\": {\"covers\": 0, \"patches\": 0, \"comments\": 0}, \"series\": []}"
'

test_expect_success 'bad messages among good ones: a warning each at most, the rest grouped' '
	python3 - <<-\PY &&
	sep = b"From mboxrd@z Thu Jan  1 00:00:00 1970\n"
	def msg(headers, body=b"body\n"):
	    return sep + headers + b"\n" + body + b"\n"
	diff = b"---\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n"
	hdr = lambda n, extra=b"": (b"From: Ada <ada@example.org>\nDate: Mon, 1 Dec 2025 10:00:0%d +0000\n"
	                            b"Subject: [PATCH %d/6] part %d\n" % (n, n, n)) + extra
	out = msg(b"From: Ada <ada@example.org>\nDate: Mon, 1 Dec 2025 10:00:00 +0000\n"
	          b"Subject: [PATCH 0/6] six parts\nMessage-ID: <c@x>\n")
	out += sep + bytes(range(1, 256)) * 4 + b"\n\n"                          # garbage
	out += msg(hdr(1, b"Message-ID: <p1@x>\nIn-Reply-To: <c@x>\nX-Long: " + b"y" * (1 << 20) + b"\n"), diff)
	out += msg(hdr(2, b"Message-ID: <p2@x>\nIn-Reply-To: <c@x>\n"), b"nul\0in\0body\n" + diff)
	out += msg(hdr(3, b"In-Reply-To: <c@x>\n"), diff)                         # no Message-ID
	out += msg(b"Date: Mon, 1 Dec 2025 10:00:04 +0000\nSubject: [PATCH 4/6] part 4\n"
	           b"Message-ID: <p4@x>\nIn-Reply-To: <c@x>\n", diff)              # no From
	out += msg(hdr(5, b"Message-ID: <p5@x>\nIn-Reply-To: <c@x>\nReferences:" +
	           b"".join(b" <deep%d@x>\n" % i for i in range(10000)) + b" <c@x>\n"), diff)
	out += msg(hdr(5, b"Message-ID: <p5@x>\nIn-Reply-To: <c@x>\n"), diff)   # a copy
	out += msg(hdr(6, b"Message-ID: <p6@x>\nIn-Reply-To: <p6@x>\nReferences: <p6@x> <c@x> <p6@x>\n"), diff)
	out += sep + b"From: Ada <ada@example.org>\nSubject: Re: [PATCH 0/6] cut\nMessage-ID: <cut@x>\n"
	open("bad", "wb").write(out)
	PY
	quill mail series --json bad >j 2>err &&
	at() { echo $(($(grep -a -b -o "^From mboxrd" bad | sed -n "$1s/:.*//p") + 39)); } &&
	cat >expect <<-EOF &&
	quill: warning: bad: message 2 (byte $(at 2)): not a mail (no header fields), left out
	quill: warning: bad: message 5 (byte $(at 5)): no Message-ID (taken as <nomsgid.5@quill.invalid>)
	quill: warning: bad: message 8 (byte 1189863): <p5@x>: a second message with this Message-ID (message 8) is a copy, left out
	quill: warning: bad: message 10 (byte $(at 10)): the header block does not end (cut short?)
	EOF
	test_cmp expect err &&
	python3 - j <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["counts"] == {"covers": 1, "patches": 6, "comments": 1}, d["counts"]
	s = d["series"]
	assert len(s) == 1, s
	assert s[0]["patches"] == 6 and s[0]["received_all"], s[0]
	assert s[0]["messages"] == ["c@x", "p1@x", "p2@x", "nomsgid.5@quill.invalid", "p4@x",
	                            "p5@x", "p6@x"], s[0]["messages"]
	PY
'

# Raw 8-bit headers are taken as Latin-1 (GMime's fallback); anything else
# that is not UTF-8 becomes U+FFFD, so the JSON stays valid.
test_expect_success 'bytes that are not UTF-8 in subject, sender and change-id' '
	printf "From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: Ren\351 <rene@example.org>\nSubject: [PATCH] caf\351: fix\nMessage-ID: <l1@x>\n\nchange-id: 2025-\377\376-x\n---\n" >latin1 &&
	quill mail series --json latin1 >j 2>err &&
	mail_warnings err 0 &&
	quill mail thread --json latin1 >jt &&
	python3 - j jt <<-\PY
	import json, sys
	s = json.load(open(sys.argv[1], encoding="utf-8"))["series"]
	got = [(x["name"], x["author"], x["change_id"], x["messages"]) for x in s]
	assert got == [("caf\u00e9: fix", "Ren\u00e9 <rene@example.org>", "2025-\ufffd\ufffd-x", ["l1@x"])], got
	t = json.load(open(sys.argv[2], encoding="utf-8"))["messages"]
	assert t[0]["subject"] == "[PATCH] caf\u00e9: fix", t
	PY
'

test_done
