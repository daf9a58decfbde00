"""mboxgen.py - what the bench archive generators share (gen-collect.py,
gen-pull-load.py, gen-review.py): one mail written as mboxrd, with fixed
dates, so that a generator's output is the same on every run.

    from mboxgen import date, mail
"""
import sys
import time


def date(t):
    """RFC 5322 date of the Unix time t, in UTC."""
    return time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(t))


def mail(frm, mid, subject, t, body, irt=None, refs=(), out=sys.stdout):
    """One message to out: the mboxrd "From " line, the headers (In-Reply-To
    irt and References refs when irt is given; ids without <>), the body
    with its "From " lines escaped the mboxrd way, then a blank line."""
    out.write("From mboxrd@z Thu Jan  1 00:00:00 1970\n")
    out.write("From: %s\nDate: %s\nSubject: %s\nMessage-ID: <%s>\n" % (frm, date(t), subject, mid))
    if irt:
        out.write("In-Reply-To: <%s>\n" % irt)
        out.write("References: %s\n" % " ".join("<%s>" % r for r in refs))
    out.write("MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n")
    for line in body.split("\n"):
        if line.lstrip(">").startswith("From "):
            line = ">" + line
        out.write(line + "\n")
    out.write("\n")
