/* lint-ignore.c - per-commit (and per-mail) exceptions to lint rules, from
 * a lint-ignore file and from git notes; never from the commit message,
 * which a contributor writes (see lint.h). */
#include "lint/lint-private.h"
#include "core/error.h"
#include "lint/lint-tree.h"

#include <string.h>

struct prefix_entry {
	char *prefix;		/* 7..39 hex digits, lower case */
	char *rule;
};

struct lint_ignore {
	GHashTable *exact;	/* "<full hex>\n<rule>" or "<msgid>\n<rule>" */
	GArray *prefixes;	/* struct prefix_entry */
};

struct lint_ignore *lint_ignore_new(void)
{
	struct lint_ignore *ig = g_new0(struct lint_ignore, 1);

	ig->exact = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	ig->prefixes = g_array_new(FALSE, FALSE, sizeof(struct prefix_entry));
	return ig;
}

void lint_ignore_free(struct lint_ignore *ig)
{
	if (!ig)
		return;
	g_hash_table_destroy(ig->exact);
	for (guint i = 0; i < ig->prefixes->len; i++) {
		struct prefix_entry *e = &g_array_index(ig->prefixes, struct prefix_entry, i);

		g_free(e->prefix);
		g_free(e->rule);
	}
	g_array_free(ig->prefixes, TRUE);
	g_free(ig);
}

static gboolean known_rule(const char *id)
{
	for (const char *const *r = lint_rule_ids(); *r; r++)
		if (!strcmp(*r, id))
			return TRUE;
	return FALSE;
}

static gboolean all_hex(const char *s)
{
	for (; *s; s++)
		if (!g_ascii_isxdigit(*s))
			return FALSE;
	return TRUE;
}

/* One line without its comment: WHO RULE, or RULE alone when `who` is
 * given (a note).  Returns FALSE with *why set. */
static gboolean add_line(struct lint_ignore *ig, char *line, const char *who, const char **why)
{
	char *hash = strchr(line, '#'), **w;
	const char *target, *rule;
	guint n;
	gboolean ok = FALSE;

	if (hash && (hash == line || g_ascii_isspace(hash[-1])))
		*hash = 0;
	w = g_strsplit_set(g_strstrip(line), " \t", -1);
	/* drop the empty fields that runs of blanks leave */
	n = 0;
	for (guint i = 0; w[i]; i++) {
		if (*w[i])
			w[n++] = w[i];
		else
			g_free(w[i]);
	}
	w[n] = NULL;
	if (n == 0) {
		g_free(w);
		return TRUE;
	}
	if (who ? n != 1 : n != 2) {
		*why = who ? "want RULE-ID [# why]" : "want COMMIT RULE-ID [# why]";
		goto out;
	}
	target = who ? who : w[0];
	rule = who ? w[0] : w[1];
	if (!known_rule(rule)) {
		*why = "no such rule";
		goto out;
	}
	if (target[0] == '<') {
		gsize len = strlen(target);

		if (len < 3 || target[len - 1] != '>') {
			*why = "a message-id is written <id@host>";
			goto out;
		}
		g_hash_table_add(ig->exact, g_strdup_printf("%.*s\n%s", (int)(len - 2), target + 1,
							    rule));
	} else if (all_hex(target) && strlen(target) >= 7 && strlen(target) <= GIT_OID_HEXSZ) {
		char *lower = g_ascii_strdown(target, -1);

		if (strlen(lower) == GIT_OID_HEXSZ) {
			g_hash_table_add(ig->exact, g_strdup_printf("%s\n%s", lower, rule));
			g_free(lower);
		} else {
			struct prefix_entry e = { lower, g_strdup(rule) };
			g_array_append_val(ig->prefixes, e);
		}
	} else {
		*why = "the commit is 7 to 40 hex digits (or a <message-id>)";
		goto out;
	}
	ok = TRUE;
out:
	g_strfreev(w);
	return ok;
}

/* The lines of text; `quote`: a bad line's message may quote it (not for
 * a file of the work tree, which the user did not write). */
static gboolean parse_text(struct lint_ignore *ig, const char *text, gsize len, const char *name,
			   const char *who, gboolean quote, GError **error)
{
	gsize pos = 0;
	guint line = 0;

	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		gsize end = nl ? (gsize)(nl - text) : len;
		char *l = g_strndup(text + pos, end - pos), *orig = g_strdup(l);
		const char *why = NULL;
		gboolean ok;

		line++;
		pos = nl ? end + 1 : len;
		ok = add_line(ig, l, who, &why);
		if (!ok && quote)
			qerr(error, QUILL_ERROR_INPUT, "%s:%u: %s: '%s'", name, line, why,
			     g_strstrip(orig));
		else if (!ok)
			qerr(error, QUILL_ERROR_INPUT, "%s:%u: %s", name, line, why);
		g_free(l);
		g_free(orig);
		if (!ok)
			return FALSE;
	}
	return TRUE;
}

gboolean lint_ignore_parse(struct lint_ignore *ig, const char *text, gsize len, const char *name,
			   GError **error)
{
	return parse_text(ig, text, len, name, NULL, TRUE, error);
}

gboolean lint_ignore_load(struct lint_ignore *ig, const char *path, gboolean optional,
			  GError **error)
{
	char *text;
	gsize len;
	GError *e = NULL;
	gboolean ok;

	if (!g_file_get_contents(path, &text, &len, &e)) {
		gboolean missing = g_error_matches(e, G_FILE_ERROR, G_FILE_ERROR_NOENT);

		if (optional && missing) {
			g_error_free(e);
			return TRUE;
		}
		qerr(error, QUILL_ERROR_INPUT, "cannot read %s: %s", path, e->message);
		g_error_free(e);
		return FALSE;
	}
	ok = parse_text(ig, text, len, path, NULL, TRUE, error);
	g_free(text);
	return ok;
}

struct notes_walk {
	struct lint_ignore *ig;
	git_repository *repo;
	const char *ref;
	GError **error;
};

static int note_cb(const git_oid *blob_id, const git_oid *annotated, void *payload)
{
	struct notes_walk *nw = payload;
	git_blob *blob;
	char hex[GIT_OID_HEXSZ + 1], *name;
	gboolean ok;
	int rc;

	if ((rc = git_blob_lookup(&blob, nw->repo, blob_id)) < 0) {
		qerr_git(nw->error, rc, "cannot read a note on %s", nw->ref);
		return -1;
	}
	git_oid_tostr(hex, sizeof(hex), annotated);
	name = g_strdup_printf("%s:%s", nw->ref, hex);
	ok = parse_text(nw->ig, git_blob_rawcontent(blob), (gsize)git_blob_rawsize(blob), name, hex,
			TRUE, nw->error);
	g_free(name);
	git_blob_free(blob);
	return ok ? 0 : -1;
}

gboolean lint_ignore_notes(struct lint_ignore *ig, git_repository *repo, const char *ref,
			   GError **error)
{
	struct notes_walk nw = { ig, repo, ref, error };
	git_reference *r;
	int rc;

	if (git_reference_lookup(&r, repo, ref) < 0)
		return TRUE;
	git_reference_free(r);
	rc = git_note_foreach(repo, ref, note_cb, &nw);
	if (rc < 0 && error && !*error)
		return qerr_git(error, rc, "cannot read the notes on %s", ref);
	return rc >= 0;
}

gboolean lint_ignore_match(const struct lint_ignore *ig, const struct lint_input *in,
			   const char *rule)
{
	char key[GIT_OID_HEXSZ + 64];

	if (in->oid) {
		char hex[GIT_OID_HEXSZ + 1];

		git_oid_tostr(hex, sizeof(hex), in->oid);
		g_snprintf(key, sizeof(key), "%s\n%s", hex, rule);
		if (g_hash_table_contains(ig->exact, key))
			return TRUE;
		for (guint i = 0; i < ig->prefixes->len; i++) {
			const struct prefix_entry *e = &g_array_index(ig->prefixes, struct prefix_entry, i);

			if (!strcmp(e->rule, rule) && !strncmp(hex, e->prefix, strlen(e->prefix)))
				return TRUE;
		}
	}
	if (in->msgid) {
		char *k = g_strdup_printf("%s\n%s", in->msgid, rule);
		gboolean hit = g_hash_table_contains(ig->exact, k);

		g_free(k);
		return hit;
	}
	return FALSE;
}

/* The work tree's .quill/lint-ignore (none is no error), read with
 * lint_tree_read. */
static gboolean load_tree(struct lint_ignore *ig, const char *wd, warn_fn warn,
			  void *warn_payload, GError **error)
{
	char *text = NULL, *path;
	gsize len;
	gboolean ok = TRUE;

	switch (lint_tree_read(wd, ".quill/lint-ignore", &text, &len, warn, warn_payload, error)) {
	case LINT_TREE_ERROR:
		return FALSE;
	case LINT_TREE_READ:
		path = g_build_filename(wd, ".quill", "lint-ignore", NULL);
		ok = parse_text(ig, text, len, path, NULL, FALSE, error);
		g_free(path);
		g_free(text);
		return ok;
	case LINT_TREE_OTHER:
		/* a directory, say: refused as before, "cannot read ..." */
		path = g_build_filename(wd, ".quill", "lint-ignore", NULL);
		ok = lint_ignore_load(ig, path, TRUE, error);
		g_free(path);
		return ok;
	default:
		return TRUE;
	}
}

gboolean lint_exceptions_load(struct lint_ignore **out, git_repository *repo, const char *file,
			      warn_fn warn, void *warn_payload, GError **error)
{
	struct lint_ignore *ig = lint_ignore_new();
	gboolean ok = TRUE;

	if (file)
		ok = lint_ignore_load(ig, file, FALSE, error);
	else if (repo && git_repository_workdir(repo))
		ok = load_tree(ig, git_repository_workdir(repo), warn, warn_payload, error);
	if (ok && repo)
		ok = lint_ignore_notes(ig, repo, LINT_NOTES_REF, error);
	*out = ig;	/* freed by the caller either way */
	return ok;
}
