/* template.h - pure {{token}} rendering: a template and values in, text out.
 *
 * Syntax: "{{name}}" or "{{name ARG}}" (spaces inside the braces are
 * trimmed); "\{{" is a literal "{{" (the escape: text put into a template
 * goes through template_escape, so it renders as itself).  A line that holds nothing but one
 * token whose value is empty disappears with its newline, so optional
 * blocks (prerequisites, benchmark tables) leave no blank lines behind.
 * An unknown token or an unclosed "{{" is an error naming the source and
 * line.  No I/O, no globals.
 */
#ifndef QUILL_TEMPLATE_H
#define QUILL_TEMPLATE_H

#include <glib.h>

/* Return the value of token `name` (with `arg` or NULL), caller-owned
 * (g_free), or NULL when the token is unknown.  May set *error instead
 * (then return NULL) to report a known token that cannot be filled. */
typedef char *(*template_lookup_fn)(const char *name, const char *arg, void *payload,
				    GError **error);

/* Render `tmpl`; `source` names it in errors ("templates/cover-letter.txt").
 * Returns the text (caller owns, g_free) or NULL with QUILL_ERROR_INPUT. */
char *template_render(const char *tmpl, const char *source, template_lookup_fn lookup,
		      void *payload, GError **error);

/* Fill in only the tokens `lookup` knows and give a template again: their
 * values go in escaped (template_escape), so they render as themselves
 * later; a token lookup returns NULL for (without an error) stays as
 * written, and so does every "\{{".  A line holding
 * nothing but one token whose value is empty disappears, as in
 * template_render; errors are template_render's.  Caller owns. */
char *template_fill(const char *tmpl, const char *source, template_lookup_fn lookup,
		    void *payload, GError **error);

/* `text` as template text that renders as `text`: each "{{" written
 * "\{{" (caller owns). */
char *template_escape(const char *text);

/* Same as template_render, values from a table (char* -> char*) of argument-less tokens. */
char *template_render_dict(const char *tmpl, const char *source, GHashTable *values,
			   GError **error);

#endif
