package sqltests

// NumericExactScripts hold issue 11's exact numeric answers where MySQL 8
// and MariaDB 10.11 agree: CAST to DECIMAL(M,D) clamps with warning 1264
// (compat/cast_decimal.go), a quotient keeps its digits for the next
// operator (compat/div.go), ROUND and TRUNCATE (compat/round.go) and
// BIT_LENGTH of a binary string (compat/bit_length.go); go-mysql-server
// 0.20 answered 0.00 without a warning, 0.9999, 9223372036854775808, 3,
// error 1105 and error 1105; VARIANCE and STD are DOUBLE
// (compat/variance.go; go-mysql-server 0.20 gave them the argument's
// type, 127 for a TINYINT), and a DECIMAL column compared with a literal
// of more decimals is compared exactly (compat/compare_decimal_scale.go;
// go-mysql-server 0.20 rounded the literal), and an index range with such
// a bound, or one beyond a 64-bit column's range, keeps every row it
// admits (compat/compare_range_bound.go). -9223372036854775808 DIV 1 fits a BIGINT
// (compat/uint64_arith.go; it was error 1690). TestNumericExactScripts
// runs them on MariaDB too; NumericExactMySQLScripts hold MySQL 8's
// answers where MariaDB's differ.
var NumericExactScripts = []ScriptTest{
	{
		Name: "exact numeric answers MySQL and MariaDB share",
		Assertions: []Assertion{
			{Query: "SELECT CAST(999.995 AS DECIMAL(5,2))", Expected: []Row{{"999.99"}},
				ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'CAST(999.995 AS DECIMAL(5,2))' at row 1"}}},
			{Query: "SELECT CAST(12345.6 AS DECIMAL(5,2))", Expected: []Row{{"999.99"}},
				ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'CAST(12345.6 AS DECIMAL(5,2))' at row 1"}}},
			{Query: "SELECT CAST(1.5 AS DECIMAL), CAST(-0.125 AS DECIMAL(5,2))", Expected: []Row{{"2", "-0.13"}}},
			{Query: "SELECT 1/3, 1/3*3, 2/3, 10/4, 1/3 + 1/3", Expected: []Row{{"0.3333", "1.0000", "0.6667", "2.5000", "0.6667"}}},
			{Query: "SELECT 1/0", Expected: []Row{{nil}}, ExpectedWarnings: []Row{{"Warning", 1365, "Division by 0"}}},
			{Query: "SELECT ROUND(18446744073709551614, 0), ROUND(2.5e0), ROUND(3.5e0), ROUND(-2.5e0), ROUND(2.5), ROUND(-2.5)",
				Expected: []Row{{"18446744073709551614", "2", "4", "-2", "3", "-3"}}},
			// MySQL and MariaDB send 1.00 (a DOUBLE with 2 decimals); simsql 1.
			{Query: "SELECT ROUND(1.005e0, 2)", Expected: []Row{{1.0}}},
			{Query: "SELECT TRUNCATE(1.999, 1), TRUNCATE(-1.999, 1), TRUNCATE(122, -2), TRUNCATE(18446744073709551615, -1), TRUNCATE(1.5e0, 0)",
				Expected: []Row{{"1.9", "-1.9", "100", "18446744073709551610", "1"}}},
			{Query: "SELECT BIT_LENGTH(0x0102), BIT_LENGTH(123), BIT_LENGTH('abc')", Expected: []Row{{"16", "24", "24"}}},
		},
	},
	{
		// go-mysql-server 0.20: VarPop, VarSamp, StdDevPop and StdDevSamp
		// had their argument's type, so the DOUBLE result was clamped to
		// it (VARIANCE of a TINYINT column was 127) and rounded
		// (compat/variance.go).
		Name: "VARIANCE and STD of integer columns are DOUBLE",
		SetUpScript: []string{
			"CREATE TABLE vs (id INT PRIMARY KEY, i INT, ti TINYINT)",
			"INSERT INTO vs VALUES (1, 0, 0), (2, 100000, 100)",
		},
		Assertions: []Assertion{
			{Query: "SELECT VARIANCE(ti), VAR_SAMP(ti), STD(ti) FROM vs", Expected: []Row{{2500.0, 5000.0, 50.0}}},
			{Query: "SELECT VAR_POP(i), STDDEV_SAMP(i), STDDEV(i), STDDEV_POP(ti) FROM vs", Expected: []Row{{2.5e9, 70710.67811865476, 50000.0, 50.0}}},
			{Query: "SELECT VARIANCE(ti) FROM (SELECT 1 AS ti UNION ALL SELECT 3) d", Expected: []Row{{1.0}}},
			{Query: "SELECT VARIANCE(ti), VAR_SAMP(ti) FROM vs WHERE id = 1", Expected: []Row{{0.0, nil}}},
			{Query: "SELECT id, VARIANCE(ti) OVER (ORDER BY id) FROM vs ORDER BY id", Expected: []Row{{1, 0.0}, {2, 2500.0}}},
		},
	},
	{
		// go-mysql-server 0.20 rounded the literal to the column's scale
		// (compat/compare_decimal_scale.go): a = 100 was not > 99.5 and was
		// = 100.4; b = 1.01 was not > 1.005, through the index kb too.
		Name: "a DECIMAL column compared with a literal of more decimals",
		SetUpScript: []string{
			"CREATE TABLE dcm (id INT PRIMARY KEY, a DECIMAL(10,0), b DECIMAL(10,2), KEY kb (b))",
			"INSERT INTO dcm VALUES (1, 100, 1.00), (2, 101, 1.01)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM dcm WHERE a > 99.5 ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT id FROM dcm WHERE a = 100.4", Expected: []Row{}},
			{Query: "SELECT id FROM dcm WHERE b > 1.005", Expected: []Row{{2}}},
			{Query: "SELECT id FROM dcm IGNORE INDEX (kb) WHERE b > 1.005", Expected: []Row{{2}}},
			{Query: "SELECT id FROM dcm WHERE b BETWEEN 1.001 AND 1.009", Expected: []Row{}},
			{Query: "SELECT a > 99.5, a = 100.4, b = 1.004 FROM dcm WHERE id = 1", Expected: []Row{{1, 0, 0}}},
		},
	},
	{
		// A B-tree range on a BIGINT or BIGINT UNSIGNED column whose bound is
		// a DECIMAL beyond the type's range (or a fraction at its edge)
		// lost the rows at the end of the range; the scan (IGNORE INDEX)
		// was right (compat/compare_range_bound.go).
		Name: "an index range on a 64-bit column with a DECIMAL bound beyond its range",
		SetUpScript: []string{
			"CREATE TABLE ir (id INT PRIMARY KEY, u BIGINT UNSIGNED, s BIGINT, KEY ku (u), KEY ks (s))",
			"INSERT INTO ir VALUES (1, 0, -9223372036854775808), (2, 9223372036854775807, -1), (3, 9223372036854775808, 0), (4, 18446744073709551615, 9223372036854775807)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM ir WHERE u < 18446744073709551616 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT id FROM ir WHERE u <= 18446744073709551616 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT id FROM ir WHERE u != 18446744073709551616 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT id FROM ir WHERE u = 18446744073709551616", Expected: []Row{}},
			{Query: "SELECT id FROM ir WHERE u > 18446744073709551616", Expected: []Row{}},
			{Query: "SELECT id FROM ir WHERE u > 9223372036854775807.5 ORDER BY id", Expected: []Row{{3}, {4}}},
			{Query: "SELECT id FROM ir IGNORE INDEX (ku) WHERE u > 9223372036854775807.5 ORDER BY id", Expected: []Row{{3}, {4}}},
			{Query: "SELECT id FROM ir WHERE s > -9223372036854775809 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT id FROM ir WHERE s < 9223372036854775807.5 ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT id FROM ir WHERE s BETWEEN -0.5 AND 0.5", Expected: []Row{{3}}},
		},
	},
	{
		// MySQL's Item_func_int_div divides the magnitudes and negates:
		// -9223372036854775808 DIV 1 fits in BIGINT (simsql: error 1690).
		Name: "DIV of the smallest BIGINT",
		SetUpScript: []string{
			"CREATE TABLE dv (id INT PRIMARY KEY, s BIGINT)",
			"INSERT INTO dv VALUES (1, -9223372036854775808)",
		},
		Assertions: []Assertion{
			{Query: "SELECT s DIV 1, s DIV 2 FROM dv", Expected: []Row{{-9223372036854775808, -4611686018427387904}}},
			{Query: "SELECT -9223372036854775808 DIV 1", Expected: []Row{{-9223372036854775808}}},
			{Query: "SELECT s DIV -1 FROM dv", ExpectedErrCode: 1690},
		},
	},
	{
		// compat/union_types.go, union_aggregate.go (issue 11): a set
		// operation's column is typed as MySQL 8 aggregates its sides.
		Name: "UNION column types follow MySQL's aggregation",
		SetUpScript: []string{
			"CREATE TABLE ua (u BIGINT UNSIGNED, s INT, d DECIMAL(10,3), dt DATE)",
			"INSERT INTO ua VALUES (10, -3, 9.5, '2024-01-02'), (9, 4, 10.25, '2023-05-06')",
			"CREATE TABLE ub (tu8 TINYINT UNSIGNED)",
			"INSERT INTO ub VALUES (200)",
			"CREATE TABLE uc (tm DATETIME(2), ti TIME, f FLOAT, tx TEXT)",
			"INSERT INTO uc VALUES ('2024-01-02 03:04:05.67', '12:34:56', 1.5, 'long')",
		},
		Assertions: []Assertion{
			{Query: "SELECT u FROM ua UNION SELECT d FROM ua ORDER BY 1", Expected: []Row{{"9.000"}, {"9.500"}, {"10.000"}, {"10.250"}}},
			{Query: "SELECT u FROM ua UNION SELECT s FROM ua UNION SELECT 'x' ORDER BY 1", Expected: []Row{{"-3"}, {"10"}, {"4"}, {"9"}, {"x"}}},
			{Query: "SELECT 1 UNION ALL SELECT 2 ORDER BY 1 DESC", Expected: []Row{{2}, {1}}},
			{Query: "SELECT 1 UNION SELECT 2.5 ORDER BY 1 DESC", Expected: []Row{{"2.5"}, {"1.0"}}},
			{Query: "SELECT dt FROM ua UNION SELECT 'x' ORDER BY 1", Expected: []Row{{"2023-05-06"}, {"2024-01-02"}, {"x"}}},
			// A derived table, CTE or pushed filter over a union whose
			// column needed no conversion still reads the union's type
			// (go-mysql-server kept the left side's TINYINT UNSIGNED:
			// -5 came back as 255), and ORDER BY an alias sorts by it.
			{Query: "SELECT * FROM (SELECT tu8 FROM ub UNION ALL SELECT -5) d ORDER BY 1", Expected: []Row{{-5}, {200}}},
			{Query: "WITH c AS (SELECT tu8 FROM ub UNION ALL SELECT -5) SELECT tu8 FROM c WHERE tu8 < 0", Expected: []Row{{-5}}},
			{Query: "SELECT * FROM (SELECT tu8 AS a FROM ub UNION ALL SELECT -5) d WHERE a < 100", Expected: []Row{{-5}}},
			{Query: "SELECT tu8 AS a FROM ub UNION ALL SELECT -5 ORDER BY a", Expected: []Row{{-5}, {200}}},
			{Query: "SELECT tu8 AS a FROM ub UNION ALL SELECT 'x' ORDER BY a", Expected: []Row{{"200"}, {"x"}}},
			// A chain of three or four sides is typed once from all of
			// them, and each side converted from its own value (typed
			// pairwise, left-deep, the numbers became text through the
			// first pair's DECIMAL(23,3), 10.000, and the TIME or DATE
			// through its DATETIME).
			{Query: "SELECT u FROM ua UNION SELECT d FROM ua UNION SELECT 'x' ORDER BY 1",
				Expected: []Row{{"10"}, {"10.250"}, {"9"}, {"9.500"}, {"x"}}},
			{Query: "SELECT u FROM ua UNION ALL SELECT d FROM ua UNION ALL SELECT s FROM ua UNION ALL SELECT 'x' ORDER BY 1",
				Expected: []Row{{"-3"}, {"10"}, {"10.250"}, {"4"}, {"9"}, {"9.500"}, {"x"}}},
			{Query: "SELECT ti FROM uc UNION SELECT tm FROM uc UNION ALL SELECT 'x' ORDER BY 1",
				Expected: []Row{{"12:34:56"}, {"2024-01-02 03:04:05.67"}, {"x"}}},
			{Query: "SELECT a FROM (SELECT dt AS a FROM ua UNION SELECT tm FROM uc UNION ALL SELECT 'x') d ORDER BY 1",
				Expected: []Row{{"2023-05-06"}, {"2024-01-02"}, {"2024-01-02 03:04:05.67"}, {"x"}}},
			// A parenthesised set operation on the right is typed on its
			// own first, then converted with the chain's other sides (it
			// was not: 'x' is not a valid value for 'float').
			{Query: "SELECT f FROM uc UNION ALL SELECT -5 UNION (SELECT 'x' UNION SELECT f FROM uc) ORDER BY 1",
				Expected: []Row{{"-5"}, {"1.5"}, {"x"}}},
			// go-mysql-server's conversion of a TIME to LONGTEXT, the
			// column's type, is NULL: each side is converted by the rule.
			{Query: "SELECT ti FROM uc UNION SELECT tx FROM uc UNION (SELECT tm FROM uc UNION SELECT f FROM uc) ORDER BY 1",
				Expected: []Row{{"1.5"}, {"12:34:56"}, {"2024-01-02 03:04:05.67"}, {"long"}}},
			// A DOUBLE becomes text as MySQL prints it (not 1e+15).
			{Query: "SELECT 'x' UNION ALL (SELECT 1e15 UNION SELECT s FROM ua) ORDER BY 1",
				Expected: []Row{{"-3"}, {"1e15"}, {"4"}, {"x"}}},
			{Query: "SELECT 1 UNION SELECT 3 UNION ALL SELECT 2 UNION SELECT 4 ORDER BY 1 DESC", Expected: []Row{{4}, {3}, {2}, {1}}},
		},
	},
	{
		// Regression (try11e): a string function of SUM or AVG of a DECIMAL
		// read it as the DOUBLE go-mysql-server first types it
		// ('9.007199254740994e15'): compat/double_text.go and
		// temporal_text.go follow the argument's type when sum_avg.go
		// retypes it.
		Name: "string functions of a DECIMAL SUM or AVG keep its digits",
		SetUpScript: []string{
			"CREATE TABLE sd (x DECIMAL(20,0), i INT)",
			"INSERT INTO sd VALUES (9007199254740993, 1), (1, 2)",
		},
		Assertions: []Assertion{
			{Query: "SELECT CONCAT(SUM(x)), CAST(SUM(x) AS CHAR), LPAD(SUM(x), 20, '0'), CONCAT(AVG(x)), CONCAT(AVG(i)) FROM sd",
				Expected: []Row{{"9007199254740994", "9007199254740994", "00009007199254740994", "4503599627370497.0000", "1.5000"}}},
			{Query: "SELECT REPLACE(SUM(x), '9', 'n'), CONCAT(s) FROM sd, (SELECT SUM(x) s FROM sd) t", Expected: []Row{{"n0071nn254740nn4", "9007199254740994"}}},
		},
	},
	{
		// compat/format_number.go, inet_ntoa.go, conv.go: FORMAT read X as
		// a DOUBLE and an int64 ('384' for 2^64-1), INET_NTOA as an int32
		// ('127.255.255.255' from 128.0.0.0 on), OCT did not exist.
		Name: "FORMAT, INET_NTOA and OCT of 64-bit integers",
		SetUpScript: []string{
			"CREATE TABLE fm (id INT PRIMARY KEY, fp BIGINT UNSIGNED, s BIGINT)",
			"INSERT INTO fm VALUES (1, 18446744073709551615, -9223372036854775808), (2, 12345678901234567890, 9223372036854775807)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, FORMAT(fp, 0), FORMAT(s, 2) FROM fm ORDER BY id", Expected: []Row{
				{1, "18,446,744,073,709,551,615", "-9,223,372,036,854,775,808.00"},
				{2, "12,345,678,901,234,567,890", "9,223,372,036,854,775,807.00"}}},
			{Query: "SELECT FORMAT(1.005, 2), FORMAT(1.005e0, 2), FORMAT(2.5e0, 0), FORMAT(1e20, 1)", Expected: []Row{{"1.01", "1.00", "2", "100,000,000,000,000,000,000.0"}}},
			{Query: "SELECT id, INET_NTOA(fp % 4294967296), OCT(fp) FROM fm ORDER BY id", Expected: []Row{
				{1, "255.255.255.255", "1777777777777777777777"}, {2, "235.31.10.210", "1255245230635307605322"}}},
			{Query: "SELECT INET_NTOA(4294967296), INET_NTOA(-1), OCT(-8)", Expected: []Row{{nil, nil, "1777777777777777777770"}}},
		},
	},
	{
		// go-mysql-server 0.20 converted both sides to BIGINT, clamping
		// 18446744073709551615 to 9223372036854775807, and CREATE TABLE …
		// AS SELECT made the column bigint (compat/union_types.go).
		Name: "UNION of BIGINT UNSIGNED and BIGINT keeps both ranges",
		SetUpScript: []string{
			"CREATE TABLE un_u (u BIGINT UNSIGNED)",
			"CREATE TABLE un_s (s BIGINT)",
			"INSERT INTO un_u VALUES (18446744073709551615)",
			"INSERT INTO un_s VALUES (-1)",
			"CREATE TABLE un_d (x DECIMAL(20,0))",
			"CREATE TABLE un_w (x BIGINT UNSIGNED)",
		},
		Assertions: []Assertion{
			{Query: "SELECT u FROM un_u UNION ALL SELECT s FROM un_s", Expected: []Row{{"18446744073709551615"}, {"-1"}}},
			{Query: "SELECT -1 UNION ALL SELECT u FROM un_u", Expected: []Row{{"-1"}, {"18446744073709551615"}}},
			{Query: "SELECT s FROM un_s UNION SELECT u FROM un_u ORDER BY 1 DESC", Expected: []Row{{"18446744073709551615"}, {"-1"}}},
			{Query: "SELECT MAX(x), MIN(x) FROM (SELECT u AS x FROM un_u UNION ALL SELECT s FROM un_s) d", Expected: []Row{{"18446744073709551615", "-1"}}},
			{Query: "SELECT SUM(x), COUNT(DISTINCT x) FROM (SELECT u AS x FROM un_u UNION ALL SELECT s FROM un_s) d", Expected: []Row{{"18446744073709551614", 2}}},
			{Query: "WITH c AS (SELECT u FROM un_u UNION ALL SELECT s FROM un_s) SELECT u FROM c ORDER BY u DESC", Expected: []Row{{"18446744073709551615"}, {"-1"}}},
			{Query: "WITH c AS (SELECT -1 AS x UNION ALL SELECT u FROM un_u) SELECT MAX(x), MIN(x) FROM c", Expected: []Row{{"18446744073709551615", "-1"}}},
			{Query: "SELECT x FROM (SELECT s AS x FROM un_s UNION ALL SELECT u FROM un_u UNION ALL SELECT s FROM un_s) d ORDER BY x DESC", Expected: []Row{{"18446744073709551615"}, {"-1"}, {"-1"}}},
			{Query: "INSERT INTO un_d SELECT u FROM un_u UNION ALL SELECT s FROM un_s"},
			{Query: "SELECT x FROM un_d ORDER BY x", Expected: []Row{{"-1"}, {"18446744073709551615"}}},
			{Query: "INSERT INTO un_w SELECT u FROM un_u UNION ALL SELECT 0"},
			{Query: "SELECT x FROM un_w ORDER BY x", Expected: []Row{{"0"}, {"18446744073709551615"}}},
			{Query: "CREATE TABLE un_c AS SELECT u FROM un_u UNION ALL SELECT s FROM un_s"},
			{Query: "SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'un_c'", Expected: []Row{{"decimal(20,0)"}}},
			{Query: "SELECT u FROM un_c ORDER BY u", Expected: []Row{{"-1"}, {"18446744073709551615"}}},
		},
	},
	{
		// Regression (compat/sum_avg.go): SUM and AVG of integers are
		// DECIMAL through a view, a set operation's side and CREATE TABLE …
		// AS SELECT, of MySQL's precision (the integer column's digits plus
		// 22; plus 4, scale 4, for AVG); they were DOUBLE there
		// (9.007199378197784e+15, a double column).
		Name: "SUM and AVG stay exact through views, set operations and CREATE TABLE … AS SELECT",
		SetUpScript: []string{"CREATE TABLE sv (id INT PRIMARY KEY, i BIGINT, u INT UNSIGNED)",
			"INSERT INTO sv VALUES (1, 9007199254740993, 1), (2, 1, 2), (3, 123456789, 4)",
			"CREATE VIEW sv_v AS SELECT SUM(i) s, AVG(u) a FROM sv",
			"CREATE VIEW sv_u AS SELECT SUM(i) s FROM sv UNION ALL SELECT 1",
			"CREATE TABLE sv_t AS SELECT SUM(i) s, AVG(u) a, SUM(id) si FROM sv"},
		Assertions: []Assertion{
			{Query: "SELECT s, a FROM sv_v", Expected: []Row{{"9007199378197783", "2.3333"}}},
			{Query: "SELECT s + 0, s * 2 FROM sv_v", Expected: []Row{{"9007199378197783", "18014398756395566"}}},
			{Query: "SELECT s FROM (SELECT SUM(i) s FROM sv) d", Expected: []Row{{"9007199378197783"}}},
			{Query: "WITH c AS (SELECT SUM(i) s FROM sv) SELECT s FROM c", Expected: []Row{{"9007199378197783"}}},
			{Query: "SELECT SUM(i) FROM sv UNION ALL SELECT 1", Expected: []Row{{"9007199378197783"}, {"1"}}},
			{Query: "SELECT 1 UNION ALL SELECT SUM(i) FROM sv ORDER BY 1 DESC", Expected: []Row{{"9007199378197783"}, {"1"}}},
			{Query: "SELECT * FROM sv_u ORDER BY 1", Expected: []Row{{"1"}, {"9007199378197783"}}},
			{Query: "SELECT s, a, si FROM sv_t", Expected: []Row{{"9007199378197783", "2.3333", "6"}}},
			{Query: "SELECT column_name, column_type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'sv_t' ORDER BY ordinal_position",
				Expected: []Row{{"s", "decimal(41,0)"}, {"a", "decimal(14,4)"}, {"si", "decimal(32,0)"}}},
		},
	},
}

// NumericExactMySQLScripts hold MySQL 8's answers where MariaDB 10.11's
// differ: ROUND past 2^64-1 is error 1690 (MariaDB: the DECIMAL
// 18446744073709551620), CAST of a DOUBLE to UNSIGNED clamps to 2^63-1
// and of a negative DECIMAL keeps the bits (MariaDB: 15000000000000000000,
// 0), and GREATEST and LEAST of a binary string and a number compare
// strings (MariaDB: numbers, 65 and 3).
var NumericExactMySQLScripts = []ScriptTest{
	{
		Name: "exact numeric answers as MySQL 8 gives them",
		Assertions: []Assertion{
			{Query: "SELECT ROUND(18446744073709551615, -1)", ExpectedErrCode: 1690,
				ExpectedErr: "BIGINT UNSIGNED value is out of range in 'round(18446744073709551615,-(1))'"},
			{Query: "SELECT CAST(1.5e19 AS UNSIGNED), CAST(-1.5 AS UNSIGNED), CAST(-1 AS UNSIGNED)",
				Expected: []Row{{"9223372036854775807", "18446744073709551614", "18446744073709551615"}}},
			{Query: "SELECT CAST('18446744073709551616' AS UNSIGNED)", Expected: []Row{{"18446744073709551615"}},
				ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect INTEGER value: '18446744073709551616'"}}},
			{Query: "SELECT GREATEST(0x41, 1), HEX(LEAST(b'101', 3))", Expected: []Row{{"A", "05"}}},
		},
	},
}
