#!/bin/sh
# The front starts the full binary for a command that reads a whole archive
# (mail thread, mail series, review scan) with glibc's malloc tuned
# (GLIBC_TUNABLES: heaps grown 64 MiB at a time, huge pages asked for), the
# user's own tunables after ours; any other command gets the environment as
# it was; and the full binary puts GLIBC_TUNABLES back as the user had it
# before it runs anything (here: the editor of series edit-cover).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

FRONT=$QUILL_BUILD_DIR/quill
TUNED='glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864'

printf 'From a@example.org Mon Dec  1 10:00:00 2025\nMessage-ID: <m1@example.org>\nSubject: one\n\nbody\n' >one.mbox

# started_env ENV-ARGS...: the environment the process the front becomes
# starts with (its /proc environ, which setenv in the process does not
# change), of `env ENV-ARGS... FIFO`, a quill command reading a FIFO that
# is written only once that was read: into env.out, the variables joined
# by ":" (glibc may cut GLIBC_TUNABLES at each ":" in place as it reads
# it), with a ":" before the first
started_env() {
	rm -f in.fifo env.out && mkfifo in.fifo &&
	env "$@" in.fifo >run.out 2>run.err &
	_pid=$!
	_i=0
	# until the front has become the full binary
	while [ "$(readlink /proc/$_pid/exe 2>/dev/null)" != "$(readlink -f "$QUILL_BUILD_DIR/build/quill")" ]; do
		_i=$((_i + 1))
		[ $_i -lt 200 ] || { kill $_pid; return 1; }
		sleep 0.05
	done
	{ printf ":"; tr '\0' ':' </proc/$_pid/environ; echo; } >env.out
	cat one.mbox >in.fifo
	wait $_pid
}

test_expect_success 'mail thread starts tuned, no tunables of the user' '
	started_env -u GLIBC_TUNABLES "$FRONT" mail thread --json &&
	grep -q ":GLIBC_TUNABLES=$TUNED:" env.out &&
	! grep -q "malloc.check" env.out &&
	grep -q ":QUILL_MALLOC_TUNED=-:" env.out &&
	grep -q "m1@example.org" run.out
'

test_expect_success 'the user'"'"'s tunables come after ours (so they win)' '
	started_env GLIBC_TUNABLES=glibc.malloc.check=0 "$FRONT" mail series --json &&
	grep -q ":GLIBC_TUNABLES=$TUNED:glibc.malloc.check=0:" env.out &&
	grep -q ":QUILL_MALLOC_TUNED==glibc.malloc.check=0:" env.out
'

test_expect_success 'review scan starts tuned too' '
	started_env -u GLIBC_TUNABLES "$FRONT" review scan --json &&
	grep -q ":GLIBC_TUNABLES=$TUNED:" env.out
'

test_expect_success 'a command that reads no archive is not tuned' '
	started_env -u GLIBC_TUNABLES "$FRONT" review report -o report --mbox &&
	grep -q ":HOME=" env.out &&
	! grep "GLIBC_TUNABLES\|QUILL_MALLOC_TUNED" env.out
'

test_expect_success 'what the full binary runs gets the user'"'"'s GLIBC_TUNABLES back' '
	test_repo r && cd r &&
	quill series new frob >/dev/null &&
	add_patches 1 frob &&
	cat >"$TRASH/editor.sh" <<-\EOF &&
	#!/bin/sh
	env | grep "GLIBC_TUNABLES\|QUILL_MALLOC_TUNED" >"$TRASH/editor.env"
	printf "subject\n\nbody\n" >"$1"
	EOF
	chmod +x "$TRASH/editor.sh" &&
	GIT_EDITOR="$TRASH/editor.sh" QUILL_MALLOC_TUNED==glibc.malloc.check=0 \
		GLIBC_TUNABLES=$TUNED:glibc.malloc.check=0 \
		"$QUILL_BUILD_DIR/build/quill" series edit-cover >/dev/null &&
	echo GLIBC_TUNABLES=glibc.malloc.check=0 >expect &&
	test_cmp expect "$TRASH/editor.env" &&
	GIT_EDITOR="$TRASH/editor.sh" QUILL_MALLOC_TUNED=- GLIBC_TUNABLES=$TUNED \
		"$QUILL_BUILD_DIR/build/quill" series edit-cover >/dev/null &&
	test ! -s "$TRASH/editor.env"
'

test_done
