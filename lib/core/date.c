/* date.c - times written as ISO 8601 UTC. */
#include "core/date.h"

/* Hand-written (hot: --json formats one per message, and a GDateTime with
 * g_date_time_format costs more than the rest of the line): the civil date
 * of a day number (H. Hinnant's algorithm, proleptic Gregorian, as GLib's).
 * Years outside 1000..9999 go to GLib, which formats them its own way. */
static gboolean iso_fast(gint64 t, char out[21])
{
	gint64 days = t / 86400, secs = t % 86400, era, doe, yoe, doy, y;
	int mp, m, d, v[6], w[6] = { 4, 2, 2, 2, 2, 2 };
	char *o = out;

	if (secs < 0) {
		secs += 86400;
		days--;
	}
	days += 719468;
	era = (days >= 0 ? days : days - 146096) / 146097;
	doe = days - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	y = yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (int)((5 * doy + 2) / 153);
	d = (int)(doy - (153 * mp + 2) / 5 + 1);
	m = mp < 10 ? mp + 3 : mp - 9;
	y += m <= 2;
	if (y < 1000 || y > 9999)
		return FALSE;
	v[0] = (int)y;
	v[1] = m;
	v[2] = d;
	v[3] = (int)(secs / 3600);
	v[4] = (int)(secs / 60 % 60);
	v[5] = (int)(secs % 60);
	for (int i = 0; i < 6; i++) {
		for (int k = w[i] - 1, x = v[i]; k >= 0; k--, x /= 10)
			o[k] = (char)('0' + x % 10);
		o += w[i];
		*o++ = "--T::Z"[i];
	}
	*o = 0;
	return TRUE;
}

gboolean date_iso_buf(gint64 t, char out[21])
{
	return iso_fast(t, out);
}

GDateTime *date_utc(gint64 t)
{
	return g_date_time_new_from_unix_utc(CLAMP(t, DATE_MIN, DATE_MAX));
}

char *date_iso(gint64 t)
{
	char buf[21];
	GDateTime *d;
	char *s;

	if (iso_fast(t, buf))
		return g_strdup(buf);
	d = g_date_time_new_from_unix_utc(t);
	s = d ? g_date_time_format(d, "%Y-%m-%dT%H:%M:%SZ") : NULL;
	if (d)
		g_date_time_unref(d);
	return s ? s : g_strdup("");
}
