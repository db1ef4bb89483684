package sqltests

// AbsArgScripts hold ABS of a comparison's answer and of strings, which
// MySQL reads as the integer 0 or 1 and as the DOUBLE the string starts
// with: go-mysql-server 0.20 answered NULL for both (ABS(2 <=> s) IS NULL,
// ABS('7') IS NULL; compat/abs_greatest.go). TestAbsArgScripts runs them
// on MariaDB too.
var AbsArgScripts = []ScriptTest{
	{
		Name: "ABS of booleans and strings",
		SetUpScript: []string{
			"CREATE TABLE g (id INT PRIMARY KEY, s BIGINT, t VARCHAR(10))",
			"INSERT INTO g VALUES (1, -5, '-7'), (2, 3, '12abc')",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, ABS(2 <=> s), ABS(s < 0), ABS(s = 3) FROM g ORDER BY id", Expected: []Row{{1, 0, 1, 0}, {2, 0, 0, 1}}},
			{Query: "SELECT ABS(1 = 1), ABS(TRUE), ABS('7'), ABS('-7.5'), ABS(NULL = 1)", Expected: []Row{{1, 1, 7, 7.5, nil}}},
			{Query: "SELECT id FROM g WHERE ABS(t) = 7", Expected: []Row{{1}}},
			{Query: "SELECT ABS(t) FROM g WHERE id = 2", Expected: []Row{{12}},
				ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect DOUBLE value: '12abc'"}}},
		},
	},
}
