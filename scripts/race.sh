#!/usr/bin/env bash
# race.sh: the data-race check (CI runs it from .ci/run).
#
#   scripts/race.sh
#
# Runs the core packages' tests under the race detector, then the 64-client
# load test and the panic test against a server built with -race
# (SIMSQL_RACE_SERVER=1; the harness fails a test whose server reports a
# race). SIMSQL_LOAD_SECONDS sets the load test's duration (default 15).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v go >/dev/null && [[ -x /usr/local/go/bin/go ]]; then
	export PATH=/usr/local/go/bin:$PATH
fi

echo "--- go test -race ./textsim ./functions ./storage ./catalog ./indexes ./compat (-short: a tenth of the differential cases)"
go test -race -count=1 -timeout 10m ./textsim ./functions ./storage ./catalog ./indexes
go test -race -count=1 -short -timeout 10m ./compat

echo "--- TestLoad and TestPanicBecomesError against a server built with -race"
SIMSQL_RACE_SERVER=1 go test -race -count=1 -timeout 10m -run 'TestLoad$|TestPanicBecomesError$' ./sqltests
