/* test-git-init.c - libgit2 started late; the system certificates loaded
 * only when git_trust_load() asks (lib/git/init.c). */
#include "unit.h"
#include "git/init.h"

#include <git2.h>
#include <string.h>

int main(void)
{
	int major = 0, minor = 0, rev = 0;

	git_start();
	git_start();
	ok(git_libgit2_version(&major, &minor, &rev) == 0 && major >= 1, "libgit2 started (once)");
	/* Debian's libgit2 (scripts/deps.sh) is on mbedTLS: its init asked
	 * for the system's store, and quill's loaders (wrapped or interposed,
	 * whichever the link made) only noted it */
	if ((git_libgit2_features() & GIT_FEATURE_HTTPS) &&
	    g_file_test("/etc/ssl/certs/ca-certificates.crt", G_FILE_TEST_IS_REGULAR))
		ok(git_trust_pending(), "the certificates asked for at the init are not read yet");
	/* outside the init, quill's loaders hand libgit2's request on to
	 * mbedTLS: this reads the system's store for real */
	ok(git_trust_load(), "the certificates libgit2 asked for at its init load on demand");
	ok(git_trust_load(), "a second load does nothing and succeeds");
	ok(!git_trust_pending(), "nothing is pending after the load");
	/* libgit2's TLS set-up, deferred from the init with the certificates,
	 * ran in the load: an https transport is made (mbedTLS's session set
	 * up from that configuration) and fails only on the closed port */
	if (git_libgit2_features() & GIT_FEATURE_HTTPS) {
		git_remote *r = NULL;
		const git_error *e;
		int rc;

		ok(git_remote_create_detached(&r, "https://127.0.0.1:1/x.git") == 0,
		   "an https remote to a closed port");
		rc = git_remote_connect(r, GIT_DIRECTION_FETCH, NULL, NULL, NULL);
		e = git_error_last();
		ok(rc < 0 && e && e->message && *e->message, "its connection fails, with a message");
		if (e && e->message)
			printf("# %s\n", e->message);
		git_remote_free(r);
	}
	git_stop();
	return done_testing();
}
