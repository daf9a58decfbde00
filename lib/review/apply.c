/* apply.c - collected trailers written into the branch's commits (see
 * apply.h).
 *
 * Kill -9 safety: the commits are written first (unreachable until the
 * branch moves), then the state records where the trailers came from
 * (collected.json naming the new commits, one state commit), then the
 * branch moves in one compare-and-swap (rewrite.h), then ORIG_HEAD and the
 * notes.  A crash before the state commit leaves everything as it was
 * (loose objects for gc).  A crash after it and before the branch moves
 * leaves entries naming commits not on the branch: readers take those as
 * stale and ignore them, and the rerun applies the trailers again and
 * records them afresh (an entry already there is not added twice).  So
 * once the branch has moved, the record of the trailers' mails is there.
 */
#include "review/apply.h"

#include <string.h>

#include "core/error.h"
#include "git/commit.h"
#include "git/ident.h"
#include "git/rewrite.h"
#include "mail/trailer.h"

#define COLLECTED_PATH "collected.json"

/* The default order (trailers.conf's), for order_policy without a policy. */
static const char default_order[] =
	"[policy]\n\torder = Fixes Reported-by Closes Originally-by Suggested-by "
	"Co-developed-by/Signed-off-by Tested-by Reviewed-by Acked-by Cc Link\n";

/* ---- trailers compared as collect compares them ---- */

/* The Message-ID a Link: value names: its last path component, <> and
 * %-escapes undone (caller owns). */
static char *link_msgid(const char *v, gsize len)
{
	char *s = g_strndup(v, len), *end, *last, *un;

	g_strstrip(s);
	end = s + strlen(s);
	while (end > s && end[-1] == '/')
		*--end = 0;
	last = strrchr(s, '/');
	last = last ? last + 1 : s;
	if (*last == '<')
		last++;
	end = last + strlen(last);
	if (end > last && end[-1] == '>')
		end[-1] = 0;
	un = g_uri_unescape_string(last, NULL);
	if (!un)
		un = g_strdup(last);
	g_free(s);
	return un;
}

/* "key: value" lower-cased, blanks squeezed; a Link: as "link: <msgid>"
 * (caller owns). */
static char *trailer_key(const char *key, gsize klen, const char *value, gsize vlen)
{
	GString *g = g_string_new(NULL);
	char *k = g_ascii_strdown(key, klen), *low;
	gboolean blank = FALSE;

	g_strstrip(k);
	g_string_append_printf(g, "%s: ", k);
	if (!strcmp(k, "link")) {
		char *id = link_msgid(value, vlen);

		g_string_append(g, id);
		g_free(id);
	} else {
		for (gsize i = 0; i < vlen; i++) {
			if (g_ascii_isspace(value[i])) {
				blank = TRUE;
				continue;
			}
			if (blank && g->str[g->len - 1] != ' ')
				g_string_append_c(g, ' ');
			blank = FALSE;
			g_string_append_c(g, value[i]);
		}
	}
	g_free(k);
	low = g_ascii_strdown(g->str, -1);
	g_string_free(g, TRUE);
	g_strchomp(low);
	return low;
}

/* The same for a trailer as collect gives it, "Key: value"; NULL when it
 * has no separator. */
static char *given_key(const char *t)
{
	const char *colon = strchr(t, ':');

	if (!colon)
		return NULL;
	return trailer_key(t, colon - t, colon + 1, strlen(colon + 1));
}

/* The trailers of msg as trailer_key strings (caller owns the array). */
static GPtrArray *message_keys(const char *msg)
{
	GPtrArray *keys = g_ptr_array_new_with_free_func(g_free);
	struct trailer_opts to = { 0 };
	struct trailer_block b;
	struct trailer_iter it;
	struct trailer_item item;

	if (!trailer_block_find(msg, strlen(msg), &to, &b))
		return keys;
	trailer_iter_init(&it, msg, &b, &to);
	while (trailer_iter_next(&it, &item))
		if (item.kind == TRAILER_TRAILER)
			g_ptr_array_add(keys, trailer_key(msg + item.key_start,
							  item.key_end - item.key_start,
							  item.value, item.value_len));
	trailer_iter_done(&it);
	return keys;
}

static gboolean has_key(GPtrArray *keys, const char *k)
{
	for (guint i = 0; i < keys->len; i++)
		if (!strcmp(g_ptr_array_index(keys, i), k))
			return TRUE;
	return FALSE;
}

/* ---- matching ---- */

gboolean review_collect_match(git_repository *repo, const struct series *s,
			      struct collect_result *r, warn_fn warn, void *payload, GError **error)
{
	GPtrArray *commits;
	gboolean *taken;

	if (!series_load_patches(&commits, NULL, NULL, repo, s, 0, COMMIT_WANT_DIFF, error))
		return FALSE;
	taken = g_new0(gboolean, commits->len + 1);
	for (guint i = 0; i < r->patches->len; i++) {
		struct collect_patch *p = g_ptr_array_index(r->patches, i);

		g_clear_pointer(&p->commit, g_free);
	}
	/* by stable patch-id first, then by subject */
	for (int pass = 0; pass < 2; pass++) {
		for (guint i = 0; i < r->patches->len; i++) {
			struct collect_patch *p = g_ptr_array_index(r->patches, i);

			if (p->commit || (pass == 0 && (!p->patch_id || !*p->patch_id)) ||
			    (pass == 1 && !p->subject))
				continue;
			for (guint j = 0; j < commits->len; j++) {
				const struct commit_patch *c = g_ptr_array_index(commits, j);
				char hex[GIT_OID_HEXSZ + 1];

				if (taken[j] || (pass == 0 && strcmp(c->patch_id, p->patch_id)) ||
				    (pass == 1 && strcmp(c->subject, p->subject)))
					continue;
				taken[j] = TRUE;
				git_oid_tostr(hex, sizeof hex, &c->oid);
				p->commit = g_strdup(hex);
				break;
			}
		}
	}
	for (guint i = 0; i < r->patches->len; i++) {
		struct collect_patch *p = g_ptr_array_index(r->patches, i);
		const struct commit_patch *c = NULL;
		GPtrArray *keys;

		if (!p->commit) {
			if (warn && p->add && p->add->len)
				warn(payload, "v%d %d/%d \"%s\" matches no commit of %s: not applied",
				     p->version, p->patch, p->total, p->subject ? p->subject : "",
				     s->branch);
			continue;
		}
		for (guint j = 0; j < commits->len && !c; j++) {
			const struct commit_patch *cj = g_ptr_array_index(commits, j);
			char hex[GIT_OID_HEXSZ + 1];

			git_oid_tostr(hex, sizeof hex, &cj->oid);
			if (!strcmp(hex, p->commit))
				c = cj;
		}
		if (!c || !p->add)
			continue;
		keys = message_keys(c->message);
		for (guint k = 0; k < p->add->len;) {
			const struct collect_trailer *t = g_ptr_array_index(p->add, k);
			char *key = given_key(t->trailer);

			if (key && has_key(keys, key))
				g_ptr_array_remove_index(p->add, k);
			else
				k++;
			g_free(key);
		}
		g_ptr_array_unref(keys);
	}
	g_free(taken);
	g_ptr_array_unref(commits);
	return TRUE;
}

/* ---- the new message ---- */

struct line {
	char *text;		/* one item, ending in '\n' (owned) */
	int rank;		/* order_policy: its effective rank */
	gboolean own_sob;
};

static void line_free(gpointer p)
{
	struct line *l = p;

	g_free(l->text);
	g_free(l);
}

static gboolean is_own_sob(const char *key, gsize klen, const char *value, gsize vlen,
			   const char *own_email)
{
	struct ident_addr a;
	gboolean same;

	if (!own_email || klen != strlen("Signed-off-by") ||
	    g_ascii_strncasecmp(key, "Signed-off-by", klen))
		return FALSE;
	ident_addr_parse(value, vlen, &a);
	same = a.email && !g_ascii_strcasecmp(a.email, own_email);
	ident_addr_clear(&a);
	return same;
}

static struct line *line_new(const char *text, gsize len, const char *key, gsize klen,
			     const char *value, gsize vlen, const char *own_email,
			     const struct policy *pol)
{
	struct line *l = g_new0(struct line, 1);

	l->text = g_strndup(text, len);
	if (!len || text[len - 1] != '\n') {
		char *t = g_strconcat(l->text, "\n", NULL);

		g_free(l->text);
		l->text = t;
	}
	l->rank = key && pol ? policy_rank(pol, key, klen) : -1;
	l->own_sob = key && is_own_sob(key, klen, value, vlen, own_email);
	return l;
}

static gint by_rank(gconstpointer a, gconstpointer b)
{
	const struct line *x = *(const struct line *const *)a, *y = *(const struct line *const *)b;

	return (x->rank > y->rank) - (x->rank < y->rank);
}

/* msg with the trailers add (struct collect_trailer*) put in its block
 * (caller owns). */
static char *new_message(const char *msg, GPtrArray *add, const char *own_email,
			 const struct policy *pol)
{
	struct trailer_opts to = { 0 };
	struct trailer_block b;
	struct trailer_iter it;
	struct trailer_item item;
	GPtrArray *lines = g_ptr_array_new_with_free_func(line_free);
	GString *out = g_string_new(NULL);
	gsize len = strlen(msg);
	gboolean found = trailer_block_find(msg, len, &to, &b);

	if (found) {
		g_string_append_len(out, msg, b.start);
		trailer_iter_init(&it, msg, &b, &to);
		while (trailer_iter_next(&it, &item)) {
			gboolean tr = item.kind == TRAILER_TRAILER;

			g_ptr_array_add(lines, line_new(msg + item.start, item.end - item.start,
							tr ? msg + item.key_start : NULL,
							item.key_end - item.key_start, item.value,
							item.value_len, own_email, pol));
		}
		trailer_iter_done(&it);
	} else {
		gsize end = b.msg_end;

		while (end > 0 && g_ascii_isspace(msg[end - 1]))
			end--;
		g_string_append_len(out, msg, end);
		g_string_append(out, end ? "\n\n" : "");
		b.end = b.msg_end;
	}
	for (guint i = 0; i < add->len; i++) {
		const struct collect_trailer *t = g_ptr_array_index(add, i);
		const char *colon = strchr(t->trailer, ':');
		gsize klen = colon ? (gsize)(colon - t->trailer) : 0;

		g_ptr_array_add(lines, line_new(t->trailer, strlen(t->trailer),
						colon ? t->trailer : NULL, klen,
						colon ? colon + 1 : NULL, colon ? strlen(colon + 1) : 0,
						own_email, pol));
	}
	if (pol) {
		/* a line the order does not rank stays with the one before it */
		int prev = -1;

		for (guint i = 0; i < lines->len; i++) {
			struct line *l = g_ptr_array_index(lines, i);

			if (l->rank < 0)
				l->rank = prev;
			prev = l->rank;
		}
		g_ptr_array_sort(lines, by_rank);	/* stable (a merge sort) */
	} else {
		/* the user's own Signed-off-by last */
		for (guint i = 0, n = lines->len; i < n;) {
			struct line *l = g_ptr_array_index(lines, i);

			if (l->own_sob) {
				g_ptr_array_steal_index(lines, i);
				g_ptr_array_add(lines, l);
				n--;
			} else
				i++;
		}
	}
	for (guint i = 0; i < lines->len; i++)
		g_string_append(out, ((struct line *)g_ptr_array_index(lines, i))->text);
	if (!found && b.msg_end < len)
		g_string_append_c(out, '\n');
	g_string_append(out, msg + b.end);
	g_ptr_array_unref(lines);
	return g_string_free(out, FALSE);
}

/* ---- the state record ---- */

/* collected.json with the entries' commits moved along map and the
 * trailers of the applied patches added (new reference). */
static json_t *record(struct series *s, const struct collect_result *r, const GArray *map,
		      GHashTable *new_of)
{
	char *text = state_get_string(s->state, COLLECTED_PATH);
	json_t *doc = text ? json_loads(text, 0, NULL) : NULL;
	json_t *e;
	size_t i;

	g_free(text);
	if (!json_is_array(doc)) {
		json_decref(doc);
		doc = json_array();
	}
	json_array_foreach(doc, i, e) {
		const char *c = json_string_value(json_object_get(e, "commit"));
		char old[GIT_OID_HEXSZ + 1], nw[GIT_OID_HEXSZ + 1];

		for (guint k = 0; c && k < map->len; k++) {
			const struct rewrite_map *m = &g_array_index(map, struct rewrite_map, k);

			git_oid_tostr(old, sizeof old, &m->old_id);
			if (!strcmp(old, c)) {
				git_oid_tostr(nw, sizeof nw, &m->new_id);
				json_object_set_new(e, "commit", json_string(nw));
				break;
			}
		}
	}
	for (guint k = 0; k < r->patches->len; k++) {
		const struct collect_patch *p = g_ptr_array_index(r->patches, k);
		const char *nw = p->commit ? g_hash_table_lookup(new_of, p->commit) : NULL;

		if (!nw || !p->add)
			continue;
		for (guint j = 0; j < p->add->len; j++) {
			const struct collect_trailer *t = g_ptr_array_index(p->add, j);
			json_t *n = json_pack("{s:s, s:s, s:s?, s:s?}", "commit", nw, "trailer",
					      t->trailer, "msgid", t->msgid, "link", t->link);
			gboolean there = FALSE;

			json_array_foreach(doc, i, e)
				there = there || json_equal(e, n);
			if (there)
				json_decref(n);
			else
				json_array_append_new(doc, n);
		}
	}
	return doc;
}

/* ---- applying ---- */

struct before_move {
	git_repository *repo;
	struct series *s;
	const struct collect_result *r;
	guint trailers;
};

/* Before the branch moves: the record of where the trailers came from,
 * naming the new commits, in one state commit. */
static gboolean record_before_move(void *payload, const git_oid *new_tip, const GArray *map,
				   GError **error)
{
	struct before_move *b = payload;
	GHashTable *new_of = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	json_t *doc;
	char *text, *msg;
	gboolean ok;

	(void)new_tip;
	for (guint k = 0; k < map->len; k++) {
		const struct rewrite_map *m = &g_array_index(map, struct rewrite_map, k);
		char a[GIT_OID_HEXSZ + 1], c[GIT_OID_HEXSZ + 1];

		git_oid_tostr(a, sizeof a, &m->old_id);
		git_oid_tostr(c, sizeof c, &m->new_id);
		g_hash_table_insert(new_of, g_strdup(a), g_strdup(c));
	}
	doc = record(b->s, b->r, map, new_of);
	text = json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	msg = g_strdup_printf("trailer: collect --apply (%u trailers)", b->trailers);
	state_set_string(b->s->state, COLLECTED_PATH, text);
	free(text);
	json_decref(doc);
	ok = series_save(b->s, b->repo, msg, NULL, 0, error);
	g_free(msg);
	g_hash_table_unref(new_of);
	return ok;
}

/* The order policy o asks for into *pol: o's own, else the default order
 * (loaded into *own, which the caller frees); NULL when none is asked. */
static gboolean order_policy(const struct apply_opts *o, struct policy **own,
			     const struct policy **pol, GError **error)
{
	*own = NULL;
	*pol = NULL;
	if (!o->order_policy)
		return TRUE;
	if (o->policy) {
		*pol = o->policy;
		return TRUE;
	}
	*own = policy_new(NULL);
	if (!policy_load_data(*own, default_order, strlen(default_order), "the default order",
			      error))
		return FALSE;
	*pol = *own;
	return TRUE;
}

/* What the edits are made of, while they are built. */
struct edits {
	GArray *list;			/* struct rewrite_edit */
	GPtrArray *messages;		/* their messages (owned) */
	guint first;			/* the earliest edited commit's index in range */
};

/* One edit a patch with trailers to add: its commit's message with them;
 * out->trailers counted. */
static gboolean add_edits(git_repository *repo, const struct collect_result *r,
			  const struct policy *pol, const git_signature *me,
			  const GPtrArray *range, struct edits *ed, struct apply_report *out,
			  GError **error)
{
	for (guint i = 0; i < r->patches->len; i++) {
		const struct collect_patch *p = g_ptr_array_index(r->patches, i);
		struct rewrite_edit e;
		git_commit *c = NULL;
		char *msg;

		if (!p->commit || !p->add || !p->add->len)
			continue;
		if (git_oid_fromstr(&e.commit, p->commit) < 0 ||
		    git_commit_lookup(&c, repo, &e.commit) < 0)
			return qerr(error, QUILL_ERROR_INPUT, "v%d %d/%d: no commit %s", p->version,
				    p->patch, p->total, p->commit);
		msg = new_message(git_commit_message_raw(c), p->add, me->email, pol);
		git_commit_free(c);
		g_ptr_array_add(ed->messages, msg);
		e.message = msg;
		g_array_append_val(ed->list, e);
		out->trailers += p->add->len;
		for (guint j = 0; j < range->len; j++)
			if (git_oid_equal(g_ptr_array_index(range, j), &e.commit) && j < ed->first)
				ed->first = j;
	}
	return TRUE;
}

/* The series' branch rewritten with the edits (the record saved before
 * it moves, unless o->dry_run). */
static gboolean rewrite_branch(git_repository *repo, struct series *s,
			       const struct collect_result *r, const struct apply_opts *o,
			       const git_oid *base, const git_oid *tip, const struct edits *ed,
			       guint trailers, git_oid *new_tip, GArray **map, GError **notes_e,
			       GError **error)
{
	char *ref = g_strconcat("refs/heads/", s->branch, NULL);
	struct rewrite_opts ro = { 0 };
	struct before_move bm = { repo, s, r, trailers };
	gboolean ok;

	ro.before_move = o->dry_run ? NULL : record_before_move;
	ro.before_payload = &bm;
	ro.drop_signatures = o->drop_signatures;
	ro.resign = o->resign;
	ro.dry_run = o->dry_run;
	ro.reflog = "quill: trailer collect --apply";
	ok = rewrite_range(repo, ref, base, tip, (const struct rewrite_edit *)ed->list->data,
			   ed->list->len, &ro, new_tip, map, notes_e, error);
	g_free(ref);
	return ok;
}

gboolean review_apply(git_repository *repo, struct series *s, const struct collect_result *r,
		      const struct apply_opts *o, struct apply_report *out, GError **error)
{
	static const struct apply_opts none = { 0 };
	struct edits ed = { g_array_new(FALSE, FALSE, sizeof(struct rewrite_edit)),
			    g_ptr_array_new_with_free_func(g_free), G_MAXUINT };
	GPtrArray *range = NULL;
	struct policy *own_pol = NULL;
	const struct policy *pol = NULL;
	git_signature *me = NULL;
	GArray *map = NULL;
	GError *notes_e = NULL;
	git_oid base, tip, new_tip;
	char hex[GIT_OID_HEXSZ + 1];
	gboolean ok = FALSE;

	memset(out, 0, sizeof *out);
	if (!o)
		o = &none;
	if (!order_policy(o, &own_pol, &pol, error) || !ident_signature(&me, repo, FALSE, error) ||
	    !series_working_range(&base, &tip, repo, s, error) ||
	    !commit_range(&range, repo, &base, &tip, error) ||
	    !add_edits(repo, r, pol, me, range, &ed, out, error))
		goto done;
	git_oid_tostr(hex, sizeof hex, &tip);
	if (!ed.list->len) {
		ok = TRUE;
		goto done;
	}
	if (!rewrite_branch(repo, s, r, o, &base, &tip, &ed, out->trailers, &new_tip, &map,
			    &notes_e, error))
		goto done;
	out->commits = ed.first < range->len ? range->len - ed.first : 0;
	out->old_tip = g_strdup(hex);
	if (o->dry_run) {
		ok = TRUE;
		goto done;
	}
	out->new_tip = g_malloc(GIT_OID_HEXSZ + 1);
	git_oid_tostr(out->new_tip, GIT_OID_HEXSZ + 1, &new_tip);
	if (notes_e && o->warn)
		o->warn(o->payload, "%s", notes_e->message);
	ok = TRUE;
done:
	if (map)
		g_array_free(map, TRUE);
	if (range)
		g_ptr_array_unref(range);
	g_clear_error(&notes_e);
	git_signature_free(me);
	if (own_pol)
		policy_free(own_pol);
	g_ptr_array_unref(ed.messages);
	g_array_free(ed.list, TRUE);
	return ok;
}
