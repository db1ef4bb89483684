package indexes

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/simsql/simsql/catalog"
)

func tfidfSpec(comment string, typ sql.Type) catalog.IndexSpec {
	return catalog.IndexSpec{Name: "body_tfidf", Comment: comment, Columns: []string{"body"}, Types: []sql.Type{typ}, Generated: []string{""}, Values: true}
}

func TestTFIDFCompile(t *testing.T) {
	for _, tc := range []struct {
		why, comment string
		typ          sql.Type
		err          string
	}{
		{"TEXT", "tfidf", types.Text, ""},
		{"any case, blanks around", "  TFIDF ", types.LongText, ""},
		{"VARCHAR", "tfidf", types.MustCreateStringWithDefaults(sqltypes.VarChar, 100), ""},
		{"a binary string is read as UTF-8", "tfidf", types.Blob, ""},
		{"parameters are refused", "tfidf k=3", types.Text, "the comment takes no parameters"},
		{"a number column", "tfidf", types.Int64, "column body is bigint; document frequencies are kept for a text column"},
	} {
		_, err := TFIDFKind{}.Compile(tfidfSpec(tc.comment, tc.typ))
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: Compile(%q) error %v, want %q", tc.why, tc.comment, err, tc.err)
		}
	}
	spec := tfidfSpec("tfidf", types.Text)
	spec.Columns, spec.Types = []string{"a", "b"}, []sql.Type{types.Text, types.Text}
	if _, err := (TFIDFKind{}).Compile(spec); err == nil {
		t.Error("a two-column tfidf index compiled")
	}
}

// TestTFIDFKeysGolden pins the key layout of tfidf indexes, version 1
// (docs/functions.md, "Stored statistics"): "n" for N, "t" + the term's
// bytes, and "h" + xxHash64 of a term longer than MaxTermKeyBytes; each
// row counts in N once and in each of its distinct terms once.
func TestTFIDFKeysGolden(t *testing.T) {
	c, err := TFIDFKind{}.Compile(tfidfSpec("tfidf", types.Text))
	if err != nil {
		t.Fatal(err)
	}
	x := c.(*tfidfIndex)
	long := strings.Repeat("x", MaxTermKeyBytes+1) // one term: the first stored by hash
	for _, tc := range []struct {
		why  string
		val  any
		keys []string // hex
	}{
		{"NULL: not a document", nil, nil},
		{"no tokens: a document of no terms", "  ?! ", []string{"6e"}},
		{"repeats count once, in order of first occurrence", "The cat, the CAT!", []string{"6e", "74746865", "74636174"}},
		{"folded as the analyzer folds (NFKC, case)", []byte("Ｃａｔ"), []string{"6e", "74636174"}},
		{"Chinese words", "今天天气很好", []string{"6e", "74e4bb8ae5a4a9e5a4a9e6b094", "74e5be88", "74e5a5bd"}},
		{"a term of exactly MaxTermKeyBytes bytes is stored whole", strings.Repeat("y", MaxTermKeyBytes), []string{"6e", "74" + strings.Repeat("79", MaxTermKeyBytes)}},
		{"a longer term by hash", long, []string{"6e", "68" + "7d5cc3c6243bcdc1"}},
	} {
		var got []string
		if err := x.Counters([]any{tc.val}, func(key []byte) { got = append(got, hex.EncodeToString(key)) }); err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, " ") != strings.Join(tc.keys, " ") {
			t.Errorf("%s: keys %v, want %v", tc.why, got, tc.keys)
		}
	}
	if hex.EncodeToString(x.DocsKey()) != "6e" || hex.EncodeToString(x.TermKey("cat")) != "74636174" {
		t.Errorf("DocsKey %x, TermKey(cat) %x", x.DocsKey(), x.TermKey("cat"))
	}
	if err := x.Counters([]any{int64(5)}, func([]byte) {}); err == nil || !strings.Contains(err.Error(), "tfidf index body_tfidf") {
		t.Errorf("a number: %v", err)
	}
}
