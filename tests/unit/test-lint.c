/* test-lint.c - lib/lint's interface: the rule table, findings and their
 * lines, exceptions, and the review-history rules plugged in through a
 * struct lint_review (a fake provider here, the review module later).  The
 * rules themselves are tested on real commits and mails in t31*.sh. */
#include "error.h"
#include "lint.h"
#include "unit.h"

#include <stdlib.h>

static struct policy *policy;

static const char msg[] =
	"zone: fix the watermark\n"
	"\n"
	"Explain it.\n"
	"\n"
	"Suggested-by: Eve Estrin <eve@example.org>\n"
	"Signed-off-by: Ada Author <ada@example.org>\n"
	"Tested-by: Dee Dalby <dee@example.org>\n"
	"Reviewed-by: Bo Brenn <bo@example.org>\n"
	"Acked-by: Cleo Corvid <cleo@example.org>\n"
	"Cc: Fay Fallow <fay@example.org>\n";

/* "rule@line" for each finding that is not ignored, space-separated. */
static char *run(struct lint *l, const struct lint_input *in)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct lint_finding));
	GString *s = g_string_new(NULL);

	lint_check(l, in, out);
	for (guint i = 0; i < out->len; i++) {
		const struct lint_finding *f = &g_array_index(out, struct lint_finding, i);

		g_string_append_printf(s, "%s%s%s@%u", s->len ? " " : "", f->ignored ? "-" : "",
				       f->rule, f->line);
	}
	lint_findings_clear(out);
	g_array_free(out, TRUE);
	return g_string_free(s, FALSE);
}

/* A provider that answers from the person's address. */
static gboolean fake_lookup(const struct lint_review *r, const struct lint_input *in,
			    const char *key, const char *name, const char *email,
			    struct lint_review_answer *out)
{
	int *calls = r->data;

	(*calls)++;
	if (!strcmp(email, "bo@example.org")) {
		out->state = LINT_REVIEW_DECLINED;
		out->msgid = g_strdup("nak@example.org");
	} else if (!strcmp(email, "cleo@example.org")) {
		out->state = LINT_REVIEW_TAKEN_BACK;
	} else if (!strcmp(email, "dee@example.org")) {
		out->state = LINT_REVIEW_GIVEN;
		out->version = 2;
		out->changed_since = TRUE;
	} else if (!strcmp(email, "eve@example.org")) {
		out->state = LINT_REVIEW_NOT_FOUND;
	} else {
		return FALSE;
	}
	return TRUE;
}

static void test_review(void)
{
	struct lint_input in = { .where = "x", .message = msg, .len = sizeof(msg) - 1,
				 .author_name = "Ada Author", .author_email = "ada@example.org" };
	int calls = 0;
	struct lint_review rv = { fake_lookup, &calls };
	struct lint *plain = lint_new(policy, NULL, NULL, NULL, NULL);
	struct lint *with = lint_new(policy, NULL, NULL, &rv, NULL);
	guint n;
	const struct lint_rule *rules = lint_rules(&n);
	char *got;

	for (guint i = 0; i < n; i++)
		if (!strcmp(rules[i].id, "review-declined"))
			ok(lint_severity(plain, &rules[i]) == POLICY_OFF &&
			   lint_severity(with, &rules[i]) == POLICY_ERROR,
			   "review rules are off without a provider, on with one");
	got = run(plain, &in);
	is_str(got, "", "no provider: a clean message");
	g_free(got);
	got = run(with, &in);
	is_str(got, "review-not-given@5 review-patch-changed@7 review-declined@8 review-taken-back@9",
	       "each state of the list gives its rule, at the tag's line");
	g_free(got);
	ok(calls == 4 * 4, "the provider is asked about ownWord tags only (not SoB, not Cc)");
	lint_free(plain);
	lint_free(with);
}

static void test_lines_and_ignores(void)
{
	static const char bad[] = "x: y\n\nBody.\n\nsigned-off-by: Ada Author <ada@example.org>\n";
	static const guint map[] = { 40, 41, 42, 43, 44 };
	git_oid oid;
	struct lint_input in = { .where = "a.mbox", .message = bad, .len = sizeof(bad) - 1,
				 .lines = map, .nlines = 5, .msgid = "m1@example.org" };
	struct lint_ignore *ig = lint_ignore_new();
	struct lint *l;
	GError *e = NULL;
	const char *text = "# exceptions\n<m1@example.org> tag-spelling  # our style\n"
			   "0123456 long-line\n";
	char *got;

	ok(lint_ignore_parse(ig, text, strlen(text), "ig", &e), "a lint-ignore file");
	l = lint_new(policy, NULL, NULL, NULL, ig);
	got = run(l, &in);
	is_str(got, "-tag-spelling@44", "lines come mapped; a message-id exception marks it ignored");
	g_free(got);

	git_oid_fromstr(&oid, "0123456789abcdef0123456789abcdef01234567");
	in.msgid = NULL;
	in.oid = &oid;
	in.lines = NULL;
	got = run(l, &in);
	is_str(got, "tag-spelling@5", "a commit is not covered by a mail's exception");
	g_free(got);
	lint_free(l);
	lint_ignore_free(ig);

	ig = lint_ignore_new();
	ok(!lint_ignore_parse(ig, "0123456 no-such-rule\n", 21, "ig", &e), "an unknown rule");
	is_str(e ? e->message : NULL, "ig:1: no such rule: '0123456 no-such-rule'",
	       "is refused with its line");
	g_clear_error(&e);
	ok(!lint_ignore_parse(ig, "\n0123 long-line\n", 16, "ig", &e), "a short commit id");
	ok(e && e->code == QUILL_ERROR_INPUT && strstr(e->message, "ig:2:"), "is refused too");
	g_clear_error(&e);
	lint_ignore_free(ig);
}

static void test_table(void)
{
	guint n;
	const struct lint_rule *rules = lint_rules(&n);
	const char *const *ids = lint_rule_ids();
	int good = 0;

	for (guint i = 0; i < n; i++)
		good += ids[i] && !strcmp(ids[i], rules[i].id) &&
			(rules[i].check != NULL) != (rules[i].check_set != NULL) &&
			(rules[i].check_set == NULL) == !(rules[i].needs & LINT_SET);
	is_int(good, n, "every rule has one check, and the id list follows the table");
	ok(ids[n] == NULL, "the id list ends");
}

int main(void)
{
	const char *src = getenv("QUILL_BUILD_DIR");
	char *path = g_build_filename(src ? src : ".", "trailers.conf", NULL);
	GError *e = NULL;

	git_libgit2_init();
	policy = policy_new(lint_rule_ids());
	if (!policy_load_file(policy, path, NULL, &e)) {
		printf("# %s\n", e->message);
		return 1;
	}
	test_table();
	test_review();
	test_lines_and_ignores();
	policy_free(policy);
	g_free(path);
	git_libgit2_shutdown();
	return done_testing();
}
