package storage

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/simsql/simsql/internal/jsonnum"
)

func col(name string, typ sql.Type) *sql.Column {
	return &sql.Column{Name: name, Type: typ, Nullable: true}
}

// jsonDoc returns the document of text as the storage reads it: integers
// exact (jsonnum.Parse), where GMS's Convert reads float64s.
func jsonDoc(t *testing.T, text string) types.JSONDocument {
	t.Helper()
	v, err := jsonnum.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return types.JSONDocument{Val: v}
}

// TestRowRoundTrip encodes each value alone in a row of its type and decodes it; the result
// must be deep-equal to what typ.Convert gives for the value, Go type included.
func TestRowRoundTrip(t *testing.T) {
	decimalCol := types.MustCreateColumnDecimalType(10, 2)
	blob64k := bytes.Repeat([]byte{0, 1, 2, 0xFF}, 16<<10)
	tests := []struct {
		name string
		typ  sql.Type
		vals []any
	}{
		{"TINYINT", types.Int8, []any{int8(math.MinInt8), int8(0), int8(math.MaxInt8)}},
		{"SMALLINT", types.Int16, []any{int16(math.MinInt16), int16(math.MaxInt16)}},
		{"MEDIUMINT", types.Int24, []any{int32(-1 << 23), int32(1<<23 - 1)}},
		{"INT", types.Int32, []any{int32(math.MinInt32), int32(-1), int32(math.MaxInt32)}},
		{"BIGINT", types.Int64, []any{int64(math.MinInt64), int64(0), int64(math.MaxInt64)}},
		{"TINYINT UNSIGNED", types.Uint8, []any{uint8(0), uint8(255)}},
		{"SMALLINT UNSIGNED", types.Uint16, []any{uint16(math.MaxUint16)}},
		{"MEDIUMINT UNSIGNED", types.Uint24, []any{uint32(1<<24 - 1)}},
		{"INT UNSIGNED", types.Uint32, []any{uint32(math.MaxUint32)}},
		{"BIGINT UNSIGNED", types.Uint64, []any{uint64(0), uint64(math.MaxUint64)}},
		{"FLOAT", types.Float32, []any{float32(0), float32(math.Copysign(0, -1)), float32(math.SmallestNonzeroFloat32), float32(-math.MaxFloat32)}},
		{"DOUBLE", types.Float64, []any{0.0, math.Copysign(0, -1), 0.1, -1e300, math.SmallestNonzeroFloat64, math.Inf(1)}},
		{"DECIMAL(10,2)", decimalCol, []any{dec("0.00"), dec("1.50"), dec("-99999999.99"), dec("0.01")}},
		{"DECIMAL(65,30)", types.MustCreateColumnDecimalType(65, 30), []any{dec("-12345678901234567890123456789012345.123456789012345678901234567890")}},
		{"VARCHAR", varcharCI, []any{"", "a", "中文字符串 with mixed text", "\x00"}},
		{"CHAR", charLatin1, []any{"abc"}},
		{"TEXT", types.Text, []any{strings.Repeat("長", 20000)}},
		{"VARBINARY", varbinary, []any{[]byte{}, []byte{0}, []byte("abc")}},
		{"LONGBLOB 64 KiB", types.LongBlob, []any{blob64k}},
		{"DATE", types.Date, []any{utc(1000, 1, 1, 0, 0, 0, 0), utc(9999, 12, 31, 0, 0, 0, 0)}},
		{"DATETIME(6)", types.DatetimeMaxPrecision, []any{utc(0, 1, 1, 0, 0, 0, 0), utc(1969, 12, 31, 23, 59, 59, 999999000), utc(9999, 12, 31, 23, 59, 59, 999999000)}},
		{"TIMESTAMP", types.Timestamp, []any{utc(2038, 1, 19, 3, 14, 7, 0)}},
		{"YEAR", types.Year, []any{int16(0), int16(1901), int16(2155)}},
		{"TIME", types.Time, []any{types.Timespan(-3020399000000), types.Timespan(0), types.Timespan(3020399000000)}},
		{"ENUM", enumBAC, []any{uint16(1), uint16(3)}},
		{"SET", setXYZ, []any{uint64(0), uint64(7)}},
		{"BIT(64)", bit64, []any{uint64(math.MaxUint64)}},
		{"BOOLEAN", types.Boolean, []any{int8(0), int8(1)}},
		{"JSON", types.JSON, []any{
			jsonDoc(t, `{"a": 1, "b": [true, false, null], "c": {"d": "中文", "e": 1.5}}`),
			jsonDoc(t, `[1, "two", [3, [4, {}]], []]`),
			jsonDoc(t, `"just a string with \"quotes\" and \\ and \n"`),
			jsonDoc(t, `null`),
			jsonDoc(t, `-0.5`),
			// beyond a float64's 2^53, which GMS's parsing rounded
			jsonDoc(t, `{"fp": 18446744073709551614, "n": -9223372036854775808, "o": 9007199254740993}`),
		}},
		{"POINT", types.PointType{}, []any{types.Point{SRID: 0, X: 1.5, Y: -2}}},
		{"GEOMETRY", types.GeometryType{}, []any{
			types.Point{SRID: 4326, X: 1, Y: 2},
			types.LineString{Points: []types.Point{{X: 0, Y: 0}, {X: 1, Y: 1}}},
		}},
	}
	ctx := sql.NewEmptyContext()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sch := sql.Schema{col("c", tt.typ)}
			for _, v := range tt.vals {
				want, _, err := tt.typ.Convert(ctx, v)
				if err != nil {
					t.Fatalf("Convert(%.40v): %.200v", v, err)
				}
				enc, err := EncodeRow(nil, sch, sql.Row{v})
				if err != nil {
					t.Fatalf("EncodeRow(%.80v): %v", v, err)
				}
				got, err := DecodeRow(enc, sch)
				if err != nil {
					t.Fatalf("DecodeRow(%.80v): %v", v, err)
				}
				if !rowValueEqual(got[0], want) {
					t.Errorf("round trip of %.80v: got %.80v (%T), want %.80v (%T)", v, got[0], got[0], want, want)
				}
			}
		})
	}
}

// rowValueEqual is reflect.DeepEqual with float bits compared exactly (-0 is not +0) and
// decimals compared by value and exponent.
func rowValueEqual(a, b any) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y)
	case float32:
		y, ok := b.(float32)
		return ok && math.Float32bits(x) == math.Float32bits(y)
	}
	if _, ok := a.(sql.JSONWrapper); !ok {
		return sameValue(a, b)
	}
	return reflect.DeepEqual(a, b)
}

func TestRowGolden(t *testing.T) {
	sch := sql.Schema{col("a", types.Int64), col("b", types.Uint64), col("c", varcharBin), col("d", types.Float64), col("e", types.Int32)}
	enc, err := EncodeRow(nil, sch, sql.Row{int64(-2), uint64(300), "hi", nil, int32(1)})
	if err != nil {
		t.Fatal(err)
	}
	// 05 columns; bitmap 08 (column 3 NULL); -2 zig-zag 03; 300 = ac 02; "hi" 02 68 69; 1 → 02
	if want := "050803ac0202686902"; fmt.Sprintf("%x", enc) != want {
		t.Errorf("EncodeRow = %x, want %s", enc, want)
	}
}

func TestRowNullsAndAddedColumns(t *testing.T) {
	old := sql.Schema{col("id", types.Int64), col("name", varcharBin)}
	enc, err := EncodeRow(nil, old, sql.Row{int64(7), nil})
	if err != nil {
		t.Fatal(err)
	}
	// ALTER TABLE ADD COLUMN: the old row reads the new columns as NULL.
	grown := append(old.Copy(), col("score", types.Float64), col("tags", types.JSON))
	got, err := DecodeRow(enc, grown)
	if err != nil {
		t.Fatal(err)
	}
	if want := (sql.Row{int64(7), nil, nil, nil}); !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeRow with added columns = %#v, want %#v", got, want)
	}
	// Nine columns: the NULL bitmap takes two bytes.
	var nine sql.Schema
	row := sql.Row{}
	for i := range 9 {
		nine = append(nine, col(fmt.Sprint("c", i), types.Int8))
		if i%4 == 0 {
			row = append(row, nil)
		} else {
			row = append(row, int8(i))
		}
	}
	enc, err = EncodeRow(nil, nine, row)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(enc, []byte{9, 0x11, 0x01}) {
		t.Errorf("header = % x, want 09 11 01", enc[:3])
	}
	got, err = DecodeRow(enc, nine)
	if err != nil || !reflect.DeepEqual(got, row) {
		t.Errorf("DecodeRow = %#v, %v; want %#v", got, err, row)
	}
}

func TestRowErrors(t *testing.T) {
	sch := sql.Schema{col("a", types.Int64), col("b", varcharBin)}
	if _, err := EncodeRow(nil, sch, sql.Row{int64(1)}); err == nil {
		t.Error("EncodeRow with too few values: no error")
	}
	if _, err := EncodeRow(nil, sch, sql.Row{"not a number", "x"}); err == nil {
		t.Error("EncodeRow with an unconvertible value: no error")
	}
	tuple := types.CreateTuple(types.Int64, types.Int64)
	if _, err := EncodeRow(nil, sql.Schema{col("t", tuple)}, sql.Row{[]any{int64(1), int64(2)}}); !errors.Is(err, ErrUnsupportedType) {
		t.Errorf("EncodeRow of a tuple column: %v, want ErrUnsupportedType", err)
	}
	good, _ := EncodeRow(nil, sch, sql.Row{int64(1), "hello"})
	corruptRows := []struct {
		name string
		b    []byte
		sch  sql.Schema
	}{
		{"empty", nil, sch},
		{"more columns than schema", good, sch[:1]},
		{"truncated string", good[:len(good)-1], sch},
		{"trailing bytes", append(bytes.Clone(good), 0), sch},
		{"missing bitmap", []byte{2}, sch},
		{"string length past end", []byte{2, 0, 2, 0xFF, 0x01}, sch},
		{"bad JSON text", append([]byte{1, 0, 3}, "{x}"...), sql.Schema{col("j", types.JSON)}},
	}
	for _, tt := range corruptRows {
		if _, err := DecodeRow(tt.b, tt.sch); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: DecodeRow(% x) error = %v, want ErrCorrupt", tt.name, tt.b, err)
		}
	}
}

func FuzzRowCodec(f *testing.F) {
	f.Add(int64(0), "", 0.0, []byte(nil), uint8(0))
	f.Add(int64(math.MinInt64), "中文\x00", math.Copysign(0, -1), []byte{0, 0xFF}, uint8(0xFF))
	f.Add(int64(math.MaxInt64), strings.Repeat("x", 300), math.NaN(), bytes.Repeat([]byte{1}, 200), uint8(0x5))
	sch := sql.Schema{
		col("i", types.Int64), col("s", types.LongText), col("f", types.Float64), col("b", types.LongBlob),
		col("i2", types.Int64), col("s2", types.LongText),
	}
	f.Fuzz(func(t *testing.T, i int64, s string, fl float64, b []byte, nulls uint8) {
		row := sql.Row{i, s, fl, b, -i, s + s}
		if b == nil {
			row[3] = []byte{}
		}
		for c := range row {
			if nulls&(1<<c) != 0 {
				row[c] = nil
			}
		}
		enc, err := EncodeRow(nil, sch, row)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeRow(enc, sch)
		if err != nil {
			t.Fatal(err)
		}
		for c := range row {
			if !rowValueEqual(got[c], row[c]) {
				t.Fatalf("column %d: got %#v, want %#v", c, got[c], row[c])
			}
		}
		// Decoding arbitrary bytes must never panic, and any prefix of a row is an error.
		DecodeRow(s2b(s), sch)
		if len(enc) > 2 {
			if _, err := DecodeRow(enc[:len(enc)-1], sch); err == nil && row[5] != nil {
				t.Fatalf("truncated row decoded without error")
			}
		}
	})
}

func s2b(s string) []byte { return []byte(s) }

var benchSchema = sql.Schema{
	col("id", types.Int64),
	col("fp", types.Uint64),
	col("title", types.MustCreateString(sqltypes.VarChar, 100, sql.Collation_Default)),
}

func benchRow(i int) sql.Row {
	return sql.Row{int64(i), uint64(i) * 0x9E3779B97F4A7C15, fmt.Sprintf("row %d: the quick brown fox jumps over", i)}
}

func BenchmarkEncodeRow(b *testing.B) {
	row := benchRow(123456)
	buf := make([]byte, 0, 128)
	var n int
	for b.Loop() {
		enc, err := EncodeRow(buf[:0], benchSchema, row)
		if err != nil {
			b.Fatal(err)
		}
		n = len(enc)
	}
	b.SetBytes(int64(n))
	b.ReportMetric(float64(n), "bytes/row")
}

func BenchmarkDecodeRow(b *testing.B) {
	enc, _ := EncodeRow(nil, benchSchema, benchRow(123456))
	b.SetBytes(int64(len(enc)))
	for b.Loop() {
		if _, err := DecodeRow(enc, benchSchema); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBulkPut puts 100,000 (BIGINT, BIGINT UNSIGNED, VARCHAR(100)) rows, keyed by
// their BIGINT, in one transaction, fsync'ed commit included.
func BenchmarkBulkPut(b *testing.B) {
	const rows = 100_000
	keyTypes := []sql.Type{types.Int64}
	for b.Loop() {
		b.StopTimer()
		s, err := Open(b.TempDir(), Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		err = s.Update(func(tx *Txn) error {
			ks := []byte("t")
			if err := tx.CreateKeyspace(ks); err != nil {
				return err
			}
			var key, val []byte
			for i := range rows {
				row := benchRow(i)
				if key, err = CurrentKeyFormat.AppendKey(key[:0], keyTypes[0], row[0]); err != nil {
					return err
				}
				if val, err = EncodeRow(val[:0], benchSchema, row); err != nil {
					return err
				}
				if err := tx.Load(ks, bytes.Clone(key), bytes.Clone(val)); err != nil {
					return err
				}
			}
			return nil
		})
		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
		b.StartTimer()
	}
	perRow := float64(b.Elapsed().Nanoseconds()) / float64(b.N*rows)
	b.ReportMetric(perRow, "ns/row")
	b.ReportMetric(1e9/perRow, "rows/s")
}

// TestDecodeRowShared: DecodeRowShared gives DecodeRow's values, its
// []byte values slices of the encoding (capacity ending with them, so an
// append copies), DecodeRow's copies.
func TestDecodeRowShared(t *testing.T) {
	sch := sql.Schema{col("id", types.Int64), col("sig", types.MustCreateBinary(sqltypes.VarBinary, 1038)), col("note", types.Text), col("b", types.Blob)}
	enc, err := EncodeRow(nil, sch, sql.Row{int64(7), []byte{1, 2, 3}, "x", []byte{}})
	if err != nil {
		t.Fatal(err)
	}
	shared, err := DecodeRowShared(enc, sch)
	if err != nil {
		t.Fatal(err)
	}
	copied, err := DecodeRow(enc, sch)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(shared, copied) {
		t.Fatalf("DecodeRowShared %v, DecodeRow %v", shared, copied)
	}
	sig := shared[1].([]byte)
	if &sig[0] != &enc[bytes.Index(enc, []byte{1, 2, 3})] || cap(sig) != len(sig) {
		t.Errorf("DecodeRowShared's []byte is not a slice of the encoding ending with it (cap %d)", cap(sig))
	}
	if b := shared[3].([]byte); b == nil {
		t.Error("an empty []byte decoded as nil")
	}
	if c := copied[1].([]byte); &c[0] == &sig[0] {
		t.Error("DecodeRow's []byte shares the encoding")
	}
}
