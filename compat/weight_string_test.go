package compat_test

import (
	"bytes"
	"encoding/hex"
	"slices"
	"testing"
)

// TestWeightString pins WEIGHT_STRING, which go-mysql-server 0.20 lacks and
// Vitess's vtgate sends to merge shards' rows in an order it cannot type:
// MySQL's bytes for integers and binary strings, and keys that sort as
// simsql sorts the values for doubles, texts and datetimes.
func TestWeightString(t *testing.T) {
	e := newEngine(t)
	for _, q := range fixture {
		e.run(t, q)
	}
	e.run(t, "CREATE TABLE w (id INT PRIMARY KEY, d DOUBLE, t VARCHAR(20) COLLATE utf8mb4_0900_ai_ci, b VARBINARY(8), dt DATETIME(6))")
	e.run(t, "INSERT INTO w VALUES (1, -2.5, 'b', 0x00ff, '2026-12-02 01:02:03.000004'), (2, 0, 'A', 0x01, '1999-01-01 00:00:00'), "+
		"(3, 1e300, 'a', '', '2026-12-02 01:02:03'), (4, -1e-300, 'ab', 0xff, '0001-01-01 00:00:00'), (5, NULL, NULL, NULL, NULL)")
	known := []struct{ query, want string }{
		// MySQL 8's bytes (Item_func_weight_string).
		{"SELECT HEX(WEIGHT_STRING(1))", "8000000000000001"},
		{"SELECT HEX(WEIGHT_STRING(-1))", "7FFFFFFFFFFFFFFF"},
		{"SELECT HEX(WEIGHT_STRING(fp)) FROM f WHERE id = 1", "FFFFFFFFFFFFFFFF"},
		{"SELECT HEX(WEIGHT_STRING(s)) FROM f WHERE id = 3", "0000000000000000"},
		{"SELECT HEX(WEIGHT_STRING(hamming(fp, 0))) FROM f WHERE id = 2", "8000000000000002"},
		{"SELECT HEX(WEIGHT_STRING(0x00ff))", "00FF"},
		{"SELECT HEX(WEIGHT_STRING('ab' COLLATE utf8mb4_0900_bin))", "6162"}, // a binary collation: the bytes
		{"SELECT WEIGHT_STRING(NULL) IS NULL", "1"},
		{"SELECT WEIGHT_STRING(1.5) IS NULL", "1"}, // DECIMAL: NULL, as MySQL
		// simsql's: the sort keys of a DOUBLE (MySQL: NULL).
		{"SELECT HEX(WEIGHT_STRING(0e0))", "8000000000000000"},
		{"SELECT HEX(WEIGHT_STRING(-2.5e0))", "3FFBFFFFFFFFFFFF"},
	}
	for _, k := range known {
		if got := e.column(t, k.query); !slices.Equal(got, []string{k.want}) {
			t.Errorf("%s = %v, want %s", k.query, got, k.want)
		}
	}
	// The keys sort as ORDER BY sorts the values, NULL first.
	for _, col := range []string{"id", "d", "t", "b", "dt", "-id"} {
		byValue := e.column(t, "SELECT id FROM w ORDER BY "+col+", id")
		keys := e.rows(t, "SELECT id, HEX(WEIGHT_STRING("+col+")) FROM w")
		slices.SortStableFunc(keys, func(a, b []string) int {
			ka, kb := key(t, a[1]), key(t, b[1])
			if c := bytes.Compare(ka, kb); c != 0 || ka == nil || kb == nil {
				switch {
				case ka == nil && kb != nil:
					return -1
				case kb == nil && ka != nil:
					return 1
				}
				if c != 0 {
					return c
				}
			}
			return slices.Compare([]byte(a[0]), []byte(b[0]))
		})
		var byKey []string
		for _, k := range keys {
			byKey = append(byKey, k[0])
		}
		if !slices.Equal(byKey, byValue) {
			t.Errorf("ORDER BY %s: ids %v, by WEIGHT_STRING %v", col, byValue, byKey)
		}
	}
}

func key(t *testing.T, h string) []byte {
	if h == "NULL" {
		return nil
	}
	b, err := hex.DecodeString(h)
	if err != nil {
		t.Fatal(err)
	}
	return append([]byte{}, b...)
}
