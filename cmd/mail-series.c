/* mail-series.c - quill mail series: the patch series posted in mailboxes. */
#include "cmd.h"
#include "core/date.h"
#include "core/error.h"
#include "mail/postings.h"
#include "net/source.h"

#include <stdio.h>
#include <string.h>

/* What the reading thread makes of a message: its subject parsed, and the
 * headers and body scans postings_add will need for it (postings_need), so
 * that the main thread only groups. */
struct prepared {
	char *subject;
	struct subject s;
	char *from, *cid;
	gint64 date;
	gboolean has_diff;
};

static void *prepare(const struct source_mail *it, void *payload)
{
	struct prepared *x = g_new0(struct prepared, 1);
	unsigned need;

	(void)payload;
	x->subject = message_get_decoded(it->m, "Subject");
	subject_parse(&x->s, x->subject ? x->subject : "", -1);
	need = postings_need(&x->s);
	if (need & POSTING_NEED_HEADERS) {
		x->from = message_get_decoded(it->m, "From");
		x->date = message_date(it->m);
		x->cid = message_get(it->m, "X-Change-ID");
		if (x->cid && !*x->cid)
			g_clear_pointer(&x->cid, g_free);
	}
	if (!x->cid && (need & POSTING_NEED_FOOTER))
		x->cid = postings_body_change_id(it->body, it->body_len);
	if (need & POSTING_NEED_DIFF)
		x->has_diff = postings_body_has_diff(it->body, it->body_len);
	return x;
}

static void prepared_free(void *p)
{
	struct prepared *x = p;

	subject_clear(&x->s);
	g_free(x->subject);
	g_free(x->from);
	g_free(x->cid);
	g_free(x);
}

static void take(void *payload, const struct source_mail *it)
{
	struct postings *p = payload;
	struct prepared *x = it->prepared;
	struct posting_mail pm = { 0 };

	pm.msgid = it->msgid;
	pm.in_reply_to = it->in_reply_to;
	pm.refs = it->refs;
	pm.nrefs = it->nrefs;
	pm.msgid_id = it->msgid_id;	/* NULL for a made-up msgid: postings_add hashes it */
	pm.in_reply_to_id = it->in_reply_to_id;
	pm.ref_ids = it->ref_ids;
	pm.subject = x->subject;
	pm.parsed = &x->s;
	pm.from = x->from;
	pm.date = x->date;
	pm.change_id = x->cid;
	pm.has_diff = x->has_diff;
	pm.position = it->position;
	postings_add(p, &pm);
}

/* A JSON string of s made valid UTF-8, or null. */
static json_t *text(const char *s)
{
	char *valid;
	json_t *j;

	if (!s)
		return json_null();
	valid = g_utf8_make_valid(s, -1);
	j = json_string(valid);
	g_free(valid);
	return j;
}

static json_t *as_json(const struct postings *p)
{
	json_t *list = json_array();

	for (guint i = 0; i < postings_len(p); i++) {
		const struct posting *s = postings_get(p, i);
		json_t *ids = json_array(), *nr = json_array();
		char *date = s->date ? date_iso(s->date) : NULL;

		for (guint k = 0; k < s->messages->len; k++)
			json_array_append_new(ids, text(g_ptr_array_index(s->messages, k)));
		for (guint k = 0; k < s->not_received->len; k++)
			json_array_append_new(nr, json_integer(g_array_index(s->not_received, int, k)));
		json_array_append_new(list, json_pack(
			"{s:o, s:i, s:i, s:b, s:o, s:i, s:b, s:o, s:o,"
			" s:o, s:o, s:o, s:o, s:o}",
			"name", text(s->name), "version", s->version, "total", s->total,
			"cover", s->cover != 0,
			"cover_message", s->cover ? json_integer(s->cover) : json_null(),
			"patches", (int)s->patches, "received_all", s->received_all,
			"change_id", text(s->change_id), "messages", ids,
			"not_received", nr, "author", text(s->author),
			"date", json_str_or_null(date), "series_key", text(s->series_key),
			"previous", s->previous >= 0 ? json_integer(s->previous + 1) : json_null()));
		g_free(date);
	}
	return json_pack("{s:{s:i, s:i, s:i}, s:o}", "counts",
			 "covers", (int)postings_count(p, POSTING_COVER),
			 "patches", (int)postings_count(p, POSTING_PATCH),
			 "comments", (int)postings_count(p, POSTING_COMMENT), "series", list);
}

/* The --json view written directly, byte for byte what print_json makes of
 * as_json's document (jansson's JSON_INDENT(2) and its escaping): 100k
 * messages make a document of 300k values, and building and dumping it
 * was a third of the run.  Hand-written: the hot path of --json. */
static void jkey(struct jout *o, const char *key)
{
	JOUT_LIT(o, ",\n      \"");
	jout_put(o, key, strlen(key));
	JOUT_LIT(o, "\": ");
}

/* A boolean, a number or null (when `null`), and a list of ids or numbers,
 * as jansson writes them at the indent of a posting's values. */
static void jbool(struct jout *o, gboolean v)
{
	if (v)
		JOUT_LIT(o, "true");
	else
		JOUT_LIT(o, "false");
}

static void jnum_or_null(struct jout *o, long long v, gboolean null)
{
	if (null)
		JOUT_LIT(o, "null");
	else
		jout_int(o, v);
}

static void jlist_end(struct jout *o, guint n)
{
	if (n)
		JOUT_LIT(o, "\n      ]");
	else
		JOUT_LIT(o, "[]");
}

/* One posting, as as_json has it, at the indent of the "series" list. */
static void jposting(struct jout *o, const struct posting *s)
{
	char *date = s->date ? date_iso(s->date) : NULL;

	JOUT_LIT(o, "    {\n      \"name\": ");
	jout_text(o, s->name);
	jkey(o, "version");
	jout_int(o, s->version);
	jkey(o, "total");
	jout_int(o, s->total);
	jkey(o, "cover");
	jbool(o, s->cover != 0);
	jkey(o, "cover_message");
	jnum_or_null(o, s->cover, !s->cover);
	jkey(o, "patches");
	jout_int(o, (int)s->patches);
	jkey(o, "received_all");
	jbool(o, s->received_all);
	jkey(o, "change_id");
	jout_text(o, s->change_id);
	jkey(o, "messages");
	for (guint k = 0; k < s->messages->len; k++) {
		jout_put(o, k ? ",\n        " : "[\n        ", 10);
		jout_text(o, g_ptr_array_index(s->messages, k));
	}
	jlist_end(o, s->messages->len);
	jkey(o, "not_received");
	for (guint k = 0; k < s->not_received->len; k++) {
		jout_put(o, k ? ",\n        " : "[\n        ", 10);
		jout_int(o, g_array_index(s->not_received, int, k));
	}
	jlist_end(o, s->not_received->len);
	jkey(o, "author");
	jout_text(o, s->author);
	jkey(o, "date");
	jout_text(o, date);		/* ASCII */
	jkey(o, "series_key");
	jout_text(o, s->series_key);
	jkey(o, "previous");
	jnum_or_null(o, s->previous + 1, s->previous < 0);
	JOUT_LIT(o, "\n    }");
	g_free(date);
}

static void print_json_direct(const struct postings *p)
{
	struct jout *o = jout_new();
	guint n = postings_len(p);

	JOUT_LIT(o, "{\n  \"counts\": {\n    \"covers\": ");
	jout_int(o, (int)postings_count(p, POSTING_COVER));
	JOUT_LIT(o, ",\n    \"patches\": ");
	jout_int(o, (int)postings_count(p, POSTING_PATCH));
	JOUT_LIT(o, ",\n    \"comments\": ");
	jout_int(o, (int)postings_count(p, POSTING_COMMENT));
	JOUT_LIT(o, "\n  },\n  \"series\": ");
	for (guint i = 0; i < n; i++) {
		jout_put(o, i ? ",\n" : "[\n", 2);
		jposting(o, postings_get(p, i));
	}
	if (n)
		JOUT_LIT(o, "\n  ]\n}\n");
	else
		JOUT_LIT(o, "[]\n}\n");
	jout_finish(o);
}

static int int_of(const json_t *o, const char *key)
{
	return (int)json_integer_value(json_object_get(o, key));
}

/* One posting of the report's "series" (list) as a row of the table, and
 * its notes (numbers missing, the version it follows) under it.  The name
 * and the author come from the mail: their control characters are
 * escaped. */
static void print_posting(struct ctx *ctx, const json_t *list, guint i)
{
	const json_t *s = json_array_get(list, i), *nr = json_object_get(s, "not_received");
	const json_t *prev = json_object_get(s, "previous");
	char *name = out_escape(json_string_value(json_object_get(s, "name")));
	char *author = out_escape(json_string_value(json_object_get(s, "author")));
	gboolean all = json_is_true(json_object_get(s, "received_all"));
	char *got = g_strdup_printf("%d/%d", int_of(s, "patches"), int_of(s, "total"));
	GString *notes = g_string_new(NULL);

	printf("%3u  v%-3d %s%-8s%s  %-5s  %s  (%s)\n", i + 1, int_of(s, "version"),
	       all ? "" : color(ctx, "yellow"), got, all ? "" : color(ctx, "reset"),
	       json_is_true(json_object_get(s, "cover")) ? "yes" : "no",
	       name && *name ? name : "(no subject)", author ? author : "unknown sender");
	for (gsize k = 0; k < json_array_size(nr); k++)
		g_string_append_printf(notes, "%s%d", k ? "," : "missing ",
				       (int)json_integer_value(json_array_get(nr, k)));
	if (json_is_integer(prev))
		g_string_append_printf(notes, "%sfollows #%d (v%d)", notes->len ? "; " : "",
				       (int)json_integer_value(prev),
				       int_of(json_array_get(list, json_integer_value(prev) - 1), "version"));
	if (notes->len)
		printf("          %s%s%s\n", color(ctx, "dim"), notes->str, color(ctx, "reset"));
	g_string_free(notes, TRUE);
	g_free(got);
	g_free(author);
	g_free(name);
}

/* The text view of as_json's report: the counts, then a table of postings. */
static void print_text(struct ctx *ctx, const json_t *report)
{
	const json_t *counts = json_object_get(report, "counts");
	const json_t *list = json_object_get(report, "series");
	int covers = int_of(counts, "covers"), patches = int_of(counts, "patches");
	int comments = int_of(counts, "comments");
	guint n = json_array_size(list);

	printf("%d cover%s, %d patch%s, %d comment%s: %u posting%s\n", covers,
	       covers == 1 ? "" : "s", patches, patches == 1 ? "" : "es", comments,
	       comments == 1 ? "" : "s", n, n == 1 ? "" : "s");
	if (!n)
		return;
	printf("\n%s  #  VER  RECEIVED  COVER  NAME  (AUTHOR)%s\n", color(ctx, "bold"),
	       color(ctx, "reset"));
	for (guint i = 0; i < n; i++)
		print_posting(ctx, list, i);
}

int cmd_mail_series(int argc, char **argv, struct ctx *ctx)
{
	GOptionEntry entries[] = {
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the series as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct postings *p;
	const struct mail_prepare prep = { prepare, prepared_free, NULL };
	int rc = opt_parse(ctx, &argc, &argv, "MBOX...",
		"Finds the patch series posted in MBOX (an mbox file, a Maildir, one message,\n"
		"or '-' for standard input; several are read in order as one mailbox): each\n"
		"message is a cover letter ([PATCH 0/N]), a patch, or a comment (replies and\n"
		"everything else).  Covers and patches are grouped into postings, one per\n"
		"version sent: by thread first, then by the change-id: footer, then by the\n"
		"same sender, version and total within 20 minutes; a patch number already in\n"
		"a posting starts a new one.  Postings with the same change-id, or the same\n"
		"sender and cover (or first patch) subject, are versions of one series.\n"
		"Prints a table: version, patches received of the total, cover, name, author.\n"
		"\n"
		"--json prints {\"counts\":{\"covers\", \"patches\", \"comments\"}, \"series\":[{\"name\",\n"
		"\"version\", \"total\", \"cover\", \"cover_message\" (its 1-based position in the\n"
		"input, or null), \"patches\", \"received_all\", \"change_id\", \"messages\" (the\n"
		"cover, then the patches by number), \"not_received\" (numbers), \"author\",\n"
		"\"date\", \"series_key\" (the same for all versions of a series), \"previous\"\n"
		"(the 1-based position in this list of the version before, or null)}]},\n"
		"postings in order of first appearance; received_all: every number 1..total\n"
		"came.  A second message with a Message-ID already seen is a copy: left out,\n"
		"with a warning.  Header blocks are parsed; bodies are only scanned for a diff\n"
		"and a change-id: line, without MIME decoding.\n"
		"\n" MAIL_EXIT_HELP,
		entries);

	if (rc >= 0)
		return rc;
	p = postings_new(mail_warn_here, NULL);
	if ((rc = mail_read_operands_ahead(ctx, argc, argv, &prep, take, p)) < 0) {
		postings_finish(p);
		if (ctx->json)
			print_json_direct(p);
		else
			emit(ctx, as_json(p), print_text);
		rc = 0;
	}
	postings_free(p);
	return rc;
}
