/* bench-size.c - quill bench size: two ELF files compared symbol by symbol
 * (bloat-o-meter's output) and section by section (size's), optionally
 * attached to the current series as v<N>/bench/<NAME>.json. */
#include "cmd.h"
#include "core/text.h"
#include "core/error.h"
#include "bench/bench.h"
#include "bench/objsize.h"
#include "series/attach.h"
#include "series/series.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char size_help[] =
	"Compares two ELF files (objects, executables, shared libraries, a\n"
	"vmlinux) symbol by symbol and prints what the kernel's\n"
	"scripts/bloat-o-meter prints for them: the add/remove grow/shrink\n"
	"up/down line, the symbols whose size changed (Function old new delta,\n"
	"largest growth first; '-' where a symbol is absent) and the Total line.\n"
	"Then, after a blank line, what size(1) prints for the two files: text,\n"
	"data and bss (code and read-only data count as text).\n"
	"\n"
	"The symbols are those nm --size-sort lists, read through libelf: the\n"
	"defined ones with a size.  Counted are functions (nm's t, T), data (d,\n"
	"D, b, B) and read-only data (r, R); weak and common symbols are not.\n"
	"A '.' followed by digits is taken out of a name (calls.0 and calls.1\n"
	"are one symbol 'calls', f.isra.0 is f.isra), and the kernel's generated\n"
	"symbols (__mod_*, __se_sys*, __addressable_*, ...) are left out, as\n"
	"bloat-o-meter does.\n"
	"\n"
	"With --attach NAME the result is also kept with the working version of\n"
	"the current series (or --series), as vN/bench/NAME.json in its state,\n"
	"where a cover letter's {{objsize NAME}} shows it; the same name again\n"
	"replaces it (not a benchmark of bench run/add).  Only then is a\n"
	"repository needed; where it went is said on stderr.  bench show lists\n"
	"it under NAME.  The mail names the two files by the last part of their\n"
	"paths (../old/memory.o is memory.o), or by --label OLD,NEW.  With\n"
	"--patch REV it belongs to that patch of the working version: series\n"
	"format shows it below that patch's '---', as bench add --patch does.\n"
	"\n"
	"Exit status: 0; 2 for bad usage, a file that cannot be opened, no such\n"
	"series; 3 for a file that is not ELF or is damaged (nothing is attached).";

/* FALSE (with an error) when `path` of the state holds something other
 * than a size diff: a benchmark of bench run/add is not replaced. */
static gboolean may_replace(const struct state *st, const char *path, GError **error)
{
	GBytes *bytes = state_get(st, path);
	json_t *doc;
	gboolean ok;
	gsize len;
	const char *data;

	if (!bytes)
		return TRUE;
	data = g_bytes_get_data(bytes, &len);
	doc = json_loadb(data, len, 0, NULL);
	ok = doc && objsize_json_is(doc);
	json_decref(doc);
	if (!ok)
		qerr(error, QUILL_ERROR_USAGE,
		     "%s is already there and is not a size comparison (bench run/add made it?); "
		     "attach under another name", path);
	return ok;
}

/* The state commit's message: "bench: size NAME: 70190 to 68445 bytes
 * (-1745)" (caller owns). */
static char *size_message(const char *name, const struct objsize_diff *diff)
{
	gint64 before = 0, after = 0;

	for (guint i = 0; i < diff->tables->len; i++) {
		const struct objsize_table *t = g_ptr_array_index(diff->tables, i);

		before += t->before;
		after += t->after;
	}
	return g_strdup_printf("bench: size %s: %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT
			       " bytes (%+" G_GINT64_FORMAT ")%s",
			       name, before, after, after - before,
			       diff->mode == OBJSIZE_DATA ? ", data" :
			       diff->mode == OBJSIZE_TEXT ? ", functions" : "");
}

/* What --attach is to keep with the comparison. */
struct size_attach {
	const char *name;	/* --attach NAME */
	const char *series;	/* --series, or NULL */
	const char *patch;	/* --patch REV, or NULL */
	char *label[2];		/* what the mail calls OLD and NEW */
};

/* The labels of --label OLD,NEW, else the files' basenames, into a.
 * Returns -1, else the exit code. */
static int pick_labels(struct ctx *ctx, struct size_attach *a, const char *label,
		       char **files)
{
	char **two = label ? g_strsplit(label, ",", -1) : NULL;
	int rc = -1;

	if (two && (g_strv_length(two) != 2 || !*two[0] || !*two[1]))
		rc = usage_error(ctx, "--label takes two names, OLD,NEW");
	for (int i = 0; rc < 0 && two && two[i]; i++)
		for (const char *p = two[i]; *p && rc < 0; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				rc = usage_error(ctx, "--label: '%s' holds a control character", two[i]);
	for (int i = 0; i < 2 && rc < 0; i++)
		a->label[i] = two ? g_strdup(two[i]) : g_path_get_basename(files[i]);
	g_strfreev(two);
	return rc;
}

/* The labels and --patch's patch put into doc: "label" in "old" and
 * "new", "patch": {"commit", "patch_id", "subject"}. */
static gboolean put_extras(json_t *doc, const struct size_attach *a, git_repository *repo,
			   const struct series *s, GError **error)
{
	struct bench_patch *p = NULL;

	json_object_set_new(json_object_get(doc, "old"), "label", json_string(a->label[0]));
	json_object_set_new(json_object_get(doc, "new"), "label", json_string(a->label[1]));
	if (!a->patch)
		return TRUE;
	if (!bench_find_patch(&p, repo, s, a->patch, error))
		return FALSE;
	json_object_set_new(doc, "patch", json_pack("{s:s, s:s?, s:s}", "commit", p->commit,
						    "patch_id", p->patch_id, "subject", p->subject));
	bench_patch_free(p);
	return TRUE;
}

/* Keep doc (given "name", "date", the labels and the patch here) as
 * vN/bench/NAME.json of the series, one state commit, then say where in
 * doc's "attached": {"series", "version", "path"}.  Returns -1, else the
 * exit code. */
static int attach(struct ctx *ctx, json_t *doc, const struct size_attach *a,
		  const struct objsize_diff *diff)
{
	const char *name = a->name;
	git_repository *repo = NULL;
	struct series *s = NULL;
	GError *e = NULL;
	char *text = NULL, *path = NULL, *msg = NULL, *date = NULL, *why = NULL;
	gboolean none;
	int rc = -1;

	if (!repo_open(&repo, &why, &none)) {
		rc = failf(QUILL_ERROR_USAGE, "%s: %s%s", ctx->name, none ? "--attach: " : "", why);
		g_free(why);
		return rc;
	}
	ctx->repo = repo;
	if (!open_series(&s, ctx, a->series, &e)) {
		rc = fail(e);
		goto out;
	}
	path = g_strdup_printf("v%d/bench/%s.json", s->version, name);
	if (!may_replace(s->state, path, &e) || !put_extras(doc, a, repo, s, &e))
		goto failed;
	date = series_now_iso(repo, NULL);
	json_object_set_new(doc, "name", json_string(name));
	json_object_set_new(doc, "date", json_string(date));
	text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
	{
		char *file = g_strconcat(text, "\n", NULL);
		state_set(s->state, path, file, strlen(file));
		g_free(file);
	}
	msg = size_message(name, diff);
	if (!store_commit(repo, s->state, msg, NULL, 0, &e))
		goto failed;
	json_object_set_new(doc, "attached", json_pack("{s:s, s:i, s:s}", "series", s->name,
						       "version", s->version, "path", path));
	goto out;
failed:
	qerr_prefix(&e, "%s: --attach", ctx->name);
	rc = fail(e);
out:
	free(text);
	g_free(path);
	g_free(msg);
	g_free(date);
	series_free(s);
	git_repository_free(repo);
	ctx->repo = NULL;
	return rc;
}

/* What bloat-o-meter and size print, from the report; where it was
 * attached goes to stderr, so that stdout stays theirs. */
static void size_view(struct ctx *ctx, const json_t *report)
{
	const json_t *at = json_object_get(report, "attached");
	struct objsize_diff *diff;
	GError *e = NULL;

	if (!objsize_from_json(&diff, report, &e)) {
		fail(e);	/* its own JSON: not to happen */
		return;
	}
	{
		char *raw = objsize_format(diff), *out = text_escape_lines(raw);

		g_free(raw);
		fputs(out, stdout);
		g_free(out);
	}
	objsize_diff_free(diff);
	if (at)
		fprintf(stderr, "attached %s to %s v%d (%s)\n",
			json_string_value(json_object_get(report, "name")),
			json_string_value(json_object_get(at, "series")),
			(int)json_integer_value(json_object_get(at, "version")),
			json_string_value(json_object_get(at, "path")));
	(void)ctx;
}

int cmd_bench_size(int argc, char **argv, struct ctx *ctx)
{
	gboolean split = FALSE, data = FALSE, text = FALSE;
	char *name = NULL, *series = NULL, *patch = NULL, *label = NULL;
	GOptionEntry entries[] = {
		{ "categories", 'c', 0, G_OPTION_ARG_NONE, &split, "Three tables: functions, data, read-only data (bloat-o-meter -c)", NULL },
		{ "data", 'd', 0, G_OPTION_ARG_NONE, &data, "Only data and read-only data (bloat-o-meter -d)", NULL },
		{ "text", 't', 0, G_OPTION_ARG_NONE, &text, "Only functions (bloat-o-meter -t)", NULL },
		{ "attach", 0, 0, G_OPTION_ARG_STRING, &name, "Also keep the result with the current series as vN/bench/NAME.json", "NAME" },
		{ "series", 's', 0, G_OPTION_ARG_STRING, &series, "Attach to this series instead of the current one", "SERIES" },
		{ "patch", 'p', 0, G_OPTION_ARG_STRING, &patch, "The comparison belongs to this patch of the series (its notes below '---')", "REV" },
		{ "label", 0, 0, G_OPTION_ARG_STRING, &label, "What the mail calls the two files (default: the last part of their paths)", "OLD,NEW" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the result as JSON (what --attach keeps)", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct objsize_file *old = NULL, *new = NULL;
	struct objsize_diff *diff = NULL;
	struct size_attach a = { 0 };
	json_t *doc = NULL;
	GError *e = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "OLD NEW", size_help, entries);

	if (rc >= 0)
		goto out;
	if (argc != 3)
		rc = usage_error(ctx, "give the OLD and the NEW file");
	else if (split + data + text > 1)
		rc = usage_error(ctx, "-c, -d and -t exclude each other");
	else if (name && !bench_name_valid(name))
		rc = usage_error(ctx, "--attach: '%s' is not a benchmark name (1 to 64 letters, digits, '.', '_', '+', '-'; not first '.' or '-')",
				 name);
	else if (!name && (series || patch || label))
		rc = usage_error(ctx, "%s goes with --attach",
				 series ? "--series" : patch ? "--patch" : "--label");
	else if (name && (rc = pick_labels(ctx, &a, label, argv + 1)) >= 0)
		;
	else if (!objsize_read(&old, argv[1], &e) || !objsize_read(&new, argv[2], &e)) {
		qerr_prefix(&e, "%s", ctx->name);
		rc = fail(e);
	}
	if (rc >= 0)
		goto out;
	if (!old->has_symtab)
		warn("%s: %s: no symbol table (stripped?): no symbols to compare", ctx->name, old->name);
	if (!new->has_symtab)
		warn("%s: %s: no symbol table (stripped?): no symbols to compare", ctx->name, new->name);
	diff = objsize_compare(old, new, split ? OBJSIZE_SPLIT : data ? OBJSIZE_DATA
					 : text ? OBJSIZE_TEXT : OBJSIZE_ALL);
	doc = objsize_to_json(diff);
	a.name = name;
	a.series = series;
	a.patch = patch;
	if (!name || (rc = attach(ctx, doc, &a, diff)) < 0) {
		emit(ctx, doc, size_view);
		doc = NULL;
		rc = 0;
	}
out:
	json_decref(doc);
	objsize_diff_free(diff);
	objsize_file_free(old);
	objsize_file_free(new);
	g_free(name);
	g_free(series);
	g_free(patch);
	g_free(label);
	g_free(a.label[0]);
	g_free(a.label[1]);
	return rc;
}
