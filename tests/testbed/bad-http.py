#!/usr/bin/env python3
# bad-http.py - a small HTTP server on 127.0.0.1 giving the bad answers a
# real public-inbox cannot, for the lore source's tests.
#
#   bad-http.py PORTFILE LOGFILE [FILES]
#
# Binds a free port of 127.0.0.1 (nothing else), writes the port to
# PORTFILE (whole, by rename) and serves until killed.  Every request is
# logged to LOGFILE as one line: METHOD PATH STATUS IF-NONE-MATCH ("-"
# when none).  The first path segment picks the answer, whatever follows
# (so lore:http://127.0.0.1:PORT/MODE is a source, and
# /MODE/MSGID/t.mbox.gz a thread of it):
#   500        HTTP 500, always
#   html       200 text/html, a web page instead of an mbox
#   truncated  200 application/gzip, the first half of an mbox.gz
#   slow       answers after 5 seconds
#   big        200, a 1 MiB mbox, no Content-Length
#   bomb       200 application/gzip, 30 KiB that gunzip to 30 MiB
#   429        429 with Retry-After: 0 the first time a path is asked, then
#              the mbox
#   503        503 with Retry-After: 0, always
#   etag       the mbox with ETag "v1"; 304 to If-None-Match: "v1"
#   par        the mbox after 0.3 seconds; the most requests answered at
#              once so far is written to LOGFILE.peak
#   ok         the mbox; 404 when MSGID starts with "missing"
#   files      200 application/gzip, the file FILES/MSGID.mbox.gz as it is
#              (read at each request, so a test can add one between two
#              runs); HTTP 500 when there is no such file
# The mbox is one message whose Message-ID is the MSGID of the path.
import gzip
import http.server
import os
import sys
import threading
import time
import urllib.parse

PORTFILE, LOGFILE = sys.argv[1], sys.argv[2]
FILES = sys.argv[3] if len(sys.argv) > 3 else None
seen = set()
active = [0, 0]  # now, peak
lock = threading.Lock()


def mbox(msgid):
    return ("From mboxrd@z Thu Jan  1 00:00:00 1970\n"
            "From: Ada Reviewer <ada@example.org>\n"
            "Subject: [PATCH] bad-http: a test message\n"
            "Date: Mon, 01 Dec 2025 10:00:00 +0000\n"
            "Message-ID: <%s>\n"
            "\n"
            "A body.\n"
            "\n" % msgid).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, fmt, *args):
        pass

    def answer(self, status, body, ctype="application/gzip", headers=(), length=True):
        with lock:
            with open(LOGFILE, "a") as f:
                f.write("%s %s %d %s\n" % (self.command, self.path, status,
                                           self.headers.get("If-None-Match", "-")))
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        for k, v in headers:
            self.send_header(k, v)
        if length:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        self.rfile.read(n)
        self.do_GET()

    def do_GET(self):
        parts = urllib.parse.urlsplit(self.path).path.split("/")
        mode = parts[1] if len(parts) > 1 else ""
        msgid = urllib.parse.unquote(parts[2]) if len(parts) > 2 else "none@example.org"
        gz = gzip.compress(mbox(msgid), mtime=0)
        if mode == "500":
            self.answer(500, b"Internal Server Error\n", "text/plain")
        elif mode == "html":
            self.answer(200, b"<!DOCTYPE html>\n<html><body>Welcome</body></html>\n",
                        "text/html; charset=UTF-8")
        elif mode == "truncated":
            self.answer(200, gz[:len(gz) // 2])
        elif mode == "slow":
            time.sleep(5)
            self.answer(200, gz)
        elif mode == "big":
            body = mbox(msgid) + b"x" * 79 + b"\n"
            body += (b"y" * 79 + b"\n") * (1 << 14)
            self.answer(200, body, "text/plain", length=False)
        elif mode == "bomb":
            self.answer(200, gzip.compress(mbox(msgid) + b"\n" * (30 << 20), mtime=0))
        elif mode == "429":
            with lock:
                first = self.path not in seen
                seen.add(self.path)
            if first:
                self.answer(429, b"slow down\n", "text/plain", [("Retry-After", "0")])
            else:
                self.answer(200, gz)
        elif mode == "503":
            self.answer(503, b"busy\n", "text/plain", [("Retry-After", "0")])
        elif mode == "etag":
            if self.headers.get("If-None-Match") == '"v1"':
                self.answer(304, b"", headers=[("ETag", '"v1"')], length=False)
            else:
                self.answer(200, gz, headers=[("ETag", '"v1"')])
        elif mode == "par":
            with lock:
                active[0] += 1
                if active[0] > active[1]:
                    active[1] = active[0]
                    with open(LOGFILE + ".peak", "w") as f:
                        f.write("%d\n" % active[1])
            time.sleep(0.3)
            with lock:
                active[0] -= 1
            self.answer(200, gz)
        elif mode == "files":
            path = os.path.join(FILES or ".", msgid + ".mbox.gz")
            if FILES and "/" not in msgid and os.path.isfile(path):
                with open(path, "rb") as f:
                    self.answer(200, f.read())
            else:
                self.answer(500, b"Internal Server Error\n", "text/plain")
        elif mode == "ok" and not msgid.startswith("missing"):
            self.answer(200, gz)
        else:
            self.answer(404, b"Not Found\n", "text/plain")


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64


def main():
    srv = Server(("127.0.0.1", 0), Handler)
    tmp = PORTFILE + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % srv.server_address[1])
    os.rename(tmp, PORTFILE)
    srv.serve_forever()


main()
