/* text.h - text from outside (mail, files, git, another tool's output)
 * made safe to show on a terminal or in a mail: every control character
 * written as an escape (\t, \n, \r, else C's octal form \033), the C1
 * controls U+0080..U+009F likewise, so that such text can neither break a
 * line nor reach a terminal as a command.  The rest, valid UTF-8 or not,
 * is left as it is.
 */
#ifndef QUILL_CORE_TEXT_H
#define QUILL_CORE_TEXT_H

#include <glib.h>

/* s escaped, or NULL for NULL (caller owns). */
char *text_escape(const char *s);

/* Would text_escape give s back unchanged (nothing in it to escape)? */
gboolean text_is_safe(const char *s);

/* The same, appended to `out`. */
void text_append_escaped(GString *out, const char *s);

/* A block of lines (a table) escaped: its newlines and tabs kept, every
 * other control character escaped (caller owns; NULL for NULL). */
char *text_escape_lines(const char *s);

#endif
