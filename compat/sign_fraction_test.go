package compat_test

import "testing"

// TestSignFraction pins SIGN of fractions and strings, as MySQL 8's
// Item_func_sign::val_int reads them (val_real); found by
// TestDifferentialNumericKinds. Regression: go-mysql-server 0.20 converted a
// DECIMAL or DOUBLE to a BIGINT first, so SIGN(0.49) was 0.
func TestSignFraction(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT SIGN(0.49)", want: "1", typ: "BIGINT"},
		{query: "SELECT SIGN(-0.4e0)", want: "-1", typ: "BIGINT"},
		{query: "SELECT SIGN(-0.0)", want: "0", typ: "BIGINT"},
		{query: "SELECT SIGN(0.000001)", want: "1", typ: "BIGINT"},
		{query: "SELECT SIGN('-0.5')", want: "-1", typ: "BIGINT"},
		{query: "SELECT SIGN(' 7')", want: "1", typ: "BIGINT"},
		{query: "SELECT SIGN('abc')", want: "0", typ: "BIGINT", warns: []string{"1292 Truncated incorrect DOUBLE value: 'abc'"}},
		{query: "SELECT SIGN(NULL)", want: "NULL"},
		{query: "SELECT SIGN(fp) FROM f WHERE id = 1", want: "1", typ: "BIGINT"},
		{query: "SELECT SIGN(s) FROM f WHERE id = 3", want: "-1", typ: "BIGINT"},
		{query: "SELECT SIGN(0x10)", want: "1", typ: "BIGINT"},
	})
}
