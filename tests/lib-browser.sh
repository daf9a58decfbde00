# lib-browser.sh - a real browser for the tests of HTML pages: Debian's
# chromium, headless, and tidy.  Sourced after lib.sh.  have_chromium and
# have_tidy are "yes" when chromium, tidy are installed (tests skip their
# checks otherwise).

have_chromium=
command -v chromium >/dev/null 2>&1 && have_chromium=yes

# dom FILE: the DOM headless chromium builds from FILE, on stdout.
dom() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$TRASH/chromium" \
		--dump-dom "file://$1" 2>/dev/null
}

# screenshot FILE PNG WIDTH HEIGHT: chromium's picture of FILE in a window
# of WIDTH x HEIGHT pixels, in PNG; then png_not_blank PNG WIDTH.
screenshot() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--user-data-dir="$TRASH/chromium" --window-size="$3,$4" \
		--screenshot="$2" "file://$1" >/dev/null 2>&1 &&
	png_not_blank "$2" "$3"
}

# png_not_blank PNG WIDTH: PNG is a PNG WIDTH pixels wide whose pixels are
# not one flat fill (many distinct bytes: text and colours).
png_not_blank() {
	python3 - "$1" "$2" <<-\EOF
	import struct, sys, zlib
	data = open(sys.argv[1], "rb").read()
	assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
	pos, idat, w, h = 8, b"", 0, 0
	while pos < len(data):
	    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
	    body = data[pos + 8:pos + 8 + n]
	    if kind == b"IHDR":
	        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
	    elif kind == b"IDAT":
	        idat += body
	    pos += 12 + n
	raw = zlib.decompress(idat)
	assert w == int(sys.argv[2]), "width %d" % w
	assert len(set(raw[:len(raw) // 2])) > 20, "blank"
	EOF
}

# tidy_ok FILE: tidy -q -e finds nothing wrong in FILE: no error and no
# warning either (tidy takes unclosed or misnested elements for warnings).
tidy_ok() {
	tidy -q -e "$1" >tidy.out 2>&1
	to_rc=$?
	cat tidy.out
	[ "$to_rc" = 0 ] && [ ! -s tidy.out ]
}

# fetches FILE: the requests chromium makes while it loads FILE, through a
# proxy on 127.0.0.1 that records each one's first line and answers none;
# the browser's own (its update and time services) left out, and so are
# connections that ask for nothing (a speculative preconnect that is closed
# or stays silent): only a request line is a fetch.
fetches() {
	rm -f "$TRASH/proxy.port" "$TRASH/proxy.log"
	: >"$TRASH/proxy.log"
	python3 - "$TRASH/proxy.port" "$TRASH/proxy.log" <<-\EOF &
	import socket, sys
	s = socket.socket()
	s.bind(("127.0.0.1", 0))
	s.listen(16)
	open(sys.argv[1] + ".tmp", "w").write(str(s.getsockname()[1]))
	import os
	os.rename(sys.argv[1] + ".tmp", sys.argv[1])
	log = open(sys.argv[2], "a", buffering=1)
	s.settimeout(90)
	while True:
	    c, _ = s.accept()
	    c.settimeout(2)
	    try:
	        log.write(c.recv(300).split(b"\r\n")[0].decode("latin-1") + "\n")
	    except Exception:
	        log.write("(nothing said)\n")
	    c.close()
	EOF
	fe_pid=$!
	while [ ! -s "$TRASH/proxy.port" ]; do sleep 0.1; done
	timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$TRASH/chromium-proxy" \
		--disable-background-networking --disable-component-update --no-first-run \
		--proxy-server="127.0.0.1:$(cat "$TRASH/proxy.port")" --proxy-bypass-list="<-loopback>" \
		--dump-dom "file://$1" >/dev/null 2>&1
	kill "$fe_pid" 2>/dev/null
	wait "$fe_pid" 2>/dev/null
	grep -E "^[A-Z]+ [^ ]+ HTTP/" "$TRASH/proxy.log" |
	grep -Ev "^(GET|POST|CONNECT) (http://)?[^ /]*(google\.com|googleapis\.com|gvt1\.com|gstatic\.com)[:/ ]"
	:
}

have_tidy=; command -v tidy >/dev/null 2>&1 && have_tidy=yes
