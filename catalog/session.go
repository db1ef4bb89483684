package catalog

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/compat"
	"github.com/simsql/simsql/statement"
	"github.com/simsql/simsql/storage"
)

// Session is a client session of the durable Store: go-mysql-server's base
// session plus transactions (sql.TransactionSession). With autocommit, each
// statement is a transaction committed (and fsynced) before the client gets
// OK; a failed statement leaves nothing behind.
type Session struct {
	*sql.BaseSession
	store *Store

	mu  sync.Mutex
	cur *Transaction

	// explicit is go-mysql-server's "ignore autocommit": an explicit
	// transaction (START TRANSACTION, BEGIN) is open. It is atomic because
	// the protocol layer reads it (ServerStatus) while a statement runs.
	explicit atomic.Bool
	// fullScan is set when the current statement reads a table without an
	// index (MySQL's SERVER_QUERY_NO_INDEX_USED).
	fullScan atomic.Bool
	// ddl is set from ValidateSession to CommandEnd of a DDL statement;
	// tempDDL of CREATE or DROP TEMPORARY TABLE.
	ddl, tempDDL bool
	// temp holds the session's temporary tables, once it has created one
	// (temporary.go); guarded by mu.
	temp *Store
	// dfCache holds the document frequencies the session's statements
	// have read, by column (counters.go); guarded by dfMu.
	dfMu    sync.Mutex
	dfCache map[string]*corpusCache
	// distinctIndex is the index CreateIndex last created if it duplicates
	// no other (compat_duplicate_index_warning.go); guarded by mu.
	distinctIndex string
	// next holds SET TRANSACTION's characteristics for the next
	// transaction (gms_transaction_variables.go); guarded by mu.
	next nextTransaction
	// counts are the last statement's counts of conditions
	// (compat_warning_count.go).
	counts warningCounts
	// tablesLocked is set from LOCK TABLES to UNLOCK TABLES or START
	// TRANSACTION, which release the locks (gms_implicit_commit.go).
	tablesLocked bool
	// locks are the session's table locks from LOCK TABLES, nil without
	// (compat_lock_tables.go).
	locks []compat.TableLock
	// replaced counts the rows REPLACE statements deleted
	// (compat_replace_rows.go).
	replaced atomic.Uint64
	// inCall is set while a CALL runs (gms_call_transaction.go).
	inCall bool
	// liveParams are the stored-procedure parameters (lower case) the
	// current statement's CALLs made (compat_procedure_params.go).
	liveParams map[string]bool
}

var (
	_ sql.TransactionSession    = (*Session)(nil)
	_ sql.LifecycleAwareSession = (*Session)(nil)
)

// StartTransaction implements sql.TransactionSession.
func (s *Session) StartTransaction(ctx *sql.Context, c sql.TransactionCharacteristic) (sql.Transaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil && s.cur.retry {
		// An autocommitted statement run again after a write conflict: it
		// keeps its transaction, and so the row locks it waited for.
		s.cur.retry = false
		return s.cur, nil
	}
	if t := s.callerTransaction(ctx); t != nil { // gms_call_transaction.go
		return t, nil
	}
	if s.cur != nil {
		_ = s.cur.rollback()
	}
	q := ctxQuery(ctx)
	kw := statement.LeadingKeyword(q)
	explicit := kw == "start" || kw == "begin"
	iso, readOnly, oneShot := s.takeNext() // gms_transaction_variables.go
	t := s.store.newTransaction(c == sql.ReadOnly || readOnly && !readWriteOverride(ctx))
	t.oneShot = oneShot
	t.isolate(iso, explicit || !s.autocommit())
	s.cur = t
	if explicit && consistentSnapshot.MatchString(q) {
		// START TRANSACTION WITH CONSISTENT SNAPSHOT: the snapshot is
		// taken now, not at the first read.
		if _, err := t.reader(); err != nil {
			return nil, err
		}
		t.pinned = true
	}
	return t, nil
}

// consistentSnapshot matches START TRANSACTION's WITH CONSISTENT SNAPSHOT.
var consistentSnapshot = regexp.MustCompile(`(?i)\bwith\s+consistent\s+snapshot\b`)

func ctxQuery(ctx *sql.Context) string {
	if ctx == nil {
		return ""
	}
	return ctx.Query()
}

// isolation returns the session's transaction_isolation: READ-UNCOMMITTED,
// READ-COMMITTED, REPEATABLE-READ (the default) or SERIALIZABLE.
func (s *Session) isolation() string {
	v, err := s.GetSessionVariable(nil, "transaction_isolation")
	if err != nil {
		return "REPEATABLE-READ"
	}
	str, _ := v.(string)
	return strings.ToUpper(str)
}

func (s *Session) txOf(tx sql.Transaction) (*Transaction, error) {
	t, ok := tx.(*Transaction)
	if !ok || t == nil {
		return nil, fmt.Errorf("catalog: not a simsql transaction: %T", tx)
	}
	return t, nil
}

// CommitTransaction implements sql.TransactionSession.
func (s *Session) CommitTransaction(_ *sql.Context, tx sql.Transaction) error {
	t, err := s.txOf(tx)
	if err != nil {
		return err
	}
	s.endNext(t)
	s.endExplicit()
	return t.commit()
}

// Rollback implements sql.TransactionSession.
func (s *Session) Rollback(_ *sql.Context, tx sql.Transaction) error {
	t, err := s.txOf(tx)
	if err != nil {
		return err
	}
	s.endNext(t)
	return t.rollback()
}

// CreateSavepoint implements sql.TransactionSession. Savepoint names are
// identifiers, so, as in MySQL, case-insensitive (savepointKey).
func (s *Session) CreateSavepoint(_ *sql.Context, tx sql.Transaction, name string) error {
	t, err := s.txOf(tx)
	if err != nil {
		return err
	}
	if err := t.kv.Savepoint(savepointKey(name)); err != nil {
		return err
	}
	return t.savepoint(savepointKey(name))
}

// savepointKey is the storage name of savepoint name: SAVEPOINT
// spa1 and ROLLBACK TO Spa1 name the same savepoint.
func savepointKey(name string) string { return strings.ToLower(name) }

// RollbackToSavepoint implements sql.TransactionSession.
func (s *Session) RollbackToSavepoint(_ *sql.Context, tx sql.Transaction, name string) error {
	t, err := s.txOf(tx)
	if err != nil {
		return err
	}
	err = t.kv.RollbackTo(savepointKey(name))
	if errors.Is(err, storage.ErrNoSavepoint) {
		return sql.ErrSavepointDoesNotExist.New(name)
	}
	if err != nil {
		return err
	}
	return t.rollbackTo(savepointKey(name))
}

// ReleaseSavepoint implements sql.TransactionSession.
func (s *Session) ReleaseSavepoint(_ *sql.Context, tx sql.Transaction, name string) error {
	t, err := s.txOf(tx)
	if err != nil {
		return err
	}
	if errors.Is(t.kv.Release(savepointKey(name)), storage.ErrNoSavepoint) {
		return sql.ErrSavepointDoesNotExist.New(name)
	}
	t.release(savepointKey(name))
	return nil
}

// CommandBegin implements sql.LifecycleAwareSession; go-mysql-server calls
// it before each statement. At READ COMMITTED and READ UNCOMMITTED the
// statement gets a fresh snapshot: it sees every transaction committed
// before it began. (READ UNCOMMITTED reads no uncommitted rows: the
// writer's changes are invisible to others until it commits.) At
// REPEATABLE READ too, until the transaction has read table data: InnoDB
// takes a transaction's read view at its first consistent read of a
// table, and statements that read only metadata (SELECT 1, SELECT
// @@version, USE, SHOW TABLES: a pool's ping, an ORM's connect-time
// queries) had fixed the snapshot before it, so that the transaction's
// first real read missed rows committed since (trial12 F3). A statement
// reads metadata and rows from one snapshot either way.
func (s *Session) CommandBegin() error {
	s.fullScan.Store(false)
	s.beginCounts()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil && (s.cur.conflict.Load() || s.cur.deadlock.Load()) {
		// The last statement failed with error 1213 and was not run again:
		// as InnoDB after a deadlock, its transaction is rolled back.
		s.abortLocked()
	}
	if t := s.cur; t != nil && (t.freshReads || !t.active.Load() && !t.pinned) {
		t.newSnapshot()
	}
	return nil
}

// ValidateSession implements sql.Session; go-mysql-server calls it before
// it starts the statement's transaction and plans the statement. A
// statement that will write (or a locking read) starts or continues its
// transaction's writing (storage's concurrent mode: the store's metadata
// lock shared, row locks on what it writes) and takes a new snapshot, so
// that it plans against the latest committed schema and reads the latest
// committed rows; a concurrent ALTER TABLE, CREATE INDEX or DROP INDEX
// (which holds the metadata lock exclusively from its own planning to its
// commit) is waited for, as MySQL's metadata locks make DML wait for DDL;
// KILL QUERY ends the wait. DDL first commits the open transaction
// (commitBeforeDDL), then takes the exclusive mode, waiting for the open
// writing transactions to end; so does a query of a SERIALIZABLE
// transaction that locks its reads. In a READ ONLY transaction such a
// statement is error 1792, as in MySQL.
func (s *Session) ValidateSession(ctx *sql.Context) error {
	class := statement.Classify(ctx.Query())
	s.noteCall(ctx.Query())           // gms_call_transaction.go
	if s.unlockCommits(ctx.Query()) { // gms_implicit_commit.go
		class = statement.ImplicitCommit
	}
	if class == statement.ImplicitCommit || class == statement.DDL {
		if err := s.commitBeforeDDL(ctx); err != nil {
			return err
		}
		s.ddl = class == statement.DDL
	}
	tx, _ := ctx.GetTransaction().(*Transaction)
	if tx != nil {
		tx.locking = false
	}
	if class == statement.Write && s.writesOnlyTemporary(ctx, ctx.Query()) {
		// Temporary tables have a writer slot of their own (temporary.go).
		if isTemporaryDDL(ctx.Query()) {
			s.tempDDL = true
			if tx != nil {
				if err := tx.commitTemporaryDDL(); err != nil {
					return err
				}
			}
		}
		return s.BaseSession.ValidateSession(ctx)
	}
	switch {
	case class == statement.Write, class == statement.LockingRead, class == statement.DDL:
	case class == statement.Read && tx != nil && tx.lockReads:
	default:
		return s.BaseSession.ValidateSession(ctx)
	}
	if tx == nil {
		t, err := s.StartTransaction(ctx, sql.ReadWrite)
		if err != nil {
			return err
		}
		ctx.SetTransaction(t)
		tx = t.(*Transaction)
	}
	if class == statement.DDL || tx.lockReads && !tx.kv.Writing() {
		tx.exclusive = true
	}
	if _, err := tx.writer(ctx); err != nil {
		return err
	}
	if !tx.kv.Exclusive() {
		// The statement reads the latest committed rows, over the
		// transaction's own writes, and what it writes is checked against
		// this snapshot (storage.Txn.Stale).
		tx.kv.NewSnapshot()
		tx.stmtMark = tx.kv.StatementBegin()
		tx.locking = class == statement.LockingRead
		tx.lockWait = statement.Wait
		if tx.locking {
			tx.lockWait = statement.LockWaitOf(ctxQuery(ctx))
		}
		tx.conflict.Store(false)
	}
	return s.BaseSession.ValidateSession(ctx)
}

// retryLimit is how many times a statement that met a write conflict is
// run again on a new snapshot before it fails with error 1213.
const retryLimit = 10

// RetryStatement prepares the current statement, which failed with
// ErrDeadlock after a write conflict, to run again: in an explicit
// transaction its writes are rolled back (the row locks it took stay, as
// InnoDB's do) and the next run takes a new snapshot; under autocommit its
// transaction was rolled back already. It returns false when the
// statement cannot run again (a deadlock, or attempt reached retryLimit):
// then the transaction is rolled back and the explicit transaction ends,
// as InnoDB rolls back a deadlock's victim. The handler calls it only for
// a statement that sent no rows to the client.
func (s *Session) RetryStatement(err error, attempt int) bool {
	if !IsConflict(err) {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.cur
	if t == nil || !t.kv.Writing() {
		return attempt < retryLimit // rolled back at CommandEnd (autocommit)
	}
	if attempt < retryLimit && t.conflict.Load() && !t.deadlock.Load() {
		if rerr := t.kv.RollbackStatement(t.stmtMark); rerr == nil {
			t.conflict.Store(false)
			// Under autocommit go-mysql-server starts a transaction for the
			// next run: StartTransaction hands it this one.
			t.retry = !s.GetIgnoreAutoCommit() && s.autocommit()
			return true
		}
	}
	s.abortLocked()
	return false
}

// abortLocked rolls back the current transaction after a statement failed
// with error 1213 and ends the explicit transaction; s.mu is held.
func (s *Session) abortLocked() {
	if s.cur != nil {
		_ = s.cur.rollback()
	}
	s.endExplicit()
}

// IsConflict reports whether err is MySQL's error 1213 (ErrDeadlock).
func IsConflict(err error) bool {
	var se *mysql.SQLError
	return errors.As(err, &se) && se.Num == mysql.ERLockDeadlock
}

// SetIgnoreAutoCommit implements sql.Session.
func (s *Session) SetIgnoreAutoCommit(ignore bool) { s.explicit.Store(ignore) }

// GetIgnoreAutoCommit implements sql.Session.
func (s *Session) GetIgnoreAutoCommit() bool { return s.explicit.Load() }

// ServerStatus returns the MySQL protocol's server_status flags for the
// session's state: SERVER_STATUS_AUTOCOMMIT (0x0002) under autocommit,
// SERVER_STATUS_IN_TRANS (0x0001) while an explicit transaction is open or,
// without autocommit, once the transaction has read or written a table,
// SERVER_STATUS_IN_TRANS_READONLY (0x2000) when that transaction is READ
// ONLY, and SERVER_QUERY_NO_INDEX_USED (0x0020) when the current (or last)
// statement read a table without an index, as MariaDB and MySQL report
// them. It may be called while a statement runs.
func (s *Session) ServerStatus() uint16 {
	var st uint16
	auto := s.autocommit()
	if auto {
		st |= mysql.ServerStatusAutocommit
	}
	s.mu.Lock()
	cur := s.cur
	s.mu.Unlock()
	// A DDL statement's transaction is its own, ended with the statement
	// (gms_implicit_commit.go), even when it wrote nothing (DROP TABLE IF
	// EXISTS of no table).
	if s.explicit.Load() || (!auto && !s.ddl && cur != nil && cur.active.Load()) {
		st |= mysql.ServerInTransaction
		if cur != nil && cur.readOnly {
			st |= serverStatusInTransReadOnly
		}
	}
	if s.fullScan.Load() {
		st |= serverQueryNoIndexUsed
	}
	return st
}

// Server status flags vitess does not name.
const (
	serverQueryNoIndexUsed      = 0x0020 // SERVER_QUERY_NO_INDEX_USED
	serverStatusInTransReadOnly = 0x2000 // SERVER_STATUS_IN_TRANS_READONLY
)

// noteFullScan records that ctx's statement reads a table without an index.
func noteFullScan(ctx *sql.Context) {
	if ctx == nil {
		return
	}
	if s, ok := ctx.Session.(*Session); ok {
		s.fullScan.Store(true)
	}
}

// CommandEnd implements sql.LifecycleAwareSession. Under autocommit, a
// statement that succeeded has committed already; one that failed leaves
// its transaction open, which is rolled back here so that it holds neither
// locks nor an old snapshot while the client is idle. So is a
// failed DDL statement's, which is a transaction of its own in any mode.
func (s *Session) CommandEnd() {
	s.dfMu.Lock()
	s.dfCache = nil // document frequencies are cached for one statement (counters.go)
	s.dfMu.Unlock()
	ddl := s.ddl
	s.ddl = false
	if s.tempDDL {
		s.tempDDL = false
		s.mu.Lock()
		if s.cur != nil {
			_ = s.cur.commitTemporaryDDL()
		}
		s.mu.Unlock()
	}
	if !ddl && (s.GetIgnoreAutoCommit() || !s.autocommit()) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil && s.cur.conflict.Load() && !s.cur.deadlock.Load() {
		return // RetryStatement (or the next CommandBegin) decides
	}
	if s.cur != nil {
		_ = s.cur.rollback()
	}
}

// SessionEnd implements sql.LifecycleAwareSession: an open transaction is
// rolled back when the client goes away, and its temporary tables are
// dropped.
func (s *Session) SessionEnd() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil {
		_ = s.cur.rollback()
		s.cur = nil
	}
	s.closeTemporary()
	s.releaseLocks() // compat_lock_tables.go
}

func (s *Session) autocommit() bool {
	v, err := s.GetSessionVariable(nil, "autocommit")
	if err != nil {
		return true
	}
	return truthy(v, true)
}

// truthy reads a boolean system variable's value; def if it is of no
// known type.
func truthy(v any, def bool) bool {
	switch x := v.(type) {
	case int8:
		return x != 0
	case int16:
		return x != 0
	case int32:
		return x != 0
	case int64:
		return x != 0
	case uint8:
		return x != 0
	case uint64:
		return x != 0
	case bool:
		return x
	case string:
		return x != "0" && !strings.EqualFold(x, "OFF")
	}
	return def
}

// SessionBuilder returns a session builder for server.NewServer: sessions
// over s, starting in DefaultDatabase.
func (s *Store) SessionBuilder() func(ctx context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
	return func(ctx context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
		host, user := "", ""
		if u, ok := conn.UserData.(sql.MysqlConnectionUser); ok {
			host, user = u.Host, u.User
		}
		client := sql.Client{Address: host, User: user, Capabilities: conn.Capabilities}
		base := sql.NewBaseSessionWithClientServer(addr, client, conn.ConnectionID)
		base.SetCurrentDatabase(DefaultDatabase)
		return &Session{BaseSession: base, store: s}, nil
	}
}

// NewSession returns an in-process session (tests, tools) of root@localhost
// in DefaultDatabase.
func (s *Store) NewSession() *Session {
	base := sql.NewBaseSessionWithClientServer("", sql.Client{User: "root", Address: "localhost"}, 0)
	base.SetCurrentDatabase(DefaultDatabase)
	return &Session{BaseSession: base, store: s}
}

// NewContext returns an in-process query context over a new session.
func (s *Store) NewContext(ctx context.Context) *sql.Context {
	return sql.NewContext(ctx, sql.WithSession(s.NewSession()))
}
