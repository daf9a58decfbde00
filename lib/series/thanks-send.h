/* thanks-send.h - the thank-you mails of series thanks sent one by one
 * over one connection (net/smtp.h), each checked first (mail/wire.h).
 */
#ifndef QUILL_SERIES_THANKS_SEND_H
#define QUILL_SERIES_THANKS_SEND_H

#include <git2.h>
#include <glib.h>

struct thanks_sender;

/* Open a sender from the repository's config (smtp_config_load); *server
 * (caller owns) gets its description.  The errors of smtp_config_load.
 * Free with thanks_sender_close (NULL allowed). */
gboolean thanks_sender_open(struct thanks_sender **out, git_repository *repo, char **server,
			    GError **error);

/* Send one mail (an mbox message, LF line ends) to the addresses of its
 * To: and Cc:.  `name` names it in errors.  FALSE: a mail wire_check
 * refuses (QUILL_ERROR_INPUT), the server refused or failed
 * (QUILL_ERROR_OUTSIDE; in doubt: the error says so). */
gboolean thanks_sender_send(struct thanks_sender *s, const char *text, const char *name,
			    GError **error);
void thanks_sender_close(struct thanks_sender *s);

#endif
