package main

import (
	"database/sql"
	"fmt"
	"slices"
	"strings"
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

	cols       []string
	vals       []any
	n, bytes   int
	file       string
	first, end int // lines of the first and last record in the batch

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
		ins.cols, ins.file, ins.first = cols, r.file, r.line
	}
	ins.vals = append(ins.vals, r.vals...)
	ins.n++
	ins.bytes += size
	ins.end = r.line
	return nil
}

// flush sends the queued batch, if any.
func (ins *inserter) flush() error {
	if ins.n == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("INSERT INTO ")
	b.WriteString(quoteIdent(ins.table))
	b.WriteString(" (")
	for i, c := range ins.cols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quoteIdent(c))
	}
	b.WriteString(") VALUES ")
	tuple := "(" + strings.Repeat("?, ", len(ins.cols)-1) + "?)"
	for i := 0; i < ins.n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(tuple)
	}
	if _, err := ins.db.Exec(b.String(), ins.vals...); err != nil {
		loc := ins.file
		if ins.first > 0 {
			loc = fmt.Sprintf("%s:%d-%d", ins.file, ins.first, ins.end)
		}
		return fmt.Errorf("%s: inserting %d rows: %v", loc, ins.n, err)
	}
	ins.rows += int64(ins.n)
	clear(ins.vals) // drop references to the sent documents
	ins.vals, ins.n, ins.bytes = ins.vals[:0], 0, 0
	return nil
}

// where names a record's place: file:line, or the file alone.
func where(file string, line int) string {
	if line > 0 {
		return fmt.Sprintf("%s:%d", file, line)
	}
	return file
}
