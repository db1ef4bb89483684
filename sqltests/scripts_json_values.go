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
