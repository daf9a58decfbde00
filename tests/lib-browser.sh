# lib-browser.sh - a real browser for the tests of HTML pages: Debian's
# chromium, headless.  Sourced after lib.sh.  have_chromium is "yes" when
# chromium is installed (tests skip their browser checks otherwise).

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
