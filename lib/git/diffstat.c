/* diffstat.c - a diffstat from patches already generated (diffstat.h). */
#include "git/diffstat.h"

#include <string.h>

struct file_stat {
	char *old_path, *new_path;
	guint32 old_mode, new_mode;
	gint64 old_size, new_size;
	gboolean binary;
	gsize added, deleted;
};

struct diffstat {
	GArray *files;		/* struct file_stat */
	gsize added, deleted;
	gsize widest_name;	/* the most a name counts (name_count) */
	gsize renames;
	gsize most_lines;	/* the most lines one file changed */
};

static void file_stat_clear(gpointer p)
{
	struct file_stat *f = p;

	g_free(f->old_path);
	g_free(f->new_path);
}

struct diffstat *diffstat_new(void)
{
	struct diffstat *d = g_new0(struct diffstat, 1);

	d->files = g_array_new(FALSE, TRUE, sizeof(struct file_stat));
	g_array_set_clear_func(d->files, file_stat_clear);
	return d;
}

void diffstat_free(struct diffstat *d)
{
	if (!d)
		return;
	g_array_unref(d->files);
	g_free(d);
}

/* The length of the leading directories two paths share, their last
 * slash included ("a/b/x", "a/b/y" -> 4); 0 when they share none. */
static gsize shared_dirs(const char *a, const char *b)
{
	gsize i = 0, len = 0;

	while (a[i] && a[i] == b[i]) {
		if (a[i] == '/')
			len = i + 1;
		i++;
	}
	return len;
}

/* libgit2 sets both paths of every delta (an added file's old path is its
 * new one) */
static gboolean renamed(const struct file_stat *f)
{
	return strcmp(f->old_path, f->new_path) != 0;
}

/* What a file counts towards the name column: its path, or both paths of
 * a rename.  (libgit2 1.5 counts a rename so, without the " => " and the
 * braces it prints; every other line is padded by the " => " instead,
 * once the diff has a rename.  The layout follows it, quirks and all.) */
static gsize name_count(const struct file_stat *f)
{
	return strlen(f->new_path) + (renamed(f) ? strlen(f->old_path) : 0);
}

int diffstat_add(struct diffstat *d, git_patch *patch)
{
	const git_diff_delta *delta = git_patch_get_delta(patch);
	struct file_stat f = { 0 };
	size_t added = 0, deleted = 0;
	int rc;

	if ((rc = git_patch_line_stats(NULL, &added, &deleted, patch)) < 0)
		return rc;
	f.old_path = g_strdup(delta->old_file.path);
	f.new_path = g_strdup(delta->new_file.path);
	f.old_mode = delta->old_file.mode;
	f.new_mode = delta->new_file.mode;
	f.old_size = (gint64)delta->old_file.size;
	f.new_size = (gint64)delta->new_file.size;
	f.binary = (delta->flags & GIT_DIFF_FLAG_BINARY) != 0;
	f.added = added;
	f.deleted = deleted;
	d->added += added;
	d->deleted += deleted;
	d->widest_name = MAX(d->widest_name, name_count(&f));
	d->renames += renamed(&f);
	d->most_lines = MAX(d->most_lines, added + deleted);
	g_array_append_val(d->files, f);
	return 0;
}

static void append_n(GString *s, char c, gsize n)
{
	while (n--)
		g_string_append_c(s, c);
}

static void append_name(GString *s, const struct file_stat *f)
{
	gsize dirs;

	if (!renamed(f)) {
		g_string_append_printf(s, " %s", f->old_path);
		return;
	}
	dirs = shared_dirs(f->old_path, f->new_path);
	if (dirs)
		g_string_append_printf(s, " %.*s{%s => %s}", (int)dirs, f->old_path,
				       f->old_path + dirs, f->new_path + dirs);
	else
		g_string_append_printf(s, " %s => %s", f->old_path, f->new_path);
}

/* The +/- graph of one file: one sign a line at width 0, else scaled so
 * the file that changed most fills `width`, each kind at least one. */
static void append_graph(GString *s, const struct file_stat *f, gsize width, gsize most)
{
	gsize total = f->added + f->deleted, full, plus;

	if (!width) {
		append_n(s, '+', f->added);
		append_n(s, '-', f->deleted);
		return;
	}
	full = (total * width + most / 2) / most;
	plus = full * f->added / total;
	append_n(s, '+', MAX(plus, 1));
	append_n(s, '-', MAX(full - plus, 1));
}

static int digits(gsize v)
{
	int n = 1;

	for (; v >= 10; v /= 10)
		n++;
	return n;
}

static void append_summary(GString *s, const struct file_stat *f)
{
	if (f->old_mode == f->new_mode)
		return;
	if (!f->old_mode)
		g_string_append_printf(s, " create mode %06o %s\n", f->new_mode, f->new_path);
	else if (!f->new_mode)
		g_string_append_printf(s, " delete mode %06o %s\n", f->old_mode, f->old_path);
	else
		g_string_append_printf(s, " mode change %06o => %06o %s\n", f->old_mode, f->new_mode,
				       f->new_path);
}

char *diffstat_text(const struct diffstat *d, gsize width)
{
	GString *s = g_string_new(NULL);
	int count_width = digits(d->most_lines + 1);
	gsize fixed = d->widest_name + (gsize)count_width + 5;

	/* the graph gets what the name and count columns leave, at least 7
	 * columns; none (a sign a line) when every file fits unscaled */
	if (width > 0) {
		if (width > fixed)
			width -= fixed;
		width = MAX(width, 7);
	}
	if (width > d->most_lines)
		width = 0;
	for (guint i = 0; i < d->files->len; i++) {
		const struct file_stat *f = &g_array_index(d->files, struct file_stat, i);

		append_name(s, f);
		append_n(s, ' ', d->widest_name - name_count(f) + (!renamed(f) && d->renames ? 4 : 0));
		g_string_append(s, " | ");
		if (f->binary) {
			g_string_append_printf(s, "Bin %" G_GINT64_FORMAT " -> %" G_GINT64_FORMAT " bytes",
					       f->old_size, f->new_size);
		} else {
			g_string_append_printf(s, "%*" G_GSIZE_FORMAT, count_width, f->added + f->deleted);
			if (f->added || f->deleted) {
				g_string_append_c(s, ' ');
				append_graph(s, f, width, d->most_lines);
			}
		}
		g_string_append_c(s, '\n');
	}
	g_string_append_printf(s, " %u file%s changed", d->files->len, d->files->len != 1 ? "s" : "");
	if (d->added || !d->deleted)
		g_string_append_printf(s, ", %" G_GSIZE_FORMAT " insertion%s(+)", d->added,
				       d->added != 1 ? "s" : "");
	if (d->deleted || !d->added)
		g_string_append_printf(s, ", %" G_GSIZE_FORMAT " deletion%s(-)", d->deleted,
				       d->deleted != 1 ? "s" : "");
	g_string_append_c(s, '\n');
	for (guint i = 0; i < d->files->len; i++)
		append_summary(s, &g_array_index(d->files, struct file_stat, i));
	return g_string_free(s, FALSE);
}
