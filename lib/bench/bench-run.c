/* bench-run.c - run a command N times and measure each run. */
#include "bench/bench-run.h"
#include "core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

char *bench_command_line(char **argv, gboolean shell)
{
	GString *s = g_string_new(NULL);

	for (char **a = argv; a && *a; a++) {
		gboolean plain = **a != 0;
		if (s->len)
			g_string_append_c(s, ' ');
		for (const char *p = *a; *p && plain; p++)
			if (!g_ascii_isalnum(*p) && !strchr("-_./=:,+@%^", *p))
				plain = FALSE;
		if (plain || shell) {
			g_string_append(s, *a);
		} else {
			char *q = g_shell_quote(*a);
			g_string_append(s, q);
			g_free(q);
		}
	}
	return g_string_free(s, FALSE);
}

char *bench_host_description(void)
{
	struct utsname u;
	GString *s = g_string_new(NULL);
	char *info = NULL;

	if (uname(&u) == 0)
		g_string_append(s, u.machine);
	if (g_file_get_contents("/proc/cpuinfo", &info, NULL, NULL)) {
		char *m = strstr(info, "model name");
		char *colon = m ? strchr(m, ':') : NULL;
		if (colon) {
			char *end = strchr(colon, '\n'), *model;
			model = g_strstrip(g_strndup(colon + 1, end ? (gsize)(end - colon - 1) : strlen(colon + 1)));
			if (*model && g_utf8_validate(model, -1, NULL))
				g_string_append_printf(s, "%s%s", s->len ? ", " : "", model);
			g_free(model);
		}
		g_free(info);
	}
	g_string_append_printf(s, "%s%u CPU%s", s->len ? ", " : "", g_get_num_processors(),
			       g_get_num_processors() == 1 ? "" : "s");
	if (uname(&u) == 0 && g_utf8_validate(u.release, -1, NULL))
		g_string_append_printf(s, ", %s %s", u.sysname, u.release);
	return g_string_free(s, FALSE);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double tv_seconds(const struct timeval *tv)
{
	return (double)tv->tv_sec + tv->tv_usec / 1e6;
}

struct one_run {
	double wall, user, sys;
	long maxrss;		/* KiB */
	int status;
};

/* In the child: fds, then exec; the errno of a failed exec goes up the pipe. */
static void child(const struct bench_run_opts *o, const char *shell_cmd, int err_fd)
{
	int null = open("/dev/null", O_RDWR);
	int e;

	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		if (!o->show_output)
			dup2(null, STDOUT_FILENO);
		else
			dup2(STDERR_FILENO, STDOUT_FILENO);
		if (!o->show_output)
			dup2(null, STDERR_FILENO);
		if (null > STDERR_FILENO)
			close(null);
	}
	signal(SIGPIPE, SIG_DFL);
	if (shell_cmd)
		execl("/bin/sh", "sh", "-c", shell_cmd, (char *)NULL);
	else
		execvp(o->argv[0], o->argv);
	e = errno;
	if (write(err_fd, &e, sizeof e) < 0)
		_exit(126);
	_exit(127);
}

static gboolean run_once(const struct bench_run_opts *o, const char *shell_cmd,
			 struct one_run *r, GError **error)
{
	int fds[2], e = 0;
	pid_t pid;
	double t0, t1;
	struct rusage ru;
	ssize_t got;

	if (pipe2(fds, O_CLOEXEC) < 0)
		return qerr(error, QUILL_ERROR_OUTSIDE, "pipe: %s", g_strerror(errno));
	t0 = now();
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return qerr(error, QUILL_ERROR_OUTSIDE, "fork: %s", g_strerror(errno));
	}
	if (pid == 0)
		child(o, shell_cmd, fds[1]);
	close(fds[1]);
	do
		got = read(fds[0], &e, sizeof e);
	while (got < 0 && errno == EINTR);
	close(fds[0]);
	while (wait4(pid, &r->status, 0, &ru) < 0)
		if (errno != EINTR)
			return qerr(error, QUILL_ERROR_OUTSIDE, "wait4: %s", g_strerror(errno));
	t1 = now();
	if (got == (ssize_t)sizeof e)
		return qerr(error, QUILL_ERROR_USAGE, "cannot run '%s': %s",
			    shell_cmd ? "/bin/sh" : o->argv[0], g_strerror(e));
	r->wall = t1 - t0;
	r->user = tv_seconds(&ru.ru_utime);
	r->sys = tv_seconds(&ru.ru_stime);
	r->maxrss = ru.ru_maxrss;
	return TRUE;
}

static char *status_text(int status)
{
	if (WIFEXITED(status))
		return g_strdup_printf("exit status %d", WEXITSTATUS(status));
	if (WIFSIGNALED(status))
		return g_strdup_printf("killed by signal %d (%s)", WTERMSIG(status),
				       g_strsignal(WTERMSIG(status)));
	return g_strdup_printf("wait status %#x", status);
}

struct bench_role *bench_run(const struct bench_run_opts *o, GError **error)
{
	struct bench_role *role;
	struct bench_metric *wall, *user, *sys, *rss;
	char *shell_cmd = o->shell ? g_strjoinv(" ", o->argv) : NULL;
	int failed = 0;

	if (!o->argv || !o->argv[0] || o->runs < 1 || o->warmup < 0) {
		g_free(shell_cmd);
		qerr(error, QUILL_ERROR_USAGE, "nothing to run");
		return NULL;
	}
	role = bench_role_new("", "run");
	role->command = bench_command_line(o->argv, o->shell);
	role->host = bench_host_description();
	role->warmup = o->warmup;
	wall = bench_metric_new("wall", "s");
	user = bench_metric_new("user", "s");
	sys = bench_metric_new("sys", "s");
	rss = bench_metric_new("maxrss", "KiB");
	rss->decimals = 0;
	g_ptr_array_add(role->metrics, wall);
	g_ptr_array_add(role->metrics, user);
	g_ptr_array_add(role->metrics, sys);
	g_ptr_array_add(role->metrics, rss);
	for (int i = 0; i < o->warmup + o->runs; i++) {
		gboolean warm = i < o->warmup;
		struct one_run r;

		if (!run_once(o, shell_cmd, &r, error))
			goto fail;
		if (!(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0)) {
			if (!o->ignore_failure) {
				char *why = status_text(r.status);
				qerr(error, QUILL_ERROR_NEGATIVE, "'%s' failed on %s %d of %d: %s",
				     role->command, warm ? "warmup run" : "run",
				     warm ? i + 1 : i - o->warmup + 1, warm ? o->warmup : o->runs, why);
				g_free(why);
				goto fail;
			}
			failed++;
		}
		if (!warm) {
			bench_metric_add(wall, r.wall);
			bench_metric_add(user, r.user);
			bench_metric_add(sys, r.sys);
			bench_metric_add(rss, (double)r.maxrss);
		}
		if (o->progress)
			o->progress(o->payload, warm ? i + 1 : i - o->warmup + 1,
				    warm ? o->warmup : o->runs, warm, r.wall);
	}
	if (failed && o->warn)
		o->warn(o->warn_payload, "'%s' failed on %d of %d runs (kept: --ignore-failure)",
			role->command, failed, o->warmup + o->runs);
	g_free(shell_cmd);
	return role;
fail:
	g_free(shell_cmd);
	bench_role_free(role);
	return NULL;
}
