/* mail-thread.c - quill mail thread: the threads of mailboxes. */
#include "cmd.h"
#include "core/date.h"
#include "core/error.h"
#include "git/ident.h"
#include "mail/thread.h"
#include "net/source.h"

#include <stdio.h>
#include <string.h>

#define MAX_INDENT 32	/* deeper levels are shown by number, not by width */

/* What is kept of a message for the report. */
struct record {
	const char *subject, *from;	/* decoded UTF-8, or NULL (in state.strings) */
	gint64 date;
};

/* One line of the report, in thread order: all that either view prints.
 *
 * The report is this array, built once after threading, and not a json_t
 * document: a mailbox of 100k messages would make a document of hundreds
 * of MB, and jansson's dumper would take most of the run.  The JSON view
 * writes the rows as they come; the text view reads the same rows, so the
 * two cannot disagree. */
struct row {
	const char *msgid;		/* the id it is threaded under (the thread's) */
	const char *parent;		/* the parent's, NULL for a root */
	guint depth;
	const struct record *r;		/* NULL: a missing message, only named by others */
};

struct state {
	struct thread *t;
	GArray *records;	/* struct record, by thread message number */
	GStringChunk *strings;	/* what they point to */
	GArray *rows;		/* struct row: the report */
};

/* On the reading thread: the record of a message (what take keeps). */
static void *prepare(const struct source_mail *it, void *payload)
{
	struct record *r = g_new(struct record, 1);

	(void)payload;
	r->subject = message_get_decoded(it->m, "Subject");
	r->from = message_get_decoded(it->m, "From");
	r->date = message_date(it->m);
	return r;
}

static void record_free(void *p)
{
	struct record *r = p;

	g_free((char *)r->subject);
	g_free((char *)r->from);
	g_free(r);
}

static void take(void *payload, const struct source_mail *it)
{
	struct state *st = payload;
	const struct record *r = it->prepared;
	struct record keep = {
		r->subject ? g_string_chunk_insert(st->strings, r->subject) : NULL,
		r->from ? g_string_chunk_insert(st->strings, r->from) : NULL, r->date,
	};

	const struct mail_id *mid = it->msgid_id;
	struct mail_id made;

	if (!mid) {	/* a made-up one */
		mail_id_make(&made, it->msgid);
		mid = &made;
	}
	thread_add_ids(st->t, mid, it->ref_ids, it->nrefs, it->in_reply_to_id, r->date);
	g_array_append_val(st->records, keep);
}

/* The report: the thread's flat list with each message's record. */
static void build_rows(struct state *st)
{
	guint n = thread_len(st->t);

	st->rows = g_array_sized_new(FALSE, FALSE, sizeof(struct row), n);
	for (guint i = 0; i < n; i++) {
		const struct thread_entry *e = thread_get(st->t, i);
		struct row row = {
			e->msgid, e->parent >= 0 ? thread_get(st->t, e->parent)->msgid : NULL, e->depth,
			e->message >= 0 ? &g_array_index(st->records, struct record, e->message) : NULL,
		};

		g_array_append_val(st->rows, row);
	}
}

/* Rows [from, to) of the flat list as JSON, each after its separator. */
static void json_rows(struct jout *o, const GArray *rows, guint from, guint to)
{
	char fast[21];

	for (guint i = from; i < to; i++) {
		const struct row *row = &g_array_index(rows, struct row, i);
		const struct record *r = row->r;
		char *slow = NULL;
		const char *date = NULL;

		if (r && r->date)
			date = date_iso_buf(r->date, fast) ? fast : (slow = date_iso(r->date));

		if (i)
			JOUT_LIT(o, ",\n    {\"msgid\": ");
		else
			JOUT_LIT(o, "\n    {\"msgid\": ");
		jout_text(o, row->msgid);
		JOUT_LIT(o, ", \"parent\": ");
		jout_text(o, row->parent);
		JOUT_LIT(o, ", \"depth\": ");
		jout_uint(o, row->depth);
		JOUT_LIT(o, ", \"subject\": ");
		jout_string(o, r ? r->subject : NULL);	/* valid UTF-8 already */
		JOUT_LIT(o, ", \"from\": ");
		jout_string(o, r ? r->from : NULL);
		JOUT_LIT(o, ", \"date\": ");
		jout_string(o, date);
		if (r)
			JOUT_LIT(o, ", \"missing\": false}");
		else
			JOUT_LIT(o, ", \"missing\": true}");
		g_free(slow);
	}
}

/* The second half of the rows, written into memory on a thread of its own
 * while the first half goes out. */
struct half {
	const GArray *rows;
	struct jout *o;
};

static gpointer json_half(gpointer data)
{
	struct half *h = data;

	json_rows(h->o, h->rows, h->rows->len / 2, h->rows->len);
	return NULL;
}

#define HALVES_MIN 4096	/* fewer rows are written by one thread */

/* The flat list, one message at a time, written directly: a mailbox of
 * 100k messages would otherwise make a document of hundreds of MB in
 * memory, and jansson's dumper would take most of the run.  A big list is
 * written by two threads, a half each (the reading threads are done by
 * then): the same bytes. */
static void print_json_list(const GArray *rows)
{
	struct jout *o = jout_new();
	struct half h = { rows, NULL };
	GThread *second = NULL;

	if (rows->len >= HALVES_MIN && g_get_num_processors() > 1) {
		h.o = jout_new_mem();
		second = g_thread_new("json-half", json_half, &h);
	}
	JOUT_LIT(o, "{\n  \"messages\": [");
	json_rows(o, rows, 0, second ? rows->len / 2 : rows->len);
	if (second) {
		GString *rest;

		g_thread_join(second);
		rest = jout_take(h.o);
		jout_put(o, rest->str, rest->len);
		g_string_free(rest, TRUE);
	}
	if (rows->len)
		JOUT_LIT(o, "\n  ]\n}\n");
	else
		JOUT_LIT(o, "]\n}\n");
	jout_finish(o);
}

/* The name to show for a From: value (its display name, else the address). */
static char *who(const char *from)
{
	char *name, *email, *out;

	if (!from)
		return g_strdup("");
	if (!ident_split(from, &name, &email)) {
		g_free(name);
		g_free(email);
		return g_strdup(from);
	}
	out = *name ? name : email;
	g_free(out == name ? email : name);
	return out;
}

/* s (escaped already: one character a column) padded or cut to `width`
 * characters. */
static void put_column(GString *out, const char *s, glong width)
{
	glong n = g_utf8_strlen(s, -1);

	if (n > width) {
		char *cut = g_utf8_substring(s, 0, width - 1);
		g_string_append_printf(out, "%s~", cut);
		g_free(cut);
	} else {
		g_string_append(out, s);
		for (; n < width; n++)
			g_string_append_c(out, ' ');
	}
}

/* The tree as text; what comes from the mail (names, subjects, ids) with
 * its control characters escaped, so that none reaches the terminal. */
static void print_text(struct ctx *ctx, const GArray *rows)
{
	GString *line = g_string_new(NULL);

	for (guint i = 0; i < rows->len; i++) {
		const struct row *row = &g_array_index(rows, struct row, i);
		const struct record *r = row->r;
		guint indent = MIN(row->depth, MAX_INDENT);

		g_string_truncate(line, 0);
		if (r && r->date) {
			GDateTime *d = date_utc(r->date);
			char *s = g_date_time_format(d, "%Y-%m-%d %H:%M");
			g_string_append_printf(line, "%s  ", s);
			g_free(s);
			g_date_time_unref(d);
		} else {
			g_string_append(line, "                  ");
		}
		if (r) {
			char *name = who(r->from), *safe = out_escape(name);
			put_column(line, safe, 20);
			g_free(safe);
			g_free(name);
		} else {
			put_column(line, "", 20);
		}
		g_string_append(line, "  ");
		for (guint k = 0; k < indent; k++)
			g_string_append(line, "  ");
		if (row->depth > MAX_INDENT)
			g_string_append_printf(line, "[%u] ", row->depth);
		if (r && r->subject) {
			out_append_escaped(line, r->subject);
		} else if (r) {
			g_string_append(line, "(no subject)");
		} else {
			g_string_append_printf(line, "%s(missing <", color(ctx, "dim"));
			out_append_escaped(line, row->msgid);
			g_string_append_printf(line, ">)%s", color(ctx, "reset"));
		}
		puts(line->str);
	}
	g_string_free(line, TRUE);
}

static void state_clear(struct state *st)
{
	g_array_unref(st->records);
	g_string_chunk_free(st->strings);
	if (st->rows)
		g_array_unref(st->rows);
	thread_free(st->t);
}

int cmd_mail_thread(int argc, char **argv, struct ctx *ctx)
{
	GOptionEntry entries[] = {
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the threads as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct state st = { 0 };
	const struct mail_prepare prep = { prepare, record_free, NULL };
	int rc = opt_parse(ctx, &argc, &argv, "MBOX...",
		"Threads the messages of MBOX (an mbox file, a Maildir, one message, or '-' for\n"
		"standard input; several are read in order as one mailbox) by Message-ID,\n"
		"In-Reply-To and References, and prints each thread as an indented tree:\n"
		"date, sender, subject.  Ids that only References name are shown as missing.\n"
		"Threads come in order of first appearance, replies to one message by date.\n"
		"\n"
		"--json prints {\"messages\":[{\"msgid\", \"parent\" (msgid or null), \"depth\",\n"
		"\"subject\", \"from\", \"date\" (ISO 8601 UTC or null), \"missing\"}]}, a flat\n"
		"list in thread order.  A message without a Message-ID is listed as\n"
		"nomsgid.N@quill.invalid (N: its position in the input), a second message\n"
		"with an id already seen as <id>#dup2 (#dup3, ...), each with a warning.\n"
		"Only header blocks are read.\n"
		"\n" MAIL_EXIT_HELP,
		entries);

	if (rc >= 0)
		return rc;
	st.t = thread_new(mail_warn_here, NULL);
	st.records = g_array_new(FALSE, FALSE, sizeof(struct record));
	st.strings = g_string_chunk_new(1 << 20);
	if ((rc = mail_read_operands_ahead(ctx, argc, argv, &prep, take, &st)) < 0) {
		thread_build(st.t);
		build_rows(&st);
		if (ctx->json)
			print_json_list(st.rows);
		else
			print_text(ctx, st.rows);
		rc = 0;
	}
	state_clear(&st);
	return rc;
}
