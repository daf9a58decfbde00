/* lint-run.c - the runs of trailer lint and bench check over rev walks, a
 * series' version and mailboxes (see lint-run.h). */
#include "lint/lint-run.h"
#include "bench/claim.h"
#include "core/error.h"
#include "git/commit.h"
#include "git/ident.h"
#include "git/logwalk.h"
#include "git/revs.h"
#include "mail/mbox.h"
#include "series/series.h"

#include <string.h>

/* One run: the linter, where findings go, the counts. */
struct run {
	struct lint *lint;
	const struct lint_sink *sink;
	struct lint_run_counts *counts;
	GArray *out;			/* struct lint_finding */
};

static void run_init(struct run *r, struct lint *l, const struct lint_sink *sink,
		     struct lint_run_counts *counts)
{
	r->lint = l;
	r->sink = sink;
	r->counts = counts;
	r->out = g_array_new(FALSE, FALSE, sizeof(struct lint_finding));
	memset(counts, 0, sizeof(*counts));
}

static void run_clear(struct run *r)
{
	lint_findings_clear(r->out);
	g_array_free(r->out, TRUE);
}

/* Hand the findings of the last message to the sink, then empty them. */
static void flush(struct run *r)
{
	if (r->out->len)
		r->sink->findings(r->sink->payload, r->out);
	lint_findings_clear(r->out);
}

/* A commit of a series as an input (where: 13 bytes, for the short id). */
static void patch_input(struct lint_input *in, char *where, const struct commit_patch *p)
{
	memset(in, 0, sizeof(*in));
	git_oid_tostr(where, 13, &p->oid);
	in->where = where;
	in->message = p->message;
	in->len = strlen(p->message);
	in->oid = &p->oid;
	in->author_name = p->author_name;
	in->author_email = p->author_email;
}

/* The cover of version n of s (0: the working one), or NULL. */
static const char *version_cover(const struct series *s, int n)
{
	return n && n != s->version ? series_get_version(s, n)->cover : s->cover;
}

unsigned lint_run_gives(enum lint_run_kind kind)
{
	return kind == LINT_RUN_SERIES ? LINT_NEEDS_BENCH : kind == LINT_RUN_MAILS ? LINT_SET : 0;
}

/* ---- rev walks ---- */

/* A commit of a rev walk made ready for the rules as it is read (on the
 * walk's thread: logwalk_set_prepare): its input and its parse. */
struct prepare_ctx;

struct prepared {
	struct prepare_ctx *ctx;
	struct lint_input in;
	git_oid oid;
	char where[13];
	char *an, *ae, *cn, *ce;
	gboolean merge;		/* skipped, as checkpatch -g skips merges */
	struct lint_message msg;
};

/* What preparing needs: a parser of the run's linter (the walk's thread's
 * own) and the submitter. */
struct prepare_ctx {
	struct lint *parser;
	const struct lint_submitter *sub;
	/* struct prepared freed, for the next commits: their arrays are
	 * reused (one thread at a time: the walk's, then, once it has
	 * ended, the caller's) */
	GPtrArray *spare;
};

static void *prepare(const struct logwalk_commit *c, void *payload)
{
	struct prepare_ctx *p = payload;
	struct prepared *x = p->spare->len ? g_ptr_array_steal_index_fast(p->spare, p->spare->len - 1)
					   : g_new0(struct prepared, 1);
	gboolean committer_submits = !p->sub || !p->sub->email;

	x->ctx = p;
	if ((x->merge = c->parents > 1))
		return x;
	logwalk_header_person(c->header, c->header_len, "author", &x->an, &x->ae);
	if (committer_submits)
		logwalk_header_person(c->header, c->header_len, "committer", &x->cn, &x->ce);
	git_oid_cpy(&x->oid, c->oid);
	git_oid_tostr(x->where, sizeof(x->where), c->oid);
	x->in.where = x->where;
	x->in.message = c->msg;
	x->in.len = c->len;
	x->in.oid = &x->oid;
	x->in.author_name = x->an;
	x->in.author_email = x->ae;
	x->in.submitter_name = committer_submits ? x->cn : p->sub->name;
	x->in.submitter_email = committer_submits ? x->ce : p->sub->email;
	lint_message_parse(p->parser, &x->in, &x->msg);
	return x;
}

/* Done with a commit: its struct kept for the next. */
static void prepared_free(gpointer data)
{
	struct prepared *x = data;

	g_clear_pointer(&x->an, g_free);
	g_clear_pointer(&x->ae, g_free);
	g_clear_pointer(&x->cn, g_free);
	g_clear_pointer(&x->ce, g_free);
	g_ptr_array_add(x->ctx->spare, x);
}

static void spare_free(gpointer data)
{
	struct prepared *x = data;

	lint_message_clear(&x->msg);
	g_free(x);
}

#define SHARE 6	/* one commit in SHARE prepared on the caller's thread, to begin with */

/* Every commit of the walk (freed here). */
static gboolean walk(struct run *r, struct logwalk *lw, const struct lint_submitter *sub,
		     GError **error)
{
	struct prepare_ctx p = { lint_new_parser(r->lint), sub,
				 g_ptr_array_new_with_free_func(spare_free) };
	/* the caller's thread checks, and prepares some commits too (one in
	 * SHARE to begin with; the walk moves the share to what balances) */
	struct prepare_ctx mine = { lint_new_parser(r->lint), sub,
				    g_ptr_array_new_with_free_func(spare_free) };
	GError *e = NULL;
	git_oid oid;
	const char *msg;
	size_t len;

	logwalk_set_prepare(lw, prepare, prepared_free, &p);
	logwalk_share_prepare(lw, &mine, SHARE);
	while (logwalk_next(lw, &oid, &msg, &len, &e)) {
		const struct prepared *x = logwalk_prepared(lw);

		if (x->merge) {
			r->counts->skipped++;
			continue;
		}
		lint_check_parsed(r->lint, &x->msg, r->out);
		r->counts->checked++;
		flush(r);
	}
	logwalk_free(lw);
	g_ptr_array_unref(p.spare);
	lint_free(p.parser);
	g_ptr_array_unref(mine.spare);
	lint_free(mine.parser);
	if (e) {
		g_propagate_error(error, e);
		return FALSE;
	}
	return TRUE;
}

gboolean lint_run_revs(struct lint *l, git_repository *repo, char **revs, int n, const char *range,
		       const struct lint_submitter *sub, const struct lint_sink *sink,
		       struct lint_run_counts *counts, GError **error)
{
	struct run r;
	GPtrArray *walks = NULL;
	struct logwalk *lw;
	gboolean ok = TRUE;

	run_init(&r, l, sink, counts);
	if (range) {
		ok = logwalk_new(&lw, repo, range, error) && walk(&r, lw, sub, error);
		run_clear(&r);
		return ok;
	}
	if (!revs_parse(&walks, repo, revs, n, error)) {
		run_clear(&r);
		return FALSE;
	}
	for (guint i = 0; i < walks->len && ok; i++) {
		const struct revs_walk *w = g_ptr_array_index(walks, i);

		ok = logwalk_new_oids(&lw, repo, (const git_oid *)(void *)w->tips->data, w->tips->len,
				      (const git_oid *)(void *)w->bottoms->data, w->bottoms->len,
				      error) &&
		     walk(&r, lw, sub, error);
	}
	g_ptr_array_unref(walks);
	run_clear(&r);
	return ok;
}

/* ---- a series' version ---- */

/* The submitter given, else the sender; *name and *email own what they
 * hold. */
static void series_submitter(struct lint_submitter *out, git_repository *repo,
			     const struct lint_submitter *sub, char **name, char **email)
{
	*name = *email = NULL;
	if (sub && sub->email) {
		*out = *sub;
		return;
	}
	{
		char *sender = ident_sender(repo, NULL);

		if (sender)
			ident_split(sender, name, email);
		g_free(sender);
	}
	out->name = *name;
	out->email = *email;
}

gboolean lint_run_series(struct lint *l, git_repository *repo, const struct series *s,
			 int version, const struct lint_submitter *sub,
			 const struct lint_sink *sink, struct lint_run_counts *counts,
			 GError **error)
{
	struct run r;
	struct lint_submitter who;
	struct lint_benches b;
	GPtrArray *patches = NULL;
	const char *cover;
	char *name, *email;
	GError *e = NULL;

	if (version == s->version)
		version = 0;
	memset(counts, 0, sizeof(*counts));
	if (!series_load_patches(&patches, NULL, NULL, repo, s, version, 0, error))
		return FALSE;
	run_init(&r, l, sink, counts);
	series_submitter(&who, repo, sub, &name, &email);
	/* the claim rules: the cover, then each commit, against the version's
	 * benchmarks (a benchmark file that does not read leaves them out, as
	 * bench check would fail on it) */
	if (lint_benches_open(&b, s, version ? version : s->version, &e)) {
		lint_set_benchmarks(l, &b.lb);
	} else {
		if (sink->warn)
			sink->warn(sink->warn_payload, "%s; the claims are not checked", e->message);
		g_clear_error(&e);
	}
	cover = version_cover(s, version);
	if (cover) {
		struct lint_input in = { 0 };

		in.where = "cover";
		in.message = cover;
		in.len = strlen(cover);
		in.cover = TRUE;
		lint_check_text(l, &in, r.out);
		counts->covers++;
		flush(&r);
	}
	for (guint i = 0; i < patches->len; i++) {
		struct lint_input in;
		char where[13];

		patch_input(&in, where, g_ptr_array_index(patches, i));
		in.submitter_name = who.name;
		in.submitter_email = who.email;
		lint_check(l, &in, r.out);
		counts->checked++;
		flush(&r);
	}
	lint_set_benchmarks(l, NULL);
	lint_benches_close(&b);
	g_ptr_array_unref(patches);
	g_free(name);
	g_free(email);
	run_clear(&r);
	return TRUE;
}

/* ---- the claims of a version (bench check) ---- */

/* One message: its findings, then its claims. */
static void claims_one(struct run *r, struct lint_benches *b, const struct lint_input *in)
{
	GPtrArray *benches;
	GArray *res;

	if (in->cover)
		lint_check_text(r->lint, in, r->out);
	else
		lint_check(r->lint, in, r->out);
	r->counts->checked++;
	flush(r);
	if (!r->sink->claims)
		return;
	/* asked after lint, whose rules asked too (an answer lasts one call) */
	benches = b->lb.benchmarks(&b->lb, in);
	if (!benches || !benches->len)
		return;
	res = claim_check(in->message, in->len, benches);
	r->sink->claims(r->sink->payload, in, res);
	claim_results_free(res);
}

static char **bench_names(const GPtrArray *benches)
{
	char **names = g_new0(char *, benches->len + 1);

	for (guint i = 0; i < benches->len; i++)
		names[i] = g_strdup(((const struct bench *)g_ptr_array_index(benches, i))->name);
	return names;
}

gboolean lint_run_claims(struct lint *l, git_repository *repo, const struct series *s,
			 int version, char ***out_names, const struct lint_sink *sink,
			 struct lint_run_counts *counts, GError **error)
{
	struct run r;
	struct lint_benches b;
	GPtrArray *patches = NULL;
	struct lint_input in = { 0 };
	const char *cover;

	memset(counts, 0, sizeof(*counts));
	if (!lint_benches_open(&b, s, version, error) ||
	    !series_load_patches(&patches, NULL, NULL, repo, s, version == s->version ? 0 : version,
				 0, error)) {
		lint_benches_close(&b);
		return FALSE;
	}
	run_init(&r, l, sink, counts);
	lint_set_benchmarks(l, &b.lb);
	lint_restrict(l, LINT_NEEDS_BENCH);
	cover = version_cover(s, version);
	in.where = "cover";
	in.message = cover ? cover : "";
	in.len = strlen(in.message);
	in.cover = TRUE;
	claims_one(&r, &b, &in);
	for (guint i = 0; i < patches->len; i++) {
		char where[13];

		patch_input(&in, where, g_ptr_array_index(patches, i));
		claims_one(&r, &b, &in);
	}
	lint_restrict(l, 0);
	lint_set_benchmarks(l, NULL);
	*out_names = bench_names(b.all);
	lint_benches_close(&b);
	g_ptr_array_unref(patches);
	run_clear(&r);
	return TRUE;
}

/* ---- mailboxes ---- */

static void mail_free(gpointer p)
{
	lint_mail_clear(p);
	g_free(p);
}

/* The mails read, kept for the rules over the set. */
struct mails {
	GPtrArray *all;		/* struct lint_mail*, owned */
	GPtrArray *set;		/* their inputs */
};

/* One message of the source `name`, starting on line `line` of its file;
 * NULL when it is no mail (warned). */
static struct lint_mail *read_mail(struct run *r, struct mbox *mb, const struct mbox_msg *mm,
				   const char *name, guint line)
{
	struct lint_mail *lm = g_new0(struct lint_mail, 1);
	gsize len;
	char *data = mbox_unescape(mm->data, mm->len, mbox_get_format(mb), &len);
	GError *e = NULL;
	gboolean ok = lint_mail_read(lm, mm->path ? mm->path : name, data, len, mm->from_line,
				     mm->from_len, line, &e);

	g_free(data);
	if (ok)
		return lm;
	if (r->sink->warn)
		r->sink->warn(r->sink->warn_payload, "%s: message %u: %s: skipped", name, mm->index,
			      e->message);
	g_error_free(e);
	g_free(lm);
	r->counts->not_mail++;
	return NULL;
}

/* Every message of one source. */
static void lint_mbox(struct run *r, struct mails *m, struct mbox *mb, const char *name,
		      const struct lint_submitter *sub)
{
	struct mbox_msg mm;
	GError *e = NULL;
	const char *prev = NULL;
	char *prev_path = NULL;
	guint line = 1;

	mbox_set_warn(mb, r->sink->warn, r->sink->warn_payload);
	while (mbox_next(mb, &mm, &e)) {
		struct lint_mail *lm;

		/* the line the message starts on, counted from the last one of
		 * the same file (each message of a Maildir is its own; the first
		 * of an mbox may follow bytes that were skipped) */
		if (!prev || g_strcmp0(prev_path, mm.path)) {
			line = mm.from_line ? 2 : 1;
			for (const char *p = mm.data - mm.offset; mm.from_line && p < mm.from_line; p++)
				line += *p == '\n';
			g_free(prev_path);
			prev_path = g_strdup(mm.path);
		} else {
			for (const char *p = prev; p < mm.data; p++)
				line += *p == '\n';
		}
		prev = mm.data;
		r->counts->messages++;
		if (!(lm = read_mail(r, mb, &mm, name, line)))
			continue;
		if (sub && sub->email) {
			lm->in.submitter_name = lm->in.sender_name = sub->name;
			lm->in.submitter_email = lm->in.sender_email = sub->email;
		}
		g_ptr_array_add(m->all, lm);
		g_ptr_array_add(m->set, &lm->in);
		if (lm->is_reply || lm->is_cover || !lm->is_patch) {
			r->counts->skipped++;
			continue;
		}
		lint_check(r->lint, &lm->in, r->out);
		r->counts->checked++;
		flush(r);
	}
	if (e) {
		if (r->sink->warn)
			r->sink->warn(r->sink->warn_payload, "%s", e->message);
		g_error_free(e);
	}
	g_free(prev_path);
	mbox_close(mb);
}

static gboolean lint_source(struct run *r, struct mails *m, const char *name,
			    const struct lint_submitter *sub, GError **error)
{
	struct mbox *mb;

	if (!mbox_open(&mb, name, MBOX_RD, error))
		return FALSE;
	lint_mbox(r, m, mb, name, sub);
	return TRUE;
}

gboolean lint_run_mails(struct lint *l, char **paths, int n, const struct lint_submitter *sub,
			const struct lint_sink *sink, struct lint_run_counts *counts,
			GError **error)
{
	struct run r;
	struct mails m = { g_ptr_array_new_with_free_func(mail_free), g_ptr_array_new() };
	gboolean ok = TRUE;

	run_init(&r, l, sink, counts);
	for (int i = 0; i < n && ok; i++)
		ok = lint_source(&r, &m, paths[i], sub, error);
	if (ok) {
		lint_check_set(l, (const struct lint_input *const *)m.set->pdata, m.set->len, r.out);
		flush(&r);
	}
	run_clear(&r);
	g_ptr_array_free(m.set, TRUE);
	g_ptr_array_unref(m.all);
	return ok;
}

gboolean lint_run_mbox_bytes(struct lint *l, const char *name, GBytes *mbox,
			     const struct lint_submitter *sub, const struct lint_sink *sink,
			     struct lint_run_counts *counts)
{
	struct run r;
	struct mails m = { g_ptr_array_new_with_free_func(mail_free), g_ptr_array_new() };
	struct mbox *mb;

	run_init(&r, l, sink, counts);
	mbox_open_bytes(&mb, name, mbox, MBOX_RD);
	lint_mbox(&r, &m, mb, name, sub);
	lint_check_set(l, (const struct lint_input *const *)m.set->pdata, m.set->len, r.out);
	flush(&r);
	run_clear(&r);
	g_ptr_array_free(m.set, TRUE);
	g_ptr_array_unref(m.all);
	return TRUE;
}
