#!/bin/sh
# The gate before quill series send sends: a placeholder left in the cover
# (never passed, not even with --force), trailer lint errors (--force
# passes them, with a warning), the branch changed since 'series format'
# of this version, the same patches as the version last sent — each one
# line and exit 1; open review items of the version before are a warning
# (tests/unit/test-send-gate.c holds that one, and the pieces).  Through
# --dry-run: nothing is sent, no server is needed.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

if ! quill series send --help >/dev/null 2>&1; then
	test_skip 'the send gate' 'quill series send is not built yet'
	test_done
fi

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH

# refused CODE PATTERN ARGS...: quill ARGS exits CODE, its last stderr line
# is one "quill: " line matching PATTERN, and nothing went to the sink
refused() {
	rf_code=$1
	rf_pat=$2
	shift 2
	quill "$@" >out.refused 2>err.refused
	rf_rc=$?
	if [ "$rf_rc" != "$rf_code" ]; then
		echo "quill $*: exit $rf_rc, wanted $rf_code" >&2
		cat err.refused >&2
		return 1
	fi
	tail -n 1 err.refused >err.last &&
	grep -q "^quill: " err.last &&
	grep -Eq -- "$rf_pat" err.last || {
		echo "quill $*: last stderr line does not match '$rf_pat':" >&2
		cat err.refused >&2
		return 1
	}
}

test_expect_success 'setup: series x, two signed-off patches, a cover filled in' '
	series_repo r x 0 &&
	cd r &&
	git config quill.smtpServer 127.0.0.1 &&
	git config quill.smtpServerPort 9 &&
	quill series edit --to "List <list@example.org>" >/dev/null &&
	quill series edit-cover -m "zone: frob the zones

Every zone, one step a patch." >/dev/null &&
	for i in 1 2; do
		echo $i >z$i && git add z$i && test_tick &&
		git commit -q -s -m "zone: step $i" -m "Body $i." || return 1
	done &&
	quill series send --dry-run >dry.out
'

test_expect_success 'EDITME in the cover refuses, even with --force' '
	cd r &&
	quill series edit-cover -m "zone: EDITME the subject

Body." >/dev/null &&
	refused 1 "the cover of v1 still holds the placeholder ${SQ}EDITME${SQ}" series send --dry-run &&
	refused 1 "placeholder ${SQ}EDITME${SQ}" series send --dry-run --force
'

test_expect_success 'git'"'"'s *** SUBJECT HERE *** refuses' '
	cd r &&
	quill series edit-cover -m "*** SUBJECT HERE ***

*** BLURB HERE ***" >/dev/null &&
	refused 1 "placeholder ${SQ}\*\*\* SUBJECT HERE \*\*\*${SQ}" series send --dry-run
'

test_expect_success 'a trailer lint error refuses; --force sends with a warning' '
	cd r &&
	quill series edit-cover -m "zone: frob the zones

Every zone." >/dev/null &&
	echo 3 >z3 && git add z3 && test_tick &&
	git commit -q -m "zone: step 3" -m "Unsigned." &&
	refused 1 "^quill: v1 has 2 trailer lint errors \(.*sign-off-missing.*\); see ${SQ}quill trailer lint --series x${SQ}" \
		series send --dry-run &&
	quill series send --dry-run --force >out 2>err &&
	grep -q "^quill: warning: v1 has 2 trailer lint errors, sent anyway (--force)" err &&
	git commit -q --amend -s --no-edit
'

test_expect_success 'the branch changed since series format of this version refuses' '
	cd r &&
	quill series format -o ../fmt >/dev/null &&
	quill series send --dry-run >out &&
	old=$(git rev-parse --short=7 HEAD) &&
	echo 4 >z4 && git add z4 && test_tick && git commit -q -s -m "zone: step 4" &&
	new=$(git rev-parse --short=7 HEAD) &&
	refused 1 "^quill: branch x changed since ${SQ}quill series format${SQ} of v1 \(tip $old, now $new\); run it again" \
		series send --dry-run &&
	refused 1 "changed since" series send --dry-run --force &&
	quill series format >mbox &&
	quill series send --dry-run >out
'

test_expect_success 'the same patches as the version last sent refuse' '
	cd r &&
	quill series new-version --msgid "<v1-cover@example.org>" -m "First." >/dev/null 2>&1 &&
	quill series edit-cover -m "zone: frob the zones

Again." >/dev/null &&
	refused 1 "^quill: v2 is what v1 sent on [0-9-]+ \(the same patches\); use --resend 1" \
		series send --dry-run &&
	echo 5 >z5 && git add z5 && test_tick && git commit -q -s -m "zone: step 5" &&
	quill series send --dry-run >out
'

test_done
