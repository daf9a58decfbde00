/* test-policy.c - lib/policy: trailers.conf into a struct, refusals with
 * FILE:LINE, overrides, the line locator; and that the default policy and
 * the rule table agree. */
#include "core/error.h"
#include "lint/lint.h"
#include "lint/policy.h"
#include "unit.h"

#include <stdlib.h>

static const char *const ids[] = { "sign-off-missing", "long-line", NULL };

/* Load text as one file over p; the error message, or NULL when it loads. */
static char *load(struct policy *p, const char *text)
{
	GError *e = NULL;
	char *msg = NULL;

	if (!policy_load_data(p, text, strlen(text), "t.conf", &e)) {
		msg = g_strdup(e->message);
		ok(e->code == QUILL_ERROR_INPUT, "a refusal is bad input (exit 3)");
		g_error_free(e);
	}
	return msg;
}

static void refused(const char *text, const char *want, const char *name)
{
	struct policy *p = policy_new(ids);
	char *msg = load(p, text);

	is_str(msg, want, name);
	g_free(msg);
	policy_free(p);
}

static void test_locate(void)
{
	const char *t = "# c\n[policy]\n\torder = A\n[trailer \"X-y\"]\n\tkind = person\n"
			"[trailer \"X-y\"] kind = url\n[Rule.Abc]\n\tseverity = \"a\\\n b\"\n"
			"\tseverity = x ; c\n";

	is_int(policy_locate_line(t, strlen(t), "policy.order", 0), 3, "locate: a plain key");
	is_int(policy_locate_line(t, strlen(t), "trailer.X-y.kind", 0), 5, "locate: a subsection");
	is_int(policy_locate_line(t, strlen(t), "trailer.X-y.kind", 1), 6,
	       "locate: the second entry, on its header's line");
	is_int(policy_locate_line(t, strlen(t), "trailer.x-y.kind", 0), 0,
	       "locate: subsections are case-sensitive");
	is_int(policy_locate_line(t, strlen(t), "rule.abc.severity", 1), 10,
	       "locate: after a continued value, old [a.b] form");
	is_int(policy_locate_line(t, strlen(t), "policy.none", 0), 0, "locate: absent");
}

static void test_load(void)
{
	struct policy *p = policy_new(ids);
	const struct policy_tag *t;
	char *msg;

	msg = load(p, "[policy]\n\torder = Fixes Co-developed-by/Signed-off-by Link\n"
		      "\tmaxLineLength = 72\n\tarchive = lore.kernel.org\n"
		      "[trailer \"Signed-off-by\"]\n\tkind = person\n"
		      "[trailer \"Reported-by\"]\n\tkind = person\n\tfollowedBy = Closes, Link\n"
		      "\townWord\n[rule \"long-line\"]\n\tseverity = off\n");
	is_str(msg, NULL, "a good file loads");
	g_free(msg);
	is_int(p->max_line, 72, "maxLineLength");
	t = policy_tag(p, "signed-OFF-by", 13);
	ok(t && t->kind == POLICY_KIND_PERSON, "tags match in any case");
	t = policy_tag(p, "Reported-by", 11);
	ok(t && t->own_word, "a key without a value is a true boolean");
	ok(t && t->followed_by && !strcmp(t->followed_by[0], "Closes") &&
	   !strcmp(t->followed_by[1], "Link") && !t->followed_by[2], "followedBy is a list");
	is_int(policy_rank(p, "fixes", 5), 0, "rank of the first");
	is_int(policy_rank(p, "Signed-off-by", 13), 1, "tags joined by / share a rank");
	is_int(policy_rank(p, "Co-developed-by", 15), 1, "... both of them");
	is_int(policy_rank(p, "Link", 4), 2, "rank of the last");
	is_int(policy_rank(p, "Cc", 2), -1, "unranked");
	is_int(policy_severity(p, "long-line", POLICY_WARNING), POLICY_OFF, "a rule turned off");
	is_int(policy_severity(p, "sign-off-missing", POLICY_ERROR), POLICY_ERROR,
	       "a rule the file does not name keeps its default");

	/* an override over it */
	msg = load(p, "[trailer \"signed-off-by\"]\n\tkind = text\n[policy]\n\tarchive =\n"
		      "\tarchive = example.org\n");
	is_str(msg, NULL, "an override loads");
	g_free(msg);
	t = policy_tag(p, "Signed-off-by", 13);
	ok(t && t->kind == POLICY_KIND_TEXT, "the override wins");
	is_str(t ? t->name : NULL, "signed-off-by", "the last spelling is canonical");
	ok(p->archives[0] && !strcmp(p->archives[0], "example.org") && !p->archives[1],
	   "an empty value empties a list");
	is_int((int)p->sources->len, 2, "both files are named as sources");
	policy_free(p);
}

static void test_refusals(void)
{
	refused("[policy]\n\tcolour = red\n", "t.conf:2: unknown key 'policy.colour'", "unknown key");
	refused("[policy]\n\n\n\tmaxLineLength = 5\n",
		"t.conf:4: policy.maxlinelength: '5' is not a number from 20 to 1000", "out of range");
	refused("[trailer \"Fixes\"]\n\tkind = sha\n",
		"t.conf:2: trailer.Fixes.kind: 'sha' is not one of person, commit, url, text",
		"bad kind");
	refused("[rule \"no-such\"]\n\tseverity = error\n", "t.conf:2: no rule 'no-such'",
		"unknown rule");
	refused("[rule \"long-line\"]\n\tseverity = loud\n",
		"t.conf:2: rule.long-line.severity: 'loud' is not one of error, warning, info, off",
		"bad severity");
	refused("[trailer \"Fixes\"]\n\townWord = maybe\n",
		"t.conf:2: trailer.Fixes.ownword: 'maybe' is not a boolean", "bad boolean");
	refused("[trailer \"Bad tag\"]\n\tkind = text\n", "t.conf:2: 'Bad tag' is not a trailer name",
		"bad tag name");
	refused("[policy\n\torder = A\n", "t.conf:1: missing ']' in section header",
		"syntax errors name the line too");
	refused("[policy]\n\torder = \"A\\\n B\"\n\n[x\n\torder = A\n",
		"t.conf:5: missing ']' in section header", "the line after a continued value");
	refused("[policy]\n# a\n\torder = A\\q\n\tmaxLineLength = 72\n",
		"t.conf:3: invalid escape at q", "a bad escape names its line");
	refused("[policy]\n\torder = A\n\t= x\n", "t.conf:3: invalid configuration key",
		"a line that is no key");
	refused("# x\n[include]\n\tpath = /etc/passwd\n",
		"t.conf:2: includes are not allowed in a policy file", "includes are refused");
	refused("[includeIf \"gitdir:/\"]\n\tpath = x\n",
		"t.conf:1: includes are not allowed in a policy file", "conditional includes too");
	refused("[trailer \"Fixes\"]\n\tkind = commit\n[trailer \"Fixes\"]\n\tkind\n",
		"t.conf:4: trailer.Fixes.kind: no value", "the second entry of a key is located");
	refused("[policy]\n\torder = Fixes Bad_tag\n",
		"t.conf:2: policy.order: 'Bad_tag' is not a trailer name", "bad order");
}

/* A work tree's file (policy_load_unquoted): the same refusals with
 * FILE:LINE and what is wrong, never a key, a value or a name from it
 * (issue 10, item 3). */
static void unquoted(const char *text, const char *want, const char *name)
{
	struct policy *p = policy_new(ids);
	GError *e = NULL;

	ok(!policy_load_unquoted(p, text, strlen(text), "t.conf", &e) && e &&
	   e->code == QUILL_ERROR_INPUT, name);
	is_str(e ? e->message : NULL, want, name);
	ok(e && !strstr(e->message, "SECRET"), "nothing of the file is quoted");
	g_clear_error(&e);
	policy_free(p);
}

static void test_unquoted(void)
{
	unquoted("[policy]\n\tSECRET = red\n", "t.conf:2: unknown key", "unquoted: unknown key");
	unquoted("[http]\n\textraHeader = SECRET\n", "t.conf:2: unknown key",
		 "unquoted: a section of git's own");
	unquoted("[policy]\n\n\tmaxLineLength = SECRET\n",
		 "t.conf:3: the value is not a number from 20 to 1000", "unquoted: not a number");
	unquoted("[trailer \"Fixes\"]\n\tkind = SECRET\n",
		 "t.conf:2: the value is not one of person, commit, url, text", "unquoted: bad kind");
	unquoted("[rule \"SECRET\"]\n\tseverity = error\n", "t.conf:2: no such rule",
		 "unquoted: unknown rule");
	unquoted("[rule \"long-line\"]\n\tseverity = SECRET\n",
		 "t.conf:2: the value is not one of error, warning, info, off", "unquoted: severity");
	unquoted("[trailer \"Fixes\"]\n\townWord = SECRET\n",
		 "t.conf:2: the value is not a boolean", "unquoted: boolean");
	unquoted("[trailer \"SECRET x\"]\n\tkind = text\n",
		 "t.conf:2: the section's name is not a trailer name", "unquoted: tag name");
	unquoted("[policy]\n\torder = Fixes SECRET_x\n",
		 "t.conf:2: a name in the value is not a trailer name", "unquoted: order");
	unquoted("[policy]\n\tstableAddress = SECRET\n", "t.conf:2: the value is not an address",
		 "unquoted: address");
	unquoted("[policy]\n\tarchive = a SECRET\n", "t.conf:2: the value holds a blank",
		 "unquoted: a blank");
	unquoted("[trailer \"Fixes\"]\n\tkind\n", "t.conf:2: no value", "unquoted: no value");
	unquoted("[policy\n\torder = A\n", "t.conf:1: missing ']' in section header",
		 "unquoted: libgit2's fixed words pass");
	unquoted("https://ada:SECRET@github.com\n", "t.conf:1: invalid configuration key",
		 "unquoted: a credentials line");
}

/* The default trailers.conf names every rule with its table severity, and
 * nothing else. */
static void test_default(void)
{
	const char *src = getenv("QUILL_BUILD_DIR");
	char *path = g_build_filename(src ? src : ".", "trailers.conf", NULL);
	struct policy *p = policy_new(lint_rule_ids());
	GError *e = NULL;
	guint n;
	const struct lint_rule *rules = lint_rules(&n);
	int same = 0;

	ok(policy_load_file(p, path, NULL, &e), "the default trailers.conf loads");
	if (e)
		printf("# %s\n", e->message);
	for (guint i = 0; i < n; i++) {
		enum policy_severity s = policy_severity(p, rules[i].id, (enum policy_severity)-1);

		if (s == rules[i].severity)
			same++;
		else
			printf("# %s: trailers.conf %d, table %d\n", rules[i].id, s, rules[i].severity);
	}
	is_int(same, n, "every rule is in trailers.conf with its table severity");
	is_int(g_hash_table_size(p->severity), n, "and no other rule");
	ok(policy_tag(p, "Co-developed-by", 15) && policy_tag(p, "Co-developed-by", 15)->pair,
	   "Co-developed-by has its pair");
	is_int(policy_rank(p, "Fixes", 5), 0, "Fixes comes first");
	policy_free(p);
	g_free(path);
}

int main(void)
{
	git_libgit2_init();
	test_locate();
	test_load();
	test_refusals();
	test_unquoted();
	test_default();
	git_libgit2_shutdown();
	return done_testing();
}
