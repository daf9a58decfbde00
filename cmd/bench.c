/* bench.c - quill bench run / add: measure a command, or read results made
 * elsewhere, and attach them to the working version of a series
 * (v<N>/bench/<name>.json in its state).  bench show is in bench-show.c. */
#include "cmd.h"
#include "bench-mail.h"
#include "core/file.h"
#include "bench/bench-read.h"
#include "bench/bench-run.h"
#include "series/attach.h"
#include "bench/bench-table.h"
#include "git/commit.h"
#include "core/error.h"
#include "series/series.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What bench_attach is to do with the roles it is given. */
struct bench_attach_opts {
	const char *series;	/* --series, or NULL: the current one */
	const char *name;	/* the benchmark */
	const char *role;	/* --role, or NULL: base/patched by HEAD */
	const char *patch;	/* --patch REV, or NULL */
	const char *file;	/* where the roles came from, for messages */
	gboolean measured;	/* bench run: record HEAD */
	gboolean dry_run;	/* show, write nothing */
};

/* "base" when HEAD is at the working version's base, else "patched". */
static const char *default_role(git_repository *repo, const struct series *s)
{
	git_oid base, tip, head;

	if (git_reference_name_to_id(&head, repo, "HEAD") == 0 &&
	    series_working_range(&base, &tip, repo, s, NULL) && git_oid_equal(&head, &base))
		return "base";
	return "patched";
}

/* Name the roles read: one gets `role` (or the default); several (a
 * hyperfine file of several commands) get the comma-separated names of
 * `role`, else their commands when those are names (hyperfine -n). */
static gboolean name_roles(GPtrArray *roles, const char *role, const char *fallback,
			   const char *file, GError **error)
{
	char **names = role ? g_strsplit(role, ",", -1) : NULL;
	gboolean ok = TRUE;

	if (roles->len == 1 && (!names || g_strv_length(names) == 1)) {
		struct bench_role *r = g_ptr_array_index(roles, 0);
		g_free(r->role);
		r->role = g_strdup(names ? names[0] : fallback);
	} else if (names && g_strv_length(names) != roles->len) {
		ok = qerr(error, QUILL_ERROR_USAGE, "%s holds %u result%s but --role names %u", file,
			  roles->len, roles->len == 1 ? "" : "s", g_strv_length(names));
	} else {
		for (guint i = 0; i < roles->len && ok; i++) {
			struct bench_role *r = g_ptr_array_index(roles, i);
			const char *n = names ? names[i] : r->command;
			if (!n || !bench_name_valid(n))
				ok = qerr(error, QUILL_ERROR_USAGE,
					  "%s holds %u result%s; name their roles with --role A,B,... "
					  "(in order)", file, roles->len, roles->len == 1 ? "" : "s");
			else {
				g_free(r->role);
				r->role = g_strdup(n);
				/* hyperfine -n NAME exports the name, not the command */
				if (!names) {
					g_free(r->command);
					r->command = NULL;
				}
			}
		}
	}
	for (guint i = 0; i < roles->len && ok; i++) {
		const struct bench_role *r = g_ptr_array_index(roles, i);
		if (!bench_name_valid(r->role))
			ok = qerr(error, QUILL_ERROR_USAGE,
				  "'%s' cannot name a role (letters, digits, '.', '_', '+', '-')",
				  r->role);
		for (guint k = 0; k < i && ok; k++)
			if (!strcmp(r->role, ((struct bench_role *)g_ptr_array_index(roles, k))->role))
				ok = qerr(error, QUILL_ERROR_USAGE, "role '%s' given twice", r->role);
	}
	g_strfreev(names);
	return ok;
}

/* Put `roles` (taken: the array is left holding NULLs) into b, dated
 * `date` (and with HEAD's commit `head`, or NULL); `what` tells which
 * ("base (10 values), replacing the earlier one"). */
static gboolean put_roles(struct bench *b, GPtrArray *roles, const char *date, const char *head,
			  GString *what, GError **error)
{
	for (guint i = 0; i < roles->len; i++) {
		struct bench_role *r = g_ptr_array_index(roles, i);
		int n = bench_metric_n(g_ptr_array_index(r->metrics, 0));
		gboolean replaced;

		roles->pdata[i] = NULL;
		g_free(r->date);
		r->date = g_strdup(date);
		if (head) {
			g_free(r->head);
			r->head = g_strdup(head);
		}
		g_string_append_printf(what, "%s%s (%d %s)", i ? ", " : "", r->role, n,
				       n == 1 ? "value" : "values");
		if (!bench_put_role(b, r, &replaced, error))
			return FALSE;
		if (replaced)
			g_string_append(what, ", replacing the earlier one");
	}
	return TRUE;
}

/* What was attached: bench show's report of b, said first in text
 * ("attached NAME to SERIES vN: WHAT"). */
static void attach_report(struct ctx *ctx, const struct bench_attach_opts *a,
			  const struct series *s, struct bench *b, const char *what)
{
	GPtrArray *one = g_ptr_array_new();
	json_t *doc;

	g_ptr_array_add(one, b);
	doc = bench_report(ctx, one, FALSE, BENCH_TABLE_WIDTH);
	g_ptr_array_unref(one);
	if (!ctx->json) {
		char *said = g_strdup_printf("%s %s to %s v%d: %s",
					     a->dry_run ? "would attach" : "attached", b->name,
					     s->name, s->version, what);

		json_object_set_new(json_object_get(doc, "text"), "said", json_string(said));
		g_free(said);
	}
	emit(ctx, doc, bench_view);
}

/* Attach `roles` (taken: the array is left holding NULLs) as the roles of
 * benchmark a->name of the working version, in one state commit; print
 * what was attached.  Returns the exit code. */
static int bench_attach(struct ctx *ctx, const struct bench_attach_opts *a, GPtrArray *roles)
{
	struct series *s = NULL;
	struct bench *b = NULL;
	struct bench_patch *patch = NULL;
	GError *e = NULL;
	GString *what = g_string_new(NULL);
	char *date = NULL, *head = NULL, *msg = NULL;
	git_oid oid;
	int rc = 0;

	if (!open_series(&s, ctx, a->series, &e) ||
	    !name_roles(roles, a->role, default_role(ctx->repo, s), a->file, &e) ||
	    (a->patch && !bench_find_patch(&patch, ctx->repo, s, a->patch, &e)) ||
	    !bench_load(&b, s->state, s->version, a->name, &e))
		goto failed;
	if (!b)
		b = bench_new(a->name);
	if (patch) {
		bench_patch_free(b->patch);
		b->patch = patch;
		patch = NULL;
	}
	date = series_now_iso(ctx->repo, NULL);
	if (a->measured && git_reference_name_to_id(&oid, ctx->repo, "HEAD") == 0)
		head = g_strdup(git_oid_tostr_s(&oid));
	if (!put_roles(b, roles, date, head, what, &e))
		goto failed;
	bench_store(s->state, s->version, b);
	msg = g_strdup_printf("bench: %s %s: %s", a->measured ? "run" : "add", b->name, what->str);
	if (!a->dry_run && !store_commit(ctx->repo, s->state, msg, NULL, 0, &e))
		goto failed;
	attach_report(ctx, a, s, b, what->str);
	goto out;
failed:
	rc = fail(e);
out:
	bench_free(b);
	bench_patch_free(patch);
	series_free(s);
	g_string_free(what, TRUE);
	g_free(msg);
	g_free(date);
	g_free(head);
	return rc;
}

/* bench_attach with its options, then `roles` (taken) released. */
static int attach_roles(struct ctx *ctx, const char *name, const char *series, const char *role,
			const char *patch, const char *file, gboolean measured, gboolean dry_run,
			GPtrArray *roles)
{
	struct bench_attach_opts a = { 0 };
	int rc;

	a.series = series;
	a.name = name;
	a.role = role;
	a.patch = patch;
	a.file = file;
	a.measured = measured;
	a.dry_run = dry_run;
	rc = bench_attach(ctx, &a, roles);
	g_ptr_array_unref(roles);
	return rc;
}

/* ---- run ---- */

struct progress {
	const char *name;
	gboolean tty;
};

static void progress_cb(void *payload, int done, int total, gboolean warmup, double wall)
{
	struct progress *p = payload;

	if (!p->tty)
		return;
	fprintf(stderr, "\r\033[K%s: %s %d/%d (%.1f ms)", p->name, warmup ? "warmup" : "run", done,
		total, wall * 1e3);
	fflush(stderr);
}

/* What bench run is asked. */
struct run_args {
	char *series, *role, *patch;
	int runs, warmup;
	gboolean shell, ignore, show_output, dry_run;
	char **cmd;		/* the command and its arguments */
};

/* Everything after "--" is the command, options included: cut off argv
 * (NULL: no "--"). */
static char **cut_command(int *argc, char **argv)
{
	for (int i = 1; i < *argc; i++)
		if (!strcmp(argv[i], "--")) {
			char **cmd = g_strdupv(argv + i + 1);

			argv[i] = NULL;
			*argc = i;
			return cmd;
		}
	return NULL;
}

/* The usage errors; operands before any "--" are the command's first
 * words.  Returns -1 to go on, else the exit code. */
static int run_checks(struct ctx *ctx, int argc, char **argv, struct run_args *q)
{
	if (argc < 2 || (argc < 3 && !(q->cmd && q->cmd[0])))
		return usage_error(ctx, "give a benchmark NAME and a COMMAND");
	if (!bench_name_valid(argv[1]))
		return usage_error(ctx, "'%s' cannot name a benchmark (letters, digits, '.', '_', '+', '-')",
				   argv[1]);
	if (argc > 2) {
		GPtrArray *all = g_ptr_array_new();
		for (int i = 2; i < argc; i++)
			g_ptr_array_add(all, g_strdup(argv[i]));
		for (char **c = q->cmd; c && *c; c++)
			g_ptr_array_add(all, g_strdup(*c));
		g_ptr_array_add(all, NULL);
		g_strfreev(q->cmd);
		q->cmd = (char **)g_ptr_array_free(all, FALSE);
	}
	if (q->runs < 1 || q->warmup < 0)
		return usage_error(ctx, "-n needs at least 1 and --warmup at least 0");
	if (q->role && !bench_name_valid(q->role))
		return usage_error(ctx, "'%s' cannot name a role (letters, digits, '.', '_', '+', '-')",
				   q->role);
	return -1;
}

/* Run the command for benchmark `name`, then attach what it measured. */
static int measure(struct ctx *ctx, const char *name, const struct run_args *q)
{
	struct bench_run_opts o = { 0 };
	struct progress pr = { name, isatty(STDERR_FILENO) };
	struct series *s = NULL;
	struct bench_role *r;
	GPtrArray *roles;
	GError *e = NULL;

	/* the series must be there before anything is run */
	if (!open_series(&s, ctx, q->series, &e))
		return fail(e);
	series_free(s);
	o.argv = q->cmd;
	o.shell = q->shell;
	o.runs = q->runs;
	o.warmup = q->warmup;
	o.ignore_failure = q->ignore;
	o.show_output = q->show_output;
	o.progress = progress_cb;
	o.payload = &pr;
	o.warn = warn_print;
	r = bench_run(&o, &e);
	if (pr.tty)
		fputs("\r\033[K", stderr);
	if (!r) {
		if (qerr_class(e) == QUILL_ERROR_NEGATIVE) {
			char *m = g_strdup_printf("%s: %s; nothing attached (--ignore-failure keeps "
						  "failed runs)", name, e->message);
			g_free(e->message);
			e->message = m;
		}
		return fail(e);
	}
	roles = g_ptr_array_new_with_free_func((GDestroyNotify)bench_role_free);
	g_ptr_array_add(roles, r);
	return attach_roles(ctx, name, q->series, q->role, q->patch, "the run", TRUE, q->dry_run,
			    roles);
}

int cmd_bench_run(int argc, char **argv, struct ctx *ctx)
{
	struct run_args q = { .runs = 10 };
	GOptionEntry entries[] = {
		{ "role", 'r', 0, G_OPTION_ARG_STRING, &q.role, "The role of these results: base, patched or a label (default: base when HEAD is at the series' base, else patched)", "ROLE" },
		{ "runs", 'n', 0, G_OPTION_ARG_INT, &q.runs, "Recorded runs (default 10)", "N" },
		{ "warmup", 'w', 0, G_OPTION_ARG_INT, &q.warmup, "Runs before those, not recorded (default 0)", "K" },
		{ "shell", 0, 0, G_OPTION_ARG_NONE, &q.shell, "Run the command with /bin/sh -c (default: executed directly)", NULL },
		{ "ignore-failure", 'i', 0, G_OPTION_ARG_NONE, &q.ignore, "Keep runs that exit non-zero", NULL },
		{ "show-output", 0, 0, G_OPTION_ARG_NONE, &q.show_output, "Let the command's output through (to standard error)", NULL },
		{ "patch", 'p', 0, G_OPTION_ARG_STRING, &q.patch, "The results belong to this patch of the series (its notes below '---')", "REV" },
		{ "series", 's', 0, G_OPTION_ARG_STRING, &q.series, "The series (default: the current one)", "SERIES" },
		{ "dry-run", 0, 0, G_OPTION_ARG_NONE, &q.dry_run, "Measure and show the results; attach nothing", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the benchmark as bench show --json does", NULL },
		G_OPTION_ENTRY_NULL
	};
	int rc;

	q.cmd = cut_command(&argc, argv);
	rc = opt_parse(ctx, &argc, &argv, "NAME [--] COMMAND [ARG...]",
		       "Runs COMMAND N times (after K warmup runs), measures each run's wall\n"
		       "time, user and system time and peak RSS, and attaches the results as\n"
		       "role ROLE of benchmark NAME to the working version of the series\n"
		       "(replacing that role's earlier results).  Put the command after '--'\n"
		       "when it takes options.  A run that fails stops it and nothing is\n"
		       "attached (exit 1), unless --ignore-failure.  Progress goes to a terminal.",
		       entries);
	if (rc < 0 && (rc = run_checks(ctx, argc, argv, &q)) < 0)
		rc = measure(ctx, argv[1], &q);
	g_strfreev(q.cmd);
	g_free(q.series);
	g_free(q.role);
	g_free(q.patch);
	return rc;
}

/* ---- add ---- */

/* The most a results file may hold: 256 MiB is far more than a day of
 * perf stat output. */
#define RESULTS_MAX ((gsize)256 << 20)

/* The whole of FILE ("-": standard input) in *data (caller owns): a
 * regular file only (a FIFO or a device is refused, not waited on), at
 * most RESULTS_MAX. */
static gboolean read_input(const char *file, char **data, gsize *len, GError **error)
{
	GByteArray *buf;

	if (strcmp(file, "-"))
		return file_read_regular(file, RESULTS_MAX, data, len, TRUE, error);
	buf = g_byte_array_new();
	for (;;) {
		guint8 chunk[65536];
		ssize_t got = read(STDIN_FILENO, chunk, sizeof chunk);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0 || buf->len + (gsize)MAX(got, 0) > RESULTS_MAX) {
			g_byte_array_unref(buf);
			return got < 0 ? qerr(error, QUILL_ERROR_OUTSIDE, "standard input: %s",
					      g_strerror(errno))
				       : qerr(error, QUILL_ERROR_INPUT,
					      "standard input: larger than %" G_GSIZE_FORMAT " bytes",
					      RESULTS_MAX);
		}
		if (got == 0)
			break;
		g_byte_array_append(buf, chunk, (guint)got);
	}
	*len = buf->len;
	g_byte_array_append(buf, (const guint8 *)"", 1); /* NUL-terminated too */
	*data = (char *)g_byte_array_free(buf, FALSE);
	return TRUE;
}

/* What bench add is asked. */
struct add_args {
	char *series, *role, *patch, *format, *unit, *metric, *command;
	char *from_mail, *msgid, *source;	/* --from-mail, --msgid, --source */
	int runs;
	gboolean dry_run;
	struct bench_read_opts ro;
};

/* The usage errors.  Returns -1 to go on, else the exit code. */
static int add_checks(struct ctx *ctx, int argc, char **argv, struct add_args *q)
{
	if (q->from_mail ? argc != 2 : argc != 3)
		return usage_error(ctx, q->from_mail ? "with --from-mail, give a benchmark NAME only"
						     : "give a benchmark NAME and a FILE");
	if ((q->msgid || q->source) && !q->from_mail)
		return usage_error(ctx, "--msgid and --source go with --from-mail");
	if (!bench_name_valid(argv[1]))
		return usage_error(ctx, "'%s' cannot name a benchmark (letters, digits, '.', '_', '+', '-')",
				   argv[1]);
	if (q->format && !bench_format_parse(q->format, &q->ro.format))
		return usage_error(ctx, "no format '%s' (hyperfine, perf-stat, csv, samples, kv)",
				   q->format);
	if (q->metric && !bench_metric_name_valid(q->metric))
		return usage_error(ctx, "'%s' cannot name a metric", q->metric);
	if (q->runs < 0)
		return usage_error(ctx, "--runs needs at least 1");
	return -1;
}

static int add_roles(struct ctx *ctx, const char *name, const char *file, struct add_args *q,
		     GPtrArray *roles);

/* Read FILE ("-": standard input) and attach its results as benchmark
 * `name`. */
static int add_file(struct ctx *ctx, const char *name, const char *file, struct add_args *q)
{
	GPtrArray *roles;
	GError *e = NULL;
	char *data = NULL;
	gsize len = 0;
	int rc;

	if (!read_input(file, &data, &len, &e)) {
		rc = failf(qerr_class(e), "%s: cannot read %s", ctx->name, e->message);
		g_error_free(e);
		return rc;
	}
	if (!strcmp(file, "-"))
		file = "(standard input)";
	q->ro.source = file;
	q->ro.unit = q->unit;
	q->ro.runs = q->runs;
	q->ro.warn = warn_print;
	roles = bench_read(data, len, &q->ro, &e);
	g_free(data);	/* the roles own what they hold */
	if (!roles)
		return fail(e);
	return add_roles(ctx, name, file, q, roles);
}

/* --from-mail: the results of a mail, attached as benchmark `name`. */
static int add_mail(struct ctx *ctx, const char *name, struct add_args *q)
{
	GPtrArray *roles;
	char *where;
	int rc;

	q->ro.unit = q->unit;
	q->ro.runs = q->runs;
	q->ro.warn = warn_print;
	rc = bench_mail_roles(ctx, q->from_mail, q->msgid, q->source, &q->ro, q->metric, &roles,
			      &where);
	if (rc < 0)
		rc = add_roles(ctx, name, where, q, roles);
	g_free(where);
	return rc;
}

/* --metric and --command applied to the roles read from `file`, then
 * attached (roles taken). */
static int add_roles(struct ctx *ctx, const char *name, const char *file, struct add_args *q,
		     GPtrArray *roles)
{
	for (guint i = 0; i < roles->len; i++) {
		struct bench_role *r = g_ptr_array_index(roles, i);
		if (q->metric) {
			struct bench_metric *m = g_ptr_array_index(r->metrics, 0);
			g_free(m->name);
			m->name = g_strdup(q->metric);
		}
		if (q->command) {
			g_free(r->command);
			r->command = g_strdup(q->command);
		}
	}
	return attach_roles(ctx, name, q->series, q->role, q->patch, file, FALSE, q->dry_run, roles);
}

int cmd_bench_add(int argc, char **argv, struct ctx *ctx)
{
	struct add_args q = { 0 };
	GOptionEntry entries[] = {
		{ "role", 'r', 0, G_OPTION_ARG_STRING, &q.role, "The role of these results (default: base when HEAD is at the series' base, else patched); A,B,... for a file of several", "ROLE" },
		{ "format", 'f', 0, G_OPTION_ARG_STRING, &q.format, "hyperfine, perf-stat, csv, samples or kv (default: guessed)", "FORMAT" },
		{ "unit", 'u', 0, G_OPTION_ARG_STRING, &q.unit, "The unit of values the file gives none for", "UNIT" },
		{ "runs", 'n', 0, G_OPTION_ARG_INT, &q.runs, "How many runs perf stat -x -r made (its CSV does not say)", "N" },
		{ "metric", 'm', 0, G_OPTION_ARG_STRING, &q.metric, "Call the primary metric NAME", "NAME" },
		{ "command", 'c', 0, G_OPTION_ARG_STRING, &q.command, "What was measured, for the table", "TEXT" },
		{ "patch", 'p', 0, G_OPTION_ARG_STRING, &q.patch, "The results belong to this patch of the series (its notes below '---')", "REV" },
		{ "series", 's', 0, G_OPTION_ARG_STRING, &q.series, "The series (default: the current one)", "SERIES" },
		{ "from-mail", 0, 0, G_OPTION_ARG_STRING, &q.from_mail, "The results a mail gives: a FILE (a mail or an mbox) or a MSGID fetched from --source", "MSGID|FILE" },
		{ "msgid", 0, 0, G_OPTION_ARG_STRING, &q.msgid, "With --from-mail FILE: the mail of several that give results", "ID" },
		{ "source", 0, 0, G_OPTION_ARG_STRING, &q.source, "With --from-mail MSGID: where to fetch it from (as mail get)", "S" },
		{ "dry-run", 0, 0, G_OPTION_ARG_NONE, &q.dry_run, "Read the file and show the results; attach nothing", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the benchmark as bench show --json does", NULL },
		G_OPTION_ENTRY_NULL
	};
	int rc = opt_parse(ctx, &argc, &argv, "NAME FILE | NAME --from-mail MSGID|FILE",
			   "Reads results made elsewhere from FILE ('-': standard input) and\n"
			   "attaches them as role ROLE of benchmark NAME to the working version of\n"
			   "the series (replacing that role's earlier results).  Formats:\n"
			   "  hyperfine  hyperfine --export-json\n"
			   "  perf-stat  perf stat -x, or its default text, with or without -r\n"
			   "  csv        label,value[,unit] rows\n"
			   "  samples    one number per line (e.g. 30 driver-rebind timings)\n"
			   "  kv         \"key: value [unit]\" lines (\"Total time: 15.98 seconds\")\n"
			   "A file that does not read is reported with its line; nothing is attached.\n"
			   "\n"
			   "--from-mail takes the results a reply on the list gives (its review\n"
			   "items of kind results: measurements in the reply's own words): from a\n"
			   "FILE (one mail, or an mbox: with results in several mails, --msgid ID\n"
			   "picks one, else they are named and the exit status is 2), or from the\n"
			   "mail MSGID, fetched with its thread from --source S (else quill.source,\n"
			   "else lore).  Labelled blocks (\"before:\", \"after:\") are roles, and so\n"
			   "is each key of \"Key: value unit\" lines; --role A,B names them in order.\n"
			   "The link to the mail is kept beside the results (\"link\" in the JSON).",
			   entries);

	if (rc < 0 && (rc = add_checks(ctx, argc, argv, &q)) < 0)
		rc = q.from_mail ? add_mail(ctx, argv[1], &q) : add_file(ctx, argv[1], argv[2], &q);
	g_free(q.series);
	g_free(q.role);
	g_free(q.patch);
	g_free(q.format);
	g_free(q.unit);
	g_free(q.metric);
	g_free(q.command);
	g_free(q.from_mail);
	g_free(q.msgid);
	g_free(q.source);
	return rc;
}
