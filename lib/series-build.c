/* series-build.c - frozen versions made from given data (series.h), for
 * commands that bring a series in from elsewhere rather than freezing the
 * working branch. */
#include "commit.h"
#include "error.h"
#include "ident.h"
#include "series.h"

static char *now_iso(git_repository *repo)
{
	git_signature *sig = NULL;
	gint64 t = g_get_real_time() / G_USEC_PER_SEC;
	GDateTime *dt;
	char *out;

	if (ident_signature(&sig, repo, FALSE, NULL))
		t = sig->when.time;
	git_signature_free(sig);
	dt = g_date_time_new_from_unix_utc(t);
	out = g_date_time_format(dt, "%Y-%m-%dT%H:%M:%SZ");
	g_date_time_unref(dt);
	return out;
}

struct series_version *series_add_version(struct series *s, git_repository *repo,
					  const struct series_version_data *d, GError **error)
{
	GPtrArray *oids = NULL, *loaded;
	struct series_version *v;

	if (!commit_range(&oids, repo, d->base, d->tip, error))
		return NULL;
	loaded = g_ptr_array_new_with_free_func((GDestroyNotify)commit_patch_free);
	for (guint i = 0; i < oids->len; i++) {
		struct commit_patch *c;

		if (!commit_patch_load(&c, repo, g_ptr_array_index(oids, i), COMMIT_WANT_DIFF,
				       error)) {
			g_ptr_array_unref(loaded);
			g_ptr_array_unref(oids);
			return NULL;
		}
		g_ptr_array_add(loaded, c);
	}
	g_ptr_array_unref(oids);
	v = series_version_new((int)s->versions->len + 1);
	for (guint i = 0; i < loaded->len; i++) {
		const struct commit_patch *c = g_ptr_array_index(loaded, i);
		struct series_patch *p = g_new0(struct series_patch, 1);

		p->commit = g_strdup(git_oid_tostr_s(&c->oid));
		p->patch_id = g_strdup(c->patch_id);
		p->subject = g_strdup(c->subject);
		p->author = g_strdup_printf("%s <%s>", c->author_name, c->author_email);
		g_ptr_array_add(v->patches, p);
	}
	g_ptr_array_unref(loaded);
	v->base = g_strdup(git_oid_tostr_s(d->base));
	v->tip = g_strdup(git_oid_tostr_s(d->tip));
	v->date = d->date ? g_strdup(d->date) : now_iso(repo);
	v->cover = g_strdup(d->cover ? d->cover : "");
	v->changes = g_strdup(d->changes ? d->changes : "");
	v->cover_msgid = d->cover_msgid ? g_strdup(d->cover_msgid) : NULL;
	v->sent = d->sent;
	g_ptr_array_add(s->versions, v);
	return v;
}
