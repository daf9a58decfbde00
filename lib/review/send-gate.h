/* send-gate.h - the checks series send makes before it sends a version
 * (a send_gate_fn, send.h), each refusing with one line:
 *   - a placeholder left in the cover or a one-patch series' text: EDITME,
 *     an unfilled {{token}}, git's "*** SUBJECT HERE ***" / "*** BLURB
 *     HERE ***" (never overridden, not even by force);
 *   - trailer lint errors in the version's commits (force overrides);
 *   - the branch changed since `series format` was last run for this
 *     version (only when it was run: format_record_read);
 *   - the version is the same as the last frozen one, which was sent
 *     (equal patch-ids): "v3 is what v2 sent on DATE; use --resend 2".
 * Open review items on the previous version are a warning (not a refusal).
 */
#ifndef QUILL_SEND_GATE_H
#define QUILL_SEND_GATE_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "series/outgoing.h"
#include "series/series.h"

struct resources;

struct send_gate {
	git_repository *repo;
	const struct resources *res;
	gboolean force;		/* lint errors do not refuse */
	warn_fn warn;		/* the warnings (open items; forced lint errors) */
	void *payload;
};

/* The send_gate_fn: `payload` is a struct send_gate*.  FALSE with
 * QUILL_ERROR_NEGATIVE and the refusal's line. */
gboolean send_gate_check(void *payload, const struct series *s, const struct series_outgoing *og,
			 GError **error);

#endif
