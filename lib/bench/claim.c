/* claim.c - judging claims against benchmarks (the rules are in claim.h):
 * the candidates (benchmark, metric, the first role and a later one), how
 * well a claim fits each, the verdict and what the data says. */
#include "bench/claim.h"
#include "bench/bench-stats.h"

#include <math.h>
#include <string.h>

struct cand {
	const struct bench *b;
	const struct bench_role *ra, *rb;
	const struct bench_metric *m;	/* role a's */
	struct bench_summary sa, sb;
	struct bench_comparison cmp;
	gboolean primary;		/* role a's first metric */
	gboolean main;			/* primary, and rb is the last role */
	gboolean lower_better;		/* a time or a size */
};

static GArray *candidates(const GPtrArray *benches)
{
	GArray *out = g_array_new(FALSE, TRUE, sizeof(struct cand));

	for (guint i = 0; benches && i < benches->len; i++) {
		const struct bench *b = g_ptr_array_index(benches, i);
		const struct bench_role *ra;

		if (b->roles->len < 2)
			continue;
		ra = g_ptr_array_index(b->roles, 0);
		for (guint r = 1; r < b->roles->len; r++) {
			const struct bench_role *rb = g_ptr_array_index(b->roles, r);

			for (guint k = 0; k < ra->metrics->len; k++) {
				const struct bench_metric *ma = g_ptr_array_index(ra->metrics, k);
				const struct bench_metric *mb = bench_role_metric(rb, ma->name);
				struct cand c;

				if (!mb || bench_metric_n(ma) < 1 || bench_metric_n(mb) < 1)
					continue;
				memset(&c, 0, sizeof(c));
				c.b = b;
				c.ra = ra;
				c.rb = rb;
				c.m = ma;
				bench_summarize(&c.sa, ma);
				bench_summarize(&c.sb, mb);
				bench_compare(&c.cmp, &c.sa, &c.sb);
				c.primary = k == 0;
				c.main = c.primary && r == b->roles->len - 1;
				c.lower_better = bench_unit_dimension(ma->unit, NULL) != NULL;
				g_array_append_val(out, c);
			}
		}
	}
	return out;
}

/* ---- tolerance ---- */

static double tol_exact(const struct claim_num *n)
{
	return 0.5 * pow(10, -n->decimals);
}

static double tol_of(const struct claim_num *n)
{
	double t = tol_exact(n);

	if (n->bound == CLAIM_ABOUT) {
		double unit = n->decimals ? pow(10, -n->decimals) : pow(10, n->zeros);

		t = MAX(t, MIN(unit, 0.1 * fabs(n->value)));
	}
	return t;
}

static gboolean within(const struct claim_num *n, double v)
{
	double eps = 1e-9 * MAX(fabs(v), fabs(n->value)) + 1e-12;

	switch (n->bound) {
	case CLAIM_AT_LEAST:
		return v >= n->value - tol_exact(n) - eps;
	case CLAIM_AT_MOST:
		return v <= n->value + tol_exact(n) + eps;
	default:
		return fabs(v - n->value) <= tol_of(n) + eps;
	}
}

/* How far v is from the claimed number: |log ratio|; 0 when within a bound. */
static double dist(const struct claim_num *n, double v)
{
	double x = n->value;

	if (n->bound != CLAIM_EXACT && n->bound != CLAIM_ABOUT && within(n, v))
		return 0;
	if (v == x)
		return 0;
	if ((v > 0 && x > 0) || (v < 0 && x < 0))
		return fabs(log(v / x));
	return 10;
}

/* ---- fitting ---- */

struct fit {
	gboolean ok;
	double err;		/* 0 is a perfect fit */
	const char *unit;	/* a pair without a unit: the unit it was compared in */
	double fa, fb;		/* the stored unit to the compared one */
	double value;		/* a change: the data's percent or factor */
};

#define PLAUSIBLE 0.6931471805599453	/* ln 2: within a factor of two */

static const char *const time_units[] = { "ns", "us", "ms", "s", "min", NULL };
static const char *const size_units[] = { "bytes", "kB", "KiB", "MB", "MiB", "GB", "GiB", NULL };

/* 10 when the pair and the data went different ways (then it is no
 * plausible fit: "from 200 ms to 250 ms" is about something else than a
 * drop from 244 to 215 ms), else 0.  A pair that starts or ends at the
 * data's number is about it whichever way it went ("815 -> 795 bytes" of
 * 815 -> 1537 bytes: its other number is wrong). */
static double turned(const struct claim *c, double va, double vb)
{
	double dc = c->b.value - c->a.value, dd = vb - va;

	if (within(&c->a, va) || within(&c->b, vb))
		return 0;
	return (dc > 0 && dd < 0) || (dc < 0 && dd > 0) ? 10 : 0;
}

static gboolean fit_pair(const struct claim *c, const struct cand *k, struct fit *f)
{
	const char *single[] = { k->m->unit, NULL };
	const char *const *try = single;
	const char *dim = bench_unit_dimension(k->m->unit, NULL);
	gboolean any = FALSE;

	if (c->a.unit || c->b.unit) {
		double fa = bench_unit_convert(k->m->unit, c->a.unit ? c->a.unit : c->b.unit);
		double fb = bench_unit_convert(k->m->unit, c->b.unit ? c->b.unit : c->a.unit);
		double va = k->sa.mean * fa, vb = k->sb.mean * fb;

		if (fa == 0 || fb == 0)
			return FALSE;
		f->ok = within(&c->a, va) && within(&c->b, vb);
		f->err = MAX(dist(&c->a, va), dist(&c->b, vb)) + turned(c, va, vb);
		f->unit = NULL;
		f->fa = fa;
		f->fb = fb;
		return TRUE;
	}
	if (dim)
		try = !strcmp(dim, "time") ? time_units : size_units;
	for (; *try; try++) {
		double fu = bench_unit_convert(k->m->unit, *try);
		double va = k->sa.mean * fu, vb = k->sb.mean * fu;
		gboolean ok;
		double err;

		if (fu == 0)
			continue;
		ok = within(&c->a, va) && within(&c->b, vb);
		err = MAX(dist(&c->a, va), dist(&c->b, vb)) + turned(c, va, vb);
		if (!any || (ok && !f->ok) || (ok == f->ok && err < f->err)) {
			f->ok = ok;
			f->err = err;
			f->unit = *try;
			f->fa = f->fb = fu;
			any = TRUE;
		}
	}
	return any;
}

/* The sign the claim gives the change on k: -1, +1, or 0 (either). */
static int claimed_sign(const struct claim *c, const struct cand *k)
{
	switch (c->dir) {
	case CLAIM_DIR_DOWN:
		return -1;
	case CLAIM_DIR_UP:
		return 1;
	case CLAIM_DIR_BETTER:
		return k->lower_better ? -1 : 0;
	case CLAIM_DIR_WORSE:
		return k->lower_better ? 1 : 0;
	default:
		if (c->has_pair && c->a.value != c->b.value)
			return c->b.value < c->a.value ? -1 : 1;
		return 0;
	}
}

static gboolean fit_change(const struct claim *c, const struct cand *k, struct fit *f)
{
	int s = claimed_sign(c, k);
	double a = k->sa.mean, b = k->sb.mean;

	if (c->change == CLAIM_PERCENT) {
		double d = k->cmp.delta_pct, alt = b != 0 ? 100 * (b - a) / b : NAN;
		gboolean two = c->dir == CLAIM_DIR_BETTER || c->dir == CLAIM_DIR_WORSE;
		gboolean sign_ok = s == 0 || d * s > 0 || fabs(d) <= tol_of(&c->amount);
		double e1, e2;

		if (isnan(d))
			return FALSE;
		e1 = dist(&c->amount, fabs(d));
		e2 = two && !isnan(alt) ? dist(&c->amount, fabs(alt)) : INFINITY;
		f->ok = sign_ok && (within(&c->amount, fabs(d)) ||
				    (two && !isnan(alt) && within(&c->amount, fabs(alt))));
		f->err = MIN(e1, e2) + (sign_ok ? 0 : 10);
		f->value = d;
		return TRUE;
	}
	if (c->change == CLAIM_AMOUNT) {
		double u = bench_unit_convert(k->m->unit, c->amount.unit);
		double d = (b - a) * u;
		gboolean sign_ok = s == 0 || d * s > 0 || fabs(d) <= tol_of(&c->amount);

		if (u == 0)
			return FALSE;
		f->ok = sign_ok && within(&c->amount, fabs(d));
		/* the data's amount the wrong way round is still about it */
		f->err = dist(&c->amount, fabs(d)) +
			 (sign_ok ? 0 : within(&c->amount, fabs(d)) ? PLAUSIBLE / 2 : 10);
		f->value = d;
		f->fa = f->fb = u;
		return TRUE;
	}
	if (a <= 0 || b <= 0)
		return FALSE;
	f->value = s < 0 ? a / b : s > 0 ? b / a : MAX(a / b, b / a);
	f->ok = within(&c->amount, f->value);
	f->err = dist(&c->amount, f->value) + (f->value < 1 - tol_of(&c->amount) ? 10 : 0);
	return TRUE;
}

/* The value of a quoted "key: value" line: k's metric of that name, the
 * value one of its roles' means or one of its samples. */
static void fit_one(const struct claim *c, const struct bench_metric *m, double mean, double u,
		    struct fit *f)
{
	gboolean hit = within(&c->value, mean * u);
	double err = dist(&c->value, mean * u);

	for (guint i = 0; m->samples && i < m->samples->len && !hit; i++) {
		double v = g_array_index(m->samples, double, i) * u;

		hit = within(&c->value, v);
		err = MIN(err, dist(&c->value, v));
	}
	f->ok |= hit;
	f->err = MIN(f->err, hit ? 0 : err);
}

static gboolean fit_value(const struct claim *c, const struct cand *k, struct fit *f)
{
	double u = c->value.unit ? bench_unit_convert(k->m->unit, c->value.unit) : 1;

	if (g_ascii_strcasecmp(k->m->name, c->key) || u == 0)
		return FALSE;
	f->ok = FALSE;
	f->err = INFINITY;
	f->fa = f->fb = u;
	fit_one(c, k->m, k->sa.mean, u, f);
	fit_one(c, bench_role_metric(k->rb, k->m->name), k->sb.mean, u, f);
	return TRUE;
}

/* How c fits k; FALSE when k cannot be compared with c at all. */
static gboolean fit(const struct claim *c, const struct cand *k, struct fit *f)
{
	struct fit p = { 0 }, ch = { 0 };

	memset(f, 0, sizeof(*f));
	if (c->has_value)
		return fit_value(c, k, f);
	if (c->has_pair && !fit_pair(c, k, &p))
		return FALSE;
	if (c->change != CLAIM_NO_CHANGE && !fit_change(c, k, &ch))
		return FALSE;
	if (c->has_pair) {
		*f = p;
		f->value = ch.value;
		if (c->change != CLAIM_NO_CHANGE) {
			f->ok = p.ok && ch.ok;
			f->err = p.err + 0.001 * ch.err;
		}
		return TRUE;
	}
	*f = ch;
	return TRUE;
}

/* ---- what the data says ---- */

/* The unit to show k's values in when the claim gives none: for times the
 * largest unit that keeps both means at least 1. */
static const char *show_unit(const struct cand *k, double *factor, int *dec)
{
	const char *dim = bench_unit_dimension(k->m->unit, NULL);
	double lo = MIN(fabs(k->sa.mean), fabs(k->sb.mean));

	*factor = 1;
	*dec = k->m->decimals >= 0 ? k->m->decimals : 2;
	if (dim && !strcmp(dim, "time")) {
		static const char *const order[] = { "s", "ms", "us", "ns" };

		*dec = 2;
		for (gsize i = 0; i < G_N_ELEMENTS(order); i++) {
			*factor = bench_unit_convert(k->m->unit, order[i]);
			if (lo * *factor >= 1 || i == G_N_ELEMENTS(order) - 1)
				return order[i];
		}
	}
	return k->m->unit;
}

static void put_value(GString *s, double v, int dec, const char *unit)
{
	g_string_append_printf(s, "%.*f%s%s", MAX(dec, 0), v, unit && *unit ? " " : "",
			       unit ? unit : "");
}

/* "244.31 ms -> 215.55 ms" in the claim's units (or k's shown ones);
 * *unit and *factor: what the difference is shown in. */
static void put_pair(GString *s, const struct claim *c, const struct cand *k, const struct fit *f,
		     const char **unit, double *factor, int *dec)
{
	if (c->has_pair) {
		const char *ua = c->a.unit_text ? c->a.unit_text : f->unit ? f->unit : k->m->unit;
		const char *ub = c->b.unit_text ? c->b.unit_text : f->unit ? f->unit : k->m->unit;

		put_value(s, k->sa.mean * f->fa, c->a.decimals, ua);
		g_string_append(s, " -> ");
		put_value(s, k->sb.mean * f->fb, c->b.decimals, ub);
		*unit = ub;
		*factor = f->fb;
		*dec = MAX(c->b.decimals, 2);
		return;
	}
	if (c->change == CLAIM_AMOUNT) {
		/* in the amount's unit: "-1745 bytes (70190 bytes -> 68445 bytes)" */
		*unit = c->amount.unit_text;
		*factor = f->fa;
		*dec = c->amount.decimals;
	} else {
		*unit = show_unit(k, factor, dec);
	}
	put_value(s, k->sa.mean * *factor, *dec, *unit);
	g_string_append(s, " -> ");
	put_value(s, k->sb.mean * *factor, *dec, *unit);
}

static void put_change(GString *s, const struct claim *c, const struct cand *k, const struct fit *f)
{
	int dec = c->change == CLAIM_PERCENT ? MAX(c->amount.decimals, 2) : 2;

	if (c->change == CLAIM_FACTOR)
		g_string_append_printf(s, "%.*fx, ", MAX(c->amount.decimals, 2), f->value);
	if (c->change == CLAIM_AMOUNT) {
		g_string_append_printf(s, "%+.*f %s, ", c->amount.decimals, f->value,
				       c->amount.unit_text);
	}
	if (isnan(k->cmp.delta_pct))
		g_string_append(s, "base is 0");
	else
		g_string_append_printf(s, "%+.*f%%", dec, k->cmp.delta_pct);
}

/* "244.31 ms -> 215.55 ms (-11.77%)", or "-11.77% (244.31 ms -> 215.55 ms)"
 * for a change alone. */
static void put_data(GString *s, const struct claim *c, const struct cand *k, const struct fit *f,
		     const char **unit, double *factor, int *dec)
{
	if (c->has_value) {
		/* "base 15.989429 seconds, patched 12.931696 seconds" */
		*unit = c->value.unit_text ? c->value.unit_text : k->m->unit;
		*factor = f->fa;
		*dec = c->value.decimals;
		g_string_append_printf(s, "%s ", k->ra->role);
		put_value(s, k->sa.mean * *factor, *dec, *unit);
		g_string_append_printf(s, ", %s ", k->rb->role);
		put_value(s, k->sb.mean * *factor, *dec, *unit);
		return;
	}
	if (c->has_pair) {
		put_pair(s, c, k, f, unit, factor, dec);
		g_string_append(s, " (");
		put_change(s, c, k, f);
		g_string_append(s, ")");
	} else {
		put_change(s, c, k, f);
		g_string_append(s, " (");
		put_pair(s, c, k, f, unit, factor, dec);
		g_string_append(s, ")");
	}
}

static void put_where(GString *s, const struct claim *c, const struct cand *k)
{
	g_string_append_printf(s, " in %s", k->b->name);
	if (c->has_value)
		return;		/* its key names the metric, the data the roles */
	if (!k->primary)
		g_string_append_printf(s, ", %s", k->m->name);
	if (strcmp(k->ra->role, "base") || strcmp(k->rb->role, "patched"))
		g_string_append_printf(s, ", %s vs %s", k->rb->role, k->ra->role);
}

static void put_noise(GString *s, const struct cand *k, const char *unit, double factor, int dec)
{
	g_string_append_printf(s, "95%% CI of the difference %+.*f to %+.*f%s%s, ", dec,
			       k->cmp.diff_lo * factor, dec, k->cmp.diff_hi * factor,
			       unit && *unit ? " " : "", unit ? unit : "");
	if (k->cmp.p_value < 0.001)
		g_string_append(s, "p < 0.001");
	else
		g_string_append_printf(s, "p = %.3f", k->cmp.p_value);
}

static char *names_of(const GPtrArray *benches)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; benches && i < benches->len; i++)
		g_string_append_printf(s, "%s%s", i ? ", " : "",
				       ((const struct bench *)g_ptr_array_index(benches, i))->name);
	return g_string_free(s, FALSE);
}

/* ---- the verdict ---- */

static gboolean claims_change(const struct claim *c)
{
	if (c->change != CLAIM_NO_CHANGE)
		return c->amount.bound != CLAIM_AT_MOST && c->amount.value > 0;
	return c->has_pair && c->a.value != c->b.value;
}

/* Is candidate x a better pick than y (both fit, or neither)? */
static gboolean better(const struct fit *fx, const struct cand *x, const struct fit *fy,
		       const struct cand *y)
{
	if (fabs(fx->err - fy->err) > 1e-12)
		return fx->err < fy->err;
	if (x->primary != y->primary)
		return x->primary;
	return x->main && !y->main;
}

#define CAND(i) (&g_array_index(cands, struct cand, (i)))

/* The candidates to report a claim against, one per benchmark: each
 * benchmark's best usable one (with `mains`, its main one if it can; else
 * only those within `limit` of the claim), the best of all first, the
 * others in the order of the benchmarks.  Returns how many are in shown. */
static guint pick(GArray *cands, const struct fit *fits, const gboolean *usable,
		  gboolean primary_only, double limit, gboolean mains, int *shown)
{
	guint n = 0, top = 0;

	for (guint i = 0; i < cands->len; i++) {
		const struct cand *x = CAND(i);
		guint j;

		if (!usable[i] || (primary_only && !x->primary) || (!mains && fits[i].err > limit))
			continue;
		for (j = 0; j < n && CAND(shown[j])->b != x->b; j++)
			;
		if (j == n)
			shown[n++] = (int)i;
		else if (mains ? (x->main && !CAND(shown[j])->main) ||
				 (x->main == CAND(shown[j])->main &&
				  better(&fits[i], x, &fits[shown[j]], CAND(shown[j]))) :
				 better(&fits[i], x, &fits[shown[j]], CAND(shown[j])))
			shown[j] = (int)i;
	}
	for (guint j = 1; j < n; j++)
		if (better(&fits[shown[j]], CAND(shown[j]), &fits[shown[top]], CAND(shown[top])))
			top = j;
	if (top) {
		int t = shown[top];

		memmove(shown + 1, shown, top * sizeof(*shown));
		shown[0] = t;
	}
	return n;
}

/* The unit a claim is written in, as printed, or NULL. */
static const char *claim_unit_text(const struct claim *c)
{
	if (c->has_value)
		return c->value.unit_text;
	if (c->has_pair)
		return c->b.unit_text ? c->b.unit_text : c->a.unit_text;
	return c->change == CLAIM_AMOUNT ? c->amount.unit_text : NULL;
}

/* The candidates that fit claim c into usable[] and fits[] (only the
 * benchmark it names, unless that one cannot be compared with the claim:
 * another unit, the name was another claim's), how many in *nusable,
 * whether one is a main metric in *want_primary: the best that confirms
 * the claim, or -1. */
static int fit_all(const struct claim *c, GArray *cands, struct fit *fits, gboolean *usable,
		   int *nusable, gboolean *want_primary, const char **named)
{
	int best_ok = -1;

	*named = NULL;
	for (guint i = 0; i < cands->len; i++) {
		const struct cand *x = CAND(i);

		if (c->named && !strcmp(x->b->name, c->named) && fit(c, x, &fits[i]))
			*named = c->named;
	}
	for (guint i = 0; i < cands->len; i++) {
		const struct cand *x = CAND(i);

		if (*named && strcmp(x->b->name, *named))
			continue;
		if (!fit(c, x, &fits[i]))
			continue;
		usable[i] = TRUE;
		(*nusable)++;
		*want_primary |= x->primary;
		if (fits[i].ok && (best_ok < 0 || better(&fits[i], x, &fits[best_ok], CAND(best_ok))))
			best_ok = (int)i;
	}
	return best_ok;
}

/* Why claim c matches no benchmark (caller owns). */
static char *unmatched_message(const struct claim *c, const GPtrArray *benches, int nusable)
{
	char *names, *msg;

	if (!benches || !benches->len)
		return g_strdup_printf("\"%s\": no benchmarks to check it against", c->text);
	names = names_of(benches);
	if (!nusable && claim_unit_text(c))
		msg = g_strdup_printf("\"%s\": no attached benchmark (%s) is measured in %s",
				      c->text, names, claim_unit_text(c));
	else
		msg = g_strdup_printf("\"%s\": no attached benchmark (%s) has these numbers",
				      c->text, names);
	g_free(names);
	return msg;
}

/* A confirmed claim of a change that the data puts within noise (k, f:
 * its candidate and fit), said into s. */
static void say_noise(GString *s, const struct claim *c, const struct cand *k,
		      const struct fit *f)
{
	const char *unit = NULL;
	double factor = 1;
	int dec = 2;

	g_string_append_printf(s, "\"%s\": within noise", c->text);
	put_where(s, c, k);
	g_string_append(s, ": ");
	put_data(s, c, k, f, &unit, &factor, &dec);
	g_string_append(s, ", ");
	put_noise(s, k, unit, factor, dec);
}

/* What the data says instead of claim c, against the candidates shown,
 * said into s. */
static void say_mismatch(GString *s, const struct claim *c, GArray *cands,
			 const struct fit *fits, const int *shown, guint nshown)
{
	const char *unit = NULL;
	double factor = 1;
	int dec = 2;

	g_string_append_printf(s, "\"%s\": the data says ", c->text);
	for (guint j = 0; j < nshown; j++) {
		const struct cand *x = CAND(shown[j]);

		if (j)
			g_string_append(s, "; ");
		put_data(s, c, x, &fits[shown[j]], &unit, &factor, &dec);
		put_where(s, c, x);
		if (x->cmp.judged && !x->cmp.significant && claims_change(c) && !c->noise_said) {
			g_string_append(s, ", within noise: ");
			put_noise(s, x, unit, factor, dec);
		}
	}
}

void claim_judge(const struct claim *c, const GPtrArray *benches, struct claim_result *out)
{
	GArray *cands = candidates(benches);
	struct fit *fits = g_new0(struct fit, cands->len ? cands->len : 1);
	gboolean *usable = g_new0(gboolean, cands->len ? cands->len : 1);
	int *shown = g_new0(int, cands->len ? cands->len : 1);
	int best_ok, nusable = 0;
	guint nshown = 0;
	/* a percent or factor alone: of no unit, about any benchmark */
	gboolean alone = !c->has_pair && !c->has_value && c->change != CLAIM_AMOUNT;
	gboolean want_primary = FALSE;
	const char *named;
	const struct cand *k;
	GString *s;

	memset(out, 0, sizeof(*out));
	out->claim = c;
	best_ok = fit_all(c, cands, fits, usable, &nusable, &want_primary, &named);
	/* Not confirmed: reported against every benchmark with numbers close
	 * to it (within a factor of two, the same unit).  When none is: the
	 * benchmark named, or for a percent or factor alone every benchmark
	 * (its main metric), so that one more benchmark attached, fitting no
	 * better, never changes the verdict; else the numbers are about
	 * something else. */
	if (best_ok < 0) {
		gboolean primary_only = alone && want_primary;

		nshown = pick(cands, fits, usable, primary_only, PLAUSIBLE, FALSE, shown);
		if (!nshown && (named || alone))
			nshown = pick(cands, fits, usable, primary_only, 0, TRUE, shown);
	}
	if (best_ok < 0 && !nshown) {
		out->verdict = CLAIM_UNMATCHED;
		out->message = unmatched_message(c, benches, nusable);
		goto done;
	}
	k = CAND(best_ok >= 0 ? best_ok : shown[0]);
	out->bench = k->b;
	out->metric = k->m->name;
	out->role_a = k->ra->role;
	out->role_b = k->rb->role;
	out->within_noise = k->cmp.judged && !k->cmp.significant;
	if (best_ok >= 0 && (!out->within_noise || c->noise_said || !claims_change(c))) {
		out->verdict = CLAIM_OK;
		goto done;
	}
	s = g_string_new(NULL);
	if (best_ok >= 0) {
		out->verdict = CLAIM_NOISE;
		say_noise(s, c, k, &fits[best_ok]);
	} else {
		out->verdict = CLAIM_MISMATCH;
		say_mismatch(s, c, cands, fits, shown, nshown);
	}
	out->message = g_string_free(s, FALSE);
done:
	g_free(fits);
	g_free(usable);
	g_free(shown);
	g_array_free(cands, TRUE);
}

void claim_result_clear(struct claim_result *r)
{
	g_free(r->message);
	memset(r, 0, sizeof(*r));
}

GArray *claim_check(const char *text, gsize len, const GPtrArray *benches)
{
	GPtrArray *claims = claim_parse(text, len, benches);
	GArray *out = g_array_new(FALSE, TRUE, sizeof(struct claim_result));

	/* the results take the claims over */
	g_ptr_array_set_free_func(claims, NULL);
	for (guint i = 0; i < claims->len; i++) {
		struct claim_result r;

		claim_judge(g_ptr_array_index(claims, i), benches, &r);
		g_array_append_val(out, r);
	}
	g_ptr_array_unref(claims);
	return out;
}

void claim_results_free(GArray *results)
{
	if (!results)
		return;
	for (guint i = 0; i < results->len; i++) {
		struct claim_result *r = &g_array_index(results, struct claim_result, i);

		claim_free((struct claim *)r->claim);
		claim_result_clear(r);
	}
	g_array_free(results, TRUE);
}

const char *claim_verdict_name(enum claim_verdict v)
{
	static const char *const names[] = { "ok", "mismatch", "noise", "unmatched" };

	return (guint)v < G_N_ELEMENTS(names) ? names[v] : "?";
}

GPtrArray *claim_benches_for(const GPtrArray *all, const char *commit_hex, const char *subject)
{
	GPtrArray *out = g_ptr_array_new();

	for (guint i = 0; all && i < all->len; i++) {
		struct bench *b = g_ptr_array_index(all, i);
		const struct bench_patch *p = b->patch;

		if (!p || (commit_hex && p->commit && !g_ascii_strcasecmp(p->commit, commit_hex)) ||
		    (subject && p->subject && !strcmp(p->subject, subject)))
			g_ptr_array_add(out, b);
	}
	return out;
}
