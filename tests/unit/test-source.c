/* test-source.c - lib/net/source: operands read in order as one mailbox,
 * numbered across them; ids; warnings held back until some mail; the
 * errors' classes; specs. */
#include "core/error.h"
#include "net/source.h"
#include "unit.h"

#include <glib/gstdio.h>
#include <stdarg.h>

static GString *said;	/* the warnings, one a line */

static void collect(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void collect(void *payload, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	g_string_append_vprintf(said, fmt, ap);
	va_end(ap);
	g_string_append_c(said, '\n');
}

static char *dir;

/* A file of the scratch directory with these contents (caller owns the path). */
static char *file(const char *name, const char *text)
{
	char *path = g_build_filename(dir, name, NULL);

	g_file_set_contents(path, text, -1, NULL);
	return path;
}

/* Every message of the source as "POSITION msgid <irt> [refs]" lines;
 * the error, if any, in *error. */
static char *read_all(struct source *s, GError **error)
{
	GString *out = g_string_new(NULL);
	struct source_mail it;

	while (source_next(s, &it, error)) {
		g_string_append_printf(out, "%u %s <%s> [", it.position, it.msgid,
				       it.in_reply_to ? it.in_reply_to : "");
		for (guint i = 0; i < it.nrefs; i++)
			g_string_append_printf(out, "%s%s", i ? " " : "", it.refs[i]);
		g_string_append_printf(out, "] %" G_GSIZE_FORMAT "\n", it.body_len);
	}
	return g_string_free(out, FALSE);
}

static void operands(void)
{
	char *a = file("a.mbox",
		       "From x@y Mon Jan  1 00:00:00 2001\nMessage-ID: <1@x>\nSubject: one\n\nbody\n\n"
		       "From x@y Mon Jan  1 00:00:00 2001\nSubject: two\nIn-Reply-To: see the other one\n"
		       "In-Reply-To: <1@x>\nReferences:\nReferences: <0@x> <1@x>\n\nb\n");
	char *b = file("b.eml", "Message-ID: <3@x>\nFrom: z\n\n");
	char *paths[] = { a, b };
	struct source *s;
	GError *e = NULL;
	char *got, *want;

	g_string_truncate(said, 0);
	ok(source_open(&s, paths, 2, collect, NULL, &e), "two operands open");
	got = read_all(s, &e);
	is_str(got, "1 1@x <> [] 5\n2 nomsgid.2@quill.invalid <1@x> [0@x 1@x] 2\n3 3@x <> [] 0\n",
	       "numbered across the operands; the first fields that have ids");
	ok(!e, "no error");
	want = g_strdup_printf("%s: message 2 (byte 106): no Message-ID (taken as "
			       "<nomsgid.2@quill.invalid>)\n", a);
	is_str(said->str, want, "a message without a Message-ID: one warning naming it");
	g_free(want);
	g_free(got);
	source_free(s);
	g_free(a);
	g_free(b);
}

static void not_mail(void)
{
	char *junk = file("junk.txt", "X-Whatever: 1\n\nno mail\n");
	char *mail = file("mail.eml", "Subject: s\n\n");
	char *both[] = { junk, mail }, *only[] = { junk, junk };
	struct source *s;
	GError *e = NULL;
	char *got, *want;

	g_string_truncate(said, 0);
	source_open(&s, both, 2, collect, NULL, &e);
	got = read_all(s, &e);
	is_str(got, "2 nomsgid.2@quill.invalid <> [] 0\n", "what is not mail is left out, counted");
	want = g_strdup_printf("%s: not a mail (no header fields), left out\n%s: no Message-ID "
			       "(taken as <nomsgid.2@quill.invalid>)\n", junk, mail);
	is_str(said->str, want, "its warning held back until the first mail, then said");
	g_free(want);
	g_free(got);
	source_free(s);

	g_string_truncate(said, 0);
	source_open(&s, only, 2, collect, NULL, &e);
	g_free(read_all(s, &e));
	is_int(qerr_class(e), QUILL_ERROR_INPUT, "nothing is mail: an input error");
	want = g_strdup_printf("%s, %s: no mail in them", junk, junk);
	is_str(e ? e->message : NULL, want, "naming the operands");
	is_str(said->str, "", "and no warning beside it");
	g_free(want);
	g_clear_error(&e);
	source_free(s);
	g_free(junk);
	g_free(mail);
}

static void errors(void)
{
	char *missing = g_build_filename(dir, "missing", NULL), *paths[] = { missing };
	char *mbox = file("m.mbox", "Subject: s\n\n"), *spec;
	struct source *s;
	GError *e = NULL;

	ok(!source_open(&s, paths, 1, NULL, NULL, &e) && qerr_class(e) == QUILL_ERROR_USAGE,
	   "an operand that cannot be opened: a usage error");
	g_clear_error(&e);
	source_free(s);

	s = source_new(NULL, NULL);
	ok(!source_add_spec(s, "lore", &e) && qerr_class(e) == QUILL_ERROR_USAGE &&
	   strstr(e->message, "not supported yet"), "lore: known, not yet read");
	g_clear_error(&e);
	ok(!source_add_spec(s, "imap:x", &e) && strstr(e->message, "not a mail source"),
	   "an unknown kind");
	g_clear_error(&e);
	spec = g_strdup_printf("maildir:%s", mbox);
	ok(!source_add_spec(s, spec, &e) && strstr(e->message, "not a Maildir"),
	   "maildir: wants a directory");
	g_clear_error(&e);
	g_free(spec);
	spec = g_strdup_printf("mbox:%s", mbox);
	ok(source_add_spec(s, spec, &e), "mbox:FILE");
	g_free(spec);
	{
		char *got = read_all(s, &e);
		is_str(got, "1 nomsgid.1@quill.invalid <> [] 0\n", "read as a path is");
		g_free(got);
	}
	source_free(s);
	g_free(missing);
	g_free(mbox);
}

int main(void)
{
	dir = g_dir_make_tmp("test-source-XXXXXX", NULL);
	said = g_string_new(NULL);
	operands();
	not_mail();
	errors();
	g_string_free(said, TRUE);
	{
		GDir *d = g_dir_open(dir, 0, NULL);
		const char *n;

		while ((n = g_dir_read_name(d))) {
			char *p = g_build_filename(dir, n, NULL);
			g_unlink(p);
			g_free(p);
		}
		g_dir_close(d);
		g_rmdir(dir);
	}
	g_free(dir);
	return done_testing();
}
