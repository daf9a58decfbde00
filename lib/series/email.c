/* email.c - patch mails as git format-patch and b4 write them: the mbox
 * "From " line, headers (RFC 2047 and folding by GMime), the in-body From,
 * the part below "---", footers and signature. */
#include "series/email.h"
#include "core/date.h"
#include "git/ident.h"

#include <gmime/gmime.h>
#include <string.h>

/* git's default patch name limit (format.filenameMaxLength = 64) leaves
 * this much for "NNNN-slug" once ".patch" and one more byte are taken. */
#define EMAIL_NAME_MAX (64 - (int)(sizeof ".patch" - 1) - 1)

static gboolean is_ascii(const char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s >= 0x80)
			return FALSE;
	return TRUE;
}

static void ensure_newline(GString *s)
{
	if (s->len && s->str[s->len - 1] != '\n')
		g_string_append_c(s, '\n');
}

/* Append `name: value` for free text: RFC 2047 encoded where needed (as
 * UTF-8) and folded. */
static void text_header(GString *out, GMimeFormatOptions *fo, const char *name, const char *value)
{
	char *enc = g_mime_utils_header_encode_text(fo, value, "UTF-8");
	char *line = g_strdup_printf("%s: %s", name, enc);
	char *folded = g_mime_utils_unstructured_header_fold(NULL, fo, line);

	g_string_append(out, folded);
	ensure_newline(out);
	g_free(folded);
	g_free(line);
	g_free(enc);
}

/* Make every display name of a list encode as UTF-8 (GMime would pick the
 * smallest charset that fits, e.g. ISO-8859-1). */
static void set_utf8(InternetAddressList *list)
{
	for (int i = 0; i < internet_address_list_length(list); i++) {
		InternetAddress *ia = internet_address_list_get_address(list, i);

		internet_address_set_charset(ia, "UTF-8");
		if (INTERNET_ADDRESS_IS_GROUP(ia))
			set_utf8(internet_address_group_get_members(INTERNET_ADDRESS_GROUP(ia)));
	}
}

/* Append `name: addresses`, display names encoded and the line folded
 * between addresses; text that holds no address goes out as free text. */
static void address_header(GString *out, GMimeFormatOptions *fo, const char *name,
			   const char *value)
{
	InternetAddressList *list = internet_address_list_parse(NULL, value);

	if (!list || internet_address_list_length(list) == 0) {
		text_header(out, fo, name, value);
	} else {
		/* GMime folds counting from the start of the string it is given */
		GString *line = g_string_new(NULL);

		set_utf8(list);
		g_string_append_printf(line, "%s: ", name);
		internet_address_list_encode(list, fo, line);
		g_string_append_len(out, line->str, line->len);
		ensure_newline(out);
		g_string_free(line, TRUE);
	}
	if (list)
		g_object_unref(list);
}

gboolean email_one_mailbox(const char *value)
{
	InternetAddressList *list = internet_address_list_parse(NULL, value);
	gboolean one = list && internet_address_list_length(list) == 1 &&
		       INTERNET_ADDRESS_IS_MAILBOX(internet_address_list_get_address(list, 0));

	if (list)
		g_object_unref(list);
	return one;
}

static void strv_header(GString *out, GMimeFormatOptions *fo, const char *name, char **v)
{
	char *joined;

	if (!v || !*v)
		return;
	joined = g_strjoinv(", ", v);
	address_header(out, fo, name, joined);
	g_free(joined);
}

/* "<a> <b>" from "a b" (ids given with or without <>). */
static char *id_list(const char *ids)
{
	char **v = g_strsplit_set(ids, " \t\n", -1);
	GString *s = g_string_new(NULL);

	for (char **p = v; *p; p++) {
		if (!**p)
			continue;
		if (s->len)
			g_string_append_c(s, ' ');
		if (**p == '<')
			g_string_append(s, *p);
		else
			g_string_append_printf(s, "<%s>", *p);
	}
	g_strfreev(v);
	return g_string_free(s, FALSE);
}

static void date_header(GString *out, gint64 when, int offset)
{
	GDateTime *utc = date_utc(when);
	GTimeZone *tz = g_time_zone_new_offset(offset * 60);
	GDateTime *local = tz && utc ? g_date_time_to_timezone(utc, tz) : NULL;
	char *s = g_mime_utils_header_format_date(local ? local : utc);

	g_string_append_printf(out, "Date: %s\n", s);
	g_free(s);
	if (local)
		g_date_time_unref(local);
	if (tz)
		g_time_zone_unref(tz);
	g_date_time_unref(utc);
}

/* Everything from the "From:" header to the blank line ending the headers. */
static void headers(GString *out, const struct email_opts *o, const char *subject,
		    gboolean eight_bit)
{
	GMimeFormatOptions *fo = g_mime_format_options_new();
	char *full = o->subject_prefix && *o->subject_prefix
			     ? g_strdup_printf("%s %s", o->subject_prefix, subject)
			     : g_strdup(subject);

	address_header(out, fo, "From", o->sender ? o->sender : "");
	date_header(out, o->date, o->date_offset);
	text_header(out, fo, "Subject", full);
	strv_header(out, fo, "To", o->to);
	strv_header(out, fo, "Cc", o->cc);
	if (o->msgid)
		g_string_append_printf(out, "Message-ID: <%s>\n", o->msgid);
	if (o->in_reply_to)
		g_string_append_printf(out, "In-Reply-To: <%s>\n", o->in_reply_to);
	if (o->references && *o->references) {
		char *ids = id_list(o->references);
		char *line = g_strdup_printf("References: %s", ids);
		char *folded = g_mime_utils_structured_header_fold(NULL, fo, line);

		g_string_append(out, folded);
		ensure_newline(out);
		g_free(folded);
		g_free(line);
		g_free(ids);
	}
	if (o->change_id)
		g_string_append_printf(out, "X-Change-ID: %s\n", o->change_id);
	if (eight_bit)
		g_string_append(out, "MIME-Version: 1.0\n"
				     "Content-Type: text/plain; charset=UTF-8\n"
				     "Content-Transfer-Encoding: 8bit\n");
	g_string_append_c(out, '\n');
	g_free(full);
	g_mime_format_options_free(fo);
}

static void signature(GString *body, const struct email_opts *o)
{
	if (o->signature)
		g_string_append_printf(body, "-- \n%s\n\n", o->signature);
}

/* Append `text` without its trailing blank lines, then "\n" */
static void append_trimmed(GString *s, const char *text)
{
	gsize n = strlen(text);

	while (n && (text[n - 1] == '\n' || text[n - 1] == ' ' || text[n - 1] == '\t'))
		n--;
	g_string_append_len(s, text, n);
	g_string_append_c(s, '\n');
}

char *email_patch(const struct commit_patch *p, const struct email_opts *o)
{
	GString *body = g_string_new(NULL);
	GString *out = g_string_new(NULL);
	char *author = g_strdup_printf("%s <%s>", p->author_name, p->author_email);

	if (!o->sender || !ident_same(o->sender, author))
		g_string_append_printf(body, "From: %s\n\n", author);
	g_string_append(body, p->body);
	ensure_newline(body);
	g_string_append(body, "---\n");
	if (o->below_cut && *o->below_cut) {
		append_trimmed(body, o->below_cut);
		g_string_append_c(body, '\n');
	}
	if (p->diffstat && *p->diffstat) {
		g_string_append(body, p->diffstat);
		ensure_newline(body);
		g_string_append_c(body, '\n');
	}
	if (p->diff) {
		g_string_append(body, p->diff);
		ensure_newline(body);
	}
	if (o->footer && *o->footer) {
		g_string_append(body, "---\n");
		g_string_append(body, o->footer);
		ensure_newline(body);
		if (o->signature)
			g_string_append_c(body, '\n');
	}
	signature(body, o);

	g_string_append_printf(out, "From %s Mon Sep 17 00:00:00 2001\n", git_oid_tostr_s(&p->oid));
	headers(out, o, p->subject, !is_ascii(body->str));
	g_string_append_len(out, body->str, body->len);
	g_string_free(body, TRUE);
	g_free(author);
	return g_string_free(out, FALSE);
}

char *email_cover(const char *subject, const char *text, const struct email_opts *o)
{
	GString *body = g_string_new(text);
	GString *out = g_string_new("From 0000000000000000000000000000000000000000 "
				    "Mon Sep 17 00:00:00 2001\n");

	ensure_newline(body);
	if (o->signature)
		signature(body, o);
	else
		g_string_append_c(body, '\n');	/* the blank line that ends an mbox message */
	headers(out, o, subject, !is_ascii(body->str));
	g_string_append_len(out, body->str, body->len);
	g_string_free(body, TRUE);
	return g_string_free(out, FALSE);
}

/* The middle of a b4 change-id "YYYYMMDD-<middle>-<12 hex>", or the whole
 * id when it has another shape. */
static char *change_id_middle(const char *change_id)
{
	gsize n = strlen(change_id);
	const char *start = change_id, *end = change_id + n;
	gboolean dated = n > 9 && change_id[8] == '-';

	for (int i = 0; dated && i < 8; i++)
		dated = g_ascii_isdigit(change_id[i]);
	if (dated)
		start += 9;
	if (end - start > 13 && end[-13] == '-') {
		gboolean hex = TRUE;
		for (const char *q = end - 12; q < end; q++)
			hex = hex && g_ascii_isxdigit(*q);
		if (hex)
			end -= 13;
	}
	if (end <= start)
		return g_strdup("patch");
	return g_strndup(start, (gsize)(end - start));
}

char *email_message_id(const char *change_id, int version, int index, gint64 date,
		       const char *seed, const char *sender)
{
	GDateTime *dt = date_utc(date);
	char *day = g_date_time_format(dt, "%Y%m%d");
	char *middle = change_id_middle(change_id ? change_id : "");
	char *name = NULL, *addr = NULL, *input, *hex, *out;
	const char *at, *domain = "localhost";
	GString *dom = g_string_new(NULL);

	if (sender && ident_split(sender, &name, &addr) && (at = strrchr(addr, '@')) && at[1])
		domain = at + 1;
	for (const char *q = domain; *q; q++)	/* keep what a msg-id may hold */
		if (g_ascii_isalnum(*q) || strchr(".-_", *q))
			g_string_append_c(dom, *q);
	if (!dom->len)
		g_string_append(dom, "localhost");
	input = g_strdup_printf("%s\n%d\n%" G_GINT64_FORMAT "\n%s", change_id ? change_id : "",
				version, date, seed ? seed : "");
	hex = g_compute_checksum_for_string(G_CHECKSUM_SHA256, input, -1);
	out = g_strdup_printf("%s-%s-v%d-%d-%.12s@%s", day, middle, version, index, hex, dom->str);
	g_free(hex);
	g_free(input);
	g_string_free(dom, TRUE);
	g_free(name);
	g_free(addr);
	g_free(middle);
	g_free(day);
	g_date_time_unref(dt);
	return out;
}

char *email_sibling_id(const char *sent, int version, int index)
{
	char *tag = g_strdup_printf("-v%d-", version);
	const char *at = strrchr(sent, '@'), *out = NULL, *p;

	/* the last "-vN-K-HEX" before the domain */
	for (p = strstr(sent, tag); at && p && p < at; p = strstr(p + 1, tag)) {
		const char *k = p + strlen(tag), *q = k, *hex;

		while (g_ascii_isdigit(*q))
			q++;
		if (q == k || *q != '-')
			continue;
		for (hex = ++q; g_ascii_isxdigit(*q); q++)
			;
		if (q == at && q - hex >= 8)
			out = k;
	}
	g_free(tag);
	if (!out)
		return NULL;
	p = strchr(out, '-');
	return g_strdup_printf("%.*s%d%s", (int)(out - sent), sent, index, p);
}

char *email_file_name(int index, const char *subject)
{
	GString *s;
	char *slug;

	if (index == 0)
		return g_strdup("0000-cover-letter.patch");
	slug = commit_subject_slug(subject ? subject : "");
	s = g_string_new(NULL);
	g_string_append_printf(s, "%04d-%s", index, slug);
	if (s->len > EMAIL_NAME_MAX)
		g_string_truncate(s, EMAIL_NAME_MAX);
	g_string_append(s, ".patch");
	g_free(slug);
	return g_string_free(s, FALSE);
}

/* A line that `git shortlog` starts a group with: "Name (N):". */
static gboolean shortlog_head(const char *line, gsize n)
{
	gsize i;

	if (n < 5 || line[n - 1] != ':' || line[n - 2] != ')')
		return FALSE;
	i = n - 3;
	if (!g_ascii_isdigit(line[i]))
		return FALSE;
	while (i > 0 && g_ascii_isdigit(line[i]))
		i--;
	return line[i] == '(' && i > 1 && line[i - 1] == ' ';
}

char *email_cover_message(const char *body)
{
	const char *p = body, *cut = NULL;

	while (*p && !cut) {
		const char *nl = strchr(p, '\n');
		gsize n = nl ? (gsize)(nl - p) : strlen(p);

		if (!strncmp(p, "-- ", 3) && n == 3) {
			cut = p;
		} else if (n == 3 && !strncmp(p, "---", 3) && nl) {
			const char *next = nl + 1, *nl2 = strchr(next, '\n');
			gsize m = nl2 ? (gsize)(nl2 - next) : strlen(next);

			if (shortlog_head(next, m) || !strncmp(next, "base-commit: ", 13))
				cut = p;
		}
		p = nl ? nl + 1 : p + n;
	}
	{
		gsize len = cut ? (gsize)(cut - body) : strlen(body);
		while (len && (body[len - 1] == '\n' || body[len - 1] == ' ' || body[len - 1] == '\t'))
			len--;
		return g_strndup(body, len);
	}
}
