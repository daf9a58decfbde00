/* archive-notmuch.c - the notmuch kind of archive: a notmuch database
 * opened read-only through libnotmuch.  A thread is "thread:" of the
 * thread "id:" is in, each message's file read and handed back in date
 * order; a search is a notmuch query that finds at least what is looked
 * for (a phrase in the body, a regular expression on the subject, a from:
 * term), each candidate's file then matched exactly as the other kinds
 * match (lib/net/archive-mail). */
#include "core/error.h"
#include "core/file.h"
#include "mail/mbox.h"
#include "net/archive-kind.h"
#include "net/archive-mail.h"
#include "net/lazy.h"

#include <notmuch.h>
#include <stdlib.h>
#include <string.h>

struct nm {
	notmuch_database_t *db;
	char *name;			/* the database as messages name it */
	const struct archive_opts *opts;
};

/* The first line of notmuch's error message, or NULL (caller owns). */
static char *first_line(const char *msg)
{
	char *s;

	if (!msg)
		return NULL;
	s = g_strstrip(g_strndup(msg, strcspn(msg, "\n")));
	if (!*s) {
		g_free(s);
		return NULL;
	}
	return s;
}

static gboolean nm_open(void **state, const char *arg, const struct archive_opts *opts,
			GError **error)
{
	struct nm *nm;
	notmuch_database_t *db = NULL;
	char *msg = NULL, *line;
	notmuch_status_t st;
	const char *config = g_getenv("NOTMUCH_CONFIG");
	char *name;

	if (*arg && !g_file_test(arg, G_FILE_TEST_IS_DIR))
		return qerr(error, QUILL_ERROR_USAGE, "notmuch:%s: no such directory", arg);
	if (!lazy_notmuch_load(error))
		return FALSE;
	if (*arg)
		name = g_strdup_printf("notmuch database %s", arg);
	else if (config && *config)
		name = g_strdup_printf("notmuch database of %s", config);
	else
		name = g_strdup("notmuch database of ~/.notmuch-config");
	/* a database named: no config file in the way ("" reads none) */
	st = notmuch_database_open_with_config(*arg ? arg : NULL, NOTMUCH_DATABASE_MODE_READ_ONLY,
					       *arg ? "" : NULL, NULL, &db, &msg);
	if (st != NOTMUCH_STATUS_SUCCESS) {
		line = first_line(msg);
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: cannot open it: %s%s%s", name,
		     notmuch_status_to_string(st), line ? ": " : "", line ? line : "");
		g_free(line);
		free(msg);
		g_free(name);
		if (db)
			notmuch_database_destroy(db);
		return FALSE;
	}
	free(msg);
	nm = g_new0(struct nm, 1);
	nm->db = db;
	nm->name = name;
	nm->opts = opts;
	*state = nm;
	return TRUE;
}

/* s quoted for a notmuch query: in "", a '"' doubled. */
static void append_quoted(GString *q, const char *s)
{
	g_string_append_c(q, '"');
	for (; *s; s++) {
		if (*s == '"')
			g_string_append_c(q, '"');
		g_string_append_c(q, *s);
	}
	g_string_append_c(q, '"');
}

/* The messages of query string QS, oldest first, into *out (caller owns:
 * notmuch_query_destroy(*query) frees them). */
static gboolean run(struct nm *nm, const char *qs, notmuch_query_t **query,
		    notmuch_messages_t **out, GError **error)
{
	notmuch_status_t st;

	*query = notmuch_query_create(nm->db, qs);
	if (!*query)
		return qerr(error, QUILL_ERROR_OUTSIDE, "%s: out of memory", nm->name);
	notmuch_query_set_sort(*query, NOTMUCH_SORT_OLDEST_FIRST);
	st = notmuch_query_search_messages(*query, out);
	if (st != NOTMUCH_STATUS_SUCCESS) {
		notmuch_query_destroy(*query);
		*query = NULL;
		return qerr(error, QUILL_ERROR_OUTSIDE, "%s: query %s: %s", nm->name, qs,
			    notmuch_status_to_string(st));
	}
	return TRUE;
}

/* The raw message of m: the first of its files that can be read (caller
 * owns). */
static gboolean read_message(struct nm *nm, notmuch_message_t *m, char **data, gsize *len,
			     GError **error)
{
	notmuch_filenames_t *files = notmuch_message_get_filenames(m);
	GError *first = NULL;

	for (; files && notmuch_filenames_valid(files); notmuch_filenames_move_to_next(files)) {
		GError *e = NULL;
		if (file_read_regular(notmuch_filenames_get(files), nm->opts->max_bytes, data, len,
				      TRUE, &e)) {
			notmuch_filenames_destroy(files);
			g_clear_error(&first);
			return TRUE;
		}
		if (!first)
			first = e;
		else
			g_error_free(e);
	}
	if (files)
		notmuch_filenames_destroy(files);
	if (!first)
		return qerr(error, QUILL_ERROR_OUTSIDE, "%s: <%s> has no file",
			    nm->name, notmuch_message_get_message_id(m));
	qerr(error, QUILL_ERROR_OUTSIDE, "%s: <%s>: %s", nm->name,
	     notmuch_message_get_message_id(m), first->message);
	g_error_free(first);
	return FALSE;
}

/* The thread id of the message MSGID, or NULL when there is none (caller
 * owns). */
static gboolean thread_of(struct nm *nm, const char *msgid, char **tid, GError **error)
{
	notmuch_message_t *m = NULL;
	notmuch_status_t st = notmuch_database_find_message(nm->db, msgid, &m);

	*tid = NULL;
	if (st != NOTMUCH_STATUS_SUCCESS)
		return qerr(error, QUILL_ERROR_OUTSIDE, "%s: looking up <%s>: %s", nm->name, msgid,
			    notmuch_status_to_string(st));
	if (m) {
		*tid = g_strdup(notmuch_message_get_thread_id(m));
		notmuch_message_destroy(m);
	}
	return TRUE;
}

/* The whole thread of one msgid into t (its mbox or its error). */
static void one_thread(struct nm *nm, struct archive_thread *t)
{
	notmuch_query_t *query = NULL;
	notmuch_messages_t *msgs;
	char *tid, *qs;
	GString *out;
	gsize len;

	if (!thread_of(nm, t->msgid, &tid, &t->error))
		return;
	if (!tid) {
		qerr(&t->error, QUILL_ERROR_NEGATIVE, "%s: no such thread", t->msgid);
		return;
	}
	qs = g_strconcat("thread:", tid, NULL);
	g_free(tid);
	if (!run(nm, qs, &query, &msgs, &t->error)) {
		g_free(qs);
		return;
	}
	g_free(qs);
	out = g_string_new(NULL);
	for (; notmuch_messages_valid(msgs); notmuch_messages_move_to_next(msgs)) {
		notmuch_message_t *m = notmuch_messages_get(msgs);
		char *data;

		if (!read_message(nm, m, &data, &len, &t->error)) {
			g_string_free(out, TRUE);
			notmuch_query_destroy(query);
			return;	/* a thread is all or nothing */
		}
		mbox_append_rd(out, NULL, data, len);
		g_free(data);
		notmuch_message_destroy(m);
	}
	notmuch_query_destroy(query);
	len = out->len;
	t->mbox = g_bytes_new_take(g_string_free(out, FALSE), len);
}

static gboolean nm_threads(void *state, struct archive_thread *t, guint n, GError **error)
{
	for (guint i = 0; i < n; i++)
		one_thread(state, &t[i]);
	return TRUE;
}

/* A POSIX extended regular expression matching s in any ASCII case. */
static void append_regex(GString *q, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (g_ascii_isalpha(c))
			g_string_append_printf(q, "[%c%c]", g_ascii_toupper(c), g_ascii_tolower(c));
		else if (strchr(".[]()*+?{}|^$\\", c))
			g_string_append_printf(q, "\\%c", c);
		else
			g_string_append_c(q, (char)c);
	}
}

/* A query that finds at least what q looks for (caller owns). */
static char *query_string(const struct archive_query *q)
{
	GString *qs = g_string_new(NULL);

	if (q->change_id) {
		char *phrase = g_strconcat("change-id: ", q->change_id, NULL);
		g_string_append(qs, "body:");
		append_quoted(qs, phrase);
		g_free(phrase);
	} else {
		GString *re = g_string_new("/");
		append_regex(re, q->subject);
		g_string_append_c(re, '/');
		g_string_append(qs, "subject:");
		append_quoted(qs, re->str);
		g_string_free(re, TRUE);
		if (q->from && *q->from) {
			g_string_append(qs, " and from:");
			append_quoted(qs, q->from);
		}
	}
	return g_string_free(qs, FALSE);
}

static gboolean nm_search(void *state, const struct archive_query *q, GBytes **out,
			  GError **error)
{
	struct nm *nm = state;
	notmuch_query_t *query;
	notmuch_messages_t *msgs;
	struct archive_match mt;
	char *qs = query_string(q);
	GString *buf;
	gsize len;

	if (!run(nm, qs, &query, &msgs, error)) {
		g_free(qs);
		return FALSE;
	}
	g_free(qs);
	archive_match_init(&mt, q);
	buf = g_string_new(NULL);
	for (; notmuch_messages_valid(msgs); notmuch_messages_move_to_next(msgs)) {
		notmuch_message_t *m = notmuch_messages_get(msgs);
		char *data;

		if (!read_message(nm, m, &data, &len, error)) {
			archive_match_clear(&mt);
			g_string_free(buf, TRUE);
			notmuch_query_destroy(query);
			return FALSE;
		}
		if (archive_match_raw(&mt, data, len))
			mbox_append_rd(buf, NULL, data, len);
		g_free(data);
		notmuch_message_destroy(m);
	}
	archive_match_clear(&mt);
	notmuch_query_destroy(query);
	len = buf->len;
	*out = g_bytes_new_take(g_string_free(buf, FALSE), len);
	return TRUE;
}

static void nm_close(void *state)
{
	struct nm *nm = state;

	if (!nm)
		return;
	notmuch_database_destroy(nm->db);
	g_free(nm->name);
	g_free(nm);
}

const struct archive_kind archive_kind_notmuch = { "notmuch", FALSE, nm_open, nm_threads,
						   nm_search, nm_close };
