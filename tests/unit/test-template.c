/* test-template.c - lib/template: tokens, empty-line dropping, errors. */
#include "core/error.h"
#include "core/template.h"
#include "unit.h"

static char *render(GHashTable *d, const char *t, GError **e)
{
	return template_render_dict(t, "t.txt", d, e);
}

int main(int argc, char **argv)
{
	GHashTable *d = g_hash_table_new(g_str_hash, g_str_equal);
	GError *e = NULL;
	char *s;

	unit_init(argc, argv);
	g_hash_table_insert(d, "name", "zone");
	g_hash_table_insert(d, "empty", "");
	g_hash_table_insert(d, "multi", "a\nb");

	UNIT_CASE("tokens") {
		s = render(d, "series {{name}}!\n", NULL);
		is_str(s, "series zone!\n", "a token is replaced");
		g_free(s);
		s = render(d, "x {{ name }} y", NULL);
		is_str(s, "x zone y", "spaces inside braces are trimmed; no final newline kept as is");
		g_free(s);
		s = render(d, "[{{multi}}]\n", NULL);
		is_str(s, "[a\nb]\n", "multi-line values are inserted as they are");
		g_free(s);
		s = render(d, "\\{{name}} {{name}}\n", NULL);
		is_str(s, "{{name}} zone\n", "\\{{ is a literal");
		g_free(s);
		s = render(d, "", NULL);
		is_str(s, "", "an empty template");
		g_free(s);
	}
	UNIT_CASE("empty-lines") {
		s = render(d, "a\n{{empty}}\nb\n", NULL);
		is_str(s, "a\nb\n", "a line holding only an empty token disappears");
		g_free(s);
		s = render(d, "a\n  {{empty}}  \nb\n", NULL);
		is_str(s, "a\nb\n", "also with blanks around it");
		g_free(s);
		s = render(d, "a {{empty}}\nb\n", NULL);
		is_str(s, "a \nb\n", "an empty token beside text keeps the line");
		g_free(s);
	}
	UNIT_CASE("errors") {
		s = render(d, "one\ntwo {{nope}}\n", &e);
		ok(s == NULL, "an unknown token fails");
		is_str(e ? e->message : NULL, "t.txt:2: unknown token {{nope}}",
		       "naming the file, line, token");
		is_int(qerr_class(e), QUILL_ERROR_INPUT, "as bad input");
		g_clear_error(&e);
		s = render(d, "x {{name\n", &e);
		ok(s == NULL && e && strstr(e->message, "t.txt:1: unclosed"), "an unclosed {{ fails");
		g_clear_error(&e);
	}
	g_hash_table_unref(d);
	return done_testing();
}
