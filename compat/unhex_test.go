package compat

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestUnhex holds UNHEX's answers, MySQL 8's, and checks that each equals
// go-mysql-server's (which unhex replaces for speed).
func TestUnhex(t *testing.T) {
	ctx := sql.NewEmptyContext()
	for _, c := range []struct {
		arg  any
		typ  sql.Type
		want any // []byte or nil
	}{
		{"4D7953514C", types.LongText, []byte("MySQL")},
		{"4d7953514c", types.LongText, []byte("MySQL")},
		{"4d7953514C", types.Text, []byte("MySQL")},
		{"", types.LongText, []byte{}},
		{"1", types.LongText, []byte{0x01}},
		{"abc", types.LongText, []byte{0x0a, 0xbc}},
		{"0x41", types.LongText, nil},
		{"4G", types.LongText, nil},
		{"41 ", types.LongText, nil},
		{"é1", types.LongText, nil},
		{"ff00", types.LongText, []byte{0xff, 0x00}},
		{[]byte("4142"), types.LongBlob, []byte("AB")},
		{[]byte{0x34, 0x80}, types.LongBlob, nil}, // go-mysql-server: error 'invalid string for charset utf8mb4'; MySQL NULL
		{nil, types.LongText, nil},
		{int64(1234), types.Int64, []byte{0x12, 0x34}},
		{int64(123), types.Int64, []byte{0x01, 0x23}},
		{uint64(18446744073709551615), types.Uint64, []byte{0x18, 0x44, 0x67, 0x44, 0x07, 0x37, 0x09, 0x55, 0x16, 0x15}},
		{1.5, types.Float64, nil},
	} {
		lit := expression.NewLiteral(c.arg, c.typ)
		got, err := newUnhex(lit).Eval(ctx, nil)
		if err != nil {
			t.Errorf("UNHEX(%v): %v", c.arg, err)
			continue
		}
		if !equalBytes(got, c.want) {
			t.Errorf("UNHEX(%v) = %#v, want %#v", c.arg, got, c.want)
		}
		gms, err := function.NewUnhex(lit).Eval(ctx, nil)
		if err != nil && c.want == nil {
			continue // go-mysql-server refuses bytes that are not UTF-8
		}
		if err != nil || !equalBytes(gms, got) {
			t.Errorf("UNHEX(%v) = %#v, go-mysql-server %#v (%v)", c.arg, got, gms, err)
		}
	}
}

// FuzzUnhex checks unhex against go-mysql-server's UNHEX on any text.
func FuzzUnhex(f *testing.F) {
	for _, s := range []string{"", "0", "4D7953514C", "abc", "zz", "ff\x00", "é"} {
		f.Add(s)
	}
	ctx := sql.NewEmptyContext()
	f.Fuzz(func(t *testing.T, s string) {
		lit := expression.NewLiteral(s, types.LongText)
		got, err := newUnhex(lit).Eval(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		gms, err := function.NewUnhex(lit).Eval(ctx, nil)
		if err != nil {
			return // go-mysql-server refuses text that is not valid UTF-8; unhex gives NULL
		}
		if !equalBytes(got, gms) {
			t.Fatalf("UNHEX(%q) = %#v, go-mysql-server %#v", s, got, gms)
		}
	})
}

func equalBytes(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	x, ok1 := a.([]byte)
	y, ok2 := b.([]byte)
	return ok1 && ok2 && bytes.Equal(x, y)
}

// BenchmarkUnhex times UNHEX of a 128-slot signature's hex (2,076 digits),
// unhex against go-mysql-server's.
func BenchmarkUnhex(b *testing.B) {
	ctx := sql.NewEmptyContext()
	lit := expression.NewLiteral(strings.Repeat("0123456789abcdef", 2076/16)+"0123456789ab", types.LongText)
	for _, c := range []struct {
		name string
		e    sql.Expression
	}{{"simsql", newUnhex(lit)}, {"go-mysql-server", function.NewUnhex(lit)}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.e.Eval(ctx, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
