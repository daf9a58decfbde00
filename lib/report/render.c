/* render.c - the report page from its model (render.h).  Every value from
 * mail or git goes through html_escape (html.h); the markup around it is
 * this file's own constants. */
#include "report/render.h"

#include "core/error.h"
#include "core/file.h"
#include "report/html.h"
#include "review/review.h"

#include <errno.h>
#include <string.h>

static const char css[] =
	":root{color-scheme:light dark;--bg:#fff;--fg:#1b1b1b;--muted:#5c5c5c;--line:#d0d0d0;"
	"--panel:#f4f4f4;--add:#11661a;--del:#a31515;--hunk:#0b5394;--mark:#7a5c00;--dot:#0b5394;"
	"--mean:#a31515}\n"
	"@media (prefers-color-scheme:dark){:root{--bg:#141414;--fg:#e8e8e8;--muted:#a8a8a8;"
	"--line:#444;--panel:#1f1f1f;--add:#7ee787;--del:#ff7b72;--hunk:#79c0ff;--mark:#e3b341;"
	"--dot:#79c0ff;--mean:#ff7b72}}\n"
	"*{box-sizing:border-box}\n"
	"body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,sans-serif}\n"
	"main{max-width:64rem;margin:0 auto;padding:1rem}\n"
	"h1{font-size:1.6rem;overflow-wrap:anywhere}h2{font-size:1.3rem;border-bottom:1px solid "
	"var(--line);padding-bottom:.2rem}h3{font-size:1.05rem}\n"
	"a{color:var(--hunk)}\n"
	".meta,.muted{color:var(--muted)}\n"
	".wrap{overflow-x:auto}\n"
	"table{border-collapse:collapse;width:100%}\n"
	"th,td{text-align:left;vertical-align:top;padding:.25rem .5rem;border-bottom:1px solid "
	"var(--line);overflow-wrap:break-word}\nth{white-space:nowrap}\n"
	"ol.timeline{list-style:none;margin:0;padding:0 0 0 1rem;border-left:3px solid var(--line)}\n"
	"ol.timeline li{margin:.5rem 0;overflow-wrap:anywhere}\n"
	".sent{color:var(--add)}.unsent{color:var(--muted)}\n"
	"pre{overflow-x:auto;background:var(--panel);padding:.5rem;margin:.25rem 0;"
	"font:13px/1.35 ui-monospace,monospace}\n"
	"details{margin:.25rem 0}summary{cursor:pointer;overflow-wrap:anywhere}\n"
	".mark{font-family:ui-monospace,monospace;color:var(--mark);font-weight:bold}\n"
	".rd-add{color:var(--add)}.rd-del{color:var(--del)}.rd-hunk{color:var(--hunk)}\n"
	".status-open{color:var(--del)}.status-addressed{color:var(--add)}\n"
	".not-carried{color:var(--del)}\n"
	"figure{margin:.5rem 0}svg{max-width:100%;height:auto}\n"
	"svg text{fill:var(--fg);font:12px system-ui,sans-serif}\n"
	"svg .dot{fill:var(--dot);fill-opacity:.6}svg .mean{stroke:var(--mean);stroke-width:3}\n"
	"svg .ci{stroke:var(--mean);stroke-width:1.5}svg .axis{stroke:var(--line)}\n";

static void head(GString *out, const struct report_model *m)
{
	g_string_append(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			     "<title>series ");
	html_escape(out, m->name);
	g_string_append(out, "</title>\n<style>\n");
	g_string_append(out, css);
	g_string_append(out, "</style>\n</head>\n<body>\n<main>\n<h1>Series ");
	html_escape(out, m->name);
	g_string_append(out, "</h1>\n<p class=\"meta\">change-id ");
	html_escape(out, m->change_id);
	g_string_append(out, " &middot; branch ");
	html_escape(out, m->branch);
	if (m->list) {
		g_string_append(out, " &middot; list ");
		html_link(out, m->lore_base, m->list);
	}
	g_string_append(out, "</p>\n");
}

static void timeline(GString *out, const struct report_model *m)
{
	g_string_append(out, "<section>\n<h2>Versions</h2>\n<ol class=\"timeline\">\n");
	for (guint i = 0; i < m->versions->len; i++) {
		const struct report_version *v = g_ptr_array_index(m->versions, i);

		g_string_append_printf(out, "<li><a href=\"#v%d\"><strong>v%d</strong></a> ", v->number,
				       v->number);
		if (v->date) {
			g_string_append(out, "<time>");
			html_escape(out, v->date);
			g_string_append(out, "</time>");
		} else {
			g_string_append(out, "(working)");
		}
		g_string_append_printf(out, " &middot; %u patch%s &middot; ", v->patches->len,
				       v->patches->len == 1 ? "" : "es");
		g_string_append(out, v->sent ? "<span class=\"sent\">sent</span>"
					     : "<span class=\"unsent\">not sent</span>");
		if (v->cover_msgid) {
			char *shown = g_strdup_printf("<%s>", v->cover_msgid);

			g_string_append(out, " &middot; ");
			html_link(out, v->cover_link, shown);
			g_free(shown);
		}
		if (v->summary) {
			g_string_append(out, " &middot; <span class=\"muted\">");
			html_escape(out, v->summary);
			g_string_append(out, "</span>");
		}
		g_string_append(out, "</li>\n");
	}
	g_string_append(out, "</ol>\n</section>\n");
}

static void patches(GString *out, const struct report_version *v)
{
	g_string_append(out, "<h3>Patches</h3>\n<div class=\"wrap\"><table>\n<thead><tr>"
			     "<th scope=\"col\">#</th><th scope=\"col\">Subject</th>"
			     "<th scope=\"col\">Author</th></tr></thead>\n<tbody>\n");
	for (guint i = 0; i < v->patches->len; i++) {
		const struct report_patch *p = g_ptr_array_index(v->patches, i);

		g_string_append_printf(out, "<tr><th scope=\"row\">%d/%u</th><td>", p->index,
				       v->patches->len);
		html_link(out, p->link, p->subject);
		g_string_append(out, "</td><td>");
		html_escape(out, p->author);
		g_string_append(out, "</td></tr>\n");
	}
	g_string_append(out, "</tbody>\n</table></div>\n");
}

/* A range-diff's lines, each in the class of its outer mark. */
static void diff_lines(GString *out, const char *diff)
{
	char **lines = g_strsplit(diff, "\n", -1);

	g_string_append(out, "<pre>");
	for (char **l = lines; *l; l++) {
		const char *t = strlen(*l) > 4 ? *l + 4 : "";
		const char *cls = *t == '+' ? "rd-add" : *t == '-' ? "rd-del"
				  : *t == '@' ? "rd-hunk" : NULL;

		if (!l[1] && !**l)
			break;
		if (cls)
			g_string_append_printf(out, "<span class=\"%s\">", cls);
		html_escape(out, *l);
		g_string_append(out, cls ? "</span>\n" : "\n");
	}
	g_string_append(out, "</pre>");
	g_strfreev(lines);
}

static void pair_head(GString *out, const struct report_pair *p)
{
	char sides[64];

	g_snprintf(sides, sizeof sides, "%s%d %c %s%d", p->old_index ? "" : "-", p->old_index,
		   p->mark, p->new_index ? "" : "-", p->new_index);
	g_string_append_printf(out, "<span class=\"mark\">%s</span> ", sides);
	html_escape(out, p->subject);
	g_string_append_printf(out, " <span class=\"muted\">(%s)</span>", p->kind);
}

static void range_diff(GString *out, const struct report_version *v)
{
	if (!v->pairs)
		return;
	g_string_append_printf(out, "<h3>Range-diff against v%d</h3>\n<p>", v->number - 1);
	html_escape(out, v->summary);
	g_string_append(out, "</p>\n");
	for (guint i = 0; i < v->pairs->len; i++) {
		const struct report_pair *p = g_ptr_array_index(v->pairs, i);

		if (!*p->diff) {
			g_string_append(out, "<p>");
			pair_head(out, p);
			g_string_append(out, "</p>\n");
			continue;
		}
		g_string_append(out, "<details><summary>");
		pair_head(out, p);
		g_string_append(out, "</summary>");
		diff_lines(out, p->diff);
		g_string_append(out, "</details>\n");
	}
}

static void items(GString *out, const struct report_version *v)
{
	GPtrArray *its = v->review->items;

	g_string_append(out, "<h3>Review</h3>\n");
	if (!its->len) {
		g_string_append(out, "<p class=\"muted\">No review items stored for this version.</p>\n");
		return;
	}
	g_string_append(out, "<div class=\"wrap\"><table>\n<thead><tr><th scope=\"col\">Patch</th>"
			     "<th scope=\"col\">Kind</th><th scope=\"col\">Status</th>"
			     "<th scope=\"col\">Author</th><th scope=\"col\">Text</th></tr></thead>\n"
			     "<tbody>\n");
	for (guint i = 0; i < its->len; i++) {
		const struct review_item *it = g_ptr_array_index(its, i);
		const char *status = review_status_name(it->status);

		if (it->patch)
			g_string_append_printf(out, "<tr><th scope=\"row\">%d</th><td>", it->patch);
		else
			g_string_append(out, "<tr><th scope=\"row\">cover</th><td>");
		html_link(out, it->link, review_kind_name(it->kind));
		g_string_append_printf(out, "</td><td class=\"status-%s\">%s</td><td>", status, status);
		html_escape(out, it->author);
		g_string_append(out, "</td><td>");
		html_escape(out, it->trailer ? it->trailer : it->text);
		g_string_append(out, "</td></tr>\n");
	}
	g_string_append(out, "</tbody>\n</table></div>\n");
}

static void trailers(GString *out, const struct report_version *v)
{
	if (!v->trailers->len)
		return;
	g_string_append(out, "<h3>Trailers</h3>\n<div class=\"wrap\"><table>\n<thead><tr>"
			     "<th scope=\"col\">Patch</th><th scope=\"col\">Trailer</th>"
			     "<th scope=\"col\">Given on</th><th scope=\"col\">Carried</th></tr>"
			     "</thead>\n<tbody>\n");
	for (guint i = 0; i < v->trailers->len; i++) {
		const struct report_trailer *t = g_ptr_array_index(v->trailers, i);

		g_string_append_printf(out, "<tr><th scope=\"row\">%d</th><td>", t->patch);
		html_link(out, t->link, t->trailer);
		g_string_append_printf(out, "</td><td>v%d</td>", t->given_on);
		if (t->reason) {
			g_string_append(out, "<td class=\"not-carried\">not carried: ");
			html_escape(out, t->reason);
			g_string_append(out, "</td></tr>\n");
		} else {
			g_string_append(out, "<td>yes</td></tr>\n");
		}
	}
	g_string_append(out, "</tbody>\n</table></div>\n");
}

static void version(GString *out, const struct report_version *v)
{
	g_string_append_printf(out, "<section id=\"v%d\">\n<h2>v%d%s</h2>\n", v->number, v->number,
			       v->frozen ? "" : " (working)");
	patches(out, v);
	range_diff(out, v);
	items(out, v);
	trailers(out, v);
	if (v->benches && v->benches->len) {
		g_string_append(out, "<h3>Benchmarks</h3>\n");
		for (guint i = 0; i < v->benches->len; i++)
			report_render_bench(out, g_ptr_array_index(v->benches, i));
	}
	g_string_append(out, "</section>\n");
}

char *report_render(const struct report_model *m)
{
	GString *out = g_string_new(NULL);

	head(out, m);
	timeline(out, m);
	for (guint i = 0; i < m->versions->len; i++)
		version(out, g_ptr_array_index(m->versions, i));
	g_string_append(out, "</main>\n</body>\n</html>\n");
	return g_string_free(out, FALSE);
}

gboolean report_write(const struct report_model *m, const char *dir, gboolean dry_run,
		      char **path_out, gsize *bytes_out, GError **error)
{
	char *html = report_render(m), *base = g_strdup_printf("%s.html", m->name);
	gboolean ok = TRUE;

	*path_out = g_build_filename(dir, base, NULL);
	*bytes_out = strlen(html);
	if (!dry_run && g_mkdir_with_parents(dir, 0777) < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot create %s: %s", dir, g_strerror(errno));
		ok = FALSE;
	} else if (!dry_run)
		ok = file_write_atomic(*path_out, html, -1, error);
	g_free(base);
	g_free(html);
	return ok;
}
