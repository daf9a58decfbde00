# lib-soak.sh - kill -9 at random points during a state-changing command,
# then check what it left; source it after lib.sh and lib-series.sh.  The
# t81NN-soak-*.sh tests use it; `make check` runs QUILL_SOAK_RUNS (default
# 6) runs of each, `make soak` 100.
#
# A test file defines
#   soak_fresh DIR      make the scene of one run in DIR (usually a copy of
#                       a template made once), the shell stays where it was
#   soak_cmd            the command, run in DIR: a shell function whose last
#                       word is `exec quill ...`, so that the pid killed is
#                       quill's (it is always run in a subshell)
#   soak_result         print the result of a completed run, in DIR: what
#                       must be the same after an interrupted run and its
#                       rerun as after an uninterrupted one
#   soak_after SEED     optional: checks of its own after a kill and the
#                       rerun (sent mails, ...), in DIR
#   soak_done           optional: whether the work is done (see below)
# and then calls soak_calibrate, then soak_all TITLE.
#
# For the tests that act on a series sent as v1 and its replies:
#   soak_sent_v1 N MBOX  in the current repository: series big, its cover
#                        and N patches (add_patches), formatted into MBOX
#                        and frozen as v1 with the cover's Message-ID
#   soak_msgid MBOX K    the Message-ID of the Kth mail of MBOX (1: the
#                        cover), without <>
#   soak_reply FROM MSGID SUBJECT PARENT
#                        a reply to PARENT, mboxrd, body on stdin
#
# Each run i has the seed QUILL_SOAK_SEED0 (default 8100) + i; the kill
# comes rand(seed) * T ms after the start, T calibrated as the shorter of
# two uninterrupted runs (+ 2 ms; the kill itself lags a little).  The seed and the delay are in the
# test's name: `QUILL_SOAK_SEED=S QUILL_SOAK_T=T sh tests/t81NN-...` replays
# that run alone (QUILL_SOAK_KEEP=1 keeps a copy of what the kill left in
# run-SEED.killed, with QUILL_TEST_KEEP=1).  After each kill:
#   - git fsck --no-dangling reports nothing (dangling objects are fine),
#   - quill series show works,
#   - the command run again (up to three times, a stale lock is cleared by
#     quill itself) completes, and soak_result prints what the
#     uninterrupted run printed.

soak_msgid() {
	grep -i "^Message-ID: " "$1" | sed -n "$2p" | sed "s/.*<\(.*\)>.*/\1/"
}

soak_sent_v1() {
	quill series new big >/dev/null &&
	quill series edit-cover -m "big: many files

Many." >/dev/null &&
	add_patches "$1" &&
	quill series format --version 1 --stdout >"$2" 2>/dev/null &&
	quill series new-version --msgid "$(soak_msgid "$2" 1)" -m v1 >/dev/null 2>&1
}

soak_reply() {
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: %s\nTo: ada@example.org\nSubject: %s\n' "$1" "$3"
	printf 'Date: Tue, 02 Dec 2025 09:00:00 +0000\nMessage-ID: <%s>\n' "$2"
	printf 'In-Reply-To: <%s>\nReferences: <%s>\n\n' "$4" "$4"
	cat
	printf '\n'
}

SOAK_RUNS=${QUILL_SOAK_RUNS:-6}
SOAK_SEED0=${QUILL_SOAK_SEED0:-8100}

# soak_now_ms: the wall clock in milliseconds
soak_now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

# soak_calibrate: two uninterrupted runs in fresh scenes: $SOAK_T (ms) and
# $TRASH/soak.want (their result, the same for both)
soak_calibrate() {
	SOAK_T=
	for _c in 1 2; do
		soak_fresh "$TRASH/calib$_c" || return 1
		_t0=$(soak_now_ms)
		(cd "$TRASH/calib$_c" && soak_cmd) >"$TRASH/calib$_c.out" 2>&1 || {
			echo "an uninterrupted run failed:" >&2
			cat "$TRASH/calib$_c.out" >&2
			return 1
		}
		_t1=$(soak_now_ms)
		[ -n "$SOAK_T" ] && [ $((_t1 - _t0)) -ge "$SOAK_T" ] || SOAK_T=$((_t1 - _t0))
		(cd "$TRASH/calib$_c" && soak_result) >"$TRASH/soak.want$_c" || return 1
	done
	test_cmp "$TRASH/soak.want1" "$TRASH/soak.want2" || return 1
	mv "$TRASH/soak.want1" "$TRASH/soak.want"
	SOAK_T=$((SOAK_T + 2))
	[ -z "${QUILL_SOAK_T:-}" ] || SOAK_T=$QUILL_SOAK_T
	echo "# an uninterrupted run: T = $SOAK_T ms" >&2
	rm -rf "$TRASH/calib1" "$TRASH/calib2"
}

# soak_delay SEED: the kill's delay in ms, from SEED and $SOAK_T
soak_delay() {
	awk -v s="$1" -v t="$SOAK_T" 'BEGIN { srand(s); printf "%d", rand() * t }'
}

# soak_fsck: nothing but dangling objects reported
soak_fsck() {
	git fsck --no-dangling --no-progress >"$TRASH/fsck.out" 2>&1 || {
		cat "$TRASH/fsck.out" >&2
		return 1
	}
	if grep -v "^dangling \|^notice: " "$TRASH/fsck.out" |
	   grep -q .; then
		cat "$TRASH/fsck.out" >&2
		return 1
	fi
}

# soak_one SEED DELAY_MS: one run; DIR is $TRASH/run-SEED (removed when
# it passes)
soak_one() {
	_dir=$TRASH/run-$1
	rm -rf "$_dir"
	soak_fresh "$_dir" || return 1
	_sleep=$(awk -v d="$2" 'BEGIN { printf "%.3f", d / 1000 }')
	(
		cd "$_dir" || exit 1
		soak_cmd >"$TRASH/kill.out" 2>&1 &
		_pid=$!
		sleep "$_sleep"
		kill -9 "$_pid" 2>/dev/null
		wait "$_pid"
		_rc=$?
		echo "seed $1: $( [ $_rc = 137 ] && echo killed || echo "ended first ($_rc)")" |
			tee -a "$TRASH/soak.log" >&2
		[ -z "${QUILL_SOAK_KEEP:-}" ] || cp -a "$_dir" "$_dir.killed"
		soak_fsck || { echo "seed $1: fsck after the kill" >&2; exit 1; }
		if git rev-parse -q --verify refs/quill/series/"${SOAK_SERIES:-x}" >/dev/null; then
			quill series show "${SOAK_SERIES:-x}" >"$TRASH/show.out" 2>&1 || {
				echo "seed $1: series show after the kill:" >&2
				cat "$TRASH/show.out" >&2
				exit 1
			}
		fi
		_n=0
		until soak_done || (soak_cmd) >"$TRASH/rerun.out" 2>&1; do
			_n=$((_n + 1))
			[ $_n -lt 3 ] || {
				echo "seed $1: the rerun does not complete:" >&2
				cat "$TRASH/rerun.out" >&2
				exit 1
			}
		done
		soak_fsck || { echo "seed $1: fsck after the rerun" >&2; exit 1; }
		soak_result >"$TRASH/soak.got" || exit 1
		test_cmp "$TRASH/soak.want" "$TRASH/soak.got" || {
			echo "seed $1: not what an uninterrupted run gives" >&2
			exit 1
		}
		if command -v soak_after >/dev/null 2>&1; then
			soak_after "$1" || exit 1
		fi
	) || return 1
	rm -rf "$_dir"
}

# soak_done: whether the work is done already, so that the command is not
# run again (new-version would freeze the next version): by default when
# soak_result prints what an uninterrupted run gives; a test file may
# define its own
command -v soak_done >/dev/null 2>&1 ||
soak_done() {
	soak_result 2>/dev/null | cmp -s - "$TRASH/soak.want"
}

# soak_all TITLE: SOAK_RUNS runs, or only QUILL_SOAK_SEED's
soak_all() {
	_i=1
	while [ "$_i" -le "$SOAK_RUNS" ]; do
		_seed=$((SOAK_SEED0 + _i))
		_i=$((_i + 1))
		[ -z "${QUILL_SOAK_SEED:-}" ] || [ "$QUILL_SOAK_SEED" = "$_seed" ] || continue
		_d=$(soak_delay "$_seed")
		test_expect_success "$1: seed $_seed, kill -9 after $_d of $SOAK_T ms" \
			"soak_one $_seed $_d"
	done
	echo "# $1: $(grep -c ": killed" "$TRASH/soak.log" 2>/dev/null) of $SOAK_RUNS runs killed" \
		"before they ended"
}
