/* init.c - libgit2 started once, late (see init.h). */
#include "git/init.h"

#include <dlfcn.h>
#include <git2.h>
#include <signal.h>
#include <stdbool.h>

static bool started;

/* ---- the system certificates, loaded when libgit2 first needs them ----
 *
 * libgit2 built with mbedTLS (Debian's) parses every certificate of the
 * system's store in git_libgit2_init(): some 7 ms of each command's start,
 * for a trust store that only `series sync` to an https remote uses (all
 * other network goes through libcurl).  quill catches libgit2's calls of
 * the two mbedTLS loaders: during the init they only note what libgit2
 * asked for; git_trust_load() later asks libgit2 to load it for real, and
 * the calls then go on to mbedTLS.  If they were never loaded, libgit2 has
 * no trust anchor and refuses every certificate: it fails closed.  With
 * libgit2 on another TLS back end these are never called.
 *
 * How the calls are caught depends on the link (scripts/full-libs.sh):
 * - libgit2 and mbedTLS static: the link has --wrap for both loaders, so
 *   libgit2's calls reach the __wrap_ functions and __real_ is mbedTLS's;
 * - shared: the executable defines the loaders itself (weakly, so that a
 *   static mbedTLS's own win the link), an executable's symbols come first
 *   when libgit2's calls are bound, and mbedTLS's are found by dlsym
 *   RTLD_NEXT. */
static bool deferring;
static char *noted_file, *noted_path;

typedef int (*crt_load_fn)(void *chain, const char *where);

static int crt_forward(const char *sym, void *chain, const char *where)
{
	crt_load_fn real = (crt_load_fn)dlsym(RTLD_NEXT, sym);

	return real ? real(chain, where) : -1;
}

/* Note what is asked for while deferring: TRUE when it was noted. */
static bool crt_note(char **noted, const char *where)
{
	if (!deferring)
		return false;
	g_free(*noted);
	*noted = g_strdup(where);
	return true;
}

int __real_mbedtls_x509_crt_parse_file(void *chain, const char *file) __attribute__((weak));
int __real_mbedtls_x509_crt_parse_path(void *chain, const char *path) __attribute__((weak));
int __wrap_mbedtls_x509_crt_parse_file(void *chain, const char *file);
int __wrap_mbedtls_x509_crt_parse_path(void *chain, const char *path);

int __wrap_mbedtls_x509_crt_parse_file(void *chain, const char *file)
{
	if (crt_note(&noted_file, file))
		return 0;
	return __real_mbedtls_x509_crt_parse_file ? __real_mbedtls_x509_crt_parse_file(chain, file)
						  : -1;
}

int __wrap_mbedtls_x509_crt_parse_path(void *chain, const char *path)
{
	if (crt_note(&noted_path, path))
		return 0;
	return __real_mbedtls_x509_crt_parse_path ? __real_mbedtls_x509_crt_parse_path(chain, path)
						  : -1;
}

int mbedtls_x509_crt_parse_file(void *chain, const char *file) __attribute__((weak));
int mbedtls_x509_crt_parse_file(void *chain, const char *file)
{
	if (crt_note(&noted_file, file))
		return 0;
	return crt_forward("mbedtls_x509_crt_parse_file", chain, file);
}

int mbedtls_x509_crt_parse_path(void *chain, const char *path) __attribute__((weak));
int mbedtls_x509_crt_parse_path(void *chain, const char *path)
{
	if (crt_note(&noted_path, path))
		return 0;
	return crt_forward("mbedtls_x509_crt_parse_path", chain, path);
}

/* ---- libgit2's TLS and SSH set-up, deferred as a whole ----
 *
 * Beyond the certificates, git_libgit2_init() sets up mbedTLS (a random
 * generator seeded, its TLS configuration) and libssh2 (OpenSSL's tables):
 * 2.4 M instructions, a twentieth of `series format`, for what only the
 * transports of `series sync` use.  With libgit2 linked statically the link
 * wraps these two initialisers as well (scripts/full-libs.sh): during the
 * init they only note that they were skipped, and git_trust_load(), which
 * comes before any transport (conn_open), runs them - the TLS one then
 * reads the system's certificates itself.  Shared, libgit2 calls its own
 * and nothing is deferred here. */
int __real_git_mbedtls_stream_global_init(void) __attribute__((weak));
int __real_git_transport_ssh_global_init(void) __attribute__((weak));
int __wrap_git_mbedtls_stream_global_init(void);
int __wrap_git_transport_ssh_global_init(void);

static bool tls_deferred, ssh_deferred;

int __wrap_git_mbedtls_stream_global_init(void)
{
	if (deferring) {
		tls_deferred = true;
		return 0;
	}
	return __real_git_mbedtls_stream_global_init ? __real_git_mbedtls_stream_global_init() : 0;
}

int __wrap_git_transport_ssh_global_init(void)
{
	if (deferring) {
		ssh_deferred = true;
		return 0;
	}
	return __real_git_transport_ssh_global_init ? __real_git_transport_ssh_global_init() : 0;
}

static bool loaded;

gboolean git_trust_pending(void)
{
	return !loaded && (noted_file || noted_path || tls_deferred);
}

gboolean git_trust_load(void)
{
	git_start();
	if (loaded)
		return TRUE;
	/* the deferred set-up first: it is what the certificates go into;
	 * each part is done once, and a failed load is tried again next time */
	if (ssh_deferred && __real_git_transport_ssh_global_init) {
		if (__real_git_transport_ssh_global_init() < 0)
			return FALSE;
		ssh_deferred = false;
	}
	if (tls_deferred && __real_git_mbedtls_stream_global_init) {
		if (__real_git_mbedtls_stream_global_init() < 0)
			return FALSE;
		tls_deferred = false;
	}
	if ((noted_file || noted_path) &&
	    git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, noted_file, noted_path) < 0)
		return FALSE;
	loaded = true;
	return TRUE;
}

void git_start(void)
{
	struct sigaction old;

	if (started)
		return;
	started = true;
	sigaction(SIGPIPE, NULL, &old);
	deferring = true;
	git_libgit2_init();
	deferring = false;
	sigaction(SIGPIPE, &old, NULL);
	/* git itself does not re-hash every object it reads; neither do we */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	/* nor check that each object a new tree or commit names exists (git's
	 * own plumbing does not; quill names only objects it read or wrote):
	 * the check opens the object's file, once per entry of every tree the
	 * series state writes */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, 0);
	/* a series reads each tree twice (as a commit's and as its child's
	 * parent's): keep big trees in libgit2's object cache too */
	git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, GIT_OBJECT_TREE, (size_t)1 << 20);
}

void git_stop(void)
{
	if (started)
		git_libgit2_shutdown();
	started = false;
}
