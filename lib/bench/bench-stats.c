/* bench-stats.c - summaries, Welch's t-test, Student's t distribution
 * (the formulas and their sources are in bench-stats.h). */
#include "bench/bench-stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void set_ci(struct bench_summary *s)
{
	double h;

	s->ci_lo = s->ci_hi = NAN;
	if (s->n < 2 || !isfinite(s->stddev))
		return;
	h = bench_t_quantile(0.975, s->n - 1) * s->stddev / sqrt(s->n);
	s->ci_lo = s->mean - h;
	s->ci_hi = s->mean + h;
}

void bench_summarize_values(struct bench_summary *out, const double *v, int n)
{
	double *sorted = g_memdup2(v, sizeof *v * (gsize)n);
	double sum = 0, ss = 0;

	memset(out, 0, sizeof *out);
	out->n = n;
	for (int i = 0; i < n; i++)
		sum += v[i];
	out->mean = sum / n;
	/* the mean of equal values is that value, whatever the rounding of sum/n */
	qsort(sorted, n, sizeof *sorted, cmp_double);
	if (sorted[0] == sorted[n - 1])
		out->mean = sorted[0];
	for (int i = 0; i < n; i++)
		ss += (v[i] - out->mean) * (v[i] - out->mean);
	out->stddev = n > 1 ? sqrt(ss / (n - 1)) : NAN;
	out->min = sorted[0];
	out->max = sorted[n - 1];
	out->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	g_free(sorted);
	set_ci(out);
}

void bench_summarize(struct bench_summary *out, const struct bench_metric *m)
{
	if (m->samples && m->samples->len) {
		bench_summarize_values(out, (const double *)m->samples->data, (int)m->samples->len);
		return;
	}
	memset(out, 0, sizeof *out);
	out->n = m->n;
	out->mean = m->mean;
	out->stddev = m->n > 1 ? m->stddev : NAN;
	out->median = out->min = out->max = m->n == 1 ? m->mean : NAN;
	set_ci(out);
}

void bench_compare(struct bench_comparison *out, const struct bench_summary *a,
		   const struct bench_summary *b)
{
	double va, vb, se, q;

	memset(out, 0, sizeof *out);
	out->diff = b->mean - a->mean;
	out->delta_pct = a->mean != 0 ? 100.0 * out->diff / a->mean : NAN;
	out->diff_lo = out->diff_hi = out->t = out->df = out->p_value = NAN;
	if (a->n < 2 || b->n < 2 || !isfinite(a->stddev) || !isfinite(b->stddev))
		return;
	out->judged = TRUE;
	va = a->stddev * a->stddev / a->n;
	vb = b->stddev * b->stddev / b->n;
	se = sqrt(va + vb);
	if (se == 0) {
		/* no spread on either side: any difference is real */
		out->df = a->n + b->n - 2;
		out->t = out->diff == 0 ? 0 : copysign(INFINITY, out->diff);
		out->p_value = out->diff == 0 ? 1 : 0;
		out->diff_lo = out->diff_hi = out->diff;
		out->significant = out->diff != 0;
		return;
	}
	out->t = out->diff / se;
	out->df = (va + vb) * (va + vb) / (va * va / (a->n - 1) + vb * vb / (b->n - 1));
	out->p_value = bench_t_two_sided(out->t, out->df);
	q = bench_t_quantile(0.975, out->df);
	out->diff_lo = out->diff - q * se;
	out->diff_hi = out->diff + q * se;
	out->significant = out->diff_lo > 0 || out->diff_hi < 0;
}

/* One step of Lentz's method for a continued fraction: d and c moved on
 * by the term's numerator (kept off zero by `tiny`); the factor the value
 * changes by. */
static double lentz_step(double num, double *d, double *c, double tiny)
{
	*d = 1 + num * *d;
	*c = 1 + num / *c;
	if (fabs(*d) < tiny)
		*d = tiny;
	if (fabs(*c) < tiny)
		*c = tiny;
	*d = 1 / *d;
	return *d * *c;
}

/* The continued fraction of I_x(a,b) (A&S 26.5.8) by the modified Lentz
 * method: f = 1/(1 + d1/(1 + d2/(1 + ...))), with
 *   d(2m+1) = -(a+m)(a+b+m) x / ((a+2m)(a+2m+1))
 *   d(2m)   = m(b-m) x / ((a+2m-1)(a+2m)). */
static double beta_fraction(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-16;
	double c = 1, d = 1 - (a + b) * x / (a + 1), f;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	f = d;
	for (int m = 1; m <= 10000; m++) {
		double m2 = 2.0 * m, num, delta;

		/* the even step d(2m) */
		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		f *= lentz_step(num, &d, &c, tiny);
		/* the odd step d(2m+1) */
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		delta = lentz_step(num, &d, &c, tiny);
		f *= delta;
		if (fabs(delta - 1) < eps)
			break;
	}
	return f;
}

double bench_betai(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	/* x^a (1-x)^b / B(a,b), in logarithms */
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double bench_t_two_sided(double t, double df)
{
	if (isnan(t))
		return NAN;
	if (isinf(t))
		return 0;
	return bench_betai(df / 2, 0.5, df / (df + t * t));
}

double bench_t_cdf(double t, double df)
{
	double tail;

	if (isnan(t))
		return NAN;
	tail = bench_t_two_sided(t, df) / 2;
	return t > 0 ? 1 - tail : tail;
}

double bench_t_quantile(double p, double df)
{
	double lo, hi;
	gboolean upper = p > 0.5;

	if (!(p > 0 && p < 1))
		return NAN;
	if (p == 0.5)
		return 0;
	/* solve for the upper tail, which bench_t_two_sided gives exactly */
	if (!upper)
		p = 1 - p;
	lo = 0;
	hi = 1;
	while (bench_t_cdf(hi, df) < p && hi < 1e300)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (bench_t_two_sided(mid, df) / 2 > 1 - p)
			lo = mid;
		else
			hi = mid;
	}
	return upper ? (lo + hi) / 2 : -(lo + hi) / 2;
}
