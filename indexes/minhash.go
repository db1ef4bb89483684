package indexes

import (
	"encoding/binary"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/cespare/xxhash/v2"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/pigeonhole"
	"github.com/simsql/simsql/textsim"
)

// MinHashKind is the index kind "minhash": a band index of a column of
// minhash() signatures for a Jaccard threshold t,
//
//	sig VARBINARY(1038) AS (minhash(body)) STORED,
//	INDEX sig_j80 (sig) COMMENT 'minhash t=0.8'
//
// Exact form ('minhash t=T'): minhash_jaccard(a, b) ≥ t means that at
// least m = pigeonhole.MinAgree(n, t) of the n slots agree, so at most
// n − m differ; the index cuts the n slots into n − m + 1 bands
// (pigeonhole.ExactBands) and any qualifying pair agrees on one whole band
// — the pigeonhole principle of Manku, Jain & Das Sarma (WWW 2007) applied
// to slots instead of bits. A query looks up its own bands and verifies
// every candidate, so the index's answer to minhash_jaccard(sig, E) ≥ t'
// equals a full scan's for every t' ≥ t.
//
// Classic banding ('minhash t=T bands=B rows=R', Indyk & Motwani 1998):
// B bands of R slots; a pair at Jaccard similarity s is a candidate with
// probability 1 − (1 − s^R)^B. 'minhash t=T approximate' chooses the
// widest bands for which a pair at t is a candidate with probability at
// least 0.99 (pigeonhole.ChooseRows). Banded indexes serve jaccard()
// (verified) and near_duplicates over texts; they never answer
// minhash_jaccard, whose answer stays a scan's.
//
// Either form answers jaccard(body, E) ≥ t when sig is a stored
// minhash(body) column with the index's parameters: candidates from the
// bands that agree in at least pigeonhole.CandidateFloor slots (a pair at
// Jaccard t is missed with probability at most 1%), each verified by the
// exact jaccard(), so precision is 1.
//
// Parameters: t in (0, 1]; perm (num_perm, default 128) and seed (default
// 1) must be the signatures' own: a row whose signature differs, or whose
// value is not a signature, is refused with an error naming the row.
//
// Entries (pinned by TestMinHashEntriesGolden): per band i, the key [i as
// big-endian uint16][the top 48 bits of xxHash64 of the band's slot
// values, each big-endian uint64] with no value. Format 1 (indexes of
// catalog layout 1, made before layouts were recorded) adds one signature
// entry, key [0xFFFF][0 × 6], whose value is the low 16 bits of every slot
// (big-endian uint16s), from which candidates are checked before any row
// is read (two slots that agree agree in their low bits, so the check
// never drops a qualifying row). Format 2 (catalog layout 2, packed: every
// index made or rebuilt now) has the band entries only, 8 bytes and the
// row key each: candidates are checked from their rows' signatures, and
// near_duplicates reads the runs of equal band keys from the index.
type MinHashKind struct{}

var (
	_ catalog.SearchableKind = MinHashKind{}
	_ catalog.CompiledIndex  = (*minhashIndex)(nil)
)

// Name implements catalog.IndexKind.
func (MinHashKind) Name() string { return "minhash" }

// Example implements catalog.IndexKind.
func (MinHashKind) Example() string { return "'minhash t=0.8'" }

// minhashParams are the parameters of a minhash index COMMENT.
type minhashParams struct {
	t             float64
	numPerm       int
	seed          uint64
	nBands, nRows int  // classic banding when nBands > 0
	approximate   bool // classic banding chosen for t (pigeonhole.ChooseRows)
}

// minBandWidth is the fewest slots an exact index's bands may have on
// average: narrower bands make nearly every pair a candidate.
const minBandWidth = 2

// maxBands is the most bands an index may have (band numbers are 16 bits
// and 0xFFFF is the signature entry).
const maxBands = 0xFFFE

// parseMinHashComment reads "minhash t=T [perm=N] [seed=S] [bands=B
// rows=R]".
func parseMinHashComment(comment string) (minhashParams, error) {
	p := minhashParams{t: -1, numPerm: textsim.DefaultNumPerm, seed: textsim.DefaultSeed}
	fields := strings.Fields(comment)
	if len(fields) == 0 || !strings.EqualFold(fields[0], "minhash") {
		return p, fmt.Errorf("not a minhash index comment: %q", comment)
	}
	seen := map[string]bool{}
	for _, f := range fields[1:] {
		if strings.EqualFold(f, "approximate") {
			if p.approximate {
				return p, catalog.IndexParameterError("minhash index: approximate is given twice in %q", comment)
			}
			p.approximate = true
			continue
		}
		name, val, ok := strings.Cut(f, "=")
		name = strings.ToLower(name)
		if !ok || val == "" {
			return p, catalog.IndexParameterError("minhash index: unknown parameter %q (want t=T, and optionally perm=N seed=S bands=B rows=R)", f)
		}
		if seen[name] {
			return p, catalog.IndexParameterError("minhash index: %s is given twice in %q", name, comment)
		}
		seen[name] = true
		var err error
		switch name {
		case "t":
			p.t, err = strconv.ParseFloat(val, 64)
			if err != nil || !(p.t > 0 && p.t <= 1) {
				return p, catalog.IndexParameterError("minhash index: t must be a number greater than 0 and at most 1, got %q", val)
			}
		case "perm":
			p.numPerm, err = strconv.Atoi(val)
			if err != nil || p.numPerm < textsim.MinNumPerm || p.numPerm > textsim.MaxNumPerm {
				return p, catalog.IndexParameterError("minhash index: perm must be an integer from %d to %d, got %q", textsim.MinNumPerm, textsim.MaxNumPerm, val)
			}
		case "seed":
			p.seed, err = strconv.ParseUint(val, 10, 64)
			if err != nil {
				return p, catalog.IndexParameterError("minhash index: seed must be an integer from 0 to %d, got %q", uint64(math.MaxUint64), val)
			}
		case "bands", "rows":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > maxBands {
				return p, catalog.IndexParameterError("minhash index: %s must be an integer from 1 to %d, got %q", name, maxBands, val)
			}
			if name == "bands" {
				p.nBands = n
			} else {
				p.nRows = n
			}
		default:
			return p, catalog.IndexParameterError("minhash index: unknown parameter %q (want t=T, and optionally perm=N seed=S bands=B rows=R)", f)
		}
	}
	if p.approximate && p.nBands > 0 {
		return p, catalog.IndexParameterError("minhash index: approximate chooses bands and rows itself; give one or the other")
	}
	if p.t < 0 {
		return p, catalog.IndexParameterError("minhash index: the comment must give the Jaccard threshold, as in 'minhash t=0.8'")
	}
	if (p.nBands > 0) != (p.nRows > 0) {
		return p, catalog.IndexParameterError("minhash index: bands and rows go together (classic banding: bands=B rows=R)")
	}
	if p.nBands*p.nRows > p.numPerm {
		return p, catalog.IndexParameterError("minhash index: bands=%d rows=%d needs %d slots, but signatures have perm=%d", p.nBands, p.nRows, p.nBands*p.nRows, p.numPerm)
	}
	return p, nil
}

// minhashIndex is a minhash index compiled.
type minhashIndex struct {
	minhashParams
	name   string
	exact  bool
	m      int // exact form: the fewest agreeing slots of a pair at estimate ≥ t
	bands  []pigeonhole.Band
	hasher *textsim.MinHasher
	// sigEntry: the index has a signature entry per row (format 1).
	sigEntry bool
	// source is the column whose text the indexed column signs
	// (minhash(source) with the index's perm and seed), or "".
	source string
}

// Compile implements catalog.IndexKind: one binary string column
// (VARBINARY, BLOB, BINARY) and a comment "minhash t=T …".
func (MinHashKind) Compile(spec catalog.IndexSpec) (catalog.CompiledIndex, error) {
	p, err := parseMinHashComment(spec.Comment)
	if err != nil {
		return nil, err
	}
	if len(spec.Columns) != 1 {
		return nil, catalog.IndexColumnCountError("minhash index %s: index one signature column, not %d", spec.Name, len(spec.Columns))
	}
	if !types.IsBinaryType(spec.Types[0]) {
		return nil, catalog.IndexColumnError("minhash index %s: column %s is %s; a signature column is VARBINARY or BLOB (minhash() signatures)",
			spec.Name, spec.Columns[0], spec.Types[0].String())
	}
	if p.approximate {
		b, r, ok := pigeonhole.ChooseRows(p.numPerm, p.t, 0.99)
		if !ok {
			return nil, catalog.IndexParameterError("minhash index %s: no banding of %d slots finds a pair at Jaccard %v with probability 0.99", spec.Name, p.numPerm, p.t)
		}
		p.nBands, p.nRows = b, r
	}
	x := &minhashIndex{minhashParams: p, name: spec.Name, exact: p.nBands == 0, sigEntry: spec.Layout < 2}
	if x.exact {
		x.m = pigeonhole.MinAgree(p.numPerm, p.t)
		x.bands, err = pigeonhole.ExactBands(p.numPerm, p.t, minBandWidth)
		if err != nil {
			msg := fmt.Sprintf("minhash index %s: %v", spec.Name, err)
			if b, r, ok := pigeonhole.ChooseRows(p.numPerm, p.t, 0.99); ok {
				msg += fmt.Sprintf("; for example COMMENT 'minhash t=%v bands=%d rows=%d' (or 'minhash t=%v approximate', the same) finds a pair at Jaccard %v with probability %.3f",
					p.t, b, r, p.t, p.t, pigeonhole.CandidateProbability(p.t, pigeonhole.Rows(b, r)))
			}
			return nil, catalog.IndexParameterError("%s", msg)
		}
		if len(x.bands) > maxBands {
			return nil, catalog.IndexParameterError("minhash index %s: %d bands, at most %d", spec.Name, len(x.bands), maxBands)
		}
	} else {
		x.bands = pigeonhole.Rows(p.nBands, p.nRows)
	}
	if x.hasher, err = textsim.NewMinHasher(p.numPerm, p.seed); err != nil {
		return nil, err
	}
	if len(spec.Generated) == 1 {
		if col, n, seed, ok := parseMinHashCall(spec.Generated[0]); ok && n == p.numPerm && seed == p.seed {
			x.source = col
		}
	}
	return x, nil
}

// minhashCall matches a generated column's SQL, normalised (lower case, no
// back-quotes or blanks): minhash(col), minhash(col,n) or
// minhash(col,n,seed), the column perhaps qualified.
var minhashCall = regexp.MustCompile(`^minhash\((?:[a-z0-9_$]+\.)?([a-z0-9_$]+)(?:,(\d+)(?:,(\d+))?)?\)$`)

// parseMinHashCall returns the column, num_perm and seed of a generated
// expression that is a minhash() call on a column.
func parseMinHashCall(sqlText string) (column string, numPerm int, seed uint64, ok bool) {
	s := strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(sqlText, "`", "")), ""))
	for strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") && !strings.HasPrefix(s, "minhash(") {
		s = s[1 : len(s)-1]
	}
	g := minhashCall.FindStringSubmatch(s)
	if g == nil {
		return "", 0, 0, false
	}
	numPerm, seed = textsim.DefaultNumPerm, textsim.DefaultSeed
	if g[2] != "" {
		n, err := strconv.Atoi(g[2])
		if err != nil {
			return "", 0, 0, false
		}
		numPerm = n
	}
	if g[3] != "" {
		s, err := strconv.ParseUint(g[3], 10, 64)
		if err != nil {
			return "", 0, 0, false
		}
		seed = s
	}
	return g[1], numPerm, seed, true
}

// minhashOf returns the minhash index compiled in ci.
func minhashOf(ci *catalog.CustomIndex) *minhashIndex { return ci.Compiled.(*minhashIndex) }

// minhashKeyLen is the length of a minhash index key: a 16-bit band
// number and 48 bits of the band's hash.
const minhashKeyLen = 8

// sigBand is the band number of the signature entry.
const sigBand = 0xFFFF

// KeyLength implements catalog.CompiledIndex.
func (x *minhashIndex) KeyLength() int { return minhashKeyLen }

// bandKey returns the key of band b of the slot values: the band number
// and the top 48 bits of bandHash.
func (x *minhashIndex) bandKey(b int, values []uint64) []byte {
	band := x.bands[b]
	slots := make([]byte, 8*band.Hi)
	for i := band.Lo; i < band.Hi; i++ {
		binary.BigEndian.PutUint64(slots[8*i:], values[i])
	}
	return x.appendBandKey(make([]byte, 0, minhashKeyLen+2), b, slots)
}

// appendBandKey appends the key of band b to dst, from the slot values
// as a signature stores them (textsim.SignatureSlots: value i, big-endian,
// at byte 8i).
func (x *minhashIndex) appendBandKey(dst []byte, b int, slots []byte) []byte {
	band := x.bands[b]
	dst = binary.BigEndian.AppendUint16(dst, uint16(b))
	var h [8]byte
	binary.BigEndian.PutUint64(h[:], bandHash(slots[8*band.Lo:8*band.Hi]))
	return append(dst, h[:minhashKeyLen-2]...)
}

// bandHash is xxHash64 (seed 0) of a band's slot values, each as a
// big-endian uint64 (as a signature stores them: textsim.SignatureSlots).
func bandHash(slots []byte) uint64 { return xxhash.Sum64(slots) }

// sigKey is the key of the signature entry.
var sigKey = []byte{0xFF, 0xFF, 0, 0, 0, 0, 0, 0}

// lowBits returns the signature entry's value: the low 16 bits of every
// slot (slots as textsim.SignatureSlots gives them).
func lowBits(slots []byte) []byte {
	out := make([]byte, len(slots)/4)
	for i := range len(slots) / 8 {
		copy(out[2*i:2*i+2], slots[8*i+6:8*i+8])
	}
	return out
}

// agreeLow counts the slots whose low 16 bits agree between a signature
// entry's value and the query's values: at least the number of slots that
// agree. −1 if the value is damaged.
func agreeLow(value []byte, values []uint64) int {
	if len(value) != 2*len(values) {
		return -1
	}
	n := 0
	for i, v := range values {
		if binary.BigEndian.Uint16(value[2*i:]) == uint16(v) {
			n++
		}
	}
	return n
}

// signature returns the signature in a value of the indexed column, which
// must have the index's num_perm and seed.
func (x *minhashIndex) signature(v any) (textsim.Signature, error) {
	var b []byte
	switch s := v.(type) {
	case []byte:
		b = s
	case string:
		b = []byte(s)
	default:
		return textsim.Signature{}, fmt.Errorf("minhash index %s: %T is not a minhash() signature", x.name, v)
	}
	if !textsim.IsSignature(b) {
		return textsim.Signature{}, fmt.Errorf("minhash index %s: a %d-byte value that is not a minhash() signature", x.name, len(b))
	}
	if textsim.IsBottomK(b) {
		// A bottom-k sketch has no slots: its i-th value is the i-th
		// smallest of one permutation, so two similar sets shift their
		// values past each other and the pigeonhole over slots (a pair at
		// estimate ≥ t agrees fully in one band) does not hold.
		return textsim.Signature{}, fmt.Errorf("minhash index %s: bottom-k signatures (minhash(…, 'bottom-k')) cannot be indexed: the index's bands need the slots of k-permutation signatures; index minhash(col, %d, %d) instead",
			x.name, x.numPerm, x.seed)
	}
	sig, err := textsim.ParseSignature(b)
	if err != nil {
		return textsim.Signature{}, fmt.Errorf("minhash index %s: %v", x.name, err)
	}
	if err := x.compatible(sig); err != nil {
		return textsim.Signature{}, err
	}
	return sig, nil
}

// compatible checks that sig has the index's num_perm and seed.
func (x *minhashIndex) compatible(sig textsim.Signature) error {
	if len(sig.Values) != x.numPerm || sig.Seed != x.seed {
		return fmt.Errorf("minhash index %s: a signature of %d permutations with seed %d, but the index is for perm=%d seed=%d (an index with COMMENT 'minhash t=%v perm=%d seed=%d' takes those)",
			x.name, len(sig.Values), sig.Seed, x.numPerm, x.seed, x.t, len(sig.Values), sig.Seed)
	}
	return nil
}

// slots returns the slot values of v, a value of the indexed column, as
// stored (textsim.SignatureSlots), if it is a binary k-permutation
// signature of the index's num_perm and seed: what signature accepts,
// without copying or parsing it. ok is false otherwise; signature then
// parses it, or says what is wrong.
func (x *minhashIndex) slots(v any) (slots []byte, ok bool) {
	b, isBytes := v.([]byte)
	if !isBytes {
		return nil, false
	}
	slots, seed, ok := textsim.SignatureSlots(b)
	if !ok || seed != x.seed || len(slots) != 8*x.numPerm {
		return nil, false
	}
	return slots, true
}

// CheckValues implements catalog.ValueChecker: the error Entries returns
// for a value that is not a k-permutation signature of the index's perm
// and seed; nil for one and for NULL.
func (x *minhashIndex) CheckValues(vals []any) error {
	if vals[0] == nil {
		return nil
	}
	if _, ok := x.slots(vals[0]); ok {
		return nil
	}
	_, err := x.signature(vals[0])
	return err
}

// Entries implements catalog.CompiledIndex: one entry per band and, in
// format 1, the signature entry; none for NULL. The bands are hashed from
// the value's bytes (a LOAD DATA of a million signatures parsed each one
// twice, CheckValues and Entries, 2 KB of garbage a row).
func (x *minhashIndex) Entries(vals []any, add func(key, value []byte)) error {
	if vals[0] == nil {
		return nil
	}
	slots, ok := x.slots(vals[0])
	if !ok {
		sig, err := x.signature(vals[0]) // a string, or an error
		if err != nil {
			return err
		}
		slots = make([]byte, 0, 8*len(sig.Values))
		for _, v := range sig.Values {
			slots = binary.BigEndian.AppendUint64(slots, v)
		}
	}
	keys := make([]byte, 0, minhashKeyLen*len(x.bands))
	for b := range x.bands {
		keys = x.appendBandKey(keys, b, slots)
		add(keys[len(keys)-minhashKeyLen:], nil)
	}
	if x.sigEntry {
		add(sigKey, lowBits(slots))
	}
	return nil
}

// describe is the index's form for EXPLAIN.
func (x *minhashIndex) describe() string {
	if x.exact {
		return fmt.Sprintf("exact, %d bands", len(x.bands))
	}
	return fmt.Sprintf("approximate, %d bands of %d slots", x.nBands, x.nRows)
}
