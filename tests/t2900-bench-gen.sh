#!/bin/sh
# tests/bench/gen-lkml.py, the archive `make bench` reads (bench/mail.sh):
# the same arguments give the same bytes, and git mailsplit finds every
# message in it.  No timing here.
. "$(dirname "$0")/lib.sh"

GEN=$TEST_SRC/bench/gen-lkml.py
command -v python3 >/dev/null 2>&1 || skip_all "python3 is not installed"

test_expect_success 'the same seed twice: the same bytes' '
	python3 "$GEN" --small --seed 7 --stats a.mbox 2>stats &&
	python3 "$GEN" --small --seed 7 b.mbox &&
	cmp a.mbox b.mbox &&
	test "$(sha256sum <a.mbox)" = "$(sha256sum <b.mbox)"
'


test_expect_success 'git mailsplit finds the 2000 messages of --small' '
	mkdir split &&
	git mailsplit --mboxrd -osplit a.mbox >count &&
	test "$(cat count)" = 2000 &&
	test "$(ls split | wc -l)" = 2000 &&
	test "$(grep -c "^From " a.mbox)" = 2000
'

test_expect_success 'and the N messages of -n N; another seed, another archive' '
	python3 "$GEN" -n 37 --seed 7 d.mbox &&
	mkdir split37 &&
	test "$(git mailsplit -osplit37 d.mbox)" = 37 &&
	python3 "$GEN" -n 37 --seed 8 e.mbox &&
	! cmp -s d.mbox e.mbox
'

test_expect_success 'the archive has what the bench needs' '
	for pat in "^Subject: \[[A-Za-z -]*v2 0*0/" "^Subject: \[[A-Za-z -]*v[3-9] 0*1/" \
		"\[RFC PATCH" "PATCHv[0-9]" "RESEND" "^change-id: " "^base-commit: " \
		"^diff --git a/" "^@@ -[0-9]*,[0-9]* +[0-9]*,[0-9]* @@" \
		"^In-Reply-To: <" "^References: <" "^Reviewed-by: " "^Acked-by: " \
		"^Tested-by: " "^> > " "^>>*From " \
		"^Content-Transfer-Encoding: quoted-printable" \
		"^Content-Transfer-Encoding: base64" "^Content-Type: multipart/alternative" \
		"^From: =?UTF-8?" "=?UTF-8?q?" "@example\.\(org\|com\|net\)>"; do
		grep -q "$pat" a.mbox || { echo "missing: $pat"; return 1; }
	done
'

test_expect_success 'addresses are all invented (example.org/.com/.net)' '
	grep -o "@[a-zA-Z0-9.-]*\.[a-z]*>" a.mbox | sort -u >domains &&
	! grep -v "example\.\(org\|com\|net\)>$" domains
'

test_expect_success 'a few malformed messages, and a last one cut short' '
	cat >expect <<-\EOF &&
	messages                           2000     10.4 MB    5175 bytes a message
	  covers                             90      0.3 MB    2935
	  patches in series                 645      4.6 MB    7131
	  single patches                     36      0.2 MB    4955
	  replies                          1195      5.2 MB    4378
	  threads started                    28      0.1 MB    2053
	  pull requests                       6      0.0 MB    2932
	  base64                             55
	  malformed: 8-bit header             6
	  malformed: broken header line        3
	  malformed: no From                  1
	  malformed: no Message-ID            2
	  multipart/alternative              74
	  quoted-printable                  128
	  truncated last message              1
	EOF
	test_cmp expect stats &&
	test "$(tail -c 1 a.mbox | od -An -c | tr -d " ")" != "\n"
'

test_done
