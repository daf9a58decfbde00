/* b4.c - reading b4 prep branches and adopting them as series (b4.h). */
#include "series/b4.h"
#include "core/date.h"
#include "git/commit.h"
#include "git/config.h"
#include "core/error.h"
#include "series/store.h"

#include <jansson.h>
#include <string.h>

/* How far back from the tip the cover commit is looked for. */
#define COVER_SEARCH_LIMIT 10000

static void sent_free(struct b4_sent *s)
{
	if (!s)
		return;
	g_free(s->tag);
	g_free(s->cover);
	g_free(s->date);
	g_free(s->cover_msgid);
	g_free(s);
}

void b4_branch_free(struct b4_branch *b)
{
	if (!b)
		return;
	g_free(b->branch);
	g_free(b->cover_text);
	g_strfreev(b->to);
	g_strfreev(b->cc);
	g_free(b->created);
	g_free(b->change_id);
	g_free(b->base_branch);
	g_strfreev(b->prefixes);
	g_strfreev(b->prereqs);
	if (b->patches)
		g_ptr_array_unref(b->patches);
	if (b->sent)
		g_ptr_array_unref(b->sent);
	g_free(b);
}

char *b4_series_name(const char *branch)
{
	return g_strdup(g_str_has_prefix(branch, "b4/") ? branch + 3 : branch);
}

/* The marker on a line of its own, or NULL. */
static const char *find_marker(const char *msg)
{
	size_t n = strlen(B4_MARKER);

	for (const char *p = strstr(msg, B4_MARKER); p; p = strstr(p + 1, B4_MARKER))
		if ((p == msg || p[-1] == '\n') && (p[n] == '\n' || p[n] == 0))
			return p;
	return NULL;
}

/* Commits holding the marker on the first-parent chain from the tip,
 * newest first, down to `stop` (excluded) or the search limit. */
static GArray *marker_commits(git_repository *repo, const git_oid *tip, const git_oid *stop,
			      gboolean *hit_stop, GError **error)
{
	GArray *found = g_array_new(FALSE, FALSE, sizeof(git_oid));
	git_oid oid = *tip;

	if (hit_stop)
		*hit_stop = FALSE;
	for (int n = 0; n < COVER_SEARCH_LIMIT; n++) {
		git_commit *c = NULL;
		int rc;

		if (stop && git_oid_equal(&oid, stop)) {
			if (hit_stop)
				*hit_stop = TRUE;
			break;
		}
		if ((rc = git_commit_lookup(&c, repo, &oid)) < 0) {
			qerr_git(error, rc, "cannot read commit %s", git_oid_tostr_s(&oid));
			g_array_unref(found);
			return NULL;
		}
		if (find_marker(git_commit_message(c)))
			g_array_append_val(found, oid);
		if (git_commit_parentcount(c) == 0) {
			git_commit_free(c);
			break;
		}
		git_oid_cpy(&oid, git_commit_parent_id(c, 0));
		git_commit_free(c);
	}
	return found;
}

static char **json_strv(json_t *arr)
{
	GPtrArray *a = g_ptr_array_new();
	size_t i;
	json_t *v;

	json_array_foreach(arr, i, v)
		if (json_is_string(v) && *json_string_value(v))
			g_ptr_array_add(a, g_strdup(json_string_value(v)));
	g_ptr_array_add(a, NULL);
	return (char **)g_ptr_array_free(a, FALSE);
}

/* "To" or "Cc" when `line` is a To:/Cc: trailer as b4 reads one
 * ("Name: value", the name one word), with *value pointing at the value;
 * else NULL. */
static const char *recipient_line(const char *line, const char **value)
{
	const char *p = line, *name;

	while (*p == ' ' || *p == '\t')
		p++;
	name = p;
	if (!g_ascii_strncasecmp(p, "to:", 3))
		p += 3;
	else if (!g_ascii_strncasecmp(p, "cc:", 3))
		p += 3;
	else
		return NULL;
	if (*p != ' ' && *p != '\t')
		return NULL;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return NULL;
	*value = p;
	return g_ascii_tolower(*name) == 't' ? "To" : "Cc";
}

static gboolean blank_line(const char *l)
{
	return strspn(l, " \t") == strlen(l);
}

/* Take the To:/Cc: lines of the cover's last paragraph (above a "---" or
 * "-- " line, '#' comment lines left aside) into b->to and b->cc, as b4
 * send does; a line that is not one address stays, with a warning. */
static void take_recipients(struct b4_branch *b, warn_fn warn, void *payload)
{
	char **lines = g_strsplit(b->cover_text, "\n", -1);
	GPtrArray *to = g_ptr_array_new(), *cc = g_ptr_array_new();
	GString *out = g_string_new(NULL);
	guint n = g_strv_length(lines), end = 0, start;

	while (end < n && strcmp(lines[end], "---") && strcmp(lines[end], "-- "))
		end++;
	/* the last paragraph: back over blank and comment lines, then to a blank one */
	start = end;
	while (start > 0 && (blank_line(lines[start - 1]) || lines[start - 1][0] == '#'))
		start--;
	while (start > 0 && !blank_line(lines[start - 1]))
		start--;
	for (guint i = 0; i < n; i++) {
		const char *found = NULL, *kind = i >= start && i < end && lines[i][0] != '#'
						  ? recipient_line(lines[i], &found) : NULL;
		char *value = kind ? g_strchomp(g_strdup(found)) : NULL;
		GError *e = NULL;

		if (kind && series_check_address(kind, value, &e)) {
			g_ptr_array_add(*kind == 'T' ? to : cc, value);
			continue;
		}
		if (kind && warn)
			warn(payload, "b4 cover line kept in the cover: %s", e->message);
		g_clear_error(&e);
		g_free(value);
		g_string_append(out, lines[i]);
		if (i + 1 < n)
			g_string_append_c(out, '\n');
	}
	while (out->len && g_ascii_isspace(out->str[out->len - 1]))
		g_string_truncate(out, out->len - 1);
	g_string_append_c(out, '\n');
	g_free(b->cover_text);
	b->cover_text = g_string_free(out, FALSE);
	g_ptr_array_add(to, NULL);
	g_ptr_array_add(cc, NULL);
	b->to = (char **)g_ptr_array_free(to, FALSE);
	b->cc = (char **)g_ptr_array_free(cc, FALSE);
	g_strfreev(lines);
}

/* Split the cover commit's message into the cover and the tracking data. */
static gboolean parse_cover(struct b4_branch *b, const char *msg, json_t **history,
			    warn_fn warn, void *payload, GError **error)
{
	const char *marker = find_marker(msg), *brace = strchr(marker, '{');
	json_error_t je;
	json_t *root, *series, *v;
	gsize len = (gsize)(marker - msg);

	if (!brace || !(root = json_loads(brace, 0, &je)))
		return qerr(error, QUILL_ERROR_INPUT,
			    "branch '%s': the b4 tracking data of commit %.12s does not parse%s%s",
			    b->branch, git_oid_tostr_s(&b->cover), brace ? ": " : "",
			    brace ? je.text : "");
	series = json_object_get(root, "series");
	v = json_object_get(series, "change-id");
	if (!json_is_string(v) || !json_is_integer(json_object_get(series, "revision")) ||
	    json_integer_value(json_object_get(series, "revision")) < 1) {
		json_decref(root);
		return qerr(error, QUILL_ERROR_INPUT,
			    "branch '%s': the b4 tracking data of commit %.12s lacks change-id or "
			    "revision", b->branch, git_oid_tostr_s(&b->cover));
	}
	b->change_id = g_strdup(json_string_value(v));
	b->revision = (int)json_integer_value(json_object_get(series, "revision"));
	v = json_object_get(series, "base-branch");
	b->base_branch = json_is_string(v) && *json_string_value(v) ? g_strdup(json_string_value(v))
								     : NULL;
	b->prefixes = json_strv(json_object_get(series, "prefixes"));
	{
		char **pre = json_strv(json_object_get(series, "prerequisites"));
		GPtrArray *kept = g_ptr_array_new();

		for (char **p = pre; *p; p++) {
			if (g_str_has_prefix(*p, "change-id:"))
				g_ptr_array_add(kept, g_strstrip(g_strdup(*p + strlen("change-id:"))));
			else if (warn)
				warn(payload, "b4 prerequisite '%s' not kept (quill records "
					      "change-ids only)", *p);
		}
		g_ptr_array_add(kept, NULL);
		b->prereqs = (char **)g_ptr_array_free(kept, FALSE);
		g_strfreev(pre);
	}
	*history = json_incref(json_object_get(series, "history"));
	json_decref(root);
	while (len && g_ascii_isspace(msg[len - 1]))
		len--;
	b->cover_text = g_strdup_printf("%.*s\n", (int)len, msg);
	take_recipients(b, warn, payload);
	return TRUE;
}

/* The cover commit: the oldest marker commit after the merge-base with the
 * recorded base branch, else the newest one on the branch. */
/* Forget what parse_cover read of b's cover. */
static void clear_cover(struct b4_branch *b, json_t **history)
{
	g_clear_pointer(&b->cover_text, g_free);
	g_clear_pointer(&b->to, g_strfreev);
	g_clear_pointer(&b->cc, g_strfreev);
	g_clear_pointer(&b->change_id, g_free);
	g_clear_pointer(&b->base_branch, g_free);
	g_clear_pointer(&b->prefixes, g_strfreev);
	g_clear_pointer(&b->prereqs, g_strfreev);
	json_decref(*history);
	*history = NULL;
}

/* When an older cover lies below the newest one (*c) above the base
 * branch, that one starts the series: b and *c become it. */
static gboolean oldest_cover(struct b4_branch *b, git_repository *repo, git_commit **c,
			     json_t **history, warn_fn warn, void *payload, GError **error)
{
	git_oid base, up;
	gboolean hit = FALSE, ok = TRUE;
	GArray *all;
	int rc = 0;

	if (!b->base_branch || !commit_resolve(&up, repo, b->base_branch, NULL) ||
	    git_merge_base(&base, repo, &b->tip, &up) != 0)
		return TRUE;
	all = marker_commits(repo, &b->tip, &base, &hit, NULL);
	if (all && hit && all->len &&
	    !git_oid_equal(&g_array_index(all, git_oid, all->len - 1), &b->cover)) {
		b->cover = g_array_index(all, git_oid, all->len - 1);
		git_commit_free(*c);
		*c = NULL;
		clear_cover(b, history);
		if ((rc = git_commit_lookup(c, repo, &b->cover)) < 0 ||
		    !parse_cover(b, git_commit_message(*c), history, warn, payload, error)) {
			if (rc < 0)
				qerr_git(error, rc, "cannot read commit %s", git_oid_tostr_s(&b->cover));
			ok = FALSE;
		}
	}
	if (all)
		g_array_unref(all);
	return ok;
}

/* The cover commit c is as b4 makes it: one parent, no change of files. */
static gboolean check_cover_commit(const struct b4_branch *b, git_commit *c, GError **error)
{
	git_commit *parent = NULL;
	gboolean empty;

	if (git_commit_parentcount(c) != 1)
		return qerr(error, QUILL_ERROR_INPUT,
			    "branch '%s': the cover commit %.12s has %u parents", b->branch,
			    git_oid_tostr_s(&b->cover), git_commit_parentcount(c));
	empty = git_commit_parent(&parent, c, 0) == 0 &&
		git_oid_equal(git_commit_tree_id(parent), git_commit_tree_id(c));
	git_commit_free(parent);
	if (!empty)
		return qerr(error, QUILL_ERROR_INPUT,
			    "branch '%s': the cover commit %.12s changes files; b4 makes it empty",
			    b->branch, git_oid_tostr_s(&b->cover));
	return TRUE;
}

static gboolean find_cover(struct b4_branch *b, git_repository *repo, json_t **history,
			   warn_fn warn, void *payload, GError **error)
{
	GArray *found = marker_commits(repo, &b->tip, NULL, NULL, error);
	char *key = g_strdup_printf("branch.%s.b4-prep-cover-strategy", b->branch);
	char *strategy = config_get(repo, key);
	git_commit *c = NULL;
	gboolean ok = FALSE;
	int rc;

	g_free(key);
	if (!found) {
		g_free(strategy);
		return FALSE;
	}
	if (!found->len || (strategy && strcmp(strategy, "commit"))) {
		if (strategy && strcmp(strategy, "commit"))
			qerr(error, QUILL_ERROR_INPUT,
			     "branch '%s' keeps its b4 cover by the '%s' strategy; import-b4 reads "
			     "the 'commit' strategy only", b->branch, strategy);
		else
			qerr(error, QUILL_ERROR_INPUT,
			     "branch '%s' is not a b4 prep branch: no commit holds the '%s' cover",
			     b->branch, B4_MARKER);
		goto done;
	}
	b->cover = g_array_index(found, git_oid, 0);
	if ((rc = git_commit_lookup(&c, repo, &b->cover)) < 0) {
		qerr_git(error, rc, "cannot read commit %s", git_oid_tostr_s(&b->cover));
		goto done;
	}
	if (!parse_cover(b, git_commit_message(c), history, warn, payload, error) ||
	    !oldest_cover(b, repo, &c, history, warn, payload, error) ||
	    !check_cover_commit(b, c, error))
		goto done;
	git_oid_cpy(&b->fork, git_commit_parent_id(c, 0));
	b->created = date_iso(git_commit_time(c));
	ok = TRUE;
done:
	git_commit_free(c);
	g_array_unref(found);
	g_free(strategy);
	return ok;
}

/* history["vK"]'s last Message-ID without <>, or NULL. */
static char *history_msgid(json_t *history, int k)
{
	char key[32];
	json_t *list, *last;
	const char *s;
	size_t n;

	g_snprintf(key, sizeof key, "v%d", k);
	list = json_object_get(history, key);
	if (!json_is_array(list) || !json_array_size(list))
		return NULL;
	last = json_array_get(list, json_array_size(list) - 1);
	if (!json_is_string(last))
		return NULL;
	s = json_string_value(last);
	n = strlen(s);
	if (n > 2 && s[0] == '<' && s[n - 1] == '>')
		return g_strndup(s + 1, n - 2);
	return n ? g_strdup(s) : NULL;
}

/* The oid on the message's "base-commit:" line, if it names a commit here
 * that `tip` contains. */
static gboolean tag_base(git_oid *out, git_repository *repo, const char *msg, const git_oid *tip)
{
	char **lines = g_strsplit(msg, "\n", -1);
	gboolean ok = FALSE;

	for (char **l = lines; *l && !ok; l++) {
		char *v;
		if (!g_str_has_prefix(*l, "base-commit:"))
			continue;
		v = g_strstrip(g_strdup(*l + strlen("base-commit:")));
		ok = commit_resolve(out, repo, v, NULL) &&
		     (git_oid_equal(out, tip) || git_graph_descendant_of(repo, tip, out) == 1);
		g_free(v);
	}
	g_strfreev(lines);
	return ok;
}

/* Read sent/<name>-vK (or sent/<change-id>-vK). */
static gboolean read_sent(struct b4_sent **out, struct b4_branch *b, git_repository *repo,
			  json_t *history, int k, warn_fn warn, void *payload, GError **error)
{
	char *short_name = b4_series_name(b->branch);
	char *names[2] = { g_strdup_printf("sent/%s-v%d", b->change_id, k),
			   g_strdup_printf("sent/%s-v%d", short_name, k) };
	git_object *obj = NULL, *commit = NULL;
	struct b4_sent *s = NULL;
	gboolean ok = FALSE;
	int which = -1;

	for (int i = 0; i < 2 && which < 0; i++) {
		char *ref = g_strconcat("refs/tags/", names[i], NULL);
		if (git_revparse_single(&obj, repo, ref) == 0)
			which = i;
		g_free(ref);
	}
	if (which < 0) {
		qerr(error, QUILL_ERROR_INPUT,
		     "branch '%s' is at v%d but v%d has no tag %s (nor %s): cannot rebuild what was sent",
		     b->branch, b->revision, k, names[1], names[0]);
		goto done;
	}
	if (git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		qerr(error, QUILL_ERROR_INPUT, "tag %s names no commit", names[which]);
		goto done;
	}
	s = g_new0(struct b4_sent, 1);
	s->revision = k;
	s->tag = g_strdup(names[which]);
	git_oid_cpy(&s->tip, git_object_id(commit));
	if (git_object_type(obj) == GIT_OBJECT_TAG) {
		const git_tag *t = (const git_tag *)obj;
		const git_signature *who = git_tag_tagger(t);
		s->cover = g_strdup(git_tag_message(t) ? git_tag_message(t) : "");
		s->date = date_iso(who ? who->when.time : git_commit_time((git_commit *)commit));
	} else {
		s->cover = g_strdup("");
		s->date = date_iso(git_commit_time((git_commit *)commit));
	}
	if (!tag_base(&s->base, repo, s->cover, &s->tip)) {
		if (git_merge_base(&s->base, repo, &s->tip, &b->fork) < 0) {
			qerr(error, QUILL_ERROR_INPUT,
			     "tag %s: no usable base-commit: line and no history in common with %s",
			     s->tag, b->branch);
			goto done;
		}
		if (warn)
			warn(payload, "%s: no usable base-commit: line; v%d is taken from the fork "
				      "point %.12s", s->tag, k, git_oid_tostr_s(&s->base));
	}
	s->cover_msgid = history_msgid(history, k);
	*out = s;
	s = NULL;
	ok = TRUE;
done:
	sent_free(s);
	git_object_free(commit);
	git_object_free(obj);
	g_free(names[0]);
	g_free(names[1]);
	g_free(short_name);
	return ok;
}

gboolean b4_branch_read(struct b4_branch **out, git_repository *repo, const char *branch,
			warn_fn warn, void *payload, GError **error)
{
	struct b4_branch *b = g_new0(struct b4_branch, 1);
	git_reference *ref = NULL, *resolved = NULL;
	json_t *history = NULL;
	gboolean ok = FALSE;
	int rc;

	*out = NULL;
	b->branch = g_strdup(g_str_has_prefix(branch, "refs/heads/") ? branch + 11 : branch);
	rc = git_branch_lookup(&ref, repo, b->branch, GIT_BRANCH_LOCAL);
	if (rc == GIT_ENOTFOUND || rc == GIT_EINVALIDSPEC) {
		qerr(error, QUILL_ERROR_USAGE, "no branch '%s'", b->branch);
		goto done;
	}
	if (rc < 0 || (rc = git_reference_resolve(&resolved, ref)) < 0) {
		qerr_git(error, rc, "cannot read branch '%s'", b->branch);
		goto done;
	}
	git_oid_cpy(&b->tip, git_reference_target(resolved));
	if (!find_cover(b, repo, &history, warn, payload, error) ||
	    !commit_range(&b->patches, repo, &b->cover, &b->tip, error))
		goto done;
	b->sent = g_ptr_array_new_with_free_func((GDestroyNotify)sent_free);
	for (int k = 1; k < b->revision; k++) {
		struct b4_sent *s;
		if (!read_sent(&s, b, repo, history, k, warn, payload, error))
			goto done;
		g_ptr_array_add(b->sent, s);
	}
	ok = TRUE;
done:
	json_decref(history);
	git_reference_free(resolved);
	git_reference_free(ref);
	if (ok)
		*out = b;
	else
		b4_branch_free(b);
	return ok;
}

/* ---- import ---- */

/* Recreate the patches on top of the fork point: same tree, message,
 * author and committer; the cover commit left out.  *tip_out: the last. */
static gboolean rebuild(git_oid *tip_out, git_repository *repo, const struct b4_branch *b,
			GError **error)
{
	git_oid parent = b->fork;

	for (guint i = 0; i < b->patches->len; i++) {
		const git_oid *oid = g_ptr_array_index(b->patches, i);
		git_commit *c = NULL, *p = NULL;
		git_tree *tree = NULL;
		int rc;

		if ((rc = git_commit_lookup(&c, repo, oid)) < 0 ||
		    (rc = git_commit_tree(&tree, c)) < 0 ||
		    (rc = git_commit_lookup(&p, repo, &parent)) < 0 ||
		    (rc = git_commit_create(&parent, repo, NULL, git_commit_author(c),
					    git_commit_committer(c), git_commit_message_encoding(c),
					    git_commit_message_raw(c), tree, 1,
					    (const git_commit **)&p)) < 0) {
			qerr_git(error, rc, "cannot recreate commit %s", git_oid_tostr_s(oid));
			git_commit_free(p);
			git_tree_free(tree);
			git_commit_free(c);
			return FALSE;
		}
		git_commit_free(p);
		git_tree_free(tree);
		git_commit_free(c);
	}
	git_oid_cpy(tip_out, &parent);
	return TRUE;
}

static gboolean check_free(git_repository *repo, const char *name, GError **error)
{
	const char *why = store_name_problem(name);

	if (why)
		return qerr(error, QUILL_ERROR_USAGE, "'%s' is not a valid series name (%s): "
			    "give --name", name, why);
	if (store_exists(repo, name))
		return qerr(error, QUILL_ERROR_USAGE, "series '%s' already exists: give --name",
			    name);
	if (commit_branch_exists(repo, name))
		return qerr(error, QUILL_ERROR_USAGE,
			    "a branch '%s' exists already: give --name for the new one", name);
	return TRUE;
}

gboolean b4_import(struct series **out, git_repository *repo, const struct b4_branch *b,
		   const char *name_opt, warn_fn warn, void *payload, GError **error)
{
	char *name = name_opt ? g_strdup(name_opt) : b4_series_name(b->branch), *msg;
	struct series *s = NULL;
	git_reference *created = NULL;
	git_commit *tipc = NULL;
	git_oid tip, up;
	gboolean ok = FALSE;
	int rc;

	*out = NULL;
	if (!check_free(repo, name, error) || !rebuild(&tip, repo, b, error))
		goto done;
	if ((rc = git_commit_lookup(&tipc, repo, &tip)) < 0 ||
	    (rc = git_branch_create(&created, repo, name, tipc, 0)) < 0) {
		qerr_git(error, rc, "cannot create branch '%s'", name);
		goto done;
	}
	s = series_blank(name);
	s->change_id = g_strdup(b->change_id);
	s->branch = g_strdup(name);
	if (b->base_branch && commit_resolve(&up, repo, b->base_branch, NULL))
		s->upstream = g_strdup(b->base_branch);
	else
		s->upstream = g_strdup(git_oid_tostr_s(&b->fork));
	g_strfreev(s->prefixes);
	s->prefixes = g_strdupv(b->prefixes);
	g_strfreev(s->prereqs);
	s->prereqs = g_strdupv(b->prereqs);
	s->created = g_strdup(b->created);
	s->cover = g_strdup(b->cover_text);
	g_strfreev(s->to);
	s->to = g_strdupv(b->to);
	g_strfreev(s->cc);
	s->cc = g_strdupv(b->cc);
	for (guint i = 0; i < b->sent->len; i++) {
		const struct b4_sent *st = g_ptr_array_index(b->sent, i);
		struct series_version_data d = { &st->base, &st->tip, st->date, st->cover, NULL,
						 st->cover_msgid, TRUE };

		if (!series_add_version(s, repo, &d, error))
			goto done;
	}
	s->version = b->revision;
	msg = g_strdup_printf("import-b4: %s (change-id %s, v%d)", b->branch, b->change_id,
			      b->revision);
	ok = series_adopt(s, repo, msg, warn, payload, error);
	g_free(msg);
done:
	if (!ok && created)
		git_branch_delete(created);
	if (ok) {
		*out = s;
		s = NULL;
	}
	series_free(s);
	git_reference_free(created);
	git_commit_free(tipc);
	g_free(name);
	return ok;
}
