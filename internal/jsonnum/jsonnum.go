// Package jsonnum parses JSON text as MySQL 8 keeps its numbers: an
// integer that fits is an int64 (or, above math.MaxInt64, a uint64), as
// MySQL's binary JSON holds int64 and uint64 scalars; any other number
// is a float64. encoding/json alone reads every number as a float64,
// which loses the integers above 2^53 (18446744073709551614 became
// 1.8446744073709552e19).
package jsonnum

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
)

// Parse returns the value of the JSON text b: maps, slices, strings,
// bools, nil, and numbers as int64, uint64 or float64 (Number). Its
// errors are encoding/json's, also for text after the value.
func Parse(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, json.Unmarshal(b, &v) // its words (the decoder's differ)
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, json.Unmarshal(b, &v) // its error for the text after the value
	}
	return numbers(v), nil
}

// numbers returns v with each json.Number replaced by its Number.
func numbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		return Number(string(x))
	case map[string]any:
		for k, e := range x {
			x[k] = numbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = numbers(e)
		}
	}
	return v
}

// Number returns the JSON number s as MySQL 8 reads it: an integer
// (no fraction, no exponent) in [math.MinInt64, math.MaxInt64] is an
// int64, one in (math.MaxInt64, math.MaxUint64] a uint64; any other
// number is the nearest float64 (MySQL: a DOUBLE).
func Number(s string) any {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n
	}
	if n, err := strconv.ParseUint(s, 10, 64); err == nil {
		return n
	}
	f, _ := strconv.ParseFloat(s, 64) // json.Number is valid JSON: only a range error, ±Inf
	return f
}
