/* series-edit.c - series edit: what a series is sent with, changed in one
 * state commit, and the branch tie moved after it. */
#include "series/series.h"
#include "git/commit.h"
#include "git/config.h"
#include "core/error.h"

#include <string.h>

char *series_edit_what(const struct series_edit_opts *o)
{
	const struct { gboolean given; const char *word; } fields[] = {
		{ o->prefixes != NULL, " prefix" }, { o->to != NULL, " to" }, { o->cc != NULL, " cc" },
		{ o->base != NULL, " base" }, { o->branch != NULL, " branch" },
		{ o->list != NULL, " list" }, { o->prereqs != NULL, " prerequisites" },
	};
	GString *what = g_string_new(NULL);

	for (size_t i = 0; i < G_N_ELEMENTS(fields); i++)
		if (fields[i].given)
			g_string_append(what, fields[i].word);
	return g_string_free(what, FALSE);
}

/* A list as given, without its "" entries (caller owns). */
static char **list_value(const char *const *given)
{
	GPtrArray *a = g_ptr_array_new();

	for (const char *const *p = given; p && *p; p++)
		if (**p)
			g_ptr_array_add(a, g_strdup(*p));
	g_ptr_array_add(a, NULL);
	return (char **)g_ptr_array_free(a, FALSE);
}

static void set_list(char ***field, const char *const *given)
{
	if (given) {
		g_strfreev(*field);
		*field = list_value(given);
	}
}

char *series_prereq_resolve(git_repository *repo, const char *given)
{
	char *name = g_strdup(given), *colon = strrchr(name, ':'), *out;
	struct series *o;

	if (colon)
		*colon = 0;
	if (store_name_valid(name) && series_load(&o, repo, name, NULL)) {
		out = g_strdup_printf("%s%s%s", o->change_id, colon ? ":" : "", colon ? colon + 1 : "");
		series_free(o);
	} else {
		out = g_strdup(given);
	}
	g_free(name);
	return out;
}

/* branch.<b>.quillSeries names the series on its new branch only. */
static void move_tie(const struct series *s, git_repository *repo, const char *old_branch,
		     const struct series_edit_opts *o)
{
	char *old_key = g_strdup_printf("branch.%s.quillSeries", old_branch);
	char *key = g_strdup_printf("branch.%s.quillSeries", s->branch);
	GError *e = NULL;

	if ((!config_unset(repo, old_key, &e) || !config_set(repo, key, s->name, &e)) && o->warn)
		o->warn(o->payload, "series %s is on branch %s now, but its tie is not moved: %s",
			s->name, s->branch, e->message);
	g_clear_error(&e);
	g_free(old_key);
	g_free(key);
}

gboolean series_edit(struct series *s, git_repository *repo, const struct series_edit_opts *o,
		     GError **error)
{
	char *what = series_edit_what(o), *old_branch = NULL, *msg;
	gboolean ok;

	set_list(&s->prefixes, o->prefixes);
	set_list(&s->to, o->to);
	set_list(&s->cc, o->cc);
	if (o->base) {
		char *spec = series_upstream_spec(repo, o->base, error);
		if (!spec)
			goto fail;
		g_free(s->upstream);
		s->upstream = spec;
	}
	if (o->branch) {
		if (!commit_branch_exists(repo, o->branch)) {
			qerr(error, QUILL_ERROR_USAGE, "no branch '%s'", o->branch);
			goto fail;
		}
		old_branch = s->branch;
		s->branch = g_strdup(o->branch);
	}
	if (o->list) {
		g_free(s->list);
		s->list = *o->list ? g_strdup(o->list) : NULL;
	}
	if (o->prereqs) {
		set_list(&s->prereqs, o->prereqs);
		for (char **p = s->prereqs; *p; p++) {
			char *id = series_prereq_resolve(repo, *p);
			g_free(*p);
			*p = id;
		}
	}
	if (*what) {
		msg = g_strdup_printf("edit:%s", what);
		ok = series_save(s, repo, msg, NULL, 0, error);
		g_free(msg);
		if (!ok)
			goto fail;
	}
	/* the state commit is in: what is derived from it follows */
	if (old_branch)
		move_tie(s, repo, old_branch, o);
	g_free(old_branch);
	g_free(what);
	return !o->rename || series_rename(s, repo, o->rename, error);
fail:
	g_free(old_branch);
	g_free(what);
	return FALSE;
}
