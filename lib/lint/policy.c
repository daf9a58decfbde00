/* policy.c - trailers.conf into a struct policy (see policy.h). */
#include "lint/policy-private.h"
#include "core/error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char **strv_empty(void)
{
	return g_new0(char *, 1);
}

struct policy *policy_new(const char *const *rule_ids)
{
	struct policy *p = g_new0(struct policy, 1);

	p->tags = g_ptr_array_new();
	p->max_line = 75;
	p->max_subject = 75;
	p->min_sha = 12;
	p->archives = strv_empty();
	p->obsolete = strv_empty();
	p->stable_aliases = strv_empty();
	p->fixes_hints = strv_empty();
	p->sources = g_ptr_array_new_with_free_func(g_free);
	p->order = strv_empty();
	p->ranks = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	p->severity = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	p->rule_ids = g_strdupv((char **)rule_ids);
	return p;
}

static void tag_free(struct policy_tag *t)
{
	g_free(t->name);
	g_free(t->pair);
	g_strfreev(t->followed_by);
	g_free(t);
}

void policy_free(struct policy *p)
{
	if (!p)
		return;
	for (guint i = 0; i < p->tags->len; i++)
		tag_free(g_ptr_array_index(p->tags, i));
	g_ptr_array_free(p->tags, TRUE);
	g_strfreev(p->archives);
	g_strfreev(p->obsolete);
	g_strfreev(p->stable_aliases);
	g_strfreev(p->fixes_hints);
	g_free(p->stable);
	g_ptr_array_free(p->sources, TRUE);
	g_strfreev(p->order);
	g_free(p->order_text);
	g_hash_table_destroy(p->ranks);
	g_hash_table_destroy(p->severity);
	g_strfreev(p->rule_ids);
	g_free(p);
}

/* ---- names and values ---- */

static const char *const sev_names[] = { "off", "info", "warning", "error" };
static const char *const kind_names[] = { "text", "person", "commit", "url" };

const char *policy_severity_name(enum policy_severity s)
{
	return (unsigned)s < G_N_ELEMENTS(sev_names) ? sev_names[s] : "?";
}

gboolean policy_parse_severity(const char *s, enum policy_severity *out)
{
	for (size_t i = 0; s && i < G_N_ELEMENTS(sev_names); i++)
		if (!g_ascii_strcasecmp(s, sev_names[i])) {
			*out = (enum policy_severity)i;
			return TRUE;
		}
	return FALSE;
}

const char *policy_kind_name(enum policy_kind k)
{
	return (unsigned)k < G_N_ELEMENTS(kind_names) ? kind_names[k] : "?";
}

/* A trailer token as git takes one: ASCII letters, digits and '-'. */
static gboolean is_token(const char *s, gsize len)
{
	if (!len)
		return FALSE;
	for (gsize i = 0; i < len; i++)
		if (!g_ascii_isalnum(s[i]) && s[i] != '-')
			return FALSE;
	return TRUE;
}

const struct policy_tag *policy_tag(const struct policy *p, const char *key, gsize len)
{
	for (guint i = 0; i < p->tags->len; i++) {
		const struct policy_tag *t = g_ptr_array_index(p->tags, i);

		if (strlen(t->name) == len && !g_ascii_strncasecmp(t->name, key, len))
			return t;
	}
	return NULL;
}

int policy_rank(const struct policy *p, const char *key, gsize len)
{
	char buf[128];
	gpointer v;

	if (len >= sizeof(buf))
		return -1;
	for (gsize i = 0; i < len; i++)
		buf[i] = g_ascii_tolower(key[i]);
	buf[len] = 0;
	v = g_hash_table_lookup(p->ranks, buf);
	return v ? GPOINTER_TO_INT(v) - 1 : -1;
}

const char *policy_order_text(struct policy *p)
{
	if (!p->order_text) {
		GString *s = g_string_new(NULL);

		for (char **t = p->order; *t; t++) {
			if (s->len)
				g_string_append(s, ", ");
			g_string_append(s, *t);
		}
		p->order_text = g_string_free(s, FALSE);
	}
	return p->order_text;
}

enum policy_severity policy_severity(const struct policy *p, const char *id,
				     enum policy_severity dflt)
{
	gpointer v;

	if (g_hash_table_lookup_extended(p->severity, id, NULL, &v))
		return (enum policy_severity)GPOINTER_TO_INT(v);
	return dflt;
}

/* ---- applying entries ---- */

struct load {
	struct policy *p;
	const char *shown;
	int line;
	gboolean quote;		/* messages may quote the file (not one of a work tree) */
};

static gboolean bad(const struct load *l, GError **error, const char *plain, const char *fmt, ...)
	G_GNUC_PRINTF(4, 5);

/* s (owned, freed) with control characters written as \n, \t, \xNN: a
 * value quoted in a message may hold a newline, the message is one line. */
static char *one_line(char *s)
{
	GString *o;

	if (!s || !strpbrk(s, "\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f"
			   "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f"))
		return s;
	o = g_string_sized_new(strlen(s) + 8);
	for (const char *c = s; *c; c++) {
		if (*c == '\n')
			g_string_append(o, "\\n");
		else if (*c == '\t')
			g_string_append(o, "\\t");
		else if ((unsigned char)*c < 0x20 || *c == 0x7f)
			g_string_append_printf(o, "\\x%02x", (unsigned char)*c);
		else
			g_string_append_c(o, *c);
	}
	g_free(s);
	return g_string_free(o, FALSE);
}

/* "NAME:LINE: what": fmt and its arguments, or, when the file may not be
 * quoted, `plain`, which says what is wrong without any of its text (NULL:
 * fmt quotes nothing). */
static gboolean bad(const struct load *l, GError **error, const char *plain, const char *fmt, ...)
{
	va_list ap;
	char *what;

	va_start(ap, fmt);
	what = !l->quote && plain ? g_strdup(plain) : one_line(g_strdup_vprintf(fmt, ap));
	va_end(ap);
	if (l->line > 0)
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: %s", l->shown, l->line, what);
	else
		qerr(error, QUILL_ERROR_INPUT, "%s: %s", l->shown, what);
	g_free(what);
	return FALSE;
}

static gboolean need_value(const struct load *l, const char *name, const char *value,
			   GError **error)
{
	if (!value)
		return bad(l, error, "no value", "%s: no value", name);
	return TRUE;
}

static gboolean get_int(const struct load *l, const char *name, const char *value, int lo,
			int hi, int *out, GError **error)
{
	int32_t v;

	if (!need_value(l, name, value, error))
		return FALSE;
	if (git_config_parse_int32(&v, value) < 0 || v < lo || v > hi) {
		char plain[64];

		g_snprintf(plain, sizeof(plain), "the value is not a number from %d to %d", lo, hi);
		return bad(l, error, plain, "%s: '%s' is not a number from %d to %d", name, value,
			   lo, hi);
	}
	*out = v;
	return TRUE;
}

static gboolean get_bool(const struct load *l, const char *name, const char *value,
			 gboolean *out, GError **error)
{
	int v = 1;

	if (value && git_config_parse_bool(&v, value) < 0)
		return bad(l, error, "the value is not a boolean", "%s: '%s' is not a boolean",
			   name, value);
	*out = v != 0;
	return TRUE;
}

/* A multi-valued list: add value; an empty value empties the list. */
static gboolean add_list(const struct load *l, const char *name, const char *value, char ***list,
			 gboolean address, GError **error)
{
	guint n;

	if (!need_value(l, name, value, error))
		return FALSE;
	if (!*value) {
		g_strfreev(*list);
		*list = strv_empty();
		return TRUE;
	}
	for (const char *c = value; *c; c++)
		if (g_ascii_isspace(*c) && !g_str_equal(name, "policy.fixeshint"))
			return bad(l, error, "the value holds a blank", "%s: '%s' holds a blank",
				   name, value);
	if (address && !strchr(value, '@'))
		return bad(l, error, "the value is not an address", "%s: '%s' is not an address",
			   name, value);
	n = g_strv_length(*list);
	*list = g_renew(char *, *list, n + 2);
	(*list)[n] = g_strdup(value);
	(*list)[n + 1] = NULL;
	return TRUE;
}

static gboolean set_order(const struct load *l, const char *name, const char *value,
			  GError **error)
{
	struct policy *p = l->p;
	char **tokens;

	if (!need_value(l, name, value, error))
		return FALSE;
	tokens = g_strsplit_set(value, " \t", -1);
	g_hash_table_remove_all(p->ranks);
	g_strfreev(p->order);
	g_free(p->order_text);
	p->order_text = NULL;
	p->order = strv_empty();
	for (char **t = tokens; *t; t++) {
		char **alts;
		guint n;

		if (!**t)
			continue;
		alts = g_strsplit(*t, "/", -1);
		for (char **a = alts; *a; a++) {
			if (!is_token(*a, strlen(*a))) {
				gboolean r = bad(l, error, "a name in the value is not a trailer name",
						 "%s: '%s' is not a trailer name", name, *a);
				g_strfreev(alts);
				g_strfreev(tokens);
				return r;
			}
			g_hash_table_replace(p->ranks, g_ascii_strdown(*a, -1),
					     GINT_TO_POINTER((int)g_strv_length(p->order) + 1));
		}
		g_strfreev(alts);
		n = g_strv_length(p->order);
		p->order = g_renew(char *, p->order, n + 2);
		p->order[n] = g_strdup(*t);
		p->order[n + 1] = NULL;
	}
	g_strfreev(tokens);
	return TRUE;
}

static gboolean apply_policy(struct load *l, const char *name, const char *var,
			     const char *value, GError **error)
{
	struct policy *p = l->p;

	if (!strcmp(var, "order"))
		return set_order(l, name, value, error);
	if (!strcmp(var, "maxlinelength"))
		return get_int(l, name, value, 20, 1000, &p->max_line, error);
	if (!strcmp(var, "maxsubjectlength"))
		return get_int(l, name, value, 20, 1000, &p->max_subject, error);
	if (!strcmp(var, "minshadigits"))
		return get_int(l, name, value, 7, 40, &p->min_sha, error);
	if (!strcmp(var, "archive"))
		return add_list(l, name, value, &p->archives, FALSE, error);
	if (!strcmp(var, "obsoletearchive"))
		return add_list(l, name, value, &p->obsolete, FALSE, error);
	if (!strcmp(var, "stablealias"))
		return add_list(l, name, value, &p->stable_aliases, TRUE, error);
	if (!strcmp(var, "fixeshint"))
		return add_list(l, name, value, &p->fixes_hints, FALSE, error);
	if (!strcmp(var, "stableaddress")) {
		if (!need_value(l, name, value, error))
			return FALSE;
		if (!strchr(value, '@') || strpbrk(value, " \t<>"))
			return bad(l, error, "the value is not an address",
				   "%s: '%s' is not an address", name, value);
		g_free(p->stable);
		p->stable = g_strdup(value);
		return TRUE;
	}
	return bad(l, error, "unknown key", "unknown key '%s'", name);
}

static struct policy_tag *tag_get(struct policy *p, const char *sub, gsize len)
{
	struct policy_tag *t = (struct policy_tag *)policy_tag(p, sub, len);

	if (!t) {
		t = g_new0(struct policy_tag, 1);
		t->name = g_strndup(sub, len);
		g_ptr_array_add(p->tags, t);
	} else if (strncmp(t->name, sub, len)) {
		g_free(t->name);
		t->name = g_strndup(sub, len);
	}
	return t;
}

static gboolean tag_list(const struct load *l, const char *name, const char *value, char ***out,
			 GError **error)
{
	char **v = g_strsplit_set(value, " \t,", -1);
	GPtrArray *keep = g_ptr_array_new_with_free_func(g_free);

	for (char **s = v; *s; s++) {
		if (!**s)
			continue;
		if (!is_token(*s, strlen(*s))) {
			gboolean r = bad(l, error, "a name in the value is not a trailer name",
					 "%s: '%s' is not a trailer name", name, *s);
			g_ptr_array_free(keep, TRUE);
			g_strfreev(v);
			return r;
		}
		g_ptr_array_add(keep, g_strdup(*s));
	}
	g_strfreev(v);
	g_ptr_array_add(keep, NULL);
	g_strfreev(*out);
	*out = (char **)g_ptr_array_free(keep, FALSE);
	return TRUE;
}

static gboolean apply_trailer(struct load *l, const char *name, const char *sub, gsize sublen,
			      const char *var, const char *value, GError **error)
{
	struct policy_tag *t;

	if (!is_token(sub, sublen))
		return bad(l, error, "the section's name is not a trailer name",
			   "'%.*s' is not a trailer name", (int)sublen, sub);
	t = tag_get(l->p, sub, sublen);
	if (!strcmp(var, "kind")) {
		if (!need_value(l, name, value, error))
			return FALSE;
		for (size_t i = 0; i < G_N_ELEMENTS(kind_names); i++)
			if (!g_ascii_strcasecmp(value, kind_names[i])) {
				t->kind = (enum policy_kind)i;
				return TRUE;
			}
		return bad(l, error, "the value is not one of person, commit, url, text",
			   "%s: '%s' is not one of person, commit, url, text", name, value);
	}
	if (!strcmp(var, "ownword"))
		return get_bool(l, name, value, &t->own_word, error);
	if (!strcmp(var, "notauthor"))
		return get_bool(l, name, value, &t->not_author, error);
	if (!strcmp(var, "pair")) {
		if (!need_value(l, name, value, error))
			return FALSE;
		if (*value && !is_token(value, strlen(value)))
			return bad(l, error, "the value is not a trailer name",
				   "%s: '%s' is not a trailer name", name, value);
		g_free(t->pair);
		t->pair = *value ? g_strdup(value) : NULL;
		return TRUE;
	}
	if (!strcmp(var, "followedby")) {
		if (!need_value(l, name, value, error))
			return FALSE;
		return tag_list(l, name, value, &t->followed_by, error);
	}
	return bad(l, error, "unknown key", "unknown key '%s'", name);
}

static gboolean apply_rule(struct load *l, const char *name, const char *id, gsize idlen,
			   const char *var, const char *value, GError **error)
{
	char *key = g_strndup(id, idlen);
	enum policy_severity s;
	gboolean known = FALSE;

	for (char **r = l->p->rule_ids; r && *r && !known; r++)
		known = !strcmp(*r, key);
	if (!known) {
		bad(l, error, "no such rule", "no rule '%s'", key);
		g_free(key);
		return FALSE;
	}
	if (strcmp(var, "severity")) {
		g_free(key);
		return bad(l, error, "unknown key", "unknown key '%s'", name);
	}
	if (!need_value(l, name, value, error) || !policy_parse_severity(value, &s)) {
		g_free(key);
		if (value)
			bad(l, error, "the value is not one of error, warning, info, off",
			    "%s: '%s' is not one of error, warning, info, off", name, value);
		return FALSE;
	}
	g_hash_table_replace(l->p->severity, key, GINT_TO_POINTER((int)s));
	return TRUE;
}

/* One entry, name as libgit2 reports it. */
static gboolean apply(struct load *l, const char *name, const char *value, GError **error)
{
	const char *dot1 = strchr(name, '.'), *dot2 = strrchr(name, '.');
	const char *var;

	if (!dot1)	/* a key before any section header */
		return bad(l, error, "unknown key", "unknown key '%s'", name);
	var = dot2 + 1;
	if (!strncmp(name, "policy.", 7) && dot1 == dot2)
		return apply_policy(l, name, var, value, error);
	if (dot1 != dot2 && !strncmp(name, "trailer.", 8))
		return apply_trailer(l, name, dot1 + 1, (gsize)(dot2 - dot1 - 1), var, value, error);
	if (dot1 != dot2 && !strncmp(name, "rule.", 5))
		return apply_rule(l, name, dot1 + 1, (gsize)(dot2 - dot1 - 1), var, value, error);
	return bad(l, error, "unknown key", "unknown key '%s'", name);
}

/* Does libgit2's message quote something?  A quoted character of syntax
 * (missing ']') is its own; any other quote may hold the file's text. */
static gboolean quotes(const char *what)
{
	for (const char *c = what; *c; c++) {
		if (*c == '"' || *c == '`')
			return TRUE;
		if (*c != '\'')
			continue;
		if (!c[1] || g_ascii_isalnum(c[1]) || c[2] != '\'')
			return TRUE;
		c += 2;
	}
	return FALSE;
}

/* libgit2 refused the file `path` (text[0..len)): "SHOWN:LINE: what", what
 * being its message without its "failed to parse config file: " and its
 * " (in PATH:..." (the line is found by policy_refused_line).  Its
 * messages are fixed words, but one that quotes (a name in '...') is not
 * passed on from a file that may not be quoted. */
static gboolean parse_failure(const struct load *l, const char *path, const char *text, gsize len,
			      GError **error)
{
	static const char lead[] = "failed to parse config file: ";
	const git_error *ge = git_error_last();
	char *msg = g_strdup(ge && ge->message ? ge->message : "cannot be parsed");
	char *suffix = g_strdup_printf(" (in %s:", path);
	char *what = g_str_has_prefix(msg, lead) ? msg + strlen(lead) : msg;
	char *at = g_strrstr(what, suffix);
	guint line = policy_refused_line(text, len);

	if (at)
		*at = '\0';
	if (!l->quote && quotes(what))
		what = (char *)"not git-config syntax";
	if (line > 0)
		qerr(error, QUILL_ERROR_INPUT, "%s:%u: %s", l->shown, line, what);
	else
		qerr(error, QUILL_ERROR_INPUT, "%s: %s", l->shown, what);
	g_free(suffix);
	g_free(msg);
	return FALSE;
}

/* Apply text[0..len), which is the file `path` (for libgit2), over p. */
static gboolean load(struct load *l, const char *path, const char *text, gsize len,
		     GError **error)
{
	git_config *cfg = NULL;
	git_config_iterator *it = NULL;
	git_config_entry *e;
	GHashTable *seen = NULL;
	gboolean ok = FALSE;
	int rc;

	/* libgit2 would follow an include before we see its key */
	if ((l->line = policy_include_line(text, len))) {
		bad(l, error, NULL, "includes are not allowed in a policy file");
		goto out;
	}
	if (git_config_new(&cfg) < 0 ||
	    git_config_add_file_ondisk(cfg, path, GIT_CONFIG_LEVEL_APP, NULL, 0) < 0) {
		parse_failure(l, path, text, len, error);
		goto out;
	}
	if ((rc = git_config_iterator_new(&it, cfg)) < 0) {
		qerr_git(error, rc, "%s", l->shown);
		goto out;
	}
	seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	while ((rc = git_config_next(&e, it)) == 0) {
		guint n = GPOINTER_TO_UINT(g_hash_table_lookup(seen, e->name));

		g_hash_table_replace(seen, g_strdup(e->name), GUINT_TO_POINTER(n + 1));
		l->line = e->include_depth ? 0 : policy_locate_line(text, len, e->name, n);
		if (!apply(l, e->name, e->value, error))
			goto out;
	}
	if (rc != GIT_ITEROVER) {
		qerr_git(error, rc, "%s", l->shown);
		goto out;
	}
	g_ptr_array_add(l->p->sources, g_strdup(l->shown));
	ok = TRUE;
out:
	if (seen)
		g_hash_table_destroy(seen);
	git_config_iterator_free(it);
	git_config_free(cfg);
	return ok;
}

gboolean policy_load_file(struct policy *p, const char *path, const char *shown_as,
			  GError **error)
{
	struct load l = { p, shown_as ? shown_as : path, 0, TRUE };
	char *text = NULL;
	gsize len = 0;
	GError *ge = NULL;
	gboolean ok;

	if (!g_file_get_contents(path, &text, &len, &ge)) {
		qerr(error, QUILL_ERROR_INPUT, "cannot read %s: %s", l.shown, ge->message);
		g_error_free(ge);
		return FALSE;
	}
	ok = load(&l, path, text, len, error);
	g_free(text);
	return ok;
}

/* data[0..len) through a private temporary file (libgit2 reads
 * configuration only from files). */
static gboolean load_data(struct load *l, const char *data, gsize len, GError **error)
{
	char *path = NULL;
	GError *ge = NULL;
	int fd = g_file_open_tmp("quill-policy-XXXXXX", &path, &ge);
	gboolean ok;

	if (fd < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot make a temporary file: %s", ge->message);
		g_error_free(ge);
		return FALSE;
	}
	close(fd);
	if (!g_file_set_contents(path, data, (gssize)len, &ge)) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot write %s: %s", path, ge->message);
		g_error_free(ge);
		unlink(path);
		g_free(path);
		return FALSE;
	}
	ok = load(l, path, data, len, error);
	unlink(path);
	g_free(path);
	return ok;
}

gboolean policy_load_data(struct policy *p, const char *data, gsize len, const char *shown_as,
			  GError **error)
{
	struct load l = { p, shown_as ? shown_as : "(policy)", 0, TRUE };

	return load_data(&l, data, len, error);
}

gboolean policy_load_unquoted(struct policy *p, const char *data, gsize len,
			      const char *shown_as, GError **error)
{
	struct load l = { p, shown_as, 0, FALSE };

	return load_data(&l, data, len, error);
}
