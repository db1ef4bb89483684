package sqltests

// OnlyFullGroupByScripts hold the grouped queries that MySQL 8 accepts
// under ONLY_FULL_GROUP_BY although they read a column through a select
// alias, an ordinal or an expression equal to a grouped one, or ORDER BY
// an aggregate (compat/only_full_group_by.go refused the alias ones with
// 1055), and those it refuses in the select list; MariaDB 10.11 agrees.
// OnlyFullGroupByMySQLScripts hold MySQL 8's refusals of an ORDER BY
// (MariaDB lets ORDER BY read any column) and its functional dependencies
// (MariaDB knows none).
//
// MySQL 8's rule, case by case (x: id primary key, v, w):
//
//	SELECT v g … GROUP BY g ORDER BY g             accepted (g is x.v)
//	SELECT v g, COUNT(*) … GROUP BY g HAVING g > 1 accepted
//	SELECT v g … GROUP BY 1 ORDER BY 1             accepted
//	SELECT v + 1 g … GROUP BY v + 1 ORDER BY g     accepted (equal expression)
//	SELECT v + 1 … GROUP BY v                      accepted (of grouped columns)
//	SELECT v … GROUP BY v ORDER BY COUNT(*), SUM(w) accepted (aggregates)
//	SELECT v, COUNT(*) c … GROUP BY v ORDER BY c   accepted (alias of an aggregate)
//	SELECT v, SUM(w) s … GROUP BY v HAVING s > 10  accepted
//	SELECT id, v g … GROUP BY id ORDER BY g, w     accepted (primary key; MariaDB 1055)
//	SELECT v … GROUP BY v + 1                      1055, SELECT list
//	SELECT v * 2 g … GROUP BY v + 1 ORDER BY g     1055, SELECT list
//	SELECT w g … GROUP BY v ORDER BY g             1055, SELECT list
//	SELECT v g, w … GROUP BY g                     1055, SELECT list
//	SELECT v, w + 0 a … GROUP BY v ORDER BY a      1055, SELECT list
//	SELECT v g … GROUP BY v ORDER BY w             1055, ORDER BY (MariaDB accepts)
//	SELECT v + 1 g … GROUP BY g ORDER BY v         1055, ORDER BY (MariaDB accepts)
//	SELECT v … GROUP BY v ORDER BY w + COUNT(*)    1055, ORDER BY (MariaDB accepts)
var OnlyFullGroupByScripts = []ScriptTest{
	{
		Name: "ONLY_FULL_GROUP_BY: select aliases, ordinals and equal expressions are grouped",
		SetUpScript: []string{"CREATE TABLE ofa (id INT PRIMARY KEY, v INT, w INT)", "INSERT INTO ofa VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30)",
			"SET SESSION sql_mode = 'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES'"},
		Assertions: []Assertion{
			{Query: "SELECT v g FROM ofa GROUP BY g ORDER BY g", Expected: []Row{{1}, {2}}},
			{Query: "SELECT v g, COUNT(*) FROM ofa GROUP BY g HAVING g > 1", Expected: []Row{{2, 1}}},
			{Query: "SELECT v g FROM ofa GROUP BY 1 ORDER BY 1 DESC", Expected: []Row{{2}, {1}}},
			{Query: "SELECT v, COUNT(*) FROM ofa GROUP BY 1 ORDER BY 1", Expected: []Row{{1, 2}, {2, 1}}},
			{Query: "SELECT v + 1 g FROM ofa GROUP BY v + 1 ORDER BY g", Expected: []Row{{2}, {3}}},
			{Query: "SELECT v + 1 FROM ofa GROUP BY v + 1 ORDER BY v + 1 DESC", Expected: []Row{{3}, {2}}},
			{Query: "SELECT v g FROM ofa GROUP BY g ORDER BY v DESC", Expected: []Row{{2}, {1}}},
			{Query: "SELECT v + 1 FROM ofa GROUP BY v ORDER BY v", Expected: []Row{{2}, {3}}},
			{Query: "SELECT v g FROM ofa GROUP BY g HAVING MAX(w) > 10 ORDER BY g", Expected: []Row{{1}, {2}}},
			{Query: "SELECT v, COUNT(*) FROM ofa GROUP BY v ORDER BY COUNT(*)", Expected: []Row{{2, 1}, {1, 2}}},
			{Query: "SELECT v, COUNT(*) FROM ofa GROUP BY v ORDER BY SUM(w) DESC, v", Expected: []Row{{1, 2}, {2, 1}}},
			{Query: "SELECT v, COUNT(*) c FROM ofa GROUP BY v ORDER BY c", Expected: []Row{{2, 1}, {1, 2}}},
			{Query: "SELECT v, COUNT(*) c FROM ofa GROUP BY v HAVING c > 1 ORDER BY c", Expected: []Row{{1, 2}}},
			{Query: "SELECT v g, SUM(w) s FROM ofa GROUP BY g HAVING s > 10 ORDER BY s DESC, g", Expected: []Row{{1, 30}, {2, 30}}},
			// Refused in the select list.
			{Query: "SELECT v FROM ofa GROUP BY v + 1", ExpectedErrCode: 1055},
			{Query: "SELECT v * 2 g FROM ofa GROUP BY v + 1 ORDER BY g", ExpectedErrCode: 1055},
			{Query: "SELECT w g FROM ofa GROUP BY v ORDER BY g", ExpectedErrCode: 1055},
			{Query: "SELECT v g, w FROM ofa GROUP BY g", ExpectedErrCode: 1055},
			{Query: "SELECT v, w + 0 a FROM ofa GROUP BY v ORDER BY a", ExpectedErrCode: 1055},
			{Query: "SET SESSION sql_mode = 'STRICT_TRANS_TABLES'"},
			{Query: "SELECT v g, COUNT(*) FROM ofa GROUP BY g ORDER BY g", Expected: []Row{{1, 2}, {2, 1}}},
		},
	},
}

// OnlyFullGroupByMySQLScripts: see OnlyFullGroupByScripts.
var OnlyFullGroupByMySQLScripts = []ScriptTest{
	{
		Name: "ONLY_FULL_GROUP_BY: MySQL 8 refuses an ORDER BY of a column not grouped",
		SetUpScript: []string{"CREATE TABLE ofm (id INT PRIMARY KEY, v INT, w INT)", "INSERT INTO ofm VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30)",
			"SET SESSION sql_mode = 'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES'"},
		Assertions: []Assertion{
			{Query: "SELECT v g FROM ofm GROUP BY v ORDER BY w", ExpectedErr: "Expression #1 of ORDER BY clause is not in GROUP BY clause and contains nonaggregated column '", ExpectedErrCode: 1055},
			{Query: "SELECT v + 1 g FROM ofm GROUP BY g ORDER BY v", ExpectedErr: ".ofm.v' which is not functionally dependent", ExpectedErrCode: 1055},
			{Query: "SELECT v FROM ofm GROUP BY v ORDER BY w + COUNT(*)", ExpectedErr: "Expression #1 of ORDER BY clause", ExpectedErrCode: 1055},
			{Query: "SELECT v g, w FROM ofm GROUP BY g", ExpectedErr: "Expression #2 of SELECT list is not in GROUP BY clause and contains nonaggregated column '", ExpectedErrCode: 1055},
			{Query: "SELECT id, v g FROM ofm GROUP BY id ORDER BY g, w", Expected: []Row{{1, 1}, {2, 1}, {3, 2}}},
		},
	},
}
