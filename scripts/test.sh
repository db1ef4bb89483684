#!/usr/bin/env bash
# test.sh: the project's test command (CI runs it from .ci/run).
#
#   scripts/test.sh [go test flags and packages...]
#
# Runs go vet, checks gofmt, builds the server once for the test processes,
# then go test -count=1 -timeout 40m ./... (sqltests first) and, beside it,
# the storage-heavy sqltests on pebble. Extra arguments go to go test, e.g.
# `scripts/test.sh -run TestSimhash -v`, and leave out the pebble pass; if
# one of them is a package pattern (., ./x, ../x) it replaces the default
# ./...
#
# Tests that need the corpora read SIMSQL_CORPORA (fetch them with
# scripts/fetch-corpora.sh); CI sets SIMSQL_REQUIRE_CORPORA=1 and
# SIMSQL_REQUIRE_MARIADB=1 so that such tests fail instead of skipping.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v go >/dev/null && [[ -x /usr/local/go/bin/go ]]; then
	export PATH=/usr/local/go/bin:$PATH
fi

pkgs=(./sqltests ./...)
need_server=1 # whether a package of the run starts simsql servers
for arg in "$@"; do
	case $arg in
	. | ./* | ../*) pkgs=() need_server=0 ;;
	esac
done
for arg in "$@"; do
	case $arg in
	./... | ./sqltests* | ./cmd/simsql* | ./bench* | ./vtcluster*) need_server=1 ;;
	esac
done

echo "--- go vet ./..."
go vet ./...

echo "--- gofmt -l"
# Every .go file but testdata, vendored code, the corpora and .git.
unformatted=$(find . \( -name .git -o -name .corpora -o -name testdata -o -name vendor -o -name node_modules \) -prune \
	-o -type f -name '*.go' -print0 | xargs -0 -r gofmt -l)
if [[ -n $unformatted ]]; then
	echo "gofmt: these files need formatting (run gofmt -w on them):" >&2
	echo "$unformatted" >&2
	exit 1
fi

# The server the tests run, built once for every test process of the run
# (sqltests, cmd/simsql, bench/peers and the pebble pass would each build
# their own: about 6 s of CPU a link) unless SIMSQL_RACE_SERVER=1 asks
# them for a -race build.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/simsql-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if ((need_server)) && [[ ${SIMSQL_RACE_SERVER:-} != 1 && -z ${SIMSQL_TEST_BINARY:-} ]]; then
	echo "--- go build ./cmd/simsql (and -tags simsql_testhooks) into $tmp"
	go build -o "$tmp/simsql" ./cmd/simsql
	go build -o "$tmp/simsql-testhooks" -tags simsql_testhooks ./cmd/simsql
	export SIMSQL_TEST_BINARY=$tmp/simsql SIMSQL_TEST_HOOK_BINARY=$tmp/simsql-testhooks
fi

# The storage-heavy SQL tests again on the other engine (pebble, format 2;
# docs/storage.md), when the whole suite was asked for: beside go test
# ./..., whose last minutes run sqltests alone, which mostly waits on its
# servers; their result follows go test's.
pebble=
if (($# == 0)); then
	pebble_tests='TestStorageScripts|TestTxnScripts|TestIsolationLevels|TestKeyScripts|TestKeyChangeRowCounts|TestRangeScripts|TestIndexLookupsMatchScan|TestMinHashIndexExact|TestMinHashScripts|TestSelectForUpdate|TestDDLDuringWrites|TestIndexScripts|TestSimHashIndexExact|TestNearDuplicatesExact|TestCrashRecovery|TestRestart|TestTransactionsOnDifferentRows|TestLostUpdateCounter|TestDeadlockError|TestGMSTransactionScripts|TestNoLostUpdates'
	echo "--- go test -c ./sqltests, and its storage tests on pebble (SIMSQL_STORAGE_ENGINE=pebble -test.run '…') beside go test ./..."
	go test -c -o "$tmp/sqltests.test" ./sqltests
	(cd sqltests && SIMSQL_STORAGE_ENGINE=pebble "$tmp/sqltests.test" -test.count=1 -test.timeout=40m -test.run "$pebble_tests") >"$tmp/pebble.log" 2>&1 &
	pebble=$!
fi

# sqltests first: the longest package, so that it starts first.
echo "--- go test -count=1 -timeout 40m $* ${pkgs[*]}"
status=0
go test -count=1 -timeout 40m "$@" "${pkgs[@]}" || status=$?

if [[ -n $pebble ]]; then
	pebble_status=0
	wait "$pebble" || pebble_status=$?
	echo "--- the storage tests on pebble (exit status $pebble_status)"
	if ((pebble_status == 0)); then
		tail -n 1 "$tmp/pebble.log" # PASS: as go test, the output only of a failure
	else
		cat "$tmp/pebble.log"
	fi
	if ((status == 0)); then
		status=$pebble_status
	fi
fi
exit "$status"
