package compat_test

import "testing"

// TestCompareDecimalScale pins a DECIMAL compared with a DECIMAL of a
// larger scale: exactly, as MySQL 8 (go-mysql-server 0.20 rounded the
// larger scale to the column's), with an index on the column or not.
func TestCompareDecimalScale(t *testing.T) {
	setUp := []string{
		"CREATE TABLE dcm (id INT PRIMARY KEY, a DECIMAL(10,0), b DECIMAL(10,2), c DECIMAL(10,2), KEY kb (b))",
		"INSERT INTO dcm VALUES (1, 100, 1.00, 100.40), (2, 101, 1.01, 101.00)",
	}
	checkKnown(t, setUp, []known{
		{query: "SELECT COUNT(*) FROM dcm WHERE a > 99.5", want: "2"},
		{query: "SELECT COUNT(*) FROM dcm WHERE 99.5 < a", want: "2"},
		{query: "SELECT COUNT(*) FROM dcm WHERE a = 100.4", want: "0"},
		{query: "SELECT COUNT(*) FROM dcm WHERE a <> 100.4", want: "2"},
		{query: "SELECT COUNT(*) FROM dcm WHERE a < 100.4", want: "1"},
		{query: "SELECT COUNT(*) FROM dcm WHERE a >= 100.5", want: "1"},
		{query: "SELECT COUNT(*) FROM dcm WHERE a <=> 100.0", want: "1"},
		// Through the index kb.
		{query: "SELECT COUNT(*) FROM dcm WHERE b > 1.005", want: "1"},
		{query: "SELECT COUNT(*) FROM dcm WHERE b = 1.004", want: "0"},
		{query: "SELECT COUNT(*) FROM dcm WHERE b <= 1.009", want: "1"},
		// Two columns: a DECIMAL(10,0) against a DECIMAL(10,2).
		{query: "SELECT COUNT(*) FROM dcm WHERE a = c", want: "1"},
		{query: "SELECT a = c FROM dcm WHERE id = 1", want: "0"},
		// IN and BETWEEN compare so too.
		{query: "SELECT COUNT(*) FROM dcm WHERE a IN (100.4, 7)", want: "0"},
		{query: "SELECT COUNT(*) FROM dcm WHERE a BETWEEN 99.5 AND 100.4", want: "1"},
		{query: "SELECT COUNT(*) FROM dcm WHERE b BETWEEN 1.005 AND 1.2", want: "1"},
		// The same scale stays go-mysql-server's, exact.
		{query: "SELECT COUNT(*) FROM dcm WHERE b = 1.01", want: "1"},
		{query: "SELECT COUNT(*) FROM dcm WHERE a = 100", want: "1"},
	})
}
