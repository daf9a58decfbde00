/* mail-info.c - quill mail info: git mailinfo's split of one mail. */
#include "cmd.h"
#include "core/error.h"
#include "mail/mailinfo.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* -u, -n and --encoding set one thing, the last one given winning (as in
 * git), so they are callbacks; GOption hands main-group callbacks no
 * user data, hence the file-level slot. */
static const char *charset_choice;
static char *charset_given;

static gboolean opt_utf8(const char *name, const char *value, gpointer data, GError **error)
{
	charset_choice = "UTF-8";
	return TRUE;
}

static gboolean opt_no_recode(const char *name, const char *value, gpointer data, GError **error)
{
	charset_choice = NULL;
	return TRUE;
}

static gboolean opt_encoding(const char *name, const char *value, gpointer data, GError **error)
{
	g_free(charset_given);
	charset_given = g_strdup(value);
	charset_choice = charset_given;
	return TRUE;
}

/* The warn_fn for mailinfo: "quill: <command>: warning: ...", the payload
 * being the command's name. */
static void print_warning(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void print_warning(void *payload, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "quill: %s: warning: ", (const char *)payload);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Write a whole file as git does (opened for writing in place, so that
 * MSG may be /dev/null).  Exit code on failure, having said why: 2 when
 * the path cannot be opened (it names no writable place), 4 when writing
 * fails. */
static int write_output(const char *path, const GString *s)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		fprintf(stderr, "quill: mail info: cannot open %s: %s\n", path, g_strerror(errno));
		return 2;
	}
	if ((s->len && fwrite(s->str, 1, s->len, f) != s->len) | (fclose(f) != 0)) {
		fprintf(stderr, "quill: mail info: cannot write %s: %s\n", path, g_strerror(errno));
		return 4;
	}
	return 0;
}

static GString *read_stdin(void)
{
	GString *in = g_string_new(NULL);
	char chunk[65536];
	size_t n;

	while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
		g_string_append_len(in, chunk, n);
	if (ferror(stdin)) {
		g_string_free(in, TRUE);
		return NULL;
	}
	return in;
}

int cmd_mail_info(int argc, char **argv, struct ctx *ctx)
{
	struct mailinfo_options o;
	gboolean keep = FALSE, brackets = FALSE, msgid = FALSE, scissors = FALSE;
	gboolean no_scissors = FALSE, no_inbody = FALSE;
	char *quoted_cr = NULL;
	GOptionEntry entries[] = {
		{ "keep-subject", 'k', 0, G_OPTION_ARG_NONE, &keep,
		  "Print the Subject as it is, [PATCH] and all", NULL },
		{ "keep-non-patch", 'b', 0, G_OPTION_ARG_NONE, &brackets,
		  "Drop only the [...] groups that hold \"PATCH\" from the Subject", NULL },
		{ "message-id", 'm', 0, G_OPTION_ARG_NONE, &msgid,
		  "End the message with a Message-Id: line (when there is a patch)", NULL },
		{ "utf8", 'u', G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK, opt_utf8,
		  "Re-code the info and the message to UTF-8 (the default)", NULL },
		{ "no-recode", 'n', G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK, opt_no_recode,
		  "Re-code nothing: keep the mail's bytes", NULL },
		{ "encoding", 0, G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK, opt_encoding,
		  "Re-code to CHARSET instead of UTF-8, as git's manual says (git 2.39 itself ignores the option and re-codes nothing)",
		  "CHARSET" },
		{ "scissors", 0, 0, G_OPTION_ARG_NONE, &scissors,
		  "Drop the message above a scissors line (-- >8 --)", NULL },
		{ "no-scissors", 0, 0, G_OPTION_ARG_NONE, &no_scissors,
		  "Ignore scissors lines (the default)", NULL },
		{ "no-inbody-headers", 0, 0, G_OPTION_ARG_NONE, &no_inbody,
		  "Take no From:, Subject: or Date: from the top of the body", NULL },
		{ "quoted-cr", 0, 0, G_OPTION_ARG_STRING, &quoted_cr,
		  "Body text decoded from base64 or quoted-printable has CRLF lines: warn (the default), nowarn, or strip (every CRLF line of the body then ends in LF)",
		  "ACTION" },
		G_OPTION_ENTRY_NULL
	};
	struct mailinfo_result r = { 0 };
	GString *in = NULL;
	GError *e = NULL;
	int rc;

	charset_choice = "UTF-8";
	rc = opt_parse(ctx, &argc, &argv, "MSG PATCH < MAIL",
		       "Splits one mail as 'git mailinfo MSG PATCH' (2.39) does: the commit\n"
		       "message to MSG, the patch to PATCH (both files are written, maybe empty),\n"
		       "and the info block (Author:, Email:, Subject:, Date:, then a blank line)\n"
		       "to standard output.  In-body From:, Subject: and Date: lines at the top\n"
		       "of the body replace the mail's when there is a patch.  No repository is\n"
		       "needed.\n"
		       "\n"
		       "Exit status: 0 done; 2 bad usage, or MSG or PATCH cannot be opened;\n"
		       "3 bad input, in one line on stderr: an empty (or blank) input or one that\n"
		       "does not start with a header field (MSG and PATCH are then left alone;\n"
		       "git exits 1, writing them empty, or takes any text as a body), or a mail\n"
		       "git mailinfo would exit 1 on (an encoded word that does not decode, a\n"
		       "charset iconv does not know, a NUL in a header; MSG, PATCH and the info\n"
		       "are written as git writes them); 4 a write failed.",
		       entries);
	if (rc >= 0)
		goto out;
	if (argc != 3) {
		rc = usage_error(ctx, "give MSG and PATCH, and the mail on standard input");
		goto out;
	}
	mailinfo_options_init(&o);
	o.keep_subject = keep;
	o.keep_brackets = brackets;
	o.message_id = msgid;
	o.scissors = scissors && !no_scissors;
	o.inbody_headers = !no_inbody;
	o.charset = charset_choice;
	o.warn = print_warning;
	o.warn_payload = (void *)ctx->name;
	if (!quoted_cr || !strcmp(quoted_cr, "warn")) {
		o.quoted_cr = MAILINFO_QUOTED_CR_WARN;
	} else if (!strcmp(quoted_cr, "nowarn")) {
		o.quoted_cr = MAILINFO_QUOTED_CR_NOWARN;
	} else if (!strcmp(quoted_cr, "strip")) {
		o.quoted_cr = MAILINFO_QUOTED_CR_STRIP;
	} else {
		rc = usage_error(ctx, "--quoted-cr: '%s' is not warn, nowarn or strip", quoted_cr);
		goto out;
	}
	if (!(in = read_stdin())) {
		fprintf(stderr, "quill: %s: cannot read standard input: %s\n", ctx->name,
			g_strerror(errno));
		rc = 4;
		goto out;
	}
	if (!mailinfo_split(in->str, in->len, &o, &r, &e)) {
		qerr_prefix(&e, "%s: standard input", ctx->name);
		rc = fail(e);
		goto out;
	}
	if ((rc = write_output(argv[1], r.msg)) || (rc = write_output(argv[2], r.patch)))
		goto out;
	if (fwrite(r.info->str, 1, r.info->len, stdout) != r.info->len || fflush(stdout)) {
		fprintf(stderr, "quill: %s: cannot write standard output: %s\n", ctx->name,
			g_strerror(errno));
		rc = 4;
		goto out;
	}
	if (r.problem) {
		fprintf(stderr, "quill: %s: standard input: %s\n", ctx->name, r.problem);
		rc = 3;
		goto out;
	}
	rc = 0;
out:
	mailinfo_result_clear(&r);
	if (in)
		g_string_free(in, TRUE);
	g_free(quoted_cr);
	g_free(charset_given);
	charset_given = NULL;
	return rc;
}
