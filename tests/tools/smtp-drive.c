/* smtp-drive.c - drives lib/net/smtp for t7001 (not a TAP test): loads the
 * configuration of the repository in the current directory and sends each
 * FILE (CRLF text, as the wire has it) over one session.
 *
 *   smtp-drive [--describe] [--hold N] [--say-data] --rcpt ADDR... FILE...
 *
 *   --describe   print smtp_config_describe's line first
 *   --hold N     the before-data callback says no for the Nth message
 *   --say-data   the before-data callback prints "data N" (flushed), the
 *                moment a test may kill the driver
 *
 * For each FILE one line: "N sent: REPLY", "N not sent: ERROR (class C)"
 * or "N in doubt: ERROR".  Exit: 0 when all went, else the class of the
 * last error (1-4); 2 for bad usage.
 */
#include "core/error.h"
#include "net/smtp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct drive {
	int n, hold;
	gboolean say_data;
};

static gboolean before_data(void *payload)
{
	struct drive *d = payload;

	if (d->say_data) {
		printf("data %d\n", d->n);
		fflush(stdout);
	}
	return d->n != d->hold;
}

static int send_files(struct smtp_session *ss, const char *const *rcpts, char **files,
		      struct drive *d)
{
	int rc = 0;

	for (int i = 0; files[i]; i++) {
		char *text = NULL, *reply = NULL;
		gsize len;
		GError *e = NULL;
		enum smtp_outcome o;

		d->n = i + 1;
		if (!g_file_get_contents(files[i], &text, &len, NULL)) {
			fprintf(stderr, "smtp-drive: cannot read %s\n", files[i]);
			return 2;
		}
		o = smtp_send(ss, rcpts, text, len, before_data, d, &reply, &e);
		if (o == SMTP_SENT)
			printf("%d sent: %s\n", d->n, reply ? reply : "(no reply)");
		else
			printf("%d %s: %s (class %d)\n", d->n, o == SMTP_IN_DOUBT ? "in doubt" : "not sent",
			       e ? e->message : "(no error)", qerr_class(e));
		fflush(stdout);
		if (o != SMTP_SENT)
			rc = e ? qerr_class(e) : 4;
		g_clear_error(&e);
		g_free(reply);
		g_free(text);
	}
	return rc;
}

int main(int argc, char **argv)
{
	struct drive d = { 0 };
	gboolean describe = FALSE;
	GPtrArray *rcpts = g_ptr_array_new();
	git_repository *repo = NULL;
	struct smtp_config c;
	struct smtp_session *ss;
	GError *e = NULL;
	int i, rc;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--describe"))
			describe = TRUE;
		else if (!strcmp(argv[i], "--say-data"))
			d.say_data = TRUE;
		else if (!strcmp(argv[i], "--hold") && i + 1 < argc)
			d.hold = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--rcpt") && i + 1 < argc)
			g_ptr_array_add(rcpts, argv[++i]);
		else
			return fprintf(stderr, "smtp-drive: bad option %s\n", argv[i]), 2;
	}
	g_ptr_array_add(rcpts, NULL);
	git_libgit2_init();
	if (git_repository_open_ext(&repo, ".", 0, NULL) < 0)
		return fprintf(stderr, "smtp-drive: not in a repository\n"), 2;
	if (!smtp_config_load(&c, repo, &e)) {
		printf("config: %s (class %d)\n", e->message, qerr_class(e));
		rc = qerr_class(e);
		g_error_free(e);
		goto out;
	}
	if (describe) {
		char *s = smtp_config_describe(&c);
		printf("%s\n", s);
		g_free(s);
	}
	ss = smtp_open(&c);
	smtp_config_clear(&c);	/* the session has its own copy */
	rc = send_files(ss, (const char *const *)rcpts->pdata, argv + i, &d);
	smtp_close(ss);
out:
	g_ptr_array_free(rcpts, TRUE);
	git_repository_free(repo);
	git_libgit2_shutdown();
	return rc;
}
