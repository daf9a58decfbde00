#!/bin/sh
# The front quill (cmd/front.c): the commands it runs itself print what the
# full binary prints, byte for byte, with the same exit code; it maps no
# libgit2, libcurl or notmuch; every other command reaches the full binary
# (found through QUILL_EXEC_PATH, the build tree, or PREFIX/libexec/quill).
. "$(dirname "$0")/lib.sh"

FRONT=$QUILL_BUILD_DIR/quill
FULL=$QUILL_BUILD_DIR/build/quill

cat >small.eml <<'MAIL'
From: Ada Example <ada@example.org>
Subject: [PATCH v2 1/2] frob: start the frobnicator
Date: Mon, 1 Dec 2025 10:00:00 +0000
Message-ID: <frob-1@example.org>

Start it early.

Signed-off-by: Ada Example <ada@example.org>
---
 frob.c | 1 +
 1 file changed, 1 insertion(+)

diff --git a/frob.c b/frob.c
--- a/frob.c
+++ b/frob.c
@@ -0,0 +1 @@
+int frob;
MAIL
printf 'From: =?x-unknown?Q?broken?= <\nSubject: \001\n\n' >bad.eml
{ printf 'From ada@example.org Mon Dec  1 10:00:00 2025\n'; cat small.eml; printf '\n'
  printf 'From ada@example.org Mon Dec  1 10:00:00 2025\n'; sed 's/frob-1@/frob-2@/' small.eml; } >two.mbox

# same NAME STDIN ARGS...: the front and the full binary, run alike from
# directory NAME-front and NAME-full (fresh each), print the same on stdout
# and stderr, exit alike, and leave the same files
same() {
	_n=$1 _in=$2; shift 2
	rm -rf "$_n-front" "$_n-full" && mkdir "$_n-front" "$_n-full" &&
	(cd "$_n-front" && "$FRONT" "$@" <"$TRASH/$_in" >../"$_n".out1 2>../"$_n".err1; echo $? >../"$_n".rc1) &&
	(cd "$_n-full" && "$FULL" "$@" <"$TRASH/$_in" >../"$_n".out2 2>../"$_n".err2; echo $? >../"$_n".rc2) &&
	test_cmp "$_n".out2 "$_n".out1 && test_cmp "$_n".err2 "$_n".err1 &&
	test_cmp "$_n".rc2 "$_n".rc1 &&
	diff -r "$_n-full" "$_n-front"
}

# the full binary has libgit2: shared, or linked in from its archive
# (scripts/full-libs.sh; its symbols then only in the static table)
has_libgit2() {
	ldd "$FULL" | grep -q libgit2 || nm "$FULL" | grep -q " [Tt] git_libgit2_init$"
}

test_expect_success 'both binaries are built; the front maps no libgit2, libcurl, notmuch' '
	test -x "$FRONT" && test -x "$FULL" &&
	if command -v ldd >/dev/null; then
		ldd "$FRONT" >libs && grep -q libc libs &&
		! grep -E "libgit2|libcurl|libnotmuch|libxapian|libmbed" libs &&
		has_libgit2
	fi &&
	LD_DEBUG=files "$FRONT" --version 2>trace >/dev/null &&
	grep -q "file=libc" trace && ! grep -E "file=(libgit2|libcurl|libnotmuch)" trace
'

# GMime linked in from its archive (scripts/front-libs.sh): its crypto
# contexts and GIO stream are left out (lib/mail/mime-lean.c), and with them
# gpgme and GIO's libmount and libselinux
test_expect_success 'a front with GMime linked in maps no gpgme, libmount, libselinux' '
	if command -v ldd >/dev/null && ! ldd "$FRONT" | grep -q libgmime; then
		ldd "$FRONT" >libs && grep -q libc libs &&
		! grep -E "libgpgme|libassuan|libmount|libselinux|libblkid" libs
	fi &&
	LD_DEBUG=files "$FRONT" mail info msg patch <small.eml 2>trace >/dev/null &&
	grep -q "file=libc" trace &&
	{ ldd "$FRONT" | grep -q libgmime || ! grep -E "file=lib(gpgme|mount|selinux)" trace; }
'

cat >signed.eml <<'MAIL'
From: Ada Example <ada@example.org>
Subject: [PATCH] frob: sign it
Date: Mon, 1 Dec 2025 10:00:00 +0000
Message-ID: <frob-signed@example.org>
MIME-Version: 1.0
Content-Type: multipart/signed; micalg=pgp-sha256;
 protocol="application/pgp-signature"; boundary="sig"

--sig
Content-Type: text/plain; charset=utf-8

Sign the frobnicator.

Signed-off-by: Ada Example <ada@example.org>
--sig
Content-Type: application/pgp-signature; name="signature.asc"

-----BEGIN PGP SIGNATURE-----
iQEzBAEBCAAdFiEEAAAAAAAAAAAAAAAAAAAAAAAAAAAFAmdQAAAACgkQAAAAAAAAAAA=
-----END PGP SIGNATURE-----
--sig--
MAIL
sed -e 's|multipart/signed; micalg=pgp-sha256;|application/pkcs7-mime; smime-type=signed-data;|' \
    -e 's| protocol="application/pgp-signature"; boundary="sig"| name="smime.p7m"\
Content-Transfer-Encoding: base64|' -e '/^--sig/,$d' signed.eml >pkcs7.eml &&
printf 'MIIBAAYJKoZIhvcNAQcCoIIA8TCCAO0CAQExADALBgkqhkiG9w0BBwGgADEA\n' >>pkcs7.eml

test_expect_success 'signed and S/MIME mail: the same from both, the signed text found' '
	same sg1 signed.eml mail info msg patch &&
	grep -q "^Subject: frob: sign it$" sg1.out1 &&
	grep -q "^Sign the frobnicator" sg1-front/msg &&
	same sg2 pkcs7.eml mail info msg patch &&
	same sg3 signed.eml trailer parse -
'

test_expect_success 'the full binary maps libcurl and notmuch only when a command calls them' '
	if command -v ldd >/dev/null; then
		ldd "$FULL" >libs && has_libgit2 &&
		! grep -E "libcurl|libnotmuch|libxapian" libs
	fi &&
	LD_DEBUG=files "$FULL" series list 2>trace >/dev/null;
	{ grep -q "file=libgit2" trace || ! grep -q libgit2 libs; } &&
	! grep -E "file=(libcurl|libnotmuch)" trace
'

test_expect_success 'version, help and usage errors: the same from both' '
	same v small.eml --version &&
	same ver small.eml version &&
	same h small.eml help &&
	same hm small.eml help mail &&
	same hx small.eml help nosuch &&
	same none small.eml &&
	same noun small.eml mail &&
	same nounh small.eml series --help &&
	same bad small.eml nosuch &&
	same badv small.eml mail nosuch
'

test_expect_success 'mail info: the same output, files and exit codes from both' '
	same i1 small.eml mail info msg patch &&
	grep -q "^Subject: frob: start the frobnicator$" i1.out1 &&
	same i2 small.eml mail info -k -m msg patch &&
	same i3 bad.eml mail info msg patch &&
	same i4 small.eml mail info --help &&
	same i5 small.eml mail info --no-such-option msg patch &&
	same i6 small.eml mail info msg &&
	same i7 small.eml mail info --quoted-cr=bogus msg patch &&
	test "$(cat i5.rc1)" = 2
'

test_expect_success 'mail split: the same from both, errors too' '
	same s1 small.eml mail split -o out "$TRASH/two.mbox" &&
	test -d s1-front/out &&
	same s2 small.eml mail split -o out "$TRASH/no-such.mbox" &&
	same s3 small.eml mail split --help &&
	same s4 small.eml mail split
'

test_expect_success 'a command that needs the repository runs through the front' '
	test_repo r && (cd r && "$FRONT" series new fast >../out &&
	 test_commit "a change" && "$FRONT" series list >../list) &&
	grep -q "fast" list &&
	(cd r && "$FRONT" series new-version >../nv 2>&1) &&
	(cd r && "$FRONT" series show >../show) && grep -q "v2" show
'

test_expect_success 'a config-reading command without a repository goes through the front' '
	printf "Subject: x\n\nbody\n\nAcked-by: Bo Example <bo@example.org>\n" >t.txt &&
	"$FRONT" trailer parse t.txt >p1 && "$FULL" trailer parse t.txt >p2 &&
	test_cmp p2 p1 && grep -q "^Acked-by: Bo Example" p1
'

test_expect_success 'colour set by color.ui: the front leaves the choice to the full binary' '
	"$FRONT" mail series two.mbox >plain && ! grep -q "$(printf "\033")" plain &&
	git config --global color.ui always &&
	"$FRONT" mail series two.mbox >col && "$FULL" mail series two.mbox >col2 &&
	git config --global --unset color.ui &&
	test_cmp col2 col && grep -q "$(printf "\033")\[1m" col
'

test_expect_success 'QUILL_EXEC_PATH names the full binary' '
	mkdir -p alt && cat >alt/quill <<-\SCRIPT &&
	#!/bin/sh
	echo "the alternative quill: $*"
	SCRIPT
	chmod +x alt/quill &&
	QUILL_EXEC_PATH="$TRASH/alt" "$FRONT" series list >out &&
	echo "the alternative quill: series list" >expect && test_cmp expect out &&
	QUILL_EXEC_PATH="$TRASH/alt" "$FRONT" --version >out &&
	grep -q "^quill " out
'

test_expect_success 'a front with no full binary says so and exits 4' '
	mkdir -p lone && cp "$FRONT" lone/quill &&
	QUILL_EXEC_PATH="$TRASH/lone" lone/quill mail info msg patch <small.eml >out &&
	grep -q "^Author: Ada Example" out &&
	{ lone/quill series list 2>err; test $? = 4; } &&
	grep -q "full quill binary is missing" err &&
	grep -q "QUILL_EXEC_PATH" err
'

test_expect_success 'make install DESTDIR=: bin/quill, libexec/quill/quill, git-quill' '
	make -s -C "$QUILL_BUILD_DIR" install-files DESTDIR="$TRASH/dest" PREFIX=/opt/q >/dev/null &&
	test -x dest/opt/q/bin/quill && test -x dest/opt/q/libexec/quill/quill &&
	test -L dest/opt/q/bin/git-quill &&
	cmp "$FRONT" dest/opt/q/bin/quill && cmp "$FULL" dest/opt/q/libexec/quill/quill &&
	test_repo ri && (cd ri && "$TRASH/dest/opt/q/bin/quill" series new inst >../out) &&
	grep -q inst out &&
	(cd ri && PATH="$TRASH/dest/opt/q/bin:$PATH" git quill series list >../gl) &&
	grep -q inst gl
'

test_done
