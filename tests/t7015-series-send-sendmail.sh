#!/bin/sh
# quill series send through a sendmail-style command (quill.sendmailCmd,
# sendemail.sendmailCmd): each mail piped to "CMD -i -f FROM RCPT...",
# recorded and frozen as over SMTP; a command that fails stops the send and
# a rerun sends the rest.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-send.sh"

test_expect_success 'setup: a 3-patch series and a sendmail that keeps what it gets' '
	send_repo repo 3 &&
	cat >"$TRASH/sendmail" <<-\EOF &&
	#!/bin/sh
	# fake sendmail: the arguments one a line, then the mail, in the next file
	d=$TRASH/out
	mkdir -p "$d"
	n=$(ls "$d" | grep -c "\.args$" || :)
	n=$((n + 1))
	if test -f "$TRASH/fail-at" && test "$n" = "$(cat "$TRASH/fail-at")"; then
		rm -f "$TRASH/fail-at"
		echo "sendmail: queue full" >&2
		exit 75
	fi
	printf "%s\n" "$@" >"$d/$n.args"
	cat >"$d/$n.eml"
	EOF
	chmod +x "$TRASH/sendmail" &&
	git config sendemail.sendmailCmd "$TRASH/sendmail"
'

test_expect_success 'a failing command stops the send (exit 4); a rerun sends the rest' '
	cd repo &&
	echo 3 >"$TRASH/fail-at" &&
	test_expect_code 4 quill series send >../s1.out 2>../s1.err &&
	grep -q "queue full" ../s1.err &&
	test "$(ls ../out | grep -c "\.eml$")" = 2 &&
	quill series send >../s2.out &&
	test "$(ls ../out | grep -c "\.eml$")" = 4 &&
	grep -q "^v1 sent: 4 mails; v2 started$" ../s2.out
'

test_expect_success 'the command got -i -f FROM and the recipients, and each mail once' '
	cd repo &&
	printf "%s\n" -i -f "$GIT_AUTHOR_EMAIL" list@example.org rev@example.net >../want.args &&
	test_cmp ../want.args ../out/1.args &&
	for f in ../out/*.eml; do
		sed -n "s/^Message-ID: <\(.*\)>$/\1/p" "$f"
	done | sort >../got.ids &&
	test "$(sort -u ../got.ids | wc -l)" = 4 &&
	test "$(wc -l <../got.ids)" = 4 &&
	git show refs/quill/series/x:v1/version.conf >../v1.conf &&
	grep -q "$(head -n 1 ../got.ids)" ../v1.conf
'

test_done
