/* template.c - the {{token}} renderer. */
#include "core/template.h"
#include "core/error.h"

#include <string.h>

/* The renderer.  With `fill`, the result is a template again: a token
 * lookup does not know stays as written, "\{{"
 * stays "\{{", and values go in escaped. */
static char *render(const char *tmpl, const char *source, template_lookup_fn lookup,
		    void *payload, gboolean fill, GError **error)
{
	GString *out = g_string_sized_new(strlen(tmpl) + 256);
	const char *p = tmpl;
	int line = 1;

	while (*p) {
		const char *eol = strchr(p, '\n');
		const char *end = eol ? eol : p + strlen(p);
		const char *q = p;
		gsize line_start = out->len;
		int tokens = 0, text = 0;
		gboolean empty_tokens = TRUE;

		while (q < end) {
			if (q[0] == '\\' && q[1] == '{' && q[2] == '{') {
				g_string_append(out, fill ? "\\{{" : "{{");
				q += 3;
				text++;
				continue;
			}
			if (q[0] == '{' && q[1] == '{') {
				const char *close = g_strstr_len(q + 2, end - q - 2, "}}");
				char *inner, *name, *arg = NULL, *val;
				GError *lerr = NULL;

				if (!close) {
					qerr(error, QUILL_ERROR_INPUT, "%s:%d: unclosed '{{'", source, line);
					goto fail;
				}
				inner = g_strstrip(g_strndup(q + 2, close - q - 2));
				name = inner;
				if ((arg = strpbrk(inner, " \t"))) {
					*arg++ = 0;
					arg = g_strstrip(arg);
				}
				val = lookup(name, arg, payload, &lerr);
				if (!val && !lerr && fill) {
					/* as written: re-spelt, "{{arg } }}" would
					 * come back as "{{arg }}}" */
					g_string_append_len(out, q, close + 2 - q);
					g_free(inner);
					text++;
					q = close + 2;
					continue;
				}
				if (!val) {
					if (lerr) {
						/* the token as written: {{bench rebind}} */
						g_set_error(error, QUILL_ERROR, QUILL_ERROR_INPUT,
							    "%s:%d: {{%s%s%s}}: %s", source, line, name,
							    arg ? " " : "", arg ? arg : "", lerr->message);
						g_error_free(lerr);
					} else {
						qerr(error, QUILL_ERROR_INPUT, "%s:%d: unknown token {{%s}}",
						     source, line, name);
					}
					g_free(inner);
					goto fail;
				}
				if (*val)
					empty_tokens = FALSE;
				if (fill) {
					char *e = template_escape(val);
					g_string_append(out, e);
					g_free(e);
				} else {
					g_string_append(out, val);
				}
				g_free(val);
				g_free(inner);
				tokens++;
				q = close + 2;
				continue;
			}
			if (*q != ' ' && *q != '\t')
				text++;
			g_string_append_c(out, *q++);
		}
		if (tokens == 1 && text == 0 && empty_tokens) {
			g_string_truncate(out, line_start); /* drop the whole line */
		} else if (eol) {
			g_string_append_c(out, '\n');
		}
		if (!eol)
			break;
		p = eol + 1;
		line++;
	}
	return g_string_free(out, FALSE);
fail:
	g_string_free(out, TRUE);
	return NULL;
}

char *template_render(const char *tmpl, const char *source, template_lookup_fn lookup,
		      void *payload, GError **error)
{
	return render(tmpl, source, lookup, payload, FALSE, error);
}

char *template_fill(const char *tmpl, const char *source, template_lookup_fn lookup,
		    void *payload, GError **error)
{
	return render(tmpl, source, lookup, payload, TRUE, error);
}

char *template_escape(const char *text)
{
	GString *out = g_string_sized_new(strlen(text) + 8);

	for (const char *p = text; *p;) {
		if (p[0] == '{' && p[1] == '{') {
			g_string_append(out, "\\{{");
			p += 2;
		} else {
			g_string_append_c(out, *p++);
		}
	}
	return g_string_free(out, FALSE);
}

static char *dict_lookup(const char *name, const char *arg, void *payload, GError **error)
{
	const char *v;

	if (arg)
		return NULL;
	v = g_hash_table_lookup(payload, name);
	return v ? g_strdup(v) : NULL;
}

char *template_render_dict(const char *tmpl, const char *source, GHashTable *values,
			   GError **error)
{
	return template_render(tmpl, source, dict_lookup, values, error);
}
