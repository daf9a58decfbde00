#!/bin/sh
# The malformed-input suite, mail: tests/tools/gen-bad writes
# QUILL_MALFORMED_COUNT inputs (default 1000, shared out between the mail
# kinds here; t8010 has the files) - cut short, NUL bytes, wrong and missing
# charsets, broken MIME boundaries, bad base64 and quoted-printable,
# enormous headers, nonsense dates, loops in References, duplicate
# Message-IDs, junk before the first From line, CRLF and mixed line ends -
# all in one mailbox between good messages, and each in a file of its own.
# Every command that reads mail reads the mailbox (and a sample of
# QUILL_MALFORMED_SAMPLE files of each kind, default 3): an exit code its
# manual allows, no signal, no hang (10 s, 60 under ASan), no sanitizer or GLib report,
# warnings naming the file, the good messages in the output.  Then an
# mbox with a 100 MB line.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-malformed.sh"

test_expect_success 'setup: the bad mails, a repository with README' '
	"$GEN_BAD" -s 8000 -n "$MF_MAIL_COUNT" gen >kinds &&
	test "$(wc -l <kinds)" = 14 &&
	test "$(awk "{ n += \$2 } END { print n }" kinds)" = "$MF_MAIL_COUNT" &&
	cp gen/all.mbox . &&
	test_repo repo
'

MF_NAMED=all.mbox
export MF_NAMED

test_expect_success 'mail split: every message written, the good ones whole' '
	mf_run "0 3" split quill mail split -o split all.mbox &&
	n=$(cat split.out) && test "$n" -gt $((MF_MAIL_COUNT / 2)) &&
	grep -l "^Subject: \[PATCH 1/2\] zone: one" split/* >good &&
	test "$(wc -l <good)" = 1 && grep -q "^+a project, zone: one" $(cat good) &&
	grep -l "^Acked-by: Cid Tester" split/* >good &&
	test "$(wc -l <good)" = 1 && grep -q "^Message-ID: <good-r2@example.org>" $(cat good)
'

test_expect_success 'mail thread: the good messages threaded' '
	mf_run 0 thread quill mail thread --json all.mbox &&
	grep -q "\"msgid\": \"good-a2@example.org\", \"parent\": \"good-a0@example.org\"" thread.out &&
	grep -q "\"msgid\": \"good-r1@example.org\", \"parent\": \"good-a1@example.org\"" thread.out &&
	grep -q "\"msgid\": \"good-r2@example.org\", \"parent\": \"good-b1@example.org\"" thread.out &&
	mf_run 0 thread-text quill mail thread all.mbox &&
	grep -q "zone: tidy the init path" thread-text.out
'

test_expect_success 'mail series: the good series found whole' '
	mf_run 0 series quill mail series --json all.mbox &&
	grep -q "\"received_all\": true" series.out &&
	tr -d " \n" <series.out >flat &&
	grep -q "\"messages\":\[\"good-a0@example.org\",\"good-a1@example.org\",\"good-a2@example.org\"\]" flat &&
	grep -q "\"messages\":\[\"good-b1@example.org\"\]" flat
'

test_expect_success 'review scan: the good review items found' '
	mf_run 0 scan quill review scan --json all.mbox &&
	grep -q "\"msgid\": \"good-r1@example.org\"" scan.out &&
	grep -q "Reviewed-by: Bea Reviewer <bea@example.org>" scan.out &&
	grep -q "Acked-by: Cid Tester <cid@example.net>" scan.out
'

test_expect_success 'trailer lint --mbox: findings or none, each mail named' '
	mf_run "0 1" lint quill trailer lint --mbox all.mbox &&
	grep -q "^total: " lint.out
'

test_expect_success 'trailer collect --mbox: the good trailers collected' '
	mf_run 0 collect quill trailer collect --json --mbox all.mbox &&
	grep -q "Reviewed-by: Bea Reviewer <bea@example.org>" collect.out
'

test_expect_success 'mail am --mbox: the good series as an mbox, and applied' '
	(cd repo &&
	 mf_run 0 ../am quill mail am --mbox ../all.mbox good-a0@example.org -o ../am.mbox &&
	 MF_NAMED= mf_run 0 ../apply quill mail am --mbox ../all.mbox good-a0@example.org --apply --branch am-good &&
	 git log --format=%s am-good >../applied) &&
	test "$(grep -c "^From " am.mbox)" = 2 &&
	grep -q "^Reviewed-by: Bea Reviewer <bea@example.org>" am.mbox &&
	printf "zone: two\nzone: one\ninitial import\n" >expect && test_cmp expect applied &&
	test "$(git -C repo fsck 2>&1)" = ""
'

test_expect_success 'mail am --mbox of all the mailbox: no crash, a clean refusal or a result' '
	mf_run "0 1 3" am-all quill mail am --mbox all.mbox -o am-all.mbox --partial
'

test_expect_success 'series new --from-thread and review pull from the mailbox' '
	(cd repo &&
	 MF_NAMED= mf_run 0 ../new quill series new good --from-thread good-a0@example.org --source mbox:../all.mbox &&
	 mf_run "0 1" ../pull quill review pull --source mbox:../all.mbox &&
	 mf_run 0 ../show quill review show) &&
	grep -q "Bea Reviewer" show.out
'

test_expect_success 'trailer collect --apply --dry-run on the series from the mailbox' '
	(cd repo &&
	 mf_run "0 1" ../collect-apply quill trailer collect --mbox ../all.mbox --apply --dry-run)
'

test_expect_success 'bench add --from-mail of the mailbox: a refusal naming the input, no crash' '
	(cd repo && mf_run "0 1 2 3" ../bench quill bench add b --from-mail ../all.mbox --dry-run)
'

unset MF_NAMED

test_expect_success 'each kind, file by file: every mail command' '
	for kind in $(cut -d" " -f1 kinds); do
		for f in $(mf_sample gen/mail/$kind); do
			b=$(basename "$f" .eml) n=$kind-$b
			MF_NAMED=$f mf_run "0 3" $n.split quill mail split -o s-$n "$f" || return 1
			MF_NAMED=$f mf_run "0 3" $n.thread quill mail thread "$f" || return 1
			MF_NAMED=$f mf_run "0 3" $n.series quill mail series "$f" || return 1
			MF_NAMED=$f mf_run "0 3" $n.scan quill review scan "$f" || return 1
			mf_run "0 3" $n.info quill mail info $n.msg $n.patch <"$f" || return 1
			mf_run "0 3" $n.parse quill trailer parse "$f" || return 1
			mf_run "0 1 3" $n.lint quill trailer lint "$f" || return 1
			mf_run "0 1 3" $n.am quill mail am --mbox "$f" -o $n.am || return 1
		done
	done
'

test_expect_success 'every bad mail: trailer parse and trailer lint of all the files in one run' '
	mf_run "0" parse-all quill trailer parse gen/mail/*/*.eml &&
	mf_run "0 1 3" lint-all quill trailer lint gen/mail/*/*.eml &&
	grep -q "^total: " lint-all.out
'

test_expect_success 'every bad mail through mail info' '
	for f in gen/mail/*/*.eml; do
		mf_run "0 3" info quill mail info m p <"$f" || return 1
	done
'

test_expect_success 'a 100 MB line: read through, the messages around it kept' '
	"$GEN_BAD" --big-line 100 big.mbox &&
	MF_NAMED=big.mbox mf_run "0 3" big-split quill mail split -o big big.mbox &&
	test "$(cat big-split.out)" = 3 &&
	MF_NAMED=big.mbox mf_run 0 big-thread quill mail thread --json big.mbox &&
	grep -q good-c3@example.org big-thread.out &&
	MF_NAMED=big.mbox mf_run 0 big-series quill mail series --json big.mbox &&
	grep -q good-c3@example.org big-series.out &&
	MF_NAMED=big.mbox mf_run 0 big-scan quill review scan big.mbox &&
	mf_run "0 1" big-lint quill trailer lint --mbox big.mbox &&
	mf_run "0 3" big-info quill mail info bm bp <big/0002 &&
	test "$(wc -c <bp)" -gt 100000000 &&
	rm -rf big big.mbox bm bp
'

test_expect_success 'runs made' '
	echo "# $(wc -l <"$TRASH/.mf-runs") runs over $MF_MAIL_COUNT inputs" >&2
'

test_done
