/* test-lint.c - lib/lint's interface: the rule table, findings and their
 * lines, exceptions, and the review-history rules plugged in through a
 * struct lint_review (a fake provider here, the review module later), the
 * claim rules through a struct lint_bench.  The rules themselves are
 * tested on real commits and mails in t31*.sh (the claims in t4100). */
#include "bench/bench.h"
#include "core/error.h"
#include "lint/lint-run.h"
#include "lint/lint.h"
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

/* A provider with one benchmark, rebind: 244.28 ms -> 215.55 ms. */
static GPtrArray *fake_benchmarks(const struct lint_bench *b, const struct lint_input *in)
{
	GPtrArray *benches = b->data;
	int *calls = g_ptr_array_index(benches, 1);

	(*calls)++;
	return g_ptr_array_index(benches, 0);
}

static struct bench *rebind(void)
{
	static const double a[] = { 244.18, 244.38, 244.28, 244.08, 244.48 };
	static const double b[] = { 215.45, 215.65, 215.55, 215.35, 215.75 };
	struct bench *bn = bench_new("rebind");

	for (int r = 0; r < 2; r++) {
		struct bench_role *role = bench_role_new(r ? "patched" : "base", "samples");
		struct bench_metric *m = bench_metric_new("value", "ms");

		for (int i = 0; i < 5; i++)
			bench_metric_add(m, r ? b[i] : a[i]);
		g_ptr_array_add(role->metrics, m);
		g_ptr_array_add(bn->roles, role);
	}
	return bn;
}

/* "rule@line:column" of each finding. */
static char *run_cols(struct lint *l, const struct lint_input *in, gboolean text)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct lint_finding));
	GString *s = g_string_new(NULL);

	if (text)
		lint_check_text(l, in, out);
	else
		lint_check(l, in, out);
	for (guint i = 0; i < out->len; i++) {
		const struct lint_finding *f = &g_array_index(out, struct lint_finding, i);

		g_string_append_printf(s, "%s%s@%u:%u", s->len ? " " : "", f->rule, f->line, f->column);
	}
	lint_findings_clear(out);
	g_array_free(out, TRUE);
	return g_string_free(s, FALSE);
}

static void test_claims(void)
{
	static const char commit[] =
		"zone: faster rebind\n"
		"\n"
		"Rebind takes 244.28 ms -> 215.55 ms now, 20% faster.\n"
		"It was 11.76% slower before, says a tester.\n"
		"\n"
		"Signed-off-by: Ada Author <ada@example.org>\n";
	static const char cover[] = "zone: rebind\n\nfrom 244.28 ms to 215.55 ms\n";
	struct lint_input in = { .where = "c", .message = commit, .len = sizeof(commit) - 1,
				 .author_name = "Ada Author", .author_email = "ada@example.org" };
	struct lint_input cv = { .where = "cover", .message = cover, .len = sizeof(cover) - 1,
				 .cover = TRUE };
	GPtrArray *all = g_ptr_array_new_with_free_func((GDestroyNotify)bench_free);
	GPtrArray *data = g_ptr_array_new();
	int calls = 0;
	struct lint_bench lb = { fake_benchmarks, data };
	struct lint *l = lint_new(policy, NULL, NULL, NULL, NULL);
	guint n;
	const struct lint_rule *rules = lint_rules(&n);
	char *got;

	g_ptr_array_add(all, rebind());
	g_ptr_array_add(data, all);
	g_ptr_array_add(data, &calls);
	for (guint i = 0; i < n; i++)
		if (!strcmp(rules[i].id, "claim-mismatch"))
			ok(lint_severity(l, &rules[i]) == POLICY_OFF, "claim rules are off without benchmarks");
	got = run_cols(l, &in, FALSE);
	is_str(got, "", "no provider: no claim findings");
	g_free(got);

	lint_set_benchmarks(l, &lb);
	got = run_cols(l, &in, FALSE);
	is_str(got, "claim-mismatch@3:14 claim-mismatch@4:8",
	       "a claim the data does not give: its line and column");
	g_free(got);
	is_int(calls, 1, "the provider is asked once a message, for all claim rules");

	got = run_cols(l, &cv, TRUE);
	is_str(got, "", "a cover: only the text rules run (no sign-off asked for)");
	g_free(got);
	lint_restrict(l, LINT_NEEDS_BENCH);
	in.message = "zone: x\n\nnow 2x faster\n";
	in.len = strlen(in.message);
	got = run_cols(l, &in, FALSE);
	is_str(got, "claim-mismatch@3:5", "restricted to the claim rules");
	g_free(got);
	lint_restrict(l, 0);
	got = run_cols(l, &in, FALSE);
	ok(strstr(got, "sign-off-missing"), "and back to every rule");
	g_free(got);
	lint_free(l);
	g_ptr_array_unref(data);
	g_ptr_array_unref(all);
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

/* ---- the order rules agree with each other (issue 10, item 31) ----
 *
 * For every ordered pair of the tags trailers.conf knows, a block of those
 * two and Signed-off-by last is linted, and the advice of the first
 * finding of tag-order, tag-follow or tag-pair is followed (the tag moved
 * before the one named, the wanted tag moved or added right after), again
 * and again: the block must end up with none of their findings.  Two
 * findings that contradict each other (Reported-by, Link:, Signed-off-by:
 * "Signed-off-by: should come before Link:" after which tag-follow wants
 * the Link: back) never settle. */

static const char *const order_people[] = {
	"Bo Brenn <bo@example.org>", "Cleo Corvid <cleo@example.org>",
	"Dee Dalby <dee@example.org>", "Eve Estrin <eve@example.org>",
	"Fay Fallow <fay@example.org>", "Gita Grieve <gita@example.org>",
	"Hal Hollis <hal@example.org>", "Ida Ingle <ida@example.org>",
};

/* "Tag: value" with a value of the tag's kind (caller frees). */
static char *order_line(const char *name, int *who)
{
	const struct policy_tag *t = policy_tag(policy, name, strlen(name));
	const char *canon = t ? t->name : name;
	int n = (*who)++;

	switch (t ? t->kind : POLICY_KIND_TEXT) {
	case POLICY_KIND_PERSON:
		return g_strdup_printf("%s: %s", canon, order_people[n % G_N_ELEMENTS(order_people)]);
	case POLICY_KIND_COMMIT:
		return g_strdup_printf("%s: 0123456789ab (\"zone: add the watermark\")", canon);
	case POLICY_KIND_URL:
		return g_strdup_printf("%s: https://lore.kernel.org/r/%d@example.org", canon, n);
	default:
		return g_strdup_printf("%s: a tool", canon);
	}
}

static gboolean order_key_is(const char *line, const char *key, gsize n)
{
	return strlen(line) > n && line[n] == ':' && !g_ascii_strncasecmp(line, key, n);
}

/* The index of the first line of the block (after i0) with that key, or -1. */
static int order_find(GPtrArray *block, int i0, const char *key, gsize n)
{
	for (guint i = (guint)(i0 + 1); i < block->len; i++)
		if (order_key_is(g_ptr_array_index(block, i), key, n))
			return (int)i;
	return -1;
}

static void order_move(GPtrArray *block, int from, int to)
{
	char *s = g_ptr_array_steal_index(block, (guint)from);

	g_ptr_array_insert(block, from < to ? to - 1 : to, s);
}

/* Follow the advice of the first order finding on block; FALSE when there
 * is none.  *said gets the finding (caller frees). */
static gboolean order_step(struct lint *l, GPtrArray *block, int *who, char **said)
{
	GString *text = g_string_new("zone: fix it\n\nThe fix.\n\n");
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct lint_finding));
	struct lint_input in = { .where = "x", .author_name = "Ada Author",
				 .author_email = "ada@example.org" };
	gboolean found = FALSE;

	for (guint i = 0; i < block->len; i++)
		g_string_append_printf(text, "%s\n", (char *)g_ptr_array_index(block, i));
	in.message = text->str;
	in.len = text->len;
	lint_check(l, &in, out);
	for (guint i = 0; i < out->len && !found; i++) {
		const struct lint_finding *f = &g_array_index(out, struct lint_finding, i);
		int at = (int)f->line - 5;
		const char *p;

		if (at < 0 || at >= (int)block->len)
			continue;
		if (!strcmp(f->rule, "tag-order") && (p = strstr(f->message, "should come before "))) {
			p += strlen("should come before ");
			order_move(block, at, order_find(block, -1, p, strcspn(p, ":")));
			found = TRUE;
		} else if (!strcmp(f->rule, "tag-follow") && (p = strstr(f->message, "followed by "))) {
			/* "Closes: or Link: (...)": the first one there, else add the first */
			char *list = g_strndup(p + strlen("followed by "),
					       strcspn(p + strlen("followed by "), "("));
			char **names = g_strsplit_set(list, ",: ", -1);
			int j = -1;

			for (char **w = names; *w && j < 0; w++)
				if (**w && strcmp(*w, "or"))
					j = order_find(block, at, *w, strlen(*w));
			if (j >= 0)
				order_move(block, j, at + 1);
			else
				g_ptr_array_insert(block, at + 1, order_line(names[0], who));
			g_strfreev(names);
			g_free(list);
			found = TRUE;
		} else if (!strcmp(f->rule, "tag-pair") && (p = strstr(f->message, "at once by "))) {
			const char *line = g_ptr_array_index(block, (guint)at);
			const char *value = strchr(line, ':') + 2;

			p += strlen("at once by ");
			g_ptr_array_insert(block, at + 1,
					   g_strdup_printf("%.*s: %s", (int)strcspn(p, ":"), p, value));
			found = TRUE;
		}
		if (found)
			*said = g_strdup_printf("%s: %s", f->rule, f->message);
	}
	lint_findings_clear(out);
	g_array_free(out, TRUE);
	g_string_free(text, TRUE);
	return found;
}

static void test_order_rules_agree(void)
{
	const GPtrArray *tags = policy->tags;
	struct lint *l = lint_new(policy, NULL, NULL, NULL, NULL);
	guint pairs = 0, settled = 0;

	for (guint a = 0; a < tags->len; a++) {
		for (guint b = 0; b < tags->len; b++) {
			const char *ka = ((const struct policy_tag *)g_ptr_array_index(tags, a))->name;
			const char *kb = ((const struct policy_tag *)g_ptr_array_index(tags, b))->name;
			GPtrArray *block = g_ptr_array_new_with_free_func(g_free);
			GString *log = g_string_new(NULL);
			int who = 0, steps = 0;
			char *said = NULL;

			g_ptr_array_add(block, order_line(ka, &who));
			g_ptr_array_add(block, order_line(kb, &who));
			g_ptr_array_add(block, g_strdup("Signed-off-by: Ada Author <ada@example.org>"));
			while (steps < 8 && order_step(l, block, &who, &said)) {
				g_string_append_printf(log, "\n#     %s", said);
				g_clear_pointer(&said, g_free);
				steps++;
			}
			pairs++;
			if (steps < 8)
				settled++;
			else
				printf("# %s, %s, Signed-off-by: the advice never settles:%s\n", ka, kb,
				       log->str);
			g_string_free(log, TRUE);
			g_ptr_array_unref(block);
		}
	}
	ok(pairs >= 13 * 13, "every ordered pair of the known tags is tried");
	is_int(settled, pairs, "tag-order, tag-follow and tag-pair never pull a tag two ways");
	lint_free(l);
}

/* What a rule would lack in each run (--list-rules, issue 10, item 30):
 * the claim rules need a series' benchmarks, the set rules mails, the
 * repository rules a repository, the review rules a provider; the
 * severity in the policy is kept apart from whether it runs. */
static const struct lint_rule *rule(const char *id)
{
	guint n;
	const struct lint_rule *rules = lint_rules(&n);

	for (guint i = 0; i < n; i++)
		if (!strcmp(rules[i].id, id))
			return &rules[i];
	return NULL;
}

static void test_lacks(void)
{
	int calls = 0;
	struct lint_review rv = { fake_lookup, &calls };
	struct lint *l = lint_new(policy, NULL, NULL, NULL, NULL);
	struct lint *with = lint_new(policy, NULL, NULL, &rv, NULL);
	unsigned series = lint_run_gives(LINT_RUN_SERIES), mails = lint_run_gives(LINT_RUN_MAILS);
	unsigned revs = lint_run_gives(LINT_RUN_REVS);

	is_int(lint_rule_lacks(l, rule("claim-mismatch"), revs), LINT_NEEDS_BENCH,
	       "lacks: a claim rule on commits lacks benchmarks");
	is_int(lint_rule_lacks(l, rule("claim-mismatch"), series), 0,
	       "lacks: a series' version gives them (LINT_TEXT is no need)");
	is_int(lint_rule_lacks(l, rule("claim-mismatch"), mails), LINT_NEEDS_BENCH,
	       "lacks: mails do not");
	is_int(lint_rule_lacks(l, rule("series-numbering"), revs), LINT_SET,
	       "lacks: a set rule on commits lacks the mails");
	is_int(lint_rule_lacks(l, rule("series-numbering"), mails), 0, "lacks: mails give them");
	is_int(lint_rule_lacks(l, rule("fixes-unknown"), mails), LINT_NEEDS_REPO,
	       "lacks: no repository");
	is_int(lint_rule_lacks(l, rule("review-declined"), series), LINT_NEEDS_REVIEW,
	       "lacks: no review provider");
	is_int(lint_rule_lacks(with, rule("review-declined"), revs), 0, "lacks: a provider given");
	is_int(lint_rule_lacks(l, rule("sign-off-missing"), revs), 0, "lacks: a plain rule, nothing");
	is_int(lint_policy_severity(l, rule("claim-mismatch")), POLICY_ERROR,
	       "the policy's severity of a rule that cannot run");
	is_int(lint_severity(l, rule("claim-mismatch")), POLICY_OFF, "while in this run it is off");
	lint_free(l);
	lint_free(with);
}

/* fixes-missing: the first line before any --- that holds a hint (not
 * across two lines), and the first of the policy's hints on it
 * (trailers.conf: KASAN:, UBSAN:, syzbot, syzkaller, Call Trace:). */
static void test_fixes_hints(void)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "x: y\n\nSeen with UBSAN: and KASAN: both.\n", "3 'KASAN:'" },
		{ "x: y\n\nA Call\nTrace: split.\n\nLater syzkaller, then syzbot.\n", "6 'syzbot'" },
		{ "x: y\n\nFound by syzkaller.\n\nKASAN: below.\n", "3 'syzkaller'" },
		{ "x: y\n\nBody.\n---\nKASAN: after the cut\n", "" },
		{ "x: syzbot in the subject\n\nBody.\n", "1 'syzbot'" },
		{ "x: y\r\n\r\nUBSAN:\r\nCall Trace:\r\n", "3 'UBSAN:'" },
		{ "x: y\n\nNo hint at all, KASAN without its colon.\n", "" },
		{ "", "" },
	};
	struct lint *l = lint_new(policy, NULL, NULL, NULL, NULL);
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct lint_finding));

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		struct lint_input in = { .where = "m", .message = cases[i].text,
					 .len = strlen(cases[i].text) };
		GString *got = g_string_new(NULL);

		lint_check(l, &in, out);
		for (guint k = 0; k < out->len; k++) {
			const struct lint_finding *f = &g_array_index(out, struct lint_finding, k);
			const char *q = strchr(f->message, '\'');

			if (!strcmp(f->rule, "fixes-missing") && q)
				g_string_append_printf(got, "%u %.*s", f->line,
						       (int)(strchr(q + 1, '\'') - q + 1), q);
		}
		is_str(got->str, cases[i].want, cases[i].text[0] ? cases[i].text : "(empty)");
		lint_findings_clear(out);
		g_string_free(got, TRUE);
	}
	g_array_free(out, TRUE);
	lint_free(l);
}

/* The lines that hold "://", marked once per message for the link rules. */
static void test_url_lines(void)
{
	static const char text[] = "x: see http://a.example.org/\n\nnot a:\n//url\n"
				   "two https://b.example.org/ and ftp://c\n---\nhttp://after.cut/\n";
	struct lint *l = lint_new(policy, NULL, NULL, NULL, NULL);
	struct lint_input in = { .where = "m", .message = text, .len = sizeof(text) - 1 };
	struct lint_message m = { 0 };
	GString *got = g_string_new(NULL);

	lint_message_parse(l, &in, &m);
	for (guint i = 0; i < m.lines->len; i++)
		g_string_append_c(got, g_array_index(m.lines, struct lint_line, i).url ? 'u' : '.');
	is_str(got->str, "u...u.u", "lines 1, 5 and 7 hold ://, not one split over two lines");
	g_string_free(got, TRUE);
	lint_message_clear(&m);
	lint_free(l);
}

/* A person met again is parsed once a run: the same findings, the same
 * parse shared between messages. */
static void test_people_shared(void)
{
	static const char text[] = "x: y\n\nBody.\n\nReviewed-by: \"Bo  Brenn\" <bo@example.org> (mm)\n"
				   "Tested-by: Bo Brenn\n"
				   "Signed-off-by: Ada Author <ada@example.org>\n";
	struct lint *l = lint_new(policy, NULL, NULL, NULL, NULL), *fresh;
	struct lint_input in = { .where = "m", .message = text, .len = sizeof(text) - 1 };
	struct lint_message a = { 0 }, b = { 0 };
	const struct lint_trailer *ta, *tb;
	char *first = run(l, &in), *again = run(l, &in), *alone;

	fresh = lint_new(policy, NULL, NULL, NULL, NULL);
	alone = run(fresh, &in);
	is_str(again, first, "the same findings the second time");
	is_str(first, alone, "as a linter that never met them");
	ok(strstr(first, "trailer-malformed@6") != NULL, "the one without an address is found");
	lint_message_parse(l, &in, &a);
	lint_message_parse(l, &in, &b);
	ta = &g_array_index(a.items, struct lint_trailer, 0);
	tb = &g_array_index(b.items, struct lint_trailer, 0);
	ok(ta->shared && ta->addr.email == tb->addr.email, "two messages share the parse");
	is_str(ta->addr.name, "Bo  Brenn", "its name unquoted");
	is_str(ta->canon_email, "bo@example.org", "its address");
	lint_message_clear(&a);
	lint_message_clear(&b);
	g_free(first);
	g_free(again);
	g_free(alone);
	lint_free(fresh);
	lint_free(l);
}

/* A message a parser of the linter parsed, on another thread: the same
 * findings as lint_check's. */
static gpointer parse_there(gpointer data)
{
	gpointer *v = data;

	lint_message_parse(v[0], v[1], v[2]);
	return NULL;
}

static void test_parsed_elsewhere(void)
{
	static const char text[] = "x: y\n\nBody with commit 0123456789ab (\"x\").\n\n"
				   "Signed-off-by: Ada Author <ada@example.org>\n"
				   "reviewed-by: Bo Brenn <bo@example.org>\n"
				   "Link: https://lkml.org/lkml/1\n";
	struct lint *l = lint_new(policy, NULL, NULL, NULL, NULL), *parser = lint_new_parser(l);
	struct lint_input in = { .where = "m", .message = text, .len = sizeof(text) - 1 };
	struct lint_message m = { 0 };
	gpointer v[3] = { parser, &in, &m };
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct lint_finding));
	GString *got = g_string_new(NULL);
	char *want = run(l, &in);

	g_thread_join(g_thread_new("parser", parse_there, v));
	lint_check_parsed(l, &m, out);
	for (guint i = 0; i < out->len; i++) {
		const struct lint_finding *f = &g_array_index(out, struct lint_finding, i);

		g_string_append_printf(got, "%s%s%s@%u", got->len ? " " : "", f->ignored ? "-" : "",
				       f->rule, f->line);
	}
	ok(*want, "the message has findings");
	is_str(got->str, want, "parsed by a parser on another thread: the same findings");
	lint_findings_clear(out);
	g_array_free(out, TRUE);
	g_string_free(got, TRUE);
	g_free(want);
	lint_message_clear(&m);
	lint_free(parser);
	lint_free(l);
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
	test_lacks();
	test_claims();
	test_lines_and_ignores();
	test_order_rules_agree();
	test_fixes_hints();
	test_url_lines();
	test_people_shared();
	test_parsed_elsewhere();
	policy_free(policy);
	g_free(path);
	git_libgit2_shutdown();
	return done_testing();
}
