#!/bin/sh
# quill series format: file names as git format-patch gives them, subjects,
# threading, and mails that git am turns back into the same commits.
. "$(dirname "$0")/lib.sh"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
export SOURCE_DATE_EPOCH

# hdr FILE NAME: the value of the first NAME: header of mail FILE, unfolded
# the way git mailinfo unfolds (continuation whitespace becomes one space).
hdr() {
	awk -v h="$2: " '
		/^$/ { exit }
		on && /^[ \t]/ { sub(/^[ \t]+/, " "); v = v $0; next }
		on { exit }
		index($0, h) == 1 { v = substr($0, length(h) + 1); on = 1 }
		END { if (on) print v }' "$1"
}

# patch_files DIR: the patch files of DIR without the cover, in order.
patch_files() {
	ls "$1"/*.patch | grep -v /0000-cover-letter.patch
}

# make_patches N [PREFIX]: N commits, each with a body and a sign-off.
make_patches() {
	_i=1
	while [ $_i -le "$1" ]; do
		printf 'line %s\n' "$_i" >>"${2:-zone}-$_i.c" &&
		git add "${2:-zone}-$_i.c" &&
		test_tick &&
		git commit -q -m "zone: step $_i of the frob" -m "Body paragraph $_i." \
			-m "Signed-off-by: $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>" || return 1
		_i=$((_i + 1))
	done
}

# set_cover TEXT: the working cover of the current series.
set_cover() {
	printf '%b' "$1" | quill series edit-cover -F - >/dev/null
}

# am_check REPO BASE TIP DIR: git am DIR's patches (not the cover) onto BASE
# in a fresh clone of REPO; the tree, authors and messages are those of
# BASE..TIP.
am_check() {
	rm -rf "$TRASH/am-clone" &&
	git clone -q "$1" "$TRASH/am-clone" &&
	git -C "$TRASH/am-clone" checkout -q --detach "$2" &&
	git -C "$TRASH/am-clone" am -q $(patch_files "$4") &&
	test "$(git -C "$TRASH/am-clone" rev-parse 'HEAD^{tree}')" = \
	     "$(git -C "$1" rev-parse "$3^{tree}")" &&
	git -C "$TRASH/am-clone" log --format='%an%n%ae%n%B' "$2..HEAD" >"$TRASH/am-got" &&
	git -C "$1" log --format='%an%n%ae%n%B' "$2..$3" >"$TRASH/am-want" &&
	test -s "$TRASH/am-want" &&
	test_cmp "$TRASH/am-want" "$TRASH/am-got"
}

# epoch DATE: seconds since the epoch of an RFC 5322 date.
epoch() {
	date -d "$1" +%s
}

write_binary() {
	printf '\000\001\002\003bin\377\376%s\000\n' "$2" >"$1"
}

test_expect_success 'setup: a series of three patches' '
	test_repo r && cd r &&
	quill series new zone-init >/dev/null &&
	set_cover "zone: a frob for every zone\n\nThe frobnicator learns about zones.\n" &&
	make_patches 3
'

test_expect_success 'file names are those git format-patch --cover-letter gives' '
	cd r &&
	quill series format -o out >printed &&
	git format-patch -q --cover-letter -o D main..zone-init &&
	(cd D && ls) >want &&
	(cd out && ls) >got &&
	test_cmp want got &&
	test $(wc -l <got) = 4 &&
	ls out/*.patch >want-printed &&
	test_cmp want-printed printed
'

test_expect_success 'subjects [PATCH 0/3] .. [PATCH 3/3]' '
	cd r &&
	test "$(hdr out/0000-cover-letter.patch Subject)" = "[PATCH 0/3] zone: a frob for every zone" &&
	for i in 1 2 3; do
		test "$(hdr out/000$i-*.patch Subject)" = "[PATCH $i/3] zone: step $i of the frob" ||
		return 1
	done &&
	test_mask_ids out/0000-cover-letter.patch >masked &&
	cat >expect <<-EOF &&
	From <id> Mon Sep 17 00:00:00 2001
	From: Ada Author <ada@example.org>
	Date: Mon, 01 Dec 2025 12:00:00 +0000
	Subject: [PATCH 0/3] zone: a frob for every zone
	Message-ID: <20251201-zone-init-v1-0-<id12>@example.org>
	X-Change-ID: 20251201-zone-init-<id12>

	The frobnicator learns about zones.

	---
	Ada Author (3):
	  zone: step 1 of the frob
	  zone: step 2 of the frob
	  zone: step 3 of the frob

	 zone-1.c | 1 +
	 zone-2.c | 1 +
	 zone-3.c | 1 +
	 3 files changed, 3 insertions(+)
	 create mode 100644 zone-1.c
	 create mode 100644 zone-2.c
	 create mode 100644 zone-3.c
	---
	base-commit: <id>
	change-id: 20251201-zone-init-<id12>

	Best regards,
	-- 
	Ada Author <ada@example.org>

	EOF
	test_cmp expect masked &&
	grep -q "^base-commit: $(git rev-parse main)\$" out/0000-cover-letter.patch
'

test_expect_success 'threading: every patch replies to the cover; ids unique, b4-shaped' '
	cd r &&
	cover=$(hdr out/0000-cover-letter.patch Message-ID) &&
	echo "$cover" | grep -Eq "^<20251201-zone-init-v1-0-[0-9a-f]{12}@example\.org>\$" &&
	test -z "$(hdr out/0000-cover-letter.patch In-Reply-To)" &&
	for f in $(patch_files out); do
		test "$(hdr $f In-Reply-To)" = "$cover" &&
		test "$(hdr $f References)" = "$cover" || { echo "$f not threaded"; return 1; }
	done &&
	for f in out/*.patch; do hdr $f Message-ID; done >ids &&
	test $(sort -u ids | wc -l) = 4 &&
	grep -Eq "^<20251201-zone-init-v1-3-[0-9a-f]{12}@example\.org>\$" ids &&
	cid=$(quill series show | sed -n "s/.*change-id //p") &&
	test "$(hdr out/0000-cover-letter.patch X-Change-ID)" = "$cid" &&
	test -z "$(hdr out/0001-*.patch X-Change-ID)"
'

test_expect_success 'dates: the cover at SOURCE_DATE_EPOCH, each patch one second later' '
	cd r &&
	test $(epoch "$(hdr out/0000-cover-letter.patch Date)") = $SOURCE_DATE_EPOCH &&
	prev=$SOURCE_DATE_EPOCH &&
	for f in $(patch_files out); do
		t=$(epoch "$(hdr $f Date)") &&
		test $t = $((prev + 1)) || { echo "$f: $t after $prev"; return 1; }
		prev=$t
	done
'

test_expect_success 'the mails end in the quill signature; ASCII mails have no MIME headers' '
	cd r &&
	for f in $(patch_files out); do
		tail -n 3 $f >tail &&
		printf "%s\n" "-- " "quill $(cat "$QUILL_BUILD_DIR/VERSION")" "" >want &&
		test_cmp want tail || return 1
	done &&
	test_mask_ids out/0001-*.patch >masked &&
	cat >expect <<-EOF &&
	From <id> Mon Sep 17 00:00:00 2001
	From: Ada Author <ada@example.org>
	Date: Mon, 01 Dec 2025 12:00:01 +0000
	Subject: [PATCH 1/3] zone: step 1 of the frob
	Message-ID: <20251201-zone-init-v1-1-<id12>@example.org>
	In-Reply-To: <20251201-zone-init-v1-0-<id12>@example.org>
	References: <20251201-zone-init-v1-0-<id12>@example.org>

	Body paragraph 1.

	Signed-off-by: Ada Author <ada@example.org>
	---
	 zone-1.c | 1 +
	 1 file changed, 1 insertion(+)
	 create mode 100644 zone-1.c

	diff --git a/zone-1.c b/zone-1.c
	new file mode 100644
	index 0000000..89b24ec
	--- /dev/null
	+++ b/zone-1.c
	@@ -0,0 +1 @@
	+line 1
	-- 
	quill $(cat "$QUILL_BUILD_DIR/VERSION")

	EOF
	test_cmp expect masked
'

test_expect_success 'git am round trip: same tree, authors and messages' '
	am_check "$TRASH/r" $(git -C r rev-parse main) zone-init "$TRASH/r/out"
'

test_expect_success 'v2 after new-version: [PATCH v2 1/3]; prefixes: [RFC PATCH net-next v2 1/3]' '
	cd r &&
	quill series new-version >/dev/null &&
	quill series format -o v2 >/dev/null &&
	test "$(hdr v2/0001-*.patch Subject)" = "[PATCH v2 1/3] zone: step 1 of the frob" &&
	test "$(hdr v2/0000-cover-letter.patch Subject)" = "[PATCH v2 0/3] zone: a frob for every zone" &&
	hdr v2/0002-*.patch Message-ID | grep -Eq "^<20251201-zone-init-v2-2-[0-9a-f]{12}@" &&
	quill series edit --prefix RFC --prefix net-next >/dev/null &&
	quill series format -o v2rfc >/dev/null &&
	test "$(hdr v2rfc/0001-*.patch Subject)" = "[RFC PATCH net-next v2 1/3] zone: step 1 of the frob" &&
	test "$(hdr v2rfc/0000-cover-letter.patch Subject)" = "[RFC PATCH net-next v2 0/3] zone: a frob for every zone"
'

test_expect_success '--version 1 formats the frozen commits and cover, not the branch' '
	cd r &&
	make_patches 1 late &&
	quill series format -o v2b >/dev/null &&
	test "$(hdr v2b/0004-*.patch Subject)" = "[RFC PATCH net-next v2 4/4] zone: step 1 of the frob" &&
	quill series format --version 1 -o v1 >/dev/null &&
	(cd v1 && ls) >got &&
	(cd D && ls) >want &&
	test_cmp want got &&
	test "$(hdr v1/0003-*.patch Subject)" = "[RFC PATCH net-next 3/3] zone: step 3 of the frob" &&
	test "$(hdr v1/0000-cover-letter.patch Subject)" = "[RFC PATCH net-next 0/3] zone: a frob for every zone" &&
	grep -q "^The frobnicator learns about zones.\$" v1/0000-cover-letter.patch &&
	hdr v1/0001-*.patch Message-ID | grep -q -- "-v1-1-"
'

test_expect_success 'setup: non-ASCII author, sender and subjects, a long subject' '
	test_repo r2 && cd r2 &&
	git config quill.from "Ëvä Sendér <eva@example.com>" &&
	quill series new uni >/dev/null &&
	set_cover "zone: Ünïcødé for the frobnicator\n\nNames in any script.\n" &&
	echo one >a.c && git add a.c && test_tick &&
	GIT_AUTHOR_NAME="Zoë Ærø" GIT_AUTHOR_EMAIL=zoe@example.net \
		git commit -q -m "zone: teach the frobnicator about Ünïcødé names" \
		-m "Körper des Patches, ßtraße." -m "Signed-off-by: Zoë Ærø <zoe@example.net>" &&
	echo two >b.c && git add b.c && test_tick &&
	git commit -q -m "zone: a very long subject line that goes on and on, well past the seventy-eight columns of a mail header (over 100)" &&
	echo three >c.c && git add c.c && test_tick &&
	GIT_AUTHOR_NAME="Zoë Ærø" GIT_AUTHOR_EMAIL=zoe@example.net \
		git commit -q -m "zone: Ünïcødé and a long subject that runs past the header width: ÄÖÜ äöü ÆØÅ æøå — and then some more words" &&
	quill series format -o out >/dev/null &&
	git format-patch -q --cover-letter -o D main..uni &&
	(cd D && ls) >want && (cd out && ls) >got && test_cmp want got
'

test_expect_success 'non-ASCII headers are RFC 2047 encoded as UTF-8; git mailinfo decodes them' '
	cd r2 &&
	f=$(ls out/0001-*.patch) &&
	test_mask_ids $f >masked &&
	cat >expect <<-EOF &&
	From <id> Mon Sep 17 00:00:00 2001
	From: =?UTF-8?b?w4t2w6QgU2VuZMOpcg==?= <eva@example.com>
	Date: Mon, 01 Dec 2025 12:00:01 +0000
	Subject: [PATCH 1/3] zone: teach the frobnicator about
	 =?UTF-8?B?w5xuw69jw7hkw6k=?= names
	Cc: =?UTF-8?b?Wm/DqyDDhnLDuA==?= <zoe@example.net>
	Message-ID: <20251201-uni-v1-1-<id12>@example.com>
	In-Reply-To: <20251201-uni-v1-0-<id12>@example.com>
	References: <20251201-uni-v1-0-<id12>@example.com>
	MIME-Version: 1.0
	Content-Type: text/plain; charset=UTF-8
	Content-Transfer-Encoding: 8bit

	From: Zoë Ærø <zoe@example.net>

	Körper des Patches, ßtraße.

	Signed-off-by: Zoë Ærø <zoe@example.net>
	---
	 a.c | 1 +
	 1 file changed, 1 insertion(+)
	 create mode 100644 a.c

	diff --git a/a.c b/a.c
	new file mode 100644
	index 0000000..5626abf
	--- /dev/null
	+++ b/a.c
	@@ -0,0 +1 @@
	+one
	-- 
	quill $(cat "$QUILL_BUILD_DIR/VERSION")

	EOF
	test_cmp expect masked &&
	git mailinfo msg patch <out/0000-cover-letter.patch >info &&
	grep -q "^Author: Ëvä Sendér\$" info &&
	grep -q "^Subject: zone: Ünïcødé for the frobnicator\$" info &&
	git mailinfo msg patch <$f >info &&
	grep -q "^Subject: zone: teach the frobnicator about Ünïcødé names\$" info
'

test_expect_success 'the in-body From names the author when the sender is someone else' '
	cd r2 &&
	f=$(ls out/0001-*.patch) &&
	sed -n "/^\$/,\$p" $f | sed -n 2p >first &&
	echo "From: Zoë Ærø <zoe@example.net>" >want &&
	test_cmp want first &&
	git mailinfo msg patch <$f >info &&
	grep -q "^Author: Zoë Ærø\$" info &&
	grep -q "^Email: zoe@example.net\$" info &&
	grep -q "^From: Ada Author <ada@example.org>\$" out/0002-*.patch
'

test_expect_success 'long subjects are folded and git mailinfo unfolds them' '
	cd r2 &&
	for n in 2 3; do
		f=$(ls out/000$n-*.patch) &&
		want=$(git log -1 --format=%s uni~$((3 - n))) &&
		test ${#want} -gt 100 &&
		sed -n "/^Subject:/,/^[^ ]/p" $f | sed "\$d" >subj &&
		test $(wc -l <subj) -gt 1 &&
		! awk "length > 78" subj | grep -q . &&
		git mailinfo msg patch <$f >info &&
		grep -qxF "Subject: $want" info || { cat subj info; return 1; }
	done
'

test_expect_success 'git am round trip with foreign and non-ASCII authors' '
	am_check "$TRASH/r2" $(git -C r2 rev-parse main) uni "$TRASH/r2/out"
'

test_expect_success 'a one-patch series: no cover, its text below ---, b4 footers' '
	test_repo r3 && cd r3 &&
	quill series new solo >/dev/null &&
	set_cover "zone: the solo fix\n\nWhy the solo patch matters.\n" &&
	make_patches 1 &&
	quill series format -o out >printed &&
	test $(wc -l <printed) = 1 &&
	f=$(cat printed) &&
	test "$f" = "out/0001-zone-step-1-of-the-frob.patch" &&
	test "$(hdr $f Subject)" = "[PATCH] zone: step 1 of the frob" &&
	test -z "$(hdr $f In-Reply-To)" &&
	cid=$(quill series show | sed -n "s/.*change-id //p") &&
	test "$(hdr $f X-Change-ID)" = "$cid" &&
	awk "/^---\$/ { n++; next } n == 1 { print; exit }" $f >below &&
	echo "Why the solo patch matters." >want &&
	test_cmp want below &&
	cat >expect <<-EOF &&
	From $(git rev-parse solo) Mon Sep 17 00:00:00 2001
	From: Ada Author <ada@example.org>
	Date: Mon, 01 Dec 2025 12:00:01 +0000
	Subject: [PATCH] zone: step 1 of the frob
	Message-ID: $(hdr $f Message-ID)
	X-Change-ID: $cid

	Body paragraph 1.

	Signed-off-by: Ada Author <ada@example.org>
	---
	Why the solo patch matters.

	 zone-1.c | 1 +
	 1 file changed, 1 insertion(+)
	 create mode 100644 zone-1.c

	diff --git a/zone-1.c b/zone-1.c
	new file mode 100644
	index 0000000..89b24ec
	--- /dev/null
	+++ b/zone-1.c
	@@ -0,0 +1 @@
	+line 1
	---
	base-commit: $(git rev-parse main)
	change-id: $cid

	-- 
	quill $(cat "$QUILL_BUILD_DIR/VERSION")

	EOF
	test_cmp expect $f &&
	hdr $f Message-ID | grep -Eq "^<20251201-solo-v1-1-[0-9a-f]{12}@example\.org>\$"
'

test_expect_success 'a one-patch series applies with git am' '
	am_check "$TRASH/r3" $(git -C r3 rev-parse main) solo "$TRASH/r3/out"
'

test_expect_success 'a one-patch series with --cover: 0/1 and 1/1' '
	cd r3 &&
	quill series format --cover -o out2 >printed &&
	test $(wc -l <printed) = 2 &&
	test "$(hdr out2/0000-cover-letter.patch Subject)" = "[PATCH 0/1] zone: the solo fix" &&
	test "$(hdr out2/0001-*.patch Subject)" = "[PATCH 1/1] zone: step 1 of the frob" &&
	test "$(hdr out2/0001-*.patch In-Reply-To)" = "$(hdr out2/0000-cover-letter.patch Message-ID)" &&
	! grep -q "^base-commit:" out2/0001-*.patch &&
	! grep -q "Why the solo patch" out2/0001-*.patch &&
	cat >expect <<-EOF &&
	From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
	From: Ada Author <ada@example.org>
	Date: Mon, 01 Dec 2025 12:00:00 +0000
	Subject: [PATCH 0/1] zone: the solo fix
	Message-ID: $(hdr out2/0000-cover-letter.patch Message-ID)
	X-Change-ID: $(quill series show | sed -n "s/.*change-id //p")

	Why the solo patch matters.

	---
	Ada Author (1):
	  zone: step 1 of the frob

	 zone-1.c | 1 +
	 1 file changed, 1 insertion(+)
	 create mode 100644 zone-1.c
	---
	base-commit: $(git rev-parse main)
	change-id: $(quill series show | sed -n "s/.*change-id //p")

	Best regards,
	-- 
	Ada Author <ada@example.org>

	EOF
	test_cmp expect out2/0000-cover-letter.patch
'

test_expect_success 'prerequisites: b4 footers with the patch-ids of a local series' '
	cd r3 &&
	git checkout -q main &&
	quill series new base-work >/dev/null &&
	make_patches 2 base &&
	quill series new-version >/dev/null 2>&1 &&
	git checkout -q solo &&
	quill series edit solo --prerequisite base-work:v1 \
		--prerequisite 20250101-elsewhere-0123456789ab >/dev/null &&
	bid=$(quill series show base-work --json | sed -n "s/.*\"change_id\": \"\(.*\)\".*/\1/p") &&
	git -C . show base-work~1 | git patch-id --stable | cut -d" " -f1 >ids.want &&
	git -C . show base-work | git patch-id --stable | cut -d" " -f1 >>ids.want &&
	quill series format solo --cover -o out3 >/dev/null &&
	c=out3/0000-cover-letter.patch &&
	cat >expect <<-EOF &&
	base-commit: $(git rev-parse main)
	change-id: $(quill series show solo | sed -n "s/.*change-id //p")
	prerequisite-change-id: $bid:v1
	prerequisite-patch-id: $(sed -n 1p ids.want)
	prerequisite-patch-id: $(sed -n 2p ids.want)
	prerequisite-change-id: 20250101-elsewhere-0123456789ab

	EOF
	sed -n "/^base-commit: /,/^\$/p" $c >footer &&
	test_cmp expect footer &&
	sed -n "s/^prerequisite-patch-id: //p" $c >ids.got &&
	test_cmp ids.want ids.got &&
	quill series format solo -o out4 >/dev/null &&
	sed -n "/^base-commit: /,/^\$/p" out4/0001-*.patch >footer &&
	test_cmp expect footer
'

test_expect_success 'To: and Cc: come from the series; display names encoded' '
	cd r3 &&
	# (GOption converts arguments from the locale charset: a UTF-8 locale)
	LC_ALL=C.UTF-8 quill series edit --to "Lïst Ønë <list@example.org>" --to b@example.org \
		--cc "Carl Cc <carl@example.org>" >/dev/null &&
	quill series format -o rcpt >/dev/null &&
	f=$(ls rcpt/0001-*.patch) &&
	hdr $f To | grep -q "^=?UTF-8?.*?= <list@example.org>, b@example.org\$" &&
	test "$(hdr $f Cc)" = "Carl Cc <carl@example.org>" &&
	quill series edit --to "" --cc "" >/dev/null &&
	quill series format -o rcpt2 >/dev/null &&
	! grep -q "^To:" rcpt2/0001-*.patch
'

test_expect_success '--json: the version, files and messages' '
	cd r3 &&
	quill series format --json -o j >json &&
	msgid=$(hdr j/0001-*.patch Message-ID | tr -d "<>") &&
	cat >expect <<-EOF &&
	{ "version": 1, "files": [ "j/0001-zone-step-1-of-the-frob.patch" ],
	  "messages": [ { "msgid": "$msgid", "subject": "[PATCH] zone: step 1 of the frob",
	                  "file": "j/0001-zone-step-1-of-the-frob.patch" } ],
	  "removed": [] }
	EOF
	test_cmp_json expect json &&
	quill series format --json >json2 &&
	cat >expect <<-EOF &&
	{ "version": 1, "files": null,
	  "messages": [ { "msgid": "$msgid", "subject": "[PATCH] zone: step 1 of the frob",
	                  "file": null } ],
	  "removed": null }
	EOF
	test_cmp_json expect json2 &&
	test ! -e 0001-zone-step-1-of-the-frob.patch
'

test_expect_success 'thirty patches: [PATCH 01/30], 31 files named as git names them' '
	test_repo r4 && cd r4 &&
	quill series new many >/dev/null &&
	make_patches 30 &&
	quill series format -o out >/dev/null &&
	git format-patch -q --cover-letter -o D main..many &&
	(cd D && ls) >want && (cd out && ls) >got &&
	test_cmp want got &&
	test $(wc -l <got) = 31 &&
	test "$(hdr out/0000-cover-letter.patch Subject)" = \
		"[PATCH 00/30] EDITME: the subject of the cover letter" &&
	test "$(hdr out/0001-*.patch Subject)" = "[PATCH 01/30] zone: step 1 of the frob" &&
	test "$(hdr out/0030-*.patch Subject)" = "[PATCH 30/30] zone: step 30 of the frob"
'

test_expect_success '--stdout is an mbox git mailsplit splits into n+1 messages' '
	cd r2 &&
	quill series format --stdout >mbox &&
	mkdir msgs &&
	test "$(git mailsplit -omsgs mbox)" = 4 &&
	test "$(hdr msgs/0001 Message-ID)" = "$(hdr out/0000-cover-letter.patch Message-ID)" &&
	test "$(hdr msgs/0004 Subject)" = "$(hdr out/0003-*.patch Subject)" &&
	quill series format >mbox2 2>/dev/null &&
	test_cmp mbox mbox2
'

test_expect_success 'a binary file change applies with git am' '
	test_repo r5 && cd r5 &&
	quill series new bin >/dev/null &&
	write_binary blob.bin 1 && git add blob.bin && test_tick && git commit -q -m "zone: add a blob" &&
	write_binary blob.bin 22 && test_tick && git commit -q -am "zone: change the blob" &&
	quill series format -o out >/dev/null &&
	grep -q "^GIT binary patch" out/0002-*.patch &&
	am_check "$TRASH/r5" $(git rev-parse main) bin "$TRASH/r5/out"
'

test_expect_success 'bad usage exits 2; a version without patches exits 1' '
	cd r3 &&
	test_expect_code 2 quill series format --version 9 2>err &&
	echo "quill: series format: series solo has only version 1 (the working one) (see ${SQ}quill series format --help${SQ})" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill series format --version -1 2>err &&
	test_expect_code 2 quill series format -o x --stdout 2>err &&
	echo "quill: series format: -o and --stdout exclude each other (see ${SQ}quill series format --help${SQ})" >expect &&
	test_cmp expect err &&
	test ! -e x &&
	test_expect_code 2 quill series format no-such-series 2>err &&
	test_expect_code 2 quill series format solo extra 2>err &&
	quill series new empty >/dev/null &&
	test_expect_code 1 quill series format empty 2>err &&
	echo "quill: series empty v1 has no patches: branch empty holds nothing on top of its base" >expect &&
	test_cmp expect err
'

test_done
