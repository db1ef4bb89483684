package sqltests

// HexFilterScripts hold hexadecimal and bit-value literals inside
// expressions of a WHERE to MySQL's numbers (go-mysql-server 0.20's
// simplifyFilters turned the literal into a binary string before the
// operator read it: fp = 0x10 + 0 matched fp = 0 with warning 1292, and
// INSERT … SELECT … WHERE 0x01 + 0 = 1 wrote nothing; compat/hex_filters.go).
// TestHexFilterScripts runs them on MariaDB too, which agrees for 0x…
// and b'…' literals.
var HexFilterScripts = []ScriptTest{
	{
		Name: "hex and bit literals in WHERE expressions",
		SetUpScript: []string{
			"CREATE TABLE p (id INT PRIMARY KEY, fp BIGINT UNSIGNED)",
			"INSERT INTO p VALUES (1, 18446744073709551615), (2, 0), (4, 16)",
			"CREATE VIEW v AS SELECT id FROM p WHERE fp = 0x10 + 0",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM p WHERE fp = 0x10 + 0", Expected: []Row{{4}}, ExpectedWarnings: []Row{}},
			{Query: "SELECT id FROM p WHERE fp = CAST(0x10 AS UNSIGNED)", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = 0x10 | 0", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = 0x10 >> 0", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = 0x10 * 1", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = 0x10 - 0", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = 0x10 DIV 1", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = -(-0x10)", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = b'10000' + 0", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = 0xFFFFFFFFFFFFFFFF + 0", Expected: []Row{{1}}},
			{Query: "SELECT id FROM p WHERE fp BETWEEN 0x0F + 0 AND 0x11 + 0", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = 0x10 + id - id", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE 0x10 + 0 = 16 ORDER BY id", Expected: []Row{{1}, {2}, {4}}},
			{Query: "SELECT * FROM v", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE id IN (SELECT id FROM p WHERE fp = 0x10 + 0)", Expected: []Row{{4}}},
			{Query: "SELECT id FROM (SELECT id FROM p WHERE fp = 0x10 + 0) d", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = 0x10 + 0 UNION SELECT id FROM p WHERE fp = 0xFFFFFFFFFFFFFFFF | 0 ORDER BY id", Expected: []Row{{1}, {4}}},
			{Query: "INSERT INTO p SELECT 5, 5 FROM dual WHERE 0x01 + 0 = 1"},
			{Query: "SELECT id, fp FROM p WHERE id = 5", Expected: []Row{{5, 5}}},
			// In string context the literal stays a binary string.
			{Query: "SELECT COUNT(*) FROM p WHERE 0x41 = 'A' AND CONCAT(0x41, 'b') = 'Ab'", Expected: []Row{{4}}},
		},
	},
}

// HexFilterMySQLScripts are HexFilterScripts where MariaDB differs from
// MySQL 8: X'…' in numeric context is a number in MySQL 8
// (Item_hex_string::val_int) and a string, 0, in MariaDB; and simsql's
// hamming(), which MariaDB lacks, reads a hexadecimal or bit-value literal
// beside a number as that number (docs/functions.md: "If either argument
// is a number, both are read as numbers").
var HexFilterMySQLScripts = []ScriptTest{
	{
		Name: "X'…' literals in WHERE expressions",
		SetUpScript: []string{
			"CREATE TABLE p (id INT PRIMARY KEY, fp BIGINT UNSIGNED)",
			"INSERT INTO p VALUES (1, 18446744073709551615), (2, 0), (4, 16)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM p WHERE fp = X'10' + 0", Expected: []Row{{4}}},
			{Query: "SELECT id FROM p WHERE fp = X'FFFFFFFFFFFFFFFF' | 0", Expected: []Row{{1}}},
		},
	},
	{
		Name: "hamming() of a hex or bit literal beside a number",
		SetUpScript: []string{
			"CREATE TABLE d (id INT PRIMARY KEY, fp BIGINT UNSIGNED, INDEX fp_k3 (fp) COMMENT 'simhash k=3')",
			"INSERT INTO d VALUES (1, 18446744073709551615), (2, 0), (3, 1), (4, 18446744073709551614)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM d WHERE hamming(fp, 0xFFFFFFFFFFFFFFFF) <= 3 ORDER BY id", Expected: []Row{{1}, {4}},
				ExpectedIndexes: []string{"simhash index fp_k3"}},
			{Query: "SELECT id FROM d IGNORE INDEX (fp_k3) WHERE hamming(fp, 0xFFFFFFFFFFFFFFFF) <= 3 ORDER BY id", Expected: []Row{{1}, {4}},
				ExpectedIndexes: []string{"d.id"}},
			{Query: "SELECT id FROM d WHERE hamming(X'FFFFFFFFFFFFFFFF', fp) <= 3 ORDER BY id", Expected: []Row{{1}, {4}}},
			{Query: "SELECT id FROM d WHERE hamming(fp, b'1') <= 0", Expected: []Row{{3}}},
			{Query: "SELECT id FROM d WHERE hamming(fp, 0xFFFFFFFFFFFFFFFF + 0) <= 3 ORDER BY id", Expected: []Row{{1}, {4}}},
			{Query: "SELECT hamming(0x01, 1), hamming(1, 0x03), hamming(fp, 0x00) FROM d WHERE id = 1", Expected: []Row{{0, 1, 64}}},
			// Two hex literals are two binary strings, compared bit by bit.
			{Query: "SELECT hamming(0x01, 0x03), hamming(X'FF00', X'00FF')", Expected: []Row{{1, 16}}},
			{Query: "SELECT hamming(0x01, 'ab')", ExpectedErrCode: 1210},
			{Query: "SELECT hamming(0x0102, 1.5)", ExpectedErrCode: 1411},
		},
	},
}
