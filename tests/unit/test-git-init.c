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
	git_stop();
	return done_testing();
}
