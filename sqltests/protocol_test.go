package sqltests

import (
	"context"
	dbsql "database/sql"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// rawField is a column definition packet's fields (Protocol::ColumnDefinition41).
type rawField struct {
	Table, OrgTable, Name string
	Charset               uint16
	Length                uint32
	Type                  byte
	Flags                 uint16
	Decimals              byte
}

// MySQL column definition flags the tests check.
const (
	colNotNull  = 1
	colUnsigned = 32
	colZerofill = 64
	colBinary   = 128
)

func parseColumnDef(p []byte) (rawField, error) {
	var f rawField
	pos := 0
	str := func() string {
		l, n := lenEnc(p[pos:])
		s := string(p[pos+n : pos+n+int(l)])
		pos += n + int(l)
		return s
	}
	str() // catalog
	str() // schema
	f.Table = str()
	f.OrgTable = str()
	f.Name = str()
	str() // org_name
	pos++ // 0x0c
	if pos+12 > len(p) {
		return f, fmt.Errorf("short column definition % x", p)
	}
	f.Charset = binary.LittleEndian.Uint16(p[pos:])
	f.Length = binary.LittleEndian.Uint32(p[pos+2:])
	f.Type = p[pos+6]
	f.Flags = binary.LittleEndian.Uint16(p[pos+7:])
	f.Decimals = p[pos+9]
	return f, nil
}

// queryFields runs q on c and returns its column definitions.
func queryFields(t *testing.T, c *rawConn, q string) []rawField {
	t.Helper()
	res, err := c.query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	last := res[len(res)-1]
	if last.Err != nil {
		t.Fatalf("%s: %v", q, last.Err)
	}
	var out []rawField
	for _, d := range last.ColumnDefs {
		f, err := parseColumnDef(d)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

// protocolSetUp creates the tables the protocol tests read, on simsql and
// on MariaDB alike.
var protocolSetUp = []string{
	"DROP TABLE IF EXISTS ty",
	"CREATE TABLE ty (id INT PRIMARY KEY, f FLOAT, d DOUBLE NOT NULL, y YEAR NOT NULL, yn YEAR, b8 BIT(8), " +
		"dt DATE, dtt DATETIME NOT NULL, dc DECIMAL(10,2), bi BIGINT UNSIGNED NOT NULL, s VARCHAR(10), vb VARBINARY(8) NOT NULL, tm TIME)",
	"INSERT INTO ty VALUES (1, 1.5, 2.5, 2024, NULL, NULL, '2024-01-02', '2024-01-02 03:04:05', 1.25, 5, 'x', 'ab', '01:02:03')",
}

// wantField is what a column definition must hold: its character set (63,
// binary, or 0 for "not 63"), flags that must be set and decimals.
type wantField struct {
	name     string
	binaryCS bool
	flags    uint16
	decimals byte
}

// wantTyFields are MySQL's and MariaDB's column definitions of SELECT *
// FROM ty (checked against MariaDB in TestProtocolColumnDefinitions).
var wantTyFields = []wantField{
	{"id", true, colNotNull, 0},
	{"f", true, 0, 31},          // FLOAT: NOT_FIXED_DEC
	{"d", true, colNotNull, 31}, // DOUBLE NOT NULL
	{"y", true, colNotNull | colUnsigned | colZerofill, 0},
	{"yn", true, colUnsigned | colZerofill, 0},
	{"b8", true, colUnsigned, 0}, // BIT: binary, so drivers scan bytes
	{"dt", true, colBinary, 0},
	{"dtt", true, colNotNull | colBinary, 0},
	{"dc", true, 0, 2},
	{"bi", true, colNotNull | colUnsigned, 0},
	{"s", false, 0, 0},
	{"vb", true, colNotNull | colBinary, 0},
	{"tm", true, colBinary, 0},
}

func checkFields(t *testing.T, who string, got []rawField, want []wantField) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d columns, want %d", who, len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Name != w.name {
			t.Errorf("%s: column %d is %q, want %q", who, i, g.Name, w.name)
			continue
		}
		if (g.Charset == 63) != w.binaryCS {
			t.Errorf("%s: column %s: charset %d, want binary (63) %v", who, w.name, g.Charset, w.binaryCS)
		}
		if g.Flags&w.flags != w.flags {
			t.Errorf("%s: column %s: flags %#x lack %#x", who, w.name, g.Flags, w.flags)
		}
		if w.binaryCS && g.Decimals != w.decimals { // strings': the server's own
			t.Errorf("%s: column %s: decimals %d, want %d", who, w.name, g.Decimals, w.decimals)
		}
	}
}

// dialSetUp opens a raw connection to addr (closed at the end of the test)
// and runs setUp on it.
func dialSetUp(t *testing.T, addr string, setUp []string) *rawConn {
	t.Helper()
	c, err := dialRaw(addr, "root", "", "simsql", false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	for _, q := range setUp {
		if res, err := c.query(q); err != nil || res[0].Err != nil {
			t.Fatalf("%s: %v %v", q, err, res)
		}
	}
	return c
}

// executeFields prepares and executes q on c (the binary protocol) and
// returns its result and column definitions.
func executeFields(t *testing.T, c *rawConn, q string) (rawResult, []rawField) {
	t.Helper()
	res, err := c.execute(q)
	if err != nil || res.Err != nil {
		t.Fatalf("execute %s: %v %v", q, err, res.Err)
	}
	var defs []rawField
	for _, d := range res.ColumnDefs {
		f, _ := parseColumnDef(d)
		defs = append(defs, f)
	}
	return res, defs
}

// TestProtocolColumnDefinitions checks the column definitions simsql
// sends (cmd/simsql/protocol_compat.go: charset 63 for numbers, dates,
// YEAR and BIT, YEAR UNSIGNED ZEROFILL, type flags of NOT NULL columns,
// FLOAT and DOUBLE decimals 31, a derived table's alias as written), and
// that MariaDB sends the same.
func TestProtocolColumnDefinitions(t *testing.T) {
	check := func(t *testing.T, who, addr string) {
		c := dialSetUp(t, addr, protocolSetUp)
		checkFields(t, who, queryFields(t, c, "SELECT * FROM ty"), wantTyFields)
		// Expressions: numbers are binary, strings are not.
		exprs := queryFields(t, c, "SELECT COUNT(*), 1e0, 'a', CAST(1 AS UNSIGNED) FROM ty")
		checkFields(t, who, exprs, []wantField{
			{"COUNT(*)", true, colNotNull, 0}, {"1e0", true, colNotNull, 31}, {"a", false, colNotNull, 0},
			{"CAST(1 AS UNSIGNED)", true, colUnsigned, 0},
		})
		for _, q := range []string{"SELECT * FROM (SELECT 1 AS one) AS A", "SELECT Tb.id FROM ty AS Tb"} {
			f := queryFields(t, c, q)
			if want := strings.Fields(q)[len(strings.Fields(q))-1]; f[0].Table != want {
				t.Errorf("%s: %s: table %q, want %q", who, q, f[0].Table, want)
			}
		}
		// The binary protocol sends the same definitions, and a zero
		// date with length 0 (MySQL's encoding; year 0 month 0 day 0
		// became -0001-11-30 with go-sql-driver/mysql's parseTime). Without
		// NO_ZERO_DATE: with it MySQL casts the zero date string to NULL
		// (compat/zero_dates.go).
		if res, err := c.query("SET sql_mode = ''"); err != nil || res[0].Err != nil {
			t.Fatalf("SET sql_mode: %v %v", err, res)
		}
		res, defs := executeFields(t, c, "SELECT y, f, CAST('0000-00-00' AS DATE), CAST('0000-00-00 00:00:00' AS DATETIME) FROM ty")
		checkFields(t, who+" (binary)", defs[:2], []wantField{wantTyFields[3], wantTyFields[1]})
		if len(res.BinaryRows) != 1 {
			t.Fatalf("%s: binary rows %d, want 1", who, len(res.BinaryRows))
		}
		row := res.BinaryRows[0]
		// 0x00, a NULL bitmap of (4+7+2)/8 = 1 byte, YEAR (2 bytes),
		// FLOAT (4 bytes), then each date's length byte.
		if p := 1 + 1 + 2 + 4; len(row) != p+2 || row[p] != 0 || row[p+1] != 0 {
			t.Errorf("%s: binary row % x: want two zero-length dates after byte %d", who, row, p)
		}
		// A prepared EXPLAIN announces its parameters.
		if n, err := c.prepareParams("EXPLAIN SELECT * FROM ty WHERE id = ? AND s = ?"); err != nil || n != 2 {
			t.Errorf("%s: prepared EXPLAIN announces %d parameters (%v), want 2", who, n, err)
		}
		// The text protocol sends the YEAR 0 with its 4 digits, 0000
		// (go-mysql-server sent 0), and '0000' is stored as 0000, not 2000.
		for _, q := range []string{"DROP TABLE IF EXISTS yz", "CREATE TABLE yz (id INT PRIMARY KEY, y YEAR)", "INSERT INTO yz VALUES (1, 0), (2, '0000'), (3, '00')"} {
			if res, err := c.query(q); err != nil || res[0].Err != nil {
				t.Fatalf("%s: %s: %v %v", who, q, err, res)
			}
		}
		years, err := c.query("SELECT y FROM yz ORDER BY id")
		if err != nil || years[0].Err != nil || len(years[0].Rows) != 3 {
			t.Fatalf("%s: %v %v", who, err, years)
		}
		for i, want := range []string{"0000", "0000", "2000"} {
			if got := years[0].Rows[i][0]; got == nil || *got != want {
				t.Errorf("%s: YEAR row %d is %s, want %s", who, i+1, formatCell(got), want)
			}
		}
	}
	t.Run("simsql", func(t *testing.T) { check(t, "simsql", StartServer(t).Addr) })
	t.Run("mariadb", func(t *testing.T) { check(t, "mariadb", startMariaDB(t).Socket) })
}

// prepareParams prepares q (COM_STMT_PREPARE), returns the number of
// parameters the server announces and closes the statement.
func (c *rawConn) prepareParams(q string) (int, error) {
	c.seq = 0
	if err := c.writePacket(append([]byte{0x16}, q...)); err != nil {
		return 0, err
	}
	p, err := c.readPacket()
	if err != nil {
		return 0, err
	}
	if p[0] == 0xff {
		return 0, parseErr(p)
	}
	id := binary.LittleEndian.Uint32(p[1:])
	cols, params := int(binary.LittleEndian.Uint16(p[5:])), int(binary.LittleEndian.Uint16(p[7:]))
	for _, n := range []int{params, cols} {
		if n == 0 {
			continue
		}
		for range n + 1 { // the definitions and their EOF
			if _, err := c.readPacket(); err != nil {
				return 0, err
			}
		}
	}
	c.seq = 0
	return params, c.writePacket(binary.LittleEndian.AppendUint32([]byte{0x19}, id))
}

// TestProtocolDriverScans checks, through go-sql-driver/mysql with
// parseTime (its own tests TestRowsColumnTypes, TestDateTime and
// TestColumnsWithAlias failed on these), what the driver makes of
// simsql's answers, and that it makes the same of MariaDB's.
func TestProtocolDriverScans(t *testing.T) {
	check := func(t *testing.T, who string, dsn string) {
		cfg, err := mysql.ParseDSN(dsn)
		if err != nil {
			t.Fatal(err)
		}
		cfg.ParseTime = true
		cfg.ColumnsWithAlias = true
		db, err := dbsql.Open("mysql", cfg.FormatDSN())
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		db.SetMaxOpenConns(1)
		for _, q := range protocolSetUp {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		rows, err := db.Query("SELECT b8, y, f, d FROM ty")
		if err != nil {
			t.Fatal(err)
		}
		cts, err := rows.ColumnTypes()
		rows.Close()
		if err != nil {
			t.Fatal(err)
		}
		wantScan := []reflect.Type{reflect.TypeOf([]byte{}), reflect.TypeOf(uint16(0)),
			reflect.TypeOf(dbsql.NullFloat64{}), reflect.TypeOf(float64(0))}
		for i, ct := range cts {
			if ct.ScanType() != wantScan[i] {
				t.Errorf("%s: %s scans as %v, want %v", who, ct.Name(), ct.ScanType(), wantScan[i])
			}
		}
		for _, ct := range cts[2:] {
			if p, s, ok := ct.DecimalSize(); !ok || p != math.MaxInt64 || s != math.MaxInt64 {
				t.Errorf("%s: %s DecimalSize %d, %d, %v; want no fixed scale", who, ct.Name(), p, s, ok)
			}
		}
		// Binary protocol: a zero date is Go's zero time (cast without
		// NO_ZERO_DATE, which makes it NULL: compat/zero_dates.go); a Go
		// time cast to TIME is its time of day.
		if _, err := db.Exec("SET sql_mode = ''"); err != nil {
			t.Fatal(err)
		}
		var zero time.Time
		if err := db.QueryRow("SELECT CAST(? AS DATE)", "0000-00-00").Scan(&zero); err != nil || !zero.IsZero() {
			t.Errorf("%s: zero DATE scans as %v (%v), want the zero time", who, zero, err)
		}
		var clock string
		at := time.Date(1, 1, 1, 3, 25, 45, 0, time.UTC)
		if err := db.QueryRow("SELECT CAST(? AS TIME)", at).Scan(&clock); err != nil || clock != "03:25:45" {
			t.Errorf("%s: CAST(? AS TIME) of %v is %q (%v), want 03:25:45", who, at, clock, err)
		}
		r, err := db.Query("SELECT * FROM (SELECT 1 AS one) AS A")
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := r.Columns()
		r.Close()
		if len(cols) != 1 || cols[0] != "A.one" {
			t.Errorf("%s: columns %q, want [A.one]", who, cols)
		}
		if _, err := db.Exec("DO 1"); err != nil {
			t.Errorf("%s: DO 1: %v", who, err)
		}
	}
	t.Run("simsql", func(t *testing.T) { check(t, "simsql", StartServer(t).DSN("simsql")) })
	t.Run("mariadb", func(t *testing.T) { check(t, "mariadb", startMariaDB(t).DSN("simsql")) })
}

// stmtResult is what TestStatementsMariaDB compares: the error number,
// or the columns and rows of the last result.
type stmtResult struct {
	errNum  uint16
	columns []string
	rows    [][]*string
}

func runStmt(ctx context.Context, c *dbsql.Conn, q string) stmtResult {
	var out stmtResult
	rs, err := c.QueryContext(ctx, q)
	if err != nil {
		if me, ok := err.(*mysql.MySQLError); ok {
			out.errNum = me.Number
		} else {
			out.errNum = 1
		}
		return out
	}
	defer rs.Close()
	out.columns, _ = rs.Columns()
	for rs.Next() {
		raw := make([]dbsql.RawBytes, len(out.columns))
		dest := make([]any, len(raw))
		for i := range raw {
			dest[i] = &raw[i]
		}
		if err := rs.Scan(dest...); err != nil {
			out.errNum = 2
			return out
		}
		row := make([]*string, len(raw))
		for i, b := range raw {
			if b != nil {
				s := string(b)
				row[i] = &s
			}
		}
		out.rows = append(out.rows, row)
	}
	if err := rs.Err(); err != nil {
		if me, ok := err.(*mysql.MySQLError); ok {
			out.errNum = me.Number
		}
	}
	return out
}

// compare says what of a statement's answer TestStatementsMariaDB
// compares: everything, the columns and number of rows, the number of
// rows only (where MariaDB's columns are its own, as SHOW EVENTS'), or
// the same rows but for the text of notes (OPTIMIZE TABLE: InnoDB says it
// rebuilds the table, simsql what it did instead).
type compare int

const (
	sameRows compare = iota
	sameShape
	sameCount
	sameButNotes
	intColumns // EXPLAIN: the id and rows columns hold integers or NULL on both
)

// withoutNotes returns rows of a table maintenance statement (Table, Op,
// Msg_type, Msg_text) with the text of its notes blanked.
func withoutNotes(rows [][]Cell) [][]Cell {
	out := make([][]Cell, len(rows))
	blank := ""
	for i, r := range rows {
		out[i] = slices.Clone(r)
		if len(r) == 4 && r[2] != nil && *r[2] == "note" {
			out[i][3] = &blank
		}
	}
	return out
}

// TestStatementsMariaDB runs the statements of issue 14 on simsql and on
// MariaDB and compares the answers: each answers, as MariaDB does, with
// the same rows, or the same columns and number of rows where the values
// are the server's own (a checksum, EXPLAIN's plan).
func TestStatementsMariaDB(t *testing.T) {
	const db = "t_statements"
	setUp := []string{
		"CREATE TABLE t (id INT PRIMARY KEY, v INT)",
		"INSERT INTO t VALUES (1, 10), (2, 20)",
		"SELECT * FROM t", // opens t (SHOW OPEN TABLES)
	}
	cases := []struct {
		q   string
		cmp compare
	}{
		{"DO 1", sameRows},
		{"DO 1, 2 + 3", sameRows},
		{"SHOW ERRORS", sameRows},
		{"SHOW COUNT(*) WARNINGS", sameRows},
		{"SHOW COUNT(*) ERRORS", sameRows},
		{"SHOW PROFILES", sameRows},
		{"SHOW OPEN TABLES FROM " + db, sameRows},
		{"CHECK TABLE t", sameRows},
		{"CHECK TABLE t, nosuch", sameRows},
		{"CHECKSUM TABLE t", sameShape},
		{"CHECKSUM TABLE nosuch", sameRows},
		{"CHECKSUM TABLE t QUICK", sameRows},
		{"OPTIMIZE TABLE t", sameButNotes},
		{"OPTIMIZE TABLE nosuch", sameRows},
		{"REPAIR TABLE t", sameRows},
		{"ANALYZE TABLE t", sameRows},
		{"ANALYZE NO_WRITE_TO_BINLOG TABLE t, nosuch", sameRows},
		{"HELP 'no topic is called this'", sameRows},
		{"EXPLAIN FORMAT=JSON SELECT * FROM t WHERE v = 10", sameShape},
		{"EXPLAIN SELECT * FROM t WHERE v = 10", intColumns},
		{"EXPLAIN SELECT 1", intColumns},
		{"SHOW EVENTS", sameCount},
		{"SELECT COUNT(*) FROM information_schema.EVENTS", sameRows},
		{"SELECT @@have_ssl", sameRows},
		{"SELECT BENCHMARK(10, 1 + 1), BENCHMARK(NULL, 1), BENCHMARK(-1, 1)", sameRows},
		{"SELECT CAST('2011-11-20 21:27:37' AS TIME)", sameRows},
		{"SELECT * FROM (SELECT 1 AS one) AS A", sameRows},
	}
	answers := map[string][]stmtResult{}
	for _, who := range []string{"simsql", "mariadb"} {
		var pool *dbsql.DB
		if who == "simsql" {
			pool = StartServer(t).DB(t)
		} else {
			pool = startMariaDB(t).DB(t)
		}
		ctx := context.Background()
		c, err := pool.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		for _, q := range append([]string{"DROP DATABASE IF EXISTS " + db, "CREATE DATABASE " + db, "USE " + db}, setUp...) {
			if r := runStmt(ctx, c, q); r.errNum != 0 {
				t.Fatalf("%s: %s: error %d", who, q, r.errNum)
			}
		}
		for _, tc := range cases {
			answers[who] = append(answers[who], runStmt(ctx, c, tc.q))
		}
	}
	for i, tc := range cases {
		s, m := answers["simsql"][i], answers["mariadb"][i]
		if s.errNum != 0 || m.errNum != 0 {
			t.Errorf("%s: error %d on simsql, %d on MariaDB", tc.q, s.errNum, m.errNum)
			continue
		}
		switch tc.cmp {
		case sameRows:
			if !reflect.DeepEqual(s.columns, m.columns) || formatCells(s.rows) != formatCells(m.rows) {
				t.Errorf("%s:\n simsql  %q %s\n mariadb %q %s", tc.q, s.columns, formatCells(s.rows), m.columns, formatCells(m.rows))
			}
		case sameShape:
			if !reflect.DeepEqual(s.columns, m.columns) || len(s.rows) != len(m.rows) {
				t.Errorf("%s: simsql %q, %d rows; MariaDB %q, %d rows", tc.q, s.columns, len(s.rows), m.columns, len(m.rows))
			}
		case sameCount:
			if len(s.rows) != len(m.rows) {
				t.Errorf("%s: simsql %d rows, MariaDB %d", tc.q, len(s.rows), len(m.rows))
			}
		case sameButNotes:
			if !reflect.DeepEqual(s.columns, m.columns) || formatCells(withoutNotes(s.rows)) != formatCells(withoutNotes(m.rows)) {
				t.Errorf("%s:\n simsql  %q %s\n mariadb %q %s", tc.q, s.columns, formatCells(s.rows), m.columns, formatCells(m.rows))
			}
		case intColumns:
			for who, r := range map[string]stmtResult{"simsql": s, "mariadb": m} {
				if len(r.rows) == 0 {
					t.Errorf("%s on %s: no rows", tc.q, who)
				}
				for _, row := range r.rows {
					for j, col := range r.columns {
						if (col == "id" || col == "rows") && row[j] != nil {
							if _, err := strconv.ParseInt(*row[j], 10, 64); err != nil {
								t.Errorf("%s on %s: column %s is %q, not an integer or NULL", tc.q, who, col, *row[j])
							}
						}
					}
				}
			}
		}
		if strings.Contains(tc.q, "FORMAT=JSON") && len(s.rows) == 1 {
			var doc map[string]any
			if err := json.Unmarshal([]byte(*s.rows[0][0]), &doc); err != nil || doc["query_block"] == nil {
				t.Errorf("%s: not MySQL's JSON document (%v): %s", tc.q, err, *s.rows[0][0])
			}
		}
	}
}

// openDSN opens a pool to dsn as set changes its configuration, closed at
// the end of the test.
func openDSN(t *testing.T, dsn string, set func(*mysql.Config)) *dbsql.DB {
	t.Helper()
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	set(cfg)
	db, err := dbsql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestProtocolConnectCollation checks that the collation a client asks
// for in its handshake is the connection's (go-sql-driver/mysql's
// collation parameter; its TestCollation), on simsql as on MariaDB.
func TestProtocolConnectCollation(t *testing.T) {
	check := func(t *testing.T, who, dsn string) {
		for _, collation := range []string{"latin1_general_ci", "binary", "utf8mb4_unicode_ci", "utf8mb4_bin"} {
			cfg, err := mysql.ParseDSN(dsn)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Collation = collation
			db, err := dbsql.Open("mysql", cfg.FormatDSN())
			if err != nil {
				t.Fatal(err)
			}
			var conn, client, results string
			err = db.QueryRow("SELECT @@collation_connection, @@character_set_client, @@character_set_results").Scan(&conn, &client, &results)
			db.Close()
			cs, _, _ := strings.Cut(collation, "_")
			if err != nil || conn != collation || client != cs || results != cs {
				t.Errorf("%s: connected with %s: collation_connection %q, character_set_client %q, character_set_results %q (%v)",
					who, collation, conn, client, results, err)
			}
		}
	}
	t.Run("simsql", func(t *testing.T) {
		srv := StartServer(t)
		check(t, "simsql", srv.DSN("simsql"))
		// A utf8mb3 collation (the mariadb CLI's default) is taken as its
		// utf8mb4 one, so that results with 4-byte characters reach the
		// client (go-mysql-server fails them for utf8mb3).
		cfg, err := mysql.ParseDSN(srv.DSN("simsql"))
		if err != nil {
			t.Fatal(err)
		}
		cfg.Collation = "utf8mb3_general_ci"
		db, err := dbsql.Open("mysql", cfg.FormatDSN())
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var coll, results, text string
		if err := db.QueryRow("SELECT @@collation_connection, @@character_set_results, '😀中'").Scan(&coll, &results, &text); err != nil ||
			coll != "utf8mb4_general_ci" || results != "utf8mb4" || text != "😀中" {
			t.Errorf("connected with utf8mb3_general_ci: %q, %q, %q (%v); want utf8mb4_general_ci, utf8mb4, 😀中", coll, results, text, err)
		}
	})
	t.Run("mariadb", func(t *testing.T) { check(t, "mariadb", startMariaDB(t).DSN("simsql")) })
}

// TestPreparedCompatStatements prepares, with the binary protocol
// (COM_STMT_PREPARE, go-sql-driver/mysql's db.Prepare; its suite's
// TestReuseClosedConnection), statements that go-mysql-server answers
// through compat but vitess's grammar does not know: vitess parsed them
// before simsql saw them, and the client got 1105 "syntax error at
// position 3 near 'DO'" (cmd/simsql/prepare_carried.go). Each prepares,
// runs with its arguments twice and has its effects, with the columns
// MariaDB sends; a SELECT that only looks like one is not taken for it.
func TestPreparedCompatStatements(t *testing.T) {
	reference(t, func(t *testing.T, db *dbsql.DB) {
		db.SetMaxOpenConns(1)
		if _, err := db.Exec("CREATE TABLE IF NOT EXISTS pt (id INT PRIMARY KEY)"); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			query string
			args  []any
			cols  []string // nil: no result set
		}{
			{"DO 1", nil, nil},
			{"  /* comment */ do 1, 2", nil, nil},
			{"DO ?", []any{7}, nil},
			{"DO ? + ?, CONCAT(?, 'x')", []any{1, 2, "a"}, nil},
			{"DO(1)", nil, nil},
			{"CHECK TABLE pt", nil, []string{"Table", "Op", "Msg_type", "Msg_text"}},
			{"CHECKSUM TABLE pt", nil, []string{"Table", "Checksum"}},
			{"OPTIMIZE TABLE pt", nil, []string{"Table", "Op", "Msg_type", "Msg_text"}},
			{"REPAIR TABLE pt", nil, []string{"Table", "Op", "Msg_type", "Msg_text"}},
			{"SHOW OPEN TABLES", nil, []string{"Database", "Table", "In_use", "Name_locked"}},
			{"SHOW PROFILES", nil, []string{"Query_ID", "Duration", "Query"}},
			{"HELP 'nothing such'", nil, []string{"name", "is_it_category"}},
			{"EXPLAIN FORMAT=JSON SELECT * FROM pt WHERE id = 1", nil, []string{"EXPLAIN"}},
			// Its parameters bound (was "invalid arguments. expected: 0, found: 1").
			{"EXPLAIN FORMAT=JSON SELECT * FROM pt WHERE id = ?", []any{1}, []string{"EXPLAIN"}},
			{"SELECT @pa := ? + 1 AS a, @pa * 2 AS b", []any{1}, []string{"a", "b"}},
		} {
			stmt, err := db.Prepare(c.query)
			if err != nil {
				t.Errorf("prepare %q: %v", c.query, err)
				continue
			}
			for range 2 { // twice: the prepared plan is kept
				rows, err := stmt.Query(c.args...)
				if err != nil {
					t.Errorf("%q: %v", c.query, err)
					break
				}
				cols, _ := rows.Columns()
				for rows.Next() {
				}
				if err := rows.Close(); err != nil {
					t.Errorf("%q: %v", c.query, err)
				}
				if strings.Join(cols, ",") != strings.Join(c.cols, ",") {
					t.Errorf("%q: columns %q, want %q", c.query, cols, c.cols)
				}
			}
			stmt.Close()
		}
		// Its expressions run: a warning (DO CAST('x' AS SIGNED)) reaches SHOW WARNINGS.
		stmt, err := db.Prepare("DO CAST(? AS SIGNED)")
		if err != nil {
			t.Fatal(err)
		}
		defer stmt.Close()
		if _, err := stmt.Exec("x"); err != nil {
			t.Fatal(err)
		}
		var level, msg string
		var code int
		if err := db.QueryRow("SHOW WARNINGS").Scan(&level, &code, &msg); err != nil || code != 1292 {
			t.Errorf("SHOW WARNINGS after DO CAST('x' AS SIGNED): %d %q (%v), want 1292", code, msg, err)
		}
		// A prepared DO with an error is that error.
		if _, err := db.Exec("DO nosuchfunction(?)", 1); err == nil {
			t.Error("DO nosuchfunction(?): no error")
		}
		// A statement that only starts with "do" is not a DO.
		var one int
		if err := db.QueryRow("SELECT ? AS do1", 1).Scan(&one); err != nil || one != 1 {
			t.Errorf("SELECT ? AS do1: %d (%v)", one, err)
		}
	})
}

// TestProtocolFloatScale checks what a FLOAT(M,D) or DOUBLE(M,D) column
// tells a client: length M and decimals D in its column definition, over
// the text and binary protocols (go-mysql-server 0.20 kept neither and
// sent decimals 31: go-sql-driver/mysql's TestRowsColumnTypes), and
// float(M,D) in SHOW CREATE TABLE, also after a restart
// (catalog/compat_float_scale.go). MariaDB answers the same.
func TestProtocolFloatScale(t *testing.T) {
	setUp := []string{
		"DROP TABLE IF EXISTS fsw",
		"CREATE TABLE fsw (f FLOAT(7,4), d DOUBLE(10,3) NOT NULL, p FLOAT, dc DECIMAL(8,4))",
		"INSERT INTO fsw VALUES (13.37, 1.5, 2.5, 1.25)",
	}
	type lengthDecimals struct {
		name     string
		length   uint32
		decimals byte
	}
	want := []lengthDecimals{{"f", 7, 4}, {"d", 10, 3}, {"p", 12, 31}, {"dc", 10, 4}}
	checkDefs := func(t *testing.T, who string, got []rawField) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d columns, want %d", who, len(got), len(want))
		}
		for i, w := range want {
			if g := got[i]; g.Name != w.name || g.Length != w.length || g.Decimals != w.decimals {
				t.Errorf("%s: column %s: length %d decimals %d, want %s %d %d", who, g.Name, g.Length, g.Decimals, w.name, w.length, w.decimals)
			}
		}
	}
	wantCreate := []string{"`f` float(7,4)", "`d` double(10,3) NOT NULL", "`p` float", "`dc` decimal(8,4)"}
	checkCreate := func(t *testing.T, who string, db *dbsql.DB) {
		t.Helper()
		var name, stmt string
		if err := db.QueryRow("SHOW CREATE TABLE fsw").Scan(&name, &stmt); err != nil {
			t.Fatal(err)
		}
		for _, w := range wantCreate {
			if !strings.Contains(stmt, w+" ") && !strings.Contains(stmt, w+",") && !strings.Contains(stmt, w+"\n") {
				t.Errorf("%s: SHOW CREATE TABLE lacks %q:\n%s", who, w, stmt)
			}
		}
	}
	check := func(t *testing.T, who, addr, dsn string, db *dbsql.DB) {
		c := dialSetUp(t, addr, setUp)
		checkDefs(t, who, queryFields(t, c, "SELECT * FROM fsw"))
		_, defs := executeFields(t, c, "SELECT * FROM fsw")
		checkDefs(t, who+" (binary)", defs)
		checkCreate(t, who, db)
		// In a multi-statement string each CREATE TABLE keeps its own
		// scale (go-mysql-server gives the catalog the rest of the string
		// as the statement's text).
		multi := openDSN(t, dsn, func(cfg *mysql.Config) { cfg.MultiStatements = true })
		multi.SetMaxOpenConns(1)
		if _, err := multi.Exec("DROP TABLE IF EXISTS fo, fm; CREATE TABLE fo (f FLOAT(3,1)); CREATE TABLE fm (f FLOAT(6,3)); INSERT INTO fm VALUES (1.23456)"); err != nil {
			t.Fatal(err)
		}
		var f string
		if err := multi.QueryRow("SELECT f FROM fm").Scan(&f); err != nil || f != "1.235" {
			t.Errorf("%s: FLOAT(6,3) created in a multi-statement string holds %q (%v), want 1.235", who, f, err)
		}
		if _, err := multi.Exec("INSERT INTO fo VALUES (100)"); err == nil || !strings.Contains(err.Error(), "Out of range") {
			t.Errorf("%s: 100 into FLOAT(3,1): %v, want out of range", who, err)
		}
	}
	t.Run("simsql", func(t *testing.T) {
		dir := t.TempDir()
		srv := StartServer(t, "--data-dir", dir)
		check(t, "simsql", srv.Addr, srv.DSN("simsql"), srv.DB(t))
		srv.Stop(t)
		srv = StartServer(t, "--data-dir", dir)
		checkCreate(t, "simsql after a restart", srv.DB(t))
	})
	t.Run("mariadb", func(t *testing.T) {
		m := startMariaDB(t)
		check(t, "mariadb", m.Socket, m.DSN("simsql"), m.DB(t))
	})
}

// TestProtocolDoubleText checks the text of DOUBLE and FLOAT results in
// the text protocol, which go-sql-driver does not hand over (it parses
// them), as MySQL's my_gcvt writes them (compat/double_text.go), and that
// the binary protocol still sends their exact bytes (a FLOAT's, not its
// 6-digit text's); on simsql and on MariaDB.
func TestProtocolDoubleText(t *testing.T) {
	setUp := []string{
		"DROP TABLE IF EXISTS dtw",
		"CREATE TABLE dtw (id INT PRIMARY KEY, x FLOAT, d DOUBLE)",
		"INSERT INTO dtw VALUES (1, 1.1, 1e20), (2, 123456789, -1.5e-7), (3, 1e-10, 123456789012345678e0)",
		"SET @d = 1e20",
	}
	cases := []struct {
		query string
		want  [][]string
	}{
		{"SELECT x, d, x + 0, d * 2 FROM dtw ORDER BY id", [][]string{
			{"1.1", "1e20", "1.100000023841858", "2e20"},
			{"123457000", "-0.00000015", "123456792", "-0.0000003"},
			{"0.0000000001", "1.2345678901234568e17", "0.0000000001000000013351432", "2.4691357802469136e17"}}},
		{"SELECT 1e20, POW(2, 64), 1.5e-7 + 0, 1e-16 + 0, 1e15 + 0, SUM(d), @d FROM dtw", [][]string{
			{"1e20", "1.8446744073709552e19", "0.00000015", "1e-16", "1e15", "1.0012345678901235e20", "1e20"}}},
	}
	check := func(t *testing.T, who, addr string) {
		c := dialSetUp(t, addr, setUp)
		for _, tc := range cases {
			res, err := c.query(tc.query)
			if err != nil || res[0].Err != nil {
				t.Fatalf("%s: %s: %v %v", who, tc.query, err, res)
			}
			var got [][]string
			for _, row := range res[0].Rows {
				var texts []string
				for _, v := range row {
					texts = append(texts, *v)
				}
				got = append(got, texts)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: %s:\n got  %q\n want %q", who, tc.query, got, tc.want)
			}
		}
		res, _ := executeFields(t, c, "SELECT x, d FROM dtw WHERE id = 2")
		if len(res.BinaryRows) != 1 || len(res.BinaryRows[0]) != 2+4+8 {
			t.Fatalf("%s: binary rows % x", who, res.BinaryRows)
		}
		row := res.BinaryRows[0][2:] // the header and a 1-byte NULL bitmap
		x := math.Float32frombits(binary.LittleEndian.Uint32(row))
		d := math.Float64frombits(binary.LittleEndian.Uint64(row[4:]))
		if x != float32(123456789) || d != -1.5e-7 {
			t.Errorf("%s: binary protocol sent %v and %v, want %v and -1.5e-07", who, x, d, float32(123456789))
		}
	}
	t.Run("simsql", func(t *testing.T) {
		srv := StartServer(t, "--data-dir", t.TempDir())
		check(t, "simsql", srv.Addr)
	})
	t.Run("mariadb", func(t *testing.T) {
		m := startMariaDB(t)
		check(t, "mariadb", m.Socket)
	})
}
