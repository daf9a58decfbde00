/* thanks-send.c - sending the thank-you mails (see thanks-send.h).
 * (Until net/smtp lands: sending is refused; -o DIR and --dry-run work.) */
#include "series/thanks-send.h"

#include "core/error.h"

gboolean thanks_sender_open(struct thanks_sender **out, git_repository *repo, char **server,
			    GError **error)
{
	*out = NULL;
	*server = NULL;
	return qerr(error, QUILL_ERROR_USAGE, "sending is not built yet: give -o DIR or --dry-run");
}

gboolean thanks_sender_send(struct thanks_sender *s, const char *text, const char *name,
			    GError **error)
{
	return qerr(error, QUILL_ERROR_USAGE, "sending is not built yet");
}

void thanks_sender_close(struct thanks_sender *s)
{
}
