/* test-mailinfo.c - lib/mailinfo's pieces alone: Subject cleanup, From:
 * parsing, scissors and patch-break lines, and a few whole splits where
 * the decoding (RFC 2047, quoted-printable, base64, charsets) shows. */
#include "core/error.h"
#include "mail/mailinfo.h"
#include "unit.h"

#include <gmime/gmime.h>

static char *clean(const char *subject, gboolean keep_brackets)
{
	GString *s = g_string_new(subject);

	mailinfo_clean_subject(s, keep_brackets);
	return g_string_free(s, FALSE);
}

static void subject(const char *in, gboolean b, const char *want, const char *name)
{
	char *got = clean(in, b);

	is_str(got, want, name);
	g_free(got);
}

static void from(const char *in, const char *want_name, const char *want_email, const char *name)
{
	GString *n = g_string_new("stale"), *e = g_string_new("stale");
	char *label = g_strdup_printf("%s (address)", name);

	mailinfo_parse_from(in, n, e);
	is_str(n->str, want_name, name);
	is_str(e->str, want_email, label);
	g_free(label);
	g_string_free(n, TRUE);
	g_string_free(e, TRUE);
}

/* Split a mail with default options (plus -k when keep); returns the info
 * block, and the message in *msg (caller frees both). */
static char *split(const char *mail, gboolean keep, char **msg, char **problem)
{
	struct mailinfo_options o;
	struct mailinfo_result r;
	char *info;

	mailinfo_options_init(&o);
	o.keep_subject = keep;
	if (!mailinfo_split(mail, strlen(mail), &o, &r, NULL))
		return NULL;
	info = g_strdup(r.info->str);
	if (msg)
		*msg = g_strdup(r.msg->str);
	if (problem)
		*problem = g_strdup(r.problem);
	mailinfo_result_clear(&r);
	return info;
}

static void subjects(void)
{
	subject("[PATCH] fix the frobnicator", FALSE, "fix the frobnicator", "[PATCH] goes");
	subject("Re: [PATCH v3 2/7] mm: tidy", FALSE, "mm: tidy", "Re: and a numbered tag go");
	subject("re: RE: Re:x", FALSE, "x", "every leading re: goes, any case");
	subject("Re:", FALSE, "Re:", "a lone Re: stays (nothing follows it)");
	subject("[RFC] [PATCH]  two  tags", FALSE, "two tags", "all leading [...] go, blanks squeezed");
	subject("[PATCH] [other] [PATCH] message", TRUE, "[other] message", "-b keeps only the non-PATCH tag");
	subject("[other] [PATCH] message", TRUE, "[other] message", "-b: a PATCH tag after a kept one goes");
	subject("[PAT]  x", TRUE, "[PAT] x", "-b: a short tag stays");
	subject("x [PATCH] y", FALSE, "x [PATCH] y", "a tag inside the subject stays");
	subject("[PATCH unterminated", FALSE, "[PATCH unterminated", "an unclosed [ stays");
	subject(" :: lead\tand\n tab ", FALSE, "lead and tab", "colons, tabs and newlines");
	subject("", FALSE, "", "empty stays empty");
}

static void froms(void)
{
	from("A U Thor <a.u.thor@example.com>", "A U Thor", "a.u.thor@example.com", "Name <addr>");
	from("<a.u.thor@example.com> (A U Thor)", "A U Thor", "a.u.thor@example.com", "<addr> (Name)");
	from("a.u.thor@example.com (A U Thor)", "A U Thor", "a.u.thor@example.com", "addr (Name)");
	from("bare@example.com", "bare@example.com", "bare@example.com", "a bare address names itself");
	from("\"Thor, A. \\\"The\\\" U.\" <t@example.com>", "Thor, A. \"The\" U.", "t@example.com",
	     "a quoted string, escapes undone");
	from("A (zzz) U Thor <a@example.com> (Comment)", "A (zzz) U Thor (Comment)", "a@example.com",
	     "comments stay in the name");
	from("Kim <kim>", "Kim", "kim", "no '@': <...> still the address");
	from("nobody at all", "", "", "no address at all: both empty");
	from("x@y.org, z@w.org", "x@y.org,", "x@y.org,", "a list: the first word with '@'");
	from("Ab <a@example.com>", "Ab", "a@example.com", "a two-letter name is a name");
	from("bob \"unterminated smith <bob@example.com>", "bob unterminated smith", "bob@example.com",
	     "an unterminated quoted string");
	from("bob (unterminated smith <bob@example.com>", "bob (unterminated smith", "bob@example.com",
	     "an unterminated comment");
	from("1234567890123456789012345678901234567890123456789012345678901 <long@example.com>",
	     "long@example.com", "long@example.com", "a name over 60 bytes gives way to the address");
}

static void lines(void)
{
	ok(mailinfo_is_scissors_line("-- >8 --\n"), "-- >8 -- is a scissors line");
	ok(mailinfo_is_scissors_line("------ 8< ------ cut here\n"), "with cut here after it");
	ok(mailinfo_is_scissors_line("%< ------------\n"), "%< too");
	ok(!mailinfo_is_scissors_line("-- >8\n"), "too short");
	ok(!mailinfo_is_scissors_line("--------\n"), "dashes without a mark");
	ok(!mailinfo_is_scissors_line("please cut here: >8 -\n"), "mostly words");
	ok(mailinfo_is_scissors_line("- - - - >8 - - - -\n"), "spaced dashes still are");
	ok(!mailinfo_is_scissors_line("-  -  -  >8  -  -  -\n"), "blanks over half of the perforation");

	ok(mailinfo_is_patch_break("---\n", 4), "--- alone breaks");
	ok(mailinfo_is_patch_break("--- \t\r\n", 7), "--- and blanks break");
	ok(mailinfo_is_patch_break("--- a/file.c\n", 13), "--- file breaks");
	ok(mailinfo_is_patch_break("diff --git a/x b/x\n", 19), "diff - breaks");
	ok(mailinfo_is_patch_break("Index: x\n", 9), "Index: breaks");
	ok(!mailinfo_is_patch_break("---", 3), "--- with no newline at the end does not");
	ok(!mailinfo_is_patch_break("----\n", 5), "four dashes do not");
	ok(!mailinfo_is_patch_break("---x\n", 5), "---x does not");
	ok(!mailinfo_is_patch_break("-- \n", 4), "the signature line does not");
}

static void splits(void)
{
	char *msg = NULL, *problem = NULL, *info;
	struct mailinfo_options o;
	struct mailinfo_result r;
	GError *e = NULL;

	info = split("From: =?UTF-8?q?Zo=C3=AB?= Zed <zz@example.org>\n"
		     "Subject: =?ISO-8859-1?Q?Caf=E9?=  =?ISO-8859-15?B?pA==?= [PATCH]\n"
		     "Date: Tue, 2 Dec 2025 10:00:00 +0000\n\nbody\n", FALSE, &msg, NULL);
	is_str(info, "Author: Zo\xc3\xab Zed\nEmail: zz@example.org\n"
		     "Subject: Caf\xc3\xa9\xe2\x82\xac [PATCH]\n"
		     "Date: Tue, 2 Dec 2025 10:00:00 +0000\n\n",
	       "RFC 2047 words decoded to UTF-8, blanks between words dropped");
	is_str(msg, "body\n", "the body is the message");
	g_free(info);
	g_free(msg);

	info = split("Subject: one=?utf-8?q?=0A?=two\n\nx\n", TRUE, NULL, NULL);
	is_str(info, "Subject: one\nSubject: two\n\n", "-k: a newline in the Subject gives two lines");
	g_free(info);

	info = split("From: A <a@example.org>\nContent-Transfer-Encoding: quoted-printable\n"
		     "Content-Type: text/plain; charset=iso-8859-1\n\n"
		     "soft=\n break, caf=E9, =3D and =\r\nkept\n", FALSE, &msg, NULL);
	is_str(msg, "soft break, caf\xc3\xa9, = and =\r\nkept\n",
	       "quoted-printable: soft break, escapes, '=' before CRLF kept as git does");
	g_free(info);
	g_free(msg);

	info = split("From: A <a@example.org>\nContent-Transfer-Encoding: base64\n\n"
		     "aGVs\nbG8g\nd29y=bGQK\n", FALSE, &msg, NULL);
	is_str(msg, "hello world\n", "base64 line by line, '=' skipped as git skips it");
	g_free(info);
	g_free(msg);

	info = split("From: A <a@example.org>\nSubject: =?x-no-such-charset?q?a?=\n\nb\n", FALSE, &msg,
		     &problem);
	is_str(info, "Author: A\nEmail: a@example.org\nSubject: =?x-no-such-charset?q?a?=\n\n",
	       "an unknown charset leaves the header undecoded");
	ok(problem && strstr(problem, "x-no-such-charset"), "and is the problem");
	is_str(msg, "", "the body is not read after it (as git)");
	g_free(info);
	g_free(msg);
	g_free(problem);

	mailinfo_options_init(&o);
	ok(!mailinfo_split(" \n\n", 3, &o, &r, &e) && e && e->code == QUILL_ERROR_INPUT,
	   "a blank input is refused as bad input");
	g_clear_error(&e);
	ok(!mailinfo_split("hello\nworld\n", 12, &o, &r, &e) && e && e->code == QUILL_ERROR_INPUT,
	   "text without a header is not mail");
	g_clear_error(&e);
}

int main(void)
{
	g_mime_init();
	subjects();
	froms();
	lines();
	splits();
	return done_testing();
}
