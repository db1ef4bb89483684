package catalog

import (
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/memory"
	"github.com/dolthub/go-mysql-server/sql"
)

// statsProvider works around go-mysql-server v0.20.0 faults in its
// in-memory statistics (memory.StatsProv), which ANALYZE TABLE fills and
// the join planner reads:
//
//   - For a table that is not a sql.StatisticsTable it records a row count
//     and a distinct count of 0, and memo.getJoinStats divides by the
//     distinct count: after ANALYZE TABLE xy (KEY (y), 5,000 rows),
//     SELECT a.y FROM xy a JOIN xy b ON a.y = b.y LIMIT 1 panicked with
//     "integer divide by zero" (so with 1 row).
//   - On an empty table ANALYZE TABLE itself divides by its 0 buckets.
//   - Its map has no lock, while every session's planner reads it.
//
// So simsql's tables are analyzed into a fresh provider with their real row
// count (countedTable), an empty one gets no statistics (the planner's
// defaults, as before any ANALYZE), the result replaces the table's old
// statistics, and the shared provider is read and written under a lock.
// Pinned by KeyScripts "joins after ANALYZE TABLE" (and "… of a table
// emptied") and TestStatsWhileAnalyzing; delete this file when
// go-mysql-server's statistics stand tables without row counts.
type statsProvider struct {
	mu    sync.RWMutex
	inner *memory.StatsProv
}

var _ sql.StatsProvider = (*statsProvider)(nil)

func newStatsProvider() *statsProvider {
	return &statsProvider{inner: memory.NewStatsProv()}
}

// countedTable is a simsql table with its row count, for analysis.
type countedTable struct {
	*Table
	rows uint64
}

var _ sql.StatisticsTable = countedTable{}

// RowCount implements sql.StatisticsTable: an estimate, as in InnoDB.
func (c countedTable) RowCount(*sql.Context) (uint64, bool, error) { return c.rows, false, nil }

// DataLength implements sql.StatisticsTable: unknown.
func (c countedTable) DataLength(*sql.Context) (uint64, error) { return 0, nil }

// AnalyzeTable implements sql.StatsProvider.
func (p *statsProvider) AnalyzeTable(ctx *sql.Context, table sql.Table, db string) error {
	t, ok := simsqlTable(table)
	if !ok {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.inner.AnalyzeTable(ctx, table, db)
	}
	n, err := t.rowCount(ctx)
	if err != nil {
		return err
	}
	fresh := memory.NewStatsProv()
	if n > 0 {
		if err := fresh.AnalyzeTable(ctx, countedTable{t, n}, db); err != nil {
			return err
		}
	}
	stats, err := fresh.GetTableStats(ctx, db, table)
	if err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	old, err := p.inner.GetTableStats(ctx, db, table)
	if err != nil {
		return err
	}
	for _, s := range old {
		if q := s.Qualifier(); strings.EqualFold(q.Table(), table.Name()) {
			if err := p.inner.DropStats(ctx, q, s.Columns()); err != nil {
				return err
			}
		}
	}
	for _, s := range stats {
		if err := p.inner.SetStats(ctx, s); err != nil {
			return err
		}
	}
	return nil
}

// rowCount returns the number of rows of t in ctx's transaction.
func (t *Table) rowCount(ctx *sql.Context) (uint64, error) {
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return 0, err
	}
	defer done()
	tx, err := tr.reader()
	if err != nil {
		return 0, err
	}
	rows := rowsBucket(t.meta.rowsID())
	if !tx.Has(rows) {
		return 0, sql.ErrTableNotFound.New(t.meta.Name)
	}
	return uint64(tx.Count(rows)), nil
}

// GetTableStats implements sql.StatsProvider.
func (p *statsProvider) GetTableStats(ctx *sql.Context, db string, table sql.Table) ([]sql.Statistic, error) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.inner.GetTableStats(ctx, db, table)
}

// SetStats implements sql.StatsProvider.
func (p *statsProvider) SetStats(ctx *sql.Context, stats sql.Statistic) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.inner.SetStats(ctx, stats)
}

// GetStats implements sql.StatsProvider.
func (p *statsProvider) GetStats(ctx *sql.Context, qual sql.StatQualifier, cols []string) (sql.Statistic, bool) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.inner.GetStats(ctx, qual, cols)
}

// DropStats implements sql.StatsProvider.
func (p *statsProvider) DropStats(ctx *sql.Context, qual sql.StatQualifier, cols []string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.inner.DropStats(ctx, qual, cols)
}

// DropDbStats implements sql.StatsProvider.
func (p *statsProvider) DropDbStats(ctx *sql.Context, db string, flush bool) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.inner.DropDbStats(ctx, db, flush)
}

// RowCount implements sql.StatsProvider.
func (p *statsProvider) RowCount(ctx *sql.Context, db string, table sql.Table) (uint64, error) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.inner.RowCount(ctx, db, table)
}

// DataLength implements sql.StatsProvider.
func (p *statsProvider) DataLength(ctx *sql.Context, db string, table sql.Table) (uint64, error) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.inner.DataLength(ctx, db, table)
}
