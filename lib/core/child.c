/* child.c - a program run with input, its output collected. */
#include "core/child.h"
#include "core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char **child_env(const char *const *set)
{
	char **env = g_get_environ();

	for (guint i = 0; set && set[i]; i++) {
		const char *eq = strchr(set[i], '=');
		char *key;

		if (!eq)
			continue;
		key = g_strndup(set[i], eq - set[i]);
		env = g_environ_setenv(env, key, eq + 1, TRUE);
		g_free(key);
	}
	return env;
}

/* Read what fd has into s (up to max bytes kept); FALSE at its end. */
static gboolean drain(int fd, GString *s, gsize max)
{
	char buf[8192];
	ssize_t n = read(fd, buf, sizeof buf);

	if (n < 0)
		return errno == EINTR || errno == EAGAIN;
	if (n == 0)
		return FALSE;
	if (s->len < max)
		g_string_append_len(s, buf, MIN((gsize)n, max - s->len));
	return TRUE;
}

/* Serve the three pipes until both outputs end (fds[0] stdin, -1 once closed). */
static void pump(struct child_run *r, int fds[3])
{
	gsize sent = 0, max = r->max_output ? r->max_output : 1 << 20;
	GString *sink[3] = { NULL, r->out, r->err };

	if (!r->input_len) {
		close(fds[0]);
		fds[0] = -1;
		r->input_taken = TRUE;
	}
	while (fds[1] >= 0 || fds[2] >= 0 || fds[0] >= 0) {
		struct pollfd p[3];

		for (int i = 0; i < 3; i++) {
			p[i].fd = fds[i];
			p[i].events = i ? POLLIN : POLLOUT;
			p[i].revents = 0;
		}
		if (poll(p, 3, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (fds[0] >= 0 && p[0].revents) {
			ssize_t n = write(fds[0], r->input + sent, MIN(r->input_len - sent, 65536));

			if (n > 0)
				sent += n;
			if ((n < 0 && errno != EINTR && errno != EAGAIN) || sent == r->input_len) {
				r->input_taken = sent == r->input_len;
				close(fds[0]);
				fds[0] = -1;
			}
		}
		for (int i = 1; i < 3; i++) {
			if (fds[i] >= 0 && p[i].revents && !drain(fds[i], sink[i], max)) {
				close(fds[i]);
				fds[i] = -1;
			}
		}
	}
}

gboolean child_run(struct child_run *r, GError **error)
{
	char **env = child_env(r->env);
	int fds[3];
	GPid pid;
	GError *e = NULL;
	sigset_t pipe_set, old;
	const struct timespec zero = { 0, 0 };
	gboolean ok;

	r->out = g_string_new(NULL);
	r->err = g_string_new(NULL);
	r->wait_status = 0;
	r->input_taken = FALSE;
	ok = g_spawn_async_with_pipes(r->cwd, (char **)r->argv, env,
				      G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
				      &pid, &fds[0], &fds[1], &fds[2], &e);
	g_strfreev(env);
	if (!ok) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot run %s: %s", r->argv[0], e->message);
		g_error_free(e);
		return FALSE;
	}
	fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
	/* a program that stops reading must not kill us: SIGPIPE is held
	 * while we write, and one that came is taken back before the mask is */
	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	pump(r, fds);
	while (sigtimedwait(&pipe_set, NULL, &zero) > 0)
		;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	while (waitpid(pid, &r->wait_status, 0) < 0 && errno == EINTR)
		;
	g_spawn_close_pid(pid);
	return TRUE;
}

static void wipe_free(GString *s)
{
	if (!s)
		return;
	/* the output may hold a password (git credential fill) */
	memset(s->str, 0, s->allocated_len);
	g_string_free(s, TRUE);
}

void child_run_clear(struct child_run *r)
{
	wipe_free(r->out);
	wipe_free(r->err);
	r->out = r->err = NULL;
}

char *child_last_line(const GString *s)
{
	char **lines;
	char *out = NULL;

	if (!s)
		return g_strdup("");
	lines = g_strsplit(s->str, "\n", -1);
	for (int i = g_strv_length(lines) - 1; i >= 0 && !out; i--) {
		g_strstrip(lines[i]);
		if (*lines[i])
			out = g_strdup(lines[i]);
	}
	g_strfreev(lines);
	return out ? out : g_strdup("");
}
