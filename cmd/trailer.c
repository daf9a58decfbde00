/* trailer.c - quill trailer parse: the trailers of messages, files or the
 * commits of a range, printed as git interpret-trailers --parse does. */
#include "cmd.h"
#include "core/error.h"
#include "git/config.h"
#include "git/logwalk.h"
#include "mail/trailer.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The trailer configuration in force: git's files, then each -c. */
struct tconf {
	GArray *conf;		/* struct trailer_conf; its strings live in `strings` */
	GPtrArray *strings;	/* owned */
	char *separators, *comment;
	char *bad;		/* why a setting was refused (owned), or NULL */
};

static void tconf_init(struct tconf *t)
{
	t->conf = g_array_new(FALSE, TRUE, sizeof(struct trailer_conf));
	t->strings = g_ptr_array_new_with_free_func(g_free);
	t->separators = t->comment = t->bad = NULL;
}

static void tconf_clear(struct tconf *t)
{
	g_array_free(t->conf, TRUE);
	g_ptr_array_free(t->strings, TRUE);
	g_free(t->separators);
	g_free(t->comment);
	g_free(t->bad);
}

static const char *keep(struct tconf *t, char *s)
{
	g_ptr_array_add(t->strings, s);
	return s;
}

/* One setting, name as git reports it (lower-case section and variable).
 * Returns -1 (with t->bad set) for a value git refuses. */
static int tconf_set(const char *name, const char *value, void *data)
{
	static const char *const vars[] = { "key", "command", "cmd", "where", "ifexists",
					    "ifmissing" };
	struct tconf *t = data;
	const char *item, *var;
	char *alias;
	struct trailer_conf *c = NULL;

	if (!g_ascii_strcasecmp(name, "core.commentchar") ||
	    !g_ascii_strcasecmp(name, "core.commentstring")) {
		if (!value || !*value || strchr(value, '\n')) {
			t->bad = g_strdup_printf("%s: %s", name,
						 !value ? "no value" : "must be one line of at least one character");
			return -1;
		}
		/* "auto" picks a character for commit messages; others keep theirs */
		if (g_ascii_strcasecmp(value, "auto") || !g_ascii_strcasecmp(name, "core.commentstring")) {
			g_free(t->comment);
			t->comment = g_strdup(value);
		}
		return 0;
	}
	if (g_ascii_strncasecmp(name, "trailer.", 8))
		return 0;
	item = name + 8;
	if (!g_ascii_strcasecmp(item, "separators")) {
		if (!value) {
			t->bad = g_strdup_printf("%s: no value", name);
			return -1;
		}
		g_free(t->separators);
		t->separators = g_strdup(value);
		return 0;
	}
	if (!(var = strrchr(item, '.')))
		return 0;
	var++;
	for (size_t i = 0; i < G_N_ELEMENTS(vars); i++)
		if (!g_ascii_strcasecmp(var, vars[i]))
			goto known;
	return 0;
known:
	alias = g_strndup(item, (gsize)(var - 1 - item));
	for (guint i = 0; i < t->conf->len; i++)
		if (!g_ascii_strcasecmp(g_array_index(t->conf, struct trailer_conf, i).alias, alias))
			c = &g_array_index(t->conf, struct trailer_conf, i);
	if (!c) {
		struct trailer_conf n = { keep(t, alias), NULL };
		g_array_append_val(t->conf, n);
		c = &g_array_index(t->conf, struct trailer_conf, t->conf->len - 1);
	} else {
		g_free(alias);
	}
	if (!g_ascii_strcasecmp(var, "key")) {
		if (!value) {
			t->bad = g_strdup_printf("%s: no value", name);
			return -1;
		}
		c->key = keep(t, g_strdup(value));
	}
	return 0;
}

/* -c key=value as git takes it: section and variable names are
 * case-insensitive, a missing '=' gives no value. */
static int tconf_arg(struct tconf *t, const char *arg)
{
	const char *eq = strchr(arg, '='), *dot, *last;
	char *name = eq ? g_strndup(arg, (gsize)(eq - arg)) : g_strdup(arg);
	int rc;

	dot = strchr(name, '.');
	last = strrchr(name, '.');
	if (!dot || dot == name || !last[1]) {
		t->bad = g_strdup_printf("-c %s: not a key=value setting", arg);
		g_free(name);
		return -1;
	}
	for (char *p = name; p < dot; p++)
		*p = g_ascii_tolower(*p);
	for (char *p = (char *)last + 1; *p; p++)
		*p = g_ascii_tolower(*p);
	rc = tconf_set(name, eq ? eq + 1 : NULL, t);
	g_free(name);
	return rc;
}

/* Print what git interpret-trailers --parse prints for one message. */
static void print_message(FILE *out, const char *msg, size_t len, const struct trailer_opts *o,
			  struct trailer_iter *it)
{
	struct trailer_block b;
	struct trailer_item item;
	struct trailer_shown sh;

	if (!trailer_block_find(msg, len, o, &b))
		return;
	trailer_iter_reuse(it, msg, &b);
	while (trailer_iter_next(it, &item)) {
		if (!trailer_shown(msg, &item, o, &sh))
			continue;
		fwrite_unlocked(sh.token, 1, sh.token_len, out);
		if (sh.sep) {
			putc_unlocked(sh.sep, out);
			putc_unlocked(' ', out);
		}
		fwrite_unlocked(item.value, 1, item.value_len, out);
		putc_unlocked('\n', out);
	}
}

/* The whole of fd (caller owns *out); FALSE with errno set. */
static gboolean read_all(int fd, char **out, size_t *len)
{
	size_t size = 8192, n = 0;
	char *buf = g_malloc(size);

	for (;;) {
		ssize_t r;

		if (n == size)
			buf = g_realloc(buf, size *= 2);
		r = read(fd, buf + n, size - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int saved = errno;
			g_free(buf);
			errno = saved;
			return FALSE;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	*out = buf;
	*len = n;
	return TRUE;
}

/* One FILE ("-": standard input).  Returns 0, or 2 having said why not. */
static int parse_file(struct ctx *ctx, const char *path, const struct trailer_opts *o,
		      struct trailer_iter *it)
{
	gboolean in = !strcmp(path, "-");
	int fd = in ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	char *buf;
	size_t len;

	if (fd < 0 || !read_all(fd, &buf, &len)) {
		int rc = failf(QUILL_ERROR_USAGE, "%s: cannot read %s: %s", ctx->name,
			       in ? "standard input" : path, g_strerror(errno));

		if (fd > STDIN_FILENO)
			close(fd);
		return rc;
	}
	if (!in)
		close(fd);
	print_message(stdout, buf, len, o, it);
	g_free(buf);
	return 0;
}

/* Every commit of `range` in git log's order, each after a "commit <oid>"
 * line.  Returns the exit code. */
static int parse_range(git_repository *repo, const char *range, const struct trailer_opts *o,
		       struct trailer_iter *it)
{
	struct logwalk *w;
	GError *e = NULL;
	git_oid oid;
	const char *msg;
	size_t len;
	char hex[GIT_OID_HEXSZ + 1];

	/* each object is read once: libgit2's cache would only cost */
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	if (!logwalk_new(&w, repo, range, &e))
		return fail(e);
	while (logwalk_next(w, &oid, &msg, &len, &e)) {
		git_oid_tostr(hex, sizeof(hex), &oid);
		fputs_unlocked("commit ", stdout);
		fputs_unlocked(hex, stdout);
		putc_unlocked('\n', stdout);
		print_message(stdout, msg, len, o, it);
	}
	logwalk_free(w);
	return e ? fail(e) : 0;
}

static const char parse_help[] =
	"Prints the trailers of a commit message as 'git interpret-trailers --parse'\n"
	"does: one 'Token: value' line per trailer of the message's trailer block,\n"
	"folded values joined by single spaces.  Reads standard input, or each FILE in\n"
	"turn ('-' is standard input); a FILE that cannot be read is skipped and the\n"
	"exit status is 2.  No repository is needed.\n"
	"\n"
	"The configuration is git's: trailer.separators, trailer.<alias>.key (and the\n"
	"other trailer.<alias>.* keys, which make <alias> a known token) and\n"
	"core.commentChar / core.commentString, from the repository's config when\n"
	"run inside one (else the global and system files), then each -c in order.\n"
	"\n"
	"--rev-range RANGE (inside a repository) prints, for every commit of RANGE\n"
	"(REV, A..B or A...B), a line 'commit <oid>' and then its trailers, in git\n"
	"log's order: newest first, as 'git log RANGE' lists them.  Messages are\n"
	"taken as stored (no re-encoding), with the same rules as files, so a '---'\n"
	"line ends one; git log's %(trailers) ignores that divider (--no-divider\n"
	"matches it) and skips blank lines before the subject.";

int cmd_trailer_parse(int argc, char **argv, struct ctx *ctx)
{
	gboolean no_divider = FALSE, trim_empty = FALSE;
	char **settings = NULL, *range = NULL;
	GOptionEntry entries[] = {
		{ "no-divider", 0, 0, G_OPTION_ARG_NONE, &no_divider, "A '---' line does not end the message", NULL },
		{ "trim-empty", 0, 0, G_OPTION_ARG_NONE, &trim_empty, "Leave out trailers whose value is empty", NULL },
		{ "config", 'c', 0, G_OPTION_ARG_STRING_ARRAY, &settings, "A git setting in force for this run, as git -c (repeatable)", "KEY=VALUE" },
		{ "rev-range", 0, 0, G_OPTION_ARG_STRING, &range, "The trailers of every commit of RANGE (A..B, or REV for its whole history)", "RANGE" },
		G_OPTION_ENTRY_NULL
	};
	git_repository *repo = NULL;
	struct tconf t;
	struct trailer_opts o = { 0 };
	struct trailer_iter it;
	static char outbuf[1 << 16];
	int rc = opt_parse(ctx, &argc, &argv, "[FILE...]", parse_help, entries);

	if (rc >= 0)
		goto done;
	tconf_init(&t);
	rc = 0;
	if (range && argc > 1) {
		rc = usage_error(ctx, "give FILEs or --rev-range, not both");
		goto out;
	}
	if (!repo_open(&repo, NULL, NULL) && range) {
		rc = failf(QUILL_ERROR_USAGE, "%s: --rev-range: not in a git repository", ctx->name);
		goto out;
	}
	if (config_foreach(repo, "^(trailer|core)\\.", tconf_set, &t)) {
		rc = failf(QUILL_ERROR_INPUT, "%s: bad configuration: %s", ctx->name, t.bad);
		goto out;
	}
	for (char **s = settings; s && *s; s++)
		if (tconf_arg(&t, *s)) {
			rc = usage_error(ctx, "%s", t.bad);
			goto out;
		}
	o.no_divider = no_divider;
	o.trim_empty = trim_empty;
	o.comment = t.comment;
	o.separators = t.separators;
	o.conf = (const struct trailer_conf *)(void *)t.conf->data;
	o.nconf = t.conf->len;

	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	trailer_iter_init(&it, NULL, NULL, &o);
	if (range) {
		rc = parse_range(repo, range, &o, &it);
	} else if (argc < 2) {
		rc = parse_file(ctx, "-", &o, &it);
	} else {
		for (int i = 1; i < argc; i++) {
			int one = parse_file(ctx, argv[i], &o, &it);

			if (one)
				rc = one;
		}
	}
	trailer_iter_done(&it);
	fflush(stdout);
out:
	git_repository_free(repo);
	tconf_clear(&t);
done:
	g_strfreev(settings);
	g_free(range);
	return rc;
}
