#!/usr/bin/env bash
# bench.sh: benchmark simsql against MariaDB and PostgreSQL (issue 5) and
# write BENCHMARKS.md, bench/charts/*.png and docs/simhash-jaccard.md (the
# SimHash k against Jaccard curve); then the MinHash index (issue 10:
# bench/minhash, speed at 1,000,000 signatures and quality on the corpora)
# into BENCHMARKS-minhash.md.
#
#   scripts/bench.sh [-smoke] [other flags of go run ./bench peers]
#
# Installs the peers from Debian packages when missing (needs root and
# apt-get: mariadb-server, postgresql-15, postgresql-contrib-15 where it
# exists, postgresql-15-similarity), fetches the corpora by package name
# (scripts/fetch-corpora.sh into ${SIMSQL_CORPORA:-<repo>/.corpora}), then
# runs `go run ./bench peers` and `go run ./bench minhash`, which start every
# server on 127.0.0.1 in a temporary directory and stop it again. The full
# run takes about two hours on 2 cores (the peers' self-joins at 100,000
# rows, the MinHash index's loads of 1,000,000 rows); -smoke takes a few
# minutes and writes into temporary directories.
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
smoke=0
for a in "$@"; do
	[[ $a == -smoke || $a == --smoke ]] && smoke=1
done
go run ./bench peers "$@"
if ((smoke)); then
	go run ./bench minhash -rows 10000 -queries 20 -scan-queries 2 -nd-runs 1 -probes 20 -plants 50 -corpus-docs 400 \
		-out "$(mktemp --tmpdir simsql-bench-minhash-XXXXXX.md)"
else
	go run ./bench minhash -out BENCHMARKS-minhash.md
fi
