/* test-message-body.c - lib/message-body: decoding through GMime, format=flowed,
 * line kinds, attachments, broken MIME, message_check. */
#include "mail/message-body.h"
#include "unit.h"

#include <gmime/gmime.h>
#include <stdarg.h>

/* The warnings of the last message decoded (char *), as its warn_fn got them. */
static GPtrArray *warnings;

static void collect(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void collect(void *payload, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	g_ptr_array_add(payload, g_strdup_vprintf(fmt, ap));
	va_end(ap);
}

/* message_body_decode with the warnings collected anew into `warnings`. */
static struct message_body *decode_message(const struct message *m)
{
	g_ptr_array_set_size(warnings, 0);
	return message_body_decode(m, collect, warnings, NULL);
}

static struct message_body *decode(const char *raw)
{
	struct message *m = message_parse(raw, strlen(raw));
	struct message_body *b = decode_message(m);

	message_free(m);
	return b;
}

/* One letter per line: O own, B blank, Q quoted, S signature, P patch, T trailer. */
static char *kinds(const struct message_body *b)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < b->lines->len; i++)
		g_string_append_c(s, "OBQSPT"[g_array_index(b->lines, struct message_line, i).kind]);
	return g_string_free(s, FALSE);
}

static void is_kinds(const struct message_body *b, const char *want, const char *name)
{
	char *k = kinds(b);

	is_str(k, want, name);
	g_free(k);
}

static char *depths(const struct message_body *b)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < b->lines->len; i++)
		g_string_append_printf(s, "%u", g_array_index(b->lines, struct message_line, i).depth);
	return g_string_free(s, FALSE);
}

/* Whether a warning about the last message decoded holds `part`. */
static int has_warning(const char *part)
{
	for (guint i = 0; i < warnings->len; i++)
		if (strstr(g_ptr_array_index(warnings, i), part))
			return 1;
	return 0;
}

static void dump_warnings(void)
{
	for (guint i = 0; i < warnings->len; i++)
		printf("#   warning: %s\n", (char *)g_ptr_array_index(warnings, i));
}

#define HDR "From: Ann Example <ann@example.org>\nSubject: test\nMIME-Version: 1.0\n"

static void check_text(const char *raw, const char *want, const char *name)
{
	struct message_body *b = decode(raw);

	is_str(b->text, want, name);
	if (strcmp(b->text, want))
		dump_warnings();
	message_body_free(b);
}

static void charsets(void)
{
	struct message_body *b;

	check_text(HDR "Content-Type: text/plain; charset=iso-8859-1\n"
		   "Content-Transfer-Encoding: quoted-printable\n\n"
		   "Caf=E9 cr=E8me, a soft=\n line break\n",
		   "Café crème, a soft line break\n", "quoted-printable, ISO-8859-1");
	check_text(HDR "Content-Type: text/plain; charset=utf-8\n"
		   "Content-Transfer-Encoding: base64\n\n"
		   "Wm/DqyB3cm90ZSB0aGlzLgpTZWNvbmQgbGluZSDDvG7Dr2NvZGUuCg==\n",
		   "Zoë wrote this.\nSecond line ünïcode.\n", "base64, UTF-8");
	check_text(HDR "Content-Type: text/plain; charset=KOI8-R\n"
		   "Content-Transfer-Encoding: 8bit\n\n"
		   "\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2\n",
		   "Привет, мир\n", "KOI8-R");
	check_text(HDR "Content-Type: text/plain; charset=ISO-2022-JP\n"
		   "Content-Transfer-Encoding: 7bit\n\n"
		   "\x1b$BF|K\\8l$N%F%-%9%H\x1b(B\n",
		   "日本語のテキスト\n", "ISO-2022-JP (stateful, 7-bit)");
	check_text(HDR "Content-Type: text/plain; charset=windows-1252\n"
		   "Content-Transfer-Encoding: 8bit\n\n"
		   "\x93quoted\x94 \x96 \x80" "5\n",
		   "“quoted” – €5\n", "windows-1252");
	check_text(HDR "Content-Type: text/plain; charset=\"iso-8859-15\"\n"
		   "Content-Transfer-Encoding: quoted-printable\n\n"
		   "Gr=FC=DFe =A4\n",
		   "Grüße €\n", "ISO-8859-15, quoted charset parameter");
	check_text("Subject: no MIME at all\n\nplain words\n", "plain words\n",
		   "no MIME headers: text/plain us-ascii");

	b = decode(HDR "Content-Type: text/plain; charset=us-ascii\n\n"
		   "d\xe9j\xe0 vu, sent as 8 bits under us-ascii\n");
	ok(g_utf8_validate(b->text, -1, NULL) && strstr(b->text, "vu, sent") &&
	   has_warning("decoded by guess"), "8-bit text under a wrong charset: guessed, with a warning");
	message_body_free(b);

	b = decode(HDR "Content-Type: text/plain; charset=x-no-such-charset\n\nplain ascii\n");
	is_str(b->text, "plain ascii\n", "unknown charset: the text as it is");
	ok(has_warning("unknown charset 'x-no-such-charset'"), "unknown charset: a warning naming it");
	message_body_free(b);

	b = decode(HDR "Content-Type: text/plain; charset=ISO-2022-JP\n\n\x1b$B\xff\xfe\x1b(B ok\n");
	ok(g_utf8_validate(b->text, -1, NULL) && strstr(b->text, " ok\n") &&
	   has_warning("not in charset 'ISO-2022-JP'"), "bytes not in the charset: replaced, warned");
	message_body_free(b);
}

static void line_ends(void)
{
	struct message_body *b;
	static const char crlf[] =
		"From: Ann <ann@example.org>\r\nSubject: crlf\r\n"
		"Content-Type: text/plain; charset=utf-8\r\n\r\n"
		"line one\r\nline two\r\n> quoted\r\n";

	check_text(crlf, "line one\nline two\n> quoted\n", "CRLF to LF");
	b = decode(crlf);
	is_kinds(b, "OOQ", "CRLF lines classify like LF ones");
	message_body_free(b);
	check_text(HDR "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n"
		   "b25lDQp0d28NCg==\n", "one\ntwo\n", "CRLF inside base64 too");
	b = decode(HDR "\nbefore\x01 NUL? no: control bytes stay\n");
	ok(strstr(b->text, "\x01") != NULL, "control bytes other than NUL are kept");
	message_body_free(b);
	{
		static const char nul[] = HDR "\nbefore\0after\n";
		struct message *m = message_parse(nul, sizeof nul - 1);
		b = decode_message(m);
		is_str(b->text, "before\xef\xbf\xbd" "after\n", "a NUL byte becomes U+FFFD");
		ok(has_warning("NUL"), "and is warned about");
		message_body_free(b);
		message_free(m);
	}
}

static void flowed(void)
{
	char *s;
	gsize n;

	check_text(HDR "Content-Type: text/plain; charset=utf-8; format=flowed\n\n"
		   "This paragraph was \nsoft-broken by the \nmailer.\n"
		   "A hard line.\n"
		   " >not a quote, space-stuffed\n"
		   "> quoted and \n> flowed\n"
		   ">> deeper \n>> still\n"
		   "-- \nsig line\n",
		   "This paragraph was soft-broken by the mailer.\nA hard line.\n"
		   ">not a quote, space-stuffed\n> quoted and flowed\n>> deeper still\n-- \nsig line\n",
		   "format=flowed: joined, unstuffed, quotes kept, '-- ' never joined");
	check_text(HDR "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\n\n"
		   "Japa nese has no spa \nces between wor \nds.\n",
		   "Japa nese has no spaces between words.\n", "DelSp=yes deletes the space of a soft break");
	check_text(HDR "Content-Type: text/plain; charset=utf-8\n\n"
		   "trailing space \nis not flowed here\n",
		   "trailing space \nis not flowed here\n", "without format=flowed nothing is joined");
	s = message_unflow("a \n> b\n", 7, FALSE, &n);
	is_str(s, "a \n> b\n", "a quote level change ends a flowed paragraph");
	g_free(s);
	s = message_unflow("end \nno newline", 15, FALSE, &n);
	is_str(s, "end no newline", "the last line without a newline stays so");
	g_free(s);
	{
		struct message_body *b = decode(HDR "Content-Type: text/plain; format=flowed\n\nx \ny\n");
		ok(b->flowed, "->flowed says a part was joined");
		message_body_free(b);
	}
}

static void multiparts(void)
{
	struct message_body *b;
	struct message_attachment *a;

	b = decode(HDR "Content-Type: multipart/alternative; boundary=\"b1\"\n\n"
		   "--b1\nContent-Type: text/html; charset=utf-8\n\n<p>the html</p>\n"
		   "--b1\nContent-Type: text/plain; charset=utf-8\n\nthe plain text\n"
		   "--b1--\n");
	is_str(b->text, "the plain text\n", "alternative: text/plain preferred, whatever the order");
	is_int(b->attachments->len, 0, "the other alternative is no attachment");
	ok(!b->html, "->html unset");
	message_body_free(b);

	b = decode(HDR "Content-Type: multipart/alternative; boundary=b1\n\n"
		   "--b1\nContent-Type: text/html\n\n<p>only html</p>\n--b1--\n");
	ok(b->html && strstr(b->text, "<p>only html</p>") && has_warning("no text/plain"),
	   "html only: its source, ->html set, a warning");
	message_body_free(b);

	b = decode(HDR "Content-Type: multipart/mixed; boundary=\"=-mix\"\n\n"
		   "preamble is not text\n"
		   "--=-mix\nContent-Type: multipart/alternative; boundary=alt\n\n"
		   "--alt\nContent-Type: text/plain; charset=iso-8859-1\n"
		   "Content-Transfer-Encoding: quoted-printable\n\nfirst part caf=E9\n"
		   "--alt\nContent-Type: text/html\n\n<b>x</b>\n--alt--\n"
		   "--=-mix\nContent-Type: application/octet-stream\n"
		   "Content-Disposition: attachment; filename=\"hello.bin\"\n"
		   "Content-Transfer-Encoding: base64\n\naGVsbG8=\n"
		   "--=-mix\nContent-Type: text/plain; name=\"0001-fix.patch\"\n"
		   "Content-Disposition: attachment; filename*=utf-8''0001-fix-%C3%A9.patch\n\n"
		   "diff --git a/x b/x\n"
		   "--=-mix\nContent-Type: text/plain\n\nsecond text part\n"
		   "--=-mix--\nepilogue\n");
	is_str(b->text, "first part café\nsecond text part\n", "mixed: the text/plain parts, in order");
	is_int(b->attachments->len, 2, "two attachments");
	a = &g_array_index(b->attachments, struct message_attachment, 0);
	ok(a->filename && !strcmp(a->filename, "hello.bin") && !strcmp(a->content_type, "application/octet-stream") &&
	   a->size == 5, "attachment: name, type, decoded size");
	a = &g_array_index(b->attachments, struct message_attachment, 1);
	is_str(a->filename, "0001-fix-é.patch", "a text/plain attachment: listed, RFC 2231 name decoded");
	ok(!strstr(b->text, "diff --git"), "and not decoded into the text");
	message_body_free(b);

	b = decode(HDR "Content-Type: multipart/signed; boundary=s; protocol=\"application/pgp-signature\"\n\n"
		   "--s\nContent-Type: text/plain\n\nsigned words\n"
		   "--s\nContent-Type: application/pgp-signature; name=signature.asc\n\n"
		   "-----BEGIN PGP SIGNATURE-----\nxx\n-----END PGP SIGNATURE-----\n--s--\n");
	ok(!strcmp(b->text, "signed words\n") && b->attachments->len == 1 &&
	   !strcmp(g_array_index(b->attachments, struct message_attachment, 0).content_type,
		   "application/pgp-signature"), "multipart/signed: the text, the signature as attachment");
	message_body_free(b);

	b = decode(HDR "Content-Type: multipart/mixed; boundary=m\n\n"
		   "--m\nContent-Type: text/plain\n\nsee the forward\n"
		   "--m\nContent-Type: message/rfc822\n\nSubject: inner\n\ninner body\n--m--\n");
	ok(!strcmp(b->text, "see the forward\n") && b->attachments->len == 1 &&
	   !strcmp(g_array_index(b->attachments, struct message_attachment, 0).content_type,
		   "message/rfc822") &&
	   g_array_index(b->attachments, struct message_attachment, 0).size > 0,
	   "a forwarded message is an attachment, not text");
	message_body_free(b);

	b = decode(HDR "Content-Type: application/pdf\nContent-Transfer-Encoding: base64\n\naGVsbG8=\n");
	ok(b->text_len == 0 && b->attachments->len == 1 && has_warning("no text part"),
	   "a message that is one attachment: no text, a warning");
	message_body_free(b);
}

static void broken(void)
{
	struct message_body *b;

	b = decode(HDR "Content-Type: multipart/mixed\n\nno boundary here\n");
	ok(b && warnings->len > 0, "multipart without a boundary: a warning");
	dump_warnings();
	message_body_free(b);

	b = decode(HDR "Content-Type: multipart/mixed; boundary=never\n\ntext before\n--other\nmore\n");
	ok(b != NULL, "a boundary that never comes: no crash");
	dump_warnings();
	message_body_free(b);

	b = decode(HDR "Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\ncut off in the middle");
	is_str(b->text, "cut off in the middle\n", "a multipart cut short: what there is");
	message_body_free(b);

	b = decode(HDR "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\nWm/Dq!!!yB3c***");
	ok(b && g_utf8_validate(b->text, -1, NULL), "broken base64: valid UTF-8 out");
	message_body_free(b);

	b = decode(HDR "Content-Type: text/plain; charset=utf-8\n\nbad \xc3\x28 utf-8 \xff\n");
	ok(g_utf8_validate(b->text, -1, NULL) && strstr(b->text, "utf-8") && warnings->len,
	   "invalid UTF-8 under charset=utf-8: fixed, warned");
	message_body_free(b);

	b = decode("Subject: cut mid-hea");
	ok(b && b->text_len == 0 && has_warning("header block never ends"), "a header cut short");
	message_body_free(b);

	b = decode("");
	ok(b && b->text_len == 0 && b->lines->len == 0, "an empty message");
	message_body_free(b);

	{
		GString *deep = g_string_new(HDR);
		for (int i = 0; i < 200; i++)
			g_string_append_printf(deep, "Content-Type: multipart/mixed; boundary=d%d\n\n--d%d\n", i, i);
		g_string_append(deep, "Content-Type: text/plain\n\ndeep down\n");
		b = decode(deep->str);
		ok(b != NULL && warnings->len > 0, "parts nested 200 deep: no crash, a warning");
		message_body_free(b);
		g_string_free(deep, TRUE);
	}
}

static void line_kinds(void)
{
	struct message_body *b;
	char *k;

	b = decode(HDR "\n"
		   "On Mon, Bob wrote:\n"		/* O */
		   "> first level\n"			/* Q1 */
		   "> > second, spaced\n"		/* Q2 */
		   ">> second, packed\n"		/* Q2 */
		   "> >> third\n"			/* Q3 */
		   ">\n"				/* Q1 */
		   "\n"					/* B */
		   "My answer.\n"			/* O */
		   "\n"					/* B */
		   "Reviewed-by: Ann Example <ann@example.org>\n"	/* T */
		   "Tested-by: Ann Example\n"		/* T */
		   "  <ann@example.org>\n"		/* T (continuation) */
		   "\n"					/* B */
		   "-- \n"				/* S */
		   "Ann\n"				/* S */
		   "\n");				/* S */
	k = kinds(b);
	is_str(k, "OQQQQQBOBTTTBSSS", "own, quoted, blank, trailers, signature");
	g_free(k);
	k = depths(b);
	is_str(k, "0122310000000000", "quote depths");
	g_free(k);
	message_body_free(b);

	b = decode(HDR "\n"
		   "mm: fix the thing\n\n"
		   "Longer explanation: with a colon, but prose.\n\n"
		   "Signed-off-by: Ann Example <ann@example.org>\n"
		   "---\n"
		   " x.c | 2 +-\n"
		   " 1 file changed\n"
		   "\n"
		   "diff --git a/x.c b/x.c\n"
		   "index 1111111..2222222 100644\n"
		   "--- a/x.c\n"
		   "+++ b/x.c\n"
		   "@@ -1,2 +1,2 @@\n"
		   " ctx\n"
		   "-- \n"				/* a removed line "- ", not a signature */
		   "+new\n"
		   "-- \n"				/* the signature */
		   "2.39.5\n");
	k = kinds(b);
	is_str(k, "OBOBTPPPPPPPPPPPPSS", "a patch mail: trailer before ---, the patch, '-- ' in a hunk is patch");
	g_free(k);
	message_body_free(b);

	b = decode(HDR "\n"
		   "Thanks.\n\n"
		   "> diff --git a/x b/x\n"
		   "> --- a/x\n"
		   "> +++ b/x\n"
		   "\n"
		   "Reviewed-by: Ann <ann@example.org>\n");
	is_kinds(b, "OBQQQBT", "a quoted patch is quoted, not patch");
	message_body_free(b);

	b = decode(HDR "\nfix\n\nIndex: lib/x.c\n===================\n--- lib/x.c\n+++ lib/x.c\n");
	is_kinds(b, "OBPPPP", "an Index: patch");
	message_body_free(b);

	b = decode(HDR "\nfix\n--- x.c.orig\n+++ x.c\n@@ -1 +1 @@\n-a\n+b\n");
	is_kinds(b, "OPPPPP", "--- and +++ without diff --git");
	message_body_free(b);

	b = decode(HDR "\nA list:\n---\nnot a patch, no diff follows\n");
	is_kinds(b, "OOO", "'---' with no diff after it is own text");
	message_body_free(b);

	b = decode(HDR "\nThanks for the patch.\nNote: this is prose\n");
	is_kinds(b, "OO", "a paragraph that is not all trailers, no Signed-off-by: no trailers");
	message_body_free(b);

	b = decode(HDR "\nWhat it does.\n\nLink: https://example.org/x\nSigned-off-by: A <a@example.org>\n"
		   "Changes the frobnicator\n");
	is_kinds(b, "OBTTO", "a quarter of trailer lines with a Signed-off-by: those lines are trailers");
	message_body_free(b);

	b = decode(HDR "\n> only a quote\n");
	is_kinds(b, "Q", "no trailers in a quote");
	message_body_free(b);

	is_str(message_line_kind_name(MESSAGE_LINE_TRAILER), "trailer", "kind names");
}

static void checks(void)
{
	static const struct {
		const char *raw;
		const char *want;	/* a substring of a problem, or NULL for none */
		gboolean not_mail;
	} cases[] = {
		{ "Subject: fine\n\nbody\n", NULL, FALSE },
		{ "", "empty", TRUE },
		{ "\x89PNG\r\n\x1a\n\x00\x00", "not a mail", TRUE },
		{ "Subject: cut", "never ends", FALSE },
		{ "Subject: x\nthis line is not a header\n", "no blank line", FALSE },
		{ "Subject: x\r\n\r\nbody\r\n", NULL, FALSE },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		gsize len = strlen(cases[i].raw);
		struct message *m = message_parse(cases[i].raw, len);
		gboolean not_mail;
		GPtrArray *w = message_check(m, &not_mail);
		char *name = g_strdup_printf("message_check %zu: %s", i, cases[i].want ? cases[i].want : "fine");

		if (cases[i].want)
			ok(w->len == 1 && strstr(g_ptr_array_index(w, 0), cases[i].want) &&
			   not_mail == cases[i].not_mail, name);
		else
			ok(w->len == 0 && !not_mail, name);
		g_free(name);
		g_ptr_array_unref(w);
		message_free(m);
	}
	{
		GString *s = g_string_new("Subject: ");
		struct message *m;
		gboolean not_mail;
		GPtrArray *w;

		for (int i = 0; i < 100000; i++)
			g_string_append(s, "long ");
		g_string_append_len(s, "\n\nbody\0with a NUL\n", 18);
		m = message_parse(s->str, s->len);
		w = message_check(m, &not_mail);
		ok(w->len == 2 && strstr(g_ptr_array_index(w, 0), "header line of 500009 bytes") &&
		   strstr(g_ptr_array_index(w, 1), "NUL"), "a long header line and a NUL byte");
		g_ptr_array_unref(w);
		message_free(m);
		g_string_free(s, TRUE);
	}
}

/* A multipart message of n text parts, each in a charset nobody knows:
 * n warnings (caller owns). */
static char *unknown_charsets(int n)
{
	GString *s = g_string_new(HDR "Content-Type: multipart/mixed; boundary=b\n\n");

	for (int i = 0; i < n; i++)
		g_string_append_printf(s, "--b\nContent-Type: text/plain; charset=x-none-%d\n\npart %d\n",
				       i, i);
	g_string_append(s, "--b--\n");
	return g_string_free(s, FALSE);
}

/* Warnings about one thing say so in the singular. */
static void plurals(void)
{
	static const char one[] = HDR "\nbefore\0after\n", two[] = HDR "\none\0two\0three\n";
	struct message *m;
	struct message_body *b;
	GPtrArray *w;
	gboolean not_mail;
	char *raw;

	m = message_parse(one, sizeof one - 1);
	b = decode_message(m);
	ok(warnings->len == 1 && !strcmp(g_ptr_array_index(warnings, 0),
					 "text: a NUL byte in the text, replaced"), "one NUL byte in the text: a NUL byte");
	dump_warnings();
	message_body_free(b);
	w = message_check(m, &not_mail);
	ok(w->len == 1 && !strcmp(g_ptr_array_index(w, 0), "a NUL byte in the message (at byte 75)"),
	   "message_check: one NUL byte");
	if (w->len)
		printf("#   %s\n", (char *)g_ptr_array_index(w, 0));
	g_ptr_array_unref(w);
	message_free(m);

	m = message_parse(two, sizeof two - 1);
	b = decode_message(m);
	ok(warnings->len == 1 && !strcmp(g_ptr_array_index(warnings, 0),
					 "text: NUL bytes in the text, replaced"), "two NUL bytes in the text: NUL bytes");
	dump_warnings();
	message_body_free(b);
	w = message_check(m, &not_mail);
	ok(w->len == 1 && !strcmp(g_ptr_array_index(w, 0), "NUL bytes in the message (the first at byte 72)"),
	   "message_check: two NUL bytes");
	if (w->len)
		printf("#   %s\n", (char *)g_ptr_array_index(w, 0));
	g_ptr_array_unref(w);
	message_free(m);

	raw = unknown_charsets(20);
	message_body_free(decode(raw));
	ok(warnings->len == 20 && strstr(g_ptr_array_index(warnings, 19), "x-none-19"),
	   "20 problems: all listed");
	g_free(raw);
	raw = unknown_charsets(21);
	message_body_free(decode(raw));
	ok(warnings->len == 21 && !strcmp(g_ptr_array_index(warnings, 20), "one more problem not listed"),
	   "21 problems: 20, then one more not listed");
	g_free(raw);
	raw = unknown_charsets(30);
	message_body_free(decode(raw));
	ok(warnings->len == 21 && !strcmp(g_ptr_array_index(warnings, 20), "more problems not listed"),
	   "30 problems: 20, then more not listed");
	dump_warnings();
	g_free(raw);
}

int main(void)
{
	g_mime_init();
	warnings = g_ptr_array_new_with_free_func(g_free);
	charsets();
	line_ends();
	flowed();
	multiparts();
	broken();
	line_kinds();
	checks();
	plurals();
	g_ptr_array_unref(warnings);
	g_mime_shutdown();
	return done_testing();
}
