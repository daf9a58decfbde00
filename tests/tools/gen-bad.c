/* gen-bad.c - writes malformed mails and files for the malformed-input
 * suite (t8000, t8010; not a TAP test).  Deterministic: the same seed and
 * count write the same bytes on every machine (its own PRNG, no clock).
 *
 *   gen-bad [-s SEED] [-n COUNT] [--no-mail] [-k KIND=PATH]... DIR
 *   gen-bad --big-line MB FILE
 *
 * Mail kinds (always): truncated, nul, charset-wrong, charset-missing,
 * boundary, base64, qp, header-huge, date, refs-loop, dup-msgid, junk,
 * crlf, mixed.  Each -k KIND=PATH adds a file kind: copies of PATH (a file,
 * or a directory tree such as a series export) damaged at random: cut
 * short, NUL bytes, lines dropped, doubled, swapped or made enormous,
 * numbers replaced by nonsense, bytes flipped, line ends changed.  COUNT
 * inputs in all (default 1000) are shared out between the kinds
 * (--no-mail: the file kinds alone, and no all.mbox).
 *
 * Writes DIR/mail/KIND/NNNN.eml (one mail each), DIR/files/KIND/NNNN[.ext]
 * (or a directory NNNN/), and DIR/all.mbox: junk, the good series A
 * (cover <good-a0@example.org>, patches good-a1, good-a2 and a reply
 * good-r1 giving Reviewed-by), every bad mail, then the good patch
 * good-b1 and its reply good-r2 giving Acked-by.  Prints one line per
 * kind: "KIND COUNT".
 *
 * --big-line MB FILE writes an mbox of three messages whose second has a
 * body line of MB megabytes (a '+' line of its patch); the first and
 * third are good (good-c1, good-c3).
 */

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct buf {
	char *p;
	size_t n, cap;
};

static void die(const char *what)
{
	fprintf(stderr, "gen-bad: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void reserve(struct buf *b, size_t more)
{
	if (b->n + more + 1 <= b->cap)
		return;
	b->cap = (b->n + more + 1) * 2;
	b->p = realloc(b->p, b->cap);
	if (!b->p)
		die("realloc");
}

static void add(struct buf *b, const void *s, size_t n)
{
	reserve(b, n);
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

static void adds(struct buf *b, const char *s)
{
	add(b, s, strlen(s));
}

static void addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("vasprintf");
	add(b, s, (size_t)n);
	free(s);
}

static void addrep(struct buf *b, char c, size_t n)
{
	reserve(b, n);
	memset(b->p + b->n, c, n);
	b->n += n;
	b->p[b->n] = 0;
}

/* insert n bytes of s at offset at */
static void insert(struct buf *b, size_t at, const void *s, size_t n)
{
	if (at > b->n)
		at = b->n;
	reserve(b, n);
	memmove(b->p + at + n, b->p + at, b->n - at);
	memcpy(b->p + at, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

static void cut(struct buf *b, size_t at, size_t n)
{
	if (at >= b->n)
		return;
	if (n > b->n - at)
		n = b->n - at;
	memmove(b->p + at, b->p + at + n, b->n - at - n);
	b->n -= n;
	b->p[b->n] = 0;
}

/* splitmix64: small, fixed, the same everywhere */
static uint64_t rng_state;

static uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static size_t below(size_t n)
{
	return n ? (size_t)(rnd() % n) : 0;
}

static const char *pick(const char *const *list, size_t n)
{
	return list[below(n)];
}
#define PICK(a) pick(a, sizeof(a) / sizeof(a[0]))

static void write_file(const char *path, const struct buf *b)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(b->p, 1, b->n, f) != b->n || fclose(f) != 0)
		die(path);
}

static void mkdirs(const char *path)
{
	char *p = strdup(path), *s;

	for (s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		if (mkdir(p, 0777) && errno != EEXIST)
			die(p);
		*s = '/';
	}
	if (mkdir(p, 0777) && errno != EEXIST)
		die(p);
	free(p);
}

/* ---- good mails ---- */

static const char *const names[] = {
	"Ada Example <ada@example.org>", "Bea Reviewer <bea@example.org>",
	"Cid Tester <cid@example.net>", "Dee Maintainer <dee@example.com>",
};

static void sep(struct buf *b, int i)
{
	addf(b, "From mboxrd@z Mon Dec  1 %02d:%02d:00 2025\n", 10 + i % 10, i % 60);
}

/* a patch mail: header (no separator), body, diff of README */
static void patch_mail(struct buf *b, const char *msgid, const char *irt,
		       int n, int total, const char *subject, int i)
{
	addf(b, "From: %s\n", names[0]);
	addf(b, "To: %s\n", names[3]);
	addf(b, "Subject: [PATCH %d/%d] %s\n", n, total, subject);
	addf(b, "Date: Mon, 1 Dec 2025 %02d:%02d:00 +0000\n", 10 + i % 10, i % 60);
	addf(b, "Message-ID: <%s>\n", msgid);
	if (irt)
		addf(b, "In-Reply-To: <%s>\nReferences: <%s>\n", irt, irt);
	adds(b, "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
		"Content-Transfer-Encoding: 8bit\n\n");
	addf(b, "Make the %s path read better.\n\n", subject);
	addf(b, "Signed-off-by: %s\n---\n f%d-%d.txt | 1 +\n 1 file changed, 1 insertion(+)\n\n",
	     names[0], n, i);
	addf(b, "diff --git a/f%d-%d.txt b/f%d-%d.txt\nnew file mode 100644\n--- /dev/null\n"
		"+++ b/f%d-%d.txt\n@@ -0,0 +1 @@\n+a project, %s\n-- \n2.39.5\n\n",
	     n, i, n, i, n, i, subject);
}

static void reply_mail(struct buf *b, const char *msgid, const char *to,
		       const char *who, const char *tag)
{
	addf(b, "From: %s\nSubject: Re: the patch\nDate: Mon, 1 Dec 2025 12:00:00 +0000\n", who);
	addf(b, "Message-ID: <%s>\nIn-Reply-To: <%s>\nReferences: <%s>\n\n", msgid, to, to);
	addf(b, "> Make the path read better.\n\nLooks right to me.\n\n%s: %s\n\n", tag, who);
}

static void good_a(struct buf *b)
{
	sep(b, 0);
	adds(b, "From: Ada Example <ada@example.org>\nTo: Dee Maintainer <dee@example.com>\n"
		"Subject: [PATCH 0/2] zone: tidy the init path\n"
		"Date: Mon, 1 Dec 2025 10:00:00 +0000\nMessage-ID: <good-a0@example.org>\n\n"
		"Two small changes.\n\nAda Example (2):\n  zone: one\n  zone: two\n\n"
		"change-id: 20251201-zone-tidy-0a1b2c3d4e5f\n\n");
	sep(b, 1);
	patch_mail(b, "good-a1@example.org", "good-a0@example.org", 1, 2, "zone: one", 1);
	sep(b, 2);
	patch_mail(b, "good-a2@example.org", "good-a0@example.org", 2, 2, "zone: two", 2);
	sep(b, 3);
	reply_mail(b, "good-r1@example.org", "good-a1@example.org", names[1], "Reviewed-by");
}

static void good_b(struct buf *b)
{
	struct buf t = { 0 };

	patch_mail(&t, "good-b1@example.org", NULL, 1, 1, "fs: fix a typo", 5);
	/* [PATCH 1/1] -> [PATCH] */
	char *s = strstr(t.p, "[PATCH 1/1]");
	memmove(s + 7, s + 11, strlen(s + 11) + 1);
	t.n -= 4;
	sep(b, 5);
	add(b, t.p, t.n);
	sep(b, 6);
	reply_mail(b, "good-r2@example.org", "good-b1@example.org", names[2], "Acked-by");
	free(t.p);
}

/* ---- bad mails, one function per kind ---- */

struct ctx {
	const char *kind;
	int i, n;		/* index within the kind, count of the kind */
	char msgid[96];
};

static void bad_patch(struct buf *b, struct ctx *c)
{
	patch_mail(b, c->msgid, NULL, 1 + c->i % 3, 3, c->kind, c->i);
}

static void k_truncated(struct buf *b, struct ctx *c)
{
	bad_patch(b, c);
	b->n = 1 + below(b->n - 1);
	b->p[b->n] = 0;
}

static void k_nul(struct buf *b, struct ctx *c)
{
	size_t k, m = 1 + below(5);

	bad_patch(b, c);
	if (c->i % 4 == 0) {	/* in a header name */
		insert(b, 2, "\0", 1);
		return;
	}
	for (k = 0; k < m; k++)
		insert(b, below(b->n), "\0", 1);
}

static void header_then_body(struct buf *b, struct ctx *c, const char *extra,
			     const char *body)
{
	addf(b, "From: %s\nSubject: [PATCH %d/3] %s\n", names[c->i % 4], 1 + c->i % 3, c->kind);
	addf(b, "Date: Mon, 1 Dec 2025 11:%02d:00 +0000\nMessage-ID: <%s>\n", c->i % 60, c->msgid);
	adds(b, extra);
	adds(b, "\n");
	adds(b, body);
	adds(b, "\nSigned-off-by: Ada Example <ada@example.org>\n---\n"
		"diff --git a/README b/README\n--- a/README\n+++ b/README\n"
		"@@ -1 +1 @@\n-a project\n+a project\n\n");
}

static void k_charset_wrong(struct buf *b, struct ctx *c)
{
	static const char *const extra[] = {
		"Content-Type: text/plain; charset=utf-8\n",
		"Content-Type: text/plain; charset=\"x-no-such-charset-42\"\n",
		"Content-Type: text/plain; charset=utf-16\n",
		"Content-Type: text/plain; charset=iso-2022-jp\n",
		"Content-Type: text/plain; charset=us-ascii\nX-Note: =?x-bogus?Q?caf=E9?=\n",
		"Content-Type: text/plain; charset=\"utf-8\"; charset=latin1\n",
		"Content-Type: text/plain; charset=" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n",
	};
	static const char *const body[] = {
		"Caf\xe9 na\xefve \xff\xfe bytes that are not UTF-8.\n",
		"\x1b$B\x30\x21\x1b(B broken \x1b$ escape \x1b(\n",
		"odd length for utf-16: \xd8\x00\xdc\n",
		"=?klingon?B?SGVsbG8=?= in the body\n",
	};
	header_then_body(b, c, extra[c->i % 7], body[below(4)]);
	if (c->i % 3 == 0) {	/* the Subject's encoded word in an unknown charset */
		char *s = strstr(b->p, "Subject: ");
		insert(b, (size_t)(s - b->p) + 9, "=?x-unknown?B?w6k=?= ", 21);
	}
}

static void k_charset_missing(struct buf *b, struct ctx *c)
{
	static const char *const extra[] = {
		"", "Content-Type: text/plain; charset=\n", "Content-Type: text/plain; charset\n",
		"Content-Type: text/plain; charset=\"\"\n", "Content-Type: ;charset=utf-8\n",
		"Content-Type:\n", "X-Subject: =??Q?empty?=\n",
	};
	header_then_body(b, c, extra[c->i % 7],
			 "Eight-bit bytes \xc3\xa9\xe9\x80 with no charset named.\n");
	if (c->i % 2) {
		char *s = strstr(b->p, "From: ");
		insert(b, (size_t)(s - b->p) + 6, "J\xf6rg \xe9 ", 8);
	}
}

static void k_boundary(struct buf *b, struct ctx *c)
{
	int v = c->i % 7, d;
	struct buf x = { 0 };

	switch (v) {
	case 0:	/* no boundary parameter */
		header_then_body(b, c, "MIME-Version: 1.0\nContent-Type: multipart/mixed\n",
				 "--b\nContent-Type: text/plain\n\npart\n--b--\n");
		break;
	case 1:	/* empty boundary */
		header_then_body(b, c, "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"\"\n",
				 "--\n\npart\n----\n");
		break;
	case 2:	/* never appears */
		header_then_body(b, c, "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=zz\n",
				 "no part starts here\n");
		break;
	case 3:	/* no closing boundary */
		header_then_body(b, c, "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=zz\n",
				 "--zz\nContent-Type: text/plain\n\nfirst\n--zz\nContent-Type: text/x-patch\n\n");
		break;
	case 4:	/* nested deep */
		d = 50 + (int)below(250);
		for (int k = 0; k < d; k++)
			addf(&x, "--n%d\nContent-Type: multipart/mixed; boundary=n%d\n\n", k, k + 1);
		adds(&x, "innermost\n");
		header_then_body(b, c, "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=n0\n", x.p);
		break;
	case 5:	/* an enormous boundary */
		adds(&x, "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"");
		addrep(&x, 'q', 5000);
		adds(&x, "\"\n");
		header_then_body(b, c, x.p, "--qqq\n\nshort boundary line\n");
		break;
	default: /* parts with broken headers */
		header_then_body(b, c, "MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=zz\n",
				 "--zz\nContent-Type: text/plain; charset=\"unterminated\n"
				 "Content-Transfer-Encoding: base64\n\n@@@@\n--zz--garbage\n--zz--\n--zz\n");
	}
	free(x.p);
}

static void k_base64(struct buf *b, struct ctx *c)
{
	static const char *const body[] = {
		"!!!@@@###$$$\n", "TWFr\n", "TWFrZQ\n", "TWFrZQ=====\n", "T\nW\nF\nr\nZ\nQ\n=\n",
		"diff --git a/README b/README\n--- a/README\n+++ b/README\n", "   \n\t\n",
		"TWFrZSB0aGUgcGF0aCByZWFk\x00IGJldHRlcg==\n", "=\n==\n===\n",
	};
	struct buf x = { 0 };

	header_then_body(b, c, "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
			 "Content-Transfer-Encoding: base64\n", "");
	/* the body is what header_then_body wrote after the blank line: put bad
	 * base64 in front of it */
	char *s = strstr(b->p, "\n\n");
	adds(&x, body[c->i % 9]);
	insert(b, (size_t)(s - b->p) + 2, x.p, c->i % 9 == 7 ? 42 : x.n);
	if (c->i % 4 == 1) {
		s = strstr(b->p, "Subject: ");
		insert(b, (size_t)(s - b->p) + 9, "=?utf-8?B?#$%^&*?= ", 19);
	}
	free(x.p);
}

static void k_qp(struct buf *b, struct ctx *c)
{
	static const char *const body[] = {
		"bad =ZZ escape\n", "ends in =", "soft break at the end=\n", "=0", "a NUL =00 decoded\n",
		"=0D=0A=0D=0A split lines\n", "=\n=\n=\n", "=E9=\n=C3\n",
	};
	struct buf x = { 0 };

	adds(&x, body[c->i % 8]);
	if (c->i % 5 == 4)
		addrep(&x, 'x', 20000);
	header_then_body(b, c, "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
			 "Content-Transfer-Encoding: quoted-printable\n", x.p);
	if (c->i % 3 == 2) {
		char *s = strstr(b->p, "Subject: ");
		insert(b, (size_t)(s - b->p) + 9, "=?utf-8?Q?bad=ZZ=?= ", 20);
	}
	free(x.p);
}

static void k_header_huge(struct buf *b, struct ctx *c)
{
	static const size_t sizes[] = { 4096, 65536, 262144, 1048576 };
	size_t sz = sizes[below(3) + (c->i % 11 == 0)];
	struct buf h = { 0 };

	switch (c->i % 5) {
	case 0:
		adds(&h, "X-Long: ");
		addrep(&h, 'h', sz);
		adds(&h, "\n");
		break;
	case 1:
		for (size_t k = 0; k < sz / 16; k++)
			addf(&h, "X-Junk-%zu: v\n", k);
		break;
	case 2:
		adds(&h, "Cc: a@example.org");
		for (size_t k = 0; k < sz / 24; k++)
			addf(&h, ",\n a%zu@example.org", k);
		adds(&h, "\n");
		break;
	case 3:
		adds(&h, "References:");
		for (size_t k = 0; k < sz / 24; k++)
			addf(&h, " <r%zu.%d@example.org>", k, c->i);
		adds(&h, "\n");
		break;
	default:
		adds(&h, "X-Encoded:");
		for (size_t k = 0; k < sz / 16; k++)
			adds(&h, " =?utf-8?B?w6k=?=");
		adds(&h, "\n");
	}
	header_then_body(b, c, h.p, "A mail with an enormous header.\n");
	free(h.p);
}

static void k_date(struct buf *b, struct ctx *c)
{
	static const char *const dates[] = {
		"yesterday", "", "Mon, 99 Foo 99999 99:99:99 +9999", "0", "-1",
		"Thu, 1 Jan 1970 00:00:00 -2400", "Fri, 31 Dec 9999999999 23:59:59 +0000",
		"Mon, 1 Dec 2025 25:61:61 +0000", "Tue, 30 Feb 2025 10:00:00 +0000",
		"1 Dec 0000 00:00:00 +0000", "Mon, 1 Dec 2025 10:00:00 +99999999999999999999",
		"99999999999999999999999999999999", "Mon,,,, 1 Dec", "\x01\x02\x7f",
		"Sun, 6 Dec -2025 10:00:00 +0000", "2025-12-01T10:00:00Z",
	};
	char *s;

	bad_patch(b, c);
	s = strstr(b->p, "Date: ");
	char *e = strchr(s, '\n');
	size_t at = (size_t)(s - b->p) + 6;
	cut(b, at, (size_t)(e - s) - 6);
	if (c->i % 16 == 15) {
		struct buf d = { 0 };
		addrep(&d, '9', 10000);
		insert(b, at, d.p, d.n);
		free(d.p);
	} else {
		const char *d = dates[c->i % 16];
		insert(b, at, d, strlen(d));
	}
	if (c->i % 7 == 3)	/* a second Date */
		insert(b, 0, "Date: never\n", 12);
}

static void k_refs_loop(struct buf *b, struct ctx *c)
{
	char h[512];
	int next = (c->i + 1) % c->n, prev = (c->i + c->n - 1) % c->n;
	struct buf x = { 0 };

	switch (c->i % 4) {
	case 0:	/* itself */
		snprintf(h, sizeof(h), "In-Reply-To: <%s>\nReferences: <%s> <%s>\n", c->msgid, c->msgid, c->msgid);
		adds(&x, h);
		break;
	case 1:	/* a ring through the next and the previous */
		snprintf(h, sizeof(h), "In-Reply-To: <bad-refs-loop-%04d@example.org>\n"
			 "References: <bad-refs-loop-%04d@example.org> <bad-refs-loop-%04d@example.org>\n",
			 next, prev, next);
		adds(&x, h);
		break;
	case 2:	/* a long chain that comes back to itself */
		adds(&x, "References:");
		for (int k = 0; k < 2000; k++)
			addf(&x, " <chain-%d@example.org>", k % 50);
		addf(&x, " <%s>\nIn-Reply-To: <chain-7@example.org>\n", c->msgid);
		break;
	default: /* reply to the good cover, referencing a bad mail that refers back */
		snprintf(h, sizeof(h), "In-Reply-To: <bad-refs-loop-%04d@example.org>\n"
			 "References: <good-a0@example.org> <%s> <bad-refs-loop-%04d@example.org>\n",
			 prev, c->msgid, prev);
		adds(&x, h);
	}
	header_then_body(b, c, x.p, "A loop in References.\n");
	free(x.p);
}

static void k_dup_msgid(struct buf *b, struct ctx *c)
{
	static const char *const ids[] = {
		"Message-ID: <good-a1@example.org>\n", "Message-ID: <>\n", "Message-ID: <<<>>>\n",
		"Message-ID: no-brackets@example.org\n", "Message-ID:\n",
		"Message-ID: <bad-dup-msgid-0000@example.org>\n",
		"Message-ID: <good-b1@example.org>\nMessage-ID: <second@example.org>\n",
		"Message-ID: <good-r1@example.org>\n",
	};
	char *s, *e;

	bad_patch(b, c);
	s = strstr(b->p, "Message-ID: ");
	e = strchr(s, '\n');
	cut(b, (size_t)(s - b->p), (size_t)(e - s) + 1);
	if (c->i % 9 == 8) {
		struct buf x = { 0 };
		adds(&x, "Message-ID: <");
		addrep(&x, 'm', 10000);
		adds(&x, "@example.org>\n");
		insert(b, (size_t)(s - b->p), x.p, x.n);
		free(x.p);
	} else {
		const char *id = ids[c->i % 8];
		insert(b, (size_t)(s - b->p), id, strlen(id));
	}
}

static void k_junk(struct buf *b, struct ctx *c)
{
	static const char *const junk[] = {
		"this is not a mail\nnor is this\n\n", "\x80\x81\x82\x00\xff\n",
		"From nobody\n", ">From someone Mon Dec  1 10:00:00 2025\n", "Fromage\n",
		"\n\n\n", "From: \n", "Subject: orphan header\n\n", " leading space\n",
	};
	size_t k, m = 1 + below(4);

	for (k = 0; k < m; k++)
		adds(b, PICK(junk));
	if (c->i % 5 == 0)
		for (k = 0; k < 200; k++)
			addf(b, "%c", (char)(1 + below(255)));
	adds(b, "\n");
	sep(b, c->i);
	bad_patch(b, c);
}

static void to_crlf(struct buf *b, int mixed)
{
	struct buf o = { 0 };

	for (size_t k = 0; k < b->n; k++) {
		if (b->p[k] != '\n') {
			add(&o, b->p + k, 1);
			continue;
		}
		switch (mixed ? below(4) : 1) {
		case 0: adds(&o, "\n"); break;
		case 1: adds(&o, "\r\n"); break;
		case 2: adds(&o, "\r"); break;
		default: adds(&o, "\r\r\n");
		}
	}
	free(b->p);
	*b = o;
}

static void k_crlf(struct buf *b, struct ctx *c)
{
	bad_patch(b, c);
	to_crlf(b, 0);
}

static void k_mixed(struct buf *b, struct ctx *c)
{
	bad_patch(b, c);
	to_crlf(b, 1);
}

struct mailkind {
	const char *name;
	void (*fn)(struct buf *, struct ctx *);
};

static const struct mailkind mailkinds[] = {
	{ "truncated", k_truncated }, { "nul", k_nul },
	{ "charset-wrong", k_charset_wrong }, { "charset-missing", k_charset_missing },
	{ "boundary", k_boundary }, { "base64", k_base64 }, { "qp", k_qp },
	{ "header-huge", k_header_huge }, { "date", k_date },
	{ "refs-loop", k_refs_loop }, { "dup-msgid", k_dup_msgid },
	{ "junk", k_junk }, { "crlf", k_crlf }, { "mixed", k_mixed },
};
#define NMAIL (int)(sizeof(mailkinds) / sizeof(mailkinds[0]))

/* ---- damaged files ---- */

static void mutate(struct buf *b)
{
	static const char *const nums[] = {
		"99999999999999999999999", "-1", "1e999", "nan", "inf", "-inf", "0x", "", "-0",
		"1.2.3", "1e-999", "18446744073709551616", "--5", "0.0.0.0", "+", "NaN",
	};
	size_t at, e, k;
	int op = (int)below(12);

	if (!b->n) {
		adds(b, "\x01");
		return;
	}
	at = below(b->n);
	/* the line around at */
	size_t ls = at, le;
	while (ls && b->p[ls - 1] != '\n')
		ls--;
	le = at;
	while (le < b->n && b->p[le] != '\n')
		le++;
	switch (op) {
	case 0: b->n = at; b->p[at] = 0; break;
	case 1: insert(b, at, "\0", 1); break;
	case 2: cut(b, ls, le - ls + 1); break;
	case 3: {	/* a line doubled many times (copied first: insert may move b) */
		struct buf l = { 0 };
		add(&l, b->p + ls, le - ls + (le < b->n));
		for (k = 0; k < 1 + below(50); k++)
			insert(b, ls, l.p, l.n);
		free(l.p);
		break;
	}
	case 4: {
		char junk[64];
		for (k = 0; k < sizeof(junk); k++)
			junk[k] = (char)(1 + below(255));
		junk[sizeof(junk) - 1] = '\n';
		insert(b, ls, junk, sizeof(junk));
		break;
	}
	case 5:	/* a number replaced */
		for (k = at; k < b->n && !(b->p[k] >= '0' && b->p[k] <= '9'); k++)
			;
		for (e = k; e < b->n && ((b->p[e] >= '0' && b->p[e] <= '9') || b->p[e] == '.'); e++)
			;
		cut(b, k, e - k);
		{
			const char *s = PICK(nums);
			insert(b, k, s, strlen(s));
		}
		break;
	case 6: {	/* an enormous line */
		struct buf x = { 0 };
		addrep(&x, below(2) ? '7' : 'a', 65536 * (1 + below(4)));
		insert(b, at, x.p, x.n);
		free(x.p);
		break;
	}
	case 7: for (k = 0; k < 1 + below(8); k++) b->p[below(b->n)] ^= (char)(1 << below(8)); break;
	case 8: to_crlf(b, 1); break;
	case 9: {	/* a structural character changed */
		static const char st[] = "{}[]:,=\"<>|%#\\";
		for (k = at; k < b->n && !strchr(st, b->p[k]); k++)
			;
		if (k < b->n)
			b->p[k] = st[below(sizeof(st) - 1)];
		break;
	}
	case 10: insert(b, at, "\xc3\x28\xe2\x82\xff", 5); break;
	default: { /* swap this line with the first */
		struct buf l = { 0 };
		add(&l, b->p + ls, le - ls);
		cut(b, ls, le - ls);
		insert(b, 0, l.p, l.n);
		free(l.p);
	}
	}
}

static int read_file(const char *path, struct buf *b)
{
	FILE *f = fopen(path, "rb");
	char tmp[65536];
	size_t r;

	if (!f)
		return -1;
	while ((r = fread(tmp, 1, sizeof(tmp), f)) > 0)
		add(b, tmp, r);
	fclose(f);
	if (!b->p)
		adds(b, "");
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* copy the tree src to dst; the regular files' paths (relative) into list */
static void copy_tree(const char *src, const char *dst, const char *rel,
		      char ***list, size_t *n)
{
	DIR *d = opendir(src);
	struct dirent *e;
	char **ents = NULL;
	size_t nn = 0;

	if (!d)
		die(src);
	mkdirs(dst);
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		ents = realloc(ents, (nn + 1) * sizeof(*ents));
		ents[nn++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(ents, nn, sizeof(*ents), cmp_str);
	for (size_t k = 0; k < nn; k++) {
		char *s, *t, *r;
		struct stat st;
		if (asprintf(&s, "%s/%s", src, ents[k]) < 0 ||
		    asprintf(&t, "%s/%s", dst, ents[k]) < 0 ||
		    asprintf(&r, "%s%s%s", rel, *rel ? "/" : "", ents[k]) < 0)
			die("asprintf");
		if (lstat(s, &st))
			die(s);
		if (S_ISDIR(st.st_mode)) {
			copy_tree(s, t, r, list, n);
			free(r);
		} else if (S_ISREG(st.st_mode)) {
			struct buf b = { 0 };
			if (read_file(s, &b))
				die(s);
			write_file(t, &b);
			free(b.p);
			*list = realloc(*list, (*n + 1) * sizeof(**list));
			(*list)[(*n)++] = r;
		} else {
			free(r);
		}
		free(s);
		free(t);
		free(ents[k]);
	}
	free(ents);
}

static void damage_dir(const char *src, const char *dst)
{
	char **list = NULL, *p;
	size_t n = 0, k, m = 1 + below(2);

	copy_tree(src, dst, "", &list, &n);
	for (k = 0; k < m && n; k++) {
		struct buf b = { 0 };
		if (asprintf(&p, "%s/%s", dst, list[below(n)]) < 0)
			die("asprintf");
		if (below(8) == 0) {
			remove(p);
		} else {
			read_file(p, &b);
			mutate(&b);
			write_file(p, &b);
		}
		free(b.p);
		free(p);
	}
	for (k = 0; k < n; k++)
		free(list[k]);
	free(list);
}

static void file_kind(const char *dir, const char *kind, const char *path, int count)
{
	struct stat st;
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	char *out, *p;
	struct buf base = { 0 };

	if (dot && slash && dot < slash)
		dot = NULL;
	if (stat(path, &st))
		die(path);
	if (asprintf(&out, "%s/files/%s", dir, kind) < 0)
		die("asprintf");
	mkdirs(out);
	if (!S_ISDIR(st.st_mode) && read_file(path, &base))
		die(path);
	for (int i = 0; i < count; i++) {
		if (asprintf(&p, "%s/%04d%s", out, i, S_ISDIR(st.st_mode) || !dot ? "" : dot) < 0)
			die("asprintf");
		if (S_ISDIR(st.st_mode)) {
			damage_dir(path, p);
		} else {
			struct buf b = { 0 };
			add(&b, base.p, base.n);
			for (size_t k = 0, m = 1 + below(3); k < m; k++)
				mutate(&b);
			write_file(p, &b);
			free(b.p);
		}
		free(p);
	}
	printf("%s %d\n", kind, count);
	free(base.p);
	free(out);
}

static void big_line(long mb, const char *path)
{
	FILE *f = fopen(path, "wb");
	struct buf b = { 0 };
	char chunk[65536];

	if (!f)
		die(path);
	sep(&b, 0);
	patch_mail(&b, "good-c1@example.org", NULL, 1, 3, "mm: first", 0);
	sep(&b, 1);
	patch_mail(&b, "bad-big@example.org", NULL, 2, 3, "mm: enormous", 1);
	/* the '+' line: cut the good one's end and write the big one */
	char *s = strstr(b.p, "+a project, mm: enormous\n");
	b.n = (size_t)(s - b.p) + 1;
	fwrite(b.p, 1, b.n, f);
	memset(chunk, 'z', sizeof(chunk));
	for (long k = 0; k < mb * 16; k++)
		fwrite(chunk, 1, sizeof(chunk), f);
	b.n = 0;
	adds(&b, "\n-- \n2.39.5\n\n");
	sep(&b, 2);
	patch_mail(&b, "good-c3@example.org", NULL, 3, 3, "mm: third", 2);
	if (fwrite(b.p, 1, b.n, f) != b.n || fclose(f))
		die(path);
	free(b.p);
}

int main(int argc, char **argv)
{
	uint64_t seed = 1;
	int count = 1000, nfile = 0, nomail = 0, i, k;
	char *fk[32], *fp[32], *p;
	const char *dir;

	if (argc == 4 && !strcmp(argv[1], "--big-line")) {
		big_line(atol(argv[2]), argv[3]);
		return 0;
	}
	for (i = 1; i < argc - 1; i++) {
		if (!strcmp(argv[i], "-s"))
			seed = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--no-mail"))
			nomail = 1;
		else if (!strcmp(argv[i], "-n"))
			count = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-k") && nfile < 32 && (p = strchr(argv[i + 1], '='))) {
			fk[nfile] = strndup(argv[i + 1], (size_t)(p - argv[i + 1]));
			fp[nfile++] = p + 1;
			i++;
		} else
			break;
	}
	if (i != argc - 1 || count < 1) {
		fprintf(stderr, "usage: gen-bad [-s SEED] [-n COUNT] [--no-mail] [-k KIND=PATH]... DIR\n"
			"       gen-bad --big-line MB FILE\n");
		while (nfile)
			free(fk[--nfile]);
		return 2;
	}
	dir = argv[i];
	rng_state = seed;

	int kinds = (nomail ? 0 : NMAIL) + nfile, per[64] = { 0 };
	if (!kinds)
		return 0;
	for (k = 0; k < kinds; k++)
		per[(nomail ? NMAIL : 0) + k] = count / kinds + (k < count % kinds);

	struct buf all = { 0 };
	adds(&all, "junk before the first From line\n\x80\x81 binary\nFrom nobody\n\n");
	good_a(&all);
	for (k = 0; k < NMAIL && !nomail; k++) {
		if (asprintf(&p, "%s/mail/%s", dir, mailkinds[k].name) < 0)
			die("asprintf");
		mkdirs(p);
		for (i = 0; i < per[k]; i++) {
			struct ctx c = { mailkinds[k].name, i, per[k], "" };
			struct buf b = { 0 }, f = { 0 };
			char *path;

			snprintf(c.msgid, sizeof(c.msgid), "bad-%s-%04d@example.org", c.kind, i);
			mailkinds[k].fn(&b, &c);
			/* in the mbox: a separator first (junk brings its own after
			 * the junk), a line end before the next */
			if (strcmp(c.kind, "junk"))
				sep(&all, i);
			add(&all, b.p, b.n);
			adds(&all, b.n && b.p[b.n - 1] == '\n' ? "\n" : "\n\n");
			if (strcmp(c.kind, "junk") && below(2))
				sep(&f, i);
			add(&f, b.p, b.n);
			if (asprintf(&path, "%s/%04d.eml", p, i) < 0)
				die("asprintf");
			write_file(path, &f);
			free(path);
			free(b.p);
			free(f.p);
		}
		printf("%s %d\n", mailkinds[k].name, per[k]);
		free(p);
	}
	good_b(&all);
	if (!nomail) {
		if (asprintf(&p, "%s/all.mbox", dir) < 0)
			die("asprintf");
		write_file(p, &all);
		free(p);
	}
	free(all.p);
	for (k = 0; k < nfile; k++) {
		file_kind(dir, fk[k], fp[k], per[NMAIL + k]);
		free(fk[k]);
	}
	return 0;
}
