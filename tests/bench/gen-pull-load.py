#!/usr/bin/env python3
"""gen-pull-load.py - the archive of the review pull load test and bench:
SERIES series s1..sN, each posted once as v1 (a cover 0/P and P patches,
threaded under the cover), with REPLIES review replies to each (a
Reviewed-by to a patch, questions on the cover, ...), written as one
mboxrd to stdout.  PAD lines of filler in each patch make the threads
bigger (so that half an answer is a real part of one).

    gen-pull-load.py [SERIES [PATCHES [REPLIES [PAD]]]]   (defaults 50 2 2 40)

Message-IDs: <sI.v1.P@load.quill.invalid> for the posted messages (P = 0
for the cover), <sI.v1.P.rK@load.quill.invalid> for replies.  Subjects of
the patches: "sI: change number P" (what a repository made for the test
commits).  Dates are fixed: the same output on every run.
"""
import sys

from mboxgen import mail

series = int(sys.argv[1]) if len(sys.argv) > 1 else 50
patches = int(sys.argv[2]) if len(sys.argv) > 2 else 2
replies = int(sys.argv[3]) if len(sys.argv) > 3 else 2
pad = int(sys.argv[4]) if len(sys.argv) > 4 else 40

AUTHOR = "Dana Author <dana@example.org>"
REVIEWERS = ["Ada Reviewer <ada@example.org>", "Bo Maintainer <bo@example.net>",
             "Cy Tester <cy@example.com>"]
T0 = 1767225600  # 2026-01-01T00:00:00Z


def post(frm, mid, subject, t, body, irt=None, refs=()):
    """mail() with the body's last newlines dropped: one blank line ends it."""
    mail(frm, mid, subject, t, body.rstrip("\n"), irt, refs)


t = T0
for s in range(1, series + 1):
    cover = "s%d.v1.0@load.quill.invalid" % s
    post(AUTHOR, cover, "[PATCH 0/%d] s%d: the series number %d" % (patches, s, s), t,
         "This is series %d of the load test.\n\nDana Author (%d):\n" % (s, patches))
    for p in range(1, patches + 1):
        t += 1
        filler = "".join("+line %d of the change %d in series %d\n" % (k, p, s)
                         for k in range(pad))
        post(AUTHOR, "s%d.v1.%d@load.quill.invalid" % (s, p),
             "[PATCH %d/%d] s%d: change number %d" % (p, patches, s, p), t,
             "The change %d of series %d.\n\nSigned-off-by: %s\n---\n%s" % (p, s, AUTHOR, filler),
             cover, [cover])
    for k in range(1, replies + 1):
        t += 60
        who = REVIEWERS[(s + k) % len(REVIEWERS)]
        p = 1 + (k - 1) % patches if k % 2 else 0
        parent = "s%d.v1.%d@load.quill.invalid" % (s, p)
        refs = [cover] if p == 0 else [cover, parent]
        if k % 2:
            body = "> The change %d of series %d.\n\nReviewed-by: %s\n" % (p, s, who)
            subj = "Re: [PATCH %d/%d] s%d: change number %d" % (p, patches, s, p)
        else:
            body = "> This is series %d of the load test.\n\nWhy is this needed?\n" % s
            subj = "Re: [PATCH 0/%d] s%d: the series number %d" % (patches, s, s)
        post(who, "s%d.v1.%d.r%d@load.quill.invalid" % (s, p, k), subj, t, body, parent, refs)
    t += 3600
