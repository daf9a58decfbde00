/* am.c - a posted series made am-ready (see am.h). */
#include "review/am.h"

#include <string.h>

#include <gmime/gmime.h>

#include "core/error.h"
#include "git/ident.h"
#include "lint/lint.h"
#include "mail/mailinfo.h"
#include "mail/mbox.h"
#include "mail/subject.h"
#include "mail/trailer.h"
#include "review/collect.h"

/* One message of the input, kept whole (mbox escaping undone). */
struct held {
	char *msgid, *irt;
	char **refs;		/* NULL-terminated */
	char *data;
	gsize len;
	struct subject sub;
	gboolean posted;	/* a patch (index >= 1) or a cover, not a reply */
	gboolean keep;		/* in the thread asked for */
};

static void held_free(gpointer p)
{
	struct held *h = p;

	g_free(h->msgid);
	g_free(h->irt);
	g_strfreev(h->refs);
	g_free(h->data);
	subject_clear(&h->sub);
	g_free(h);
}

static void patch_free(gpointer p)
{
	struct am_patch *a = p;

	g_free(a->msgid);
	g_free(a->subject);
	g_free(a->author);
	if (a->added)
		g_ptr_array_unref(a->added);
	g_free(a->mail);
	g_free(a);
}

void am_result_free(struct am_result *r)
{
	if (!r)
		return;
	g_ptr_array_unref(r->patches);
	g_ptr_array_unref(r->missing);
	g_free(r);
}

/* Every message of src into held (struct held*). */
static gboolean read_all(struct source *src, GPtrArray *held, GError **error)
{
	struct source_mail sm;
	GError *e = NULL;

	while (source_next(src, &sm, &e)) {
		struct held *h = g_new0(struct held, 1);
		gsize hl = sm.m->body < sm.m->len ? sm.m->body : sm.m->len, bl = 0;
		char *body = mbox_unescape(sm.body, sm.body_len, MBOX_RD, &bl);
		char *subj = message_get_decoded(sm.m, "Subject");

		h->msgid = g_strdup(sm.msgid);
		h->irt = g_strdup(sm.in_reply_to);
		h->refs = g_new0(char *, sm.nrefs + 1);
		for (guint i = 0; i < sm.nrefs; i++)
			h->refs[i] = g_strdup(sm.refs[i]);
		h->len = hl + bl;
		h->data = g_malloc(h->len + 1);
		memcpy(h->data, sm.m->data, hl);
		memcpy(h->data + hl, body, bl);
		h->data[h->len] = '\0';
		g_free(body);
		subject_parse(&h->sub, subj ? subj : "", -1);
		g_free(subj);
		h->posted = h->sub.is_patch && !h->sub.reply && !h->sub.forward;
		h->keep = TRUE;
		g_ptr_array_add(held, h);
	}
	if (e) {
		g_propagate_error(error, e);
		return FALSE;
	}
	return TRUE;
}

static gboolean held_links(const struct held *h, GHashTable *set)
{
	if (g_hash_table_contains(set, h->msgid) || (h->irt && g_hash_table_contains(set, h->irt)))
		return TRUE;
	for (char **r = h->refs; *r; r++)
		if (g_hash_table_contains(set, *r))
			return TRUE;
	return FALSE;
}

/* Keep only the thread `id` is in: the message, its ancestors, and what
 * answers any of them, to the end. */
static void keep_thread(GPtrArray *held, const char *id)
{
	GHashTable *set = g_hash_table_new(g_str_hash, g_str_equal);
	gboolean grew = TRUE;

	g_hash_table_add(set, (gpointer)id);
	for (guint i = 0; i < held->len; i++) {
		struct held *h = held->pdata[i];
		h->keep = FALSE;
		if (!strcmp(h->msgid, id)) {
			for (char **r = h->refs; *r; r++)
				g_hash_table_add(set, *r);
			if (h->irt)
				g_hash_table_add(set, h->irt);
		}
	}
	while (grew) {
		grew = FALSE;
		for (guint i = 0; i < held->len; i++) {
			struct held *h = held->pdata[i];
			if (!h->keep && held_links(h, set)) {
				h->keep = TRUE;
				g_hash_table_add(set, h->msgid);
				grew = TRUE;
			}
		}
	}
	g_hash_table_unref(set);
}

/* The posted patch `index` of version v (the first one), or NULL. */
static struct held *find_posted(GPtrArray *held, int v, int index)
{
	for (guint i = 0; i < held->len; i++) {
		struct held *h = held->pdata[i];
		int hi = h->sub.total ? h->sub.index : 1;
		if (h->keep && h->posted && h->sub.version == v && hi == index)
			return h;
	}
	return NULL;
}

static int newest_version(GPtrArray *held)
{
	int v = 0;

	for (guint i = 0; i < held->len; i++) {
		struct held *h = held->pdata[i];
		if (h->keep && h->posted && (h->sub.index >= 1 || !h->sub.total) && h->sub.version > v)
			v = h->sub.version;
	}
	return v;
}

/* The kept messages again as one mbox, for review_collect. */
static GBytes *kept_mbox(GPtrArray *held)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < held->len; i++) {
		struct held *h = held->pdata[i];
		if (h->keep)
			mbox_append_rd(s, NULL, h->data, h->len);
	}
	return g_string_free_to_bytes(s);
}

/* Whether every patch of v present answers the same X/N of v - 1, so the
 * rest can be taken from v - 1. */
static gboolean is_reroll(GPtrArray *held, int v, int total)
{
	gboolean any = FALSE;

	if (v < 2)
		return FALSE;
	for (int i = 1; i <= total; i++) {
		struct held *h = find_posted(held, v, i), *old;
		if (!h)
			continue;
		old = find_posted(held, v - 1, i);
		if (!old || old->sub.total != total || !h->irt || strcmp(h->irt, old->msgid))
			return FALSE;
		any = TRUE;
	}
	return any;
}

/* ---- building one mail ---- */

static char *info_field(const GString *info, const char *key)
{
	gsize kl = strlen(key);
	const char *p = info->str;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		gsize ll = nl ? (gsize)(nl - p) : strlen(p);
		if (ll > kl + 1 && !strncmp(p, key, kl) && p[kl] == ':' && p[kl + 1] == ' ')
			return g_strndup(p + kl + 2, ll - kl - 2);
		p = nl ? nl + 1 : NULL;
	}
	return g_strdup("");
}

/* A raw header value as it was (unfolded lines kept), or NULL. */
static char *raw_header(const struct message *m, const char *name)
{
	const struct message_field *f = message_field(m, name);
	char *v;

	if (!f)
		return NULL;
	v = g_strndup(f->value, f->value_len);
	return g_strstrip(v);
}

static gboolean has_line(const char *block, gsize len, const char *line)
{
	gsize ll = strlen(line);
	const char *p = block, *end = block + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		gsize l = nl ? (gsize)(nl - p) : (gsize)(end - p);
		if (l == ll && !g_ascii_strncasecmp(p, line, ll))
			return TRUE;
		p = nl ? nl + 1 : end;
	}
	return FALSE;
}

/* The last trailer line of block[0..len) equals `line`. */
static gboolean last_line_is(const char *block, gsize len, const char *line)
{
	gsize ll = strlen(line);

	while (len && (block[len - 1] == '\n' || block[len - 1] == ' '))
		len--;
	return len >= ll && (len == ll || block[len - ll - 1] == '\n') &&
	       !strncmp(block + len - ll, line, ll);
}

/* The commit message (title, blank line, msg) with `add` appended to its
 * trailer block; the title is left out of the result. */
static char *complete_message(const char *title, const GString *msg, GPtrArray *add)
{
	GString *full = g_string_new(title);
	struct trailer_opts to = { 0 };
	struct trailer_block b;
	gsize tl;
	char *out;

	g_string_append(full, "\n\n");
	tl = full->len;
	g_string_append_len(full, msg->str, msg->len);
	while (full->len > tl && g_ascii_isspace(full->str[full->len - 1]))
		g_string_truncate(full, full->len - 1);
	g_string_append_c(full, '\n');
	if (add->len) {
		gboolean block = trailer_block_find(full->str, full->len, &to, &b) &&
				 b.end == full->len;
		if (!block)
			g_string_append_c(full, '\n');
		for (guint i = 0; i < add->len; i++)
			g_string_append_printf(full, "%s\n", (char *)add->pdata[i]);
	}
	out = g_strdup(full->str + tl);
	g_string_free(full, TRUE);
	return out;
}

static void header_line(GString *out, const char *name, const char *value)
{
	if (value)
		g_string_append_printf(out, "%s: %s\n", name, value);
}

/* The trailers to add to patch p: the collected ones, a Link:, the
 * Signed-off-by; minus what the message already has. */
static void plan_trailers(struct am_patch *a, const struct collect_patch *cp,
			  const struct collect_result *cr, const GString *msg,
			  const struct am_opts *o)
{
	struct trailer_opts to = { 0 };
	struct trailer_block b = { 0 };
	const char *blk = msg->str;
	gsize blen = 0;
	char *full = g_strconcat("x\n\n", msg->str, NULL);

	if (trailer_block_find(full, strlen(full), &to, &b)) {
		blk = full + b.start;
		blen = b.end - b.start;
	}
	for (guint i = 0; cp && i < cp->add->len; i++) {
		const struct collect_trailer *t = cp->add->pdata[i];
		gboolean cover = FALSE;
		for (guint j = 0; o->no_cover_trailers && cr->cover && j < cr->cover->len; j++) {
			const struct collect_trailer *c = cr->cover->pdata[j];
			if (!g_ascii_strcasecmp(c->trailer, t->trailer) &&
			    !g_strcmp0(c->msgid, t->msgid))
				cover = TRUE;
		}
		if (!cover && !has_line(blk, blen, t->trailer))
			g_ptr_array_add(a->added, g_strdup(t->trailer));
	}
	if (o->linkmask) {
		GString *l = g_string_new("Link: ");
		const char *pc = strstr(o->linkmask, "%s");
		if (pc) {
			g_string_append_len(l, o->linkmask, pc - o->linkmask);
			g_string_append(l, a->msgid);
			g_string_append(l, pc + 2);
		} else {
			g_string_append(l, o->linkmask);
		}
		if (!has_line(blk, blen, l->str))
			g_ptr_array_add(a->added, g_string_free(l, FALSE));
		else
			g_string_free(l, TRUE);
	}
	if (o->signoff) {
		char *sob = g_strconcat("Signed-off-by: ", o->signoff, NULL);
		if (a->added->len || !last_line_is(blk, blen, sob))
			g_ptr_array_add(a->added, sob);
		else
			g_free(sob);
	}
	g_free(full);
}

/* Build the am-ready mail of h as patch i/total of version v. */
static gboolean build_mail(struct am_patch *a, const struct held *h, int v,
			   const struct collect_patch *cp, const struct collect_result *cr,
			   const struct am_opts *o, GError **error)
{
	struct mailinfo_options mo;
	struct mailinfo_result mr = { 0 };
	struct message *m = message_parse(h->data, h->len);
	GString *out = g_string_new(NULL);
	char *name, *email, *subj, *from, *body, *hfrom_name;
	GString *hn = g_string_new(NULL), *he = g_string_new(NULL);
	gboolean inbody;

	mailinfo_options_init(&mo);
	mo.warn = o->warn;
	mo.warn_payload = o->payload;
	if (!mailinfo_split(h->data, h->len, &mo, &mr, error)) {
		message_free(m);
		g_string_free(out, TRUE);
		g_string_free(hn, TRUE);
		g_string_free(he, TRUE);
		return FALSE;
	}
	name = info_field(mr.info, "Author");
	email = info_field(mr.info, "Email");
	subj = info_field(mr.info, "Subject");
	a->author = g_strdup_printf("%s <%s>", name, email);
	a->subject = g_strdup(subj);
	hfrom_name = message_get_decoded(m, "From");
	mailinfo_parse_from(hfrom_name ? hfrom_name : "", hn, he);
	inbody = g_ascii_strcasecmp(he->str, email) || strcmp(hn->str, name);

	plan_trailers(a, cp, cr, mr.msg, o);
	body = complete_message(subj, mr.msg, a->added);

	from = raw_header(m, "From");
	header_line(out, "From", from);
	g_free(from);
	from = raw_header(m, "Date");
	header_line(out, "Date", from);
	g_free(from);
	{
		char *s = g_strdup_printf("[PATCH v%d %d/%d] %s", v, a->patch, a->total, subj);
		char *enc = g_mime_utils_header_encode_text(NULL, s, "utf-8");
		header_line(out, "Subject", enc);
		g_free(enc);
		g_free(s);
	}
	g_string_append_printf(out, "Message-ID: <%s>\n", h->msgid);
	g_string_append(out, "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
			     "Content-Transfer-Encoding: 8bit\n\n");
	if (inbody)
		g_string_append_printf(out, "From: %s\n\n", a->author);
	g_string_append(out, body);
	g_string_append_len(out, mr.patch->str, mr.patch->len);
	a->mail = g_string_free(out, FALSE);

	g_free(body);
	g_free(hfrom_name);
	g_free(name);
	g_free(email);
	g_free(subj);
	g_string_free(hn, TRUE);
	g_string_free(he, TRUE);
	mailinfo_result_clear(&mr);
	message_free(m);
	return TRUE;
}

/* Lint the mails built against o->policy; findings to warn. */
static void lint_result(const struct am_result *r, const struct am_opts *o)
{
	struct lint *l = lint_new(o->policy, o->repo, NULL, NULL, NULL);
	GArray *f = g_array_new(FALSE, TRUE, sizeof(struct lint_finding));

	for (guint i = 0; i < r->patches->len; i++) {
		const struct am_patch *a = r->patches->pdata[i];
		struct lint_mail lm;
		char *where = g_strdup_printf("v%d %d/%d", r->version, a->patch, a->total);
		char *sname = NULL, *semail = NULL;
		GError *e = NULL;

		if (!lint_mail_read(&lm, where, a->mail, strlen(a->mail), NULL, 0, 1, &e)) {
			g_clear_error(&e);
			g_free(where);
			continue;
		}
		if (o->signoff) {
			/* the maintainer passes it on: the submitter from here is them */
			ident_split(o->signoff, &sname, &semail);
			lm.in.submitter_name = sname;
			lm.in.submitter_email = semail;
		}
		lint_check(l, &lm.in, f);
		for (guint k = 0; k < f->len; k++) {
			const struct lint_finding *x = &g_array_index(f, struct lint_finding, k);
			if (!x->ignored && x->severity >= POLICY_WARNING && o->warn)
				o->warn(o->payload, "%s: %s: %s: %s", where,
					policy_severity_name(x->severity), x->rule, x->message);
		}
		lint_findings_clear(f);
		lint_mail_clear(&lm);
		g_free(sname);
		g_free(semail);
		g_free(where);
	}
	g_array_unref(f);
	lint_free(l);
}

/* Collect the trailers for version v from the kept messages. */
static gboolean collect(GPtrArray *held, int v, const struct am_opts *o,
			struct collect_result **cr, GError **error)
{
	struct source *s = source_new(o->warn, o->payload);
	GBytes *mb = kept_mbox(held);
	struct collect_opts co = { 0 };
	const char *in = o->name ? o->name : "the input";
	/* the messages kept, re-read: warnings name the input and the thread,
	 * with positions in the thread */
	char *name = o->thread ? g_strdup_printf("%s, the thread of <%s>", in, o->thread)
			       : g_strdup_printf("%s, its patch mails", in);
	gboolean ok;

	source_add_bytes(s, name, mb);
	g_free(name);
	g_bytes_unref(mb);
	co.version = v;
	co.link_base = o->link_base;
	co.warn = o->warn;
	co.payload = o->payload;
	ok = review_collect(s, &co, cr, error);
	source_free(s);
	return ok;
}

static const struct collect_patch *collected(const struct collect_result *cr, int i)
{
	for (guint k = 0; cr && k < cr->patches->len; k++) {
		const struct collect_patch *cp = cr->patches->pdata[k];
		if (cp->patch == i)
			return cp;
	}
	return NULL;
}

/* The patches of version v: found, completed from v - 1, or missing. */
static void pick(GPtrArray *held, int v, struct am_result *r, struct held **picked, int total)
{
	gboolean reroll = is_reroll(held, v, total);

	for (int i = 1; i <= total; i++) {
		picked[i] = find_posted(held, v, i);
		if (!picked[i] && reroll)
			picked[i] = find_posted(held, v - 1, i);
		if (!picked[i])
			g_ptr_array_add(r->missing,
					g_strdup_printf("v%d: patch %d/%d is not in the input", v, i,
							total));
	}
}

static int version_total(GPtrArray *held, int v)
{
	for (guint i = 0; i < held->len; i++) {
		struct held *h = held->pdata[i];
		if (h->keep && h->posted && h->sub.version == v)
			return h->sub.total ? h->sub.total : 1;
	}
	return 0;
}

gboolean review_am(struct source *src, const struct am_opts *o, struct am_result **out,
		   GError **error)
{
	GPtrArray *held = g_ptr_array_new_with_free_func(held_free);
	struct am_result *r = g_new0(struct am_result, 1);
	struct collect_result *cr = NULL;
	struct held **picked = NULL;
	int total;
	gboolean ok = FALSE;

	r->patches = g_ptr_array_new_with_free_func(patch_free);
	r->missing = g_ptr_array_new_with_free_func(g_free);
	*out = NULL;
	if (!read_all(src, held, error))
		goto done;
	if (o->thread)
		keep_thread(held, o->thread);
	r->version = o->version ? o->version : newest_version(held);
	if (!newest_version(held)) {
		qerr(error, QUILL_ERROR_INPUT, "no patches in it");
		goto done;
	}
	total = version_total(held, r->version);
	if (!total) {
		qerr(error, QUILL_ERROR_NEGATIVE, "v%d: not in the input", r->version);
		goto done;
	}
	picked = g_new0(struct held *, total + 1);
	pick(held, r->version, r, picked, total);
	if (r->missing->len && !o->partial) {
		GString *s = g_string_new(NULL);
		for (guint i = 0; i < r->missing->len; i++)
			g_string_append_printf(s, "%s%s", i ? "; " : "",
					       (char *)r->missing->pdata[i]);
		qerr(error, QUILL_ERROR_NEGATIVE, "%s (--partial takes what is there)", s->str);
		g_string_free(s, TRUE);
		goto done;
	}
	if (!collect(held, r->version, o, &cr, error))
		goto done;
	for (int i = 1; i <= total; i++) {
		struct am_patch *a;
		if (!picked[i])
			continue;
		a = g_new0(struct am_patch, 1);
		a->patch = i;
		a->total = total;
		a->msgid = g_strdup(picked[i]->msgid);
		a->from_version = picked[i]->sub.version;
		a->added = g_ptr_array_new_with_free_func(g_free);
		g_ptr_array_add(r->patches, a);
		if (!build_mail(a, picked[i], r->version, collected(cr, i), cr, o, error))
			goto done;
	}
	if (o->policy)
		lint_result(r, o);
	*out = r;
	r = NULL;
	ok = TRUE;
done:
	collect_result_free(cr);
	g_free(picked);
	am_result_free(r);
	g_ptr_array_unref(held);
	return ok;
}

GString *am_result_mbox(const struct am_result *r)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < r->patches->len; i++) {
		const struct am_patch *a = r->patches->pdata[i];
		mbox_append_rd(s, NULL, a->mail, strlen(a->mail));
	}
	return s;
}

json_t *am_result_json(const struct am_result *r)
{
	json_t *o = json_object(), *ps = json_array(), *ms = json_array();

	for (guint i = 0; i < r->patches->len; i++) {
		const struct am_patch *a = r->patches->pdata[i];
		json_t *p = json_object(), *ad = json_array();
		for (guint k = 0; k < a->added->len; k++)
			json_array_append_new(ad, json_string(a->added->pdata[k]));
		json_object_set_new(p, "patch", json_integer(a->patch));
		json_object_set_new(p, "subject", json_string(a->subject));
		json_object_set_new(p, "author", json_string(a->author));
		json_object_set_new(p, "msgid", json_string(a->msgid));
		json_object_set_new(p, "added", ad);
		json_array_append_new(ps, p);
	}
	for (guint i = 0; i < r->missing->len; i++)
		json_array_append_new(ms, json_string(r->missing->pdata[i]));
	json_object_set_new(o, "version", json_integer(r->version));
	json_object_set_new(o, "patches", ps);
	json_object_set_new(o, "missing", ms);
	return o;
}
