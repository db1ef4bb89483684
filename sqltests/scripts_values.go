package sqltests

// ValuesScripts hold the VALUES statement and VALUES derived tables, whose
// columns MySQL 8 types as UNION types its sides, from every row
// (compat/values_types.go; go-mysql-server 0.20 typed them from the first
// row: 18446744073709551615 after 3 came back as 127). MariaDB 10.11 has
// no VALUES statement: TestValuesScripts runs them in-process and over the
// wire, each beside the UNION ALL of the same rows.
var ValuesScripts = []ScriptTest{
	{
		Name: "VALUES columns are typed as UNION types them",
		Assertions: []Assertion{
			{Query: "VALUES ROW(3), ROW(18446744073709551615)", Expected: []Row{{3}, {"18446744073709551615"}}},
			{Query: "SELECT 3 UNION ALL SELECT 18446744073709551615", Expected: []Row{{3}, {"18446744073709551615"}}},
			{Query: "VALUES ROW(18446744073709551615), ROW(-1)", Expected: []Row{{"18446744073709551615"}, {-1}}},
			{Query: "SELECT 18446744073709551615 UNION ALL SELECT -1", Expected: []Row{{"18446744073709551615"}, {-1}}},
			{Query: "VALUES ROW(1.5), ROW(18446744073709551615)", Expected: []Row{{"1.5"}, {"18446744073709551615.0"}}},
			{Query: "SELECT 1.5 UNION ALL SELECT 18446744073709551615", Expected: []Row{{"1.5"}, {"18446744073709551615.0"}}},
			{Query: "SELECT * FROM (VALUES ROW(1, 18446744073709551615), ROW(2, 3)) AS v ORDER BY column_1", Expected: []Row{{2, 3}, {1, "18446744073709551615"}}},
			{Query: "SELECT MAX(b), MIN(b) FROM (VALUES ROW(1, -1), ROW(2, 18446744073709551615)) AS v(a, b)", Expected: []Row{{"18446744073709551615", -1}}},
			{Query: "VALUES ROW(1.5), ROW(NULL)", Expected: []Row{{"1.5"}, {nil}}},
		},
	},
}
