# smtp-sink.py - the server behind tests/testbed/smtp-sink.sh (run by it with
# /usr/bin/python3 -I; see there for what the options mean).  It listens on
# 127.0.0.1 only and keeps every message it takes under DIR/messages.
import argparse
import asyncio
import json
import logging
import os
import re
import signal
import ssl
import sys
import warnings

warnings.simplefilter("ignore")
logging.getLogger("mail.log").setLevel(logging.CRITICAL)

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword  # noqa: E402


def options():
    p = argparse.ArgumentParser(prog="smtp-sink.py")
    p.add_argument("--dir", required=True)
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--auth", default="")
    p.add_argument("--reject-rcpt", default="")
    p.add_argument("--fail-data", type=int, default=0)
    p.add_argument("--drop-after-data", type=int, default=0)
    p.add_argument("--delay-data", type=float, default=0.0)
    p.add_argument("--tls", choices=["", "starttls", "smtps"], default="")
    return p.parse_args()


class Sink:
    """The handler: counts DATA commands, stores, refuses or drops."""

    def __init__(self, o):
        self.o = o
        self.msgdir = os.path.join(o.dir, "messages")
        self.tmpdir = os.path.join(o.dir, "tmp")
        os.makedirs(self.msgdir, exist_ok=True)
        os.makedirs(self.tmpdir, exist_ok=True)
        self.log = open(os.path.join(o.dir, "sink.log"), "a", buffering=1)
        self.reject = re.compile(o.reject_rcpt) if o.reject_rcpt else None
        self.user, _, self.password = o.auth.partition(":")
        self.datas = 0
        # numbering goes on after a restart in the same DIR
        self.stored = sum(1 for f in os.listdir(self.msgdir) if f.endswith(".eml"))

    def note(self, fmt, *args):
        self.log.write((fmt % args) + "\n")

    def put(self, name, data):
        tmp = os.path.join(self.tmpdir, name)
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.rename(tmp, os.path.join(self.msgdir, name))

    def check_auth(self, server, session, envelope, mechanism, auth_data):
        good = (isinstance(auth_data, LoginPassword)
                and auth_data.login.decode(errors="replace") == self.user
                and auth_data.password.decode(errors="replace") == self.password)
        who = (auth_data.login.decode(errors="replace")
               if isinstance(auth_data, LoginPassword) else "?")
        self.note("AUTH %s %s %s", mechanism, who, "accepted" if good else "refused")
        # not handled: aiosmtpd answers 235, or 535 when refused
        return AuthResult(success=good, handled=False, auth_data=auth_data)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.reject and self.reject.search(address):
            self.note("RCPT %s refused (--reject-rcpt)", address)
            return "550 5.1.1 <%s>: Recipient address rejected" % address
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 Ok"

    def store(self, server, session, envelope, dropped):
        self.stored += 1
        raw = envelope.original_content
        base = "%06d" % self.stored
        login = session.auth_data.login.decode(errors="replace") \
            if isinstance(session.auth_data, LoginPassword) else None
        meta = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "mail_options": envelope.mail_options,
            "helo": session.host_name,
            "auth_user": login,
            "peer": list(session.peer[:2]) if session.peer else None,
            "tls": server.transport.get_extra_info("ssl_object") is not None,
            "size": len(raw),
            "bare_lf": re.search(rb"(?<!\r)\n", raw) is not None,
            "dropped": dropped,
        }
        # the envelope first: a reader waits for the .eml
        self.put(base + ".json", (json.dumps(meta, indent=1) + "\n").encode())
        self.put(base + ".eml", raw.replace(b"\r\n", b"\n"))
        self.note("DATA %s from=%s to=%s size=%d%s", base, envelope.mail_from,
                  ",".join(envelope.rcpt_tos), len(raw), " (dropped)" if dropped else "")
        return base

    async def handle_DATA(self, server, session, envelope):
        self.datas += 1
        n = self.datas
        if self.o.fail_data == n:
            self.note("DATA #%d refused (--fail-data)", n)
            return "451 4.3.0 Temporary failure (--fail-data)"
        if self.o.drop_after_data == n:
            self.store(server, session, envelope, True)
            self.note("DATA #%d: connection dropped without an answer", n)
            server.transport.abort()
            # never answer: aiosmtpd cancels this when the connection is gone
            await asyncio.Event().wait()
        base = self.store(server, session, envelope, False)
        if self.o.delay_data > 0:
            await asyncio.sleep(self.o.delay_data)
        return "250 2.0.0 Ok: queued as %s" % base


def write_atomic(path, text):
    with open(path + ".tmp", "w") as fh:
        fh.write(text)
    os.rename(path + ".tmp", path)


async def serve(o):
    sink = Sink(o)
    ctx = None
    if o.tls:
        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls = os.path.join(o.dir, "tls")
        ctx.load_cert_chain(os.path.join(tls, "cert.pem"), os.path.join(tls, "key.pem"))
    kw = {"enable_SMTPUTF8": True, "hostname": "sink.localhost",
          "ident": "quill test sink"}
    if o.auth:
        kw.update(authenticator=sink.check_auth, auth_required=True, auth_require_tls=False)
    if o.tls == "starttls":
        kw["tls_context"] = ctx
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(sink, **kw), host="127.0.0.1", port=o.port,
                                      ssl=ctx if o.tls == "smtps" else None)
    port = server.sockets[0].getsockname()[1]
    write_atomic(os.path.join(o.dir, "sink.pid"), "%d\n" % os.getpid())
    write_atomic(os.path.join(o.dir, "port"), "%d\n" % port)
    sink.note("listening on 127.0.0.1:%d", port)
    done = asyncio.Event()
    for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(s, done.set)
    await done.wait()
    server.close()
    sink.note("stopped")


def main():
    o = options()
    try:
        os.setsid()
    except OSError:
        pass
    asyncio.run(serve(o))


if __name__ == "__main__":
    sys.exit(main())
