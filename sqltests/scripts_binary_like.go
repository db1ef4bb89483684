package sqltests

// BinaryLikeScripts hold LIKE over binary strings, which MySQL matches
// byte by byte: go-mysql-server 0.20 read both operands as utf8mb4 and
// failed with 1366 on any byte sequence that is not UTF-8, even sig LIKE
// '%' (compat/like_binary.go). TestBinaryLikeScripts runs them on MariaDB
// too.
var BinaryLikeScripts = []ScriptTest{
	{
		Name: "LIKE over the bytes of VARBINARY and BLOB",
		SetUpScript: []string{
			"CREATE TABLE s (id INT PRIMARY KEY, sig VARBINARY(32), b BLOB)",
			"INSERT INTO s VALUES (1, UNHEX('0102030405060708090A0B0C0D0E00F1789060D1E336FFEE'), UNHEX('80FF00')), (2, 0x41, 0x61)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM s WHERE sig LIKE '%' ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT id FROM s WHERE sig LIKE CONCAT(0x0102, '%')", Expected: []Row{{1}}},
			{Query: "SELECT id FROM s WHERE sig LIKE 0x015F0325", Expected: []Row{{1}}},
			{Query: "SELECT id FROM s WHERE sig NOT LIKE 0x0125 ORDER BY id", Expected: []Row{{2}}},
			{Query: "SELECT id FROM s WHERE b LIKE CONCAT(0x80, '_', 0x00)", Expected: []Row{{1}}},
			{Query: "SELECT id FROM s WHERE b LIKE CONCAT(0x80, '__', 0x00)", Expected: []Row{}},
			{Query: "SELECT id FROM s WHERE b LIKE CONCAT(0x80, '|%') ESCAPE '|'", Expected: []Row{}},
			// Bytes, not characters under a case-insensitive collation.
			{Query: "SELECT id FROM s WHERE b LIKE 'A'", Expected: []Row{}},
			{Query: "SELECT 0x80 LIKE '_', 0x80FF LIKE '_', 0x80 LIKE 0xFF, CAST('abc' AS BINARY) LIKE 'A%', 'abc' LIKE 'A%', NULL LIKE 0x80",
				Expected: []Row{{1, 0, 0, 0, 1, nil}}},
		},
	},
}
