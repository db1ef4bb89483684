#!/usr/bin/env bash
# bench/sysbench/run.sh runs Debian's sysbench 1.0.20 OLTP workloads against
# simsql binaries and, if mariadbd is installed, MariaDB, one after the
# other in one run on this machine, each server on 127.0.0.1 with a fresh
# temporary data directory:
#
#   bench/sysbench/run.sh [-t threads] [-s seconds] [-n rows] [-w workloads] NAME=BINARY...
#
# e.g. bench/sysbench/run.sh main=/tmp/simsql-main branch=./simsql
# For each server and workload (default oltp_read_write oltp_insert): prepare
# 2 tables of -n rows (10,000), run -s seconds (30) on -t threads (4), then
# check the tables (row counts; sysbench's oltp_read_write deletes and
# re-inserts each row it deletes, so its tables keep their count). Prints
# one markdown row per run: tps, p95 latency, errors, reconnects, the load
# average before the run, and the row counts after.
set -euo pipefail
threads=4 secs=30 rows=10000 workloads="oltp_read_write oltp_insert"
while getopts "t:s:n:w:" o; do
	case $o in
	t) threads=$OPTARG ;; s) secs=$OPTARG ;; n) rows=$OPTARG ;; w) workloads=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
tmp=$(mktemp -d /tmp/simsql-sysbench-XXXXXX)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

# start_simsql BINARY DIR: starts simsql serve, sets $port and $pid.
start_simsql() {
	"$1" serve --host 127.0.0.1 --port 0 --data-dir "$2" >"$2.out" 2>"$2.err" &
	pid=$!
	pids+=("$pid")
	for _ in $(seq 600); do
		port=$(sed -n 's/^simsql: serving MySQL protocol on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$2.out" | head -1)
		[ -n "$port" ] && return 0
		kill -0 "$pid" 2>/dev/null || { cat "$2.err" >&2; return 1; }
		sleep 0.1
	done
	echo "simsql printed no ready line" >&2
	return 1
}

# start_mariadb DIR: sets $port and $pid.
start_mariadb() {
	mkdir -p "$1"
	mariadb-install-db --no-defaults --datadir="$1" --user=root --auth-root-authentication-method=normal --skip-test-db >/dev/null
	port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	mariadbd --no-defaults --datadir="$1" --user=root --bind-address=127.0.0.1 --port="$port" \
		--socket="$1/mysqld.sock" --pid-file="$1/mysqld.pid" --skip-grant-tables --skip-name-resolve \
		>"$1.out" 2>&1 &
	pid=$!
	pids+=("$pid")
	for _ in $(seq 600); do
		mariadb -h 127.0.0.1 -P "$port" -u root -e 'SELECT 1' >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	echo "mariadbd did not start" >&2
	return 1
}

sb() { # sb WORKLOAD COMMAND [args]
	local w=$1 c=$2
	shift 2
	sysbench "$w" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$port" --mysql-user=root \
		--mysql-db=sbtest --tables=2 --table-size="$rows" --threads="$threads" "$@" "$c"
}

echo "| server | workload | threads | tps | p95 ms | errors | reconnects | load avg before | rows after |"
echo "|---|---|---|---|---|---|---|---|---|"
servers=("$@")
[ -n "${NO_MARIADB:-}" ] || ! command -v mariadbd >/dev/null || servers+=("mariadb=")
for spec in "${servers[@]}"; do
	name=${spec%%=*} bin=${spec#*=}
	for w in $workloads; do
		dir="$tmp/$name-$w"
		if [ "$name" = mariadb ]; then start_mariadb "$dir"; else start_simsql "$bin" "$dir"; fi
		mariadb -h 127.0.0.1 -P "$port" -u root -e 'CREATE DATABASE sbtest'
		sb "$w" prepare --threads=1 >/dev/null
		load=$(cut -d' ' -f1-3 /proc/loadavg)
		out=$(sb "$w" run --time="$secs" --report-interval=0 2>&1) || true
		tps=$(sed -n 's/^ *transactions: *[0-9]* *(\([0-9.]*\) per sec.)/\1/p' <<<"$out")
		p95=$(sed -n 's/^ *95th percentile: *\([0-9.]*\)/\1/p' <<<"$out")
		errs=$(sed -n 's/^ *ignored errors: *\([0-9]*\).*/\1/p' <<<"$out")
		rec=$(sed -n 's/^ *reconnects: *\([0-9]*\).*/\1/p' <<<"$out")
		[ -n "$tps" ] || { echo "$name $w failed:" >&2; tail -20 <<<"$out" >&2; }
		counts=$(mariadb -h 127.0.0.1 -P "$port" -u root -N -e 'SELECT (SELECT COUNT(*) FROM sbtest.sbtest1), (SELECT COUNT(*) FROM sbtest.sbtest2)' | tr '\t' '/')
		echo "| $name | $w | $threads | ${tps:-failed} | ${p95:-} | ${errs:-} | ${rec:-} | $load | $counts |"
		kill "$pid"
		wait "$pid" 2>/dev/null || true
		rm -rf "$dir"
	done
done
