package compat

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// tableStatement answers the table maintenance statements, which
// go-mysql-server v0.20.0 refuses as syntax errors (CHECK TABLE, CHECKSUM
// TABLE, OPTIMIZE TABLE, REPAIR TABLE, and ANALYZE with NO_WRITE_TO_BINLOG
// or LOCAL) or answers unlike MySQL (ANALYZE TABLE names its tables
// without their database and fails the whole statement at a missing
// table). As in MySQL, each names its tables db.table and answers for each
// table in turn, a missing one included:
//
//	ANALYZE [NO_WRITE_TO_BINLOG | LOCAL] TABLE t [, t] …   refreshes the planner's statistics (go-mysql-server's), "status OK"
//	CHECK TABLE t [, t] … [QUICK | FAST | MEDIUM | EXTENDED | CHANGED | FOR UPGRADE]   reads every row, "status OK"
//	CHECKSUM TABLE t [, t] … [QUICK | EXTENDED]   the checksum of the rows (NULL with QUICK, which needs a live checksum)
//	OPTIMIZE [NO_WRITE_TO_BINLOG | LOCAL] TABLE t [, t] …   the table's OptimizableTable.Optimize, then ANALYZE: "note: what it did", "status OK"
//	REPAIR [NO_WRITE_TO_BINLOG | LOCAL] TABLE t [, t] … [QUICK | EXTENDED | USE_FRM]   the same note for repair
//
// A missing table gives MySQL's two rows ("Error: Table 'db.t' doesn't
// exist", "status: Operation failed"); CHECKSUM gives NULL and error 1146
// among the warnings. The checksum is simsql's own (the sum modulo 2^32 of
// a CRC-32 of each row's values, so independent of row order), not the
// number MySQL or MariaDB computes for the same rows: their checksums
// depend on their row formats. ANALYZE TABLE … UPDATE or DROP HISTOGRAM
// stays go-mysql-server's. Pinned by StatementScripts "table maintenance: CHECK,
// CHECKSUM, OPTIMIZE, REPAIR, ANALYZE TABLE" and TestStatementsMariaDB.
func (p stmtParser) tableStatement(first []token, s string) (ast.Statement, bool, error) {
	op := first[0].word
	toks := lex(s, maxTableTokens)[1:]
	if (op == "analyze" || op == "optimize" || op == "repair") && (is(toks, "no_write_to_binlog") || is(toks, "local")) {
		toks = toks[1:]
	}
	if !is(toks, "table") && !is(toks, "tables") {
		return nil, false, nil
	}
	names, toks, ok := tableList(toks[1:])
	if !ok {
		return nil, false, nil
	}
	quick := false
	for _, t := range toks {
		if t.quoted != 0 {
			return nil, false, nil
		}
		switch w := t.word; {
		case op == "check" && (w == "for" || w == "upgrade" || w == "quick" || w == "fast" || w == "medium" || w == "extended" || w == "changed"),
			op == "checksum" && (w == "quick" || w == "extended"),
			op == "repair" && (w == "quick" || w == "extended" || w == "use_frm"):
			quick = quick || w == "quick"
		default:
			return nil, false, nil // ANALYZE … HISTOGRAM, or not MySQL's grammar
		}
	}
	auth := ast.AuthInformation{AuthType: ast.AuthType_SELECT, TargetType: ast.AuthTargetType_MultipleTableIdentifiers}
	for _, n := range names {
		auth.TargetNames = append(auth.TargetNames, n.db, n.table)
	}
	schema := maintenanceSchema
	if op == "checksum" {
		schema = checksumSchema
	}
	env := p.env
	return injectStatement(s, func([]sql.Expression) (sql.Node, error) {
		return &resultNode{name: s, schema: schema, writes: op == "analyze", rows: func(ctx *sql.Context, _ []sql.Expression) ([]sql.Row, error) {
			var rows []sql.Row
			for _, n := range names {
				r, err := maintain(ctx, env, op, quick, n)
				if err != nil {
					return nil, err
				}
				rows = append(rows, r...)
			}
			return rows, nil
		}}, nil
	}, auth), true, nil
}

// maxTableTokens bounds the tokens read of a table maintenance statement
// (its table list).
const maxTableTokens = 1 << 14

// tableName is a table of a maintenance statement; db is "" for the
// current database.
type tableName struct{ db, table string }

// tableList reads t [, t] …, each t a name or db.name, and returns the
// tokens after it.
func tableList(toks []token) ([]tableName, []token, bool) {
	var names []tableName
	for {
		if len(toks) == 0 || toks[0].quoted == '\'' || toks[0].quoted == '"' || toks[0].quoted == 0 && !isWordByte(toks[0].word[0]) {
			return nil, nil, false
		}
		n := tableName{table: toks[0].word}
		toks = toks[1:]
		if len(toks) >= 2 && toks[0].word == "." && toks[0].quoted == 0 {
			n = tableName{db: n.table, table: toks[1].word}
			toks = toks[2:]
		}
		names = append(names, n)
		if len(toks) == 0 || toks[0].word != "," || toks[0].quoted != 0 {
			return names, toks, true
		}
		toks = toks[1:]
	}
}

var (
	// maintenanceSchema is MySQL's schema of ANALYZE, CHECK, OPTIMIZE and
	// REPAIR TABLE.
	maintenanceSchema = sql.Schema{
		{Name: "Table", Type: types.MustCreateStringWithDefaults(sqltypes.VarChar, 128), Nullable: true},
		{Name: "Op", Type: types.MustCreateStringWithDefaults(sqltypes.VarChar, 10), Nullable: true},
		{Name: "Msg_type", Type: types.MustCreateStringWithDefaults(sqltypes.VarChar, 10), Nullable: true},
		{Name: "Msg_text", Type: types.MediumText, Nullable: true},
	}
	// checksumSchema is MySQL's schema of CHECKSUM TABLE.
	checksumSchema = sql.Schema{
		{Name: "Table", Type: types.MustCreateStringWithDefaults(sqltypes.VarChar, 384), Nullable: true},
		{Name: "Checksum", Type: types.Int64, Nullable: true},
	}
)

// maintain runs op on table n and returns its rows.
func maintain(ctx *sql.Context, env StatementEnv, op string, quick bool, n tableName) ([]sql.Row, error) {
	db := n.db
	if db == "" {
		db = ctx.GetCurrentDatabase()
		if db == "" {
			return nil, sql.ErrNoDatabaseSelected.New()
		}
	}
	full := db + "." + n.table
	tbl, _, err := env.Catalog.Table(ctx, db, n.table)
	if err != nil && !sql.ErrTableNotFound.Is(err) && !sql.ErrDatabaseNotFound.Is(err) {
		return nil, err
	}
	if err != nil {
		missing := fmt.Sprintf("Table '%s' doesn't exist", full)
		if isView(ctx, env, db, n.table) {
			if op == "check" {
				return []sql.Row{{full, op, "status", "OK"}}, nil
			}
			missing = fmt.Sprintf("'%s' is not BASE TABLE", full)
		}
		if op == "checksum" {
			ctx.Session.Warn(&sql.Warning{Level: "Error", Code: erNoSuchTable, Message: missing})
			return []sql.Row{{full, nil}}, nil
		}
		return []sql.Row{{full, op, "Error", missing}, {full, op, "status", "Operation failed"}}, nil
	}
	full = db + "." + tbl.Name()
	switch op {
	case "analyze":
		if err := env.Stats.AnalyzeTable(ctx, tbl, db); err != nil {
			return []sql.Row{{full, op, "Error", err.Error()}, {full, op, "status", "Operation failed"}}, nil
		}
		return []sql.Row{{full, op, "status", "OK"}}, nil
	case "check":
		if _, err := scanTable(ctx, tbl, false); err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			return []sql.Row{{full, op, "Error", err.Error()}, {full, op, "error", "Corrupt"}}, nil
		}
		return []sql.Row{{full, op, "status", "OK"}}, nil
	case "checksum":
		if quick {
			return []sql.Row{{full, nil}}, nil
		}
		sum, err := scanTable(ctx, tbl, true)
		if err != nil {
			return nil, err
		}
		return []sql.Row{{full, int64(sum)}}, nil
	case "optimize":
		return optimize(ctx, env, tbl, db, full)
	default: // repair
		return []sql.Row{{full, op, "note", "The storage engine for the table doesn't support " + op}}, nil
	}
}

// OptimizableTable is a table OPTIMIZE TABLE can optimize: Optimize
// returns the space the table's deleted rows hold to the file system and
// a note saying what it did (OPTIMIZE's "note" row).
type OptimizableTable interface {
	sql.Table
	Optimize(ctx *sql.Context) (note string, err error)
}

// optimize answers OPTIMIZE TABLE for tbl as InnoDB does, which rebuilds
// the table and answers "note: Table does not support optimize, doing
// recreate + analyze instead", "status: OK": the note says what simsql did
// instead, then the statistics are refreshed (ANALYZE). An error (a lock
// wait timeout) is MySQL's "Error: …", "status: Operation failed".
func optimize(ctx *sql.Context, env StatementEnv, tbl sql.Table, db, full string) ([]sql.Row, error) {
	for {
		w, ok := tbl.(sql.TableWrapper)
		if !ok {
			break
		}
		tbl = w.Underlying()
	}
	o, ok := tbl.(OptimizableTable)
	if !ok {
		return []sql.Row{{full, "optimize", "note", "The storage engine for the table doesn't support optimize"}}, nil
	}
	note, err := o.Optimize(ctx)
	if err == nil {
		err = env.Stats.AnalyzeTable(ctx, tbl, db)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		text := err.Error()
		if se, ok := errors.AsType[*mysql.SQLError](err); ok {
			text = se.Message // MySQL's text, without "(errno 1205) (sqlstate …)"
		}
		return []sql.Row{{full, "optimize", "Error", text}, {full, "optimize", "status", "Operation failed"}}, nil
	}
	return []sql.Row{{full, "optimize", "note", note}, {full, "optimize", "status", "OK"}}, nil
}

// erNoSuchTable is ER_NO_SUCH_TABLE.
const erNoSuchTable = 1146

// isView reports whether db has a view called name.
func isView(ctx *sql.Context, env StatementEnv, db, name string) bool {
	d, err := env.Catalog.Database(ctx, db)
	if err != nil {
		return false
	}
	vd, ok := d.(sql.ViewDatabase)
	if !ok {
		return false
	}
	_, ok, err = vd.GetViewDefinition(ctx, name)
	return ok && err == nil
}

// scanTable reads every row of t and, with sum, returns CHECKSUM TABLE's
// value: the sum modulo 2^32 of the CRC-32 (IEEE) of each row's values,
// each written as a 4-byte little-endian length and its text as the MySQL
// protocol sends it, NULL as length 2^32-1. It stops when ctx is done.
func scanTable(ctx *sql.Context, t sql.Table, sum bool) (uint32, error) {
	var total uint32
	sch := t.Schema()
	var buf []byte
	err := eachRow(ctx, t, func(row sql.Row) error {
		if !sum {
			return nil
		}
		buf = buf[:0]
		for i, v := range row {
			if v == nil || i >= len(sch) {
				buf = binary.LittleEndian.AppendUint32(buf, 1<<32-1)
				continue
			}
			wire, err := sch[i].Type.SQL(ctx, nil, v)
			if err != nil {
				return err
			}
			buf = binary.LittleEndian.AppendUint32(buf, uint32(wire.Len()))
			buf = append(buf, wire.Raw()...)
		}
		total += crc32.ChecksumIEEE(buf)
		return nil
	})
	return total, err
}

// eachRow calls f with every row of t, in its partitions' order, until f
// fails or ctx is done.
func eachRow(ctx *sql.Context, t sql.Table, f func(sql.Row) error) error {
	parts, err := t.Partitions(ctx)
	if err != nil {
		return err
	}
	defer parts.Close(ctx)
	for {
		part, err := parts.Next(ctx)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		rows, err := t.PartitionRows(ctx, part)
		if err != nil {
			return err
		}
		for {
			if err = ctx.Err(); err != nil {
				break
			}
			var row sql.Row
			if row, err = rows.Next(ctx); err != nil {
				break
			}
			if err = f(row); err != nil {
				break
			}
		}
		cerr := rows.Close(ctx)
		if !errors.Is(err, io.EOF) {
			return err
		}
		if cerr != nil {
			return cerr
		}
	}
}
