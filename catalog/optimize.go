package catalog

import (
	"errors"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/compat"
)

var _ compat.OptimizableTable = (*Table)(nil)

// ErrOptimizeInTransaction is returned by Table.Optimize in a transaction
// that has written: OPTIMIZE TABLE commits the open transaction first
// (statement.ImplicitCommit), so this means a caller skipped that.
var ErrOptimizeInTransaction = errors.New("OPTIMIZE TABLE cannot run in a transaction that has written; COMMIT first")

// Optimize implements compat.OptimizableTable: it returns the space the
// table's deleted rows and index entries hold to the file system
// (storage.Store.Reclaim over the table's row and index keyspaces) and
// returns a note saying what was done and the engine's bytes on disk
// before and after. On bbolt that rewrites the whole file (every table's
// free pages) if at least storage.RewriteShare of it is free, holding off
// writers meanwhile up to LockWaitTimeout (then error 1205); on pebble it
// compacts the table's key ranges.
func (t *Table) Optimize(ctx *sql.Context) (string, error) {
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return "", err
	}
	defer done()
	if tr.kv.Writing() {
		return "", ErrOptimizeInTransaction
	}
	tr.newSnapshot() // holds no snapshot (bbolt's old file, pebble's deleted keys) while it runs
	keyspaces := [][]byte{rowsBucket(t.meta.rowsID())}
	if t.keyless() {
		keyspaces = append(keyspaces, hiddenBucket(t.meta.rowsID()))
	}
	for _, ix := range t.meta.Indexes {
		keyspaces = append(keyspaces, ix.bucket())
	}
	r, err := t.db.store.kv.Reclaim(ctx, lockWaitTimeout(ctx), keyspaces)
	if err != nil {
		return "", tr.lockError(err)
	}
	return r.Note("the table's rows and indexes"), nil
}
