package storage

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// Key encoding. Every component starts with a marker byte, keyNull (0x00) for NULL, so NULL
// sorts before every value, or keyValue (0x01) followed by the value's payload:
//
//	signed integers   width bytes (1, 2, 4 or 8) big-endian, sign bit flipped
//	unsigned integers width bytes big-endian; ENUM 2 bytes, SET and BIT 8 bytes
//	YEAR              2 bytes, sign bit flipped; TIME (microseconds) 8 bytes, sign bit flipped
//	FLOAT, DOUBLE     IEEE bits big-endian: sign bit flipped for x >= 0, all bits flipped for
//	                  x < 0; -0 is written as +0; NaN is refused
//	DECIMAL           0x02 for zero; else 0x03 (positive) or 0x01 (negative), the decimal
//	                  exponent E of 0.d1d2... × 10^E as 4 bytes with the sign bit flipped,
//	                  then the digits two per byte (00..99 as 1..100, last pair padded with a
//	                  0), then 0x00; for negative numbers the bytes after the sign are
//	                  complemented (terminator 0xFF), so larger magnitudes sort lower
//	DATE, DATETIME,   Unix seconds of the UTC instant as 8 bytes, sign bit flipped, then the
//	TIMESTAMP         nanoseconds as 4 bytes (UnixNano would overflow past the year 2262)
//	byte strings      the bytes with 0x00 escaped as 0x00 0xFF, then the terminator 0x00 0x01
//	                  (BINARY, VARBINARY, BLOB, and text whose collation orders like bytes)
//	other text        the collation's weight string: each rune's weight, escaped and
//	                  terminated as byte strings are; not decodable (ErrIrreversibleKey).
//	                  KeyFormat0 writes each weight as 4 bytes, sign bit flipped;
//	                  KeyFormat1 as a 1-, 2-, 3- or 5-byte order-preserving code
//	                  (keyformat.go). Every other type is encoded alike in both formats.
//
// Each payload has a fixed width or ends in a terminator that sorts below any continuation,
// so no encoding is a prefix of another and concatenated components compare
// lexicographically: bytes.Compare(EncodeKeyTuple(a), EncodeKeyTuple(b)) orders a and b as
// SQL orders the tuples, column by column.
const (
	keyNull  = 0x00
	keyValue = 0x01

	decNeg  = 0x01
	decZero = 0x02
	decPos  = 0x03
)

// AppendKey appends the order-preserving encoding of v, a value of column type typ, in key
// format f, to dst and returns the extended slice. v may be nil (NULL); otherwise it should be the Go type
// typ.Convert returns (other Go types are converted with typ.Convert, and refused if out
// of range). bytes.Compare on two encodings agrees with typ.Compare on the values, NULL
// first. Errors: ErrUnsupportedKeyType for JSON, spatial and other types listed in the
// package comment, and for strings whose collation has no sort function in GMS; an error
// for NaN, for a DECIMAL with more integer or fraction digits than its column allows (GMS
// rounds column values to the scale) and for text that is not valid UTF-8 in a non-binary collation.
func (f KeyFormat) AppendKey(dst []byte, typ sql.Type, v any) ([]byte, error) {
	if v == nil {
		return append(dst, keyNull), nil
	}
	k, width := classify(typ)
	switch k {
	case kindUnsupported, kindJSON, kindGeometry:
		return dst, unsupportedKey(typ)
	}
	v, err := canonical(typ, k, width, v)
	if err != nil {
		return dst, err
	}
	if v == nil {
		return append(dst, keyNull), nil
	}
	dst = append(dst, keyValue)
	switch k {
	case kindInt:
		return appendInt(dst, toInt64(v), width), nil
	case kindUint, kindEnum, kindSet, kindBit:
		return appendUint(dst, toUint64(v), width), nil
	case kindYear:
		return appendInt(dst, int64(v.(int16)), 2), nil
	case kindTimespan:
		return appendInt(dst, int64(v.(types.Timespan)), 8), nil
	case kindFloat32:
		f := v.(float32)
		if f != f {
			return dst, fmt.Errorf("storage: NaN cannot be stored in a key")
		}
		if f == 0 {
			f = 0 // -0 → +0
		}
		u := math.Float32bits(f)
		if u&(1<<31) != 0 {
			u = ^u
		} else {
			u |= 1 << 31
		}
		return binary.BigEndian.AppendUint32(dst, u), nil
	case kindFloat64:
		f := v.(float64)
		if f != f {
			return dst, fmt.Errorf("storage: NaN cannot be stored in a key")
		}
		if f == 0 {
			f = 0
		}
		u := math.Float64bits(f)
		if u&(1<<63) != 0 {
			u = ^u
		} else {
			u |= 1 << 63
		}
		return binary.BigEndian.AppendUint64(dst, u), nil
	case kindDecimal:
		d := v.(decimal.Decimal)
		if dt, ok := typ.(sql.DecimalType); ok && !decimalFits(d, dt) {
			return dst, fmt.Errorf("storage: %s is out of range for %s", decimalString(d), typ)
		}
		return appendDecimalKey(dst, d)
	case kindTime:
		t := v.(time.Time)
		dst = appendInt(dst, t.Unix(), 8)
		return binary.BigEndian.AppendUint32(dst, uint32(t.Nanosecond())), nil
	case kindBytes:
		return appendEscaped(dst, v.([]byte)), nil
	case kindText:
		s := v.(string)
		c := typ.(sql.StringType).Collation()
		order, err := collationOrder(c)
		if err != nil {
			return dst, err
		}
		if order == byteOrder {
			if c != sql.Collation_binary && !utf8.ValidString(s) {
				return dst, fmt.Errorf("storage: invalid UTF-8 in a %s key", c)
			}
			return appendEscaped(dst, s), nil
		}
		return f.appendWeights(dst, s, c)
	}
	return dst, unsupportedKey(typ)
}

// DecodeKey decodes the key component at the start of b, encoded by AppendKey for typ, and
// returns its value (nil for NULL) and the bytes after it. Values have the Go types GMS's
// typ.Convert gives: int8..int64, uint8..uint64, float32/float64, decimal.Decimal at the
// column's scale (exponent -scale), string or []byte, time.Time in UTC, types.Timespan, int16 for YEAR,
// uint16 for ENUM, uint64 for SET and BIT. Errors: ErrCorrupt for bytes that are not such
// an encoding (or a DECIMAL outside its column's range); ErrIrreversibleKey for text in a collation that does not order like bytes
// (use SkipKey to step over it); ErrUnsupportedKeyType as for AppendKey.
func DecodeKey(b []byte, typ sql.Type) (v any, rest []byte, err error) {
	if len(b) == 0 {
		return nil, nil, corrupt("empty key")
	}
	if b[0] == keyNull {
		return nil, b[1:], nil
	}
	if b[0] != keyValue {
		return nil, nil, corrupt("bad key marker 0x%02x", b[0])
	}
	b = b[1:]
	k, width := classify(typ)
	switch k {
	case kindInt:
		if len(b) < width {
			return nil, nil, corrupt("short integer")
		}
		x := readInt(b, width)
		switch width {
		case 1:
			return int8(x), b[1:], nil
		case 2:
			return int16(x), b[2:], nil
		case 4:
			return int32(x), b[4:], nil
		}
		return x, b[8:], nil
	case kindUint, kindEnum, kindSet, kindBit:
		if len(b) < width {
			return nil, nil, corrupt("short integer")
		}
		x := readUint(b, width)
		switch {
		case k == kindEnum:
			return uint16(x), b[2:], nil
		case k != kindUint:
			return x, b[8:], nil
		case width == 1:
			return uint8(x), b[1:], nil
		case width == 2:
			return uint16(x), b[2:], nil
		case width == 4:
			return uint32(x), b[4:], nil
		}
		return x, b[8:], nil
	case kindYear:
		if len(b) < 2 {
			return nil, nil, corrupt("short year")
		}
		return int16(readInt(b, 2)), b[2:], nil
	case kindTimespan:
		if len(b) < 8 {
			return nil, nil, corrupt("short time")
		}
		return types.Timespan(readInt(b, 8)), b[8:], nil
	case kindFloat32:
		if len(b) < 4 {
			return nil, nil, corrupt("short float")
		}
		u := binary.BigEndian.Uint32(b)
		if u&(1<<31) != 0 {
			u &^= 1 << 31
		} else {
			u = ^u
		}
		return math.Float32frombits(u), b[4:], nil
	case kindFloat64:
		if len(b) < 8 {
			return nil, nil, corrupt("short double")
		}
		u := binary.BigEndian.Uint64(b)
		if u&(1<<63) != 0 {
			u &^= 1 << 63
		} else {
			u = ^u
		}
		return math.Float64frombits(u), b[8:], nil
	case kindDecimal:
		d, rest, err := decodeDecimalKey(b)
		if err != nil {
			return nil, nil, err
		}
		dt, ok := typ.(sql.DecimalType)
		if ok && !decimalFits(d, dt) {
			// Checked before Round, which would build a coefficient of any size.
			return nil, nil, corrupt("decimal %s out of range for %s", decimalString(d), typ)
		}
		// Give the column's scale back (1.5 → 1.50 in DECIMAL(5,2)), as GMS's Convert does
		// for a column's type; the key itself keeps no trailing zeros.
		if ok {
			d = d.Round(int32(dt.Scale()))
		}
		return d, rest, nil
	case kindTime:
		if len(b) < 12 {
			return nil, nil, corrupt("short datetime")
		}
		sec := readInt(b, 8)
		nsec := binary.BigEndian.Uint32(b[8:])
		if nsec >= 1e9 {
			return nil, nil, corrupt("nanoseconds %d out of range", nsec)
		}
		return time.Unix(sec, int64(nsec)).UTC(), b[12:], nil
	case kindBytes:
		s, rest, err := readEscaped(b)
		if err != nil {
			return nil, nil, err
		}
		return s, rest, nil
	case kindText:
		order, err := collationOrder(typ.(sql.StringType).Collation())
		if err != nil {
			return nil, nil, err
		}
		if order != byteOrder {
			return nil, nil, fmt.Errorf("storage: %s key: %w", typ.(sql.StringType).Collation(), ErrIrreversibleKey)
		}
		s, rest, err := readEscaped(b)
		if err != nil {
			return nil, nil, err
		}
		return string(s), rest, nil
	}
	return nil, nil, unsupportedKey(typ)
}

// SkipKey returns the bytes after the key component at the start of b, encoded by
// AppendKey for typ, without decoding it; it works for every key type, including text in
// collations DecodeKey cannot reverse. Errors: ErrCorrupt, ErrUnsupportedKeyType.
func SkipKey(b []byte, typ sql.Type) (rest []byte, err error) {
	if len(b) == 0 {
		return nil, corrupt("empty key")
	}
	if b[0] == keyNull {
		return b[1:], nil
	}
	if b[0] != keyValue {
		return nil, corrupt("bad key marker 0x%02x", b[0])
	}
	k, width := classify(typ)
	switch k {
	case kindText, kindBytes:
		for i := 1; i+1 < len(b); i++ {
			if b[i] == 0x00 {
				if b[i+1] == 0x01 {
					return b[i+2:], nil
				}
				i++
			}
		}
		return nil, corrupt("unterminated string")
	case kindDecimal:
		_, rest, err := decodeDecimalKey(b[1:])
		return rest, err
	case kindTime:
		width = 12
	case kindUnsupported, kindJSON, kindGeometry:
		return nil, unsupportedKey(typ)
	}
	if len(b) < 1+width {
		return nil, corrupt("short key")
	}
	return b[1+width:], nil
}

// EncodeKeyTuple returns the concatenated key encodings of vals in key format f, one per
// type in types: bytes order equals the lexicographic SQL order of the tuples. Errors as
// for AppendKey, and an error if the lengths differ.
func (f KeyFormat) EncodeKeyTuple(types []sql.Type, vals []any) ([]byte, error) {
	if len(types) != len(vals) {
		return nil, fmt.Errorf("storage: key tuple has %d values for %d types", len(vals), len(types))
	}
	var dst []byte
	var err error
	for i, t := range types {
		if dst, err = f.AppendKey(dst, t, vals[i]); err != nil {
			return nil, err
		}
	}
	return dst, nil
}

func unsupportedKey(typ sql.Type) error {
	return fmt.Errorf("storage: %v: %w", typ, ErrUnsupportedKeyType)
}

func corrupt(format string, args ...any) error {
	return fmt.Errorf("storage: %s: %w", fmt.Sprintf(format, args...), ErrCorrupt)
}

func toInt64(v any) int64 {
	switch x := v.(type) {
	case int8:
		return int64(x)
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	}
	return v.(int64)
}

func toUint64(v any) uint64 {
	switch x := v.(type) {
	case uint8:
		return uint64(x)
	case uint16:
		return uint64(x)
	case uint32:
		return uint64(x)
	}
	return v.(uint64)
}

// appendInt appends the low width bytes of x, big-endian, with the sign bit of that width
// flipped so that negative numbers sort first.
func appendInt(dst []byte, x int64, width int) []byte {
	return appendUint(dst, uint64(x)^(1<<(8*width-1)), width)
}

func appendUint(dst []byte, x uint64, width int) []byte {
	for i := width - 1; i >= 0; i-- {
		dst = append(dst, byte(x>>(8*i)))
	}
	return dst
}

func readUint(b []byte, width int) uint64 {
	var x uint64
	for i := range width {
		x = x<<8 | uint64(b[i])
	}
	return x
}

// readInt reverses appendInt, sign-extending from width bytes.
func readInt(b []byte, width int) int64 {
	u := readUint(b, width) ^ (1 << (8*width - 1))
	shift := 64 - 8*width
	return int64(u<<shift) >> shift
}

// appendEscaped appends s with 0x00 escaped as 0x00 0xFF, then the terminator 0x00 0x01.
func appendEscaped[S string | []byte](dst []byte, s S) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			dst = append(dst, 0x00, 0xFF)
		} else {
			dst = append(dst, s[i])
		}
	}
	return append(dst, 0x00, 0x01)
}

// readEscaped reverses appendEscaped and returns a new slice.
func readEscaped(b []byte) (s, rest []byte, err error) {
	out := make([]byte, 0, 16)
	for i := 0; i < len(b); i++ {
		if b[i] != 0x00 {
			out = append(out, b[i])
			continue
		}
		if i+1 == len(b) {
			break
		}
		switch b[i+1] {
		case 0x01:
			return out, b[i+2:], nil
		case 0xFF:
			out = append(out, 0x00)
			i++
		default:
			return nil, nil, corrupt("bad escape 0x00 0x%02x", b[i+1])
		}
	}
	return nil, nil, corrupt("unterminated string")
}

type order uint8

const (
	byteOrder   order = iota + 1 // the collation orders valid UTF-8 as its bytes
	weightOrder                  // the collation needs its weights
)

var collationOrders sync.Map // sql.CollationID → order

// collationOrder reports whether c orders strings as bytes, which holds for binary and for
// any collation whose rune weights strictly increase with the code point (utf8mb4_bin,
// utf8mb4_0900_bin): UTF-8 byte order is code point order. It checks the weights of every
// code point once per collation (~1.1M calls, some milliseconds). Error:
// ErrUnsupportedKeyType if GMS has no sort function for c.
func collationOrder(c sql.CollationID) (order, error) {
	if c == sql.Collation_binary {
		return byteOrder, nil
	}
	if o, ok := collationOrders.Load(c); ok {
		return o.(order), nil
	}
	weight := c.Sorter()
	if weight == nil {
		return 0, fmt.Errorf("storage: collation %s has no sort function: %w", c, ErrUnsupportedKeyType)
	}
	o := byteOrder
	prev := int64(math.MinInt64)
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r == 0xD800 {
			r = 0xE000 // surrogates cannot appear in UTF-8
		}
		w := int64(weight(r))
		if w <= prev {
			o = weightOrder
			break
		}
		prev = w
	}
	collationOrders.Store(c, o)
	return o, nil
}

// decimalFits reports whether d has at most dt.Precision()-dt.Scale() integer digits and
// at most dt.Scale() fraction digits (trailing zeros aside), as every value GMS stores in a
// DECIMAL(p,s) column has. Keys of other values would not round-trip, and huge exponents
// would make decoding allocate without bound.
func decimalFits(d decimal.Decimal, dt sql.DecimalType) bool {
	if d.Sign() == 0 {
		return true
	}
	coef := d.Coefficient()
	digits := strings.TrimRight(coef.Abs(coef).Text(10), "0")
	exp := int64(d.Exponent()) + int64(len(coef.Text(10))-len(digits))
	intDigits := exp + int64(len(digits))
	return intDigits <= int64(dt.Precision())-int64(dt.Scale()) && -exp <= int64(dt.Scale())
}

// decimalString formats d for an error message without expanding a huge exponent.
func decimalString(d decimal.Decimal) string {
	if e := d.Exponent(); e > 100 || e < -100 {
		return fmt.Sprintf("%se%d", d.Coefficient(), e)
	}
	return d.String()
}

// appendDecimalKey writes d as sign, exponent and base-100 digits; see the package comment.
func appendDecimalKey(dst []byte, d decimal.Decimal) ([]byte, error) {
	sign := d.Sign()
	if sign == 0 {
		return append(dst, decZero), nil
	}
	coef := d.Coefficient() // a new big.Int
	digits := coef.Abs(coef).Text(10)
	exp := int64(d.Exponent())
	trimmed := strings.TrimRight(digits, "0")
	exp += int64(len(digits) - len(trimmed))
	digits = trimmed
	e := exp + int64(len(digits)) // d = 0.digits × 10^e
	if e < math.MinInt32 || e > math.MaxInt32 {
		return dst, fmt.Errorf("storage: decimal exponent %d out of range for a key", e)
	}
	if sign < 0 {
		dst = append(dst, decNeg)
	} else {
		dst = append(dst, decPos)
	}
	body := len(dst)
	dst = binary.BigEndian.AppendUint32(dst, uint32(int32(e))^(1<<31))
	for i := 0; i < len(digits); i += 2 {
		pair := (digits[i] - '0') * 10
		if i+1 < len(digits) {
			pair += digits[i+1] - '0'
		}
		dst = append(dst, pair+1)
	}
	dst = append(dst, 0x00)
	if sign < 0 {
		for i := body; i < len(dst); i++ {
			dst[i] = ^dst[i]
		}
	}
	return dst, nil
}

// decodeDecimalKey reverses appendDecimalKey; the result has no trailing zeros.
func decodeDecimalKey(b []byte) (decimal.Decimal, []byte, error) {
	if len(b) == 0 {
		return decimal.Decimal{}, nil, corrupt("empty decimal")
	}
	sign := b[0]
	switch sign {
	case decZero:
		return decimal.Zero, b[1:], nil
	case decNeg, decPos:
	default:
		return decimal.Decimal{}, nil, corrupt("bad decimal sign 0x%02x", sign)
	}
	var flip byte
	if sign == decNeg {
		flip = 0xFF
	}
	b = b[1:]
	if len(b) < 5 {
		return decimal.Decimal{}, nil, corrupt("short decimal")
	}
	var eb [4]byte
	for i := range eb {
		eb[i] = b[i] ^ flip
	}
	e := int64(int32(binary.BigEndian.Uint32(eb[:]) ^ (1 << 31)))
	b = b[4:]
	digits := make([]byte, 0, 2*len(b))
	for i := 0; ; i++ {
		if i == len(b) {
			return decimal.Decimal{}, nil, corrupt("unterminated decimal")
		}
		p := b[i] ^ flip
		if p == 0 {
			b = b[i+1:]
			break
		}
		if p > 100 {
			return decimal.Decimal{}, nil, corrupt("bad decimal digit pair %d", p-1)
		}
		digits = append(digits, '0'+(p-1)/10, '0'+(p-1)%10)
	}
	if len(digits) == 0 {
		return decimal.Decimal{}, nil, corrupt("decimal without digits")
	}
	coef, ok := new(big.Int).SetString(string(digits), 10)
	if !ok {
		return decimal.Decimal{}, nil, corrupt("bad decimal digits")
	}
	if sign == decNeg {
		coef.Neg(coef)
	}
	exp := e - int64(len(digits))
	if exp < math.MinInt32 {
		return decimal.Decimal{}, nil, corrupt("decimal exponent out of range")
	}
	return decimal.NewFromBigInt(coef, int32(exp)), b, nil
}
