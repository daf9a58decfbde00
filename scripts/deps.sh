#!/bin/sh
# deps.sh - make sure what quill's build (or its tests) needs is installed.
#
#   scripts/deps.sh build    libraries and tools to compile quill
#   scripts/deps.sh test     tools the test suite runs (git, prove, b4, ...)
#   scripts/deps.sh fuzz     clang and its libFuzzer runtime, for make fuzz
#   scripts/deps.sh bench    tools `make bench` compares quill with
#   scripts/deps.sh list [build|test|fuzz|bench]   print the Debian package names
#                            (no argument: build and test)
#
# When something is missing: as root, apt-get installs it (Debian 12);
# otherwise one line names the packages to install, and the exit is 1.
# For bench they are optional (a bench row whose tool is missing says
# "skipped"), so there the exit is 0 either way.
set -eu

BUILD_PKGS="gcc make pkg-config libglib2.0-dev libgit2-dev libcurl4-openssl-dev libnotmuch-dev libgmime-3.0-dev libjansson-dev libelf-dev zlib1g-dev"
# public-inbox and curl: tests/testbed/lore-server.sh (a local lore);
# notmuch: t5110 builds a real database with `notmuch new`;
# linux-source-6.1: the kernel's scripts/checkpatch.pl and bloat-o-meter, the
# references t3170 and t4500 compare quill with; hyperfine: t4010 reads its
# real --export-json output; python3-aiosmtpd and openssl:
# tests/testbed/smtp-sink.sh (a local SMTP server, with TLS); bash-completion
# and zsh: t0050 loads the installed completion through bash-completion's
# loader, t0055 completes in a real zsh; tidy and chromium: t4600 checks
# series report's page with tidy and renders it headless (DOM, screenshot,
# requests made).  All optional:
# the tests that need them skip without them, so missing_test does not ask
# for them.
TEST_PKGS="git perl b4 python3 public-inbox notmuch curl linux-source-6.1 hyperfine python3-aiosmtpd openssl bash-completion zsh tidy chromium"
# make fuzz: clang (14 on Debian 12) and its libFuzzer, ASan and UBSan
# runtimes, which clang-14 only recommends
FUZZ_PKGS="clang libclang-rt-14-dev"
# mblaze: mthread; time: GNU time, for peak RSS (bench/mail.sh);
# linux-source-6.1: checkpatch.pl for bench/trailer.sh (scripts/checkpatch.sh);
# git-email and libmailtools-perl (its Mail::Address, only recommended):
# git send-email, and python3-aiosmtpd: the server, for bench/send.sh
BENCH_PKGS="mblaze time linux-source-6.1 git-email libmailtools-perl python3-aiosmtpd"
PCS="glib-2.0 gmodule-2.0 libgit2 libcurl gmime-3.0 jansson libelf zlib"

missing_build() {
	command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || return 0
	command -v make >/dev/null 2>&1 || return 0
	command -v pkg-config >/dev/null 2>&1 || return 0
	pkg-config --exists $PCS 2>/dev/null || return 0
	[ -e /usr/include/notmuch.h ] || return 0
	return 1
}

missing_test() {
	for c in git prove b4 python3; do
		command -v "$c" >/dev/null 2>&1 || return 0
	done
	return 1
}

# missing unless clang links a libFuzzer program with the sanitizers
missing_fuzz() {
	printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' |
		"${FUZZ_CC:-clang}" -x c -fsanitize=fuzzer,address,undefined -o /dev/null - >/dev/null 2>&1 || return 0
	return 1
}

missing_bench() {
	command -v mthread >/dev/null 2>&1 || return 0
	/usr/bin/time --version 2>&1 | grep -q 'GNU' || return 0
	[ -f /usr/src/linux-source-6.1.tar.xz ] || return 0
	return 1
}

install() { # install PKGS...
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "deps.sh: installing: $*" >&2
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq >/dev/null || true
		apt-get install -y -qq --no-install-recommends "$@" >/dev/null
	else
		echo "deps.sh: missing packages; please install: $*" >&2
		echo "deps.sh: (e.g. sudo apt-get install -y $*)" >&2
		exit 1
	fi
}

case "${1:-}" in
build) if missing_build; then install $BUILD_PKGS; fi ;;
test) if missing_test; then install $TEST_PKGS; fi ;;
fuzz) if missing_fuzz; then install $FUZZ_PKGS; fi ;;
bench) if missing_bench; then (install $BENCH_PKGS) || echo "deps.sh: the bench skips what is missing" >&2; fi ;;
list)
	case "${2:-all}" in
	build) echo $BUILD_PKGS ;; test) echo $TEST_PKGS ;; fuzz) echo $FUZZ_PKGS ;;
	bench) echo $BENCH_PKGS ;;
	*) echo $BUILD_PKGS $TEST_PKGS ;;
	esac ;;
*) echo "usage: scripts/deps.sh build|test|fuzz|bench|list" >&2; exit 2 ;;
esac
