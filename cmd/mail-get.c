/* mail-get.c - quill mail get: whole threads, or what a search finds, from
 * a mail archive (lore, notmuch, a public-inbox mirror, an mbox), as one
 * mboxrd (b4 mbox). */
#include "cmd.h"
#include "core/error.h"
#include "core/file.h"
#include "net/archive.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char get_help[] =
	"Fetches the whole thread each MSGID is in (a Message-ID, with or without\n"
	"<>) from the mail archive --source names and writes them as one mboxrd to\n"
	"standard output, or to FILE with -o (written whole or not at all).  With\n"
	"--change-id or --subject, writes what that search finds instead: every\n"
	"message with the change-id footer, or whose subject holds the text (and,\n"
	"with --from, sent from that address).  A search that finds nothing writes\n"
	"nothing and exits 1.\n"
	"\n"
	"Sources (--source, else quill.source, else lore): lore[:URL] (URL:\n"
	"quill.lore, else b4.midmask without its /%s, else\n"
	"https://lore.kernel.org/all), notmuch[:PATH], mirror:PATH (a public-inbox\n"
	"v2 inbox), mbox:FILE, maildir:DIR.  Answers from lore are cached under\n"
	"$XDG_CACHE_HOME/quill and revalidated; --offline answers from the cache\n"
	"alone, --no-cache neither reads nor writes it.  TLS is always verified\n"
	"unless quill.sslVerify is false.  On a terminal, a progress line goes to\n"
	"standard error.\n"
	"\n"
	ARCHIVE_ENV_HELP "\n"
	"\n"
	"Exit: 0 written; 1 no such thread, or the search found nothing; 2 bad\n"
	"usage; 4 the archive failed (one line naming the URL and the cause).";

struct get_opts {
	char *source, *output, *change_id, *subject, *from;
	gboolean offline, no_cache;
};

static gboolean progress_shown;

/* The progress line on a terminal (ended by progress_end: the lore kind
 * calls it once more with the messages counted). */
static void progress(void *payload, guint done, guint total, guint messages, guint64 bytes)
{
	char *size = g_format_size(bytes);

	(void)payload;
	if (messages)
		fprintf(stderr, "\rquill: fetched %u of %u (%u messages, %s)", done, total,
			messages, size);
	else
		fprintf(stderr, "\rquill: fetched %u of %u (%s)", done, total, size);
	fflush(stderr);
	progress_shown = TRUE;
	g_free(size);
}

/* End the progress line, if there is one, before anything else is said. */
static void progress_end(void)
{
	if (progress_shown)
		fputc('\n', stderr);
	progress_shown = FALSE;
}

/* Fetch the threads of ids[0..n) into out; the exit code, or -1. */
static int get_threads(struct archive *a, char **ids, int n, GString *out)
{
	struct archive_thread *t = g_new0(struct archive_thread, n);
	int rc = -1;
	gboolean ok;
	GError *error = NULL;

	for (int i = 0; i < n; i++) {
		gsize len = strlen(ids[i]);
		t[i].msgid = ids[i];
		if (len >= 2 && ids[i][0] == '<' && ids[i][len - 1] == '>') {
			ids[i][len - 1] = '\0';
			t[i].msgid = ids[i] + 1;
		}
	}
	ok = archive_threads(a, t, (guint)n, &error);
	progress_end();
	if (!ok)
		rc = fail(error);
	for (int i = 0; i < n; i++) {
		if (t[i].error) {
			int cls = fail(t[i].error);	/* fail frees it */
			if (cls > rc)
				rc = cls;
		} else if (t[i].mbox) {
			gsize len;
			const char *d = g_bytes_get_data(t[i].mbox, &len);
			g_string_append_len(out, d, len);
			g_bytes_unref(t[i].mbox);
		}
	}
	g_free(t);
	return rc;
}

static int get_search(struct archive *a, const struct get_opts *o, GString *out)
{
	struct archive_query q = { o->change_id, o->subject, o->from };
	GBytes *mbox = NULL;
	GError *error = NULL;
	gsize len;
	const char *d;
	gboolean ok = archive_search(a, &q, &mbox, &error);

	progress_end();
	if (!ok)
		return fail(error);
	d = g_bytes_get_data(mbox, &len);
	g_string_append_len(out, d, len);
	g_bytes_unref(mbox);
	return len ? -1 : 1;
}

static int write_out(const char *path, const GString *out)
{
	GError *error = NULL;

	if (!path || !strcmp(path, "-")) {
		if (fwrite(out->str, 1, out->len, stdout) != out->len || fflush(stdout))
			return failf(QUILL_ERROR_OUTSIDE, "standard output: write failed");
		return 0;
	}
	if (!file_write_atomic(path, out->str, out->len, &error))
		return fail(error);
	return 0;
}

int cmd_mail_get(int argc, char **argv, struct ctx *ctx)
{
	struct get_opts o = { 0 };
	GOptionEntry entries[] = {
		{ "source", 0, 0, G_OPTION_ARG_STRING, &o.source, "Where to fetch from", "S" },
		{ "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output, "Write to FILE", "FILE" },
		{ "change-id", 0, 0, G_OPTION_ARG_STRING, &o.change_id, "Search by change-id", "ID" },
		{ "subject", 0, 0, G_OPTION_ARG_STRING, &o.subject, "Search by subject", "TEXT" },
		{ "from", 0, 0, G_OPTION_ARG_STRING, &o.from, "With --subject: sent from ADDR", "ADDR" },
		{ "offline", 0, 0, G_OPTION_ARG_NONE, &o.offline, "Answer from the cache alone", NULL },
		{ "no-cache", 0, 0, G_OPTION_ARG_NONE, &o.no_cache, "Do not use the cache", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct archive_opts ao = { 0 };
	struct archive *a = NULL;
	git_repository *repo = NULL;
	gboolean search;
	GString *out = NULL;
	GError *error = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "MSGID... | --change-id ID | --subject TEXT", get_help,
			   entries);

	if (rc >= 0)
		goto done;
	search = o.change_id || o.subject;
	if (search ? argc > 1 : argc < 2) {
		rc = usage_error(ctx, search ? "a search takes no MSGID" : "give a MSGID or a search");
		goto done;
	}
	if (o.from && !o.subject) {
		rc = usage_error(ctx, "--from goes with --subject");
		goto done;
	}
	repo_open(&repo, NULL, NULL);
	ao.offline = o.offline;
	ao.no_cache = o.no_cache;
	ao.warn = warn_print;
	if (isatty(STDERR_FILENO)) {
		ao.progress = progress;
	}
	if (!archive_opts_from_env(&ao, &error) || !archive_open(&a, o.source, repo, &ao, &error)) {
		rc = fail(error);
		goto done;
	}
	out = g_string_new(NULL);
	rc = search ? get_search(a, &o, out) : get_threads(a, argv + 1, argc - 1, out);
	if (out->len) {
		int w = write_out(o.output, out);
		if (w || rc < 0)
			rc = w;
	} else if (rc < 0) {
		rc = 0;
	}
done:
	if (out)
		g_string_free(out, TRUE);
	archive_free(a);
	if (repo)
		git_repository_free(repo);
	g_free(o.source);
	g_free(o.output);
	g_free(o.change_id);
	g_free(o.subject);
	g_free(o.from);
	return rc;
}
