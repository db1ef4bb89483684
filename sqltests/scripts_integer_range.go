package sqltests

// oorFP is MySQL's error 1264 for column fp of row 1.
const oorFP = "Out of range value for column 'fp' at row 1"

// IntegerRangeScripts hold integer columns to their ranges (issue 11 item
// 11; go-mysql-server 0.20 stored a DECIMAL beyond BIGINT UNSIGNED as
// 2^63 or 2^64−1 without a word, catalog/compat_integer_range.go).
// TestIntegerRangeScripts runs them on MariaDB too.
var IntegerRangeScripts = []ScriptTest{
	{
		Name: "strict mode refuses out-of-range integers with 1264",
		SetUpScript: []string{
			"SET sql_mode = 'STRICT_TRANS_TABLES'",
			"CREATE TABLE w (id INT PRIMARY KEY, fp BIGINT UNSIGNED, s BIGINT, ti TINYINT UNSIGNED)",
			"INSERT INTO w (id, fp) VALUES (1, 18446744073709551615)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO w (id, fp) VALUES (5, 18446744073709551616)", ExpectedErr: oorFP, ExpectedErrCode: 1264},
			{Query: "INSERT INTO w (id, fp) VALUES (6, 99999999999999999999)", ExpectedErr: oorFP, ExpectedErrCode: 1264},
			{Query: "INSERT INTO w (id, fp) VALUES (7, '18446744073709551616')", ExpectedErr: oorFP, ExpectedErrCode: 1264},
			{Query: "INSERT INTO w (id, fp) VALUES (8, 1.9e19)", ExpectedErr: oorFP, ExpectedErrCode: 1264},
			{Query: "INSERT INTO w (id, fp) VALUES (9, -0.4)", ExpectedErr: oorFP, ExpectedErrCode: 1264},
			{Query: "INSERT INTO w (id, fp) VALUES (2, 1), (3, 18446744073709551616)", ExpectedErr: "Out of range value for column 'fp' at row 2", ExpectedErrCode: 1264},
			{Query: "INSERT INTO w (id, s) VALUES (10, -9223372036854775809)", ExpectedErr: "Out of range value for column 's' at row 1", ExpectedErrCode: 1264},
			{Query: "INSERT INTO w (id, ti) VALUES (11, 255.5)", ExpectedErr: "Out of range value for column 'ti' at row 1", ExpectedErrCode: 1264},
			{Query: "UPDATE w SET fp = 18446744073709551616 WHERE id = 1", ExpectedErr: oorFP, ExpectedErrCode: 1264},
			{Query: "INSERT INTO w (id, fp) VALUES (1, 0) ON DUPLICATE KEY UPDATE fp = 18446744073709551616", ExpectedErr: oorFP, ExpectedErrCode: 1264},
			// In range, rounded as MySQL rounds.
			{Query: "INSERT INTO w (id, fp, ti) VALUES (12, 18446744073709551614.5, 254.5), (13, '18446744073709551615', 0.4)"},
			{Query: "SELECT id, fp, ti FROM w ORDER BY id", Expected: []Row{{1, "18446744073709551615", nil}, {12, "18446744073709551615", 255}, {13, "18446744073709551615", 0}}},
		},
	},
	{
		Name: "IGNORE and non-strict mode store the nearest end with warning 1264",
		SetUpScript: []string{
			"CREATE TABLE w (id INT PRIMARY KEY, fp BIGINT UNSIGNED, s BIGINT)",
		},
		Assertions: []Assertion{
			{Query: "SET sql_mode = 'STRICT_TRANS_TABLES'"},
			{Query: "INSERT IGNORE INTO w (id, fp) VALUES (1, 18446744073709551616)"},
			{Query: "SET sql_mode = ''"},
			{Query: "INSERT INTO w (id, fp, s) VALUES (2, 99999999999999999999, -99999999999999999999), (3, -5.5, 99999999999999999999)"},
			{Query: "UPDATE w SET s = 1e30 WHERE id = 1"},
			{Query: "SELECT id, fp, s FROM w ORDER BY id", Expected: []Row{
				{1, "18446744073709551615", "9223372036854775807"},
				{2, "18446744073709551615", "-9223372036854775808"},
				{3, 0, "9223372036854775807"}}},
		},
	},
	{
		// Regression: an integer value out of a smaller integer column's
		// range was error 1264 outside strict mode (300 into TINYINT
		// UNSIGNED with sql_mode = ''), and UPDATE IGNORE or a non-strict
		// UPDATE stored the range's end without warning 1264.
		Name: "integer values out of a smaller column's range outside strict mode",
		SetUpScript: []string{
			"CREATE TABLE sm (id INT PRIMARY KEY, ti TINYINT UNSIGNED, si SMALLINT, i INT)",
		},
		Assertions: []Assertion{
			{Query: "SET sql_mode = ''"},
			{Query: "INSERT INTO sm VALUES (1, 300, -40000, 2147483648), (2, -1, 40000, -2147483649)", ExpectedWarnings: []Row{
				{"Warning", 1264, "Out of range value for column 'ti' at row 1"}, {"Warning", 1264, "Out of range value for column 'si' at row 1"},
				{"Warning", 1264, "Out of range value for column 'i' at row 1"}, {"Warning", 1264, "Out of range value for column 'ti' at row 2"},
				{"Warning", 1264, "Out of range value for column 'si' at row 2"}, {"Warning", 1264, "Out of range value for column 'i' at row 2"}}},
			{Query: "UPDATE sm SET ti = 999 WHERE id = 2", ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'ti' at row 1"}}},
			{Query: "SET sql_mode = 'STRICT_TRANS_TABLES'"},
			{Query: "UPDATE IGNORE sm SET si = si * 2 WHERE id = 1", ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'si' at row 1"}}},
			{Query: "INSERT INTO sm VALUES (3, 256, 0, 0)", ExpectedErr: "of range", ExpectedErrCode: 1264},
			{Query: "SELECT id, ti, si, i FROM sm ORDER BY id", Expected: []Row{
				{1, 255, -32768, 2147483647}, {2, 255, 32767, -2147483648}}},
		},
	},
	{
		// Regression (catalog/compat_non_strict_values.go): with sql_mode
		// '' a too-long string was error 1406 and '12abc' for an INT error
		// 1366; INSERT IGNORE warned 1406 naming the type.
		Name: "non-strict INSERT and UPDATE truncate and warn",
		SetUpScript: []string{
			"CREATE TABLE n (id INT PRIMARY KEY, i INT, s VARCHAR(3), c CHAR(2))",
		},
		Assertions: []Assertion{
			{Query: "SET sql_mode = ''"},
			{Query: "INSERT INTO n VALUES (1, 'x', 'abcdef', 'xyz')"},
			{Query: "INSERT INTO n VALUES (2, '12abc', 'ab', 'a')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'i' at row 1"}}},
			{Query: "UPDATE n SET s = 'longer' WHERE id = 2", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 's' at row 1"}}},
			{Query: "INSERT INTO n VALUES (3, 1, 'ab   ', 'a   '), (4, 1.5e3, 'héllo', 'é')", ExpectedWarnings: []Row{{"Note", 1265, "Data truncated for column 's' at row 1"}, {"Warning", 1265, "Data truncated for column 's' at row 2"}}},
			{Query: "SET sql_mode = 'STRICT_TRANS_TABLES'"},
			{Query: "INSERT INTO n VALUES (5, '12abc', 'a', 'a')", ExpectedErr: "Data truncated for column 'i' at row 1", ExpectedErrCode: 1265},
			{Query: "INSERT INTO n VALUES (5, 1, 'abcd', 'a')", ExpectedErr: "Data too long for column 's' at row 1", ExpectedErrCode: 1406},
			{Query: "UPDATE n SET s = 'wxyz' WHERE id = 1", ExpectedErr: "Data too long for column 's' at row 1", ExpectedErrCode: 1406},
			{Query: "INSERT IGNORE INTO n VALUES (6, '7x', 'abcd', 'a')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'i' at row 1"}, {"Warning", 1265, "Data truncated for column 's' at row 1"}}},
			{Query: "UPDATE IGNORE n SET s = CONCAT(s, 'zzz') WHERE id = 6"},
			{Query: "SELECT id, i, s, c, CHAR_LENGTH(c) FROM n ORDER BY id", Expected: []Row{
				{1, 0, "abc", "xy", 2}, {2, 12, "lon", "a", 1}, {3, 1, "ab ", "a", 1}, {4, 1500, "hél", "é", 1}, {6, 7, "abc", "a", 1}}},
		},
	},
}
