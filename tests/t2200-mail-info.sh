#!/bin/sh
# quill mail info: byte for byte what the installed `git mailinfo` writes
# for the same mail and options (info on stdout, MSG, PATCH), and the exit
# codes for what is not mail.
. "$(dirname "$0")/lib.sh"

# same_as_git NAME [OPTION...]: split mail NAME with git and with quill
# and compare the three outputs; both must succeed.
same_as_git() {
	_m=$1
	shift
	git mailinfo "$@" "$_m.gmsg" "$_m.gpatch" <"$_m" >"$_m.ginfo" &&
	quill mail info "$@" "$_m.qmsg" "$_m.qpatch" <"$_m" >"$_m.qinfo" &&
	test_cmp "$_m.ginfo" "$_m.qinfo" &&
	test_cmp "$_m.gmsg" "$_m.qmsg" &&
	test_cmp "$_m.gpatch" "$_m.qpatch"
}

cat >plain.mail <<'EOF'
From 8f1c0e7a2b9d4c3e5f60718293a4b5c6d7e8f901 Mon Sep 17 00:00:00 2001
From: Wren Tallis <wren@example.org>
Date: Tue, 2 Dec 2025 10:00:00 +0000
Subject: [PATCH v2 3/7] frob: count the widgets
 before freeing them

The widget count was read after the free.

Signed-off-by: Wren Tallis <wren@example.org>
---
 frob.c | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/frob.c b/frob.c
index 1111111..2222222 100644
--- a/frob.c
+++ b/frob.c
@@ -1 +1 @@
-free(w); n = w->count;
+n = w->count; free(w);
-- 
2.39.5

EOF

test_expect_success 'a plain patch' '
	same_as_git plain.mail &&
	printf "Author: Wren Tallis\nEmail: wren@example.org\nSubject: frob: count the widgets before freeing them\nDate: Tue, 2 Dec 2025 10:00:00 +0000\n\n" >expect &&
	test_cmp expect plain.mail.qinfo &&
	printf "The widget count was read after the free.\n\nSigned-off-by: Wren Tallis <wren@example.org>\n" >expect &&
	test_cmp expect plain.mail.qmsg &&
	sed -n "/^---\$/,\$p" plain.mail >expect &&
	test_cmp expect plain.mail.qpatch
'

cat >utf8.mail <<'EOF'
From: =?UTF-8?q?J=C3=B3hanna_=C3=9E=C3=B3r?= <johanna@example.org>
Date: Tue, 2 Dec 2025 11:00:00 +0000
Subject: =?ISO-8859-1?Q?[PATCH]_caf=E9:?= =?KOI8-R?B?8NLJ18XU?=
 =?UTF-8?B?IOKCrA==?=

Body.
---
diff --git a/a b/a
EOF

test_expect_success 'a non-ASCII author and subject (RFC 2047 words, three charsets)' '
	same_as_git utf8.mail &&
	cat >expect <<-\EOF &&
	Author: Jóhanna Þór
	Email: johanna@example.org
	Subject: café:Привет €
	Date: Tue, 2 Dec 2025 11:00:00 +0000

	EOF
	test_cmp expect utf8.mail.qinfo
'

test_expect_success 'the same with -n: nothing re-coded' '
	same_as_git utf8.mail -n
'

cat >qp.mail <<'EOF'
From: Ola Brenn <ola@example.org>
Subject: [PATCH] docs: say =?UTF-8?q?na=C3=AFve?=
MIME-Version: 1.0
Content-Type: text/plain; charset=ISO-8859-1
Content-Transfer-Encoding: quoted-printable

A long line broken by the mailer with a soft break here=
 and an escaped =3D sign, and na=EFve in Latin-1.
Trailing blanks stay:  =20

Signed-off-by: Ola Brenn <ola@example.org>
---
 docs.txt | 1 +
diff --git a/docs.txt b/docs.txt
+na=EFve
EOF

test_expect_success 'a quoted-printable ISO-8859-1 body' '
	same_as_git qp.mail &&
	printf "%s\n" "A long line broken by the mailer with a soft break here and an escaped = sign, and naïve in Latin-1." \
		"Trailing blanks stay:   " "" "Signed-off-by: Ola Brenn <ola@example.org>" >expect &&
	test_cmp expect qp.mail.qmsg
'

cat >b64.mail <<'EOF'
From: Ola Brenn <ola@example.org>
Subject: [PATCH] base64 with CRLF
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: base64

TWVzc2FnZSBsaW5lLg0KDQotLS0NCmRpZmYgLS1naXQgYS94IGIveA0KK3gNCg==
EOF

test_expect_success 'a base64 body with CRLF lines, and --quoted-cr=strip' '
	same_as_git b64.mail &&
	same_as_git b64.mail --quoted-cr=strip &&
	printf "Message line.\n\n" >expect &&
	test_cmp expect b64.mail.qmsg
'

cat >inbody.mail <<'EOF'
From: Post Master <list@example.org>
Date: Tue, 2 Dec 2025 12:00:00 +0000
Subject: [PATCH] forwarded by the list

From: Real Author <real@example.org>
Date: Mon, 1 Dec 2025 09:00:00 +0100
Subject: [PATCH] the subject that counts,
  folded

The message.
---
diff --git a/x b/x
EOF

test_expect_success 'in-body From, Date and Subject win when there is a patch' '
	same_as_git inbody.mail &&
	printf "Author: Real Author\nEmail: real@example.org\nSubject: %s\nDate: %s \n\n" \
		"the subject that counts, folded" "Mon, 1 Dec 2025 09:00:00 +0100" >expect &&
	test_cmp expect inbody.mail.qinfo
'

test_expect_success '--no-inbody-headers keeps them in the message' '
	same_as_git inbody.mail --no-inbody-headers &&
	sed -n "/^From: Real/,/^The message/p" inbody.mail >expect &&
	test_cmp expect inbody.mail.qmsg
'

cat >scissors.mail <<'EOF'
From: Mae Quill <mae@example.org>
Subject: Re: why does the frobnicator hang?

> Does it hang on exit?

Yes; this fixes it.

-- >8 --
Subject: [PATCH] frob: do not wait for a dead child

The real message.
---
diff --git a/frob.c b/frob.c
EOF

test_expect_success 'scissors: ignored by default, cut with --scissors' '
	same_as_git scissors.mail &&
	sed -n "/^> Does it hang/,/^The real message/p" scissors.mail >expect &&
	test_cmp expect scissors.mail.qmsg &&
	same_as_git scissors.mail --scissors &&
	printf "The real message.\n" >expect &&
	test_cmp expect scissors.mail.qmsg &&
	printf "Author: Mae Quill\nEmail: mae@example.org\nSubject: frob: do not wait for a dead child\n\n" >expect &&
	test_cmp expect scissors.mail.qinfo
'

printf 'From: K <k@example.org>\nSubject: Re: [PATCH] [net] [PATCH v2] frob: fix\n\nx\n' >subject.mail

test_expect_success '-k and -b on the subject' '
	info() { printf "Author: K\nEmail: k@example.org\nSubject: %s\n\n" "$1"; } &&
	same_as_git subject.mail &&
	info "frob: fix" >expect &&
	test_cmp expect subject.mail.qinfo &&
	same_as_git subject.mail -k &&
	info "Re: [PATCH] [net] [PATCH v2] frob: fix" >expect &&
	test_cmp expect subject.mail.qinfo &&
	same_as_git subject.mail -b &&
	info "[net] frob: fix" >expect &&
	test_cmp expect subject.mail.qinfo
'

cat >multipart.mail <<'EOF'
From: Ivo Lund <ivo@example.org>
Subject: [PATCH] multipart
Message-ID: <multi-1@example.org>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="=-sep"

This is a multi-part message in MIME format.
--=-sep
Content-Type: text/plain; charset=utf-8

The message.
--=-sep
Content-Type: text/x-patch; charset=iso-8859-15
Content-Transfer-Encoding: quoted-printable

---
diff --git a/x b/x
+=A4
--=-sep--
EOF

test_expect_success 'a multipart mail, and -m' '
	same_as_git multipart.mail &&
	printf "The message.\n" >expect &&
	test_cmp expect multipart.mail.qmsg &&
	same_as_git multipart.mail -m &&
	printf "The message.\nMessage-Id: <multi-1@example.org>\n" >expect &&
	test_cmp expect multipart.mail.qmsg
'

test_expect_success 'a mail that ends inside its header block (git hands the last header to the body)' '
	printf "Subject: only headers\nTo: list@example.org\n" >headers.mail &&
	same_as_git headers.mail &&
	printf "To: list@example.org" >expect &&
	test_cmp expect headers.mail.qmsg
'

test_expect_success 'not mail: exit 3, one line, MSG and PATCH left alone' '
	printf "just some text\nno header at all\n" >text.in &&
	echo old >msg && echo old >patch &&
	test_expect_code 3 quill mail info msg patch <text.in >out 2>err &&
	echo "quill: mail info: standard input: not a mail: it does not start with a header field" >expect &&
	test_cmp expect err &&
	test ! -s out &&
	echo old >expect && test_cmp expect msg && test_cmp expect patch
'

test_expect_success 'empty input: exit 3 (git exits 1, "empty patch")' '
	test_expect_code 1 git mailinfo gmsg gpatch </dev/null 2>gerr &&
	grep -q "empty patch" gerr &&
	echo old >msg &&
	test_expect_code 3 quill mail info msg patch </dev/null 2>err &&
	echo "quill: mail info: standard input: empty input: no mail to split" >expect &&
	test_cmp expect err &&
	printf "\n \n\t\n" >blank.in &&
	test_expect_code 3 quill mail info msg patch <blank.in 2>err &&
	echo old >expect && test_cmp expect msg
'

test_expect_success 'an undecodable charset: the outputs git writes, then exit 3 (git: 1)' '
	printf "From: =?x-no-such?q?Ann?= <ann@example.org>\nSubject: s\n\nbody\n" >badcs.mail &&
	test_expect_code 1 git mailinfo badcs.gmsg badcs.gpatch <badcs.mail >badcs.ginfo 2>/dev/null &&
	test_expect_code 3 quill mail info badcs.qmsg badcs.qpatch <badcs.mail >badcs.qinfo 2>err &&
	test_cmp badcs.ginfo badcs.qinfo &&
	test_cmp badcs.gmsg badcs.qmsg &&
	test_cmp badcs.gpatch badcs.qpatch &&
	echo "quill: mail info: standard input: cannot convert from x-no-such to UTF-8" >expect &&
	test_cmp expect err
'

test_expect_success 'a missing MSG directory is bad usage (2)' '
	test_expect_code 2 quill mail info no/such/dir/msg patch14 <plain.mail 2>err &&
	echo "quill: mail info: cannot open no/such/dir/msg: No such file or directory" >expect &&
	test_cmp expect err &&
	test ! -e patch14
'

test_expect_success 'usage: two operands, known --quoted-cr actions' '
	test_expect_code 2 quill mail info msg <plain.mail 2>err &&
	echo "quill: mail info: give MSG and PATCH, and the mail on standard input (see ${SQ}quill mail info --help${SQ})" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill mail info --quoted-cr=drop msg patch <plain.mail 2>err &&
	echo "quill: mail info: --quoted-cr: ${SQ}drop${SQ} is not warn, nowarn or strip (see ${SQ}quill mail info --help${SQ})" >expect &&
	test_cmp expect err &&
	quill mail info --help >out &&
	grep -q -- "--scissors" out
'

test_expect_success 'no repository needed' '
	mkdir -p outside && cd outside &&
	GIT_CEILING_DIRECTORIES=$TRASH quill mail info m p <../plain.mail >info &&
	test_cmp ../plain.mail.qinfo info
'

test_done
