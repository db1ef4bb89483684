package sqltests

// JSONValueScripts write JSON values as MySQL 8 does. go-mysql-server
// 0.20 holds JSON_OBJECT, JSON_REMOVE and ROW(…) expressions by value
// (structs and slices), and simsql's analyzer rules compared expressions
// with ==: every INSERT … VALUES, INSERT … SET, REPLACE, UPDATE and ON
// DUPLICATE KEY UPDATE writing JSON_OBJECT(…) failed with 1105 "runtime
// error: comparing uncomparable type json.JSONObject" (compat/same.go).
// TestJSONValueScripts runs them on MariaDB too.
var JSONValueScripts = []ScriptTest{
	{
		Name: "JSON_OBJECT and JSON_REMOVE written by INSERT, REPLACE, UPDATE and ON DUPLICATE KEY UPDATE",
		SetUpScript: []string{
			"CREATE TABLE jv (id INT PRIMARY KEY, d JSON, n INT, s VARCHAR(40))",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO jv VALUES (1, JSON_OBJECT('fp', 2), JSON_LENGTH(JSON_OBJECT('a', 1)), JSON_OBJECT('k', 'v'))"},
			{Query: "INSERT INTO jv SET id = 2, d = JSON_OBJECT(), n = 2, s = JSON_REMOVE('[1, 2]', '$[0]')"},
			{Query: "REPLACE INTO jv VALUES (3, JSON_OBJECT('x', 1), 3, NULL)"},
			{Query: "INSERT INTO jv SELECT 4, JSON_OBJECT('a', 1), 4, NULL"},
			{Query: "UPDATE jv SET d = JSON_OBJECT('b', 2), s = JSON_OBJECT('b', 2) WHERE id = 4"},
			{Query: "INSERT INTO jv VALUES (4, '{}', 0, NULL) ON DUPLICATE KEY UPDATE d = JSON_OBJECT('c', 3), s = JSON_REMOVE('[1, 2]', '$[1]')"},
			{Query: "INSERT INTO jv VALUES (5, JSON_REMOVE('{\"a\": 1, \"b\": 2}', '$.a'), 5, NULL)"},
			{Query: "UPDATE jv SET d = JSON_REMOVE(d, '$.x') WHERE id = 3"},
			{Query: "SELECT id, d, n, s FROM jv ORDER BY id", Expected: []Row{
				{1, `{"fp": 2}`, 1, `{"k": "v"}`},
				{2, `{}`, 2, `[2]`},
				{3, `{}`, 3, nil},
				{4, `{"c": 3}`, 4, `[1]`},
				{5, `{"b": 2}`, 5, nil}}},
			{Query: "SELECT JSON_OBJECT('a', 1) UNION ALL SELECT JSON_REMOVE('[1, 2]', '$[0]')", Expected: []Row{{`{"a": 1}`}, {`[2]`}}},
			{Query: "SELECT JSON_LENGTH(JSON_REMOVE('[1, 2]', '$[0]')) + 1, SUM(JSON_LENGTH(JSON_OBJECT('a', id))) FROM jv", Expected: []Row{{2, "5"}}},
			{Query: "CREATE TABLE jv2 AS SELECT id, JSON_OBJECT('id', id) AS d FROM jv WHERE id < 3"},
			{Query: "SELECT id, d FROM jv2 ORDER BY id", Expected: []Row{{1, `{"id": 1}`}, {2, `{"id": 2}`}}},
		},
	},
}

// JSONNumberScripts keep JSON integers exact as MySQL 8 does (its binary
// JSON holds int64 and uint64 scalars). go-mysql-server 0.20 parsed JSON
// text into float64s, so every integer above 2^53 lost bits: stored
// {"fp": 1.8446744073709552e19} for 18446744073709551614, 9007199254740992
// for 9007199254740993, and CAST(… AS UNSIGNED) of them was 2^64−1 with
// warning 1292 (compat/json_numbers.go, internal/jsonnum, storage's
// decoding). TestJSONValueScripts runs them on MariaDB too.
var JSONNumberScripts = []ScriptTest{
	{
		Name: "JSON integers above 2^53 stored and read exactly",
		SetUpScript: []string{
			"CREATE TABLE jn (id INT PRIMARY KEY, d JSON)",
			"CREATE TABLE un (id INT PRIMARY KEY, fp BIGINT UNSIGNED)",
			"INSERT INTO un VALUES (1, 18446744073709551614), (2, 9007199254740993)",
		},
		Assertions: []Assertion{
			{Query: `INSERT INTO jn VALUES (1, '{"fp": 18446744073709551614}'), (3, '{"fp": 9007199254740993}'), (5, '[-9223372036854775808, 1.5]')`},
			{Query: `SELECT id, d, JSON_EXTRACT(d, '$.fp') FROM jn ORDER BY id`, Expected: []Row{
				{1, `{"fp": 18446744073709551614}`, "18446744073709551614"},
				{3, `{"fp": 9007199254740993}`, "9007199254740993"},
				{5, `[-9223372036854775808, 1.5]`, nil}}},
			{Query: `SELECT CAST(JSON_EXTRACT('[18446744073709551614]', '$[0]') AS UNSIGNED), JSON_UNQUOTE(JSON_EXTRACT('{"a": 12345678901234567891}', '$.a'))`,
				Expected: []Row{{"18446744073709551614", "12345678901234567891"}}, ExpectedWarnings: []Row{}},
			{Query: `SELECT fp FROM JSON_TABLE('[{"fp": 18446744073709551614}, {"fp": 9007199254740993}]', '$[*]' COLUMNS (fp BIGINT UNSIGNED PATH '$.fp')) t`,
				Expected: []Row{{"18446744073709551614"}, {"9007199254740993"}}},
			{Query: `INSERT INTO jn SELECT id * 10, JSON_OBJECT('fp', fp) FROM un`},
			{Query: `UPDATE jn SET d = JSON_SET(d, '$.g', 9007199254740995) WHERE id = 20`},
			{Query: `UPDATE jn SET d = '[18446744073709551615]' WHERE id = 5`},
			{Query: `INSERT INTO jn VALUES (5, '{}') ON DUPLICATE KEY UPDATE d = JSON_ARRAY_APPEND(d, '$', 9007199254740997)`},
			// (MySQL 8 writes "g" before "fp", shorter keys first; MariaDB in
			// the order written.)
			{Query: `SELECT id, d, JSON_EXTRACT(d, '$.g') FROM jn WHERE id IN (5, 10) ORDER BY id`, Expected: []Row{
				{5, `[18446744073709551615, 9007199254740997]`, nil},
				{10, `{"fp": 18446744073709551614}`, nil}}},
			{Query: `SELECT JSON_EXTRACT(d, '$.g'), JSON_EXTRACT(d, '$.fp') FROM jn WHERE id = 20`, Expected: []Row{{"9007199254740995", "9007199254740993"}}},
			{Query: `SELECT j.id FROM jn j JOIN un u ON CAST(JSON_EXTRACT(j.d, '$.fp') AS UNSIGNED) = u.fp ORDER BY j.id`,
				Expected: []Row{{1}, {3}, {10}, {20}}},
		},
	},
}

// JSONNumberMySQLScripts are JSONNumberScripts' MySQL 8 answers that
// MariaDB 10.11 lacks: CAST(… AS JSON) (a syntax error there) and
// JSON_TYPE's UNSIGNED INTEGER (MySQL's item_json_func.cc).
var JSONNumberMySQLScripts = []ScriptTest{
	{
		Name: "JSON integers above 2^53 in CAST AS JSON and JSON_TYPE",
		Assertions: []Assertion{
			{Query: `SELECT JSON_TYPE('18446744073709551614'), JSON_TYPE('9007199254740993'), JSON_EXTRACT(CAST('{"a": 9007199254740993}' AS JSON), '$.a'), CAST('[18446744073709551615]' AS JSON)`,
				Expected: []Row{{"UNSIGNED INTEGER", "INTEGER", "9007199254740993", "[18446744073709551615]"}}},
		},
	},
}
