/* claim.h - numbers a commit message or a cover letter quotes about a
 * benchmark ("from 244.28 ms to 215.55 ms, about 11%", "reduced by 2.49%
 * (70190 -> 68445 bytes)", "1.5x faster"), found in the text and judged
 * against the benchmarks attached to the version.
 *
 * ---- what counts as a claim ----
 *
 * The text is read paragraph by paragraph.  A claim may wrap over lines,
 * but it ends with its sentence (". ", "! ", "? ", "; "), its list item (a
 * line starting with "- ", "* ", "+ ", "• ", "1. " or "1) " starts the
 * next one) and its paragraph: a percent or factor on the next bullet is
 * never attached to the pair of this one.  Quoted lines ("> ..."), tag lines (Signed-off-by: and any
 * other *-by:, Fixes:, Link:, Closes:, Cc:, *-id:, base-commit:), lines of
 * tool output with two key=number items (bloat-o-meter's "Total:
 * Before=70190, After=68445, chg -2.49%": an object size result is no
 * benchmark, and files of v<N>/bench that are not are skipped), URLs,
 * <addresses>, `code`, the ("subject") of a commit reference and
 * everything from a "---" or "-- " line on are not read.  The other lines
 * of a message's last paragraph are read ("Before: 244.28 ms" is a result,
 * even where git would take it for a trailer).  A number is a number only
 * where a word starts: "v2", "x86_64", "sha256", "0x1f", "64bit" are
 * words; "1/3", "5.10.2",
 * "2024-01-05", "12:30" are skipped whole.  "70,190" is 70190 (groups of
 * three digits).  A number may carry a unit right after it (with or without
 * a space): the time and size units of bench.h (ns, us, µs, ms, s, sec,
 * seconds, min, B, bytes, kB, KiB, MiB, ...) and the units of the metrics
 * attached (cycles, ops/s, ...).
 *
 *   pair     "from A to B", "A -> B", "A → B", "A => B", "A to B", each
 *            number with or without a unit (one side's unit is the other's
 *            when it has none).  "A to B" needs "from" before it or a unit;
 *            a pair without a unit counts only when a change (below) is
 *            attached to it or a benchmark is named in its sentence.  Pairs
 *            of percentages ("the 95% CI -5.78% to -4.70%") are no claims.
 *   percent  "N%" with a word of direction before it ("reduced by N%",
 *            "improves it by N%"; up to four words back, "by" and "about"
 *            included, not past "than") or a comparative or noun right after
 *            it ("N% faster", "N% less memory", "a N% drop"), or a sign
 *            ("-11.77%", "+3%"), or attached to a pair.
 *            Not: "±N%", "N% CI", "N% of ...", "to N%", "at N%", "lower
 *            than N%" (levels and comparisons, no changes).
 *   factor   "Nx" / "N×" / "N times" followed by faster, slower, smaller,
 *            larger, more, less, fewer, speedup, ..., or after "speedup of".
 *   amount   a number with a unit that says by how much it changed: a word
 *            of direction right before it or before its "by" / "of"
 *            ("saves 64 bytes", "a reduction of 1745 bytes", "shrinks the
 *            text by 1.5 KiB"; a comparative only as "smaller by 64
 *            bytes"), a comparative or noun right after it ("64 bytes
 *            smaller", "5 ms less"), or a sign ("-1745 bytes").  Not "to 4
 *            KiB", "at 5 ms", "than 5 ms", "lower latency of 5 ms" (levels).
 *            It is checked against B - A in its unit.
 *   value    a line that quotes a "key: value [unit]" line of the data
 *            (the kv reader's "Total time: 12.931696 seconds"), the key
 *            a metric of the benchmarks given, then only a number and a
 *            unit: a claim of its own, checked against that metric: the
 *            mean of one of its roles, or one of their samples.
 * A percent, factor or amount in the same sentence as a pair, at most six
 * tokens from it and with no "and", "but", "while", ... between them, is
 * attached to it: one claim of both.
 *
 * Direction: reduced, decreased, shrank, dropped, cut, saved, less, fewer,
 * smaller, lower, shorter, "-" say the value went down; increased, grew,
 * more, larger, bigger, higher, longer, "+" that it went up; faster,
 * improved, better, speedup say it got better, slower, worse, regressed
 * that it got worse - down and up for times and sizes (lower is better),
 * either for a metric without such a unit.  A percent attached to a pair
 * without a word of its own takes the pair's direction.
 *
 * Precision: a number is what it prints.  "244.28" claims a value that
 * rounds to it: 244.28 +- 0.005 (half a unit of the last printed digit);
 * "11%" claims 11 +- 0.5 points; "2x" 2 +- 0.5.  After about, around,
 * roughly, approximately, nearly, almost, "~" or "≈" the tolerance is one
 * unit of the last significant digit (trailing zeros of an integer are not
 * significant: "about 240 ms" is 240 +- 10) but at most 10% of the number,
 * and never less than the exact tolerance: "about 11%" is 10% to 12%.
 * An amount or a value claims its number the same way (in its unit).
 * After over, "more than", "at least", above a number is a lower bound;
 * after "up to", under, "less than", below, "at most" an upper bound (each
 * with the exact tolerance).  A percent is checked against the delta
 * 100 (B - A) / A; after faster, slower, better, worse, speedup also
 * against 100 (B - A) / B (how "N% faster" is often meant).  A factor is
 * A / B when the value went down, B / A when it went up.
 *
 * ---- matching a claim with the data ----
 *
 * The candidates are every metric of every benchmark given, comparing the
 * first role ("base") with each later one ("patched", ...).
 *   1. A benchmark named (its name as a word) in the claim's sentence (the
 *      last mention before the claim, else the first after it), else the
 *      last one named earlier in its paragraph, limits the candidates to
 *      that benchmark - unless it has none that the claim can be compared
 *      with (another unit: the name was another claim's).
 *   2. A claim with a unit keeps the metrics whose unit converts to it;
 *      numbers are compared in the claim's unit.  A pair without a unit is
 *      compared in the metric's unit or, for times and sizes, whichever of
 *      their units fits best.
 *   3. A candidate fits when every number of the claim is within its
 *      tolerance of the data (the means of the two roles; the delta; the
 *      ratio; the difference; a value: either role) and the direction
 *      agrees.  A claim that some candidate fits
 *      is confirmed, by the best-fitting one (a primary metric before the
 *      others on a tie).
 *   4. Otherwise the claim is a mismatch, reported against every
 *      benchmark that has a candidate close to it (for a percent or factor
 *      alone, among the primary metrics only): every number within a
 *      factor of two of it with the right direction (a pair: both went
 *      the same way, unless it starts or ends at the data's number, as
 *      "815 -> 795 bytes" does for 815 -> 1537 bytes; an amount: unless it
 *      is the data's amount the other way round): numbers in the data's
 *      unit and magnitude that disagree are a mismatch, not something
 *      else; each benchmark's best-fitting one, the best of all
 *      first (it is the result's bench).  When none is that close, a claim
 *      that names its benchmark is reported against that benchmark's
 *      primary metric (its last role against the first), and a percent or
 *      factor alone against every benchmark's primary metric (it has no
 *      unit to tell which benchmark it is about); any other claim is
 *      unmatched (its numbers are about something else).  So one more
 *      benchmark attached never turns a mismatch into unmatched: unless it
 *      fits the claim, it only adds itself to the report.
 * A confirmed claim of a change (a pair whose numbers differ, a percent or
 * factor that is not only an upper bound) whose data is within noise (the
 * 95% CI of the difference of the means includes 0, Welch) is reported as
 * noise, unless its sentence says so itself ("within noise", "not
 * significant", "negligible").
 *
 * Ownership: claim_parse returns an array the caller owns (it frees its
 * claims).  claim_judge fills a result that borrows the claim and the
 * benchmarks (they must outlive it) and owns its message.  claim_check
 * returns results that own their claims too (claim_results_free frees
 * both).  Nothing here prints or exits.
 */
#ifndef QUILL_CLAIM_H
#define QUILL_CLAIM_H

#include <glib.h>

#include "bench/bench.h"

enum claim_bound {
	CLAIM_EXACT,		/* rounds to the number */
	CLAIM_ABOUT,		/* about, ~ */
	CLAIM_AT_LEAST,		/* over, more than */
	CLAIM_AT_MOST,		/* up to, less than */
};

struct claim_num {
	double value;		/* as printed (a percent or factor: its magnitude) */
	int decimals;		/* digits printed after the point */
	int zeros;		/* trailing zeros of an integer ("240": 1) */
	char *unit;		/* canonical (bench_unit_canonical), or NULL */
	char *unit_text;	/* the unit as printed, or NULL */
	enum claim_bound bound;
};

enum claim_change {
	CLAIM_NO_CHANGE,	/* a pair alone, or a value */
	CLAIM_PERCENT,
	CLAIM_FACTOR,
	CLAIM_AMOUNT,		/* a difference in a unit: "a reduction of 1745 bytes" */
};

enum claim_dir {
	CLAIM_DIR_NONE,		/* nothing said: a pair's own direction, else any */
	CLAIM_DIR_DOWN,
	CLAIM_DIR_UP,
	CLAIM_DIR_BETTER,	/* down for times and sizes */
	CLAIM_DIR_WORSE,
};

struct claim {
	guint line, col;	/* where it starts: 1-based line of the text, 1-based
				   column in characters */
	gsize start, end;	/* its text [start, end) in the text given */
	char *text;		/* as written, each run of blanks and line breaks one space */
	gboolean has_pair;
	struct claim_num a, b;	/* the pair: before and after */
	gboolean has_value;	/* a quoted "key: value" line of the data */
	struct claim_num value;	/* its value */
	char *key;		/* its key: the metric it quotes (as the data spells it) */
	enum claim_change change;
	struct claim_num amount;	/* the percent, the factor, or the amount (with its unit) */
	enum claim_dir dir;
	gboolean noise_said;	/* its sentence says the change is within noise */
	char *named;		/* the benchmark named for it (one of those given), or NULL */
};

void claim_free(struct claim *c);

/* The claims of text[0..len), in order.  `benches` (struct bench*, may be
 * NULL) gives the names a claim may name and the units of their metrics. */
GPtrArray *claim_parse(const char *text, gsize len, const GPtrArray *benches);

enum claim_verdict {
	CLAIM_OK,		/* the data gives these numbers */
	CLAIM_MISMATCH,		/* it gives others */
	CLAIM_NOISE,		/* it gives them, and says the change is within noise */
	CLAIM_UNMATCHED,	/* no benchmark given can check it */
};

struct claim_result {
	const struct claim *claim;	/* borrowed */
	enum claim_verdict verdict;
	const struct bench *bench;	/* judged against (borrowed), or NULL */
	const char *metric;		/* its metric (borrowed), or NULL */
	const char *role_a, *role_b;	/* the roles compared (borrowed), or NULL */
	gboolean within_noise;		/* the data's change is within noise */
	char *message;			/* what the data says; NULL for CLAIM_OK */
};

/* A claim judged against benches (struct bench*); *out is filled (free
 * its message with claim_result_clear).  No benchmark: CLAIM_UNMATCHED. */
void claim_judge(const struct claim *c, const GPtrArray *benches, struct claim_result *out);
void claim_result_clear(struct claim_result *r);

/* Every claim of text[0..len) judged against benches: an array of struct
 * claim_result in text order (free with claim_results_free, which frees
 * the claims too). */
GArray *claim_check(const char *text, gsize len, const GPtrArray *benches);
void claim_results_free(GArray *results);

/* "ok", "mismatch", "noise", "unmatched" (static). */
const char *claim_verdict_name(enum claim_verdict v);

/* The benchmarks a commit's claims are checked against: those attached to
 * that patch (bench->patch: its commit, else its subject) and those of the
 * series as a whole (no patch).  A new array borrowing from `all`. */
GPtrArray *claim_benches_for(const GPtrArray *all, const char *commit_hex, const char *subject);

#endif
