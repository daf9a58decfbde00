#!/bin/sh
# quill mail get --source notmuch[:PATH]: a real notmuch database, built by
# `notmuch new` from a Maildir of test mail, read through libnotmuch:
# whole threads, a missing one, search by change-id, subject and sender,
# a thread that grows after the next `notmuch new`, a database that cannot
# be opened.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-mail-get.sh"

if ! command -v notmuch >/dev/null; then
	skip_all "no notmuch (apt-get install notmuch)"
fi

M=mails
get_mails $M
mkdir -p "$HOME/mail/cur" "$HOME/mail/new" "$HOME/mail/tmp"
for f in $M/*; do
	cp "$f" "$HOME/mail/cur/$(basename "$f"):2,S"
done
NOTMUCH_CONFIG="$HOME/notmuch-config"
export NOTMUCH_CONFIG
cat >"$NOTMUCH_CONFIG" <<END
[database]
path=$HOME/mail
[user]
name=Grace Author
primary_email=grace@example.org
[new]
tags=inbox
END

test_expect_success 'notmuch new builds the database' '
	notmuch new >new.out 2>&1 &&
	test "$(notmuch count "*")" = 7
'

get_tests notmuch
get_tests "notmuch:$HOME/mail" notmuch:PATH

test_expect_success 'notmuch:PATH reads no config file' '
	NOTMUCH_CONFIG=$TRASH/none quill mail get --source "notmuch:$HOME/mail" tidy-1@example.org >out &&
	get_mbox $M/tidy-1 >want &&
	test_cmp want out
'

test_expect_success 'the change-id phrase, not its words: a quoted footer is left out' '
	notmuch search --output=files "body:\"change-id: $GET_CHANGE_ID\"" >cand &&
	grep ada-r1 cand &&
	quill mail get --source notmuch --change-id $GET_CHANGE_ID >out &&
	! grep -q "^Message-ID: <ada-r1@" out
'

test_expect_success 'a thread that grows is found whole after notmuch new' '
	get_later $M &&
	cp $M/ada-r2 "$HOME/mail/new/ada-r2" &&
	notmuch new >new.out 2>&1 &&
	quill mail get --source notmuch frob-v2-1@example.org >out &&
	get_mbox $M/frob-v2-0 $M/frob-v2-1 $M/ada-r2 >want &&
	test_cmp want out
'

test_expect_success 'a database that cannot be opened is exit 4 naming it' '
	mkdir empty &&
	quill_fails 4 "notmuch database $TRASH/empty: cannot open it: " \
		mail get --source "notmuch:$TRASH/empty" x@example.org &&
	NOTMUCH_CONFIG=$TRASH/none quill_fails 4 "notmuch database of $TRASH/none: cannot open it" \
		mail get --source notmuch x@example.org
'

test_expect_success 'libnotmuch is mapped when a notmuch source is read, not before' '
	LD_DEBUG=files quill mail get --source notmuch tidy-1@example.org >out 2>trace &&
	grep -q "file=libnotmuch" trace &&
	LD_DEBUG=files quill mail get --source "mbox:$M/tidy-1" tidy-1@example.org >out 2>trace &&
	grep -q "file=libgit2\|file=libgmime" trace &&
	! grep -q "file=libnotmuch" trace
'

test_expect_success 'a path that is no directory is a usage error' '
	quill_fails 2 "notmuch:$TRASH/nothere: no such directory" \
		mail get --source "notmuch:$TRASH/nothere" x@example.org
'

test_done
