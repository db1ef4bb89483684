package main

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/go-sql-driver/mysql"
)

const (
	maxPlaceholders = 65535   // MySQL's limit on ? in one statement
	maxBatchBytes   = 4 << 20 // keep each INSERT far below max_allowed_packet
)

// An inserter sends records as multi-row INSERT statements. A batch holds
// records of one file with the same columns; it is sent when it reaches
// the row, placeholder or byte limit, when the columns change, and on flush.
type inserter struct {
	db       *sql.DB
	table    string
	tableCol map[string]string // lower-case name -> name in the table
	maxRows  int

	cols     []string
	vals     []any
	n, bytes int
	file     string
	lines    []int // line of each record in the batch

	rows int64 // rows inserted so far
}

func newInserter(db *sql.DB, table string, tableCols []string, maxRows int) *inserter {
	m := make(map[string]string, len(tableCols))
	for _, c := range tableCols {
		m[strings.ToLower(c)] = c
	}
	return &inserter{db: db, table: table, tableCol: m, maxRows: maxRows}
}

// add queues r, sending the batch first if r does not belong in it.
func (ins *inserter) add(r record) error {
	cols := make([]string, len(r.cols))
	for i, c := range r.cols {
		name, ok := ins.tableCol[strings.ToLower(c)]
		if !ok {
			return fmt.Errorf("%s: column %q is not in table %s", where(r.file, r.line), c, ins.table)
		}
		cols[i] = name
	}
	size := 0
	for _, v := range r.vals {
		if s, ok := v.(string); ok {
			size += len(s)
		} else {
			size += 8
		}
	}
	if ins.n > 0 && (ins.file != r.file || !slices.Equal(ins.cols, cols) ||
		ins.n >= ins.maxRows ||
		len(ins.vals)+len(r.vals) > maxPlaceholders ||
		ins.bytes+size > maxBatchBytes) {
		if err := ins.flush(); err != nil {
			return err
		}
	}
	if ins.n == 0 {
		ins.cols, ins.file = cols, r.file
	}
	ins.vals = append(ins.vals, r.vals...)
	ins.lines = append(ins.lines, r.line)
	ins.n++
	ins.bytes += size
	return nil
}

// flush sends the queued batch, if any. If the server refuses the batch
// (a MySQL error, such as a bad value in one row), nothing of it is kept
// and the rows are sent again one at a time, so that the error names the
// row that fails; the rows before it are then imported.
func (ins *inserter) flush() error {
	if ins.n == 0 {
		return nil
	}
	err := ins.insert(ins.cols, ins.vals, ins.n)
	var me *mysql.MySQLError
	if err != nil && ins.n > 1 && errors.As(err, &me) {
		per := len(ins.cols)
		for i := range ins.n {
			if err = ins.insert(ins.cols, ins.vals[i*per:(i+1)*per], 1); err != nil {
				ins.n, ins.lines = 1, ins.lines[i:i+1]
				break
			}
			ins.rows++
		}
	}
	if err != nil {
		loc := ins.file
		if ins.lines[0] > 0 {
			loc = fmt.Sprintf("%s:%d", ins.file, ins.lines[0])
			if ins.n > 1 {
				loc += fmt.Sprintf("-%d", ins.lines[ins.n-1])
			}
		}
		return fmt.Errorf("%s: inserting %s: %v (%d rows imported before it)", loc, plural(ins.n, "row"), err, ins.rows)
	}
	ins.rows += int64(ins.n)
	clear(ins.vals) // drop references to the sent documents
	ins.vals, ins.lines, ins.n, ins.bytes = ins.vals[:0], ins.lines[:0], 0, 0
	return nil
}

// insert sends one INSERT of n rows of cols.
func (ins *inserter) insert(cols []string, vals []any, n int) error {
	var b strings.Builder
	b.WriteString("INSERT INTO ")
	b.WriteString(quoteIdent(ins.table))
	b.WriteString(" (")
	for i, c := range cols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quoteIdent(c))
	}
	b.WriteString(") VALUES ")
	tuple := "(" + strings.Repeat("?, ", len(cols)-1) + "?)"
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(tuple)
	}
	_, err := ins.db.Exec(b.String(), vals...)
	return err
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// where names a record's place: file:line, or the file alone.
func where(file string, line int) string {
	if line > 0 {
		return fmt.Sprintf("%s:%d", file, line)
	}
	return file
}
