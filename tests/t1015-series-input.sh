#!/bin/sh
# series new and series edit check what goes into mail headers: every
# --to/--cc one mailbox, no control character in --prefix, --list,
# --prerequisite or a cover's subject (exit 2, naming the option and the
# value, escaped); series show escapes what it prints from the state.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH

state() { git rev-parse refs/quill/series/$1; }

# no_controls FILE: FILE holds no control character but newlines and tabs
no_controls() {
	! tr -d "\n\t" <"$1" | LC_ALL=C grep -q "[[:cntrl:]]"
}

# set_conf_line KEY VALUE: series frob's series.conf with KEY=VALUE (any
# bytes) written straight into its state, as an older quill could have
set_conf_line() {
	git cat-file blob "$(state frob):series.conf" | grep -v "^$1=" >conf &&
	printf "%s=%s\n" "$1" "$2" >>conf &&
	blob=$(git hash-object -w conf) &&
	GIT_INDEX_FILE=$TRASH/state-index git read-tree "$(state frob)" &&
	GIT_INDEX_FILE=$TRASH/state-index git update-index --cacheinfo 100644,$blob,series.conf &&
	tree=$(GIT_INDEX_FILE=$TRASH/state-index git write-tree) &&
	c=$(git commit-tree "$tree" -p "$(state frob)" -m "hand-made") &&
	git update-ref refs/quill/series/frob "$c"
}

cat >expect-crlf <<\EOT
quill: --to: 'Evil <e@x.org>\r\nBcc: victim@x.org' is not one address: it holds a control character
EOT

test_expect_success 'setup' '
	test_repo r && cd r &&
	quill series new --to one@example.org frob >/dev/null &&
	add_patches 2 frob
'

test_expect_success 'edit --to with CR LF and a Bcc: exit 2, the value escaped, nothing written' '
	cd r &&
	old=$(state frob) &&
	test_expect_code 2 quill series edit --to "$(printf "Evil <e@x.org>\r\nBcc: victim@x.org")" 2>err &&
	test_cmp ../expect-crlf err &&
	test "$(state frob)" = "$old" &&
	quill series format --cover >mbox &&
	! grep -qi "victim" mbox &&
	sed -n "/^To:/p" mbox | sort -u >to &&
	echo "To: one@example.org" >want &&
	test_cmp want to
'

test_expect_success 'an address that is no single mailbox: exit 2, named' '
	cd r &&
	old=$(state frob) &&
	quill_fails 2 "^quill: --to: .X-Evil: 1><\\\\. is not one address: " series edit --to "X-Evil: 1><\\" &&
	quill_fails 2 "^quill: --cc: .a@example.org, b@example.org. is not one address: it is a list" \
		series edit --cc "a@example.org, b@example.org" &&
	quill_fails 2 "^quill: --to: .undisclosed-recipients:;. is not one address" \
		series edit --to "undisclosed-recipients:;" &&
	quill_fails 2 "^quill: --to: .Grp: a@example.org;. is not one address: it is a group" \
		series edit --to "Grp: a@example.org;" &&
	quill_fails 2 "^quill: --cc: .Ann a@example.org. is not one address" \
		series edit --cc "Ann a@example.org" &&
	quill_fails 2 "^quill: --to: .Ann, B <a@example.org>. is not one address" \
		series edit --to "Ann, B <a@example.org>" &&
	quill_fails 2 "^quill: --to: .a@example.org # stable. is not one address" \
		series edit --to "a@example.org # stable" &&
	quill_fails 2 "^quill: --to: .nobody. is not one address: it holds no address" \
		series edit --to nobody &&
	quill_fails 2 "^quill: --cc: .A <a@example.org. is not one address" \
		series edit --cc "A <a@example.org" &&
	quill_fails 2 "^quill: --to: .A <a@example.org>\\\\033\[31m. is not one address: it holds a control" \
		series edit --to "$(printf "A <a@example.org>\033[31m")" &&
	test "$(state frob)" = "$old"
'

test_expect_success 'one mailbox in any of its forms is taken' '
	cd r &&
	quill series edit --to "a@example.org" --to "Ann Vale <ann@example.org>" \
		--to "\"Vale, Ann\" <vale@example.org>" --to "<bare@example.org>" \
		--to "Ada B. Author <ada@example.org>" --cc "cc@example.org (Carl)" \
		--cc "\"a@b\" <ab@example.org>" --cc "lit@[192.0.2.1]" >/dev/null &&
	LC_ALL=C.UTF-8 quill series edit --cc "Zoë Ærø <zoe@example.org>" --to "" >/dev/null &&
	quill series show --json >j &&
	test "$(jget j "d[\"cc\"]")" = "[\"Zoë Ærø <zoe@example.org>\"]" &&
	test "$(jget j "d[\"to\"]")" = "[]"
'

test_expect_success '--prefix, --list, --prerequisite with a control character: exit 2' '
	cd r &&
	old=$(state frob) &&
	quill_fails 2 "^quill: --prefix: .RFC\\\\nX-Evil: 1. holds a control character\$" \
		series edit --prefix "$(printf "RFC\nX-Evil: 1")" &&
	quill_fails 2 "^quill: --list: .net\\\\rdev. holds a control character\$" \
		series edit --list "$(printf "net\rdev")" &&
	quill_fails 2 "^quill: --prerequisite: .x\\\\tv1. holds a control character\$" \
		series edit --prerequisite "$(printf "x\tv1")" &&
	quill_fails 2 "^quill: --prefix: .a\\\\302\\\\205b. holds a control character\$" \
		series edit --prefix "$(printf "a\302\205b")" &&
	test "$(state frob)" = "$old"
'

test_expect_success 'series new checks the same, before anything is written' '
	cd r &&
	git for-each-ref >before &&
	quill_fails 2 "^quill: --to: .* is not one address: it holds a control character" \
		series new --to "$(printf "A <a@example.org>\nBcc: v@example.org")" evil &&
	quill_fails 2 "^quill: --cc: .X-Evil: 1><\\\\. is not one address" \
		series new --cc "X-Evil: 1><\\" evil &&
	quill_fails 2 "^quill: --prefix: .RFC\\\\n\\.. holds a control character" \
		series new --prefix "$(printf "RFC\n.")" evil &&
	quill_fails 2 "^quill: --list: " series new --list "$(printf "a\033b")" evil &&
	git for-each-ref >after &&
	test_cmp before after &&
	test "$(git symbolic-ref --short HEAD)" = frob
'

test_expect_success 'edit-cover: a subject with a control character is refused' '
	cd r &&
	old=$(state frob) &&
	quill_fails 2 "^quill: -m: the subject: .frob\\\\033\[1m. holds a control character" \
		series edit-cover -m "$(printf "frob\033[1m\n\nbody\n")" &&
	printf "frob\001\n\nbody\n" >cover.txt &&
	quill_fails 2 "^quill: cover.txt: the subject: .frob\\\\001. holds a control" \
		series edit-cover -F cover.txt &&
	test "$(state frob)" = "$old" &&
	printf "frob: a subject\r\n\r\nbody\r\n" >crlf.txt &&
	quill series edit-cover -F crlf.txt >/dev/null
'

test_expect_success 'series show escapes control characters from the state' '
	cd r &&
	set_conf_line to "$(printf "Evil <e@x.org>\\\\r\\\\nBcc: victim@x.org;ok@example.org")" &&
	set_conf_line prefixes "$(printf "RFC\033[2J;")" &&
	set_conf_line list "$(printf "net\001dev")" &&
	quill series edit-cover -m "$(printf "frob: subject\n\nbody \033[31mred\tand a tab\n")" >/dev/null &&
	quill series show >out &&
	no_controls out &&
	grep -qF "to      Evil <e@x.org>\\r\\nBcc: victim@x.org, ok@example.org" out &&
	grep -qF "subject [PATCH RFC\\033[2J]" out &&
	grep -qF "list    net\\001dev" out &&
	quill series show -v 1 >out &&
	no_controls out &&
	grep -qF "body \\033[31mred	and a tab" out &&
	quill series show --json >j &&
	no_controls j
'

test_expect_success 'format refuses recipients in the state that are no single mailbox (3)' '
	cd r &&
	quill_fails 3 "^quill: series frob: To: .Evil <e@x.org>\\\\r\\\\nBcc: victim@x.org. is not one address: it holds a control character \(set the list anew" \
		series format -o mails &&
	test ! -e mails &&
	quill series edit --to one@example.org >/dev/null &&
	set_conf_line cc "Grp: victim@x.org\\;" &&
	quill_fails 3 "^quill: series frob: Cc: .Grp: victim@x.org;. is not one address: it is a group" \
		series format --stdout &&
	quill series edit --cc "" >/dev/null &&
	quill series format --stdout >mbox 2>/dev/null &&
	! grep -q victim mbox
'

test_done
