/* date.h - the one way quill writes a time: ISO 8601 in UTC,
 * "2026-12-01T10:00:00Z", as series state, JSON and b4's files have it.
 */
#ifndef QUILL_CORE_DATE_H
#define QUILL_CORE_DATE_H

#include <glib.h>

/* Seconds since the epoch as "YYYY-MM-DDTHH:MM:SSZ" (caller owns).  Years
 * outside 1000..9999 are written as GLib writes them. */
char *date_iso(gint64 t);

#endif
