#!/bin/sh
# lib/net/smtp against a real SMTP server on 127.0.0.1 (tests/testbed/
# smtp-sink.sh, aiosmtpd), driven by build/tests/tools/smtp-drive: messages
# over one connection, AUTH with git's credential helpers, STARTTLS and
# SMTPS with a self-signed certificate, a refused DATA (not sent), a
# connection dropped after DATA and a timeout (in doubt), a refused
# recipient, and a sendmail command.
. "$(dirname "$0")/lib.sh"

SINK=$TEST_SRC/testbed/smtp-sink.sh
DRIVE=$QUILL_BUILD_DIR/build/tests/tools/smtp-drive
"$SINK" check || skip_all "aiosmtpd is not installed (python3-aiosmtpd)"

# every sink this script started is stopped, whatever happened
trap 'for d in "$TRASH"/sink-*; do [ -d "$d" ] && "$SINK" stop "$d"; done; test_cleanup_trash' EXIT

# msg N: a small message in CRLF, as lib/mail/wire makes them, in mN.eml
msg() {
	printf 'From: Ada Author <ada@example.org>\r\nTo: list@example.org\r\nSubject: [PATCH %s/3] frob: step %s\r\nMessage-ID: <m%s@example.org>\r\n\r\nStep %s.\r\n.a line with a dot\r\n' \
		"$1" "$1" "$1" "$1" >"m$1.eml"
}

# start NAME [OPTIONS]: a sink in $TRASH/sink-NAME; its port in $PORT and
# in the repository's quill.smtpServerPort
start() {
	_name=$1
	shift
	PORT=$("$SINK" start "$TRASH/sink-$_name" "$@") &&
	git -C "$TRASH/r" config quill.smtpServerPort "$PORT"
}

stop() {
	"$SINK" stop "$TRASH/sink-$1"
}

# field NAME N KEY: a field of the Nth message's envelope (JSON as Python prints it)
field() {
	/usr/bin/python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' \
		"$TRASH/sink-$1/messages/$(printf %06d "$2").json" "$3"
}

count() {
	ls "$TRASH/sink-$1/messages" | grep -c '\.eml$'
}

# drive ARGS...: smtp-drive in the repository, its output in out, its exit in rc
drive() {
	(cd "$TRASH/r" && "$DRIVE" "$@") >out 2>err
	echo $? >rc
}

test_expect_success 'setup: the driver, a repository, three messages' '
	test -x "$DRIVE" &&
	test_repo r &&
	git -C r config quill.smtpServer 127.0.0.1 &&
	msg 1 && msg 2 && msg 3 &&
	cp m1.eml m2.eml m3.eml r/
'

test_expect_success 'three messages go over one connection, as they were' '
	start plain &&
	drive --describe --rcpt list@example.org --rcpt bob@example.com m1.eml m2.eml m3.eml &&
	stop plain &&
	cat >expect <<-EOF &&
	smtp://127.0.0.1:$PORT (no TLS: loopback)
	1 sent: 250 2.0.0 Ok: queued as 000001
	2 sent: 250 2.0.0 Ok: queued as 000002
	3 sent: 250 2.0.0 Ok: queued as 000003
	EOF
	test_cmp expect out &&
	test "$(cat rc)" = 0 &&
	for i in 1 2 3; do
		test "$(field plain $i mail_from)" = ada@example.org &&
		test "$(field plain $i rcpt_tos)" = "[${SQ}list@example.org${SQ}, ${SQ}bob@example.com${SQ}]" &&
		test "$(field plain $i bare_lf)" = False &&
		test "$(field plain $i tls)" = False &&
		tr -d "\r" <m$i.eml >want.eml &&
		test_cmp want.eml sink-plain/messages/00000$i.eml || return 1
	done &&
	test "$(field plain 1 peer)" = "$(field plain 2 peer)" &&
	test "$(field plain 1 peer)" = "$(field plain 3 peer)" &&
	test "$(field plain 1 helo)" = localhost
'

test_expect_success 'quill.smtpDomain is the EHLO name' '
	start helo &&
	git -C r config quill.smtpDomain box.example.org &&
	drive --rcpt list@example.org m1.eml &&
	stop helo &&
	git -C r config --unset quill.smtpDomain &&
	test "$(field helo 1 helo)" = box.example.org
'

test_expect_success 'AUTH with the password from a credential helper' '
	start auth --auth u:s3cret-pw &&
	git -C r config quill.smtpUser u &&
	git -C r config credential.helper "!f() { echo username=u; echo password=s3cret-pw; }; f" &&
	drive --describe --rcpt list@example.org m1.eml m2.eml &&
	stop auth &&
	cat >expect <<-EOF &&
	smtp://127.0.0.1:$PORT (no TLS: loopback, user u)
	1 sent: 250 2.0.0 Ok: queued as 000001
	2 sent: 250 2.0.0 Ok: queued as 000002
	EOF
	test_cmp expect out &&
	test "$(field auth 1 auth_user)" = u &&
	test "$(field auth 2 auth_user)" = u &&
	test "$(grep -c "AUTH .* u accepted" sink-auth/sink.log)" = 1
'

test_expect_success 'a wrong password: not sent, and the password is nowhere' '
	start authbad --auth u:other-pw &&
	drive --rcpt list@example.org m1.eml &&
	stop authbad &&
	cat >expect <<-EOF &&
	1 not sent: smtp://127.0.0.1:$PORT: login as u refused: 535 5.7.8 Authentication credentials invalid (class 4)
	EOF
	test_cmp expect out &&
	test "$(cat rc)" = 4 &&
	! grep s3cret out err &&
	test "$(count authbad)" = 0
'

test_expect_success 'no password to be had: not sent, git says why' '
	start authnone --auth u:s3cret-pw &&
	git -C r config --unset credential.helper &&
	drive --rcpt list@example.org m1.eml &&
	stop authnone &&
	grep "^1 not sent: no password for smtp://127.0.0.1:$PORT: .*terminal prompts disabled (class 4)$" out &&
	test "$(count authnone)" = 0
'

test_expect_success 'no credential helper has it: ~/.netrc is read' '
	start netrc --auth u:netrc-pw &&
	printf "machine 127.0.0.1\nlogin u\npassword netrc-pw\n" >"$HOME/.netrc" &&
	chmod 600 "$HOME/.netrc" &&
	drive --rcpt list@example.org m1.eml &&
	rm "$HOME/.netrc" &&
	stop netrc &&
	grep "^1 sent" out &&
	test "$(field netrc 1 auth_user)" = u
'

test_expect_success 'git credential approve and reject: a stored password kept, then dropped' '
	start authstore --auth u:s3cret-pw &&
	printf "smtp://u:s3cret-pw@127.0.0.1:$PORT\n" >creds &&
	git -C r config credential.helper "store --file=$TRASH/creds" &&
	drive --rcpt list@example.org m1.eml &&
	stop authstore &&
	grep "^1 sent" out &&
	# approve stored it again, the way git store writes it
	grep "s3cret-pw@127.0.0.1%3a$PORT" creds &&
	start authstore2 --auth u:changed-pw &&
	printf "smtp://u:s3cret-pw@127.0.0.1:$PORT\n" >creds &&
	drive --rcpt list@example.org m1.eml &&
	stop authstore2 &&
	grep "^1 not sent: .*login as u refused" out &&
	! grep s3cret creds
'

test_expect_success 'STARTTLS with a self-signed certificate: refused without its CA' '
	start tls --starttls --auth u:s3cret-pw &&
	git -C r config credential.helper "!f() { echo username=u; echo password=s3cret-pw; }; f" &&
	git -C r config quill.smtpEncryption tls &&
	drive --describe --rcpt list@example.org m1.eml &&
	cat >expect <<-EOF &&
	smtp://127.0.0.1:$PORT (STARTTLS, user u)
	EOF
	head -n 1 out >first && test_cmp expect first &&
	grep "^1 not sent: smtp://127.0.0.1:$PORT: SSL certificate problem: self-signed certificate (class 4)$" out &&
	test "$(count tls)" = 0 &&
	git -C r config quill.smtpCAInfo "$TRASH/sink-tls/tls/cert.pem" &&
	drive --rcpt list@example.org m1.eml m2.eml &&
	stop tls &&
	cat >expect <<-EOF &&
	1 sent: 250 2.0.0 Ok: queued as 000001
	2 sent: 250 2.0.0 Ok: queued as 000002
	EOF
	test_cmp expect out &&
	test "$(field tls 1 tls)" = True &&
	test "$(field tls 2 auth_user)" = u
'

test_expect_success 'quill.smtpSSLVerify false takes the unknown certificate' '
	start tlsnoverify --starttls &&
	git -C r config --unset quill.smtpCAInfo &&
	git -C r config --unset quill.smtpUser &&
	git -C r config quill.smtpSSLVerify false &&
	drive --describe --rcpt list@example.org m1.eml &&
	stop tlsnoverify &&
	git -C r config --unset quill.smtpSSLVerify &&
	grep "(STARTTLS, certificate not verified)$" out &&
	grep "^1 sent" out &&
	test "$(field tlsnoverify 1 tls)" = True
'

test_expect_success 'STARTTLS required, but the server offers none: not sent' '
	start notls &&
	drive --rcpt list@example.org m1.eml &&
	stop notls &&
	cat >expect <<-EOF &&
	1 not sent: smtp://127.0.0.1:$PORT: STARTTLS not supported (class 4)
	EOF
	test_cmp expect out &&
	test "$(count notls)" = 0
'

test_expect_success 'SMTPS: TLS from the first byte' '
	start smtps --smtps &&
	git -C r config quill.smtpEncryption ssl &&
	git -C r config quill.smtpCAInfo "$TRASH/sink-smtps/tls/cert.pem" &&
	drive --describe --rcpt list@example.org m1.eml &&
	stop smtps &&
	cat >expect <<-EOF &&
	smtps://127.0.0.1:$PORT (TLS)
	1 sent: 250 2.0.0 Ok: queued as 000001
	EOF
	test_cmp expect out &&
	test "$(field smtps 1 tls)" = True &&
	git -C r config --unset quill.smtpEncryption &&
	git -C r config --unset quill.smtpCAInfo
'

test_expect_success 'a 451 to the content: that one not sent, the others sent' '
	start faildata --fail-data 2 &&
	drive --rcpt list@example.org m1.eml m2.eml m3.eml &&
	stop faildata &&
	cat >expect <<-EOF &&
	1 sent: 250 2.0.0 Ok: queued as 000001
	2 not sent: smtp://127.0.0.1:$PORT: the message was refused: 451 4.3.0 Temporary failure (--fail-data) (class 4)
	3 sent: 250 2.0.0 Ok: queued as 000002
	EOF
	test_cmp expect out &&
	test "$(cat rc)" = 4 &&
	test "$(count faildata)" = 2 &&
	grep "step 3" sink-faildata/messages/000002.eml
'

test_expect_success 'the connection dropped after the content: in doubt, and it did arrive' '
	start drop --drop-after-data 2 &&
	drive --rcpt list@example.org m1.eml m2.eml m3.eml &&
	stop drop &&
	cat >expect <<-EOF &&
	1 sent: 250 2.0.0 Ok: queued as 000001
	2 in doubt: smtp://127.0.0.1:$PORT: no answer to the message${SQ}s content (the connection was lost): the server may have it (class 4)
	3 sent: 250 2.0.0 Ok: queued as 000003
	EOF
	test_cmp expect out &&
	test "$(count drop)" = 3 &&
	test "$(field drop 2 dropped)" = True &&
	grep "step 2" sink-drop/messages/000002.eml
'

test_expect_success 'no answer within QUILL_SMTP_TIMEOUT_MS: in doubt' '
	start slow --delay-data 3 &&
	QUILL_SMTP_TIMEOUT_MS=1000 drive --rcpt list@example.org m1.eml &&
	stop slow &&
	cat >expect <<-EOF &&
	1 in doubt: smtp://127.0.0.1:$PORT: no answer to the message${SQ}s content (timed out after 1000 ms): the server may have it (class 4)
	EOF
	test_cmp expect out &&
	test "$(count slow)" = 1
'

test_expect_success 'a refused recipient: not sent, naming the address' '
	start rcpt --reject-rcpt "^nobody@" &&
	drive --rcpt list@example.org --rcpt nobody@example.net m1.eml &&
	cp out out1 &&
	drive --rcpt list@example.org m2.eml &&
	stop rcpt &&
	cat >expect <<-EOF &&
	1 not sent: smtp://127.0.0.1:$PORT: recipient nobody@example.net refused: 550 5.1.1 <nobody@example.net>: Recipient address rejected (class 3)
	EOF
	test_cmp expect out1 &&
	grep "^1 sent" out &&
	test "$(count rcpt)" = 1 &&
	grep "step 2" sink-rcpt/messages/000001.eml
'

test_expect_success 'the caller says no before the content: not sent, the next one goes' '
	start hold &&
	drive --hold 2 --say-data --rcpt list@example.org m1.eml m2.eml m3.eml &&
	stop hold &&
	cat >expect <<-EOF &&
	data 1
	1 sent: 250 2.0.0 Ok: queued as 000001
	data 2
	2 not sent: smtp://127.0.0.1:$PORT: stopped before the message${SQ}s content went out (class 4)
	data 3
	3 sent: 250 2.0.0 Ok: queued as 000002
	EOF
	test_cmp expect out &&
	test "$(count hold)" = 2
'

test_expect_success 'a recipient that would break the envelope is refused here' '
	drive --rcpt "a@example.org> NOTIFY=NEVER" m1.eml &&
	grep "^1 not sent: ${SQ}a@example.org> NOTIFY=NEVER${SQ} is not a mail address (class 3)$" out
'

test_expect_success 'mail in clear to a remote server is refused before anything' '
	git -C r config quill.smtpServer mail.example.org &&
	git -C r config quill.smtpEncryption none &&
	drive --rcpt list@example.org m1.eml &&
	git -C r config quill.smtpServer 127.0.0.1 &&
	git -C r config --unset quill.smtpEncryption &&
	test "$(cat rc)" = 3 &&
	grep "^config: quill.smtpEncryption: none for mail.example.org, which is not on this machine" out
'

test_expect_success 'sendmail: the command gets -i -f FROM and the recipients as words, LF text' '
	cat >fake-sendmail <<-\EOF &&
	#!/bin/sh
	for a in "$@"; do printf "[%s]\n" "$a"; done >"$TRASH/sendmail.args"
	cat >"$TRASH/sendmail.in"
	EOF
	chmod +x fake-sendmail &&
	git -C r config quill.sendmailCmd "\"$TRASH/fake-sendmail\" --extra" &&
	drive --describe --rcpt list@example.org --rcpt "o${SQ}neil\$(x)@example.com" m1.eml &&
	cat >expect <<-EOF &&
	sendmail: "$TRASH/fake-sendmail" --extra -i
	1 sent: exit status 0
	EOF
	test_cmp expect out &&
	cat >expect <<-EOF &&
	[--extra]
	[-i]
	[-f]
	[ada@example.org]
	[list@example.org]
	[o${SQ}neil\$(x)@example.com]
	EOF
	test_cmp expect sendmail.args &&
	tr -d "\r" <m1.eml >want &&
	test_cmp want sendmail.in
'

test_expect_success 'sendmail: a failing command is not sent, with its words' '
	cat >fake-sendmail <<-\EOF &&
	#!/bin/sh
	cat >/dev/null
	echo "sendmail: queue is full" >&2
	exit 75
	EOF
	drive --rcpt list@example.org m1.eml &&
	cat >expect <<-EOF &&
	1 not sent: "$TRASH/fake-sendmail" --extra failed (exit status 75): sendmail: queue is full (class 4)
	EOF
	test_cmp expect out
'

test_expect_success 'sendmail: killed once it had the message: in doubt' '
	cat >fake-sendmail <<-\EOF &&
	#!/bin/sh
	cat >/dev/null
	kill -9 $$
	EOF
	drive --rcpt list@example.org m1.eml &&
	grep "^1 in doubt: .*killed by signal 9 after it was given the message: it may have sent it (class 4)$" out
'

test_expect_success 'sendmail: a command that does not read its input does not hang us' '
	cat >fake-sendmail <<-\EOF &&
	#!/bin/sh
	exit 1
	EOF
	awk "BEGIN { for (i = 0; i < 20000; i++) printf \"line %d of a long message\\r\\n\", i }" >big.eml &&
	cat m1.eml big.eml >r/big.eml &&
	drive --rcpt list@example.org big.eml &&
	grep "^1 not sent: .*failed (exit status 1) (class 4)$" out
'

test_done
