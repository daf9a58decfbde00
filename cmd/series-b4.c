/* series-b4.c - quill series import-b4: adopt a branch prepared by b4. */
#include "series/b4.h"
#include "cmd.h"
#include "core/error.h"
#include "series/series.h"

#include <stdarg.h>
#include <stdio.h>

/* The warnings of an import are shown once it went through (a failed one
 * says only why it failed): kept here until then (payload: GPtrArray*). */
static void warn_later(void *payload, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	g_ptr_array_add(payload, g_strdup_vprintf(fmt, ap));
	va_end(ap);
}

static json_t *import_json(const struct series *s, const struct b4_branch *b)
{
	json_t *versions = json_array();

	for (guint i = 0; i < s->versions->len; i++) {
		const struct series_version *v = g_ptr_array_index(s->versions, i);
		const struct b4_sent *st = g_ptr_array_index(b->sent, i);
		char *tag = series_tag_name(s->name, v->number);
		json_array_append_new(
			versions, json_pack("{s:i, s:s, s:s, s:s, s:s, s:i, s:o}", "version",
					    v->number, "tag", tag, "from", st->tag, "base", v->base,
					    "tip", v->tip, "patches", (int)v->patches->len,
					    "cover_msgid", json_str_or_null(v->cover_msgid)));
		g_free(tag);
	}
	return json_pack("{s:s, s:s, s:s, s:s, s:o, s:i, s:i, s:o, s:o, s:o}", "name", s->name,
			 "from", b->branch, "branch", s->branch, "change_id", s->change_id, "base",
			 json_str_or_null(s->upstream), "version", s->version, "patches",
			 (int)b->patches->len, "versions", versions, "to", strv_json(s->to), "cc",
			 strv_json(s->cc));
}

static void import_view(struct ctx *ctx, const json_t *r)
{
	const char *from = jstr(r, "from"), *branch = jstr(r, "branch");
	int patches = jint(r, "patches");
	char *below = g_strdup_printf("refs/heads/%s~%d", branch, patches);
	git_object *fork = NULL;
	const json_t *v;
	size_t i;

	/* the patches were made anew on top of b4's fork point */
	if (git_revparse_single(&fork, ctx->repo, below) < 0)
		fork = NULL;
	printf("imported %s as series %s%s%s (change-id %s), now at v%d\n", from,
	       color(ctx, "bold"), jstr(r, "name"), color(ctx, "reset"), jstr(r, "change_id"),
	       jint(r, "version"));
	printf("  branch %s: %d patch%s on %.12s, based on %s (b4's cover commit left out)\n",
	       branch, patches, patches == 1 ? "" : "es",
	       fork ? git_oid_tostr_s(git_object_id(fork)) : "?", jstr(r, "base"));
	json_array_foreach(json_object_get(r, "versions"), i, v) {
		int n = jint(v, "patches");
		printf("  v%-3d sent  %d patch%s  %s (from %s)\n", jint(v, "version"), n,
		       n == 1 ? "  " : "es", jstr(v, "tag"), jstr(v, "from"));
	}
	printf("  %s is unchanged; work on with: git switch %s\n", from, branch);
	git_object_free(fork);
	g_free(below);
}

int cmd_series_import_b4(int argc, char **argv, struct ctx *ctx)
{
	char *name = NULL;
	GOptionEntry entries[] = {
		{ "name", 0, 0, G_OPTION_ARG_STRING, &name, "The series (and its new branch) is called NAME (default: BRANCH without b4/)", "NAME" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the imported series as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct b4_branch *b = NULL;
	struct series *s = NULL;
	GError *e = NULL;
	GPtrArray *warnings = g_ptr_array_new_with_free_func(g_free);
	int rc = opt_parse(
		ctx, &argc, &argv, "BRANCH",
		"Adopts BRANCH, made by 'b4 prep' (its cover commit strategy): a new branch\n"
		"NAME gets the patches without b4's cover commit (same trees, messages,\n"
		"authors and committers), the series keeps b4's change-id, prefixes and cover\n"
		"letter, each sent/...-vK tag becomes the frozen version vK (sent, with its\n"
		"cover and cover Message-ID) and b4's revision is the working version.\n"
		"BRANCH and its tags are left as they are.\n\n"
		"Exit status: 2 no such BRANCH, or a series or branch NAME exists;\n"
		"3 BRANCH is not a b4 prep branch or its tracking data is unusable.",
		entries);

	if (rc >= 0)
		goto out;
	if (argc != 2) {
		rc = usage_error(ctx, "give one BRANCH");
		goto out;
	}
	if (!b4_branch_read(&b, ctx->repo, argv[1], warn_later, warnings, &e) ||
	    !b4_import(&s, ctx->repo, b, name, warn_later, warnings, &e)) {
		rc = fail(e);
		goto out;
	}
	for (guint i = 0; i < warnings->len; i++)
		warn("%s", (char *)g_ptr_array_index(warnings, i));
	emit(ctx, import_json(s, b), import_view);
	rc = 0;
out:
	g_ptr_array_unref(warnings);
	b4_branch_free(b);
	series_free(s);
	g_free(name);
	return rc;
}
