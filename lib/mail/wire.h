/* wire.h - a mail made ready for the wire, and refused when it is not safe
 * to send: the checks every mail passes before SMTP or sendmail gets it.
 *
 *   - every address in From:, To:, Cc:, Bcc:, Reply-To:, Sender: is one
 *     valid RFC 5322 mailbox (no group syntax, no empty list entry);
 *   - no header holds a CR, a LF that does not fold, a NUL or another
 *     control character (no header injection); a header name is printable
 *     ASCII without ':';
 *   - header values are 7-bit ASCII (non-ASCII names must arrive RFC 2047
 *     encoded; the body may be 8-bit when Content-Transfer-Encoding says so);
 *   - no line, header or body, is over 998 octets (RFC 5322 2.1.1);
 *   - exactly one Message-ID: (an <id@host>), Date:, From: and Subject:;
 *     at most one Sender:, To:, Cc:, Bcc:, Reply-To:, In-Reply-To:,
 *     References: and Content-Transfer-Encoding: (a second To: is how an
 *     injected line would add recipients);
 *   - no NUL in the body.
 * A line ends at LF, CRLF or a lone CR (wire_bytes makes each CRLF); a
 * lone CR in a header is a control character.  GMime must be initialised
 * (g_mime_init) before any of these is called.
 */
#ifndef QUILL_WIRE_H
#define QUILL_WIRE_H

#include <glib.h>

/* Check a mail (`text`, `len` bytes; an mbox "From " first line is
 * skipped; LF or CRLF line ends).  `name` names it in the error ("patch
 * 4/10", a file name).  FALSE with QUILL_ERROR_INPUT and one line:
 * "patch 4/10: line 212: over 998 octets (1203)", "cover: Cc: 'c': not one
 * mailbox" (of "Cc: a@b, c"), "cover: To: 'undisclosed-recipients:;': a
 * group, not mailboxes", "patch 2/3: Subject: carries a control character". */
gboolean wire_check(const char *text, gsize len, const char *name, GError **error);

/* The mail as it goes on the wire: the mbox "From " line dropped, every
 * line end CRLF (a lone CR or LF becomes CRLF; a last line without an end
 * gets one), nothing else changed (libcurl does the dot-stuffing).  Caller
 * owns; *len_out gets its size. */
char *wire_bytes(const char *text, gsize len, gsize *len_out);

/* The envelope recipients of a mail: the bare addresses of its To:, Cc:
 * and Bcc: headers, in order, deduplicated case-insensitively (caller
 * owns: NULL-terminated, g_strfreev).  Empty when it has none. */
char **wire_recipients(const char *text, gsize len);

/* Its Message-ID without <>, or NULL (caller owns). */
char *wire_message_id(const char *text, gsize len);

#endif
