package sqltests

// OrderScripts are regression tests for descending orders over B-tree
// indexes: go-mysql-server turns MAX(key) and ORDER BY key DESC LIMIT n
// into a reverse index scan unless the index says it cannot go backwards;
// simsql's indexes ignored the reverse flag, so these queries returned the
// smallest keys.
var OrderScripts = []ScriptTest{
	{
		Name: "MAX and ORDER BY DESC over the primary key and a secondary index",
		SetUpScript: []string{
			"CREATE TABLE q (id INT PRIMARY KEY, v INT, KEY v_idx (v))",
			"INSERT INTO q VALUES (1, 50), (2, 70), (3, 10), (4, 40)",
		},
		Assertions: []Assertion{
			{Query: "SELECT MAX(id) FROM q", Expected: []Row{{4}}},
			{Query: "SELECT MAX(id) + 1, 6 FROM q", Expected: []Row{{5, 6}}},
			{Query: "SELECT MIN(id) FROM q", Expected: []Row{{1}}},
			{Query: "SELECT id FROM q ORDER BY id DESC LIMIT 2", Expected: []Row{{4}, {3}}},
			{Query: "SELECT id FROM q WHERE id < 4 ORDER BY id DESC", Expected: []Row{{3}, {2}, {1}}},
			{Query: "SELECT MAX(v) FROM q", Expected: []Row{{70}}},
			{Query: "SELECT v FROM q ORDER BY v DESC LIMIT 3", Expected: []Row{{70}, {50}, {40}}},
			{Query: "SELECT v FROM q WHERE v > 10 ORDER BY v DESC", Expected: []Row{{70}, {50}, {40}}},
			{Query: "INSERT INTO q SELECT MAX(id) + 1, 6 FROM q", Expected: nil},
			{Query: "SELECT id, v FROM q WHERE id = 5", Expected: []Row{{5, 6}}},
		},
	},
}
