/* test-cover.c - lib/cover: comment lines, the "Changes in vN:" sections
 * (cover_next, cover_set_changes, cover_extract_changes). */
#include "series/cover.h"
#include "unit.h"

static char *fill(const char *text)
{
	struct cover_input in = { 0 };	/* no tokens in the texts below */

	return cover_fill(&in, text, NULL);
}

/* comment lines: cover_fill drops them */
static void test_comments(void)
{
	char *s;

	s = fill("subject\n\nbody\n\n# one\n# two\n\n---\nend\n");
	is_str(s, "subject\n\nbody\n\n---\nend\n", "the blank lines around dropped comments collapse");
	g_free(s);
	s = fill("subject\n\nbody\n# one\nmore body\n");
	is_str(s, "subject\n\nbody\nmore body\n", "a comment between text lines just goes");
	g_free(s);
	s = fill("# first\n\nsubject\n\nbody\n");
	is_str(s, "subject\n\nbody\n", "leading comments take their blank line with them");
	g_free(s);
	s = fill("subject\n\n\nbody\n");
	is_str(s, "subject\n\n\nbody\n", "blank lines the author wrote stay");
	g_free(s);
	s = fill("subject\n\n>#define X\n");
	is_str(s, "subject\n\n#define X\n", ">#  is a literal #");
	g_free(s);
}

/* cover_next: a new "Changes in vN:" section */
static void test_next(void)
{
	char *s;

	s = cover_next("subject\n\nbody\n", 2, "", "");
	is_str(s,
	       "subject\n\nbody\n\n---\nChanges in v2:\n- EDITME: what changed since v1\n"
	       "{{changes}}\n{{link}}\n",
	       "the first section goes after a --- below the body");
	g_free(s);
	s = cover_next("subject\n\nbody\n\n\n", 2, "", "");
	is_str(s,
	       "subject\n\nbody\n\n---\nChanges in v2:\n- EDITME: what changed since v1\n"
	       "{{changes}}\n{{link}}\n",
	       "trailing blank lines do not pile up");
	g_free(s);
	s = cover_next("subject\n\nbody\n\n---\nChanges in v2:\n- fixed a leak\n{{changes}}\n{{link}}\n",
		       3, "- 1/2 \"zone: a\": changed", "- Link to v1: https://lore.kernel.org/r/m@x");
	is_str(s,
	       "subject\n\nbody\n\n---\nChanges in v3:\n- EDITME: what changed since v2\n"
	       "{{changes}}\n{{link}}\n\nChanges in v2:\n- fixed a leak\n- 1/2 \"zone: a\": changed\n"
	       "- Link to v1: https://lore.kernel.org/r/m@x\n",
	       "the new section goes first; the old one's tokens are fixed");
	g_free(s);
	s = cover_next("subject\n\nbody\n\n---\nChanges in v2:\n- fixed a leak\n{{changes}}\n{{link}}\n",
		       3, "", "");
	is_str(s,
	       "subject\n\nbody\n\n---\nChanges in v3:\n- EDITME: what changed since v2\n"
	       "{{changes}}\n{{link}}\n\nChanges in v2:\n- fixed a leak\n",
	       "empty changes and link leave no blank lines");
	g_free(s);
	s = cover_next("subject\n\nsee {{shortlog}}\n", 2, "", "");
	ok(strstr(s, "see {{shortlog}}\n") != NULL, "other tokens stay tokens");
	g_free(s);
}

/* cover_set_changes: the items of a section */
static void test_set_changes(void)
{
	char *s;

	s = cover_set_changes("s\n\n---\nChanges in v2:\n- EDITME: what changed since v1\n{{changes}}\n"
			      "\nChanges in v1:\n- EDITME: old\n",
			      2, "fixed the frob\n- renamed zone_init\n  (was init_zone)\n");
	is_str(s,
	       "s\n\n---\nChanges in v2:\n- fixed the frob\n- renamed zone_init\n  (was init_zone)\n"
	       "{{changes}}\n\nChanges in v1:\n- EDITME: old\n",
	       "the EDITME line of that section becomes the items");
	g_free(s);
	s = cover_set_changes("s\n\nChanges in v2:\n- EDITME: one\n- EDITME: two\n{{link}}\n", 2, "done");
	is_str(s, "s\n\nChanges in v2:\n- done\n{{link}}\n", "every EDITME line of the section goes");
	g_free(s);
	s = cover_set_changes("s\n\nChanges in v2:\n- my own item\n{{link}}\n", 2, "from -m");
	is_str(s, "s\n\nChanges in v2:\n- from -m\n- my own item\n{{link}}\n",
	       "without EDITME the items lead the section");
	g_free(s);
	s = cover_set_changes("s\n\nbody\n", 2, "lost?");
	is_str(s, "s\n\nbody\n", "no section: unchanged");
	g_free(s);
	s = cover_set_changes("s\n\nChanges in v2:", 2, "x");
	is_str(s, "s\n\nChanges in v2:\n- x\n", "a heading on the last line without a newline");
	g_free(s);
}

/* cover_extract_changes: the items read back */
static void test_extract_changes(void)
{
	char *s;

	s = cover_extract_changes("s\n\n---\nChanges in v3:\n- a\n- b\n\nChanges in v2:\n- c\n\n---\nx\n", 3);
	is_str(s, "- a\n- b\n", "the items of one section");
	g_free(s);
	s = cover_extract_changes("s\n\n---\nChanges in v3:\n- a\n\nChanges in v2:\n- c\n---\nx\n", 2);
	is_str(s, "- c\n", "a section ends at ---");
	g_free(s);
	s = cover_extract_changes("s\n\nbody\n", 2);
	is_str(s, "", "none");
	g_free(s);
}

int main(int argc, char **argv)
{
	unit_init(argc, argv);
	UNIT_CASE("comments")
		test_comments();
	UNIT_CASE("next")
		test_next();
	UNIT_CASE("set-changes")
		test_set_changes();
	UNIT_CASE("extract-changes")
		test_extract_changes();
	return done_testing();
}
