# lib-malformed.sh - for the malformed-input suite (t8000, t8010): the
# generator and one checked run.
#
# mf_run ALLOWED NAME CMD...: runs CMD (under timeout 10) with its output
# in NAME.out and NAME.err; fails, saying why, when the exit code is not
# one of ALLOWED (e.g. "0 3"), when the run timed out or died of a signal,
# when a sanitizer, UBSan or GLib reported, or (with MF_NAMED set to a
# word) when a line of stderr does not contain that word (the file).
# Counts the runs in $TRASH/.mf-runs.

QUILL_MALFORMED_COUNT=${QUILL_MALFORMED_COUNT:-1000}
QUILL_MALFORMED_SAMPLE=${QUILL_MALFORMED_SAMPLE:-3}
GEN_BAD=$QUILL_BUILD_DIR/build/tests/tools/gen-bad
test -x "$GEN_BAD" || skip_all "no build/tests/tools/gen-bad (make unit)"
command -v timeout >/dev/null || skip_all "no timeout(1)"

mf_run() {
	_allowed=$1 _name=$2
	shift 2
	echo x >>"$TRASH/.mf-runs"
	timeout 10 "$@" >"$_name.out" 2>"$_name.err"
	_rc=$?
	echo "$_rc" >"$_name.rc"
	if [ "$_rc" -ge 124 ]; then
		echo "$_name: $* exited $_rc (timeout or signal)"; head -c 2000 "$_name.err"; return 1
	fi
	case " $_allowed " in
	*" $_rc "*) ;;
	*) echo "$_name: $* exited $_rc, not one of $_allowed"; head -c 2000 "$_name.err"; return 1 ;;
	esac
	if grep -a -q -E "Sanitizer|runtime error|GLib-CRITICAL|GLib-WARNING|GLib-GObject|GMime-CRITICAL|\*\*: " "$_name.err"; then
		echo "$_name: $* reported:"; head -c 2000 "$_name.err"; return 1
	fi
	if [ -n "${MF_NAMED:-}" ] && grep -a -v -F -e "$MF_NAMED" "$_name.err" | grep -a -q .; then
		echo "$_name: $*: stderr lines not naming $MF_NAMED:"
		grep -a -v -F -e "$MF_NAMED" "$_name.err" | head -5 | cut -c1-300; return 1
	fi
	return 0
}

# mf_sample DIR: the first $QUILL_MALFORMED_SAMPLE files of DIR
mf_sample() {
	ls "$1" | head -n "$QUILL_MALFORMED_SAMPLE" | sed "s|^|$1/|"
}

# of the inputs, 7 in 10 are mails (t8000), the rest files (t8010)
MF_MAIL_COUNT=$((QUILL_MALFORMED_COUNT * 7 / 10))
MF_FILE_COUNT=$((QUILL_MALFORMED_COUNT - MF_MAIL_COUNT))
