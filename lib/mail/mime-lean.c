/* mime-lean.c - GMime without its crypto back end and its GIO stream, for a
 * binary that links GMime from its static archive (the front quill:
 * scripts/front-libs.sh).
 *
 * g_mime_init() registers every GMime type, among them the GPG and S/MIME
 * contexts (which start gpgme) and the GIO stream (which brings GIO's
 * GFile, and with it libmount, libselinux and libblkid).  quill never signs,
 * verifies or decrypts through GMime and never opens a GFile, yet with those
 * objects linked in every start maps gpgme, libassuan, libgpg-error,
 * libmount, libblkid, libselinux and libsepol and binds their symbols: some
 * 0.4 ms, nearly half of `quill --version`.  The link wraps the six symbols
 * of theirs g_mime_init() names (--wrap, scripts/front-libs.sh), so that the
 * archive members that define them are never pulled in; these stand in:
 * - the two get_type calls and gpgme's version check, whose results
 *   g_mime_init() does not use, do nothing;
 * - the two context constructors registered for the pgp and pkcs7 protocols
 *   make no context: g_mime_crypto_context_new() then answers NULL, as it
 *   does for any protocol it has no back end for (signed and encrypted
 *   parts still parse; they are never verified or decrypted).
 * Nothing calls these functions directly; the full binary links GMime
 * shared (notmuch brings its own) and does not use them. */
#include <glib-object.h>
#include <stddef.h>

GType __wrap_g_mime_stream_gio_get_type(void);
GType __wrap_g_mime_gpg_context_get_type(void);
GType __wrap_g_mime_pkcs7_context_get_type(void);
void *__wrap_g_mime_gpg_context_new(void);
void *__wrap_g_mime_pkcs7_context_new(void);
const char *__wrap_gpgme_check_version_internal(const char *wanted, size_t offset);

GType __wrap_g_mime_stream_gio_get_type(void)
{
	return G_TYPE_INVALID;
}

GType __wrap_g_mime_gpg_context_get_type(void)
{
	return G_TYPE_INVALID;
}

GType __wrap_g_mime_pkcs7_context_get_type(void)
{
	return G_TYPE_INVALID;
}

void *__wrap_g_mime_gpg_context_new(void)
{
	return NULL;
}

void *__wrap_g_mime_pkcs7_context_new(void)
{
	return NULL;
}

/* gpgme_check_version(NULL) answers gpgme's version; g_mime_init() ignores it */
const char *__wrap_gpgme_check_version_internal(const char *wanted, size_t offset)
{
	(void)wanted;
	(void)offset;
	return "0";
}
