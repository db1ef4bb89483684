#!/usr/bin/env bash
# cluster.sh: a local Vitess cluster over N simsql shards, started with one command.
#
#   scripts/cluster.sh start [--shards N] [--dir DIR] [--port P] [--base-port B] [--vschema FILE]
#   scripts/cluster.sh status|stop|destroy [--dir DIR]
#   scripts/cluster.sh kill-shard I [--dir DIR]     SIGKILL shard I's simsql and vttablet (I from 0)
#   scripts/cluster.sh start-shard I [--dir DIR]    start them again on the same data directory
#   scripts/cluster.sh build                        only build the Vitess binaries into the cache
#
# start runs, all on 127.0.0.1: etcd (the topology server, Debian's etcd-server),
# vtctld, N `simsql serve` processes (each with its own data directory and port),
# one unmanaged vttablet in front of each, and vtgate, whose MySQL port (--port,
# default 15306) then answers `mariadb -h127.0.0.1 -P15306 simsql`. The keyspace
# `simsql` is sharded into N equal key ranges (2: -80 and 80-) and its VSchema
# shards the table `docs` by the hash vindex of its `id` (docs/scaling.md).
# A start on an existing DIR restarts the stopped cluster with its data.
#
# The Vitess binaries (vtgate, vttablet, vtctld, vtctldclient of vitess.io/vitess
# $VITESS_VERSION) are built once into $SIMSQL_VITESS_CACHE (default
# ${XDG_CACHE_HOME:-$HOME/.cache}/simsql/vitess/<version>/bin) and reused; a cold
# build takes about 30 minutes on 2 cores. Vitess refuses to run as root: run as
# root, every process runs as the unprivileged system user $SIMSQL_CLUSTER_USER
# (default simsql-vitess, created if missing), and the binaries are linked or
# copied into DIR/bin.
#
# Every wait has a deadline (SIMSQL_CLUSTER_TIMEOUT seconds a component, default
# 120); a component that does not come up is named with the end of its log.
# Logs: DIR/logs/<component>.log; vttablets also log every query they send to
# their simsql in DIR/logs/vttablet-<shard>.queries.log.
set -euo pipefail

VITESS_VERSION=v0.24.4
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if ! command -v go >/dev/null && [[ -x /usr/local/go/bin/go ]]; then
	export PATH=/usr/local/go/bin:$PATH
fi
PATH=$PATH:/usr/sbin:/sbin

cache=${SIMSQL_VITESS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/simsql/vitess/$VITESS_VERSION}
vtbins=(vtgate vttablet vtctld vtctldclient)
timeout=${SIMSQL_CLUSTER_TIMEOUT:-120}
keyspace=simsql
cell=zone1

die() {
	echo "cluster.sh: $*" >&2
	exit 1
}
say() { echo "cluster.sh: $*"; }

usage() {
	sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

# ---- the Vitess binaries ---------------------------------------------------

# build_vitess builds the Vitess binaries into $cache/bin unless they are there.
# `go install pkg@version` refuses vitess.io/vitess (its go.mod has an exclude
# directive), so it builds inside the module's own directory, which honours it.
build_vitess() {
	local b missing=()
	for b in "${vtbins[@]}"; do
		[[ -x $cache/bin/$b ]] || missing+=("$b")
	done
	((${#missing[@]} == 0)) && return 0
	command -v go >/dev/null || die "go is not installed: it is needed to build Vitess $VITESS_VERSION"
	mkdir -p "$cache"
	exec 9>"$cache/.lock"
	flock 9
	missing=()
	for b in "${vtbins[@]}"; do
		[[ -x $cache/bin/$b ]] || missing+=("$b")
	done
	if ((${#missing[@]} > 0)); then
		local mod
		mod=$(cd /tmp && go mod download -json "vitess.io/vitess@$VITESS_VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
		[[ -d $mod ]] || die "go mod download vitess.io/vitess@$VITESS_VERSION gave no module directory"
		say "building ${missing[*]} of vitess.io/vitess $VITESS_VERSION into $cache/bin (cold: about 30 minutes on 2 cores; log: $cache/build.log)"
		local pkgs=()
		for b in "${missing[@]}"; do pkgs+=("./go/cmd/$b"); done
		rm -rf "$cache/bin.tmp"
		mkdir -p "$cache/bin.tmp" "$cache/bin"
		if ! (cd "$mod" && nice -n 10 go build -trimpath -o "$cache/bin.tmp/" "${pkgs[@]}") >"$cache/build.log" 2>&1; then
			tail -20 "$cache/build.log" >&2
			die "building Vitess failed (log: $cache/build.log)"
		fi
		mv "$cache/bin.tmp/"* "$cache/bin/"
		rmdir "$cache/bin.tmp"
	fi
	exec 9>&-
}

# ---- options and state -----------------------------------------------------

cmd=${1:-}
[[ -n $cmd ]] || usage
shift
shard_arg=""
case $cmd in
kill-shard | start-shard)
	[[ ${1:-} =~ ^[0-9]+$ ]] || die "$cmd needs a shard number (0 to N-1)"
	shard_arg=$1
	shift
	;;
esac
dir=${SIMSQL_CLUSTER_DIR:-${TMPDIR:-/tmp}/simsql-cluster}
shards=2
vtgate_port=15306
base=15100
vschema_file=""
while (($#)); do
	case $1 in
	--shards) shards=${2:?--shards needs N}; shift 2 ;;
	--dir) dir=${2:?--dir needs a directory}; shift 2 ;;
	--port) vtgate_port=${2:?--port needs a port}; shift 2 ;;
	--base-port) base=${2:?--base-port needs a port}; shift 2 ;;
	--vschema) vschema_file=${2:?--vschema needs a file}; shift 2 ;;
	-h | --help) usage ;;
	*) die "unknown argument $1" ;;
	esac
done
[[ $shards =~ ^[0-9]+$ ]] && ((shards >= 1 && shards <= 64)) || die "--shards must be 1 to 64"
dir=$(realpath -m "$dir")
state=$dir/cluster.env

# The state file records what start chose, so that later commands (and tests)
# find the ports, shards and the shard account's password.
load_state() {
	[[ -f $state ]] || die "no cluster in $dir (no $state): start one with scripts/cluster.sh start"
	# shellcheck disable=SC1090
	source "$state"
}

# shard_names prints the N shard names: equal key ranges of the keyspace id
# (1: "-", 2: "-80 80-", 4: "-40 40-80 80-c0 c0-").
shard_names() {
	local n=$1 i lo hi
	if ((n == 1)); then
		echo "-"
		return
	fi
	for ((i = 0; i < n; i++)); do
		lo="" hi=""
		((i > 0)) && lo=$(printf '%02x' $((i * 256 / n)))
		((i < n - 1)) && hi=$(printf '%02x' $(((i + 1) * 256 / n)))
		echo "$lo-$hi"
	done
}

# Ports, from the base port B: etcd B (peers B+1), vtctld B+2 (gRPC B+3),
# vtgate B+4 (gRPC B+5, MySQL --port); shard i: simsql B+10+3i, vttablet
# B+11+3i (gRPC B+12+3i).
set_ports() {
	etcd_port=$base
	etcd_peer_port=$((base + 1))
	vtctld_port=$((base + 2))
	vtctld_grpc=$((base + 3))
	vtgate_http=$((base + 4))
	vtgate_grpc=$((base + 5))
}
simsql_port() { echo $((base + 10 + 3 * $1)); }
tablet_port() { echo $((base + 11 + 3 * $1)); }
tablet_grpc() { echo $((base + 12 + 3 * $1)); }
tablet_alias() { printf '%s-%010d' "$cell" $((100 + $1)); }

# ---- processes ---------------------------------------------------------------

# The user the processes run as: the caller, or an unprivileged system user
# when the caller is root (Vitess refuses to run as root).
run_user=""
setup_user() {
	if ((EUID != 0)); then
		run_user=$(id -un)
		return
	fi
	run_user=${SIMSQL_CLUSTER_USER:-simsql-vitess}
	if ! id -u "$run_user" >/dev/null 2>&1; then
		useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$run_user" ||
			die "could not create the unprivileged user $run_user (Vitess refuses to run as root)"
	fi
}

# as_user runs a command as $run_user (exec'd, so that $! is its pid).
as_user() {
	if ((EUID == 0)); then
		exec setpriv --reuid="$run_user" --regid="$(id -g "$run_user")" --init-groups -- env HOME="$dir" "$@"
	fi
	exec "$@"
}

# launch NAME CMD...: starts CMD in the background as $run_user, output to
# DIR/logs/NAME.log, pid in DIR/pids/NAME.pid.
launch() {
	local name=$1
	shift
	touch "$dir/logs/$name.log"
	if ((EUID == 0)); then chown "$run_user:" "$dir/logs/$name.log"; fi
	log_start[$name]=$(($(stat -c %s "$dir/logs/$name.log") + 1))
	(as_user "$@") >>"$dir/logs/$name.log" 2>&1 </dev/null &
	echo $! >"$dir/pids/$name.pid"
	disown $! 2>/dev/null || true
}

# log_since NAME: what NAME has logged since its last launch (logs are
# appended to across restarts).
declare -A log_start
log_since() { tail -c "+${log_start[$1]:-1}" "$dir/logs/$1.log"; }
logged() { log_since "$1" | grep -q "$2"; }

pid_of() { cat "$dir/pids/$1.pid" 2>/dev/null || true; }
alive() {
	local pid
	pid=$(pid_of "$1")
	[[ -n $pid ]] && kill -0 "$pid" 2>/dev/null
}

# fail_component NAME WHAT: the component did not come up; show its log's end.
fail_component() {
	echo "cluster.sh: $1 did not come up: $2" >&2
	if [[ -f $dir/logs/$1.log ]]; then
		echo "---- last lines of $dir/logs/$1.log:" >&2
		log_since "$1" | tail -25 >&2
	fi
	exit 1
}

# wait_for NAME WHAT CMD...: polls CMD until it succeeds, NAME's process dies
# (an error at once) or $timeout seconds pass (an error naming NAME).
wait_for() {
	local name=$1 what=$2
	shift 2
	local deadline=$((SECONDS + timeout))
	until "$@" >/dev/null 2>&1; do
		if [[ -f $dir/pids/$name.pid ]] && ! alive "$name"; then
			fail_component "$name" "its process exited while waiting for $what"
		fi
		if ((SECONDS >= deadline)); then
			fail_component "$name" "no $what after ${timeout}s"
		fi
		sleep 0.2
	done
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
http_ok() { curl -fsS -m 5 -o /dev/null "http://127.0.0.1:$1$2"; }

# stop_component NAME: SIGTERM, then SIGKILL after 30 s.
stop_component() {
	local name=$1 pid deadline
	pid=$(pid_of "$name")
	if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
		kill -TERM "$pid" 2>/dev/null || true
		deadline=$((SECONDS + 30))
		while kill -0 "$pid" 2>/dev/null; do
			if ((SECONDS >= deadline)); then
				echo "cluster.sh: $name (pid $pid) did not stop in 30 s: SIGKILL" >&2
				kill -KILL "$pid" 2>/dev/null || true
			fi
			sleep 0.2
		done
	fi
	rm -f "$dir/pids/$name.pid"
}

topo_flags() {
	echo --topo-implementation etcd2 --topo-global-server-address "127.0.0.1:$etcd_port" --topo-global-root /vitess/global
}
common_flags() {
	echo --log-format text --config-file-not-found-handling ignore --bind-address 127.0.0.1
}
vtctl() { "$bin/vtctldclient" --server "127.0.0.1:$vtctld_grpc" --action-timeout 30s "$@"; }

# mysql_at PORT SQL: runs SQL through the mariadb client.
mysql_at() { mariadb -h127.0.0.1 -P"$1" -uroot --connect-timeout=5 -N -B -e "$2"; }

# ---- the components ----------------------------------------------------------

start_etcd() {
	alive etcd && return 0
	launch etcd etcd --name simsql --data-dir "$dir/etcd" \
		--listen-client-urls "http://127.0.0.1:$etcd_port" --advertise-client-urls "http://127.0.0.1:$etcd_port" \
		--listen-peer-urls "http://127.0.0.1:$etcd_peer_port" --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer_port" \
		--initial-cluster "simsql=http://127.0.0.1:$etcd_peer_port"
	wait_for etcd "healthy answer on 127.0.0.1:$etcd_port/health" http_ok "$etcd_port" /health
}

start_vtctld() {
	alive vtctld && return 0
	# shellcheck disable=SC2046
	launch vtctld "$bin/vtctld" $(topo_flags) $(common_flags) --grpc-bind-address 127.0.0.1 \
		--service-map grpc-vtctl,grpc-vtctld --port "$vtctld_port" --grpc-port "$vtctld_grpc"
	wait_for vtctld "status page on port $vtctld_port" http_ok "$vtctld_port" /debug/status
	if ! vtctl GetCellInfo "$cell" >/dev/null 2>&1; then
		vtctl AddCellInfo --root "/vitess/$cell" --server-address "127.0.0.1:$etcd_port" "$cell" >/dev/null ||
			fail_component vtctld "AddCellInfo $cell failed"
	fi
	if ! vtctl GetKeyspace "$keyspace" >/dev/null 2>&1; then
		vtctl CreateKeyspace "$keyspace" >/dev/null || fail_component vtctld "CreateKeyspace $keyspace failed"
		local vschema
		if [[ -n $vschema_file ]]; then
			vschema=$(cat "$vschema_file")
		else
			vschema='{"sharded": true, "vindexes": {"hash": {"type": "hash"}}, "tables": {"docs": {"column_vindexes": [{"column": "id", "name": "hash"}]}}}'
		fi
		vtctl ApplyVSchema --vschema "$vschema" "$keyspace" >/dev/null || fail_component vtctld "ApplyVSchema $keyspace failed"
	fi
}

start_simsql() {
	local i=$1
	local port name=simsql-$i
	alive "$name" && return 0
	port=$(simsql_port "$i")
	port_open "$port" && die "port $port (simsql of shard $i) is in use by another process"
	# The password never appears on a command line: the first start creates
	# root@'%' without one and sets it at once over loopback, from stdin;
	# later starts find the account in the data directory.
	local fresh=0
	[[ -f $dir/shard-$i/data/privileges.db ]] || fresh=1
	launch "$name" "$bin/simsql" serve --host 127.0.0.1 --port "$port" --data-dir "$dir/shard-$i/data"
	wait_for "$name" "'serving' line in its log" logged "$name" 'serving MySQL protocol'
	if ((fresh)); then
		printf "ALTER USER 'root'@'%%' IDENTIFIED BY '%s';\n" "$shard_password" |
			mariadb -h127.0.0.1 -P"$port" -uroot --connect-timeout=5 ||
			fail_component "$name" "setting the password of its account root failed"
	fi
}

start_tablet() {
	local i=$1
	local shard name=vttablet-$i
	alive "$name" && return 0
	shard=${shard_list[$i]}
	port_open "$(tablet_port "$i")" && die "port $(tablet_port "$i") (vttablet of shard $i) is in use by another process"
	local db=(--db-credentials-file "$dir/db-credentials.json")
	local u
	for u in app dba allprivs appdebug filtered repl; do
		db+=("--db-$u-user" root)
	done
	# shellcheck disable=SC2046
	launch "$name" env VTDATAROOT="$dir/vtdataroot" "$bin/vttablet" $(topo_flags) $(common_flags) --grpc-bind-address 127.0.0.1 \
		--tablet-path "$(tablet_alias "$i")" --tablet-hostname 127.0.0.1 \
		--init-keyspace "$keyspace" --init-shard "$shard" --init-tablet-type replica --init-db-name-override simsql \
		--unmanaged --db-host 127.0.0.1 --db-port "$(simsql_port "$i")" "${db[@]}" \
		--port "$(tablet_port "$i")" --grpc-port "$(tablet_grpc "$i")" \
		--service-map grpc-queryservice,grpc-tabletmanager,grpc-updatestream \
		--health-check-interval 2s --log-queries-to-file "$dir/logs/$name.queries.log"
	wait_for "$name" "status page on port $(tablet_port "$i")" http_ok "$(tablet_port "$i")" /debug/status
}

# make_primary I: an unmanaged tablet starts as REPLICA; the first time, tell
# Vitess it is its shard's primary (later starts find it in the shard record).
make_primary() {
	local i=$1 alias
	alias=$(tablet_alias "$i")
	local deadline=$((SECONDS + timeout))
	until vtctl GetTablet "$alias" 2>/dev/null | grep -q '"type": "PRIMARY"\|"type": 1'; do
		vtctl TabletExternallyReparented "$alias" >/dev/null 2>&1 || true
		((SECONDS < deadline)) || fail_component "vttablet-$i" "it did not become the primary of shard ${shard_list[$i]} in ${timeout}s"
		alive "vttablet-$i" || fail_component "vttablet-$i" "its process exited"
		sleep 0.5
	done
}

start_vtgate() {
	alive vtgate && return 0
	port_open "$vtgate_port" && die "port $vtgate_port (vtgate's MySQL port) is in use by another process"
	# shellcheck disable=SC2046
	launch vtgate "$bin/vtgate" $(topo_flags) $(common_flags) --grpc-bind-address 127.0.0.1 \
		--cell "$cell" --cells-to-watch "$cell" --tablet-types-to-wait PRIMARY \
		--service-map grpc-vtgateservice --port "$vtgate_http" --grpc-port "$vtgate_grpc" \
		--mysql-server-port "$vtgate_port" --mysql-server-bind-address 127.0.0.1 --mysql-auth-server-impl none \
		--vschema-ddl-authorized-users % --log-queries-to-file "$dir/logs/vtgate.queries.log"
	wait_for vtgate "MySQL port $vtgate_port" port_open "$vtgate_port"
}

# serving_tablets prints how many primaries vtgate sees SERVING.
serving_tablets() {
	mysql_at "$vtgate_port" "SHOW VITESS_TABLETS" 2>/dev/null | awk -F'\t' '$4 == "PRIMARY" && $5 == "SERVING"' | wc -l
}
all_serving() { [[ $(serving_tablets) -eq $shards ]]; }

# ---- commands ----------------------------------------------------------------

cmd_start() {
	command -v etcd >/dev/null || die "etcd is not installed (Debian: apt-get install etcd-server)"
	command -v mariadb >/dev/null || die "the mariadb client is not installed (Debian: apt-get install mariadb-client)"
	command -v curl >/dev/null || die "curl is not installed"
	build_vitess
	setup_user
	if [[ -f $state ]]; then
		local want_shards=$shards want_port=$vtgate_port
		load_state
		say "restarting the cluster in $dir ($shards shards)"
		[[ $want_shards == "$shards" ]] || say "(keeping its $shards shards; --shards $want_shards ignored)"
		: "$want_port"
	else
		mkdir -p "$dir"
		shard_password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
		cat >"$state" <<-EOF
			# written by scripts/cluster.sh start
			shards=$shards
			base=$base
			vtgate_port=$vtgate_port
			shard_password=$shard_password
			run_user=$run_user
		EOF
		chmod 600 "$state"
		# vttablet reads the shard account's password from this file.
		printf '{"root": ["%s"]}\n' "$shard_password" >"$dir/db-credentials.json"
		chmod 600 "$dir/db-credentials.json"
	fi
	set_ports
	mapfile -t shard_list < <(shard_names "$shards")
	mkdir -p "$dir/logs" "$dir/pids" "$dir/bin" "$dir/vtdataroot"
	local i
	for ((i = 0; i < shards; i++)); do mkdir -p "$dir/shard-$i"; done
	chmod 755 "$dir"
	# The binaries, where $run_user can run them.
	local b
	for b in "${vtbins[@]}"; do
		if [[ ! -x $dir/bin/$b ]] || ! cmp -s "$cache/bin/$b" "$dir/bin/$b"; then
			rm -f "$dir/bin/$b"
			ln "$cache/bin/$b" "$dir/bin/$b" 2>/dev/null || cp "$cache/bin/$b" "$dir/bin/$b"
		fi
	done
	say "building simsql (go build ./cmd/simsql)"
	(cd "$repo" && go build -o "$dir/bin/simsql" ./cmd/simsql) || die "go build ./cmd/simsql failed"
	chmod 755 "$dir/bin" "$dir/bin/"*
	if ((EUID == 0)); then
		chown -R "$run_user:" "$dir"
		chown root: "$state"
		setpriv --reuid="$run_user" --regid="$(id -g "$run_user")" --init-groups test -w "$dir" ||
			die "$run_user cannot write $dir (a parent directory is not searchable by it?): choose another --dir"
	fi
	bin=$dir/bin
	local eph_lo eph_hi
	read -r eph_lo eph_hi </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || eph_lo=32768 eph_hi=60999
	if ((base + 10 + 3 * shards >= eph_lo && base <= eph_hi || vtgate_port >= eph_lo && vtgate_port <= eph_hi)); then
		say "warning: ports $base-$((base + 10 + 3 * shards)) or $vtgate_port overlap the ephemeral ports ($eph_lo-$eph_hi), which outgoing connections may take first: choose --base-port and --port below $eph_lo"
	fi
	# A fresh start (nothing of this cluster running) needs its ports free.
	if ! alive etcd && ! alive vtctld && ! alive vtgate; then
		for p in "$etcd_port" "$etcd_peer_port" "$vtctld_port" "$vtctld_grpc" "$vtgate_http" "$vtgate_grpc" "$vtgate_port"; do
			! port_open "$p" || die "port $p is in use by another process (choose --base-port or --port)"
		done
	fi
	say "etcd on 127.0.0.1:$etcd_port"
	start_etcd
	say "vtctld on 127.0.0.1:$vtctld_port"
	start_vtctld
	for ((i = 0; i < shards; i++)); do
		say "shard $i (${shard_list[$i]}): simsql on 127.0.0.1:$(simsql_port "$i"), vttablet $(tablet_alias "$i") on 127.0.0.1:$(tablet_port "$i")"
		start_simsql "$i"
		start_tablet "$i"
	done
	for ((i = 0; i < shards; i++)); do
		make_primary "$i"
	done
	say "vtgate on 127.0.0.1:$vtgate_port"
	start_vtgate
	wait_for vtgate "$shards SERVING primaries in SHOW VITESS_TABLETS" all_serving
	say "ready: mariadb -h127.0.0.1 -P$vtgate_port simsql   (logs in $dir/logs)"
}

cmd_status() {
	load_state
	set_ports
	mapfile -t shard_list < <(shard_names "$shards")
	local name i bad=0
	for name in etcd vtctld vtgate; do
		if alive "$name"; then echo "$name: running (pid $(pid_of "$name"))"; else echo "$name: stopped"; bad=1; fi
	done
	for ((i = 0; i < shards; i++)); do
		for name in "simsql-$i" "vttablet-$i"; do
			if alive "$name"; then echo "$name (${shard_list[$i]}): running (pid $(pid_of "$name"))"; else echo "$name (${shard_list[$i]}): stopped"; bad=1; fi
		done
	done
	if alive vtgate; then
		echo "vtgate's tablets (SHOW VITESS_TABLETS):"
		mysql_at "$vtgate_port" "SHOW VITESS_TABLETS" 2>&1 | sed 's/^/  /' || true
	fi
	return $bad
}

cmd_stop() {
	[[ -f $state ]] || {
		say "no cluster in $dir"
		return 0
	}
	load_state
	local f name
	stop_component vtgate
	for f in "$dir"/pids/vttablet-*.pid "$dir"/pids/simsql-*.pid; do
		[[ -f $f ]] || continue
		name=$(basename "$f" .pid)
		stop_component "$name"
	done
	stop_component vtctld
	stop_component etcd
	[[ $cmd == destroy ]] || say "stopped (data kept in $dir; start again with: scripts/cluster.sh start --dir $dir)"
}

cmd_kill_shard() {
	load_state
	((shard_arg < shards)) || die "shard $shard_arg does not exist (the cluster has $shards shards)"
	local name pid
	for name in "simsql-$shard_arg" "vttablet-$shard_arg"; do
		pid=$(pid_of "$name")
		if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
			kill -KILL "$pid"
			while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
		fi
		rm -f "$dir/pids/$name.pid"
	done
	say "killed shard $shard_arg ($(shard_names "$shards" | sed -n "$((shard_arg + 1))p")): simsql and vttablet"
}

cmd_start_shard() {
	load_state
	((shard_arg < shards)) || die "shard $shard_arg does not exist (the cluster has $shards shards)"
	set_ports
	mapfile -t shard_list < <(shard_names "$shards")
	bin=$dir/bin
	if ((EUID == 0)); then run_user=${run_user:-simsql-vitess}; fi
	start_simsql "$shard_arg"
	start_tablet "$shard_arg"
	make_primary "$shard_arg"
	wait_for vtgate "$shards SERVING primaries in SHOW VITESS_TABLETS" all_serving
	say "shard $shard_arg (${shard_list[$shard_arg]}) is serving again"
}

case $cmd in
build) build_vitess && say "Vitess $VITESS_VERSION binaries in $cache/bin" ;;
start) cmd_start ;;
status) cmd_status ;;
stop) cmd_stop ;;
destroy)
	cmd_stop
	rm -rf "$dir"
	say "removed $dir"
	;;
kill-shard) cmd_kill_shard ;;
start-shard) cmd_start_shard ;;
*) usage ;;
esac
