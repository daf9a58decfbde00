/* bench-stats.h - statistics of benchmark samples: n, mean, median, sample
 * standard deviation, min, max, the 95% confidence interval of the mean,
 * and the comparison of two roles (delta in percent, Welch's t-test and the
 * 95% confidence interval of the difference of the means).
 *
 * The formulas are textbook ones:
 *   - sample variance s^2 = sum (x - mean)^2 / (n - 1), computed in two
 *     passes (the mean first);
 *   - CI of a mean: mean +- t(0.975, n-1) * s / sqrt(n);
 *   - Welch's t-test (B. L. Welch, Biometrika 34, 1947): se^2 = sa^2/na +
 *     sb^2/nb, t = (mean_b - mean_a) / se, degrees of freedom by the
 *     Welch-Satterthwaite equation, df = se^4 / ((sa^2/na)^2/(na-1) +
 *     (sb^2/nb)^2/(nb-1)); CI of the difference: diff +- t(0.975, df) * se;
 *   - Student's t distribution through the regularized incomplete beta
 *     function: P(|T| > t) = I_{df/(df+t^2)}(df/2, 1/2) (Abramowitz and
 *     Stegun 26.7.1 with 26.5.27), I_x(a,b) by its continued fraction
 *     (A&S 26.5.8), evaluated with the modified Lentz method (Thompson and
 *     Barnett, J. Comput. Phys. 64, 1986), and the symmetry I_x(a,b) =
 *     1 - I_{1-x}(b,a) where the fraction converges slowly;
 *   - quantiles of t by bisection on its CDF.
 * A difference is "within noise" when the CI of the difference includes 0
 * (for Welch's test that is the same as p >= 0.05).
 *
 * No allocation escapes: results are plain structs the caller provides.
 */
#ifndef QUILL_BENCH_STATS_H
#define QUILL_BENCH_STATS_H

#include <glib.h>

#include "bench/bench.h"

struct bench_summary {
	int n;
	double mean;
	double median, stddev, min, max;	/* NAN when unknown (a summary source, n = 1) */
	double ci_lo, ci_hi;			/* 95% CI of the mean; NAN without a stddev */
};

/* The summary of n values (n >= 1). */
void bench_summarize_values(struct bench_summary *out, const double *v, int n);

/* The summary of a metric: from its samples, or its source's summary
 * (n, mean, stddev; median, min and max unknown unless n is 1). */
void bench_summarize(struct bench_summary *out, const struct bench_metric *m);

struct bench_comparison {
	double delta_pct;		/* 100 (mean_b - mean_a) / mean_a; NAN when mean_a is 0 */
	double diff;			/* mean_b - mean_a */
	double diff_lo, diff_hi;	/* its 95% CI; NAN when not judged */
	double t, df, p_value;		/* Welch, two-sided; NAN when not judged */
	gboolean judged;		/* both sides have n >= 2 and a stddev */
	gboolean significant;		/* judged, and the CI of the difference excludes 0 */
};

/* Compare b (e.g. "patched") with a ("base"). */
void bench_compare(struct bench_comparison *out, const struct bench_summary *a,
		   const struct bench_summary *b);

/* The regularized incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1. */
double bench_betai(double a, double b, double x);

/* The CDF of Student's t distribution with df > 0 degrees of freedom. */
double bench_t_cdf(double t, double df);

/* Two-sided tail: P(|T| >= |t|). */
double bench_t_two_sided(double t, double df);

/* The quantile: the t with bench_t_cdf(t, df) == p, 0 < p < 1. */
double bench_t_quantile(double p, double df);

#endif
