/* warn.h - how lib/ reports a problem that does not stop it.
 *
 * lib/ never prints.  A function that can meet input worth a warning (a
 * malformed message in a mailbox it otherwise reads on) takes a warn_fn and
 * a payload from its caller and calls it with one printf-style line: no
 * "warning:" prefix, no newline, naming the thing ("<id@host>: duplicate
 * Message-ID ...").  The caller decides how to show it (cmd/ prints it to
 * stderr).  A NULL warn_fn means: say nothing.
 */
#ifndef QUILL_WARN_H
#define QUILL_WARN_H

typedef void (*warn_fn)(void *payload, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
