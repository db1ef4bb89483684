package sqltests

// CreateSelectScripts create tables from SELECTs as MySQL 8 does: a
// column of MIN, MAX, SUM or AVG is nullable (of no rows they are NULL),
// BIT_OR's and COUNT's are NOT NULL. go-mysql-server 0.20 made MIN and
// MAX NOT NULL, so CREATE TABLE … AS SELECT MAX(a) over no rows failed
// with 1048 "Column 'mx' cannot be null", and so did a later INSERT …
// SELECT MAX(…) of no rows (compat/min_max_nullable.go); a NULL column
// is a nullable BINARY(0) (was: error 1105 "type null cannot be stored";
// catalog/database.go).
// TestCreateSelectScripts runs them on MariaDB too.
var CreateSelectScripts = []ScriptTest{
	{
		Name: "CREATE TABLE AS SELECT of MIN, MAX, SUM and AVG: nullable columns",
		SetUpScript: []string{
			"CREATE TABLE cu (id INT PRIMARY KEY, a BIGINT UNSIGNED NOT NULL)",
		},
		Assertions: []Assertion{
			{Query: "CREATE TABLE c3 AS SELECT MAX(a) mx, MIN(a) mn, SUM(a) sm, AVG(a) av, BIT_OR(a) bo, COUNT(*) cnt FROM cu"},
			{Query: "SELECT mx, mn, sm, av, bo, cnt FROM c3", Expected: []Row{{nil, nil, nil, nil, "0", 0}}},
			{Query: "SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'c3' ORDER BY ordinal_position",
				Expected: []Row{{"mx", "YES"}, {"mn", "YES"}, {"sm", "YES"}, {"av", "YES"}, {"bo", "NO"}, {"cnt", "NO"}}},
			{Query: "INSERT INTO cu VALUES (1, 18446744073709551615)"},
			{Query: "CREATE TABLE c5 AS SELECT id, MAX(a) mx FROM cu GROUP BY id"},
			{Query: "INSERT INTO c5 SELECT 2, MAX(a) FROM cu WHERE id > 100"},
			{Query: "SELECT id, mx FROM c5 ORDER BY id", Expected: []Row{{1, "18446744073709551615"}, {2, nil}}},
			{Query: "SELECT MAX(a) IS NULL, MIN(a) IS NULL FROM cu WHERE id > 100", Expected: []Row{{1, 1}}},
			{Query: "CREATE TABLE c6 AS SELECT 1 AS one, NULL AS n"},
			{Query: "SELECT one, n FROM c6", Expected: []Row{{1, nil}}},
			{Query: "SELECT column_name, column_type, is_nullable FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'c6' AND column_name = 'n'",
				Expected: []Row{{"n", "binary(0)", "YES"}}},
		},
	},
}
