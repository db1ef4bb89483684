package storage

import (
	"fmt"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/dolthub/vitess/go/vt/proto/query"
)

// kind is the storage class of a column type: what Go value GMS holds for it and so how the
// codecs write it.
type kind uint8

const (
	kindUnsupported kind = iota
	kindInt              // int8, int16, int32 (INT and MEDIUMINT), int64; width in bytes in width
	kindUint             // uint8, uint16, uint32 (INT and MEDIUMINT UNSIGNED), uint64
	kindFloat32          // float32
	kindFloat64          // float64
	kindDecimal          // decimal.Decimal
	kindText             // string (CHAR, VARCHAR, TEXT)
	kindBytes            // []byte (BINARY, VARBINARY, BLOB)
	kindTime             // time.Time (DATE, DATETIME, TIMESTAMP), always UTC
	kindTimespan         // types.Timespan (TIME): microseconds
	kindYear             // int16 (YEAR)
	kindEnum             // uint16 (ENUM): 1-based index of the member
	kindSet              // uint64 (SET): bit set of members
	kindBit              // uint64 (BIT(n))
	kindJSON             // types.JSONDocument
	kindGeometry         // types.GeometryValue (types.Point, types.Polygon, ...)
)

// class is a kind and, for the kinds of fixed width, the width in bytes of
// its Go value.
type class struct {
	kind  kind
	width int
}

// classes maps each column type GMS reports to its storage class. The
// string types are kindText and kindBytes only when they implement
// sql.StringType (classify checks).
var classes = map[query.Type]class{
	sqltypes.Int8:      {kindInt, 1},
	sqltypes.Int16:     {kindInt, 2},
	sqltypes.Int24:     {kindInt, 4},
	sqltypes.Int32:     {kindInt, 4},
	sqltypes.Int64:     {kindInt, 8},
	sqltypes.Uint8:     {kindUint, 1},
	sqltypes.Uint16:    {kindUint, 2},
	sqltypes.Uint24:    {kindUint, 4},
	sqltypes.Uint32:    {kindUint, 4},
	sqltypes.Uint64:    {kindUint, 8},
	sqltypes.Float32:   {kindFloat32, 4},
	sqltypes.Float64:   {kindFloat64, 8},
	sqltypes.Decimal:   {kindDecimal, 0},
	sqltypes.Char:      {kindText, 0},
	sqltypes.VarChar:   {kindText, 0},
	sqltypes.Text:      {kindText, 0},
	sqltypes.Binary:    {kindBytes, 0},
	sqltypes.VarBinary: {kindBytes, 0},
	sqltypes.Blob:      {kindBytes, 0},
	sqltypes.Date:      {kindTime, 8},
	sqltypes.Datetime:  {kindTime, 8},
	sqltypes.Timestamp: {kindTime, 8},
	sqltypes.Time:      {kindTimespan, 8},
	sqltypes.Year:      {kindYear, 2},
	sqltypes.Enum:      {kindEnum, 2},
	sqltypes.Set:       {kindSet, 8},
	sqltypes.Bit:       {kindBit, 8},
	sqltypes.TypeJSON:  {kindJSON, 0},
	sqltypes.Geometry:  {kindGeometry, 0},
}

// classify returns typ's kind and, for kindInt and kindUint, its width in bytes.
func classify(typ sql.Type) (kind, int) {
	if typ == nil {
		return kindUnsupported, 0
	}
	if _, ok := typ.(types.ExtendedType); ok {
		return kindUnsupported, 0
	}
	c, ok := classes[typ.Type()]
	if !ok {
		return kindUnsupported, 0
	}
	if c.kind == kindText || c.kind == kindBytes {
		if _, ok := typ.(sql.StringType); !ok {
			return kindUnsupported, 0
		}
	}
	return c.kind, c.width
}

// canonical returns v as the Go type GMS's Convert gives for k, converting with
// typ.Convert only when v is of another Go type. Out-of-range values are an error, not
// clamped as Convert would.
func canonical(typ sql.Type, k kind, width int, v any) (any, error) {
	if isCanonical(k, width, v) {
		return v, nil
	}
	switch x := v.(type) {
	case bool: // GMS uses int8 for BOOLEAN; be lenient with Go bools
		if k == kindInt && width == 1 {
			if x {
				return int8(1), nil
			}
			return int8(0), nil
		}
	case []byte:
		if k == kindText {
			return string(x), nil
		}
	case string:
		if k == kindBytes {
			return []byte(x), nil
		}
	}
	ctx := convertContext
	u, err := sql.UnwrapAny(ctx, v)
	if err != nil {
		return nil, err
	}
	c, inRange, err := typ.Convert(ctx, u)
	if err != nil {
		return nil, fmt.Errorf("storage: value %v (%T) for %s: %w", v, v, typ, err)
	}
	if !inRange {
		return nil, fmt.Errorf("storage: value %v (%T) is out of range for %s", v, v, typ)
	}
	if k == kindText || k == kindBytes {
		if u, err = sql.UnwrapAny(ctx, c); err != nil {
			return nil, err
		}
		c = u
	}
	return c, nil
}

// convertContext is the context of the type conversions above, which read
// no session state but character_set_results and write none: shared, since
// sql.NewEmptyContext builds a whole session (every system and status
// variable) each time.
var convertContext = sql.NewEmptyContext()

// isCanonical reports whether v already is the Go type GMS's Convert gives for kind k of
// width bytes (the width matters for kindInt and kindUint only).
func isCanonical(k kind, width int, v any) bool {
	switch k {
	case kindJSON:
		_, ok := v.(sql.JSONWrapper)
		return ok
	case kindGeometry:
		_, ok := v.(types.GeometryValue)
		return ok
	}
	switch v.(type) {
	case int8:
		return k == kindInt && width == 1
	case int16:
		return k == kindInt && width == 2 || k == kindYear
	case int32:
		return k == kindInt && width == 4
	case int64:
		return k == kindInt && width == 8
	case uint8:
		return k == kindUint && width == 1
	case uint16:
		return k == kindUint && width == 2 || k == kindEnum
	case uint32:
		return k == kindUint && width == 4
	case uint64:
		return k == kindUint && width == 8 || k == kindSet || k == kindBit
	case float32:
		return k == kindFloat32
	case float64:
		return k == kindFloat64
	case string:
		return k == kindText
	case []byte:
		return k == kindBytes
	case types.Timespan:
		return k == kindTimespan
	case decimal.Decimal:
		return k == kindDecimal
	case time.Time:
		return k == kindTime
	}
	return false
}
