/* policy-lines.c - where in a trailers.conf things are: the line of an
 * entry (policy_locate_line), of an include, of the first line libgit2
 * refuses (see policy.h and policy-private.h). */
#include "lint/policy-private.h"

#include <git2.h>
#include <string.h>
#include <unistd.h>

/* ---- reading git-config text ---- */

static inline gboolean cfg_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Scan the value part of a variable line from *pos; returns TRUE when it
 * ends in a backslash continuation (the next line belongs to it). */
static gboolean skip_value(const char *t, gsize end, gsize *pos)
{
	gboolean quoted = FALSE;
	gsize i = *pos;

	for (; i < end && t[i] != '\n'; i++) {
		if (t[i] == '\\') {
			if (i + 1 < end && t[i + 1] == '\n') {
				*pos = i + 2;
				return TRUE;
			}
			if (i + 2 < end && t[i + 1] == '\r' && t[i + 2] == '\n') {
				*pos = i + 3;
				return TRUE;
			}
			i++;
			continue;
		}
		if (t[i] == '"')
			quoted = !quoted;
		else if (!quoted && (t[i] == '#' || t[i] == ';'))
			break;
	}
	while (i < end && t[i] != '\n')
		i++;
	*pos = i < end ? i + 1 : i;
	return FALSE;
}

/* Parse a section header at t[*pos] == '['; sets the current section name
 * as libgit2 reports it ("section." or "section.Sub.") into cur.  FALSE
 * when it is not one (the scan then skips the line). */
static gboolean read_header(const char *t, gsize end, gsize *pos, GString *cur)
{
	gsize i = *pos + 1;

	g_string_truncate(cur, 0);
	while (i < end && t[i] != ']' && t[i] != '"' && !cfg_space(t[i]) && t[i] != '\n') {
		/* [section.Sub]: the old form, subsection lower-cased too */
		g_string_append_c(cur, g_ascii_tolower(t[i]));
		i++;
	}
	while (i < end && cfg_space(t[i]))
		i++;
	if (i < end && t[i] == '"') {
		g_string_append_c(cur, '.');
		for (i++; i < end && t[i] != '"' && t[i] != '\n'; i++) {
			if (t[i] == '\\' && i + 1 < end && t[i + 1] != '\n')
				i++;
			g_string_append_c(cur, t[i]);
		}
		if (i >= end || t[i] != '"')
			return FALSE;
		i++;
	}
	if (i >= end || t[i] != ']')
		return FALSE;
	g_string_append_c(cur, '.');
	*pos = i + 1;
	return TRUE;
}

int policy_include_line(const char *text, gsize len)
{
	GString *cur = g_string_new(NULL);
	gsize pos = 0;
	int line = 1, found = 0;

	while (pos < len && !found) {
		while (pos < len && cfg_space(text[pos]))
			pos++;
		if (pos < len && text[pos] == '[' && read_header(text, len, &pos, cur) &&
		    (g_str_has_prefix(cur->str, "include.") || g_str_has_prefix(cur->str, "includeif.")))
			found = line;
		while (skip_value(text, len, &pos))
			line++;
		line++;
	}
	g_string_free(cur, TRUE);
	return found;
}

int policy_locate_line(const char *text, gsize len, const char *name, guint n)
{
	GString *cur = g_string_new(NULL), *full = g_string_new(NULL);
	gsize pos = 0;
	int line = 1, found = 0;

	while (pos < len && !found) {
		int here = line;
		gsize start;

		while (pos < len && cfg_space(text[pos]))
			pos++;
		if (pos < len && text[pos] == '[') {
			if (!read_header(text, len, &pos, cur)) {
				g_string_truncate(cur, 0);
				while (pos < len && text[pos] != '\n')
					pos++;
			}
			while (pos < len && cfg_space(text[pos]))
				pos++;
		}
		start = pos;
		while (pos < len && (g_ascii_isalnum(text[pos]) || text[pos] == '-'))
			pos++;
		if (pos > start && cur->len) {
			g_string_assign(full, cur->str);
			for (gsize i = start; i < pos; i++)
				g_string_append_c(full, g_ascii_tolower(text[i]));
			if (!strcmp(full->str, name) && n-- == 0)
				found = here;
		}
		/* the rest of the line, and the lines a continuation takes */
		while (skip_value(text, len, &pos))
			line++;
		line++;
	}
	g_string_free(cur, TRUE);
	g_string_free(full, TRUE);
	return found;
}

/* ---- the line libgit2 refuses ---- */

/* Does libgit2 refuse text[0..len) as a configuration file?  (It reads
 * configuration from files only.) */
static gboolean refused(const char *text, gsize len)
{
	char *path = NULL;
	int fd = g_file_open_tmp("quill-policy-XXXXXX", &path, NULL);
	git_config *cfg = NULL;
	gboolean no = FALSE;

	if (fd < 0)
		return FALSE;
	close(fd);
	if (g_file_set_contents(path, text, (gssize)len, NULL))
		no = git_config_new(&cfg) == 0 &&
		     git_config_add_file_ondisk(cfg, path, GIT_CONFIG_LEVEL_APP, NULL, 0) < 0;
	git_config_free(cfg);
	unlink(path);
	g_free(path);
	return no;
}

/* The line at which libgit2 refuses text: the fewest first lines of it
 * that it refuses, found by halving (it reads line by line, so once it
 * refuses some lines it refuses every longer run of them; a value
 * continued past the end is no fault).  0 when it takes all of them. */
guint policy_refused_line(const char *text, gsize len)
{
	GArray *ends = g_array_new(FALSE, FALSE, sizeof(gsize));
	guint lo = 1, hi;

	for (gsize i = 0; i < len; i++)
		if (text[i] == '\n' || i + 1 == len) {
			gsize end = i + 1;

			g_array_append_val(ends, end);
		}
	hi = ends->len + 1;
	while (lo < hi) {
		guint mid = lo + (hi - lo) / 2;

		if (refused(text, g_array_index(ends, gsize, mid - 1)))
			hi = mid;
		else
			lo = mid + 1;
	}
	hi = ends->len;
	g_array_free(ends, TRUE);
	return lo <= hi ? lo : 0;
}
