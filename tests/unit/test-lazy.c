/* test-lazy.c - lib/net/lazy: libcurl and libnotmuch mapped on the first
 * call, their functions forwarded; a library that can't be mapped fails
 * each call the way the library itself fails, and says why on a load. */
#define CURL_DISABLE_TYPECHECK
#include "core/error.h"
#include "net/lazy.h"
#include "unit.h"

#include <curl/curl.h>
#include <notmuch.h>
#include <string.h>

static struct lazy_lib none = { .soname = "libquill-not-there.so.0" };

int quill_test_forwarded(int x);
LAZY_FORWARD(none, int, quill_test_forwarded, (int x), (x), -7)
void quill_test_forwarded_void(int *x);
LAZY_FORWARD_VOID(none, quill_test_forwarded_void, (int *x), (x))

int main(int argc, char **argv)
{
	GError *e = NULL;
	CURL *c;
	char *s;
	int x = 1;

	unit_init(argc, argv);
	UNIT_CASE("missing")
	{
		ok(!lazy_load(&none, &e), "a library that is not there is not loaded");
		ok(e && qerr_class(e) == QUILL_ERROR_OUTSIDE, "  an outside error");
		ok(e && g_str_has_prefix(e->message, "libquill-not-there.so.0 cannot be loaded: "),
		   "  naming it");
		ok(e && !strchr(e->message, '\n'), "  on one line");
		g_clear_error(&e);
		ok(lazy_symbol(&none, "quill_test_forwarded") == NULL, "no symbol of it");
		is_int(quill_test_forwarded(3), -7, "a call into it gives the failure value");
		quill_test_forwarded_void(&x);
		is_int(x, 1, "  a void one does nothing");
	}
	UNIT_CASE("curl")
	{
		ok(lazy_curl_load(&e), "libcurl is loaded");
		g_clear_error(&e);
		ok(lazy_symbol(&lazy_curl_lib, "curl_version") != NULL, "a symbol of it is found");
		is_str(curl_easy_strerror(CURLE_OK), "No error", "curl_easy_strerror forwarded");
		is_int(curl_global_init(CURL_GLOBAL_DEFAULT), CURLE_OK, "curl_global_init");
		c = curl_easy_init();
		ok(c != NULL, "curl_easy_init");
		/* one option of each kind of value, read back where curl can */
		is_int(curl_easy_setopt(c, CURLOPT_VERBOSE, 0L), CURLE_OK, "a long option");
		is_int(curl_easy_setopt(c, CURLOPT_URL, "http://127.0.0.1:9/x"), CURLE_OK,
		       "a string option");
		is_int(curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, NULL), CURLE_OK,
		       "a function option");
		is_int(curl_easy_setopt(c, CURLOPT_MAX_RECV_SPEED_LARGE, (curl_off_t)1 << 40),
		       CURLE_OK, "an off_t option");
		{
			char *url = NULL;

			is_int(curl_easy_getinfo(c, CURLINFO_EFFECTIVE_URL, &url), CURLE_OK,
			       "curl_easy_getinfo");
			is_str(url, "http://127.0.0.1:9/x", "  gives the URL set");
		}
		s = curl_easy_escape(c, "a b/c", 0);
		is_str(s, "a%20b%2Fc", "curl_easy_escape");
		curl_free(s);
		is_int(curl_easy_setopt(c, (CURLoption)(CURLOPTTYPE_OBJECTPOINT + 9999), NULL),
		       CURLE_UNKNOWN_OPTION, "an unknown option is refused by curl");
		curl_easy_cleanup(c);
	}
	UNIT_CASE("notmuch")
	{
		ok(lazy_notmuch_load(&e), "libnotmuch is loaded");
		g_clear_error(&e);
		is_str(notmuch_status_to_string(NOTMUCH_STATUS_SUCCESS), "No error occurred",
		       "notmuch_status_to_string forwarded");
	}
	return done_testing();
}
