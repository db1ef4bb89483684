package catalog

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"go.etcd.io/bbolt"

	"github.com/simsql/simsql/storage"
)

// Bucket names of the durable layout. Rows of table N live in bucket
// "r"+N and entries of index N in "x"+N (N as 8 big-endian bytes), so that
// RENAME TABLE and RENAME INDEX change metadata only.
var (
	bucketMeta    = []byte("meta")    // "db/"+name → databaseMeta; "table/"+id → tableMeta
	bucketAutoInc = []byte("autoinc") // table id → next AUTO_INCREMENT value
)

func rowsBucket(id uint64) []byte  { return idKey('r', id) }
func indexBucket(id uint64) []byte { return idKey('x', id) }
func tableMetaKey(id uint64) []byte {
	return append([]byte("table/"), binary.BigEndian.AppendUint64(nil, id)...)
}
func dbMetaKey(name string) []byte { return []byte("db/" + strings.ToLower(name)) }

func idKey(prefix byte, id uint64) []byte {
	return binary.BigEndian.AppendUint64([]byte{prefix}, id)
}

// Store is the durable catalog: the databases and tables simsql serves,
// kept in one bbolt file under the data directory (package storage). It is
// a go-mysql-server sql.MutableDatabaseProvider.
type Store struct {
	kv     *storage.Store
	writer chan struct{} // the single writer slot

	mu     sync.Mutex
	tables map[uint64]*cachedTable // parsed metadata by table id
}

type cachedTable struct {
	raw  []byte
	meta *tableMeta
	sch  sql.PrimaryKeySchema
}

var _ sql.MutableDatabaseProvider = (*Store)(nil)

// OpenStore opens (creating if needed) the durable catalog in dataDir and
// makes sure database DefaultDatabase exists. Errors: those of storage.Open
// (a directory in use by another process, of an unknown or newer format,
// or not writable).
func OpenStore(dataDir string) (*Store, error) {
	kv, err := storage.Open(dataDir, storage.Options{})
	if err != nil {
		return nil, err
	}
	s := &Store{kv: kv, writer: make(chan struct{}, 1), tables: map[uint64]*cachedTable{}}
	err = kv.Update(func(tx *bbolt.Tx) error {
		for _, b := range [][]byte{bucketMeta, bucketAutoInc} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		meta := tx.Bucket(bucketMeta)
		if meta.Get(dbMetaKey(DefaultDatabase)) == nil {
			v, err := encodeMeta(databaseMeta{Name: DefaultDatabase, Tables: map[string]uint64{}})
			if err != nil {
				return err
			}
			return meta.Put(dbMetaKey(DefaultDatabase), v)
		}
		return nil
	})
	if err != nil {
		kv.Close()
		return nil, fmt.Errorf("catalog: initialising %s: %w", dataDir, err)
	}
	return s, nil
}

// Close closes the store; no transaction may be open.
func (s *Store) Close() error { return s.kv.Close() }

// acquireWriter takes the writer slot, waiting up to timeout, or until ctx
// (if not nil) is done (KILL QUERY, a client gone): then the error is
// ctx's cause.
func (s *Store) acquireWriter(ctx *sql.Context, timeout time.Duration) error {
	select {
	case s.writer <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	var done <-chan struct{}
	if ctx != nil {
		done = ctx.Done()
	}
	select {
	case s.writer <- struct{}{}:
		return nil
	case <-t.C:
		return ErrLockWaitTimeout
	case <-done:
		return context.Cause(ctx)
	}
}

func (s *Store) releaseWriter() { <-s.writer }

// newTransaction returns a transaction over s.
func (s *Store) newTransaction(readOnly bool) *Transaction {
	return &Transaction{store: s, readOnly: readOnly}
}

// txFrom returns the store transaction for ctx: its SQL transaction's, or,
// outside any, a fresh read snapshot that done must end.
func (s *Store) txFrom(ctx *sql.Context, write bool) (t *Transaction, done func(), err error) {
	if ctx != nil {
		if tx, ok := ctx.GetTransaction().(*Transaction); ok && tx != nil && tx.store == s {
			return tx, func() {}, nil
		}
	}
	if write {
		return nil, nil, errors.New("catalog: write outside a transaction")
	}
	t = s.newTransaction(true)
	return t, func() { _ = t.rollback() }, nil
}

// Database implements sql.DatabaseProvider.
func (s *Store) Database(ctx *sql.Context, name string) (sql.Database, error) {
	t, done, err := s.txFrom(ctx, false)
	if err != nil {
		return nil, err
	}
	defer done()
	m, err := s.databaseMeta(t, name)
	if err != nil {
		return nil, err
	}
	if m == nil {
		return nil, sql.ErrDatabaseNotFound.New(name)
	}
	return &Database{store: s, name: m.Name}, nil
}

// HasDatabase implements sql.DatabaseProvider.
func (s *Store) HasDatabase(ctx *sql.Context, name string) bool {
	db, err := s.Database(ctx, name)
	return err == nil && db != nil
}

// AllDatabases implements sql.DatabaseProvider, in order of name.
func (s *Store) AllDatabases(ctx *sql.Context) []sql.Database {
	t, done, err := s.txFrom(ctx, false)
	if err != nil {
		return nil
	}
	defer done()
	tx, err := t.reader()
	if err != nil {
		return nil
	}
	var dbs []sql.Database
	c := tx.Bucket(bucketMeta).Cursor()
	prefix := []byte("db/")
	for k, v := c.Seek(prefix); k != nil && strings.HasPrefix(string(k), "db/"); k, v = c.Next() {
		var m databaseMeta
		if err := decodeJSON(v, &m); err == nil {
			dbs = append(dbs, &Database{store: s, name: m.Name})
		}
	}
	sort.Slice(dbs, func(i, j int) bool { return dbs[i].Name() < dbs[j].Name() })
	return dbs
}

// CreateDatabase implements sql.MutableDatabaseProvider.
func (s *Store) CreateDatabase(ctx *sql.Context, name string) error {
	t, tx, err := s.writeTx(ctx)
	if err != nil {
		return err
	}
	if m, err := s.databaseMeta(t, name); err != nil {
		return err
	} else if m != nil {
		return sql.ErrDatabaseExists.New(name)
	}
	v, err := encodeMeta(databaseMeta{Name: name, Tables: map[string]uint64{}})
	if err != nil {
		return err
	}
	return t.put(tx, bucketMeta, dbMetaKey(name), v)
}

// DropDatabase implements sql.MutableDatabaseProvider: it drops the
// database's tables and their rows and indexes.
func (s *Store) DropDatabase(ctx *sql.Context, name string) error {
	t, tx, err := s.writeTx(ctx)
	if err != nil {
		return err
	}
	m, err := s.databaseMeta(t, name)
	if err != nil {
		return err
	}
	if m == nil {
		return sql.ErrDatabaseNotFound.New(name)
	}
	for _, id := range m.Tables {
		if err := s.dropTableData(t, tx, id); err != nil {
			return err
		}
	}
	return t.del(tx, bucketMeta, dbMetaKey(name))
}

// writeTx returns ctx's transaction and its write transaction.
func (s *Store) writeTx(ctx *sql.Context) (*Transaction, *bbolt.Tx, error) {
	t, _, err := s.txFrom(ctx, true)
	if err != nil {
		return nil, nil, err
	}
	tx, err := t.writer(ctx)
	if err != nil {
		return nil, nil, err
	}
	return t, tx, nil
}

// LockWaitTimeout is how long a write waits for another transaction to
// release the writer slot before it fails with error 1205: InnoDB's default
// innodb_lock_wait_timeout. (go-mysql-server 0.20 pins that variable at 1
// and does not let it be set, so it is not read.)
const LockWaitTimeout = 50 * time.Second

func lockWaitTimeout(*sql.Context) time.Duration { return LockWaitTimeout }

func (s *Store) databaseMeta(t *Transaction, name string) (*databaseMeta, error) {
	tx, err := t.reader()
	if err != nil {
		return nil, err
	}
	v := tx.Bucket(bucketMeta).Get(dbMetaKey(name))
	if v == nil {
		return nil, nil
	}
	var m databaseMeta
	if err := decodeJSON(v, &m); err != nil {
		return nil, err
	}
	if m.Tables == nil {
		m.Tables = map[string]uint64{}
	}
	return &m, nil
}

func (s *Store) putDatabaseMeta(t *Transaction, tx *bbolt.Tx, m *databaseMeta) error {
	v, err := encodeMeta(m)
	if err != nil {
		return err
	}
	return t.put(tx, bucketMeta, dbMetaKey(m.Name), v)
}

// table returns the parsed metadata of table id, from the cache when the
// stored bytes are unchanged.
func (s *Store) table(t *Transaction, db string, id uint64) (*cachedTable, error) {
	tx, err := t.reader()
	if err != nil {
		return nil, err
	}
	raw := tx.Bucket(bucketMeta).Get(tableMetaKey(id))
	if raw == nil {
		return nil, fmt.Errorf("catalog: metadata of table %d is missing", id)
	}
	s.mu.Lock()
	c, ok := s.tables[id]
	s.mu.Unlock()
	if ok && string(c.raw) == string(raw) && c.sch.Schema[0].DatabaseSource == db {
		return c, nil
	}
	m, err := decodeTableMeta(raw)
	if err != nil {
		return nil, err
	}
	sch, err := m.schema(db)
	if err != nil {
		return nil, err
	}
	(&Table{meta: m, sch: sch}).compileIndexes()
	c = &cachedTable{raw: append([]byte(nil), raw...), meta: m, sch: sch}
	s.mu.Lock()
	s.tables[id] = c
	s.mu.Unlock()
	return c, nil
}

func (s *Store) putTableMeta(t *Transaction, tx *bbolt.Tx, m *tableMeta) error {
	v, err := encodeMeta(m)
	if err != nil {
		return err
	}
	return t.put(tx, bucketMeta, tableMetaKey(m.ID), v)
}

// dropTableData deletes the rows, indexes, counter and metadata of table id.
func (s *Store) dropTableData(t *Transaction, tx *bbolt.Tx, id uint64) error {
	if err := t.flushAll(); err != nil {
		return err
	}
	c, err := s.table(t, "", id)
	if err != nil {
		return err
	}
	buckets := [][]byte{rowsBucket(c.meta.rowsID()), hiddenBucket(c.meta.rowsID())}
	for _, ix := range c.meta.Indexes {
		buckets = append(buckets, indexBucket(ix.ID))
	}
	for _, b := range buckets {
		if err := tx.DeleteBucket(b); err != nil && !errors.Is(err, bbolt.ErrBucketNotFound) {
			return err
		}
	}
	if err := t.del(tx, bucketAutoInc, binaryID(id)); err != nil {
		return err
	}
	return t.del(tx, bucketMeta, tableMetaKey(id))
}

func binaryID(id uint64) []byte { return binary.BigEndian.AppendUint64(nil, id) }

// nextID returns a new id for a table or an index.
func nextID(tx *bbolt.Tx) (uint64, error) {
	return tx.Bucket(bucketMeta).NextSequence()
}
