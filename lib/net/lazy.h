/* lazy.h - libcurl and libnotmuch mapped on the first call into them.
 *
 * Linked, the two bring some 40 shared objects into every start of the
 * full quill (TLS, LDAP, Kerberos, SSH, HTTP/2, Xapian, the C++ runtime):
 * their mapping and symbol binding cost more than most repository commands
 * take, and few commands talk to a server or a notmuch database.  So the
 * full quill does not link them: lazy-curl.c and lazy-notmuch.c define the
 * functions of theirs that quill calls, with the prototypes of their own
 * headers (which check them), and each forwards to the library's function,
 * mapped through GModule on the first call.  The library is the one the
 * build compiled against, by its SONAME (scripts/sonames.sh).
 *
 * Until a library is mapped, a call into it fails as the library's own
 * call fails for want of memory or a file (CURLE_FAILED_INIT, a NULL
 * handle, NOTMUCH_STATUS_FILE_ERROR): a caller that wants the reason calls
 * lazy_curl_load / lazy_notmuch_load first.  Both are thread-safe and map
 * the library once. */
#ifndef QUILL_NET_LAZY_H
#define QUILL_NET_LAZY_H

#include <glib.h>
#include <gmodule.h>

/* Map libcurl (or say why it can't be, QUILL_ERROR_OUTSIDE, naming it). */
gboolean lazy_curl_load(GError **error);

/* Map libnotmuch (the same). */
gboolean lazy_notmuch_load(GError **error);

/* ---- for lazy-curl.c and lazy-notmuch.c ---- */

struct lazy_lib {
	const char *soname;
	gsize once;
	GModule *module;	/* NULL: not mapped (why: its reason) */
	char *why;
};

extern struct lazy_lib lazy_curl_lib, lazy_notmuch_lib;

/* Map l (or say why it can't be, as lazy_curl_load does). */
gboolean lazy_load(struct lazy_lib *l, GError **error);

/* The address of NAME in l, mapping l on the first call; NULL if l can't
 * be mapped or lacks NAME. */
gpointer lazy_symbol(struct lazy_lib *l, const char *name);

/* A forwarding function: RET NAME PARAMS calls the library's NAME with
 * ARGS, or returns FAIL when it can't be had.  The address found is kept
 * (an atomic pointer: threads may race to find it, with the same result). */
#define LAZY_FORWARD(lib, ret, name, params, args, fail)                          \
	ret name params                                                           \
	{                                                                         \
		static gpointer at;                                               \
		gpointer fn = g_atomic_pointer_get(&at);                          \
		if (!fn && (fn = lazy_symbol(&(lib), #name)))                     \
			g_atomic_pointer_set(&at, fn);                            \
		if (!fn)                                                          \
			return fail;                                              \
		return ((ret (*) params)fn) args;                                 \
	}

#define LAZY_FORWARD_VOID(lib, name, params, args)                               \
	void name params                                                          \
	{                                                                         \
		static gpointer at;                                               \
		gpointer fn = g_atomic_pointer_get(&at);                          \
		if (!fn && (fn = lazy_symbol(&(lib), #name)))                     \
			g_atomic_pointer_set(&at, fn);                            \
		if (fn)                                                           \
			((void (*) params)fn) args;                               \
	}

#endif
