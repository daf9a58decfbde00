#!/usr/bin/env python3
"""gen-lkml.py - write a deterministic, LKML-like mboxrd archive.

    tests/bench/gen-lkml.py [-n N | --small] [--seed S] [--stats] OUT

Writes N messages (default 100,000, about 500 MB; --small: 2,000) to OUT
in arrival order, as a list archive would hold them, from one seeded RNG:
the same arguments give the same bytes, on any machine (python3 stdlib only,
no network, no clock).  What is in it:

- patch series posted in versions v1..v9: a cover `[PATCH vN 0/M]` with
  shortlog, diffstat, "Changes in vN" and `base-commit:`/`change-id:`
  footers, patches `[PATCH vN i/M]` with real-looking diffs (hunk counts
  right), threaded to the cover by In-Reply-To/References (some series
  chained, some later covers answering the previous version's cover);
  trailers given in one version are carried into the next;
- subject forms: `[PATCH 1/3]`, `[PATCH v3 01/12]`, `[PATCHv2 0/4]`,
  `[RFC PATCH net-next v2 1/5]`, `[PATCH RESEND v4 2/2]`, single patches;
  bug reports, questions and pull requests besides;
- replies quoting their parent (`> ` and `> > `), giving Reviewed-by,
  Acked-by and Tested-by, deep discussions (long References chains);
- quoted-printable and base64 bodies, multipart/alternative replies,
  RFC 2047 encoded From/Subject (invented non-ASCII names), lines that
  need mboxrd `>From ` escaping;
- a small share of malformed mail: no Message-ID, no From, a header line
  that is no header, raw 8-bit in a header, and a last message cut short.

Every name, address and host is invented (example.org/.com/.net).
--stats prints counts and sizes to stderr.  The message count is exact:
`git mailsplit` finds N messages in OUT.
"""

import argparse
import base64
import binascii
import heapq
import re
import sys
import time

import random as _random

DEFAULT_N = 100000
SMALL_N = 2000
START = 1704672000          # 2024-01-08 00:00:00 UTC
BURN_IN = 45 * 86400        # made but not written (see Gen.run)
DAY = 86400

# ---------------------------------------------------------------- people

FIRST = ('Arvel Brisa Corwen Dalia Emrys Fenna Galen Hessa Ilvo Jorun Kestrel '
         'Liane Marek Nerys Orrin Petra Quill Rowan Sabin Talia Ulric Vesna '
         'Wendel Xara Yorick Zelda Anselm Berit Caspar Doria Eskil Fiora '
         'Gideon Halla Ivar Junia Kasimir Lorna Malte Noor Oskar Pia Rune '
         'Selma Tobin Una Viggo Wilma Yara Zeno Bram Cleo Dario Edda Farid '
         'Greta Hugo Irma Jasper Kira Leif Mira Nils Olga Pavel Rhea Stig '
         'Tamsin Uwe Vera Willem Ysolde Amal Bodil Cyrus Dagny Elio Frida').split()
FIRST_U = ('J\u00f6rn Zo\u00eb S\u00f8ren \u0141ucja \u00c5se Ren\u00e9e '
           'Bj\u00f6rk Ma\u00eblle Ji\u0159\u00ed Ta\u00efs \u00d0ora '
           'No\u00e9mie \u00d3lafur M\u00e1rta \u0160imon \u00c9lodie '
           'Ay\u015fe Ra\u00fal Iv\u00e1n Hel\u00e8ne').split()
SYL = ('kar tel mo vin dra ke sol ar ben ost wik lun dal fer gra hol ist '
       'jor kel mar nor pel quen ros sten tor ul vor wen yst zan bel cor '
       'dun eth fal gor hav lem mir nal orv pra rin sal tam ver').split()
SYL_U = ('n\u00e4 h\u00f6 br\u00fc \u00e5s \u00f8r \u0161e \u010di '
         '\u017ea \u0142o \u00e9r \u00e7a \u00f1o m\u00fc sk\u00e4').split()
CYR_FIRST = ('\u0412\u0430\u0434\u0438\u043c \u041b\u0435\u0441\u044f '
             '\u0420\u043e\u0441\u0442\u0438\u0441\u043b\u0430\u0432 '
             '\u0417\u043b\u0430\u0442\u0430').split()
CYR_SYL = ('\u043a\u043e \u0432\u0430 \u0440\u0438\u043d \u043b\u0435\u0432 '
           '\u0434\u0430\u043d \u0441\u0442\u043e \u043c\u0438\u0440').split()
CJK = ('\u5468 \u6797 \u6653 \u6587 \u6d9b \u5b87 \u96c5 \u6668 \u6d69 '
       '\u742a \u5cf0 \u73b2').split()
DOMAINS = ('example.org example.com example.net mail.example.com '
           'dev.example.org corp.example.com research.example.net '
           'labs.example.org kernel.example.net oss.example.com').split()
TZS = (0, 60, 60, 120, -300, -420, -480, 480, 540, 330, -180, 60, 0, 120)
MUAS = ('mutt', 'mutt', 'neomutt', 'thunderbird', 'gmail', 'gnus',
        'outlook', 'evolution', 'mutt', 'thunderbird', 'gmail', 'mutt')
ASCII_FOLD = str.maketrans({
    '\u00f6': 'oe', '\u00eb': 'e', '\u00f8': 'o', '\u0141': 'L', '\u00c5': 'A',
    '\u00e9': 'e', '\u00fc': 'ue', '\u00e4': 'ae', '\u00e5': 'a', '\u0161': 's',
    '\u010d': 'c', '\u017e': 'z', '\u0142': 'l', '\u00e7': 'c', '\u00f1': 'n',
    '\u0159': 'r', '\u00ed': 'i', '\u00ef': 'i', '\u00d0': 'D', '\u00d3': 'O',
    '\u00e1': 'a', '\u0160': 'S', '\u00c9': 'E', '\u00e8': 'e', '\u015f': 's',
    '\u00fa': 'u'})


class Person:
    __slots__ = ('name', 'addr', 'tz', 'mua', 'hdr', 'local', 'domain', 'qp')

    def __init__(self, name, local, domain, tz, mua, rng):
        self.name, self.local, self.domain = name, local, domain
        self.addr = '%s@%s' % (local, domain)
        self.tz, self.mua = tz, mua
        self.qp = '>' if rng.random() < 0.15 else '> '    # how they quote
        if is_ascii(name):
            if rng.random() < 0.08:      # "Last, First" needs quoting
                first, last = name.split(' ', 1)
                self.hdr = '"%s, %s" <%s>' % (last, first, self.addr)
            else:
                self.hdr = '%s <%s>' % (name, self.addr)
        else:
            enc = 'B' if not name.translate(ASCII_FOLD).isascii() else 'Q'
            self.hdr = '%s <%s>' % (encode_words(name, enc, ' '), self.addr)

    def ident(self):
        return '%s <%s>' % (self.name, self.addr)


def is_ascii(s):
    return s.isascii()


def surname(rng, syl):
    n = rng.choice((2, 2, 3))
    return ''.join(rng.choice(syl) for _ in range(n)).capitalize()


def make_people(rng, n):
    people, seen = [], set()
    while len(people) < n:
        r = rng.random()
        if r < 0.70:
            name = '%s %s' % (rng.choice(FIRST), surname(rng, SYL))
        elif r < 0.88:
            sy = SYL + SYL_U
            name = '%s %s' % (rng.choice(FIRST_U + FIRST), surname(rng, sy))
        elif r < 0.94:
            name = '%s %s' % (rng.choice(CYR_FIRST), surname(rng, CYR_SYL))
        else:
            name = ''.join(rng.choice(CJK) for _ in range(rng.choice((2, 3))))
            name = name[0] + ' ' + name[1:]
        folded = name.translate(ASCII_FOLD)
        if folded.isascii():
            first, last = folded.lower().split(' ', 1)
            local = rng.choice(('%s.%s' % (first, last), first, first[0] + last,
                                '%s%s' % (first, last[:1])))
        else:
            local = 'dev%04d' % len(people)
        local = re.sub(r'[^a-z0-9.]', '', local) or 'dev%04d' % len(people)
        domain = rng.choice(DOMAINS)
        if (local, domain) in seen:
            continue
        seen.add((local, domain))
        people.append(Person(name, local, domain, rng.choice(TZS),
                             rng.choice(MUAS), rng))
    return people


# ---------------------------------------------------------------- RFC 2047

_QSAFE = frozenset(b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
                   b'0123456789!*+-/')


def _q(chunk):
    out = []
    for b in chunk.encode('utf-8'):
        if b in _QSAFE:
            out.append(chr(b))
        elif b == 32:
            out.append('_')
        else:
            out.append('=%02X' % b)
    return ''.join(out)


def encode_words(text, enc='Q', sep='\n '):
    """RFC 2047 encoded words of at most 75 characters, folded."""
    words, cur = [], ''
    for ch in text:
        cand = cur + ch
        size = (len(_q(cand)) if enc == 'Q'
                else 4 * ((len(cand.encode('utf-8')) + 2) // 3))
        if size > 60 and cur:
            words.append(cur)
            cur = ch
        else:
            cur = cand
    if cur:
        words.append(cur)
    if enc == 'Q':
        return sep.join('=?UTF-8?q?%s?=' % _q(w) for w in words)
    return sep.join('=?UTF-8?B?%s?=' % base64.b64encode(w.encode('utf-8')).decode()
                      for w in words)


def fold(name, value, width=78):
    """A header field, folded at spaces after commas (addresses) or words."""
    line = '%s: %s' % (name, value)
    if len(line) <= width:
        return line + '\n'
    out, cur = [], name + ':'
    for tok in value.split(' '):
        if len(cur) + 1 + len(tok) > width and cur.strip() and not cur.endswith(':'):
            out.append(cur)
            cur = '\t' + tok if name in ('To', 'Cc') else ' ' + tok
        else:
            cur += ' ' + tok
    out.append(cur)
    return '\n'.join(out) + '\n'


# ---------------------------------------------------------------- dates

WDAY = ('Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun')
MON = ('Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct',
       'Nov', 'Dec')


def date_hdr(t, tz):
    g = time.gmtime(t + tz * 60)
    sign = '+' if tz >= 0 else '-'
    return '%s, %d %s %d %02d:%02d:%02d %s%02d%02d' % (
        WDAY[g.tm_wday], g.tm_mday, MON[g.tm_mon - 1], g.tm_year, g.tm_hour,
        g.tm_min, g.tm_sec, sign, abs(tz) // 60, abs(tz) % 60)


def ctime(t):
    g = time.gmtime(t)
    return '%s %s %2d %02d:%02d:%02d %d' % (WDAY[g.tm_wday], MON[g.tm_mon - 1], g.tm_mday,
                                            g.tm_hour, g.tm_min, g.tm_sec, g.tm_year)


def stamp(t, fmt):
    g = time.gmtime(t)
    f = (g.tm_year, g.tm_mon, g.tm_mday, g.tm_hour, g.tm_min, g.tm_sec)
    return fmt % f[:fmt.count('%')]


# ---------------------------------------------------------------- code

VERBS = ('alloc free init exit probe remove reset flush sync map unmap get put '
         'lock unlock update parse check setup teardown enable disable read '
         'write queue poll resume suspend attach detach').split()
NOUNS = ('ring buf queue desc page inode dentry skb ctx dev port irq timer '
         'work entry node table cache slot chan req msg vma folio bio zone '
         'link phy clk reg fw').split()
FIELDS = ('flags count len size state refcnt lock head tail next priv ops '
          'mask id seq nr_pages budget gen owner idx').split()
ERRS = ('EINVAL ENOMEM EBUSY ENODEV EIO EAGAIN EOPNOTSUPP ENOSPC EFAULT '
        'ETIMEDOUT').split()


class Subsys:
    """An invented subsystem: its list, its files and its identifiers."""

    def __init__(self, pre, area, tag, directory, files, lst, rng):
        self.area, self.tag, self.dir = area, tag, directory
        self.list_addr = lst
        self.prefix = pre
        self.funcs = ['%s_%s_%s' % (pre, rng.choice(NOUNS), rng.choice(VERBS))
                      for _ in range(60)]
        self.structs = ['%s_%s' % (pre, n) for n in rng.sample(NOUNS, 6)]
        self.files = ['%s/%s' % (directory, f) for f in files]
        self.maintainers = []
        self.reviewers = []
        self._text = {}

    def file_lines(self, path, rng_seed):
        """The base text of one file (built once, from its own seed)."""
        if path not in self._text:
            r = _random.Random('%s:%s' % (rng_seed, path))
            lines, ctx = [], []
            lines += ['// SPDX-License-Identifier: GPL-2.0', '/*',
                      ' * %s - %s support' % (path.rsplit('/', 1)[-1], self.area),
                      ' */', '']
            for inc in r.sample(('linux/kernel.h', 'linux/module.h',
                                 'linux/slab.h', 'linux/spinlock.h',
                                 'linux/errno.h', 'linux/types.h',
                                 'linux/device.h', 'linux/mm.h'), 4):
                lines.append('#include <%s>' % inc)
            lines.append('')
            while len(lines) < 700:
                lines += code_function(r, self)
            cur = ''
            for ln in lines:
                if ln and ln[0] not in ' \t}/#' and '(' in ln:
                    cur = ln[:60]          # the hunk header's function context
                ctx.append(cur)
            self._text[path] = (lines, ctx)
        return self._text[path]


def code_stmt(r, s, v, depth):
    ind = '\t' * depth
    k = r.randrange(12)
    f = r.choice(FIELDS)
    if k == 0:
        return [ind + 'if (!%s->%s)' % (v, f),
                ind + '\treturn -%s;' % r.choice(ERRS)]
    if k == 1:
        return [ind + 'ret = %s(%s, %s->%s);' % (r.choice(s.funcs), v, v, f),
                ind + 'if (ret)',
                ind + '\tgoto err_%s;' % r.choice(NOUNS)]
    if k == 2:
        return [ind + '%s->%s = %s;' % (v, f, r.choice(('0', 'NULL', 'true',
                                                         'val', 'i + 1', 'ret')))]
    if k == 3:
        return [ind + 'spin_lock(&%s->lock);' % v,
                ind + '%s->%s++;' % (v, f),
                ind + 'spin_unlock(&%s->lock);' % v]
    if k == 4:
        return [ind + '/* %s the %s before touching %s */' % (
            r.choice(VERBS), r.choice(NOUNS), f)]
    if k == 5 and depth < 3:
        return ([ind + 'for (i = 0; i < %s->%s; i++) {' % (v, f)] +
                code_stmt(r, s, v, depth + 1) + [ind + '}'])
    if k == 6:
        return [ind + 'dev_dbg(%s->dev, "%s %%d\\n", %s->%s);' % (
            v, r.choice(VERBS), v, f)]
    if k == 7:
        return [ind + 'WARN_ON_ONCE(%s->%s > %s);' % (v, f, r.choice(
            ('U16_MAX', 'PAGE_SIZE', '64', 'BIT(12)')))]
    if k == 8 and depth < 3:
        return ([ind + 'if (%s->%s & %s) {' % (v, f, r.choice(
            ('BIT(0)', 'FLAG_ACTIVE', 'MODE_FAST', '0x10')))] +
            code_stmt(r, s, v, depth + 1) + code_stmt(r, s, v, depth + 1) +
            [ind + '}'])
    if k == 9:
        return [ind + 'val = readl(%s->base + %s_REG_%s);' % (
            v, s.prefix.upper(), r.choice(NOUNS).upper())]
    if k == 10:
        return [ind + 'kfree(%s->%s);' % (v, f)]
    return [ind + '%s(%s);' % (r.choice(s.funcs), v)]


def code_function(r, s):
    st = r.choice(s.structs)
    v = st.split('_')[-1][:1] or 'p'
    typ = r.choice(('static int', 'static void', 'int', 'static bool',
                    'static inline u32', 'static long'))
    head = '%s %s(struct %s *%s, %s)' % (typ, r.choice(s.funcs), st, v, r.choice(
        ('unsigned int flags', 'gfp_t gfp', 'int idx', 'size_t len',
         'bool force', 'u64 val')))
    out = [head, '{', '\tint ret = 0, i;', '\tu32 val;', '']
    for _ in range(r.randrange(3, 9)):
        out += code_stmt(r, s, v, 1)
    if r.random() < 0.5:
        out += ['', '\treturn ret;', 'err_%s:' % r.choice(NOUNS),
                '\t%s(%s);' % (r.choice(s.funcs), v)]
    out += ['\treturn ret;', '}', '']
    return out


def make_diff(r, s, seed, files, big=False):
    """Diff text and diffstat entries for changes to FILES of subsystem S."""
    parts, stats = [], []
    for path in files:
        if big and path == files[-1]:
            body = []
            while len(body) < r.randrange(150, 600):
                body += code_function(r, s)
            blob = '%07x' % r.getrandbits(28)
            parts.append('diff --git a/%s b/%s\nnew file mode 100644\n'
                         'index 0000000..%s\n--- /dev/null\n+++ b/%s\n'
                         '@@ -0,0 +1,%d @@\n' % (path, path, blob, path, len(body)))
            parts.append(''.join('+%s\n' % ln for ln in body))
            stats.append((path, len(body), 0))
            continue
        lines, ctx = s.file_lines(path, seed)
        nh = r.choice((1, 2, 3, 4, 4, 5, 6, 8, 10))
        starts = sorted(r.sample(range(8, len(lines) - 40), nh))
        hunks, adds, dels, last, shift = [], 0, 0, -1, 0
        for st in starts:
            if st <= last + 8:
                continue
            nd = r.choice((0, 1, 2, 3, 5, 8, 12, 16))
            new = []
            v = VAR_RE.search(ctx[st])
            v = v.group(1) if v else 'p'
            for _ in range(r.choice((1, 2, 3, 4, 5, 6))):
                new += code_stmt(r, s, v, 1)
            if r.random() < 0.35:
                new += code_stmt(r, s, v, 1) + code_stmt(r, s, v, 2)
            pre = lines[st - 3:st]
            old = lines[st:st + nd]
            post = lines[st + nd:st + nd + 3]
            oc, nc = len(pre) + len(old) + len(post), len(pre) + len(new) + len(post)
            h = ['@@ -%d,%d +%d,%d @@ %s\n' % (st - 2, oc, st - 2 + shift, nc,
                                               ctx[st - 3])]
            h += [' %s\n' % ln if ln else '\n' for ln in pre]
            h += ['-%s\n' % ln for ln in old]
            h += ['+%s\n' % ln for ln in new]
            h += [' %s\n' % ln if ln else '\n' for ln in post]
            hunks.append(''.join(h))
            adds += len(new)
            dels += len(old)
            shift += len(new) - len(old)
            last = st + nd + 3
        parts.append('diff --git a/%s b/%s\nindex %07x..%07x 100644\n--- a/%s\n+++ b/%s\n'
                     % (path, path, r.getrandbits(28), r.getrandbits(28), path, path))
        parts.extend(hunks)
        stats.append((path, adds, dels))
    return ''.join(parts), stats


VAR_RE = re.compile(r'\*(\w+), ')


def diffstat(stats):
    if not stats:
        return ''
    w = max(len(p) for p, _, _ in stats)
    out = []
    ta = td = 0
    for p, a, d in stats:
        n = a + d
        bar = '+' * min(a, 50) + '-' * min(d, 50 - min(a, 50))
        out.append(' %-*s | %3d %s\n' % (w, p, n, bar))
        ta += a
        td += d
    out.append(' %d file%s changed, %d insertion%s(+), %d deletion%s(-)\n' % (
        len(stats), '' if len(stats) == 1 else 's', ta, '' if ta == 1 else 's',
        td, '' if td == 1 else 's'))
    return ''.join(out)


# ---------------------------------------------------------------- prose

SENT = (
    'The {n} is {v} twice when {f}() fails, so the second caller sees a stale {n}.',
    'This moves the {n} handling out of {f}() and into its only caller.',
    'No functional change intended.',
    'From the trace it looks like {f}() runs before the {n} is set up.',
    'From a quick look, {f}() is the only user of the {fl} field.',
    'I could reproduce this on two machines with the {n} test, roughly one run in {k}.',
    'The old code assumed {fl} never wraps, which is no longer true since the {n} rework.',
    'Without this patch the {n} leaks on every failed probe.',
    'We only need the lock for the {fl} update, not for the whole loop.',
    'Callers of {f}() already hold the {n} lock, so taking it again here deadlocks.',
    'Drop the {fl} check: {f}() cannot return with it cleared.',
    'The comment above {f}() says the opposite of what the code does.',
    'With {k} queues the {n} table no longer fits in one page.',
    'Use {f}() instead of open coding the same {k} lines.',
    'This was found with the {n} fuzzer after {k} hours.',
    'Keep the {fl} in the {n} itself so that the lookup needs no lock.',
    'Split out of the earlier series, as asked by the maintainers.',
    'The return value of {f}() was ignored, and -{e} got lost on the way up.',
    'On big-endian machines the {fl} field is read in the wrong order.',
    'This makes {f}() safe to call from interrupt context.',
    'The error path did not undo the {n} setup done a few lines earlier.',
    'After this change the {n} is freed by the last user, not by {f}().',
    'Measured with {k} runs, the {n} path is about {k}% faster.',
    'Rename {fl} to something that says what it counts.',
)
REPLY = (
    'Why is this needed? {f}() already checks {fl} a few lines above.',
    'Could you split the {n} rename into its own patch? It makes the real change hard to see.',
    'This looks fine to me.',
    'Nit: the comment has a typo.',
    'I think this needs a Fixes: tag, the bug goes back a while.',
    'What happens if {f}() fails here? We leak the {n}.',
    'Please use -{e} rather than -1.',
    'Do we really need the lock here? {fl} is only written under the {n} lock.',
    'Tested on my board, the warning is gone.',
    'Good catch, will fix in the next version.',
    'Right, I missed that. Thanks for looking.',
    'I agree with the direction, but the commit message should say why.',
    'This breaks the build with the {n} option disabled.',
    'From my side this is fine once the {fl} question is answered.',
    'Does this also need to go to stable?',
    'The same pattern is in {f}(); maybe fix both at once?',
    'Sorry for the late reply, I was travelling.',
    'Please keep the reverse Christmas tree order for the declarations.',
    'I ran the selftests with this applied, all {k} pass.',
    'Can you add a line about the {n} limit to the documentation as well?',
)
UNI_SENT = (
    'Tested on the r\u00e9sum\u00e9 box in the lab, all fine.',
    'The na\u00efve fix would break the fa\u00e7ade driver, so this is better.',
    'Gr\u00fc\u00dfe from the build farm: no new warnings.',
    '\u00bfDo we need the same for the other queue? \u2014 just asking.',
    'Tak for the quick turnaround \u2013 looks good.',
    'The caf\u00e9 machine in the office still crashes without it \U0001f642',
)


def make_prose_pool(rng, s, n):
    pool = []
    for _ in range(n):
        sent = []
        for _ in range(rng.randrange(2, 6)):
            sent.append(rng.choice(SENT).format(
                n=rng.choice(NOUNS), v=rng.choice(('freed', 'locked', 'mapped', 'queued')),
                f=rng.choice(s.funcs), fl=rng.choice(FIELDS), k=rng.randrange(2, 99),
                e=rng.choice(ERRS)))
        pool.append(wrap(' '.join(sent)))
    return pool


def make_reply_pool(rng, s, n):
    pool = []
    for _ in range(n):
        sent = []
        for _ in range(rng.randrange(1, 5)):
            sent.append(rng.choice(REPLY).format(
                n=rng.choice(NOUNS), f=rng.choice(s.funcs), fl=rng.choice(FIELDS),
                k=rng.randrange(2, 99), e=rng.choice(ERRS)))
        pool.append(wrap(' '.join(sent)))
    return pool


def wrap(text, width=72):
    out, cur = [], ''
    for w in text.split(' '):
        if cur and len(cur) + 1 + len(w) > width:
            out.append(cur)
            cur = w
        else:
            cur = cur + ' ' + w if cur else w
    out.append(cur)
    return '\n'.join(out) + '\n'


SUBJ = ('fix a NULL pointer dereference in {f}()', 'add support for {n} offload',
        'remove the unused {fl} field', 'convert {f}() to the new {n} API',
        'use {f}() in the error path', 'drop the redundant {fl} check',
        'rework {n} allocation', 'introduce {f}()', 'avoid a race on {fl}',
        'simplify {f}()', 'make {f}() static', 'handle -{e} from {f}()',
        'check the return value of {f}()', 'fix a memory leak in {f}()',
        'free the {n} on the probe error path', 'annotate {fl} reads with READ_ONCE()',
        'document the {n} locking rules', 'move {f}() to its own file',
        'add a selftest for {n} limits', 'silence a W=1 warning in {f}()',
        'clamp {fl} to the {n} size', 'switch to a per-{n} lock')


def subject_phrase(r, s):
    return r.choice(SUBJ).format(f=r.choice(s.funcs), n=r.choice(NOUNS),
                                 fl=r.choice(FIELDS), e=r.choice(ERRS))


def quote(text, prefix='> '):
    return ''.join((prefix + ln).rstrip() + '\n' if ln else prefix.rstrip() + '\n'
                   for ln in text.split('\n'))


# ---------------------------------------------------------------- messages

class Msg:
    __slots__ = ('t', 'who', 'subject', 'msgid', 'irt', 'refs', 'to', 'cc',
                 'body', 'kind', 'mailer')

    def __init__(self, t, who, subject, msgid, body, to, cc=(), irt=None,
                 refs=(), kind='reply', mailer=None):
        self.t, self.who, self.subject, self.msgid = t, who, subject, msgid
        self.body, self.to, self.cc, self.irt = body, to, cc, irt
        self.refs, self.kind, self.mailer = list(refs), kind, mailer


class Series:
    __slots__ = ('sub', 'author', 'slug', 'change_id', 'style', 'chain',
                 'thread_prev', 'npatch', 'titles', 'rev', 'seeds', 'trailers',
                 'covers', 'versions', 'b4', 'date', 'uni', 'summary')


class Gen:
    def __init__(self, n, seed):
        self.n = n
        self.seed = seed
        self.r = _random.Random(seed)
        r = self.r
        self.people = make_people(r, 1800)
        self.subs = self.make_subsystems()
        for s in self.subs:
            s.maintainers = r.sample(self.people[:300], r.choice((1, 2, 3)))
            s.reviewers = r.sample(self.people[:900], 12)
            s.prose = make_prose_pool(r, s, 400)
            s.replies = make_reply_pool(r, s, 200)
        # posting activity: a few people send much of the mail
        w = [1.0 / (i + 8) for i in range(len(self.people))]
        self.cum = []
        acc = 0.0
        for x in w:
            acc += x
            self.cum.append(acc)
        self.ids = set()
        self.seq = 0
        self.out = []            # heap of (time, seq, Msg)
        self.events = []         # heap of (time, seq, kind, obj)
        self.malformed_at = {n * i // 12: kind for i, kind in MALFORMED.items()} if n >= 12 else {}
        self.stats = {}          # what was written: kind -> count
        self.size = {}           # kind -> bytes

    def make_subsystems(self):
        r = self.r
        spec = (
            ('net', 'networking core', 'net', 'net/core', 'dev.c sock.c skbuff.c filter.c', 'netdev'),
            ('mm', 'memory management', 'mm', 'mm', 'page_alloc.c vmscan.c slub.c memory.c', 'linux-mm'),
            ('sched', 'scheduler', 'sched', 'kernel/sched', 'core.c fair.c rt.c', 'linux-kernel'),
            ('qsr', 'Quasar ethernet', 'net: quasar', 'drivers/net/ethernet/quasar',
             'qsr_main.c qsr_rx.c qsr_tx.c qsr_ethtool.c', 'netdev'),
            ('vistra', 'Vistra display', 'drm/vistra', 'drivers/gpu/drm/vistra',
             'vistra_drv.c vistra_gem.c vistra_kms.c', 'dri-devel'),
            ('lumen', 'lumen filesystem', 'lumenfs', 'fs/lumenfs', 'inode.c super.c file.c dir.c', 'linux-fsdevel'),
            ('orca', 'USB host', 'usb: host: orca', 'drivers/usb/host', 'orca-hcd.c orca-ring.c', 'linux-usb'),
            ('tarn', 'IIO ADC', 'iio: adc: tarn', 'drivers/iio/adc', 'tarn-adc.c', 'linux-iio'),
            ('riscv', 'RISC-V', 'riscv', 'arch/riscv/kernel', 'setup.c traps.c smp.c', 'linux-riscv'),
            ('bpf', 'BPF', 'bpf', 'kernel/bpf', 'verifier.c syscall.c helpers.c', 'bpf'),
            ('blk', 'block layer', 'block', 'block', 'blk-mq.c blk-core.c bio.c', 'linux-block'),
            ('wisp', 'crypto', 'crypto: wisp', 'crypto', 'wisp.c wisp_glue.c', 'linux-crypto'),
            ('brel', 'sound codecs', 'ASoC: codecs: brel', 'sound/soc/codecs', 'brel.c brel-i2c.c', 'alsa-devel'),
            ('fenwick', 'PCI controllers', 'PCI: fenwick', 'drivers/pci/controller', 'pcie-fenwick.c', 'linux-pci'),
            ('marl', 'clocks', 'clk: marl', 'drivers/clk/marl', 'clk-marl.c clk-marl-pll.c', 'linux-clk'),
            ('rxr', 'net selftests', 'selftests: net', 'tools/testing/selftests/net',
             'rxring.c tunnel_test.c', 'netdev'),
            ('kunit', 'KUnit', 'kunit', 'lib/kunit', 'test.c executor.c assert.c', 'linux-kselftest'),
            ('perf', 'perf tools', 'perf tools', 'tools/perf/util', 'evsel.c session.c symbol.c', 'linux-perf-users'),
        )
        subs = []
        for pre, area, tag, d, files, lst in spec:
            subs.append(Subsys(pre, area, tag, d, files.split(),
                               '%s@lists.example.org' % lst, r))
        return subs

    # -- helpers
    def person(self):
        return self.people[_bisect(self.cum, self.r.random() * self.cum[-1])]

    def new_msgid(self, t, who, style, extra=''):
        r = self.r
        while True:
            if style == 'gse':      # extra: "PID-N", as git send-email numbers
                mid = '%s.%s-%s@%s' % (stamp(t, '%04d%02d%02d%02d%02d%02d'),
                                       extra, who.local, who.domain)
            elif style == 'b4':
                mid = '%s-%s@%s' % (stamp(t, '%04d%02d%02d'), extra, who.domain)
            elif who.mua in ('mutt', 'neomutt'):
                mid = '%s@%s' % (''.join(r.choice(B62) for _ in range(16)),
                                 r.choice(('hostname', 'laptop', 'thinkpad',
                                           'build01')) + '.' + who.domain)
            elif who.mua == 'gnus':
                mid = '87%s.fsf@%s' % (''.join(r.choice(B36) for _ in range(8)),
                                       who.domain)
            elif who.mua == 'gmail':
                mid = 'CA%s@mail.example.com' % ''.join(
                    r.choice(B62P) for _ in range(44))
            elif who.mua == 'outlook':
                mid = 'SA%dPR%02dMB%d%s@SA%dPR%02dMB%d.namprd%02d.prod.example.com' % (
                    r.randrange(1, 9), r.randrange(1, 20), r.randrange(1000, 9999),
                    ''.join(r.choice(B16U) for _ in range(8)), r.randrange(1, 9),
                    r.randrange(1, 20), r.randrange(1000, 9999), r.randrange(1, 20))
            else:
                h = '%032x' % r.getrandbits(128)
                mid = '%s-%s-%s-%s-%s@%s' % (h[:8], h[8:12], h[12:16], h[16:20],
                                             h[20:], who.domain)
            if mid not in self.ids:
                self.ids.add(mid)
                return mid
            extra = extra + 'x'

    def emit(self, m):
        self.seq += 1
        heapq.heappush(self.out, (m.t, self.seq, m))

    def schedule(self, t, kind, obj):
        self.seq += 1
        heapq.heappush(self.events, (t, self.seq, kind, obj))

    def count(self, key):
        self.stats[key] = self.stats.get(key, 0) + 1

    # -- the archive
    def run(self, fh):
        """Write the archive: threads are made in the order they start,
        their messages held in a heap until no later thread can come
        before them.  The first BURN_IN days are made and dropped, so that
        the archive starts in the middle of a running list (replies to mail
        it does not hold) and its first messages are like the rest.  New
        threads start at a rate that makes any N span about 100 days, so
        that a small archive has later versions of its series too."""
        r = self.r
        burn_end = START + BURN_IN
        gap = 600.0 * DEFAULT_N / self.n
        next_fresh = START
        written = 0
        buf = []
        while written < self.n:
            if not self.events or next_fresh <= self.events[0][0]:
                now = next_fresh
                self.fresh(now)
                next_fresh += int(r.expovariate(1.0 / gap)) + 1
            else:
                now, _, kind, obj = heapq.heappop(self.events)
                self.post_version(obj, now)
            while self.out and self.out[0][0] <= now and written < self.n:
                m = heapq.heappop(self.out)[2]
                if m.t < burn_end:
                    continue
                data = self.render(m, written).encode('utf-8')
                kind = KINDS[m.kind]
                self.count(kind)
                self.size[kind] = self.size.get(kind, 0) + len(data)
                buf.append(data)
                written += 1
                if len(buf) >= 512:
                    fh.write(b''.join(buf))
                    buf = []
        fh.write(b''.join(buf))
        return sum(self.size.values())

    def fresh(self, t):
        r = self.r
        x = r.random()
        if x < 0.34:
            self.new_series(t)
        elif x < 0.70:
            self.single_patch(t)
        elif x < 0.95:
            self.discussion(t)
        else:
            self.pull_request(t)

    # -- series
    def new_series(self, t):
        r = self.r
        s = Series()
        s.sub = r.choice(self.subs)
        s.author = self.person()
        s.summary = subject_phrase(r, s.sub)
        s.uni = r.random() < 0.03
        if s.uni:
            s.summary += r.choice((' (Ångström units)', ' for naïve callers',
                                   ' per Łukasz\u2019s report'))
        s.slug = re.sub(r'[^a-z0-9]+', '-', s.summary.lower()).strip('-')[:32].strip('-')
        s.date = stamp(t, '%04d%02d%02d')
        s.change_id = '%s-%s-%012x' % (s.date, s.slug, r.getrandbits(48))
        x = r.random()
        net = s.sub.list_addr.startswith('netdev')
        if net and x < 0.6:
            s.style = r.choice(('net-next', 'net-next', 'net'))
        elif x < 0.10:
            s.style = 'rfc'
        elif x < 0.16:
            s.style = 'rfc-net' if net else 'patchv'
        elif x < 0.24:
            s.style = 'patchv'
        else:
            s.style = 'plain'
        s.b4 = r.random() < 0.55
        s.chain = r.random() < 0.08
        s.thread_prev = r.random() < 0.25
        n = r.choice((2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 12, 14, 17))
        s.npatch = n
        s.titles = [subject_phrase(r, s.sub) for _ in range(n)]
        s.seeds = [r.getrandbits(32) for _ in range(n)]
        s.rev = [0] * n
        s.trailers = [[] for _ in range(n + 1)]
        s.covers = []
        s.versions = r.choices(range(1, 10), weights=(30, 20, 14, 10, 8, 6, 5, 4, 3))[0]
        self.post_version((s, 1, False), t)

    def prefix(self, s, v, resend):
        r = self.r
        st = s.style
        vv = '' if v == 1 and r.random() < 0.6 else ' v%d' % v
        rs = ' RESEND' if resend else ''
        if st == 'rfc' or (st == 'rfc-net' and v > 2):
            return '[RFC PATCH%s%s' % (rs, vv) if v < 3 else '[PATCH%s%s' % (rs, vv)
        if st == 'rfc-net':
            return '[RFC PATCH net-next%s%s' % (rs, vv)
        if st in ('net', 'net-next'):
            return '[PATCH%s %s%s' % (rs, st, vv)
        if st == 'patchv':
            return '[PATCH%s%s' % (rs, vv.replace(' v', 'v')) if vv else '[PATCH%s' % rs
        if resend and r.random() < 0.5:
            return '[RESEND PATCH%s' % vv
        return '[PATCH%s%s' % (rs, vv)

    def post_version(self, obj, t):
        s, v, resend = obj
        r = self.r
        sub = s.sub
        a = s.author
        if v > 1 and not resend:
            for i in range(s.npatch):
                if r.random() < 0.45:
                    s.rev[i] += 1
            if r.random() < 0.12 and s.npatch < 20:
                s.npatch += 1
                s.titles.append(subject_phrase(r, sub))
                s.seeds.append(r.getrandbits(32))
                s.rev.append(0)
                s.trailers.append([])
        n = s.npatch
        pre = self.prefix(s, v, resend)
        width = len(str(n))
        num = lambda i: '%0*d/%d' % (width, i, n)
        to = [sub.list_addr] + [m.hdr for m in sub.maintainers]
        cc = [p.hdr for p in r.sample(sub.reviewers, r.randrange(0, 6))]
        if r.random() < 0.3:
            cc.append('linux-kernel@lists.example.org')
        msgs = []
        style = 'b4' if s.b4 else 'gse'
        tag = '%s-v%d' % (s.slug, v)
        h = '%012x' % r.getrandbits(48)
        pid = r.randrange(1000, 99999)
        cid = self.new_msgid(t, a, style, '%s-0-%s' % (tag, h) if s.b4 else '%d-1' % pid)
        # cover
        paras = [sub.prose[r.randrange(len(sub.prose))] for _ in range(r.randrange(2, 5))]
        body = '\n'.join(paras)
        if v > 1:
            body += '\nChanges in v%d:\n' % v
            for i in range(n):
                if s.rev[i] and r.random() < 0.6:
                    body += '- %d/%d: %s\n' % (i + 1, n, wrap(
                        r.choice(SENT).format(n=r.choice(NOUNS), v='locked',
                                              f=r.choice(sub.funcs), fl=r.choice(FIELDS),
                                              k=r.randrange(2, 9), e=r.choice(ERRS))
                    ).replace('\n', '\n  ').rstrip())
            body += '- Link to v%d: https://lore.example.org/r/%s\n' % (
                v - 1, s.covers[-1][0] if s.covers else cid)
        if s.uni:
            body += '\nThanks to \u0141ukasz and Zo\u00eb for the testing.\n'
        stats_all = []
        diffs = []
        for i in range(n):
            pr = _random.Random('%d:%d:%d' % (self.seed, s.seeds[i], s.rev[i]))
            files = pr.sample(sub.files, min(len(sub.files), pr.choice((1, 1, 2, 2, 3, 4))))
            big = pr.random() < 0.05
            if big:
                files.append('%s/%s_%s.c' % (sub.dir, sub.prefix, pr.choice(NOUNS)))
            d, st = make_diff(pr, sub, self.seed, files, big)
            diffs.append((d, st, pr))
            stats_all += st
        body += '\n%s (%d):\n' % (a.name, n)
        body += ''.join('  %s: %s\n' % (sub.tag, s.titles[i]) for i in range(n))
        merged = {}
        for path, ad, de in stats_all:
            old = merged.get(path, (0, 0))
            merged[path] = (old[0] + ad, old[1] + de)
        body += '\n' + diffstat([(p, ad, de) for p, (ad, de) in merged.items()]) + '\n'
        if s.b4 or r.random() < 0.7:
            body += '---\nbase-commit: %040x\nchange-id: %s\n' % (r.getrandbits(160), s.change_id)
            body += '\nBest regards,\n-- \n%s\n' % a.ident()
        else:
            body += '-- \n2.%d.%d\n' % (r.randrange(39, 46), r.randrange(0, 3))
        irt, refs = None, []
        if v > 1 and s.thread_prev and s.covers and not resend:
            pmid, prefs = s.covers[-1]
            irt, refs = pmid, (prefs + [pmid])[-30:]
        subj = '%s %s] %s: %s' % (pre, num(0), sub.tag, s.summary)
        cover = Msg(t, a, subj, cid, body, to, cc, irt, refs, 'cover',
                    'b4 0.13.0' if s.b4 else 'git-send-email 2.43.0')
        s.covers.append((cid, refs))
        self.emit(cover)
        msgs.append(cover)
        prev = cover
        for i in range(n):
            d, st, pr = diffs[i]
            cm = '\n'.join(sub.prose[pr.randrange(len(sub.prose))]
                           for _ in range(pr.randrange(2, 6)))
            if pr.random() < 0.15:
                cm += '\nFixes: %012x ("%s: %s")\n' % (pr.getrandbits(48), sub.tag,
                                                      subject_phrase(pr, sub))
            tr = ''.join(x + '\n' for x in s.trailers[i + 1])
            cm += '\n' + tr + 'Signed-off-by: %s\n' % a.ident()
            notes = ''
            if v > 1 and s.rev[i] and r.random() < 0.5:
                notes = 'v%d: %s\n\n' % (v, r.choice(('rebased', 'addressed review',
                                                       'reworded the commit message',
                                                       'fixed the error path')))
            pbody = cm + '---\n' + notes + diffstat(st) + '\n' + d + '-- \n2.43.0\n'
            if s.b4:
                mid = self.new_msgid(t, a, 'b4', '%s-%d-%s' % (tag, i + 1, h))
            else:
                mid = self.new_msgid(t, a, 'gse', '%d-%d' % (pid, i + 2))
            if s.chain:
                pirt, prefs = prev.msgid, prev.refs + [prev.msgid]
            else:
                pirt, prefs = cid, refs[-5:] + [cid]
            pm = Msg(t + i + 1, a, '%s %s] %s: %s' % (pre, num(i + 1), sub.tag, s.titles[i]),
                     mid, pbody, to, cc, pirt, prefs, 'patch', cover.mailer)
            self.emit(pm)
            msgs.append(pm)
            prev = pm
        # review
        nrep = int(r.expovariate(1.0 / (1.2 * n + 1)))
        applied = v == s.versions and r.random() < 0.7
        self.replies_for(sub, msgs, nrep, s)
        if applied:
            m = r.choice(sub.maintainers)
            body = 'On %s, %s wrote:\n%s\nApplied to %s, thanks!\n\n%s\nBest regards,\n-- \n%s\n' % (
                date_hdr(t, a.tz), a.name, quote(wrap(s.summary)), r.choice(('net-next', 'for-next', 'master', 'fixes')),
                ''.join('[%d/%d] %s: %s\n      commit: %012x\n' % (i + 1, n, sub.tag, s.titles[i], r.getrandbits(48))
                        for i in range(n)), m.name)
            self.emit(Msg(t + r.randrange(DAY, 10 * DAY), m, 'Re: ' + cover.subject,
                          self.new_msgid(t, m, 'reply'), body, [a.hdr], [sub.list_addr],
                          cid, refs + [cid], 'reply', None))
        # the next version, or a resend of this one
        if not resend and v < s.versions and r.random() < 0.05:
            self.schedule(t + r.randrange(7 * DAY, 14 * DAY), 'version', (s, v, True))
        elif v < s.versions:
            self.schedule(t + r.randrange(3 * DAY, 18 * DAY), 'version', (s, v + 1, False))

    def replies_for(self, sub, msgs, nrep, s=None):
        """NREP replies spread under the messages MSGS of one thread."""
        r = self.r
        thread = list(msgs)
        for _ in range(nrep):
            if len(thread) > len(msgs) and r.random() < 0.45:
                parent = thread[-1 - int(r.expovariate(0.5)) % len(thread)]
            else:
                parent = r.choice(msgs)
            # the author answers reviewers; anybody answers the author
            if parent.who is not msgs[0].who and r.random() < 0.6:
                who = msgs[0].who
            elif r.random() < 0.5:
                who = r.choice(sub.reviewers)
            else:
                who = self.person()
            if who is parent.who and r.random() < 0.9:
                who = r.choice(sub.reviewers)
            t = parent.t + int(r.expovariate(1.0 / (DAY * 1.5))) + 60
            t = min(t, parent.t + 12 * DAY)
            m = self.reply(sub, parent, who, t, s)
            thread.append(m)
            self.emit(m)

    def reply(self, sub, parent, who, t, s):
        r = self.r
        pd = stamp(parent.t, '%04d-%02d-%02d %02d:%02d:%02d')
        intro = r.choice(('On %s, %s wrote:\n' % (date_hdr(parent.t, parent.who.tz),
                                                  parent.who.ident()),
                          'On %s at %s, %s wrote:\n' % (pd[:10], pd[11:16], parent.who.name),
                          '%s writes:\n' % parent.who.ident()))
        lines = parent.body.split('\n')
        # quote a few stretches of the parent, answering in between
        out = [intro]
        pos = 0
        # (a reviewer often quotes the whole patch, answering inline)
        whole = parent.kind in ('patch', 'patch1') and r.random() < 0.5
        for _ in range(r.choice((1, 2, 3, 3, 4, 5))):
            if pos >= len(lines) - 2:
                break
            if whole:
                st, ln = pos, r.randrange(20, 150)
            else:
                st = min(len(lines) - 1, pos + r.randrange(0, 30))
                ln = r.randrange(4, 60)
            chunk = '\n'.join(lines[st:st + ln]).strip('\n')
            if not chunk:
                continue
            if st > pos + 1:
                out.append('\n[...]\n\n')
            out.append(quote(chunk, who.qp))
            out.append('\n' + sub.replies[r.randrange(len(sub.replies))] + '\n')
            if r.random() < 0.4:
                out.append(sub.replies[r.randrange(len(sub.replies))] + '\n')
            pos = st + ln
        if r.random() < 0.08:
            out.append(r.choice(UNI_SENT) + '\n\n')
        if r.random() < 0.05:
            out.append('From what I can tell, the rest of the series is fine.\n\n')
        if s is not None and r.random() < 0.38:
            kind = r.choice(('Reviewed-by', 'Reviewed-by', 'Acked-by', 'Tested-by'))
            tr = '%s: %s' % (kind, who.ident())
            out.append(tr + '\n')
            if parent.kind == 'patch':
                idx = int(parent.subject.split('/')[0].rsplit(' ', 1)[-1])
                if idx < len(s.trailers):
                    s.trailers[idx].append(tr)
            elif parent.kind == 'cover':
                for lst in s.trailers[1:]:
                    lst.append(tr)
            out.append('\n')
        out.append(r.choice(('-- \n%s\n' % who.name, 'Thanks,\n%s\n' % who.name.split(' ')[0],
                             'Regards,\n%s\n' % who.name)))
        subj = parent.subject
        if not subj.startswith(('Re:', 'RE:', 'AW:')):
            subj = r.choice(('Re: ', 'Re: ', 'Re: ', 'RE: ', 'AW: ')) + subj \
                if who.mua in ('outlook',) else 'Re: ' + subj
        refs = parent.refs + [parent.msgid]
        if who.mua in ('thunderbird', 'gmail') and len(refs) > 12:
            refs = refs[:1] + refs[-10:]          # some MUAs trim the chain
        to = [parent.who.hdr]
        cc = [x for x in (parent.to + list(parent.cc)) if x != who.hdr and x != to[0]][:12]
        return Msg(t, who, subj, self.new_msgid(t, who, 'reply'), ''.join(out), to, cc,
                   parent.msgid, refs, 'reply', None)

    # -- other threads
    def single_patch(self, t):
        r = self.r
        sub = r.choice(self.subs)
        a = self.person()
        v = r.choices((1, 2, 3, 4), weights=(70, 18, 8, 4))[0]
        pre = r.choice(('[PATCH', '[PATCH', '[PATCH', '[PATCH net', '[PATCH RESEND'))
        if v > 1:
            pre += r.choice((' v%d' % v, ' v%d' % v, 'v%d' % v if pre == '[PATCH' else ' v%d' % v))
        d, st = make_diff(r, sub, self.seed, r.sample(sub.files, min(len(sub.files), r.choice((1, 1, 2)))))
        cm = '\n'.join(sub.prose[r.randrange(len(sub.prose))] for _ in range(r.randrange(1, 4)))
        inbody = ''
        if r.random() < 0.1:
            orig = self.person()
            inbody = 'From: %s\n\n' % orig.ident()
            cm += '\nSigned-off-by: %s\n' % orig.ident()
        cm += '\nSigned-off-by: %s\n' % a.ident()
        body = inbody + cm + '---\n' + diffstat(st) + '\n' + d + '-- \n2.43.0\n'
        to = [sub.list_addr] + [m.hdr for m in sub.maintainers]
        m = Msg(t, a, '%s] %s: %s' % (pre, sub.tag, subject_phrase(r, sub)),
                self.new_msgid(t, a, 'gse', '%d-1' % r.randrange(1000, 99999)), body, to,
                [p.hdr for p in r.sample(sub.reviewers, r.randrange(0, 4))],
                None, (), 'patch1', 'git-send-email 2.43.0')
        self.emit(m)
        self.replies_for(sub, [m], int(r.expovariate(1 / 2.0)))

    def discussion(self, t):
        r = self.r
        sub = r.choice(self.subs)
        a = self.person()
        kind = r.choice(('bug', 'bug', 'question', 'regression', 'announce'))
        fn = r.choice(sub.funcs)
        if kind == 'bug':
            subj = '[BUG] %s: %s in %s()' % (sub.tag, r.choice(
                ('NULL pointer dereference', 'use-after-free', 'soft lockup',
                 'WARNING', 'general protection fault')), fn)
        elif kind == 'regression':
            subj = '[REGRESSION] %s: %s broken since %d.%d-rc%d' % (
                sub.tag, r.choice(NOUNS), 6, r.randrange(1, 12), r.randrange(1, 8))
        elif kind == 'question':
            subj = r.choice(('Question about %s locking', 'How is %s supposed to work?',
                             '%s: why is this needed?')) % fn
        else:
            subj = '[ANNOUNCE] %s %d.%d.%d' % (sub.tag.split(':')[0], r.randrange(1, 5),
                                               r.randrange(0, 20), r.randrange(0, 9))
        body = [sub.prose[r.randrange(len(sub.prose))]]
        if kind in ('bug', 'regression'):
            ts = r.uniform(1, 9999)
            trace = ['[%12.6f] BUG: kernel NULL pointer dereference, address: %016x' % (ts, r.randrange(0, 4096)),
                     '[%12.6f] #PF: supervisor read access in kernel mode' % ts,
                     '[%12.6f] CPU: %d PID: %d Comm: %s Not tainted 6.%d.0-rc%d #1' % (
                         ts, r.randrange(64), r.randrange(1, 99999), r.choice(('kworker/0:1', 'systemd', 'fio', 'iperf3')),
                         r.randrange(1, 12), r.randrange(1, 8)),
                     '[%12.6f] Call Trace:' % ts, '[%12.6f]  <TASK>' % ts]
            for _ in range(r.randrange(6, 22)):
                trace.append('[%12.6f]  %s+0x%x/0x%x' % (ts, r.choice(r.choice(self.subs).funcs),
                                                         r.randrange(16, 900), r.randrange(900, 2000)))
            trace.append('[%12.6f]  </TASK>' % ts)
            body.append('\n'.join(trace) + '\n')
            body.append('From bisecting, the first bad commit is %012x.\n' % r.getrandbits(48))
        body.append(sub.prose[r.randrange(len(sub.prose))])
        body.append('%s\n' % a.name.split(' ')[0])
        to = [sub.list_addr] + [m.hdr for m in sub.maintainers]
        m = Msg(t, a, subj, self.new_msgid(t, a, 'reply'), '\n'.join(body), to, (),
                None, (), 'discussion', None)
        self.emit(m)
        n = int(r.expovariate(1 / 5.0))
        if r.random() < 0.03:
            n += r.randrange(20, 60)              # a long argument
        self.replies_for(sub, [m], n)

    def pull_request(self, t):
        r = self.r
        sub = r.choice(self.subs)
        m = r.choice(sub.maintainers)
        tagname = '%s-for-6.%d' % (sub.tag.split(':')[0].split('/')[0].replace(' ', '-'), r.randrange(1, 12))
        n = r.randrange(3, 40)
        people = [self.person() for _ in range(r.randrange(1, 8))]
        short = []
        for p in people:
            short.append('%s (%d):' % (p.name, r.randrange(1, 6)))
            for _ in range(r.randrange(1, 6)):
                short.append('      %s: %s' % (sub.tag, subject_phrase(r, sub)))
            short.append('')
        stats = [(f, r.randrange(1, 200), r.randrange(0, 90)) for f in sub.files]
        body = ('Hi,\n\nThe following changes since commit %040x:\n\n'
                '  Linux 6.%d-rc%d (%s)\n\nare available in the Git repository at:\n\n'
                '  https://git.example.org/pub/scm/%s.git tags/%s\n\n'
                'for you to fetch changes up to %040x:\n\n  %s: %s (%s)\n\n'
                '----------------------------------------------------------------\n'
                '%s\n\n----------------------------------------------------------------\n'
                '%s\n%s\n') % (
            r.getrandbits(160), r.randrange(1, 12), r.randrange(1, 8), stamp(t - 5 * DAY, '%04d-%02d-%02d'),
            sub.dir.replace('/', '-'), tagname, r.getrandbits(160), sub.tag, subject_phrase(r, sub),
            stamp(t - DAY, '%04d-%02d-%02d %02d:%02d:%02d +0000'),
            sub.prose[r.randrange(len(sub.prose))], '\n'.join(short), diffstat(stats))
        msg = Msg(t, m, '[GIT PULL] %s updates for 6.%d (%d patches)' % (sub.area, r.randrange(1, 12), n),
                  self.new_msgid(t, m, 'reply'), body, ['Maintainer Upstream <upstream@example.org>'],
                  [sub.list_addr, 'linux-kernel@lists.example.org'], None, (), 'pull', None)
        self.emit(msg)
        self.replies_for(sub, [msg], r.choice((0, 1, 1, 2)))

    # -- rendering
    def render(self, m, k):
        """Message M, the K-th written (from 0), as mboxrd text."""
        r = self.r
        who = m.who
        h = []
        mal = r.random()
        kind = self.malformed_at.get(k)
        last = k == self.n - 1
        if kind:
            pass                 # one of each kind at fixed places, then by chance
        elif mal < 0.0012:
            kind = 'no Message-ID'
        elif mal < 0.0018:
            kind = 'no From'
        elif mal < 0.0030:
            kind = 'broken header line'
        elif mal < 0.0040:
            kind = '8-bit header'
        if kind:
            self.count('malformed: ' + kind)
        if r.random() < 0.5:
            h.append('Received: from %s (%s [192.0.2.%d])\n\tby smtp.lists.example.org '
                     '(Postfix) with ESMTPS id %010X\n\tfor <%s>; %s\n' % (
                         who.domain, 'mx.' + who.domain, r.randrange(1, 255),
                         r.getrandbits(40), m.to[0].split('<')[-1].rstrip('>'),
                         date_hdr(m.t + 2, 0)))
            h.append('DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=%s;\n'
                     '\ts=sel%d; t=%d; bh=%s;\n\th=From:Date:Subject:To:Cc:Message-ID;\n'
                     '\tb=%s\n' % (who.domain, r.randrange(1, 4), m.t,
                                    base64.b64encode(r.getrandbits(256).to_bytes(32, 'big')).decode(),
                                    '\n\t '.join(base64.b64encode(r.getrandbits(384).to_bytes(48, 'big')).decode()
                                                 for _ in range(4))))
        if kind != 'no From':
            if kind == '8-bit header':
                h.append('From: %s <%s>\n' % (who.name + ' \u00c5str\u00f6m', who.addr))
            else:
                h.append('From: %s\n' % who.hdr)
        h.append(fold('To', ', '.join(m.to)))
        if m.cc:
            h.append(fold('Cc', ', '.join(m.cc)))
        subj = m.subject
        if not subj.isascii() and kind != '8-bit header':
            cut = subj.index(']') + 2 if ']' in subj and subj.index(']') < 60 else 0
            if cut and subj[:cut].isascii():
                subj = subj[:cut] + encode_words(subj[cut:], 'Q')
            else:
                subj = encode_words(subj, 'Q')
            h.append('Subject: %s\n' % subj)
        else:
            h.append(fold('Subject', subj))
        h.append('Date: %s\n' % date_hdr(m.t, who.tz))
        if kind == 'broken header line':
            h.append(r.choice(('X-Scanned-By this line lost its colon\n',
                               'X-Debug-Info\n', '=?UTF-8?q?garbage?=\n')))
        mid_name = 'Message-Id' if m.mailer and 'git-send' in m.mailer else 'Message-ID'
        if kind != 'no Message-ID':
            h.append('%s: <%s>\n' % (mid_name, m.msgid))
        if m.irt:
            h.append('%s: <%s>\n' % ('In-reply-to' if who.mua == 'evolution' else 'In-Reply-To',
                                     m.irt))
        if m.refs:
            h.append('References: %s\n' % '\n '.join('<%s>' % x for x in m.refs))
        if m.mailer:
            h.append('X-Mailer: %s\n' % m.mailer)
        else:
            h.append(UA[who.mua])
        body = m.body
        ctype = 'text/plain; charset="utf-8"' if m.mailer else 'text/plain; charset=UTF-8'
        cte = '8bit' if not body.isascii() else '7bit'
        x = r.random()
        if m.kind == 'reply' and who.mua in ('outlook', 'gmail', 'thunderbird', 'evolution'):
            if x < 0.22:
                cte = 'quoted-printable'
                body = binascii.b2a_qp(body.encode('utf-8')).decode('ascii')
                self.count('quoted-printable')
            elif x < 0.32:
                cte = 'base64'
                body = base64.encodebytes(body.encode('utf-8')).decode('ascii')
                self.count('base64')
            elif x < 0.42:
                b = '=_%020x' % r.getrandbits(80)
                ctype = 'multipart/alternative;\n boundary="%s"' % b
                html = ('<html><head></head><body><div dir="ltr">%s</div></body></html>\n' %
                        body.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')
                        .replace('\n', '<br>\n'))
                qp = binascii.b2a_qp(body.encode('utf-8')).decode('ascii')
                qh = binascii.b2a_qp(html.encode('utf-8')).decode('ascii')
                body = ('--%s\nContent-Type: text/plain; charset="UTF-8"\n'
                        'Content-Transfer-Encoding: quoted-printable\n\n%s\n'
                        '--%s\nContent-Type: text/html; charset="UTF-8"\n'
                        'Content-Transfer-Encoding: quoted-printable\n\n%s\n--%s--\n') % (
                            b, qp, b, qh, b)
                cte = None
                self.count('multipart/alternative')
        elif m.kind == 'patch' and x < 0.02:
            cte = 'quoted-printable'
            body = binascii.b2a_qp(body.encode('utf-8')).decode('ascii')
            self.count('quoted-printable')
        h.append('MIME-Version: 1.0\nContent-Type: %s\n' % ctype)
        if cte:
            h.append('Content-Transfer-Encoding: %s\n' % cte)
        lst = 'linux-kernel@lists.example.org'
        for x in m.to + list(m.cc):
            if x.endswith('@lists.example.org'):
                lst = x
                break
        h.append('List-Id: <%s>\nPrecedence: bulk\n' % lst.replace('@', '.'))
        text = ''.join(h) + '\n' + body
        if not text.endswith('\n'):
            text += '\n'
        if 'From ' in text:
            text = FROM_RE.sub(r'>\1', text)
        sep = ('From mboxrd@z Thu Jan  1 00:00:00 1970\n' if r.random() < 0.8 else
               'From %s %s\n' % (who.addr, ctime(m.t)))
        if last:
            self.count('truncated last message')
            cut = len(text) * 3 // 5
            return sep + text[:cut]
        return sep + text + '\n'


MALFORMED = {3: 'no Message-ID', 5: 'no From', 7: 'broken header line',
             9: '8-bit header'}
KINDS = {'cover': 'covers', 'patch': 'patches in series', 'patch1': 'single patches',
         'reply': 'replies', 'discussion': 'threads started', 'pull': 'pull requests'}
FROM_RE = re.compile(r'(?m)^(>*From )')
B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
B62P = B62 + '+_-'
B36 = 'abcdefghijklmnopqrstuvwxyz0123456789'
B16U = '0123456789ABCDEF'
UA = {
    'mutt': 'User-Agent: Mutt/2.2.12 (2023-09-09)\n',
    'neomutt': 'User-Agent: NeoMutt/20231103\n',
    'thunderbird': 'User-Agent: Mozilla Thunderbird\n',
    'gmail': 'X-Mailer: Webmail 3.1\n',
    'gnus': 'User-Agent: Gnus/5.13 (Gnus v5.13)\n',
    'outlook': 'X-MS-Has-Attach:\nX-MS-TNEF-Correlator:\nThread-Topic: review\n',
    'evolution': 'User-Agent: Evolution 3.50.2\n',
}


def _bisect(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return min(lo, len(a) - 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                 epilog='See the top of this script for what the archive holds.')
    ap.add_argument('out', help='the mboxrd file to write ("-": stdout)')
    ap.add_argument('-n', '--messages', type=int, default=DEFAULT_N,
                    help='number of messages (default %d)' % DEFAULT_N)
    ap.add_argument('--small', action='store_true',
                    help='%d messages, for quick runs and tests' % SMALL_N)
    ap.add_argument('--seed', type=int, default=20240108, help='RNG seed')
    ap.add_argument('--stats', action='store_true', help='print counts to stderr')
    a = ap.parse_args()
    n = SMALL_N if a.small else a.messages
    if n < 1:
        ap.error('--messages must be at least 1')
    g = Gen(n, a.seed)
    if a.out == '-':
        total = g.run(sys.stdout.buffer)
    else:
        with open(a.out, 'wb', buffering=1 << 20) as fh:
            total = g.run(fh)
    if a.stats:
        err = sys.stderr
        print('%-30s %8d  %7.1f MB  %6d bytes a message' % (
            'messages', n, total / 1e6, total // n), file=err)
        for k in KINDS.values():
            c = g.stats.get(k, 0)
            print('  %-28s %8d  %7.1f MB  %6d' % (k, c, g.size.get(k, 0) / 1e6,
                                                  g.size.get(k, 0) // max(c, 1)), file=err)
        for k in sorted(g.stats):
            if k not in KINDS.values():
                print('  %-28s %8d' % (k, g.stats[k]), file=err)
    return 0


if __name__ == '__main__':
    sys.exit(main())
