/* fuzz-template.c - lib/core/template on any text: template_render with
 * the tokens "name", "empty" (an empty value, so its lines go), "arg ARG"
 * (the argument itself) and "fail" (an error of its own) renders or
 * refuses as bad input naming the source; template_fill with only "name"
 * known gives a template that renders as the text does with all known;
 * template_escape of any text renders as that text.
 *
 * Facts: error (template_render's), then fill=same (filled and rendered),
 * only (template_fill took it, template_render did not) or error. */
#include "core/error.h"
#include "core/template.h"
#include "fuzz.h"

static void fuzz_template_init(void)
{
}

static char *fuzz_template_all(const char *name, const char *arg, void *payload,
			       GError **error)
{
	if (!strcmp(name, "name"))
		return g_strdup("Ada {{x}} Example");
	if (!strcmp(name, "empty"))
		return g_strdup("");
	if (!strcmp(name, "arg"))
		return g_strdup(arg ? arg : "-");
	if (!strcmp(name, "fail")) {
		qerr(error, QUILL_ERROR_INPUT, "fail: cannot be filled");
		return NULL;
	}
	return NULL;
}

static char *fuzz_template_some(const char *name, const char *arg, void *payload,
				GError **error)
{
	return strcmp(name, "name") ? NULL : fuzz_template_all(name, arg, payload, error);
}

static int fuzz_template_one(const uint8_t *data, size_t size)
{
	char *tmpl = g_strndup((const char *)data, size), *out, *filled, *again, *esc, *back;
	GError *e = NULL;

	out = template_render(tmpl, "in", fuzz_template_all, NULL, &e);
	FUZZ_CHECK((out == NULL) == (e != NULL));
	fuzz_fact_error(e);
	if (e) {
		FUZZ_CHECK(qerr_class(e) == QUILL_ERROR_INPUT);
		FUZZ_CHECK(g_str_has_prefix(e->message, "in:") || g_str_has_prefix(e->message, "fail:"));
		g_clear_error(&e);
	}
	filled = template_fill(tmpl, "in", fuzz_template_some, NULL, &e);
	if (filled && out) {
		again = template_render(filled, "in", fuzz_template_all, NULL, NULL);
		FUZZ_CHECK(again && !strcmp(again, out));
		fuzz_fact_str("fill", "same");
		g_free(again);
	} else {
		fuzz_fact_str("fill", filled ? "only" : "error");
	}
	g_clear_error(&e);
	esc = template_escape(tmpl);
	back = template_render(esc, "esc", fuzz_template_all, NULL, NULL);
	FUZZ_CHECK(back && !strcmp(back, tmpl));
	g_free(back);
	g_free(esc);
	g_free(filled);
	g_free(out);
	g_free(tmpl);
	return 0;
}

FUZZ_ENTRY(template)
