/* bench-mail.c - bench add --from-mail: the results items of a mail read
 * into roles (bench-mail.h). */
#include "bench-mail.h"
#include "core/error.h"
#include "mail/mbox.h"
#include "mail/message-body.h"
#include "mail/message.h"
#include "net/archive.h"
#include "review/items.h"

#include <string.h>

/* A mail with results items. */
struct results_mail {
	char *msgid, *link;
	GString *text;		/* the items' text, one after the other */
};

static void results_mail_free(gpointer p)
{
	struct results_mail *r = p;

	g_free(r->msgid);
	g_free(r->link);
	g_string_free(r->text, TRUE);
	g_free(r);
}

/* The results items of one message (NULL: none). */
static struct results_mail *mail_results(const char *data, gsize len, const char *link_base)
{
	struct message *m = message_parse(data, len);
	struct message_body *body = message_body_decode(m, NULL, NULL, NULL);
	GPtrArray *items = g_ptr_array_new_with_free_func(review_item_free);
	struct results_mail *r = NULL;
	struct review_mail rm = { 0 };
	char *msgid = message_msgid(m), *from = message_get_decoded(m, "From");
	char *link = msgid ? archive_link(link_base, msgid) : NULL;

	rm.msgid = msgid ? msgid : "";
	rm.from = from ? from : "";
	rm.link = link;
	rm.body = body;
	if (body)
		review_extract(review_phrases_default(), &rm, items);
	for (guint i = 0; i < items->len; i++) {
		const struct review_item *it = g_ptr_array_index(items, i);

		if (it->kind != REVIEW_RESULTS || !it->text)
			continue;
		if (!r) {
			r = g_new0(struct results_mail, 1);
			r->msgid = g_strdup(msgid);
			r->link = g_strdup(link);
			r->text = g_string_new(NULL);
		}
		g_string_append(r->text, it->text);
		if (r->text->len && r->text->str[r->text->len - 1] != '\n')
			g_string_append_c(r->text, '\n');
	}
	g_ptr_array_unref(items);
	message_body_free(body);
	message_free(m);
	g_free(msgid);
	g_free(from);
	g_free(link);
	return r;
}

/* Every mail of mb with results (struct results_mail*). */
static GPtrArray *mbox_results(struct mbox *mb, const char *link_base)
{
	GPtrArray *all = g_ptr_array_new_with_free_func(results_mail_free);
	struct mbox_msg mm;
	GError *e = NULL;

	while (mbox_next(mb, &mm, &e)) {
		gsize len;
		char *data = mbox_unescape(mm.data, mm.len, mbox_get_format(mb), &len);
		struct results_mail *r = mail_results(data, len, link_base);

		if (r)
			g_ptr_array_add(all, r);
		g_free(data);
	}
	if (e) {
		warn("%s", e->message);
		g_error_free(e);
	}
	return all;
}

/* The thread of msgid from the archive `source` into *mb; *link_base gets
 * where links point.  -1, else the exit code. */
static int fetch(struct ctx *ctx, const char *msgid, const char *source, struct mbox **mb,
		 char **link_base)
{
	struct archive_opts ao = { 0 };
	struct archive *a;
	struct archive_thread t = { 0 };
	const char *spec;
	GError *e = NULL;

	ao.warn = warn_print;
	if (!archive_opts_from_env(&ao, &e) || !archive_open(&a, source, ctx->repo, &ao, &e))
		return fail(e);
	t.msgid = msgid;
	if (!archive_threads(a, &t, 1, &e)) {
		archive_free(a);
		return fail(e);
	}
	spec = archive_spec(a);
	*link_base = g_str_has_prefix(spec, "lore:") ? g_strdup(spec + 5)
						     : archive_lore_base(ctx->repo);
	archive_free(a);
	if (t.error)
		return fail(t.error);
	mbox_open_bytes(mb, msgid, t.mbox, MBOX_RD);
	g_bytes_unref(t.mbox);
	return -1;
}

/* An id without its <> (caller owns). */
static char *bare_id(const char *id)
{
	gsize n = strlen(id);

	return n >= 2 && id[0] == '<' && id[n - 1] == '>' ? g_strndup(id + 1, n - 2) : g_strdup(id);
}

/* The mail chosen among all: -1 with *out set, else the exit code. */
static int choose(const GPtrArray *all, const char *where, const char *pick,
		  const struct results_mail **out)
{
	GString *names;

	*out = NULL;
	for (guint i = 0; pick && i < all->len; i++) {
		const struct results_mail *r = g_ptr_array_index(all, i);

		if (r->msgid && !strcmp(r->msgid, pick))
			*out = r;
	}
	if (pick)
		return *out ? -1 : failf(QUILL_ERROR_NEGATIVE, "%s: no results in the mail <%s>",
					 where, pick);
	if (all->len == 1) {
		*out = g_ptr_array_index(all, 0);
		return -1;
	}
	if (!all->len)
		return failf(QUILL_ERROR_NEGATIVE, "%s: no mail with results in it", where);
	names = g_string_new(NULL);
	for (guint i = 0; i < all->len; i++) {
		const struct results_mail *r = g_ptr_array_index(all, i);

		g_string_append_printf(names, "%s<%s>", i ? ", " : "", r->msgid ? r->msgid : "?");
	}
	failf(QUILL_ERROR_USAGE, "%s: %u mails give results: %s; pick one with --msgid ID", where,
	      all->len, names->str);
	g_string_free(names, TRUE);
	return QUILL_ERROR_USAGE;
}

/* "Key: value unit" lines read as one role: one role per key instead. */
static void split_keys(GPtrArray *roles, const char *metric)
{
	struct bench_role *r;

	if (roles->len != 1)
		return;
	r = g_ptr_array_index(roles, 0);
	if (strcmp(r->source, "kv") || r->metrics->len < 2)
		return;
	g_ptr_array_steal_index(roles, 0);
	for (guint i = 0; i < r->metrics->len; i++) {
		struct bench_metric *m = g_ptr_array_index(r->metrics, i);
		struct bench_role *k = bench_role_new("", r->source);

		k->command = m->name;
		m->name = g_strdup(metric ? metric : "value");
		k->file = g_strdup(r->file);
		r->metrics->pdata[i] = NULL;
		g_ptr_array_add(k->metrics, m);
		g_ptr_array_add(roles, k);
	}
	bench_role_free(r);
}

int bench_mail_roles(struct ctx *ctx, const char *from, const char *pick, const char *source,
		     struct bench_read_opts *ro, const char *metric, GPtrArray **roles,
		     char **where_out)
{
	struct mbox *mb = NULL;
	char *link_base = NULL, *want = pick ? bare_id(pick) : NULL;
	const struct results_mail *r;
	GPtrArray *all;
	GError *e = NULL;
	gboolean file = g_file_test(from, G_FILE_TEST_EXISTS);
	int rc = -1;

	*roles = NULL;
	*where_out = file ? g_strdup(from) : bare_id(from);
	if (file) {
		link_base = archive_lore_base(ctx->repo);
		if (!mbox_open(&mb, from, MBOX_RD, &e))
			rc = fail(e);
	} else {
		rc = fetch(ctx, *where_out, source, &mb, &link_base);
		if (!want)
			want = g_strdup(*where_out);
	}
	if (rc >= 0)
		goto out;
	all = mbox_results(mb, link_base);
	mbox_close(mb);
	rc = choose(all, *where_out, want, &r);
	if (rc < 0) {
		ro->source = *where_out;
		*roles = bench_read(r->text->str, r->text->len, ro, &e);
		if (!*roles) {
			rc = fail(e);
		} else {
			split_keys(*roles, metric);
			for (guint i = 0; i < (*roles)->len; i++) {
				struct bench_role *br = g_ptr_array_index(*roles, i);

				br->link = g_strdup(r->link);
				if (!file) {
					g_free(br->file);
					br->file = NULL;
				}
			}
		}
	}
	g_ptr_array_unref(all);
out:
	g_free(link_base);
	g_free(want);
	return rc;
}
