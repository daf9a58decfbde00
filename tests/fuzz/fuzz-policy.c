/* fuzz-policy.c - lib/policy's loader: any bytes as a trailers.conf.  It
 * either refuses the file with one line naming it (and a line number when
 * the fault has a place), or gives a policy whose values are inside their
 * documented ranges and whose tags can be found again by their names.
 *
 * libFuzzer: clang -fsanitize=fuzzer,address,undefined -Ilib
 *            tests/fuzz/fuzz-policy.c lib/policy.c lib/error.c (+ libgit2, GLib)
 * As the other targets: fuzz_policy_init()/fuzz_policy_one(), and the entry
 * points unless FUZZ_NO_ENTRY is defined (seeds: corpus/policy/).  Each run
 * goes through a temporary file, as the loader does for bytes in memory
 * (libgit2 reads configuration only from files).
 *
 * Facts: loaded=0/1/2, the passes the file loaded in; error, the class of
 * the refusal (none when both loaded); tags, the policy's tags after them.
 */
#include "fuzz.h"
#include "core/error.h"
#include "lint/policy.h"

#include <git2.h>

static const char *const fuzz_policy_rules[] = {
	"sign-off-missing", "tag-pair", "tag-follow", "duplicate-signature", NULL
};

static void fuzz_policy_init(void)
{
	git_libgit2_init();
}

static void fuzz_policy_valid(struct policy *p)
{
	FUZZ_CHECK(p->max_line >= 20 && p->max_line <= 1000);
	FUZZ_CHECK(p->max_subject >= 20 && p->max_subject <= 1000);
	FUZZ_CHECK(p->min_sha >= 7 && p->min_sha <= 40);
	for (guint i = 0; i < p->tags->len; i++) {
		const struct policy_tag *t = g_ptr_array_index(p->tags, i);
		const struct policy_tag *again;

		FUZZ_CHECK(t->name && t->name[0]);
		FUZZ_CHECK(t->kind >= POLICY_KIND_TEXT && t->kind <= POLICY_KIND_URL);
		again = policy_tag(p, t->name, strlen(t->name));
		FUZZ_CHECK(again && !g_ascii_strcasecmp(again->name, t->name));
		FUZZ_CHECK(policy_rank(p, t->name, strlen(t->name)) >= -1);
		FUZZ_CHECK(policy_kind_name(t->kind) != NULL);
	}
	FUZZ_CHECK(policy_order_text(p) != NULL);
	for (const char *const *r = fuzz_policy_rules; *r; r++) {
		enum policy_severity s = policy_severity(p, *r, POLICY_WARNING);

		FUZZ_CHECK(s >= POLICY_OFF && s <= POLICY_ERROR);
		FUZZ_CHECK(policy_severity_name(s) != NULL);
	}
}

static int fuzz_policy_one(const uint8_t *data, size_t size)
{
	struct policy *p = policy_new(fuzz_policy_rules);
	GError *error = NULL;
	int loaded = 0;

	/* applied twice: the second pass is an override file over the first */
	for (int pass = 0; pass < 2; pass++) {
		if (policy_load_data(p, (const char *)data, size, "(fuzz)", &error)) {
			FUZZ_CHECK(!error);
			fuzz_policy_valid(p);
			loaded++;
			continue;
		}
		FUZZ_CHECK(error && error->message);
		/* one line, naming the file */
		FUZZ_CHECK(!strchr(error->message, '\n'));
		FUZZ_CHECK(!strncmp(error->message, "(fuzz)", 6) ||
			   qerr_class(error) != QUILL_ERROR_INPUT);
		break;
	}
	fuzz_fact_int("loaded", loaded);
	fuzz_fact_error(error);
	fuzz_fact_int("tags", p->tags->len);
	g_clear_error(&error);
	policy_free(p);
	return 0;
}

FUZZ_ENTRY(policy)
