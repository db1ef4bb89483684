package catalog

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
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
}

var (
	_ sql.TransactionSession    = (*Session)(nil)
	_ sql.LifecycleAwareSession = (*Session)(nil)
)

// StartTransaction implements sql.TransactionSession.
func (s *Session) StartTransaction(ctx *sql.Context, c sql.TransactionCharacteristic) (sql.Transaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil {
		_ = s.cur.rollback()
	}
	s.cur = s.store.newTransaction(c == sql.ReadOnly)
	return s.cur, nil
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
	return t.commit()
}

// Rollback implements sql.TransactionSession.
func (s *Session) Rollback(_ *sql.Context, tx sql.Transaction) error {
	t, err := s.txOf(tx)
	if err != nil {
		return err
	}
	return t.rollback()
}

// CreateSavepoint implements sql.TransactionSession. Savepoint names are
// identifiers, so, as in MySQL, case-insensitive (savepointKey).
func (s *Session) CreateSavepoint(_ *sql.Context, tx sql.Transaction, name string) error {
	t, err := s.txOf(tx)
	if err != nil {
		return err
	}
	if err := t.flushAll(); err != nil {
		return err
	}
	if t.marks == nil {
		t.marks = map[string]int{}
	}
	t.marks[savepointKey(name)] = len(t.undo)
	return nil
}

// savepointKey is the key of savepoint name in Transaction.marks: SAVEPOINT
// spa1 and ROLLBACK TO Spa1 name the same savepoint.
func savepointKey(name string) string { return strings.ToLower(name) }

// RollbackToSavepoint implements sql.TransactionSession.
func (s *Session) RollbackToSavepoint(_ *sql.Context, tx sql.Transaction, name string) error {
	t, err := s.txOf(tx)
	if err != nil {
		return err
	}
	n, ok := t.marks[savepointKey(name)]
	if !ok {
		return sql.ErrSavepointDoesNotExist.New(name)
	}
	for other, m := range t.marks {
		if m > n {
			delete(t.marks, other)
		}
	}
	return t.undoTo(n)
}

// ReleaseSavepoint implements sql.TransactionSession.
func (s *Session) ReleaseSavepoint(_ *sql.Context, tx sql.Transaction, name string) error {
	t, err := s.txOf(tx)
	if err != nil {
		return err
	}
	if _, ok := t.marks[savepointKey(name)]; !ok {
		return sql.ErrSavepointDoesNotExist.New(name)
	}
	delete(t.marks, savepointKey(name))
	return nil
}

// CommandBegin implements sql.LifecycleAwareSession.
func (s *Session) CommandBegin() error { return nil }

// CommandEnd implements sql.LifecycleAwareSession. Under autocommit, a
// statement that succeeded has committed already; one that failed leaves
// its transaction open, which is rolled back here so that it holds neither
// the writer slot nor an old snapshot while the client is idle.
func (s *Session) CommandEnd() {
	if s.GetIgnoreAutoCommit() || !s.autocommit() {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil {
		_ = s.cur.rollback()
	}
}

// SessionEnd implements sql.LifecycleAwareSession: an open transaction is
// rolled back when the client goes away.
func (s *Session) SessionEnd() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil {
		_ = s.cur.rollback()
		s.cur = nil
	}
}

func (s *Session) autocommit() bool {
	v, err := s.GetSessionVariable(nil, "autocommit")
	if err != nil {
		return true
	}
	switch x := v.(type) {
	case int8:
		return x != 0
	case int64:
		return x != 0
	case bool:
		return x
	case string:
		return x != "0" && x != "OFF" && x != "off"
	}
	return true
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
