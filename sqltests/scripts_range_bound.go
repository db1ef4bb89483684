package sqltests

// RangeBoundScripts are regression tests for index lookups whose bound
// the column's type cannot hold (issue 11, "right answers from index
// lookups"; compat/compare_range_bound.go): go-mysql-server's index
// builder converted the bound to the column's type, clamping (TINYINT
// v < 1000 read v < 127 and lost 127), wrapping (INT UNSIGNED
// v < 4294967296 read v < 0 and returned nothing) or refusing it
// (DECIMAL(5,2) p < 1000 was error 1105). Each such query still reads the
// index (ExpectedIndexes), so that the lookup is what is checked; a scan
// was right. Also run on MariaDB (TestRangeBoundScripts), whose range
// optimizer has two faults of this kind (mariaDBRangeBoundDiffers).
var RangeBoundScripts = []ScriptTest{
	{
		Name: "a TINYINT index with bounds beyond its range",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, v TINYINT, KEY (v))",
			"INSERT INTO t VALUES (1,127),(2,-128),(3,0),(4,NULL)",
		},
		Assertions: []Assertion{
			// The example: 127 was lost.
			{Query: "SELECT id FROM t WHERE v < 1000 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v <= 1000 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE 1000 > v ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v > -1000 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v >= -129 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v > 1000", Expected: []Row{}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v < -129", Expected: []Row{}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v = 1000", Expected: []Row{}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v <> 1000 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v IN (1000, 0)", Expected: []Row{{3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v IN (1000, -1000)", Expected: []Row{}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v NOT IN (1000, 0) ORDER BY id", Expected: []Row{{1}, {2}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v NOT IN (1000, -1000) ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t IGNORE INDEX (v) WHERE v NOT IN (1000, -1000) ORDER BY id", Expected: []Row{{1}, {2}, {3}}},
			{Query: "SELECT id FROM t WHERE v BETWEEN -1000 AND 1000 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v BETWEEN 100 AND 1000", Expected: []Row{{1}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v NOT BETWEEN 1 AND 1000 ORDER BY id", Expected: []Row{{2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			// Fractional, DECIMAL, DOUBLE and string bounds.
			{Query: "SELECT id FROM t WHERE v < 127.5 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v > -128.5 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v < 1000.5 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v = 1.5", Expected: []Row{}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v <> 1.5 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v < 1e3 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v < 126.5e0 ORDER BY id", Expected: []Row{{2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v < '1000' ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"t.v"}},
			{Query: "SELECT id FROM t WHERE v >= 127.000", Expected: []Row{{1}}, ExpectedIndexes: []string{"t.v"}},
			// NULL is still NULL: NOT (v = 1000) is not true for it.
			{Query: "SELECT id FROM t WHERE NOT (v = 1000) ORDER BY id", Expected: []Row{{1}, {2}, {3}}},
			{Query: "SELECT id FROM t WHERE NOT (v <=> 1000) ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT v < 1000, v = 1000, v <> 1000 FROM t WHERE id = 4", Expected: []Row{{nil, nil, nil}}},
		},
	},
	{
		Name: "unsigned integer indexes with negative bounds and bounds beyond 2^32 and 2^64",
		SetUpScript: []string{
			"CREATE TABLE u (id INT PRIMARY KEY, v INT UNSIGNED, KEY (v))",
			"INSERT INTO u VALUES (1,4294967295),(2,0),(3,5)",
			"CREATE TABLE b (id INT PRIMARY KEY, v BIGINT UNSIGNED, KEY (v))",
			"INSERT INTO b VALUES (1,18446744073709551615),(2,0),(3,9223372036854775808)",
		},
		Assertions: []Assertion{
			// The example: nothing, where every row was right.
			{Query: "SELECT id FROM u WHERE v < 4294967296 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"u.v"}},
			{Query: "SELECT id FROM u WHERE v <= 4294967296 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"u.v"}},
			{Query: "SELECT id FROM u WHERE v >= 4294967296", Expected: []Row{}, ExpectedIndexes: []string{"u.v"}},
			{Query: "SELECT id FROM u WHERE v IN (4294967296, 5)", Expected: []Row{{3}}, ExpectedIndexes: []string{"u.v"}},
			{Query: "SELECT id FROM u WHERE v > -1 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"u.v"}},
			{Query: "SELECT id FROM u WHERE v < -1", Expected: []Row{}, ExpectedIndexes: []string{"u.v"}},
			{Query: "SELECT id FROM u WHERE v <> -1 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"u.v"}},
			{Query: "SELECT id FROM u WHERE v > -0.5 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"u.v"}},
			{Query: "SELECT id FROM u WHERE v BETWEEN -5 AND 4 ORDER BY id", Expected: []Row{{2}}, ExpectedIndexes: []string{"u.v"}},
			{Query: "SELECT id FROM b WHERE v < 18446744073709551616 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"b.v"}},
			{Query: "SELECT id FROM b WHERE v > 9223372036854775807.5 ORDER BY id", Expected: []Row{{1}, {3}}, ExpectedIndexes: []string{"b.v"}},
			{Query: "SELECT id FROM b WHERE v >= -9223372036854775809 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"b.v"}},
		},
	},
	{
		Name: "integer primary keys and composite indexes with bounds beyond the range",
		SetUpScript: []string{
			"CREATE TABLE k (v SMALLINT PRIMARY KEY)",
			"INSERT INTO k VALUES (32767),(-32768),(0)",
			"CREATE TABLE m (g INT, v MEDIUMINT, PRIMARY KEY (g, v))",
			"INSERT INTO m VALUES (1,8388607),(1,-8388608),(1,0),(2,8388607)",
			"CREATE TABLE c (id INT PRIMARY KEY, g INT, v BIGINT, KEY gv (g, v))",
			"INSERT INTO c VALUES (1,1,9223372036854775807),(2,1,-9223372036854775808),(3,1,0),(4,2,5)",
		},
		Assertions: []Assertion{
			{Query: "SELECT v FROM k WHERE v < 100000 ORDER BY v", Expected: []Row{{-32768}, {0}, {32767}}, ExpectedIndexes: []string{"k.v"}},
			{Query: "SELECT v FROM k WHERE v > -100000 ORDER BY v", Expected: []Row{{-32768}, {0}, {32767}}, ExpectedIndexes: []string{"k.v"}},
			{Query: "SELECT v FROM k WHERE v IN (100000, 32767)", Expected: []Row{{32767}}, ExpectedIndexes: []string{"k.v"}},
			{Query: "SELECT v FROM k WHERE v = 32767.5", Expected: []Row{}, ExpectedIndexes: []string{"k.v"}},
			{Query: "SELECT v FROM m WHERE g = 1 AND v < 10000000 ORDER BY v", Expected: []Row{{-8388608}, {0}, {8388607}}, ExpectedIndexes: []string{"m.g,m.v"}},
			{Query: "SELECT v FROM m WHERE g = 1 AND v >= -8388608.5 ORDER BY v", Expected: []Row{{-8388608}, {0}, {8388607}}, ExpectedIndexes: []string{"m.g,m.v"}},
			{Query: "SELECT v FROM m WHERE g = 1 AND v BETWEEN 1 AND 1e9", Expected: []Row{{8388607}}, ExpectedIndexes: []string{"m.g,m.v"}},
			{Query: "SELECT id FROM c WHERE g = 1 AND v < 9223372036854775808 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"c.g,c.v"}},
			{Query: "SELECT id FROM c WHERE g = 1 AND v > -9223372036854775809 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"c.g,c.v"}},
			{Query: "SELECT id FROM c WHERE g = 1 AND v NOT IN (9223372036854775808, 0) ORDER BY id", Expected: []Row{{1}, {2}}, ExpectedIndexes: []string{"c.g,c.v"}},
		},
	},
	{
		Name: "a DECIMAL index with bounds beyond its range or of more decimals than its scale",
		SetUpScript: []string{
			"CREATE TABLE d (id INT PRIMARY KEY, p DECIMAL(5,2), KEY (p))",
			"INSERT INTO d VALUES (1,999.99),(2,-999.99),(3,1.5),(4,1.51),(5,NULL)",
			"CREATE TABLE dk (p DECIMAL(5,2) PRIMARY KEY)",
			"INSERT INTO dk VALUES (999.99),(-999.99),(1.5),(1.51)",
		},
		Assertions: []Assertion{
			// The example: error 1105.
			{Query: "SELECT id FROM d WHERE p < 1000 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p > -1000 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p > 1000", Expected: []Row{}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p = 1000", Expected: []Row{}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p <> 1000 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p BETWEEN -1000 AND 1000 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p IN (1000, 1.5)", Expected: []Row{{3}}, ExpectedIndexes: []string{"d.p"}},
			// More decimals than the scale: 1.505 is not 1.51.
			{Query: "SELECT id FROM d WHERE p > 1.505 ORDER BY id", Expected: []Row{{1}, {4}}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p < 1.505 ORDER BY id", Expected: []Row{{2}, {3}}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p = 1.505", Expected: []Row{}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d IGNORE INDEX (p) WHERE p = 1.505", Expected: []Row{}},
			{Query: "SELECT id FROM d WHERE p = 1.50000", Expected: []Row{{3}}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p BETWEEN 1.505 AND 5000 ORDER BY id", Expected: []Row{{1}, {4}}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p >= 999.995", Expected: []Row{}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT id FROM d WHERE p > -999.995 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}, ExpectedIndexes: []string{"d.p"}},
			{Query: "SELECT p FROM dk WHERE p < 1000 ORDER BY p", Expected: []Row{{"-999.99"}, {"1.50"}, {"1.51"}, {"999.99"}}, ExpectedIndexes: []string{"dk.p"}},
			{Query: "SELECT p FROM dk WHERE p > 1.505 ORDER BY p", Expected: []Row{{"1.51"}, {"999.99"}}, ExpectedIndexes: []string{"dk.p"}},
			{Query: "SELECT p FROM dk WHERE p IN (1.505, 1.5, -5000)", Expected: []Row{{"1.50"}}, ExpectedIndexes: []string{"dk.p"}},
		},
	},
	{
		Name: "a YEAR index with bounds beyond its range",
		SetUpScript: []string{
			"CREATE TABLE y (id INT PRIMARY KEY, v YEAR, KEY (v))",
			"INSERT INTO y VALUES (1,1901),(2,2155),(3,2000),(4,0)",
		},
		Assertions: []Assertion{
			// go-mysql-server 0.20: error 1105 "value 3000 is not a valid Year".
			{Query: "SELECT id FROM y WHERE v < 3000 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}, ExpectedIndexes: []string{"y.v"}},
			{Query: "SELECT id FROM y IGNORE INDEX (v) WHERE v < 3000 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT id FROM y IGNORE INDEX (v) WHERE v BETWEEN 1000 AND 3000 ORDER BY id", Expected: []Row{{1}, {2}, {3}}},
			{Query: "SELECT id FROM y WHERE v > 1000 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"y.v"}},
			{Query: "SELECT id FROM y WHERE v < 1500", Expected: []Row{{4}}, ExpectedIndexes: []string{"y.v"}},
			{Query: "SELECT id FROM y WHERE v > -5 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}, ExpectedIndexes: []string{"y.v"}},
			{Query: "SELECT id FROM y WHERE v <> 3000 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}, ExpectedIndexes: []string{"y.v"}},
			{Query: "SELECT id FROM y WHERE v IN (3000, 2000)", Expected: []Row{{3}}, ExpectedIndexes: []string{"y.v"}},
			{Query: "SELECT id FROM y WHERE v BETWEEN 1000 AND 3000 ORDER BY id", Expected: []Row{{1}, {2}, {3}}, ExpectedIndexes: []string{"y.v"}},
			{Query: "SELECT id FROM y WHERE v = 2000.5", Expected: []Row{}, ExpectedIndexes: []string{"y.v"}},
		},
	},
}
