// Package goint reads the Go integers that go-mysql-server hands out as SQL
// values: int8 to int64, int, uint8 to uint64, uint, and bool (BOOLEAN).
package goint

// Int64 returns v as an int64 when v is a Go integer or a bool (true is 1,
// false 0). Signed types keep their value; unsigned ones are converted, so
// a uint64 or uint of 2^63 or more wraps to a negative n (its 64 bits read
// as two's complement). unsigned reports an unsigned Go type: then a
// negative n means the value was above math.MaxInt64. ok is false for any
// other v, nil (NULL) included.
func Int64(v any) (n int64, unsigned, ok bool) {
	switch x := v.(type) {
	case int8:
		return int64(x), false, true
	case int16:
		return int64(x), false, true
	case int32:
		return int64(x), false, true
	case int64:
		return x, false, true
	case int:
		return int64(x), false, true
	case uint8:
		return int64(x), true, true
	case uint16:
		return int64(x), true, true
	case uint32:
		return int64(x), true, true
	case uint64:
		return int64(x), true, true
	case uint:
		return int64(x), true, true
	case bool:
		if x {
			return 1, false, true
		}
		return 0, false, true
	}
	return 0, false, false
}
