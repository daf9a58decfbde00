#!/bin/sh
# trailer lint quotes the commit or mail a finding is about: what it quotes
# reaches the terminal with its control characters escaped (issue 10,
# item 5); --json keeps the text, escaped only as JSON is.
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup: a commit whose trailer holds ESC' '
	test_repo r && cd r &&
	git commit -q --allow-empty -m "$(printf "zone: x\n\nThe body.\n\nReviewed-by: Bo \033[31mBrenn\nSigned-off-by: Ada Author <ada@example.org>")"
'

test_expect_success 'the finding quotes it escaped' '
	cd r &&
	test_expect_code 1 quill trailer lint HEAD >out &&
	! grep -q "$(printf "\033")" out &&
	c=$(git rev-parse --short=12 HEAD) &&
	grep -F "$c:5: error: trailer-malformed: Reviewed-by: Bo \\033[31mBrenn has no <address>" out
'

test_expect_success '--json keeps it as it is' '
	cd r &&
	test_expect_code 1 quill trailer lint --json HEAD >j &&
	python3 -c "import json, sys; d = json.load(open(\"j\")); sys.exit(not any(\"\\x1b[31mBrenn\" in f[\"message\"] for f in d[\"findings\"]))"
'

test_done
