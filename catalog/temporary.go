package catalog

import (
	"errors"
	"regexp"
	"strings"
	"sync/atomic"
	"unicode"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/simsql/simsql/statement"
	"github.com/simsql/simsql/storage"
)

// Temporary tables (CREATE TEMPORARY TABLE), as MySQL has them: a session's
// own, invisible to other sessions, dropped when the session ends (a client
// that disconnects or is killed), and shadowing a base table of the same
// name in the same database for every statement (SELECT, INSERT, ALTER,
// DROP TABLE, …) until they are dropped; SHOW TABLES and
// information_schema.TABLES do not list them.
//
// Where the rows live: each session that creates one gets a catalog Store
// of its own over storage.OpenMemory, an in-memory pebble LSM, so a
// temporary table is an ordinary catalog Table there (the same row and key
// codecs, B-tree, SimHash and MinHash indexes, generated columns, statement
// undo) and nothing of it reaches the data directory. The session's SQL
// transaction (Transaction) carries a second store transaction over that
// Store (Transaction.temp) that commits, rolls back and keeps savepoints
// with it, so ROLLBACK undoes the rows a transaction wrote into temporary
// tables, as InnoDB does. A session's temporary store has a writer slot of
// its own: writing a temporary table never waits for another session, and a
// READ ONLY transaction may write one (MySQL allows that too).
//
// CREATE and DROP TEMPORARY TABLE do not commit the open transaction (MySQL
// lists them as exceptions to the implicit commit) and are not undone by
// ROLLBACK: the session's pending temporary-table writes are committed
// before such a statement and its own changes after it (commitTemporaryDDL).
// One difference from InnoDB follows: rows written into temporary tables
// earlier in a transaction survive its ROLLBACK when a CREATE or DROP
// TEMPORARY TABLE came between (base tables are rolled back as usual).

// newTemporaryStore returns an empty catalog Store kept in memory, for one
// session's temporary tables.
func newTemporaryStore(ext *wiring) (*Store, error) {
	kv, err := storage.OpenMemory()
	if err != nil {
		return nil, err
	}
	s := &Store{kv: kv, ext: ext, tables: map[uint64]*cachedTable{}, dbs: map[string]*cachedDatabase{}, temporary: true}
	temporaryStores.Add(1)
	err = kv.Update(func(tx *storage.Txn) error {
		for _, b := range [][]byte{bucketMeta, bucketAutoInc, bucketStats} {
			if err := tx.CreateKeyspace(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		kv.Close()
		return nil, err
	}
	return s, nil
}

var (
	_ sql.TemporaryTableCreator  = (*Database)(nil)
	_ sql.TemporaryTableDatabase = (*Database)(nil)
	_ sql.TemporaryTable         = (*Table)(nil)
)

// IsTemporary implements sql.TemporaryTable: true for a table of a
// session's temporary store. (go-mysql-server 0.20's read-only check calls
// it on every table a write touches, through a nil interface when the table
// does not implement it; DROP TEMPORARY TABLE of a base table is "Unknown
// table" because it says false.)
func (t *Table) IsTemporary() bool { return t.db.store.temporary }

// sessionOf returns ctx's simsql session, or nil.
func sessionOf(ctx *sql.Context) *Session {
	if ctx == nil {
		return nil
	}
	s, _ := ctx.Session.(*Session)
	return s
}

// temporaryStore returns the session's store of temporary tables, creating
// it if create is set (else nil when the session has none).
func (s *Session) temporaryStore(create bool) (*Store, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.temp == nil && create {
		t, err := newTemporaryStore(s.store.ext)
		if err != nil {
			return nil, err
		}
		s.temp = t
	}
	return s.temp, nil
}

// closeTemporary drops the session's temporary tables: it closes their
// store, freeing its memory. The session's transaction must have ended.
func (s *Session) closeTemporary() {
	if s.temp != nil {
		_ = s.temp.Close()
		s.temp = nil
		temporaryStores.Add(-1)
	}
}

// temporaryStores counts the sessions' open stores of temporary tables.
var temporaryStores atomic.Int64

// TemporaryStores returns the number of sessions of this process that hold
// temporary tables (each in a store of its own, in memory).
func TemporaryStores() int64 { return temporaryStores.Load() }

// temporaryDatabase returns database d's part of ctx's session's temporary
// store, or nil when d is itself temporary or the session has no temporary
// tables.
func (d *Database) temporaryDatabase(ctx *sql.Context) *Database {
	if d.store.temporary {
		return nil
	}
	sess := sessionOf(ctx)
	if sess == nil {
		return nil
	}
	ts, _ := sess.temporaryStore(false)
	if ts == nil {
		return nil
	}
	return &Database{store: ts, name: d.name}
}

// temporaryTable returns the session's temporary table name of database d,
// if it has one.
func (d *Database) temporaryTable(ctx *sql.Context, name string) (sql.Table, bool, error) {
	td := d.temporaryDatabase(ctx)
	if td == nil {
		return nil, false, nil
	}
	return td.GetTableInsensitive(ctx, name)
}

// CreateTemporaryTable implements sql.TemporaryTableCreator: it creates
// table name in the session's temporary store (error 1050 if the session
// has a temporary table of that name in d already; a base table of that
// name is shadowed).
func (d *Database) CreateTemporaryTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, collation sql.CollationID) error {
	return d.createTemporary(ctx, name, sch, collation, nil)
}

// CreateTemporaryTable implements sql.TemporaryTableCreator with the
// primary key's prefix lengths.
func (d prefixKeyDatabase) CreateTemporaryTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, collation sql.CollationID) error {
	return d.createTemporary(ctx, name, sch, collation, d.lengths)
}

func (d *Database) createTemporary(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, collation sql.CollationID, pkLengths []int64) error {
	sess := sessionOf(ctx)
	if sess == nil || d.store.temporary {
		return sql.ErrTemporaryTableNotSupported.New()
	}
	if err := temporaryDDLAllowed(ctx); err != nil {
		return err
	}
	ts, err := sess.temporaryStore(true)
	if err != nil {
		return err
	}
	t, _, err := ts.writeTx(ctx)
	if err != nil {
		return err
	}
	m, err := ts.databaseMeta(t, d.name)
	if err != nil {
		return err
	}
	if m == nil {
		if err := ts.putDatabaseMeta(t, &databaseMeta{Name: d.name, Tables: map[string]uint64{}}); err != nil {
			return err
		}
	}
	td := &Database{store: ts, name: d.name}
	return td.createTable(ctx, name, sch, collation, "", pkLengths)
}

// GetAllTemporaryTables implements sql.TemporaryTableDatabase: the
// session's temporary tables in d, in order of name.
func (d *Database) GetAllTemporaryTables(ctx *sql.Context) ([]sql.Table, error) {
	td := d.temporaryDatabase(ctx)
	if td == nil {
		return nil, nil
	}
	names, err := td.GetTableNames(ctx)
	if err != nil {
		return nil, err
	}
	var tables []sql.Table
	for _, n := range names {
		t, ok, err := td.GetTableInsensitive(ctx, n)
		if err != nil {
			return nil, err
		}
		if ok {
			tables = append(tables, t)
		}
	}
	return tables, nil
}

// dropTemporary drops the session's temporary table name of d, if it has
// one (ok reports whether it had).
func (d *Database) dropTemporary(ctx *sql.Context, name string) (ok bool, err error) {
	td := d.temporaryDatabase(ctx)
	if td == nil {
		return false, nil
	}
	if _, ok, err := td.GetTableInsensitive(ctx, name); err != nil || !ok {
		return false, err
	}
	if err := temporaryDDLAllowed(ctx); err != nil {
		return true, err
	}
	return true, td.DropTable(ctx, name)
}

// temporaryDDLAllowed returns MySQL's error 1792 when ctx's transaction is
// READ ONLY: there DML may change temporary tables, DDL may not, "also on
// temporary tables" (mysql-test commit.test, WL#5968; MariaDB alike).
// (DROP TEMPORARY TABLE dropped the table.)
func temporaryDDLAllowed(ctx *sql.Context) error {
	if tx, ok := ctx.GetTransaction().(*Transaction); ok && tx != nil && tx.readOnly {
		return ErrReadOnlyTransaction
	}
	return nil
}

// renameTemporary renames the session's temporary table oldName of d, if
// it has one (ok reports whether it had).
func (d *Database) renameTemporary(ctx *sql.Context, oldName, newName string) (ok bool, err error) {
	td := d.temporaryDatabase(ctx)
	if td == nil {
		return false, nil
	}
	if _, ok, err := td.GetTableInsensitive(ctx, oldName); err != nil || !ok {
		return false, err
	}
	return true, td.RenameTable(ctx, oldName, newName)
}

// temporary returns t's transaction over the session's temporary store ts,
// beginning it if needed: never read-only (MySQL lets a READ ONLY
// transaction write temporary tables), with t's savepoints.
func (t *Transaction) temporary(ts *Store) *Transaction {
	if t.temp != nil && t.temp.store != ts {
		_ = t.temp.rollback()
		t.temp = nil
	}
	if t.temp == nil {
		t.temp = ts.newTransaction(false)
		t.markTemporary()
	}
	return t.temp
}

// markTemporary sets t's savepoints, in order, on its temporary
// transaction, at its current point.
func (t *Transaction) markTemporary() {
	for _, name := range t.marks {
		_ = t.temp.kv.Savepoint(name)
	}
}

// endTemporary commits or rolls back t's temporary transaction with t, and
// forgets t's savepoints.
func (t *Transaction) endTemporary(commit bool) error {
	t.marks = nil
	if t.temp == nil {
		return nil
	}
	if commit {
		return t.temp.commit()
	}
	return t.temp.rollback()
}

// commitTemporaryDDL commits t's writes to temporary tables (around CREATE
// and DROP TEMPORARY TABLE, which ROLLBACK does not undo) and carries t's
// savepoints over.
func (t *Transaction) commitTemporaryDDL() error {
	if t.temp == nil {
		return nil
	}
	err := t.temp.commit()
	t.markTemporary()
	return err
}

// savepoint records savepoint name (a savepointKey) of t for its temporary
// transaction, now or when it begins.
func (t *Transaction) savepoint(name string) error {
	t.marks = append(deleteMark(t.marks, name), name)
	if t.temp != nil {
		return t.temp.kv.Savepoint(name)
	}
	return nil
}

// rollbackTo undoes t's temporary writes since savepoint name and drops the
// savepoints set after it.
func (t *Transaction) rollbackTo(name string) error {
	for i, m := range t.marks {
		if m == name {
			t.marks = t.marks[:i+1]
			break
		}
	}
	if t.temp == nil {
		return nil
	}
	if err := t.temp.kv.RollbackTo(name); err != nil && !errors.Is(err, storage.ErrNoSavepoint) {
		return err
	}
	return nil
}

// release drops savepoint name of t.
func (t *Transaction) release(name string) {
	t.marks = deleteMark(t.marks, name)
	if t.temp != nil {
		_ = t.temp.kv.Release(name)
	}
}

func deleteMark(marks []string, name string) []string {
	out := marks[:0]
	for _, m := range marks {
		if m != name {
			out = append(out, m)
		}
	}
	return out
}

// MySQL's errors for views and triggers of temporary tables.
var (
	// errViewOfTemporary is ER_VIEW_SELECT_TMPTABLE (1352).
	errViewOfTemporary = func(name string) error {
		return mysql.NewSQLError(1352, mysql.SSUnknownSQLState, "View's SELECT refers to a temporary table '%s'", name)
	}
	// errTriggerOnTemporary is ER_TRG_ON_VIEW_OR_TEMP_TABLE (1361).
	errTriggerOnTemporary = func(name string) error {
		return mysql.NewSQLError(1361, mysql.SSUnknownSQLState, "Trigger's '%s' is view or temporary table", name)
	}
)

// viewOfTemporary returns error 1352 if the query of a view in d reads a
// temporary table of the session, as MySQL refuses such a view.
func (d *Database) viewOfTemporary(ctx *sql.Context, query string) error {
	if d.temporaryDatabase(ctx) == nil {
		return nil
	}
	stmt, err := ast.Parse(query)
	if err != nil {
		return nil // go-mysql-server has parsed it already
	}
	var found string
	_ = ast.Walk(func(node ast.SQLNode) (bool, error) {
		tn, ok := node.(ast.TableName)
		if !ok || found != "" || tn.Name.IsEmpty() {
			return found == "", nil
		}
		db := d
		if q := tn.DbQualifier.String(); q != "" && !strings.EqualFold(q, d.name) {
			db = &Database{store: d.store, name: q}
		}
		if _, ok, _ := db.temporaryTable(ctx, tn.Name.String()); ok {
			found = tn.Name.String()
		}
		return found == "", nil
	}, stmt)
	if found != "" {
		return errViewOfTemporary(found)
	}
	return nil
}

// triggerTable matches the table of CREATE TRIGGER … ON table FOR EACH ROW.
var triggerTable = regexp.MustCompile("(?is)\\bon\\s+((?:`[^`]+`|[\\w$]+)(?:\\s*\\.\\s*(?:`[^`]+`|[\\w$]+))?)\\s+for\\s+each\\s+row\\b")

// triggerOnTemporary returns error 1361 if CREATE TRIGGER statement
// create names a temporary table of the session, as MySQL refuses it.
func (d *Database) triggerOnTemporary(ctx *sql.Context, create string) error {
	if d.temporaryDatabase(ctx) == nil {
		return nil
	}
	m := triggerTable.FindStringSubmatch(create)
	if m == nil {
		return nil
	}
	db, name, _, ok := qualifiedName(m[1])
	if !ok {
		return nil
	}
	target := d
	if db != "" && !strings.EqualFold(db, d.name) {
		target = &Database{store: d.store, name: db}
	}
	if _, ok, _ := target.temporaryTable(ctx, name); ok {
		return errTriggerOnTemporary(name)
	}
	return nil
}

// temporaryDDL matches CREATE [OR REPLACE] TEMPORARY TABLE and DROP
// TEMPORARY TABLE.
var temporaryDDL = regexp.MustCompile(`(?is)^\s*(?:/\*.*?\*/\s*)*(create|drop)\s+(?:or\s+replace\s+)?temporary\s`)

// isTemporaryDDL reports whether q is CREATE or DROP TEMPORARY TABLE.
func isTemporaryDDL(q string) bool { return temporaryDDL.MatchString(q) }

// writesOnlyTemporary reports whether statement q (of class Write) is
// CREATE or DROP TEMPORARY TABLE, or writes one table that is a temporary
// table of the session: an INSERT, REPLACE, single-table UPDATE or DELETE,
// or LOAD DATA. Such a statement does not take the durable store's writer
// slot before it is planned (a write to a base table still takes it when it
// writes). False when it cannot tell.
func (s *Session) writesOnlyTemporary(ctx *sql.Context, q string) bool {
	if isTemporaryDDL(q) {
		return true
	}
	ts, _ := s.temporaryStore(false)
	if ts == nil {
		return false
	}
	db, name, ok := writeTarget(q)
	if !ok {
		return false
	}
	if db == "" {
		db = s.GetCurrentDatabase()
	}
	td := &Database{store: ts, name: db}
	_, found, err := td.GetTableInsensitive(ctx, name)
	return err == nil && found
}

// loadDataTarget matches LOAD DATA's INTO TABLE clause.
var loadDataTarget = regexp.MustCompile("(?is)\\binto\\s+table\\s+((?:`[^`]+`|[\\w$]+)(?:\\s*\\.\\s*(?:`[^`]+`|[\\w$]+))?)")

// writeTarget returns the table a single-table write statement q writes:
// its database (or "") and name; ok false for other statements, several
// tables, or text it does not follow.
func writeTarget(q string) (db, name string, ok bool) {
	first, rest := statement.NextKeyword(q)
	switch first {
	case "load":
		m := loadDataTarget.FindStringSubmatch(rest)
		if m == nil {
			return "", "", false
		}
		db, name, tail, ok := qualifiedName(m[1])
		return db, name, ok && strings.TrimSpace(tail) == ""
	case "insert", "replace", "update", "delete":
	default:
		return "", "", false
	}
	sawFrom := false
	for {
		w, after := statement.NextKeyword(rest)
		switch w {
		case "low_priority", "delayed", "high_priority", "ignore", "quick", "into":
			rest = after
			continue
		case "from":
			sawFrom = true
			rest = after
			continue
		}
		break
	}
	if first == "delete" && !sawFrom {
		return "", "", false // DELETE t1 FROM …: several tables
	}
	db, name, tail, ok := qualifiedName(rest)
	if !ok {
		return "", "", false
	}
	tail = strings.TrimLeftFunc(tail, unicode.IsSpace)
	if strings.HasPrefix(tail, ",") {
		return "", "", false
	}
	if first == "update" || first == "delete" {
		next, _ := statement.NextKeyword(tail)
		switch next {
		case "join", "inner", "left", "right", "cross", "natural", "straight_join", "using":
			return "", "", false
		}
	}
	return db, name, true
}

// qualifiedName reads a table name, [db.]name, with or without backquotes,
// from the start of s (after blanks).
func qualifiedName(s string) (db, name, rest string, ok bool) {
	first, rest, ok := identifier(s)
	if !ok {
		return "", "", "", false
	}
	t := strings.TrimLeftFunc(rest, unicode.IsSpace)
	if strings.HasPrefix(t, ".") {
		second, r2, ok := identifier(t[1:])
		if !ok {
			return "", "", "", false
		}
		return first, second, r2, true
	}
	return "", first, rest, true
}

func identifier(s string) (id, rest string, ok bool) {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	if strings.HasPrefix(s, "`") {
		end := strings.IndexByte(s[1:], '`')
		if end < 0 || strings.HasPrefix(s[end+2:], "`") {
			return "", "", false // unterminated, or an escaped backquote
		}
		return s[1 : end+1], s[end+2:], end > 0
	}
	end := strings.IndexFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '$'
	})
	if end < 0 {
		end = len(s)
	}
	return s[:end], s[end:], end > 0
}
