/* ident.c - identities, as git derives them, and address strings. */
#include "git/ident.h"
#include "git/config.h"
#include "core/error.h"

#include <gmime/gmime.h>
#include <stdlib.h>
#include <string.h>

static gboolean parse_offset(const char *s, int *off)
{
	int sign, h, m;

	while (*s == ' ')
		s++;
	if (*s != '+' && *s != '-')
		return FALSE;
	sign = *s == '-' ? -1 : 1;
	s++;
	if (strlen(s) == 4 && g_ascii_isdigit(s[0])) {
		h = (s[0] - '0') * 10 + (s[1] - '0');
		m = (s[2] - '0') * 10 + (s[3] - '0');
	} else if (sscanf(s, "%d:%d", &h, &m) != 2) {
		return FALSE;
	}
	*off = sign * (h * 60 + m);
	return TRUE;
}

gboolean ident_parse_date(const char *s, gint64 *time_out, int *offset_out)
{
	char *end;
	gint64 t;
	int off = 0;
	GDateTime *dt;

	while (*s == ' ')
		s++;
	if (*s == '@' || g_ascii_isdigit(*s)) {
		const char *p = *s == '@' ? s + 1 : s;
		t = g_ascii_strtoll(p, &end, 10);
		if (end != p && (*end == 0 || (*end == ' ' && parse_offset(end, &off)))) {
			if (*s == '@' || strlen(p) >= 9 || *end == ' ') {
				*time_out = t;
				*offset_out = off;
				return TRUE;
			}
		}
	}
	/* ISO 8601, also with a space instead of 'T' and " +ZZZZ" */
	{
		char *iso = g_strdup(s);
		char *sp;

		if (strlen(iso) > 10 && iso[10] == ' ')
			iso[10] = 'T';
		sp = strchr(iso, ' ');
		if (sp && parse_offset(sp, &off)) {
			char tz[8];
			*sp = 0;
			g_snprintf(tz, sizeof tz, "%c%02d:%02d", off < 0 ? '-' : '+', abs(off) / 60,
				   abs(off) % 60);
			sp = g_strconcat(iso, tz, NULL);
			g_free(iso);
			iso = sp;
		}
		dt = g_date_time_new_from_iso8601(iso, NULL);
		g_free(iso);
		if (dt) {
			*time_out = g_date_time_to_unix(dt);
			*offset_out = (int)(g_date_time_get_utc_offset(dt) / G_TIME_SPAN_MINUTE);
			g_date_time_unref(dt);
			return TRUE;
		}
	}
	dt = g_mime_utils_header_decode_date(s);
	if (dt) {
		*time_out = g_date_time_to_unix(dt);
		*offset_out = (int)(g_date_time_get_utc_offset(dt) / G_TIME_SPAN_MINUTE);
		g_date_time_unref(dt);
		return TRUE;
	}
	return FALSE;
}

gboolean ident_signature(git_signature **out, git_repository *repo, gboolean author,
			 GError **error)
{
	const char *kind = author ? "AUTHOR" : "COMMITTER";
	char key[32];
	const char *env_name, *env_email, *env_date;
	char *name, *email;
	gint64 t;
	int off;
	int rc;

	g_snprintf(key, sizeof key, "GIT_%s_NAME", kind);
	env_name = g_getenv(key);
	g_snprintf(key, sizeof key, "GIT_%s_EMAIL", kind);
	env_email = g_getenv(key);
	g_snprintf(key, sizeof key, "GIT_%s_DATE", kind);
	env_date = g_getenv(key);

	name = env_name ? g_strdup(env_name) : config_get(repo, "user.name");
	email = env_email ? g_strdup(env_email) : config_get(repo, "user.email");
	if (!email)
		email = config_get(repo, "user.email");
	if (!name || !*name || !email) {
		g_free(name);
		g_free(email);
		return qerr(error, QUILL_ERROR_USAGE,
			    "who are you? set user.name and user.email (git config --global user.name ...)");
	}
	if (env_date && *env_date && ident_parse_date(env_date, &t, &off))
		rc = git_signature_new(out, name, email, t, off);
	else
		rc = git_signature_now(out, name, email);
	g_free(name);
	g_free(email);
	if (rc < 0)
		return qerr_git(error, rc, "bad identity");
	return TRUE;
}

char *ident_format(const git_signature *sig)
{
	return g_strdup_printf("%s <%s>", sig->name, sig->email);
}

gboolean ident_split(const char *s, char **name_out, char **email_out)
{
	const char *lt = strrchr(s, '<');
	const char *gt = lt ? strchr(lt, '>') : NULL;

	*name_out = *email_out = NULL;
	if (lt && gt) {
		*name_out = g_strstrip(g_strndup(s, (gsize)(lt - s)));
		*email_out = g_strstrip(g_strndup(lt + 1, (gsize)(gt - lt - 1)));
	} else if (strchr(s, '@')) {
		*name_out = g_strdup("");
		*email_out = g_strstrip(g_strdup(s));
	} else {
		return FALSE;
	}
	/* "Name" in double quotes */
	if (**name_out == '"') {
		size_t n = strlen(*name_out);
		if (n >= 2 && (*name_out)[n - 1] == '"') {
			memmove(*name_out, *name_out + 1, n - 2);
			(*name_out)[n - 2] = 0;
		}
	}
	if (!**email_out) {	/* "Name <>": no address either, and nothing to free */
		g_clear_pointer(name_out, g_free);
		g_clear_pointer(email_out, g_free);
		return FALSE;
	}
	return TRUE;
}

gboolean ident_same(const char *a, const char *b)
{
	char *na, *ea, *nb, *eb;
	gboolean same = FALSE;

	if (ident_split(a, &na, &ea) && ident_split(b, &nb, &eb))
		same = !g_ascii_strcasecmp(ea, eb) && !strcmp(na, nb);
	else
		nb = eb = NULL;
	g_free(na);
	g_free(ea);
	g_free(nb);
	g_free(eb);
	return same;
}

char *ident_sender(git_repository *repo, GError **error)
{
	git_signature *sig;
	char *v = config_get(repo, "quill.from");

	if (!v)
		v = config_get(repo, "sendemail.from");
	if (v)
		return v;
	if (!ident_signature(&sig, repo, FALSE, error))
		return NULL;
	v = ident_format(sig);
	git_signature_free(sig);
	return v;
}
