#!/usr/bin/env python3
"""gen-collect.py - the collect bench's thread: one series posted in
VERSIONS versions of PATCHES patches (a cover 0/N and N patches each, all
in one thread: every version's cover answers the first cover, as a
reroll sent with --in-reply-to is), and REPLIES replies spread over the
versions, patches and covers: Reviewed-by, Acked-by, Tested-by, questions,
and nested replies that quote the trailers of the reply they answer and
add their sender's own.  Written as one mboxrd to stdout.

    gen-collect.py [VERSIONS [PATCHES [REPLIES]]]     (defaults 3 30 907)

The defaults make 1,000 messages.  Message-IDs: <vV.P@collect.quill.invalid>
for the posted messages (P = 0 for the cover), <rK@collect.quill.invalid>
for replies.  Only the last patch changes between versions, so the other
patches keep their patch-id and their trailers are carried.  Dates are
fixed and the names made up, so the output is the same on every run.
"""
import sys

from mboxgen import mail

versions = int(sys.argv[1]) if len(sys.argv) > 1 else 3
patches = int(sys.argv[2]) if len(sys.argv) > 2 else 30
replies = int(sys.argv[3]) if len(sys.argv) > 3 else 907

AUTHOR = ("Dana Author", "dana@example.org")
REVIEWERS = [("Ada Reviewer", "ada@example.org"), ("Bo Maintainer", "bo@example.net"),
             ("Cy Tester", "cy@example.com"), ("Eve Hacker", "eve@example.org"),
             ("Finn Olsen", "finn@example.net"), ("Gita Rao", "gita@example.com")]
TAGS = ["Reviewed-by", "Acked-by", "Tested-by"]
T0 = 1767225600  # 2026-01-01T00:00:00Z


def who(p):
    return "%s <%s>" % p


def pid(v, p):
    return "v%d.%d@collect.quill.invalid" % (v, p)


def title(p):
    return "collect: change number %d" % p if p else "collect: a series for the collect bench"


def subject(v, p):
    pre = "PATCH" if v == 1 else "PATCH v%d" % v
    return "[%s %0*d/%d] %s" % (pre, len(str(patches)), p, patches, title(p))


def patch_body(v, p):
    # the last patch changes in every version, the others stay as in v1
    new = v if p == patches else 1
    return ("collect: change number %d\n\nThis is change %d of the series.\n\n"
            "Signed-off-by: %s\n---\n file%d.c | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
            "diff --git a/file%d.c b/file%d.c\nindex 1111111..2222222 100644\n--- a/file%d.c\n+++ b/file%d.c\n"
            "@@ -1,3 +1,3 @@\n /* file %d */\n-int x = 0;\n+int x = %d;\n int y = 0;\n-- \n2.39.5\n"
            % (p, p, who(AUTHOR), p, p, p, p, p, p, new))


def cover_body(v):
    lines = ["This series exists to have its trailers collected (v%d)." % v, "",
             "%s (%d):" % (AUTHOR[0], patches)]
    lines += ["  %s" % title(p) for p in range(1, patches + 1)]
    lines += ["", "-- ", "2.39.5"]
    return "\n".join(lines)


t = T0
first = pid(1, 0)
refs_of = {}
for v in range(1, versions + 1):
    cover = pid(v, 0)
    if v == 1:
        mail(who(AUTHOR), cover, subject(v, 0), t, cover_body(v))
        refs_of[cover] = []
    else:
        mail(who(AUTHOR), cover, subject(v, 0), t, cover_body(v), first, [first])
        refs_of[cover] = [first]
    for p in range(1, patches + 1):
        t += 1
        refs = refs_of[cover] + [cover]
        mail(who(AUTHOR), pid(v, p), subject(v, p), t, patch_body(v, p), cover, refs)
        refs_of[pid(v, p)] = refs
    t += 86400

# replies: every tenth one on a cover, every seventh a nested reply to an
# earlier reply (quoting its trailer, adding its sender's own), the rest
# on a patch; a third of them carry no trailer
given = []
for k in range(replies):
    v = 1 + k % versions
    me = REVIEWERS[k % len(REVIEWERS)]
    tag = TAGS[k % len(TAGS)]
    mid = "r%d@collect.quill.invalid" % k
    t += 60
    if k % 7 == 6 and given:
        pmid, psubj, ptrailer, pname = given[(k * 5) % len(given)]
        body = ("On Thu, 1 Jan 2026, %s wrote:\n> Looks fine to me.\n>\n> %s\n\n"
                "Same here.\n\n%s: %s\n" % (pname, ptrailer, tag, who(me)))
        mail(who(me), mid, "Re: " + psubj, t, body, pmid, refs_of[pmid] + [pmid])
        refs_of[mid] = refs_of[pmid] + [pmid]
        continue
    p = 0 if k % 10 == 0 else 1 + (k * 7) % patches
    target = pid(v, p)
    subj = "Re: " + subject(v, p)
    quoted = ("On Thu, 1 Jan 2026, %s wrote:\n> %s\n>\n> This is change %d of the series.\n\n"
              % (AUTHOR[0], title(p), p))
    if k % 3 == 2:
        body = quoted + "Why is this needed? The old code handled it already.\n"
        trailer = None
    else:
        trailer = "%s: %s" % (tag, who(me))
        body = quoted + "Looks fine to me.\n\n" + trailer + "\n"
    mail(who(me), mid, subj, t, body, target, refs_of[target] + [target])
    refs_of[mid] = refs_of[target] + [target]
    if trailer:
        given.append((mid, subject(v, p), trailer, me[0]))
