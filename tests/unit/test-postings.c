/* test-postings.c - lib/postings: kinds, grouping, versions, body scans. */
#include "mail/postings.h"
#include "unit.h"

#include <stdarg.h>

static int warnings;

static void count_warning(void *payload, const char *fmt, ...)
{
	(void)payload;
	(void)fmt;
	warnings++;
}

struct mail {
	const char *msgid, *irt, *subject, *from;
	gint64 date;
	const char *change_id;
	gboolean diff;
};

#define ANN "Ann Author <ann@example.org>"
#define BOB "Bob <bob@example.org>"

/* Add mails in order (their References: the In-Reply-To alone). */
static struct postings *run(const struct mail *m, gsize n)
{
	struct postings *p = postings_new(count_warning, NULL);

	for (gsize i = 0; i < n; i++) {
		struct posting_mail pm = { 0 };

		pm.msgid = m[i].msgid;
		pm.in_reply_to = m[i].irt;
		pm.refs = &m[i].irt;
		pm.nrefs = m[i].irt ? 1 : 0;
		pm.subject = m[i].subject;
		pm.from = m[i].from;
		pm.date = m[i].date;
		pm.change_id = m[i].change_id;
		pm.has_diff = m[i].diff;
		pm.position = (guint)i + 1;
		postings_add(p, &pm);
	}
	postings_finish(p);
	return p;
}

/* "vV N/T cover? [ids] prev" per posting. */
static char *shape(const struct postings *p)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < postings_len(p); i++) {
		const struct posting *x = postings_get(p, i);
		g_string_append_printf(s, "v%d %u/%d%s [", x->version, x->patches, x->total,
				       x->cover ? " cover" : "");
		for (guint k = 0; k < x->messages->len; k++)
			g_string_append_printf(s, "%s%s", k ? " " : "",
					       (char *)g_ptr_array_index(x->messages, k));
		g_string_append_printf(s, "] %d\n", x->previous);
	}
	return g_string_free(s, FALSE);
}

static void check(const struct mail *m, gsize n, const char *want, const char *name)
{
	struct postings *p = run(m, n);
	char *got = shape(p);

	is_str(got, want, name);
	g_free(got);
	postings_free(p);
}

static void test_kinds(void)
{
	static const struct mail m[] = {
		{ "c", NULL, "[PATCH 0/2] cover", ANN, 100, NULL, FALSE },
		{ "p1", "c", "[PATCH 1/2] one", ANN, 101, NULL, TRUE },
		{ "r1", "p1", "Re: [PATCH 1/2] one", BOB, 200, NULL, TRUE },
		{ "f1", NULL, "Fwd: [PATCH 1/2] one", BOB, 201, NULL, TRUE },
		{ "q", NULL, "a question", BOB, 202, NULL, FALSE },
		{ "d", NULL, "no prefix, but a diff", BOB, 203, NULL, TRUE },
		{ "w", NULL, "[PATCH] the word alone", BOB, 204, NULL, FALSE },
		{ "rfc", NULL, "[RFC] an idea", BOB, 205, NULL, FALSE },
	};
	struct postings *p = run(m, G_N_ELEMENTS(m));

	is_int(postings_count(p, POSTING_COVER), 1, "one cover");
	is_int(postings_count(p, POSTING_PATCH), 3, "patches: numbered, a diff, the word PATCH");
	is_int(postings_count(p, POSTING_COMMENT), 4, "comments: replies, forwards, the rest");
	is_int(postings_len(p), 3, "three postings");
	is_int(postings_get(p, 1)->total, 1, "an unnumbered patch has total 1");
	ok(postings_get(p, 1)->received_all, "and is complete");
	ok(!postings_get(p, 0)->received_all, "the 2-patch one is not");
	is_int(postings_get(p, 0)->not_received->len, 1, "one number is missing");
	is_str(postings_get(p, 0)->name, "cover", "the name is the cover's text");
	postings_free(p);
}

static void test_grouping(void)
{
	static const struct mail out_of_order[] = {
		{ "p2", "c", "[PATCH 2/2] two", ANN, 102, NULL, TRUE },
		{ "p1", "c", "[PATCH 1/2] one", ANN, 101, NULL, TRUE },
		{ "c", NULL, "[PATCH 0/2] cover", ANN, 100, NULL, FALSE },
	};
	static const struct mail unthreaded[] = {
		{ "c", NULL, "[PATCH v2 0/2] cover", ANN, 1000, NULL, FALSE },
		{ "p1", NULL, "[PATCH v2 1/2] one", ANN, 1000 + 19 * 60, NULL, TRUE },
		{ "p2", NULL, "[PATCH v2 2/2] two", ANN, 1000 + 21 * 60, NULL, TRUE },
		{ "b1", NULL, "[PATCH v2 1/2] one", BOB, 1001, NULL, TRUE },
	};
	static const struct mail by_change[] = {
		{ "c", NULL, "[PATCH v3 0/2] cover", ANN, 1000, "20250101-x-0123456789ab", FALSE },
		{ "p1", NULL, "[PATCH v3 1/2] one", ANN, 90000, "20250101-x-0123456789ab", TRUE },
		{ "p2", NULL, "[PATCH v4 2/2] two", ANN, 90000, "20250101-x-0123456789ab", TRUE },
	};
	static const struct mail renumbered[] = {
		{ "a1", NULL, "[PATCH 1/2] one", ANN, 100, NULL, TRUE },
		{ "a2", "a1", "[PATCH 2/2] two", ANN, 101, NULL, TRUE },
		{ "b1", "a1", "[PATCH 1/2] one", ANN, 500, NULL, TRUE },
		{ "b2", "b1", "[PATCH 2/2] two", ANN, 501, NULL, TRUE },
	};
	static const struct mail versions_in_thread[] = {
		{ "c1", NULL, "[PATCH v3 0/1] cover", ANN, 100, NULL, FALSE },
		{ "p1", "c1", "[PATCH 1/1] unlabelled joins", ANN, 101, NULL, TRUE },
		{ "q1", "c1", "[PATCH v2 1/1] other version", ANN, 102, NULL, TRUE },
	};

	check(out_of_order, 3, "v1 2/2 cover [c p1 p2] -1\n",
	      "out of order: the cover finds the patches that named it");
	check(unthreaded, 4, "v2 1/2 cover [c p1] -1\nv2 1/2 [p2] -1\nv2 1/2 [b1] -1\n",
	      "no threads: same sender, version and total within 20 minutes");
	check(by_change, 3, "v3 1/2 cover [c p1] -1\nv4 1/2 [p2] 0\n",
	      "change-id and version group what time does not; versions linked");
	check(renumbered, 4, "v1 2/2 [a1 a2] -1\nv1 2/2 [b1 b2] 0\n",
	      "a number already there starts a new posting");
	check(versions_in_thread, 3, "v3 1/1 cover [c1 p1] -1\nv2 1/1 [q1] -1\n",
	      "an unlabelled patch joins its cover; one stating another version does not");
}

static void test_versions(void)
{
	static const struct mail m[] = {
		{ "a", NULL, "[PATCH] mm: fix a leak", ANN, 100, NULL, TRUE },
		{ "b", NULL, "[PATCH v3] mm: Fix a  leak", ANN, 300000, NULL, TRUE },
		{ "c", NULL, "[PATCH v2] mm: fix a leak", ANN, 200000, NULL, TRUE },
		{ "d", NULL, "[PATCH v2] mm: fix a leak", BOB, 200000, NULL, TRUE },
		{ "e", NULL, "[PATCH v2 0/3] zone init (v2)", ANN, 400000, NULL, FALSE },
		{ "f", NULL, "[PATCH v3 0/3] zone init (v3)", ANN, 500000, NULL, FALSE },
	};
	struct postings *p = run(m, G_N_ELEMENTS(m));
	char *got = shape(p);

	is_str(got, "v1 1/1 [a] -1\nv3 1/1 [b] 2\nv2 1/1 [c] 0\nv2 1/1 [d] -1\n"
		    "v2 0/3 cover [e] -1\nv3 0/3 cover [f] 4\n",
	       "versions by sender and normalised subject, in version order");
	is_str(postings_get(p, 1)->series_key, postings_get(p, 0)->series_key,
	       "one series key for all versions");
	ok(strcmp(postings_get(p, 3)->series_key, postings_get(p, 0)->series_key),
	   "another sender's is another series");
	g_free(got);
	postings_free(p);
}

static void test_copies(void)
{
	static const struct mail m[] = {
		{ "p1", NULL, "[PATCH 1/2] one", ANN, 100, NULL, TRUE },
		{ "p1", NULL, "[PATCH 1/2] one", ANN, 100, NULL, TRUE },
		{ NULL, NULL, "[PATCH 2/2] two", ANN, 101, NULL, TRUE },
	};
	struct postings *p;

	warnings = 0;
	p = run(m, G_N_ELEMENTS(m));
	is_int(postings_count(p, POSTING_COPY), 1, "a copy of a Message-ID is a copy");
	is_int(postings_count(p, POSTING_PATCH), 2, "and not a patch");
	is_int(postings_len(p), 1, "so it does not start a posting");
	is_int(warnings, 1, "one warning");
	postings_free(p);
}

static void test_body(void)
{
	static const char diff[] = "text\n---\n a | 1 +\n\ndiff --git a/a b/a\nindex 1..2\n";
	static const char plain[] = "intro\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n";
	static const char quoted[] = "> --- a/x\n> +++ b/x\n> @@ -1 +1 @@\n";
	static const char half[] = "--- a/x\n+++ b/x\nno hunk\n";
	static const char start[] = "diff --git a/a b/a\n";
	static const char footer[] = "text\nprerequisite-change-id: 2020-nope-000000000000\n"
				     "change-id: 20250101-first-000000000000\n"
				     "change-id: 20250102-last-111111111111\n\n-- \nsig\n";
	char *c;

	ok(postings_body_has_diff(diff, sizeof diff - 1), "a diff --git line");
	ok(postings_body_has_diff(plain, sizeof plain - 1), "---, +++ and @@ lines");
	ok(!postings_body_has_diff(quoted, sizeof quoted - 1), "a quoted diff is not one");
	ok(!postings_body_has_diff(half, sizeof half - 1), "no hunk, no diff");
	ok(postings_body_has_diff(start, sizeof start - 1), "a diff at the very start");
	ok(!postings_body_has_diff(start, 5), "the length bounds the scan");
	c = postings_body_change_id(footer, sizeof footer - 1);
	is_str(c, "20250102-last-111111111111", "the last change-id: line");
	g_free(c);
	c = postings_body_change_id(quoted, sizeof quoted - 1);
	ok(c == NULL, "no change-id");
	g_free(c);
}

int main(int argc, char **argv)
{
	unit_init(argc, argv);
	UNIT_CASE("kinds")
		test_kinds();
	UNIT_CASE("grouping")
		test_grouping();
	UNIT_CASE("versions")
		test_versions();
	UNIT_CASE("copies")
		test_copies();
	UNIT_CASE("body")
		test_body();
	return done_testing();
}
