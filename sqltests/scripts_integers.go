package sqltests

// IntegerScripts are the SQL script tests of 64-bit integers (issue 11,
// items 2 and 9): BIGINT UNSIGNED fingerprints through every integer
// operator and function, with MySQL 8's answers and errors, and exact
// SUM and AVG. They run in process and over the wire; their column types
// over the wire are checked by TestIntegerColumnTypes.
var IntegerScripts = []ScriptTest{
	{
		Name: "BIGINT UNSIGNED fingerprints through the integer operators",
		SetUpScript: []string{
			"CREATE TABLE w (id INT PRIMARY KEY, fp BIGINT UNSIGNED)",
			"INSERT INTO w VALUES (1, 18446744073709551615), (2, 9223372036854775809), (3, 18446744073709551608)",
		},
		Assertions: []Assertion{
			// go-mysql-server 0.20: 9.223372036854776e+18, 9.223372036854776e+18, 9223372036854775807, 9223372036854775807.
			{Query: "SELECT fp | 0, fp ^ 0, fp + 0, CAST(fp AS SIGNED) FROM w WHERE id = 1",
				Expected: []Row{{"18446744073709551615", "18446744073709551615", "18446744073709551615", -1}}},
			{Query: "SELECT fp | 0, fp ^ 0, fp + 0, CAST(fp AS SIGNED) FROM w WHERE id = 2",
				Expected: []Row{{"9223372036854775809", "9223372036854775809", "9223372036854775809", "-9223372036854775807"}}},
			// 32768 and 63 before.
			{Query: "SELECT fp >> 48, BIT_COUNT(fp) FROM w WHERE id = 1", Expected: []Row{{65535, 64}}},
			{Query: "SELECT ~0, ~fp FROM w WHERE id = 2", Expected: []Row{{"18446744073709551615", "9223372036854775806"}}},
			// A MariaDB user's Hamming-distance query returns the right rows.
			{Query: "SELECT id FROM w WHERE BIT_COUNT(fp ^ 18446744073709551615) <= 3 ORDER BY id", Expected: []Row{{1}, {3}}},
			{Query: "SELECT id, BIT_COUNT(fp ^ 0xFFFFFFFFFFFFFFFF) FROM w ORDER BY id", Expected: []Row{{1, 0}, {2, 62}, {3, 3}}},
			{Query: "SELECT CONV(fp, 10, 16) FROM w WHERE id = 1", Expected: []Row{{"FFFFFFFFFFFFFFFF"}}},
			{Query: "SELECT fp DIV 2, fp % 7 FROM w WHERE id = 1", Expected: []Row{{"9223372036854775807", 1}}},
			{Query: "SELECT 5 DIV 0", Expected: []Row{{nil}}},
			{Query: "SELECT COUNT(*) FROM w WHERE fp > 9223372036854775807", Expected: []Row{{3}}},
			{Query: "SELECT 9223372036854775807 = 9223372036854775808", Expected: []Row{{0}}},
		},
	},
	{
		Name: "integer overflow is MySQL's error 1690",
		SetUpScript: []string{
			"CREATE TABLE w (id INT PRIMARY KEY, fp BIGINT UNSIGNED, s BIGINT)",
			"INSERT INTO w VALUES (1, 18446744073709551615, -9223372036854775808), (2, 0, 0)",
		},
		Assertions: []Assertion{
			{Query: "SELECT 18446744073709551615 + 1", ExpectedErr: "BIGINT UNSIGNED value is out of range"},
			{Query: "SELECT fp + 1 FROM w WHERE id = 1", ExpectedErr: "BIGINT UNSIGNED value is out of range"},
			{Query: "SELECT fp - 1 FROM w WHERE id = 2", ExpectedErr: "BIGINT UNSIGNED value is out of range"},
			{Query: "SELECT fp * 2 FROM w WHERE id = 1", ExpectedErr: "BIGINT UNSIGNED value is out of range"},
			{Query: "SELECT -s FROM w WHERE id = 1", ExpectedErr: "BIGINT value is out of range"},
			{Query: "SELECT s - 1 FROM w WHERE id = 1", ExpectedErr: "BIGINT value is out of range"},
			{Query: "SELECT fp DIV -1 FROM w WHERE id = 1", ExpectedErr: "BIGINT UNSIGNED value is out of range"},
			{Query: "SELECT 1e308 * 10", ExpectedErr: "DOUBLE value is out of range"},
		},
	},
	{
		Name: "NO_UNSIGNED_SUBTRACTION makes a difference signed",
		SetUpScript: []string{
			"CREATE TABLE w (id INT PRIMARY KEY, fp BIGINT UNSIGNED)",
			"INSERT INTO w VALUES (2, 0)",
			"SET sql_mode = 'NO_UNSIGNED_SUBTRACTION'",
		},
		Assertions: []Assertion{
			{Query: "SELECT fp - 1 FROM w WHERE id = 2", Expected: []Row{{-1}}},
		},
	},
	{
		Name: "exact SUM and AVG of integers",
		SetUpScript: []string{
			"CREATE TABLE a (id INT PRIMARY KEY, x BIGINT, fp BIGINT UNSIGNED)",
			"INSERT INTO a VALUES (1, 9007199254740993, 18446744073709551615), (2, 1, 18446744073709551615), (3, 123456789, 1)",
		},
		Assertions: []Assertion{
			// The item 9: 9.00719937819778e+15 before.
			{Query: "SELECT SUM(x) FROM a", Expected: []Row{{"9007199378197783"}}},
			{Query: "SELECT AVG(x) FROM a", Expected: []Row{{"3002399792732594.3333"}}},
			{Query: "SELECT SUM(fp), AVG(fp) FROM a", Expected: []Row{{"36893488147419103231", "12297829382473034410.3333"}}},
			{Query: "SELECT BIT_XOR(fp), BIT_AND(fp), BIT_OR(x) FROM a", Expected: []Row{{1, 1, "9007199378197781"}}},
		},
	},
	{
		// Regression (go-mysql-server 0.20, compat/window_sum_avg.go): over a
		// window SUM and AVG were float64 (9007199378197780 for the whole).
		// Values as MariaDB 10.11 gives them.
		Name: "exact SUM and AVG over windows",
		SetUpScript: []string{
			"CREATE TABLE a (id INT PRIMARY KEY, g INT, x BIGINT, fp BIGINT UNSIGNED, d DOUBLE)",
			"INSERT INTO a VALUES (1, 1, 9007199254740993, 18446744073709551615, 0.5), (2, 1, 1, 18446744073709551615, NULL), (3, 2, 123456789, 1, 2), (4, 2, NULL, NULL, NULL)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, SUM(x) OVER (ORDER BY id), AVG(x) OVER (), SUM(x) OVER () FROM a ORDER BY id", Expected: []Row{
				{1, "9007199254740993", "3002399792732594.3333", "9007199378197783"},
				{2, "9007199254740994", "3002399792732594.3333", "9007199378197783"},
				{3, "9007199378197783", "3002399792732594.3333", "9007199378197783"},
				{4, "9007199378197783", "3002399792732594.3333", "9007199378197783"},
			}},
			{Query: "SELECT id, SUM(fp) OVER (PARTITION BY g), AVG(fp) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM a ORDER BY id", Expected: []Row{
				{1, "36893488147419103230", "18446744073709551615.0000"},
				{2, "36893488147419103230", "18446744073709551615.0000"},
				{3, "1", "1.0000"},
				{4, "1", "1.0000"},
			}},
			// A frame with no value is NULL; DOUBLE stays DOUBLE.
			{Query: "SELECT id, SUM(x) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND CURRENT ROW), SUM(d) OVER (PARTITION BY g) FROM a ORDER BY id", Expected: []Row{
				{1, "9007199254740993", 0.5}, {2, "1", 0.5}, {3, "123456789", 2.0}, {4, nil, 2.0},
			}},
		},
	},
}
