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
			{Query: "INSERT INTO w (id, fp) VALUES (5, 18446744073709551616)", ExpectedErr: oorFP},
			{Query: "INSERT INTO w (id, fp) VALUES (6, 99999999999999999999)", ExpectedErr: oorFP},
			{Query: "INSERT INTO w (id, fp) VALUES (7, '18446744073709551616')", ExpectedErr: oorFP},
			{Query: "INSERT INTO w (id, fp) VALUES (8, 1.9e19)", ExpectedErr: oorFP},
			{Query: "INSERT INTO w (id, fp) VALUES (9, -0.4)", ExpectedErr: oorFP},
			{Query: "INSERT INTO w (id, fp) VALUES (2, 1), (3, 18446744073709551616)", ExpectedErr: "Out of range value for column 'fp' at row 2"},
			{Query: "INSERT INTO w (id, s) VALUES (10, -9223372036854775809)", ExpectedErr: "Out of range value for column 's' at row 1"},
			{Query: "INSERT INTO w (id, ti) VALUES (11, 255.5)", ExpectedErr: "Out of range value for column 'ti' at row 1"},
			{Query: "UPDATE w SET fp = 18446744073709551616 WHERE id = 1", ExpectedErr: oorFP},
			{Query: "INSERT INTO w (id, fp) VALUES (1, 0) ON DUPLICATE KEY UPDATE fp = 18446744073709551616", ExpectedErr: oorFP},
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
}
