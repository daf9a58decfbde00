/* html.h - the HTML writer of the report: every text and attribute value
 * that comes from mail, git or the user goes through html_escape, the one
 * escape function; links go through html_href_ok.
 *
 * All functions append to a GString the caller owns.
 */
#ifndef QUILL_REPORT_HTML_H
#define QUILL_REPORT_HTML_H

#include <glib.h>

/* Append s with & < > " ' written as character references, and every
 * control character but \n and \t (and each byte that is not UTF-8) as
 * U+FFFD, so the value is safe as element text and inside a quoted
 * attribute.  NULL appends nothing. */
void html_escape(GString *out, const char *s);

/* Whether url may be an href: it starts with http://, https:// or mailto:
 * (any case), or it is relative (no scheme: no ':' before the first '/',
 * '?' or '#'); and it holds no whitespace or control character.  A
 * javascript:, data: or any other scheme is not. */
gboolean html_href_ok(const char *url);

/* <a href="URL">TEXT</a> when html_href_ok(url), else TEXT alone (both
 * escaped). */
void html_link(GString *out, const char *url, const char *text);

/* <TAG class="CLS">TEXT</TAG> (cls may be NULL; tag and cls are the
 * caller's own constants, text is escaped). */
void html_elem(GString *out, const char *tag, const char *cls, const char *text);

#endif
