/* lazy.c - mapping libcurl and libnotmuch on first use (see lazy.h). */
#include "net/lazy.h"
#include "core/error.h"


#ifndef QUILL_CURL_SONAME
#define QUILL_CURL_SONAME "libcurl.so.4"
#endif
#ifndef QUILL_NOTMUCH_SONAME
#define QUILL_NOTMUCH_SONAME "libnotmuch.so.5"
#endif

struct lazy_lib lazy_curl_lib = { .soname = QUILL_CURL_SONAME };
struct lazy_lib lazy_notmuch_lib = { .soname = QUILL_NOTMUCH_SONAME };

static void map(struct lazy_lib *l)
{
	if (!g_once_init_enter(&l->once))
		return;
	/* local: its symbols do not stand in for the forwarding functions */
	l->module = g_module_open(l->soname, G_MODULE_BIND_LOCAL);
	if (l->module)
		g_module_make_resident(l->module);
	else
		l->why = g_strdup(g_module_error());
	g_once_init_leave(&l->once, 1);
}

gpointer lazy_symbol(struct lazy_lib *l, const char *name)
{
	gpointer at = NULL;

	map(l);
	if (l->module && !g_module_symbol(l->module, name, &at))
		at = NULL;
	return at;
}

gboolean lazy_load(struct lazy_lib *l, GError **error)
{
	map(l);
	if (l->module)
		return TRUE;
	return qerr(error, QUILL_ERROR_OUTSIDE, "%s cannot be loaded: %s", l->soname,
		    l->why ? l->why : "unknown reason");
}

gboolean lazy_curl_load(GError **error)
{
	return lazy_load(&lazy_curl_lib, error);
}

gboolean lazy_notmuch_load(GError **error)
{
	return lazy_load(&lazy_notmuch_lib, error);
}
