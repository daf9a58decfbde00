/* archive-local.c - the mbox: and maildir: kinds of archive: the mailbox
 * is read whole through lib/net/source at each question, threaded with
 * lib/mail/thread, and what was asked for handed back as mboxrd in the
 * order the mailbox has it. */
#include "core/error.h"
#include "mail/mbox.h"
#include "mail/thread.h"
#include "net/archive-kind.h"
#include "net/archive-mail.h"
#include "net/source.h"

#include <stdio.h>
#include <string.h>

struct local {
	char *spec;			/* "mbox:FILE", as source_add_spec takes it */
	gboolean escaped;		/* an mbox: bodies are still mboxrd-escaped */
	GBytes *stdin_mbox;		/* mbox:-: standard input, read once at open */
	const struct archive_opts *opts;
};

/* One message read: its span in the source (valid until source_free). */
struct lmsg {
	const char *data;
	gsize len;
};

static GBytes *take_bytes(GString *out);
static void local_close(void *state);

static gboolean open_source(struct local *l, struct source **out, GError **error)
{
	*out = source_new(l->opts->warn, l->opts->warn_payload);
	if (l->stdin_mbox) {
		source_add_bytes(*out, "standard input", l->stdin_mbox);
		return TRUE;
	}
	if (source_add_spec(*out, l->spec, error))
		return TRUE;
	source_free(*out);
	*out = NULL;
	return FALSE;
}

static gboolean local_open(void **state, const char *kind, const char *arg,
			   const struct archive_opts *opts, GError **error)
{
	struct local *l = g_new0(struct local, 1);
	struct source *s;

	l->spec = g_strconcat(kind, ":", arg, NULL);
	l->escaped = !strcmp(kind, "mbox");
	l->opts = opts;
	if (!open_source(l, &s, error)) {	/* say now when it names nothing */
		g_free(l->spec);
		g_free(l);
		return FALSE;
	}
	source_free(s);
	*state = l;
	return TRUE;
}

/* All of standard input, up to max bytes (caller owns). */
static gboolean read_stdin(GBytes **out, guint64 max, GError **error)
{
	GString *buf = g_string_new(NULL);
	char chunk[65536];
	size_t n;

	while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) {
		g_string_append_len(buf, chunk, (gssize)n);
		if (buf->len > max) {
			g_string_free(buf, TRUE);
			return qerr(error, QUILL_ERROR_INPUT,
				    "standard input: over %" G_GUINT64_FORMAT " bytes", max);
		}
	}
	if (ferror(stdin)) {
		g_string_free(buf, TRUE);
		return qerr(error, QUILL_ERROR_OUTSIDE, "standard input: read failed");
	}
	*out = take_bytes(buf);
	return TRUE;
}

static gboolean mbox_kind_open(void **state, const char *arg, const struct archive_opts *opts,
			       GError **error)
{
	struct local *l;

	if (strcmp(arg, "-"))
		return local_open(state, "mbox", arg, opts, error);
	/* read more than once: kept in memory */
	l = g_new0(struct local, 1);
	l->spec = g_strdup("mbox:-");
	l->escaped = TRUE;
	l->opts = opts;
	if (!read_stdin(&l->stdin_mbox, opts->max_bytes, error)) {
		local_close(l);
		return FALSE;
	}
	*state = l;
	return TRUE;
}

static gboolean maildir_kind_open(void **state, const char *arg, const struct archive_opts *opts,
				  GError **error)
{
	return local_open(state, "maildir", arg, opts, error);
}

/* Append message M as mboxrd: an mbox's is unescaped first. */
static void append(const struct local *l, GString *out, const struct lmsg *m)
{
	if (l->escaped) {
		gsize n;
		char *raw = mbox_unescape(m->data, m->len, MBOX_RD, &n);
		mbox_append_rd(out, NULL, raw, n);
		g_free(raw);
	} else {
		mbox_append_rd(out, NULL, m->data, m->len);
	}
}

static GBytes *take_bytes(GString *out)
{
	gsize len = out->len;
	return g_bytes_new_take(g_string_free(out, FALSE), len);
}

static gboolean local_threads(void *state, struct archive_thread *t, guint n, GError **error)
{
	struct local *l = state;
	struct source *s;
	struct source_mail sm;
	GArray *msgs = g_array_new(FALSE, FALSE, sizeof(struct lmsg));
	struct source_here here = { NULL, l->opts->warn, l->opts->warn_payload };
	struct thread *th = thread_new(source_warn_here, &here);
	GHashTable *pos = g_hash_table_new(g_str_hash, g_str_equal);
	guint *root = NULL, len;
	GError *e = NULL;
	gboolean ok = FALSE;

	if (!open_source(l, &s, error))
		goto out;
	here.src = s;
	while (source_next(s, &sm, &e)) {
		struct lmsg m = { sm.m->data, sm.m->len };
		g_array_append_val(msgs, m);
		thread_add(th, sm.msgid, sm.refs, sm.nrefs, sm.in_reply_to, message_date(sm.m));
	}
	if (e) {
		g_propagate_error(error, e);
		goto out;
	}
	thread_build(th);
	/* a parent is listed before its children: each entry's root in one pass */
	len = thread_len(th);
	root = g_new(guint, len ? len : 1);
	for (guint i = 0; i < len; i++) {
		const struct thread_entry *te = thread_get(th, i);
		root[i] = te->parent < 0 ? i : root[te->parent];
		if (te->message >= 0 && !g_hash_table_contains(pos, te->msgid))
			g_hash_table_insert(pos, (gpointer)te->msgid, GUINT_TO_POINTER(i + 1));
	}
	for (guint k = 0; k < n; k++) {
		guint p = GPOINTER_TO_UINT(g_hash_table_lookup(pos, t[k].msgid));
		GString *out;

		if (!p) {
			qerr(&t[k].error, QUILL_ERROR_NEGATIVE, "%s: no such thread", t[k].msgid);
			continue;
		}
		out = g_string_new(NULL);
		for (guint i = 0; i < msgs->len; i++)
			if (root[thread_position(th, i)] == root[p - 1])
				append(l, out, &g_array_index(msgs, struct lmsg, i));
		t[k].mbox = take_bytes(out);
	}
	ok = TRUE;
out:
	g_free(root);
	g_hash_table_unref(pos);
	thread_free(th);
	g_array_unref(msgs);
	if (s)
		source_free(s);
	return ok;
}

static gboolean local_search(void *state, const struct archive_query *q, GBytes **out,
			     GError **error)
{
	struct local *l = state;
	struct source *s;
	struct source_mail sm;
	struct archive_match mt;
	GString *buf;
	GError *e = NULL;

	if (!open_source(l, &s, error))
		return FALSE;
	archive_match_init(&mt, q);
	buf = g_string_new(NULL);
	while (source_next(s, &sm, &e)) {
		struct archive_mail am;
		struct lmsg m = { sm.m->data, sm.m->len };

		archive_mail_read(&am, sm.m, sm.body, sm.body_len);
		if (archive_match(&mt, am.subject, am.from, am.change_id))
			append(l, buf, &m);
		archive_mail_clear(&am);
	}
	archive_match_clear(&mt);
	source_free(s);
	if (e) {
		g_propagate_error(error, e);
		g_string_free(buf, TRUE);
		return FALSE;
	}
	*out = take_bytes(buf);
	return TRUE;
}

static void local_close(void *state)
{
	struct local *l = state;

	if (!l)
		return;
	if (l->stdin_mbox)
		g_bytes_unref(l->stdin_mbox);
	g_free(l->spec);
	g_free(l);
}

const struct archive_kind archive_kind_mbox = { "mbox", TRUE, mbox_kind_open, local_threads,
						local_search, local_close };
const struct archive_kind archive_kind_maildir = { "maildir", TRUE, maildir_kind_open,
						   local_threads, local_search, local_close };
