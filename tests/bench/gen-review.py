#!/usr/bin/env python3
"""gen-review.py - the review bench's archive: one series posted in VERSIONS
versions of PATCHES patches each (a cover 0/N and N patches per version,
threaded under the cover), and REPLIES review replies spread over the
versions and patches (trailers, questions, change requests, replies to
replies), written as one mboxrd to stdout.

    gen-review.py [VERSIONS [PATCHES [REPLIES]]]     (defaults 9 20 300)

Message-IDs: <vV.P@bench.quill.invalid> for the posted messages (P = 0 for
the cover), <vV.P.rK@bench.quill.invalid> for replies.  Dates are fixed, so
the output is the same on every run.
"""
import sys

from mboxgen import mail

versions = int(sys.argv[1]) if len(sys.argv) > 1 else 9
patches = int(sys.argv[2]) if len(sys.argv) > 2 else 20
replies = int(sys.argv[3]) if len(sys.argv) > 3 else 300

AUTHOR = "Dana Author <dana@example.org>"
REVIEWERS = ["Ada Reviewer <ada@example.org>", "Bo Maintainer <bo@example.net>",
             "Cy Tester <cy@example.com>", "Eve Hacker <eve@example.org>"]
T0 = 1767225600  # 2026-01-01T00:00:00Z


def pid(v, p):
    return "v%d.%d@bench.quill.invalid" % (v, p)


def subject(v, p, title):
    return "[PATCH v%d %0*d/%d] %s" % (v, len(str(patches)), p, patches, title)


def patch_body(v, p):
    return ("bench: change number %d\n\nThis is change %d of the series, version %d.\n\n"
            "Signed-off-by: %s\n---\n file%d.c | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
            "diff --git a/file%d.c b/file%d.c\nindex 1111111..2222222 100644\n--- a/file%d.c\n+++ b/file%d.c\n"
            "@@ -1 +1 @@\n-int x = %d;\n+int x = %d;\n--\n2.39.5\n"
            % (p, p, v, AUTHOR, p, p, p, p, p, v - 1, v))


TEXTS = [
    "Reviewed-by: {me}",
    "Why is this needed? The old code handled it already.",
    "Please split this into two patches, one for the rename.",
    "Looks fine to me.\n\nAcked-by: {me}",
    "This should use the existing helper instead.",
    "Tested-by: {me}",
    "What's the object file size change?",
    "before: 244.28 ms\nafter: 215.55 ms",
]

t = T0
posted = []
for v in range(1, versions + 1):
    cover = pid(v, 0)
    mail(AUTHOR, cover, subject(v, 0, "bench: a series for the review bench"), t,
         "This series exists to be reviewed.\n\nchange-id: 20260101-bench-0123456789ab\n")
    for p in range(1, patches + 1):
        t += 1
        mail(AUTHOR, pid(v, p), subject(v, p, "bench: change number %d" % p), t, patch_body(v, p),
             cover, [cover])
    posted.append(cover)
    t += 86400

for k in range(replies):
    v = 1 + k % versions
    p = (k * 7) % (patches + 1)
    me = REVIEWERS[k % len(REVIEWERS)]
    cover = pid(v, 0)
    target = pid(v, p)
    refs = [cover] if p == 0 else [cover, target]
    t += 60
    text = TEXTS[k % len(TEXTS)].format(me=me)
    quoted = "On Thu, 1 Jan 2026, Dana Author wrote:\n> bench: change number %d\n>\n> This is change %d.\n\n" % (p, p)
    mid = "v%d.%d.r%d@bench.quill.invalid" % (v, p, k)
    subj = "Re: " + subject(v, p, "bench: change number %d" % p if p else "bench: a series for the review bench")
    if k % 10 == 9 and k >= 10:
        # a reply to the reply ten before, on the same version
        prev = k - versions
        pv, pp = 1 + prev % versions, (prev * 7) % (patches + 1)
        pmid = "v%d.%d.r%d@bench.quill.invalid" % (pv, pp, prev)
        prefs = ([pid(pv, 0)] if pp == 0 else [pid(pv, 0), pid(pv, pp)]) + [pmid]
        mail(AUTHOR, mid, subj, t, "> " + TEXTS[prev % len(TEXTS)].split("\n")[0] +
             "\n\nWill fix in v%d, thanks.\n" % (pv + 1), pmid, prefs)
        continue
    mail(me, mid, subj, t, quoted + text + "\n", target, refs)
