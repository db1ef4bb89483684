#!/usr/bin/env bash
# fetch-corpora.sh: fetch the text corpora that simsql's tests and benchmarks
# use, by package name, and convert them to JSON Lines.
#
#   scripts/fetch-corpora.sh [-v]
#
# Target directory: ${SIMSQL_CORPORA:-<repo>/.corpora} (gitignored; never commit it).
#
#   spdx/licenses.jsonl        {"id": "<SPDX id>", "name": "<licence name>", "body": "<licence text>"}
#                              one line per licence, sorted by id (byte order);
#                              source: npm package spdx-license-list (spdx-full.json)
#   spdx/texts/<id>.txt        the body of each licence, byte for byte (no newline added)
#   fortunes-zh/fortunes.jsonl {"id": "<file>-<n>", "source": "<file>", "body": "<entry>"}
#                              n counts from 1 within each file; files in name order;
#                              source: Debian package fortunes-zh (UTF-8 fortune files),
#                              with ANSI escape sequences and trailing whitespace removed
#   MANIFEST.txt               packages, versions, sha256 of what was downloaded, counts
#
# Idempotent: a corpus is rebuilt only if its output or its manifest is missing
# or does not match, or this script changed since it was built. Quiet unless
# something fails (or -v / SIMSQL_CORPORA_VERBOSE=1). Needs npm/node (installed
# with apt-get if missing and running as root), apt-get and dpkg-deb.
set -euo pipefail

SPDX_PKG=spdx-license-list
SPDX_VERSION=6.12.0
FORTUNES_PKG=fortunes-zh

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target=${SIMSQL_CORPORA:-$repo/.corpora}
verbose=${SIMSQL_CORPORA_VERBOSE:-0}
if [[ ${1:-} == -v ]]; then verbose=1; fi
# Any change to this script (versions, conversion rules) invalidates the outputs.
recipe=$(sha256sum "${BASH_SOURCE[0]}" | cut -d' ' -f1)

die() { echo "fetch-corpora: $*" >&2; exit 1; }
say() { if [[ $verbose == 1 ]]; then echo "fetch-corpora: $*"; fi; }

mkdir -p "$target"
target=$(cd "$target" && pwd)
exec 9>"$target/.lock"
flock 9 || die "cannot lock $target/.lock"

work=$(mktemp -d "$target/.work.XXXXXX")
trap 'rm -rf "$work"' EXIT
log=$work/log

# run CMD...: run quietly, appending to the log; on failure show the log and stop.
run() {
	if ! "$@" >>"$log" 2>&1 </dev/null; then
		cat "$log" >&2
		die "failed: $*"
	fi
}

sha256() { sha256sum "$1" | cut -d' ' -f1; }

# section_ok NAME: the corpus in $target/NAME was built by this very script
# and its output still has the checksum its manifest recorded.
section_ok() {
	local dir=$target/$1 m=$target/$1/.manifest out sum n
	[[ -f $m ]] || return 1
	grep -qx "recipe=$recipe" "$m" || return 1
	out=$(sed -n 's/^output=//p' "$m")
	sum=$(sed -n 's/^output_sha256=//p' "$m")
	[[ -n $out && -f $dir/$out && $(sha256 "$dir/$out") == "$sum" ]] || return 1
	if grep -q '^texts=' "$m"; then
		n=$(sed -n 's/^texts=//p' "$m")
		[[ -d $dir/texts && $(find "$dir/texts" -type f -name '*.txt' | wc -l) == "$n" ]] || return 1
	fi
}

# install_section NAME: replace $target/NAME with $work/out/NAME.
install_section() {
	rm -rf "${target:?}/$1"
	mv "$work/out/$1" "$target/$1"
}

ensure_npm() {
	if command -v npm >/dev/null && command -v node >/dev/null; then return; fi
	[[ $(id -u) == 0 ]] || die "npm and node are needed: install nodejs and npm"
	export DEBIAN_FRONTEND=noninteractive
	if ! apt-get install -y -q --no-install-recommends nodejs npm >>"$log" 2>&1 </dev/null; then
		run apt-get update -q
		run apt-get install -y -q --no-install-recommends nodejs npm
	fi
}

# ---------------------------------------------------------------------------
# SPDX licence texts (npm: spdx-license-list)

build_spdx() {
	ensure_npm
	local dl=$work/spdx-dl out=$work/out/spdx tgz
	mkdir -p "$dl" "$out/texts"
	(cd "$dl" && run npm pack --loglevel=warn --no-fund --no-audit --no-update-notifier "$SPDX_PKG@$SPDX_VERSION")
	tgz=$dl/$SPDX_PKG-$SPDX_VERSION.tgz
	[[ -f $tgz ]] || { cat "$log" >&2; die "npm pack made no $tgz"; }
	run tar -xzf "$tgz" -C "$dl" --no-same-owner
	[[ -f $dl/package/spdx-full.json ]] || die "$SPDX_PKG $SPDX_VERSION has no package/spdx-full.json"

	# spdx-full.json (what require('spdx-license-list/full') returns) maps
	# SPDX id -> {name, url, osiApproved, licenseText}.
	node - "$dl/package/spdx-full.json" "$out" <<'EOF' >"$work/spdx.count" 2>>"$log" || { cat "$log" >&2; die "converting $SPDX_PKG failed"; }
const fs = require('fs');
const path = require('path');
const [src, out] = process.argv.slice(2);
const full = JSON.parse(fs.readFileSync(src, 'utf8'));
const ids = Object.keys(full).sort();  // code-unit order = byte order for these ASCII ids
if (ids.length < 500) throw new Error(`only ${ids.length} licences in ${src}`);
const lines = [];
const seen = new Set();
for (const id of ids) {
  const l = full[id];
  if (!/^[A-Za-z0-9][A-Za-z0-9.+-]*$/.test(id)) throw new Error(`unexpected SPDX id ${JSON.stringify(id)}`);
  if (seen.has(id.toLowerCase())) throw new Error(`ids differ only in case: ${id}`);
  seen.add(id.toLowerCase());
  if (typeof l.name !== 'string' || !l.name) throw new Error(`${id}: no name`);
  if (typeof l.licenseText !== 'string' || !l.licenseText.trim()) throw new Error(`${id}: no licenseText`);
  lines.push(JSON.stringify({id, name: l.name, body: l.licenseText}) + '\n');
  fs.writeFileSync(path.join(out, 'texts', id + '.txt'), l.licenseText);
}
fs.writeFileSync(path.join(out, 'licenses.jsonl'), lines.join(''));
console.log(lines.length);
EOF
	local count
	count=$(cat "$work/spdx.count")
	cat >"$out/.manifest" <<EOF
[spdx]
package=npm:$SPDX_PKG
version=$SPDX_VERSION
source=$(basename "$tgz")
source_sha256=$(sha256 "$tgz")
source_data=package/spdx-full.json
records=$count
texts=$count
output=licenses.jsonl
output_sha256=$(sha256 "$out/licenses.jsonl")
recipe=$recipe
EOF
	install_section spdx
	say "spdx: $count licences from $SPDX_PKG $SPDX_VERSION"
}

# ---------------------------------------------------------------------------
# Chinese fortunes (Debian: fortunes-zh)

build_fortunes() {
	command -v node >/dev/null || ensure_npm
	local dl=$work/fortunes-dl out=$work/out/fortunes-zh deb version fdir
	mkdir -p "$dl/root" "$out"
	chmod 755 "$work" "$dl" # let apt's _apt user write the download
	if ! (cd "$dl" && apt-get download -q "$FORTUNES_PKG" >>"$log" 2>&1 </dev/null); then
		# Most likely no package lists yet (fresh machine): update and retry.
		[[ $(id -u) == 0 ]] || { cat "$log" >&2; die "apt-get download $FORTUNES_PKG failed"; }
		run apt-get update -q
		(cd "$dl" && run apt-get download -q "$FORTUNES_PKG")
	fi
	deb=$(find "$dl" -maxdepth 1 -name "${FORTUNES_PKG}_*.deb" | head -n1)
	[[ -n $deb ]] || { cat "$log" >&2; die "apt-get download made no .deb"; }
	version=$(dpkg-deb -f "$deb" Version)
	run dpkg-deb -x "$deb" "$dl/root"
	fdir=$dl/root/usr/share/games/fortunes
	[[ -d $fdir ]] || die "$FORTUNES_PKG $version has no usr/share/games/fortunes"

	# A fortune file is a text file with a strfile index NAME.dat beside it;
	# NAME.u8 links (UTF-8 variants) are the same files and are skipped.
	local files=() dat
	while IFS= read -r -d '' dat; do
		[[ -f ${dat%.dat} && ! -L ${dat%.dat} ]] || die "no text file for $dat"
		files+=("${dat%.dat}")
	done < <(find "$fdir" -type f -name '*.dat' -print0 | sort -z)
	((${#files[@]} > 0)) || die "no fortune files in $FORTUNES_PKG $version"

	node - "$out/fortunes.jsonl" "${files[@]}" <<'EOF' >"$work/fortunes.counts" 2>>"$log" || { cat "$log" >&2; die "converting $FORTUNES_PKG failed"; }
const fs = require('fs');
const path = require('path');
const [out, ...files] = process.argv.slice(2);

function stripAnsi(s) {
  return s
    // A CSI cut short by another one, its final byte after it ("ESC[;ESC[34;1mm",
    // 3 times in "chinese"): drop all of it.
    .replace(/\x1b\[[0-?]*(\x1b\[[0-?]*[ -\/]*[@-~])m/g, '')
    // CSI sequences: ESC [ params intermediates final (colours are ESC[...m).
    .replace(/\x1b\[[0-?]*[ -\/]*[@-~]/g, '')
    .replace(/\u009b[0-?]*[ -\/]*[@-~]/g, '')
    // OSC strings, then any other two-byte escape, then a cut-short CSI.
    .replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, '')
    .replace(/\x1b[@-Z\\-_]/g, '')
    .replace(/\x1b\[?[0-?]*/g, '');
}

const seenSources = new Set();
const lines = [];
for (const file of files) {
  const source = path.basename(file);
  if (seenSources.has(source)) throw new Error(`two fortune files named ${source}`);
  seenSources.add(source);
  const buf = fs.readFileSync(file);
  let text;
  try {
    text = new TextDecoder('utf-8', {fatal: true, ignoreBOM: false}).decode(buf);
  } catch (e) {
    throw new Error(`${source} is not valid UTF-8; convert it (iconv) before use`);
  }
  text = stripAnsi(text.replace(/\r\n?/g, '\n'));
  const ctl = text.match(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  if (ctl) throw new Error(`${source}: control character U+${ctl[0].charCodeAt(0).toString(16)} left after cleaning`);
  // strfile delimiter lines are "%"; one in song100 is "%" plus spaces.
  const entries = [];
  let cur = [];
  const flush = () => {
    while (cur.length && cur[0] === '') cur.shift();
    while (cur.length && cur[cur.length - 1] === '') cur.pop();
    if (cur.length) entries.push(cur.join('\n'));
    cur = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (line === '%') flush(); else cur.push(line);
  }
  flush();
  const dat = fs.readFileSync(file + '.dat');
  const strfileCount = dat.length >= 8 ? dat.readUInt32BE(4) : -1;
  entries.forEach((body, i) => {
    lines.push(JSON.stringify({id: `${source}-${i + 1}`, source, body}) + '\n');
  });
  console.log(`${source} ${entries.length} ${buf.length} ${strfileCount}`);
}
fs.writeFileSync(out, lines.join(''));
EOF
	local total=0 name n bytes nstr filelines=""
	while read -r name n bytes nstr; do
		total=$((total + n))
		filelines+="file=$name entries=$n bytes=$bytes encoding=UTF-8 strfile_count=$nstr"$'\n'
	done <"$work/fortunes.counts"
	cat >"$out/.manifest" <<EOF
[fortunes-zh]
package=deb:$FORTUNES_PKG
version=$version
source=$(basename "$deb")
source_sha256=$(sha256 "$deb")
${filelines}records=$total
output=fortunes.jsonl
output_sha256=$(sha256 "$out/fortunes.jsonl")
recipe=$recipe
EOF
	install_section fortunes-zh
	say "fortunes-zh: $total entries from $FORTUNES_PKG $version"
}

# ---------------------------------------------------------------------------

if section_ok spdx; then say "spdx: up to date"; else build_spdx; fi
if section_ok fortunes-zh; then say "fortunes-zh: up to date"; else build_fortunes; fi

{
	echo "# simsql corpora, made by scripts/fetch-corpora.sh; do not edit."
	echo "# records = lines of the JSONL output; sha256 of the downloaded package and of the output."
	echo
	cat "$target/spdx/.manifest"
	echo
	cat "$target/fortunes-zh/.manifest"
} >"$work/MANIFEST.txt"
if ! cmp -s "$work/MANIFEST.txt" "$target/MANIFEST.txt"; then
	mv "$work/MANIFEST.txt" "$target/MANIFEST.txt"
fi
