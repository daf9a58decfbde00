/* cmd.h - the command line: one table of commands, thin handlers.
 *
 * Adding a command:
 *   1. write `int cmd_<noun>_<verb>(int argc, char **argv, struct ctx *ctx)` in
 *      cmd/<noun>.c (or a cmd/<noun>-*.c beside it): parse options with
 *      opt_parse(), call lib/, print, return the exit code;
 *   2. declare it below and add a row to the table in cmd/main.c;
 *   3. document it in man/quill-<noun>.1 and README.md, and test it in
 *      tests/tNNNN-<noun>-<topic>.sh.
 * Exit codes (DESIGN.md): 0 ok, 1 clean negative, 2 usage, 3 bad input,
 * 4 outside failure.  Messages go to stderr as "quill: <what>: <why>".
 */
#ifndef QUILL_CMD_H
#define QUILL_CMD_H

#include <git2.h>
#include <glib.h>
#include <jansson.h>

#include "lint/lint.h"
#include "core/resource.h"

enum {
	NEED_REPO = 1,	/* opens the repository (ctx->repo) */
	USES_NET = 2,	/* talks to a remote: a closed socket must not kill it (SIGPIPE) */
	BULK = 4,	/* reads a whole archive: malloc tuned for it (exe_tune_malloc) */
};

struct ctx {
	git_repository *repo;		/* open when the command has NEED_REPO */
	struct resources *res;		/* templates/ and trailers.conf */
	const char *name;		/* "series new", for help and errors */
	int color;			/* 1: colour wanted (stdout is a terminal, or
					 * color.ui says always); 0: none; -1: not
					 * decided yet: color() asks want_color, once */
	gboolean (*want_color)(struct ctx *ctx);	/* the program's (cmd/full.c) */
	gboolean json;			/* --json: the report as one JSON document */
	char *no_repo;			/* why the repository a NEED_REPO command needs
					 * could not be opened: opt_parse reports it once
					 * the options are known to be right */
};

typedef int (*cmd_fn)(int argc, char **argv, struct ctx *ctx);

struct command {
	const char *noun, *verb;
	cmd_fn fn;
	unsigned flags;
	const char *summary;
};

/* ---- the two programs built from cmd/ ----
 *
 * `quill` (the front: cmd/main.c, cmd/front.c, cmd/exe.c and the commands it
 * runs itself) links GLib, GMime, jansson and zlib only, so that it starts
 * as fast as git does; every other command it hands, argv unchanged, to the
 * full binary (cmd/full.c and all of cmd/, installed in PREFIX/libexec/quill,
 * build/quill in the build tree), found as front.c says.  Both share
 * main.c's table, help and dispatch; each defines prog_run and prog_end. */

/* Run command c (argv: its verb and options; all: the whole command line). */
int prog_run(const struct command *c, int argc, char **argv, char **all);

/* Before the exit: what the program started. */
void prog_end(void);

/* ---- cmd/exe.c ---- */

/* The directory holding the running binary (caller owns), NULL when unknown. */
char *exe_dir(const char *argv0);
/* The front, before it starts the full binary for a BULK command: glibc's
 * malloc told (GLIBC_TUNABLES) to grow its heaps 64 MiB at a time and to
 * ask for transparent huge pages for them.  The full binary, first thing:
 * the variable put back as the user had it (exe_untune_malloc), so that
 * what it runs is not tuned. */
void exe_tune_malloc(void);
void exe_untune_malloc(void);

/* ctx for command c: its name and the search list for templates/ and
 * trailers.conf (the binary's directory, the source tree when it is the
 * build tree's build/, PREFIX/share/quill relative to it, from bin/ or
 * libexec/quill/, then the configured one, then the built-in copies);
 * colour not decided; GMime started.  ctx_clear frees what ctx_init made
 * and shuts GMime down. */
void ctx_init(struct ctx *ctx, const struct command *c, const char *argv0);
void ctx_clear(struct ctx *ctx);

/* ---- cmd/opt.c ---- */

/* Parse argv with GOption.  `params` is the synopsis after the options
 * ("[NAME]"), `description` the text under it.  Returns -1 to go on (argc
 * and argv now hold the command's name and its operands), else the exit
 * code (0 after --help, 2 after a usage error or when the command needs a
 * repository and there is none (ctx->no_repo: said after the options, so
 * that a usage error is reported first), 3 when a text option is not
 * UTF-8; it printed why).  Text options are taken as UTF-8 in any locale. */
int opt_parse(struct ctx *ctx, int *argc, char ***argv, const char *params,
	      const char *description, const GOptionEntry *entries);

/* Print "quill: <name>: <msg> (see 'quill <name> --help')", one line, and
 * return 2: a usage error. */
int usage_error(struct ctx *ctx, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* After opt_parse: -1 when argc - 1 operands are at most `max`, else the
 * usage error "too many arguments" (2). */
int opt_max_operands(struct ctx *ctx, int argc, int max);

/* ---- cmd/output.c: the one printer layer ----
 *
 * A command that reports builds its report once, as the JSON document its
 * --json prints, and hands it to emit() with its text view: with --json
 * (ctx->json) the document is printed as it is, else the view renders the
 * same document as text.  So the two never disagree, and a field added to
 * the report is there for both.  Errors go through fail() (or failf()),
 * which print one line and give the exit code of the error's class;
 * warnings through warn(), or warn_print as the warn_fn lib/ takes. */

/* How a command shows its report as text: reads the report (borrowed). */
typedef void (*text_view)(struct ctx *ctx, const json_t *report);

/* Print `report` (taken) as JSON when ctx->json, else through `view`. */
void emit(struct ctx *ctx, json_t *report, text_view view);

/* Print "quill: <message>" and return the exit code for the error's class
 * (qerr_class); frees it. */
int fail(GError *error);

/* The same for an error made here: "quill: <message>", returns `cls`. */
int failf(int cls, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* s with every control character written as an escape (\t, \n, \r, \033
 * ...: C's octal form), so that text from mail, files or git can neither
 * break a line nor reach the terminal as a command; C1 controls (U+0080..
 * U+009F) likewise.  The rest, valid UTF-8 or not, is left as it is.  NULL
 * for NULL (caller owns). */
char *out_escape(const char *s);

/* The same, appended to `out`. */
void out_append_escaped(GString *out, const char *s);

/* "quill: warning: <message>" on stderr.  fail, failf, usage_error and warn
 * escape the message (out_escape): an error is always one line. */
void warn(const char *fmt, ...) G_GNUC_PRINTF(1, 2);

/* The warn_fn (lib/core/warn.h) that prints as warn() does; payload unused. */
void warn_print(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* Print a JSON document to stdout, indented, and release it. */
void print_json(json_t *doc);

/* ---- cmd/output-json.c: a --json view written as it goes ----
 *
 * For the views too big to build as a json_t (100k messages): the caller
 * writes the document's punctuation and indentation itself, as jansson's
 * JSON_INDENT(2) would; the strings come out escaped as jansson escapes
 * them.  Everything goes to stdout, buffered, from one thread; a part of
 * the document may be made on another thread into memory (jout_new_mem)
 * and put in its place. */
struct jout;

/* A writer (jout_finish flushes and frees it). */
struct jout *jout_new(void);
void jout_finish(struct jout *o);

/* A writer into memory instead of stdout; jout_take frees it and hands
 * over what was written (caller owns: g_string_free). */
struct jout *jout_new_mem(void);
GString *jout_take(struct jout *o);

/* Bytes as they are: s[0..n), a NUL-terminated s, a string literal. */
void jout_put(struct jout *o, const char *s, gsize n);
void jout_puts(struct jout *o, const char *s);
#define JOUT_LIT(o, lit) jout_put((o), (lit), sizeof(lit) - 1)

/* A number. */
void jout_int(struct jout *o, gint64 v);
void jout_uint(struct jout *o, guint v);

/* Whether s[0..n) is valid UTF-8 (ASCII checked eight bytes at a time). */
gboolean jout_utf8_ok(const char *s, gsize n);

/* s[0..n) (valid UTF-8) as a JSON string; jout_string: NUL-terminated,
 * null for NULL; jout_text: the same, s made valid UTF-8 where it is not
 * (as json_string of g_utf8_make_valid). */
void jout_string_len(struct jout *o, const char *s, gsize n);
void jout_string(struct jout *o, const char *s);
void jout_text(struct jout *o, const char *s);

/* A JSON string or null. */
json_t *json_str_or_null(const char *s);

/* Colour on a terminal only: the escape or "". */
const char *color(struct ctx *ctx, const char *which);	/* "bold", "green", "red", "yellow", "dim", "reset" */

/* ---- cmd/common.c ---- */

/* Take the <> off a Message-ID given on the command line, in place; FALSE
 * when what is left is no Message-ID (empty, or with <, >, blanks). */
gboolean msgid_clean(char *msgid);

/* Open the user's editor (config_editor) on `path` and wait for it; a
 * failed editor is QUILL_ERROR_NEGATIVE "the editor 'E' failed; WHAT is
 * unchanged" (`what`: "the cover"). */
gboolean run_editor(struct ctx *ctx, const char *path, const char *what, GError **error);

/* Open the page at path (made absolute) in the user's browser and wait for
 * it: git config quill.browser, else web.browser, else $BROWSER, else
 * xdg-open, run by the shell with the path as its argument, its output
 * kept off stdout (--json).  repo may be NULL.  A browser that fails or
 * cannot be run is QUILL_ERROR_OUTSIDE "the browser 'B' failed on PATH". */
gboolean run_browser(git_repository *repo, const char *path, GError **error);
struct series;

/* Load the series named `given` (NULL: the current one, series_current) and
 * repair its derived refs (warning on failure).  *out: series_free. */
gboolean open_series(struct series **out, struct ctx *ctx, const char *given, GError **error);

/* --version N of a command on series s: 0 stands for the working version
 * (*version is set to it).  -1 when N is a version of s, else the usage
 * error "series NAME has versions 1 to W" (2). */
int version_arg(struct ctx *ctx, const struct series *s, int *version);

struct archive_opts;

/* The paragraph of --help on the variables archive_opts_from_env reads. */
#define ARCHIVE_ENV_HELP \
	"Environment (lore; for slow links and for tests): QUILL_HTTP_TIMEOUT_MS\n" \
	"(one transfer, default 120000), QUILL_HTTP_MAX_BYTES (one answer,\n" \
	"decompressed, default 268435456), QUILL_HTTP_RETRY_MS (the first backoff\n" \
	"before a retry on 429, 5xx or a failed connect, doubled each time;\n" \
	"default 500; 3 retries)."

/* QUILL_HTTP_TIMEOUT_MS, QUILL_HTTP_MAX_BYTES and QUILL_HTTP_RETRY_MS of
 * the environment into ao's timeout_ms, max_bytes and retry_base_ms (each
 * left alone when unset or empty).  FALSE with QUILL_ERROR_USAGE
 * "NAME=VALUE: not a positive number" when one is not.  Every command
 * that opens an archive calls it, so they all honour the same knobs. */
gboolean archive_opts_from_env(struct archive_opts *ao, GError **error);

/* ---- cmd/series-version.c: the review carried into the next version ----
 * (new-version's freeze and series send's, alike) */
struct review_next;
struct series;

/* Before a freeze: the open review items of the version listed on stderr,
 * its addressed ones into the changelog draft, its promises into the next
 * version (s is changed; the freeze saves it).  NULL (a warning said why)
 * when the review cannot be read; free with review_next_free. */
struct review_next *review_into_next(struct series *s);
/* After the freeze: the notes of the carried promises (a failure is a warning). */
void review_after_freeze(struct ctx *ctx, struct series *s, const struct review_next *n);

/* ---- cmd/mail-common.c: the MBOX operands of mail thread and series ---- */
struct source_mail;

/* The last paragraph of their --help. */
#define MAIL_EXIT_HELP \
	"Exit status: 0, also when some messages were malformed (each is named in\n" \
	"one warning); 2 when an MBOX cannot be opened; 3 when nothing in the input\n" \
	"is mail."

/* Hand every message of the MBOX operands (argv[1] .. argv[argc - 1],
 * read in order as one mailbox, lib/net/source) to fn.  -1 when all were
 * read, else the exit code, having said why (no operand: a usage error). */
int mail_read_operands(struct ctx *ctx, int argc, char **argv,
		       void (*fn)(void *payload, const struct source_mail *m), void *payload);

/* The same, read ahead on a second thread (source_read_ahead): prepare
 * (safe beside fn: it touches only the message) runs there for every
 * message, and fn gets its result as m->prepared (borrowed; `free` frees
 * it on that thread). */
struct mail_prepare {
	void *(*fn)(const struct source_mail *m, void *payload);
	void (*free)(void *prepared);
	void *payload;
};
int mail_read_operands_ahead(struct ctx *ctx, int argc, char **argv, const struct mail_prepare *prep,
			     void (*fn)(void *payload, const struct source_mail *m), void *payload);
/* What mail_read_operands_ahead read is freed behind the command, on a
 * thread of its own: wait for that to end (prog_end does). */
void mail_read_end(void);
/* The warn_fn for lib/ that warns about the message fn was handed: prints
 * as warn_print does, after the message's place ("FILE: message N (byte
 * B): ") while mail_read_operands reads; payload unused. */
void mail_warn_here(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* A JSON array of strings (new reference). */
json_t *strv_json(char **v);

/* For text views, reading a report: the string at `key` of object o (NULL
 * when it is no string; borrowed), the integer (0 when none). */
const char *jstr(const json_t *o, const char *key);
int jint(const json_t *o, const char *key);

/* `one` when n is 1, else `many`, for counts in text: "1 reply", "2 replies". */
const char *plural_word(long n, const char *one, const char *many);

/* The first 12 hex digits, or "-" for NULL (caller owns). */
char *short_oid(const char *hex);

/* Open the repository the environment names ($GIT_DIR, else the one the
 * working directory is in) into *out.  FALSE (*out NULL) when it cannot:
 * *why (when not NULL; caller owns) says "not in a git repository" when
 * there is none (*none TRUE, when not NULL), else "cannot open the
 * repository: <libgit2's reason>". */
gboolean repo_open(git_repository **out, char **why, gboolean *none);

/* ---- cmd/findings.c: lint findings, as trailer lint and bench check print them ---- */

/* The findings of a run (lib/lint/lint-run.h), counted; kept as JSON in
 * `list` (when not NULL), else each printed as it comes. */
struct findings {
	struct ctx *ctx;
	guint errors, warnings, infos, ignored;
	json_t *list;		/* borrowed */
};

/* The lint_sink's findings callback: count them into the struct findings
 * `payload`, and append each to its list as JSON ({"where", "commit",
 * "file", "msgid", "line", "column", "severity", "rule", "message",
 * "ignored"}) or print each one that is not ignored ("WHERE:LINE:
 * SEVERITY: RULE-ID: message"). */
void findings_take(void *payload, GArray *findings);

/* Set "errors", "warnings", "info" and "ignored" in doc, in that order. */
void findings_counts_json(json_t *doc, const struct findings *fs);

/* Print the findings of a report's "findings" array as findings_take does. */
void findings_print(struct ctx *ctx, const json_t *report);

/* A count of a report: its integer `key` (0 when absent). */
guint report_uint(const json_t *report, const char *key);

/* ---- cmd/bench-show.c: benchmarks as bench show, run and add print them ---- */
/* The report of `benches` (struct bench*, borrowed), a new reference:
 * bench show's JSON document and, in text (not ctx->json), a "text"
 * object for bench_view, {"format", "width", "benchmarks": [each as its
 * file]}, to which a caller may add "said": a line to print before the
 * tables, and "plot": true for the plots (bench/bench-plot.h) instead.  Markdown tables, or text ones that fit `width` columns.  (The
 * tables come from the samples, which the documented JSON has not.) */
json_t *bench_report(struct ctx *ctx, GPtrArray *benches, gboolean markdown, int width);

/* bench_report's text view: "said" and a blank line, then the tables. */
void bench_view(struct ctx *ctx, const json_t *report);

/* ---- commands ---- */
int cmd_series_new(int argc, char **argv, struct ctx *ctx);
int cmd_series_edit(int argc, char **argv, struct ctx *ctx);
int cmd_series_edit_cover(int argc, char **argv, struct ctx *ctx);
int cmd_series_new_version(int argc, char **argv, struct ctx *ctx);
int cmd_series_list(int argc, char **argv, struct ctx *ctx);
int cmd_series_show(int argc, char **argv, struct ctx *ctx);
int cmd_series_diff(int argc, char **argv, struct ctx *ctx);
int cmd_series_format(int argc, char **argv, struct ctx *ctx);
int cmd_series_recipients(int argc, char **argv, struct ctx *ctx);
int cmd_series_send(int argc, char **argv, struct ctx *ctx);
int cmd_series_push(int argc, char **argv, struct ctx *ctx);
int cmd_series_fetch(int argc, char **argv, struct ctx *ctx);
int cmd_series_import_b4(int argc, char **argv, struct ctx *ctx);
int cmd_series_export(int argc, char **argv, struct ctx *ctx);
int cmd_series_import(int argc, char **argv, struct ctx *ctx);
int cmd_series_thanks(int argc, char **argv, struct ctx *ctx);
int cmd_series_report(int argc, char **argv, struct ctx *ctx);
int cmd_mail_info(int argc, char **argv, struct ctx *ctx);
int cmd_mail_thread(int argc, char **argv, struct ctx *ctx);
int cmd_mail_series(int argc, char **argv, struct ctx *ctx);
int cmd_mail_split(int argc, char **argv, struct ctx *ctx);
int cmd_mail_get(int argc, char **argv, struct ctx *ctx);
int cmd_mail_am(int argc, char **argv, struct ctx *ctx);
int cmd_review_pull(int argc, char **argv, struct ctx *ctx);
int cmd_review_scan(int argc, char **argv, struct ctx *ctx);
int cmd_review_report(int argc, char **argv, struct ctx *ctx);
int cmd_review_show(int argc, char **argv, struct ctx *ctx);
int cmd_review_resolve(int argc, char **argv, struct ctx *ctx);
int cmd_review_reopen(int argc, char **argv, struct ctx *ctx);
int cmd_trailer_parse(int argc, char **argv, struct ctx *ctx);
int cmd_trailer_lint(int argc, char **argv, struct ctx *ctx);
int cmd_trailer_collect(int argc, char **argv, struct ctx *ctx);
int cmd_bench_run(int argc, char **argv, struct ctx *ctx);
int cmd_bench_add(int argc, char **argv, struct ctx *ctx);
int cmd_bench_show(int argc, char **argv, struct ctx *ctx);
int cmd_bench_check(int argc, char **argv, struct ctx *ctx);
int cmd_bench_size(int argc, char **argv, struct ctx *ctx);
int cmd_bench_rm(int argc, char **argv, struct ctx *ctx);
int cmd_bench_copy(int argc, char **argv, struct ctx *ctx);

#endif
