package sqltests

// JoinNumericScripts hold joins on = of numbers of different kinds, and of
// DECIMALs, which go-mysql-server 0.20's hash join keyed by the inner key
// converted to the outer key's type, or by a DECIMAL's Go value, so that
// only values exact in a DOUBLE met (compat/join_numeric.go). MySQL 8
// compares an integer or DECIMAL with a DECIMAL as DECIMAL, exactly. The
// values sit at 2^53, 2^63 and 2^64, where a DOUBLE cannot tell neighbours
// apart; the tables are small, so the planner picks the hash join.
// TestJoinNumericScripts runs them on MariaDB too.
var JoinNumericScripts = []ScriptTest{
	{
		Name: "joins compare numbers as = does",
		SetUpScript: []string{
			"CREATE TABLE jn_u (id INT PRIMARY KEY, u BIGINT UNSIGNED, seen INT DEFAULT 0)",
			"CREATE TABLE jn_s (id INT PRIMARY KEY, s BIGINT)",
			"CREATE TABLE jn_d (id INT PRIMARY KEY, d DECIMAL(20,0))",
			"CREATE TABLE jn_e (id INT PRIMARY KEY, e DECIMAL(30,5))",
			"INSERT INTO jn_u (id, u) VALUES (1, 5), (2, 9007199254740992), (3, 9007199254740993), (4, 9223372036854775807), " +
				"(5, 9223372036854775808), (6, 18446744073709551614), (7, 18446744073709551615), (8, 4611686018427387904), (9, NULL)",
			"INSERT INTO jn_d SELECT id, u FROM jn_u",
			"INSERT INTO jn_d VALUES (10, -9223372036854775808), (11, -1)",
			"INSERT INTO jn_e SELECT id, d FROM jn_d",
			"INSERT INTO jn_e VALUES (12, 5.5), (13, 9007199254740992.00001)",
			"INSERT INTO jn_s SELECT id, d FROM jn_d WHERE d BETWEEN -9223372036854775808 AND 9223372036854775807",
		},
		Assertions: []Assertion{
			// Were 1,2,5,8 (the values exact in a DOUBLE), 1 (5 alone) and 1.
			{Query: "SELECT GROUP_CONCAT(a.id, '-', d.id ORDER BY a.id) FROM jn_u a JOIN jn_d d ON a.u = d.d", Expected: []Row{{"1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8"}}},
			{Query: "SELECT GROUP_CONCAT(d.id, '-', a.id ORDER BY d.id) FROM jn_d d JOIN jn_u a ON d.d = a.u", Expected: []Row{{"1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8"}}},
			{Query: "SELECT GROUP_CONCAT(a.id, '-', d.id ORDER BY a.id) FROM jn_u a, jn_d d WHERE a.u = d.d", Expected: []Row{{"1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8"}}},
			{Query: "SELECT COUNT(*) FROM jn_u a LEFT JOIN jn_d d ON a.u = d.d WHERE d.id IS NULL", Expected: []Row{{1}}},
			{Query: "SELECT GROUP_CONCAT(a.id, '-', e.id ORDER BY a.id) FROM jn_u a JOIN jn_e e ON a.u = e.e", Expected: []Row{{"1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8"}}},
			{Query: "SELECT GROUP_CONCAT(x.id, '-', y.id ORDER BY x.id) FROM jn_d x JOIN jn_d y ON x.d = y.d", Expected: []Row{{"1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8,10-10,11-11"}}},
			{Query: "SELECT GROUP_CONCAT(d.id, '-', e.id ORDER BY d.id) FROM jn_d d JOIN jn_e e ON d.d = e.e", Expected: []Row{{"1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8,10-10,11-11"}}},
			{Query: "SELECT GROUP_CONCAT(s.id, '-', e.id ORDER BY s.id) FROM jn_s s JOIN jn_e e ON s.s = e.e", Expected: []Row{{"1-1,2-2,3-3,4-4,8-8,10-10,11-11"}}},
			{Query: "SELECT GROUP_CONCAT(s.id, '-', a.id ORDER BY s.id) FROM jn_s s JOIN jn_u a ON s.s = a.u", Expected: []Row{{"1-1,2-2,3-3,4-4,8-8"}}},
			{Query: "SELECT COUNT(*) FROM jn_u a JOIN jn_d d ON a.u = d.d AND a.id = d.id", Expected: []Row{{8}}},
			// Writes over the join: were 1 row each.
			{Query: "UPDATE jn_u a JOIN jn_d d ON a.u = d.d SET a.seen = 1 WHERE a.id IN (2, 3, 4, 6)", Expected: nil},
			{Query: "SELECT GROUP_CONCAT(id ORDER BY id) FROM jn_u WHERE seen = 1", Expected: []Row{{"2,3,4,6"}}},
			{Query: "DELETE a FROM jn_u a JOIN jn_e e ON a.u = e.e WHERE a.id IN (3, 5, 7)", Expected: nil},
			{Query: "SELECT GROUP_CONCAT(id ORDER BY id) FROM jn_u", Expected: []Row{{"1,2,4,6,8,9"}}},
		},
	},
}
