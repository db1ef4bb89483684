package storage

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/simsql/simsql/internal/jsonnum"
)

// Row encoding, for the value side of a table's KV pairs (not order-preserving):
//
//	header    uvarint column count n, then a NULL bitmap of ceil(n/8) bytes (bit i%8 of
//	          byte i/8 set: column i is NULL)
//	then each non-NULL column in order:
//	signed integers, YEAR, TIME     zig-zag varint
//	unsigned integers, ENUM, SET,   uvarint
//	BIT
//	FLOAT, DOUBLE                   4 or 8 bytes, IEEE bits little-endian (-0 and NaN kept)
//	DECIMAL                         varint exponent, uvarint (len(|coefficient| bytes)<<1 |
//	                                negative), big-endian |coefficient| bytes: the exact
//	                                value and scale (1.50 stays 1.50)
//	strings, BINARY, BLOB           uvarint length, bytes
//	DATE, DATETIME, TIMESTAMP       varint Unix seconds, uvarint nanoseconds (UTC)
//	JSON                            uvarint length, MySQL's JSON text of the document
//	spatial types                   uvarint length, GMS's serialisation (SRID + WKB)

// EncodeRow appends the encoding of row, whose columns have the types of sch, to dst and
// returns the extended slice. Values should be the Go types GMS's Convert gives for each
// column (other Go types are converted with Convert). Errors: ErrUnsupportedType for a
// column type it cannot store; an error if len(row) != len(sch) or a value does not
// convert.
func EncodeRow(dst []byte, sch sql.Schema, row sql.Row) ([]byte, error) {
	if len(row) != len(sch) {
		return dst, fmt.Errorf("storage: row has %d values for %d columns", len(row), len(sch))
	}
	dst = binary.AppendUvarint(dst, uint64(len(row)))
	bitmap := len(dst)
	for range (len(row) + 7) / 8 {
		dst = append(dst, 0)
	}
	for i, v := range row {
		if v == nil {
			dst[bitmap+i/8] |= 1 << (i % 8)
			continue
		}
		typ := sch[i].Type
		k, width := classify(typ)
		if k == kindUnsupported {
			return dst, fmt.Errorf("storage: column %s %v: %w", sch[i].Name, typ, ErrUnsupportedType)
		}
		v, err := canonical(typ, k, width, v)
		if err != nil {
			return dst, fmt.Errorf("storage: column %s: %w", sch[i].Name, err)
		}
		if v == nil {
			dst[bitmap+i/8] |= 1 << (i % 8)
			continue
		}
		switch k {
		case kindInt:
			dst = binary.AppendVarint(dst, toInt64(v))
		case kindYear:
			dst = binary.AppendVarint(dst, int64(v.(int16)))
		case kindTimespan:
			dst = binary.AppendVarint(dst, int64(v.(types.Timespan)))
		case kindUint, kindEnum, kindSet, kindBit:
			dst = binary.AppendUvarint(dst, toUint64(v))
		case kindFloat32:
			dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(v.(float32)))
		case kindFloat64:
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(v.(float64)))
		case kindDecimal:
			d := v.(decimal.Decimal)
			coef := d.Coefficient()
			neg := uint64(0)
			if coef.Sign() < 0 {
				neg = 1
				coef.Neg(coef)
			}
			mag := coef.Bytes()
			dst = binary.AppendVarint(dst, int64(d.Exponent()))
			dst = binary.AppendUvarint(dst, uint64(len(mag))<<1|neg)
			dst = append(dst, mag...)
		case kindText:
			s := v.(string)
			dst = binary.AppendUvarint(dst, uint64(len(s)))
			dst = append(dst, s...)
		case kindBytes:
			b := v.([]byte)
			dst = binary.AppendUvarint(dst, uint64(len(b)))
			dst = append(dst, b...)
		case kindTime:
			t := v.(time.Time)
			dst = binary.AppendVarint(dst, t.Unix())
			dst = binary.AppendUvarint(dst, uint64(t.Nanosecond()))
		case kindJSON:
			text, err := types.JsonToMySqlBytes(v.(sql.JSONWrapper))
			if err != nil {
				return dst, fmt.Errorf("storage: column %s: %w", sch[i].Name, err)
			}
			dst = binary.AppendUvarint(dst, uint64(len(text)))
			dst = append(dst, text...)
		case kindGeometry:
			wkb := v.(types.GeometryValue).Serialize()
			dst = binary.AppendUvarint(dst, uint64(len(wkb)))
			dst = append(dst, wkb...)
		}
	}
	return dst, nil
}

// DecodeRow decodes a row encoded by EncodeRow for the columns of sch. Values have the Go
// types GMS's Convert gives: int8/int16/int32/int64, uint8/uint16/uint32/uint64,
// float32/float64, decimal.Decimal, string, []byte (a copy, never nil), time.Time in UTC,
// types.Timespan, int16 for YEAR, uint16 for ENUM, uint64 for SET and BIT,
// types.JSONDocument (integers as int64 or uint64, other numbers as float64: jsonnum.Parse) and GMS's spatial
// values. A row written with fewer columns than sch (before ALTER TABLE ADD COLUMN) reads
// the missing trailing columns as NULL. Errors: ErrCorrupt for bytes that are not a row
// of sch (including one with more columns than sch); ErrUnsupportedType.
func DecodeRow(b []byte, sch sql.Schema) (sql.Row, error) { return decodeRow(b, sch, false) }

// DecodeRowShared is DecodeRow, except that []byte values are slices of b
// (their capacity ends with them), not copies: for a caller that reads the
// row only while b stays unchanged, such as a statement computing the
// index entries of the rows it wrote, whose 1 KB signatures DecodeRow
// copied once each.
func DecodeRowShared(b []byte, sch sql.Schema) (sql.Row, error) { return decodeRow(b, sch, true) }

func decodeRow(b []byte, sch sql.Schema, share bool) (sql.Row, error) {
	n, m := binary.Uvarint(b)
	if m <= 0 {
		return nil, corrupt("bad row header")
	}
	if n > uint64(len(sch)) {
		return nil, corrupt("row has %d columns, schema %d", n, len(sch))
	}
	b = b[m:]
	nb := (int(n) + 7) / 8
	if len(b) < nb {
		return nil, corrupt("short NULL bitmap")
	}
	bitmap, b := b[:nb], b[nb:]
	row := make(sql.Row, len(sch))
	for i := range int(n) {
		if bitmap[i/8]&(1<<(i%8)) != 0 {
			continue
		}
		typ := sch[i].Type
		k, width := classify(typ)
		var err error
		switch k {
		case kindInt, kindYear, kindTimespan:
			x, m := binary.Varint(b)
			if m <= 0 {
				return nil, corrupt("bad varint in column %s", sch[i].Name)
			}
			b = b[m:]
			switch {
			case k == kindYear:
				row[i] = int16(x)
			case k == kindTimespan:
				row[i] = types.Timespan(x)
			case width == 1:
				row[i] = int8(x)
			case width == 2:
				row[i] = int16(x)
			case width == 4:
				row[i] = int32(x)
			default:
				row[i] = x
			}
		case kindUint, kindEnum, kindSet, kindBit:
			x, m := binary.Uvarint(b)
			if m <= 0 {
				return nil, corrupt("bad uvarint in column %s", sch[i].Name)
			}
			b = b[m:]
			switch {
			case k == kindEnum:
				row[i] = uint16(x)
			case k != kindUint:
				row[i] = x
			case width == 1:
				row[i] = uint8(x)
			case width == 2:
				row[i] = uint16(x)
			case width == 4:
				row[i] = uint32(x)
			default:
				row[i] = x
			}
		case kindFloat32:
			if len(b) < 4 {
				return nil, corrupt("short float in column %s", sch[i].Name)
			}
			row[i] = math.Float32frombits(binary.LittleEndian.Uint32(b))
			b = b[4:]
		case kindFloat64:
			if len(b) < 8 {
				return nil, corrupt("short double in column %s", sch[i].Name)
			}
			row[i] = math.Float64frombits(binary.LittleEndian.Uint64(b))
			b = b[8:]
		case kindDecimal:
			exp, m := binary.Varint(b)
			if m <= 0 || exp < math.MinInt32 || exp > math.MaxInt32 {
				return nil, corrupt("bad decimal exponent in column %s", sch[i].Name)
			}
			b = b[m:]
			var mag []byte
			ln, m := binary.Uvarint(b)
			if m <= 0 {
				return nil, corrupt("bad decimal length in column %s", sch[i].Name)
			}
			if mag, b, err = take(b[m:], ln>>1, sch[i].Name); err != nil {
				return nil, err
			}
			coef := new(big.Int).SetBytes(mag)
			if ln&1 == 1 {
				coef.Neg(coef)
			}
			row[i] = decimal.NewFromBigInt(coef, int32(exp))
		case kindText, kindBytes, kindJSON, kindGeometry:
			var p []byte
			ln, m := binary.Uvarint(b)
			if m <= 0 {
				return nil, corrupt("bad length in column %s", sch[i].Name)
			}
			if p, b, err = take(b[m:], ln, sch[i].Name); err != nil {
				return nil, err
			}
			switch k {
			case kindText:
				row[i] = string(p)
			case kindBytes:
				if share {
					row[i] = p[:len(p):len(p)]
				} else {
					row[i] = append([]byte{}, p...)
				}
			case kindJSON:
				// Integers exact, as MySQL keeps them (GMS's Convert reads them as float64).
				doc, err := jsonnum.Parse(p)
				if err != nil {
					return nil, corrupt("column %s: %v", sch[i].Name, err)
				}
				row[i] = types.JSONDocument{Val: doc}
			case kindGeometry:
				if row[i], _, err = (types.GeometryType{}).Convert(context.Background(), append([]byte{}, p...)); err != nil {
					return nil, corrupt("column %s: %v", sch[i].Name, err)
				}
			}
		case kindTime:
			sec, m := binary.Varint(b)
			if m <= 0 {
				return nil, corrupt("bad datetime in column %s", sch[i].Name)
			}
			b = b[m:]
			nsec, m := binary.Uvarint(b)
			if m <= 0 || nsec >= 1e9 {
				return nil, corrupt("bad datetime in column %s", sch[i].Name)
			}
			b = b[m:]
			row[i] = time.Unix(sec, int64(nsec)).UTC()
		default:
			return nil, fmt.Errorf("storage: column %s %v: %w", sch[i].Name, typ, ErrUnsupportedType)
		}
	}
	if len(b) != 0 {
		return nil, corrupt("%d bytes after the last column", len(b))
	}
	return row, nil
}

// take splits n bytes off the front of b.
func take(b []byte, n uint64, col string) (head, rest []byte, err error) {
	if n > uint64(len(b)) {
		return nil, nil, corrupt("column %s: length %d past the end", col, n)
	}
	return b[:n], b[n:], nil
}
