/* format-record.c - what `series format` formatted last, per series:
 * $GIT_DIR/quill/formatted/<name> (the common directory, so that every
 * work tree of the repository sees the same record, as it sees the same
 * series state), three lines:
 *
 *   version 3
 *   tip 0123...(40 hex)
 *   time 1764583200
 *
 * written whole or not at all, and read as a file anyone could have put
 * there: no link followed, no FIFO waited on, at most 4 KiB. */
#include "series/outgoing.h"
#include "core/error.h"
#include "core/file.h"
#include "series/store.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#define RECORD_DIR "quill/formatted"
#define RECORD_MAX 4096

/* The record's path (caller owns), or NULL when NAME cannot name a series
 * (it would not be one file of that directory). */
static char *record_path(git_repository *repo, const char *name)
{
	if (!store_name_valid(name))
		return NULL;
	return g_build_filename(git_repository_commondir(repo), RECORD_DIR, name, NULL);
}

static gboolean is_hex_oid(const char *s)
{
	if (strlen(s) != GIT_OID_HEXSZ)
		return FALSE;
	for (; *s; s++)
		if (!g_ascii_isxdigit(*s) || g_ascii_isupper(*s))
			return FALSE;
	return TRUE;
}

gboolean format_record_write(git_repository *repo, const char *name, int version,
			     const char *tip, GError **error)
{
	char *path = record_path(repo, name), *dir, *text;
	gboolean ok;

	if (!path)
		return qerr(error, QUILL_ERROR_USAGE, "'%s' cannot name a series", name);
	if (version < 1 || !tip || !is_hex_oid(tip)) {
		g_free(path);
		return qerr(error, QUILL_ERROR_USAGE, "a format record needs a version and a tip");
	}
	dir = g_path_get_dirname(path);
	if (g_mkdir_with_parents(dir, 0777) < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot create %s: %s", dir, g_strerror(errno));
		g_free(dir);
		g_free(path);
		return FALSE;
	}
	text = g_strdup_printf("version %d\ntip %s\ntime %" G_GINT64_FORMAT "\n", version, tip,
			       g_get_real_time() / G_USEC_PER_SEC);
	ok = file_write_atomic(path, text, -1, error);
	g_free(text);
	g_free(dir);
	g_free(path);
	return ok;
}

/* A decimal number of at most 18 digits, into *out. */
static gboolean parse_number(const char *s, gint64 *out)
{
	gsize n = strlen(s);

	if (n == 0 || n > 18)
		return FALSE;
	for (gsize i = 0; i < n; i++)
		if (!g_ascii_isdigit(s[i]))
			return FALSE;
	*out = g_ascii_strtoll(s, NULL, 10);
	return TRUE;
}

const char *format_record_parse(struct format_record *out, const char *text, gsize len)
{
	char **lines;
	gboolean version = FALSE, tip = FALSE, time = FALSE;
	const char *why = NULL;
	gint64 n;

	if (strlen(text) != len)
		return "it holds a NUL";
	lines = g_strsplit(text, "\n", -1);
	for (char **l = lines; *l && !why; l++) {
		char *sp = strchr(*l, ' ');

		if (!**l)
			continue;
		if (!sp) {
			why = "a line is not 'KEY VALUE'";
		} else if (!strncmp(*l, "version ", 8)) {
			version = parse_number(sp + 1, &n) && n >= 1 && n <= G_MAXINT;
			out->version = (int)n;
			why = version ? NULL : "the version is not a number";
		} else if (!strncmp(*l, "tip ", 4)) {
			tip = is_hex_oid(sp + 1);
			if (tip)
				memcpy(out->tip, sp + 1, GIT_OID_HEXSZ + 1);
			why = tip ? NULL : "the tip is not 40 hex digits";
		} else if (!strncmp(*l, "time ", 5)) {
			time = parse_number(sp + 1, &out->time);
			why = time ? NULL : "the time is not a number";
		}	/* another key: from a later quill, ignored */
	}
	g_strfreev(lines);
	if (!why && (!version || !tip || !time))
		why = !version ? "no version line" : !tip ? "no tip line" : "no time line";
	return why;
}

gboolean format_record_read(struct format_record *out, git_repository *repo, const char *name,
			    GError **error)
{
	char *path = record_path(repo, name), *text = NULL;
	const char *why;
	gsize len;
	int r;

	memset(out, 0, sizeof *out);
	if (!path)
		return FALSE;	/* no series of that name has a record */
	r = file_read_hostile(path, RECORD_MAX, &text, &len, error);
	if (r <= 0) {
		g_free(path);
		return FALSE;
	}
	if ((why = format_record_parse(out, text, len))) {
		qerr(error, QUILL_ERROR_INPUT, "%s: damaged: %s", path, why);
		memset(out, 0, sizeof *out);
	}
	g_free(text);
	g_free(path);
	return why == NULL;
}
