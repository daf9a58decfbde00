#!/usr/bin/env python3
"""py-thread.py MBOX - the thread map the way b4's Python stack builds it.

The reference for `quill mail thread` in `make bench` (bench/mail.sh): the
standard library only, as b4 uses it on a local mailbox -- mailbox.mbox to
find the messages, the email package to parse each one, RFC 2047 decoding
of the header fields, Message-ID, In-Reply-To and References taken apart
with email.utils.getaddresses -- into a Message-ID -> parent map (the
In-Reply-To, else the last References entry), plus the subject, sender
and date a thread listing prints.  Prints the counts, so that none of the
work can be skipped.
"""

import email.header
import email.utils
import mailbox
import re
import sys

MSGID = re.compile(r'<([^>]+)>')


def decoded(value):
    """A header value with its RFC 2047 encoded words decoded."""
    if value is None:
        return ''
    value = str(value)
    if '=?' not in value:
        return value
    out = []
    for part, charset in email.header.decode_header(value):
        if isinstance(part, bytes):
            try:
                part = part.decode(charset or 'utf-8', errors='replace')
            except LookupError:
                part = part.decode('utf-8', errors='replace')
        out.append(part)
    return ''.join(out)


def msgids(msg, name):
    ids = []
    for value in msg.get_all(name, []):
        for _, addr in email.utils.getaddresses([decoded(value)]):
            if addr:
                ids.append(addr.strip('<>'))
    return ids


def main():
    if len(sys.argv) != 2:
        print('usage: py-thread.py MBOX', file=sys.stderr)
        return 2
    parent = {}
    info = {}
    n = no_id = 0
    for msg in mailbox.mbox(sys.argv[1]):
        n += 1
        m = MSGID.search(decoded(msg.get('Message-ID')))
        if not m:
            no_id += 1
            continue
        mid = m.group(1)
        irt = msgids(msg, 'In-Reply-To')
        refs = msgids(msg, 'References')
        parent[mid] = irt[-1] if irt else (refs[-1] if refs else None)
        info[mid] = (decoded(msg.get('Subject')), decoded(msg.get('From')),
                     msg.get('Date'))
    known = sum(1 for p in parent.values() if p in parent)
    roots = sum(1 for p in parent.values() if p is None)
    print('%d messages, %d roots, %d replies (%d to mail not here), %d without '
          'Message-ID' % (n, roots, len(parent) - roots, len(parent) - roots - known, no_id))
    return 0


if __name__ == '__main__':
    sys.exit(main())
