/* list-render.c - the list report's pages (list-render.h).  Every value
 * from mail goes through html_escape, every link through html_link
 * (html.h); the markup around them is this file's own constants. */
#include "report/list-render.h"

#include "core/date.h"
#include "core/error.h"
#include "core/file.h"
#include "report/html.h"
#include "report/render.h"
#include "review/review.h"

#include <errno.h>
#include <string.h>

static const struct list_version *newest(const struct list_series *s)
{
	return g_ptr_array_index(s->versions, s->versions->len - 1);
}

static const char *first_link(const struct list_version *v)
{
	return v->messages->len ? ((struct list_message *)g_ptr_array_index(v->messages, 0))->link
				: NULL;
}

static void state_cell(GString *out, const struct list_series *s)
{
	char **who = s->state == LIST_NAK ? s->naked : s->acked;

	g_string_append_printf(out, "<td class=\"state-%s\">%s", list_state_key(s->state),
			       list_state_name(s->state));
	if (s->state == LIST_CHANGES)
		g_string_append_printf(out, " (%u)", s->n_changes);
	g_string_append(out, "</td><td>");
	for (guint i = 0; who && who[i]; i++) {
		if (i)
			g_string_append(out, "<br>");
		html_escape(out, who[i]);
	}
	g_string_append(out, "</td>");
}

static void versions_cell(GString *out, const struct list_series *s)
{
	g_string_append(out, "<td>");
	for (guint k = 0; k < s->versions->len; k++) {
		const struct list_version *v = g_ptr_array_index(s->versions, k);
		char label[32];

		g_snprintf(label, sizeof label, "v%d", v->version);
		if (k)
			g_string_append_c(out, ' ');
		html_link(out, first_link(v), label);
		if (!v->received_all)
			g_string_append_printf(out, "<span class=\"muted\"> %u/%d</span>", v->patches,
					       v->total);
	}
	g_string_append(out, "</td>");
}

static void append_date(GString *out, gint64 t)
{
	char *d = t ? date_iso(t) : NULL;

	html_escape(out, d ? d : "-");
	g_free(d);
}

static void row(GString *out, const struct list_series *s)
{
	char *href = g_strdup_printf("series/%s.html", s->slug);

	g_string_append(out, "<tr><th scope=\"row\">");
	html_link(out, href, s->name && *s->name ? s->name : "(no subject)");
	g_string_append(out, "</th><td>");
	html_escape(out, s->author);
	g_string_append(out, "</td>");
	versions_cell(out, s);
	state_cell(out, s);
	g_string_append_printf(out, "<td>%u</td><td>", s->questions->len);
	append_date(out, s->last);
	g_string_append(out, "</td></tr>\n");
	g_free(href);
}

char *report_list_index(const struct report_list *l)
{
	GString *out = g_string_sized_new(4096 + l->series->len * 512);

	report_page_begin(out, "series on the list");
	g_string_append_printf(out, "<h1>Series on the list</h1>\n<p class=\"meta\">%u series"
			       " &middot; %u postings &middot; %u messages &middot; %u review"
			       " items</p>\n", l->series->len, l->postings, l->messages, l->items);
	if (!l->series->len) {
		g_string_append(out, "<p class=\"muted\">No series in the mail.</p>\n");
	} else {
		g_string_append(out, "<div class=\"wrap\"><table id=\"series\">\n<thead><tr>"
				     "<th scope=\"col\">Series</th><th scope=\"col\">Author</th>"
				     "<th scope=\"col\">Versions</th><th scope=\"col\">State</th>"
				     "<th scope=\"col\">Acked / NAKed by</th>"
				     "<th scope=\"col\">Open questions</th>"
				     "<th scope=\"col\">Last message</th></tr></thead>\n<tbody>\n");
		for (guint i = 0; i < l->series->len; i++)
			row(out, g_ptr_array_index(l->series, i));
		g_string_append(out, "</tbody>\n</table></div>\n");
	}
	report_page_end(out);
	return g_string_free(out, FALSE);
}

static void item_rows(GString *out, const GPtrArray *its)
{
	g_string_append(out, "<div class=\"wrap\"><table>\n<thead><tr><th scope=\"col\">Patch</th>"
			     "<th scope=\"col\">Kind</th><th scope=\"col\">Author</th>"
			     "<th scope=\"col\">Text</th></tr></thead>\n<tbody>\n");
	for (guint i = 0; i < its->len; i++) {
		const struct review_item *it = g_ptr_array_index(its, i);

		if (it->patch)
			g_string_append_printf(out, "<tr><th scope=\"row\">%d</th><td>", it->patch);
		else
			g_string_append(out, "<tr><th scope=\"row\">cover</th><td>");
		html_link(out, it->link, review_kind_name(it->kind));
		g_string_append(out, "</td><td>");
		html_escape(out, it->author);
		g_string_append(out, "</td><td>");
		html_escape(out, it->trailer ? it->trailer : it->text);
		g_string_append(out, "</td></tr>\n");
	}
	g_string_append(out, "</tbody>\n</table></div>\n");
}

static void version_section(GString *out, const struct list_version *v)
{
	g_string_append_printf(out, "<section id=\"v%d\">\n<h2>v%d</h2>\n<p class=\"meta\">",
			       v->version, v->version);
	html_escape(out, v->date ? v->date : "undated");
	g_string_append_printf(out, " &middot; %u of %d patches%s</p>\n<ol>\n", v->patches,
			       v->total, v->cover ? " &middot; cover letter" : "");
	for (guint k = 0; k < v->messages->len; k++) {
		const struct list_message *m = g_ptr_array_index(v->messages, k);

		g_string_append(out, "<li>");
		html_link(out, m->link, m->subject ? m->subject : m->msgid);
		g_string_append(out, "</li>\n");
	}
	g_string_append(out, "</ol>\n<h3>Review</h3>\n");
	if (v->items->len)
		item_rows(out, v->items);
	else
		g_string_append(out, "<p class=\"muted\">No review items.</p>\n");
	g_string_append(out, "</section>\n");
}

char *report_list_page(const struct list_series *s)
{
	GString *out = g_string_sized_new(8192);
	char *title = g_strdup_printf("series %s", s->name ? s->name : "");

	report_page_begin(out, title);
	g_free(title);
	g_string_append(out, "<p><a href=\"../index.html\">All series</a></p>\n<h1>");
	html_escape(out, s->name && *s->name ? s->name : "(no subject)");
	g_string_append(out, "</h1>\n<div class=\"wrap\"><table>\n<tbody>\n<tr><th scope=\"row\">"
			     "Author</th><td>");
	html_escape(out, s->author);
	g_string_append(out, "</td></tr>\n<tr><th scope=\"row\">Change-id</th><td>");
	html_escape(out, s->change_id ? s->change_id : "-");
	g_string_append(out, "</td></tr>\n<tr><th scope=\"row\">Versions</th>");
	versions_cell(out, s);
	g_string_append(out, "</tr>\n<tr><th scope=\"row\">State</th>");
	state_cell(out, s);
	g_string_append(out, "</tr>\n</tbody>\n</table></div>\n");
	g_string_append_printf(out, "<h2 id=\"questions\">Open questions on v%d</h2>\n",
			       newest(s)->version);
	if (s->questions->len)
		item_rows(out, s->questions);
	else
		g_string_append(out, "<p class=\"muted\">None.</p>\n");
	for (guint k = s->versions->len; k-- > 0;)
		version_section(out, g_ptr_array_index(s->versions, k));
	report_page_end(out);
	return g_string_free(out, FALSE);
}

/* new_ok: file_write_new's hint, one per thread (the pages of a first
 * report are new files; a report made again replaces them) */
static gboolean put(const char *path, char *html, gboolean dry_run, gboolean *new_ok,
		    guint *pages, guint64 *bytes, GError **error)
{
	gsize n = strlen(html);
	gboolean ok = dry_run || file_write_new(path, html, (gssize)n, new_ok, error);

	(*pages)++;
	*bytes += n;
	g_free(html);
	return ok;
}

/* ---- the series' pages, on this thread and one more ---- */

#define PAGES_CHUNK 8	/* pages taken at a time */

struct pages {
	const struct report_list *l;
	const char *sub;	/* DIR/series */
	gboolean dry_run;
	gint next;		/* the next page to take (atomic) */
	gint failed;		/* a page failed: take no more (atomic) */
	guint64 *bytes;		/* of each page */
	GError **errors;	/* of each page, or NULL */
};

static void one_page(struct pages *ps, guint i, gboolean *new_ok)
{
	const struct list_series *s = g_ptr_array_index(ps->l->series, i);
	char *base = g_strdup_printf("%s.html", s->slug);
	char *path = g_build_filename(ps->sub, base, NULL);
	guint n = 0;

	if (!put(path, report_list_page(s), ps->dry_run, new_ok, &n, &ps->bytes[i],
		 &ps->errors[i]))
		g_atomic_int_set(&ps->failed, 1);
	g_free(path);
	g_free(base);
}

static gpointer pages_worker(gpointer p)
{
	struct pages *ps = p;
	guint n = ps->l->series->len, i;
	gboolean new_ok = TRUE;

	while (!g_atomic_int_get(&ps->failed) &&
	       (i = (guint)g_atomic_int_add(&ps->next, PAGES_CHUNK)) < n)
		for (guint k = i; k < MIN(i + PAGES_CHUNK, n); k++)
			one_page(ps, k, &new_ok);
	return NULL;
}

/* Each series' page rendered and written, by two threads when there are
 * two processors (creating files costs the kernel as much as rendering
 * them costs us); the counts and the first failure as one thread in
 * order would have them: every page before a failed one was taken. */
static gboolean write_pages(const struct report_list *l, const char *sub, gboolean dry_run,
			    guint *pages_out, guint64 *bytes_out, GError **error)
{
	guint n = l->series->len;
	struct pages ps = { l, sub, dry_run, 0, 0, g_new0(guint64, n + 1), g_new0(GError *, n + 1) };
	GThread *other = NULL;
	gboolean ok = TRUE;

	if (n > 4 * PAGES_CHUNK && g_get_num_processors() > 1)
		other = g_thread_try_new("report-pages", pages_worker, &ps, NULL);
	pages_worker(&ps);
	if (other)
		g_thread_join(other);
	for (guint i = 0; i < n; i++) {
		if (ok) {
			(*pages_out)++;
			*bytes_out += ps.bytes[i];
		}
		if (ok && ps.errors[i]) {
			g_propagate_error(error, g_steal_pointer(&ps.errors[i]));
			ok = FALSE;
		}
		g_clear_error(&ps.errors[i]);
	}
	g_free(ps.bytes);
	g_free(ps.errors);
	return ok;
}

gboolean report_list_write(const struct report_list *l, const char *dir, gboolean dry_run,
			   guint *pages_out, guint64 *bytes_out, GError **error)
{
	char *sub = g_build_filename(dir, "series", NULL), *path;
	gboolean ok, new_ok = TRUE;

	*pages_out = 0;
	*bytes_out = 0;
	if (!dry_run && g_mkdir_with_parents(sub, 0777) < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot create %s: %s", sub, g_strerror(errno));
		g_free(sub);
		return FALSE;
	}
	ok = write_pages(l, sub, dry_run, pages_out, bytes_out, error);
	path = g_build_filename(dir, "index.html", NULL);
	if (ok)
		ok = put(path, report_list_index(l), dry_run, &new_ok, pages_out, bytes_out, error);
	g_free(path);
	g_free(sub);
	return ok;
}
