#!/bin/sh
# quill trailer parse: byte for byte what the installed git interpret-trailers
# --parse prints, for files, standard input, configuration and --rev-range.
. "$(dirname "$0")/lib.sh"

DATA=$TEST_SRC/data/trailer

# parse_both IN [ARGS...]: quill trailer parse ARGS < IN prints exactly what
# git interpret-trailers --parse prints with the same settings (each
# "-c K=V" goes before interpret-trailers, the flags after it).
parse_both() {
	_in=$1
	shift
	quill trailer parse "$@" <"$_in" >actual || return 1
	_n=$# _flags=
	while [ "$_n" -gt 0 ]; do
		_a=$1
		shift
		_n=$((_n - 1))
		case $_a in
		-c) set -- "$@" -c "$1"; shift; _n=$((_n - 1)) ;;
		*) _flags="$_flags $_a" ;;
		esac
	done
	git "$@" interpret-trailers --parse $_flags <"$_in" >expect || return 1
	test_cmp expect actual
}

test_expect_success 'every fixture, default settings, as git prints it' '
	for f in "$DATA"/*.msg; do
		parse_both "$f" || { echo "differs: $f"; return 1; }
	done
'

test_expect_success 'a kernel trailer block: every trailer, in order' '
	parse_both "$DATA/kernel.msg" &&
	cat >expect <<-\EOF &&
	Fixes: 0123456789ab ("mm/zone: compute watermarks: once, at boot")
	Reported-by: syzbot+5b2e0a1f3c4d@syzkaller.appspotmail.com
	Closes: https://lore.example.org/all/0000000000001@example.org/
	Link: https://lore.example.org/r/20251201-zone-v2-1@example.org
	Cc: stable@vger.kernel.org # 6.1+
	Co-developed-by: Petra Quist <petra@example.org>
	Signed-off-by: Petra Quist <petra@example.org>
	Reviewed-by: Olaf Brenn <olaf.brenn@example.com>
	Acked-by: Mira Tal <mira@example.net>
	Signed-off-by: Ada Author <ada@example.org>
	EOF
	test_cmp expect actual
'

test_expect_success 'the --- divider ends the message; --no-divider does not' '
	parse_both "$DATA/divider.msg" &&
	test "$(cat actual)" = "Signed-off-by: Ada Author <ada@example.org>" &&
	parse_both "$DATA/divider.msg" --no-divider &&
	test_cmp /dev/null actual
'

test_expect_success 'continuation lines are unfolded' '
	parse_both "$DATA/continuation.msg" &&
	cat >expect <<-\EOF &&
	Fixes: 0123456789ab ("fs/quux: a very long subject line that somebody wrapped over two lines")
	Reported-by: Lars Odd <lars@example.com>
	Tested-by: Tess Tenn   <tess@example.com>
	Signed-off-by: Ada Author <ada@example.org>
	EOF
	test_cmp expect actual
'

test_expect_success 'CRLF messages, with and without a patch' '
	for f in kernel continuation divider no-newline; do
		sed "s/\$/\\r/" "$DATA/$f.msg" >crlf.msg &&
		parse_both crlf.msg || return 1
		parse_both crlf.msg --no-divider || return 1
	done &&
	test -s actual
'

test_expect_success 'the cut line and the comments above it' '
	parse_both "$DATA/cutline.msg" &&
	test "$(cat actual)" = "Signed-off-by: Ada Author <ada@example.org>" &&
	parse_both "$DATA/cutline.msg" --no-divider
'

test_expect_success 'core.commentChar from -c' '
	parse_both "$DATA/semicolon.msg" &&
	test ! -s actual &&
	parse_both "$DATA/semicolon.msg" -c "core.commentChar=;" &&
	test $(wc -l <actual) = 2 &&
	parse_both "$DATA/semicolon.msg" -c "core.commentchar=;" --trim-empty
'

# git 2.39 knows only core.commentChar; newer git reads core.commentString
# too, and quill does: a multi-character comment string.
test_expect_success 'core.commentString, also longer than a character' '
	sed "s/^;/%%/" "$DATA/semicolon.msg" >pct.msg &&
	quill trailer parse -c "core.commentString=%%" <pct.msg >actual &&
	printf "Acked-by: Mira Tal <mira@example.net>\nTested-by: Tess Tenn <tess@example.com>\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'configured keys from -c: recognised, and printed as configured' '
	parse_both "$DATA/configured.msg" &&
	test ! -s actual &&
	parse_both "$DATA/configured.msg" -c trailer.rev.key=Reviewed-by &&
	test "$(cat actual)" = "Reviewed-by: Olaf Brenn <olaf.brenn@example.com>" &&
	parse_both "$DATA/configured.msg" -c "trailer.r.key=REVIEWED-BY: " &&
	test "$(cat actual)" = "REVIEWED-BY: Olaf Brenn <olaf.brenn@example.com>" &&
	parse_both "$DATA/configured.msg" -c trailer.reviewed-by.where=end &&
	test -s actual
'

test_expect_success 'trailer.separators from -c' '
	parse_both "$DATA/separators.msg" &&
	test ! -s actual &&
	parse_both "$DATA/separators.msg" -c "trailer.separators=:=#" &&
	cat >expect <<-\EOF &&
	Bug: 4711
	Acked-by: Mira Tal <mira@example.net>
	Reviewed-by: Olaf Brenn <olaf.brenn@example.com>
	EOF
	test_cmp expect actual &&
	parse_both "$DATA/separators.msg" -c "trailer.separators=:=#" -c "trailer.ack.key=Acked-by= " &&
	cat >expect <<-\EOF &&
	Bug: 4711
	Acked-by= Mira Tal <mira@example.net>
	Reviewed-by: Olaf Brenn <olaf.brenn@example.com>
	EOF
	test_cmp expect actual
'

test_expect_success 'configuration from a repository, and -c after it' '
	test_repo cfg && cd cfg &&
	git config trailer.rev.key Reviewed-by &&
	parse_both "$DATA/configured.msg" &&
	test -s actual &&
	git config trailer.separators "%" &&
	parse_both "$DATA/separators.msg" &&
	parse_both "$DATA/separators.msg" -c "trailer.separators=:=#" &&
	git config --unset trailer.separators &&
	git config core.commentChar ";" &&
	parse_both "$DATA/semicolon.msg" &&
	test $(wc -l <actual) = 2
'

test_expect_success 'global configuration outside a repository' '
	git config --global trailer.rev.key Reviewed-by &&
	mkdir -p outside && cd outside &&
	GIT_CEILING_DIRECTORIES=$TRASH parse_both "$DATA/configured.msg" &&
	git config --global --unset trailer.rev.key &&
	test -s actual
'

test_expect_success 'no final newline, empty input, a title alone' '
	parse_both "$DATA/no-newline.msg" && test $(wc -l <actual) = 2 &&
	parse_both "$DATA/empty.msg" && test ! -s actual &&
	: | quill trailer parse >actual && test ! -s actual &&
	parse_both "$DATA/title-only.msg" && test ! -s actual
'

test_expect_success 'a non-UTF-8 message is parsed byte-wise, as git does' '
	printf "zone: caf\\351\\n\\nbody \\377\\n\\nReported-by: Ren\\351 M\\374ller <r@example.org>\\nT\\351st: not a token\\nSigned-off-by: J\\370rn <j@example.org>\\n" >latin1.msg &&
	parse_both latin1.msg &&
	printf "Reported-by: Ren\351 M\374ller <r@example.org>\nSigned-off-by: J\370rn <j@example.org>\n" >expect &&
	test_cmp expect actual &&
	printf "x\\n\\nA: \\200\\376\\377\\nSigned-off-by: \\377\\n" >bytes.msg &&
	parse_both bytes.msg &&
	test $(wc -l <actual) = 2
'

test_expect_success 'several FILEs are printed in turn; - is standard input' '
	quill trailer parse "$DATA/kernel.msg" - "$DATA/divider.msg" <"$DATA/no-newline.msg" >actual &&
	{ git interpret-trailers --parse "$DATA/kernel.msg" &&
	  git interpret-trailers --parse <"$DATA/no-newline.msg" &&
	  git interpret-trailers --parse "$DATA/divider.msg"; } >expect &&
	test_cmp expect actual
'

test_expect_success 'a missing FILE: exit 2, one line, the other files still printed' '
	test_expect_code 2 quill trailer parse "$DATA/kernel.msg" no-such-file "$DATA/divider.msg" >actual 2>err &&
	echo "quill: trailer parse: cannot read no-such-file: No such file or directory" >expect &&
	test_cmp expect err &&
	{ git interpret-trailers --parse "$DATA/kernel.msg" &&
	  git interpret-trailers --parse "$DATA/divider.msg"; } >expect &&
	test_cmp expect actual
'

test_expect_success 'bad settings and bad usage exit 2' '
	test_expect_code 2 quill trailer parse -c nodot=x </dev/null 2>err &&
	echo "quill: trailer parse: -c nodot=x: not a key=value setting (see ${SQ}quill trailer parse --help${SQ})" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill trailer parse -c trailer.x.key </dev/null 2>err &&
	echo "quill: trailer parse: trailer.x.key: no value (see ${SQ}quill trailer parse --help${SQ})" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill trailer parse -c core.commentChar= </dev/null &&
	test_expect_code 2 quill trailer parse --no-such-option </dev/null &&
	test_expect_code 2 quill trailer parse --rev-range HEAD "$DATA/kernel.msg" &&
	quill trailer parse --help >out && grep -q "rev-range" out
'

test_expect_success 'a bad setting in a config file exits 3' '
	test_repo badcfg && cd badcfg &&
	printf "[trailer]\n\tseparators\n" >>.git/config &&
	test_expect_code 3 quill trailer parse <"$DATA/kernel.msg" 2>err &&
	echo "quill: trailer parse: bad configuration: trailer.separators: no value" >expect &&
	test_cmp expect err
'

# --rev-range: one commit per fixture, kept verbatim
test_expect_success 'setup: a repository with a commit per fixture' '
	test_repo log && cd log &&
	for f in "$DATA"/*.msg latin1.msg; do
		case $f in */empty.msg) continue ;; /*) ;; *) f=$TRASH/$f ;; esac
		test_tick &&
		git commit -q --allow-empty --cleanup=verbatim -F "$f" || return 1
	done &&
	printf "\\n\\nleading blank lines\\n\\nAcked-by: Mira Tal <mira@example.net>\\n" >"$TRASH/lead.msg" &&
	git commit -q --allow-empty --cleanup=verbatim -F "$TRASH/lead.msg" &&
	test $(git rev-list --count HEAD) = 14
'

test_expect_success '--rev-range: what interpret-trailers prints for each raw message' '
	cd log &&
	quill trailer parse --rev-range HEAD >actual &&
	for c in $(git rev-list HEAD); do
		echo "commit $c" &&
		git cat-file commit $c | sed "1,/^\$/d" | git interpret-trailers --parse || return 1
	done >expect &&
	test_cmp expect actual &&
	test $(grep -c "^commit " actual) = 14
'

# git log starts at the subject (skipping blank lines before it) and ignores
# the divider: compare without the commit that starts with blank lines
test_expect_success '--rev-range --no-divider: as git log %(trailers:only,unfold)' '
	cd log &&
	quill trailer parse --no-divider --rev-range HEAD~13..HEAD~1 >actual &&
	git log --format="commit %H%n%(trailers:only,unfold)" HEAD~13..HEAD~1 |
		sed "/^\$/d" >expect &&
	test_cmp expect actual &&
	test $(grep -c "^commit " actual) = 12 &&
	grep -q "^Fixes: 0123456789ab" actual
'

test_expect_success '--rev-range A..B: only that range, newest first' '
	cd log &&
	quill trailer parse --rev-range HEAD~3..HEAD >actual &&
	grep "^commit " actual | cut -d" " -f2 >got &&
	git rev-list HEAD~3..HEAD >want &&
	test $(wc -l <got) = 3 &&
	test_cmp want got
'

# a history with merges, equal commit dates and dates going backwards:
# the commits come as git log lists them
commit_at() { # DATE MESSAGE
	GIT_COMMITTER_DATE="@$1 +0000" GIT_AUTHOR_DATE="@$1 +0000" \
		git commit -q --allow-empty -m "$2" -m "Signed-off-by: Ada Author <ada@example.org>"
}
merge_at() { # DATE BRANCH
	GIT_COMMITTER_DATE="@$1 +0000" GIT_AUTHOR_DATE="@$1 +0000" \
		git merge -q --no-ff -m "merge $2" "$2"
}

test_expect_success 'setup: merges, equal dates, a clock going backwards' '
	test_repo dag && cd dag &&
	commit_at 1000 a1 && commit_at 1000 a2 &&
	git checkout -q -b side && commit_at 1100 s1 && commit_at 900 s2 && commit_at 1300 s3 &&
	git checkout -q main && commit_at 1200 a3 && merge_at 1400 side &&
	git checkout -q -b late main~1 && commit_at 1000 l1 && commit_at 1000 l2 &&
	git checkout -q main && commit_at 1500 a4 && merge_at 1500 late &&
	git checkout -q side && commit_at 1600 s4 && merge_at 1700 main &&
	git checkout -q main && commit_at 800 a5
'

test_expect_success '--rev-range over merges: git log order, every kind of range' '
	cd dag &&
	for r in main side main~2..main side..main main..side main~3..side late..side \
		 side~1...main~1 HEAD~1.. ..side main..main; do
		quill trailer parse --rev-range "$r" >actual &&
		{ grep "^commit " actual || :; } >got &&
		git log --format="commit %H" "$r" >want &&
		test_cmp want got || { echo "range $r differs"; return 1; }
	done &&
	quill trailer parse --rev-range side >actual &&
	test $(grep -c "^commit " actual) = $(git rev-list --count side) &&
	test $(grep -c "^Signed-off-by: " actual) = 10 &&
	test ! -s got
'

# lint exits 1 when it finds errors
lint_json() { quill trailer lint --json --rev-range "$1"; test $? -le 1; }

test_expect_success '--rev-range: read ahead on a second thread or not, the same output' '
	cd dag &&
	for r in main side main~2..main side..main side~1...main~1 main..main; do
		QUILL_READ_AHEAD=0 quill trailer parse --rev-range "$r" >one &&
		QUILL_READ_AHEAD=1 quill trailer parse --rev-range "$r" >two &&
		test_cmp one two || { echo "parse $r differs"; return 1; }
		QUILL_READ_AHEAD=0 lint_json "$r" >one &&
		QUILL_READ_AHEAD=1 lint_json "$r" >two &&
		test_cmp one two || { echo "lint $r differs"; return 1; }
	done &&
	QUILL_READ_AHEAD=0 quill trailer parse --rev-range main..main >one &&
	test ! -s one && grep -q "\"checked\": 0" two
'

test_expect_success '--rev-range in a shallow clone stops at the shallow commits' '
	git clone -q --depth 4 "file://$TRASH/log" shallow && cd shallow &&
	test -f .git/shallow &&
	quill trailer parse --rev-range HEAD >actual &&
	git log --format="commit %H%n%(trailers:only,unfold)" HEAD | sed "/^\$/d" >expect &&
	test_cmp expect actual &&
	test $(grep -c "^commit " actual) = 4
'

test_expect_success '--rev-range: bad range 2, outside a repository 2' '
	cd log &&
	test_expect_code 2 quill trailer parse --rev-range no-such-rev 2>err &&
	test $(wc -l <err) = 1 &&
	mkdir -p "$TRASH/norepo" && cd "$TRASH/norepo" &&
	GIT_CEILING_DIRECTORIES=$TRASH test_expect_code 2 quill trailer parse --rev-range HEAD 2>err &&
	echo "quill: trailer parse: --rev-range: not in a git repository" >expect &&
	test_cmp expect err
'

test_done
