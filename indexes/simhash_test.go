package indexes

import (
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/catalog"
)

// TestParseK is the COMMENT grammar of the simhash kind: "simhash k=N",
// N from 0 to MaxK, words split by white space, case ignored, nothing
// else accepted (a comma was, until 2026-12-03).
func TestParseK(t *testing.T) {
	for _, tc := range []struct {
		comment string
		k       int
		err     string // in the error; "" for none
	}{
		{"simhash k=3", 3, ""},
		{"SIMHASH\tK=0", 0, ""},
		{"SimHash  K=16 ", 16, ""},
		{"simhash k=3,", 0, `k must be an integer from 0 to 16, got "3,"`},
		{"simhash, k=16", 0, "not a simhash index comment"},
		{"simhash ,k=3", 0, `unknown parameter ",k=3"`},
		{"simhash k=", 0, `k must be an integer from 0 to 16, got ""`},
		{"simhash k=17", 0, "k must be an integer from 0 to 16"},
		{"simhash k=-1", 0, "k must be an integer from 0 to 16"},
		{"simhash k=x", 0, "k must be an integer from 0 to 16"},
		{"simhash", 0, "the comment must give k"},
		{"simhash k=3 k=4", 0, "k is given twice"},
		{"simhash t=0.8", 0, `unknown parameter "t=0.8"`},
		{"minhash t=0.8", 0, "not a simhash index comment"},
		{"", 0, "not a simhash index comment"},
	} {
		k, err := ParseK(tc.comment)
		switch {
		case tc.err == "" && (err != nil || k != tc.k):
			t.Errorf("ParseK(%q) = %d, %v; want %d", tc.comment, k, err, tc.k)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseK(%q): error %v, want one containing %q", tc.comment, err, tc.err)
		}
	}
}

func simhashSpec(comment string, values bool, typs ...sql.Type) catalog.IndexSpec {
	cols := make([]string, len(typs))
	for i := range cols {
		cols[i] = "fp"
	}
	return catalog.IndexSpec{Name: "fp_k", Comment: comment, Columns: cols, Types: typs, Values: values}
}

// TestSimHashCompile checks the columns a simhash index takes (one BIGINT
// or BIGINT UNSIGNED) and its key length: the block number and the widest
// block's bytes.
func TestSimHashCompile(t *testing.T) {
	for _, tc := range []struct {
		comment string
		typs    []sql.Type
		keyLen  int
		err     string
	}{
		{"simhash k=0", []sql.Type{types.Uint64}, 9, ""},
		{"simhash k=3", []sql.Type{types.Int64}, 3, ""},
		{"simhash k=7", []sql.Type{types.Uint64}, 2, ""},
		{"simhash k=3", []sql.Type{types.Int32}, 0, "a fingerprint column is BIGINT UNSIGNED or BIGINT"},
		{"simhash k=3", []sql.Type{types.Text}, 0, "a fingerprint column is BIGINT UNSIGNED or BIGINT"},
		{"simhash k=3", []sql.Type{types.Uint64, types.Uint64}, 0, "index one fingerprint column, not 2"},
		{"simhash k=99", []sql.Type{types.Uint64}, 0, "k must be an integer"},
	} {
		c, err := SimHashKind{}.Compile(simhashSpec(tc.comment, true, tc.typs...))
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q on %v: error %v, want %q", tc.comment, tc.typs, err, tc.err)
			}
		case err != nil:
			t.Errorf("%q on %v: %v", tc.comment, tc.typs, err)
		case c.KeyLength() != tc.keyLen:
			t.Errorf("%q: key length %d, want %d", tc.comment, c.KeyLength(), tc.keyLen)
		}
	}
	// A comma was accepted as a separator before 2026-12-03: an index
	// being made refuses it, one read from stored metadata keeps working.
	spec := simhashSpec("simhash k=3,", true, types.Uint64)
	spec.New = true
	if _, err := (SimHashKind{}).Compile(spec); err == nil || !strings.Contains(err.Error(), `got "3,"`) {
		t.Errorf("new index, 'simhash k=3,': %v, want the k error", err)
	}
	spec.New = false
	if c, err := (SimHashKind{}).Compile(spec); err != nil || c.(*simhashIndex).k != 3 {
		t.Errorf("stored index, 'simhash k=3,': %v, want k = 3", err)
	}
}

// TestSimHashEntriesGolden pins the stored bits of simhash index entries:
// for fingerprint 0x0123456789ABCDEF, one key per block of
// pigeonhole.Blocks(k) (the block number, then the block's bits packed
// big-endian into valueBytes(k) bytes), each with the fingerprint's 64
// bits as its value; without values (indexes made before entries carried
// the fingerprint) the same keys. BIGINT −1 is the same fingerprint as
// BIGINT UNSIGNED 2^64−1; NULL has no entries. A change here is a new
// entry format: it needs a version and a way to read (or rebuild) the old
// one.
func TestSimHashEntriesGolden(t *testing.T) {
	const fp = uint64(0x0123456789ABCDEF)
	for _, tc := range []struct {
		k    int
		keys string
	}{
		{0, "000123456789abcdef"},
		{3, "000123 014567 0289ab 03cdef"},
		{4, "000024 010d15 0213c4 031abc 040def"}, // blocks of 13 and 12 bits
		{7, "0001 0123 0245 0367 0489 05ab 06cd 07ef"},
		{16, "0000 0101 0202 0303 0404 0505 0606 0707 0808 0909 0a0a 0b0b 0c0c 0d06 0e07 0f05 1007"},
	} {
		for _, values := range []bool{true, false} {
			c, err := SimHashKind{}.Compile(simhashSpec("simhash k="+strconv.Itoa(tc.k), values, types.Uint64))
			if err != nil {
				t.Fatal(err)
			}
			var keys []string
			err = c.Entries([]any{fp}, func(key, value []byte) {
				keys = append(keys, hex.EncodeToString(key))
				if want := "0123456789abcdef"; values && hex.EncodeToString(value) != want || !values && value != nil {
					t.Errorf("k=%d, values %v: entry value %x", tc.k, values, value)
				}
			})
			if err != nil || strings.Join(keys, " ") != tc.keys {
				t.Errorf("k=%d, values %v: keys %s (%v), want %s", tc.k, values, strings.Join(keys, " "), err, tc.keys)
			}
		}
	}
	c, _ := SimHashKind{}.Compile(simhashSpec("simhash k=3", true, types.Int64))
	entries := func(v any) (out []string) {
		if err := c.Entries([]any{v}, func(key, value []byte) { out = append(out, hex.EncodeToString(key)+":"+hex.EncodeToString(value)) }); err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		return out
	}
	if signed, unsigned := entries(int64(-1)), entries(^uint64(0)); !slices.Equal(signed, unsigned) || len(signed) != 4 {
		t.Errorf("BIGINT -1: %q, BIGINT UNSIGNED 2^64-1: %q; want the same 4 entries", signed, unsigned)
	}
	if got := entries(nil); got != nil {
		t.Errorf("NULL: entries %q", got)
	}
	if err := c.Entries([]any{"abc"}, func(_, _ []byte) {}); err == nil || !strings.Contains(err.Error(), "simhash index fp_k") {
		t.Errorf("a text value: error %v, want one naming the index", err)
	}
}
