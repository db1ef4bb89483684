package goint

import (
	"math"
	"testing"
)

func TestInt64(t *testing.T) {
	for _, c := range []struct {
		v        any
		n        int64
		unsigned bool
		ok       bool
	}{
		{int8(-128), -128, false, true},
		{int16(-32768), -32768, false, true},
		{int32(math.MinInt32), math.MinInt32, false, true},
		{int64(math.MinInt64), math.MinInt64, false, true},
		{int(-1), -1, false, true},
		{uint8(255), 255, true, true},
		{uint16(65535), 65535, true, true},
		{uint32(math.MaxUint32), math.MaxUint32, true, true},
		{uint64(math.MaxInt64), math.MaxInt64, true, true},
		{uint64(math.MaxUint64), -1, true, true},     // wraps: the same 64 bits
		{uint64(1 << 63), math.MinInt64, true, true}, // the first value that wraps
		{uint(7), 7, true, true},
		{true, 1, false, true},
		{false, 0, false, true},
		{nil, 0, false, false},
		{"1", 0, false, false},
		{float64(1), 0, false, false},
	} {
		n, unsigned, ok := Int64(c.v)
		if n != c.n || unsigned != c.unsigned || ok != c.ok {
			t.Errorf("Int64(%#v) = %d, %v, %v; want %d, %v, %v", c.v, n, unsigned, ok, c.n, c.unsigned, c.ok)
		}
	}
}
