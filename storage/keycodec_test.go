package storage

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

var (
	varcharBin  = types.MustCreateString(sqltypes.VarChar, 100, sql.Collation_utf8mb4_0900_bin)
	varcharMb4  = types.MustCreateString(sqltypes.VarChar, 100, sql.Collation_utf8mb4_bin)
	varcharCI   = types.MustCreateString(sqltypes.VarChar, 100, sql.Collation_utf8mb4_0900_ai_ci)
	varcharGen  = types.MustCreateString(sqltypes.VarChar, 100, sql.Collation_utf8mb4_general_ci)
	charLatin1  = types.MustCreateString(sqltypes.Char, 10, sql.Collation_latin1_swedish_ci)
	varbinary   = types.MustCreateBinary(sqltypes.VarBinary, 100)
	decimal10_2 = types.MustCreateDecimalType(10, 2)
	enumBAC     = types.MustCreateEnumType([]string{"b", "a", "c"}, sql.Collation_Default)
	setXYZ      = types.MustCreateSetType([]string{"x", "y", "z"}, sql.Collation_Default)
	bit64       = types.MustCreateBitType(64)
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func utc(y int, mo time.Month, d, h, mi, s, ns int) time.Time {
	return time.Date(y, mo, d, h, mi, s, ns, time.UTC)
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// sqlCompare is typ.Compare with NULL first, as ORDER BY ... ASC sorts. GMS's Compare puts
// NULL last (types.CompareNulls returns 1 for (nil, x)); its Sort node orders NULLs itself.
func sqlCompare(ctx *sql.Context, typ sql.Type, a, b any) (int, error) {
	switch {
	case a == nil && b == nil:
		return 0, nil
	case a == nil:
		return -1, nil
	case b == nil:
		return 1, nil
	}
	return typ.Compare(ctx, a, b)
}

// checkKeyOrder encodes vals (which must be in ascending SQL order, ties allowed) and checks
// for every pair that bytes.Compare of the encodings has the sign of typ.Compare, that the
// list itself is ascending, and that each encoding decodes (when reversible) and skips.
func checkKeyOrder(t *testing.T, typ sql.Type, vals []any, reversible bool) {
	t.Helper()
	for _, f := range allKeyFormats {
		checkKeyOrderIn(t, f, typ, vals, reversible)
	}
}

// allKeyFormats are the key formats the tests check.
var allKeyFormats = []KeyFormat{KeyFormat0, KeyFormat1}

func checkKeyOrderIn(t *testing.T, f KeyFormat, typ sql.Type, vals []any, reversible bool) {
	t.Helper()
	ctx := sql.NewEmptyContext()
	enc := make([][]byte, len(vals))
	for i, v := range vals {
		var err error
		enc[i], err = f.AppendKey(nil, typ, v)
		if err != nil {
			t.Fatalf("%s format %d AppendKey(%#v): %v", typ, f, v, err)
		}
	}
	for i := range vals {
		for j := range vals {
			want, err := sqlCompare(ctx, typ, vals[i], vals[j])
			if err != nil {
				t.Fatalf("%s Compare(%#v, %#v): %v", typ, vals[i], vals[j], err)
			}
			if i < j && want > 0 {
				t.Errorf("%s: test table not ascending: %#v > %#v", typ, vals[i], vals[j])
			}
			if got := bytes.Compare(enc[i], enc[j]); sign(got) != sign(want) {
				t.Errorf("%s format %d: %#v vs %#v: bytes.Compare = %d, typ.Compare = %d (% x vs % x)",
					typ, f, vals[i], vals[j], got, want, enc[i], enc[j])
			}
		}
	}
	for i, v := range vals {
		tail := []byte("tail")
		b := append(bytes.Clone(enc[i]), tail...)
		rest, err := SkipKey(b, typ)
		if err != nil || !bytes.Equal(rest, tail) {
			t.Errorf("%s SkipKey(% x) = % x, %v", typ, b, rest, err)
		}
		got, rest, err := DecodeKey(b, typ)
		if !reversible {
			if !errors.Is(err, ErrIrreversibleKey) && v != nil {
				t.Errorf("%s DecodeKey: err = %v, want ErrIrreversibleKey", typ, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s DecodeKey(% x): %v", typ, b, err)
			continue
		}
		if !bytes.Equal(rest, tail) {
			t.Errorf("%s DecodeKey(%#v) rest = %q", typ, v, rest)
		}
		want := v
		if d, ok := v.(decimal.Decimal); ok {
			want = d.Round(int32(typ.(sql.DecimalType).Scale()))
		} else if v != nil {
			want, _, _ = typ.Convert(ctx, v)
		}
		if !sameValue(got, want) {
			t.Errorf("%s round trip: got %#v (%T), want %#v (%T)", typ, got, got, want, want)
		}
	}
}

// sameValue is reflect.DeepEqual, except that decimals must also print the same (1.50 is
// not 1.5), times must be the same instant in UTC and -0 equals +0 (keys normalise it).
func sameValue(a, b any) bool {
	switch x := a.(type) {
	case decimal.Decimal:
		y, ok := b.(decimal.Decimal)
		return ok && x.Equal(y) && x.String() == y.String() && x.Exponent() == y.Exponent()
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y) && x.Location() == time.UTC && y.Location() == time.UTC
	case float64:
		y, ok := b.(float64)
		return ok && (x == y || (x != x && y != y))
	case float32:
		y, ok := b.(float32)
		return ok && (x == y || (x != x && y != y))
	}
	return reflect.DeepEqual(a, b)
}

func TestKeyOrderPerType(t *testing.T) {
	tests := []struct {
		name       string
		typ        sql.Type
		vals       []any // ascending
		reversible bool
	}{
		{"TINYINT", types.Int8, []any{nil, int8(math.MinInt8), int8(-1), int8(0), int8(1), int8(math.MaxInt8)}, true},
		{"BOOLEAN", types.Boolean, []any{nil, int8(0), int8(1)}, true},
		{"SMALLINT", types.Int16, []any{nil, int16(math.MinInt16), int16(-256), int16(-255), int16(0), int16(255), int16(256), int16(math.MaxInt16)}, true},
		{"MEDIUMINT", types.Int24, []any{nil, int32(-1 << 23), int32(-1), int32(0), int32(1<<23 - 1)}, true},
		{"INT", types.Int32, []any{nil, int32(math.MinInt32), int32(-65536), int32(-1), int32(0), int32(1), int32(65536), int32(math.MaxInt32)}, true},
		{"BIGINT", types.Int64, []any{nil, int64(math.MinInt64), int64(math.MinInt64 + 1), int64(-1 << 32), int64(-1), int64(0), int64(1), int64(1 << 32), int64(math.MaxInt64)}, true},
		{"TINYINT UNSIGNED", types.Uint8, []any{nil, uint8(0), uint8(1), uint8(127), uint8(128), uint8(255)}, true},
		{"SMALLINT UNSIGNED", types.Uint16, []any{nil, uint16(0), uint16(255), uint16(256), uint16(math.MaxUint16)}, true},
		{"MEDIUMINT UNSIGNED", types.Uint24, []any{nil, uint32(0), uint32(1<<24 - 1)}, true},
		{"INT UNSIGNED", types.Uint32, []any{nil, uint32(0), uint32(1 << 31), uint32(math.MaxUint32)}, true},
		{"BIGINT UNSIGNED", types.Uint64, []any{nil, uint64(0), uint64(1), uint64(1 << 63), uint64(math.MaxUint64)}, true},
		{"FLOAT", types.Float32, []any{nil, float32(-math.MaxFloat32), float32(-1), float32(-math.SmallestNonzeroFloat32), float32(0), float32(math.SmallestNonzeroFloat32), float32(1), float32(math.MaxFloat32)}, true}, // GMS clamps ±Inf to ±MaxFloat32
		{"DOUBLE", types.Float64, []any{nil, math.Inf(-1), -math.MaxFloat64, -1.5, -1, -math.SmallestNonzeroFloat64, 0.0, math.SmallestNonzeroFloat64, 0.1, 1, 1.5, 1e300, math.MaxFloat64, math.Inf(1)}, true},
		{"DECIMAL(10,2)", decimal10_2, []any{nil, dec("-99999999.99"), dec("-100.00"), dec("-99.99"), dec("-1.50"), dec("-1.05"), dec("-1.00"), dec("-0.01"), dec("0.00"), dec("0.01"), dec("0.10"), dec("1.00"), dec("1.05"), dec("1.50"), dec("10.00"), dec("99.99"), dec("100.00"), dec("99999999.99")}, true},
		{"VARCHAR utf8mb4_0900_bin", varcharBin, []any{nil, "", "\x00", "\x00\x00", "\x00a", "A", "B", "a", "a\x00", "a\x00b", "a\x01", "ab", "b", "é", "中", "中文", "😀"}, true},
		{"VARCHAR utf8mb4_bin", varcharMb4, []any{nil, "", "A", "a", "ab", "\uD7FF", "\uE000", "\uFFFD", "😀"}, true},
		{"TEXT default collation", types.Text, []any{nil, "", "Z", "a", "中文"}, true},
		{"VARCHAR utf8mb4_0900_ai_ci", varcharCI, []any{nil, "", "a", "A", "á", "ab", "AB", "b", "z", "中"}, false},
		{"VARCHAR utf8mb4_general_ci", varcharGen, []any{nil, "", "A", "a", "B", "b"}, false},
		{"CHAR latin1_swedish_ci", charLatin1, []any{nil, "", "a", "A", "b", "z"}, false},
		{"VARBINARY", varbinary, []any{nil, []byte{}, []byte{0}, []byte{0, 0}, []byte{0, 1}, []byte{0, 0xFF}, []byte{1}, []byte{0xFF}, []byte{0xFF, 0}, []byte{0xFF, 0xFF}}, true},
		{"BLOB", types.Blob, []any{nil, []byte{}, []byte("abc"), []byte("abd")}, true},
		{"DATE", types.Date, []any{nil, utc(0, 1, 1, 0, 0, 0, 0), utc(1000, 1, 1, 0, 0, 0, 0), utc(1969, 12, 31, 0, 0, 0, 0), utc(1970, 1, 1, 0, 0, 0, 0), utc(2024, 2, 29, 0, 0, 0, 0), utc(9999, 12, 31, 0, 0, 0, 0)}, true},
		{"DATETIME(6)", types.DatetimeMaxPrecision, []any{nil, utc(1000, 1, 1, 0, 0, 0, 0), utc(1969, 12, 31, 23, 59, 59, 999999000), utc(1970, 1, 1, 0, 0, 0, 0), utc(1970, 1, 1, 0, 0, 0, 1000), utc(1970, 1, 1, 0, 0, 1, 0), utc(2262, 4, 12, 0, 0, 0, 0), utc(9999, 12, 31, 23, 59, 59, 999999000)}, true},
		{"TIMESTAMP", types.Timestamp, []any{nil, utc(1970, 1, 1, 0, 0, 1, 0), utc(2038, 1, 19, 3, 14, 7, 0)}, true},
		{"YEAR", types.Year, []any{nil, int16(0), int16(1901), int16(2000), int16(2155)}, true},
		{"TIME", types.Time, []any{nil, types.Timespan(-3020399000000), types.Timespan(-1), types.Timespan(0), types.Timespan(1), types.Timespan(3020399000000)}, true},
		{"ENUM('b','a','c')", enumBAC, []any{nil, uint16(1), uint16(2), uint16(3)}, true},
		{"SET('x','y','z')", setXYZ, []any{nil, uint64(0), uint64(1), uint64(2), uint64(3), uint64(7)}, true},
		{"BIT(64)", bit64, []any{nil, uint64(0), uint64(1), uint64(1 << 63), uint64(math.MaxUint64)}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkKeyOrder(t, tt.typ, tt.vals, tt.reversible) })
	}
}

func TestKeyOrderDecimalWide(t *testing.T) {
	vals := []any{nil, dec("-99999999999999999999999999999999999.999999999999999999999999999999"), dec("-1e34"), dec("-123456789012345678901234567890.5"), dec("-1"),
		dec("-0.9"), dec("-0.123"), dec("-0.1203"), dec("-0.12"), dec("-1e-30"), dec("0"),
		dec("1e-30"), dec("0.12"), dec("0.1203"), dec("0.123"), dec("0.9"), dec("1"),
		dec("1.0000000000000000000000000001"), dec("9.99"), dec("10"), dec("99"), dec("100"),
		dec("101"), dec("123456789012345678901234567890.5"), dec("1e34"),
		dec("99999999999999999999999999999999999.999999999999999999999999999999")}
	checkKeyOrder(t, types.InternalDecimalType, vals, true)
}

// TestKeyGolden pins exact encodings, so a change of format is a deliberate one.
func TestKeyGolden(t *testing.T) {
	tests := []struct {
		name string
		typ  sql.Type
		v    any
		want string // hex
	}{
		{"NULL", types.Int64, nil, "00"},
		{"TINYINT min: sign bit flipped to 00", types.Int8, int8(-128), "0100"},
		{"INT -1", types.Int32, int32(-1), "017fffffff"},
		{"INT 1", types.Int32, int32(1), "0180000001"},
		{"BIGINT 0", types.Int64, int64(0), "018000000000000000"},
		{"BIGINT UNSIGNED max", types.Uint64, uint64(math.MaxUint64), "01ffffffffffffffff"},
		{"DOUBLE +0", types.Float64, 0.0, "018000000000000000"},
		{"DOUBLE -0 equals +0", types.Float64, math.Copysign(0, -1), "018000000000000000"},
		{"DOUBLE -1: all bits flipped", types.Float64, -1.0, "01400fffffffffffff"},
		{"FLOAT 1", types.Float32, float32(1), "01bf800000"},
		{"DECIMAL 0", types.InternalDecimalType, dec("0"), "0102"},
		{"DECIMAL 1.5 = 0.15e1: pair 15 as 0x10", types.InternalDecimalType, dec("1.5"), "0103800000011000"},
		{"DECIMAL 1.50 same as 1.5", types.InternalDecimalType, dec("1.50"), "0103800000011000"},
		{"DECIMAL -1.5 complemented", types.InternalDecimalType, dec("-1.5"), "01017ffffffeefff"},
		{"DECIMAL 0.001 = 0.1e-2: pair 10 as 0x0b", types.InternalDecimalType, dec("0.001"), "01037ffffffe0b00"},
		{"DECIMAL 123 = pairs 12, 30", types.InternalDecimalType, dec("123"), "0103800000030d1f00"},
		{"VARCHAR a NUL b", varcharBin, "a\x00b", "016100ff620001"},
		{"VARCHAR empty", varcharBin, "", "010001"},
		{"VARBINARY 00 ff", varbinary, []byte{0, 0xFF}, "0100ffff0001"},
		{"ai_ci 'a' and 'A' share a weight", varcharCI, "A", mustHex(t, varcharCI, "a")},
		{"DATETIME 1970-01-01 00:00:01.5", types.DatetimeMaxPrecision, utc(1970, 1, 1, 0, 0, 1, 500000000), "018000000000000001" + "1dcd6500"},
		{"DATE 1969-12-31: one day before the epoch", types.Date, utc(1969, 12, 31, 0, 0, 0, 0), "017ffffffffffeae80" + "00000000"},
		{"YEAR 2024", types.Year, int16(2024), "0187e8"},
		{"TIME -1 µs", types.Time, types.Timespan(-1), "017fffffffffffffff"},
		{"ENUM 2", enumBAC, uint16(2), "010002"},
		{"BOOLEAN from Go bool", types.Boolean, true, "0181"},
		{"INT from Go int (converted)", types.Int32, 7, "0180000007"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CurrentKeyFormat.AppendKey(nil, tt.typ, tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprintf("%x", got) != tt.want {
				t.Errorf("CurrentKeyFormat.AppendKey(%#v) = %x, want %s", tt.v, got, tt.want)
			}
		})
	}
}

// TestKeyGoldenWeights pins the weight strings of text in collations that do not order
// like bytes, in both key formats: tables written in format 0 must keep finding their
// rows. Weights are go-mysql-server 0.20's (utf8mb4_0900_ai_ci: 'a' 7044 = 0x1b84, '中'
// 39440, ' ' 9, U+0000 0; utf8mb3_general_ci: a rune past U+FFFF 2^31-1).
func TestKeyGoldenWeights(t *testing.T) {
	mb3 := types.MustCreateString(sqltypes.VarChar, 10, sql.Collation_utf8mb3_general_ci)
	tests := []struct {
		name string
		f    KeyFormat
		typ  sql.Type
		v    string
		want string // hex
	}{
		{"format 0: ai_ci 'a' as 80 00 1b 84, its 00 escaped", KeyFormat0, varcharCI, "a", "018000ff1b840001"},
		{"format 0: ai_ci 'A' is 'a'", KeyFormat0, varcharCI, "A", "018000ff1b840001"},
		{"format 0: ai_ci 'á' is 'a'", KeyFormat0, varcharCI, "á", "018000ff1b840001"},
		{"format 0: ai_ci '中'", KeyFormat0, varcharCI, "中", "018000ff9a100001"},
		{"format 0: ai_ci empty", KeyFormat0, varcharCI, "", "010001"},
		{"format 0: general_ci 'a' (65)", KeyFormat0, varcharGen, "a", "018000ff00ff410001"},
		{"format 1: ai_ci 'a': 2 bytes, 7044-125 = 0x1b07 under tag 0x7f", KeyFormat1, varcharCI, "a", "019a070001"},
		{"format 1: ai_ci 'A' is 'a'", KeyFormat1, varcharCI, "A", "019a070001"},
		{"format 1: ai_ci 'Á' is 'a'", KeyFormat1, varcharCI, "Á", "019a070001"},
		{"format 1: ai_ci 'ab' ('b' 7069)", KeyFormat1, varcharCI, "ab", "019a079a200001"},
		{"format 1: ai_ci '中': 3 bytes, 39440-16509 = 0x5993", KeyFormat1, varcharCI, "中", "01bf59930001"},
		{"format 1: ai_ci ' ' (9): 1 byte", KeyFormat1, varcharCI, " ", "010b0001"},
		{"format 1: ai_ci 'a ' keeps its space (NO PAD)", KeyFormat1, varcharCI, "a ", "019a070b0001"},
		{"format 1: ai_ci U+0000 weighs 0: byte 0x02", KeyFormat1, varcharCI, "\x00", "01020001"},
		{"format 1: ai_ci empty", KeyFormat1, varcharCI, "", "010001"},
		{"format 1: general_ci 'a' (65): 1 byte", KeyFormat1, varcharGen, "a", "01430001"},
		{"format 1: general_ci 'A' is 'a'", KeyFormat1, varcharGen, "A", "01430001"},
		{"format 1: utf8mb3_general_ci '😀' (2^31-1): 5 bytes", KeyFormat1, mb3, "😀", "01ff7fffffff0001"},
		{"format 1: byte-ordered text as format 0", KeyFormat1, varcharBin, "a\x00b", "016100ff620001"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.f.AppendKey(nil, tt.typ, tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprintf("%x", got) != tt.want {
				t.Errorf("format %d AppendKey(%q) = %x, want %s", tt.f, tt.v, got, tt.want)
			}
		})
	}
	if _, err := KeyFormat(2).AppendKey(nil, varcharCI, "a"); err == nil {
		t.Error("format 2: no error")
	}
}

// TestWeightCodes pins KeyFormat1's code at each class boundary and checks that the codes
// ascend with the weights across them.
func TestWeightCodes(t *testing.T) {
	tests := []struct {
		w    int32
		want string
	}{
		{math.MinInt32, "0180000000"},
		{-1, "01ffffffff"},
		{0, "02"},
		{124, "7e"},
		{125, "7f00"},
		{126, "7f01"},
		{16508, "beff"},
		{16509, "bf0000"},
		{16509 + 1<<16, "c00000"},
		{16509 + 64<<16 - 1, "feffff"},
		{16509 + 64<<16, "ff0040407d"},
		{math.MaxInt32, "ff7fffffff"},
	}
	var prev []byte
	for i, tt := range tests {
		var code [5]byte
		got := code[:weightCode(&code, tt.w)]
		if fmt.Sprintf("%x", got) != tt.want {
			t.Errorf("weightCode(%d) = %x, want %s", tt.w, got, tt.want)
		}
		if i > 0 && bytes.Compare(prev, got) >= 0 {
			t.Errorf("weightCode(%d) = %x does not sort after %x", tt.w, got, prev)
		}
		prev = bytes.Clone(got)
	}
}

func mustHex(t *testing.T, typ sql.Type, v any) string {
	b, err := CurrentKeyFormat.AppendKey(nil, typ, v)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", b)
}

func TestKeyErrors(t *testing.T) {
	tests := []struct {
		name string
		typ  sql.Type
		v    any
		want error // nil: any error
	}{
		{"JSON", types.JSON, types.JSONDocument{Val: "x"}, ErrUnsupportedKeyType},
		{"GEOMETRY", types.GeometryType{}, types.Point{X: 1, Y: 2}, ErrUnsupportedKeyType},
		{"POINT", types.PointType{}, types.Point{X: 1, Y: 2}, ErrUnsupportedKeyType},
		{"DOUBLE NaN", types.Float64, math.NaN(), nil},
		{"FLOAT NaN", types.Float32, float32(math.NaN()), nil},
		{"invalid UTF-8 in utf8mb4_0900_bin", varcharBin, "a\xff", nil},
		{"invalid UTF-8 in ai_ci", varcharCI, "a\xff", nil},
		{"TINYINT out of range", types.Int8, int64(300), nil},
		{"DECIMAL(10,2) with 9 integer digits", decimal10_2, dec("100000000"), nil},
		{"DECIMAL(10,2) with 3 fraction digits", decimal10_2, dec("0.001"), nil},
		{"DECIMAL(65,30) 1e40", types.InternalDecimalType, dec("1e40"), nil},
		{"INT from a non-number", types.Int32, "abc", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := CurrentKeyFormat.AppendKey(nil, tt.typ, tt.v)
			if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
				t.Errorf("CurrentKeyFormat.AppendKey(%#v) error = %v, want %v", tt.v, err, tt.want)
			}
		})
	}
	corruptInputs := []struct {
		name string
		typ  sql.Type
		b    []byte
	}{
		{"empty", types.Int64, nil},
		{"bad marker", types.Int64, []byte{7}},
		{"short int", types.Int64, []byte{1, 0x80, 0}},
		{"unterminated string", varcharBin, []byte{1, 'a', 'b'}},
		{"bad escape", varcharBin, []byte{1, 'a', 0, 7}},
		{"decimal bad sign", types.InternalDecimalType, []byte{1, 9}},
		{"decimal unterminated", types.InternalDecimalType, []byte{1, decPos, 0x80, 0, 0, 1, 5}},
		{"decimal digit pair 101", types.InternalDecimalType, []byte{1, decPos, 0x80, 0, 0, 1, 102, 0}},
		{"decimal 1e40 in DECIMAL(10,2)", decimal10_2, append([]byte{1}, must(appendDecimalKey(nil, dec("1e40")))...)},
		{"decimal 1e-99999999 in DECIMAL(10,2)", decimal10_2, append([]byte{1}, must(appendDecimalKey(nil, dec("1e-99999999")))...)},
		{"datetime nanos 1e9", types.DatetimeMaxPrecision, []byte{1, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x3b, 0x9a, 0xca, 0x00}},
	}
	for _, tt := range corruptInputs {
		t.Run("decode "+tt.name, func(t *testing.T) {
			if _, _, err := DecodeKey(tt.b, tt.typ); !errors.Is(err, ErrCorrupt) {
				t.Errorf("DecodeKey(% x) error = %v, want ErrCorrupt", tt.b, err)
			}
		})
	}
}

func TestCollationOrder(t *testing.T) {
	tests := []struct {
		c    sql.CollationID
		want order
	}{
		{sql.Collation_binary, byteOrder},
		{sql.Collation_utf8mb4_0900_bin, byteOrder},
		{sql.Collation_utf8mb4_bin, byteOrder},   // weights skip the surrogates but still increase
		{sql.Collation_utf8mb3_bin, weightOrder}, // every rune past U+FFFF weighs the same
		{sql.Collation_ascii_bin, weightOrder},   // every non-ASCII rune weighs the same
		{sql.Collation_utf8mb4_0900_ai_ci, weightOrder},
		{sql.Collation_utf8mb4_general_ci, weightOrder},
	}
	for _, tt := range tests {
		got, err := collationOrder(tt.c)
		if err != nil || got != tt.want {
			t.Errorf("collationOrder(%s) = %d, %v; want %d", tt.c, got, err, tt.want)
		}
	}
}

// TestKeyTupleOrder checks that (BIGINT, VARCHAR, DECIMAL) tuples compare lexicographically,
// including NULLs and strings that are prefixes of one another.
func TestKeyTupleOrder(t *testing.T) {
	tys := []sql.Type{types.Int64, varcharBin, types.InternalDecimalType}
	tuples := [][]any{
		{nil, nil, nil},
		{nil, "", dec("1")},
		{nil, "a", nil},
		{int64(-5), nil, dec("2")},
		{int64(-5), "", nil},
		{int64(-5), "", dec("-1")},
		{int64(-5), "", dec("0")},
		{int64(-5), "\x00", dec("-100")},
		{int64(-5), "a", dec("99")},
		{int64(-5), "a\x00", dec("-99")},
		{int64(-5), "a\x00\x00", nil},
		{int64(-5), "a\x01", nil},
		{int64(-5), "ab", dec("0.5")},
		{int64(-5), "ab", dec("5")},
		{int64(0), "", nil},
		{int64(7), "中", dec("1e10")},
	}
	ctx := sql.NewEmptyContext()
	cmpTuple := func(a, b []any) int {
		for i, ty := range tys {
			c, err := sqlCompare(ctx, ty, a[i], b[i])
			if err != nil {
				t.Fatal(err)
			}
			if c != 0 {
				return c
			}
		}
		return 0
	}
	enc := make([][]byte, len(tuples))
	for i, tu := range tuples {
		var err error
		if enc[i], err = CurrentKeyFormat.EncodeKeyTuple(tys, tu); err != nil {
			t.Fatal(err)
		}
		got, rest, err := decodeKeyTuple(enc[i], tys)
		if err != nil || len(rest) != 0 {
			t.Fatalf("decodeKeyTuple(%v): %v, rest % x", tu, err, rest)
		}
		for j := range tu {
			if !sameValue(got[j], tu[j]) && !(tu[j] != nil && got[j].(decimal.Decimal).Equal(tu[j].(decimal.Decimal))) {
				t.Errorf("tuple %v column %d decoded as %#v", tu, j, got[j])
			}
		}
	}
	for i := range tuples {
		for j := range tuples {
			want := cmpTuple(tuples[i], tuples[j])
			if i < j && want >= 0 {
				t.Errorf("test table not strictly ascending at %v, %v", tuples[i], tuples[j])
			}
			if got := bytes.Compare(enc[i], enc[j]); sign(got) != sign(want) {
				t.Errorf("%v vs %v: bytes %d, SQL %d", tuples[i], tuples[j], got, want)
			}
		}
	}
	if _, err := CurrentKeyFormat.EncodeKeyTuple(tys, []any{int64(1)}); err == nil {
		t.Error("EncodeKeyTuple with too few values: no error")
	}
	// A secondary-index key: index columns, then the primary key, which SkipKey leaves whole.
	idx, _ := CurrentKeyFormat.EncodeKeyTuple([]sql.Type{varcharCI, types.Int64}, []any{"Straße", int64(42)})
	rest, err := SkipKey(idx, varcharCI)
	if err != nil {
		t.Fatal(err)
	}
	pk, rest, err := DecodeKey(rest, types.Int64)
	if err != nil || pk != int64(42) || len(rest) != 0 {
		t.Errorf("primary key after SkipKey = %#v, %v, rest % x", pk, err, rest)
	}
}

func checkPair(t *testing.T, typ sql.Type, a, b any) {
	t.Helper()
	want, err := sqlCompare(sql.NewEmptyContext(), typ, a, b)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range allKeyFormats {
		ea, err := f.AppendKey(nil, typ, a)
		if err != nil {
			t.Fatalf("format %d AppendKey(%#v): %v", f, a, err)
		}
		eb, err := f.AppendKey(nil, typ, b)
		if err != nil {
			t.Fatalf("format %d AppendKey(%#v): %v", f, b, err)
		}
		if got := bytes.Compare(ea, eb); sign(got) != sign(want) {
			t.Fatalf("%s format %d %#v vs %#v: bytes.Compare %d, typ.Compare %d (% x vs % x)", typ, f, a, b, got, want, ea, eb)
		}
	}
}

func checkRoundTrip(t *testing.T, typ sql.Type, v any, same func(a, b any) bool) {
	t.Helper()
	e, err := CurrentKeyFormat.AppendKey(nil, typ, v)
	if err != nil {
		t.Fatal(err)
	}
	got, rest, err := DecodeKey(e, typ)
	if err != nil || len(rest) != 0 || !same(got, v) {
		t.Fatalf("%s round trip of %#v: got %#v, rest % x, err %v", typ, v, got, rest, err)
	}
}

func FuzzKeyInt64(f *testing.F) {
	for _, s := range [][2]int64{{0, 0}, {-1, 0}, {math.MinInt64, math.MaxInt64}, {1 << 32, 1<<32 - 1}, {-256, -255}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b int64) {
		checkPair(t, types.Int64, a, b)
		checkRoundTrip(t, types.Int64, a, sameValue)
		checkPair(t, types.Int32, int32(a), int32(b))
		checkPair(t, types.Uint64, uint64(a), uint64(b))
		checkRoundTrip(t, types.Uint64, uint64(a), sameValue)
		checkPair(t, types.Int8, int8(a), int8(b))
	})
}

func FuzzKeyString(f *testing.F) {
	for _, s := range [][2]string{{"", ""}, {"a", "a\x00"}, {"a\x00", "a\x01"}, {"A", "a"}, {"中文", "中"}, {"\uE000", "\uD7FF"}, {"ß", "ss"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		// LONGBLOB: Compare converts []byte and would refuse values longer than VARBINARY(100).
		checkPair(t, types.LongBlob, []byte(a), []byte(b))
		checkRoundTrip(t, types.LongBlob, []byte(a), sameValue)
		if !utf8.ValidString(a) || !utf8.ValidString(b) {
			return
		}
		checkPair(t, varcharBin, a, b)
		checkPair(t, varcharMb4, a, b)
		checkPair(t, varcharCI, a, b)
		checkPair(t, varcharGen, a, b)
		checkRoundTrip(t, varcharBin, a, sameValue)
		checkRoundTrip(t, varcharMb4, a, sameValue)
	})
}

func FuzzKeyDecimal(f *testing.F) {
	for _, s := range [][2]string{{"0", "-0"}, {"1.5", "1.50"}, {"-0.12", "-0.123"}, {"0.1203", "0.123"}, {"99", "100"}, {"1e40", "-1e-40"}, {"123456789012345678901234567890", "123456789012345678901234567891"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		da, err1 := decimal.NewFromString(a)
		db, err2 := decimal.NewFromString(b)
		if err1 != nil || err2 != nil || len(a) > 100 || len(b) > 100 {
			return
		}
		ea, err := CurrentKeyFormat.AppendKey(nil, types.InternalDecimalType, da)
		if err != nil {
			return // exponent beyond int32
		}
		eb, err := CurrentKeyFormat.AppendKey(nil, types.InternalDecimalType, db)
		if err != nil {
			return
		}
		if got, want := bytes.Compare(ea, eb), da.Cmp(db); sign(got) != want {
			t.Fatalf("%s vs %s: bytes.Compare %d, decimal.Cmp %d (% x vs % x)", da, db, got, want, ea, eb)
		}
		got, rest, err := DecodeKey(ea, types.InternalDecimalType)
		if err != nil || len(rest) != 0 || !got.(decimal.Decimal).Equal(da) {
			t.Fatalf("round trip of %s: %v, %v, rest % x", da, got, err, rest)
		}
	})
}

func FuzzKeyFloat(f *testing.F) {
	for _, s := range [][2]float64{{0, math.Copysign(0, -1)}, {-1, 1}, {math.Inf(-1), -math.MaxFloat64}, {math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64}, {0.1, 0.2}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b float64) {
		if math.IsNaN(a) || math.IsNaN(b) {
			if _, err := CurrentKeyFormat.AppendKey(nil, types.Float64, math.NaN()); err == nil {
				t.Fatal("NaN accepted")
			}
			return
		}
		checkPair(t, types.Float64, a, b)
		checkRoundTrip(t, types.Float64, a, sameValue)
		checkPair(t, types.Float32, float32(a), float32(b))
		checkRoundTrip(t, types.Float32, float32(a), sameValue)
		if got, _, _ := DecodeKey(mustKey(t, types.Float64, a), types.Float64); a == 0 && math.Signbit(got.(float64)) {
			t.Fatal("-0 decoded with its sign")
		}
	})
}

func mustKey(t *testing.T, typ sql.Type, v any) []byte {
	b, err := CurrentKeyFormat.AppendKey(nil, typ, v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// decodeKeyTuple, the tests' inverse of KeyFormat.EncodeKeyTuple, decodes
// len(types) key components from the start of b and returns their values
// and the bytes after them (a secondary index key decodes its index columns
// and leaves the primary key's bytes in rest). Errors as for DecodeKey.
func decodeKeyTuple(b []byte, types []sql.Type) (vals []any, rest []byte, err error) {
	vals = make([]any, len(types))
	for i, t := range types {
		if vals[i], b, err = DecodeKey(b, t); err != nil {
			return nil, nil, err
		}
	}
	return vals, b, nil
}
