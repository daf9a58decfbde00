/* review.c - quill review scan: the review items of any thread, from
 * mailboxes or fetched from an archive, with no repository needed. */
#include "cmd.h"
#include "core/error.h"
#include "mail/subject.h"
#include "net/archive.h"
#include "net/source.h"
#include "review/scan.h"

#include <stdio.h>
#include <string.h>

#define TEXT_LINES 3	/* lines of an item's text the text view shows */

static const char scan_help[] =
	"Reads the messages of MBOX (an mbox file, a Maildir, one message, or '-'\n"
	"for standard input; several are read in order as one mailbox), or the\n"
	"thread MSGID is in, fetched from the archive --source names (lore[:URL],\n"
	"notmuch[:PATH], mirror:PATH, mbox:FILE, maildir:DIR; default quill.source,\n"
	"else lore), and threads every reply onto the version and patch it answers:\n"
	"the nearest posted message above it, a cover \"[PATCH vN 0/M]\" or a patch\n"
	"\"[PATCH vN i/M]\" that carries a diff (version 1 when the subject names\n"
	"none).  A reply to a reply inherits its target; a partial reroll sent in\n"
	"reply to an older version is posted itself.  Messages that answer no\n"
	"posted message are left out.  No repository is needed.\n"
	"\n"
	"Prints the review items of each reply, grouped by version and patch:\n"
	"kind, author, the first lines of the text, and a link to the reply.\n"
	"--json prints {\"items\":[{\"id\", \"kind\", \"author\", \"date\", \"msgid\",\n"
	"\"link\", \"version\", \"patch\" (0 = cover), \"text\", \"quoted\", \"trailer\",\n"
	"\"status\"}], \"posted\":[{\"msgid\", \"version\", \"patch\", \"total\",\n"
	"\"subject\", \"from\", \"date\", \"patch_id\", \"trailers\"}], \"messages\":N,\n"
	"\"replies\":N, \"unthreaded\":N}, items in thread order.  Links point to\n"
	"the public archive, wherever the mail was read from: quill.lore, else\n"
	"b4.midmask, else https://lore.kernel.org/all (as review pull's do).\n"
	"\n"
	ARCHIVE_ENV_HELP "\n"
	"\n"
	"Exit status: 0 when anything was read (each malformed message is named in\n"
	"one warning); 1 when --thread names no thread; 2 bad usage or an MBOX that\n"
	"cannot be opened; 3 when nothing in the input is mail; 4 the archive\n"
	"failed.";

struct scan_opts {
	char *thread, *source;
};

/* s as a JSON string, made valid UTF-8 where it is not; null for NULL. */
static json_t *text_json(const char *s)
{
	char *valid;
	json_t *j;

	if (!s)
		return json_null();
	if (g_utf8_validate(s, -1, NULL))
		return json_string(s);
	valid = g_utf8_make_valid(s, -1);
	j = json_string(valid);
	g_free(valid);
	return j;
}

static json_t *posted_json(const struct review_posted *p)
{
	json_t *o = json_object();

	json_object_set_new(o, "msgid", text_json(p->msgid));
	json_object_set_new(o, "version", json_integer(p->version));
	json_object_set_new(o, "patch", json_integer(p->patch));
	json_object_set_new(o, "total", json_integer(p->total));
	json_object_set_new(o, "subject", text_json(p->subject));
	json_object_set_new(o, "from", text_json(p->from));
	json_object_set_new(o, "date", text_json(p->date));
	json_object_set_new(o, "patch_id", text_json(p->patch_id));
	json_object_set_new(o, "trailers", strv_json(p->trailers));
	return o;
}

static json_t *scan_report(const struct review_result *r)
{
	json_t *doc = json_object(), *items = json_array(), *posted = json_array();

	for (guint i = 0; i < r->items->len; i++)
		json_array_append_new(items, review_item_json(g_ptr_array_index(r->items, i)));
	for (guint i = 0; i < r->posted->len; i++)
		json_array_append_new(posted, posted_json(g_ptr_array_index(r->posted, i)));
	json_object_set_new(doc, "items", items);
	json_object_set_new(doc, "posted", posted);
	json_object_set_new(doc, "messages", json_integer(r->messages));
	json_object_set_new(doc, "replies", json_integer(r->replies->len));
	json_object_set_new(doc, "unthreaded", json_integer(r->unthreaded));
	return doc;
}

/* ---- the JSON, written as it goes ----
 *
 * A mailbox of 100k messages makes ~150k items, a document of hundreds of
 * MB: built as a json_t and dumped, it would take most of the run.  So
 * --json writes the result directly, byte for byte what json_dumps of
 * scan_report gives with print_json's flags (indent 2, jansson's escapes,
 * a string that is not UTF-8 left out as json_string would leave it); the
 * text view still reads scan_report's document. */

/* The members of one object: `first` until one is written. */
struct jobj {
	struct jout *w;
	const char *indent;	/* of the members */
	gboolean first;
};

static void jo_key(struct jobj *o, const char *key)
{
	jout_puts(o->w, o->first ? "\n" : ",\n");
	o->first = FALSE;
	jout_puts(o->w, o->indent);
	jout_string_len(o->w, key, strlen(key));
	jout_put(o->w, ": ", 2);
}

/* As json_object_set_new(o, key, s ? json_string(s) : json_null()). */
static void jo_str(struct jobj *o, const char *key, const char *s)
{
	gsize n = s ? strlen(s) : 0;

	if (s && !jout_utf8_ok(s, n))
		return;
	jo_key(o, key);
	if (s)
		jout_string_len(o->w, s, n);
	else
		jout_put(o->w, "null", 4);
}

/* As text_json: made valid where it is not. */
static void jo_text(struct jobj *o, const char *key, const char *s)
{
	char *valid;

	if (!s || jout_utf8_ok(s, strlen(s))) {
		jo_str(o, key, s);
		return;
	}
	valid = g_utf8_make_valid(s, -1);
	jo_str(o, key, valid);
	g_free(valid);
}

static void jo_int(struct jobj *o, const char *key, gint64 v)
{
	char num[24];

	jo_key(o, key);
	jout_put(o->w, num, g_snprintf(num, sizeof num, "%" G_GINT64_FORMAT, v));
}

static void jo_end(struct jobj *o, const char *outer)
{
	if (o->first) {
		jout_put(o->w, "{}", 2);
		return;
	}
	jout_put(o->w, "\n", 1);
	jout_puts(o->w, outer);
	jout_put(o->w, "}", 1);
}

static void write_item(struct jout *w, const struct review_item *it)
{
	struct jobj o = { w, "      ", TRUE };
	gboolean has_trailer = it->kind == REVIEW_TRAILER || it->kind == REVIEW_NAK ||
			       it->kind == REVIEW_TRAILER_OBJECTION;

	jout_put(w, "{", 1);
	jo_str(&o, "id", it->id);
	jo_str(&o, "kind", review_kind_name(it->kind));
	jo_str(&o, "author", it->author);
	jo_str(&o, "date", it->date);
	jo_str(&o, "msgid", it->msgid);
	jo_str(&o, "link", it->link);
	jo_int(&o, "version", it->version);
	jo_int(&o, "patch", it->patch);
	jo_str(&o, "text", it->text ? it->text : "");
	jo_str(&o, "quoted", it->quoted ? it->quoted : "");
	jo_str(&o, "trailer", has_trailer ? it->trailer : NULL);
	jo_str(&o, "status", review_status_name(it->status));
	if (it->note)
		jo_str(&o, "note", it->note);
	jo_end(&o, "    ");
}

/* As strv_json: the strings that are UTF-8. */
static void jo_strv(struct jobj *o, const char *key, char **v)
{
	gboolean first = TRUE;

	jo_key(o, key);
	for (; v && *v; v++) {
		gsize n = strlen(*v);

		if (!jout_utf8_ok(*v, n))
			continue;
		jout_puts(o->w, first ? "[\n        " : ",\n        ");
		first = FALSE;
		jout_string_len(o->w, *v, n);
	}
	jout_puts(o->w, first ? "[]" : "\n      ]");
}

static void write_posted(struct jout *w, const struct review_posted *p)
{
	struct jobj o = { w, "      ", TRUE };

	jout_put(w, "{", 1);
	jo_text(&o, "msgid", p->msgid);
	jo_int(&o, "version", p->version);
	jo_int(&o, "patch", p->patch);
	jo_int(&o, "total", p->total);
	jo_text(&o, "subject", p->subject);
	jo_text(&o, "from", p->from);
	jo_text(&o, "date", p->date);
	jo_text(&o, "patch_id", p->patch_id);
	jo_strv(&o, "trailers", p->trailers);
	jo_end(&o, "    ");
}

/* What print_json(scan_report(r)) prints. */
static void write_report(const struct review_result *r)
{
	struct jout *w = jout_new();
	struct jobj top = { w, "  ", TRUE };

	jout_put(w, "{", 1);
	jo_key(&top, "items");
	for (guint i = 0; i < r->items->len; i++) {
		jout_puts(w, i ? ",\n    " : "[\n    ");
		write_item(w, g_ptr_array_index(r->items, i));
	}
	jout_puts(w, r->items->len ? "\n  ]" : "[]");
	jo_key(&top, "posted");
	for (guint i = 0; i < r->posted->len; i++) {
		jout_puts(w, i ? ",\n    " : "[\n    ");
		write_posted(w, g_ptr_array_index(r->posted, i));
	}
	jout_puts(w, r->posted->len ? "\n  ]" : "[]");
	jo_int(&top, "messages", r->messages);
	jo_int(&top, "replies", r->replies->len);
	jo_int(&top, "unthreaded", r->unthreaded);
	jo_end(&top, "");
	jout_put(w, "\n", 1);
	jout_finish(w);
}

/* ---- the text view ---- */

static gint64 group_key(const json_t *o)
{
	return (gint64)jint(o, "version") << 32 | (guint32)jint(o, "patch");
}

static gint by_group(gconstpointer a, gconstpointer b)
{
	gint64 x = group_key(*(json_t *const *)a), y = group_key(*(json_t *const *)b);

	return x < y ? -1 : x > y;
}

/* "v2 3/5: subject" for the group of item it (the first posted message of
 * that version and patch names it). */
static void print_heading(const json_t *report, const json_t *it)
{
	const json_t *posted = json_object_get(report, "posted"), *p, *found = NULL;
	struct subject sub = { 0 };
	size_t i;
	char *safe;

	json_array_foreach(posted, i, p) {
		if (group_key(p) == group_key(it)) {
			found = p;
			break;
		}
	}
	subject_parse(&sub, found && jstr(found, "subject") ? jstr(found, "subject") : "", -1);
	safe = out_escape(sub.text);
	printf("v%d %d/%d: %s\n", jint(it, "version"), jint(it, "patch"),
	       found ? jint(found, "total") : 0, safe);
	g_free(safe);
	subject_clear(&sub);
}

static void print_item(const json_t *it)
{
	const char *text = jstr(it, "text");
	char *kind = out_escape(jstr(it, "kind")), *author = out_escape(jstr(it, "author"));
	char *link = out_escape(jstr(it, "link"));
	char **lines = g_strsplit(text ? text : "", "\n", TEXT_LINES + 1);
	guint n = 0;

	printf("  %s  %s\n", kind, author ? author : "");
	for (; lines[n] && n < TEXT_LINES; n++) {
		char *safe = out_escape(lines[n]);
		if (*safe || lines[n + 1])
			printf("    %s\n", safe);
		g_free(safe);
	}
	if (lines[n])
		printf("    ...\n");
	printf("    %s\n", link ? link : "");
	g_strfreev(lines);
	g_free(kind);
	g_free(author);
	g_free(link);
}

static void scan_view(struct ctx *ctx, const json_t *report)
{
	const json_t *items = json_object_get(report, "items"), *it;
	GPtrArray *order = g_ptr_array_new();
	size_t i;

	(void)ctx;
	json_array_foreach(items, i, it)
		g_ptr_array_add(order, (gpointer)it);
	/* stable: thread order within a group */
	g_ptr_array_sort(order, by_group);
	for (guint k = 0; k < order->len; k++) {
		it = g_ptr_array_index(order, k);
		if (!k || group_key(g_ptr_array_index(order, k - 1)) != group_key(it)) {
			if (k)
				putchar('\n');
			print_heading(report, it);
		}
		print_item(it);
	}
	if (order->len)
		putchar('\n');
	printf("%u %s from %d %s (%d %s read, %d answering no posted message)\n", order->len,
	       plural_word(order->len, "item", "items"), jint(report, "replies"),
	       plural_word(jint(report, "replies"), "reply", "replies"), jint(report, "messages"),
	       plural_word(jint(report, "messages"), "message", "messages"),
	       jint(report, "unthreaded"));
	g_ptr_array_unref(order);
}

/* ---- reading ---- */

/* Fetch the thread o->thread is in into src; -1, else the exit code. */
static int fetch_thread(const struct scan_opts *o, git_repository *repo, struct source *src)
{
	struct archive_opts ao = { .warn = warn_print };
	struct archive *a = NULL;
	struct archive_thread t = { 0 };
	GError *e = NULL;
	gsize len = strlen(o->thread);
	char *id = len >= 2 && o->thread[0] == '<' && o->thread[len - 1] == '>'
		   ? g_strndup(o->thread + 1, len - 2) : g_strdup(o->thread);
	int rc = -1;

	t.msgid = id;
	if (!archive_opts_from_env(&ao, &e) || !archive_open(&a, o->source, repo, &ao, &e) ||
	    !archive_threads(a, &t, 1, &e)) {
		rc = fail(e);
	} else if (t.error) {
		rc = fail(t.error);
	} else {
		const char *spec = archive_spec(a);
		char *name = g_strdup_printf("%s thread <%s>", spec, id);

		source_add_bytes(src, name, t.mbox);
		g_bytes_unref(t.mbox);
		g_free(name);
	}
	archive_free(a);
	g_free(id);
	return rc;
}

/* Read the input into *out; -1, else the exit code. */
static int scan_input(struct ctx *ctx, const struct scan_opts *o, int argc, char **argv,
		      struct review_result **out)
{
	git_repository *repo = NULL;
	struct source *src = source_new(warn_print, NULL);
	struct review_scan_opts so = { .warn = warn_print };
	char *link_base = NULL;
	GError *e = NULL;
	int rc = -1;

	repo_open(&repo, NULL, NULL);	/* for quill.* config only: none is fine */
	if (o->thread) {
		rc = fetch_thread(o, repo, src);
	} else {
		for (int i = 1; i < argc && rc < 0; i++)
			if (!source_add_path(src, argv[i], &e))
				rc = fail(e);
	}
	if (rc < 0) {
		/* links are for people: the public archive, wherever the
		 * mail was read from (as review pull makes them) */
		link_base = archive_lore_base(repo);
		so.link_base = link_base;
		source_read_ahead(src, NULL, NULL, NULL);	/* parsing beside the scan */
		if (!review_scan(src, &so, out, &e)) {
			qerr_prefix(&e, "%s", ctx->name);
			rc = fail(e);
		}
	}
	source_free(src);
	g_free(link_base);
	if (repo)
		git_repository_free(repo);
	return rc;
}

int cmd_review_scan(int argc, char **argv, struct ctx *ctx)
{
	struct scan_opts o = { 0 };
	GOptionEntry entries[] = {
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the items as JSON", NULL },
		{ "thread", 0, 0, G_OPTION_ARG_STRING, &o.thread, "Fetch the thread MSGID is in", "MSGID" },
		{ "source", 0, 0, G_OPTION_ARG_STRING, &o.source, "With --thread: where from", "S" },
		G_OPTION_ENTRY_NULL
	};
	struct review_result *r = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "MBOX... | --thread MSGID [--source S]", scan_help,
			   entries);

	if (rc >= 0)
		goto done;
	if (o.thread ? argc > 1 : argc < 2) {
		rc = usage_error(ctx, o.thread ? "--thread takes no MBOX"
					       : "give at least one MBOX ('-' for standard input) or --thread MSGID");
		goto done;
	}
	if (o.source && !o.thread) {
		rc = usage_error(ctx, "--source goes with --thread");
		goto done;
	}
	if ((rc = scan_input(ctx, &o, argc, argv, &r)) < 0) {
		if (ctx->json)
			write_report(r);
		else
			emit(ctx, scan_report(r), scan_view);
		rc = 0;
	}
done:
	review_result_free(r);
	g_free(o.thread);
	g_free(o.source);
	return rc;
}
