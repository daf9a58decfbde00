/* send-outbox.c - the outbox of series send in the series state:
 * v<N>/outbox.json and v<N>/outbox/<NNNN>.eml (send.h, send-private.h). */
#include "series/send-private.h"
#include "core/date.h"
#include "core/error.h"

#include <jansson.h>
#include <string.h>

#define OUTBOX_MAX_MAILS 100000

static const char *const status_names[] = { "pending", "sending", "sent" };

const char *send_status_name(enum send_status st)
{
	return status_names[st];
}

void send_mail_free(struct send_mail *m)
{
	if (!m)
		return;
	g_free(m->msgid);
	g_free(m->subject);
	g_strfreev(m->rcpts);
	g_strfreev(m->to);
	g_strfreev(m->cc);
	g_free(m->time);
	g_free(m->reply);
	g_free(m);
}

struct send_mail *send_mail_copy(const struct send_mail *m)
{
	struct send_mail *c = g_new0(struct send_mail, 1);

	*c = *m;
	c->msgid = g_strdup(m->msgid);
	c->subject = g_strdup(m->subject);
	c->rcpts = g_strdupv(m->rcpts);
	c->to = g_strdupv(m->to);
	c->cc = g_strdupv(m->cc);
	c->time = g_strdup(m->time);
	c->reply = g_strdup(m->reply);
	return c;
}

struct outbox *outbox_new(int version, gint64 when, const char *base, const char *tip)
{
	struct outbox *ob = g_new0(struct outbox, 1);

	ob->version = version;
	ob->when = when;
	ob->started = date_iso(when);
	g_strlcpy(ob->base, base ? base : "", sizeof ob->base);
	g_strlcpy(ob->tip, tip ? tip : "", sizeof ob->tip);
	ob->mails = g_ptr_array_new_with_free_func((GDestroyNotify)send_mail_free);
	ob->texts = g_ptr_array_new_with_free_func(g_free);
	return ob;
}

void outbox_free(struct outbox *ob)
{
	if (!ob)
		return;
	g_free(ob->started);
	g_ptr_array_unref(ob->mails);
	g_ptr_array_unref(ob->texts);
	g_free(ob);
}

void outbox_add(struct outbox *ob, struct send_mail *m, const char *text)
{
	g_ptr_array_add(ob->mails, m);
	g_ptr_array_add(ob->texts, g_strdup(text));
}

static char *mail_path(int version, guint i)
{
	return g_strdup_printf("v%d/outbox/%04u.eml", version, i + 1);
}

static json_t *strv_to_json(char **v)
{
	json_t *a = json_array();

	for (guint i = 0; v && v[i]; i++)
		json_array_append_new(a, json_string(v[i]));
	return a;
}

static json_t *nullable(const char *s)
{
	return s ? json_string(s) : json_null();
}

static char *outbox_json(const struct outbox *ob)
{
	json_t *mails = json_array(), *root;
	char *text, *copy;

	for (guint i = 0; i < ob->mails->len; i++) {
		const struct send_mail *m = g_ptr_array_index(ob->mails, i);
		char *file = g_strdup_printf("%04u.eml", i + 1);

		json_array_append_new(mails, json_pack(
			"{s:i, s:s, s:s, s:s, s:o, s:o, s:o, s:s, s:o, s:o}", "index", m->index,
			"file", file, "msgid", m->msgid, "subject", m->subject, "rcpts",
			strv_to_json(m->rcpts), "to", strv_to_json(m->to), "cc", strv_to_json(m->cc),
			"status", send_status_name(m->status), "time", nullable(m->time), "reply",
			nullable(m->reply)));
		g_free(file);
	}
	root = json_pack("{s:i, s:s, s:I}", "version", ob->version, "started", ob->started, "when",
			 (json_int_t)ob->when);
	if (ob->base[0])
		json_object_set_new(root, "base", json_string(ob->base));
	json_object_set_new(root, "tip", json_string(ob->tip));
	json_object_set_new(root, "mails", mails);
	text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	json_decref(root);
	copy = g_strconcat(text, "\n", NULL);
	free(text);
	return copy;
}

gboolean outbox_commit(struct outbox *ob, git_repository *repo, struct state *st,
		       gboolean with_mails, const char *message, GError **error)
{
	outbox_put(ob, st, with_mails);
	return store_commit(repo, st, message, NULL, 0, error);
}

void outbox_put(const struct outbox *ob, struct state *st, gboolean with_mails)
{
	char *json = outbox_json(ob), *path = g_strdup_printf("v%d/outbox.json", ob->version);

	if (with_mails) {	/* the files of an earlier outbox that went nowhere */
		char *dir = g_strdup_printf("v%d/outbox/", ob->version);
		GPtrArray *paths = state_paths(st);
		GPtrArray *old = g_ptr_array_new_with_free_func(g_free);

		for (guint i = 0; i < paths->len; i++)
			if (g_str_has_prefix(g_ptr_array_index(paths, i), dir))
				g_ptr_array_add(old, g_strdup(g_ptr_array_index(paths, i)));
		g_ptr_array_unref(paths);
		for (guint i = 0; i < old->len; i++)
			state_remove(st, g_ptr_array_index(old, i));
		g_ptr_array_unref(old);
		g_free(dir);
	}
	for (guint i = 0; with_mails && i < ob->texts->len; i++) {
		char *p = mail_path(ob->version, i);
		state_set_string(st, p, g_ptr_array_index(ob->texts, i));
		g_free(p);
	}
	state_set_string(st, path, json);
	g_free(path);
	g_free(json);
}

/* ---- reading ---- */

/* A list of strings, or NULL when `v` is not one. */
static char **json_to_strv(const json_t *v)
{
	GPtrArray *a;
	const json_t *e;
	size_t i;

	if (!json_is_array(v))
		return NULL;
	a = g_ptr_array_new();
	json_array_foreach(v, i, e) {
		if (!json_is_string(e)) {
			g_ptr_array_set_free_func(a, g_free);
			g_ptr_array_unref(a);
			return NULL;
		}
		g_ptr_array_add(a, g_strdup(json_string_value(e)));
	}
	g_ptr_array_add(a, NULL);
	return (char **)g_ptr_array_free(a, FALSE);
}

static const char *opt_string(const json_t *o, const char *key, gboolean *bad)
{
	const json_t *v = json_object_get(o, key);

	if (!v || json_is_null(v))
		return NULL;
	if (!json_is_string(v))
		*bad = TRUE;
	return json_string_value(v);
}

static gboolean parse_status(enum send_status *out, const char *name)
{
	for (guint i = 0; i < G_N_ELEMENTS(status_names); i++)
		if (!g_strcmp0(name, status_names[i])) {
			*out = (enum send_status)i;
			return TRUE;
		}
	return FALSE;
}

/* Mail i of the outbox: NULL when the entry or its file is not right. */
static struct send_mail *parse_mail(const json_t *e, const struct state *st, int version,
				    guint i, char **text)
{
	struct send_mail *m = g_new0(struct send_mail, 1);
	gboolean bad = FALSE;
	const char *msgid = opt_string(e, "msgid", &bad), *subject = opt_string(e, "subject", &bad);
	const char *time = opt_string(e, "time", &bad), *reply = opt_string(e, "reply", &bad);
	char *path = mail_path(version, i);

	m->index = (int)json_integer_value(json_object_get(e, "index"));
	m->msgid = g_strdup(msgid);
	m->subject = g_strdup(subject ? subject : "");
	m->time = g_strdup(time);
	m->reply = g_strdup(reply);
	m->rcpts = json_to_strv(json_object_get(e, "rcpts"));
	m->to = json_to_strv(json_object_get(e, "to"));
	m->cc = json_to_strv(json_object_get(e, "cc"));
	*text = state_get_string(st, path);
	g_free(path);
	if (bad || !json_is_integer(json_object_get(e, "index")) || m->index < 0 || !msgid ||
	    !m->rcpts || !m->rcpts[0] || !m->to || !m->cc || !*text ||
	    !parse_status(&m->status, opt_string(e, "status", &bad))) {
		send_mail_free(m);
		g_free(*text);
		*text = NULL;
		return NULL;
	}
	return m;
}

static gboolean parse_outbox(struct outbox *ob, const json_t *root, const struct state *st,
			     int version)
{
	const json_t *mails = json_object_get(root, "mails"), *e;
	const char *tip = json_string_value(json_object_get(root, "tip"));
	const char *base = json_string_value(json_object_get(root, "base"));
	size_t i;

	if (!json_is_object(root) || json_integer_value(json_object_get(root, "version")) != version ||
	    !json_is_integer(json_object_get(root, "when")) || !json_is_array(mails) ||
	    json_array_size(mails) == 0 || json_array_size(mails) > OUTBOX_MAX_MAILS || !tip ||
	    strlen(tip) != GIT_OID_HEXSZ || (base && strlen(base) != GIT_OID_HEXSZ))
		return FALSE;
	g_strlcpy(ob->base, base ? base : "", sizeof ob->base);
	ob->when = json_integer_value(json_object_get(root, "when"));
	g_free(ob->started);
	ob->started = date_iso(ob->when);
	g_strlcpy(ob->tip, tip, sizeof ob->tip);
	json_array_foreach(mails, i, e) {
		char *text = NULL;
		struct send_mail *m = parse_mail(e, st, version, (guint)i, &text);

		if (!m)
			return FALSE;
		outbox_add(ob, m, text);
		g_free(text);
	}
	return TRUE;
}

gboolean outbox_read(struct outbox **out, const struct state *st, int version, GError **error)
{
	char *path = g_strdup_printf("v%d/outbox.json", version);
	char *text = state_get_string(st, path);
	struct outbox *ob;
	json_error_t je;
	json_t *root;

	*out = NULL;
	if (!text) {
		g_free(path);
		return TRUE;
	}
	root = json_loads(text, JSON_REJECT_DUPLICATES, &je);
	g_free(text);
	ob = outbox_new(version, 0, NULL, NULL);
	if (!root || !parse_outbox(ob, root, st, version)) {
		qerr(error, QUILL_ERROR_INPUT, "series '%s': %s is damaged%s%s", state_name(st), path,
		     root ? "" : ": ", root ? "" : je.text);
		json_decref(root);
		outbox_free(ob);
		g_free(path);
		return FALSE;
	}
	json_decref(root);
	g_free(path);
	*out = ob;
	return TRUE;
}
