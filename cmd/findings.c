/* findings.c - lint findings as trailer lint and bench check print them:
 * WHERE:LINE: SEVERITY: RULE-ID: message, or the same as JSON objects. */
#include "cmd.h"

#include <stdio.h>

static const char *sev_color(struct ctx *ctx, enum policy_severity s)
{
	return color(ctx, s == POLICY_ERROR ? "red" : s == POLICY_WARNING ? "yellow" : "cyan");
}

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

void findings_flush(struct ctx *ctx, GArray *out, struct finding_counts *n, json_t *json)
{
	for (guint i = 0; i < out->len; i++) {
		const struct lint_finding *f = &g_array_index(out, struct lint_finding, i);

		if (f->ignored)
			n->ignored++;
		else if (f->severity == POLICY_ERROR)
			n->errors++;
		else if (f->severity == POLICY_WARNING)
			n->warnings++;
		else
			n->infos++;
		if (json)
			json_array_append_new(json, finding_json(f));
		else if (!f->ignored)
			printf("%s:%u: %s%s%s: %s: %s\n", f->input->where, f->line,
			       sev_color(ctx, f->severity), policy_severity_name(f->severity),
			       color(ctx, "reset"), f->rule, f->message);
	}
	lint_findings_clear(out);
}
