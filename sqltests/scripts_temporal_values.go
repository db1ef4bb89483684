package sqltests

// TemporalValueScripts pin what INSERT and UPDATE make of a string that is
// no value of a DATE, DATETIME, TIMESTAMP, TIME, YEAR, ENUM or SET column
// (catalog/compat_temporal_values.go): outside strict mode and with IGNORE
// the type's zero with warning 1265 (a SET the members the string names),
// in strict mode error 1292 (1265 for ENUM and SET). go-mysql-server 0.20
// refused each with 1105 in every mode, gave a note 1105 under IGNORE, and
// stored ” into a TIME column as 00:00:00 without a word even in strict
// mode. TestTemporalValueScripts runs them on MariaDB too;
// TemporalValueMySQLScripts hold YEAR's 1366, whose message MariaDB words
// differently.
var TemporalValueScripts = []ScriptTest{
	{
		Name: "a string no temporal, ENUM or SET column reads is its zero outside strict mode",
		SetUpScript: []string{
			"CREATE TABLE tv (id INT PRIMARY KEY, d DATE, dt DATETIME, ts TIMESTAMP NULL, t TIME, y YEAR, e ENUM('a','b'), s SET('a','b'))",
			"SET sql_mode = ''",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO tv (id, d) VALUES (1, '')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'd' at row 1"}}},
			{Query: "INSERT INTO tv (id, dt) VALUES (2, '')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'dt' at row 1"}}},
			{Query: "INSERT INTO tv (id, ts) VALUES (3, '')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'ts' at row 1"}}},
			{Query: "INSERT INTO tv (id, t) VALUES (4, '')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 't' at row 1"}}},
			{Query: "INSERT INTO tv (id, e) VALUES (5, '')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'e' at row 1"}}},
			{Query: "INSERT INTO tv (id, d, t, e) VALUES (6, 'abc', 'abc', 'c'), (7, '2024-02-30', '12:61:00', ' a')", ExpectedWarnings: []Row{
				{"Warning", 1265, "Data truncated for column 'd' at row 1"}, {"Warning", 1265, "Data truncated for column 't' at row 1"}, {"Warning", 1265, "Data truncated for column 'e' at row 1"},
				{"Warning", 1265, "Data truncated for column 'd' at row 2"}, {"Warning", 1265, "Data truncated for column 't' at row 2"}, {"Warning", 1265, "Data truncated for column 'e' at row 2"}}},
			{Query: "INSERT INTO tv (id, s) VALUES (8, 'a,c')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 's' at row 1"}}},
			{Query: "INSERT INTO tv (id, y) VALUES (9, '12abc'), (10, '3000')", ExpectedWarnings: []Row{
				{"Warning", 1265, "Data truncated for column 'y' at row 1"}, {"Warning", 1264, "Out of range value for column 'y' at row 2"}}},
			{Query: "UPDATE tv SET dt = 'x', e = 'x' WHERE id = 2", ExpectedWarnings: []Row{
				{"Warning", 1265, "Data truncated for column 'dt' at row 1"}, {"Warning", 1265, "Data truncated for column 'e' at row 1"}}},
			{Query: "SELECT id, CAST(d AS CHAR), CAST(dt AS CHAR), CAST(ts AS CHAR), CAST(t AS CHAR), y + 0, e, e + 0, s FROM tv ORDER BY id", Expected: []Row{
				{1, "0000-00-00", nil, nil, nil, nil, nil, nil, nil},
				{2, nil, "0000-00-00 00:00:00", nil, nil, nil, "", 0, nil},
				{3, nil, nil, "0000-00-00 00:00:00", nil, nil, nil, nil, nil},
				{4, nil, nil, nil, "00:00:00", nil, nil, nil, nil},
				{5, nil, nil, nil, nil, nil, "", 0, nil},
				{6, "0000-00-00", nil, nil, "00:00:00", nil, "", 0, nil},
				{7, "0000-00-00", nil, nil, "00:00:00", nil, "", 0, nil},
				{8, nil, nil, nil, nil, nil, nil, nil, "a"},
				{9, nil, nil, nil, nil, 2012, nil, nil, nil},
				{10, nil, nil, nil, nil, 0, nil, nil, nil}}},
			// The YEAR 0 as text has 4 digits (go-mysql-server: '0'), and
			// '0000' is 0000 (go-mysql-server: 2000).
			{Query: "INSERT INTO tv (id, y) VALUES (11, '0000'), (12, '00')", ExpectedWarnings: []Row{}},
			{Query: "SELECT id, CONCAT(y), CAST(y AS CHAR), y + 0 FROM tv WHERE id >= 9 ORDER BY id", Expected: []Row{
				{9, "2012", "2012", 2012}, {10, "0000", "0000", 0}, {11, "0000", "0000", 0}, {12, "2000", "2000", 2000}}},
		},
	},
	{
		Name: "a string no temporal, ENUM or SET column reads is an error in strict mode",
		SetUpScript: []string{
			"CREATE TABLE tw (id INT PRIMARY KEY, d DATE, dt DATETIME, t TIME, y YEAR, e ENUM('a','b'), s SET('a','b'))",
			"INSERT INTO tw (id) VALUES (1)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO tw (id, d) VALUES (2, '')", ExpectedErrCode: 1292, ExpectedErr: "Incorrect date value: '' for column "},
			{Query: "INSERT INTO tw (id, dt) VALUES (2, 'abc')", ExpectedErrCode: 1292, ExpectedErr: "Incorrect datetime value: 'abc' for column "},
			// go-mysql-server stored 00:00:00.
			{Query: "INSERT INTO tw (id, t) VALUES (2, '')", ExpectedErrCode: 1292, ExpectedErr: "Incorrect time value: '' for column "},
			{Query: "INSERT INTO tw (id, t) VALUES (2, '12:61:00')", ExpectedErrCode: 1292, ExpectedErr: "Incorrect time value: '12:61:00' for column "},
			{Query: "INSERT INTO tw (id, e) VALUES (2, '')", ExpectedErrCode: 1265, ExpectedErr: "Data truncated for column 'e' at row 1"},
			{Query: "INSERT INTO tw (id, s) VALUES (2, 'a,c')", ExpectedErrCode: 1265, ExpectedErr: "Data truncated for column 's' at row 1"},
			{Query: "INSERT INTO tw (id, y) VALUES (2, '12abc')", ExpectedErrCode: 1265, ExpectedErr: "Data truncated for column 'y' at row 1"},
			{Query: "INSERT INTO tw (id, y) VALUES (2, '3000')", ExpectedErrCode: 1264, ExpectedErr: "Out of range value for column 'y' at row 1"},
			{Query: "UPDATE tw SET t = 'abc'", ExpectedErrCode: 1292, ExpectedErr: "Incorrect time value: 'abc' for column "},
			{Query: "UPDATE tw SET e = 'c'", ExpectedErrCode: 1265, ExpectedErr: "Data truncated for column 'e' at row 1"},
			// IGNORE: the warnings (go-mysql-server: note 1105).
			{Query: "INSERT IGNORE INTO tw (id, d, t, e) VALUES (3, '', '', '')", ExpectedWarnings: []Row{
				{"Warning", 1265, "Data truncated for column 'd' at row 1"}, {"Warning", 1265, "Data truncated for column 't' at row 1"}, {"Warning", 1265, "Data truncated for column 'e' at row 1"}}},
			{Query: "UPDATE IGNORE tw SET dt = '' WHERE id = 3", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'dt' at row 1"}}},
			// A number names an ENUM member by its index, SET members by
			// their bits (was refused: 1105, then 1265 by the check).
			{Query: "INSERT INTO tw (id, e, s) VALUES (4, '2', '3')", ExpectedWarnings: []Row{}},
			{Query: "INSERT INTO tw (id, e) VALUES (5, '3')", ExpectedErrCode: 1265, ExpectedErr: "Data truncated for column 'e' at row 1"},
			{Query: "SELECT id, CAST(d AS CHAR), CAST(dt AS CHAR), CAST(t AS CHAR), e + 0, e, s FROM tw ORDER BY id", Expected: []Row{
				{1, nil, nil, nil, nil, nil, nil}, {3, "0000-00-00", "0000-00-00 00:00:00", "00:00:00", 0, "", nil}, {4, nil, nil, nil, 2, "b", "a,b"}}},
		},
	},
	{
		// Regression: each was computed from 0000-01-01 ('0000-01-02',
		// '0000-01-01 00:00:01'), and d + 0 of the zero DATE was 101
		// (compat/zero_dates.go, compat/temporal_number.go).
		Name: "date arithmetic on a zero date is NULL",
		SetUpScript: []string{
			"CREATE TABLE zd (id INT PRIMARY KEY, d DATE, dt DATETIME)",
			"SET sql_mode = ''",
			"INSERT INTO zd VALUES (1, '0000-00-00', '0000-00-00 00:00:00'), (2, '2024-01-31', '2024-01-31 10:00:00')",
			"SET sql_mode = DEFAULT",
		},
		Assertions: []Assertion{
			{Query: "SELECT '0000-00-00' + INTERVAL 1 DAY, DATE_ADD('0000-00-00', INTERVAL 1 DAY), ADDDATE('0000-00-00', 1), INTERVAL 1 DAY + '0000-00-00'",
				Expected: []Row{{nil, nil, nil, nil}}, ExpectedWarnings: []Row{
					{"Warning", 1292, "Incorrect datetime value: '0000-00-00'"}, {"Warning", 1292, "Incorrect datetime value: '0000-00-00'"},
					{"Warning", 1292, "Incorrect datetime value: '0000-00-00'"}, {"Warning", 1292, "Incorrect datetime value: '0000-00-00'"}}},
			// A string's date arithmetic is a string of the date it reads
			// (go-mysql-server: '2024-02-01 00:00:00' for the first).
			{Query: "SELECT '2024-01-31' + INTERVAL 1 DAY, INTERVAL 1 DAY + '2024-01-31', '2024-01-31' - INTERVAL 1 DAY, '2024-01-31 10:00:00' + INTERVAL 1 DAY, '2024-01-31' + INTERVAL 1 HOUR",
				Expected: []Row{{"2024-02-01", "2024-02-01", "2024-01-30", "2024-02-01 10:00:00", "2024-01-31 01:00:00"}}},
			{Query: "SELECT DATE_SUB('0000-00-00 00:00:00', INTERVAL 1 SECOND), SUBDATE('2024-00-10', 1)",
				Expected: []Row{{nil, nil}}, ExpectedWarnings: []Row{
					{"Warning", 1292, "Incorrect datetime value: '0000-00-00 00:00:00'"}, {"Warning", 1292, "Incorrect datetime value: '2024-00-10'"}}},
			{Query: "SELECT id, CAST(d + INTERVAL 1 DAY AS CHAR), CAST(dt + INTERVAL 1 SECOND AS CHAR), CAST(DATE_ADD(d, INTERVAL 1 MONTH) AS CHAR), CAST(SUBDATE(d, 1) AS CHAR), CAST(d - INTERVAL 1 DAY AS CHAR), d + 0, dt + 0 FROM zd ORDER BY id",
				Expected: []Row{
					{1, nil, nil, nil, nil, nil, 0, 0},
					{2, "2024-02-01", "2024-01-31 10:00:01", "2024-02-29", "2024-01-30", "2024-01-30", 20240131, 20240131100000}}},
			// A stored zero date reads back as the zero date.
			{Query: "SELECT CAST(d AS CHAR), CAST(dt AS CHAR), CONCAT(dt), CAST(d AS DATETIME) = CAST(dt AS DATETIME) FROM zd WHERE id = 1",
				Expected: []Row{{"0000-00-00", "0000-00-00 00:00:00", "0000-00-00 00:00:00", 1}}},
		},
	},
}

// TemporalValueMySQLScripts hold YEAR's error 1366 for a string with no
// number, whose message MariaDB words with `db`.`t`.`y` for the column
// (MySQL 8: 'y', Field_num::check_int), and CAST of the zero date under
// NO_ZERO_DATE, which MariaDB allows.
var TemporalValueMySQLScripts = []ScriptTest{
	{
		Name:        "a YEAR column reads a string with no number as 0 with 1366",
		SetUpScript: []string{"CREATE TABLE ty (id INT PRIMARY KEY, y YEAR)"},
		Assertions: []Assertion{
			{Query: "INSERT INTO ty VALUES (1, '')", ExpectedErrCode: 1366, ExpectedErr: "Incorrect integer value: '' for column 'y' at row 1"},
			{Query: "SET sql_mode = ''"},
			{Query: "INSERT INTO ty VALUES (1, ''), (2, 'abc')", ExpectedWarnings: []Row{
				{"Warning", 1366, "Incorrect integer value: '' for column 'y' at row 1"}, {"Warning", 1366, "Incorrect integer value: 'abc' for column 'y' at row 2"}}},
			{Query: "SELECT id, y + 0 FROM ty ORDER BY id", Expected: []Row{{1, 0}, {2, 0}}},
		},
	},
	{
		// Regression: both were the zero date. MariaDB 10.11 casts the zero
		// date in every mode; MySQL 8 reads the string with the session's
		// NO_ZERO_DATE (str_to_datetime_with_warn).
		Name:        "CAST of a zero date string is NULL under NO_ZERO_DATE",
		SetUpScript: []string{"SET sql_mode = '" + mysqlDefaultSQLMode + "'"},
		Assertions: []Assertion{
			{Query: "SELECT CAST(CAST('0000-00-00' AS DATE) AS CHAR), CAST(CAST('0000-00-00 00:00:00' AS DATETIME) AS CHAR), CAST(CAST('2024-01-10' AS DATE) AS CHAR)",
				Expected: []Row{{nil, nil, "2024-01-10"}}, ExpectedWarnings: []Row{
					{"Warning", 1292, "Incorrect datetime value: '0000-00-00'"}, {"Warning", 1292, "Incorrect datetime value: '0000-00-00 00:00:00'"}}},
			{Query: "SET sql_mode = ''"},
			{Query: "SELECT CAST(CAST('0000-00-00' AS DATE) AS CHAR), CAST(CAST('0000-00-00 00:00:00' AS DATETIME) AS CHAR)",
				Expected: []Row{{"0000-00-00", "0000-00-00 00:00:00"}}, ExpectedWarnings: []Row{}},
		},
	},
}
