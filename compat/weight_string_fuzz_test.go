package compat

import (
	"bytes"
	"context"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// FuzzTextWeight checks the invariant a merge on WEIGHT_STRING relies on:
// two texts' keys compare as go-mysql-server compares the texts, in a
// binary collation (the bytes) and a case-insensitive one (the weights).
func FuzzTextWeight(f *testing.F) {
	for _, s := range [][2]string{{"a", "A"}, {"ab", "a"}, {"", "a"}, {"b", "ab"}, {"文本", "文"}, {"\xff", "a"}, {"Straße", "STRASSE"}} {
		f.Add(s[0], s[1])
	}
	colls := []sql.CollationID{sql.Collation_utf8mb4_0900_bin, sql.Collation_utf8mb4_0900_ai_ci, sql.Collation_utf8mb4_general_ci}
	var sts []sql.StringType
	for _, c := range colls {
		st, err := types.CreateString(sqltypes.VarChar, 1000, c)
		if err != nil {
			f.Fatal(err)
		}
		sts = append(sts, st)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, st := range sts {
			want, err := st.Compare(context.Background(), a, b)
			if err != nil {
				continue // malformed text: both refuse it
			}
			ka, errA := textWeight(st, a)
			kb, errB := textWeight(st, b)
			if errA != nil || errB != nil {
				t.Fatalf("%s: textWeight(%q), textWeight(%q): %v, %v; Compare accepted them", st.Collation(), a, b, errA, errB)
			}
			if got := bytes.Compare(ka, kb); got != want {
				t.Errorf("%s: %q vs %q: keys compare %d, the texts %d", st.Collation(), a, b, got, want)
			}
		}
	})
}
