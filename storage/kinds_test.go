package storage

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestClassify pins the storage class of each column type the codecs
// write: the kind, and for integers the width of the Go value GMS holds
// (MEDIUMINT is an int32, so 4 bytes); a type the codecs cannot store is
// kindUnsupported.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		typ   sql.Type
		kind  kind
		width int
	}{
		{types.Int8, kindInt, 1},
		{types.Int16, kindInt, 2},
		{types.Int24, kindInt, 4},
		{types.Int32, kindInt, 4},
		{types.Int64, kindInt, 8},
		{types.Boolean, kindInt, 1},
		{types.Uint8, kindUint, 1},
		{types.Uint16, kindUint, 2},
		{types.Uint24, kindUint, 4},
		{types.Uint32, kindUint, 4},
		{types.Uint64, kindUint, 8},
		{types.Float32, kindFloat32, 4},
		{types.Float64, kindFloat64, 8},
		{types.MustCreateColumnDecimalType(10, 2), kindDecimal, 0},
		{varcharCI, kindText, 0},
		{charLatin1, kindText, 0},
		{types.Text, kindText, 0},
		{varbinary, kindBytes, 0},
		{types.LongBlob, kindBytes, 0},
		{types.Date, kindTime, 8},
		{types.DatetimeMaxPrecision, kindTime, 8},
		{types.Timestamp, kindTime, 8},
		{types.Time, kindTimespan, 8},
		{types.Year, kindYear, 2},
		{enumBAC, kindEnum, 2},
		{setXYZ, kindSet, 8},
		{bit64, kindBit, 8},
		{types.JSON, kindJSON, 0},
		{types.GeometryType{}, kindGeometry, 0},
		{types.PointType{}, kindGeometry, 0},
		{types.Null, kindUnsupported, 0},
		{nil, kindUnsupported, 0},
	} {
		if k, w := classify(tc.typ); k != tc.kind || w != tc.width {
			t.Errorf("classify(%v) = %d, %d; want %d, %d", tc.typ, k, w, tc.kind, tc.width)
		}
	}
}
