/* main.c - quill's entry point: one table of commands, dispatch, help.
 * Both programs (cmd.h) are built from it. */
#include "cmd.h"
#include "core/error.h"

#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The front (cmd/front.c) links only the commands it runs itself: the
 * others are NULL in it (weak), and it hands them to the full binary.  A
 * command added to the table is added here too (else the front does not
 * link). */
#pragma weak cmd_series_new
#pragma weak cmd_series_edit
#pragma weak cmd_series_edit_cover
#pragma weak cmd_series_new_version
#pragma weak cmd_series_list
#pragma weak cmd_series_show
#pragma weak cmd_series_diff
#pragma weak cmd_series_format
#pragma weak cmd_series_recipients
#pragma weak cmd_series_send
#pragma weak cmd_series_push
#pragma weak cmd_series_fetch
#pragma weak cmd_series_import_b4
#pragma weak cmd_series_export
#pragma weak cmd_series_import
#pragma weak cmd_series_thanks
#pragma weak cmd_series_report
#pragma weak cmd_mail_info
#pragma weak cmd_mail_thread
#pragma weak cmd_mail_series
#pragma weak cmd_mail_split
#pragma weak cmd_mail_get
#pragma weak cmd_mail_am
#pragma weak cmd_review_pull
#pragma weak cmd_review_scan
#pragma weak cmd_review_report
#pragma weak cmd_review_show
#pragma weak cmd_review_resolve
#pragma weak cmd_review_reopen
#pragma weak cmd_trailer_parse
#pragma weak cmd_trailer_lint
#pragma weak cmd_trailer_collect
#pragma weak cmd_bench_run
#pragma weak cmd_bench_add
#pragma weak cmd_bench_show
#pragma weak cmd_bench_check
#pragma weak cmd_bench_size
#pragma weak cmd_bench_rm
#pragma weak cmd_bench_copy

static const struct command commands[] = {
	{ "series", "new", cmd_series_new, NEED_REPO, "start a series: a branch and its state in git" },
	{ "series", "edit", cmd_series_edit, NEED_REPO, "change prefix, recipients, base, name" },
	{ "series", "edit-cover", cmd_series_edit_cover, NEED_REPO, "edit the cover letter" },
	{ "series", "new-version", cmd_series_new_version, NEED_REPO,
	  "freeze the current version and start the next" },
	{ "series", "list", cmd_series_list, NEED_REPO, "list the series of this repository" },
	{ "series", "show", cmd_series_show, NEED_REPO, "show a series and its versions" },
	{ "series", "diff", cmd_series_diff, NEED_REPO, "compare two versions (range-diff)" },
	{ "series", "format", cmd_series_format, NEED_REPO, "write the cover and patches as mails" },
	{ "series", "recipients", cmd_series_recipients, NEED_REPO, "who each mail goes to; the list kept for sending" },
	{ "series", "send", cmd_series_send, NEED_REPO | USES_NET, "send the working version by SMTP, resumably, and freeze it" },
	{ "series", "push", cmd_series_push, NEED_REPO | USES_NET, "push series state, tags and notes" },
	{ "series", "fetch", cmd_series_fetch, NEED_REPO | USES_NET, "fetch series state, tags and notes" },
	{ "series", "import-b4", cmd_series_import_b4, NEED_REPO, "adopt a branch prepared by b4" },
	{ "series", "export", cmd_series_export, NEED_REPO, "write a series to a directory" },
	{ "series", "import", cmd_series_import, NEED_REPO, "rebuild a series from a directory" },
	{ "series", "thanks", cmd_series_thanks, NEED_REPO | USES_NET, "thank-you mails for posted series that landed (b4 ty)" },
	{ "series", "report", cmd_series_report, NEED_REPO, "the series as one static HTML page" },
	{ "mail", "info", cmd_mail_info, 0, "split one mail into message, patch and info (git mailinfo)" },
	{ "mail", "thread", cmd_mail_thread, BULK, "thread the messages of mailboxes" },
	{ "mail", "series", cmd_mail_series, BULK, "find the patch series and versions in mailboxes" },
	{ "mail", "split", cmd_mail_split, 0, "split mailboxes into one file per message" },
	{ "mail", "get", cmd_mail_get, USES_NET, "fetch threads or a search from lore, notmuch, a mirror (b4 mbox)" },
	{ "mail", "am", cmd_mail_am, USES_NET, "a posted series with its list trailers as an am-ready mbox (b4 am)" },
	{ "trailer", "parse", cmd_trailer_parse, 0, "print the trailers of messages as git interpret-trailers --parse" },
	{ "trailer", "lint", cmd_trailer_lint, 0, "check commits or patch mails against the trailer policy" },
	{ "trailer", "collect", cmd_trailer_collect, USES_NET, "the trailers given on the list, per version and patch (--apply: into the commits)" },
	{ "bench", "run", cmd_bench_run, NEED_REPO, "run a command, attach its timings to the series" },
	{ "bench", "add", cmd_bench_add, NEED_REPO, "attach results made elsewhere (hyperfine, perf stat, ...)" },
	{ "bench", "show", cmd_bench_show, NEED_REPO, "the attached results as tables" },
	{ "bench", "check", cmd_bench_check, NEED_REPO, "compare the numbers a message claims with the data" },
	{ "bench", "rm", cmd_bench_rm, NEED_REPO, "take results out of the working version" },
	{ "bench", "copy", cmd_bench_copy, NEED_REPO, "copy results of a frozen version into the working one" },
	{ "bench", "size", cmd_bench_size, 0, "object size changes, symbol by symbol (bloat-o-meter)" },
	{ "review", "pull", cmd_review_pull, NEED_REPO | USES_NET, "fetch the replies to every sent version into the series" },
	{ "review", "scan", cmd_review_scan, USES_NET | BULK, "the review items of any thread (no repository needed)" },
	{ "review", "report", cmd_review_report, 0, "every series in some mail and its review state, as static HTML (no repository needed)" },
	{ "review", "show", cmd_review_show, NEED_REPO, "the review items of the series, by version and patch" },
	{ "review", "resolve", cmd_review_resolve, NEED_REPO, "mark review items addressed (or wontfix)" },
	{ "review", "reopen", cmd_review_reopen, NEED_REPO, "mark review items open again" },
};

static const struct {
	const char *noun, *summary;
} nouns[] = {
	{ "series", "a patch series and all its versions, kept in git" },
	{ "mail", "mailboxes, threads and posted series (no repository needed)" },
	{ "trailer", "commit trailers: parsing, and linting against a policy" },
	{ "bench", "benchmark results and object sizes, attached to a series" },
	{ "review", "what reviewers said on the list: items per version and patch" },
};

static void print_overview(FILE *f)
{
	fprintf(f, "usage: quill <noun> <verb> [options] [args]\n"
		   "       quill help [<noun>]   quill <noun> <verb> --help   quill --version\n\n");
	for (size_t n = 0; n < G_N_ELEMENTS(nouns); n++) {
		fprintf(f, "%s: %s\n", nouns[n].noun, nouns[n].summary);
		for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
			if (!strcmp(commands[i].noun, nouns[n].noun))
				fprintf(f, "  %-13s %s\n", commands[i].verb, commands[i].summary);
		fputc('\n', f);
	}
	fprintf(f, "Exit codes: 0 ok, 1 a clean negative, 2 bad usage, 3 bad input, 4 outside failure.\n");
}

/* quill --list-cmds (hidden; for the shell completion in contrib/): one
 * "NOUN VERB" line per command, noun by noun as help lists them. */
static void list_cmds(void)
{
	for (size_t n = 0; n < G_N_ELEMENTS(nouns); n++)
		for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
			if (!strcmp(commands[i].noun, nouns[n].noun))
				printf("%s %s\n", nouns[n].noun, commands[i].verb);
}

static gboolean known_noun(const char *noun)
{
	for (size_t n = 0; n < G_N_ELEMENTS(nouns); n++)
		if (!strcmp(nouns[n].noun, noun))
			return TRUE;
	return FALSE;
}

static void print_noun(FILE *f, const char *noun)
{
	fprintf(f, "usage: quill %s <verb> [options]\n\n", noun);
	for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
		if (!strcmp(commands[i].noun, noun))
			fprintf(f, "  %-13s %s\n", commands[i].verb, commands[i].summary);
	fprintf(f, "\n'quill %s <verb> --help' describes one; 'man quill-%s' all.\n", noun, noun);
}

int main(int argc, char **argv)
{
	const char *noun, *verb;
	int rc;

	setlocale(LC_ALL, "");
	if (argc < 2) {
		print_overview(stderr);
		rc = 2;
		goto out;
	}
	noun = argv[1];
	if (!strcmp(noun, "--version") || !strcmp(noun, "version")) {
		printf("quill %s\n", QUILL_VERSION);
		rc = 0;
		goto out;
	}
	if (!strcmp(noun, "--list-cmds")) {
		list_cmds();
		rc = 0;
		goto out;
	}
	if (!strcmp(noun, "help") || !strcmp(noun, "--help") || !strcmp(noun, "-h")) {
		if (argc > 2 && known_noun(argv[2])) {
			print_noun(stdout, argv[2]);
			rc = 0;
		} else if (argc > 2) {
			fprintf(stderr, "quill: no such noun '%s'\n", argv[2]);
			rc = 2;
		} else {
			print_overview(stdout);
			rc = 0;
		}
		goto out;
	}
	if (!known_noun(noun)) {
		fprintf(stderr, "quill: '%s' is not a quill command; see 'quill help'\n", noun);
		rc = 2;
		goto out;
	}
	if (argc < 3 || !strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) {
		print_noun(argc < 3 ? stderr : stdout, noun);
		rc = argc < 3 ? 2 : 0;
		goto out;
	}
	verb = argv[2];
	for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
		if (!strcmp(commands[i].noun, noun) && !strcmp(commands[i].verb, verb)) {
			rc = prog_run(&commands[i], argc - 2, argv + 2, argv);
			goto out;
		}
	}
	fprintf(stderr, "quill: '%s %s' is not a quill command; see 'quill help %s'\n", noun, verb,
		noun);
	rc = 2;
out:
	if (fflush(stdout) || ferror(stdout)) {
		if (errno == EPIPE) {	/* the reader went away: end quietly, as git does */
			signal(SIGPIPE, SIG_DFL);
			raise(SIGPIPE);
		}
		fprintf(stderr, "quill: cannot write to standard output\n");
		rc = 4;
	}
	prog_end();
	return rc;
}
