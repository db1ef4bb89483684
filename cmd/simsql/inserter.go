package main

import (
	"context"
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

// onDuplicate says what an import does with a row whose primary or unique
// key is already in the table, as LOAD DATA's REPLACE and IGNORE do.
type onDuplicate int

const (
	duplicateFails   onDuplicate = iota // INSERT: error 1062, the import stops
	duplicateReplace                    // REPLACE: the old row is deleted, the new one inserted
	duplicateIgnore                     // INSERT IGNORE: the new row is skipped
)

// verb returns the statement that starts each batch.
func (d onDuplicate) verb() string {
	switch d {
	case duplicateReplace:
		return "REPLACE INTO "
	case duplicateIgnore:
		return "INSERT IGNORE INTO "
	}
	return "INSERT INTO "
}

// An inserter sends records as multi-row INSERT (or REPLACE) statements on
// one connection. A batch holds records of one file with the same columns;
// it is handed to the sender when it reaches the row, placeholder or byte
// limit, when the columns change, and on flush.
//
// The sender is a goroutine of its own that runs the batches one after
// another, in order, so that reading and decoding the next batch (most of
// the importer's CPU: JSON) overlaps the server's work on the one before
// it. At most one batch waits for the sender. When a batch fails, the
// sender runs no later batch: the rows before the failing one are in the
// table, none after it, as without the sender.
type inserter struct {
	ctx      context.Context
	conn     *sql.Conn
	table    string
	tableCol map[string]string // lower-case name -> name in the table
	maxRows  int
	dup      onDuplicate

	cur   batch // the batch being filled
	bytes int   // text bytes in cur

	queue   chan batch    // batches for the sender
	errc    chan error    // the sender's first error (buffer 1)
	done    chan struct{} // closed when the sender has stopped
	stopped error         // the error finish or flush returned, sticky

	// Written by the sender; read by others only after finish.
	rows     int64 // rows inserted so far (REPLACE: including those that replaced a row)
	replaced int64 // REPLACE: rows that replaced an existing row
	ignored  int64 // INSERT IGNORE: rows skipped because their key exists
}

// A batch is the records of one statement: n rows of cols, their values
// row after row, and the line of each record in file.
type batch struct {
	cols  []string
	vals  []any
	lines []int
	n     int
	file  string
}

func newInserter(ctx context.Context, conn *sql.Conn, table string, tableCols []string, maxRows int, dup onDuplicate) *inserter {
	m := make(map[string]string, len(tableCols))
	for _, c := range tableCols {
		m[strings.ToLower(c)] = c
	}
	ins := &inserter{ctx: ctx, conn: conn, table: table, tableCol: m, maxRows: maxRows, dup: dup,
		queue: make(chan batch, 1), errc: make(chan error, 1), done: make(chan struct{})}
	go ins.sender()
	return ins
}

// sender runs the queued batches in order until the queue is closed; after
// a failure it only drains the queue, so that flush never blocks on it.
func (ins *inserter) sender() {
	defer close(ins.done)
	failed := false
	for b := range ins.queue {
		if failed {
			continue
		}
		if err := ins.send(b); err != nil {
			ins.errc <- err
			failed = true
		}
	}
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
	c := &ins.cur
	if c.n > 0 && (c.file != r.file || !slices.Equal(c.cols, cols) ||
		c.n >= ins.maxRows ||
		len(c.vals)+len(r.vals) > maxPlaceholders ||
		ins.bytes+size > maxBatchBytes) {
		if err := ins.flush(); err != nil {
			return err
		}
	}
	if c.n == 0 {
		c.cols, c.file = cols, r.file
	}
	c.vals = append(c.vals, r.vals...)
	c.lines = append(c.lines, r.line)
	c.n++
	ins.bytes += size
	return nil
}

// flush hands the batch being filled, if any, to the sender. It returns
// the error of a batch sent before, if one failed; the import then stops.
func (ins *inserter) flush() error {
	if ins.stopped != nil {
		return ins.stopped
	}
	select {
	case err := <-ins.errc:
		ins.stopped = err
		return err
	default:
	}
	if ins.cur.n == 0 {
		return nil
	}
	ins.queue <- ins.cur
	ins.cur, ins.bytes = batch{}, 0
	return nil
}

// finish sends the batch being filled and waits for the sender to run
// every batch; it returns the first batch's error, if one failed. The
// counts (rows, replaced, ignored) are final once it returns.
func (ins *inserter) finish() error {
	err := ins.flush()
	close(ins.queue)
	<-ins.done
	if err != nil {
		return err
	}
	select {
	case err := <-ins.errc:
		ins.stopped = err
	default:
	}
	return ins.stopped
}

// abort drops the batch being filled and waits for the sender to run the
// batches handed to it before, as finish does.
func (ins *inserter) abort() {
	ins.cur = batch{}
	ins.finish()
}

// send runs one batch. If the server refuses it (a MySQL error, such as a
// bad value in one row), nothing of it is kept and the rows are sent again
// one at a time, so that the error names the row that fails; the rows
// before it are then imported.
func (ins *inserter) send(b batch) error {
	err := ins.insert(b.cols, b.vals, b.n)
	var me *mysql.MySQLError
	if err != nil && b.n > 1 && errors.As(err, &me) {
		per := len(b.cols)
		for i := range b.n {
			if err = ins.insert(b.cols, b.vals[i*per:(i+1)*per], 1); err != nil {
				b.n, b.lines = 1, b.lines[i:i+1]
				break
			}
		}
	}
	if err != nil {
		loc := b.file
		if b.lines[0] > 0 {
			loc = fmt.Sprintf("%s:%d", b.file, b.lines[0])
			if b.n > 1 {
				loc += fmt.Sprintf("-%d", b.lines[b.n-1])
			}
		}
		return fmt.Errorf("%s: inserting %s: %v (%s imported before it)", loc, plural(b.n, "row"), err, plural(int(ins.rows), "row"))
	}
	return nil
}

// insert sends one statement of n rows of cols and counts what it did:
// MySQL reports a REPLACE that replaced a row as 2 affected rows, and an
// INSERT IGNORE affects only the rows it inserts.
//
// Under IGNORE the statement runs in a transaction that is committed only if
// its warnings are all 1062, the duplicate keys it skips: IGNORE also turns
// bad values (NULL into NOT NULL, text too long for its column, 'x' into an
// INT) into notes and stores adjusted values, which an import must not do
// silently. Another warning rolls the statement back and is returned as the
// MySQL error it stands for, so that flush finds the row it belongs to.
func (ins *inserter) insert(cols []string, vals []any, n int) error {
	var b strings.Builder
	b.WriteString(ins.dup.verb())
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
	if ins.dup != duplicateIgnore {
		res, err := ins.conn.ExecContext(ins.ctx, b.String(), vals...)
		if err != nil {
			return err
		}
		affected, err := res.RowsAffected()
		if err != nil {
			return err
		}
		ins.rows += int64(n)
		if ins.dup == duplicateReplace {
			ins.replaced += max(0, affected-int64(n))
		}
		return nil
	}
	tx, err := ins.conn.BeginTx(ins.ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() // after Commit, a no-op
	res, err := tx.ExecContext(ins.ctx, b.String(), vals...)
	if err != nil {
		return err
	}
	affected, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if err := firstWarning(ins.ctx, tx, 1062); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	ins.rows += affected
	ins.ignored += int64(n) - affected
	return nil
}

// firstWarning returns the first warning (or note) of the statement just run
// in tx whose code is not allowed, as a *mysql.MySQLError; nil if there is
// none.
func firstWarning(ctx context.Context, tx *sql.Tx, allowed uint16) error {
	rows, err := tx.QueryContext(ctx, "SHOW WARNINGS")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var level, msg string
		var code uint16
		if err := rows.Scan(&level, &code, &msg); err != nil {
			return err
		}
		if code != allowed {
			return &mysql.MySQLError{Number: code, Message: fmt.Sprintf(
				"%s (a %s under INSERT IGNORE, which would store an adjusted value: --ignore skips only rows whose key exists)",
				msg, strings.ToLower(level))}
		}
	}
	return rows.Err()
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
