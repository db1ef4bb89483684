package main

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/statement"
)

// The protocol details of this file are where go-mysql-server v0.20.0 (and
// the vitess it speaks through) answer unlike MySQL 8 and MariaDB, and
// drivers decide by them; the handler wrapper (clientHandler, handler.go)
// calls these hooks around every statement. Each is pinned by a
// raw-protocol test in sqltests/protocol_test.go.
//
//   - Column definitions (fixFields): numeric, temporal, YEAR and BIT
//     columns carry the binary character set 63, not the connection's
//     (255), as MySQL sends them (go-sql-driver/mysql scans a BIT column as
//     bytes only then); a column's type flags (UNSIGNED of YEAR and BIT,
//     BINARY of temporal and binary string types, ENUM, SET) are kept when
//     it has others (vitess drops them from a NOT NULL column); YEAR is
//     UNSIGNED ZEROFILL; FLOAT and DOUBLE without a fixed scale have
//     decimals 31 (NOT_FIXED_DEC), which drivers read as "no scale"
//     (go-sql-driver/mysql: DecimalSize math.MaxInt64), and a FLOAT(M,D)
//     or DOUBLE(M,D) table column length M and decimals D (floatScale);
//     and a table alias
//     keeps the spelling the query gave it (go-mysql-server lower-cases
//     it: SELECT * FROM (SELECT 1 AS one) AS A named its table "a").
//   - Binary rows (fixBinaryRows): a zero DATE, DATETIME or TIMESTAMP is
//     sent with length 0, as MySQL does; vitess sent year 0, month 0, day
//     0, which go-sql-driver/mysql with parseTime turns into -0001-11-30.
//   - Text rows (fixYearRows): the YEAR 0 is sent as 0000, as MySQL
//     sends a YEAR (4 digits, ZEROFILL); go-mysql-server wrote 0.
//   - Prepared EXPLAIN (fixPrepare): vitess counts a statement's
//     parameters without looking inside EXPLAIN, so a prepared "EXPLAIN
//     SELECT … WHERE v = ?" announced 0 parameters and could not be run
//     with its argument.
//   - The collation a client asks for in its handshake
//     (withClientCollation) sets character_set_client,
//     character_set_connection, character_set_results and
//     collation_connection, as in MySQL (a utf8mb3 collation is taken
//     as its utf8mb4 one); go-mysql-server ignored it and every
//     connection had utf8mb4_0900_bin.
//   - Diagnostics (diagnosticsMark, recordError): a failed statement's
//     error is kept among the session's warnings at level Error, for SHOW
//     ERRORS, SHOW COUNT(*) ERRORS and SHOW WARNINGS, replacing the
//     previous statement's warnings when it failed before clearing them
//     (a syntax error), as MySQL's diagnostics area does.
//   - SET's OK packet (fixSetAffected): 0 rows affected, as MySQL's; it
//     was 1 (go-mysql-server's Set node returns one empty row, which the
//     server counts).
//   - UPDATE's OK info (fixUpdateInfo): "Warnings: n" is the statement's
//     warning count, as MySQL's; it was always 0.

// binaryCharset is the character set id MySQL sends for columns that are
// not character strings ("binary", 63).
const binaryCharset = 63

// MySQL column definition flags.
const (
	flagUnsigned = 32
	flagZerofill = 64
	flagBinary   = 128
	flagEnum     = 256
	flagSet      = 2048
)

// notFixedDecimals is MySQL's NOT_FIXED_DEC: a FLOAT or DOUBLE column with
// no declared scale.
const notFixedDecimals = 31

// updateInfo is the info of UPDATE's OK packet, as go-mysql-server writes
// it.
var updateInfo = regexp.MustCompile(`^(Rows matched: \d+  Changed: \d+  Warnings: )\d+$`)

// fixUpdateInfo gives the info of res, UPDATE's OK packet on c, the
// statement's warning count, as MySQL's ("Rows matched: 4  Changed: 2
// Warnings: 2" after UPDATE IGNORE skipped two duplicates); go-mysql-server
// wrote 0 whatever the count.
func fixUpdateInfo(c *mysql.Conn, res *sqltypes.Result) {
	if len(res.Fields) != 0 || res.Info == "" {
		return
	}
	s, ok := c.ClientData.(sql.Session)
	if !ok {
		return
	}
	if m := updateInfo.FindStringSubmatch(res.Info); m != nil {
		res.Info = m[1] + strconv.Itoa(int(s.WarningCount()))
	}
}

// fixSetAffected sets the rows affected of res, a result of query, to 0
// when query is a SET statement and res its OK packet.
func fixSetAffected(query string, res *sqltypes.Result) {
	if len(res.Fields) == 0 && res.RowsAffected == 1 && statement.LeadingKeyword(query) == "set" {
		res.RowsAffected = 0
	}
}

// fixFields corrects the column definitions of a result of query on c in
// place (see the file comment).
func fixFields(c *mysql.Conn, query string, fields []*querypb.Field) {
	for _, f := range fields {
		if f == nil {
			continue
		}
		t := f.Type
		if sqltypes.IsIntegral(t) || sqltypes.IsFloat(t) || t == sqltypes.Decimal || t == sqltypes.Year ||
			t == sqltypes.Bit || t == sqltypes.Date || t == sqltypes.Datetime || t == sqltypes.Timestamp || t == sqltypes.Time {
			f.Charset = binaryCharset
		}
		if f.Flags != 0 {
			// vitess sends the type's own flags only when a column has
			// no other.
			_, typeFlags := sqltypes.TypeToMySQL(t)
			f.Flags |= uint32(typeFlags) & (flagUnsigned | flagBinary | flagEnum | flagSet)
		}
		switch t {
		case sqltypes.Year:
			f.Flags |= flagUnsigned | flagZerofill
		case sqltypes.Float32, sqltypes.Float64:
			if f.Decimals == 0 {
				f.Decimals = notFixedDecimals
			}
			if m, d, ok := floatScale(c, f); ok {
				f.ColumnLength, f.Decimals = uint32(m), uint32(d)
			}
		}
		if f.Table != "" && f.Table == f.OrgTable {
			if alias, ok := spelledAs(query, f.Table); ok {
				f.Table = alias
			}
		}
	}
}

// floatScale returns the declared display width m and scale d of the
// FLOAT(M,D) or DOUBLE(M,D) table column that field f reads, as c's
// session's catalog records them (go-mysql-server keeps neither:
// catalog/compat_float_scale.go).
func floatScale(c *mysql.Conn, f *querypb.Field) (m, d int, ok bool) {
	if c == nil || f.Database == "" || f.OrgTable == "" || f.OrgName == "" {
		return 0, 0, false
	}
	s, isCatalog := c.ClientData.(*catalog.Session)
	if !isCatalog {
		return 0, 0, false
	}
	return s.FloatScale(f.Database, f.OrgTable, f.OrgName)
}

// spelledAs returns name as query spells it, when query names it only in
// another letter case (go-mysql-server lower-cases table aliases). Only
// ASCII names are looked for.
func spelledAs(query, name string) (string, bool) {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= 0x80 || c >= 'A' && c <= 'Z' {
			return "", false
		}
	}
	lower := strings.ToLower(query)
	if len(lower) != len(query) {
		return "", false
	}
	for from := 0; ; {
		i := strings.Index(lower[from:], name)
		if i < 0 {
			return "", false
		}
		i += from
		end := i + len(name)
		if (i == 0 || !isIdentByte(query[i-1])) && (end == len(query) || !isIdentByte(query[end])) {
			if s := query[i:end]; s != name {
				return s, true
			}
			return "", false // the query spells it so
		}
		from = i + 1
	}
}

func isIdentByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$'
}

// fixBinaryRows sends the zero dates of a binary-protocol result as MySQL
// does (see the file comment).
func fixBinaryRows(res *sqltypes.Result) {
	for _, row := range res.Rows {
		for i, v := range row {
			switch v.Type() {
			case sqltypes.Date, sqltypes.Datetime, sqltypes.Timestamp:
				if isZeroDate(v.Raw()) {
					row[i] = sqltypes.MakeTrusted(v.Type(), nil)
				}
			}
		}
	}
}

// fixYearRows sends the YEAR 0 of a text-protocol result as MySQL does
// (see the file comment).
func fixYearRows(res *sqltypes.Result) {
	for _, row := range res.Rows {
		for i, v := range row {
			if v.Type() == sqltypes.Year && string(v.Raw()) == "0" {
				row[i] = sqltypes.MakeTrusted(sqltypes.Year, []byte("0000"))
			}
		}
	}
}

// isZeroDate reports whether b is a zero date or datetime
// ("0000-00-00", "0000-00-00 00:00:00[.000000]").
func isZeroDate(b []byte) bool {
	if len(b) < len("0000-00-00") {
		return false
	}
	for _, c := range b {
		if c != '0' && c != '-' && c != ' ' && c != ':' && c != '.' {
			return false
		}
	}
	return true
}

// fixPrepare gives a prepared EXPLAIN, DESCRIBE or DESC its parameters
// (see the file comment); prepare is what vitess will announce.
func fixPrepare(query string, prepare *mysql.PrepareData) {
	if prepare == nil || prepare.ParamsCount != 0 {
		return
	}
	switch strings.ToLower(strings.Fields(strings.TrimSpace(query) + " x")[0]) {
	case "explain", "describe", "desc":
	default:
		return
	}
	stmt, err := ast.Parse(query)
	if err != nil {
		return
	}
	explain, ok := stmt.(*ast.Explain)
	if !ok || explain.Statement == nil {
		return
	}
	n := uint16(0)
	_ = ast.Walk(func(node ast.SQLNode) (bool, error) {
		if v, ok := node.(*ast.SQLVal); ok && strings.HasPrefix(string(v.Val), ":v") {
			n++
		}
		return true, nil
	}, explain.Statement)
	if n > 0 {
		prepare.ParamsCount = n
		prepare.ParamsType = make([]int32, n)
		prepare.BindVars = make(map[string]*querypb.BindVariable, n)
	}
}

// diagnosticsMark is the state of a session's warnings before a statement.
type diagnosticsMark struct {
	n     int
	first *sql.Warning
}

// markDiagnostics returns the state of c's session's warnings.
func markDiagnostics(c *mysql.Conn) diagnosticsMark {
	s, ok := c.ClientData.(sql.Session)
	if !ok {
		return diagnosticsMark{}
	}
	ws := s.Warnings()
	m := diagnosticsMark{n: len(ws)}
	if len(ws) > 0 {
		m.first = ws[0]
	}
	return m
}

// recordError keeps the error err of a statement among c's session's
// warnings at level Error; mark is markDiagnostics before the statement.
func recordError(c *mysql.Conn, mark diagnosticsMark, err error) {
	s, ok := c.ClientData.(sql.Session)
	if err == nil || !ok {
		return
	}
	var se *mysql.SQLError
	code, msg := mysql.ERUnknownError, err.Error()
	if errors.As(err, &se) {
		code, msg = se.Num, se.Message
	}
	if now := markDiagnostics(c); now == mark && mark.n > 0 {
		s.ClearWarnings() // the statement failed before clearing them
	}
	s.Warn(&sql.Warning{Level: "Error", Code: code, Message: msg})
}

// withClientCollation returns sb with each new session's connection
// character sets and collation set from the collation its client asked
// for in the handshake, when go-mysql-server knows that collation (a
// client that sends 0 or an unknown id keeps the server's defaults).
func withClientCollation(sb server.SessionBuilder) server.SessionBuilder {
	return func(ctx context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
		s, err := sb(ctx, conn, addr)
		if err != nil || conn == nil {
			return s, err
		}
		return s, applyClientCollation(ctx, s, conn.CharacterSet)
	}
}

// applyClientCollation sets s's connection character sets and collation
// from the handshake's collation id.
func applyClientCollation(ctx context.Context, s sql.Session, id uint8) error {
	coll := sql.CollationID(id)
	if id == 0 || coll.Name() == "" {
		return nil
	}
	if coll.CharacterSet() == sql.CharacterSet_utf8mb3 {
		// utf8mb3 (the mariadb CLI's default) is taken as utf8mb4: every
		// utf8mb3 string is utf8mb4, and go-mysql-server fails a result
		// holding a 4-byte character for a utf8mb3 client (MySQL sends
		// '?', MariaDB the bytes as they are).
		coll = sql.Collation_utf8mb4_general_ci
		if c, err := sql.ParseCollation("", "utf8mb4"+strings.TrimPrefix(sql.CollationID(id).Name(), "utf8mb3"), false); err == nil {
			coll = c
		}
	}
	cs := coll.CharacterSet().Name()
	sctx := sql.NewContext(ctx, sql.WithSession(s))
	// collation_connection last: setting character_set_connection resets
	// it to the character set's default.
	for _, v := range [][2]string{{"character_set_client", cs}, {"character_set_connection", cs},
		{"character_set_results", cs}, {"collation_connection", coll.Name()}} {
		if err := s.SetSessionVariable(sctx, v[0], v[1]); err != nil {
			return err
		}
	}
	return nil
}
