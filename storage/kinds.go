package storage

import (
	"fmt"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
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

// classify returns typ's kind and, for kindInt and kindUint, its width in bytes.
func classify(typ sql.Type) (kind, int) {
	if typ == nil {
		return kindUnsupported, 0
	}
	if _, ok := typ.(types.ExtendedType); ok {
		return kindUnsupported, 0
	}
	switch typ.Type() {
	case sqltypes.Int8:
		return kindInt, 1
	case sqltypes.Int16:
		return kindInt, 2
	case sqltypes.Int24, sqltypes.Int32:
		return kindInt, 4
	case sqltypes.Int64:
		return kindInt, 8
	case sqltypes.Uint8:
		return kindUint, 1
	case sqltypes.Uint16:
		return kindUint, 2
	case sqltypes.Uint24, sqltypes.Uint32:
		return kindUint, 4
	case sqltypes.Uint64:
		return kindUint, 8
	case sqltypes.Float32:
		return kindFloat32, 4
	case sqltypes.Float64:
		return kindFloat64, 8
	case sqltypes.Decimal:
		return kindDecimal, 0
	case sqltypes.Char, sqltypes.VarChar, sqltypes.Text:
		if _, ok := typ.(sql.StringType); ok {
			return kindText, 0
		}
	case sqltypes.Binary, sqltypes.VarBinary, sqltypes.Blob:
		if _, ok := typ.(sql.StringType); ok {
			return kindBytes, 0
		}
	case sqltypes.Date, sqltypes.Datetime, sqltypes.Timestamp:
		return kindTime, 8
	case sqltypes.Time:
		return kindTimespan, 8
	case sqltypes.Year:
		return kindYear, 2
	case sqltypes.Enum:
		return kindEnum, 2
	case sqltypes.Set:
		return kindSet, 8
	case sqltypes.Bit:
		return kindBit, 8
	case sqltypes.TypeJSON:
		return kindJSON, 0
	case sqltypes.Geometry:
		return kindGeometry, 0
	}
	return kindUnsupported, 0
}

// canonical returns v as the Go type GMS's Convert gives for k, converting with
// typ.Convert only when v is of another Go type. Out-of-range values are an error, not
// clamped as Convert would.
func canonical(typ sql.Type, k kind, width int, v any) (any, error) {
	switch k {
	case kindInt:
		switch x := v.(type) {
		case int8:
			if width == 1 {
				return v, nil
			}
		case int16:
			if width == 2 {
				return v, nil
			}
		case int32:
			if width == 4 {
				return v, nil
			}
		case int64:
			if width == 8 {
				return v, nil
			}
		case bool: // GMS uses int8 for BOOLEAN; be lenient with Go bools
			if width == 1 {
				if x {
					return int8(1), nil
				}
				return int8(0), nil
			}
		}
	case kindUint:
		switch v.(type) {
		case uint8:
			if width == 1 {
				return v, nil
			}
		case uint16:
			if width == 2 {
				return v, nil
			}
		case uint32:
			if width == 4 {
				return v, nil
			}
		case uint64:
			if width == 8 {
				return v, nil
			}
		}
	case kindFloat32:
		if _, ok := v.(float32); ok {
			return v, nil
		}
	case kindFloat64:
		if _, ok := v.(float64); ok {
			return v, nil
		}
	case kindText:
		switch x := v.(type) {
		case string:
			return v, nil
		case []byte:
			return string(x), nil
		}
	case kindBytes:
		switch x := v.(type) {
		case []byte:
			return v, nil
		case string:
			return []byte(x), nil
		}
	case kindYear:
		if _, ok := v.(int16); ok {
			return v, nil
		}
	case kindEnum:
		if _, ok := v.(uint16); ok {
			return v, nil
		}
	case kindSet, kindBit:
		if _, ok := v.(uint64); ok {
			return v, nil
		}
	case kindTimespan:
		if _, ok := v.(types.Timespan); ok {
			return v, nil
		}
	case kindDecimal:
		if _, ok := v.(decimal.Decimal); ok {
			return v, nil
		}
	case kindTime:
		if _, ok := v.(time.Time); ok {
			return v, nil
		}
	case kindJSON:
		if _, ok := v.(sql.JSONWrapper); ok {
			return v, nil
		}
	case kindGeometry:
		if _, ok := v.(types.GeometryValue); ok {
			return v, nil
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
