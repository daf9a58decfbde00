/* test-wire.c - lib/mail/wire: the checks before a mail goes on the wire
 * (header injection, groups, 8-bit headers, long lines, header counts),
 * the CRLF bytes, the envelope recipients and the Message-ID. */
#include "mail/wire.h"
#include "core/error.h"
#include "unit.h"

#include <gmime/gmime.h>

#define FROM_LINE "From 1234567890abcdef1234567890abcdef12345678 Mon Sep 17 00:00:00 2001\n"
#define HEAD_FROM "From: Ada Author <ada@example.org>\n"
#define HEAD_DATE "Date: Tue, 01 Dec 2026 10:00:00 +0000\n"
#define HEAD_ID "Message-ID: <20261201-x-v1-1-abc@example.org>\n"
#define HEAD_SUBJ "Subject: [PATCH 1/2] lib: do a thing\n"
#define HEAD_TO "To: List <list@example.org>\n"
#define BODY "\nThe body.\n\nSigned-off-by: Ada Author <ada@example.org>\n---\n f | 1 +\n"

/* A mail with `extra` header lines after the usual ones, then `body`. */
static char *mail(const char *extra, const char *body)
{
	return g_strconcat(FROM_LINE HEAD_FROM HEAD_DATE HEAD_ID HEAD_SUBJ HEAD_TO, extra,
			   body ? body : BODY, NULL);
}

/* "ok", or the error's message (class 3 is required; anything else is
 * reported as "class N: message"). */
static char *check_len(const char *text, gsize len)
{
	GError *e = NULL;
	char *r;

	if (wire_check(text, len, "patch 1/2", &e))
		return g_strdup("ok");
	r = qerr_class(e) == QUILL_ERROR_INPUT ? g_strdup(e->message)
					       : g_strdup_printf("class %d: %s", qerr_class(e), e->message);
	g_error_free(e);
	return r;
}

static char *check(const char *text)
{
	return check_len(text, strlen(text));
}

/* Check a mail built from extra headers and a body (NULL: the usual). */
static void is_check(const char *extra, const char *body, const char *want, const char *what)
{
	char *m = mail(extra, body), *got = check(m);

	is_str(got, want, what);
	g_free(got);
	g_free(m);
}

/* The same with a header block replaced whole. */
static void is_check_raw(const char *text, const char *want, const char *what)
{
	char *got = check(text);

	is_str(got, want, what);
	g_free(got);
}

static void test_taken(void)
{
	is_check("", NULL, "ok", "a plain patch mail");
	is_check("Cc: Bo <bo@example.com>, cy@example.net\n", NULL, "ok", "a Cc list");
	is_check("Cc: \"Doe, Jo\" <jo@example.com>\n", NULL, "ok", "a quoted comma in a name");
	is_check("Cc: =?UTF-8?q?Zo=C3=AB?= <zoe@example.com>\n", NULL, "ok", "an RFC 2047 name");
	is_check("Cc: a@example.com (a comment, with a comma)\n", NULL, "ok", "a comment");
	is_check("Cc: first@example.com,\n\tsecond@example.com,\n third@example.com\n", NULL, "ok",
		 "a folded Cc list");
	is_check("X-Long: a\n b\n c\n", NULL, "ok", "a folded header");
	is_check("In-Reply-To: <c@example.org>\nReferences: <c@example.org>\n", NULL, "ok",
		 "threading headers");
	is_check("Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n",
		 "\nZo\xc3\xab wrote this.\n", "ok", "an 8-bit body under 8bit");
	is_check("", "\nform\ffeed and\ttab\n", "ok", "a form feed and a tab in the body");
	is_check_raw(HEAD_FROM HEAD_DATE HEAD_ID HEAD_SUBJ "\nno mbox line\n", "ok",
		     "no From_ line, no To");
	is_check_raw("From: a@example.org\r\nDate: x\r\nMessage-ID: <a@b>\r\nSubject: s\r\n\r\nbody\r\n",
		     "ok", "CRLF line ends");
	is_check_raw(HEAD_FROM HEAD_DATE HEAD_ID HEAD_SUBJ, "ok", "no body at all");
	is_check("Cc: a@[192.0.2.1]\n", NULL, "ok", "a domain literal");
}

static void test_injection(void)
{
	is_check("", "\nok\n", "ok", "baseline");
	is_check_raw(FROM_LINE HEAD_FROM HEAD_DATE HEAD_ID "Subject: a\rBcc: evil@example.net\n" BODY,
		     "patch 1/2: Subject: carries a control character (a CR)", "a CR in Subject");
	is_check_raw(FROM_LINE HEAD_FROM HEAD_DATE HEAD_ID "Subject: a\r\n" BODY, "ok",
		     "a CR before LF is a line end");
	is_check_raw(FROM_LINE HEAD_FROM HEAD_DATE HEAD_ID HEAD_SUBJ
		     "To: a@example.org\nevil@example.net\n" BODY,
		     "patch 1/2: line 7: not a header line (no 'Name:')", "an LF without fold in To");
	is_check("Cc: a@example.org\nTo: evil@example.net\n", NULL,
		 "patch 1/2: more than one To header", "an injected second To");
	is_check("X-Tag: a\001b\n", NULL, "patch 1/2: X-Tag: carries a control character",
		 "a ^A in a header");
	is_check("X-Tag: a\177\n", NULL, "patch 1/2: X-Tag: carries a control character", "DEL");
	{
		char *m = mail("X-Tag: a", NULL);
		GString *s = g_string_new(m);
		char *got;

		/* "X-Tag: a\0b\n" before the body */
		g_string_insert_len(s, (gssize)strlen(m) - strlen(BODY), "\0b\n", 3);
		got = check_len(s->str, s->len);
		is_str(got, "patch 1/2: X-Tag: carries a control character", "a NUL in a header");
		g_free(got);
		g_string_free(s, TRUE);
		g_free(m);
	}
	{
		static const char t[] = FROM_LINE HEAD_FROM HEAD_DATE HEAD_ID HEAD_SUBJ
			"X-\0Tag: x\n" BODY;
		char *got = check_len(t, sizeof t - 1);

		is_str(got, "patch 1/2: line 6: a header name holds a blank, a control character "
			    "or 8-bit bytes", "a NUL in a header name");
		g_free(got);
	}
	{
		static const char t[] = FROM_LINE HEAD_FROM HEAD_DATE HEAD_ID HEAD_SUBJ
			"\nline one\nnul \0 here\n";
		char *got = check_len(t, sizeof t - 1);

		is_str(got, "patch 1/2: line 8: carries a NUL byte", "a NUL in the body");
		g_free(got);
	}
	is_check("Bad Name: x\n", NULL,
		 "patch 1/2: line 7: a header name holds a blank, a control character or 8-bit bytes",
		 "a blank in a header name");
	is_check_raw(" folded: first\n" HEAD_FROM HEAD_DATE HEAD_ID HEAD_SUBJ BODY,
		     "patch 1/2: line 1: a folded line with no header before it",
		     "a fold before any header");
}

static void test_addresses(void)
{
	is_check_raw(FROM_LINE HEAD_FROM HEAD_DATE HEAD_ID HEAD_SUBJ "To: undisclosed-recipients:;\n" BODY,
		     "patch 1/2: To: 'undisclosed-recipients:;': a group, not mailboxes",
		     "group syntax undisclosed-recipients:;");
	is_check("Cc: grp: a@example.org, b@example.org;\n", NULL,
		 "patch 1/2: Cc: 'grp: a@example.org, b@example.org;': a group, not mailboxes",
		 "a group with members");
	is_check("Cc: a@example.org, c\n", NULL, "patch 1/2: Cc: 'c': not one mailbox",
		 "an entry without @");
	is_check("Cc: a@example.org,,c@example.org\n", NULL,
		 "patch 1/2: Cc: 'a@example.org,,c@example.org': an empty entry in the list",
		 "an empty entry");
	is_check("Cc: a@example.org,\n", NULL,
		 "patch 1/2: Cc: 'a@example.org,': an empty entry in the list", "a trailing comma");
	is_check("Cc: x <a@example.org> y\n", NULL,
		 "patch 1/2: Cc: 'x <a@example.org> y': not one mailbox", "text after the address");
	is_check("Cc: a@example.org <c@example.org>\n", NULL,
		 "patch 1/2: Cc: 'a@example.org <c@example.org>': not one mailbox",
		 "an address as a display name");
	is_check("Cc: a@example.org>\n", NULL, "patch 1/2: Cc: 'a@example.org>': not one mailbox",
		 "a > with no <");
	is_check("Cc: A <a@example.org> <b@example.org>\n", NULL,
		 "patch 1/2: Cc: 'A <a@example.org> <b@example.org>': not one mailbox", "two <>");
	is_check("Cc: \"unclosed <a@example.org>\n", NULL,
		 "patch 1/2: Cc: '\"unclosed <a@example.org>': not one mailbox", "an open quote");
	is_check("Cc: \"a@example.org\" <c@example.org>, Ann <ann@example.org> (maintainer)\n",
		 NULL, "ok", "a quoted @ in a name, a comment after >");
	is_check("Cc: A\tB c\n", NULL, "patch 1/2: Cc: 'A B c': not one mailbox",
		 "a tab in an entry is quoted as a blank");
	is_check("Cc: \n", NULL, "patch 1/2: Cc: no address", "an empty Cc");
	is_check("Reply-To: <a@example.org\n", NULL,
		 "patch 1/2: Reply-To: '<a@example.org': not one mailbox", "an open <");
	is_check_raw(FROM_LINE "From: a@example.org, b@example.org\n" HEAD_DATE HEAD_ID HEAD_SUBJ BODY,
		     "patch 1/2: From: 'a@example.org, b@example.org': more than one mailbox",
		     "two From mailboxes");
	is_check("Sender: nobody\n", NULL, "patch 1/2: Sender: 'nobody': not one mailbox",
		 "a Sender that is no mailbox");
	/* "a@b, c@d" given as one Cc entry became two mailboxes: the wire takes
	 * them (both are mailboxes); the entry check is series new/edit's */
	is_check("Cc: a@example.org, c@example.net\n", NULL, "ok", "a@b, c@d in one Cc header");
}

static void test_eight_bit(void)
{
	is_check("Cc: Zo\xc3\xab <zoe@example.com>\n", NULL,
		 "patch 1/2: Cc: carries 8-bit bytes (non-ASCII must be RFC 2047 encoded)",
		 "an 8-bit name");
	is_check_raw(FROM_LINE HEAD_FROM HEAD_DATE HEAD_ID "Subject: caf\xc3\xa9\n" BODY,
		     "patch 1/2: Subject: carries 8-bit bytes (non-ASCII must be RFC 2047 encoded)",
		     "an 8-bit Subject");
	is_check("", "\nZo\xc3\xab\n",
		 "patch 1/2: the body holds 8-bit bytes and Content-Transfer-Encoding is not 8bit",
		 "an 8-bit body without a transfer encoding");
	is_check("Content-Transfer-Encoding: quoted-printable\n", "\nZo\xc3\xab\n",
		 "patch 1/2: the body holds 8-bit bytes and Content-Transfer-Encoding is not 8bit",
		 "an 8-bit body under quoted-printable");
	is_check("Content-Transfer-Encoding: 8BIT\n", "\nZo\xc3\xab\n", "ok", "8BIT in capitals");
}

/* A body line of n octets. */
static char *body_line(gsize n, const char *end)
{
	char *x = g_strnfill(n, 'x'), *b = g_strconcat("\n+", x + 1, end, NULL);

	g_free(x);
	return b;
}

static void test_lengths(void)
{
	char *b;

	b = body_line(998, "\n");
	is_check("", b, "ok", "a 998-octet body line");
	g_free(b);
	b = body_line(999, "\n");
	is_check("", b, "patch 1/2: line 8: over 998 octets (999)", "a 999-octet body line");
	g_free(b);
	b = body_line(998, "\r\n");
	is_check("", b, "ok", "998 octets and CRLF");
	g_free(b);
	b = body_line(999, "");
	is_check("", b, "patch 1/2: line 8: over 998 octets (999)", "the last line, no LF");
	g_free(b);
	{
		char *x = g_strnfill(1000, 'a'), *h = g_strdup_printf("X-Long: %s\n", x);

		is_check(h, NULL, "patch 1/2: line 7: over 998 octets (1008)", "a long header line");
		g_free(h);
		g_free(x);
	}
	{
		/* a patch whose long lines stay under the limit, one over it */
		GString *p = g_string_new("\nfix\n---\n f.c | 1 +\n\ndiff --git a/f.c b/f.c\n"
					  "--- a/f.c\n+++ b/f.c\n@@ -1 +1,2 @@\n ctx\n");
		char *x = g_strnfill(500, 'y');

		for (int i = 0; i < 20; i++)
			g_string_append_printf(p, "+%s%s\n", x, x);	/* 1001 octets */
		is_check("", p->str, "patch 1/2: line 17: over 998 octets (1001)",
			 "a patch body with 1001-octet lines");
		g_string_truncate(p, 0);
		g_string_append(p, "\nfix\n---\n+");
		g_string_append(p, x);
		g_string_append(p, "\n");
		is_check("", p->str, "ok", "a patch body with a 501-octet line");
		g_free(x);
		g_string_free(p, TRUE);
	}
}

static void test_counts(void)
{
	is_check("Message-ID: <other@example.org>\n", NULL,
		 "patch 1/2: more than one Message-ID header", "a duplicate Message-ID");
	is_check("message-id: <other@example.org>\n", NULL,
		 "patch 1/2: more than one Message-ID header", "a duplicate in lowercase");
	is_check_raw(FROM_LINE HEAD_FROM HEAD_DATE HEAD_SUBJ BODY, "patch 1/2: no Message-ID header",
		     "no Message-ID");
	is_check_raw(FROM_LINE HEAD_FROM HEAD_ID HEAD_SUBJ BODY, "patch 1/2: no Date header", "no Date");
	is_check_raw(FROM_LINE HEAD_DATE HEAD_ID HEAD_SUBJ BODY, "patch 1/2: no From header", "no From");
	is_check_raw(FROM_LINE HEAD_FROM HEAD_DATE HEAD_ID BODY, "patch 1/2: no Subject header",
		     "no Subject");
	is_check("Subject: again\n", NULL, "patch 1/2: more than one Subject header", "two Subjects");
	is_check("Cc: a@example.org\nCC: b@example.org\n", NULL, "patch 1/2: more than one Cc header",
		 "two Cc headers");
	is_check_raw(FROM_LINE HEAD_FROM HEAD_DATE "Message-ID: no-at-sign\n" HEAD_SUBJ BODY,
		     "patch 1/2: Message-ID: not <id@host>", "a Message-ID without @");
}

static void test_bytes(void)
{
	static const char t[] = FROM_LINE "A: 1\nB: 2\r\nC: 3\r\nbody\rmore\n\nlast";
	gsize n;
	char *b = wire_bytes(t, sizeof t - 1, &n);
	static const char want[] = "A: 1\r\nB: 2\r\nC: 3\r\nbody\r\nmore\r\n\r\nlast\r\n";

	is_int(n, sizeof want - 1, "wire_bytes: the length");
	is_str(b, want, "wire_bytes: From_ dropped, every line end CRLF");
	g_free(b);
	b = wire_bytes("", 0, &n);
	is_int(n, 0, "wire_bytes: nothing gives nothing");
	g_free(b);
	b = wire_bytes("X: y\n\n.\n..\n", 11, &n);
	is_str(b, "X: y\r\n\r\n.\r\n..\r\n", "wire_bytes: dots untouched (libcurl stuffs them)");
	g_free(b);
	{
		/* a mail checked, then its wire bytes check the same */
		char *m = mail("Cc: b@example.com\n", NULL), *got;

		b = wire_bytes(m, strlen(m), &n);
		got = check_len(b, n);
		is_str(got, "ok", "the wire bytes pass the check too");
		ok(!strstr(b, "From 1234"), "no From_ line on the wire");
		g_free(got);
		g_free(b);
		g_free(m);
	}
}

static void test_recipients(void)
{
	char *m = mail("Cc: Bo <bo@example.com>, LIST@example.org,\n cy@example.net\n"
		       "Bcc: dee@example.com, bo@EXAMPLE.com\n", NULL);
	char **r = wire_recipients(m, strlen(m));
	char *j = g_strjoinv(" ", r);

	is_str(j, "list@example.org bo@example.com cy@example.net dee@example.com",
	       "To, Cc, Bcc in order, once each (case-insensitively)");
	g_free(j);
	g_strfreev(r);
	g_free(m);
	r = wire_recipients(HEAD_FROM HEAD_SUBJ "\nTo: not@example.org\n",
			    strlen(HEAD_FROM HEAD_SUBJ "\nTo: not@example.org\n"));
	ok(r && !r[0], "none (a To in the body is no header)");
	g_strfreev(r);
	r = wire_recipients("To: a@example.org\n", 18);
	is_str(r[0], "a@example.org", "a header block with no body");
	g_strfreev(r);
}

static void test_message_id(void)
{
	char *m = mail("", NULL), *id = wire_message_id(m, strlen(m));

	is_str(id, "20261201-x-v1-1-abc@example.org", "the Message-ID without <>");
	g_free(id);
	g_free(m);
	id = wire_message_id("Message-Id:\n <folded@example.org>\n\n", 37);
	is_str(id, "folded@example.org", "a folded Message-Id");
	g_free(id);
	id = wire_message_id("Subject: x\n\nMessage-ID: <body@example.org>\n", 43);
	ok(id == NULL, "none in the header block");
	g_free(id);
}

int main(int argc, char **argv)
{
	g_mime_init();
	unit_init(argc, argv);
	UNIT_CASE("taken")
		test_taken();
	UNIT_CASE("injection")
		test_injection();
	UNIT_CASE("addresses")
		test_addresses();
	UNIT_CASE("eight-bit")
		test_eight_bit();
	UNIT_CASE("lengths")
		test_lengths();
	UNIT_CASE("counts")
		test_counts();
	UNIT_CASE("bytes")
		test_bytes();
	UNIT_CASE("recipients")
		test_recipients();
	UNIT_CASE("message-id")
		test_message_id();
	return done_testing();
}
