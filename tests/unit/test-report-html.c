/* test-report-html.c - lib/report/html: the one escape function and the
 * links the report lets through. */
#include "report/html.h"
#include "unit.h"

#include <glib.h>

static void is_escaped(const char *in, const char *want, const char *name)
{
	GString *out = g_string_new(NULL);

	html_escape(out, in);
	is_str(out->str, want, name);
	g_string_free(out, TRUE);
}

static void is_link(const char *url, const char *text, const char *want, const char *name)
{
	GString *out = g_string_new(NULL);

	html_link(out, url, text);
	is_str(out->str, want, name);
	g_string_free(out, TRUE);
}

int main(void)
{
	is_escaped("plain, ünïcode", "plain, ünïcode", "text is left alone");
	is_escaped("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;",
		   "markup becomes text");
	is_escaped("a \"b\" 'c' & d", "a &quot;b&quot; &#39;c&#39; &amp; d", "quotes and ampersand");
	is_escaped("a\nb\tc", "a\nb\tc", "newline and tab stay");
	is_escaped("a\033b\x01" "c\xc2\x9b" "d", "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xef\xbf\xbd" "d",
		   "C0 and C1 controls become U+FFFD");
	is_escaped("x\xff" "y", "x\xef\xbf\xbd" "y", "a byte that is not UTF-8 becomes U+FFFD");

	ok(html_href_ok("https://lore.kernel.org/all/x@y/"), "https");
	ok(html_href_ok("HTTP://example.org/"), "http in any case");
	ok(html_href_ok("mailto:a@example.org"), "mailto");
	ok(html_href_ok("#v2") && html_href_ok("other.html") && html_href_ok("a/b:c"),
	   "relative links");
	ok(!html_href_ok("javascript:alert(1)"), "javascript: is dropped");
	ok(!html_href_ok("JaVaScRiPt:alert(1)"), "in any case");
	ok(!html_href_ok(" javascript:alert(1)") && !html_href_ok("java\tscript:alert(1)"),
	   "with whitespace in it");
	ok(!html_href_ok("data:text/html,<script>x</script>") && !html_href_ok("vbscript:x") &&
	   !html_href_ok("file:///etc/passwd"), "other schemes");
	ok(!html_href_ok("http:x") && !html_href_ok("https:/x"), "http without //");
	ok(!html_href_ok("") && !html_href_ok(NULL), "empty and NULL");

	is_link("https://l.example/m%40x/", "<m@x>",
		"<a href=\"https://l.example/m%40x/\">&lt;m@x&gt;</a>", "a link, text escaped");
	is_link("https://l.example/\"onmouseover=x", "t",
		"<a href=\"https://l.example/&quot;onmouseover=x\">t</a>",
		"a quote cannot end the attribute");
	is_link("javascript:alert(1)", "<b>x</b>", "&lt;b&gt;x&lt;/b&gt;", "a dropped link keeps its text");
	return done_testing();
}
