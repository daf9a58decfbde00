/* test-subject.c - lib/subject over the subject forms seen on real lists. */
#include "mail/subject.h"
#include "unit.h"

#define P SUBJECT_PATCH
#define R SUBJECT_RFC
#define S SUBJECT_RESEND

static const struct row {
	const char *in;
	int is_patch, reply, version, given, index, total;
	unsigned flags;
	const char *prefixes, *text;
} rows[] = {
	/* in, is_patch, reply, version, given, index, total, flags, prefixes, text */
	{ "[PATCH] test: Add some lorem ipsum", 1, 0, 1, 0, 0, 0, P, "", "test: Add some lorem ipsum" },
	{ "[PATCH v9 4/8] mm: zone init", 1, 0, 9, 1, 4, 8, P, "", "mm: zone init" },
	{ "[RFC PATCH net-next v2 0/3] net: a cover", 1, 0, 2, 1, 0, 3, P | R, "net-next", "net: a cover" },
	{ "[PATCHv2 1/3] fs: thing", 1, 0, 2, 1, 1, 3, P, "", "fs: thing" },
	{ "[PATCH-v4 2/3] fs: thing", 1, 0, 4, 1, 2, 3, P, "", "fs: thing" },
	{ "[PATCH 01/27] x86: first", 1, 0, 1, 0, 1, 27, P, "", "x86: first" },
	{ "[PATCH 00/27] x86: cover", 1, 0, 1, 0, 0, 27, P, "", "x86: cover" },
	{ "[PATCH RESEND v2 3/5] drm: again", 1, 0, 2, 1, 3, 5, P | S, "", "drm: again" },
	{ "[RESEND PATCH] drm: again", 1, 0, 1, 0, 0, 0, P | S, "", "drm: again" },
	{ "[PATCH 1 of 3] contrib: mercurial", 1, 0, 1, 0, 1, 3, P, "", "contrib: mercurial" },
	{ "[PATCH 0 of 2] Sample Mercurial patches", 1, 0, 1, 0, 0, 2, P, "", "Sample Mercurial patches" },
	{ "[PATCH 2 of 2 V3] tests: mercurial flag", 1, 0, 3, 1, 2, 2, P, "", "tests: mercurial flag" },
	{ "[PATCH v3] one patch, version only", 1, 0, 3, 1, 0, 0, P, "", "one patch, version only" },
	{ "[PATCH] net: dsa: ground work (v3)", 1, 0, 3, 1, 0, 0, P, "", "net: dsa: ground work (v3)" },
	{ "[PATCH net-next v3 0/4] net: dsa: work (v3)", 1, 0, 3, 1, 0, 4, P, "net-next", "net: dsa: work (v3)" },
	{ "[PATCH V2 4/4] PM / OPP: debugfs", 1, 0, 2, 1, 4, 4, P, "", "PM / OPP: debugfs" },
	{ "[net,v2,1/2] net: ieee802154: fix", 1, 0, 2, 1, 1, 2, 0, "net", "net: ieee802154: fix" },
	{ "[Patch 2/2]: powerpc/hotplug/mm: fix", 1, 0, 1, 0, 2, 2, P, "", "powerpc/hotplug/mm: fix" },
	{ "[PATCH -next] bpf: Use PTR_ERR_OR_ZERO", 1, 0, 1, 0, 0, 0, P, "-next", "bpf: Use PTR_ERR_OR_ZERO" },
	{ "Re: [PATCH -next] bpf: Use PTR_ERR_OR_ZERO", 1, 1, 1, 0, 0, 0, P, "-next", "bpf: Use PTR_ERR_OR_ZERO" },
	{ "RE: Re: AW: [PATCH v2 2/3] a: b", 1, 1, 2, 1, 2, 3, P, "", "a: b" },
	{ "Re[2]: [PATCH 1/2] a: b", 1, 1, 1, 0, 1, 2, P, "", "a: b" },
	{ "Aw: [PATCH] a: b", 1, 1, 1, 0, 0, 0, P, "", "a: b" },
	{ "[linux-mm] [PATCH 3/7] mm: tagged", 1, 0, 1, 0, 3, 7, P, "", "mm: tagged" },
	{ "[dpdk-dev] [PATCH v5 03/11] net/ice: dpdk", 1, 0, 5, 1, 3, 11, P, "", "net/ice: dpdk" },
	{ "[Intel-gfx] Re: [PATCH 2/2] drm/i915: late tag", 1, 1, 1, 0, 2, 2, P, "", "drm/i915: late tag" },
	{ "[PATCH bpf-next v5 03/11] bpf: verifier", 1, 0, 5, 1, 3, 11, P, "bpf-next", "bpf: verifier" },
	{ "[PATCH 5.10 123/456] stable: backport", 1, 0, 1, 0, 123, 456, P, "5.10", "stable: backport" },
	{ "[PATCH AUTOSEL 6.1 01/20] x: y", 1, 0, 1, 0, 1, 20, P, "AUTOSEL 6.1", "x: y" },
	{ "[PATCH 1/3 v2] late version", 1, 0, 2, 1, 1, 3, P, "", "late version" },
	{ "[PATCH v2 net-next 1/3] middle prefix", 1, 0, 2, 1, 1, 3, P, "net-next", "middle prefix" },
	{ "[RFC] a discussion, no patch word", 1, 0, 1, 0, 0, 0, R, "", "a discussion, no patch word" },
	{ "[RFCv2 PATCH 1/2] early rfc", 1, 0, 2, 1, 1, 2, P | R, "", "early rfc" },
	{ "[PATCH RFC/RFT 1/2] rft", 1, 0, 1, 0, 1, 2, P, "RFC/RFT", "rft" },
	{ "[RFC][PATCH v3 2/2] two brackets", 1, 0, 3, 1, 2, 2, P | R, "", "two brackets" },
	{ "[PATCH] [media] old style", 1, 0, 1, 0, 0, 0, P, "", "old style" },
	{ "[PATCH v2.1 2/4] point release", 1, 0, 2, 1, 2, 4, P, "", "point release" },
	{ "Fwd: [PATCH 1/2] forwarded", 1, 0, 1, 0, 1, 2, P, "", "forwarded" },
	{ "[GIT PULL] arm64 fixes for 6.8", 0, 0, 1, 0, 0, 0, 0, "", "arm64 fixes for 6.8" },
	{ "This is an orphaned patch!", 0, 0, 1, 0, 0, 0, 0, "", "This is an orphaned patch!" },
	{ "Re: plain reply", 0, 1, 1, 0, 0, 0, 0, "", "plain reply" },
	{ "Rework: not a reply marker", 0, 0, 1, 0, 0, 0, 0, "", "Rework: not a reply marker" },
	{ "[PATCH", 0, 0, 1, 0, 0, 0, 0, "", "[PATCH" },
	{ "", 0, 0, 1, 0, 0, 0, 0, "", "" },
	{ "   [PATCH 3/2]   extra   ", 1, 0, 1, 0, 3, 2, P, "", "extra" },
	{ "[PATCH 99999999/2] huge", 1, 0, 1, 0, 0, 0, P, "99999999/2", "huge" },
	{ "[PATCH 6.6.y] stable", 1, 0, 1, 0, 0, 0, P, "6.6.y", "stable" },
};

static void test_table(void)
{
	for (gsize i = 0; i < G_N_ELEMENTS(rows); i++) {
		const struct row *r = &rows[i];
		struct subject s;
		int good;

		subject_parse(&s, r->in, -1);
		good = s.is_patch == r->is_patch && s.reply == r->reply && s.version == r->version &&
		       s.version_given == r->given && s.index == r->index && s.total == r->total &&
		       s.flags == r->flags && !strcmp(s.prefixes, r->prefixes) &&
		       !strcmp(s.text, r->text);
		if (!ok(good, r->in))
			printf("#   got patch=%d reply=%d v%d%s %d/%d flags=%u prefixes=[%s] text=[%s]\n",
			       s.is_patch, s.reply, s.version, s.version_given ? "(given)" : "", s.index,
			       s.total, s.flags, s.prefixes, s.text);
		subject_clear(&s);
	}
}

static void test_details(void)
{
	struct subject s;
	const char raw[] = "[PATCH 1/2] cut here|not part of it";

	subject_parse(&s, "[linux-mm] [Intel-gfx] Re: [PATCH] x", -1);
	is_str(s.tags, "linux-mm Intel-gfx", "list tags are kept, in order");
	subject_clear(&s);

	subject_parse(&s, "[PATCH v3 0/4] Net:  DSA\tMulti-CPU  work (v3) ", -1);
	is_str(s.normalised, "net: dsa multi-cpu work", "normalised: lower case, one space, no (vN)");
	subject_clear(&s);

	subject_parse(&s, "Re: [PATCH v2] Net: DSA", -1);
	is_str(s.normalised, "net: dsa", "normalised drops the markers too");
	subject_clear(&s);

	subject_parse(&s, raw, strchr(raw, '|') - raw);
	is_str(s.text, "cut here", "a length bounds the subject");
	is_int(s.index, 1, "and the counter is read");
	subject_clear(&s);

	subject_parse(&s, "[PATCH] a (V7) b", -1);
	is_int(s.version, 7, "(V7) in the middle of the text");
	is_str(s.normalised, "a b", "and it leaves the normalised text");
	subject_clear(&s);

	subject_parse(&s, "[PATCH v2] (v3) bracket wins", -1);
	is_int(s.version, 2, "a bracket's version wins over (vN)");
	is_str(s.normalised, "bracket wins", "but (vN) still leaves the normalised text");
	subject_clear(&s);

	subject_parse(&s, "[PATCH v5 v6] two versions", -1);
	is_int(s.version, 5, "the first version word counts");
	subject_clear(&s);

	subject_clear(NULL);
	ok(1, "subject_clear(NULL) is fine");
}

static void test_long(void)
{
	GString *big = g_string_new("Re: [PATCH v2 1/2] ");
	struct subject s;

	for (int i = 0; i < 100000; i++)
		g_string_append(big, "[x] ");
	subject_parse(&s, big->str, big->len);
	ok(s.reply && s.version == 2 && s.index == 1, "a 400 kB subject parses");
	is_int(strlen(s.text), 0, "made of tags only, it has no text");
	subject_clear(&s);
	g_string_free(big, TRUE);
}

int main(int argc, char **argv)
{
	unit_init(argc, argv);
	UNIT_CASE("table")
		test_table();
	UNIT_CASE("details")
		test_details();
	UNIT_CASE("long")
		test_long();
	return done_testing();
}
