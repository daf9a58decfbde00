/* scan.c - a mailbox read into review: the posted messages found (by the
 * known list or by their subjects), every other message threaded onto the
 * nearest posted message above it, and the items of each reply.
 *
 * The first pass reads the source: every message is threaded (header
 * fields only) and recognised as posted or not; of each only its span in
 * the source is kept.  Then the thread's flat list is walked, where a
 * parent always comes before its children, so each entry's target is its
 * own (posted) or its parent's: one step per entry.  The bodies - the
 * posted messages' (trailers, patch-id), then the replies' with a target
 * (items) - are read last, each once, as jobs on two threads when there
 * are two processors; each job writes only its own result and keeps its
 * warnings, which are said afterwards in job order, so the output is the
 * same as one thread's.  Plain UTF-8 bodies (most of a list's mail) are
 * taken as they are; the rest is decoded by GMime (message-body.h). */
#include "review/scan.h"
#include "review/scan-private.h"
#include "core/text.h"
#include "core/date.h"
#include "core/error.h"
#include "git/ident.h"
#include "git/patchid.h"
#include "mail/mbox.h"
#include "mail/message-body.h"
#include "mail/postings.h"
#include "mail/subject.h"
#include "mail/thread.h"
#include "mail/trailer.h"
#include <gmime/gmime.h>
#include "net/archive.h"

#include <stdarg.h>
#include <string.h>

#define DEFAULT_LINK_BASE "https://lore.kernel.org/all"

/* What the first pass keeps of each message (by thread message number). */
struct rec {
	char *msgid;		/* as the source gave it */
	char *where;		/* "FILE: message N (byte B): <msgid>", for warnings */
	const char *data;	/* the message in the source, still escaped */
	gsize len;
	gint64 date;
	int posted;		/* index in st->posted + 1; 0: not posted */
};

/* A posted message with what only the scan needs. */
struct posted {
	struct review_posted *p;	/* in the result */
	char *where;			/* its rec's where */
	const char *data;		/* the message in the source */
	gsize len;
	char *title;			/* its subject's text (the commit title) */
	char **credits;			/* its person trailers (NULL-terminated) */
	char *email;			/* its From: address, or NULL */
	GPtrArray *said;		/* warnings while its body was read, or NULL */
};

/* A reply with a target: what its job reads and writes. */
struct reply_job {
	const struct rec *rc;
	const char *parent;		/* the thread's id of what it answers, or NULL */
	guint posted;			/* its target: index in st->posted */
	struct review_reply *rp;	/* out */
	GPtrArray *items;		/* out: its items */
	GPtrArray *said;		/* out: warnings, or NULL */
	gpointer kept;			/* out: what the hook returned, or NULL */
};

struct scan {
	const struct review_scan_opts *o;
	struct source *src;
	struct source_here here;	/* the threader's warnings name the place */
	struct thread *t;
	GArray *recs;		/* struct rec */
	GArray *posted;		/* struct posted, in input order */
	GArray *jobs;		/* struct reply_job, in thread order */
	GHashTable *known;	/* msgid -> const struct review_known* */
	const struct review_phrases *ph;
	const char *link_base;
	struct scan_hook *hook;	/* or NULL */
	struct review_result *r;
};

/* ---- warnings about one message ---- */

/* A job's warnings: kept (the job may run on another thread) and said
 * when all jobs are done. */
struct msg_warn {
	const char *where;
	GPtrArray **said;
};

static void G_GNUC_PRINTF(2, 3) msg_warn(void *payload, const char *fmt, ...)
{
	const struct msg_warn *w = payload;
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	if (!*w->said)
		*w->said = g_ptr_array_new_with_free_func(g_free);
	g_ptr_array_add(*w->said, g_strdup_printf("%s: %s", w->where, s));
	g_free(s);
}

/* Say the warnings a job kept, and let them go. */
static void say(const struct scan *sc, GPtrArray *said)
{
	if (!said)
		return;
	for (guint i = 0; sc->o->warn && i < said->len; i++)
		sc->o->warn(sc->o->payload, "%s", (const char *)g_ptr_array_index(said, i));
	g_ptr_array_unref(said);
}

/* A message as stored (an escaped mboxrd span) with its escaping undone
 * and its header parsed; *raw holds the bytes it points into (caller
 * frees both). */
static struct message *unescaped(const char *data, gsize len, char **raw)
{
	gsize n;

	*raw = mbox_unescape(data, len, MBOX_RD, &n);
	return message_parse(*raw, n);
}

static gboolean is_utf8_charset(const char *cs)
{
	static const char *const names[] = { "utf-8", "utf8", "us-ascii", "ascii" };

	for (gsize i = 0; i < G_N_ELEMENTS(names); i++)
		if (!g_ascii_strcasecmp(cs, names[i]))
			return TRUE;
	return FALSE;
}

/* What a Content-Type of the usual forms says, without GMime: "text/plain",
 * "text/plain; charset=X" or charset="X" (any case, no other parameter):
 * 1 plain UTF-8 text, 0 text in another charset; -1 another form (GMime
 * reads it). */
static int simple_content_type(const char *ct)
{
	const char *p = ct, *cs;
	gboolean quoted;
	gsize n;
	char name[32];

	if (g_ascii_strncasecmp(p, "text/plain", 10))
		return -1;
	p += 10;
	if (!*p)
		return 1;
	if (*p++ != ';')
		return -1;
	while (*p == ' ' || *p == '\t')
		p++;
	if (g_ascii_strncasecmp(p, "charset=", 8))
		return -1;
	p += 8;
	quoted = *p == '"';
	cs = p += quoted;
	while (g_ascii_isalnum(*p) || *p == '-' || *p == '_')
		p++;
	n = p - cs;
	if (quoted && *p++ != '"')
		return -1;
	if (*p || !n || n >= sizeof name)
		return -1;
	memcpy(name, cs, n);
	name[n] = '\0';
	return is_utf8_charset(name);
}

/* How a message's body can be read without GMime. */
enum plainness {
	NOT_PLAIN,		/* GMime's (message_body_decode) */
	PLAIN,			/* the bytes as they are (plain_body) */
	QUOTED_PRINTABLE,	/* one text part in a transfer encoding (encoded_body) */
	BASE64,
};

/* Whether m's header makes it one plain UTF-8 text, as git send-email
 * writes patches and most replies are: no Content-Type or text/plain in
 * UTF-8 (or ASCII), not format=flowed; and whether in a transfer encoding
 * (quoted-printable or base64: then with no Content-Disposition, which
 * could make it an attachment). */
static enum plainness is_plain(const struct message *m)
{
	char *ct = message_get(m, "Content-Type");
	char *cte = message_get(m, "Content-Transfer-Encoding");
	enum plainness how = m->truncated ? NOT_PLAIN : PLAIN;

	if (how && cte) {
		if (!g_ascii_strcasecmp(cte, "7bit") || !g_ascii_strcasecmp(cte, "8bit"))
			how = PLAIN;
		else if (!g_ascii_strcasecmp(cte, "quoted-printable"))
			how = QUOTED_PRINTABLE;
		else if (!g_ascii_strcasecmp(cte, "base64"))
			how = BASE64;
		else
			how = NOT_PLAIN;
		if (how > PLAIN && message_field(m, "Content-Disposition"))
			how = NOT_PLAIN;
	}
	if (how && ct) {
		int simple = simple_content_type(ct);

		if (simple < 0) {
			GMimeContentType *t = g_mime_content_type_parse(NULL, ct);
			const char *cs = g_mime_content_type_get_parameter(t, "charset");
			const char *format = g_mime_content_type_get_parameter(t, "format");

			simple = g_mime_content_type_is_type(t, "text", "plain") &&
				 (!cs || is_utf8_charset(cs)) &&
				 !(format && !g_ascii_strcasecmp(format, "flowed"));
			g_object_unref(t);
		}
		if (!simple)
			how = NOT_PLAIN;
	}
	g_free(ct);
	g_free(cte);
	return how;
}

/* Whether m's header block ends in a blank line, as GMime would read it
 * (else a broken field: GMime's way). */
static gboolean header_ends(const struct message *m)
{
	return m->body >= 2 && m->data[m->body - 1] == '\n' && m->data[m->body - 2] == '\n';
}

/* text[0..len) as a body's text (a copy, with a last newline), when it is
 * valid UTF-8 with LF line ends: what message_body_decode gives for such
 * text (lines only when `classify`: NULL else).  NULL when it is not. */
static struct message_body *text_body(const char *text, gsize len, gboolean classify)
{
	struct message_body *b;

	/* CRLF, a NUL or bytes that are not UTF-8: GMime's way */
	if (memchr(text, '\r', len) || !text_utf8_valid(text, len))
		return NULL;
	b = g_new0(struct message_body, 1);
	b->attachments = g_array_new(FALSE, TRUE, sizeof(struct message_attachment));
	b->text = g_malloc(len + 2);
	memcpy(b->text, text, len);
	if (len && text[len - 1] != '\n')
		b->text[len++] = '\n';
	b->text[len] = '\0';
	b->text_len = len;
	if (classify)
		b->lines = message_classify_lines(b->text, b->text_len);
	return b;
}

/* The body of a plain message (is_plain) without GMime: the bytes as they
 * are (text_body); NULL when they are not fit. */
static struct message_body *plain_body(const struct message *m, gboolean classify)
{
	if (!header_ends(m))
		return NULL;
	return text_body(m->data + m->body, m->len - m->body, classify);
}

/* The body of a message in one transfer-encoded text part: decoded with
 * GMime's own decoder, as its parser's part would be (the rest of
 * message_body_decode is the identity on UTF-8 with LF line ends:
 * text_body); NULL when that is not what came out. */
static struct message_body *encoded_body(const struct message *m, enum plainness how,
					 gboolean classify)
{
	GMimeEncoding st;
	const char *in = m->data + m->body;
	gsize len = m->len - m->body, n;
	char *out;
	struct message_body *b;

	if (!header_ends(m))
		return NULL;
	g_mime_encoding_init_decode(&st, how == BASE64 ? GMIME_CONTENT_ENCODING_BASE64
						       : GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
	out = g_malloc(g_mime_encoding_outlen(&st, len) + 16);
	n = g_mime_encoding_step(&st, in, len, out);
	n += g_mime_encoding_flush(&st, in + len, 0, out + n);
	b = text_body(out, n, classify);
	g_free(out);
	return b;
}

/* The body of m, decoded; NULL (warned) when it cannot be.  Its lines
 * may be NULL unless `classify`. */
static struct message_body *body_of(const struct scan *sc, const char *where,
				    const struct message *m, gboolean classify, GPtrArray **said)
{
	struct msg_warn w = { where, said };
	GError *e = NULL;
	enum plainness how = is_plain(m);
	struct message_body *b = how == PLAIN ? plain_body(m, classify)
				 : how ? encoded_body(m, how, classify) : NULL;

	if (!b && !(b = message_body_decode(m, sc->o->warn ? msg_warn : NULL, &w, &e))) {
		msg_warn(&w, "%s", e->message);
		g_error_free(e);
	}
	return b;
}

/* ---- jobs on two threads ---- */

#define JOB_CHUNK 32	/* jobs taken at a time */

typedef void (*job_fn)(struct scan *sc, guint i);

struct jobs {
	struct scan *sc;
	job_fn fn;
	guint n;
	gint next;
};

static gpointer jobs_worker(gpointer p)
{
	struct jobs *j = p;
	guint i;

	while ((i = (guint)g_atomic_int_add(&j->next, JOB_CHUNK)) < j->n)
		for (guint k = i; k < MIN(i + JOB_CHUNK, j->n); k++)
			j->fn(j->sc, k);
	return NULL;
}

/* fn(sc, 0) .. fn(sc, n - 1), on this thread and one more when there is
 * a processor for it and enough to do. */
static void run_jobs(struct scan *sc, job_fn fn, guint n)
{
	struct jobs j = { sc, fn, n, 0 };
	GThread *other = NULL;

	if (n > 4 * JOB_CHUNK && g_get_num_processors() > 1)
		other = g_thread_try_new("review-scan", jobs_worker, &j, NULL);
	jobs_worker(&j);
	if (other)
		g_thread_join(other);
}

/* ---- posted messages ---- */

static gboolean ends_with_by(const char *k, gsize n)
{
	return n > 3 && !g_ascii_strncasecmp(k + n - 3, "-by", 3);
}

/* A person trailer that credits somebody (not the sign-off chain). */
static gboolean is_credit(const char *k, gsize n)
{
	return ends_with_by(k, n) && !(n == 13 && !g_ascii_strncasecmp(k, "Signed-off-by", 13));
}

/* The trailers of the commit message a patch mail makes (its subject's
 * text as the title, then the body up to its "---"), and of them the
 * credits. */
static void read_trailers(struct posted *pd, const char *title, const char *text)
{
	char *msg = g_strdup_printf("%s\n\n%s", title ? title : "", text);
	struct trailer_opts to = { 0 };
	struct trailer_block b;
	struct trailer_iter it;
	struct trailer_item item;
	GPtrArray *all = g_ptr_array_new(), *credits = g_ptr_array_new();

	if (trailer_block_find(msg, strlen(msg), &to, &b)) {
		trailer_iter_init(&it, msg, &b, &to);
		while (trailer_iter_next(&it, &item)) {
			const char *k = msg + item.key_start;
			gsize kn = item.key_end - item.key_start;
			char *s;

			if (item.kind != TRAILER_TRAILER || !kn)
				continue;
			s = g_strdup_printf("%.*s: %.*s", (int)kn, k, (int)item.value_len, item.value);
			g_ptr_array_add(all, s);
			if (is_credit(k, kn))
				g_ptr_array_add(credits, g_strdup(s));
		}
		trailer_iter_done(&it);
	}
	g_ptr_array_add(all, NULL);
	g_ptr_array_add(credits, NULL);
	pd->p->trailers = (char **)g_ptr_array_free(all, FALSE);
	pd->credits = (char **)g_ptr_array_free(credits, FALSE);
	g_free(msg);
}

/* Whether the message is posted, and as what: from the known list, else
 * from its subject (a cover 0/N, or a patch that carries a diff). */
static gboolean posted_as(const struct scan *sc, const struct source_mail *sm,
			  const struct subject *sub, int *version, int *patch, int *total)
{
	const struct review_known *k;

	*total = sub->total;
	if (sc->known) {
		k = g_hash_table_lookup(sc->known, sm->msgid);
		if (!k)
			return FALSE;
		*version = k->version;
		*patch = k->patch;
		return TRUE;
	}
	if (!sub->is_patch || sub->reply || sub->forward)
		return FALSE;
	*version = sub->version;
	if (sub->total > 0 && sub->index == 0) {
		*patch = 0;
		return TRUE;
	}
	if (!postings_body_has_diff(sm->body, sm->body_len))
		return FALSE;
	*patch = sub->index ? sub->index : 1;
	if (!*total)
		*total = 1;
	return TRUE;
}

/* A posted message, from its header: from, subject, date; its body is
 * read later (read_posted). */
static void take_posted(struct scan *sc, const struct source_mail *sm, const char *where,
			char *subject, const struct subject *sub, int version, int patch,
			int total, gint64 date)
{
	struct posted pd = { 0 };
	struct review_posted *p = g_new0(struct review_posted, 1);
	char *name = NULL;

	p->msgid = g_strdup(sm->msgid);
	p->from = message_get_decoded(sm->m, "From");
	p->date = date ? date_iso(date) : NULL;
	p->subject = subject;
	p->version = version;
	p->patch = patch;
	p->total = total;
	pd.p = p;
	pd.where = g_strdup(where);
	pd.data = sm->m->data;
	pd.len = sm->m->len;
	pd.title = g_strdup(sub->text ? sub->text : "");
	if (p->from && !ident_split(p->from, &name, &pd.email))
		g_clear_pointer(&pd.email, g_free);
	g_free(name);
	g_ptr_array_add(sc->r->posted, p);
	g_array_append_val(sc->posted, pd);
}

/* The job of posted message i: its trailers and the patch-id of its diff. */
static void read_posted(struct scan *sc, guint i)
{
	struct posted *pd = &g_array_index(sc->posted, struct posted, i);
	char *raw;
	struct message *m = unescaped(pd->data, pd->len, &raw);
	struct message_body *b = body_of(sc, pd->where, m, FALSE, &pd->said);
	char pid[41];

	message_free(m);
	g_free(raw);
	read_trailers(pd, pd->title, b ? b->text : "");
	if (b && pd->p->patch > 0 && patchid_stable(b->text, b->text_len, pid))
		pd->p->patch_id = g_strdup(pid);
	message_body_free(b);
}

/* ---- the first pass ---- */

/* "FILE: message N (byte B): <msgid>" (caller owns). */
static char *where_of(const struct scan *sc, const struct source_mail *sm)
{
	char *w = source_where(sc->src), *out;

	out = w ? g_strdup_printf("%s: <%s>", w, sm->msgid) : g_strdup_printf("<%s>", sm->msgid);
	g_free(w);
	return out;
}

static void take(struct scan *sc, const struct source_mail *sm)
{
	struct rec rc = { 0 };
	struct subject sub = { 0 };
	char *subject = NULL;
	int version = 0, patch = 0, total = 0;
	gboolean posted;

	rc.msgid = g_strdup(sm->msgid);
	rc.where = where_of(sc, sm);
	rc.data = sm->m->data;
	rc.len = sm->m->len;
	rc.date = message_date(sm->m);
	thread_add(sc->t, sm->msgid, sm->refs, sm->nrefs, sm->in_reply_to, rc.date);
	/* with a known list, only the posted ones need their subject */
	if (!sc->known || g_hash_table_contains(sc->known, sm->msgid)) {
		subject = message_get_decoded(sm->m, "Subject");
		subject_parse(&sub, subject ? subject : "", -1);
	}
	posted = posted_as(sc, sm, &sub, &version, &patch, &total);
	if (posted) {
		take_posted(sc, sm, rc.where, subject, &sub, version, patch, total, rc.date);
		rc.posted = (int)sc->posted->len;
	} else {
		g_free(subject);
	}
	subject_clear(&sub);
	g_array_append_val(sc->recs, rc);
}

/* ---- the replies ---- */

/* The address of a From: value (caller owns), or NULL. */
static char *address_of(const char *from)
{
	char *name = NULL, *email = NULL;

	if (!from || !ident_split(from, &name, &email))
		g_clear_pointer(&email, g_free);
	g_free(name);
	return email;
}

static gboolean same_address(const char *a, const char *b)
{
	return a && b && !g_ascii_strcasecmp(a, b);
}

/* The job of reply i: its header read, its body decoded, its items. */
static void read_reply(struct scan *sc, guint i)
{
	struct reply_job *j = &g_array_index(sc->jobs, struct reply_job, i);
	const struct rec *rc = j->rc;
	const struct posted *pd = &g_array_index(sc->posted, struct posted, j->posted);
	struct review_reply *rp = g_new0(struct review_reply, 1);
	char *raw;
	struct message *m = unescaped(rc->data, rc->len, &raw);
	struct message_body *b;
	char *email, *link;

	rp->msgid = g_strdup(rc->msgid);
	rp->parent = g_strdup(j->parent);
	rp->from = message_get_decoded(m, "From");
	rp->date = rc->date ? date_iso(rc->date) : NULL;
	rp->subject = message_get_decoded(m, "Subject");
	rp->version = pd->p->version;
	rp->patch = pd->p->patch;
	j->rp = rp;
	j->items = g_ptr_array_new();
	if (!(b = body_of(sc, rc->where, m, TRUE, &j->said)))
		goto done;
	if (sc->hook && sc->hook->reply)
		j->kept = sc->hook->reply(sc->hook->payload, rp, b);
	if (sc->hook && sc->hook->no_items) {
		message_body_free(b);
		goto done;
	}
	email = address_of(rp->from);
	link = archive_link(sc->link_base, rc->msgid);
	{
		struct review_mail rm = {
			.msgid = rc->msgid,
			.from = rp->from ? rp->from : "",
			.date = rp->date,
			.link = link,
			.version = rp->version,
			.patch = rp->patch,
			.body = b,
			.from_author = same_address(email, sc->o->author_email ? sc->o->author_email
									       : pd->email),
			.credits = (const char *const *)pd->credits,
		};
		review_extract(sc->ph, &rm, j->items);
	}
	g_free(link);
	g_free(email);
	message_body_free(b);
done:
	message_free(m);
	g_free(raw);
}

/* The targets, down the thread's flat list: the replies' jobs, in thread
 * order, and the count of what answers nothing. */
static void walk(struct scan *sc)
{
	guint n = thread_len(sc->t);
	int *target = g_new(int, n ? n : 1);	/* posted index + 1 of each entry; 0: none */

	for (guint i = 0; i < n; i++) {
		const struct thread_entry *e = thread_get(sc->t, i);
		const struct rec *rc = e->message >= 0 ? &g_array_index(sc->recs, struct rec, e->message) : NULL;
		struct reply_job j = { 0 };

		if (rc && rc->posted) {
			target[i] = rc->posted;
			continue;
		}
		target[i] = e->parent >= 0 ? target[e->parent] : 0;
		if (!rc)
			continue;	/* a placeholder: only passes its target on */
		if (!target[i]) {
			sc->r->unthreaded++;
			continue;
		}
		j.rc = rc;
		j.parent = e->parent >= 0 ? thread_get(sc->t, e->parent)->msgid : NULL;
		j.posted = (guint)target[i] - 1;
		g_array_append_val(sc->jobs, j);
	}
	g_free(target);
}

/* Read the bodies: the posted messages', then the replies'; their results
 * and warnings taken in order. */
static void read_bodies(struct scan *sc)
{
	run_jobs(sc, read_posted, sc->posted->len);
	for (guint i = 0; i < sc->posted->len; i++)
		say(sc, g_steal_pointer(&g_array_index(sc->posted, struct posted, i).said));
	run_jobs(sc, read_reply, sc->jobs->len);
	for (guint i = 0; i < sc->jobs->len; i++) {
		struct reply_job *j = &g_array_index(sc->jobs, struct reply_job, i);

		g_ptr_array_add(sc->r->replies, j->rp);
		if (sc->hook)
			g_ptr_array_add(sc->hook->kept, j->kept);
		g_ptr_array_extend_and_steal(sc->r->items, j->items);
		say(sc, g_steal_pointer(&j->said));
	}
}

/* ---- the result ---- */

static void posted_free(gpointer x)
{
	struct review_posted *p = x;

	g_free(p->msgid);
	g_free(p->from);
	g_free(p->date);
	g_free(p->subject);
	g_free(p->patch_id);
	g_strfreev(p->trailers);
	g_free(p);
}

void review_reply_free(gpointer x)
{
	struct review_reply *r = x;

	if (!r)
		return;
	g_free(r->msgid);
	g_free(r->parent);
	g_free(r->from);
	g_free(r->date);
	g_free(r->subject);
	g_free(r);
}

void review_result_free(struct review_result *r)
{
	if (!r)
		return;
	g_ptr_array_unref(r->posted);
	g_ptr_array_unref(r->replies);
	g_ptr_array_unref(r->items);
	g_free(r);
}

static void scan_clear(struct scan *sc)
{
	for (guint i = 0; i < sc->recs->len; i++) {
		g_free(g_array_index(sc->recs, struct rec, i).msgid);
		g_free(g_array_index(sc->recs, struct rec, i).where);
	}
	g_array_unref(sc->recs);
	for (guint i = 0; i < sc->posted->len; i++) {
		struct posted *pd = &g_array_index(sc->posted, struct posted, i);
		g_strfreev(pd->credits);
		g_free(pd->email);
		g_free(pd->title);
		g_free(pd->where);
	}
	g_array_unref(sc->posted);
	g_array_unref(sc->jobs);
	if (sc->known)
		g_hash_table_unref(sc->known);
	thread_free(sc->t);
}

gboolean review_scan(struct source *src, const struct review_scan_opts *o,
		     struct review_result **out, GError **error)
{
	return review_scan_hooked(src, o, NULL, out, error);
}

gboolean review_scan_hooked(struct source *src, const struct review_scan_opts *o,
			    struct scan_hook *hook, struct review_result **out, GError **error)
{
	struct scan sc = { 0 };
	struct source_mail sm;
	GError *e = NULL;

	*out = NULL;
	sc.o = o;
	sc.hook = hook;
	if (hook)
		hook->kept = g_ptr_array_new();
	sc.ph = o->phrases ? o->phrases : review_phrases_default();
	sc.link_base = o->link_base ? o->link_base : DEFAULT_LINK_BASE;
	sc.src = src;
	sc.here = (struct source_here){ src, o->warn, o->payload };
	sc.t = thread_new(source_warn_here, &sc.here);
	sc.recs = g_array_new(FALSE, FALSE, sizeof(struct rec));
	sc.posted = g_array_new(FALSE, FALSE, sizeof(struct posted));
	sc.jobs = g_array_new(FALSE, FALSE, sizeof(struct reply_job));
	if (o->known && o->n_known) {
		sc.known = g_hash_table_new(g_str_hash, g_str_equal);
		for (guint i = 0; i < o->n_known; i++)
			if (o->known[i].msgid)
				g_hash_table_insert(sc.known, (gpointer)o->known[i].msgid,
						    (gpointer)&o->known[i]);
	}
	sc.r = g_new0(struct review_result, 1);
	sc.r->posted = g_ptr_array_new_with_free_func(posted_free);
	sc.r->replies = g_ptr_array_new_with_free_func(review_reply_free);
	sc.r->items = g_ptr_array_new_with_free_func(review_item_free);

	while (source_next(src, &sm, &e)) {
		if (o->each_mail)
			o->each_mail(o->mail_payload, &sm);
		take(&sc, &sm);
		sc.r->messages++;
	}
	if (e) {
		g_propagate_error(error, e);
		review_result_free(sc.r);
		scan_clear(&sc);
		return FALSE;
	}
	thread_build(sc.t);
	walk(&sc);
	read_bodies(&sc);
	*out = sc.r;
	scan_clear(&sc);
	return TRUE;
}
