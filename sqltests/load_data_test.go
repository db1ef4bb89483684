package sqltests

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loadDataCase is one file and the LOAD DATA options to read it with.
type loadDataCase struct {
	name    string
	table   string // CREATE TABLE t (…)'s column list
	file    string
	options string // after INTO TABLE t
	// want is the rows of t by its first column, each column as
	// HEX(CAST(… AS CHAR)) or NULL, as MySQL reads the file (MariaDB must
	// agree).
	want []Row
	// setUp runs before the load (SET sql_mode = '' for the warnings of a
	// non-strict load); err, if set, is the load's error, and warnings,
	// if not nil, its SHOW WARNINGS.
	setUp    []string
	err      string
	errCode  int // the load's MySQL error number, if not 0
	warnings []Row
	// server: the server reads the file in every run (LOAD DATA INFILE,
	// not LOCAL, whose errors are warnings).
	server bool
	// local: the client sends the file in every run (the in-process
	// engine has no client, so the case runs only over the wire).
	local bool
	// notMariaDB: want is MySQL 8's answer, which MariaDB 10.11 does not
	// give (said in the case), so the case does not run on MariaDB.
	notMariaDB bool
	// sel, if set, is the SELECT list for want in place of HEX(CAST(… AS
	// CHAR)) of every column (which is '0000-01-01 00:00:00' for a zero
	// DATETIME in go-mysql-server 0.20, and '?' for a byte that is not
	// UTF-8 in MariaDB).
	sel []string
}

// loadTemporalSelect reads the columns id, d DATE, tm TIME, dt DATETIME,
// e ENUM, n INT and s SET as texts the same in simsql and MariaDB: a zero
// DATETIME as 'zero' (CAST of one is '0000-01-01 00:00:00' in
// go-mysql-server 0.20, and a driver reads a DATETIME as a time), an ENUM
// and a SET as their numbers (CAST of one is its number in simsql).
var loadTemporalSelect = []string{"id", "CAST(d AS CHAR)", "CAST(tm AS CHAR)",
	"IF(dt = '0000-00-00 00:00:00', 'zero', CAST(dt AS CHAR))", "e + 0", "n", "s + 0"}

func hexOf(s string) string { return strings.ToUpper(fmt.Sprintf("%x", s)) }

// crlfFile is a CSV file with CRLF line ends and quotes.
const crlfFile = "\"1\",\"{\"\"foo\"\":\"\"bar\"\"}\"\r\n\"2\",\"x,y\"\r\n3,plain\r\n\"4\",\"\"\r\n\"5\",\"a\\\"b\"\r\n"

// loadDataCases hold the LOAD DATA forms of issue 11 item 6. Regression:
// go-mysql-server 0.20 loaded `a string containing a \t` as `… a t`,
// failed on `"2","{""foo"":""bar""}"` ("field not properly enclosed" for
// any unenclosed field) and kept doubled quotes (catalog/compat_load_data.go).
var loadDataCases = []loadDataCase{
	{name: "escapes", table: "id INT PRIMARY KEY, body TEXT",
		file: "1\ta string containing a \\t\n2\tback\\\\slash and \\n newline\n3\t\\N\n4\tNULL\n5\tescaped\\\ttab\n6\t\\0\\b\\r\\Z\\q\n",
		want: []Row{{"31", hexOf("a string containing a \t")}, {"32", hexOf("back\\slash and \n newline")}, {"33", nil},
			{"34", hexOf("NULL")}, {"35", hexOf("escaped\ttab")}, {"36", hexOf("\x00\b\r\x1aq")}}},
	{name: "enclosed with doubled quotes", table: "id INT PRIMARY KEY, body TEXT",
		file:    "\"1\",\"{\"\"foo\"\":\"\"bar\"\"}\"\n\"2\",\"a,b\"\n3,NULL\n\"4\",\"two\nlines\"\n5,\"NULL\"\n\"6\",\"say \\\"hi\\\"\"\n",
		options: "FIELDS TERMINATED BY ',' ENCLOSED BY '\"'",
		want: []Row{{"31", hexOf(`{"foo":"bar"}`)}, {"32", hexOf("a,b")}, {"33", nil}, {"34", hexOf("two\nlines")},
			{"35", hexOf("NULL")}, {"36", hexOf(`say "hi"`)}}},
	{name: "optionally enclosed, CRLF, IGNORE 1 LINES", table: "id INT PRIMARY KEY, body TEXT, n INT",
		file:    "id,body,n\r\n1,plain,10\r\n2,\"quoted, with comma\",20\r\n3,\"\",30\r\n",
		options: "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' LINES TERMINATED BY '\\r\\n' IGNORE 1 LINES",
		want:    []Row{{"31", hexOf("plain"), "3130"}, {"32", hexOf("quoted, with comma"), "3230"}, {"33", "", "3330"}}},
	{name: "ESCAPED BY another character and none", table: "id INT PRIMARY KEY, body TEXT",
		file:    "1|a\\b\n2|x^|y\n3|^N\n",
		options: "FIELDS TERMINATED BY '|' ESCAPED BY '^' LINES TERMINATED BY '\\n'",
		want:    []Row{{"31", hexOf("a\\b")}, {"32", hexOf("x|y")}, {"33", nil}}},
	{name: "ESCAPED BY empty", table: "id INT PRIMARY KEY, body TEXT",
		file:    "1,a\\tb\n2,\\N\n",
		options: "FIELDS TERMINATED BY ',' ESCAPED BY ''",
		want:    []Row{{"31", hexOf("a\\tb")}, {"32", hexOf("\\N")}}},
	{name: "LINES STARTING BY", table: "id INT PRIMARY KEY, body TEXT",
		file:    "xxx1,first\nskipped line\nnoise xxx2,second\n",
		options: "FIELDS TERMINATED BY ',' LINES STARTING BY 'xxx'",
		want:    []Row{{"31", hexOf("first")}, {"32", hexOf("second")}}},
	{name: "column list, user variables and SET", table: "id INT PRIMARY KEY, body TEXT, n INT",
		file:    "abc\t1\t7\nde\\tf\t2\t8\n",
		options: "(body, id, @v) SET n = @v * 10",
		want:    []Row{{"31", hexOf("abc"), "3730"}, {"32", hexOf("de\tf"), "3830"}}},
	// Blank lines (issue 11). Regression: simsql skipped them; MySQL reads
	// a blank line as a record of one empty field.
	{name: "a blank line is a row", table: "body TEXT",
		file: "a\n\nc\n\n", want: []Row{{""}, {""}, {hexOf("a")}, {hexOf("c")}}, warnings: []Row{}},
	{name: "a blank line lacks fields: error 1261 in strict mode", table: "body VARCHAR(20), n INT",
		file: "a\t1\n\nc\t3\n", err: "Row 2 doesn't contain data for all columns", want: []Row{}, server: true},
	{name: "a blank line lacks fields: warning 1261 otherwise", table: "body VARCHAR(20), n INT, m INT NOT NULL, d INT DEFAULT 9",
		setUp: []string{"SET SESSION sql_mode = ''"},
		file:  "a\t1\t2\t3\n\nc\t4\t5\t6\n\n",
		// A missing field is NULL where the default is NULL, else the
		// type's zero (not the default), as MariaDB stores it.
		want: []Row{{"", nil, "30", "30"}, {"", nil, "30", "30"}, {hexOf("a"), "31", "32", "33"}, {hexOf("c"), "34", "35", "36"}},
		// One warning per missing column, in the order raised.
		warnings: []Row{{"Warning", 1261, "Row 2 doesn't contain data for all columns"},
			{"Warning", 1261, "Row 2 doesn't contain data for all columns"},
			{"Warning", 1261, "Row 2 doesn't contain data for all columns"},
			{"Warning", 1261, "Row 4 doesn't contain data for all columns"},
			{"Warning", 1261, "Row 4 doesn't contain data for all columns"},
			{"Warning", 1261, "Row 4 doesn't contain data for all columns"}}},
	{name: "IGNORE makes a missing field a warning", table: "body VARCHAR(20), n INT",
		file: "a\t1\n\n", options: "", setUp: []string{"SET SESSION sql_mode = 'STRICT_ALL_TABLES'"},
		want: []Row{{"", nil}, {hexOf("a"), "31"}}, server: true,
		warnings: []Row{{"Warning", 1261, "Row 2 doesn't contain data for all columns"}}},
	{name: "LOCAL makes a missing field a warning", table: "body VARCHAR(20), n INT",
		file: "a\t1\n\n", want: []Row{{"", nil}, {hexOf("a"), "31"}}, local: true,
		warnings: []Row{{"Warning", 1261, "Row 2 doesn't contain data for all columns"}}},
	{name: "a record with too many fields: error 1262 in strict mode", table: "id INT, body TEXT",
		file: "1\tx\n2\ty\textra\n", err: "Row 2 was truncated; it contained more data than there were input columns", want: []Row{}, server: true},
	{name: "a record with too many fields: warning 1262 otherwise", table: "id INT, body TEXT",
		setUp: []string{"SET SESSION sql_mode = ''"},
		file:  "1\tx\n2\ty\textra\n", want: []Row{{"31", hexOf("x")}, {"32", hexOf("y")}},
		warnings: []Row{{"Warning", 1262, "Row 2 was truncated; it contained more data than there were input columns"}}},
	// Regression: an empty field loaded into a number column as NULL.
	{name: "an empty field for a number: error 1366 in strict mode", table: "id INT, n INT",
		file: "1,5\n2,\n", options: "FIELDS TERMINATED BY ','", err: "Incorrect integer value: '' for column", want: []Row{}, server: true},
	// Fixed-width rows (issue 11). Regression: go-mysql-server's reader.
	{name: "fixed-width rows", table: "id INT, b VARBINARY(4), n SMALLINT UNSIGNED, d DATETIME, p DECIMAL(6), e VARCHAR(1) CHARACTER SET utf8mb4",
		// Widths 11, 4, 5, 19, 7 and 4 (a utf8mb4 character's 4 bytes);
		// \t is one byte of b.
		file:    "          1wxyz   422024-01-02 03:04:05 123456\xf0\x9f\x98\x80\n         -2ab\\tc    71999-12-31 23:59:59    -50\xf0\x9f\x98\x83\n",
		options: "CHARACTER SET utf8mb4 FIELDS TERMINATED BY '' ENCLOSED BY ''", server: true,
		setUp: []string{"SET SESSION sql_mode = ''"},
		want: []Row{{"2D32", hexOf("ab\tc"), "37", hexOf("1999-12-31 23:59:59"), hexOf("-50"), "F09F9883"},
			{"31", hexOf("wxyz"), "3432", hexOf("2024-01-02 03:04:05"), hexOf("123456"), "F09F9880"}}},
	{name: "fixed-width rows, short and long, with a column list and LINES STARTING BY", table: "id INT, b VARBINARY(3), n TINYINT",
		setUp: []string{"SET SESSION sql_mode = ''"},
		// Widths 3 (b), 4 (n), 11 (id): 18 bytes.
		file:    "> xyz  12          7\n> ab\n> pq   -3          9 and more\nnot a record\n",
		options: "FIELDS TERMINATED BY '' ENCLOSED BY '' LINES STARTING BY '> ' (b, n, id)", server: true,
		// A missing field of a fixed-width row is the type's zero.
		want: []Row{{"30", hexOf("ab"), "30"}, {"37", hexOf("xyz"), "3132"}, {"39", hexOf("pq "), "2D33"}},
		warnings: []Row{{"Warning", 1261, "Row 2 doesn't contain data for all columns"},
			{"Warning", 1261, "Row 2 doesn't contain data for all columns"},
			{"Warning", 1262, "Row 3 was truncated; it contained more data than there were input columns"}}},
	{name: "fixed-width rows to a variable: error 1409", table: "id INT, b VARBINARY(3)",
		file: "  1abc\n", options: "FIELDS TERMINATED BY '' ENCLOSED BY '' (@v, b)", server: true,
		err: "fixed size rows to variable", want: []Row{}},
	// Regression: IGNORE n LINES skipped n records, each up to its LINES
	// STARTING BY prefix, so the record after a line without the prefix
	// was lost (MySQL's READ_INFO::next_line skips lines, an escaped
	// terminator included in its line).
	{name: "LINES STARTING BY with IGNORE 1 LINES skips a line", table: "id INT PRIMARY KEY, body TEXT",
		file:    "head\\\ner\nheader2\nxx1|a\nyy2|b\nxx3|c\n",
		options: "FIELDS TERMINATED BY '|' LINES STARTING BY 'xx' IGNORE 1 LINES",
		want:    []Row{{"31", hexOf("a")}, {"33", hexOf("c")}}},
	// Regression: SET read the fields by the ordinals of their columns in
	// the table: SET a = UPPER(b) failed with "unable to find field with
	// index 2", and SET id = id + 5000 stored 5000 for every record.
	{name: "SET reads the columns the record gave", table: "id INT PRIMARY KEY, a VARCHAR(10), b VARCHAR(10), k INT",
		file:    "1,ab\n2,c\n",
		options: "FIELDS TERMINATED BY ',' (@x, b) SET id = @x * 10, a = UPPER(b), k = LENGTH(b) + 100",
		want:    []Row{{"3130", hexOf("AB"), hexOf("ab"), "313032"}, {"3230", hexOf("C"), hexOf("c"), "313031"}}},
	{name: "SET reads a listed column's own field", table: "id INT PRIMARY KEY, a VARCHAR(10), b VARCHAR(10), k INT",
		file:    "1,ab\n2,c\n",
		options: "FIELDS TERMINATED BY ',' (id, @y) SET id = id + 5000, b = CONCAT(@y, id)",
		want:    []Row{{"35303031", nil, hexOf("ab5001"), nil}, {"35303032", nil, hexOf("c5002"), nil}}},
	// Regression: LOAD DATA … IGNORE (and LOCAL) stored 2^64 into BIGINT
	// UNSIGNED as 0 and 2^63 into BIGINT as -2^63, with note 1366; MySQL
	// stores the range's nearest end with warning 1264, and in strict mode
	// refuses the statement with 1264.
	{name: "IGNORE: out-of-range integers are the range's ends", table: "id INT PRIMARY KEY, u BIGINT UNSIGNED, s BIGINT, t TINYINT",
		file:    "1,18446744073709551616,9223372036854775808,128\n2,-1,-9223372036854775809,-129\n3,18446744073709551615,-9223372036854775808,-128\n",
		options: "FIELDS TERMINATED BY ','", server: true,
		want: []Row{{"31", hexOf("18446744073709551615"), hexOf("9223372036854775807"), hexOf("127")},
			{"32", "30", hexOf("-9223372036854775808"), hexOf("-128")},
			{"33", hexOf("18446744073709551615"), hexOf("-9223372036854775808"), hexOf("-128")}},
		warnings: []Row{{"Warning", 1264, "Out of range value for column 'u' at row 1"}, {"Warning", 1264, "Out of range value for column 's' at row 1"},
			{"Warning", 1264, "Out of range value for column 't' at row 1"}, {"Warning", 1264, "Out of range value for column 'u' at row 2"},
			{"Warning", 1264, "Out of range value for column 's' at row 2"}, {"Warning", 1264, "Out of range value for column 't' at row 2"}}},
	{name: "an out-of-range integer: error 1264 in strict mode, no row kept", table: "id INT PRIMARY KEY, u BIGINT UNSIGNED",
		file: "1,5\n2,18446744073709551616\n", options: "FIELDS TERMINATED BY ','", server: true,
		err: "Out of range value for column 'u' at row 2", want: []Row{}},
	// Regression (catalog/compat_decimal_range.go): a DECIMAL field out of
	// range stored 0 with note 1105 under IGNORE; '12abc' stored 0.
	{name: "IGNORE: DECIMAL fields are rounded, clamped and read up to their number", table: "id INT PRIMARY KEY, d DECIMAL(5,2)",
		file:    "1,1000\n2,-1234.5\n3,12abc\n4,1.005\n5,x\n6,-2.345\n",
		options: "FIELDS TERMINATED BY ','", server: true,
		want: []Row{{"31", hexOf("999.99")}, {"32", hexOf("-999.99")}, {"33", hexOf("12.00")}, {"34", hexOf("1.01")},
			{"35", hexOf("0.00")}, {"36", hexOf("-2.35")}},
		warnings: []Row{{"Warning", 1264, "Out of range value for column 'd' at row 1"}, {"Warning", 1264, "Out of range value for column 'd' at row 2"},
			{"Warning", 1265, "Data truncated for column 'd' at row 3"}, {"Note", 1265, "Data truncated for column 'd' at row 4"},
			{"Warning", 1366, "Incorrect decimal value: 'x' for column 'd' at row 5"}, {"Note", 1265, "Data truncated for column 'd' at row 6"}},
		notMariaDB: true}, // MariaDB names the column of 1366 `db`.`t`.`d`
	{name: "a DECIMAL field out of range: error 1264 in strict mode", table: "id INT PRIMARY KEY, d DECIMAL(5,2)",
		file: "1,5\n2,1000\n", options: "FIELDS TERMINATED BY ','", server: true,
		err: "Out of range value for column 'd' at row 2", want: []Row{}},
	{name: "IGNORE: DECIMAL fields as MariaDB reads them", table: "id INT PRIMARY KEY, d DECIMAL(5,2)",
		file:    "1,1000\n2,-1234.5\n3,12abc\n4,1.005\n",
		options: "FIELDS TERMINATED BY ','", server: true,
		want: []Row{{"31", hexOf("999.99")}, {"32", hexOf("-999.99")}, {"33", hexOf("12.00")}, {"34", hexOf("1.01")}},
		warnings: []Row{{"Warning", 1264, "Out of range value for column 'd' at row 1"}, {"Warning", 1264, "Out of range value for column 'd' at row 2"},
			{"Warning", 1265, "Data truncated for column 'd' at row 3"}, {"Note", 1265, "Data truncated for column 'd' at row 4"}}},
	// Regression: SET u = 0x35 stored 5 (the bytes read as text), where
	// INSERT … VALUES (0x35) stores 53, as MySQL does in both.
	{name: "SET a numeric column to a hexadecimal literal: its number", table: "id INT PRIMARY KEY, u INT, d DECIMAL(6,1), f DOUBLE, s VARCHAR(4)",
		file: "1\n", options: "(id) SET u = 0x35, d = 0x0101, f = 0x36, s = 0x35",
		want: []Row{{"31", hexOf("53"), hexOf("257.0"), hexOf("54"), "35"}}},
	// Spaces around a number are no truncation in MySQL 8 (Field_num's
	// check_int and str2my_decimal skip them: no warning); MariaDB 10.11
	// notes each such field with 1265, so the case is MySQL 8's only.
	{name: "numbers with spaces around them: no warning", table: "id INT, a INT, d DECIMAL(5,1)",
		file: "1, 42 , 7 \n2,42  ,8\n", options: "FIELDS TERMINATED BY ','", notMariaDB: true,
		want: []Row{{"31", hexOf("42"), hexOf("7.0")}, {"32", hexOf("42"), hexOf("8.0")}}, warnings: []Row{}},
	// Regression: LOCAL made every load IGNORE; MySQL's sql_load.cc does
	// so only without REPLACE, so LOCAL … REPLACE refuses a bad value in
	// strict mode.
	{name: "REPLACE with LOCAL: an out-of-range integer is error 1264", table: "id INT PRIMARY KEY, u BIGINT UNSIGNED",
		file: "1,5\n2,18446744073709551616\n", options: "FIELDS TERMINATED BY ','", local: true,
		err: "Out of range value for column 'u' at row 2", want: []Row{}},
	{name: "an empty field for a number: 0 otherwise", table: "id INT, n INT",
		setUp: []string{"SET SESSION sql_mode = ''"},
		file:  "1,5\n2,\n", options: "FIELDS TERMINATED BY ','", want: []Row{{"31", "35"}, {"32", "30"}}},
	// Regression: the fields after the last column were read as fields,
	// quotes and all, so a quote ending in "\r before the '\n' ran on
	// into the next lines (1 row, 1 warning). MySQL's read_sep_field skips
	// the rest of the line whatever its quotes; a trailing empty field
	// ("1,2,") is no warning.
	{name: "IGNORE: a CRLF file read with LINES TERMINATED BY '\\n' skips the rest of each line", table: "id INT PRIMARY KEY, body TEXT",
		file: crlfFile, options: "FIELDS TERMINATED BY ',' ENCLOSED BY '\"' LINES TERMINATED BY '\\n'",
		warnings: []Row{{"Warning", 1262, "Row 1 was truncated; it contained more data than there were input columns"},
			{"Warning", 1262, "Row 3 was truncated; it contained more data than there were input columns"}},
		want: []Row{{"31", hexOf("{\"foo\":\"bar\"}\"\r\n\"2")}, {"33", hexOf("plain\r")}, {"34", hexOf("\"\r\n\"5")}}},
	// A field whose quote is not closed runs to the end of the file,
	// opening quote included (read_field's found_eof).
	{name: "IGNORE: an enclosed field not closed keeps its quote", table: "id INT PRIMARY KEY, body TEXT, n TEXT",
		file: crlfFile, options: "FIELDS TERMINATED BY ',' ENCLOSED BY '\"' LINES TERMINATED BY '\\n'",
		warnings: []Row{{"Warning", 1262, "Row 1 was truncated; it contained more data than there were input columns"},
			{"Warning", 1261, "Row 2 doesn't contain data for all columns"}},
		want: []Row{{"31", hexOf("{\"foo\":\"bar\"}\"\r\n\"2"), hexOf("x,y\"\r\n3,plain\r\n\"4")}, {"35", hexOf("\"a\"b\"\r\n"), nil}}},
	{name: "IGNORE: an empty field after the last column is no warning", table: "a INT, b INT",
		file: "1,2,\n3,4,x\n", options: "FIELDS TERMINATED BY ','",
		warnings: []Row{{"Warning", 1262, "Row 2 was truncated; it contained more data than there were input columns"}},
		want:     []Row{{"31", "32"}, {"33", "34"}}},
	// Regression (catalog/compat_load_data_utf8.go): a field that is not
	// UTF-8 was stored as '' with note 1105 under IGNORE, and was error
	// 1105 in strict mode.
	{name: "bytes that are not UTF-8: error 1366 in strict mode", table: "id INT PRIMARY KEY, s VARCHAR(40)",
		file: "1,ok\n2,ab\xff\xfecd\n", options: "CHARACTER SET utf8mb4 FIELDS TERMINATED BY ','", server: true,
		err: "Incorrect string value: '\\xFF\\xFEcd' for column ", want: []Row{}},
	// MariaDB stores each bad byte as '?' ('ab??cd', '?') and names the
	// column `db`.`t`.`s`.
	{name: "IGNORE: bytes that are not UTF-8 keep their valid prefix, warning 1366", table: "id INT PRIMARY KEY, s VARCHAR(40)",
		file: "1,ab\xff\xfecdefgh\n2,ok\n3,caf\xc3\xa9\n4,\xc3\n", options: "CHARACTER SET utf8mb4 FIELDS TERMINATED BY ','", notMariaDB: true,
		warnings: []Row{{"Warning", 1366, "Incorrect string value: '\\xFF\\xFEcdef...' for column 's' at row 1"},
			{"Warning", 1366, "Incorrect string value: '\\xC3' for column 's' at row 4"}},
		want: []Row{{"31", hexOf("ab")}, {"32", hexOf("ok")}, {"33", hexOf("café")}, {"34", ""}}},
	// Regression (issue 11, load11 item 1): with ESCAPED BY the ENCLOSED BY
	// character the whole file was one field. MySQL's read_field: the
	// character doubled is itself, else it is the quote (no escapes).
	{name: "ESCAPED BY the ENCLOSED BY character", table: "id INT PRIMARY KEY, v TEXT",
		file:    "1;\"a\"\"b\"\n2;\"c\"\n3;\"d\\e\"\n4;x\"\"y\n5;p\"q\n6;\"\"\"N\"\n",
		options: "FIELDS TERMINATED BY ';' ENCLOSED BY '\"' ESCAPED BY '\"'",
		want: []Row{{"31", hexOf(`a"b`)}, {"32", hexOf("c")}, {"33", hexOf(`d\e`)}, {"34", hexOf(`x"y`)},
			{"35", hexOf(`p"q`)}, {"36", hexOf(`"N`)}}},
	// Regression (load11 item 3): an enclosed \N was 'N'; MySQL's
	// read_sep_field takes a one-character field with an escaped N as NULL,
	// enclosed or not.
	{name: "an enclosed \\N is NULL", table: "id INT PRIMARY KEY, v TEXT",
		file:    "1,\"\\N\"\n2,\"\\NN\"\n3,\\N\n4,\"N\"\n",
		options: "FIELDS TERMINATED BY ',' ENCLOSED BY '\"'",
		want:    []Row{{"31", nil}, {"32", hexOf("NN")}, {"33", nil}, {"34", hexOf("N")}}},
	// Regression (load11 item 2): CHARACTER SET was ignored, so a latin1
	// file's é was a bad UTF-8 byte ('caf', warning 1366). MySQL's latin1
	// is cp1252 (0x80 the euro sign), its five undefined bytes the C1
	// controls; a binary column takes the bytes unconverted.
	{name: "CHARACTER SET latin1", table: "id INT PRIMARY KEY, v TEXT, b VARBINARY(10)",
		file:    "1\tcaf\xe9\x80\x81\tcaf\xc3\xa9\n",
		options: "CHARACTER SET latin1", warnings: []Row{},
		want: []Row{{"31", hexOf("café€\u0081"), hexOf("café")}}},
	{name: "CHARACTER SET ascii: a byte beyond ASCII is error 1366 in strict mode", table: "id INT PRIMARY KEY, v TEXT",
		file: "1\tok\n2\tcaf\xc3\xa9\n", options: "CHARACTER SET ascii", server: true,
		err: "Incorrect string value: '\\xC3\\xA9' for column ", errCode: 1366, want: []Row{}},
	// MariaDB names the column `d`.`t`.`v`.
	{name: "IGNORE: CHARACTER SET ascii: a byte beyond ASCII is '?', warning 1366", table: "id INT PRIMARY KEY, v TEXT",
		file: "1\tcaf\xe9\xe8s\n", options: "CHARACTER SET ascii", notMariaDB: true,
		warnings: []Row{{"Warning", 1366, "Incorrect string value: '\\xE9\\xE8s' for column 'v' at row 1"}},
		want:     []Row{{"31", hexOf("caf??s")}}},
	{name: "CHARACTER SET cp1251", table: "id INT PRIMARY KEY, v TEXT CHARACTER SET utf8mb4",
		file: "1\tcaf\xe9\n", options: "CHARACTER SET cp1251", want: []Row{{"31", hexOf("cafй")}}},
	// Not a regression: that the names of UTF-8 are no error 1115.
	// Regression (trial 12 F14): gbk had no encoder, so the file's bytes
	// were stored as they are, then refused as UTF-8 (''), warning 1366
	// (compat/charsets.go).
	{name: "CHARACTER SET gbk", table: "id INT PRIMARY KEY, v TEXT CHARACTER SET utf8mb4",
		file: "1\t\xd6\xd0\xce\xc4\n", options: "CHARACTER SET gbk", warnings: []Row{}, want: []Row{{"31", hexOf("中文")}}},
	{name: "CHARACTER SET big5", table: "id INT PRIMARY KEY, v TEXT CHARACTER SET utf8mb4",
		file: "1\t\xa4\xa4\xa4\xe5\n", options: "CHARACTER SET big5", want: []Row{{"31", hexOf("中文")}}},
	{name: "CHARACTER SET utf8 and utf8mb3 are UTF-8", table: "id INT PRIMARY KEY, v TEXT",
		file: "1\tcaf\xc3\xa9\n", options: "CHARACTER SET utf8mb3", want: []Row{{"31", hexOf("café")}}},
	{name: "an unknown CHARACTER SET: error 1115", table: "id INT PRIMARY KEY, v TEXT",
		file: "1\tx\n", options: "CHARACTER SET xyz", err: "Unknown character set: 'xyz'", errCode: 1115, want: []Row{}},
	// Regression (load11 item 4): a column the record lacks took the
	// missing value of the table's column at its place in the list (w
	// VARCHAR stored '0', v's zero). MariaDB: NULL if the default is NULL,
	// else the type's zero; a missing variable is NULL, so SET v =
	// LENGTH(@x) of a NOT NULL v is 0 with warning 1048 (k INT DEFAULT 7,
	// nullable, is 0).
	{name: "a record lacking fields with variables and SET, non-strict",
		table: "id INT PRIMARY KEY, v INT NOT NULL, w VARCHAR(3) NOT NULL DEFAULT 'dd', n VARCHAR(3), k INT DEFAULT 7, m INT NOT NULL DEFAULT 8",
		setUp: []string{"SET SESSION sql_mode = ''"},
		file:  "4,abc\n5\n6,ab,w,nn\n", options: "FIELDS TERMINATED BY ',' (id, @x, w, n, k, m) SET v = LENGTH(@x)",
		want: []Row{{"34", "33", "", nil, "30", "30"}, {"35", "30", "", nil, "30", "30"}, {"36", "32", hexOf("w"), hexOf("nn"), "30", "30"}},
		warnings: []Row{{"Warning", 1261, "Row 1 doesn't contain data for all columns"}, {"Warning", 1261, "Row 1 doesn't contain data for all columns"},
			{"Warning", 1261, "Row 1 doesn't contain data for all columns"}, {"Warning", 1261, "Row 1 doesn't contain data for all columns"},
			{"Warning", 1261, "Row 2 doesn't contain data for all columns"}, {"Warning", 1261, "Row 2 doesn't contain data for all columns"},
			{"Warning", 1261, "Row 2 doesn't contain data for all columns"}, {"Warning", 1261, "Row 2 doesn't contain data for all columns"},
			{"Warning", 1048, "Column 'v' cannot be null"},
			{"Warning", 1261, "Row 3 doesn't contain data for all columns"}, {"Warning", 1261, "Row 3 doesn't contain data for all columns"}}},
	// Not a regression: strict mode's error for the same records.
	{name: "a record lacking fields with variables and SET: error 1261 in strict mode", table: "id INT PRIMARY KEY, v INT NOT NULL, w VARCHAR(3) NOT NULL DEFAULT 'dd'",
		file: "4,abc\n", options: "FIELDS TERMINATED BY ',' (id, @x, w) SET v = LENGTH(@x)", server: true,
		err: "Row 1 doesn't contain data for all columns", errCode: 1261, want: []Row{}},
	{name: "IGNORE: a record lacking fields with variables and SET, strict", table: "id INT PRIMARY KEY, v INT NOT NULL, w VARCHAR(3) NOT NULL DEFAULT 'dd', d DATE DEFAULT '2020-01-01'",
		file: "4,abc\n5\n", options: "FIELDS TERMINATED BY ',' (id, @x, d, w) SET v = LENGTH(@x)",
		want: []Row{{"34", "33", "", hexOf("0000-00-00")}, {"35", "30", "", hexOf("0000-00-00")}},
		warnings: []Row{{"Warning", 1261, "Row 1 doesn't contain data for all columns"}, {"Warning", 1261, "Row 1 doesn't contain data for all columns"},
			{"Warning", 1261, "Row 2 doesn't contain data for all columns"}, {"Warning", 1261, "Row 2 doesn't contain data for all columns"},
			{"Warning", 1048, "Column 'v' cannot be null"}}},
	// Regression: a NULL for a NOT NULL column refused the statement
	// outside strict mode ("non-nullable but attempted to set a value of
	// null"). MySQL: the column's zero with warning 1263 (a field) or 1048
	// (SET); in strict mode those errors.
	{name: "NULL for a NOT NULL column: its zero, warnings 1263 and 1048 otherwise", table: "id INT PRIMARY KEY, v INT NOT NULL, w VARCHAR(3) NOT NULL",
		setUp: []string{"SET SESSION sql_mode = ''"},
		file:  "1,\\N\n", options: "FIELDS TERMINATED BY ',' (id, v) SET w = NULL",
		want: []Row{{"31", "30", ""}},
		warnings: []Row{{"Warning", 1263, "Column set to default value; NULL supplied to NOT NULL column 'v' at row 1"},
			{"Warning", 1048, "Column 'w' cannot be null"}}},
	{name: "a NULL field for a NOT NULL column: error 1263 in strict mode", table: "id INT PRIMARY KEY, w VARCHAR(3) NOT NULL",
		file: "1,\\N\n", options: "FIELDS TERMINATED BY ','", server: true,
		err: "NULL supplied to NOT NULL column 'w' at row 1", errCode: 1263, want: []Row{}},
	{name: "SET a NOT NULL column to NULL: error 1048 in strict mode", table: "id INT PRIMARY KEY, v INT NOT NULL",
		file: "1,\\N\n", options: "FIELDS TERMINATED BY ',' (id, @x) SET v = @x", server: true,
		err: "Column 'v' cannot be null", errCode: 1048, want: []Row{}},
	// Regression (load11 item 5): a field too long for its column was
	// warning 1406 naming the column's type.
	{name: "a field too long: warning 1265 otherwise", table: "id INT PRIMARY KEY, a CHAR(3), b VARBINARY(2)",
		setUp: []string{"SET SESSION sql_mode = ''"},
		file:  "1,abcdef,xyz\n2,ab,xy\n", options: "FIELDS TERMINATED BY ','",
		want:     []Row{{"31", hexOf("abc"), hexOf("xy")}, {"32", hexOf("ab"), hexOf("xy")}},
		warnings: []Row{{"Warning", 1265, "Data truncated for column 'a' at row 1"}, {"Warning", 1265, "Data truncated for column 'b' at row 1"}}},
	{name: "a field too long: error 1406 in strict mode", table: "id INT PRIMARY KEY, a CHAR(3)",
		file: "1,abc\n2,abcd\n", options: "FIELDS TERMINATED BY ','", server: true,
		err: "Data too long for column 'a' at row 2", errCode: 1406, want: []Row{}},
	// Regression (catalog/compat_load_data_empty.go): an empty field
	// for a DATE, TIME, DATETIME or ENUM column stored NULL without a
	// warning, and 'abc' was error 1105 (note 1105 and the zero under
	// IGNORE). MySQL: the type's zero with warning 1265, in strict mode
	// error 1292 (1265 for ENUM and SET); '' is a SET's empty set.
	{name: "an empty or bad temporal or ENUM field: the type's zero, warning 1265 otherwise",
		table: "id INT, d DATE, tm TIME, dt DATETIME, e ENUM('x','y'), n INT, s SET('p','q')",
		setUp: []string{"SET SESSION sql_mode = ''"},
		file:  "1,,,,,,\n2,abc,abc,abc,abc,5,abc\n3,2020-01-02,12:34:56,2020-01-02 03:04:05,y,6,q\n", options: "FIELDS TERMINATED BY ','",
		sel: loadTemporalSelect,
		want: []Row{{"1", "0000-00-00", "00:00:00", "zero", "0", "0", "0"}, {"2", "0000-00-00", "00:00:00", "zero", "0", "5", "0"},
			{"3", "2020-01-02", "12:34:56", "2020-01-02 03:04:05", "2", "6", "2"}},
		// In the fields' order, a number's beside the others'.
		warnings: []Row{{"Warning", 1265, "Data truncated for column 'd' at row 1"}, {"Warning", 1265, "Data truncated for column 'tm' at row 1"},
			{"Warning", 1265, "Data truncated for column 'dt' at row 1"}, {"Warning", 1265, "Data truncated for column 'e' at row 1"},
			{"Warning", 1366, "Incorrect integer value: '' for column 'n' at row 1"},
			{"Warning", 1265, "Data truncated for column 'd' at row 2"}, {"Warning", 1265, "Data truncated for column 'tm' at row 2"},
			{"Warning", 1265, "Data truncated for column 'dt' at row 2"}, {"Warning", 1265, "Data truncated for column 'e' at row 2"},
			{"Warning", 1265, "Data truncated for column 's' at row 2"}},
		notMariaDB: true}, // MariaDB names the column of 1366 `db`.`t`.`n`
	{name: "an empty or bad temporal or ENUM field as MariaDB reads it",
		table: "id INT, d DATE, tm TIME, dt DATETIME, e ENUM('x','y'), s SET('p','q')",
		setUp: []string{"SET SESSION sql_mode = ''"},
		file:  "1,,,,,\n2,abc,abc,abc,abc,abc\n3,2020-01-02,12:34:56,2020-01-02 03:04:05,y,q\n", options: "FIELDS TERMINATED BY ','",
		sel: append(loadTemporalSelect[:5:5], "s + 0"),
		want: []Row{{"1", "0000-00-00", "00:00:00", "zero", "0", "0"}, {"2", "0000-00-00", "00:00:00", "zero", "0", "0"},
			{"3", "2020-01-02", "12:34:56", "2020-01-02 03:04:05", "2", "2"}},
		warnings: []Row{{"Warning", 1265, "Data truncated for column 'd' at row 1"}, {"Warning", 1265, "Data truncated for column 'tm' at row 1"},
			{"Warning", 1265, "Data truncated for column 'dt' at row 1"}, {"Warning", 1265, "Data truncated for column 'e' at row 1"},
			{"Warning", 1265, "Data truncated for column 'd' at row 2"}, {"Warning", 1265, "Data truncated for column 'tm' at row 2"},
			{"Warning", 1265, "Data truncated for column 'dt' at row 2"}, {"Warning", 1265, "Data truncated for column 'e' at row 2"},
			{"Warning", 1265, "Data truncated for column 's' at row 2"}}},
	{name: "IGNORE: an empty or bad DATE and TIMESTAMP field: the zero, warning 1265", table: "id INT, d DATE, ts TIMESTAMP NULL",
		file: "1,,2020-01-02 03:04:05\n2,2021-13-01,\n", options: "FIELDS TERMINATED BY ','", server: true,
		sel:  []string{"id", "CAST(d AS CHAR)", "IF(ts = '0000-00-00 00:00:00', 'zero', CAST(ts AS CHAR))"},
		want: []Row{{"1", "0000-00-00", "2020-01-02 03:04:05"}, {"2", "0000-00-00", "zero"}},
		warnings: []Row{{"Warning", 1265, "Data truncated for column 'd' at row 1"}, {"Warning", 1265, "Data truncated for column 'd' at row 2"},
			{"Warning", 1265, "Data truncated for column 'ts' at row 2"}}},
	{name: "LOCAL makes an empty DATE field a warning", table: "id INT, d DATE", local: true,
		file: "1\t\n", want: []Row{{"31", hexOf("0000-00-00")}}, warnings: []Row{{"Warning", 1265, "Data truncated for column 'd' at row 1"}}},
	{name: "an empty DATE field: error 1292 in strict mode", table: "id INT, d DATE",
		file: "1\t2020-01-01\n2\t\n", server: true, err: "Incorrect date value: '' for column ", errCode: 1292, want: []Row{}},
	{name: "an empty TIME field: error 1292 in strict mode", table: "id INT, tm TIME",
		file: "1\t\n", server: true, err: "Incorrect time value: '' for column ", errCode: 1292, want: []Row{}},
	{name: "a bad DATETIME field: error 1292 in strict mode", table: "id INT, dt DATETIME",
		file: "1\tabc\n", server: true, err: "Incorrect datetime value: 'abc' for column ", errCode: 1292, want: []Row{}},
	{name: "an empty ENUM field: error 1265 in strict mode", table: "id INT, e ENUM('x')",
		file: "1\t\n", server: true, err: "Data truncated for column 'e' at row 1", errCode: 1265, want: []Row{}},
	// Regression (catalog/compat_load_data_utf8.go): a variable read from
	// a CHARACTER SET binary file that is not UTF-8, SET to a text column,
	// was error 1366 "invalid string for charset utf8mb4: '[99 97 102 233
	// 255]'" (under IGNORE the column ''). The variable's bytes are read
	// as they are (a binary column and HEX take them).
	{name: "CHARACTER SET binary: a variable holds the bytes", table: "id INT, b VARBINARY(20), h VARCHAR(40), n INT",
		file: "1\tcaf\xe9\xff\n2\tok\n", options: "CHARACTER SET binary (id, @v) SET b = @v, h = HEX(@v), n = LENGTH(@v)",
		sel:  []string{"id", "HEX(b)", "h", "n"},
		want: []Row{{"1", "636166E9FF", "636166E9FF", "5"}, {"2", "6F6B", "6F6B", "2"}}, warnings: []Row{}},
	{name: "CHARACTER SET binary: a variable that is not UTF-8 for a text column: error 1366 in strict mode", table: "id INT, s TEXT CHARACTER SET utf8mb4",
		file: "1\tcaf\xe9\xff\n", options: "CHARACTER SET binary (id, @v) SET s = @v", server: true,
		err: "Incorrect string value: '\\xE9\\xFF' for column ", errCode: 1366, want: []Row{}},
	// MariaDB stores each bad byte as '?' and names the column `d`.`t`.`s`.
	{name: "IGNORE: CHARACTER SET binary: a variable that is not UTF-8 for a text column keeps its valid prefix", table: "id INT, s TEXT CHARACTER SET utf8mb4",
		file: "1\tcaf\xe9\xff\n", options: "CHARACTER SET binary (id, @v) SET s = @v", notMariaDB: true,
		want: []Row{{"31", hexOf("caf")}}, warnings: []Row{{"Warning", 1366, "Incorrect string value: '\\xE9\\xFF' for column 's' at row 1"}}},
	// Not a regression: expression defaults of the columns a load leaves
	// out read the row (dflt11).
	{name: "expression defaults of the columns left out", table: "id INT, a INT DEFAULT 3, d INT DEFAULT (a+id), s INT AS (d*2) STORED",
		file: "1\n2\n", options: "(id)", want: []Row{{"31", "33", "34", "38"}, {"32", "33", "35", hexOf("10")}}},
}

// TestLoadDataMatchesMariaDB loads the same files in-process, over the wire
// (LOCAL) and into MariaDB, and checks every loaded value.
func TestLoadDataMatchesMariaDB(t *testing.T) {
	// dir is where the files go: the server reads them from its
	// secure_file_priv directory.
	scripts := func(local bool, dir string, mariaDB bool) []ScriptTest {
		var out []ScriptTest
		for i, c := range loadDataCases {
			file := filepath.Join(dir, fmt.Sprintf("case%d.txt", i))
			if err := os.WriteFile(file, []byte(c.file), 0o644); err != nil {
				t.Fatal(err)
			}
			if c.local && !local || c.notMariaDB && mariaDB {
				continue
			}
			load := "LOAD DATA INFILE '"
			if local && !c.server || c.local {
				load = "LOAD DATA LOCAL INFILE '"
			}
			sel := c.sel
			for _, col := range strings.Split(c.table, ", ") { // DECIMAL(5,2) is one column
				name, _, _ := strings.Cut(strings.TrimSpace(col), " ")
				if c.sel == nil {
					sel = append(sel, "HEX(CAST("+name+" AS CHAR))")
				}
			}
			into := "' INTO TABLE t "
			if strings.HasPrefix(c.name, "IGNORE") {
				into = "' IGNORE INTO TABLE t "
			}
			if strings.HasPrefix(c.name, "REPLACE") {
				into = "' REPLACE INTO TABLE t "
			}
			as := []Assertion{
				{Query: load + file + into + c.options, ExpectedErr: c.err, ExpectedErrCode: c.errCode, ExpectedWarnings: c.warnings},
				{Query: "SELECT " + strings.Join(sel, ", ") + " FROM t ORDER BY 1", Expected: c.want},
			}
			out = append(out, ScriptTest{
				Name:        c.name,
				SetUpScript: append([]string{"CREATE TABLE t (" + c.table + ")"}, c.setUp...),
				Assertions:  as,
			})
		}
		return out
	}
	t.Run("engine", func(t *testing.T) {
		for _, s := range scripts(false, t.TempDir(), false) {
			t.Run(s.Name, func(t *testing.T) { runScript(t, noEmptyRows{newEngineConn(t)}, s) })
		}
	})
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		for _, s := range scripts(true, filepath.Join(srv.DataDir(), "files"), false) {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newScriptConn(t, srv, mariaDBName(s.Name)), s) })
		}
	})
	t.Run("mariadb", func(t *testing.T) {
		m := sharedMariaDB(t)
		for _, s := range scripts(true, t.TempDir(), true) {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newMariaDBConn(t, m, mariaDBName(s.Name)), s) })
		}
	})
}
