package catalog

import (
	"fmt"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/storage"
)

// RowsIter returns an iterator over rows.
func RowsIter(rows []sql.Row) sql.RowIter { return &sliceIter{rows: rows} }

type sliceIter struct {
	rows []sql.Row
	i    int
}

func (s *sliceIter) Next(*sql.Context) (sql.Row, error) {
	if s.i >= len(s.rows) {
		return nil, io.EOF
	}
	s.i++
	return s.rows[s.i-1], nil
}

func (s *sliceIter) Close(*sql.Context) error { return nil }

var _ sql.TableFunctionProvider = (*Store)(nil)

// TableFunction implements sql.TableFunctionProvider: the table functions
// of the Extensions s was opened with, by name in any case.
func (s *Store) TableFunction(_ *sql.Context, name string) (sql.TableFunction, bool) {
	fn, ok := s.ext.tableFuncs[strings.ToLower(name)]
	return fn, ok
}

// WithTableFunctions implements sql.TableFunctionProvider by refusing: a
// Store's table functions are given to Open (Extensions.TableFunctions).
func (s *Store) WithTableFunctions(fns ...sql.TableFunction) (sql.TableFunctionProvider, error) {
	return nil, fmt.Errorf("catalog: table functions are given to catalog.Open (Extensions.TableFunctions), not added later")
}

// ScanColumns calls fn with the row key and the values of the named
// columns of every row of t, in primary-key order, as ctx's transaction
// sees the table.
func (t *Table) ScanColumns(ctx *sql.Context, columns []string, fn func(rowKey []byte, vals []any) error) error {
	ords := make([]int, len(columns))
	for i, c := range columns {
		if ords[i] = t.meta.column(c); ords[i] < 0 {
			return sql.ErrTableColumnNotFound.New(t.meta.Name, c)
		}
	}
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return err
	}
	defer done()
	tr.touch()
	tx, err := tr.reader()
	if err != nil {
		return err
	}
	c := tx.Cursor(rowsBucket(t.meta.rowsID()))
	defer c.Close()
	vals := make([]any, len(columns))
	n := 0
	for k, v := c.First(); k != nil; k, v = c.Next() {
		n++
		if err := checkInterrupt(ctx, n); err != nil {
			return err
		}
		row, err := storage.DecodeRow(v, t.sch.Schema)
		if err != nil {
			return err
		}
		for i, o := range ords {
			vals[i] = row[o]
		}
		if err := fn(k, vals); err != nil {
			return err
		}
	}
	return nil
}
