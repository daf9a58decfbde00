/* credential.c - git credential fill / approve / reject as a child. */
#include "git/credential.h"
#include "core/child.h"
#include "core/error.h"

#include <string.h>

/* The description git reads on stdin: key=value lines, then an empty one.
 * FALSE when a value would break the format (a newline or NUL in it). */
static gboolean describe(GString *in, const struct credential *c, gboolean with_password)
{
	const char *keys[] = { "protocol", "host", "username", "password" };
	const char *vals[] = { c->protocol, c->host, c->username, with_password ? c->password : NULL };

	for (guint i = 0; i < G_N_ELEMENTS(keys); i++) {
		if (!vals[i])
			continue;
		if (strpbrk(vals[i], "\r\n"))
			return FALSE;
		g_string_append_printf(in, "%s=%s\n", keys[i], vals[i]);
	}
	g_string_append_c(in, '\n');
	return TRUE;
}

static void wipe_string(GString *s)
{
	memset(s->str, 0, s->allocated_len);
	g_string_free(s, TRUE);
}

/* Run `git [--git-dir=D] credential ACTION` with in on stdin. */
static gboolean run(struct child_run *r, const char *action, const char *git_dir,
		    gboolean interactive, GString *in, GError **error)
{
	char *dir_opt = git_dir ? g_strdup_printf("--git-dir=%s", git_dir) : NULL;
	const char *argv[5];
	const char *env[] = { interactive ? NULL : "GIT_TERMINAL_PROMPT=0", NULL };
	guint n = 0;
	gboolean ok;

	argv[n++] = "git";
	if (dir_opt)
		argv[n++] = dir_opt;
	argv[n++] = "credential";
	argv[n++] = action;
	argv[n] = NULL;
	memset(r, 0, sizeof *r);
	r->argv = argv;
	r->env = env;
	r->input = in->str;
	r->input_len = in->len;
	r->max_output = 64 * 1024;
	ok = child_run(r, error);
	g_free(dir_opt);
	return ok;
}

/* Take username= and password= from git's answer. */
static void take_answer(struct credential *c, const char *out)
{
	const char *line = out;

	while (*line) {
		const char *end = strchr(line, '\n');
		gsize len = end ? (gsize)(end - line) : strlen(line);

		if (g_str_has_prefix(line, "username=") && len > 9) {
			g_free(c->username);
			c->username = g_strndup(line + 9, len - 9);
		} else if (g_str_has_prefix(line, "password=") && len > 9) {
			if (c->password) {
				memset(c->password, 0, strlen(c->password));
				g_free(c->password);
			}
			c->password = g_strndup(line + 9, len - 9);
		}
		line += len + (end ? 1 : 0);
	}
}

gboolean credential_fill(struct credential *c, const char *git_dir, gboolean interactive,
			 GError **error)
{
	GString *in = g_string_new(NULL);
	struct child_run r;
	char *why;
	gboolean ok;

	if (!describe(in, c, FALSE)) {
		wipe_string(in);
		return qerr(error, QUILL_ERROR_INPUT, "a credential for %s carries a line break",
			    c->host ? c->host : "?");
	}
	ok = run(&r, "fill", git_dir, interactive, in, error);
	wipe_string(in);
	if (!ok)
		return FALSE;
	if (!g_spawn_check_wait_status(r.wait_status, NULL)) {
		/* git's own words (never the password: it has none to print) */
		why = child_last_line(r.err);
		child_run_clear(&r);
		qerr(error, QUILL_ERROR_OUTSIDE, "no password for %s://%s%s%s", c->protocol,
		     c->host, *why ? ": " : "", why);
		g_free(why);
		return FALSE;
	}
	take_answer(c, r.out->str);
	child_run_clear(&r);
	if (!c->password)
		return qerr(error, QUILL_ERROR_OUTSIDE, "no password for %s://%s: git credential fill gave none",
			    c->protocol, c->host);
	return TRUE;
}

static void tell(const struct credential *c, const char *git_dir, const char *action)
{
	GString *in = g_string_new(NULL);
	struct child_run r;

	if (c->password && describe(in, c, TRUE) && run(&r, action, git_dir, FALSE, in, NULL))
		child_run_clear(&r);
	wipe_string(in);
}

void credential_approve(const struct credential *c, const char *git_dir)
{
	tell(c, git_dir, "approve");
}

void credential_reject(const struct credential *c, const char *git_dir)
{
	tell(c, git_dir, "reject");
}

void credential_clear(struct credential *c)
{
	if (c->password)
		memset(c->password, 0, strlen(c->password));
	g_free(c->password);
	g_free(c->protocol);
	g_free(c->host);
	g_free(c->username);
	memset(c, 0, sizeof *c);
}
