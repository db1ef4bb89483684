package indexes

import (
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/textsim"
)

func TestParseMinHashComment(t *testing.T) {
	for _, tc := range []struct {
		comment string
		want    minhashParams
		err     string
	}{
		{comment: "minhash t=0.8", want: minhashParams{t: 0.8, numPerm: 128, seed: 1}},
		{comment: "MINHASH  T=0.9\tperm=64 seed=7", want: minhashParams{t: 0.9, numPerm: 64, seed: 7}},
		{comment: "minhash t=0.5 bands=20 rows=5", want: minhashParams{t: 0.5, numPerm: 128, seed: 1, nBands: 20, nRows: 5}},
		{comment: "minhash t=1", want: minhashParams{t: 1, numPerm: 128, seed: 1}},
		{comment: "minhash", err: "must give the Jaccard threshold"},
		{comment: "minhash t=0", err: "greater than 0 and at most 1"},
		{comment: "minhash t=1.2", err: "greater than 0 and at most 1"},
		{comment: "minhash t=x", err: "greater than 0 and at most 1"},
		{comment: "minhash t=0.8 t=0.9", err: "t is given twice"},
		{comment: "minhash t=0.8 k=3", err: "unknown parameter \"k=3\""},
		{comment: "minhash t=0.8 perm=5000", err: "perm must be an integer from 1 to 4096"},
		{comment: "minhash t=0.8 seed=-1", err: "seed must be an integer"},
		{comment: "minhash t=0.8 bands=20", err: "bands and rows go together"},
		{comment: "minhash t=0.8 bands=20 rows=7", err: "needs 140 slots"},
		{comment: "minhash t=0.8 rows=", err: "unknown parameter"},
		{comment: "minhash t=0.5 approximate", want: minhashParams{t: 0.5, numPerm: 128, seed: 1, approximate: true}},
		{comment: "minhash t=0.5 approximate bands=2 rows=3", err: "give one or the other"},
	} {
		got, err := parseMinHashComment(tc.comment)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.comment, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q = %+v, %v; want %+v", tc.comment, got, err, tc.want)
		}
	}
}

func TestParseMinHashCall(t *testing.T) {
	for _, tc := range []struct {
		sql    string
		column string
		n      int
		seed   uint64
		ok     bool
	}{
		{"minhash(`body`)", "body", 128, 1, true},
		{"(minhash(body))", "body", 128, 1, true},
		{"MINHASH( `docs`.`Body` , 64 )", "body", 64, 1, true},
		{"minhash(body, 256, 9)", "body", 256, 9, true},
		{"minhash(concat(a, b))", "", 0, 0, false},
		{"minhash(body, n)", "", 0, 0, false},
		{"simhash(body)", "", 0, 0, false},
	} {
		col, n, seed, ok := parseMinHashCall(tc.sql)
		if ok != tc.ok || col != tc.column || n != tc.n || seed != tc.seed {
			t.Errorf("%q = %q %d %d %v; want %q %d %d %v", tc.sql, col, n, seed, ok, tc.column, tc.n, tc.seed, tc.ok)
		}
	}
}

func minhashSpec(comment string, typ sql.Type, generated string) catalog.IndexSpec {
	return catalog.IndexSpec{Name: "sig_i", Comment: comment, Columns: []string{"sig"}, Types: []sql.Type{typ}, Generated: []string{generated}, Values: true}
}

func TestMinHashCompile(t *testing.T) {
	vb := types.MustCreateBinary(sqltypes.VarBinary, 2000)
	for _, tc := range []struct {
		comment string
		typ     sql.Type
		bands   int
		err     string
	}{
		{comment: "minhash t=0.8", typ: vb, bands: 26},
		{comment: "minhash t=0.9 perm=256", typ: types.LongBlob, bands: 26}, // 256 − 231 + 1
		{comment: "minhash t=0.5 bands=20 rows=5", typ: vb, bands: 20},
		{comment: "minhash t=0.5", typ: vb, err: "for example COMMENT 'minhash t=0.5 bands=35 rows=3'"},
		{comment: "minhash t=0.5 approximate", typ: vb, bands: 35}, // pigeonhole.ChooseRows(128, 0.5, 0.99): 35 × 3
		{comment: "minhash t=0.8", typ: types.Text, err: "a signature column is VARBINARY or BLOB"},
		{comment: "minhash t=0.8", typ: types.Uint64, err: "a signature column is VARBINARY or BLOB"},
	} {
		c, err := MinHashKind{}.Compile(minhashSpec(tc.comment, tc.typ, ""))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q on %s: error %v, want %q", tc.comment, tc.typ, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tc.comment, err)
		}
		if got := len(c.(*minhashIndex).bands); got != tc.bands {
			t.Errorf("%q: %d bands, want %d", tc.comment, got, tc.bands)
		}
	}
	c, _ := MinHashKind{}.Compile(minhashSpec("minhash t=0.8", vb, "minhash(`body`)"))
	if src := c.(*minhashIndex).source; src != "body" {
		t.Errorf("source column %q, want body", src)
	}
	c, _ = MinHashKind{}.Compile(minhashSpec("minhash t=0.8", vb, "minhash(`body`, 64)"))
	if src := c.(*minhashIndex).source; src != "" {
		t.Errorf("a 64-permutation column is not the source of a 128-permutation index, got %q", src)
	}
}

// TestMinHashEntriesGolden pins the stored bits of minhash index entries
// of both formats: format 1 (catalog layout 1) has the band keys and the
// signature entry of minhash('a b c d'), format 2 (layout 2, packed) the
// same band keys and no signature entry. A change here is a new entry
// format: it needs a version and a way to read (or rebuild) the old one.
func TestMinHashEntriesGolden(t *testing.T) {
	for _, layout := range []int{1, 2} {
		t.Run(fmt.Sprintf("layout %d", layout), func(t *testing.T) { testMinHashEntriesGolden(t, layout) })
	}
}

func testMinHashEntriesGolden(t *testing.T, layout int) {
	spec := minhashSpec("minhash t=0.8", types.LongBlob, "")
	spec.Layout = layout
	c, err := MinHashKind{}.Compile(spec)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := textsim.NewMinHasher(128, 1)
	sig, _ := m.Sum([]string{"a", "b", "c", "d"}).MarshalBinary()
	var keys []string
	var sigValue string
	err = c.Entries([]any{sig}, func(key, value []byte) {
		if len(key) != 8 {
			t.Fatalf("%d-byte key", len(key))
		}
		if key[0] == 0xFF && key[1] == 0xFF {
			sigValue = hex.EncodeToString(value)
			return
		}
		if value != nil {
			t.Fatalf("band entry with a value %x", value)
		}
		keys = append(keys, hex.EncodeToString(key))
	})
	if err != nil {
		t.Fatal(err)
	}
	wantSig := 2 * 2 * 128
	if layout == 2 {
		wantSig = 0
	}
	if len(keys) != 26 || len(sigValue) != wantSig {
		t.Fatalf("%d band entries and a %d-digit signature entry, want 26 and %d", len(keys), len(sigValue), wantSig)
	}
	for i, want := range goldenBandKeys {
		if keys[i] != want {
			t.Errorf("band %d: key %s, want %s", i, keys[i], want)
		}
	}
	if layout == 1 && !strings.HasPrefix(sigValue, goldenSigPrefix) {
		t.Errorf("signature entry %s…, want %s…", sigValue[:len(goldenSigPrefix)], goldenSigPrefix)
	}
	if err := c.Entries([]any{nil}, func(_, _ []byte) { t.Error("an entry for NULL") }); err != nil {
		t.Error(err)
	}
	for _, bad := range []any{[]byte("hello"), int64(5), sig[:20]} {
		if err := c.Entries([]any{bad}, func(_, _ []byte) {}); err == nil || !strings.Contains(err.Error(), "minhash index sig_i") {
			t.Errorf("%v: error %v, want one naming the index", bad, err)
		}
	}
}

// TestMinHashEntriesNoParse: a LOAD DATA of a million signatures parsed
// each one twice (CheckValues, then Entries), each parse a copy of its
// 128 values: 2 KB of garbage a row. Entries and CheckValues now read a
// binary signature in place: CheckValues allocates nothing and Entries
// only the band keys it hands out; and the entries of the same signature
// as a string (parsed, as before) are the same bytes, for both formats.
func TestMinHashEntriesNoParse(t *testing.T) {
	m, _ := textsim.NewMinHasher(128, 1)
	sig, _ := m.Sum([]string{"a", "b", "c", "d"}).MarshalBinary()
	for _, layout := range []int{1, 2} {
		spec := minhashSpec("minhash t=0.8", types.LongBlob, "")
		spec.Layout = layout
		c, err := MinHashKind{}.Compile(spec)
		if err != nil {
			t.Fatal(err)
		}
		vc := c.(catalog.ValueChecker)
		vals := []any{sig}
		if n := testing.AllocsPerRun(100, func() {
			if err := vc.CheckValues(vals); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("layout %d: CheckValues allocates %v times a row, want 0", layout, n)
		}
		want := 1 // the band keys
		if layout == 1 {
			want = 2 // and the signature entry's value
		}
		if n := testing.AllocsPerRun(100, func() {
			if err := c.Entries(vals, func(_, _ []byte) {}); err != nil {
				t.Fatal(err)
			}
		}); n > float64(want) {
			t.Errorf("layout %d: Entries allocates %v times a row, want at most %d", layout, n, want)
		}
		entries := func(v any) string {
			var b strings.Builder
			if err := c.Entries([]any{v}, func(key, value []byte) { fmt.Fprintf(&b, "%x=%x ", key, value) }); err != nil {
				t.Fatal(err)
			}
			return b.String()
		}
		if got, want := entries(string(sig)), entries(sig); got != want {
			t.Errorf("layout %d: entries of the signature as a string\n%s\nwant (as bytes)\n%s", layout, got, want)
		}
		if err := vc.CheckValues([]any{string(sig)}); err != nil {
			t.Errorf("layout %d: CheckValues of the signature as a string: %v", layout, err)
		}
	}
}

var goldenBandKeys = []string{
	"000018c214369b4a",
	"0001ddcf6ba128c2",
	"00022b68092d4441",
	"0003e4056028fc21",
	"0004d739a7ac0f4b",
	"0005f9c24a571789",
	"0006ea89a8c1cbdd",
	"0007a8a5092a9687",
	"000815564a6d7705",
	"00094ecf720b8786",
	"000aac793f45a255",
	"000b8f808b24b215",
	"000cddd407f40477",
	"000d011b48a7920a",
	"000e35e8a24a33be",
	"000f403ad7ff1eca",
	"001079ce7ac45bfa",
	"00113fad54699e84",
	"0012e484d9ac0e30",
	"001362f7539f2b9e",
	"00142603528b1226",
	"0015995224373735",
	"001695da3bdd8eb8",
	"0017d0f9bb7e41dc",
	"0018c1ee91120861",
	"00198c5f1921af0b",
}

const goldenSigPrefix = "5b4916170c237651aefd465364db3a93"

// TestMinHashRefusesBottomK: a bottom-k signature has no slots, so the
// index's pigeonhole over bands does not hold for it; the index refuses it
// with an error that says so, even one whose k and seed match the index.
func TestMinHashRefusesBottomK(t *testing.T) {
	c, err := MinHashKind{}.Compile(minhashSpec("minhash t=0.8", types.LongBlob, ""))
	if err != nil {
		t.Fatal(err)
	}
	h, _ := textsim.NewBottomKHasher(128, 1)
	for _, set := range [][]string{{"a", "b", "c", "d"}, nil} {
		sig, _ := h.Sum(set).MarshalBinary()
		err = c.Entries([]any{sig}, func(_, _ []byte) { t.Error("an entry for a bottom-k signature") })
		if err == nil || !strings.Contains(err.Error(), "minhash index sig_i: bottom-k signatures (minhash(…, 'bottom-k')) cannot be indexed") {
			t.Errorf("%v: error %v, want the bottom-k refusal", set, err)
		}
	}
}
