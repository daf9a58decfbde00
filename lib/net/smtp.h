/* smtp.h - sending mail: SMTP and SMTPS through libcurl, or a local
 * sendmail-style command, one message at a time over one connection.
 *
 * The configuration comes from git config: quill.smtpServer,
 * quill.smtpServerPort, quill.smtpUser, quill.smtpEncryption (tls or
 * starttls = STARTTLS, ssl or smtps = SMTPS, none or empty), quill.smtpDomain
 * (the EHLO name), quill.smtpCAInfo (a CA file, or a directory of them),
 * quill.smtpSSLVerify (default true), quill.from, each falling back to git
 * send-email's sendemail.smtpServer, smtpServerPort, smtpUser,
 * smtpEncryption, smtpDomain, smtpSSLCertPath (set but empty: do not
 * verify, as git send-email reads it), smtpSSLVerify (none: true),
 * sendemail.from, then user.name/user.email.  A server given as an absolute
 * path (sendemail.smtpServer = /usr/sbin/sendmail), or quill.sendmailCmd /
 * sendemail.sendmailCmd, means a command the message is piped to
 * ("CMD -i -f FROM RCPT..." run through /bin/sh, the addresses passed as
 * words, never parsed by the shell).  The quill.* keys are looked at first:
 * quill.sendmailCmd or quill.smtpServer win over every sendemail.* key.
 *
 * Without smtpEncryption: none for a loopback server, SMTPS when the port
 * is 465, else STARTTLS.  The port's default: 465 for SMTPS, 587 for
 * STARTTLS, 25 without TLS.  STARTTLS is required unless the server is on
 * loopback (127.0.0.0/8, ::1, localhost) or smtpEncryption says none
 * explicitly for a loopback server; a non-loopback server without TLS is
 * refused.  TLS certificates are always verified unless smtpSSLVerify is
 * false.  The password comes from git's credential helper (`git credential
 * fill`, protocol smtp, host:port, user) or ~/.netrc; it is never put in
 * an error, a warning or a log.
 */
#ifndef QUILL_SMTP_H
#define QUILL_SMTP_H

#include <git2.h>
#include <glib.h>

struct smtp_config {
	char *url;		/* "smtp://host:port" or "smtps://host:port"; NULL with sendmail */
	char *sendmail;		/* the command, or NULL for SMTP */
	char *host;		/* for messages and the credential helper */
	char *user;		/* AUTH user, or NULL: no AUTH */
	char *domain;		/* EHLO name, or NULL: "localhost" */
	char *cainfo;		/* CA bundle file, or NULL: the system's */
	gboolean starttls;	/* STARTTLS required (smtp:// only) */
	gboolean verify;	/* verify the peer's certificate and name */
	gboolean loopback;	/* the server is on this machine */
	char *from;		/* "Name <addr>": the sender */
	char *from_addr;	/* its address alone: the envelope sender */
	long timeout_ms;	/* per step; 0: 60 s (QUILL_SMTP_TIMEOUT_MS overrides) */
	char *git_dir;		/* the repository whose credential.* helpers are asked
				 * (NULL: the current directory's) */
	gboolean interactive;	/* git credential may prompt on the terminal (FALSE
				 * after smtp_config_load: a command sets it) */
};

/* Fill *out from the repository's config (see above).  Errors:
 * QUILL_ERROR_USAGE when no server is configured ("set quill.smtpServer
 * or sendemail.smtpServer"), QUILL_ERROR_INPUT for a value that is not
 * right (port, encryption, from address), naming the key; a non-loopback
 * server without TLS is QUILL_ERROR_INPUT.  Free with smtp_config_clear. */
gboolean smtp_config_load(struct smtp_config *out, git_repository *repo, GError **error);
void smtp_config_clear(struct smtp_config *c);

/* A one-line description for --dry-run and messages: "smtp://host:587
 * (STARTTLS, user dev)" or "sendmail: /usr/sbin/sendmail -i"; never a
 * password (caller owns). */
char *smtp_config_describe(const struct smtp_config *c);

struct smtp_session;

/* Open a session (the connection is made at the first send; the password
 * is asked of the credential helper then, once, and given back to it as
 * approved or rejected after AUTH).  Free with smtp_close. */
struct smtp_session *smtp_open(const struct smtp_config *c);
void smtp_close(struct smtp_session *ss);

enum smtp_outcome {
	SMTP_SENT,	/* the server answered 250 to the end of DATA */
	SMTP_NOT_SENT,	/* refused or failed before the message's content went
			 * out, or refused by the server's answer to it: safe to
			 * send again */
	SMTP_IN_DOUBT,	/* the content went out but no answer came (connection
			 * lost, timeout): the server may or may not have it */
};

/* Called once per message, right before its content goes to the server
 * (the server has accepted MAIL FROM, every RCPT TO and DATA); a FALSE
 * return aborts that message as SMTP_NOT_SENT.  For sendmail: before the
 * command is started. */
typedef gboolean (*smtp_before_data_fn)(void *payload);

/* Send one message: `wire` is the message as it goes on the wire (CRLF
 * line ends, no mbox "From " line; see mail/wire.h), `rcpts` the envelope
 * recipients' bare addresses (NULL-terminated, at least one).  Returns the
 * outcome; *reply_out (caller owns; may be NULL) gets the server's last
 * answer ("250 2.0.0 Ok: queued as 12") or the command's exit status.
 * With SMTP_NOT_SENT and SMTP_IN_DOUBT, *error says why (QUILL_ERROR_OUTSIDE;
 * QUILL_ERROR_INPUT when the server refused a recipient or the message:
 * 5xx, naming the address).
 *
 * SMTP: SMTP_SENT when libcurl completes; SMTP_NOT_SENT when anything
 * failed before the content started (connection, TLS, AUTH, MAIL FROM,
 * RCPT TO, DATA, before_data) or the server answered the content with a
 * 4xx/5xx; SMTP_IN_DOUBT when the content started and no answer came
 * (connection lost, timeout).  A sendmail command: exit 0 SMTP_SENT,
 * another exit SMTP_NOT_SENT, killed by a signal (or the shell's 128 + N)
 * SMTP_IN_DOUBT once the whole message was written to it, else
 * SMTP_NOT_SENT; *reply_out is "exit status N" or "killed by signal N". */
enum smtp_outcome smtp_send(struct smtp_session *ss, const char *const *rcpts, const char *wire,
			    gsize len, smtp_before_data_fn before_data, void *payload,
			    char **reply_out, GError **error);

#endif
