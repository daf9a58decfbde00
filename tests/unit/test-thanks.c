/* test-thanks.c - lib/series/thanks: the cover lines quoted, records
 * written and read back as candidates. */
#include "series/thanks.h"
#include "unit.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>

static void quote_is(const char *body, const char *want, const char *name)
{
	char *got = thanks_quote_lines(body);

	is_str(got, want, name);
	g_free(got);
}

static struct thanks_series *sample(void)
{
	struct thanks_series *t = thanks_series_new();
	struct thanks_patch *p = g_new0(struct thanks_patch, 1);
	char *to[] = { "List <list@example.org>", NULL };

	t->msgid = g_strdup("cover@example.org");
	t->subject = g_strdup("[PATCH 0/1] zones:\r\nBcc: evil@example.net");
	t->from = g_strdup("Ada Author <ada@example.org>");
	t->to = g_strdupv(to);
	t->version = 2;
	p->patch = 1;
	p->subject = g_strdup("zones: add");
	p->patch_id = g_strdup("0123456789012345678901234567890123456789");
	g_ptr_array_add(t->patches, p);
	return t;
}

int main(void)
{
	char *tmp = g_dir_make_tmp("quill-thanks-XXXXXX", NULL), *dir;
	struct thanks_series *t = sample(), *back;
	GPtrArray *cands = NULL;
	git_repository *repo = NULL;
	GError *e = NULL;

	quote_is("\nWhy.\nBecause.\n\n---\nshortlog\n", "Why.\nBecause.", "up to the --- line");
	quote_is("1\n2\n3\n4\n5\n6\n", "1\n2\n3\n4\n5", "at most five lines");
	quote_is("a\n-- \nsig\n", "a", "not the signature");
	quote_is(NULL, "", "nothing for NULL");

	g_setenv("XDG_DATA_HOME", tmp, TRUE);
	dir = thanks_dir();
	ok(g_str_has_prefix(dir, tmp) && g_str_has_suffix(dir, "/quill/thanks"), "the directory");
	ok(thanks_record_write(t, &e), "a record is written");
	git_libgit2_init();
	g_setenv("GIT_COMMITTER_NAME", "Ada Author", TRUE);
	g_setenv("GIT_COMMITTER_EMAIL", "ada@example.org", TRUE);
	ok(!git_repository_init(&repo, tmp, FALSE), "a repository");
	ok(thanks_candidates(&cands, repo, NULL, NULL, NULL, &e) && cands->len == 1,
	   "the record is a candidate");
	back = cands && cands->len ? cands->pdata[0] : NULL;
	is_str(back ? back->subject : NULL, "[PATCH 0/1] zones:  Bcc: evil@example.net",
	       "no line break in a header read back");
	is_str(back ? back->to[0] : NULL, "List <list@example.org>", "To read back");
	ok(back && back->version == 2 && back->patches->len == 1, "version and patches");
	is_str(back ? ((struct thanks_patch *)back->patches->pdata[0])->patch_id : NULL,
	       "0123456789012345678901234567890123456789", "the patch-id");
	if (cands)
		g_ptr_array_unref(cands);
	git_repository_free(repo);
	thanks_series_free(t);
	g_free(dir);
	if (e)
		g_error_free(e);
	{
		char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
		ok(system(cmd) == 0, "cleaned up");
		g_free(cmd);
	}
	g_free(tmp);
	return done_testing();
}
