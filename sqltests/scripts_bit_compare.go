package sqltests

// BitCompareScripts hold comparisons of BIT(64) columns with integers near
// 2^63 to MySQL's exact answers (go-mysql-server 0.20 compared them as
// DOUBLE: b = 9223372036854775807 matched 2^63 too;
// compat/bit_compare.go). TestBitCompareScripts runs them on MariaDB too.
var BitCompareScripts = []ScriptTest{
	{
		Name: "BIT(64) compared with integers",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, b BIT(64), s BIT(8))",
			"INSERT INTO t (id, b, s) VALUES (1, 18446744073709551615, 255), (2, 9223372036854775808, 1), (3, 5, 5), (4, 9223372036854775807, 0)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, b > 9223372036854775807, b >= 9223372036854775808, b < 9223372036854775809, b <> 9223372036854775807 FROM t ORDER BY id",
				Expected: []Row{{1, 1, 1, 0, 1}, {2, 1, 1, 1, 1}, {3, 0, 0, 1, 1}, {4, 0, 0, 1, 0}}},
			{Query: "SELECT id FROM t WHERE b > 9223372036854775807 ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT id FROM t WHERE b = 9223372036854775807", Expected: []Row{{4}}},
			{Query: "SELECT id FROM t WHERE b = 9223372036854775808", Expected: []Row{{2}}},
			{Query: "SELECT id FROM t WHERE b >= 9223372036854775807 AND b < 18446744073709551615 ORDER BY id", Expected: []Row{{2}, {4}}},
			{Query: "SELECT id FROM t WHERE b BETWEEN 9223372036854775807 AND 9223372036854775808 ORDER BY id", Expected: []Row{{2}, {4}}},
			{Query: "SELECT id FROM t WHERE b IN (9223372036854775807, 5) ORDER BY id", Expected: []Row{{3}, {4}}},
			{Query: "SELECT id FROM t WHERE b = -1", Expected: []Row{}},
			{Query: "SELECT id FROM t WHERE s > 254", Expected: []Row{{1}}},
			{Query: "SELECT id FROM t WHERE s < 256 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT id FROM t WHERE s = 256", Expected: []Row{}},
			{Query: "SELECT id FROM t WHERE s > -1 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
		},
	},
}
