#!/bin/sh
# bench/mail.sh - reading a big list archive: quill mail series, thread and
# split beside what a user would run instead, as ratios in one run.
#
# The archive: tests/bench/gen-lkml.py writes MAIL_MESSAGES messages
# (default 100000, about 500 MB) of LKML-like mail: patch series v1..v9,
# reviews, QP/base64/multipart mail, RFC 2047 names, a few broken
# messages.  It is made once and kept as build/bench/lkml-SHA-N.mbox (SHA:
# the generator's sha256, so a changed generator makes a new one); files
# of other generators are removed.  Everything else happens in a temporary
# directory that is removed at the end (BENCH_KEEP=1 keeps it).
#
# The rows, each with its wall time (bench/lib.sh's bench_median: the median
# of MAIL_RUNS runs, default 5, or MAIL_SLOW_RUNS, default 3, for the tools
# that take seconds) and peak RSS (GNU time's %M, the largest of the runs):
#   cat FILE >/dev/null        the read limit; run once first, so that every
#                              row reads from a warm page cache
#   bench/py-thread.py FILE    b4's stack: mailbox.mbox and the email
#                              package building the Message-ID -> parent
#                              map.  Run once, not a median.  If its run on
#                              the first 10000 messages says the whole
#                              would take more than MAIL_PY_LIMIT seconds
#                              (default 120), that run, scaled per message,
#                              is the figure, and the row says so.
#   git mailsplit --mboxrd -o DIR FILE   one file per message (DIR emptied
#                              before each run, untimed)
#   mthread DIR                mblaze's threading (JWZ).  mblaze reads one
#                              file per message: the files of the last git
#                              mailsplit run, as DIR/cur, are its input.
#                              That is the fastest correct way: `mdeliver
#                              -M DIR < FILE`, mblaze's own import, gives
#                              the same threads (checked on 3000 messages)
#                              but fsyncs every message (about 30 s for
#                              100000), and a file list on
#                              stdin (`mthread < LIST`) is no faster than
#                              the maildir.  The row after it adds the split
#                              and the threading: mbox to threads, mblaze's way.
#   quill mail series --json FILE >/dev/null, quill mail thread --json FILE
#   >/dev/null, quill mail split -o DIR FILE: a command that exits 2 saying
#                              it is not implemented yet (stub) gets a row
#                              that says so.
# Then the targets, PASS or MISS with the figure: quill >= 30x faster than
# the Python stack, >= 2x faster than mthread and than git mailsplit,
# within 3x of cat, peak RSS <= 1.5x the file size (split: only the last
# three).  A missed target never fails `make bench`; a tool that exits
# non-zero or dies does (after all rows are printed).  A missing tool is a
# "skipped" row (scripts/deps.sh bench installs them as root).
#
# Knobs: MAIL_MESSAGES, MAIL_RUNS, MAIL_SLOW_RUNS, MAIL_PY_LIMIT and
# MAIL_PY_SAMPLE (above); MAIL_SPLIT_DIR, where the split rows write (default:
# a directory in /dev/shm when it is a tmpfs with room, else the temporary
# directory: on this project's machines the disk is an ext4 mounted with
# discard, where removing 100000 files makes the next writes wait, and the
# rows would measure that); BENCH_KEEP=1 keeps the temporary directories.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
QUILL=${QUILL:-$here/../quill}
ROOT=${QUILL_BUILD_DIR:-$here/..}
GEN=$here/../tests/bench/gen-lkml.py
N=${MAIL_MESSAGES:-100000}
RUNS=${MAIL_RUNS:-5}
SLOW=${MAIL_SLOW_RUNS:-3}
PY_LIMIT=${MAIL_PY_LIMIT:-120}
PY_SAMPLE=${MAIL_PY_SAMPLE:-10000}

T=$(mktemp -d "${TMPDIR:-/tmp}/quill-bench-mail.XXXXXX")
SHM=
# cleaned up on an interrupt too: the split rows can leave 500 MB in a tmpfs
[ -n "${BENCH_KEEP:-}" ] || trap 'rm -rf "$T" ${SHM:+"$SHM"}' EXIT
trap 'exit 130' INT TERM HUP PIPE
export LC_ALL=C GIT_CONFIG_NOSYSTEM=1 HOME="$T/home" MBLAZE="$T/mblaze"
mkdir -p "$HOME" "$MBLAZE"

# ------------------------------------------------------------ the archive
cache=$ROOT/build/bench
gsha=$(sha256sum "$GEN" | cut -c1-12)
MBOX=$cache/lkml-$gsha-$N.mbox
if [ ! -s "$MBOX" ]; then
	if ! command -v python3 >/dev/null 2>&1; then
		echo "mail: skipped: python3 not installed (it writes the archive)"
		exit 0
	fi
	mkdir -p "$cache"
	for f in "$cache"/lkml-*.mbox "$cache"/lkml-*.mbox.tmp; do
		case $f in *"/lkml-$gsha-"*) ;; *) rm -f "$f" ;; esac
	done
	echo "generating $N messages into build/bench/$(basename "$MBOX") (once)"
	t0=$(now_ns)
	python3 "$GEN" -n "$N" "$MBOX.tmp"
	mv "$MBOX.tmp" "$MBOX"
	echo "  ($(( ($(now_ns) - t0) / 1000000000 )) s)"
fi
bytes=$(wc -c <"$MBOX")
echo "mail: $N messages, $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB" \
	"(build/bench/$(basename "$MBOX"), from tests/bench/gen-lkml.py)"

# ------------------------------------------------------------ measuring
# rss CMD...: CMD, its peak RSS (KB) appended to $T/rss by GNU time
if /usr/bin/time -f %M -o "$T/rss" true 2>/dev/null && [ -s "$T/rss" ]; then
	rss() { /usr/bin/time -a -f %M -o "$T/rss" "$@"; }
else
	rss() { "$@"; }
	echo "  skipped: peak RSS (GNU time not installed as /usr/bin/time)"
fi
failed=0
# The split rows write one file per message, into a tmpfs when there is
# room (MAIL_SPLIT_DIR above).
S=${MAIL_SPLIT_DIR:-}
if [ -z "$S" ]; then
	S=$T
	if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] &&
		[ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt $((bytes / 1024 * 3)) ] &&
		_s=$(mktemp -d /dev/shm/quill-bench-mail.XXXXXX 2>/dev/null); then
		S=$_s SHM=$_s
	fi
fi

# measure RUNS [--before CMD] -- CMD...: sets $ms (median wall time) and
# $rss (peak RSS in KB, "-" without GNU time)
measure() {
	_r=$1; shift
	_bf=:
	if [ "$1" = --before ]; then _bf=$2; shift 2; fi
	[ "$1" = -- ] && shift
	: >"$T/rss"
	ms=$(bench_median "$_r" --before "$_bf" -- rss "$@") || return 1
	rss=$(sort -n "$T/rss" | tail -n 1)
	[ -n "$rss" ] || rss=-
}

# the figures of each row, by key: ms_KEY, rss_KEY
keep() { eval "ms_$1=\$ms rss_$1=\$rss"; }
get() { eval "echo \${$1_$2:-}"; }

row() { # label ms rss [note]
	if [ "$3" = - ]; then _m='       '; _x='      '; else
		_m=$(awk -v k="$3" 'BEGIN { printf "%7.1f", k / 1024 }')
		_x=$(awk -v k="$3" -v b="$bytes" 'BEGIN { printf "%5.2f", k * 1024 / b }')
	fi
	_u=' MB' _v=x
	[ "$3" != - ] || _u='   ' _v=' '
	printf '  %-44s %10.1f ms %8sx %s%s %s%s%s\n' "$1" "$2" "$(ratio "$2" "$ms_cat")" \
		"$_m" "$_u" "$_x" "$_v" "${4:+  $4}" | sed 's/ *$//'
}
say() { printf '  %-44s %s\n' "$1" "$2"; }
fail() { say "$1" "FAILED: $2"; failed=1; }

[ "$S" = "$T" ] || echo "  the split rows write into $S (tmpfs)"
echo "  time: median of $RUNS runs ($SLOW for git mailsplit and mthread; the timer's own"
echo "  cost, timing \`true', is $(bench_median "$RUNS" -- true) ms); peak RSS: the largest of the runs"
printf '  %-44s %13s %9s %10s %6s\n' "" "wall time" "/cat" "peak RSS" "/file"

# cat: the read limit, from a warm page cache
cat "$MBOX" >/dev/null
measure "$RUNS" -- cat "$MBOX" || { echo "bench: cat failed" >&2; exit 1; }
keep cat
row "cat FILE >/dev/null (read limit)" "$ms" "$rss"

# b4's stack, once
L="python3 py-thread.py (mailbox + email)"
if ! command -v python3 >/dev/null 2>&1; then
	say "$L" "skipped: python3 not installed"
else
	whole=1
	if [ "$N" -gt "$PY_SAMPLE" ]; then
		off=$(grep -b -m $((PY_SAMPLE + 1)) '^From ' "$MBOX" | tail -n 1 | cut -d: -f1)
		head -c "$off" "$MBOX" >"$T/sample.mbox"
		if measure 1 -- python3 "$here/py-thread.py" "$T/sample.mbox"; then
			est=$(awk -v t="$ms" -v n="$N" -v s="$PY_SAMPLE" 'BEGIN { printf "%.1f", t * n / s }')
			if awk -v e="$est" -v l="$PY_LIMIT" 'BEGIN { exit !(e > l * 1000) }'; then
				whole=0
				ms=$est
				keep py
				_all=$bytes bytes=$off	# its RSS is the sample's
				row "$L" "$ms" "$rss" "one run on the first $PY_SAMPLE messages, time x$(ratio "$N" "$PY_SAMPLE")"
				bytes=$_all
			fi
		else
			whole=0
			fail "$L" "exit status non-zero"
		fi
		rm -f "$T/sample.mbox"
	fi
	if [ $whole = 1 ]; then
		if measure 1 -- sh -c 'exec python3 "$0" "$1" >"$2"' "$here/py-thread.py" \
				"$MBOX" "$T/py.out"; then
			keep py
			row "$L" "$ms" "$rss" "one run"
			echo "    (py-thread.py: $(cat "$T/py.out"))"
		else
			fail "$L" "exit status non-zero"
		fi
	fi
fi

# git mailsplit, into a maildir's cur/ that mthread reads next
L="git mailsplit --mboxrd -o DIR FILE"
MD=$S/md
if ! command -v git >/dev/null 2>&1; then
	say "$L" "skipped: git not installed"
elif rm -rf "$MD" && mkdir -p "$MD/cur" && git mailsplit --mboxrd -o"$MD/cur" "$MBOX" >/dev/null &&
	measure "$SLOW" --before "rm -rf '$MD' && mkdir -p '$MD/cur'" -- \
		git mailsplit --mboxrd -o"$MD/cur" "$MBOX"; then
	keep split
	row "$L" "$ms" "$rss"
else
	fail "$L" "exit status non-zero"
fi

L="mthread DIR (the files git mailsplit wrote)"
if ! command -v mthread >/dev/null 2>&1; then
	say "$L" "skipped: mthread not installed (Debian package mblaze)"
elif [ -z "$(get ms split)" ]; then
	say "$L" "skipped: needs git mailsplit's files"
elif mthread "$MD" >/dev/null && measure "$SLOW" -- mthread "$MD"; then
	keep mthread
	row "$L" "$ms" "$rss"
	ms=$(awk -v a="$ms_split" -v b="$ms_mthread" 'BEGIN { printf "%.2f", a + b }')
	row "  mbox to threads with mblaze (the two)" "$ms" -
else
	fail "$L" "exit status non-zero"
fi
rm -rf "$MD"

# quill: STUB-aware.  quill_row KEY LABEL [--before CMD] -- VERB ARGS...
quill_row() {
	_k=$1 _l=$2; shift 2
	_b=
	if [ "$1" = --before ]; then _b=$2; shift 2; fi
	shift	# --
	eval "$_b" >/dev/null 2>&1 || true
	_rc=0
	"$QUILL" mail "$@" >/dev/null 2>"$T/err" || _rc=$?
	if [ $_rc = 2 ] && { grep -qi 'not implemented' "$T/err" ||
		"$QUILL" mail "$1" --help 2>&1 | grep -qi 'not implemented'; }; then
		say "$_l" "not implemented yet"
		return 0
	fi
	if [ $_rc != 0 ]; then
		fail "$_l" "exit $_rc: $(head -n 1 "$T/err")"
		return 0
	fi
	measure "$RUNS" --before "${_b:-:}" -- "$QUILL" mail "$@" ||
		{ fail "$_l" "a rerun failed"; return 0; }
	keep "$_k"
	row "$_l" "$ms" "$rss"
}
quill_row qseries "quill mail series --json FILE >/dev/null" -- series --json "$MBOX"
quill_row qthread "quill mail thread --json FILE >/dev/null" -- thread --json "$MBOX"
quill_row qsplit "quill mail split -o DIR FILE" --before "rm -rf '$S/q' && mkdir '$S/q'" -- \
	split -o "$S/q" "$MBOX"
rm -rf "$S/q"

# ------------------------------------------------------------ targets
# verdict KIND VALUE LIMIT: "PASS (3.1x)" when VALUE >= LIMIT (KIND ge) or
# VALUE <= LIMIT (KIND le); "-" without both figures
verdict() {
	[ -n "$2" ] && [ -n "$3" ] && [ "$2" != - ] || { echo -; return; }
	awk -v k="$1" -v v="$2" -v l="$3" 'BEGIN {
		ok = (k == "ge") ? v >= l : v <= l
		printf "%s (%.2fx)", ok ? "PASS" : "MISS", v }'
}
faster() { # how many times faster quill (key $2) is than key $1
	_a=$(get ms "$1") _b=$(get ms "$2")
	[ -n "$_a" ] && [ -n "$_b" ] && ratio "$_a" "$_b"
}
echo
printf '  %-36s %-16s %-16s %s\n' "target" "series" "thread" "split"
t_row() { # label kind limit how(key)
	_line=$(printf '  %-36s' "$1")
	for q in qseries qthread qsplit; do
		case $4 in
		mem) _rk=$(get rss $q)
		     _v=$([ -n "$_rk" ] && [ "$_rk" != - ] && awk -v k="$_rk" -v b="$bytes" 'BEGIN { printf "%.2f", k * 1024 / b }' || true) ;;
		cat) _v=$([ -n "$(get ms $q)" ] && ratio "$(get ms $q)" "$ms_cat" || true) ;;
		*)   if [ $q = qsplit ] && [ "$4" != split ]; then _v=; else _v=$(faster "$4" $q || true); fi ;;
		esac
		if [ -z "$(get ms $q)" ]; then _s=-; else _s=$(verdict "$2" "$_v" "$3"); fi
		case $_s in PASS*|MISS*) bench_target "mail ${q#q}: $1 ${_s#* }" "${_s%% *}" ;; esac
		_line=$(printf '%s %-16s' "$_line" "$_s")
	done
	echo "$_line" | sed 's/ *$//'
}
t_row ">= 30x faster than the Python stack" ge 30 py
t_row ">= 2x faster than mthread" ge 2 mthread
t_row ">= 2x faster than git mailsplit" ge 2 split
t_row "within 3x of cat (time / cat's)" le 3 cat
t_row "peak RSS <= 1.5x the file size" le 1.5 mem
# series threads too, and finds the series and versions besides
if [ -n "$(get ms qseries)" ] && [ -n "$(get ms qthread)" ]; then
	_v=$(ratio "$(get ms qseries)" "$(get ms qthread)")
	_s=$(verdict le "$_v" 1.2)
	printf '  %-36s %s\n' "series <= thread + 20% (series/thread)" "$_s"
	bench_target "mail series: <= mail thread + 20% ${_s#* }" "${_s%% *}"
fi
echo "  (- : not implemented yet, or no figure to compare with.  Targets are"
echo "  reported, never enforced.)"

# the summary table (bench/lib.sh): the rows above (peak RSS: the largest of
# the runs; the Python stack's, when estimated, is its sample's)
py_l="python3 email (b4's stack)"
[ "${whole:-1}" = 1 ] || py_l="$py_l, est."
for q in qseries qthread; do
	[ -n "$(get ms $q)" ] || continue
	for p in cat py mthread; do
		[ -n "$(get ms $p)" ] || continue
		case $p in cat) _pl="cat" ;; py) _pl=$py_l ;; *) _pl="mblaze mthread (from files)" ;; esac
		bench_summary "mail ${q#q}, $N messages" "$(get ms $q)" "$(get rss $q)" \
			"$_pl" "$(get ms $p)" "$(get rss $p)"
	done
done
[ -z "$(get ms qsplit)" ] || [ -z "$(get ms split)" ] ||
	bench_summary "mail split, $N messages" "$ms_qsplit" "$rss_qsplit" \
		"git mailsplit" "$ms_split" "$rss_split"
exit $failed
