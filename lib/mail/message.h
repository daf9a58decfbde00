/* message.h - one mail: its header fields found without copying, values
 * unfolded and RFC 2047-decoded on request (GMime), Message-IDs and
 * references pulled out for threading.
 *
 * message_parse looks only at the header block, so scanning a mailbox for
 * threads pays nothing for bodies nobody reads.  The message points into the
 * bytes it was parsed from; they must outlive it.
 */
#ifndef QUILL_MESSAGE_H
#define QUILL_MESSAGE_H

#include <glib.h>

struct message_field {
	const char *name;	/* points into the message */
	gsize name_len;
	const char *value;	/* raw: after the colon, continuation lines included */
	gsize value_len;
};

/* The fields every reader asks for: message_field finds their first
 * occurrence without a scan. */
enum message_known {
	MESSAGE_F_MESSAGE_ID, MESSAGE_F_IN_REPLY_TO, MESSAGE_F_REFERENCES, MESSAGE_F_SUBJECT,
	MESSAGE_F_FROM, MESSAGE_F_DATE, MESSAGE_F_X_CHANGE_ID, MESSAGE_F_CONTENT_TYPE,
	MESSAGE_F_KNOWN
};

struct message {
	const char *data;	/* the whole message (borrowed) */
	gsize len;
	gsize body;		/* offset of the body (after the blank line), or len */
	GArray *fields;		/* struct message_field, in order */
	gboolean truncated;	/* the header block never ended */
	int known[MESSAGE_F_KNOWN];	/* index in fields of each known name, or -1 */
};

/* Parse the header block of data[0..len).  Never fails: what is not a
 * header ends the header block (as git mailinfo takes it).  Free with
 * message_free. */
struct message *message_parse(const char *data, gsize len);
void message_free(struct message *m);

/* The same into m, reusing its storage (a hot path: a mailbox scan parses
 * into one message again and again); m NULL makes a new one.  Returns m. */
struct message *message_parse_into(struct message *m, const char *data, gsize len);

/* The first field NAME (case-insensitive), or NULL (borrowed). */
const struct message_field *message_field(const struct message *m, const char *name);

/* The value of the first field NAME, unfolded (continuation line breaks
 * removed, as RFC 5322 says) and trimmed; NULL when absent (caller owns). */
char *message_get(const struct message *m, const char *name);

/* The same with RFC 2047 encoded words decoded, as valid UTF-8 (bytes that
 * are not are replaced): the text of a header to show or compare; NULL when
 * absent (caller owns). */
char *message_get_decoded(const struct message *m, const char *name);

/* The Message-ID without <>, or NULL (caller owns). */
char *message_msgid(const struct message *m);

/* The Message-IDs of References, in order, without <>; In-Reply-To's first
 * id when References has none (caller owns: g_ptr_array_unref). */
GPtrArray *message_references(const struct message *m);

/* The first id of In-Reply-To, without <>, or NULL (caller owns). */
char *message_in_reply_to(const struct message *m);

/* The id a message without a Message-ID goes by: "nomsgid.N@quill.invalid",
 * N its 1-based position among the messages read (caller owns). */
char *message_nomsgid(guint position);

/* The Date as seconds since the epoch, or 0 when absent, unparsable or
 * outside the years 1..9999 (DATE_MIN..DATE_MAX, core/date.h). */
gint64 message_date(const struct message *m);

/* The message-ids of a header value: each <...> token, or the whole trimmed
 * value when it has no brackets (caller owns). */
GPtrArray *message_parse_ids(const char *value, gsize len);

/* The same ids appended to buf, each with its NUL, and their offsets in
 * buf to offsets (gsize): no allocation once both have grown.  Returns how
 * many were appended. */
guint message_ids_append(const char *value, gsize len, GString *buf, GArray *offsets);

#endif
