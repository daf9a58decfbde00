/* template.c - the {{token}} renderer. */
#include "core/template.h"
#include "core/error.h"

#include <string.h>

/* One render: where the output goes and how tokens are looked up. */
struct render {
	GString *out;
	const char *source;
	template_lookup_fn lookup;
	void *payload;
	gboolean fill;
	int line;
};

/* What one line held so far: a line of one token, no text and an empty
 * value is dropped whole. */
struct line_count {
	int tokens, text;
	gboolean empty_tokens;
};

/* Set *error for the token {{name arg}} lookup failed on: its own error
 * (lerr, freed here) or an unknown token. */
static void token_error(const struct render *r, const char *name, const char *arg, GError *lerr,
			GError **error)
{
	if (lerr) {
		/* the token as written: {{bench rebind}} */
		g_set_error(error, QUILL_ERROR, QUILL_ERROR_INPUT, "%s:%d: {{%s%s%s}}: %s",
			    r->source, r->line, name, arg ? " " : "", arg ? arg : "",
			    lerr->message);
		g_error_free(lerr);
	} else {
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: unknown token {{%s}}", r->source, r->line,
		     name);
	}
}

/* Render the token at q ("{{", the line ending at end): its value, or with
 * `fill` one lookup does not know as written.  Returns where the text goes
 * on after it, NULL on an error. */
static const char *render_token(struct render *r, struct line_count *lc, const char *q,
				const char *end, GError **error)
{
	const char *close = g_strstr_len(q + 2, end - q - 2, "}}");
	char *inner, *name, *arg = NULL, *val;
	GError *lerr = NULL;

	if (!close) {
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: unclosed '{{'", r->source, r->line);
		return NULL;
	}
	inner = g_strstrip(g_strndup(q + 2, close - q - 2));
	name = inner;
	if ((arg = strpbrk(inner, " \t"))) {
		*arg++ = 0;
		arg = g_strstrip(arg);
	}
	val = r->lookup(name, arg, r->payload, &lerr);
	if (!val && !lerr && r->fill) {
		/* as written: re-spelt, "{{arg } }}" would
		 * come back as "{{arg }}}" */
		g_string_append_len(r->out, q, close + 2 - q);
		g_free(inner);
		lc->text++;
		return close + 2;
	}
	if (!val) {
		token_error(r, name, arg, lerr, error);
		g_free(inner);
		return NULL;
	}
	if (*val)
		lc->empty_tokens = FALSE;
	if (r->fill) {
		char *e = template_escape(val);
		g_string_append(r->out, e);
		g_free(e);
	} else {
		g_string_append(r->out, val);
	}
	g_free(val);
	g_free(inner);
	lc->tokens++;
	return close + 2;
}

/* Render the line from p to end, and its newline if it has one (eol);
 * a line of one empty token alone goes.  FALSE on an error. */
static gboolean render_line(struct render *r, const char *p, const char *end, gboolean eol,
			    GError **error)
{
	struct line_count lc = { 0, 0, TRUE };
	gsize line_start = r->out->len;
	const char *q = p;

	while (q < end) {
		if (q[0] == '\\' && q[1] == '{' && q[2] == '{') {
			g_string_append(r->out, r->fill ? "\\{{" : "{{");
			q += 3;
			lc.text++;
			continue;
		}
		if (q[0] == '{' && q[1] == '{') {
			if (!(q = render_token(r, &lc, q, end, error)))
				return FALSE;
			continue;
		}
		if (*q != ' ' && *q != '\t')
			lc.text++;
		g_string_append_c(r->out, *q++);
	}
	if (lc.tokens == 1 && lc.text == 0 && lc.empty_tokens) {
		g_string_truncate(r->out, line_start); /* drop the whole line */
	} else if (eol) {
		g_string_append_c(r->out, '\n');
	}
	return TRUE;
}

/* The renderer.  With `fill`, the result is a template again: a token
 * lookup does not know stays as written, "\{{"
 * stays "\{{", and values go in escaped. */
static char *render(const char *tmpl, const char *source, template_lookup_fn lookup,
		    void *payload, gboolean fill, GError **error)
{
	struct render r = { g_string_sized_new(strlen(tmpl) + 256), source, lookup, payload, fill,
			    1 };
	const char *p = tmpl;

	while (*p) {
		const char *eol = strchr(p, '\n');
		const char *end = eol ? eol : p + strlen(p);

		if (!render_line(&r, p, end, eol != NULL, error)) {
			g_string_free(r.out, TRUE);
			return NULL;
		}
		if (!eol)
			break;
		p = eol + 1;
		r.line++;
	}
	return g_string_free(r.out, FALSE);
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
