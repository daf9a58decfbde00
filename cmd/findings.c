/* findings.c - lint findings as trailer lint and bench check print them:
 * WHERE:LINE: SEVERITY: RULE-ID: message, or the same as JSON objects. */
#include "cmd.h"
#include "core/text.h"

#include <stdio.h>
#include <string.h>

static json_t *finding_json(const struct lint_finding *f)
{
	const struct lint_input *in = f->input;
	char hex[GIT_OID_HEXSZ + 1] = "";
	json_t *o = json_object();

	if (in->oid)
		git_oid_tostr(hex, sizeof(hex), in->oid);
	json_object_set_new(o, "where", json_string(in->where));
	json_object_set_new(o, "commit", in->oid ? json_string(hex) : json_null());
	json_object_set_new(o, "file", in->oid || in->cover ? json_null() : json_string(in->where));
	json_object_set_new(o, "msgid", json_str_or_null(in->msgid));
	json_object_set_new(o, "line", json_integer(f->line));
	json_object_set_new(o, "column", f->column ? json_integer(f->column) : json_null());
	json_object_set_new(o, "severity", json_string(policy_severity_name(f->severity)));
	json_object_set_new(o, "rule", json_string(f->rule));
	json_object_set_new(o, "message", json_string(f->message));
	json_object_set_new(o, "ignored", json_boolean(f->ignored));
	return o;
}

/* The one line of a finding. */
/* s on standard output, escaped where it needs it */
static void put_escaped(const char *s)
{
	char *e;

	if (text_is_safe(s)) {
		fputs(s, stdout);
		return;
	}
	e = out_escape(s);
	fputs(e, stdout);
	g_free(e);
}

static void print_finding(struct ctx *ctx, const char *where, guint line, const char *severity,
			  const char *rule, const char *message)
{
	const char *c = !strcmp(severity, "error") ? "red"
			: !strcmp(severity, "warning") ? "yellow" : "cyan";

	/* a message quotes the commit or mail it is about: escaped */
	char num[16], *p = num + sizeof(num);

	put_escaped(where);
	/* ":%u: %s%s%s: %s: " without printf's cost, once per finding */
	*--p = '\0';
	*--p = ' ';
	*--p = ':';
	do
		*--p = (char)('0' + line % 10);
	while (line /= 10);
	*--p = ':';
	fputs(p, stdout);
	fputs(color(ctx, c), stdout);
	fputs(severity, stdout);
	fputs(color(ctx, "reset"), stdout);
	fputs(": ", stdout);
	fputs(rule, stdout);
	fputs(": ", stdout);
	put_escaped(message);
	putchar('\n');
}

void findings_take(void *payload, GArray *found)
{
	struct findings *fs = payload;

	for (guint i = 0; i < found->len; i++) {
		const struct lint_finding *f = &g_array_index(found, struct lint_finding, i);

		if (f->ignored)
			fs->ignored++;
		else if (f->severity == POLICY_ERROR)
			fs->errors++;
		else if (f->severity == POLICY_WARNING)
			fs->warnings++;
		else
			fs->infos++;
		if (fs->list)
			json_array_append_new(fs->list, finding_json(f));
		else if (!f->ignored)
			print_finding(fs->ctx, f->input->where, f->line,
				      policy_severity_name(f->severity), f->rule, f->message);
	}
}

void findings_counts_json(json_t *doc, const struct findings *fs)
{
	json_object_set_new(doc, "errors", json_integer(fs->errors));
	json_object_set_new(doc, "warnings", json_integer(fs->warnings));
	json_object_set_new(doc, "info", json_integer(fs->infos));
	json_object_set_new(doc, "ignored", json_integer(fs->ignored));
}

void findings_print(struct ctx *ctx, const json_t *report)
{
	const json_t *list = json_object_get(report, "findings");
	size_t i;
	const json_t *f;

	json_array_foreach(list, i, f) {
		if (json_is_true(json_object_get(f, "ignored")))
			continue;
		print_finding(ctx, json_string_value(json_object_get(f, "where")),
			      (guint)json_integer_value(json_object_get(f, "line")),
			      json_string_value(json_object_get(f, "severity")),
			      json_string_value(json_object_get(f, "rule")),
			      json_string_value(json_object_get(f, "message")));
	}
}

guint report_uint(const json_t *report, const char *key)
{
	return (guint)json_integer_value(json_object_get(report, key));
}
