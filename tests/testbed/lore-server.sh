#!/bin/bash
# lore-server.sh - serve an mbox over HTTP like lore.kernel.org, on 127.0.0.1 only.
#
# Builds a temporary public-inbox v2 inbox from an mbox file, indexes it
# (SQLite overview + Xapian search), builds an external index named "all"
# and starts public-inbox-httpd on a free port of 127.0.0.1.
#
#   lore-server.sh start MBOX DIR [--name LIST] [--address ADDR] [--port N]
#                                 [--timeout SECS]
#       prints the base URL (e.g. http://127.0.0.1:41234/) on stdout.
#       Served: BASE/all/...  (every inbox, like lore's /all/)
#               BASE/LIST/... (the inbox itself; LIST defaults to test-list)
#   lore-server.sh add MBOX DIR [--name LIST] [--address ADDR]
#       import more messages (into LIST, created if new; default: the
#       first inbox); a running server sees them at once
#   lore-server.sh stop DIR      stop the server (DIR and its data are kept)
#   lore-server.sh status DIR    exit 0 and print the URL if running
#
# MBOX: mboxrd (what public-inbox and lore serve); "git format-patch --stdout"
# output works too: only "From " lines that carry a time (hh:mm:ss) start a
# message, and ">From " / ">>From " are unescaped the mboxrd way.
# DIR is created if missing and must not already hold an inbox.  Files in DIR:
#   url, port, httpd.pid, httpd.log, timings, config (PI_CONFIG),
#   inboxes/LIST, all/ (the external index), *.log
#
# Needs (Debian 12): public-inbox git curl perl   (libpublicinbox-perl pulls
# in Xapian, SQLite, Plack).  Nothing but 127.0.0.1 is ever bound or contacted.
#
# quill's tests run this copy (tests/testbed/, beside them) so that the test
# suite needs nothing outside the tree; a test that uses it skips when
# public-inbox-httpd is missing.  A test stops the server in the same test
# body that started it, so a failure never leaves one behind.
set -euo pipefail

PROG=lore-server.sh

die() { echo "$PROG: $*" >&2; exit 1; }

usage() {
	sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

need() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 ||
			die "'$c' not found; apt-get install -y public-inbox git curl"
	done
}

abspath() { # abspath PATH (PATH's parent must exist)
	local d b
	d=$(dirname -- "$1"); b=$(basename -- "$1")
	d=$(cd -- "$d" && pwd -P) || return 1
	printf '%s/%s\n' "$d" "$b"
}

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# mbox on stdin -> git fast-import stream on stdout, in the layout of
# public-inbox-v2-format(5): every commit holds one blob named "m", the raw
# message.  Writes the number of messages to the file named by ARGV[0];
# ARGV[1] is the commit to continue from (empty for a new inbox).
# public-inbox-index skips mail without Message-ID ("git format-patch"
# without --thread makes such), so one is made up from the content.
MBOX2FI='
use strict; use warnings;
use Digest::SHA qw(sha1_hex);
binmode STDIN; binmode STDOUT;
my ($countfile, $parent) = @ARGV;
my ($n, $t0, $buf) = (0, time, undef);
sub out {
	my ($m) = @_;
	return unless defined $m && $m =~ /\S/;
	$m =~ s/\r?\n\z//; # the blank line before the next "From " belongs to the mbox
	my ($hdr) = split(/\r?\n\r?\n/, $m, 2);
	if ($hdr !~ /^Message-ID:[ \t]*<?[^\s>]/mi) {
		my $mid = sha1_hex($m) . "\@lore-server.invalid";
		print STDERR "no Message-ID, using <$mid>\n";
		$m = "Message-ID: <$mid>\n" . $m;
	}
	$n++;
	my ($s) = ($m =~ /^Subject:[ \t]*([^\r\n]*)/mi);
	$s = "message $n" unless defined $s && length $s;
	$s .= "\n";
	print "commit refs/heads/master\n",
		"committer lore-server <lore-server\@localhost> ", $t0, " +0000\n",
		"data ", length($s), "\n", $s,
		($n == 1 && $parent ? "from $parent\n" : ""),
		"M 100644 inline m\n", "data ", length($m), "\n", $m, "\n";
}
while (defined(my $l = <STDIN>)) {
	if ($l =~ /^From \S+ .*[0-9][0-9]:[0-9][0-9]:[0-9][0-9]/) {
		out($buf); $buf = ""; next;
	}
	next unless defined $buf; # junk before the first "From " line
	$l =~ s/^>(>*From )/$1/;
	$buf .= $l;
}
out($buf);
open(my $fh, ">", $countfile) or die "open $countfile: $!\n";
print $fh "$n\n";
close $fh or die "close $countfile: $!\n";
'

# Binds HOST:PORT (0 = any free port) itself, writes the port and its own
# pid (= the daemon pid after exec), then execs the daemon with the socket
# passed the systemd way (LISTEN_FDS/LISTEN_PID): no port race.
LAUNCH='
use strict; use warnings;
use Socket; use POSIX (); use Fcntl;
my ($host, $port, $portfile, $pidfile, @cmd) = @ARGV;
$^F = 10; # keep the listen socket open across exec
POSIX::setsid(); # own process group: "stop" kills the daemon and its helpers
socket(my $s, PF_INET, SOCK_STREAM, 0) or die "socket: $!\n";
setsockopt($s, SOL_SOCKET, SO_REUSEADDR, pack("l", 1)) or die "setsockopt: $!\n";
bind($s, pack_sockaddr_in($port, inet_aton($host))) or die "bind $host:$port: $!\n";
listen($s, 128) or die "listen: $!\n";
my ($p) = unpack_sockaddr_in(getsockname($s));
if (fileno($s) != 3) {
	POSIX::dup2(fileno($s), 3) or die "dup2: $!\n";
	close $s;
}
open(my $fd3, "+<&=", 3) or die "fdopen 3: $!\n";
fcntl($fd3, F_SETFD, 0) or die "fcntl: $!\n";
my $fl = fcntl($fd3, F_GETFL, 0) or die "fcntl: $!\n";
fcntl($fd3, F_SETFL, $fl | O_NONBLOCK) or die "fcntl: $!\n";
$ENV{LISTEN_FDS} = 1;
$ENV{LISTEN_PID} = $$;
for ([$pidfile, $$], [$portfile, $p]) {
	open(my $fh, ">", "$_->[0].tmp") or die "open $_->[0]: $!\n";
	print $fh "$_->[1]\n"; close $fh or die "close: $!\n";
	rename("$_->[0].tmp", $_->[0]) or die "rename: $!\n";
}
exec(@cmd) or die "exec $cmd[0]: $!\n";
'

pi_env() { # pi_env DIR
	export PI_CONFIG="$1/config"
	# keep public-inbox away from the caller's ~/.public-inbox, ~/.cache,
	# ~/.gitconfig, /etc/gitconfig and git variables (from a hook, a test)
	export HOME="$1/home" GIT_CONFIG_NOSYSTEM=1
	unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY \
		GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_CONFIG GIT_CONFIG_PARAMETERS \
		GIT_CONFIG_COUNT GIT_CONFIG_GLOBAL GIT_CONFIG_SYSTEM
	mkdir -p "$HOME"
}

valid_name() {
	[[ $1 =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || die "bad list name: $1"
	[ "$1" != all ] || die "'all' is reserved for the external index"
}

create_inbox() { # create_inbox DIR NAME ADDRESS
	local dir=$1 name=$2 address=$3
	mkdir -p "$dir/inboxes"
	# Filter::Mirror: accept everything (the default filter rejects HTML)
	public-inbox-init -V2 -c filter=PublicInbox::Filter::Mirror \
		"$name" "$dir/inboxes/$name" "$name" "$address" \
		>>"$dir/init.log" 2>&1 || die "public-inbox-init failed, see $dir/init.log"
}

import_mbox() { # import_mbox DIR MBOX INBOXDIR -> prints number of messages
	local dir=$1 mbox=$2 inbox=$3 parent
	# continue the existing history when adding to an inbox
	parent=$(git --git-dir="$inbox/git/0.git" rev-parse -q --verify refs/heads/master) || parent=''
	perl -e "$MBOX2FI" "$dir/import.count" "$parent" <"$mbox" 2>>"$dir/import.log" |
		git --git-dir="$inbox/git/0.git" fast-import --quiet >>"$dir/import.log" 2>&1 ||
		die "import of $mbox failed, see $dir/import.log"
	cat "$dir/import.count"
}

index_all() { # index_all DIR INBOXDIR
	public-inbox-index --no-fsync "$2" >>"$1/index.log" 2>&1 ||
		die "public-inbox-index failed, see $1/index.log"
	public-inbox-extindex --no-fsync --all "$1/all" >>"$1/index.log" 2>&1 ||
		die "public-inbox-extindex failed, see $1/index.log"
}

alive() { # alive PID: the process exists and is not a zombie
	# (kill -0 succeeds on zombies; an orphaned server is reaped by
	# pid 1, which may take a while in some containers)
	local st
	st=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
	[ -n "$st" ] && [ "$st" != Z ]
}

running_pid() { # running_pid DIR -> pid of our httpd, or fails
	local pid
	[ -r "$1/httpd.pid" ] || return 1
	pid=$(cat "$1/httpd.pid" 2>/dev/null) || return 1
	[[ $pid =~ ^[0-9]+$ ]] || return 1
	alive "$pid" || return 1
	# guard against a recycled pid
	# (no "tr | grep -q" here: with pipefail, grep quitting early
	# makes tr die of SIGPIPE and the test fail at random)
	local cmd
	cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
	[[ $cmd == *public-inbox-httpd* ]] || return 1
	printf '%s\n' "$pid"
}

kill_server() { # kill_server PID: TERM the process group, then KILL
	# (the daemon is a session leader: pid = process group id)
	local pid=$1 i
	kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || return 0
	for i in $(seq 1 200); do
		alive "$pid" || break
		sleep 0.05
	done
	if alive "$pid"; then
		kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || :
	fi
	# helpers (git cat-file) left in the group
	kill -KILL -- "-$pid" 2>/dev/null || :
	return 0
}

cmd_start() {
	[ $# -ge 2 ] || usage
	local mbox=$1 dir=$2 name=test-list address='' port=0 timeout=60
	shift 2
	while [ $# -gt 0 ]; do
		case $1 in
		--name) name=${2:?}; shift 2 ;;
		--address) address=${2:?}; shift 2 ;;
		--port) port=${2:?}; shift 2 ;;
		--timeout) timeout=${2:?}; shift 2 ;;
		*) usage ;;
		esac
	done
	valid_name "$name"
	[[ $port =~ ^[0-9]+$ ]] || die "bad port: $port"
	[ -n "$address" ] || address="$name@example.org"
	[ -f "$mbox" ] || die "no such mbox: $mbox"
	need public-inbox-init public-inbox-index public-inbox-extindex \
		public-inbox-httpd git perl curl

	mkdir -p -- "$dir"
	dir=$(abspath "$dir")
	mbox=$(abspath "$mbox")
	[ ! -e "$dir/config" ] || die "$dir already holds an inbox (stop it, rm -rf it, or use a new DIR)"
	pi_env "$dir"

	local t0 t1 n
	t0=$(now)
	create_inbox "$dir" "$name" "$address"
	git config -f "$PI_CONFIG" publicinbox.wwwlisting all
	git config -f "$PI_CONFIG" extindex.all.topdir "$dir/all"
	git config -f "$PI_CONFIG" extindex.all.url all
	n=$(import_mbox "$dir" "$mbox" "$dir/inboxes/$name")
	index_all "$dir" "$dir/inboxes/$name"
	t1=$(now)

	# if anything below fails, do not leave a server behind
	START_PID='' START_DIR=$dir
	trap 'if [ -n "$START_PID" ]; then kill_server "$START_PID"; rm -f "$START_DIR/httpd.pid"; fi' EXIT
	rm -f "$dir/port" "$dir/httpd.pid" "$dir/url"
	# the launcher execs the daemon, so $! is the daemon's pid
	perl -e "$LAUNCH" 127.0.0.1 "$port" "$dir/port" "$dir/httpd.pid" \
		public-inbox-httpd -W0 </dev/null >"$dir/httpd.log" 2>&1 &
	START_PID=$!
	local url='' deadline
	deadline=$(( $(date +%s) + timeout ))
	while :; do
		alive "$START_PID" || die "server did not start, see $dir/httpd.log"
		if [ -z "$url" ] && [ -s "$dir/port" ]; then
			url="http://127.0.0.1:$(cat "$dir/port")/"
		fi
		# the listing at / (publicinbox.wwwlisting=all) answers 200 even
		# when the inbox is empty; an empty inbox and all/ answer 404
		if [ -n "$url" ] &&
		   curl -fsS -o /dev/null --max-time 5 "$url" 2>/dev/null; then
			break
		fi
		[ "$(date +%s)" -lt "$deadline" ] ||
			die "server not ready after ${timeout}s, see $dir/httpd.log"
		sleep 0.05
	done
	printf '%s\n' "$url" >"$dir/url"
	{
		echo "messages=$n"
		echo "import_index_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')"
		echo "httpd_ready_s=$(since "$t1")"
	} >"$dir/timings"
	trap - EXIT
	printf '%s\n' "$url"
}

cmd_add() {
	[ $# -ge 2 ] || usage
	local mbox=$1 dir=$2 name='' address='' inbox pid
	shift 2
	while [ $# -gt 0 ]; do
		case $1 in
		--name) name=${2:?}; shift 2 ;;
		--address) address=${2:?}; shift 2 ;;
		*) usage ;;
		esac
	done
	[ -f "$mbox" ] || die "no such mbox: $mbox"
	[ -f "$dir/config" ] || die "$dir holds no inbox (use start first)"
	dir=$(abspath "$dir")
	pi_env "$dir"
	if [ -z "$name" ]; then
		name=$(git config -f "$PI_CONFIG" --name-only --get-regexp '^publicinbox\..*\.inboxdir$' |
			sed -n '1{s/^publicinbox\.//; s/\.inboxdir$//; p}')
	fi
	valid_name "$name"
	local new=''
	if ! inbox=$(git config -f "$PI_CONFIG" "publicinbox.$name.inboxdir"); then
		create_inbox "$dir" "$name" "${address:-$name@example.org}"
		inbox="$dir/inboxes/$name"
		new=1
	fi
	import_mbox "$dir" "$mbox" "$inbox" >/dev/null
	index_all "$dir" "$inbox"
	if [ -n "$new" ] && pid=$(running_pid "$dir"); then
		# a new inbox: make the running daemon re-read its config,
		# and wait until it serves the inbox
		kill -HUP "$pid"
		local i url
		url=$(cat "$dir/url")
		for i in $(seq 1 200); do
			# (the help page is there even for an empty inbox)
			curl -fsS -o /dev/null --max-time 5 "$url$name/_/text/help/" 2>/dev/null && return 0
			sleep 0.05
		done
		die "the server does not serve $url$name/ after SIGHUP"
	fi
}

cmd_stop() {
	[ $# -eq 1 ] || usage
	local dir=$1 pid
	if pid=$(running_pid "$dir"); then
		kill_server "$pid"
	fi
	rm -f "$dir/httpd.pid"
}

cmd_status() {
	[ $# -eq 1 ] || usage
	running_pid "$1" >/dev/null || { echo "not running" >&2; return 1; }
	cat "$1/url"
}

[ $# -ge 1 ] || usage
sub=$1; shift
case $sub in
start) cmd_start "$@" ;;
add) cmd_add "$@" ;;
stop) cmd_stop "$@" ;;
status) cmd_status "$@" ;;
*) usage ;;
esac
