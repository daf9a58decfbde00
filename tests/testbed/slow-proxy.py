#!/usr/bin/python3
"""slow-proxy.py - a slow HTTP reverse proxy on 127.0.0.1, in front of a
real server (tests/testbed/lore-server.sh), for quill's load tests.
Started and stopped by slow-proxy.sh; see there for the options.

Each client connection carries one request (the answer says
"Connection: close").  A request waits for its turn: at most RATE requests
a second are let through to the upstream server, in the order they came.
The upstream answer is read whole, then relayed; a request whose path
matches --stall is answered with the headers and half of the body, then
nothing more until the client goes away (the first --stall-times such
requests; 0: every one).

DIR/log gets one line per request when it ends:
    START END METHOD PATH STATUS BYTES-SENT INFLIGHT [stalled|gone]
(START, END: seconds since the proxy started, the request's arrival and its
end; INFLIGHT: the requests open at the proxy when it arrived, itself
included).  DIR/max-inflight holds the most requests ever open at once.
"""
import argparse
import asyncio
import os
import re
import sys
import time


class Proxy:
    def __init__(self, args):
        self.up_host, self.up_port = args.upstream
        self.gap = 1.0 / args.rate
        self.next_slot = 0.0
        self.stall = re.compile(args.stall) if args.stall else None
        self.stall_left = args.stall_times if args.stall_times > 0 else None
        self.dir = args.dir
        self.t0 = time.monotonic()
        self.open = 0
        self.max_open = 0
        self.log = open(os.path.join(args.dir, "log"), "a", buffering=1)

    def now(self):
        return time.monotonic() - self.t0

    def note_max(self):
        tmp = os.path.join(self.dir, "max-inflight.tmp")
        with open(tmp, "w") as f:
            f.write("%d\n" % self.max_open)
        os.replace(tmp, os.path.join(self.dir, "max-inflight"))

    async def turn(self):
        """Wait until this request may go upstream (RATE a second)."""
        now = time.monotonic()
        slot = max(now, self.next_slot)
        self.next_slot = slot + self.gap
        if slot > now:
            await asyncio.sleep(slot - now)

    def stalls(self, path):
        if not self.stall or not self.stall.search(path):
            return False
        if self.stall_left is None:
            return True
        if self.stall_left > 0:
            self.stall_left -= 1
            return True
        return False

    async def read_request(self, reader):
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        method, path, _ = lines[0].decode("latin-1").split(" ", 2)
        length = 0
        kept = []
        for line in lines[1:]:
            if not line:
                continue
            name, _, value = line.partition(b":")
            low = name.strip().lower()
            if low == b"content-length":
                length = int(value.strip())
            if low in (b"connection", b"keep-alive", b"proxy-connection"):
                continue
            kept.append(line)
        body = await reader.readexactly(length) if length else b""
        return method, path, kept, body

    async def upstream(self, method, path, headers, body):
        r, w = await asyncio.open_connection(self.up_host, self.up_port)
        req = ("%s %s HTTP/1.1\r\n" % (method, path)).encode("latin-1")
        req += b"\r\n".join(headers) + b"\r\nConnection: close\r\n\r\n" + body
        w.write(req)
        await w.drain()
        answer = await r.read()
        w.close()
        return answer

    @staticmethod
    def reframe(answer):
        """The upstream answer as (head lines, body), de-chunked, to be sent
        with a Content-Length and Connection: close."""
        head, _, body = answer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = lines[0]
        keep = []
        chunked = False
        for line in lines[1:]:
            low = line.split(b":", 1)[0].strip().lower()
            if low == b"transfer-encoding":
                chunked = b"chunked" in line.lower()
                continue
            if low in (b"content-length", b"connection", b"keep-alive"):
                continue
            keep.append(line)
        if chunked:
            out, rest = b"", body
            while rest:
                size_line, _, rest = rest.partition(b"\r\n")
                size = int(size_line.split(b";")[0], 16)
                if size == 0:
                    break
                out += rest[:size]
                rest = rest[size + 2:]
            body = out
        return status, keep, body

    async def serve(self, reader, writer):
        self.open += 1
        if self.open > self.max_open:
            self.max_open = self.open
            self.note_max()
        start = self.now()
        inflight = self.open
        what = ["-", "-", "000", "0", str(inflight)]
        try:
            method, path, headers, body = await self.read_request(reader)
            what[0:2] = [method, path]
            await self.turn()
            answer = await self.upstream(method, path, headers, body)
            status, keep, payload = self.reframe(answer)
            what[2] = status.split(b" ")[1].decode("latin-1")
            head = status + b"\r\n" + b"".join(k + b"\r\n" for k in keep)
            head += b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(payload)
            if self.stalls(path):
                half = payload[: len(payload) // 2]
                writer.write(head + half)
                await writer.drain()
                what[3] = str(len(half))
                what.append("stalled")
                await reader.read()     # until the client gives up
            else:
                writer.write(head + payload)
                await writer.drain()
                what[3] = str(len(payload))
        except (asyncio.IncompleteReadError, ConnectionError, ValueError, IndexError):
            what.append("gone")
        finally:
            self.open -= 1
            self.log.write("%.3f %.3f %s\n" % (start, self.now(), " ".join(what)))
            try:
                writer.close()
            except ConnectionError:
                pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--upstream", required=True, help="PORT of the server on 127.0.0.1")
    ap.add_argument("--rate", type=float, default=1.0)
    ap.add_argument("--stall")
    ap.add_argument("--stall-times", type=int, default=0)
    ap.add_argument("--port", type=int, default=0)
    args = ap.parse_args()
    args.upstream = ("127.0.0.1", int(args.upstream))
    if args.rate <= 0:
        sys.exit("slow-proxy.py: --rate must be above 0")
    proxy = Proxy(args)

    async def run():
        server = await asyncio.start_server(proxy.serve, "127.0.0.1", args.port)
        port = server.sockets[0].getsockname()[1]
        with open(os.path.join(args.dir, "pid"), "w") as f:
            f.write("%d\n" % os.getpid())
        tmp = os.path.join(args.dir, "port.tmp")
        with open(tmp, "w") as f:
            f.write("%d\n" % port)
        os.replace(tmp, os.path.join(args.dir, "port"))
        async with server:
            await server.serve_forever()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
