package sqltests

// BinaryStringScripts are the SQL script tests of string functions on
// binary strings (issue 11, item 10): their characters are their bytes,
// so a MinHash signature can be cut into bands in SQL.
var BinaryStringScripts = []ScriptTest{
	{
		Name: "string functions on VARBINARY work on bytes",
		SetUpScript: []string{
			"CREATE TABLE s (id INT PRIMARY KEY, sig VARBINARY(64))",
			"INSERT INTO s VALUES (1, X'0011223300F1789060D1E336FF')",
			"CREATE TABLE m (id INT PRIMARY KEY, sig BLOB)",
			"INSERT INTO m VALUES (1, minhash('the quick brown fox jumps over the lazy dog'))",
		},
		Assertions: []Assertion{
			// go-mysql-server 0.20: 16 and EFBFBD78EFBFBD60….
			{Query: "SELECT LENGTH(SUBSTRING(sig, 5, 8)), HEX(SUBSTRING(sig, 5, 8)) FROM s", Expected: []Row{{8, "00F1789060D1E336"}}},
			{Query: "SELECT HEX(LEFT(sig, 6)), HEX(RIGHT(sig, 2)), HEX(MID(sig, 6, 2)) FROM s", Expected: []Row{{"0011223300F1", "36FF", "F178"}}},
			{Query: "SELECT HEX(REVERSE(sig)), LOCATE(X'F178', sig) FROM s", Expected: []Row{{"FF36E3D1609078F10033221100", 6}}},
			{Query: "SELECT HEX(CONCAT(X'F1', X'F2')), HEX(TRIM(X'20F120')), HEX(INSERT(X'F1F2F3', 2, 1, X'00'))", Expected: []Row{{"F1F2", "F1", "F100F3"}}},
			{Query: "SELECT HEX(SUBSTRING(sig, 15, 8)) = SUBSTRING(HEX(sig), 29, 16), LENGTH(SUBSTRING(sig, 15, 8)) FROM m", Expected: []Row{{1, 8}}},
			{Query: "SELECT SUBSTRING('héllo', 2, 3), LEFT('héllo', 2)", Expected: []Row{{"éll", "hé"}}},
		},
	},
}
