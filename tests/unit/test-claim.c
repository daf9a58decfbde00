/* test-claim.c - lib/claim: the claim forms found in prose (the issue's two
 * examples among many phrasings), what only looks like a number, where a
 * claim is, the tolerance at the last printed digit, and the verdicts
 * against benchmarks made here in memory. */
#include "bench/claim.h"
#include "unit.h"

#include <math.h>
#include <stdlib.h>

static const char *const dirs[] = { "", " down", " up", " better", " worse" };
static const char *const bounds[] = { "", "~", ">=", "<=" };

static void put_num(GString *s, const struct claim_num *n)
{
	g_string_append_printf(s, "%s%.*f%s%s", bounds[n->bound], n->decimals, n->value,
			       n->unit ? " " : "", n->unit ? n->unit : "");
}

/* Each claim as "LINE:COL pair change dir", joined by " | ". */
static char *parsed(const char *text)
{
	GPtrArray *claims = claim_parse(text, strlen(text), NULL);
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < claims->len; i++) {
		const struct claim *c = g_ptr_array_index(claims, i);

		g_string_append_printf(s, "%s%u:%u", i ? " | " : "", c->line, c->col);
		if (c->has_pair) {
			g_string_append_c(s, ' ');
			put_num(s, &c->a);
			g_string_append(s, " -> ");
			put_num(s, &c->b);
		}
		if (c->change != CLAIM_NO_CHANGE) {
			g_string_append_c(s, ' ');
			put_num(s, &c->amount);
			g_string_append(s, c->change == CLAIM_PERCENT ? "%" :
					   c->change == CLAIM_FACTOR ? "x" : "");
		}
		g_string_append(s, dirs[c->dir]);
		if (c->noise_said)
			g_string_append(s, " (noise said)");
	}
	g_ptr_array_unref(claims);
	return g_string_free(s, FALSE);
}

/* A test name on one line: the text with its line breaks as "\n". */
static const char *nm(const char *text)
{
	static char buf[512];
	gsize o = 0;

	for (const char *p = text; *p && o + 3 < sizeof(buf); p++) {
		if (*p == '\n') {
			buf[o++] = '\\';
			buf[o++] = 'n';
		} else {
			buf[o++] = *p;
		}
	}
	buf[o] = '\0';
	return buf;
}

#define PARSES(text, want) \
	do { char *got_ = parsed(text); is_str(got_, want, nm(text)); g_free(got_); } while (0)

static void test_forms(void)
{
	/* the issue's two examples */
	PARSES("from 244.28 ms to 215.55 ms, about 11%", "1:1 244.28 ms -> 215.55 ms ~11%");
	PARSES("reduced by 2.49% (70190 -> 68445 bytes)",
	       "1:1 70190 bytes -> 68445 bytes 2.49% down");

	PARSES("Rebind: 244.28 ms -> 215.55 ms.", "1:9 244.28 ms -> 215.55 ms");
	PARSES("rebind 244.28ms → 215.55ms", "1:8 244.28 ms -> 215.55 ms");
	PARSES("rebind 244.28 ms => 215.55 ms", "1:8 244.28 ms -> 215.55 ms");
	PARSES("it went 1.2 s to 900 ms", "1:9 1.2 s -> 900 ms");
	PARSES("from 12 µs down to 9.5 µs", "1:1 12 us -> 9.5 us");
	PARSES("latency from 3.1 to 2.7 usec", "1:9 3.1 us -> 2.7 us");
	PARSES("from 1.50 seconds to 1.25 seconds", "1:1 1.50 s -> 1.25 s");
	PARSES("text 1,234,567 -> 1,200,000 bytes", "1:6 1234567 bytes -> 1200000 bytes");
	PARSES("from 12 MiB to 10 MiB", "1:1 12 MiB -> 10 MiB");
	PARSES("from about 240 ms to about 200 ms", "1:1 ~240 ms -> ~200 ms");
	PARSES("it is 11% faster", "1:7 11% better");
	PARSES("it is 11 % slower", "1:7 11% worse");
	PARSES("improves rebind by 11.8%", "1:1 11.8% better");
	PARSES("the size decreased by 3%", "1:10 3% down");
	PARSES("the heap grew by 0.5%", "1:10 0.5% up");
	PARSES("the text shrank by 2 percent", "1:10 2% down");
	PARSES("increased by 4%", "1:1 4% up");
	PARSES("a 5% drop in time", "1:3 5% down");
	PARSES("7% less memory", "1:1 7% down");
	PARSES("patched vs base: -5.24% (95% CI -5.78% to -4.70%), p < 0.001", "1:18 5.24% down");
	PARSES("(+3.5%)", "1:2 3.5% up");
	PARSES("(\xe2\x88\x92" "11.77%)", "1:2 11.77% down");
	PARSES("1.5x faster", "1:1 1.5x better");
	PARSES("2\xc3\x97 slower", "1:1 2x worse");
	PARSES("3 times smaller", "1:1 3x down");
	PARSES("a speedup of 2.5x", "1:3 2.5x better");
	PARSES("this cuts it by a factor of 3", "1:6 3x down");
	PARSES("reduced by about 11%", "1:1 ~11% down");
	PARSES("reduced by up to 11%", "1:1 <=11% down");
	PARSES("faster by more than 10%", "1:1 >=10% better");
	PARSES("~5% faster", "1:1 ~5% better");
	PARSES("\xe2\x89\x88" "5% faster", "1:1 ~5% better");
	PARSES("11% faster, within noise", "1:1 11% better (noise said)");
	PARSES("a 0.3% speedup that is not significant", "1:3 0.3% better (noise said)");
	/* a number with no unit counts when a change is attached */
	PARSES("from 70190 to 68445, 2.49% less", "1:1 70190 -> 68445 2.49% down");
	/* lines and columns; a claim wrapped over two lines */
	PARSES("subject\n\nThis brings it from 244.28 ms to\n215.55 ms here.\n",
	       "3:16 244.28 ms -> 215.55 ms");
	PARSES("a\n\n  \xc2\xb5s: 2 \xc2\xb5s -> 1 \xc2\xb5s\n", "3:7 2 us -> 1 us");
	PARSES("one 5% drop; and 3.0x faster\n\nthen 1 s -> 2 s",
	       "1:5 5% down | 1:18 3.0x better | 3:6 1 s -> 2 s");
}

/* Issue 10, item 26: a list item, a blank line or a sentence end ends a
 * claim; a claim wraps over lines only inside one item or sentence. */
static void test_claim_ends(void)
{
	PARSES("- text went from 815 to 1500 bytes\n- about 2x bigger",
	       "1:13 815 bytes -> 1500 bytes | 2:3 ~2x up");
	PARSES("* text went from 815 to 1500 bytes\n* about 2x bigger",
	       "1:13 815 bytes -> 1500 bytes | 2:3 ~2x up");
	PARSES("Sizes:\n  - text from 815 to 1500 bytes\n  + about 2x bigger",
	       "2:10 815 bytes -> 1500 bytes | 3:5 ~2x up");
	PARSES("\xe2\x80\xa2 text from 815 to 1500 bytes\n\xe2\x80\xa2 about 2x bigger",
	       "1:8 815 bytes -> 1500 bytes | 2:3 ~2x up");
	PARSES("1. text from 815 to 1500 bytes\n2) about 2x bigger",
	       "1:9 815 bytes -> 1500 bytes | 2:4 ~2x up");
	PARSES("text from 815 to 1500 bytes\n\nabout 2x bigger",
	       "1:6 815 bytes -> 1500 bytes | 3:1 ~2x up");
	PARSES("text from 815 to 1500 bytes. About 2x bigger",
	       "1:6 815 bytes -> 1500 bytes | 1:30 ~2x up");
	/* one item wrapped over two lines is one claim */
	PARSES("- the text went from 815 to 1500 bytes,\n  about 2x bigger\n- the rest",
	       "1:17 815 bytes -> 1500 bytes ~2x up");
	/* a "-" that is no list item: a sign, a dash inside a line */
	PARSES("text went from 815 to 1500 bytes -\nabout 2x bigger",
	       "1:11 815 bytes -> 1500 bytes ~2x up");
	PARSES("the size\n-5% then", "2:1 5% down");
}

/* Issue 10, item 25: a difference in a unit is a claim too. */
static void test_amounts(void)
{
	PARSES("Net code reduction of 1745 bytes (add/remove: 211/166)", "1:10 1745 bytes down");
	PARSES("this saves 64 bytes", "1:6 64 bytes down");
	PARSES("it shrinks the text by 1.5 KiB", "1:4 1.5 KiB down");
	PARSES("the struct is 64 bytes smaller", "1:15 64 bytes down");
	PARSES("it is smaller by 64 bytes", "1:7 64 bytes down");
	PARSES("it takes 5 ms less", "1:10 5 ms down");
	PARSES("a 30 ms improvement", "1:3 30 ms better");
	PARSES("the heap grows by up to 4 KiB", "1:10 <=4 KiB up");
	PARSES("text: -1745 bytes", "1:7 1745 bytes down");
	PARSES("from 70190 to 68445 bytes, 1745 bytes less",
	       "1:1 70190 bytes -> 68445 bytes 1745 bytes down");
	/* levels, sizes and comparisons, no differences */
	PARSES("lower latency of 5 ms", "");
	PARSES("the limit grows to 4 KiB", "");
	PARSES("a timeout of 5 ms, more than 5 ms", "");
	PARSES("it uses 64 bytes and takes 5 ms", "");
	PARSES("reduced by 3 entries", "");
}

static void test_not_claims(void)
{
	static const char *const texts[] = {
		"[PATCH v2 1/3] mm: v2 of the series",
		"Fixes: 1234567890ab (\"mm: cut the time by 50%\")",
		"commit 1234567890ab (\"zone: 5% faster\") did it",
		"Linux 5.10.2 to 6.1.7 on x86_64 and arm64",
		"from 2024-01-05 to 2024-02-01",
		"between 12:30 and 14:00",
		" 3 files changed, 120 insertions(+), 20 deletions(-)",
		" mm/page_alloc.c | 12 ++++++------",
		"100% reproducible, 95% of the cases, the 95% CI",
		"CPU load at 50%",
		"reduced to 80% of that",
		"increase the limit from 3 to 5",
		"refcount 1 -> 2",
		"a 64bit value of 0x1f, 4k pages, 2nd try",
		"see https://lore.kernel.org/r/20240105-1-2% and <20240105.1@x.org>",
		"run `perf stat -r 5 -- ./a 10% faster`",
		"> from 244.28 ms to 215.55 ms (quoted)",
		"the stddev is \xc2\xb1" "2.5% and +-3%",
		"the range 10-20% faster",
		"p = 0.05 and n = 30",
		"sha256 i2c ext4 x2 v6.1",
		"from 5% to 3% of the time",
		"2x the threads",
		"Total: Before=70190, After=68445, chg -2.49%",
		"add/remove: 1/0 grow/shrink: 0/2 up/down: 6/-41 (-35)",
		"Time (mean \xc2\xb1 \xcf\x83):  244.3 ms \xc2\xb1   1.0 ms  [User: 200.1 ms]",
		"Range (min \xe2\x80\xa6 max):   242.8 ms \xe2\x80\xa6 246.7 ms",
		"1.13 \xc2\xb1 0.01 times faster than 'old'",
		"when the load is lower than 50% or larger than 60%",
		"it increases to at least 4%, then at about 50%",
		"a boost factor of 0, 1x speeds",
		"\xe2\x80\x9cLow Power Idle Table\xe2\x80\x9d (LPIT)",
		"body\n---\nfrom 244.28 ms to 215.55 ms\n",
		"body\n-- \nfrom 244.28 ms to 215.55 ms\n",
		NULL
	};

	for (const char *const *t = texts; *t; t++) {
		char *got = parsed(*t);
		is_str(got, "", nm(*t));
		g_free(got);
	}
}

/* Any mix of the marks the lexer knows ends, and finds at most a few
 * claims (no input makes it loop or read past the text); with benchmarks
 * given, their metrics' names and units are in the mix too. */
static void any_input(const GPtrArray *with, const char *name)
{
	static const char *const bits[] = {
		"1", "2.5", "70,190", "%", "x", " ", "\n", "\n\n", "->", "\xe2\x86\x92", "to", "from",
		"ms", "\xc2\xb5s", "by", "reduced", "faster", "about", "(", ")", "\"", "(\"", "<", ">",
		"`", "-", "+", "\xe2\x88\x92", "\xc2\xb1", "~", ".", "v2", "/", ":", "\xe2\x80\x9c",
		"\xc3\x97", "\xe2", "\xc2", "http://a", "---\n", "> ", "Fixes: ", "than", "of",
		"- ", "* ", "\xe2\x80\xa2", "1. ", "bytes", "saves", "Total time", ": ", "[sec]",
		"[", "]", "seconds",
	};
	GRand *r = g_rand_new_with_seed(4100);
	int fine = 0;

	for (int n = 0; n < 3000; n++) {
		GString *s = g_string_new(NULL);
		int len = g_rand_int_range(r, 1, 40);
		GPtrArray *c;

		for (int i = 0; i < len; i++)
			g_string_append(s, bits[g_rand_int_range(r, 0, G_N_ELEMENTS(bits))]);
		/* a text that ends anywhere (inside a UTF-8 sequence too), in a
		 * buffer of its size: ASan sees a read past its end */
		gsize cut = s->len > 3 ? s->len - (gsize)g_rand_int_range(r, 0, 4) : s->len;
		char *buf = g_memdup2(s->str, cut ? cut : 1);

		c = claim_parse(buf, cut, with);
		fine += c->len <= (guint)len;
		g_ptr_array_unref(c);
		g_free(buf);
		g_string_free(s, TRUE);
	}
	is_int(fine, 3000, name);
	g_rand_free(r);
}

static void test_any_input(void)
{
	any_input(NULL, "random mixes of the marks: every parse ends");
}

static void test_tags(void)
{
	/* tag lines are skipped, other lines of the last paragraph are read */
	PARSES("zone: faster\n\nBefore: 244.28 ms -> 215.55 ms\n"
	       "Fixes: 1234567890ab (zone: 10% faster)\n"
	       "Link: https://lore.kernel.org/r/1-2% faster\n"
	       "Reviewed-by: A <a@example.org> # 5% faster\n"
	       "Signed-off-by: A <a@example.org>\n"
	       "base-commit: 10% faster\n",
	       "3:9 244.28 ms -> 215.55 ms");
}

/* ---- judging ---- */

static struct bench *mk(const char *name, const char *unit, const double *a, int na,
			const double *b, int nb)
{
	struct bench *bn = bench_new(name);
	struct bench_role *ra = bench_role_new("base", "samples");
	struct bench_role *rb = bench_role_new("patched", "samples");
	struct bench_metric *ma = bench_metric_new("value", unit);
	struct bench_metric *mb = bench_metric_new("value", unit);

	for (int i = 0; i < na; i++)
		bench_metric_add(ma, a[i]);
	for (int i = 0; i < nb; i++)
		bench_metric_add(mb, b[i]);
	g_ptr_array_add(ra->metrics, ma);
	g_ptr_array_add(rb->metrics, mb);
	g_ptr_array_add(bn->roles, ra);
	g_ptr_array_add(bn->roles, rb);
	return bn;
}

static GPtrArray *benches;

/* The verdicts of text's claims, "verdict[@bench]" joined by spaces; the
 * last message in *msg (caller frees; may be NULL). */
static char *verdicts(const char *text, const GPtrArray *with, char **msg)
{
	GArray *res = claim_check(text, strlen(text), with);
	GString *s = g_string_new(NULL);

	if (msg)
		*msg = NULL;
	for (guint i = 0; i < res->len; i++) {
		const struct claim_result *r = &g_array_index(res, struct claim_result, i);

		g_string_append_printf(s, "%s%s", i ? " " : "", claim_verdict_name(r->verdict));
		if (r->bench)
			g_string_append_printf(s, "@%s", r->bench->name);
		if (msg && r->message) {
			g_free(*msg);
			*msg = g_strdup(r->message);
		}
	}
	claim_results_free(res);
	return g_string_free(s, FALSE);
}

#define JUDGES(text, want) \
	do { char *got_ = verdicts(text, benches, NULL); is_str(got_, want, text); g_free(got_); } while (0)

static void says(const char *text, const char *want_verdicts, const char *want_in_msg)
{
	char *msg, *got = verdicts(text, benches, &msg);

	is_str(got, want_verdicts, text);
	if (!ok(msg && strstr(msg, want_in_msg), want_in_msg))
		printf("#   message: %s\n", msg ? msg : "(none)");
	g_free(got);
	g_free(msg);
}

static void setup(void)
{
	/* rebind: 244.28 -> 215.55 ms, clearly apart */
	static const double rb_a[] = { 244.18, 244.38, 244.28, 244.08, 244.48 };
	static const double rb_b[] = { 215.45, 215.65, 215.55, 215.35, 215.75 };
	/* text size: one value each, 70190 -> 68445 bytes */
	static const double sz_a[] = { 70190 }, sz_b[] = { 68445 };
	/* sched: 100.0 -> 99.8 ms, within noise */
	static const double sc_a[] = { 100, 102, 98, 101, 99 };
	static const double sc_b[] = { 99, 101, 100, 97, 102 };

	benches = g_ptr_array_new_with_free_func((GDestroyNotify)bench_free);
	g_ptr_array_add(benches, mk("rebind", "ms", rb_a, 5, rb_b, 5));
	g_ptr_array_add(benches, mk("text-size", "bytes", sz_a, 1, sz_b, 1));
	g_ptr_array_add(benches, mk("sched", "ms", sc_a, 5, sc_b, 5));
}

static void test_judge(void)
{
	/* the issue's examples against data that gives them */
	JUDGES("from 244.28 ms to 215.55 ms, about 11%", "ok@rebind");
	JUDGES("reduced by 2.49% (70190 -> 68445 bytes)", "ok@text-size");
	/* the same numbers in other units and forms */
	JUDGES("from 0.24428 s to 0.21555 s", "ok@rebind");
	JUDGES("rebind: 244280 us -> 215550 us", "ok@rebind");
	JUDGES("rebind takes 244.28 -> 215.55, 11.76% less", "ok@rebind");
	JUDGES("rebind is 1.13x faster", "ok@rebind");
	JUDGES("rebind is 13.3% faster", "ok@rebind");	/* (a - b) / b */
	JUDGES("rebind is 11.8% faster", "ok@rebind");	/* (b - a) / a */
	JUDGES("text-size: -2.5%", "ok@text-size");
	JUDGES("rebind: reduced by more than 10%", "ok@rebind");
	JUDGES("rebind: reduced by up to 12%", "ok@rebind");

	/* the tolerance is half a unit of the last digit printed */
	JUDGES("from 244.3 ms to 215.6 ms", "ok@rebind");
	JUDGES("from 244.2 ms to 215.6 ms", "mismatch@rebind");
	JUDGES("from 244.280 ms to 215.550 ms", "ok@rebind");
	JUDGES("from 244.281 ms to 215.550 ms", "mismatch@rebind");
	JUDGES("from 244 ms to 216 ms", "ok@rebind");
	JUDGES("from 244 ms to 215 ms", "mismatch@rebind");
	JUDGES("rebind: 11.8% less", "ok@rebind");
	JUDGES("rebind: 11.7% less", "mismatch@rebind");
	JUDGES("rebind: 12% less", "ok@rebind");
	JUDGES("rebind: 11% less", "mismatch@rebind");
	JUDGES("rebind: about 11% less", "ok@rebind");
	JUDGES("rebind: about 13% less", "mismatch@rebind");
	JUDGES("from about 240 ms to about 220 ms", "ok@rebind");

	/* direction */
	JUDGES("rebind: increased by 11.76%", "mismatch@rebind");
	JUDGES("rebind is 2x faster", "mismatch@rebind");
	JUDGES("rebind is 1.13x slower", "mismatch@rebind");

	/* what the data says */
	says("from 244.31 ms to 215.55 ms", "mismatch@rebind",
	     "\"from 244.31 ms to 215.55 ms\": the data says 244.28 ms -> 215.55 ms (-11.76%) "
	     "in rebind");
	says("reduced by 2.94% (70190 -> 68445 bytes)", "mismatch@text-size",
	     "the data says 70190 bytes -> 68445 bytes (-2.49%) in text-size");
	says("rebind is 20% faster", "mismatch@rebind", "the data says -11.76% (244.28 ms -> 215.55 ms)");

	/* within noise */
	says("sched: from 100.0 ms to 99.8 ms", "noise@sched", "95% CI of the difference");
	says("sched is 0.2% faster", "noise@sched", ", p = 0.");
	JUDGES("sched is 0.2% faster, within noise", "ok@sched");
	JUDGES("sched: from 100.0 ms to 99.8 ms (not significant)", "ok@sched");
	JUDGES("sched: less than 1% slower", "ok@sched");
	says("sched is 5% faster", "mismatch@sched", ", within noise: 95% CI");

	/* a benchmark named before, in the paragraph */
	JUDGES("For sched, the mean did not move.  It went from 100.0 ms to 99.8 ms, but noisy.",
	       "ok@sched");
	/* a name in the sentence that is another claim's */
	JUDGES("The text shrank by 2.49% (70190 -> 68445 bytes), and rebind went from 244.28 ms "
	       "to 215.55 ms.", "ok@text-size ok@rebind");
	JUDGES("rebind went from 244.28 ms to 215.55 ms and sched 0.2% faster, within noise.",
	       "ok@rebind ok@sched");
	/* a pair that went the other way is about something else */
	JUDGES("the timeout went from 200 ms to 250 ms", "unmatched");
	JUDGES("rebind went from 200 ms to 250 ms", "mismatch@rebind");
	/* nothing to check it against */
	says("from 12 MiB to 10 MiB", "unmatched", "has these numbers");
	says("1 s -> 2 s", "unmatched", "has these numbers");
	{
		GPtrArray *times = g_ptr_array_new();
		char *msg, *got;

		g_ptr_array_add(times, benches->pdata[0]);
		got = verdicts("from 12 MiB to 10 MiB", times, &msg);
		is_str(got, "unmatched", "no benchmark in that unit");
		ok(msg && strstr(msg, "no attached benchmark (rebind) is measured in MiB"), msg);
		g_free(got);
		g_free(msg);
		/* a percent alone against the only benchmark, however far off */
		got = verdicts("It is 50% faster now.", times, &msg);
		is_str(got, "mismatch@rebind", "a change alone: the only benchmark");
		g_free(got);
		g_free(msg);
		g_ptr_array_unref(times);
	}
	{
		char *got = verdicts("from 244.28 ms to 215.55 ms", NULL, NULL);
		is_str(got, "unmatched", "no benchmarks: unmatched");
		g_free(got);
	}
}

/* judges(text, with, want): the verdicts of text against `with`. */
static void judges(const char *text, const GPtrArray *with, const char *want)
{
	char *got = verdicts(text, with, NULL);

	is_str(got, want, text);
	g_free(got);
}

static void says_with(const char *text, const GPtrArray *with, const char *want_verdicts,
		      const char *want_in_msg)
{
	char *msg, *got = verdicts(text, with, &msg);

	is_str(got, want_verdicts, text);
	if (!ok(msg && strstr(msg, want_in_msg), want_in_msg))
		printf("#   message: %s\n", msg ? msg : "(none)");
	g_free(got);
	g_free(msg);
}

/* Issue 10, item 25: wrong size claims are seen and are mismatches. */
static void test_judge_sizes(void)
{
	static const double sz_a[] = { 70190 }, sz_b[] = { 68445 };
	static const double tx_a[] = { 815 }, tx_b[] = { 1537 };
	static const double kv_a[] = { 15.989429 }, kv_b[] = { 12.931696 };
	static const double k5_a[] = { 15.989429, 16.102377, 15.873012 };
	static const double k5_b[] = { 16.034518, 15.912260, 16.187943 };
	GPtrArray *with = g_ptr_array_new_with_free_func((GDestroyNotify)bench_free);
	struct bench *kv, *k5;

	g_ptr_array_add(with, mk("size", "bytes", sz_a, 1, sz_b, 1));
	g_ptr_array_add(with, mk("text", "bytes", tx_a, 1, tx_b, 1));
	/* a difference in bytes: bloat-o-meter's total */
	judges("Net code reduction of 1745 bytes (add/remove: 211/166)", with, "ok@size");
	judges("this saves about 1.7 KiB", with, "ok@size");
	says_with("Net code reduction of 1754 bytes (add/remove: 211/166)", with, "mismatch@size",
		  "\"reduction of 1754 bytes\": the data says -1745 bytes, -2.49% (70190 bytes -> "
		  "68445 bytes) in size");
	judges("the heap grows by 1745 bytes", with, "mismatch@size");
	judges("the heap grows by 100 bytes", with, "unmatched");
	judges("it saves 5 MiB", with, "unmatched");
	/* a pair that starts at the data's number, and went the other way */
	says_with("reduced by 2.49% (815 -> 795 bytes)", with, "mismatch@text",
		  "the data says 815 bytes -> 1537 bytes (+88.59%) in text");
	judges("text: from 815 to 1537 bytes", with, "ok@text");

	/* a quoted kv line: the metric of its key, a role's mean or a sample */
	kv = mk("messaging", "s", kv_a, 1, kv_b, 1);
	g_free(((struct bench_metric *)((struct bench_role *)kv->roles->pdata[0])->metrics->pdata[0])->name);
	g_free(((struct bench_metric *)((struct bench_role *)kv->roles->pdata[1])->metrics->pdata[0])->name);
	((struct bench_metric *)((struct bench_role *)kv->roles->pdata[0])->metrics->pdata[0])->name =
		g_strdup("Total time");
	((struct bench_metric *)((struct bench_role *)kv->roles->pdata[1])->metrics->pdata[0])->name =
		g_strdup("Total time");
	g_ptr_array_add(with, kv);
	judges("Patched:\n\n  Total time: 12.931696 seconds\n", with, "ok@messaging");
	judges("Total time: 15.989429 seconds", with, "ok@messaging");
	says_with("Before:\n  Total time: 12.391696 seconds\n", with, "mismatch@messaging",
		  "\"Total time: 12.391696 seconds\": the data says base 15.989429 seconds, patched "
		  "12.931696 seconds in messaging");
	judges("Total time: 12.931696 s", with, "ok@messaging");
	judges("total time: 12931.696 ms", with, "ok@messaging");
	judges("Total time: 0.104 [sec]", with, "unmatched");
	judges("Total time: 12.931696 seconds, says perf", with, "");
	judges("Other time: 12.391696 seconds", with, "");
	any_input(with, "random mixes with the data's keys and units: every parse ends");
	g_ptr_array_remove(with, kv);
	k5 = mk("five", "s", k5_a, 3, k5_b, 3);
	for (int r = 0; r < 2; r++) {
		struct bench_metric *m = ((struct bench_role *)k5->roles->pdata[r])->metrics->pdata[0];

		g_free(m->name);
		m->name = g_strdup("Total time");
	}
	g_ptr_array_add(with, k5);
	judges("Total time: 16.102377 seconds", with, "ok@five");
	judges("Total time: 16.120377 seconds", with, "mismatch@five");
	g_ptr_array_unref(with);
}

/* Issue 10, item 27: one more benchmark attached that fits a claim no
 * better never changes its verdict.  Each claim against a set of
 * benchmarks, then with each of a few others added. */
static void test_judge_unrelated(void)
{
	static const double rb_a[] = { 244.18, 244.38, 244.28, 244.08, 244.48 };
	static const double rb_b[] = { 215.45, 215.65, 215.55, 215.35, 215.75 };
	static const double fr_a[] = { 10.0, 10.1, 9.9 }, fr_b[] = { 9.0, 9.1, 8.9 };
	static const double sz_a[] = { 70190 }, sz_b[] = { 68445 };
	static const double up_a[] = { 1.0, 1.1, 0.9 }, up_b[] = { 5.0, 5.1, 4.9 };
	static const char *const claims[] = {
		"This makes it about 3x faster.",
		"It is 50% faster now.",
		"from 244.31 ms to 215.55 ms",
		"from 10.0 ms to 5.0 ms",
		"the timeout went from 200 ms to 250 ms",
		"Net code reduction of 1754 bytes",
		"reduced by 2.49% (815 -> 795 bytes)",
		"rebind is 20% faster",
		NULL
	};
	GPtrArray *base = g_ptr_array_new_with_free_func((GDestroyNotify)bench_free);
	GPtrArray *extra = g_ptr_array_new_with_free_func((GDestroyNotify)bench_free);
	int tried = 0, kept = 0;
	char *msg, *got;

	g_ptr_array_add(base, mk("rebind", "ms", rb_a, 5, rb_b, 5));
	g_ptr_array_add(extra, mk("frob", "ms", fr_a, 3, fr_b, 3));
	g_ptr_array_add(extra, mk("size", "bytes", sz_a, 1, sz_b, 1));
	g_ptr_array_add(extra, mk("boot", "s", up_a, 3, up_b, 3));
	/* the issue's case: a factor alone, far off, then a second benchmark */
	says_with("This makes it about 3x faster.", base, "mismatch@rebind",
		  "the data says 1.13x, -11.76% (244.28 ms -> 215.55 ms) in rebind");
	g_ptr_array_add(base, g_ptr_array_index(extra, 0));
	says_with("This makes it about 3x faster.", base, "mismatch@rebind",
		  "in rebind; 1.11x, -10.00% (10.00 ms -> 9.00 ms) in frob");
	g_ptr_array_steal_index(base, 1);

	for (const char *const *c = claims; *c; c++) {
		char *v1 = verdicts(*c, base, NULL);

		for (guint e = 0; e < extra->len; e++) {
			GPtrArray *more = g_ptr_array_new();
			char *v2;
			gboolean same;

			g_ptr_array_add(more, g_ptr_array_index(base, 0));
			g_ptr_array_add(more, g_ptr_array_index(extra, e));
			v2 = verdicts(*c, more, NULL);
			/* the same verdict, or the new benchmark confirms it, or
			 * it is the one benchmark the numbers are close to */
			same = !strncmp(v1, v2, strcspn(v1, "@")) || g_str_has_prefix(v2, "ok@") ||
			       g_str_has_prefix(v2, "noise@") ||
			       (!strcmp(v1, "unmatched") && g_str_has_prefix(v2, "mismatch@") &&
				!strcmp(strchr(v2, '@') + 1,
					((struct bench *)g_ptr_array_index(extra, e))->name));
			tried++;
			if (same)
				kept++;
			else
				printf("# \"%s\": %s, then %s with %s\n", *c, v1, v2,
				       ((struct bench *)g_ptr_array_index(extra, e))->name);
			g_free(v2);
			g_ptr_array_unref(more);
		}
		g_free(v1);
	}
	is_int(kept, tried, "one more benchmark that fits no better keeps every verdict");
	/* a claim that names its benchmark is held against it alone */
	got = verdicts("rebind is 20% faster", base, &msg);
	is_str(got, "mismatch@rebind", "named: its benchmark");
	ok(msg && !strstr(msg, "frob"), "and no other");
	g_free(got);
	g_free(msg);
	g_ptr_array_unref(extra);
	g_ptr_array_unref(base);
}

static void test_benches_for(void)
{
	GPtrArray *all = g_ptr_array_new_with_free_func((GDestroyNotify)bench_free);
	static const double v[] = { 1 };
	struct bench *mine = mk("mine", "ms", v, 1, v, 1), *other = mk("other", "ms", v, 1, v, 1);
	GPtrArray *got;

	mine->patch = g_new0(struct bench_patch, 1);
	mine->patch->commit = g_strdup("aaaa");
	mine->patch->subject = g_strdup("zone: mine");
	other->patch = g_new0(struct bench_patch, 1);
	other->patch->commit = g_strdup("bbbb");
	other->patch->subject = g_strdup("zone: other");
	g_ptr_array_add(all, mine);
	g_ptr_array_add(all, other);
	g_ptr_array_add(all, mk("series", "ms", v, 1, v, 1));
	got = claim_benches_for(all, "aaaa", NULL);
	is_int(got->len, 2, "a commit: its own benchmarks and the series' ones");
	ok(got->len == 2 && got->pdata[0] == mine, "its own first, in order");
	g_ptr_array_unref(got);
	got = claim_benches_for(all, "cccc", "zone: other");
	ok(got->len == 2 && got->pdata[0] == other, "found by subject after a rebase");
	g_ptr_array_unref(got);
	g_ptr_array_unref(all);
}

int main(void)
{
	test_forms();
	test_claim_ends();
	test_amounts();
	test_not_claims();
	test_tags();
	test_any_input();
	setup();
	test_judge();
	test_judge_sizes();
	test_judge_unrelated();
	test_benches_for();
	g_ptr_array_unref(benches);
	return done_testing();
}
