/* init.c - libgit2 started once, late (see init.h). */
#include "git/init.h"

#include <git2.h>
#include <signal.h>
#include <stdbool.h>

static bool started;

void git_start(void)
{
	struct sigaction old;

	if (started)
		return;
	started = true;
	sigaction(SIGPIPE, NULL, &old);
	git_libgit2_init();
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
