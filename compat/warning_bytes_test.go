package compat_test

import "testing"

// TestWarningBytes pins how a warning quotes a binary string that is not
// a number: its bytes 0x20 to 0x7E as they are, every other byte as \xHH,
// as MySQL's err_conv (go-mysql-server 0.20's SHOW WARNINGS failed with
// error 1366 on the raw bytes); a character string as its characters.
func TestWarningBytes(t *testing.T) {
	setUp := []string{
		"CREATE TABLE bn (id INT PRIMARY KEY, b VARBINARY(16), c VARCHAR(16))",
		"INSERT INTO bn VALUES (1, 0xFFFE, 'é1'), (2, 0x41C3A90A, 'x')",
	}
	checkKnown(t, setUp, []known{
		{query: "SELECT CAST(b AS UNSIGNED) FROM bn WHERE id = 1", want: "0",
			warns: []string{`1292 Truncated incorrect INTEGER value: '\xFF\xFE'`}},
		// Bytes that are UTF-8 (é), and a control byte, in a binary string.
		{query: "SELECT b + 0 FROM bn WHERE id = 2", want: "0",
			warns: []string{`1292 Truncated incorrect DOUBLE value: 'A\xC3\xA9\x0A'`}},
		{query: "SELECT b | 0 FROM bn WHERE id = 1", want: "0",
			warns: []string{`1292 Truncated incorrect INTEGER value: '\xFF\xFE'`}},
		{query: "SELECT COUNT(*) FROM bn WHERE id = 1 AND b > 5", want: "0",
			warns: []string{`1292 Truncated incorrect DOUBLE value: '\xFF\xFE'`}},
		{query: "SELECT ABS(b) FROM bn WHERE id = 1", want: "0",
			warns: []string{`1292 Truncated incorrect DOUBLE value: '\xFF\xFE'`}},
		{query: "SELECT ROUND(b) FROM bn WHERE id = 1", want: "0",
			warns: []string{`1292 Truncated incorrect DOUBLE value: '\xFF\xFE'`}},
		{query: "SELECT CAST(b AS DECIMAL) FROM bn WHERE id = 1", want: "0",
			warns: []string{`1292 Truncated incorrect DECIMAL value: '\xFF\xFE'`}},
		// A character string keeps its characters.
		{query: "SELECT c + 0 FROM bn WHERE id = 1", want: "0",
			warns: []string{`1292 Truncated incorrect DOUBLE value: 'é1'`}},
	})
}
