#!/usr/bin/env bash
# test.sh: the project's test command (CI runs it from .ci/run).
#
#   scripts/test.sh [go test flags and packages...]
#
# Runs go vet, checks gofmt, then go test -count=1 -timeout 40m. Extra
# arguments go to go test, e.g. `scripts/test.sh -run TestSimhash -v`; if one
# of them is a package pattern (., ./x, ../x) it replaces the default ./...
#
# Tests that need the corpora read SIMSQL_CORPORA (fetch them with
# scripts/fetch-corpora.sh); CI sets SIMSQL_REQUIRE_CORPORA=1 and
# SIMSQL_REQUIRE_MARIADB=1 so that such tests fail instead of skipping.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v go >/dev/null && [[ -x /usr/local/go/bin/go ]]; then
	export PATH=/usr/local/go/bin:$PATH
fi

pkgs=(./...)
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
if ((need_server)) && [[ ${SIMSQL_RACE_SERVER:-} != 1 && -z ${SIMSQL_TEST_BINARY:-} ]]; then
	bindir=$(mktemp -d "${TMPDIR:-/tmp}/simsql-test-bin.XXXXXX")
	trap 'rm -rf "$bindir"' EXIT
	echo "--- go build ./cmd/simsql (and -tags simsql_testhooks) into $bindir"
	go build -o "$bindir/simsql" ./cmd/simsql
	go build -o "$bindir/simsql-testhooks" -tags simsql_testhooks ./cmd/simsql
	export SIMSQL_TEST_BINARY=$bindir/simsql SIMSQL_TEST_HOOK_BINARY=$bindir/simsql-testhooks
fi

echo "--- go test -count=1 -timeout 40m $* ${pkgs[*]}"
go test -count=1 -timeout 40m "$@" "${pkgs[@]}"

# The storage-heavy SQL tests again on the other engine (pebble, format 2;
# docs/storage.md), when the whole suite was asked for.
if (($# == 0)); then
	pebble_tests='TestStorageScripts|TestTxnScripts|TestIsolationLevels|TestKeyScripts|TestKeyChangeRowCounts|TestRangeScripts|TestIndexLookupsMatchScan|TestMinHashIndexExact|TestMinHashScripts|TestSelectForUpdate|TestDDLDuringWrites|TestIndexScripts|TestSimHashIndexExact|TestNearDuplicatesExact|TestCrashRecovery|TestRestart|TestTransactionsOnDifferentRows|TestLostUpdateCounter|TestDeadlockError|TestGMSTransactionScripts|TestNoLostUpdates'
	echo "--- the same storage tests on pebble: SIMSQL_STORAGE_ENGINE=pebble go test -run '…' ./sqltests"
	SIMSQL_STORAGE_ENGINE=pebble go test -count=1 -timeout 40m -run "$pebble_tests" ./sqltests
fi
