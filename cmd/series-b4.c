/* series-b4.c - quill series import-b4: adopt a branch prepared by b4. */
#include "series/b4.h"
#include "cmd.h"
#include "core/error.h"
#include "series/series.h"

#include <stdio.h>

int cmd_series_import_b4(int argc, char **argv, struct ctx *ctx)
{
	char *name = NULL;
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "name", 0, 0, G_OPTION_ARG_STRING, &name, "The series (and its new branch) is called NAME (default: BRANCH without b4/)", "NAME" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the imported series as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct b4_branch *b = NULL;
	struct series *s = NULL;
	GError *e = NULL;
	char *warning = NULL;
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
	if (!b4_branch_read(&b, ctx->repo, argv[1], &e) ||
	    !b4_import(&s, ctx->repo, b, name, &warning, &e)) {
		rc = fail(e);
		goto out;
	}
	for (guint i = 0; i < b->warnings->len; i++)
		warn("%s", (char *)g_ptr_array_index(b->warnings, i));
	if (warning)
		warn("%s", warning);
	if (json) {
		json_t *versions = json_array();
		for (guint i = 0; i < s->versions->len; i++) {
			const struct series_version *v = g_ptr_array_index(s->versions, i);
			const struct b4_sent *st = g_ptr_array_index(b->sent, i);
			char *tag = series_tag_name(s->name, v->number);
			json_array_append_new(
				versions, json_pack("{s:i, s:s, s:s, s:s, s:s, s:i, s:o}", "version",
						    v->number, "tag", tag, "from", st->tag, "base",
						    v->base, "tip", v->tip, "patches",
						    (int)v->patches->len, "cover_msgid",
						    json_str_or_null(v->cover_msgid)));
			g_free(tag);
		}
		print_json(json_pack("{s:s, s:s, s:s, s:s, s:o, s:i, s:i, s:o}", "name", s->name,
				     "from", b->branch, "branch", s->branch, "change_id",
				     s->change_id, "base", json_str_or_null(s->upstream), "version",
				     s->version, "patches", (int)b->patches->len, "versions",
				     versions));
	} else {
		printf("imported %s as series %s%s%s (change-id %s), now at v%d\n", b->branch,
		       color(ctx, "bold"), s->name, color(ctx, "reset"), s->change_id, s->version);
		printf("  branch %s: %u patch%s on %.12s, based on %s (b4's cover commit left out)\n",
		       s->branch, b->patches->len, b->patches->len == 1 ? "" : "es",
		       git_oid_tostr_s(&b->fork), s->upstream);
		for (guint i = 0; i < s->versions->len; i++) {
			const struct series_version *v = g_ptr_array_index(s->versions, i);
			const struct b4_sent *st = g_ptr_array_index(b->sent, i);
			char *tag = series_tag_name(s->name, v->number);
			printf("  v%-3d sent  %u patch%s  %s (from %s)\n", v->number, v->patches->len,
			       v->patches->len == 1 ? "  " : "es", tag, st->tag);
			g_free(tag);
		}
		printf("  %s is unchanged; work on with: git switch %s\n", b->branch, s->branch);
	}
	rc = 0;
out:
	b4_branch_free(b);
	series_free(s);
	g_free(warning);
	g_free(name);
	return rc;
}
