package catalog

import (
	"context"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
)

// TestTemporaryDroppedAtSessionEnd: a session's temporary tables live in a
// store of its own, which its end closes (the server ends a session when
// its client disconnects or is killed); another session never sees them.
func TestTemporaryDroppedAtSessionEnd(t *testing.T) {
	p, engine := openEngine(t)
	before := TemporaryStores()
	ctx := p.NewContext(context.Background())
	for _, q := range []string{
		"CREATE TEMPORARY TABLE t (id INT PRIMARY KEY, body TEXT)",
		"INSERT INTO t VALUES (1, 'one'), (2, 'two')",
	} {
		query(t, engine.Query, ctx.WithQuery(q), q)
	}
	if got := TemporaryStores(); got != before+1 {
		t.Fatalf("TemporaryStores() = %d after CREATE TEMPORARY TABLE, want %d", got, before+1)
	}
	if rows := query(t, engine.Query, ctx, "SELECT COUNT(*) FROM t"); len(rows) != 1 || rows[0][0] != int64(2) {
		t.Errorf("SELECT COUNT(*) FROM t = %v, want [[2]]", rows)
	}
	other := p.NewContext(context.Background())
	defer sql.SessionEnd(other.Session) // before p.Close: it ends other's snapshot
	if _, iter, _, err := engine.Query(other, "SELECT COUNT(*) FROM t"); err == nil {
		_, err = sql.RowIterToRows(other, iter)
		if !sql.ErrTableNotFound.Is(err) {
			t.Errorf("another session reads t: %v", err)
		}
	} else if !sql.ErrTableNotFound.Is(err) {
		t.Errorf("another session: %v, want table not found", err)
	}
	sql.SessionEnd(ctx.Session)
	if got := TemporaryStores(); got != before {
		t.Errorf("TemporaryStores() = %d after the session ended, want %d", got, before)
	}
	if s := ctx.Session.(*Session); s.temp != nil {
		t.Error("the ended session still holds its temporary store")
	}
	names, err := (&Database{store: p, name: DefaultDatabase}).GetTableNames(other)
	if err != nil || len(names) != 0 {
		t.Errorf("base tables %v (%v), want none", names, err)
	}
}

// TestWriteTarget: the table a statement writes, read from its text to
// decide whether it needs the durable store's writer slot.
func TestWriteTarget(t *testing.T) {
	for _, tc := range []struct {
		q        string
		db, name string
		ok       bool
	}{
		{"INSERT INTO t VALUES (1)", "", "t", true},
		{"insert low_priority ignore into `my t`(a) values (1)", "", "my t", true},
		{"INSERT d.t SELECT * FROM u", "d", "t", true},
		{"REPLACE INTO `d` . `t` VALUES (1)", "d", "t", true},
		{"/* c */ UPDATE t SET a = 1", "", "t", true},
		{"UPDATE IGNORE t AS x SET a = 1", "", "t", true},
		{"UPDATE t, u SET t.a = u.a", "", "", false},
		{"UPDATE t JOIN u ON u.id = t.id SET t.a = 1", "", "", false},
		{"DELETE FROM t WHERE a = 1", "", "t", true},
		{"DELETE QUICK IGNORE FROM d.t", "d", "t", true},
		{"DELETE t FROM t JOIN u", "", "", false},
		{"DELETE FROM t USING t, u", "", "", false},
		{"LOAD DATA LOCAL INFILE 'f' INTO TABLE d.t FIELDS TERMINATED BY ','", "d", "t", true},
		{"LOAD DATA INFILE 'f' REPLACE INTO TABLE `t`", "", "t", true},
		{"SELECT * FROM t", "", "", false},
		{"INSERT INTO `t", "", "", false},
		{"INSERT INTO `a``b` VALUES (1)", "", "", false},
		{"CALL p()", "", "", false},
	} {
		db, name, ok := writeTarget(tc.q)
		if db != tc.db || name != tc.name || ok != tc.ok {
			t.Errorf("writeTarget(%q) = %q, %q, %v; want %q, %q, %v", tc.q, db, name, ok, tc.db, tc.name, tc.ok)
		}
	}
}

// TestIsTemporaryDDL: CREATE and DROP TEMPORARY TABLE neither commit nor
// take the durable store's writer slot.
func TestIsTemporaryDDL(t *testing.T) {
	for q, want := range map[string]bool{
		"CREATE TEMPORARY TABLE t (a INT)":          true,
		"create temporary table if not exists t(a)": true,
		"/* x */ DROP TEMPORARY TABLE IF EXISTS t":  true,
		"DROP TABLE t":                    false,
		"CREATE TABLE temporary (a INT)":  false,
		"SELECT 'CREATE TEMPORARY TABLE'": false,
	} {
		if got := isTemporaryDDL(q); got != want {
			t.Errorf("isTemporaryDDL(%q) = %v, want %v", q, got, want)
		}
	}
}
