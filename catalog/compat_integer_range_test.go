package catalog

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestIntegerRange pins the bounds the integer-range fault's fix checks a
// value against: MySQL's ranges of each integer type, and YEAR's 0 to 2155.
func TestIntegerRange(t *testing.T) {
	for _, c := range []struct {
		typ    sql.Type
		lo, hi string
	}{
		{types.Int8, "-128", "127"},
		{types.Uint8, "0", "255"},
		{types.Int16, "-32768", "32767"},
		{types.Uint16, "0", "65535"},
		{types.Int24, "-8388608", "8388607"},
		{types.Uint24, "0", "16777215"},
		{types.Int32, "-2147483648", "2147483647"},
		{types.Uint32, "0", "4294967295"},
		{types.Int64, "-9223372036854775808", "9223372036854775807"},
		{types.Uint64, "0", "18446744073709551615"},
		{types.Year, "0", "2155"},
		{types.Boolean, "-128", "127"}, // TINYINT(1)
	} {
		lo, hi := integerRange(c.typ)
		if lo.String() != c.lo || hi.String() != c.hi {
			t.Errorf("integerRange(%s) = [%s, %s], want [%s, %s]", c.typ, lo, hi, c.lo, c.hi)
		}
	}
}
