/* lint-review.c - the review history behind trailer lint's review rules,
 * from a series' stored review or from a scanned mailbox (lint-review.h). */
#include "review/lint-review.h"
#include "core/error.h"
#include "git/commit.h"
#include "git/ident.h"
#include "mail/subject.h"
#include "review/store.h"

#include <string.h>

/* A patch (or a posted patch mail) of a version. */
struct lr_patch {
	char *commit;		/* hex, or NULL (a mail) */
	char *msgid;		/* or NULL */
	char *patch_id;		/* stable patch-id, or NULL */
	char *subject;		/* normalised (subject.h), or NULL */
	int number;		/* 1..n */
};

struct lr_version {
	int version;
	gboolean known;		/* its thread is known */
	GPtrArray *patches;	/* struct lr_patch*, owned */
	GPtrArray *items;	/* struct review_item*, borrowed from below */
};

struct review_lint {
	struct lint_review lr;
	git_repository *repo;		/* borrowed, or NULL */
	int upto;			/* versions above it are not asked (0: none) */
	GPtrArray *versions;		/* struct lr_version*, ascending */
	GHashTable *commits;		/* hex -> struct lr_patch*: commits no version records */
	GPtrArray *stored;		/* struct review_version*, owning the items */
	struct review_result *scan;	/* owning the items, or NULL */
};

static void patch_free(gpointer p)
{
	struct lr_patch *lp = p;

	g_free(lp->commit);
	g_free(lp->msgid);
	g_free(lp->patch_id);
	g_free(lp->subject);
	g_free(lp);
}

static void version_free(gpointer p)
{
	struct lr_version *v = p;

	g_ptr_array_unref(v->patches);
	g_ptr_array_unref(v->items);
	g_free(v);
}

static struct lr_version *version_new(int n)
{
	struct lr_version *v = g_new0(struct lr_version, 1);

	v->version = n;
	v->patches = g_ptr_array_new_with_free_func(patch_free);
	v->items = g_ptr_array_new();
	return v;
}

/* A subject as versions compare it (caller owns), or NULL. */
static char *normalise(const char *subject)
{
	struct subject sub;
	char *n;

	if (!subject)
		return NULL;
	subject_parse(&sub, subject, -1);
	n = g_strdup(sub.normalised);
	subject_clear(&sub);
	return n;
}

static struct lr_patch *patch_new(const char *commit, const char *msgid, const char *patch_id,
				  const char *subject, int number)
{
	struct lr_patch *p = g_new0(struct lr_patch, 1);

	p->commit = g_strdup(commit);
	p->msgid = g_strdup(msgid);
	p->patch_id = patch_id && *patch_id ? g_strdup(patch_id) : NULL;
	p->subject = normalise(subject);
	p->number = number;
	return p;
}

/* ---- the lookup ---- */

/* The patch the linted message is, or NULL when none is known. */
static const struct lr_patch *find_target(struct review_lint *rl, const struct lint_input *in,
					  int *version)
{
	char hex[GIT_OID_HEXSZ + 1];
	struct lr_patch *p;

	if (in->oid)
		git_oid_tostr(hex, sizeof(hex), in->oid);
	for (guint i = rl->versions->len; i-- > 0;) {
		const struct lr_version *v = g_ptr_array_index(rl->versions, i);

		for (guint j = 0; j < v->patches->len; j++) {
			p = g_ptr_array_index(v->patches, j);
			if ((in->oid && p->commit && !strcmp(p->commit, hex)) ||
			    (!in->oid && in->msgid && p->msgid && !strcmp(p->msgid, in->msgid))) {
				*version = rl->scan ? v->version : rl->upto;
				return p;
			}
		}
	}
	*version = rl->upto;
	if (!in->oid || !rl->repo)
		return NULL;
	/* a commit of the working version: read once */
	p = g_hash_table_lookup(rl->commits, hex);
	if (!p) {
		struct commit_patch *cp;

		if (!commit_patch_load(&cp, rl->repo, in->oid, COMMIT_WANT_DIFF, NULL))
			return NULL;
		p = patch_new(hex, NULL, cp->patch_id, cp->subject, 0);
		commit_patch_free(cp);
		g_hash_table_insert(rl->commits, p->commit, p);
	}
	return p;
}

/* The patch of version v that is the target: the same one, else the same
 * patch-id, else the same subject. */
static const struct lr_patch *counterpart(const struct lr_version *v, const struct lr_patch *t)
{
	for (guint j = 0; j < v->patches->len; j++) {
		const struct lr_patch *p = g_ptr_array_index(v->patches, j);

		if (p == t || (t->commit && p->commit && !strcmp(p->commit, t->commit)) ||
		    (t->msgid && p->msgid && !strcmp(p->msgid, t->msgid)))
			return p;
	}
	for (guint j = 0; t->patch_id && j < v->patches->len; j++) {
		const struct lr_patch *p = g_ptr_array_index(v->patches, j);

		if (p->patch_id && !strcmp(p->patch_id, t->patch_id))
			return p;
	}
	for (guint j = 0; t->subject && *t->subject && j < v->patches->len; j++) {
		const struct lr_patch *p = g_ptr_array_index(v->patches, j);

		if (p->subject && !strcmp(p->subject, t->subject))
			return p;
	}
	return NULL;
}

/* Does "Name <addr>" have this address? */
static gboolean person_is(const char *person, const char *email)
{
	char *name = NULL, *addr = NULL;
	gboolean is = FALSE;

	if (person && ident_split(person, &name, &addr))
		is = !g_ascii_strcasecmp(addr, email);
	g_free(name);
	g_free(addr);
	return is;
}

/* Is "Key: value" a trailer of this key?  NULL: none named. */
static gboolean trailer_key_is(const char *trailer, const char *key)
{
	const char *colon = trailer ? strchr(trailer, ':') : NULL;
	gsize n = strlen(key);

	return colon && (gsize)(colon - trailer) == n && !g_ascii_strncasecmp(trailer, key, n);
}

/* The person a trailer "Key: Name <addr>" names: its address is email. */
static gboolean trailer_names(const char *trailer, const char *email)
{
	const char *colon = trailer ? strchr(trailer, ':') : NULL;

	return colon && person_is(colon + 1, email);
}

enum event { EV_NONE, EV_GIVE, EV_OBJECT };

/* What item it says about KEY of the person at EMAIL. */
static enum event item_event(const struct review_item *it, const char *key, const char *email)
{
	switch (it->kind) {
	case REVIEW_TRAILER:
		return trailer_key_is(it->trailer, key) &&
		       (person_is(it->author, email) || trailer_names(it->trailer, email))
			       ? EV_GIVE : EV_NONE;
	case REVIEW_TRAILER_OBJECTION:
		if (!person_is(it->author, email))
			return EV_NONE;
		return !it->trailer || trailer_key_is(it->trailer, key) ? EV_OBJECT : EV_NONE;
	case REVIEW_NAK:
		return person_is(it->author, email) ? EV_OBJECT : EV_NONE;
	default:
		return EV_NONE;
	}
}

static void answer_from(struct lint_review_answer *out, enum lint_review_state state,
			const struct review_item *it, int version)
{
	g_free(out->msgid);
	g_free(out->link);
	out->state = state;
	out->msgid = g_strdup(it->msgid);
	out->link = g_strdup(it->link);
	out->version = version;
	out->changed_since = FALSE;
}

static gboolean lookup(const struct lint_review *lr, const struct lint_input *in, const char *key,
		       const char *name, const char *email, struct lint_review_answer *out)
{
	struct review_lint *rl = lr->data;
	const struct lr_patch *target, *given_on = NULL;
	gboolean known = FALSE, given = FALSE;
	int upto;

	(void)name;
	memset(out, 0, sizeof(*out));
	if (!email || !(target = find_target(rl, in, &upto)))
		return FALSE;
	for (guint i = 0; i < rl->versions->len; i++) {
		const struct lr_version *v = g_ptr_array_index(rl->versions, i);
		const struct lr_patch *q;

		if (v->version > upto || !(q = counterpart(v, target)))
			continue;
		known |= v->known;
		for (guint j = 0; j < v->items->len; j++) {
			const struct review_item *it = g_ptr_array_index(v->items, j);
			enum event ev;

			if (it->patch != 0 && it->patch != q->number)
				continue;
			ev = item_event(it, key, email);
			if (ev == EV_GIVE) {
				answer_from(out, LINT_REVIEW_GIVEN, it, v->version);
				given = TRUE;
				given_on = q;
			} else if (ev == EV_OBJECT) {
				answer_from(out, given ? LINT_REVIEW_TAKEN_BACK : LINT_REVIEW_DECLINED,
					    it, v->version);
				given = FALSE;
			}
		}
	}
	if (out->state == LINT_REVIEW_GIVEN)
		out->changed_since = given_on != target && given_on->patch_id && target->patch_id &&
				     strcmp(given_on->patch_id, target->patch_id);
	else if (out->state == LINT_REVIEW_UNKNOWN && known)
		out->state = LINT_REVIEW_NOT_FOUND;
	return out->state != LINT_REVIEW_UNKNOWN;
}

/* ---- building ---- */

static struct review_lint *review_lint_new(void)
{
	struct review_lint *rl = g_new0(struct review_lint, 1);

	rl->lr.lookup = lookup;
	rl->lr.data = rl;
	rl->versions = g_ptr_array_new_with_free_func(version_free);
	rl->commits = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, patch_free);
	rl->stored = g_ptr_array_new_with_free_func((GDestroyNotify)review_version_free);
	return rl;
}

struct review_lint *review_lint_empty(void)
{
	return review_lint_new();
}

gboolean review_lint_series(struct review_lint **out, git_repository *repo,
			    const struct series *s, int version, GError **error)
{
	struct review_lint *rl = review_lint_new();

	*out = NULL;
	rl->repo = repo;
	rl->upto = version && version < s->version ? version : s->version;
	for (guint i = 0; i < s->versions->len && (int)i + 1 <= rl->upto; i++) {
		const struct series_version *sv = g_ptr_array_index(s->versions, i);
		struct lr_version *v = version_new(sv->number);
		struct review_version *rv = NULL;
		char *path = g_strdup_printf("v%d/review.json", sv->number);
		char *text = state_get_string(s->state, path);

		g_free(path);
		v->known = text != NULL;
		g_free(text);
		for (guint j = 0; j < sv->patches->len; j++) {
			const struct series_patch *p = g_ptr_array_index(sv->patches, j);

			g_ptr_array_add(v->patches, patch_new(p->commit, p->msgid, p->patch_id,
							      p->subject, (int)j + 1));
		}
		g_ptr_array_add(rl->versions, v);
		if (!v->known)
			continue;
		if (!review_store_read(s, sv->number, &rv, error)) {
			review_lint_free(rl);
			return FALSE;
		}
		g_ptr_array_add(rl->stored, rv);
		for (guint j = 0; j < rv->items->len; j++)
			g_ptr_array_add(v->items, g_ptr_array_index(rv->items, j));
	}
	*out = rl;
	return TRUE;
}

/* Version n of rl, made when missing (kept ascending). */
static struct lr_version *version_get(struct review_lint *rl, int n)
{
	guint i;
	struct lr_version *v;

	for (i = 0; i < rl->versions->len; i++) {
		v = g_ptr_array_index(rl->versions, i);
		if (v->version == n)
			return v;
		if (v->version > n)
			break;
	}
	v = version_new(n);
	g_ptr_array_insert(rl->versions, (gint)i, v);
	return v;
}

struct review_lint *review_lint_scan(struct review_result *r)
{
	struct review_lint *rl = review_lint_new();

	rl->scan = r;
	for (guint i = 0; i < r->posted->len; i++) {
		const struct review_posted *p = g_ptr_array_index(r->posted, i);

		if (p->patch > 0)
			g_ptr_array_add(version_get(rl, p->version)->patches,
					patch_new(NULL, p->msgid, p->patch_id, p->subject, p->patch));
		if (p->version > rl->upto)
			rl->upto = p->version;
	}
	for (guint i = 0; i < r->replies->len; i++) {
		const struct review_reply *rp = g_ptr_array_index(r->replies, i);

		version_get(rl, rp->version)->known = TRUE;
	}
	for (guint i = 0; i < r->items->len; i++) {
		struct review_item *it = g_ptr_array_index(r->items, i);

		g_ptr_array_add(version_get(rl, it->version)->items, it);
	}
	return rl;
}

const struct lint_review *review_lint_provider(const struct review_lint *rl)
{
	return &rl->lr;
}

void review_lint_free(struct review_lint *rl)
{
	if (!rl)
		return;
	g_ptr_array_unref(rl->versions);
	g_hash_table_destroy(rl->commits);
	g_ptr_array_unref(rl->stored);
	if (rl->scan)
		review_result_free(rl->scan);
	g_free(rl);
}
