#!/usr/bin/env bash
# bench.sh: benchmark simsql against MariaDB and PostgreSQL (issue 5) and
# write BENCHMARKS.md and bench/charts/*.png at the repository root.
#
#   scripts/bench.sh [-smoke] [other flags of go run ./bench/peers]
#
# Installs the peers from Debian packages when missing (needs root and
# apt-get: mariadb-server, postgresql-15, postgresql-contrib-15 where it
# exists, postgresql-15-similarity), fetches the corpora by package name
# (scripts/fetch-corpora.sh into ${SIMSQL_CORPORA:-<repo>/.corpora}), then
# runs `go run ./bench/peers`, which starts every server on 127.0.0.1 in a
# temporary directory and stops it again. The full run takes 40 to 60
# minutes on 2 cores (most of it the peers' self-joins at 100,000 rows);
# -smoke takes a few minutes and writes into a temporary directory.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v go >/dev/null && [[ -x /usr/local/go/bin/go ]]; then
	export PATH=/usr/local/go/bin:$PATH
fi

need=()
command -v mariadbd >/dev/null || need+=(mariadb-server)
[[ -x /usr/lib/postgresql/15/bin/postgres ]] || need+=(postgresql-15)
[[ -f /usr/share/postgresql/15/extension/pg_similarity.control ]] || need+=(postgresql-15-similarity)
if ((${#need[@]} > 0)); then
	if [[ $(id -u) != 0 ]]; then
		echo "bench.sh: missing ${need[*]}; run as root to install them with apt-get" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get -o DPkg::Lock::Timeout=300 update -qq </dev/null
	# Debian 12 ships PostgreSQL's contrib modules inside postgresql-15;
	# postgresql-contrib-15 exists only in some repositories (PGDG).
	if apt-cache show postgresql-contrib-15 >/dev/null 2>&1; then need+=(postgresql-contrib-15); fi
	echo "bench.sh: installing ${need[*]}"
	apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${need[@]}" </dev/null >/dev/null
fi

export SIMSQL_CORPORA=${SIMSQL_CORPORA:-$PWD/.corpora}
scripts/fetch-corpora.sh
export SIMSQL_REQUIRE_PEERS=1 SIMSQL_REQUIRE_CORPORA=1
exec go run ./bench/peers "$@"
