package sqltests

// JSONPathScripts select with JSON paths as MySQL 8 does: a member step
// on what is no object, or an index beyond an array, selects nothing
// (NULL, 0), an array step on what is no array auto-wraps it
// (compat/json_paths.go). go-mysql-server 0.20 failed the statement with
// 1105 "object is not Slice" for '$[1]' of an object, gave [] for '$.a'
// of an array. TestJSONPathScripts runs them on MariaDB too.
var JSONPathScripts = []ScriptTest{
	{
		Name: "JSON paths of the wrong kind select nothing",
		SetUpScript: []string{
			"CREATE TABLE js (id INT PRIMARY KEY, j JSON)",
			`INSERT INTO js VALUES (1, '{"a": 1, "b": [10, 20]}'), (2, '[1, {"a": 2}]'), (3, '3'), (4, 'null'), (5, NULL)`,
		},
		Assertions: []Assertion{
			{Query: `SELECT id, JSON_EXTRACT(j, '$[1]'), JSON_EXTRACT(j, '$[0]'), JSON_EXTRACT(j, '$.a'), JSON_EXTRACT(j, '$[1].a'), JSON_EXTRACT(j, '$.b[last]'), JSON_EXTRACT(j, '$."a"') FROM js ORDER BY id`,
				Expected: []Row{
					{1, nil, `{"a": 1, "b": [10, 20]}`, "1", nil, "20", "1"},
					{2, `{"a": 2}`, "1", nil, "2", nil, nil},
					{3, nil, "3", nil, nil, nil, nil},
					{4, nil, "null", nil, nil, nil, nil},
					{5, nil, nil, nil, nil, nil, nil}}},
			{Query: `SELECT id, JSON_EXTRACT(j, '$.z', '$[0]'), JSON_EXTRACT(j, '$.z', '$[5]') FROM js WHERE id > 1 ORDER BY id`,
				Expected: []Row{{2, "[1]", nil}, {3, "[3]", nil}, {4, "[null]", nil}, {5, nil, nil}}},
			{Query: `SELECT id, JSON_CONTAINS_PATH(j, 'one', '$[1]'), JSON_CONTAINS_PATH(j, 'all', '$.a', '$[0]'), JSON_CONTAINS_PATH(j, 'one', '$.z', '$[0]') FROM js ORDER BY id`,
				Expected: []Row{{1, 0, 1, 1}, {2, 1, 0, 1}, {3, 0, 0, 1}, {4, 0, 0, 1}, {5, nil, nil, nil}}},
			{Query: `SELECT id, JSON_VALUE(j, '$[1]'), JSON_VALUE(j, '$.a'), JSON_VALUE(j, '$.b[0]') FROM js ORDER BY id`,
				Expected: []Row{{1, nil, "1", "10"}, {2, nil, nil, nil}, {3, nil, nil, nil}, {4, nil, nil, nil}, {5, nil, nil, nil}}},
			{Query: `SELECT JSON_EXTRACT('[{"a": 1}, {"a": 2}]', '$.a'), JSON_EXTRACT('[1, [2, 3]]', '$[1][last-1]'), JSON_EXTRACT('{"a": {"b": 1}}', '$.a.b')`,
				Expected: []Row{{nil, "2", "1"}}},
		},
	},
}

// JSONArrowScripts are JSONPathScripts' for -> and ->>, which MariaDB
// lacks.
var JSONArrowScripts = []ScriptTest{
	{
		Name: "-> and ->> of paths of the wrong kind are NULL",
		SetUpScript: []string{
			"CREATE TABLE js (id INT PRIMARY KEY, j JSON)",
			`INSERT INTO js VALUES (1, '{"a": 1, "b": [10, "x"]}'), (2, '[1, {"a": 2}]'), (3, '3')`,
		},
		Assertions: []Assertion{
			{Query: `SELECT id, j->'$[1]', j->>'$[1]', j->'$.a', j->>'$.b[1]', j->>'$[0]' FROM js ORDER BY id`,
				Expected: []Row{
					{1, nil, nil, "1", "x", `{"a": 1, "b": [10, "x"]}`},
					{2, `{"a": 2}`, `{"a": 2}`, nil, nil, "1"},
					{3, nil, nil, nil, nil, "3"}}},
			{Query: `SELECT id FROM js WHERE j->'$[1]' IS NULL ORDER BY id`, Expected: []Row{{1}, {3}}},
		},
	},
}
