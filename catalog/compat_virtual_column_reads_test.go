package catalog

import (
	"context"
	"fmt"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// countedCalls counts the evaluations of counted(), the expression of
// TestVirtualColumnReads' VIRTUAL columns.
var countedCalls atomic.Int64

// counted is counted(x): x, counting its evaluations.
type counted struct{ arg sql.Expression }

func (c counted) Resolved() bool             { return c.arg.Resolved() }
func (c counted) String() string             { return fmt.Sprintf("counted(%s)", c.arg) }
func (c counted) Type() sql.Type             { return types.Int64 }
func (c counted) IsNullable() bool           { return true }
func (c counted) Children() []sql.Expression { return []sql.Expression{c.arg} }
func (c counted) FunctionName() string       { return "counted" }
func (c counted) Description() string        { return "x, counting its evaluations" }
func (c counted) IsNonDeterministic() bool   { return false }
func (c counted) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (c counted) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	return counted{ch[0]}, nil
}
func (c counted) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	countedCalls.Add(1)
	v, err := c.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	out, _, err := types.Int64.Convert(ctx, v)
	return out, err
}

// TestVirtualColumnReads checks that a read computes a VIRTUAL column only
// when the statement names it (compat_virtual_column_reads.go: every
// COUNT(*) of a table with `fp AS (simhash(body)) VIRTUAL` computed a
// fingerprint per row), and that every answer equals the same statement's
// on a table whose columns are STORED.
func TestVirtualColumnReads(t *testing.T) {
	p, engine := openEngine(t)
	engine.Analyzer.Catalog.RegisterFunction(sql.NewEmptyContext(), sql.Function1{Name: "counted", Fn: func(e sql.Expression) sql.Expression { return counted{e} }})
	ctx := p.NewContext(context.Background())
	for _, q := range []string{
		"CREATE DATABASE vr", "USE vr",
		"CREATE TABLE tv (id INT PRIMARY KEY, a INT, v BIGINT AS (counted(a * 10)) VIRTUAL, w BIGINT AS (counted(v + 1)) VIRTUAL)",
		"CREATE TABLE ts (id INT PRIMARY KEY, a INT, v BIGINT AS (a * 10) STORED, w BIGINT AS (v + 1) STORED)",
	} {
		query(t, engine.Query, ctx, q)
	}
	for i := 1; i <= 20; i++ {
		for _, tb := range []string{"tv", "ts"} {
			query(t, engine.Query, ctx, fmt.Sprintf("INSERT INTO %s (id, a) VALUES (%d, %d)", tb, i, i%7))
		}
	}
	for _, c := range []struct {
		q        string
		computes bool // whether the statement reads v or w
	}{
		{"SELECT COUNT(*) FROM %s", false},
		{"SELECT MAX(id), SUM(a) FROM %s", false},
		{"SELECT id FROM %s WHERE id < 5 ORDER BY id", false},
		{"SELECT DISTINCT a FROM %s ORDER BY a", false},
		{"SELECT MOD(a, 2), COUNT(*) FROM %s GROUP BY MOD(a, 2) ORDER BY 1", false},
		{"SELECT x.id FROM %[1]s x JOIN %[1]s y ON x.id = y.id + 1 ORDER BY x.id", false},
		{"SELECT id, ROW_NUMBER() OVER (ORDER BY a, id) FROM %s ORDER BY id", false},
		{"SELECT id FROM %[1]s WHERE a IN (SELECT a FROM %[1]s WHERE id > 15) ORDER BY id", false},
		{"SELECT v FROM %s WHERE id = 3", true},
		{"SELECT w FROM %s WHERE id = 3", true},
		{"SELECT * FROM %s ORDER BY id", true},
		{"SELECT * FROM %s WHERE id = 4", true},
		{"SELECT COUNT(*) FROM (SELECT * FROM %s) s", true},
		{"SELECT id FROM %s WHERE v > 30 ORDER BY id", true},
		{"SELECT id FROM %s ORDER BY w DESC, id LIMIT 3", true},
		{"SELECT SUM(v), MAX(w) FROM %s", true},
		{"SELECT a, SUM(w) FROM %s GROUP BY a ORDER BY a", true},
		{"SELECT (SELECT MAX(v) FROM %s)", true},
		{"SELECT id FROM %[1]s x WHERE EXISTS (SELECT 1 FROM %[1]s y WHERE y.v = x.v + 10) ORDER BY id", true},
		{"SELECT id FROM %[1]s WHERE id < 3 UNION ALL SELECT v FROM %[1]s WHERE id < 3 ORDER BY 1", true},
		{"SELECT x.id, y.w FROM %[1]s x JOIN %[1]s y ON x.a = y.a WHERE x.id = 2 ORDER BY y.id", true},
	} {
		want := query(t, engine.Query, ctx, fmt.Sprintf(c.q, "ts"))
		before := countedCalls.Load()
		got := query(t, engine.Query, ctx, fmt.Sprintf(c.q, "tv"))
		calls := countedCalls.Load() - before
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %v, want (STORED) %v", fmt.Sprintf(c.q, "tv"), got, want)
		}
		if !c.computes && calls != 0 {
			t.Errorf("%s: %d evaluations of the VIRTUAL columns, want 0", fmt.Sprintf(c.q, "tv"), calls)
		}
		if c.computes && calls == 0 {
			t.Errorf("%s: no evaluation of the VIRTUAL columns it reads", fmt.Sprintf(c.q, "tv"))
		}
	}
	// Writes keep computing (the rule leaves their plans alone).
	query(t, engine.Query, ctx, "UPDATE tv SET a = a + 1 WHERE id = 5")
	query(t, engine.Query, ctx, "UPDATE ts SET a = a + 1 WHERE id = 5")
	if got, want := query(t, engine.Query, ctx, "SELECT v, w FROM tv WHERE id = 5"), query(t, engine.Query, ctx, "SELECT v, w FROM ts WHERE id = 5"); !reflect.DeepEqual(got, want) {
		t.Errorf("after UPDATE: got %v, want %v", got, want)
	}
}
