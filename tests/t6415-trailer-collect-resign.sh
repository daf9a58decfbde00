#!/bin/sh
# quill trailer collect --apply --resign: signed commits are signed again as
# git signs them, with gpg (a scratch GNUPGHOME and key) and with ssh (a key
# file, and a literal "key::" key held by an ssh-agent); the new commits pass
# git verify-commit, an unsigned commit stays unsigned; without --resign the
# rewrite is refused; a key that cannot sign is an error and the branch is
# not moved.  mail am --apply signs its commits when commit.gpgSign is true.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH

ADA="Ada Author <ada@example.org>"
BOB="Bob Builder <bob@example.net>"

# build DIR: a series zone of 3 patches, 1 and 2 committed with -S under the
# signing config in DIR/../signing.conf (git config lines), 3 unsigned; v1
# sent; DIR.v1: the posted v1; DIR.mbox: it and Bob's Acked-by on the cover.
build() {
	test_repo "$1" && (
	cd "$1" &&
	while read -r k v; do git config "$k" "$v" || exit 1; done <../signing.conf &&
	quill series new zone >/dev/null &&
	quill series edit-cover -m "zone: frob the zones

Why." >/dev/null &&
	for i in 1 2 3; do
		printf 'line %s\n' "$i" >"z-$i" && git add "z-$i" && test_tick &&
		if [ "$i" = 3 ]; then s=; else s=-S; fi &&
		git commit -q $s -m "zone: add file $i" -m "Body $i." -m "Signed-off-by: $ADA" ||
			exit 1
	done &&
	quill series format --version 1 --stdout >../"$1".mbox 2>/dev/null &&
	c=$(grep -i "^Message-ID: " ../"$1".mbox | sed -n 1p | sed "s/.*<\(.*\)>.*/\1/") &&
	quill series new-version --msgid "$c" -m v1 >/dev/null 2>&1 &&
	cp ../"$1".mbox ../"$1".v1 &&
	{
		printf "From mboxrd@z Thu Jan  1 00:00:00 1970\n"
		printf "From: %s\nTo: ada@example.org\n" "$BOB"
		printf "Subject: Re: [PATCH 0/3] zone: frob the zones\n"
		printf "Date: Tue, 02 Dec 2025 09:00:00 +0000\nMessage-ID: <ack@example.net>\n"
		printf "In-Reply-To: <%s>\nReferences: <%s>\n\nAcked-by: %s\n\n" "$c" "$c" "$BOB"
	} >>../"$1".mbox
	)
}

# check_resigned DIR: zone~2 and zone~1 verify, zone is unsigned, each has
# Bob's Acked-by, and the signature header is laid out as git lays it out
# (no continuation line of its own after the signature's last line).
check_resigned() {
	for c in zone~2 zone~1; do
		git -C "$1" verify-commit "$c" 2>/dev/null || return 1
		git -C "$1" cat-file commit "$c" >raw &&
		sed -n "/^gpgsig /,/^$/p" raw | tail -n 2 | head -n 1 >last &&
		grep -q -- "-----END .*SIGNATURE-----$" last || return 1
	done &&
	! git -C "$1" cat-file commit zone | grep -q "^gpgsig" &&
	test "$(git -C "$1" log --format=%B zone~3..zone | grep -c "^Acked-by: $BOB$")" = 3 &&
	git -C "$1" log -1 --format=%B zone >got &&
	printf "zone: add file 3\n\nBody 3.\n\nAcked-by: %s\nSigned-off-by: %s\n\n" "$BOB" "$ADA" >want &&
	test_cmp want got
}

if ! command -v gpg >/dev/null 2>&1 || ! command -v gpgconf >/dev/null 2>&1; then
	test_skip 'gpg: --resign re-signs, verify-commit passes' 'gpg missing'
	test_skip 'gpg: a key that cannot sign, the branch not moved' 'gpg missing'
	test_skip 'gpg: mail am --apply signs with commit.gpgSign' 'gpg missing'
else
GNUPGHOME=$TRASH/g
export GNUPGHOME
test_expect_success 'gpg: --resign re-signs, verify-commit passes' '
	mkdir -m 700 "$GNUPGHOME" &&
	gpg --batch --passphrase "" --quick-gen-key "Dev <dev@example.org>" ed25519 sign never \
		>/dev/null 2>&1 &&
	echo "user.signingKey dev@example.org" >signing.conf &&
	build pg && cp -R pg pg-bad && cp -R pg pg-am &&
	cd pg &&
	git verify-commit zone~1 2>/dev/null &&
	old=$(git rev-parse zone) &&
	quill_fails 1 "is signed: rewriting it drops the signature" \
		trailer collect --mbox ../pg.mbox --apply &&
	test "$(git rev-parse zone)" = "$old" &&
	quill trailer collect --mbox ../pg.mbox --apply --resign >out 2>err &&
	grep -q "^added 3 trailers in 3 commits$" out &&
	test "$(git rev-parse ORIG_HEAD)" = "$old" &&
	cd .. && check_resigned pg &&
	git -C pg verify-commit zone~1 2>err && grep -q "Good signature from \"Dev <dev@example.org>\"" err &&
	git -C pg status --porcelain --untracked-files=no >st && test ! -s st
'

test_expect_success 'gpg: a key that cannot sign, the branch not moved' '
	cd pg-bad &&
	old=$(git rev-parse zone) &&
	git config user.signingKey nobody@example.com &&
	quill_fails 4 "cannot re-sign commit [0-9a-f]{12}: gpg failed to sign with key .nobody@example.com." \
		trailer collect --mbox ../pg.mbox --apply --resign &&
	test "$(git rev-parse zone)" = "$old" &&
	git config gpg.program "$TRASH/no-such-gpg" &&
	quill_fails 4 "cannot run .*no-such-gpg to sign" \
		trailer collect --mbox ../pg.mbox --apply --resign &&
	git config gpg.format smime &&
	quill_fails 3 "gpg.format .smime. is not one of openpgp, x509, ssh" \
		trailer collect --mbox ../pg.mbox --apply --resign &&
	test "$(git rev-parse zone)" = "$old" &&
	git config --unset gpg.format && git config --unset gpg.program &&
	git verify-commit zone~1 2>/dev/null
'

test_expect_success 'gpg: mail am --apply signs with commit.gpgSign' '
	cd pg-am &&
	quill mail am --mbox ../pg.mbox --apply --branch unsigned >/dev/null 2>&1 &&
	! git cat-file commit unsigned | grep -q "^gpgsig" &&
	git config commit.gpgSign true &&
	quill mail am --mbox ../pg.mbox --apply --branch signed >/dev/null 2>err &&
	git verify-commit signed signed~1 signed~2 2>/dev/null &&
	git log -1 --format=%B signed | grep -q "^Acked-by: $BOB$" &&
	git config user.signingKey nobody@example.com &&
	quill_fails 4 "patch 1/3: cannot sign the commit" mail am --mbox ../pg.mbox --apply --branch bad &&
	test_must_fail git rev-parse -q --verify refs/heads/bad
'
gpgconf --kill all >/dev/null 2>&1
fi

if ! command -v ssh-keygen >/dev/null 2>&1; then
	test_skip 'ssh: --resign with a key file, verify-commit passes' 'ssh-keygen missing'
	test_skip 'ssh: a missing key file, the branch not moved' 'ssh-keygen missing'
else
test_expect_success 'ssh: --resign with a key file, verify-commit passes' '
	ssh-keygen -q -t ed25519 -N "" -C dev@example.org -f "$TRASH/sshkey" &&
	printf "dev@example.org namespaces=\"git\" %s\n" "$(cat sshkey.pub)" >allowed &&
	{
		echo "gpg.format ssh" &&
		echo "user.signingKey $TRASH/sshkey" &&
		echo "gpg.ssh.allowedSignersFile $TRASH/allowed"
	} >signing.conf &&
	build ps && cp -R ps ps-bad && cp -R ps ps-lit &&
	cd ps &&
	git verify-commit zone~1 2>/dev/null &&
	git cat-file commit zone~1 | grep -q "^gpgsig -----BEGIN SSH SIGNATURE-----$" &&
	quill_fails 1 "is signed" trailer collect --mbox ../ps.mbox --apply &&
	quill trailer collect --mbox ../ps.mbox --apply --resign >out 2>err &&
	cd .. && check_resigned ps &&
	git -C ps cat-file commit zone~1 | grep -q "^gpgsig -----BEGIN SSH SIGNATURE-----$" &&
	git -C ps verify-commit zone~1 2>err && grep -q "Good \"git\" signature for dev@example.org" err
'

test_expect_success 'ssh: a missing key file, the branch not moved' '
	cd ps-bad &&
	old=$(git rev-parse zone) &&
	git config user.signingKey "$TRASH/no-such-key" &&
	quill_fails 4 "cannot re-sign commit [0-9a-f]{12}: ssh-keygen failed to sign" \
		trailer collect --mbox ../ps.mbox --apply --resign &&
	test "$(git rev-parse zone)" = "$old" &&
	git config --unset user.signingKey &&
	quill_fails 3 "ssh signing needs user.signingKey" \
		trailer collect --mbox ../ps.mbox --apply --resign &&
	test "$(git rev-parse zone)" = "$old"
'

# ack_on N: DIR.v1 (the posted v1) and Bob's Acked-by on patch N/3
ack_on() {
	p=$(grep -i "^Message-ID: " ps.v1 | sed -n "$(($1 + 1))p" | sed "s/.*<\(.*\)>.*/\1/") &&
	cat ps.v1 &&
	printf "From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: %s\nTo: ada@example.org\n" "$BOB" &&
	printf "Subject: Re: [PATCH %s/3] zone: add file %s\n" "$1" "$1" &&
	printf "Date: Tue, 02 Dec 2025 09:00:00 +0000\nMessage-ID: <ack%s@example.net>\n" "$1" &&
	printf "In-Reply-To: <%s>\nReferences: <%s>\n\nAcked-by: %s\n\n" "$p" "$p" "$BOB"
}

test_expect_success 'ssh: one trailer on 3/3, then on 1/3: 2/3 re-parented and re-signed' '
	ack_on 3 >three.mbox && ack_on 1 >first.mbox &&
	cd ps-bad &&
	git config user.signingKey "$TRASH/sshkey" &&
	quill trailer collect --mbox ../three.mbox --apply --resign >out &&
	tail -n 1 out >got && echo "added 1 trailer in 1 commit" >want && test_cmp want got &&
	old=$(git rev-parse zone) &&
	quill trailer collect --mbox ../first.mbox --apply --resign >out &&
	grep -q "^added 1 trailer in 3 commits$" out &&
	git verify-commit zone~2 zone~1 2>/dev/null &&
	test "$(git rev-parse zone~1)" != "$(git rev-parse $old~1)" &&
	test "$(git log --format=%B zone~3..zone | grep -c "^Acked-by: ")" = 2 &&
	! git cat-file commit zone | grep -q "^gpgsig"
'

if ! command -v ssh-agent >/dev/null 2>&1 || ! command -v ssh-add >/dev/null 2>&1; then
	test_skip 'ssh: a literal key::, the private key in an agent' 'ssh-agent missing'
else
test_expect_success 'ssh: a literal key::, the private key in an agent' '
	eval "$(ssh-agent -s -a "$TRASH/agent.sock")" >/dev/null &&
	{
		ssh-add -q "$TRASH/sshkey" 2>/dev/null &&
		cd ps-lit &&
		git config user.signingKey "key::$(cat ../sshkey.pub)" &&
		quill trailer collect --mbox ../ps.mbox --apply --resign >out 2>err &&
		cd .. && check_resigned ps-lit
	}
	rc=$?
	ssh-agent -k >/dev/null 2>&1
	return $rc
'
fi
fi

test_done
