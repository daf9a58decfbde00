# lib-malformed.sh - for the malformed-input suite (t8000, t8010): the
# generator and one checked run.
#
# mf_run ALLOWED NAME CMD...: runs CMD (under timeout $MF_TIMEOUT) with its output
# in NAME.out and NAME.err; fails, saying why, when the exit code is not
# one of ALLOWED (e.g. "0 3"), when the run timed out or died of a signal,
# when a sanitizer, UBSan or GLib reported, or (with MF_NAMED set to a
# word) when a line of stderr does not contain that word (the file).
# Counts the runs in $TRASH/.mf-runs.

#
# Under ASan (QUILL_SANITIZED=1, which make check SANITIZE=1 exports, or a
# quill that links libasan) every run is several times slower, so the
# default count is 150 and the time limit 60 s; QUILL_MALFORMED_COUNT=1000 (make soak) is
# the full run.

GEN_BAD=$QUILL_BUILD_DIR/build/tests/tools/gen-bad
test -x "$GEN_BAD" || skip_all "no build/tests/tools/gen-bad (make unit)"
command -v timeout >/dev/null || skip_all "no timeout(1)"
if [ -z "${QUILL_SANITIZED:-}" ]; then
	QUILL_SANITIZED=0
	if grep -a -q -F __asan_init "$QUILL_BUILD_DIR/quill" "$QUILL_BUILD_DIR/build/quill" 2>/dev/null; then
		QUILL_SANITIZED=1
	fi
fi
if [ "$QUILL_SANITIZED" = 1 ]; then
	QUILL_MALFORMED_COUNT=${QUILL_MALFORMED_COUNT:-150}
	MF_TIMEOUT=60
else
	QUILL_MALFORMED_COUNT=${QUILL_MALFORMED_COUNT:-1000}
	MF_TIMEOUT=10
fi
QUILL_MALFORMED_SAMPLE=${QUILL_MALFORMED_SAMPLE:-3}

# mf_head FILE: its first 2000 bytes, the last line ended (the TAP stream
# takes what is printed here)
mf_head() {
	head -c 2000 "$1" | sed '$a\'
}

mf_run() {
	_allowed=$1 _name=$2
	shift 2
	echo x >>"$TRASH/.mf-runs"
	timeout "$MF_TIMEOUT" "$@" >"$_name.out" 2>"$_name.err"
	_rc=$?
	echo "$_rc" >"$_name.rc"
	if [ "$_rc" -ge 124 ]; then
		echo "$_name: $(mf_cmd "$@") exited $_rc (timeout or signal)"; mf_head "$_name.err"; return 1
	fi
	case " $_allowed " in
	*" $_rc "*) ;;
	*) echo "$_name: $(mf_cmd "$@") exited $_rc, not one of $_allowed"; mf_head "$_name.err"; return 1 ;;
	esac
	if grep -a -q -E "Sanitizer|runtime error|GLib-CRITICAL|GLib-WARNING|GLib-GObject|GMime-CRITICAL|\*\*: " "$_name.err"; then
		echo "$_name: $(mf_cmd "$@") reported:"; mf_head "$_name.err"; return 1
	fi
	if [ -n "${MF_NAMED:-}" ] && grep -a -v -F -e "$MF_NAMED" "$_name.err" | grep -a -q .; then
		echo "$_name: $(mf_cmd "$@"): stderr lines not naming $MF_NAMED:"
		grep -a -v -F -e "$MF_NAMED" "$_name.err" | head -5 | cut -c1-300; return 1
	fi
	return 0
}

# mf_cmd CMD...: the command line for a message, cut to 200 bytes
mf_cmd() {
	echo "$*" | cut -c1-200
}

# mf_sample DIR: the first $QUILL_MALFORMED_SAMPLE files of DIR
mf_sample() {
	ls "$1" | head -n "$QUILL_MALFORMED_SAMPLE" | sed "s|^|$1/|"
}

# of the inputs, 7 in 10 are mails (t8000), the rest files (t8010)
MF_MAIL_COUNT=$((QUILL_MALFORMED_COUNT * 7 / 10))
MF_FILE_COUNT=$((QUILL_MALFORMED_COUNT - MF_MAIL_COUNT))
