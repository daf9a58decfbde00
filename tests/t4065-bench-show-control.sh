#!/bin/sh
# Text another tool wrote (a hyperfine command, a --command) reaches the
# terminal and the mail with its control characters escaped: bench show
# (text and markdown), bench add's table and the cover's {{bench}} (issue
# 10, item 5).  The state keeps the text as it came.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

test_expect_success 'setup: a hyperfine export whose command holds ESC and CR' '
	series_repo repo zone 2 &&
	cd repo &&
	cat >hf.json <<-\EOF &&
	{ "results": [ { "command": "run \u001b[31mred\u001b[m\rover",
	  "mean": 0.0102, "stddev": 0.0001, "median": 0.0102, "user": 0.001, "system": 0.002,
	  "min": 0.0101, "max": 0.0103, "times": [0.0101, 0.0102, 0.0103] } ] }
	EOF
	quill bench add rebind hf.json --role base >add.out &&
	! grep -q "$(printf "\033")" add.out &&
	grep -F "run \\033[31mred\\033[m\\rover" add.out
'

test_expect_success 'bench show: text and markdown escape it' '
	cd repo &&
	quill bench show >text &&
	! grep -q "$(printf "[\033\r]")" text &&
	grep -F "rebind: run \\033[31mred\\033[m\\rover" text &&
	quill bench show --format markdown >md &&
	! grep -q "$(printf "[\033\r]")" md &&
	grep -F "run \\033[31mred\\033[m\\rover" md
'

test_expect_success 'what is kept is the command as hyperfine gave it' '
	cd repo &&
	git show refs/quill/series/zone:v1/bench/rebind.json >kept &&
	grep -iF "run \\u001b[31mred\\u001b[m\\rover" kept
'

test_expect_success 'the cover: {{bench}} escapes it too' '
	cd repo &&
	printf "zone: s\\n\\nbody\\n\\n{{bench}}\\n" | quill series edit-cover -F - >/dev/null &&
	quill series format -o out >/dev/null 2>&1 &&
	! grep -q "$(printf "[\033]")" out/0000-cover-letter.patch &&
	grep -F "run \\033[31mred\\033[m\\rover" out/0000-cover-letter.patch
'

test_done
