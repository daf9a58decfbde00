#!/bin/sh
# bench rm and bench copy (issue 10, item 15): results taken out of the
# working version, or a frozen version's results copied in as its own.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

test_expect_success 'setup: v1 with two benchmarks, frozen; v2 working' '
	series_repo repo zone 2 &&
	cd repo &&
	printf "10.1\\n10.3\\n10.2\\n" >a.txt &&
	printf "9.1\\n9.3\\n9.2\\n" >b.txt &&
	quill bench add rebind a.txt --role base --format samples --unit ms >/dev/null &&
	quill bench add probe b.txt --role patched --format samples --unit ms >/dev/null &&
	quill series new-version >/dev/null
'

test_expect_success 'bench copy takes one benchmark of v1 into v2' '
	cd repo &&
	quill bench copy --from-version 1 rebind >out &&
	echo "copied rebind from v1 to zone v2" >expect &&
	test_cmp expect out &&
	quill bench show --json >v2.json &&
	quill bench show --json --version 1 rebind >v1.json &&
	python3 -c "import json,sys; a=json.load(open(\"v1.json\")); b=json.load(open(\"v2.json\")); sys.exit(a != b)"
'

test_expect_success 'a name v2 has already is refused, and nothing changes' '
	cd repo &&
	git rev-parse refs/quill/series/zone >before &&
	test_expect_code 2 quill bench copy --from-version 1 rebind 2>err &&
	grep "^quill: " err &&
	git rev-parse refs/quill/series/zone >after &&
	test_cmp before after
'

test_expect_success 'bench copy without a NAME takes the rest' '
	cd repo &&
	quill bench rm rebind >out &&
	echo "removed rebind from zone v2" >expect &&
	test_cmp expect out &&
	quill bench copy --from-version 1 >out &&
	echo "copied probe, rebind from v1 to zone v2" >expect &&
	test_cmp expect out
'

test_expect_success 'bench rm takes it out of v2 only' '
	cd repo &&
	quill bench rm probe >out &&
	quill bench show probe 2>err; test $? = 2 &&
	quill bench show --version 1 probe >out &&
	grep "probe" out
'

test_expect_success 'bad usage: no --from-version, an unknown name, a version not frozen' '
	cd repo &&
	test_expect_code 2 quill bench copy rebind 2>err &&
	echo "quill: bench copy: give the version to copy from: --from-version K (see '\''quill bench copy --help'\'')" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill bench rm nosuch 2>err &&
	test_expect_code 2 quill bench copy --from-version 2 2>err &&
	test_expect_code 2 quill bench rm 2>err
'

test_done
