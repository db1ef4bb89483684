package sqltests

// FloatScaleScripts keep the scale of FLOAT(M,D) and DOUBLE(M,D) columns:
// go-mysql-server 0.20 made them plain FLOAT and DOUBLE, so 1.23456 came
// back unrounded and 1234.5 went into a FLOAT(7,4) without error
// (catalog/compat_float_scale.go). TestFloatScaleScripts runs them on
// MariaDB too.
var FloatScaleScripts = []ScriptTest{
	{
		Name: "FLOAT(M,D) and DOUBLE(M,D) round to D decimals and refuse more than M-D integer digits",
		SetUpScript: []string{
			"SET sql_mode = 'STRICT_TRANS_TABLES'",
			"CREATE TABLE fs (id INT PRIMARY KEY, f FLOAT(7,4), d DOUBLE(10,3), r REAL(6,2), p FLOAT)",
			"INSERT INTO fs VALUES (1, 13.37, 1.0005, 1.005, 1.23456), (2, 1.23456, -2.71828, -0.125, NULL), (3, NULL, 1234567.8915, 9999.994, 0)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, f, d, r, p FROM fs ORDER BY id", Expected: []Row{
				// 1.0005 and 1.005 are just below their halves in binary,
				// -0.125 rounds half to even. 1234567.891 as a number:
				// MySQL writes it so, but over the wire go-sql-driver
				// parses a DOUBLE and prints it again (1.234567891e+06).
				{1, "13.37", "1", "1", "1.23456"},
				{2, "1.2346", "-2.718", "-0.12", nil},
				{3, nil, 1234567.891, "9999.99", "0"}}},
			{Query: "INSERT INTO fs (id, f) VALUES (4, 1000)", ExpectedErr: "Out of range value for column 'f' at row 1", ExpectedErrCode: 1264},
			{Query: "INSERT INTO fs (id, f) VALUES (4, 1), (5, -1000)", ExpectedErr: "Out of range value for column 'f' at row 2", ExpectedErrCode: 1264},
			{Query: "INSERT INTO fs (id, d) VALUES (6, 9999999.9995)", ExpectedErr: "Out of range value for column 'd' at row 1", ExpectedErrCode: 1264},
			{Query: "UPDATE fs SET f = f * 100 WHERE id = 1", ExpectedErr: "Out of range value for column 'f' at row 1", ExpectedErrCode: 1264},
			{Query: "UPDATE fs SET f = 0.00006, d = 999.9994 WHERE id = 1"},
			{Query: "INSERT INTO fs (id, f) SELECT 7, 2.22229"},
			{Query: "SELECT id, f, d FROM fs WHERE id IN (1, 7) ORDER BY id", Expected: []Row{{1, "0.0001", "999.999"}, {7, "2.2223", nil}}},
		},
	},
	{
		// 0.35, 1.115 and 0.05 were 0.3, 1.11 and 0.1 (the exact binary
		// value rounded) and 999.995 went into FLOAT(5,2) as 999.99 (the
		// FLOAT rounded, not the DOUBLE written).
		Name: "FLOAT(M,D) and DOUBLE(M,D) round as MySQL's truncate_double: rint of the fraction times 10^D",
		SetUpScript: []string{
			"SET sql_mode = 'STRICT_TRANS_TABLES'",
			"CREATE TABLE fr (id INT PRIMARY KEY, a FLOAT(5,2), b DOUBLE(5,2), c FLOAT(4,1), d DOUBLE(4,1))",
			"INSERT INTO fr VALUES (1, 0.125, 0.125, 0.25, 0.25), (2, 0.135, 0.135, 0.35, 0.35), (3, -0.125, -0.125, -0.25, -0.25), (4, 1.115, 1.115, 0.05, 0.05), (5, '1.115', '2.675', '0.25', '999.94999')",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, a, b, c, d FROM fr ORDER BY id", Expected: []Row{
				{1, "0.12", "0.12", "0.2", "0.2"},
				{2, "0.14", "0.14", "0.4", "0.4"},
				{3, "-0.12", "-0.12", "-0.2", "-0.2"},
				{4, "1.12", "1.12", "0", "0"},
				{5, "1.12", "2.67", "0.2", "999.9"}}},
			{Query: "INSERT INTO fr (id, a) VALUES (6, 999.995)", ExpectedErr: "Out of range value for column 'a' at row 1", ExpectedErrCode: 1264},
			{Query: "INSERT INTO fr (id, b) VALUES (6, 999.995)", ExpectedErr: "Out of range value for column 'b' at row 1", ExpectedErrCode: 1264},
			{Query: "INSERT INTO fr (id, c) VALUES (6, 999.95)", ExpectedErr: "Out of range value for column 'c' at row 1", ExpectedErrCode: 1264},
		},
	},
	{
		Name: "outside strict mode FLOAT(M,D) stores the nearest end with warning 1264",
		SetUpScript: []string{
			"SET sql_mode = ''",
			"CREATE TABLE fs (id INT PRIMARY KEY, f FLOAT(5,2))",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO fs VALUES (1, 123456), (2, -1000)", ExpectedWarnings: []Row{
				{"Warning", 1264, "Out of range value for column 'f' at row 1"},
				{"Warning", 1264, "Out of range value for column 'f' at row 2"}}},
			{Query: "SELECT id, f FROM fs ORDER BY id", Expected: []Row{{1, "999.99"}, {2, "-999.99"}}},
		},
	},
	{
		Name: "FLOAT(M,D) keeps its scale through ALTER TABLE and takes a new one",
		SetUpScript: []string{
			"CREATE TABLE fs (id INT PRIMARY KEY, f FLOAT(7,4))",
			"INSERT INTO fs VALUES (1, 1.5)",
			"ALTER TABLE fs ADD COLUMN g DOUBLE(8,1)",
			"ALTER TABLE fs ADD INDEX (id, f)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO fs VALUES (2, 1.23456, 3.14159)"},
			{Query: "ALTER TABLE fs CHANGE g h DOUBLE(8,1)"},
			{Query: "INSERT INTO fs VALUES (3, 0.11111, 2.25)"},
			{Query: "SELECT id, f, h FROM fs ORDER BY id", Expected: []Row{{1, "1.5", nil}, {2, "1.2346", "3.1"}, {3, "0.1111", "2.2"}}},
			{Query: "ALTER TABLE fs MODIFY f FLOAT(9,6)"},
			{Query: "INSERT INTO fs VALUES (4, 0.1234567, 0)"},
			{Query: "SELECT f FROM fs WHERE id = 4", Expected: []Row{{"0.123457"}}},
		},
	},
	{
		Name: "FLOAT(M,D) in a temporary table",
		SetUpScript: []string{
			"CREATE TEMPORARY TABLE ft (f FLOAT(7,4))",
			"INSERT INTO ft VALUES (1.23456)",
		},
		Assertions: []Assertion{
			{Query: "SELECT f FROM ft", Expected: []Row{{"1.2346"}}},
			{Query: "INSERT INTO ft VALUES (1000)", ExpectedErr: "Out of range value for column 'f' at row 1", ExpectedErrCode: 1264},
		},
	},
	{
		Name:        "SHOW COLUMNS writes float(M,D)",
		SetUpScript: []string{"CREATE TABLE fc (f FLOAT(7,4), d DOUBLE(10,3) NOT NULL, p FLOAT)"},
		Assertions: []Assertion{
			{Query: "SHOW COLUMNS FROM fc", Expected: []Row{
				{"f", "float(7,4)", "YES", "", nil, ""},
				{"d", "double(10,3)", "NO", "", nil, ""},
				{"p", "float", "YES", "", nil, ""}}},
		},
	},
	{
		Name: "FLOAT(M,D) with D above M or above 30 is refused",
		Assertions: []Assertion{
			{Query: "CREATE TABLE fs (f FLOAT(3,4))", ExpectedErr: "M must be >= D (column 'f')", ExpectedErrCode: 1427},
			{Query: "CREATE TABLE fs (f DOUBLE(40,31))", ExpectedErr: "Maximum is 30", ExpectedErrCode: 1425},
		},
	},
}
