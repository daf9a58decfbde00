/* child.h - run a program with some bytes on its standard input and what
 * it prints collected, without a deadlock (input and output are served
 * together) and without SIGPIPE killing quill when the program stops
 * reading early.
 */
#ifndef QUILL_CHILD_H
#define QUILL_CHILD_H

#include <glib.h>

struct child_run {
	/* in */
	const char *const *argv;	/* argv[0] looked up in PATH */
	const char *const *env;		/* "KEY=VALUE" set for the child (or NULL) */
	const char *cwd;		/* NULL: ours */
	const char *input;		/* given on stdin, then closed (NULL: nothing) */
	gsize input_len;
	gsize max_output;		/* per stream, more is dropped; 0: 1 MiB */
	/* out */
	GString *out, *err;		/* stdout and stderr (owned: free with child_run_clear) */
	int wait_status;		/* as waitpid gives it */
	gboolean input_taken;		/* every input byte was written to the pipe */
};

/* Run r->argv to its end.  FALSE with QUILL_ERROR_OUTSIDE only when it
 * cannot be started ("cannot run git: ..."); how it ended is in
 * r->wait_status (g_spawn_check_wait_status reads it). */
gboolean child_run(struct child_run *r, GError **error);

/* Free out and err (the out fields are zeroed; the in fields untouched). */
void child_run_clear(struct child_run *r);

/* The last non-empty line of s, trimmed (caller owns; "" when none). */
char *child_last_line(const GString *s);

#endif
