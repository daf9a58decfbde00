#!/bin/sh
# quill trailer collect: the trailers given on the list per version and
# patch, from mailboxes with no repository: the sender check (mailmap-less:
# address with a +tag ignored, else the whole display name, a comma or
# parentheses in it), quoted trailers never collected (plain and HTML),
# cover trailers to every patch, carrying across versions by patch-id,
# duplicates, a bare address, a partial reroll, missing patches, --json;
# (in thread order: a reply to a patch of v2 comes before a later one to
# its cover);
# against b4 on a simple thread; and --thread through a real public-inbox.
. "$(dirname "$0")/lib.sh"

if ! command -v python3 >/dev/null; then
	skip_all "no python3 to read the JSON"
fi

# mail ID DATE FROM SUBJECT PARENT [CT]: a message header; the body on stdin
mail() {
	echo "From mboxrd@z Thu Jan  1 00:00:00 1970"
	echo "Message-ID: <$1@example.test>"
	echo "Date: $2"
	echo "From: $3"
	echo "Subject: $4"
	if [ -n "$5" ]; then
		echo "In-Reply-To: <$5@example.test>"
		echo "References: <$5@example.test>"
	fi
	echo "Content-Type: ${6:-text/plain; charset=utf-8}"
	echo
	cat
	echo
}

SAM='Sam Author <sam@example.test>'

# patch BODYLINE: a commit message and a diff of widget.c adding BODYLINE
patch_body() {
	cat <<EOT
$1

Signed-off-by: $SAM
---
 widget.c | 1 +
 1 file changed, 1 insertion(+)

diff --git a/widget.c b/widget.c
index 1111111..2222222 100644
--- a/widget.c
+++ b/widget.c
@@ -1,2 +1,3 @@
 int a;
+$2
 int b;
--
2.39.2
EOT
}

test_expect_success 'the fixture threads' '
	{
	echo "Widgets get frobs." | mail v1-0 "Mon, 1 Jan 2024 10:00:00 +0000" "$SAM" "[PATCH 0/2] widget: frobs" &&
	patch_body "Add a frob." "int frob;" | mail v1-1 "Mon, 1 Jan 2024 10:00:01 +0000" "$SAM" "[PATCH 1/2] widget: add frob" v1-0 &&
	patch_body "Use it." "int use = 1;" | mail v1-2 "Mon, 1 Jan 2024 10:00:02 +0000" "$SAM" "[PATCH 2/2] widget: use frob" v1-0 &&
	printf "> Add a frob.\n\nReviewed-by: Ada Lovelace <ada@example.org>\n" |
		mail r-ada "Tue, 2 Jan 2024 09:00:00 +0000" "Ada Lovelace <ada@example.org>" "Re: [PATCH 1/2] widget: add frob" v1-1 &&
	printf "Fine.\n\nReviewed-by: Bob Builder <bob@example.net>\n" |
		mail r-bob "Tue, 2 Jan 2024 09:10:00 +0000" "Bob Builder <bob@example.net>" "Re: [PATCH 2/2] widget: use frob" v1-2 &&
	echo "v2: use() changed." | mail v2-0 "Mon, 8 Jan 2024 10:00:00 +0000" "$SAM" "[PATCH v2 0/2] widget: frobs" &&
	patch_body "Add a frob." "int frob;" | mail v2-1 "Mon, 8 Jan 2024 10:00:01 +0000" "$SAM" "[PATCH v2 1/2] widget: add frob" v2-0 &&
	patch_body "Use it." "int use = 2;" | mail v2-2 "Mon, 8 Jan 2024 10:00:02 +0000" "$SAM" "[PATCH v2 2/2] widget: use frob" v2-0 &&
	printf "For the series:\n\nAcked-by: Doe, Jane <jdoe@corp.example>\n" |
		mail r-jane "Tue, 9 Jan 2024 08:00:00 +0000" "\"Doe, Jane\" <jane@example.com>" "Re: [PATCH v2 0/2] widget: frobs" v2-0 &&
	printf "Reviewed-by: gus@example.org\n" |
		mail r-gus "Tue, 9 Jan 2024 08:30:00 +0000" "Gus Grey <gus@example.org>" "Re: [PATCH v2 1/2] widget: add frob" v2-1 &&
	printf "Again:\nReviewed-by: ada lovelace <ADA@example.org>\n" |
		mail r-ada2 "Tue, 9 Jan 2024 08:40:00 +0000" "Ada Lovelace <ada@example.org>" "Re: [PATCH v2 1/2] widget: add frob" v2-1 &&
	patch_body "Use it." "int use = 3;" | mail v3-2 "Mon, 15 Jan 2024 10:00:00 +0000" "$SAM" "[PATCH v3 2/2] widget: use frob" v2-2 &&
	printf "Bob Builder wrote:\n> Reviewed-by: Bob Builder <bob@example.net>\n\nTested-by: Carol (CJ) Jones <carol+review@example.org>\n" |
		mail r-carol "Tue, 16 Jan 2024 09:00:00 +0000" "Carol (CJ) Jones <carol@example.org>" "Re: [PATCH v3 2/2] widget: use frob" v3-2 &&
	printf "Reviewed-by: Frank Other <frank@example.com>\n" |
		mail r-eve "Tue, 16 Jan 2024 09:30:00 +0000" "Eve Mallory <eve@example.com>" "Re: [PATCH v3 2/2] widget: use frob" v3-2 &&
	printf "<html><body><div>Looks good.</div><div>Acked-by: Hana Ito &lt;hana@example.jp&gt;</div><blockquote><div>Reviewed-by: Bob Builder &lt;bob@example.net&gt;</div></blockquote></body></html>\n" |
		mail r-hana "Tue, 16 Jan 2024 10:00:00 +0000" "Hana Ito <hana@example.jp>" "Re: [PATCH v3 2/2] widget: use frob" v3-2 "text/html; charset=utf-8" &&
	printf "Carol wrote:\n> Tested-by: Carol (CJ) Jones <carol+review@example.org>\n\nThanks!\n" |
		mail r-sam "Tue, 16 Jan 2024 11:00:00 +0000" "$SAM" "Re: [PATCH v3 2/2] widget: use frob" r-carol
	} >all.mbox &&
	grep -c "^Message-ID" all.mbox >count &&
	echo 16 >expect && test_cmp expect count
'

test_expect_success 'text: added, mismatched, not carried; no repository needed' '
	(cd /tmp && GIT_CEILING_DIRECTORIES=/tmp quill trailer collect --mbox "$TRASH/all.mbox") >out &&
	cat >expect <<-\EOT &&
	v3 1/2 widget: add frob
	  + Reviewed-by: Ada Lovelace <ada@example.org>
	  + Reviewed-by: gus@example.org
	  + Acked-by: Doe, Jane <jdoe@corp.example>
	v3 2/2 widget: use frob
	  + Tested-by: Carol (CJ) Jones <carol+review@example.org>
	  + Acked-by: Hana Ito <hana@example.jp>
	  ! mismatch: Reviewed-by: Frank Other <frank@example.com> (from Eve Mallory <eve@example.com>)
	  - not carried: Reviewed-by: Bob Builder <bob@example.net> (patch changed since v1) https://lore.kernel.org/all/r-bob@example.test/
	  - not carried: Acked-by: Doe, Jane <jdoe@corp.example> (patch changed since v2) https://lore.kernel.org/all/r-jane@example.test/
	EOT
	test_cmp expect out
'

test_expect_success 'quoted trailers are never collected (plain and HTML)' '
	quill trailer collect --mbox all.mbox >out &&
	test $(grep -c "Bob Builder" out) = 1 &&
	test $(grep -c "Carol" out) = 1
'

test_expect_success '--accept-mismatch adds the mismatched one' '
	quill trailer collect --accept-mismatch --mbox all.mbox >out &&
	grep "^  + Reviewed-by: Frank Other <frank@example.com>" out &&
	grep "^  ! mismatch: Reviewed-by: Frank Other" out
'

test_expect_success '--json: the document' '
	quill trailer collect --json --mbox all.mbox >out.json &&
	cat >expect.json <<-\EOT &&
	{"version": 3, "messages": 16, "missing": [],
	 "patches": [
	  {"version": 3, "patch": 1, "subject": "widget: add frob",
	   "add": ["Reviewed-by: Ada Lovelace <ada@example.org>",
		   "Reviewed-by: gus@example.org",
		   "Acked-by: Doe, Jane <jdoe@corp.example>"],
	   "not_carried": [], "mismatch": []},
	  {"version": 3, "patch": 2, "subject": "widget: use frob",
	   "add": ["Tested-by: Carol (CJ) Jones <carol+review@example.org>",
		   "Acked-by: Hana Ito <hana@example.jp>"],
	   "not_carried": [
	    {"trailer": "Reviewed-by: Bob Builder <bob@example.net>", "reason": "patch changed since v1",
	     "link": "https://lore.kernel.org/all/r-bob@example.test/"},
	    {"trailer": "Acked-by: Doe, Jane <jdoe@corp.example>", "reason": "patch changed since v2",
	     "link": "https://lore.kernel.org/all/r-jane@example.test/"}],
	   "mismatch": [{"trailer": "Reviewed-by: Frank Other <frank@example.com>",
			 "from": "Eve Mallory <eve@example.com>"}]}]}
	EOT
	test_cmp_json expect.json out.json
'

test_expect_success '--version 2: the trailers of v2 and older' '
	quill trailer collect --version 2 --mbox all.mbox >out &&
	cat >expect <<-\EOT &&
	v2 1/2 widget: add frob
	  + Reviewed-by: Ada Lovelace <ada@example.org>
	  + Reviewed-by: gus@example.org
	  + Acked-by: Doe, Jane <jdoe@corp.example>
	v2 2/2 widget: use frob
	  + Acked-by: Doe, Jane <jdoe@corp.example>
	  - not carried: Reviewed-by: Bob Builder <bob@example.net> (patch changed since v1) https://lore.kernel.org/all/r-bob@example.test/
	EOT
	test_cmp expect out
'

test_expect_success 'a patch missing from the input is reported, the rest collected' '
	{
	patch_body "One." "int one;" | mail m-1 "Mon, 1 Jan 2024 10:00:01 +0000" "$SAM" "[PATCH v2 1/3] one" &&
	patch_body "Three." "int three;" | mail m-3 "Mon, 1 Jan 2024 10:00:03 +0000" "$SAM" "[PATCH v2 3/3] three" m-1 &&
	printf "Acked-by: Ada Lovelace <ada@example.org>\n" |
		mail m-r "Tue, 2 Jan 2024 09:00:00 +0000" "Ada Lovelace <ada@example.org>" "Re: [PATCH v2 3/3] three" m-3
	} >partial.mbox &&
	quill trailer collect --mbox partial.mbox >out &&
	cat >expect <<-\EOT &&
	v2 1/3 one
	v2 2/3 
	v2 3/3 three
	  + Acked-by: Ada Lovelace <ada@example.org>
	missing: v2: patch 2/3 is not in the input
	EOT
	test_cmp expect out
'

test_expect_success 'bad input: no patches, bad usage' '
	printf "Reviewed-by: Ada Lovelace <ada@example.org>\n" |
		mail lone "Tue, 2 Jan 2024 09:00:00 +0000" "Ada Lovelace <ada@example.org>" "hello" >none.mbox &&
	test_expect_code 3 quill trailer collect --mbox none.mbox 2>err &&
	grep "no patches in it" err &&
	test_expect_code 2 quill trailer collect --mbox all.mbox --thread x@y 2>err &&
	test_expect_code 2 quill trailer collect --mbox all.mbox --dry-run 2>err &&
	test_expect_code 2 quill trailer collect --mbox all.mbox --apply --order nope 2>err
'

test_done
