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

	if (!f)
		return failf(QUILL_ERROR_USAGE, "mail info: cannot open %s: %s", path, g_strerror(errno));
	if ((s->len && fwrite(s->str, 1, s->len, f) != s->len) | (fclose(f) != 0))
		return failf(QUILL_ERROR_OUTSIDE, "mail info: cannot write %s: %s", path,
			     g_strerror(errno));
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

/* The options other than the charset, as given. */
struct info_opts {
	gboolean keep, brackets, msgid, scissors, no_scissors, no_inbody;
	char *quoted_cr;
};

/* The options for mailinfo_split: -1, else the usage error's exit code. */
static int make_options(struct ctx *ctx, const struct info_opts *io, struct mailinfo_options *o)
{
	mailinfo_options_init(o);
	o->keep_subject = io->keep;
	o->keep_brackets = io->brackets;
	o->message_id = io->msgid;
	o->scissors = io->scissors && !io->no_scissors;
	o->inbody_headers = !io->no_inbody;
	o->charset = charset_choice;
	o->warn = print_warning;
	o->warn_payload = (void *)ctx->name;
	if (!io->quoted_cr || !strcmp(io->quoted_cr, "warn"))
		o->quoted_cr = MAILINFO_QUOTED_CR_WARN;
	else if (!strcmp(io->quoted_cr, "nowarn"))
		o->quoted_cr = MAILINFO_QUOTED_CR_NOWARN;
	else if (!strcmp(io->quoted_cr, "strip"))
		o->quoted_cr = MAILINFO_QUOTED_CR_STRIP;
	else
		return usage_error(ctx, "--quoted-cr: '%s' is not warn, nowarn or strip", io->quoted_cr);
	return -1;
}

/* The info block to standard output, then the problem git would exit 1
 * on, if any; the exit code. */
static int print_info(struct ctx *ctx, const struct mailinfo_result *r)
{
	if (fwrite(r->info->str, 1, r->info->len, stdout) != r->info->len || fflush(stdout))
		return failf(QUILL_ERROR_OUTSIDE, "%s: cannot write standard output: %s", ctx->name,
			     g_strerror(errno));
	if (r->problem)
		return failf(QUILL_ERROR_INPUT, "%s: standard input: %s", ctx->name, r->problem);
	return 0;
}

/* Split the mail on standard input into MSG, PATCH and the info block on
 * standard output; the exit code. */
static int split_stdin(struct ctx *ctx, const struct mailinfo_options *o, const char *msg,
		       const char *patch)
{
	struct mailinfo_result r = { 0 };
	GString *in = read_stdin();
	GError *e = NULL;
	int rc;

	if (!in)
		return failf(QUILL_ERROR_OUTSIDE, "%s: cannot read standard input: %s", ctx->name,
			     g_strerror(errno));
	if (!mailinfo_split(in->str, in->len, o, &r, &e)) {
		qerr_prefix(&e, "%s: standard input", ctx->name);
		rc = fail(e);
	} else if (!(rc = write_output(msg, r.msg)) && !(rc = write_output(patch, r.patch))) {
		rc = print_info(ctx, &r);
	}
	mailinfo_result_clear(&r);
	g_string_free(in, TRUE);
	return rc;
}

int cmd_mail_info(int argc, char **argv, struct ctx *ctx)
{
	struct mailinfo_options o;
	struct info_opts io = { 0 };
	GOptionEntry entries[] = {
		{ "keep-subject", 'k', 0, G_OPTION_ARG_NONE, &io.keep,
		  "Print the Subject as it is, [PATCH] and all", NULL },
		{ "keep-non-patch", 'b', 0, G_OPTION_ARG_NONE, &io.brackets,
		  "Drop only the [...] groups that hold \"PATCH\" from the Subject", NULL },
		{ "message-id", 'm', 0, G_OPTION_ARG_NONE, &io.msgid,
		  "End the message with a Message-Id: line (when there is a patch)", NULL },
		{ "utf8", 'u', G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK, opt_utf8,
		  "Re-code the info and the message to UTF-8 (the default)", NULL },
		{ "no-recode", 'n', G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK, opt_no_recode,
		  "Re-code nothing: keep the mail's bytes", NULL },
		{ "encoding", 0, G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK, opt_encoding,
		  "Re-code to CHARSET instead of UTF-8, as git's manual says (git 2.39 itself ignores the option and re-codes nothing)",
		  "CHARSET" },
		{ "scissors", 0, 0, G_OPTION_ARG_NONE, &io.scissors,
		  "Drop the message above a scissors line (-- >8 --)", NULL },
		{ "no-scissors", 0, 0, G_OPTION_ARG_NONE, &io.no_scissors,
		  "Ignore scissors lines (the default)", NULL },
		{ "no-inbody-headers", 0, 0, G_OPTION_ARG_NONE, &io.no_inbody,
		  "Take no From:, Subject: or Date: from the top of the body", NULL },
		{ "quoted-cr", 0, 0, G_OPTION_ARG_STRING, &io.quoted_cr,
		  "Body text decoded from base64 or quoted-printable has CRLF lines: warn (the default), nowarn, or strip (every CRLF line of the body then ends in LF)",
		  "ACTION" },
		G_OPTION_ENTRY_NULL
	};
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
	if (rc < 0 && argc != 3)
		rc = usage_error(ctx, "give MSG and PATCH, and the mail on standard input");
	if (rc < 0 && (rc = make_options(ctx, &io, &o)) < 0)
		rc = split_stdin(ctx, &o, argv[1], argv[2]);
	g_free(io.quoted_cr);
	g_free(charset_given);
	charset_given = NULL;
	return rc;
}
