package main

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// Errors of interrupted statements, as MySQL reports them.
var (
	// errQueryInterrupted is ER_QUERY_INTERRUPTED (1317): KILL QUERY or
	// KILL CONNECTION stopped the statement.
	errQueryInterrupted = mysql.NewSQLError(mysql.ERQueryInterrupted, mysql.SSQueryInterrupted,
		"Query execution was interrupted")
	// errQueryTimeout is ER_QUERY_TIMEOUT (3024): a SELECT ran longer than
	// max_execution_time.
	errQueryTimeout = mysql.NewSQLError(mysql.ERQueryTimeout, mysql.SSUnknownSQLState,
		"Query execution was interrupted, maximum statement execution time exceeded")
)

// limitedProcessList is go-mysql-server's process list plus two things
// it lacks: a statement stopped by KILL fails with MySQL's error 1317
// (instead of "context canceled"), and a SELECT is stopped after
// max_execution_time milliseconds (session or global system variable; 0,
// the default, means no limit) with error 3024, as MySQL does. Both work
// by cancelling the statement's context with the error as its cause;
// long loops in simsql (table scans, table functions) check the context
// and return context.Cause.
type limitedProcessList struct {
	sql.ProcessList

	mu      sync.Mutex
	cancels map[uint32]context.CancelCauseFunc // by connection id, while a statement runs
}

func newLimitedProcessList(pl sql.ProcessList) *limitedProcessList {
	return &limitedProcessList{ProcessList: pl, cancels: map[uint32]context.CancelCauseFunc{}}
}

// BeginQuery implements sql.ProcessList.
func (l *limitedProcessList) BeginQuery(ctx *sql.Context, query string) (*sql.Context, error) {
	ctx, err := l.ProcessList.BeginQuery(ctx, query)
	if err != nil || ctx.IsInterpreted() {
		return ctx, err
	}
	c, cancel := context.WithCancelCause(ctx.Context)
	if ms := maxExecutionTime(ctx); ms > 0 && isSelect(query) {
		var stop context.CancelFunc
		c, stop = context.WithTimeoutCause(c, time.Duration(ms)*time.Millisecond, errQueryTimeout)
		outer := cancel
		cancel = func(cause error) { outer(cause); stop() }
	}
	l.mu.Lock()
	l.cancels[ctx.Session.ID()] = cancel
	l.mu.Unlock()
	return ctx.WithContext(c), nil
}

// EndQuery implements sql.ProcessList.
func (l *limitedProcessList) EndQuery(ctx *sql.Context) {
	if !ctx.IsInterpreted() {
		l.mu.Lock()
		if cancel := l.cancels[ctx.Session.ID()]; cancel != nil {
			cancel(nil)
			delete(l.cancels, ctx.Session.ID())
		}
		l.mu.Unlock()
	}
	l.ProcessList.EndQuery(ctx)
}

// Kill implements sql.ProcessList: the running statement of connection
// connID, if any, fails with error 1317.
func (l *limitedProcessList) Kill(connID uint32) {
	l.mu.Lock()
	if cancel := l.cancels[connID]; cancel != nil {
		cancel(errQueryInterrupted)
	}
	l.mu.Unlock()
	l.ProcessList.Kill(connID)
}

// maxExecutionTime returns the session's max_execution_time in
// milliseconds (0: no limit).
func maxExecutionTime(ctx *sql.Context) int64 {
	v, err := ctx.GetSessionVariable(ctx, "max_execution_time")
	if err != nil {
		return 0
	}
	switch x := v.(type) {
	case int64:
		return x
	case int32:
		return int64(x)
	case int:
		return int64(x)
	case uint64:
		return int64(min(x, 1<<62))
	}
	return 0
}

// isSelect reports whether query is a SELECT (or a WITH … SELECT, or a
// parenthesised SELECT): the statements MySQL's max_execution_time applies
// to. Leading white space and comments are skipped.
func isSelect(query string) bool {
	q := query
	for {
		q = strings.TrimLeft(q, " \t\r\n(")
		switch {
		case strings.HasPrefix(q, "/*"):
			_, rest, ok := strings.Cut(q[2:], "*/")
			if !ok {
				return false
			}
			q = rest
		case strings.HasPrefix(q, "#"), strings.HasPrefix(q, "-- "):
			_, rest, ok := strings.Cut(q, "\n")
			if !ok {
				return false
			}
			q = rest
		default:
			word := q
			if i := strings.IndexAny(q, " \t\r\n(/"); i >= 0 {
				word = q[:i]
			}
			return strings.EqualFold(word, "select") || strings.EqualFold(word, "with")
		}
	}
}
