#!/bin/sh
# quill series send with AUTH over STARTTLS: a self-signed certificate is
# refused unless quill.smtpCAInfo names it; the password from git's
# credential helper never shows in any output or in the series state.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-send.sh"

command -v openssl >/dev/null 2>&1 || skip_all "openssl missing (the sink's certificate)"

PASS=s3cret-Pw-4711

test_expect_success 'setup: a STARTTLS sink that wants AUTH, a credential helper' '
	send_repo repo 3 &&
	sink_start tls --starttls --auth "dev:$PASS" &&
	use_sink &&
	git config quill.smtpEncryption tls &&
	git config quill.smtpUser dev &&
	cat >"$TRASH/helper" <<-EOF &&
	#!/bin/sh
	test "\$1" = get || exit 0
	cat >/dev/null
	echo username=dev
	echo password=$PASS
	EOF
	chmod +x "$TRASH/helper" &&
	git config credential.helper "$TRASH/helper"
'

test_expect_success 'a self-signed certificate is refused: exit 4, nothing sent' '
	cd repo &&
	test_expect_code 4 quill series send >../refused.out 2>../refused.err &&
	test "$(sink_count tls)" = 0 &&
	grep -q "certificate" ../refused.err &&
	quill series show --json >../show.json &&
	test "$(jget ../show.json "d[\"version\"]")" = 1
'

test_expect_success 'with quill.smtpCAInfo the send goes, over TLS, as user dev' '
	cd repo &&
	git config quill.smtpCAInfo "$TRASH/tls/tls/cert.pem" &&
	# nothing went out at the refused attempt: its mails are made anew
	signed_commit "zone: a late fix" zone-late.c &&
	quill series send --json >../sent.json 2>../sent.err &&
	test "$(jget ../sent.json "d[\"resumed\"]")" = false &&
	test "$(jget ../sent.json "d[\"sent\"]")" = 5 &&
	test "$(jget ../sent.json "d[\"frozen\"]")" = 1 &&
	test "$(sink_count tls)" = 5 &&
	grep -q "^Subject: \[PATCH 4/4\] zone: a late fix" "$TRASH/tls/messages/000005.eml" &&
	for j in "$TRASH"/tls/messages/*.json; do
		test "$(jget "$j" "d[\"tls\"]")" = true &&
		test "$(jget "$j" "d[\"auth_user\"]")" = dev || return 1
	done
'

test_expect_success 'a wrong password is refused: exit 4, nothing sent' '
	cd repo &&
	signed_commit "zone: more" zone-9.c &&
	set_cover "Again." &&
	cat >"$TRASH/helper" <<-EOF &&
	#!/bin/sh
	test "\$1" = get || exit 0
	cat >/dev/null
	echo username=dev
	echo password=wrong-one
	EOF
	test_expect_code 4 quill series send >../wrong.out 2>../wrong.err &&
	test "$(sink_count tls)" = 5 &&
	! grep "wrong-one" ../wrong.out ../wrong.err
'

test_expect_success 'the password is in no output and nowhere in the repository' '
	cd repo &&
	quill series send --dry-run --json >../dry.json 2>../dry.err &&
	! grep -l "$PASS" ../*.out ../*.err ../*.json &&
	git rev-list --objects --all --reflog >../objects &&
	cut -d" " -f1 ../objects | git cat-file --batch >../all-objects &&
	! grep -a "$PASS" ../all-objects &&
	! grep -a "$PASS" .git/config
'

test_done
