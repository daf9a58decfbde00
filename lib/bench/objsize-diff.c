/* objsize-diff.c - two files' symbols compared as bloat-o-meter compares
 * them, and the result as text (bloat-o-meter's and size's formats) and
 * as JSON (the rules: objsize.h). */
#include "bench/objsize.h"
#include "core/error.h"

#include <inttypes.h>
#include <string.h>

/* ---- which symbols count, under which name ---- */

/* FALSE for what bloat-o-meter leaves out whatever its letter: names it
 * cannot read from nm's output (empty, or holding a ':') and the kernel's
 * generated symbols. */
static gboolean counted_name(const char *name)
{
	static const char *const prefixes[] = { "__mod_", "__se_sys", "__se_compat_sys",
						"__addressable_" };

	if (!*name || strchr(name, ':'))
		return FALSE;
	for (size_t i = 0; i < G_N_ELEMENTS(prefixes); i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return FALSE;
	return strcmp(name, "linux_banner") && strcmp(name, "vermagic");
}

/* The name without any '.' followed by digits: the numbers compilers give
 * statics and clones (calls.0, f.isra.0, g.llvm.1234) (caller owns). */
static char *strip_numbers(const char *name)
{
	GString *s = g_string_sized_new(strlen(name));

	for (const char *p = name; *p; p++) {
		if (*p == '.' && g_ascii_isdigit(p[1])) {
			while (g_ascii_isdigit(p[1]))
				p++;
			continue;
		}
		g_string_append_c(s, *p);
	}
	return g_string_free(s, FALSE);
}

/* name -> summed size (gint64 in a pointer-sized box) of the symbols of
 * `f` whose letter is in `types`. */
static GHashTable *sizes(const struct objsize_file *f, const char *types)
{
	GHashTable *h = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);

	for (guint i = 0; i < f->syms->len; i++) {
		const struct objsize_sym *s = g_ptr_array_index(f->syms, i);
		gint64 *v;
		char *name;

		if (!strchr(types, s->type) || !counted_name(s->name))
			continue;
		name = strip_numbers(s->name);
		/* no overflow: a file's sizes add up to at most 2^62 (objsize.c) */
		if ((v = g_hash_table_lookup(h, name))) {
			*v += (gint64)s->size;
			g_free(name);
		} else {
			v = g_new(gint64, 1);
			*v = (gint64)s->size;
			g_hash_table_insert(h, name, v);
		}
	}
	return h;
}

/* ---- the comparison ---- */

static void row_free(gpointer p)
{
	struct objsize_row *r = p;

	g_free(r->name);
	g_free(r);
}

static void table_free(gpointer p)
{
	struct objsize_table *t = p;

	g_free(t->title);
	g_free(t->types);
	g_ptr_array_unref(t->rows);
	g_free(t);
}

struct objsize_table *objsize_table_new(const char *title, const char *types)
{
	struct objsize_table *t = g_new0(struct objsize_table, 1);

	t->title = g_strdup(title);
	t->types = g_strdup(types);
	t->rows = g_ptr_array_new_with_free_func(row_free);
	return t;
}

struct objsize_row *objsize_table_add(struct objsize_table *t, const char *name, gint64 old,
				      gint64 new)
{
	struct objsize_row *r = g_new(struct objsize_row, 1);

	r->name = g_strdup(name);
	r->old = old;
	r->new = new;
	r->delta = (new < 0 ? 0 : new) - (old < 0 ? 0 : old);
	g_ptr_array_add(t->rows, r);
	return r;
}

/* Largest delta first; a tie by name, in reverse byte order. */
static int row_order(gconstpointer a, gconstpointer b)
{
	const struct objsize_row *x = *(struct objsize_row *const *)a;
	const struct objsize_row *y = *(struct objsize_row *const *)b;

	if (x->delta != y->delta)
		return x->delta > y->delta ? -1 : 1;
	return -strcmp(x->name, y->name);
}

static struct objsize_table *compare_types(const struct objsize_file *old,
					   const struct objsize_file *new, const char *title,
					   const char *types)
{
	struct objsize_table *t = objsize_table_new(title, types);
	GHashTable *o = sizes(old, types), *n = sizes(new, types);
	GHashTableIter it;
	gpointer k, v;

	g_hash_table_iter_init(&it, o);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		gint64 a = *(gint64 *)v, *b = g_hash_table_lookup(n, k);

		t->before += a;
		if (!b) {
			t->remove++;
			t->down += a;
			objsize_table_add(t, k, a, -1);
		} else if (*b != a) {
			if (*b > a) {
				t->grow++;
				t->up += *b - a;
			} else {
				t->shrink++;
				t->down += a - *b;
			}
			objsize_table_add(t, k, a, *b);
		}
	}
	g_hash_table_iter_init(&it, n);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		gint64 b = *(gint64 *)v;

		t->after += b;
		if (!g_hash_table_contains(o, k)) {
			t->add++;
			t->up += b;
			objsize_table_add(t, k, -1, b);
		}
	}
	g_ptr_array_sort(t->rows, row_order);
	g_hash_table_unref(o);
	g_hash_table_unref(n);
	return t;
}

static void sizes_set(struct objsize_sizes *s, const struct objsize_file *f)
{
	g_free(s->file);
	s->file = g_strdup(f->name);
	s->text = f->text;
	s->data = f->data;
	s->bss = f->bss;
}

struct objsize_diff *objsize_diff_new(enum objsize_mode mode)
{
	struct objsize_diff *d = g_new0(struct objsize_diff, 1);

	d->mode = mode;
	d->tables = g_ptr_array_new_with_free_func(table_free);
	d->old.file = g_strdup("");
	d->new.file = g_strdup("");
	return d;
}

struct objsize_diff *objsize_compare(const struct objsize_file *old, const struct objsize_file *new,
				     enum objsize_mode mode)
{
	struct objsize_diff *d = objsize_diff_new(mode);

	switch (mode) {
	case OBJSIZE_SPLIT:
		g_ptr_array_add(d->tables, compare_types(old, new, "Function", "tT"));
		g_ptr_array_add(d->tables, compare_types(old, new, "Data", "dDbB"));
		g_ptr_array_add(d->tables, compare_types(old, new, "RO Data", "rR"));
		break;
	case OBJSIZE_DATA:
		g_ptr_array_add(d->tables, compare_types(old, new, "Data", "dDbBrR"));
		break;
	case OBJSIZE_TEXT:
		g_ptr_array_add(d->tables, compare_types(old, new, "Function", "tT"));
		break;
	default:
		g_ptr_array_add(d->tables, compare_types(old, new, "Function", "tTdDbBrR"));
		break;
	}
	sizes_set(&d->old, old);
	sizes_set(&d->new, new);
	return d;
}

void objsize_diff_free(struct objsize_diff *d)
{
	if (!d)
		return;
	g_ptr_array_unref(d->tables);
	g_free(d->old.file);
	g_free(d->new.file);
	g_free(d);
}

static const char *const mode_names[] = { "all", "split", "data", "text" };

const char *objsize_mode_name(enum objsize_mode mode)
{
	return (unsigned)mode < G_N_ELEMENTS(mode_names) ? mode_names[mode] : "all";
}

gboolean objsize_mode_parse(const char *name, enum objsize_mode *out)
{
	for (size_t i = 0; i < G_N_ELEMENTS(mode_names); i++)
		if (!strcmp(name, mode_names[i])) {
			*out = (enum objsize_mode)i;
			return TRUE;
		}
	return FALSE;
}

/* ---- text ---- */

/* Characters in s as Python counts them: a UTF-8 sequence is one, a byte
 * that is not UTF-8 one too. */
static size_t text_width(const char *s)
{
	size_t chars = 0;

	for (const char *p = s; *p; chars++) {
		gunichar c = g_utf8_get_char_validated(p, -1);

		p = (c == (gunichar)-1 || c == (gunichar)-2) ? p + 1 : g_utf8_next_char(p);
	}
	return chars;
}

/* Append s left-aligned in `width` characters (Python's "%-40s"). */
static void append_padded(GString *out, const char *s, size_t width)
{
	g_string_append(out, s);
	for (size_t chars = text_width(s); chars < width; chars++)
		g_string_append_c(out, ' ');
}

static void append_size(GString *out, gint64 v)
{
	if (v < 0)
		g_string_append_printf(out, " %7s", "-");
	else
		g_string_append_printf(out, " %7" PRId64, v);
}

/* One table; with `width` (not 0) the lines are kept to that many
 * columns as objsize_format_mail says. */
static void format_table(GString *out, const struct objsize_table *t, size_t width)
{
	double pct = t->before ? (double)(t->after - t->before) * 100.0 / (double)t->before : 0.0;
	char *counts = g_strdup_printf("add/remove: %u/%u grow/shrink: %u/%u", t->add, t->remove,
				       t->grow, t->shrink);
	char *updown = g_strdup_printf("up/down: %" PRId64 "/%" PRId64 " (%" PRId64 ")", t->up,
				       -t->down, t->up - t->down);

	if (width && strlen(counts) + 1 + strlen(updown) > width)
		g_string_append_printf(out, "%s\n%s\n", counts, updown);
	else
		g_string_append_printf(out, "%s %s\n", counts, updown);
	g_free(counts);
	g_free(updown);
	append_padded(out, t->title, 40);
	g_string_append_printf(out, " %7s %7s %7s\n", "old", "new", "delta");
	for (guint i = 0; i < t->rows->len; i++) {
		const struct objsize_row *r = g_ptr_array_index(t->rows, i);
		GString *nums = g_string_new(NULL);
		size_t name = text_width(r->name);

		append_size(nums, r->old);
		append_size(nums, r->new);
		g_string_append_printf(nums, " %+7" PRId64, r->delta);
		/* the numbers are ASCII: their width is their length */
		if (width && name > 40 && name + nums->len > width) {
			g_string_append_printf(out, "%s\n", r->name);
			append_padded(out, "", 40);
		} else {
			append_padded(out, r->name, 40);
		}
		g_string_append_printf(out, "%s\n", nums->str);
		g_string_free(nums, TRUE);
	}
	g_string_append_printf(out, "Total: Before=%" PRId64 ", After=%" PRId64 ", chg %+.2f%%\n",
			       t->before, t->after, pct);
}

static char *format_tables(const struct objsize_diff *d, size_t width)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < d->tables->len; i++)
		format_table(out, g_ptr_array_index(d->tables, i), width);
	return g_string_free(out, FALSE);
}

char *objsize_format_tables(const struct objsize_diff *d)
{
	return format_tables(d, 0);
}

static void format_size_row(GString *out, const struct objsize_sizes *s, const char *file)
{
	guint64 dec = s->text + s->data + s->bss;

	g_string_append_printf(out, "%7" PRIu64 "\t%7" PRIu64 "\t%7" PRIu64 "\t%7" PRIu64 "\t%7" PRIx64
			       "\t%s\n",
			       s->text, s->data, s->bss, dec, dec, file);
}

static const char size_header[] = "   text\t   data\t    bss\t    dec\t    hex\tfilename\n";

char *objsize_format_sizes(const struct objsize_diff *d)
{
	GString *out = g_string_new(size_header);

	format_size_row(out, &d->old, d->old.file);
	format_size_row(out, &d->new, d->new.file);
	return g_string_free(out, FALSE);
}

char *objsize_format(const struct objsize_diff *d)
{
	char *tables = objsize_format_tables(d), *sizes_ = objsize_format_sizes(d);
	char *out = g_strconcat(tables, "\n", sizes_, NULL);

	g_free(tables);
	g_free(sizes_);
	return out;
}

/* ---- text for mail ---- */

/* Append `line` with its tabs expanded to the next multiple of 8. */
static void append_expanded(GString *out, const char *line)
{
	size_t col = 0;

	for (const char *p = line; *p; p++) {
		if (*p == '\t') {
			do
				g_string_append_c(out, ' ');
			while (++col % 8);
			continue;
		}
		g_string_append_c(out, *p);
		if (((unsigned char)*p & 0xc0) != 0x80)
			col++;
	}
}

/* size's row for one file, tabs expanded, the file name shortened to
 * ".../" and its end when the row would be wider than `width`. */
static void format_size_row_mail(GString *out, const struct objsize_sizes *s, size_t width)
{
	GString *row = g_string_new(NULL);
	size_t room, len;
	const char *file = s->file;
	char *shown;

	format_size_row(row, s, "");
	g_string_truncate(row, row->len - 1);	/* the newline */
	len = out->len;
	append_expanded(out, row->str);
	room = out->len - len < width ? width - (out->len - len) : 0;
	if (text_width(file) > room && room > 4) {
		/* ".../" and the last room - 4 characters */
		const char *p = file + strlen(file);

		for (size_t n = 0; n < room - 4 && p > file; n++)
			p = g_utf8_find_prev_char(file, p);
		shown = g_strconcat(".../", p, NULL);
	} else {
		shown = g_strdup(file);
	}
	g_string_append(out, shown);
	g_string_append_c(out, '\n');
	g_free(shown);
	g_string_free(row, TRUE);
}

char *objsize_format_mail(const struct objsize_diff *d)
{
	char *tables = format_tables(d, OBJSIZE_MAIL_WIDTH);
	GString *out = g_string_new(tables);

	g_string_append_c(out, '\n');
	append_expanded(out, size_header);
	format_size_row_mail(out, &d->old, OBJSIZE_MAIL_WIDTH);
	format_size_row_mail(out, &d->new, OBJSIZE_MAIL_WIDTH);
	g_free(tables);
	return g_string_free(out, FALSE);
}
