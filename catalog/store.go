package catalog

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/compat"
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
// kept in the data directory by package storage (bbolt or pebble). It is a
// go-mysql-server sql.MutableDatabaseProvider.
type Store struct {
	kv  *storage.Store
	ext *wiring // what Open was given: index kinds, table functions, rules

	// locks are the sessions' LOCK TABLES locks (table_locks.go).
	locks tableLocks

	mu     sync.Mutex
	tables map[uint64]*cachedTable // parsed metadata by table id
	dbs    map[string]*cachedDatabase

	// temporary is set on a session's store of temporary tables
	// (temporary.go), kept in memory.
	temporary bool
	// oldIndexLayout makes new custom indexes take layoutKeys
	// (SetIndexLayout).
	oldIndexLayout bool
}

// SetIndexLayout makes the custom indexes s makes or rebuilds from now on
// take layout 1 (a key per entry, as binaries made them before layouts
// were recorded) or 2 (packed: the default), for tests that indexes of an
// older data directory keep working.
func (s *Store) SetIndexLayout(layout int) { s.oldIndexLayout = layout == layoutKeys }

// cachedDatabase is a database's parsed metadata and the stored bytes it
// was parsed from.
type cachedDatabase struct {
	raw  []byte
	meta *databaseMeta
}

type cachedTable struct {
	raw  []byte
	meta *tableMeta
	sch  sql.PrimaryKeySchema
}

var _ sql.MutableDatabaseProvider = (*Store)(nil)

// Open opens (creating if needed) the durable catalog in dataDir, with the
// storage options opts (the engine of a new data directory, read-only
// opening) and the extensions ext it serves, and makes sure database
// DefaultDatabase exists. Only one process may have dataDir open. Errors:
// ext's (a name given twice), those of storage.Open (a directory in use by
// another process, of an unknown or newer format, or not writable).
func Open(dataDir string, opts storage.Options, ext Extensions) (*Store, error) {
	w, err := newWiring(ext)
	if err != nil {
		return nil, err
	}
	kv, err := storage.Open(dataDir, opts)
	if err != nil {
		return nil, err
	}
	compat.InstallSystemVariables() // before the first session copies them
	s := &Store{kv: kv, ext: w, tables: map[uint64]*cachedTable{}, dbs: map[string]*cachedDatabase{}}
	err = kv.Update(func(tx *storage.Txn) error {
		r, err := tx.Reader()
		if err != nil {
			return err
		}
		for _, b := range [][]byte{bucketMeta, bucketAutoInc, bucketStats} {
			if !r.Has(b) {
				if err := tx.CreateKeyspace(b); err != nil {
					return err
				}
			}
		}
		if r.Get(bucketMeta, dbMetaKey(DefaultDatabase)) == nil {
			// A new data directory's database takes MySQL 8's default
			// collation; one created before it was recorded has none, which
			// GetCollation reads as go-mysql-server's utf8mb4_0900_bin, so
			// its new tables stay as they were.
			v, err := encodeMeta(databaseMeta{Name: DefaultDatabase, Collation: compat.DefaultCollation.Name(), Tables: map[string]uint64{}})
			if err != nil {
				return err
			}
			return tx.Put(bucketMeta, dbMetaKey(DefaultDatabase), v)
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

// newTransaction returns a transaction over s.
func (s *Store) newTransaction(readOnly bool) *Transaction {
	return &Transaction{store: s, readOnly: readOnly, kv: s.kv.NewTxn(readOnly)}
}

// txFrom returns the store transaction for ctx: its SQL transaction's, or,
// outside any, a fresh read snapshot that done must end.
func (s *Store) txFrom(ctx *sql.Context, write bool) (t *Transaction, done func(), err error) {
	if ctx != nil {
		if tx, ok := ctx.GetTransaction().(*Transaction); ok && tx != nil {
			if tx.store == s {
				return tx, func() {}, nil
			}
			if s.temporary {
				return tx.temporary(s), func() {}, nil
			}
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
	m, err := s.readDatabaseMeta(t, name)
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
	c := tx.Cursor(bucketMeta)
	defer c.Close()
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
	t, _, err := s.writeTx(ctx)
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
	return t.kv.Put(bucketMeta, dbMetaKey(name), v)
}

// DropDatabase implements sql.MutableDatabaseProvider: it drops the
// database's tables and their rows and indexes.
func (s *Store) DropDatabase(ctx *sql.Context, name string) error {
	t, _, err := s.writeTx(ctx)
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
		if err := s.dropTableData(t, id); err != nil {
			return err
		}
	}
	return t.kv.Delete(bucketMeta, dbMetaKey(name))
}

// writeTx returns ctx's transaction and its write transaction.
func (s *Store) writeTx(ctx *sql.Context) (*Transaction, storage.View, error) {
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

// LockWaitTimeout is how long a write waits for another transaction's row
// lock (or the metadata lock) before it fails with error 1205: InnoDB's default
// innodb_lock_wait_timeout. (go-mysql-server 0.20 pins that variable at 1
// and does not let it be set, so it is not read.)
const LockWaitTimeout = 50 * time.Second

func lockWaitTimeout(*sql.Context) time.Duration { return LockWaitTimeout }

// databaseMeta returns database name's metadata as t sees it, parsed anew
// for the caller to change and store (nil if there is no such database).
func (s *Store) databaseMeta(t *Transaction, name string) (*databaseMeta, error) {
	v, err := rawDatabaseMeta(t, name)
	if v == nil || err != nil {
		return nil, err
	}
	return parseDatabaseMeta(v)
}

// rawDatabaseMeta returns the stored metadata of database name as t sees
// it (nil if there is no such database), valid until t's next write.
func rawDatabaseMeta(t *Transaction, name string) ([]byte, error) {
	tx, err := t.reader()
	if err != nil {
		return nil, err
	}
	return tx.Get(bucketMeta, dbMetaKey(name)), nil
}

func parseDatabaseMeta(v []byte) (*databaseMeta, error) {
	var m databaseMeta
	if err := decodeJSON(v, &m); err != nil {
		return nil, err
	}
	if m.Tables == nil {
		m.Tables = map[string]uint64{}
	}
	return &m, nil
}

// readDatabaseMeta is databaseMeta for readers: the parsed metadata is
// shared (from a cache, while the stored bytes are unchanged) and must not
// be changed. Every statement resolves its database and tables through
// here; parsing the JSON each time was a tenth of a point select's CPU.
func (s *Store) readDatabaseMeta(t *Transaction, name string) (*databaseMeta, error) {
	raw, err := rawDatabaseMeta(t, name)
	if raw == nil || err != nil {
		return nil, err
	}
	s.mu.Lock()
	c, ok := s.dbs[name]
	s.mu.Unlock()
	if ok && string(c.raw) == string(raw) {
		return c.meta, nil
	}
	m, err := parseDatabaseMeta(raw)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.dbs[name] = &cachedDatabase{raw: append([]byte(nil), raw...), meta: m}
	s.mu.Unlock()
	return m, nil
}

func (s *Store) putDatabaseMeta(t *Transaction, m *databaseMeta) error {
	v, err := encodeMeta(m)
	if err != nil {
		return err
	}
	return t.kv.Put(bucketMeta, dbMetaKey(m.Name), v)
}

// table returns the parsed metadata of table id, from the cache when the
// stored bytes are unchanged.
func (s *Store) table(t *Transaction, db string, id uint64) (*cachedTable, error) {
	tx, err := t.reader()
	if err != nil {
		return nil, err
	}
	raw := tx.Get(bucketMeta, tableMetaKey(id))
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
	(&Table{meta: m, sch: sch}).compileIndexes(s.ext)
	m.compileScales() // compat_float_scale.go
	c = &cachedTable{raw: append([]byte(nil), raw...), meta: m, sch: sch}
	s.mu.Lock()
	s.tables[id] = c
	s.mu.Unlock()
	return c, nil
}

func (s *Store) putTableMeta(t *Transaction, m *tableMeta) error {
	m.Version = m.version()
	v, err := encodeMeta(m)
	if err != nil {
		return err
	}
	return t.kv.Put(bucketMeta, tableMetaKey(m.ID), v)
}

// dropTableData deletes the rows, indexes, counter and metadata of table id.
func (s *Store) dropTableData(t *Transaction, id uint64) error {
	if err := t.kv.FlushAll(); err != nil {
		return err
	}
	c, err := s.table(t, "", id)
	if err != nil {
		return err
	}
	buckets := [][]byte{rowsBucket(c.meta.rowsID()), hiddenBucket(c.meta.rowsID())}
	for _, ix := range c.meta.Indexes {
		buckets = append(buckets, ix.bucket())
	}
	for _, b := range buckets {
		if err := t.kv.DropKeyspace(b); err != nil {
			return err
		}
	}
	if err := t.kv.Delete(bucketAutoInc, binaryID(id)); err != nil {
		return err
	}
	if err := t.kv.Delete(bucketStats, binaryID(id)); err != nil {
		return err
	}
	return t.kv.Delete(bucketMeta, tableMetaKey(id))
}

func binaryID(id uint64) []byte { return binary.BigEndian.AppendUint64(nil, id) }

// nextID returns a new id for a table or an index.
func nextID(t *Transaction) (uint64, error) {
	return t.kv.NextSequence(bucketMeta)
}
