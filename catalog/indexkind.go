package catalog

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/storage"
)

// IndexKind is a kind of secondary index other than a B-tree, plugged in
// with RegisterIndexKind: the SimHash block index is one. An index of a kind
// is asked for by the first word of its COMMENT:
//
//	CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3'
//
// The catalog stores its entries, each an index key followed by the row's
// key, in a bucket of its own, written in the same transaction as the row
// and rebuilt by ALTER TABLE; the kind decides the keys and answers queries
// (through Table.ScanIndex and Table.Row).
type IndexKind interface {
	// Name is the kind's name, the first word of the COMMENT, lower case.
	Name() string
	// Validate checks a new index of this kind (its COMMENT's parameters,
	// its columns and their types); its error goes to the client.
	Validate(spec IndexSpec) error
	// KeyLength is the length in bytes of every key of an index.
	KeyLength(spec IndexSpec) int
	// Keys returns the index keys of a row whose indexed columns hold vals
	// (none for a row the index leaves out, such as a NULL), each
	// KeyLength(spec) bytes. Keys must depend on nothing but spec and vals.
	Keys(spec IndexSpec, vals []any) ([][]byte, error)
}

// ValuedKind is an IndexKind whose entries also carry a value: bytes
// derived from the row's indexed columns alone, stored with each of the
// row's entries (the SimHash index keeps the whole fingerprint there, so
// that candidates are verified, and all pairs found, from the index alone).
type ValuedKind interface {
	IndexKind
	// EntryValue returns the value stored with every entry of a row whose
	// indexed columns hold vals (called only for rows Keys gives keys for).
	EntryValue(spec IndexSpec, vals []any) ([]byte, error)
}

// IndexSpec describes one index of a custom kind.
type IndexSpec struct {
	Name    string
	Comment string
	Columns []string
	Types   []sql.Type
	// Values reports whether the entries carry the kind's EntryValue.
	// Indexes made before their kind was a ValuedKind have none (nil
	// values) until they are dropped and made again.
	Values bool
}

var (
	kindsMu sync.RWMutex
	kinds   = map[string]IndexKind{}
)

// RegisterIndexKind makes kind available to CREATE INDEX. It panics if a
// kind of that name is registered already.
func RegisterIndexKind(kind IndexKind) {
	kindsMu.Lock()
	defer kindsMu.Unlock()
	name := strings.ToLower(kind.Name())
	if _, dup := kinds[name]; dup {
		panic("catalog: index kind " + name + " registered twice")
	}
	kinds[name] = kind
}

// kindOf returns the registered kind a COMMENT asks for, if any.
func kindOf(comment string) (IndexKind, bool) {
	fields := strings.Fields(comment)
	if len(fields) == 0 {
		return nil, false
	}
	word := fields[0]
	kindsMu.RLock()
	defer kindsMu.RUnlock()
	k, ok := kinds[strings.ToLower(word)]
	return k, ok
}

// custom reports whether ix is of a custom kind, and returns the kind.
func (ix *indexMeta) custom() (IndexKind, bool, error) {
	if ix.Kind == "" || ix.Kind == "btree" {
		return nil, false, nil
	}
	kindsMu.RLock()
	k, ok := kinds[ix.Kind]
	kindsMu.RUnlock()
	if !ok {
		return nil, true, fmt.Errorf("catalog: index %s is of kind %s, which this binary does not know", ix.Name, ix.Kind)
	}
	return k, true, nil
}

func (t *Table) indexSpec(ix *indexMeta) IndexSpec {
	s := IndexSpec{Name: ix.Name, Comment: ix.Comment, Types: t.indexTypes(ix), Values: ix.Values}
	for _, c := range ix.Columns {
		s.Columns = append(s.Columns, c.Name)
	}
	return s
}

// entryKeys returns the keys (without the row key) of row in index ix, and
// the value stored with each (nil but for a ValuedKind's index with
// values).
func (t *Table) entryKeys(ix *indexMeta, row sql.Row) ([][]byte, []byte, error) {
	kind, isCustom, err := ix.custom()
	if err != nil {
		return nil, nil, err
	}
	if !isCustom {
		p, err := t.indexPrefix(ix, row)
		return [][]byte{p}, nil, err
	}
	vals := make([]any, len(ix.Columns))
	for i, o := range t.indexOrdinals(ix) {
		vals[i] = row[o]
	}
	spec := t.indexSpec(ix)
	keys, err := kind.Keys(spec, vals)
	if err != nil {
		return nil, nil, err
	}
	for _, k := range keys {
		if len(k) != ix.KeyLen {
			return nil, nil, fmt.Errorf("catalog: index kind %s gave a %d-byte key, want %d", ix.Kind, len(k), ix.KeyLen)
		}
	}
	var value []byte
	if vk, ok := kind.(ValuedKind); ok && ix.Values && len(keys) > 0 {
		if value, err = vk.EntryValue(spec, vals); err != nil {
			return nil, nil, err
		}
	}
	return keys, value, nil
}

// ScanIndex calls fn with the index key, the row key and the value of
// every entry of the named index whose key begins with prefix, in key
// order, as ctx's transaction sees the table. The slices are valid only
// during the call. fn's error stops the scan and is returned.
func (t *Table) ScanIndex(ctx *sql.Context, name string, prefix []byte, fn func(key, rowKey, value []byte) error) error {
	i := t.meta.index(name)
	if i < 0 {
		return sql.ErrIndexNotFound.New(name)
	}
	ix := &t.meta.Indexes[i]
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return err
	}
	defer done()
	if err := tr.flush(indexBucket(ix.ID)); err != nil {
		return err
	}
	tx, err := tr.reader()
	if err != nil {
		return err
	}
	b := tx.Bucket(indexBucket(ix.ID))
	if b == nil {
		return fmt.Errorf("catalog: entries of index %s are missing", name)
	}
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		rowKey, err := t.rowKeyOfEntry(ix, k)
		if err != nil {
			return err
		}
		if err := fn(k[:len(k)-len(rowKey)], rowKey, v); err != nil {
			return err
		}
	}
	return nil
}

// rowKeyOfEntry splits an index entry: custom kinds' keys have a fixed
// length given by their first key; B-tree keys are self-delimiting.
func (t *Table) rowKeyOfEntry(ix *indexMeta, entry []byte) ([]byte, error) {
	if _, isCustom, _ := ix.custom(); !isCustom {
		k := entry
		for _, typ := range t.indexTypes(ix) {
			var err error
			if k, err = storage.SkipKey(k, typ); err != nil {
				return nil, err
			}
		}
		return k, nil
	}
	n := ix.KeyLen
	if n <= 0 || n > len(entry) {
		return nil, fmt.Errorf("catalog: index %s has a damaged entry", ix.Name)
	}
	return entry[n:], nil
}

// Row returns the row stored under rowKey, or nil, as ctx's transaction
// sees the table.
func (t *Table) Row(ctx *sql.Context, rowKey []byte) (sql.Row, error) {
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return nil, err
	}
	defer done()
	tx, err := tr.reader()
	if err != nil {
		return nil, err
	}
	v := tx.Bucket(rowsBucket(t.meta.rowsID())).Get(rowKey)
	if v == nil {
		return nil, nil
	}
	return storage.DecodeRow(v, t.sch.Schema)
}
