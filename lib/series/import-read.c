/* import-read.c - an export directory read back, checked (import-read.h). */
#include "series/import-read.h"
#include "core/error.h"
#include "core/file.h"
#include "git/ident.h"

#include <errno.h>
#include <gmime/gmime.h>
#include <string.h>
#include <sys/stat.h>

int export_read(const char *dir, const char *rel, char **data, gsize *len, GError **error)
{
	char *path = g_build_filename(dir, rel, NULL);
	int r = file_read_hostile(path, EXPORT_TEXT_MAX, data, len, error);

	g_free(path);
	return r;
}

/* The line (from 1) where key is set in [group] of a .conf text, the last
 * one if it is set twice (the one GKeyFile keeps); 0 if none. */
static int conf_line(const char *text, const char *group, const char *key)
{
	gboolean in = FALSE;
	int line = 0, found = 0;
	size_t klen = strlen(key);

	for (const char *p = text; *p; line++) {
		const char *nl = strchr(p, '\n');
		const char *end = nl ? nl : p + strlen(p), *q = p;

		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (*q == '[') {
			const char *close = memchr(q, ']', end - q);
			in = close && (size_t)(close - q - 1) == strlen(group) &&
			     !memcmp(q + 1, group, close - q - 1);
		} else if (in && (size_t)(end - q) > klen && !memcmp(q, key, klen)) {
			const char *r = q + klen;
			while (r < end && (*r == ' ' || *r == '\t'))
				r++;
			if (r < end && *r == '=')
				found = line + 1;
		}
		p = nl ? nl + 1 : end;
	}
	return found;
}

gboolean export_conf_int(const char *path, const char *text, GKeyFile *kf, const char *group,
			 const char *key, int min, int max, int *out, GError **error)
{
	char *value = g_key_file_get_value(kf, group, key, NULL);
	gint64 n;
	gboolean ok;

	if (!value)
		return TRUE;
	ok = g_ascii_string_to_signed(g_strstrip(value), 10, min, max, &n, NULL);
	if (ok)
		*out = (int)n;
	else
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: %s=%s is not a number from %d to %d", path,
		     conf_line(text, group, key), key, value, min, max);
	g_free(value);
	return ok;
}

gboolean export_conf_branch(const char *path, const char *text, const char *group,
			    const char *key, const char *branch, GError **error)
{
	int valid = 0;

	if (git_branch_name_is_valid(&valid, branch) < 0 || !valid)
		return qerr(error, QUILL_ERROR_INPUT, "%s:%d: %s=%s is not a valid branch name", path,
			    conf_line(text, group, key), key, branch);
	return TRUE;
}

static gint cmp_str(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

gboolean export_patch_files(GPtrArray **out, const char *dir, const char *sub, GError **error)
{
	char *path = g_build_filename(dir, sub, NULL);
	GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
	struct stat st;
	GDir *d = NULL;
	const char *n;
	gboolean ok = TRUE;

	*out = NULL;
	if (lstat(path, &st) < 0) {
		if (errno != ENOENT)
			ok = qerr(error, QUILL_ERROR_OUTSIDE, "cannot read %s: %s", path,
				  g_strerror(errno));
	} else if (!S_ISDIR(st.st_mode)) {
		ok = qerr(error, QUILL_ERROR_INPUT, "%s: %s, not a directory", path, file_kind(st.st_mode));
	} else if (!(d = g_dir_open(path, 0, NULL))) {
		ok = qerr(error, QUILL_ERROR_OUTSIDE, "cannot read %s: %s", path, g_strerror(errno));
	}
	while (ok && d && (n = g_dir_read_name(d))) {
		char *f;

		if (!g_str_has_suffix(n, ".patch") || !g_ascii_isdigit(n[0]) || !strncmp(n, "0000-", 5))
			continue;
		f = g_build_filename(path, n, NULL);
		if (lstat(f, &st) < 0)
			ok = qerr(error, QUILL_ERROR_OUTSIDE, "cannot read %s: %s", f, g_strerror(errno));
		else if (!S_ISREG(st.st_mode))
			ok = qerr(error, QUILL_ERROR_INPUT, "%s: %s, not a regular file", f,
				  file_kind(st.st_mode));
		g_ptr_array_add(a, f);
	}
	if (d)
		g_dir_close(d);
	g_free(path);
	if (!ok) {
		g_ptr_array_unref(a);
		return FALSE;
	}
	g_ptr_array_sort(a, cmp_str);
	*out = a;
	return TRUE;
}

void mail_patch_release(struct mail_patch *m)
{
	g_free(m->author_name);
	g_free(m->author_email);
	g_free(m->message);
	g_free(m->diff);
	memset(m, 0, sizeof *m);
}

/* Drop leading "[...]" groups from a subject. */
static const char *strip_prefix(const char *s)
{
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s != '[' || !strchr(s, ']'))
			return s;
		s = strchr(s, ']') + 1;
	}
}

static gboolean line_is(const char *p, const char *end, const char *what)
{
	size_t n = strlen(what);
	const char *e = p + n;

	if ((size_t)(end - p) < n || memcmp(p, what, n))
		return FALSE;
	while (e < end && (*e == ' ' || *e == '\t' || *e == '\r'))
		e++;
	return e == end;
}

/* Read one exported patch back as the commit it was made from.  Not
 * mailinfo_split (mail/mailinfo.h): git mailinfo's rules would change the
 * commit (an author name over 60 bytes becomes the address, "Re:" and runs
 * of blanks go from the subject, a message line starting "diff -" or
 * "Index: " ends the message), where an import must give it back as it was. */
gboolean export_parse_mail(struct mail_patch *out, const char *path, GError **error)
{
	char *data = NULL;
	gsize len;
	gboolean ok;

	memset(out, 0, sizeof *out);
	switch (file_read_hostile(path, EXPORT_PATCH_MAX, &data, &len, error)) {
	case 0:
		return qerr(error, QUILL_ERROR_INPUT, "%s: missing", path);
	case -1:
		return FALSE;
	}
	ok = export_parse_mail_data(out, path, data, len, error);
	g_free(data);
	return ok;
}

/* Past the mbox "From " line, whose commit id goes to out->orig. */
static const char *past_from_line(struct mail_patch *out, const char *data, gsize len)
{
	const char *sp = data + 5, *nl;

	if (len <= 5 || memcmp(data, "From ", 5))
		return data;
	if (len > 45 && strspn(sp, "0123456789abcdef") == GIT_OID_HEXSZ)
		memcpy(out->orig, sp, GIT_OID_HEXSZ);
	nl = strchr(data, '\n');
	return nl ? nl + 1 : data + len;
}

/* The author and date of the mail's From: and Date: into out; FALSE (no
 * error set) when it has no Subject: or no mailbox in From:. */
static gboolean read_header(struct mail_patch *out, GMimeMessage *msg, const char **subject)
{
	InternetAddressList *from;
	InternetAddress *ia;
	GDateTime *dt;

	if (!msg || !(*subject = g_mime_message_get_subject(msg)) ||
	    !(from = g_mime_message_get_from(msg)) || internet_address_list_length(from) < 1 ||
	    !INTERNET_ADDRESS_IS_MAILBOX((ia = internet_address_list_get_address(from, 0))))
		return FALSE;
	out->author_name = g_strdup(internet_address_get_name(ia) ? internet_address_get_name(ia) : "");
	out->author_email = g_strdup(internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(ia)));
	if ((dt = g_mime_message_get_date(msg))) {
		out->time = g_date_time_to_unix(dt);
		out->offset = (int)(g_date_time_get_utc_offset(dt) / G_TIME_SPAN_MINUTE);
	}
	return TRUE;
}

/* Past an in-body "From: " line (and the blank line after it), whose
 * author replaces out's. */
static const char *past_body_from(struct mail_patch *out, const char *p)
{
	const char *nl = strchr(p, '\n');
	char *line, *n, *e;

	if (!g_str_has_prefix(p, "From: "))
		return p;
	line = g_strndup(p + 6, nl ? (gsize)(nl - p - 6) : strlen(p + 6));
	if (nl && nl[1] == '\n' && ident_split(line, &n, &e)) {
		g_free(out->author_name);
		g_free(out->author_email);
		out->author_name = n;
		out->author_email = e;
		p = nl + 2;
	}
	g_free(line);
	return p;
}

/* The body at p split: the message ends at "---"; the diff runs from
 * "diff --git" to the last "-- " signature line. */
static void split_body(const char *p, GString *body, GString *diff)
{
	gboolean in_diff = FALSE;
	gsize sig = G_MAXSIZE;	/* where the signature starts in diff (an offset:
				 * appending moves diff->str) */

	while (*p) {
		const char *nl = strchr(p, '\n');
		const char *end = nl ? nl : p + strlen(p);
		gsize n = (nl ? nl + 1 : end) - p;

		if (!in_diff && !diff->len && line_is(p, end, "---")) {
			in_diff = TRUE;
		} else if (in_diff && !diff->len && !g_str_has_prefix(p, "diff --git ")) {
			/* diffstat and notes below the cut */
		} else if (in_diff) {
			if (line_is(p, end, "-- "))
				sig = diff->len;
			g_string_append_len(diff, p, n);
		} else {
			g_string_append_len(body, p, n);
		}
		p += n;
	}
	if (sig != G_MAXSIZE)
		g_string_truncate(diff, sig);
	g_strchomp(body->str);
	body->len = strlen(body->str);
	while (body->len && body->str[0] == '\n')
		g_string_erase(body, 0, 1);
}

gboolean export_parse_mail_data(struct mail_patch *out, const char *path, const char *data,
				gsize len, GError **error)
{
	char *text = NULL;
	const char *start;
	GMimeStream *stream = NULL;
	GMimeParser *parser = NULL;
	GMimeMessage *msg = NULL;
	GMimeObject *part;
	GString *body, *diff;
	const char *subject = NULL;

	memset(out, 0, sizeof *out);
	start = past_from_line(out, data, len);
	stream = g_mime_stream_mem_new_with_buffer(start, len - (start - data));
	parser = g_mime_parser_new_with_stream(stream);
	msg = g_mime_parser_construct_message(parser, NULL);
	if (!read_header(out, msg, &subject))
		qerr(error, QUILL_ERROR_INPUT, "%s: not a patch mail (no Subject: or From:)", path);
	else if (!(part = g_mime_message_get_mime_part(msg)) || !GMIME_IS_TEXT_PART(part) ||
		 !(text = g_mime_text_part_get_text(GMIME_TEXT_PART(part))))
		qerr(error, QUILL_ERROR_INPUT, "%s: no text body", path);
	if (text) {
		body = g_string_new(NULL);
		diff = g_string_new(NULL);
		split_body(past_body_from(out, text), body, diff);
		out->message = body->len ? g_strdup_printf("%s\n\n%s\n", strip_prefix(subject),
							   body->str)
					 : g_strdup_printf("%s\n", strip_prefix(subject));
		out->diff = g_string_free(diff, FALSE);
		g_string_free(body, TRUE);
		g_free(text);
	}
	if (msg)
		g_object_unref(msg);
	g_object_unref(parser);
	g_object_unref(stream);
	if (!out->message)
		mail_patch_release(out);
	return out->message != NULL;
}


static void export_tag_free(struct export_tag *t)
{
	g_free(t->name);
	g_free(t);
}

/* NULL when an import may create refs/tags/NAME, else why not. */
static const char *tag_refused(const char *name)
{
	char *ref = g_strconcat("refs/tags/", name, NULL);
	int valid = 0;

	if (git_reference_name_is_valid(&valid, ref) < 0)
		valid = 0;
	g_free(ref);
	if (!valid || name[0] == '-')
		return "is not a valid tag name";
	if (!strcmp(name, "HEAD"))
		return "is refused: a tag named HEAD would shadow HEAD";
	if (!strcmp(name, "quill") || g_str_has_prefix(name, "quill/"))
		return "is refused: the tags under quill/ are the series' own";
	return NULL;
}

gboolean export_upstream_tags(GPtrArray **out, const char *dir, GError **error)
{
	char *path = g_build_filename(dir, "upstream", "tags", NULL);
	char *text = NULL;
	gsize len;
	gboolean ok = TRUE;

	*out = NULL;
	switch (file_read_hostile(path, EXPORT_TEXT_MAX, &text, &len, error)) {
	case -1:
		ok = FALSE;
		break;
	case 0:
		*out = g_ptr_array_new_with_free_func((GDestroyNotify)export_tag_free);
		break;
	default:
		ok = export_parse_tags(out, path, text, error);
	}
	g_free(text);
	g_free(path);
	return ok;
}

gboolean export_parse_tags(GPtrArray **out, const char *path, const char *text, GError **error)
{
	GPtrArray *a = g_ptr_array_new_with_free_func((GDestroyNotify)export_tag_free);
	gboolean ok = TRUE;
	char **lines;

	*out = NULL;
	lines = g_strsplit(text, "\n", -1);
	for (int i = 0; ok && lines[i]; i++) {
		const char *l = lines[i], *sp = strchr(l, ' ');
		struct export_tag *t;
		const char *why;

		if (!*l)
			continue;
		if (!sp || strlen(sp + 1) != GIT_OID_HEXSZ ||
		    strspn(sp + 1, "0123456789abcdef") != GIT_OID_HEXSZ) {
			ok = qerr(error, QUILL_ERROR_INPUT, "%s:%d: not a line \"NAME OID\"", path, i + 1);
			break;
		}
		t = g_new0(struct export_tag, 1);
		t->name = g_strndup(l, sp - l);
		memcpy(t->orig, sp + 1, GIT_OID_HEXSZ);
		g_ptr_array_add(a, t);
		if ((why = tag_refused(t->name)))
			ok = qerr(error, QUILL_ERROR_INPUT, "%s:%d: tag '%s' %s", path, i + 1, t->name, why);
	}
	g_strfreev(lines);
	if (!ok) {
		g_ptr_array_unref(a);
		return FALSE;
	}
	*out = a;
	return TRUE;
}
