#!/usr/bin/env python3
"""gen-trailer-repo.py - a git fast-import stream of N commits with
kernel-style commit messages and trailer blocks, for bench/trailer.sh.

    gen-trailer-repo.py [N] | git fast-import --quiet

Deterministic: the same N gives the same stream (a fixed seed, fixed dates).
Every name and address is invented.  Standard library only.
"""
import random
import sys

FIRST = ["Ada", "Bram", "Cleo", "Dario", "Edda", "Faro", "Gita", "Hale", "Ines", "Joost",
         "Kaia", "Lomar", "Mira", "Nils", "Oona", "Petra", "Quill", "Rasmus", "Sela", "Tove"]
LAST = ["Author", "Brenn", "Corvid", "Dalby", "Estrin", "Fallow", "Grieve", "Hollin",
        "Ivers", "Jarrow", "Kestle", "Lunde", "Marrow", "Nettle", "Orrin", "Pell"]
SUBSYS = ["mm/zone", "net/frob", "fs/quux", "drm/pixel", "sched/fair", "block/ring",
          "usb/hub", "lib/bitmap", "kernel/timer", "arm64/mm", "tools/perf", "doc"]
VERBS = ["fix", "add", "drop", "rework", "document", "handle", "avoid", "simplify"]
NOUNS = ["the watermark", "a stale check", "the refcount", "a short read", "the lock order",
         "an overflow", "the error path", "a missing barrier", "the resize", "a leak"]
WORDS = ("the of a to is in that it for when on with as this be at by from not are was "
         "but path lock queue entry frame page buffer zone device driver state counter "
         "value update release acquire mapping request handler callback retry").split()


def person(r):
    f, l = r.choice(FIRST), r.choice(LAST)
    return "%s %s <%s.%s@example.org>" % (f, l, f.lower(), l.lower())


def prose(r, lines):
    out = []
    for _ in range(lines):
        out.append(" ".join(r.choice(WORDS) for _ in range(r.randint(8, 12))))
    return "\n".join(out)


def message(r, i):
    subj = "%s: %s %s" % (r.choice(SUBSYS), r.choice(VERBS), r.choice(NOUNS))
    paras = [subj] + [prose(r, r.randint(2, 6)) for _ in range(r.randint(1, 3))]
    t = []
    if r.random() < 0.3:
        t.append('Fixes: %012x ("%s: %s %s")' % (r.getrandbits(48), r.choice(SUBSYS),
                                                 r.choice(VERBS), r.choice(NOUNS)))
    if r.random() < 0.2:
        t.append("Reported-by: %s" % person(r))
        t.append("Closes: https://lore.example.org/all/%d.%d@example.org/" % (i, r.randint(1, 99)))
    if r.random() < 0.1:
        t.append("Cc: stable@vger.kernel.org # 6.%d+" % r.randint(1, 12))
    author = person(r)
    if r.random() < 0.15:
        co = person(r)
        t.append("Co-developed-by: %s" % co)
        t.append("Signed-off-by: %s" % co)
    t.append("Signed-off-by: %s" % author)
    for key, p in (("Reviewed-by", 0.5), ("Acked-by", 0.3), ("Tested-by", 0.2)):
        if r.random() < p:
            t.append("%s: %s" % (key, person(r)))
    if r.random() < 0.05:
        t.append("[ %s: reworded the message ]" % r.choice(FIRST).lower())
    if r.random() < 0.1:
        # a folded value
        t.append("Suggested-by: %s\n %s" % (r.choice(FIRST), "<someone@example.org>"))
    t.append("Link: https://lore.example.org/r/2025%04d-%d@example.org" % (i % 10000, i))
    t.append("Signed-off-by: Mira Marrow <mira.marrow@example.org>")
    paras.append("\n".join(t))
    return author, "\n\n".join(paras) + "\n"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
    r = random.Random(20251201)
    out = sys.stdout.buffer
    when = 1700000000
    for i in range(1, n + 1):
        author, msg = message(r, i)
        data = msg.encode()
        when += r.randint(30, 3600)
        body = "line %d\n" % i
        out.write(b"commit refs/heads/main\nmark :%d\n" % i)
        out.write(("author %s %d +0000\ncommitter Mira Marrow <mira.marrow@example.org> %d +0000\n"
                   % (author, when, when)).encode())
        out.write(b"data %d\n%s\n" % (len(data), data))
        if i > 1:
            out.write(b"from :%d\n" % (i - 1))
        out.write(b"M 100644 inline file%d.c\ndata %d\n%s\n"
                  % (i % 64, len(body), body.encode()))
    out.write(b"done\n")


if __name__ == "__main__":
    main()
