#!/bin/sh
# quill trailer collect beside b4 am (Debian's b4 0.12) on one simple
# thread: a 2-patch v1 with a cover, a Reviewed-by on patch 1, an Acked-by
# on the cover, a Tested-by on patch 2, and a nested reply on patch 1 that
# quotes the trailers of the reply it answers.  The trailers quill would
# add to each patch are the ones b4 adds to it, in the same order, but one.
#
# What b4 needs to print the patches at all: subjects "[PATCH n/m]" (a
# bare "[PATCH]" series comes out as one patch), a diff in each patch
# (without one, b4 says "No patches found." and, under -q, says nothing
# and exits 0), the Message-ID without <> or with them (both work), an
# existing -o directory (else a Python traceback), and HOME with a git
# user.name/user.email.
. "$(dirname "$0")/lib.sh"

if ! command -v b4 >/dev/null 2>&1; then
	skip_all "b4 is not installed"
fi
if ! command -v python3 >/dev/null 2>&1; then
	skip_all "no python3 to read the JSON"
fi

git config --global user.name "Ines Maintainer"
git config --global user.email "ines@example.net"

# mail ID DATE FROM SUBJECT [PARENT REFS]: one message; the body on stdin
mail() {
	echo "From mboxrd@z Thu Jan  1 00:00:00 1970"
	echo "From: $3"
	echo "Subject: $4"
	echo "Date: $2"
	echo "Message-ID: <$1@example.test>"
	if [ -n "${5:-}" ]; then
		echo "In-Reply-To: <$5@example.test>"
		echo "References: $6"
	fi
	echo
	cat
	echo
}

MIRA='Mira Kovac <mira@example.test>'
# patch FILE: the body of the patch adding FILE
patch() {
	printf 'zones: add %s\n\nAdd the file %s.\n\nSigned-off-by: %s\n---\n' "$1" "$1" "$MIRA"
	printf ' %s | 1 +\n 1 file changed, 1 insertion(+)\n\n' "$1"
	printf 'diff --git a/%s b/%s\nnew file mode 100644\nindex 0000000..1111111\n' "$1" "$1"
	printf -- '--- /dev/null\n+++ b/%s\n@@ -0,0 +1 @@\n+%s\n-- \n2.39.5\n' "$1" "$1"
}

C='<cover@example.test>'
{
	mail cover 'Mon, 01 Dec 2025 10:00:00 +0000' "$MIRA" '[PATCH 0/2] zones: two files' <<-'E'
	Two files for the zones.

	Mira Kovac (2):
	  zones: add a.txt
	  zones: add b.txt

	-- 
	2.39.5
	E
	patch a.txt | mail p1 'Mon, 01 Dec 2025 10:00:01 +0000' "$MIRA" '[PATCH 1/2] zones: add a.txt' cover "$C"
	patch b.txt | mail p2 'Mon, 01 Dec 2025 10:00:02 +0000' "$MIRA" '[PATCH 2/2] zones: add b.txt' cover "$C"
	mail r1 'Tue, 02 Dec 2025 09:00:00 +0000' 'Priya Raman <priya@example.test>' \
		'Re: [PATCH 1/2] zones: add a.txt' p1 "$C <p1@example.test>" <<-'E'
	On Mon, Mira Kovac wrote:
	> Add the file a.txt.

	Looks right to me.

	Reviewed-by: Priya Raman <priya@example.test>
	Tested-by: Lena Berg <lena@example.test>
	E
	mail r2 'Tue, 02 Dec 2025 10:00:00 +0000' 'Jonas Weber <jonas@example.test>' \
		'Re: [PATCH 0/2] zones: two files' cover "$C" <<-'E'
	> Two files for the zones.

	For the series:

	Acked-by: Jonas Weber <jonas@example.test>
	E
	mail r3 'Tue, 02 Dec 2025 11:00:00 +0000' 'Cy Tester <cy@example.test>' \
		'Re: [PATCH 2/2] zones: add b.txt' p2 "$C <p2@example.test>" <<-'E'
	> Add the file b.txt.

	Works here.

	Tested-by: Cy Tester <cy@example.test>
	E
	mail r4 'Tue, 02 Dec 2025 12:00:00 +0000' 'Ola Svensson <ola@example.test>' \
		'Re: [PATCH 1/2] zones: add a.txt' r1 "$C <p1@example.test> <r1@example.test>" <<-'E'
	On Tue, Priya Raman wrote:
	> Looks right to me.
	>
	> Reviewed-by: Priya Raman <priya@example.test>
	> Tested-by: Lena Berg <lena@example.test>

	Agreed with Priya.

	Reviewed-by: Ola Svensson <ola@example.test>
	E
} >thread.mbox

# b4trailers MBX: "N<TAB>trailer" for each trailer b4 put into patch N that
# the posted patch did not carry (its own Signed-off-by).
b4trailers() {
	python3 - "$1" <<-'EOF'
	import mailbox, re, sys
	for m in mailbox.mbox(sys.argv[1]):
	    n = re.search(r"\[PATCH (\d+)/\d+\]", m["Subject"]).group(1)
	    msg = m.get_payload(decode=True).decode().split("\n---\n", 1)[0]
	    for line in msg.split("\n"):
	        if re.match(r"^[A-Za-z-]+-by: ", line) and not line.startswith("Signed-off-by: Mira"):
	            print("%s\t%s" % (n, line))
	EOF
}

# quilltrailers JSON KEY: "N<TAB>trailer" for each patch's list KEY
quilltrailers() {
	python3 - "$1" "$2" <<-'EOF'
	import json, sys
	for p in json.load(open(sys.argv[1]))["patches"]:
	    for t in p[sys.argv[2]]:
	        print("%d\t%s" % (p["patch"], t if isinstance(t, str) else t["trailer"]))
	EOF
}

test_expect_success 'b4 am prints both patches of the thread' '
	mkdir b4out &&
	b4 -q -n am -C -t -m thread.mbox cover@example.test -o b4out 2>b4.err &&
	ls b4out/*.mbx >mbx &&
	test $(wc -l <mbx) = 1 &&
	b4trailers $(cat mbx) >b4.all &&
	cut -f1 b4.all | sort -u >nums &&
	printf "1\n2\n" >expect &&
	test_cmp expect nums
'

test_expect_success 'quill would add the trailers b4 adds, but the quoted one' '
	quill trailer collect --mbox thread.mbox --json >collect.json &&
	quilltrailers collect.json add >quill.add &&
	# b4 re-adds every trailer of the reply a nested reply answers, with
	# no sender check: Lena Berg never wrote, Priya relayed her Tested-by
	# (a mismatch b4 itself refuses in r1) and Ola quoted it; quill never
	# re-adds quoted trailers, so that one is the only difference.
	grep -v "Lena Berg" b4.all >b4.checked &&
	test_cmp b4.checked quill.add &&
	cat >expect <<-\EOF &&
	1	Reviewed-by: Priya Raman <priya@example.test>
	1	Reviewed-by: Ola Svensson <ola@example.test>
	1	Acked-by: Jonas Weber <jonas@example.test>
	2	Tested-by: Cy Tester <cy@example.test>
	2	Acked-by: Jonas Weber <jonas@example.test>
	EOF
	test_cmp expect quill.add
'

test_expect_success 'the quoted, relayed trailer: b4 adds it, quill lists it as a mismatch' '
	if grep -q "Lena Berg" b4.all; then
		echo "# b4 re-adds the quoted trailer" >&2
	else
		echo "# this b4 no longer re-adds the quoted trailer" >&2
	fi &&
	! grep "Lena Berg" quill.add &&
	quilltrailers collect.json mismatch >quill.mismatch &&
	printf "1\tTested-by: Lena Berg <lena@example.test>\n" >expect &&
	test_cmp expect quill.mismatch
'

test_done
