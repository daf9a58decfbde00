#!/bin/sh
# front-libs.sh - the link flags of the front quill (cmd/front.c): GLib,
# GMime, jansson, zlib.  GMime and the GLib it rests on (gio, gobject,
# gmodule, glib, ffi) are linked from their static archives when all of
# them are installed (the -dev packages ship them): that spares the front
# the mapping and symbol binding of seven shared objects at every start,
# half of what it costs beyond git's start.  The libraries they need that
# come only shared (gpgme, libmount, libselinux, ...) stay shared; nothing
# among those uses GLib, so there is one GLib in the process.  When an
# archive is missing all is linked shared (and with make FRONT_STATIC=0,
# which does not ask this script).
set -eu
pkgs="glib-2.0 gmime-3.0 jansson zlib"
static="gmime-3.0 gio-2.0 gobject-2.0 gmodule-2.0 glib-2.0 ffi"
libdir=$(pkg-config --variable=libdir glib-2.0)

shared() { echo "$(pkg-config --libs $pkgs)"; exit 0; }
for l in $static; do [ -f "$libdir/lib$l.a" ] || shared; done

rest=
for f in $(pkg-config --static --libs $pkgs); do
	case $f in
	-l*) n=${f#-l}
	     case " $static " in *" $n "*) continue ;; esac
	     # a library GMime needs whose -dev package is not installed
	     # (gpgme): its runtime object by name
	     dev=no
	     for c in "$libdir/lib$n.so" "$libdir/lib$n.a" /lib/*/"lib$n.so" /usr/lib/*/"lib$n.a"; do
		[ -e "$c" ] && dev=yes
	     done
	     if [ $dev = no ]; then
		so=$(ls "$libdir/lib$n.so."* 2>/dev/null | sort | head -n 1)
		[ -n "$so" ] || shared
		f=-l:$(basename "$so")
	     fi ;;
	esac
	case " $rest " in *" $f "*) continue ;; esac
	rest="$rest $f"
done
st=
for l in $static; do st="$st -l$l"; done
# lib/mail/mime-lean.c stands in for GMime's crypto contexts and GIO
# stream, so that gpgme, GIO's GFile and what they need (libmount,
# libselinux, ...) are not linked: --as-needed then drops their objects
wrap=
for s in g_mime_stream_gio_get_type g_mime_gpg_context_get_type g_mime_pkcs7_context_get_type \
	 g_mime_gpg_context_new g_mime_pkcs7_context_new gpgme_check_version_internal; do
	wrap="${wrap:+$wrap,}--wrap=$s"
done
echo "-Wl,$wrap -Wl,-u,__wrap_g_mime_gpg_context_new -Wl,-Bstatic$st -Wl,-Bdynamic$rest"
