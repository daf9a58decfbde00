/* test-smtp-config.c - smtp_config_load over its fallbacks: quill.* over
 * sendemail.*, ports, encryption values, loopback, sendmail commands, TLS
 * settings, the sender, and the errors naming the key. */
#include "core/error.h"
#include "git/config.h"
#include "net/smtp.h"
#include "unit.h"

#include <glib/gstdio.h>

static char *scratch;
static git_repository *repo;

/* A new repository with only `user.*` set, no other config around. */
static void fresh_repo(void)
{
	char *dir;

	if (repo)
		git_repository_free(repo);
	dir = g_build_filename(scratch, "r", NULL);
	if (g_file_test(dir, G_FILE_TEST_EXISTS)) {
		const char *argv[] = { "rm", "-rf", dir, NULL };
		g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
			     NULL, NULL);
	}
	if (git_repository_init(&repo, dir, 0) < 0) {
		printf("Bail out! cannot make a repository in %s\n", dir);
		exit(1);
	}
	config_set(repo, "user.name", "Ada Author", NULL);
	config_set(repo, "user.email", "ada@example.org", NULL);
	g_free(dir);
}

static void set(const char *key, const char *value)
{
	GError *e = NULL;

	if (!config_set(repo, key, value, &e)) {
		printf("# config_set %s: %s\n", key, e->message);
		g_error_free(e);
	}
}

/* Load; "ok" or "CLASS: message". The config is left in c (cleared on error). */
static char *load(struct smtp_config *c)
{
	GError *e = NULL;
	char *out;

	if (smtp_config_load(c, repo, &e))
		return g_strdup("ok");
	out = g_strdup_printf("%d: %s", qerr_class(e), e->message);
	g_error_free(e);
	return out;
}

/* url|starttls|loopback|verify for a loaded config, or the error */
static char *summary(void)
{
	struct smtp_config c;
	char *r = load(&c), *out;

	if (strcmp(r, "ok"))
		return r;
	g_free(r);
	out = g_strdup_printf("%s|%s|%s|%s", c.url ? c.url : c.sendmail, c.starttls ? "starttls" : "-",
			      c.loopback ? "loopback" : "-", c.verify ? "verify" : "no-verify");
	smtp_config_clear(&c);
	return out;
}

#define IS_SUMMARY(want, name)           \
	do {                             \
		char *got_ = summary();  \
		is_str(got_, want, name); \
		g_free(got_);            \
	} while (0)

static void test_server(void)
{
	fresh_repo();
	IS_SUMMARY("2: no mail server: set quill.smtpServer or sendemail.smtpServer (or quill.sendmailCmd)",
		   "no server: a usage error");
	set("sendemail.smtpServer", "127.0.0.1");
	IS_SUMMARY("smtp://127.0.0.1:25|-|loopback|verify", "sendemail.smtpServer on loopback: plain, port 25");
	set("quill.smtpServer", "localhost");
	IS_SUMMARY("smtp://localhost:25|-|loopback|verify", "quill.smtpServer over sendemail.smtpServer");
	set("quill.smtpServer", "::1");
	IS_SUMMARY("smtp://[::1]:25|-|loopback|verify", "IPv6 loopback, bracketed in the URL");
	set("quill.smtpServer", "[::1]");
	IS_SUMMARY("smtp://[::1]:25|-|loopback|verify", "a bracketed IPv6 address");
	set("quill.smtpServer", "127.8.9.10");
	IS_SUMMARY("smtp://127.8.9.10:25|-|loopback|verify", "all of 127/8 is loopback");
	set("quill.smtpServer", "mail.example.org");
	IS_SUMMARY("smtp://mail.example.org:587|starttls|-|verify",
		   "a remote server: STARTTLS required, port 587");
	set("quill.smtpServer", "128.0.0.1");
	IS_SUMMARY("smtp://128.0.0.1:587|starttls|-|verify", "128.0.0.1 is not loopback");
	set("quill.smtpServer", "mail.example.org/x");
	IS_SUMMARY("3: quill.smtpServer: 'mail.example.org/x' is not a host name or an IP address",
		   "a host that would change the URL");
}

static void test_port_encryption(void)
{
	fresh_repo();
	set("sendemail.smtpServer", "mail.example.org");
	set("sendemail.smtpServerPort", "465");
	IS_SUMMARY("smtps://mail.example.org:465|-|-|verify", "port 465 without encryption set: SMTPS");
	set("quill.smtpServerPort", "2525");
	IS_SUMMARY("smtp://mail.example.org:2525|starttls|-|verify", "quill.smtpServerPort over sendemail's");
	set("sendemail.smtpEncryption", "ssl");
	IS_SUMMARY("smtps://mail.example.org:2525|-|-|verify", "sendemail.smtpEncryption ssl");
	set("quill.smtpEncryption", "tls");
	IS_SUMMARY("smtp://mail.example.org:2525|starttls|-|verify", "quill.smtpEncryption tls over ssl");
	set("quill.smtpEncryption", "STARTTLS");
	IS_SUMMARY("smtp://mail.example.org:2525|starttls|-|verify", "starttls, any case");
	set("quill.smtpEncryption", "smtps");
	IS_SUMMARY("smtps://mail.example.org:2525|-|-|verify", "smtps");
	set("quill.smtpEncryption", "rot13");
	IS_SUMMARY("3: quill.smtpEncryption: 'rot13' is not tls, ssl or none", "a bad encryption value");
	set("quill.smtpEncryption", "none");
	IS_SUMMARY("3: quill.smtpEncryption: none for mail.example.org, which is not on this machine: "
		   "the mail and the password would cross the network in clear (use tls or ssl)",
		   "no TLS to a remote server is refused");
	set("quill.smtpServer", "127.0.0.1");
	IS_SUMMARY("smtp://127.0.0.1:2525|-|loopback|verify", "none on loopback is fine");
	set("quill.smtpEncryption", "tls");
	IS_SUMMARY("smtp://127.0.0.1:2525|starttls|loopback|verify", "tls asked for on loopback too");
	set("quill.smtpServerPort", "smtp");
	IS_SUMMARY("3: quill.smtpServerPort: 'smtp' is not a port number (1-65535)", "a port name");
	set("quill.smtpServerPort", "0");
	IS_SUMMARY("3: quill.smtpServerPort: '0' is not a port number (1-65535)", "port 0");
	set("quill.smtpServerPort", "65536");
	IS_SUMMARY("3: quill.smtpServerPort: '65536' is not a port number (1-65535)", "port 65536");
	config_unset(repo, "quill.smtpServerPort", NULL);
	config_unset(repo, "sendemail.smtpServerPort", NULL);
	set("quill.smtpEncryption", "ssl");
	IS_SUMMARY("smtps://127.0.0.1:465|-|loopback|verify", "ssl's port is 465");
}

static void test_sendmail(void)
{
	fresh_repo();
	set("sendemail.smtpServer", "/usr/sbin/sendmail");
	IS_SUMMARY("'/usr/sbin/sendmail'|-|-|verify", "an absolute smtpServer is a sendmail");
	set("sendemail.sendmailCmd", "msmtp -a work");
	IS_SUMMARY("msmtp -a work|-|-|verify", "sendemail.sendmailCmd");
	set("quill.smtpServer", "127.0.0.1");
	IS_SUMMARY("smtp://127.0.0.1:25|-|loopback|verify", "quill.smtpServer over sendemail.sendmailCmd");
	set("quill.sendmailCmd", "cat >out");
	IS_SUMMARY("cat >out|-|-|verify", "quill.sendmailCmd over quill.smtpServer");
	{
		struct smtp_config c;
		char *r = load(&c), *d;

		is_str(r, "ok", "loads");
		d = smtp_config_describe(&c);
		is_str(d, "sendmail: cat >out -i", "described");
		is_str(c.from_addr, "ada@example.org", "a sendmail has a sender too");
		g_free(d);
		g_free(r);
		smtp_config_clear(&c);
	}
}

static void test_tls_words(void)
{
	struct smtp_config c;
	char *r, *d;

	fresh_repo();
	set("quill.smtpServer", "mail.example.org");
	set("sendemail.smtpSSLCertPath", "/etc/quill-ca.pem");
	set("sendemail.smtpUser", "dev");
	set("sendemail.smtpDomain", "box.example.org");
	r = load(&c);
	is_str(r, "ok", "loads");
	is_str(c.cainfo, "/etc/quill-ca.pem", "sendemail.smtpSSLCertPath is the CA");
	is_str(c.user, "dev", "sendemail.smtpUser");
	is_str(c.domain, "box.example.org", "sendemail.smtpDomain");
	is_str(c.host, "mail.example.org", "host");
	ok(c.git_dir && g_str_has_suffix(c.git_dir, ".git/"), "the repository is kept for credentials");
	ok(!c.interactive, "no prompts unless a command says so");
	d = smtp_config_describe(&c);
	is_str(d, "smtp://mail.example.org:587 (STARTTLS, user dev)", "described");
	g_free(d);
	g_free(r);
	smtp_config_clear(&c);

	set("quill.smtpCAInfo", "~/ca.pem");
	set("quill.smtpUser", "ada");
	set("quill.smtpDomain", "laptop.example.org");
	r = load(&c);
	is_str(r, "ok", "loads");
	ok(c.cainfo && g_str_has_suffix(c.cainfo, "/ca.pem") && c.cainfo[0] == '/',
	   "quill.smtpCAInfo over sendemail's, ~ expanded");
	is_str(c.user, "ada", "quill.smtpUser over sendemail's");
	is_str(c.domain, "laptop.example.org", "quill.smtpDomain over sendemail's");
	g_free(r);
	smtp_config_clear(&c);

	set("quill.smtpSSLVerify", "false");
	IS_SUMMARY("smtp://mail.example.org:587|starttls|-|no-verify", "quill.smtpSSLVerify false");
	set("quill.smtpSSLVerify", "perhaps");
	IS_SUMMARY("3: quill.smtpSSLVerify: 'perhaps' is not true or false", "a bad boolean");
	config_unset(repo, "quill.smtpSSLVerify", NULL);
	config_unset(repo, "quill.smtpCAInfo", NULL);
	set("sendemail.smtpSSLCertPath", "");
	IS_SUMMARY("smtp://mail.example.org:587|starttls|-|no-verify",
		   "an empty sendemail.smtpSSLCertPath turns verification off");
	set("quill.smtpUser", "a b");
	IS_SUMMARY("3: quill.smtpUser: 'a b' is not a user name", "a user with a blank");
	set("quill.smtpUser", "ada");
	set("quill.smtpDomain", "x\ny");
	IS_SUMMARY("3: quill.smtpDomain: 'x\\ny' is not a host name", "a domain with a newline");
}

static void test_from(void)
{
	struct smtp_config c;
	char *r;

	fresh_repo();
	set("quill.smtpServer", "127.0.0.1");
	r = load(&c);
	is_str(c.from, "Ada Author <ada@example.org>", "from user.name and user.email");
	is_str(c.from_addr, "ada@example.org", "the envelope sender");
	g_free(r);
	smtp_config_clear(&c);
	set("sendemail.from", "Ada at Work <ada@example.com>");
	r = load(&c);
	is_str(c.from_addr, "ada@example.com", "sendemail.from over user.email");
	g_free(r);
	smtp_config_clear(&c);
	set("quill.from", "\"Author, Ada\" <author@example.net>");
	r = load(&c);
	is_str(c.from, "\"Author, Ada\" <author@example.net>", "quill.from over sendemail.from");
	is_str(c.from_addr, "author@example.net", "its address");
	g_free(r);
	smtp_config_clear(&c);
	set("quill.from", "nobody");
	IS_SUMMARY("3: quill.from: 'nobody' is not one mail address", "a sender without an address");
	set("quill.from", "a@example.org, b@example.org");
	IS_SUMMARY("3: quill.from: 'a@example.org, b@example.org' is not one mail address", "two senders");
	config_unset(repo, "quill.from", NULL);
	set("sendemail.from", "Ada <ada@exa mple.org>");
	IS_SUMMARY("3: sendemail.from: 'Ada <ada@exa mple.org>' is not one mail address",
		   "the error names the key it came from");
}

int main(int argc, char **argv)
{
	char *empty;

	unit_init(argc, argv);
	scratch = g_dir_make_tmp("quill-smtp-config.XXXXXX", NULL);
	empty = g_build_filename(scratch, "home", NULL);
	g_mkdir(empty, 0700);
	/* nothing from the user's own configuration or identity */
	g_setenv("HOME", empty, TRUE);
	g_unsetenv("XDG_CONFIG_HOME");
	g_unsetenv("GIT_COMMITTER_NAME");
	g_unsetenv("GIT_COMMITTER_EMAIL");
	g_unsetenv("GIT_AUTHOR_NAME");
	g_unsetenv("GIT_AUTHOR_EMAIL");
	g_unsetenv("QUILL_SMTP_TIMEOUT_MS");
	git_libgit2_init();
	for (int l = GIT_CONFIG_LEVEL_PROGRAMDATA; l <= GIT_CONFIG_LEVEL_GLOBAL; l++)
		git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, l, empty);

	UNIT_CASE("server")
		test_server();
	UNIT_CASE("port-encryption")
		test_port_encryption();
	UNIT_CASE("sendmail")
		test_sendmail();
	UNIT_CASE("tls-words")
		test_tls_words();
	UNIT_CASE("from")
		test_from();

	git_repository_free(repo);
	{
		const char *rm[] = { "rm", "-rf", scratch, NULL };
		g_spawn_sync(NULL, (char **)rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
	}
	g_free(empty);
	g_free(scratch);
	git_libgit2_shutdown();
	return done_testing();
}
