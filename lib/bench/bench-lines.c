/* bench-lines.c - the formats of one value a line: samples (a number and
 * its unit) and kv ("key: value [unit]"), and the labelled blocks both
 * may come in, as a reply to a patch gives them:
 *
 *     Without the patch:
 *     Total time: 15.989429 seconds
 *     ...
 *     With the patch:
 *     Total time: 14.112034 seconds
 *
 * A heading (a line ending in ':' with no value after it) starts a block;
 * each block that holds values is a role, the heading its command.  In a
 * file with headings the prose around the blocks is skipped (counted in
 * one warning); kv skips lines without a ':' in any file. */
#include "bench/bench-read-private.h"
#include "core/error.h"

#include <math.h>
#include <string.h>

void rd_split_value(const char *p, gsize len, gsize *num_len, const char **rest, gsize *rest_len)
{
	gsize i = 0;

	while (i < len && p[i] != ' ' && p[i] != '\t')
		i++;
	*num_len = i;
	while (i < len && (p[i] == ' ' || p[i] == '\t'))
		i++;
	*rest = p + i;
	*rest_len = len - i;
	while (*rest_len && ((*rest)[*rest_len - 1] == ' ' || (*rest)[*rest_len - 1] == '\t'))
		(*rest_len)--;
}

void rd_trim(const char **p, gsize *len)
{
	while (*len && (**p == ' ' || **p == '\t')) {
		(*p)++;
		(*len)--;
	}
	while (*len && ((*p)[*len - 1] == ' ' || (*p)[*len - 1] == '\t'))
		(*len)--;
}

/* A heading: text, then ':' and nothing after it; its label is the text
 * (caller owns), which must do as a command (UTF-8, no control bytes). */
static char *heading(const struct rd_line *l)
{
	const char *p = l->p;
	gsize n = l->len;
	char *label;

	rd_trim(&p, &n);
	if (n < 2 || p[n - 1] != ':')
		return NULL;
	n--;
	rd_trim(&p, &n);
	if (!n || memchr(p, 0, n))
		return NULL;
	label = g_strndup(p, n);
	if (!bench_metric_name_valid(label)) {
		g_free(label);
		return NULL;
	}
	return label;
}

/* TRUE when [p, p+n) starts as a number does ("12", "-3", ".5", "+0.1"):
 * a line meant to hold a value, read strictly. */
static gboolean starts_number(const char *p, gsize n)
{
	gsize i = 0;

	if (i < n && (p[i] == '+' || p[i] == '-'))
		i++;
	if (i < n && p[i] == '.')
		i++;
	return i < n && g_ascii_isdigit(p[i]);
}

/* The value of a "key: value" line (trimmed), or FALSE without a ':'. */
static gboolean kv_value(const struct rd_line *l, const char **vp, gsize *vn)
{
	const char *colon = memchr(l->p, ':', l->len);

	if (!colon)
		return FALSE;
	*vp = colon + 1;
	*vn = l->p + l->len - *vp;
	rd_trim(vp, vn);
	return TRUE;
}

/* The first non-blank byte of the line is a quote mark of a mail ('>'). */
static gboolean quoted(const struct rd_line *l)
{
	const char *p = l->p;
	gsize n = l->len;

	rd_trim(&p, &n);
	return n && *p == '>';
}

static gboolean has_heading(const char *data, gsize len)
{
	struct rd_line l = { 0 };
	gsize pos = 0;
	char *label;

	while (rd_next_line(data, len, &pos, &l))
		if (!rd_skip_line(&l) && (label = heading(&l))) {
			g_free(label);
			return TRUE;
		}
	return FALSE;
}

enum bench_format rd_detect_blocks(const char *data, gsize len)
{
	struct rd_line l = { 0 };
	gsize pos = 0;
	gboolean under = FALSE;		/* a heading came before */

	while (rd_next_line(data, len, &pos, &l)) {
		const char *p = l.p, *vp;
		gsize n = l.len, vn;
		char *label;

		if (rd_skip_line(&l))
			continue;
		if ((label = heading(&l))) {
			g_free(label);
			under = TRUE;
			continue;
		}
		if (!under || quoted(&l))
			continue;
		rd_trim(&p, &n);
		if (starts_number(p, n))	/* a number and a comma: CSV, perf's -x */
			return memchr(p, ',', n) ? BENCH_FORMAT_AUTO : BENCH_FORMAT_SAMPLES;
		if (kv_value(&l, &vp, &vn) && starts_number(vp, vn))
			return BENCH_FORMAT_KV;
		/* anything else is prose ("Hi Ada,"), or a CSV's row the line
		 * by line guess will find */
	}
	return BENCH_FORMAT_AUTO;
}

/* The roles being read: those of the blocks done, and the open block. */
struct blocks {
	const struct bench_read_opts *o;
	const char *kind;		/* "samples", "kv" */
	gboolean labelled;		/* the file has headings */
	GPtrArray *roles;		/* struct bench_role*, owned */
	char *label;			/* the open block's heading, NULL before one */
	GPtrArray *ms;			/* its metrics */
	int text;			/* lines of text skipped */
};

static void blocks_init(struct blocks *b, const char *data, gsize len,
			const struct bench_read_opts *o, const char *kind)
{
	b->o = o;
	b->kind = kind;
	b->labelled = has_heading(data, len);
	b->roles = g_ptr_array_new_with_free_func((GDestroyNotify)bench_role_free);
	b->label = NULL;
	b->ms = rd_metrics_new();
	b->text = 0;
}

/* The open block becomes a role when it holds values; a heading without
 * any is a line of text. */
static void blocks_close(struct blocks *b)
{
	if (b->ms->len) {
		struct bench_role *r = rd_role(b->ms, b->kind, b->o->source, NULL);
		r->command = b->label;
		b->label = NULL;
		g_ptr_array_add(b->roles, r);
	} else if (b->label) {
		b->text++;
	}
	g_free(b->label);
	b->label = NULL;
	rd_metrics_free(b->ms);
	b->ms = rd_metrics_new();
}

/* TRUE when the line is a heading (the open block closed, a new one
 * opened). */
static gboolean blocks_heading(struct blocks *b, const struct rd_line *l)
{
	char *label = b->labelled ? heading(l) : NULL;

	if (!label)
		return FALSE;
	blocks_close(b);
	b->label = label;
	return TRUE;
}

/* The roles read (NULL, and *error, when there are none), the warning
 * about the text skipped; frees the rest. */
static GPtrArray *blocks_finish(struct blocks *b, gboolean ok, const char *none,
				GError **error)
{
	GPtrArray *roles = NULL;

	if (ok) {
		blocks_close(b);
		if (!b->roles->len)
			qerr(error, QUILL_ERROR_INPUT, "%s: %s", b->o->source, none);
		else
			roles = g_ptr_array_ref(b->roles);
	}
	if (roles && b->text && b->o->warn)
		b->o->warn(b->o->warn_payload,
			   "%s: %d %s of text skipped (neither a value nor a heading of values)",
			   b->o->source, b->text, b->text == 1 ? "line" : "lines");
	g_ptr_array_unref(b->roles);
	rd_metrics_free(b->ms);
	g_free(b->label);
	return roles;
}

/* ---- samples: one number per line ---- */

GPtrArray *rd_samples(const char *data, gsize len, const struct bench_read_opts *o,
		      GError **error)
{
	struct blocks b;
	struct rd_line l = { 0 };
	gsize pos = 0;
	gboolean ok = TRUE;

	blocks_init(&b, data, len, o, "samples");
	while (ok && rd_next_line(data, len, &pos, &l)) {
		const char *p = l.p, *rest;
		gsize n = l.len, num_len, rest_len;
		double v;
		int dec;
		char *unit;
		struct rd_metric *m;

		if (rd_skip_line(&l) || blocks_heading(&b, &l))
			continue;
		rd_trim(&p, &n);
		if (b.labelled && (quoted(&l) || !starts_number(p, n))) {
			b.text++;
			continue;
		}
		rd_split_value(p, n, &num_len, &rest, &rest_len);
		if (!rd_number(p, num_len, FALSE, &v, &dec)) {
			ok = qerr(error, QUILL_ERROR_INPUT, "%s:%d: not a number", o->source, l.number);
			break;
		}
		unit = rest_len ? g_strndup(rest, rest_len) : g_strdup(o->unit ? o->unit : "");
		if (!g_utf8_validate(unit, -1, NULL) || strlen(unit) != (rest_len ? rest_len : strlen(unit)) ||
		    strchr(unit, ' ') || strchr(unit, '\t')) {
			ok = qerr(error, QUILL_ERROR_INPUT,
				  "%s:%d: a number and at most one unit word per line", o->source, l.number);
			g_free(unit);
			break;
		}
		m = rd_metric_get(b.ms, "value", unit, o->source, l.number, error);
		g_free(unit);
		if (!(ok = m && rd_metric_add(m, 1, v, NAN, dec, o->source, l.number, error)))
			break;
	}
	return blocks_finish(&b, ok, "no numbers", error);
}

/* ---- kv: "key: value [unit]" ---- */

GPtrArray *rd_kv(const char *data, gsize len, const struct bench_read_opts *o, GError **error)
{
	struct blocks b;
	struct rd_line l = { 0 };
	gsize pos = 0;
	gboolean ok = TRUE;

	blocks_init(&b, data, len, o, "kv");
	while (ok && rd_next_line(data, len, &pos, &l)) {
		const char *kp = l.p, *vp, *rest;
		gsize kn, vn, num_len, rest_len;
		double v;
		int dec;
		char *key, *unit;
		struct rd_metric *m = NULL;

		if (rd_skip_line(&l) || blocks_heading(&b, &l))
			continue;
		/* prose: no ':' at all; with headings, also quoted lines and
		 * values that are not numbers ("Tested-by: ...") */
		if (!kv_value(&l, &vp, &vn) ||
		    (b.labelled && (quoted(&l) || !starts_number(vp, vn)))) {
			b.text++;
			continue;
		}
		kn = (gsize)((const char *)memchr(l.p, ':', l.len) - l.p);
		rd_trim(&kp, &kn);
		rd_split_value(vp, vn, &num_len, &rest, &rest_len);
		if (!rd_number(vp, num_len, FALSE, &v, &dec)) {
			ok = qerr(error, QUILL_ERROR_INPUT, "%s:%d: the value is not a number", o->source,
				  l.number);
			break;
		}
		key = g_strndup(kp, kn);
		unit = rest_len ? g_strndup(rest, rest_len) : g_strdup(o->unit ? o->unit : "");
		if (!bench_metric_name_valid(key) || memchr(kp, 0, kn))
			qerr(error, QUILL_ERROR_INPUT, "%s:%d: the key is empty or not text", o->source,
			     l.number);
		else if (!g_utf8_validate(unit, -1, NULL) || (rest_len && memchr(rest, 0, rest_len)))
			qerr(error, QUILL_ERROR_INPUT, "%s:%d: the unit is not text", o->source, l.number);
		else
			m = rd_metric_get(b.ms, key, unit, o->source, l.number, error);
		g_free(key);
		g_free(unit);
		if (!(ok = m && rd_metric_add(m, 1, v, NAN, dec, o->source, l.number, error)))
			break;
	}
	return blocks_finish(&b, ok, "no 'key: value' lines", error);
}
