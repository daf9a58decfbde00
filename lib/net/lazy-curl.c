/* lazy-curl.c - the libcurl functions quill calls, forwarded to libcurl
 * mapped on first use (lazy.h).  Each has curl.h's prototype; a function
 * added to a caller must be added here, or the link fails. */
#define CURL_DISABLE_TYPECHECK	/* curl.h's checking macros would rename these */
#include "net/lazy.h"

#include <curl/curl.h>
#include <stdarg.h>

#define C lazy_curl_lib

LAZY_FORWARD(C, CURLcode, curl_global_init, (long flags), (flags), CURLE_FAILED_INIT)
LAZY_FORWARD(C, CURL *, curl_easy_init, (void), (), NULL)
LAZY_FORWARD_VOID(C, curl_easy_cleanup, (CURL *curl), (curl))
LAZY_FORWARD(C, CURLcode, curl_easy_perform, (CURL *curl), (curl), CURLE_FAILED_INIT)
LAZY_FORWARD(C, const char *, curl_easy_strerror, (CURLcode code), (code),
	     "libcurl is not loaded")
LAZY_FORWARD(C, char *, curl_easy_escape, (CURL *curl, const char *s, int len),
	     (curl, s, len), NULL)
LAZY_FORWARD_VOID(C, curl_free, (void *p), (p))
LAZY_FORWARD(C, struct curl_slist *, curl_slist_append, (struct curl_slist *l, const char *s),
	     (l, s), NULL)
LAZY_FORWARD_VOID(C, curl_slist_free_all, (struct curl_slist *l), (l))
LAZY_FORWARD(C, CURLM *, curl_multi_init, (void), (), NULL)
LAZY_FORWARD(C, CURLMcode, curl_multi_cleanup, (CURLM *m), (m), CURLM_INTERNAL_ERROR)
LAZY_FORWARD(C, CURLMcode, curl_multi_add_handle, (CURLM *m, CURL *e), (m, e),
	     CURLM_INTERNAL_ERROR)
LAZY_FORWARD(C, CURLMcode, curl_multi_remove_handle, (CURLM *m, CURL *e), (m, e),
	     CURLM_INTERNAL_ERROR)
LAZY_FORWARD(C, CURLMcode, curl_multi_perform, (CURLM *m, int *running), (m, running),
	     CURLM_INTERNAL_ERROR)
LAZY_FORWARD(C, CURLMcode, curl_multi_poll,
	     (CURLM *m, struct curl_waitfd extra[], unsigned int n_extra, int timeout_ms,
	      int *ret),
	     (m, extra, n_extra, timeout_ms, ret), CURLM_INTERNAL_ERROR)
LAZY_FORWARD(C, CURLMsg *, curl_multi_info_read, (CURLM *m, int *left), (m, left), NULL)

/* The variadic ones: an option's value is read by the type its number
 * says (curl.h's CURLOPTTYPE_* bases, which the multi options share) and
 * passed on as that type. */
typedef void (*any_fn)(void);

#define SETOPT_BODY(name, handle_t, code_t, fail)                                 \
	static gpointer at;                                                       \
	gpointer fn = g_atomic_pointer_get(&at);                                  \
	code_t (*f)(handle_t *, int, ...);                                        \
	code_t rc;                                                                \
	va_list ap;                                                               \
                                                                                  \
	if (!fn && (fn = lazy_symbol(&C, name)))                                  \
		g_atomic_pointer_set(&at, fn);                                    \
	if (!fn)                                                                  \
		return fail;                                                      \
	f = (code_t (*)(handle_t *, int, ...))fn;                                 \
	va_start(ap, option);                                                     \
	if (option < CURLOPTTYPE_OBJECTPOINT)                                     \
		rc = f(h, option, va_arg(ap, long));                              \
	else if (option < CURLOPTTYPE_FUNCTIONPOINT)                              \
		rc = f(h, option, va_arg(ap, void *));                            \
	else if (option < CURLOPTTYPE_OFF_T)                                      \
		rc = f(h, option, va_arg(ap, any_fn));                            \
	else if (option < CURLOPTTYPE_BLOB)                                       \
		rc = f(h, option, va_arg(ap, curl_off_t));                        \
	else                                                                      \
		rc = f(h, option, va_arg(ap, void *));                            \
	va_end(ap);                                                               \
	return rc;

CURLcode curl_easy_setopt(CURL *h, CURLoption option, ...)
{
	SETOPT_BODY("curl_easy_setopt", CURL, CURLcode, CURLE_FAILED_INIT)
}

CURLMcode curl_multi_setopt(CURLM *h, CURLMoption option, ...)
{
	SETOPT_BODY("curl_multi_setopt", CURLM, CURLMcode, CURLM_INTERNAL_ERROR)
}

/* every CURLINFO_* takes a pointer to where the answer goes */
CURLcode curl_easy_getinfo(CURL *h, CURLINFO info, ...)
{
	static gpointer at;
	gpointer fn = g_atomic_pointer_get(&at);
	CURLcode rc;
	va_list ap;

	if (!fn && (fn = lazy_symbol(&C, "curl_easy_getinfo")))
		g_atomic_pointer_set(&at, fn);
	if (!fn)
		return CURLE_FAILED_INIT;
	va_start(ap, info);
	rc = ((CURLcode (*)(CURL *, CURLINFO, ...))fn)(h, info, va_arg(ap, void *));
	va_end(ap);
	return rc;
}
