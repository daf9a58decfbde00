#!/bin/sh
# lib/ is layered as shared/DESIGN.md's table of parts says: each part
# includes only the parts its README allows, nothing in lib/ reaches cmd/,
# and the parts make no cycle (scripts/check-layers.sh).  The checker is
# tried on broken copies of a small tree first, so that it is known to fail.
. "$(dirname "$0")/lib.sh"

CHECK=$QUILL_BUILD_DIR/scripts/check-layers.sh

# a small tree: core below mail
small_tree() {
	mkdir -p "$1/lib/core" "$1/lib/mail" &&
	printf 'lib/core\n\nmay include: nothing of quill\n' >"$1/lib/core/README" &&
	printf 'lib/mail\n\nmay include: core\n' >"$1/lib/mail/README" &&
	printf '#include "core/error.h"\n' >"$1/lib/core/error.c" &&
	: >"$1/lib/core/error.h" &&
	printf '#include "core/error.h"\n#include "mail/mbox.h"\n' >"$1/lib/mail/mbox.c" &&
	: >"$1/lib/mail/mbox.h"
}

test_expect_success 'a tree that keeps to its layers passes' '
	small_tree ok &&
	"$CHECK" ok >out &&
	echo "layers: ok (2 parts, 3 includes)" >expect &&
	test_cmp expect out
'

test_expect_success 'an include of a higher part fails, naming the file and line' '
	small_tree up &&
	printf "#include \"core/error.h\"\n#include \"mail/mbox.h\"\n" >up/lib/core/error.c &&
	test_must_fail "$CHECK" up >out &&
	echo "lib/core/error.c:2: includes \"mail/mbox.h\": part core may include only core" >expect &&
	test_cmp expect out
'

test_expect_success 'a cycle between parts fails' '
	small_tree cycle &&
	printf "lib/core\n\nmay include: mail\n" >cycle/lib/core/README &&
	test_must_fail "$CHECK" cycle >out &&
	grep "^lib/\*/README: the parts include each other in a cycle" out
'

test_expect_success 'an include without its part, of a missing header, or of cmd/ fails' '
	small_tree loose &&
	printf "#include \"error.h\"\n#include \"core/gone.h\"\n#include \"cmd.h\"\n" >loose/lib/mail/mbox.c &&
	test_must_fail "$CHECK" loose >out &&
	cat >expect <<-\EOT &&
	lib/mail/mbox.c:1: includes "error.h" without its part (write "PART/error.h")
	lib/mail/mbox.c:2: includes "core/gone.h", which is not there
	lib/mail/mbox.c:3: includes "cmd.h": lib/ never reaches cmd/ or outside lib/
	EOT
	test_cmp expect out
'

test_expect_success 'a part without its may-include line fails' '
	small_tree silent &&
	echo "lib/mail" >silent/lib/mail/README &&
	test_must_fail "$CHECK" silent >out &&
	grep "^lib/mail/README:1: no .may include:. line" out
'

test_expect_success 'quill itself keeps to its layers' '
	"$CHECK" "$QUILL_BUILD_DIR" >out &&
	grep "^layers: ok (" out
'

test_done
