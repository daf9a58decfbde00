#!/bin/sh
# full-libs.sh - the link flags of the full binary build/quill: the
# LINK_PKGS (Makefile), with libgit2 and what it rests on (mbedTLS,
# http-parser, libssh2 and the libcrypto libssh2 needs) from their static
# archives when all of them are installed (libgit2-dev and libssl-dev ship
# them).  That spares every start the mapping of seven shared objects and
# the binding of some 6,000 of their symbols (libcrypto alone has 4,000),
# most of what the full binary's start cost beyond git's.  Their symbols
# are kept out of the dynamic symbol table (--exclude-libs), so that the
# libcurl and libnotmuch lib/net/lazy.c maps later bind to their own shared
# copies (libcurl brings its own libssl, libcrypto and libssh2).  What comes
# only shared (GSSAPI, which libgit2 calls for Negotiate) stays shared.
# When an archive is missing all is linked shared (and with make
# FULL_STATIC=0, which does not ask this script).
set -eu
pkgs="glib-2.0 gmodule-2.0 gmime-3.0 jansson libelf zlib"
static="git2 mbedtls mbedx509 mbedcrypto http_parser ssh2 crypto"
libdir=$(pkg-config --variable=libdir libgit2)

shared() { echo "$(pkg-config --libs $pkgs libgit2)"; exit 0; }
for l in $static; do [ -f "$libdir/lib$l.a" ] || shared; done
# GSSAPI by its runtime object when its -dev package is not installed
gss=
for so in "$libdir/libgssapi_krb5.so" "$libdir"/libgssapi_krb5.so.[0-9]; do
	[ -e "$so" ] && { gss=$so; break; }
done
[ -n "$gss" ] || shared
case $gss in *.so) gss=-lgssapi_krb5 ;; *) gss=-l:$(basename "$gss") ;; esac

ex= st=
for l in $static; do
	ex="${ex:+$ex:}lib$l.a"
	st="$st -l$l"
done
# lib/git/init.c catches libgit2's calls of mbedTLS's certificate loaders
# and defers libgit2's TLS and SSH set-up until a transport needs them
wrap=-Wl,--wrap=mbedtls_x509_crt_parse_file,--wrap=mbedtls_x509_crt_parse_path
wrap="$wrap,--wrap=git_mbedtls_stream_global_init,--wrap=git_transport_ssh_global_init"
# (and init.o linked in wherever libgit2 is, whoever calls it)
wrap="$wrap -Wl,-u,__wrap_mbedtls_x509_crt_parse_file,-u,__wrap_mbedtls_x509_crt_parse_path"
echo "$wrap -Wl,--exclude-libs,$ex -Wl,-Bstatic$st -Wl,-Bdynamic $gss -lpcre2-8 -lrt -ldl -pthread" \
	"$(pkg-config --libs $pkgs)"
