/* freeze.c - the working version frozen with its cover (freeze.h). */
#include "series/freeze.h"
#include "series/cover.h"
#include "core/error.h"
#include "git/commit.h"
#include "series/rangediff.h"

#include <string.h>

void series_freeze_result_clear(struct series_freeze_result *r)
{
	g_free(r->cover);
	g_free(r->summary);
	memset(r, 0, sizeof *r);
}

/* What goes into v<n>/changes: the items of the rendered "Changes in vN:"
 * section, or the text given (v1 has no such section). */
static char *frozen_changes(const char *given, const char *body, int n)
{
	char *changes = given && n == 1 ? g_strdup(given) : cover_extract_changes(body, n);

	if (given && !*changes) {
		/* the cover has no "Changes in vN:" section: keep the text anyway */
		g_free(changes);
		changes = g_strdup(given);
	}
	return changes;
}

/* Render the working cover for freezing, and begin the next one.  A cover
 * sent by other means (--msgid) is frozen as it went out: the changes
 * given then go to the next version's draft. */
static gboolean covers(const struct cover_input *in, const struct series *s,
		       const struct series_freeze_next_opts *o, char **frozen, char **changes,
		       char **next, GError **error)
{
	int n = s->version;
	gboolean sent = o->cover_msgid != NULL;
	char *working = o->changes && n > 1 && !sent ? cover_set_changes(s->cover, n, o->changes)
						     : g_strdup(s->cover);
	char *subject = NULL, *body = NULL, *lines, *link;

	if (!cover_render(&subject, &body, in, working, error)) {
		g_free(working);
		return FALSE;
	}
	*frozen = g_strdup_printf("%s\n\n%s", subject, body);
	if (strstr(*frozen, "EDITME") && o->warn)
		o->warn(o->payload, "the cover of v%d still has EDITME lines", n);
	*changes = sent ? cover_extract_changes(body, n) : frozen_changes(o->changes, body, n);
	lines = in->cmp ? range_changes_lines(in->cmp) : g_strdup("");
	link = cover_link_line(series_get_version(s, n - 1), in->linkmask);
	*next = cover_next(working, n + 1, lines, link);
	if (sent && o->changes) {
		char *drafted = cover_set_changes(*next, n + 1, o->changes);
		g_free(*next);
		*next = drafted;
	}
	g_free(link);
	g_free(lines);
	g_free(subject);
	g_free(body);
	g_free(working);
	return TRUE;
}

gboolean series_freeze_next(struct series *s, git_repository *repo, const struct resources *res,
			    const struct series_freeze_next_opts *o,
			    struct series_freeze_result *out, GError **error)
{
	struct cover_input in = { 0 };
	struct series_freeze_opts fo = { 0 };
	char *frozen = NULL, *changes = NULL, *next = NULL;
	GError *e = NULL;
	gboolean ok = FALSE;

	memset(out, 0, sizeof *out);
	if (o->tip) {
		GPtrArray *patches = NULL;
		gboolean prepared = series_load_range(&patches, repo, o->base, o->tip,
						      COMMIT_WANT_DIFF | COMMIT_WANT_STAT, error) &&
				    cover_prepare_with(&in, repo, s, 0, res, patches, o->base,
						       o->tip, error);
		if (patches)
			g_ptr_array_unref(patches);
		if (!prepared)
			return FALSE;
	} else if (!cover_prepare(&in, repo, s, 0, res, error)) {
		return FALSE;
	}
	if (in.patches->len == 0) {
		qerr(error, QUILL_ERROR_NEGATIVE, "series %s has no patches: branch %s holds nothing "
		     "on top of its base", s->name, s->branch);
		goto done;
	}
	if (!covers(&in, s, o, &frozen, &changes, &next, error))
		goto done;
	out->version = s->version;
	out->patches = in.patches->len;
	git_oid_cpy(&out->base, &in.base);
	git_oid_cpy(&out->tip, &in.tip);
	out->summary = in.cmp ? range_summary(in.cmp) : NULL;
	fo.cover = frozen;
	fo.changes = changes;
	fo.next_cover = next;
	fo.cover_msgid = o->cover_msgid;
	fo.patch_msgids = o->patch_msgids;
	fo.date = o->date;
	fo.base = o->tip ? &in.base : NULL;
	fo.tip = o->tip ? &in.tip : NULL;
	if (!o->dry_run && !series_freeze(s, repo, &fo, error)) {
		series_freeze_result_clear(out);
		goto done;
	}
	if (!o->dry_run && series_repair(s, repo, &e) < 0) {
		if (o->warn)
			o->warn(o->payload, "v%d is frozen, but its tag is not written (the next quill "
				"command retries): %s", out->version, e->message);
		g_clear_error(&e);
	}
	out->cover = frozen;
	frozen = NULL;
	ok = TRUE;
done:
	cover_input_release(&in);
	g_free(frozen);
	g_free(changes);
	g_free(next);
	return ok;
}
