/* sign.c - signing a commit buffer with gpg, gpgsm or ssh-keygen (see sign.h). */
#include "git/sign.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/error.h"
#include "git/config.h"
#include "git/ident.h"

enum sign_format { SIGN_OPENPGP, SIGN_X509, SIGN_SSH };

struct signer {
	enum sign_format format;
	char *program;	/* owned */
	char *key;	/* owned: the key id, the key file, or the literal key */
	gboolean literal;	/* ssh: key is a public key's text, not a path */
};

static void signer_clear(struct signer *s)
{
	g_free(s->program);
	g_free(s->key);
}

/* The first of keys[] that is set, else `dflt` (caller owns). */
static char *config_first(git_repository *repo, const char *const *keys, const char *dflt)
{
	for (int i = 0; keys[i]; i++) {
		char *v = config_get(repo, keys[i]);

		if (v && *v)
			return v;
		g_free(v);
	}
	return g_strdup(dflt);
}

static gboolean signer_key(git_repository *repo, struct signer *s, GError **error)
{
	git_signature *sig = NULL;

	s->key = config_get(repo, "user.signingkey");
	if (s->key && *s->key) {
		if (s->format != SIGN_SSH)
			return TRUE;
		if (g_str_has_prefix(s->key, "key::")) {
			memmove(s->key, s->key + 5, strlen(s->key + 5) + 1);
			s->literal = TRUE;
		} else if (g_str_has_prefix(s->key, "ssh-")) {
			s->literal = TRUE;
		} else if (g_str_has_prefix(s->key, "~/")) {
			char *p = g_build_filename(g_get_home_dir(), s->key + 2, NULL);

			g_free(s->key);
			s->key = p;
		}
		return TRUE;
	}
	g_clear_pointer(&s->key, g_free);
	if (s->format == SIGN_SSH)
		return qerr(error, QUILL_ERROR_INPUT,
			    "ssh signing needs user.signingKey (a key file or \"key::...\"); "
			    "gpg.ssh.defaultKeyCommand is not supported");
	if (!ident_signature(&sig, repo, FALSE, error))
		return FALSE;
	s->key = g_strdup_printf("%s <%s>", sig->name, sig->email);
	git_signature_free(sig);
	return TRUE;
}

static gboolean signer_read(git_repository *repo, struct signer *s, GError **error)
{
	static const char *const openpgp[] = { "gpg.openpgp.program", "gpg.program", NULL };
	static const char *const x509[] = { "gpg.x509.program", NULL };
	static const char *const ssh[] = { "gpg.ssh.program", NULL };
	char *fmt = config_get(repo, "gpg.format");

	memset(s, 0, sizeof *s);
	if (!fmt || !g_ascii_strcasecmp(fmt, "openpgp")) {
		s->format = SIGN_OPENPGP;
		s->program = config_first(repo, openpgp, "gpg");
	} else if (!g_ascii_strcasecmp(fmt, "x509")) {
		s->format = SIGN_X509;
		s->program = config_first(repo, x509, "gpgsm");
	} else if (!g_ascii_strcasecmp(fmt, "ssh")) {
		s->format = SIGN_SSH;
		s->program = config_first(repo, ssh, "ssh-keygen");
	} else {
		qerr(error, QUILL_ERROR_INPUT,
		     "gpg.format '%s' is not one of openpgp, x509, ssh", fmt);
		g_free(fmt);
		return FALSE;
	}
	g_free(fmt);
	return signer_key(repo, s, error);
}

/* The first line of a program's complaint, the gpg status lines left out
 * (caller owns); "" when it said nothing. */
static char *complaint(const char *err)
{
	char **lines = g_strsplit(err ? err : "", "\n", -1);
	char *out = NULL;

	for (int i = 0; lines[i] && !out; i++) {
		g_strstrip(lines[i]);
		if (*lines[i] && !g_str_has_prefix(lines[i], "[GNUPG:]"))
			out = g_strdup(lines[i]);
	}
	g_strfreev(lines);
	return out ? out : g_strdup("");
}

static int open_in(const char *dir, const char *name, int flags)
{
	char *p = g_build_filename(dir, name, NULL);
	int fd = open(p, flags | O_CLOEXEC | O_NOFOLLOW, 0600);

	g_free(p);
	return fd;
}

static char *read_in(const char *dir, const char *name)
{
	char *p = g_build_filename(dir, name, NULL), *data = NULL;

	if (!g_file_get_contents(p, &data, NULL, NULL))
		data = NULL;
	g_free(p);
	return data;
}

/* Run argv with stdin from dir/in (NULL: none), stdout and stderr into
 * dir/out and dir/err; *out and *err get what it wrote (caller owns),
 * *clean whether it exited 0. */
static gboolean run(char **argv, const char *dir, const char *in, char **out, char **err,
		    gboolean *clean, GError **error)
{
	int fin = in ? open_in(dir, in, O_RDONLY) : open("/dev/null", O_RDONLY | O_CLOEXEC);
	int fout = open_in(dir, "out", O_WRONLY | O_CREAT | O_EXCL);
	int ferr = open_in(dir, "err", O_WRONLY | O_CREAT | O_EXCL);
	GError *e = NULL;
	GPid pid = 0;
	int status = 0;
	gboolean ok = FALSE;

	if (fin < 0 || fout < 0 || ferr < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot set up signing: %s", g_strerror(errno));
		goto done;
	}
	if (!g_spawn_async_with_pipes_and_fds(NULL, (const char *const *)argv, NULL,
					      G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD,
					      NULL, NULL, fin, fout, ferr, NULL, NULL, 0, &pid,
					      NULL, NULL, NULL, &e)) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot run %s to sign: %s", argv[0], e->message);
		g_error_free(e);
		goto done;
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	g_spawn_close_pid(pid);
	*clean = g_spawn_check_wait_status(status, NULL);
	*out = read_in(dir, "out");
	*err = read_in(dir, "err");
	ok = TRUE;
done:
	if (fin >= 0)
		close(fin);
	if (fout >= 0)
		close(fout);
	if (ferr >= 0)
		close(ferr);
	return ok;
}

static gboolean write_in(const char *dir, const char *name, const char *data, gsize len,
			 GError **error)
{
	char *p = g_build_filename(dir, name, NULL);
	GError *e = NULL;
	gboolean ok = g_file_set_contents_full(p, data, (gssize)len, G_FILE_SET_CONTENTS_NONE,
					       0600, &e);

	if (!ok) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot set up signing: %s", e->message);
		g_error_free(e);
	}
	g_free(p);
	return ok;
}

static gboolean sign_gpg(const struct signer *s, const char *dir, char **sig, GError **error)
{
	char *argv[] = { s->program, "--status-fd=2", "-bsau", s->key, NULL };
	char *out = NULL, *err = NULL;
	gboolean clean = FALSE, ok = FALSE;

	if (!run(argv, dir, "buffer", &out, &err, &clean, error))
		return FALSE;
	if (clean && out && *out && err &&
	    (g_str_has_prefix(err, "[GNUPG:] SIG_CREATED ") ||
	     strstr(err, "\n[GNUPG:] SIG_CREATED "))) {
		*sig = g_steal_pointer(&out);
		ok = TRUE;
	} else {
		char *why = complaint(err);

		qerr(error, QUILL_ERROR_OUTSIDE, "%s failed to sign with key '%s'%s%s", s->program,
		     s->key, *why ? ": " : "", why);
		g_free(why);
	}
	g_free(out);
	g_free(err);
	return ok;
}

static gboolean sign_ssh(const struct signer *s, const char *dir, char **sig, GError **error)
{
	char *buffer = g_build_filename(dir, "buffer", NULL);
	char *keyfile = s->literal ? g_build_filename(dir, "key", NULL) : g_strdup(s->key);
	char *argv[] = { s->program, "-Y", "sign", "-n", "git", "-f", keyfile,
			 s->literal ? "-U" : buffer, s->literal ? buffer : NULL, NULL };
	char *out = NULL, *err = NULL;
	gboolean clean = FALSE, ok = FALSE;

	if (s->literal && !write_in(dir, "key", s->key, strlen(s->key), error))
		goto done;
	if (!run(argv, dir, NULL, &out, &err, &clean, error))
		goto done;
	if (clean && (*sig = read_in(dir, "buffer.sig")) && **sig) {
		ok = TRUE;
	} else {
		char *why = complaint(err);

		g_clear_pointer(sig, g_free);
		if (strstr(err ? err : "", "usage:"))
			qerr(error, QUILL_ERROR_OUTSIDE,
			     "%s cannot sign: ssh signing needs ssh-keygen -Y sign (OpenSSH 8.2p1 or later)",
			     s->program);
		else
			qerr(error, QUILL_ERROR_OUTSIDE, "%s failed to sign with key '%s'%s%s",
			     s->program, s->key, *why ? ": " : "", why);
		g_free(why);
	}
done:
	g_free(out);
	g_free(err);
	g_free(keyfile);
	g_free(buffer);
	return ok;
}

/* Remove the private directory and what signing put in it. */
static void remove_dir(const char *dir)
{
	static const char *const names[] = { "buffer", "buffer.sig", "key", "out", "err", NULL };

	for (int i = 0; names[i]; i++) {
		char *p = g_build_filename(dir, names[i], NULL);

		g_unlink(p);
		g_free(p);
	}
	g_rmdir(dir);
}

/* Drop the CRs before newlines and the final newlines. */
static void tidy_signature(char *sig)
{
	char *w = sig;
	gsize n;

	for (const char *r = sig; *r; r++)
		if (!(r[0] == '\r' && r[1] == '\n'))
			*w++ = *r;
	*w = '\0';
	n = strlen(sig);
	while (n && sig[n - 1] == '\n')
		sig[--n] = '\0';
}

gboolean sign_buffer(git_repository *repo, const char *buf, gsize len, char **signature,
		     GError **error)
{
	struct signer s;
	GError *e = NULL;
	char *dir = NULL;
	gboolean ok = FALSE;

	*signature = NULL;
	if (!signer_read(repo, &s, error))
		goto done;
	if (!(dir = g_dir_make_tmp("quill-sign-XXXXXX", &e))) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot set up signing: %s", e->message);
		g_error_free(e);
		goto done;
	}
	if (!write_in(dir, "buffer", buf, len, error))
		goto done;
	ok = s.format == SIGN_SSH ? sign_ssh(&s, dir, signature, error)
				  : sign_gpg(&s, dir, signature, error);
	if (ok)
		tidy_signature(*signature);
done:
	if (dir)
		remove_dir(dir);
	g_free(dir);
	signer_clear(&s);
	return ok;
}

gboolean sign_commit_create(git_oid *out, git_repository *repo, const git_signature *author,
			    const git_signature *committer, const char *encoding,
			    const char *message, const git_tree *tree, size_t parent_count,
			    const git_commit **parents, GError **error)
{
	git_buf buf = { 0 };
	char *sig = NULL;
	gboolean ok = FALSE;
	int rc;

	if ((rc = git_commit_create_buffer(&buf, repo, author, committer, encoding, message, tree,
					   parent_count, parents)) < 0)
		return qerr_git(error, rc, "cannot make a commit to sign");
	if (!sign_buffer(repo, buf.ptr, buf.size, &sig, error))
		goto done;
	if ((rc = git_commit_create_with_signature(out, repo, buf.ptr, sig, "gpgsig")) < 0) {
		qerr_git(error, rc, "cannot write a signed commit");
		goto done;
	}
	ok = TRUE;
done:
	g_free(sig);
	git_buf_dispose(&buf);
	return ok;
}

gboolean sign_wanted(git_repository *repo)
{
	git_config *cfg = NULL, *snap = NULL;
	int v = 0;

	if (git_repository_config(&cfg, repo) == 0 && git_config_snapshot(&snap, cfg) == 0 &&
	    git_config_get_bool(&v, snap, "commit.gpgsign") < 0)
		v = 0;
	git_config_free(snap);
	git_config_free(cfg);
	return v != 0;
}
