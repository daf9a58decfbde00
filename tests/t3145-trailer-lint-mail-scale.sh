#!/bin/sh
# trailer lint --mbox is linear in the number of mails: the series rules
# (numbering, versions, senders) group the mails through hash tables, not
# by comparing each with each.  30,000 mails of one series size from one
# sender took 30 s (30,000 squared); the check is a generous ratio of CPU
# time, ten times the mails for at most 40 times the time (linear gives
# about 10, quadratic about 100 and more), not a timed test.
. "$(dirname "$0")/lib.sh"

# box N FILE: N patch mails [PATCH i/5] from one sender
box() {
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++) {
			printf "From quill Mon Dec  1 10:00:00 2025\nFrom: A <a@example.org>\n"
			printf "Subject: [PATCH %d/5] part %d\nMessage-ID: <p%d@example.org>\n", i % 5 + 1, i, i
			printf "Date: Mon, 01 Dec 2025 10:00:00 +0000\n\nDo part %d.\n\n", i
			printf "Signed-off-by: A <a@example.org>\n---\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n"
			printf "@@ -1 +1 @@\n-a\n+b\n\n"
		}
	}' >"$2"
}

# cpu CMD...: the user+system CPU seconds CMD takes (its output dropped)
cpu() {
	python3 -c '
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.4f" % (r.ru_utime + r.ru_stime))' "$@"
}

test_expect_success 'setup: 3,000 and 30,000 mails' '
	box 3000 small && box 30000 big
'

test_expect_success 'the findings of a big run are what the series rules say' '
	quill trailer lint --mbox big >out &&
	tail -n 1 out >total &&
	echo "total: 0 errors, 29995 warnings, 0 info in 30000 mails" >expect &&
	test_cmp expect total &&
	grep -c "series-numbering: two mails numbered" out >count &&
	echo 29995 >expect && test_cmp expect count
'

test_expect_success 'ten times the mails take at most forty times the time' '
	a=$(cpu quill trailer lint --mbox small) &&
	b=$(cpu quill trailer lint --mbox big) &&
	echo "# 3,000 mails: $a s, 30,000 mails: $b s" &&
	python3 -c "import sys; a, b = map(float, sys.argv[1:]); sys.exit(0 if b <= 40 * max(a, 0.01) else 1)" "$a" "$b"
'

test_done
