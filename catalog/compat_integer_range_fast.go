package catalog

import (
	"strconv"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
)

// The common case of inRange, without decimals: a value that is already
// an integer, or a string of decimal digits (what LOAD DATA's fields and
// text parameters are), inside the column's range. Its answer is the one
// Eval's general path gives (the same integer, as a uint64 for an unsigned
// range and an int64 otherwise); anything else (signs, spaces inside,
// exponents, fractions, out of range) takes the general path. Decimal
// arithmetic and the bounds made again for every row were 13% of a
// million-row LOAD DATA's CPU.

// integerBounds is an integer column's range as inRange reads it, in
// decimals and in machine integers: unsigned when its low end is 0 (as
// Eval decides it; YEAR's 0..2155 too).
type integerBounds struct {
	lo, hi   decimal.Decimal
	unsigned bool
	loI, hiI int64  // signed ranges
	hiU      uint64 // unsigned ranges
}

// boundsCache holds the bounds of each column type, by its wire type.
var boundsCache sync.Map // querypb.Type → *integerBounds

// boundsOf returns the bounds of integer type t, made once per wire type.
func boundsOf(t sql.Type) *integerBounds {
	key := t.Type()
	if b, ok := boundsCache.Load(key); ok {
		return b.(*integerBounds)
	}
	lo, hi := integerRange(t)
	b := &integerBounds{lo: lo, hi: hi, unsigned: lo.IsZero()}
	if b.unsigned {
		b.hiU = hi.BigInt().Uint64()
	} else {
		b.loI, b.hiI = lo.IntPart(), hi.IntPart()
	}
	boundsCache.Store(key, b)
	return b
}

// fast returns v as Eval's general path would, and true, when v is an
// integer or a string of at most 20 decimal digits (with a leading minus,
// or up to 2^64 − 1 for an unsigned range) inside b's range; false
// otherwise.
func (b *integerBounds) fast(v any) (any, bool) {
	switch x := v.(type) {
	case int64:
		return b.signed(x)
	case int32:
		return b.signed(int64(x))
	case int16:
		return b.signed(int64(x))
	case int8:
		return b.signed(int64(x))
	case uint64:
		if b.unsigned {
			return x, x <= b.hiU
		}
		if x > uint64(b.hiI) {
			return nil, false
		}
		return int64(x), true
	case uint32:
		return b.signed(int64(x))
	case uint16:
		return b.signed(int64(x))
	case uint8:
		return b.signed(int64(x))
	case string:
		s := strings.TrimSpace(x)
		digits := s
		if len(digits) > 0 && digits[0] == '-' {
			digits = digits[1:]
		}
		if len(digits) == 0 || len(digits) > 20 {
			return nil, false
		}
		for i := 0; i < len(digits); i++ {
			if digits[i] < '0' || digits[i] > '9' {
				return nil, false
			}
		}
		if b.unsigned && len(digits) == len(s) {
			u, err := strconv.ParseUint(s, 10, 64)
			if err != nil || u > b.hiU {
				return nil, false
			}
			return u, true
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, false
		}
		return b.signed(n)
	}
	return nil, false
}

// signed returns integer n in the range's type, and whether it is inside.
func (b *integerBounds) signed(n int64) (any, bool) {
	if b.unsigned {
		if n < 0 || uint64(n) > b.hiU {
			return nil, false
		}
		return uint64(n), true
	}
	if n < b.loI || n > b.hiI {
		return nil, false
	}
	return n, true
}
