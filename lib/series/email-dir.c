/* email-dir.c - the record of the mails series format wrote into a
 * directory (email.h: email_dir_record). */
#include "series/email.h"
#include "core/error.h"
#include "core/file.h"

#include <glib/gstdio.h>
#include <string.h>

#define RECORD ".quill-format"
#define RECORD_MAX ((gsize)1 << 20)

/* A name the record may hold: a file right in DIR, no dot file. */
static gboolean name_ok(const char *name)
{
	return *name && *name != '.' && !strchr(name, '/');
}

static gboolean written_now(const char *const *names, guint n, const char *name)
{
	for (guint i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return TRUE;
	return FALSE;
}

gboolean email_dir_record(const char *dir, const char *series, const char *const *names,
			  guint n, GPtrArray *removed, GError **error)
{
	char *path = g_build_filename(dir, RECORD, NULL), *text = NULL, **lines;
	GString *rec = g_string_new("# quill series format: the files it wrote here (SERIES<TAB>FILE);\n"
				    "# formatting SERIES here again removes those it does not write again\n");
	gsize len;
	gboolean ok;

	/* the record is read as hostile input: a link, a FIFO or a huge file
	 * there is refused, not followed or waited on */
	if (file_read_hostile(path, RECORD_MAX, &text, &len, error) < 0) {
		g_string_free(rec, TRUE);
		g_free(path);
		return FALSE;
	}
	lines = g_strsplit(text ? text : "", "\n", -1);
	for (char **l = lines; *l; l++) {
		char *tab = strchr(*l, '\t');
		const char *file = tab ? tab + 1 : NULL;
		char *old;

		if (**l == '#' || !file || !name_ok(file) || written_now(names, n, file))
			continue;
		if (strlen(series) != (size_t)(tab - *l) || strncmp(*l, series, (size_t)(tab - *l))) {
			g_string_append_printf(rec, "%s\n", *l);	/* another series' */
			continue;
		}
		old = g_build_filename(dir, file, NULL);
		if (g_unlink(old) == 0)
			g_ptr_array_add(removed, old);
		else
			g_free(old);
	}
	for (guint i = 0; i < n; i++)
		g_string_append_printf(rec, "%s\t%s\n", series, names[i]);
	ok = file_write_atomic(path, rec->str, (gssize)rec->len, error);
	g_strfreev(lines);
	g_free(text);
	g_free(path);
	g_string_free(rec, TRUE);
	return ok;
}
