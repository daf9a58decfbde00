/* test-email.c - lib/email: file names, Message-IDs, headers and bodies. */
#include "series/email.h"

#include <git2.h>
#include <gmime/gmime.h>
#include <string.h>

#include "unit.h"

/* The value of header `name` in `mail`, unfolded (caller owns), or NULL. */
static char *header(const char *mail, const char *name)
{
	char *pat = g_strdup_printf("\n%s: ", name);
	const char *p = strstr(mail, pat), *end;
	GString *v;

	g_free(pat);
	if (!p)
		return NULL;
	p += strlen(name) + 3;
	v = g_string_new(NULL);
	for (;;) {
		end = strchr(p, '\n');
		g_string_append_len(v, p, end - p);
		if (end[1] != ' ' && end[1] != '\t')
			break;
		p = end + 1;
	}
	return g_string_free(v, FALSE);
}

static int max_line(const char *text, const char *stop)
{
	int max = 0;
	const char *end = strstr(text, stop);

	for (const char *p = text; p < end;) {
		const char *nl = strchr(p, '\n');
		if ((int)(nl - p) > max)
			max = (int)(nl - p);
		p = nl + 1;
	}
	return max;
}

static struct commit_patch *fake_patch(const char *name, const char *email, const char *subject,
				       const char *body)
{
	struct commit_patch *p = g_new0(struct commit_patch, 1);

	git_oid_fromstr(&p->oid, "0123456789abcdef0123456789abcdef01234567");
	p->subject = g_strdup(subject);
	p->body = g_strdup(body);
	p->author_name = g_strdup(name);
	p->author_email = g_strdup(email);
	p->diffstat = g_strdup(" a.c | 1 +\n 1 file changed, 1 insertion(+)\n");
	p->diff = g_strdup("diff --git a/a.c b/a.c\n--- a/a.c\n+++ b/a.c\n@@ -1 +1,2 @@\n a\n+b\n");
	return p;
}

/* email_file_name: what git format-patch names the files */
static void test_file_names(void)
{
	char *s;

	s = email_file_name(0, "whatever");
	is_str(s, "0000-cover-letter.patch", "the cover is 0000-cover-letter.patch");
	g_free(s);
	s = email_file_name(1, "zone: add a frob");
	is_str(s, "0001-zone-add-a-frob.patch", "punctuation and spaces become one dash");
	g_free(s);
	s = email_file_name(12, "mm/memory: don't  [leak]... the 'pte' (again)!");
	is_str(s, "0012-mm-memory-don-t-leak-.-the-pte-again.patch",
	       "runs of dots collapse, trailing punctuation goes");
	g_free(s);
	s = email_file_name(3, "zone: a very long subject, with punctuation... that goes on (and on) "
			       "-- past the limit");
	/* what git format-patch 2.39 named this subject */
	is_str(s, "0003-zone-a-very-long-subject-with-punctuation.-that-goes.patch",
	       "a long subject is cut to 57 characters before .patch");
	is_int(strlen(s), 57 + 6, "57 + \".patch\"");
	g_free(s);
	s = email_file_name(7, "x: 1234567890123456789012345678901234567890123456789 9");
	/* git format-patch 2.39 named this "0001-x-123...789-.patch" */
	is_str(s, "0007-x-1234567890123456789012345678901234567890123456789-.patch",
	       "the cut may leave a trailing dash, as git's does");
	g_free(s);
	s = email_file_name(2, "Ünïcødé names");
	is_str(s, "0002-n-c-d-names.patch", "non-ASCII bytes are not title characters");
	g_free(s);
}

/* email_message_id: b4's shape */
static void test_message_ids(void)
{
	char *s, *h;

	s = email_message_id("20251130-zone-init-0123456789ab", 2, 3, 1764583200, "seed",
			     "Ada Author <ada@mail.example.org>");
	ok(g_regex_match_simple("^20251201-zone-init-v2-3-[0-9a-f]{12}@mail\\.example\\.org$", s, 0,
				0),
	   "b4's shape: date of sending, change-id middle, vN, index, 12 hex, sender's domain");
	h = email_message_id("20251130-zone-init-0123456789ab", 2, 3, 1764583200, "seed",
			     "Ada Author <ada@mail.example.org>");
	is_str(h, s, "the same inputs give the same id");
	g_free(h);
	h = email_message_id("20251130-zone-init-0123456789ab", 2, 3, 1764583200, "other seed",
			     "Ada Author <ada@mail.example.org>");
	ok(strcmp(h, s) != 0, "another seed gives another id");
	g_free(h);
	h = email_message_id("20251130-zone-init-0123456789ab", 2, 0, 1764583200, "seed",
			     "Ada Author <ada@mail.example.org>");
	ok(strcmp(h, s) != 0 && strstr(h, "-v2-0-"), "the cover is index 0");
	g_free(h);
	g_free(s);
	s = email_message_id("odd id", 1, 1, 0, "x", "nobody");
	ok(g_regex_match_simple("^19700101-odd id-v1-1-[0-9a-f]{12}@localhost$", s, 0, 0),
	   "another change-id shape is used whole; no address gives localhost");
	g_free(s);
}

/* email_patch: a patch mail, 8-bit and ASCII */
static void test_patch(void)
{
	char *s, *h;
	struct commit_patch *p;
	struct email_opts o = { 0 };

	p = fake_patch("Zoë Ærø", "zoe@example.net",
		       "zone: teach the frobnicator about Ünïcødé names, and then a long tail "
		       "that runs on past the seventy-eight columns of a header line",
		       "Körper.\n\nSigned-off-by: Zoë Ærø <zoe@example.net>\n");
	o.subject_prefix = "[PATCH v2 1/3]";
	o.sender = "Ëvä Sendér <eva@example.com>";
	o.msgid = "id-1@example.com";
	o.in_reply_to = "id-0@example.com";
	o.references = "id-0@example.com";
	o.date = 1764583201;
	o.signature = "quill test";
	s = email_patch(p, &o);
	ok(g_str_has_prefix(s, "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001\n"),
	   "the mbox From line names the commit");
	h = header(s, "From");
	is_str(h, "=?UTF-8?b?w4t2w6QgU2VuZMOpcg==?= <eva@example.com>",
	       "From: the sender, RFC 2047 encoded as UTF-8");
	{
		char *dec = g_mime_utils_header_decode_text(NULL, h);
		is_str(dec, "Ëvä Sendér <eva@example.com>", "and it decodes back");
		g_free(dec);
	}
	g_free(h);
	h = header(s, "Subject");
	ok(h && strstr(h, "=?UTF-8?") && !strstr(h, "Ü"), "Subject: encoded, no raw 8-bit");
	{
		char *dec = g_mime_utils_header_decode_text(NULL, h);
		is_str(dec,
		       "[PATCH v2 1/3] zone: teach the frobnicator about Ünïcødé names, and then a "
		       "long tail that runs on past the seventy-eight columns of a header line",
		       "the unfolded Subject decodes to prefix and subject");
		g_free(dec);
	}
	g_free(h);
	ok(max_line(s, "\n\n") <= 78, "header lines are folded to 78 columns");
	ok(strstr(s, "\nIn-Reply-To: <id-0@example.com>\n") &&
		   strstr(s, "\nReferences: <id-0@example.com>\n"),
	   "threaded under the cover");
	ok(strstr(s, "\nContent-Type: text/plain; charset=UTF-8\n") &&
		   strstr(s, "\nContent-Transfer-Encoding: 8bit\n"),
	   "a non-ASCII body gets the MIME headers");
	ok(strstr(s, "\n\nFrom: Zoë Ærø <zoe@example.net>\n\nKörper.\n"),
	   "the in-body From opens the body");
	ok(g_str_has_suffix(s, "zoe@example.net>\n---\n a.c | 1 +\n 1 file changed, 1 insertion(+)\n\n"
			       "diff --git a/a.c b/a.c\n--- a/a.c\n+++ b/a.c\n@@ -1 +1,2 @@\n a\n+b\n"
			       "-- \nquill test\n\n"),
	   "body, ---, diffstat, blank, diff, signature");
	g_free(s);
	commit_patch_free(p);

	/* ASCII, author = sender, below-cut text and footer (a one-patch series) */
	p = fake_patch("Ada Author", "ada@example.org", "zone: fix", "");
	memset(&o, 0, sizeof o);
	o.subject_prefix = "[PATCH]";
	o.sender = "Ada Author <ADA@example.org>";
	o.msgid = "id-1@example.org";
	o.date = 0;
	o.change_id = "20251201-zone-0123456789ab";
	o.below_cut = "Why this matters.\n\n";
	o.footer = "base-commit: abc\nchange-id: 20251201-zone-0123456789ab\n";
	o.signature = "quill test";
	char *to[] = { "Ünï List <list@example.org>", "b@example.org", NULL };
	o.to = to;
	s = email_patch(p, &o);
	ok(!strstr(s, "MIME-Version") && !strstr(s, "\nFrom: Ada Author <ada@example.org>\n\n"),
	   "ASCII: no MIME headers; the sender is the author: no in-body From");
	h = header(s, "To");
	ok(h && g_str_has_prefix(h, "=?UTF-8?") && !strstr(h, "\xc3"), "To: display names encoded");
	{
		char *dec = h ? g_mime_utils_header_decode_text(NULL, h) : NULL;
		is_str(dec, "Ünï List <list@example.org>, b@example.org", "and they decode back");
		g_free(dec);
	}
	g_free(h);
	ok(strstr(s, "\nSubject: [PATCH] zone: fix\n") && strstr(s, "\nX-Change-ID: 20251201-zone-"),
	   "subject without counter, X-Change-ID");
	ok(strstr(s, "\nDate: Thu, 01 Jan 1970 00:00:00 +0000\n") != NULL, "RFC 5322 date");
	ok(strstr(s, "\n\n---\nWhy this matters.\n\n a.c | 1 +\n") != NULL,
	   "an empty body: --- at once, then the text below the cut, a blank line, the diffstat");
	ok(g_str_has_suffix(s, "+b\n---\nbase-commit: abc\nchange-id: 20251201-zone-0123456789ab\n"
			       "\n-- \nquill test\n\n"),
	   "footers after the diff, then the signature");
	g_free(s);
	commit_patch_free(p);
}

/* email_cover: the cover letter */
static void test_cover(void)
{
	char *s;
	struct email_opts o;

	memset(&o, 0, sizeof o);
	o.subject_prefix = "[RFC PATCH net-next 0/2]";
	o.sender = "Ada Author <ada@example.org>";
	o.msgid = "id-0@example.org";
	o.change_id = "cid";
	s = email_cover("zone: the series", "Text.\n\n-- \nAda\n", &o);
	ok(g_str_has_prefix(s, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"),
	   "the cover's From line has the zero id");
	ok(strstr(s, "\nSubject: [RFC PATCH net-next 0/2] zone: the series\n") &&
		   strstr(s, "\nX-Change-ID: cid\n") && !strstr(s, "In-Reply-To"),
	   "cover subject 0/n, X-Change-ID, no In-Reply-To");
	ok(g_str_has_suffix(s, "\n\nText.\n\n-- \nAda\n\n"), "the body as rendered, then a blank line");
	g_free(s);
}

/* email_cover_message: the cover text of a one-patch series */
static void test_cover_message(void)
{
	char *s;

	s = email_cover_message("Why.\n\n---\nChanges in v2:\n- x\n\n---\nAda Author (1):\n  zone: fix\n\n"
				" a | 1 +\n---\nbase-commit: abc\n\nBest regards,\n-- \nAda\n");
	is_str(s, "Why.\n\n---\nChanges in v2:\n- x", "cut at the --- before the shortlog");
	g_free(s);
	s = email_cover_message("Why.\n\n-- \nAda\n");
	is_str(s, "Why.", "or at the signature");
	g_free(s);
}

int main(int argc, char **argv)
{
	unit_init(argc, argv);
	git_libgit2_init();
	g_mime_init();
	UNIT_CASE("file-names")
		test_file_names();
	UNIT_CASE("message-ids")
		test_message_ids();
	UNIT_CASE("patch")
		test_patch();
	UNIT_CASE("cover")
		test_cover();
	UNIT_CASE("cover-message")
		test_cover_message();
	g_mime_shutdown();
	git_libgit2_shutdown();
	return done_testing();
}
