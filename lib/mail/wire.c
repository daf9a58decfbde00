/* wire.c - the checks a mail passes before it goes on the wire, its bytes
 * with CRLF line ends, its envelope recipients and its Message-ID.
 *
 * The lines and the header fields are scanned here (a line ends at LF,
 * CRLF or a lone CR, as wire_bytes makes each of them CRLF); the addresses
 * are read by GMime.  GMime is lenient where a sender must not be: it
 * drops an empty list entry ("a@b,,c@d") and makes two mailboxes of
 * "x <a@b> y", so each entry is also counted (list_entries) and must be
 * one mailbox on its own. */
#include "mail/wire.h"
#include "core/error.h"

#include <gmime/gmime.h>
#include <string.h>

#define WIRE_LINE_MAX 998

enum line_end { END_NONE, END_LF, END_CRLF, END_CR };

struct line {
	const char *p;
	gsize len;		/* without its end */
	enum line_end end;
	guint no;		/* 1-based, in the text given */
};

struct field {
	char *name;		/* as written */
	GString *value;		/* unfolded (the line breaks of the folds taken out) */
	guint line;
	gboolean fold_first;	/* a folded line with no field before it */
	gboolean bad_end;	/* a lone CR ends one of its lines */
	gboolean no_colon;	/* a line that is no "Name: value" */
	gboolean name_nul;	/* a NUL in the name */
};

struct mail_scan {
	GPtrArray *fields;	/* struct field* */
	gsize body;		/* offset of the body (after the blank line), or len */
	guint body_line;	/* the body's first line number */
};

/* The line at *pos (FALSE at the end); *pos moves past its end. */
static gboolean next_line(const char *text, gsize len, gsize *pos, guint *no, struct line *l)
{
	gsize i = *pos;

	if (i >= len)
		return FALSE;
	l->p = text + i;
	l->no = ++*no;
	while (i < len && text[i] != '\n' && text[i] != '\r')
		i++;
	l->len = (gsize)(text + i - l->p);
	if (i == len)
		l->end = END_NONE;
	else if (text[i] == '\n')
		l->end = END_LF, i++;
	else if (i + 1 < len && text[i + 1] == '\n')
		l->end = END_CRLF, i += 2;
	else
		l->end = END_CR, i++;
	*pos = i;
	return TRUE;
}

/* Where the mail begins: after an mbox "From " line. */
static gsize mail_start(const char *text, gsize len, guint *no)
{
	gsize pos = 0;
	struct line l;

	*no = 0;
	if (len >= 5 && !memcmp(text, "From ", 5))
		next_line(text, len, &pos, no, &l);
	return pos;
}

static void field_free(gpointer p)
{
	struct field *f = p;

	g_free(f->name);
	g_string_free(f->value, TRUE);
	g_free(f);
}

static void scan_clear(struct mail_scan *m)
{
	g_ptr_array_unref(m->fields);
}

/* The header fields (each unfolded) and where the body starts. */
static void scan_header(struct mail_scan *m, const char *text, gsize len)
{
	guint no;
	gsize pos = mail_start(text, len, &no);
	struct line l;
	struct field *f = NULL;

	m->fields = g_ptr_array_new_with_free_func(field_free);
	m->body = len;
	m->body_line = 0;
	while (next_line(text, len, &pos, &no, &l)) {
		if (l.len == 0 && l.end != END_CR) {
			m->body = pos;
			m->body_line = no + 1;
			return;
		}
		if (l.len && (l.p[0] == ' ' || l.p[0] == '\t') && f) {
			g_string_append_len(f->value, l.p, (gssize)l.len);
		} else {
			const char *colon = memchr(l.p, ':', l.len);

			f = g_new0(struct field, 1);
			f->line = l.no;
			f->fold_first = l.len && (l.p[0] == ' ' || l.p[0] == '\t');
			f->no_colon = !colon;
			f->name = g_strndup(l.p, colon ? (gsize)(colon - l.p) : l.len);
			f->name_nul = strlen(f->name) != (colon ? (gsize)(colon - l.p) : l.len);
			f->value = colon ? g_string_new_len(colon + 1, (gssize)(l.p + l.len - colon - 1))
					 : g_string_new(NULL);
			g_ptr_array_add(m->fields, f);
		}
		f->bad_end |= l.end == END_CR;
	}
}

/* A value as one line, blanks at both ends dropped (caller owns). */
static char *field_text(const struct field *f)
{
	return g_strstrip(g_strndup(f->value->str, f->value->len));
}

/* For a message: at most 60 bytes of an entry (checked: 7-bit, no control
 * character but tabs, which become blanks), quoted by the caller. */
static char *shorten(const char *s)
{
	char *r = strlen(s) > 60 ? g_strdup_printf("%.57s...", s) : g_strdup(s);

	g_strdelimit(r, "\t", ' ');
	return r;
}

/* ---- address lists ---- */

/* The entries of an address list, split at the commas outside quoted
 * strings, comments, domain literals and <> (caller owns; blanks kept). */
static char **list_entries(const char *v)
{
	GPtrArray *out = g_ptr_array_new();
	const char *start = v;
	int depth = 0;		/* comment nesting */
	char close = 0;		/* inside "...", [...] or <...>: the closing char */

	for (const char *p = v;; p++) {
		if (*p == '\\' && (close == '"' || depth) && p[1]) {
			p++;
			continue;
		}
		if (!*p || (*p == ',' && !close && !depth)) {
			g_ptr_array_add(out, g_strndup(start, (gsize)(p - start)));
			if (!*p)
				break;
			start = p + 1;
		} else if (close) {
			close = *p == close ? 0 : close;
		} else if (*p == '(') {
			depth++;
		} else if (*p == ')' && depth) {
			depth--;
		} else if (!depth) {
			close = *p == '"' ? '"' : *p == '[' ? ']' : *p == '<' ? '>' : 0;
		}
	}
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}

static InternetAddressList *parse_list(const char *v)
{
	return internet_address_list_parse(NULL, v);
}

/* What GMime takes but RFC 5322 does not, in one entry (GMime's strict
 * mode tells these too, but leaks when it refuses): an '@' in the display
 * name ("a@b <c@d>"), a second '<', a '>' with no '<' ("a@b>"), a '<' not
 * closed, text after the '>' ("x <a@b> y").  Quoted strings and comments
 * are skipped. */
static gboolean entry_shape_ok(const char *e)
{
	gboolean lt = FALSE, gt = FALSE, at_in_name = FALSE, quoted = FALSE;
	int depth = 0;

	for (const char *p = e; *p; p++) {
		if ((quoted || depth) && *p == '\\' && p[1]) {
			p++;
		} else if (quoted) {
			quoted = *p != '"';
		} else if (*p == '(') {
			depth++;
		} else if (depth) {
			depth -= *p == ')';
		} else if (gt) {
			if (*p != ' ' && *p != '\t')
				return FALSE;
		} else if (*p == '"') {
			quoted = TRUE;
		} else if (*p == '<') {
			if (lt)
				return FALSE;
			lt = TRUE;
		} else if (*p == '>') {
			if (!lt)
				return FALSE;
			gt = TRUE;
		} else if (*p == '@' && !lt) {
			at_in_name = TRUE;
		}
	}
	return !quoted && !depth && lt == gt && !(lt && at_in_name);
}

/* local@domain, both parts there, nothing blank or special in it. */
static gboolean plain_addr(const char *a)
{
	const char *at = a ? strrchr(a, '@') : NULL;

	if (!at || at == a || !at[1])
		return FALSE;
	for (const char *p = a; *p; p++)
		if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f || strchr("<>,;", *p))
			return FALSE;
	return TRUE;
}

/* Is the entry one mailbox, as GMime reads it on its own? */
static gboolean one_mailbox(const char *entry)
{
	InternetAddressList *l = entry_shape_ok(entry) ? parse_list(entry) : NULL;
	gboolean one = l && internet_address_list_length(l) == 1;

	if (one) {
		InternetAddress *ia = internet_address_list_get_address(l, 0);

		one = INTERNET_ADDRESS_IS_MAILBOX(ia) &&
		      plain_addr(internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(ia)));
	}
	if (l)
		g_object_unref(l);
	return one;
}

static gboolean has_group(InternetAddressList *l)
{
	for (int i = 0; l && i < internet_address_list_length(l); i++)
		if (INTERNET_ADDRESS_IS_GROUP(internet_address_list_get_address(l, i)))
			return TRUE;
	return FALSE;
}

/* An address field's value: a list of mailboxes (`single`: exactly one),
 * no group, no empty entry. */
static gboolean check_addresses(const char *name, const struct field *f, gboolean single,
				GError **error)
{
	char *v = field_text(f), **entries = NULL, *q = NULL;
	InternetAddressList *l = parse_list(v);
	gboolean ok = FALSE;
	guint n;

	if (!*v) {
		qerr(error, QUILL_ERROR_INPUT, "%s: %s: no address", name, f->name);
		goto out;
	}
	if (has_group(l)) {
		q = shorten(v);
		qerr(error, QUILL_ERROR_INPUT, "%s: %s: '%s': a group, not mailboxes", name, f->name, q);
		goto out;
	}
	entries = list_entries(v);
	n = g_strv_length(entries);
	if (single && n > 1) {
		q = shorten(v);
		qerr(error, QUILL_ERROR_INPUT, "%s: %s: '%s': more than one mailbox", name, f->name, q);
		goto out;
	}
	for (guint i = 0; i < n; i++) {
		g_strstrip(entries[i]);
		if (!*entries[i]) {
			q = shorten(v);
			qerr(error, QUILL_ERROR_INPUT, "%s: %s: '%s': an empty entry in the list",
			     name, f->name, q);
			goto out;
		}
		if (!one_mailbox(entries[i])) {
			q = shorten(entries[i]);
			qerr(error, QUILL_ERROR_INPUT, "%s: %s: '%s': not one mailbox", name, f->name, q);
			goto out;
		}
	}
	ok = TRUE;
out:
	if (l)
		g_object_unref(l);
	g_strfreev(entries);
	g_free(q);
	g_free(v);
	return ok;
}

/* ---- the checks ---- */

static gboolean is_name(const char *n, const char *want)
{
	return !g_ascii_strcasecmp(n, want);
}

/* The name printable ASCII without ':', the value 7-bit and without a
 * control character (a tab is a blank). */
static gboolean check_field_bytes(const char *name, const struct field *f, GError **error)
{
	if (f->fold_first)
		return qerr(error, QUILL_ERROR_INPUT, "%s: line %u: a folded line with no header "
			    "before it", name, f->line);
	if (f->no_colon || !*f->name)
		return qerr(error, QUILL_ERROR_INPUT, "%s: line %u: not a header line (no "
			    "'Name:')", name, f->line);
	for (const char *p = f->name; *p || f->name_nul; p++)	/* a NUL ends it: refused */
		if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f)
			return qerr(error, QUILL_ERROR_INPUT, "%s: line %u: a header name holds "
				    "a blank, a control character or 8-bit bytes", name, f->line);
	if (f->bad_end)
		return qerr(error, QUILL_ERROR_INPUT, "%s: %s: carries a control character (a CR)",
			    name, f->name);
	for (gsize i = 0; i < f->value->len; i++) {
		unsigned char c = (unsigned char)f->value->str[i];

		if ((c < ' ' && c != '\t') || c == 0x7f)
			return qerr(error, QUILL_ERROR_INPUT, "%s: %s: carries a control character",
				    name, f->name);
		if (c >= 0x80)
			return qerr(error, QUILL_ERROR_INPUT, "%s: %s: carries 8-bit bytes (non-ASCII "
				    "must be RFC 2047 encoded)", name, f->name);
	}
	return TRUE;
}

static const char *const address_fields[] = { "From", "Sender", "To", "Cc", "Bcc", "Reply-To", NULL };
static const char *const once_fields[] = { "Message-ID", "Date", "From", "Subject", NULL };
static const char *const at_most_once[] = { "Sender", "To", "Cc", "Bcc", "Reply-To",
					    "In-Reply-To", "References",
					    "Content-Transfer-Encoding", NULL };

static guint count_fields(const struct mail_scan *m, const char *want)
{
	guint n = 0;

	for (guint i = 0; i < m->fields->len; i++)
		n += is_name(((struct field *)g_ptr_array_index(m->fields, i))->name, want);
	return n;
}

/* The counts: exactly one of once_fields, at most one of at_most_once. */
static gboolean check_counts(const char *name, const struct mail_scan *m, GError **error)
{
	for (const char *const *w = once_fields; *w; w++) {
		guint n = count_fields(m, *w);

		if (n != 1)
			return qerr(error, QUILL_ERROR_INPUT, "%s: %s %s header", name,
				    n ? "more than one" : "no", *w);
	}
	for (const char *const *w = at_most_once; *w; w++)
		if (count_fields(m, *w) > 1)
			return qerr(error, QUILL_ERROR_INPUT, "%s: more than one %s header", name, *w);
	return TRUE;
}

static gboolean check_fields(const char *name, const struct mail_scan *m, GError **error)
{
	for (guint i = 0; i < m->fields->len; i++) {
		const struct field *f = g_ptr_array_index(m->fields, i);

		if (!check_field_bytes(name, f, error))
			return FALSE;
		for (const char *const *a = address_fields; *a; a++)
			if (is_name(f->name, *a) &&
			    !check_addresses(name, f, is_name(*a, "From") || is_name(*a, "Sender"),
					     error))
				return FALSE;
		if (is_name(f->name, "Message-ID")) {
			char *v = field_text(f), *id = g_mime_utils_decode_message_id(v);
			gboolean good = id && *id && strchr(id, '@');

			g_free(id);
			g_free(v);
			if (!good)
				return qerr(error, QUILL_ERROR_INPUT, "%s: Message-ID: not <id@host>",
					    name);
		}
	}
	return check_counts(name, m, error);
}

/* Every line at most 998 octets. */
static gboolean check_lengths(const char *text, gsize len, const char *name, GError **error)
{
	guint no = 0;
	gsize pos = 0;
	struct line l;

	while (next_line(text, len, &pos, &no, &l))
		if (l.len > WIRE_LINE_MAX)
			return qerr(error, QUILL_ERROR_INPUT, "%s: line %u: over %d octets (%" G_GSIZE_FORMAT ")",
				    name, l.no, WIRE_LINE_MAX, l.len);
	return TRUE;
}

/* No NUL in the body; 8-bit bytes only under Content-Transfer-Encoding
 * 8bit or binary. */
static gboolean check_body(const char *text, gsize len, const char *name,
			   const struct mail_scan *m, GError **error)
{
	const char *nul = memchr(text + m->body, '\0', len - m->body);
	gboolean eight = FALSE;
	char *cte = NULL;

	if (nul) {
		guint no = m->body_line;

		for (const char *p = text + m->body; p < nul; p++)
			no += *p == '\n' || (*p == '\r' && p[1] != '\n');
		return qerr(error, QUILL_ERROR_INPUT, "%s: line %u: carries a NUL byte", name, no);
	}
	for (gsize i = m->body; i < len && !eight; i++)
		eight = (unsigned char)text[i] >= 0x80;
	if (!eight)
		return TRUE;
	for (guint i = 0; i < m->fields->len && !cte; i++) {
		const struct field *f = g_ptr_array_index(m->fields, i);

		if (is_name(f->name, "Content-Transfer-Encoding"))
			cte = field_text(f);
	}
	eight = !cte || (g_ascii_strcasecmp(cte, "8bit") && g_ascii_strcasecmp(cte, "binary"));
	g_free(cte);
	if (eight)
		return qerr(error, QUILL_ERROR_INPUT, "%s: the body holds 8-bit bytes and "
			    "Content-Transfer-Encoding is not 8bit", name);
	return TRUE;
}

gboolean wire_check(const char *text, gsize len, const char *name, GError **error)
{
	struct mail_scan m;
	gboolean ok;

	if (!check_lengths(text, len, name, error))
		return FALSE;
	scan_header(&m, text, len);
	ok = check_fields(name, &m, error) && check_body(text, len, name, &m, error);
	scan_clear(&m);
	return ok;
}

char *wire_bytes(const char *text, gsize len, gsize *len_out)
{
	guint no;
	gsize pos = mail_start(text, len, &no);
	GString *out = g_string_sized_new(len - pos + len / 32 + 2);
	struct line l;

	while (next_line(text, len, &pos, &no, &l)) {
		g_string_append_len(out, l.p, (gssize)l.len);
		g_string_append_len(out, "\r\n", 2);
	}
	*len_out = out->len;
	return g_string_free(out, FALSE);
}

/* Add the mailboxes of l (and of its groups) to out, once each. */
static void add_addrs(GPtrArray *out, GHashTable *seen, InternetAddressList *l)
{
	for (int i = 0; l && i < internet_address_list_length(l); i++) {
		InternetAddress *ia = internet_address_list_get_address(l, i);
		const char *a;
		char *key;

		if (INTERNET_ADDRESS_IS_GROUP(ia)) {
			add_addrs(out, seen, internet_address_group_get_members(INTERNET_ADDRESS_GROUP(ia)));
			continue;
		}
		a = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(ia));
		if (!a || !*a)
			continue;
		key = g_ascii_strdown(a, -1);
		if (g_hash_table_add(seen, key))
			g_ptr_array_add(out, g_strdup(a));
	}
}

char **wire_recipients(const char *text, gsize len)
{
	struct mail_scan m;
	GPtrArray *out = g_ptr_array_new();
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);

	scan_header(&m, text, len);
	for (guint i = 0; i < m.fields->len; i++) {
		const struct field *f = g_ptr_array_index(m.fields, i);

		if (is_name(f->name, "To") || is_name(f->name, "Cc") || is_name(f->name, "Bcc")) {
			char *v = field_text(f);
			InternetAddressList *l = parse_list(v);

			add_addrs(out, seen, l);
			if (l)
				g_object_unref(l);
			g_free(v);
		}
	}
	scan_clear(&m);
	g_hash_table_unref(seen);
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}

char *wire_message_id(const char *text, gsize len)
{
	struct mail_scan m;
	char *id = NULL;

	scan_header(&m, text, len);
	for (guint i = 0; i < m.fields->len && !id; i++) {
		const struct field *f = g_ptr_array_index(m.fields, i);

		if (is_name(f->name, "Message-ID")) {
			char *v = field_text(f);

			id = g_mime_utils_decode_message_id(v);
			if (id && !*id)
				g_clear_pointer(&id, g_free);
			g_free(v);
		}
	}
	scan_clear(&m);
	return id;
}
