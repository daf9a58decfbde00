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

/* Is s[0..n) valid UTF-8 without a NUL, as g_utf8_validate_len says?  The
 * same verdict, faster on mostly ASCII text: ASCII is passed over eight
 * bytes at a time and GLib validates only the runs of bytes of 0x80 and
 * up (an ASCII byte never falls inside a UTF-8 sequence, so a run ends
 * where a sequence ends, or the text is not valid). */
gboolean text_utf8_valid(const char *s, gsize n);

#endif
