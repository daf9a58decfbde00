/* test-email-ids.c - lib/series/email's Message-IDs of one version's mails
 * from the one that went out (email_sibling_id). */
#include "series/email.h"
#include "unit.h"

static const char *sib(const char *sent, int version, int index)
{
	static char out[256];
	char *id = email_sibling_id(sent, version, index);

	snprintf(out, sizeof out, "%s", id ? id : "(none)");
	g_free(id);
	return out;
}

int main(void)
{
	is_str(sib("20251201-zone-init-v2-0-0123456789ab@example.org", 2, 3),
	       "20251201-zone-init-v2-3-0123456789ab@example.org", "quill's shape: the index changes");
	is_str(sib("20251201-zone-init-v2-0-0123456789ab@example.org", 2, 0),
	       "20251201-zone-init-v2-0-0123456789ab@example.org", "the cover is itself");
	is_str(sib("20251201-demo-v1-1-0123456789ab@example.org", 1, 12),
	       "20251201-demo-v1-12-0123456789ab@example.org", "from a patch, a wider index");
	is_str(sib("20251201-a-v2-x-v2-0-0123456789ab@example.org", 2, 1),
	       "20251201-a-v2-x-v2-1-0123456789ab@example.org", "the last -vN-K- counts");
	is_str(sib("20251201-zone-v2-0-0123456789ab@example.org", 3, 1), "(none)",
	       "another version");
	is_str(sib("CAF00d@mail.example.net", 1, 1), "(none)", "another shape");
	is_str(sib("20251201-zone-v1-0-xyz@example.org", 1, 1), "(none)", "no hex before @");
	is_str(sib("20251201-zone-v1-0-0123@example.org", 1, 1), "(none)", "too short a hex");
	is_str(sib("20251201-zone-v1--0123456789ab@example.org", 1, 1), "(none)", "no index");
	is_str(sib("zone-v1-0-0123456789ab", 1, 1), "(none)", "no domain");
	return done_testing();
}
