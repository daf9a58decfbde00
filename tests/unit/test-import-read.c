/* test-import-read.c - an exported patch read back as its commit
 * (lib/series/import-read.c: export_parse_mail_data). */
#include "unit.h"
#include "series/import-read.h"

#include <gmime/gmime.h>

#define ORIG "0123456789abcdef0123456789abcdef01234567"

/* A patch mail whose diff holds `fill` bytes of added lines, then the
 * "-- " signature. */
static char *mail(gsize fill)
{
	GString *m = g_string_new("From " ORIG " Mon Sep 17 00:00:00 2001\n"
				  "From: Ada Author <ada@example.org>\n"
				  "Date: Thu, 1 Jan 2015 00:00:00 +0100\n"
				  "Subject: [PATCH v2 1/2] part: do a thing\n"
				  "\n"
				  "From: Bea Builder <bea@example.org>\n"
				  "\n"
				  "The why of it.\n"
				  "---\n"
				  " a | 1 +\n"
				  "\n"
				  "diff --git a/a b/a\n"
				  "+");

	for (gsize i = 0; i < fill; i++)
		g_string_append_c(m, i % 60 == 59 ? '\n' : 'x');
	g_string_append(m, "\n-- \n2.40.0\n\n");
	return g_string_free(m, FALSE);
}

int main(void)
{
	struct mail_patch p;
	GError *e = NULL;
	char *m = mail(10);
	int bad = 0;

	g_mime_init();
	ok(export_parse_mail_data(&p, "1.patch", m, strlen(m), &e), "a patch mail reads");
	is_str(p.orig, ORIG, "the commit of the From line");
	is_str(p.author_name, "Bea Builder", "the in-body From: is the author");
	is_str(p.author_email, "bea@example.org", "its address");
	is_int(p.time, 1420066800, "the date");
	is_int(p.offset, 60, "its offset in minutes");
	is_str(p.message, "part: do a thing\n\nThe why of it.\n",
	       "the message: the subject without [PATCH], the body to ---");
	is_str(p.diff, "diff --git a/a b/a\n+xxxxxxxxxx\n", "the diff, without the signature");
	mail_patch_release(&p);
	g_free(m);

	/* the signature is found by where it starts in the diff: however the
	 * diff's buffer grows (moves) while the lines after it are added */
	for (gsize fill = 0; fill < 5000; fill += 7) {
		m = mail(fill);
		if (!export_parse_mail_data(&p, "1.patch", m, strlen(m), NULL) ||
		    g_str_has_suffix(p.diff, "2.40.0\n\n") || strstr(p.diff, "\n-- \n") ||
		    strlen(p.diff) != strlen("diff --git a/a b/a\n+\n") + fill)
			bad++;
		mail_patch_release(&p);
		g_free(m);
	}
	is_int(bad, 0, "diffs of 0 to 5000 bytes: each ends where its signature starts");

	m = g_strdup("Subject: no sender\n\nbody\n");
	ok(!export_parse_mail_data(&p, "2.patch", m, strlen(m), &e) && e &&
	   !strcmp(e->message, "2.patch: not a patch mail (no Subject: or From:)"),
	   "no From: is no patch mail");
	ok(!p.message && !p.diff && !p.author_name, "nothing is left in it");
	g_clear_error(&e);
	g_free(m);
	return done_testing();
}
