package sqltests

// CharsetScripts hold trial 12's character-set faults (F14, F20) with
// MySQL 8's answers, where MariaDB 10.11 gives the same; they also run on
// MariaDB (TestCharsetScripts). Its strict-mode error 1366 names the
// column `db`.`t`.`body` there: CharsetMySQLScripts checks MySQL's words.
var CharsetScripts = []ScriptTest{
	{
		// Regression: gbk, big5 and ujis had no encoder in
		// go-mysql-server v0.20.0: every CONVERT … USING them panicked
		// (nil dereference), HEX and LENGTH of the result too
		// (compat/charsets.go).
		Name: "CONVERT … USING gbk, big5, ujis",
		Assertions: []Assertion{
			{Query: "SELECT CONVERT('a' USING gbk)", Expected: []Row{{"a"}}},
			{Query: "SELECT CONVERT(0xD6D0CEC4 USING gbk), CONVERT(0xA4A4A4E5 USING big5), CONVERT(0xC3E6 USING ujis)", Expected: []Row{{"中文", "中文", "中"}}},
			{Query: "SELECT HEX(CONVERT('中文' USING gbk)), LENGTH(CONVERT('中文' USING gbk)), CHAR_LENGTH(CONVERT('中文' USING gbk))", Expected: []Row{{"D6D0CEC4", 4, 2}}},
			{Query: "SELECT HEX(CONVERT('中文' USING big5)), HEX(CONVERT('中' USING ujis))", Expected: []Row{{"A4A4A4E5", "C3E6"}}},
			{Query: "SELECT CONVERT(0xD6D0 USING gbk) = '中'", Expected: []Row{{1}}},
		},
	},
	{
		// Regression: CONVERT(0xE9 USING latin1) read 0xE9 as UTF-8 ('?'),
		// CAST(0xE9 AS CHAR CHARACTER SET latin1) was NULL, and CONVERT of
		// text to latin1 gave the latin1 bytes as the string
		// (compat/cast_text.go).
		Name: "CONVERT … USING latin1 and CAST … CHARACTER SET latin1",
		Assertions: []Assertion{
			{Query: "SELECT HEX(CONVERT(0xE9 USING latin1)), CONVERT(0xE9 USING latin1) = 'é', CONVERT(0xE9 USING latin1)", Expected: []Row{{"E9", 1, "é"}}},
			{Query: "SELECT CAST(0xE9 AS CHAR CHARACTER SET latin1), HEX(CAST(0xE9 AS CHAR CHARACTER SET latin1))", Expected: []Row{{"é", "E9"}}},
			{Query: "SELECT CONVERT('中é' USING latin1), HEX(CONVERT('é中' USING latin1)), LENGTH(CONVERT('é' USING latin1))", Expected: []Row{{"?é", "E93F", 1}}},
		},
	},
	{
		// Regression: bytes written to a latin1 column were stored as the
		// bytes, rows whose HEX() and LENGTH() panicked
		// (catalog/compat_column_text.go).
		Name:        "binary into a latin1 column",
		SetUpScript: []string{"CREATE TABLE l (id INT PRIMARY KEY, s VARCHAR(10) CHARACTER SET latin1)"},
		Assertions: []Assertion{
			{Query: "INSERT INTO l VALUES (1, 0xE9)"},
			{Query: "INSERT INTO l VALUES (2, 'a'), (3, 0xE9)"},
			{Query: "INSERT INTO l VALUES (4, 'b'), (5, CONVERT('é' USING latin1))"},
			{Query: "INSERT INTO l VALUES (6, CONVERT(0xE9 USING latin1)), (7, 0xC3A9), (8, CONCAT('x', 0xE9))"},
			{Query: "UPDATE l SET s = 0x41E9 WHERE id = 2"},
			{Query: "SELECT id, s, HEX(s), LENGTH(s), CHAR_LENGTH(s) FROM l ORDER BY id", Expected: []Row{
				{1, "é", "E9", 1, 1}, {2, "Aé", "41E9", 2, 2}, {3, "é", "E9", 1, 1}, {4, "b", "62", 1, 1},
				{5, "é", "E9", 1, 1}, {6, "é", "E9", 1, 1}, {7, "Ã©", "C3A9", 2, 2}, {8, "xé", "78E9", 2, 2}}},
		},
	},
	{
		// Regression: a gbk table was refused (no encoder); its text sorts
		// by the gbk code, ASCII letters without case, as MySQL's
		// gbk_chinese_ci (compat/charsets.go).
		Name:        "a gbk table and ORDER BY CONVERT(… USING gbk)",
		SetUpScript: []string{"CREATE TABLE z (id INT PRIMARY KEY, n VARCHAR(10)) CHARACTER SET gbk", "INSERT INTO z VALUES (1, '张'), (2, '阿'), (3, 'b'), (4, 'A')"},
		Assertions: []Assertion{
			{Query: "SELECT id FROM z ORDER BY n", Expected: []Row{{4}, {3}, {2}, {1}}},
			{Query: "SELECT HEX(n) FROM z WHERE id = 1", Expected: []Row{{"D5C5"}}},
			{Query: "SELECT id FROM z ORDER BY CONVERT(n USING gbk) DESC", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT id FROM z WHERE n = 'a'", Expected: []Row{{4}}},
		},
	},
}

// CharsetMySQLScripts are character-set faults whose answer MariaDB
// words or stores otherwise than MySQL 8; they hold MySQL 8's.
var CharsetMySQLScripts = []ScriptTest{
	{
		// Regression: the words were "invalid string for charset utf8mb4:
		// '[97 98 128]'" and INSERT IGNORE stored ''; MySQL 8 keeps the
		// well-formed prefix (MariaDB stores 'a??b').
		Name:        "bytes that are not UTF-8 into utf8mb4: MySQL's words, IGNORE keeps the prefix",
		SetUpScript: []string{"CREATE TABLE u9 (id INT PRIMARY KEY, body TEXT)"},
		Assertions: []Assertion{
			{Query: "INSERT INTO u9 VALUES (2, CONCAT('ab', 0x80))", ExpectedErr: `Incorrect string value: '\x80' for column 'body' at row 1`, ExpectedErrCode: 1366},
			{Query: "INSERT INTO u9 VALUES (3, 'ok'), (4, 0x61808182838485868788)", ExpectedErr: `Incorrect string value: '\x80\x81\x82\x83\x84\x85...' for column 'body' at row 2`, ExpectedErrCode: 1366},
			{Query: "INSERT INTO u9 VALUES (1, 0x80FF)", ExpectedErr: `Incorrect string value: '\x80\xFF' for column 'body' at row 1`, ExpectedErrCode: 1366},
			{Query: "INSERT IGNORE INTO u9 VALUES (4, 0x6180FF62)", ExpectedWarnings: []Row{{"Warning", 1366, `Incorrect string value: '\x80\xFFb' for column 'body' at row 1`}}},
			{Query: "SELECT id, HEX(body) FROM u9", Expected: []Row{{4, "61"}}},
			{Query: "UPDATE u9 SET body = 0x61FF", ExpectedErr: `Incorrect string value: '\xFF' for column 'body' at row 1`, ExpectedErrCode: 1366},
			{Query: "UPDATE IGNORE u9 SET body = 0x62FF", ExpectedWarnings: []Row{{"Warning", 1366, `Incorrect string value: '\xFF' for column 'body' at row 1`}}},
			{Query: "SELECT id, HEX(body) FROM u9", Expected: []Row{{4, "62"}}},
		},
	},
	{
		// Regression: bytes a set does not map: MySQL 8's
		// check_well_formed_result warns 1300 and, in strict mode, is NULL
		// (MariaDB gives '?' for each and words the bytes '\xFF\xFF').
		Name: "CONVERT of bytes gbk does not map: NULL, warning 1300",
		Assertions: []Assertion{
			{Query: "SELECT CONVERT(0xFFFF USING gbk)", Expected: []Row{{nil}}, ExpectedWarnings: []Row{{"Warning", 1300, "Invalid gbk character string: 'FFFF'"}}},
		},
	},
}
