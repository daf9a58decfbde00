/* test-cover-text.c - text quill copies into a template renders as itself:
 * template_escape and template_fill (lib/core), and cover_next and
 * cover_set_changes escaping what they put in (lib/series). */
#include "core/template.h"
#include "series/cover.h"
#include "unit.h"

/* What a cover shows: {{name}} is "zone", every other token empty. */
static char *any_lookup(const char *name, const char *arg, void *payload, GError **error)
{
	return g_strdup(strcmp(name, "name") ? "" : "zone");
}

static char *show(const char *t)
{
	return template_render(t, "t", any_lookup, NULL, NULL);
}

static char *keep_link(const char *name, const char *arg, void *payload, GError **error)
{
	if (!arg && !strcmp(name, "changes"))
		return g_strdup(payload);
	return NULL;
}

int main(void)
{
	static const char *const texts[] = { "handle {{ in macros", "print {{signature}} in logs",
					     "{{{", "{{{{name}}", "a \\{{ b", "}} {{", "\\", "" };
	char *s, *t;

	/* ---- template_escape ---- */
	for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
		char name[96];

		t = template_escape(texts[i]);
		s = show(t);
		g_snprintf(name, sizeof name, "escaped, [%s] renders as itself", texts[i]);
		is_str(s, texts[i], name);
		g_free(s);
		g_free(t);
	}
	t = template_escape("a {{b}}");
	is_str(t, "a \\{{b}}", "each {{ is written \\{{");
	g_free(t);

	/* ---- template_fill ---- */
	s = template_fill("x {{changes}} {{ shortlog }} {{bench  big}} \\{{y\n", "t", keep_link,
			  "1/2 \"print {{signature}}\"", NULL);
	is_str(s, "x 1/2 \"print \\{{signature}}\" {{ shortlog }} {{bench  big}} \\{{y\n",
	       "known tokens filled escaped; the others (as written) and \\{{ stay");
	g_free(s);
	s = template_fill("a\n{{changes}}\nb\n", "t", keep_link, "", NULL);
	is_str(s, "a\nb\n", "a line of one empty value goes");
	g_free(s);
	s = template_fill("a {{changes\n", "t", keep_link, "", NULL);
	ok(s == NULL, "an unclosed {{ is an error");

	/* ---- cover_next ---- */
	s = cover_next("subject\n\nbody\n\n---\nChanges in v2:\n- fix\n{{changes}}\n{{link}}\n", 3,
		       "- 1/1 \"macro: handle {{ in names\": changed", "");
	ok(strstr(s, "- 1/1 \"macro: handle \\{{ in names\": changed\n") != NULL,
	   "cover_next: a subject's {{ is escaped");
	t = show(s);
	ok(strstr(t, "- 1/1 \"macro: handle {{ in names\": changed\n") != NULL,
	   "and renders as itself");
	g_free(t);
	g_free(s);
	s = cover_next("subject\n\nwrite \\{{name}}\n", 2, "", "");
	ok(strstr(s, "write \\{{name}}\n") != NULL, "cover_next keeps the user's \\{{");
	g_free(s);

	/* ---- cover_set_changes ---- */
	s = cover_set_changes("s\n\nChanges in v2:\n- EDITME: what changed\n", 2,
			      "handle {{ in macros\n- keep {{name}} literal");
	is_str(s, "s\n\nChanges in v2:\n- handle \\{{ in macros\n- keep \\{{name}} literal\n",
	       "cover_set_changes: the -m text is escaped");
	t = show(s);
	is_str(t, "s\n\nChanges in v2:\n- handle {{ in macros\n- keep {{name}} literal\n",
	       "and renders as written");
	g_free(t);
	g_free(s);
	return done_testing();
}
