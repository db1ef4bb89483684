package catalog

import (
	"context"
	"testing"

	gms "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/storage"
)

// TestNewContext runs statements in-process: the context's session starts
// in the simsql database, and writes are visible to later statements.
func TestNewContext(t *testing.T) {
	p, engine := openEngine(t)
	for _, q := range []string{
		"CREATE TABLE t (id BIGINT PRIMARY KEY, body LONGTEXT, fp BIGINT UNSIGNED AS (crc32(body)) STORED)",
		"INSERT INTO t (id, body) VALUES (1, 'hello world')",
	} {
		query(t, engine.Query, p.NewContext(context.Background()), q)
	}
	ctx := p.NewContext(context.Background())
	rows := query(t, engine.Query, ctx, "SELECT database(), fp FROM simsql.t")
	if len(rows) != 1 || rows[0][0] != "simsql" || rows[0][1] != uint64(222957957) {
		t.Errorf("got %v, want [[simsql 222957957]]", rows)
	}
}

// openEngine opens a store with testExtensions in a new temporary
// directory and an engine over it, both closed when t ends.
func openEngine(t *testing.T) (*Store, *gms.Engine) {
	t.Helper()
	return openEngineWith(t, testExtensions)
}

// openEngineWith is openEngine with the extensions ext.
func openEngineWith(t *testing.T, ext Extensions) (*Store, *gms.Engine) {
	t.Helper()
	p, err := Open(t.TempDir(), storage.Options{}, ext)
	if err != nil {
		t.Fatal(err)
	}
	engine := NewEngine(p)
	t.Cleanup(func() {
		engine.Close()
		p.Close()
	})
	return p, engine
}

type queryFunc func(*sql.Context, string) (sql.Schema, sql.RowIter, *sql.QueryFlags, error)

func query(t *testing.T, q queryFunc, ctx *sql.Context, stmt string) []sql.Row {
	t.Helper()
	_, iter, _, err := q(ctx, stmt)
	if err != nil {
		t.Fatalf("%s: %v", stmt, err)
	}
	rows, err := sql.RowIterToRows(ctx, iter)
	if err != nil {
		t.Fatalf("%s: %v", stmt, err)
	}
	return rows
}
