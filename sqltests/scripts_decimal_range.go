package sqltests

// oorD is MySQL's error 1264 for column d of row 1.
const oorD = "Out of range value for column 'd' at row 1"

// DecimalRangeScripts hold DECIMAL columns to their range and scale
// (go-mysql-server 0.20: error 1105 "Out of range value for column of
// Decimal type", 0 stored under IGNORE or outside strict mode, '12abc'
// stored as 0; catalog/compat_decimal_range.go). TestDecimalRangeScripts
// runs them on MariaDB too; DecimalRangeMySQLScripts hold MySQL 8's
// wording of 1366, which MariaDB gives as `db`.`t`.`d`.
var DecimalRangeScripts = []ScriptTest{
	{
		Name:        "DECIMAL out of range: 1264 in strict mode, the range's end otherwise",
		SetUpScript: []string{"CREATE TABLE d (id INT PRIMARY KEY, d DECIMAL(5,2))", "SET sql_mode = 'STRICT_TRANS_TABLES'"},
		Assertions: []Assertion{
			{Query: "INSERT INTO d VALUES (1, 1000)", ExpectedErr: oorD, ExpectedErrCode: 1264},
			{Query: "INSERT INTO d VALUES (2, 999.995)", ExpectedErr: oorD, ExpectedErrCode: 1264},
			{Query: "INSERT INTO d VALUES (3, -1000.5)", ExpectedErr: oorD, ExpectedErrCode: 1264},
			{Query: "INSERT INTO d VALUES (4, '1e5')", ExpectedErr: oorD, ExpectedErrCode: 1264},
			{Query: "INSERT INTO d VALUES (5, '12abc')", ExpectedErr: "Data truncated for column 'd' at row 1", ExpectedErrCode: 1265},
			// Extra scale is rounded half away from zero, with a note, in every mode.
			{Query: "INSERT INTO d VALUES (6, 1.005), (7, -2.345), (8, 1.2345e0), (9, '3.14159'), (10, 12)",
				ExpectedWarnings: []Row{{"Note", 1265, "Data truncated for column 'd' at row 1"}, {"Note", 1265, "Data truncated for column 'd' at row 2"},
					{"Note", 1265, "Data truncated for column 'd' at row 3"}, {"Note", 1265, "Data truncated for column 'd' at row 4"}}},
			{Query: "INSERT IGNORE INTO d VALUES (11, 1000), (12, '12abc'), (13, -99999), (14, 999.994)",
				ExpectedWarnings: []Row{{"Warning", 1264, oorD}, {"Warning", 1265, "Data truncated for column 'd' at row 2"},
					{"Warning", 1264, "Out of range value for column 'd' at row 3"}, {"Note", 1265, "Data truncated for column 'd' at row 4"}}},
			{Query: "SELECT id, d FROM d ORDER BY id", Expected: []Row{{6, "1.01"}, {7, "-2.35"}, {8, "1.23"}, {9, "3.14"}, {10, "12.00"},
				{11, "999.99"}, {12, "12.00"}, {13, "-999.99"}, {14, "999.99"}}},
			// UPDATE and INSERT … SELECT.
			{Query: "UPDATE d SET d = d * 1000 WHERE id = 9", ExpectedErr: oorD, ExpectedErrCode: 1264},
			{Query: "UPDATE IGNORE d SET d = d * 100 WHERE id IN (9, 10)",
				ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'd' at row 2"}}},
			{Query: "UPDATE d SET d = 1.555 WHERE id = 6", ExpectedWarnings: []Row{{"Note", 1265, "Data truncated for column 'd' at row 1"}}},
			{Query: "INSERT INTO d SELECT id + 100, d * 10 FROM d WHERE id IN (6, 7, 11)", ExpectedErr: "Out of range value for column 'd' at row 3", ExpectedErrCode: 1264},
			{Query: "INSERT IGNORE INTO d SELECT id + 100, d * 10 FROM d WHERE id IN (6, 7, 11)",
				ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'd' at row 3"}}},
			{Query: "SELECT id, d FROM d WHERE id IN (6, 9, 10) OR id > 100 ORDER BY id", Expected: []Row{{6, "1.56"}, {9, "314.00"}, {10, "999.99"},
				{106, "15.60"}, {107, "-23.50"}, {111, "999.99"}}},
			// Outside strict mode the same values warn and store.
			{Query: "SET sql_mode = ''"},
			{Query: "INSERT INTO d (d, id) VALUES (12345.678, 21), ('1.2.3', 22), (-1e3, 23)",
				ExpectedWarnings: []Row{{"Warning", 1264, oorD}, {"Warning", 1265, "Data truncated for column 'd' at row 2"},
					{"Warning", 1264, "Out of range value for column 'd' at row 3"}}},
			{Query: "SELECT id, d FROM d WHERE id BETWEEN 21 AND 23 ORDER BY id", Expected: []Row{{21, "999.99"}, {22, "1.20"}, {23, "-999.99"}}},
		},
	},
}

// DecimalRangeMySQLScripts hold MySQL 8's error 1366 for a DECIMAL
// column (MariaDB names the column `db`.`t`.`d`).
var DecimalRangeMySQLScripts = []ScriptTest{
	{
		Name:        "a string without a number for a DECIMAL column: 1366",
		SetUpScript: []string{"CREATE TABLE d (id INT PRIMARY KEY, d DECIMAL(5,2))", "SET sql_mode = 'STRICT_TRANS_TABLES'"},
		Assertions: []Assertion{
			{Query: "INSERT INTO d VALUES (1, 'abc')", ExpectedErr: "Incorrect decimal value: 'abc' for column 'd' at row 1", ExpectedErrCode: 1366},
			{Query: "INSERT IGNORE INTO d VALUES (2, 'x'), (3, '')", ExpectedWarnings: []Row{{"Warning", 1366, "Incorrect decimal value: 'x' for column 'd' at row 1"},
				{"Warning", 1366, "Incorrect decimal value: '' for column 'd' at row 2"}}},
			{Query: "SELECT id, d FROM d ORDER BY id", Expected: []Row{{2, "0.00"}, {3, "0.00"}}},
		},
	},
}
