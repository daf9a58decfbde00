/* mailinfo.c - `git mailinfo`'s split of a patch mail: the walk.
 *
 * The mail is read line by line, as git reads it from stdin:
 *
 *   1. The header block: folded lines unfolded (each continuation's first
 *      blank becomes a space, trailing blanks go), From/Subject/Date kept
 *      (a later one replaces an earlier one), Content-Type (boundary,
 *      charset), Content-Transfer-Encoding and Message-ID noted.
 *   2. The body, one line at a time; in a multipart mail, everything
 *      outside the parts is skipped and each part's own header block read
 *      (it can fill a From/Subject/Date the mail lacks).  Quoted-printable
 *      and base64 lines are decoded and re-cut at their newlines.
 *   3. Each body line goes to the commit message until the patch breaks
 *      in ("---", "diff -", "Index: "), and to the patch after that.  At
 *      the top of the message, in-body From:/Subject:/Date: lines (and a
 *      "[PATCH] subject" line) are taken as headers; they win over the
 *      mail's only when there is a patch.  With --scissors a scissors
 *      line throws away what came before it.
 *   4. The info block from the headers kept.
 *
 * One quirk of git's reading matters to the outputs and is kept: once a
 * read has hit the end of the input, the next read fails without clearing
 * the line buffer, so a mail that ends inside its header block hands its
 * last header line (unfolded, without newline) to the body once more.
 */
#include "mail/mailinfo-private.h"
#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const field_name[MI_NFIELDS] = { "From", "Subject", "Date" };

gboolean mi_fail(struct mi *mi, const char *fmt, ...)
{
	va_list ap;

	mi->failed = TRUE;
	if (!mi->problem) {
		va_start(ap, fmt);
		mi->problem = g_strdup_vprintf(fmt, ap);
		va_end(ap);
	}
	return FALSE;
}

void mailinfo_options_init(struct mailinfo_options *o)
{
	memset(o, 0, sizeof *o);
	o->inbody_headers = TRUE;
	o->charset = "UTF-8";
	o->quoted_cr = MAILINFO_QUOTED_CR_WARN;
}

/* ---- reading, as stdio does it ---- */

/* The next line with its newline (the last may lack one).  At the end:
 * FALSE, and the line emptied, unless an earlier read already hit the end
 * (then the line is left alone). */
static gboolean read_line(struct mi_reader *r, GString *line)
{
	const char *nl, *stop;

	if (r->eof)
		return FALSE;
	g_string_truncate(line, 0);
	if (r->p >= r->end) {
		r->eof = TRUE;
		return FALSE;
	}
	nl = memchr(r->p, '\n', r->end - r->p);
	stop = nl ? nl + 1 : r->end;
	g_string_append_len(line, r->p, stop - r->p);
	r->p = stop;
	if (!nl)
		r->eof = TRUE;
	return TRUE;
}

/* The same without the newline. */
static gboolean read_line_lf(struct mi_reader *r, GString *line)
{
	if (!read_line(r, line))
		return FALSE;
	if (line->len && line->str[line->len - 1] == '\n')
		g_string_truncate(line, line->len - 1);
	return TRUE;
}

/* The next byte, not taken; EOF at the end (which counts as hitting it). */
static int peek_byte(struct mi_reader *r)
{
	if (r->eof || r->p >= r->end) {
		r->eof = TRUE;
		return EOF;
	}
	return (unsigned char)*r->p;
}

static void rtrim(GString *s)
{
	gsize n = s->len;

	while (n > 0 && mi_isspace(s->str[n - 1]))
		n--;
	g_string_truncate(s, n);
}

/* ---- header lines ---- */

/* RFC 5322's loosest field name (printable ASCII but ':') up to a colon;
 * mbox "From " lines count too. */
static gboolean is_header_line(const char *s)
{
	if (g_str_has_prefix(s, "From ") || g_str_has_prefix(s, ">From "))
		return TRUE;
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == ':')
			return TRUE;
		if (c < 33 || c > 126)
			return FALSE;
	}
	return FALSE;
}

/* One header line, unfolded, into line: TRUE.  FALSE at the end of the
 * header block, with line holding the line that ended it (trailing blanks
 * trimmed, newline added). */
static gboolean read_header_line(struct mi *mi, GString *line)
{
	GString *cont;

	if (!read_line_lf(&mi->in, line))
		return FALSE;
	rtrim(line);
	if (!line->len || !is_header_line(line->str)) {
		g_string_append_c(line, '\n');
		return FALSE;
	}
	cont = g_string_new(NULL);
	for (;;) {
		int c = peek_byte(&mi->in);

		if (c != ' ' && c != '\t')
			break;
		if (!read_line_lf(&mi->in, cont))
			break;
		cont->str[0] = ' ';
		rtrim(cont);
		g_string_append_len(line, cont->str, cont->len);
	}
	g_string_free(cont, TRUE);
	return TRUE;
}

/* "Name:" (any case) at the start of line: the value after the colon and
 * its leading blanks. */
static const char *header_value(const char *line, const char *name)
{
	gsize n = strlen(name);

	if (g_ascii_strncasecmp(line, name, n) || line[n] != ':')
		return NULL;
	line += n + 1;
	while (mi_isspace(*line))
		line++;
	return line;
}

/* Case-insensitive strstr (ASCII). */
static const char *find_nocase(const char *hay, const char *needle)
{
	gsize n = strlen(needle);

	for (; *hay; hay++)
		if (!g_ascii_strncasecmp(hay, needle, n))
			return hay;
	return NULL;
}

/* The value of `name` (e.g. "charset=") anywhere in a Content-Type value,
 * quoted or up to ';' or a blank, into attr (emptied first).  FALSE when
 * absent. */
static gboolean content_attr(const char *value, const char *name, GString *attr)
{
	const char *p = find_nocase(value, name);

	g_string_truncate(attr, 0);
	if (!p)
		return FALSE;
	p += strlen(name);
	if (*p == '"') {
		p++;
		g_string_append_len(attr, p, strcspn(p, "\""));
	} else {
		g_string_append_len(attr, p, strcspn(p, "; \t"));
	}
	return TRUE;
}

static void content_type(struct mi *mi, const char *value)
{
	GString *b = g_string_new(NULL);

	if (content_attr(value, "boundary=", b)) {
		if (mi->top + 1 >= MI_BOUNDARY_SLOTS) {
			mi_fail(mi, "too many nested multipart boundaries");
			g_string_free(b, TRUE);
			return;
		}
		g_string_prepend(b, "--");
		mi->boundary[++mi->top] = b;
		b = NULL;
	}
	content_attr(value, "charset=", mi->charset);
	if (b)
		g_string_free(b, TRUE);
}

/* Note what a header line tells: into hdr[] (replacing what is there only
 * when overwrite), or the MIME fields.  FALSE when it tells nothing. */
static gboolean check_header(struct mi *mi, const GString *line, GString **hdr, gboolean overwrite)
{
	const char *v;
	GString *value;

	for (int i = 0; i < MI_NFIELDS; i++) {
		if ((hdr[i] && !overwrite) || !(v = header_value(line->str, field_name[i])))
			continue;
		value = g_string_new(v);
		mi_decode_header(mi, value);
		if (hdr[i])
			g_string_free(hdr[i], TRUE);
		hdr[i] = value;
		return TRUE;
	}
	if ((v = header_value(line->str, "Content-Type"))) {
		value = g_string_new(v);
		mi_decode_header(mi, value);
		content_type(mi, value->str);
	} else if ((v = header_value(line->str, "Content-Transfer-Encoding"))) {
		value = g_string_new(v);
		mi_decode_header(mi, value);
		if (find_nocase(value->str, "base64"))
			mi->encoding = MI_TE_BASE64;
		else if (find_nocase(value->str, "quoted-printable"))
			mi->encoding = MI_TE_QP;
		else
			mi->encoding = MI_TE_NONE;
	} else if ((v = header_value(line->str, "Message-ID"))) {
		value = g_string_new(v);
		mi_decode_header(mi, value);
		if (mi->o->message_id) {
			g_free(mi->message_id);
			mi->message_id = g_strdup(value->str);
		}
	} else {
		return FALSE;
	}
	g_string_free(value, TRUE);
	return TRUE;
}

/* ---- in-body headers ---- */

static void flush_inbody_header(struct mi *mi)
{
	if (!mi->accum->len)
		return;
	check_header(mi, mi->accum, mi->body_hdr, FALSE);
	g_string_truncate(mi->accum, 0);
}

/* Is line an in-body header (or a continuation of one)?  Taken if so. */
static gboolean inbody_header(struct mi *mi, const GString *line)
{
	if (mi->accum->len && (line->str[0] == ' ' || line->str[0] == '\t')) {
		if (mi->o->scissors && mailinfo_is_scissors_line(line->str)) {
			flush_inbody_header(mi);
			return FALSE;
		}
		if (mi->accum->str[mi->accum->len - 1] == '\n')
			g_string_truncate(mi->accum, mi->accum->len - 1);
		g_string_append_len(mi->accum, line->str, line->len);
		return TRUE;
	}
	flush_inbody_header(mi);
	/* the "From <sha> Mon Sep 17 00:00:00 2001" of a patch mail pasted
	 * into the body, escaped by the mbox */
	if (g_str_has_prefix(line->str, ">From") && mi_isspace(line->str[5]))
		return mi_is_format_patch_separator(line->str + 1, line->len - 1);
	if (g_str_has_prefix(line->str, "[PATCH]") && mi_isspace(line->str[7])) {
		if (mi->body_hdr[MI_SUBJECT])
			g_string_free(mi->body_hdr[MI_SUBJECT], TRUE);
		mi->body_hdr[MI_SUBJECT] = g_string_new_len(line->str, line->len);
		return TRUE;
	}
	for (int i = 0; i < MI_NFIELDS; i++) {
		if (!mi->body_hdr[i] && header_value(line->str, field_name[i])) {
			g_string_append_len(mi->accum, line->str, line->len);
			return TRUE;
		}
	}
	return FALSE;
}

/* ---- the message and the patch ---- */

/* A line of the commit message; TRUE when the patch starts with it. */
static gboolean message_line(struct mi *mi, GString *line)
{
	if (mi->header_stage && (!line->len || (line->len == 1 && line->str[0] == '\n'))) {
		/* blank lines before the message go; one after in-body
		 * headers ends them */
		if (mi->accum->len) {
			flush_inbody_header(mi);
			mi->header_stage = FALSE;
		}
		return FALSE;
	}
	if (mi->o->inbody_headers && mi->header_stage) {
		mi->header_stage = inbody_header(mi, line);
		if (mi->header_stage)
			return FALSE;
	} else {
		mi->header_stage = FALSE;
	}
	if (!mi_recode(mi, line, mi->charset->str))
		return FALSE;
	if (mi->o->scissors && mailinfo_is_scissors_line(line->str)) {
		/* start again below the line, in-body headers included */
		g_string_truncate(mi->log, 0);
		mi->header_stage = TRUE;
		for (int i = 0; i < MI_NFIELDS; i++) {
			if (mi->body_hdr[i])
				g_string_free(mi->body_hdr[i], TRUE);
			mi->body_hdr[i] = NULL;
		}
		return FALSE;
	}
	if (mailinfo_is_patch_break(line->str, line->len)) {
		if (mi->message_id)
			g_string_append_printf(mi->log, "Message-Id: %s\n", mi->message_id);
		return TRUE;
	}
	g_string_append_len(mi->log, line->str, line->len);
	return FALSE;
}

static void body_line(struct mi *mi, GString *line)
{
	if (line->len >= 2 && line->str[line->len - 2] == '\r' && line->str[line->len - 1] == '\n') {
		if (mi->encoding != MI_TE_NONE)
			mi->quoted_cr = TRUE;
		if (mi->o->quoted_cr == MAILINFO_QUOTED_CR_STRIP)
			g_string_erase(line, line->len - 2, 1);
	}
	if (!mi->in_patch) {
		if (!message_line(mi, line))
			return;
		mi->in_patch = TRUE;
	}
	g_string_append_len(mi->patch, line->str, line->len);
	mi->patch_lines++;
}

static void report_quoted_cr(struct mi *mi)
{
	if (mi->quoted_cr && mi->o->quoted_cr == MAILINFO_QUOTED_CR_WARN && mi->o->warn)
		mi->o->warn(mi->o->warn_payload, "quoted CRLF detected");
	mi->quoted_cr = FALSE;
}

/* ---- multipart ---- */

static gboolean is_boundary(const struct mi *mi, const GString *line)
{
	const GString *b = mi->boundary[mi->top];

	return b && b->len <= line->len && !memcmp(line->str, b->str, b->len);
}

/* Skip to the next line that is the current boundary. */
static gboolean find_boundary(struct mi *mi, GString *line)
{
	while (read_line_lf(&mi->in, line))
		if (is_boundary(mi, line))
			return TRUE;
	return FALSE;
}

/* At a boundary line: leave the multiparts it closes, read the next
 * part's header block, and put the part's first line in line.  FALSE when
 * nothing of the body is left to read. */
static gboolean next_part(struct mi *mi, GString *line)
{
	GString *nl = g_string_new("\n");
	gboolean more = FALSE;

	for (;;) {
		GString *b = mi->boundary[mi->top];

		if (line->len < b->len + 2 || memcmp(line->str + b->len, "--", 2))
			break;
		/* "--boundary--": this multipart ends; on to the enclosing one */
		g_string_free(b, TRUE);
		mi->boundary[mi->top] = NULL;
		if (--mi->top < 0) {
			mi->top = 0;
			mi_fail(mi, "mismatched multipart boundaries");
			goto out;
		}
		/* the closing line counts as an empty line of text, but
		 * only for the first multipart closed here (git's quirk:
		 * the nested ones that close with it give nothing) */
		body_line(mi, nl);
		g_string_truncate(nl, 0);
		if (mi->failed || !find_boundary(mi, line))
			goto out;
	}
	mi->encoding = MI_TE_NONE;
	g_string_truncate(mi->charset, 0);
	while (read_header_line(mi, line))
		check_header(mi, line, mi->main_hdr, FALSE);
	if (read_line_lf(&mi->in, line)) {
		g_string_append_c(line, '\n');
		more = TRUE;
	}
out:
	g_string_free(nl, TRUE);
	return more;
}

/* ---- the body ---- */

static void body(struct mi *mi, GString *line)
{
	GString *prev = g_string_new(NULL);
	GString *piece = g_string_new(NULL);

	if (mi->boundary[mi->top] && !find_boundary(mi, line))
		goto out;
	do {
		if (is_boundary(mi, line)) {
			if (prev->len) {
				body_line(mi, prev);
				g_string_truncate(prev, 0);
			}
			report_quoted_cr(mi);
			if (!next_part(mi, line))
				goto out;
		}
		if (mi->encoding == MI_TE_NONE) {
			body_line(mi, line);
		} else {
			/* a decoded line may hold several lines, or part of
			 * one (a soft break): cut at the newlines, keep the
			 * rest for the next */
			gsize at = 0;

			mi_decode_line(mi, line);
			g_string_prepend_len(line, prev->str, prev->len);
			g_string_truncate(prev, 0);
			while (at < line->len) {
				const char *nl = memchr(line->str + at, '\n', line->len - at);
				gsize end = nl ? (gsize)(nl - line->str) + 1 : line->len;

				if (!nl) {
					g_string_append_len(prev, line->str + at, end - at);
					break;
				}
				g_string_truncate(piece, 0);
				g_string_append_len(piece, line->str + at, end - at);
				body_line(mi, piece);
				at = end;
			}
		}
		if (mi->failed)
			break;
	} while (read_line(&mi->in, line));
	if (prev->len)
		body_line(mi, prev);
	report_quoted_cr(mi);
	flush_inbody_header(mi);
out:
	g_string_free(piece, TRUE);
	g_string_free(prev, TRUE);
}

/* ---- the info block ---- */

/* A header's value as git prints it (up to a NUL). */
static void put_field(GString *out, const char *name, const char *value)
{
	g_string_append_printf(out, "%s: %s\n", name, value);
}

static void write_info(struct mi *mi, GString *out)
{
	GString *name = g_string_new(NULL), *email = g_string_new(NULL);

	for (int i = 0; i < MI_NFIELDS; i++) {
		GString *h = mi->patch_lines && mi->body_hdr[i] ? mi->body_hdr[i] : mi->main_hdr[i];

		if (!h)
			continue;
		if (memchr(h->str, '\0', h->len))
			mi_fail(mi, "a NUL byte in '%s' is not allowed", field_name[i]);
		if (i == MI_SUBJECT) {
			const char *p = h->str, *nl;

			if (!mi->o->keep_subject)
				mailinfo_clean_subject(h, mi->o->keep_brackets);
			/* with -k, a subject holding newlines (from "=0A") is
			 * one Subject: line each */
			while ((nl = strchr(p, '\n'))) {
				g_string_append_printf(out, "Subject: %.*s\n", (int)(nl - p), p);
				p = nl + 1;
			}
			put_field(out, "Subject", p);
		} else if (i == MI_FROM) {
			mi_squeeze_space(h);
			mi_parse_from_len(h->str, h->len, name, email);
			put_field(out, "Author", name->str);
			put_field(out, "Email", email->str);
		} else {
			mi_squeeze_space(h);
			put_field(out, field_name[i], h->str);
		}
	}
	g_string_append_c(out, '\n');
	g_string_free(name, TRUE);
	g_string_free(email, TRUE);
}

/* ---- the whole ---- */

static void mi_clear(struct mi *mi)
{
	for (int i = 0; i < MI_NFIELDS; i++) {
		if (mi->main_hdr[i])
			g_string_free(mi->main_hdr[i], TRUE);
		if (mi->body_hdr[i])
			g_string_free(mi->body_hdr[i], TRUE);
	}
	for (int i = 0; i < MI_BOUNDARY_SLOTS; i++)
		if (mi->boundary[i])
			g_string_free(mi->boundary[i], TRUE);
	g_free(mi->message_id);
	g_string_free(mi->charset, TRUE);
	g_string_free(mi->accum, TRUE);
	if (mi->log)
		g_string_free(mi->log, TRUE);
	if (mi->patch)
		g_string_free(mi->patch, TRUE);
	g_free(mi->problem);
}

gboolean mailinfo_split(const char *data, gsize len, const struct mailinfo_options *o,
			struct mailinfo_result *out, GError **error)
{
	struct mi mi = { .o = o };
	GString *line;
	const char *p = data, *end = data + len;
	guint headers = 0;

	memset(out, 0, sizeof *out);
	/* git skips the blanks before the mail */
	while (p < end && mi_isspace(*p))
		p++;
	if (p == end)
		return qerr(error, QUILL_ERROR_INPUT, "empty input: no mail to split");
	mi.in = (struct mi_reader){ p, end, FALSE };
	mi.charset = g_string_new(NULL);
	mi.accum = g_string_new(NULL);
	mi.log = g_string_new(NULL);
	mi.patch = g_string_new(NULL);
	mi.header_stage = TRUE;
	line = g_string_new(NULL);
	while (read_header_line(&mi, line)) {
		check_header(&mi, line, mi.main_hdr, TRUE);
		headers++;
	}
	if (!headers) {
		g_string_free(line, TRUE);
		mi_clear(&mi);
		return qerr(error, QUILL_ERROR_INPUT, "not a mail: it does not start with a header field");
	}
	body(&mi, line);
	g_string_free(line, TRUE);
	out->info = g_string_new(NULL);
	write_info(&mi, out->info);
	out->msg = mi.log;
	out->patch = mi.patch;
	out->problem = mi.problem;
	mi.log = mi.patch = NULL;
	mi.problem = NULL;
	mi_clear(&mi);
	return TRUE;
}

void mailinfo_result_clear(struct mailinfo_result *r)
{
	if (r->info)
		g_string_free(r->info, TRUE);
	if (r->msg)
		g_string_free(r->msg, TRUE);
	if (r->patch)
		g_string_free(r->patch, TRUE);
	g_free(r->problem);
	memset(r, 0, sizeof *r);
}
