/* pull.c - review pull: find each version's thread, fetch them all at once,
 * thread the replies, merge them into vN/review.json in one state commit,
 * then the notes. */
#include "review/pull.h"
#include "core/error.h"
#include "core/file.h"
#include "git/ident.h"
#include "mail/message.h"
#include "mail/subject.h"
#include "net/source.h"
#include "review/scan.h"
#include "review/store.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

/* One version to pull. */
struct want {
	const struct series_version *v;
	struct review_pull_version *rep;
	char *author;		/* the author's address (owned) */
	int ask;		/* its entry in the threads asked, -1: none */
};

/* Everything one pull holds. */
struct pull {
	struct series *s;
	git_repository *repo;
	struct archive *a;
	const struct review_pull_opts *o;
	char *link_base;
	GArray *wants;		/* struct want */
	GPtrArray *reps;	/* struct review_pull_version*, the result's */
	GBytes *by_change_id;	/* what the change-id search found, once asked */
	GError *change_id_error;
	GPtrArray *asks;	/* char* msgid, owned: the threads to ask */
	GHashTable *fresh;	/* version -> struct review_version* (borrowed contents) */
	GHashTable *seen;	/* reply msgids and item ids of this pull (borrowed) */
	GPtrArray *results;	/* struct review_result*, kept until the merge is done */
	GHashTable *posted;	/* versions with a posted message in a thread that arrived */
	GHashTable *retry;	/* versions the retry file remembers, NULL: none */
	gboolean retried;	/* the wanted versions were cut to them */
};

#define NOT_FOUND "no thread found (no Message-ID recorded; searched by change-id and subject)"

static void warnv(const struct pull *p, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static void warnv(const struct pull *p, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (!p->o->warn)
		return;
	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	p->o->warn(p->o->payload, "%s", msg);
	g_free(msg);
}

static void rep_free(gpointer q)
{
	struct review_pull_version *r = q;

	g_free(r->msgid);
	g_free(r->failed);
	g_free(r);
}

void review_pull_result_free(struct review_pull_result *r)
{
	if (!r)
		return;
	g_ptr_array_unref(r->versions);
	g_free(r);
}

/* The report entry of version n, made when there is none yet. */
static struct review_pull_version *rep_get(struct pull *p, int n)
{
	struct review_pull_version *r;
	guint i;

	for (i = 0; i < p->reps->len; i++) {
		r = g_ptr_array_index(p->reps, i);
		if (r->version == n)
			return r;
		if (r->version > n)
			break;
	}
	r = g_new0(struct review_pull_version, 1);
	r->version = n;
	g_ptr_array_insert(p->reps, (gint)i, r);
	return r;
}

static void rep_fail(struct pull *p, struct review_pull_version *r, int cls, const char *why)
{
	r->failed = g_strdup(why);
	r->failed_class = cls;
	warnv(p, "v%d: %s", r->version, why);
}

/* The address of the version's author: the option, else the first patch's
 * author, else the committer (caller owns; NULL when there is none). */
static char *version_author(const struct pull *p, const struct series_version *v)
{
	char *name = NULL, *email = NULL, *who;

	if (p->o->author_email)
		return g_strdup(p->o->author_email);
	if (v->patches->len) {
		const struct series_patch *sp = g_ptr_array_index(v->patches, 0);
		if (sp->author && ident_split(sp->author, &name, &email)) {
			g_free(name);
			return email;
		}
	}
	who = ident_sender(p->repo, NULL);
	if (who && ident_split(who, &name, &email))
		g_free(name);
	g_free(who);
	return email;
}

/* The version's posted messages as recorded when it was sent. */
static const char *recorded_msgid(const struct series_version *v)
{
	if (v->cover_msgid)
		return v->cover_msgid;
	if (v->patches->len) {
		const struct series_patch *sp = g_ptr_array_index(v->patches, 0);
		return sp->msgid;
	}
	return NULL;
}

/* What a subject says of a posted message: TRUE for a cover or a patch (not
 * a reply), with its version and patch number (a lone "[PATCH]" is 1). */
static gboolean posted_subject(const struct message *m, int *version, int *patch)
{
	char *raw = message_get_decoded(m, "Subject");
	struct subject sub;
	gboolean posted;

	subject_parse(&sub, raw ? raw : "", -1);
	posted = sub.is_patch && !sub.reply && !sub.forward;
	*version = sub.version;
	*patch = sub.total ? sub.index : 1;
	subject_clear(&sub);
	g_free(raw);
	return posted;
}

/* The message of version n a search found: its cover, else its
 * lowest-numbered patch (caller owns; NULL when there is none). */
static char *pick_version(GBytes *mbox, int n)
{
	struct source *src = source_new(NULL, NULL);
	struct source_mail sm;
	char *best = NULL;
	int best_patch = G_MAXINT, version, patch;

	source_add_bytes(src, "search", mbox);
	while (source_next(src, &sm, NULL)) {
		if (!posted_subject(sm.m, &version, &patch) || version != n || patch >= best_patch)
			continue;
		g_free(best);
		best = g_strdup(sm.msgid);
		best_patch = patch;
	}
	source_free(src);
	return best;
}

/* Find the thread of a version with no recorded Message-ID by searching
 * the archive (caller owns; NULL: none found, or *error). */
static char *search_thread(struct pull *p, const struct want *w, GError **error)
{
	const struct series_version *v = w->v;
	struct archive_query q = { 0 };
	GBytes *found = NULL;
	char *msgid = NULL, *subject = NULL;

	if (p->s->change_id && *p->s->change_id) {
		if (!p->by_change_id && !p->change_id_error) {
			q.change_id = p->s->change_id;
			archive_search(p->a, &q, &p->by_change_id, &p->change_id_error);
		}
		if (p->by_change_id && (msgid = pick_version(p->by_change_id, v->number)))
			return msgid;
	}
	if (v->patches->len) {
		const struct series_patch *sp = g_ptr_array_index(v->patches, 0);
		subject = g_strdup(sp->subject);
	} else if (v->cover && *v->cover) {
		subject = g_strndup(v->cover, strcspn(v->cover, "\n"));
	}
	if (!subject || !*subject) {
		g_free(subject);
		goto none;
	}
	memset(&q, 0, sizeof(q));
	q.subject = subject;
	q.from = w->author;
	if (!archive_search(p->a, &q, &found, error)) {
		g_free(subject);
		return NULL;
	}
	msgid = pick_version(found, v->number);
	g_bytes_unref(found);
	g_free(subject);
	if (msgid)
		return msgid;
none:
	/* the change-id search's failure says more than "nothing found" */
	if (p->change_id_error)
		g_propagate_error(error, g_error_copy(p->change_id_error));
	return NULL;
}

/* The versions a retry file at path remembers (NULL: none, or no file). */
static GHashTable *retry_read(const char *path)
{
	GHashTable *set;
	char *data = NULL, **lines;
	gsize len;

	/* a cache file: a FIFO, a link or a huge file is no record (ignored) */
	if (!path || !file_read_regular(path, 65536, &data, &len, FALSE, NULL))
		return NULL;
	set = g_hash_table_new(NULL, NULL);
	lines = g_strsplit(data, "\n", -1);
	for (char **l = lines; *l; l++) {
		guint64 n;
		if (g_ascii_string_to_unsigned(*l, 10, 1, G_MAXINT, &n, NULL))
			g_hash_table_add(set, GINT_TO_POINTER((int)n));
	}
	g_strfreev(lines);
	g_free(data);
	if (!g_hash_table_size(set))
		g_clear_pointer(&set, g_hash_table_unref);
	return set;
}

/* Remember the versions whose fetch failed in the retry file (removed when
 * none did); a failure to is a warning. */
static void retry_write(const struct pull *p)
{
	GString *s = g_string_new(NULL);
	GError *e = NULL;
	char *dir;

	for (guint i = 0; i < p->reps->len; i++) {
		const struct review_pull_version *r = g_ptr_array_index(p->reps, i);
		if (r->failed && r->failed_class == QUILL_ERROR_OUTSIDE)
			g_string_append_printf(s, "%d\n", r->version);
	}
	dir = g_path_get_dirname(p->o->retry_file);
	if (!s->len) {
		if (g_unlink(p->o->retry_file) < 0 && errno != ENOENT)
			warnv(p, "%s: %s", p->o->retry_file, g_strerror(errno));
	} else if (g_mkdir_with_parents(dir, 0700) < 0) {
		warnv(p, "%s: %s (the next pull asks every version)", dir, g_strerror(errno));
	} else if (!file_write_atomic(p->o->retry_file, s->str, (gssize)s->len, &e)) {
		warnv(p, "%s (the next pull asks every version)", e->message);
		g_error_free(e);
	}
	g_free(dir);
	g_string_free(s, TRUE);
}

/* Keep only the wanted versions the retry file remembers, when it names
 * one of them (else the file is stale: every one is asked). */
static void keep_retry(struct pull *p)
{
	guint i, k = 0;

	for (i = 0; i < p->wants->len; i++)
		if (g_hash_table_contains(p->retry,
					  GINT_TO_POINTER(g_array_index(p->wants, struct want, i).v->number)))
			k++;
	if (!k)
		return;
	for (i = p->wants->len; i-- > 0;) {
		struct want *w = &g_array_index(p->wants, struct want, i);
		if (g_hash_table_contains(p->retry, GINT_TO_POINTER(w->v->number)))
			continue;
		g_ptr_array_remove(p->reps, w->rep);
		g_free(w->author);
		g_array_remove_index(p->wants, i);
	}
	p->retried = TRUE;
}

/* The versions the options ask for, each with the thread to ask. */
static gboolean choose(struct pull *p, GError **error)
{
	const struct review_pull_opts *o = p->o;
	guint frozen = p->s->versions->len;

	if (o->version) {
		if (o->version < 1 || (guint)o->version > frozen)
			return qerr(error, QUILL_ERROR_USAGE,
				    "series %s: v%d is not a frozen version (the working one is v%d)",
				    p->s->name, o->version, p->s->version);
	}
	for (guint i = 0; i < frozen; i++) {
		const struct series_version *v = g_ptr_array_index(p->s->versions, i);
		struct want w = { v, NULL, NULL, -1 };

		if (o->version ? v->number != o->version : !o->all && !v->sent)
			continue;
		w.rep = rep_get(p, v->number);
		w.author = version_author(p, v);
		g_array_append_val(p->wants, w);
	}
	if (p->retry && !o->version && !o->all)
		keep_retry(p);
	if (!p->wants->len)
		return qerr(error, QUILL_ERROR_NEGATIVE,
			    "series %s: no version was sent (--all pulls every frozen one)",
			    p->s->name);
	return TRUE;
}

/* Each wanted version's thread: recorded, else searched; ask each once. */
static void find_threads(struct pull *p)
{
	for (guint i = 0; i < p->wants->len; i++) {
		struct want *w = &g_array_index(p->wants, struct want, i);
		const char *rec = recorded_msgid(w->v);
		char *msgid = rec ? g_strdup(rec) : NULL;
		GError *err = NULL;

		if (!msgid) {
			msgid = search_thread(p, w, &err);
			w->rep->searched = msgid != NULL;
		}
		if (!msgid) {
			if (err)
				rep_fail(p, w->rep, qerr_class(err), err->message);
			else	/* said after the fetch, unless another thread holds it */
				w->rep->failed_class = QUILL_ERROR_NEGATIVE;
			g_clear_error(&err);
			continue;
		}
		w->rep->msgid = msgid;
		for (guint k = 0; k < p->asks->len && w->ask < 0; k++)
			if (!strcmp(g_ptr_array_index(p->asks, k), msgid))
				w->ask = (int)k;
		if (w->ask < 0) {
			w->ask = (int)p->asks->len;
			g_ptr_array_add(p->asks, g_strdup(msgid));
		}
	}
}

/* The posted messages scan is told of: every wanted version's recorded
 * Message-IDs, then every message of the thread whose subject says it is a
 * cover or patch (a partial reroll too).  Strings are borrowed from the
 * series or kept in `strings`. */
static GArray *known_for(struct pull *p, GBytes *mbox, GPtrArray *strings)
{
	GArray *known = g_array_new(FALSE, TRUE, sizeof(struct review_known));
	GHashTable *have = g_hash_table_new(g_str_hash, g_str_equal);
	struct source *src;
	struct source_mail sm;
	struct review_known k;

	for (guint i = 0; i < p->wants->len; i++) {
		const struct series_version *v = g_array_index(p->wants, struct want, i).v;
		if (v->cover_msgid && g_hash_table_add(have, v->cover_msgid)) {
			k = (struct review_known){ v->cover_msgid, v->number, 0 };
			g_array_append_val(known, k);
		}
		for (guint j = 0; j < v->patches->len; j++) {
			const struct series_patch *sp = g_ptr_array_index(v->patches, j);
			if (sp->msgid && g_hash_table_add(have, sp->msgid)) {
				k = (struct review_known){ sp->msgid, v->number, (int)j + 1 };
				g_array_append_val(known, k);
			}
		}
	}
	src = source_new(NULL, NULL);
	source_add_bytes(src, "thread", mbox);
	while (source_next(src, &sm, NULL)) {
		char *id;
		if (!posted_subject(sm.m, &k.version, &k.patch))
			continue;
		g_hash_table_add(p->posted, GINT_TO_POINTER(k.version));
		if (g_hash_table_contains(have, sm.msgid))
			continue;
		id = g_strdup(sm.msgid);
		g_ptr_array_add(strings, id);
		g_hash_table_add(have, id);
		k.msgid = id;
		g_array_append_val(known, k);
	}
	source_free(src);
	g_hash_table_unref(have);
	return known;
}

/* What a pull found for version n (made when there is none yet). */
static struct review_version *fresh_get(struct pull *p, int n)
{
	struct review_version *rv = g_hash_table_lookup(p->fresh, GINT_TO_POINTER(n));

	if (!rv) {
		rv = g_new0(struct review_version, 1);
		rv->version = n;
		rv->replies = g_ptr_array_new();	/* borrowed from the scan results */
		rv->items = g_ptr_array_new();
		g_hash_table_insert(p->fresh, GINT_TO_POINTER(n), rv);
	}
	return rv;
}

static void fresh_free(gpointer q)
{
	struct review_version *rv = q;

	g_ptr_array_unref(rv->replies);
	g_ptr_array_unref(rv->items);
	g_free(rv);
}

/* The version a reply or item goes to: the one scan says it answers when
 * that is frozen, else (unknown) the thread's; -1: a version not frozen
 * (the working one), left out. */
static int target(const struct pull *p, int said, int thread)
{
	if (!said)
		return thread;
	return said >= 1 && (guint)said <= p->s->versions->len ? said : -1;
}

/* Scan one thread that arrived (for version k) and sort what it holds into
 * p->fresh.  FALSE with *error when the mbox could not be read. */
static gboolean take_thread(struct pull *p, int k, const char *msgid, GBytes *mbox,
			    const char *author, guint *messages, GError **error)
{
	GPtrArray *strings = g_ptr_array_new_with_free_func(g_free);
	GArray *known = known_for(p, mbox, strings);
	struct review_scan_opts so = { 0 };
	struct review_result *res = NULL;
	struct source *src = source_new(p->o->warn, p->o->payload);
	char *name = g_strdup_printf("%s thread %s", archive_spec(p->a), msgid);
	gboolean ok;

	source_add_bytes(src, name, mbox);
	so.known = (const struct review_known *)(void *)known->data;
	so.n_known = known->len;
	so.author_email = author;
	so.link_base = p->link_base;
	so.warn = p->o->warn;
	so.payload = p->o->payload;
	ok = review_scan(src, &so, &res, error);
	source_free(src);
	g_free(name);
	g_array_unref(known);
	g_ptr_array_unref(strings);
	if (!ok)
		return FALSE;
	*messages = res->messages;
	for (guint i = 0; i < res->replies->len; i++) {
		struct review_reply *r = g_ptr_array_index(res->replies, i);
		int n = target(p, r->version, k);
		if (n < 0 || !g_hash_table_add(p->seen, r->msgid))
			continue;
		r->version = n;
		g_ptr_array_add(fresh_get(p, n)->replies, r);
		rep_get(p, n)->replies++;
	}
	for (guint i = 0; i < res->items->len; i++) {
		struct review_item *it = g_ptr_array_index(res->items, i);
		int n = target(p, it->version, k);
		if (n < 0 || !g_hash_table_add(p->seen, it->id))
			continue;
		it->version = n;
		g_ptr_array_add(fresh_get(p, n)->items, it);
		rep_get(p, n);
	}
	g_ptr_array_add(p->results, res);
	return TRUE;
}

/* Scan the threads that arrived, t[0..p->asks->len) (the answers to
 * p->asks, in order; borrowed), and name the versions that got none. */
static void take_all(struct pull *p, const struct archive_thread *t)
{
	for (guint i = 0; i < p->wants->len; i++) {
		struct want *w = &g_array_index(p->wants, struct want, i);
		const struct archive_thread *th;
		GError *err = NULL;

		if (w->ask < 0)
			continue;
		th = &t[w->ask];
		if (th->error) {
			rep_fail(p, w->rep, qerr_class(th->error), th->error->message);
			continue;
		}
		if (!th->mbox)
			continue;
		if (!take_thread(p, w->v->number, th->msgid, th->mbox, w->author,
				 &w->rep->messages, &err)) {
			rep_fail(p, w->rep, qerr_class(err), err->message);
			g_clear_error(&err);
		}
	}
	for (guint i = 0; i < p->wants->len; i++) {
		struct want *w = &g_array_index(p->wants, struct want, i);
		if (w->rep->msgid || w->rep->failed)
			continue;
		if (g_hash_table_contains(p->posted, GINT_TO_POINTER(w->v->number)))
			w->rep->failed_class = 0;	/* posted inside another version's thread */
		else
			rep_fail(p, w->rep, QUILL_ERROR_NEGATIVE, NOT_FOUND);
	}
}

/* Merge what was found into each version's review.json, in the state in
 * memory.  *changed: something is new. */
static gboolean merge(struct pull *p, gboolean *changed, GError **error)
{
	*changed = FALSE;
	for (guint i = 0; i < p->reps->len; i++) {
		struct review_pull_version *r = g_ptr_array_index(p->reps, i);
		const struct review_version *fresh =
			g_hash_table_lookup(p->fresh, GINT_TO_POINTER(r->version));
		struct review_version *old = NULL;
		guint before;

		if (!fresh)
			continue;
		if (!review_store_read(p->s, r->version, &old, error))
			return FALSE;
		before = old->replies->len;
		r->new_items = review_merge(old, fresh);
		r->new_replies = old->replies->len - before;
		r->items = old->items->len;
		if (r->new_items || r->new_replies) {
			review_store_set(p->s, old);
			*changed = TRUE;
		}
		review_version_free(old);
	}
	return TRUE;
}

/* Whether patch commit HEX has a note with the section HEAD. */
static gboolean has_section(git_repository *repo, const char *hex, const char *head)
{
	git_note *note = NULL;
	git_oid oid;
	gboolean has;

	if (!hex || git_oid_fromstr(&oid, hex) ||
	    git_note_read(&note, repo, STORE_NOTES_REF, &oid) < 0)
		return FALSE;
	has = git_note_message(note) && strstr(git_note_message(note), head);
	git_note_free(note);
	return has;
}

/* Whether a version with items has no section of its own on any of its
 * patches: the notes lag behind the state (a pull stopped between the
 * two). */
static gboolean notes_behind(const struct pull *p)
{
	for (guint i = 0; i < p->reps->len; i++) {
		const struct review_pull_version *r = g_ptr_array_index(p->reps, i);
		const struct series_version *v = series_get_version(p->s, r->version);
		char *head;
		gboolean found = FALSE;

		if (!v || !r->items)
			continue;
		head = g_strdup_printf("[quill v%d]", r->version);
		for (guint j = 0; j < v->patches->len && !found; j++) {
			const struct series_patch *sp = g_ptr_array_index(v->patches, j);
			found = has_section(p->repo, sp->commit, head);
		}
		g_free(head);
		if (!found && v->patches->len)
			return TRUE;
	}
	return FALSE;
}

/* Counts of the versions that got nothing new (r->items stays 0 for a
 * version scan found nothing for: read it). */
static void count_items(struct pull *p)
{
	for (guint i = 0; i < p->reps->len; i++) {
		struct review_pull_version *r = g_ptr_array_index(p->reps, i);
		struct review_version *rv = NULL;

		if (r->items || g_hash_table_contains(p->fresh, GINT_TO_POINTER(r->version)))
			continue;
		if (review_store_read(p->s, r->version, &rv, NULL))
			r->items = rv->items->len;
		review_version_free(rv);
	}
}

static void pull_clear(struct pull *p)
{
	for (guint i = 0; p->wants && i < p->wants->len; i++)
		g_free(g_array_index(p->wants, struct want, i).author);
	if (p->wants)
		g_array_unref(p->wants);
	if (p->by_change_id)
		g_bytes_unref(p->by_change_id);
	g_clear_error(&p->change_id_error);
	g_ptr_array_unref(p->asks);
	g_hash_table_unref(p->fresh);
	g_hash_table_unref(p->seen);
	g_ptr_array_unref(p->results);
	g_hash_table_unref(p->posted);
	if (p->retry)
		g_hash_table_unref(p->retry);
	g_free(p->link_base);
}

static void pull_init(struct pull *p, struct series *s, git_repository *repo, struct archive *a,
		      const struct review_pull_opts *o, struct review_pull_result *res)
{
	res->versions = g_ptr_array_new_with_free_func(rep_free);
	p->s = s;
	p->repo = repo;
	p->a = a;
	p->o = o;
	p->link_base = o->link_base ? g_strdup(o->link_base) : archive_lore_base(repo);
	p->wants = g_array_new(FALSE, TRUE, sizeof(struct want));
	p->reps = res->versions;
	p->asks = g_ptr_array_new_with_free_func(g_free);
	p->fresh = g_hash_table_new_full(NULL, NULL, NULL, fresh_free);
	p->seen = g_hash_table_new(g_str_hash, g_str_equal);
	p->results = g_ptr_array_new_with_free_func((GDestroyNotify)review_result_free);
	p->posted = g_hash_table_new(NULL, NULL);
	p->retry = retry_read(o->retry_file);
}

/* After the threads were taken (ok) or the pull could not be done: merge,
 * the state commit, the notes, the counts and the retry file, then clear p.
 * FALSE with *error when the pull could not be done. */
static gboolean pull_finish(struct pull *p, struct review_pull_result *res, gboolean ok,
			    GError **error)
{
	const struct review_pull_opts *o = p->o;
	gboolean changed = FALSE;
	GError *nerr = NULL;

	if (ok)
		ok = merge(p, &changed, error);
	if (ok && changed) {
		ok = series_save(p->s, p->repo, "review pull", NULL, 0, error);
		res->committed = ok;
	}
	if (ok) {
		count_items(p);
		if (res->committed || notes_behind(p)) {
			res->notes_written = review_notes_write(p->repo, p->s, &nerr);
			if (!res->notes_written) {
				warnv(p, "the notes on %s were not written: %s (the next pull "
					 "writes them)", STORE_NOTES_REF, nerr->message);
				g_clear_error(&nerr);
			}
		}
	}
	for (guint i = 0; i < res->versions->len; i++) {
		const struct review_pull_version *r = g_ptr_array_index(res->versions, i);
		if (r->failed) {
			res->failed++;
			if (r->failed_class > res->worst)
				res->worst = r->failed_class;
		}
	}
	res->retried = p->retried;
	if (ok && o->retry_file)
		retry_write(p);
	pull_clear(p);
	return ok;
}

void review_pull_many(git_repository *repo, struct archive *a, struct review_pull_job *jobs,
		      guint n)
{
	struct pull *p = g_new0(struct pull, n ? n : 1);
	gboolean *ok = g_new0(gboolean, n ? n : 1);
	guint *first = g_new0(guint, n ? n : 1), total = 0;
	struct archive_thread *t;
	GError *err = NULL;

	for (guint i = 0; i < n; i++) {
		jobs[i].result = g_new0(struct review_pull_result, 1);
		jobs[i].error = NULL;
		pull_init(&p[i], jobs[i].s, repo, a, &jobs[i].o, jobs[i].result);
		ok[i] = choose(&p[i], &jobs[i].error);
		if (ok[i])
			find_threads(&p[i]);
		first[i] = total;
		total += ok[i] ? p[i].asks->len : 0;
	}
	/* every series' threads in one call: one multi handle, one progress count */
	t = g_new0(struct archive_thread, total ? total : 1);
	for (guint i = 0; i < n; i++)
		for (guint k = 0; ok[i] && k < p[i].asks->len; k++)
			t[first[i] + k].msgid = g_ptr_array_index(p[i].asks, k);
	if (total && !archive_threads(a, t, total, &err)) {
		for (guint i = 0; i < n; i++)
			if (ok[i]) {
				jobs[i].error = g_error_copy(err);
				ok[i] = FALSE;
			}
		g_clear_error(&err);
	}
	for (guint i = 0; i < n; i++) {
		if (ok[i])
			take_all(&p[i], t + first[i]);
		if (!pull_finish(&p[i], jobs[i].result, ok[i], &jobs[i].error))
			g_clear_pointer(&jobs[i].result, review_pull_result_free);
	}
	for (guint i = 0; i < total; i++) {
		if (t[i].mbox)
			g_bytes_unref(t[i].mbox);
		if (t[i].error)
			g_error_free(t[i].error);
	}
	g_free(t);
	g_free(first);
	g_free(ok);
	g_free(p);
}

gboolean review_pull(struct series *s, git_repository *repo, struct archive *a,
		     const struct review_pull_opts *o, struct review_pull_result **out,
		     GError **error)
{
	struct review_pull_job job = { .s = s, .o = *o };

	review_pull_many(repo, a, &job, 1);
	if (!job.result) {
		g_propagate_error(error, job.error);
		return FALSE;
	}
	*out = job.result;
	return TRUE;
}
