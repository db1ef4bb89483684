package catalog

import (
	"fmt"
	"math"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestInRangeFastPath holds the fast path of inRange to the general one:
// for every value it takes, the general path (decimals) gives the same
// value of the same Go type; it takes the common shapes (integers, digit
// strings) and leaves the rest.
func TestInRangeFastPath(t *testing.T) {
	ctx := sql.NewEmptyContext()
	colTypes := []sql.Type{types.Int8, types.Uint8, types.Int16, types.Uint16, types.Int24, types.Uint24,
		types.Int32, types.Uint32, types.Int64, types.Uint64, types.Year}
	values := []any{int64(0), int64(-1), int64(1), int64(127), int64(128), int64(-128), int64(-129), int64(255), int64(256),
		int64(2155), int64(2156), int64(math.MaxInt64), int64(math.MinInt64), uint64(math.MaxUint64), uint64(1 << 63),
		int8(-5), uint8(200), int16(-300), uint16(60000), int32(-70000), uint32(4000000000),
		"0", "7", "-7", " 42 ", "00042", "127", "128", "-129", "255", "256", "9223372036854775807",
		"9223372036854775808", "18446744073709551615", "-9223372036854775808", "18446744073709551616", "99999999999999999999", "-0", "+5", "1e3", "1.5", "abc",
		"", "-", "12345678901234567890", "1 2", "0x10"}
	for _, ct := range colTypes {
		col := &sql.Column{Name: "c", Type: ct}
		b := boundsOf(ct)
		for _, v := range values {
			fast, ok := b.fast(v)
			general := &inRange{columnValue: columnValue{Expression: expression.NewLiteral(v, nil), col: col, ignore: true, row: 1},
				lo: b.lo, hi: b.hi, bounds: &integerBounds{lo: b.lo, hi: b.hi, unsigned: b.unsigned}} // never fast: empty bounds
			want, err := general.Eval(ctx, nil)
			if !ok {
				continue
			}
			if err != nil || fmt.Sprintf("%T %v", fast, fast) != fmt.Sprintf("%T %v", want, want) {
				t.Errorf("%s, %#v: fast path %T %v, general path %T %v (%v)", ct, v, fast, fast, want, want, err)
			}
		}
	}
	for _, tc := range []struct {
		t    sql.Type
		v    any
		fast bool
	}{
		{types.Uint64, "18446744073709551615", true},
		{types.Uint64, "18446744073709551616", false},
		{types.Int64, "9223372036854775808", false},
		{types.Uint64, "-1", false},
		{types.Int64, "9223372036854775807", true},
		{types.Uint8, "255", true},
		{types.Uint8, "256", false},
		{types.Int32, " -12 ", true},
		{types.Int32, "+12", false},
		{types.Uint64, uint64(math.MaxUint64), true},
	} {
		if _, ok := boundsOf(tc.t).fast(tc.v); ok != tc.fast {
			t.Errorf("%s, %#v: fast path %v, want %v", tc.t, tc.v, ok, tc.fast)
		}
	}
}
